"""Find a Dine card by either side's name and show both sides, as `/dine card` does.

Every physical card is one entry: a station (normal and upgraded side), a sector (its two sides), a
ship card (a ship on each side) or a help card. The texts are the gallery's (`tools.gallery`), the
pictures `core.render.dine_cards`; help cards are words only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from difflib import get_close_matches
from functools import cache

from core.dine.cards import CardSet
from core.i18n import Locale, t

from .dine_cards import sector_card, sheet, ship_card, station_card
from .dine_names import card_name, help_name, help_text, sector_name, ship_name, station_kind, word
from .dine_text import sector_text, ship_text, station_text


@dataclass(frozen=True, slots=True)
class CardEntry:
    names: tuple[
        str, ...
    ]  # the names of its sides in the reader's words (one for a help card printed with both)
    kind: str
    sides: tuple[tuple[str, str], ...]  # (side title, text)
    draw: Callable[[], bytes] | None = None  # both sides side by side as one PNG
    english: tuple[str, ...] = ()  # its sides' English names, found whatever the reader's language

    @property
    def title(self) -> str:
        return " / ".join(dict.fromkeys(self.names))


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
                lambda s=ship: sheet([ship_card(s.front, locale), ship_card(s.back, locale)], columns=2),
                tuple(face.name for face in sides),
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
                lambda c=st, n=None if locale == "en" else name: sheet(
                    [
                        station_card(c.normal, c.station, False, locale, n),
                        station_card(c.upgraded, c.station, True, locale, n),
                    ],
                    columns=2,
                ),
                (st.normal.name, st.upgraded.name),
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
                        t(
                            locale,
                            "{kind} side: {name}",
                            kind=word(locale, face.kind).capitalize(),
                            name=name,
                        ),
                        sector_text(face, None, locale, name),
                    )
                    for face, name in zip(sides, names, strict=True)
                ),
                lambda c=sec, n=names: sheet(
                    [
                        sector_card(c.front, locale, None if locale == "en" else n[0]),
                        sector_card(c.back, locale, None if locale == "en" else n[1]),
                    ],
                    columns=2,
                ),
                tuple(face.name for face in sides),
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
                        f"{name} ({face.german})",
                        help_text(locale, f"{card.id}:{side}", face.text, cards.version),
                    )
                    for name, (side, face) in zip(names, sides, strict=True)
                ),
                english=tuple(face.name for _, face in sides),
            )
        )
    return tuple(found)


def _names(entry: CardEntry) -> tuple[str, ...]:
    return (*entry.names, *entry.english)


def find(cards: CardSet, name: str, locale: Locale = "en") -> CardEntry | None:
    """The card with a side of this name, in the reader's words or in English (case and spacing
    ignored), else the only partial match; said in `locale`."""
    wanted = " ".join(name.lower().split())
    shown = entries(cards, locale)
    exact = [e for e in shown if any(n.lower() == wanted for n in _names(e))]
    if exact:
        return exact[0]
    partial = [e for e in shown if any(wanted in n.lower() for n in _names(e))]
    return partial[0] if len(partial) == 1 else None


def suggest(cards: CardSet, typed: str, limit: int = 25, locale: Locale = "en") -> list[str]:
    """Side names for autocomplete, in the reader's words: those starting with what was typed first,
    then those containing it; when none does, the names spelt most like it ("Ramjett": Ramjet)."""
    wanted = typed.lower().strip()
    names = sorted({n for e in entries(cards, locale) for n in e.names})
    starts = [n for n in names if n.lower().startswith(wanted)]
    inside = [n for n in names if wanted in n.lower() and n not in starts]
    if starts or inside or not wanted:
        return (starts + inside)[:limit]
    by_lower = {n.lower(): n for n in names}
    return [by_lower[n] for n in get_close_matches(wanted, list(by_lower), n=limit, cutoff=0.6)]
