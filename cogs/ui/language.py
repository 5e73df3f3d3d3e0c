"""Which language an interaction is answered in (`core.i18n.resolve` decides; this reads Discord).

Private answers are in the reader's language: their `/settings language`, else their Discord
client's. Public posts are in the server's: its `/settings language`, else the server's preferred
locale (outside a server, the reader's). The result is kept on the interaction, so an error reply
late in a handler needs no second look-up, and a store that cannot be reached falls back to what
Discord reports instead of failing the answer.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from core.i18n import Locale, Source, from_discord, language_name, mark, resolve, resolve_with_source, t
from core.registry import find
from core.storage import GameRecord, PreferenceScope, StorageError, Store
from core.table import Table

from .bot import bot_of

log = logging.getLogger(__name__)
_READER = "deep_space_reader_language"
_SERVER = "deep_space_server_language"
LANGUAGE = "language"  # the preference key, for a user and for a server


def reported_language(interaction: discord.Interaction) -> Locale:
    """The reader's Discord client language, without asking the store (see `reader_language`)."""
    cached = interaction.extras.get(_READER)
    return cached or from_discord(str(interaction.locale)) or "en"


def server_locale(interaction: discord.Interaction) -> str | None:
    """The server's preferred locale as Discord reports it (None outside a server)."""
    if interaction.guild is not None:
        return str(interaction.guild.preferred_locale)
    return str(interaction.guild_locale) if interaction.guild_locale is not None else None


async def _preference(store: Store, scope: PreferenceScope, subject_id: int) -> str | None:
    try:
        found = await store.preferences(scope, subject_id)
    except StorageError as error:  # answer in Discord's language rather than not at all
        log.warning("could not read the %s language preference: %s", scope, error)
        return None
    return found.get(LANGUAGE)


async def reader_language(interaction: discord.Interaction) -> Locale:
    """The language of a private answer to `interaction`'s user."""
    cached = interaction.extras.get(_READER)
    if cached is None:
        cached = resolve(
            await _preference(bot_of(interaction).store, "user", interaction.user.id), str(interaction.locale)
        )
        interaction.extras[_READER] = cached
    return cached


async def server_language(interaction: discord.Interaction) -> Locale:
    """The language of a public post in `interaction`'s server (the reader's outside a server)."""
    if interaction.guild_id is None:
        return await reader_language(interaction)
    cached = interaction.extras.get(_SERVER)
    if cached is None:
        preference = await _preference(bot_of(interaction).store, "guild", interaction.guild_id)
        cached = resolve(preference, server_locale(interaction))
        interaction.extras[_SERVER] = cached
    return cached


async def game_language(interaction: discord.Interaction, table: Table) -> Locale:
    """The language of a game's public posts (board, log, result): its player's in a daily attempt's
    private thread, which nobody else reads (`Table.language`), else the server's."""
    return table.language or await server_language(interaction)


async def table_language(bot: Any, table: Table, guild_id: int | None) -> Locale:
    """`game_language` for a post the bot makes without an interaction (a board it redraws)."""
    return table.language or await guild_language(bot, guild_id)


async def record_language(bot: Any, record: GameRecord) -> Locale:
    """`table_language` of a stored game whose table is not loaded yet."""
    declared = find(record.kind)
    if declared is None:
        return await guild_language(bot, record.guild_id)
    return await table_language(bot, declared.load_saved(record.state_json).table, record.guild_id)


async def guild_language(bot: Any, guild_id: int | None) -> Locale:
    """The language of a post the bot makes on its own in a server (the daily post, a board that
    moved, a game ended because its channel is gone): as `server_language`, without an interaction."""
    if guild_id is None:
        return "en"
    guild = bot.get_guild(guild_id)
    reported = str(guild.preferred_locale) if guild is not None else None
    return resolve(await _preference(bot.store, "guild", guild_id), reported)


def forget_languages(interaction: discord.Interaction) -> None:
    """After `/settings language` changed one, the answer is said in the new language."""
    interaction.extras.pop(_READER, None)
    interaction.extras.pop(_SERVER, None)


# Where a language came from, as `/about` and `/settings language` say it.
_YOURS: dict[Source, str] = {
    "setting": mark("your setting"),
    "discord": mark("your Discord language"),
    "default": mark("the default"),
}
_SERVERS: dict[Source, str] = {
    "setting": mark("this server's setting"),
    "discord": mark("the server's Discord language"),
    "default": mark("the default"),
}


async def language_summary(interaction: discord.Interaction, locale: Locale, *, reader: bool = True) -> str:
    """Which language the bot speaks to the reader (unless not `reader`), and in this server's public
    posts, and why."""
    lines: list[str] = []
    if reader:
        yours, source = resolve_with_source(
            await _preference(bot_of(interaction).store, "user", interaction.user.id), str(interaction.locale)
        )
        lines.append(
            t(
                locale,
                "To you: **{language}** ({source}).",
                language=language_name(locale, yours),
                source=t(locale, _YOURS[source]),
            )
        )
    if interaction.guild_id is not None:
        server, source = resolve_with_source(
            await _preference(bot_of(interaction).store, "guild", interaction.guild_id),
            server_locale(interaction),
        )
        lines.append(
            t(
                locale,
                "In this server's public posts: **{language}** ({source}).",
                language=language_name(locale, server),
                source=t(locale, _SERVERS[source]),
            )
        )
    return "\n".join(lines)
