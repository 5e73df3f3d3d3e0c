"""Dine in Discord: games with a fixed seed, board edits without waiting."""

from __future__ import annotations

import pytest


@pytest.fixture
def seed() -> int:
    return 5


@pytest.fixture
def customise_bot(seed: int):
    def fixed(bot) -> None:
        bot.new_seed = lambda: seed
        bot.board_edit_seconds = 0

    return fixed
