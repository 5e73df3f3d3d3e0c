"""Every decision a D-6 player can make, fully specified; `legal_actions` lists the ones legal now.

Actions are small frozen dataclasses (hashable, cheap to build by the hundred) that serialise to JSON
through `ACTION` for the stored action log.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from .cards import Face

_ACTION = {"frozen": True, "slots": True, "kw_only": True}


@dataclass(**_ACTION)
class Reroll:
    """Commander: re-roll every other unassigned die."""

    die: int
    kind: Literal["reroll"] = "reroll"


@dataclass(**_ACTION)
class ChangeFace:
    """Commander: turn another unassigned die to any face."""

    die: int
    target: int
    face: Face
    kind: Literal["change_face"] = "change_face"


@dataclass(**_ACTION)
class Fire:
    """Tactical: fire the weapons; `split` gives (threat uid, damage) pairs adding up to the damage."""

    die: int
    split: tuple[tuple[int, int], ...]
    kind: Literal["fire"] = "fire"


@dataclass(**_ACTION)
class Repair:
    """Engineering: repair the hull."""

    die: int
    kind: Literal["repair"] = "repair"


@dataclass(**_ACTION)
class Recharge:
    """Science: recharge the shields to the maximum."""

    die: int
    kind: Literal["recharge"] = "recharge"


@dataclass(**_ACTION)
class Stasis:
    """Science: the stasis beam keeps one threat from activating in the next activation phase."""

    die: int
    target: int
    kind: Literal["stasis"] = "stasis"


@dataclass(**_ACTION)
class Heal:
    """Medical: every die in the Infirmary returns (to be rolled next round)."""

    die: int
    kind: Literal["heal"] = "heal"


@dataclass(**_ACTION)
class ClearScanner:
    """Medical: one locked Threat die leaves the Scanners (to be rolled next round)."""

    die: int
    scanner_die: int
    kind: Literal["clear_scanner"] = "clear_scanner"


@dataclass(**_ACTION)
class AwayMission:
    """Put a die on a threat's away mission."""

    die: int
    target: int
    kind: Literal["mission"] = "mission"


@dataclass(**_ACTION)
class EndAssignment:
    """Done assigning: discover a threat, activate threats, gather the crew."""

    kind: Literal["end_assignment"] = "end_assignment"


@dataclass(**_ACTION)
class SendToInfirmary:
    """Answer a threat's "send a unit to the Infirmary": this die goes."""

    die: int
    kind: Literal["send_to_infirmary"] = "send_to_infirmary"


@dataclass(**_ACTION)
class HoldDie:
    """Answer Distracted: this die is held on the card."""

    die: int
    kind: Literal["hold_die"] = "hold_die"


@dataclass(**_ACTION)
class Recall:
    """At gather: bring back the dice on this threat's unfinished away mission."""

    target: int
    kind: Literal["recall"] = "recall"


@dataclass(**_ACTION)
class Gather:
    """At gather: leave the remaining mission dice where they are and start the next round."""

    kind: Literal["gather"] = "gather"


Action = Annotated[
    Reroll
    | ChangeFace
    | Fire
    | Repair
    | Recharge
    | Stasis
    | Heal
    | ClearScanner
    | AwayMission
    | EndAssignment
    | SendToInfirmary
    | HoldDie
    | Recall
    | Gather,
    Field(discriminator="kind"),
]
ACTION: TypeAdapter[Action] = TypeAdapter(Action)


def action_to_json(action: Action) -> str:
    return ACTION.dump_json(action).decode()


def action_from_json(text: str) -> Action:
    return ACTION.validate_json(text)
