"""Daily challenges, verified results, leaderboards and streaks in the store, with a controllable clock."""

from __future__ import annotations

import asyncio
import json
import logging
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest

from cogs.standings import leaderboard_embed, stats_embed
from core.d6 import State as D6State
from core.d6 import action_to_json as d6_json
from core.d6 import apply as d6_apply
from core.d6 import deal as d6_deal
from core.d6.ai import heuristic as d6_heuristic
from core.d6.state import Difficulty
from core.daily import setup_for, streaks
from core.dine.actions import action_to_json as dine_json
from core.dine.ai import heuristic as dine_heuristic
from core.dine.cards import card_set
from core.dine.engine import apply as dine_apply
from core.dine.engine import deal as dine_deal
from core.dine.seating import Setup, lobby, seated
from core.games.d6 import GAME as D6
from core.games.d6 import D6Result
from core.games.dine import GAME as DINE
from core.games.dine import LEVELS, DineResult
from core.ranking import DIFFICULTY_RANKS, GLOBAL, period_key, rank_key
from core.results import new_result
from core.stats import player_stats
from core.storage import AttemptExists, DailyPost, NewResult, ResultRecord, Store
from core.table import Saved, Table, table_action_json
from core.verify import difficulty_of, verify_pending
from tests.support.postgres import drop_trigger, open_store, raw_execute

START = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


class Clock:
    """Time stands still unless a test moves it."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def store(location: Path | str, clock: Clock):  # both stores: see `location` in conftest
    async with open_store(location, clock=clock) as opened:
        yield opened


async def finished_d6(
    store: Store,
    seed: int,
    user: int,
    *,
    guild: int = 1,
    channel: int = 0,
    daily: str | None = None,
    table: Table | None = None,
    credit: tuple[int, ...] | None = None,
) -> int:
    """A D-6 game played to its end by the heuristic and stored move by move (all by `user`), as the
    bot does; `table` and `credit` (whom the result counts for) default to `user`'s alone."""
    table = table or Table.start(user).model_copy(update={"daily": daily})
    state, _ = d6_deal(seed)
    record = await store.create_game(
        kind="d6",
        guild_id=guild,
        channel_id=channel or seed + 1000 * user,
        owner_id=user,
        state_json=Saved[D6State](table=table, state=state).model_dump_json(),
        rules_version=state.rules_version,
    )
    while state.outcome == "playing":
        action = d6_heuristic(state).action
        state, _ = d6_apply(state, action)
        over = state.outcome != "playing"
        record = await store.save(
            record.id,
            expected_version=record.version,
            user_id=user,
            action_json=d6_json(action),
            state_json=Saved[D6State](table=table, state=state).model_dump_json(),
            status="finished" if over else "active",
            result=new_result(D6, state, table, credit or (user,)) if over else None,
        )
    return record.id


async def finished_dine(store: Store, seed: int, user: int) -> int:
    setup = Setup(starter=False, level="Salad")
    saved = lobby(user, "Ann", setup, START)
    record = await store.create_game(
        kind="dine",
        guild_id=1,
        channel_id=5000 + seed,
        owner_id=user,
        state_json=saved.model_dump_json(),
        rules_version=DINE.rules_version,  # a new game: dealt under new games' rules
    )
    state, _ = dine_deal(seed, ship=setup.ship, level=setup.level, crew=1, rules_version=DINE.rules_version)
    saved = seated(saved, START, state)
    record = await store.save(
        record.id,
        expected_version=0,
        user_id=user,
        state_json=saved.model_dump_json(),
        action_json=table_action_json("start", seed=seed, crew=1),
    )
    while state.outcome == "playing":
        action = dine_heuristic(state).action
        state, _ = dine_apply(state, action)
        saved = saved.model_copy(update={"state": state})
        over = state.outcome != "playing"
        record = await store.save(
            record.id,
            expected_version=record.version,
            user_id=user,
            action_json=dine_json(action),
            state_json=saved.model_dump_json(),
            status="finished" if over else "active",
            result=new_result(DINE, state, saved.table, (user,)) if over else None,
        )
    return record.id


async def finished_with(store: Store, user: int, result: NewResult, *, guild: int = 1, **attempt) -> int:
    """A game stored as finished with `result` in one move (no replay: its state is empty)."""
    record = await store.create_game(
        kind="d6",
        guild_id=guild,
        channel_id=user * 7919 + result.score * 31 + result.rounds,
        owner_id=user,
        state_json="{}",
        rules_version="d6-1",
        **attempt,
    )
    await store.save(
        record.id,
        expected_version=0,
        user_id=user,
        action_json="{}",
        state_json="{}",
        status="finished",
        result=result,
    )
    return record.id


async def plain_result(store: Store, user: int, *, won: bool, score: int, rounds: int, guild: int = 1) -> int:
    """A finished game whose result is taken as verified (for ordering tests, no replay)."""
    result = NewResult(outcome="won" if won else "lost", score=score, rounds=rounds, players=(user,))
    game_id = await finished_with(store, user, result, guild=guild)
    await store.record_verification(game_id, ok=True)
    return game_id


def test_rank_keys_follow_the_documented_tie_breaks() -> None:
    at = START
    assert rank_key(True, 0, 0, 99, at) > rank_key(False, 15, 50, 1, at)  # a win first
    assert rank_key(True, 5, 0, 99, at) > rank_key(True, 4, 4095, 1, at)  # then the harder game
    assert rank_key(True, 0, 10, 20, at) > rank_key(True, 0, 9, 1, at)  # then the score
    assert rank_key(True, 0, 10, 5, at) > rank_key(True, 0, 10, 6, at)  # then fewer rounds for a win
    assert rank_key(False, 0, 0, 60, at) > rank_key(False, 0, 0, 0, at)  # more for a loss: giving up is worst
    assert rank_key(True, 0, 10, 5, at) > rank_key(True, 0, 10, 5, at + timedelta(seconds=1))  # earlier
    assert rank_key(False, 0, -3, 0, at) == rank_key(False, 0, 0, 0, at)  # clamped, never negative
    assert rank_key(True, 15, 4095, 0, at) < 2**63  # a signed 64-bit column holds every key


def test_periods_are_the_utc_day_the_iso_week_and_all_time() -> None:
    monday, sunday = date(2026, 11, 30), date(2026, 12, 6)
    assert period_key("today", monday) == "2026-11-30"
    assert period_key("week", monday) == period_key("week", sunday) == "2026-W49"
    assert period_key("week", sunday + timedelta(days=1)) == "2026-W50"
    assert period_key("all", monday) == "all"


def test_streaks_count_consecutive_days_and_survive_until_today_is_over() -> None:
    today = date(2026, 11, 30)
    days = [today - timedelta(days=n) for n in (1, 2, 3, 6, 7)]
    assert streaks(days, today) == (3, 3)  # today not played yet: yesterday's run still counts
    assert streaks([*days, today], today) == (4, 4)
    assert streaks(days, today + timedelta(days=1)) == (0, 3)  # a day missed: the run is over
    assert streaks([], today) == (0, 0)


def test_an_attempt_still_running_bridges_a_streak_and_counts_once_finished() -> None:
    """Found by a review: yesterday's attempt played on after midnight broke the run until it ended."""
    today = date(2026, 11, 30)
    yesterday, before = today - timedelta(days=1), today - timedelta(days=2)
    assert streaks([before], today, running=[yesterday]) == (1, 1)
    assert streaks([before, yesterday], today) == (2, 2)  # finished: it counts on its own day
    assert streaks([before, yesterday], today, running=[today]) == (2, 2)
    assert streaks([before], today, running=[yesterday, today]) == (1, 1)
    assert streaks([before, today], today, running=[yesterday]) == (2, 2)
    assert streaks([], today, running=[today]) == (0, 0)
    assert streaks([before], today + timedelta(days=1), running=[yesterday]) == (0, 1)  # today missed


def test_the_daily_set_up_rotates_with_the_date_but_is_fixed_for_a_day() -> None:
    day = date(2026, 11, 30)
    assert setup_for("dine", day) == setup_for("dine", day)
    week = {setup_for("dine", day + timedelta(days=n)) for n in range(12)}
    assert len(week) > 3
    assert setup_for("d6", day).difficulty in {"easy", "medium", "hard"}


async def test_the_first_challenge_asked_for_a_day_is_the_one_kept(store: Store) -> None:
    day = date(2026, 11, 30)
    first = await store.daily_challenge("d6", day, seed=11, setup_json='{"a": 1}', rules_version="d6-1")
    second = await store.daily_challenge("d6", day, seed=22, setup_json='{"a": 2}', rules_version="d6-2")
    assert second == first
    assert (second.seed, second.rules_version) == (11, "d6-1")
    other = await store.daily_challenge("dine", day, seed=33, setup_json="{}", rules_version="dine-1")
    assert other.seed == 33


async def test_a_second_ranked_attempt_on_the_same_day_is_refused_and_writes_nothing(
    store: Store,
) -> None:
    day = date(2026, 11, 30)
    fields = {"kind": "d6", "guild_id": 1, "owner_id": 7, "state_json": "{}", "rules_version": "d6-1"}
    first = await store.create_game(channel_id=1, attempt=("d6", day), **fields)
    with pytest.raises(AttemptExists) as refused:
        await store.create_game(channel_id=2, attempt=("d6", day), **fields)
    assert refused.value.existing.game_id == first.id
    assert await store.active_game(2) is None
    assert (await store.create_game(channel_id=3, attempt=("d6", day + timedelta(days=1)), **fields)).id
    assert (await store.create_game(channel_id=4, attempt=("dine", day), **fields)).id


async def test_a_leaderboard_orders_players_by_their_best_result_with_shared_ranks_for_ties(
    store: Store, clock: Clock
) -> None:
    await plain_result(store, 1, won=False, score=30, rounds=5)
    await plain_result(store, 1, won=True, score=3, rounds=9)  # player 1's best: a win beats any loss
    await plain_result(store, 2, won=True, score=8, rounds=9)
    await plain_result(store, 3, won=True, score=8, rounds=7)  # same score, fewer rounds
    await plain_result(store, 4, won=True, score=8, rounds=7)  # the very same: a shared rank
    board = await store.leaderboard("d6", "all", GLOBAL, user_id=1)
    assert [(s.rank, s.user_id) for s in board.top] == [(1, 3), (1, 4), (3, 2), (4, 1)]
    assert board.mine is not None
    assert (board.mine.rank, board.mine.score, board.mine.outcome) == (4, 3, "won")
    assert board.players == 4
    clock.now += timedelta(seconds=5)
    await plain_result(store, 5, won=True, score=8, rounds=7)  # equal but later: behind the others
    assert [s.user_id for s in (await store.leaderboard("d6", "all", GLOBAL, 5)).top][:3] == [3, 4, 5]


async def test_the_caller_sees_their_rank_beyond_the_top_ten_and_servers_are_separate(
    store: Store,
) -> None:
    for user in range(1, 15):
        await plain_result(store, user, won=True, score=100 - user, rounds=3, guild=1 if user % 2 else 2)
    board = await store.leaderboard("d6", "all", GLOBAL, user_id=14)
    assert len(board.top) == 10
    assert board.mine is not None
    assert board.mine.rank == 14
    server = await store.leaderboard("d6", "all", 2, user_id=14)
    assert [s.user_id for s in server.top] == [2, 4, 6, 8, 10, 12, 14]
    assert server.mine is not None
    assert server.mine.rank == 7
    assert (await store.leaderboard("d6", "all", 1, user_id=14)).mine is None


async def test_today_and_this_week_only_count_results_of_their_period(store: Store, clock: Clock) -> None:
    await plain_result(store, 1, won=True, score=50, rounds=3)
    clock.now += timedelta(days=1)  # Tuesday, same ISO week
    await plain_result(store, 2, won=True, score=10, rounds=3)
    clock.now += timedelta(days=7)  # the next week
    await plain_result(store, 3, won=False, score=1, rounds=3)
    day = clock.now.date()
    today = await store.leaderboard("d6", period_key("today", day), GLOBAL, 1)
    assert [s.user_id for s in today.top] == [3]
    last_week = await store.leaderboard("d6", period_key("week", day - timedelta(days=7)), GLOBAL, 1)
    assert [s.user_id for s in last_week.top] == [1, 2]
    assert [s.user_id for s in (await store.leaderboard("d6", "all", GLOBAL, 1)).top] == [1, 2, 3]


async def test_real_games_are_verified_by_replay_before_they_enter_a_leaderboard(store: Store) -> None:
    d6_game = await finished_d6(store, seed=3, user=1)
    dine_game = await finished_dine(store, seed=4, user=2)
    assert (await store.leaderboard("d6", "all", GLOBAL, 1)).top == ()  # not verified yet
    assert await verify_pending(store) == 2
    assert await verify_pending(store) == 0
    d6_board = await store.leaderboard("d6", "all", GLOBAL, 1)
    assert [s.game_id for s in d6_board.top] == [d6_game]
    assert [s.game_id for s in (await store.leaderboard("dine", "all", GLOBAL, 2)).top] == [dine_game]


async def test_a_tampered_action_log_fails_verification_and_is_logged(
    store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    honest = await finished_d6(store, seed=5, user=1)
    tampered = await finished_d6(store, seed=6, user=2)
    actions = await store.actions(tampered)
    await drop_trigger(store, "actions_update_forbidden", "actions")  # what an attacker could do
    await raw_execute(
        store,
        "UPDATE actions SET action_json = ? WHERE game_id = ? AND seq = ?",
        actions[1].action_json,
        tampered,
        actions[0].seq,
    )
    with caplog.at_level(logging.WARNING, logger="deepspace.verify"):
        assert await verify_pending(store) == 2
    assert f"result of game {tampered} refused" in caplog.text
    assert f"game {honest}" not in caplog.text
    board = await store.leaderboard("d6", "all", GLOBAL, 2)
    assert [s.game_id for s in board.top] == [honest]
    assert board.mine is None


async def test_a_result_verification_refused_counts_in_no_stats_and_no_streak(store: Store) -> None:
    """Found by a review: `/stats` counted a result verification had refused (its games, wins, best
    score and daily streak), though it promises verified results as `/leaderboard` does."""
    day = START.date()
    played = NewResult(outcome="won", score=5, rounds=4, players=(1,))
    honest = await finished_with(store, 1, played, attempt=("d6", day - timedelta(days=1)))
    refused = await finished_with(store, 1, played.model_copy(update={"score": 99}), attempt=("d6", day))
    await store.record_verification(honest, ok=True, note="")
    await store.record_verification(refused, ok=False, note="tampered")

    assert [r.game_id for r in await store.player_results("d6", 1)] == [honest]
    assert await store.daily_days("d6", 1) == [day - timedelta(days=1)]


async def test_an_edited_stored_state_or_result_fails_verification(store: Store) -> None:
    game = await finished_d6(store, seed=8, user=1)
    record = await store.get_game(game)
    assert record is not None
    stored = json.loads(record.state_json)
    stored["state"]["hull"] = 8
    stored["state"]["score"] += 5
    await raw_execute(store, "UPDATE games SET state_json = ? WHERE id = ?", json.dumps(stored), game)
    await verify_pending(store)
    assert (await store.leaderboard("d6", "all", GLOBAL, 1)).top == ()


async def test_two_readers_verifying_the_same_results_at_once_count_them_once(store: Store) -> None:
    game_id = await finished_d6(store, seed=9, user=1)
    await asyncio.gather(verify_pending(store), verify_pending(store))
    await store.record_verification(game_id, ok=False, note="late")  # the first verdict stands
    board = await store.leaderboard("d6", "all", GLOBAL, 1)
    assert [s.game_id for s in board.top] == [game_id]
    assert board.players == 1
    assert await store.unverified_results() == []


async def test_a_result_whose_rounds_were_edited_fails_verification(store: Store) -> None:
    game = await finished_d6(store, seed=10, user=1)
    await drop_trigger(store, "results_update_forbidden", "results")
    await raw_execute(store, "UPDATE results SET rounds = 1 WHERE game_id = ?", game)
    await verify_pending(store)
    assert (await store.leaderboard("d6", "all", GLOBAL, 1)).top == ()


async def test_a_daily_game_must_be_dealt_from_the_days_challenge_and_be_the_recorded_attempt(
    store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    day = START.date()
    forged = await finished_d6(store, seed=11, user=1, daily=day.isoformat())  # no challenge that day
    await store.daily_challenge("d6", day, seed=12, setup_json="{}", rules_version="d6-1")
    not_recorded = await finished_d6(store, seed=12, user=2, daily=day.isoformat())  # right deal, no attempt
    with caplog.at_level(logging.WARNING, logger="deepspace.verify"):
        await verify_pending(store)
    assert f"result of game {forged} refused: not dealt from the day's challenge" in caplog.text
    assert f"result of game {not_recorded} refused: not the player's recorded ranked attempt" in caplog.text
    assert (await store.leaderboard("d6", "all", GLOBAL, 1)).players == 0


async def test_practice_results_are_verified_but_never_ranked(store: Store) -> None:
    result = NewResult(outcome="won", score=99, rounds=1, players=(1,), detail_json='{"practice": true}')
    game_id = await finished_with(store, 1, result)
    stored = await store.result(game_id)
    assert stored is not None
    assert difficulty_of(stored) is None
    await store.record_verification(game_id, ok=True, ranked=False)
    assert (await store.leaderboard("d6", "all", GLOBAL, 1)).top == ()


def d6_result(user: int, *, difficulty: str, length: str = "full", score: int) -> NewResult:
    detail = D6Result(difficulty=difficulty, length=length).to_json()
    return NewResult(outcome="won", score=score, rounds=9, players=(user,), detail_json=detail)


def test_each_game_ranks_its_own_set_ups_from_easiest_to_hardest() -> None:
    starter = DineResult(mode="starter", level="Salad")
    levels = [DineResult(mode="normal", level=level) for level in LEVELS]
    assert [d.difficulty_rank() for d in (starter, *levels)] == list(range(len(LEVELS) + 1))
    assert (LEVELS[0], LEVELS[-1]) == ("Salad", "Diavolo")
    d6 = [D6Result(difficulty=d, length=n) for d in Difficulty for n in ("fast", "short", "full")]
    assert [d.difficulty_rank() for d in d6] == list(range(len(d6)))
    assert all(d.difficulty_rank() < DIFFICULTY_RANKS for d in (*levels, *d6))


async def verified_as_ranked(store: Store, *game_ids: int) -> None:
    """Record each stored result verified, ranked by its set-up as the bot ranks it."""
    for game_id in game_ids:
        stored = await store.result(game_id)
        assert stored is not None
        difficulty = difficulty_of(stored)
        assert difficulty is not None
        await store.record_verification(game_id, ok=True, difficulty=difficulty)


async def test_a_harder_games_win_ranks_above_an_easier_ones_whatever_the_scores(store: Store) -> None:
    """A score does not grow with the difficulty: without the difficulty first, the easiest game
    would top every board."""
    easy = await finished_with(store, 1, d6_result(1, difficulty="very_easy", length="fast", score=90))
    hard = await finished_with(store, 2, d6_result(2, difficulty="hard", score=60))
    await verified_as_ranked(store, easy, hard)
    board = await store.leaderboard("d6", "all", GLOBAL, 1)
    assert [(s.rank, s.user_id, s.score) for s in board.top] == [(1, 2, 60), (2, 1, 90)]
    # each line names the set-up it was ranked by, in the reader's words
    lines = (leaderboard_embed("en", "d6", "all", "global", board).description or "").splitlines()
    assert lines[0].startswith("**1.** <@2> — won (hard, full game), score **60**, 9 rounds · ")
    assert lines[1].startswith("**2.** <@1> — won (very easy, fast game), score **90**, 9 rounds · ")
    german = leaderboard_embed("de", "d6", "all", "global", board)
    assert "gewonnen (schwer, volles Spiel), Punkte **60**" in (german.description or "")
    footer = leaderboard_embed("en", "d6", "all", "global", board).footer.text or ""
    assert "ranked by a win, then the harder game, then the higher score" in footer


async def test_a_game_given_up_at_once_never_beats_a_loss_played_out(store: Store) -> None:
    """Found by a review: a hard daily abandoned before any move (score 0) was Carol's best, above her
    medium game lost with 225 points, as the harder set-up counts before the score."""

    def lost(user: int, difficulty: str, score: int, rounds: int, *, abandoned: bool = False) -> NewResult:
        detail = D6Result(difficulty=difficulty, length="full", abandoned=abandoned).to_json()
        return NewResult(outcome="lost", score=score, rounds=rounds, players=(user,), detail_json=detail)

    gave_up = await finished_with(store, 1, lost(1, "hard", 0, 1, abandoned=True))
    played = await finished_with(store, 1, lost(1, "medium", 225, 27))
    other = await finished_with(store, 2, lost(2, "easy", 40, 6))
    await verified_as_ranked(store, gave_up, played, other)
    board = await store.leaderboard("d6", "all", GLOBAL, 1)
    assert [(s.user_id, s.game_id) for s in board.top] == [(1, played), (2, other)]
    await verified_as_ranked(store, await finished_with(store, 3, lost(3, "hard", 0, 1, abandoned=True)))
    board = await store.leaderboard("d6", "all", GLOBAL, 3)
    lines = (leaderboard_embed("en", "d6", "all", "global", board).description or "").splitlines()
    assert lines[-1].startswith("**3.** <@3> — gave up (hard, full game), score **0**, 1 round · ")


async def test_standings_kept_before_the_difficulty_counted_are_ranked_again_once(store: Store) -> None:
    assert await store.rerank_if_owed(difficulty_of)  # a new store owes it too: there is nothing to rank
    assert not await store.rerank_if_owed(difficulty_of)
    # Verified as the bot did before (no difficulty), then the migration that owes the new ranking.
    easy = await finished_with(store, 1, d6_result(1, difficulty="easy", score=90))
    practice = NewResult(outcome="won", score=99, rounds=1, players=(3,), detail_json='{"practice": true}')
    hard = await finished_with(store, 2, d6_result(2, difficulty="hard", score=60))
    both = await finished_with(store, 4, d6_result(4, difficulty="easy", score=95))
    harder = await finished_with(store, 4, d6_result(4, difficulty="medium", score=20))
    refused = await finished_with(store, 5, d6_result(5, difficulty="hard", score=200))
    unranked = await finished_with(store, 3, practice)
    for game_id in (easy, hard, both, harder):
        await store.record_verification(game_id, ok=True)
    await store.record_verification(refused, ok=False, note="forged")
    await store.record_verification(unranked, ok=True, ranked=False)
    before = await store.leaderboard("d6", "all", GLOBAL, 1)
    assert [s.user_id for s in before.top] == [4, 1, 2]  # by score alone
    await raw_execute(store, "INSERT INTO pending_tasks (task) VALUES ('rerank bests')")

    await verify_pending(store)

    after = await store.leaderboard("d6", "all", GLOBAL, 1)
    assert [(s.user_id, s.game_id) for s in after.top] == [(2, hard), (4, harder), (1, easy)]
    assert (await store.leaderboard("d6", "2026-W49", 1, 4)).mine is not None  # every period and scope
    assert not await store.rerank_if_owed(difficulty_of)


async def test_the_daily_podium_ranks_verified_ranked_attempts_of_that_day(store: Store) -> None:
    day = START.date()
    for user, (won, score) in {1: (True, 5), 2: (True, 9), 3: (False, 20), 4: (True, 7)}.items():
        result = NewResult(outcome="won" if won else "lost", score=score, rounds=4, players=(user,))
        game_id = await finished_with(store, user, result, guild=1 if user < 4 else 2, attempt=("d6", day))
        await store.record_verification(game_id, ok=True)
    podium = await store.daily_podium("d6", day, None, rank_of=difficulty_of)
    assert [(s.rank, s.user_id) for s in podium] == [(1, 2), (2, 4), (3, 1)]
    assert [s.user_id for s in await store.daily_podium("d6", day, 1, rank_of=difficulty_of)] == [2, 1, 3]
    assert await store.daily_podium("d6", day + timedelta(days=1), None, rank_of=difficulty_of) == []
    assert await store.daily_days("d6", 2) == [day]


async def test_equal_attempts_share_a_rank_on_the_podium_as_on_the_leaderboard(store: Store) -> None:
    """Found by a review: the podium numbered two equal results 1 and 2, the leaderboard 1 and 1."""
    day = START.date()
    for user, score in {1: 9, 2: 9, 3: 5}.items():  # the store's clock stands still: the same second
        result = NewResult(outcome="won", score=score, rounds=4, players=(user,))
        game_id = await finished_with(store, user, result, attempt=("d6", day))
        await store.record_verification(game_id, ok=True)
    podium = await store.daily_podium("d6", day, None, rank_of=difficulty_of)
    assert [s.rank for s in podium] == [1, 1, 3]
    board = await store.leaderboard("d6", "all", GLOBAL, 3)
    assert [s.rank for s in board.top] == [1, 1, 3]


async def test_a_day_s_standings_rank_a_give_up_as_the_leaderboard_does(store: Store) -> None:
    """Found by a review: the podium ranked a hard attempt given up with a higher score above the
    same deal's loss played out, which `/leaderboard period:today` puts first (one deal, one order)."""
    day = START.date()

    def lost(user: int, score: int, rounds: int, *, abandoned: bool = False) -> NewResult:
        detail = D6Result(difficulty="hard", length="full", abandoned=abandoned, daily=day.isoformat())
        return NewResult(
            outcome="lost", score=score, rounds=rounds, players=(user,), detail_json=detail.to_json()
        )

    gave_up = await finished_with(store, 1, lost(1, 100, 20, abandoned=True), attempt=("d6", day))
    played = await finished_with(store, 2, lost(2, 90, 30), attempt=("d6", day))
    await verified_as_ranked(store, gave_up, played)

    podium = await store.daily_podium("d6", day, None, limit=None, rank_of=difficulty_of)
    board = await store.leaderboard("d6", period_key("today", day), GLOBAL, 1)
    assert [(s.rank, s.user_id) for s in podium] == [(1, 2), (2, 1)]
    assert [(s.rank, s.user_id) for s in board.top] == [(1, 2), (2, 1)]


async def test_a_daily_attempt_ranks_on_its_challenges_day_and_other_games_on_the_day_they_end(
    store: Store, clock: Clock
) -> None:
    """Found by a review: `/leaderboard period:today` put an attempt at Sunday's challenge finished at
    five past midnight on Monday's board (and in Monday's week), not with Sunday's daily; the day's
    standings and streaks count it on Sunday. An ordinary game counts on the day it ended."""
    sunday = date(2026, 12, 6)
    clock.now = datetime(2026, 12, 7, 0, 5, tzinfo=UTC)  # Monday, five past midnight
    late = NewResult(outcome="won", score=9, rounds=4, players=(1,))
    attempt = await finished_with(store, 1, late, attempt=("d6", sunday))
    ordinary = await plain_result(store, 2, won=True, score=5, rounds=4)
    await store.record_verification(attempt, ok=True)

    async def ranked(period: str) -> list[int]:
        return [s.user_id for s in (await store.leaderboard("d6", period, GLOBAL, 1)).top]

    async def boards() -> dict[str, list[int]]:
        periods = ("2026-12-06", "2026-12-07", "2026-W49", "2026-W50", "all")
        return {period: await ranked(period) for period in periods}

    expected = {"2026-12-06": [1], "2026-12-07": [2], "2026-W49": [1], "2026-W50": [2], "all": [1, 2]}
    assert await boards() == expected
    assert [s.game_id for s in await store.daily_podium("d6", sunday, None, rank_of=difficulty_of)] == [
        attempt
    ]
    assert await store.daily_days("d6", 1) == [sunday]
    owed = "INSERT INTO pending_tasks (task) VALUES ('rerank bests') ON CONFLICT DO NOTHING"
    await raw_execute(store, owed)
    assert await store.rerank_if_owed(difficulty_of)  # ranked again from the results: the same boards
    assert await boards() == expected
    assert ordinary


async def test_abandoned_attempts_keep_no_streak_and_practice_games_count_in_no_stats(
    store: Store,
) -> None:
    day = START.date()
    played = NewResult(outcome="won", score=5, rounds=4, players=(1,))
    quit_at_once = NewResult(
        outcome="lost", score=0, rounds=0, players=(1,), detail_json='{"abandoned": true}'
    )
    practice = NewResult(outcome="won", score=9, rounds=2, players=(1,), detail_json='{"practice": true}')
    await finished_with(store, 1, played, attempt=("d6", day - timedelta(days=1)))
    await finished_with(store, 1, quit_at_once, attempt=("d6", day))
    await finished_with(store, 1, practice)
    assert await store.daily_days("d6", 1) == [day - timedelta(days=1)]
    stats = player_stats(await store.player_results("d6", 1), await store.daily_days("d6", 1), day)
    assert (stats.overall.games, stats.overall.wins, stats.best_score) == (2, 1, 5)
    assert (stats.streak, stats.best_streak) == (1, 1)


def test_stats_list_dine_levels_and_ships_in_the_games_own_order() -> None:
    """Found by a review: `/stats` listed levels and ships alphabetically, not as the game does."""
    ships = [side.name for side in card_set(DINE.rules_version).ship_sides()]
    played = [("normal", LEVELS[-1], ships[-1]), ("normal", LEVELS[0], ships[1]), ("starter", None, ships[0])]
    results = [
        ResultRecord(
            game_id=n,
            kind="dine",
            guild_id=1,
            finished_at=START,
            outcome="lost",
            score=0,
            rounds=1,
            players=(1,),
            detail_json=DineResult(mode=mode, level=level, ship=ship).to_json(),
        )
        for n, (mode, level, ship) in enumerate([*played, ("normal", LEVELS[-1], "A ship no longer dealt")])
    ]
    stats = player_stats(results, [], START.date())
    assert list(stats.by_difficulty) == ["starter game", LEVELS[0], LEVELS[-1]]
    assert list(stats.by_ship) == [ships[0], ships[1], ships[-1], "A ship no longer dealt"]


def test_stats_title_shows_the_name_as_typed() -> None:
    """Found by a review: the title rendered a display name's Markdown ("ann *the* _great_")."""
    user = cast(Any, SimpleNamespace(display_name="ann *the* _great_"))
    assert stats_embed("en", user, {}).title == r"Stats of ann \*the\* \_great\_"


async def test_the_days_of_attempts_still_running_are_told_apart_from_days_played(store: Store) -> None:
    day = START.date()
    played = NewResult(outcome="won", score=5, rounds=4, players=(1,))
    await finished_with(store, 1, played, attempt=("d6", day - timedelta(days=1)))
    await store.create_game(
        kind="d6",
        guild_id=1,
        channel_id=77,
        owner_id=1,
        state_json="{}",
        rules_version="d6-1",
        attempt=("d6", day),
    )
    assert await store.daily_days("d6", 1) == [day - timedelta(days=1)]
    assert await store.running_daily_days("d6", 1) == [day]
    assert await store.running_daily_days("d6", 2) == []
    assert await store.running_daily_days("dine", 1) == []


async def test_turning_the_daily_post_off_and_on_again_never_posts_twice_a_day(store: Store) -> None:
    day = START.date()
    await store.set_daily_post(7, 70, hour=9)
    assert await store.mark_daily_posted(7, day)
    await store.set_daily_post(7, None)
    assert await store.daily_posts() == []
    await store.set_daily_post(7, 71, hour=8)
    (post,) = await store.daily_posts()
    assert (post.channel_id, post.hour, post.last_day) == (71, 8, day)
    assert not await store.mark_daily_posted(7, day)
    assert await store.mark_daily_posted(7, day + timedelta(days=1))


async def test_a_daily_post_is_claimed_by_one_sender_given_back_or_taken_over_when_stale(
    store: Store, clock: Clock
) -> None:
    """Two senders (loops, processes) claim a day's post before sending it: one gets it; a claim given
    back (the send failed) or left by a sender that died can be taken again; a sent or off post cannot."""
    day, stale = START.date(), START - timedelta(minutes=15)
    assert await store.claim_daily_post(7, day, stale_before=stale) is None  # never set
    await store.set_daily_post(7, 70, hour=9)
    claims = await asyncio.gather(*(store.claim_daily_post(7, day, stale_before=stale) for _ in range(5)))
    assert claims.count(START) == 1
    assert claims.count(None) == 4
    await store.release_daily_post(7, START - timedelta(seconds=1))  # not that claim: nothing changes
    assert await store.claim_daily_post(7, day, stale_before=stale) is None
    await store.release_daily_post(7, START)  # the send failed
    clock.now += timedelta(minutes=1)
    claimed = await store.claim_daily_post(7, day, stale_before=stale)
    assert claimed == START + timedelta(minutes=1)
    clock.now += timedelta(minutes=20)  # its sender died unfinished
    assert await store.claim_daily_post(7, day, stale_before=clock.now - timedelta(minutes=15)) == clock.now
    assert await store.mark_daily_posted(7, day)
    assert await store.claim_daily_post(7, day, stale_before=clock.now) is None  # sent today
    clock.now += timedelta(days=1)
    next_day = day + timedelta(days=1)
    assert await store.claim_daily_post(7, next_day, stale_before=clock.now - timedelta(minutes=15))
    await store.set_daily_post(7, None)
    assert await store.claim_daily_post(7, next_day + timedelta(days=1), stale_before=clock.now) is None


async def test_a_daily_post_remembers_since_when_its_setting_holds_and_why_the_bot_turned_it_off(
    store: Store, clock: Clock
) -> None:
    """`/daily post-status` reports only days a post was due on, and a post the bot turned off."""
    assert await store.daily_post(7) is None
    await store.set_daily_post(7, 70, hour=9)
    clock.now += timedelta(hours=1)
    await store.set_daily_post(7, 71, hour=9)  # another channel at the same hour: due all along
    assert await store.daily_post(7) == DailyPost(guild_id=7, channel_id=71, hour=9, since=START)
    await store.set_daily_post(7, 71, hour=8)
    assert await store.daily_post(7) == DailyPost(
        guild_id=7, channel_id=71, hour=8, since=START + timedelta(hours=1)
    )
    clock.now += timedelta(hours=1)
    await store.set_daily_post(7, None, channel_gone=True)
    clock.now += timedelta(hours=1)
    await store.set_daily_post(7, None)  # off already: when and why it went off are kept
    off = DailyPost(guild_id=7, channel_id=0, hour=8, since=START + timedelta(hours=2), channel_gone=True)
    assert await store.daily_post(7) == off
    assert not off.on
    await store.set_daily_post(7, 72, hour=8)  # on again: since now, and not "gone" any more
    again = DailyPost(guild_id=7, channel_id=72, hour=8, since=START + timedelta(hours=3))
    assert await store.daily_post(7) == again
    assert await store.daily_posts() == [again]


async def test_a_daily_post_migrated_without_since_gets_one_when_set_again_at_its_hour(
    store: Store, clock: Clock
) -> None:
    """Migration SQLite 9 / PostgreSQL 6 leaves `since` empty for a post that never went out; setting
    the post again at the same hour kept the empty value for ever."""
    await store.set_daily_post(7, 70, hour=9)
    await raw_execute(store, "UPDATE daily_posts SET since = NULL WHERE guild_id = 7")
    clock.now += timedelta(hours=1)
    await store.set_daily_post(7, 70, hour=9)
    assert await store.daily_post(7) == DailyPost(
        guild_id=7, channel_id=70, hour=9, since=START + timedelta(hours=1)
    )


async def test_the_standings_a_player_wants_are_those_of_the_game_they_finished_last(
    store: Store, clock: Clock
) -> None:
    """`/leaderboard` without a game shows the kind the player's latest result is of (the "standings"
    link under a finished D-6 game must not open Dine's)."""
    assert await store.last_kind_finished(1) is None
    await finished_dine(store, 3, 1)
    assert await store.last_kind_finished(1) == "dine"
    clock.now += timedelta(minutes=5)
    await finished_d6(store, 4, 1)
    assert await store.last_kind_finished(1) == "d6"
    assert await store.last_kind_finished(2) is None  # another player's results are not theirs
    # by channel: what last finished there, whoever played it (`finished_d6` plays in seed + 1000 * user)
    assert await store.last_kind_finished_in(4 + 1000) == "d6"
    assert await store.last_kind_finished_in(5000 + 3) == "dine"
    assert await store.last_kind_finished_in(1) is None


async def test_the_bot_ranks_owed_standings_again_as_it_starts(world) -> None:
    """Not inside the first `/leaderboard` after an update: a large store would hold up that answer."""
    await world.env.settle()
    assert not await world.bot.store.rerank_if_owed(difficulty_of)  # already done at start
