"""The bot's version, read from the installed package metadata so there is one source of truth."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("deep-space-bot")
except PackageNotFoundError:  # running from a checkout that was never installed
    __version__ = "0.0.0+local"
