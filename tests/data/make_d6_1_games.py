"""Store two heuristic D-6 games exactly as the bot stores them, and export the rows as JSON.

This made `d6-1-games.json` at commit 4050d65, the last under rules d6-1 (it refuses to run under
later rules): `PYTHONPATH=. python tests/data/make_d6_1_games.py tests/data/d6-1-games.json`.
Seed 36: the heuristic holds Scouting Ship in stasis, and Distracted finds every die on a station.
Seed 39, a daily ranked attempt: both of those, and Comms Offline in stasis.
"""

from __future__ import annotations

import asyncio
import json
import sys
import tempfile
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

from cogs.d6.play import result_for
from core.d6 import RULES_VERSION, State, action_to_json, apply, deal
from core.d6.ai import heuristic
from core.daily import D6Setup
from core.storage import SqliteStore
from core.table import Saved, Table

DAY = date(2026, 11, 30)
GAME_FIELDS = {
    "kind",
    "guild_id",
    "channel_id",
    "owner_id",
    "status",
    "state_json",
    "version",
    "rules_version",
}
ABOUT = (
    "Two D-6 games stored by the bot under rules d6-1 (commit 4050d65), exported row by row by"
    " make_d6_1_games.py. The heuristic plays. Seed 36 holds Scouting Ship in stasis and Distracted"
    " finds every die on a station; seed 39, a daily ranked attempt, also holds Comms Offline in stasis."
)


async def play(store: SqliteStore, seed: int, user: int, daily: date | None) -> dict[str, Any]:
    table = Table.start(user).model_copy(update={"daily": daily.isoformat() if daily else None})
    state, events = deal(seed, "medium", "full")
    table = table.with_news([e.text for e in events])
    record = await store.create_game(
        kind="d6",
        guild_id=1,
        channel_id=100 + seed,
        owner_id=user,
        state_json=Saved[State](table=table, state=state).model_dump_json(),
        rules_version=RULES_VERSION,
        attempt=("d6", daily) if daily else None,
    )
    while state.outcome == "playing":
        action = heuristic(state).action
        state, events = apply(state, action)
        table = table.with_news([e.text for e in events])
        over = state.outcome != "playing"
        record = await store.save(
            record.id,
            expected_version=record.version,
            user_id=user,
            action_json=action_to_json(action),
            state_json=Saved[State](table=table, state=state).model_dump_json(),
            status="finished" if over else "active",
            result=result_for(table, state) if over else None,
        )
    result = await store.result(record.id)
    assert result is not None
    actions = await store.actions(record.id)
    return {
        "game": record.model_dump(mode="json", include=GAME_FIELDS),
        "actions": [{"seq": a.seq, "user_id": a.user_id, "action_json": a.action_json} for a in actions],
        "result": result.model_dump(
            mode="json", include={"outcome", "score", "rounds", "players", "detail_json"}
        ),
        "daily": daily.isoformat() if daily else None,
    }


async def export() -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        clock = lambda: datetime(2026, 11, 30, 12, tzinfo=UTC)  # noqa: E731
        async with SqliteStore(Path(tmp) / "s.sqlite3", clock=clock) as store:
            setup = D6Setup(difficulty="medium").model_dump_json()
            challenge = await store.daily_challenge(
                "d6", DAY, seed=39, setup_json=setup, rules_version=RULES_VERSION
            )
            games = [await play(store, 36, 1, None), await play(store, 39, 2, DAY)]
    fields = {"game", "day", "seed", "setup_json", "rules_version"}
    return {"about": ABOUT, "challenge": challenge.model_dump(mode="json", include=fields), "games": games}


if __name__ == "__main__":
    assert RULES_VERSION == "d6-1", "this fixture records what the d6-1 code stored"
    Path(sys.argv[1]).write_text(json.dumps(asyncio.run(export()), indent=1) + "\n")
