"""Flow scenarios: actions and their costs, clearing a sector, danger, consequences, tracks, stations,
"At X:" triggers, the deck, the help cards, winning and being stranded.

Each test builds exactly the table it needs (`tests.dine.helpers.table`) with the Spacehopper 3000
unless it says otherwise, plays real actions and names the rulebook paragraph, FAQ ruling or ruling
(R1–R20, engine rulings E1–E8 of docs/rulings-dine.md) it checks. Sectors used (1 crew unless
stated): Flight to Orion (boss-kraken back: jump 3 drive, solved by 3 energy, danger 5, 1 damage),
Orion Egg Farm (boss-inspector back), Henhouse Nebula (boss-rushhour back: danger 0, 1 damage OR
discard 2), Asteroid Drift (jump needs navigation, shield + firepower, danger 4, 1 damage), Pirate
Toll Booth (jump 3 drive 1 navigation, firepower 4 + shield 1 OR 1 pizza, danger 4, 2 damage).
Jump and solution numbers that the balance tuning changes are read from the card data
(`core.dine.cards.sector`), and the grids are built to reach or miss them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest

from core.dine.actions import (
    Choose,
    Clear,
    Give,
    Occupy,
    Payment,
    Shield,
    Upgrade,
    UseShip,
    UseStation,
)
from core.dine.ai import heuristic_action
from core.dine.cards import Symbol
from core.dine.engine import (
    apply,
    can_jump,
    danger_value,
    legal_actions,
    new_game,
    sector_side,
    solved_by_symbols,
)
from core.dine.state import Pending, Placed, StackCard, State
from core.dine.told import said
from core.errors import IllegalAction
from core.render.dine_text import loss_text
from tests.dine.helpers import CARDS, SHIP, have, play, plays, rows_giving, run, ship_deck, table

ORION = "boss-kraken"  # back: Flight to Orion
EGGS = "boss-inspector"  # back: Orion Egg Farm; front: The Health Inspector (X jump)
HENHOUSE = "boss-rushhour"  # back: Henhouse Nebula (danger 0)
ASTEROIDS = "sector-asteroids"
PIRATES = "sector-pirates"
NOSTROVEN = "Nostroven One"
QUASAR = "Quasar Calzone"
PROCURE = StackCard(help="procure")
FRONTIER = StackCard(help="frontier")


def cards(row: Sequence[Placed]) -> list[str]:
    return [p.card for p in row]


def rows(state: State) -> list[list[str]]:
    return [cards(r) for r in state.grid]


def orion(**fields: object) -> State:
    """Flight to Orion (3 energy) with Zero-Point Reactor (2 energy, no drive) in the current row:
    playing Plasma Coil (1 energy) meets its solution, and nothing reaches its jump. The one crew
    member holds Plasma Coil, Helm Console and Ramjet."""
    assert CARDS.sector(ORION).back.solutions[0].symbols == {Symbol.ENERGY: 3}
    assert CARDS.station("reactor-4").normal.row.symbols == {Symbol.ENERGY: 2}
    assert CARDS.station("reactor-3").normal.row.symbols == {Symbol.ENERGY: 1}
    values: dict[str, object] = {
        "hands": [["reactor-3", "pilot-1", "rdrive-1"]],
        "grid": [["reactor-4"]],
        "sector": ORION,
        "side": "back",
        "then": [(EGGS, "back")],
    }
    values.update(fields)
    return table(**values)  # type: ignore[arg-type]


def solve_orion(state: State) -> State:
    """Play Plasma Coil and solve; answer "no upgrade" if asked."""
    state, _ = play(state, "reactor-3")
    state = run(state, Clear(how="solve", solution=0))
    if state.pending is not None and state.pending.kind == "upgrade":
        state = run(state, Upgrade())
    return state


def rest(ship: str, *used: str) -> list[str]:
    """The ship's other cards, in card-set order: a deck whose top the test knows."""
    return [c for c in ship_deck(ship) if c not in used]


# --- actions: playing cards and paying costs (rulebook "Actions", "Station Cards") ---


def test_playing_a_card_puts_it_upright_into_the_current_row() -> None:
    """Actions: "Play symbol: Put this card into your current row"; Obtaining Symbols: "you may only
    play new cards into the current row"."""
    state = table(hands=[["pilot-1", "reactor-1"]], grid=[["rdrive-1"], []])
    after, _ = play(state, "pilot-1")

    assert after.grid == [[Placed(card="rdrive-1")], [Placed(card="pilot-1")]]
    assert after.hands == [["reactor-1"]]
    assert after.actions_taken == state.actions_taken + 1


def test_the_rotate_action_puts_the_card_rotated_into_the_current_row() -> None:
    """Actions: "Rotate symbol: Rotate this card by 180 degrees" (Autopilot's lower action has no cost)."""
    state = table(hands=[["pilot-2"]])
    after, _ = play(state, "pilot-2", action=1)

    assert after.grid == [[Placed(card="pilot-2", rotated=True)]]
    assert have(after) == {"firepower": 1}


def test_a_discard_cost_takes_another_card_of_the_actors_hand() -> None:
    """Actions: "Discard symbol: Discard any other hand card"; R3: "another card from that hand".
    Ramjet: discard, then rotate and play."""
    assert CARDS.station("rdrive-1").normal.actions[1].cost.kind == "discard"
    state = table(hands=[["rdrive-1", "reactor-1", "pilot-1"]])
    offered = {a.payment.hand for a in plays(state) if a.card == "rdrive-1" and a.action == 1}

    assert offered == {("reactor-1",), ("pilot-1",)}
    after, _ = play(state, "rdrive-1", action=1, hand=["pilot-1"])

    assert after.discard == ["pilot-1"]
    assert after.hands == [["reactor-1"]]
    assert after.grid == [[Placed(card="rdrive-1", rotated=True)]]


def test_a_remove_cost_takes_a_card_out_of_the_game() -> None:
    """Actions: "Remove symbol: Remove any hand card from the game. The card is not discarded but no
    longer takes part in the game." The Quasar Calzone's second ship action: remove, then draw 2."""
    assert CARDS.ship(QUASAR).actions[1].cost.kind == "remove"
    state = table(hands=[["pilot-1", "reactor-1"]], ship=QUASAR)
    top = state.deck[:2]
    after = run(state, UseShip(seat=0, index=1, payment=Payment(hand=("reactor-1",))))

    assert after.removed == ["reactor-1"]
    assert after.discard == []
    assert after.hands == [["pilot-1", *top]]
    assert after.grid == [[]]


def test_an_action_whose_cost_cannot_be_paid_is_not_offered() -> None:
    """Actions: "You must always pay the costs first" — with no other hand card there is nothing to
    discard, so only Ramjet's free upright play is offered."""
    state = table(hands=[["rdrive-1"]])

    assert [(a.card, a.action) for a in plays(state)] == [("rdrive-1", 0)]
    with pytest.raises(IllegalAction):
        play(state, "rdrive-1", action=1)


def test_a_symbol_cost_is_paid_from_the_grid() -> None:
    """Actions: "If you play the upper action, you must pay 1 energy and then put this card into your
    current row." Ion Cannon's rotated play costs 1 energy, without an energy it is not offered."""
    poor = table(hands=[["weapons-3"]], grid=[["pilot-1"]])
    rich = table(hands=[["weapons-3"]], grid=[["reactor-2"], []])

    assert [a.action for a in plays(poor)] == [0]
    after, _ = play(rich, "weapons-3", action=1, row=0, grid=["reactor-2"])
    assert after.grid == [[], [Placed(card="weapons-3", rotated=True)]]
    assert after.discard == ["reactor-2"]


def test_a_ship_marker_cost_moves_the_ship_marker_left() -> None:
    """Actions: "Ship marker symbol (left): Move the ship marker to the left" (Pulse Engine's lower
    action on the Nostroven One: ship marker, then rotate, play and draw 1)."""
    state = table(hands=[["pdrive-2"]], ship=NOSTROVEN, marker=2)
    top = state.deck[0]
    after, _ = play(state, "pdrive-2", action=1)

    assert after.marker == 1
    assert after.hands == [[top]]
    assert after.grid == [[Placed(card="pdrive-2", rotated=True)]]


def test_any_crew_member_may_act() -> None:
    """Gameplay: "There is no fixed order of who plays an action when. Each crew member may play an
    action at any time." """
    state = table(hands=[["pilot-1"], ["reactor-1"], ["rdrive-1"]])

    assert {a.seat for a in plays(state)} == {0, 1, 2}
    after, _ = play(state, "rdrive-1", seat=2)
    after, _ = play(after, "pilot-1", seat=0)

    assert cards(after.current_row) == ["rdrive-1", "pilot-1"]


def test_hand_costs_come_from_the_acting_crew_members_own_hand() -> None:
    """R3: "Hand costs come from the acting crew member's own hand" — a team mate's card cannot pay."""
    state = table(hands=[["rdrive-1"], ["reactor-1", "pilot-1"]])

    assert not [a for a in plays(state) if a.seat == 0 and a.action == 1]
    assert {a.payment.hand for a in plays(state) if a.card == "reactor-1" and a.action == 1} == {("pilot-1",)}


def test_every_crew_member_may_use_the_ship_actions() -> None:
    """Special Cases: "your ship also gives you actions. Each crew member can carry these out"; E6: the
    Spacehopper's free draw is twice per sector, for the whole crew."""
    state = table(hands=[["pilot-1"], ["reactor-1"]])
    draws = [a for a in legal_actions(state) if isinstance(a, UseShip) and a.index == 0]

    assert {a.seat for a in draws} == {0, 1}
    after, _ = apply(state, UseShip(seat=1, index=0))

    assert after.hands[1] == ["reactor-1", state.deck[0]]
    assert {a.seat for a in legal_actions(after) if isinstance(a, UseShip) and a.index == 0} == {0, 1}
    after, _ = apply(after, UseShip(seat=0, index=0))

    assert after.hands[0] == ["pilot-1", state.deck[1]]
    assert not [a for a in legal_actions(after) if isinstance(a, UseShip) and a.index == 0]


def test_a_cards_effects_are_carried_out_before_the_check() -> None:
    """Gameplay: "After each action carried out you must check ..." — Pulse Capacitor's "play, ship
    marker right" is carried out before the crew decides to jump (Nostroven One, Flight to Orion: 4
    drive from Pulse Engine 2, Autopilot 1 and the capacitor 1)."""
    state = table(
        hands=[["pdrive-1", "pilot-1"]],
        grid=[["pdrive-2", "pilot-2"]],
        sector=ORION,
        side="back",
        ship=NOSTROVEN,
        marker=1,
    )
    after, _ = play(state, "pdrive-1")

    assert after.pending is not None
    assert after.pending.options == ("jump",)
    assert after.marker == 2


# --- Boldly Go…: clearing a sector (R8, R12, E4) ---


def test_meeting_a_solution_asks_the_crew_to_solve_jump_or_continue() -> None:
    """R8: "If one or more are met, the crew decides: solve (which solution), jump, or keep playing"."""
    after, _ = play(orion(), "reactor-3")

    assert after.pending is not None
    assert after.pending.kind == "clear"
    assert set(legal_actions(after)) == {Clear(how="solve", solution=0), Clear(how="continue")}
    with pytest.raises(IllegalAction):
        apply(after, Clear(how="jump"))


def test_every_met_solution_is_offered() -> None:
    """Sector Cards: "Sectors can have 1 or 2 solutions. You only have to fulfil the symbols of one".
    Mine Field (per crew member, one here): 3 firepower, or 2 shield and 1 navigation — both met."""
    state = table(
        hands=[["pilot-3"]],
        grid=[["weapons-4", "weapons-1", "shields-1", "shields-4"], []],
        sector="sector-mines",
    )
    after, _ = play(state, "pilot-3")

    assert after.pending is not None
    assert after.pending.options == ("solve:0", "solve:1")


def test_solving_upgrades_then_discards_the_rows_then_draws_then_next_sector_then_occupy() -> None:
    """R12 / Boldly Go…: "1 crew member may upgrade 1 hand card" → "Discard all station cards from all
    rows" → "Each crew member draws cards from the deck up to hand size" → "Remove the current sector
    card" → "Occupy stations"."""
    state = orion()
    top = state.deck[:5]
    after, _ = play(state, "reactor-3")
    asked = run(after, Clear(how="solve", solution=0))

    # The upgrade comes first: the rows still lie, the hand is not refilled, the sector is still here.
    assert asked.pending is not None
    assert asked.pending.kind == "upgrade"
    assert rows(asked) == [["reactor-4", "reactor-3"]]
    assert asked.hands == [["pilot-1", "rdrive-1"]]
    assert sector_side(asked).name == "Flight to Orion"
    assert set(legal_actions(asked)) == {
        Upgrade(seat=0, card="pilot-1"),
        Upgrade(seat=0, card="rdrive-1"),
        Upgrade(),
    }

    done = run(asked, Upgrade(seat=0, card="pilot-1"))

    assert done.upgraded == ["pilot-1"]
    assert done.grid == [[]]
    assert done.discard == ["reactor-4", "reactor-3"]
    assert done.hands == [["pilot-1", "rdrive-1", *top]]
    assert sector_side(done).name == "Orion Egg Farm"
    assert done.solved == 1
    assert done.cleared == 1
    assert done.pending is not None
    assert done.pending.kind == "occupy"
    assert done.pending.seat == 0

    occupied = run(done, Occupy(seat=0, card="rdrive-1"))

    assert occupied.stations == ["rdrive-1"]
    assert "rdrive-1" not in occupied.hands[0]
    assert occupied.pending is None


def test_any_crew_member_may_be_the_one_who_upgrades() -> None:
    """Boldly Go…: "1 crew member may upgrade 1 hand card" (R12: "one crew member flips one of their
    hand cards") — the choice covers every crew member's hand, or nobody."""
    state = orion(hands=[["reactor-3", "pilot-1"], ["rdrive-1"]])
    after, _ = play(state, "reactor-3")
    asked = run(after, Clear(how="solve", solution=0))

    assert set(legal_actions(asked)) == {
        Upgrade(seat=0, card="pilot-1"),
        Upgrade(seat=1, card="rdrive-1"),
        Upgrade(),
    }
    done = run(asked, Upgrade(seat=1, card="rdrive-1"))
    assert done.upgraded == ["rdrive-1"]
    with pytest.raises(IllegalAction):
        apply(asked, Upgrade(seat=0, card="rdrive-1"))


def test_upgrading_flips_a_hand_card_for_the_rest_of_the_game() -> None:
    """Boldly Go…: "It flips a hand card to the upgraded side. This card stays on its upgraded side for
    the rest of the game" (R2). The upgraded Zero-Point Reactor plays for free and gives 3 energy in
    the next sector (its normal side costs a discard and gives 2). The rotated Helm Console (2 energy)
    stands in for the Zero-Point Reactor in the grid."""
    state = orion(hands=[["reactor-3", "reactor-4"]], grid=[[("pilot-1", True)]])
    after, _ = play(state, "reactor-3")
    done = run(after, Clear(how="solve", solution=0), Upgrade(seat=0, card="reactor-4"), Occupy(seat=0))
    played, _ = play(done, "reactor-4")

    assert done.upgraded == ["reactor-4"]
    assert CARDS.station("reactor-4").normal.actions[0].cost.kind == "discard"
    assert have(played) == {"energy": 3}


def test_jumping_gives_no_upgrade() -> None:
    """Boldly Go…: "If you jumped, you may not upgrade a card." Flight to Orion: 4 drive (jump 3)."""
    state = table(
        hands=[["pilot-2", "pilot-1"]],
        grid=[["rdrive-1", "reactor-2"]],
        sector=ORION,
        side="back",
        then=[ASTEROIDS],
    )
    after, _ = play(state, "pilot-2")
    assert after.pending is not None
    assert after.pending.options == ("jump",)
    jumped = run(after, Clear(how="jump"))

    assert jumped.pending is not None
    assert jumped.pending.kind == "occupy"
    assert jumped.upgraded == []
    assert jumped.solved == 0
    assert jumped.cleared == 1
    assert jumped.grid == [[]]


def test_a_no_upgrade_sector_gives_no_upgrade_when_solved() -> None:
    """Sector Cards: "Otherwise it is a special rule. Observe it!" — Black Hole Drive-In: "solving this
    sector gives no upgrade". Its solution (12 energy, 7 navigation) asks more than one card a row
    shows, so the Spacehopper's deck lies in ten old rows, upright or rotated; the Helm Console played
    completes it (the symbols are checked against the card data)."""
    spec = CARDS.sector("sector-gravity").back
    assert "no_upgrade" in spec.rules
    grid: list[list[str | tuple[str, bool]]] = [
        *([card] for card in ("pilot-2", "pilot-3", "reactor-4", "reactor-1", "reactor-3")),
        *([(card, True)] for card in ("rdrive-1", "rdrive-3", "shields-3", "reactor-2", "rdrive-2")),
        [],
    ]
    state = table(hands=[["pilot-1"]], grid=grid, sector="sector-gravity", side="back")
    assert not Counter(spec.solutions[0].symbols) <= Counter(have(state))
    after, _ = play(state, "pilot-1")
    assert Counter(spec.solutions[0].symbols) <= Counter(have(after))
    assert after.pending is not None
    assert "solve:0" in after.pending.options
    solved = run(after, Clear(how="solve", solution=0))

    assert solved.pending is not None
    assert solved.pending.kind == "occupy"
    assert solved.solved == 1
    assert solved.upgraded == []


def test_continue_keeps_playing_in_the_same_sector() -> None:
    """R8 / E4: "Keeping playing" — the sector, the grid and the hands stay; the next action asks
    again."""
    after, _ = play(orion(), "reactor-3")
    kept = run(after, Clear(how="continue"))

    assert kept.pending is None
    assert sector_side(kept).name == "Flight to Orion"
    assert rows(kept) == [["reactor-4", "reactor-3"]]
    again, _ = play(kept, "pilot-1")
    assert again.pending is not None
    assert again.pending.kind == "clear"


def test_clearing_is_asked_again_after_every_action() -> None:
    """E4 / Boldly Go…: "After each action carried out you must check" — once answered, the question
    waits for the next action; the Spacehopper's draw (no new symbols) is an action, so it asks again."""
    after, _ = play(orion(), "reactor-3")
    kept = run(after, Clear(how="continue"))
    drawn = run(kept, UseShip(seat=0, index=0))

    assert kept.pending is None
    assert drawn.pending is not None
    assert drawn.pending.kind == "clear"


def test_continue_then_runs_the_danger_check() -> None:
    """R8: "Keeping playing means the danger check of that action happens as usual." Flight to Orion
    (danger 5): the fifth card also meets the solution; solving avoids the danger, continuing does not."""
    state = orion(
        hands=[["reactor-3", "weapons-1"]],
        grid=[["reactor-4", "pilot-1", "pilot-2", "weapons-2"]],
    )
    after, _ = play(state, "reactor-3")
    assert after.pending is not None
    assert after.pending.kind == "clear"
    assert len(after.grid) == 1  # nothing has struck yet

    kept = run(after, Clear(how="continue"))

    assert len(kept.grid) == 2
    assert kept.damage == state.damage - 1  # Flight to Orion: 1 damage
    assert kept.hands == [["weapons-1", state.deck[0]]]  # Autopilot's drive 1
    solved = run(after, Clear(how="solve", solution=0), Upgrade())
    assert solved.damage == state.damage


def test_refilling_after_a_sector_deals_round_the_seats() -> None:
    """E1 / FAQ: "Refilling deals round the seats ... one card at a time round the seats, skipping full
    hands"; R12: draw up to hand size (5 with two crew)."""
    state = orion(hands=[["reactor-3"], []])
    deck = state.deck
    done = solve_orion(state)

    assert done.hands == [deck[0:10:2], deck[1:10:2]]


def test_refilling_skips_full_hands() -> None:
    """E1: "deals one card at a time round the seats, skipping full hands, until every hand is full"."""
    state = orion(hands=[["reactor-3", "pilot-1", "pilot-2", "pilot-3", "weapons-1"], []])
    deck = state.deck
    done = solve_orion(state)

    assert done.hands == [["pilot-1", "pilot-2", "pilot-3", "weapons-1", deck[0]], deck[1:6]]


def test_hand_size_is_not_a_maximum() -> None:
    """Hand Cards: "The hand size is not a maximum. You may have more cards in hand." The eight cards
    left after the play stay eight through the refill after the sector."""
    big = [
        "reactor-3",
        "pilot-1",
        "pilot-2",
        "pilot-3",
        "rdrive-1",
        "rdrive-2",
        "rdrive-3",
        "weapons-1",
        "weapons-2",
    ]
    done = solve_orion(orion(hands=[big]))

    assert len(done.hands[0]) == 8


def test_limited_actions_reset_when_a_sector_is_cleared() -> None:
    """E6: "the count resets when a sector is cleared" — the Spacehopper's draw, used up (twice per
    sector), is usable again."""
    limit = CARDS.ship(SHIP).actions[0].per_sector
    assert limit == 2
    state = orion().model_copy(update={"used": {"ship:0": limit}})
    assert UseShip(seat=0, index=0) not in legal_actions(state)
    done = run(solve_orion(state), Occupy(seat=0))

    assert done.used == {}
    assert UseShip(seat=0, index=0) in legal_actions(done)


def test_the_rows_are_discarded_before_the_crew_draws_up() -> None:
    """R12: "discard every card of every row → each crew member draws up to hand size (... reshuffle
    the discard pile when the deck runs out ...)": with an empty deck, the rows just discarded are
    the cards drawn."""
    done = solve_orion(orion(hands=[["reactor-3", "pilot-1"]], deck=[]))

    assert sorted(done.hands[0]) == ["pilot-1", "reactor-3", "reactor-4"]
    assert done.discard == []
    assert done.deck == []


def test_an_occupied_jump_drive_station_lowers_the_jump() -> None:
    """Station Cards: "Effect only when the station is occupied" — an occupied Autopilot makes jumping
    need 1 drive less: Flight to Orion is jumped with 1 drive less than its printed jump (read from
    the card data); the grid plus the Ramjet played has exactly that 1 drive too few."""
    jump = CARDS.sector(ORION).back.jump
    assert CARDS.station("pilot-2").normal.occupied.permanent == "jump_drive"
    ramjet = CARDS.station("rdrive-1").normal
    drive = jump.drive[0]
    assert drive is not None
    needs = {
        Symbol.DRIVE: drive - 1 - ramjet.drive,
        Symbol.NAVIGATION: max(0, jump.navigation - ramjet.row.symbols.get(Symbol.NAVIGATION, 0)),
    }
    grid = rows_giving(needs, exclude=["pilot-2", "rdrive-1"])
    state = table(hands=[["rdrive-1"]], grid=grid, sector=ORION, side="back")
    helped = table(hands=[["rdrive-1"]], grid=grid, sector=ORION, side="back", stations=["pilot-2"])

    unhelped, _ = play(state, "rdrive-1")
    assert have(unhelped)["drive"] == drive - 1
    assert have(unhelped).get("navigation", 0) >= jump.navigation
    assert unhelped.pending is None
    after, _ = play(helped, "rdrive-1")
    assert after.pending is not None
    assert after.pending.options == ("jump",)


@pytest.mark.parametrize(("below_start", "after"), [(2, 1), (0, 0)])
def test_repairing_moves_the_damage_marker_right_but_not_past_its_start(below_start: int, after: int) -> None:
    """Ship Cards: the Quasar Calzone's "discard: repair" moves the damage marker back to the right;
    a marker on its starting (rightmost) space stays there. `after`: spaces below the start after it."""
    start = CARDS.ship(QUASAR).damage.length
    state = table(hands=[["pilot-1", "reactor-1"]], ship=QUASAR, damage=start - below_start)
    repaired, events = apply(state, UseShip(seat=0, index=0, payment=Payment(hand=("reactor-1",))))

    assert repaired.damage == start - after
    assert repaired.discard == ["reactor-1"]
    assert repaired.hands == [["pilot-1"]]
    told = [said(e.text) for e in events]  # the log says how far the marker really moved
    if below_start:
        assert f"Repairs: the damage marker moves 1 right ({start - after} left)." in told
    else:
        assert f"Repairs: nothing to repair, the damage marker is at its start ({start} left)." in told


@pytest.mark.parametrize(("before", "moved"), [(2, 2), (4, 1), (5, 0)])
def test_the_ship_marker_moves_right_but_not_past_the_end_and_the_log_says_how_far(
    before: int, moved: int
) -> None:
    """Ship Cards: the Crusty Cruiser's "discard: ship marker 2 right, draw 1" moves the marker to the
    end of its track at most; the log says how far it really moved, or that it stayed."""
    ship = "Crusty Cruiser"
    track = CARDS.ship(ship).marker
    assert track is not None
    cards = ship_deck(ship)
    state = table(hands=[cards[:2]], ship=ship, marker=before)
    after, events = apply(state, UseShip(seat=0, index=1, payment=Payment(hand=(cards[1],))))

    assert after.marker == min(track.length, before + 2) == before + moved
    told = [said(e.text) for e in events]
    if moved:
        assert f"The ship marker moves {moved} right." in told
    else:
        assert "The ship marker is already at the end of its track: it stays." in told


def test_the_spacehoppers_recovery_takes_the_top_two_cards_of_the_discard_pile() -> None:
    """Ship Cards: the Spacehopper's "discard: take 2 from the discard pile" — the discarded card goes
    on the pile first, so it comes back with the card below it."""
    state = table(hands=[["pilot-1", "reactor-1"]], discard=["weapons-1", "shields-1"])
    after = run(state, UseShip(seat=0, index=1, payment=Payment(hand=("reactor-1",))))

    assert after.hands == [["pilot-1", "reactor-1", "shields-1"]]
    assert after.discard == ["weapons-1"]


def test_recovering_takes_the_top_card_of_the_discard_pile() -> None:
    """Station Cards (Dough Proofer, Nostroven One): "rotate, play, take 1 from the discard pile" — the
    card discarded last lies on top."""
    state = table(hands=[["oven-2"]], ship=NOSTROVEN, discard=["pilot-1", "reactor-1"])
    after, _ = play(state, "oven-2", action=1)

    assert after.hands == [["reactor-1"]]
    assert after.discard == ["pilot-1"]


# --- We Have a Problem!: danger (R9) ---


def asteroids(**fields: object) -> State:
    """Asteroid Drift, 3 cards in the current row (Ramjet 2, Rotary Thruster 1, Laser Turret: 3 drive),
    Warp Sled (drive 1) in an old row; the crew member plays Antimatter Bottle (drive 1) fourth. The
    grid shows no navigation and no shield, so however the tuning sets Asteroid Drift's numbers (or
    Asteroid Hailstorm's, with `side="back"`) it can be neither jumped nor solved here (checked against
    the card data)."""
    spec = getattr(CARDS.sector(ASTEROIDS), str(fields.get("side", "front")))
    assert spec.jump.navigation > 0, "the scenario relies on the asteroids' jump needing navigation"
    assert all(s.symbols.get(Symbol.SHIELD) for s in spec.solutions), "... and their solutions needing shield"
    values: dict[str, object] = {
        "hands": [["reactor-2", "pilot-1"]],
        "grid": [["rdrive-3"], ["rdrive-1", "rdrive-2", "weapons-1"]],
        "sector": ASTEROIDS,
    }
    values.update(fields)
    return table(**values)  # type: ignore[arg-type]


def test_fewer_cards_than_the_danger_value_play_on() -> None:
    """We Have a Problem!: "If there are fewer cards, play on." """
    state = asteroids(grid=[["rdrive-3"], ["rdrive-1", "rdrive-2"]])
    after, _ = play(state, "reactor-2")

    assert after.pending is None
    assert len(after.grid) == 2
    assert after.damage == state.damage
    assert after.hands == [["pilot-1"]]


def test_danger_strikes_when_the_current_row_reaches_the_danger_value() -> None:
    """We Have a Problem! / R9: "draw as many cards as you have drive in the current row" (4 here, not
    the old row's 1) → "a new row can be started" → "carry out its consequences" (1 damage)."""
    state = asteroids()
    after, _ = play(state, "reactor-2")

    assert after.hands == [["pilot-1", *state.deck[:4]]]
    assert rows(after) == [["rdrive-3"], ["rdrive-1", "rdrive-2", "weapons-1", "reactor-2"], []]
    assert after.damage == state.damage - 1
    assert after.pending is None


def test_cards_are_then_played_into_the_new_row() -> None:
    """We Have a Problem!: "From now on this is your active row. Symbols of old rows can still be used,
    but cards are from now on played into the new row." The 5 drive all lie in the old rows."""
    after, _ = play(asteroids(), "reactor-2")
    again, _ = play(after, "pilot-1")

    assert cards(again.grid[-1]) == ["pilot-1"]
    assert len(again.grid) == 3
    assert have(again)["drive"] == 5
    assert have(again)["navigation"] == 1


def test_the_danger_draw_starts_with_the_fewest_cards_and_goes_round_the_seats() -> None:
    """R9: "one at a time, starting with the crew member holding fewest cards (ties: earliest seat)
    and going round the seats". Asteroid Hailstorm (danger 4 for three crew members): hands 2, 1, 2
    after the play; 4 drive: seats 2, 3, 1, 2 draw."""
    assert CARDS.sector(ASTEROIDS).back.danger[2] == 4
    state = asteroids(
        hands=[["reactor-2", "pilot-1", "shields-1"], ["weapons-2"], ["weapons-3", "weapons-4"]],
        side="back",
    )
    d = state.deck
    after, _ = play(state, "reactor-2")

    assert after.hands == [
        ["pilot-1", "shields-1", d[2]],
        ["weapons-2", d[0], d[3]],
        ["weapons-3", "weapons-4", d[1]],
    ]


def test_the_danger_draw_breaks_ties_by_the_earliest_seat() -> None:
    """R9: "(ties: earliest seat)" — Asteroid Hailstorm (danger 4 for three crew members): hands 1, 1, 2
    after the play: seats 1, 2, 3, 1 draw."""
    assert CARDS.sector(ASTEROIDS).back.danger[2] == 4
    state = asteroids(
        hands=[["reactor-2", "pilot-1"], ["weapons-2"], ["weapons-3", "weapons-4"]], side="back"
    )
    d = state.deck
    after, _ = play(state, "reactor-2")

    assert after.hands == [["pilot-1", d[0], d[3]], ["weapons-2", d[1]], ["weapons-3", "weapons-4", d[2]]]


def test_the_danger_draw_counts_drive_produced_in_the_current_row() -> None:
    """R9: "the drive in the current row (unrotated drive symbols plus drive produced in that row)":
    Rotary Thruster 1 + 1 per 2 energy of Fusion Core, Zero-Point Reactor and Plasma Coil (4) = 3."""
    state = asteroids(hands=[["reactor-3"]], grid=[["rdrive-2", "reactor-1", "reactor-4"]])
    after, _ = play(state, "reactor-3")

    assert len(after.hands[0]) == 3


def test_rotated_cards_add_no_drive_to_the_danger_draw() -> None:
    """R1 + R9: a rotated Ramjet shows 2 navigation and no drive, so the crew draws nothing."""
    state = asteroids(hands=[["reactor-1"]], grid=[[("rdrive-1", True), "weapons-1", "weapons-2"]])
    after, _ = play(state, "reactor-1")

    assert after.hands == [[]]
    assert len(after.grid) == 2


def test_the_danger_draw_comes_before_the_consequences() -> None:
    """R9: "draw cards ... then a new row starts; then the consequences". Wobbly Wormhole makes the
    crew discard 2 hand cards: the 2 cards drawn for the Ramjet's drive can be the ones given."""
    state = table(
        hands=[["reactor-1"]], grid=[["rdrive-1", "weapons-1", "weapons-2"]], sector="sector-wormhole"
    )
    d = state.deck
    after, _ = play(state, "reactor-1")

    assert after.pending is not None
    assert after.pending.kind == "give"
    assert after.pending.give == "discard"
    assert after.pending.amount == 2
    assert rows(after)[-1] == []
    assert set(legal_actions(after)) == {Give(seat=0, card=d[0]), Give(seat=0, card=d[1])}
    done = run(after, Give(seat=0, card=d[1]), Give(seat=0, card=d[0]))
    assert done.discard == [d[1], d[0]]
    assert done.hands == [[]]


def test_a_danger_modifier_raises_the_danger_value() -> None:
    """Station cards: an occupied Bubble Screen makes "the danger value of every sector 1 larger"."""
    state = asteroids(stations=["shields-2"])
    after, _ = play(state, "reactor-2")

    assert danger_value(state) == 5
    assert after.pending is None
    assert len(after.grid) == 2
    assert after.damage == state.damage


# --- danger 0, X jumps, per-crew solutions (R10, R11) ---

# Only card set v1 prints danger-0 sides (v2 gives every sector a danger): games dealt under dine-1
# before the switch still meet them, so these rules are played on dine-1's cards.
V1 = "dine-1"


def test_a_danger_0_sector_strikes_on_arrival_and_is_then_cleared_as_a_jump() -> None:
    """R10 / Special Cases: "Some sectors have the value 0 for the danger. In these you do not have to
    play cards but resolve the consequences directly"; "the sector is then cleared as a jump (no
    upgrade)". Henhouse Nebula after Flight to Orion: 1 damage OR discard 2."""
    state = orion(then=[(HENHOUSE, "back"), "sector-mines"], rules_version=V1)
    arrived = run(solve_orion(state), Occupy(seat=0))

    assert sector_side(arrived).name == "Henhouse Nebula"
    assert arrived.pending is not None
    assert arrived.pending.kind == "choose"
    assert len(arrived.pending.options) == 2

    through = run(arrived, Choose(option=0))

    assert through.damage == state.damage - 1
    assert sector_side(through).name == "Mine Field"
    assert through.solved == 1
    assert through.cleared == 2
    assert through.upgraded == []
    assert through.pending is not None
    assert through.pending.kind == "occupy"


def test_a_danger_0_sectors_other_option() -> None:
    """FAQ "0 sectors and OR sectors": "choose between the options before the OR and the option after
    it" — Henhouse Nebula's B: discard 2 hand cards, then on to the next sector."""
    state = orion(then=[(HENHOUSE, "back"), "sector-mines"], rules_version=V1)
    arrived = run(solve_orion(state), Occupy(seat=0), Choose(option=1))

    assert arrived.pending is not None
    assert arrived.pending.kind == "give"
    hand = arrived.hands[0]
    through = run(arrived, Give(seat=0, card=hand[0]), Give(seat=0, card=hand[1]))

    assert set(hand[:2]) <= set(through.discard)
    assert through.damage == state.damage
    assert sector_side(through).name == "Mine Field"


def test_a_danger_modifier_does_not_change_a_danger_0_sector() -> None:
    """E7: "Danger modifiers ... do not turn a danger-0 sector into a normal one: it still strikes on
    arrival." """
    state = orion(then=[(HENHOUSE, "back"), "sector-mines"], stations=["shields-2"], rules_version=V1)
    assert state.cards.station("shields-2").normal.occupied.permanent == "danger"
    arrived = run(solve_orion(state), Occupy(seat=0))

    assert arrived.pending is not None
    assert arrived.pending.kind == "choose"


BIG_DRIVE_ROW: list[str | tuple[str, bool]] = [
    "rdrive-1",
    "rdrive-3",
    "rdrive-2",
    ("shields-3", True),
    "reactor-4",
]


def big_drive_grid(navigation: int = 0) -> list[list]:
    """11 drive and 5 energy in one row (Ramjet 2, Warp Sled 1 + 5, Rotary Thruster 1 + 2; the energy
    from the rotated Heat Sink Grid 3 and Zero-Point Reactor 2), then old rows with `navigation`
    navigation read from the card data, then an empty current row."""
    rows: list[list] = []
    for card in ship_deck(SHIP):  # any card showing navigation (other symbols do not matter here)
        if navigation <= 0:
            break
        if card in (*(c if isinstance(c, str) else c[0] for c in BIG_DRIVE_ROW), "reactor-2"):
            continue
        face = CARDS.station(card).normal
        for rotated, gives in ((False, face.row), (True, face.rotated)):
            if gives.symbols.get(Symbol.NAVIGATION, 0) and not gives.produce:
                rows.append([(card, True) if rotated else card])
                navigation -= gives.symbols[Symbol.NAVIGATION]
                break
    assert navigation <= 0, "the ship's deck cannot show that much navigation"
    return [BIG_DRIVE_ROW, *rows, []]


def test_an_x_jump_cannot_be_jumped() -> None:
    """Special Cases / R11: "Some sectors have a value X for the jump. In these sectors you cannot jump
    but must solve the danger." The Health Inspector (the sector with an X jump for one crew member):
    as much drive as any numbered jump asks, and its navigation, do not jump."""
    card, face = next(
        (c.id, face)
        for c in CARDS.sectors
        for face, side in (("front", c.front), ("back", c.back))
        if side.jump.drive[0] is None
    )
    spec = getattr(CARDS.sector(card), face)
    state = table(hands=[["reactor-2"]], grid=big_drive_grid(spec.jump.navigation), sector=card, side=face)
    after, _ = play(state, "reactor-2")

    numbered = [d for c in CARDS.sectors for side in (c.front, c.back) if (d := side.jump.drive[0])]
    assert have(after)["drive"] >= max(numbered)
    assert have(after).get("navigation", 0) >= spec.jump.navigation
    assert after.pending is None or "jump" not in after.pending.options
    with pytest.raises(IllegalAction):
        apply(after, Clear(how="jump"))


@pytest.mark.parametrize(("crew", "jumps"), [(1, True), (2, False), (3, False)])
def test_an_x_jump_depends_on_the_crew_size(crew: int, jumps: bool) -> None:
    """Sector Cards / R11: "X jump — that crew size cannot jump this sector". The Kraken: a number
    alone (the grid's drive and navigation are enough), X with two or three."""
    jump = CARDS.sector(ORION).front.jump
    assert (jump.drive[crew - 1] is not None) is jumps
    hands = [["reactor-2"]] + [[] for _ in range(crew - 1)]
    state = table(hands=hands, grid=big_drive_grid(jump.navigation), sector=ORION)
    after, _ = play(state, "reactor-2")

    assert have(after)["drive"] >= (jump.drive[0] or 0)
    assert have(after)["navigation"] >= jump.navigation
    assert (after.pending is not None and "jump" in after.pending.options) is jumps


@pytest.mark.parametrize(("crew", "met"), [(1, True), (2, False)])
def test_a_per_crew_member_solution_multiplies_by_the_crew_size(crew: int, met: bool) -> None:
    """Special Cases / R11: "Some solutions require symbols per crew member. Here you need the stated
    symbols for each crew member." The Kraken's per-crew solution (read from the card data): exactly
    the stated symbols in the grid are enough alone, not with two."""
    solution = CARDS.sector(ORION).front.solutions[1]
    assert solution.per_crew
    hands = [["pilot-1"]] + [[] for _ in range(crew - 1)]
    state = table(hands=hands, grid=rows_giving(solution.symbols, exclude=["pilot-1"]), sector=ORION)
    after, _ = play(state, "pilot-1")

    assert all(have(after)[s.value] == n for s, n in solution.symbols.items())
    assert (after.pending is not None and "solve:1" in after.pending.options) is met


def test_a_per_crew_member_solution_for_two() -> None:
    """R11: "multiply the requirement by the crew size" — twice the Kraken's per-crew symbols (read from
    the card data) for two crew."""
    solution = CARDS.sector(ORION).front.solutions[1]
    assert solution.per_crew
    needs = {s: 2 * n for s, n in solution.symbols.items()}
    state = table(hands=[["pilot-1"], []], grid=rows_giving(needs, exclude=["pilot-1"]), sector=ORION)
    after, _ = play(state, "pilot-1")

    assert all(have(after)[s.value] == n for s, n in needs.items())
    assert after.pending is not None
    assert "solve:1" in after.pending.options


# --- damage and shields (R7), tracks (R15, R16) ---


def test_a_shield_may_be_paid_instead_of_a_damage() -> None:
    """Damage / R7: "You can, however, always instead spend one shield per damage" — the Deflector
    Array in an old row takes the hit (no firepower in the grid, so Asteroid Drift is not solved)."""
    assert all(s.symbols.get(Symbol.FIREPOWER) for s in CARDS.sector(ASTEROIDS).front.solutions)
    state = asteroids(grid=[["shields-1"], ["rdrive-1", "rdrive-2", "reactor-1"]])
    after, _ = play(state, "reactor-2")

    assert after.pending is not None
    assert after.pending.kind == "shield"
    assert set(legal_actions(after)) == {Shield(payment=Payment(row=0, grid=("shields-1",))), Shield()}
    shielded = run(after, Shield(payment=Payment(row=0, grid=("shields-1",))))
    assert shielded.damage == state.damage
    assert "shields-1" in shielded.discard
    taken = run(after, Shield())
    assert taken.damage == state.damage - 1
    assert cards(taken.grid[0]) == ["shields-1"]


def test_each_damage_point_asks_for_its_own_shield() -> None:
    """R7: "one damage at a time in the order the crew chooses". Pirate Toll Booth: 2 damage; the first
    is shielded, the second taken."""
    grid = [["shields-1", ("reactor-1", True)], ["reactor-3", "reactor-4", "reactor-2"]]
    state = table(hands=[["weapons-2"]], grid=grid, sector=PIRATES)
    after, _ = play(state, "weapons-2")

    assert after.pending is not None
    assert after.pending.kind == "shield"
    assert after.pending.amount == 2
    once = run(after, Shield(payment=Payment(row=0, grid=("shields-1",))))
    assert once.pending is not None
    assert once.pending.kind == "shield"
    assert once.pending.amount == 1
    done = run(once, Shield())
    assert done.damage == state.damage - 1
    assert done.pending is None


def test_a_no_shields_sector_takes_the_damage() -> None:
    """Sector special rule "no_shields": Ion Storm Nebula's 1 damage and 1 pizza hit although the grid
    holds shields."""
    state = table(
        hands=[["pilot-1"]],
        grid=[["shields-1"], ["weapons-1", "weapons-2", "weapons-3"]],
        sector="sector-nebula",
        side="back",
    )
    after, _ = play(state, "pilot-1")

    assert after.pending is None
    assert after.damage == state.damage - 1
    assert after.pizza == state.pizza - 1


def no_drive_strike(**fields: object) -> State:
    """Asteroid Drift (1 damage): a fourth card without drive fills the row; nothing is drawn."""
    values: dict[str, object] = {
        "hands": [["reactor-1", "pilot-1"]],
        "grid": [["weapons-1", "weapons-2", "weapons-3"]],
        "sector": ASTEROIDS,
    }
    values.update(fields)
    return table(**values)  # type: ignore[arg-type]


def test_damage_onto_a_remove_cards_space_removes_a_hand_card() -> None:
    """Ship Cards / R16: "If the new space says Remove cards, 1 crew member of your choice must
    immediately remove 1 hand card from the game" (Spacehopper: spaces 2 and 4)."""
    state = no_drive_strike(damage=5, hands=[["reactor-1", "pilot-1"], ["pilot-2"]])
    after, _ = play(state, "reactor-1")

    assert after.damage == 4
    assert after.pending is not None
    assert after.pending.kind == "give"
    assert after.pending.give == "remove"
    assert set(legal_actions(after)) == {Give(seat=0, card="pilot-1"), Give(seat=1, card="pilot-2")}
    done = run(after, Give(seat=1, card="pilot-2"))
    assert done.removed == ["pilot-2"]
    assert done.hands == [["pilot-1"], []]


def test_a_remove_cards_space_with_no_hand_cards_does_nothing() -> None:
    """R16: "(if nobody has one, nothing happens)"."""
    state = no_drive_strike(damage=5, hands=[["reactor-1"]])
    after, _ = play(state, "reactor-1")

    assert after.damage == 4
    assert after.pending is None
    assert after.removed == []


def test_pushing_the_damage_marker_off_loses() -> None:
    """Ship Cards / R16: "If you push a marker off the card, you have lost immediately." """
    state = no_drive_strike(damage=1)
    after, _ = play(state, "reactor-1")

    assert after.outcome == "lost"
    assert after.damage == 0
    assert after.loss_reason is not None
    assert legal_actions(after) == []
    with pytest.raises(IllegalAction):
        play(after, "pilot-1")


@pytest.mark.parametrize(("pizza", "outcome"), [(2, "playing"), (1, "lost")])
def test_the_pizza_symbol_moves_the_pizza_marker_left(pizza: int, outcome: str) -> None:
    """Ship Cards: "When the pizza symbol appears, you must lower the condition of your pizza by one";
    R16: off the track, the game is lost. Pepper Nebula: 1 pizza."""
    state = no_drive_strike(pizza=pizza, sector="sector-nebula", hands=[["shields-1"]])
    after, _ = play(state, "shields-1")

    assert after.pizza == pizza - 1
    assert after.outcome == outcome


def test_the_ship_marker_falling_off_does_not_lose() -> None:
    """FAQ "How ship markers work" / R15: "In general this is also a track (but you have not lost if
    the marker falls off)"."""
    state = table(hands=[["pdrive-2", "pilot-1"]], ship=NOSTROVEN, marker=1)
    after, _ = play(state, "pdrive-2", action=1)

    assert after.marker == 0
    assert after.outcome == "playing"


def test_a_ship_marker_cost_cannot_be_paid_off_the_track() -> None:
    """R15: "A ship-marker cost cannot be paid while the marker is off its track" — neither Pulse
    Engine's lower action nor the Nostroven One's "ship marker: every crew member draws 1"."""
    state = table(hands=[["pdrive-2", "pilot-1"]], ship=NOSTROVEN, marker=0)

    assert [a.action for a in plays(state) if a.card == "pdrive-2"] == [0]
    assert not [a for a in legal_actions(state) if isinstance(a, UseShip) and a.index == 0]


def test_a_two_step_ship_cost_needs_two_spaces() -> None:
    """R15: a ship cost of 2 cannot be paid from the first space (Pulse Lance's lower action)."""
    low = table(hands=[["pdrive-3"]], ship=NOSTROVEN, marker=1)
    high = table(hands=[["pdrive-3"]], ship=NOSTROVEN, marker=2)

    assert [a.action for a in plays(low)] == [0]
    assert [a.action for a in plays(high)] == [0, 1]
    after, _ = play(high, "pdrive-3", action=1)
    assert after.marker == 0


@pytest.mark.parametrize(("before", "after"), [(0, 1), (3, 4), (6, 6)])
def test_ship_marker_right_puts_it_on_the_track(before: int, after: int) -> None:
    """FAQ "How ship markers work": "If the symbol is on the effect side, you may move the marker 1 to
    the right (or place it on the first space)"; R15. The Nostroven One's track has 6 spaces."""
    state = table(hands=[["pilot-1", "reactor-1"]], ship=NOSTROVEN, marker=before)
    moved = run(state, UseShip(seat=0, index=1, payment=Payment(hand=("reactor-1",))))

    assert moved.marker == after


def test_an_or_consequence_lets_the_crew_choose() -> None:
    """FAQ "0 sectors and OR sectors": "(Option 1) OR (Option 2)". Food Truck Armada: 1 pizza OR 2
    damage."""
    state = no_drive_strike(sector="sector-foodtruck", side="back")
    after, _ = play(state, "reactor-1")

    assert after.pending is not None
    assert after.pending.kind == "choose"
    assert set(legal_actions(after)) == {Choose(option=0), Choose(option=1)}
    pizza = run(after, Choose(option=0))
    assert (pizza.pizza, pizza.damage) == (state.pizza - 1, state.damage)
    damage = run(after, Choose(option=1))
    assert (damage.pizza, damage.damage) == (state.pizza, state.damage - 2)


# --- occupying stations (R13) ---


def test_each_crew_member_may_occupy_one_station() -> None:
    """Boldly Go… / R13: "Occupy stations. Each crew member may now occupy one station" — it leaves
    the hand. Every member decides at once, in any order: nobody waits for the one before."""
    state = orion(hands=[["reactor-3", "pilot-1"], ["rdrive-1"]])
    done = solve_orion(state)

    assert done.pending is not None
    assert done.pending.deciding == (0, 1)
    assert {a.seat for a in legal_actions(done)} == {0, 1}
    first = run(done, Occupy(seat=1, card="rdrive-1"))  # the second member answers first
    assert first.pending is not None
    assert first.pending.deciding == (0,)
    assert {a.seat for a in legal_actions(first)} == {0}
    with pytest.raises(IllegalAction):  # one station each: seat 2 has decided
        apply(first, Occupy(seat=1))
    second = run(first, Occupy(seat=0, card="pilot-1"))

    assert second.stations == ["pilot-1", "rdrive-1"]
    assert "pilot-1" not in second.hands[0]
    assert "rdrive-1" not in second.hands[1]
    assert second.pending is None


def test_an_occupy_decision_saved_one_seat_at_a_time_goes_on_in_seat_order() -> None:
    """A game saved while its members occupied one after another (no `seats`) plays on as it was:
    the saved seat answers, then the next; later sectors let everyone decide at once."""
    done = solve_orion(orion(hands=[["reactor-3", "pilot-1"], ["rdrive-1"]]))
    assert done.pending is not None
    saved = done.model_copy(
        update={"pending": Pending(kind="occupy", seat=0, reason="Crew 1 may occupy a station.")}
    )
    assert {a.seat for a in legal_actions(saved)} == {0}
    first = run(saved, Occupy(seat=0, card="pilot-1"))
    assert first.pending is not None
    assert first.pending.deciding == (1,)
    assert run(first, Occupy(seat=1, card="rdrive-1")).stations == ["pilot-1", "rdrive-1"]


def test_a_station_is_occupied_by_one_crew_member_only() -> None:
    """Occupying Stations: "Each station may only be occupied by a single crew member (e.g. no 2
    pilots)"; R13."""
    deck = rest(SHIP, "reactor-3", "reactor-1", "pilot-1", "pilot-2")
    state = orion(hands=[["reactor-3", "pilot-1"], ["pilot-2"]], deck=deck)
    first = run(solve_orion(state), Occupy(seat=0, card="pilot-1"))
    options = {a.card for a in legal_actions(first)}

    assert "pilot-2" in first.hands[1]
    assert not [c for c in options if c is not None and CARDS.station(c).station == "Pilot"]
    assert None in options
    with pytest.raises(IllegalAction):
        apply(first, Occupy(seat=1, card="pilot-2"))


def test_occupying_a_new_station_discards_the_old() -> None:
    """Occupying Stations: "Discard old stations when you occupy a new one."; R13."""
    done = solve_orion(orion(stations=["reactor-2"]))
    after = run(done, Occupy(seat=0, card="pilot-1"))

    assert after.stations == ["pilot-1"]
    assert after.discard[-1] == "reactor-2"


def test_a_crew_member_may_replace_a_station_with_one_of_the_same_name() -> None:
    """R13: the name is occupied by at most one crew member — the occupier may swap in another."""
    done = solve_orion(
        orion(stations=["reactor-2"], hands=[["reactor-3", "reactor-4"]], grid=[[("pilot-1", True)]])
    )

    assert Occupy(seat=0, card="reactor-4") in legal_actions(done)


def test_a_crew_member_may_keep_their_station() -> None:
    """Boldly Go…: "Each crew member *may* now occupy one station"."""
    done = solve_orion(orion(stations=["reactor-2"]))
    after = run(done, Occupy(seat=0))

    assert after.stations == ["reactor-2"]


def test_a_discard_with_drive_counts_drive_anywhere_on_the_card() -> None:
    """FAQ "Discard/Remove with drive": "it does not matter where the drive is printed. Only the number
    of drive symbols anywhere on the card counts." The occupied Rotary Thruster asks for a card with
    2 drive: Ramjet (printed 2) and Plasma Coil (2 on its rotated side) qualify, Antimatter Bottle (1)
    and Fusion Core (0) do not."""
    state = table(hands=[["rdrive-1", "reactor-3", "reactor-2", "reactor-1"]], stations=["rdrive-2"])
    offered = {a.payment.hand for a in legal_actions(state) if isinstance(a, UseStation)}

    assert offered == {("rdrive-1",), ("reactor-3",)}


def test_only_the_occupier_uses_a_station_and_not_from_the_hand() -> None:
    """Occupying Stations: "From now on you, and only you, may use the effect of this station";
    Station Cards: "You cannot use the effect of an occupied station while the station card is in your
    hand." Fusion Core occupied: draw 1 once per sector."""
    state = table(hands=[["pilot-1"], ["reactor-4"]], stations=["reactor-1", None])
    stations = [a for a in legal_actions(state) if isinstance(a, UseStation)]

    assert stations == [UseStation(seat=0)]
    after, _ = apply(state, UseStation(seat=0))
    assert after.hands[0] == ["pilot-1", state.deck[0]]
    assert not [a for a in legal_actions(after) if isinstance(a, UseStation)]


def test_a_hand_size_station_raises_only_its_occupiers_hand_size() -> None:
    """E8: "Hand-size bonuses of an occupied station apply to its occupier only". The Crusty Cruiser's
    Cargo Hold occupied by crew member 1 of 2: 7 and 6 cards after the refill (a crew of two holds 5,
    and the Crusty Cruiser's own rule adds 1 to every hand)."""
    assert CARDS.station("cargo-1").normal.occupied.permanent == "hand_size"
    done = solve_orion(orion(hands=[["reactor-3"], []], stations=["cargo-1", None], ship="Crusty Cruiser"))

    assert [len(h) for h in done.hands] == [7, 6]


# --- "At X:" triggers (R14, E2) ---


def test_an_at_trigger_fires_when_the_symbol_is_newly_created() -> None:
    """Occupying Stations / R14: "If the word At appears at a station effect, you can use the effect
    once each time the symbol is newly created in the grid." Helm Console: at navigation, draw 1."""
    state = table(hands=[["pilot-2", "reactor-1"]], stations=["pilot-1"])
    after, events = play(state, "pilot-2")

    assert after.hands == [["reactor-1", state.deck[0]]]
    assert "Helm Console (Crew 1) fires: the grid gained navigation." in [said(e.text) for e in events]


def test_an_at_trigger_fires_once_per_action() -> None:
    """R14: "fire once per action that newly creates X" — the rotated Ramjet's 2 navigation draw 1."""
    assert CARDS.station("rdrive-1").normal.rotated.symbols == {Symbol.NAVIGATION: 2}
    state = table(hands=[["rdrive-1", "reactor-1"]], stations=["pilot-1"])
    after, _ = play(state, "rdrive-1", action=1, hand=["reactor-1"])

    assert have(after) == {"navigation": 2}
    assert after.hands == [[state.deck[0]]]


def test_an_at_trigger_needs_the_symbol() -> None:
    """R14: Fusion Core's energy does not trigger "at navigation"."""
    state = table(hands=[["reactor-1"]], stations=["pilot-1"])
    after, _ = play(state, "reactor-1")

    assert after.hands == [[]]


def test_an_at_trigger_is_for_the_occupier() -> None:
    """R14: "for the crew member who occupies that station" — crew member 2's Helm Console draws for
    crew member 2 when crew member 1 plays navigation."""
    state = table(hands=[["pilot-2"], ["reactor-1"]], stations=[None, "pilot-1"])
    after, _ = play(state, "pilot-2")

    assert after.hands == [[], ["reactor-1", state.deck[0]]]


def test_an_at_trigger_compares_the_grid_before_the_cost_was_paid() -> None:
    """E2: "A trigger compares the grid's totals before the action (before its cost was paid) and after
    its effects". Nostroven One, Power Coupler occupied (at energy: ship marker right). Ion Cannon's
    rotated play pays 1 energy from the grid and adds none: no trigger; Fusion Core's energy: one."""
    state = table(
        hands=[["weapons-3", "reactor-1"]],
        grid=[["reactor-2"], []],
        ship=NOSTROVEN,
        stations=["engineering-3"],
        marker=1,
    )
    paid, _ = play(state, "weapons-3", action=1, row=0, grid=["reactor-2"])
    assert paid.marker == 1
    played, _ = play(state, "reactor-1")
    assert played.marker == 2


def test_an_at_trigger_fires_before_the_danger_check() -> None:
    """Engine ruling: "At X:" station triggers fire right after the action's effects and before the
    checks. Crew member 2's Helm Console draws first (then both hold 1 card), so the danger's single
    card (the Autopilot's drive) goes to crew member 1, the earliest of the tied seats."""
    state = table(
        hands=[["pilot-2", "reactor-1"], []],
        grid=[["weapons-1", "weapons-2", "weapons-3"]],
        stations=[None, "pilot-1"],
    )
    d = state.deck
    after, _ = play(state, "pilot-2")

    assert after.hands == [["reactor-1", d[1]], [d[0]]]


def test_an_at_trigger_repair_comes_before_the_danger_consequences() -> None:
    """Engine ruling: "At X:" triggers fire right after the action's effects and before the checks.
    Nostroven One, Convection Core occupied (at shield: repair 1), damage 2 in Smart Mines (no shields,
    2 damage): Spare Parts Bin's shield repairs to 3 first, so the ship survives with 1. The ship
    marker is full, so the ship's action keeps the empty-handed crew from being stranded afterwards."""
    track = CARDS.ship(NOSTROVEN).marker
    assert track is not None
    state = table(
        hands=[["engineering-2"]],
        grid=[["weapons-1", "weapons-2", "weapons-3", "weapons-4"]],
        sector="sector-mines",
        side="back",
        ship=NOSTROVEN,
        stations=["oven-4"],
        damage=2,
        marker=track.length,
    )
    after, _ = play(state, "engineering-2")

    assert after.outcome == "playing"
    assert after.damage == 1


# --- deck and discard pile (FAQ, R2) ---


def test_the_discard_pile_is_reshuffled_when_the_deck_runs_out() -> None:
    """Hand Cards: "If you have to draw more cards than are in your deck, shuffle the discard pile into
    a new deck." The Quasar Calzone's ship action (remove a hand card, draw 2) draws 2 from a 1-card
    deck."""
    state = table(
        hands=[["pilot-1", "reactor-1"]], ship=QUASAR, deck=["sensors-1"], discard=["shields-1", "shields-2"]
    )
    after = run(state, UseShip(seat=0, index=1, payment=Payment(hand=("reactor-1",))))

    assert after.hands[0][:2] == ["pilot-1", "sensors-1"]
    assert after.hands[0][2] in {"shields-1", "shields-2"}
    assert len(after.deck) == 1
    assert set(after.deck) | {after.hands[0][2]} == {"shields-1", "shields-2"}
    assert after.discard == []


def test_drawing_stops_when_deck_and_discard_pile_are_empty() -> None:
    """Hand Cards: "If there are still not enough, you cannot draw any more cards"; FAQ: "Then draw as
    many as you can"."""
    state = table(hands=[["pilot-1", "reactor-1"]], ship=QUASAR, deck=["sensors-1"], discard=[])
    after = run(state, UseShip(seat=0, index=1, payment=Payment(hand=("reactor-1",))))

    assert after.hands == [["pilot-1", "sensors-1"]]
    assert after.deck == []


def test_a_danger_draw_that_runs_out_of_cards_says_how_many_were_drawn() -> None:
    """R9 + Hand Cards ("If there are still not enough, you cannot draw any more cards"): the strike
    asks for the row's 4 drive, one card is left; the log says 1 of 4 came, not only that 4 were due."""
    after, events = play(asteroids(deck=["sensors-1"], discard=[]), "reactor-2")

    assert after.hands == [["pilot-1", "sensors-1"]]
    told = [said(e.text) for e in events]
    assert "The deck and the discard pile are empty: 1 of 4 cards drawn." in told


def test_an_upgraded_card_stays_upgraded_through_a_reshuffle() -> None:
    """R2: "keeps its upgraded side for the rest of the game, in hand, grid, discard and deck, through
    reshuffles"; Playing Cards: "never flip them ... not even when discarding or shuffling"."""
    state = table(hands=[["pilot-1"]], deck=[], discard=["shields-1"], upgraded=["shields-1"])
    drawn = run(state, UseShip(seat=0, index=0))
    after, _ = play(drawn, "shields-1")

    assert drawn.hands == [["pilot-1", "shields-1"]]
    assert have(after) == {"shield": 3}


# --- help cards: Procure Ingredient, The Final Frontier ---


def test_procure_ingredient_flips_into_the_final_frontier_with_4_easy_sectors() -> None:
    """Zutat beschaffen: "Flip the card over and take all sector cards with an easy side. Turn them to
    this side and draw 4 of them at random. Place them as a deck on the flipped card." """
    state = orion(starter=True, then=[PROCURE])
    done = solve_orion(state)
    easy, frontier = done.stack[:4], done.stack[4:]

    assert frontier == [FRONTIER]
    assert len({c.sector for c in easy}) == 4
    assert all(c.side == "front" for c in easy)
    assert all(CARDS.sector(c.sector).front.kind == "easy" for c in easy)
    assert done.easy_used[-4:] == [c.sector for c in easy]


@pytest.mark.parametrize("level", ["Salad", "Margherita", "Diavolo"])
def test_the_final_frontier_lays_the_levels_hard_sectors_then_a_boss_last(level: str) -> None:
    """Die letzte Grenze: "take the 3 boss sector cards, shuffle them and lay out one at random. This is
    the last challenge ... take the remaining sector cards and turn them to the hard side. Now place as
    many random sectors on the boss card as stated for your difficulty." """
    state = orion(level=level, then=[FRONTIER])
    done = solve_orion(state)
    *hard, boss = done.stack

    assert len(hard) == CARDS.level(level).hard
    assert all(c.side == "back" for c in hard)
    assert all(CARDS.sector(c.sector).back.kind == "hard" for c in hard)
    assert not {c.sector for c in hard} & set(state.easy_used)
    assert len({c.sector for c in hard}) == len(hard)
    assert boss.side == "front"
    assert CARDS.sector(boss.sector).front.kind == "boss"


def test_the_final_frontiers_boss_is_random() -> None:
    """Die letzte Grenze: "shuffle them and lay out one at random"."""
    bosses = {solve_orion(orion(then=[FRONTIER], seed=seed)).stack[-1].sector for seed in range(12)}

    assert len(bosses) > 1


def test_the_starter_game_continues_on_salad() -> None:
    """Starter Game: "Once you have the eggs, you play a game on the easiest difficulty level Salad";
    Zutat beschaffen: "You are now ready for a normal game on the difficulty level Salad" — whatever
    level was asked for, the Final Frontier of a starter game lays Salad's 0 hard sectors."""
    state = orion(starter=True, level="Diavolo", then=[FRONTIER])
    done = solve_orion(state)

    assert len(done.stack) == 1
    assert CARDS.sector(done.stack[0].sector).front.kind == "boss"


@pytest.mark.parametrize(
    ("level", "told"),
    [
        ("Salad", "The Final Frontier: straight on to the boss."),  # not "0 hard sectors, then the boss"
        ("Margherita", "The Final Frontier: {hard} hard sectors, then the boss."),
    ],
)
def test_the_final_frontier_says_what_it_lays_out(level: str, told: str) -> None:
    state, _ = play(orion(level=level, then=[FRONTIER]), "reactor-3")
    lines: list[str] = []
    for action in (Clear(how="solve", solution=0), Upgrade()):
        if state.pending is None:
            break
        state, events = apply(state, action)
        lines += [said(e.text) for e in events]
    assert told.format(hard=CARDS.level(level).hard) in lines


# --- winning, scoring, track solutions, being stranded (R18, R19, E3) ---


@pytest.mark.parametrize(
    ("pizza", "damage", "score", "stars"),
    [(5, 7, 17, 5), (4, 5, 13, 4), (3, 5, 11, 3), (2, 3, 7, 2), (1, 2, 4, 1)],
)
def test_clearing_the_last_sector_wins_and_scores(pizza: int, damage: int, score: int, stars: int) -> None:
    """End of the Game / R19: "count how many spaces are left on your pizza track and double them. Then
    add the remaining spaces on the damage track. Whether you get a 5-star rating ... you can see on the
    help card." """
    done = solve_orion(orion(then=[], pizza=pizza, damage=damage))

    assert done.outcome == "won"
    assert done.score == score
    assert done.stars == stars
    assert done.rating == next(r.text for r in CARDS.ratings if r.stars == stars)
    assert legal_actions(done) == []


def test_a_track_solution_is_an_action_that_pays_the_track() -> None:
    """Sector Cards: "Or you give them a piece of pizza. Then you must move the marker on your ship";
    E3: "the crew may take it as an action at any time in that sector". It is a solve: an upgrade.
    Pirate Toll Booth: 2 pizza."""
    assert CARDS.sector(PIRATES).front.solutions[1].amount == 2
    state = table(hands=[["pilot-1"]], sector=PIRATES, then=[ASTEROIDS])

    assert Clear(how="solve", solution=1) in legal_actions(state)
    after, _ = apply(state, Clear(how="solve", solution=1))
    assert after.pizza == state.pizza - 2
    assert after.pending is not None
    assert after.pending.kind == "upgrade"
    assert after.solved == 1


@pytest.mark.parametrize(
    ("side", "pizza", "offered"),
    [("front", 3, True), ("front", 2, False), ("back", 4, True), ("back", 3, False)],
)
def test_a_track_solution_is_offered_only_while_the_marker_stays_on(
    side: str, pizza: int, offered: bool
) -> None:
    """E3: "it is offered only while the marker stays on its track (paying the last space would lose
    the game)". Pirate Toll Booth: 2 pizza; Pirate Flagship: 3 pizza."""
    state = table(hands=[["pilot-1"]], sector=PIRATES, side=side, pizza=pizza)

    assert (Clear(how="solve", solution=1) in legal_actions(state)) is offered


def test_the_crew_is_stranded_when_nobody_can_act() -> None:
    """R18: "no crew member has any legal action left (empty hands, no usable station or ship action,
    and the deck and discard pile cannot give cards), the crew is stranded and the game is lost"."""
    state = table(hands=[["pilot-1"]], deck=[]).model_copy(update={"used": {"ship:0": 2}})
    after, _ = play(state, "pilot-1")

    assert after.outcome == "lost"
    assert after.loss_reason is not None
    assert "stranded" in after.loss_reason
    assert loss_text(after) == after.loss_reason  # nothing left anywhere: nothing more to explain


def test_a_stranded_crew_is_told_why_the_cards_left_could_not_help() -> None:
    """Stranded with cards in the discard pile: the loss says they come back only by a draw or a
    take-back, and none was left (the ship's draws are spent); hands refill only when a sector is cleared."""
    state = table(hands=[["pilot-1"]], deck=[], discard=["reactor-1", "reactor-2"])
    state = state.model_copy(update={"used": {"ship:0": 2}})
    after, _ = play(state, "pilot-1")

    assert after.outcome == "lost"
    why = loss_text(after)
    assert why.startswith("The crew is stranded: ")
    assert "The 2 cards in the deck and discard pile come back only by a draw or a take-back, and none" in why
    assert "still in hand" not in why  # every hand is empty


def test_a_stranded_crew_with_one_card_left_is_told_of_the_last_card_not_the_1_card() -> None:
    """One card in hand and one in the discard pile: "The last card in hand …", "The one card in the
    deck and discard pile …", and the ship's take-back (spent) is named beside the draw."""
    state = table(hands=[["pilot-1", "reactor-4"]], deck=[], discard=["reactor-1"])
    state = state.model_copy(update={"used": {"ship:0": 2, "ship:1": 1}})
    after, _ = play(state, "pilot-1")

    assert after.outcome == "lost"
    why = loss_text(after)
    assert "The last card in hand had no action" in why
    assert "The one card in the deck and discard pile comes back only by a draw or a take-back" in why
    assert "The 1 card" not in why


def test_the_crew_is_not_stranded_while_the_ship_can_draw() -> None:
    """FAQ "Ship action / no hand cards": "Do not forget ... the ship action. With it you can often
    draw cards" — an empty hand with the ship's draw left is not stranded (R18)."""
    state = table(hands=[["pilot-1"]])
    after, _ = play(state, "pilot-1")

    assert after.outcome == "playing"
    assert legal_actions(after) == [UseShip(seat=0, index=0)]


def test_a_finished_game_takes_no_action() -> None:
    """End of the Game: after winning or losing nothing more is played."""
    state = no_drive_strike(damage=1)
    lost, _ = play(state, "reactor-1")

    with pytest.raises(IllegalAction):
        apply(lost, UseShip(seat=0, index=0))


@pytest.mark.parametrize(("version", "asked"), [("dine-2", True), ("dine-3", False)])
def test_solving_the_last_sector_asks_for_an_upgrade_only_where_a_recorded_game_did(
    version: str, asked: bool
) -> None:
    """R12's upgrade after solving matters only for the sectors still to come: after the last one the
    game is won as soon as the rows are cleared. Card set v3 (being designed) no longer asks there;
    v1's and v2's games asked, and their recorded games hold the answer, so they keep asking."""
    state = table(
        hands=[["reactor-1", "pilot-1"]],
        grid=[["reactor-2", "reactor-3", ("pilot-3", True)], []],  # 4 energy: each card set's solution
        sector="sector-customs",
        then=(),
        rules_version=version,
    )
    spec = state.cards.sector("sector-customs").front
    assert Counter(spec.solutions[0].symbols) <= Counter(have(state)), "the grid already solves it"
    after, _ = play(state, "reactor-1")
    assert after.pending is not None
    assert "solve:0" in after.pending.options
    solved = run(after, Clear(how="solve", solution=0))
    if asked:
        assert solved.pending is not None
        assert solved.pending.kind == "upgrade"
        solved = run(solved, Upgrade(card=None))
    assert solved.outcome == "won"
    assert solved.upgraded == []


def test_a_strike_with_no_drive_in_the_row_says_no_draw() -> None:
    """R9: the crew draws the row's drive; with none, "The crew draws 0 cards" was noise. Seed 34's
    three-crew starter game, played by the greedy crew, meets such a strike at its 51st move."""
    from core.dine.ai import heuristic
    from core.dine.engine import new_game

    state = new_game(34, crew=3, starter=True)
    for _ in range(50):
        state, _ = apply(state, heuristic(state).action)
    state, events = apply(state, heuristic(state).action)
    assert [said(e.text) for e in events if e.kind == "danger"] == [
        "We have a problem: The Health Inspector strikes!"
    ]


def test_a_strike_says_who_drew_how_many_cards() -> None:
    """R9 deals the drawn cards round the seats from the member with fewest: the log says who got how
    many in one line ("Cards drawn: Crew 2: 2, Crew 3: 2, Crew 1: 1."), not only "The crew draws 5
    cards", over three-crew games."""
    from core.dine.engine import new_game

    strikes = 0
    for seed in range(1, 6):
        strikes += _strikes_told(new_game(seed, level="Pepperoni", crew=3))
    assert strikes >= 3


def _strikes_told(state: State) -> int:
    """Play `state` out with the greedy crew, checking each strike's draw lines; how many it met."""
    import re

    from core.dine.ai import heuristic

    strikes = 0
    while state.outcome == "playing":
        state, events = apply(state, heuristic(state).action)
        lines = [said(e.text) for e in events]
        struck = next((m for line in lines if (m := re.search(r"The crew draws (\d+) cards?\.", line))), None)
        if struck is None or "empty" in " ".join(lines):
            continue
        strikes += 1
        told = next(line for line in lines if line.startswith("Cards drawn: "))
        drew = {int(m[1]) - 1: int(m[2]) for m in re.finditer(r"Crew (\d): (\d+)", told)}
        assert sum(drew.values()) == int(struck[1]), lines
        counts = list(drew.values())  # one card at a time round the seats, from the first told
        assert counts == sorted(counts, reverse=True), lines
        assert max(counts) - min(counts) <= 1, lines
    return strikes


@pytest.mark.parametrize("rules", ["dine-1", "dine-3"])
def test_the_crew_is_asked_to_leave_exactly_by_the_ways_the_whole_grid_meets(rules: str) -> None:
    """Boldly Go… / R5, R8: after an action, the crew is asked to clear the sector with exactly the
    solutions the whole grid meets and the jump when the grid has its drive and navigation, in that
    order, and an action whose grid meets neither asks nothing (the engine remembers the answer by the
    grid's totals, so a remembered answer must be the one worked out afresh), over whole games of
    every crew size."""
    asked = quiet = 0
    for seed, level, crew in ((11, "Diavolo", 1), (12, "Pepperoni", 2), (13, "Quattro Formaggi", 3)):
        state = new_game(seed, level=level, crew=crew, rules_version=rules)
        for _ in range(400):
            if state.outcome != "playing":
                break
            after, _ = apply(state, heuristic_action(state), quiet=True)
            if after.pending is not None and after.pending.kind == "clear":
                ways = [f"solve:{i}" for i in solved_by_symbols(after)] + (
                    ["jump"] if can_jump(after) else []
                )
                assert list(after.pending.options) == ways
                asked += 1
            elif _checked_unchanged(state, after):
                assert solved_by_symbols(after) == []
                assert not can_jump(after)
                quiet += 1
            state = after
    assert asked >= 5
    assert quiet > 50


def _checked_unchanged(before: State, after: State) -> bool:
    """Whether `after` is a main action's end in the same sector with no question and no strike: the
    grid was checked as it stands and nothing was met."""
    same_rows = len(after.grid) == len(before.grid) and after.grid[:-1] == before.grid[:-1]
    return (
        before.pending is None and after.pending is None and after.stack[:1] == before.stack[:1] and same_rows
    )
