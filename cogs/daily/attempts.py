"""Starting a daily game: today's challenge, dealt from its stored seed under its stored rules version,
in a private thread made for the player (a ranked attempt, or practice after it).

A ranked attempt is recorded in the same transaction that creates its game, so abandoning it or a
restart never grants another. Where no private thread can be made, nothing is recorded and the
player is told why (which permission is missing, or which channel to use instead).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import date
from typing import Any

import discord

from core.daily import parse_setup, playable, rules_version, setup_for
from core.errors import RuleError
from core.i18n import Locale, lazy, mark, say, t
from core.i18n.commands import Command, Slash
from core.ranking import day_of
from core.registry import game as declaration
from core.storage import ActiveGameExists, AttemptExists, DailyChallenge, GameRecord
from core.table import Table
from core.words import escaped

from ..standings import title
from ..ui.boards import BOARD_PERMISSIONS
from ..ui.bot import bot_of
from ..ui.endings import still_there
from ..ui.errors import PERMISSION_NAMES, lacking
from ..ui.games import board_link, saved_anyway
from ..ui.language import reader_language
from ..ui.message import BoardMessage
from ..ui.replies import send
from .give_up import left_its_server, offer_to_give_up

log = logging.getLogger(__name__)


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


def missing_permissions(locale: Locale, permissions: discord.Permissions) -> str:
    """The thread permissions `permissions` lacks, in words ("the **A** and **B** permissions"); all of
    those a thread needs beyond seeing the channel when Discord refused though it reported them."""
    needed = lacking(permissions, THREAD_PERMISSIONS) or THREAD_PERMISSIONS[1:3]
    names = [f"**{t(locale, PERMISSION_NAMES[flag])}**" for flag in needed]
    if len(names) == 1:
        return t(locale, "the {permission} permission", permission=names[0])
    return t(locale, "the {first} and {second} permissions", first=", ".join(names[:-1]), second=names[-1])


def _thread_home(interaction: discord.Interaction) -> Any:
    """Where the player's new private thread goes: this channel, or, when the command is run in a
    daily thread (a private thread the bot made: it makes none other), that thread's text channel.
    A finished attempt's board offers the same deal's practice there, and a thread cannot hold a
    thread. Threads have no permissions of their own, so the interaction's are the parent's."""
    channel = interaction.channel
    me = bot_of(interaction).user
    if (
        isinstance(channel, discord.Thread)
        and channel.type is discord.ChannelType.private_thread
        and me is not None
        and channel.owner_id == me.id
        and isinstance(channel.parent, discord.TextChannel)
    ):
        return channel.parent
    return channel


async def private_thread(
    interaction: discord.Interaction, name: str, game: str, locale: Locale
) -> discord.Thread:
    """A private thread for the player under this channel (under its parent, from a daily thread:
    `_thread_home`); `NoPrivateThread` says why none can be made (in `locale`, the player's language)."""
    channel = _thread_home(interaction)
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
    if taken is not None and taken.status == "active" and await left_its_server(interaction, taken):
        await offer_to_give_up(interaction, taken)  # else nothing lets them play it, nor practise
        return
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
