"""Dine engine figures: median µs per `apply` and `legal_actions`, and heuristic-crew games per second.

Run: `.venv/bin/python -m bench.dine [--games 100] [--search-games 2]`. Target on one core: ≥ 50
heuristic games/s. The positions measured are the ones met in real games of the heuristic crew (Salad,
1–3 crew). The search crew's figure is the time it takes a solo player's game, which is what a user of
`core.sim --policy search` waits for (no target: it trades time for strength).
"""

from __future__ import annotations

import argparse
import time

from bench.positions import medians_us
from core.dine.ai import heuristic
from core.dine.engine import apply, legal_actions, new_game
from core.dine.search import search_policy
from core.dine.state import State


def collect(games: int) -> list[tuple[State, object]]:
    pairs: list[tuple[State, object]] = []
    for seed in range(games):
        state = new_game(seed, crew=1 + seed % 3)
        while state.outcome == "playing":
            action = heuristic(state).action
            pairs.append((state, action))
            state, _ = apply(state, action)
    return pairs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--search-games", type=int, default=2, help="solo games of the search crew")
    args = parser.parse_args()
    pairs = collect(max(10, args.games // 5))
    apply_us, legal_us = medians_us(pairs, legal_actions, apply)
    print(f"Dine engine over {len(pairs)} real positions")
    print(f"  apply          median {apply_us:7.1f} µs")
    print(f"  legal_actions  median {legal_us:7.1f} µs")
    for crew in (1, 2, 3):
        start = time.perf_counter()
        for seed in range(args.games):
            state = new_game(seed, crew=crew)
            while state.outcome == "playing":
                state, _ = apply(state, heuristic(state).action)
        elapsed = time.perf_counter() - start
        print(f"  heuristic crew of {crew}: {args.games / elapsed:6.1f} games/s (target ≥ 50)")
    if args.search_games > 0:
        search_figures(args.search_games)


def search_figures(games: int) -> None:
    decisions = 0
    start = time.perf_counter()
    for seed in range(games):
        choose = search_policy(seed)
        state = new_game(seed, crew=1)
        while state.outcome == "playing":
            state, _ = apply(state, choose(state).action)
            decisions += 1
    elapsed = time.perf_counter() - start
    ms = 1000 * elapsed / decisions
    print(f"  search crew of 1:   {elapsed / games:6.1f} s a game, {ms:.0f} ms a decision ({games} games)")


if __name__ == "__main__":
    main()
