"""User stories: the guided first game of Dine — a tip before each new kind of decision, privately,
once per player (remembered across games and restarts), until they ask for no more."""

from __future__ import annotations

from cogs.dine.play import load
from core.dine.ai import heuristic
from core.dine.engine import apply, deal
from core.games.dine import GAME as DINE
from core.results import new_result
from core.table import Table
from core.tips import tips
from tests.support.messages import components, message, record_of, tips_in
from tests.support.scenario import Player, World

from .helpers import Hands, open_lobby, owner, perform, saved_of

TIPS = tips("dine")


def title(name: str) -> str:
    return TIPS[name].title


async def finished_game(world: World, player: Player) -> None:
    """`player` played a whole Dine game elsewhere before (its result is in the store)."""
    state = deal(1, ship="Spacehopper 3000", level="Salad", crew=1, starter=True)[0]
    while state.outcome == "playing":
        state = apply(state, heuristic(state).action)[0]
    store = world.bot.store
    record = await store.create_game(
        kind="dine",
        guild_id=world.guild.id,
        channel_id=world.channel.id + 1,
        owner_id=player.id,
        state_json="{}",
        rules_version=state.rules_version,
    )
    result = new_result(DINE, state, Table.start(player.id), (player.id,))
    await store.save(
        record.id,
        expected_version=0,
        user_id=player.id,
        action_json="{}",
        state_json="{}",
        status="finished",
        result=result,
    )


async def lobby_started(world: World, crew: list[Player], **options) -> tuple[int, list]:
    """The first player opens a lobby, the others join, the host starts: each click's result."""
    game_id = await open_lobby(crew[0], world, **options)
    results = []
    for player in crew[1:]:
        board = message(world, (await record_of(world, game_id)).board_message_id)
        results.append(await player.clicks(board, "Join"))
    board = message(world, (await record_of(world, game_id)).board_message_id)
    results.append(await crew[0].clicks(board, "Start"))
    return game_id, results


async def test_a_first_game_teaches_once_and_remembers_it_across_a_restart(world) -> None:
    ann = world.player("Ann")

    game_id, [started] = await lobby_started(world, [ann])

    assert tips_in(started) == [title("hand")]
    assert (await world.bot.store.preferences("user", ann.id)) == {"tip:dine.hand": "seen"}
    tip = next(note for note in started.followups if note.content.startswith("💡"))

    await world.restart()

    got_it = await ann.clicks(tip.message, "Got it")
    assert got_it.response.content == tip.content
    assert components(got_it.response) == []
    hands = Hands(world, game_id)
    await hands.open(ann)
    opened = hands.views[ann.id]
    shown = tips_in(opened)
    assert title("hand") not in shown  # not again, after the restart either
    seen = set(shown)
    # playing on, each new kind of decision brings its tip once: solving or jumping comes in a starter game
    for _ in range(40):
        _, saved = await saved_of(world, game_id)
        assert saved.state is not None
        if saved.state.outcome != "playing" or saved.state.cleared:
            break
        action = heuristic(saved.state).action
        new = tips_in(await perform(hands, ann, action))
        assert not seen & set(new)
        seen.update(new)
    assert {title("solve"), title("jump")} & seen
    stored = await world.bot.store.preferences("user", ann.id)
    assert {key for key in stored if key.startswith("tip:")} == {
        f"tip:dine.{name}" for name, tip in TIPS.items() if tip.title in seen | {title("hand")}
    }


async def test_no_more_tips_stops_them(world) -> None:
    ann = world.player("Ann")
    game_id, [started] = await lobby_started(world, [ann])
    tip = next(note for note in started.followups if note.content.startswith("💡"))

    stopped = await ann.clicks(tip.message, "No more tips")

    assert "Tips are off" in stopped.response.content
    assert (await world.bot.store.preferences("user", ann.id))["tips"] == "off"
    hands = Hands(world, game_id)
    await hands.open(ann)
    assert tips_in(hands.views[ann.id]) == []
    for _ in range(15):
        _, saved = await saved_of(world, game_id)
        assert saved.state is not None
        if saved.state.outcome != "playing":
            break
        assert tips_in(await perform(hands, ann, heuristic(saved.state).action)) == []


async def test_a_player_with_a_finished_game_is_not_guided_unless_they_ask(world) -> None:
    ann = world.player("Ann")
    await finished_game(world, ann)

    game_id, [started] = await lobby_started(world, [ann])

    assert tips_in(started) == []
    _, saved = await saved_of(world, game_id)
    assert saved.table.guided == ()
    hands = Hands(world, game_id)
    await hands.open(ann)
    assert tips_in(hands.views[ann.id]) == []


async def test_a_veteran_may_ask_for_a_guided_game(world) -> None:
    ann = world.player("Ann")
    await finished_game(world, ann)

    _, [started] = await lobby_started(world, [ann], guide=True)

    assert tips_in(started) == [title("hand")]


async def test_in_a_crew_only_the_new_player_gets_tips_for_their_own_decisions(world) -> None:
    ann, ben = world.player("Ann"), world.player("Ben")
    await finished_game(world, ann)

    game_id, [joined, started] = await lobby_started(world, [ann, ben])

    assert tips_in(joined) == []
    assert tips_in(started) == []
    record, saved = await saved_of(world, game_id)
    assert load(record).table.guided == (ben.id,)
    hands = Hands(world, game_id)
    await hands.open(ann)
    assert tips_in(hands.views[ann.id]) == []
    await hands.open(ben)
    assert tips_in(hands.views[ben.id]) == [title("hand")]
    crew = [ann, ben]
    for _ in range(20):
        _, saved = await saved_of(world, game_id)
        assert saved.state is not None
        if saved.state.outcome != "playing":
            break
        action = heuristic(saved.state).action
        player = owner(saved, action, crew)
        shown = tips_in(await perform(hands, player, action))
        if player is ann:
            assert shown == []
    assert await world.bot.store.preferences("user", ann.id) == {}
    assert "tip:dine.hand" in await world.bot.store.preferences("user", ben.id)


async def test_every_tip_points_to_a_rules_topic_that_answers(world) -> None:
    ann = world.player("Ann")
    for topic in {tip.topic for tip in TIPS.values()}:
        answer = await ann.runs("dine rules", topic=topic)
        assert answer.ephemeral
        assert answer.response.embeds[0].title == f"Deep Space Dine · {topic}"
