"""What every game's Discord layer shares: finding the stored game behind a click or a command,
refusing politely what must not happen, and keeping one board message per game.

Each check raises `RuleError`, whose message the player sees privately; nothing has changed then.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any, Generic

import discord

from core.errors import RuleError
from core.game import Game, SavedT
from core.guide import topic_name, topics
from core.i18n import Locale, Text, lazy, mark, t
from core.i18n.commands import Command, Slash
from core.ranking import day_of
from core.storage import GameRecord, GameStatus, NewResult, ResultRecord, Store, VersionConflict
from core.table import Table, credited, movers
from core.words import clip

from .bot import bot_of
from .endings import end_if_channel_unknown, verify_soon

log = logging.getLogger(__name__)


# The refusal of a second game in a channel (`boards.already_running`), in the running game's words:
# who may end it, so a forgotten game does not block the channel for good; {where}, {end}.
CAPTAIN_ENDS = mark(
    "A game is already running in this channel. {where} Its captain can end it with {end}, as "
    "can someone who may manage this channel, or its crew once its captain has left the server "
    "(anyone, once the whole crew has)."
)
ELSEWHERE = {  # what follows the refusal: a thread cannot hold a thread of its own
    False: mark("Or start yours in a thread or another channel."),
    True: mark("Or start yours in another channel."),
}


@dataclass(frozen=True, slots=True)
class GameRules(Generic[SavedT]):
    """How a game names itself to players, and its declaration (`game`), which reads its saved games."""

    kind: str  # the stored `kind`, also the custom-id prefix: ds:<kind>:…
    title: str
    start: str  # the command that starts one, e.g. "/d6 new"
    board: str  # the command that shows the board again, e.g. "/d6 board"
    end: str  # the command that ends a game early, e.g. "/d6 abandon"
    game: Game[Any, Any, Any, SavedT] = field(compare=False, repr=False)
    not_crew: str = ""  # the refusal of a click by someone not on the crew: {captain}, {join}, {start}
    join_hint: str = ""  # `{join}` in `not_crew` when the clicker may still join the crew
    buttons: tuple[str, ...] = ()  # the board's button labels a private text may name (`buttons.py`)
    running: str = CAPTAIN_ENDS  # the refusal of a second game while one of these runs: {where}, {end}

    @classmethod
    def of(
        cls,
        game: Game[Any, Any, Any, SavedT],
        *,
        end: str,
        not_crew: str,
        join_hint: str = "",
        buttons: tuple[str, ...] = (),
        running: str = CAPTAIN_ENDS,
    ) -> GameRules[SavedT]:
        """A game's names, from its declaration (its command group is its kind, `end` the subcommand
        that ends a game early), and its own wording; kept in `RULES_BY_KIND`."""
        kind = game.kind
        made = cls(
            kind=kind,
            title=game.title,
            start=f"/{start_command(kind)}",
            board=f"/{kind} board",
            end=f"/{kind} {end}",
            game=game,
            not_crew=not_crew,
            join_hint=join_hint,
            buttons=buttons,
            running=running,
        )
        RULES_BY_KIND[kind] = made
        return made

    def is_crew(self, record: GameRecord, user: int) -> bool:
        """Whether `user` is on `record`'s crew as the game itself stores it (its `Table`), not only
        its owner: a D-6 crew member or a Dine lobby member or seat holder is; a Dine member who left
        or was voted out is no longer."""
        return self.game.load_saved(record.state_json).table.is_crew(user)


RULES_BY_KIND: dict[str, GameRules[Any]] = {}  # each game's names by kind, as its cog declares them


def rules_embed(
    rules: GameRules, topic: str | None, colour: discord.Colour, locale: Locale = "en"
) -> discord.Embed:
    """`/<game> rules [topic]`: one section of `data/<game>/rules.md` in the reader's language
    (`rules.<lang>.md`), and the list of topics."""
    sections = topics(rules.kind, locale)
    name = topic if topic in sections else next(iter(sections))
    embed = discord.Embed(
        title=clip(f"{rules.title} · {topic_name(locale, name)}", 256),
        description=clip(sections[name], 4096),
        colour=colour,
    )
    listed = " · ".join(topic_name(locale, each) for each in sections)
    embed.set_footer(text=clip(t(locale, "Topics: {topics}", topics=listed), 2048))
    return embed


def message_link(guild_id: int | None, channel_id: int, message_id: int) -> str:
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}/{message_id}"


def board_link(record: GameRecord) -> str | None:
    if record.board_message_id is None:
        return None
    return message_link(record.guild_id, record.channel_id, record.board_message_id)


PLAY_AGAIN = mark("Play again with {start} · the standings: {leaderboard}")


def start_command(kind: str) -> str:
    """The command that starts a game of `kind`, as its group names it: "dine new"."""
    return f"{kind} new"


DAILY_AGAIN = mark(
    "Play this deal again, unranked, with {command} and its `{option}` option · the standings: {leaderboard}"
)


# An attempt played over midnight ends after its day: practice is of today's deal (after today's
# attempt), so "this deal again" would be refused; its day's standings are yesterday's.
DAILY_DAY_OVER = mark(
    "This deal's day is over (UTC), so it cannot be played again: today's challenge is {command} · "
    "this deal's standings: {standings} with `{option}` yesterday"
)
# Older than yesterday (an attempt that expired days later): `/daily standings` no longer shows it.
DAILY_LONG_OVER = mark(
    "This deal's day is over (UTC), so it cannot be played again: today's challenge is {command}"
)


def play_again(kind: str, locale: Locale = "en", *, daily: str | None = None) -> str:
    """Under a finished game (its board and its result): where the next game and the standings are,
    as commands the reader can click. A daily challenge's game (`daily`: its deal's UTC day) is in
    its player's own thread, where a new game of its kind is not what they came for: the same deal's
    practice is, on its day; after it, today's challenge and the deal's day's standings."""
    today = day_of(discord.utils.utcnow())
    if daily is not None and daily < (today - timedelta(days=1)).isoformat():
        return t(locale, DAILY_LONG_OVER, command=Slash(f"daily {kind}"))
    if daily is not None and daily < today.isoformat():
        return t(
            locale,
            DAILY_DAY_OVER,
            command=Slash(f"daily {kind}"),
            standings=Slash("daily standings"),
            option=Command("day"),
        )
    if daily is not None:
        practice = Command("practice")
        return t(
            locale,
            DAILY_AGAIN,
            command=Slash(f"daily {kind}"),
            option=practice,
            leaderboard=Slash("leaderboard"),
        )
    return t(locale, PLAY_AGAIN, start=Slash(start_command(kind)), leaderboard=Slash("leaderboard"))


BOARD_MOVED = mark("This board has moved: {link}")  # what an old board says once posted anew below


def where_board_is(record: GameRecord, rules: GameRules) -> Text:
    link = board_link(record)
    if link:
        return lazy("The current board is [here]({link}).", link=link)
    return lazy("Use {command} to show it.", command=Slash(rules.board.removeprefix("/")))


async def game_for_click(
    store: Store, rules: GameRules, interaction: discord.Interaction, game_id: int, *, from_board: bool = True
) -> GameRecord:
    """The active game a click belongs to; with `from_board`, checked to come from its current board."""
    record = await store.get_game(game_id)
    start = Slash(rules.start.removeprefix("/"))
    if record is None or record.kind != rules.kind:
        raise RuleError(
            lazy("I can't find that game any more. Start a new one with {command}.", command=start)
        )
    if record.status != "active":
        raise RuleError(lazy("That game is over. Start a new one with {command}.", command=start))
    message = interaction.message
    on_board = from_board and message is not None and not message.flags.ephemeral
    if on_board and message is not None and record.board_message_id not in (None, message.id):
        where = where_board_is(record, rules)
        raise RuleError(lazy("This board has moved, so nothing was done. {where}", where=where))
    return record


async def game_in_channel(interaction: discord.Interaction, rules: GameRules) -> GameRecord:
    """The active game of `rules`'s kind in this channel, for commands such as hint and board. Where
    there is none, the refusal points to a game of that kind in this server whose crew the asker is on
    (a daily challenge plays in a thread of its own; a crew member's game is theirs as much as its
    host's)."""
    store = bot_of(interaction).store
    channel_id = interaction.channel_id
    record = await store.active_game(channel_id) if channel_id is not None else None
    if record is not None and record.kind == rules.kind:
        return record
    guild = interaction.guild_id
    mine = [
        link
        for game in (await store.active_games(rules.kind, guild_id=guild) if guild is not None else [])
        if rules.is_crew(game, interaction.user.id) and (link := board_link(game))
    ]
    if mine:
        raise RuleError(
            lazy(
                "There is no {game} game in this channel. Your game is [here]({link}): run this there.",
                game=rules.title,
                link=mine[-1],
            )
        )
    if record is not None and (other := RULES_BY_KIND.get(record.kind)) is not None:  # one game a channel
        raise RuleError(
            lazy(
                "This channel's game is {other}, not {game}: start one in another channel with {command}.",
                other=other.title,
                game=rules.title,
                command=Slash(rules.start.removeprefix("/")),
            )
        )
    raise RuleError(
        lazy(
            "There is no {game} game in this channel. Start one with {command}.",
            game=rules.title,
            command=Slash(rules.start.removeprefix("/")),
        )
    )


def stale(record: GameRecord, rules: GameRules) -> RuleError:
    where = where_board_is(record, rules)
    return RuleError(lazy("The board changed since you looked, so nothing was done. {where}", where=where))


async def edit_board(client: discord.Client, record: GameRecord, **fields: Any) -> bool:
    """Edit a game's board message from outside its own interaction (abandon, re-post); True if done.

    A board that was deleted or cannot be reached is not an error: the game itself is safe in the store.
    """
    try:
        return await edit_board_or_raise(client, record, **fields)
    except discord.HTTPException as error:
        log.warning("could not edit the board of game %s: %s", record.id, error)
        return False


async def edit_board_or_raise(client: discord.Client, record: GameRecord, **fields: Any) -> bool:
    """`edit_board` for a caller who acts on Discord's refusal (the board keeper posts a deleted board
    anew), which is raised. False if the game has no board; a game whose channel Discord no longer
    knows is ended first, as abandoned (`endings`)."""
    if record.board_message_id is None:
        return False
    channel = client.get_partial_messageable(record.channel_id, guild_id=record.guild_id)
    board = channel.get_partial_message(record.board_message_id)
    try:
        try:
            await board.edit(**fields)
        except discord.HTTPException as error:
            if error.code != THREAD_ARCHIVED:
                raise
            await _unarchive(client, record.channel_id)
            await board.edit(**fields)
    except discord.HTTPException as error:
        await end_if_channel_unknown(client, record.id, error)
        raise
    return True


THREAD_ARCHIVED = 50083  # Discord's JSON error code for a change to a message in an archived thread


async def _unarchive(client: discord.Client, thread_id: int) -> None:
    """Open again a thread Discord archived while its game sat idle (a daily attempt's private thread
    closes after a day without messages): its board could not be edited, nor its game go on. Sending
    messages in a thread is what unarchiving it takes, and the bot sends the board there."""
    try:
        await client.http.edit_channel(thread_id, archived=False)
    except discord.HTTPException as error:  # locked by a moderator, say: the edit's refusal stands
        log.info("could not unarchive thread %s: %s", thread_id, error)


@asynccontextmanager
async def saved_anyway(
    text: str | Text, *, refresh: Callable[[], object] | None = None
) -> AsyncIterator[None]:
    """Wrap what follows a save: Discord failing to show the change must not be reported as "nothing
    was changed". The player is told `text` instead, and `refresh` asks for the board to be redrawn
    from the store, so it does not stay on what it showed before the change."""
    try:
        yield
    except discord.HTTPException as error:
        log.warning("a change was saved but Discord did not show it: %s", error)
        if refresh is not None:
            refresh()
        raise RuleError(text) from None


async def players_credited(
    store: Store, record: GameRecord, crew: Sequence[int], mover: int | None, ended_by: int | None = None
) -> tuple[int, ...]:
    """Who a result ending `record` now counts for: the crew who moved, from the stored action log
    plus `mover`, who makes the final move (None when the game ends without one: abandoned, by
    `ended_by`)."""
    moved = movers((entry.user_id, entry.action_json) for entry in await store.actions(record.id))
    return credited(crew, moved | ({mover} if mover is not None else set()), record.owner_id, ended_by)


RANKED_ATTEMPT_ENDS = mark(
    "This is a ranked daily attempt: there is one a day, so it cannot be taken again (practice is unranked)."
)


def ending_note(table: Table, locale: Locale) -> str:
    """What ending a game early also costs, said in its prompt: a ranked daily attempt is used up."""
    return " " + t(locale, RANKED_ATTEMPT_ENDS) if table.daily is not None and not table.practice else ""


async def ends_for_nobody(store: Store, record: GameRecord, crew: Sequence[int], ender: int) -> bool:
    """Whether ending `record` now (by `ender`, with no move of theirs) would count for nobody:
    nobody has moved and the ender is not its captain (`core.table.credited`). The prompt and the
    answer must not call that a loss."""
    return not await players_credited(store, record, crew, None, ender)


def result_players(stored: ResultRecord | None, crew: Sequence[int]) -> tuple[int, ...]:
    """Whom the stored result of a finished game counts for, in crew order."""
    players = set(stored.players) if stored is not None else set()
    return tuple(user for user in crew if user in players)


def add_players_field(
    embed: discord.Embed, crew: Sequence[int], players: Sequence[int], locale: Locale = "en"
) -> None:
    """Say on a result who it counts for, and who was aboard without making a move (not credited)."""
    embed.add_field(
        name=t(locale, "Played"), value=", ".join(f"<@{user}>" for user in players) or "—", inline=False
    )
    idle = [user for user in crew if user not in players]
    if idle:
        embed.add_field(
            name=t(locale, "Aboard, no move (not credited)"),
            value=", ".join(f"<@{user}>" for user in idle),
            inline=False,
        )


async def save_move(
    interaction: discord.Interaction,
    rules: GameRules,
    record: GameRecord,
    action_json: str,
    state_json: str,
    *,
    status: GameStatus = "active",
    result: NewResult | None = None,
) -> GameRecord:
    """Save the game's next version by the clicker; a save elsewhere first makes this click stale.

    A game's final save stores its result, which is then verified in the background at once, with the
    rules it was played under (`core.verify`).
    """
    store = bot_of(interaction).store
    try:
        saved = await store.save(
            record.id,
            expected_version=record.version,
            user_id=interaction.user.id,
            action_json=action_json,
            state_json=state_json,
            status=status,
            result=result,
        )
    except VersionConflict:
        raise stale(record, rules) from None
    if result is not None:
        verify_soon(store)
    return saved
