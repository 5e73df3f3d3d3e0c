"""Find a Dine card by either side's name and show both sides, as `/dine card` does.

Every physical card is one entry: a station (normal and upgraded side), a sector (its two sides), a
ship card (a ship on each side) or a help card. The texts are the gallery's (`tools.gallery`), the
pictures `core.render.dine_cards`; help cards are words only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from core.dine.cards import CardSet

from .dine_cards import sector_card, sheet, ship_card, station_card
from .dine_text import sector_text, ship_text, station_text


@dataclass(frozen=True, slots=True)
class CardEntry:
    names: tuple[str, ...]  # the names of its sides (one for a help card printed with both)
    kind: str
    sides: tuple[tuple[str, str], ...]  # (side title, text)
    draw: Callable[[], bytes] | None = None  # both sides side by side as one PNG

    @property
    def title(self) -> str:
        return " / ".join(dict.fromkeys(self.names))


@cache
def entries(cards: CardSet) -> tuple[CardEntry, ...]:
    """Every card of `cards` (a game's rules version's set, or new games')."""
    found: list[CardEntry] = []
    for ship in cards.ships:
        found.append(
            CardEntry(
                (ship.front.name, ship.back.name),
                "ship card",
                ((ship.front.name, ship_text(ship.front)), (ship.back.name, ship_text(ship.back))),
                lambda s=ship: sheet([ship_card(s.front), ship_card(s.back)], columns=2),
            )
        )
    for st in cards.stations:
        found.append(
            CardEntry(
                (st.normal.name, st.upgraded.name),
                f"station card ({st.station})",
                (
                    ("Normal side", station_text(st.normal, st.station)),
                    ("Upgraded side", station_text(st.upgraded, st.station)),
                ),
                lambda c=st: sheet(
                    [station_card(c.normal, c.station, False), station_card(c.upgraded, c.station, True)],
                    columns=2,
                ),
            )
        )
    for sec in cards.sectors:
        found.append(
            CardEntry(
                (sec.front.name, sec.back.name),
                "sector card",
                tuple(
                    (f"{face.kind.capitalize()} side: {face.name}", sector_text(face))
                    for face in (sec.front, sec.back)
                ),
                lambda c=sec: sheet([sector_card(c.front), sector_card(c.back)], columns=2),
            )
        )
    for card in cards.help:
        found.append(
            CardEntry(
                (card.front.name, card.back.name),
                "help card",
                tuple((f"{face.name} ({face.german})", face.text) for face in (card.front, card.back)),
            )
        )
    return tuple(found)


def find(cards: CardSet, name: str) -> CardEntry | None:
    """The card with a side of this name (case and spacing ignored), else the only partial match."""
    wanted = " ".join(name.lower().split())
    exact = [e for e in entries(cards) if any(n.lower() == wanted for n in e.names)]
    if exact:
        return exact[0]
    partial = [e for e in entries(cards) if any(wanted in n.lower() for n in e.names)]
    return partial[0] if len(partial) == 1 else None


def suggest(cards: CardSet, typed: str, limit: int = 25) -> list[str]:
    """Side names for autocomplete: those starting with what was typed first, then those containing it."""
    wanted = typed.lower().strip()
    names = sorted({n for e in entries(cards) for n in e.names})
    starts = [n for n in names if n.lower().startswith(wanted)]
    inside = [n for n in names if wanted in n.lower() and n not in starts]
    return (starts + inside)[:limit]
