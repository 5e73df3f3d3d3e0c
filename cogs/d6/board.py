"""The D-6 board message: an embed in words, the picture, and controls drawn from `legal_actions`."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord

from core.d6.state import State
from core.render.d6_board import render_board
from core.render.d6_controls import Choice, ChoiceRow, Controls, controls
from core.render.d6_text import board_summary, die_line, station_lines, threat_line, tracks
from core.table import Table
from core.words import clip

from ..ui.controls import Ref
from ..ui.message import BoardMessage
from ..ui.text import fit
from .ids import Verb, ref
from .items import BoardButton, BoardMenu

PICTURE = "board.png"
ALT_TEXT_LIMIT = 1024
COLOURS = {"playing": discord.Colour(0x1F2A44), "won": discord.Colour.green(), "lost": discord.Colour.red()}
STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}
TITLES = {"playing": "Round {round}", "won": "Victory in round {round}", "lost": "Lost in round {round}"}
GAME_LENGTHS = {"full": "full game", "short": "short game", "fast": "fast game"}


def status_line(state: State) -> str:
    shown = [f"{name.capitalize()} **{value}/{most}**" for name, value, most in tracks(state)]
    return " · ".join([*shown, f"Threat deck **{len(state.deck)}** left", game_kind(state)])


def game_kind(state: State) -> str:
    return f"{state.difficulty.replace('_', ' ')}, {GAME_LENGTHS[state.length]}"


def board_embed(
    game_id: int, version: int, table: Table, state: State, prompt: str, picture: bool
) -> discord.Embed:
    title = "Deep Space D-6 · " + TITLES[state.outcome].format(round=state.round)
    lines = [status_line(state)]
    if state.outcome == "playing":
        lines.append(f"**{prompt}**")
    else:
        lines.append(f"**{'You won!' if state.outcome == 'won' else 'Game over.'}** Score **{state.score}**.")
    embed = discord.Embed(title=title, description="\n\n".join(lines), colour=COLOURS[state.outcome])
    embed.add_field(
        name="Crew dice", value=fit([die_line(state, i) for i in range(len(state.dice))]), inline=False
    )
    for name, threats in (("Internal threats", state.internal), ("External threats", state.external)):
        value = fit([f"• {threat_line(state, t)}" for t in threats]) if threats else "none"
        embed.add_field(name=name, value=value, inline=False)
    if state.outcome == "playing":
        embed.add_field(name="Stations now", value=fit(station_lines(state)), inline=False)
    if table.recent:
        embed.add_field(name="What happened", value=fit(list(table.recent), newest=True), inline=False)
    embed.add_field(
        name="Crew" if len(table.crew) > 1 or table.open_crew else "Captain", value=crew_text(table)
    )
    if picture:
        embed.set_image(url=f"attachment://{PICTURE}")
    embed.set_footer(text=f"Game #{game_id} · move {version}")
    return embed


def crew_text(table: Table) -> str:
    names = [f"<@{user}>" + (" (captain)" if user == table.captain else "") for user in table.crew]
    if table.open_crew and len(table.crew) < table.max_crew:
        names.append("Anyone may press **Join crew** to help.")
    return "\n".join(names)


async def picture(state: State) -> discord.File:
    """The board picture, drawn off the event loop, with the board in words as its alt text."""
    png = await asyncio.to_thread(render_board, state)
    alt = clip(board_summary(state), ALT_TEXT_LIMIT)
    return discord.File(io.BytesIO(png), filename=PICTURE, description=alt)


def board_view(game_id: int, version: int, table: Table, shown: Controls) -> discord.ui.View | None:
    """Every control of the board, or None when the game is over (the controls are removed)."""
    if not shown.dice and not shown.rows and shown.finish is None:
        return None
    view = discord.ui.View(timeout=None)
    at = lambda verb, arg="": ref(verb, game_id, version, arg)  # noqa: E731
    row = 0
    if shown.dice:
        for die in shown.dice:
            style = discord.ButtonStyle.primary if die.selected else discord.ButtonStyle.secondary
            view.add_item(
                BoardButton(
                    at(Verb.PICK, str(die.die)),
                    label=die.label,
                    style=style,
                    disabled=not die.enabled,
                    row=row,
                )
            )
        row += 1
    for number, choices in enumerate(shown.rows):
        _add_row(view, at, number, choices, row)
        row += 1
    if shown.finish is not None:
        view.add_item(_button(at(Verb.ACT, shown.finish.code), shown.finish, row))
    view.add_item(BoardButton(at(Verb.HINT), label="Hint", row=row))
    if table.open_crew and len(table.crew) < table.max_crew:
        view.add_item(
            BoardButton(at(Verb.JOIN), label="Join crew", style=discord.ButtonStyle.success, row=row)
        )
    return view


def _button(target: Ref, choice: Choice, row: int) -> Any:
    return BoardButton(target, label=choice.label, style=STYLES[choice.style], row=row)


def _add_row(view: discord.ui.View, at: Any, number: int, choices: ChoiceRow, row: int) -> None:
    if not choices.menu:
        for choice in choices.choices:
            view.add_item(_button(at(Verb.ACT, choice.code), choice, row))
        return
    options = [discord.SelectOption(label=c.label, value=c.code) for c in choices.choices]
    view.add_item(
        BoardMenu(at(Verb.MENU, str(number)), options=options, placeholder=choices.placeholder, row=row)
    )


async def board_message(
    game_id: int, version: int, table: Table, state: State, *, pictures: bool = True
) -> BoardMessage:
    """The board message (for send or edit) after the game reached `version`."""
    shown = controls(state)
    embed = board_embed(game_id, version, table, state, shown.prompt, pictures)
    view = board_view(game_id, version, table, shown)
    return BoardMessage(embed=embed, view=view, files=[await picture(state)] if pictures else [])


def die_picked(
    game_id: int, version: int, table: Table, state: State, die: int | None, picture_url: str | None
) -> BoardMessage:
    """The board with one die's uses shown: the same picture (already uploaded), new prompt and controls."""
    shown = controls(state, die)
    embed = board_embed(game_id, version, table, state, shown.prompt, picture=False)
    if picture_url:
        embed.set_image(url=picture_url)
    return BoardMessage(embed=embed, view=board_view(game_id, version, table, shown))
