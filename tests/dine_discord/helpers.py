"""Playing Dine through its Discord controls, as users would: the lobby, "My hand", menus and buttons.

The test crew decides with the engine's heuristic on the stored state, then the member whose seat
the move belongs to finds the control offering it in their own private hand view and uses it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import simcord

from cogs.dine.ids import PAY, TAKE
from cogs.dine.play import load
from core.dine.actions import Action
from core.dine.ai import heuristic
from core.dine.codes import encode
from core.dine.seating import DineSaved
from core.storage import GameRecord
from tests.support.messages import components, message, record_of
from tests.support.scenario import Player, World


async def saved_of(world: World, game_id: int) -> tuple[GameRecord, DineSaved]:
    record = await record_of(world, game_id)
    return record, load(record)


async def open_lobby(host: Player, world: World, **options: Any) -> int:
    result = await host.runs("dine new", **options)
    assert result.response is not None, result
    assert not result.ephemeral, result.response.content
    record = await world.bot.store.active_game(world.channel.id)
    assert record is not None
    return record.id


async def start_game(world: World, crew: list[Player], **options: Any) -> int:
    """The first player opens a lobby, the others join, the host starts."""
    game_id = await open_lobby(crew[0], world, **options)
    for player in crew[1:]:
        board = message(world, (await record_of(world, game_id)).board_message_id)
        result = await player.clicks(board, "Join")
        assert not result.ephemeral, result
    board = message(world, (await record_of(world, game_id)).board_message_id)
    result = await crew[0].clicks(board, "Start")
    assert not result.ephemeral, result
    return game_id


class Hands:
    """Each player's private hand view, opened with the board's "My hand" button (`say` gives a
    button's label in the language the players read)."""

    def __init__(self, world: World, game_id: int, say: Callable[[str], str] = str) -> None:
        self.world, self.game_id, self.say = world, game_id, say
        self.views: dict[int, simcord.InteractionResult] = {}

    async def open(self, player: Player) -> Any:
        record = await record_of(self.world, self.game_id)
        board = message(self.world, record.board_message_id)
        result = await player.clicks(board, self.say("My hand"))
        assert result.ephemeral, result
        self.views[player.id] = result
        return result.response

    async def view(self, player: Player) -> Any:
        if player.id not in self.views:
            return await self.open(player)
        return self.views[player.id].response


def owner(saved: DineSaved, action: Action, players: list[Player]) -> Player:
    seat = getattr(action, "seat", None)
    holder = saved.seats[seat].user if seat is not None else None
    by_id = {player.id: player for player in players}
    if holder in by_id:
        return by_id[holder]
    return next(p for p in players if saved.seat_of(p.id) is not None)


async def perform(hands: Hands, player: Player, action: Action) -> simcord.InteractionResult:
    """Use `player`'s hand view to take `action`: a button, a menu entry, or a move then its payment."""
    record, saved = await saved_of(hands.world, hands.game_id)
    assert saved.state is not None
    code = encode(saved.state, action)
    view = await hands.view(player)
    shown_move = re.search(r"(\d+)\D*$", view.embeds[0].footer.text)  # "update 12", in any language
    if shown_move is None or int(shown_move.group(1)) != record.version:
        await player.clicks(view, hands.say("Refresh"))  # as a player would, seeing others moved
        view = await hands.view(player)
    for control in components(view):
        custom_id = control.get("custom_id", "")
        if control["type"] == 2 and custom_id.split(":")[2] == "a" and custom_id.endswith(f".{code}"):
            return await player.clicks(view, custom_id=custom_id)
    for control in components(view):
        if control["type"] != 3:
            continue
        values = [option["value"] for option in control["options"]]
        if TAKE + code in values:
            return await player.picks(view, [TAKE + code], custom_id=control["custom_id"])
        for value in values:
            if not value.startswith(PAY):
                continue
            await player.picks(view, [value], custom_id=control["custom_id"])
            picked = await hands.view(player)
            for menu in components(picked):
                if menu["type"] == 3 and TAKE + code in [o["value"] for o in menu["options"]]:
                    return await player.picks(picked, [TAKE + code], custom_id=menu["custom_id"])
            await player.clicks(picked, hands.say("Back"))
            view = await hands.view(player)
    raise AssertionError(f"{action} (code {code}) is not offered in the hand view")


STALE = "nothing was done"


def stale_note(result: simcord.InteractionResult) -> bool:
    shown = result.response.embeds[0].description if result.response and result.response.embeds else ""
    return STALE in (shown or "")


async def play_out(
    world: World, game_id: int, crew: list[Player], *, moves: int = 3000, say: Callable[[str], str] = str
) -> GameRecord:
    """Play to the end through the hand views, each move by the member whose seat it is."""
    hands = Hands(world, game_id, say)
    for _ in range(moves):
        record, saved = await saved_of(world, game_id)
        if record.status != "active":
            return record
        assert saved.state is not None
        action = heuristic(saved.state).action
        player = owner(saved, action, crew)
        result = await perform(hands, player, action)
        assert result.response is not None, result
        assert result.response.ephemeral, result
        assert not stale_note(result), result
    raise AssertionError(f"game {game_id} did not end within {moves} moves")
