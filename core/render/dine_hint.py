"""The `/dine hint` in words: the best move among those one member can make, thought through by the
expert crew (`core.dine.expert`, playouts) or answered at once by the heuristic crew, and saying which;
why, from the state (`core.dine.why`) and, for the expert, from what its playouts saw; and the
runner-up where it came close.

It lives here, not in the cog, so the test that no public or other-seat text names a hidden hand card
can read exactly what a member is told.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from core.dine.actions import Action
from core.dine.ai import heuristic, ranked
from core.dine.engine import legal_actions
from core.dine.expert import Weighed, expert_weigher
from core.dine.state import State
from core.policies import Choice
from core.words import plural

from .dine_controls import for_seat
from .dine_text import describe
from .hints import Hint

EXPERT_SEED = 0  # the expert crew's luck for hints: a hint is the same each time it is asked
BY_EXPERT = "*Thought through by the expert crew (playouts).*"
BY_HEURISTIC = "*Quick answer from the heuristic crew.*"
CANDIDATES = 3  # the heuristic's best moves weighed for a runner-up
CLOSE = 0.02  # a runner-up this near the pick (heuristic worth: a 50th of the way out) is named
EXPERT_CLOSE = 0.05  # a runner-up whose playouts valued it this near the pick's (a win is 1) is named


def hint(state: State, mine: Sequence[int], *, expert: bool = False) -> Hint | None:
    """The best move among those a member holding the seats `mine` can make (their seats' and the
    crew's shared decisions), with why and the close runner-up; None when they can do nothing now.
    `expert`: the expert crew picks the move (it takes a second or so), else the heuristic crew."""

    def yours(action: Action) -> bool:
        return any(for_seat(action, seat) for seat in mine)

    if not any(yours(action) for action in legal_actions(state)):
        return None
    if expert:
        return _expert_hint(state, mine, expert_weigher(EXPERT_SEED, only=yours)(state))
    weighed = ranked(state, CANDIDATES, yours)
    (worth, pick), rest = weighed[0], weighed[1:]
    label = _label(state, pick.action, mine)
    second = next((c for w, c in rest if w >= worth - CLOSE and _another(state, mine, c, pick, label)), None)
    return _hint(state, mine, pick, pick.reason, second, second.reason if second else "")


def _label(state: State, action: Action, mine: Sequence[int]) -> str:
    return describe(state, action, mine).text


def _another(state: State, mine: Sequence[int], option: Choice, pick: Choice, label: str) -> bool:
    """Whether `option` is another choice than `pick` (labelled `label`) to a player: it reads
    differently and does something else (two cards that both meet the solution are one choice)."""
    return option.reason != pick.reason and _label(state, option.action, mine) != label


def _hint(
    state: State, mine: Sequence[int], pick: Choice, why: str, second: Choice | None, second_why: str
) -> Hint:
    if second is None:
        return Hint(pick.action, _label(state, pick.action, mine), why)
    label, second_label = _label(state, pick.action, mine), _label(state, second.action, mine)
    return Hint(pick.action, label, why, second.action, second_label, second_why)


def _expert_hint(state: State, mine: Sequence[int], seen: Weighed) -> Hint:
    """The expert's pick, its reason from the state and from the playouts, and the runner-up the
    playouts valued nearest, if near enough."""
    best = seen.best
    pick = seen.options[best]
    played = seen.scores[best]
    if not played:
        return _hint(state, mine, pick, f"{pick.reason} It was the only move worth weighing.", None, "")
    label = _label(state, pick.action, mine)
    others = [
        i
        for i, option in enumerate(seen.options)
        if i != best and seen.scores[i] and _another(state, mine, option, pick, label)
    ]
    if not others:
        return _hint(state, mine, pick, f"{pick.reason} {_alone(len(played))}", None, "")
    other = max(others, key=lambda i: _mean(seen.scores[i]))
    common = min(len(played), len(seen.scores[other]))
    mine_now, theirs = played[:common], seen.scores[other][:common]
    ahead = sum(a > b for a, b in zip(mine_now, theirs, strict=True))
    behind = sum(a < b for a, b in zip(mine_now, theirs, strict=True))
    said = _against(len(played), len(seen.options), ahead, behind, common)
    why = f"{pick.reason} {said}{_lost_more(seen, other, common)}"
    close = _mean(mine_now) - _mean(theirs) <= EXPERT_CLOSE and ahead - behind <= common / 4
    if not close:
        return _hint(state, mine, pick, why, None, "")
    second = seen.options[other]
    return _hint(state, mine, pick, why, second, second.reason + _lost_after(seen.losses[other], common))


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _alone(played: int) -> str:
    return f"Played out on {plural(played, 'reshuffled deal')}, it held up best."


def _against(played: int, weighed: int, ahead: int, behind: int, common: int) -> str:
    """How the pick did in its playouts, against the next best on the same reshuffled deals."""
    even = common - ahead - behind
    if even == common:
        versus = f"the next best did exactly as well on the same {common}"
    else:
        parts = [f"ahead in {ahead}"] if ahead else []
        parts += [f"behind in {behind}"] if behind else []
        parts += [f"even in {even}"] if even else []
        versus = f"against the next best on the same {common}, it came out {_and(parts)}"
    deals = plural(played, "reshuffled deal")
    return f"Played out on {deals}, it did best of the {weighed} moves weighed; {versus}."


def _and(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def loss_words(reason: str) -> str:
    """A loss as a clause: the shorter half of the engine's sentence ("the pizza is ruined")."""
    halves = [part.strip().rstrip(".") for part in reason.split(":")]
    short = min(halves, key=len)
    return short[:1].lower() + short[1:]


def _lost_more(seen: Weighed, other: int, common: int) -> str:
    """What went wrong after the next best, when it lost more games than the pick."""
    lost, theirs = sum(seen.losses[seen.best].values()), seen.losses[other]
    if sum(theirs.values()) <= lost:
        return ""
    return f" After the next best, {_lost(theirs, common)}."


def _lost_after(losses: Counter[str], common: int) -> str:
    return f" In the playouts after it, {_lost(losses, common)}." if losses else ""


def _lost(losses: Counter[str], common: int) -> str:
    count = sum(losses.values())
    what, _ = losses.most_common(1)[0]
    return f"the crew lost {count} of {common} games ({loss_words(what)})"


def hint_text(state: State, mine: Sequence[int], seat_names: Sequence[str], *, expert: bool = False) -> str:
    """The hint for a member holding the seats `mine`, described for them; if the crew's best is
    someone else's, it says whose, never which card. The last line says which crew thought."""
    found = hint(state, mine, expert=expert)
    if found is None:
        waiting = f" The crew waits for this: {state.pending.reason}" if state.pending else ""
        return f"There is nothing you can do right now.{waiting}"
    lines = found.lines("**Suggestion for you:**")
    crew = heuristic(state)
    seat = getattr(crew.action, "seat", None)
    if crew.action != found.action and isinstance(seat, int) and seat not in mine:
        lines.append(f"(The crew's best move now is {seat_names[seat]}'s, from their own hand.)")
    lines.append(BY_EXPERT if expert else BY_HEURISTIC)
    return "\n".join(lines)


def hint_choice(state: State) -> Choice:
    """The heuristic crew's hint for one player holding every seat (the terminal's `h`), the close
    second folded into the reason."""
    found = hint(state, range(state.crew))
    assert found is not None, "a game being played always has a move"
    return found.choice()
