"""Dine engine figures: median µs per `apply` and `legal_actions`, and heuristic-crew games per second.

Run: `.venv/bin/python -m bench.dine [--games 100] [--search-games 2] [--expert-games 5]`. Target on
one core: ≥ 50 heuristic games/s. The positions measured are the ones met in real games of the
heuristic crew (Salad, 1–3 crew). The search crew's figure is the time it takes a solo player's game,
which is what a user of `tools.sim --policy search` waits for (no target: it trades time for strength).
The expert crew's is measured the same way, at the hardest level too: its target is ≤ 2 s a game on
average over the balance table (docs/expert.md), which is what makes a table of it affordable.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from bench.positions import medians_us
from core.dine.ai import heuristic
from core.dine.engine import apply, legal_actions, new_game
from core.dine.expert import expert_policy
from core.dine.search import search_policy
from core.dine.state import State
from core.policies import Policy


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
    parser.add_argument("--expert-games", type=int, default=5, help="solo games of the expert crew a level")
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
        crew_figures("search", search_policy, args.search_games)
    if args.expert_games > 0:
        crew_figures("expert", expert_policy, args.expert_games)
        crew_figures("expert", expert_policy, args.expert_games, level="Diavolo")


def crew_figures(name: str, policy: Callable[[int], Policy], games: int, level: str = "Salad") -> None:
    decisions = 0
    start = time.process_time()  # CPU time: the machine may be shared
    for seed in range(games):
        choose = policy(seed)
        state = new_game(seed, crew=1, level=level)
        while state.outcome == "playing":
            state, _ = apply(state, choose(state).action)
            decisions += 1
    elapsed = time.process_time() - start
    ms = 1000 * elapsed / decisions
    each = elapsed / games
    print(f"  {name} crew of 1, {level}: {each:6.2f} s a game, {ms:.0f} ms a decision ({games} games)")


if __name__ == "__main__":
    main()
