"""Deep Space D-6 in Discord: the `/d6` commands and the persistent controls of its boards."""

from __future__ import annotations

from discord.ext import commands

from . import play  # noqa: F401  (fills the click handlers)
from .commands import D6
from .items import BoardButton, BoardMenu


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(BoardButton, BoardMenu)
    await bot.add_cog(D6(bot))
