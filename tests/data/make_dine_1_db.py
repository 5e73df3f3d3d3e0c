"""Write a database as the bot stores Dine games under rules dine-1, and dump it as SQL.

This made `dine-1-games.sql` at commit 10beebc, the last main before card sets per rules version
(it refuses to run under later rules): `PYTHONPATH=. python tests/data/make_dine_1_db.py
tests/data/dine-1-games.sql`. The heuristic crew plays; every save goes through the store as the
cogs make it (lobby, joins, start, moves credited to the seat that moved, the result with the last
move). It holds:

- game 1: a solo normal game (Salad, Spacehopper 3000) in progress, 6 moves in;
- game 2: a crew of three on the Nostroven One (Margherita) in progress, 9 moves in;
- game 3: a crew of two (starter game) in progress, 4 moves in;
- games 4, 5: a solo game and a crew of two, finished, with their results;
- game 6: user 1's ranked Dine daily attempt of 2026-11-30, finished; game 7: user 2's, 5 moves in;
- game 8: a D-6 game in progress, 5 moves in.
"""

from __future__ import annotations

import asyncio
import sqlite3
import sys
import tempfile
from datetime import UTC, date, datetime
from pathlib import Path

from core.d6 import State as D6State
from core.d6 import action_to_json as d6_json
from core.d6 import apply as d6_apply
from core.d6 import deal as d6_deal
from core.d6.ai import heuristic as d6_heuristic
from core.dine.actions import action_to_json
from core.dine.ai import heuristic
from core.dine.engine import apply, deal
from core.dine.seating import DineSaved, Setup, lobby, seated
from core.dine.state import RULES_VERSION, State
from core.games.dine import GAME as DINE
from core.render.dine_controls import for_seat
from core.results import new_result
from core.storage import GameRecord, SqliteStore
from core.table import Saved, Table, credited, movers, table_action_json

DAY = date(2026, 11, 30)
AT = datetime(2026, 11, 30, 12, tzinfo=UTC)
NAMES = {1: "Ada", 2: "Brin", 3: "Cato"}


def mover(state: State, saved: DineSaved, action: object) -> int:
    """The user whose seat takes `action` (the captain for a crew-wide decision)."""
    for seat in range(state.crew):
        if for_seat(action, seat) and getattr(action, "seat", None) == seat:  # type: ignore[arg-type]
            user = saved.seats[seat].user
            if user is not None:
                return user
    return saved.table.captain


async def moves(store: SqliteStore, record: GameRecord, saved: DineSaved, count: int | None) -> GameRecord:
    """Play `count` heuristic moves (None: to the end) and save each as the bot does."""
    crew = [seat.user for seat in saved.seats if seat.user is not None]
    made = 0
    while saved.state is not None and saved.state.outcome == "playing" and (count is None or made < count):
        state = saved.state
        action = heuristic(state).action
        user = mover(state, saved, action)
        after, events = apply(state, action)
        saved = saved.model_copy(
            update={"state": after, "table": saved.table.with_news([e.text for e in events])}
        )
        over = after.outcome != "playing"
        result = None
        if over:
            logged = movers((a.user_id, a.action_json) for a in await store.actions(record.id))
            players = credited(crew, logged | {user}, record.owner_id)
            result = new_result(DINE, after, saved.table, players)
        record = await store.save(
            record.id,
            expected_version=record.version,
            user_id=user,
            action_json=action_to_json(action),
            state_json=saved.model_dump_json(),
            status="finished" if over else "active",
            result=result,
        )
        made += 1
    return record


async def lobby_game(
    store: SqliteStore, channel: int, crew: list[int], setup: Setup, seed: int, count: int | None
) -> GameRecord:
    """`/dine new`, the others join, the host starts, then the crew plays."""
    host = crew[0]
    saved = lobby(host, NAMES[host], setup, AT)
    record = await store.create_game(
        kind="dine",
        guild_id=1,
        channel_id=channel,
        owner_id=host,
        state_json=saved.model_dump_json(),
        rules_version=RULES_VERSION,
    )
    for user in crew[1:]:
        table = saved.table.joined(user)
        saved = saved.model_copy(
            update={
                "table": table.with_news([f"**{NAMES[user]}** joins."]),
                "names": {**saved.names, user: NAMES[user]},
            }
        )
        record = await store.save(
            record.id,
            expected_version=record.version,
            user_id=user,
            action_json=table_action_json("join", user=user),
            state_json=saved.model_dump_json(),
        )
    state, events = deal(seed, ship=setup.ship, level=setup.level, crew=len(crew), starter=setup.starter)
    saved = seated(saved, AT, state)
    saved = saved.model_copy(update={"table": saved.table.with_news([e.text for e in events])})
    detail = {
        "seed": seed,
        "crew": len(crew),
        "ship": setup.ship,
        "level": setup.level,
        "starter": setup.starter,
    }
    record = await store.save(
        record.id,
        expected_version=record.version,
        user_id=host,
        action_json=table_action_json("start", **detail),
        state_json=saved.model_dump_json(),
    )
    return await moves(store, record, saved, count)


async def daily_game(store: SqliteStore, user: int, channel: int, count: int | None) -> GameRecord:
    """`/daily dine`: the day's challenge dealt through the declaration, the ranked attempt recorded."""
    challenge = await store.daily_challenge(
        "dine",
        DAY,
        seed=4242,
        setup_json=DINE.daily_setup(DAY).model_dump_json(),
        rules_version=RULES_VERSION,
    )
    setup = DINE.parse_setup(challenge.setup_json)
    state, events = DINE.deal(challenge.seed, setup, challenge.rules_version)
    table = Table.start(user).model_copy(update={"daily": DAY.isoformat(), "practice": False})
    table = table.with_news([f"**{NAMES[user]}** takes the daily challenge.", *(e.text for e in events)])
    saved = DINE.solo_saved(table, state, NAMES[user], AT)
    record = await store.create_game(
        kind="dine",
        guild_id=1,
        channel_id=channel,
        owner_id=user,
        state_json=saved.model_dump_json(),
        rules_version=challenge.rules_version,
        attempt=("dine", DAY),
    )
    return await moves(store, record, saved, count)


async def d6_game(store: SqliteStore, channel: int, count: int) -> GameRecord:
    state, events = d6_deal(77, "medium", "full")
    table = Table.start(1).with_news([e.text for e in events])
    record = await store.create_game(
        kind="d6",
        guild_id=1,
        channel_id=channel,
        owner_id=1,
        state_json=Saved[D6State](table=table, state=state).model_dump_json(),
        rules_version=state.rules_version,
    )
    for _ in range(count):
        action = d6_heuristic(state).action
        state, events = d6_apply(state, action)
        table = table.with_news([e.text for e in events])
        record = await store.save(
            record.id,
            expected_version=record.version,
            user_id=1,
            action_json=d6_json(action),
            state_json=Saved[D6State](table=table, state=state).model_dump_json(),
        )
    assert state.outcome == "playing"
    return record


async def write(path: Path) -> None:
    async with SqliteStore(path, clock=lambda: AT) as store:
        normal = Setup(starter=False, ship="Spacehopper 3000", level="Salad")
        await lobby_game(store, 101, [1], normal, 11, 6)
        crew3 = Setup(starter=False, ship="Nostroven One", level="Margherita")
        await lobby_game(store, 102, [1, 2, 3], crew3, 12, 9)
        await lobby_game(store, 103, [2, 3], Setup(), 13, 4)
        await lobby_game(store, 104, [3], normal, 14, None)
        await lobby_game(
            store, 105, [1, 2], Setup(starter=False, ship="Spacehopper 3000", level="Margherita"), 15, None
        )
        await daily_game(store, 1, 106, None)
        await daily_game(store, 2, 107, 5)
        await d6_game(store, 108, 5)


def dump(database: Path) -> str:
    """The database as SQL, with the schema version the migrations read (`PRAGMA user_version`)."""
    db = sqlite3.connect(database)
    try:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        lines = list(db.iterdump())
    finally:
        db.close()
    return "\n".join([*lines, f"PRAGMA user_version = {version};"]) + "\n"


if __name__ == "__main__":
    assert RULES_VERSION == "dine-1", "this fixture records what the dine-1 code stored"
    with tempfile.TemporaryDirectory() as tmp:
        database = Path(tmp) / "dine-1.sqlite3"
        asyncio.run(write(database))
        Path(sys.argv[1]).write_text(dump(database))
