"""The D-6 board as a picture (PNG), drawn with Pillow from the state alone.

What goes where is `core.render.d6_layout.layout` (the ship's mat between the internal and the
external threats); this module paints those shapes: the dice, the threat cards' frames, and the
texts, boxes and icons of `core.render.shapes`. The same facts in words are
`core.render.d6_text.board_summary`, used as the alt text. Rendering is pure CPU work: the Discord
layer runs it off the event loop.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from core.d6.cards import Face
from core.d6.state import State
from core.i18n import Locale

from . import icons
from .d6_layout import (
    BACKGROUND,
    BANNED,
    BOX,
    CARD,
    DARK,
    DECISION,
    EXTERNAL_BAND,
    FACE_COLOURS,
    HEIGHT,
    HULL_ON,
    INTERNAL_BAND,
    LOST,
    MUTED,
    PANEL,
    SHIELD_ON,
    STASIS,
    STASIS_GROUND,
    TEXT,
    TRACK_OFF,
    WARNING,
    WIDTH,
    WON,
    CardShape,
    DieShape,
    Look,
    Shape,
    layout,
)
from .fonts import font
from .png import blended_palette, encode
from .shapes import Colour, paint

# a returned die is dimmed, not blank: its face shows until it is rolled (Friendly Fire reads it)
DIMMED = frozenset({Look.HELD, Look.INFIRMARY, Look.SET_ASIDE, Look.RETURNED})
BLANK = frozenset({Look.WAITING})
OUTLINED: dict[Look, Colour] = {Look.READY: TEXT, Look.LOCKED: WARNING}
CROSS_GROUND = (245, 245, 245)


def dim(colour: Colour) -> Colour:
    """A face colour faded towards the mat: a die that is out of play for now."""
    red, green, blue = (round(c + (b - c) * 0.6) for c, b in zip(colour, BOX, strict=True))
    return red, green, blue


def die_fill(die: DieShape) -> Colour:
    """The colour a die is filled with (the tests read it back)."""
    if die.look in BLANK:
        return TRACK_OFF
    colour = FACE_COLOURS[die.face]
    return dim(colour) if die.look in DIMMED else colour


def _die(draw: ImageDraw.ImageDraw, die: DieShape) -> None:
    x0, y0, x1, y1 = die.box
    size = x1 - x0
    fill = die_fill(die)
    outline = OUTLINED.get(die.look)
    draw.rounded_rectangle(die.box, radius=max(3, size // 6), fill=fill, outline=outline, width=2)
    ink = MUTED if die.look in DIMMED or die.look in BLANK else TEXT
    number = max(8, round(size * 0.4))
    draw.text((x0 + max(3, size // 9), y0 + 1), str(die.index + 1), font=font(number, True), fill=ink)
    if die.look in BLANK:
        mark = "?" if die.look is Look.WAITING else "↻"
        draw.text((x0 + size * 0.62, y0 + size * 0.6), mark, font=font(number + 2), fill=MUTED, anchor="mm")
    else:
        side = round(size * 0.5)
        icons.d6(draw, die.face.value, x1 - side - size // 8, y1 - side - size // 8, side, ink, fill)
    if die.look is Look.INFIRMARY:
        r = max(4, size // 5)
        cx, cy = x1 - 1, y0 + 1
        draw.rectangle((cx - 2 * r, cy, cx, cy + 2 * r), fill=CROSS_GROUND)
        draw.rectangle((cx - r - 1, cy + 2, cx - r + 1, cy + 2 * r - 2), fill=BANNED)
        draw.rectangle((cx - 2 * r + 2, cy + r - 1, cx - 2, cy + r + 1), fill=BANNED)


def _card(draw: ImageDraw.ImageDraw, card: CardShape) -> None:
    x0, y0, x1 = card.box[:3]
    band = EXTERNAL_BAND if card.external else INTERNAL_BAND
    draw.rounded_rectangle(card.box, radius=6, fill=CARD)
    draw.rounded_rectangle((x0, y0, x1, y0 + card.band), radius=6, fill=band)
    draw.rectangle((x0, y0 + card.band - 6, x1, y0 + card.band), fill=band)
    edge = STASIS if card.stasis else card.highlight
    if edge is not None:
        draw.rounded_rectangle(card.box, radius=6, outline=edge, width=2)


def _paint(image: Image.Image, shapes: Iterable[Shape]) -> None:
    draw = ImageDraw.Draw(image)
    for shape in shapes:
        if isinstance(shape, DieShape):
            _die(draw, shape)
        elif isinstance(shape, CardShape):
            _card(draw, shape)
        else:
            paint(image, draw, shape)


@lru_cache(maxsize=8)
def _mat(shapes: tuple[Shape, ...]) -> Image.Image:
    """The empty mat, drawn once per set of bans: a third of the texts, the same in every picture."""
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    _paint(image, shapes)
    return image


def render_board(state: State, locale: Locale = "en") -> bytes:
    """The board as PNG bytes, its words in `locale`; the same state always gives the same bytes."""
    mat = layout(state, locale)
    image = _mat(mat.shapes[: mat.ground]).copy()
    _paint(image, mat.shapes[mat.ground :])
    # Mapped onto a fixed palette of the board's own colours (and the blends its text edges make),
    # the PNG is a third of the size and twice as fast to encode as full RGB: the encoder is most
    # of the render time.
    return encode(image, palette())


@cache
def palette() -> Image.Image:
    """Every solid colour drawn, plus text and marks blended into each ground they are drawn on."""
    faces = list(FACE_COLOURS.values())
    dims = [dim(c) for c in faces]
    grounds = [BACKGROUND, PANEL, BOX, CARD, DARK, TRACK_OFF, EXTERNAL_BAND, INTERNAL_BAND, STASIS_GROUND]
    grounds += [WON, LOST, DECISION, *faces, *dims]
    pairs = [(g, ink) for g in grounds for ink in (TEXT, MUTED)]
    pairs += [(STASIS_GROUND, STASIS), (BOX, BANNED), (PANEL, BANNED), (FACE_COLOURS[Face.THREAT], WARNING)]
    solids = [*grounds, TEXT, MUTED, HULL_ON, SHIELD_ON, STASIS, WARNING, BANNED, CROSS_GROUND]
    return blended_palette(solids, pairs)
