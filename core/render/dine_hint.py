"""The `/dine hint` in words: the best move among those one member can make, thought through by the
expert crew (`core.dine.expert`, playouts) or answered at once by the heuristic crew, and saying which.

It lives here, not in the cog, so the test that no public or other-seat text names a hidden hand card
can read exactly what a member is told.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from core.dine.actions import Action
from core.dine.ai import heuristic
from core.dine.engine import legal_actions
from core.dine.expert import expert_policy
from core.dine.state import State
from core.policies import Choice

from .dine_controls import for_seat
from .dine_text import describe

EXPERT_SEED = 0  # the expert crew's luck for hints: a hint is the same each time it is asked
BY_EXPERT = "*Thought through by the expert crew (playouts).*"
BY_HEURISTIC = "*Quick answer from the heuristic crew.*"


def hint_text(state: State, mine: Sequence[int], seat_names: Sequence[str], *, expert: bool = False) -> str:
    """The best move among those a member holding the seats `mine` can make (their seats' and the
    crew's shared decisions), described for them; if the crew's best is someone else's, it says whose,
    never which card. `expert`: the expert crew picks the move (it takes a second or so), else the
    heuristic crew; the last line says which."""

    def yours(action: Action) -> bool:
        return any(for_seat(action, seat) for seat in mine)

    if not any(yours(action) for action in legal_actions(state)):
        waiting = f" The crew waits for this: {state.pending.reason}" if state.pending else ""
        return f"There is nothing you can do right now.{waiting}"
    pick: Callable[[State], Choice] = (
        expert_policy(EXPERT_SEED, only=yours) if expert else lambda s: heuristic(s, yours)
    )
    choice = pick(state)
    why = choice.reason or "The playouts went best after it."
    lines = [f"**Suggestion for you:** {describe(state, choice.action, mine).text}\n*Why:* {why}"]
    crew = heuristic(state)
    seat = getattr(crew.action, "seat", None)
    if crew.action != choice.action and isinstance(seat, int) and seat not in mine:
        lines.append(f"(The crew's best move now is {seat_names[seat]}'s, from their own hand.)")
    lines.append(BY_EXPERT if expert else BY_HEURISTIC)
    return "\n".join(lines)
