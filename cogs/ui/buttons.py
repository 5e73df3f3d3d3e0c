"""Board buttons named in a private text, in the reader's words and the board's where they differ.

A board speaks its game's language (the server's; a daily thread's player's) and a private answer its
reader's, so a tip or a refusal saying "press **Meine Hand**" may point at a button that reads
"Mi mano". Where the two languages differ, each button label a private text names in bold is followed
by the label the board shows: "**Meine Hand** (Mi mano)". Each game lists its board's labels in its
`GameRules.buttons`.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

import discord

from core.i18n import Locale, t

from .bot import bot_of
from .games import RULES_BY_KIND
from .language import record_language

log = logging.getLogger(__name__)


def board_words(text: str, reader: Locale, board: Locale, labels: Iterable[str]) -> str:
    """`text`, in the `reader`'s language, with each bold board button label (msgids `labels`) it
    names followed by the label the board shows in its `board` language, where they differ."""
    if reader == board:
        return text
    for label in labels:
        mine, shown = t(reader, label), t(board, label)
        if mine != shown and f"**{mine}** ({shown})" not in text:  # glossed once, however often asked
            text = text.replace(f"**{mine}**", f"**{mine}** ({shown})")
    return text


async def with_board_words(interaction: discord.Interaction, text: str, reader: Locale) -> str:
    """`board_words` for the game in `interaction`'s channel, if there is one (else `text` as it is):
    for refusals, which are worded before anyone knows which board they will be read beside."""
    labels = {label for rules in RULES_BY_KIND.values() for label in rules.buttons}
    if interaction.channel_id is None or not any(f"**{t(reader, label)}**" in text for label in labels):
        return text  # names no button: no game to read
    bot = bot_of(interaction)
    try:
        record = await bot.store.active_game(interaction.channel_id)
        if record is None or (rules := RULES_BY_KIND.get(record.kind)) is None:
            return text
        return board_words(text, reader, await record_language(bot, record), rules.buttons)
    except Exception as error:  # the refusal matters more than its glosses: it is said as it is
        log.warning("could not gloss a refusal's buttons in channel %s: %s", interaction.channel_id, error)
        return text
