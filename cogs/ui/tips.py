"""The guided first game in Discord: who a new game guides, and the private tip with its two buttons.

Which tip comes next is decided in core (`core.tips`); here the player's preferences are read and
written, and the tip is sent privately as a follow-up of the player's own click or command (only they
see it; in a crew each member gets the tips for their own decisions). **Got it** puts the tip away,
**No more tips** turns tips off for the player in every game. Both are persistent buttons
(`ds:tip:<verb>:<tip key>`), so a tip shown before a restart still answers. A tip that cannot be read
or sent is logged and skipped: it never stands in the way of the move it follows.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Sequence
from typing import Any

import discord

from core.game import Game
from core.i18n import Locale, mark, t
from core.i18n.commands import Command
from core.storage import StorageError, Store
from core.table import Table
from core.tips import (
    OFF,
    SEEN,
    TIPS_KEY,
    game_preferences,
    guided_by_default,
    next_tip,
    seen_tips,
    tip_text,
    tips,
    tips_off,
)

from .bot import bot_of
from .buttons import board_words
from .errors import GuardedItem
from .games import RULES_BY_KIND
from .language import game_language, reader_language
from .replies import send, update

log = logging.getLogger(__name__)
GOT_IT, NO_MORE = "k", "n"
TIPS_OFF = mark(
    "Tips are off: no more tips in any game. To have them again, start a game with its `{option}` option on."
)


async def guided(store: Store, game: Game[Any, Any, Any, Any], user: int, choice: bool | None) -> bool:
    """Whether a new game of `game` guides `user`: their `choice` if they made one, else whether they
    have never finished a game of it (an abandoned one does not count) and have tips on.

    Choosing a guided game turns tips back on and forgets which of this game's tips they saw, so the
    guide starts over, as asked."""
    preferences = await store.preferences("user", user)
    if choice is True:
        for key in [
            *game_preferences(game.kind, preferences),
            *([TIPS_KEY] if tips_off(preferences) else []),
        ]:
            await store.set_preference("user", user, key, None)
        return True
    if choice is False or tips_off(preferences):
        return False
    results = await store.player_results(game.kind, user)
    finished = sum(1 for result in results if not game.parse_detail(result.detail_json).abandoned)
    return guided_by_default(preferences, finished)


async def offer_tip(
    interaction: discord.Interaction, kind: str, table: Table, decisions: Callable[[], Sequence[str]]
) -> None:
    """After the player's own move or command: the first tip for the `decisions` now before them
    that they have not seen, privately, if this game guides them. Call it once the answer is sent."""
    user = interaction.user.id
    if user not in table.guided or user not in table.crew:
        return
    store = bot_of(interaction).store
    try:
        preferences = await store.preferences("user", user)
        if tips_off(preferences):
            return
        tip = next_tip(kind, decisions(), seen_tips(preferences))
        if tip is None:
            return
        locale = await reader_language(interaction)
        shown = tips(kind, locale)[tip.key.removeprefix(f"{kind}.")]
        buttons = RULES_BY_KIND[kind].buttons  # named as the board shows them too, if it differs
        text = board_words(
            tip_text(kind, shown, locale), locale, await game_language(interaction, table), buttons
        )
        await send(interaction, text, view=tip_view(tip.key, locale), ephemeral=True)
        await store.set_preference("user", user, tip.preference, SEEN)
    except (discord.HTTPException, StorageError) as error:
        log.warning("could not show a tip to user %s: %s", user, error)


def tip_view(key: str, locale: Locale = "en") -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(TipButton(GOT_IT, key, label=t(locale, "Got it"), style=discord.ButtonStyle.primary))
    view.add_item(TipButton(NO_MORE, key, label=t(locale, "No more tips")))
    return view


class TipButton(
    GuardedItem,
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"ds:tip:(?P<verb>[kn]):(?P<key>[a-z0-9][a-z0-9.\-]{0,60})",
):
    """A tip's button: put it away (`k`), or turn tips off for the player (`n`)."""

    def __init__(
        self,
        verb: str,
        key: str,
        *,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> None:
        button = discord.ui.Button(label=label or None, style=style, custom_id=f"ds:tip:{verb}:{key}")
        super().__init__(button)
        self.verb = verb

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TipButton:
        return cls(match["verb"], match["key"])

    async def on_click(self, interaction: discord.Interaction) -> None:
        message = interaction.message
        shown = message.content if message is not None else ""
        if self.verb == NO_MORE:
            await bot_of(interaction).store.set_preference("user", interaction.user.id, TIPS_KEY, OFF)
            off = t(await reader_language(interaction), TIPS_OFF, option=Command("guide"))
            await update(interaction, content=f"{shown}\n\n**{off}**", view=None)
            return
        await update(interaction, content=shown, view=None)  # the tip stays to read again
