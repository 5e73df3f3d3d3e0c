"""The `/d6` commands: start a game, re-post its board, abandon it, ask for a hint, read the rules."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from core.d6 import HouseRules, State, deal
from core.games.d6 import HOUSE_RULES
from core.guide import topics
from core.i18n import mark, say, t
from core.storage import GameRecord
from core.table import Saved, Table
from core.tips.d6 import decisions
from core.words import escaped

from ..client import DeepSpaceBot
from ..ui.boards import check_board_permissions, check_channel_free, open_game, repost_board
from ..ui.controls import confirm_message
from ..ui.games import ending_note, ends_for_nobody, game_in_channel, rules_embed
from ..ui.language import reader_language, server_language, table_language
from ..ui.message import BoardMessage
from ..ui.moves import check_hints
from ..ui.replies import reply_publicly, send
from ..ui.tips import guided, offer_tip
from .board import COLOURS, board_message
from .ids import Verb, ref
from .play import RULES, bot_of, check_may_abandon, hint_text, load

log = logging.getLogger(__name__)
Choice = app_commands.Choice
DIFFICULTIES = [
    Choice(name="very easy (6 Don't Panic cards)", value="very_easy"),
    Choice(name="easy (5 Don't Panic cards)", value="easy"),
    Choice(name="medium (3 Don't Panic cards)", value="medium"),
    Choice(name="hard (no Don't Panic cards)", value="hard"),
]
LENGTHS = [
    Choice(name="full", value="full"),
    Choice(name="short (5 cards removed unseen)", value="short"),
    Choice(name="fast (8 cards removed unseen)", value="fast"),
]
# the one ruling the rules digest asks a toggle for (§10): our ruling, or a house rule (not ranked)
METEOROID = [
    Choice(name="whenever it is destroyed, as printed (ranked)", value="any"),
    Choice(name="only when it decays to 0: a house rule (not ranked)", value="decay"),
]
HOUSE_RULE_SAID = mark("Played with a house rule ({rules}): this game does not count on the leaderboards.")
TOPICS = [Choice(name=name, value=name) for name in topics("d6")]


async def draw(bot: Any, record: GameRecord) -> BoardMessage:
    saved = load(record)
    return await board_message(
        record.id,
        record.version,
        saved.table,
        saved.state,
        pictures=bot.settings.board_pictures,
        locale=await table_language(bot, saved.table, record.guild_id),
    )


@app_commands.guild_only()
class D6(commands.GroupCog, group_name="d6", group_description="Deep Space D-6: survive the threat deck."):
    def __init__(self, bot: DeepSpaceBot) -> None:
        self.bot = bot
        bot.boards.register(RULES.kind, lambda record: draw(bot, record))

    @app_commands.command(name="new", description="Start a game of Deep Space D-6 in this channel.")
    @app_commands.describe(
        difficulty="How many Don't Panic cards stay in the deck (default: medium).",
        length="Play the whole deck, or remove some cards unseen for a shorter game (default: full).",
        crew="Let others join with a button and assign dice too (default: you play alone).",
        guide="A short tip before each new kind of decision (default: on for your first D-6 game).",
        meteoroid="When the Meteoroid deals its 5 damage (default: whenever it is destroyed, as printed).",
    )
    @app_commands.choices(difficulty=DIFFICULTIES, length=LENGTHS, meteoroid=METEOROID)
    async def new(
        self,
        interaction: discord.Interaction,
        difficulty: Choice[str] | None = None,
        length: Choice[str] | None = None,
        crew: bool = False,
        guide: bool | None = None,
        meteoroid: Choice[str] | None = None,
    ) -> None:
        reply_publicly(interaction)
        bot = bot_of(interaction)
        await check_channel_free(interaction, RULES)
        await check_board_permissions(interaction, RULES)
        house = HouseRules(meteoroid_any_destruction=meteoroid is None or meteoroid.value == "any")
        state, events = deal(
            bot.new_seed(),
            difficulty.value if difficulty else "medium",
            length.value if length else "full",
            house,
        )
        name = escaped(interaction.user.display_name)
        public = await server_language(interaction)
        if crew:
            opening = t(public, "**{name}** takes command. Anyone may join the crew.", name=name)
        else:
            opening = t(public, "**{name}** takes command.", name=name)
        if changed := house.changed():
            rules = ", ".join(t(public, HOUSE_RULES[rule]) for rule in changed)
            opening += " " + t(public, HOUSE_RULE_SAID, rules=rules)
        news = [opening, *(say(public, e.text) for e in events)]
        table = Table.start(interaction.user.id, open_crew=crew).with_news(news)
        table = table.guiding(
            interaction.user.id, await guided(bot.store, RULES.game, interaction.user.id, guide)
        )
        saved = Saved[State](table=table, state=state)
        await open_game(
            interaction, RULES, saved.model_dump_json(), state.rules_version, lambda r: draw(bot, r)
        )
        await offer_tip(interaction, RULES.kind, table, lambda: decisions(state))

    @app_commands.command(name="board", description="Show this channel's D-6 board again at the bottom.")
    async def board(self, interaction: discord.Interaction) -> None:
        reply_publicly(interaction)
        await repost_board(interaction, RULES, lambda record: draw(bot_of(interaction), record))

    @app_commands.command(name="abandon", description="End this channel's D-6 game now, as a loss.")
    async def abandon(self, interaction: discord.Interaction) -> None:
        record = await game_in_channel(interaction, RULES)
        table = load(record).table
        await check_may_abandon(interaction, table)
        locale = await reader_language(interaction)
        if await ends_for_nobody(self.bot.store, record, table.crew, interaction.user.id):
            text = t(
                locale,
                "Abandon game #{game}? It ends now; nobody has made a move, so it counts for nobody. "
                "To keep playing, just dismiss this message.",
                game=record.id,
            )
        else:
            text = t(
                locale,
                "Abandon game #{game}? It ends now and counts as a loss. "
                "To keep playing, just dismiss this message.",
                game=record.id,
            ) + ending_note(table, locale)
        confirm = ref(Verb.ABANDON, record.id, record.version)
        label = t(locale, "Abandon the game")
        await send(interaction, ephemeral=True, **confirm_message(text, confirm, label))

    @app_commands.command(name="hint", description="Privately: what would the bot's own player do now?")
    async def hint(self, interaction: discord.Interaction) -> None:
        record = await game_in_channel(interaction, RULES)
        saved = load(record)
        check_hints(RULES, saved.table)
        await send(interaction, hint_text(saved.state, await reader_language(interaction)), ephemeral=True)

    @app_commands.command(name="rules", description="The rules of Deep Space D-6, in short sections.")
    @app_commands.describe(topic="Which part of the rules (default: the goal, and the list of topics).")
    @app_commands.choices(topic=TOPICS)
    async def rules(self, interaction: discord.Interaction, topic: Choice[str] | None = None) -> None:
        locale = await reader_language(interaction)
        embed = rules_embed(RULES, topic.value if topic is not None else None, COLOURS["playing"], locale)
        await send(interaction, embed=embed, ephemeral=True)
