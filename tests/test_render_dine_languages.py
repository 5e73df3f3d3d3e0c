"""The Dine board picture in every language: each text drawn stays inside the picture and its own box,
no two texts overlap, and German and Spanish need no glyph the font lacks (issue 19)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from PIL import ImageDraw

from core.dine.engine import new_game
from core.dine.state import State
from core.i18n import Locale
from core.i18n.glossary import glossary
from core.render.dine_board import (
    BANNER,
    FOOTER,
    GRID_RIGHT,
    GRID_X,
    LEFT_RIGHT,
    MARGIN,
    WIDTH,
    legend,
    render_board,
)
from core.render.dine_cards import sector_card, ship_card, station_card
from core.render.dine_names import card_name, sector_name
from core.render.fonts import missing
from tests.test_render_dine import CARDS, crowded, finished, heuristic_states

Box = tuple[float, float, float, float]
LOCALES: tuple[Locale, ...] = ("en", "de", "es", "qps")


@contextmanager
def texts_drawn() -> Iterator[list[tuple[str, Box]]]:
    """Every text Pillow draws while the block runs, with the box its ink covers."""
    drawn: list[tuple[str, Box]] = []
    original = ImageDraw.ImageDraw.text

    def text(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> None:
        options = {k: v for k, v in kwargs.items() if k in ("font", "anchor")}
        drawn.append((str(text), self.textbbox(xy, text, **options)))
        original(self, xy, text, *args, **kwargs)

    ImageDraw.ImageDraw.text = text
    try:
        yield drawn
    finally:
        ImageDraw.ImageDraw.text = original


def states() -> list[State]:
    games = heuristic_states(4, crew=3) + heuristic_states(7, crew=2, level="Pepperoni")
    return [crowded(), crowded(crew=1, rows=2), finished("won"), finished("lost"), *games[::3]]


def region(box: Box) -> Box:
    """The part of the board a text at `box` belongs to, which it must not leave."""
    if box[1] >= FOOTER[1] - 2:
        return FOOTER
    if box[1] >= BANNER[1] - 2:
        return BANNER
    if box[1] < 40:
        return (MARGIN, 0, WIDTH - MARGIN, 40)
    if box[0] >= GRID_X - 1:
        return (GRID_X, 40, GRID_RIGHT, BANNER[1])
    return (MARGIN, 40, LEFT_RIGHT, BANNER[1])


def overlap(a: Box, b: Box) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > 1 and min(a[3], b[3]) - max(a[1], b[1]) > 1


@pytest.mark.parametrize("locale", LOCALES)
def test_every_text_fits_its_box_and_none_overlaps(locale: Locale) -> None:
    for state in states():
        with texts_drawn() as drawn:
            render_board(state, ["Anna-Katharina Müller", "Bernd", "Carla"], locale)
        assert drawn
        for text, box in drawn:
            area = region(box)
            inside = (
                area[0] - 1 <= box[0] and box[2] <= area[2] + 1 and area[1] <= box[1] and box[3] <= area[3]
            )
            assert inside, (locale, text, box, area)
        for i, (text, box) in enumerate(drawn):
            for other, other_box in drawn[i + 1 :]:
                assert not overlap(box, other_box), (locale, text, box, other, other_box)


@pytest.mark.parametrize("locale", LOCALES)
def test_the_legend_keeps_a_word_for_every_icon_inside_the_footer(locale: Locale) -> None:
    placed = legend(locale)
    assert len(placed) == 7
    assert all(said.strip("…") for _, said, *_ in placed)
    assert all(FOOTER[0] <= x and y + size <= FOOTER[3] for _, _, x, y, size in placed)


def test_english_keeps_the_legend_on_one_line_and_german_spells_it_out() -> None:
    assert len({y for *_, y, _ in legend("en")}) == 1
    assert "Feuerkraft" in [said for _, said, *_ in legend("de")]


@pytest.mark.parametrize("locale", ["de", "es"])
def test_no_german_or_spanish_text_is_a_missing_glyph(locale: Locale) -> None:
    for state in states():
        with texts_drawn() as drawn:
            render_board(state, None, locale)
        for text, _ in drawn:
            assert missing(text) == "", (locale, text)
            assert missing(text, bold=True) == "", (locale, text)


def test_the_board_speaks_the_language_it_is_given() -> None:
    state = crowded()
    with texts_drawn() as german:
        render_board(state, None, "de")
    with texts_drawn() as spanish:
        render_board(state, None, "es")
    assert any(text.startswith("Reihe ") for text, _ in german)
    assert any(text.startswith("Fila ") for text, _ in spanish)
    assert "JETZT" in [text for text, _ in german]
    assert "AHORA" in [text for text, _ in spanish]
    assert render_board(state, None, "de") != render_board(state, None, "en")


CARD_BOX: Box = (14, 10, 346, 490)  # inside the card's edge (dine_cards.WIDTH x HEIGHT, 360 x 500)


def card_pictures(locale: Locale) -> Iterator[bytes]:
    """Every station, sector and ship side as `/dine card` draws it for a reader of `locale`."""
    for card in CARDS.stations:
        name = None if locale == "en" else card_name(locale, CARDS, card.id)
        yield station_card(card.normal, card.station, False, locale, name)
        yield station_card(card.upgraded, card.station, True, locale, name)
    for sector in CARDS.sectors:
        for face in (sector.front, sector.back):
            yield sector_card(face, locale, None if locale == "en" else sector_name(locale, CARDS, face))
    for ship in CARDS.ships:
        yield ship_card(ship.front, locale)
        yield ship_card(ship.back, locale)


@pytest.mark.parametrize("locale", LOCALES)
def test_card_pictures_keep_every_text_on_the_card_with_real_glyphs(locale: Locale) -> None:
    with texts_drawn() as drawn:
        count = sum(1 for _ in card_pictures(locale))
    assert count == 2 * (len(CARDS.stations) + len(CARDS.sectors) + len(CARDS.ships))
    for text, box in drawn:
        inside = (
            CARD_BOX[0] <= box[0]
            and box[2] <= CARD_BOX[2]
            and CARD_BOX[1] <= box[1]
            and box[3] <= CARD_BOX[3]
        )
        assert inside, (locale, text, box)
        if locale in ("de", "es"):
            assert missing(text) == "", (locale, text)


def test_a_card_picture_speaks_its_reader_language() -> None:
    card = CARDS.stations[0]
    with texts_drawn() as german:
        station_card(card.normal, card.station, False, "de", card_name("de", CARDS, card.id))
    said = [text for text, _ in german]
    assert "IN EINER REIHE" in said
    assert card_name("de", CARDS, card.id) in said


def test_a_finished_board_says_its_outcome_and_tracks_in_the_language() -> None:
    with texts_drawn() as spanish:
        render_board(finished("won"), None, "es")
    said = [text for text, _ in spanish]
    assert any(text.endswith("|  GANADA") for text in said)
    assert "Marcador" in said
    assert any(text.startswith(("quedan ", "queda ")) for text in said)  # the spaces left, said as such


def test_the_tracks_say_their_number_is_the_spaces_left() -> None:
    """ "Damage 7/7" on an untouched ship read as seven damage taken."""
    with texts_drawn() as english:
        render_board(new_game(3, ship="Spacehopper 3000"), None, "en")
    said = [text for text, _ in english]
    assert "Damage" in said
    assert "7 of 7 left" in said
    assert not any(text.startswith("Damage 7/7") for text in said)


@pytest.mark.parametrize("locale", ["de", "es"])
def test_a_cards_flavour_text_is_drawn_in_the_readers_language(locale: Locale) -> None:
    face = CARDS.sectors[0].front
    assert face.flavour
    with texts_drawn() as drawn:
        sector_card(face, locale, sector_name(locale, CARDS, face))
    words = " ".join(text for text, _ in drawn)
    translated = glossary(locale)["dine"]["flavours"][face.flavour]
    assert translated != face.flavour
    assert translated.split()[0] in words  # wrapped over lines, but its words are there
    assert face.flavour.split()[0] not in words.split()  # and not the English
