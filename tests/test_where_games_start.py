"""Where a game may start: not where its board could not follow the moves. Without View Channels or
Embed Links, or in a private thread the bot is not in (every board edit outside a click's own answer
would be refused there, though its permissions read as granted), a new game is refused with what to
do, for both games; nothing is stored. Once the bot is added to the thread (a mention adds it), the
game starts and plays."""

from __future__ import annotations

import discord
import pytest
from simcord.enums import ChannelType

from core.dine.ai import heuristic
from tests.dine_discord.helpers import Hands, perform, saved_of
from tests.support.messages import message, record_of
from tests.support.scenario import World

# The README's invite permissions: no Manage Threads, which would let the bot into any thread.
README_PERMISSIONS = 343597501440


async def private_thread(world: World, owner_id: int) -> discord.Thread:
    role = next(r for r in world.guild.me.roles if r.name != "@everyone")
    world.env.backend.edit_role(world.guild.id, role.id, {"permissions": README_PERMISSIONS})
    made = world.env.backend.create_thread(
        world.channel.id, "our game", owner_id, type=ChannelType.PRIVATE_THREAD
    )
    await world.env.settle()
    return next(t for t in world.channel.threads if t.id == made.id)


@pytest.mark.parametrize(
    ("game", "permission", "named"),
    [("dine", "view_channel", "View Channels"), ("d6", "embed_links", "Embed Links")],
)
async def test_a_game_is_refused_where_the_bot_lacks_what_its_board_needs(
    world: World, game: str, permission: str, named: str
) -> None:
    me = world.guild.me
    world.channel = world.guild.create_text_channel(
        "closed", overwrites={me: discord.PermissionOverwrite(**{permission: False})}
    )
    ann = world.player("Ann")

    refused = await ann.runs(f"{game} new")

    assert refused.ephemeral
    command = await world.mention(f"{game} new")
    assert refused.response.content == (
        f"I can't keep a game board up to date in this channel: I'm missing {named} here. Ask "
        "someone who manages this server to give me that in this channel's permissions, then run "
        f"{command} again. Nothing was started."
    )
    assert await world.bot.store.active_game(world.channel.id) is None
    world.take_errors()  # the refusal is a polite RuleError


@pytest.mark.parametrize("game", ["dine", "d6"])
async def test_a_game_is_refused_in_a_private_thread_the_bot_is_not_in(world: World, game: str) -> None:
    ann = world.player("Ann")
    thread = await private_thread(world, ann.id)

    refused = await ann.actor.slash(thread, f"{game} new")
    world.audit()

    assert refused.ephemeral
    command = await world.mention(f"{game} new")
    assert refused.response.content == (
        "I'm not in this private thread, so I could not keep a game board up to date here. Add me to "
        f"the thread (mention me in it), then run {command} again, or start the game in a channel. "
        "Nothing was started."
    )
    assert await world.bot.store.active_game(thread.id) is None
    world.take_errors()  # the refusal is a polite RuleError


@pytest.mark.parametrize("game", ["dine", "d6"])
async def test_once_the_bot_is_in_the_private_thread_the_game_starts(world: World, game: str) -> None:
    ann = world.player("Ann")
    thread = await private_thread(world, ann.id)
    world.env.backend.add_thread_member(thread.id, world.env.backend.bot_user.id)  # Ann mentioned it
    await world.env.settle()

    opened = await ann.actor.slash(thread, f"{game} new")
    world.audit()

    assert not opened.ephemeral
    assert await world.bot.store.active_game(thread.id) is not None
    assert world.take_errors() == []


async def test_a_board_refused_though_no_permission_lacks_is_not_blamed_on_permissions(world: World) -> None:
    """The bot left the thread after the game began (or the game is older than the check): the mover is
    told the move is saved and what helps, not to grant permissions the bot already has."""
    ann = world.player("Ann")
    thread = await private_thread(world, ann.id)
    bot_id = world.env.backend.bot_user.id
    world.env.backend.add_thread_member(thread.id, bot_id)
    await world.env.settle()
    world.channel = thread  # the Dine helpers play in `world.channel`
    await ann.runs("dine new")
    record = await world.bot.store.active_game(thread.id)
    assert record is not None
    await ann.clicks(message(world, record.board_message_id), "Start")
    world.env.backend.remove_thread_member(thread.id, bot_id)
    await world.env.settle()

    _, saved = await saved_of(world, record.id)
    moved = await perform(Hands(world, record.id), ann, heuristic(saved.state).action)

    command = await world.mention("dine board")
    notes = [f.content for f in moved.followups if "board" in f.content]
    assert notes == [
        "Your move is saved, but Discord did not let me update the board, though my permissions here look "
        f"right. In a private thread, add me to it by mentioning me; until then, {command} shows the board "
        "as it is now."
    ]
    assert (await record_of(world, record.id)).version > record.version  # the move itself was kept
    world.take_errors()
