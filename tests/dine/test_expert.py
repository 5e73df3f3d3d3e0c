"""The expert crew (`core.dine.expert`): legal moves to the end, deterministic for its seed, blind to
what the players cannot see, and stronger than the greedy heuristic it plays its playouts with.

Real games through the real engine at a small budget: a few seconds on one core.
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random

import pytest

import core.dine.expert as expert
from core.dine.actions import PlayCard
from core.dine.ai import heuristic, heuristic_action, shortlist
from core.dine.cards import card_set
from core.dine.crews import POLICIES
from core.dine.engine import apply, legal_actions, new_game
from core.dine.expert import (
    FEATURES,
    LEVEL_PLANS,
    PLANS,
    STARTER_PLANS,
    WEIGHTS_V1,
    _carried_over,
    _Played,
    expert_policy,
    features,
    playout,
    value,
)
from core.dine.state import RULES_VERSION, StackCard, State
from core.dine.worlds import determinize, public_view
from tools import sim

from .helpers import decisions, play_to_end

CARDS = card_set(RULES_VERSION)  # the cards new games are dealt with

SMALL = {"rollouts": 2, "candidates": 3}


def test_the_expert_plays_legal_moves_to_the_end_of_the_game() -> None:
    end, met = play_to_end(new_game(3, level="Salad", crew=2), expert_policy(3, **SMALL))
    assert end.outcome in ("won", "lost")
    assert {"clear", "upgrade", "occupy"} <= met


def test_the_expert_is_selectable_by_name_and_gives_its_reason() -> None:
    state = decisions(1, level="Salad", crew=1, limit=1)[0]
    choice = POLICIES["expert"](1)(state)
    assert choice.action in legal_actions(state)
    assert "Playouts: valued" in choice.reason
    assert sim.main(["dine", "--games", "1", "--level", "Salad", "--policy", "expert", "--seed", "2"]) == 0


def test_the_expert_is_deterministic_for_its_seed() -> None:
    states = decisions(5, level="Pepperoni", crew=1, limit=6)
    first = [expert_policy(7, **SMALL)(s) for s in states]
    again = expert_policy(7, **SMALL)
    # An earlier position finds nothing carried from a later one's pick: the same answers.
    assert [again(s) for s in reversed(states)] == list(reversed(first))


def test_the_expert_does_not_see_the_deck_order_or_the_game_seed() -> None:
    choose, twin = expert_policy(11, **SMALL), expert_policy(11, **SMALL)  # each along its own game
    states = decisions(8, level="Quattro Formaggi", crew=1, limit=8)
    assert states
    for state in states:
        other = state.clone()
        under = other.deck[1:]  # the top card is public: it stays
        Random(len(state.deck)).shuffle(under)
        other.deck = [*other.deck[:1], *reversed(under)]
        other.seed = state.seed + 1
        assert features(other) == features(state)
        assert twin(other) == choose(state)


def test_the_expert_does_not_see_the_face_down_sectors() -> None:
    """A game whose face-down easy sectors are other ones gets the same choice and the same value."""
    state = new_game(4, level="Margherita", crew=1)
    hidden = [c.sector for c in state.stack[1:] if c.sector is not None]
    shown = state.stack[0].sector
    unused = [c.id for c in CARDS.sectors if c.front.kind == "easy" and c.id not in state.easy_used]
    swapped = state.clone()
    others = [StackCard(sector=c, side="front") for c in [*unused, *hidden][: len(hidden)]]
    swapped.stack = [state.stack[0], *others, *state.stack[1 + len(hidden) :]]
    swapped.easy_used = [shown or "", *(c.sector or "" for c in others)]
    assert swapped.stack != state.stack
    assert value(swapped) == value(state)
    choose = expert_policy(2, **SMALL)
    assert choose(swapped) == choose(state)


def test_the_value_is_fitted_and_prefers_a_healthier_ship() -> None:
    """Every crew size's weights are filled in, and the same position with more damage or pizza spaces
    left is worth more."""
    for plan in PLANS.values():
        assert len(plan.weights) == len(FEATURES)
        assert any(plan.weights)
    for crew in PLANS:
        state = new_game(6, level="Pepperoni", crew=crew)
        hurt = state.clone()
        hurt.damage -= 2
        hurt.pizza -= 2
        assert value(hurt) < value(state)


def test_the_expert_wins_more_than_the_heuristic_where_the_heuristic_often_loses() -> None:
    """Quattro Formaggi solo, seeds 1–6: the expert must win at least as many as the heuristic and
    clear more sectors (card tuning may move single games)."""
    seeds = range(1, 7)
    greedy = [play_to_end(new_game(s, level="Quattro Formaggi"), heuristic)[0] for s in seeds]
    expert = [play_to_end(new_game(s, level="Quattro Formaggi"), expert_policy(s, **SMALL))[0] for s in seeds]
    greedy_wins = sum(s.outcome == "won" for s in greedy)
    assert greedy_wins < len(greedy)
    assert sum(s.outcome == "won" for s in expert) >= greedy_wins
    assert sum(s.cleared for s in expert) > sum(s.cleared for s in greedy)


def test_the_playouts_fast_path_gives_the_same_games() -> None:
    """`apply(..., check=False)` and `heuristic_action` (what playouts use) give the same states, the
    same events and the same moves as the checked path, on whole games of every crew size."""
    for seed, level, crew in ((1, "Diavolo", 1), (2, "Pepperoni", 2), (3, "Margherita", 3)):
        state = new_game(seed, level=level, crew=crew)
        for _ in range(400):
            if state.outcome != "playing":
                break
            action = heuristic(state).action
            assert heuristic_action(state) == action
            checked, events = apply(state, action)
            fast, fast_events = apply(state, action, check=False)
            assert fast == checked
            assert fast_events == events
            state = checked
        assert state.outcome in ("won", "lost")


def test_apply_reusing_the_state_gives_the_copying_paths_games_and_leaves_the_source_alone() -> None:
    """`apply(..., reuse=True)` (a playout's steps after its first) changes the state it is given in
    place: the same state and events as the copying path, and the state it was cloned from (which
    shares the cards, rows and sectors with it) is untouched, on whole games of every crew size."""
    for seed, level, crew in ((1, "Diavolo", 1), (2, "Pepperoni", 2), (3, "Margherita", 3)):
        state = new_game(seed, level=level, crew=crew)
        for _ in range(400):
            if state.outcome != "playing":
                break
            action = heuristic_action(state)
            before = state.model_dump_json()
            copied, events = apply(state, action, check=False)
            owned = state.clone()
            reused, reused_events = apply(owned, action, check=False, reuse=True)
            assert reused is owned
            assert reused == copied
            assert reused_events == events
            assert state.model_dump_json() == before
            state = copied
        assert state.outcome in ("won", "lost")


@pytest.mark.parametrize("rules", ["dine-1", "dine-2", "dine-3"])
def test_the_remembered_heuristic_move_is_the_one_it_would_work_out_in_every_world(rules: str) -> None:
    """`heuristic_action` remembers a main move by what the heuristic reads, so worlds that differ only
    in hidden cards share it: in every world of every position of whole games, and several moves on
    in each world (playouts), the remembered move is the one `heuristic` works out afresh."""
    for seed, level, crew in ((7, "Diavolo", 2), (8, "Quattro Formaggi", 3), (9, "Salad", 1)):
        state = new_game(seed, level=level, crew=crew, rules_version=rules)
        rng = Random(seed)
        while state.outcome == "playing":
            for _ in range(3):
                world = determinize(state, rng)
                for _ in range(6):
                    if world.outcome != "playing":
                        break
                    remembered = heuristic_action(world)
                    assert remembered == heuristic(world).action
                    world = apply(world, remembered, quiet=True)[0]
            state = apply(state, heuristic(state).action)[0]


@pytest.mark.parametrize("rules", ["dine-1", "dine-2"])
def test_a_quiet_apply_gives_the_same_states_and_tells_nothing(rules: str) -> None:
    """`apply(..., quiet=True)` (the playouts' and the simulator's path) works out no event, and the
    state is the one the telling path gives, on whole games of every crew size and both card sets;
    the telling path still tells every move."""
    for seed, level, crew in ((4, "Diavolo", 1), (5, "Pepperoni", 2), (6, "Margherita", 3)):
        state = new_game(seed, level=level, crew=crew, rules_version=rules)
        for _ in range(400):
            if state.outcome != "playing":
                break
            action = heuristic_action(state)
            told, events = apply(state, action)
            quiet, none = apply(state, action, quiet=True)
            assert quiet == told
            assert none == []
            assert events or not isinstance(action, PlayCard)  # a card played is always told
            state = told
        assert state.outcome in ("won", "lost")


def test_a_playout_leaves_the_state_it_starts_from_unchanged() -> None:
    """The expert's playouts reuse their own states after the first step; the caller's state (a world
    every candidate is played out in) stays as it was, so every candidate meets the same luck."""
    for state in decisions(2, level="Diavolo", crew=2, limit=4):
        before = state.model_dump_json()
        first = playout(state)
        assert state.model_dump_json() == before
        assert playout(state) == first


def _counting_playouts(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the expert's playouts from here on: the one-item list holds the count."""
    calls = [0]
    real = expert._playout

    def counted(state: State, horizon: int) -> tuple[float, str | None]:
        calls[0] += 1
        return real(state, horizon)

    monkeypatch.setattr(expert, "_playout", counted)
    return calls


def test_the_expert_drops_a_candidate_that_plays_out_as_a_better_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two candidates that score the same in every world are the same move in effect: the expert pays
    for the heuristic's favourite only, so a decision costs fewer playouts, and still picks legally."""
    states = decisions(2, level="Diavolo", crew=2, limit=6)
    calls = _counting_playouts(monkeypatch)
    for state in states:  # a fresh expert each time: nothing carried from a decision before
        assert expert_policy(1, rollouts=8)(state).action in legal_actions(state)
    assert 0 < calls[0] < 8 * sum(len(shortlist(s, expert.plan_of(s).candidates)) for s in states)


def test_settled_means_no_candidate_can_beat_the_leader_by_more_than_the_slack() -> None:
    """The bound is on paired differences (the same worlds): a candidate that plays out exactly as the
    leader, or worse in every world, cannot beat it; one ahead in every world by more than the slack,
    or ahead on average with a spread too wide to rule it out, still can."""
    lead = [0.50, 0.60, 0.40, 0.55]
    assert expert._settled([lead, list(lead)], [0, 1], 0, 0.01)
    assert expert._settled([lead, [x - 0.05 for x in lead]], [0, 1], 0, 0.01)
    assert expert._settled([lead, [x + 0.005 for x in lead]], [0, 1], 0, 0.01)  # within the slack
    assert not expert._settled([lead, [x + 0.05 for x in lead]], [0, 1], 0, 0.01)
    wide = [lead[0] + 0.4, lead[1] - 0.3, lead[2] + 0.3, lead[3] - 0.3]  # ahead 0.025 a world, widely
    assert not expert._settled([lead, wide], [0, 1], 0, 0.01)
    assert expert._settled([lead, wide, [x + 0.05 for x in lead]], [0, 1], 0, 0.01) is False
    assert expert._settled([lead, wide, [x + 0.05 for x in lead]], [0, 1], 2, 0.01) is False
    assert expert._settled([lead, [x - 0.1 for x in lead], wide], [0, 1], 0, 0.01)  # 2 is out of the running


def test_the_expert_stops_a_decision_once_no_candidate_can_beat_its_pick() -> None:
    """With a slack the expert ends a decision before its budget of worlds once the candidates still
    in the running cannot beat the leader by more than the slack; without one it only stops when a
    single candidate is left or the budget is spent."""
    states = decisions(4, level="Diavolo", crew=2, limit=12)

    def early(weighed: expert.Weighed, budget: int) -> bool:  # stopped short with two or more running
        return len(weighed.scores[weighed.best]) < budget and len(weighed.running) > 1

    stopped = [early(expert.expert_weigher(1, rollouts=12)(s), 12) for s in states]
    assert any(stopped)
    assert not any(early(expert.expert_weigher(1, rollouts=12, slack=None)(s), 12) for s in states)
    for state, short in zip(states, stopped, strict=True):
        weighed = expert.expert_weigher(1, rollouts=12)(state)
        if short:
            assert expert._settled(weighed.scores, list(weighed.running), weighed.best, expert.SLACK)


def _expert_game(seed: int, limit: int) -> list[State]:
    """The positions an expert crew meets in the first `limit` moves of a Diavolo solo game."""
    choose, state, seen = expert_policy(1, rollouts=8), new_game(seed, level="Diavolo", crew=1), []
    while state.outcome == "playing" and len(seen) < limit:
        seen.append(state)
        state, _ = apply(state, choose(state).action)
    return seen


def test_the_expert_carries_the_playouts_still_true_of_the_game_to_its_next_decision() -> None:
    """After its pick the expert keeps the worlds it played it in whose public view is still the
    game's (a draw shows a top card most worlds got wrong: those go), and where its next candidate is
    the heuristic's move, the playout it already made in that world is that candidate's value."""
    kept_any = dropped_any = False
    for state in _expert_game(4, 12):
        horizon = PLANS[state.crew].horizon
        first = heuristic_action(state)
        rng = Random(5)
        played = []
        for _ in range(12):
            after = apply(determinize(state, rng), first, quiet=True)[0]
            played.append(_Played(after, *expert._playout(after, horizon)))
        real = apply(state, first, quiet=True)[0]
        if real.outcome != "playing":
            break
        nxt = heuristic_action(real)
        assert _carried_over(played, real, nxt, 0) == []  # a playout with no horizon is the position
        kept = _carried_over(played, real, nxt, horizon)
        if apply(real, nxt, quiet=True)[0].cleared != real.cleared:
            assert kept == []  # the next move clears a sector: the playouts' goal would move
            continue
        view = public_view(real)
        assert kept == [p for p in played if p.world.outcome == "playing" and public_view(p.world) == view]
        for p in kept:
            assert (p.worth, p.lost) == expert._playout(apply(p.world, nxt, quiet=True)[0], horizon)
        kept_any |= bool(kept)
        dropped_any |= len(kept) < len(played)
        other = next((o.action for o in shortlist(real, 3) if o.action != nxt), None)
        if other is not None:
            assert _carried_over(played, real, other, horizon) == []  # not the heuristic's move
    assert kept_any
    assert dropped_any


def test_carrying_playouts_saves_playouts_along_a_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Along a game each value the expert weighs is a fresh playout or one carried from the decision
    before: some are carried, and an expert asked about each position afresh carries none."""
    states = _expert_game(6, 10)
    calls = _counting_playouts(monkeypatch)

    def carried(weigh: Callable[[State], expert.Weighed], state: State) -> int:
        before = calls[0]
        weighed = weigh(state)
        return sum(map(len, weighed.scores)) - (calls[0] - before)

    along = expert.expert_weigher(1, rollouts=8)
    assert sum(carried(along, s) for s in states) > 0  # the game's positions in order
    assert sum(carried(expert.expert_weigher(1, rollouts=8), s) for s in states) == 0


def test_a_position_ignores_how_it_was_reached() -> None:
    """`State.position` (what the simulator and the playouts compare to catch a crew going round in a
    circle) is blind to the random streams' draws, the action count and uses past any limit, and sees
    everything else."""
    state = new_game(3, level="Diavolo", crew=3)
    again = state.clone()
    again.rng = {**again.rng, "deck": 99}
    again.actions_taken += 7
    state.used, again.used = {"ship:0": 12}, {"ship:0": 40}
    assert again.position() == state.position()
    again.marker += 1
    assert again.position() != state.position()


def test_a_cycle_key_ignores_what_a_crew_going_round_in_a_circle_changes() -> None:
    """`State.cycle_key` (the loop checks' key) is `position` less the order of hands, deck and discard
    pile and the empty rows a danger leaves behind; a card moved or a track changed still counts."""
    state = new_game(3, level="Diavolo", crew=3)
    state.discard = state.deck[:3]
    state.deck = state.deck[3:]
    again = state.clone()
    again.hands = [list(reversed(hand)) for hand in again.hands]
    again.deck = list(reversed(again.deck))
    again.discard = list(reversed(again.discard))
    again.grid = [[], [], *again.grid]
    assert again.cycle_key() == state.cycle_key()
    assert again.position() != state.position()
    moved = again.clone()
    moved.discard.append(moved.deck.pop())
    assert moved.cycle_key() != state.cycle_key()
    again.damage -= 1
    assert again.cycle_key() != state.cycle_key()


def test_the_simulator_ends_a_crew_that_stalls_forever_behind_its_shields() -> None:
    """Margherita, Quasar Calzone, solo, deal 5344 (dine-2): the greedy crew fills a row, its shields take
    the strike, and it starts again, leaving an empty row each time, without end. The simulator's loop
    check sees the same cycle key a third time soon after 200 decisions and ends the game as lost,
    instead of playing on to its 5,000-decision cap (an expert crew took half an hour on such a game)."""
    summary = sim.simulate_dine(
        1, "Margherita", 1, "Quasar Calzone", "heuristic", 5344, rules_version="dine-2"
    )
    assert summary.losses == {"Too long": 1}
    assert summary.mean_actions < 260


def test_shortlist_with_only_keeps_the_moves_that_pass_it_led_by_the_heuristics_pick() -> None:
    state = new_game(7, crew=2)
    for seat in range(2):

        def only(action: object, seat: int = seat) -> bool:
            return getattr(action, "seat", seat) == seat

        options = shortlist(state, 3, only)
        assert options
        assert options[0].action == heuristic(state, only).action
        assert all(only(choice.action) for choice in options)
    with pytest.raises(ValueError, match="only"):
        shortlist(state, 3, lambda action: False)


def test_a_starter_game_is_played_as_before_the_plans_and_a_normal_game_by_its_crew_size() -> None:
    """The 10-card starter game is lost by running out of cards, which one sector on does not see:
    every crew size plays it with v1's value two sectors on, the heuristic's best 3 moves in 12 worlds
    (8 for three crew); a normal game by its crew size's plan."""
    for crew, plan in PLANS.items():
        starter = expert.plan_of(new_game(1, crew=crew, starter=True))
        assert starter == STARTER_PLANS[crew]
        assert (starter.horizon, starter.weights, starter.candidates) == (2, WEIGHTS_V1, 3)
        assert starter.rollouts == (8 if crew == 3 else 12)
        assert expert.plan_of(new_game(1, level="Diavolo", crew=crew)) == plan
    assert PLANS[3].horizon == 1
    assert (PLANS[2].candidates, PLANS[2].rollouts) == (4, 8)


def test_three_crew_look_two_sectors_on_at_margherita_and_one_elsewhere() -> None:
    """Three crew lose Margherita almost only by running dry, which one sector on does not see: there
    (and only there) they play two sectors on, with their own value and worlds; the starter game keeps
    its plan at every level."""
    margherita = expert.plan_of(new_game(1, level="Margherita", crew=3))
    assert margherita == LEVEL_PLANS[("Margherita", 3)]
    assert (margherita.horizon, margherita.weights, margherita.rollouts) == (2, PLANS[3].weights, 8)
    for level in ("Salad", "Pepperoni", "Quattro Formaggi", "Diavolo"):
        assert expert.plan_of(new_game(1, level=level, crew=3)).horizon == 1
    for crew in (1, 2):
        assert expert.plan_of(new_game(1, level="Margherita", crew=crew)) == PLANS[crew]
    assert expert.plan_of(new_game(1, level="Margherita", crew=3, starter=True)) == STARTER_PLANS[3]


def test_the_expert_weighs_as_many_candidates_as_its_plan_says_unless_told(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`Plan.candidates` is the number of the heuristic's best moves played out for a crew size; an
    explicit `candidates` overrides it (the strength measurements in docs/expert.md use both)."""
    state = next(s for s in decisions(4, level="Diavolo", crew=2, limit=20) if len(shortlist(s, 5)) == 5)
    plan = expert.plan_of(state)
    assert len(expert.expert_weigher(1, rollouts=4)(state).options) == plan.candidates
    monkeypatch.setitem(PLANS, 2, expert.Plan(plan.rollouts, plan.horizon, plan.weights, candidates=5))
    assert len(expert.expert_weigher(1, rollouts=4)(state).options) == 5
    assert len(expert.expert_weigher(1, rollouts=4, candidates=2)(state).options) == 2
