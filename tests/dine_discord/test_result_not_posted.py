"""The last move of a game whose public result Discord refused once: the move stands, the board shows
the end, and the result is posted all the same (by the bot itself), not lost with a wrong "press
Refresh" note to a player whose game is over."""

from __future__ import annotations

from core.dine.ai import heuristic
from core.dine.engine import apply
from tests.support.messages import record_of
from tests.support.scenario import World

from .helpers import Hands, owner, perform, saved_of, start_game

RESULT_TITLES = ("The pizza is delivered!", "The delivery failed.")


async def test_a_result_discord_refused_once_is_posted_all_the_same(world: World) -> None:
    ann = world.player("Ann")
    game_id = await start_game(world, [ann])
    hands = Hands(world, game_id)
    for _ in range(500):
        _, saved = await saved_of(world, game_id)
        assert saved.state is not None
        action = heuristic(saved.state).action
        if apply(saved.state, action)[0].outcome != "playing":
            break
        await perform(hands, ann, action)
    world.env.inject_error("POST", "/webhooks/*", status=500, times=1)  # the public result answer

    done = await perform(hands, ann, action)

    assert (await record_of(world, game_id)).status == "finished"
    results = [m for m in world.channel.history() if m.embeds and m.embeds[0].title in RESULT_TITLES]
    assert len(results) == 1
    assert not [f.content for f in done.followups if "Refresh" in (f.content or "")]
    world.take_errors()


async def test_a_board_edit_discord_failed_once_is_tried_again_by_itself(world: World) -> None:
    """After a move from a private view the board keeper edits the board; a Discord error (a 500)
    used to leave it behind until the next move or a restart, a finished game's for good."""
    ann, ben = world.player("Ann"), world.player("Ben")
    game_id = await start_game(world, [ann, ben])
    record, saved = await saved_of(world, game_id)
    assert saved.state is not None
    world.env.inject_error("PATCH", f"/channels/*/messages/{record.board_message_id}", status=500, times=1)
    action = heuristic(saved.state).action
    await perform(Hands(world, game_id), owner(saved, action, [ann, ben]), action)
    await world.bot.boards.idle()
    behind = await record_of(world, game_id)
    assert behind.board_version != behind.version  # the edit failed

    await world.env.advance_time(world.bot.boards.retry_after_error + 1)
    await world.bot.boards.idle()

    record = await record_of(world, game_id)
    assert record.board_version == record.version
    world.take_errors()
