"""The search crew (`core.dine.search`): it plays legal moves to the end, is deterministic for its seed,
sees only what the players see, and beats the greedy heuristic it plays its playouts with.

Every test plays real games through the real engine at a small budget, so the file runs in about a
minute on one core.
"""

from __future__ import annotations

from random import Random

from core.dine.ai import heuristic, shortlist
from core.dine.cards import card_set
from core.dine.crews import POLICIES
from core.dine.engine import legal_actions, new_game
from core.dine.search import determinize, public_key, search_policy
from core.dine.state import RULES_VERSION, StackCard
from tools import sim

from .helpers import decisions, play_to_end

CARDS = card_set(RULES_VERSION)  # the cards new games are dealt with

SMALL = {"rollouts": 2, "candidates": 3}


def test_the_search_crew_plays_legal_moves_to_the_end_of_the_game() -> None:
    """A crew of two meets most kinds of decision here: main actions, clearing, upgrades, stations, and
    what the sectors' consequences ask (a choice, cards to give up)."""
    end, met = play_to_end(new_game(3, level="Salad", crew=2), search_policy(3, **SMALL))
    assert end.outcome in ("won", "lost")
    assert {"clear", "upgrade", "occupy", "choose", "give"} <= met


def test_the_search_crew_is_selectable_by_name_and_gives_its_reason() -> None:
    choose = POLICIES["search"](1)
    state = decisions(1, level="Salad", crew=1, limit=1)[0]
    choice = choose(state)
    assert choice.action in legal_actions(state)
    assert "Playouts: won" in choice.reason
    assert sim.main(["dine", "--games", "1", "--level", "Salad", "--policy", "search", "--seed", "2"]) == 0


def test_the_search_crew_is_deterministic_for_its_seed() -> None:
    states = decisions(5, level="Pepperoni", crew=1, limit=6)
    assert all(shortlist(s, 3)[0] == heuristic(s) for s in states)  # the heuristic's pick is played out
    first = [search_policy(7, **SMALL)(s) for s in states]
    again = search_policy(7, **SMALL)
    assert [again(s) for s in reversed(states)] == list(reversed(first))  # no memory between decisions


def test_the_search_crew_does_not_see_the_deck_order_or_the_game_seed() -> None:
    """States that differ only in what no player sees — the order of the deck under its top card, the
    game's seed (which decides the engine's future shuffles) — get the same choice, and the worlds it
    plays out in do not keep the real deck order."""
    choose = search_policy(11, **SMALL)
    states = decisions(8, level="Quattro Formaggi", crew=1, limit=8)
    assert states
    for state in states:
        other = state.clone()
        under = other.deck[1:]  # the top card is public: it stays
        Random(len(state.deck)).shuffle(under)
        other.deck = [*other.deck[:1], *reversed(under)]
        other.seed = state.seed + 1
        assert public_key(11, other) == public_key(11, state)
        assert choose(other) == choose(state)
    deep = max(states, key=lambda s: len(s.deck))
    worlds = [determinize(deep, Random(k)) for k in range(5)]
    assert all(sorted(w.deck) == sorted(deep.deck) for w in worlds)
    assert any(w.deck != deep.deck for w in worlds)
    assert all(w.seed != deep.seed for w in worlds)


def test_the_search_crew_does_not_see_the_face_down_sectors() -> None:
    """Two games whose face-down easy sectors differ get the same choice; the worlds redraw those
    sectors from the easy sectors not yet shown, and keep the current one."""
    state = new_game(4, level="Margherita", crew=1)
    hidden = [c.sector for c in state.stack[1:] if c.sector is not None]
    shown = state.stack[0].sector
    unused = [c.id for c in CARDS.sectors if c.front.kind == "easy" and c.id not in state.easy_used]
    swapped = state.clone()
    others = [StackCard(sector=c, side="front") for c in [*unused, *hidden][: len(hidden)]]
    swapped.stack = [state.stack[0], *others, *state.stack[1 + len(hidden) :]]
    swapped.easy_used = [shown or "", *(c.sector or "" for c in others)]
    assert swapped.stack != state.stack
    assert public_key(2, swapped) == public_key(2, state)
    choose = search_policy(2, **SMALL)
    assert choose(swapped) == choose(state)
    for k in range(5):
        world = determinize(state, Random(k))
        assert world.stack[0] == state.stack[0]
        assert world.stack[-1] == state.stack[-1]  # the Final Frontier help card
        redrawn = [c.sector for c in world.stack[1:-1]]
        assert len(set(redrawn)) == len(hidden)
        assert shown not in redrawn
        assert set(world.easy_used) == {shown, *redrawn}


def test_the_search_crew_wins_more_than_the_heuristic_where_the_heuristic_often_loses() -> None:
    """Quattro Formaggi solo on the Spacehopper 3000, seeds 1–8, where the heuristic wins about half of
    its games (3 of these 8 when this was written; the search crew 7, at this small budget). The search
    crew must win at least as many and clear more sectors: card tuning may move single games."""
    seeds = range(1, 9)
    greedy = [play_to_end(new_game(s, level="Quattro Formaggi"), heuristic)[0] for s in seeds]
    search = [play_to_end(new_game(s, level="Quattro Formaggi"), search_policy(s, **SMALL))[0] for s in seeds]
    greedy_wins = sum(s.outcome == "won" for s in greedy)
    search_wins = sum(s.outcome == "won" for s in search)
    assert greedy_wins < len(greedy)
    assert search_wins >= greedy_wins
    assert sum(s.cleared for s in search) > sum(s.cleared for s in greedy)
