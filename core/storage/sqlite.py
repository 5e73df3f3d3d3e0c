"""The embedded default store: one SQLite file in WAL mode, reached through aiosqlite.

One connection serves the whole bot; an asyncio lock keeps each operation (and each transaction)
whole, so two coroutines never interleave statements inside one another's transaction. The
operations themselves are the shared SQL of `sql_store`.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import AsyncGenerator, Awaitable, Callable, Generator, Iterable, Sequence
from contextlib import asynccontextmanager, contextmanager
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import aiosqlite

from .migrations import LATEST_VERSION, MIGRATIONS
from .sql import execute
from .sql_store import Dialect, Duplicate, Row, SqlStore, T, Tx, newer_schema_message, rows_of, utc_now

BUSY_TIMEOUT_MS = 5000


async def connect(path: Path | str) -> aiosqlite.Connection:
    """Open a connection with the pragmas every connection to our database must have."""
    if str(path) != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    db = await _open(path)
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


async def _open(path: Path | str) -> aiosqlite.Connection:
    """aiosqlite's connection, or the error opening it once its worker thread has ended: on that error
    aiosqlite stops the thread without waiting, and a thread outliving its event loop (a failed start
    ends `asyncio.run`) dies printing "Event loop is closed" tracebacks after our one-line message."""
    db = aiosqlite.connect(str(path), isolation_level=None)  # we issue BEGIN/COMMIT ourselves
    try:
        return await db
    except BaseException:
        worker = getattr(db, "_thread", None)  # not public; aiosqlite 0.20-0.22 keep the thread there
        if isinstance(worker, threading.Thread):
            await asyncio.to_thread(worker.join, 5)
        raise


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
        raise RuntimeError(newer_schema_message(current, LATEST_VERSION))
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


class _SqliteTx:
    """`Tx` on the store's one connection: times and days become ISO text, a unique clash `Duplicate`."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db

    async def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        with _duplicates():
            rowcount, _ = await execute(self.db, sql, _text(params))
        return rowcount

    async def run_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        with _duplicates():
            cursor = await self.db.executemany(sql, [_text(row) for row in rows])
            await cursor.close()

    async def rows(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        with _duplicates():
            return rows_of(await self.db.execute_fetchall(sql, _text(params)))


def _text(params: Iterable[Any]) -> tuple[Any, ...]:
    """SQLite keeps times and days as ISO text (UTC), which sorts as they do."""
    return tuple(
        value.astimezone(UTC).isoformat()
        if isinstance(value, datetime)
        else value.isoformat()
        if isinstance(value, date)
        else value
        for value in params
    )


@contextmanager
def _duplicates() -> Generator[None]:
    try:
        yield
    except sqlite3.IntegrityError as error:
        text = str(error)
        if not text.startswith("UNIQUE constraint failed: "):
            raise
        table = text.removeprefix("UNIQUE constraint failed: ").split(".", 1)[0]
        raise Duplicate(table, text) from error


SQLITE = Dialect(
    players="SELECT group_concat(user_id) FROM result_players p WHERE p.game_id = r.game_id",
    not_abandoned="coalesce(json_extract(r.detail_json, '$.abandoned'), 0) = 0",
)


class SqliteStore(SqlStore):
    """`Store` on a SQLite file (or ":memory:"); `clock` is injectable so tests control time."""

    dialect = SQLITE

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

    async def _write(self, work: Callable[[Tx], Awaitable[T]]) -> T:
        """A write transaction under the store lock; any exception rolls everything back."""
        async with self._lock, transaction(self.db) as db:
            return await work(_SqliteTx(db))

    async def _fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        async with self._lock:  # one trip to the database thread, not three (execute, fetch, close)
            return rows_of(await self.db.execute_fetchall(sql, _text(params)))

    async def schema_version(self) -> int:
        async with self._lock:
            return await _user_version(self.db)
