"""Dine engine figures: median µs per `apply` and `legal_actions`, and heuristic-crew games per second.

Run: `.venv/bin/python -m bench.dine [--games 100]`. Target on one core: ≥ 50 heuristic games/s.
The positions measured are the ones met in real games of the heuristic crew (Salad, 1–3 crew).
"""

from __future__ import annotations

import argparse
import time

from bench.positions import medians_us
from core.dine.ai import heuristic
from core.dine.engine import apply, legal_actions, new_game
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


if __name__ == "__main__":
    main()
