"""User stories for `/about` through the real bot in simcord's offline Discord."""

from __future__ import annotations

import re

from core.about import game
from core.version import __version__


async def test_about_tells_what_the_bot_offers_and_how_to_start(world) -> None:
    alice = world.player("alice")
    shown = await alice.runs("about")

    assert not shown.ephemeral  # a public answer others in the channel can read too
    embed = shown.response.embeds[0]
    assert embed.title == "Deep Space"
    assert "daily challenge" in embed.description
    assert "leaderboards" in embed.description
    assert embed.footer.text == f"Deep Space v{__version__}"
    fields = {field.name: field.value for field in embed.fields}
    d6, dine = game("d6"), game("dine")
    # mentions: each reader's Discord shows the command in their own language, and a click fills it in
    assert fields[f"{d6.title} ({d6.players})"] == f"Start with {await world.mention('d6 new')}."
    assert fields[f"{dine.title} ({dine.players})"] == f"Start with {await world.mention('dine new')}."
    assert re.fullmatch(r"Start with </dine new:\d+>\.", fields[f"{dine.title} ({dine.players})"])
    labels = [child["label"] for row in shown.response.components for child in row["components"]]
    assert labels == ["Deep Space Dine in brief", "Deep Space D-6 in brief"]


async def test_a_game_button_shows_its_gist_privately(world) -> None:
    alice, bob = world.player("alice"), world.player("bob")
    shown = await alice.runs("about")

    gist = await bob.clicks(shown.response.message, "Deep Space D-6 in brief")

    assert gist.ephemeral
    embed = gist.response.embeds[0]
    assert embed.title == "Deep Space D-6"
    assert "six crew dice" in embed.description
    assert {f.name: f.value for f in embed.fields}["Players"] == "solo, or a crew sharing the dice"
    assert len(world.channel.history()) == 1  # nothing new in the channel for everyone else


async def test_about_buttons_keep_working_after_a_restart(world) -> None:
    alice = world.player("alice")
    shown = await alice.runs("about")

    await world.restart()
    gist = await alice.clicks(shown.response.message, "Deep Space Dine in brief")

    assert gist.ephemeral
    assert gist.response.embeds[0].title == "Deep Space Dine"


async def test_help_answers_privately_with_the_commands_to_start(world) -> None:
    """A newcomer's first try is /help: the same as /about, only to them, with the commands to click."""
    alice = world.player("alice")
    shown = await alice.runs("help")

    assert shown.ephemeral
    embed = shown.response.embeds[0]
    assert embed.title == "Deep Space"
    fields = {field.name: field.value for field in embed.fields}
    mention = world.mention
    assert fields["Commands"].split("\n") == [
        f"{await mention('dine new')} · {await mention('d6 new')}: start a game in this channel",
        f"{await mention('daily dine')} · {await mention('daily d6')}: today's challenge, the same deal for "
        "everyone",
        f"{await mention('dine rules')} · {await mention('d6 rules')}: the rules in short sections",
        f"{await mention('leaderboard')} · {await mention('stats')}: the standings and a player's record",
    ]
    assert fields["Languages"].startswith("To you: **English**")
    gist = await alice.clicks(shown.response.message, "Deep Space D-6 in brief")
    assert gist.response.embeds[0].title == "Deep Space D-6"
    assert world.channel.history() == []  # nothing in the channel for everyone else


async def test_help_in_a_private_message_says_games_start_in_a_servers_channel(world) -> None:
    dee = world.env.create_user("dee")
    shown = await dee.slash("help")
    world.audit()
    fields = {field.name: field.value for field in shown.response.embeds[0].fields}
    lines = fields["Commands"].split("\n")
    # the game, daily and rules commands are not offered in a private message: said, not offered
    assert lines[0] == "In a server's channels (private messages do not offer them):"
    assert lines[1].startswith("- ")
    assert lines[1].endswith(": start a game in a server's channel")
    assert [line[:2] for line in lines[1:]] == ["- ", "- ", "- ", "</"]  # the last: a command mention
    assert lines[-1].endswith(": the standings and a player's record")
