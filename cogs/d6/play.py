"""What a click on a D-6 board does: the per-game lock, the checks, the engine, the commit, the reply.

Every change follows one path (`_commit`): under the game's lock, load the stored game, check the
clicker and the board's version, compute the new state with the engine, save it with the expected
version (atomically, with the result when the game ends), and only then answer by editing the board
in the same interaction response.
"""

from __future__ import annotations

import json
import logging
from typing import Any

import discord

from core.d6 import RULES_VERSION, State, abandon, action_to_json, apply, legal_actions
from core.d6.ai import heuristic
from core.d6.codes import decode
from core.d6.engine import Event, score_parts
from core.errors import RuleError
from core.render.d6_text import describe_action
from core.storage import GameRecord, NewResult, VersionConflict
from core.table import Saved, Table, table_action_json

from ..ui.games import GameRules, edit_board, game_for_click, stale
from ..ui.replies import send, update
from .board import COLOURS, board_message
from .ids import Ref, Verb
from .items import HANDLERS

log = logging.getLogger(__name__)
RULES = GameRules(kind="d6", title="Deep Space D-6", start="/d6 new")
SAVED = Saved[State]


def load(record: GameRecord) -> Saved[State]:
    return SAVED.model_validate_json(record.state_json)


def bot_of(interaction: discord.Interaction) -> Any:
    return interaction.client  # a DeepSpaceBot: store, game_locks, settings


def check_crew(table: Table, user_id: int) -> None:
    if table.is_crew(user_id):
        return
    join = " Press **Join crew** to help." if table.can_join(user_id) is None else ""
    raise RuleError(
        f"This is <@{table.captain}>'s game and only its crew can play it.{join} "
        f"To play your own, start one with `{RULES.start}` in another channel or thread."
    )


def news(who: str, action_text: str | None, events: list[Event]) -> list[str]:
    lines = [f"**{who}**: {action_text}"] if action_text else []
    return lines + [event.text for event in events]


def result_for(table: Table, state: State, *, abandoned: bool = False) -> NewResult:
    detail = {
        "difficulty": str(state.difficulty),
        "length": str(state.length),
        "hull": state.hull,
        "shields": state.shields,
        "destroyed": state.destroyed,
        "completed": state.completed,
        "abandoned": abandoned,
        "rules_version": RULES_VERSION,
    }
    outcome = "won" if state.outcome == "won" else "lost"
    return NewResult(
        outcome=outcome,
        score=state.score,
        rounds=state.round,
        players=table.crew,
        detail_json=json.dumps(detail, sort_keys=True),
    )


def result_embed(record: GameRecord, saved: Saved[State]) -> discord.Embed:
    state = saved.state
    won = state.outcome == "won"
    title = "Victory! The rescue fleet arrives." if won else "The ship is lost."
    why = "" if won else f"{state.loss_reason}\n"
    embed = discord.Embed(
        title=title, description=f"{why}Score **{state.score}**.", colour=COLOURS[state.outcome]
    )
    embed.add_field(name="Rounds", value=str(state.round))
    embed.add_field(name="Hull left", value=f"{state.hull}/8")
    embed.add_field(name="Shields left", value=f"{state.shields}/4")
    parts = [f"{text}: {points}" for text, points in score_parts(state)]
    embed.add_field(
        name="How the score adds up", value="\n".join(parts) + f"\n**Total: {state.score}**", inline=False
    )
    embed.add_field(name="Crew", value=", ".join(f"<@{user}>" for user in saved.table.crew), inline=False)
    embed.set_footer(text=f"Game #{record.id} · {state.difficulty.replace('_', ' ')}, {state.length} game")
    return embed


async def _commit(
    interaction: discord.Interaction,
    record: GameRecord,
    saved: Saved[State],
    action_json: str,
    *,
    abandoned: bool = False,
) -> GameRecord:
    """Save `saved` as the game's next version; a concurrent save elsewhere makes this click stale."""
    over = saved.state.outcome != "playing"
    status = "abandoned" if abandoned else "finished" if over else "active"
    try:
        return await bot_of(interaction).store.save(
            record.id,
            expected_version=record.version,
            user_id=interaction.user.id,
            action_json=action_json,
            state_json=saved.model_dump_json(),
            status=status,
            result=result_for(saved.table, saved.state, abandoned=abandoned) if over else None,
        )
    except VersionConflict:
        raise stale(record) from None


async def _show(
    interaction: discord.Interaction, record: GameRecord, saved: Saved[State], selected: int | None = None
) -> None:
    pictures = bot_of(interaction).settings.board_pictures
    message = await board_message(
        record.id, record.version, saved.table, saved.state, selected=selected, pictures=pictures
    )
    await update(interaction, **message)
    if saved.state.outcome != "playing":
        await send(interaction, embed=result_embed(record, saved), ephemeral=False)


async def _clicked(
    interaction: discord.Interaction, ref: Ref, *, crew_only: bool = True
) -> tuple[GameRecord, Saved[State]]:
    record = await game_for_click(bot_of(interaction).store, RULES, interaction, ref.game)
    saved = load(record)
    if crew_only:
        check_crew(saved.table, interaction.user.id)
        if ref.version != record.version:
            raise stale(record)
    return record, saved


async def act(interaction: discord.Interaction, ref: Ref, code: str) -> None:
    async with bot_of(interaction).game_locks(ref.game):
        record, saved = await _clicked(interaction, ref)
        action = decode(code)
        if action is None or action not in legal_actions(saved.state):
            raise stale(record)
        state, events = apply(saved.state, action)
        lines = news(interaction.user.display_name, describe_action(saved.state, action), events)
        saved = Saved[State](table=saved.table.with_news(lines), state=state)
        record = await _commit(interaction, record, saved, action_to_json(action))
        await _show(interaction, record, saved)


async def pick(interaction: discord.Interaction, ref: Ref, arg: str) -> None:
    """Show one die's uses: a view of the same version, nothing saved."""
    async with bot_of(interaction).game_locks(ref.game):
        record, saved = await _clicked(interaction, ref)
        die = int(arg) if arg.isdigit() else None
        await _show(interaction, record, saved, selected=die)


async def join(interaction: discord.Interaction, ref: Ref, _: str) -> None:
    async with bot_of(interaction).game_locks(ref.game):
        record, saved = await _clicked(interaction, ref, crew_only=False)
        refusal = saved.table.can_join(interaction.user.id)
        if refusal is not None:
            raise RuleError(refusal)
        table = saved.table.joined(interaction.user.id)
        lines = [f"**{interaction.user.display_name}** joins the crew."]
        saved = Saved[State](table=table.with_news(list(saved.table.recent) + lines), state=saved.state)
        record = await _commit(interaction, record, saved, table_action_json("join"))
        await _show(interaction, record, saved)


async def hint(interaction: discord.Interaction, ref: Ref, _: str) -> None:
    _, saved = await _clicked(interaction, ref, crew_only=False)
    await send(interaction, hint_text(saved.state), ephemeral=True)


def hint_text(state: State) -> str:
    choice = heuristic(state)
    return f"**Suggestion:** {describe_action(state, choice.action)}\n*Why:* {choice.reason}"


def may_abandon(interaction: discord.Interaction, table: Table) -> bool:
    return interaction.user.id == table.captain or interaction.permissions.manage_channels


async def confirm_abandon(interaction: discord.Interaction, ref: Ref, _: str) -> None:
    """The confirmation button of `/d6 abandon` (on a private message, so it is not a board click)."""
    async with bot_of(interaction).game_locks(ref.game):
        record, saved = await _clicked(interaction, ref, crew_only=False)
        if not may_abandon(interaction, saved.table):
            raise RuleError("Only the captain, or someone who may manage this channel, can abandon the game.")
        state, events = abandon(saved.state)
        lines = news(interaction.user.display_name, "abandons the game", events)
        saved = Saved[State](table=saved.table.with_news(lines), state=state)
        record = await _commit(interaction, record, saved, table_action_json("abandon"), abandoned=True)
        await update(interaction, content="The game is abandoned and counted as a loss.", view=None)
        pictures = bot_of(interaction).settings.board_pictures
        await edit_board(
            interaction.client,
            record,
            **await board_message(record.id, record.version, saved.table, state, pictures=pictures),
        )
        await send(interaction, embed=result_embed(record, saved), ephemeral=False)


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
