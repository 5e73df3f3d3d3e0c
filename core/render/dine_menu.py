"""The Dine moves as the terminal shows them: the hand view's moves (`dine_controls.moves`), grouped.

The terminal player holds every seat, so the menu is each seat's moves under its own heading (the
crew's shared decisions once, first), with the moves that give up something for good in a last
group of their own: the same moves, labels, descriptions and ways to pay as the Discord hand view,
so both front ends offer one model. A move is named by its `group` code, which is what keeps its
number while it stays on offer (`tools.play`). `cards_behind` is what `?N` shows: the full text
of every card a move or a way to pay picks.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.dine.actions import (
    Action,
    Choose,
    Clear,
    Give,
    Occupy,
    Payment,
    PlayCard,
    Shield,
    Upgrade,
    UseShip,
    UseStation,
)
from core.dine.codes import decode
from core.dine.engine import legal_actions, sector_side, ship_of
from core.dine.state import State
from core.dine.symbols import side

from .dine_controls import Move, moves
from .dine_text import decision_text, occupy_left_out, sector_text, ship_text, station_text

COSTLY = "Gives up something for good"


@dataclass(frozen=True, slots=True)
class Group:
    heading: str
    moves: tuple[Move, ...]
    note: str = ""  # said after the moves: why something the player may look for is not among them


def _seat_heading(state: State, seat: int) -> str:
    return f"Crew {seat + 1}'s moves" if state.crew > 1 else "Your moves"


def menu(state: State) -> list[Group]:
    """Every legal move once, grouped: the crew's decisions, each seat's moves, then the costly ones."""
    actions = legal_actions(state)
    seen: set[str] = set()
    groups: list[Group] = []
    costly: list[Move] = []

    def add(heading: str, shown: list[Move], note: str = "") -> None:
        fresh: list[Move] = []
        for move in shown:
            if move.group not in seen:
                seen.add(move.group)
                fresh.append(move)
        costly.extend(move for move in fresh if move.costly)
        kept = tuple(move for move in fresh if not move.costly)
        if kept:
            groups.append(Group(heading, kept, note))

    if state.pending is not None:  # one decision, whoever answers it
        reason = decision_text(state)
        add(
            reason[:1].upper() + reason[1:],
            [m for seat in range(state.crew) for m in moves(state, seat, actions)],
            "; ".join(  # each member's own note, said as whose: one heading again and again read wrong
                f"Crew {seat + 1}: {note}" if state.crew > 1 else note
                for seat in range(state.crew)
                if (note := occupy_left_out(state, seat))
            ),
        )
    else:
        add("The crew decides", moves(state, None, actions))
        for seat in range(state.crew):
            add(_seat_heading(state, seat), moves(state, seat, actions))
    if costly:
        groups.append(Group(COSTLY, tuple(costly)))
    return groups


def lines(groups: list[Group]) -> list[Move]:
    """The menu's moves in order."""
    return [move for group in groups for move in group.moves]


def label(state: State, move: Move) -> str:
    """A move's line: its label, whose it is when several seats' decisions share a group, what its
    card does, and how many ways it can be paid."""
    who = ""
    if state.crew > 1 and state.pending is not None and move.seat is not None:
        who = f"Crew {move.seat + 1}: "
    about = f" ({move.description})" if move.description else ""
    ways = f" … {len(move.options)} ways to pay" if len(move.options) > 1 else ""
    return f"{who}{move.label}{about}{ways}"


def action_of(state: State, code: str) -> Action:
    action = decode(state, code)
    assert action is not None  # codes of `moves` are the legal actions' own
    return action


def find(groups: list[Group], state: State, action: Action) -> tuple[Move, int | None] | None:
    """The line offering `action`, and which way to pay it is (its option's number from 1) when
    the line has several."""
    for move in lines(groups):
        for n, option in enumerate(move.options, 1):
            if action_of(state, option.code) == action:
                return move, (n if len(move.options) > 1 else None)
    return None


# --- ?N: the cards behind a choice -------------------------------------------------------------------


def card_text(state: State, card: str) -> str:
    """A station card as it lies now (its upgraded side once upgraded), every part it prints."""
    face = side(state.cards, card, state.upgraded)
    shown = " (upgraded side)" if card in state.upgraded else ""
    return station_text(face, state.cards.station(card).station) + shown


def _payment_cards(payment: Payment) -> list[str]:
    return [*payment.hand, *payment.grid]


def cards_behind(state: State, action: Action) -> list[str]:
    """The full text of every card `action` picks or pays with: the hand card played, the occupied
    station used, the ship, the sector decided on, an upgrade's both sides, the cards given up."""
    paid = getattr(action, "payment", None)
    given = [card_text(state, card) for card in _payment_cards(paid)] if isinstance(paid, Payment) else []
    spec = sector_side(state)
    sector = [f"Sector: {sector_text(spec, state.crew)}"] if spec is not None else []
    match action:
        case PlayCard(card=card):
            return [card_text(state, card), *given]
        case UseStation(seat=seat):
            held = state.stations[seat]
            return [f"Occupied: {card_text(state, held)}" if held else "", *given]
        case UseShip():
            return [f"{state.ship}: {ship_text(ship_of(state))}", *given]
        case Upgrade(card=str(card)):
            station = state.cards.station(card)
            return [
                f"Now: {station_text(station.normal, station.station)}",
                f"Upgraded, it becomes: {station_text(station.upgraded, station.station)}",
            ]
        case Occupy(seat=seat, card=None):
            held = state.stations[seat]
            return [f"Keeps: {card_text(state, held)}"] if held else []
        case Occupy(card=str(card)) | Give(card=card):
            return [card_text(state, card)]
        case Shield(payment=Payment()):
            return given
        case Clear() | Choose() | Shield() | Upgrade():
            return sector
        case _:
            return []
