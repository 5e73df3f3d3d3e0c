"""Replaying a stored D-6 game from its seed and action log: the same decisions give the same game.

Leaderboards check a result this way before trusting it (issue 7). Table actions in the log (someone
joined the crew, the game was abandoned) are not moves: joining changes nothing in the rules state,
abandoning ends the game as a loss.
"""

from __future__ import annotations

from collections.abc import Iterable

from core.table import replay_log

from .actions import action_from_json
from .engine import abandon, apply, deal
from .state import State


def replay(start: State, log: Iterable[str]) -> State:
    """The state after the logged actions, from a game dealt with `start`'s seed, options and rules
    version (a game keeps the rules it was dealt under)."""
    state, _ = deal(start.seed, start.difficulty, start.length, start.house_rules, start.rules_version)
    return replay_log(state, log, apply, abandon, action_from_json)
