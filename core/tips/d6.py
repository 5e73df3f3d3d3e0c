"""Which kinds of decision a D-6 player faces now, most pressing first: the names of their tips in
`data/d6/tips.md` (see `core.tips`)."""

from __future__ import annotations

from core.d6.actions import AwayMission
from core.d6.cards import Face
from core.d6.engine import dice_in, die_actions, legal_actions
from core.d6.state import Place, State

GAME = "d6"
PENDING = {"infirmary": "infirmary", "hold": "distracted", "gather": "recall"}
STATIONS = {
    Face.COMMANDER: "commander",
    Face.TACTICAL: "tactical",
    Face.MEDICAL: "medical",
    Face.SCIENCE: "science",
    Face.ENGINEERING: "engineering",
}


def decisions(state: State, picked: int | None = None) -> list[str]:
    """The decisions on the board now; `picked` is the ready die whose uses the player just opened,
    so its station (and its away missions) come first."""
    if state.outcome != "playing":
        return []
    if state.pending is not None:
        return [PENDING[state.pending.kind]]
    found: list[str] = []
    if picked is not None and picked in dice_in(state, Place.POOL):
        uses = list(die_actions(state, picked))
        if any(not isinstance(use, AwayMission) for use in uses):
            found.append(STATIONS[state.dice[picked].face])
        if any(isinstance(use, AwayMission) for use in uses):
            found.append("mission")
    found.append("assign")
    if dice_in(state, Place.SCANNER):
        found.append("scanner")
    if any(isinstance(action, AwayMission) for action in legal_actions(state)):
        found.append("mission")
    found.append("end")
    return list(dict.fromkeys(found))
