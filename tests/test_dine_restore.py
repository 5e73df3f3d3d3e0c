"""A database written by the dine-1 bot restores, its games play to the end, and every result verifies.

`tests/data/dine-1-games.sql` was written by `tests/data/make_dine_1_db.py` at commit 10beebc, before
card sets per rules version (its docstring lists the games). Restoring it is what an operator does
after an update: the new code opens the old file. Games in progress keep the rules version they were
dealt under to their end, whatever version new games use now.
"""

from __future__ import annotations

import sqlite3
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import pytest

from core.d6 import State as D6State
from core.d6 import action_to_json as d6_json
from core.d6.ai import heuristic as d6_heuristic
from core.dine.actions import action_to_json
from core.dine.crews import POLICIES
from core.dine.seating import DineSaved
from core.games.d6 import GAME as D6
from core.games.dine import GAME as DINE
from core.i18n import say
from core.ranking import GLOBAL
from core.render.dine_controls import for_seat
from core.results import new_result
from core.storage import GameRecord, SqliteStore
from core.table import Saved, credited, movers
from core.verify import difficulty_of, verify_pending

DUMP = Path(__file__).parent / "data" / "dine-1-games.sql"
AT = datetime(2026, 12, 1, 12, tzinfo=UTC)
DAY = date(2026, 11, 30)


@pytest.fixture
async def restored(tmp_path: Path):
    """The dump loaded into a database file, then opened by today's store (which migrates it)."""
    path = tmp_path / "restored.sqlite3"
    db = sqlite3.connect(path)
    db.executescript(DUMP.read_text())
    db.close()
    async with SqliteStore(path, clock=lambda: AT) as store:
        yield store


def mover(saved: DineSaved, action: Any) -> int:
    """The seated user whose hand takes `action`; the captain decides for the crew."""
    seat = getattr(action, "seat", None)
    if isinstance(seat, int) and for_seat(action, seat) and saved.seats[seat].user is not None:
        user = saved.seats[seat].user
        assert user is not None
        return user
    return saved.table.captain


async def finish_dine(store: SqliteStore, record: GameRecord) -> GameRecord:
    """Play on with the heuristic crew, saving every move with its result as the cogs do."""
    saved = DINE.load_saved(record.state_json)
    assert saved.state is not None
    crew = [seat.user for seat in saved.seats if seat.user is not None]
    policy = POLICIES["heuristic"](record.id)
    while saved.state is not None and saved.state.outcome == "playing":
        action = policy(saved.state).action
        user = mover(saved, action)
        state, events = DINE.apply(saved.state, action)
        saved = saved.model_copy(
            update={"state": state, "table": saved.table.with_news([say("en", e.text) for e in events])}
        )
        result = None
        if state.outcome != "playing":
            logged = movers((a.user_id, a.action_json) for a in await store.actions(record.id))
            result = new_result(DINE, state, saved.table, credited(crew, logged | {user}, record.owner_id))
        record = await store.save(
            record.id,
            expected_version=record.version,
            user_id=user,
            action_json=action_to_json(action),
            state_json=saved.model_dump_json(),
            status="active" if result is None else "finished",
            result=result,
        )
    return record


async def finish_d6(store: SqliteStore, record: GameRecord) -> GameRecord:
    saved = Saved[D6State].model_validate_json(record.state_json)
    state, table = saved.state, saved.table
    while state.outcome == "playing":
        action = d6_heuristic(state).action
        state, events = D6.apply(state, action)
        table = table.with_news([say("en", e.text) for e in events])
        over = state.outcome != "playing"
        record = await store.save(
            record.id,
            expected_version=record.version,
            user_id=record.owner_id,
            action_json=d6_json(action),
            state_json=Saved[D6State](table=table, state=state).model_dump_json(),
            status="finished" if over else "active",
            result=new_result(D6, state, table, (record.owner_id,)) if over else None,
        )
    return record


async def test_the_dump_holds_dine_1_games_in_progress_finished_results_and_a_daily_attempt(
    restored: SqliteStore,
):
    games = [await restored.get_game(i) for i in range(1, 9)]
    assert all(g is not None for g in games)
    dine = [g for g in games if g is not None and g.kind == "dine"]
    assert {g.rules_version for g in dine} == {"dine-1"}
    assert [g.id for g in dine if g.status == "active"] == [1, 2, 3, 7]
    crews = {g.id: len(DINE.load_saved(g.state_json).seats) for g in dine}
    assert crews == {1: 1, 2: 3, 3: 2, 4: 1, 5: 2, 6: 1, 7: 1}
    assert [g.id for g in dine if await restored.result(g.id) is not None] == [4, 5, 6]
    attempts = [await restored.daily_attempt("dine", DAY, user) for user in (1, 2)]
    assert [a.game_id for a in attempts if a is not None] == [6, 7]
    for g in dine:
        state = DINE.load_saved(g.state_json).state
        assert state is not None
        assert state.rules_version == "dine-1"


async def test_a_restored_dine_1_database_plays_to_the_end_and_every_result_verifies(
    restored: SqliteStore,
):
    """The recorded results verify; the games in progress play on under dine-1 with the heuristic
    crew to their end, and their results verify too and enter the leaderboards."""
    assert await verify_pending(restored) == 3
    for game_id in (1, 2, 3, 7, 8):
        record = await restored.get_game(game_id)
        assert record is not None
        assert record.status == "active"
        finished = await (finish_d6 if record.kind == "d6" else finish_dine)(restored, record)
        assert finished.status == "finished"
        assert finished.rules_version == record.rules_version
        if record.kind == "dine":
            state = DINE.load_saved(finished.state_json).state
            assert state is not None
            assert state.rules_version == "dine-1"
    assert await verify_pending(restored) == 5
    rows = restored.db.execute("SELECT game_id, ok, note FROM verifications ORDER BY game_id")
    async with rows as cursor:
        verdicts = [tuple(row) for row in await cursor.fetchall()]
    assert verdicts == [(i, 1, "") for i in range(1, 9)]
    board = await restored.leaderboard("dine", "all", GLOBAL, user_id=1)
    assert board.players == 3  # each player's best of the seven Dine games
    assert {s.game_id for s in board.top} <= {1, 2, 3, 4, 5, 6, 7}
    podium = await restored.daily_podium("dine", DAY, None, rank_of=difficulty_of)
    assert {s.game_id for s in podium} == {6, 7}
