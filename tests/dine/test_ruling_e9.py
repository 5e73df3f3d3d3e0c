"""Ruling E9 (docs/rulings-dine.md), the FAQ's "Discard/Remove with drive": "If you must discard or
remove cards with a certain number of drive, it does not matter where the drive is printed. Only the
number of drive symbols anywhere on the card counts." Drive inside a production counts, both what it
makes and what it reads; rules version dine-1, played before the ruling, keeps its earlier count.

Cards used (dine-2's, the card set v2 candidate, unless a test says dine-1): Rotary Thruster rdrive-2
(occupied: discard a hand card with 2+ drive: draw 2, once per sector), Chief Engineer's Workshop
engineering-4 (Crusty Cruiser; 1 drive rotated + 1 drive per 2 shield), Star Chart Table pilot-3
(normal: 1 drive rotated; upgraded: drive 1, 2 navigation + 1 drive per 2 navigation, 1 drive
rotated), Doppler Array sensors-2 (Quasar Calzone; drive 1, 1 navigation per 2 drive), Warp Sled
rdrive-3, Fusion Core reactor-1.
"""

from __future__ import annotations

from core.dine.actions import Payment, UseStation
from core.dine.cards import Production, StationSide, Symbol, card_set
from core.dine.engine import apply, card_drive, legal_actions, printed_drive
from core.dine.state import State
from core.render.dine_text import action_text
from tests.dine.helpers import table

QUASAR = "Quasar Calzone"

AFTER_E9 = "dine-2"  # the first rules version after dine-1 (issue 16's card set v2): E9 holds there
CRUSTY = "Crusty Cruiser"


def under_e9(state: State) -> State:
    return state.model_copy(update={"rules_version": AFTER_E9})


def station_payments(state: State) -> list[tuple[str, ...]]:
    return [a.payment.hand for a in legal_actions(state) if isinstance(a, UseStation)]


def direct_drive(shown: StationSide) -> int:
    """The count before E9: the drive field and the drive the two rows give directly."""
    return shown.drive + shown.row.symbols.get(Symbol.DRIVE, 0) + shown.rotated.symbols.get(Symbol.DRIVE, 0)


def test_drive_made_by_a_production_counts_for_a_card_with_n_drive() -> None:
    """E9: Chief Engineer's Workshop prints no drive field, 1 drive on its rotated row and "1 drive per
    2 shield" in its row — 2 drive symbols only with the one its production makes, so the occupied
    Rotary Thruster takes it as its "card with 2 drive" (it draws 2). Star Chart Table's normal side,
    1 drive and no production, is not offered; its upgraded side adds drive 1 and "1 drive per 2
    navigation" (3 drive symbols) and is."""
    cards = card_set(AFTER_E9)
    workshop = cards.station("engineering-4").normal
    assert Production(symbol=Symbol.DRIVE, per=2, of=Symbol.SHIELD) in workshop.row.produce
    assert (direct_drive(workshop), printed_drive(workshop)) == (1, 2)
    chart = cards.station("pilot-3")
    assert not chart.normal.row.produce
    assert not chart.normal.rotated.produce
    assert printed_drive(chart.normal) == 1
    assert chart.upgraded.drive == 1
    assert Production(symbol=Symbol.DRIVE, per=2, of=Symbol.NAVIGATION) in chart.upgraded.row.produce
    assert printed_drive(chart.upgraded) == 3
    made = under_e9(table(ship=CRUSTY, hands=[["engineering-4", "reactor-1"]], stations=["rdrive-2"]))
    plain = under_e9(table(hands=[["pilot-3", "reactor-1"]], stations=["rdrive-2"]))
    flipped = under_e9(table(hands=[["pilot-3", "reactor-1"]], stations=["rdrive-2"], upgraded=["pilot-3"]))

    assert station_payments(made) == [("engineering-4",)]
    after, _ = apply(made, UseStation(seat=0, payment=Payment(hand=("engineering-4",))))
    assert after.discard == ["engineering-4"]
    assert after.hands[0] == ["reactor-1", *made.deck[:2]]
    assert station_payments(plain) == []
    assert station_payments(flipped) == [("pilot-3",)]


def test_drive_a_production_reads_counts_too() -> None:
    """E9: Doppler Array prints drive 1 and "1 navigation per 2 drive" — 3 drive symbols (Quasar
    Calzone, which has R-Drive and Sensors)."""
    assert {"R-Drive", "Sensors"} <= set(card_set(AFTER_E9).ship(QUASAR).stations)
    state = under_e9(table(ship=QUASAR, hands=[["sensors-2", "reactor-1"]], stations=["rdrive-2"]))

    assert card_drive(card_set(AFTER_E9), "sensors-2", []) == 3
    assert station_payments(state) == [("sensors-2",)]


def test_e9_only_adds_drive_to_the_earlier_count() -> None:
    """E9 never counts less than the earlier count (the drive field and the drive the two row effects
    give directly) on the same card side, which is what dine-1 still counts; Warp Sled shows what it
    adds: drive 1, 1 drive per energy, occupied "pay 2 drive"."""
    for card in card_set(AFTER_E9).stations:
        for upgraded in (False, True):
            ids = [card.id] if upgraded else []
            after = card_drive(card_set(AFTER_E9), card.id, ids)
            assert after >= direct_drive(card.side(upgraded))
    for card in card_set("dine-1").stations:
        for upgraded in (False, True):
            ids = [card.id] if upgraded else []
            assert card_drive(card_set("dine-1"), card.id, ids) == direct_drive(card.side(upgraded))
    assert card_drive(card_set("dine-1"), "rdrive-3", []) == 1
    assert card_drive(card_set(AFTER_E9), "rdrive-3", []) == 1 + 1 + 2


def test_dine_1_games_keep_the_drive_count_they_were_played_with() -> None:
    """Rules dine-1 was played before E9: its games keep the earlier count, or a recorded game could
    replay differently. The case that showed it (a simulated Crusty Cruiser game): the only card in
    hand is Chief Engineer's Workshop (no free action; "1 drive per 2 shield" and 1 drive rotated),
    the ship's discard action is used up and its marker is off the track. By the earlier count the
    crew is stranded (R18); by E9 the Workshop has 2 drive and pays the occupied Rotary Thruster."""
    workshop = card_set("dine-1").station("engineering-4").normal
    assert [a.cost.kind for a in workshop.actions] == ["discard", "remove"]
    assert action_text(card_set("dine-1").ship(CRUSTY).actions[0]).startswith("ship marker 1 left:")
    assert card_set("dine-1").ship(CRUSTY).actions[1].per_sector == 1
    dine_1 = table(
        ship=CRUSTY, hands=[["engineering-4"]], stations=["rdrive-2"], marker=0, rules_version="dine-1"
    )
    dine_1 = dine_1.model_copy(update={"used": {"ship:1": 1}})

    assert dine_1.rules_version == "dine-1"
    assert legal_actions(dine_1) == []
    assert station_payments(under_e9(dine_1)) == [("engineering-4",)]
    plain = table(
        hands=[["pilot-3", "reactor-1"]], stations=["rdrive-2"], upgraded=["pilot-3"], rules_version="dine-1"
    )
    assert station_payments(plain) == []  # the upgraded Star Chart Table of the E9 scenario above
