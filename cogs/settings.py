"""`/settings language`: the language the bot speaks to you, or in this server's public posts.

A choice overrides what Discord reports (your client's language; the server's preferred locale);
"automatic" forgets it. Setting the server's needs Manage Server. Stored as the `language`
preference of the user or the server (`core.storage`), read by `cogs.ui.language`.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from core.errors import RuleError
from core.i18n import LANGUAGES, from_preference, language_name, lazy, t
from core.i18n.commands import Slash

from .client import DeepSpaceBot
from .ui.language import LANGUAGE, forget_languages, language_summary, reader_language, server_language
from .ui.replies import send

Choice = app_commands.Choice
AUTOMATIC = "auto"
LANGUAGE_CHOICES = [
    Choice(name="automatic (what Discord says)", value=AUTOMATIC),
    *(Choice(name=language_name("en", code), value=code) for code in LANGUAGES),
]
SCOPE_CHOICES = [Choice(name="just me", value="me"), Choice(name="this server", value="server")]


class Settings(
    commands.GroupCog, group_name="settings", group_description="Your settings and this server's."
):
    def __init__(self, bot: DeepSpaceBot) -> None:
        self.bot = bot

    @app_commands.command(
        name="language", description="The language the bot speaks to you, or in this server."
    )
    @app_commands.describe(
        language="Which language (automatic: as Discord says). Leave it out to see the current ones.",
        scope="For you, or for this server's public posts (needs Manage Server). Default: you.",
    )
    @app_commands.choices(language=LANGUAGE_CHOICES, scope=SCOPE_CHOICES)
    async def language(
        self,
        interaction: discord.Interaction,
        language: Choice[str] | None = None,
        scope: Choice[str] | None = None,
    ) -> None:
        for_server = scope is not None and scope.value == "server"
        locale = await reader_language(interaction)
        if language is None:
            await send(interaction, await language_summary(interaction, locale), ephemeral=True)
            return
        value = None if language.value == AUTOMATIC else from_preference(language.value)
        if for_server:
            if interaction.guild_id is None:
                raise RuleError(
                    lazy(
                        "There is no server here: {command} sets only your own language in a "
                        "private message.",
                        command=Slash("settings language"),
                    )
                )
            if not interaction.permissions.manage_guild:
                raise RuleError(
                    lazy(
                        "Only members with the Manage Server permission can set this server's language: "
                        "ask one of them. The language I speak to you is yours to choose: {command} "
                        "without a scope.",
                        command=Slash("settings language"),
                    )
                )
            await self.bot.store.set_preference("guild", interaction.guild_id, LANGUAGE, value)
        else:
            await self.bot.store.set_preference("user", interaction.user.id, LANGUAGE, value)
        forget_languages(interaction)
        await send(interaction, await self._changed(interaction, for_server, value is None), ephemeral=True)

    @staticmethod
    async def _changed(interaction: discord.Interaction, for_server: bool, automatic: bool) -> str:
        """Said in the reader's language as it is now (a new setting of their own takes effect at once)."""
        locale = await reader_language(interaction)
        if for_server:
            name = language_name(locale, await server_language(interaction))
            if automatic:
                return t(
                    locale,
                    "This server's language setting is forgotten: its public posts follow the server's "
                    "Discord language, **{language}**.",
                    language=name,
                )
            return t(locale, "This server's public posts are now in **{language}**.", language=name)
        name = language_name(locale, locale)
        if automatic:
            return t(
                locale,
                "Your language setting is forgotten: I answer you in your Discord language, **{language}**.",
                language=name,
            )
        return t(locale, "From now on I answer you in **{language}**.", language=name)


async def setup(bot: DeepSpaceBot) -> None:
    await bot.add_cog(Settings(bot))
