"""The garbage collector's pace while games are played out (`core.gc_pace`, `tools.sim.play_to_end`)."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from core.dine.ai import heuristic
from core.dine.engine import apply, new_game
from core.dine.state import State
from core.gc_pace import PACE, fewer_collections
from tools.sim import play_to_end


@pytest.fixture
def default_pace() -> Iterator[tuple[int, int, int]]:
    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    yield gc.get_threshold()
    gc.set_threshold(*before)


def test_pace_inside_and_restored_after_nesting_and_errors(default_pace: tuple[int, int, int]) -> None:
    with fewer_collections():
        assert gc.get_threshold() == PACE
        with fewer_collections():
            assert gc.get_threshold() == PACE
        assert gc.get_threshold() == PACE  # the inner block does not end the outer one's pace
    assert gc.get_threshold() == default_pace
    with pytest.raises(RuntimeError), fewer_collections():
        raise RuntimeError("a game that fails")
    assert gc.get_threshold() == default_pace


def _by_hand(state: State) -> State:
    while state.outcome == "playing":
        state, _ = apply(state, heuristic(state).action, quiet=True)
    return state


def test_whole_games_are_the_same_at_either_pace(default_pace: tuple[int, int, int]) -> None:
    """The pace changes when memory is walked, never a move: `play_to_end` (at `PACE`) ends every
    game in the state a loop at the default pace reaches."""
    paced: list[tuple[int, int, int]] = []

    def watch(before: State, action: object, after: State) -> None:
        paced.append(gc.get_threshold())

    for seed in (1, 2, 3):
        dealt = new_game(seed, level="Margherita", crew=2)
        ended, decisions = play_to_end(dealt, heuristic, watch)
        assert decisions > 0
        assert ended.model_dump() == _by_hand(dealt).model_dump()
    assert set(paced) == {PACE}
    assert gc.get_threshold() == default_pace
