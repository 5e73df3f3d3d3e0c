"""What every game's players share: a decision with its reason, and the random player.

A policy is a function from a state to a `Choice`; the same policies drive hints, the simulators
and the property tests of both engines.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from random import Random
from typing import Any


@dataclass(frozen=True, slots=True)
class Choice:
    action: Any
    reason: str


Policy = Callable[[Any], Choice]


def random_player(legal_actions: Callable[[Any], list[Any]], seed: int = 0) -> Policy:
    """Uniformly random among the legal actions (a baseline, and a fuzzer for an engine)."""
    rng = Random(seed)  # the player's own luck, separate from the game's

    def choose(state: Any) -> Choice:
        return Choice(rng.choice(legal_actions(state)), "picked at random")

    return choose
