"""What a server's first D-6 games show: the loss result says it once, the Scanners box tells the
truth when the deck is empty, the picture's areas and the dice lines agree, menu lines start with a
capital."""

from __future__ import annotations

import pytest

from core.d6 import new_game
from core.d6.engine import HULL_DESTROYED
from core.d6.names import d6_term
from core.d6.state import Place, State
from core.guide import topics
from core.i18n import Locale, t
from core.render import d6_menu
from core.render.d6_layout import area_box, layout
from core.render.d6_text import loss_text
from tests.d6.helpers import (
    DONT_PANIC,
    C,
    E,
    M,
    S,
    T,
    X,
    end_round,
    in_order,
    make_state,
    places,
    pool,
    threat,
)

LOST = {"en": "lost", "de": "verloren", "es": "perdid"}


@pytest.mark.parametrize("locale", ["en", "de", "es"])
def test_a_hull_loss_is_not_said_twice(locale: Locale) -> None:
    state = new_game(seed=1).model_copy(update={"outcome": "lost", "loss_reason": HULL_DESTROYED, "hull": 0})
    reason = loss_text(state, locale)
    assert reason == t(locale, "The hull is destroyed.")
    # the result's title already says the ship is lost; the reason under it says why, once
    assert LOST[locale] in t(locale, "The ship is lost.").lower()
    assert LOST[locale] not in reason.lower()
    picture = " ".join(shape.text for shape in layout(state, locale=locale).texts())
    assert picture.lower().count(LOST[locale]) <= 1  # "Lost: The hull is destroyed. Score 0"
    # a saved game keeps its stored English reason, and it still renders
    assert state.model_validate_json(state.model_dump_json()).loss_reason == HULL_DESTROYED


def scanners_box(state: State, locale: Locale = "en") -> str:
    """The words in the picture's Scanners box (under its title, above the dice)."""
    x0, y0, x1, y1 = area_box("Scanners")
    texts = [s for s in layout(state, locale=locale).texts() if x0 <= s.x < x1 and y0 + 20 <= s.y < y1]
    return " ".join(s.text for s in texts)


def test_the_scanners_box_says_what_a_third_threat_die_does_when_the_deck_is_empty() -> None:
    """Rules §3/§7: a full Scanners draws a threat; with the deck empty nothing is drawn, the three
    dice still reset."""
    full = make_state(pool(C, T, M, S, E, C), deck=[DONT_PANIC])
    assert scanners_box(full) == "A third threat die draws a new threat"
    empty = make_state(pool(C, T, M, S, E, C), deck=[])
    assert scanners_box(empty) == "A third threat die resets the three: the threat deck is empty"
    for locale in ("de", "es"):  # whole, not cut short with "…"
        assert "…" not in scanners_box(empty, locale)
        assert scanners_box(empty, locale) != scanners_box(full, locale)


def test_scanners_filling_with_the_deck_empty_do_not_promise_a_threat() -> None:
    state = make_state(pool(C, T, M, S, E, C), external=[threat(1, "corsair")], deck=[])
    state, said = end_round(state, threat_die=[1], next_roll=[X, X, X, T, S, M])
    assert "Scanners full: three Threat dice reset and a new threat appears!" not in said
    assert "Scanners full: three Threat dice reset; the threat deck is empty, so no threat appears." in said
    assert places(state)[:3] == [Place.RESET] * 3
    # one card left after step 4 and two sets of three: the first draws it, the second finds none
    state = make_state(pool(C, T, M, S, E, C), external=[threat(1, "corsair")], deck=[DONT_PANIC] * 2)
    state, said = end_round(state, threat_die=[1], next_roll=[X, X, X, X, X, X])
    assert in_order(
        said,
        "Scanners full: three Threat dice reset and a new threat appears!",
        "Scanners full: three Threat dice reset; the threat deck is empty, so no threat appears.",
    )


@pytest.mark.parametrize("locale", ["en", "de", "es"])
def test_the_returned_area_and_a_returned_die_use_the_same_word(locale: Locale) -> None:
    """The picture's area title and the dice lines ("1 returned") name the Returned area alike
    (es once said "Devuelta" for the area and "devuelto" for the die)."""
    area = d6_term(locale, "returned").lower()
    die = t(locale, "returned").lower()
    assert area.startswith(die)  # the area may say the dice in the plural ("Devueltos")


@pytest.mark.parametrize("locale", ["en", "de", "es"])
def test_every_menu_line_starts_with_a_capital(locale: Locale) -> None:
    """The Commander's "Turn another ready die…" and its face changes read like the lines around them."""
    state = make_state(pool(C, T, M, S, E, C), deck=[DONT_PANIC])
    lines = d6_menu.moves(d6_menu.menu(state, locale))
    labels = [line.label for line in lines] + [sub.label for line in lines for sub in line.then]
    assert any(line.then for line in lines)
    assert all(label[:1].isupper() for label in labels), labels


@pytest.mark.parametrize(("locale", "empty"), [("en", "empty"), ("de", "leer"), ("es", "vacío")])
def test_the_rules_round_says_a_full_scanners_draws_nothing_once_the_deck_is_empty(locale, empty) -> None:
    round_ = list(topics("d6", locale).values())[1]  # Goal, Round, …
    scan = round_.split("\n2. ")[1].split("\n")[0]  # step 2, Scan
    assert empty in scan
