"""A result counts only for the crew who made a move: joining a moment before the end earns nothing."""

from __future__ import annotations

from cogs.d6.play import load
from core.d6 import apply
from tests.support.messages import message, record_of

from .helpers import choose, perform


async def finish_with_a_late_joiner(world, captain, joiner, *, joiner_moves: bool) -> int:
    """The captain plays to the last move; just before it, `joiner` joins (and, if asked, moves once)."""
    await captain.runs("d6 new", crew=True)
    record = await world.bot.store.active_game(world.channel.id)
    assert record is not None
    joined = False
    for _ in range(1000):
        record = await record_of(world, record.id)
        if record.status != "active":
            return record.id
        state = load(record).state
        action = choose(state)
        mover = captain
        if apply(state, action)[0].outcome != "playing" and not joined:
            await joiner.clicks(message(world, record.board_message_id), "Join crew")
            joined = True
            if joiner_moves:
                mover = joiner
        played = await perform(mover, world, record.id, action)
        assert not played.ephemeral, played.response.content if played.response else played
    raise AssertionError("the game did not end")


def fields(msg) -> dict[str, str]:
    return {field.name: field.value for field in msg.embeds[0].fields}


async def test_joining_one_move_before_the_end_earns_no_place_on_the_leaderboard(world) -> None:
    alice, bob = world.player("alice"), world.player("bob")
    game = await finish_with_a_late_joiner(world, alice, bob, joiner_moves=False)

    result = await world.bot.store.result(game)
    assert result is not None
    assert result.players == (alice.id,)
    record = await record_of(world, game)
    assert load(record).table.crew == (alice.id, bob.id)  # bob was aboard, but made no move
    shown = fields(world.channel.history()[-1])
    assert shown["Played"] == f"<@{alice.id}>"
    assert shown["Aboard, no move (not credited)"] == f"<@{bob.id}>"

    board = await bob.runs("leaderboard", game="d6", period="all", scope="global")
    lines = board.response.embeds[0].description.splitlines()
    assert len(lines) == 1
    assert f"<@{alice.id}>" in lines[0]
    assert f"<@{bob.id}>" not in board.response.embeds[0].description
    assert world.take_errors() == []


async def test_a_crew_member_who_moved_shares_the_result(world) -> None:
    alice, bob = world.player("alice"), world.player("bob")
    game = await finish_with_a_late_joiner(world, alice, bob, joiner_moves=True)

    result = await world.bot.store.result(game)
    assert result is not None
    assert set(result.players) == {alice.id, bob.id}
    shown = fields(world.channel.history()[-1])
    assert shown["Played"] == f"<@{alice.id}>, <@{bob.id}>"
    assert "Aboard, no move (not credited)" not in shown
    board = await alice.runs("leaderboard", game="d6", period="all", scope="global")
    assert len(board.response.embeds[0].description.splitlines()) == 2
