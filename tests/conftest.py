"""Shared fixtures: a temporary database, and the simcord world the scenario tests play in."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from tests.support.fake_discord import FakeDiscord
from tests.support.scenario import World, build_bot


@pytest.fixture
def database(tmp_path: Path) -> Path:
    return tmp_path / "deepspace.sqlite3"


@pytest.fixture
def customise_bot():
    """Override in a test module to add test-only commands or items to the bot before it starts."""
    return None


@pytest.fixture
def simcord_bot(database: Path, customise_bot):
    return build_bot(database, customise=customise_bot)


@pytest.fixture
async def world(simcord_env, database: Path, customise_bot):
    world = World(simcord_env, database, customise_bot)
    yield world
    world.audit()
    await world.close()


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
