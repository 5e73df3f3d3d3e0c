"""The simulator: play many games with a policy and print how they went.

    python -m tools.sim d6 --games 2000 --difficulty medium --policy heuristic --seed 1 [--json]
    python -m tools.sim dine --games 2000 --level Salad --crew 2 --ship "Spacehopper 3000" [--starter]
    python -m tools.sim dine --games 20 --level "Quattro Formaggi" --policy search   # 4-15 s a game

Game `k` uses seed `seed + k`, so a run is reproducible and two policies can be compared on the
same deals.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from core.d6 import apply, new_game
from core.d6.ai import POLICIES
from core.d6.state import Difficulty, Length
from core.gc_pace import fewer_collections


@dataclass(frozen=True)
class Summary:
    game: str
    policy: str
    difficulty: str
    length: str
    games: int
    wins: int
    win_rate: float
    win_rate_low: float  # 95 % Wilson score interval
    win_rate_high: float
    mean_rounds: float
    mean_hull_left: float
    mean_score: float
    games_per_second: float


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval for a win rate (sound near 0 % and 100 %, unlike p ± 2σ)."""
    if games == 0:
        return 0.0, 0.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))  # rounding never drops p


def simulate_d6(games: int, difficulty: str, length: str, policy: str, seed: int) -> Summary:
    choose = POLICIES[policy](seed)
    wins = rounds = hull = score = 0
    started = time.perf_counter()
    for k in range(games):
        state = new_game(seed + k, difficulty, length)
        while state.outcome == "playing":
            state, _ = apply(state, choose(state).action)
        wins += state.outcome == "won"
        rounds += state.round
        hull += state.hull
        score += state.score
    elapsed = time.perf_counter() - started
    low, high = wilson(wins, games)
    return Summary(
        game="d6",
        policy=policy,
        difficulty=difficulty,
        length=length,
        games=games,
        wins=wins,
        win_rate=wins / games,
        win_rate_low=low,
        win_rate_high=high,
        mean_rounds=rounds / games,
        mean_hull_left=hull / games,
        mean_score=score / games,
        games_per_second=games / elapsed if elapsed > 0 else float("inf"),
    )


MAX_DINE_DECISIONS = 5000  # far beyond any real game; guards the simulator against a crew that dawdles
# Decisions after which a position met a third time ends the game as lost: a crew going round in a
# circle (some card combinations allow one) would otherwise run to the cap, a long wait with a
# searching crew. No real game comes near this many decisions.
DINE_LOOP_FROM = 200


def play_to_end(state: Any, choose: Any, watch: Any = None) -> tuple[Any, int]:
    """Play a Dine game to its end with the crew `choose`; return the final state and the decisions.

    One loop for every tool that plays whole games, so all stop a crew going round in a circle the
    same way: after `DINE_LOOP_FROM` decisions a `State.cycle_key` met a third time, or
    `MAX_DINE_DECISIONS` in all, ends the game as lost ("Too long"). `watch(before, action, after)`
    sees every move. Played with `fewer_collections` (9 % less CPU on the expert's balance table).
    """
    from core.dine.engine import apply as dine_apply

    positions: dict[str, int] = {}
    decisions = 0
    with fewer_collections():
        while state.outcome == "playing" and decisions < MAX_DINE_DECISIONS:
            if decisions >= DINE_LOOP_FROM:
                key = state.cycle_key()
                positions[key] = positions.get(key, 0) + 1
                if positions[key] >= 3:
                    break
            action = choose(state).action
            after, _ = dine_apply(state, action, quiet=True)
            if watch is not None:
                watch(state, action, after)
            state = after
            decisions += 1
    if state.outcome == "playing":  # a crew that never finishes is counted as a loss
        state = state.model_copy(update={"outcome": "lost", "loss_reason": "Too long: no end in sight"})
    return state, decisions


@dataclass(frozen=True)
class DineSummary:
    game: str
    policy: str
    level: str
    crew: int
    ship: str
    starter: bool
    games: int
    wins: int
    win_rate: float
    win_rate_low: float
    win_rate_high: float
    mean_sectors: float
    mean_actions: float
    mean_score_of_wins: float
    losses: dict[str, int]
    dealt: dict[str, int]  # station card → games in which it was in the deck
    played: dict[str, int]  # station card → games in which it was played into the grid
    games_per_second: float
    symbols_used: dict[str, int] = field(
        default_factory=dict[str, int]
    )  # symbol → games it counted in a clear or cost
    choices: dict[str, int] = field(default_factory=dict[str, int])  # tools.choices counts, if asked
    # sector side ("sector-mines:back") → games that reached it, and games lost while it was the current one
    visits: dict[str, int] = field(default_factory=dict[str, int])
    lost_at: dict[str, int] = field(default_factory=dict[str, int])
    rules_version: str = ""  # the rules version (card set) the games' states were dealt under


def dine_symbols_counted(state: Any, action: Any) -> set[str]:
    """The symbols `action` counts toward a solve, a jump or a payment in `state` (a Dine game): a
    symbol solution's symbols, the jump's drive (and navigation if it asks for any), a symbol cost's
    symbols, or the shield paid instead of a damage. The brief's "every symbol is useful" reads it."""
    from core.dine.actions import Clear, PlayCard, Shield, UseShip, UseStation
    from core.dine.engine import jump_drive, sector_side, ship_of
    from core.dine.symbols import side

    if isinstance(action, Clear) and action.how != "continue":
        spec = sector_side(state)
        if spec is None:
            return set()
        if action.how == "jump":
            needed = {"drive": jump_drive(state) or 0, "navigation": spec.jump.navigation}
            return {symbol for symbol, n in needed.items() if n}
        return {str(s) for s, n in spec.solutions[action.solution].symbols.items() if n}
    if isinstance(action, Shield):
        return {"shield"} if action.payment is not None else set()
    if not isinstance(action, PlayCard | UseStation | UseShip) or action.payment.row is None:
        return set()
    if isinstance(action, PlayCard):
        cost = side(state.cards, action.card, state.upgraded).actions[action.action].cost
    elif isinstance(action, UseStation):
        held = state.stations[action.seat]
        used = side(state.cards, held, state.upgraded).occupied.action if held is not None else None
        if used is None:
            return set()
        cost = used.cost
    else:
        cost = ship_of(state).actions[action.index].cost
    return {str(s) for s, n in cost.symbols.items() if n}


def current_side(state: Any) -> str | None:
    """The sector side the crew stands in ("sector-mines:back"; a boss shows its front), None between
    sectors or at a help card: where a game lost was lost."""
    top = state.stack[0] if state.stack else None
    return None if top is None or top.sector is None else f"{top.sector}:{top.side}"


def simulate_dine(
    games: int,
    level: str,
    crew: int,
    ship: str,
    policy: str,
    seed: int,
    *,
    starter: bool = False,
    rules_version: str | None = None,
    choices: bool = False,
    first: int = 0,
) -> DineSummary:
    """`games` games of one cell from seeds `seed + first`, `seed + first + 1`, … dealt under
    `rules_version` (None: new games'); with `choices`, also what the crew chose when it had a choice
    (`tools.choices`, for the balance report). The crew is seeded with `seed` whatever `first` is, so
    a cell played in pieces (`first` 0, 15, 30, …) is the same games as played at once (`merged`)."""
    from core.dine.crews import POLICIES as DINE_POLICIES
    from core.dine.engine import new_game as dine_game
    from core.dine.state import RULES_VERSION
    from tools.choices import ChoiceLog

    rules = rules_version or RULES_VERSION
    choose = DINE_POLICIES[policy](seed)
    wins = sectors = actions = won_score = 0
    losses: dict[str, int] = {}
    dealt: dict[str, int] = {}
    played: dict[str, int] = {}
    symbols_used: dict[str, int] = {}
    visits: dict[str, int] = {}
    lost_at: dict[str, int] = {}
    log = ChoiceLog() if choices else None
    versions: set[str] = set()
    started = time.perf_counter()
    for k in range(first, first + games):
        state = dine_game(seed + k, ship=ship, level=level, crew=crew, starter=starter, rules_version=rules)
        versions.add(state.rules_version)
        seen: set[str] = set()
        counted: set[str] = set()
        reached: set[str | None] = {current_side(state)}

        def watch(
            before: Any,
            action: Any,
            after: Any,
            seen: set[str] = seen,
            counted: set[str] = counted,
            reached: set[str | None] = reached,
        ) -> None:
            reached.add(current_side(after))
            counted.update(dine_symbols_counted(before, action))
            if log is not None:
                log.see(before, action)
            seen.update(p.card for row in after.grid for p in row)

        state, _ = play_to_end(state, choose, watch)
        if log is not None:
            log.end(state)
        for symbol in counted:
            symbols_used[symbol] = symbols_used.get(symbol, 0) + 1
        for where in reached:
            if where is not None:
                visits[where] = visits.get(where, 0) + 1
        ended = current_side(state)
        if state.outcome != "won" and ended is not None:
            lost_at[ended] = lost_at.get(ended, 0) + 1
        owned = {*state.deck, *state.discard, *state.removed, *(c for hand in state.hands for c in hand)}
        owned |= {c for c in state.stations if c} | seen
        for card in owned:
            dealt[card] = dealt.get(card, 0) + 1
        for card in seen:
            played[card] = played.get(card, 0) + 1
        if state.outcome == "won":
            wins += 1
            won_score += state.score
        else:
            reason = (state.loss_reason or "?").split(":")[0]
            losses[reason] = losses.get(reason, 0) + 1
        sectors += state.cleared
        actions += state.actions_taken
    elapsed = time.perf_counter() - started
    low, high = wilson(wins, games)
    return DineSummary(
        game="dine",
        policy=policy,
        level="starter" if starter else level,
        crew=crew,
        ship=ship,
        starter=starter,
        games=games,
        wins=wins,
        win_rate=wins / games,
        win_rate_low=low,
        win_rate_high=high,
        mean_sectors=sectors / games,
        mean_actions=actions / games,
        mean_score_of_wins=won_score / wins if wins else 0.0,
        losses=losses,
        dealt=dealt,
        played=played,
        games_per_second=games / elapsed if elapsed > 0 else float("inf"),
        symbols_used=symbols_used,
        choices=dict(log.counts) if log is not None else {},
        visits=visits,
        lost_at=lost_at,
        rules_version=", ".join(sorted(versions)) or rules,
    )


def merged(parts: Sequence[DineSummary]) -> DineSummary:
    """One cell's summary from the summaries of its pieces (the same cell, other games): counts add
    up, the means come from the whole counts (the mean score from the wins'), the interval is the whole
    count's: the same summary as the cell played at once, but for its speed."""
    games = sum(p.games for p in parts)
    wins = sum(p.wins for p in parts)
    low, high = wilson(wins, games)
    seconds = sum(p.games / p.games_per_second for p in parts if p.games_per_second > 0)

    def added(name: str) -> dict[str, int]:
        total: dict[str, int] = {}
        for part in parts:
            for key, count in getattr(part, name).items():
                total[key] = total.get(key, 0) + count
        return total

    first = parts[0]
    return replace(
        first,
        games=games,
        wins=wins,
        win_rate=wins / games,
        win_rate_low=low,
        win_rate_high=high,
        mean_sectors=sum(round(p.mean_sectors * p.games) for p in parts) / games,  # the counts behind
        mean_actions=sum(round(p.mean_actions * p.games) for p in parts) / games,  # the means are whole
        mean_score_of_wins=sum(round(p.mean_score_of_wins * p.wins) for p in parts) / wins if wins else 0.0,
        losses=added("losses"),
        dealt=added("dealt"),
        played=added("played"),
        games_per_second=games / seconds if seconds > 0 else float("inf"),
        symbols_used=added("symbols_used"),
        choices=added("choices"),
        visits=added("visits"),
        lost_at=added("lost_at"),
        rules_version=", ".join(sorted({v for p in parts for v in p.rules_version.split(", ") if v})),
    )


def describe_dine(summary: DineSummary) -> str:
    return (
        f"dine {summary.level}, {summary.crew} crew, {summary.ship}, {summary.policy} crew, "
        f"{summary.games} games: win rate {summary.win_rate:.1%} "
        f"(95% CI {summary.win_rate_low:.1%}–{summary.win_rate_high:.1%}), "
        f"mean sectors {summary.mean_sectors:.1f}, mean actions {summary.mean_actions:.0f}, "
        f"losses {summary.losses}, {_speed(summary.games_per_second)}"
    )


def _speed(games_per_second: float) -> str:
    """Games per second, or seconds per game for a crew slower than a game a second (the search crew)."""
    if games_per_second >= 1:
        return f"{games_per_second:.0f} games/s"
    return f"{1 / games_per_second:.1f} s a game"


def describe(summary: Summary) -> str:
    return (
        f"{summary.game} {summary.difficulty}/{summary.length}, {summary.policy} policy, "
        f"{summary.games} games: "
        f"win rate {summary.win_rate:.1%} (95% CI {summary.win_rate_low:.1%}–{summary.win_rate_high:.1%}), "
        f"mean rounds {summary.mean_rounds:.1f}, mean hull left {summary.mean_hull_left:.2f}, "
        f"mean score {summary.mean_score:.1f}, {_speed(summary.games_per_second)}"
    )


def main(argv: list[str] | None = None) -> int:
    from core.dine.crews import POLICIES as DINE_POLICIES

    parser = argparse.ArgumentParser(prog="python -m tools.sim", description=(__doc__ or "").split("\n")[0])
    games = parser.add_subparsers(dest="game", required=True)
    d6 = games.add_parser("d6", help="Deep Space D-6")
    d6.add_argument("--games", type=int, default=1000)
    d6.add_argument("--difficulty", choices=[d.value for d in Difficulty], default=Difficulty.MEDIUM.value)
    d6.add_argument("--length", choices=[x.value for x in Length], default=Length.FULL.value)
    d6.add_argument("--policy", choices=sorted(POLICIES), default="heuristic")
    d6.add_argument("--seed", type=int, default=1)
    d6.add_argument("--json", action="store_true", help="print one JSON object instead of a sentence")
    dine = games.add_parser("dine", help="Deep Space Dine")
    dine.add_argument("--games", type=int, default=500)
    dine.add_argument("--level", default="Salad", help="a difficulty level from the help card")
    dine.add_argument("--crew", type=int, choices=[1, 2, 3], default=1)
    dine.add_argument("--ship", default="Spacehopper 3000")
    dine.add_argument("--starter", action="store_true", help="the starter game (Procure Ingredient first)")
    dine.add_argument("--policy", choices=sorted(DINE_POLICIES), default="heuristic")
    dine.add_argument("--seed", type=int, default=1)
    dine.add_argument("--json", action="store_true", help="print one JSON object instead of a sentence")
    dine.add_argument(
        "--rules", default=None, help="the rules version (card set), e.g. dine-2 (default: new games')"
    )
    d6.set_defaults(run=_run_d6)
    dine.set_defaults(run=_run_dine)
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    print(args.run(args))
    return 0


def _run_d6(args: argparse.Namespace) -> str:
    summary = simulate_d6(args.games, args.difficulty, args.length, args.policy, args.seed)
    return json.dumps(asdict(summary)) if args.json else describe(summary)


def _run_dine(args: argparse.Namespace) -> str:
    found = simulate_dine(
        args.games,
        args.level,
        args.crew,
        args.ship,
        args.policy,
        args.seed,
        starter=args.starter,
        rules_version=args.rules,
    )
    return json.dumps(asdict(found)) if args.json else describe_dine(found)


if __name__ == "__main__":
    sys.exit(main())
