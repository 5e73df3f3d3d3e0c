"""The SQLite side of daily challenges, verified results and leaderboards (mixed into `SqliteStore`).

Leaderboards read the `bests` table: one row per (game kind, scope, period, player) holding the
player's best verified result there as a single `rank_key` (`core.ranking`), so the top ten is an
index walk and a player's rank one index count, however many results are stored. A verified result
updates its players' rows for its day, its ISO week and all time, in its server and globally.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable
from contextlib import AbstractAsyncContextManager
from datetime import date, datetime
from typing import Any

import aiosqlite

from core.ranking import GLOBAL, day_of, period_keys, rank_key

from .base import DailyAttempt, DailyChallenge, DailyPost, Leaderboard, ResultRecord, Standing
from .sql import execute

_RESULT = (
    "SELECT r.*, (SELECT group_concat(user_id) FROM result_players p WHERE p.game_id = r.game_id)"
    " AS players FROM results r"
)
_STANDING = (
    "SELECT b.user_id, b.game_id, b.rank_key, r.outcome, r.score, r.rounds, r.finished_at"
    " FROM bests b JOIN results r ON r.game_id = b.game_id"
)


def result_record(row: aiosqlite.Row) -> ResultRecord:
    data = dict(row)
    data["players"] = tuple(sorted(int(u) for u in (data["players"] or "").split(",") if u))
    return ResultRecord.model_validate(data)


def _standing(row: aiosqlite.Row, rank: int) -> Standing:
    return Standing.model_validate({**dict(row), "rank": rank})


class StandingsMixin(ABC):
    """Needs from the store it is mixed into: a write transaction, a read, and the time now."""

    @abstractmethod
    def _transaction(self) -> AbstractAsyncContextManager[aiosqlite.Connection]: ...

    @abstractmethod
    async def _fetch(self, sql: str, params: Iterable[Any] = ()) -> list[aiosqlite.Row]: ...

    @abstractmethod
    def _now(self) -> str: ...

    async def daily_challenge(
        self, game: str, day: date, *, seed: int, setup_json: str, rules_version: str
    ) -> DailyChallenge:
        async with self._transaction() as db:
            await execute(
                db,
                "INSERT OR IGNORE INTO daily_challenges"
                " (game, day, seed, setup_json, rules_version, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                (game, day.isoformat(), seed, setup_json, rules_version, self._now()),
            )
            (row,) = await db.execute_fetchall(
                "SELECT * FROM daily_challenges WHERE game = ? AND day = ?", (game, day.isoformat())
            )
        return DailyChallenge.model_validate(dict(row))

    async def find_daily_challenge(self, game: str, day: date) -> DailyChallenge | None:
        rows = await self._fetch(
            "SELECT * FROM daily_challenges WHERE game = ? AND day = ?", (game, day.isoformat())
        )
        return DailyChallenge.model_validate(dict(rows[0])) if rows else None

    async def daily_attempt(self, game: str, day: date, user_id: int) -> DailyAttempt | None:
        rows = await self._fetch(
            "SELECT * FROM daily_attempts WHERE game = ? AND day = ? AND user_id = ?",
            (game, day.isoformat(), user_id),
        )
        return DailyAttempt.model_validate(dict(rows[0])) if rows else None

    async def unverified_results(self, limit: int = 100) -> list[ResultRecord]:
        rows = await self._fetch(
            _RESULT + " WHERE NOT EXISTS (SELECT 1 FROM verifications v WHERE v.game_id = r.game_id)"
            " ORDER BY r.finished_at, r.game_id LIMIT ?",
            (limit,),
        )
        return [result_record(row) for row in rows]

    async def record_verification(
        self, game_id: int, *, ok: bool, note: str = "", ranked: bool = True
    ) -> None:
        async with self._transaction() as db:
            inserted, _ = await execute(
                db,
                "INSERT INTO verifications (game_id, ok, note, checked_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (game_id) DO NOTHING",
                (game_id, int(ok), note, self._now()),
            )
            if inserted != 1 or not (
                ok and ranked
            ):  # checked already (by a concurrent reader), or not ranked
                return
            (row,) = await db.execute_fetchall(_RESULT + " WHERE r.game_id = ?", (game_id,))
            result = result_record(row)
            key = rank_key(result.outcome == "won", result.score, result.rounds, result.finished_at)
            scopes = [GLOBAL] + ([result.guild_id] if result.guild_id is not None else [])
            rows = [
                (result.kind, scope, period, user, key, game_id)
                for user in result.players
                for scope in scopes
                for period in period_keys(day_of(result.finished_at))
            ]
            cursor = await db.executemany(
                "INSERT INTO bests (kind, scope, period, user_id, rank_key, game_id)"
                " VALUES (?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (kind, scope, period, user_id) DO UPDATE"
                " SET rank_key = excluded.rank_key, game_id = excluded.game_id"
                " WHERE excluded.rank_key > bests.rank_key",
                rows,
            )
            await cursor.close()

    async def leaderboard(
        self, kind: str, period_key: str, scope: int, user_id: int, limit: int = 10
    ) -> Leaderboard:
        where = " WHERE b.kind = ? AND b.scope = ? AND b.period = ?"
        params = (kind, scope, period_key)
        top_rows = await self._fetch(
            _STANDING + where + " ORDER BY b.rank_key DESC, b.user_id LIMIT ?", (*params, limit)
        )
        (count,) = await self._fetch("SELECT COUNT(*) FROM bests b" + where, params)
        mine_rows = await self._fetch(_STANDING + where + " AND b.user_id = ?", (*params, user_id))
        top: list[Standing] = []
        rank, previous = 0, None
        for position, row in enumerate(top_rows, 1):
            if row["rank_key"] != previous:
                rank, previous = position, row["rank_key"]
            top.append(_standing(row, rank))
        mine = None
        if mine_rows:
            (above,) = await self._fetch(
                "SELECT COUNT(*) FROM bests b" + where + " AND b.rank_key > ?",
                (*params, mine_rows[0]["rank_key"]),
            )
            mine = _standing(mine_rows[0], int(above[0]) + 1)
        return Leaderboard(top=tuple(top), mine=mine, players=int(count[0]))

    async def daily_podium(
        self, game: str, day: date, guild_id: int | None, limit: int = 3
    ) -> list[Standing]:
        rows = await self._fetch(
            "SELECT a.user_id, r.game_id, r.outcome, r.score, r.rounds, r.finished_at"
            " FROM daily_attempts a JOIN results r ON r.game_id = a.game_id"
            " JOIN verifications v ON v.game_id = a.game_id AND v.ok = 1"
            " WHERE a.game = ? AND a.day = ? AND (? IS NULL OR r.guild_id = ?)",
            (game, day.isoformat(), guild_id, guild_id),
        )

        def key(row: aiosqlite.Row) -> int:
            finished = datetime.fromisoformat(row["finished_at"])
            return rank_key(row["outcome"] == "won", row["score"], row["rounds"], finished)

        ordered = sorted(rows, key=key, reverse=True)[:limit]
        return [_standing(row, rank) for rank, row in enumerate(ordered, 1)]

    async def player_results(self, kind: str, user_id: int) -> list[ResultRecord]:
        rows = await self._fetch(
            _RESULT
            + " WHERE r.kind = ? AND r.game_id IN (SELECT game_id FROM result_players WHERE user_id = ?)"
            " ORDER BY r.finished_at",
            (kind, user_id),
        )
        return [result_record(row) for row in rows]

    async def daily_days(self, game: str, user_id: int) -> list[date]:
        rows = await self._fetch(
            "SELECT a.day FROM daily_attempts a JOIN results r ON r.game_id = a.game_id"
            " WHERE a.user_id = ? AND a.game = ?"
            " AND coalesce(json_extract(r.detail_json, '$.abandoned'), 0) = 0 ORDER BY a.day",
            (user_id, game),
        )
        return [date.fromisoformat(row["day"]) for row in rows]

    async def set_daily_post(self, guild_id: int, channel_id: int | None, hour: int = 0) -> None:
        async with self._transaction() as db:
            if channel_id is None:  # off, but the day posted is kept: opting in again posts no twice
                await execute(db, "UPDATE daily_posts SET channel_id = 0 WHERE guild_id = ?", (guild_id,))
                return
            await execute(
                db,
                "INSERT INTO daily_posts (guild_id, channel_id, hour) VALUES (?, ?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE"
                " SET channel_id = excluded.channel_id, hour = excluded.hour",
                (guild_id, channel_id, hour),
            )

    async def daily_posts(self) -> list[DailyPost]:
        rows = await self._fetch("SELECT * FROM daily_posts WHERE channel_id != 0 ORDER BY guild_id")
        return [DailyPost.model_validate(dict(row)) for row in rows]

    async def mark_daily_posted(self, guild_id: int, day: date) -> bool:
        async with self._transaction() as db:
            updated, _ = await execute(
                db,
                "UPDATE daily_posts SET last_day = ?"
                " WHERE guild_id = ? AND (last_day IS NULL OR last_day < ?)",
                (day.isoformat(), guild_id, day.isoformat()),
            )
        return updated == 1
