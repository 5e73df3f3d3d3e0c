"""Seats, vote-outs and the hand-view controls of Dine, without Discord."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from core.dine.actions import NO_PAYMENT, PlayCard, UseShip
from core.dine.ai import heuristic
from core.dine.codes import decode, encode
from core.dine.engine import apply, legal_actions, new_game
from core.dine.seating import Setup, Vacancy, active, left, left_game, lobby, seated, vote_refusal, voted
from core.render.dine_controls import LABEL_LIMIT, for_seat, moves

NOW = datetime(2026, 11, 30, 12, tzinfo=UTC)
IDLE = timedelta(minutes=10)


def three_crew():
    saved = lobby(1, "Ann", Setup(), NOW)
    for user, name in ((2, "Ben"), (3, "Cy")):
        saved = saved.model_copy(
            update={"table": saved.table.joined(user), "names": {**saved.names, user: name}}
        )
    return seated(saved, NOW, new_game(3, crew=3, starter=True))


def test_the_lobby_order_gives_the_seats_and_the_host_passes_on_when_they_leave() -> None:
    saved = three_crew()
    assert [seat.user for seat in saved.seats] == [1, 2, 3]
    assert saved.seat_names() == ["Ann", "Ben", "Cy"]
    still_lobby = lobby(1, "Ann", Setup(), NOW)
    still_lobby = still_lobby.model_copy(update={"table": still_lobby.table.joined(2)})
    assert left(still_lobby, 1).table.captain == 2
    assert left(left(still_lobby, 1), 2).table.crew == ()


def test_a_vote_out_needs_the_idle_time_and_every_other_active_member() -> None:
    saved = three_crew()
    assert "idle minutes" in str(vote_refusal(saved, 1, 3, NOW + timedelta(minutes=5), IDLE, {}))
    later = NOW + timedelta(minutes=11)
    assert vote_refusal(saved, 1, 3, later, IDLE, {}) is None
    assert vote_refusal(saved, 3, 3, later, IDLE, {}) is not None
    assert vote_refusal(saved, 9, 3, later, IDLE, {}) is not None
    saved = active(active(saved, 0, later), 1, later)  # Ann and Ben both play on: both must agree
    saved, out = voted(saved, 1, 3, later, IDLE, {})
    assert not out
    assert vote_refusal(saved, 1, 3, later, IDLE, {}) is not None  # no second vote
    saved, out = voted(saved, 2, 3, later, IDLE, {})
    assert out
    assert saved.seats[2].user is None
    assert saved.seats_for(1) == [0, 2]
    assert saved.seats_for(3) == []
    assert not saved.table.is_crew(3)


def test_the_wait_before_a_vote_out_is_counted_right() -> None:
    """Just after Cy acted, the wait is the whole idle time (10 minutes, not 11), and "0 minutes ago"
    reads "less than a minute ago"."""
    saved = three_crew()
    assert vote_refusal(saved, 1, 3, NOW, IDLE, {}).say("en") == (
        "Cy was last here less than a minute ago. A crew member can be voted out after 10 idle minutes"
        " (in 10 more)."
    )
    assert "was last here 3 minutes ago" in vote_refusal(
        saved, 1, 3, NOW + timedelta(minutes=3, seconds=30), IDLE, {}
    ).say("en")
    assert "(in 7 more)" in vote_refusal(saved, 1, 3, NOW + timedelta(minutes=3), IDLE, {}).say("en")


def test_two_idle_members_can_both_be_voted_out_by_the_one_still_playing() -> None:
    saved = three_crew()
    later = NOW + timedelta(minutes=30)
    saved = active(saved, 0, later)  # Ann plays on; Ben and Cy are idle
    saved, out = voted(saved, 1, 2, later, IDLE, {})
    assert out
    saved, out = voted(saved, 1, 3, later, IDLE, {})
    assert out
    assert [seat.user for seat in saved.seats] == [1, None, None]
    assert saved.seats_for(1) == [0, 1, 2]


def test_a_member_who_only_waits_is_not_idle_and_has_a_say() -> None:
    """Ben cannot move while Cy's decision waits, but he keeps refreshing his hand: Ann alone may not
    vote him out, nor Cy without him (she could vote out both, counting him idle by his moves alone)."""
    saved = three_crew()
    later = NOW + timedelta(minutes=11)
    saved = active(saved, 0, later)  # Ann moved; Ben only looked, a minute ago; Cy did neither
    seen = {2: later - timedelta(minutes=1)}
    refused = vote_refusal(saved, 1, 2, later, IDLE, seen)
    assert refused is not None
    assert refused.say("en").startswith("Ben was last here 1 minute ago.")
    saved, out = voted(saved, 1, 3, later, IDLE, seen)
    assert not out  # Ben must agree too
    saved, out = voted(saved, 2, 3, later, IDLE, seen)
    assert out
    assert [seat.user for seat in saved.seats] == [1, 2, None]
    long_gone = {2: later - timedelta(minutes=20)}  # a look long ago does not keep Ben in
    assert vote_refusal(saved, 1, 2, later, IDLE, long_gone) is None


def test_a_look_after_a_vote_lets_the_votes_before_it_lapse() -> None:
    """Found by a review: Ann voted Cy out at minute 11, Cy came back at 12 and looked, then went
    quiet; at 23 Ben's vote put him out at once, counted with Ann's vote from before he came back."""
    saved = three_crew()
    at = NOW + timedelta(minutes=11)
    saved = active(active(saved, 0, at), 1, at)  # Ann and Ben play on
    saved, out = voted(saved, 1, 3, at, IDLE, {})
    assert not out
    back = {3: at + timedelta(minutes=1)}  # Cy opened his hand
    later = at + timedelta(minutes=12)
    saved = active(active(saved, 0, later), 1, later)
    assert vote_refusal(saved, 1, 3, later, IDLE, back) is None  # Ann may vote again: hers lapsed
    saved, out = voted(saved, 2, 3, later, IDLE, back)
    assert not out  # Ann's vote from before Cy came back does not count
    assert saved.votes[3] == (2,)
    saved, out = voted(saved, 1, 3, later, IDLE, back)
    assert out


def test_a_vote_kept_before_votes_had_a_time_still_counts_and_the_game_still_loads() -> None:
    from core.dine.seating import DineSaved

    saved = three_crew().model_copy(update={"votes": {3: (1,)}})  # stored by the bot before
    later = NOW + timedelta(minutes=11)
    saved = active(active(saved, 0, later), 1, later)
    saved, out = voted(saved, 2, 3, later, IDLE, {})
    assert out  # Ann's old vote and Ben's: Cy is out
    # a vote recorded again onto a kept one (as before, Ben's alone does not suffice): a time is set
    pending, out = voted(three_crew().model_copy(update={"votes": {3: (2,)}}), 2, 3, NOW, IDLE, {})
    assert not out
    assert DineSaved.model_validate_json(pending.model_dump_json()).votes_since == {3: NOW}


def test_a_leave_lets_the_votes_that_waited_for_it_carry_but_never_empties_every_seat() -> None:
    """Votes cast only by members no longer seated carry nothing: Ben voted out Ann and Cy (each
    vote waiting for the other), then left while both idled. Counting his votes would vacate every
    seat, and nobody would be left to play them; the leave vacates his seat alone."""
    later = NOW + timedelta(minutes=30)  # everyone idle
    saved = three_crew().model_copy(update={"votes": {1: (2,), 3: (2,)}, "votes_since": {1: NOW, 3: NOW}})
    after, vacancies = left_game(saved, 2, later, IDLE, {})
    assert [seat.user for seat in after.seats] == [1, None, 3]
    assert vacancies == (Vacancy(2, 1),)
    # Ann's vote against Cy waited only for Ben: his leave carries it, and Ann stays seated
    waiting = three_crew().model_copy(update={"votes": {3: (1,)}, "votes_since": {3: NOW}})
    after, vacancies = left_game(waiting, 2, later, IDLE, {})
    assert [seat.user for seat in after.seats] == [1, None, None]
    assert vacancies == (Vacancy(2, 1), Vacancy(3, 1))
    assert after.voted_out == (3,)
    assert after.gone == (2,)


def test_the_host_voted_out_by_a_carried_vote_passes_hosting_on() -> None:
    saved = three_crew().model_copy(update={"votes": {1: (3,)}, "votes_since": {1: NOW}})
    later = NOW + timedelta(minutes=30)
    after, vacancies = left_game(saved, 2, later, IDLE, {3: later})  # Cy is here; Ann, the host, idle
    assert vacancies == (Vacancy(2, 1), Vacancy(1, 3))
    assert after.table.captain == 3
    assert after.table.crew == (3,)


def test_a_repeated_vote_carries_once_the_members_it_waited_for_went_idle() -> None:
    saved = three_crew()
    at = NOW + timedelta(minutes=11)
    saved = active(active(saved, 0, at), 1, at)  # Ann and Ben play on: Ben must agree too
    saved, out = voted(saved, 1, 3, at, IDLE, {})
    assert not out
    assert vote_refusal(saved, 1, 3, at, IDLE, {}) is not None
    later = at + timedelta(minutes=11)
    saved = active(saved, 0, later)  # Ann plays on; Ben went idle
    assert vote_refusal(saved, 1, 3, later, IDLE, {}) is None
    saved, out = voted(saved, 1, 3, later, IDLE, {})
    assert out == (Vacancy(3, 1),)
    assert [seat.user for seat in saved.seats] == [1, 2, None]


def test_acting_clears_the_votes_against_you_and_only_you() -> None:
    saved, _ = voted(three_crew(), 1, 3, NOW, IDLE, {})
    assert saved.votes == {3: (1,)}
    someone_else = active(saved, 1, NOW + timedelta(minutes=20))
    assert someone_else.votes == {3: (1,)}
    assert someone_else.seats[1].last_active == NOW + timedelta(minutes=20)
    target = active(saved, 2, NOW + timedelta(minutes=20))
    assert target.votes == {}
    assert vote_refusal(target, 1, 3, NOW + timedelta(minutes=25), IDLE, {}) is not None


def test_every_legal_action_is_offered_to_the_seat_it_belongs_to_and_labels_fit() -> None:
    for seed in range(6):
        state = new_game(seed, crew=1 + seed % 3, level="Pepperoni")
        steps = 0
        while state.outcome == "playing" and steps < 400:
            actions = legal_actions(state)
            offered: dict[str, set[int]] = {}
            for seat in range(state.crew):
                shown = moves(state, seat, actions)
                for move in shown:
                    assert len(move.label) <= LABEL_LIMIT
                    assert len(move.description) <= LABEL_LIMIT
                    for option in move.options:
                        action = decode(state, option.code)
                        assert action is not None
                        assert for_seat(action, seat)
                        assert len(option.label) <= LABEL_LIMIT
                        offered.setdefault(option.code, set()).add(seat)
                assert len(shown) <= 100
            assert set(offered) == {encode(state, action) for action in actions}
            for action in actions:
                if isinstance(action, PlayCard):
                    assert offered[encode(state, action)] == {action.seat}
            state, _ = apply(state, heuristic(state).action)
            steps += 1


def test_a_move_groups_only_the_ways_to_pay_for_one_thing() -> None:
    for seed in range(10):
        state = new_game(seed, crew=1)
        for _ in range(60):
            if state.outcome != "playing":
                break
            actions = legal_actions(state)
            for move in moves(state, 0, actions):
                taken = [decode(state, o.code) for o in move.options]
                kinds = {
                    (type(action), getattr(action, "card", None), getattr(action, "action", None))
                    for action in taken
                }
                assert len(kinds) == 1
                assert all(action in actions for action in taken)
                group = decode(state, move.group)  # the same action with nothing paid
                assert all(
                    replace(action, payment=NO_PAYMENT) == group
                    for action in taken
                    if action.kind in ("play", "station", "ship")
                )
            state, _ = apply(state, heuristic(state).action)


@pytest.mark.parametrize("seat", [0, 1])
def test_the_board_shows_only_decisions_about_nobodys_hand(seat: int) -> None:
    state = new_game(4, crew=2)
    for _ in range(300):
        if state.outcome != "playing":
            break
        public = moves(state, None)
        for move in public:
            action = decode(state, move.options[0].code)
            assert action in legal_actions(state)
            assert not hasattr(action, "seat") or getattr(action, "seat", None) is None
            assert for_seat(action, seat)
        state, _ = apply(state, heuristic(state).action)


def test_a_ship_action_that_changes_nothing_now_is_not_on_offer() -> None:
    """Three crew in the starter game hold all 10 cards: the ship's draw and its "take 2 from the
    discard pile" would do nothing, so no member's menu offers them (ruling E10), while a move that
    costs for good (seed 1: paying pizza to solve a sector) still is."""
    state = new_game(1, crew=3, starter=True)
    for _ in range(34):
        state, _ = apply(state, heuristic(state).action)
    assert not state.deck
    assert not state.discard
    assert not any(isinstance(a, UseShip) for a in legal_actions(state))
    for seat in range(3):
        shown = moves(state, seat)
        assert not any(m.idle for m in shown)
    assert any(m.costly for m in moves(state, 0))
