"""The expert Dine crew: the search crew's idea (play the heuristic's best moves out on worlds dealt
afresh) at a fraction of its cost, so that a balance table of thousands of games is affordable.

The search crew (`core.dine.search`) plays every candidate out to the end of the game: ~30 playouts of
~20 heuristic moves a decision. Most of that time goes into the far future, where one candidate's
playouts differ from another's mostly by luck. The expert instead plays each candidate out only until
the crew stands in a fresh sector `horizon` sectors on (one or two by crew size, `PLANS`, or by level
and crew size, `LEVEL_PLANS`; or the game ends), and values that position with `value`: a linear
estimate, fitted by self-play of the heuristic crew (`bench.dine_value`), of what the search crew's
playout would have scored from there (1 for a win, plus a little for the sectors cleared and the
tracks). The near future — the current sector, where the moves differ, and mostly the next — is
played; the far future is estimated, with no luck in it.

It never sees hidden cards: the worlds are the search crew's (`core.dine.worlds`): the deck under its
(public) top card reshuffled, the face-down sectors redrawn, a new engine seed; the worlds' seed comes
from the policy's seed and the public part of the state, and `features` reads only what is on the table
(the face-down sectors count by number and side only). So the crew is deterministic for a seed, and two
states that differ only in what is hidden get the same choice.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from functools import lru_cache
from random import Random

from core.policies import Choice, Policy

from .actions import Action
from .ai import heuristic_action, shortlist
from .cards import CardSet
from .engine import EASY_FROM_PROCURE, apply, danger_value, jump_drive, loses_at_once, score, sector_side
from .state import State
from .symbols import side_worth
from .worlds import determinize, public_key, public_view

BATCH = 4  # worlds dealt at a time
MARGIN = 0.1  # a candidate this far behind the best (mean value a world) is dropped
# A decision stops early once no other candidate still in the running can be better than the leader
# by more than SLACK (mean value a world) at Z standard errors of their paired differences: the worlds
# left would not change the pick. A slack of 0.01 saved 8-11 % more time but cost 0.2 sectors a game on
# 300 Diavolo deals (docs/expert.md, Early stop).
SLACK = 0.0
Z = 2.0
MAX_STEPS = 200  # decisions per playout at most: a safety net, far beyond one sector
LOOP_FROM = 40  # playout steps after which a position met again ends the playout (a loop)


@dataclass(frozen=True, slots=True)
class Weighed:
    """What the expert crew saw for one decision: the candidates (the heuristic's best first, each
    with its reason), each one's value in every world it was played out in (the same worlds, in the
    same order, for every candidate still in the running), the games each lost in its playouts by
    the loss's words, the pick, and the candidates still in the running when the decision ended."""

    options: list[Choice]
    scores: list[list[float]]
    losses: list[Counter[str]]
    best: int
    running: tuple[int, ...] = (0,)

    @property
    def choice(self) -> Choice:
        """The pick, with the expert's reason in plain numbers (`reason`)."""
        if not self.scores[self.best]:
            return self.options[self.best]
        means = [sum(values) / len(values) if values else 0.0 for values in self.scores]
        return Choice(self.options[self.best].action, reason(self.options, means, self.best))


def expert_policy(
    seed: int = 0,
    *,
    rollouts: int | None = None,
    candidates: int | None = None,
    horizon: int | None = None,
    batch: int = BATCH,
    margin: float = MARGIN,
    slack: float | None = SLACK,
    only: Callable[[Action], bool] | None = None,
) -> Policy:
    """The expert crew. The heuristic's `candidates` best moves (by default the crew size's `Plan`)
    are each played out in `batch` worlds, then `batch` more at a time, up
    to `rollouts` (by default the crew size's `Plan`), for the candidates still within `margin`
    (a mean value) of the best and not a duplicate of a better-ranked one, until none of them can beat
    the leader by more than `slack` a world (`_settled`; None plays the whole budget); each playout is
    cut `horizon` sectors on (by default the `Plan`'s). The defaults keep a solo game near one to four
    seconds on one core. With `only`, the candidates are only the moves that pass it (a hint for one
    crew member: their own moves); the playouts after it are the whole crew's, as ever."""
    weigh = expert_weigher(
        seed,
        rollouts=rollouts,
        candidates=candidates,
        horizon=horizon,
        batch=batch,
        margin=margin,
        slack=slack,
        only=only,
    )

    def choose(state: State) -> Choice:
        return weigh(state).choice

    return choose


def expert_weigher(
    seed: int = 0,
    *,
    rollouts: int | None = None,
    candidates: int | None = None,
    horizon: int | None = None,
    batch: int = BATCH,
    margin: float = MARGIN,
    slack: float | None = SLACK,
    only: Callable[[Action], bool] | None = None,
    hidden: Collection[int] = (),
) -> Callable[[State], Weighed]:
    """The expert crew's decision with everything its playouts saw (`expert_policy` takes its pick;
    a hint explains it). `hidden`: the seats whose hands the one asking cannot see (private hands,
    R17): every world deals them afresh (`determinize`)."""
    bad_horizon = horizon is not None and horizon < 0
    bad_candidates = candidates is not None and candidates < 1
    if (rollouts is not None and rollouts < 1) or bad_candidates or bad_horizon or batch < 1 or margin < 0:
        raise ValueError("rollouts, candidates and batch must be at least 1, horizon and margin at least 0")

    carried: list[_Played] = []  # the last pick's playouts, for the decision after it

    def weigh(state: State) -> Weighed:
        plan = plan_of(state)
        options = shortlist(state, plan.candidates if candidates is None else candidates, only)
        # a branch that loses at once is never worth more than one that plays on, however its lost
        # tracks would count in a playout (`terminal`): the crew never takes it while another is there
        options = [o for o in options if not loses_at_once(state, o.action)] or options
        reach = plan.horizon if horizon is None else horizon
        kept = _carried_over(carried, state, options[0].action, reach, hidden)
        carried.clear()
        if len(options) == 1:
            return Weighed(options, [[]], [Counter()], 0)
        rng = Random(public_key(seed, state, hidden))
        budget = plan.rollouts if rollouts is None else rollouts
        kept = kept[:budget]
        scores: list[list[float]] = [[] for _ in options]  # each candidate's value in each world
        losses: list[Counter[str]] = [Counter() for _ in options]
        played_out: list[list[_Played]] = [[] for _ in options]
        alive = list(range(len(options)))
        played = 0
        while True:
            count = min(batch, budget - played)
            worlds = [p.world for p in kept[played : played + count]]
            worlds += [determinize(state, rng, hidden) for _ in range(count - len(worlds))]
            for i in alive:  # the same worlds for every candidate: compared on the same luck
                for k, world in enumerate(worlds, start=played):
                    after = apply(world, options[i].action, quiet=True)[0]
                    if i == 0 and k < len(kept):  # played out at the last decision: the same playout
                        worth, lost = kept[k].worth, kept[k].lost
                    else:
                        worth, lost = _playout(after, reach)
                    scores[i].append(worth)
                    played_out[i].append(_Played(after, worth, lost))
                    if lost is not None:
                        losses[i][lost] += 1
            played += len(worlds)
            totals = {i: sum(scores[i]) for i in alive}
            lead = max(totals.values())
            # A candidate that scored exactly as a better-ranked one in every world so far is almost
            # always the same move in effect (two cards that end in the same grid, a payment that
            # makes no difference): keep the heuristic's favourite and stop paying for the other.
            alive = [
                i
                for k, i in enumerate(alive)
                if lead - totals[i] <= margin * played and all(scores[i] != scores[j] for j in alive[:k])
            ]
            best = max(alive, key=totals.__getitem__)  # ties: the heuristic's own order
            if played >= budget or len(alive) == 1:
                break
            if slack is not None and _settled(scores, alive, best, slack):
                break
        carried.extend(played_out[best])
        return Weighed(options, scores, losses, best, tuple(alive))

    return weigh


def _settled(scores: list[list[float]], alive: list[int], lead: int, slack: float) -> bool:
    """Whether no candidate in `alive` can beat `lead` by more than `slack` a world: the upper bound
    (`Z` standard errors) of its mean paired difference with the leader, on the same worlds, is below."""
    ahead = scores[lead]
    for i in alive:
        if i == lead:
            continue
        gaps = [a - b for a, b in zip(scores[i], ahead, strict=True)]
        mean = sum(gaps) / len(gaps)
        spread = (sum((g - mean) ** 2 for g in gaps) / len(gaps)) ** 0.5
        if mean + Z * spread / len(gaps) ** 0.5 > slack:
            return False
    return True


@dataclass(frozen=True, slots=True)
class _Played:
    """One candidate's playout in one world: the world just after the candidate's move, and what the
    playout from there was worth (and the loss's words, if it lost)."""

    world: State
    worth: float
    lost: str | None


def _carried_over(
    played: list[_Played], state: State, first: Action, horizon: int, hidden: Collection[int] = ()
) -> list[_Played]:
    """The last pick's playouts that are still good for `state`, the decision after it.

    A world the pick was played in is still a world of this game when the move showed nothing it
    hid: its public view is the game's (`public_view`; a draw shows the deck's next top card, which
    most worlds got wrong, and those are dropped, so the rest are still a fair draw of the hidden
    cards). Its playout went on with the heuristic's move, which reads only what is public: it is
    the heuristic's candidate `first` played out in that world, already paid for, as long as that
    move clears no sector (the playout's goal, `horizon` sectors on, would move)."""
    if not played or horizon < 1 or first != heuristic_action(state):
        return []
    view = public_view(state, hidden)
    kept = [p for p in played if p.world.outcome == "playing" and public_view(p.world, hidden) == view]
    if kept and apply(kept[0].world, first, check=False, quiet=True)[0].cleared != state.cleared:
        return []
    return kept


def playout(state: State, horizon: int | None = None) -> float:
    """Play `state` on with the heuristic crew until the game ends or the crew stands in a fresh sector
    `horizon` sectors on (None: the crew size's `Plan`), and value where it got: the search crew's
    scale (`terminal`), estimated by `value` when the game goes on."""
    return _playout(state, plan_of(state).horizon if horizon is None else horizon)[0]


def _playout(state: State, horizon: int) -> tuple[float, str | None]:
    """`playout`, and the loss's words if the game was lost in it."""
    goal = state.cleared + horizon
    seen: set[str] = set()
    for step in range(MAX_STEPS):
        if state.outcome != "playing":
            return terminal(state), state.loss_reason
        if state.cleared >= goal and state.pending is None and not state.grid[-1] and len(state.grid) == 1:
            break
        if step >= LOOP_FROM:  # a sector this long may be a loop the greedy crew never leaves (`cycle_key`)
            key = state.cycle_key()
            if key in seen:  # it never delivers from here: a loss, where it stands
                return float(False) + 0.02 * state.cleared + 0.005 * score(state), None
            seen.add(key)
        # The first step copies (the caller keeps its state); the playout owns every later one.
        state, _ = apply(state, heuristic_action(state), check=False, reuse=step > 0, quiet=True)
    if state.outcome != "playing":
        return terminal(state), state.loss_reason
    return value(state), None


def terminal(state: State) -> float:
    """What a finished game is worth, as the search crew counts it: a win 1, and the sectors cleared
    and the tracks a little."""
    return float(state.outcome == "won") + 0.02 * state.cleared + 0.005 * score(state)


FEATURES = (
    "bias",
    "cleared",
    "left",
    "hard_left",
    "damage",
    "pizza",
    "marker",
    "cards",
    "removed",
    "hand",
    "upgraded",
    "stations",
    "deck_worth",
    "drive_gap",
    "solve_gap",
    "danger",
    "left_x_damage",
    "left_x_pizza",
    "left_x_cards",
    "left_x_upgraded",
    "left_x_stations",
    "crew",
    "damage_low",
    "pizza_low",
    "left_x_hand",
)


def features(state: State) -> list[float]:
    """What `value` reads, all on the table: the sectors still to clear (face-down ones by number and
    side only), the tracks, the cards still in play and how strong they are, upgrades and stations,
    and what the current sector asks for. Per crew member where the crew size scales it."""
    crew, cardset = state.crew, state.cards
    level = cardset.level(state.level)
    left = hard = 0
    for card in state.stack:
        if card.help == "procure":
            left += EASY_FROM_PROCURE + level.hard + 1
            hard += level.hard + 1
        elif card.help == "frontier":
            left += level.hard + 1
            hard += level.hard + 1
        elif card.sector is not None:
            left += 1
            hard += (card.side == "back" and not state.starter) or _is_boss(cardset, card.sector)
    playing = [*state.deck, *state.discard, *(c for hand in state.hands for c in hand)]
    playing += [p.card for row in state.grid for p in row]
    upgraded = set(state.upgraded)
    worth = sum(side_worth(cardset, c, c in upgraded) for c in playing)
    drive_gap, solve_gap = _sector_gaps(state)
    stations = sum(c is not None for c in state.stations)
    cards = len(playing) / crew
    share = left / 10
    return [
        1.0,
        state.cleared / 10,
        share,
        hard / 10,
        state.damage / 8,
        state.pizza / 6,
        state.marker / 6,
        cards / 20,
        len(state.removed) / 10,
        sum(map(len, state.hands)) / crew / 7,
        len(state.upgraded) / 10,
        stations / crew,
        worth / max(len(playing), 1) / 3,
        drive_gap / 10,
        solve_gap / 10,
        danger_value(state) / 6,
        share * state.damage / 8,
        share * state.pizza / 6,
        share * cards / 20,
        share * len(state.upgraded) / 10,
        share * stations / crew,
        crew / 3,
        max(0, 3 - state.damage)
        / 3,  # the last spaces of a track are worth more: past them, the game is lost
        max(0, 3 - state.pizza) / 3,
        share * sum(map(len, state.hands)) / crew / 7,
    ]


def _sector_gaps(state: State) -> tuple[float, float]:
    """What the current sector asks for: the jump's drive (10 where there is no jump) and the fewest
    symbols a symbol solution needs (10 where there is none)."""
    spec = sector_side(state)
    if spec is None:
        return 0.0, 0.0
    drive = jump_drive(state)
    jump = 10.0 if drive is None else float(drive + spec.jump.navigation)
    needs = [sum(s.symbols.values()) * (state.crew if s.per_crew else 1) for s in spec.solutions if s.symbols]
    return jump, float(min(needs, default=10))


@lru_cache(maxsize=64)
def _is_boss(cards: CardSet, card_id: str) -> bool:
    return cards.sector(card_id).front.kind == "boss"


# Fitted by `python -m bench.dine_value --games 3 --worlds 6` (seeds 1000-1002, every level, crew size
# and ship; heuristic self-play with common-random-number changes): the terminal value a heuristic
# crew's game reaches from a fresh sector. Fitted on 2026-12-01 on card set v1; still the better
# value solo on `dine-3` (docs/expert.md, Trial).
WEIGHTS_V1: tuple[float, ...] = (
    0.2555,  # bias
    -0.0047,  # cleared
    -0.7173,  # left
    -0.9903,  # hard_left
    0.1328,  # damage
    -0.0312,  # pizza
    0.0458,  # marker
    0.3148,  # cards
    -0.2352,  # removed
    0.1011,  # hand
    0.8640,  # upgraded
    -0.0804,  # stations
    0.2553,  # deck_worth
    0.1717,  # drive_gap
    -0.2082,  # solve_gap
    0.2126,  # danger
    0.5948,  # left_x_damage
    0.6585,  # left_x_pizza
    -0.7606,  # left_x_cards
    -0.3025,  # left_x_upgraded
    0.1425,  # left_x_stations
    0.1141,  # crew
    -0.2224,  # damage_low
    -0.2433,  # pizza_low
    0.5774,  # left_x_hand
)


# The same fit on card set `dine-3` (2026-12-05; positions R² 0.83 fitted, 0.69 held out).
WEIGHTS_V3: tuple[float, ...] = (
    -0.9703,  # bias
    2.0339,  # cleared
    1.6276,  # left
    -1.4028,  # hard_left
    0.1886,  # damage
    -0.0348,  # pizza
    0.0357,  # marker
    0.4401,  # cards
    -0.3433,  # removed
    0.0801,  # hand
    -0.1173,  # upgraded
    -0.5937,  # stations
    1.1803,  # deck_worth
    0.0056,  # drive_gap
    -0.0795,  # solve_gap
    0.7180,  # danger
    -0.0771,  # left_x_damage
    0.3781,  # left_x_pizza
    -0.8768,  # left_x_cards
    -0.0779,  # left_x_upgraded
    0.6628,  # left_x_stations
    -0.4978,  # crew
    -0.1028,  # damage_low
    -0.2946,  # pizza_low
    -0.1737,  # left_x_hand
)


@dataclass(frozen=True, slots=True)
class Plan:
    """How the expert plays for one crew size: worlds a decision at most, sectors a playout goes on
    before `value` takes over, the value's weights (`FEATURES`), and how many of the heuristic's best
    moves are played out."""

    rollouts: int
    horizon: int
    weights: tuple[float, ...]
    candidates: int = 3  # the heuristic's best moves played out


# By crew size, from 100 Diavolo deals each (docs/expert.md, "A plan per crew size"): solo, v1's value
# two sectors on wins most; two crew, the value refitted on `dine-3` two sectors on; three crew, that
# value one sector on wins as much as two sectors at a third of the time. A crew of 3 makes the most
# decisions: 8 worlds keep its games within the balance table's time budget. Two crew weigh the
# heuristic's best 4 moves in 8 worlds: 46 of 200 Diavolo deals won against 3 moves in 12 worlds' 31
# and the search crew's 34, and 20 of 100 fresh deals against 9 (docs/expert.md, "Four candidates").
PLANS: dict[int, Plan] = {
    1: Plan(rollouts=12, horizon=2, weights=WEIGHTS_V1),
    2: Plan(rollouts=8, horizon=2, weights=WEIGHTS_V3, candidates=4),
    3: Plan(rollouts=8, horizon=1, weights=WEIGHTS_V3),
}
# The starter game (10 cards, lost mostly by running out of them) plays as before the plans, v1's value
# two sectors on: one sector on, three crew won 285 of 300 starter games (Quasar Calzone 61 of 75)
# where the expert before won 296 (docs/expert.md). Starter games are the table's cheapest.
STARTER_PLANS: dict[int, Plan] = {
    crew: Plan(rollouts, 2, WEIGHTS_V1, candidates=3) for crew, rollouts in ((1, 12), (2, 12), (3, 8))
}
# Where a level's games are short enough to afford it, a crew looks further than its crew size's
# plan. Three crew at Margherita lost almost only by running dry, which one sector on does not see:
# two sectors on won 102 of the balance report's first 120 deals there against 95, at three times
# the CPU (docs/expert.md, "Three crew at Margherita").
LEVEL_PLANS: dict[tuple[str, int], Plan] = {
    ("Margherita", 3): Plan(rollouts=8, horizon=2, weights=WEIGHTS_V3),
}


def plan_of(state: State) -> Plan:
    """How the expert plays this game: by level and crew size where a level has its own plan, by crew
    size otherwise, and as before the plans in a starter game."""
    if state.starter:
        return STARTER_PLANS[state.crew]
    return LEVEL_PLANS.get((state.level, state.crew)) or PLANS[state.crew]


def value(state: State) -> float:
    """The estimated terminal value (`terminal`) of a game going on from `state`, by the crew size's
    weights (`Plan`)."""
    weights = plan_of(state).weights
    return sum(w * f for w, f in zip(weights, features(state), strict=True))


def reason(options: Sequence[Choice], means: Sequence[float], best: int) -> str:
    """The chosen move's own reason and how its playouts went against the heuristic's pick, from plain
    numbers (the words for a move the heuristic did not explain are left to the caller's renderer)."""
    said = options[best].reason or "A move the greedy crew ranked lower."
    if best == 0:
        return f"{said} Playouts: valued {means[0]:.2f}, the best of {len(options)} moves."
    return f"{said} Playouts: valued {means[best]:.2f}; the greedy pick {means[0]:.2f}."
