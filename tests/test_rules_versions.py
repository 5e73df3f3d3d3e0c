"""D-6 rules versions: games and results recorded under older rules replay, verify and stay ranked.

`tests/data/d6-1-games.json` holds two games as the bot stored them under rules d6-1, before the
d6-2 change (Distracted may hold a die on a station; no stasis on a threat that never activates),
exported row by row by `tests/data/make_d6_1_games.py` at that commit.
"""

from __future__ import annotations

import json
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import pytest

from core.d6 import RULES_VERSION, State, action_from_json, action_to_json, apply, deal, legal_actions
from core.d6.actions import Stasis
from core.games.d6 import GAME as D6
from core.ranking import GLOBAL
from core.storage import ActionRecord, NewResult, ResultRecord, SqliteStore
from core.verify import check, difficulty_of, mismatch, verify_pending

FIXTURE = json.loads((Path(__file__).parent / "data" / "d6-1-games.json").read_text())
AT = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


@pytest.fixture
async def store(tmp_path: Path):
    async with SqliteStore(tmp_path / "versions.sqlite3", clock=lambda: AT) as opened:
        yield opened


async def stored(store: SqliteStore) -> list[int]:
    """The fixture's challenge and games written through the store as the d6-1 bot wrote them."""
    challenge = FIXTURE["challenge"]
    await store.daily_challenge(
        "d6",
        date.fromisoformat(challenge["day"]),
        seed=challenge["seed"],
        setup_json=challenge["setup_json"],
        rules_version=challenge["rules_version"],
    )
    ids = []
    for entry in FIXTURE["games"]:
        game, result = entry["game"], entry["result"]
        daily = entry["daily"]
        record = await store.create_game(
            kind=game["kind"],
            guild_id=game["guild_id"],
            channel_id=game["channel_id"],
            owner_id=game["owner_id"],
            state_json=game["state_json"],
            rules_version=game["rules_version"],
            attempt=("d6", date.fromisoformat(daily)) if daily else None,
        )
        last = len(entry["actions"]) - 1
        for k, action in enumerate(entry["actions"]):
            record = await store.save(
                record.id,
                expected_version=record.version,
                user_id=action["user_id"],
                action_json=action["action_json"],
                state_json=game["state_json"],  # the store keeps only the latest state
                status="finished" if k == last else "active",
                result=NewResult.model_validate(result) if k == last else None,
            )
        assert record.version == game["version"]
        ids.append(record.id)
    return ids


def result_of(entry: dict[str, Any]) -> ResultRecord:
    return ResultRecord(game_id=1, kind="d6", guild_id=1, finished_at=AT, **entry["result"])


def log_of(entry: dict[str, Any]) -> list[ActionRecord]:
    return [ActionRecord(game_id=1, at=AT, **action) for action in entry["actions"]]


def test_the_fixture_is_a_d6_1_game_that_the_new_rules_would_not_replay():
    """The recorded logs use moves d6-2 refuses (stasis on Scouting Ship), so they only replay because
    the game keeps its rules version: under d6-2 the very same log is refused."""
    assert RULES_VERSION != "d6-1"
    for entry in FIXTURE["games"]:
        saved = json.loads(entry["game"]["state_json"])
        assert saved["state"]["rules_version"] == "d6-1"
        assert mismatch("d6", entry["game"]["state_json"], log_of(entry), result_of(entry), "d6-1") is None
        saved["state"]["rules_version"] = RULES_VERSION
        reason = mismatch("d6", json.dumps(saved), log_of(entry), result_of(entry))
        assert reason is not None
        assert reason.startswith("the log does not replay: IllegalAction")


async def test_results_recorded_under_d6_1_verify_and_stay_on_the_leaderboards(store: SqliteStore):
    """No recorded result drops off a leaderboard because the rules moved on: both d6-1 results pass
    verification by replay under d6-1, the daily one is on its day's podium."""
    plain, daily = await stored(store)
    assert await verify_pending(store) == 2
    board = await store.leaderboard("d6", "all", GLOBAL, user_id=1)
    assert {s.game_id for s in board.top} == {plain, daily}
    podium = await store.daily_podium(
        "d6", date.fromisoformat(FIXTURE["challenge"]["day"]), None, rank_of=difficulty_of
    )
    assert [s.game_id for s in podium] == [daily]


async def test_a_rules_version_this_code_does_not_play_is_refused_with_the_reason(store: SqliteStore):
    plain, _ = await stored(store)
    await store.db.execute("UPDATE games SET rules_version = 'd6-9' WHERE id = ?", (plain,))
    result = await store.result(plain)
    assert result is not None
    assert await check(store, result) == "finished under rules d6-9, which this version cannot replay"


async def test_a_game_record_whose_version_is_not_its_states_is_refused(store: SqliteStore):
    plain, _ = await stored(store)
    await store.db.execute("UPDATE games SET rules_version = ? WHERE id = ?", (RULES_VERSION, plain))
    result = await store.result(plain)
    assert result is not None
    assert await check(store, result) == "the stored state's rules version is not the game's"


def test_a_stored_state_without_a_rules_version_loads_as_d6_1_and_plays_by_d6_1():
    """Games saved before states named their rules were dealt under d6-1: they keep those rules."""
    entry = FIXTURE["games"][0]
    saved = json.loads(entry["game"]["state_json"])["state"]
    del saved["rules_version"]
    state = State.model_validate(saved)
    assert state.rules_version == "d6-1"
    assert D6.replay(state, [a["action_json"] for a in entry["actions"]]).model_dump() == state.model_dump()


def test_new_games_are_dealt_under_the_newest_rules_and_old_ones_can_be_dealt_again():
    assert deal(36)[0].rules_version == RULES_VERSION == "d6-3"
    old, new = deal(36, rules_version="d6-1")[0], deal(36)[0]
    assert old.model_dump(exclude={"rules_version"}) == new.model_dump(exclude={"rules_version"})
    with pytest.raises(ValueError, match="unknown D-6 rules version"):
        deal(36, rules_version="d6-0")


def test_a_d6_1_game_in_progress_keeps_offering_what_d6_1_offered():
    """A game started before the update plays on under its rules: stasis on Scouting Ship stays legal."""
    entry = FIXTURE["games"][0]
    state = deal(36, rules_version="d6-1")[0]
    for action_json in (a["action_json"] for a in entry["actions"]):
        action = action_from_json(action_json)
        target = state.threat(action.target) if isinstance(action, Stasis) else None
        if target is not None and target.card == "scouting_ship":
            assert action in legal_actions(state)
            newer = State.model_validate({**state.model_dump(), "rules_version": RULES_VERSION})
            assert action not in legal_actions(newer)
            return
        state, _ = apply(state, action)
    pytest.fail("the fixture never held Scouting Ship in stasis")


def test_a_result_stored_before_dice_remembered_their_round_still_verifies():
    """`Die.was` (what a gathered die did this round, for the board) came after results were recorded:
    a game abandoned at the recall question, stored without it, replays to a state that has it. It is
    the board's memory, not rules, so verification leaves it out; a changed rules field still fails."""
    from core.d6.ai import heuristic
    from core.results import new_result
    from core.table import Saved, Table, table_action_json

    def to_recall_question(seed: int) -> tuple[State, list[str]] | None:
        state, _ = deal(seed)
        log: list[str] = []
        while state.outcome == "playing":
            if state.pending is not None and state.pending.kind == "gather":
                return state, log
            action = heuristic(state).action
            state, _ = apply(state, action)
            log.append(action_to_json(action))
        return None

    state, log = next(found for seed in range(100) if (found := to_recall_question(seed)) is not None)
    state, _ = D6.abandon(state)
    log.append(table_action_json("abandon"))
    assert any(die.was is not None for die in state.dice)
    table = Table.start(1)
    stored = Saved[State](table=table, state=state).model_dump()
    for die in stored["state"]["dice"]:
        die.pop("was")  # as the bot stored it before
    result = ResultRecord(
        game_id=1,
        kind="d6",
        guild_id=1,
        finished_at=AT,
        **new_result(D6, state, table, (1,), abandoned=True).model_dump(),
    )
    actions = [
        ActionRecord(game_id=1, seq=k, at=AT, user_id=1, action_json=entry) for k, entry in enumerate(log, 1)
    ]
    assert mismatch("d6", json.dumps(stored), actions, result) is None
    stored["state"]["hull"] -= 1
    assert mismatch("d6", json.dumps(stored), actions, result) == (
        "the stored state is not what the logged actions produce"
    )
