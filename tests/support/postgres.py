"""PostgreSQL for the tests: a schema of its own for each test, and a skip that CI turns into a failure.

The server is `TEST_DATABASE_URL` (default: the local one, trust authentication, database `test`).
Each test gets a new schema with a unique name, created before and dropped after it, so runs in
parallel (another developer's, CI's) never see each other's rows.
"""

from __future__ import annotations

import asyncio
import functools
import os
import uuid
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from core.storage import PostgresStore, SqliteStore, Store
from core.storage.postgres import numbered

DEFAULT_URL = "postgresql://postgres@127.0.0.1:5432/test"
BACKENDS = ("sqlite", "postgres")


def server_url() -> str:
    return os.environ.get("TEST_DATABASE_URL") or DEFAULT_URL


def postgres_unavailable(reason: str) -> None:
    """Skip the test, with the reason, where no PostgreSQL is reachable; under CI=true fail instead, so
    CI can never silently stop testing the PostgreSQL store."""
    message = f"PostgreSQL not reachable at {server_url()} ({reason}); set TEST_DATABASE_URL to test it"
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"CI=true requires every PostgreSQL test to run: {message}", pytrace=False)
    pytest.skip(message)


@functools.cache
def _unreachable_reason() -> str | None:
    async def probe() -> None:
        conn = await asyncpg.connect(server_url(), timeout=3)
        await conn.close()

    try:  # in a thread of its own: the caller may be inside a running event loop
        with ThreadPoolExecutor(1) as thread:
            thread.submit(asyncio.run, probe()).result()
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
        return f"{type(error).__name__}: {error}"
    return None


def require_postgres() -> None:
    """Skip (CI: fail) unless the server answers; it is asked once per test session."""
    reason = _unreachable_reason()
    if reason is not None:
        postgres_unavailable(reason)


@asynccontextmanager
async def fresh_schema(prefix: str = "t") -> AsyncIterator[str]:
    """A URL whose connections use a new, empty schema; the schema is dropped afterwards."""
    schema = f"{prefix}_{uuid.uuid4().hex[:16]}"
    admin = await asyncpg.connect(server_url(), timeout=10)
    try:
        await admin.execute(f"CREATE SCHEMA {schema}")
        separator = "&" if "?" in server_url() else "?"
        yield f"{server_url()}{separator}search_path={schema}&application_name={schema}"
    finally:
        await admin.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
        await admin.close()


def open_store(location: Path | str, **options: Any) -> Store:
    """The store for a test location (a SQLite path or a PostgreSQL URL), with test options (clock)."""
    if isinstance(location, str) and location.startswith("postgresql://"):
        return PostgresStore(location, **options)
    return SqliteStore(location, **options)


async def raw_execute(store: Store, sql: str, *params: Any) -> None:
    """Run SQL straight on the store's database, bypassing the store (what an attacker could do)."""
    if isinstance(store, SqliteStore):
        await store.db.execute(sql, params)
    else:
        assert isinstance(store, PostgresStore)
        async with store.pool.acquire() as conn:
            await conn.execute(numbered(sql), *params)


async def drop_trigger(store: Store, name: str, table: str) -> None:
    if isinstance(store, SqliteStore):
        await raw_execute(store, f"DROP TRIGGER {name}")
    else:
        await raw_execute(store, f"DROP TRIGGER {name} ON {table}")
