"""Set-up scenarios: the starter game, the normal set-up, hand sizes, markers and a repeatable deal.

Each test names the rulebook paragraph, FAQ ruling or ruling (R1–R20, E1–E8) it checks.
"""

from __future__ import annotations

from collections import Counter

import pytest

from core.dine.cards import card_set
from core.dine.engine import deal, sector_side
from core.dine.state import RULES_VERSION, StackCard
from core.dine.told import said
from core.errors import IllegalAction
from tests.dine.helpers import everywhere, ship_deck

CARDS = card_set(RULES_VERSION)  # the cards new games are dealt with

SHIPS = [side.name for side in CARDS.ship_sides()]
LEVELS = [level.name for level in CARDS.levels]


def test_starter_deck_is_the_ten_pilot_reactor_and_r_drive_cards() -> None:
    """Starter set-up: "Search from the stations for all 10 cards with Pilot, Reactor and R-Drive. Turn
    them to their normal side and shuffle them as a deck." """
    state, _ = deal(1, starter=True)
    cards = everywhere(state)

    assert sum(cards.values()) == 10
    assert {CARDS.station(c).station for c in cards} == {"Pilot", "Reactor", "R-Drive"}
    assert set(cards) == {c.id for c in CARDS.stations if c.station in ("Pilot", "Reactor", "R-Drive")}
    assert state.upgraded == []
    assert state.starter


def test_starter_stack_is_flight_to_orion_then_the_marked_sectors_then_procure_ingredient() -> None:
    """Starter set-up / R20: "Place on it ... the card with the (marked) back; on it the next marked
    card, and on that the Flug nach Orion" — Flight to Orion is the first sector played."""
    state, _ = deal(1, starter=True)
    first, second, third, help_card = state.stack

    assert sector_side(state) is not None
    assert sector_side(state).name == "Flight to Orion"
    assert first == StackCard(sector="boss-kraken", side="back")
    assert [CARDS.sector(c.sector).back.kind for c in (first, second, third)] == ["starter"] * 3
    assert second.side == "back"
    assert third.side == "back"
    assert help_card == StackCard(help="procure")
    assert len(state.stack) == 4


@pytest.mark.parametrize("seed", [1, 2, 3, 99])
def test_starter_stack_does_not_depend_on_the_seed(seed: int) -> None:
    """R20: "Flight to Orion on top", the two marked sectors on Procure Ingredient — always."""
    state, _ = deal(seed, starter=True, crew=2)

    assert [(c.sector, c.side, c.help) for c in state.stack] == [
        ("boss-kraken", "back", None),
        ("boss-inspector", "back", None),
        ("boss-rushhour", "back", None),
        (None, "front", "procure"),
    ]


@pytest.mark.parametrize("level", LEVELS)
def test_normal_setup_lays_the_levels_easy_sectors_on_the_final_frontier(level: str) -> None:
    """Normal set-up: "Lay out the card Die letzte Grenze. Now choose your difficulty on the help card
    and place the corresponding number of easy sectors as a shuffled deck on the Final Frontier." """
    state, _ = deal(7, level=level)
    easy = CARDS.level(level).easy
    sectors, frontier = state.stack[:-1], state.stack[-1]

    assert frontier == StackCard(help="frontier")
    assert len(sectors) == easy
    assert len({c.sector for c in sectors}) == easy
    assert all(c.side == "front" for c in sectors)
    assert all(CARDS.sector(c.sector).front.kind == "easy" for c in sectors)
    assert not state.starter


def test_normal_setup_shuffles_the_sectors_by_seed() -> None:
    """Normal set-up: "a shuffled deck" of easy sectors — different seeds lay different sectors."""
    orders = {tuple(c.sector for c in deal(seed)[0].stack) for seed in range(12)}

    assert len(orders) > 1


@pytest.mark.parametrize("ship", SHIPS)
def test_normal_setup_deck_is_every_station_named_on_the_ship(ship: str) -> None:
    """Normal set-up: "Take from the station cards all cards with the station names given on your
    ship. Turn them to their normal side, shuffle and form the deck." """
    state, _ = deal(3, ship=ship)

    assert everywhere(state) == Counter(ship_deck(ship, CARDS))  # new games' cards
    assert state.upgraded == []
    assert state.grid == [[]]


@pytest.mark.parametrize(("crew", "size"), [(1, 7), (2, 5), (3, 4)])
def test_hand_sizes_are_7_5_and_4(crew: int, size: int) -> None:
    """Set-up: "Playing alone: 7 cards. Playing with two: 5 cards. Playing with three: 4 cards." """
    state, _ = deal(11, crew=crew)

    assert [len(hand) for hand in state.hands] == [size] * crew


@pytest.mark.parametrize(("crew", "size"), [(1, 7), (2, 5)])
def test_starter_game_with_one_or_two_draws_full_hands(crew: int, size: int) -> None:
    """Set-up (starter game): each crew member draws "as many cards as corresponds to your hand size"."""
    state, _ = deal(4, crew=crew, starter=True)

    assert [len(hand) for hand in state.hands] == [size] * crew
    assert len(state.deck) == 10 - size * crew


def test_faq_three_crew_starter_game_draws_4_3_and_3() -> None:
    """FAQ "The starter game with 3 crew members": "one crew member therefore draws 4 cards and two
    draw 3 cards each"; E1: one card at a time round the seats, so the first seat gets the fourth."""
    state, _ = deal(5, crew=3, starter=True)

    assert [len(hand) for hand in state.hands] == [4, 3, 3]
    assert state.deck == []


def test_nostroven_one_starter_deck_takes_the_p_drive() -> None:
    """Starter set-up: "If you play the Nostroven One, take the P-Drive." In new games' cards (dine-3)
    the Nostroven One carries Sensors instead of a Pilot station, and its starter deck names them."""
    state, _ = deal(1, ship="Nostroven One", starter=True)
    names = Counter(CARDS.station(c).station for c in everywhere(state).elements())

    assert names == Counter({"Sensors": 3, "Reactor": 4, "P-Drive": 3})
    assert CARDS.ship("Nostroven One").starter_stations == ("Sensors", "Reactor", "P-Drive")
    old, _ = deal(1, ship="Nostroven One", starter=True, rules_version="dine-2")
    names = Counter(card_set("dine-2").station(c).station for c in everywhere(old).elements())
    assert names == Counter({"Pilot": 3, "Reactor": 4, "P-Drive": 3})


def test_the_take_off_names_the_stations_in_the_deck() -> None:
    """The player is told which stations a deck holds, since the Nostroven One's starter deck is not
    the rulebook's usual Pilot, Reactor and R-Drive."""
    _, events = deal(1, ship="Nostroven One", starter=True)
    assert said(events[0].text) == (
        "The Nostroven One takes off with 10 station cards in its deck: Sensors, Reactor, P-Drive."
    )
    _, events = deal(1, ship="Spacehopper 3000", starter=True)
    assert said(events[0].text).endswith("in its deck: Pilot, Reactor, R-Drive.")
    _, events = deal(1, ship="Quasar Calzone", level="Salad")
    spec = CARDS.ship("Quasar Calzone")
    assert said(events[0].text).endswith(f"in its deck: {', '.join(spec.stations)}.")
    assert "Sensoren" in said(events[0].text, "de")


@pytest.mark.parametrize("ship", SHIPS)
def test_markers_start_on_the_rightmost_spaces(ship: str) -> None:
    """Set-up: "put one marker each on the rightmost space of the damage track and of the pizza track"."""
    spec = CARDS.ship(ship)
    state, _ = deal(2, ship=ship)

    assert state.damage == spec.damage.length
    assert state.pizza == spec.pizza.length
    assert state.marker == spec.marker_start
    assert state.outcome == "playing"


def test_same_seed_gives_the_same_deal() -> None:
    """Determinism: a seed means the same game ("same seed → same deal")."""
    first, first_events = deal(42, ship="Crusty Cruiser", level="Pepperoni", crew=2)
    second, second_events = deal(42, ship="Crusty Cruiser", level="Pepperoni", crew=2)

    assert first == second
    assert first_events == second_events


def test_different_seeds_give_different_deals() -> None:
    """Shuffling: "shuffle them as a deck" — the seed decides the order."""
    hands = {tuple(deal(seed)[0].hands[0]) for seed in range(10)}

    assert len(hands) > 1


def test_a_danger_0_sector_on_top_strikes_at_the_deal() -> None:
    """R10: "Danger 0 sectors strike once, when revealed" — also the first sector of the deal.
    Only dine-1 prints danger-0 sides (dine-2 has none), and its games still deal and replay them.
    (Seed 5 lays Galactic Customs first: 1 damage OR remove 2 hand cards.)"""
    state, _ = deal(5, rules_version="dine-1")

    assert state.stack[0].sector == "sector-customs"
    assert state.pending is not None
    assert state.pending.kind == "choose"
    assert len(state.pending.options) == 2


@pytest.mark.parametrize("crew", [0, 4])
def test_a_crew_is_one_to_three(crew: int) -> None:
    """Set-up: hand sizes exist for 1, 2 or 3 crew members only."""
    with pytest.raises(IllegalAction):
        deal(1, crew=crew)
