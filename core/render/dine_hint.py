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
from dataclasses import replace

from core.dine.actions import Action, Clear
from core.dine.ai import explain, heuristic, ranked
from core.dine.engine import STRANDED, apply, decided_alone, legal_actions, loses_at_once, sector_side
from core.dine.expert import Weighed, expert_weigher
from core.dine.state import State
from core.i18n import Locale, mark, t, tn
from core.policies import Choice

from .dine_controls import for_seat
from .dine_text import decision_text, describe
from .hints import Hint

EXPERT_SEED = 0  # the expert crew's luck for hints: a hint is the same each time it is asked
BY_EXPERT = mark(
    "*Thought through by the expert crew, which tried the best moves on several possible shuffles of the "
    "deck.*"
)
BY_HEURISTIC = mark("*A quick answer from the rule-of-thumb crew (no time to think it through).*")
CANDIDATES = 3  # the heuristic's best moves weighed for a runner-up
CLOSE = 0.02  # a runner-up this near the pick (heuristic worth: a 50th of the way out) is named
EXPERT_CLOSE = 0.05  # a runner-up whose playouts valued it this near the pick's (a win is 1) is named


def hint(
    state: State, mine: Sequence[int], *, expert: bool = False, private: bool = False, locale: Locale = "en"
) -> Hint | None:
    """The best move among those a member holding the seats `mine` can make (their seats' and the
    crew's shared decisions), with why and the close runner-up; None when they can do nothing now.
    `expert`: the expert crew picks the move (it takes a second or so), else the heuristic crew.
    `private`: the other seats' hands are hidden from the member (R17), so the expert's worlds deal
    them afresh; the heuristic weighs the member's own moves by the table alone either way."""

    def yours(action: Action) -> bool:
        return any(for_seat(action, seat) for seat in mine)

    if not any(yours(action) for action in legal_actions(state)):
        return None
    if expert:
        hidden = [seat for seat in range(state.crew) if seat not in mine] if private else []
        return _expert_hint(
            state, mine, expert_weigher(EXPERT_SEED, only=yours, hidden=hidden)(state), locale
        )
    weighed = ranked(state, CANDIDATES, yours)
    (worth, pick), rest = weighed[0], weighed[1:]
    label = _label(state, pick.action, mine)
    near = [c for w, c in rest if w >= worth - CLOSE and _another(state, mine, c, pick, label)]
    # a branch that loses the game at once is never a close second
    second = next((c for c in near if not loses_at_once(state, c.action)), None)
    second_why = _why(state, second, locale) if second else ""
    return _hint(state, mine, pick, _why(state, pick, locale), second, second_why, locale)


def _why(state: State, choice: Choice, locale: Locale) -> str:
    """Why the crew would make `choice`, in `locale` (its reason is in English)."""
    return choice.reason if locale == "en" else explain(state, choice.action, locale)


def _label(state: State, action: Action, mine: Sequence[int], locale: Locale = "en") -> str:
    return describe(state, action, mine, locale).text


def _another(state: State, mine: Sequence[int], option: Choice, pick: Choice, label: str) -> bool:
    """Whether `option` is another choice than `pick` (labelled `label`) to a player: it reads
    differently and does something else (two cards that both meet the solution are one choice)."""
    return option.reason != pick.reason and _label(state, option.action, mine) != label


def _hint(
    state: State,
    mine: Sequence[int],
    pick: Choice,
    why: str,
    second: Choice | None,
    second_why: str,
    locale: Locale = "en",
) -> Hint:
    label = _label(state, pick.action, mine, locale)
    if second is None:
        return Hint(pick.action, label, why)
    second_label = _label(state, second.action, mine, locale)
    return Hint(pick.action, label, why, second.action, second_label, second_why)


def _expert_hint(state: State, mine: Sequence[int], seen: Weighed, locale: Locale = "en") -> Hint:
    """The expert's pick, its reason from the state and from the playouts, and the runner-up the
    playouts valued nearest, if near enough."""
    best = seen.best
    pick = seen.options[best]
    played = seen.scores[best]
    if (free := _free_tie(state, seen)) is not None:  # suggest the move that keeps the track
        return _expert_hint(state, mine, replace(seen, best=free), locale)
    reason = _why(state, pick, locale)
    if not played:
        why = f"{reason} {t(locale, 'It was the only move worth weighing.')}"
        return _hint(state, mine, pick, why, None, "", locale)
    label = _label(state, pick.action, mine)
    others = [
        i
        for i, option in enumerate(seen.options)
        if i != best and seen.scores[i] and _another(state, mine, option, pick, label)
    ]
    if not others:
        return _hint(state, mine, pick, f"{reason} {_alone(len(played), locale)}", None, "", locale)
    other = max(others, key=lambda i: _mean(seen.scores[i]))
    common = min(len(played), len(seen.scores[other]))
    mine_now, theirs = played[:common], seen.scores[other][:common]
    ahead = sum(a > b for a, b in zip(mine_now, theirs, strict=True))
    behind = sum(a < b for a, b in zip(mine_now, theirs, strict=True))
    gained = sum(mine_now) > sum(theirs)
    said = _against(len(played), len(seen.options), ahead, behind, common, locale, gained=gained)
    why = f"{reason} {said}{_lost_more(seen, other, common, locale)}"
    close = _mean(mine_now) - _mean(theirs) <= EXPERT_CLOSE and ahead - behind <= common / 4
    if not close:
        return _hint(state, mine, pick, why, None, "", locale)
    second = seen.options[other]
    second_why = _why(state, second, locale) + _lost_after(seen.losses[other], common, locale)
    return _hint(state, mine, pick, why, second, second_why, locale)


def _gives_up(state: State, action: Action) -> bool:
    """Whether `action` solves the sector by paying a track (pizza or damage spaces: points for good)."""
    spec = sector_side(state)
    if not isinstance(action, Clear) or action.how != "solve" or spec is None:
        return False
    return spec.solutions[action.solution].pay is not None


def _free_tie(state: State, seen: Weighed) -> int | None:
    """A candidate that did exactly as well in every playout both were played in as the expert's pick
    where the pick pays a track and it does not: the hint suggests it first (a tie is no reason to give
    points up; the expert's own move is unchanged). The search stops playing a candidate once it ties
    with a better-ranked one, so the two may have been played in different numbers of worlds."""
    played = seen.scores[seen.best]
    if not played or not _gives_up(state, seen.options[seen.best].action):
        return None
    return next(
        (
            i
            for i, scores in enumerate(seen.scores)
            if i != seen.best
            and scores
            and scores[: len(played)] == played[: len(scores)]
            and not _gives_up(state, seen.options[i].action)
        ),
        None,
    )


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _alone(played: int, locale: Locale = "en") -> str:
    return tn(
        locale,
        "Played out on {count} reshuffled deal, it held up best.",
        "Played out on {count} reshuffled deals, it held up best.",
        played,
    )


def _against(
    played: int,
    weighed: int,
    ahead: int,
    behind: int,
    common: int,
    locale: Locale = "en",
    *,
    gained: bool = False,
) -> str:
    """How the pick did in its playouts, against the next best on the same reshuffled deals; `gained`:
    its total over those deals is the higher (the pick is the best on average, not deal by deal)."""
    even = common - ahead - behind
    fewer = common < played  # the next best was dropped early: it was played out on some deals only
    if even == common:
        said = (
            mark("the next best, played out on {count} of them, did exactly as well there")
            if fewer
            else mark("the next best did exactly as well on the same {count}")
        )
        versus = t(locale, said, count=common)
    else:
        parts = [t(locale, "ahead in {count}", count=ahead)] if ahead else []
        parts += [t(locale, "behind in {count}", count=behind)] if behind else []
        parts += [t(locale, "even in {count}", count=even)] if even else []
        said = (
            mark("against the next best, played out on {count} of them, it came out {how}")
            if fewer
            else mark("against the next best on the same {count}, it came out {how}")
        )
        versus = t(locale, said, count=common, how=_and(parts, locale))
        if behind > ahead and gained:
            versus += t(
                locale, ", but it gained more where it came out ahead than it lost where it fell behind"
            )
    if even == common and not fewer:  # a tie on every deal: "it did best … did exactly as well" jarred
        return tn(
            locale,
            "Played out on {count} reshuffled deal, it did as well as any of the {weighed} moves weighed;"
            " {versus}.",
            "Played out on {count} reshuffled deals, it did as well as any of the {weighed} moves weighed;"
            " {versus}.",
            played,
            weighed=weighed,
            versus=versus,
        )
    return tn(
        locale,
        "Played out on {count} reshuffled deal, it did best of the {weighed} moves weighed; {versus}.",
        "Played out on {count} reshuffled deals, it did best of the {weighed} moves weighed; {versus}.",
        played,
        weighed=weighed,
        versus=versus,
    )


def _and(parts: list[str], locale: Locale = "en") -> str:
    if len(parts) == 1:
        return parts[0]
    return t(locale, "{some} and {last}", some=", ".join(parts[:-1]), last=parts[-1])


def loss_words(reason: str) -> str:
    """A loss as a clause: the shorter half of the engine's sentence ("the pizza is ruined")."""
    halves = [part.strip().rstrip(".") for part in reason.split(":")]
    short = min(halves, key=len)
    return short[:1].lower() + short[1:]


def _lost_more(seen: Weighed, other: int, common: int, locale: Locale = "en") -> str:
    """What went wrong after the next best, when it lost more games than the pick."""
    lost, theirs = sum(seen.losses[seen.best].values()), seen.losses[other]
    if sum(theirs.values()) <= lost:
        return ""
    return " " + t(locale, "After the next best, {lost}.", lost=_lost(theirs, common, locale))


def _lost_after(losses: Counter[str], common: int, locale: Locale = "en") -> str:
    if not losses:
        return ""
    return " " + t(locale, "In the games played on after it, {lost}.", lost=_lost(losses, common, locale))


def _lost(losses: Counter[str], common: int, locale: Locale = "en") -> str:
    count = sum(losses.values())
    what, _ = losses.most_common(1)[0]
    return t(
        locale,
        "the crew lost {count} of {games} games ({why})",
        count=count,
        games=common,
        why=loss_words(t(locale, what)),
    )


def hint_text(
    state: State,
    mine: Sequence[int],
    seat_names: Sequence[str],
    *,
    expert: bool = False,
    private: bool = False,
    locale: Locale = "en",
) -> str:
    """The hint for a member holding the seats `mine`, described for them in their `locale`; with open
    hands, if the crew's best is someone else's, it says whose, never which card (with `private` hands
    it cannot know). The last line says which crew thought."""
    found = hint(state, mine, expert=expert, private=private, locale=locale)
    if found is None:
        if state.pending:
            return t(
                locale,
                "There is nothing you can do right now. The crew waits for this: {reason}",
                reason=decision_text(state, locale, seat_names),
            )
        return t(locale, "There is nothing you can do right now.")

    def label(action: Action) -> str:
        """The move for its reader: their own seat's without "Ben:", a vacant seat's they hold with it."""
        said = describe(state, action, mine, locale, seat_names)
        return said.line if said.seat == mine[0] else said.text

    lines = [
        t(locale, "**Suggestion for you:** {move}", move=label(found.action)),
        t(locale, "*Why:* {why}", why=found.why),
    ]
    if found.second_move:
        second = label(found.second)
        lines.append(t(locale, "*Close second:* {move}. {why}", move=second, why=found.second_why))
    crew = heuristic(state)
    seat = getattr(crew.action, "seat", None)
    alone = decided_alone(state, found.action)  # each member answers for themselves: no "best" of theirs
    shared = not private  # with private hands the member cannot know another's best move
    if shared and crew.action != found.action and isinstance(seat, int) and seat not in mine and not alone:
        lines.append(
            t(locale, "(The crew's best move now is {name}'s, from their own hand.)", name=seat_names[seat])
        )
    if _strands(state, found.action, mine, private=private):
        lines.append(t(locale, LAST_MOVE))
    lines.append(t(locale, BY_EXPERT if expert else BY_HEURISTIC))
    return "\n".join(lines)


LAST_MOVE = mark(
    "**This is the crew's last move:** after it nobody can do anything, so the crew is stranded and the "
    "game is lost."
)


def _strands(state: State, action: Action, mine: Sequence[int], *, private: bool) -> bool:
    """Whether `action` leaves the crew stranded (R18), said only where the asker can know it: with
    private hands, when every other seat's hand is empty (the counts are on the board)."""
    if private and any(state.hands[seat] for seat in range(state.crew) if seat not in mine):
        return False
    after = apply(state, action, quiet=True)[0]
    return after.outcome == "lost" and after.loss_reason == STRANDED


def hint_choice(state: State, *, expert: bool = False) -> Choice:
    """The heuristic crew's hint (the expert's with `expert`, as the terminal's `h`) for one player
    holding every seat, the close second folded into the reason."""
    found = hint(state, range(state.crew), expert=expert)
    assert found is not None, "a game being played always has a move"
    return found.choice()
