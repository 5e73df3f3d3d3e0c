"""The store interface: what the bot persists, independent of the database behind it.

Kept narrow so SQLite (the default) and PostgreSQL (shared by several processes) stand in for each
other. Every accepted game action
is one `save` call: the action is appended to the log and the game row moves from `expected_version`
to the next version in a single transaction, or nothing changes at all.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from datetime import date, datetime
from types import TracebackType
from typing import Literal, Self

from pydantic import BaseModel, ConfigDict

from core.i18n import mark

GameStatus = Literal["active", "finished", "abandoned"]
Outcome = Literal["won", "lost"]
PreferenceScope = Literal["user", "guild"]  # a player's own settings, or a server's


class _Record(BaseModel):
    model_config = ConfigDict(frozen=True)


class GameRecord(_Record):
    """One game: its latest state as JSON, and the version that optimistic concurrency checks."""

    id: int
    kind: str
    guild_id: int | None
    channel_id: int
    owner_id: int
    status: GameStatus
    state_json: str
    version: int
    rules_version: str
    board_message_id: int | None
    board_version: int | None = None  # the version the board message shows; None: not known
    created_at: datetime
    updated_at: datetime


class ActionRecord(_Record):
    """One accepted action; `seq` equals the game version it produced, so the log replays in order."""

    game_id: int
    seq: int
    user_id: int
    action_json: str
    at: datetime


class NewResult(_Record):
    """What a finished game contributes to leaderboards and stats."""

    outcome: Outcome
    score: int
    rounds: int
    players: tuple[int, ...]
    detail_json: str = "{}"


class ResultRecord(NewResult):
    game_id: int
    kind: str
    guild_id: int | None
    finished_at: datetime


class DailyChallenge(_Record):
    """A day's challenge for one game, fixed the first time it was asked for."""

    game: str
    day: date
    seed: int
    setup_json: str
    rules_version: str
    created_at: datetime


class DailyAttempt(_Record):
    """A player's one ranked attempt at a day's challenge, recorded when it starts."""

    game: str
    day: date
    user_id: int
    game_id: int
    started_at: datetime


class Standing(_Record):
    """A player's best verified result in a leaderboard, with their rank (ties share a rank)."""

    rank: int
    user_id: int
    game_id: int
    outcome: Outcome
    score: int
    rounds: int
    finished_at: datetime
    detail_json: str = "{}"  # the result's detail: the set-up the line names


class Leaderboard(_Record):
    top: tuple[Standing, ...]
    mine: Standing | None  # the asking player's own entry, wherever it ranks
    players: int  # how many players the leaderboard ranks


class DailyPost(_Record):
    """A server's opt-in daily post: where (0: off) and at which UTC hour; the last day posted; since
    when this setting holds (None: set before the bot kept it, and never posted), so a day before it
    is not reported missed; whether the bot turned it off because its channel was deleted."""

    guild_id: int
    channel_id: int
    hour: int
    last_day: date | None = None
    since: datetime | None = None
    channel_gone: bool = False

    @property
    def on(self) -> bool:
        return self.channel_id != 0


class StorageError(Exception):
    """Base of the store's own errors."""


class StoreUnavailable(StorageError):
    """The database could not be reached, even on a second try; nothing was half-written."""

    MESSAGE = mark(
        "I can't reach the game database right now, so nothing changed; please try again in a minute."
    )

    def __init__(self) -> None:
        super().__init__(self.MESSAGE)


class GameNotFound(StorageError):
    def __init__(self, game_id: int) -> None:
        super().__init__(f"game {game_id} does not exist")
        self.game_id = game_id


class ActiveGameExists(StorageError):
    """A channel holds at most one active game; `existing` is the one already there."""

    def __init__(self, existing: GameRecord) -> None:
        super().__init__(f"channel {existing.channel_id} already has active game {existing.id}")
        self.existing = existing


class AttemptExists(StorageError):
    """The player already started today's ranked attempt at this game."""

    def __init__(self, existing: DailyAttempt) -> None:
        super().__init__(f"user {existing.user_id} already has a {existing.game} attempt on {existing.day}")
        self.existing = existing


class VersionConflict(StorageError):
    """Someone else saved first (or the game ended): the caller's state is stale and must be reloaded."""

    def __init__(self, game_id: int, expected: int, actual: int, status: GameStatus) -> None:
        super().__init__(
            f"game {game_id}: expected version {expected} but it is at version {actual} ({status})"
        )
        self.game_id, self.expected, self.actual, self.status = game_id, expected, actual, status


class Store(ABC):
    """Async persistence for games, their action logs and their results."""

    clock: Callable[[], datetime]  # what "now" is for every stored time (the bot's clock)

    @abstractmethod
    async def open(self) -> None:
        """Connect and bring the schema up to date (migrations run here, in order)."""

    @abstractmethod
    async def close(self) -> None: ...

    async def __aenter__(self) -> Self:
        await self.open()
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()

    @abstractmethod
    async def schema_version(self) -> int: ...

    @abstractmethod
    async def create_game(
        self,
        *,
        kind: str,
        guild_id: int | None,
        channel_id: int,
        owner_id: int,
        state_json: str,
        rules_version: str,
        attempt: tuple[str, date] | None = None,
    ) -> GameRecord:
        """Start a game at version 0; raises `ActiveGameExists` if the channel already has one.

        With `attempt` (game, day) the game is also the owner's ranked daily attempt, recorded in the
        same transaction; `AttemptExists` if they already have one that day (nothing is written).
        """

    @abstractmethod
    async def get_game(self, game_id: int) -> GameRecord | None: ...

    @abstractmethod
    async def active_game(self, channel_id: int) -> GameRecord | None: ...

    @abstractmethod
    async def active_games(self, kind: str | None = None, *, guild_id: int | None = None) -> list[GameRecord]:
        """Every game still being played, oldest first — what a restarted bot resumes; with
        `guild_id`, only that server's (a server that removed the bot ends them)."""

    @abstractmethod
    async def save(
        self,
        game_id: int,
        *,
        expected_version: int,
        user_id: int,
        action_json: str,
        state_json: str,
        status: GameStatus = "active",
        result: NewResult | None = None,
    ) -> GameRecord:
        """Append the action and move the game to `expected_version + 1` atomically.

        Raises `VersionConflict` if the game is not at `expected_version` or no longer active, and
        `GameNotFound` if it does not exist; in both cases nothing is written. A `result` is stored in
        the same transaction (for the action that ends the game).
        """

    @abstractmethod
    async def set_board_message(
        self, game_id: int, message_id: int | None, *, version: int | None = None
    ) -> None:
        """Remember which message shows the game's board, and which version it shows if known (not a
        game action: the game's own version stays)."""

    @abstractmethod
    async def board_shown(self, game_id: int, message_id: int, version: int) -> None:
        """Remember that message `message_id` now shows `version`, if it still is the game's board (a
        board re-posted meanwhile is not overwritten). Boards found behind are redrawn."""

    @abstractmethod
    async def boards_behind(self, since: datetime) -> list[GameRecord]:
        """Every game whose board may show an older version than the stored one: active games, and games
        that ended after `since` — what a restarted bot redraws, since edits waiting in memory are lost."""

    @abstractmethod
    async def actions(self, game_id: int) -> list[ActionRecord]: ...

    @abstractmethod
    async def result(self, game_id: int) -> ResultRecord | None: ...

    # --- daily challenges, verification and standings -------------------------------------------

    @abstractmethod
    async def daily_challenge(
        self, game: str, day: date, *, seed: int, setup_json: str, rules_version: str
    ) -> DailyChallenge:
        """The day's challenge; the given one is stored if it is the first asked for that day."""

    @abstractmethod
    async def find_daily_challenge(self, game: str, day: date) -> DailyChallenge | None:
        """The day's challenge if anyone asked for it (never creates one)."""

    @abstractmethod
    async def daily_attempt(self, game: str, day: date, user_id: int) -> DailyAttempt | None: ...

    @abstractmethod
    async def unverified_results(self, limit: int = 100) -> list[ResultRecord]:
        """Results not yet checked by replay, oldest first."""

    @abstractmethod
    async def record_verification(
        self, game_id: int, *, ok: bool, note: str = "", ranked: bool = True, difficulty: int = 0
    ) -> None:
        """Store the replay's verdict; a verified, ranked result enters its players' standings, ranked
        with its game's `difficulty` (`core.ranking.rank_key`).

        The first verdict for a game stands: a second one (two readers verifying at once) is ignored.
        """

    @abstractmethod
    async def rerank_if_owed(self, rank_of: Callable[[ResultRecord], int | None]) -> bool:
        """If a migration left the standings to be ranked again, rebuild every player's bests from the
        verified results, `rank_of` giving each result's difficulty (None: not ranked), in one
        transaction. Says whether it did."""

    @abstractmethod
    async def leaderboard(
        self, kind: str, period_key: str, scope: int, user_id: int, limit: int = 10
    ) -> Leaderboard: ...

    @abstractmethod
    async def daily_podium(
        self,
        game: str,
        day: date,
        guild_id: int | None,
        limit: int | None = 3,
        *,
        rank_of: Callable[[ResultRecord], int | None],
    ) -> list[Standing]:
        """The best verified ranked attempts at a day's challenge (a server's members, or everyone),
        best first; `limit` None: every one. `rank_of` gives each result's difficulty as the
        leaderboards rank it (`core.verify.difficulty_of`; None: not ranked), so a day's standings
        order its attempts as `/leaderboard period:today` does."""

    @abstractmethod
    async def player_results(self, kind: str, user_id: int) -> list[ResultRecord]:
        """The player's results of `kind` by finish time, save those verification refused."""

    @abstractmethod
    async def last_kind_finished(self, user_id: int) -> str | None:
        """The kind of game the player's latest result is of (None: no result yet): what they most
        likely want the standings of."""

    @abstractmethod
    async def last_kind_finished_in(self, channel_id: int) -> str | None:
        """The kind of the game that last finished in a channel (None: none has): the standings a
        result's "standings" link should open for anyone there, watchers included."""

    @abstractmethod
    async def daily_days(self, game: str, user_id: int) -> list[date]:
        """The days on which the player played their ranked attempt to its end (abandoned ones do not
        count: streaks are for playing the challenge; nor do results verification refused)."""

    @abstractmethod
    async def running_daily_days(self, game: str, user_id: int) -> list[date]:
        """The days whose ranked attempt the player is still playing: they count on their challenge's
        day once finished, so they do not break a streak meanwhile."""

    @abstractmethod
    async def set_daily_post(
        self, guild_id: int, channel_id: int | None, hour: int = 0, *, channel_gone: bool = False
    ) -> None:
        """Opt a server in (a channel) or out (None; `channel_gone`: by the bot, as the channel was
        deleted). Turning it on or off, or another hour, starts its `since` again; another channel at
        the same hour does not (the post was due all along)."""

    @abstractmethod
    async def daily_posts(self) -> list[DailyPost]:
        """The servers whose daily post is on."""

    @abstractmethod
    async def daily_post(self, guild_id: int) -> DailyPost | None:
        """A server's daily post, on or off (None: never set)."""

    @abstractmethod
    async def claim_daily_post(self, guild_id: int, day: date, *, stale_before: datetime) -> datetime | None:
        """Claim the sending of a server's post of `day`, atomically across processes: the claim's time
        if this caller may send it now, None if it is off, already sent that day, or claimed by another
        sender since `stale_before` (an older claim of a sender that died unfinished is taken over).
        Once sent, `mark_daily_posted`; if the send failed, `release_daily_post` lets a later try claim it."""

    @abstractmethod
    async def release_daily_post(self, guild_id: int, claimed_at: datetime) -> None:
        """Give back a claim (`claim_daily_post`) whose post was not sent, if it still is that claim."""

    @abstractmethod
    async def mark_daily_posted(self, guild_id: int, day: date) -> bool:
        """Record the day's post as sent (call it once Discord took the post); False if it already was."""

    @abstractmethod
    async def preferences(self, scope: PreferenceScope, subject_id: int) -> dict[str, str]:
        """Every setting a player (`"user"`) or a server (`"guild"`) chose: key → value."""

    @abstractmethod
    async def set_preference(
        self, scope: PreferenceScope, subject_id: int, key: str, value: str | None
    ) -> None:
        """Set one setting (a later call wins), or forget it with `None`."""
