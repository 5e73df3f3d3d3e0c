"""Every store operation written once in SQL that SQLite and PostgreSQL both run.

A backend supplies a connection adapter (`Tx`: `?` placeholders, rows as dicts, a unique-key clash as
`Duplicate`), the two places its SQL differs (`Dialect`), and how it runs a unit of work: `_write`
runs one in a transaction (retrying a lost connection where the backend can), `_fetch` one read.
Times and days go in as `datetime`/`date`; a backend that stores text converts them itself.
"""

from __future__ import annotations

import json
from abc import abstractmethod
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any, Protocol, TypeVar

from core.ranking import GLOBAL, day_of, period_keys, rank_key

from .base import (
    ActionRecord,
    ActiveGameExists,
    AttemptExists,
    DailyAttempt,
    DailyChallenge,
    DailyPost,
    GameNotFound,
    GameRecord,
    GameStatus,
    Leaderboard,
    NewResult,
    PreferenceScope,
    ResultRecord,
    Standing,
    StorageError,
    Store,
    VersionConflict,
)

T = TypeVar("T")
Row = dict[str, Any]

GAME_COLUMNS = (
    "id, kind, guild_id, channel_id, owner_id, status, state_json, version, rules_version,"
    " board_message_id, board_version, created_at, updated_at"
)
_STANDING = (
    "SELECT b.user_id, b.game_id, b.rank_key, r.outcome, r.score, r.rounds, r.finished_at, r.detail_json"
    " FROM bests b JOIN results r ON r.game_id = b.game_id"
)

# A result verification refused (`core.verify`) counts nowhere: not in `/stats`, not in a streak.
_NOT_REFUSED = "NOT EXISTS (SELECT 1 FROM verifications v WHERE v.game_id = r.game_id AND v.ok = 0)"


def utc_now() -> datetime:
    return datetime.now(UTC)


def newer_schema_message(found: int, latest: int) -> str:
    return (
        f"the database is at schema version {found}, newer than this bot ({latest}); "
        "update the bot before using this database"
    )


class Duplicate(StorageError):
    """A unique key refused a row (the adapters raise it, naming the table, so callers can tell which)."""

    def __init__(self, table: str, detail: str) -> None:
        super().__init__(detail)
        self.table = table


class Tx(Protocol):
    """One connection inside one transaction, as the shared SQL sees it."""

    async def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Execute a statement; the number of rows it changed."""
        ...

    async def run_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None: ...

    async def rows(self, sql: str, params: Sequence[Any] = ()) -> list[Row]: ...


@dataclass(frozen=True)
class Dialect:
    """The SQL fragments that differ between the backends."""

    players: str  # the result's players as "1,2,3", for a row of `results r`
    not_abandoned: str  # true where result `r` was not abandoned (its detail JSON says so)
    keep_ids: str = ""  # what lets an INSERT give `games.id` itself (copying a store)


@dataclass(frozen=True)
class Table:
    """A stored table as copied between stores: its key, its columns, whether a row may change after
    it is written (copied again on a re-run) or is insert-only (logs, results, verdicts), which of a
    changing row's columns never change (what tells one game from another under the same id),
    whether the bot deletes rows (a re-run must delete them from the copy too), and the column that
    says when a row last changed, where one does (a change made on the copy is not overwritten
    unasked)."""

    name: str
    key: tuple[str, ...]
    columns: tuple[str, ...]
    mutable: bool = False
    identity: tuple[str, ...] = ()
    deletable: bool = False
    changed: str | None = None

    @property
    def fixed(self) -> tuple[str, ...]:
        """The columns a row keeps for ever once written: all of an insert-only row's."""
        return self.identity if self.mutable else self.columns


# Every table, parents before children (foreign keys).
# Every table a copy carries (`tools.migrate_store`, backups). `pending_tasks` is not one: a store owes
# its own one-off tasks, and a copy that ranks its standings again from the copied verdicts gets the
# same bests.
TABLES: tuple[Table, ...] = (
    Table(
        "games",
        ("id",),
        tuple(GAME_COLUMNS.replace(" ", "").split(",")),
        mutable=True,
        identity=("kind", "guild_id", "channel_id", "owner_id", "rules_version", "created_at"),
    ),
    Table("actions", ("game_id", "seq"), ("game_id", "seq", "user_id", "action_json", "at")),
    Table(
        "results",
        ("game_id",),
        ("game_id", "kind", "guild_id", "outcome", "score", "rounds", "detail_json", "finished_at"),
    ),
    Table("result_players", ("game_id", "user_id"), ("game_id", "user_id")),
    Table(
        "daily_challenges",
        ("game", "day"),
        ("game", "day", "seed", "setup_json", "rules_version", "created_at"),
    ),
    Table("daily_attempts", ("game", "day", "user_id"), ("game", "day", "user_id", "game_id", "started_at")),
    Table("verifications", ("game_id",), ("game_id", "ok", "note", "checked_at")),
    Table(
        "bests",
        ("kind", "scope", "period", "user_id"),
        ("kind", "scope", "period", "user_id", "rank_key", "game_id"),
        mutable=True,
        deletable=True,  # ranking again starts from none
    ),
    Table(
        "daily_posts",
        ("guild_id",),
        ("guild_id", "channel_id", "hour", "last_day", "since", "channel_gone"),
        mutable=True,
    ),
    Table(
        "preferences",
        ("scope", "subject_id", "key"),
        ("scope", "subject_id", "key", "value", "updated_at"),
        mutable=True,
        deletable=True,  # a setting back to automatic, a tip shown again
        changed="updated_at",
    ),
)
_TIMES = frozenset({"created_at", "updated_at", "at", "finished_at", "started_at", "checked_at", "since"})
_DAYS = frozenset({"day", "last_day"})


def as_datetime(value: datetime | str) -> datetime:
    return value if isinstance(value, datetime) else datetime.fromisoformat(value)


def as_date(value: date | str) -> date:
    return value if isinstance(value, date) else date.fromisoformat(value)


def _game(row: Row) -> GameRecord:
    return GameRecord.model_validate(row)


def _result(row: Row) -> ResultRecord:
    players = str(row.pop("players") or "")
    return ResultRecord.model_validate(
        {**row, "players": tuple(sorted(int(user) for user in players.split(",") if user))}
    )


async def _enter_bests(tx: Tx, result: ResultRecord, difficulty: int, daily_day: date | None) -> None:
    """A verified, ranked result as each of its players' best where it beats the one kept: in every
    period it counts in, on its server's board and on everyone's. A ranked daily attempt counts on its
    challenge's day (`daily_day`), as the day's standings and streaks count it, even if it ended after
    midnight; any other game on the day it ended."""
    key = rank_key(result.outcome == "won", difficulty, result.score, result.rounds, result.finished_at)
    day = daily_day if daily_day is not None else day_of(result.finished_at)
    scopes = [GLOBAL] + ([result.guild_id] if result.guild_id is not None else [])
    await tx.run_many(
        "INSERT INTO bests (kind, scope, period, user_id, rank_key, game_id)"
        " VALUES (?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (kind, scope, period, user_id) DO UPDATE"
        " SET rank_key = excluded.rank_key, game_id = excluded.game_id"
        " WHERE excluded.rank_key > bests.rank_key",
        [
            (result.kind, scope, period, user, key, result.game_id)
            for user in result.players
            for scope in scopes
            for period in period_keys(day)
        ],
    )


def _daily_day(row: Row) -> date | None:
    """The `daily_day` of a `_results_with_day` row, taken out of it (the rest is a result)."""
    day = row.pop("daily_day")
    return as_date(day) if day is not None else None


def _standing(row: Row, rank: int) -> Standing:
    return Standing.model_validate({**row, "rank": rank})


class SqlStore(Store):
    """`Store` from the shared SQL; see the module docstring for what a backend adds."""

    dialect: Dialect

    @abstractmethod
    async def _write(self, work: Callable[[Tx], Awaitable[T]]) -> T:
        """Run `work` in one transaction: all of it is committed, or (on any exception) none."""

    @abstractmethod
    async def _fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]: ...

    def _now(self) -> datetime:
        return self.clock().astimezone(UTC)

    @property
    def _results(self) -> str:
        return f"SELECT r.*, ({self.dialect.players}) AS players FROM results r"

    @property
    def _results_with_day(self) -> str:
        """`_results` with `daily_day`: the challenge's day of a ranked daily attempt (else NULL)."""
        return (
            f"SELECT r.*, ({self.dialect.players}) AS players, a.day AS daily_day FROM results r"
            " LEFT JOIN daily_attempts a ON a.game_id = r.game_id"
        )

    # --- games ------------------------------------------------------------------------------------

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
        now = self._now()

        async def work(tx: Tx) -> GameRecord:
            (row,) = await tx.rows(
                "INSERT INTO games (kind, guild_id, channel_id, owner_id, state_json, rules_version,"
                f" created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING {GAME_COLUMNS}",
                (kind, guild_id, channel_id, owner_id, state_json, rules_version, now, now),
            )
            if attempt is not None:
                await tx.run(
                    "INSERT INTO daily_attempts (game, day, user_id, game_id, started_at)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (attempt[0], attempt[1], owner_id, row["id"], now),
                )
            return _game(row)

        try:
            return await self._write(work)
        except Duplicate as error:
            if attempt is not None and error.table == "daily_attempts":
                taken = await self.daily_attempt(attempt[0], attempt[1], owner_id)
                if taken is not None:
                    raise AttemptExists(taken) from None
            existing = await self.active_game(channel_id)
            if existing is None:  # not the one-per-channel rule: a genuine bug, let it surface
                raise
            raise ActiveGameExists(existing) from None

    async def get_game(self, game_id: int) -> GameRecord | None:
        rows = await self._fetch(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        return _game(rows[0]) if rows else None

    async def active_game(self, channel_id: int) -> GameRecord | None:
        rows = await self._fetch(
            f"SELECT {GAME_COLUMNS} FROM games WHERE channel_id = ? AND status = 'active'", (channel_id,)
        )
        return _game(rows[0]) if rows else None

    async def active_games(self, kind: str | None = None, *, guild_id: int | None = None) -> list[GameRecord]:
        sql = f"SELECT {GAME_COLUMNS} FROM games WHERE status = 'active'"
        params: tuple[Any, ...] = ()
        if kind is not None:
            sql, params = sql + " AND kind = ?", (kind,)
        if guild_id is not None:
            sql, params = sql + " AND guild_id = ?", (*params, guild_id)
        return [_game(row) for row in await self._fetch(sql + " ORDER BY id", params)]

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
        if result is not None:
            json.loads(result.detail_json)  # refuse malformed detail before anything is written
        now = self._now()

        async def work(tx: Tx) -> GameRecord:
            rows = await tx.rows(
                "UPDATE games SET state_json = ?, version = version + 1, status = ?, updated_at = ?"
                f" WHERE id = ? AND version = ? AND status = 'active' RETURNING {GAME_COLUMNS}",
                (state_json, status, now, game_id, expected_version),
            )
            if not rows:
                found = await tx.rows("SELECT version, status FROM games WHERE id = ?", (game_id,))
                if not found:
                    raise GameNotFound(game_id)
                raise VersionConflict(game_id, expected_version, int(found[0]["version"]), found[0]["status"])
            await tx.run(
                "INSERT INTO actions (game_id, seq, user_id, action_json, at) VALUES (?, ?, ?, ?, ?)",
                (game_id, expected_version + 1, user_id, action_json, now),
            )
            if result is not None:
                await tx.run(
                    "INSERT INTO results"
                    " (game_id, kind, guild_id, outcome, score, rounds, detail_json, finished_at)"
                    " SELECT id, kind, guild_id, ?, ?, ?, ?, ? FROM games WHERE id = ?",
                    (result.outcome, result.score, result.rounds, result.detail_json, now, game_id),
                )
                await tx.run_many(
                    "INSERT INTO result_players (game_id, user_id) VALUES (?, ?)",
                    [(game_id, user) for user in sorted(set(result.players))],
                )
            return _game(rows[0])

        return await self._write(work)

    async def set_board_message(
        self, game_id: int, message_id: int | None, *, version: int | None = None
    ) -> None:
        async def work(tx: Tx) -> int:
            return await tx.run(
                "UPDATE games SET board_message_id = ?, board_version = ? WHERE id = ?",
                (message_id, version, game_id),
            )

        if await self._write(work) != 1:
            raise GameNotFound(game_id)

    async def board_shown(self, game_id: int, message_id: int, version: int) -> None:
        async def work(tx: Tx) -> int:
            return await tx.run(
                "UPDATE games SET board_version = ? WHERE id = ? AND board_message_id = ?",
                (version, game_id, message_id),
            )

        await self._write(work)

    async def boards_behind(self, since: datetime) -> list[GameRecord]:
        rows = await self._fetch(
            f"SELECT {GAME_COLUMNS} FROM games WHERE board_message_id IS NOT NULL"
            " AND (board_version IS NULL OR board_version <> version)"
            " AND (status = 'active' OR updated_at >= ?) ORDER BY id",
            (since.astimezone(UTC),),
        )
        return [_game(row) for row in rows]

    async def actions(self, game_id: int) -> list[ActionRecord]:
        rows = await self._fetch(
            "SELECT game_id, seq, user_id, action_json, at FROM actions WHERE game_id = ? ORDER BY seq",
            (game_id,),
        )
        return [ActionRecord.model_validate(row) for row in rows]

    async def result(self, game_id: int) -> ResultRecord | None:
        rows = await self._fetch(self._results + " WHERE r.game_id = ?", (game_id,))
        return _result(rows[0]) if rows else None

    # --- daily challenges, verification and standings ------------------------------------------
    # Leaderboards read `bests`: one row per (game kind, scope, period, player) holding the player's
    # best verified result there as one `rank_key` (`core.ranking`), so the top ten is an index walk
    # and a player's rank one index count, however many results are stored.

    async def daily_challenge(
        self, game: str, day: date, *, seed: int, setup_json: str, rules_version: str
    ) -> DailyChallenge:
        now = self._now()

        async def work(tx: Tx) -> Row:
            await tx.run(
                "INSERT INTO daily_challenges (game, day, seed, setup_json, rules_version, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (game, day, seed, setup_json, rules_version, now),
            )
            (row,) = await tx.rows("SELECT * FROM daily_challenges WHERE game = ? AND day = ?", (game, day))
            return row

        return DailyChallenge.model_validate(await self._write(work))

    async def find_daily_challenge(self, game: str, day: date) -> DailyChallenge | None:
        rows = await self._fetch("SELECT * FROM daily_challenges WHERE game = ? AND day = ?", (game, day))
        return DailyChallenge.model_validate(rows[0]) if rows else None

    async def daily_attempt(self, game: str, day: date, user_id: int) -> DailyAttempt | None:
        rows = await self._fetch(
            "SELECT * FROM daily_attempts WHERE game = ? AND day = ? AND user_id = ?", (game, day, user_id)
        )
        return DailyAttempt.model_validate(rows[0]) if rows else None

    async def unverified_results(self, limit: int = 100) -> list[ResultRecord]:
        rows = await self._fetch(
            self._results + " WHERE NOT EXISTS (SELECT 1 FROM verifications v WHERE v.game_id = r.game_id)"
            " ORDER BY r.finished_at, r.game_id LIMIT ?",
            (limit,),
        )
        return [_result(row) for row in rows]

    async def record_verification(
        self, game_id: int, *, ok: bool, note: str = "", ranked: bool = True, difficulty: int = 0
    ) -> None:
        now = self._now()

        async def work(tx: Tx) -> None:
            inserted = await tx.run(
                "INSERT INTO verifications (game_id, ok, note, checked_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (game_id) DO NOTHING",
                (game_id, int(ok), note, now),
            )
            if inserted != 1 or not (ok and ranked):  # checked already (by a concurrent reader), or unranked
                return
            (row,) = await tx.rows(self._results_with_day + " WHERE r.game_id = ?", (game_id,))
            daily_day = _daily_day(row)
            await _enter_bests(tx, _result(row), difficulty, daily_day)

        await self._write(work)

    async def rerank_if_owed(self, rank_of: Callable[[ResultRecord], int | None]) -> bool:
        async def work(tx: Tx) -> bool:
            if await tx.run("DELETE FROM pending_tasks WHERE task = 'rerank bests'") != 1:
                return False  # owed nothing, or another reader is doing it (its delete holds the row)
            await tx.run("DELETE FROM bests")
            verified = " JOIN verifications v ON v.game_id = r.game_id AND v.ok = 1 ORDER BY r.game_id"
            for row in await tx.rows(self._results_with_day + verified):
                daily_day = _daily_day(row)
                result = _result(row)
                difficulty = rank_of(result)
                if difficulty is not None:
                    await _enter_bests(tx, result, difficulty, daily_day)
            return True

        return await self._write(work)

    async def leaderboard(
        self, kind: str, period_key: str, scope: int, user_id: int, limit: int = 10
    ) -> Leaderboard:
        where = " WHERE b.kind = ? AND b.scope = ? AND b.period = ?"
        params = (kind, scope, period_key)
        top_rows = await self._fetch(
            _STANDING + where + " ORDER BY b.rank_key DESC, b.user_id LIMIT ?", (*params, limit)
        )
        mine_rows = await self._fetch(_STANDING + where + " AND b.user_id = ?", (*params, user_id))
        # One pass counts the board and the players above the caller (none above when not on it).
        mine_key = mine_rows[0]["rank_key"] if mine_rows else None
        (count,) = await self._fetch(
            "SELECT COUNT(*) AS n, COALESCE(SUM(CASE WHEN b.rank_key > ? THEN 1 ELSE 0 END), 0) AS above"
            " FROM bests b" + where,
            (mine_key, *params),
        )
        top: list[Standing] = []
        rank, previous = 0, None
        for position, row in enumerate(top_rows, 1):
            if row["rank_key"] != previous:
                rank, previous = position, row["rank_key"]
            top.append(_standing(row, rank))
        mine = _standing(mine_rows[0], int(count["above"]) + 1) if mine_rows else None
        return Leaderboard(top=tuple(top), mine=mine, players=int(count["n"]))

    async def daily_podium(
        self,
        game: str,
        day: date,
        guild_id: int | None,
        limit: int | None = 3,
        *,
        rank_of: Callable[[ResultRecord], int | None],
    ) -> list[Standing]:
        sql = (
            f"SELECT r.*, ({self.dialect.players}) AS players, a.user_id"
            " FROM daily_attempts a JOIN results r ON r.game_id = a.game_id"
            " JOIN verifications v ON v.game_id = a.game_id AND v.ok = 1"
            " WHERE a.game = ? AND a.day = ?"
        )
        params: tuple[Any, ...] = (game, day)
        if guild_id is not None:
            sql, params = sql + " AND r.guild_id = ?", (*params, guild_id)
        ranked: list[tuple[int, Row]] = []
        for row in await self._fetch(sql, params):
            result = _result(row)
            difficulty = rank_of(result)
            if difficulty is not None:  # the leaderboards' key: a give-up ranks as the easiest set-up
                won, finished = result.outcome == "won", result.finished_at
                ranked.append((rank_key(won, difficulty, result.score, result.rounds, finished), row))
        keys = sorted(ranked, key=lambda pair: pair[0], reverse=True)[:limit]
        # equal results share a rank, as on the leaderboards ("1, 1, 3")
        firsts: dict[int, int] = {}
        return [_standing(row, firsts.setdefault(k, place)) for place, (k, row) in enumerate(keys, 1)]

    async def player_results(self, kind: str, user_id: int) -> list[ResultRecord]:
        rows = await self._fetch(
            self._results
            + " WHERE r.kind = ? AND r.game_id IN (SELECT game_id FROM result_players WHERE user_id = ?)"
            f" AND {_NOT_REFUSED} ORDER BY r.finished_at",
            (kind, user_id),
        )
        return [_result(row) for row in rows]

    async def last_kind_finished(self, user_id: int) -> str | None:
        by_player = "JOIN result_players p ON p.game_id = r.game_id WHERE p.user_id = ?"
        return await self._last_kind(by_player, user_id)

    async def last_kind_finished_in(self, channel_id: int) -> str | None:
        return await self._last_kind("JOIN games g ON g.id = r.game_id WHERE g.channel_id = ?", channel_id)

    async def _last_kind(self, joined: str, key: int) -> str | None:
        """The kind of the latest result that `joined` (a join and a condition on `key`) keeps."""
        latest = " ORDER BY r.finished_at DESC, r.game_id DESC LIMIT 1"
        rows = await self._fetch(f"SELECT r.kind FROM results r {joined}{latest}", (key,))
        return str(rows[0]["kind"]) if rows else None

    async def daily_days(self, game: str, user_id: int) -> list[date]:
        rows = await self._fetch(
            "SELECT a.day FROM daily_attempts a JOIN results r ON r.game_id = a.game_id"
            f" WHERE a.user_id = ? AND a.game = ? AND {self.dialect.not_abandoned} AND {_NOT_REFUSED}"
            " ORDER BY a.day",
            (user_id, game),
        )
        return [as_date(row["day"]) for row in rows]

    async def running_daily_days(self, game: str, user_id: int) -> list[date]:
        rows = await self._fetch(
            "SELECT a.day FROM daily_attempts a JOIN games g ON g.id = a.game_id"
            " WHERE a.user_id = ? AND a.game = ? AND g.status = 'active' ORDER BY a.day",
            (user_id, game),
        )
        return [as_date(row["day"]) for row in rows]

    async def set_daily_post(
        self, guild_id: int, channel_id: int | None, hour: int = 0, *, channel_gone: bool = False
    ) -> None:
        now = self._now()

        async def work(tx: Tx) -> None:
            if channel_id is None:  # off, but the day posted is kept: opting in again posts no twice
                await tx.run(
                    "UPDATE daily_posts SET channel_id = 0, since = ?, channel_gone = ?"
                    " WHERE guild_id = ? AND channel_id <> 0",
                    (now, int(channel_gone), guild_id),
                )
                return
            await tx.run(
                "INSERT INTO daily_posts (guild_id, channel_id, hour, since) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET channel_id = excluded.channel_id,"
                " hour = excluded.hour, channel_gone = 0, since = CASE"
                " WHEN daily_posts.channel_id <> 0 AND daily_posts.hour = excluded.hour"
                " THEN COALESCE(daily_posts.since, excluded.since) ELSE excluded.since END",
                (guild_id, channel_id, hour, now),
            )

        await self._write(work)

    async def daily_posts(self) -> list[DailyPost]:
        rows = await self._fetch("SELECT * FROM daily_posts WHERE channel_id <> 0 ORDER BY guild_id")
        return [DailyPost.model_validate(row) for row in rows]

    async def daily_post(self, guild_id: int) -> DailyPost | None:
        rows = await self._fetch("SELECT * FROM daily_posts WHERE guild_id = ?", (guild_id,))
        return DailyPost.model_validate(rows[0]) if rows else None

    async def claim_daily_post(self, guild_id: int, day: date, *, stale_before: datetime) -> datetime | None:
        now = self._now()
        # A claim made before the day began is an earlier day's; one older than `stale_before` was left
        # by a sender that died: either may be taken. One conditional UPDATE of the server's row, so of
        # two senders racing, the second finds the first's claim (PostgreSQL re-reads the row it waited
        # for; SQLite writes one at a time).
        cutoff = max(datetime.combine(day, datetime.min.time(), tzinfo=UTC), stale_before.astimezone(UTC))

        async def work(tx: Tx) -> int:
            return await tx.run(
                "UPDATE daily_posts SET claimed_at = ? WHERE guild_id = ? AND channel_id <> 0"
                " AND (last_day IS NULL OR last_day < ?) AND (claimed_at IS NULL OR claimed_at < ?)",
                (now, guild_id, day, cutoff),
            )

        return now if await self._write(work) == 1 else None

    async def release_daily_post(self, guild_id: int, claimed_at: datetime) -> None:
        async def work(tx: Tx) -> int:
            return await tx.run(
                "UPDATE daily_posts SET claimed_at = NULL WHERE guild_id = ? AND claimed_at = ?",
                (guild_id, claimed_at.astimezone(UTC)),
            )

        await self._write(work)

    async def mark_daily_posted(self, guild_id: int, day: date) -> bool:
        async def work(tx: Tx) -> int:
            return await tx.run(
                "UPDATE daily_posts SET last_day = ?"
                " WHERE guild_id = ? AND (last_day IS NULL OR last_day < ?)",
                (day, guild_id, day),
            )

        return await self._write(work) == 1

    # --- preferences ------------------------------------------------------------------------------

    async def preferences(self, scope: PreferenceScope, subject_id: int) -> dict[str, str]:
        rows = await self._fetch(
            "SELECT key, value FROM preferences WHERE scope = ? AND subject_id = ? ORDER BY key",
            (scope, subject_id),
        )
        return {str(row["key"]): str(row["value"]) for row in rows}

    async def set_preference(
        self, scope: PreferenceScope, subject_id: int, key: str, value: str | None
    ) -> None:
        async def work(tx: Tx) -> None:
            if value is None:
                await tx.run(
                    "DELETE FROM preferences WHERE scope = ? AND subject_id = ? AND key = ?",
                    (scope, subject_id, key),
                )
                return
            await tx.run(
                "INSERT INTO preferences (scope, subject_id, key, value, updated_at) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (scope, subject_id, key) DO UPDATE"
                " SET value = excluded.value, updated_at = excluded.updated_at",
                (scope, subject_id, key, value, self._now()),
            )

        await self._write(work)

    # --- copying between stores (tools/migrate_store.py) ----------------------------------------

    async def dump(self, table: Table) -> list[Row]:
        """Every row of `table` in key order, times and days typed alike for both stores."""
        return [_typed(row) for row in await self._fetch(_dump_sql(table))]

    async def copy_in(self, work: Callable[[TableWriter], Awaitable[T]]) -> T:
        """Run a copy's reads and writes (`work`) in one transaction: if it raises, nothing is written."""

        async def whole(tx: Tx) -> T:
            done = await work(TableWriter(tx, self.dialect))
            await self._after_load(tx)
            return done

        return await self._write(whole)

    async def _after_load(self, tx: Tx) -> None:
        """What a backend must do after rows were written with their own ids (nothing by default)."""


def _dump_sql(table: Table) -> str:
    return f"SELECT {', '.join(table.columns)} FROM {table.name} ORDER BY {', '.join(table.key)}"


class TableWriter:
    """A copy's view of one transaction on a store: read a table, write rows keeping their keys,
    delete rows by key."""

    def __init__(self, tx: Tx, dialect: Dialect) -> None:
        self.tx = tx
        self.dialect = dialect

    async def dump(self, table: Table) -> list[Row]:
        return [_typed(row) for row in await self.tx.rows(_dump_sql(table))]

    async def load(self, table: Table, rows: Sequence[Row], batch: int = 1000) -> None:
        """Write `rows` keeping their keys: a row already there is left alone if the table is
        insert-only, or brought up to date if it is mutable."""
        values = ", ".join("?" for _ in table.columns)
        keep_ids = f" {self.dialect.keep_ids}" if table.name == "games" else ""
        changes = ", ".join(f"{c} = excluded.{c}" for c in table.columns if c not in table.key)
        conflict = f"DO UPDATE SET {changes}" if table.mutable else "DO NOTHING"
        sql = (
            f"INSERT INTO {table.name} ({', '.join(table.columns)}){keep_ids} VALUES ({values})"
            f" ON CONFLICT ({', '.join(table.key)}) {conflict}"
        )
        for start in range(0, len(rows), batch):
            await self.tx.run_many(
                sql, [tuple(row[c] for c in table.columns) for row in rows[start : start + batch]]
            )

    async def delete(self, table: Table, keys: Sequence[tuple[Any, ...]]) -> None:
        where = " AND ".join(f"{column} = ?" for column in table.key)
        await self.tx.run_many(f"DELETE FROM {table.name} WHERE {where}", keys)


def _typed(row: Row) -> Row:
    """A row with its times as UTC `datetime` and its days as `date`, whichever store it came from."""
    return {
        column: (
            value
            if value is None
            else as_datetime(value).astimezone(UTC)
            if column in _TIMES
            else as_date(value)
            if column in _DAYS
            else value
        )
        for column, value in row.items()
    }


def rows_of(records: Iterable[Any]) -> list[Row]:
    """Driver rows (mappings by column name) as plain dicts."""
    return [dict(record) for record in records]
