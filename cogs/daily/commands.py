"""The `/daily` commands: thin glue from each command to `attempts` and `post`, and `/daily share`."""

from __future__ import annotations

import logging
from datetime import timedelta

import discord
from discord import app_commands
from discord.ext import commands, tasks

from core.errors import RuleError
from core.i18n import lazy, t
from core.i18n.commands import Option, Slash
from core.ranking import day_of
from core.registry import GAMES
from core.registry import game as declaration
from core.share import NONE_TODAY, POSTED, RUNNING, shareable
from core.storage import GameRecord, ResultRecord
from core.verify import verify_pending

from ..client import DeepSpaceBot
from ..standings import SCOPE_CHOICES
from ..ui.bot import bot_of
from ..ui.errors import permission_names
from ..ui.language import reader_language, server_language
from ..ui.replies import reply_publicly, send
from ..ui.share import daily_commands, parent_of, post_summary
from .attempts import THREAD_TYPES, start_daily
from .post import (
    POST_CHECK_SECONDS,
    cannot_post_in,
    post_due,
    post_status_text,
    standings_embed,
)

log = logging.getLogger(__name__)


async def share_today(interaction: discord.Interaction, game: str | None) -> None:
    """`/daily share`: the player's finished ranked attempt of today (of `game`, or the one that ended
    last), posted here; in the attempt's own private thread, in the channel it was opened under. An
    attempt at yesterday's challenge that ended today counts as today's (`core.share.shareable`)."""
    bot = bot_of(interaction)
    store, user = bot.store, interaction.user
    today = day_of(discord.utils.utcnow())
    ended: list[tuple[GameRecord, ResultRecord]] = []
    running = False
    for kind in [game] if game is not None else list(GAMES):
        for day in (today, today - timedelta(days=1)):
            attempt = await store.daily_attempt(kind, day, user.id)
            record = await store.get_game(attempt.game_id) if attempt is not None else None
            result = await store.result(record.id) if record is not None else None
            if record is not None and result is not None and shareable(declaration(kind), result, today):
                ended.append((record, result))
            running |= day == today and record is not None and result is None
    if not ended:
        raise RuleError(lazy(RUNNING) if running else lazy(NONE_TODAY, commands=daily_commands(game)))
    record, result = max(ended, key=lambda pair: pair[1].finished_at)
    here = interaction.channel_id != record.channel_id  # its thread is private: nobody would see it there
    target = interaction.channel_id if here else await parent_of(interaction, record)
    assert target is not None
    if here:
        reply_publicly(interaction)
    async with bot.game_locks(("share", record.id)):
        link = await post_summary(interaction, record, result, target, here=here)
    if not here:
        channel = f"<#{target}>"
        posted = t(await reader_language(interaction), POSTED, channel=channel, link=link)
        await send(interaction, posted, ephemeral=True)


# `/daily standings day`: an attempt played over midnight counts on its challenge's day, so
# yesterday's standings still change after midnight, and the daily post shows only its top three
DAY_CHOICES = [
    app_commands.Choice(name="today", value="today"),
    app_commands.Choice(name="yesterday", value="yesterday"),
]


@app_commands.guild_only()
class Daily(
    commands.GroupCog, group_name="daily", group_description="Today's challenge: the same deal for everyone."
):
    def __init__(self, bot: DeepSpaceBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.post_loop.change_interval(seconds=self.bot.loop_seconds)
        self.post_loop.start()

    async def cog_unload(self) -> None:
        self.post_loop.cancel()

    @tasks.loop(seconds=POST_CHECK_SECONDS)
    async def post_loop(self) -> None:
        try:
            await post_due(self.bot)
        except Exception:
            log.exception("the daily post loop failed; it tries again next minute")

    @post_loop.before_loop
    async def _ready(self) -> None:
        """Not before Discord told the bot its servers: a post sent at start-up (the bot started within
        a server's hour) would not know the server's Discord language, and speak English there."""
        await self.bot.wait_until_ready()

    @app_commands.command(
        name="d6", description="Today's Deep Space D-6 challenge (one ranked attempt a day)."
    )
    @app_commands.describe(practice="Play today's deal again, unranked (after your ranked attempt).")
    async def d6(self, interaction: discord.Interaction, practice: bool = False) -> None:
        await start_daily(interaction, "d6", practice)

    @app_commands.command(
        name="dine", description="Today's Deep Space Dine challenge, solo (one ranked attempt a day)."
    )
    @app_commands.describe(practice="Play today's deal again, unranked (after your ranked attempt).")
    async def dine(self, interaction: discord.Interaction, practice: bool = False) -> None:
        await start_daily(interaction, "dine", practice)

    @app_commands.command(
        name="share", description="Post your finished ranked attempt of today here, without spoilers."
    )
    @app_commands.describe(game="Which game's result (default: the attempt you finished last today).")
    @app_commands.choices(game=[app_commands.Choice(name=g.title, value=kind) for kind, g in GAMES.items()])
    async def share(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await share_today(interaction, game)

    @app_commands.command(
        name="standings", description="Today's challenge (or yesterday's): the best ranked attempts so far."
    )
    @app_commands.describe(
        scope="Attempts played in this server, or everyone's anywhere (default: this server).",
        day="Today's challenge or yesterday's (default: today).",
    )
    @app_commands.choices(scope=SCOPE_CHOICES, day=DAY_CHOICES)
    async def standings(
        self, interaction: discord.Interaction, scope: str = "server", day: str = "today"
    ) -> None:
        await verify_pending(self.bot.store)  # a result finished a moment ago counts at once
        guild_id = interaction.guild_id if scope == "server" else None
        today = day_of(discord.utils.utcnow())
        shown = today if day == "today" else today - timedelta(days=1)
        locale = await server_language(interaction)  # public, as `/leaderboard`
        embed = await standings_embed(
            self.bot, shown, guild_id, interaction.user.id, locale, today=shown == today
        )
        none = discord.AllowedMentions.none()
        await send(interaction, embed=embed, ephemeral=False, allowed_mentions=none)

    @app_commands.command(
        name="post", description="Post yesterday's podium and today's challenge here every day."
    )
    @app_commands.describe(
        channel="Where to post (default: this channel).", hour="At which hour, UTC (0-23)."
    )
    @app_commands.default_permissions(manage_guild=True)
    async def post(
        self,
        interaction: discord.Interaction,
        hour: app_commands.Range[int, 0, 23] = 9,
        channel: discord.TextChannel | None = None,
    ) -> None:
        check_manager(interaction)
        assert interaction.guild_id is not None
        target = channel.id if channel is not None else interaction.channel_id
        assert target is not None
        locale = await reader_language(interaction)
        where = channel if channel is not None else interaction.channel
        mention = f"<#{target}>"
        if getattr(where, "type", None) in THREAD_TYPES:  # a thread closes when idle, a private one hides
            refusal = t(
                locale,
                "I post the daily in a text channel, not in a thread: run this in the channel, or name it "
                "with the {option} option; nothing was changed.",
                option=Option("channel"),
            )
            await send(interaction, refusal, ephemeral=True)
            return
        missing = cannot_post_in(where, interaction.guild)
        if missing:
            refusal = t(
                locale,
                "I can't post in {channel}: I'm missing {permissions} there. Fix that in the channel's "
                "permissions, then run this again; nothing was changed.",
                channel=mention,
                permissions=permission_names(locale, missing),
            )
            await send(interaction, refusal, ephemeral=True)
            return
        await self.bot.store.set_daily_post(interaction.guild_id, target, hour)
        hour_text = f"{hour:02d}"
        done = t(
            locale,
            "Every day at {hour}:00 UTC I'll post the daily in {channel}.",
            hour=hour_text,
            channel=mention,
        )
        await send(interaction, done, ephemeral=True)

    @app_commands.command(
        name="post-status", description="Where and when the daily post goes out here, and whether it can."
    )
    @app_commands.default_permissions(manage_guild=True)
    async def post_status(self, interaction: discord.Interaction) -> None:
        assert interaction.guild is not None  # nothing in it is secret: hidden by default, not refused
        locale = await reader_language(interaction)
        said = await post_status_text(self.bot, interaction.guild, discord.utils.utcnow(), locale)
        await send(interaction, said, ephemeral=True)

    @app_commands.command(name="stop-posting", description="Stop the daily post in this server.")
    @app_commands.default_permissions(manage_guild=True)
    async def stop_posting(self, interaction: discord.Interaction) -> None:
        check_manager(interaction)
        assert interaction.guild_id is not None
        locale = await reader_language(interaction)
        posting = any(p.guild_id == interaction.guild_id for p in await self.bot.store.daily_posts())
        if not posting:
            said = t(locale, "The daily post was not on in this server, so nothing changed.")
            await send(interaction, said, ephemeral=True)
            return
        await self.bot.store.set_daily_post(interaction.guild_id, None)
        said = t(
            locale,
            "The daily post is off in this server; {command} turns it on again.",
            command=Slash("daily post"),
        )
        await send(interaction, said, ephemeral=True)


def check_manager(interaction: discord.Interaction) -> None:
    if not interaction.permissions.manage_guild:
        raise RuleError(lazy("Only someone who may manage this server can start or stop the daily post."))
