"""What a game is, said once: the contract every game declares (`Game`), read through `core.registry`.

In the spirit of OpenSpiel's `Game`/`State` and its registry: the bot, storage, verification,
statistics, daily challenges and the command-line tools know a game only through its declaration
(kind, title, set-up options, rules versions, deal, legal actions, apply, replay, result), never by
its name. A game's own package (`core/<game>/`) keeps the rules; its declaration
(`core/games/<game>.py`) ties them to this contract. `docs/architecture.md` shows how to add one.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from random import Random
from typing import Any, Generic, Literal, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict

from core.events import Event
from core.i18n import Locale, Plural
from core.policies import Choice
from core.table import Table, replay_log, replay_states

Outcome = Literal["playing", "won", "lost"]


class GameState(Protocol):
    """What every game's rules state carries, whatever else it holds."""

    @property
    def seed(self) -> int: ...

    @property
    def rules_version(self) -> str: ...

    @property
    def outcome(self) -> Outcome: ...

    @property
    def score(self) -> int: ...

    def model_dump(self, *, exclude: Any = None) -> dict[str, Any]: ...

    def model_dump_json(self) -> str: ...


StateT = TypeVar("StateT", bound=GameState)
StateT_co = TypeVar("StateT_co", bound=GameState, covariant=True)
ActionT = TypeVar("ActionT")
SetupT = TypeVar("SetupT", bound="Setup")
SavedT = TypeVar("SavedT", bound="SavedGame[Any]")
DetailT = TypeVar("DetailT", bound="ResultDetail")


class SavedGame(Protocol[StateT_co]):
    """What a game row stores as its state: the table and, once dealt, the rules state."""

    @property
    def table(self) -> Table: ...

    @property
    def state(self) -> StateT_co | None: ...

    def model_dump_json(self) -> str: ...


class Setup(BaseModel):
    """The options a game is dealt with (a daily challenge stores them as JSON)."""

    model_config = ConfigDict(frozen=True)

    def describe(self, locale: Locale = "en") -> str:
        """The set-up in a few words of `locale` ("medium difficulty, full game")."""
        raise NotImplementedError


class ResultDetail(BaseModel):
    """What a stored result says beyond outcome, score and rounds (`detail_json`).

    Owned here so that the bot writing a result, `/stats`, verification and the leaderboard SQL
    (which reads `$.abandoned`) read one shape. Each game adds its own fields. `daily` and `practice`
    are written only for a daily game, as results always were.
    """

    model_config = ConfigDict(frozen=True, extra="ignore")

    abandoned: bool = False
    # abandoned by the bot (forgotten, its channel gone), not given up: written only when true, so that
    # every other result reads as it always did
    unfinished: bool = False
    rules_version: str | None = None  # the game's own: one started before an update keeps its rules
    daily: str | None = None  # the UTC day of the daily challenge the game played
    practice: bool = False  # daily practice: never ranked

    def difficulty_label(self) -> str | None:
        """What `/stats` tallies wins by as the difficulty (None: not counted)."""
        return None

    def ship_label(self) -> str | None:
        """What `/stats` tallies wins by as the ship (None: the game has no ships)."""
        return None

    def difficulty_position(self) -> int:
        """Where `difficulty_label` stands in the game's own order, easiest first: `/stats` lists the
        difficulties so, not alphabetically by their ids."""
        return self.difficulty_rank()

    def ship_position(self) -> int:
        """Where `ship_label` stands in the order the game declares its ships, for `/stats` likewise."""
        return 0

    def setup_words(self, locale: Locale = "en") -> str | None:
        """The set-up a leaderboard line names beside the score, since it ranks by it (None: none)."""
        return None

    def difficulty_rank(self) -> int:
        """Where the game's set-up stands among its own, easiest 0 (below `core.ranking.DIFFICULTY_RANKS`):
        the leaderboard ranks a harder game's win above an easier one's, whatever the scores."""
        return 0

    def ranks(self) -> bool:
        """Whether the game was played by the rules every ranked game is (no house rule): only then may
        its result enter a leaderboard."""
        return True

    def to_json(self) -> str:
        data = self.model_dump(mode="json")
        if not self.unfinished:
            del data["unfinished"]
        if self.daily is None:
            del data["daily"], data["practice"]
        return json.dumps(data, sort_keys=True)


@dataclass(frozen=True, slots=True)
class Finished:
    """How a finished game becomes a result (without whom it credits: `core.table.credited`)."""

    outcome: Literal["won", "lost"]
    score: int
    rounds: int
    detail: ResultDetail


@dataclass(frozen=True, slots=True)
class Run:
    """What a shared daily result shows of the run (`core.share`): how the player did, never the deal.

    `strip` names how `rows` are drawn (`core.share.STRIPS`); each row holds one value per column (a
    round, a sector), and `rating` is the stars out of five a won game earned, if the game rates.
    """

    strip: str
    rows: tuple[tuple[int, ...], ...]
    rating: int | None = None


@dataclass(frozen=True, slots=True)
class Blurb:
    """How `/about` presents a game."""

    players: str  # English, said in the reader's language where shown (`core.i18n.t`)
    summary: str
    start_command: str  # without the slash, e.g. "d6 new"
    about_order: int  # its place in `/about` (the co-op card game first)


@dataclass(frozen=True, slots=True)
class Game(Generic[StateT, ActionT, SetupT, SavedT]):
    """One game's declaration: everything outside its own package needs to know about it.

    A game may hold several rules versions: a state names its own, and every version in
    `rules_versions` deals, plays, replays and verifies, so a rules change never strands a game in
    progress or a recorded result. New games use `rules_version`.
    """

    kind: str  # the stored `kind`, the command group and the custom-id prefix
    title: str
    blurb: Blurb
    rounds_words: Plural  # what a result's `rounds` counts, with its number: "{count} actions"
    rules_versions: tuple[str, ...]  # every version this code plays, oldest first
    rules_version: str  # the version new games are dealt under
    setup_model: type[SetupT]
    detail_model: type[ResultDetail]
    deal: Callable[[int, SetupT, str], tuple[StateT, Sequence[Event]]]  # (seed, set-up, rules version)
    redeal: Callable[[StateT], tuple[StateT, Sequence[Event]]]  # deal again what `state` was dealt from
    legal_actions: Callable[[StateT], list[ActionT]]
    apply: Callable[[StateT, ActionT], tuple[StateT, Sequence[Event]]]
    # the crew gives up, or (True) the bot ends the game (forgotten, its channel gone): a loss either way
    abandon: Callable[[StateT, bool], tuple[StateT, Sequence[Event]]]
    action_to_json: Callable[[ActionT], str]
    action_from_json: Callable[[str], ActionT]
    load_state: Callable[[str], StateT]
    load_saved: Callable[[str], SavedT]
    solo_saved: Callable[[Table, StateT, str, datetime], SavedT]  # a dealt game for one named player
    rounds: Callable[[StateT], int]  # what a result's `rounds` holds
    detail: Callable[[StateT], ResultDetail]  # the game's own part of a result's detail
    daily_setup: Callable[[date], SetupT]  # a day's challenge set-up, rotating with the date
    sample_setup: Callable[[Random], SetupT]  # any set-up a player may choose, drawn (for tests)
    controls: Callable[[StateT], list[ActionT | None]]  # the action each shown control stands for
    describe_board: Callable[[StateT], str]
    describe_action: Callable[[StateT, ActionT], str]
    hint: Callable[[StateT], Choice]  # the heuristic player's move and why
    run: Callable[[Sequence[StateT]], Run]  # a finished game's states, deal first: what a share shows
    # state fields that only remember for the board (what a die did this round), as a pydantic
    # `exclude`: not rules, so a result recorded before they existed still verifies
    memory: Any = None

    def rules_part(self, state: StateT) -> dict[str, Any]:
        """`state` as verification compares it: everything but its `memory`."""
        return state.model_dump(exclude=self.memory)

    def plays(self, version: str) -> bool:
        """Whether this code still deals, plays and replays games of rules `version`."""
        return version in self.rules_versions

    def parse_setup(self, setup_json: str) -> SetupT:
        return self.setup_model.model_validate_json(setup_json)

    def parse_detail(self, detail_json: str) -> ResultDetail:
        return self.detail_model.model_validate_json(detail_json)

    def replay(self, start: StateT, log: Iterable[str]) -> StateT:
        """The state after the logged actions, from a game dealt as `start` was (its seed, options and
        rules version). Of the table's own log entries only abandoning changes the rules state."""
        state, _ = self.redeal(start)
        return replay_log(state, log, self.apply, self.abandon, self.action_from_json)

    def states(self, start: StateT, log: Iterable[str]) -> list[StateT]:
        """Every state of a game dealt as `start` was, from the deal through each logged change
        (`replay`'s steps)."""
        state, _ = self.redeal(start)
        return list(replay_states(state, log, self.apply, self.abandon, self.action_from_json))

    def finished(
        self, state: StateT, table: Table, *, abandoned: bool = False, unfinished: bool = False
    ) -> Finished:
        """The result a finished game records: the game's detail and the table's daily challenge.
        `unfinished`: abandoned by the bot, not by its crew (standings and shares say which)."""
        daily = {"daily": table.daily, "practice": table.practice} if table.daily else {}
        ended = {"abandoned": abandoned, "unfinished": abandoned and unfinished}
        detail = self.detail(state).model_copy(update={**ended, **daily})
        outcome: Literal["won", "lost"] = "won" if state.outcome == "won" else "lost"
        return Finished(outcome, state.score, self.rounds(state), detail)


AnyGame = Game[Any, Any, Any, Any]  # a registry holds games of different types
