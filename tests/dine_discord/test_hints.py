"""`/dine hint` read as the member reads it: their move, a reason in the game's words that is not
the move again (for the expert crew, with what its playouts saw), the close second where there is
one, and which crew thought about it (issue 17 item 3)."""

from __future__ import annotations

import re

from core.dine.ai import heuristic
from core.render import dine_hint
from core.render.dine_hint import BY_EXPERT, BY_HEURISTIC
from core.render.dine_text import describe
from tests.test_hint_checker import reason_problems

from .helpers import Hands, owner, perform, saved_of, start_game


async def test_the_quick_hint_says_why_and_names_the_close_second(world) -> None:
    world.bot.hint_seconds = 0  # the heuristic answers
    alice, bob = world.player("Alice"), world.player("Bob")
    game_id = await start_game(world, [alice, bob])
    hands = Hands(world, game_id)
    for _ in range(60):  # play on until Alice has a move with a close second
        record, saved = await saved_of(world, game_id)
        state = saved.state
        assert state is not None
        expected = dine_hint.hint(state, saved.seats_for(alice.id))
        if expected is not None and expected.second_move:
            break
        action = heuristic(state).action
        await perform(hands, owner(saved, action, [alice, bob]), action)
    assert expected is not None
    assert expected.second_move, "no close second within 60 moves"

    shown = await alice.runs("dine hint")

    lines = shown.response.content.split("\n")
    assert shown.ephemeral
    mine = saved.seats_for(alice.id)
    # the asker's own move without "Crew 1:", a vacant seat's they play with its holder's name
    assert lines[0] == f"**Suggestion for you:** {describe(state, expected.action, mine).deed}"
    assert lines[1] == f"*Why:* {expected.why}"
    second = describe(state, expected.second, mine, names=saved.names_in_text())
    said = second.deed if second.seat == mine[0] else second.text
    assert lines[2] == f"*Close second:* {said}. {expected.second_why}"
    assert lines[-1] == BY_HEURISTIC  # which crew thought about it
    assert reason_problems(expected.move, expected.why) == []
    assert reason_problems(expected.second_move, expected.second_why) == []
    assert (await saved_of(world, game_id))[0].version == record.version  # a hint changes nothing


async def test_the_expert_hint_says_what_its_playouts_saw(world) -> None:
    world.bot.hint_seconds = 60.0  # all the time it needs
    alice, bob = world.player("Alice"), world.player("Bob")
    game_id = await start_game(world, [alice, bob])
    _, saved = await saved_of(world, game_id)
    state = saved.state
    assert state is not None
    expected = dine_hint.hint(state, saved.seats_for(alice.id), expert=True)
    assert expected is not None

    shown = await alice.runs("dine hint")

    lines = shown.response.content.split("\n")
    assert lines[0] == f"**Suggestion for you:** {describe(state, expected.action, (0,)).deed}"
    assert lines[1] == f"*Why:* {expected.why}"
    assert re.search(r"Played out on \d+ reshuffled deals?, it did best of the \d moves weighed", lines[1])
    assert lines[-1] == BY_EXPERT
    assert reason_problems(expected.move, expected.why) == []
