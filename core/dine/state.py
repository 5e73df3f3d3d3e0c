"""The whole state of a Deep Space Dine game as pydantic models; JSON round-trips exactly.

Station cards are named by id everywhere (hand, deck, grid); whether a card shows its upgraded
side is one set for the whole game, since an upgrade lasts (ruling R2). The sector stack holds sector
cards (with the side that is up) and the help card that lies under them.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from .cards import CardSet, card_set

# The version new games are dealt under; every version of `cards.CARD_FILES` still plays. To switch new
# games to another card set, change this line (its data file and table line must exist).
RULES_VERSION = "dine-5"
HAND_SIZES = {1: 7, 2: 5, 3: 4}
_SETS: dict[str, CardSet] = {}  # `card_set` by version, as `State.cards` reads it


class Placed(BaseModel):
    """A station card in a grid row."""

    model_config = ConfigDict(frozen=True)

    card: str
    rotated: bool = False


class StackCard(BaseModel):
    """One card of the sector stack: a sector with the side that is up, or a help card."""

    model_config = ConfigDict(frozen=True)

    sector: str | None = None
    side: Literal["front", "back"] = "front"
    help: Literal["procure", "frontier"] | None = None


class Pending(BaseModel):
    """A decision the rules leave to the crew; play waits until it is answered."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["clear", "upgrade", "occupy", "choose", "give", "shield"]
    seat: int | None = None  # whose decision (occupy: the first of `seats`)
    amount: int = 1  # give: cards still to give; shield: damage points still to resolve
    give: Literal["remove", "discard"] = "remove"
    options: tuple[str, ...] = ()  # clear: "solve:<i>", "jump"; choose: the options' texts
    reason: str = ""
    # occupy: every seat still to decide, each in any order (a state saved before they could decide at
    # once has none: its `seat` decides, then the next one). Left out of the JSON when empty, so that
    # every other state reads as it did.
    seats: tuple[int, ...] = Field(default=(), exclude_if=lambda seats: not seats)

    @property
    def deciding(self) -> tuple[int, ...]:
        """The seats that may answer an occupy decision now, lowest first."""
        return self.seats or (self.seat or 0,)


class Task(BaseModel):
    """One step of the engine's work queue (consequences, clearing steps), resumable after a choice."""

    model_config = ConfigDict(frozen=True)

    op: str
    amount: int = 1
    index: int = 0


Outcome = Literal["playing", "won", "lost"]
_LISTS = ("deck", "discard", "removed", "upgraded", "stations", "stack", "queue")
_USES_KEPT = 9  # `position` counts a sector's uses up to this: far above any per-sector limit
_CLONED = frozenset((*_LISTS, "hands", "grid", "used", "rng", "easy_used"))  # what `clone` copies


class State(BaseModel):
    model_config = ConfigDict(validate_assignment=False)

    rules_version: str = "dine-1"  # a state stored before states named their rules was dealt by dine-1
    seed: int
    ship: str
    level: str
    starter: bool
    crew: int

    deck: list[str]  # top first
    discard: list[str] = []
    removed: list[str] = []
    upgraded: list[str] = []  # ids showing their upgraded side, sorted
    hands: list[list[str]]
    stations: list[str | None]  # the occupied station per seat
    grid: list[list[Placed]] = [[]]  # rows, oldest first; the last is the current row
    stack: list[StackCard]  # the sector stack, top (the current sector) first
    damage: int  # spaces left on the damage track (the marker's space, 1 = leftmost)
    pizza: int
    marker: int = 0  # the ship marker's space (0: off the track)
    used: dict[str, int] = {}  # this sector's uses of limited actions
    easy_used: list[str] = []  # sector cards laid out easy side up this game

    queue: list[Task] = []
    pending: Pending | None = None
    outcome: Outcome = "playing"
    loss_reason: str | None = None
    cleared: int = 0  # sectors cleared
    solved: int = 0
    actions_taken: int = 0
    score: int = 0
    stars: int = 0
    rating: str = ""

    rng: dict[str, int] = {}

    def clone(self) -> State:
        """A copy sharing only immutable parts, so the engine may change it freely.

        What `model_copy(update=...)` does, without building the update mapping: every `apply` clones."""
        new = self.__copy__()
        fields: dict[str, Any] = vars(new)
        for name in _LISTS:
            fields[name] = list(fields[name])
        fields["hands"] = [list(hand) for hand in self.hands]
        fields["grid"] = [list(row) for row in self.grid]
        fields["used"] = dict(self.used)
        fields["rng"] = dict(self.rng)
        fields["easy_used"] = list(self.easy_used)
        new.__pydantic_fields_set__.update(_CLONED)
        return new

    def position(self) -> str:
        """The whole position as text, without what only counts how it was reached (the random
        streams' draws, the actions taken, uses past any per-sector limit): the same text when a
        crew has gone round in a circle. Card combinations exist that let a crew repeat a few moves
        forever (e.g. Nostroven One's draw with Power Coupler and Pepperoni Launcher on an empty
        deck); the simulator and the expert's playouts stop such a game instead of playing it on."""
        used = sorted((key, min(n, _USES_KEPT)) for key, n in self.used.items())
        return f"{self.model_dump_json(exclude={'rng', 'actions_taken', 'used'})}{used}"

    def cycle_key(self) -> str:
        """`position` less what a crew going round in a circle changes without getting anywhere: the
        order of the hands, the deck and the discard pile, and the empty rows a danger leaves behind
        each time it strikes (a crew whose shields take every hit can fill and leave rows forever).
        The same key coming back again and again, long after a game should have ended, is a loop."""
        rows = [row for row in self.grid[:-1] if row] + [self.grid[-1]]
        kept = self.model_copy(
            update={
                "hands": [sorted(hand) for hand in self.hands],
                "deck": sorted(self.deck),
                "discard": sorted(self.discard),
                "grid": rows,
            }
        )
        return kept.position()

    @property
    def cards(self) -> CardSet:
        """The card set of the rules this game was dealt under: every card lookup goes through it."""
        found = _SETS.get(self.rules_version)  # every card lookup: a dictionary hit, not two calls
        if found is None:
            found = _SETS[self.rules_version] = card_set(self.rules_version)
        return found

    @property
    def current_row(self) -> list[Placed]:
        return self.grid[-1]

    @property
    def sector_card(self) -> StackCard | None:
        top = self.stack[0] if self.stack else None
        return top if top is not None and top.sector is not None else None
