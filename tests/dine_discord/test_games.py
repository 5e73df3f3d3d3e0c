"""Whole Dine games played in Discord only by clicking, from the lobby to the final score."""

from __future__ import annotations

import json

from cogs.dine.play import load
from core.render.dine_text import voyage_lines
from tests.support.messages import message, record_of

from .helpers import play_out, start_game


async def test_a_solo_starter_game_is_played_to_the_end_only_by_clicks(world) -> None:
    alice = world.player("Alice")
    game_id = await start_game(world, [alice])
    record = await play_out(world, game_id, [alice])
    saved = load(record)
    assert saved.state is not None
    assert record.status == "finished"
    result = await world.bot.store.result(game_id)
    assert result is not None
    assert result.outcome == saved.state.outcome
    assert result.score == saved.state.score
    assert json.loads(result.detail_json)["mode"] == "starter"
    await world.bot.boards.idle()
    board = message(world, (await record_of(world, game_id)).board_message_id)
    assert board.components == []
    fields = {field.name: field.value for field in board.embeds[0].fields}
    assert saved.state.outcome == "won"  # the sector's place shows the score worked out and the way there
    assert fields["Pizza delivered"] == "\n".join(voyage_lines(saved.state))
    assert "Sector" not in fields
    assert world.take_errors() == []
