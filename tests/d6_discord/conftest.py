"""D-6 in Discord: games with a fixed seed, and a way to play them through the board's controls."""

from __future__ import annotations

import pytest


@pytest.fixture
def seed() -> int:
    return 7


@pytest.fixture
def customise_bot(seed: int):
    def fixed_seed(bot) -> None:
        bot.new_seed = lambda: seed

    return fixed_seed
