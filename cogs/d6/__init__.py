"""Deep Space D-6 in Discord: the `/d6` commands and the persistent controls of its boards."""

from __future__ import annotations

from ..client import DeepSpaceBot
from . import play  # noqa: F401  (fills the click handlers)
from .commands import D6
from .items import BoardButton, BoardMenu


async def setup(bot: DeepSpaceBot) -> None:
    bot.add_dynamic_items(BoardButton, BoardMenu)
    await bot.add_cog(D6(bot))
