"""The D-6 hint: the heuristic player's move, why, and the runner-up when it was nearly as good.

`/d6 hint`, the board's Hint button and the terminal's `h` all read it from here.
"""

from __future__ import annotations

from core.d6.ai import Ranked, ranked
from core.d6.state import State
from core.i18n import Locale, t
from core.policies import Choice

from .d6_menu import move_key
from .d6_text import describe_action, wasted
from .hints import Hint

# The runner-up is named when it is worth at least this share of the pick (hull points saved or
# gained), or within `CLOSE_POINTS` of it: below that, the pick is clear.
CLOSE_SHARE = 0.85
CLOSE_POINTS = 0.25


def hint(state: State, locale: Locale = "en") -> Hint:
    """The heuristic's move now and why, with the best different move if it came close."""
    weighed = ranked(state, locale)
    pick = weighed[0]
    move = describe_action(state, pick.choice.action, locale=locale)
    found = Hint(pick.choice.action, move, pick.choice.reason)
    second = runner_up(state, weighed)
    if second is None:
        return found
    action = second.choice.action
    return Hint(
        found.action,
        found.move,
        found.why,
        action,
        describe_action(state, action, locale=locale),
        second.choice.reason,
    )


def runner_up(state: State, weighed: list[Ranked]) -> Ranked | None:
    """The best move that is another choice than the pick, if it came close: not the same move by an
    identical die, nor one that reads the same (a shot at the other of two like-named threats) or does
    the same for the same reason (either die on Pandemic's mission), nor a shot that spends damage a
    threat does not need (it is never better than the same shot spread)."""
    pick = weighed[0]
    key, label = move_key(state, pick.choice.action), describe_action(state, pick.choice.action)

    def another(found: Ranked) -> bool:
        action = found.choice.action
        return (
            move_key(state, action) != key
            and describe_action(state, action) != label
            and found.choice.reason != pick.choice.reason
            and not wasted(state, action)
        )

    other = next((r for r in weighed[1:] if another(r)), None)
    if other is None:
        return None
    close = other.worth >= pick.worth - CLOSE_POINTS or other.worth >= CLOSE_SHARE * pick.worth > 0
    return other if close else None


def hint_choice(state: State) -> Choice:
    """`hint` as the game's `Choice` (the terminal's `h`): the close second folded into the reason."""
    return hint(state).choice()


def hint_text(state: State, locale: Locale = "en") -> str:
    """The private hint message, in the reader's language."""
    found = hint(state, locale)
    lines = [t(locale, "**Suggestion:** {move}", move=found.move), t(locale, "*Why:* {why}", why=found.why)]
    if found.second_move:
        lines.append(t(locale, "*Close second:* {move}. {why}", move=found.second_move, why=found.second_why))
    return "\n".join(lines)
