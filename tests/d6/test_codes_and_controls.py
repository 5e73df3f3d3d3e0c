"""Action codes and board controls: every legal action reachable, within Discord's limits."""

from __future__ import annotations

import re
from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from cogs.d6.board import board_view
from cogs.d6.ids import BUTTON_TEMPLATE, MENU_TEMPLATE
from core.d6 import apply, legal_actions, new_game
from core.d6.actions import EndAssignment, Fire
from core.d6.ai import heuristic
from core.d6.codes import decode, encode
from core.i18n import say
from core.render.d6_controls import LABEL_LIMIT, OPTIONS_PER_MENU, as_shown, controls
from core.table import RECENT_LINES, Table


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
        shown = controls(state)
        views = [shown] + [controls(state, die.die) for die in shown.dice]
        offered = {c.code for view in views for c in view.choices()}
        for view in views:
            check_fits_discord(view)
        # every control is legal, and every legal action is offered — through the die the board
        # shows for its kind when identical dice share a button
        assert {decode(code) for code in offered} <= set(legal)
        for action in legal:
            same = as_shown(state, action)
            assert same in legal
            assert encode(same) in offered, action


def check_fits_discord(shown) -> None:
    """The real board view: ≤ 5 rows of ≤ 5 buttons or one menu of ≤ 25 options, labels ≤ 80,
    unique custom ids that the registered templates parse."""
    view = board_view(987654321012345678, 99999, Table.start(1, open_crew=True), shown)
    if view is None:
        assert shown.choices() == []
        return
    rows: dict[int, list] = {}
    for item in view.children:
        rows.setdefault(item._rendered_row, []).append(item)
    assert len(rows) <= 5
    ids = []
    for items in rows.values():
        kinds = {type(item.item).__name__ for item in items}
        assert len(items) <= 5
        if kinds == {"Select"}:
            assert len(items) == 1
            assert len(items[0].item.options) <= OPTIONS_PER_MENU
            assert all(len(o.label) <= 100 for o in items[0].item.options)
        else:
            assert all(len(item.item.label or "") <= LABEL_LIMIT for item in items)
        for item in items:
            ids.append(item.item.custom_id)
            template = MENU_TEMPLATE if kinds == {"Select"} else BUTTON_TEMPLATE
            assert re.fullmatch(template, item.item.custom_id), item.item.custom_id
            assert len(item.item.custom_id) <= 100
    assert len(ids) == len(set(ids))


def test_a_die_without_uses_is_shown_disabled_and_picking_it_shows_no_choices() -> None:
    for state in states(3, 200):
        shown = controls(state)
        for die in shown.dice:
            assert die.enabled == any(getattr(a, "die", None) == die.die for a in legal_actions(state))
            if not die.enabled:
                assert controls(state, die.die).rows == ()


def test_the_table_keeps_the_crew_and_the_newest_lines() -> None:
    table = Table.start(1, open_crew=True, max_crew=2)
    assert str(table.can_join(1)) == "You are already on this crew."
    assert table.can_join(2) is None
    full = table.joined(2)
    assert full.crew == (1, 2)
    assert str(full.can_join(3)) == "This crew is full (2 players)."
    alone = Table.start(1).can_join(2)
    assert str(alone) == "This captain plays alone; start a game of your own to play."
    # Refusals are said in the reader's language, not in English to everyone.
    assert say("de", alone) != str(alone)
    assert say("es", full.can_join(3) or "") != str(full.can_join(3))
    lines = [f"line {n}" for n in range(RECENT_LINES + 5)]
    assert full.with_news(lines).recent == tuple(lines[-RECENT_LINES:])
