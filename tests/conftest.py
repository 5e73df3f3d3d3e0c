"""Shared fixtures: a temporary database (SQLite, or a PostgreSQL schema of its own), and the simcord
world the scenario tests play in.

`location` runs a test against both stores. `database` is SQLite unless a module asks for both with
`pytestmark = pytest.mark.parametrize("database", BACKENDS, indirect=True)`.
"""

from __future__ import annotations

import threading
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from core.i18n.commands import know_command_ids
from tests.support.fake_discord import FakeDiscord
from tests.support.postgres import BACKENDS, fresh_schema, require_postgres, server_url
from tests.support.scenario import World, build_bot


@pytest.fixture(autouse=True)
def no_command_ids_known() -> Iterator[None]:
    """The command ids a bot learnt when it started (`know_command_ids`) live in the process: each
    test starts without any, so a text reads the same whichever test ran before."""
    know_command_ids({})
    yield
    know_command_ids({})


@pytest.fixture(scope="session")
def postgres_server() -> str:
    """The PostgreSQL server's URL; skips (fails under CI=true) when none is reachable."""
    require_postgres()
    return server_url()


async def _location(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> AsyncIterator[Path | str]:
    if backend == "sqlite":
        yield tmp_path / "deepspace.sqlite3"
        return
    request.getfixturevalue("postgres_server")
    async with fresh_schema() as url:
        yield url


@pytest.fixture(params=BACKENDS)
async def location(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Path | str]:
    """Where a test's store lives: a SQLite file, then a fresh PostgreSQL schema (the test runs twice)."""
    async for where in _location(request.param, tmp_path, request):
        yield where


@pytest.fixture
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Path | str]:
    async for where in _location(getattr(request, "param", "sqlite"), tmp_path, request):
        yield where


@pytest.fixture
def customise_bot():
    """Override in a test module to add test-only commands or items to the bot before it starts."""
    return None


@pytest.fixture
def simcord_bot(database: Path | str, customise_bot):
    return build_bot(database, customise=customise_bot)


async def _world(simcord_env, database: Path | str, customise_bot, **options):
    """A scenario world, audited against Discord's schema and closed when the test ends."""
    world = World(simcord_env, database, customise_bot, **options)
    yield world
    world.audit()
    await world.close()


@pytest.fixture
async def world(simcord_env, database: Path | str, customise_bot):
    async for opened in _world(simcord_env, database, customise_bot):
        yield opened


@pytest.fixture
async def german_world(simcord_env, database: Path | str, customise_bot):
    """A server whose preferred locale is German."""
    async for opened in _world(simcord_env, database, customise_bot, preferred_locale="de"):
        yield opened


@pytest.fixture
async def spanish_world(simcord_env, database: Path | str, customise_bot):
    """A server whose preferred locale is Spanish (es-ES)."""
    async for opened in _world(simcord_env, database, customise_bot, preferred_locale="es-ES"):
        yield opened


def _database_threads() -> set[threading.Thread]:
    return {t for t in threading.enumerate() if "_connection_worker_thread" in t.name}


@pytest.fixture(autouse=True)
def no_database_left_open():
    """Every test closes what it opens: an open aiosqlite connection keeps a thread that blocks exit."""
    before = _database_threads()
    yield
    deadline = time.monotonic() + 5
    while (left := _database_threads() - before) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not left, f"a database connection was left open ({len(left)} worker thread(s))"


@pytest.fixture
async def fake():
    """The wire-level fake Discord on 127.0.0.1, for the tests that need real HTTP and websocket."""
    async with FakeDiscord() as server:
        yield server
