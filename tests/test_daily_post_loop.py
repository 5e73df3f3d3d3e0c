"""The daily post's loop, as a started bot runs it."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from cogs.client import create_bot
from cogs.daily import commands as daily_commands
from core.settings import Settings
from core.storage import store_for


async def test_the_daily_post_waits_until_discord_has_told_the_bot_its_servers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by a review: the loop's first run came at once, in `setup_hook`, before Discord sent the
    servers; a bot (re)started within a server's posting hour sent that day's post in English to a
    server whose language is its Discord one (the server was not known yet)."""
    settings = Settings(_env_file=None, database_path=tmp_path / "deepspace.sqlite3")
    bot = create_bot(settings, store_for(settings.database_location))
    runs: list[Any] = []

    async def post_due(running: Any) -> int:
        runs.append(running)
        return 0

    monkeypatch.setattr(daily_commands, "post_due", post_due)
    async with bot:  # the client's asyncio parts, as logging in makes them; not connected
        await bot.store.open()
        cog = daily_commands.Daily(bot)
        await cog.cog_load()
        try:
            await asyncio.sleep(0.05)
            assert runs == []  # logged in, servers not received yet
            bot._ready.set()  # pyright: ignore[reportPrivateUsage]  # what READY does
            for _ in range(100):
                if runs:
                    break
                await asyncio.sleep(0.01)
            assert runs == [bot]
        finally:
            await cog.cog_unload()
