"""Helpers that make a simcord scenario read like a user story, with every request schema-checked.

A `World` is one guild with a #general channel where the real bot (from `create_bot`) runs against
simcord's in-memory Discord; a `Player` is a named member who runs slash commands and clicks. After
each step every REST request the bot made is checked against Discord's OpenAPI schema.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import simcord
from discord import app_commands

from cogs.client import DeepSpaceBot, create_bot
from core.settings import Settings
from core.storage import store_for

from .discord_schema import RequestAuditor

BotCustomiser = Callable[[DeepSpaceBot], None]


def build_bot(
    database: Path | str,
    *,
    customise: BotCustomiser | None = None,
    sync_global: bool = True,
    **settings: Any,
) -> DeepSpaceBot:
    """The production bot on a test database (a SQLite path or a PostgreSQL URL), wired as `bot.py`
    wires it; commands are published at start as with --sync-global."""
    where = {"database_url": database} if isinstance(database, str) else {"database_path": database}
    settings.setdefault("shard_count", 1)  # simcord has no gateway to ask for Discord's recommendation
    configured = Settings(_env_file=None, **where, **settings)
    bot = create_bot(
        configured,
        store_for(configured.database_location, pool_size=configured.database_pool_size),
        sync_global=sync_global,
    )
    if customise is not None:
        customise(bot)
    return bot


class World:
    def __init__(
        self,
        env: simcord.Env,
        database: Path | str,
        customise: BotCustomiser | None = None,
        *,
        preferred_locale: str | None = None,
    ) -> None:
        self.env = env
        self.database = database
        self.customise = customise
        self.guild = env.create_guild("Deep Space HQ", preferred_locale=preferred_locale)
        self.channel = self.guild.create_text_channel("general")
        self.auditor = RequestAuditor()
        self._audited = 0

    @property
    def bot(self) -> DeepSpaceBot:
        return self.env.bot  # type: ignore[return-value]

    def player(self, name: str, **member: Any) -> Player:
        return Player(self, self.guild.add_member(self.env.create_user(name), **member))

    def audit(self) -> None:
        """Schema-check the requests made since the last audit; fails the test naming the schema path."""
        requests = self.env.http_requests
        for entry in requests[self._audited :]:
            self.auditor.record(entry.method, entry.path, entry.json, entry.params)
        self._audited = len(requests)
        self.auditor.assert_clean()

    async def restart(self, **settings: Any) -> DeepSpaceBot:
        """Stop the bot and start a fresh process's worth of bot on the same database."""
        old, bot = self.bot, build_bot(self.database, customise=self.customise, **settings)
        await self.env.restart_bot(bot)
        await old.store.close()  # the old process's connection is gone with it
        self.audit()
        return bot

    async def close(self) -> None:
        """Close the bot's database before the event loop ends (its worker thread needs the loop)."""
        await self.bot.store.close()

    async def mention(self, qualified: str) -> str:
        """How a message mentions the command `qualified` ("dine new"): discord.py's own mention of
        it, from the commands the bot published (`</dine new:id>`)."""
        root, _, sub = qualified.partition(" ")
        (command,) = [c for c in await self.bot.tree.fetch_commands() if c.name == root]
        if not sub:
            return command.mention
        groups = [o for o in command.options if isinstance(o, app_commands.AppCommandGroup)]
        (part,) = [o for o in groups if o.name == sub]
        return part.mention

    def take_errors(self) -> list[BaseException]:
        """The exceptions the bot's handlers saw (acknowledged, so teardown does not re-raise them)."""
        return self.env.errors


class Player:
    def __init__(self, world: World, actor: simcord.MemberActor) -> None:
        self.world = world
        self.actor = actor

    @property
    def id(self) -> int:
        return self.actor.id

    async def runs(self, command: str, /, **options: Any) -> simcord.InteractionResult:
        result = await self.actor.slash(self.world.channel, command, **options)
        self.world.audit()
        return result

    async def clicks(
        self, message: Any, label: str | None = None, *, custom_id: str | None = None
    ) -> simcord.InteractionResult:
        result = await self.actor.click(message, label=label, custom_id=custom_id)
        self.world.audit()
        return result

    async def picks(
        self, message: Any, values: list[Any], *, custom_id: str | None = None
    ) -> simcord.InteractionResult:
        """Choose `values` in a select menu of `message`."""
        result = await self.actor.select(message, values, custom_id=custom_id)
        self.world.audit()
        return result

    async def fills(
        self, shown: simcord.InteractionResult, values: dict[str, Any]
    ) -> simcord.InteractionResult:
        """Fill in and submit the modal that `shown` opened."""
        result = await self.actor.submit_modal(shown, values)
        self.world.audit()
        return result


class Unaudited(Player):
    """A player whose clicks are checked by the test itself (see `forgive_the_retry`)."""

    async def clicks(
        self, message: Any, label: str | None = None, *, custom_id: str | None = None
    ) -> simcord.InteractionResult:
        return await self.actor.click(message, label=label, custom_id=custom_id)

    async def picks(
        self, message: Any, values: list[Any], *, custom_id: str | None = None
    ) -> simcord.InteractionResult:
        return await self.actor.select(message, values, custom_id=custom_id)


def forgive_the_retry(world: World) -> None:
    """The auditor sees requests, not Discord's answers: after the failed (500) interaction callback,
    the bot's second callback is the first one Discord took, though the auditor counts two."""
    with pytest.raises(AssertionError, match="1 Discord API violation"):
        world.audit()
    assert [v.schema_path for v in world.auditor.violations] == ["limit:one-initial-response"]
    world.auditor = RequestAuditor()
