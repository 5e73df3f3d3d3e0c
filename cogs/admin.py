"""Owner-only maintenance: publishing the slash commands, which is never done on every boot."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from core.errors import RuleError
from core.words import plural

from .client import DeepSpaceBot
from .ui.replies import send


class Admin(commands.Cog):
    def __init__(self, bot: DeepSpaceBot) -> None:
        self.bot = bot

    @app_commands.command(name="sync", description="Owner only: publish the bot's slash commands.")
    @app_commands.describe(scope="Where to publish: everywhere (slow to appear) or just this server.")
    @app_commands.default_permissions(administrator=True)
    async def sync(
        self, interaction: discord.Interaction, scope: Literal["global", "server"] = "global"
    ) -> None:
        if not await self.bot.is_owner(interaction.user):
            raise RuleError("Only the bot's owners can publish its commands.")
        if scope == "server":
            if interaction.guild is None:
                raise RuleError("Run `/sync scope:server` inside the server to publish to.")
            self.bot.tree.copy_global_to(guild=interaction.guild)
            synced = await self.bot.tree.sync(guild=interaction.guild)
            where = "this server"
        else:
            synced = await self.bot.tree.sync()
            where = "every server (Discord may take up to an hour to show them)"
        await send(interaction, f"Published {plural(len(synced), 'command')} to {where}.", ephemeral=True)


async def setup(bot: DeepSpaceBot) -> None:
    await bot.add_cog(Admin(bot))
