"""`/d6 hint` and the board's Hint button, read as the player reads them: the move, a reason in the
game's words that is not the move again, and the close second where there is one (issue 17 item 3)."""

from __future__ import annotations

from cogs.d6.play import load
from core.render import d6_hint
from tests.support.messages import message, record_of
from tests.test_hint_checker import reason_problems

from .helpers import choose, perform


async def test_the_hint_reply_says_why_and_names_the_close_second(world) -> None:
    alice = world.player("alice")
    await alice.runs("d6 new")
    record = await world.bot.store.active_game(world.channel.id)
    assert record is not None
    for _ in range(80):  # play on until a position where another move came close
        record = await record_of(world, record.id)
        state = load(record).state
        expected = d6_hint.hint(state)
        if expected.second_move:
            break
        await perform(alice, world, record.id, choose(state))
    assert expected.second_move, "no close second within 80 moves"

    by_command = await alice.runs("d6 hint")
    by_button = await alice.clicks(message(world, record.board_message_id), "Hint")

    for shown in (by_command, by_button):
        assert shown.ephemeral
        move, why, second = shown.response.content.split("\n")
        assert move == f"**Suggestion:** {expected.move}"
        assert why == f"*Why:* {expected.why}"
        assert second == f"*Close second:* {expected.second_move}. {expected.second_why}"
    assert reason_problems(expected.move, expected.why) == []
    assert reason_problems(expected.second_move, expected.second_why) == []
    assert expected.second_move != expected.move
    assert (await record_of(world, record.id)).version == record.version  # a hint changes nothing
