"""What only the PostgreSQL store has: its own migrations, a bounded pool, and a network that can fail.

A lost connection is tried once more on a fresh one, and otherwise answered politely; a transaction
cut off halfway leaves nothing behind. The network is a small TCP relay in front of the server,
which the tests cut or stop.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from datetime import UTC, date, datetime
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

from cogs.ui.errors import _policy_message  # pyright: ignore[reportPrivateUsage]
from core.ranking import GLOBAL
from core.settings import Settings
from core.storage import NewResult, PostgresStore, SqliteStore, StoreUnavailable, store_for
from core.storage.postgres import migrate, numbered
from core.storage.postgres_migrations import PG_LATEST_VERSION, PG_MIGRATIONS
from core.verify import difficulty_of
from tests.support import postgres as support
from tests.support.postgres import fresh_schema
from tests.test_storage import CLAIMED_POST, SWITCHED_OFF, check_claims_after_migrating


@pytest.fixture
async def url(postgres_server: str) -> AsyncIterator[str]:
    async with fresh_schema() as where:
        yield where


def schema_of(url: str) -> str:
    return url.split("search_path=")[1].split("&")[0]


async def admin() -> asyncpg.Connection:
    return await asyncpg.connect(support.server_url())


class Relay:
    """A TCP relay to the PostgreSQL server that a test can cut (drop every connection) or stop."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.port = 0
        self.server: asyncio.Server | None = None
        self.writers: set[asyncio.StreamWriter] = set()

    async def start(self) -> None:
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", self.port)
        self.port = self.server.sockets[0].getsockname()[1]

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection(*self.target)
        self.writers |= {writer, up_writer}

        async def pipe(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
            with contextlib.suppress(OSError):
                while data := await source.read(65536):
                    sink.write(data)
                    await sink.drain()
            sink.close()

        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))

    def cut(self) -> None:
        for writer in self.writers:
            writer.transport.abort()
        self.writers.clear()

    async def stop(self) -> None:
        assert self.server is not None
        self.server.close()
        self.cut()
        await self.server.wait_closed()

    def url(self, url: str) -> str:
        parts = urlsplit(url)
        netloc = parts.netloc.rsplit("@", 1)[0] + f"@127.0.0.1:{self.port}"
        return urlunsplit(parts._replace(netloc=netloc))


@pytest.fixture
async def relay(postgres_server: str) -> AsyncIterator[Relay]:
    parts = urlsplit(postgres_server)
    relay = Relay((parts.hostname or "127.0.0.1", parts.port or 5432))
    await relay.start()
    yield relay
    await relay.stop()


async def new_game(store: PostgresStore, channel_id: int = 10) -> int:
    game = await store.create_game(
        kind="d6", guild_id=1, channel_id=channel_id, owner_id=100, state_json="{}", rules_version="d6-1"
    )
    return game.id


# --- selection and settings ------------------------------------------------------------------


def test_a_postgresql_url_selects_the_postgresql_store_and_sqlite_stays_the_default(tmp_path: Path) -> None:
    assert isinstance(store_for(Settings(_env_file=None).database_location), SqliteStore)
    settings = Settings(
        _env_file=None, database_url="postgresql://bot@db:5432/deepspace", database_pool_size=3
    )
    store = store_for(settings.database_location, pool_size=settings.database_pool_size)
    assert isinstance(store, PostgresStore)
    assert (store.url, store.pool_size) == ("postgresql://bot@db:5432/deepspace", 3)
    assert "postgresql://bot@db" not in repr(settings)  # the URL may hold a password
    secret = Settings(
        _env_file=None, discord_token="t0k", database_url="postgresql://bot:s3cret@db/deepspace"
    )
    assert secret.secrets == ("t0k", "bot:s3cret", "s3cret")  # what the logs redact
    assert secret.database_location == "postgresql://bot:s3cret@db/deepspace"
    with pytest.raises(ValueError, match="postgresql://"):
        Settings(_env_file=None, database_url="mysql://bot@db/deepspace")


def test_placeholders_are_numbered_in_order() -> None:
    assert numbered("SELECT ? FROM t WHERE a = ? AND b IN (?, ?)") == (
        "SELECT $1 FROM t WHERE a = $2 AND b IN ($3, $4)"
    )
    assert numbered("SELECT 1") == "SELECT 1"


# --- migrations ------------------------------------------------------------------------------

SEED_AT_VERSION = {
    1: [
        "INSERT INTO games (id, kind, guild_id, channel_id, owner_id, status, state_json, version,"
        " rules_version, created_at, updated_at) OVERRIDING SYSTEM VALUE VALUES"
        " (1, 'd6', 1, 10, 100, 'active', '{\"r\": 2}', 2, 'd6-1', now(), now())",
        "INSERT INTO actions VALUES (1, 1, 100, '{}', now()), (1, 2, 100, '{}', now())",
        "INSERT INTO games (id, kind, guild_id, channel_id, owner_id, status, state_json, version,"
        " rules_version, created_at, updated_at) OVERRIDING SYSTEM VALUE VALUES"
        " (2, 'dine', 1, 11, 100, 'finished', '{}', 1, 'dine-1', now(), now())",
        "INSERT INTO results VALUES (2, 'dine', 1, 'won', 30, 5, '{}', now())",
        "INSERT INTO result_players VALUES (2, 100)",
        "INSERT INTO daily_attempts VALUES ('dine', '2026-01-01', 100, 2, now())",
        "INSERT INTO verifications VALUES (2, 1, '', now())",
        "INSERT INTO daily_posts (guild_id, channel_id, hour, last_day) VALUES (1, 10, 9, '2026-01-02')",
        "SELECT setval(pg_get_serial_sequence('games', 'id'), 2)",
    ],
    2: ["INSERT INTO actions VALUES (2, 1, 100, '{}', now())"],
    3: ["INSERT INTO preferences VALUES ('user', 100, 'language', 'de', now())"],
    4: [],  # its one row is the migration's own: the standings owe a new ranking (checked below)
    5: [],  # it owes that ranking again (a game given up ranks as the easiest set-up)
    6: [
        "INSERT INTO daily_posts (guild_id, channel_id, hour, last_day, since, channel_gone)"
        " VALUES (2, 0, 10, NULL, '2026-01-03T08:00:00+00:00', 1)"
    ],
    7: [CLAIMED_POST],
    8: [],  # it owes the standings a new ranking (a daily attempt counts on its challenge's day)
}


def test_every_postgresql_migration_has_seed_rows_and_versions_are_consecutive() -> None:
    assert [m.version for m in PG_MIGRATIONS] == list(range(1, PG_LATEST_VERSION + 1))
    assert set(SEED_AT_VERSION) == {m.version for m in PG_MIGRATIONS}


@pytest.mark.parametrize("start", range(1, PG_LATEST_VERSION + 1))
async def test_migrating_from_each_earlier_version_keeps_the_data(url: str, start: int) -> None:
    conn = await asyncpg.connect(url)
    try:
        assert await migrate(conn, target=start) == start
        for version in range(1, start + 1):
            for statement in SEED_AT_VERSION[version]:
                await conn.execute(statement)
    finally:
        await conn.close()

    async with PostgresStore(url) as store:
        assert await store.schema_version() == PG_LATEST_VERSION
        assert [a.seq for a in await store.actions(1)] == [1, 2]
        saved = await store.save(1, expected_version=2, user_id=5, action_json="{}", state_json="{}")
        assert saved.version == 3
        result = await store.result(2)
        assert result is not None
        assert (result.outcome, result.players) == ("won", (100,))
        attempt = await store.daily_attempt("dine", date(2026, 1, 1), 100)
        assert attempt is not None
        assert attempt.game_id == 2
        assert await new_game(store, channel_id=99) == 3  # ids go on after the seeded ones
        assert await store.preferences("user", 100) == ({"language": "de"} if start >= 3 else {})
        post = await store.daily_post(1)  # set before its `since` was kept: since the last day it went out
        assert post is not None
        assert post.since == (datetime(2026, 1, 2, tzinfo=UTC) if start < 6 else None)
        if start >= 6:
            assert await store.daily_post(2) == SWITCHED_OFF
        await check_claims_after_migrating(store, claimed=start >= 7)
        assert await store.rerank_if_owed(difficulty_of)  # ranked again from the verified results, once
        assert not await store.rerank_if_owed(difficulty_of)
        assert [s.game_id for s in (await store.leaderboard("dine", "all", GLOBAL, 100)).top] == [2]


async def test_a_database_ranked_at_version_7_owes_its_standings_a_new_ranking(url: str) -> None:
    """Version 8 ranks a daily attempt on its challenge's day, not the day it ended: owed again."""
    conn = await asyncpg.connect(url)
    try:
        assert await migrate(conn, target=7) == 7
        await conn.execute("DELETE FROM pending_tasks")  # the bot ranked them at version 7
    finally:
        await conn.close()
    async with PostgresStore(url) as store:
        assert await store.rerank_if_owed(difficulty_of)
        assert not await store.rerank_if_owed(difficulty_of)


async def test_a_database_from_a_newer_bot_is_refused(url: str) -> None:
    async with PostgresStore(url):
        pass
    conn = await asyncpg.connect(url)
    await conn.execute("UPDATE schema_version SET version = $1", PG_LATEST_VERSION + 1)
    await conn.close()
    with pytest.raises(RuntimeError, match="newer than this bot"):
        await PostgresStore(url).open()


async def test_truncating_the_log_or_results_is_refused(url: str) -> None:
    async with PostgresStore(url) as store:
        await store.save(
            await new_game(store), expected_version=0, user_id=1, action_json="{}", state_json="{}"
        )
        for table in ("actions", "results"):
            with pytest.raises(asyncpg.IntegrityConstraintViolationError, match="append-only"):
                async with store.pool.acquire() as conn:
                    await conn.execute(f"TRUNCATE {table} CASCADE")
        assert len(await store.actions(1)) == 1


# --- the pool --------------------------------------------------------------------------------


async def test_the_pool_never_opens_more_connections_than_its_size(url: str) -> None:
    watcher = await admin()
    seen: list[int] = []
    try:
        async with PostgresStore(url, pool_size=2) as store:
            games = [await new_game(store, channel_id=c) for c in range(12)]
            busy = asyncio.gather(
                *(
                    store.save(g, expected_version=0, user_id=1, action_json="{}", state_json="{}")
                    for g in games
                ),
                *(store.leaderboard("d6", "all", 0, 1) for _ in range(30)),
            )
            while not busy.done():
                seen.append(
                    await watcher.fetchval(
                        "SELECT count(*) FROM pg_stat_activity WHERE application_name = $1", schema_of(url)
                    )
                )
                await asyncio.sleep(0)
            await busy
            assert all(g.version == 1 for g in await asyncio.gather(*(store.get_game(g) for g in games)))
    finally:
        await watcher.close()
    assert seen
    assert max(seen) <= 2


async def test_a_pool_busy_for_the_whole_wait_is_answered_politely_and_not_retried(url: str) -> None:
    async with PostgresStore(url, pool_size=1, timeout=0.5) as store:
        game = await new_game(store)
        async with store.pool.acquire():  # someone holds the only connection
            began = asyncio.get_running_loop().time()
            with pytest.raises(StoreUnavailable):
                await store.get_game(game)
            waited = asyncio.get_running_loop().time() - began
        assert 0.5 <= waited < 1.0  # one wait, no second one
        record = await store.get_game(game)  # the same connection serves again: none were dropped
        assert record is not None


# --- a network that fails --------------------------------------------------------------------


async def test_a_lost_connection_is_retried_once_on_a_fresh_one(url: str, relay: Relay) -> None:
    async with PostgresStore(relay.url(url), pool_size=3) as store:
        game = await new_game(store)
        relay.cut()  # every pooled connection is now dead, and the store does not know it yet
        saved = await store.save(game, expected_version=0, user_id=1, action_json="{}", state_json='{"a": 1}')
        assert saved.version == 1
        relay.cut()
        assert [a.seq for a in await store.actions(game)] == [1]


async def test_a_database_that_stays_away_gets_a_polite_error_and_the_store_recovers(
    url: str, relay: Relay
) -> None:
    async with PostgresStore(relay.url(url), timeout=2) as store:
        game = await new_game(store)
        await relay.stop()
        with pytest.raises(StoreUnavailable) as unavailable:
            await store.save(game, expected_version=0, user_id=1, action_json="{}", state_json="{}")
        assert _policy_message(unavailable.value, "en") == StoreUnavailable.MESSAGE
        assert "try again" in StoreUnavailable.MESSAGE
        with pytest.raises(StoreUnavailable):
            await store.get_game(game)

        await relay.start()  # the same port again: the database is back
        saved = await store.save(game, expected_version=0, user_id=1, action_json="{}", state_json="{}")
        assert saved.version == 1


async def waiting_backend(watcher: asyncpg.Connection, schema: str, not_pid: int | None = None) -> int:
    """The pid of the store's connection that waits on a lock (polls until there is one)."""
    for _ in range(500):
        pid = await watcher.fetchval(
            "SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock'"
            " AND pid IS DISTINCT FROM $2",
            schema,
            not_pid,
        )
        if pid is not None:
            return int(pid)
        await asyncio.sleep(0.01)
    raise AssertionError("no connection of the store waits on a lock")


@pytest.mark.parametrize("killed", [1, 2])
async def test_a_save_cut_off_halfway_writes_nothing_and_is_tried_once_more(url: str, killed: int) -> None:
    """The save's UPDATE has run and its log INSERT waits on a row another session holds; then the
    server ends the save's connection. Killed once, the retry lands whole; killed twice, the player
    hears the store is away, and either way no half of a save is ever visible."""
    holder, watcher = await admin(), await admin()
    schema = schema_of(url)
    await holder.execute(f"SET search_path = {schema}")
    await watcher.execute(f"SET search_path = {schema}")
    try:
        async with PostgresStore(url) as store:
            game = await new_game(store)
            blocker = holder.transaction()
            await blocker.start()
            await holder.execute("INSERT INTO actions VALUES ($1, 1, 9, '{}', now())", game)
            save = asyncio.create_task(
                store.save(game, expected_version=0, user_id=1, action_json='{"mine": 1}', state_json="{}")
            )
            pid = None
            for _ in range(killed):
                pid = await waiting_backend(watcher, schema, pid)
                assert await watcher.fetchval("SELECT version FROM games WHERE id = $1", game) == 0
                await watcher.execute("SELECT pg_terminate_backend($1)", pid)
            if killed == 1:
                await waiting_backend(watcher, schema, pid)  # the retry, now waiting in its turn
            await blocker.rollback()
            if killed == 1:
                saved = await save
                assert saved.version == 1
                assert [json.loads(a.action_json) for a in await store.actions(game)] == [{"mine": 1}]
            else:
                with pytest.raises(StoreUnavailable):
                    await save
                record = await store.get_game(game)
                assert record is not None
                assert record.version == 0
                assert await store.actions(game) == []
    finally:
        await holder.close()
        await watcher.close()


async def test_a_finishing_save_lands_whole_after_a_lost_connection(url: str, relay: Relay) -> None:
    async with PostgresStore(relay.url(url)) as store:
        game = await new_game(store)
        relay.cut()
        await store.save(
            game,
            expected_version=0,
            user_id=100,
            action_json="{}",
            state_json="{}",
            status="finished",
            result=NewResult(outcome="won", score=5, rounds=3, players=(100,)),
        )
        result = await store.result(game)
        assert result is not None
        assert (result.score, result.finished_at.tzinfo is not None) == (5, True)
        assert result.finished_at <= datetime.now(UTC)


# --- the CI guard ----------------------------------------------------------------------------


def test_without_a_server_postgresql_tests_skip_but_ci_fails_them(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="PostgreSQL not reachable"):
        support.postgres_unavailable("refused")
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI=true requires every PostgreSQL test to run"):
        support.postgres_unavailable("refused")
