"""User stories: a Dine crew in Discord — private hands, out-of-date views, a restart, people who
are not crew, the lobby, voting out an idle member, ending a game, and Discord failing mid-move.

Every refusal is checked twice: the user reads a polite private message, and the stored game did
not change (its `version` is the same, nothing was logged).
"""

from __future__ import annotations

import json
import re
from typing import Any

import discord
import pytest
import simcord

from cogs.dine.commands import close_idle_lobbies
from cogs.dine.hand import card_field
from cogs.dine.ids import TAKE
from cogs.dine.play import SAVED_BUT_NOT_SHOWN, STALE_HAND, load
from core.dine.actions import Choose, Clear, Give, Occupy, PlayCard, Shield, Upgrade, action_from_json
from core.dine.ai import heuristic
from core.dine.cards import card_set
from core.dine.codes import encode
from core.dine.engine import legal_actions
from core.dine.seating import DineSaved
from core.dine.state import RULES_VERSION
from core.dine.symbols import side
from core.dine.told import said
from core.errors import RuleError
from core.render.dine_controls import moves
from core.table import movers, table_action
from tests.support.messages import board_of, components, message, record_of
from tests.support.scenario import Player, Unaudited, World, forgive_the_retry

from .helpers import Hands, open_lobby, owner, perform, play_out, saved_of, stale_note, start_game

CARDS = card_set(RULES_VERSION)  # the cards new games are dealt with

HOST_STARTS = "Only the host can start the game; it starts when they press **Start**."
NOT_CREW = "Only this game's crew can play it; you can watch the board."
LINK = re.compile(r"\[here\]\(https://discord\.com/channels/(\d+)/(\d+)/(\d+)\)")


class Watched(Player):
    """A player who keeps every private message the bot answered them with (hand views, refusals)."""

    def __init__(self, world: World, actor: simcord.MemberActor) -> None:
        super().__init__(world, actor)
        self.seen: list[dict[str, Any]] = []

    def _keep(self, result: simcord.InteractionResult) -> simcord.InteractionResult:
        shown = result.response
        if shown is not None and shown.ephemeral and shown.embeds:
            self.seen.append({"embed": shown.embeds[0], "components": components(shown)})
        return result

    async def clicks(
        self, message: Any, label: str | None = None, *, custom_id: str | None = None
    ) -> simcord.InteractionResult:
        return self._keep(await super().clicks(message, label, custom_id=custom_id))

    async def picks(
        self, message: Any, values: list[Any], *, custom_id: str | None = None
    ) -> simcord.InteractionResult:
        return self._keep(await super().picks(message, values, custom_id=custom_id))


def watched(world: World, name: str) -> Watched:
    return Watched(world, world.player(name).actor)


def slash_refusals(world: World) -> list[str]:
    """The messages of every error commands raised in this test: each must be a polite `RuleError`."""
    found = []
    for error in world.take_errors():
        cause = error.__cause__ if error.__cause__ is not None else error
        assert isinstance(cause, RuleError), error
        found.append(cause.message)
    return found


def version_shown(embed: discord.Embed) -> int:
    found = re.search(r"· (?:update|lobby) (\d+)", embed.footer.text or "")
    assert found is not None, embed.footer.text
    return int(found[1])


def card_names(embed: discord.Embed) -> list[str]:
    """The hand cards a hand view shows, as their field names (the occupied station aside)."""
    return [field.name for field in embed.fields if not field.name.startswith("Occupied station: ")]


def expected_cards(saved: DineSaved, seat: int) -> list[str]:
    state = saved.state
    assert state is not None
    return [card_field(state.cards, card, state.upgraded)[0] for card in state.hands[seat]]


def named(card: str, upgraded: list[str]) -> str:
    return side(CARDS, card, upgraded).name


def only_in_other_hands(saved: DineSaved, seat: int) -> set[str]:
    """Names and ids of cards held in other seats' hands that no card of `seat`'s hand shares."""
    state = saved.state
    assert state is not None
    own = {named(card, state.upgraded) for card in state.hands[seat]}
    others = [card for other, hand in enumerate(state.hands) if other != seat for card in hand]
    return ({named(card, state.upgraded) for card in others} - own) | set(others)


def shown_in_public(saved: DineSaved, before: DineSaved | None, action: Any = None) -> set[str]:
    """Names of cards the crew saw outside the hands: in the grid, discarded, removed, occupied,
    or played or given up from a hand since `before` (a card can come back to a hand later, even
    within the same action: given up, reshuffled and drawn again)."""
    state = saved.state
    assert state is not None
    cards = [placed.card for row in state.grid for placed in row]
    if isinstance(action, Give):
        cards.append(action.card)
    cards += list(getattr(getattr(action, "payment", None), "hand", ()) or ())
    cards += [*state.discard, *state.removed, *(card for card in state.stations if card is not None)]
    if before is not None and before.state is not None:
        cards += [
            card
            for seat, hand in enumerate(before.state.hands)
            for card in hand
            if card not in state.hands[seat]
        ]
    return {named(card, state.upgraded) for card in cards}


def hand_names(saved: DineSaved) -> set[str]:
    state = saved.state
    assert state is not None
    return {named(card, state.upgraded) for hand in state.hands for card in hand}


def board_text(board: discord.Message) -> str:
    embed = board.embeds[0]
    parts = [embed.title or "", embed.description or "", embed.footer.text or ""]
    parts += [f"{field.name}\n{field.value}" for field in embed.fields]
    parts += [attachment.description or "" for attachment in board.attachments]
    parts += [str(control.get("label", "")) for control in components(board)]
    parts += [
        f"{option['label']} {option.get('description', '')}"
        for control in components(board)
        for option in control.get("options", [])
    ]
    return "\n".join(parts)


def view_text(seen: dict[str, Any]) -> str:
    embed = seen["embed"]
    parts = [f"{field.name}\n{field.value}" for field in embed.fields]
    for control in seen["components"]:
        parts.append(str(control.get("label", "")))
        parts += [f"{o['label']} {o.get('description', '')}" for o in control.get("options", [])]
    return "\n".join(parts)


async def logged(world: World, game_id: int) -> int:
    return len(await world.bot.store.actions(game_id))


def seat_move(saved: DineSaved, seat: int) -> Any:
    """A card of `seat`'s hand that can be played now."""
    assert saved.state is not None
    return next(a for a in legal_actions(saved.state) if isinstance(a, PlayCard) and a.seat == seat)


# --- 1. three crew, three private hands ---------------------------------------------------------------


async def test_a_three_crew_game_shows_each_member_only_their_own_hand(world) -> None:
    crew = [watched(world, name) for name in ("Ann", "Ben", "Cal")]
    game_id = await start_game(world, crew)
    hands = Hands(world, game_id)
    at: dict[int, DineSaved] = {}
    public: set[str] = set()
    for _ in range(3000):
        record, saved = await saved_of(world, game_id)
        last = (await world.bot.store.actions(game_id))[-1].action_json if record.version else None
        move = action_from_json(last) if last and table_action(last) is None else None
        public |= shown_in_public(saved, at.get(record.version - 1), move)
        at[record.version] = saved
        board = await board_of(world, game_id)
        assert version_shown(board.embeds[0]) == record.version
        text = board_text(board)
        for name in hand_names(saved) - public:
            assert name not in text, f"the board names {name}, a hand card, at move {record.version}"
        if record.status != "active":
            break
        assert saved.state is not None
        action = heuristic(saved.state).action
        result = await perform(hands, owner(saved, action, crew), action)
        assert result.response is not None, result
        assert result.response.ephemeral, result
        assert not stale_note(result), result
    else:
        raise AssertionError("the game did not end")

    assert record.status == "finished"
    assert (await world.bot.store.result(game_id)) is not None
    for seat, player in enumerate(crew):
        assert player.seen, f"{player.actor.name} never saw their hand"
        for seen in player.seen:
            embed = seen["embed"]
            assert embed.title == "Your hand"  # their own seat's: the cards below are that seat's
            shown = at[version_shown(embed)]
            assert card_names(embed) == expected_cards(shown, seat)
            text = view_text(seen)
            for foreign in only_in_other_hands(shown, seat):
                assert foreign not in text, f"seat {seat + 1} sees {foreign} of another hand"
    assert world.take_errors() == []


async def test_the_log_tells_a_members_own_move_once_and_names_who_decided_for_the_crew(world) -> None:
    """The engine's lines already say whose a card play, an occupation, an upgrade or a discard is
    ("Ann occupies X."): the board's log adds no "**Ann**: occupy X" above them. A crew decision (solve
    or jump, A OR B, a shield) keeps who clicked it: the engine's own line does not say."""
    crew = [world.player(name) for name in ("Ann", "Ben")]
    game_id = await start_game(world, crew)
    hands = Hands(world, game_id)
    seen: set[str] = set()
    for _ in range(600):
        record, saved = await saved_of(world, game_id)
        if record.status != "active":
            break
        assert saved.state is not None
        action = heuristic(saved.state).action
        mover = owner(saved, action, crew)
        await perform(hands, mover, action)
        _, after = await saved_of(world, game_id)
        lines = [said(line, "en", after.names_in_text()) for line in after.table.recent]
        own = f"**{mover.actor.name}**: "
        kind = type(action).__name__
        for line in lines:  # "**Ann**: Occupy nothing new" as "**Ann**: Solve the sector (…)" beside it
            if line.startswith(own):
                assert line[len(own) : len(own) + 1].isupper(), lines
        if isinstance(action, PlayCard | Give | Occupy | Upgrade) and getattr(action, "card", 1) is not None:
            seen.add(kind)
            assert not any(line.startswith(own) for line in lines), lines
            verb = {"PlayCard": " plays ", "Give": " ", "Occupy": " occupies ", "Upgrade": " upgrades "}[kind]
            assert any(line.startswith(f"{mover.actor.name}{verb}") for line in lines), lines
        elif isinstance(action, Choose | Shield) or (isinstance(action, Clear) and action.how != "continue"):
            seen.add(kind)  # a crew decision: the engine's words do not say who decided
            assert lines[0].startswith(own), lines
    assert {"PlayCard", "Give", "Upgrade", "Clear"} <= seen, seen  # this deal's game: no occupation


async def use_code(player: Player, view: Any, code: str) -> simcord.InteractionResult:
    """Take the move `code` from `view` as it was drawn (a button, or a menu entry taken at once)."""
    for control in components(view):
        custom_id = control.get("custom_id", "")
        if control["type"] == 2 and custom_id.endswith(f".{code}"):
            return await player.clicks(view, custom_id=custom_id)
        if control["type"] == 3 and TAKE + code in [option["value"] for option in control["options"]]:
            return await player.picks(view, [TAKE + code], custom_id=custom_id)
    raise AssertionError(f"the view offers no {code}")


async def test_after_a_sector_every_member_occupies_at_once_in_any_order(world) -> None:
    """Rulebook: "Each crew member may now occupy one station". Each member's hand offers it at once
    (it once asked seat 1, then seat 2, then seat 3, a member waiting on the one before), and the last
    seat may answer first; the hint of a member still deciding suggests their own choice."""
    crew = [world.player(name) for name in ("Ann", "Ben", "Cal")]
    game_id = await start_game(world, crew)
    hands = Hands(world, game_id)
    for _ in range(600):
        _, saved = await saved_of(world, game_id)
        state = saved.state
        assert state is not None
        if state.pending is not None and state.pending.kind == "occupy" and len(state.pending.deciding) > 1:
            break
        action = heuristic(state).action
        await perform(hands, owner(saved, action, crew), action)
    else:
        raise AssertionError("no sector was cleared with several members to occupy")
    deciding = state.pending.deciding
    board = await board_of(world, game_id)
    names = [("Ann", "Ben", "Cal")[seat] for seat in deciding]
    assert (
        f"{', '.join(names[:-1])} and {names[-1]} may each occupy a station." in board.embeds[0].description
    )
    last = crew[deciding[-1]]
    hint = await last.runs("dine hint")
    assert "nothing you can do" not in hint.response.content
    assert "The crew's best move now is" not in hint.response.content  # nobody goes first here
    first = crew[deciding[0]]
    older = await hands.open(first)  # drawn before the last member's pick
    choice = next(a for a in legal_actions(state) if isinstance(a, Occupy) and a.seat == deciding[-1])
    done = await perform(hands, last, choice)
    assert not stale_note(done)
    _, after = await saved_of(world, game_id)
    assert after.state is not None
    assert after.state.pending is not None
    assert after.state.pending.deciding == deciding[:-1]  # the others still decide, none waited
    assert "You may occupy a station." in older.embeds[0].description
    # the first member's pick from the view drawn before: still legal, so it stands (no refresh)
    record = await record_of(world, game_id)
    picked = await use_code(first, older, encode(after.state, Occupy(seat=deciding[0], card=None)))
    assert not stale_note(picked), picked
    _, later = await saved_of(world, game_id)
    assert (await record_of(world, game_id)).version == record.version + 1
    assert later.state is not None
    assert later.state.pending is None or deciding[0] not in later.state.pending.deciding
    assert world.take_errors() == []


# --- 2. an out-of-date hand view ----------------------------------------------------------------------


def first_move(view: Any) -> tuple[str, str | None]:
    """The custom id of the first move control of a hand view, and the value to pick (None: a button)."""
    for control in components(view):
        verb = control.get("custom_id", "").split(":")[2]
        if control["type"] == 2 and verb == "a":
            return control["custom_id"], None
        if control["type"] == 3 and verb == "m":
            return control["custom_id"], control["options"][0]["value"]
    raise AssertionError("the hand view offers no move")


async def use(player: Player, view: Any, control: tuple[str, str | None]) -> simcord.InteractionResult:
    custom_id, value = control
    if value is None:
        return await player.clicks(view, custom_id=custom_id)
    return await player.picks(view, [value], custom_id=custom_id)


async def test_a_move_from_an_out_of_date_hand_view_refreshes_it_instead(world) -> None:
    ann, ben = world.player("Ann"), world.player("Ben")
    game_id = await start_game(world, [ann, ben])
    hands = Hands(world, game_id)
    old = await hands.open(ann)
    drawn_at = version_shown(old.embeds[0])
    _, saved = await saved_of(world, game_id)
    await perform(hands, ben, seat_move(saved, 1))
    moved, saved = await saved_of(world, game_id)
    assert moved.version == drawn_at + 1
    count = await logged(world, game_id)

    clicked = await use(ann, old, first_move(old))

    assert clicked.response is not None
    assert clicked.response.ephemeral
    assert clicked.response.id == old.id  # her view, refreshed in place
    embed = clicked.response.embeds[0]
    assert embed.description.startswith(STALE_HAND)
    assert version_shown(embed) == moved.version
    assert card_names(embed) == expected_cards(saved, 0)
    after = await record_of(world, game_id)
    assert after.version == moved.version
    assert await logged(world, game_id) == count
    # the refreshed view is current: its move now works
    done = await use(ann, clicked.response, first_move(clicked.response))
    assert not stale_note(done)
    assert (await record_of(world, game_id)).version == moved.version + 1
    assert world.take_errors() == []


# --- 3. a restart mid-game ------------------------------------------------------------------------------


async def test_the_board_and_hand_views_keep_working_after_a_restart(world) -> None:
    crew = [world.player(name) for name in ("Ann", "Ben", "Cal")]
    game_id = await start_game(world, crew)
    hands = Hands(world, game_id)
    for step in range(60):  # a few moves in, until Ann has a card she can play
        _, saved = await saved_of(world, game_id)
        assert saved.state is not None
        if step >= 6 and any(isinstance(a, PlayCard) and a.seat == 0 for a in legal_actions(saved.state)):
            break
        action = heuristic(saved.state).action
        await perform(hands, owner(saved, action, crew), action)
    ann, ben = crew[0], crew[1]
    old_view = (await ann.clicks(await hands.view(ann), "Refresh")).response  # current before the restart
    before, saved = await saved_of(world, game_id)
    assert version_shown(old_view.embeds[0]) == before.version

    await world.restart()

    opened = await ben.clicks(message(world, before.board_message_id), "My hand")  # the old board
    assert opened.ephemeral
    assert card_names(opened.response.embeds[0]) == expected_cards(saved, 1)  # the hand is intact
    again, same = await saved_of(world, game_id)
    assert again.version == before.version  # looking changes nothing
    assert same.state == saved.state
    action = seat_move(saved, 0)
    moved = await perform(hands, ann, action)  # a move from the view drawn before the restart
    assert moved.response.id == old_view.id
    assert not stale_note(moved)
    after, played = await saved_of(world, game_id)
    assert after.version == before.version + 1
    assert action.card in saved.state.hands[0]
    assert action.card not in played.state.hands[0]
    refreshed = await ann.clicks(old_view, "Refresh")
    assert refreshed.response.id == old_view.id
    assert version_shown(refreshed.response.embeds[0]) == after.version
    assert card_names(refreshed.response.embeds[0]) == expected_cards(played, 0)
    record = await play_out(world, game_id, crew)
    assert record.status == "finished"
    assert await world.bot.store.result(game_id) is not None
    assert world.take_errors() == []


async def test_a_move_whose_board_edit_was_still_waiting_reaches_the_board_after_a_restart(world) -> None:
    ann = world.player("Ann")
    game_id = await start_game(world, [ann])
    hands = Hands(world, game_id)
    world.bot.board_edit_seconds = 600  # the keeper waits long between two edits of a board
    for _ in range(2):
        _, saved = await saved_of(world, game_id)
        assert saved.state is not None
        await perform(hands, ann, heuristic(saved.state).action)
    record = await record_of(world, game_id)
    board = message(world, record.board_message_id)
    assert version_shown(board.embeds[0]) == record.version - 1  # the second move waits for its edit

    await world.restart()  # the waiting edit dies with the old process

    board = message(world, record.board_message_id)
    assert version_shown(board.embeds[0]) == record.version
    assert world.take_errors() == []


async def test_a_finished_game_whose_last_board_edit_was_waiting_shows_its_end_after_a_restart(
    world,
) -> None:
    ann = world.player("Ann")
    game_id = await start_game(world, [ann])
    world.bot.board_edit_seconds = 600  # the keeper waits long between two edits of a board
    record = await play_out(world, game_id, [ann])
    assert record.status == "finished"
    board = message(world, record.board_message_id)
    assert version_shown(board.embeds[0]) < record.version  # the final move waits for its edit
    assert "My hand" in [c.get("label") for c in components(board)]

    await world.restart()  # the waiting edit dies with the old process

    board = message(world, record.board_message_id)
    assert version_shown(board.embeds[0]) == record.version
    assert components(board) == []
    assert world.take_errors() == []


# --- 4. someone who is not crew -------------------------------------------------------------------------


async def test_someone_outside_the_crew_is_told_politely_and_nothing_changes(world) -> None:
    ann, ben, sam = world.player("Ann"), world.player("Ben"), world.player("Sam")
    game_id = await open_lobby(ann, world)
    await ben.clicks(await board_of(world, game_id), "Join")
    for member in (False, True):  # in the lobby, only the host may start or remove members
        lobby = await board_of(world, game_id)
        version = (await record_of(world, game_id)).version
        (kick,) = [c for c in components(lobby) if c["type"] == 3]
        start = await sam.clicks(lobby, "Start")
        remove = await sam.picks(lobby, [str(ben.id)], custom_id=kick["custom_id"])
        assert start.ephemeral
        assert remove.ephemeral
        assert start.response.content == HOST_STARTS
        assert remove.response.content == "Only the host can do that."
        after = await record_of(world, game_id)
        assert after.version == version
        assert load(after).table.crew == ((ann.id, ben.id, sam.id) if member else (ann.id, ben.id))
        if not member:
            joined = await sam.clicks(lobby, "Join")  # but anyone may join
            assert not joined.ephemeral
    left = await sam.clicks(await board_of(world, game_id), "Leave")
    assert not left.ephemeral
    assert load(await record_of(world, game_id)).table.crew == (ann.id, ben.id)

    started = await ann.clicks(await board_of(world, game_id), "Start")
    assert not started.ephemeral
    assert load(await record_of(world, game_id)).seats[1].user == ben.id
    hands = Hands(world, game_id)
    # play until the board itself offers a decision (solve or jump): a move control everyone sees
    for _ in range(200):
        record, saved = await saved_of(world, game_id)
        assert saved.state is not None
        if moves(saved.state, None):
            break
        action = heuristic(saved.state).action
        await perform(hands, owner(saved, action, [ann, ben]), action)
    else:
        raise AssertionError("the board never offered a decision")
    board = await board_of(world, game_id)
    count = await logged(world, game_id)
    assert "Join" not in [c.get("label") for c in components(board)]  # a started game has no Join

    my_hand = await sam.clicks(board, "My hand")
    decision = next(c for c in components(board) if c.get("custom_id", "").split(":")[2] in "am")
    if decision["type"] == 2:
        move = await sam.clicks(board, custom_id=decision["custom_id"])
    else:
        value = decision["options"][0]["value"]
        move = await sam.picks(board, [value], custom_id=decision["custom_id"])
    command = await sam.runs("dine hand")

    for refused in (my_hand, move, command):
        assert refused.ephemeral
        assert refused.response.content.startswith(NOT_CREW), refused.response.content
        assert await world.mention("dine new") in refused.response.content
    assert slash_refusals(world) == [command.response.content]
    after = await record_of(world, game_id)
    assert after.version == record.version
    assert await logged(world, game_id) == count
    assert [c["custom_id"] for c in components(await board_of(world, game_id))] == [
        c["custom_id"] for c in components(board)
    ]


# --- 5. the lobby ---------------------------------------------------------------------------------------


def lobby_crew(lobby: discord.Message) -> str:
    return lobby.embeds[0].description.split("Crew (", 1)[1].split("\n\n", 1)[0]


async def test_the_lobby_fills_loses_members_and_closes_when_the_last_one_leaves(world) -> None:
    ann, ben, cal, dan = (world.player(name) for name in ("Ann", "Ben", "Cal", "Dan"))
    game_id = await open_lobby(ann, world)
    for player in (ben, cal):
        joined = await player.clicks(await board_of(world, game_id), "Join")
        assert not joined.ephemeral
    lobby = await board_of(world, game_id)
    assert lobby_crew(lobby) == f"3/3):\n<@{ann.id}> (host)\n<@{ben.id}>\n<@{cal.id}>"
    rules = await world.mention("dine rules")  # a command to click, in each reader's language
    assert f"The starter game teaches it; {rules} explains each step." in lobby.embeds[0].description
    join = next(c for c in components(lobby) if c.get("label") == "Join")
    assert join["disabled"]  # full at three: a fourth cannot join
    with pytest.raises(simcord.SetupError, match="disabled"):
        await dan.clicks(lobby, "Join")
    full = await record_of(world, game_id)
    assert load(full).table.crew == (ann.id, ben.id, cal.id)
    not_in = await dan.clicks(lobby, "Leave")
    assert not_in.response.content == "You are not in this lobby."

    (kick,) = [c for c in components(lobby) if c["type"] == 3]
    assert [o["label"] for o in kick["options"]] == ["Ben", "Cal"]
    removed = await ann.picks(lobby, [str(cal.id)], custom_id=kick["custom_id"])
    assert not removed.ephemeral
    lobby = await board_of(world, game_id)
    assert load(await record_of(world, game_id)).table.crew == (ann.id, ben.id)
    assert "The host removes **Cal**." in lobby.embeds[0].fields[0].value  # as "**Cal** joins."
    assert not next(c for c in components(lobby) if c.get("label") == "Join")["disabled"]
    await dan.clicks(lobby, "Join")

    await ann.clicks(await board_of(world, game_id), "Leave")  # the host leaves: Ben hosts now
    lobby = await board_of(world, game_id)
    saved = load(await record_of(world, game_id))
    assert (saved.table.captain, saved.table.crew) == (ben.id, (ben.id, dan.id))
    assert lobby_crew(lobby) == f"2/3):\n<@{ben.id}> (host)\n<@{dan.id}>"
    news = next(f.value for f in lobby.embeds[0].fields if f.name == "What happened")
    assert "**Ann** leaves; **Ben** is the host now." in news  # or Ben never learns he must start
    refused = await dan.clicks(lobby, "Start")
    assert refused.response.content == HOST_STARTS
    await ben.clicks(lobby, "Leave")
    closing = await dan.clicks(await board_of(world, game_id), "Leave")

    assert not closing.ephemeral
    record = await record_of(world, game_id)
    assert record.status == "abandoned"
    board = await board_of(world, game_id)
    assert board.embeds[0].title == "Deep Space Dine · lobby closed"
    assert board.embeds[0].description == "Everyone left, so the lobby closed."
    assert components(board) == []
    assert await world.bot.store.active_game(world.channel.id) is None
    assert world.take_errors() == []


async def test_a_lobby_nobody_starts_closes_by_itself(world) -> None:
    ann, ben = world.player("Ann"), world.player("Ben")
    game_id = await open_lobby(ann, world)
    minutes = world.bot.settings.dine_lobby_minutes
    await world.env.advance_time((minutes - 1) * 60)
    await ben.clicks(await board_of(world, game_id), "Join")  # a change keeps it open longer
    await world.env.advance_time(2 * 60)
    assert await close_idle_lobbies(world.bot) == 0
    assert (await record_of(world, game_id)).status == "active"

    await world.env.advance_time((minutes + 2) * 60)  # the cog's sweep runs every minute

    record = await record_of(world, game_id)
    assert record.status == "abandoned"
    board = await board_of(world, game_id)
    assert board.embeds[0].title == "Deep Space Dine · lobby closed"
    assert board.embeds[0].description == (
        f"Nobody started this lobby for {minutes} minutes, so it closed. Open a new one with "
        f"{await world.mention('dine new')}."
    )
    assert components(board) == []
    assert await world.bot.store.active_game(world.channel.id) is None
    assert world.take_errors() == []


async def test_dine_new_in_a_busy_channel_links_to_the_game(world) -> None:
    ann, ben = world.player("Ann"), world.player("Ben")
    game_id = await start_game(world, [ann])
    record = await record_of(world, game_id)

    again = await ben.runs("dine new")

    assert again.ephemeral
    assert again.response.content.startswith("A game is already running in this channel.")
    link = LINK.search(again.response.content)
    assert link is not None
    assert [int(part) for part in link.groups()] == [
        world.guild.id,
        world.channel.id,
        record.board_message_id,
    ]
    # Dine has a host, not a captain (a review): the running game's word, whichever game is asked for
    end = await world.mention("dine end")
    ways_on = (
        f"Its host can end it with {end} (when the host is voted out or leaves the game, the next crew "
        "member hosts), as can someone who may manage this channel, or its crew once its host has left the "
        "server (anyone, once the whole crew has). Or start"
    )
    other = await ben.runs("d6 new")
    for refusal in (again, other):
        assert ways_on in refusal.response.content
        assert "captain" not in refusal.response.content
    assert slash_refusals(world) == [again.response.content, other.response.content]
    assert (await record_of(world, game_id)).version == record.version
    assert len(await world.bot.store.active_games("dine")) == 1


# --- 6. voting out an idle member -----------------------------------------------------------------------


async def test_an_idle_member_is_voted_out_and_the_crew_plays_their_seat(world) -> None:
    ann, ben, cal = crew = [world.player(name) for name in ("Ann", "Ben", "Cal")]
    game_id = await start_game(world, crew)
    hands = Hands(world, game_id)
    cal_view = await hands.open(cal)
    start = await record_of(world, game_id)
    idle = world.bot.settings.dine_idle_minutes

    early = await ann.runs("dine vote-out", member=cal.actor)

    assert early.ephemeral
    assert f"can be voted out after {idle} idle minutes" in early.response.content
    assert (await record_of(world, game_id)).version == start.version
    await world.env.advance_time(idle * 60 + 60)
    _, now = await saved_of(world, game_id)
    await perform(hands, ben, seat_move(now, 1))  # Ben plays on, so his vote is needed too
    start = await record_of(world, game_id)
    first = await ann.runs("dine vote-out", member=cal.actor)
    assert not first.ephemeral
    assert first.response.content == "**Ann** votes to vote out **Cal** (waiting for 1 more)."
    twice = await ann.runs("dine vote-out", member=cal.actor)
    assert twice.response.content == "You already voted; the rest of the crew must agree too."
    second = await ben.runs("dine vote-out", member=cal.actor)

    assert second.response.content == "**Cal** was voted out; the crew now plays their hand together."
    late = await ben.runs("dine vote-out", member=cal.actor)  # a vote that comes after it
    assert late.response.content == "They were already voted out; the crew plays their hand."
    record, saved = await saved_of(world, game_id)
    assert record.version == start.version + 2
    assert saved.seats[2].user is None
    assert saved.seats[2].name == "Cal"
    assert saved.table.crew == (ann.id, ben.id)
    assert saved.state is not None
    assert saved.state.crew == 3
    assert [*slash_refusals(world)] == [early.response.content, twice.response.content, late.response.content]
    board = await board_of(world, game_id)
    assert "3. Cal (vacant, played by the crew)" in next(
        f.value for f in board.embeds[0].fields if f.name == "Crew"
    )

    old = await cal.clicks(cal_view, "Refresh")
    mine = await cal.clicks(board, "My hand")
    for refused in (old, mine):  # told why, not taken for a stranger
        assert refused.ephemeral
        assert refused.response.content.startswith(
            "The crew voted you out of this game while you were away, and plays your hand now"
        ), refused.response.content
    assert (await record_of(world, game_id)).version == record.version

    view = await hands.open(ann)
    labels = [c.get("label") for c in components(view)]
    assert "Play seat 3 (Cal, vacant)" in labels
    vacant = await ann.clicks(view, "Play seat 3 (Cal, vacant)")
    embed = vacant.response.embeds[0]
    assert embed.title == "Seat 3 · Cal (vacant, played by the crew)"
    assert card_names(embed) == expected_cards(saved, 2)
    back = [c.get("label") for c in components(vacant.response)]
    assert "Back to my hand" in back  # Ann's own seat, not "Play seat 1 (Ann, vacant)"
    assert not any(str(label).startswith("Play seat 1") for label in back)
    hands.views[ann.id] = vacant
    action = seat_move(saved, 2)
    played = await perform(hands, ann, action)

    assert not stale_note(played)
    assert played.response.embeds[0].title == "Seat 3 · Cal (vacant, played by the crew)"
    after, moved = await saved_of(world, game_id)
    assert after.version == record.version + 1
    last = (await world.bot.store.actions(game_id))[-1]
    assert last.user_id == ann.id
    assert moved.state is not None
    assert len(moved.state.hands[2]) == len(saved.state.hands[2]) - 1
    board = await board_of(world, game_id)
    news = next(f.value for f in board.embeds[0].fields if f.name == "What happened")
    assert "**Ann** (for seat 3): " in news
    assert slash_refusals(world) == [early.response.content, twice.response.content, late.response.content]


async def test_a_member_who_waits_and_looks_is_not_idle_and_cannot_be_voted_out_alone(world) -> None:
    """Ben has nothing to play while Cal's decision waits, but he refreshes his hand and asks for a
    hint: after the idle time Ann alone could vote him out, then Cal, and hold the whole game."""
    ann, ben, cal = crew = [world.player(name) for name in ("Ann", "Ben", "Cal")]
    game_id = await start_game(world, crew)
    hands = Hands(world, game_id)
    ben_view = await hands.open(ben)
    idle = world.bot.settings.dine_idle_minutes
    for _ in range(idle // 3 + 1):  # every three minutes Ben looks again, without moving
        await world.env.advance_time(180)
        await ben.clicks(ben_view, "Refresh")
    await ben.runs("dine hint")
    start = await record_of(world, game_id)

    refused = await ann.runs("dine vote-out", member=ben.actor)

    assert refused.ephemeral
    assert refused.response.content.startswith("Ben was last here less than a minute ago.")
    first = await ann.runs("dine vote-out", member=cal.actor)
    assert first.response.content == "**Ann** votes to vote out **Cal** (waiting for 1 more)."
    _, saved = await saved_of(world, game_id)
    assert saved.seats[2].user == cal.id  # not out on Ann's word alone
    second = await ben.runs("dine vote-out", member=cal.actor)
    assert second.response.content == "**Cal** was voted out; the crew now plays their hand together."
    record, saved = await saved_of(world, game_id)
    assert [seat.user for seat in saved.seats] == [ann.id, ben.id, None]
    assert record.version == start.version + 2
    assert slash_refusals(world) == [refused.response.content]


async def test_after_a_restart_everyone_counts_as_here_until_the_idle_time_passes(world) -> None:
    """Looks are kept in memory only: a restart must not make everyone who only looked count as idle."""
    ann, _, cal = crew = [world.player(name) for name in ("Ann", "Ben", "Cal")]
    game_id = await start_game(world, crew)
    idle = world.bot.settings.dine_idle_minutes
    await world.env.advance_time(idle * 60 + 60)  # Ben and Cal did nothing: both idle
    await world.restart()

    refused = await ann.runs("dine vote-out", member=cal.actor)

    assert refused.response.content.startswith("Cal was last here less than a minute ago.")
    await world.env.advance_time(idle * 60 + 60)
    out = await ann.runs("dine vote-out", member=cal.actor)  # Ben is idle too: Ann's vote suffices
    assert out.response.content == "**Cal** was voted out; the crew now plays their hand together."
    assert (await saved_of(world, game_id))[1].seats[2].user is None
    world.take_errors()


async def test_a_vote_that_waited_only_for_a_member_who_leaves_carries_and_hosting_passes_on(world) -> None:
    """A review: Cal voted the idle host Ann out, waiting for Ben; Ben left instead. Cal's vote was
    then all it took, but nothing completed it and Cal was told "You already voted" for good. Now the
    leave carries it at once, said on the board, and Cal hosts: the last one seated stays seated."""
    ann, ben, cal = crew = [world.player(name) for name in ("Ann", "Ben", "Cal")]
    game_id = await start_game(world, crew)
    hands = Hands(world, game_id)
    await world.env.advance_time(world.bot.settings.dine_idle_minutes * 60 + 60)
    await hands.open(ben)
    await hands.open(cal)  # Ben and Cal are here; Ann, the host, is idle
    first = await cal.runs("dine vote-out", member=ann.actor)
    assert first.response.content == "**Cal** votes to vote out **Ann** (waiting for 1 more)."
    start = await record_of(world, game_id)

    asked = await ben.runs("dine leave")
    done = await ben.clicks(asked.response.message, "Leave the game")

    assert done.response.content == (
        "You left the game; the crew plays your hand now. You can still watch the board."
    )
    record, saved = await saved_of(world, game_id)
    assert record.version == start.version + 1  # one save: the leave and the vote it let carry
    assert [seat.user for seat in saved.seats] == [None, None, cal.id]
    assert saved.table.captain == cal.id
    assert saved.voted_out == (ann.id,)
    assert saved.gone == (ben.id,)
    assert saved.votes == {}
    board = await board_of(world, game_id)
    news = next(f.value for f in board.embeds[0].fields if f.name == "What happened")
    assert news.endswith(
        "**Ben** leaves the game; the crew now plays their hand together.\n"
        "**Ann** was voted out; the crew now plays their hand together, and **Cal** is the host now."
    )
    late = await cal.runs("dine vote-out", member=ann.actor)
    assert late.response.content == "They were already voted out; the crew plays their hand."
    last = await cal.runs("dine leave")  # the last one seated is still sent to /dine end
    assert last.response.content.startswith("You are the last crew member seated")
    assert (await record_of(world, game_id)).version == record.version
    assert slash_refusals(world) == [late.response.content, last.response.content]


async def test_a_repeated_vote_carries_once_the_others_it_waited_for_went_idle(world) -> None:
    """A review: Ann's vote waited for Ben, then Ben went idle too; Ann's vote was all it took, yet
    voting again told her "You already voted; the rest of the crew must agree too." for good."""
    ann, ben, cal = crew = [world.player(name) for name in ("Ann", "Ben", "Cal")]
    game_id = await start_game(world, crew)
    hands = Hands(world, game_id)
    idle = world.bot.settings.dine_idle_minutes
    await world.env.advance_time(idle * 60 + 60)
    await hands.open(ann)
    await hands.open(ben)
    first = await ann.runs("dine vote-out", member=cal.actor)
    assert first.response.content == "**Ann** votes to vote out **Cal** (waiting for 1 more)."
    early = await ann.runs("dine vote-out", member=cal.actor)  # Ben is still here: his vote is needed
    assert early.response.content == "You already voted; the rest of the crew must agree too."
    await world.env.advance_time(idle * 60 + 60)  # Ben goes idle too; Ann keeps looking
    await hands.open(ann)
    start = await record_of(world, game_id)

    again = await ann.runs("dine vote-out", member=cal.actor)

    assert not again.ephemeral
    assert again.response.content == "**Cal** was voted out; the crew now plays their hand together."
    record, saved = await saved_of(world, game_id)
    assert record.version == start.version + 1
    assert [seat.user for seat in saved.seats] == [ann.id, ben.id, None]
    assert saved.table.captain == ann.id
    assert saved.voted_out == (cal.id,)
    board = await board_of(world, game_id)
    news = next(f.value for f in board.embeds[0].fields if f.name == "What happened")
    assert news.endswith("**Cal** was voted out; the crew now plays their hand together.")
    assert slash_refusals(world) == [early.response.content]


async def test_a_vacant_seats_decision_is_said_to_be_the_crews_not_the_voted_out_members(world) -> None:
    """A review: after Cal was voted out the board said "Cal may occupy a station. They choose in My
    hand" and Ann's view "Waiting: Cal may occupy…", though Cal is gone and the crew plays his seat."""
    ann, ben, cal = crew = [world.player(name) for name in ("Ann", "Ben", "Cal")]
    game_id = await start_game(world, crew)
    hands = Hands(world, game_id)
    await world.env.advance_time(world.bot.settings.dine_idle_minutes * 60 + 60)
    await hands.open(ann)
    await hands.open(ben)
    await ann.runs("dine vote-out", member=cal.actor)
    await ben.runs("dine vote-out", member=cal.actor)
    while True:  # the crew plays on until seat 3 alone has a station to occupy
        _, saved = await saved_of(world, game_id)
        assert saved.state is not None
        pending = saved.state.pending
        if pending is not None and pending.kind == "occupy" and pending.deciding == (2,):
            break
        action = heuristic(saved.state).action
        await perform(hands, owner(saved, action, [ann, ben]), action)

    board = await board_of(world, game_id)
    view = await hands.open(ann)
    hint = await ann.runs("dine hint")

    assert board.embeds[0].description.split("\n\n")[1] == (
        "**Decide:** Cal (vacant seat) may occupy a station. Any crew member chooses for seat 3 in "
        "**My hand** → **Play seat 3**."
    )
    assert view.embeds[0].description.split("\n\n")[0] == (
        "**Decide:** Cal (vacant seat) may occupy a station. Choose for seat 3 with **Play seat 3** below."
    )
    assert hint.response.content.startswith("**Suggestion for you:** Cal (vacant seat): Occupy")
    seat_view = await ann.clicks(view, "Play seat 3 (Cal, vacant)")
    hands.views[ann.id] = seat_view
    _, saved = await saved_of(world, game_id)
    assert saved.state is not None
    occupied = await perform(hands, ann, heuristic(saved.state).action)  # the choice is Ann's to make
    assert not stale_note(occupied)
    _, after = await saved_of(world, game_id)
    assert after.state is not None
    assert after.state.pending is None or after.state.pending.kind != "occupy"
    assert slash_refusals(world) == []


async def test_a_member_leaves_a_running_game_and_the_crew_plays_their_seat(world) -> None:
    """A review: a member who wanted to go could not ("You can't vote yourself out; you can simply
    stop playing"). `/dine leave` asks first, then their seat is vacant as after a vote-out; a host
    who leaves passes hosting on, and the last one seated is sent to `/dine end` instead."""
    ann, ben, cal = crew = [world.player(name) for name in ("Ann", "Ben", "Cal")]
    game_id = await start_game(world, crew)
    hands = Hands(world, game_id)
    ann_view = await hands.open(ann)
    start = await record_of(world, game_id)

    self_vote = await ann.runs("dine vote-out", member=ann.actor)
    asked = await ann.runs("dine leave")

    assert re.fullmatch(
        r"You can't vote yourself out\. To leave the game, use </dine leave:\d+>\.",
        self_vote.response.content,
    )
    assert asked.ephemeral
    assert asked.response.content == (
        f"Leave game #{game_id}? Your seat stays in the game, vacant: the crew plays your hand together, "
        "you cannot come back, and the game's result will not count for you. To stay, dismiss this message. "
        "**Ben** becomes the host."
    )
    assert (await record_of(world, game_id)).version == start.version  # not until confirmed
    done = await ann.clicks(asked.response.message, "Leave the game")

    assert done.response.content == (
        "You left the game; the crew plays your hand now. You can still watch the board."
    )
    assert components(done.response) == []
    record, saved = await saved_of(world, game_id)
    assert record.version == start.version + 1
    assert [seat.user for seat in saved.seats] == [None, ben.id, cal.id]
    assert saved.table.crew == (ben.id, cal.id)
    assert saved.table.captain == ben.id
    assert saved.state is not None
    assert saved.state.crew == 3
    board = await board_of(world, game_id)
    fields = {f.name: f.value for f in board.embeds[0].fields}
    assert "1. Ann (vacant, played by the crew)" in fields["Crew"]
    assert fields["What happened"].endswith(
        "**Ann** leaves the game; the crew now plays their hand together, and **Ben** is the host now."
    )
    old_view = await ann.clicks(ann_view, "Refresh")
    hand = await ann.runs("dine hand")
    for refused in (old_view, hand):  # told why, not taken for a stranger
        assert refused.response.content.startswith("You left this game, and the crew plays your hand now")
    assert (await record_of(world, game_id)).version == record.version
    ben_view = await hands.open(ben)
    assert "Play seat 1 (Ann, vacant)" in [c.get("label") for c in components(ben_view)]

    left_vote = await ben.runs("dine vote-out", member=ann.actor)  # told she left, not "no seat"
    assert left_vote.response.content == "They left the game; the crew plays their hand."
    assert (await record_of(world, game_id)).version == record.version
    cal_asked = await cal.runs("dine leave")
    assert "becomes the host" not in cal_asked.response.content  # Cal does not host
    await cal.clicks(cal_asked.response.message, "Leave the game")
    last = await ben.runs("dine leave")

    assert last.ephemeral
    assert re.fullmatch(
        r"You are the last crew member seated: nobody would be left to play your hand\. To stop, end the "
        r"game with </dine end:\d+>\.",
        last.response.content,
    )
    record, saved = await saved_of(world, game_id)
    assert [seat.user for seat in saved.seats] == [None, ben.id, None]
    assert record.status == "active"
    assert slash_refusals(world) == [
        self_vote.response.content,
        hand.response.content,
        left_vote.response.content,
        last.response.content,
    ]


async def test_a_member_who_leaves_is_not_credited_with_the_result_though_they_moved(world) -> None:
    """A result counts for the crew seated at its end who made a move: a member who left (or was voted
    out) gave their seat up, win or lose, as `/dine leave` warns them."""
    ann, ben, cal = crew = [world.player(name) for name in ("Ann", "Ben", "Cal")]
    game_id = await start_game(world, crew)
    hands = Hands(world, game_id)
    for player, seat in ((ann, 0), (cal, 2)):
        _, saved = await saved_of(world, game_id)
        await perform(hands, player, seat_move(saved, seat))
    asked = await cal.runs("dine leave")
    assert "the game's result will not count for you" in asked.response.content
    await cal.clicks(asked.response.message, "Leave the game")
    ending = await ann.runs("dine end")
    await ann.clicks(ending.response.message, "End the game")

    result = await world.bot.store.result(game_id)
    assert result is not None
    assert result.outcome == "lost"
    assert result.players == (ann.id,)  # Cal moved but left; Ben, still seated, never moved
    log = await world.bot.store.actions(game_id)
    assert movers((entry.user_id, entry.action_json) for entry in log) == {ann.id, cal.id}
    assert ben.id not in result.players


async def test_leave_in_a_lobby_points_to_its_leave_button(world) -> None:
    ann = world.player("Ann")
    game_id = await open_lobby(ann, world)
    start = await record_of(world, game_id)

    refused = await ann.runs("dine leave")

    assert refused.ephemeral
    assert (
        refused.response.content == "The game has not started yet: to leave the lobby, press **Leave** on it."
    )
    assert (await record_of(world, game_id)).version == start.version
    assert slash_refusals(world) == [refused.response.content]


# --- 7. ending the game ---------------------------------------------------------------------------------


async def test_the_host_ends_the_game_after_confirming_and_it_counts_as_a_loss(world) -> None:
    ann, ben = world.player("Ann"), world.player("Ben")
    game_id = await start_game(world, [ann, ben])
    started = await record_of(world, game_id)

    refused = await ben.runs("dine end")
    assert refused.ephemeral
    assert refused.response.content == (
        "Only the host, or someone who may manage this channel, can end the game."
    )
    assert slash_refusals(world) == [refused.response.content]
    asked = await ann.runs("dine end")
    assert asked.ephemeral
    assert "counts as a loss" in asked.response.content
    assert (await record_of(world, game_id)).version == started.version  # not until confirmed

    done = await ann.clicks(asked.response.message, "End the game")

    assert done.response.content == "The game is over and counts as a loss."
    assert components(done.response) == []
    record, saved = await saved_of(world, game_id)
    assert record.status == "abandoned"
    assert record.version == started.version + 1
    assert saved.state is not None
    assert saved.state.outcome == "lost"
    result = await world.bot.store.result(game_id)
    assert result is not None
    assert result.outcome == "lost"
    assert json.loads(result.detail_json)["abandoned"] is True
    assert result.players == (ann.id,)  # ended before anyone moved: the host's game alone
    board = await board_of(world, game_id)
    assert components(board) == []
    result_message = world.channel.history()[-1].embeds[0]
    assert result_message.title == "The delivery failed."
    # the board, left without buttons, and the result both say where the next game starts
    for embed in (board.embeds[0], result_message):
        assert re.search(
            r"Play again with </dine new:\d+> · the standings: </leaderboard:\d+>$", embed.description
        )
    assert slash_refusals(world) == [refused.response.content]


# --- 8. Discord fails while showing a move --------------------------------------------------------------


async def test_a_move_discord_failed_to_show_is_saved_and_the_player_is_told(world) -> None:
    ann = world.player("Ann")
    game_id = await start_game(world, [ann])
    hands = Hands(world, game_id)
    view = await hands.open(ann)
    before, saved = await saved_of(world, game_id)
    action = seat_move(saved, 0)

    world.env.inject_error("POST", "/interactions/*/*/callback", status=500, times=1)
    result = await perform(hands, Unaudited(world, ann.actor), action)
    forgive_the_retry(world)

    assert result.ephemeral
    assert result.response.content == SAVED_BUT_NOT_SHOWN
    record, after = await saved_of(world, game_id)
    assert record.version == before.version + 1
    logged_action = (await world.bot.store.actions(game_id))[-1]
    assert json.loads(logged_action.action_json)["kind"] == "play"
    assert after.state is not None
    assert after.state.actions_taken == saved.state.actions_taken + 1
    assert version_shown(hands.views[ann.id].response.embeds[0]) == before.version  # not redrawn
    board = await board_of(world, game_id)
    assert version_shown(board.embeds[0]) == record.version  # the board caught up
    refreshed = await ann.clicks(view, "Refresh")
    assert version_shown(refreshed.response.embeds[0]) == record.version
    assert world.take_errors() == []


async def test_a_card_played_from_ones_own_hand_is_told_once_in_the_hand_view(world) -> None:
    """A review: the hand view's note said "You: play X upright (free: play)" and then "Ann plays X
    into row 1.": the engine's line says the move and whose it is; the note keeps it alone."""
    ann = world.player("Ann")
    game_id = await start_game(world, [ann])
    hands = Hands(world, game_id)
    _, saved = await saved_of(world, game_id)
    assert saved.state is not None
    play = next(a for a in legal_actions(saved.state) if isinstance(a, PlayCard) and a.seat == 0)
    played = await perform(hands, ann, play)
    note = played.response.embeds[0].description
    lines = note.split("\n")
    assert not note.startswith("You: "), note
    assert re.match(r"Ann plays .+ into row \d+\.", lines[0]), note


async def test_the_hand_view_of_the_move_that_ends_the_game_says_the_end_once(world) -> None:
    """A review: the last move's hand view said "The pizza is delivered! Score 15 …" and then
    "**Delivered!** Score **15** …"."""
    ann = world.player("Ann")
    game_id = await start_game(world, [ann])
    hands = Hands(world, game_id)
    last = None
    for _ in range(3000):
        record, saved = await saved_of(world, game_id)
        if record.status != "active":
            break
        assert saved.state is not None
        last = await perform(hands, ann, heuristic(saved.state).action)
    assert last is not None
    _, saved = await saved_of(world, game_id)
    assert saved.state is not None
    text = last.response.embeds[0].description
    assert saved.state.outcome == "won"  # the test's seeded deal
    assert "**Delivered!**" not in text, text
    assert text.count("The pizza is delivered!") == 1, text  # the engine's line, once


async def test_a_crew_member_asking_in_another_channel_is_pointed_to_their_game(world) -> None:
    """A review: Ben, on Ann's crew, ran `/dine hand` in another channel and was told to start a game,
    while Ann was linked to the board. Every crew member is pointed to it; one who left the game is
    crew no more, and is told how to start one."""
    crew = [world.player(name) for name in ("Ann", "Ben", "Cal")]
    ben, cal = crew[1:]
    game_id = await start_game(world, crew)
    record = await record_of(world, game_id)
    elsewhere = world.guild.create_text_channel("elsewhere")
    await world.env.settle()
    link = f"https://discord.com/channels/{world.guild.id}/{world.channel.id}/{record.board_message_id}"
    pointed = (
        f"There is no Deep Space Dine game in this channel. Your game is [here]({link}): run this there."
    )

    for command in ("dine hand", "dine hint", "dine board", "dine leave"):
        asked = await ben.actor.slash(elsewhere, command)
        assert asked.ephemeral
        assert asked.response.content == pointed, command
    left = await cal.runs("dine leave")
    await cal.clicks(left.response.message, "Leave the game")
    gone = await cal.actor.slash(elsewhere, "dine hand")
    assert gone.response.content == (
        f"There is no Deep Space Dine game in this channel. Start one with {await world.mention('dine new')}."
    )
    assert (await record_of(world, game_id)).version == record.version + 1  # Cal's leave, nothing else
    assert len(slash_refusals(world)) == 5


async def test_someone_outside_a_lobby_is_told_they_are_not_on_its_crew(world) -> None:
    """A review: `/dine hand` in someone else's lobby said "The game has not started yet…", as if
    waiting would give the asker a hand. Whether they are on the crew is told first."""
    ann, ben = world.player("Ann"), world.player("Ben")
    game_id = await open_lobby(ann, world)
    before = await record_of(world, game_id)

    asked = {command: await ben.runs(command) for command in ("dine hand", "dine hint", "dine leave")}
    own = await ann.runs("dine hand")
    unchanged = await record_of(world, game_id) == before
    await ben.clicks(await board_of(world, game_id), "Join")
    joined = await ben.runs("dine hand")

    for command, shown in asked.items():
        assert shown.ephemeral
        assert shown.response.content.startswith(NOT_CREW), command
    # Ann is the host: she is told to press Start, not that the host presses it; Ben, on the crew now,
    # is told that the host does
    assert (
        own.response.content
        == "The game has not started yet: press **Start** on the lobby when everyone is in."
    )
    assert joined.response.content == "The game has not started yet: the host presses **Start** on the lobby."
    assert unchanged
    assert len(slash_refusals(world)) == 5
