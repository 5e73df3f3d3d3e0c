"""Errors that carry a message meant for players.

The Discord layer shows a `RuleError`'s message as a polite private reply; any other exception is a
bug, logged with context and answered with an apology and an error reference.
"""

from __future__ import annotations


class RuleError(Exception):
    """A request the rules or the bot's policies refuse; `message` is shown to the player as is."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class IllegalAction(RuleError):
    """An engine action that is not legal in the current state."""
