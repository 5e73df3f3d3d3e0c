"""Dine board picture figures: p50/p99 ms per `render_board` (and per `board_summary`) over real tables.

Run: `.venv/bin/python -m bench.dine_board [--games 30]`. Target on one core: render p50 ≤ 30 ms.
The states measured are every state met in real games of the heuristic crew (1–3 crew, both sides
of both ships, a longer level too), so crowded grids and the end banners are among them.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from core.dine.ai import heuristic
from core.dine.cards import card_set
from core.dine.engine import apply, new_game
from core.dine.state import RULES_VERSION, State
from core.render.dine_board import render_board
from core.render.dine_text import board_summary

NAMES = ("Ada Lovelace", "Grace Hopper", "Margaret Hamilton")


def collect(games: int) -> list[State]:
    """Every state of `games` heuristic games, round the ships, crew sizes and two levels."""
    ships = [side.name for side in card_set(RULES_VERSION).ship_sides()]
    states: list[State] = []
    for seed in range(games):
        state = new_game(
            seed, ship=ships[seed % len(ships)], level=("Salad", "Pepperoni")[seed % 2], crew=1 + seed % 3
        )
        states.append(state)
        while state.outcome == "playing":
            state, _ = apply(state, heuristic(state).action)
            states.append(state)
    return states


def percentiles_ms(states: list[State], run: Callable[[State], object]) -> tuple[float, float]:
    times = []
    for state in states:
        start = time.perf_counter()
        run(state)
        times.append(time.perf_counter() - start)
    cuts = statistics.quantiles(times, n=100, method="inclusive")
    return cuts[49] * 1e3, cuts[98] * 1e3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=30)
    args = parser.parse_args()
    states = collect(args.games)
    names = list(NAMES)
    render_board(states[0], names)  # fonts and palette load once, outside the timing
    p50, p99 = percentiles_ms(states, lambda s: render_board(s, names))
    sizes = sorted(len(render_board(s, names)) for s in states[:: max(1, len(states) // 100)])
    print(f"Dine board over {len(states)} real states from {args.games} heuristic games")
    print(f"  render_board   p50 {p50:6.1f} ms   p99 {p99:6.1f} ms (target p50 ≤ 30)")
    median, largest = sizes[len(sizes) // 2] / 1024, sizes[-1] / 1024
    print(f"  PNG size       median {median:6.1f} KiB   max {largest:6.1f} KiB")
    p50, p99 = percentiles_ms(states, lambda s: board_summary(s, names))
    longest = max(len(board_summary(s, names)) for s in states)
    print(f"  board_summary  p50 {p50:6.3f} ms   p99 {p99:6.3f} ms (longest {longest} of 1024 chars)")


if __name__ == "__main__":
    main()
