"""The README's backups, done as it says and restored: SQLite's online backup API while the bot writes,
and pg_dump/pg_restore for PostgreSQL. A restored store holds exactly what was backed up."""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
import subprocess
import uuid
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from core.storage import PostgresStore, SqliteStore, Store
from core.storage.sql_store import TABLES
from tests.support.postgres import fresh_schema, postgres_unavailable, server_url
from tests.test_migrate_store import fill
from tools.migrate_store import checksum


async def checksums(store: Store) -> dict[str, str]:
    assert isinstance(store, SqliteStore | PostgresStore)
    return {table.name: checksum(await store.dump(table)) for table in TABLES}


def sqlite_backup(live: Path, copy: Path) -> None:
    """The README's SQLite backup, word for word: the online backup API, safe while the bot runs."""
    src = sqlite3.connect(live)
    dst = sqlite3.connect(copy)
    src.backup(dst)
    dst.close()
    src.close()


async def test_a_sqlite_backup_taken_while_the_bot_writes_restores_whole(tmp_path: Path) -> None:
    live, copy = tmp_path / "deepspace.sqlite3", tmp_path / "backup.sqlite3"
    async with SqliteStore(live) as store:
        active = await fill(store)
        writing = asyncio.create_task(
            store.save(active, expected_version=1, user_id=3, action_json="{}", state_json='{"s": 2}')
        )
        await asyncio.to_thread(sqlite_backup, live, copy)  # the bot keeps its connection open
        await writing
        after = await checksums(store)
    async with SqliteStore(copy) as restored:
        game = await restored.get_game(active)
        assert game is not None
        assert game.version in (1, 2)  # the backup is one consistent moment, before or after the move
        assert len(await restored.actions(game.id)) == game.version
        if game.version == 2:
            assert await checksums(restored) == after


def _database_url(name: str) -> str:
    parts = urlsplit(server_url())
    return urlunsplit(parts._replace(path=f"/{name}", query=""))


async def test_a_pg_dump_restores_into_a_new_database_identically(tmp_path: Path) -> None:
    tools = [shutil.which(tool) for tool in ("pg_dump", "pg_restore")]
    if not all(tools):
        postgres_unavailable("pg_dump and pg_restore are not installed")
    async with fresh_schema() as url:
        schema = url.split("search_path=")[1].split("&")[0]
        async with PostgresStore(url) as store:
            await fill(store)
            before = await checksums(store)
            last_id = (await store.dump(TABLES[0]))[-1]["id"]
        dump = tmp_path / "deepspace.dump"
        base = urlunsplit(urlsplit(server_url())._replace(query=""))
        await asyncio.to_thread(
            subprocess.run,
            ["pg_dump", "--format=custom", f"--schema={schema}", f"--file={dump}", base],
            check=True,
            timeout=120,
        )
        target = f"restore_{uuid.uuid4().hex[:12]}"
        admin = await asyncpg.connect(server_url())
        await admin.execute(f"CREATE DATABASE {target}")
        try:
            await asyncio.to_thread(
                subprocess.run,
                ["pg_restore", "--no-owner", f"--dbname={_database_url(target)}", str(dump)],
                check=True,
                timeout=120,
            )
            async with PostgresStore(f"{_database_url(target)}?search_path={schema}") as restored:
                assert await checksums(restored) == before
                record = await restored.create_game(
                    kind="d6", guild_id=7, channel_id=999, owner_id=1, state_json="{}", rules_version="d6-1"
                )
                assert record.id > last_id  # the id sequence came back with the tables
        finally:
            await admin.execute(f"DROP DATABASE IF EXISTS {target} WITH (FORCE)")
            await admin.close()
