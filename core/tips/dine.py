"""Which kinds of decision a Dine crew member faces now, most pressing first: the names of their tips
in `data/dine/tips.md` (see `core.tips`)."""

from __future__ import annotations

from collections.abc import Collection

from core.dine.actions import Action, Clear, PlayCard, UseShip, UseStation
from core.dine.engine import danger_value, idle_effect, legal_actions, sector_side, ship_of
from core.dine.state import State
from core.dine.symbols import side

GAME = "dine"


def decisions(state: State, seats: Collection[int]) -> list[str]:
    """The decisions before the member who plays `seats` (their own, and any vacant one)."""
    if state.outcome != "playing" or not seats:
        return []
    pending = state.pending
    if pending is not None:
        return _pending(state, seats)
    actions = legal_actions(state)
    mine = [a for a in actions if getattr(a, "seat", None) in seats]
    found = ["hand"]
    spec = sector_side(state)
    if spec is not None and spec.kind == "boss":
        found.append("boss")
    danger = danger_value(state)
    if danger and len(state.current_row) == danger - 1 and any(isinstance(a, PlayCard) for a in mine):
        found.append("danger")
    if any(isinstance(a, Clear) for a in actions):  # a track solution: pay it as an action
        found.append("pay")
    if any(_rotated(state, a) for a in mine):
        found.append("rotate")
    if any(isinstance(a, UseStation) and _does_something(state, a) for a in mine):
        found.append("station")
    if any(isinstance(a, UseShip) and _does_something(state, a) for a in mine):
        found.append("ship")
    if not state.deck:
        found.append("deck")
    return found


def _pending(state: State, seats: Collection[int]) -> list[str]:
    pending = state.pending
    assert pending is not None
    match pending.kind:
        case "clear":
            solve = any(option.startswith("solve") for option in pending.options)
            jump = "jump" in pending.options
            return ["solve"] * solve + ["jump"] * jump
        case "occupy":
            return ["occupy"] if set(pending.deciding) & set(seats) else []
        case "upgrade":
            return ["upgrade"]
        case "choose":
            return ["choose"]
        case "give":
            return ["give"]
        case "shield":
            return ["shield"]


def _does_something(state: State, action: UseStation | UseShip) -> bool:
    """Whether a station's or the ship's action would change anything now: a tip that praises it
    ("a way to draw cards") must not come while its menu line says it does nothing."""
    if isinstance(action, UseShip):
        used = ship_of(state).actions[action.index]
    else:
        held = state.stations[action.seat]
        used = side(state.cards, held, state.upgraded).occupied.action if held is not None else None
    return used is not None and idle_effect(state, used.effects, used.cost) is None


def _rotated(state: State, action: Action) -> bool:
    """Whether `action` plays a hand card rotated (its effect when rotated counts, R1)."""
    if not isinstance(action, PlayCard):
        return False
    played = side(state.cards, action.card, state.upgraded).actions[action.action]
    return any(effect.op == "rotate_play" for effect in played.effects)
