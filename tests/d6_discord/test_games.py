"""User stories: D-6 games in a Discord channel, played only by clicking the board."""

from __future__ import annotations

import json

import pytest
from simcord.enums import ChannelType

from cogs.d6.play import load, saved_but_not_shown
from cogs.ui.refresh import BOARD_WAS_BEHIND
from core.d6 import action_from_json, apply, legal_actions
from core.d6.actions import ChangeFace, EndAssignment
from core.d6.codes import encode
from core.errors import RuleError
from core.games.d6 import GAME as D6
from core.render.d6_controls import as_shown, controls
from core.render.d6_text import board_summary, loss_text
from core.storage import GameRecord
from tests.support.messages import components, custom_ids, message, record_of
from tests.support.postgres import BACKENDS
from tests.support.scenario import Player, Unaudited, World, forgive_the_retry

from .helpers import choose, perform, play_out

# Whole D-6 games, restarts included, run on both stores end to end through Discord.
pytestmark = pytest.mark.parametrize("database", BACKENDS, indirect=True)

WIN_SEED, LOSS_SEED = 51, 9  # hard, fast: the test player (the heuristic) wins the first, loses the second


async def start(world, player, **options):
    shown = await player.runs("d6 new", **options)
    assert not shown.ephemeral, shown.response.content
    record = await world.bot.store.active_game(world.channel.id)
    assert record is not None
    assert record.board_message_id == shown.response.id
    return record


async def test_new_game_posts_one_board_in_words_picture_and_controls(world, seed) -> None:
    alice = world.player("alice")
    shown = await alice.runs("d6 new")

    record = await world.bot.store.active_game(world.channel.id)
    assert record is not None
    assert record.owner_id == alice.id
    assert record.kind == "d6"
    state = load(record).state
    assert state.seed == seed
    assert state.difficulty == "medium"
    assert state.length == "full"
    board = shown.response
    embed = board.embeds[0]
    assert embed.title == "Deep Space D-6 · Round 1"
    assert embed.image.url == "attachment://board.png"
    fields = {f.name: f.value for f in embed.fields}
    assert fields["Crew dice"].count("Die ") == 6
    assert "takes command" in fields["What happened"]
    assert "Rolled 6 crew" in fields["What happened"]
    assert f"<@{alice.id}> (captain)" in fields["Captain"]
    (picture,) = board.attachments
    assert picture.filename == "board.png"
    assert picture.description == board_summary(state)
    # the controls: a button per kind of ready die, enabled exactly when that die has a legal use
    shown_controls = controls(state)
    dice = [c for c in components(board) if c["custom_id"].startswith(f"ds:d6:p:{record.id}:0:")]
    assert [d["label"] for d in dice] == [d.label for d in shown_controls.dice]
    for button, die in zip(dice, shown_controls.dice, strict=True):
        assert button["disabled"] == (
            not any(getattr(a, "die", None) == die.die for a in legal_actions(state))
        )
    assert f"ds:d6:a:{record.id}:0:e" in custom_ids(board)  # End assignment
    assert len(world.channel.history()) == 1


async def test_pressing_a_die_shows_its_uses_and_a_choice_applies_it(world) -> None:
    alice = world.player("alice")
    record = await start(world, alice)
    state = load(record).state
    action = next(a for a in legal_actions(state) if getattr(a, "die", None) is not None)

    result = await perform(alice, world, record.id, action)

    assert not result.ephemeral
    after = await record_of(world, record.id)
    assert after.version == 1
    assert load(after).state == apply(state, action)[0]
    (logged,) = await world.bot.store.actions(record.id)
    assert action_from_json(logged.action_json) == action
    assert logged.user_id == alice.id
    board = message(world, after.board_message_id)
    assert board.embeds[0].footer.text == f"Game #{record.id} · update 1"
    assert "**alice**: " in {f.name: f.value for f in board.embeds[0].fields}["What happened"]
    assert all(f":{record.id}:1:" in cid for cid in custom_ids(board))  # every control is of the new version


@pytest.mark.parametrize("seed", [WIN_SEED])
async def test_a_whole_game_is_won_by_clicking(world, seed) -> None:
    alice = world.player("alice")
    record = await start(world, alice, difficulty="hard", length="fast")

    final = await play_out(alice, world, record.id)

    assert final.status == "finished"
    state = load(final).state
    assert state.outcome == "won"
    board = message(world, final.board_message_id)
    assert components(board) == []  # the controls are gone
    assert board.embeds[0].title.startswith("Deep Space D-6 · Victory")
    announced = world.channel.history()[-1]
    assert announced.embeds[0].title == "Victory! The rescue fleet arrives."
    new, standings = await world.mention("d6 new"), await world.mention("leaderboard")
    again = f"Play again with {new} · the standings: {standings}"
    assert announced.embeds[0].description.endswith(again)
    assert board.embeds[0].description.endswith(again)  # the board, without buttons, says it too
    standing = await alice.runs("leaderboard")  # as the link fills it in: the game just finished
    assert standing.response.embeds[0].title.startswith("Deep Space D-6"), standing.response.embeds[0].title
    # which game it chose and why is said, with how to see the other one
    assert standing.response.content == (
        "Showing Deep Space D-6: the game last finished in this channel. "
        "For Deep Space Dine, choose it in the command's `game` option."
    )
    chosen = await alice.runs("leaderboard", game="d6")  # a game chosen: nothing to explain
    assert chosen.response.embeds[0].title.startswith("Deep Space D-6")
    assert not chosen.response.content
    watched = await world.player("bob").runs("leaderboard")  # a watcher with no result of their own too
    assert watched.response.embeds[0].title.startswith("Deep Space D-6"), watched.response.embeds[0].title
    assert (
        f"**Total: {state.score}**"
        in {f.name: f.value for f in announced.embeds[0].fields}["How the score adds up"]
    )
    result = await world.bot.store.result(record.id)
    assert result is not None
    assert (result.outcome, result.score, result.rounds) == ("won", state.score, state.round)
    assert result.players == (alice.id,)
    assert json.loads(result.detail_json)["difficulty"] == "hard"
    # the stored action log replays from the seed to exactly the final state
    log = [entry.action_json for entry in await world.bot.store.actions(record.id)]
    assert D6.replay(load(record).state, log) == state
    played = [action_from_json(entry) for entry in log]
    # the game needed menus (the Commander's face changes) and the rules' own questions
    assert {"change_face", "send_to_infirmary", "hold_die", "gather"} <= {action.kind for action in played}


@pytest.mark.parametrize("seed", [LOSS_SEED])
async def test_a_whole_game_is_lost_by_clicking(world, seed) -> None:
    alice = world.player("alice")
    record = await start(world, alice, difficulty="hard", length="fast")

    final = await play_out(alice, world, record.id)

    state = load(final).state
    assert final.status == "finished"
    assert state.outcome == "lost"
    announced = world.channel.history()[-1]
    assert announced.embeds[0].title == "The ship is lost."
    assert loss_text(state) in announced.embeds[0].description  # why, without saying "lost" twice
    assert "lost" not in announced.embeds[0].description
    result = await world.bot.store.result(record.id)
    assert result is not None
    assert result.outcome == "lost"
    assert result.score == state.score
    assert components(message(world, final.board_message_id)) == []
    # a new game may start in the channel now
    assert (await start(world, alice)).id != record.id


async def test_someone_else_cannot_play_the_captains_game(world) -> None:
    alice, bob = world.player("alice"), world.player("bob")
    record = await start(world, alice)
    board = message(world, record.board_message_id)

    refused = await bob.clicks(board, custom_id=f"ds:d6:a:{record.id}:0:e")

    assert refused.ephemeral
    assert f"This is <@{alice.id}>'s game and only its crew can play it." in refused.response.content
    assert "/d6 new" in refused.response.content
    assert "Join crew" not in refused.response.content
    assert (await record_of(world, record.id)).version == 0


async def test_the_game_carries_on_after_a_restart_with_the_old_boards_buttons(world) -> None:
    alice = world.player("alice")
    record = await start(world, alice)
    state = load(record).state
    await perform(alice, world, record.id, legal_actions(state)[0])
    board = message(world, record.board_message_id)

    await world.restart()

    after = await record_of(world, record.id)
    end = f"ds:d6:a:{record.id}:{after.version}:e"
    assert end in custom_ids(board)
    pressed = await alice.clicks(board, custom_id=end)
    assert not pressed.ephemeral
    resumed = await record_of(world, record.id)
    assert resumed.version == after.version + 1
    assert load(resumed).state == apply(load(after).state, EndAssignment())[0]


async def _press_shown(player: Player, board, code: str):
    """Press, on `board` as it is, the control offering the action `code` (a button or a menu option)."""
    for control in components(board):
        if control["type"] == 2 and control["custom_id"].endswith(f":{code}"):
            return await player.clicks(board, custom_id=control["custom_id"])
        if control["type"] == 3 and code in [option["value"] for option in control["options"]]:
            return await player.picks(board, [code], custom_id=control["custom_id"])
    raise AssertionError(f"no control on the board offers {code}")


@pytest.mark.parametrize("menu", [False, True], ids=["button", "menu"])
async def test_a_die_pressed_before_a_restart_keeps_its_uses_on_the_board_and_they_work(world, menu) -> None:
    """The README: old buttons keep working after a restart. A die pressed just before it (its uses
    showing on the board, nothing saved yet) stays pressed: the start-up catch-up leaves a board that
    is not behind its game alone, and a use pressed on that message afterwards (a button, or a
    Commander's face change in a menu) is applied as it would have been without the restart."""
    alice = world.player("alice")
    record = await start(world, alice)
    await perform(alice, world, record.id, EndAssignment())  # a move first: the board is at update 1
    record = await record_of(world, record.id)
    state = load(record).state
    action = next(
        as_shown(state, a)
        for a in legal_actions(state)
        if getattr(a, "die", None) is not None and isinstance(a, ChangeFace) == menu
    )
    die = getattr(action, "die")  # noqa: B009 (every action here names its die)
    board = message(world, record.board_message_id)
    await alice.clicks(board, custom_id=f"ds:d6:p:{record.id}:{record.version}:{die}")
    pressed = message(world, record.board_message_id)
    uses = custom_ids(pressed)
    assert uses != custom_ids(board)  # the die's uses show

    await world.restart()
    await world.bot.boards.idle()  # the start-up catch-up has done what it does

    board = message(world, record.board_message_id)
    assert custom_ids(board) == uses  # still pressed, not redrawn without the die's uses
    done = await _press_shown(alice, board, encode(action))
    assert not done.ephemeral, done.response.content if done.response else done
    after = await record_of(world, record.id)
    assert after.version == record.version + 1
    assert load(after).state == apply(state, action)[0]


async def test_one_game_per_channel(world) -> None:
    alice, bob = world.player("alice"), world.player("bob")
    record = await start(world, alice)

    refused = await bob.runs("d6 new")

    assert refused.ephemeral
    assert "A game is already running in this channel." in refused.response.content
    assert str(record.board_message_id) in refused.response.content
    # a forgotten game must not block the channel for good: the refusal says how it ends, and where else
    abandon = await world.mention("d6 abandon")
    ways_on = (
        "Its captain can end it with {end}, as can someone who may manage this channel, or its"
        " crew once its captain has left the server (anyone, once the whole crew has). Or start"
    )
    assert ways_on.format(end=abandon) in refused.response.content
    other = await bob.runs("dine new")  # the running game's own command, whichever game is asked for
    assert ways_on.format(end=abandon) in other.response.content
    assert [type(e.__cause__) for e in world.take_errors()] == [RuleError] * 2
    assert len(world.channel.history()) == 1


async def test_a_board_that_cannot_be_edited_still_refuses_moves_after_the_end(world) -> None:
    alice = world.player("alice")
    record = await start(world, alice)
    asked = await alice.runs("d6 abandon")
    world.env.inject_error("PATCH", "/channels/*/messages/*", status=500, times=2)  # and the retry

    await alice.clicks(asked.response.message, "Abandon the game")

    assert (await record_of(world, record.id)).status == "abandoned"
    assert world.channel.history()[-1].embeds[0].title == "The ship is lost."  # the result is announced
    stale_board = message(world, record.board_message_id)
    pressed = await alice.clicks(stale_board, custom_id=f"ds:d6:a:{record.id}:0:e")  # its controls remain
    assert pressed.ephemeral
    assert (
        pressed.response.content
        == f"That game is over. Start a new one with {await world.mention('d6 new')}."
    )


@pytest.mark.parametrize("also_refused", [False, True], ids=["as-the-answer", "as-the-bots-own-too"])
async def test_a_result_discord_refuses_is_posted_another_way_or_the_player_told(world, also_refused) -> None:
    """The board took the end: only the result failed. It is posted as the bot's own message, and if
    that fails too, the player is told the result is saved (not "use /d6 board" for a game over)."""
    alice = world.player("alice")
    record = await start(world, alice)
    asked = await alice.runs("d6 abandon")
    world.env.inject_error("POST", "/webhooks/*", status=500, times=1)  # the result as the answer
    if also_refused:
        world.env.inject_error("POST", "/channels/*/messages", status=500, times=1)

    done = await alice.clicks(asked.response.message, "Abandon the game")

    assert (await record_of(world, record.id)).status == "abandoned"
    notes = [m.content for m in done.followups]
    posted = [m for m in world.channel.history() if m.embeds and m.embeds[0].title == "The ship is lost."]
    if also_refused:
        assert posted == []
        assert notes == ["The game is over and its result is saved, but Discord did not let me post it here."]
    else:
        assert len(posted) == 1
        assert notes == []
    world.take_errors()


# --- a board Discord failed to update ------------------------------------------------------------


async def move_not_shown(world: World, alice: Player, record: GameRecord, *, retry_fails: bool) -> GameRecord:
    """Alice ends her assignment but Discord fails the answer that shows it (and, with `retry_fails`,
    the bot's own edit of the board after it): the move is saved, the board still shows version 0."""
    world.env.inject_error("POST", "/interactions/*/*/callback", status=500, times=1)
    if retry_fails:
        world.env.inject_error(
            "PATCH", f"/channels/*/messages/{record.board_message_id}", status=500, times=1
        )
    board = message(world, record.board_message_id)

    done = await Unaudited(world, alice.actor).clicks(board, custom_id=f"ds:d6:a:{record.id}:0:e")
    forgive_the_retry(world)

    assert done.ephemeral
    assert done.response.content == saved_but_not_shown("en")
    after = await record_of(world, record.id)
    assert after.version == 1
    await world.bot.boards.idle()
    return after


def shows(world: World, record: GameRecord, version: int) -> bool:
    board = message(world, record.board_message_id)
    footer = board.embeds[0].footer.text == f"Game #{record.id} · update {version}"
    return footer and all(f":{record.id}:{version}:" in cid for cid in custom_ids(board))


async def test_a_board_discord_failed_to_update_catches_up_by_itself(world) -> None:
    alice = world.player("alice")
    record = await start(world, alice)

    await move_not_shown(world, alice, record, retry_fails=False)

    assert shows(world, record, 1)


async def test_a_click_on_a_board_left_behind_redraws_it_instead_of_refusing(world) -> None:
    alice = world.player("alice")
    record = await start(world, alice)
    after = await move_not_shown(world, alice, record, retry_fails=True)
    assert shows(world, record, 0)  # behind the stored game, with the controls of version 0

    pressed = await alice.clicks(
        message(world, record.board_message_id), custom_id=f"ds:d6:a:{record.id}:0:e"
    )

    assert not pressed.ephemeral
    assert pressed.response.id == record.board_message_id  # the board itself, redrawn as the answer
    assert shows(world, record, 1)
    assert [(note.content, note.ephemeral) for note in pressed.followups] == [(BOARD_WAS_BEHIND, True)]
    assert (await record_of(world, record.id)).version == 1  # nothing was done
    assert len(await world.bot.store.actions(record.id)) == 1
    played = await perform(alice, world, record.id, choose(load(after).state))  # and play goes on
    assert not played.ephemeral
    assert (await record_of(world, record.id)).version == 2
    assert shows(world, record, 2)


async def test_a_board_left_behind_is_brought_up_to_date_when_the_bot_restarts(world) -> None:
    alice = world.player("alice")
    record = await start(world, alice)
    after = await move_not_shown(world, alice, record, retry_fails=True)
    assert shows(world, record, 0)

    await world.restart()

    assert shows(world, record, 1)
    played = await perform(alice, world, record.id, choose(load(after).state))
    assert not played.ephemeral


async def test_a_board_left_behind_then_deleted_is_posted_anew_when_the_bot_restarts(world) -> None:
    """A D-6 board is only edited by clicks on it, so a deleted one is never edited after a move; but
    the keeper's catch-up edits it, and posts it anew as `/d6 board` would."""
    alice = world.player("alice")
    record = await start(world, alice)
    after = await move_not_shown(world, alice, record, retry_fails=True)
    world.env.backend.delete_message(world.channel.id, record.board_message_id)  # by a moderator
    await world.env.settle()

    await world.restart()

    posted = await record_of(world, record.id)
    assert posted.board_message_id not in (None, record.board_message_id)
    assert world.channel.history()[-1].id == posted.board_message_id
    assert shows(world, posted, 1)
    played = await perform(alice, world, record.id, choose(load(after).state))
    assert not played.ephemeral
    assert shows(world, posted, 2)


async def test_a_board_buried_under_chat_is_posted_again_at_the_bottom_after_a_move(world) -> None:
    alice, bob = world.player("alice"), world.player("bob")
    await alice.runs("d6 new")
    record = await world.bot.store.active_game(world.channel.id)
    assert record is not None
    old_id = record.board_message_id
    for n in range(12):
        await bob.actor.send(world.channel, f"chat {n}")

    await perform(alice, world, record.id, choose(load(record).state))
    await world.bot.boards.idle()

    moved = await record_of(world, record.id)
    assert moved.board_message_id != old_id
    newest = world.channel.history()[-1]
    assert newest.id == moved.board_message_id
    assert newest.embeds[0].footer.text == f"Game #{record.id} · update {moved.version}"
    link = f"https://discord.com/channels/{world.guild.id}/{world.channel.id}/{newest.id}"
    assert message(world, old_id).content == f"This board has moved: {link}"
    # the next move is answered on the new board, which nothing buries: it stays where it is
    await perform(alice, world, record.id, choose(load(moved).state))
    await world.bot.boards.idle()
    assert (await record_of(world, record.id)).board_message_id == newest.id
    assert world.take_errors() == []


async def test_a_busy_thread_suggests_another_channel_not_a_thread(world) -> None:
    """The busy-channel refusal ends "Or start yours in a thread or another channel"; in a thread, where
    no thread can be made, it says another channel."""
    alice, bob = world.player("alice"), world.player("bob")
    made = world.env.backend.create_thread(
        world.channel.id, "games", alice.id, type=ChannelType.PUBLIC_THREAD
    )
    await world.env.settle()
    thread = next(t for t in world.channel.threads if t.id == made.id)
    started = await alice.actor.slash(thread, "d6 new")
    assert not started.ephemeral

    refused = await bob.actor.slash(thread, "dine new")
    in_channel = await bob.runs("d6 new")  # the channel itself is free
    world.audit()

    assert refused.ephemeral
    assert refused.response.content.startswith("A game is already running in this channel.")
    assert refused.response.content.endswith(
        "(anyone, once the whole crew has). Or start yours in another channel."
    )
    assert not in_channel.ephemeral
    assert [type(e.__cause__) for e in world.take_errors()] == [RuleError]
