"""Errors that carry a message meant for players.

The Discord layer shows a `RuleError`'s message as a polite private reply, in the reader's language
when it is a `Text` (`core.i18n`); any other exception is a bug, logged with context and answered
with an apology and an error reference.
"""

from __future__ import annotations

from core.i18n import Text


class RuleError(Exception):
    """A request the rules or the bot's policies refuse; `text` is shown to the player.

    `message` is the English wording (logs, tests); a plain string is shown as it is in every language
    until its raiser passes a `Text`.
    """

    def __init__(self, message: str | Text) -> None:
        super().__init__(str(message))
        self.text = message
        self.message = str(message)


class IllegalAction(RuleError):
    """An engine action that is not legal in the current state."""
