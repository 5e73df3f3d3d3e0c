"""Fewer garbage collections while whole games are played out.

A playout builds and drops hundreds of thousands of short-lived game states, almost none of them in a
reference cycle, while the engine's caches keep tens of thousands of objects alive. At CPython's
default pace (a young collection every 700 allocations, an older one every 10 of those) the older
collections walk those caches again and again: 9 % of the expert's balance table's CPU time
(`bench.dine_expert_table`), a fifth on the longer games of `bench.dine_fingerprint`. Played
with the pace below the games are the same to the hash and the peak memory the same
(`bench.dine_fingerprint`), since reference counting frees what they drop.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Generator
from contextlib import contextmanager

PACE = (10_000, 100, 100)  # allocations before a young collection; young ones before an older one

_lock = threading.Lock()
_depth = 0
_before: tuple[int, int, int] = gc.get_threshold()


@contextmanager
def fewer_collections() -> Generator[None]:
    """Collect at `PACE` inside, at the pace found before once the outermost block ends."""
    global _depth, _before
    with _lock:
        if _depth == 0:
            _before = gc.get_threshold()
            gc.set_threshold(*PACE)
        _depth += 1
    try:
        yield
    finally:
        with _lock:
            _depth -= 1
            if _depth == 0:
                gc.set_threshold(*_before)
