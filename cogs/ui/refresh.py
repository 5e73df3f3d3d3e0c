"""Keeping a game's public board in step with its stored state without flooding Discord.

Moves made from private views (a Dine hand) change the public board too, and several crew members
may play at once. Each request only marks the game dirty: one task per game draws the *latest*
stored state and edits the board, then waits `bot.board_edit_seconds` before it looks again, so a burst of
plays becomes one edit now and one more later, never one per play (Discord allows about five message
edits per five seconds in a channel). A board that is old or buried under chat is posted anew at the
bottom, and the old message points to it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import Any

import discord

from core.storage import GameRecord

from .boards import sendable
from .endings import end_if_channel_unknown
from .games import board_link, edit_board

log = logging.getLogger(__name__)
Draw = Callable[[GameRecord], Awaitable[dict[str, Any]]]


class BoardKeeper:
    def __init__(
        self,
        bot: Any,
        draw: Draw,
        *,
        repost_after: timedelta = timedelta(minutes=45),
        buried_after: int = 12,
    ) -> None:
        self.bot = bot
        self.draw = draw
        self.repost_after = repost_after
        self.buried_after = buried_after
        self._dirty: set[int] = set()
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self.edits = 0  # board messages edited or posted, for tests and benchmarks

    def request(self, game_id: int) -> None:
        """Show game `game_id`'s latest state soon (coalesced with other requests for it)."""
        self._dirty.add(game_id)
        if game_id not in self._tasks:
            self._tasks[game_id] = asyncio.get_running_loop().create_task(self._keep(game_id))

    async def idle(self) -> None:
        """Wait until every requested refresh has been shown."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks.values()), return_exceptions=True)

    async def _keep(self, game_id: int) -> None:
        try:
            while game_id in self._dirty:
                self._dirty.discard(game_id)
                try:
                    await self.refresh(game_id)
                except discord.NotFound as error:  # its channel may be gone: then the game ends
                    if not await end_if_channel_unknown(self.bot, game_id, error):
                        log.warning("could not refresh the board of game %s: %s", game_id, error)
                except Exception:  # the game is safe in the store; the next move tries again
                    log.exception("could not refresh the board of game %s", game_id)
                await asyncio.sleep(self.bot.board_edit_seconds)
        finally:
            self._tasks.pop(game_id, None)

    async def refresh(self, game_id: int) -> None:
        record = await self.bot.store.get_game(game_id)
        if record is None or record.board_message_id is None:
            return
        message = await self.draw(record)
        latest = await self.bot.store.get_game(game_id)
        if latest is not None and latest.version != record.version:  # moved on while drawing: redraw
            self._dirty.add(game_id)
            return
        self.edits += 1
        if await self._should_repost(record):
            await self.repost(record, message)
        else:
            await edit_board(self.bot, record, **message)

    async def repost(self, record: GameRecord, message: dict[str, Any]) -> GameRecord:
        """Post the board anew at the bottom of its channel and let the old one point there."""
        channel = self.bot.get_partial_messageable(record.channel_id, guild_id=record.guild_id)
        sent = await channel.send(**sendable(message))
        async with self.bot.game_locks(record.id):
            await self.bot.store.set_board_message(record.id, sent.id)
        new = record.model_copy(update={"board_message_id": sent.id})
        await edit_board(self.bot, record, content=f"This board has moved: {board_link(new)}", view=None)
        return new

    async def _should_repost(self, record: GameRecord) -> bool:
        assert record.board_message_id is not None
        if record.status != "active":
            return False
        posted = discord.utils.snowflake_time(record.board_message_id)
        if discord.utils.utcnow() - posted > self.repost_after:
            return True
        channel = self.bot.get_partial_messageable(record.channel_id, guild_id=record.guild_id)
        after = discord.Object(id=record.board_message_id)
        try:
            later = [m async for m in channel.history(limit=self.buried_after, after=after)]
        except discord.HTTPException as error:  # e.g. no Read Message History: never count it buried
            log.info("could not look under the board of game %s: %s", record.id, error)
            return False
        return len(later) >= self.buried_after
