"""Sharing a ranked daily result, through the real client and simcord: the Share button on the result
in the player's private thread posts the spoiler-free summary in the channel where they asked;
`/daily share` posts it later that day; one post per channel; nothing the next day, nothing for
unranked games. Every request is checked against Discord's schema (`World.audit`)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest

from cogs.client import DeepSpaceBot, create_bot
from cogs.d6.play import load as load_d6
from cogs.ui.share import share_view
from core.d6.state import State
from core.daily import day_number
from core.games.d6 import GAME as D6
from core.ranking import day_of
from core.results import new_result
from core.settings import Settings
from core.storage import GameRecord, ResultRecord, SqliteStore
from core.table import Saved, Table, table_action_json
from tests.support.fake_discord import CALLBACK, FakeDiscord, until_ready
from tests.support.messages import components
from tests.support.postgres import BACKENDS
from tests.support.scenario import Player, World
from tests.test_daily_discord import attempt_record, play_d6_to_the_end, take_daily
from tests.test_share import DEAL_TEXTS

# The simcord scenarios run on both stores; the wire test has a SQLite store of its own.
SCENARIO = [
    pytest.mark.parametrize("database", BACKENDS, indirect=True),
    pytest.mark.simcord(settle_timeout=120),
]
SHARE_PREFIX = "ds:share:s:"


def scenario(test: Any) -> Any:
    for mark in reversed(SCENARIO):
        test = mark(test)
    return test


@pytest.fixture
def customise_bot():
    seeds = iter(range(300, 10_000))

    def fixed(bot) -> None:
        bot.new_seed = lambda: next(seeds)
        bot.board_edit_seconds = 0
        bot.loop_seconds = 3600  # days pass in these tests: the background jobs look hourly

    return fixed


def thread_of(world: World, channel_id: int) -> Any:
    return next(t for t in world.channel.threads if t.id == channel_id)


def result_message(world: World, channel_id: int) -> discord.Message:
    """The finished game's result message in its thread (the last message with an embed)."""
    return [m for m in thread_of(world, channel_id).history() if m.embeds][-1]


def share_buttons(message: discord.Message) -> list[dict[str, Any]]:
    return [c for c in components(message) if c.get("custom_id", "").startswith(SHARE_PREFIX)]


def shares_in(world: World, channel: Any) -> list[discord.Message]:
    return [m for m in channel.history() if "daily #" in (m.content or "")]


def share_posts_sent(world: World, channel_id: int) -> list[Any]:
    path = f"/channels/{channel_id}/messages"
    return [r for r in world.env.http_requests if r.method == "POST" and r.path == path]


async def finished_d6(world: World, player: Player) -> Any:
    await take_daily(player, "d6")
    record = await attempt_record(world, "d6", player)
    return await play_d6_to_the_end(world, player, record.id)


def refusals(world: World) -> int:
    """How many commands were politely refused; anything else the handlers saw fails the test."""
    errors = world.take_errors()
    assert all(type(error.__cause__).__name__ == "RuleError" for error in errors), errors
    return len(errors)


def assert_spoiler_free(text: str) -> None:
    shown = text.casefold()
    assert [name for name in DEAL_TEXTS if name in shown] == []


@scenario
async def test_share_posts_the_result_where_the_player_asked_once_even_after_a_restart(world: World) -> None:
    alice = world.player("Alice")
    record = await finished_d6(world, alice)
    shown = result_message(world, record.channel_id)
    (button,) = share_buttons(shown)
    assert button["label"] == "Share"
    assert not button.get("disabled")
    await world.restart()  # the button outlives the process that drew it

    shared = await alice.clicks(shown, custom_id=button["custom_id"])

    (post,) = shares_in(world, world.channel)
    assert post.content.startswith(f"**Deep Space D-6 daily #1** · <@{alice.id}>\n")
    result = await world.bot.store.result(record.id)
    assert result is not None
    assert f"score {result.score}" in post.content
    assert_spoiler_free(post.content)
    (request,) = share_posts_sent(world, world.channel.id)
    assert request.json["allowed_mentions"] == {"parse": []}  # the mention names Alice, pings nobody
    assert len(request.json["content"]) <= 2000
    note = shared.followups[-1]
    assert note.ephemeral
    assert note.content.startswith(f"Shared in <#{world.channel.id}>: https://discord.com/")
    (done,) = share_buttons(result_message(world, record.channel_id))
    assert done["label"] == "Shared"
    assert done["disabled"]
    later = await alice.runs("daily share")
    assert later.ephemeral
    assert later.response.content.startswith("You already shared this result")
    assert len(shares_in(world, world.channel)) == 1  # once in a channel, whatever is pressed
    assert refusals(world) == 1  # the command's (a click's refusal is answered by the button itself)


@scenario
async def test_daily_share_later_the_same_day_posts_here_and_not_the_next_day(world: World) -> None:
    alice, bob = world.player("Alice"), world.player("Bob")
    running = await take_daily(alice, "d6")
    assert running.ephemeral
    early = await alice.runs("daily share", game="d6")
    assert early.ephemeral
    assert "still running" in early.response.content
    record = await play_d6_to_the_end(world, alice, (await attempt_record(world, "d6", alice)).id)
    lounge = world.guild.create_text_channel("lounge")

    posted = await alice.actor.slash(lounge, "daily share")
    world.audit()

    assert not posted.ephemeral
    assert posted.response.content.startswith(f"**Deep Space D-6 daily #1** · <@{alice.id}>")
    assert posted.response.content == shares_in(world, lounge)[0].content
    assert_spoiler_free(posted.response.content)
    nothing = await bob.runs("daily share")  # Bob has not played: nothing of his to share
    assert nothing.ephemeral
    assert nothing.response.content.startswith("You have no finished ranked attempt")
    daily = [await world.mention(f"daily {kind}") for kind in ("d6", "dine")]
    assert " · ".join(daily) in nothing.response.content

    shown = result_message(world, record.channel_id)
    (button,) = share_buttons(shown)
    moderators = world.guild.create_role("moderators", permissions=discord.Permissions(manage_threads=True))
    mod = world.player("Mod", roles=[moderators])  # sees private threads, but it is not his result
    meddled = await mod.clicks(shown, custom_id=button["custom_id"])
    assert meddled.ephemeral
    assert meddled.response.content == "Only the player who took this ranked attempt can share it."
    await world.env.advance_time(24 * 3600)
    tomorrow = await alice.runs("daily share", game="d6")
    assert tomorrow.ephemeral
    assert tomorrow.response.content.startswith("You have no finished ranked attempt")
    old = await alice.clicks(shown, custom_id=button["custom_id"])
    assert old.ephemeral
    assert old.response.content.startswith("This result is from daily #1")
    assert shares_in(world, world.channel) == []
    assert len(shares_in(world, lounge)) == 1
    assert refusals(world) == 3  # the commands' (a click's refusal is answered by the button itself)


@scenario
async def test_a_given_up_dine_attempt_is_shared_from_its_result(world: World) -> None:
    alice = world.player("Alice")
    await take_daily(alice, "dine")
    record = await attempt_record(world, "dine", alice)
    thread = thread_of(world, record.channel_id)
    asked = await alice.actor.slash(thread, "dine end")
    await alice.clicks(asked.response.message, "End the game")
    shown = result_message(world, record.channel_id)
    assert shown.embeds[0].title == "The delivery failed."
    (button,) = share_buttons(shown)

    inside = await alice.actor.slash(thread, "daily share", game="dine")  # in the private thread:
    world.audit()
    assert inside.ephemeral  # posted where it was asked for, not where nobody else can see it
    (post,) = shares_in(world, world.channel)
    assert post.content.startswith(f"**Deep Space Dine daily #1** · <@{alice.id}>\n🏳️ Gave up after 0 actions")
    assert_spoiler_free(post.content)
    twice = await alice.clicks(shown, custom_id=button["custom_id"])
    assert twice.response.content.startswith("You already shared this result")
    assert refusals(world) == 0


@scenario
async def test_unranked_games_have_no_share_button(world: World) -> None:
    alice = world.player("Alice")
    await finished_d6(world, alice)
    await take_daily(alice, "d6", practice=True)
    practice = next(
        g
        for g in await world.bot.store.active_games("d6")
        if load_d6(g).table.practice and g.owner_id == alice.id
    )
    finished = await play_d6_to_the_end(world, alice, practice.id)
    assert finished.status == "finished"
    assert share_buttons(result_message(world, practice.channel_id)) == []
    lounge = world.guild.create_text_channel("lounge")
    await alice.actor.slash(lounge, "d6 new")
    world.audit()
    ordinary = await world.bot.store.active_game(lounge.id)
    assert ordinary is not None
    board = next(m for m in lounge.history() if m.id == ordinary.board_message_id)
    abandon = await alice.actor.slash(lounge, "d6 abandon")
    world.audit()
    await alice.clicks(
        abandon.response.message, custom_id=components(abandon.response.message)[0]["custom_id"]
    )
    ended = [m for m in lounge.history() if m.embeds and m.id != board.id]
    assert ended
    assert all(share_buttons(m) == [] for m in ended)
    assert world.take_errors() == []


@scenario
async def test_share_says_why_when_the_bot_may_not_post_there(world: World) -> None:
    me = world.guild.me
    assert me is not None
    quiet = world.guild.create_text_channel(
        "quiet",
        overwrites={me: discord.PermissionOverwrite(send_messages=False, send_messages_in_threads=True)},
    )
    alice = world.player("Alice")
    await alice.actor.slash(quiet, "daily d6")
    world.audit()
    record = await attempt_record(world, "d6", alice)
    assert record.channel_id in {t.id for t in quiet.threads}
    await play_d6_to_the_end_in(world, alice, quiet, record.id)
    shown = [m for m in next(t for t in quiet.threads if t.id == record.channel_id).history() if m.embeds][-1]
    (button,) = share_buttons(shown)

    refused = await alice.clicks(shown, custom_id=button["custom_id"])

    assert refused.ephemeral
    assert refused.response.content.startswith(f"I can't post in <#{quiet.id}>")
    assert share_buttons(shown)[0]["label"] == "Share"  # not shared: still there to press
    here = await alice.actor.slash(quiet, "daily share")  # the answer to a command needs no permission
    world.audit()
    assert not here.ephemeral
    assert here.response.content.startswith("**Deep Space D-6 daily #1**")
    assert refusals(world) == 0


@scenario
async def test_a_share_on_a_second_server_links_to_that_server(world: World) -> None:
    alice = world.player("Alice")
    await finished_d6(world, alice)
    other = world.env.create_guild("Second Home")
    lobby = other.create_text_channel("lobby")
    there = other.add_member(alice.actor.user)

    posted = await there.slash(lobby, "daily share")
    world.audit()
    again = await there.slash(lobby, "daily share")
    world.audit()

    assert not posted.ephemeral
    assert again.ephemeral
    link = f"https://discord.com/channels/{other.id}/{lobby.id}/{posted.response.id}"
    assert again.response.content == f"You already shared this result in <#{lobby.id}>: {link}"
    assert refusals(world) == 1


@scenario
async def test_a_share_on_another_server_and_its_standings_say_where_attempts_count(world: World) -> None:
    """A review: Alice's attempt, played on the first server and shared on a second, seemed missing
    from the second's standings ("nobody played", "Not ranked here yet"): they list the attempts
    played there, as the post, the empty text, the footers and the `scope` option now say."""
    alice = world.player("Alice")
    await finished_d6(world, alice)
    other = world.env.create_guild("Second Home")
    lobby = other.create_text_channel("lobby")
    there = other.add_member(alice.actor.user)
    elsewhere = "-# Played in another server, so this server's standings do not list it (everyone's do)."

    posted = await there.slash(lobby, "daily share")
    standings = await there.slash(lobby, "daily standings")
    board = await there.slash(lobby, "leaderboard", game="d6", period="today")
    at_home = await alice.runs("daily share")
    world.audit()

    assert elsewhere in posted.response.content.split("\n")
    assert elsewhere not in at_home.response.content
    d6 = standings.response.embeds[0]
    assert d6.fields[0].value.startswith("No ranked attempt played in this server has finished yet.")
    assert d6.footer.text.startswith("Attempts played in this server. One ranked attempt per player")
    assert board.response.embeds[0].footer.text.startswith("Games played in this server. Each player's best")
    everyone = await there.slash(lobby, "daily standings", scope="global")
    assert f"<@{alice.id}>" in everyone.response.embeds[0].fields[0].value
    assert not everyone.response.embeds[0].footer.text.startswith("Attempts played in this server.")
    assert refusals(world) == 0


async def play_d6_to_the_end_in(world: World, player: Player, channel: Any, game_id: int) -> Any:
    """`play_d6_to_the_end` for a daily thread under another channel than #general."""
    home = world.channel
    world.channel = channel
    try:
        return await play_d6_to_the_end(world, player, game_id)
    finally:
        world.channel = home


# --- over the wire: a double click ----------------------------------------------------------------


@pytest.fixture
async def wired(fake: FakeDiscord, tmp_path) -> AsyncIterator[DeepSpaceBot]:
    db = tmp_path / "deepspace.sqlite3"
    settings = Settings(
        _env_file=None, discord_token=fake.token, database_path=db, dev_guild_id=int(fake.guild_id)
    )
    bot = create_bot(settings, SqliteStore(db))
    runner = asyncio.create_task(bot.start(fake.token))
    try:
        await until_ready(bot, runner)
        await fake.next_request("PUT", rf"/applications/{fake.app_id}/guilds/{fake.guild_id}/commands")
        yield bot
    finally:
        await bot.close()
        await asyncio.wait_for(runner, 10)
    fake.auditor.assert_clean()
    assert fake.unhandled == []


async def given_up_attempt(bot: DeepSpaceBot, fake: FakeDiscord) -> tuple[GameRecord, ResultRecord]:
    """Today's ranked D-6 attempt of the fake's player, given up at once, stored as the bot stores it."""
    today = day_of(discord.utils.utcnow())
    player = int(fake.player["id"])
    challenge = await bot.store.daily_challenge(
        "d6",
        today,
        seed=5,
        setup_json=D6.daily_setup(today).model_dump_json(),
        rules_version=D6.rules_version,
    )
    dealt, _ = D6.deal(challenge.seed, D6.parse_setup(challenge.setup_json), challenge.rules_version)
    table = Table.start(player).model_copy(update={"daily": today.isoformat()})
    record = await bot.store.create_game(
        kind="d6", guild_id=int(fake.guild_id), channel_id=int(fake.channel_id), owner_id=player,
        state_json=Saved[State](table=table, state=dealt).model_dump_json(),
        rules_version=D6.rules_version, attempt=("d6", today),
    )  # fmt: skip
    ended, _ = D6.abandon(dealt)
    record = await bot.store.save(
        record.id, expected_version=0, user_id=player, action_json=table_action_json("abandon"),
        state_json=Saved[State](table=table, state=ended).model_dump_json(), status="abandoned",
        result=new_result(D6, ended, table, (player,), abandoned=True),
    )  # fmt: skip
    result = await bot.store.result(record.id)
    assert result is not None
    return record, result


async def test_a_double_click_on_share_posts_once(fake: FakeDiscord, wired: DeepSpaceBot) -> None:
    """Discord delivers both presses before the bot answers either: one posts, the other is told."""
    record, result = await given_up_attempt(wired, fake)
    view = share_view(record, result)
    assert view is not None
    channel = wired.get_partial_messageable(int(fake.channel_id), guild_id=int(fake.guild_id))
    shown = await channel.send("The result", view=view)  # the result message's Share button
    message = fake.messages[str(shown.id)]
    press = f"{SHARE_PREFIX}{record.id}:{record.version}:"

    first, second = fake.click(message, press), fake.click(message, press)
    await asyncio.gather(fake.send_interaction(first), fake.send_interaction(second))
    answers = [await fake.next_request("POST", CALLBACK) for _ in range(2)]

    kinds = sorted(answer.body["type"] for answer in answers)
    assert kinds == [4, 7]  # one edits the button to "Shared", one answers privately
    refused = next(answer for answer in answers if answer.body["type"] == 4)
    assert refused.body["data"]["content"].startswith("You already shared this result")
    sent = [
        r for r in fake.requests if r.method == "POST" and r.path == f"/channels/{fake.channel_id}/messages"
    ]
    posts = [r for r in sent if "daily #" in r.body["content"]]
    assert len(posts) == 1
    assert (
        posts[0]
        .body["content"]
        .startswith(f"**Deep Space D-6 daily #{day_number(day_of(discord.utils.utcnow()))}**")
    )
