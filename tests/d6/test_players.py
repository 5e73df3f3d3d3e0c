"""The D-6 players act only through legal actions; the heuristic explains itself and beats chance."""

from __future__ import annotations

from core.d6 import apply, legal_actions, new_game
from core.d6.actions import AwayMission, ChangeFace, EndAssignment, Fire, HoldDie, Recharge, Reroll, Stasis
from core.d6.ai import heuristic, kill_value, random_policy, ranked, value
from core.d6.cards import Face
from core.d6.state import HouseRules, Place, State, Station
from tests.d6.helpers import C, E, M, S, T, die, end_round, make_state, pool, threat


def play_out(state: State, choose) -> State:
    while state.outcome == "playing":
        choice = choose(state)
        assert choice.action in legal_actions(state)
        assert choice.reason
        state, _ = apply(state, choice.action)
    return state


def test_both_players_only_make_legal_moves_and_finish() -> None:
    for seed in range(3):
        assert play_out(new_game(seed, "easy"), heuristic).outcome in ("won", "lost")
        assert play_out(new_game(seed, "easy"), random_policy(seed)).outcome in ("won", "lost")


def test_the_heuristic_beats_random_play_on_the_same_deals() -> None:
    deals = range(100, 140)
    smart = [play_out(new_game(seed, "very_easy"), heuristic) for seed in deals]
    chance = [play_out(new_game(seed, "very_easy"), random_policy(seed)) for seed in deals]
    assert sum(s.outcome == "won" for s in smart) > sum(s.outcome == "won" for s in chance)
    assert sum(s.round for s in smart) > sum(s.round for s in chance)  # it survives longer


def test_the_hint_is_one_readable_line() -> None:
    state = new_game(7, "medium")
    choice = heuristic(state)
    assert "\n" not in choice.reason
    assert choice.reason[0].isupper() or choice.reason[0].isdigit()
    assert choice.reason.endswith(".")


def test_the_heuristic_destroys_a_threat_it_can_kill() -> None:
    state = new_game(11, "medium")  # Raiders (2 health, ignores shields) is in play; no Tactical rolled
    (raiders,) = state.external
    dice = list(state.dice)
    dice[0] = dice[0].model_copy(update={"face": Face.TACTICAL})
    state = state.model_copy(update={"dice": dice, "external": [raiders.model_copy(update={"health": 1})]})

    choice = heuristic(state)

    assert choice.action == Fire(die=0, split=((raiders.uid, 1),))
    assert choice.reason == "Raiders would hit for 2 through the shields on a 4 or 6; this destroys them."


# --- issue 14: no move that does nothing, and hints that say why --------------------------------


def test_the_heuristic_never_beams_a_threat_the_die_cannot_activate_even_where_d6_1_allowed_it() -> None:
    """§6: stasis only stops activations by the threat die. Under rules d6-1 the beam could still aim
    at Comms Offline (a ban card, never activated by the die): the heuristic valued it by the ban and
    chose it; it is worth nothing, so the heuristic ends the assignment instead."""
    state = make_state(pool(S), internal=[threat(1, "comms_offline")], rules_version="d6-1")
    assert Stasis(die=0, target=1) in legal_actions(state)
    choice = heuristic(state)
    assert choice.action == EndAssignment()
    assert choice.reason == "No ready die has a use worth spending it on now (1 Science)."


def test_the_stasis_hint_says_what_the_beam_prevents() -> None:
    state = make_state(pool(S), external=[threat(1, "corsair")])
    choice = heuristic(state)
    assert choice.action == Stasis(die=0, target=1)
    assert choice.reason == "Corsair would hit for 2 on a 4, 5 or 6; in stasis it skips its next activation."


def test_one_die_completes_pandemic_and_the_hint_says_so() -> None:
    """§5: "A slash between icons (Pandemic: Science / Medical) means either one": one die completes
    the mission, so it is worth the whole threat, and the hint does not say "start"."""
    state = make_state(pool(M), internal=[threat(1, "pandemic")])
    choice = heuristic(state)
    assert choice.action == AwayMission(die=0, target=1)
    assert choice.reason == (
        "Pandemic would send a crew die to the Infirmary on a 1; this die completes its away mission and"
        " removes it."
    )
    assert value(state, choice.action)[0] > 0.8 * kill_value(state, state.internal[0])


def test_with_the_deck_empty_the_heuristic_fires_at_the_meteoroid_while_the_shields_can_take_it() -> None:
    """§7: the game is won at step 4 with no card to draw and every external threat destroyed; §9
    Meteoroid: "When destroyed, −5 Hull" (shields first). Waiting for it to decay (1 health on a 1)
    took one game 13 rounds; with full shields the blast costs 1 hull, so fire."""
    state = make_state(pool(T), external=[threat(1, "meteoroid", 1)], deck=[])
    choice = heuristic(state)
    assert choice.action == Fire(die=0, split=((1, 1),))
    assert choice.reason == (
        "The deck is empty, so every external threat must go before you can win; Meteoroid would lose 1"
        " health on a 1 and hit for 5 when destroyed; this destroys it, and the shields take 4 of its 5"
        " blast damage."
    )


def test_the_heuristic_never_sets_off_a_blast_that_would_destroy_the_ship() -> None:
    """§9 Meteoroid: its 5 damage with no shields left would take the last 5 hull: the game is lost."""
    state = make_state(pool(T), external=[threat(1, "meteoroid", 1)], deck=[], hull=5, shields=0)
    assert heuristic(state).action == EndAssignment()


def test_while_cards_remain_the_heuristic_does_not_hurry_to_blow_up_the_meteoroid() -> None:
    """The Meteoroid does no harm while it stays (it only decays), and destroying it costs hull."""
    state = make_state(pool(T), external=[threat(1, "meteoroid", 1)])
    assert heuristic(state).action == EndAssignment()


def test_distracted_takes_a_die_already_used_and_the_hint_says_so_in_words() -> None:
    """§9 Distracted (rules d6-2): a die used at a station this round may be held; giving that one up
    costs nothing this round, and the hint says where the die is in plain words."""
    dice = [*pool(S), die(T, Place.STATION, station=Station.WEAPONS)]
    state = make_state(dice, external=[threat(1, "corsair", 1)], deck=["distracted"], tactical_used=1)
    state, _ = end_round(state, threat_die=[1])
    assert state.pending is not None
    choice = heuristic(state)
    assert choice.action == HoldDie(die=1)
    assert (
        choice.reason
        == "Die 2 has already done its work at a station this round, so losing it costs the least."
    )


def test_with_the_blast_only_on_decay_the_heuristic_destroys_the_meteoroid_quietly() -> None:
    """House rule `meteoroid_any_destruction=False` (§10): the 5 damage comes only when it decays to
    0, so weapons remove it for free and spare the hull that blast."""
    rules = HouseRules(meteoroid_any_destruction=False)
    state = make_state(pool(T), external=[threat(1, "meteoroid", 1)], house_rules=rules)
    choice = heuristic(state)
    assert choice.action == Fire(die=0, split=((1, 1),))
    assert choice.reason == (
        "Meteoroid would lose 1 health on a 1 and hit for 5 when it decays to 0; this destroys it, and"
        " weapons spare the hull that blast."
    )


# --- a new player's review: the hint's values --------------------------------------------------------


def test_a_free_stasis_beam_is_taken_rather_than_ending_the_assignment() -> None:
    """An unused die returns at the gather all the same (§4 step 6), so a stasis beam on a small threat
    costs nothing: the hint used to call it "worth little" and end the assignment."""
    state = make_state(pool(S), external=[threat(1, "drone_b")])  # -1 hull on a 3 or 5
    choice = heuristic(state)
    assert choice.action == Stasis(die=0, target=1)
    assert choice.reason == "Drone would hit for 1 on a 3 or 5; in stasis it skips its next activation."


def test_with_a_mercenary_in_play_a_lone_threat_is_not_beamed_for_its_small_hit() -> None:
    """Mercenary: "If no threats activated this round, -2 Hull"; a threat held in stasis does not
    activate (ruling: count only real activations), so beaming the only other threat risks 2 hull
    to save 1."""
    state = make_state(pool(S), external=[threat(1, "drone_b"), threat(2, "mercenary")])
    assert heuristic(state).action == EndAssignment()


def test_with_full_shields_the_bounty_ship_is_held_in_stasis() -> None:
    """Bounty Ship: "Destroy all shields. -1 Hull" on a 1 or 2: with 4 shields up it costs them all."""
    state = make_state(pool(S), external=[threat(1, "bounty_ship")], shields=4)
    assert heuristic(state).action == Stasis(die=0, target=1)


def test_recharging_under_a_bounty_ship_is_worth_less_and_the_hint_says_why() -> None:
    bounty = make_state(pool(S, E), external=[threat(1, "bounty_ship")], shields=1)
    corsair = make_state(pool(S, E), external=[threat(1, "corsair")], shields=1)
    recharge = Recharge(die=0)
    assert value(bounty, recharge)[0] < value(corsair, recharge)[0]
    reason = value(bounty, recharge)[1]
    assert reason.endswith("but Bounty Ship destroys them on a 1 or 2")
    assert "but" not in value(corsair, recharge)[1]


def _worth(state: State, action: object) -> float:
    return next(r.worth for r in ranked(state) if r.choice.action == action)


def test_a_commander_re_roll_with_nothing_to_spend_the_dice_on_is_not_suggested() -> None:
    """No threat in play, hull and shields full: no face a die could show has a use, and each die
    rolled again may lock in the Scanners."""
    state = make_state(pool(C, M, M, E, E))
    assert Reroll(die=0) in legal_actions(state)
    assert _worth(state, Reroll(die=0)) < 0
    assert heuristic(state).action == EndAssignment()


def test_a_commander_re_roll_is_worth_something_when_idle_dice_could_fight_a_threat() -> None:
    """Corsair and four Medical dice with no one in the Infirmary: rolled again, they may show
    Tactical or Science (turning one die to Tactical is surer still, and the hint takes that)."""
    state = make_state(pool(C, M, M, M, M), external=[threat(1, "corsair")])
    assert _worth(state, Reroll(die=0)) > 1.0
    assert isinstance(heuristic(state).action, ChangeFace)


def test_a_re_roll_counts_the_uses_the_re_rolled_dice_give_up() -> None:
    """The Commander re-rolls every other ready die: a Tactical die that can destroy a threat now is
    given up with the idle ones."""
    idle = make_state(pool(C, M, M, M, M), external=[threat(1, "corsair", 1)])
    armed = make_state(pool(C, T, M, M, M), external=[threat(1, "corsair", 1)])
    assert _worth(armed, Reroll(die=0)) < _worth(idle, Reroll(die=0)) - 5
