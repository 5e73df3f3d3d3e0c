"""Symbol scenarios: counting a row (R4), drive and rotation (R1), the whole grid (R5), paying (R6).

Cards used (normal side unless upgraded): Helm Console pilot-1 (1 navigation; rotated 2 energy;
upgraded: 2 navigation + 1 navigation per 2 energy), Autopilot pilot-2 (drive 1, 1 navigation), Star
Chart Table pilot-3 (1 navigation; rotated 1 navigation 1 energy; upgraded: drive 1, 3 navigation
+ 1 drive per 2 navigation), Fusion Core reactor-1 (1 energy; rotated 2 shield; upgraded 4 energy),
Antimatter Bottle reactor-2 (drive 1, 1 energy; upgraded 3 energy), Plasma Coil reactor-3 (1 energy;
rotated 2 drive), Zero-Point Reactor reactor-4 (2 energy), Ramjet rdrive-1 (drive 2; rotated
2 navigation), Rotary Thruster rdrive-2 (drive 1, 1 drive per 2 energy; rotated 2 energy
1 firepower), Warp Sled rdrive-3 (drive 1, 1 drive per energy), Doppler Array sensors-2 (drive 1,
1 navigation per 2 drive).
"""

from __future__ import annotations

from itertools import permutations

import pytest

from core.dine.actions import Clear, Payment, UseStation
from core.dine.cards import Symbol, card_set
from core.dine.engine import apply, legal_actions
from core.dine.state import RULES_VERSION, Placed
from core.dine.symbols import grid_symbols, payments, row_symbols
from tests.dine.helpers import have, play, table

CARDS = card_set(RULES_VERSION)  # the cards new games are dealt with

ORION = "boss-kraken"  # its back side is Flight to Orion: jump 3 drive (1 crew), solved by 3 energy
D, N, E, F, S = Symbol.DRIVE, Symbol.NAVIGATION, Symbol.ENERGY, Symbol.FIREPOWER, Symbol.SHIELD


def row(*cells: str | tuple[str, bool]) -> list[Placed]:
    return [Placed(card=c) if isinstance(c, str) else Placed(card=c[0], rotated=c[1]) for c in cells]


def counts(cells: list[Placed], upgraded: tuple[str, ...] = ()) -> dict[str, int]:
    return {s.value: n for s, n in row_symbols(CARDS, cells, upgraded).items() if n}


# --- direct and produced symbols (rulebook "Obtaining Symbols", R4) ---


def test_a_card_in_a_row_gives_its_symbols_directly() -> None:
    """Obtaining Symbols: "if a card showing 1 navigation lies in a row, you have 1 navigation"."""
    assert counts(row("pilot-1")) == {"navigation": 1}
    assert counts(row("reactor-4")) == {"energy": 2}
    assert counts(row("pilot-1", "reactor-4")) == {"navigation": 1, "energy": 2}


def test_an_upgraded_card_gives_its_upgraded_side() -> None:
    """R2: "A flipped (upgraded) card keeps its upgraded side ... in hand, grid, discard and deck"."""
    assert counts(row("reactor-1")) == {"energy": 1}
    assert counts(row("reactor-1"), upgraded=("reactor-1",)) == {"energy": 2}


def test_production_counts_the_symbols_of_the_same_row() -> None:
    """Obtaining Symbols: "1 navigation per 2 energy symbols ... per 2 energy symbols in the row" —
    Rotary Thruster makes 1 drive per 2 energy of its row."""
    assert counts(row("rdrive-2")) == {"drive": 1}
    assert counts(row("rdrive-2", "reactor-4")) == {"drive": 2, "energy": 2}
    assert counts(row("rdrive-2", "reactor-4", "reactor-1", "reactor-3")) == {"drive": 3, "energy": 4}


def test_production_rounds_down_per_whole_group() -> None:
    """R4: "N X per M Y" — 3 energy make one drive with a per-2 production, not one and a half."""
    assert counts(row("rdrive-2", "reactor-4", "reactor-1")) == {"drive": 2, "energy": 3}


def test_production_does_not_count_symbols_of_other_rows() -> None:
    """Obtaining Symbols: "Important: you only produce symbols per symbol in the same row"."""
    grid = [row("reactor-4", "reactor-1", "reactor-3"), row("rdrive-2")]

    assert row_symbols(CARDS, grid[1], ())[D] == 1
    assert grid_symbols(CARDS, grid, ())[D] == 1
    assert grid_symbols(CARDS, grid, ())[E] == 4


def test_production_counts_in_the_row_where_both_cards_lie() -> None:
    """Obtaining Symbols: production works per row — the same cards in one row do produce."""
    assert grid_symbols(CARDS, [row("reactor-4", "reactor-1", "reactor-3", "rdrive-2")], ())[D] == 3


def test_order_in_the_row_does_not_matter() -> None:
    """Obtaining Symbols: "The order within the row does not matter. The cards do not have to be
    adjacent to each other." """
    cards = ["rdrive-2", "pilot-1", "reactor-1", "sensors-2"]
    results = {tuple(sorted(counts(row(*order)).items())) for order in permutations(cards)}

    assert len(results) == 1


def test_chained_production() -> None:
    """R4: "Production may chain": energy → drive (Warp Sled, 1 per energy) → navigation (Doppler
    Array, 1 per 2 drive). 2 energy + 2 printed drive + 2 produced drive = 4 drive → 2 navigation."""
    assert counts(row("reactor-4", "rdrive-3", "sensors-2")) == {"energy": 2, "drive": 4, "navigation": 2}


def test_mutual_production_converges_to_its_fixpoint() -> None:
    """R4: "symbols that produce each other are possible"; "evaluate it as a fixpoint in which each
    production rule reads the row's symbols from all other sources". Star Chart Table (upgraded:
    1 drive per 2 navigation) and Doppler Array (1 navigation per 2 drive) feed each other: direct
    2 navigation and 4 drive (1 + 1 + Ramjet's 2) settle at 5 navigation (2 + 3) and 6 drive (4 + 2)."""
    cells = row("pilot-3", "sensors-2", "rdrive-1")

    assert counts(cells, upgraded=("pilot-3",)) == {"navigation": 5, "drive": 6}


def test_mutual_production_takes_the_least_fixpoint() -> None:
    """R4: production builds up from the symbols the row really has ("starting from nothing produced,
    the values only grow"). Star Chart Table (upgraded), Doppler Array, Antimatter Bottle and Helm
    Console: 3 navigation and 3 drive direct give 2 of each produced — 5 and 5. The self-supporting
    6 and 6 (each third produced symbol justified only by the other's) is also a fixpoint, but no card
    ever showed those symbols."""
    cells = row("pilot-3", "sensors-2", "reactor-2", "pilot-1")

    assert counts(cells, upgraded=("pilot-3",)) == {"navigation": 5, "drive": 5, "energy": 1}


# --- drive and rotation (rulebook "Drive", R1) ---


def test_drive_of_each_upright_card_counts() -> None:
    """Drive: "you gain drive for each card with this symbol that lies unrotated in your grid"."""
    assert counts(row("rdrive-1")) == {"drive": 2}
    assert counts(row("rdrive-1", "pilot-2", "reactor-2")) == {"drive": 4, "navigation": 1, "energy": 1}


def test_a_rotated_card_gives_only_its_rotated_effect() -> None:
    """R1: "A card played rotated (180°) gives only its effect in the row when rotated; its printed
    drive does not count"."""
    assert counts(row(("rdrive-1", True))) == {"navigation": 2}
    assert counts(row(("reactor-1", True))) == {"shield": 2}
    assert counts(row(("pilot-2", True))) == {"firepower": 1}


def test_a_rotated_card_does_not_produce_with_its_upright_rule() -> None:
    """R1: the rotated Rotary Thruster gives 2 energy and 1 firepower — no drive, and it no longer
    makes drive from the row's energy."""
    assert counts(row(("rdrive-2", True), "reactor-4")) == {"energy": 4, "firepower": 1}


def test_drive_symbols_of_a_rotated_effect_count_as_drive() -> None:
    """Drive: "You can obtain it like other symbols" — the rotated Plasma Coil shows 2 drive as its
    rotated effect; only the printed (unrotated) drive of R1 is lost by rotating."""
    assert counts(row(("reactor-3", True))) == {"drive": 2}


# --- requirements use the whole grid (R5) ---


def test_requirements_use_every_row_of_the_grid() -> None:
    """R5 / Obtaining Symbols: "For solving a danger or for jumping you can use the symbols from all
    rows, i.e. from the current row and from old rows." Flight to Orion is solved by 3 energy: 2 in an
    old row and 1 played into the current row."""
    state = table(
        hands=[["reactor-3", "pilot-1"]], grid=[["reactor-4"], []], sector="boss-kraken", side="back"
    )
    after, _ = play(state, "reactor-3")

    assert after.pending is not None
    assert after.pending.kind == "clear"
    assert "solve:0" in after.pending.options


def test_having_symbols_does_not_discard_them() -> None:
    """FAQ "Having symbols and paying symbols": "you do not have to discard the symbols" to meet a
    requirement; keeping on playing leaves the grid as it was."""
    state = table(
        hands=[["reactor-3", "pilot-1"]], grid=[["reactor-4"], []], sector="boss-kraken", side="back"
    )
    after, _ = play(state, "reactor-3")
    kept, _ = apply(after, Clear(how="continue"))

    assert [[p.card for p in r] for r in kept.grid] == [["reactor-4"], ["reactor-3"]]
    assert kept.discard == []
    assert have(kept) == {"energy": 3}


def test_jump_needs_drive_and_navigation_of_the_whole_grid() -> None:
    """R5: the jump compares the sum over all rows. Orion Egg Farm (1 crew) needs 5 drive and
    2 navigation: 4 drive in the old row (Ramjet 2, Warp Sled 1 + 1 from Fusion Core's energy), then
    Helm Console and Autopilot (drive 1, navigation 1) in the current row — neither row alone would do."""
    state = table(
        hands=[["pilot-2", "reactor-3"]],
        grid=[["rdrive-1", "rdrive-3", "reactor-1"], ["pilot-1"]],
        sector="boss-inspector",
        side="back",
    )
    assert have(state) == {"drive": 4, "energy": 1, "navigation": 1}
    after, _ = play(state, "pilot-2")

    assert after.pending is not None
    assert after.pending.options == ("jump",)


# --- paying from one row (R6) ---


def pay(grid: list[list[Placed]], cost: dict[Symbol, int], upgraded: tuple[str, ...] = ()) -> set:
    return {(r, frozenset(cards)) for r, cards in payments(CARDS, grid, upgraded, cost)}


def test_paying_comes_from_one_row_only() -> None:
    """Obtaining Symbols: "If you must pay symbols as costs, you must discard the symbols from 1 row of
    your choice." 1 energy in each of two rows cannot pay 2 energy."""
    grid = [row("reactor-2"), row("reactor-1")]

    assert pay(grid, {E: 2}) == set()
    assert pay(grid, {E: 1}) == {(0, frozenset({"reactor-2"})), (1, frozenset({"reactor-1"}))}


def test_paying_offers_only_minimal_choices() -> None:
    """R6: "The engine offers the minimal choices (no proper subset would do)": for 2 energy from a row
    of Zero-Point Reactor (2) and Antimatter Bottle (1), Zero-Point Reactor alone — never both."""
    grid = [row("reactor-4", "reactor-2")]

    assert pay(grid, {E: 2}) == {(0, frozenset({"reactor-4"}))}
    assert pay(grid, {E: 1}) == {(0, frozenset({"reactor-4"})), (0, frozenset({"reactor-2"}))}


def test_costs_are_overpaid_when_nothing_smaller_works() -> None:
    """Obtaining Symbols: "In case of doubt, costs must be overpaid." 2 energy from Fusion Core (1) and
    the upgraded Antimatter Bottle (3): only the bottle, overpaying by one."""
    grid = [row("reactor-1", "reactor-2")]

    assert pay(grid, {E: 2}, upgraded=("reactor-2",)) == {(0, frozenset({"reactor-2"}))}


def test_two_cards_pay_together_when_one_is_not_enough() -> None:
    """R6: the row's count must fall by at least k — two 1-energy cards pay 2 energy together."""
    grid = [row("reactor-2", "reactor-1")]

    assert pay(grid, {E: 2}) == {(0, frozenset({"reactor-2", "reactor-1"}))}


def test_rulebook_example_pay_navigation_by_discarding_the_card_that_produced_it() -> None:
    """Obtaining Symbols: "If you now have to pay 1 navigation, you discard the card with 2 energy,
    since it produced the navigation." The upgraded Helm Console makes 1 navigation per 2 energy;
    Zero-Point Reactor's 2 energy may pay for the navigation it produced."""
    grid = [row("reactor-4", "pilot-1")]

    assert pay(grid, {N: 1}, upgraded=("pilot-1",)) == {
        (0, frozenset({"reactor-4"})),
        (0, frozenset({"pilot-1"})),
    }


def test_paying_a_produced_symbol_through_its_source_in_play() -> None:
    """R6 / FAQ "Having symbols and paying symbols": "symbols on rotated cards that are converted by
    another card can be paid". Quasar Calzone; crew 1 occupies Probe Launcher (pay 1 navigation:
    every crew member draws 1). The row holds Doppler Array (1 navigation per 2 drive) and Antimatter
    Bottle (drive 1): discarding the bottle, which has no navigation of its own, pays the navigation."""
    state = table(
        hands=[["reactor-1"]],
        grid=[["sensors-2", "reactor-2"], []],
        sector="boss-kraken",
        side="back",
        ship="Quasar Calzone",
        stations=["sensors-3"],
    )
    offered = {a.payment for a in legal_actions(state) if isinstance(a, UseStation)}

    assert offered == {
        Payment(row=0, grid=("sensors-2",)),
        Payment(row=0, grid=("reactor-2",)),
    }
    deck_top = state.deck[:1]
    after, _ = apply(state, UseStation(seat=0, payment=Payment(row=0, grid=("reactor-2",))))

    assert after.discard == ["reactor-2"]
    assert [p.card for p in after.grid[0]] == ["sensors-2"]
    assert after.hands[0] == ["reactor-1", *deck_top]


def test_paying_a_symbol_cost_in_play_discards_from_the_chosen_row() -> None:
    """R6: "paid from one row of the payer's choice by discarding cards from that row". Ion Cannon's
    rotated play costs 1 energy; Antimatter Bottle in the old row pays it."""
    state = table(hands=[["weapons-3"]], grid=[["reactor-2"], ["pilot-1"]])
    choices = [a.payment for a in legal_actions(state) if getattr(a, "card", None) == "weapons-3"]

    assert Payment(row=0, grid=("reactor-2",)) in choices
    after, _ = play(state, "weapons-3", action=1, row=0, grid=["reactor-2"])

    assert after.grid[0] == []
    assert after.grid[1] == [Placed(card="pilot-1"), Placed(card="weapons-3", rotated=True)]
    assert "reactor-2" in after.discard


@pytest.mark.parametrize("cost", [{E: 3}, {N: 1}])
def test_a_cost_the_grid_cannot_pay_is_not_offered(cost: dict[Symbol, int]) -> None:
    """R6: no row can lower its count by k — no way to pay, so no such action."""
    assert pay([row("reactor-4"), row("reactor-2")], cost) == set()
