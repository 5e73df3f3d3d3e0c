"""The Dine hint's reasons (`core.dine.why`, issue 17 item 3): what a move achieves now, from the
state, never the move again; and the expert crew's decision as its hint explains it."""

from __future__ import annotations

from core.dine.actions import Clear, Shield
from core.dine.ai import explain
from core.dine.cards import Symbol
from core.dine.engine import danger_value, legal_actions
from core.dine.expert import expert_policy, expert_weigher
from core.dine.state import Pending
from core.dine.why import choose_words
from core.render.dine_hint import hint, loss_words

from .helpers import CARDS, decisions, rows_giving, table

HAND = ["rdrive-1", "pilot-1"]  # Ramjet (2 drive), Helm Console (1 navigation)


def test_a_play_says_what_it_adds_toward_the_way_out_and_how_near_the_danger_is() -> None:
    """Asteroid Drift, one crew member: the jump needs 6 drive and 1 navigation; the grid has 3 drive;
    the danger strikes at the 4th card of a row."""
    state = table(hands=[HAND], grid=rows_giving({Symbol.DRIVE: 3}, exclude=HAND))

    found = hint(state, [0])

    assert found is not None
    assert found.move == "Crew 1: Play Ramjet upright (free: play)"
    assert found.why == (
        "It adds 2 drive toward the jump: the grid then holds 5 of the 7 symbols needed, 1 drive, 1"
        " navigation to go; the row then holds 1 of the 4 cards that set Asteroid Drift off."
    )


def test_what_is_still_missing_reads_without_a_number_to_agree_with_in_german_and_spanish() -> None:
    """ "es fehlen 1 Antrieb" and "faltan 1 propulsión" made the verb agree with the count, and the
    Spanish amounts lacked the board's "de" (a new player's review): the translations name what is
    still open after a colon, in the board's words."""
    state = table(hands=[HAND], grid=rows_giving({Symbol.DRIVE: 3}, exclude=HAND))
    german, spanish = hint(state, [0], locale="de"), hint(state, [0], locale="es")
    assert german is not None
    assert spanish is not None
    assert "5 der 7 nötigen Symbole, noch offen: 1 Antrieb" in german.why
    assert "5 de los 7 símbolos necesarios; pendiente: 1 de propulsión, 1 de navegación" in spanish.why
    assert spanish.why.startswith(
        "Añade 2 de propulsión"
    )  # amounts as the board says them, not "2 propulsión"
    assert "es fehlen" not in german.why
    assert "faltan" not in spanish.why


def test_occupying_says_what_the_station_does_not_its_name_again() -> None:
    """The old hint read "occupy Autopilot — occupy Autopilot"."""
    state = table(hands=[HAND], grid=rows_giving({Symbol.DRIVE: 3}, exclude=HAND))
    state = state.model_copy(update={"pending": Pending(kind="occupy", seat=0, reason="Crew 1 may occupy.")})

    found = hint(state, [0])

    assert found is not None
    assert found.move == "Crew 1: Occupy Helm Console"
    assert found.why == (
        "While occupied it sets off “draw 1” each time the grid gains navigation, which serves the crew"
        " longer than one play."
    )  # "it gives draw 1 each time navigation is made in the grid" read as a typo, in every language
    german = hint(state, [0], locale="de")
    assert german is not None
    assert "„1 ziehen“ auslöst, jedes Mal wenn das Raster Navigation gewinnt" in german.why


def test_giving_up_a_card_says_why_that_one() -> None:
    state = table(hands=[HAND], grid=rows_giving({Symbol.DRIVE: 3}, exclude=HAND))
    state = state.model_copy(update={"pending": Pending(kind="give", give="remove", reason="Remove 1.")})

    found = hint(state, [0])

    assert found is not None
    assert found.move == "Crew 1: Remove Helm Console from the game"  # not "give up": it is gone for good
    assert found.why == (
        "It gives only 1 navigation in a row, the least of your 2 cards, and it leaves the game for good."
    )


def test_a_card_given_up_says_what_it_makes_in_a_row_not_nothing() -> None:
    """Heat Sink Grid makes 1 shield per energy in its row: the hint to remove it said "it gives
    nothing in a row" (a new player's review). It names what the card makes, in every language."""
    hand = ["shields-3", *HAND]
    state = table(hands=[hand], grid=rows_giving({Symbol.DRIVE: 3}, exclude=hand))
    state = state.model_copy(update={"pending": Pending(kind="give", give="remove", reason="Remove 1.")})

    found = hint(state, [0])

    assert found is not None
    assert found.move == "Crew 1: Remove Heat Sink Grid from the game"
    assert found.why == (
        "It gives only 1 shield per 1 energy in a row, the least of your 3 cards, and it leaves the game"
        " for good."
    )
    german = hint(state, [0], locale="de")
    assert german is not None
    assert "1 Schild je 1 Energie" in german.why


def test_the_expert_weigher_decides_as_the_expert_crew_and_keeps_what_it_saw() -> None:
    states = decisions(4, level="Pepperoni", crew=2, limit=5)
    weigh, choose = expert_weigher(3, rollouts=4), expert_policy(3, rollouts=4)
    for state in states:
        seen = weigh(state)
        assert seen.choice == choose(state)
        played = [len(scores) for scores in seen.scores]
        assert played[seen.best] == max(played)  # the pick ran to the end
        assert all(sum(lost.values()) <= n for lost, n in zip(seen.losses, played, strict=True))


def test_a_loss_reads_as_a_clause() -> None:
    assert (
        loss_words("The pizza marker is pushed off the ship card: the pizza is ruined.")
        == "the pizza is ruined"
    )
    stranded = "The crew is stranded: nobody has a card to play or a station or ship action to use."
    assert loss_words(stranded) == "the crew is stranded"


def test_taking_the_damage_says_no_shield_can_pay_only_when_none_can() -> None:
    """The reason for taking a damage point instead of a shield: with a shield in the grid the crew
    chooses to keep its grid (it is not told that no shield can pay); without one it has no choice."""
    shield_card = next(c.id for c in CARDS.stations if c.normal.row.symbols.get(Symbol.SHIELD, 0) >= 1)
    asked = Pending(kind="shield", amount=1, reason="1 damage: pay a shield?")
    shielded = table(hands=[["pilot-1"]], grid=[[shield_card], []]).model_copy(update={"pending": asked})
    bare = table(hands=[["pilot-1"]], grid=[["pilot-2"], []]).model_copy(update={"pending": asked})
    assert len(legal_actions(shielded)) == 2
    assert explain(shielded, Shield(payment=None)) == "The grid stays as it is and the ship takes the damage."
    assert legal_actions(bare) == [Shield(payment=None)]
    assert explain(bare, Shield(payment=None)) == "No shield in the grid can pay for it."


def test_an_action_that_changes_nothing_is_not_said_to_repair_or_draw() -> None:
    """The Crusty Cruiser with no damage and empty hands: its only move is the ship's repair, which the
    crew may take (it is legal, R18) but which repairs nothing; the reason says so, not "repaired by 1"."""
    state = table(hands=[[]], ship="Crusty Cruiser", marker=3)
    (only,) = legal_actions(state)
    assert explain(state, only) == "It changes nothing now: there is nothing for it to do."
    hurt = table(hands=[[]], ship="Crusty Cruiser", marker=3, damage=3)
    assert "repaired by 1" in explain(hurt, legal_actions(hurt)[0])


def test_choosing_damage_says_when_it_lands_on_a_remove_cards_space() -> None:
    """Customs Raid: "2 damage OR 1 pizza". The Spacehopper 3000 removes a hand card at damage 4: from
    5, the 2 damage land on it, so the reason says a card leaves the game; from 7 they do not."""
    raid = CARDS.sector("sector-customs").back
    assert [[e.op for e in option] for option in raid.consequences] == [["damage"], ["pizza"]]
    near = table(hands=[["pilot-1"]], sector="sector-customs", side="back", damage=5)
    assert choose_words(near, raid, 0).endswith(
        "; unless a shield stops it, the damage lands on 1 “Remove cards” space, and a hand card leaves "
        "the game"
    )
    assert "Remove cards" not in choose_words(table(hands=[["pilot-1"]], damage=7), raid, 0)
    assert "Remove cards" not in choose_words(near, raid, 1)  # the pizza lands on no such space


def test_paying_a_track_says_how_far_the_grid_is_toward_another_way_out_without_the_solvers_edge() -> None:
    """Rival Food Truck with an empty grid: the hint to pay pizza said the grid was "2% of the way to
    any other way out" (a new player's review). The 2 points were the edge the crew gives a solution
    over a jump as near, not anything in the grid: the reason now says 0%."""
    state = table(hands=[HAND], sector="sector-foodtruck")
    pay = next(a for a in legal_actions(state) if isinstance(a, Clear))
    assert explain(state, pay) == (
        "Rival Food Truck is left at once, before its danger strikes, with 4 pizza still left; the grid"
        " is 0% of the way to any other way out."
    )


def test_keeping_on_with_a_full_row_says_the_danger_strikes_at_once() -> None:
    """Keeping on where the current row is full runs the danger check at once (ruling E4): the hint's
    reason for "Keep playing" said only that the crew may build the grid further (a new player's
    review), where the option itself says the danger strikes. Now the reason says it too."""
    offer = Pending(kind="clear", options=("solve:0", "jump"), reason="Solve or jump?")
    full = table(hands=[["pilot-1"]], grid=[["reactor-1", "reactor-2", "reactor-3", "rdrive-1"]])
    assert len(full.current_row) >= danger_value(full) > 0
    full = full.model_copy(update={"pending": offer})
    keep = Clear(how="continue")
    assert keep in legal_actions(full)
    assert explain(full, keep) == (
        "The crew may still build the grid further, but the danger strikes at once."
    )
    assert "die Gefahr schlägt sofort zu" in explain(full, keep, locale="de")
    room = table(hands=[["pilot-1"]]).model_copy(update={"pending": offer})
    assert explain(room, keep) == "The crew may still build the grid further before leaving."
