"""What a server's first D-6 games show: the loss result says it once, the Scanners box tells the
truth when the deck is empty, the picture's areas and the dice lines agree, menu lines start with a
capital."""

from __future__ import annotations

import pytest

from core.d6 import new_game
from core.d6.engine import HULL_DESTROYED
from core.i18n import Locale, t
from core.render.d6_layout import layout
from core.render.d6_text import loss_text

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
