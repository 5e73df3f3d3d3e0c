"""Action codes and board controls: every legal action reachable, within Discord's limits."""

from __future__ import annotations

from dataclasses import replace
from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from core.d6 import apply, legal_actions, new_game
from core.d6.actions import EndAssignment, Fire
from core.d6.ai import heuristic
from core.d6.codes import decode, encode
from core.render.d6_controls import BUTTONS_PER_ROW, LABEL_LIMIT, OPTIONS_PER_MENU, controls
from core.table import RECENT_LINES, Table

ID_ROOM = 100 - len("ds:d6:a:9999999999:999999:")  # what a code may use of a 100-character custom id


def states(seed: int, moves: int):
    """The states of one game played mostly by the heuristic (long games, rich boards), with random
    legal moves mixed in (odd boards)."""
    pick, state = Random(seed), new_game(seed, "very_easy", "full")
    yield state
    for _ in range(moves):
        actions = legal_actions(state)
        if not actions:
            return
        action = heuristic(state).action if pick.random() < 0.8 else pick.choice(actions)
        state, _ = apply(state, action)
        yield state


def test_codes_are_short_and_stand_for_their_action() -> None:
    fire = Fire(die=3, split=((7, 1), (12, 1)))
    assert encode(fire) == "f.3.7x1+12x1"
    assert decode("f.3.7x1+12x1") == fire
    assert encode(EndAssignment()) == "e"
    assert decode("e") == EndAssignment()


def test_malformed_codes_decode_to_nothing() -> None:
    for code in [
        "",
        "q",
        "f.3",
        "f.x.1x1",
        "c.1.2.9",
        "m.1.-2",
        "m.1.2.3",
        "e.1",
        "m.1." + "9" * 12,
        "f.1.3y1",
    ]:
        assert decode(code) is None, code


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000))
def test_every_legal_action_round_trips_and_is_offered_on_the_board(seed: int) -> None:
    for state in states(seed, 150):
        legal = legal_actions(state)
        for action in legal:
            assert decode(encode(action)) == action
            assert len(encode(action)) <= ID_ROOM
        shown = controls(state)
        offered = {c.code for c in shown.choices()}
        for die in shown.dice:
            picked = controls(state, die.die)
            assert len(picked.rows) <= 3  # with the dice row and the last row: Discord's 5 rows
            for row in picked.rows:
                assert len(row.choices) <= (OPTIONS_PER_MENU if row.menu else BUTTONS_PER_ROW)
                assert all(len(c.label) <= LABEL_LIMIT for c in row.choices)
            offered |= {c.code for c in picked.choices()}
        assert len(shown.rows) <= 3
        offered |= {c.code for c in shown.choices()}
        # every offered control is legal; every legal action is offered for the die shown for its kind
        assert {decode(code) for code in offered} <= set(legal)
        shown_dice = {d.die for d in shown.dice}
        for action in legal:
            die = getattr(action, "die", None)
            if state.pending is not None or die is None or die in shown_dice:
                assert encode(action) in offered, action
            else:  # an identical ready die is shown instead, offering the same decision
                (twin,) = [d for d in shown_dice if state.dice[d].face is state.dice[die].face]
                same = replace(action, die=twin)
                assert encode(same) in offered or getattr(action, "target", None) == twin, action


def test_a_die_without_uses_is_shown_disabled_and_picking_it_shows_no_choices() -> None:
    for state in states(3, 200):
        shown = controls(state)
        for die in shown.dice:
            assert die.enabled == any(getattr(a, "die", None) == die.die for a in legal_actions(state))
            if not die.enabled:
                assert controls(state, die.die).rows == ()


def test_the_table_keeps_the_crew_and_the_newest_lines() -> None:
    table = Table.start(1, open_crew=True, max_crew=2)
    assert table.can_join(1) == "You are already on this crew."
    assert table.can_join(2) is None
    full = table.joined(2)
    assert full.crew == (1, 2)
    assert full.can_join(3) == "This crew is full (2)."
    assert Table.start(1).can_join(2) == "This captain plays alone; start a game of your own to play."
    lines = [f"line {n}" for n in range(RECENT_LINES + 5)]
    assert full.with_news(lines).recent == tuple(lines[-RECENT_LINES:])
