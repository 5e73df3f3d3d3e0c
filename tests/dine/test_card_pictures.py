"""Card pictures: every card side draws, portrait, readable: every character has a glyph, every action
reads "cost: effect", the ten stations have ten colours and icons, symbols are icons with a legend."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageDraw, ImageFont

from core.dine.cards import Action, CardSet, card_set
from core.dine.state import RULES_VERSION
from core.render import icons
from core.render.dine_cards import (
    HEIGHT,
    STATION_COLOURS,
    WIDTH,
    action_parts,
    occupied_parts,
    sector_card,
    ship_card,
    station_card,
)
from core.render.dine_lookup import entries
from core.render.dine_text import action_words
from core.render.fonts import covered, drawable, font, missing
from tools.gallery import SHEETS, pictures

DATA = Path(__file__).resolve().parents[2] / "data" / "dine"
SYMBOL_WORDS = set(icons.SYMBOL_ICONS)
_DRAW_TEXT = ImageDraw.ImageDraw.text  # unpatched, for the glyph checks themselves
CARDS = card_set(RULES_VERSION)  # the cards new games are dealt with


def _image(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def card_set_files() -> list[Path]:
    """Every card-set file shipped under data/dine (one per rules version), wherever it sits."""
    files = [
        f for f in sorted(DATA.rglob("*.json")) if "stations" in json.loads(f.read_text(encoding="utf-8"))
    ]
    assert files
    return files


def card_sets() -> list[CardSet]:
    """Every card set shipped in data/dine, validated."""
    return [CardSet.model_validate(json.loads(f.read_text(encoding="utf-8"))) for f in card_set_files()]


def every_picture(cards: CardSet) -> Iterator[bytes]:
    for c in cards.stations:
        yield station_card(c.normal, c.station, upgraded=False)
        yield station_card(c.upgraded, c.station, upgraded=True)
    for s in cards.sectors:
        yield sector_card(s.front)
        yield sector_card(s.back)
    for ship in cards.ships:
        yield ship_card(ship.front)
        yield ship_card(ship.back)


Drawn = list[tuple[str, Any]]


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Drawn:
    """Every (text, font) Pillow is asked to draw while the fixture is active."""
    seen: Drawn = []
    real = ImageDraw.ImageDraw.text

    def text(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> None:
        seen.append((str(text), kwargs.get("font")))
        real(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    return seen


def _one(face: Any, char: str) -> bytes:
    image = Image.new("L", (64, 64))
    _DRAW_TEXT(ImageDraw.Draw(image), (8, 8), char, font=face, fill=255)
    return image.tobytes()


@cache
def _is_box(face: Any, char: str) -> bool:
    """Whether `face` draws `char` as its missing-glyph box (what a character outside the font gets)."""
    return _one(face, char) == _one(face, "\U0010fffd")


def test_every_card_side_draws_as_a_portrait_card() -> None:
    cards = CARDS
    drawn = list(every_picture(cards))
    assert len(drawn) == 2 * 36 + 2 * 11 + 2 * 2
    for png in drawn:
        assert _image(png).size == (WIDTH, HEIGHT)


def test_every_character_on_every_card_has_a_glyph(drawn: Drawn) -> None:
    """Renders every side of every card set and checks each character drawn against the font it was
    drawn with: none may come out as the missing-glyph box (it did: "H☐hnerstall-Nebel", "jump ☐1")."""
    for cards in card_sets():
        for _ in every_picture(cards):
            pass
    assert len(drawn) > 1000
    texts = {text for text, _ in drawn}
    assert {"Hühnerstall-Nebel", "−1"} <= {w for t in texts for w in t.split(" · ")} | {
        w for t in texts for w in t.split()
    }
    boxes = {
        (char, text)
        for text, face in drawn
        for char in set(text)
        if not char.isspace() and _is_box(face, char)
    }
    assert not boxes


def test_every_string_in_the_card_data_is_covered_by_the_font() -> None:
    """Every string of every card-set file (names, German names, flavour, help texts) is in the
    shipped font's cmap, regular and bold, whether or not a picture draws it today."""

    def strings(value: object) -> Iterator[str]:
        if isinstance(value, str):
            yield value
        elif isinstance(value, dict):
            for key, item in value.items():  # pyright: ignore[reportUnknownVariableType]
                yield str(key)  # pyright: ignore[reportUnknownArgumentType]
                yield from strings(item)
        elif isinstance(value, list):
            for item in value:  # pyright: ignore[reportUnknownVariableType]
                yield from strings(item)

    for path in card_set_files():
        text = "".join(strings(json.loads(path.read_text(encoding="utf-8"))))
        assert "ü" in text or "Ü" in text or "ä" in text or "ö" in text  # the German names are there
        assert missing(text) == "", path.name
        assert missing(text, bold=True) == "", path.name


def test_the_cmap_reader_agrees_with_the_glyphs_pillow_draws() -> None:
    have = covered()
    face = font(20)
    sample = [chr(c) for c in range(0x20, 0x2C00, 3) if chr(c).isprintable() and not chr(c).isspace()]
    sample += ["ü", "−", "–", "—", "×", "→", "…", "·", "↻", "★", "🍕"]
    wrong = [c for c in sample if (ord(c) in have) == _is_box(face, c)]
    assert not wrong
    assert drawable("Zoë 🍕") == "Zoë "  # an emoji is decoration: left out
    assert drawable("山田") == "??"  # a letter the font lacks still holds its place
    assert ord("ü") in have
    assert ord("🍕") not in have


def _words(text: str) -> str:
    """Text as a picture shows it in words: symbol words are icons, spaces are collapsed."""
    text = re.sub(r"\b(" + "|".join(SYMBOL_WORDS) + r")\b", "", text)
    return re.sub(r" ([:,.;)])", r"\1", " ".join(text.split()))


def _card_words(drawn: Drawn, png: bytes) -> str:
    del png
    return _words(" ".join(text for text, _ in drawn))


def _expected(action: Action, *, in_hand: bool = False) -> str:
    """The words a card shows for `action` (`in_hand`: printed on a hand card, "another hand card")."""
    words = action_words(action, in_hand=in_hand)
    cost = "free" if action.cost.kind == "none" else words.cost
    return _words(f"{cost}: {words.effect}")


def test_every_action_on_a_card_reads_cost_colon_effect(drawn: Drawn) -> None:
    cards = CARDS
    for card in cards.stations:
        for face, upgraded in ((card.normal, False), (card.upgraded, True)):
            drawn.clear()
            shown = _card_words(drawn, station_card(face, card.station, upgraded))
            for action in face.actions:
                assert _expected(action, in_hand=True) in shown, (face.name, shown)
            if face.occupied.action is not None:
                assert _expected(face.occupied.action) in shown, face.name
            assert "- -" not in shown
            assert "-:" not in shown
            assert "–:" not in shown
    for ship in cards.ships:
        for face in (ship.front, ship.back):
            drawn.clear()
            shown = _card_words(drawn, ship_card(face))
            for action in face.actions:
                assert _expected(action) in shown, (face.name, shown)


def test_free_actions_and_occupied_effects_read_cleanly() -> None:
    free = next(a for c in CARDS.stations for a in c.normal.actions if a.cost.kind == "none")
    assert action_parts(free)[0] == ("free:", True)
    kinds = {c.normal.occupied.kind: c.normal.occupied for c in CARDS.stations}
    assert set(kinds) == {"action", "permanent", "trigger"}
    assert occupied_parts(kinds["permanent"])[0] == ("always:", True)
    assert occupied_parts(kinds["trigger"])[0][0].startswith("at ")
    action = kinds["action"].action
    assert action is not None
    assert occupied_parts(kinds["action"]) == action_parts(action)


def test_the_ten_stations_have_ten_colours_and_ten_icons() -> None:
    names = {c.station for cards in card_sets() for c in cards.stations}
    assert len(names) == 10
    assert names <= set(STATION_COLOURS)
    assert names <= set(icons.STATION_DRAW)
    colours = [STATION_COLOURS[n] for n in sorted(names)]
    for i, a in enumerate(colours):
        for b in colours[i + 1 :]:
            assert sum(abs(x - y) for x, y in zip(a, b, strict=True)) >= 60, (a, b)
    shapes = set()
    for name in names:
        image = Image.new("L", (32, 32))
        icons.station(ImageDraw.Draw(image), name, 0, 0, 32, 255, 0)  # type: ignore[arg-type]
        assert image.getbbox() is not None
        shapes.add(image.tobytes())
    assert len(shapes) == 10
    # each card shows its station's colour in the band
    for card in CARDS.stations[::5]:
        band = (
            _image(station_card(card.normal, card.station, False)).convert("RGB").getpixel((WIDTH - 40, 60))
        )
        assert band == STATION_COLOURS[card.station]


def test_symbols_are_icons_with_a_legend(drawn: Drawn) -> None:
    """A symbol appears as its icon (its colour is on the card) and its word only in the legend."""
    for card in CARDS.stations[:12]:
        face = card.normal
        drawn.clear()
        image = _image(station_card(face, card.station, False)).convert("RGB")
        words = [text for text, _ in drawn]
        for symbol, amount in face.row.symbols.items():
            assert amount
            assert words.count(symbol.value) == 1, (face.name, symbol, words)  # the legend's word
            colours = {c for _, c in image.crop((20, 90, WIDTH - 20, 120)).getcolors(4096) or []}
            assert icons.SYMBOL_ICONS[symbol.value] in colours, (face.name, symbol)
    sector = CARDS.sectors[0].front
    drawn.clear()
    sector_card(sector)
    words = [text for text, _ in drawn]
    assert words.count("drive") == 1
    assert words.count("damage") == 1


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


def test_the_bundled_font_is_not_pillows_default() -> None:
    assert isinstance(font(14), ImageFont.FreeTypeFont)
    assert font(14).getname()[0] == "DejaVu Sans"


def test_every_card_shows_its_whole_name(drawn: Drawn) -> None:
    for cards in card_sets():
        drawn.clear()
        names = [f.name for c in cards.stations for f in (c.normal, c.upgraded)]
        names += [f.name for c in cards.sectors for f in (c.front, c.back)]
        names += [f.name for c in cards.ships for f in (c.front, c.back)]
        for _ in every_picture(cards):
            pass
        texts = {text for text, _ in drawn}
        assert [name for name in names if name not in texts] == []


@pytest.mark.parametrize("locale", ["en", "de", "es"])
def test_no_card_picture_cuts_a_word_in_any_language(locale: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Titles, labels and flavour get smaller before they are cut ("Hora punta en el horizonte…",
    "GIRADA ↻ (EN UNA FILA, SIN LA PROPULSIÓN DE LA ESQ…" were cut)."""
    cut: list[str] = []
    draw_text = ImageDraw.ImageDraw.text

    def text(self: ImageDraw.ImageDraw, xy: Any, said: Any, *args: Any, **kwargs: Any) -> None:
        if isinstance(said, str) and said.endswith("…"):
            cut.append(said)
        draw_text(self, xy, said, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    for entry in entries(card_set(RULES_VERSION), locale):  # type: ignore[arg-type]
        for face in entry.faces:
            face()
    assert cut == []
