"""A game nobody moves for `GAME_EXPIRY_DAYS` ends by itself, as abandoned, so a forgotten game does
not hold its channel (one game a channel) for ever; a game moved meanwhile plays on."""

from __future__ import annotations

import pytest

from cogs.d6.play import load as load_d6
from tests.d6_discord.helpers import choose
from tests.d6_discord.helpers import perform as perform_d6
from tests.dine_discord.helpers import start_game
from tests.support.messages import board_of, components, record_of
from tests.support.scenario import World
from tests.test_channel_gone import ended_as_abandoned, game_in
from tests.test_daily_discord import customise_bot  # noqa: F401  days pass: background jobs look hourly

pytestmark = pytest.mark.simcord(settle_timeout=120)  # days pass: the hourly loops run hundreds of times


async def test_a_game_nobody_moved_for_the_expiry_ends_and_its_board_says_why(world: World) -> None:
    """A forgotten game does not hold its channel for ever: after `GAME_EXPIRY_DAYS` without a move it
    ends as abandoned (a loss, as its own abandon would), its board shows why, and the channel is free;
    a game moved meanwhile plays on."""
    ann, ben = world.player("Ann"), world.player("Ben")
    other = world.guild.create_text_channel("other")
    await ann.actor.slash(other, "d6 new")
    await ben.runs("d6 new")
    world.audit()
    forgotten, moved = await game_in(world, other.id), await game_in(world, world.channel.id)
    days = world.bot.settings.game_expiry_days
    assert days == 14  # the default

    await world.env.advance_time((days - 1) * 86400)
    state = load_d6(await record_of(world, moved.id)).state
    await perform_d6(ben, world, moved.id, choose(state))
    await world.env.advance_time(2 * 86400)

    ended = await ended_as_abandoned(world, forgotten.id)
    assert "The game ended: nobody moved for 14 days." in load_d6(ended).table.recent
    board = next(m for m in other.history() if m.id == ended.board_message_id)
    assert "The game ended: nobody moved for 14 days." in str(board.embeds[0].to_dict())
    assert "abandoned ship" not in str(board.embeds[0].to_dict())  # nobody did: the bot ended it
    assert components(board) == []
    assert (await record_of(world, moved.id)).status == "active"  # moved 2 days ago: plays on
    started = await ann.actor.slash(other, "d6 new")  # the channel is free again
    world.audit()
    assert not started.ephemeral
    assert world.take_errors() == []


async def test_a_forgotten_dine_game_ends_in_its_boards_words_and_zero_days_keeps_games(world: World) -> None:
    ann = world.player("Ann")
    game_id = await start_game(world, [ann])
    await world.env.advance_time(15 * 86400)

    ended = await ended_as_abandoned(world, game_id)
    board = await board_of(world, ended.id)
    assert "The game ended: nobody moved for 14 days." in str(board.embeds[0].to_dict())
    assert components(board) == []

    world.bot.settings = world.bot.settings.model_copy(update={"game_expiry_days": 0})
    kept = await start_game(world, [ann])
    await world.env.advance_time(60 * 86400)
    assert (await record_of(world, kept)).status == "active"
    assert world.take_errors() == []


async def test_a_bot_back_after_a_long_while_gives_its_players_an_hour_first(world: World) -> None:
    """At start-up nothing expires: the days the bot was away count only from an hour after it is
    back, so the first look comes then."""
    ann = world.player("Ann")
    world.bot.settings = world.bot.settings.model_copy(update={"game_expiry_days": 0})  # "away"
    await ann.runs("d6 new")
    game = await game_in(world, world.channel.id)
    await world.env.advance_time(20 * 86400)
    assert (await record_of(world, game.id)).status == "active"

    await world.restart()  # back, with the default expiry of 14 days
    assert world.bot.settings.game_expiry_days == 14
    await world.env.advance_time(30 * 60)
    assert (await record_of(world, game.id)).status == "active"  # not at start-up
    await world.env.advance_time(2 * 3600)
    await ended_as_abandoned(world, game.id)
    assert world.take_errors() == []
