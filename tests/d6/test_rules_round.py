"""D-6 rules scenarios: the round, the Scanners, winning and losing, set-up, illegal moves.

Each test is one rule told as a short story; its docstring cites the section of the rules digest
`shared/rules/deep-space-d6.en.md` (§10 = our rulings where the sources disagree).
"""

from __future__ import annotations

from collections import Counter

import pytest

from core.d6.actions import (
    AwayMission,
    ChangeFace,
    ClearScanner,
    EndAssignment,
    Fire,
    Gather,
    HoldDie,
    Recall,
    Recharge,
    Repair,
    Reroll,
    SendToInfirmary,
    Stasis,
)
from core.d6.cards import deck as card_deck
from core.d6.engine import apply, deal, legal_actions
from core.d6.state import Place, Station
from tests.d6.helpers import (
    CREW,
    DONT_PANIC,
    SEED,
    C,
    E,
    M,
    S,
    T,
    X,
    dice_at,
    die,
    end_round,
    faces,
    in_order,
    make_state,
    places,
    play,
    pool,
    refused,
    rig_crew_roll,
    texts,
    threat,
    uses_of,
)

# --- §4 the round --------------------------------------------------------------------------------


def test_round_order_roll_scan_assign_discover_activate_gather_then_roll_again():
    """§4 Round structure: 1 roll, 2 scan, 3 assign, 4 discover (draw), 5 activate, 6 gather, then
    the next round's roll — the die used at a station in step 3 is gathered and rolled again."""
    state = make_state(
        pool(E, T, S, M, C, C), external=[threat(1, "intercepter")], deck=["drone_a", DONT_PANIC], hull=7
    )
    state, said = play(state, Repair(die=0))  # step 3: resolved at once
    assert state.hull == 8
    assert said == ["Engineering repairs 1: hull 8."]

    state, said = end_round(state, threat_die=[3], next_roll=[C, T, M, S, E, C])

    assert in_order(
        said,
        "Round 1: assignments done.",
        "New threat: Drone with 1 health",  # step 4 (Drone activates on 2, 4, 6: not this round)
        "Threat die: 3.",  # step 5
        "Intercepter activates.",
        "Intercepter hits for 1 — shields absorb 1.",
        "Round 2 begins.",  # after step 6
        "Rolled 6 crew: Commander, Tactical, Medical, Science, Engineering, Commander.",
    )
    assert not any("Drone activates" in text for text in said)
    assert (state.round, state.phase, state.outcome) == (2, "assign", "playing")
    assert [t.card for t in state.external] == ["intercepter", "drone_a"]
    assert state.deck == [DONT_PANIC]
    assert (state.hull, state.shields) == (8, 3)
    assert places(state) == [Place.POOL] * 6
    assert faces(state) == [C, T, M, S, E, C]
    assert state.engineering_used == 0


def test_dont_panic_card_is_drawn_and_nothing_happens():
    """§8 Difficulty: a "Don't Panic! Nothing happens." card drawn at step 4 is discarded, no threat."""
    state = make_state(pool(C, C, C, C, C, C), deck=[DONT_PANIC, "corsair"])
    state, said = end_round(state, threat_die=[4], next_roll=[CREW] * 6)
    assert "Don't Panic! Nothing happens." in said
    assert state.discard == [DONT_PANIC]
    assert state.deck == ["corsair"]
    assert state.threats() == []
    assert (state.hull, state.shields) == (8, 4)


# --- §3 Scanners ---------------------------------------------------------------------------------


def test_three_threat_faces_lock_draw_a_threat_and_come_back_at_gather():
    """§3 Scanners: the 3rd Threat face locks and draws a threat at once; those three dice are reset,
    unusable this round, and gathered at step 6 to be rolled next round."""
    state = make_state(pool(C, T, M, S, E, C), deck=[DONT_PANIC, "intercepter", DONT_PANIC])
    state, said = end_round(state, threat_die=[6], next_roll=[X, X, X, T, S, M])

    assert in_order(
        said,
        "Rolled 6 crew: Threat, Threat, Threat, Tactical, Science, Medical.",
        "Scanners full: three Threat dice reset and a new threat appears!",
        "New threat: Intercepter with 3 health",
    )
    assert places(state) == [Place.RESET] * 3 + [Place.POOL] * 3
    assert [t.card for t in state.external] == ["intercepter"]
    assert all(uses_of(state, i) == [] for i in range(3))

    state, said = end_round(state, threat_die=[6], next_roll=[CREW] * 6)
    assert "Rolled 6 crew" in said[-1]
    assert places(state) == [Place.POOL] * 6


def test_one_or_two_leftover_threat_dice_stay_locked_across_rounds():
    """§3 Scanners: 1–2 leftover Threat dice stay locked (not gathered) until more Threat faces
    complete a set of three."""
    state = make_state(pool(C, T, M, S, E, C), deck=[DONT_PANIC, DONT_PANIC, "intercepter"])
    state, said = end_round(state, threat_die=[6], next_roll=[X, X, CREW, CREW, CREW, CREW])
    assert not any("Scanners full" in text for text in said)
    assert dice_at(state, Place.SCANNER) == [0, 1]

    state, said = end_round(state, threat_die=[6], next_roll=[X, E, E, E])
    assert in_order(
        said,
        "Rolled 4 crew: Threat, Engineering, Engineering, Engineering.",  # the locked two stay out
        "Scanners full",
        "New threat: Intercepter",
    )
    assert dice_at(state, Place.SCANNER) == []
    assert dice_at(state, Place.RESET) == [0, 1, 2]


def test_six_threat_faces_at_once_draw_two_threats():
    """§3 Scanners: "while ≥3 locked: reset 3, draw 1" (S4) — six Threat faces draw two threats."""
    state = make_state(pool(C, T, M, S, E, C), deck=[DONT_PANIC, "intercepter", "drone_a"])
    state, said = end_round(state, threat_die=[6], next_roll=[X] * 6)
    assert sum("Scanners full" in text for text in said) == 2
    assert [t.card for t in state.external] == ["intercepter", "drone_a"]
    assert places(state) == [Place.RESET] * 6
    assert legal_actions(state) == [EndAssignment()]


def test_commander_reroll_threat_faces_lock_and_trigger_a_draw():
    """§3 Commander / Scanners: "A threat face rolled from a Commander re-roll locks and triggers the
    same way" — with two dice already locked, one more Threat face draws a threat mid-assignment."""
    dice = [*pool(C, T, S, M), die(X, Place.SCANNER), die(X, Place.SCANNER)]
    state = make_state(dice, deck=["intercepter"])
    state = rig_crew_roll(state, [X, S, S], round=1)

    state, said = play(state, Reroll(die=0))

    assert said[:5] == [
        "Commander: the crew re-rolls.",
        "Rolled 3 crew: Threat, Science, Science.",
        "Threat detected! 1 die locks in the Scanners.",
        "Scanners full: three Threat dice reset and a new threat appears!",
        "New threat: Intercepter with 3 health. Effect: -1 Hull",
    ]
    assert places(state) == [Place.STATION, Place.RESET, Place.POOL, Place.POOL, Place.RESET, Place.RESET]
    assert faces(state)[1:4] == [X, S, S]
    assert [t.card for t in state.external] == ["intercepter"]
    assert state.phase == "assign"


def test_medical_clear_scanner_frees_only_one_locked_die():
    """§3 Medical: "return a Threat die that has been locked in the Scanners" — one die per Medical
    die; it is rolled next round, the other stays locked."""
    state = make_state([*pool(M, C, C, C), die(X, Place.SCANNER), die(X, Place.SCANNER)])
    assert ClearScanner(die=0, scanner_die=4) in legal_actions(state)
    state, said = play(state, ClearScanner(die=0, scanner_die=4))
    assert said == ["Medical: a locked Threat die leaves the Scanners (it rolls again next round)."]
    assert places(state)[4:] == [Place.RETURNED, Place.SCANNER]
    assert uses_of(state, 4) == []

    state, said = end_round(state, threat_die=[6], next_roll=[CREW] * 5)
    assert "Rolled 5 crew" in said[-1]
    assert dice_at(state, Place.SCANNER) == [5]


# --- §7 winning ----------------------------------------------------------------------------------


def test_win_at_step_4_when_deck_empty_and_no_externals_even_with_internal_threats():
    """§7 Win: at step 4 with no card to draw and every external threat destroyed you win; internal
    threats still in play do not matter, and no threat die is rolled."""
    state = make_state(pool(C, C, T), internal=[threat(1, "panel_explosion")], deck=[])
    state, said = play(state, EndAssignment())
    assert state.outcome == "won"
    assert state.phase == "over"
    assert any(text.startswith("The rescue fleet arrives") for text in said)
    assert not any(text.startswith("Threat die") for text in said)
    assert legal_actions(state) == []


def test_the_last_card_is_drawn_first_and_the_win_comes_at_the_next_step_4():
    """§7 Win: "When you get to step 4, you win if there are no more cards for you to draw"."""
    state = make_state(pool(C, C, C), deck=[DONT_PANIC])
    state, said = end_round(state, threat_die=[6], next_roll=[CREW] * 3)
    assert state.outcome == "playing"
    assert "Don't Panic! Nothing happens." in said
    state, said = play(state, EndAssignment())
    assert state.outcome == "won"


def test_empty_deck_with_externals_left_continues_without_drawing_until_they_are_destroyed():
    """§7 Win: "When the deck is empty but externals remain, keep playing rounds without drawing"."""
    state = make_state(pool(C, C, C), external=[threat(1, "corsair")], deck=[])
    state, said = end_round(state, threat_die=[1], next_roll=[T, T, C])
    assert "The threat deck is empty: nothing more to draw." in said
    assert (state.outcome, state.round) == ("playing", 2)

    state, said = play(state, Fire(die=0, split=((1, 1),)), Fire(die=1, split=((1, 2),)))
    assert "Corsair is destroyed!" in said
    state, said = play(state, EndAssignment())
    assert state.outcome == "won"


# --- §7 losing -----------------------------------------------------------------------------------


def test_hull_zero_mid_activation_loses_and_stops_every_further_effect():
    """§4 step 5 / §7 Lose: hull 0 ends the game at once — the Bomber's own "send a unit to the
    Infirmary" and the Corsair after it never happen."""
    state = make_state(  # identical dice: a "send a unit" that ran would resolve without asking
        pool(C, C),
        external=[threat(1, "bomber_h2_dmg2"), threat(2, "corsair")],
        hull=2,
        shields=0,
    )
    state, said = end_round(state, threat_die=[4])
    assert said[-3:] == [
        "Bomber activates.",
        "Bomber hits for 2 — hull −2 (now 0).",
        "The hull is destroyed. Your ship is lost. Score: 0.",
    ]
    assert not any("Corsair" in text for text in said)
    assert (state.outcome, state.phase, state.pending, state.queue) == ("lost", "over", None, [])
    assert dice_at(state, Place.INFIRMARY) == []
    assert state.loss_reason == "The hull is destroyed. Your ship is lost."
    assert legal_actions(state) == []


def test_no_gatherable_die_at_step_6_loses():
    """§4 step 6 / §7 Lose: "If you are unable to gather any Crew Dice … you immediately lose" — every
    die is in the Infirmary, the Scanners or held by Distracted."""
    dice = [
        die(T, Place.INFIRMARY),
        die(S, Place.INFIRMARY),
        die(M, Place.INFIRMARY),
        die(X, Place.SCANNER),
        die(X, Place.SCANNER),
        die(C, Place.HELD, on=1),
    ]
    state = make_state(dice, internal=[threat(1, "distracted")])
    state, said = end_round(state, threat_die=[6])  # Distracted activates on 3, 4 only
    assert state.outcome == "lost"
    assert said[-1] == "No crew can be gathered: your crew is incapacitated. Score: 0."


def test_only_away_mission_dice_left_the_player_must_recall():
    """§4 step 6 / §7 Lose: with only away-mission crew gatherable, Gather is not legal: the player
    must recall (S4 "forces you to recall a mission die"); the recalled die is rolled next round."""
    dice = [die(C, Place.MISSION, on=1)] + [die(T, Place.INFIRMARY)] * 5
    state = make_state(dice, external=[threat(1, "hijackers")])
    state = rig_crew_roll(state, [E], round=2)
    state, said = end_round(state, threat_die=[6])

    assert state.pending is not None
    assert state.pending.kind == "gather"
    assert legal_actions(state) == [Recall(target=1)]
    assert (
        refused(state, Gather())
        == "None of your crew could be gathered: recall crew from an away mission first."
    )

    state, said = play(state, Recall(target=1))
    assert said[:2] == ["Crew recalled from the away mission on Hijackers.", "Round 2 begins."]
    assert "Rolled 1 crew: Engineering." in said
    assert places(state)[0] is Place.POOL
    assert state.outcome == "playing"


# --- §2 set-up, §8 difficulty and length ---------------------------------------------------------


@pytest.mark.parametrize(
    ("difficulty", "dont_panic"), [("very_easy", 6), ("easy", 5), ("medium", 3), ("hard", 0)]
)
def test_difficulty_sets_the_number_of_dont_panic_cards(difficulty, dont_panic):
    """§8 / §10: "very easy" 6, "easy" 5, medium 3, hard 0 Don't Panic cards with the 36 threats."""
    state, events = deal(SEED, difficulty)
    cards = state.deck + state.removed + state.discard + [t.card for t in state.threats()]
    assert Counter(cards)[DONT_PANIC] == dont_panic
    assert len(cards) == 36 + dont_panic
    assert texts(events)[0] == (
        f"Hull 8, shields 4. The threat deck holds {36 + dont_panic} cards; set-up draws the first 2."
    )
    assert state.removed == []


@pytest.mark.parametrize(("length", "removed"), [("full", 0), ("short", 5), ("fast", 8)])
def test_game_length_removes_cards_unseen_and_setup_draws_two(length, removed):
    """§8 length: a short game removes 5 cards face-down, a fast one 8; §2 set-up: hull 8, shields 4,
    then 2 threat cards are drawn before round 1's roll."""
    state, events = deal(SEED + 1, "medium", length)
    said = texts(events)
    assert said[0] == (
        f"Hull 8, shields 4. The threat deck holds {39 - removed} cards; set-up draws the first 2."
    )
    assert len(state.removed) == removed
    full_deck = Counter({c.id: c.count for c in card_deck().cards if c.kind != "filler"})
    full_deck[DONT_PANIC] = 3
    in_game = state.deck + state.removed + state.discard + [t.card for t in state.threats()]
    assert Counter(in_game) == full_deck

    opening = said[: said.index("Round 1 begins.")]
    assert sum(t.startswith(("New threat:", "Don't Panic!")) for t in opening) == 2
    scanner_draws = sum("Scanners full" in t for t in said)
    assert len(state.deck) == 39 - removed - 2 - scanner_draws
    assert (state.round, state.hull, state.shields) == (1, 8, 4)


# --- illegal actions, immutability ---------------------------------------------------------------


def test_a_die_not_in_the_pool_is_refused_with_a_reason():
    """§4 step 3: only unassigned crew can be assigned; the input state is left unchanged."""
    dice = [die(E, Place.STATION, station=Station.REPAIR), die(E, Place.INFIRMARY), *pool(C)]
    state = make_state(dice, hull=5)
    assert refused(state, Repair(die=0)) == "That die is not available (it is at a station)."
    assert refused(state, Repair(die=1)) == "That die is not available (it is in the Infirmary)."
    assert refused(state, Repair(die=9)) == "There is no such crew die."


def test_a_banned_face_is_refused_naming_the_threat():
    """§9 Comms Offline: "You may not assign" Commander — the refusal says which threat bans it."""
    state = make_state(pool(C, T, S), internal=[threat(1, "comms_offline")])
    assert refused(state, Reroll(die=0)) == "Comms Offline keeps Commander crew from being assigned."


@pytest.mark.parametrize(
    ("ban", "dice", "action", "message"),
    [
        (
            "comms_offline",
            pool(C, T, S),
            ChangeFace(die=0, target=2, face=T),  # die 2, and Comms Offline has uid 2
            "Comms Offline keeps Commander crew from being assigned.",
        ),
        (
            "cosmic_existentialism",
            pool(S, T, C),
            Stasis(die=0, target=2),  # the stasis beam aimed at Cosmic Existentialism itself
            "Cosmic Existentialism keeps Science crew from being assigned.",
        ),
    ],
    ids=["change-face", "stasis-on-the-ban"],
)
def test_a_banned_face_is_explained_whatever_the_target(ban, dice, action, message):
    """§9 persistent bans: the refusal names the ban whatever the action's target (only the card's own
    away mission is exempt)."""
    state = make_state(dice, internal=[threat(2, ban)])
    assert refused(state, action) == message


def test_a_pending_decision_must_be_answered_first():
    """§9 Distracted / §3 Infirmary ruling: while the player must choose, nothing else is legal."""
    state = make_state([*pool(T, S), die(C, Place.INFIRMARY)], deck=["distracted"])
    state, _ = play(state, EndAssignment())
    assert state.phase == "decide"
    assert legal_actions(state) == [HoldDie(die=0), HoldDie(die=1)]
    assert refused(state, Repair(die=0)) == "First decide: Distracted: which crew die is distracted?"
    assert refused(state, EndAssignment()) == "First decide: Distracted: which crew die is distracted?"
    assert refused(state, HoldDie(die=2)) == "That move is not allowed right now."  # in the Infirmary


def test_a_decision_with_none_pending_is_refused():
    """§4 step 6: Gather and Recall answer the gather decision only."""
    state = make_state(pool(C, T))
    assert refused(state, Gather()) == "There is no such decision to make right now."
    assert refused(state, Recall(target=1)) == "There is no such decision to make right now."


def test_nothing_is_legal_after_the_game_is_over():
    """§7: once won or lost, every action is refused ("This game is over.")."""
    state = make_state(pool(C, T), outcome="lost", phase="over")
    assert legal_actions(state) == []
    assert refused(state, EndAssignment()) == "This game is over."
    assert refused(state, Reroll(die=0)) == "This game is over."


def test_apply_never_mutates_its_input():
    """API contract: `apply` works on a copy — checked over whole games of legal moves, including
    Commander re-rolls, draws, pending choices and gathers."""
    for seed in range(10):
        state = deal(seed, "hard" if seed % 2 else "very_easy")[0]
        for step in range(120):
            actions = legal_actions(state)
            if not actions:
                break
            action = actions[(step * 7 + seed) % len(actions)]
            before = state.model_dump()
            after, _ = apply(state, action)
            assert state.model_dump() == before, action
            assert after is not state
            state = after


def test_a_refused_away_mission_leaves_the_state_unchanged():
    """§5 Away missions: only the printed crew icons may go on a card (Hijackers: 2 Commander)."""
    state = make_state(pool(C, T), external=[threat(1, "hijackers")])
    assert AwayMission(die=0, target=1) in legal_actions(state)
    assert refused(state, AwayMission(die=1, target=1)) == "That move is not allowed right now."


def test_the_rulebooks_example_of_play_ends_as_it_says():
    """The Spanish rulebook's "Ejemplo de juego": Captain Niven, hull 5 and shields 0, an Assault
    Cruiser in play, a Threat die locked. Medical frees it, the Commander turns a Tactical die to
    Science, Science recharges the shields to 4, the two Tactical dice deal 3 to the cruiser. Pandemic
    is drawn; the threat die activates both: the cruiser's 2 go to the shields, Pandemic sends a die to
    the Infirmary. "The ship is now at 5 Hull and 2 Shields", and Niven rolls only 5 crew dice."""
    dice = [die(X, Place.SCANNER), *pool(M, C, T, T, T)]
    state = make_state(dice, external=[threat(1, "assault_cruiser_b")], deck=["pandemic"], hull=5, shields=0)
    state, _ = play(
        state,
        ClearScanner(die=1, scanner_die=0),
        ChangeFace(die=2, target=3, face=S),
        Recharge(die=3),
        Fire(die=4, split=((1, 1),)),
        Fire(die=5, split=((1, 2),)),
    )
    assert (state.shields, state.external[0].health) == (4, 1)  # 3 damage to the cruiser
    state, said = end_round(state, threat_die=[1])
    assert in_order(said, "New threat: Pandemic", "Threat die: 1.", "Pandemic activates.")
    state, said = play(state, SendToInfirmary(die=4))
    assert (state.hull, state.shields) == (5, 2)
    assert in_order(said, "Assault Cruiser hits for 2 — shields absorb 2.", "Rolled 5 crew")
    assert dice_at(state, Place.INFIRMARY) == [4]
