"""D-6 rules scenarios: what each crew station does (digest §3, §6, §10) and the activation order (§4).

Each test is one rule told as a short story; its docstring cites the section of the rules digest
`shared/rules/deep-space-d6.en.md` (§10 = our rulings where the sources disagree).
"""

from __future__ import annotations

import pytest

from core.d6.actions import ChangeFace, Fire, Heal, Recharge, Repair, Reroll, Stasis
from core.d6.cards import card
from core.d6.engine import legal_actions
from core.d6.state import Place, Station
from core.render.d6_text import describe_action
from tests.d6.helpers import (
    CREW,
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
    threat,
    uses_of,
)

# --- Commander -----------------------------------------------------------------------------------


def test_commander_changes_another_die_even_another_commander_to_any_face():
    """§3 Commander: "Change another Crew Die to any side of your choice. A Commander may change
    another Commander." — never itself; the changed die stays unassigned and usable."""
    state = make_state(pool(C, C, T), shields=2)
    assert not any(isinstance(a, ChangeFace) and a.target == 0 for a in uses_of(state, 0))
    assert {a.face for a in uses_of(state, 0) if isinstance(a, ChangeFace) and a.target == 1} == {T, M, S, E}

    state, said = play(state, ChangeFace(die=0, target=1, face=S))

    assert said == ["Commander: die 2 becomes Science."]
    assert faces(state) == [C, S, T]
    assert places(state) == [Place.STATION, Place.POOL, Place.POOL]
    state, said = play(state, Recharge(die=1))
    assert state.shields == 4


def test_commander_rerolls_every_unassigned_die_and_only_those():
    """§3 Commander: "re-roll all Crew Dice that have not yet been assigned in Step 3" — assigned,
    Infirmary and Scanner dice keep their faces and places."""
    dice = [
        *pool(C),
        die(T, Place.STATION, station=Station.WEAPONS),
        *pool(S, M),
        die(E, Place.INFIRMARY),
        die(X, Place.SCANNER),
    ]
    state = make_state(dice, external=[threat(1, "flagship", 3)])
    state = rig_crew_roll(state, [E, E], round=1)

    state, said = play(state, Reroll(die=0))

    assert said == ["Commander: the crew re-rolls.", "Rolled 2 crew: Engineering, Engineering."]
    assert faces(state) == [C, T, E, E, E, X]
    assert places(state) == [
        Place.STATION,
        Place.STATION,
        Place.POOL,
        Place.POOL,
        Place.INFIRMARY,
        Place.SCANNER,
    ]


# --- Tactical ------------------------------------------------------------------------------------


def test_weapons_first_die_deals_1_each_later_die_2_across_separate_actions_split_at_will():
    """§3 Tactical + §10 ruling "per round": n Tactical dice deal 2n − 1 — the first die of the round
    1, each later one 2, even when fired one at a time; damage may be split across targets."""
    state = make_state(pool(T, T, T, C), external=[threat(1, "flagship"), threat(2, "intercepter_x")])
    fires = {a.split for a in uses_of(state, 0) if isinstance(a, Fire)}
    assert fires == {((1, 1),), ((2, 1),)}

    state, said = play(state, Fire(die=0, split=((1, 1),)))
    assert said == ["Weapons fire for 1.", "Flagship takes 1 damage (3 health left)."]

    fires = {a.split for a in uses_of(state, 1) if isinstance(a, Fire)}
    assert fires == {((1, 2),), ((1, 1), (2, 1)), ((2, 2),)}
    refusal = "Weapons deal 2 now: split exactly that over external threats with health."
    assert refused(state, Fire(die=1, split=((1, 1),))) == refusal

    state, said = play(state, Fire(die=1, split=((1, 1), (2, 1))), Fire(die=2, split=((2, 2),)))

    assert said == [
        "Weapons fire for 2.",
        "Flagship takes 1 damage (2 health left).",
        "Intercepter X takes 1 damage (3 health left).",
        "Weapons fire for 2.",
        "Intercepter X takes 2 damage (1 health left).",
    ]
    assert [t.health for t in state.external] == [2, 1]  # 5 damage in all = 2·3 − 1
    assert state.tactical_used == 3


def test_weapons_count_starts_again_next_round():
    """§10 ruling "per round": the first Tactical die of a new round deals 1 again."""
    state = make_state(pool(T, T, C), external=[threat(1, "flagship")])
    state, _ = play(state, Fire(die=0, split=((1, 1),)), Fire(die=1, split=((1, 2),)))
    assert state.external[0].health == 1
    state, _ = end_round(state, threat_die=[1], next_roll=[T, C, C])  # Flagship: 4, 5, 6
    assert state.tactical_used == 0
    assert {a.split for a in uses_of(state, 0) if isinstance(a, Fire)} == {((1, 1),)}


def test_weapons_hit_only_external_threats_with_health():
    """§3 Tactical: "Targets must be external threats" — never an internal threat, nor Solar Winds,
    which has no health (§7)."""
    state = make_state(
        pool(T, C),
        internal=[threat(1, "invaders")],
        external=[threat(2, "solar_winds"), threat(3, "intercepter")],
    )
    assert {a.split for a in uses_of(state, 0) if isinstance(a, Fire)} == {((3, 1),)}
    refusal = "Weapons deal 1 now: split exactly that over external threats with health."
    assert refused(state, Fire(die=0, split=((1, 1),))) == refusal
    assert refused(state, Fire(die=0, split=((2, 1),))) == refusal

    no_target = make_state(pool(T, C), internal=[threat(1, "invaders")], external=[threat(2, "solar_winds")])
    assert not any(isinstance(a, Fire) for a in legal_actions(no_target))


# --- Engineering ---------------------------------------------------------------------------------


def test_repair_1_then_2_per_die_capped_at_8():
    """§3 Engineering + §10: the first Engineering die of the round repairs 1, each later one 2; the
    hull never exceeds 8, and at 8 there is nothing to repair. A die that can only fill the last
    space says so, on its button and in the log (it repairs 1, not 2)."""
    state = make_state(pool(E, E, E, E), hull=4)
    state, said = play(state, Repair(die=0), Repair(die=1))
    assert "repair the hull by 1" in describe_action(state, Repair(die=2))
    state, last = play(state, Repair(die=2))
    assert [*said, *last] == [
        "Engineering repairs 1: hull 5.",
        "Engineering repairs 2: hull 7.",
        "Engineering repairs 1: hull 8.",
    ]
    assert state.hull == 8
    assert uses_of(state, 3) == []


def test_repair_count_starts_again_next_round():
    """§10 ruling "per round": the first Engineering die of a new round repairs 1 again."""
    state = make_state(pool(E, C, C), hull=3)
    state, _ = play(state, Repair(die=0))
    state, _ = end_round(state, threat_die=[6], next_roll=[E, E, C])
    state, said = play(state, Repair(die=0), Repair(die=1))
    assert said == ["Engineering repairs 1: hull 5.", "Engineering repairs 2: hull 7."]


# --- Science -------------------------------------------------------------------------------------


def test_science_recharges_the_shields_to_4():
    """§3 Science: "Recharge shields to maximum" (4); with full shields there is nothing to recharge."""
    state = make_state(pool(S, S), shields=1)
    state, said = play(state, Recharge(die=0))
    assert said == ["Science recharges the shields to 4."]
    assert state.shields == 4
    assert uses_of(state, 1) == []


def test_stasis_beam_on_an_internal_threat_blocks_its_next_activation_and_the_die_returns():
    """§3 Science / §6 ruling (PnP: any threat): the threat cannot activate during the next activation
    phase; the Science die returns at Gather; the round after, the threat activates again."""
    state = make_state(pool(S, C, C, C, C, C), internal=[threat(1, "robot_uprising")])
    assert Stasis(die=0, target=1) in legal_actions(state)
    state, said = play(state, Stasis(die=0, target=1))
    assert said == ["Stasis beam on Robot Uprising: it cannot activate this round."]
    assert state.internal[0].stasis

    state, said = end_round(state, threat_die=[1], next_roll=[C] * 6)

    assert "Robot Uprising is held in stasis and does not activate." in said
    assert not any("Robot Uprising activates" in text for text in said)
    assert dice_at(state, Place.INFIRMARY) == []
    assert "Rolled 6 crew: Commander, Commander, Commander, Commander, Commander, Commander." in said
    assert not state.internal[0].stasis

    state, said = end_round(state, threat_die=[1])
    assert in_order(said, "Robot Uprising activates.", "Robot Uprising sends a crew member to the Infirmary.")


def test_stasis_beam_blocks_only_die_activations_not_persistent_effects():
    """§6 ruling: stasis "blocks only die-triggered activations" — retail FAQ: "A threat in stasis
    cannot be activated through a roll of the threat dice, but other effects still occur": Nebula in
    stasis does not decay on a 1, and the shields stay offline."""
    state = make_state(pool(S, S, C), external=[threat(1, "nebula")], shields=2)
    state, _ = play(state, Stasis(die=0, target=1))
    assert uses_of(state, 1) == []  # no recharge while Nebula is in play, and it is already held
    state, said = end_round(state, threat_die=[1])
    assert "Nebula is held in stasis and does not activate." in said
    assert state.external[0].health == 3


NEVER_ACTIVATE = [
    ("scouting_ship", "Scouting Ship"),
    ("mercenary", "Mercenary"),
    ("panel_explosion", "Panel Explosion"),
    ("comms_offline", "Comms Offline"),
]


@pytest.mark.parametrize(("card_id", "name"), NEVER_ACTIVATE, ids=[c for c, _ in NEVER_ACTIVATE])
def test_stasis_beam_is_not_offered_on_a_threat_the_threat_die_never_activates(card_id, name):
    """§6: stasis means the threat "cannot be activated through a roll of the threat dice, but other
    effects still occur". Scouting Ship and Mercenary only check after the activations and the ban
    cards only ban (§4: "Six cards never activate by the die"), so the beam would do nothing to them;
    a station with no effect cannot be chosen (docs/d6.md, rules d6-2)."""
    unmoved, corsair = threat(1, card_id), threat(2, "corsair")
    if card(card_id).kind == "internal":
        state = make_state(pool(S, C), internal=[unmoved], external=[corsair])
    else:
        state = make_state(pool(S, C), external=[unmoved, corsair])
    assert Stasis(die=0, target=2) in uses_of(state, 0)
    assert Stasis(die=0, target=1) not in legal_actions(state)
    assert refused(state, Stasis(die=0, target=1)) == (
        f"{name} never activates on the threat die, so the stasis beam would do nothing to it."
    )


def test_under_rules_d6_1_the_stasis_beam_may_still_aim_at_a_threat_that_never_activates():
    """Rules d6-1 (games and results recorded before the change) offered stasis on any threat not
    already held; a game stored under them replays the same moves."""
    state = make_state(pool(S, C), external=[threat(1, "mercenary")], rules_version="d6-1")
    state, _ = play(state, Stasis(die=0, target=1))
    state, said = end_round(state, threat_die=[6])
    assert "Mercenary: no threat activated this round, so it strikes." in said
    assert state.shields == 2


def test_a_threat_already_in_stasis_is_no_target_and_the_player_is_told_why():
    """§6: one beam holds a threat for the next activation phase; a second one would add nothing."""
    state = make_state(pool(S, S), external=[threat(1, "corsair")])
    state, _ = play(state, Stasis(die=0, target=1))
    assert refused(state, Stasis(die=1, target=1)) == "Corsair is already held in stasis."


# --- Medical -------------------------------------------------------------------------------------


def test_medical_returns_all_infirmary_dice_to_be_rolled_next_round():
    """§3 Medical + §10 ruling: "Return all crew from the Infirmary" — they are not usable this round
    and roll at the next step 1 ("he will only roll 5 Crew Dice until he uses a Medical Die")."""
    dice = [*pool(M), die(T, Place.INFIRMARY), die(S, Place.INFIRMARY), die(E, Place.INFIRMARY), *pool(C, C)]
    state = make_state(dice, external=[threat(1, "corsair")])
    state, said = play(state, Heal(die=0))
    assert said == ["Medical: 3 crew dice leave the Infirmary (they roll again next round)."]
    assert places(state)[1:4] == [Place.RETURNED] * 3
    assert all(uses_of(state, i) == [] for i in (1, 2, 3))

    state, said = end_round(state, threat_die=[1], next_roll=[CREW] * 6)
    assert "Rolled 6 crew" in said[-1]
    assert dice_at(state, Place.POOL) == list(range(6))


def test_medical_has_no_use_with_an_empty_infirmary_and_empty_scanners():
    """§3 Medical: both options need something to return."""
    state = make_state(pool(M, C))
    assert uses_of(state, 0) == []


# --- §4 step 5: activation order ------------------------------------------------------------------


def test_threats_activate_internal_first_then_external_each_top_to_bottom():
    """§4 step 5: "all internal threats top to bottom, then external threats top to bottom" — top to
    bottom is the order placed, whatever the cards' numbers."""
    state = make_state(
        pool(C, C, C, C, C, C),
        internal=[threat(5, "invaders"), threat(3, "time_warp")],
        external=[threat(1, "intercepter_x"), threat(2, "drone_a")],
    )
    state, said = end_round(state, threat_die=[2])
    assert in_order(
        said,
        "Threat die: 2.",
        "Invaders activate.",  # a plural name takes a plural verb
        "Invaders send a crew member to the Infirmary.",
        "Time Warp activates.",
        "Intercepter X activates.",
        "Intercepter X hits for 1",
        "Drone activates.",
        "Drone hits for 1",
    )
    assert state.shields == 2
    assert len(dice_at(state, Place.INFIRMARY)) == 1
