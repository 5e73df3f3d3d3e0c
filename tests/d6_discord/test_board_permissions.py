"""A channel where the bot may not post: its boards are edited in place, and posting is tried again
once the owner may have given the permission back (it was never tried again before a restart)."""

from __future__ import annotations

import discord

from cogs.d6.play import load
from tests.support.messages import record_of
from tests.support.scenario import Player, World

from .helpers import choose, perform


async def buried_then_moved(world: World, alice: Player, bob: Player, game_id: int) -> bool:
    """Bury the board under Bob's chat, let Alice move, and say whether the board was posted anew."""
    before = await record_of(world, game_id)
    for n in range(world.bot.boards.buried_after):
        await bob.actor.send(world.channel, f"chat {n}")
    await perform(alice, world, game_id, choose(load(before).state))
    await world.bot.boards.idle()
    after = await record_of(world, game_id)
    return after.board_message_id != before.board_message_id


async def test_posting_is_tried_again_after_a_while_once_the_permission_is_back(world: World) -> None:
    me = world.guild.me
    quiet = world.guild.create_text_channel(
        "quiet", overwrites={me: discord.PermissionOverwrite(send_messages=False)}
    )
    world.channel = quiet
    world.bot.boards.look_every = 0.0  # look under the board after every click
    alice, bob = world.player("alice"), world.player("bob")
    await alice.runs("d6 new")
    record = await world.bot.store.active_game(quiet.id)
    assert record is not None
    assert not await buried_then_moved(world, alice, bob, record.id)  # refused: edited in place
    world.env.backend.delete_overwrite(quiet.id, me.id)  # the owner gives the permission back
    assert not await buried_then_moved(world, alice, bob, record.id)  # not tried again at once
    world.bot.boards.retry_posting_after = 0.0  # as if the wait had passed
    assert await buried_then_moved(world, alice, bob, record.id)
    world.take_errors()
