"""A writer process for the crash tests: it saves game actions until the test kills it with SIGKILL.

`hold` stops inside a save's transaction, just before COMMIT, and says so; `loop` saves as fast as it
can and prints each committed version. Run as `python -m tests.support.crash_writer MODE DB_PATH`.
"""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any

import aiosqlite

from core.storage import SqliteStore


async def _existing_or_new_game(store: SqliteStore) -> tuple[int, int]:
    game = await store.active_game(1)
    if game is None:
        game = await store.create_game(
            kind="d6", guild_id=1, channel_id=1, owner_id=1, state_json='{"n": 0}', rules_version="t"
        )
    return game.id, game.version


def _stall_before_commit() -> None:
    """Make the next COMMIT announce itself and then never run, so the transaction stays open."""
    original = aiosqlite.Connection.execute

    class Stall:
        """Stands in for the COMMIT statement, awaited or used as `async with`, and never finishes."""

        async def __aenter__(self) -> None:
            print("IN_TRANSACTION", flush=True)
            await asyncio.Event().wait()

        async def __aexit__(self, *exc: object) -> None:
            return None

        def __await__(self) -> Any:
            return self.__aenter__().__await__()

    def execute(self: aiosqlite.Connection, sql: str, *args: Any) -> Any:
        return Stall() if sql.strip().upper() == "COMMIT" else original(self, sql, *args)

    aiosqlite.Connection.execute = execute  # type: ignore[method-assign]


async def main(mode: str, path: str) -> None:
    async with SqliteStore(path) as store:
        game_id, version = await _existing_or_new_game(store)
        print(f"READY {version}", flush=True)
        # In `hold` mode the uncommitted state is several MB, far beyond SQLite's page cache, so the
        # kill leaves half-written frames in the WAL file for recovery to discard, not just memory.
        padding = 2000
        if mode == "hold":
            _stall_before_commit()
            padding = 8_000_000
        while True:
            await store.save(
                game_id,
                expected_version=version,
                user_id=1,
                action_json=json.dumps({"to": version + 1}),
                state_json=json.dumps({"n": version + 1, "padding": "x" * padding}),
            )
            version += 1
            print(f"COMMITTED {version}", flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
