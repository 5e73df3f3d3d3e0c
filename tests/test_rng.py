"""The counter-based generator: a seed must mean the same numbers forever, stream by stream."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from core.rng import Rng, raw


def test_raw_numbers_are_pinned():
    """Known outputs of the current algorithm: any change here changes every stored game and daily."""
    assert [raw(0, "deck", i) for i in range(3)] == [
        4102182620285510260,
        16509786478587039967,
        4968468206582858919,
    ]
    assert raw(20240101, "crew:3", 7) == 2924373226156896132
    assert raw(-5, "threat-die:1", 0) == 234626697946366258


def test_draws_are_pinned():
    rng = Rng(42, {})
    assert [rng.die("crew:1") for _ in range(12)] == [6, 4, 6, 1, 5, 5, 5, 6, 3, 5, 5, 1]
    assert rng.positions == {"crew:1": 12}
    rng = Rng(7, {})
    assert [rng.below("x", 1000) for _ in range(5)] == [599, 316, 886, 770, 855]


def test_shuffle_is_pinned():
    items = list(range(10))
    rng = Rng(42, {})
    rng.shuffle("deck", items)
    assert items == [7, 1, 4, 2, 9, 6, 8, 5, 3, 0]
    assert rng.positions == {"deck": 9}


def test_raw_is_a_64_bit_pure_function():
    values = {raw(s, st, i) for s in (0, 1, -1) for st in ("a", "b") for i in range(20)}
    assert all(0 <= v < 1 << 64 for v in values)
    assert len(values) == 3 * 2 * 20  # seed, stream and index all matter
    assert raw(3, "a", 5) == raw(3, "a", 5)


def test_below_uses_the_next_counter_value():
    positions: dict[str, int] = {}
    rng = Rng(11, positions)
    for index in range(50):
        assert rng.below("s", 97) == raw(11, "s", index) % 97
    assert positions == {"s": 50}  # the caller's mapping is the generator state, updated in place


def test_streams_are_independent():
    alone = Rng(5, {})
    expected = [alone.below("a", 1000) for _ in range(40)]

    mixed = Rng(5, {})
    got = []
    for k in range(40):
        for _ in range(k % 4):  # interleave a varying number of draws from other streams
            mixed.below("b", 6)
            mixed.shuffle("c", list(range(5)))
        got.append(mixed.below("a", 1000))
    assert got == expected
    assert mixed.positions["a"] == 40

    # and a stream's numbers do not depend on whether another stream was used first
    fresh_b = Rng(5, {})
    assert [fresh_b.below("b", 6) for _ in range(10)] == [raw(5, "b", i) % 6 for i in range(10)]


def test_streams_and_seeds_differ():
    def seq(seed: int, stream: str) -> list[int]:
        rng = Rng(seed, {})
        return [rng.below(stream, 1 << 30) for _ in range(8)]

    assert seq(1, "crew:1") != seq(1, "crew:2")
    assert seq(1, "crew:1") != seq(2, "crew:1")


@pytest.mark.parametrize("n", [1, 2, 3, 5, 6, 7, 10, 1000, (1 << 63) + 1, 1 << 64])
def test_below_is_always_in_range(n: int):
    rng = Rng(99, {})
    for _ in range(500):
        assert 0 <= rng.below("r", n) < n


@pytest.mark.parametrize("n", [0, -1, -6])
def test_below_rejects_an_empty_range(n: int):
    with pytest.raises(ValueError, match="positive"):
        Rng(1, {}).below("r", n)


def test_below_rejects_the_biased_tail():
    """With n = 2**63 + 1, about half of the raw values lie in the biased tail and must be skipped."""
    n = (1 << 63) + 1
    limit = (1 << 64) - (1 << 64) % n
    rng = Rng(3, {})
    skipped = 0
    for _ in range(200):
        start = rng.positions.get("t", 0)
        value = rng.below("t", n)
        used = rng.positions["t"] - start
        accepted = raw(3, "t", start + used - 1)
        assert all(raw(3, "t", start + k) >= limit for k in range(used - 1))
        assert accepted < limit
        assert value == accepted % n
        skipped += used - 1
    assert 50 < skipped < 400  # expected ~200


def test_dice_are_roughly_uniform():
    """Chi-square over 60 000 deterministic draws; 5 degrees of freedom, threshold ~p=1e-5."""
    rng = Rng(2024, {})
    counts = Counter(rng.die("chi") for _ in range(60_000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    expected = 10_000
    chi2 = sum((counts[face] - expected) ** 2 / expected for face in range(1, 7))
    assert chi2 < 30, counts


def test_below_is_roughly_uniform_for_an_odd_range():
    rng = Rng(77, {})
    counts = Counter(rng.below("chi", 7) for _ in range(70_000))
    chi2 = sum((counts[v] - 10_000) ** 2 / 10_000 for v in range(7))
    assert chi2 < 33, counts


def test_shuffle_is_a_deterministic_permutation():
    items = [f"card{i}" for i in range(42)]
    a, b = list(items), list(items)
    Rng(8, {}).shuffle("deck", a)
    Rng(8, {}).shuffle("deck", b)
    assert a == b
    assert sorted(a) == sorted(items)
    assert a != items
    c = list(items)
    Rng(9, {}).shuffle("deck", c)
    assert c != a


def test_shuffle_of_tiny_lists():
    for items in ([], [1]):
        copy = list(items)
        rng = Rng(1, {})
        rng.shuffle("s", copy)
        assert copy == items
        assert rng.positions == {}


def test_shuffle_reaches_every_permutation_evenly():
    """Fisher–Yates is uniform: each of the 6 orders of three items about 1 000 times in 6 000 seeds."""
    counts: Counter[tuple[int, ...]] = Counter()
    for seed in range(6000):
        items = [0, 1, 2]
        Rng(seed, {}).shuffle("deck", items)
        counts[tuple(items)] += 1
    assert set(counts) == set(itertools.permutations([0, 1, 2]))
    chi2 = sum((c - 1000) ** 2 / 1000 for c in counts.values())
    assert chi2 < 30, counts


def test_resuming_from_stored_positions_continues_the_sequence():
    straight = Rng(123, {})
    whole = [straight.die("crew:1") for _ in range(20)] + [straight.die("threat-die:1") for _ in range(5)]

    first = Rng(123, {})
    head = [first.die("crew:1") for _ in range(12)]
    stored = dict(first.positions)  # what a saved game keeps
    resumed = Rng(123, stored)
    tail = [resumed.die("crew:1") for _ in range(8)] + [resumed.die("threat-die:1") for _ in range(5)]
    assert head + tail == whole
    assert resumed.positions == straight.positions
