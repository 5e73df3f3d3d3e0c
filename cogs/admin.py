"""Owner-only maintenance: publishing the slash commands, which is never done on every boot."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from core.errors import RuleError
from core.i18n import lazy, t, tn
from core.i18n.commands import command_name, command_text, know_command_ids

from .client import DeepSpaceBot
from .ui.language import reader_language
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
        locale = await reader_language(interaction)
        if not await self.bot.is_owner(interaction.user):
            raise RuleError(lazy("Only the bot's owners can publish its commands."))
        if scope == "server":
            if interaction.guild is None:
                server = command_text(locale, "choice", "server") or "server"
                command = f"{command_name(locale, 'sync')} {command_name(locale, 'scope')}:{server}"
                raise RuleError(lazy("Run `/{command}` inside the server to publish to.", command=command))
            if await self.bot.tree.fetch_commands():  # Discord would list each command twice here
                raise RuleError(
                    lazy(
                        "The commands are already published to every server, so a copy for this server "
                        "would show each one twice. Nothing was changed."
                    )
                )
            self.bot.tree.copy_global_to(guild=interaction.guild)
            synced = await self.bot.tree.sync(guild=interaction.guild)
            done = tn(
                locale,
                "Published {count} command to this server.",
                "Published {count} commands to this server.",
                len(synced),
            )
        else:
            synced = await self.bot.tree.sync()
            know_command_ids({command.name: command.id for command in synced})  # mentioned from now on
            done = tn(
                locale,
                "Published {count} command to every server (Discord may take up to an hour to show it).",
                "Published {count} commands to every server (Discord may take up to an hour to show them).",
                len(synced),
            )
            if interaction.guild is not None and await self.bot.tree.fetch_commands(guild=interaction.guild):
                self.bot.tree.clear_commands(guild=interaction.guild)  # an earlier copy for this server
                await self.bot.tree.sync(guild=interaction.guild)
                done += " " + t(locale, "This server's own copy is removed, so each command shows once here.")
        await send(interaction, done, ephemeral=True)


async def setup(bot: DeepSpaceBot) -> None:
    await bot.add_cog(Admin(bot))
