"""Checking a finished game before its result enters a leaderboard: replay the log from the seed.

The stored state must be exactly what the logged actions produce from the game's seed and set-up,
and the stored result (outcome, score, rounds, whether it was daily practice) must match it and credit
only players who made a move. A daily game must also have been dealt from that day's stored
challenge, and a ranked one must be its player's recorded attempt. Anything else (an edited log, a
hand-made state or result) is refused. The bot verifies each result as soon as its game ends, with
the rules it was played under: every rules version the engine still plays replays, so no result
leaves a leaderboard when the rules move on.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from datetime import date

from pydantic import ValidationError

from core.game import ResultDetail
from core.registry import find
from core.results import detail_of
from core.storage import ActionRecord, GameRecord, ResultRecord, Store
from core.table import Table, left_unfinished, movers

log = logging.getLogger("deepspace.verify")


def mismatch(
    kind: str,
    state_json: str,
    log: Sequence[ActionRecord],
    result: ResultRecord,
    rules_version: str | None = None,
) -> str | None:
    """Why the stored game and result do not follow from the log, or None when they do.

    With `rules_version` (the game record's), the stored state must be of that version too.
    """
    game = find(kind)
    if game is None:
        return f"no replay for games of kind {kind!r}"
    try:
        saved = json.loads(state_json)
        stored = game.load_state(json.dumps(saved["state"]))
        table = Table.model_validate(saved["table"])
        if rules_version is not None and stored.rules_version != rules_version:
            return "the stored state's rules version is not the game's"
        replayed = game.replay(stored, [entry.action_json for entry in log])
    except Exception as error:  # a log that does not even replay is the clearest mismatch
        return f"the log does not replay: {type(error).__name__}: {error}"
    if game.rules_part(replayed) != game.rules_part(stored):
        return "the stored state is not what the logged actions produce"
    expected = game.finished(replayed, table)
    if expected.outcome != result.outcome or expected.score != result.score:
        return "the stored result does not match the replayed game"
    if result.rounds != expected.rounds:
        return "the stored rounds do not match the replayed game"
    try:
        detail = ResultDetail.model_validate_json(result.detail_json)
    except ValidationError as error:
        return f"the result's detail does not read: {error.error_count()} errors"
    if detail.practice != table.practice or detail.daily != table.daily:
        return "the result's daily challenge does not match the game's"
    if detail.unfinished and not left_unfinished([entry.action_json for entry in log]):
        return "the result says the bot ended the game, but its log does not"
    if game.parse_detail(result.detail_json).ranks() != expected.detail.ranks():
        return "the result's house rules do not match the game's"
    return None


def credit_mismatch(owner: int, log: Sequence[ActionRecord], result: ResultRecord) -> str | None:
    """A result counts only for players who made a move (or, if nobody moved, for the owner alone)."""
    moved = movers((entry.user_id, entry.action_json) for entry in log)
    allowed = moved or {owner}
    if not set(result.players) <= allowed:
        return "the result credits a player who made no move"
    return None


def difficulty_of(result: ResultRecord) -> int | None:
    """How hard the result's game was set up, as the leaderboard ranks it; None: never ranked (daily
    practice games replay a known deal, and a house rule changes the game, so neither enters a
    leaderboard). A game given up ranks as
    the easiest set-up: a harder game comes before the score, and giving up a hard game at once must
    not beat a loss played out on an easier one."""
    try:
        detail = detail_of(result)
    except ValidationError:  # a detail its game cannot read: refused by `check`, ranked nowhere
        return None
    if detail.practice or not detail.ranks():
        return None
    return 0 if detail.abandoned else detail.difficulty_rank()


async def daily_mismatch(store: Store, game: GameRecord, result: ResultRecord) -> str | None:
    """A daily game must be dealt from its day's challenge; a ranked one must be the recorded attempt."""
    saved = json.loads(game.state_json)
    table = Table.model_validate(saved["table"])
    if table.daily is None:
        return None
    day = date.fromisoformat(table.daily)
    challenge = await store.find_daily_challenge(game.kind, day)
    if challenge is None or challenge.seed != saved["state"].get("seed"):
        return "not dealt from the day's challenge"
    if table.practice:
        return None
    attempt = await store.daily_attempt(game.kind, day, game.owner_id)
    if attempt is None or attempt.game_id != game.id:
        return "not the player's recorded ranked attempt"
    return None


async def check(store: Store, result: ResultRecord) -> str | None:
    game = await store.get_game(result.game_id)
    if game is None:
        return "the game is missing"
    declared = find(result.kind)
    if declared is not None and not declared.plays(game.rules_version):
        return f"finished under rules {game.rules_version}, which this version cannot replay"
    actions = await store.actions(result.game_id)
    reason = mismatch(result.kind, game.state_json, actions, result, game.rules_version)
    reason = reason or credit_mismatch(game.owner_id, actions, result)
    return reason or await daily_mismatch(store, game, result)


async def verify_pending(store: Store) -> int:
    """Verify every result not yet checked; a mismatch is refused (kept out of leaderboards) and logged.

    Returns how many results were checked.
    """
    if await store.rerank_if_owed(difficulty_of):
        log.info("the leaderboards were ranked again from the verified results")
    checked = 0
    while batch := await store.unverified_results():
        for result in batch:
            reason = await check(store, result)
            if reason is not None:
                log.warning("result of game %s refused: %s", result.game_id, reason)
            difficulty = difficulty_of(result)
            await store.record_verification(
                result.game_id,
                ok=reason is None,
                note=reason or "",
                ranked=difficulty is not None,
                difficulty=difficulty or 0,
            )
            checked += 1
    return checked
