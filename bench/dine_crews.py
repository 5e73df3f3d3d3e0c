"""Dine crews compared on the same deals: one line of JSON a game, then wins with 95 % intervals.

    python -m bench.dine_crews --policies expert,search,heuristic --level Diavolo --crew 1 \
        --seeds 1-100 --out /tmp/diavolo.jsonl

Game `seed` is dealt by `new_game(seed, ...)` and every crew is built with its policy seed 1, as
`tools.sim` does, so a crew's row is the simulator's on the same seeds. The file is appended to and a
game already in it is not played again, so a long run can be stopped and taken up later; the summary
reads the whole file (the seeds asked for only, under the card set `--rules`, by default new games':
each row names its rules version).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from core.dine.cards import CARD_FILES
from core.dine.crews import POLICIES
from core.dine.engine import new_game
from core.dine.state import RULES_VERSION
from tools.sim import play_to_end, wilson


def play(
    policy: str, seed: int, level: str, crew: int, ship: str, rules: str = RULES_VERSION
) -> dict[str, object]:
    """One game dealt under `rules`, played as `tools.sim` plays it (loop check included): its
    outcome, the sectors cleared, the crew's decisions and the seconds it took."""
    choose = POLICIES[policy](1)
    started, cpu = time.perf_counter(), time.process_time()
    dealt = new_game(seed, ship=ship, level=level, crew=crew, rules_version=rules)
    state, decisions = play_to_end(dealt, choose)
    return {
        "rules": state.rules_version,
        "policy": policy,
        "seed": seed,
        "level": level,
        "crew": crew,
        "ship": ship,
        "won": state.outcome == "won",
        "cleared": state.cleared,
        "decisions": decisions,
        "seconds": round(time.perf_counter() - started, 3),
        "cpu": round(time.process_time() - cpu, 3),  # on a shared machine, the fairer clock
    }


def _seeds(text: str) -> list[int]:
    first, _, last = text.partition("-")
    return list(range(int(first), int(last or first) + 1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--policies", default="expert,heuristic", help="comma-separated crews")
    parser.add_argument("--level", default="Diavolo")
    parser.add_argument("--crew", type=int, choices=[1, 2, 3], default=1)
    parser.add_argument("--ship", default="Spacehopper 3000")
    parser.add_argument("--seeds", default="1-100", help="first-last")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--rules", choices=sorted(CARD_FILES), default=RULES_VERSION, help="the card set")
    args = parser.parse_args(argv)
    policies = args.policies.split(",")
    seeds = _seeds(args.seeds)
    key = (args.rules, args.level, args.crew, args.ship)

    def done() -> list[dict[str, object]]:
        if not args.out.exists():
            return []
        rows = [json.loads(line) for line in args.out.read_text().splitlines() if line.strip()]
        return [
            r
            for r in rows  # rows of another card set are other games: never mixed in
            if (r.get("rules"), r["level"], r["crew"], r["ship"]) == key and r["seed"] in seeds
        ]

    have = {(r["policy"], r["seed"]) for r in done()}
    with args.out.open("a") as out:
        for seed in seeds:
            for policy in policies:
                if (policy, seed) not in have:
                    out.write(json.dumps(play(policy, seed, *key[1:], rules=args.rules)) + "\n")
                    out.flush()
    rows = done()
    print(f"{args.level}, crew of {args.crew}, {args.ship}, seeds {args.seeds}, rules {RULES_VERSION}")
    for policy in policies:
        mine = [r for r in rows if r["policy"] == policy]
        wins = sum(bool(r["won"]) for r in mine)
        low, high = wilson(wins, len(mine))
        seconds = sum(float(r.get("cpu", r["seconds"])) for r in mine)  # type: ignore[arg-type]
        decisions = sum(int(r["decisions"]) for r in mine)  # type: ignore[call-overload]
        print(
            f"  {policy:10} {wins:4d} / {len(mine)} won ({low:.0%}–{high:.0%}), "
            f"{seconds / len(mine):6.2f} CPU s a game, "
            f"{1000 * seconds / max(decisions, 1):5.1f} ms a decision"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
