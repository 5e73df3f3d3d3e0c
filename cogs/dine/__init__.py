"""Deep Space Dine in Discord: the `/dine` commands and the persistent controls of its messages."""

from __future__ import annotations

from ..client import DeepSpaceBot
from . import play  # noqa: F401  (fills the click handlers)
from .commands import Dine
from .ids import FAMILY


async def setup(bot: DeepSpaceBot) -> None:
    bot.add_dynamic_items(*FAMILY.items())
    await bot.add_cog(Dine(bot))
