"""What a click on a Dine control does: lobby, hand views, moves and the board's decisions.

Every change follows one path: under the game's lock, load the stored game, check the clicker and
the version the control was drawn at, compute the new state with the engine, save it with the
expected version (atomically, with the result when the game ends), and only then answer. A move
made from a private hand view edits that view in place; the public board follows through the
coalescing `BoardKeeper`. A move pressed on the board is shown there while the lock is held, so a
click racing it finds the board current (and is refused), not left behind (and redrawn). A hand
view drawn at an older version is refreshed with a short explanation instead of acting on old
information.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import timedelta
from typing import Any

import discord

from core.dine.actions import Action, action_to_json
from core.dine.codes import decode
from core.dine.engine import abandon, apply, deal, decided_alone, legal_actions
from core.dine.seating import DineSaved, Vacancy, active, leave_refusal, left, left_game, seated
from core.dine.state import State
from core.dine.told import in_every_language, said, told
from core.errors import RuleError
from core.events import NOBODY, Event
from core.games.dine import GAME as DINE
from core.i18n import Locale, Text, lazy, mark, t
from core.i18n.commands import Slash
from core.render.dine_controls import PUBLIC, for_seat
from core.render.dine_controls import moves as moves_of
from core.render.dine_text import describe, loss_text, rating_text, told_by_engine
from core.results import new_result
from core.storage import GameRecord, GameStatus
from core.table import credited, table_action_json
from core.tips.dine import decisions
from core.words import clip, escaped, stars

from ..ui import moves
from ..ui.bot import bot_of
from ..ui.controls import Ref
from ..ui.endings import ENDINGS, Ending
from ..ui.games import GameRules, stale
from ..ui.language import game_language, reader_language
from ..ui.members import in_server, may_act_as_host, may_end
from ..ui.message import BoardMessage
from ..ui.moves import board_follows, load_saved, send_result
from ..ui.replies import send, update
from ..ui.tips import guided, offer_tip
from .board import JOIN, MY_HAND, START, board_message, closed_lobby, lobby_message
from .hand import hand_message, picked
from .ids import BOARD, FAMILY, PAY, TAKE, Verb

log = logging.getLogger(__name__)
RULES = GameRules.of(
    DINE,
    end="end",
    not_crew=mark(
        "Only this game's crew can play it; you can watch the board. "
        "To play, start a game of your own with {start} (in another channel or a thread)."
    ),
    buttons=(MY_HAND, START, JOIN),
    running=mark(  # Dine has a host, not a captain; hosting passes on when the host is voted out or leaves
        "A game is already running in this channel. {where} Its host can end it with {end} (when the host "
        "is voted out or leaves the game, the next crew member hosts), as can someone who may manage this "
        "channel, or its crew once its host has left the server (anyone, once the whole crew has)."
    ),
)
HOST_CLOSED = mark("The host closed the lobby.")
STALE_HAND = mark("The game moved on since this view was drawn, so nothing was done. Here is your hand now.")
ALREADY_MADE = mark("You made that move a moment ago (a second click): it counts once.")
SAVED_BUT_NOT_SHOWN = mark("Your move was saved, but Discord did not take the new view. Press **Refresh**.")
NOTE_LIMIT = 1500  # a move's note in the hand view, under the embed's description limit
SAVED_NOT_ON_BOARD = mark(
    "Saved, but Discord did not show it. The board catches up in a moment; if not, use {command}."
)


def public_lines(saved: DineSaved, events: Sequence[Event]) -> list[str | Text]:
    """What the board's log tells of `events`: what everyone may read; with open hands (R17) every
    hand is on the board, so what a hand card is, is no secret ("Ann upgrades Ramjet")."""
    everyone = range(len(saved.seats)) if saved.setup.open_hands else NOBODY
    return [event.seen_by(everyone) for event in events]


def saved_not_on_board(reader: Locale) -> str:
    """`SAVED_NOT_ON_BOARD` for the clicker, naming `/dine board` as their client shows it."""
    return t(reader, SAVED_NOT_ON_BOARD, command=Slash("dine board"))


def load(record: GameRecord) -> DineSaved:
    return load_saved(RULES, record)


def who(interaction: discord.Interaction) -> str:
    return escaped(interaction.user.display_name)


def seated_users(saved: DineSaved) -> tuple[int, ...]:
    return tuple(seat.user for seat in saved.seats if seat.user is not None)


async def commit(
    interaction: discord.Interaction,
    record: GameRecord,
    saved: DineSaved,
    action_json: str,
    *,
    status: GameStatus = "active",
    abandoned: bool = False,
    mover: int | None = None,
) -> GameRecord:
    """`cogs.ui.moves.commit` for Dine: a result counts for the seated players who moved."""
    crew = seated_users(saved)
    return await moves.commit(
        interaction, RULES, record, saved, action_json, crew, status=status, abandoned=abandoned, mover=mover
    )


def out_detail(outs: Sequence[Vacancy]) -> dict[str, str]:
    """The log's note of whom a vote-out or a leave let the crew vote out, if anyone."""
    return {"voted_out": " ".join(str(out.user) for out in outs)} if outs else {}


def seat_name(saved: DineSaved, user: int) -> str:
    """The name of `user`'s seat for Discord text: the crew's lines name seats as the board does."""
    seat = saved.seat_of(user)
    assert seat is not None
    return escaped(saved.seats[seat].name)


def voted_out_lines(before: DineSaved, outs: Sequence[Vacancy], host: int) -> list[str]:
    """The board's news of each member voted out, in turn (by a vote, or by votes a vacated seat let
    carry), named as their seat: with who hosts now when it was the host (`host` hosted before the
    first), or the new host never learns it."""
    lines: list[str] = []
    for out in outs:
        name = seat_name(before, out.user)
        if out.host == host:
            line = lazy("**{name}** was voted out; the crew now plays their hand together.", name=name)
        else:
            line = lazy(
                "**{name}** was voted out; the crew now plays their hand together, and **{host}** is the "
                "host now.",
                name=name,
                host=seat_name(before, out.host),
            )
        lines.append(told(line))
        host = out.host
    return lines


async def clicked(
    interaction: discord.Interaction, ref: Ref, *, from_board: bool = True
) -> tuple[GameRecord, DineSaved]:
    record, saved = await moves.clicked(interaction, RULES, ref, from_board=from_board)
    bot_of(interaction).presence.saw(record.id, interaction.user.id)  # any click shows they are here
    return record, saved


VOTED_OUT = mark(
    "The crew voted you out of this game while you were away, and plays your hand now; you can watch "
    "the board. To play again, start a game of your own with {start}."
)


LEFT = mark(
    "You left this game, and the crew plays your hand now; you can watch the board. To play again, "
    "start a game of your own with {start}."
)


def check_crew(saved: DineSaved, user: int) -> None:
    if not saved.table.is_crew(user):
        start = Slash(RULES.start.removeprefix("/"))
        if user in saved.voted_out:
            raise RuleError(lazy(VOTED_OUT, start=start))
        if user in saved.gone:
            raise RuleError(lazy(LEFT, start=start))
    moves.check_crew(RULES, saved.table, user)


async def show_tip(interaction: discord.Interaction, saved: DineSaved) -> None:
    """After the clicker's own move or view: the next tip for the seats they play, if guided."""
    state = saved.state
    if state is not None:
        seats = saved.seats_for(interaction.user.id)
        await offer_tip(interaction, RULES.kind, saved.table, lambda: decisions(state, seats))


def on_hand_view(interaction: discord.Interaction) -> bool:
    message = interaction.message
    return message is not None and message.flags.ephemeral


# --- the lobby -------------------------------------------------------------------------------------


async def _lobby_change(
    interaction: discord.Interaction, ref: Ref, change: Any, *, host_only: bool = False
) -> None:
    """Apply `change(saved) -> (saved, news line, logged kind, detail)` to an open lobby and show it."""
    bot = bot_of(interaction)
    async with bot.game_locks(ref.game):
        record, saved = await clicked(interaction, ref)
        if saved.started:
            raise RuleError(lazy("This game has already started."))
        if host_only and not await may_act_as_host(interaction, saved.table.captain, saved.table.crew):
            raise RuleError(lazy("Only the host can do that."))
        saved, line, kind, detail = change(saved)
        names = {**saved.names, interaction.user.id: interaction.user.display_name}
        names = {user: name for user, name in names.items() if saved.table.is_crew(user)}
        news = saved.table.with_news([*saved.table.recent, line])
        saved = saved.model_copy(update={"table": news, "touched": discord.utils.utcnow(), "names": names})
        empty = not saved.table.crew
        record = await commit(
            interaction,
            record,
            saved,
            table_action_json(kind, **detail),
            status="abandoned" if empty else "active",
        )
        locale = await game_language(interaction, saved.table)
        saved_note = saved_not_on_board(await reader_language(interaction))
        async with board_follows(interaction, record.id, saved_note):
            if empty:
                why = t(locale, "Everyone left, so the lobby closed.")
                await update(interaction, **closed_lobby(saved, why, locale).as_edit())
            else:
                await update(interaction, **lobby_message(record.id, record.version, saved, locale).as_edit())
            await bot.boards.shown(record)


async def join(interaction: discord.Interaction, ref: Ref, _: str) -> None:
    user = interaction.user.id
    guide = await guided(bot_of(interaction).store, DINE, user, None)

    def change(saved: DineSaved) -> tuple[DineSaved, str, str, dict[str, Any]]:
        refusal = saved.table.can_join(user)
        if refusal is not None:
            raise RuleError(refusal)
        table = saved.table.joined(user).guiding(user, guide)
        return (
            saved.model_copy(update={"table": table}),
            told(lazy("**{name}** joins.", name=who(interaction))),
            "join",
            {"user": user},
        )

    await _lobby_change(interaction, ref, change)


async def leave(interaction: discord.Interaction, ref: Ref, _: str) -> None:
    user = interaction.user.id

    def change(saved: DineSaved) -> tuple[DineSaved, str, str, dict[str, Any]]:
        if not saved.table.is_crew(user):
            raise RuleError(lazy("You are not in this lobby."))
        after = left(saved, user)
        line = lazy("**{name}** leaves.", name=who(interaction))
        captain = after.table.captain
        if captain != saved.table.captain and after.table.crew:  # said, or the new host never learns it
            known = after.names.get(captain)
            host = escaped(known) if known is not None else f"<@{captain}>"
            line = lazy("**{name}** leaves; **{host}** is the host now.", name=who(interaction), host=host)
        return after, told(line), "leave", {"user": user}

    await _lobby_change(interaction, ref, change)


# A line lobbies kept before a removed member was named in bold: still said in every language.
REMOVED_BEFORE = mark("The host removes {member}.")


async def kick(interaction: discord.Interaction, ref: Ref, value: str) -> None:
    target = int(value) if value.isdigit() else 0

    def change(saved: DineSaved) -> tuple[DineSaved, str, str, dict[str, Any]]:
        if target == saved.table.captain or not saved.table.is_crew(target):
            raise RuleError(lazy("Pick a member of the lobby other than yourself."))
        # named in bold as a join names its member (a mention in an embed would ping nobody anyway)
        # a member whose name was never kept (an older lobby) is mentioned: the client shows the name
        member = escaped(saved.names[target]) if target in saved.names else f"<@{target}>"
        line = told(lazy("The host removes **{member}**.", member=member))
        return left(saved, target), line, "remove", {"user": target}

    await _lobby_change(interaction, ref, change, host_only=True)


async def start(interaction: discord.Interaction, ref: Ref, _: str) -> None:
    bot = bot_of(interaction)
    async with bot.game_locks(ref.game):
        record, saved = await clicked(interaction, ref)
        if saved.started:
            raise RuleError(lazy("This game has already started."))
        host = saved.table.captain
        if not await may_act_as_host(interaction, host, saved.table.crew):
            raise RuleError(lazy("Only the host can start the game; it starts when they press **Start**."))
        gone: list[str] = []
        if interaction.user.id != host:  # the host left the server: the game starts without them
            name = escaped(saved.names.get(host, "?"))
            gone = [told(lazy("The host, {name}, left the server.", name=name))]
            saved = left(saved, host)
        for member in saved.table.crew:  # nor is a member who left dealt a hand nobody would play
            if member != interaction.user.id and not await in_server(interaction, member):
                name = escaped(saved.names.get(member, "?"))
                gone.append(told(lazy("{name} left the server and was not dealt in.", name=name)))
                saved = left(saved, member)
        if ref.version != record.version:  # the crew changed since the host looked: look again
            raise stale(record, RULES)
        seed = bot.new_seed()
        setup = saved.setup
        crew = len(saved.table.crew)
        state, events = deal(  # by the rules the lobby was opened under, as its record says
            seed,
            ship=setup.ship,
            level=setup.level,
            crew=crew,
            starter=setup.starter,
            rules_version=record.rules_version,
        )
        saved = seated(saved, discord.utils.utcnow(), state)
        lines = [
            *gone,
            told(
                lazy(
                    "**{name}** starts the game: {setup}.",
                    name=who(interaction),
                    setup=in_every_language(setup.describe),
                )
            ),
            *public_lines(saved, events),
        ]
        saved = saved.model_copy(update={"table": saved.table.with_news(lines)})
        detail = {
            "seed": seed,
            "crew": crew,
            "ship": setup.ship,
            "level": setup.level,
            "starter": setup.starter,
        }
        message = await board_message(
            record.id,
            record.version + 1,
            saved,
            pictures=bot.settings.board_pictures,
            locale=await game_language(interaction, saved.table),
        )
        record = await commit(interaction, record, saved, table_action_json("start", **detail))
        saved_note = saved_not_on_board(await reader_language(interaction))
        async with board_follows(interaction, record.id, saved_note):
            await update(interaction, **message.as_edit())
            await bot.boards.shown(record)
    await show_tip(interaction, saved)


# --- hands and moves -------------------------------------------------------------------------------


def seat_for(saved: DineSaved, user: int, arg: str) -> int:
    """The seat a hand control acts for; refused if the clicker may not play it."""
    mine = saved.seats_for(user)
    if not mine:
        check_crew(saved, user)
        raise RuleError(lazy("You no longer hold a seat in this game."))
    seat = int(arg) if arg.isdigit() else mine[0]
    if seat not in mine:
        raise RuleError(lazy("That hand is not yours to play."))
    return seat


async def hand(interaction: discord.Interaction, ref: Ref, arg: str) -> None:
    """From the board: a fresh private hand view. In a hand view: the same view redrawn now."""
    record, saved = await clicked(interaction, ref, from_board=not on_hand_view(interaction))
    if not saved.started:
        raise RuleError(lazy("The game has not started yet."))
    check_crew(saved, interaction.user.id)
    seat = seat_for(saved, interaction.user.id, arg)
    locale = await reader_language(interaction)
    message = hand_message(record.id, record.version, saved, seat, interaction.user.id, locale=locale)
    if on_hand_view(interaction):
        await update(interaction, **message.as_edit())
    else:
        await send(interaction, ephemeral=True, **message.as_send())
    await show_tip(interaction, saved)


async def act(interaction: discord.Interaction, ref: Ref, arg: str) -> None:
    seat_part, _, code = arg.partition(".")
    await _act(interaction, ref, seat_part, code)


async def menu(interaction: discord.Interaction, ref: Ref, value: str) -> None:
    seat_part, _, _ = ref.arg.partition(".")
    if value.startswith(TAKE):
        await _act(interaction, ref, seat_part, value.removeprefix(TAKE))
    elif value.startswith(PAY):
        await _pick(interaction, ref, seat_part, value.removeprefix(PAY))
    else:  # an old index (`a3`, `g2`) or no value at all
        raise RuleError(FAMILY.outdated)


def decoded(saved: DineSaved, code: str) -> Action:
    """The action a control's code names; an id that is not a code (an old index) is outdated."""
    assert saved.state is not None
    action = decode(saved.state, code)
    if action is None:
        raise RuleError(FAMILY.outdated)
    return action


async def _pick(interaction: discord.Interaction, ref: Ref, seat_part: str, group: str) -> None:
    """Show the ways to pay for a move (named by its group code): the same version, nothing saved."""
    record, saved = await clicked(interaction, ref, from_board=False)
    check_crew(saved, interaction.user.id)
    if saved.state is None:
        raise RuleError(lazy("The game has not started yet."))
    seat = seat_for(saved, interaction.user.id, seat_part)
    decoded(saved, group)  # not a code (an old index): outdated, whatever the version
    locale = await reader_language(interaction)
    user = interaction.user.id
    if ref.version != record.version:
        stale_hand = hand_message(
            record.id, record.version, saved, seat, user, t(locale, STALE_HAND), locale=locale
        )
        await update(interaction, **stale_hand.as_edit())
        return
    if picked(moves_of(saved.state, seat), group) is None:
        raise stale(record, RULES)
    message = hand_message(record.id, record.version, saved, seat, user, picking=group, locale=locale)
    await update(interaction, **message.as_edit())


async def _just_made(bot: Any, record: GameRecord, ref: Ref, user: int, action: Action) -> list[str] | None:
    """The game's log if the one move since the view was drawn is this very move by this member: a
    double click, which is not "nothing was done"; else None."""
    if ref.version != record.version - 1:
        return None
    log = await bot.store.actions(record.id)
    if not log or log[-1].user_id != user or log[-1].action_json != action_to_json(action):
        return None
    return [entry.action_json for entry in log]


def _report(
    saved: DineSaved,
    before: State,
    action: Action,
    events: Sequence[Event],
    seat: int,
    user: int,
    locale: Locale,
) -> str:
    """What a seat's move set off, as the hand view it was made from tells it: every line as this seat
    may see them (a strike before the last line is news too), where the engine's first line says the
    move itself ("Ann plays … into row 1"), not twice."""
    mine = (seat,)  # the hand view's own note may name the seat's own cards
    names = saved.names_in_text()
    seen = [said(event.seen_by(mine), locale, names) for event in events]
    by_engine = saved.seats[seat].user == user and told_by_engine(action) and bool(seen)
    own = [] if by_engine else [t(locale, "You: {move}", move=describe(before, action, mine, locale).line)]
    return clip("\n".join([*own, *seen]), NOTE_LIMIT)


def _report_again(
    saved: DineSaved, log: list[str], action: Action, seat: int, user: int, locale: Locale
) -> str:
    """A double click's note: that the move counted once, then its report as the first click told it
    (the game replayed to the state it was made in), so the second click does not wipe it."""
    assert saved.state is not None
    before = DINE.states(saved.state, log)[-2]
    _, events = apply(before, action)
    return f"{t(locale, ALREADY_MADE)}\n{_report(saved, before, action, events, seat, user, locale)}"


def _allowed(action: Action, seat: int | None) -> bool:
    return isinstance(action, PUBLIC) if seat is None else for_seat(action, seat)


async def _act(interaction: discord.Interaction, ref: Ref, seat_part: str, code: str) -> None:
    """Take the action `code` names for `seat_part` (a seat, or the board's `BOARD`), if it is
    legal now and that seat's to take."""
    bot = bot_of(interaction)
    private = on_hand_view(interaction)
    user = interaction.user.id
    locale = await reader_language(interaction)
    async with bot.game_locks(ref.game):
        record, saved = await clicked(interaction, ref, from_board=not private)
        check_crew(saved, user)
        if saved.state is None:
            raise RuleError(lazy("The game has not started yet."))
        seat = seat_for(saved, user, seat_part) if seat_part != BOARD else None
        action = decoded(saved, code)
        # A member's own station pick stands after the others' picks: they decide at once, and a code
        # names the move itself, so it means the same now (it must still be legal, checked below).
        own_pick = seat is not None and action is not None and decided_alone(saved.state, action)
        if ref.version != record.version and not own_pick:
            if private and seat is not None:
                log = await _just_made(bot, record, ref, user, action)
                note = (
                    t(locale, STALE_HAND)
                    if log is None
                    else _report_again(saved, log, action, seat, user, locale)
                )
                stale_hand = hand_message(record.id, record.version, saved, seat, user, note, locale=locale)
                await update(interaction, **stale_hand.as_edit())
                return
            await bot.boards.stale_click(interaction, record, RULES)
        if action not in legal_actions(saved.state) or not _allowed(action, seat):
            raise stale(record, RULES)
        acting = seat if seat is not None else saved.seat_of(user)
        before = saved.state
        state, events = apply(before, action)
        owner = saved.seats[seat].user if seat is not None else user
        deed = in_every_language(lambda locale: describe(before, action, NOBODY, locale).line)
        if owner == user:
            line = told(lazy("**{name}**: {move}", name=who(interaction), move=deed))
        else:
            number = (seat or 0) + 1
            line = told(
                lazy(
                    "**{name}** (for seat {number}): {move}", name=who(interaction), number=number, move=deed
                )
            )
        # The board's log: what everyone may read. A seat's move made by its own holder is told in full
        # by the engine ("Ann plays … into row 1", "Ann occupies …"): the move's line would say it twice.
        said_by_engine = owner == user and told_by_engine(action)
        lines = [*([] if said_by_engine else [line]), *public_lines(saved, events)]
        now = discord.utils.utcnow()
        played_by = {
            s for s in (acting, saved.seat_of(user)) if s is not None
        }  # a vacant seat's is its player's
        for played in played_by:
            saved = active(saved, played, now)
        saved = saved.model_copy(update={"state": state, "table": saved.table.with_news(lines)})
        record = await commit(interaction, record, saved, action_to_json(action), mover=user)
        if not private or seat is None:  # on the board: shown under the lock, so that a click racing
            await _show(interaction, record, saved, None)  # this one finds the board current
    if not private or seat is None:
        await show_tip(interaction, saved)
        return
    assert seat is not None
    note = _report(saved, before, action, events, seat, user, locale)
    await _show(
        interaction,
        record,
        saved,
        hand_message(record.id, record.version, saved, seat, user, note, locale=locale),
    )
    await show_tip(interaction, saved)


async def _show(
    interaction: discord.Interaction, record: GameRecord, saved: DineSaved, hand: BoardMessage | None
) -> None:
    """Show a saved move in the hand view it was made from (`hand`; the board follows through the
    keeper) or on the board itself, then the result if the game ended."""
    bot = bot_of(interaction)
    saved_note = t(await reader_language(interaction), SAVED_BUT_NOT_SHOWN)
    async with board_follows(interaction, record.id, saved_note):
        if hand is not None:
            await update(interaction, **hand.as_edit())
            bot.boards.request(record.id, mover=interaction)  # told if the board cannot follow
        else:
            pictures = bot.settings.board_pictures
            locale = await game_language(interaction, saved.table)
            shown = await board_message(record.id, record.version, saved, pictures=pictures, locale=locale)
            await update(interaction, **shown.as_edit())
            await bot.boards.answered(record)
        if saved.state is not None and saved.state.outcome != "playing":
            await announce(interaction, record, saved)


async def announce(interaction: discord.Interaction, record: GameRecord, saved: DineSaved) -> None:
    crew = seated_users(saved)
    locale = await game_language(interaction, saved.table)
    await send_result(interaction, record, crew, lambda players: result_embed(record, saved, players, locale))


def result_embed(
    record: GameRecord, saved: DineSaved, players: tuple[int, ...], locale: Locale = "en"
) -> discord.Embed:
    """A finished Dine game's public result, in the server's `locale`."""
    state = saved.state
    assert state is not None
    won = state.outcome == "won"
    if won:
        rating = stars(state.stars)
        title = t(locale, "The pizza is delivered!")
        text = (
            t(locale, "Score **{score}** · {stars}", score=state.score, stars=rating)
            + f"\n*{rating_text(state, locale)}*"
        )
    else:
        title, text = t(locale, "The delivery failed."), loss_text(state, locale)
    return moves.finished_embed(
        title=title,
        description=text,
        colour=discord.Colour.green() if won else discord.Colour.red(),
        fields=[
            (t(locale, "Sectors cleared"), str(state.cleared)),
            (t(locale, "Actions"), str(state.actions_taken)),
        ],
        crew=seated_users(saved),
        players=players,
        footer=t(locale, "Game #{game} · {setup}", game=record.id, setup=saved.setup.describe(locale)),
        kind=RULES.kind,
        daily=saved.table.daily,
        locale=locale,
    )


# --- ending ----------------------------------------------------------------------------------------


async def check_may_end(interaction: discord.Interaction, saved: DineSaved) -> None:
    if interaction.permissions.manage_channels:
        return
    if not await may_end(interaction, saved.table.captain, saved.table.crew):
        if saved.state is None:  # a lobby is closed, not ended
            raise RuleError(
                lazy("Only the host, or someone who may manage this channel, can close the lobby.")
            )
        raise RuleError(lazy("Only the host, or someone who may manage this channel, can end the game."))


async def confirm_end(interaction: discord.Interaction, ref: Ref, _: str) -> None:
    """The confirmation button of `/dine end` (on a private message)."""
    bot = bot_of(interaction)
    reader = await reader_language(interaction)
    async with bot.game_locks(ref.game):
        record, saved = await clicked(interaction, ref, from_board=False)
        await check_may_end(interaction, saved)
        server = await game_language(interaction, saved.table)
        if saved.state is None:
            saved = saved.model_copy(
                update={"table": saved.table.with_news([*saved.table.recent, told(lazy(HOST_CLOSED))])}
            )
            record = await commit(interaction, record, saved, table_action_json("close"), status="abandoned")
            async with board_follows(interaction, record.id, saved_not_on_board(reader)):
                await update(interaction, content=t(reader, "The lobby is closed."), view=None)
                await bot.boards.show(record, closed_lobby(saved, t(server, HOST_CLOSED), server))
            return
        state, events = abandon(saved.state)
        lines = [told(lazy("**{name}** ends the game.", name=who(interaction))), *(e.text for e in events)]
        saved = saved.model_copy(update={"state": state, "table": saved.table.with_news(lines)})
        record = await commit(interaction, record, saved, table_action_json("abandon"), abandoned=True)
    result = await bot.store.result(record.id)
    if result is not None and not result.players:
        done = t(reader, "The game is over; nobody had made a move, so it counts for nobody.")
    else:
        done = t(reader, "The game is over and counts as a loss.")
    async with board_follows(interaction, record.id, saved_not_on_board(reader)):
        await update(interaction, content=done, view=None)
        shown = await board_message(
            record.id, record.version, saved, pictures=bot.settings.board_pictures, locale=server
        )
        await bot.boards.show(record, shown)
        await announce(interaction, record, saved)


async def confirm_leave(interaction: discord.Interaction, ref: Ref, _: str) -> None:
    """The confirmation button of `/dine leave` (on a private message): the clicker's seat becomes
    vacant, played by the crew, as after a vote-out."""
    bot = bot_of(interaction)
    reader = await reader_language(interaction)
    user = interaction.user.id
    async with bot.game_locks(ref.game):
        record, saved = await clicked(interaction, ref, from_board=False)
        check_crew(saved, user)
        if (refusal := leave_refusal(saved, user)) is not None:
            raise RuleError(refusal)
        idle = timedelta(minutes=bot.settings.dine_idle_minutes)
        seen = bot.presence.of(record.id, seated_users(saved))
        after, (leaving, *outs) = left_game(saved, user, discord.utils.utcnow(), idle, seen)
        line = lazy(
            "**{name}** leaves the game; the crew now plays their hand together.", name=who(interaction)
        )
        if leaving.host != saved.table.captain:  # said, or the new host never learns it
            line = lazy(
                "**{name}** leaves the game; the crew now plays their hand together, and **{host}** is the "
                "host now.",
                name=who(interaction),
                host=seat_name(saved, leaving.host),
            )
        lines = [told(line), *voted_out_lines(saved, outs, leaving.host)]
        after = after.model_copy(update={"table": after.table.with_news([*after.table.recent, *lines])})
        record = await commit(
            interaction, record, after, table_action_json("leave", user=user, **out_detail(outs))
        )
        server = await game_language(interaction, after.table)
    async with board_follows(interaction, record.id, saved_not_on_board(reader)):
        done = t(reader, "You left the game; the crew plays your hand now. You can still watch the board.")
        await update(interaction, content=done, view=None)
        shown = await board_message(
            record.id, record.version, after, pictures=bot.settings.board_pictures, locale=server
        )
        await bot.boards.show(record, shown)


def abandoned(record: GameRecord, why: Text, moved: set[int], ended_by: int | None, _: Locale) -> Ending:
    """A game whose channel is gone, or that everyone forgot, ends as `/dine end` ends it: a lobby
    closes, a started game is a loss, logged as abandoned, but lost as unfinished: nobody ended it. A
    daily attempt its player gives up (`ended_by`) ends as their own command would. Its lines are told
    in each reader's words."""
    saved = load(record)
    line = told(lazy("The game ended: {why}.", why=why))
    if saved.state is None:
        saved = saved.model_copy(update={"table": saved.table.with_news([*saved.table.recent, line])})
        return Ending(table_action_json("close", why=why.say("en")), saved.model_dump_json(), None)
    unfinished = ended_by is None  # the bot ended it (its news says why)
    state, events = abandon(saved.state, unfinished)
    lines = [line] if unfinished else [line, *(e.text for e in events)]
    saved = saved.model_copy(update={"state": state, "table": saved.table.with_news(lines)})
    players = credited(seated_users(saved), moved, record.owner_id, ended_by)
    return Ending(
        table_action_json("abandon", why=why.say("en"), unfinished=unfinished),
        saved.model_dump_json(),
        new_result(DINE, state, saved.table, players, abandoned=True, unfinished=unfinished),
    )


ENDINGS[RULES.kind] = abandoned
FAMILY.handlers.update(
    {
        Verb.HAND: hand,
        Verb.ACT: act,
        Verb.MENU: menu,
        Verb.JOIN: join,
        Verb.LEAVE: leave,
        Verb.START: start,
        Verb.KICK: kick,
        Verb.END: confirm_end,
        Verb.QUIT: confirm_leave,
    }
)
