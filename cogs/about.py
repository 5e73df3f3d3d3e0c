"""`/about`: what the bot offers, its version, how to start — with a button per game for the gist.
`/help` is the same, privately in the reader's language, with the commands a newcomer needs."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from core.about import GAMES, TAGLINE, GameBlurb, game
from core.errors import RuleError
from core.i18n import Locale, lazy, mark, t
from core.i18n.commands import Slash
from core.version import __version__

from .client import DeepSpaceBot
from .ui.bot import bot_of
from .ui.errors import GuardedItem
from .ui.language import language_summary, reader_language, server_language
from .ui.replies import reply_publicly, send

COLOUR = discord.Colour(0x1F2A44)


def _start_line(tree: app_commands.CommandTree, blurb: GameBlurb, locale: Locale) -> str:
    """How to start `blurb`'s game, if this bot has its command yet (so /about never lies)."""
    group, _, sub = blurb.start_command.partition(" ")
    command = tree.get_command(group)
    if isinstance(command, app_commands.Group) and command.get_command(sub) is not None:
        return t(locale, "Start with {command}.", command=Slash(blurb.start_command))
    return t(locale, "Not playable on this bot yet — coming soon.")


def about_embed(tree: app_commands.CommandTree, locale: Locale, languages: str) -> discord.Embed:
    """`/about` in `locale`; `languages` says which language the bot speaks here and why."""
    embed = discord.Embed(title="Deep Space", description=t(locale, TAGLINE), colour=COLOUR)
    for blurb in GAMES:
        embed.add_field(
            name=f"{blurb.title} ({t(locale, blurb.players)})",
            value=_start_line(tree, blurb, locale),
            inline=False,
        )
    embed.add_field(
        name=t(locale, "Fair play"),
        value=t(
            locale,
            "Every game is saved after each move and survives bot restarts; "
            "buttons on old boards keep working.",
        ),
        inline=False,
    )
    embed.add_field(
        name=t(locale, "Languages"),
        value=languages
        + "\n"
        + t(locale, "English, Deutsch, Español: choose with {command}.", command=Slash("settings language")),
        inline=False,
    )
    embed.set_footer(text=f"Deep Space v{__version__}")
    return embed


START_HERE = mark("{first} · {second}: start a game in this channel")
START_IN_SERVER = mark("{first} · {second}: start a game in a server's channel")  # /help in a DM
IN_SERVERS = mark("In a server's channels (private messages do not offer them):")  # /help in a DM
HELP_LINES = (  # the commands a newcomer needs, each with what it is for
    (START_HERE, "dine new", "d6 new"),
    (mark("{first} · {second}: today's challenge, the same deal for everyone"), "daily dine", "daily d6"),
    (mark("{first} · {second}: the rules in short sections"), "dine rules", "d6 rules"),
    (mark("{first} · {second}: the standings and a player's record"), "leaderboard", "stats"),
)


def help_embed(
    tree: app_commands.CommandTree, locale: Locale, languages: str, *, in_server: bool = True
) -> discord.Embed:
    """`/help`: `/about` in the reader's `locale`, and the commands to click to get going (games are
    played in a server's channels, which a private message is not)."""
    embed = about_embed(tree, locale, languages)
    lines = [
        t(
            locale,
            line if in_server or line != START_HERE else START_IN_SERVER,
            first=Slash(first),
            second=Slash(second),
        )
        for line, first, second in HELP_LINES
    ]
    if not in_server:  # the game, daily and rules commands are the servers'; the standings work anywhere
        lines = [t(locale, IN_SERVERS), *(f"- {line}" for line in lines[:-1]), lines[-1]]
    embed.insert_field_at(len(GAMES), name=t(locale, "Commands"), value="\n".join(lines), inline=False)
    return embed


class GameGistButton(
    GuardedItem, discord.ui.DynamicItem[discord.ui.Button], template=r"ds:about:(?P<game>[a-z0-9]+)"
):
    """Shows one game's gist privately; persistent, so it works on every old /about message."""

    def __init__(self, blurb: GameBlurb, locale: Locale = "en") -> None:
        super().__init__(
            discord.ui.Button(
                label=t(locale, "{game} in brief", game=blurb.title),
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
        locale = await reader_language(interaction)
        if not self.blurb.summary:
            raise RuleError(
                lazy(
                    "That game is no longer offered here. Run {command} to see what is.",
                    command=Slash("about"),
                )
            )
        embed = discord.Embed(
            title=self.blurb.title, description=t(locale, self.blurb.summary), colour=COLOUR
        )
        embed.add_field(name=t(locale, "Players"), value=t(locale, self.blurb.players))
        embed.add_field(
            name=t(locale, "How to start"), value=_start_line(bot_of(interaction).tree, self.blurb, locale)
        )
        await send(interaction, embed=embed, ephemeral=True)


class AboutView(discord.ui.View):
    def __init__(self, locale: Locale) -> None:
        super().__init__(timeout=None)
        for blurb in GAMES:
            self.add_item(GameGistButton(blurb, locale))


class About(commands.Cog):
    def __init__(self, bot: DeepSpaceBot) -> None:
        self.bot = bot

    @app_commands.command(name="about", description="What Deep Space offers and how to start a game.")
    async def about(self, interaction: discord.Interaction) -> None:
        reply_publicly(interaction)
        locale = await server_language(interaction)
        # Public: the server's language (a reader's own is theirs to see with /settings language).
        languages = await language_summary(interaction, locale, reader=interaction.guild_id is None)
        await send(interaction, embed=about_embed(self.bot.tree, locale, languages), view=AboutView(locale))

    @app_commands.command(
        name="help", description="Privately: what Deep Space offers and the commands to start."
    )
    async def help(self, interaction: discord.Interaction) -> None:
        locale = await reader_language(interaction)
        languages = await language_summary(interaction, locale, reader=True)
        embed = help_embed(self.bot.tree, locale, languages, in_server=interaction.guild_id is not None)
        await send(interaction, embed=embed, view=AboutView(locale), ephemeral=True)


async def setup(bot: DeepSpaceBot) -> None:
    bot.add_dynamic_items(GameGistButton)
    await bot.add_cog(About(bot))
