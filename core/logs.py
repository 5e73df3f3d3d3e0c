"""Logging set up once for the whole process, quiet where discord.py is chatty, never leaking secrets."""

from __future__ import annotations

import logging
import re
import sys
from collections.abc import Iterable
from typing import TextIO
from urllib.parse import unquote

# Bot tokens are three base64url parts joined by dots; interaction tokens start with "interaction:" in base64.
_TOKEN = re.compile(
    r"[A-Za-z0-9_-]{23,28}\.[A-Za-z0-9_-]{6,7}\.[A-Za-z0-9_-]{27,}|aW50ZXJhY3Rpb246[A-Za-z0-9_-]+"
)
# A URL's user name and password: everything from "://" to the last "@" of the address, since a
# password written unencoded may hold "#", "?", "/" or "@" itself (and then no URL parser agrees on it).
_USERINFO = re.compile(r"(?<=://)\S*@")
# What must be percent-encoded in a URL's user name or password, with its encoding.
URL_SPECIAL = {"@": "%40", "#": "%23", "?": "%3F", "/": "%2F"}
_NOISY = {"discord.http": logging.WARNING, "discord.gateway": logging.WARNING, "discord.client": logging.INFO}


def userinfo(url: str) -> str:
    """A URL's "user:password" part as written (between "://" and the last "@"), or "" if it has none."""
    _, scheme, rest = url.partition("://")
    return rest.rpartition("@")[0] if scheme else ""


def url_secrets(url: str) -> tuple[str, ...]:
    """What to mask wherever `url` might be shown: its whole user-and-password part, and the password
    as written and as decoded (a parser or a server may show either)."""
    info = userinfo(url)
    password = info.partition(":")[2]
    return tuple(dict.fromkeys(s for s in (info, password, unquote(password)) if s))


def unencoded_special(url: str) -> str | None:
    """The first character of `url`'s user name or password that must be percent-encoded but is not:
    unencoded, it cuts the URL in the wrong place (a password "s3cr#et" is read as "s3cr")."""
    return next((c for c in userinfo(url) if c in URL_SPECIAL), None)


def without_secrets(text: str, secrets: Iterable[str], mask: str = "***") -> str:
    """`text` with each secret, and every URL's user name and password, replaced by `mask`."""
    for secret in secrets:
        if secret:
            text = text.replace(secret, mask)
    return _USERINFO.sub(f"{mask}@", text)


class RedactingFormatter(logging.Formatter):
    """Masks the configured secrets, URLs' user names and passwords, and anything shaped like a Discord
    token, tracebacks included."""

    def __init__(self, fmt: str, secrets: tuple[str, ...] = ()) -> None:
        super().__init__(fmt)
        self._secrets = tuple(s for s in secrets if s)

    def redact(self, text: str) -> str:
        return _TOKEN.sub("[redacted]", without_secrets(text, self._secrets, "[redacted]"))

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
