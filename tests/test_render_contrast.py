"""Text on the pictures is readable: every ink meets WCAG 2's 4.5:1 contrast against each ground it is
drawn on (a phone shrinks the 960-pixel pictures, so the small text is the text that must hold)."""

from __future__ import annotations

import pytest

from core.render import d6_layout as d6
from core.render import dine_board as dine
from core.render import dine_cards as cards

Colour = tuple[int, int, int]


def luminance(colour: Colour) -> float:
    def channel(value: int) -> float:
        v = value / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(ink: Colour, ground: Colour) -> float:
    light, dark = sorted((luminance(ink), luminance(ground)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


DINE_GROUNDS = [dine.BACKGROUND, dine.PANEL, dine.CURRENT_PANEL, dine.CARD, dine.ROTATED]
D6_GROUNDS = [d6.BACKGROUND, d6.PANEL, d6.BOX, d6.CARD]
PAIRS: list[tuple[str, Colour, Colour]] = [
    *((f"dine text on {g}", dine.TEXT, g) for g in DINE_GROUNDS),
    *((f"dine muted on {g}", dine.MUTED, g) for g in DINE_GROUNDS),
    *((f"dine banner {g}", dine.TEXT, g) for g in (dine.WON, dine.LOST, dine.DECISION)),
    *((f"dine sector band {k}", dine.TEXT, g) for k, g in cards.KIND_COLOURS.items()),
    ("dine danger line", dine.DANGER_TEXT, dine.PANEL),
    *((f"d6 text on {g}", d6.TEXT, g) for g in D6_GROUNDS),
    *((f"d6 muted on {g}", d6.MUTED, g) for g in D6_GROUNDS),
    *((f"d6 banner {g}", d6.TEXT, g) for g in (d6.WON, d6.LOST, d6.DECISION)),
    *((f"d6 threat band {g}", d6.TEXT, g) for g in (d6.EXTERNAL_BAND, d6.INTERNAL_BAND)),
    *((f"card band {k}", cards.PAPER, g) for k, g in cards.KIND_COLOURS.items()),
    ("card ink", cards.INK, cards.PAPER),
    ("card muted", cards.MUTED, cards.PAPER),
    ("card muted on the rotated box", cards.MUTED, cards.TINT),
]


@pytest.mark.parametrize(("what", "ink", "ground"), PAIRS, ids=[p[0] for p in PAIRS])
def test_text_meets_wcag_contrast(what: str, ink: Colour, ground: Colour) -> None:
    assert contrast(ink, ground) >= 4.5, f"{what}: {contrast(ink, ground):.2f}:1"


def test_the_measure_is_wcag_s() -> None:
    assert contrast((255, 255, 255), (0, 0, 0)) == pytest.approx(21)
    assert contrast((118, 118, 118), (255, 255, 255)) == pytest.approx(4.54, abs=0.01)
