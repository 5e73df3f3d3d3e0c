"""The board's "What happened" keeps everything one click said: after End assignment that starts
with the threat die and the card drawn, which a shorter list used to drop without a word."""

from __future__ import annotations

import pytest

from cogs.d6.play import load
from core.d6.actions import EndAssignment
from tests.support.messages import message, record_of
from tests.support.scenario import World

from .helpers import choose, perform


@pytest.mark.parametrize("seed", [3, 7])  # the conftest deals every game with `seed`
async def test_the_threat_die_is_on_the_board_after_every_end_of_assignment(world: World, seed: int) -> None:
    alice = world.player("alice")
    await alice.runs("d6 new", guide=False)
    record = await world.bot.store.active_game(world.channel.id)
    assert record is not None
    ended, lost = 0, []
    for _ in range(400):
        record = await record_of(world, record.id)
        if record.status != "active":
            break
        state = load(record).state
        action = choose(state)
        await perform(alice, world, record.id, action)
        if isinstance(action, EndAssignment):
            ended += 1
            after = await record_of(world, record.id)
            if load(after).state.pending is not None:
                continue  # a new threat asks something first (Distracted: which die); the roll comes after
            board = message(world, after.board_message_id)
            news = {f.name: f.value for f in board.embeds[0].fields}["What happened"]
            if "Threat die:" not in news:
                lost.append((state.round, news))
    assert ended > 3
    assert lost == []
