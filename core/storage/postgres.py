"""The shared store: PostgreSQL through asyncpg, so several bot processes (shards) can use one database.

The operations are the shared SQL of `sql_store`; this module adds a bounded connection pool, its own
migrations, and what crossing a network needs. Everything that must hold across processes (one active
game per channel, one ranked attempt a day, one save per version) is a constraint or a conditional
UPDATE in the database itself, never an in-process lock. A unit of work whose connection is lost is
run once more on a fresh connection (PostgreSQL rolled the broken transaction back, so nothing was
half-written); if that fails too, `StoreUnavailable` says so politely.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable, Generator, Sequence
from contextlib import AbstractAsyncContextManager, contextmanager
from datetime import datetime
from typing import Any, Protocol, cast

import asyncpg  # pyright: ignore[reportMissingTypeStubs]  # its hints are partial: see `Connection`

from .base import StoreUnavailable
from .postgres_migrations import PG_LATEST_VERSION, PG_MIGRATIONS
from .sql_store import Dialect, Duplicate, Row, SqlStore, T, Tx, newer_schema_message, rows_of, utc_now

log = logging.getLogger("deepspace.storage")

DEFAULT_POOL_SIZE = 10
CONNECT_TIMEOUT_SECONDS = 10.0

# What a lost or refused connection looks like (the server restarted or was stopped, the network
# dropped, the pool could not hand out a connection in time): worth one more try on a fresh one.
LOST_CONNECTION: tuple[type[BaseException], ...] = (
    OSError,  # refused, reset, timed out (TimeoutError is an OSError)
    asyncpg.PostgresConnectionError,
    asyncpg.AdminShutdownError,
    asyncpg.CrashShutdownError,
    asyncpg.CannotConnectNowError,
)


class Connection(Protocol):
    """The part of `asyncpg.Connection` we use, typed (asyncpg's own hints leave arguments unknown)."""

    async def execute(self, query: str, *args: Any) -> str: ...
    async def executemany(self, command: str, args: Sequence[Sequence[Any]]) -> None: ...
    async def fetch(self, query: str, *args: Any) -> list[Any]: ...
    async def fetchval(self, query: str, *args: Any) -> Any: ...
    def transaction(self) -> AbstractAsyncContextManager[Any]: ...


class Pool(Protocol):
    """The part of `asyncpg.Pool` we use."""

    def acquire(self, *, timeout: float | None = None) -> AbstractAsyncContextManager[Connection]: ...
    async def expire_connections(self) -> None: ...
    async def close(self) -> None: ...


def is_lost_connection(error: BaseException) -> bool:
    """A lost connection, also where asyncpg reports it as the failed clean-up that followed (ending a
    transaction on a closed connection raises an `InterfaceError` whose context is the real loss)."""
    seen: BaseException | None = error
    for _ in range(5):
        if seen is None:
            return False
        if isinstance(seen, LOST_CONNECTION):
            return True
        if not isinstance(seen, asyncpg.InterfaceError):
            return False
        seen = seen.__cause__ or seen.__context__
    return False


POSTGRES = Dialect(
    players="SELECT string_agg(p.user_id::text, ',') FROM result_players p WHERE p.game_id = r.game_id",
    not_abandoned="coalesce((r.detail_json::jsonb ->> 'abandoned')::boolean, false) = false",
    keep_ids="OVERRIDING SYSTEM VALUE",
)


def is_postgres_url(location: object) -> bool:
    return isinstance(location, str) and location.startswith(("postgresql://", "postgres://"))


@functools.lru_cache(maxsize=1024)
def numbered(sql: str) -> str:
    """The shared SQL's `?` placeholders as PostgreSQL's `$1, $2, …` (our SQL has no literal `?`)."""
    parts = sql.split("?")
    return "".join(part + (f"${n}" if n < len(parts) else "") for n, part in enumerate(parts, 1))


@contextmanager
def _duplicates() -> Generator[None]:
    try:
        yield
    except asyncpg.UniqueViolationError as error:
        table: object = getattr(error, "table_name", None)
        raise Duplicate(str(table or ""), str(error)) from error


def _changed(status: str) -> int:
    """The row count of a command status such as "INSERT 0 1" or "UPDATE 2"."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class _PgTx:
    """`Tx` on one pooled connection inside its transaction."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    async def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        with _duplicates():
            return _changed(await self.conn.execute(numbered(sql), *params))

    async def run_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        if rows:
            with _duplicates():
                await self.conn.executemany(numbered(sql), rows)

    async def rows(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        with _duplicates():
            return rows_of(await self.conn.fetch(numbered(sql), *params))


async def schema_version(conn: Connection) -> int:
    value = await conn.fetchval("SELECT version FROM schema_version")
    return int(value or 0)


async def migrate(conn: Connection, target: int = PG_LATEST_VERSION) -> int:
    """Apply the pending migrations up to `target`, each in its own transaction; returns the version.

    Each transaction first takes an advisory lock for the schema, then reads the version again, so
    processes starting together on a new database run each migration once.
    """
    lock = "SELECT pg_advisory_xact_lock(hashtext('deepspace:' || current_schema()))"
    async with conn.transaction():
        await conn.execute(lock)
        await conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_version"
            " (one BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (one), version INTEGER NOT NULL)"
        )
        await conn.execute("INSERT INTO schema_version (version) VALUES (0) ON CONFLICT DO NOTHING")
        current = await schema_version(conn)
    if current > PG_LATEST_VERSION:
        raise RuntimeError(newer_schema_message(current, PG_LATEST_VERSION))
    for migration in PG_MIGRATIONS:
        if migration.version > target:
            break
        async with conn.transaction():
            await conn.execute(lock)
            if await schema_version(conn) >= migration.version:
                continue
            for statement in migration.statements:
                await conn.execute(statement)
            await conn.execute("UPDATE schema_version SET version = $1", migration.version)
        current = migration.version
    return max(current, await schema_version(conn))


class PostgresStore(SqlStore):
    """`Store` on a PostgreSQL database given by URL; `pool_size` bounds this process's connections.

    Extra URL query parameters are server settings (asyncpg), so `?search_path=name` puts the tables
    in schema `name` (the tests give each test its own).
    """

    dialect = POSTGRES

    def __init__(
        self,
        url: str,
        *,
        clock: Callable[[], datetime] = utc_now,
        pool_size: int = DEFAULT_POOL_SIZE,
        timeout: float = CONNECT_TIMEOUT_SECONDS,
    ) -> None:
        if pool_size < 1:
            raise ValueError("the pool needs at least one connection")
        self.url = url
        self.clock = clock
        self.pool_size = pool_size
        self.timeout = timeout
        self._pool: Pool | None = None

    async def open(self) -> None:
        if self._pool is None:
            pool = cast(
                Pool,
                await asyncpg.create_pool(  # pyright: ignore[reportUnknownMemberType]
                    self.url, min_size=1, max_size=self.pool_size, timeout=self.timeout
                ),
            )
            try:
                async with pool.acquire() as conn:
                    await migrate(conn)
            except BaseException:
                await pool.close()
                raise
            self._pool = pool

    async def close(self) -> None:
        if self._pool is not None:
            pool, self._pool = self._pool, None
            await pool.close()

    @property
    def pool(self) -> Pool:
        if self._pool is None:
            raise RuntimeError("the store is not open; call `await store.open()` first")
        return self._pool

    async def _on_connection(self, use: Callable[[Connection], Awaitable[T]]) -> T:
        """Run `use` on a pooled connection; a lost connection is retried once on a fresh one. Waiting
        `timeout` for a connection (all busy, or the server not answering) is not retried."""
        for attempt in (1, 2):
            try:
                async with self.pool.acquire(timeout=self.timeout) as conn:
                    return await use(conn)
            except (*LOST_CONNECTION, asyncpg.InterfaceError) as error:
                if not is_lost_connection(error):
                    raise
                if attempt == 2 or isinstance(error, TimeoutError):  # a timeout: we waited long enough
                    log.error("the database is unreachable or every connection stayed busy: %r", error)
                    raise StoreUnavailable() from error
                log.warning("lost the database connection (%r); trying once more", error)
                await self.pool.expire_connections()  # the others are likely gone too: reconnect lazily
        raise AssertionError("unreachable")

    async def _write(self, work: Callable[[Tx], Awaitable[T]]) -> T:
        async def use(conn: Connection) -> T:
            async with conn.transaction():
                return await work(_PgTx(conn))

        return await self._on_connection(use)

    async def _fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        async def use(conn: Connection) -> list[Row]:
            return rows_of(await conn.fetch(numbered(sql), *params))

        return await self._on_connection(use)

    async def schema_version(self) -> int:
        return await self._on_connection(schema_version)

    async def _after_load(self, tx: Tx) -> None:
        """New games must get ids after the copied ones."""
        await tx.rows(
            "SELECT setval(pg_get_serial_sequence('games', 'id'),"
            " greatest((SELECT max(id) FROM games), 1), (SELECT count(*) > 0 FROM games))"
        )
