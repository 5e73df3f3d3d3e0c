"""Replaying a stored Dine game from its seed and action log: the same decisions give the same game.

Leaderboards check a result this way before trusting it. Table actions in the log (the lobby, a
vote-out) are not moves and change nothing in the rules state; ending the game early is a loss.
"""

from __future__ import annotations

from collections.abc import Iterable

from core.table import replay_log

from .actions import action_from_json
from .engine import abandon, apply, deal
from .state import State


def replay(start: State, log: Iterable[str]) -> State:
    """The state after the logged actions, from a game dealt with `start`'s seed and options."""
    state, _ = deal(start.seed, ship=start.ship, level=start.level, crew=start.crew, starter=start.starter)
    return replay_log(state, log, apply, abandon, action_from_json)
