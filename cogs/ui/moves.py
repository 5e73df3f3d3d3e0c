"""The steps every game's click takes on the way to a saved move, and the result it ends with.

A click loads its stored game through the game's declaration (`clicked`), checks the clicker is crew
(`check_crew`, in the game's own words from `GameRules`) and, once the engine has made the next state,
commits it (`commit`: the result, credited to the crew who moved, goes in the same save when the game
ends). What follows a save is shown under `board_follows`. A finished game is announced with
`send_result`, its message drawn by `finished_embed`, whose skeleton is the same for every game (a
ranked daily attempt's result also has a Share button: `share`).
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any

import discord

from core.errors import RuleError
from core.game import SavedT
from core.i18n import Locale, lazy, mark, t
from core.i18n.commands import Command, Slash
from core.results import new_result
from core.storage import GameRecord, GameStatus
from core.table import Table

from .bot import bot_of
from .controls import Ref
from .games import (
    GameRules,
    add_players_field,
    game_for_click,
    play_again,
    players_credited,
    result_players,
    save_move,
    saved_anyway,
)
from .language import reader_language, record_language
from .replies import send
from .share import share_view

log = logging.getLogger(__name__)

Field = tuple[str, str] | tuple[str, str, bool]  # name, value and, if not inline, False


def load_saved(rules: GameRules[SavedT], record: GameRecord) -> SavedT:
    """The saved game of a stored record, read by its game's declaration."""
    return rules.game.load_saved(record.state_json)


async def clicked(
    interaction: discord.Interaction, rules: GameRules[SavedT], ref: Ref, *, from_board: bool = True
) -> tuple[GameRecord, SavedT]:
    """The active game a click belongs to (`game_for_click`) and its saved state."""
    record = await game_for_click(
        bot_of(interaction).store, rules, interaction, ref.game, from_board=from_board
    )
    return record, load_saved(rules, record)


NO_HINTS = mark(
    "Hints are off in a ranked daily attempt: everyone plays today's deal unaided. Once it is over, "
    "play the same deal again with {command} and its `{option}` option, and ask for hints there."
)


def check_hints(rules: GameRules[SavedT], table: Table) -> None:
    """Refuse a hint in a ranked daily attempt: the leaderboard ranks everyone on the same deal,
    played alone. Practice games of that deal, and every other game, give hints."""
    if table.ranked_daily:
        raise RuleError(lazy(NO_HINTS, command=Slash(f"daily {rules.kind}"), option=Command("practice")))


def check_crew(rules: GameRules[SavedT], table: Table, user: int) -> None:
    """Refuse, in the game's words (`GameRules.not_crew`), a click by someone not on the crew."""
    if table.is_crew(user):
        return
    join = lazy(rules.join_hint) if rules.join_hint and table.can_join(user) is None else ""
    start = Slash(rules.start.removeprefix("/"))
    raise RuleError(lazy(rules.not_crew, captain=table.captain, join=join, start=start))


async def commit(
    interaction: discord.Interaction,
    rules: GameRules[SavedT],
    record: GameRecord,
    saved: SavedT,
    action_json: str,
    crew: Sequence[int],
    *,
    status: GameStatus = "active",
    abandoned: bool = False,
    mover: int | None = None,
) -> GameRecord:
    """Save `saved` as the game's next version, with its result if the game just ended.

    `crew` are those a result may count for; `mover` made this move (None for a join, an abandon or
    the table's own changes, which earn no credit). A save elsewhere first makes this click stale.
    """
    state = saved.state
    over = state is not None and state.outcome != "playing"
    status = "abandoned" if abandoned else "finished" if over else status
    result = None
    if over and state is not None:
        ended_by = interaction.user.id if abandoned else None
        players = await players_credited(bot_of(interaction).store, record, crew, mover, ended_by)
        result = new_result(rules.game, state, saved.table, players, abandoned=abandoned)
    return await save_move(
        interaction, rules, record, action_json, saved.model_dump_json(), status=status, result=result
    )


def finished_embed(
    *,
    title: str,
    description: str,
    colour: discord.Colour,
    fields: Sequence[Field],
    crew: Sequence[int],
    players: Sequence[int],
    footer: str,
    kind: str,
    daily: str | None,
    locale: Locale = "en",
) -> discord.Embed:
    """A finished game's result: the game's own title, text and figures, then who it counts for (in
    `locale`, the language `send_result` gives: the server's, as the result is public), and where
    the next game of its `kind` starts (a `daily` challenge's: its practice)."""
    text = f"{description}\n\n{play_again(kind, locale, daily=daily)}"
    embed = discord.Embed(title=title, description=text, colour=colour)
    for name, value, *inline in fields:
        embed.add_field(name=name, value=value, inline=inline[0] if inline else True)
    add_players_field(embed, crew, players, locale)
    embed.set_footer(text=footer)
    return embed


RESULT_NOT_POSTED = mark("The game is over and its result is saved, but Discord did not let me post it here.")


def board_follows(
    interaction: discord.Interaction, game_id: int, text: str
) -> AbstractAsyncContextManager[None]:
    """Show a saved change under this: Discord failing to take it is not "nothing changed"; the
    player reads `text` and the board keeper redraws the game's board from the store."""
    return saved_anyway(text, refresh=lambda: bot_of(interaction).boards.request(game_id))


async def send_result(
    interaction: discord.Interaction,
    record: GameRecord,
    crew: Sequence[int],
    result_embed: Callable[[tuple[int, ...]], discord.Embed],
) -> None:
    """Announce a finished game in public: `result_embed` draws its result (in the game's language,
    `finished_embed`'s `locale`) for the crew members whom the stored result counts for; a ranked
    daily attempt's has a Share button (`share`), labelled in the game's language too."""
    bot = bot_of(interaction)
    stored = await bot.store.result(record.id)
    players = result_players(stored, crew)
    view = share_view(record, stored, await record_language(bot, record))
    embed = result_embed(players)
    shown: dict[str, Any] = {"embed": embed} if view is None else {"embed": embed, "view": view}
    try:
        await send(interaction, ephemeral=False, **shown)
        return
    except discord.HTTPException as error:  # the board took the move: only the announcement failed
        log.warning("the result of game %s was not posted as an answer: %s", record.id, error)
    channel = interaction.channel
    try:
        if not isinstance(channel, discord.abc.Messageable):
            raise discord.ClientException("no channel to post in")
        await channel.send(**shown)  # the bot's own message: another road than the answer's
    except (discord.HTTPException, discord.ClientException) as error:
        log.warning("the result of game %s could not be posted: %s", record.id, error)
        note = t(await reader_language(interaction), RESULT_NOT_POSTED)
        with contextlib.suppress(discord.HTTPException):
            await send(interaction, note, ephemeral=True)
