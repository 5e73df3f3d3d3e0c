"""Every decision a Dine crew can make, fully specified; `legal_actions` lists the ones legal now.

Small frozen dataclasses (hashable, cheap to build by the hundred), serialised to JSON through
`ACTION` for the stored action log. A `Payment` says exactly what pays a cost: the other hand cards
discarded or removed, or the grid cards discarded from one row.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

# Every action and payment is a frozen (hashable: the engine caches them), slotted, keyword-only
# dataclass, spelt out on each so that a type checker sees it.


@dataclass(frozen=True, slots=True, kw_only=True)
class Payment:
    hand: tuple[str, ...] = ()  # other hand cards of the actor, for a discard or remove cost
    row: int | None = None  # the grid row paying a symbol cost
    grid: tuple[str, ...] = ()  # the cards discarded from that row


NO_PAYMENT = Payment()


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayCard:
    """Play one of a hand card's two middle actions (index 0 or 1)."""

    seat: int
    card: str
    action: int
    payment: Payment = NO_PAYMENT
    kind: Literal["play"] = "play"


@dataclass(frozen=True, slots=True, kw_only=True)
class UseStation:
    """Use the action of the station this seat occupies."""

    seat: int
    payment: Payment = NO_PAYMENT
    kind: Literal["station"] = "station"


@dataclass(frozen=True, slots=True, kw_only=True)
class UseShip:
    """Use one of the ship's actions (any crew member may)."""

    seat: int
    index: int
    payment: Payment = NO_PAYMENT
    kind: Literal["ship"] = "ship"


ClearHow = Literal["solve", "jump", "continue"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Clear:
    """After an action met a solution or the jump: solve (which solution), jump, or keep playing."""

    how: ClearHow
    solution: int = 0
    kind: Literal["clear"] = "clear"


@dataclass(frozen=True, slots=True, kw_only=True)
class Upgrade:
    """After a solve: this seat flips this hand card to its upgraded side (None: nobody does)."""

    seat: int | None = None
    card: str | None = None
    kind: Literal["upgrade"] = "upgrade"


@dataclass(frozen=True, slots=True, kw_only=True)
class Occupy:
    """After a cleared sector: the deciding seat occupies this hand card (None: keeps what it has)."""

    seat: int
    card: str | None = None
    kind: Literal["occupy"] = "occupy"


@dataclass(frozen=True, slots=True, kw_only=True)
class Choose:
    """Pick option A (0) or B (1) of a consequence."""

    option: int
    kind: Literal["choose"] = "choose"


@dataclass(frozen=True, slots=True, kw_only=True)
class Give:
    """Answer "remove/discard a hand card": this seat gives this card."""

    seat: int
    card: str
    kind: Literal["give"] = "give"


@dataclass(frozen=True, slots=True, kw_only=True)
class Shield:
    """Pay one shield from the grid (by `payment`) instead of one damage, or take it (`payment` None)."""

    payment: Payment | None = None
    kind: Literal["shield"] = "shield"


Action = Annotated[
    PlayCard | UseStation | UseShip | Clear | Upgrade | Occupy | Choose | Give | Shield,
    Field(discriminator="kind"),
]
ACTION: TypeAdapter[Action] = TypeAdapter(Action)


def action_to_json(action: Action) -> str:
    return ACTION.dump_json(action).decode()


def action_from_json(text: str) -> Action:
    return ACTION.validate_json(text)
