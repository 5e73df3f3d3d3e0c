"""Which Dine controls each crew member sees, drawn from `legal_actions` alone.

An action is named by its code (`core.dine.codes`), never by its place in `legal_actions`: a click
is decoded and checked to be legal now, so a control can never stand for another action. A seat's
hand view lists *moves* — a card's play action, the occupied station's action, a ship action, or
one answer to a decision — and a move that can be paid in several ways leads to a second menu of
payments; such a move is named by its `group`, the code of the same action with nothing paid.
Decisions about nobody's hand (solve or jump, an "A OR B", a shield) also appear on the public
board, whose codes therefore name only public cards (a shield's grid cards).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from core.dine.actions import (
    NO_PAYMENT,
    Action,
    Choose,
    Clear,
    PlayCard,
    Shield,
    Upgrade,
    UseShip,
    UseStation,
)
from core.dine.codes import encode
from core.dine.engine import legal_actions
from core.dine.state import State
from core.dine.symbols import side
from core.events import NOBODY
from core.words import clip

from .dine_text import action_words, describe, payment_words, used_action

LABEL_LIMIT = 100  # Discord's limit for select option labels and descriptions
BUTTON_LIMIT = 80
PUBLIC = (Clear, Choose, Shield)


@dataclass(frozen=True, slots=True)
class Option:
    code: str  # the action's code (`core.dine.codes`)
    label: str
    description: str = ""


@dataclass(frozen=True, slots=True)
class Move:
    """One thing to do; several `options` when it can be paid in different ways."""

    label: str
    description: str
    options: tuple[Option, ...]
    group: str  # the code of the action with nothing paid: names the move in its payments' menu


def for_seat(action: Action, seat: int) -> bool:
    """Whether the member at `seat` may take `action` from their own hand view."""
    if isinstance(action, PUBLIC) or (isinstance(action, Upgrade) and action.seat is None):
        return True
    return getattr(action, "seat", None) == seat


def _group(action: Action) -> Action | None:
    """Actions that differ only in how they are paid share a group, the same action unpaid;
    decisions are never grouped."""
    if isinstance(action, PlayCard | UseStation | UseShip):
        return replace(action, payment=NO_PAYMENT)
    return None


def _subject(state: State, action: Action) -> str:
    """Whose printed action a move uses: the hand card's name, the occupied station's, or the ship."""
    if isinstance(action, PlayCard):
        return side(state.cards, action.card, state.upgraded).name
    if isinstance(action, UseStation):
        return f"{side(state.cards, state.stations[action.seat] or '', state.upgraded).name} (occupied)"
    return "Ship"


def _move_words(state: State, action: Action, seat: int | None) -> tuple[str, str]:
    """A move's label and description. A printed action reads "cost: effect" in its label; when
    that is too long for a label, the effect stays in the label and the cost goes to the description."""
    used = used_action(state, action)
    if used is None:
        return describe(state, action, NOBODY if seat is None else (seat,)).deed, ""
    subject, words = _subject(state, action), action_words(used)
    label = f"{subject} — {words.text}"
    if len(label) <= LABEL_LIMIT:
        return label, ""
    return f"{subject} — {words.effect}", f"Cost: {words.cost}"


def payment_label(state: State, action: Action) -> str:
    payment = getattr(action, "payment", None)
    text = payment_words(state, payment) if payment is not None else ""
    return (text[:1].upper() + text[1:]) if text else "Nothing to pay"


def moves(state: State, seat: int | None, actions: list[Action] | None = None) -> list[Move]:
    """The moves shown to `seat` (None: the public board's decisions only), in the engine's order."""
    actions = legal_actions(state) if actions is None else actions
    groups: dict[Action, list[Action]] = {}
    for action in actions:
        shown = isinstance(action, PUBLIC) if seat is None else for_seat(action, seat)
        if shown:
            group = _group(action)
            groups.setdefault(action if group is None else group, []).append(action)
    found: list[Move] = []
    for group, members in groups.items():
        label, description = _move_words(state, members[0], seat)
        options = tuple(
            Option(encode(state, action), clip(payment_label(state, action), LABEL_LIMIT))
            for action in members
        )
        move = Move(clip(label, LABEL_LIMIT), clip(description, LABEL_LIMIT), options, encode(state, group))
        found.append(move)
    return found
