"""Counting symbols in the grid (ruling R4) and the ways to pay symbols from one row (R6).

A row's symbols are its cards' direct symbols (an upright card's printed drive included, R1) plus
what its productions make. Each production "N X per M Y in this row" reads Y from every other
source in the row — direct symbols and the other productions — so chains and mutual production
work; starting from nothing produced, the values only grow, and the card data keeps every cycle
giving less than it reads, so the iteration reaches a fixpoint in a few steps.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterator, Sequence
from functools import lru_cache
from itertools import combinations

from .cards import Production, StationSide, Symbol, Symbols, station
from .state import Placed

_ROUNDS = 64  # far more than any card set needs; a guard, not a rule


def side(card: str, upgraded: Collection[str]) -> StationSide:
    return face(card, card in upgraded)


@lru_cache(maxsize=1024)
def face(card: str, upgraded: bool) -> StationSide:
    """The side of `card` that is up; cached because every decision asks it for every hand card."""
    return station(card).side(upgraded)


RowKey = tuple[tuple[str, bool, bool], ...]
SYMBOLS: tuple[Symbol, ...] = tuple(Symbol)  # the order of a symbol vector


def row_key(row: Sequence[Placed], upgraded: Collection[str]) -> RowKey:
    """What decides a row's symbols: each card, whether it is rotated, whether it is upgraded."""
    return tuple((p.card, p.rotated, p.card in upgraded) for p in row)


def row_symbols(row: Sequence[Placed], upgraded: Collection[str]) -> Counter[Symbol]:
    """The symbols `row` gives (a fresh Counter: callers may change it)."""
    return Counter(_row_symbols(row_key(row, upgraded)))


@lru_cache(maxsize=65536)
def row_vector(key: RowKey) -> tuple[int, ...]:
    """A row's symbols as a tuple in `SYMBOLS` order: cheap to add up in the crew's inner loop."""
    totals = _row_symbols(key)
    return tuple(totals[s] for s in SYMBOLS)


@lru_cache(maxsize=65536)
def _row_symbols(row: tuple[tuple[str, bool, bool], ...]) -> Counter[Symbol]:
    """Cached on what decides the answer: each card, whether it is rotated, whether upgraded."""
    direct: Counter[Symbol] = Counter()
    productions: list[Production] = []
    for card, rotated, upgraded in row:
        face = station(card).side(upgraded)
        gives = face.rotated if rotated else face.row
        direct.update(gives.symbols)
        if not rotated and face.drive:
            direct[Symbol.DRIVE] += face.drive
        productions.extend(gives.produce)
    made = [0] * len(productions)
    for _ in range(_ROUNDS):
        changed = False
        for i, p in enumerate(productions):
            others = sum(made[j] for j, q in enumerate(productions) if j != i and q.symbol is p.of)
            source = direct[p.of] + others
            value = source // p.per * p.amount
            if value != made[i]:
                made[i], changed = value, True
        if not changed:
            break
    totals = Counter(direct)
    for p, value in zip(productions, made, strict=True):
        totals[p.symbol] += value
    return totals


def grid_symbols(grid: Sequence[Sequence[Placed]], upgraded: Collection[str]) -> Counter[Symbol]:
    totals: Counter[Symbol] = Counter()
    for row in grid:
        if row:
            totals.update(_row_symbols(row_key(row, upgraded)))
    return totals


def meets(have: Counter[Symbol], need: Symbols, times: int = 1) -> bool:
    return all(have[symbol] >= amount * times for symbol, amount in need.items())


def payments(
    grid: Sequence[Sequence[Placed]], upgraded: Collection[str], cost: Symbols
) -> Iterator[tuple[int, tuple[str, ...]]]:
    """Every minimal way to pay `cost` from one row (R6): (row, the cards to discard from it).

    Discarding the cards must lower the row's count of each cost symbol by at least its amount;
    minimal means no proper subset would do, so overpaying happens only when it must.
    """
    for r, row in enumerate(grid):
        before = row_symbols(row, upgraded)
        if not meets(before, cost):
            continue
        found: list[frozenset[int]] = []
        for size in range(1, len(row) + 1):
            for combo in combinations(range(len(row)), size):
                chosen = frozenset(combo)
                if any(f <= chosen for f in found):
                    continue
                after = row_symbols([p for i, p in enumerate(row) if i not in chosen], upgraded)
                if all(before[s] - after[s] >= amount for s, amount in cost.items()):
                    found.append(chosen)
                    yield r, tuple(row[i].card for i in combo)
