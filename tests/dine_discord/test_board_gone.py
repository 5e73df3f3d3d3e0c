"""A Dine board the bot cannot edit while the crew plays on from their hands: a board someone deleted
comes back at the next move, and where the bot may not see the channel, `/dine new` says what it needs
and a member whose move the board cannot follow is told so, privately, once for that move."""

from __future__ import annotations

import logging
from typing import Any

import discord
from simcord.backend.models.channel import Overwrite
from simcord.enums import OverwriteType

from core.dine.ai import heuristic
from tests.support.messages import components, message, record_of
from tests.support.scenario import Player, World

from .helpers import Hands, owner, perform, saved_of, start_game

NOT_UPDATED = (
    "Your move is saved, but I could not update the board: I'm missing View Channels in this channel."
)


async def move(world: World, hands: Hands, crew: list[Player], game_id: int) -> Any:
    """The heuristic crew's next move, made from its owner's hand view."""
    _, saved = await saved_of(world, game_id)
    assert saved.state is not None
    action = heuristic(saved.state).action
    return await perform(hands, owner(saved, action, crew), action)


def notes(result: Any) -> list[tuple[str, bool]]:
    """The follow-ups of a move other than tips, with whether each is private."""
    return [(note.content, note.ephemeral) for note in result.followups if not note.content.startswith("💡")]


def deny_the_bot(world: World, **denied: bool) -> None:
    """A moderator denies the bot these permissions here, in the middle of a game."""
    overwrite = Overwrite(
        target_id=world.guild.me.id, type=OverwriteType.MEMBER, deny=discord.Permissions(**denied).value
    )
    world.env.backend.set_overwrite(world.channel.id, overwrite)


async def test_a_deleted_board_is_posted_anew_at_the_next_move_from_a_hand(world: World, caplog) -> None:
    ann, ben = world.player("Ann"), world.player("Ben")
    game_id = await start_game(world, [ann, ben])
    hands = Hands(world, game_id)
    await hands.open(ann)
    await hands.open(ben)
    deleted = (await record_of(world, game_id)).board_message_id
    world.env.backend.delete_message(world.channel.id, deleted)  # a moderator deletes the board
    await world.env.settle()

    boards = []
    for _ in range(3):
        moved = await move(world, hands, [ann, ben], game_id)
        assert moved.response.ephemeral
        assert notes(moved) == []
        await world.bot.boards.idle()
        record = await record_of(world, game_id)
        board = message(world, record.board_message_id)
        assert board.embeds[0].footer.text.startswith(f"Game #{game_id} · update {record.version} · ")
        boards.append(board.id)

    assert deleted not in boards
    assert len(set(boards)) == 1  # posted once, then edited in place like any board
    assert [m.id for m in world.channel.history()] == boards[:1]
    hand = await ben.clicks(message(world, boards[0]), "My hand")  # the new board plays
    assert hand.ephemeral
    assert hand.response.embeds[0].title == "Your hand"
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []
    assert world.take_errors() == []


async def test_a_move_the_board_cannot_follow_is_saved_and_its_mover_told_privately(world: World) -> None:
    ann, ben = world.player("Ann"), world.player("Ben")
    crew = [ann, ben]
    game_id = await start_game(world, crew)
    hands = Hands(world, game_id)
    await hands.open(ann)
    await hands.open(ben)
    board_id = (await record_of(world, game_id)).board_message_id
    deny_the_bot(world, view_channel=True)

    told = []
    for _ in range(2):
        before = await record_of(world, game_id)
        moved = await move(world, hands, crew, game_id)
        await world.bot.boards.idle()
        assert moved.response.ephemeral
        assert (await record_of(world, game_id)).version == before.version + 1  # saved
        told.append(notes(moved))

    command = await world.mention("dine board")
    expected = (
        f"{NOT_UPDATED} Ask someone who manages this server to give me that in this channel's "
        f"permissions; until then, {command} shows the board as it is now."
    )
    assert told == [[(expected, True)], [(expected, True)]]  # one private note a move, no more

    world.env.backend.delete_overwrite(world.channel.id, world.guild.me.id)  # the owner gives it back
    moved = await move(world, hands, crew, game_id)
    await world.bot.boards.idle()
    assert notes(moved) == []
    record = await record_of(world, game_id)
    board = message(world, board_id)
    assert record.board_message_id == board_id
    assert board.embeds[0].footer.text.startswith(f"Game #{game_id} · update {record.version} · ")
    assert "My hand" in [c.get("label") for c in components(board)]
    assert world.take_errors() == []


async def test_a_deleted_board_the_bot_may_not_post_anew_is_told_to_its_mover(world: World) -> None:
    ann = world.player("Ann")
    game_id = await start_game(world, [ann])
    hands = Hands(world, game_id)
    await hands.open(ann)
    deleted = (await record_of(world, game_id)).board_message_id
    deny_the_bot(world, send_messages=True)
    world.env.backend.delete_message(world.channel.id, deleted)
    await world.env.settle()

    moved = await move(world, hands, [ann], game_id)
    await world.bot.boards.idle()

    command = await world.mention("dine board")
    assert notes(moved) == [
        (
            "Your move is saved, but I could not update the board: I'm missing Send Messages in this "
            "channel. Ask someone who manages this server to give me that in this channel's permissions; "
            f"until then, {command} shows the board as it is now.",
            True,
        )
    ]
    assert (await record_of(world, game_id)).board_message_id == deleted  # nothing else to point to
    shown = await ann.runs("dine board")  # what the note offers: the board, as the command's answer
    assert not shown.ephemeral
    assert (await record_of(world, game_id)).board_message_id == shown.response.id
    world.take_errors()
