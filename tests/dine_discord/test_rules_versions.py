"""Which card set a Dine game is dealt with: new games and daily deals the newest (`dine-5`), a game
or challenge stored under an older version before a switch keeps its version (issue 16 item 5)."""

from __future__ import annotations

from datetime import date, timedelta

import discord
import pytest

from cogs.dine.play import load
from core.daily import setup_for
from core.dine.ai import heuristic
from core.dine.cards import card_set
from core.dine.engine import apply
from tests.support.messages import record_of
from tests.support.scenario import World

from .helpers import start_game


@pytest.fixture
def customise_bot(seed: int):
    def fixed(bot) -> None:
        bot.new_seed = lambda: seed
        bot.board_edit_seconds = 0
        bot.loop_seconds = 3600  # a day passes here: the background jobs look hourly

    return fixed


async def test_new_games_and_the_daily_deal_are_dealt_under_dine_5_and_older_games_keep_their_cards(
    world,
) -> None:
    """Issue 16 item 5: `/dine new` and `/daily dine` deal under the newest card set (`dine-5`); a
    challenge stored under `dine-1` to `dine-4` before a switch is dealt and played on under its own
    version's cards."""
    alice, bob = world.player("Alice"), world.player("Bob")
    game_id = await start_game(world, [alice], mode="normal")
    record = await record_of(world, game_id)
    state = load(record).state
    assert state is not None
    assert (record.rules_version, state.rules_version) == ("dine-5", "dine-5")
    assert state.cards is card_set("dine-5")

    await alice.runs("daily dine")
    with world.env.time_context():
        today = discord.utils.utcnow().date()
    challenge = await world.bot.store.find_daily_challenge("dine", today)
    assert challenge is not None
    assert challenge.rules_version == "dine-5"
    assert await _daily_versions(world, today, alice.id) == ("dine-5", "dine-5")

    day = today
    for old in ("dine-1", "dine-2", "dine-3", "dine-4"):  # stored by an older bot before a switch
        day += timedelta(days=1)
        setup = setup_for("dine", day).model_dump_json()
        await world.bot.store.daily_challenge("dine", day, seed=5, setup_json=setup, rules_version=old)
        await world.env.advance_time(24 * 3600)
        await bob.runs("daily dine")
        assert await _daily_versions(world, day, bob.id) == (old, old)
        attempt = await world.bot.store.daily_attempt("dine", day, bob.id)
        assert attempt is not None
        old_state = load(await record_of(world, attempt.game_id)).state
        assert old_state is not None
        moved = apply(old_state, heuristic(old_state).action)[0]  # and it plays on under its own cards
        assert moved.rules_version == old
        assert moved.cards is card_set(old)
    assert world.take_errors() == []


async def _daily_versions(world: World, day: date, player: int) -> tuple[str, str]:
    """The rules version of `player`'s daily game of `day` as stored, and as its state says."""
    attempt = await world.bot.store.daily_attempt("dine", day, player)
    assert attempt is not None
    record = await record_of(world, attempt.game_id)
    state = load(record).state
    assert state is not None
    return record.rules_version, state.rules_version
