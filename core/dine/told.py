"""Lines a Dine game keeps for later readers (its events, its table's news), said in each reader's words.

A saved game keeps its log as plain strings, so a line is either English as it was written (games
saved before, or words that need no translation) or a *told* message: `MARK`, then the JSON of a
message id (its English text), its fields and its plural. Cards and sectors are kept as their ids
(`Card`, `Sector`) and named in the reader's words when the line is said, so one log serves an
English, a German and a Spanish reader alike.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from core.i18n import LANGUAGES, PSEUDO, Locale, Text, lazy, lazy_n, t
from core.i18n.glossary import term

from .state import State

MARK = "\u2063"  # invisible separator: no English line starts with it


@dataclass(frozen=True, slots=True)
class Card:
    """A station card named by its id."""

    id: str

    def say(self, locale: Locale) -> str:
        return term(locale, "dine", "cards", self.id)


@dataclass(frozen=True, slots=True)
class Sector:
    """A sector side named by its glossary id (`<card id>:front` or `:back`)."""

    key: str

    def say(self, locale: Locale) -> str:
        return term(locale, "dine", "sectors", self.key)


@dataclass(frozen=True, slots=True)
class Seat:
    """A crew member by seat: their name where the reader's view knows it ("Ben plays …"), else
    "Crew 2". A kept line stores only the seat; `said` puts the names in when it is read."""

    index: int
    name: str | None = None

    @classmethod
    def of(cls, index: int, names: Sequence[str] = ()) -> Seat:
        return cls(index, names[index] if index < len(names) and names[index] else None)

    def say(self, locale: Locale) -> str:
        return self.name if self.name is not None else t(locale, "Crew {number}", number=self.index + 1)


@dataclass(frozen=True, slots=True)
class Term:
    """A name from the glossary's Dine `section` (a rating by its stars, a ship)."""

    section: str
    key: str

    def say(self, locale: Locale) -> str:
        return term(locale, "dine", self.section, self.key)


@dataclass(frozen=True, slots=True)
class Joined:
    """Several parts said one after another with a separator that is itself a message (", ", " OR ")."""

    parts: tuple[Any, ...]
    separator: str

    def say(self, locale: Locale) -> str:
        return t(locale, self.separator).join(_say(part, locale) for part in self.parts)


@dataclass(frozen=True, slots=True)
class Versions:
    """Words worked out from the game as it was (a move described before it was made), kept in every
    language the bot speaks, since they cannot be worked out again later."""

    said: dict[str, str]

    def say(self, locale: Locale) -> str:
        return self.said.get(locale, self.said["en"])


def in_every_language(words: Callable[[Locale], str]) -> Versions:
    """`words` said now in every language (and the pseudo-locale), for a line read later."""
    every: tuple[Locale, ...] = (*LANGUAGES, PSEUDO)
    return Versions({locale: words(locale) for locale in every})


def current_sector(state: State) -> Sector | None:
    top = state.sector_card
    if top is None or top.sector is None:
        return None
    return Sector(f"{top.sector}:{top.side}")


def _say(value: Any, locale: Locale) -> str:
    return (
        value.say(locale)
        if isinstance(value, Text | Card | Sector | Seat | Term | Joined | Versions)
        else str(value)
    )


def _encode(value: Any) -> Any:
    match value:
        case Text():
            found: dict[str, Any] = {
                "m": value.message,
                "f": {k: _encode(v) for k, v in value.fields.items()},
            }
            if value.plural is not None:
                found |= {"p": value.plural, "n": value.count}
            return found
        case Card(id=card):
            return {"c": card}
        case Sector(key=key):
            return {"s": key}
        case Seat(index=index):
            return {"seat": index}
        case Term(section=section, key=key):
            return {"g": [section, key]}
        case Joined(parts=parts, separator=separator):
            return {"j": [_encode(part) for part in parts], "sep": separator}
        case Versions(said=versions):
            return {"v": versions}
        case _:
            return value


def _decode(value: Any) -> Any:
    if not isinstance(value, dict):
        return value
    found: dict[str, Any] = value  # pyright: ignore[reportUnknownVariableType]
    if "c" in found:
        return Card(found["c"])
    if "s" in found:
        return Sector(found["s"])
    if "seat" in found:
        return Seat(found["seat"])
    if "g" in found:
        return Term(*found["g"])
    if "v" in found:
        return Versions(found["v"])
    if "j" in found:
        return Joined(tuple(_decode(part) for part in found["j"]), found["sep"])
    fields = {k: _decode(v) for k, v in found["f"].items()}
    if "p" in found:
        return lazy_n(found["m"], found["p"], found["n"], **fields)
    return lazy(found["m"], **fields)


def told(text: Text) -> str:
    """`text` (a `lazy` message) kept as a line, to be said later in each reader's language."""
    return MARK + json.dumps(_encode(text), ensure_ascii=False, separators=(",", ":"))


def _named(value: Any, names: Sequence[str]) -> Any:
    """`value` with each crew member it names by seat named by `names` (their display names)."""
    match value:
        case Seat(index=index):
            return Seat.of(index, names)
        case Text():
            fields = {k: _named(v, names) for k, v in value.fields.items()}
            return Text(value.message, fields, value.plural, value.count)
        case Joined(parts=parts, separator=separator):
            return Joined(tuple(_named(part, names) for part in parts), separator)
        case _:
            return value


def said(line: str | Text, locale: Locale = "en", names: Sequence[str] = ()) -> str:
    """A kept line in `locale`: a told message said (or an event's translatable text), anything else
    as it was written. `names` are the crew's names by seat, for a reader who sees them (a Discord
    channel); without them a crew member is "Crew 2"."""
    if isinstance(line, Text):
        return _named(line, names).say(locale)
    if not line.startswith(MARK):
        return line
    return _say(_named(_decode(json.loads(line[len(MARK) :])), names), locale)
