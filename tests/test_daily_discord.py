"""Daily challenges, leaderboards, streaks and the daily post, through the real client and simcord's clock."""

from __future__ import annotations

import asyncio
import json
import re
from datetime import timedelta
from typing import Any

import discord
import pytest
from simcord.backend.models.channel import Overwrite
from simcord.enums import ChannelType, OverwriteType

from cogs.d6.play import load as load_d6
from cogs.daily.post import post_due
from cogs.dine.play import load as load_dine
from core.d6.ai import heuristic as d6_heuristic
from core.d6.codes import encode
from core.render.d6_controls import as_shown
from core.storage import GameRecord
from core.verify import difficulty_of, verify_pending
from tests.support.locales import discord_locales
from tests.support.messages import components
from tests.support.postgres import BACKENDS
from tests.support.scenario import Player, World

# The whole daily flow runs on both stores, end to end through Discord. Advancing the clock by days
# runs the background loops thousands of times, each a real round trip to PostgreSQL: on a busy
# machine that takes longer than simcord's default 5 s to settle.
pytestmark = [
    pytest.mark.parametrize("database", BACKENDS, indirect=True),
    pytest.mark.simcord(settle_timeout=120),
]


@pytest.fixture
def customise_bot():
    seeds = iter(range(100, 10_000))

    def fixed(bot) -> None:
        bot.new_seed = lambda: next(seeds)
        bot.board_edit_seconds = 0
        bot.loop_seconds = 3600  # days pass in these tests: the background jobs look hourly

    return fixed


def channel_denying(world: World, **denied: bool) -> Any:
    """A new text channel whose overwrites deny the bot `denied` (e.g. Create Private Threads)."""
    me = world.guild.me
    assert me is not None
    return world.guild.create_text_channel(
        "no-threads", overwrites={me: discord.PermissionOverwrite(**denied)}
    )


async def take_daily(player: Player, game: str, **options: Any) -> Any:
    result = await player.runs(f"daily {game}", **options)
    assert result.ephemeral, result
    return result


async def attempt_record(world: World, game: str, player: Player) -> GameRecord:
    day = discord.utils.utcnow().date()
    with world.env.time_context():
        day = discord.utils.utcnow().date()
    attempt = await world.bot.store.daily_attempt(game, day, player.id)
    assert attempt is not None
    record = await world.bot.store.get_game(attempt.game_id)
    assert record is not None
    return record


def thread_message(world: World, channel_id: int, message_id: int | None) -> discord.Message:
    thread = next(t for t in world.channel.threads if t.id == channel_id)
    return next(m for m in thread.history() if m.id == message_id)


async def play_d6_to_the_end(world: World, player: Player, game_id: int) -> GameRecord:
    """Press the board's controls (in the player's thread) as the heuristic says, until the game ends."""
    for _ in range(2000):
        record = await world.bot.store.get_game(game_id)
        assert record is not None
        if record.status != "active":
            return record
        state = load_d6(record).state
        action = as_shown(state, d6_heuristic(state).action)
        board = thread_message(world, record.channel_id, record.board_message_id)
        code = encode(action)
        die = getattr(action, "die", None)
        if die is not None and state.pending is None:
            await player.clicks(board, custom_id=f"ds:d6:p:{game_id}:{record.version}:{die}")
            board = thread_message(world, record.channel_id, record.board_message_id)
        for control in components(board):
            if control["type"] == 2 and control["custom_id"].endswith(f":{code}"):
                await player.clicks(board, custom_id=control["custom_id"])
                break
            if control["type"] == 3 and code in [o["value"] for o in control["options"]]:
                await player.picks(board, [code], custom_id=control["custom_id"])
                break
        else:
            raise AssertionError(f"no control offers {action}")
    raise AssertionError("the game did not end")


async def test_two_players_get_the_same_deal_in_private_threads_of_their_own(world: World) -> None:
    alice, bob = world.player("Alice"), world.player("Bob")
    shown = await take_daily(alice, "d6")
    await take_daily(bob, "d6")
    first, second = await attempt_record(world, "d6", alice), await attempt_record(world, "d6", bob)
    assert first.channel_id != second.channel_id
    assert {t.id for t in world.channel.threads} >= {first.channel_id, second.channel_id}
    assert f"<#{first.channel_id}>" in shown.response.content
    assert load_d6(first).state == load_d6(second).state  # the same seed, the same luck
    assert load_d6(first).table.daily == load_d6(second).table.daily
    board = thread_message(world, first.channel_id, first.board_message_id)
    assert board.embeds[0].title.startswith("Deep Space D-6")
    dine_a, dine_b = await take_daily(alice, "dine"), await take_daily(bob, "dine")
    assert dine_a.response.content != dine_b.response.content  # different threads
    a, b = await attempt_record(world, "dine", alice), await attempt_record(world, "dine", bob)
    assert load_dine(a).state == load_dine(b).state
    assert world.take_errors() == []


async def test_a_second_ranked_attempt_is_refused_and_practice_is_unranked(world: World) -> None:
    alice = world.player("Alice")
    await take_daily(alice, "d6")
    record = await attempt_record(world, "d6", alice)
    again = await alice.runs("daily d6")
    assert again.ephemeral
    assert "still running" in again.response.content
    early = await alice.runs("daily d6", practice=True)  # practising now would show the deal
    assert "still running" in early.response.content
    assert len(await world.bot.store.active_games("d6")) == 1
    finished = await play_d6_to_the_end(world, alice, record.id)
    # the end of the attempt, in its own thread, points to this deal's practice, not to a new game
    end_board = thread_message(world, finished.channel_id, finished.board_message_id)
    daily, standings = await world.mention("daily d6"), await world.mention("leaderboard")
    practise = (
        f"Play this deal again, unranked, with {daily} and its `practice` option · the standings: {standings}"
    )
    assert end_board.embeds[0].description.endswith(practise)
    thread = next(t for t in world.channel.threads if t.id == finished.channel_id)
    assert thread.history()[-1].embeds[0].description.endswith(practise)  # the result, posted last
    refused = await alice.runs("daily d6")
    assert refused.response.content.startswith("You already took today's ranked attempt")
    practice = await alice.runs("daily d6", practice=True)
    assert practice.response.content.startswith("Practice (unranked)")
    active = [g for g in await world.bot.store.active_games("d6") if g.owner_id == alice.id]
    assert len(active) == 1
    assert load_d6(active[0]).table.practice
    assert load_d6(active[0]).state == load_d6(record).state  # the same deal as the ranked attempt
    thread = world.bot.get_channel(active[0].channel_id)
    assert thread is not None
    assert " · practice · Alice" in thread.name
    twice = await alice.runs("daily d6", practice=True)  # a second practice pointed to the first
    assert twice.ephemeral
    assert twice.response.content.startswith("Your practice of today's challenge is still running: its board")
    assert [g.id for g in await world.bot.store.active_games("d6") if g.owner_id == alice.id] == [
        active[0].id
    ]
    result = await world.bot.store.result(finished.id)
    assert result is not None
    assert json.loads(result.detail_json)["practice"] is False
    assert world.take_errors() != []  # the refusals were polite RuleErrors


async def test_a_spanish_player_reads_one_set_of_daily_terms(world: World, monkeypatch) -> None:
    """Spanish says "intento clasificado", "desafío" and "sin clasificar" throughout: a running attempt
    was once an "intento puntuable del reto", practice "del reto" and "sin puntuar"."""
    rosa = world.player("Rosa")
    discord_locales(monkeypatch, {rosa.id: "es-ES"})
    said = [(await take_daily(rosa, "d6")).response.content]
    record = await attempt_record(world, "d6", rosa)
    said.append((await rosa.runs("daily d6")).response.content)
    await play_d6_to_the_end(world, rosa, record.id)
    said.append((await rosa.runs("daily d6")).response.content)
    said.append((await take_daily(rosa, "d6", practice=True)).response.content)
    said.append((await rosa.runs("daily d6", practice=True)).response.content)

    assert said[0].startswith("Tu intento clasificado del desafío de hoy de Deep Space D-6 (")
    assert said[1].startswith(
        "Tu intento clasificado del desafío de hoy sigue en curso: su tablero está [aquí]("
    )
    assert said[2].startswith(
        "Ya jugaste el intento clasificado de hoy; hay uno al día. Para jugar el mismo reparto otra vez sin "
        "clasificar, usa "
    )
    assert said[3].startswith("La práctica (sin clasificar) del desafío de hoy de Deep Space D-6 (")
    assert said[4].startswith("Tu práctica del desafío de hoy sigue en curso: su tablero está [aquí](")
    assert not [text for text in said if re.search(r"\breto\b|puntuable|sin puntuar", text)]
    world.take_errors()  # the refusals were polite RuleErrors


async def test_a_restart_in_the_middle_of_an_attempt_continues_it(world: World) -> None:
    alice = world.player("Alice")
    await take_daily(alice, "d6")
    record = await attempt_record(world, "d6", alice)
    board = thread_message(world, record.channel_id, record.board_message_id)
    await alice.clicks(board, custom_id=next(c["custom_id"] for c in components(board) if c["type"] == 2))
    moved = await world.bot.store.get_game(record.id)
    assert moved is not None
    await world.restart()
    refused = await alice.runs("daily d6")
    assert "still running" in refused.response.content
    finished = await play_d6_to_the_end(world, alice, record.id)
    assert finished.status == "finished"
    assert finished.version > moved.version
    assert len(world.take_errors()) == 1  # the polite refusal of a second attempt


async def test_day_rollover_makes_a_new_challenge_and_streaks_count_days(world: World) -> None:
    alice = world.player("Alice")
    for day in range(3):
        await take_daily(alice, "d6")
        record = await attempt_record(world, "d6", alice)
        await play_d6_to_the_end(world, alice, record.id)
        if day < 2:
            await world.env.advance_time(24 * 3600)
    stats = await alice.runs("stats")
    (d6_field,) = [f for f in stats.response.embeds[0].fields if f.name == "Deep Space D-6"]
    assert "Daily streak: **3** (best 3)" in d6_field.value
    assert "3 won" in d6_field.value or "/3 won" in d6_field.value
    await world.env.advance_time(2 * 24 * 3600)  # two days missed
    stats = await alice.runs("stats")
    (d6_field,) = [f for f in stats.response.embeds[0].fields if f.name == "Deep Space D-6"]
    assert "Daily streak: **0** (best 3)" in d6_field.value
    assert world.take_errors() == []
    with world.env.time_context():
        today = discord.utils.utcnow().date()
    seeds = {
        (
            await world.bot.store.daily_challenge(
                "d6", today - timedelta(days=n), seed=0, setup_json="{}", rules_version="x"
            )
        ).seed
        for n in (2, 3, 4)
    }
    assert len(seeds) == 3  # one challenge per day, each its own deal


async def d6_stats_field(player: Player) -> str:
    stats = await player.runs("stats")
    (d6_field,) = [f for f in stats.response.embeds[0].fields if f.name == "Deep Space D-6"]
    return d6_field.value


async def test_an_attempt_played_on_after_midnight_keeps_the_streak_alive(world: World) -> None:
    """Found by a review: yesterday's attempt still running after UTC midnight showed the streak as 0,
    then 2 once finished; it counts on its challenge's day, so it never breaks the run."""
    alice = world.player("Alice")
    await take_daily(alice, "d6")
    await play_d6_to_the_end(world, alice, (await attempt_record(world, "d6", alice)).id)
    with world.env.time_context():
        now = discord.utils.utcnow()
    late = now.replace(hour=23, minute=50, second=0, microsecond=0) + timedelta(days=1)
    await world.env.advance_time((late - now).total_seconds())  # the next day, ten to midnight
    await take_daily(alice, "d6")
    record = await attempt_record(world, "d6", alice)
    await world.env.advance_time(15 * 60)  # five past midnight: that attempt is yesterday's

    assert "Daily streak: **1** (best 1)" in await d6_stats_field(alice)
    await play_d6_to_the_end(world, alice, record.id)
    assert "Daily streak: **2** (best 2)" in await d6_stats_field(alice)
    assert world.take_errors() == []


async def test_an_attempt_finished_after_midnight_points_to_todays_challenge_not_its_practice(
    world: World,
) -> None:
    """Found by a review: yesterday's attempt finished after midnight said "Play this deal again,
    unranked, with /daily d6 and its practice option", which then refused ("Take today's ranked
    attempt first"): practice is of today's deal. It points to today's challenge and the standings of
    the deal's day instead; an attempt finished on its day still offers its practice."""
    alice = world.player("Alice")
    with world.env.time_context():
        now = discord.utils.utcnow()
    late = now.replace(hour=23, minute=50, second=0, microsecond=0)
    await world.env.advance_time((late - now).total_seconds())
    await take_daily(alice, "d6")
    record = await attempt_record(world, "d6", alice)
    await world.env.advance_time(15 * 60)  # five past midnight: the attempt is yesterday's

    finished = await play_d6_to_the_end(world, alice, record.id)

    thread = next(t for t in world.channel.threads if t.id == record.channel_id)
    texts = [e.description or "" for m in thread.history() for e in m.embeds][:2]  # result and board
    daily, standings = await world.mention("daily d6"), await world.mention("daily standings")
    over = (
        f"This deal's day is over (UTC), so it cannot be played again: today's challenge is {daily} · "
        f"this deal's standings: {standings} with `day` yesterday"
    )
    assert len(texts) == 2
    assert all(over in text and "Play this deal again" not in text for text in texts), texts
    assert finished.status == "finished"
    assert world.take_errors() == []


async def test_an_attempt_finished_days_after_its_day_points_only_to_todays_challenge(
    world: World,
) -> None:
    """`/daily standings` offers today and yesterday only, so an attempt finished two days after its
    deal's day does not point to "yesterday" (that is another day's standings): only to today's
    challenge."""
    alice = world.player("Alice")
    await take_daily(alice, "d6")
    record = await attempt_record(world, "d6", alice)
    await world.env.advance_time(2 * 24 * 3600)

    await play_d6_to_the_end(world, alice, record.id)

    thread = next(t for t in world.channel.threads if t.id == record.channel_id)
    texts = [e.description or "" for m in thread.history() for e in m.embeds][:2]  # result and board
    daily = await world.mention("daily d6")
    over = f"This deal's day is over (UTC), so it cannot be played again: today's challenge is {daily}"
    assert len(texts) == 2
    assert all(over in text and "yesterday" not in text for text in texts), texts
    assert world.take_errors() == []


async def test_stats_list_the_difficulties_in_the_games_own_order(world: World) -> None:
    """Found by a review: `/stats` listed them alphabetically by id ("easy; hard; medium")."""
    alice = world.player("Alice")
    for difficulty in ("hard", "easy", "medium"):
        await alice.runs("d6 new", difficulty=difficulty)
        asked = await alice.runs("d6 abandon")
        await alice.clicks(asked.response.message, "Abandon the game")

    field = await d6_stats_field(alice)

    assert "By difficulty: easy 0/1 won (0%); medium 0/1 won (0%); hard 0/1 won (0%)" in field
    assert world.take_errors() == []


async def test_the_leaderboard_ranks_verified_results_and_shows_the_callers_rank(world: World) -> None:
    players = [world.player(name) for name in ("Ann", "Ben", "Cy")]
    for player in players:
        await take_daily(player, "d6")
        record = await attempt_record(world, "d6", player)
        await play_d6_to_the_end(world, player, record.id)
    shown = await players[2].runs("leaderboard", game="d6", period="today", scope="server")
    assert not shown.ephemeral
    embed = shown.response.embeds[0]
    lines = embed.description.splitlines()
    assert len(lines) == 3
    results = []
    for player in players:
        record = await attempt_record(world, "d6", player)
        result = await world.bot.store.result(record.id)
        assert result is not None
        finished = -int(result.finished_at.timestamp())  # the earlier finish (to the second) wins a tie
        results.append((result.outcome == "won", result.score, -result.rounds, finished, -player.id))
    expected = [-pid for *_, pid in sorted(results, reverse=True)]  # a full tie: shared rank, by id
    assert [int(line.split("<@")[1].split(">")[0]) for line in lines] == expected
    you = {f.name: f.value for f in embed.fields}["You"]
    mine = next(r[:4] for r in results if -r[4] == players[2].id)
    better = sum(1 for r in results if r[:4] > mine)  # equal results share a rank
    assert you == f"#{better + 1} of 3, in the list above"  # not their line again
    assert "ranked by a win, then the harder game, then the higher score" in embed.footer.text
    glob = await players[0].runs("leaderboard", game="d6", period="all", scope="global")
    assert len(glob.response.embeds[0].description.splitlines()) == 3
    assert world.take_errors() == []


async def test_the_daily_post_is_refused_for_a_channel_the_bot_cannot_post_in(world: World) -> None:
    """It used to be accepted, and the post then failed there every day without a word."""
    managers = world.guild.create_role("managers", permissions=discord.Permissions(manage_guild=True))
    admin = world.player("Admin", roles=[managers])
    me = world.guild.me
    quiet = world.guild.create_text_channel(
        "quiet", overwrites={me: discord.PermissionOverwrite(send_messages=False, embed_links=False)}
    )
    refused = await admin.runs("daily post", hour=9, channel=quiet)
    assert refused.ephemeral
    assert refused.response.content == (
        f"I can't post in <#{quiet.id}>: I'm missing Send Messages there. Fix that in the"
        " channel's permissions, then run this again; nothing was changed."
    )  # Embed Links reads as missing without Send Messages: it is named once that is given
    plain = world.guild.create_text_channel(
        "plain", overwrites={me: discord.PermissionOverwrite(embed_links=False)}
    )
    unembedded = await admin.runs("daily post", hour=9, channel=plain)
    assert unembedded.response.content.startswith(
        f"I can't post in <#{plain.id}>: I'm missing Embed Links there."
    )
    hidden = world.guild.create_text_channel(
        "hidden", overwrites={me: discord.PermissionOverwrite(view_channel=False)}
    )
    unseen = await admin.runs("daily post", hour=9, channel=hidden)
    assert unseen.response.content.startswith(
        f"I can't post in <#{hidden.id}>: I'm missing View Channels there."
    )  # not the permissions that follow from it
    assert await world.bot.store.daily_posts() == []
    world.env.backend.delete_overwrite(quiet.id, me.id)
    done = await admin.runs("daily post", hour=9, channel=quiet)
    assert done.response.content == f"Every day at 09:00 UTC I'll post the daily in <#{quiet.id}>."
    assert len(await world.bot.store.daily_posts()) == 1


async def test_the_daily_post_shows_yesterdays_podium_and_todays_challenge(world: World) -> None:
    managers = world.guild.create_role("managers", permissions=discord.Permissions(manage_guild=True))
    admin = world.player("Admin", roles=[managers])
    alice = world.player("Alice")
    refused = await alice.runs("daily post", hour=10)
    assert refused.ephemeral
    assert "manage this server" in refused.response.content
    assert await world.bot.store.daily_posts() == []
    done = await admin.runs("daily post", hour=10)
    assert "10:00 UTC" in done.response.content
    await take_daily(alice, "d6")
    record = await attempt_record(world, "d6", alice)
    await play_d6_to_the_end(world, alice, record.id)
    with world.env.time_context():
        now = discord.utils.utcnow()
    tomorrow = now.date() + timedelta(days=1)
    await world.env.advance_time((24 - now.hour + 9) * 3600 - now.minute * 60)  # tomorrow, 09:00
    assert await post_due(world.bot) == 0  # not the hour yet
    await world.env.advance_time(3600)
    await post_due(world.bot)  # whether the hourly loop or this call posts, it is posted once
    titles = [m.embeds[0].title for m in world.channel.history() if m.embeds]
    assert titles.count(f"Deep Space daily · {now.date().isoformat()}") == 1  # yesterday at 10:00
    assert titles.count(f"Deep Space daily · {tomorrow.isoformat()}") == 1
    daily = [
        m for m in world.channel.history() if m.embeds and m.embeds[0].title.endswith(tomorrow.isoformat())
    ]
    fields = {f.name: f.value for f in daily[0].embeds[0].fields}
    assert f"<@{alice.id}>" in fields["Yesterday's podium · Deep Space D-6"]
    assert f"Play it with {await world.mention('daily dine')}" in fields["Today · Deep Space Dine"]
    assert await post_due(world.bot) == 0  # once a day
    assert len(world.take_errors()) == 1  # Alice may not set the post up


def daily_posts_sent(world: World) -> list[Any]:
    """The daily post's send requests in #general, whether Discord took them or not."""
    path = f"/channels/{world.channel.id}/messages"
    return [r for r in world.env.http_requests if r.method == "POST" and r.path == path]


async def test_a_daily_post_discord_refused_is_sent_by_a_later_loop_within_the_hour(world: World) -> None:
    managers = world.guild.create_role("managers", permissions=discord.Permissions(manage_guild=True))
    admin = world.player("Admin", roles=[managers])
    await admin.runs("daily post", hour=10)
    with world.env.time_context():
        today = discord.utils.utcnow().date()
    title = f"Deep Space daily · {today.isoformat()}"
    world.env.inject_error("POST", f"/channels/{world.channel.id}/messages", status=500, times=1)

    await world.env.advance_time(10 * 3600 + 60)  # the hourly loop tried at 10:00; Discord refused
    assert len(daily_posts_sent(world)) == 1
    assert [m for m in world.channel.history() if m.embeds] == []
    assert (await world.bot.store.daily_posts())[0].last_day is None  # not marked: not sent

    await world.env.advance_time(3600)  # 11:00: the next loop sends it
    titles = [m.embeds[0].title for m in world.channel.history() if m.embeds]
    assert titles == [title]
    assert (await world.bot.store.daily_posts())[0].last_day == today
    await world.env.advance_time(3 * 3600)
    assert len(daily_posts_sent(world)) == 2  # once refused, once sent, never again that day


async def test_a_daily_post_that_keeps_failing_is_not_retried_all_day(world: World) -> None:
    managers = world.guild.create_role("managers", permissions=discord.Permissions(manage_guild=True))
    admin = world.player("Admin", roles=[managers])
    await admin.runs("daily post", hour=10)
    world.env.inject_error("POST", f"/channels/{world.channel.id}/messages", status=403, times=None)

    await world.env.advance_time(20 * 3600)  # 20:00
    assert len(daily_posts_sent(world)) == 2  # at 10:00 and 11:00, then no more
    assert (await world.bot.store.daily_posts())[0].last_day is None


async def test_two_loops_at_once_send_the_daily_post_once(world: World) -> None:
    managers = world.guild.create_role("managers", permissions=discord.Permissions(manage_guild=True))
    admin = world.player("Admin", roles=[managers])
    with world.env.time_context():
        hour = discord.utils.utcnow().hour
    await admin.runs("daily post", hour=hour)

    sent = await asyncio.gather(post_due(world.bot), post_due(world.bot))

    assert sorted(sent) == [0, 1]
    assert len([m for m in world.channel.history() if m.embeds]) == 1


@pytest.mark.parametrize(
    ("denied", "named"),
    [
        ({"create_private_threads": False}, "Create Private Threads"),
        # without View Channels the thread permissions read as missing too, but granting them would
        # not help: only what a manager must give is named
        ({"view_channel": False}, "View Channels"),
    ],
)
async def test_a_ranked_attempt_is_refused_where_no_private_thread_can_be_made(
    world: World, denied: dict[str, bool], named: str
) -> None:
    closed = channel_denying(world, **denied)
    alice = world.player("Alice")

    refused = await alice.actor.slash(closed, "daily d6")
    world.audit()

    assert refused.ephemeral
    assert f"I need the **{named}** permission in this channel to open one." in refused.response.content
    for other in ("Create Private Threads", "Send Messages in Threads", "View Channels", "Embed Links"):
        if other != named:
            assert other not in refused.response.content  # only what is missing
    assert "Nothing was recorded" in refused.response.content
    # an ordinary game is suggested only where its board could be kept: without View Channels or Embed
    # Links `/d6 new` is refused too (and an ordinary game is not "unranked": it counts on /leaderboard)
    meanwhile = (
        f"Meanwhile, {await world.mention('d6 new')} starts an ordinary game here, with a deal of its own."
    )
    assert (meanwhile in refused.response.content) == (named not in ("View Channels", "Embed Links"))
    assert "unranked" not in refused.response.content
    assert closed.history() == []  # nobody saw the deal
    assert closed.threads == []
    assert await attempt_or_none(world, "d6", alice) is None
    assert await world.bot.store.active_games() == []
    await take_daily(alice, "d6")  # the attempt is still hers, where a private thread can be made
    record = await attempt_record(world, "d6", alice)
    assert record.channel_id in {t.id for t in world.channel.threads}
    assert [type(e.__cause__).__name__ for e in world.take_errors()] == ["RuleError"]


async def test_no_ordinary_game_is_suggested_where_one_is_already_running(world: World) -> None:
    closed = channel_denying(world, create_private_threads=False)
    alice, bob = world.player("Alice"), world.player("Bob")
    await bob.actor.slash(closed, "d6 new")  # Bob's ordinary game here: a second would be refused

    refused = await alice.actor.slash(closed, "daily d6")
    world.audit()

    assert "Nothing was recorded" in refused.response.content
    assert "Meanwhile" not in refused.response.content
    world.take_errors()


async def test_a_ranked_attempt_is_refused_inside_a_members_thread(world: World) -> None:
    alice = world.player("Alice")
    made = world.env.backend.create_thread(world.channel.id, "chat", alice.id, type=ChannelType.PUBLIC_THREAD)
    await world.env.settle()
    thread = next(t for t in world.channel.threads if t.id == made.id)

    refused = await alice.actor.slash(thread, "daily d6")
    world.audit()

    assert refused.ephemeral
    assert "not inside a thread" in refused.response.content
    assert await attempt_or_none(world, "d6", alice) is None
    assert len(await world.bot.store.active_games("d6")) == 0
    assert len(world.channel.threads) == 1
    assert [type(e.__cause__).__name__ for e in world.take_errors()] == ["RuleError"]


async def test_practice_and_the_other_games_attempt_start_from_inside_a_daily_thread(world: World) -> None:
    """A review: a finished attempt's board says to play the deal again with `/daily d6` and its
    `practice` option, but run there, in the attempt's thread, it was refused (a thread cannot hold a
    thread). From a daily thread the new private thread opens under the thread's own channel."""
    alice = world.player("Alice")
    await take_daily(alice, "d6")
    ranked = await play_d6_to_the_end(world, alice, (await attempt_record(world, "d6", alice)).id)
    thread = next(t for t in world.channel.threads if t.id == ranked.channel_id)
    assert (
        "its `practice` option"
        in thread_message(world, thread.id, ranked.board_message_id).embeds[0].description
    )

    practice = await alice.actor.slash(thread, "daily d6", practice=True)
    other = await alice.actor.slash(thread, "daily dine")
    world.audit()

    assert practice.ephemeral
    assert other.ephemeral
    assert practice.response.content.startswith("Practice (unranked) at today's Deep Space D-6 challenge")
    assert other.response.content.startswith("Your ranked attempt at today's Deep Space Dine challenge")
    games = {(r.kind, r.id != ranked.id): r.channel_id for r in await world.bot.store.active_games()}
    assert set(games) == {("d6", True), ("dine", True)}
    assert {t.id for t in world.channel.threads} == {thread.id, *games.values()}  # under #general
    assert world.take_errors() == []


async def test_giving_up_a_ranked_attempt_says_it_is_todays_only_one(world: World) -> None:
    """Found by a review: the prompt said only "counts as a loss", and the retry was then refused."""
    alice = world.player("Alice")
    for game, command in (("d6", "d6 abandon"), ("dine", "dine end")):
        await take_daily(alice, game)
        record = await attempt_record(world, game, alice)
        thread = next(t for t in world.channel.threads if t.id == record.channel_id)
        asked = await alice.actor.slash(thread, command)
        world.audit()
        assert asked.ephemeral
        assert asked.response.content.endswith(
            "This is a ranked daily attempt: there is one a day, so it cannot be taken again (practice is"
            " unranked)."
        )
    plain = world.guild.create_text_channel("plain")
    await alice.actor.slash(plain, "d6 new")
    asked = await alice.actor.slash(plain, "d6 abandon")
    assert "ranked attempt" not in asked.response.content  # an ordinary game is not one


async def test_practice_is_private_too_as_it_plays_the_same_deal(world: World) -> None:
    closed = channel_denying(world, create_private_threads=False)
    alice, bob = world.player("Alice"), world.player("Bob")
    await take_daily(alice, "d6")
    await play_d6_to_the_end(world, alice, (await attempt_record(world, "d6", alice)).id)

    refused = await alice.actor.slash(closed, "daily d6", practice=True)
    world.audit()

    assert refused.ephemeral
    assert "**Create Private Threads**" in refused.response.content
    assert closed.history() == []  # bob, who has not played today, saw nothing of the deal
    assert await world.bot.store.active_games() == []
    assert await attempt_or_none(world, "d6", bob) is None
    assert [type(e.__cause__).__name__ for e in world.take_errors()] == ["RuleError"]


async def attempt_or_none(world: World, game: str, player: Player) -> Any:
    with world.env.time_context():
        day = discord.utils.utcnow().date()
    return await world.bot.store.daily_attempt(game, day, player.id)


async def test_a_challenge_stored_under_older_rules_is_played_verified_and_ranked_under_them(
    world: World,
) -> None:
    """On the day of a rules update, the day's challenge was already stored under rules d6-1: every
    player still plays it under d6-1 (the same deal and the same rules for all), and the result is
    verified by replay under d6-1 and ranked."""
    alice = world.player("Alice")
    with world.env.time_context():
        today = discord.utils.utcnow().date()
    setup = json.dumps({"difficulty": "medium", "length": "full"})
    await world.bot.store.daily_challenge("d6", today, seed=36, setup_json=setup, rules_version="d6-1")
    shown = await take_daily(alice, "d6")
    assert shown.response.content.startswith("Your ranked attempt")
    record = await attempt_record(world, "d6", alice)
    assert record.rules_version == load_d6(record).state.rules_version == "d6-1"
    finished = await play_d6_to_the_end(world, alice, record.id)
    assert load_d6(finished).state.rules_version == "d6-1"
    result = await world.bot.store.result(record.id)
    assert result is not None
    assert json.loads(result.detail_json)["rules_version"] == "d6-1"
    await verify_pending(world.bot.store)
    assert [
        s.game_id for s in await world.bot.store.daily_podium("d6", today, None, rank_of=difficulty_of)
    ] == [record.id]
    assert world.take_errors() == []


async def test_a_challenge_stored_under_rules_this_bot_does_not_play_is_refused_politely(
    world: World,
) -> None:
    alice = world.player("Alice")
    with world.env.time_context():
        today = discord.utils.utcnow().date()
    setup = json.dumps({"difficulty": "medium", "length": "full"})
    await world.bot.store.daily_challenge("d6", today, seed=36, setup_json=setup, rules_version="d6-9")
    refused = await alice.runs("daily d6")
    assert refused.ephemeral
    assert "does not play" in refused.response.content
    assert await world.bot.store.active_games("d6") == []
    assert all("RuleError" in str(error) for error in world.take_errors())  # a refusal, not a crash


async def test_the_daily_post_status_says_where_when_and_what_stops_it(world: World) -> None:
    """A post that starts failing (a moderator took Send Messages away) was only logged: the server's
    managers could not tell it was on, where, or why nothing came."""
    managers = world.guild.create_role("managers", permissions=discord.Permissions(manage_guild=True))
    admin = world.player("Admin", roles=[managers])
    off = await admin.runs("daily post-status")
    assert off.ephemeral
    turn_on = await world.mention("daily post")
    assert off.response.content == f"The daily post is off in this server; {turn_on} turns it on."
    await admin.runs("daily post", hour=10)
    with world.env.time_context():
        today = discord.utils.utcnow().date()
    said = (await admin.runs("daily post-status")).response.content
    assert said == (
        f"Every day at 10:00 UTC I post the daily in <#{world.channel.id}>.\nIt has not been posted yet."
    )

    await world.env.advance_time(10 * 3600 + 60)  # posted at 10:00
    said = (await admin.runs("daily post-status")).response.content
    assert said.endswith(f"\nLast posted on {today.isoformat()}.")

    me = world.guild.me
    assert me is not None
    denied = discord.Permissions(send_messages=True).value
    world.env.backend.set_overwrite(
        world.channel.id, Overwrite(target_id=me.id, type=OverwriteType.MEMBER, deny=denied)
    )
    await world.env.advance_time(26 * 3600)  # the next day's 10:00 and 11:00 are refused; now 12:01
    said = (await alice_of(world).runs("daily post-status")).response.content
    assert said == (
        f"Every day at 10:00 UTC I post the daily in <#{world.channel.id}>.\n"
        f"Last posted on {today.isoformat()}.\n"
        "I'm missing Send Messages there, so the post cannot go out. Fix that in the channel's "
        "permissions; I try again each day at the hour.\n"
        f"The post of {(today + timedelta(days=1)).isoformat()} did not go out."
    )
    assert (await world.bot.store.daily_posts())[0].last_day == today
    await admin.runs("daily post", hour=23)  # the last hour of the day: its miss shows the next day
    await world.env.advance_time(12 * 3600)  # 00:01, two days on: the 23:00 post was refused
    said = (await admin.runs("daily post-status")).response.content
    assert said.endswith(f"The post of {(today + timedelta(days=1)).isoformat()} did not go out.")
    world.take_errors()


def alice_of(world: World) -> Player:
    """A member who does not manage the server: Discord hides the command from her by default, but
    nothing in the answer is secret, so a client that shows it gets the same answer."""
    return world.player("Alice")


async def test_stopping_the_daily_post_says_whether_it_was_on(world: World) -> None:
    managers = world.guild.create_role("managers", permissions=discord.Permissions(manage_guild=True))
    admin, alice = world.player("Admin", roles=[managers]), world.player("Alice")
    never = await admin.runs("daily stop-posting")
    assert never.response.content == "The daily post was not on in this server, so nothing changed."
    await admin.runs("daily post", hour=9)
    assert [p.guild_id for p in await world.bot.store.daily_posts()] == [world.guild.id]
    refused = await alice.runs("daily stop-posting")  # Discord hides it from her; a stale client may not
    assert (
        refused.response.content
        == "Only someone who may manage this server can start or stop the daily post."
    )
    assert [p.guild_id for p in await world.bot.store.daily_posts()] == [world.guild.id]
    stopped = await admin.runs("daily stop-posting")
    assert stopped.ephemeral
    again = await world.mention("daily post")
    assert stopped.response.content == f"The daily post is off in this server; {again} turns it on again."
    assert await world.bot.store.daily_posts() == []
    assert [type(e.__cause__).__name__ for e in world.take_errors()] == ["RuleError"]


async def test_a_game_command_run_outside_the_daily_thread_points_to_it(world: World) -> None:
    """`/dine hint` in the channel while the asker's daily attempt plays in its thread: the refusal
    links that game's board rather than suggesting a new game."""
    alice, bob = world.player("Alice"), world.player("Bob")
    await take_daily(alice, "dine")
    record = await attempt_record(world, "dine", alice)
    asked = await alice.runs("dine hint")
    assert asked.ephemeral
    link = f"https://discord.com/channels/{world.guild.id}/{record.channel_id}/{record.board_message_id}"
    assert asked.response.content == (
        f"There is no Deep Space Dine game in this channel. Your game is [here]({link}): run this there."
    )
    other = await bob.runs("dine hint")  # someone with no game of their own is told how to start one
    assert other.response.content.startswith("There is no Deep Space Dine game in this channel. Start one")
    assert [type(e.__cause__).__name__ for e in world.take_errors()] == ["RuleError"] * 2


async def test_a_ranked_attempt_gives_no_hints_and_its_practice_does(world: World) -> None:
    """Everyone ranks on the same deal played alone: the ranked attempt has no Hint button and refuses
    `/d6 hint` and `/dine hint`; the practice of the same deal gives them."""
    alice = world.player("Alice")
    await take_daily(alice, "d6")
    record = await attempt_record(world, "d6", alice)
    thread = next(t for t in world.channel.threads if t.id == record.channel_id)
    board = thread_message(world, record.channel_id, record.board_message_id)
    assert [c for c in components(board) if c.get("label") == "Hint"] == []
    refused = await alice.actor.slash(thread, "d6 hint")
    world.audit()
    daily = await world.mention("daily d6")
    assert refused.ephemeral
    assert refused.response.content == (
        "Hints are off in a ranked daily attempt: everyone plays today's deal unaided. Once it is over, "
        f"play the same deal again with {daily} and its `practice` option, and ask for hints there."
    )
    await take_daily(alice, "dine")
    dine = await attempt_record(world, "dine", alice)
    dine_thread = next(t for t in world.channel.threads if t.id == dine.channel_id)
    dine_refused = await alice.actor.slash(dine_thread, "dine hint")
    world.audit()
    assert dine_refused.response.content.startswith("Hints are off in a ranked daily attempt")
    assert await world.mention("daily dine") in dine_refused.response.content
    assert [type(e.__cause__).__name__ for e in world.take_errors()] == ["RuleError"] * 2

    await play_d6_to_the_end(world, alice, record.id)
    await alice.runs("daily d6", practice=True)
    practice = next(
        g for g in await world.bot.store.active_games("d6") if g.owner_id == alice.id and g.id != record.id
    )
    practice_thread = next(t for t in world.channel.threads if t.id == practice.channel_id)
    practice_board = thread_message(world, practice.channel_id, practice.board_message_id)
    assert [c["label"] for c in components(practice_board) if c.get("label") == "Hint"] == ["Hint"]
    hinted = await alice.actor.slash(practice_thread, "d6 hint")
    world.audit()
    assert hinted.ephemeral
    assert hinted.response.content.startswith("**Suggestion:**")
    assert len(world.take_errors()) == 2  # the two refusals above, nothing since


async def test_a_server_leaderboard_asked_outside_a_server_says_it_shows_everyones(world: World) -> None:
    dee = world.env.create_user("dee")
    asked = await dee.slash("leaderboard", scope="server")
    world.audit()
    plain = await dee.slash("leaderboard")
    world.audit()
    shown = "Showing Deep Space Dine: no game has finished here or by you yet."  # no game was chosen
    assert asked.response.content.splitlines() == [
        f"{shown} For Deep Space D-6, choose it in the command's `game` option.",
        "Outside a server there is only everyone's board: here it is.",
    ]
    assert asked.response.embeds[0].title.endswith("everyone")
    assert plain.response.content.startswith(shown)
    assert "Outside a server" not in plain.response.content  # nothing was asked that it could not give
    assert world.take_errors() == []


async def test_a_daily_post_whose_channel_was_deleted_is_turned_off(world: World, monkeypatch) -> None:
    """Not a failed send every minute of the post's hours, every day, for ever. Its status then says
    why it is off, and since when (found by a review: it only said the post was off)."""
    managers = world.guild.create_role("managers", permissions=discord.Permissions(manage_guild=True))
    admin = world.player("Admin", roles=[managers])
    hans, rosa = world.player("Hans", roles=[managers]), world.player("Rosa", roles=[managers])
    discord_locales(monkeypatch, {hans.id: "de", rosa.id: "es-ES"})
    news = world.guild.create_text_channel("news")
    await admin.runs("daily post", hour=10, channel=news)
    world.env.backend.delete_channel(news.id)
    await world.env.settle()

    await world.env.advance_time(12 * 3600)
    assert await world.bot.store.daily_posts() == []
    tries = [
        r for r in world.env.http_requests if r.method == "POST" and r.path == f"/channels/{news.id}/messages"
    ]
    assert len(tries) == 1
    with world.env.time_context():
        today = discord.utils.utcnow().date().isoformat()
    await world.env.advance_time(24 * 3600)  # said on a later day too: the day it was turned off
    said = await admin.runs("daily post-status")
    assert said.ephemeral
    assert said.response.content == (
        f"I turned the daily post off on {today} because its channel was deleted; run "
        f"{await world.mention('daily post')} in another channel to turn it on again."
    )
    german = (await hans.runs("daily post-status")).response.content
    assert german.startswith(
        f"Ich habe den täglichen Beitrag am {today} ausgeschaltet, weil sein Kanal gelöscht"
    )
    spanish = (await rosa.runs("daily post-status")).response.content
    assert spanish.startswith(f"Desactivé la publicación diaria el {today} porque se eliminó su canal")
    await admin.runs("daily post", hour=10)  # on again, here: no longer "turned off"
    said = await admin.runs("daily post-status")
    assert said.response.content.startswith(
        f"Every day at 10:00 UTC I post the daily in <#{world.channel.id}>."
    )
    await admin.runs("daily stop-posting")  # a manager's stop is the plain "off"
    said = await admin.runs("daily post-status")
    assert said.response.content.startswith("The daily post is off in this server;")
    assert len(world.take_errors()) == 0


async def advance_to(world: World, days: int, hour: int, minute: int = 0) -> None:
    """Move simcord's clock to `hour`:`minute` UTC, `days` days after today."""
    with world.env.time_context():
        now = discord.utils.utcnow()
    then = now.replace(hour=hour, minute=minute, second=0, microsecond=0) + timedelta(days=days)
    await world.env.advance_time((then - now).total_seconds())


async def test_a_post_that_was_off_or_at_another_hour_is_not_reported_missed(world: World) -> None:
    """Found by a review: after the post was switched off for days, or moved to an hour already past,
    its status said the day's post "did not go out", though none was due."""
    managers = world.guild.create_role("managers", permissions=discord.Permissions(manage_guild=True))
    admin = world.player("Admin", roles=[managers])
    await admin.runs("daily post", hour=9)
    with world.env.time_context():
        first = discord.utils.utcnow().date()
    await advance_to(world, 0, 9, 2)  # posted at 09:00
    await admin.runs("daily stop-posting")
    await advance_to(world, 3, 15, 2)  # three days off; today's 09:00 is past
    where = f"Every day at 09:00 UTC I post the daily in <#{world.channel.id}>."
    posted = f"Last posted on {first.isoformat()}."

    await admin.runs("daily post", hour=9)
    assert (await admin.runs("daily post-status")).response.content == f"{where}\n{posted}"
    await admin.runs("daily post", hour=8)  # moved to an hour already past: not due today either
    said = (await admin.runs("daily post-status")).response.content
    assert said == f"Every day at 08:00 UTC I post the daily in <#{world.channel.id}>.\n{posted}"

    me = world.guild.me
    assert me is not None
    denied = discord.Permissions(send_messages=True).value
    world.env.backend.set_overwrite(
        world.channel.id, Overwrite(target_id=me.id, type=OverwriteType.MEMBER, deny=denied)
    )
    await advance_to(world, 1, 10, 1)  # the next day's 08:00 and 09:00 are refused
    missed = f"The post of {(first + timedelta(days=4)).isoformat()} did not go out."
    assert (await admin.runs("daily post-status")).response.content.endswith(missed)
    lounge = world.guild.create_text_channel("lounge")
    await admin.runs("daily post", hour=8, channel=lounge)  # another channel, the same hour: still missed
    assert (await admin.runs("daily post-status")).response.content.endswith(missed)
    assert world.take_errors() == []


@pytest.mark.parametrize(
    ("locale", "told"),
    [
        (
            "en-US",
            "I post the daily in a text channel, not in a thread: run this in the channel, or name it with "
            "the `channel` option; nothing was changed.",
        ),
        (  # the option as a German client shows it (a review found the English name in German refusals)
            "de",
            "Ich poste die Tages-Herausforderung in einem Textkanal, nicht in einem Thread: führe den Befehl "
            "im Kanal aus oder nenne ihn mit der Option `kanal`; es wurde nichts geändert.",
        ),
    ],
)
async def test_the_daily_post_is_not_set_inside_a_thread(
    world: World, monkeypatch, locale: str, told: str
) -> None:
    """A thread closes when idle (a private one is seen by its members only): the post would never
    reach the server. The manager is told where to run it, and nothing is stored."""
    managers = world.guild.create_role("managers", permissions=discord.Permissions(manage_guild=True))
    admin = world.player("Admin", roles=[managers])
    discord_locales(monkeypatch, {admin.id: locale})
    await take_daily(admin, "d6")
    thread = next(iter(world.channel.threads))  # the manager's own daily thread

    refused = await admin.actor.slash(thread, "daily post", hour=9)
    world.audit()

    assert refused.ephemeral
    assert refused.response.content == told
    assert await world.bot.store.daily_posts() == []
    await admin.runs("daily post", hour=9, channel=world.channel)  # named, from anywhere: accepted
    assert [p.channel_id for p in await world.bot.store.daily_posts()] == [world.channel.id]


async def test_a_ranked_attempt_in_an_announcement_channel_says_why_it_cannot_be_there(world: World) -> None:
    """An announcement channel has public threads only: retrying would never help."""
    world.channel = world.guild.create_news_channel("announcements")
    alice = world.player("Alice")

    refused = await alice.runs("daily d6")

    assert refused.ephemeral
    assert "an announcement channel only has public threads: run" in refused.response.content
    assert "Nothing was recorded: today's attempt is still yours." in refused.response.content
    assert await attempt_or_none(world, "d6", alice) is None
    world.take_errors()


async def test_daily_standings_rank_todays_finished_attempts_at_once(world: World) -> None:
    """`/daily standings`: today's ranked attempts, best first, for this server (or everyone), verified
    the moment they are asked for; a game not yet finished is not there."""
    alice, bob, carol = world.player("Alice"), world.player("Bob"), world.player("Carol")
    for player in (alice, bob):
        await take_daily(player, "d6")
        await play_d6_to_the_end(world, player, (await attempt_record(world, "d6", player)).id)
    await take_daily(carol, "d6")  # still playing

    shown = await carol.runs("daily standings")
    world.audit()

    assert not shown.ephemeral
    embed = shown.response.embeds[0]
    with world.env.time_context():
        today = discord.utils.utcnow().date()
    assert embed.title == f"Daily standings · {today.isoformat()}"
    fields = {f.name.split(" · ")[0]: f.value for f in embed.fields}
    d6_lines = fields["Deep Space D-6"].splitlines()
    results = {
        player.id: await world.bot.store.result((await attempt_record(world, "d6", player)).id)
        for player in (alice, bob)
    }

    def best_first(user: int) -> tuple[bool, int]:
        result = results[user]
        assert result is not None
        return result.outcome == "won", result.score

    order = sorted(results, key=best_first, reverse=True)
    assert [line.split("<@")[1].split(">")[0] for line in d6_lines] == [str(user) for user in order]
    assert all("(" not in line.split("—")[1].split(",")[0] for line in d6_lines)  # one deal: no set-up
    assert f"<@{carol.id}>" not in fields["Deep Space D-6"]
    assert fields["Deep Space Dine"].startswith(
        "No ranked attempt played in this server has finished yet. Play it with "
    )
    everyone = await carol.runs("daily standings", scope="global")
    assert everyone.response.embeds[0].fields[0].value == embed.fields[0].value  # one server here
    assert "even if it ends after midnight" in (embed.footer.text or "")

    # the next day: yesterday's standings can still be looked up (Carol's attempt may yet finish)
    await world.env.advance_time(24 * 3600)
    await play_d6_to_the_end(world, carol, (await attempt_record_of_day(world, "d6", carol, today)).id)
    fresh = (await carol.runs("daily standings")).response.embeds[0]
    assert fresh.fields[0].value.startswith("No ranked attempt played in this server has finished yet.")
    yesterday = (await carol.runs("daily standings", day="yesterday")).response.embeds[0]
    assert yesterday.title == f"Daily standings · {today.isoformat()}"
    assert f"<@{carol.id}>" in yesterday.fields[0].value  # finished after midnight: counts on its day
    assert {f"<@{alice.id}>", f"<@{bob.id}>"} <= set(re.findall(r"<@\d+>", yesterday.fields[0].value))
    nobody = "No ranked attempt played in this server was finished."
    assert yesterday.fields[1].value == nobody  # nobody played Dine
    assert world.take_errors() == []


async def attempt_record_of_day(world: World, game: str, player: Player, day: Any) -> GameRecord:
    attempt = await world.bot.store.daily_attempt(game, day, player.id)
    assert attempt is not None
    record = await world.bot.store.get_game(attempt.game_id)
    assert record is not None
    return record


async def test_an_attempt_whose_board_was_never_shown_is_pointed_to_when_asked_again(world: World) -> None:
    """Discord refused the board in the new thread: asked again, the player is told where the game is
    and how to show its board, not only that it is still running."""
    alice = world.player("Alice")
    world.env.inject_error("POST", "/channels/*/messages", status=500, times=1)
    await alice.runs("daily d6")
    record = await attempt_record(world, "d6", alice)
    assert record.board_message_id is None

    again = await alice.runs("daily d6")

    assert again.ephemeral
    command = await world.mention("d6 board")
    assert again.response.content == (
        f"Your ranked attempt at today's challenge is still running in <#{record.channel_id}>: {command} "
        "there shows its board."
    )
    world.take_errors()


async def test_a_player_who_left_the_server_of_their_attempt_can_give_it_up_from_another(
    world: World,
) -> None:
    """A review: Alice left the server where her ranked attempt runs; `/daily d6` in another server
    pointed her to a board she can no longer open, and nothing let her end it, so no practice all day.
    She is told where it is, and a button gives it up as `/d6 abandon` would: her ranked loss."""
    alice, bob = world.player("Alice"), world.player("Bob")
    other = world.env.create_guild("Second Server")
    lounge = other.create_text_channel("lounge")
    await world.env.settle()
    there = Player(world, other.add_member(alice.actor.user))
    bob_there = Player(world, other.add_member(bob.actor.user))
    await world.env.settle()
    await take_daily(alice, "d6")
    await take_daily(bob, "d6")
    attempt = await attempt_record(world, "d6", alice)
    world.guild.remove_member(alice.actor)
    await world.env.settle()

    stayed = await bob_there.actor.slash(lounge, "daily d6", practice=True)  # Bob is still in #general's
    assert stayed.response.content.startswith("Your ranked attempt at today's challenge is still running:")
    offered = await there.actor.slash(lounge, "daily d6", practice=True)
    world.audit()
    assert offered.ephemeral
    assert offered.response.content.startswith(
        "Your ranked attempt at today's Deep Space D-6 challenge is still running, in a server you are no "
        "longer in"
    )
    assert await world.bot.store.get_game(attempt.id) == attempt  # nothing changes before the click
    twice = await there.actor.slash(lounge, "daily d6")  # the ranked command offers it as well

    given_up = await there.clicks(offered.response.message, "Give up the attempt")
    assert given_up.response.content.startswith("Your ranked attempt is over and counts as a loss.")
    ended = await world.bot.store.get_game(attempt.id)
    assert ended is not None
    assert ended.status == "abandoned"
    # its player gave it up: the crew did abandon ship, unlike a game the bot ends unplayed
    assert json.loads(ended.state_json)["state"]["loss_reason"] == "The crew abandoned ship."
    result = await world.bot.store.result(attempt.id)
    assert result is not None
    assert result.outcome == "lost"
    assert result.players == (alice.id,)
    assert components(given_up.response.message) == []  # the button went with the offer
    await world.env.settle()
    board = thread_message(world, attempt.channel_id, attempt.board_message_id).embeds[0]
    assert "The game ended: its player gave it up, having left the server." in str(board.fields)
    again = await there.clicks(twice.response.message, "Give up the attempt")
    assert again.response.content.startswith("That attempt is over already, so nothing was done.")
    practice = await there.actor.slash(lounge, "daily d6", practice=True)
    assert practice.response.content.startswith("Practice (unranked) at today's Deep Space D-6 challenge")
    assert [type(e.__cause__).__name__ for e in world.take_errors()] == ["RuleError"]  # Bob's refusal
