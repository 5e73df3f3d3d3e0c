"""Which card set a Dine game is dealt with: new games and daily deals the newest (`dine-2`), a game
or challenge stored under `dine-1` before the switch keeps `dine-1` (issue 16 item 5)."""

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


async def test_new_games_and_the_daily_deal_are_dealt_under_dine_2_and_a_dine_1_game_stays_dine_1(
    world,
) -> None:
    """Issue 16 item 5: `/dine new` and `/daily dine` deal under the card set v2 (`dine-2`); a game
    stored under `dine-1` before the switch (here: today's daily challenge stored under it) is dealt
    and played on under `dine-1`'s cards."""
    alice, bob = world.player("Alice"), world.player("Bob")
    game_id = await start_game(world, [alice], mode="normal")
    record = await record_of(world, game_id)
    state = load(record).state
    assert state is not None
    assert (record.rules_version, state.rules_version) == ("dine-2", "dine-2")
    assert state.cards is card_set("dine-2")

    await alice.runs("daily dine")
    with world.env.time_context():
        today = discord.utils.utcnow().date()
    challenge = await world.bot.store.find_daily_challenge("dine", today)
    assert challenge is not None
    assert challenge.rules_version == "dine-2"
    assert await _daily_versions(world, today, alice.id) == ("dine-2", "dine-2")

    tomorrow = today + timedelta(days=1)  # a challenge stored by the dine-1 bot before the switch
    setup = setup_for("dine", tomorrow).model_dump_json()
    await world.bot.store.daily_challenge("dine", tomorrow, seed=5, setup_json=setup, rules_version="dine-1")
    await world.env.advance_time(24 * 3600)
    await bob.runs("daily dine")
    assert await _daily_versions(world, tomorrow, bob.id) == ("dine-1", "dine-1")
    attempt = await world.bot.store.daily_attempt("dine", tomorrow, bob.id)
    assert attempt is not None
    old_state = load(await record_of(world, attempt.game_id)).state
    assert old_state is not None
    moved = apply(old_state, heuristic(old_state).action)[0]  # and it plays on under dine-1's cards
    assert moved.rules_version == "dine-1"
    assert moved.cards is card_set("dine-1")
    assert world.take_errors() == []


async def _daily_versions(world: World, day: date, player: int) -> tuple[str, str]:
    """The rules version of `player`'s daily game of `day` as stored, and as its state says."""
    attempt = await world.bot.store.daily_attempt("dine", day, player)
    assert attempt is not None
    record = await record_of(world, attempt.game_id)
    state = load(record).state
    assert state is not None
    return record.rules_version, state.rules_version
