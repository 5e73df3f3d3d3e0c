"""User stories: crew members who left the server, and names that look like someone else's mention.

Discord sends someone who left the server as a plain user, not a member, and the bot (without the
members intent) is not told they left: what only matters is their id, and host actions must not stay
locked to a host who is gone.
"""

from __future__ import annotations

import discord
import pytest

from core.dine.told import said
from core.errors import RuleError
from tests.support.messages import message, record_of
from tests.support.scenario import World

from .helpers import open_lobby, saved_of, start_game


def refusals(world: World) -> list[str]:
    found = []
    for error in world.take_errors():
        cause = error.__cause__ if error.__cause__ is not None else error
        assert isinstance(cause, RuleError), error
        found.append(cause.message)
    return found


async def test_a_member_who_left_the_server_can_be_voted_out(world) -> None:
    ann, ben = world.player("Ann"), world.player("Ben")
    game_id = await start_game(world, [ann, ben])
    await world.env.advance_time(world.bot.settings.dine_idle_minutes * 60 + 60)
    world.guild.remove_member(ben.actor)

    voted = await ann.runs("dine vote-out", member=ben.actor.user)  # a user now, no longer a member

    assert not voted.ephemeral, voted.response.content
    assert voted.response.content == "**Ben** was voted out; the crew now plays their hand together."
    _, saved = await saved_of(world, game_id)
    assert saved.seats[1].user is None
    assert saved.table.crew == (ann.id,)


async def test_a_crew_member_ends_the_game_of_a_host_who_left_the_server(world) -> None:
    ann, ben, cal = world.player("Ann"), world.player("Ben"), world.player("Cal")
    game_id = await start_game(world, [ann, ben])

    watcher = await cal.runs("dine end")  # not crew: still refused, host gone or not
    world.guild.remove_member(ann.actor)
    asked = await ben.runs("dine end")
    done = await ben.clicks(asked.response.message, "End the game")

    assert (
        watcher.response.content == "Only the host, or someone who may manage this channel, can end the game."
    )
    # nobody had moved, and Ben is not its host: the end counts for nobody (`core.table.credited`)
    assert done.response.content == "The game is over; nobody had made a move, so it counts for nobody."
    assert (await record_of(world, game_id)).status == "abandoned"
    assert refusals(world) == [watcher.response.content]


@pytest.mark.parametrize("gone", ["host", "member"])
async def test_a_lobby_starts_without_whoever_left_the_server(world, gone: str) -> None:
    """The host gone, another member starts and hosts from then on; a member gone is not dealt a hand
    nobody would play (it would wait for a vote-out that `DINE_IDLE_MINUTES` holds back)."""
    ann, ben, cal = world.player("Ann"), world.player("Ben"), world.player("Cal")
    game_id = await open_lobby(ann, world)
    lobby = message(world, (await record_of(world, game_id)).board_message_id)
    await ben.clicks(lobby, "Join")
    await cal.clicks(lobby, "Join")
    lobby = message(world, (await record_of(world, game_id)).board_message_id)
    early = await ben.clicks(lobby, "Start")  # the host is still here: only they start
    assert early.ephemeral
    assert early.response.content == "Only the host can start the game; it starts when they press **Start**."
    world.guild.remove_member((ann if gone == "host" else ben).actor)

    started = await (cal if gone == "host" else ann).clicks(lobby, "Start")

    assert not started.ephemeral
    _, saved = await saved_of(world, game_id)
    assert saved.started
    stayed = [ben, cal] if gone == "host" else [ann, cal]
    assert [seat.user for seat in saved.seats] == [player.id for player in stayed]
    assert saved.table.captain == stayed[0].id  # with the host gone, the next member hosts
    assert saved.state is not None
    assert saved.state.crew == 2
    line = (
        "The host, Ann, left the server." if gone == "host" else "Ben left the server and was not dealt in."
    )
    assert line in [said(line) for line in saved.table.recent]
    refusals(world)  # Ben's early Start


async def test_a_name_that_looks_like_a_mention_pings_nobody(world) -> None:
    ann, ben = world.player("Ann"), world.player("Ben")
    cal = world.player("Cal", nick=f"<@{ben.id}>")  # a nickname that is Ben's mention
    await start_game(world, [ann, ben, cal])
    await world.env.advance_time(world.bot.settings.dine_idle_minutes * 60 + 60)
    seen = len(world.env.http_requests)

    voted = await ann.runs("dine vote-out", member=cal.actor)

    assert "was voted out" in voted.response.content
    assert f"<@{ben.id}>" not in voted.response.content  # shown as text, not as Ben's mention
    [sent] = [r.json for r in world.env.http_requests[seen:] if r.path.endswith("/callback")]
    assert sent["data"]["content"] == voted.response.content
    assert sent["data"]["allowed_mentions"]["parse"] == []  # and whatever it says, it pings nobody
    assert not sent["data"]["allowed_mentions"].get("users")


async def test_one_idle_minute_is_one_minute(world) -> None:
    ann, ben = world.player("Ann"), world.player("Ben")
    await start_game(world, [ann, ben])
    await world.env.advance_time(60)

    early = await ann.runs("dine vote-out", member=ben.actor)

    assert early.response.content.startswith("Ben was last here 1 minute ago. ")
    assert refusals(world) == [early.response.content]


async def test_a_name_with_markdown_and_mentions_reads_as_typed_in_every_line(world) -> None:
    ann, ben = world.player("Ann"), world.player("Ben")
    nick = f"<@{ann.id}> @everyone **x"
    cal = world.player("Cal", nick=nick)
    game_id = await open_lobby(cal, world)
    lobby = message(world, (await record_of(world, game_id)).board_message_id)
    opened = {f.name: f.value for f in lobby.embeds[0].fields}["What happened"]
    assert f"<@{ann.id}>" not in opened  # no mention chip, no broken bold
    assert "@everyone" not in opened
    assert "\\*\\*x" in opened
    await ann.clicks(lobby, "Join")
    await ben.clicks(message(world, (await record_of(world, game_id)).board_message_id), "Join")
    await cal.clicks(message(world, (await record_of(world, game_id)).board_message_id), "Start")
    await world.env.advance_time(world.bot.settings.dine_idle_minutes * 60 + 60)
    voted = await ann.runs("dine vote-out", member=cal.actor)  # Ben is idle too: Ann's vote suffices
    await world.bot.boards.idle()

    board = message(world, (await record_of(world, game_id)).board_message_id)
    crew = {f.name: f.value for f in board.embeds[0].fields}["Crew"]
    assert "(vacant, played by the crew)" in crew
    assert f"<@{ann.id}>" not in crew.split("\n")[-1]  # the vacant seat's name is text
    assert "@everyone" not in crew
    assert "@everyone" not in voted.response.content
    assert world.take_errors() == []


async def test_anyone_may_end_a_game_whose_whole_crew_left_the_server(world) -> None:
    ann, cal = world.player("Ann"), world.player("Cal")
    await ann.runs("d6 new")
    record = await world.bot.store.active_game(world.channel.id)
    assert record is not None

    early = await cal.runs("d6 abandon")  # the captain is still here: refused
    world.guild.remove_member(ann.actor)
    asked = await cal.runs("d6 abandon")
    done = await cal.clicks(asked.response.message, "Abandon the game")

    assert early.response.content.startswith("Only the captain")
    assert done.response.content == "The game is abandoned; nobody had made a move, so it counts for nobody."
    assert (await record_of(world, record.id)).status == "abandoned"
    assert refusals(world) == [early.response.content]


async def test_a_moderator_ending_a_game_nobody_moved_in_is_told_it_counts_for_nobody(world) -> None:
    """Ended by someone else before any move, a game is nobody's loss: the prompt and the answer say
    so, as the result does."""
    ann = world.player("Ann")
    moderators = world.guild.create_role("moderators", permissions=discord.Permissions(manage_channels=True))
    mod = world.player("Mod", roles=[moderators])
    game_id = await start_game(world, [ann])

    asked = await mod.runs("dine end")
    prompt = asked.response.content  # the click then edits that message
    done = await mod.clicks(asked.response.message, "End the game")

    assert "nobody has made a move, so it counts for nobody." in prompt
    assert done.response.content == "The game is over; nobody had made a move, so it counts for nobody."
    result = await world.bot.store.result(game_id)
    assert result is not None
    assert result.players == ()
