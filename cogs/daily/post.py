"""What the daily shows in public: the opt-in daily post (yesterday's podium and today's challenge, at
a server's chosen hour), its status for the server's managers, and a day's standings."""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

import discord

from core.daily import parse_setup, setup_for
from core.i18n import Locale, mark, t
from core.i18n.commands import Slash
from core.ranking import day_of
from core.registry import GAMES
from core.storage import DailyPost
from core.verify import difficulty_of, verify_pending
from core.words import capitalised, clip

from ..standings import standing_line, title
from ..ui.endings import serves, unknown_channel
from ..ui.errors import lacking, permission_names
from ..ui.language import guild_language
from .attempts import todays_challenge

log = logging.getLogger(__name__)

POST_CHECK_SECONDS = 60
RETRY_HOURS = 1  # a daily post that failed is tried again until this many hours after its own
COLOUR = discord.Colour(0x2E8B57)


POST_PERMISSIONS = ("view_channel", "send_messages", "embed_links")  # the daily post is an embed


def cannot_post_in(channel: object, guild: discord.Guild | None) -> list[str]:
    """The permissions the bot lacks to post the daily in `channel` (none known: none lacking)."""
    if guild is None or not isinstance(channel, discord.abc.GuildChannel):
        return []
    return lacking(channel.permissions_for(guild.me), POST_PERMISSIONS)


async def daily_post_embed(bot: Any, guild_id: int, today: date, locale: Locale = "en") -> discord.Embed:
    """The daily post of a server, in `locale` (the server's language: it is public)."""
    yesterday = today - timedelta(days=1)
    embed = discord.Embed(title=t(locale, "Deep Space daily · {day}", day=today.isoformat()), colour=COLOUR)
    for game in GAMES:
        podium = await bot.store.daily_podium(game, yesterday, guild_id, rank_of=difficulty_of)
        lines = [standing_line(locale, game, standing, setup=False) for standing in podium]
        embed.add_field(
            name=t(locale, "Yesterday's podium · {game}", game=title(game)),
            value=clip("\n".join(lines), 1024) or t(locale, "Nobody here took it."),
            inline=False,
        )
    for game in GAMES:
        challenge = await todays_challenge(bot, game, today)
        setup = parse_setup(game, challenge.setup_json)
        embed.add_field(
            name=t(locale, "Today · {game}", game=title(game)),
            value=t(
                locale,
                "{setup}. Play it with {command}.",
                setup=capitalised(setup.describe(locale)),
                command=Slash(f"daily {game}"),
            ),
            inline=False,
        )
    embed.set_footer(text=t(locale, DAILY_FOOTER))
    return embed


STANDINGS_SHOWN = 10  # lines a game's standings list; the asker's own line is added below when lower


async def standings_embed(
    bot: Any, day: date, guild_id: int | None, user_id: int, locale: Locale = "en", *, today: bool = True
) -> discord.Embed:
    """`/daily standings`: a day's verified ranked attempts at each game, best first, with the day's
    set-up (every attempt played it, so the lines need not say it) and where the asker stands."""
    embed = discord.Embed(title=t(locale, "Daily standings · {day}", day=day.isoformat()), colour=COLOUR)
    for game in GAMES:
        ranked = await bot.store.daily_podium(game, day, guild_id, limit=None, rank_of=difficulty_of)
        lines = [standing_line(locale, game, standing, setup=False) for standing in ranked[:STANDINGS_SHOWN]]
        mine = next((standing for standing in ranked if standing.user_id == user_id), None)
        if mine is not None and mine.rank > STANDINGS_SHOWN:
            lines.append(t(locale, "You: #{rank} of {players}", rank=mine.rank, players=len(ranked)))
        if today:
            setup = parse_setup(game, (await todays_challenge(bot, game, day)).setup_json)
            command = Slash(f"daily {game}")
            nobody = t(locale, NONE_YET[guild_id is not None], command=command)
        else:  # a past day's challenge is read, never made
            past = await bot.store.find_daily_challenge(game, day)
            setup = parse_setup(game, past.setup_json) if past is not None else setup_for(game, day)
            nobody = t(locale, NONE_FINISHED[guild_id is not None])
        embed.add_field(
            name=f"{title(game)} · {setup.describe(locale)}",
            value=clip("\n".join(lines), 1024) or nobody,
            inline=False,
        )
    here = t(locale, SERVER_ONLY) if guild_id is not None else ""
    embed.set_footer(text=" ".join(filter(None, (here, t(locale, DAILY_FOOTER)))))
    return embed


# A server's standings list the attempts played in it, not every attempt of its members (one played on
# another server ranks there, and on everyone's): said where the list is empty and under it, since a
# member who shared an attempt here (`/daily share`) would otherwise look left out.
NONE_YET = {
    False: mark("No ranked attempt has finished yet. Play it with {command}."),
    True: mark("No ranked attempt played in this server has finished yet. Play it with {command}."),
}
NONE_FINISHED = {
    False: mark("No ranked attempt was finished."),
    True: mark("No ranked attempt played in this server was finished."),
}
SERVER_ONLY = mark("Attempts played in this server.")


def post_is_due(post: DailyPost, now: datetime) -> bool:
    """From the chosen hour until the next one ends: a failed send is tried again by the next loops,
    but a channel that keeps failing is not retried all day."""
    return post.hour <= now.hour <= post.hour + RETRY_HOURS


def tries_end(post: DailyPost, day: date) -> datetime:
    """When the hours of trying `day`'s post are over (`post_is_due`; the day's end at the latest)."""
    midnight = datetime.combine(day, time(), tzinfo=UTC)
    return midnight + timedelta(hours=min(post.hour + RETRY_HOURS, 23) + 1)


def missed(post: DailyPost, now: datetime) -> date | None:
    """The last day whose post did not go out, its hours of trying over, if it was due then: a day
    before the post was turned on or moved to its hour is not missed (nor one it was set up unknown)."""
    today = day_of(now)
    due = today if now >= tries_end(post, today) else today - timedelta(days=1)
    if post.last_day is not None and post.last_day >= due:
        return None
    return due if post.since is not None and post.since < tries_end(post, due) else None


async def post_due(bot: Any) -> int:
    """Post in every opted-in server whose hour has come and that has not had today's post.

    Each server's post is claimed in the store before it is sent (`Store.claim_daily_post`), so of two
    loops, two processes serving one server (a restart's overlap, shards on one database) only one
    sends it; the day is marked posted once Discord took the post, and a failed send gives the claim
    back, so a later loop tries again.
    """
    now = discord.utils.utcnow()
    today = day_of(now)
    posted = 0
    bot.daily_unrecorded -= {owed for owed in bot.daily_unrecorded if owed[1] < today}  # days gone by
    for post in await bot.store.daily_posts():
        if not post_is_due(post, now) or (post.last_day is not None and post.last_day >= today):
            continue
        if not serves(bot, post.guild_id):  # the process running that server's shard posts it
            continue
        if (post.guild_id, today) in bot.daily_unrecorded:  # sent: only its record is owed
            await _record(bot, post.guild_id, today)
            continue
        claimed = await bot.store.claim_daily_post(post.guild_id, today, stale_before=now - CLAIM_STALE)
        if claimed is None:
            continue  # turned off, posted, or being posted by another loop or process meanwhile
        if await _send_claimed(bot, post.guild_id, today, claimed):
            posted += 1
    return posted


CLAIM_STALE = timedelta(minutes=15)  # a claim this old was left by a sender that died: taken over


async def _send_claimed(bot: Any, guild_id: int, today: date, claimed: datetime) -> bool:
    """Send a server's claimed daily post; whether it went out (if not, the claim is given back)."""
    sent = False
    try:
        fresh = await bot.store.daily_post(guild_id)  # its channel now (the claim checked it is on)
        if fresh is None or not fresh.on:
            return False
        await verify_pending(bot.store)
        channel = bot.get_partial_messageable(fresh.channel_id, guild_id=guild_id)
        try:
            locale = await guild_language(bot, guild_id)
            await channel.send(embed=await daily_post_embed(bot, guild_id, today, locale))
        except discord.HTTPException as error:
            if unknown_channel(error):  # deleted: every later send would fail too, every day
                await bot.store.set_daily_post(guild_id, None, channel_gone=True)
                log.warning("the daily post's channel in server %s is gone: it is off", guild_id)
                return False
            log.warning("could not post the daily in server %s (tried again soon): %s", guild_id, error)
            return False
        sent = True
        await _record(bot, guild_id, today)
        return True
    finally:
        if not sent:  # also when cancelled or the store failed: a later loop may claim it again
            await _release(bot, guild_id, claimed)


async def _record(bot: Any, guild_id: int, today: date) -> None:
    """Mark a sent post posted. If the store cannot now, the process remembers it was sent and the
    next loop records it instead of sending it again: its claim, left standing, would otherwise go
    stale and let a loop send the day's post a second time."""
    try:
        await bot.store.mark_daily_posted(guild_id, today)
    except Exception as error:
        bot.daily_unrecorded.add((guild_id, today))
        log.warning("the daily post in server %s went out but is not recorded yet (%r)", guild_id, error)
    else:
        bot.daily_unrecorded.discard((guild_id, today))


async def _release(bot: Any, guild_id: int, claimed: datetime) -> None:
    """Give a claim back; if the store cannot (it is unreachable, or closing), the claim lapses once
    stale (`CLAIM_STALE`), and the other servers' posts still go out."""
    try:
        await asyncio.shield(bot.store.release_daily_post(guild_id, claimed))
    except Exception as error:
        log.warning("could not give back the daily post's claim in server %s (%r)", guild_id, error)


async def post_status_text(bot: Any, guild: discord.Guild, now: datetime, locale: Locale) -> str:
    """`/daily post-status`: where and when the daily post goes out in `guild`, when it last did, and
    what stops it now (a failed post is only retried for an hour, and only the log said why)."""
    post = await bot.store.daily_post(guild.id)
    if post is not None and not post.on and post.channel_gone and post.since is not None:
        return t(
            locale,
            "I turned the daily post off on {day} because its channel was deleted; run {command} in "
            "another channel to turn it on again.",
            day=day_of(post.since).isoformat(),
            command=Slash("daily post"),
        )
    if post is None or not post.on:
        return t(
            locale,
            "The daily post is off in this server; {command} turns it on.",
            command=Slash("daily post"),
        )
    lines = [
        t(
            locale,
            "Every day at {hour}:00 UTC I post the daily in {channel}.",
            hour=f"{post.hour:02d}",
            channel=f"<#{post.channel_id}>",
        )
    ]
    if post.last_day is None:
        lines.append(t(locale, "It has not been posted yet."))
    else:
        lines.append(t(locale, "Last posted on {day}.", day=post.last_day.isoformat()))
    channel = guild.get_channel(post.channel_id)
    missing = cannot_post_in(channel, guild)
    if channel is None:
        lines.append(
            t(
                locale,
                "I can't find that channel any more: run {command} in another.",
                command=Slash("daily post"),
            )
        )
    elif missing:
        lines.append(
            t(
                locale,
                "I'm missing {permissions} there, so the post cannot go out. Fix that in the channel's "
                "permissions; I try again each day at the hour.",
                permissions=permission_names(locale, missing),
            )
        )
    if (day := missed(post, now)) is not None:
        lines.append(t(locale, "The post of {day} did not go out.", day=day.isoformat()))
    return "\n".join(lines)


DAILY_FOOTER = mark(
    "One ranked attempt per player per game and day; the same deal for everyone. An attempt counts on its "
    "challenge's day, even if it ends after midnight (UTC)."
)
