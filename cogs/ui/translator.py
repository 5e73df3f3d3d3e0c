"""Gives Discord every command's names, descriptions and choices in German and Spanish.

discord.py asks the translator for each text of each command when the commands are synced; the
answers come from the `commands` catalogue (`core.i18n.commands`) and become the payload's
`name_localizations`/`description_localizations`, so each user's client shows its own language.
"""

from __future__ import annotations

import discord
from discord import app_commands

from core.i18n import from_discord
from core.i18n.commands import Kind, command_text

Location = app_commands.TranslationContextLocation
KINDS: dict[Location, Kind] = {
    Location.command_name: "name",
    Location.group_name: "name",
    Location.parameter_name: "name",
    Location.command_description: "description",
    Location.group_description: "description",
    Location.parameter_description: "description",
    Location.choice_name: "choice",
}


class CatalogueTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        language = from_discord(locale.value)
        kind = KINDS.get(context.location)
        if language is None or kind is None:
            return None
        return command_text(language, kind, string.message)


class _Recorder(app_commands.Translator):
    def __init__(self) -> None:
        self.seen: dict[tuple[Kind, str], None] = {}

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        kind = KINDS.get(context.location)
        if kind is not None:
            self.seen[(kind, string.message)] = None
        return None


async def command_texts(tree: app_commands.CommandTree) -> list[tuple[Kind, str]]:
    """Every (kind, English text) the translator is asked for when `tree`'s commands are synced."""
    recorder = _Recorder()
    for command in tree.get_commands():
        await command.get_translated_payload(tree, recorder)
    return list(recorder.seen)
