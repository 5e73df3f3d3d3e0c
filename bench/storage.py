"""Storage figures: how long one game action takes to commit, and how that holds up with many games.

Run: `.venv/bin/python -m bench.storage [--games 200] [--actions 20]`. Every save is a real
transaction on a real file (WAL, synchronous=FULL), as in production.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
import time
from pathlib import Path

from core.storage import SqliteStore

STATE = json.dumps({"hull": 8, "shields": 4, "dice": list(range(6)), "log": ["x" * 60] * 20})


def megabytes(folder: str) -> float:
    return sum(p.stat().st_size for p in Path(folder).iterdir()) / 1e6


def percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def report(name: str, samples: list[float]) -> None:
    ms = [s * 1000 for s in samples]
    print(
        f"{name:<28} n={len(ms):<6} mean={statistics.fmean(ms):7.3f} ms  p50={percentile(ms, 0.5):7.3f} ms"
        f"  p95={percentile(ms, 0.95):7.3f} ms  max={max(ms):7.3f} ms"
    )


async def run(games: int, actions: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        async with SqliteStore(Path(folder) / "bench.sqlite3") as store:
            creates, saves, loads = [], [], []
            ids = []
            for channel in range(games):
                start = time.perf_counter()
                game = await store.create_game(
                    kind="d6", guild_id=1, channel_id=channel, owner_id=1, state_json=STATE, rules_version="b"
                )
                creates.append(time.perf_counter() - start)
                ids.append(game.id)
            began = time.perf_counter()
            for version in range(actions):
                for game_id in ids:
                    start = time.perf_counter()
                    loaded = await store.get_game(game_id)
                    loads.append(time.perf_counter() - start)
                    assert loaded is not None
                    start = time.perf_counter()
                    await store.save(
                        game_id, expected_version=version, user_id=1, action_json='{"a": 1}', state_json=STATE
                    )
                    saves.append(time.perf_counter() - start)
            elapsed = time.perf_counter() - began
            size = megabytes(folder)
    print(f"SQLite store, {games} games x {actions} actions, state {len(STATE)} bytes")
    report("create_game", creates)
    report("get_game", loads)
    report("save (commit one action)", saves)
    print(f"{'load+save throughput':<28} {games * actions / elapsed:8.0f} actions/s; database {size:.1f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--actions", type=int, default=20)
    args = parser.parse_args()
    asyncio.run(run(args.games, args.actions))


if __name__ == "__main__":
    main()
