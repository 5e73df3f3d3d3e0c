"""Find a Dine card by either side's name and show both sides, as `/dine card` does.

Every physical card is one entry: a station (normal and upgraded side), a sector (its two sides), a
ship card (a ship on each side) or a help card. The texts are the gallery's (`tools.gallery`), the
pictures `core.render.dine_cards`; help cards are words only.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, replace
from difflib import get_close_matches
from functools import cache
from typing import TypeVar

from core.dine.cards import CardSet
from core.i18n import LANGUAGES, Locale, t
from core.words import capitalised

from .dine_cards import sector_card, sheet, ship_card, station_card
from .dine_names import card_name, help_name, help_text, sector_name, ship_name, station_kind, word
from .dine_text import sector_text, ship_text, station_text

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class CardEntry:
    names: tuple[
        str, ...
    ]  # the names of its sides in the reader's words (one for a help card printed with both)
    kind: str
    sides: tuple[tuple[str, str], ...]  # (side title, text)
    faces: tuple[Callable[[], bytes], ...] = ()  # each side's picture, in `sides`' order (none: words only)

    @property
    def title(self) -> str:
        return " / ".join(dict.fromkeys(self.names))

    def draw(self) -> bytes | None:
        """Both sides side by side as one PNG, or None for a card told in words only."""
        return sheet([face() for face in self.faces], columns=2) if self.faces else None

    def side_first(self, index: int) -> CardEntry:
        """The entry with its side `index` first: the side a player looked up is the one shown first."""
        if index == 0:
            return self

        def first(values: tuple[T, ...]) -> tuple[T, ...]:
            return (values[index], *values[:index], *values[index + 1 :]) if len(values) > index else values

        return replace(
            self,
            names=first(self.names),
            sides=first(self.sides),
            faces=first(self.faces),
        )


@cache
def entries(cards: CardSet, locale: Locale = "en") -> tuple[CardEntry, ...]:
    """Every card of `cards` (a game's rules version's set, or new games'), in `locale`'s words."""
    found: list[CardEntry] = []
    for ship in cards.ships:
        sides = (ship.front, ship.back)
        found.append(
            CardEntry(
                tuple(ship_name(locale, face.name) for face in sides),
                t(locale, "ship card"),
                tuple((ship_name(locale, face.name), ship_text(face, locale)) for face in sides),
                tuple(lambda f=face: ship_card(f, locale) for face in sides),
            )
        )
    for st in cards.stations:
        name = card_name(locale, cards, st.id)
        found.append(
            CardEntry(
                (name, name) if locale != "en" else (st.normal.name, st.upgraded.name),
                t(locale, "station card ({station})", station=station_kind(locale, st.station)),
                (
                    (t(locale, "Normal side"), station_text(st.normal, st.station, locale, name)),
                    (t(locale, "Upgraded side"), station_text(st.upgraded, st.station, locale, name)),
                ),
                tuple(
                    lambda c=st, up=upgraded, n=None if locale == "en" else name: station_card(
                        c.upgraded if up else c.normal, c.station, up, locale, n
                    )
                    for upgraded in (False, True)
                ),
            )
        )
    for sec in cards.sectors:
        sides = (sec.front, sec.back)
        names = tuple(sector_name(locale, cards, face) for face in sides)
        found.append(
            CardEntry(
                names,
                t(locale, "sector card"),
                tuple(
                    (
                        capitalised(
                            t(locale, "{kind} side: {name}", kind=word(locale, face.kind), name=name)
                        ),
                        sector_text(face, None, locale, name),
                    )
                    for face, name in zip(sides, names, strict=True)
                ),
                tuple(
                    lambda f=face, n=None if locale == "en" else name: sector_card(f, locale, n)
                    for face, name in zip(sides, names, strict=True)
                ),
            )
        )
    for card in cards.help:
        sides = (("front", card.front), ("back", card.back))
        names = tuple(
            face.name if locale == "en" else help_name(locale, f"{card.id}:{side}") for side, face in sides
        )
        found.append(
            CardEntry(
                names,
                t(locale, "help card"),
                tuple(
                    (
                        name if name == face.german else f"{name} ({face.german})",
                        help_text(locale, f"{card.id}:{side}", face.text, cards.version),
                    )
                    for name, (side, face) in zip(names, sides, strict=True)
                ),
            )
        )
    return tuple(found)


_UNMARKED = str.maketrans({"'": None, "\u2019": None, "\u2018": None, "-": " ", "\u2010": " ", "\u2011": " "})


def _fold(name: str) -> str:
    """A name as a lookup compares it: accents, case, apostrophes and hyphens aside, spaces single. A
    phone types "Smuggler’s", a Spanish reader "nucleo" for "Núcleo", a German one "kuhl" for "kühl"."""
    bare = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    return " ".join(bare.casefold().translate(_UNMARKED).split())


@cache
def _side_names(cards: CardSet, locale: Locale) -> tuple[tuple[tuple[str, ...], ...], ...]:
    """Per card, per side, the side's names folded (`_fold`): the reader's, then English and every other
    language the bot speaks. A public board is in the server's language, so a player may type a name
    from it in any of them."""
    every = [entries(cards, locale), *(entries(cards, other) for other in LANGUAGES if other != locale)]
    return tuple(
        tuple(
            tuple(dict.fromkeys(_fold(n) for shown in every for n in shown[card].names[side : side + 1]))
            for side in range(len(entry.names))
        )
        for card, entry in enumerate(every[0])
    )


def _matches(cards: CardSet, wanted: str, locale: Locale) -> list[tuple[int, int]]:
    """(card, side) of the sides matching `wanted`, best first: an exact name in any language, then the
    reader's names that start with it or contain it; only when none of those does, other languages'
    names that do (an English reader typing "sp" is not offered "Plasma Coil" for "Plasmaspule")."""
    named = _side_names(cards, locale)
    tests: list[Callable[[tuple[str, ...]], bool]] = [
        lambda ns: wanted in ns,
        lambda ns: ns[0].startswith(wanted),
        lambda ns: wanted in ns[0],
        lambda ns: any(n.startswith(wanted) for n in ns[1:]),
        lambda ns: any(wanted in n for n in ns[1:]),
    ]
    found: dict[tuple[int, int], int] = {}
    for card, sides in enumerate(named):
        for side, names in enumerate(sides):
            tier = next((tier for tier, test in enumerate(tests) if test(names)), None)
            if tier is not None:
                found[card, side] = tier
    if any(tier < len(tests) - 2 for tier in found.values()):
        found = {key: tier for key, tier in found.items() if tier < len(tests) - 2}
    return sorted(found, key=lambda key: found[key])


def find(cards: CardSet, name: str, locale: Locale = "en") -> CardEntry | None:
    """The card with a side of this name in any language the bot speaks (case and spacing ignored),
    else the only card matching it in part; said in `locale`, the side looked up first."""
    wanted = _fold(name)
    shown, named = entries(cards, locale), _side_names(cards, locale)
    hits = _matches(cards, wanted, locale)
    exact = [(card, side) for card, side in hits if wanted in named[card][side]]
    cards_hit = {card for card, _ in hits}
    if exact or len(cards_hit) == 1:
        card, side = (exact or hits)[0]
        return shown[card].side_first(side)
    return None


def suggest(cards: CardSet, typed: str, limit: int = 25, locale: Locale = "en") -> list[str]:
    """Side names for autocomplete, in the reader's words: the names matching what was typed (the
    reader's starting with it first, then containing it, then a name in another language the bot
    speaks); when none does, the names spelt most like it ("Ramjett": Ramjet)."""
    wanted = _fold(typed)
    shown = entries(cards, locale)
    if not wanted:
        return sorted({n for e in shown for n in e.names})[:limit]
    found = list(dict.fromkeys(shown[card].names[side] for card, side in _matches(cards, wanted, locale)))
    if found:
        return found[:limit]
    by_lower = {_fold(n): n for e in shown for n in e.names}
    return [by_lower[n] for n in get_close_matches(wanted, sorted(by_lower), n=limit, cutoff=0.6)]
