"""User stories: the guided first game of D-6 — a tip before each new kind of decision, privately,
once per player (remembered across games and restarts), until they ask for no more."""

from __future__ import annotations

import pytest

from cogs.d6.play import load
from core.d6 import State, apply, deal
from core.d6.ai import heuristic
from core.d6.engine import dice_in
from core.d6.state import Place
from core.games.d6 import GAME as D6
from core.render.d6_controls import controls
from core.results import new_result
from core.table import Table
from core.tips import tips
from core.tips.d6 import STATIONS
from tests.support.messages import components, message, record_of, tips_in
from tests.support.postgres import BACKENDS
from tests.support.scenario import Player, World

from .helpers import choose, perform

TIPS = tips("d6")


def title(name: str) -> str:
    return TIPS[name].title


async def start(world: World, player: Player, **options):
    started = await player.runs("d6 new", **options)
    record = await world.bot.store.active_game(world.channel.id)
    assert record is not None
    return started, record


async def pick(player: Player, world: World, game_id: int, die: int):
    record = await record_of(world, game_id)
    board = message(world, record.board_message_id)
    return await player.clicks(board, custom_id=f"ds:d6:p:{game_id}:{record.version}:{die}")


async def finished_game(world: World, player: Player) -> None:
    """`player` played a whole D-6 game elsewhere before (a short, lost or won, game in the store)."""
    state: State = deal(3, "very_easy", "fast")[0]
    while state.outcome == "playing":
        state = apply(state, heuristic(state).action)[0]
    store = world.bot.store
    record = await store.create_game(
        kind="d6",
        guild_id=world.guild.id,
        channel_id=world.channel.id + 1,
        owner_id=player.id,
        state_json="{}",
        rules_version=state.rules_version,
    )
    table = Table.start(player.id)
    result = new_result(D6, state, table, (player.id,))
    await store.save(
        record.id,
        expected_version=0,
        user_id=player.id,
        action_json="{}",
        state_json="{}",
        status="finished",
        result=result,
    )


@pytest.mark.parametrize("database", BACKENDS, indirect=True)  # the preferences on both stores
async def test_a_first_game_teaches_once_and_remembers_it_across_a_restart(world) -> None:
    alice = world.player("alice")

    started, record = await start(world, alice)

    assert tips_in(started) == [title("assign")]
    preferences = await world.bot.store.preferences("user", alice.id)
    assert preferences == {"tip:d6.assign": "seen"}
    assert load(record).table.guided == (alice.id,)
    tip = next(note for note in started.followups if note.content.startswith("💡"))

    await world.restart()

    # the tip's buttons still answer after the restart: Got it puts it away, its text stays
    dismissed = await alice.clicks(tip.message, "Got it")
    assert dismissed.response.content == tip.content
    assert components(dismissed.response) == []
    # a second kind of decision: the first ready die's station, then the assignment's tip is not repeated
    state = load(record).state
    die = dice_in(state, Place.POOL)[0]
    face = state.dice[die].face
    picked = await pick(alice, world, record.id, die)
    assert tips_in(picked) == [title(STATIONS[face])]
    shown = []
    for _ in range(3):  # the same die again: never the same tips again (perhaps another one's)
        shown += tips_in(await pick(alice, world, record.id, die))
    shown += tips_in(await alice.clicks(message(world, record.board_message_id), "End assignment"))
    assert title("assign") not in shown
    assert title(STATIONS[face]) not in shown
    assert len(shown) == len(set(shown))
    seen = await world.bot.store.preferences("user", alice.id)
    assert {"tip:d6.assign", f"tip:d6.{STATIONS[face]}"} <= set(seen)


async def test_no_more_tips_stops_them_in_every_game(world) -> None:
    alice = world.player("alice")
    started, record = await start(world, alice)
    tip = next(note for note in started.followups if note.content.startswith("💡"))

    stopped = await alice.clicks(tip.message, "No more tips")

    assert "Tips are off" in stopped.response.content
    assert components(stopped.response) == []
    assert (await world.bot.store.preferences("user", alice.id))["tips"] == "off"
    for button in controls(load(record).state).dice:
        if button.enabled:
            assert tips_in(await pick(alice, world, record.id, button.die)) == []
    ended = await alice.clicks(message(world, record.board_message_id), "End assignment")
    assert tips_in(ended) == []
    # a later game is not guided either, unless asked for
    await alice.runs("d6 abandon")
    asked = await alice.runs("d6 abandon")
    await alice.clicks(asked.response.message, "Abandon the game")
    later, second = await start(world, alice)
    assert tips_in(later) == []
    assert load(second).table.guided == ()


async def test_a_player_with_a_finished_game_is_not_guided_unless_they_ask(world) -> None:
    alice = world.player("alice")
    await finished_game(world, alice)

    started, record = await start(world, alice)

    assert tips_in(started) == []
    assert load(record).table.guided == ()
    state = load(record).state
    assert tips_in(await pick(alice, world, record.id, dice_in(state, Place.POOL)[0])) == []
    asked = await alice.runs("d6 abandon")
    await alice.clicks(asked.response.message, "Abandon the game")

    guided, _ = await start(world, alice, guide=True)

    assert tips_in(guided) == [title("assign")]


async def test_a_first_timer_may_play_without_tips(world) -> None:
    alice = world.player("alice")

    started, record = await start(world, alice, guide=False)

    assert tips_in(started) == []
    assert load(record).table.guided == ()
    assert await world.bot.store.preferences("user", alice.id) == {}


async def test_in_a_crew_only_the_new_player_gets_tips_for_their_own_decisions(world) -> None:
    alice, bob = world.player("alice"), world.player("bob")
    await finished_game(world, alice)
    started, record = await start(world, alice, crew=True)
    assert tips_in(started) == []

    joined = await bob.clicks(message(world, record.board_message_id), "Join crew")

    assert tips_in(joined) == [title("assign")]
    state = load(await record_of(world, record.id)).state
    die = dice_in(state, Place.POOL)[0]
    assert tips_in(await pick(alice, world, record.id, die)) == []  # the veteran: none
    face = state.dice[die].face
    assert tips_in(await pick(bob, world, record.id, die)) == [title(STATIONS[face])]
    assert await world.bot.store.preferences("user", alice.id) == {}
    assert set(await world.bot.store.preferences("user", bob.id)) == {
        "tip:d6.assign",
        f"tip:d6.{STATIONS[face]}",
    }


async def test_a_move_of_the_guided_player_is_followed_by_the_tip_of_what_comes_next(world) -> None:
    alice = world.player("alice")
    _, record = await start(world, alice)
    action = choose(load(record).state)
    assert getattr(action, "die", None) is not None  # a die is assigned: picked, then placed

    moved = await perform(alice, world, record.id, action)

    # after the station's tip (on the pick), the move brings the next new decision's tip
    assert len(tips_in(moved)) == 1
    assert len(await world.bot.store.preferences("user", alice.id)) == 3


async def test_every_tip_points_to_a_rules_topic_that_answers(world) -> None:
    alice = world.player("alice")
    for tip in TIPS.values():
        answer = await alice.runs("d6 rules", topic=tip.topic)
        assert answer.ephemeral
        assert answer.response.embeds[0].title == f"Deep Space D-6 · {tip.topic}"
