"""Opening a game in a channel and (re-)posting its board: the same steps for every game.

A game's board is drawn by its cog (`Draw`: the stored record → a `BoardMessage`); these helpers
send it, remember it as the game's board, and let an older board point to the new one.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

import discord

from core.errors import RuleError
from core.i18n import lazy, t
from core.i18n.commands import Slash
from core.storage import ActiveGameExists, GameRecord

from .bot import bot_of
from .errors import lacking, permission_names
from .games import (
    BOARD_MOVED,
    ELSEWHERE,
    RULES_BY_KIND,
    GameRules,
    board_link,
    edit_board,
    game_in_channel,
    where_board_is,
)
from .language import reader_language, record_language
from .message import BoardMessage
from .replies import send

log = logging.getLogger(__name__)
Draw = Callable[[GameRecord], Awaitable[BoardMessage]]
# What the bot needs in a channel to keep a board up to date outside a click's answer (a move made in
# a private view edits the board with the bot's own token): to see the channel, and to show an embed.
# Without Send Messages or Attach Files a board is edited in place (`refresh`), so those are not needed.
BOARD_PERMISSIONS = ("view_channel", "embed_links")


def already_running(record: GameRecord, rules: GameRules, *, in_thread: bool = False) -> RuleError:
    """The refusal of a second game in a channel: where the running one is, and the ways on (a
    forgotten game must not block the channel for good; a thread suggests no thread in it)."""
    running = RULES_BY_KIND.get(record.kind, rules)
    where = where_board_is(record, running)
    said = lazy(running.running, where=where, end=Slash(running.end.removeprefix("/")))
    return RuleError(lazy("{refusal} {elsewhere}", refusal=said, elsewhere=lazy(ELSEWHERE[in_thread])))


async def post_board(interaction: discord.Interaction, record: GameRecord, draw: Draw) -> GameRecord:
    """Send the board as this interaction's public answer and remember it as the game's board."""
    sent = await send(interaction, **(await draw(record)).as_send(), ephemeral=False)
    if sent is not None:
        store = bot_of(interaction).store
        await store.set_board_message(record.id, sent.id, version=record.version)
        record = record.model_copy(update={"board_message_id": sent.id})
    return record


async def open_game(
    interaction: discord.Interaction, rules: GameRules, state_json: str, rules_version: str, draw: Draw
) -> GameRecord:
    """Store a new game in this channel (one at a time) and post its board as the public answer."""
    store = bot_of(interaction).store
    assert interaction.channel_id is not None
    try:
        record = await store.create_game(
            kind=rules.kind,
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            owner_id=interaction.user.id,
            state_json=state_json,
            rules_version=rules_version,
        )
    except ActiveGameExists as error:
        raise already_running(error.existing, rules, in_thread=from_thread(interaction)) from None
    try:
        return await post_board(interaction, record, draw)
    except discord.HTTPException as error:
        log.warning("game %s was created but its board could not be posted: %s", record.id, error)
        raise RuleError(
            lazy(
                "Your game was created, but its board could not be shown. Use {command}.",
                command=Slash(rules.board.removeprefix("/")),
            )
        ) from None


async def check_board_permissions(interaction: discord.Interaction, rules: GameRules) -> None:
    """Refuse, before anything is stored, a game whose board the bot could not keep up to date in
    this channel: Discord shows the opening answer anyway, so the crew would learn it only from a
    board that stops following their moves."""
    if await _outside_private_thread(interaction):
        raise RuleError(
            lazy(
                "I'm not in this private thread, so I could not keep a game board up to date here. Add "
                "me to the thread (mention me in it), then run {command} again, or start the game in a "
                "channel. Nothing was started.",
                command=Slash(rules.start.removeprefix("/")),
            )
        )
    missing = lacking(interaction.app_permissions, BOARD_PERMISSIONS)
    if not missing:
        return
    locale = await reader_language(interaction)
    raise RuleError(
        t(
            locale,
            "I can't keep a game board up to date in this channel: I'm missing {permissions} here. Ask "
            "someone who manages this server to give me that in this channel's permissions, then run "
            "{command} again. Nothing was started.",
            permissions=permission_names(locale, missing),
            command=Slash(rules.start.removeprefix("/")),
        )
    )


async def _outside_private_thread(interaction: discord.Interaction) -> bool:
    """Whether this is a private thread the bot is not a member of and may not manage. Its channel
    permissions read as granted there, yet every edit of the board outside a click's own answer is
    refused; Discord says so only when asked, so a thread whose membership is not known is asked."""
    thread = interaction.channel
    if not isinstance(thread, discord.Thread) or thread.type is not discord.ChannelType.private_thread:
        return False
    me = interaction.client.user
    if me is None or thread.me is not None or interaction.app_permissions.manage_threads:
        return False
    try:
        await thread.fetch_member(me.id)
    except (discord.NotFound, discord.Forbidden):
        return True
    except discord.HTTPException as error:  # not known: the game may start, as it always could
        log.info("could not ask whether I am in thread %s: %s", thread.id, error)
    return False


def from_thread(interaction: discord.Interaction) -> bool:
    """Whether the command came from a thread (a forum post is one too)."""
    return isinstance(interaction.channel, discord.Thread)


async def check_channel_free(interaction: discord.Interaction, rules: GameRules) -> None:
    assert interaction.channel_id is not None
    existing = await bot_of(interaction).store.active_game(interaction.channel_id)
    if existing is not None:
        raise already_running(existing, rules, in_thread=from_thread(interaction))


async def repost_board(interaction: discord.Interaction, rules: GameRules, draw: Draw) -> None:
    """`/<game> board`: post the board again at the bottom; the old one points to it."""
    bot = bot_of(interaction)
    record = await game_in_channel(interaction, rules)
    async with bot.game_locks(record.id):
        old = await game_in_channel(interaction, rules)
        new = await post_board(interaction, old, draw)
    if old.board_message_id not in (None, new.board_message_id):
        moved = t(await record_language(bot, old), BOARD_MOVED, link=board_link(new))
        await edit_board(bot, old, content=moved, embeds=[], attachments=[], view=None)
