"""Which Dine controls each crew member sees, drawn from `legal_actions` alone.

An action is named by its index in `legal_actions(state)`: a control carries the game's version,
so the index names the same action when it is clicked (a click on an older version is refused
before the index is read). A seat's hand view lists *moves* — a card's play action, the occupied
station's action, a ship action, or one answer to a decision — and a move that can be paid in
several ways leads to a second menu of payments. Decisions about nobody's hand (solve or jump, an
"A OR B", a shield) also appear on the public board.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.dine.actions import (
    Action,
    Choose,
    Clear,
    PlayCard,
    Shield,
    Upgrade,
    UseShip,
    UseStation,
)
from core.dine.engine import legal_actions, ship_of
from core.dine.state import State
from core.dine.symbols import side
from core.events import NOBODY
from core.words import clip

from .dine_text import action_words, describe, payment_words

LABEL_LIMIT = 100  # Discord's limit for select option labels and descriptions
BUTTON_LIMIT = 80
PUBLIC = (Clear, Choose, Shield)


@dataclass(frozen=True, slots=True)
class Option:
    index: int  # into legal_actions(state)
    label: str
    description: str = ""


@dataclass(frozen=True, slots=True)
class Move:
    """One thing to do; several `options` when it can be paid in different ways."""

    label: str
    description: str
    options: tuple[Option, ...]


def for_seat(action: Action, seat: int) -> bool:
    """Whether the member at `seat` may take `action` from their own hand view."""
    if isinstance(action, PUBLIC) or (isinstance(action, Upgrade) and action.seat is None):
        return True
    return getattr(action, "seat", None) == seat


def _group(state: State, action: Action) -> tuple[object, ...] | None:
    """Actions that differ only in how they are paid share a group; decisions are never grouped."""
    if isinstance(action, PlayCard):
        return ("play", action.seat, action.card, action.action)
    if isinstance(action, UseStation):
        return ("station", action.seat)
    if isinstance(action, UseShip):
        return ("ship", action.seat, action.index)
    return None


def _move_words(state: State, action: Action, seat: int | None) -> tuple[str, str]:
    """A move's label and description: what it does and what it costs."""
    if isinstance(action, PlayCard):
        face = side(state.cards, action.card, state.upgraded)
        words = action_words(face.actions[action.action])
        return f"{face.name}: {words.effect}", f"Cost: {words.cost}"
    if isinstance(action, UseStation):
        held = state.stations[action.seat]
        face = side(state.cards, held or "", state.upgraded)
        used = face.occupied.action
        if used is None:
            return face.name, ""
        words = action_words(used)
        return f"Occupied {face.name}: {words.effect}", f"Cost: {words.cost}"
    if isinstance(action, UseShip):
        words = action_words(ship_of(state).actions[action.index])
        return f"Ship: {words.effect}", f"Cost: {words.cost}"
    return describe(state, action, NOBODY if seat is None else (seat,)).deed, ""


def payment_label(state: State, action: Action) -> str:
    payment = getattr(action, "payment", None)
    text = payment_words(state, payment) if payment is not None else ""
    return (text[:1].upper() + text[1:]) if text else "Nothing to pay"


def moves(state: State, seat: int | None, actions: list[Action] | None = None) -> list[Move]:
    """The moves shown to `seat` (None: the public board's decisions only), in the engine's order."""
    actions = legal_actions(state) if actions is None else actions
    groups: dict[object, list[int]] = {}
    for index, action in enumerate(actions):
        shown = isinstance(action, PUBLIC) if seat is None else for_seat(action, seat)
        if shown:
            key = _group(state, action)
            groups.setdefault(key if key is not None else ("one", index), []).append(index)
    found: list[Move] = []
    for indexes in groups.values():
        label, description = _move_words(state, actions[indexes[0]], seat)
        options = tuple(Option(i, clip(payment_label(state, actions[i]), LABEL_LIMIT)) for i in indexes)
        found.append(Move(clip(label, LABEL_LIMIT), clip(description, LABEL_LIMIT), options))
    return found
