"""The slash commands in each language: names, descriptions and choices from the `commands` catalogue.

Its entries are keyed by the English text and by kind (`msgctxt`): "name" for a command's, group's
or option's name (Discord wants it lowercase, 1–32 letters, digits, - or _), "description" (at most
100 characters) and "choice" (a choice's name, at most 100). Messages that tell a player to run a
command name it as their Discord client shows it: `command_name`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .catalogues import catalogue
from .languages import LANGUAGES, Locale

Kind = Literal["name", "description", "choice"]


def command_text(locale: Locale, kind: Kind, english: str) -> str | None:
    """`english` (a name, description or choice) in `locale`, or None where Discord should show English."""
    if locale == "en" or locale not in LANGUAGES:
        return None
    return catalogue(locale, "commands").singular.get((kind, english))


def command_name(locale: Locale, qualified: str) -> str:
    """A command's qualified name ("d6 new", "settings language") as a `locale` client shows it."""
    return " ".join(command_text(locale, "name", word) or word for word in qualified.split())


@dataclass(frozen=True, slots=True)
class Command:
    """A command named in a lazy message (`Text` field): said as the reader's client shows it."""

    qualified: str  # "d6 new"
    slash: bool = False  # said with its leading slash, "/d6 new" (for a message that has none)

    def say(self, locale: Locale) -> str:
        return ("/" if self.slash else "") + command_name(locale, self.qualified)
