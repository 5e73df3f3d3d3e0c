"""Timing an engine over real positions: shared by the engine benchmarks of both games."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any


def medians_us(
    pairs: Sequence[tuple[Any, Any]],
    legal_actions: Callable[[Any], Any],
    apply: Callable[[Any, Any], Any],
) -> tuple[float, float]:
    """Median µs of `legal_actions(state)` and of `apply(state, action)` over (state, action) pairs."""
    legal_times, apply_times = [], []
    for state, action in pairs:
        start = time.perf_counter()
        legal_actions(state)
        legal_times.append(time.perf_counter() - start)
        start = time.perf_counter()
        apply(state, action)
        apply_times.append(time.perf_counter() - start)
    return statistics.median(apply_times) * 1e6, statistics.median(legal_times) * 1e6
