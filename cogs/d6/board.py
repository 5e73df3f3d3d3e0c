"""The D-6 board message: an embed in words, the picture, and controls drawn from `legal_actions`."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable
from typing import Any

import discord

from core.d6.names import d6_term
from core.d6.state import State
from core.games.d6 import setup_words
from core.i18n import Locale, mark, t, tn
from core.render.d6_board import render_board
from core.render.d6_controls import LABEL_LIMIT, Choice, ChoiceRow, Controls, controls
from core.render.d6_text import board_summary, die_line, station_lines, stations_matter, threat_line, tracks
from core.table import Table
from core.words import clip

from ..ui.controls import Ref
from ..ui.games import play_again
from ..ui.message import BoardMessage
from ..ui.text import fit
from .ids import FAMILY, Verb, ref
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
TITLES = {
    "playing": mark("Round {round}"),
    "won": mark("Victory in round {round}"),
    "lost": mark("Lost in round {round}"),
}


def status_line(state: State, locale: Locale = "en") -> str:
    shown = [f"{name} **{value}/{most}**" for name, value, most in tracks(state, locale)]
    deck = t(locale, "{deck} **{count}** left", deck=d6_term(locale, "threat_deck"), count=len(state.deck))
    return " · ".join([*shown, deck, game_kind(state, locale)])


def game_kind(state: State, locale: Locale = "en") -> str:
    """The game's set-up in words, with any house rule it is played by."""
    return setup_words(state.difficulty, state.length, state.house_rules.changed(), locale)


def board_embed(
    game_id: int, version: int, table: Table, state: State, prompt: str, picture: bool, locale: Locale = "en"
) -> discord.Embed:
    title = "Deep Space D-6 · " + t(locale, TITLES[state.outcome], round=state.round)
    lines = [status_line(state, locale)]
    if state.outcome == "playing":
        lines.append(f"**{prompt}**")
    elif state.outcome == "won":
        lines.append(t(locale, "**You won!** Score **{score}**.", score=state.score))
    else:
        lines.append(t(locale, "**Game over.** Score **{score}**.", score=state.score))
    if state.outcome != "playing":
        lines.append(play_again(FAMILY.kind, locale, daily=table.daily))
    embed = discord.Embed(title=title, description="\n\n".join(lines), colour=COLOURS[state.outcome])
    dice = fit([die_line(state, i, locale) for i in range(len(state.dice))], more=more(locale))
    embed.add_field(name=t(locale, "Crew dice"), value=dice, inline=False)
    headings = (
        (t(locale, "Internal threats"), state.internal),
        (t(locale, "External threats"), state.external),
    )
    for name, threats in headings:
        lines = [f"• {threat_line(state, threat, locale)}" for threat in threats]
        value = fit(lines, more=more(locale)) if threats else t(locale, "none")
        embed.add_field(name=name, value=value, inline=False)
    if stations_matter(state):
        embed.add_field(
            name=t(locale, "Stations now"),
            value=fit(station_lines(state, locale), more=more(locale)),
            inline=False,
        )
    if table.recent:
        news = fit(list(table.recent), newest=True, more=more(locale))
        embed.add_field(name=t(locale, "What happened"), value=news, inline=False)
    crew = t(locale, "Crew") if len(table.crew) > 1 or table.open_crew else t(locale, "Captain")
    embed.add_field(name=crew, value=crew_text(table, locale, over=state.outcome != "playing"))
    if picture:
        embed.set_image(url=f"attachment://{PICTURE}")
    embed.set_footer(text=t(locale, "Game #{game} · update {version}", game=game_id, version=version))
    return embed


def more(locale: Locale) -> Callable[[int], str]:
    """How `fit` says that lines were left out, in `locale`."""
    return lambda left: tn(locale, "…and {count} more line", "…and {count} more lines", left)


def crew_text(table: Table, locale: Locale = "en", *, over: bool = False) -> str:
    """The crew by name, and an invitation to join while there is a seat and a game to join (the
    board of a finished game has no Join crew button)."""
    captain = t(locale, " (captain)")
    names = [f"<@{user}>" + (captain if user == table.captain else "") for user in table.crew]
    if not over and table.open_crew and len(table.crew) < table.max_crew:
        names.append(t(locale, "Anyone may press **{join}** to help.", join=t(locale, JOIN)))
    return "\n".join(names)


JOIN = mark("Join crew")
HINT = mark("Hint")


async def picture(state: State, locale: Locale = "en") -> discord.File:
    """The board picture, drawn off the event loop, with the board in words as its alt text."""
    png = await asyncio.to_thread(render_board, state, locale)
    alt = clip(board_summary(state, locale), ALT_TEXT_LIMIT)
    return discord.File(io.BytesIO(png), filename=PICTURE, description=alt)


def board_view(
    game_id: int, version: int, table: Table, shown: Controls, locale: Locale = "en"
) -> discord.ui.View | None:
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
    if not table.ranked_daily:  # a ranked daily attempt is played unaided
        view.add_item(BoardButton(at(Verb.HINT), label=clip(t(locale, HINT), LABEL_LIMIT), row=row))
    if table.open_crew and len(table.crew) < table.max_crew:
        label = clip(t(locale, JOIN), LABEL_LIMIT)
        view.add_item(BoardButton(at(Verb.JOIN), label=label, style=discord.ButtonStyle.success, row=row))
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
    game_id: int, version: int, table: Table, state: State, *, pictures: bool = True, locale: Locale = "en"
) -> BoardMessage:
    """The board message (for send or edit) after the game reached `version`, in `locale` (the
    server's language: the board is public)."""
    shown = controls(state, locale=locale)
    embed = board_embed(game_id, version, table, state, shown.prompt, pictures, locale)
    view = board_view(game_id, version, table, shown, locale)
    return BoardMessage(embed=embed, view=view, files=[await picture(state, locale)] if pictures else [])


def die_picked(
    game_id: int,
    version: int,
    table: Table,
    state: State,
    die: int | None,
    picture_url: str | None,
    locale: Locale = "en",
    page: int = 0,
) -> BoardMessage:
    """The board with one die's uses shown (`page` of them): the same picture (already uploaded), new
    prompt and controls."""
    shown = controls(state, die, page=page, locale=locale)
    embed = board_embed(game_id, version, table, state, shown.prompt, False, locale)
    if picture_url:
        embed.set_image(url=picture_url)
    return BoardMessage(embed=embed, view=board_view(game_id, version, table, shown, locale))
