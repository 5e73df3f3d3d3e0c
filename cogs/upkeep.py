"""Upkeep the bot does on its own: every hour, games nobody moved for `GAME_EXPIRY_DAYS` end
(`ui.endings.end_forgotten_games`), so a forgotten game does not hold its channel for ever.

The first look comes an hour after the bot is ready, not at start-up: a bot that was down a while
gives its players that hour to move before the days it was away count against their games, and the
boards it redraws can name the commands as mentions by then."""

from __future__ import annotations

import logging

from discord.ext import commands, tasks

from .client import DeepSpaceBot
from .ui.endings import end_forgotten_games

log = logging.getLogger(__name__)
EXPIRY_CHECK_SECONDS = 3600  # a game's last move is compared with the expiry in days: hourly is plenty


class Upkeep(commands.Cog):
    def __init__(self, bot: DeepSpaceBot) -> None:
        self.bot = bot
        self._started = False  # the loop's first run, at once: skipped (see the module's note)

    async def cog_load(self) -> None:
        self.expire.change_interval(seconds=max(self.bot.loop_seconds, EXPIRY_CHECK_SECONDS))
        self.expire.start()

    async def cog_unload(self) -> None:
        self.expire.cancel()

    @tasks.loop(seconds=EXPIRY_CHECK_SECONDS)
    async def expire(self) -> None:
        if not self._started:
            self._started = True
            return
        try:
            await end_forgotten_games(self.bot)
        except Exception:  # an unhandled error would stop the loop for good
            log.exception("ending forgotten games failed; it tries again next hour")

    @expire.before_loop
    async def _ready(self) -> None:
        await self.bot.wait_until_ready()


async def setup(bot: DeepSpaceBot) -> None:
    await bot.add_cog(Upkeep(bot))
