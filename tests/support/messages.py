"""Reading what the bot left in a simcord world, the same for every game: its stored record, a message
by id, the board, and the controls a message shows."""

from __future__ import annotations

from typing import Any

import discord

from core.storage import GameRecord

from .scenario import World


async def record_of(world: World, game_id: int) -> GameRecord:
    record = await world.bot.store.get_game(game_id)
    assert record is not None
    return record


def message(world: World, message_id: int | None) -> discord.Message:
    return next(m for m in world.channel.history() if m.id == message_id)


async def board_of(world: World, game_id: int) -> discord.Message:
    """The game's board once the board keeper has nothing left to do."""
    await world.bot.boards.idle()
    return message(world, (await record_of(world, game_id)).board_message_id)


def components(msg: discord.Message | Any) -> list[dict[str, Any]]:
    """Every button and menu of a message, as the dicts Discord would show a client."""
    rows = msg.components if isinstance(msg.components, list) else []
    found = []
    for row in rows:
        children = row["components"] if isinstance(row, dict) else [c.to_dict() for c in row.children]
        found.extend(children)
    return found


def custom_ids(msg: discord.Message) -> list[str]:
    return [c["custom_id"] for c in components(msg)]


def tips_in(result) -> list[str]:
    """The titles of the tips a click or command brought, each checked to be private, with its buttons."""
    found = []
    for note in result.followups:
        if not note.content.startswith("💡"):
            continue
        assert note.ephemeral
        assert [c["label"] for c in components(note)] == ["Got it", "No more tips"]
        found.append(note.content.partition("**")[2].partition("**")[0])
    return found
