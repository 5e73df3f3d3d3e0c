"""`/dine hint` read as the member reads it: their move, a reason in the game's words that is not
the move again (for the expert crew, with what its playouts saw), the close second where there is
one, and which crew thought about it (issue 17 item 3)."""

from __future__ import annotations

import re
from random import Random

import pytest

from core.dine.actions import Upgrade
from core.dine.ai import heuristic
from core.dine.cards import card_set
from core.dine.engine import STRANDED, apply, new_game
from core.dine.state import RULES_VERSION, State
from core.dine.symbols import side
from core.dine.worlds import determinize, public_key
from core.i18n import t
from core.render import dine_hint
from core.render.dine_hint import BY_EXPERT, BY_HEURISTIC, LAST_MOVE
from core.render.dine_text import describe
from tests.support.locales import discord_locales
from tests.support.messages import message, record_of
from tests.test_hint_checker import reason_problems

from .helpers import Hands, open_lobby, owner, perform, saved_of, start_game

CARDS = card_set(RULES_VERSION)


async def test_the_quick_hint_says_why_and_names_the_close_second(world) -> None:
    world.bot.hint_seconds = 0  # the heuristic answers
    alice, bob = world.player("Alice"), world.player("Bob")
    game_id = await start_game(world, [alice, bob])
    hands = Hands(world, game_id)
    for _ in range(60):  # play on until Alice has a move with a close second
        record, saved = await saved_of(world, game_id)
        state = saved.state
        assert state is not None
        expected = dine_hint.hint(state, saved.seats_for(alice.id))
        if expected is not None and expected.second_move:
            break
        action = heuristic(state).action
        await perform(hands, owner(saved, action, [alice, bob]), action)
    assert expected is not None
    assert expected.second_move, "no close second within 60 moves"

    shown = await alice.runs("dine hint")

    lines = shown.response.content.split("\n")
    assert shown.ephemeral
    mine = saved.seats_for(alice.id)
    # the asker's own move without "Crew 1:", a vacant seat's they play with its holder's name
    assert lines[0] == f"**Suggestion for you:** {describe(state, expected.action, mine).line}"
    assert lines[1] == f"*Why:* {expected.why}"
    second = describe(state, expected.second, mine, names=saved.names_in_text())
    said = second.line if second.seat == mine[0] else second.text
    assert lines[2] == f"*Close second:* {said}. {expected.second_why}"
    assert lines[-1] == BY_HEURISTIC  # which crew thought about it
    assert reason_problems(expected.move, expected.why) == []
    assert reason_problems(expected.second_move, expected.second_why) == []
    assert (await saved_of(world, game_id))[0].version == record.version  # a hint changes nothing


async def test_the_expert_hint_says_what_its_playouts_saw(world) -> None:
    world.bot.hint_seconds = 60.0  # all the time it needs
    alice, bob = world.player("Alice"), world.player("Bob")
    game_id = await start_game(world, [alice, bob])
    _, saved = await saved_of(world, game_id)
    state = saved.state
    assert state is not None
    expected = dine_hint.hint(state, saved.seats_for(alice.id), expert=True)
    assert expected is not None

    shown = await alice.runs("dine hint")

    lines = shown.response.content.split("\n")
    assert lines[0] == f"**Suggestion for you:** {describe(state, expected.action, (0,)).line}"
    assert lines[1] == f"*Why:* {expected.why}"
    weighed = r"Played out on \d+ reshuffled deals?, it did (best of|as well as any of) the \d moves weighed"
    assert re.search(weighed, lines[1])
    assert lines[-1] == BY_EXPERT
    assert reason_problems(expected.move, expected.why) == []


async def test_a_german_hint_names_the_way_out_a_card_helps_in_good_german(german_world, monkeypatch) -> None:
    """ "Für" takes the accusative, and the ways out are said in the nominative ("der Sprung"): the
    hint read "sie bringt 4 Antrieb für der Sprung". The way out is the subject ("der Sprung bekommt
    damit …"), and a sector to solve is named without declining its name ("das Lösen des Sektors …")."""
    world = german_world
    world.bot.hint_seconds = 0  # the heuristic answers
    hans = world.player("hans")
    discord_locales(monkeypatch, {hans.id: "de"})
    game_id = await open_lobby(hans, world)
    await hans.clicks(message(world, (await record_of(world, game_id)).board_message_id), "Starten")
    hands = Hands(world, game_id, lambda text: t("de", text))
    shown: dict[str, str] = {}
    for _ in range(40):  # play on until the hint has helped toward both ways out
        _, saved = await saved_of(world, game_id)
        assert saved.state is not None
        expected = dine_hint.hint(saved.state, (0,))
        why = expected.why if expected is not None else ""
        way = "the jump" if "toward the jump" in why else "solving" if "toward solving" in why else None
        if way is not None and way not in shown:
            shown[way] = (await hans.runs("dine hint")).response.content
        if len(shown) == 2:
            break
        await perform(hands, hans, heuristic(saved.state).action)

    # "die" after the symbols read wrong for a masculine one ("1 Antrieb, die der Sprung braucht")
    solving = "Das Lösen des Sektors Flug nach Orion bekommt damit 2 Energie: Das Raster hält"
    assert solving in shown["solving"]
    assert re.search(r"Der Sprung bekommt damit [^:]+: Das Raster hält", shown["the jump"])
    assert not [hint for hint in shown.values() if " für der " in hint or " von Flug" in hint]


def test_on_an_exact_tie_the_hint_suggests_the_move_that_keeps_the_pizza() -> None:
    """A review: "Suggestion: Solve the sector (pay 2 pizza) … the next best did exactly as well",
    with a free card play as the close second. A tie is no reason to give points up for good."""
    from collections import Counter

    from core.dine.actions import Clear, PlayCard
    from core.dine.engine import apply, legal_actions, new_game
    from core.dine.expert import Weighed
    from core.policies import Choice

    state = new_game(0, crew=1)
    for _ in range(18):  # the heuristic crew's moves to a position where a track solution is open
        state, _ = apply(state, heuristic(state).action)
    pay = Clear(how="solve", solution=1)
    play = next(a for a in legal_actions(state) if isinstance(a, PlayCard))
    assert pay in legal_actions(state)
    scores = [1.0, 0.0, 1.0, 1.0]
    seen = Weighed(  # the search stops playing a candidate once it ties: it has fewer worlds
        options=[Choice(pay, "pays"), Choice(play, "plays")],
        scores=[[*scores, 1.0, 0.0, 1.0, 1.0], list(scores)],
        losses=[Counter(), Counter()],
        best=0,
        running=(0, 1),
    )
    hint = dine_hint._expert_hint(state, (0,), seen)
    assert hint.action == play
    assert hint.second == pay  # still said, as the close second
    ahead = Weighed(
        options=seen.options,
        scores=[[1.0, 1.0, 1.0, 1.0, 1.0, 0.0, 1.0, 1.0], scores],
        losses=seen.losses,
        best=0,
        running=(0, 1),
    )
    assert dine_hint._expert_hint(state, (0,), ahead).action == pay  # better in a playout: it stands


def _other_hand_swapped(state: State, other: int) -> State:
    """`state` with `other`'s hand dealt from the cards it and the deck under its top card hold
    together: a position that reads the same to everyone but `other`."""
    swapped = state.clone()
    pool = sorted([*swapped.hands[other], *swapped.deck[1:]], reverse=True)
    size = len(swapped.hands[other])
    swapped.hands[other], swapped.deck = pool[:size], [*swapped.deck[:1], *pool[size:]]
    return swapped


def test_with_private_hands_the_expert_hint_reads_only_the_askers_hand() -> None:
    """R17: with private hands a member sees their own hand only. The expert's worlds deal the other
    hands afresh (from those hands and the deck under its top card), so two games that differ only in
    another member's hand give the same hint; with open hands it reads every hand, as the crew may."""
    state = new_game(3, level="Margherita", crew=2, rules_version=RULES_VERSION)
    swapped = _other_hand_swapped(state, 1)
    assert swapped.hands[1] != state.hands[1]
    assert sorted([*swapped.hands[1], *swapped.deck]) == sorted([*state.hands[1], *state.deck])
    assert public_key(5, swapped, [1]) == public_key(5, state, [1])
    assert public_key(5, swapped) != public_key(5, state)
    for seed in range(4):
        world = determinize(state, Random(seed), [1])
        assert world.hands[0] == state.hands[0]  # the asker's own hand and the top card stay
        assert world.deck[0] == state.deck[0]
        assert len(world.hands[1]) == len(state.hands[1])
        assert sorted([*world.hands[1], *world.deck]) == sorted([*state.hands[1], *state.deck])
    private = [dine_hint.hint(s, [0], expert=True, private=True) for s in (state, swapped)]
    assert private[0] == private[1]
    said = [dine_hint.hint_text(s, [0], ["Ann", "Ben"], expert=True, private=True) for s in (state, swapped)]
    assert said[0] == said[1]
    assert "The crew's best move now is" not in said[0]


@pytest.mark.parametrize("hands", ["open", None])
async def test_an_open_hands_crew_sees_every_hand_on_the_board(world, hands) -> None:
    """`/dine new hands:open` (R17): the lobby says so, the board lists each member's cards under their
    name and its footer names the option; by default (no option) no hand is shown."""
    alice, bob = world.player("Alice"), world.player("Bob")
    options = {"hands": hands} if hands else {}
    game_id = await open_lobby(alice, world, **options)
    lobby = message(world, (await record_of(world, game_id)).board_message_id).embeds[0].description
    shown = "every hand shown on the board" if hands else "every hand private"
    assert f"Deliver a pizza across space together: 1 to 3 crew, {shown}." in lobby
    board = message(world, (await record_of(world, game_id)).board_message_id)
    await bob.clicks(board, "Join")
    await alice.clicks(message(world, (await record_of(world, game_id)).board_message_id), "Start")
    record, saved = await saved_of(world, game_id)
    state = saved.state
    assert state is not None
    assert saved.setup.open_hands == bool(hands)
    embed = message(world, record.board_message_id).embeds[0]
    crew = {f.name: f.value for f in embed.fields}["Crew"].split("\n")
    for seat in range(2):
        names = [side(state.cards, card, state.upgraded).name for card in state.hands[seat]]
        assert (f"  Hand: {', '.join(names)}" in crew) == bool(hands)
    assert ("open hands" in embed.footer.text) == bool(hands)


def _before_the_last_move(seed: int) -> tuple[State, int]:
    """A three-crew Quasar Calzone game at Margherita played by the heuristic up to its last move, which
    strands the crew, and whose seat makes it (every other hand is empty then)."""
    state = new_game(seed, level="Margherita", crew=3, ship="Quasar Calzone", rules_version=RULES_VERSION)
    while state.outcome == "playing":
        action = heuristic(state).action
        after = apply(state, action)[0]
        if after.loss_reason == STRANDED:
            return state, action.seat
        state = after
    raise AssertionError(f"seed {seed}: the game was not lost stranded")


@pytest.mark.parametrize("private", [True, False])
def test_the_hint_for_the_move_that_strands_the_crew_says_the_game_is_lost_after_it(private: bool) -> None:
    """A review found "It changes nothing now" suggested as the crew's only move, with nothing saying
    the game is lost once it is made (R18: nobody can act then). The hint now says so; with private
    hands only while every other hand is empty (the board shows the counts)."""
    state, seat = _before_the_last_move(2)
    assert all(not hand for other, hand in enumerate(state.hands) if other != seat)
    names = ["Ann", "Ben", "Cal"]
    said = dine_hint.hint_text(state, [seat], names, private=private).split("\n")
    assert said[-2] == t("en", LAST_MOVE)
    assert said[-2] == (
        "**This is the crew's last move:** after it nobody can do anything, so the crew is stranded and "
        "the game is lost."
    )
    earlier = new_game(2, level="Margherita", crew=3, ship="Quasar Calzone", rules_version=RULES_VERSION)
    assert t("en", LAST_MOVE) not in dine_hint.hint_text(earlier, [0], names, private=private)
    if private:  # another member still holding a card might play on: the asker cannot tell
        held = state.clone()
        held.hands[(seat + 1) % 3] = [state.removed[0]]  # a card back in play: only its count shows
        assert t("en", LAST_MOVE) not in dine_hint.hint_text(held, [seat], names, private=True)


async def test_with_open_hands_the_boards_log_names_the_card_upgraded(world) -> None:
    """With private hands the log says "Ann upgrades a hand card" (the card stays hidden in the hand);
    with open hands every hand is on the board, so the log names it, and the hand list marks it."""
    alice, bob = world.player("Alice"), world.player("Bob")
    game_id = await start_game(world, [alice, bob], hands="open")
    hands = Hands(world, game_id)
    for _ in range(120):
        record, saved = await saved_of(world, game_id)
        state = saved.state
        assert state is not None
        action = heuristic(state).action
        await perform(hands, owner(saved, action, [alice, bob]), action)
        if isinstance(action, Upgrade) and action.card is not None:
            break
    else:
        raise AssertionError("no upgrade within 120 moves")
    record, saved = await saved_of(world, game_id)
    embed = message(world, record.board_message_id).embeds[0]
    fields = {f.name: f.value for f in embed.fields}
    name = side(CARDS, action.card, ()).name
    seat_name = saved.seat_names()[action.seat or 0]
    assert f"{seat_name} upgrades {name}." in fields["What happened"]
    assert "upgrades a hand card" not in fields["What happened"]
    if action.card in (saved.state.hands[action.seat or 0] if saved.state else []):
        assert f"{name} (upgraded)" in fields["Crew"]
