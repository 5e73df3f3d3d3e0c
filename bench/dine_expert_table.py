"""How long the expert crew's balance table takes: every level × crew size cell (or `--crews`' only),
a few games each.

    python -m bench.dine_expert_table [--games 2] [--jobs 2] [--rules dine-2] [--crews 2]

Plays `--games` games per (level, crew size, ship) cell with the expert crew, as `python -m
tools.balance` does for its expert table (same seeds, same worker pool), and prints per level and crew size
the CPU seconds a game, then the projected time of the full table (`--target` games per level-and-crew
cell, ships pooled) on `--jobs` processes.
"""

from __future__ import annotations

import argparse
import multiprocessing
import time

from core.dine.cards import CARD_FILES
from core.dine.state import RULES_VERSION
from tools.balance import Cell, cells_to_run
from tools.sim import DineSummary, simulate_dine


def _timed(cell: Cell) -> tuple[DineSummary, float]:
    games, level, crew, ship, seed, starter, policy, _choices, rules, _first = cell
    started = time.process_time()
    found = simulate_dine(games, level, crew, ship, policy, seed, starter=starter, rules_version=rules)
    return found, time.process_time() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2, help="games per (level, crew, ship) cell")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--target", type=int, default=300, help="games per level-and-crew cell projected")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--crews", default="1,2,3", help="only these crew sizes, comma-separated")
    parser.add_argument(
        "--rules", choices=sorted(CARD_FILES), default=RULES_VERSION, help="the card set's version"
    )
    args = parser.parse_args()
    crews = tuple(int(crew) for crew in args.crews.split(","))
    todo = cells_to_run(args.games, args.seed, crews=crews, policy="expert", rules=args.rules)
    started = time.perf_counter()
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
        done = pool.map(_timed, todo, chunksize=1)
    wall = time.perf_counter() - started
    by: dict[tuple[str, int], list[float]] = {}
    for summary, cpu in done:
        key = (summary.level, summary.crew)
        cpu_games, wins, games = by.get(key, [0.0, 0, 0])
        by[key] = [cpu_games + cpu, wins + summary.wins, games + summary.games]
    print("| Level | Crew | Games | Won | CPU s a game |")
    print("|---|---|---|---|---|")
    total_cpu = total_games = 0.0
    for (level, crew), (cpu, wins, games) in by.items():
        print(f"| {level} | {crew} | {games:.0f} | {wins:.0f} | {cpu / games:.2f} |")
        total_cpu += cpu
        total_games += games
    each = total_cpu / total_games
    cells = len(by)
    projected = cells * args.target * each / args.jobs
    print()
    print(
        f"{total_games:.0f} games, {each:.2f} CPU s a game on average; "
        f"{wall:.0f} s wall in {args.jobs} processes."
    )
    print(
        f"The table (these {cells} cells × {args.target} games = {cells * args.target} games) on {args.jobs} "
        f"processes: {projected / 60:.0f} min projected from CPU time, "
        f"{cells * args.target / total_games * wall / 60:.0f} min from this run's wall time."
    )


if __name__ == "__main__":
    main()
