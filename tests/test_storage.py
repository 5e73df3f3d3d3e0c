"""The store, SQLite and PostgreSQL alike: round-trips, optimistic concurrency, one game per channel,
results, append-only logs, cancellation; then SQLite's own connection settings and migrations.

Every test taking `store` or `location` runs against both stores (ids `[sqlite]`, `[postgres]`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
import threading
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import aiosqlite
import asyncpg
import pytest

from core.ranking import GLOBAL
from core.storage import (
    ActiveGameExists,
    DailyPost,
    GameNotFound,
    NewResult,
    PostgresStore,
    SqliteStore,
    Store,
    VersionConflict,
)
from core.storage.migrations import LATEST_VERSION, MIGRATIONS
from core.storage.postgres_migrations import PG_LATEST_VERSION
from core.storage.sqlite import connect, migrate
from core.verify import difficulty_of
from tests.support.postgres import open_store, raw_execute


class Clock:
    """A controllable clock: every reading is one second after the previous one."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


@pytest.fixture
async def store(location: Path | str):
    async with open_store(location, clock=Clock()) as opened:
        yield opened


@pytest.fixture
async def sqlite_store(tmp_path: Path):
    async with SqliteStore(tmp_path / "store.sqlite3", clock=Clock()) as opened:
        yield opened


async def new_game(store: Store, channel_id: int = 10, state: dict | None = None):
    return await store.create_game(
        kind="d6",
        guild_id=1,
        channel_id=channel_id,
        owner_id=100,
        state_json=json.dumps(state or {"round": 0}),
        rules_version="d6-1",
    )


async def test_a_game_round_trips(store: Store) -> None:
    game = await new_game(store, state={"round": 0, "hull": 8})
    loaded = await store.get_game(game.id)
    assert loaded == game
    assert (loaded.kind, loaded.channel_id, loaded.owner_id, loaded.version) == ("d6", 10, 100, 0)
    assert json.loads(loaded.state_json) == {"round": 0, "hull": 8}
    assert loaded.status == "active"
    assert loaded.rules_version == "d6-1"
    assert loaded.created_at == datetime(2026, 11, 30, 12, 0, 1, tzinfo=UTC)
    assert await store.active_game(10) == game
    assert await store.get_game(game.id + 1) is None


async def test_save_appends_the_action_and_bumps_the_version(store: Store) -> None:
    game = await new_game(store)
    saved = await store.save(
        game.id, expected_version=0, user_id=7, action_json='{"roll": 1}', state_json='{"round": 1}'
    )
    saved = await store.save(
        game.id, expected_version=1, user_id=8, action_json='{"roll": 2}', state_json='{"round": 2}'
    )
    assert saved.version == 2
    assert json.loads(saved.state_json) == {"round": 2}
    assert saved.updated_at > game.updated_at
    log = await store.actions(game.id)
    assert [(a.seq, a.user_id, json.loads(a.action_json)) for a in log] == [
        (1, 7, {"roll": 1}),
        (2, 8, {"roll": 2}),
    ]


async def test_a_stale_version_is_refused_and_changes_nothing(store: Store) -> None:
    game = await new_game(store)
    await store.save(game.id, expected_version=0, user_id=7, action_json="{}", state_json='{"a": 1}')
    with pytest.raises(VersionConflict) as conflict:
        await store.save(game.id, expected_version=0, user_id=8, action_json="{}", state_json='{"b": 2}')
    assert (conflict.value.expected, conflict.value.actual, conflict.value.status) == (0, 1, "active")
    assert "expected version 0" in str(conflict.value)
    current = await store.get_game(game.id)
    assert current is not None
    assert (current.version, current.state_json) == (1, '{"a": 1}')
    assert len(await store.actions(game.id)) == 1


async def test_saving_an_unknown_game_fails_clearly(store: Store) -> None:
    with pytest.raises(GameNotFound):
        await store.save(404, expected_version=0, user_id=1, action_json="{}", state_json="{}")
    with pytest.raises(GameNotFound):
        await store.set_board_message(404, 5)


async def test_concurrent_saves_of_one_version_let_exactly_one_through(store: Store) -> None:
    game = await new_game(store)
    outcomes = await asyncio.gather(
        *(
            store.save(game.id, expected_version=0, user_id=u, action_json="{}", state_json=f'{{"u": {u}}}')
            for u in range(8)
        ),
        return_exceptions=True,
    )
    assert sum(not isinstance(o, Exception) for o in outcomes) == 1
    assert sum(isinstance(o, VersionConflict) for o in outcomes) == 7
    assert len(await store.actions(game.id)) == 1


async def test_one_active_game_per_channel(store: Store) -> None:
    first = await new_game(store, channel_id=10)
    with pytest.raises(ActiveGameExists) as exists:
        await new_game(store, channel_id=10)
    assert exists.value.existing.id == first.id
    other = await new_game(store, channel_id=11)  # another channel is free
    assert [g.id for g in await store.active_games()] == [first.id, other.id]


async def test_a_servers_active_games(store: Store) -> None:
    here = await new_game(store, channel_id=10)
    elsewhere = await store.create_game(
        kind="dine", guild_id=2, channel_id=20, owner_id=100, state_json="{}", rules_version="dine-1"
    )
    assert [g.id for g in await store.active_games(guild_id=1)] == [here.id]
    assert [g.id for g in await store.active_games("dine", guild_id=2)] == [elsewhere.id]
    assert await store.active_games("d6", guild_id=2) == []


async def test_finishing_stores_the_result_atomically_and_frees_the_channel(store: Store) -> None:
    game = await new_game(store)
    result = NewResult(outcome="won", score=42, rounds=9, players=(100, 7, 100), detail_json='{"hull": 3}')
    finished = await store.save(
        game.id,
        expected_version=0,
        user_id=100,
        action_json='{"end": true}',
        state_json='{"over": true}',
        status="finished",
        result=result,
    )
    assert finished.status == "finished"
    stored = await store.result(game.id)
    assert stored is not None
    assert (stored.outcome, stored.score, stored.rounds, stored.players) == ("won", 42, 9, (7, 100))
    assert (stored.kind, stored.guild_id, stored.detail_json) == ("d6", 1, '{"hull": 3}')
    assert await store.active_game(10) is None
    assert await store.active_games() == []
    with pytest.raises(VersionConflict) as late:
        await store.save(game.id, expected_version=1, user_id=1, action_json="{}", state_json="{}")
    assert late.value.status == "finished"
    replacement = await new_game(store, channel_id=10)
    assert replacement.id != game.id


async def test_a_bad_result_rolls_back_the_whole_action(store: Store) -> None:
    game = await new_game(store)
    with pytest.raises(json.JSONDecodeError):
        await store.save(
            game.id,
            expected_version=0,
            user_id=1,
            action_json="{}",
            state_json='{"over": true}',
            status="finished",
            result=NewResult(outcome="lost", score=0, rounds=1, players=(1,), detail_json="not json"),
        )
    current = await store.get_game(game.id)
    assert current is not None
    assert (current.version, current.status, current.state_json) == (0, "active", '{"round": 0}')
    assert await store.actions(game.id) == []
    assert await store.result(game.id) is None


async def test_board_message_is_remembered_without_a_new_version(store: Store) -> None:
    game = await new_game(store)
    await store.set_board_message(game.id, 555)
    loaded = await store.get_game(game.id)
    assert loaded is not None
    assert (loaded.board_message_id, loaded.version) == (555, 0)


async def test_the_version_a_board_shows_is_remembered_for_its_message_only(store: Store) -> None:
    game = await new_game(store)
    await store.set_board_message(game.id, 555, version=0)
    moved = await store.save(game.id, expected_version=0, user_id=1, action_json="{}", state_json="{}")
    assert (moved.board_message_id, moved.board_version, moved.version) == (555, 0, 1)

    await store.board_shown(game.id, 555, 1)
    await store.board_shown(game.id, 444, 7)  # an older board of the game: not what the game shows

    shown = await store.get_game(game.id)
    assert shown is not None
    assert (shown.board_message_id, shown.board_version) == (555, 1)
    await store.set_board_message(game.id, 666)  # a new board, showing nobody knows what
    reposted = await store.get_game(game.id)
    assert reposted is not None
    assert (reposted.board_message_id, reposted.board_version) == (666, None)


async def test_boards_behind_are_those_of_active_and_recently_ended_games(store: Store) -> None:
    async def game(channel_id: int, *, behind: bool, status: str = "active") -> int:
        record = await new_game(store, channel_id=channel_id)
        await store.set_board_message(record.id, 1000 + channel_id, version=0)
        await store.save(record.id, expected_version=0, user_id=1, action_json="{}", state_json="{}",
                         status=status)  # fmt: skip
        if not behind:
            await store.board_shown(record.id, 1000 + channel_id, 1)
        return record.id

    ended_long_ago = await game(1, behind=True, status="finished")
    assert isinstance(store.clock, Clock)
    since = store.clock.now + timedelta(microseconds=1)
    active_behind = await game(2, behind=True)
    await game(3, behind=False)
    ended_behind = await game(4, behind=True, status="abandoned")
    await game(5, behind=False, status="finished")
    no_board = await new_game(store, channel_id=6)
    await store.save(no_board.id, expected_version=0, user_id=1, action_json="{}", state_json="{}")

    behind = await store.boards_behind(since)

    assert [record.id for record in behind] == [active_behind, ended_behind]
    assert ended_long_ago in [record.id for record in await store.boards_behind(since - timedelta(days=1))]


async def test_data_survives_reopening(location: Path | str) -> None:
    async with open_store(location) as first:
        game = await new_game(first)
        await first.save(game.id, expected_version=0, user_id=3, action_json="{}", state_json='{"x": 1}')
    async with open_store(location) as second:
        loaded = await second.get_game(game.id)
        assert loaded is not None
        assert (loaded.version, loaded.state_json) == (1, '{"x": 1}')


async def test_connections_use_wal_foreign_keys_and_a_busy_timeout(sqlite_store: SqliteStore) -> None:
    store = sqlite_store

    async def pragma(name: str) -> object:
        async with store.db.execute(f"PRAGMA {name}") as cursor:
            row = await cursor.fetchone()
        assert row is not None
        return row[0]

    assert await pragma("journal_mode") == "wal"
    assert await pragma("foreign_keys") == 1
    assert await pragma("busy_timeout") == 5000
    with pytest.raises(Exception, match="FOREIGN KEY"):
        await store.db.execute(
            "INSERT INTO actions (game_id, seq, user_id, action_json, at) VALUES (999, 1, 1, '{}', 'now')"
        )


# --- migrations ------------------------------------------------------------------------------

# A daily post of server 3 claimed at 08:00 on 4 January 2026 (SQLite 10 / PostgreSQL 7), not yet sent.
CLAIMED_POST = (
    "INSERT INTO daily_posts VALUES (3, 30, 8, NULL, '2026-01-04T07:00:00+00:00', 0,"
    " '2026-01-04T08:00:00+00:00')"
)
CLAIMED_AT = datetime(2026, 1, 4, 8, tzinfo=UTC)


async def check_claims_after_migrating(store: Store, claimed: bool) -> None:
    """A post migrated unclaimed can be claimed; one claimed is held until its claim is stale."""
    assert await store.claim_daily_post(1, date(2026, 1, 3), stale_before=CLAIMED_AT) is not None
    if claimed:
        held = await store.claim_daily_post(3, date(2026, 1, 4), stale_before=CLAIMED_AT)
        assert held is None
        stale = CLAIMED_AT + timedelta(minutes=1)
        assert await store.claim_daily_post(3, date(2026, 1, 4), stale_before=stale) is not None


# Rows that are valid at each schema version, to check that migrating forward keeps them.
SEED_AT_VERSION = {
    1: [
        "INSERT INTO games (id, kind, guild_id, channel_id, owner_id, status, state_json, version,"
        " rules_version, created_at, updated_at) VALUES (1, 'd6', 1, 10, 100, 'active', '{\"r\": 2}', 2,"
        " 'd6-1', '2026-01-01T00:00:00+00:00', '2026-01-01T00:00:00+00:00')",
        "INSERT INTO actions VALUES (1, 1, 100, '{}', '2026-01-01T00:00:00+00:00')",
        "INSERT INTO actions VALUES (1, 2, 100, '{}', '2026-01-01T00:00:00+00:00')",
    ],
    2: [
        "INSERT INTO games (id, kind, guild_id, channel_id, owner_id, status, state_json, version,"
        " rules_version, created_at, updated_at) VALUES (2, 'dine', 1, 11, 100, 'finished', '{}', 1,"
        " 'dine-1', '2026-01-01T00:00:00+00:00', '2026-01-01T00:00:00+00:00')",
        "INSERT INTO results VALUES (2, 'dine', 1, 'won', 30, 5, '{}', '2026-01-01T00:00:00+00:00')",
        "INSERT INTO result_players VALUES (2, 100)",
    ],
    3: [  # triggers only: the rows from earlier versions must survive and stay readable
        "INSERT INTO actions VALUES (2, 1, 100, '{}', '2026-01-01T00:00:00+00:00')",
    ],
    4: [
        "INSERT INTO daily_challenges VALUES"
        " ('dine', '2026-01-01', 7, '{}', 'dine-1', '2026-01-01T00:00:00+00:00')",
        "INSERT INTO daily_attempts VALUES ('dine', '2026-01-01', 100, 2, '2026-01-01T00:00:00+00:00')",
        "INSERT INTO verifications VALUES (2, 1, '', '2026-01-01T00:00:00+00:00')",
        "INSERT INTO daily_posts (guild_id, channel_id, hour, last_day) VALUES (1, 10, 9, '2026-01-02')",
    ],
    5: [
        "INSERT INTO games (id, kind, guild_id, channel_id, owner_id, status, state_json, version,"
        " rules_version, board_message_id, board_version, created_at, updated_at) VALUES (3, 'd6', 1, 12,"
        " 100, 'active', '{}', 4, 'd6-1', 77, 3, '2026-01-01T00:00:00+00:00', '2026-01-01T00:00:00+00:00')",
    ],
    6: ["INSERT INTO preferences VALUES ('user', 100, 'language', 'de', '2026-01-01T00:00:00+00:00')"],
    7: [],  # its one row is the migration's own: the standings owe a new ranking (checked below)
    8: [],  # it owes that ranking again (a game given up ranks as the easiest set-up): checked below
    9: [
        "INSERT INTO daily_posts (guild_id, channel_id, hour, last_day, since, channel_gone)"
        " VALUES (2, 0, 10, NULL, '2026-01-03T08:00:00+00:00', 1)"
    ],
    10: [CLAIMED_POST],
    11: [],  # it owes the standings a new ranking (a daily attempt counts on its challenge's day)
}


# The seeded daily post of server 2 (both stores' newest seed): turned off because its channel went.
SWITCHED_OFF = DailyPost(
    guild_id=2, channel_id=0, hour=10, since=datetime(2026, 1, 3, 8, tzinfo=UTC), channel_gone=True
)


def test_every_migration_has_seed_rows_and_versions_are_consecutive() -> None:
    assert [m.version for m in MIGRATIONS] == list(range(1, LATEST_VERSION + 1))
    assert set(SEED_AT_VERSION) == {m.version for m in MIGRATIONS}


async def test_migrating_an_empty_database_reaches_the_latest_version(tmp_path: Path) -> None:
    async with SqliteStore(tmp_path / "empty.sqlite3") as store:
        assert await store.schema_version() == LATEST_VERSION
        assert await store.active_games() == []


@pytest.mark.parametrize("start", range(1, LATEST_VERSION + 1))
async def test_migrating_from_each_earlier_version_keeps_the_data(tmp_path: Path, start: int) -> None:
    path = tmp_path / f"v{start}.sqlite3"
    db = await connect(path)
    assert await migrate(db, target=start) == start
    for version in range(1, start + 1):
        for statement in SEED_AT_VERSION[version]:
            await db.execute(statement)
    await db.close()

    async with SqliteStore(path) as store:
        assert await store.schema_version() == LATEST_VERSION
        game = await store.get_game(1)
        assert game is not None
        assert (game.version, game.state_json) == (2, '{"r": 2}')
        assert [a.seq for a in await store.actions(1)] == [1, 2]
        saved = await store.save(1, expected_version=2, user_id=5, action_json="{}", state_json="{}")
        assert saved.version == 3
        if start >= 2:
            result = await store.result(2)
            assert result is not None
            assert (result.outcome, result.players) == ("won", (100,))
        if start >= 4:
            attempt = await store.daily_attempt("dine", date(2026, 1, 1), 100)
            assert attempt is not None
            assert attempt.game_id == 2
            assert await store.unverified_results() == []
        # migrating takes an ended game's board as shown; an active one's is redrawn at the next start
        expected = {1: None, 2: None, 3: 3} if start >= 5 else {1: None, 2: 1} if start >= 2 else {1: None}
        for game_id, shown in expected.items():
            record = await store.get_game(game_id)
            assert record is not None
            assert record.board_version == shown
        if start >= 6:
            assert await store.preferences("user", 100) == {"language": "de"}
        if start >= 4:  # a post set before its `since` was kept holds since the last day it went out
            post = await store.daily_post(1)
            assert post is not None
            assert (post.last_day, post.channel_gone) == (date(2026, 1, 2), False)
            assert post.since == (datetime(2026, 1, 2, tzinfo=UTC) if start < 9 else None)
        if start >= 9:
            assert await store.daily_post(2) == SWITCHED_OFF
        if start >= 4:
            await check_claims_after_migrating(store, claimed=start >= 10)
        # the standings are ranked again from the verified results, once
        assert await store.rerank_if_owed(difficulty_of)
        assert not await store.rerank_if_owed(difficulty_of)
        ranked_now = await store.leaderboard("dine", "all", GLOBAL, 100)
        assert [s.game_id for s in ranked_now.top] == ([2] if start >= 4 else [])


@pytest.mark.parametrize(
    "ranked_at",
    [
        7,  # version 8 ranks a game given up as the easiest set-up
        10,  # version 11 ranks a daily attempt on its challenge's day, not the day it ended
    ],
)
async def test_a_database_ranked_before_a_ranking_change_owes_its_standings_a_new_ranking(
    tmp_path: Path, ranked_at: int
) -> None:
    """A migration that changes how results rank leaves the stored standings owed a new ranking."""
    path = tmp_path / f"v{ranked_at}.sqlite3"
    db = await connect(path)
    assert await migrate(db, target=ranked_at) == ranked_at
    await db.execute("DELETE FROM pending_tasks")  # the bot ranked them at that version
    await db.commit()
    await db.close()
    async with SqliteStore(path) as store:
        assert await store.rerank_if_owed(difficulty_of)
        assert not await store.rerank_if_owed(difficulty_of)


async def test_a_database_from_a_newer_bot_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "future.sqlite3"
    async with aiosqlite.connect(path) as db:
        await db.execute(f"PRAGMA user_version = {LATEST_VERSION + 1}")
        await db.commit()
    with pytest.raises(RuntimeError, match="newer than this bot"):
        await SqliteStore(path).open()


async def test_the_action_log_and_results_are_append_only(store: Store) -> None:
    game = await new_game(store)
    result = NewResult(outcome="lost", score=1, rounds=1, players=(1,))
    await store.save(
        game.id,
        expected_version=0,
        user_id=1,
        action_json="{}",
        state_json="{}",
        status="finished",
        result=result,
    )
    for statement in (
        "UPDATE actions SET action_json = '{\"cheat\": 1}'",
        "DELETE FROM actions",
        "UPDATE results SET score = 999",
        "DELETE FROM results",
        f"DELETE FROM games WHERE id = {game.id}",  # would cascade into the log
    ):
        with pytest.raises(Exception, match="append-only") as refused:
            await raw_execute(store, statement)
        assert isinstance(refused.value, sqlite3.IntegrityError | asyncpg.IntegrityConstraintViolationError)
    assert [a.action_json for a in await store.actions(game.id)] == ["{}"]
    stored = await store.result(game.id)
    assert stored is not None
    assert stored.score == 1


@pytest.mark.parametrize("steps", [1, 2, 3, 5, 8, 13])
async def test_a_cancelled_save_leaves_the_store_usable(store: Store, steps: int) -> None:
    game = await new_game(store)
    task = asyncio.create_task(
        store.save(game.id, expected_version=0, user_id=1, action_json="{}", state_json='{"a": 1}')
    )
    for _ in range(steps):  # cancel at different points of the transaction
        await asyncio.sleep(0.0005)
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
    if isinstance(store, SqliteStore):
        assert not store.db.in_transaction
    else:
        assert isinstance(store, PostgresStore)
        async with store.pool.acquire() as conn:  # the pool hands out no connection left in a transaction
            assert not conn.is_in_transaction()
    current = await store.get_game(game.id)
    assert current is not None
    # Cancelled during COMMIT, the save may have landed; either way it landed whole or not at all.
    expected = current.version
    assert expected in (0, 1)
    assert current.state_json == ('{"a": 1}' if expected else '{"round": 0}')
    assert len(await store.actions(game.id)) == expected
    saved = await store.save(
        game.id, expected_version=expected, user_id=1, action_json="{}", state_json='{"b": 2}'
    )
    assert saved.version == expected + 1


@pytest.mark.parametrize("attempt", range(5))  # a race: try it a few times
async def test_two_processes_opening_a_new_database_migrate_it_once(
    location: Path | str, attempt: int
) -> None:
    stores = [open_store(location) for _ in range(6)]
    await asyncio.gather(*(s.open() for s in stores))
    try:
        latest = LATEST_VERSION if isinstance(stores[0], SqliteStore) else PG_LATEST_VERSION
        assert {await s.schema_version() for s in stores} == {latest}
    finally:
        await asyncio.gather(*(s.close() for s in stores))


async def test_preferences_are_per_player_and_per_server_and_can_be_forgotten(store: Store) -> None:
    assert await store.preferences("user", 7) == {}
    await store.set_preference("user", 7, "language", "de")
    await store.set_preference("user", 7, "seen:dine.pay", "1")
    await store.set_preference("guild", 7, "language", "es")  # the same id as a server is another subject
    await store.set_preference("user", 7, "language", "es-ES")  # a later choice wins
    assert await store.preferences("user", 7) == {"language": "es-ES", "seen:dine.pay": "1"}
    assert await store.preferences("guild", 7) == {"language": "es"}
    await store.set_preference("user", 7, "language", None)
    await store.set_preference("user", 8, "language", None)  # forgetting what was never set is fine
    assert await store.preferences("user", 7) == {"seen:dine.pay": "1"}
    assert await store.preferences("user", 8) == {}


def _workers() -> set[threading.Thread]:
    return {t for t in threading.enumerate() if "_connection_worker_thread" in t.name}


async def test_a_file_that_cannot_be_opened_leaves_no_worker_thread_behind(tmp_path: Path) -> None:
    """aiosqlite's thread outlived the failed open; when start-up then closed its event loop, the
    thread printed two "Event loop is closed" tracebacks after the bot's one-line message."""
    before = _workers()
    with pytest.raises(sqlite3.OperationalError, match="unable to open database file"):
        await connect(tmp_path)  # a folder
    assert _workers() <= before
