"""Two Dine crew members press at the same moment, over the wire: nothing is lost or applied twice.

Only the wire-level fake can deliver interactions truly at once, so these run the unmodified bot
against it. Both presses carry the version their view was drawn at: the first is applied, the
second is told (in its own hand view) that the game moved on, and the action log always holds
exactly one entry per version.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest

from cogs.client import DeepSpaceBot, create_bot
from cogs.dine.ids import FAMILY, PAY, TAKE
from cogs.dine.play import ALREADY_MADE, STALE_HAND, load
from core.dine.actions import Choose, PlayCard, action_from_json
from core.dine.ai import heuristic
from core.dine.codes import decode, encode
from core.dine.engine import decided_alone, legal_actions
from core.render.dine_controls import PUBLIC
from core.settings import Settings
from core.storage import GameRecord, SqliteStore
from tests.support.fake_discord import (
    CALLBACK,
    EPHEMERAL,
    PLAYER_PERMISSIONS,
    FakeDiscord,
    Recorded,
    one_applied_one_refused,
    until_ready,
    walk,
)

JSON = dict[str, Any]
SEED = 5


@pytest.fixture
async def bot(fake: FakeDiscord, tmp_path) -> AsyncIterator[DeepSpaceBot]:
    db = tmp_path / "deepspace.sqlite3"
    settings = Settings(
        _env_file=None, discord_token=fake.token, database_path=db, dev_guild_id=int(fake.guild_id)
    )
    bot = create_bot(settings, SqliteStore(db))
    bot.new_seed = lambda: SEED
    bot.board_edit_seconds = 0
    runner = asyncio.create_task(bot.start(fake.token))
    try:
        await until_ready(bot, runner)
        await fake.next_request("PUT", rf"/applications/{fake.app_id}/guilds/{fake.guild_id}/commands")
        yield bot
    finally:
        await bot.boards.idle()
        await bot.close()
        await asyncio.wait_for(runner, 10)
    fake.auditor.assert_clean()
    assert fake.unhandled == []


class Table:
    """A Dine game on the fake: Alice (the fake's player) and Bob, each with a private hand view."""

    def __init__(self, fake: FakeDiscord, bot: DeepSpaceBot) -> None:
        self.fake, self.bot = fake, bot
        self.alice = fake.player
        self.bob: JSON = {
            "id": fake.snowflake(), "username": "bob", "discriminator": "0", "global_name": "Bob",
            "avatar": None, "public_flags": 0,
        }  # fmt: skip
        self.game = 0
        self.hands: dict[str, str] = {}  # user id → their hand view's message id

    def press(self, user: JSON, message: JSON, custom_id: str, values: list[str] | None = None) -> JSON:
        """An interaction from `user` (the fake itself only speaks for Alice)."""
        interaction = self.fake.click(message, custom_id, values)
        interaction["member"] = self.fake.member(user) | {"permissions": str(PLAYER_PERMISSIONS.value)}
        return interaction

    async def answer(self, interaction: JSON) -> Recorded:
        await self.fake.send_interaction(interaction)
        return await self.answer_to(interaction)

    async def answer_to(self, interaction: JSON) -> Recorded:
        return await self.fake.next_request("POST", rf"/interactions/{interaction['id']}/[^/]+/callback")

    async def record(self) -> GameRecord:
        record = await self.bot.store.get_game(self.game)
        assert record is not None
        return record

    async def board(self) -> JSON:
        await self.bot.boards.idle()
        return self.fake.messages[str((await self.record()).board_message_id)]

    async def start(self) -> None:
        await self.fake.send_interaction(self.fake.slash("dine", "new"))
        lobby = (await self.fake.next_request("POST", CALLBACK)).response["resource"]["message"]
        record = await self.bot.store.active_game(int(self.fake.channel_id))
        assert record is not None
        self.game = record.id
        joined = await self.answer(self.press(self.bob, lobby, f"ds:dine:j:{self.game}:0:"))
        assert joined.body["type"] == 7
        started = await self.answer(self.press(self.alice, lobby, f"ds:dine:s:{self.game}:1:"))
        assert started.body["type"] == 7
        for user in (self.alice, self.bob):
            record = await self.record()
            board = await self.board()
            opened = await self.answer(self.press(user, board, f"ds:dine:h:{self.game}:{record.version}:"))
            assert opened.body["type"] == 4
            assert opened.body["data"]["flags"] & EPHEMERAL
            self.hands[user["id"]] = opened.response["resource"]["message"]["id"]

    def hand(self, user: JSON) -> JSON:
        return self.fake.messages[self.hands[user["id"]]]

    async def refresh(self, user: JSON) -> None:
        hand = self.hand(user)
        button = next(c for c in walk(hand["components"]) if c.get("label") in ("Refresh", "Back"))
        refreshed = await self.answer(self.press(user, hand, button["custom_id"]))
        assert refreshed.body["type"] == 7

    def direct(self, user: JSON) -> dict[str, tuple[str, list[str] | None]]:
        """The action codes `user`'s hand view takes in one press: code → (custom id, values)."""
        found: dict[str, tuple[str, list[str] | None]] = {}
        for control in walk(self.hand(user)["components"]):
            custom_id = control.get("custom_id", "")
            if control["type"] == 2 and custom_id.split(":")[2] == "a":
                found[custom_id.split(":")[5].split(".", 1)[1]] = (custom_id, None)
            if control["type"] == 3:
                for option in control["options"]:
                    if option["value"].startswith(TAKE):
                        found[option["value"].removeprefix(TAKE)] = (custom_id, [option["value"]])
        return found

    async def move(self, user: JSON, code: str) -> Recorded:
        """Take the action of `code` through `user`'s hand view, asking how to pay first if needed."""
        offered = self.direct(user)
        if code not in offered:
            for control in walk(self.hand(user)["components"]):
                for option in control.get("options", []) if control["type"] == 3 else []:
                    if not option["value"].startswith(PAY):
                        continue
                    picked = self.press(user, self.hand(user), control["custom_id"], [option["value"]])
                    assert (await self.answer(picked)).body["type"] == 7
                    if code in self.direct(user):
                        break
                    await self.refresh(user)  # presses Back
                else:
                    continue
                break
            offered = self.direct(user)
        custom_id, values = offered[code]
        return await self.answer(self.press(user, self.hand(user), custom_id, values))

    def user_of(self, seat: int) -> JSON:
        return self.alice if seat == 0 else self.bob

    async def play_heuristic(self) -> None:
        """One move as the test crew would make it: the heuristic's, by the member it belongs to."""
        record = await self.record()
        state = load(record).state
        assert state is not None
        action = heuristic(state).action
        user = self.user_of(getattr(action, "seat", None) or 0)
        await self.refresh(user)
        answer = await self.move(user, encode(state, action))
        assert STALE_HAND not in answer.body["data"]["embeds"][0]["description"]

    async def logged(self) -> int:
        return len(await self.bot.store.actions(self.game))


def told_it_moved_on(answer: Recorded) -> bool:
    return answer.body["type"] == 7 and STALE_HAND in answer.body["data"]["embeds"][0]["description"]


def applied(answer: Recorded) -> bool:
    """The hand view came back with the move's note, not the "the game moved on" one."""
    return answer.body["type"] == 7 and not told_it_moved_on(answer)


async def test_two_crew_members_moving_at_once_are_applied_one_at_a_time(
    fake: FakeDiscord, bot: DeepSpaceBot
) -> None:
    table = Table(fake, bot)
    await table.start()
    rounds = 0
    for _ in range(60):
        record = await table.record()
        state = load(record).state
        assert state is not None
        if state.outcome != "playing" or rounds >= 8:
            break
        await table.refresh(table.alice)
        await table.refresh(table.bob)
        mine, theirs = table.direct(table.alice), table.direct(table.bob)
        if not mine or not theirs:  # a decision only one of them can answer: play it alone
            await table.play_heuristic()
            continue
        chosen = encode(state, heuristic(state).action)
        first = chosen if chosen in mine else min(mine)
        second = next((code for code in theirs if code != first), first)
        presses = {
            "alice": table.press(table.alice, table.hand(table.alice), *mine[first]),
            "bob": table.press(table.bob, table.hand(table.bob), *theirs[second]),
        }

        await asyncio.gather(*(fake.send_interaction(p) for p in presses.values()))
        answers = {who: await table.answer_to(p) for who, p in presses.items()}
        picks = [decode(state, code) for code in (first, second)]
        if all(pick is not None and decided_alone(state, pick) for pick in picks):
            # each picks their own station at once: both picks stand, one after the other
            assert [applied(a) for a in answers.values()] == [True, True], answers
            after = await table.record()
            assert after.version == record.version + 2
            assert await table.logged() == after.version
            occupied = [action_from_json(a.action_json) for a in (await bot.store.actions(table.game))[-2:]]
            assert sorted(occupied, key=repr) == sorted(picks, key=repr)
            rounds += 1
            continue

        # one of them was first; the other is told, in its own hand view, that the game moved on
        assert sorted([applied(a) for a in answers.values()]) == [False, True], answers
        late = next(a for a in answers.values() if not applied(a))
        assert told_it_moved_on(late)
        assert (
            late.body["data"]["embeds"][0]["footer"]["text"]
            == f"Game #{table.game} · update {record.version + 1}"
        )
        after = await table.record()
        assert after.version == record.version + 1
        assert await table.logged() == after.version
        winner = "alice" if applied(answers["alice"]) else "bob"
        code = first if winner == "alice" else second
        (last,) = (await bot.store.actions(table.game))[-1:]
        assert action_from_json(last.action_json) == decode(state, code)
        rounds += 1
    assert rounds >= 4
    board = await table.board()
    final = await table.record()
    assert board["embeds"][0]["footer"]["text"].startswith(f"Game #{table.game} · update {final.version} · ")


async def test_two_presses_of_the_same_board_decision_apply_it_once(
    fake: FakeDiscord, bot: DeepSpaceBot
) -> None:
    table = Table(fake, bot)
    await table.start()
    for _ in range(100):
        state = load(await table.record()).state
        assert state is not None
        assert state.outcome == "playing"
        if state.pending is not None and state.pending.kind == "clear":
            break
        await table.play_heuristic()
    record = await table.record()
    state = load(record).state
    assert state is not None
    action = heuristic(state).action
    assert isinstance(action, PUBLIC)
    board = await table.board()
    custom_id = f"ds:dine:a:{table.game}:{record.version}:b.{encode(state, action)}"
    assert custom_id in [c.get("custom_id") for c in walk(board["components"])]
    presses = [table.press(table.alice, board, custom_id), table.press(table.bob, board, custom_id)]

    await asyncio.gather(*(fake.send_interaction(p) for p in presses))
    answers = [await table.answer_to(p) for p in presses]

    edited = one_applied_one_refused(answers)
    after = await table.record()
    assert after.version == record.version + 1
    assert await table.logged() == after.version
    assert edited.body["data"]["embeds"][0]["footer"]["text"].startswith(
        f"Game #{table.game} · update {after.version} · "
    )


async def test_controls_of_the_old_index_form_are_answered_as_outdated(
    fake: FakeDiscord, bot: DeepSpaceBot
) -> None:
    """Ids and values an older bot drew, naming an action by its index in `legal_actions`, at the
    game's current version: each click is told the control is outdated, and nothing changes."""
    table = Table(fake, bot)
    await table.start()
    record = await table.record()
    logged = await table.logged()
    board, hand = await table.board(), table.hand(table.alice)
    at = f"{table.game}:{record.version}"
    old = [
        (board, f"ds:dine:a:{at}:b.0", None),  # a board decision by index
        (hand, f"ds:dine:a:{at}:0.3", None),  # a hand view's button by index
        (hand, f"ds:dine:m:{at}:0.0", ["a3"]),  # a hand view's menu: take action 3
        (hand, f"ds:dine:m:{at}:0.0", ["g2"]),  # … or show the payments of move 2
        (board, f"ds:dine:m:{at}:b.0", ["a0"]),
        (hand, f"ds:dine:m:{at}:0.p0", ["a12"]),  # a payment menu
    ]
    for message, custom_id, values in old:
        drawn = (  # the message as the older bot drew it
            {"type": 2, "style": 2, "label": "Old", "custom_id": custom_id}
            if values is None
            else {"type": 3, "custom_id": custom_id, "options": [{"label": "Old", "value": values[0]}]}
        )
        fake.messages[message["id"]]["components"] = [{"type": 1, "components": [drawn]}]
        answer = await table.answer(table.press(table.alice, message, custom_id, values))
        assert answer.body["type"] == 4, custom_id
        assert answer.body["data"]["flags"] & EPHEMERAL
        assert answer.body["data"]["content"] == FAMILY.outdated, custom_id
    after = await table.record()
    assert (after.version, after.state_json) == (record.version, record.state_json)
    assert await table.logged() == logged


async def test_a_code_for_another_seat_or_off_the_board_is_refused_as_stale(
    fake: FakeDiscord, bot: DeepSpaceBot
) -> None:
    """A well-formed code is still checked: a legal play of Bob's pressed in Alice's hand view, or a
    hand card's play pressed as a board decision, or an action that is not legal now, is refused
    politely as stale, and nothing changes."""
    table = Table(fake, bot)
    await table.start()
    record = await table.record()
    logged = await table.logged()
    state = load(record).state
    assert state is not None
    bobs = next(a for a in legal_actions(state) if isinstance(a, PlayCard) and a.seat == 1)
    alices = next(a for a in legal_actions(state) if isinstance(a, PlayCard) and a.seat == 0)
    not_legal = Choose(option=1)  # nothing asks for a choice now
    assert not_legal not in legal_actions(state)
    board, hand = await table.board(), table.hand(table.alice)
    at = f"{table.game}:{record.version}"
    forged = [
        (hand, f"ds:dine:a:{at}:0.{encode(state, bobs)}", None),
        (hand, f"ds:dine:m:{at}:0.0", [TAKE + encode(state, bobs)]),
        (board, f"ds:dine:a:{at}:b.{encode(state, alices)}", None),
        (hand, f"ds:dine:a:{at}:0.{encode(state, not_legal)}", None),
    ]
    for message, custom_id, values in forged:
        drawn = (
            {"type": 2, "style": 2, "label": "Forged", "custom_id": custom_id}
            if values is None
            else {"type": 3, "custom_id": custom_id, "options": [{"label": "Forged", "value": values[0]}]}
        )
        fake.messages[message["id"]]["components"] = [{"type": 1, "components": [drawn]}]
        answer = await table.answer(table.press(table.alice, message, custom_id, values))
        assert answer.body["type"] == 4, custom_id
        assert answer.body["data"]["flags"] & EPHEMERAL
        assert answer.body["data"]["content"].startswith(
            "The board changed since you looked, so nothing was done."
        )
    after = await table.record()
    assert (after.version, after.state_json) == (record.version, record.state_json)
    assert await table.logged() == logged


async def test_a_move_from_the_hand_view_tells_its_mover_every_line_it_set_off(
    fake: FakeDiscord, bot: DeepSpaceBot
) -> None:
    """A card that sets off a strike and then a draw told its mover only the draw (a new player's
    review): the hand view's note now has every line of the move, as the mover may see them."""
    from core.dine.engine import apply
    from core.dine.told import said

    table = Table(fake, bot)
    await table.start()
    checked = 0
    for _ in range(80):
        record = await table.record()
        saved = load(record)
        state = saved.state
        assert state is not None
        if state.outcome != "playing":
            break
        action = heuristic(state).action
        seat = getattr(action, "seat", None) or 0
        events = apply(state, action)[1]
        user = table.user_of(seat)
        await table.refresh(user)
        answer = await table.move(user, encode(state, action))
        if not applied(answer) or len(events) < 2:
            continue
        note = answer.body["data"]["embeds"][0]["description"]
        lines = [said(event.seen_by((seat,)), "en", saved.names_in_text()) for event in events]
        assert all(line in note for line in lines), (lines, note)
        checked += 1
    assert checked >= 3  # moves with several lines were played and told in full


async def test_a_double_click_in_a_hand_view_says_the_move_counted_once(
    fake: FakeDiscord, bot: DeepSpaceBot
) -> None:
    """Both presses of one button reach the bot: the move is made once, and the second press does not
    tell its member that "nothing was done", which would read as their move lost, nor wipe what the
    move set off from the view (whichever answer Discord shows last, the report is there)."""
    table = Table(fake, bot)
    await table.start()
    for _ in range(60):
        record = await table.record()
        state = load(record).state
        assert state is not None
        await table.refresh(table.alice)
        chosen = encode(state, heuristic(state).action)
        pick = decode(state, chosen)
        if chosen in table.direct(table.alice) and pick is not None and not decided_alone(state, pick):
            break
        await table.play_heuristic()
    else:
        pytest.fail("Alice never had a move of her own to make")
    custom_id, values = table.direct(table.alice)[chosen]
    presses = [table.press(table.alice, table.hand(table.alice), custom_id, values) for _ in range(2)]

    await asyncio.gather(*(fake.send_interaction(p) for p in presses))
    answers = [await table.answer_to(p) for p in presses]

    after = await table.record()
    assert after.version == record.version + 1
    assert await table.logged() == after.version
    said = [a.body["data"]["embeds"][0]["description"] for a in answers]
    assert not [text for text in said if STALE_HAND in text]
    again = [text for text in said if ALREADY_MADE in text]
    assert len(again) == 1
    (first,) = [text for text in said if ALREADY_MADE not in text]
    report = first.split("\n\n")[0]  # the note: the move's own lines, before the prompt
    assert report.startswith("You: ") or "Alice" in report, first
    assert again[0].startswith(f"{ALREADY_MADE}\n{report}\n\n"), (again[0], report)


async def test_a_board_in_a_thread_discord_archived_is_opened_again_and_kept_up(
    fake: FakeDiscord, bot: DeepSpaceBot
) -> None:
    """Discord archives a thread a day after its last message (a daily attempt's private thread sits
    idle overnight) and then refuses every edit of a message in it (50083), so the board of a game
    resumed there stayed behind for good. The bot unarchives the thread and edits the board."""
    table = Table(fake, bot)
    await table.start()
    fake.archived.add(fake.channel_id)
    before = len(fake.requests)

    await table.play_heuristic()  # from a hand view: the board keeper edits the board

    board = await table.board()
    record = await table.record()
    assert board["embeds"][0]["footer"]["text"].startswith(f"Game #{table.game} · update {record.version} · ")
    assert record.board_version == record.version
    patches = [r for r in fake.requests[before:] if r.method == "PATCH"]
    edit = f"/channels/{fake.channel_id}/messages/{board['id']}"
    assert [(r.path, r.status) for r in patches[:3]] == [
        (edit, 400),  # refused: the thread is archived
        (f"/channels/{fake.channel_id}", 200),
        (edit, 200),
    ]
    assert patches[1].body == {"archived": False}
    assert fake.archived == set()
