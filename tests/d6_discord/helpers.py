"""Playing D-6 through the board's controls, as a user would: press a die, then a choice.

The test player decides with the engine's heuristic on the stored state (what a user reads on the
board), then finds the control that offers that decision and clicks it — or picks it in a menu.
"""

from __future__ import annotations

from typing import Any

from cogs.d6.play import load
from core.d6 import State
from core.d6.actions import Action
from core.d6.ai import heuristic
from core.d6.codes import encode
from core.render.d6_controls import as_shown
from core.storage import GameRecord
from tests.support.messages import components, message, record_of
from tests.support.scenario import Player, World


def choose(state: State) -> Action:
    return as_shown(state, heuristic(state).action)


async def perform(player: Player, world: World, game_id: int, action: Action) -> Any:
    """Press the controls that make `action` happen on the current board; returns the last result."""
    record = await record_of(world, game_id)
    board = message(world, record.board_message_id)
    code = encode(action)
    die = getattr(action, "die", None)
    if die is not None and load(record).state.pending is None:
        await player.clicks(board, custom_id=f"ds:d6:p:{game_id}:{record.version}:{die}")
        board = message(world, record.board_message_id)
    for control in components(board):
        if control["type"] == 2 and control["custom_id"].endswith(f":{code}"):
            return await player.clicks(board, custom_id=control["custom_id"])
        if control["type"] == 3 and code in [option["value"] for option in control["options"]]:
            return await player.picks(board, [code], custom_id=control["custom_id"])
    raise AssertionError(f"no control on the board offers {action} ({code})")


async def play_out(player: Player, world: World, game_id: int, *, moves: int = 1000) -> GameRecord:
    """Play the game to its end through the board; fails if a click is refused."""
    for _ in range(moves):
        record = await record_of(world, game_id)
        if record.status != "active":
            return record
        state = load(record).state
        result = await perform(player, world, game_id, choose(state))
        assert not result.ephemeral, result.response.content if result.response else result
    raise AssertionError(f"game {game_id} did not end within {moves} moves")
