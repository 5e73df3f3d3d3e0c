"""Logging set up once for the whole process, quiet where discord.py is chatty, never leaking secrets."""

from __future__ import annotations

import logging
import re
import sys
from typing import TextIO

# Bot tokens are three base64url parts joined by dots; interaction tokens start with "interaction:" in base64.
_TOKEN = re.compile(
    r"[A-Za-z0-9_-]{23,28}\.[A-Za-z0-9_-]{6,7}\.[A-Za-z0-9_-]{27,}|aW50ZXJhY3Rpb246[A-Za-z0-9_-]+"
)
_NOISY = {"discord.http": logging.WARNING, "discord.gateway": logging.WARNING, "discord.client": logging.INFO}


class RedactingFormatter(logging.Formatter):
    """Masks the configured secrets and anything shaped like a Discord token, tracebacks included."""

    def __init__(self, fmt: str, secrets: tuple[str, ...] = ()) -> None:
        super().__init__(fmt)
        self._secrets = tuple(s for s in secrets if s)

    def redact(self, text: str) -> str:
        for secret in self._secrets:
            text = text.replace(secret, "[redacted]")
        return _TOKEN.sub("[redacted]", text)

    def format(self, record: logging.LogRecord) -> str:
        return self.redact(super().format(record))


class OneLineReconnects(logging.Filter):
    """discord.py logs a full traceback each time it reconnects after losing Discord (a network
    outage, not a bug); keep its message and the error's one-line description instead."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and record.getMessage().startswith("Attempting a reconnect"):
            error = record.exc_info[1]
            record.msg = f"{record.getMessage()} (lost Discord: {error or type(error).__name__})"
            record.args, record.exc_info, record.exc_text = None, None, None
        return True


class _OurHandler(logging.StreamHandler[TextIO]):
    """Ours, so that configuring again replaces it and leaves other handlers alone."""

    deep_space = True


def configure_logging(level: str = "INFO", *, secrets: tuple[str, ...] = ()) -> None:
    """Install one stderr handler on the root logger; calling again replaces it rather than adding one."""
    root = logging.getLogger()
    for handler in list(root.handlers):
        if getattr(handler, "deep_space", False):
            root.removeHandler(handler)
    handler = _OurHandler(sys.stderr)
    handler.setFormatter(RedactingFormatter("%(asctime)s %(levelname)-7s %(name)s: %(message)s", secrets))
    handler.addFilter(OneLineReconnects())
    root.addHandler(handler)
    root.setLevel(level)
    for name, floor in _NOISY.items():
        logging.getLogger(name).setLevel(max(floor, logging.getLevelNamesMapping()[level]))
