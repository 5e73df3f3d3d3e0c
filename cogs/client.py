"""The bot object: built by `create_bot` for both `bot.py` and the tests."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from datetime import date
from typing import Any

import discord
from discord.ext import commands

from core.i18n import lazy
from core.i18n.commands import know_command_ids
from core.registry import GAMES
from core.settings import Settings
from core.storage import Store

from .ui.controls import claimed, outdated_answer
from .ui.endings import (
    end_games_in_channel,
    end_games_in_guild,
    end_games_of_servers_left,
    end_games_whose_channel_is_gone,
    verify_soon,
)
from .ui.errors import DeepSpaceTree
from .ui.language import reader_language
from .ui.locks import KeyedLocks
from .ui.presence import Presence
from .ui.refresh import BoardKeeper
from .ui.replies import DEFER_AFTER_SECONDS, send, watch_deadline
from .ui.tips import TipButton
from .ui.translator import CatalogueTranslator

log = logging.getLogger("deepspace.bot")
_UNCLAIMED = "deep_space_unclaimed"  # a component click no view or dynamic item of ours will answer

EXTENSIONS: tuple[str, ...] = (
    "cogs.about",
    "cogs.admin",
    *(f"cogs.{kind}" for kind in GAMES),  # each game's own package, named by its kind
    "cogs.daily",
    "cogs.standings",
    "cogs.settings",
    "cogs.upkeep",
)


class DeepSpaceBot(commands.AutoShardedBot):
    """A slash-command bot; the cogs reach the store, the per-game locks and the boards through it.

    Sharded: by default one process runs every shard, as many as Discord recommends; `SHARD_COUNT`
    and `SHARD_IDS` split the bot over processes sharing one PostgreSQL store. Per-game locks stay in
    the process (a server's interactions all reach the shard that holds it); what crosses servers is
    made safe by the store's own constraints.
    """

    def __init__(self, settings: Settings, store: Store, *, sync_global: bool = False) -> None:
        # The bot has no voice features: without this, discord.py warns at every start that the voice
        # libraries (PyNaCl, davey) are missing.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        super().__init__(
            command_prefix=commands.when_mentioned,  # no prefix commands: everything is a slash command
            intents=discord.Intents(guilds=True),
            tree_cls=DeepSpaceTree,
            owner_ids=set(settings.owner_ids) or None,
            help_command=None,
            # Nothing the bot posts pings anyone: names it echoes could hold mentions, and the crew lists
            # name members as <@id> only to show them. A message meant to ping sets its own.
            allowed_mentions=discord.AllowedMentions.none(),
            shard_count=settings.shard_count,
        )
        self.shard_ids = list(settings.shard_ids) if settings.shard_ids is not None else None
        self.settings = settings
        self.store = store
        self.game_locks = KeyedLocks()
        self.sync_global_at_start = sync_global
        self.defer_after = DEFER_AFTER_SECONDS  # how long a handler may take before we defer for it
        self.new_seed: Callable[[], int] = lambda: secrets.randbits(63)  # a new game's luck
        store.clock = discord.utils.utcnow  # every stored time on the clock the bot sees (tests move it)
        self.hint_seconds = (
            1.5  # how long `/dine hint` waits for the expert crew before the heuristic answers
        )
        self.board_edit_seconds = 1.5  # the least time between two edits of one board (rate limits)
        self.boards = BoardKeeper(self)  # every game's board; each game cog registers how it is drawn
        self.presence = Presence()  # who looked at which game lately (a Dine vote-out asks)
        self.loop_seconds = 60.0  # how often background jobs look for work (idle lobbies, daily posts)
        # (server, day) of daily posts Discord took but the store could not yet record: not sent again
        self.daily_unrecorded: set[tuple[int, date]] = set()

    async def setup_hook(self) -> None:
        self.presence = Presence()  # from the start, on the clock the bot's handlers see
        await self.store.open()
        verify_soon(self.store)  # at once, in the background: what an update owes the standings
        self.add_dynamic_items(TipButton)  # the buttons of every game's tips (`ui.tips`)
        await self.tree.set_translator(CatalogueTranslator())  # command names in every client's language
        for extension in EXTENSIONS:  # each cog registers its persistent components in its setup()
            await self.load_extension(extension)
        if self.sync_global_at_start:
            synced = await self.tree.sync()
            log.info("synced %d commands globally (may take up to an hour to show)", len(synced))
        if self.settings.dev_guild_id is not None:
            guild = discord.Object(id=self.settings.dev_guild_id)
            if self.sync_global_at_start:  # the global copy reaches the dev server too: avoid doubles
                self.tree.clear_commands(guild=guild)
            else:
                self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to the development server %s", len(synced), guild.id)
        await self.learn_command_ids()

    async def learn_command_ids(self) -> None:
        """Messages mention a command by its id (`Slash`), so every reader sees it in their own
        language: the ids of the commands published everywhere. Without them (none published, or
        Discord did not answer) messages name the commands instead."""
        try:
            published = await self.tree.fetch_commands()
        except discord.HTTPException as error:
            log.warning("could not fetch the published commands (%s): messages name them", error)
            published = []
        know_command_ids({command.name: command.id for command in published})

    async def on_ready(self) -> None:
        log.info(
            "logged in as %s (%s) in %d servers", self.user, getattr(self.user, "id", "?"), len(self.guilds)
        )
        await end_games_of_servers_left(self)  # while the bot was away, no event told it of these
        for guild in self.guilds:
            await end_games_whose_channel_is_gone(self, guild.id)
        await self.boards.catch_up()

    def dispatch(self, event_name: str, /, *args: Any, **kwargs: Any) -> None:
        """discord.py dispatches "interaction" right after its view store took the click: note then
        whether any item took it, so `on_interaction` can answer the ones nothing will."""
        if event_name == "interaction" and args:
            interaction = args[0]
            if interaction.type is discord.InteractionType.component and not claimed(self, interaction):
                interaction.extras[_UNCLAIMED] = True
        super().dispatch(event_name, *args, **kwargs)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        watch_deadline(interaction, self.defer_after)
        if interaction.extras.get(_UNCLAIMED):
            custom_id = str((interaction.data or {}).get("custom_id", ""))
            log.info("answering a click on an unknown control %r", custom_id[:100])
            try:
                locale = await reader_language(interaction)
                await send(interaction, outdated_answer(custom_id, locale), ephemeral=True)
            except discord.HTTPException as error:
                log.warning("could not answer a click on an unknown control: %s", error)

    # A game whose channel, thread or server is gone can never be played or ended from Discord again:
    # it ends as abandoned (`endings`). Every event here comes with the `guilds` intent.

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await end_games_in_channel(self, channel.id, lazy("its channel was deleted"))
        await end_games_whose_channel_is_gone(self, channel.guild.id)  # its uncached threads

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        """Raw: a thread the bot has not cached (an archived one) is deleted too."""
        await end_games_in_channel(self, payload.thread_id, lazy("its thread was deleted"))

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        await end_games_in_guild(self, guild.id, lazy("the bot was removed from the server"))

    async def close(self) -> None:
        try:
            await super().close()
        finally:
            await self.store.close()


def create_bot(settings: Settings, store: Store, *, sync_global: bool = False) -> DeepSpaceBot:
    """Build the bot; nothing connects until it is started (or attached to a simulated Discord)."""
    return DeepSpaceBot(settings, store, sync_global=sync_global)
