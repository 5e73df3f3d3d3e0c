"""Keeping every game's public board in step with its stored state without flooding Discord.

Moves made from private views (a Dine hand) change the public board too, several crew members may
play at once, and an edit may fail or be lost in a restart. Each request only marks the game dirty:
one task per game draws the *latest* stored state and edits the board, then waits
`bot.board_edit_seconds` before it looks again, so a burst of plays becomes one edit now and one
more later, never one per play (Discord allows about five message edits per five seconds in a
channel). A board that is old or buried under chat is posted anew at the bottom, and the old message
points to it; where the bot may not post (no Send Messages or Attach Files) it is edited in place. A
board someone deleted is posted anew at the next edit, as `/<game> board` would. A member whose move
from a private view waits on an edit the bot may not make (it cannot see the channel) is told so
privately, with what a server manager must give the bot.

The store remembers which version each board shows (`board_shown`), so a board left behind — an
edit Discord refused, a restart between a save and its reply — is redrawn at start-up, and a click
on it redraws it instead of being refused as out of date again and again.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from datetime import timedelta
from typing import Any, NoReturn

import discord

from core.errors import RuleError
from core.i18n import lazy, mark, t
from core.i18n.commands import Slash
from core.storage import GameRecord

from .boards import BOARD_PERMISSIONS
from .endings import end_if_channel_unknown, serves
from .errors import lacking, permission_names
from .games import (
    BOARD_MOVED,
    RULES_BY_KIND,
    GameRules,
    board_link,
    edit_board,
    edit_board_or_raise,
    stale,
)
from .language import reader_language, record_language
from .message import BoardMessage
from .replies import send, update

log = logging.getLogger(__name__)
Draw = Callable[[GameRecord], Awaitable[BoardMessage]]
BOARD_WAS_BEHIND = mark(
    "The board was behind the game, so nothing was done. It shows the game as it is now: play on."
)
BOARD_NOT_UPDATED = mark(
    "Your move is saved, but I could not update the board: I'm missing {permissions} in this channel. "
    "Ask someone who manages this server to give me that in this channel's permissions; until then, "
    "{command} shows the board as it is now."
)
# Discord refused though the member's view of the bot's permissions lacks none of them: a private
# thread the bot is not in (games started before `/dine new` checked that), or a change since.
BOARD_REFUSED_ANYWAY = mark(
    "Your move is saved, but Discord did not let me update the board, though my permissions here look "
    "right. In a private thread, add me to it by mentioning me; until then, {command} shows the board "
    "as it is now."
)
# what posting a deleted board anew needs besides what editing one does
REPOST_PERMISSIONS = (*BOARD_PERMISSIONS, "send_messages", "attach_files")
UNKNOWN_MESSAGE = 10008  # Discord's JSON error code for a message that does not exist (a deleted board)


def board_deleted(error: discord.HTTPException) -> bool:
    return isinstance(error, discord.NotFound) and error.code == UNKNOWN_MESSAGE


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
        # members whose moves from a private view wait on each board's next edit (told if refused)
        self._movers: dict[int, list[discord.Interaction]] = {}
        # channels where a re-post was refused (loop time): edit in place until the owner may have
        # given the permission back, then try again
        self._cannot_post: dict[int, float] = {}
        # a board whose edit Discord failed (a 5xx, or a rate limit) is tried again after this many
        # seconds, doubled after each failure in a row, `retries` times: nothing else would redraw a
        # finished game's board, nor an idle one's before its next move
        self.retry_after_error = 30.0
        self.retries = 5
        self._failed: dict[int, int] = {}  # failures in a row, by game
        self.retry_posting_after = 600.0  # seconds
        self.edits = 0  # board messages edited or posted, for tests and benchmarks

    def register(self, kind: str, draw: Draw) -> None:
        """How boards of game `kind` are drawn from the stored record (the fields of an edit)."""
        self._draws[kind] = draw

    async def draw(self, record: GameRecord) -> BoardMessage:
        return await self._draws[record.kind](record)

    def request(self, game_id: int, *, mover: discord.Interaction | None = None) -> None:
        """Show game `game_id`'s latest state soon (coalesced with other requests for it). `mover`, who
        made a move from a private view and was answered there, is told in a private follow-up if the
        bot may not edit the board (the move itself is saved)."""
        if mover is not None:
            self._movers.setdefault(game_id, []).append(mover)
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
        ended from a private message, a lobby closed); if Discord refuses, try again soon. Callers may
        hold the game's lock, so a deleted board is not posted anew here but by the retry."""
        if not await self._edit(record, message, post_if_deleted=False):
            self.request(record.id)

    async def _edit(self, record: GameRecord, message: BoardMessage, *, post_if_deleted: bool = True) -> bool:
        """Edit the board to `message`; True if it shows it now. An active game's board that was
        deleted is posted anew (nothing else brings it back before `repost_after`, and posting
        takes the game's lock, so only if `post_if_deleted`); whoever's move waited on this edit is
        told if the bot was refused the channel."""
        movers = self._movers.pop(record.id, [])
        try:
            if not await edit_board_or_raise(self.bot, record, **message.as_edit()):
                return False
        except discord.HTTPException as error:
            refused = error
            if board_deleted(error) and record.status == "active" and post_if_deleted:
                refused = await self._post_anew(record, message)
                if refused is None:
                    return True
            else:
                log.warning("could not edit the board of game %s: %s", record.id, error)
                if error.status >= 500 or error.status == 429:
                    self._try_again_later(record.id)
            if isinstance(refused, discord.Forbidden):
                needed = BOARD_PERMISSIONS if refused is error else REPOST_PERMISSIONS
                await self._tell_refused(record, movers, needed)
            return False
        self._failed.pop(record.id, None)
        await self.shown(record)
        return True

    def _try_again_later(self, game_id: int) -> None:
        """Redraw a board Discord failed to take, after a pause that doubles with each failure."""
        failures = self._failed.get(game_id, 0) + 1
        self._failed[game_id] = failures
        if failures <= self.retries:
            delay = self.retry_after_error * 2 ** (failures - 1)
            asyncio.get_running_loop().call_later(delay, self.request, game_id)

    async def _post_anew(self, record: GameRecord, message: BoardMessage) -> discord.HTTPException | None:
        """Post a deleted board anew in its channel as the game's board; Discord's refusal if any. It
        is tried even soon after a refused re-post: there is no board left to edit in place."""
        try:
            await self._post(record, message)
        except discord.HTTPException as error:
            if isinstance(error, discord.Forbidden):
                self._cannot_post[record.channel_id] = asyncio.get_running_loop().time()
            log.warning("the deleted board of game %s could not be posted again: %s", record.id, error)
            return error
        log.info("the board of game %s was deleted: posted anew", record.id)
        return None

    async def _tell_refused(
        self, record: GameRecord, movers: list[discord.Interaction], needed: Sequence[str]
    ) -> None:
        """Tell each member whose move waited on a refused edit (or post), privately and once, that the
        move is saved but the board not updated, and which of the `needed` permissions the bot lacks in
        the channel (as the member's interaction reports them), never one it has."""
        board = Slash(RULES_BY_KIND[record.kind].board.removeprefix("/"))
        for mover in {m.user.id: m for m in movers}.values():
            locale = await reader_language(mover)
            missing = lacking(mover.app_permissions, needed)
            if missing:
                names = permission_names(locale, missing)
                note = t(locale, BOARD_NOT_UPDATED, permissions=names, command=board)
            else:
                note = t(locale, BOARD_REFUSED_ANYWAY, command=board)
            try:
                await send(mover, note, ephemeral=True)
            except discord.HTTPException as error:  # e.g. the interaction expired: the log says it
                log.info("could not tell a member the board of game %s was not updated: %s", record.id, error)

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
            self._movers.pop(game_id, None)  # moves shown or given up on: nobody waits any more

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
        new = await self._post(record, message)
        moved = t(await record_language(self.bot, record), BOARD_MOVED, link=board_link(new))
        await edit_board(self.bot, record, content=moved, embeds=[], attachments=[], view=None)
        return new

    async def _post(self, record: GameRecord, message: BoardMessage) -> GameRecord:
        """Post the board at the bottom of its channel and remember it as the game's board."""
        channel = self.bot.get_partial_messageable(record.channel_id, guild_id=record.guild_id)
        sent = await channel.send(**message.as_send())
        async with self.bot.game_locks(record.id):
            await self.bot.store.set_board_message(record.id, sent.id, version=record.version)
        return record.model_copy(update={"board_message_id": sent.id})

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
