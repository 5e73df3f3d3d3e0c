"""The public Dine messages: the lobby, and the board (picture, the same in words, and shared controls).

The board never shows a hand card: only how many each crew member holds. Its controls are "My hand",
which opens the presser's private view, and the decisions that are nobody's hand (solve or jump,
"A OR B", a shield), drawn from `legal_actions`.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable, Collection, Sequence

import discord

from core.dine.actions import Upgrade
from core.dine.engine import danger_value, hand_size, jump_drive, legal_actions, sector_side
from core.dine.seating import DineSaved
from core.dine.state import State
from core.dine.symbols import row_symbols, side
from core.dine.told import Seat, said
from core.i18n import Locale, mark, t, tn
from core.i18n.commands import Slash
from core.render.dine_board import render_board
from core.render.dine_controls import BUTTON_LIMIT, LABEL_LIMIT, Move, moves
from core.render.dine_names import card_name, sector_name, ship_name
from core.render.dine_text import (
    board_summary,
    changed_note,
    decision_text,
    deck_text,
    loss_text,
    met_note,
    occupied_text,
    rating_text,
    road_text,
    sector_text,
    symbol_text,
    track_left,
    tracks,
    upgraded_mark,
    voyage_lines,
)
from core.words import capitalised, clip, escaped, stars

from ..ui.controls import Ref
from ..ui.games import play_again
from ..ui.message import BoardMessage
from ..ui.text import fit
from .ids import BOARD, FAMILY, PAY, TAKE, Verb, ref

PICTURE = "dine-board.png"
ALT_TEXT_LIMIT = 1024
ROWS_SHOWN = 5
MY_HAND, START, JOIN = mark("My hand"), mark("Start"), mark("Join")  # labels a private text may name
COLOURS = {
    "lobby": discord.Colour(0x3B2E5A),
    "playing": discord.Colour(0x5A2E2E),
    "won": discord.Colour.green(),
    "lost": discord.Colour.red(),
}
Button, Menu = FAMILY.Button, FAMILY.Menu


# --- lobby -------------------------------------------------------------------------------------------


def lobby_message(game_id: int, version: int, saved: DineSaved, locale: Locale = "en") -> BoardMessage:
    table = saved.table
    members = [
        t(locale, "{member} (host)", member=mention) if user == table.captain else mention
        for user, mention in ((user, f"<@{user}>") for user in table.crew)
    ]
    described = saved.setup.describe(locale)
    lines = [
        f"**{described[:1].upper()}{described[1:]}.**",
        t(locale, "Deliver a pizza across space together: 1 to 3 crew, every hand shown on the board.")
        if saved.setup.open_hands
        else t(locale, "Deliver a pizza across space together: 1 to 3 crew, every hand private."),
        t(locale, "Crew ({count}/{most}):", count=len(table.crew), most=table.max_crew)
        + "\n"
        + "\n".join(members),
        t(locale, "Press **Join** to come aboard. The host presses **Start** when everyone is in."),
    ]
    if saved.setup.starter:
        lines.append(
            t(
                locale,
                "New to the game? The starter game teaches it; {rules} explains each step.",
                rules=Slash("dine rules"),
            )
        )
    embed = discord.Embed(
        title=t(locale, "Deep Space Dine · lobby"), description="\n\n".join(lines), colour=COLOURS["lobby"]
    )
    if table.recent:
        embed.add_field(
            name=t(locale, "What happened"),
            value=fit([said(line, locale, saved.names_in_text()) for line in table.recent], newest=True),
            inline=False,
        )
    embed.set_footer(text=t(locale, "Game #{game} · update {version}", game=game_id, version=version))
    at = lambda verb, arg="": ref(verb, game_id, version, arg)  # noqa: E731
    view = discord.ui.View(timeout=None)
    full = len(table.crew) >= table.max_crew
    view.add_item(
        Button(at(Verb.JOIN), label=t(locale, JOIN), style=discord.ButtonStyle.success, disabled=full, row=0)
    )
    view.add_item(Button(at(Verb.LEAVE), label=t(locale, "Leave"), row=0))
    view.add_item(Button(at(Verb.START), label=t(locale, START), style=discord.ButtonStyle.primary, row=0))
    others = [user for user in table.crew if user != table.captain]
    if others:
        options = [  # a name never kept (an older lobby) reads as the member's place in the crew list
            discord.SelectOption(
                label=clip(saved.names.get(user) or Seat(table.crew.index(user)).say(locale), LABEL_LIMIT),
                value=str(user),
            )
            for user in others
        ]
        placeholder = t(locale, "Host: remove a member…")
        view.add_item(Menu(at(Verb.KICK), options=options, placeholder=placeholder, row=1))
    return BoardMessage(embed=embed, view=view, files=[])


def closed_lobby(saved: DineSaved, why: str, locale: Locale = "en") -> BoardMessage:
    embed = discord.Embed(
        title=t(locale, "Deep Space Dine · lobby closed"), description=why, colour=COLOURS["lost"]
    )
    return BoardMessage(embed=embed, view=None, files=[])


# --- the board in words --------------------------------------------------------------------------------


def status_line(state: State, locale: Locale = "en") -> str:
    tracked = [capitalised(track_left(state, name, v, n, locale, ahead=True)) for name, v, n in tracks(state)]
    parts = [f"**{ship_name(locale, state.ship)}**", *tracked]
    parts += [deck_text(state, locale), t(locale, "Discard {count}", count=len(state.discard))]
    return " · ".join(parts)


def sector_lines(state: State, locale: Locale = "en") -> str:
    spec = sector_side(state)
    if spec is None:
        return t(locale, "No sector: the pizza is being delivered.")
    danger = danger_value(state)
    drive = jump_drive(state)
    row = len(state.current_row)
    if danger:
        strike = tn(  # "0/1 card": the row holds up to one card
            locale,
            "**{held}/{count}** card in the current row",
            "**{held}/{count}** cards in the current row",
            danger,
            held=row,
        )
        strike += changed_note(state, "danger", locale)
    else:
        strike = t(locale, "danger **0**: it strikes at once")
    if drive is None:
        jump = t(locale, "cannot jump (X)")
    else:
        jump = t(
            locale,
            "jump: {drive} drive{note} and {navigation} navigation",
            drive=drive,
            note=changed_note(state, "jump_drive", locale),  # beside the drive it explains
            navigation=spec.jump.navigation,
        )
    name = sector_name(locale, state.cards, spec)
    danger_line = t(locale, "Danger: {strike} · {jump}", strike=strike, jump=jump)
    if met := met_note(state, locale):
        danger_line += f"\n{met}"
    return f"{sector_text(spec, state.crew, locale, name)}\n{danger_line}\n{road_text(state, locale)}."


def grid_lines(state: State, locale: Locale = "en") -> list[str]:
    lines: list[str] = []
    first = max(0, len(state.grid) - ROWS_SHOWN)
    if first:
        lines.append("…" + tn(locale, "{count} older row", "{count} older rows", first))
    for number in range(first, len(state.grid)):
        row = state.grid[number]
        cards = ", ".join(
            card_name(locale, state.cards, p.card, state.upgraded)
            + upgraded_mark(state, p.card, locale)
            + (" ↻" if p.rotated else "")
            for p in row
        )
        total = symbol_text(row_symbols(state.cards, row, state.upgraded), locale)
        fields = dict(number=number + 1, cards=cards or t(locale, "empty"), total=total)
        if number == len(state.grid) - 1 and state.outcome == "playing":  # an ended game has none
            lines.append(t(locale, "**Row {number}** ← current: {cards} → {total}", **fields))
        else:
            lines.append(t(locale, "**Row {number}**: {cards} → {total}", **fields))
    return lines


def vacant_label(name: str, locale: Locale = "en") -> str:
    """A vacant seat as the crew list and its hand view name it."""
    return t(locale, "{name} (vacant, played by the crew)", name=escaped(name))


def crew_lines(saved: DineSaved, locale: Locale = "en") -> list[str]:
    state = saved.state
    assert state is not None
    lines: list[str] = []
    for seat, held in enumerate(saved.seats):
        who = f"<@{held.user}>" if held.user is not None else vacant_label(held.name, locale)
        cards = t(locale, "{held}/{size} cards", held=len(state.hands[seat]), size=hand_size(state, seat))
        station = state.stations[seat]
        occupied = ""
        if station:
            face = side(state.cards, station, state.upgraded)
            occupied = t(
                locale,
                ", occupies **{card}** ({what})",
                card=card_name(locale, state.cards, station, state.upgraded),
                what=occupied_text(face.occupied, locale),
            )
        lines.append(f"{seat + 1}. {who}: {cards}{occupied}")
        if saved.setup.open_hands and state.hands[seat]:  # R17: the crew lays its hands out openly
            held_cards = ", ".join(  # an upgraded card says so, as in the grid
                card_name(locale, state.cards, c, state.upgraded) + upgraded_mark(state, c, locale)
                for c in state.hands[seat]
            )
            lines.append(t(locale, "  Hand: {cards}", cards=held_cards))
    return lines


def prompt(
    state: State,
    locale: Locale = "en",
    names: Sequence[str] = (),
    *,
    in_hand: bool = False,
    you: int | None = None,
    vacant: Collection[int] = (),
) -> str:
    """What the game asks now: the result, the crew's decision, or that anyone may act (`in_hand`:
    said in a hand view, which need not send its reader to "My hand"; `you`: the reader's own seat;
    `vacant`: the seats nobody holds, whose decisions any crew member takes from "My hand")."""
    if state.outcome == "won":
        return t(
            locale,
            "**Delivered!** Score **{score}** {stars} — {rating}",
            score=state.score,
            stars=stars(state.stars),
            rating=rating_text(state, locale),
        )
    if state.outcome == "lost":
        return t(locale, "**The delivery failed.** {reason}", reason=loss_text(state, locale))
    solo = state.crew == 1  # one player: every decision is theirs, and no crew to speak of
    if solo:
        you = 0
    if state.pending is not None:
        return _decision(state, locale, names, in_hand=in_hand, you=you, vacant=vacant)
    if solo:
        if in_hand:
            return t(locale, "Play from your hand below.")
        return t(locale, "Press **My hand** to see your cards and play.")
    if in_hand:
        return t(locale, "Any crew member may act at any time: play from your hand below.")
    return t(locale, "Any crew member may act at any time: press **My hand** to see your cards and play.")


def _decision(
    state: State,
    locale: Locale,
    names: Sequence[str],
    *,
    in_hand: bool,
    you: int | None,
    vacant: Collection[int],
) -> str:
    """The pending decision, and where it is taken: a vacant seat's in its hand view, which any crew
    member opens from theirs ("Play seat 3"), since nobody else would take it."""
    assert state.pending is not None
    solo = state.crew == 1
    reason = decision_text(state, locale, names, you)
    kind = state.pending.kind
    orphans = [seat for seat in state.pending.deciding if seat in vacant] if kind == "occupy" else []
    if solo and kind == "upgrade":
        reason = t(locale, "You may upgrade one hand card.")
    if in_hand and you is not None:  # the reader's own hand view: their vacant seats are a click away
        pointers = [t(locale, FOR_SEAT_BELOW, number=seat + 1) for seat in orphans]
        if kind == "occupy" and you not in state.pending.deciding and not orphans:
            return t(locale, "**Waiting:** {reason}", reason=reason)  # this seat has picked already
        asked = " ".join([t(locale, "**Decide:** {reason}", reason=reason), *pointers])
        if kind == "upgrade" and (others := _others_upgrade(state, you)):
            # all this seat can do is give the crew's upgrade up: say who else could use it
            if others <= set(vacant):
                seat = min(others)
                name = Seat.of(seat, names).say(locale)
                return f"{asked} {t(locale, VACANT_UPGRADES, number=seat + 1, name=name)}"
            return f"{asked} {t(locale, NOTHING_TO_UPGRADE)}"
        return asked
    asked = t(locale, "**Decide:** {reason}", reason=reason)
    if in_hand or kind not in _IN_HAND:
        return asked
    if solo:
        return f"{asked} {t(locale, SOLO_IN_HAND)}"
    chosen = _IN_HAND_ONE.get(kind, _IN_HAND[kind]) if state.pending.amount == 1 else _IN_HAND[kind]
    where = [] if orphans and set(state.pending.deciding) <= set(vacant) else [t(locale, chosen)]
    where += [t(locale, FOR_SEAT_IN_HAND, number=seat + 1) for seat in orphans]
    return " ".join([asked, *where])


NOTHING_TO_UPGRADE = mark(
    "You have no card to upgrade, but another crew member may upgrade one of theirs: leave it to them, "
    "or give the upgrade up for the whole crew."
)
VACANT_UPGRADES = mark(
    "You have no card to upgrade, but {name} has one: choose it with **Play seat {number}** below, or give "
    "the upgrade up for the whole crew."
)
FOR_SEAT_BELOW = mark("Choose for seat {number} with **Play seat {number}** below.")
FOR_SEAT_IN_HAND = mark("Any crew member chooses for seat {number} in **My hand** → **Play seat {number}**.")


def _others_upgrade(state: State, seat: int) -> set[int]:
    """In the pending upgrade decision, the other seats that could upgrade a card when `seat` has none
    to upgrade (empty when `seat` has one)."""
    upgraders = {
        a.seat
        for a in legal_actions(state)
        if isinstance(a, Upgrade) and a.card is not None and a.seat is not None
    }
    return set() if seat in upgraders else upgraders


# Decisions taken with hand cards: the board says where they are made (its buttons cannot show a hand).
SOLO_IN_HAND = mark("Choose in **My hand**.")
_IN_HAND = {
    "give": mark("Any crew member chooses the cards in **My hand**."),
    "upgrade": mark("Any crew member chooses the card in **My hand**."),
    "occupy": mark("They choose in **My hand**."),
}
_IN_HAND_ONE = {"give": _IN_HAND["upgrade"]}  # one card to give: "the card", not "the cards"


def board_embed(
    game_id: int, version: int, saved: DineSaved, picture: bool, locale: Locale = "en"
) -> discord.Embed:
    state = saved.state
    assert state is not None
    spec = sector_side(state)
    if spec is not None and state.outcome == "playing":
        title = t(locale, "Deep Space Dine · {sector}", sector=sector_name(locale, state.cards, spec))
    else:
        title = t(locale, "Deep Space Dine · the end")
    head = [status_line(state, locale), prompt(state, locale, saved.deciders(locale), vacant=saved.vacant)]
    if state.outcome != "playing":
        head.append(play_again(FAMILY.kind, locale, daily=saved.table.daily))
    embed = discord.Embed(title=title, description="\n\n".join(head), colour=COLOURS[state.outcome])
    if state.outcome == "playing":
        embed.add_field(name=t(locale, "Sector"), value=fit([sector_lines(state, locale)]), inline=False)
    elif state.outcome == "won":
        delivered = fit(voyage_lines(state, locale))
        embed.add_field(name=t(locale, "Pizza delivered"), value=delivered, inline=False)
    embed.add_field(name=t(locale, "Grid"), value=fit(grid_lines(state, locale)), inline=False)
    embed.add_field(name=t(locale, "Crew"), value=fit(crew_lines(saved, locale)), inline=False)
    if saved.table.recent:
        embed.add_field(
            name=t(locale, "What happened"),
            value=fit(
                [said(line, locale, saved.names_in_text()) for line in saved.table.recent], newest=True
            ),
            inline=False,
        )
    if picture:
        embed.set_image(url=f"attachment://{PICTURE}")
    footer = t(
        locale,
        "Game #{game} · update {version} · {setup}",
        game=game_id,
        version=version,
        setup=saved.setup.describe(locale),
    )
    embed.set_footer(text=footer)
    return embed


async def picture(saved: DineSaved, locale: Locale = "en") -> discord.File:
    """The board picture, drawn off the event loop, with the board in words as its alt text."""
    assert saved.state is not None
    names = saved.deciders(locale, in_text=False)  # a vacant seat's decision is the crew's
    png = await asyncio.to_thread(render_board, saved.state, names, locale)
    alt = clip(board_summary(saved.state, names, locale), ALT_TEXT_LIMIT)
    return discord.File(io.BytesIO(png), filename=PICTURE, description=alt)


def board_view(game_id: int, version: int, saved: DineSaved, locale: Locale = "en") -> discord.ui.View | None:
    """ "My hand" and the public decisions; None once the game is over."""
    state = saved.state
    assert state is not None
    if state.outcome != "playing":
        return None
    at = lambda verb, arg="": ref(verb, game_id, version, arg)  # noqa: E731
    view = discord.ui.View(timeout=None)
    view.add_item(Button(at(Verb.HAND), label=t(locale, MY_HAND), style=discord.ButtonStyle.primary, row=0))
    add_moves(
        view,
        moves(state, None, locale=locale),
        lambda n: at(Verb.MENU, f"{BOARD}.{n}"),
        lambda code: at(Verb.ACT, f"{BOARD}.{code}"),
        1,
        locale,
    )
    return view


def ways(move: Move, locale: Locale = "en") -> str:
    return tn(locale, "{count} way to pay", "{count} ways to pay", len(move.options))


def described(move: Move, locale: Locale = "en") -> str:
    """A move with several ways to pay: its description, shortened so that "N ways to pay" always
    shows after it."""
    count = ways(move, locale)
    if not move.description:
        return count
    return f"{clip(move.description, LABEL_LIMIT - len(count) - 3)} · {count}"


def add_moves(
    view: discord.ui.View,
    shown: list[Move],
    menu_ref: Callable[[int], Ref],
    act_ref: Callable[[str], Ref],
    row: int,
    locale: Locale = "en",
) -> int:
    """Single-option moves as buttons when they fit one row and each label whole (a button has no
    description to carry a cost), else menus of up to 25; returns the next row."""
    if not shown:
        return row
    whole = all(len(move.label) <= BUTTON_LIMIT and not move.description for move in shown)
    if len(shown) <= 5 and whole and all(len(move.options) == 1 for move in shown):
        for move in shown:
            view.add_item(
                Button(act_ref(move.options[0].code), label=clip(move.label, BUTTON_LIMIT), row=row)
            )
        return row + 1
    for n in range(0, len(shown), 25):
        options = [
            discord.SelectOption(
                label=move.label,
                value=TAKE + move.options[0].code if len(move.options) == 1 else PAY + move.group,
                description=(move.description or None) if len(move.options) == 1 else described(move, locale),
            )
            for move in shown[n : n + 25]
        ]
        placeholder = t(locale, "Choose what to do…")
        view.add_item(Menu(menu_ref(n // 25), options=options, placeholder=placeholder, row=row))
        row += 1
    return row


async def board_message(
    game_id: int, version: int, saved: DineSaved, *, pictures: bool = True, locale: Locale = "en"
) -> BoardMessage:
    """The board message (for send or edit) at `version`, in the server's `locale`."""
    embed = board_embed(game_id, version, saved, pictures, locale)
    view = board_view(game_id, version, saved, locale)
    files = [await picture(saved, locale)] if pictures else []
    return BoardMessage(embed=embed, view=view, files=files, content=None)
