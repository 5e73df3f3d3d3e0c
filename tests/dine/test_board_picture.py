"""The board picture reads like the cards: the top card of the deck, symbol icons with a legend,
station colours, and no missing-glyph box anywhere (names with accents and emoji included)."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image, ImageDraw

from core.dine.ai import heuristic
from core.dine.cards import card_set
from core.dine.engine import apply, new_game
from core.dine.state import RULES_VERSION, Placed, State
from core.render import icons
from core.render.dine_board import DECK_TOP, PANEL, render_board, row_box

CARDS = card_set(RULES_VERSION)  # the cards new games are dealt with

_DRAW_TEXT = ImageDraw.ImageDraw.text
Drawn = list[tuple[str, Any]]


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Drawn:
    """Every (text, font) Pillow is asked to draw while the fixture is active."""
    seen: Drawn = []

    def text(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> None:
        seen.append((str(text), kwargs.get("font")))
        _DRAW_TEXT(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    return seen


def picture(state: State, names: list[str] | None = None) -> Image.Image:
    return Image.open(io.BytesIO(render_board(state, names))).convert("RGB")


def stripe(image: Image.Image, box: tuple[int, int, int, int]) -> tuple[int, int, int]:
    """The colour of a card's station stripe (its left edge)."""
    return image.getpixel((box[0] + 1, (box[1] + box[3]) // 2))  # type: ignore[return-value]


def with_top(state: State, card: str) -> State:
    deck = [card, *(c for c in state.deck if c != card)]
    return state.model_copy(update={"deck": deck})


def test_the_board_shows_the_top_card_of_the_deck(drawn: Drawn) -> None:
    """Rulebook: "You always see the top card of the deck"; the picture shows its name and station."""
    state = new_game(8, crew=2)
    by_station = {CARDS.station(c).station: c for c in state.deck}
    pilot, reactor = by_station["Pilot"], by_station["Reactor"]
    for card, name in ((pilot, "Pilot"), (reactor, "Reactor")):
        drawn.clear()
        shown = with_top(state, card)
        assert stripe(picture(shown), DECK_TOP) == icons.STATION_COLOURS[name]
        texts = [text for text, _ in drawn]
        assert next(c for c in CARDS.stations if c.id == card).normal.name in texts
        assert f"{len(state.deck)} in deck" in texts
    drawn.clear()
    empty = state.model_copy(update={"deck": [], "discard": list(state.deck)})
    assert stripe(picture(empty), DECK_TOP) == PANEL
    assert any(text.startswith("Deck empty") for text, _ in drawn)


def test_grid_cards_show_their_station_colour() -> None:
    state = new_game(8, crew=1)
    card = state.hands[0][0]
    placed = state.model_copy(update={"grid": [[Placed(card=card)]]})
    image = picture(placed)
    top = row_box(0)[1] + 6
    assert image.getpixel((row_box(0)[0] + 57, top + 30)) == icons.station_colour(CARDS.station(card).station)


def test_symbols_are_icons_with_a_legend(drawn: Drawn) -> None:
    state = new_game(4, ship="Crusty Cruiser", level="Pepperoni", crew=3)
    for _ in range(14):
        state, _ = apply(state, heuristic(state).action)
    assert state.grid[-1]
    image = picture(state)
    texts = [text for text, _ in drawn]
    for word in icons.LEGEND:
        assert word in texts  # the legend names each icon
    assert not [t for t in texts if t[:-1].isdigit() and t[-1] in "DNEFS"]  # no letter chips ("3D")
    colours = {colour for _, colour in image.getcolors(4096) or []}
    assert set(icons.SYMBOL_ICONS.values()) <= colours


def test_nothing_on_the_board_is_a_missing_glyph_box(drawn: Drawn) -> None:
    def one(face: Any, char: str) -> bytes:
        image = Image.new("L", (64, 64))
        _DRAW_TEXT(ImageDraw.Draw(image), (8, 8), char, font=face, fill=255)
        return image.tobytes()

    names = ["Zoë Ångström", "🚀 rocket", "Łukasz — “Ace”"]
    state = new_game(2, ship="Nostroven One", level="Pepperoni", crew=3)
    for step in range(60):
        if state.outcome != "playing":
            break
        if step % 10 == 0:
            render_board(state, names)
        state, _ = apply(state, heuristic(state).action)
    render_board(state, names)
    assert any("Zoë" in text for text, _ in drawn)
    boxes = {
        (char, text)
        for text, face in drawn
        for char in set(text)
        if not char.isspace() and one(face, char) == one(face, "\U0010fffd")
    }
    assert not boxes
