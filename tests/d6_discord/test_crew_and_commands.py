"""User stories: crews, abandoning, moving the board, hints and rules."""

from __future__ import annotations

from datetime import UTC, datetime

import discord
import pytest

from cogs.d6.play import load
from core.d6 import HouseRules, State, abandon, apply, deal, legal_actions
from core.d6.actions import Fire
from core.d6.ai import heuristic
from core.d6.cards import deck
from core.d6.state import Place
from core.errors import RuleError
from core.games.d6 import GAME as D6
from core.guide import topics
from core.ranking import GLOBAL
from core.render.d6_text import describe_action
from core.results import new_result
from core.storage import ActionRecord, ResultRecord
from core.table import Saved, Table, table_action_json
from core.verify import check, difficulty_of, mismatch, verify_pending
from tests.d6.helpers import C, T, make_state, pool, threat
from tests.support.messages import components, custom_ids, message, record_of

from .helpers import perform

AT = datetime(2026, 12, 7, tzinfo=UTC)


def refused_by_rule(world) -> bool:
    return [type(e.__cause__) for e in world.take_errors()] == [RuleError]


async def start(world, player, **options):
    await player.runs("d6 new", **options)
    record = await world.bot.store.active_game(world.channel.id)
    assert record is not None
    return record


async def test_a_crew_game_with_two_players(world) -> None:
    alice, bob, carol = world.player("alice"), world.player("bob"), world.player("carol")
    record = await start(world, alice, crew=True)
    board = message(world, record.board_message_id)
    assert "Anyone may press **Join crew** to help." in board.embeds[0].fields[-1].value

    joined = await bob.clicks(board, "Join crew")

    assert not joined.ephemeral
    after = await record_of(world, record.id)
    assert load(after).table.crew == (alice.id, bob.id)
    crew = {f.name: f.value for f in message(world, after.board_message_id).embeds[0].fields}["Crew"]
    assert f"<@{alice.id}> (captain)" in crew
    assert f"<@{bob.id}>" in crew
    again = await bob.clicks(message(world, after.board_message_id), "Join crew")
    assert again.ephemeral
    assert again.response.content == "You are already on this crew."

    # bob, now crew, assigns a die; carol, who did not join, is told how to help
    state = load(after).state
    action = next(a for a in legal_actions(state) if getattr(a, "die", None) is not None)
    played = await perform(bob, world, record.id, action)
    assert not played.ephemeral
    moved = await record_of(world, record.id)
    assert moved.version == after.version + 1
    assert (await world.bot.store.actions(record.id))[-1].user_id == bob.id
    board = message(world, moved.board_message_id)
    refused = await carol.clicks(board, custom_id=f"ds:d6:a:{record.id}:{moved.version}:e")
    assert refused.ephemeral
    assert "Press **Join crew** to help." in refused.response.content
    assert (await record_of(world, record.id)).version == moved.version


async def test_the_captain_abandons_after_confirming(world) -> None:
    alice = world.player("alice")
    record = await start(world, alice)

    asked = await alice.runs("d6 abandon")

    assert asked.ephemeral
    assert "counts as a loss" in asked.response.content
    assert (await record_of(world, record.id)).status == "active"  # nothing happens until confirmed
    done = await alice.clicks(asked.response.message, "Abandon the game")

    assert done.response.content == "The game is abandoned and counted as a loss."
    after = await record_of(world, record.id)
    log = [entry.action_json for entry in await world.bot.store.actions(record.id)]
    assert D6.replay(load(record).state, log) == load(after).state
    assert after.status == "abandoned"
    assert load(after).state.outcome == "lost"
    result = await world.bot.store.result(record.id)
    assert result is not None
    assert result.outcome == "lost"
    assert '"abandoned": true' in result.detail_json
    board = message(world, record.board_message_id)
    assert components(board) == []
    assert board.embeds[0].title.startswith("Deep Space D-6 · Lost")
    assert world.channel.history()[-1].embeds[0].title == "The ship is lost."
    assert components(done.response) == []  # the confirmation cannot be pressed twice


async def test_an_abandoned_crew_board_no_longer_invites_anyone_to_join(world) -> None:
    """The Join crew button goes with the game: the crew field stops pointing at it."""
    alice = world.player("alice")
    record = await start(world, alice, crew=True)
    asked = await alice.runs("d6 abandon")
    await alice.clicks(asked.response.message, "Abandon the game")

    board = message(world, record.board_message_id)
    assert components(board) == []
    crew = board.embeds[0].fields[-1]
    assert crew.value == f"<@{alice.id}> (captain)"
    assert "Join crew" not in crew.value


async def test_only_the_captain_or_a_channel_manager_may_abandon(world) -> None:
    alice, bob = world.player("alice"), world.player("bob")
    moderators = world.guild.create_role("moderators", permissions=discord.Permissions(manage_channels=True))
    mod = world.player("mod", roles=[moderators])
    record = await start(world, alice)

    refused = await bob.runs("d6 abandon")
    assert refused_by_rule(world)
    assert refused.ephemeral
    command = await world.mention("d6 new")  # who may, and what bob may do instead
    assert refused.response.content == (
        "Only the captain, or someone who may manage this channel, can abandon the game (its crew too, once "
        "the captain has left the server). To play meanwhile, start a game of your own with "
        f"{command} in another channel or thread."
    )

    asked = await mod.runs("d6 abandon")
    await mod.clicks(asked.response.message, "Abandon the game")
    assert (await record_of(world, record.id)).status == "abandoned"


@pytest.mark.parametrize("ender", ["captain", "moderator"])
async def test_a_game_ended_before_any_move_is_a_loss_only_for_a_captain_who_gave_up(world, ender) -> None:
    """A moderator tidying a channel must not hand its captain a loss: nobody played it."""
    alice = world.player("alice")
    moderators = world.guild.create_role("moderators", permissions=discord.Permissions(manage_channels=True))
    mod = world.player("mod", roles=[moderators])
    record = await start(world, alice)
    who = alice if ender == "captain" else mod

    asked = await who.runs("d6 abandon")
    prompt = asked.response.content  # the click then edits that message
    done = await who.clicks(asked.response.message, "Abandon the game")

    if ender == "captain":
        assert "It ends now and counts as a loss." in prompt
        assert done.response.content == "The game is abandoned and counted as a loss."
    else:  # what the moderator is told is what happens
        assert "nobody has made a move, so it counts for nobody." in prompt
        assert done.response.content == (
            "The game is abandoned; nobody had made a move, so it counts for nobody."
        )
    result = await world.bot.store.result(record.id)
    assert result is not None
    assert result.players == ((alice.id,) if ender == "captain" else ())
    await verify_pending(world.bot.store)
    board = await world.bot.store.leaderboard("d6", "all", GLOBAL, alice.id)
    assert [s.user_id for s in board.top] == ([alice.id] if ender == "captain" else [])
    results = [e for m in world.channel.history() for e in m.embeds if "Played" in {f.name for f in e.fields}]
    fields = {f.name: f.value for f in results[-1].fields}
    if ender == "moderator":
        assert fields["Played"] == "—"
        assert fields["Aboard, no move (not credited)"] == f"<@{alice.id}>"


async def test_the_board_can_be_posted_again_at_the_bottom(world) -> None:
    alice, bob = world.player("alice"), world.player("bob")
    record = await start(world, alice)
    await bob.runs("about")  # the board scrolls up

    moved = await alice.runs("d6 board")

    assert not moved.ephemeral
    after = await record_of(world, record.id)
    assert after.board_message_id == moved.response.id != record.board_message_id
    assert after.version == record.version  # showing the board is not a move
    assert world.channel.history()[-1].id == moved.response.id
    old = message(world, record.board_message_id)
    assert components(old) == []
    assert "This board has moved" in old.content
    assert f"ds:d6:a:{record.id}:0:e" in custom_ids(moved.response.message)
    pressed = await alice.clicks(moved.response.message, "End assignment")
    assert not pressed.ephemeral
    assert (await record_of(world, record.id)).version == 1


async def test_hints_are_private(world) -> None:
    alice = world.player("alice")
    record = await start(world, alice)
    state = load(record).state
    expected = describe_action(state, heuristic(state).action)

    by_command = await alice.runs("d6 hint")
    by_button = await alice.clicks(message(world, record.board_message_id), "Hint")

    for shown in (by_command, by_button):
        assert shown.ephemeral
        assert shown.response.content.startswith(f"**Suggestion:** {expected}\n*Why:* ")
    assert (await record_of(world, record.id)).version == 0


async def test_commands_without_a_game_say_how_to_start_one(world) -> None:
    alice = world.player("alice")
    for command in ("d6 hint", "d6 board", "d6 abandon"):
        shown = await alice.runs(command)
        assert shown.ephemeral
        start = f"Start one with {await world.mention('d6 new')}."
        assert shown.response.content == f"There is no Deep Space D-6 game in this channel. {start}"
    assert [type(e.__cause__) for e in world.take_errors()] == [RuleError] * 3


async def test_the_rules_in_short_sections(world) -> None:
    alice = world.player("alice")
    sections = topics("d6")

    overview = await alice.runs("d6 rules")
    stations = await alice.runs("d6 rules", topic="Stations")

    assert overview.ephemeral
    assert overview.response.embeds[0].title == "Deep Space D-6 · Goal"
    assert overview.response.embeds[0].footer.text == "Topics: " + " · ".join(sections)
    assert stations.response.embeds[0].description == sections["Stations"]
    assert "Tactical" in sections["Stations"]
    assert "Commander" in sections["Stations"]


async def test_a_confirmation_left_over_after_the_game_ended_says_so(world) -> None:
    alice = world.player("alice")
    record = await start(world, alice)
    first = await alice.runs("d6 abandon")
    second = await alice.runs("d6 abandon")
    await alice.clicks(first.response.message, "Abandon the game")

    late = await alice.clicks(second.response.message, "Abandon the game")

    assert late.ephemeral
    assert (
        late.response.content == f"That game is over. Start a new one with {await world.mention('d6 new')}."
    )
    assert len(await world.bot.store.actions(record.id)) == 1  # abandoned once


async def test_a_deleted_board_comes_back_with_d6_board(world) -> None:
    alice = world.player("alice")
    moderators = world.guild.create_role("moderators", permissions=discord.Permissions(manage_messages=True))
    mod = world.player("mod", roles=[moderators])
    record = await start(world, alice)
    await mod.actor.delete(message(world, record.board_message_id))

    shown = await alice.runs("d6 board")

    assert not shown.ephemeral
    after = await record_of(world, record.id)
    assert after.board_message_id == shown.response.id
    assert f"ds:d6:a:{record.id}:0:e" in custom_ids(shown.response.message)
    assert [m.id for m in world.channel.history()] == [shown.response.id]


async def test_a_house_rule_is_said_on_the_board_and_keeps_the_game_off_the_leaderboards(world) -> None:
    """The rules digest asks for a house-rule toggle where its ruling says so (§10, the Meteoroid's 5
    damage): `/d6 new meteoroid:` plays the other reading. The board says so, and the game's result is
    kept and verified but ranks nowhere: a leaderboard compares games played by the same rules."""
    alice = world.player("alice")
    record = await start(world, alice, meteoroid="decay")
    state = load(record).state
    assert not state.house_rules.meteoroid_any_destruction
    board = message(world, record.board_message_id)
    rule = "house rule: the Meteoroid hits only when it decays"
    assert rule in board.embeds[0].description
    news = {f.name: f.value for f in board.embeds[0].fields}["What happened"]
    assert f"Played with a house rule ({rule}): this game does not count on the leaderboards." in news

    asked = await alice.runs("d6 abandon")
    await alice.clicks(asked.response.message, "Abandon the game")

    result = await world.bot.store.result(record.id)
    assert result is not None
    assert result.players == (alice.id,)
    assert await check(world.bot.store, result) is None  # it replays: a loss by the house rule
    await verify_pending(world.bot.store)
    board_after = await world.bot.store.leaderboard("d6", "all", GLOBAL, alice.id)
    assert board_after.top == ()
    assert board_after.mine is None
    shown = await alice.runs("leaderboard")
    assert "alice" not in str(shown.response.embeds[0].to_dict())


def test_a_result_that_hides_its_house_rule_is_refused() -> None:
    """A stored result must say the house rules its game was played by: one that drops them (and so
    would rank) does not verify."""
    start_state, _ = deal(7, "hard", "fast", HouseRules(meteoroid_any_destruction=False))
    ended, _ = abandon(start_state)
    table = Table.start(1)
    saved = Saved[State](table=table, state=ended).model_dump_json()
    log = [ActionRecord(game_id=1, seq=1, user_id=1, action_json=table_action_json("abandon"), at=AT)]
    made = new_result(D6, ended, table, (1,), abandoned=True)
    honest = ResultRecord(**made.model_dump(), game_id=1, kind="d6", guild_id=None, finished_at=AT)
    detail = D6.parse_detail(made.detail_json)
    hidden = honest.model_copy(
        update={"detail_json": detail.model_copy(update={"house_rules": ()}).to_json()}
    )

    assert detail.house_rules == ("meteoroid_any_destruction",)
    assert difficulty_of(honest) is None  # verified, but ranked nowhere
    assert mismatch("d6", saved, log, honest) is None
    assert mismatch("d6", saved, log, hidden) == "the result's house rules do not match the game's"


def test_a_result_may_say_the_bot_left_it_unfinished_only_when_its_log_does() -> None:
    """`/daily standings` and a daily share tell "left unfinished" (the bot ended it) from "gave up" by
    the result's detail: a given-up game whose result claims the bot ended it does not verify."""
    start_state, _ = deal(7, "hard", "fast")
    table = Table.start(1)

    def stored(unfinished: bool, claimed: bool) -> tuple[str, list[ActionRecord], ResultRecord]:
        ended, _ = abandon(start_state, unfinished)
        entry = table_action_json("abandon", unfinished=unfinished)
        log = [ActionRecord(game_id=1, seq=1, user_id=1, action_json=entry, at=AT)]
        made = new_result(D6, ended, table, (1,), abandoned=True, unfinished=claimed)
        result = ResultRecord(**made.model_dump(), game_id=1, kind="d6", guild_id=None, finished_at=AT)
        return Saved[State](table=table, state=ended).model_dump_json(), log, result

    by_the_bot = stored(True, True)
    assert D6.parse_detail(by_the_bot[2].detail_json).unfinished
    assert mismatch("d6", *by_the_bot) is None
    given_up = stored(False, False)
    assert "unfinished" not in given_up[2].detail_json  # as every result read before
    assert mismatch("d6", *given_up) is None
    forged = mismatch("d6", *stored(False, True))
    assert forged == "the result says the bot ended the game, but its log does not"
    # a result recorded before results said so (the bot's ending logged, the detail silent) still verifies
    assert mismatch("d6", *stored(True, False)) is None


async def test_a_shot_split_too_many_ways_for_three_menus_pages_through_them(world) -> None:
    """Thirteen damageable threats give a second Tactical die 79 ways to split its shot: the board shows
    them a page at a time, the menus' last option turning the page, and a split on page two fires."""
    alice = world.player("alice")
    record = await start(world, alice)
    damageable = [c.id for c in deck().cards if c.kind == "external" and c.health is not None]
    state = make_state(pool(T, T, C, C), external=[threat(i + 1, damageable[i]) for i in range(13)])
    state, _ = apply(state, next(a for a in legal_actions(state) if isinstance(a, Fire) and a.die == 0))
    saved = Saved[State](table=load(record).table, state=state)
    record = await world.bot.store.save(
        record.id,
        expected_version=record.version,
        user_id=alice.id,
        action_json=table_action_json("join"),
        state_json=saved.model_dump_json(),
    )  # fmt: skip  (a rigged position: only the board is under test)
    await alice.runs("d6 board")  # the board again, at the rigged position
    record = await record_of(world, record.id)
    board = message(world, record.board_message_id)
    await alice.clicks(board, custom_id=f"ds:d6:p:{record.id}:{record.version}:1")

    board = message(world, record.board_message_id)
    menus = [c for c in components(board) if c["type"] == 3]
    assert len(menus) == 3
    assert all(len(menu["options"]) <= 25 for menu in menus)
    more = menus[-1]["options"][-1]
    assert more["label"] == "More choices… (page 2 of 2)"
    first_page = {option["value"] for menu in menus for option in menu["options"][:-1]}
    turned = await alice.picks(board, [more["value"]], custom_id=menus[-1]["custom_id"])
    assert not turned.ephemeral

    board = message(world, record.board_message_id)
    menus = [c for c in components(board) if c["type"] == 3]
    second_page = [option["value"] for menu in menus for option in menu["options"]]
    assert second_page[-1] == more["value"].replace(".1", ".0")  # back to page one
    assert not first_page & set(second_page)
    split = second_page[0]
    fired = await alice.picks(board, [split], custom_id=menus[0]["custom_id"])
    assert not fired.ephemeral
    after = await record_of(world, record.id)
    assert after.version == record.version + 1
    assert load(after).state.dice[1].place is not Place.POOL


async def test_a_crew_member_asking_in_another_channel_is_pointed_to_the_board(world) -> None:
    """A review: Bob, on Alice's crew, ran `/d6 hint` in another channel and was told to start a game."""
    alice, bob = world.player("alice"), world.player("bob")
    record = await start(world, alice, crew=True)
    await bob.clicks(message(world, record.board_message_id), "Join crew")
    elsewhere = world.guild.create_text_channel("elsewhere")
    await world.env.settle()
    link = f"https://discord.com/channels/{world.guild.id}/{world.channel.id}/{record.board_message_id}"
    for command in ("d6 hint", "d6 board"):
        asked = await bob.actor.slash(elsewhere, command)
        assert asked.ephemeral
        assert asked.response.content == (
            f"There is no Deep Space D-6 game in this channel. Your game is [here]({link}): run this there."
        )
    assert [type(e.__cause__) for e in world.take_errors()] == [RuleError] * 2
