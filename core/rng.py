"""Seeded randomness that never changes: counter-based, with independent named streams.

Python's `random` may change its algorithms between versions, which would change every stored game
and daily challenge. Here a number is a pure function of (seed, stream, index) — BLAKE2b over those
three — so a seed means the same game forever. Streams are named by purpose and round ("crew:3",
"threat-die:3"), so two players who make the same choices in the same seed meet the same luck, and a
choice that consumes extra numbers in one stream never shifts another.
"""

from __future__ import annotations

from collections.abc import MutableMapping, MutableSequence
from hashlib import blake2b
from typing import TypeVar

T = TypeVar("T")
_SPACE = 1 << 64


def raw(seed: int, stream: str, index: int) -> int:
    """The `index`-th 64-bit number of `stream` for `seed`."""
    digest = blake2b(f"{seed}\x1f{stream}\x1f{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


class Rng:
    """Draws from named streams; `positions` (stream → numbers used) is the whole generator state.

    Keep `positions` in the game state and the game resumes with exactly the luck it would have had.
    """

    def __init__(self, seed: int, positions: MutableMapping[str, int]) -> None:
        self.seed = seed
        self.positions = positions

    def below(self, stream: str, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias (rejection sampling)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = _SPACE - _SPACE % n
        while True:
            index = self.positions.get(stream, 0)
            self.positions[stream] = index + 1
            value = raw(self.seed, stream, index)
            if value < limit:
                return value % n

    def die(self, stream: str) -> int:
        """A six-sided die: 1–6."""
        return self.below(stream, 6) + 1

    def shuffle(self, stream: str, items: MutableSequence[T]) -> None:
        """Fisher–Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(stream, i + 1)
            items[i], items[j] = items[j], items[i]
