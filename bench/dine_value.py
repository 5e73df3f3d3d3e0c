"""Fit the expert crew's position value (`core.dine.expert.Plan.weights`) by heuristic self-play.

    python -m bench.dine_value [--games 4] [--worlds 6] [--seed 1000]

For every level (and the starter game), crew size and ship it plays `--games` games with a slightly
noisy heuristic crew (a quarter of its moves one of its other two best), so the positions are varied.
At every fresh sector it deals `--worlds` worlds (`core.dine.worlds`) and plays each on to the end with
the plain heuristic crew, once as it is and once after each of a few changes a move can make: a
damage or a pizza space lost, a hand card removed or discarded, a card upgraded, a station occupied.
The same worlds for every change (common random numbers) make the differences sharp where one game's
outcome is mostly luck, and the differences are what the expert compares. Least squares (a small
ridge) fits the features to the positions' mean values and, weighted more, the changes' differences;
the figures are the fit on the odd seeds' games measured on the even seeds'. Paste the printed tuple
over the weights a `Plan` reads (`WEIGHTS_V3` for card set `dine-3`). The seeds are not the balance
report's (which start at 1).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from random import Random

from core.dine.ai import _card_worth, _station_value, _upgrade_gain, heuristic, shortlist
from core.dine.cards import card_set
from core.dine.engine import apply, new_game
from core.dine.expert import FEATURES, features, terminal
from core.dine.state import RULES_VERSION, State
from core.dine.worlds import determinize
from tools.sim import MAX_DINE_DECISIONS

DIFFERENCE_WEIGHT = 4.0  # a change's row counts this many positions' rows: it is far less noisy


def fresh(state: State) -> bool:
    return state.outcome == "playing" and state.pending is None and len(state.grid) == 1 and not state.grid[0]


def finish(state: State, cap: int = 1000) -> float:
    """The plain heuristic crew's game on from `state`, cut at `cap` decisions as the search crew's
    playouts are (the heuristic can go round in circles on a ship whose actions pay each other)."""
    for _ in range(cap):
        if state.outcome != "playing":
            break
        state, _ = apply(state, heuristic(state).action)
    return terminal(state)


def _damage(s: State) -> bool:
    s.damage -= 1
    return s.damage >= 1


def _pizza(s: State) -> bool:
    s.pizza -= 1
    return s.pizza >= 1


def _give(pile: str) -> Callable[[State], bool]:
    def change(s: State) -> bool:
        held = [(_card_worth(s, c), seat, c) for seat, hand in enumerate(s.hands) for c in hand]
        if len(held) < 2:
            return False
        _, seat, card = min(held)
        s.hands[seat].remove(card)
        getattr(s, pile).append(card)
        return True

    return change


def _upgrade(s: State) -> bool:
    cards = [c for hand in s.hands for c in hand if c not in s.upgraded]
    if not cards:
        return False
    s.upgraded = sorted([*s.upgraded, max(cards, key=lambda c: _upgrade_gain(s, c))])
    return True


def _occupy(s: State) -> bool:
    for seat, hand in enumerate(s.hands):
        if s.stations[seat] is None and len(hand) > 1:
            card = max(hand, key=lambda c: _station_value(s, c))
            hand.remove(card)
            s.stations[seat] = card
            return True
    return False


CHANGES: dict[str, Callable[[State], bool]] = {
    "damage": _damage,
    "pizza": _pizza,
    "remove": _give("removed"),
    "discard": _give("discard"),
    "upgrade": _upgrade,
    "occupy": _occupy,
}

Row = tuple[int, list[float], float, float]  # game seed, features, value, weight


def measured(state: State, game: int, worlds: int) -> list[Row]:
    """The position's row, and a difference row for each change that applies to it."""
    dealt = [determinize(state, Random(game * 1009 + k)) for k in range(worlds)]
    base = sum(finish(w) for w in dealt) / worlds
    x = features(state)
    rows: list[Row] = [(game, x, base, 1.0)]
    for change in CHANGES.values():
        changed = state.clone()
        if not change(changed):
            continue
        varied = []
        for world in dealt:
            other = world.clone()
            change(other)
            varied.append(finish(other))
        dx = [a - b for a, b in zip(features(changed), x, strict=True)]
        rows.append((game, dx, sum(varied) / worlds - base, DIFFERENCE_WEIGHT))
    return rows


def samples(games: int, worlds: int, seed: int) -> list[Row]:
    cards = card_set(RULES_VERSION)
    levels = [None, *(level.name for level in cards.levels)]
    ships = [side.name for side in cards.ship_sides()]
    found: list[Row] = []
    for level in levels:
        for crew in (1, 2, 3):
            for ship in ships:
                for k in range(games):
                    game = seed + k
                    noise = Random(game * 7 + crew)
                    name, starter = level or cards.levels[0].name, level is None
                    state = new_game(game, ship=ship, level=name, crew=crew, starter=starter)
                    for _ in range(MAX_DINE_DECISIONS):
                        if state.outcome != "playing":
                            break
                        if fresh(state) and noise.random() < 0.5:
                            found += measured(state, game, worlds)
                        options = shortlist(state, 3)
                        pick = options[noise.randrange(len(options))] if noise.random() < 0.25 else options[0]
                        state, _ = apply(state, pick.action)
    return found


def solve(rows: list[Row], ridge: float = 1e-3) -> list[float]:
    """Weighted least squares with a small ridge, by the normal equations and Gauss-Jordan."""
    n = len(FEATURES)
    a = [
        [sum(w * x[i] * x[j] for _, x, _, w in rows) + (ridge if i == j else 0.0) for j in range(n)]
        for i in range(n)
    ]
    b = [sum(w * x[i] * y for _, x, y, w in rows) for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        b[col], b[pivot] = b[pivot], b[col]
        for r in range(n):
            if r != col and a[col][col]:
                f = a[r][col] / a[col][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col], strict=True)]
                b[r] -= f * b[col]
    return [b[i] / a[i][i] for i in range(n)]


def r2(weights: list[float], rows: list[Row]) -> float:
    ys = [y for _, _, y, _ in rows]
    mean = sum(ys) / len(ys)
    pred = [sum(w * v for w, v in zip(weights, x, strict=True)) for _, x, _, _ in rows]
    residual = sum((p - y) ** 2 for p, y in zip(pred, ys, strict=True))
    return 1 - residual / sum((y - mean) ** 2 for y in ys)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=4, help="games per level, crew size and ship")
    parser.add_argument("--worlds", type=int, default=6, help="worlds a position is played on in")
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args()
    found = samples(args.games, args.worlds, args.seed)
    train = [r for r in found if r[0] % 2]
    test = [r for r in found if not r[0] % 2]
    weights = solve(train)
    for name, part in (("positions", lambda r: r[3] == 1.0), ("changes", lambda r: r[3] != 1.0)):
        fit, held = [r for r in train if part(r)], [r for r in test if part(r)]
        fitted, kept = r2(weights, fit), r2(weights, held)
        print(f"{name}: {len(fit) + len(held)}; R² {fitted:.3f} fitted, {kept:.3f} held out")
    weights = solve(found)
    print("WEIGHTS: tuple[float, ...] = (")
    for name, w in zip(FEATURES, weights, strict=True):
        print(f"    {w:.4f},  # {name}")
    print(")")


if __name__ == "__main__":
    main()
