"""A consequence's "A OR B" where one branch loses the game at once: no crew takes it while the other
plays on, the hint says why, and the board's button warns before anyone presses it.

Found by a review: the heuristic ranked branches by a fixed harm table and took "2 damage" with one
damage space left in about one novice game in seven, and the hint suggested it."""

from __future__ import annotations

from core.dine.actions import Choose
from core.dine.ai import heuristic
from core.dine.engine import apply, legal_actions, loses_at_once, new_game
from core.dine.expert import expert_weigher
from core.dine.state import State
from core.render.dine_controls import moves
from core.render.dine_hint import hint_text


def choice_that_could_lose(seed: int) -> State:
    """The first consequence choice of a real game where one branch loses at once and one plays on."""
    state = new_game(seed, level="Pepperoni", crew=1, ship="Crusty Cruiser")
    while state.outcome == "playing":
        options = [a for a in legal_actions(state) if isinstance(a, Choose)]
        if options and {loses_at_once(state, a) for a in options} == {True, False}:
            return state
        state = apply(state, heuristic(state).action, quiet=True)[0]
    raise LookupError(seed)


def positions(count: int) -> list[State]:
    found: list[State] = []
    for seed in range(9001, 9200):
        try:
            found.append(choice_that_could_lose(seed))
        except LookupError:
            continue
        if len(found) == count:
            return found
    raise AssertionError("too few such positions")


def outcomes(state: State) -> set[str]:
    """Every way the shield questions after a consequence can be answered (pay one, or take the
    damage), to where the crew may act again: the outcome of each."""
    if state.outcome != "playing" or state.pending is None or state.pending.kind != "shield":
        return {state.outcome}
    found: set[str] = set()
    for answer in legal_actions(state):
        found |= outcomes(apply(state, answer)[0])
    return found


def test_a_branch_loses_at_once_when_no_answer_to_its_shields_saves_the_game() -> None:
    """Checked against every way of answering the shield questions, shields on the grid included
    (a review found a branch called safe because the engine stopped at the shield question)."""
    checked = shielded = 0
    for state in positions(12):
        for action in (a for a in legal_actions(state) if isinstance(a, Choose)):
            after = apply(state, action)[0]
            shielded += after.pending is not None and after.pending.kind == "shield"
            assert loses_at_once(state, action) == (outcomes(after) == {"lost"})
            checked += 1
    assert checked >= 24
    assert shielded  # some branches meet a shield question: the case the review found
    assert not any(loses_at_once(new_game(3), a) for a in legal_actions(new_game(3)))  # not a choice


def test_no_crew_takes_a_branch_that_loses_at_once() -> None:
    for state in positions(5):
        assert not loses_at_once(state, heuristic(state).action)
        assert not loses_at_once(state, expert_weigher(1)(state).choice.action)


def test_the_hint_says_why_and_never_names_the_losing_branch_as_a_close_second() -> None:
    state = positions(1)[0]
    for expert in (False, True):
        text = hint_text(state, [0], ["Ann"], expert=expert)
        assert "would lose the game at once" in text
        assert "Close second" not in text, text


def test_the_button_of_a_losing_branch_warns_and_shows_the_tracks() -> None:
    state = positions(1)[0]
    labels = {m.label for m in moves(state, None)}
    losing = [label for label in labels if label.endswith(": the game is lost")]
    assert len(losing) == 1, labels
    assert "→ 0 of " in losing[0]
    other = next(label for label in labels if label not in losing and label.startswith("Choose “"))
    assert "→" in other
    assert "lost" not in other
