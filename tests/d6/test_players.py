"""The D-6 players act only through legal actions; the heuristic explains itself and beats chance."""

from __future__ import annotations

from core.d6 import apply, legal_actions, new_game
from core.d6.actions import AwayMission, EndAssignment, Fire, HoldDie, Stasis
from core.d6.ai import heuristic, kill_value, random_policy, value
from core.d6.cards import Face
from core.d6.state import HouseRules, Place, State, Station
from tests.d6.helpers import M, S, T, die, end_round, make_state, pool, threat


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
    assert choice.reason == "Raiders would hit for 2 through the shields on a 4 or 6; this destroys it."


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
