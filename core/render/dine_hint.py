"""The `/dine hint` in words: the heuristic crew's best move among those one member can make.

It lives here, not in the cog, so the test that no public or other-seat text names a hidden hand card
can read exactly what a member is told.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.dine.actions import Action
from core.dine.ai import heuristic
from core.dine.engine import legal_actions
from core.dine.state import State

from .dine_controls import for_seat
from .dine_text import describe


def hint_text(state: State, mine: Sequence[int], seat_names: Sequence[str]) -> str:
    """The best move among those a member holding the seats `mine` can make (their seats' and the
    crew's shared decisions), described for them; if the crew's best is someone else's, it says whose,
    never which card."""

    def yours(action: Action) -> bool:
        return any(for_seat(action, seat) for seat in mine)

    if not any(yours(action) for action in legal_actions(state)):
        waiting = f" The crew waits for this: {state.pending.reason}" if state.pending else ""
        return f"There is nothing you can do right now.{waiting}"
    choice = heuristic(state, yours)
    lines = [f"**Suggestion for you:** {describe(state, choice.action, mine).text}\n*Why:* {choice.reason}"]
    crew = heuristic(state)
    seat = getattr(crew.action, "seat", None)
    if crew.action != choice.action and isinstance(seat, int) and seat not in mine:
        lines.append(f"(The crew's best move now is {seat_names[seat]}'s, from their own hand.)")
    return "\n".join(lines)
