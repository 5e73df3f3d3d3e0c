"""Games whose channel, thread or server is gone end as abandoned (a loss, logged like `/d6 abandon`
and `/dine end`), whether the gateway says so or Discord answers "Unknown Channel" to the bot."""

from __future__ import annotations

import json
from datetime import date

import discord
import pytest

from cogs.d6.play import load as load_d6
from cogs.dine.play import load as load_dine
from cogs.ui.endings import serves
from core.dine.ai import heuristic
from core.dine.told import said
from core.render.dine_controls import for_seat
from core.storage import GameRecord
from core.table import table_action
from core.verify import difficulty_of, mismatch
from tests.dine_discord.helpers import Hands, perform, saved_of
from tests.support.scenario import Player, World


@pytest.fixture
def customise_bot():
    seeds = iter(range(100, 10_000))

    def fixed(bot) -> None:
        bot.new_seed = lambda: next(seeds)
        bot.board_edit_seconds = 0

    return fixed


async def game_in(world: World, channel_id: int) -> GameRecord:
    record = await world.bot.store.active_game(channel_id)
    assert record is not None
    return record


async def ended_as_abandoned(world: World, game_id: int, *, started: bool = True) -> GameRecord:
    """The game is over as abandoned, with the same log entry and result its own abandon stores, but
    lost as unfinished (nobody gave up: the bot ended it), and its result replays from its log."""
    record = await world.bot.store.get_game(game_id)
    assert record is not None
    assert record.status == "abandoned"
    last = table_action((await world.bot.store.actions(game_id))[-1].action_json)
    assert last is not None
    assert last.kind == ("abandon" if started else "close")
    result = await world.bot.store.result(game_id)
    if not started:
        assert result is None
        return record
    assert result is not None
    assert result.outcome == "lost"
    assert json.loads(result.detail_json)["abandoned"] is True
    assert json.loads(result.detail_json)["unfinished"] is True  # standings and shares say so
    assert last.detail["unfinished"] is True
    state = json.loads(record.state_json)["state"]
    assert state["loss_reason"] == "The game was left unfinished."  # not "The crew abandoned ship."
    log = await world.bot.store.actions(game_id)
    assert mismatch(record.kind, record.state_json, log, result, record.rules_version) is None
    return record


async def delete_channel(world: World, channel_id: int) -> None:
    world.env.backend.delete_channel(channel_id)  # as a moderator deleting it in their client
    await world.env.settle()


async def daily_game(world: World, player: Player, game: str) -> GameRecord:
    with world.env.time_context():
        day = discord.utils.utcnow().date()
    attempt = await world.bot.store.daily_attempt(game, day, player.id)
    assert attempt is not None
    record = await world.bot.store.get_game(attempt.game_id)
    assert record is not None
    return record


async def verified(world: World, game_id: int) -> bool:
    await world.env.settle()
    return game_id not in {r.game_id for r in await world.bot.store.unverified_results()}


async def test_a_deleted_daily_thread_ends_the_attempt_and_practice_opens(world: World) -> None:
    alice = world.player("Alice")
    await alice.runs("daily d6")
    record = await daily_game(world, alice, "d6")

    await delete_channel(world, record.channel_id)

    ended = await ended_as_abandoned(world, record.id)
    assert load_d6(ended).state.outcome == "lost"
    assert "The game ended: its thread was deleted." in load_d6(ended).table.recent
    assert await verified(world, record.id)
    podium = await world.bot.store.daily_podium(
        "d6", date.fromisoformat(load_d6(ended).table.daily or ""), None, rank_of=difficulty_of
    )
    assert [s.user_id for s in podium] == [alice.id]  # the replay accepted the ending: ranked, a loss
    # Alice did not give up: the bot ended her attempt, and the standings and her share say so
    standings = (await alice.runs("daily standings")).response.embeds[0].fields[0].value
    assert standings.startswith(f"**1.** <@{alice.id}> — left unfinished, score **0**, 1 round · ")
    shared = (await alice.runs("daily share", game="d6")).response.content
    assert shared.splitlines()[1] == "⏳ Left unfinished in round 1 · score 0"
    practice = await alice.runs("daily d6", practice=True)
    assert practice.response.content.startswith("Practice (unranked)"), practice.response.content
    refused = await alice.runs("daily d6")  # the ranked attempt was used: no second one
    assert refused.response.content.startswith("You already took today's ranked attempt")
    assert len(world.take_errors()) == 1


async def test_a_deleted_channel_ends_its_game_and_no_other(world: World) -> None:
    ann = world.player("Ann")
    games = world.guild.create_text_channel("games")
    await ann.actor.slash(games, "dine new")
    await ann.runs("d6 new")
    world.audit()
    lobby = await game_in(world, games.id)
    d6 = await game_in(world, world.channel.id)

    await delete_channel(world, games.id)

    ended = await ended_as_abandoned(world, lobby.id, started=False)  # a lobby closes: no result
    assert said(load_dine(ended).table.recent[-1]) == "The game ended: its channel was deleted."
    assert (await game_in(world, world.channel.id)).id == d6.id  # #general's game plays on
    assert world.take_errors() == []


async def test_a_server_that_removed_the_bot_ends_every_game_there(world: World) -> None:
    ann = world.player("Ann")
    games = world.guild.create_text_channel("games")
    await ann.actor.slash(games, "dine new")
    lobby = await game_in(world, games.id)
    board = next(m for m in games.history() if m.id == lobby.board_message_id)
    await ann.actor.click(board, label="Start")
    await ann.runs("d6 new")
    await ann.runs("daily dine")
    world.audit()
    ids = [g.id for g in await world.bot.store.active_games()]
    assert len(ids) == 3

    world.env.backend.remove_guild(world.guild.id)
    await world.env.settle()

    assert await world.bot.store.active_games() == []
    for game_id in ids:
        await ended_as_abandoned(world, game_id)
    assert world.take_errors() == []


async def test_a_board_whose_channel_discord_does_not_know_ends_its_game(world: World) -> None:
    ann = world.player("Ann")
    await ann.runs("dine new")
    lobby = await game_in(world, world.channel.id)
    board = next(m for m in world.channel.history() if m.id == lobby.board_message_id)
    await ann.clicks(board, "Start")
    hands = Hands(world, lobby.id)
    await hands.open(ann)
    # Discord answers the board keeper's edit after a move from the hand view: the channel is unknown.
    world.env.inject_error(
        "PATCH", "/channels/*/messages/*", status=404, code=10003, message="Unknown Channel"
    )
    _, saved = await saved_of(world, lobby.id)
    assert saved.state is not None
    await perform(hands, ann, heuristic(saved.state, lambda action: for_seat(action, 0)).action)
    await world.bot.boards.idle()

    await ended_as_abandoned(world, lobby.id)
    edits = [r for r in world.env.http_requests if r.method == "PATCH"]
    await world.restart()  # the next start does not try that board again
    await world.bot.boards.idle()
    assert [r for r in world.env.http_requests if r.method == "PATCH"] == edits


async def test_an_archived_daily_thread_discord_does_not_know_ends_the_attempt(world: World) -> None:
    alice = world.player("Alice")
    await alice.runs("daily dine")
    record = await daily_game(world, alice, "dine")
    world.env.backend.edit_channel(record.channel_id, {}, thread_metadata={"archived": True})
    await world.env.settle()  # archived: the bot no longer holds the thread, it must ask Discord
    assert world.bot.get_channel(record.channel_id) is None
    world.env.inject_error(
        "GET", f"/channels/{record.channel_id}", status=404, code=10003, message="Unknown Channel"
    )

    practice = await alice.runs("daily dine", practice=True)

    assert practice.response.content.startswith("Practice (unranked)"), practice.response.content
    await ended_as_abandoned(world, record.id)
    assert world.take_errors() == []


async def test_a_channel_deleted_while_the_bot_was_away_ends_its_game_at_the_next_start(world: World) -> None:
    ann = world.player("Ann")
    await ann.runs("d6 new")
    record = await game_in(world, world.channel.id)
    # A game in a channel of this server that no longer exists: deleted while the bot was offline, so
    # no gateway event ever told it.
    gone = await world.bot.store.create_game(
        kind="d6",
        guild_id=world.guild.id,
        channel_id=record.channel_id + 999_999,
        owner_id=ann.id,
        state_json=record.state_json,
        rules_version=record.rules_version,
    )

    await world.restart()

    await ended_as_abandoned(world, gone.id)
    assert (await game_in(world, world.channel.id)).id == record.id  # the game whose channel exists plays on
    assert world.take_errors() == []


async def test_a_server_that_removed_the_bot_while_it_was_away_has_its_games_ended_at_start(
    world: World,
) -> None:
    ann = world.player("Ann")
    await ann.runs("d6 new")
    here = await game_in(world, world.channel.id)
    # A game of a server the bot is no longer in: it was removed while offline, so no event said so,
    # and Discord answers "Missing Access" (not "Unknown Channel") about that server's channels.
    elsewhere = await world.bot.store.create_game(
        kind="d6",
        guild_id=4242 << 22,
        channel_id=888_888,
        owner_id=ann.id,
        state_json=here.state_json,
        rules_version=here.rules_version,
    )
    world.env.inject_error("GET", "/channels/888888*", status=403, code=50001, message="Missing Access")

    await world.restart()

    await ended_as_abandoned(world, elsewhere.id)
    assert (await game_in(world, world.channel.id)).id == here.id
    assert world.take_errors() == []


def test_a_server_belongs_to_the_shard_discord_routes_it_to() -> None:
    class Bot:
        shard_count, shard_id, shard_ids = 4, None, [1, 2]

    assert serves(Bot(), (6 << 22) | 12345)  # shard 2
    assert serves(Bot(), 5 << 22)  # shard 1
    assert not serves(Bot(), 8 << 22)  # shard 0: another process's
    assert not serves(Bot(), 7 << 22)  # shard 3

    class Unsharded:
        shard_count, shard_id = None, None

    assert serves(Unsharded(), 7 << 22)
