"""`python -m tools.migrate_store`: SQLite → PostgreSQL (and back), verified, and safe to run again."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator
from datetime import UTC, date, datetime
from pathlib import Path

import pytest

from core.ranking import GLOBAL
from core.storage import PostgresStore, SqliteStore, Store
from core.storage.sql_store import TABLES
from core.verify import verify_pending
from tests.support.postgres import fresh_schema, raw_execute
from tests.test_standings import finished_d6
from tools.migrate_store import checksum, main, open_location

DAY = date(2026, 11, 30)


@pytest.fixture
async def url(postgres_server: str) -> AsyncIterator[str]:
    async with fresh_schema() as where:
        yield where


async def fill(store: Store) -> int:
    """Games of every kind of record: finished and verified, a daily attempt, one still active with a
    board, a daily post. Returns the active game's id."""
    for seed, user in [(3, 1), (4, 2), (5, 1)]:
        await finished_d6(store, seed, user, guild=7)
    await store.daily_challenge("d6", DAY, seed=36, setup_json="{}", rules_version="d6-1")
    attempt = await store.create_game(
        kind="d6", guild_id=7, channel_id=900, owner_id=3, state_json="{}", rules_version="d6-1",
        attempt=("d6", DAY),
    )  # fmt: skip
    await store.set_board_message(attempt.id, 4242, version=0)
    await store.save(attempt.id, expected_version=0, user_id=3, action_json='{"a": 1}', state_json='{"s": 1}')
    await store.set_daily_post(7, 55, hour=9)
    await store.mark_daily_posted(7, DAY)
    assert await verify_pending(store) == 3
    return attempt.id


async def all_checksums(store: Store) -> dict[str, str]:
    assert isinstance(store, SqliteStore | PostgresStore)
    async with store:
        return {table.name: checksum(await store.dump(table)) for table in TABLES}


async def test_a_sqlite_store_is_copied_to_postgresql_verified_and_the_copy_plays_on(
    tmp_path: Path, url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "old.sqlite3"
    async with SqliteStore(source) as old:
        active = await fill(old)
        board_before = await old.leaderboard("d6", "all", GLOBAL, 1)

    assert await asyncio.to_thread(main, ["--from", f"sqlite:///{source}", "--to", url]) == 0
    out = capsys.readouterr().out
    assert out.count(" ok\n") == len(TABLES)
    assert "MISMATCH" not in out
    assert await all_checksums(SqliteStore(source)) == await all_checksums(PostgresStore(url))

    async with PostgresStore(url) as new:
        assert await new.leaderboard("d6", "all", GLOBAL, 1) == board_before
        game = await new.get_game(active)
        assert game is not None
        assert (game.version, game.board_message_id, game.status) == (1, 4242, "active")
        attempt = await new.daily_attempt("d6", DAY, 3)
        assert attempt is not None
        assert attempt.game_id == active
        assert [a.action_json for a in await new.actions(active)] == ['{"a": 1}']
        assert (await new.daily_posts())[0].last_day == DAY
        saved = await new.save(active, expected_version=1, user_id=3, action_json="{}", state_json="{}")
        assert saved.version == 2  # the copy takes moves where the source left off
        fresh = await new.create_game(
            kind="d6", guild_id=7, channel_id=901, owner_id=3, state_json="{}", rules_version="d6-1"
        )
        assert fresh.id > active  # new ids come after the copied ones


async def test_copying_again_is_safe_and_brings_changed_rows_up_to_date(tmp_path: Path, url: str) -> None:
    source = tmp_path / "live.sqlite3"
    async with SqliteStore(source) as old:
        active = await fill(old)
    assert await asyncio.to_thread(main, ["--from", f"sqlite:///{source}", "--to", url]) == 0
    assert (
        await asyncio.to_thread(main, ["--from", f"sqlite:///{source}", "--to", url]) == 0
    )  # nothing doubled

    async with SqliteStore(source) as old:  # the source moved on before the final copy
        await old.save(active, expected_version=1, user_id=3, action_json='{"b": 2}', state_json='{"s": 2}')
        await old.set_daily_post(7, 66, hour=10)
    assert await asyncio.to_thread(main, ["--from", f"sqlite:///{source}", "--to", url]) == 0
    async with PostgresStore(url) as new:
        game = await new.get_game(active)
        assert game is not None
        assert (game.version, game.state_json) == (2, '{"s": 2}')
        assert len(await new.actions(active)) == 2
        assert [(p.channel_id, p.hour) for p in await new.daily_posts()] == [(66, 10)]


async def test_a_target_the_bot_already_played_on_is_refused_and_left_as_it_was(
    tmp_path: Path, url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The bot started on PostgreSQL before the copy and a game was played there under id 1, which the
    source uses for another game: its row was overwritten with the source's, keeping the other game's
    log, and the copy went on half-written. Now nothing is written and the clash is named."""
    source = tmp_path / "old.sqlite3"
    async with SqliteStore(source) as old:
        await fill(old)
    async with PostgresStore(url) as new:
        game = await new.create_game(
            kind="d6", guild_id=2, channel_id=20, owner_id=6, state_json="{}", rules_version="d6-1"
        )
        await new.save(game.id, expected_version=0, user_id=6, action_json='{"new": 1}', state_json="{}")
    before = await all_checksums(PostgresStore(url))

    assert await asyncio.to_thread(main, ["--from", f"sqlite:///{source}", "--to", url]) == 2
    said = capsys.readouterr()
    assert said.err.startswith("Nothing copied: the target already holds rows that are not this source's")
    assert "games id 1" in said.err
    assert "actions game_id/seq 1/1" in said.err
    assert "MISMATCH" not in said.out
    assert await all_checksums(PostgresStore(url)) == before  # nothing written, not even the source's
    async with PostgresStore(url) as new:
        kept = await new.get_game(game.id)
        assert kept is not None
        assert (kept.channel_id, kept.owner_id) == (20, 6)
        assert [a.action_json for a in await new.actions(game.id)] == ['{"new": 1}']


async def test_a_row_the_source_never_had_is_refused(
    tmp_path: Path, url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "src.sqlite3"
    async with SqliteStore(source) as old:
        await fill(old)
    async with PostgresStore(url) as target:  # a row the source never had
        await target.set_daily_post(8, 77)
    assert await asyncio.to_thread(main, ["--from", f"sqlite:///{source}", "--to", url]) == 2
    assert "daily_posts guild_id 8" in capsys.readouterr().err
    async with PostgresStore(url) as target:
        assert await target.get_game(1) is None


async def test_a_copy_that_differs_from_its_source_is_reported_and_rolled_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source, target = tmp_path / "src.sqlite3", tmp_path / "dst.sqlite3"
    async with SqliteStore(source) as old:
        await fill(old)
    async with SqliteStore(target) as new:  # something in the target changes a row as it is written
        await raw_execute(
            new, "CREATE TRIGGER skew AFTER INSERT ON daily_posts BEGIN UPDATE daily_posts SET hour = 3; END"
        )
    assert (
        await asyncio.to_thread(main, ["--from", f"sqlite:///{source}", "--to", f"sqlite:///{target}"]) == 1
    )
    captured = capsys.readouterr()
    assert "daily_posts; nothing was written" in captured.err
    assert captured.out.count("MISMATCH") == 1
    async with SqliteStore(target) as new:
        assert await new.get_game(1) is None  # the tables copied before it were rolled back too


async def copied(tmp_path: Path, url: str, *preferences: tuple[int, str, str]) -> Path:
    """A live SQLite store (`fill`, and each player's preference of `preferences`) copied once to
    `url`; its path."""
    source = tmp_path / "live.sqlite3"
    async with SqliteStore(source) as old:
        await fill(old)
        for user, key, value in preferences:
            await old.set_preference("user", user, key, value)
    assert await asyncio.to_thread(main, ["--from", f"sqlite:///{source}", "--to", url]) == 0
    return source


async def test_copying_again_deletes_bests_ranked_again_and_asks_before_dropping_reset_settings(
    tmp_path: Path, url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A player set their language back to automatic and a tip is to be shown again on the source,
    the bests were ranked again: the re-run deletes the stale bests from the copy, but a setting the
    copy has and the source lacks may as well have been made on the copy, so it asks first
    (`--overwrite`) and writes nothing until asked."""
    source = await copied(tmp_path, url, (5, "language", "de"), (5, "tip:board", "shown"))
    async with SqliteStore(source) as old:
        await old.set_preference("user", 5, "language", None)
        await old.set_preference("user", 5, "tip:board", None)
        await raw_execute(old, "INSERT INTO pending_tasks (task) VALUES ('rerank bests')")
        assert await old.rerank_if_owed(lambda result: None if result.players == (2,) else 0)
    before = await all_checksums(PostgresStore(url))
    capsys.readouterr()

    assert await asyncio.to_thread(main, ["--from", f"sqlite:///{source}", "--to", url]) == 2
    said = capsys.readouterr().err
    assert said.startswith("Nothing copied: the copy holds preferences the source lacks or holds older")
    assert "preferences scope/subject_id/key user/5/language, user/5/tip:board" in said
    assert "--overwrite" in said
    assert await all_checksums(PostgresStore(url)) == before

    assert await asyncio.to_thread(main, ["--from", f"sqlite:///{source}", "--to", url, "--overwrite"]) == 0
    async with PostgresStore(url) as new:
        assert await new.preferences("user", 5) == {}
        assert (await new.leaderboard("d6", "all", GLOBAL, 2)).mine is None
    assert await all_checksums(SqliteStore(source)) == await all_checksums(PostgresStore(url))


async def test_a_setting_made_on_the_copy_is_never_lost_unasked(
    tmp_path: Path, url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The bot ran on the copy for a while: a player chose Spanish there, another changed their
    language there after the copy. A re-copy named neither and deleted or overwrote both; now it
    names them and writes nothing. A setting the source changed later than the copy is still
    brought up to date, and one set again on the copy to the value it had is no change."""
    source = await copied(tmp_path, url, (5, "language", "de"), (6, "language", "de"))
    async with SqliteStore(source) as old:
        await old.set_preference("user", 6, "language", "es")  # changed on the source: copied again
    assert await asyncio.to_thread(main, ["--from", f"sqlite:///{source}", "--to", url]) == 0
    async with PostgresStore(url) as new:
        assert await new.preferences("user", 6) == {"language": "es"}
        await new.set_preference("user", 9, "language", "es")  # made on the copy
        await new.set_preference("user", 5, "language", "es")  # changed on the copy, later
        await new.set_preference("user", 6, "language", "es")  # set again as it was: nothing to lose
    before = await all_checksums(PostgresStore(url))
    capsys.readouterr()

    assert await asyncio.to_thread(main, ["--from", f"sqlite:///{source}", "--to", url]) == 2
    said = capsys.readouterr().err
    assert "user/5/language, user/9/language" in said
    assert "copy from it instead" in said
    assert await all_checksums(PostgresStore(url)) == before
    async with PostgresStore(url) as new:
        assert await new.preferences("user", 9) == {"language": "es"}
        assert await new.preferences("user", 5) == {"language": "es"}


async def test_postgresql_copies_back_to_sqlite_identically(tmp_path: Path, url: str) -> None:
    async with PostgresStore(url) as store:
        await fill(store)
    back = tmp_path / "back.sqlite3"
    assert await asyncio.to_thread(main, ["--from", url, "--to", f"sqlite:///{back}"]) == 0
    assert await all_checksums(PostgresStore(url)) == await all_checksums(SqliteStore(back))


def test_locations_and_refusals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert isinstance(open_location("postgresql://u@h/db"), PostgresStore)
    relative = open_location("sqlite:///var/x.sqlite3")
    assert isinstance(relative, SqliteStore)
    assert relative.path == Path("var/x.sqlite3")
    absolute = open_location("sqlite:////srv/x.sqlite3")
    assert isinstance(absolute, SqliteStore)
    assert absolute.path == Path("/srv/x.sqlite3")
    home = open_location("sqlite:///~/x.sqlite3")
    assert isinstance(home, SqliteStore)
    assert home.path == Path.home() / "x.sqlite3"
    assert main(["--from", "sqlite:///a", "--to", "sqlite:///a"]) == 2
    missing = tmp_path / "missing.sqlite3"
    assert main(["--from", f"sqlite:///{missing}", "--to", "postgresql://u@h/db"]) == 2
    assert "No SQLite database" in capsys.readouterr().err
    assert not missing.exists()
    assert main(["--from", f"sqlite:///{missing}", "--to", "postgresql://u:s3cr#et@h/db"]) == 2
    said = capsys.readouterr().err
    assert "password in the PostgreSQL URL holds '#': percent-encode it (%23)" in said
    assert "s3cr" not in said


def test_checksums_see_times_as_instants() -> None:
    moment = datetime(2026, 1, 1, 12, tzinfo=UTC)
    assert checksum([{"at": moment}]) == checksum([{"at": moment}])
    assert checksum([{"at": moment}]) != checksum([{"at": moment.replace(hour=13)}])


def test_an_unknown_kind_of_database_or_one_that_refuses_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`mysql://x` used to become a SQLite file named "mysql:/x"; a refused connection was a traceback."""
    source = tmp_path / "games.sqlite3"
    assert main(["--from", f"sqlite:///{tmp_path / 'other.sqlite3'}", "--to", f"sqlite:///{source}"]) == 2
    capsys.readouterr()
    asyncio.run(_empty_store(source))
    assert main(["--from", f"sqlite:///{source}", "--to", "mysql://x"]) == 2
    assert "unknown kind of database 'mysql'" in capsys.readouterr().err
    assert not Path("mysql:").exists()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    assert main(["--from", f"sqlite:///{source}", "--to", f"postgresql://u:pw@127.0.0.1:{port}/x"]) == 2
    said = capsys.readouterr().err
    assert said.startswith("Nothing copied: a database could not be used (")
    assert "Traceback" not in said


async def _empty_store(path: Path) -> None:
    store = SqliteStore(path)
    await store.open()
    await store.close()
