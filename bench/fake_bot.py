"""The unmodified bot against the wire-level fake Discord on 127.0.0.1, for the Discord benchmarks."""

from __future__ import annotations

import asyncio
import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from cogs.client import create_bot
from core.settings import Settings
from core.storage import SqliteStore
from tests.support.discord_schema import RequestAuditor
from tests.support.fake_discord import FakeDiscord, until_ready


class Unaudited(RequestAuditor):
    """The tests check every body against Discord's schema; here that would be most of the time."""

    def __init__(self) -> None:
        pass

    def record(self, method: str, path: str, body: Any, params: dict[str, Any] | None = None) -> list:
        return []


@asynccontextmanager
async def bot_on_fake(*, pictures: bool) -> AsyncIterator[tuple[FakeDiscord, Any]]:
    """A fresh database, the fake, and the bot logged in to it; everything closed afterwards."""
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "bench.sqlite3"
        async with FakeDiscord(auditor=Unaudited()) as fake:
            settings = Settings(
                _env_file=None,
                discord_token=fake.token,
                database_path=db,
                dev_guild_id=int(fake.guild_id),
                board_pictures=pictures,
            )
            bot = create_bot(settings, SqliteStore(db))
            runner = asyncio.create_task(bot.start(fake.token))
            try:
                await until_ready(bot, runner)
                yield fake, bot
            finally:
                await bot.close()
                await asyncio.wait_for(runner, 10)
