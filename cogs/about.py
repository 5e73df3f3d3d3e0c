"""`/about`: what the bot offers, its version, how to start — with a button per game for the gist."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from core.about import GAMES, TAGLINE, GameBlurb, game
from core.errors import RuleError
from core.version import __version__

from .client import DeepSpaceBot
from .ui.bot import bot_of
from .ui.errors import GuardedItem
from .ui.replies import reply_publicly, send

COLOUR = discord.Colour(0x1F2A44)


def _start_line(tree: app_commands.CommandTree, blurb: GameBlurb) -> str:
    """How to start `blurb`'s game, if this bot has its command yet (so /about never lies)."""
    group, _, sub = blurb.start_command.partition(" ")
    command = tree.get_command(group)
    if isinstance(command, app_commands.Group) and command.get_command(sub) is not None:
        return f"Start with `/{blurb.start_command}`."
    return "Not playable on this bot yet — coming soon."


def about_embed(tree: app_commands.CommandTree) -> discord.Embed:
    embed = discord.Embed(title="Deep Space", description=TAGLINE, colour=COLOUR)
    for blurb in GAMES:
        embed.add_field(name=f"{blurb.title} ({blurb.players})", value=_start_line(tree, blurb), inline=False)
    embed.add_field(
        name="Fair play",
        value="Every game is saved after each move and survives bot restarts; "
        "buttons on old boards keep working.",
        inline=False,
    )
    embed.set_footer(text=f"Deep Space v{__version__}")
    return embed


class GameGistButton(
    GuardedItem, discord.ui.DynamicItem[discord.ui.Button], template=r"ds:about:(?P<game>[a-z0-9]+)"
):
    """Shows one game's gist privately; persistent, so it works on every old /about message."""

    def __init__(self, blurb: GameBlurb) -> None:
        super().__init__(
            discord.ui.Button(
                label=f"{blurb.title} in brief",
                style=discord.ButtonStyle.secondary,
                custom_id=f"ds:about:{blurb.key}",
            )
        )
        self.blurb = blurb

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> GameGistButton:
        blurb = game(match["game"])
        if blurb is None:  # a button from a game this version no longer knows: answered in on_click
            return cls(GameBlurb(match["game"], match["game"], "", "", ""))
        return cls(blurb)

    async def on_click(self, interaction: discord.Interaction) -> None:
        if not self.blurb.summary:
            raise RuleError("That game is no longer offered here. Run `/about` to see what is.")
        embed = discord.Embed(title=self.blurb.title, description=self.blurb.summary, colour=COLOUR)
        embed.add_field(name="Players", value=self.blurb.players)
        embed.add_field(name="How to start", value=_start_line(bot_of(interaction).tree, self.blurb))
        await send(interaction, embed=embed, ephemeral=True)


class AboutView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)
        for blurb in GAMES:
            self.add_item(GameGistButton(blurb))


class About(commands.Cog):
    def __init__(self, bot: DeepSpaceBot) -> None:
        self.bot = bot

    @app_commands.command(name="about", description="What Deep Space offers and how to start a game.")
    async def about(self, interaction: discord.Interaction) -> None:
        reply_publicly(interaction)
        await send(interaction, embed=about_embed(self.bot.tree), view=AboutView())


async def setup(bot: DeepSpaceBot) -> None:
    bot.add_dynamic_items(GameGistButton)
    await bot.add_cog(About(bot))
