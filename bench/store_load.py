"""Store load figures: many active games, a steady stream of moves from many channels at once.

Run: `.venv/bin/python -m bench.store_load [--games 10000] [--seconds 60] [--channels 200]
[--postgres URL]`. Each store gets `--games` active games, then `--channels` concurrent players
each keep picking a random game and saving one move (load, then a versioned save, as the bot does)
for `--seconds`. Printed per run: moves per second sustained, p50/p99 of a save, conflicts (two
players on one game: refused, as they must be), and the check that every accepted move is in the
log afterwards. SQLite runs in one bot process (it is one process's store); PostgreSQL with 1, 2 and
4 bot processes side by side, each with its own connection pool and its shard's games (a server's
games all reach the process holding its shard), the channels shared out among them.
PostgreSQL runs in a schema of its own, dropped afterwards.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import random
import tempfile
import time
import uuid
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import asyncpg

from core.storage import Store, StoreUnavailable, VersionConflict, store_for

STATE = json.dumps({"hull": 8, "shields": 4, "dice": list(range(6)), "log": ["x" * 60] * 20})


@dataclass
class Tally:
    saves: list[float] = field(default_factory=list[float])
    conflicts: int = 0
    unavailable: int = 0  # no connection within the pool's wait: the player would be told so
    accepted: dict[int, int] = field(default_factory=dict[int, int])  # game → moves accepted


def percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


async def make_games(store: Store, games: int) -> list[int]:
    ids: list[int] = []
    for start in range(0, games, 50):
        made = await asyncio.gather(
            *(
                store.create_game(
                    kind="d6", guild_id=1, channel_id=c, owner_id=1, state_json=STATE, rules_version="b"
                )
                for c in range(start, min(games, start + 50))
            )
        )
        ids.extend(g.id for g in made)
    return ids


async def player(store: Store, ids: list[int], stop: float, tally: Tally, rng: random.Random) -> None:
    while time.time() < stop:
        game_id = rng.choice(ids)
        try:
            game = await store.get_game(game_id)
        except StoreUnavailable:
            tally.unavailable += 1
            continue
        assert game is not None
        began = time.perf_counter()
        try:
            await store.save(
                game_id, expected_version=game.version, user_id=1, action_json='{"a": 1}', state_json=STATE
            )
        except VersionConflict:
            tally.conflicts += 1
            continue
        except StoreUnavailable:
            tally.unavailable += 1
            continue
        tally.saves.append(time.perf_counter() - began)
        tally.accepted[game_id] = tally.accepted.get(game_id, 0) + 1


async def play_instance(
    location: str, ids: list[int], start: float, stop: float, channels: int, seed: int
) -> Tally:
    """One bot instance: its own store (its own connection pool), `channels` players on its games."""
    tally = Tally()
    async with store_for(location) as store:
        await asyncio.sleep(max(0.0, start - time.time()))
        await asyncio.gather(
            *(player(store, ids, stop, tally, random.Random(seed * 10_000 + n)) for n in range(channels))
        )
    return tally


def instance_process(
    location: str, ids: list[int], start: float, stop: float, channels: int, seed: int
) -> Tally:
    return asyncio.run(play_instance(location, ids, start, stop, channels, seed))


async def run(name: str, location: str, instances: int, games: int, seconds: float, channels: int) -> None:
    """Make the games, then run `instances` processes side by side, each playing the games of its own
    shard (a server's games are on one shard) with its share of the channels; then check the log."""
    async with store_for(location) as store:
        ids = await make_games(store, games)
    start = time.time() + 3.0  # every process connected before the clock starts
    stop = start + seconds
    shards = [ids[n::instances] for n in range(instances)]
    with ProcessPoolExecutor(instances, mp_context=multiprocessing.get_context("spawn")) as pool:
        jobs = [
            asyncio.wrap_future(
                pool.submit(instance_process, location, shards[n], start, stop, channels // instances, n)
            )
            for n in range(instances)
        ]
        tallies = await asyncio.gather(*jobs)
    lost = 0
    async with store_for(location) as store:
        for tally in tallies:
            for game_id, moves in tally.accepted.items():
                lost += moves - len(await store.actions(game_id))
    ms = [s * 1000 for tally in tallies for s in tally.saves]
    print(
        f"{name:<30} {len(ms) / seconds:8.0f} moves/s  save p50={percentile(ms, 0.5):6.2f} ms"
        f"  p99={percentile(ms, 0.99):7.2f} ms  conflicts={sum(t.conflicts for t in tallies):<5}"
        f" unavailable={sum(t.unavailable for t in tallies):<4} lost={lost}",
        flush=True,
    )


async def main(games: int, seconds: float, channels: int, postgres: str | None) -> None:
    print(f"{games} active games, {channels} channels playing at once, {seconds:.0f} s a run", flush=True)
    with tempfile.TemporaryDirectory() as folder:
        await run("sqlite, 1 process", str(Path(folder) / "b.sqlite3"), 1, games, seconds, channels)
    if postgres is None:
        return
    for instances in (1, 2, 4):
        schema = f"bench_{uuid.uuid4().hex[:12]}"
        admin = await asyncpg.connect(postgres)
        await admin.execute(f"CREATE SCHEMA {schema}")
        try:
            url = f"{postgres}{'&' if '?' in postgres else '?'}search_path={schema}"
            name = f"postgresql, {instances} process{'es' if instances > 1 else ''}"
            await run(name, url, instances, games, seconds, channels)
        finally:
            await admin.execute(f"DROP SCHEMA {schema} CASCADE")
            await admin.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--channels", type=int, default=200)
    parser.add_argument("--postgres", default="postgresql://postgres@127.0.0.1:5432/test")
    parser.add_argument("--sqlite-only", action="store_true")
    args = parser.parse_args()
    asyncio.run(main(args.games, args.seconds, args.channels, None if args.sqlite_only else args.postgres))
