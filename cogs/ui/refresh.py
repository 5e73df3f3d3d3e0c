"""Keeping every game's public board in step with its stored state without flooding Discord.

Moves made from private views (a Dine hand) change the public board too, several crew members may
play at once, and an edit may fail or be lost in a restart. Each request only marks the game dirty:
one task per game draws the *latest* stored state and edits the board, then waits
`bot.board_edit_seconds` before it looks again, so a burst of plays becomes one edit now and one
more later, never one per play (Discord allows about five message edits per five seconds in a
channel). A board that is old or buried under chat is posted anew at the bottom, and the old message
points to it; where the bot may not post (no Send Messages or Attach Files) it is edited in place.

The store remembers which version each board shows (`board_shown`), so a board left behind — an
edit Discord refused, a restart between a save and its reply — is redrawn at start-up, and a click
on it redraws it instead of being refused as out of date again and again.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import Any, NoReturn

import discord

from core.errors import RuleError
from core.i18n import lazy, mark, t
from core.storage import GameRecord

from .endings import end_if_channel_unknown, serves
from .games import BOARD_MOVED, GameRules, board_link, edit_board, stale
from .language import guild_language
from .message import BoardMessage
from .replies import update

log = logging.getLogger(__name__)
Draw = Callable[[GameRecord], Awaitable[BoardMessage]]
BOARD_WAS_BEHIND = mark(
    "The board was behind the game, so nothing was done. It shows the game as it is now: play on."
)


class BoardKeeper:
    """One for the bot: each game kind registers how its board is drawn (`register`)."""

    def __init__(
        self,
        bot: Any,
        *,
        repost_after: timedelta = timedelta(minutes=45),
        buried_after: int = 12,
        ended_within: timedelta = timedelta(days=7),
    ) -> None:
        self.bot = bot
        self.repost_after = repost_after
        self.buried_after = buried_after
        self.ended_within = ended_within  # how long after its end a board is still caught up at start
        self._draws: dict[str, Draw] = {}
        self._dirty: set[int] = set()
        self._settle: set[int] = set()  # boards just shown in a click's answer: re-post if buried or old
        self._looked: dict[int, float] = {}  # when each board was last looked under (loop time)
        self.look_every = 5.0  # seconds between two looks under one board after clicks (one request each)
        self._tasks: dict[int, asyncio.Task[None]] = {}
        # channels where a re-post was refused (loop time): edit in place until the owner may have
        # given the permission back, then try again
        self._cannot_post: dict[int, float] = {}
        self.retry_posting_after = 600.0  # seconds
        self.edits = 0  # board messages edited or posted, for tests and benchmarks

    def register(self, kind: str, draw: Draw) -> None:
        """How boards of game `kind` are drawn from the stored record (the fields of an edit)."""
        self._draws[kind] = draw

    async def draw(self, record: GameRecord) -> BoardMessage:
        return await self._draws[record.kind](record)

    def request(self, game_id: int) -> None:
        """Show game `game_id`'s latest state soon (coalesced with other requests for it)."""
        self._dirty.add(game_id)
        self._start(game_id)

    async def answered(self, record: GameRecord) -> None:
        """A click's answer showed `record` on the board itself: remember it, and soon post the board
        anew at the bottom if it is buried under chat or old (it is not edited again otherwise)."""
        await self.shown(record)
        now = asyncio.get_running_loop().time()
        if record.status != "active" or now - self._looked.get(record.id, -self.look_every) < self.look_every:
            return
        self._looked[record.id] = now
        self._settle.add(record.id)
        self._start(record.id)

    def _start(self, game_id: int) -> None:
        if game_id not in self._tasks:
            self._tasks[game_id] = asyncio.get_running_loop().create_task(self._keep(game_id))

    async def idle(self) -> None:
        """Wait until every requested refresh has been shown."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks.values()), return_exceptions=True)

    async def catch_up(self) -> None:
        """At start-up: redraw every board left behind its game (edits waiting in memory died with the
        previous process), the boards of recently ended games included."""
        since = discord.utils.utcnow() - self.ended_within
        for record in await self.bot.store.boards_behind(since):
            # another process's shards redraw their own servers' boards
            if record.kind in self._draws and (record.guild_id is None or serves(self.bot, record.guild_id)):
                self.request(record.id)

    async def shown(self, record: GameRecord) -> None:
        """Remember that the game's board now shows `record` (after an edit Discord accepted)."""
        if record.board_message_id is not None:
            await self.bot.store.board_shown(record.id, record.board_message_id, record.version)

    async def show(self, record: GameRecord, message: BoardMessage) -> None:
        """Edit the board to `message` (drawn from `record`) now, outside any click's answer (a game
        ended from a private message, a lobby closed); if Discord refuses, try again soon."""
        if not await self._edit(record, message):
            self.request(record.id)

    async def _edit(self, record: GameRecord, message: BoardMessage) -> bool:
        if not await edit_board(self.bot, record, **message.as_edit()):
            return False
        await self.shown(record)
        return True

    async def stale_click(
        self, interaction: discord.Interaction, record: GameRecord, rules: GameRules
    ) -> NoReturn:
        """Answer a click on controls drawn at an older version than the stored game; nothing is done.

        A click on the board while the board itself is behind (an edit failed, or the bot restarted
        between a save and its reply) redraws the board as its answer: refusing would send everyone
        back to the same out-of-date board. A click that merely raced another one is refused politely.
        Called under the game's lock, where every click's own answer has either been shown or failed.
        """
        message = interaction.message
        behind = record.board_version != record.version
        if message is None or message.id != record.board_message_id or not behind:
            raise stale(record, rules)
        try:
            await update(interaction, **(await self.draw(record)).as_edit())
        except discord.HTTPException as error:
            log.warning("could not redraw the board of game %s: %s", record.id, error)
            self.request(record.id)
            raise stale(record, rules) from None
        await self.shown(record)
        raise RuleError(lazy(BOARD_WAS_BEHIND))

    async def _keep(self, game_id: int) -> None:
        try:
            while game_id in self._dirty or game_id in self._settle:
                redraw = game_id in self._dirty
                self._dirty.discard(game_id)
                self._settle.discard(game_id)
                before = self.edits
                try:
                    await (self.refresh(game_id) if redraw else self._repost_if_needed(game_id))
                except discord.NotFound as error:  # its channel may be gone: then the game ends
                    if not await end_if_channel_unknown(self.bot, game_id, error):
                        log.warning("could not refresh the board of game %s: %s", game_id, error)
                except Exception:  # the game is safe in the store; the next move tries again
                    log.exception("could not refresh the board of game %s", game_id)
                if redraw or self.edits != before:  # space out what was sent (rate limits)
                    await asyncio.sleep(self.bot.board_edit_seconds)
        finally:
            self._tasks.pop(game_id, None)

    async def refresh(self, game_id: int) -> None:
        record = await self.bot.store.get_game(game_id)
        if record is None or record.board_message_id is None or record.kind not in self._draws:
            return
        message = await self.draw(record)
        if await self._moved_on(record):  # while drawing: draw again
            return
        self.edits += 1
        if self._may_post(record.channel_id) and await self._should_repost(record):
            try:
                await self.repost(record, message)
                return
            except discord.HTTPException as error:  # the board stays where it is, and is edited there
                self._cannot_repost(record, error)
        await self._edit(record, message)  # if it fails, the next move, click or start-up tries again
        await self._moved_on(record)  # a click's answer may have landed before this older edit

    async def _repost_if_needed(self, game_id: int) -> None:
        record = await self.bot.store.get_game(game_id)
        if record is None or record.board_message_id is None or record.kind not in self._draws:
            return
        if record.board_version != record.version:  # behind: a full refresh re-posts it if need be
            self.request(game_id)
            return
        if not self._may_post(record.channel_id) or not await self._should_repost(record):
            return
        message = await self.draw(record)
        if await self._moved_on(record):
            return
        try:
            await self.repost(record, message)
            self.edits += 1
        except discord.HTTPException as error:  # it stays where it is, shown as it is
            self._cannot_repost(record, error)

    async def _moved_on(self, record: GameRecord) -> bool:
        """Whether the game has a newer version than `record`; if so its board is redrawn next time."""
        latest = await self.bot.store.get_game(record.id)
        if latest is None or latest.version == record.version:
            return False
        self._dirty.add(record.id)
        return True

    def _may_post(self, channel_id: int) -> bool:
        """Whether to try posting a board anew in `channel_id`: not soon after Discord refused it."""
        refused = self._cannot_post.get(channel_id)
        if refused is None:
            return True
        if asyncio.get_running_loop().time() - refused < self.retry_posting_after:
            return False
        del self._cannot_post[channel_id]
        return True

    def _cannot_repost(self, record: GameRecord, error: discord.HTTPException) -> None:
        if isinstance(error, discord.Forbidden):  # no Send Messages or Attach Files: not for a while
            self._cannot_post[record.channel_id] = asyncio.get_running_loop().time()
            log.warning(
                "may not post in channel %s (%s): its boards are edited in place, posting tried again"
                " in %.0f s",
                record.channel_id,
                error,
                self.retry_posting_after,
            )
        else:
            log.warning("could not post the board of game %s again, so it is edited: %s", record.id, error)

    async def repost(self, record: GameRecord, message: BoardMessage) -> GameRecord:
        """Post the board anew at the bottom of its channel and let the old one point there."""
        channel = self.bot.get_partial_messageable(record.channel_id, guild_id=record.guild_id)
        sent = await channel.send(**message.as_send())
        async with self.bot.game_locks(record.id):
            await self.bot.store.set_board_message(record.id, sent.id, version=record.version)
        new = record.model_copy(update={"board_message_id": sent.id})
        moved = t(await guild_language(self.bot, record.guild_id), BOARD_MOVED, link=board_link(new))
        await edit_board(self.bot, record, content=moved, view=None)
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
