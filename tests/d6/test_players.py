"""The D-6 players act only through legal actions; the heuristic explains itself and beats chance."""

from __future__ import annotations

from core.d6 import apply, legal_actions, new_game
from core.d6.actions import Fire
from core.d6.ai import heuristic, random_policy
from core.d6.cards import Face
from core.d6.state import State


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
    assert choice.reason[0].isupper()
    assert choice.reason.endswith(".")


def test_the_heuristic_destroys_a_threat_it_can_kill() -> None:
    state = new_game(11, "medium")  # Raiders (2 health, ignores shields) is in play; no Tactical rolled
    (raiders,) = state.external
    dice = list(state.dice)
    dice[0] = dice[0].model_copy(update={"face": Face.TACTICAL})
    state = state.model_copy(update={"dice": dice, "external": [raiders.model_copy(update={"health": 1})]})

    choice = heuristic(state)

    assert choice.action == Fire(die=0, split=((raiders.uid, 1),))
    assert choice.reason == "Destroy Raiders."
