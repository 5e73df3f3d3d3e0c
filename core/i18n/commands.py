"""The slash commands in each language: names, descriptions and choices from the `commands` catalogue.

Its entries are keyed by the English text and by kind (`msgctxt`): "name" for a command's, group's
or option's name (Discord wants it lowercase, 1–32 letters, digits, - or _), "description" (at most
100 characters) and "choice" (a choice's name, at most 100). Messages that tell a player to run a
command mention it (`Slash`), or name it as their Discord client shows it (`command_name`); an option
to set is named the same way (`Option`).
"""

from __future__ import annotations

from collections.abc import Mapping
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
    """A command or option named in a lazy message (`Text` field), as the reader's client shows it;
    a command to run is better a `Slash`."""

    qualified: str  # "d6 new", or an option's name ("practice")

    def say(self, locale: Locale) -> str:
        return command_name(locale, self.qualified)


@dataclass(frozen=True, slots=True)
class Option:
    """An option a message tells its reader to set, as their client shows it, as code: its name, and
    with `choice` (a choice's English name) the choice too — "`modus: normales Spiel (…)`": a reader
    never sees the English name, nor a choice's value, in their command's form."""

    name: str  # "mode"
    choice: str | None = None  # "normal game (pick a difficulty)"

    def say(self, locale: Locale) -> str:
        name = command_text(locale, "name", self.name) or self.name
        if self.choice is None:
            return f"`{name}`"
        return f"`{name}: {command_text(locale, 'choice', self.choice) or self.choice}`"


_IDS: dict[str, int] = {}  # each top-level command's id on Discord, by its name, as the bot last fetched


def know_command_ids(ids: Mapping[str, int]) -> None:
    """Remember the commands Discord has registered (`Slash` mentions them); empty: none known, so
    `Slash` names them. The bot calls it when it starts; it replaces what was known before."""
    _IDS.clear()
    _IDS.update(ids)


@dataclass(frozen=True, slots=True)
class Slash:
    """A command a message tells its reader to run: a mention, `</dine new:id>`, once its id is known
    (`know_command_ids`): every reader's Discord shows it in their own language, which a public post
    in one language cannot, and clicking it fills the command in. Without an id, the name as the
    reader's client shows it, as code: "`/dine new`". A message says it as "{command}", never inside
    backticks of its own; a mention shows only in message text and embed descriptions and fields."""

    qualified: str  # "dine new"

    def say(self, locale: Locale) -> str:
        found = _IDS.get(self.qualified.split()[0])
        if found is not None:
            return f"</{self.qualified}:{found}>"
        return f"`/{command_name(locale, self.qualified)}`"
