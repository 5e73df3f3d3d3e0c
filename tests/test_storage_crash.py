"""A writer killed with SIGKILL mid-transaction leaves the last committed state intact and usable."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from core.storage import SqliteStore

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")


class Writer:
    """The crash writer in its own process, read line by line."""

    def __init__(self, mode: str, db: Path) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tests.support.crash_writer", mode, str(db)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )

    def line(self) -> str:
        assert self.proc.stdout is not None
        text = self.proc.stdout.readline()
        if not text:
            raise AssertionError(
                f"writer exited early: {self.proc.stderr.read() if self.proc.stderr else ''}"
            )
        return text.strip()

    def kill(self) -> None:
        os.kill(self.proc.pid, signal.SIGKILL)
        assert self.proc.wait(timeout=10) == -signal.SIGKILL


async def assert_consistent(db: Path) -> int:
    """The game's state, version and action log agree; returns the version."""
    async with SqliteStore(db) as store:
        game = await store.active_game(1)
        assert game is not None
        actions = await store.actions(game.id)
        assert [a.seq for a in actions] == list(range(1, game.version + 1))
        assert json.loads(game.state_json)["n"] == game.version
        if actions:
            assert json.loads(actions[-1].action_json) == {"to": game.version}
        # ...and the database still takes writes.
        saved = await store.save(
            game.id,
            expected_version=game.version,
            user_id=2,
            action_json=json.dumps({"to": game.version + 1}),
            state_json=json.dumps({"n": game.version + 1}),
        )
        assert saved.version == game.version + 1
        return game.version


async def test_kill_inside_a_transaction_keeps_the_previous_state(tmp_path: Path) -> None:
    db = tmp_path / "crash.sqlite3"
    first = Writer("hold", db)
    assert first.line() == "READY 0"
    assert first.line() == "IN_TRANSACTION"  # the update and the action insert ran, COMMIT did not
    first.kill()
    assert await assert_consistent(db) == 0

    second = Writer("hold", db)  # the same again from a later version
    assert second.line() == "READY 1"
    assert second.line() == "IN_TRANSACTION"
    second.kill()
    assert await assert_consistent(db) == 1


@pytest.mark.parametrize("commits_before_kill", [1, 7, 25])
async def test_kill_while_writing_fast_never_leaves_a_half_action(
    tmp_path: Path, commits_before_kill: int
) -> None:
    db = tmp_path / "loop.sqlite3"
    writer = Writer("loop", db)
    assert writer.line() == "READY 0"
    last = 0
    while last < commits_before_kill:
        last = int(writer.line().split()[1])
    writer.kill()
    assert await assert_consistent(db) >= last
