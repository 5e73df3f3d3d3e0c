"""Giving up a ranked daily attempt from another server, after leaving the one where it runs.

A running ranked attempt keeps its player from practice all day (practice would show the deal). Its
board is in a private thread of the server where it started; a player who left that server (or was
removed) can neither play it on nor end it there, so `/daily` elsewhere offers to give it up: a
button that ends it as `/d6 abandon` or `/dine end` would, a ranked loss for them, after which
practice opens. The bot knows only by asking Discord whether they are still a member (it runs
without the members intent, `ui.members`), which it does only when the attempt is in another server.
"""

from __future__ import annotations

import discord

from core.errors import RuleError
from core.i18n import lazy, mark, t
from core.i18n.commands import Command, Slash
from core.registry import game as declaration
from core.storage import GameRecord

from ..ui.bot import bot_of
from ..ui.controls import Family, Ref, confirm_message
from ..ui.endings import end_abandoned
from ..ui.language import reader_language
from ..ui.members import member_of
from ..ui.replies import send, update

GIVE_UP = "g"  # the button's verb: ds:attempt:g:<game>:<version>:
FAMILY = Family(
    "attempt",
    verbs=GIVE_UP,
    menu_verbs="",
    outdated=mark("That control is from an older version of the bot. Use {command} again."),
    outdated_command="daily d6",
)
OFFER = mark(
    "Your ranked attempt at today's {game} challenge is still running, in a server you are no longer in, "
    "so you can no longer play it there. You can give it up from here: it ends now and counts as a loss "
    "(it is today's one ranked attempt), and practice opens. To keep it, dismiss this message."
)
WHY = mark("its player gave it up, having left the server")
ENDED = mark("Your ranked attempt is over and counts as a loss.")
OVER_ALREADY = mark("That attempt is over already, so nothing was done.")
PRACTICE = mark("Play the same deal again, unranked, with {command} and its `{option}` option.")


async def left_its_server(interaction: discord.Interaction, record: GameRecord) -> bool:
    """Whether the asker is no longer a member of the server where `record` is played. Only asked of a
    game in another server than this one, and False whenever that can't be told (a server this process
    does not serve, Discord not answering)."""
    if record.guild_id is None or record.guild_id == interaction.guild_id:
        return False
    guild = bot_of(interaction).get_guild(record.guild_id)
    return guild is not None and not await member_of(guild, interaction.user.id)


async def offer_to_give_up(interaction: discord.Interaction, record: GameRecord) -> None:
    """Answer `/daily` privately with the offer and its button; nothing changes until it is pressed."""
    locale = await reader_language(interaction)
    text = t(locale, OFFER, game=declaration(record.kind).title)
    ref = FAMILY.ref(GIVE_UP, record.id, record.version)
    await send(interaction, ephemeral=True, **confirm_message(text, ref, t(locale, "Give up the attempt")))


async def give_up_clicked(interaction: discord.Interaction, ref: Ref, _: str) -> None:
    """The offer's button: end the attempt, saved before the answer, as its player's own loss. The
    board in the thread is redrawn to show the end (the bot is still in that server)."""
    bot = bot_of(interaction)
    async with bot.game_locks(ref.game):
        record = await bot.store.get_game(ref.game)
        if record is None or record.owner_id != interaction.user.id:
            raise RuleError(lazy("That is not an attempt of yours, so nothing was done."))
        ended = record.status == "active" and await end_abandoned(
            bot, record, lazy(WHY), board_gone=False, ended_by=interaction.user.id
        )
    locale = await reader_language(interaction)
    done = ENDED if ended else OVER_ALREADY  # a second click, or an attempt that ended meanwhile
    practice = t(locale, PRACTICE, command=Slash(f"daily {record.kind}"), option=Command("practice"))
    await update(interaction, content=f"{t(locale, done)} {practice}", view=None)


FAMILY.handlers[GIVE_UP] = give_up_clicked
