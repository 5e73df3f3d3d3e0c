"""A finished game's stored result, built the same way for every game from its declaration."""

from __future__ import annotations

from core.game import AnyGame, GameState, ResultDetail
from core.registry import find
from core.storage import NewResult, ResultRecord
from core.table import Table


def new_result(
    game: AnyGame,
    state: GameState,
    table: Table,
    players: tuple[int, ...],
    *,
    abandoned: bool = False,
    unfinished: bool = False,
) -> NewResult:
    """The result of a finished game, credited to `players` (the crew who moved: `core.table.credited`);
    `unfinished`: abandoned by the bot (forgotten, its channel gone), nobody gave it up."""
    finished = game.finished(state, table, abandoned=abandoned, unfinished=unfinished)
    return NewResult(
        outcome=finished.outcome,
        score=finished.score,
        rounds=finished.rounds,
        players=players,
        detail_json=finished.detail.to_json(),
    )


def detail_of(result: ResultRecord) -> ResultDetail:
    """A stored result's detail, read as its game wrote it (the shared part for a game not offered)."""
    game = find(result.kind)
    if game is None:
        return ResultDetail.model_validate_json(result.detail_json)
    return game.parse_detail(result.detail_json)
