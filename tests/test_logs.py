"""Logging: one handler however often it is configured, discord.py quieted, secrets never printed."""

from __future__ import annotations

import logging

import pytest

from core.logs import configure_logging

# Shaped like a real bot token (three base64url parts), but not one.
FAKE_TOKEN = "MTA4NzY1NDMyMTA5ODc2NTQzMg.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789AB"


@pytest.fixture
def restore_root():
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield root
    root.handlers[:] = handlers
    root.setLevel(level)


def test_configuring_twice_keeps_one_handler_and_quiets_discord_http(restore_root: logging.Logger) -> None:
    configure_logging("DEBUG")
    configure_logging("INFO")
    ours = [h for h in restore_root.handlers if getattr(h, "deep_space", False)]
    assert len(ours) == 1
    assert restore_root.level == logging.INFO
    assert logging.getLogger("discord.http").level == logging.WARNING
    assert logging.getLogger("discord.gateway").level == logging.WARNING


def test_tokens_are_redacted_from_messages_and_tracebacks(
    restore_root: logging.Logger, capsys: pytest.CaptureFixture[str]
) -> None:
    configure_logging("INFO", secrets=("hunter2-secret",))
    log = logging.getLogger("deepspace.test")
    log.info("connecting with %s and hunter2-secret", FAKE_TOKEN)
    try:
        raise RuntimeError(f"bad token {FAKE_TOKEN}")
    except RuntimeError:
        log.exception("login failed")
    err = capsys.readouterr().err
    assert "connecting with [redacted] and [redacted]" in err
    assert "RuntimeError: bad token [redacted]" in err
    assert FAKE_TOKEN not in err
    assert "hunter2-secret" not in err


def test_a_url_is_logged_without_its_user_name_or_password(
    restore_root: logging.Logger, capsys: pytest.CaptureFixture[str]
) -> None:
    """Up to the last "@": an unencoded "#", "/" or "@" in a password cuts no part of it loose."""
    configure_logging("INFO")
    logging.getLogger("deepspace.test").error("cannot reach postgresql://bot:s3cr#e/t@x@db:5432/deepspace")
    assert "cannot reach postgresql://[redacted]@db:5432/deepspace" in capsys.readouterr().err
