"""Rules the players must see (issue 16 item 4), each against the rulebook's own words:

- Deck and Discard Pile: "You always see the top card of the deck." — the board in words, the
  picture's alt text and the terminal name it (or say the deck is empty), and the crews that never see
  hidden cards keep it in the worlds they deal themselves (it is public).
- Actions: "They are always built the same way: Costs, colon, effect. [...] If a "-" is there, the
  action costs you nothing." — every control and terminal line of a printed action reads "cost: effect".

The ruling on "a card with N drive" (E9) has its own file, `test_ruling_e9.py`. Cards used (Spacehopper
3000): Ramjet rdrive-1, Rotary Thruster rdrive-2 (occupied: discard a hand card with 2+ drive: draw 2,
once per sector), Fusion Core reactor-1 (occupied: free: draw 1, once per sector), Helm Console pilot-1.
"""

from __future__ import annotations

from random import Random

from core.dine.actions import Action, PlayCard, UseShip, UseStation
from core.dine.ai import heuristic
from core.dine.cards import card_set
from core.dine.codes import decode
from core.dine.engine import apply, deal, legal_actions
from core.dine.state import RULES_VERSION, State
from core.dine.worlds import determinize, public_key
from core.render.dine_controls import moves
from core.render.dine_text import (
    FREE,
    action_text,
    action_words,
    board_summary,
    describe,
    describe_board,
    top_card,
    used_action,
)
from tests.dine.helpers import ship_deck, table
from tools.play import play_dine as terminal

CARDS = card_set(RULES_VERSION)  # the cards new games are dealt with

QUASAR = "Quasar Calzone"


def said(state: State, action: Action) -> str:
    return describe(state, action).text


def terminal_lines(state: State) -> list[str]:
    """What the terminal game prints for `state` before the player quits."""
    lines: list[str] = []
    terminal(state, [], ask=lambda _: "q", say=lines.append)
    return lines


# --- "You always see the top card of the deck" ---


def test_the_board_in_words_and_the_alt_text_name_the_top_card_of_the_deck() -> None:
    state = table(hands=[["pilot-1"]], deck=["rdrive-1", "reactor-1", "reactor-3"])

    assert top_card(state) == "Ramjet"
    assert "Deck 3, top card Ramjet" in describe_board(state)
    assert "Deck 3, top card Ramjet" in board_summary(state)


def test_the_top_card_shown_is_the_card_drawn_next() -> None:
    """The ship's "free: draw 1" takes the card the board named; the board then names the next one."""
    assert action_text(CARDS.ship("Spacehopper 3000").actions[0]) == "free: draw 1, twice per sector"
    state = table(hands=[["pilot-1"]], deck=["rdrive-1", "reactor-1", "reactor-3"])
    shown = top_card(state)

    after, _ = apply(state, UseShip(seat=0, index=0))

    assert [CARDS.station(c).normal.name for c in after.hands[0]] == ["Helm Console", shown]
    assert "Deck 2, top card Fusion Core" in board_summary(after)


def test_an_empty_deck_is_said_so() -> None:
    """Hand Cards: "If you have to draw more cards than are in your deck, shuffle the discard pile into
    a new deck. If there are still not enough, you cannot draw any more cards." """
    refills = table(hands=[["pilot-1"]], deck=[], discard=["reactor-1"])
    dry = table(hands=[["pilot-1"]], deck=[], discard=[])

    assert top_card(refills) is None
    for text in (describe_board(refills), board_summary(refills)):
        assert "Deck empty (the next draw shuffles the discard pile into a new deck)" in text
        assert "top card" not in text
    for text in (describe_board(dry), board_summary(dry)):
        assert "Deck empty, and no discard pile to shuffle" in text


def test_the_terminal_shows_the_top_card() -> None:
    state = table(hands=[["pilot-1"]], deck=["rdrive-1", "reactor-1"])

    assert any("Deck 2, top card Ramjet" in line for line in terminal_lines(state))


def test_the_worlds_keep_the_real_top_card_and_shuffle_the_rest() -> None:
    """The top card is public: a crew that never sees hidden cards may use it, so the worlds it deals
    itself keep it on top; only the cards under it are dealt afresh."""
    state, _ = deal(5, level="Pepperoni", crew=1)
    assert len(state.deck) > 5
    worlds = [determinize(state, Random(k)) for k in range(8)]

    assert all(world.deck[0] == state.deck[0] for world in worlds)
    assert all(sorted(world.deck[1:]) == sorted(state.deck[1:]) for world in worlds)
    assert any(world.deck[1:] != state.deck[1:] for world in worlds)


def test_the_top_card_is_part_of_what_the_crews_see_and_the_rest_is_not() -> None:
    state, _ = deal(5, level="Pepperoni", crew=1)
    under = state.clone()
    rest = under.deck[1:]
    Random(3).shuffle(rest)
    under.deck = [under.deck[0], *reversed(rest)]
    swapped = state.clone()
    swapped.deck[0], swapped.deck[1] = swapped.deck[1], swapped.deck[0]

    assert public_key(7, under) == public_key(7, state)
    assert public_key(7, swapped) != public_key(7, state)


# --- "Costs, colon, effect" ---


def states_with_stations() -> list[State]:
    """States of real games under the heuristic crew (every ship, 1 and 2 crew), and each of them
    again every 10th move with crew member 1 occupying, in turn, each of the ship's stations that give
    an action (one not in play elsewhere)."""
    found: list[State] = []
    for seed, ship in enumerate(side.name for side in CARDS.ship_sides()):
        actions = [c for c in ship_deck(ship) if CARDS.station(c).normal.occupied.action is not None]
        for crew in (1, 2):
            state, _ = deal(seed, ship=ship, level="Pepperoni", crew=crew)
            for number in range(120):
                if state.outcome != "playing":
                    break
                found.append(state)
                if number % 10 == 0:
                    for card in actions:
                        if card in state.deck or card in state.discard:
                            found.append(state.model_copy(update={"stations": [card, *state.stations[1:]]}))
                state, _ = apply(state, heuristic(state).action)
    return found


def test_every_printed_action_reads_cost_colon_effect_in_every_menu_and_terminal_line() -> None:
    """Every move that carries out a printed action (a hand card's, the occupied station's, the ship's)
    shows its cost and its effect: in the control's label as "cost: effect", or — only when that
    would not fit — the effect in the label and the cost first in its description; the terminal line (and
    the board's log, which uses the same words) reads "(cost: effect)"."""
    stations = 0
    for state in states_with_stations():
        actions = legal_actions(state)
        for seat in range(state.crew):
            for move in moves(state, seat, actions):
                first = decode(state, move.options[0].code)
                assert first is not None
                assert first in actions
                used = used_action(state, first)
                if used is None:
                    continue
                words = action_words(used, in_hand=isinstance(first, PlayCard))
                stations += isinstance(first, UseStation)
                if words.text in move.label:
                    assert "Cost:" not in move.description  # what the card gives, if anything
                else:
                    assert words.effect in move.label
                    assert move.description.startswith(f"Cost: {words.cost}")
        for action in actions:
            used = used_action(state, action)
            if used is not None:
                printed = action_words(used, in_hand=isinstance(action, PlayCard)).text
                assert f"({printed})" in said(state, action)
    assert stations > 0


def test_a_free_action_reads_free_never_a_dash() -> None:
    """Actions: "If a '-' is there, the action costs you nothing": the controls say "free"."""
    state = table(hands=[["pilot-1", "reactor-1"]])
    labels = [move.label for move in moves(state, 0)]

    assert "Helm Console — free: play" in labels
    assert "Ship — free: draw 1, twice per sector" in labels
    assert said(state, UseShip(seat=0, index=0)) == "Crew 1: Ship action (free: draw 1, twice per sector)"
    texts = [*labels, *(said(state, a) for a in legal_actions(state)), *terminal_lines(state)]
    assert not [text for text in texts if "–:" in text or "- -" in text or "-:" in text]
    assert action_words(CARDS.station("pilot-1").normal.actions[0]).cost == FREE


def test_an_occupied_stations_action_shows_its_cost_and_effect() -> None:
    """The occupied Rotary Thruster: its control, the terminal line and the board in words say what
    it costs and what it does."""
    state = table(hands=[["rdrive-1", "pilot-1"]], stations=["rdrive-2"])
    use = UseStation(
        seat=0, payment=next(a.payment for a in legal_actions(state) if isinstance(a, UseStation))
    )
    printed = "discard a hand card with 2+ drive: draw 2, once per sector"

    assert f"Rotary Thruster (occupied) — {printed}" in [move.label for move in moves(state, 0)]
    assert said(state, use) == f"Crew 1: Use Rotary Thruster ({printed}) by discarding Ramjet"
    # The log line is public: in German it speaks of the crew member, not to the reader ("du").
    german = describe(state, use, locale="de").text
    assert german.endswith("unter Abwurf von Staustrahltriebwerk"), german
    assert " du " not in german
    assert f"occupies Rotary Thruster (action — {printed})" in describe_board(state)
    assert f"at Rotary Thruster (action — {printed})" in board_summary(state)
    lines = terminal_lines(state)
    # one way to pay (Ramjet is the only other card with 2 drive): taken at once, so the line names it
    assert any(line.endswith(f"Rotary Thruster (occupied) — {printed} (Discarding Ramjet)") for line in lines)


def test_a_free_station_action_reads_free() -> None:
    state = table(hands=[["pilot-1"]], stations=["reactor-1"])

    assert "Fusion Core (occupied) — free: draw 1, once per sector" in [m.label for m in moves(state, 0)]
    assert said(state, UseStation(seat=0)) == "Crew 1: Use Fusion Core (free: draw 1, once per sector)"
