"""The guided first game's tips in core: the data, and which tip a player gets next."""

from __future__ import annotations

import random

import pytest

from core.d6 import apply as d6_apply
from core.d6 import deal as d6_deal
from core.d6 import legal_actions as d6_legal
from core.d6.engine import dice_in
from core.d6.state import Place
from core.dine.ai import heuristic as dine_heuristic
from core.dine.engine import apply as dine_apply
from core.dine.engine import deal as dine_deal
from core.dine.engine import legal_actions as dine_legal
from core.dine.state import Pending
from core.guide import topics
from core.tips import (
    check_tips,
    game_preferences,
    guided_by_default,
    next_tip,
    seen_tips,
    tip_text,
    tips,
    tips_off,
)
from core.tips import d6 as d6_tips
from core.tips import dine as dine_tips

GAMES = ("d6", "dine")


@pytest.mark.parametrize("game", GAMES)
def test_every_tip_has_a_title_a_text_and_a_rules_topic_that_exists(game: str) -> None:
    assert check_tips(game) == []
    for name, tip in tips(game).items():
        assert tip.key == f"{game}.{name}"
        assert tip.topic in topics(game)
        assert "\n" not in tip.text  # the file's wrapping is undone: Discord would show it
        assert len(tip_text(game, tip)) < 800  # short: read before a move, far under Discord's 2,000


def test_the_rules_answer_the_questions_a_first_game_raises() -> None:
    d6, dine = topics("d6"), topics("dine")
    for topic in (
        "How do I win or lose?",
        "What is stasis?",
        "What happens in the Infirmary?",
        "What does a Threat detected die do?",
        "Tips",
    ):
        assert topic in d6
    for topic in (
        "How do I win or lose?",
        "What does the top card mean?",
        "Why can't I pay?",
        "What does occupying a station do?",
        "What if the cards run out?",
        "Tips",
    ):
        assert topic in dine
    assert len(d6) <= 25
    assert len(dine) <= 25


def test_the_next_tip_is_the_first_unseen_decision() -> None:
    known = tips("d6")
    assert next_tip("d6", ["assign", "end"], set()) == known["assign"]
    assert next_tip("d6", ["assign", "end"], {"d6.assign"}) == known["end"]
    assert next_tip("d6", ["assign", "end"], {"d6.assign", "d6.end"}) is None
    assert next_tip("d6", [], set()) is None


def test_preferences_say_what_was_seen_and_whether_tips_are_off() -> None:
    preferences = {"tip:d6.assign": "seen", "tip:dine.hand": "seen", "tips": "off", "language": "en"}
    assert seen_tips(preferences) == {"d6.assign", "dine.hand"}
    assert tips_off(preferences)
    assert not tips_off({"tip:d6.assign": "seen"})
    assert list(game_preferences("d6", preferences)) == ["tip:d6.assign"]
    assert guided_by_default({}, 0)
    assert not guided_by_default({}, 1)  # a finished game: no longer a first-timer
    assert not guided_by_default({"tips": "off"}, 0)


def test_d6_a_new_game_starts_with_assigning_and_a_picked_die_with_its_station() -> None:
    state = d6_deal(7, "medium", "full")[0]
    found = d6_tips.decisions(state)
    assert found[0] == "assign"
    assert found[-1] == "end"
    die = dice_in(state, Place.POOL)[0]
    picked = d6_tips.decisions(state, die)
    assert picked[0] == d6_tips.STATIONS[state.dice[die].face]
    assert len(picked) == len(set(picked))
    done = state.model_copy(update={"outcome": "lost"})
    assert d6_tips.decisions(done) == []


def test_dine_a_new_game_starts_with_the_hand_and_a_pending_choice_is_whose_it_is() -> None:
    state = dine_deal(5, ship="Spacehopper 3000", level="Salad", crew=2, starter=True)[0]
    assert dine_tips.decisions(state, [0])[0] == "hand"
    assert dine_tips.decisions(state, []) == []  # not seated: no decision of theirs
    occupy = state.model_copy(update={"pending": Pending(kind="occupy", seat=1)})
    assert dine_tips.decisions(occupy, [0]) == []
    assert dine_tips.decisions(occupy, [1]) == ["occupy"]
    clear = state.model_copy(update={"pending": Pending(kind="clear", options=("solve:0", "jump"))})
    assert dine_tips.decisions(clear, [0]) == ["solve", "jump"]


def _d6_names(games: int) -> set[str]:
    rng = random.Random(1)
    names: set[str] = set()
    for seed in range(games):
        state = d6_deal(seed, rng.choice(["easy", "medium", "hard"]), "full")[0]
        while state.outcome == "playing":
            names.update(d6_tips.decisions(state))
            for die in dice_in(state, Place.POOL):
                names.update(d6_tips.decisions(state, die))
            state = d6_apply(state, rng.choice(d6_legal(state)))[0]
    return names


def _dine_names(games: int) -> set[str]:
    rng = random.Random(2)
    names: set[str] = set()
    for seed in range(games):
        crew = 1 + seed % 3
        state = dine_deal(seed, ship="Spacehopper 3000", level="Salad", crew=crew, starter=seed % 2 == 0)[0]
        for _ in range(400):
            if state.outcome != "playing":
                break
            for seat in range(crew):
                names.update(dine_tips.decisions(state, [seat]))
            legal = dine_legal(state)
            action = dine_heuristic(state).action if rng.random() < 0.8 else rng.choice(legal)
            state = dine_apply(state, action)[0]
    return names


def test_d6_every_decision_has_its_tip_and_every_tip_comes_up_in_play() -> None:
    """Over whole random games: no decision without a tip, and no tip that play never reaches."""
    assert _d6_names(40) == set(tips("d6"))


def test_dine_every_decision_has_its_tip_and_every_tip_comes_up_in_play() -> None:
    assert _dine_names(30) == set(tips("dine"))


def test_dine_the_ship_tip_waits_until_a_ship_action_would_do_something() -> None:
    """A review: the "Ship actions" tip ("often a way to draw cards") came first thing in a three-crew
    starter game, where the whole deck is in the hands and both ship actions read "Does nothing now"."""
    from core.dine.actions import UseShip

    state = dine_deal(5, ship="Spacehopper 3000", level="Salad", crew=3, starter=True)[0]
    assert not state.deck
    assert not state.discard
    assert not any(isinstance(a, UseShip) for a in dine_legal(state))  # not offered while idle (E10)
    assert "ship" not in dine_tips.decisions(state, [0])
    later = state.model_copy(update={"discard": [state.hands[1][0]]})  # a card to get back now
    assert "ship" in dine_tips.decisions(later, [0])  # "recover 2" would take it back into a hand
