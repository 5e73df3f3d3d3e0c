"""Rules the players must see (issue 16 item 4), each against the rulebook's own words:

- Deck and Discard Pile: "You always see the top card of the deck." — the board in words, the
  picture's alt text and the terminal name it (or say the deck is empty), and the crews that never see
  hidden cards keep it in the worlds they deal themselves (it is public).

The ruling on "a card with N drive" (E9) has its own file, `test_ruling_e9.py`. Cards used (Spacehopper
3000): Ramjet rdrive-1, Fusion Core reactor-1, Plasma Coil reactor-3, Helm Console pilot-1.
"""

from __future__ import annotations

from random import Random

from core.dine.actions import UseShip
from core.dine.cards import card_set, station
from core.dine.engine import apply, deal
from core.dine.state import State
from core.dine.worlds import determinize, public_key
from core.games.dine import GAME as DINE
from core.render.dine_text import (
    board_summary,
    describe_board,
    top_card,
)
from tests.dine.helpers import table
from tools.play import play as terminal


def terminal_lines(state: State) -> list[str]:
    """What the terminal game prints for `state` before the player quits."""
    lines: list[str] = []
    terminal(DINE, state, [], ask=lambda _: "q", say=lines.append)
    return lines


# --- "You always see the top card of the deck" ---


def test_the_board_in_words_and_the_alt_text_name_the_top_card_of_the_deck() -> None:
    state = table(hands=[["pilot-1"]], deck=["rdrive-1", "reactor-1", "reactor-3"])

    assert top_card(state) == "Ramjet"
    assert "Deck 3, top card Ramjet" in describe_board(state)
    assert "Deck 3, top card Ramjet" in board_summary(state)


def test_the_top_card_shown_is_the_card_drawn_next() -> None:
    """The ship's "free: draw 1" takes the card the board named; the board then names the next one."""
    ship = card_set().ship("Spacehopper 3000")
    assert ship.actions[0].cost.kind == "none"
    assert [(e.op, e.amount) for e in ship.actions[0].effects] == [("draw", 1)]
    state = table(hands=[["pilot-1"]], deck=["rdrive-1", "reactor-1", "reactor-3"])
    shown = top_card(state)

    after, _ = apply(state, UseShip(seat=0, index=0))

    assert [station(c).normal.name for c in after.hands[0]] == ["Helm Console", shown]
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
