"""Dine's lobby and ending when Discord fails to show a change that was already saved: the player is
told it was saved (never "nothing was changed"), and the board is redrawn from the store — after a
failed **Start** it becomes the game's board, not the lobby it was.
"""

from __future__ import annotations

from cogs.dine.play import load
from tests.support.messages import components, record_of
from tests.support.scenario import World

from .helpers import open_lobby
from .test_crew import Unaudited, board_of, forgive_the_retry, lobby_crew

CALLBACK = "/interactions/*/*/callback"
SAVED = "Saved, but Discord did not show it."


async def test_a_start_discord_failed_to_show_is_saved_and_the_board_becomes_the_game(world: World) -> None:
    ann = world.player("Ann")
    game_id = await open_lobby(ann, world)
    lobby = await board_of(world, game_id)

    world.env.inject_error("POST", CALLBACK, status=500, times=1)
    pressed = await Unaudited(world, ann.actor).clicks(lobby, "Start")
    forgive_the_retry(world)

    assert pressed.ephemeral
    assert pressed.response.content.startswith(SAVED)
    record = await record_of(world, game_id)
    assert load(record).state is not None  # started and saved
    board = await board_of(world, game_id)
    assert board.id == lobby.id
    assert board.embeds[0].title.startswith("Deep Space Dine · ")
    assert "lobby" not in board.embeds[0].title
    assert "My hand" in [c.get("label") for c in components(board)]
    again = await ann.clicks(board, "My hand")  # the game is playable from the board
    assert again.ephemeral
    assert again.response.embeds[0].title == "Your hand"


async def test_a_join_discord_failed_to_show_is_saved_and_the_lobby_shows_it(world: World) -> None:
    ann, ben = world.player("Ann"), world.player("Ben")
    game_id = await open_lobby(ann, world)
    lobby = await board_of(world, game_id)

    world.env.inject_error("POST", CALLBACK, status=500, times=1)
    joined = await Unaudited(world, ben.actor).clicks(lobby, "Join")
    forgive_the_retry(world)

    assert joined.ephemeral
    assert joined.response.content.startswith(SAVED)
    assert load(await record_of(world, game_id)).table.crew == (ann.id, ben.id)
    assert lobby_crew(await board_of(world, game_id)) == f"2/3):\n<@{ann.id}> (host)\n<@{ben.id}>"


async def test_an_end_discord_failed_to_show_is_saved_and_the_board_shows_the_end(world: World) -> None:
    ann = world.player("Ann")
    game_id = await open_lobby(ann, world)
    await ann.clicks(await board_of(world, game_id), "Start")
    asked = await ann.runs("dine end")

    world.env.inject_error("POST", CALLBACK, status=500, times=1)
    done = await Unaudited(world, ann.actor).clicks(asked.response.message, "End the game")
    forgive_the_retry(world)

    assert done.response.content.startswith(SAVED)
    assert (await record_of(world, game_id)).status == "abandoned"
    board = await board_of(world, game_id)
    assert board.embeds[0].title == "Deep Space Dine · the end"
    assert components(board) == []


async def test_a_lobby_close_discord_failed_to_show_leaves_a_closed_lobby(world: World) -> None:
    ann = world.player("Ann")
    game_id = await open_lobby(ann, world)
    ben = world.player("Ben")
    await ben.clicks(await board_of(world, game_id), "Join")
    not_host = await ben.runs("dine end")
    assert not_host.response.content == (
        "Only the host, or someone who may manage this channel, can close the lobby."
    )
    world.take_errors()
    asked = await ann.runs("dine end")
    # a lobby has nothing to lose: the question says so, not "counts as a loss"
    assert asked.response.content == (
        f"Close the lobby of game #{game_id}? Nothing has been played, so nothing is recorded. To keep it "
        "open, dismiss this message."
    )

    world.env.inject_error("POST", CALLBACK, status=500, times=1)
    done = await Unaudited(world, ann.actor).clicks(asked.response.message, "Close the lobby")
    forgive_the_retry(world)

    assert done.response.content.startswith(SAVED)
    assert (await record_of(world, game_id)).status == "abandoned"
    assert await world.bot.store.result(game_id) is None
    board = await board_of(world, game_id)
    assert board.embeds[0].title == "Deep Space Dine · lobby closed"
    assert components(board) == []
