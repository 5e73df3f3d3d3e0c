"""The public Dine messages: the lobby, and the board (picture, the same in words, and shared controls).

The board never shows a hand card: only how many each crew member holds. Its controls are "My hand",
which opens the presser's private view, and the decisions that are nobody's hand (solve or jump,
"A OR B", a shield), drawn from `legal_actions`.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable

import discord

from core.dine.engine import danger_value, hand_size, jump_drive, sector_side
from core.dine.seating import DineSaved
from core.dine.state import State
from core.dine.symbols import row_symbols, side
from core.render.dine_board import render_board
from core.render.dine_controls import BUTTON_LIMIT, LABEL_LIMIT, Move, moves
from core.render.dine_text import (
    board_summary,
    deck_text,
    occupied_text,
    road_text,
    sector_text,
    symbol_text,
    tracks,
)
from core.words import clip, escaped, plural, stars

from ..ui.controls import Ref
from ..ui.message import BoardMessage
from ..ui.text import fit
from .ids import BOARD, FAMILY, PAY, TAKE, Verb, ref

PICTURE = "dine-board.png"
ALT_TEXT_LIMIT = 1024
ROWS_SHOWN = 5
COLOURS = {
    "lobby": discord.Colour(0x3B2E5A),
    "playing": discord.Colour(0x5A2E2E),
    "won": discord.Colour.green(),
    "lost": discord.Colour.red(),
}
Button, Menu = FAMILY.Button, FAMILY.Menu


# --- lobby -------------------------------------------------------------------------------------------


def lobby_message(game_id: int, version: int, saved: DineSaved) -> BoardMessage:
    table = saved.table
    members = [f"<@{user}>" + (" (host)" if user == table.captain else "") for user in table.crew]
    lines = [
        f"**{saved.setup.describe().capitalize()}.**",
        "Deliver a pizza across space together: 1 to 3 crew, every hand private.",
        f"Crew ({len(table.crew)}/{table.max_crew}):\n" + "\n".join(members),
        "Press **Join** to come aboard. The host presses **Start** when everyone is in.",
    ]
    if saved.setup.starter:
        lines.append("New to the game? The starter game teaches it; `/dine rules` explains each step.")
    embed = discord.Embed(
        title="Deep Space Dine · lobby", description="\n\n".join(lines), colour=COLOURS["lobby"]
    )
    if table.recent:
        embed.add_field(name="What happened", value=fit(list(table.recent), newest=True), inline=False)
    embed.set_footer(text=f"Game #{game_id} · lobby {version}")
    at = lambda verb, arg="": ref(verb, game_id, version, arg)  # noqa: E731
    view = discord.ui.View(timeout=None)
    full = len(table.crew) >= table.max_crew
    view.add_item(
        Button(at(Verb.JOIN), label="Join", style=discord.ButtonStyle.success, disabled=full, row=0)
    )
    view.add_item(Button(at(Verb.LEAVE), label="Leave", row=0))
    view.add_item(Button(at(Verb.START), label="Start", style=discord.ButtonStyle.primary, row=0))
    others = [user for user in table.crew if user != table.captain]
    if others:
        options = [
            discord.SelectOption(label=clip(saved.names.get(user, str(user)), LABEL_LIMIT), value=str(user))
            for user in others
        ]
        view.add_item(Menu(at(Verb.KICK), options=options, placeholder="Host: remove a member…", row=1))
    return BoardMessage(embed=embed, view=view, files=[])


def closed_lobby(saved: DineSaved, why: str) -> BoardMessage:
    embed = discord.Embed(title="Deep Space Dine · lobby closed", description=why, colour=COLOURS["lost"])
    return BoardMessage(embed=embed, view=None, files=[])


# --- the board in words --------------------------------------------------------------------------------


def status_line(state: State) -> str:
    parts = [f"**{state.ship}**", *(f"{name.capitalize()} {v}/{n}" for name, v, n in tracks(state))]
    parts += [deck_text(state), f"Discard {len(state.discard)}"]
    return " · ".join(parts)


def sector_lines(state: State) -> str:
    spec = sector_side(state)
    if spec is None:
        return "No sector: the pizza is being delivered."
    danger = danger_value(state)
    drive = jump_drive(state)
    row = len(state.current_row)
    strike = f"**{row}/{danger}** cards in the current row" if danger else "danger **0**: it strikes at once"
    jump = (
        "cannot jump (X)" if drive is None else f"jump: {drive} drive and {spec.jump.navigation} navigation"
    )
    return f"{sector_text(spec, state.crew)}\nDanger: {strike} · {jump}\n{road_text(state)}."


def grid_lines(state: State) -> list[str]:
    lines = []
    first = max(0, len(state.grid) - ROWS_SHOWN)
    if first:
        lines.append(f"…{plural(first, 'older row')}")
    for number in range(first, len(state.grid)):
        row = state.grid[number]
        current = " ← current" if number == len(state.grid) - 1 else ""
        cards = ", ".join(
            side(state.cards, p.card, state.upgraded).name + (" ↻" if p.rotated else "") for p in row
        )
        total = symbol_text(row_symbols(state.cards, row, state.upgraded))
        lines.append(f"**Row {number + 1}**{current}: {cards or 'empty'} → {total}")
    return lines


def crew_lines(saved: DineSaved) -> list[str]:
    state = saved.state
    assert state is not None
    lines = []
    for seat, held in enumerate(saved.seats):
        who = (
            f"<@{held.user}>"
            if held.user is not None
            else f"{escaped(held.name)} (vacant, played by the crew)"
        )
        cards = f"{len(state.hands[seat])}/{hand_size(state, seat)} cards"
        station = state.stations[seat]
        occupied = ""
        if station:
            face = side(state.cards, station, state.upgraded)
            occupied = f", occupies **{face.name}** ({occupied_text(face.occupied)})"
        lines.append(f"{seat + 1}. {who}: {cards}{occupied}")
    return lines


def prompt(state: State) -> str:
    if state.outcome == "won":
        return f"**Delivered!** Score **{state.score}** {stars(state.stars)} — {state.rating}"
    if state.outcome == "lost":
        return f"**The delivery failed.** {state.loss_reason}"
    if state.pending is not None:
        return f"**Decide:** {state.pending.reason}"
    return "Any crew member may act at any time: press **My hand** to see your cards and play."


def board_embed(game_id: int, version: int, saved: DineSaved, picture: bool) -> discord.Embed:
    state = saved.state
    assert state is not None
    spec = sector_side(state)
    title = "Deep Space Dine · " + (
        spec.name if spec is not None and state.outcome == "playing" else "the end"
    )
    embed = discord.Embed(
        title=title, description=f"{status_line(state)}\n\n{prompt(state)}", colour=COLOURS[state.outcome]
    )
    if state.outcome == "playing":
        embed.add_field(name="Sector", value=fit([sector_lines(state)]), inline=False)
    embed.add_field(name="Grid", value=fit(grid_lines(state)), inline=False)
    embed.add_field(name="Crew", value=fit(crew_lines(saved)), inline=False)
    if saved.table.recent:
        embed.add_field(name="What happened", value=fit(list(saved.table.recent), newest=True), inline=False)
    if picture:
        embed.set_image(url=f"attachment://{PICTURE}")
    embed.set_footer(text=f"Game #{game_id} · move {version} · {saved.setup.describe()}")
    return embed


async def picture(saved: DineSaved) -> discord.File:
    """The board picture, drawn off the event loop, with the board in words as its alt text."""
    assert saved.state is not None
    png = await asyncio.to_thread(render_board, saved.state, saved.seat_names())
    alt = clip(board_summary(saved.state, saved.seat_names()), ALT_TEXT_LIMIT)
    return discord.File(io.BytesIO(png), filename=PICTURE, description=alt)


def board_view(game_id: int, version: int, saved: DineSaved) -> discord.ui.View | None:
    """ "My hand" and the public decisions; None once the game is over."""
    state = saved.state
    assert state is not None
    if state.outcome != "playing":
        return None
    at = lambda verb, arg="": ref(verb, game_id, version, arg)  # noqa: E731
    view = discord.ui.View(timeout=None)
    view.add_item(Button(at(Verb.HAND), label="My hand", style=discord.ButtonStyle.primary, row=0))
    add_moves(
        view,
        moves(state, None),
        lambda n: at(Verb.MENU, f"{BOARD}.{n}"),
        lambda code: at(Verb.ACT, f"{BOARD}.{code}"),
        1,
    )
    return view


def ways(move: Move) -> str:
    return f"{plural(len(move.options), 'way')} to pay"


def described(move: Move) -> str:
    """A move with several ways to pay: its description, shortened so that "N ways to pay" always
    shows after it."""
    count = ways(move)
    if not move.description:
        return count
    return f"{clip(move.description, LABEL_LIMIT - len(count) - 3)} · {count}"


def add_moves(
    view: discord.ui.View,
    shown: list[Move],
    menu_ref: Callable[[int], Ref],
    act_ref: Callable[[str], Ref],
    row: int,
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
                description=(move.description or None) if len(move.options) == 1 else described(move),
            )
            for move in shown[n : n + 25]
        ]
        view.add_item(Menu(menu_ref(n // 25), options=options, placeholder="Choose what to do…", row=row))
        row += 1
    return row


async def board_message(
    game_id: int, version: int, saved: DineSaved, *, pictures: bool = True
) -> BoardMessage:
    """The board message (for send or edit) at `version`."""
    embed = board_embed(game_id, version, saved, pictures)
    view = board_view(game_id, version, saved)
    files = [await picture(saved)] if pictures else []
    return BoardMessage(embed=embed, view=view, files=files, content=None)
