"""The whole state of a D-6 game as pydantic models; JSON round-trips exactly.

Everything the engine needs to continue is here, the random-generator position included, so a stored
game resumes exactly. Dice and threats are small frozen models replaced on change, which keeps
copying a state cheap (see `State.clone`).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict, Field

from .cards import Face

# Every rules version the engine plays, oldest first; a game keeps the version it was dealt under.
# d6-2: Distracted may hold a die on a station; stasis only on a threat the threat die can activate.
# d6-3: Scouting Ship's check comes after every other passive strike (Mercenary's hull counts).
RulesVersion = Literal["d6-1", "d6-2", "d6-3"]
RULES_VERSIONS: tuple[RulesVersion, ...] = get_args(RulesVersion)
RULES_VERSION: RulesVersion = "d6-3"  # new games
HULL_MAX, SHIELDS_MAX = 8, 4


class Place(StrEnum):
    """Where a crew die is."""

    POOL = "pool"  # available: rolled and unassigned during step 3, waiting to be rolled otherwise
    STATION = "station"  # used at a station this round (`station` says which); gathered at step 6
    MISSION = "mission"  # on a threat's away mission (`on` = threat uid); stays until completed/recalled
    SCANNER = "scanner"  # a locked Threat face
    RESET = "reset"  # one of a scanned set of three: set aside, gathered at step 6
    INFIRMARY = "infirmary"  # until a Medical die returns all of them
    RETURNED = "returned"  # the Returned area: gathered at step 6, rolled next round
    HELD = "held"  # held by Distracted (`on` = its uid)


class Station(StrEnum):
    COMMANDER = "commander"
    WEAPONS = "weapons"
    MEDICAL = "medical"
    SHIELDS = "shields"
    STASIS = "stasis"
    REPAIR = "repair"


class Die(BaseModel):
    model_config = ConfigDict(frozen=True)

    face: Face
    place: Place = Place.POOL
    station: Station | None = None
    on: int | None = None  # the threat uid for MISSION, HELD and the stasis beam
    # A pool die gathered back this round (step 6) or recalled from an away mission: the die as it was
    # before, so the board says what it did rather than "unused". Cleared when the die is rolled.
    was: Die | None = None


class Threat(BaseModel):
    """A threat card in play; `uid` tells apart copies of the same card."""

    model_config = ConfigDict(frozen=True)

    uid: int
    card: str
    health: int | None = None
    stasis: bool = False


class Difficulty(StrEnum):
    VERY_EASY = "very_easy"
    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"


DONT_PANIC_CARDS = {Difficulty.VERY_EASY: 6, Difficulty.EASY: 5, Difficulty.MEDIUM: 3, Difficulty.HARD: 0}


class Length(StrEnum):
    FULL = "full"
    SHORT = "short"
    FAST = "fast"


CARDS_REMOVED = {Length.FULL: 0, Length.SHORT: 5, Length.FAST: 8}


class HouseRules(BaseModel):
    """Options where the sources disagree; the defaults are our rulings (digest §10)."""

    model_config = ConfigDict(frozen=True)

    meteoroid_any_destruction: bool = Field(
        default=True, description="Meteoroid's 5 damage on any destruction, not only when it decays to 0."
    )

    def changed(self) -> tuple[str, ...]:
        """The house rules set away from our rulings, by field name: a game played with any is not
        ranked (a leaderboard compares games played by the same rules)."""
        ours = HouseRules()
        return tuple(name for name in type(self).model_fields if getattr(self, name) != getattr(ours, name))


class Pending(BaseModel):
    """A choice the rules leave to the player, which must be answered before play goes on."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["infirmary", "hold", "gather"]
    source: int | None = None  # the threat uid that asks (infirmary, hold)
    reason: str


class Task(BaseModel):
    """One step of the engine's work queue (draws, activations, round steps), resumable after a choice."""

    model_config = ConfigDict(frozen=True)

    op: Literal[
        "draw", "discover", "roll_threats", "activate", "after_pass", "passives", "gather", "new_round"
    ]
    uid: int | None = None
    face: int | None = None
    reason: str = ""


_LISTS = ("dice", "deck", "removed", "internal", "external", "discard", "queue")
Phase = Literal["assign", "decide", "over"]
Outcome = Literal["playing", "won", "lost"]


class State(BaseModel):
    model_config = ConfigDict(validate_assignment=False)

    # Absent from games stored before versions were told apart: those were dealt under d6-1.
    rules_version: RulesVersion = "d6-1"
    seed: int
    difficulty: Difficulty
    length: Length
    house_rules: HouseRules = HouseRules()

    round: int = 1
    phase: Phase = "assign"
    hull: int = HULL_MAX
    shields: int = SHIELDS_MAX
    dice: list[Die]
    deck: list[str]  # card ids, top first
    removed: list[str] = []  # taken out unseen for a shorter game
    internal: list[Threat] = []  # in the order placed: top to bottom
    external: list[Threat] = []
    discard: list[str] = []
    next_uid: int = 1

    tactical_used: int = 0  # Tactical dice fired this round (the first deals 1, each later one 2)
    engineering_used: int = 0  # Engineering dice used this round (likewise for repairs)
    hull_lost_this_round: bool = False
    threat_activated_this_round: bool = False
    extra_roll_due: bool = False
    extra_roll_done: bool = False

    queue: list[Task] = []
    pending: Pending | None = None

    outcome: Outcome = "playing"
    loss_reason: str | None = None
    destroyed: int = 0  # external threats destroyed
    completed: int = 0  # away missions completed
    score: int = 0

    rng: dict[str, int] = {}

    def clone(self) -> State:
        """A copy that shares only immutable parts, so the engine may change it freely."""
        lists = {name: list(getattr(self, name)) for name in _LISTS}
        return self.model_copy(update={**lists, "rng": dict(self.rng)})

    def rules_since(self, version: RulesVersion) -> bool:
        """Whether this game plays by `version`'s rules or a later version's."""
        return RULES_VERSIONS.index(self.rules_version) >= RULES_VERSIONS.index(version)

    def threats(self) -> list[Threat]:
        return self.internal + self.external

    def threat(self, uid: int) -> Threat | None:
        return next((t for t in self.threats() if t.uid == uid), None)
