"""`/daily`: today's challenge in either game, one ranked attempt each, and the opt-in daily post.

The day's challenge is stored the first time anyone asks for it (seed, set-up, rules version). A
ranked attempt is recorded in the same transaction that creates its game, so abandoning it or a
restart never grants another; later plays that day are unranked practice. A ranked attempt is only
ever played in a private thread made for the player: everyone gets the same deal and the same luck
for the same choices, so an attempt others can watch could be copied. Where no such thread can be
made (the bot lacks Create Private Threads or Send Messages in Threads there, or the command was
used inside a thread or another kind of channel), the attempt is refused, nothing is recorded, and
the player is told which permission is missing. Practice plays the same deal, so it is private too.
A finished ranked attempt may be shared in public without spoilers (`/daily share`, `ui.share`).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands, tasks

from core.daily import parse_setup, playable, rules_version, setup_for
from core.errors import RuleError
from core.i18n import Locale, lazy, mark, say, t
from core.i18n.commands import Command, Slash
from core.ranking import day_of
from core.registry import GAMES
from core.registry import game as declaration
from core.share import NONE_TODAY, POSTED, RUNNING, shareable
from core.storage import ActiveGameExists, AttemptExists, DailyChallenge, DailyPost, GameRecord, ResultRecord
from core.table import Table
from core.verify import verify_pending
from core.words import clip, escaped

from .client import DeepSpaceBot
from .standings import SCOPE_CHOICES, standing_line, title
from .ui.boards import BOARD_PERMISSIONS
from .ui.bot import bot_of
from .ui.endings import serves, still_there, unknown_channel
from .ui.errors import PERMISSION_NAMES, lacking, permission_names
from .ui.games import board_link, saved_anyway
from .ui.language import guild_language, reader_language, server_language
from .ui.message import BoardMessage
from .ui.replies import reply_publicly, send
from .ui.share import FAMILY as SHARE_CONTROLS
from .ui.share import daily_commands, parent_of, post_summary

log = logging.getLogger(__name__)
POST_CHECK_SECONDS = 60
RETRY_HOURS = 1  # a daily post that failed is tried again until this many hours after its own
COLOUR = discord.Colour(0x2E8B57)


@dataclass(frozen=True, slots=True)
class NewGame:
    kind: str
    state_json: str
    draw: Callable[[GameRecord], Awaitable[BoardMessage]]


def _table(user: int, day: date, practice: bool, opening: list[str], locale: Locale) -> Table:
    """A daily game's table: its private thread is read by its player alone, so it speaks theirs."""
    update = {"daily": day.isoformat(), "practice": practice, "language": locale}
    return Table.start(user).model_copy(update=update).with_news(opening)


NO_THREAD = {  # ranked: nothing was recorded, so the attempt is still the player's
    False: mark(
        "Daily games are played in a private thread, so that nobody else sees today's deal; {why}. "
        "Nothing was recorded: today's attempt is still yours."
    ),
    True: mark("Daily games are played in a private thread, so that nobody else sees today's deal; {why}."),
}
# said only where an ordinary game could keep its board up to date (else it is refused as well)
MEANWHILE = mark("Meanwhile, {command} starts an ordinary game here, with a deal of its own.")
OPENING = {
    False: mark("**{player}** takes the daily challenge of {day} (ranked attempt)."),
    True: mark("**{player}** takes the daily challenge of {day} (practice)."),
}


def new_game(
    bot: Any,
    kind: str,
    challenge: DailyChallenge,
    user: discord.abc.User,
    practice: bool,
    locale: Locale = "en",
) -> NewGame:
    """The first state of a daily game and how to draw its board, from the stored challenge; its
    first news lines are in `locale`, the player's: the language of the board in their thread.

    A challenge is dealt under the rules version it was stored with, so everyone plays a day's
    challenge by the same rules even when the bot is updated that day.
    """
    declared = declaration(kind)
    setup = declared.parse_setup(challenge.setup_json)
    opening = [t(locale, OPENING[practice], player=escaped(user.display_name), day=challenge.day.isoformat())]
    state, events = declared.deal(challenge.seed, setup, challenge.rules_version)
    table = _table(user.id, challenge.day, practice, opening + [say(locale, e.text) for e in events], locale)
    saved = declared.solo_saved(table, state, user.display_name, discord.utils.utcnow())
    return NewGame(kind, saved.model_dump_json(), bot.boards.draw)


async def todays_challenge(bot: Any, game: str, day: date) -> DailyChallenge:
    setup = setup_for(game, day)
    return await bot.store.daily_challenge(
        game, day, seed=bot.new_seed(), setup_json=setup.model_dump_json(), rules_version=rules_version(game)
    )


# what the bot needs in a channel to hold a ranked attempt in a private thread (named as Discord does):
# see the channel, open the thread, post and keep the board there (an embed: the thread inherits it)
THREAD_PERMISSIONS = ("view_channel", "create_private_threads", "send_messages_in_threads", "embed_links")
THREAD_TYPES = (
    discord.ChannelType.public_thread,
    discord.ChannelType.private_thread,
    discord.ChannelType.news_thread,
)


class NoPrivateThread(Exception):
    """No private thread can be made for the player here; `why` says why, for the player."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


POST_PERMISSIONS = ("view_channel", "send_messages", "embed_links")  # the daily post is an embed


def _cannot_post_in(channel: object, guild: discord.Guild | None) -> list[str]:
    """The permissions the bot lacks to post the daily in `channel` (none known: none lacking)."""
    if guild is None or not isinstance(channel, discord.abc.GuildChannel):
        return []
    return lacking(channel.permissions_for(guild.me), POST_PERMISSIONS)


def missing_permissions(locale: Locale, permissions: discord.Permissions) -> str:
    """The thread permissions `permissions` lacks, in words ("the **A** and **B** permissions"); all of
    those a thread needs beyond seeing the channel when Discord refused though it reported them."""
    needed = lacking(permissions, THREAD_PERMISSIONS) or THREAD_PERMISSIONS[1:3]
    names = [f"**{t(locale, PERMISSION_NAMES[flag])}**" for flag in needed]
    if len(names) == 1:
        return t(locale, "the {permission} permission", permission=names[0])
    return t(locale, "the {first} and {second} permissions", first=", ".join(names[:-1]), second=names[-1])


async def private_thread(
    interaction: discord.Interaction, name: str, game: str, locale: Locale
) -> discord.Thread:
    """A private thread for the player under this channel; `NoPrivateThread` says why none can be made
    (in `locale`, the player's language)."""
    channel = interaction.channel
    command = Slash(f"daily {game}")
    if getattr(channel, "type", None) in THREAD_TYPES:
        raise NoPrivateThread(
            t(
                locale,
                "I can't open a thread inside a thread: run {command} in a text channel, not inside a thread",
                command=command,
            )
        )
    if isinstance(channel, discord.TextChannel) and channel.is_news():
        raise NoPrivateThread(
            t(
                locale,
                "an announcement channel only has public threads: run {command} in a text channel",
                command=command,
            )
        )
    if not isinstance(channel, discord.TextChannel):
        raise NoPrivateThread(
            t(
                locale,
                "I can only open one in a text channel: run {command} in a text channel",
                command=command,
            )
        )
    permissions = interaction.app_permissions
    refusal = NoPrivateThread(
        t(
            locale,
            "I need {permissions} in this channel to open one. Ask a server manager to give it to me "
            "here, or run {command} in a text channel where I have it",
            permissions=missing_permissions(locale, permissions),
            command=command,
        )
    )
    if lacking(permissions, THREAD_PERMISSIONS):
        raise refusal
    try:
        thread = await channel.create_thread(
            name=name[:100],
            type=discord.ChannelType.private_thread,
            invitable=False,
            auto_archive_duration=1440,
        )
    except discord.Forbidden as error:
        log.info("no private thread in channel %s: %s", channel.id, error)
        raise refusal from None
    except discord.HTTPException as error:
        log.warning("no private thread in channel %s: %s", channel.id, error)
        raise NoPrivateThread(
            t(locale, "Discord did not let me open one just now: try again in a moment")
        ) from None
    try:
        await thread.add_user(interaction.user)
    except discord.HTTPException as error:
        log.info("could not add %s to a new private thread: %s", interaction.user.id, error)
        await remove_thread(thread)
        raise refusal from None
    return thread


async def post_game(
    bot: Any, record: GameRecord, made: NewGame, where: discord.abc.Messageable
) -> GameRecord:
    sent = await where.send(**(await made.draw(record)).as_send())
    await bot.store.set_board_message(record.id, sent.id)
    return record.model_copy(update={"board_message_id": sent.id})


async def start_daily(interaction: discord.Interaction, game: str, practice: bool) -> None:
    """One player's daily start at a time, so two quick commands never open two threads."""
    bot = bot_of(interaction)
    async with bot.game_locks(("daily", interaction.user.id)):
        await _start_daily(interaction, game, practice)


async def _practice_running(bot: Any, kind: str, day: date, user_id: int) -> GameRecord | None:
    """The player's practice of `day`'s deal still in play (one at a time, as the ranked attempt)."""
    for record in await bot.store.active_games(kind):
        if record.owner_id != user_id:
            continue
        table = json.loads(record.state_json).get("table", {})
        if table.get("practice") and table.get("daily") == day.isoformat() and await still_there(bot, record):
            return record
    return None


async def _start_daily(interaction: discord.Interaction, game: str, practice: bool) -> None:
    bot = bot_of(interaction)
    store = bot.store
    user = interaction.user
    locale = await reader_language(interaction)
    day = day_of(discord.utils.utcnow())
    challenge = await todays_challenge(bot, game, day)
    if not playable(game, challenge.rules_version):
        raise RuleError(
            lazy(
                "Today's challenge was made for rules this version of the bot does not play. "
                "Come back tomorrow!"
            )
        )
    attempt = await store.daily_attempt(game, day, user.id)
    taken = await store.get_game(attempt.game_id) if attempt is not None else None
    if taken is not None and taken.status == "active" and not await still_there(bot, taken):
        taken = await store.get_game(taken.id)  # its thread was deleted: ended, so practice is open
    if taken is not None and taken.status == "active":  # no practice either: it would show the deal
        link = board_link(taken)
        raise RuleError(
            lazy(
                "Your ranked attempt at today's challenge is still running: its board is [here]({link}).",
                link=link,
            )
            if link
            else lazy(
                "Your ranked attempt at today's challenge is still running in <#{thread}>: {command} "
                "there shows its board.",
                thread=taken.channel_id,
                command=Slash(f"{taken.kind} board"),
            )
        )
    if attempt is not None and not practice:
        raise RuleError(
            lazy(
                "You already took today's ranked attempt; there is one per day. "
                "To play the same deal again unranked, use {command} with its `{option}` option on.",
                command=Slash(f"daily {game}"),
                option=Command("practice"),
            )
        )
    if attempt is None and practice:
        raise RuleError(
            lazy(
                "Take today's ranked attempt first ({command}); practice comes after it.",
                command=Slash(f"daily {game}"),
            )
        )
    made = new_game(bot, game, challenge, user, practice, locale)
    if practice and (running := await _practice_running(bot, made.kind, day, user.id)):
        link = board_link(running)
        raise RuleError(
            lazy(
                "Your practice of today's challenge is still running: its board is [here]({link}).",
                link=link,
            )
            if link
            else lazy(
                "Your practice of today's challenge is still running in <#{thread}>: {command} there "
                "shows its board.",
                thread=running.channel_id,
                command=Slash(f"{running.kind} board"),
            )
        )
    thread_name = t(
        locale,
        mark("{game} daily {day} · practice · {player}")
        if practice
        else mark("{game} daily {day} · {player}"),
        game=title(game),
        day=day.isoformat(),
        player=user.display_name,
    )
    try:
        thread = await private_thread(interaction, thread_name, game, locale)
    except NoPrivateThread as error:  # in public, anyone could copy the day's luck before their own attempt
        said = t(locale, NO_THREAD[practice], why=error.why)
        free = interaction.channel_id is not None and await store.active_game(interaction.channel_id) is None
        if free and not lacking(interaction.app_permissions, BOARD_PERMISSIONS):
            said += " " + t(locale, MEANWHILE, command=Slash(f"{game} new"))
        raise RuleError(said) from None
    channel_id = thread.id
    try:
        record = await store.create_game(
            kind=made.kind,
            guild_id=interaction.guild_id,
            channel_id=channel_id,
            owner_id=user.id,
            state_json=made.state_json,
            rules_version=challenge.rules_version,
            attempt=None if practice else (game, day),
        )
    except (AttemptExists, ActiveGameExists) as error:
        await remove_thread(thread)
        if isinstance(error, AttemptExists):
            raise RuleError(lazy("You already took today's ranked attempt; there is one per day.")) from None
        raise RuleError(
            lazy("A game is already running there ({link}).", link=board_link(error.existing) or "")
        ) from None
    place = f"<#{channel_id}>"
    try:
        record = await post_game(bot, record, made, thread)
    except discord.HTTPException as error:  # the game is stored (and the attempt taken): say where
        log.warning("daily game %s was created but its board could not be posted: %s", record.id, error)
        raise RuleError(
            lazy(
                "Your game is ready in {place}, but its board could not be shown there: "
                "use {command} in {place}.",
                place=place,
                command=Slash(f"{made.kind} board"),
            )
        ) from None
    setup = parse_setup(game, challenge.setup_json)
    fields = {"game": title(game), "setup": setup.describe(locale), "place": place}
    ready = t(locale, READY[practice], **fields)
    late = t(locale, "{ready} (Discord did not show this answer at first)", ready=ready)
    async with saved_anyway(late):
        await send(interaction, ready, ephemeral=True)


READY = {
    False: mark(
        "Your ranked attempt at today's {game} challenge ({setup}) is ready in your private thread {place}."
    ),
    True: mark(
        "Practice (unranked) at today's {game} challenge ({setup}) is ready in your private thread {place}."
    ),
}


async def remove_thread(thread: discord.Thread) -> None:
    """A thread made for a game that could not start is deleted, not left empty."""
    try:
        await thread.delete()
    except discord.HTTPException as error:
        log.warning("could not delete the unused thread %s: %s", thread.id, error)


# --- sharing a result -----------------------------------------------------------------------------


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


# --- the daily post --------------------------------------------------------------------------------


async def daily_post_embed(bot: Any, guild_id: int, today: date, locale: Locale = "en") -> discord.Embed:
    """The daily post of a server, in `locale` (the server's language: it is public)."""
    yesterday = today - timedelta(days=1)
    embed = discord.Embed(title=t(locale, "Deep Space daily · {day}", day=today.isoformat()), colour=COLOUR)
    for game in GAMES:
        podium = await bot.store.daily_podium(game, yesterday, guild_id)
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
        ranked = await bot.store.daily_podium(game, day, guild_id, limit=None)
        lines = [standing_line(locale, game, standing, setup=False) for standing in ranked[:STANDINGS_SHOWN]]
        mine = next((standing for standing in ranked if standing.user_id == user_id), None)
        if mine is not None and mine.rank > STANDINGS_SHOWN:
            lines.append(t(locale, "You: #{rank} of {players}", rank=mine.rank, players=len(ranked)))
        if today:
            setup = parse_setup(game, (await todays_challenge(bot, game, day)).setup_json)
            command = Slash(f"daily {game}")
            nobody = t(locale, "No ranked attempt has finished yet. Play it with {command}.", command=command)
        else:  # a past day's challenge is read, never made
            past = await bot.store.find_daily_challenge(game, day)
            setup = parse_setup(game, past.setup_json) if past is not None else setup_for(game, day)
            nobody = t(locale, "No ranked attempt was finished.")
        embed.add_field(
            name=f"{title(game)} · {setup.describe(locale)}",
            value=clip("\n".join(lines), 1024) or nobody,
            inline=False,
        )
    embed.set_footer(text=t(locale, DAILY_FOOTER))
    return embed


def capitalised(text: str) -> str:
    """`text` with its first letter a capital (and the rest as it is: names keep theirs)."""
    return text[:1].upper() + text[1:]


def post_is_due(post: DailyPost, now: datetime) -> bool:
    """From the chosen hour until the next one ends: a failed send is tried again by the next loops,
    but a channel that keeps failing is not retried all day."""
    return post.hour <= now.hour <= post.hour + RETRY_HOURS


async def post_due(bot: Any) -> int:
    """Post in every opted-in server whose hour has come and that has not had today's post.

    The day is marked posted only once Discord took the post, so one failed send does not lose it.
    Each server's post is sent under its own lock, after reading its state again, so two loops (or a
    loop and a restart) never both send it.
    """
    now = discord.utils.utcnow()
    today = day_of(now)
    posted = 0
    for post in await bot.store.daily_posts():
        if not post_is_due(post, now) or (post.last_day is not None and post.last_day >= today):
            continue
        if not serves(bot, post.guild_id):  # the process running that server's shard posts it
            continue
        async with bot.game_locks(("daily-post", post.guild_id)):
            fresh = next((p for p in await bot.store.daily_posts() if p.guild_id == post.guild_id), None)
            if fresh is None or (fresh.last_day is not None and fresh.last_day >= today):
                continue  # turned off, or posted by another loop meanwhile
            await verify_pending(bot.store)
            channel = bot.get_partial_messageable(fresh.channel_id, guild_id=fresh.guild_id)
            try:
                locale = await guild_language(bot, fresh.guild_id)
                await channel.send(embed=await daily_post_embed(bot, fresh.guild_id, today, locale))
            except discord.HTTPException as error:
                if unknown_channel(error):  # deleted: every later send would fail too, every day
                    await bot.store.set_daily_post(fresh.guild_id, None)
                    log.warning("the daily post's channel in server %s is gone: it is off", post.guild_id)
                    continue
                log.warning(
                    "could not post the daily in server %s (tried again soon): %s", post.guild_id, error
                )
                continue
            await bot.store.mark_daily_posted(fresh.guild_id, today)
            posted += 1
    return posted


async def post_status_text(bot: Any, guild: discord.Guild, now: datetime, locale: Locale) -> str:
    """`/daily post-status`: where and when the daily post goes out in `guild`, when it last did, and
    what stops it now (a failed post is only retried for an hour, and only the log said why)."""
    post = next((p for p in await bot.store.daily_posts() if p.guild_id == guild.id), None)
    if post is None:
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
    today = day_of(now)
    if post.last_day is None:
        lines.append(t(locale, "It has not been posted yet."))
    else:
        lines.append(t(locale, "Last posted on {day}.", day=post.last_day.isoformat()))
    channel = guild.get_channel(post.channel_id)
    missing = _cannot_post_in(channel, guild)
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
    # the last day whose hours of trying are over (`post_is_due`): today once they are, else yesterday
    due = today if now.hour > min(post.hour + RETRY_HOURS, 23) else today - timedelta(days=1)
    if post.last_day is not None and post.last_day < due:
        lines.append(t(locale, "The post of {day} did not go out.", day=due.isoformat()))
    return "\n".join(lines)


DAILY_FOOTER = mark(
    "One ranked attempt per player per game and day; the same deal for everyone. An attempt counts on its "
    "challenge's day, even if it ends after midnight (UTC)."
)
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
        scope="This server's players or everyone's (default: this server).",
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
                option="`channel`",
            )
            await send(interaction, refusal, ephemeral=True)
            return
        missing = _cannot_post_in(where, interaction.guild)
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


async def setup(bot: DeepSpaceBot) -> None:
    bot.add_dynamic_items(*SHARE_CONTROLS.items())
    await bot.add_cog(Daily(bot))
