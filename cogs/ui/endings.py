"""Games whose place in Discord is gone, or that everyone forgot, end as abandoned: a loss, as if their
crew had given up, but lost as unfinished ("The game was left unfinished.": nobody gave up).

A deleted channel or thread, or a server that removed the bot, leaves its games without a board and
without a way to play or end them; left "active" they would keep a daily player from practice all
day (behind a dead link) and be retried at every start. A game nobody moved for `GAME_EXPIRY_DAYS`
would hold its channel (one game a channel) until someone who may end it comes by. Each game
registers how one of its stored games is abandoned (`ENDINGS`: the log entry, final state and result,
as its own abandon command would store them but for the loss's reason); this module saves that for
any game, when the gateway says a channel, thread or server is gone, when Discord answers "Unknown
Channel" to an edit of a board, or when a game's last move is older than the expiry
(`end_forgotten_games`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import discord

from core.i18n import Locale, Text, lazy, lazy_n
from core.storage import GameRecord, NewResult, Store, VersionConflict
from core.table import movers
from core.verify import verify_pending

from .language import record_language

log = logging.getLogger(__name__)
UNKNOWN_CHANNEL = 10003  # Discord's JSON error code for a channel (or thread) that does not exist
SAVE_ATTEMPTS = 5


@dataclass(frozen=True, slots=True)
class Ending:
    """What abandoning a stored game saves: the log entry, the final state, and the result (None for
    a game that never started, such as a lobby)."""

    action_json: str
    state_json: str
    result: NewResult | None


# kind -> how a stored game of that kind is abandoned, given why (for its news line), who made a move
# in it and who ended it, if someone did (the result counts for them: `core.table.credited`), and the
# language of its board
ENDINGS: dict[str, Callable[[GameRecord, Text, set[int], int | None, Locale], Ending]] = {}
_VERIFYING: set[asyncio.Task[int]] = set()  # keeps the background verifications referenced


def verify_soon(store: Store) -> None:
    """Verify newly stored results in the background at once (`core.verify`)."""
    task = asyncio.get_running_loop().create_task(verify_pending(store))
    _VERIFYING.add(task)
    task.add_done_callback(_VERIFYING.discard)


async def end_abandoned(
    bot: Any, record: GameRecord, why: Text, *, board_gone: bool = True, ended_by: int | None = None
) -> bool:
    """End an active game as abandoned (a loss), as its owner; True if this call ended it. `why` is
    said on the board's news line, in the game's language. A board whose place is gone is never
    redrawn; one still there (`board_gone` false: a forgotten game) is redrawn to show the end.
    `ended_by`: the player who gave it up, credited with the loss as their own end command would
    (None: the bot ends it, and it counts only for those who moved).

    It does not take the game's lock, whose holder may be the caller (an edit of the board that found
    its channel gone): a save made meanwhile is a version conflict, and the ending is worked out again
    from the newer version.
    """
    locale = await record_language(bot, record)
    for _ in range(SAVE_ATTEMPTS):
        abandon = ENDINGS.get(record.kind)
        if record.status != "active" or abandon is None:
            return False
        moved = movers((entry.user_id, entry.action_json) for entry in await bot.store.actions(record.id))
        ending = abandon(record, why, moved, ended_by, locale)
        try:
            await bot.store.save(
                record.id,
                expected_version=record.version,
                user_id=record.owner_id,
                action_json=ending.action_json,
                state_json=ending.state_json,
                status="abandoned",
                result=ending.result,
            )
        except VersionConflict:
            fresh = await bot.store.get_game(record.id)
            if fresh is None:
                return False
            record = fresh
            continue
        log.info("game %s (%s) ended as abandoned: %s", record.id, record.kind, why.say("en"))
        if board_gone:
            await bot.store.set_board_message(record.id, None)  # its board went with its place
        else:
            bot.boards.request(record.id)
        if ending.result is not None:
            verify_soon(bot.store)
        return True
    log.warning("game %s kept changing; it was not ended (%s)", record.id, why)
    return False


async def end_games_in_channel(bot: Any, channel_id: int, why: Text) -> int:
    """End the active game of a channel or thread that is gone; returns how many ended (0 or 1)."""
    record = await bot.store.active_game(channel_id)
    return int(record is not None and await end_abandoned(bot, record, why))


def serves(bot: Any, guild_id: int) -> bool:
    """Whether this process's shards hold `guild_id` (Discord's rule: (id >> 22) % shard count), so
    a server missing from its cache means the bot left it, not that another process serves it."""
    count = bot.shard_count or 1
    shards = getattr(bot, "shard_ids", None) or ([bot.shard_id] if bot.shard_id is not None else range(count))
    return (guild_id >> 22) % count in shards


async def end_games_of_servers_left(bot: Any) -> int:
    """At start: end the games of every server this process serves that the bot is no longer in (it
    was removed while offline, so no event said so); returns how many ended."""
    present = {guild.id for guild in bot.guilds}
    gone = {
        record.guild_id
        for record in await bot.store.active_games()
        if record.guild_id is not None and record.guild_id not in present and serves(bot, record.guild_id)
    }
    why = lazy("the bot was removed from the server")
    return sum([await end_games_in_guild(bot, guild_id, why) for guild_id in sorted(gone)])


async def end_games_in_guild(bot: Any, guild_id: int, why: Text) -> int:
    """End every active game of a server that removed the bot; returns how many ended."""
    records = await bot.store.active_games(guild_id=guild_id)
    return sum([await end_abandoned(bot, record, why) for record in records])


def unknown_channel(error: BaseException) -> bool:
    return isinstance(error, discord.NotFound) and error.code == UNKNOWN_CHANNEL


async def end_if_channel_unknown(bot: Any, game_id: int, error: BaseException) -> bool:
    """After Discord answered `error` about game `game_id`'s channel: end the game if the answer was
    "Unknown Channel". True if it is over now."""
    if not unknown_channel(error):
        return False
    record = await bot.store.get_game(game_id)
    if record is None:
        return False
    ended = await end_abandoned(bot, record, lazy("its channel or thread no longer exists"))
    if not ended and record.board_message_id is not None:  # over already: forget the unreachable board
        await bot.store.set_board_message(record.id, None)
    return ended or record.status != "active"


async def still_there(bot: Any, record: GameRecord) -> bool:
    """Whether a game's channel or thread still exists, asking Discord if the bot has not cached it
    (an archived thread, a thread of a deleted channel); a game whose channel is gone is ended."""
    if bot.get_channel(record.channel_id) is not None:
        return True
    try:
        await bot.fetch_channel(record.channel_id)
    except discord.HTTPException as error:
        if await end_if_channel_unknown(bot, record.id, error):
            return False
        log.info("could not look up the channel of game %s: %s", record.id, error)
    return True


async def end_games_whose_channel_is_gone(bot: Any, guild_id: int) -> int:
    """After a channel was deleted: its threads went with it, and Discord announced only those the bot
    had cached, so look up the channel of each other game of the server the bot does not know."""
    ended = 0
    for record in await bot.store.active_games(guild_id=guild_id):
        if bot.get_channel(record.channel_id) is None and not await still_there(bot, record):
            ended += 1
    return ended


async def end_forgotten_games(bot: Any) -> int:
    """End every game of this process's servers that nobody moved for `GAME_EXPIRY_DAYS` (0: never);
    its board shows why. Returns how many ended."""
    days = bot.settings.game_expiry_days
    if days == 0:
        return 0
    cutoff = bot.store.clock() - timedelta(days=days)
    why = lazy_n("nobody moved for {count} day", "nobody moved for {count} days", days)
    ended = 0
    for record in await bot.store.active_games():
        if record.updated_at >= cutoff or (record.guild_id is not None and not serves(bot, record.guild_id)):
            continue
        async with bot.game_locks(record.id):
            fresh = await bot.store.get_game(record.id)  # a move may have come in meanwhile
            if fresh is not None and fresh.updated_at < cutoff:
                ended += await end_abandoned(bot, fresh, why, board_gone=False)
    return ended
