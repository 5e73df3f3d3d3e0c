"""Who a finished game's result counts for, and the verification that refuses anyone who never moved."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.ranking import GLOBAL
from core.storage import SqliteStore
from core.table import Table, credited, movers, table_action_json
from core.verify import verify_pending
from tests.test_standings import finished_d6

ALICE, BOB = 1, 2


def test_only_moves_earn_credit_joins_votes_and_abandoning_do_not() -> None:
    log = [
        (ALICE, '{"kind": "assign"}'),
        (BOB, table_action_json("join", user=BOB)),
        (BOB, table_action_json("abandon")),
    ]
    assert movers(log) == {ALICE}
    assert credited((ALICE, BOB), movers(log), ALICE) == (ALICE,)
    assert credited((ALICE, BOB), {BOB, ALICE}, ALICE) == (ALICE, BOB)  # crew order
    # ended before anyone moved: a loss for the owner who gave up, for nobody when another ended it
    assert credited((ALICE, BOB), set(), ALICE, ended_by=ALICE) == (ALICE,)
    assert credited((ALICE, BOB), set(), ALICE, ended_by=BOB) == ()  # a moderator, say
    assert credited((ALICE, BOB), set(), ALICE) == ()  # the bot: forgotten, or its channel deleted
    assert credited((BOB,), {ALICE}, ALICE) == ()  # a mover no longer aboard is not credited


@pytest.mark.parametrize(("credit", "accepted"), [((ALICE,), True), ((ALICE, BOB), False), ((BOB,), False)])
async def test_verification_refuses_a_result_crediting_someone_who_never_moved(
    tmp_path: Path, credit: tuple[int, ...], accepted: bool
) -> None:
    async with SqliteStore(tmp_path / "credit.sqlite3") as store:
        table = Table.start(ALICE, open_crew=True).joined(BOB)  # bob is aboard, but only alice moves
        await finished_d6(store, 11, ALICE, table=table, credit=credit)
        assert await verify_pending(store) == 1
        board = await store.leaderboard("d6", "all", GLOBAL, user_id=ALICE)
        assert [standing.user_id for standing in board.top] == ([ALICE] if accepted else [])
