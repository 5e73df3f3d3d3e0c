"""A solved sector no longer threatens: "Boldly Go…" comes before "We Have a Problem!" (R8), so once
the crew has solved (its upgrade waiting) the danger cannot strike, however full the row that solved
it is. The board in words, the alt text, the terminal and the picture (without the danger's pips)
say so instead of showing a full row against the danger ("holds 2 of 2"), which reads as a strike
about to land. While the crew still decides whether to solve, jump or keep playing, a full row can
still strike (keeping playing checks it, R8), and the board shows it as before."""

from __future__ import annotations

from core.dine.ai import heuristic
from core.dine.engine import apply, being_cleared, danger_value, new_game
from core.dine.state import State
from core.render.dine_text import board_summary, danger_text, describe_board


def _solved_with_a_full_row() -> tuple[State, State]:
    """The position just before a solve and the one after it, the upgrade waiting, where the row that
    solved holds as many cards as the danger counts (Salad, solo, Spacehopper 3000, deal 1)."""
    state = new_game(1, level="Salad", crew=1, ship="Spacehopper 3000")
    before = state
    for _ in range(200):
        if state.pending is not None and state.pending.kind == "upgrade":
            break
        before = state
        state, _ = apply(state, heuristic(state).action)
        assert state.outcome == "playing"
    assert state.pending is not None
    assert state.pending.kind == "upgrade"
    assert len(state.current_row) >= danger_value(state) > 0  # a full row: it would strike
    return before, state


def test_a_solved_sectors_danger_says_it_strikes_no_more() -> None:
    before, solved = _solved_with_a_full_row()
    assert being_cleared(solved)
    value = danger_value(solved)
    said = danger_text(solved)
    assert said == f"danger {value}: it strikes no more, the sector is solved"
    assert "strikes no more" in board_summary(solved)
    assert "but no more: the sector is solved" in describe_board(solved)
    # one step before, solve, jump or keep playing was still open: a full row still strikes then
    assert before.pending is not None
    assert before.pending.kind == "clear"
    assert not being_cleared(before)
    assert (
        danger_text(before)
        == f"danger {value}: the current row holds {len(before.current_row)} of {value} cards"
    )
    assert "but no more" not in describe_board(before)


def test_a_sector_still_in_play_shows_its_row_against_the_danger() -> None:
    state = new_game(1, level="Salad", crew=1, ship="Spacehopper 3000")
    assert not being_cleared(state)
    assert danger_text(state).startswith(f"danger {danger_value(state)}: the current row holds 0 of")
    assert "but no more" not in describe_board(state)
