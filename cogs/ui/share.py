"""Sharing a finished ranked daily attempt in public: its Share button, and the post (`core.share`).

The result of a ranked attempt shows in the player's private thread with a **Share** button, which
posts the spoiler-free summary in the channel where they asked for the challenge (the thread's
parent); `/daily share` (`cogs.daily`) posts it later that day in the channel where it is used. A
result is shared at most once in each channel: a second press or command there is refused with a
link to the first post (a double click must not post twice, and nobody wants the same result twice
in one channel), while another channel, say on another server, may have it too. What was shared
where is kept with the player's preferences (`shared:<game>:<channel>` → the post's id), so the
rule holds after a restart. Every sentence comes from `core.share`: the post and the button in the
server's language (both public), the answers in the reader's.
"""

from __future__ import annotations

import logging
from datetime import date

import discord

from core.daily import day_number
from core.errors import RuleError
from core.i18n import Locale, lazy, mark, t
from core.i18n.commands import Slash
from core.ranking import day_of
from core.registry import GAMES
from core.registry import game as declaration
from core.share import (
    ALREADY,
    BUTTON,
    BUTTON_SHARED,
    FAILED,
    NO_CHANNEL,
    NONE_TODAY,
    NOT_YOURS,
    OTHER_DAY,
    POSTED,
    shareable,
    shared_day,
    summary,
)
from core.storage import GameRecord, ResultRecord

from .bot import bot_of
from .controls import Family, Ref
from .games import message_link, saved_anyway
from .language import reader_language, record_language, server_language
from .replies import send, update

log = logging.getLogger(__name__)
SHARE = "s"  # the button's verb: ds:share:s:<game>:<version>:
FAMILY = Family(
    "share",
    verbs=SHARE,
    menu_verbs="",
    outdated=mark("That control is from an older version of the bot. Use {command} to share your result."),
    outdated_command="daily share",
)


def share_view(
    record: GameRecord, result: ResultRecord | None, locale: Locale = "en"
) -> discord.ui.View | None:
    """The Share button of a finished game's result message; None unless it is a ranked daily attempt."""
    if result is None or shared_day(declaration(record.kind), result) is None:
        return None
    return _view(record, locale, shared=False)


def _view(record: GameRecord, locale: Locale, *, shared: bool) -> discord.ui.View:
    """The Share button, or once pressed the same button greyed out as "Shared" (in the language of
    the public result message it sits on)."""
    label = t(locale, BUTTON_SHARED if shared else BUTTON)
    style = discord.ButtonStyle.secondary if shared else discord.ButtonStyle.primary
    ref = FAMILY.ref(SHARE, record.id, record.version)
    view = discord.ui.View(timeout=None)
    view.add_item(FAMILY.Button(ref, label=label, style=style, disabled=shared, emoji="📣"))
    return view


def _key(record: GameRecord, channel_id: int) -> str:
    return f"shared:{record.id}:{channel_id}"


async def finished_attempt(interaction: discord.Interaction, game_id: int) -> tuple[GameRecord, ResultRecord]:
    """The clicker's own finished ranked attempt behind a Share button, or a polite refusal."""
    store = bot_of(interaction).store
    record = await store.get_game(game_id)
    result = await store.result(game_id) if record is not None else None
    if record is None or result is None or shared_day(declaration(record.kind), result) is None:
        raise RuleError(lazy(NONE_TODAY, commands=daily_commands()))
    if record.owner_id != interaction.user.id:
        raise RuleError(lazy(NOT_YOURS))
    return record, result


class DailyCommands:
    """The `/daily` commands that start today's challenges, mentioned (`Slash`)."""

    def __init__(self, kinds: list[str]) -> None:
        self.kinds = kinds

    def say(self, locale: Locale) -> str:
        return " · ".join(Slash(f"daily {kind}").say(locale) for kind in self.kinds)


def daily_commands(kind: str | None = None) -> DailyCommands:
    """The `/daily` commands that start today's challenges (of one game, or of each)."""
    return DailyCommands([kind] if kind is not None else list(GAMES))


def check_day(record: GameRecord, result: ResultRecord, today: date) -> None:
    """Refuse a result that is no longer today's to share (`core.share.shareable`)."""
    game = declaration(record.kind)
    day = shared_day(game, result)
    if day is not None and not shareable(game, result, today):
        raise RuleError(lazy(OTHER_DAY, number=day_number(day), command=Slash(f"daily {record.kind}")))


async def parent_of(interaction: discord.Interaction, record: GameRecord) -> int:
    """The channel a daily attempt's private thread was opened under: where its player asked."""
    bot = bot_of(interaction)
    channel = bot.get_channel(record.channel_id)
    if channel is None:
        try:
            channel = await bot.fetch_channel(record.channel_id)
        except discord.HTTPException as error:
            log.info("could not look up the thread of game %s: %s", record.id, error)
    parent = getattr(channel, "parent_id", None)
    return parent if isinstance(parent, int) else record.channel_id


async def share_clicked(interaction: discord.Interaction, ref: Ref, _: str) -> None:
    """The Share button: post the summary in the channel the attempt's thread was opened under."""
    bot = bot_of(interaction)
    async with bot.game_locks(("share", ref.game)):  # a double click waits, then finds it shared
        record, result = await finished_attempt(interaction, ref.game)
        check_day(record, result, day_of(discord.utils.utcnow()))
        target = await parent_of(interaction, record)
        link = await post_summary(interaction, record, result, target, here=False)
        channel = f"<#{target}>"
        posted = t(await reader_language(interaction), POSTED, channel=channel, link=link)
        async with saved_anyway(posted):  # shared, even if Discord fails to grey the button out
            await update(interaction, view=_view(record, await record_language(bot, record), shared=True))
            await send(interaction, posted, ephemeral=True)


async def post_summary(
    interaction: discord.Interaction, record: GameRecord, result: ResultRecord, target: int, *, here: bool
) -> str:
    """Post the summary in channel `target` (`here`: as the public answer to this interaction, which
    needs no permission there) once; returns the post's link. Call it under the share lock.

    `target` is the interaction's channel or its parent, so it is in the interaction's server, which
    need not be the attempt's: a result may be shared on every server its player is on."""
    bot = bot_of(interaction)
    store, user, guild = bot.store, interaction.user, interaction.guild_id
    posted = (await store.preferences("user", user.id)).get(_key(record, target))
    mention = f"<#{target}>"
    if posted is not None:
        raise RuleError(lazy(ALREADY, channel=mention, link=_link(guild, target, posted)))
    log_entries = [entry.action_json for entry in await store.actions(record.id)]
    locale = await server_language(interaction)  # the post is public, in this server
    elsewhere = record.guild_id not in (None, guild)  # this server's standings do not list it
    text = summary(
        record.kind, record.state_json, log_entries, result, f"<@{user.id}>", locale, elsewhere=elsewhere
    )
    quiet = discord.AllowedMentions.none()
    if here:
        message = await send(interaction, text, ephemeral=False, allowed_mentions=quiet)
    else:
        channel = bot.get_partial_messageable(target, guild_id=guild)
        try:
            message = await channel.send(text, allowed_mentions=quiet)
        except (discord.Forbidden, discord.NotFound) as error:
            log.info("could not share game %s in channel %s: %s", record.id, target, error)
            raise RuleError(lazy(NO_CHANNEL, channel=mention, command=Slash("daily share"))) from None
        except discord.HTTPException as error:
            log.warning("could not share game %s in channel %s: %s", record.id, target, error)
            raise RuleError(lazy(FAILED)) from None
    posted = str(message.id) if message is not None else ""  # not echoed back: shown, not linkable
    await store.set_preference("user", user.id, _key(record, target), posted)
    return _link(guild, target, posted)


def _link(guild_id: int | None, channel_id: int, posted: str) -> str:
    """A link to a share post in `channel_id` of server `guild_id` (the channel's mention, if Discord
    did not say which message it is)."""
    return message_link(guild_id, channel_id, int(posted)) if posted else f"<#{channel_id}>"


FAMILY.handlers[SHARE] = share_clicked
