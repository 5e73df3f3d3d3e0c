"""Card pictures: every card side draws, portrait, with its name where the card shows it."""

from __future__ import annotations

import io

from PIL import Image

from core.dine.cards import card_set
from core.dine.state import RULES_VERSION
from core.render.dine_cards import HEIGHT, WIDTH, sector_card, ship_card, station_card
from tools.gallery import SHEETS, pictures

CARDS = card_set(RULES_VERSION)  # the cards new games are dealt with


def _image(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def test_every_card_side_draws_as_a_portrait_card() -> None:
    cards = CARDS
    drawn = [station_card(c.normal, c.station, upgraded=False) for c in cards.stations]
    drawn += [station_card(c.upgraded, c.station, upgraded=True) for c in cards.stations]
    drawn += [sector_card(face) for c in cards.sectors for face in (c.front, c.back)]
    drawn += [ship_card(face) for c in cards.ships for face in (c.front, c.back)]
    assert len(drawn) == 2 * 36 + 2 * 11 + 2 * 2
    for png in drawn:
        assert _image(png).size == (WIDTH, HEIGHT)


def test_sides_differ_and_the_band_shows_the_kind() -> None:
    card = CARDS.sectors[0]
    easy, hard = _image(sector_card(card.front)), _image(sector_card(card.back))
    assert easy.tobytes() != hard.tobytes()
    assert easy.convert("RGB").getpixel((WIDTH - 30, 20)) != hard.convert("RGB").getpixel((WIDTH - 30, 20))


def test_the_gallery_sheets_hold_every_side() -> None:
    sheets = {name: _image(png) for name, png in pictures().items()}
    assert set(sheets) == set(SHEETS)
    assert sheets["stations-normal"].size[1] >= 6 * HEIGHT  # 36 cards in rows of 6
    assert sheets["ships"].size[0] >= 4 * WIDTH  # 4 ship sides side by side
