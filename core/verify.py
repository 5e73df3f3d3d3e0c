"""Checking a finished game before its result enters a leaderboard: replay the log from the seed.

The stored state must be exactly what the logged actions produce from the game's seed and set-up,
and the stored result must match it; anything else (an edited log, a hand-made state) is refused.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Sequence

from pydantic import BaseModel

from core.d6.replay import replay as replay_d6
from core.d6.state import State as D6State
from core.dine.replay import replay as replay_dine
from core.dine.state import State as DineState
from core.storage import ActionRecord, ResultRecord, Store

log = logging.getLogger("deepspace.verify")

Replayer = tuple[type[BaseModel], Callable[..., BaseModel]]
REPLAYERS: dict[str, Replayer] = {"d6": (D6State, replay_d6), "dine": (DineState, replay_dine)}


def mismatch(kind: str, state_json: str, log: Sequence[ActionRecord], result: ResultRecord) -> str | None:
    """Why the stored game and result do not follow from the log, or None when they do."""
    if kind not in REPLAYERS:
        return f"no replay for games of kind {kind!r}"
    model, replay = REPLAYERS[kind]
    try:
        stored = model.model_validate(json.loads(state_json)["state"])
        replayed = replay(stored, [entry.action_json for entry in log])
    except Exception as error:  # a log that does not even replay is the clearest mismatch
        return f"the log does not replay: {type(error).__name__}: {error}"
    if replayed.model_dump() != stored.model_dump():
        return "the stored state is not what the logged actions produce"
    won = getattr(replayed, "outcome", None) == "won"
    if ("won" if won else "lost") != result.outcome or getattr(replayed, "score", None) != result.score:
        return "the stored result does not match the replayed game"
    return None


def ranked(result: ResultRecord) -> bool:
    """Daily practice games replay a known deal, so they never enter a leaderboard."""
    return not json.loads(result.detail_json).get("practice", False)


async def verify_pending(store: Store) -> int:
    """Verify every result not yet checked; a mismatch is refused (kept out of leaderboards) and logged.

    Returns how many results were checked.
    """
    checked = 0
    while batch := await store.unverified_results():
        for result in batch:
            game = await store.get_game(result.game_id)
            reason = (
                mismatch(result.kind, game.state_json, await store.actions(result.game_id), result)
                if game is not None
                else "the game is missing"
            )
            if reason is not None:
                log.warning("result of game %s refused: %s", result.game_id, reason)
            await store.record_verification(
                result.game_id, ok=reason is None, note=reason or "", ranked=ranked(result)
            )
            checked += 1
    return checked
