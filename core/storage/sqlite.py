"""The embedded default store: one SQLite file in WAL mode, reached through aiosqlite.

One connection serves the whole bot; an asyncio lock keeps each operation (and each transaction)
whole, so two coroutines never interleave statements inside one another's transaction.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import AsyncGenerator, Callable, Iterable
from contextlib import asynccontextmanager
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import aiosqlite

from .base import (
    ActionRecord,
    ActiveGameExists,
    AttemptExists,
    GameNotFound,
    GameRecord,
    GameStatus,
    NewResult,
    ResultRecord,
    Store,
    VersionConflict,
)
from .migrations import LATEST_VERSION, MIGRATIONS
from .sql import execute
from .sqlite_standings import StandingsMixin

BUSY_TIMEOUT_MS = 5000
_GAME_COLUMNS = (
    "id, kind, guild_id, channel_id, owner_id, status, state_json, version, rules_version,"
    " board_message_id, board_version, created_at, updated_at"
)


def utc_now() -> datetime:
    return datetime.now(UTC)


async def connect(path: Path | str) -> aiosqlite.Connection:
    """Open a connection with the pragmas every connection to our database must have."""
    if str(path) != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    db = await aiosqlite.connect(str(path), isolation_level=None)  # we issue BEGIN/COMMIT ourselves
    try:
        db.row_factory = aiosqlite.Row
        await execute(db, f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        await _enable_wal(db)
        await execute(db, "PRAGMA synchronous = FULL")  # a committed action survives power loss too
        await execute(db, "PRAGMA foreign_keys = ON")
    except BaseException:
        await db.close()  # an open connection keeps a worker thread alive (and the process with it)
        raise
    return db


async def _enable_wal(db: aiosqlite.Connection) -> None:
    """Switching to WAL needs a moment alone with the file and SQLite does not wait for it (no busy
    handler), so retry while another connection holds it, up to the busy timeout."""
    for attempt in range(BUSY_TIMEOUT_MS // 10):
        try:
            await execute(db, "PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or attempt == BUSY_TIMEOUT_MS // 10 - 1:
                raise
            await asyncio.sleep(0.01)


@asynccontextmanager
async def transaction(db: aiosqlite.Connection) -> AsyncGenerator[aiosqlite.Connection, None]:
    """BEGIN IMMEDIATE … COMMIT; on any failure (cancellation included) roll back, so the connection is
    never left inside a transaction that would refuse every later write."""
    try:
        await execute(db, "BEGIN IMMEDIATE")
        yield db
        await execute(db, "COMMIT")
    except BaseException:
        await asyncio.shield(_settle_and_roll_back(db))
        raise


async def _settle_and_roll_back(db: aiosqlite.Connection) -> None:
    # A cancelled await does not stop a statement already handed to aiosqlite's thread. Statements
    # run there in order, so once this no-op is done every earlier one is, and the state is known.
    await execute(db, "SELECT 1")
    if db.in_transaction:
        await execute(db, "ROLLBACK")


async def _user_version(db: aiosqlite.Connection) -> int:
    async with db.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    return int(row[0]) if row else 0


async def migrate(db: aiosqlite.Connection, target: int = LATEST_VERSION) -> int:
    """Apply the pending migrations up to `target`, each in its own transaction; returns the version.

    The version is read again inside each write transaction, so two processes opening a new database
    at once do not both run the same migration.
    """
    current = await _user_version(db)
    if current > LATEST_VERSION:
        raise RuntimeError(
            f"the database is at schema version {current}, newer than this bot ({LATEST_VERSION}); "
            "update the bot before using this database"
        )
    for migration in MIGRATIONS:
        if migration.version > target:
            break
        async with transaction(db):
            current = await _user_version(db)
            if current >= migration.version:
                continue
            for statement in migration.statements:
                await execute(db, statement)
            await execute(db, f"PRAGMA user_version = {migration.version}")
        current = migration.version
    return current


def _game(row: aiosqlite.Row) -> GameRecord:
    return GameRecord.model_validate(dict(row))


class SqliteStore(StandingsMixin, Store):
    """`Store` on a SQLite file (or ":memory:"); `clock` is injectable so tests control time."""

    def __init__(self, path: Path | str, *, clock: Callable[[], datetime] = utc_now) -> None:
        self.path = path
        self.clock = clock
        self._db: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()

    async def open(self) -> None:
        if self._db is None:
            db = await connect(self.path)
            try:
                await migrate(db)
            except BaseException:
                await db.close()
                raise
            self._db = db

    async def close(self) -> None:
        if self._db is not None:
            db, self._db = self._db, None
            await db.close()

    @property
    def db(self) -> aiosqlite.Connection:
        if self._db is None:
            raise RuntimeError("the store is not open; call `await store.open()` first")
        return self._db

    @asynccontextmanager
    async def _transaction(self) -> AsyncGenerator[aiosqlite.Connection, None]:
        """A write transaction under the store lock; any exception rolls everything back."""
        async with self._lock, transaction(self.db) as db:
            yield db

    async def _fetch(self, sql: str, params: Iterable[Any] = ()) -> list[aiosqlite.Row]:
        async with self._lock:  # one trip to the database thread, not three (execute, fetch, close)
            return list(await self.db.execute_fetchall(sql, tuple(params)))

    def _now(self) -> str:
        return self.clock().astimezone(UTC).isoformat()

    async def schema_version(self) -> int:
        rows = await self._fetch("PRAGMA user_version")
        return int(rows[0][0])

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
        try:
            async with self._transaction() as db:
                _, game_id = await execute(
                    db,
                    "INSERT INTO games (kind, guild_id, channel_id, owner_id, state_json, rules_version,"
                    " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (kind, guild_id, channel_id, owner_id, state_json, rules_version, now, now),
                )
                if attempt is not None:
                    await execute(
                        db,
                        "INSERT INTO daily_attempts (game, day, user_id, game_id, started_at)"
                        " VALUES (?, ?, ?, ?, ?)",
                        (attempt[0], attempt[1].isoformat(), owner_id, game_id, now),
                    )
        except sqlite3.IntegrityError as error:
            if attempt is not None and "daily_attempts" in str(error):
                taken = await self.daily_attempt(attempt[0], attempt[1], owner_id)
                assert taken is not None
                raise AttemptExists(taken) from None
            existing = await self.active_game(channel_id)
            if existing is None:  # not the one-per-channel rule: a genuine bug, let it surface
                raise
            raise ActiveGameExists(existing) from None
        game = await self.get_game(int(game_id or 0))
        assert game is not None
        return game

    async def get_game(self, game_id: int) -> GameRecord | None:
        rows = await self._fetch(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        return _game(rows[0]) if rows else None

    async def active_game(self, channel_id: int) -> GameRecord | None:
        rows = await self._fetch(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = ? AND status = 'active'", (channel_id,)
        )
        return _game(rows[0]) if rows else None

    async def active_games(self, kind: str | None = None, *, guild_id: int | None = None) -> list[GameRecord]:
        sql = f"SELECT {_GAME_COLUMNS} FROM games WHERE status = 'active'"
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
        now = self._now()
        async with self._transaction() as db:
            updated, _ = await execute(
                db,
                "UPDATE games SET state_json = ?, version = version + 1, status = ?, updated_at = ?"
                " WHERE id = ? AND version = ? AND status = 'active'",
                (state_json, status, now, game_id, expected_version),
            )
            if updated != 1:
                async with db.execute("SELECT version, status FROM games WHERE id = ?", (game_id,)) as cur:
                    row = await cur.fetchone()
                if row is None:
                    raise GameNotFound(game_id)
                raise VersionConflict(game_id, expected_version, int(row["version"]), row["status"])
            await execute(
                db,
                "INSERT INTO actions (game_id, seq, user_id, action_json, at) VALUES (?, ?, ?, ?, ?)",
                (game_id, expected_version + 1, user_id, action_json, now),
            )
            if result is not None:
                await self._insert_result(db, game_id, result, now)
            (row,) = await db.execute_fetchall(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
            return _game(row)

    @staticmethod
    async def _insert_result(db: aiosqlite.Connection, game_id: int, result: NewResult, now: str) -> None:
        json.loads(result.detail_json)  # refuse malformed detail before it reaches the table
        await execute(
            db,
            "INSERT INTO results (game_id, kind, guild_id, outcome, score, rounds, detail_json, finished_at)"
            " SELECT id, kind, guild_id, ?, ?, ?, ?, ? FROM games WHERE id = ?",
            (result.outcome, result.score, result.rounds, result.detail_json, now, game_id),
        )
        cursor = await db.executemany(
            "INSERT INTO result_players (game_id, user_id) VALUES (?, ?)",
            [(game_id, user) for user in sorted(set(result.players))],
        )
        await cursor.close()

    async def set_board_message(
        self, game_id: int, message_id: int | None, *, version: int | None = None
    ) -> None:
        async with self._transaction() as db:
            updated, _ = await execute(
                db,
                "UPDATE games SET board_message_id = ?, board_version = ? WHERE id = ?",
                (message_id, version, game_id),
            )
            if updated != 1:
                raise GameNotFound(game_id)

    async def board_shown(self, game_id: int, message_id: int, version: int) -> None:
        async with self._transaction() as db:
            await execute(
                db,
                "UPDATE games SET board_version = ? WHERE id = ? AND board_message_id = ?",
                (version, game_id, message_id),
            )

    async def boards_behind(self, since: datetime) -> list[GameRecord]:
        rows = await self._fetch(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE board_message_id IS NOT NULL"
            " AND board_version IS NOT version AND (status = 'active' OR updated_at >= ?) ORDER BY id",
            (since.astimezone(UTC).isoformat(),),
        )
        return [_game(row) for row in rows]

    async def actions(self, game_id: int) -> list[ActionRecord]:
        rows = await self._fetch(
            "SELECT game_id, seq, user_id, action_json, at FROM actions WHERE game_id = ? ORDER BY seq",
            (game_id,),
        )
        return [ActionRecord.model_validate(dict(row)) for row in rows]

    async def result(self, game_id: int) -> ResultRecord | None:
        rows = await self._fetch(
            "SELECT r.*, (SELECT group_concat(user_id) FROM result_players p WHERE p.game_id = r.game_id)"
            " AS players FROM results r WHERE r.game_id = ?",
            (game_id,),
        )
        if not rows:
            return None
        data = dict(rows[0])
        data["players"] = tuple(sorted(int(u) for u in (data["players"] or "").split(",") if u))
        return ResultRecord.model_validate(data)
