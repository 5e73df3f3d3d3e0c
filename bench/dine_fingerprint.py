"""Whether a speed-up changed the expert crew's games: whole games hashed, with their CPU time.

    python -m bench.dine_fingerprint /tmp/before.txt    # then again on the new code, and diff the files
    python -m bench.dine_fingerprint OUT --first 3      # only the first 3 games (a quick check)

Plays a few whole expert games (every crew size at Diavolo, three other levels on the Nostroven One)
and writes one line a game: the outcome, the decisions and a hash of every decision's move and reason
and of the final state. Equal files mean the same games, so the same strength; the CPU seconds
(`time.process_time`) say what the change bought on a shared machine.
"""

from __future__ import annotations

import argparse
import hashlib
import time
from collections.abc import Sequence
from pathlib import Path

from core.dine.engine import apply, new_game
from core.dine.expert import expert_policy
from core.gc_pace import fewer_collections

CASES = [("Diavolo", crew, "Spacehopper 3000", seed) for crew in (1, 2, 3) for seed in (1, 2)] + [
    ("Salad", 2, "Nostroven One", 1),
    ("Pepperoni", 3, "Nostroven One", 2),
    ("Margherita", 1, "Nostroven One", 3),
]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Whether a speed-up changed the expert crew's games.")
    parser.add_argument("out", nargs="?", type=Path, help="where to write the games' lines")
    parser.add_argument("--first", type=int, default=len(CASES), help="play only the first N games")
    args = parser.parse_args(argv)
    lines: list[str] = []
    total = 0.0
    for level, crew, ship, seed in CASES[: args.first]:
        started = time.process_time()
        state = new_game(seed, level=level, crew=crew, ship=ship)
        choose = expert_policy(1)
        digest = hashlib.sha256()
        decisions = 0
        with fewer_collections():  # as `tools.sim.play_to_end` plays
            while state.outcome == "playing" and decisions < 400:
                choice = choose(state)
                digest.update(repr(choice.action).encode())
                digest.update(choice.reason.encode())
                state, _ = apply(state, choice.action)
                decisions += 1
        digest.update(state.model_dump_json().encode())
        spent = time.process_time() - started
        total += spent
        lines.append(f"{level} {crew} {ship} {seed}: {state.outcome} {decisions} {digest.hexdigest()[:16]}")
        print(lines[-1], f"{spent:.2f} s", flush=True)
    print(f"total CPU {total:.1f} s")
    if args.out is not None:
        args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
