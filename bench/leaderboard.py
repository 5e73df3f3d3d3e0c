"""Leaderboard speed over one million stored results (target: every query under 50 ms).

Run: `.venv/bin/python -m bench.leaderboard [--results 1000000]`. Builds a throw-away SQLite database
with the bot's schema: results spread over a year, 50,000 players in 20 servers, verified and folded
into `bests` as the bot does, then times each leaderboard (today / this week / all time, server and
global, with the caller's own rank) through the real `SqliteStore`. With `--postgres URL` the same
rows are then copied (COPY) into a throw-away PostgreSQL schema and timed through `PostgresStore`.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sqlite3
import statistics
import tempfile
import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

import asyncpg

from core.ranking import GLOBAL, day_of, period_key, period_keys, rank_key
from core.storage import PostgresStore, SqliteStore, Store
from core.storage.sql_store import TABLES

DAYS, PLAYERS, GUILDS = 365, 50_000, 20


def populate(path: Path, count: int, today: datetime) -> None:
    """Write `count` verified results and their bests straight into the database, in bulk."""
    rng = random.Random(1)
    games, results, players, verified = [], [], [], []
    bests: dict[tuple[str, int, str, int], tuple[int, int]] = {}
    for game_id in range(1, count + 1):
        user = rng.randrange(1, PLAYERS + 1)
        guild = 1 + user % GUILDS
        finished = today - timedelta(seconds=rng.randrange(DAYS * 86400))
        won = rng.random() < 0.4
        score, rounds = rng.randrange(0, 40), rng.randrange(5, 60)
        at = finished.isoformat()
        games.append((game_id, "d6", guild, game_id, user, "finished", "{}", 1, "d6-1", at, at))
        results.append((game_id, "d6", guild, "won" if won else "lost", score, rounds, "{}", at))
        players.append((game_id, user))
        verified.append((game_id, 1, "", at))
        key = rank_key(won, 0, score, rounds, finished)
        for scope in (GLOBAL, guild):
            for period in period_keys(day_of(finished)):
                slot = ("d6", scope, period, user)
                if slot not in bests or bests[slot][0] < key:
                    bests[slot] = (key, game_id)
    db = sqlite3.connect(path)
    with db:
        db.executemany("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, NULL)", games)
        db.executemany("INSERT INTO results VALUES (?, ?, ?, ?, ?, ?, ?, ?)", results)
        db.executemany("INSERT INTO result_players VALUES (?, ?)", players)
        db.executemany("INSERT INTO verifications VALUES (?, ?, ?, ?)", verified)
        db.executemany(
            "INSERT INTO bests VALUES (?, ?, ?, ?, ?, ?)", [(*slot, *value) for slot, value in bests.items()]
        )
    db.execute("ANALYZE")
    db.close()


async def create_schema(path: Path) -> None:
    """The bot's schema, by its own migrations."""
    async with SqliteStore(path):
        pass


async def measure(store: Store, today: datetime, repeats: int) -> None:
    async with store:
        day = today.date()
        for period in ("today", "week", "all"):
            for scope_name, scope in (("server", 3), ("global", GLOBAL)):
                times = []
                for n in range(repeats):
                    started = time.perf_counter()
                    board = await store.leaderboard("d6", period_key(period, day), scope, user_id=1 + n * 97)
                    times.append((time.perf_counter() - started) * 1000)
                print(
                    f"  {period:5} {scope_name:6}: median {statistics.median(times):6.2f} ms, "
                    f"max {max(times):6.2f} ms over {repeats} (ranks {board.players} players)"
                )


async def to_postgres(path: Path, server: str, today: datetime, repeats: int) -> None:
    """Copy the populated SQLite rows into a new PostgreSQL schema with COPY, then time the same queries."""
    schema = f"bench_{uuid.uuid4().hex[:12]}"
    admin = await asyncpg.connect(server)
    await admin.execute(f"CREATE SCHEMA {schema}")
    try:
        url = f"{server}{'&' if '?' in server else '?'}search_path={schema}"
        started = time.perf_counter()
        async with SqliteStore(path) as source, PostgresStore(url) as target:
            await admin.execute(f"SET search_path = {schema}")
            for table in TABLES:
                rows = await source.dump(table)
                if rows:
                    await admin.copy_records_to_table(
                        table.name, records=[tuple(row.values()) for row in rows], columns=list(table.columns)
                    )
            # A live server's autovacuum keeps the visibility map and statistics current; after a bulk
            # COPY the bench does it at once, or every count would visit the table's pages.
            await admin.execute("VACUUM ANALYZE")
            del target
        print(f"copied into PostgreSQL (and vacuumed) in {time.perf_counter() - started:.1f} s")
        await measure(PostgresStore(url), today, repeats)
    finally:
        await admin.execute(f"DROP SCHEMA {schema} CASCADE")
        await admin.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--results", type=int, default=1_000_000)
    parser.add_argument("--repeats", type=int, default=50)
    parser.add_argument("--postgres", metavar="URL", help="also time PostgreSQL (a schema of its own)")
    args = parser.parse_args()
    today = datetime(2026, 11, 30, 12, tzinfo=UTC)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.sqlite3"
        asyncio.run(create_schema(path))
        started = time.perf_counter()
        populate(path, args.results, today)
        print(f"{args.results:,} results written in {time.perf_counter() - started:.1f} s")
        print("SQLite:")
        asyncio.run(measure(SqliteStore(path), today, args.repeats))
        if args.postgres:
            print("PostgreSQL:")
            asyncio.run(to_postgres(path, args.postgres, today, args.repeats))


if __name__ == "__main__":
    main()
