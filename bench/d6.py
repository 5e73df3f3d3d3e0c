"""D-6 engine figures: median µs per `apply` and per `legal_actions`, and games per second per policy.

Run: `.venv/bin/python -m bench.d6 [--games 200]`. Targets on one core: apply ≤ 50 µs and
legal_actions ≤ 100 µs median, heuristic play ≥ 200 games/s. The states measured are the ones met in
real games played by the heuristic player.
"""

from __future__ import annotations

import argparse
import statistics
import time

from bench.positions import medians_us
from core.d6 import apply, legal_actions, new_game
from core.d6.ai import POLICIES, heuristic
from core.d6.state import State
from core.render.d6_board import render_board


def collect(games: int) -> list[tuple[State, object]]:
    """(state, the heuristic's action) pairs from real games."""
    pairs: list[tuple[State, object]] = []
    for seed in range(games):
        state = new_game(seed, "medium")
        while state.outcome == "playing":
            action = heuristic(state).action
            pairs.append((state, action))
            state, _ = apply(state, action)
    return pairs


def median_us(run: list[float]) -> float:
    return statistics.median(run) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100)
    args = parser.parse_args()
    pairs = collect(max(10, args.games // 5))
    apply_us, legal_us = medians_us(pairs, legal_actions, apply)
    print(f"D-6 engine over {len(pairs)} real positions")
    print(f"  apply          median {apply_us:7.1f} µs (target ≤ 50)")
    print(f"  legal_actions  median {legal_us:7.1f} µs (target ≤ 100)")
    render_times = []
    for state, _ in pairs[:: max(1, len(pairs) // 50)]:
        start = time.perf_counter()
        render_board(state)
        render_times.append(time.perf_counter() - start)
    print(f"  render_board   median {median_us(render_times) / 1000:7.1f} ms (PNG, off the event loop)")
    for name, make in sorted(POLICIES.items()):
        choose = make(1)
        start = time.perf_counter()
        for seed in range(args.games):
            state = new_game(seed, "medium")
            while state.outcome == "playing":
                state, _ = apply(state, choose(state).action)
        rate = args.games / (time.perf_counter() - start)
        target = " (target ≥ 200)" if name == "heuristic" else ""
        print(f"  {name:<10} play  {rate:7.1f} games/s{target}")


if __name__ == "__main__":
    main()
