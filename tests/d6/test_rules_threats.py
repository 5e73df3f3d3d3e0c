"""D-6 rules scenarios: every special threat (digest §9, §13), away missions (§5) and the
"send a unit to the Infirmary" choice (§3 Infirmary).

Each test is one rule told as a short story; its docstring cites the section of the rules digest
`shared/rules/deep-space-d6.en.md` (§10 = our rulings where the sources disagree).
"""

from __future__ import annotations

import pytest

from core.d6.actions import (
    AwayMission,
    ChangeFace,
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
from core.d6.engine import legal_actions
from core.d6.state import HouseRules, Place, Station
from tests.d6.helpers import (
    CREW,
    DONT_PANIC,
    C,
    E,
    M,
    S,
    T,
    X,
    dice_at,
    die,
    end_round,
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

# --- Distracted ----------------------------------------------------------------------------------


def test_distracted_on_reveal_holds_the_available_or_returned_die_the_player_chooses():
    """§9 Distracted: on reveal one crew die is held on the card — FAQ: "an available unit or a unit
    that will become available on the next round" (an unassigned die, one in the Returned area or on a
    station; not the Infirmary or the Scanners); the player picks among different kinds; a held die is
    not gathered (§4 step 6)."""
    dice = [
        *pool(T, S),
        die(C, Place.STATION, station=Station.COMMANDER),
        die(M, Place.RETURNED),
        die(E, Place.INFIRMARY),
        die(X, Place.SCANNER),
    ]
    state = make_state(dice, deck=["distracted", DONT_PANIC])
    state = rig_crew_roll(state, [CREW] * 3, round=2)
    state, said = end_round(state, threat_die=[6])  # Distracted activates on 3, 4

    assert said[-1] == (
        "New threat: Distracted inside the ship. Effect: Holds one crew die; when it activates, that die "
        "returns. Then discard."
    )
    assert state.pending is not None
    assert state.pending.kind == "hold"
    assert legal_actions(state) == [HoldDie(die=0), HoldDie(die=1), HoldDie(die=2), HoldDie(die=3)]

    state, said = play(state, HoldDie(die=3))

    assert said[0] == "Die 4 is distracted and unavailable."
    assert (state.dice[3].place, state.dice[3].on) == (Place.HELD, 1)
    assert "Rolled 3 crew" in said[-1]  # dice 1–3: the held one, the Infirmary and the Scanner stay
    assert places(state)[3:] == [Place.HELD, Place.INFIRMARY, Place.SCANNER]


def test_distracted_holds_a_die_without_asking_when_the_candidates_are_identical():
    """§9 Distracted / §3 Infirmary ruling: choosing between identical dice is no choice."""
    dice = [*pool(C, C), die(T, Place.INFIRMARY)]
    state = make_state(dice, deck=["distracted"])
    state, said = end_round(state, threat_die=[6], next_roll=[CREW])
    assert "Die 1 is distracted and unavailable." in said
    assert state.pending is None
    assert places(state) == [Place.HELD, Place.POOL, Place.INFIRMARY]


ALL_ON_STATIONS = [
    die(C, Place.STATION, station=Station.COMMANDER),
    die(T, Place.STATION, station=Station.WEAPONS),
    die(T, Place.STATION, station=Station.WEAPONS),
    die(S, Place.STATION, station=Station.SHIELDS),
    die(S, Place.STATION, station=Station.STASIS, on=1),
    die(E, Place.STATION, station=Station.REPAIR),
]


def test_distracted_holds_a_die_used_at_a_station_when_every_die_is_on_one():
    """§9 Distracted, the rulebook's FAQ: "You may only place an available unit or a unit that will
    become available on the next round." A die assigned to a station this round is gathered at step 6
    (§4), so it will be available next round and Distracted may hold it (rules d6-2; the digest used
    to leave those dice out, and Distracted drawn at step 4 after every die was used held nothing)."""
    state = make_state(
        ALL_ON_STATIONS,
        external=[threat(1, "corsair", stasis=True)],
        deck=["distracted", DONT_PANIC],
        tactical_used=2,
        engineering_used=1,
        hull=7,
    )
    state, said = end_round(state, threat_die=[1])  # nothing activates: Distracted needs 3 or 4
    assert said[-1] == (
        "New threat: Distracted inside the ship. Effect: Holds one crew die; when it activates, that die "
        "returns. Then discard."
    )
    assert state.pending is not None
    assert state.pending.kind == "hold"
    # One choice per face: which station a die was used at no longer matters once it is held.
    assert legal_actions(state) == [HoldDie(die=0), HoldDie(die=1), HoldDie(die=3), HoldDie(die=5)]

    state = rig_crew_roll(state, [CREW] * 5, round=2)
    state, said = play(state, HoldDie(die=3))

    assert said[0] == "Die 4 is distracted and unavailable."
    assert (state.dice[3].place, state.dice[3].on) == (Place.HELD, 2)
    assert "Rolled 5 crew" in said[-1]  # the held die is not gathered (§4 step 6)


def test_under_rules_d6_1_distracted_still_finds_no_die_on_the_stations():
    """Rules d6-1 (games and results recorded before the FAQ ruling) keep the old reading: Distracted
    only takes an unassigned die or one in the Returned area, so with every die used it holds none."""
    state = make_state(
        ALL_ON_STATIONS,
        external=[threat(1, "corsair", stasis=True)],
        deck=["distracted", DONT_PANIC],
        tactical_used=2,
        engineering_used=1,
        hull=7,
        rules_version="d6-1",
    )
    state, said = end_round(state, threat_die=[1], next_roll=[CREW] * 6)
    assert "Distracted: no crew member is free to be distracted." in said
    assert state.pending is None
    assert "Rolled 6 crew" in said[-1]


def test_a_stasis_beam_holds_its_threat_when_distracted_takes_the_science_die_that_fired_it():
    """§6 Stasis Beam: "This threat cannot activate during the next Threat Activation phase" is the
    beam's effect, fired when the die is placed; the die only marks it until it "returns during the
    Gather Phase". So when Distracted (§9, revealed at step 4) holds that very Science die, the threat
    stays in stasis through step 5 (our ruling, docs/d6.md)."""
    state = make_state(
        pool(S, C, E, M, T, T), external=[threat(1, "corsair")], deck=["distracted", DONT_PANIC]
    )
    state, _ = play(state, Stasis(die=0, target=1))
    state, said = end_round(state, threat_die=[5])  # Corsair activates on 4-6, Distracted on 3-4
    assert "New threat: Distracted inside the ship." in said[-1]
    state, said = play(state, HoldDie(die=0))
    assert said[0] == "Die 1 is distracted and unavailable."
    assert (state.dice[0].place, state.dice[0].on) == (Place.HELD, 2)
    assert "Corsair is held in stasis and does not activate." in said
    assert (state.hull, state.shields) == (8, 4)  # the Corsair's 2 damage never landed


def test_distracted_activation_returns_the_held_die_and_discards_the_card():
    """§9/§13 Distracted: "This unit is unavailable until this threat is activated" — activation
    returns the die (rolled next round) and discards the card."""
    dice = [*pool(C, C, C, C, C), die(M, Place.HELD, on=1)]
    state = make_state(dice, internal=[threat(1, "distracted")])
    state, said = end_round(state, threat_die=[3], next_roll=[CREW] * 6)
    assert in_order(
        said,
        "Distracted activates.",
        "The distracted crew member (die 6) is back.",
        "Distracted is discarded.",
        "Rolled 6 crew",
    )
    assert state.internal == []
    assert "distracted" in state.discard


def test_completing_distracted_releases_the_held_die():
    """§5/§9 Distracted: its away mission is 2 Medical; completing it discards the card and moves the
    mission crew and the held die to the Returned area."""
    dice = [*pool(M, M, C, C, C), die(T, Place.HELD, on=1)]
    state = make_state(dice, internal=[threat(1, "distracted")])
    state, said = play(state, AwayMission(die=0, target=1), AwayMission(die=1, target=1))
    assert said == [
        "Medical crew joins the away mission on Distracted.",
        "Away mission complete: Distracted is dealt with.",
    ]
    assert state.internal == []
    assert [places(state)[i] for i in (0, 1, 5)] == [Place.RETURNED] * 3
    assert state.completed == 1


# --- Time Warp -----------------------------------------------------------------------------------


def test_time_warp_heals_every_threat_by_1_never_above_its_starting_health():
    """§9 Time Warp: all threats recover 1 damage; "A threat can never exceed its starting health"."""
    state = make_state(
        pool(C, C),
        internal=[threat(1, "time_warp")],
        external=[threat(2, "flagship", 2), threat(3, "raiders_a"), threat(4, "meteoroid", 3)],
    )
    state, said = end_round(state, threat_die=[2])
    assert in_order(said, "Time Warp activates.", "Time Warp: 2 damaged threats recover.")
    assert [t.health for t in state.external] == [3, 2, 4]


def test_time_warp_with_no_damaged_threat_says_none_recovers():
    """Nothing to heal: the log says so in words, not "0 damaged threats recover"."""
    state = make_state(pool(C, C), internal=[threat(1, "time_warp")], external=[threat(2, "raiders_a")])
    state, said = end_round(state, threat_die=[2])
    assert in_order(said, "Time Warp activates.", "Time Warp: no threat is damaged, so none recovers.")


# --- Nebula --------------------------------------------------------------------------------------


def test_nebula_keeps_shields_from_absorbing_or_recharging_and_decays_each_activation():
    """§9 Nebula: "you may not use or recharge shields" while it is in play; it loses 1 health per
    activation (1–5)."""
    state = make_state(pool(S, C), external=[threat(1, "nebula"), threat(2, "flagship")], shields=2)
    assert Recharge(die=0) not in legal_actions(state)
    refused(state, Recharge(die=0))

    state, said = end_round(state, threat_die=[4])

    assert in_order(
        said,
        "Nebula activates.",
        "Nebula takes 1 damage (2 health left).",
        "Flagship activates.",
        "Flagship hits for 3 — shields are offline, hull −3 (now 5).",
    )
    assert (state.hull, state.shields) == (5, 2)


def test_nebula_destroyed_by_weapons_sets_the_shields_to_0_and_they_can_be_recharged_again():
    """§9 Nebula: "Once destroyed, return the shield tracker to position 0"."""
    state = make_state(pool(T, S), external=[threat(1, "nebula", 1)], shields=3)
    state, said = play(state, Fire(die=0, split=((1, 1),)))
    assert said == ["Weapons fire for 1.", "Nebula is destroyed!", "Shields are back online at 0."]
    assert state.shields == 0
    state, _ = play(state, Recharge(die=1))
    assert state.shields == 4


def test_nebula_decaying_to_0_sets_the_shields_to_0():
    """§9/§13 Nebula: destroyed by its own decay, the shields come back at 0 too."""
    state = make_state(pool(C, C), external=[threat(1, "nebula", 1)], shields=4)
    state, said = end_round(state, threat_die=[1])
    assert in_order(said, "Nebula activates.", "Nebula is destroyed!", "Shields are back online at 0.")
    assert state.external == []
    assert state.shields == 0


# --- Boost Morale, Friendly Fire -----------------------------------------------------------------


def test_boost_morale_frees_one_scanner_die_then_is_discarded():
    """§10 ruling / §13 Boost Morale (6): free one Scanner die, then discard."""
    dice = [*pool(C, C, C, C), die(X, Place.SCANNER), die(X, Place.SCANNER)]
    state = make_state(dice, internal=[threat(1, "boost_morale")])
    state, said = end_round(state, threat_die=[6], next_roll=[CREW] * 5)
    assert in_order(
        said,
        "Boost Morale activates.",
        "Boost Morale: a Threat die leaves the Scanners.",
        "Boost Morale is discarded.",
        "Rolled 5 crew",
    )
    assert state.internal == []
    assert dice_at(state, Place.SCANNER) == [5]


def test_boost_morale_with_empty_scanners_does_nothing_and_is_discarded():
    """§9 Boost Morale & Friendly Fire: "If a card's effect is not possible when activated, the card
    does nothing and is simply discarded"."""
    state = make_state(pool(C, C), internal=[threat(1, "boost_morale")])
    state, said = end_round(state, threat_die=[6])
    assert in_order(
        said, "Boost Morale: the Scanners are empty, nothing happens.", "Boost Morale is discarded."
    )
    assert state.internal == []
    assert "boost_morale" in state.discard


def test_friendly_fire_sends_every_tactical_die_outside_the_infirmary_there_and_is_discarded():
    """§10 ruling "Friendly Fire scope": on reveal, every non-Infirmary die showing Tactical — unassigned,
    at a station or on a mission — goes to the Infirmary; then the card is discarded."""
    dice = [
        *pool(T),
        die(T, Place.STATION, station=Station.WEAPONS),
        die(T, Place.MISSION, on=1),
        die(T, Place.INFIRMARY),
        *pool(C, S),
    ]
    state = make_state(dice, internal=[threat(1, "invaders")], deck=["friendly_fire"])
    state, said = end_round(state, threat_die=[6], next_roll=[CREW, CREW])
    assert in_order(
        said,
        "New threat: Friendly Fire inside the ship",
        "Friendly Fire: 3 Tactical crew go to the Infirmary.",
        "Friendly Fire is discarded.",
        "Rolled 2 crew",
    )
    assert places(state)[:4] == [Place.INFIRMARY] * 4
    assert [t.card for t in state.internal] == ["invaders"]
    assert "friendly_fire" in state.discard


def test_friendly_fire_with_no_tactical_die_does_nothing_and_is_discarded():
    """§9 Boost Morale & Friendly Fire: an impossible effect does nothing; the card is discarded."""
    state = make_state(pool(C, S, M), deck=["friendly_fire"])
    state, said = end_round(state, threat_die=[6], next_roll=[CREW] * 3)
    assert in_order(said, "Friendly Fire: nothing happens.", "Friendly Fire is discarded.")
    assert state.internal == []
    assert dice_at(state, Place.INFIRMARY) == []


# --- persistent bans -----------------------------------------------------------------------------


def test_cosmic_existentialism_bans_other_science_until_its_own_science_mission_is_done():
    """§9 Cosmic Existentialism: "Must be completed (1 Science) before any other Science crew may be
    assigned" — no shields, stasis or other missions; its own mission is allowed."""
    state = make_state(
        pool(S, S, C),
        internal=[threat(1, "cosmic_existentialism"), threat(2, "time_warp")],
        external=[threat(3, "intercepter")],
        shields=2,
    )
    assert uses_of(state, 0) == [AwayMission(die=0, target=1)]
    assert refused(state, Recharge(die=0)) == "Cosmic Existentialism keeps Science crew from being assigned."
    assert (
        refused(state, Stasis(die=0, target=3))
        == "Cosmic Existentialism keeps Science crew from being assigned."
    )

    state, said = play(state, AwayMission(die=0, target=1))

    assert said == ["Away mission complete: Cosmic Existentialism is dealt with."]
    assert [t.card for t in state.internal] == ["time_warp"]
    assert {Recharge(die=1), Stasis(die=1, target=3), AwayMission(die=1, target=2)} <= set(uses_of(state, 1))


def test_panel_explosion_bans_engineering_until_its_medical_mission_is_done():
    """§9 Panel Explosion: "You may not assign" Engineering until the mission (1 Medical) is done."""
    state = make_state(pool(E, M), internal=[threat(1, "panel_explosion")], hull=5)
    assert uses_of(state, 0) == []
    assert refused(state, Repair(die=0)) == "Panel Explosion keeps Engineering crew from being assigned."
    state, said = play(state, AwayMission(die=1, target=1), Repair(die=0))
    assert said == ["Away mission complete: Panel Explosion is dealt with.", "Engineering repairs 1: hull 6."]


def test_comms_offline_bans_commander_until_its_engineering_mission_is_done():
    """§9 Comms Offline: "You may not assign" Commander — neither station option nor a Commander away
    mission — until the mission (1 Engineering) is done."""
    state = make_state(
        pool(C, E, T), internal=[threat(1, "comms_offline")], external=[threat(2, "hijackers")]
    )
    assert uses_of(state, 0) == []
    assert (
        refused(state, AwayMission(die=0, target=2))
        == "Comms Offline keeps Commander crew from being assigned."
    )
    state, said = play(state, AwayMission(die=1, target=1))
    assert said == ["Away mission complete: Comms Offline is dealt with."]
    assert {Reroll(die=0), ChangeFace(die=0, target=2, face=S), AwayMission(die=0, target=2)} <= set(
        uses_of(state, 0)
    )


# --- Meteoroid -----------------------------------------------------------------------------------


def test_meteoroid_loses_1_health_per_activation_and_hits_for_5_when_it_decays_to_0():
    """§9 Meteoroid: −1 health per activation (on a 1); "When destroyed, −5 Hull" (shields first)."""
    state = make_state(pool(C, C), external=[threat(1, "meteoroid", 2)])
    state, said = end_round(state, threat_die=[1], next_roll=[C, C])
    assert "Meteoroid takes 1 damage (1 health left)." in said
    assert (state.hull, state.shields) == (8, 4)

    state, said = end_round(state, threat_die=[1])
    assert in_order(
        said, "Meteoroid is destroyed!", "Meteoroid hits for 5 — shields absorb 4, hull −1 (now 7)."
    )
    assert (state.hull, state.shields, state.external) == (7, 0, [])


def test_meteoroid_destroyed_by_weapons_also_hits_for_5_by_default():
    """§10 ruling "Meteoroid 5 damage": any destruction (literal text) — weapons too."""
    state = make_state(pool(T), external=[threat(1, "meteoroid", 1)])
    state, said = play(state, Fire(die=0, split=((1, 1),)))
    assert said == [
        "Weapons fire for 1.",
        "Meteoroid is destroyed!",
        "Meteoroid hits for 5 — shields absorb 4, hull −1 (now 7).",
    ]
    assert (state.hull, state.shields) == (7, 0)


def test_meteoroid_destroyed_by_weapons_can_lose_the_game_during_assignment():
    """§7 Lose: "hull reaches 0" — the game ends at once, even in step 3; nothing is legal after."""
    state = make_state(pool(T, T), external=[threat(1, "meteoroid", 1)], hull=3, shields=0)
    state, said = play(state, Fire(die=0, split=((1, 1),)))
    assert said[-2:] == [
        "Meteoroid hits for 5 — hull −3 (now 0).",
        "The hull is destroyed. Your ship is lost. Score: 10.",
    ]
    assert (state.outcome, state.phase) == ("lost", "over")
    assert legal_actions(state) == []


def test_meteoroid_house_rule_limits_the_5_damage_to_decay():
    """§10 "Meteoroid 5 damage" toggle: with `meteoroid_any_destruction=False`, weapons destroy it
    harmlessly, while decaying to 0 still hits for 5."""
    rules = HouseRules(meteoroid_any_destruction=False)
    shot = make_state(pool(T), external=[threat(1, "meteoroid", 1)], house_rules=rules)
    shot, said = play(shot, Fire(die=0, split=((1, 1),)))
    assert said == ["Weapons fire for 1.", "Meteoroid is destroyed!"]
    assert (shot.hull, shot.shields) == (8, 4)

    decayed = make_state(pool(C), external=[threat(1, "meteoroid", 1)], house_rules=rules)
    decayed, said = end_round(decayed, threat_die=[1])
    assert "Meteoroid hits for 5 — shields absorb 4, hull −1 (now 7)." in said


# --- Scouting Ship, Mercenary --------------------------------------------------------------------


def test_scouting_ship_strikes_after_all_activations_when_hull_was_lost():
    """§4 step 5 (FAQ "Scout" timing) / §10 ruling: after all activations, if hull was lost this round,
    1 more damage — even though the Scouting Ship was placed first."""
    state = make_state(
        pool(C, C),
        external=[threat(1, "scouting_ship"), threat(2, "intercepter"), threat(3, "corsair")],
        shields=0,
    )
    state, said = end_round(state, threat_die=[4])
    assert in_order(
        said,
        "Intercepter hits for 1 — hull −1 (now 7).",
        "Corsair hits for 2 — hull −2 (now 5).",
        "Scouting Ship: you lost hull this round, so it strikes too.",
        "Scouting Ship hits for 1 — hull −1 (now 4).",
    )
    assert state.hull == 4


def test_scouting_ship_ignores_damage_the_shields_absorbed():
    """§10 ruling "Scouting Ship": PnP card — hull loss only; shield loss does not trigger it."""
    state = make_state(pool(C, C), external=[threat(1, "scouting_ship"), threat(2, "intercepter")])
    state, said = end_round(state, threat_die=[1])
    assert "Intercepter hits for 1 — shields absorb 1." in said
    assert not any("Scouting Ship" in text for text in said)
    assert (state.hull, state.shields) == (8, 3)


@pytest.mark.parametrize(
    ("threat_die", "stasis", "strikes"),
    [(1, False, True), (4, False, False), (4, True, True)],
    ids=["nothing-activates", "corsair-activates", "corsair-in-stasis"],
)
def test_mercenary_strikes_for_2_when_no_threat_activated(threat_die, stasis, strikes):
    """§13 Mercenary: "If no threats activated this round, −2 Hull"; §10 ruling: a stasis-blocked
    activation does not count as one."""
    state = make_state(pool(S, C), external=[threat(1, "mercenary"), threat(2, "corsair")])
    if stasis:
        state, _ = play(state, Stasis(die=0, target=2))
    state, said = end_round(state, threat_die=[threat_die])
    struck = "Mercenary: no threat activated this round, so it strikes." in said
    assert struck is strikes
    assert ("Mercenary hits for 2 — shields absorb 2." in said) is strikes
    assert ("Corsair activates." in said) is (threat_die == 4 and not stasis)
    assert state.shields == 2  # hit once either way: by the Mercenary or by the Corsair


@pytest.mark.parametrize("scout_first", [True, False], ids=["scouting-ship-first", "mercenary-first"])
def test_scouting_ship_counts_the_hull_a_mercenary_took_whichever_came_first(scout_first):
    """FAQ "Scout": it checks "after you have resolved all the threats", a Mercenary's passive strike
    included (d6-3); the card order on the table does not matter."""
    ships = [threat(1, "scouting_ship"), threat(2, "mercenary")]
    state = make_state(pool(C, C), external=ships if scout_first else ships[::-1], shields=0)
    state, said = end_round(state, threat_die=[1])  # nothing activates: the Mercenary strikes
    assert in_order(
        said,
        "Mercenary: no threat activated this round, so it strikes.",
        "Mercenary hits for 2 — hull −2 (now 6).",
        "Scouting Ship: you lost hull this round, so it strikes too.",
        "Scouting Ship hits for 1 — hull −1 (now 5).",
    )
    assert state.hull == 5


def test_under_d6_2_the_scouting_ship_placed_first_missed_the_mercenarys_strike():
    """A game dealt under d6-2 keeps its rules to its end, so its log replays as it was played."""
    ships = [threat(1, "scouting_ship"), threat(2, "mercenary")]
    state = make_state(pool(C, C), external=ships, shields=0, rules_version="d6-2")
    state, said = end_round(state, threat_die=[1])
    assert not any("Scouting Ship" in text for text in said)
    assert state.hull == 6


# --- Cloaked Threats -----------------------------------------------------------------------------


def test_cloaked_threats_roll_the_threat_die_again_after_the_activation_pass():
    """§9 Cloaked Threats: "After the threat phase, roll the threat die again" — a second pass."""
    state = make_state(
        pool(C, C),
        internal=[threat(1, "cloaked_threats")],
        external=[threat(2, "drone_a"), threat(3, "drone_b")],
    )
    state, said = end_round(state, threat_die=[2, 3])
    assert in_order(
        said,
        "Threat die: 2.",
        "Cloaked Threats activate.",
        "Drone activates.",
        "Threat die again (Cloaked Threats): 3.",
        "Drone activates.",
    )
    assert state.shields == 2


def test_cloaked_threats_give_at_most_one_extra_roll_per_round():
    """§10 ruling "Cloaked Threats": a 2 on the re-roll does not chain — one extra roll per round."""
    state = make_state(pool(C, C), internal=[threat(1, "cloaked_threats")])
    state, said = end_round(state, threat_die=[2, 2, 2])
    assert sum(text.startswith("Threat die") for text in said) == 2
    assert sum(text == "Cloaked Threats activate." for text in said) == 2


# --- Solar Winds ---------------------------------------------------------------------------------


def test_solar_winds_hits_for_5_then_is_discarded():
    """§13 Solar Winds: "−5 Hull. Then Discard" (shields first)."""
    state = make_state(pool(C, C), external=[threat(1, "solar_winds")])
    state, said = end_round(state, threat_die=[2])
    assert in_order(
        said,
        "Solar Winds activate.",
        "Solar Winds hit for 5 — shields absorb 4, hull −1 (now 7).",
        "Solar Winds are discarded.",
    )
    assert state.external == []
    assert "solar_winds" in state.discard


@pytest.mark.parametrize(("hull", "outcome"), [(6, "won"), (5, "playing")])
def test_solar_winds_left_at_the_end_is_ignored_above_hull_5_and_blocks_the_win_otherwise(hull, outcome):
    """§7 / §10 ruling "Solar Winds at game end": ignore it if hull > 5 once all other externals are
    gone; at hull ≤ 5 its 5 damage could destroy you, so it blocks the win."""
    state = make_state(pool(C, C), external=[threat(1, "solar_winds")], deck=[], hull=hull)
    state, said = end_round(state, threat_die=[1], next_roll=[CREW, CREW])
    assert state.outcome == outcome
    if outcome == "playing":  # and the player is told what still stands between them and the win
        assert in_order(
            said,
            "The threat deck is spent, but Solar Winds could still destroy a ship with 5 hull: once the hull "
            "is above 5, or once it has struck and left, the rescue fleet arrives.",
            "The threat deck is empty: nothing more to draw.",
        )
        assert state.round == 2
    else:  # the win says why the threat still on the board does not stop it
        assert any(
            line.startswith(
                "The rescue fleet arrives: the threat deck is spent, and what is left outside (Solar Winds) "
                "could not destroy a ship with more than 5 hull. You win!"
            )
            for line in said
        ), said


# --- away missions on external threats -----------------------------------------------------------


def test_boarding_ship_tactical_mission_destroys_it_and_the_die_goes_to_the_infirmary():
    """§5 Boarding Ship: completing its 1-Tactical mission destroys the ship, but that Tactical die
    goes to the Infirmary."""
    state = make_state(pool(T, T, C), external=[threat(1, "boarding_ship")])
    state, said = play(state, AwayMission(die=0, target=1))
    assert said == [
        "Away mission complete: Boarding Ship is destroyed!",
        "The crew member who went is hurt and goes to the Infirmary.",
    ]
    assert state.external == []
    assert places(state) == [Place.INFIRMARY, Place.POOL, Place.POOL]
    assert (state.destroyed, state.completed) == (1, 1)


def test_hijackers_two_commanders_on_the_mission_destroy_it():
    """§5 Hijackers: mission 2 Commander; when every icon is covered the threat is completed and the
    dice move to the Returned area."""
    state = make_state(pool(C, C, T), external=[threat(1, "hijackers")])
    state, said = play(state, AwayMission(die=0, target=1))
    assert said == ["Commander crew joins the away mission on Hijackers."]
    assert AwayMission(die=0, target=1) not in legal_actions(state)
    state, said = play(state, AwayMission(die=1, target=1))
    assert said == ["Away mission complete: Hijackers are destroyed!"]
    assert state.external == []
    assert places(state) == [Place.RETURNED, Place.RETURNED, Place.POOL]


def test_hijackers_partial_mission_locks_in_across_rounds_when_left_at_gather():
    """§5: "Partial assignment is allowed and locks in dice across rounds" — left in place at step 6,
    the die is not rolled, and a Commander of a later round completes the mission."""
    state = make_state(pool(C, T, T), external=[threat(1, "hijackers")])
    state, _ = play(state, AwayMission(die=0, target=1))
    state = rig_crew_roll(state, [C, CREW], round=2)
    state, said = end_round(state, threat_die=[6])

    assert state.pending is not None
    assert state.pending.kind == "gather"
    assert legal_actions(state) == [Recall(target=1), Gather()]
    state, said = play(state, Gather())

    assert said[:2] == ["The rest of the away-mission crew stays in place.", "Round 2 begins."]
    assert said[2].startswith("Rolled 2 crew: Commander, ")
    assert places(state)[0] is Place.MISSION
    state, said = play(state, AwayMission(die=1, target=1))
    assert said == ["Away mission complete: Hijackers are destroyed!"]


def test_hijackers_partial_mission_crew_may_be_recalled_at_gather():
    """§5: "Crew locked to a threat in this manner may be recalled during step 6" — it is rolled again."""
    state = make_state(pool(C, T, T), external=[threat(1, "hijackers")])
    state, _ = play(state, AwayMission(die=0, target=1))
    state = rig_crew_roll(state, [CREW] * 3, round=2)
    state, _ = end_round(state, threat_die=[6])
    state, said = play(state, Recall(target=1))
    assert said[0] == "Crew recalled from the away mission on Hijackers."
    assert "Rolled 3 crew" in said[-1]
    assert places(state) == [Place.POOL] * 3
    assert [t.card for t in state.external] == ["hijackers"]


# --- "send a unit to the Infirmary" --------------------------------------------------------------


def test_send_to_infirmary_lets_the_player_choose_among_different_dice():
    """§3 Infirmary + §10 ruling: the player picks any crew die not already in the Infirmary or the
    Scanners; identical dice are one choice."""
    dice = [
        die(T, Place.STATION, station=Station.WEAPONS),
        *pool(S, S),
        die(E, Place.INFIRMARY),
        die(X, Place.SCANNER),
        die(M, Place.RETURNED),
    ]
    state = make_state(dice, internal=[threat(1, "pandemic")], external=[threat(2, "flagship", 3)])
    state = rig_crew_roll(state, [CREW] * 3, round=2)
    state, said = end_round(state, threat_die=[1])

    assert said[-1] == "Pandemic activates."
    assert state.pending is not None
    assert state.pending.kind == "infirmary"
    assert legal_actions(state) == [SendToInfirmary(die=0), SendToInfirmary(die=1), SendToInfirmary(die=5)]
    assert refused(state, SendToInfirmary(die=3)) == "That move is not allowed right now."
    assert refused(state, SendToInfirmary(die=4)) == "That move is not allowed right now."
    assert refused(state, EndAssignment()).startswith("First decide: Pandemic: which crew die")

    state, said = play(state, SendToInfirmary(die=5))

    assert said[0] == "Die 6 goes to the Infirmary."
    assert "Rolled 3 crew" in said[-1]
    assert dice_at(state, Place.INFIRMARY) == [3, 5]


def test_send_to_infirmary_resolves_itself_when_only_one_kind_of_die_is_left():
    """§3 Infirmary: with one kind of candidate there is nothing to ask."""
    dice = [*pool(S, S, S), die(E, Place.INFIRMARY), die(E, Place.INFIRMARY), die(X, Place.SCANNER)]
    state = make_state(dice, internal=[threat(1, "pandemic")])
    state, said = end_round(state, threat_die=[1], next_roll=[CREW, CREW])
    assert in_order(
        said, "Pandemic activates.", "Pandemic sends a crew member to the Infirmary.", "Rolled 2 crew"
    )
    assert dice_at(state, Place.INFIRMARY) == [0, 3, 4]


def test_bomber_hits_then_sends_a_unit_to_the_infirmary():
    """§13 Bomber: "−1 Hull + 1 die to the Infirmary", in that order."""
    state = make_state(pool(C, C), external=[threat(1, "bomber_h3")])
    state, said = end_round(state, threat_die=[3], next_roll=[CREW])
    assert in_order(
        said,
        "Bomber hits for 1 — shields absorb 1.",
        "Bomber sends a crew member to the Infirmary.",
        "Rolled 1 crew",
    )
    assert dice_at(state, Place.INFIRMARY) == [0]
