"""Counting symbols in the grid (ruling R4) and the ways to pay symbols from one row (R6).

A row's symbols are its cards' direct symbols (an upright card's printed drive included, R1) plus
what its productions make. Each production "N X per M Y in this row" reads Y from every other
source in the row — direct symbols and the other productions — so chains and mutual production
work; starting from nothing produced, the values only grow, and the card data keeps every cycle
giving less than it reads, so the iteration reaches a fixpoint in a few steps.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from functools import lru_cache
from itertools import combinations
from operator import add

from .cards import CardSet, Production, StationSide, Symbol, Symbols
from .state import Placed

_ROUNDS = 64  # far more than any card set needs; a guard, not a rule


def side(cards: CardSet, card: str, upgraded: Collection[str]) -> StationSide:
    """The side of `card` that is up in a game whose upgraded cards are `upgraded`."""
    return face(cards, card, card in upgraded)


@lru_cache(maxsize=2048)
def face(cards: CardSet, card: str, upgraded: bool) -> StationSide:
    """The side of `card` that is up; cached because every decision asks it for every hand card."""
    return cards.station(card).side(upgraded)


@lru_cache(maxsize=1024)
def side_worth(cards: CardSet, card_id: str, upgraded: bool) -> float:
    """How much a card gives upright, to choose which card to give up (the crews, and the hint's
    reason for it); asked per payment combination. A production counts half a symbol."""
    shown = face(cards, card_id, upgraded)
    return sum(shown.row.symbols.values()) + shown.drive + 0.5 * len(shown.row.produce)


RowKey = tuple[tuple[str, bool, bool], ...]
SYMBOLS: tuple[Symbol, ...] = tuple(Symbol)  # the order of a symbol vector


def row_key(row: Sequence[Placed], upgraded: Collection[str]) -> RowKey:
    """What decides a row's symbols: each card, whether it is rotated, whether it is upgraded."""
    return tuple([(p.card, p.rotated, p.card in upgraded) for p in row])  # a list builds faster


def row_symbols(cards: CardSet, row: Sequence[Placed], upgraded: Collection[str]) -> Counter[Symbol]:
    """The symbols `row` gives (a fresh Counter: callers may change it)."""
    return Counter(_row_symbols(cards, row_key(row, upgraded)))


def row_vector(cards: CardSet, key: RowKey) -> tuple[int, ...]:
    """A row's symbols as a tuple in `SYMBOLS` order: cheap to add up in the crew's inner loop.

    A row's symbols do not depend on the order of its cards (the productions climb from nothing to
    their least fixpoint whatever the order), so the cache is keyed on the sorted cards: the crew's
    trial rows then hit it whichever order the cards were played in; a plain dictionary in front keeps
    the rows met again (most of them) from being sorted at all."""
    found = _ROW_VECTORS.get((cards, key))
    if found is None:
        if len(_ROW_VECTORS) >= _ROW_VECTORS_KEPT:
            _ROW_VECTORS.clear()
        found = _ROW_VECTORS[cards, key] = _sorted_row_vector(cards, tuple(sorted(key)))
    return found


_ROW_VECTORS: dict[tuple[CardSet, RowKey], tuple[int, ...]] = {}
_ROW_VECTORS_KEPT = 65536  # forgotten all at once when full, like the crew's remembered moves


@lru_cache(maxsize=65536)
def _sorted_row_vector(cards: CardSet, key: RowKey) -> tuple[int, ...]:
    """`row_vector` worked out on vectors: no Counter for the many trial rows met only once."""
    direct = [0] * len(SYMBOLS)
    productions: list[Production] = []
    for card, rotated, upgraded in key:
        own, produce = row_gives(cards, card, rotated, upgraded)
        direct = list(map(add, direct, own))
        productions.extend(produce)
    if productions:
        made = _produced(dict(zip(SYMBOLS, direct, strict=True)), productions)
        for p, value in zip(productions, made, strict=True):
            direct[INDEX[p.symbol]] += value
    return tuple(direct)


INDEX = {symbol: i for i, symbol in enumerate(SYMBOLS)}  # a symbol's place in a vector


@lru_cache(maxsize=2048)
def row_gives(
    cards: CardSet, card: str, rotated: bool, upgraded: bool
) -> tuple[tuple[int, ...], tuple[Production, ...]]:
    """One card's own symbols in a row (a `SYMBOLS` vector; the printed drive while upright) and its
    productions. A row without productions gives just the sum of its cards' own symbols."""
    face = cards.station(card).side(upgraded)
    gives = face.rotated if rotated else face.row
    own = [gives.symbols.get(s, 0) for s in SYMBOLS]
    if not rotated:
        own[INDEX[Symbol.DRIVE]] += face.drive
    return tuple(own), gives.produce


@lru_cache(maxsize=65536)
def _row_symbols(cards: CardSet, row: tuple[tuple[str, bool, bool], ...]) -> Counter[Symbol]:
    """The row's symbols as a Counter (in `SYMBOLS` order, no zeros), from the one computation."""
    return _nonzero(zip(SYMBOLS, row_vector(cards, row), strict=True))


def _nonzero(counts: Iterable[tuple[Symbol, int]]) -> Counter[Symbol]:
    return Counter({symbol: n for symbol, n in counts if n})


def _produced(direct: Mapping[Symbol, int], productions: Sequence[Production]) -> list[int]:
    """What each production makes: iterated from nothing until nothing changes (R4)."""
    made = [0] * len(productions)
    for _ in range(_ROUNDS):
        changed = False
        for i, p in enumerate(productions):
            others = sum(made[j] for j, q in enumerate(productions) if j != i and q.symbol is p.of)
            source = direct.get(p.of, 0) + others
            value = source // p.per * p.amount
            if value != made[i]:
                made[i], changed = value, True
        if not changed:
            break
    return made


def grid_totals(
    cards: CardSet, grid: Sequence[Sequence[Placed]], upgraded: Collection[str]
) -> dict[Symbol, int]:
    """Every symbol the whole grid has (zeros included), added up from the cached row vectors: for
    checks that only look symbols up."""
    return dict(zip(SYMBOLS, grid_vector(cards, grid, upgraded), strict=True))


def grid_vector(
    cards: CardSet, grid: Sequence[Sequence[Placed]], upgraded: Collection[str]
) -> tuple[int, ...]:
    """`grid_totals` as a vector in `SYMBOLS` order (hashable: a cache key)."""
    vectors = [row_vector(cards, row_key(row, upgraded)) for row in grid if row]
    if len(vectors) > 1:
        return tuple(map(sum, zip(*vectors, strict=True)))
    return vectors[0] if vectors else _NOTHING


_NOTHING = (0,) * len(SYMBOLS)


def grid_symbols(
    cards: CardSet, grid: Sequence[Sequence[Placed]], upgraded: Collection[str]
) -> Counter[Symbol]:
    """The grid's symbols as a Counter without zeros (in `SYMBOLS` order)."""
    return _nonzero(grid_totals(cards, grid, upgraded).items())


def meets(have: Mapping[Symbol, int], need: Symbols, times: int = 1) -> bool:
    return all(have[symbol] >= amount * times for symbol, amount in need.items())


def payments(
    cards: CardSet, grid: Sequence[Sequence[Placed]], upgraded: Collection[str], cost: Symbols
) -> Iterator[tuple[int, tuple[str, ...]]]:
    """Every minimal way to pay `cost` from one row (R6): (row, the cards to discard from it).

    Discarding the cards must lower the row's count of each cost symbol by at least its amount;
    minimal means no proper subset would do, so overpaying happens only when it must.
    """
    need = tuple(cost.items())
    for r, row in enumerate(grid):
        for combo in _row_payments(cards, row_key(row, upgraded), need):
            yield r, tuple(row[i].card for i in combo)


@lru_cache(maxsize=16384)
def _row_payments(
    cards: CardSet, key: RowKey, need: tuple[tuple[Symbol, int], ...]
) -> tuple[tuple[int, ...], ...]:
    """`payments` for one row, as card positions: cached, since every decision asks it again for each
    card, station or shield that pays symbols, and the rows change only when a card is played."""
    before = row_vector(cards, key)
    if not all(before[INDEX[symbol]] >= amount for symbol, amount in need):
        return ()
    found: list[frozenset[int]] = []
    ways: list[tuple[int, ...]] = []
    for size in range(1, len(key) + 1):
        for combo in combinations(range(len(key)), size):
            chosen = frozenset(combo)
            if any(f <= chosen for f in found):
                continue
            after = row_vector(cards, tuple(k for i, k in enumerate(key) if i not in chosen))
            if all(before[INDEX[s]] - after[INDEX[s]] >= amount for s, amount in need):
                found.append(chosen)
                ways.append(combo)
    return tuple(ways)
