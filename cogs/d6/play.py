"""What a click on a D-6 board does: the per-game lock, the checks, the engine, the commit, the reply.

Every change follows one path (`_commit`): under the game's lock, load the stored game, check the
clicker and the board's version, compute the new state with the engine, save it with the expected
version (atomically, with the result when the game ends), and only then answer by editing the board
in the same interaction response. A board Discord failed to update is caught up by the bot's
`BoardKeeper`, which also redraws it when a click finds it behind.
"""

from __future__ import annotations

import logging

import discord

from core.d6 import State, abandon, action_to_json, apply, legal_actions
from core.d6.codes import decode
from core.d6.engine import Event, score_parts
from core.d6.state import HULL_MAX, SHIELDS_MAX
from core.errors import RuleError
from core.games.d6 import GAME as D6
from core.i18n import Locale, Text, lazy, mark, say, t
from core.i18n.commands import Slash
from core.render.d6_controls import END_ASSIGNMENT, read_page
from core.render.d6_hint import hint_text
from core.render.d6_text import describe_action, loss_text
from core.results import new_result
from core.storage import GameRecord
from core.table import Saved, Table, credited, table_action_json
from core.tips.d6 import decisions
from core.words import escaped

from ..ui.bot import bot_of
from ..ui.controls import Ref
from ..ui.endings import ENDINGS, Ending
from ..ui.games import GameRules, stale
from ..ui.language import game_language, reader_language
from ..ui.members import may_end
from ..ui.message import BoardMessage
from ..ui.moves import (
    board_follows,
    check_crew,
    check_hints,
    clicked,
    commit,
    finished_embed,
    load_saved,
    send_result,
)
from ..ui.replies import send, update
from ..ui.tips import guided, offer_tip
from .board import COLOURS, HINT, JOIN, board_message, die_picked, game_kind
from .ids import Verb
from .items import HANDLERS

log = logging.getLogger(__name__)
RULES = GameRules.of(
    D6,
    end="abandon",
    not_crew=mark(
        "This is <@{captain}>'s game and only its crew can play it.{join} "
        "To play your own, start one with {start} in another channel or thread."
    ),
    join_hint=mark(" Press **Join crew** to help."),
    buttons=(JOIN, END_ASSIGNMENT, HINT),
)
SAVED_BUT_NOT_SHOWN = mark(
    "Your move was saved, but the board could not be refreshed. Use {command} to show it again."
)


def saved_but_not_shown(reader: Locale) -> str:
    """`SAVED_BUT_NOT_SHOWN` for the clicker, naming `/d6 board` as their client shows it."""
    return t(reader, SAVED_BUT_NOT_SHOWN, command=Slash("d6 board"))


def load(record: GameRecord) -> Saved[State]:
    return load_saved(RULES, record)


def news(who: str, action_text: str | None, events: list[Event], locale: Locale = "en") -> list[str]:
    """What happened, for the board's public "What happened" (in the server's `locale`)."""
    lines = [f"**{who}**: {action_text}"] if action_text else []
    return lines + [say(locale, event.text) for event in events]


def result_embed(
    record: GameRecord, saved: Saved[State], players: tuple[int, ...], locale: Locale = "en"
) -> discord.Embed:
    state = saved.state
    won = state.outcome == "won"
    why = "" if won else f"{loss_text(state, locale)}\n"
    parts = [f"{text.say(locale)}: {points}" for text, points in score_parts(state)]
    total = t(locale, "**Total: {score}**", score=state.score)
    return finished_embed(
        title=t(locale, "Victory! The rescue fleet arrives.") if won else t(locale, "The ship is lost."),
        description=why + t(locale, "Score **{score}**.", score=state.score),
        colour=COLOURS[state.outcome],
        fields=[
            (t(locale, "Rounds"), str(state.round)),
            (t(locale, "Hull left"), f"{state.hull}/{HULL_MAX}"),
            (t(locale, "Shields left"), f"{state.shields}/{SHIELDS_MAX}"),
            (t(locale, "How the score adds up"), "\n".join([*parts, total]), False),
        ],
        crew=saved.table.crew,
        players=players,
        footer=t(locale, "Game #{game} · {kind}", game=record.id, kind=game_kind(state, locale)),
        kind=RULES.kind,
        daily=saved.table.daily,
        locale=locale,
    )


async def announce(interaction: discord.Interaction, record: GameRecord, saved: Saved[State]) -> None:
    locale = await game_language(interaction, saved.table)
    await send_result(
        interaction, record, saved.table.crew, lambda players: result_embed(record, saved, players, locale)
    )


async def _commit(
    interaction: discord.Interaction,
    record: GameRecord,
    saved: Saved[State],
    action_json: str,
    *,
    abandoned: bool = False,
    mover: int | None = None,
) -> tuple[GameRecord, BoardMessage]:
    """Draw the next board, then save `saved` as the game's next version.

    Drawing first means a failure there changes nothing; a concurrent save elsewhere makes this
    click stale. `mover` made this move (None for a join or an abandon, which earn no credit).
    Returns the saved record and the board message to show.
    """
    message = await board_message(
        record.id,
        record.version + 1,
        saved.table,
        saved.state,
        pictures=bot_of(interaction).settings.board_pictures,
        locale=await game_language(interaction, saved.table),
    )
    crew = saved.table.crew
    record = await commit(
        interaction, RULES, record, saved, action_json, crew, abandoned=abandoned, mover=mover
    )
    return record, message


async def _show(
    interaction: discord.Interaction, record: GameRecord, saved: Saved[State], message: BoardMessage
) -> None:
    shown_not = saved_but_not_shown(await reader_language(interaction))
    async with board_follows(interaction, record.id, shown_not):
        await update(interaction, **message.as_edit())
        await bot_of(interaction).boards.answered(record)
        if saved.state.outcome != "playing":
            await announce(interaction, record, saved)


async def _clicked(
    interaction: discord.Interaction, ref: Ref, *, crew_only: bool = True, from_board: bool = True
) -> tuple[GameRecord, Saved[State]]:
    record, saved = await clicked(interaction, RULES, ref, from_board=from_board)
    if crew_only:
        check_crew(RULES, saved.table, interaction.user.id)
        if ref.version != record.version:
            await bot_of(interaction).boards.stale_click(interaction, record, RULES)
    return record, saved


def who(interaction: discord.Interaction) -> str:
    return escaped(interaction.user.display_name)


async def act(interaction: discord.Interaction, ref: Ref, code: str) -> None:
    if (paged := read_page(code)) is not None:  # a menu's "more choices" option
        await _choices(interaction, ref, *paged)
        return
    async with bot_of(interaction).game_locks(ref.game):
        record, saved = await _clicked(interaction, ref)
        action = decode(code)
        if action is None or action not in legal_actions(saved.state):
            raise stale(record, RULES)
        state, events = apply(saved.state, action)
        locale = await game_language(interaction, saved.table)
        lines = news(who(interaction), describe_action(saved.state, action, locale=locale), events, locale)
        saved = Saved[State](table=saved.table.with_news(lines), state=state)
        record, message = await _commit(
            interaction, record, saved, action_to_json(action), mover=interaction.user.id
        )
        await _show(interaction, record, saved, message)
    await offer_tip(interaction, RULES.kind, saved.table, lambda: decisions(saved.state))


async def pick(interaction: discord.Interaction, ref: Ref, arg: str) -> None:
    """Show one die's uses."""
    await _choices(interaction, ref, int(arg) if arg.isdigit() else None)


async def _choices(interaction: discord.Interaction, ref: Ref, die: int | None, page: int = 0) -> None:
    """Show `die`'s uses (or a waiting decision's answers), `page` of them if they fill more menus
    than a message holds: the same version and picture with other controls; nothing is saved."""
    async with bot_of(interaction).game_locks(ref.game):
        record, saved = await _clicked(interaction, ref)
        embeds = interaction.message.embeds if interaction.message is not None else []
        url = embeds[0].image.url if embeds and embeds[0].image else None
        locale = await game_language(interaction, saved.table)
        shown = die_picked(record.id, record.version, saved.table, saved.state, die, url, locale, page)
        await update(interaction, **shown.as_edit())
    await offer_tip(interaction, RULES.kind, saved.table, lambda: decisions(saved.state, die))


async def join(interaction: discord.Interaction, ref: Ref, _: str) -> None:
    async with bot_of(interaction).game_locks(ref.game):
        record, saved = await _clicked(interaction, ref, crew_only=False)
        refusal = saved.table.can_join(interaction.user.id)
        if refusal is not None:
            raise RuleError(refusal)
        user = interaction.user.id
        table = saved.table.joined(user).guiding(
            user, await guided(bot_of(interaction).store, D6, user, None)
        )
        lines = [
            t(await game_language(interaction, table), "**{name}** joins the crew.", name=who(interaction))
        ]
        saved = Saved[State](table=table.with_news([*saved.table.recent, *lines]), state=saved.state)
        record, message = await _commit(interaction, record, saved, table_action_json("join"))
        await _show(interaction, record, saved, message)
    await offer_tip(interaction, RULES.kind, saved.table, lambda: decisions(saved.state))


async def hint(interaction: discord.Interaction, ref: Ref, _: str) -> None:
    saved = (await _clicked(interaction, ref, crew_only=False, from_board=False))[1]
    check_hints(RULES, saved.table)
    await send(interaction, hint_text(saved.state, await reader_language(interaction)), ephemeral=True)


async def check_may_abandon(interaction: discord.Interaction, table: Table) -> None:
    if interaction.permissions.manage_channels:
        return
    if not await may_end(interaction, table.captain, table.crew):
        raise RuleError(
            lazy(
                "Only the captain, or someone who may manage this channel, can abandon the game (its crew "
                "too, once the captain has left the server). To play meanwhile, start a game of your own "
                "with {command} in another channel or thread.",
                command=Slash("d6 new"),
            )
        )


async def confirm_abandon(interaction: discord.Interaction, ref: Ref, _: str) -> None:
    """The confirmation button of `/d6 abandon`: on a private message, so not a board click. Its
    version is not checked: abandoning stays the same decision whatever happened since."""
    async with bot_of(interaction).game_locks(ref.game):
        record, saved = await _clicked(interaction, ref, crew_only=False)
        await check_may_abandon(interaction, saved.table)
        state, events = abandon(saved.state)
        public = await game_language(interaction, saved.table)
        lines = news(who(interaction), t(public, "abandons the game"), events, public)
        saved = Saved[State](table=saved.table.with_news(lines), state=state)
        record, message = await _commit(
            interaction, record, saved, table_action_json("abandon"), abandoned=True
        )
        reader = await reader_language(interaction)
        result = await bot_of(interaction).store.result(record.id)
        if result is not None and not result.players:
            done = t(reader, "The game is abandoned; nobody had made a move, so it counts for nobody.")
        else:
            done = t(reader, "The game is abandoned and counted as a loss.")
        async with board_follows(interaction, record.id, saved_but_not_shown(reader)):
            await update(interaction, content=done, view=None)
            await bot_of(interaction).boards.show(record, message)
            await announce(interaction, record, saved)


def abandoned(record: GameRecord, why: Text, moved: set[int], ended_by: int | None, locale: Locale) -> Ending:
    """A game whose channel is gone, or that everyone forgot, ends as `/d6 abandon` ends it, a loss
    logged as abandoned, but lost as unfinished: nobody abandoned ship. A daily attempt its player
    gives up (`ended_by`) is abandoned as their own command would. Its news lines are in its board's
    `locale`."""
    saved = load(record)
    unfinished = ended_by is None  # the bot ended it (its news says why)
    state, events = abandon(saved.state, unfinished)
    said = [] if unfinished else [say(locale, event.text) for event in events]
    lines = [t(locale, "The game ended: {why}.", why=why.say(locale)), *said]
    saved = Saved[State](table=saved.table.with_news(lines), state=state)
    players = credited(saved.table.crew, moved, record.owner_id, ended_by)
    result = new_result(D6, state, saved.table, players, abandoned=True, unfinished=unfinished)
    ending = table_action_json("abandon", why=why.say("en"), unfinished=unfinished)
    return Ending(ending, saved.model_dump_json(), result)


ENDINGS[RULES.kind] = abandoned
HANDLERS.update(
    {
        Verb.ACT: act,
        Verb.MENU: act,
        Verb.PICK: pick,
        Verb.JOIN: join,
        Verb.HINT: hint,
        Verb.ABANDON: confirm_abandon,
    }
)
