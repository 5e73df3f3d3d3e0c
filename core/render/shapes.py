"""A picture as plain data before any pixel: texts, boxes and icons, each where it is drawn.

A layout function turns a state into shapes and a painter draws them, so the tests read what a
picture shows (which texts, which dice, where) from the shapes instead of guessing it from pixels,
and the layout is a pure function that the painter never second-guesses.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from . import icons
from .fonts import font

Colour = tuple[int, int, int]
Box = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Text:
    """One line of text; `anchor` is Pillow's ("la": left/top of the ascender, "ma", "ra", "mm")."""

    x: int
    y: int
    text: str
    size: int
    fill: Colour
    bold: bool = False
    anchor: str = "la"


@dataclass(frozen=True, slots=True)
class Rect:
    box: Box
    fill: Colour | None = None
    outline: Colour | None = None
    width: int = 1
    radius: int = 0


@dataclass(frozen=True, slots=True)
class Poly:
    points: tuple[tuple[int, int], ...]
    fill: Colour


@dataclass(frozen=True, slots=True)
class Icon:
    """A D-6 icon (`core.render.icons.d6`) filling the square of side `size` at (x, y)."""

    name: str
    x: int
    y: int
    size: int
    colour: Colour
    ground: Colour


def inside(box: Box, x: int, y: int) -> bool:
    return box[0] <= x <= box[2] and box[1] <= y <= box[3]


@lru_cache(maxsize=4096)
def text_mask(text: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image, int, int]:
    """`text` drawn once as a coverage mask, and where its top-left corner sits from the anchor.

    A board's texts recur from picture to picture (card texts, labels, numbers): pasting a kept mask
    in the text's colour is several times faster than drawing the glyphs again, and gives the same
    pixels (Pillow blends text by this same coverage)."""
    face = font(size, bold)
    box = face.getbbox(text, anchor=anchor)
    left, top, right, bottom = math.floor(box[0]), math.floor(box[1]), math.ceil(box[2]), math.ceil(box[3])
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)))
    ImageDraw.Draw(mask).text((-left, -top), text, font=face, fill=255, anchor=anchor)
    return mask, left, top


def paint(image: Image.Image, draw: ImageDraw.ImageDraw, shape: Text | Rect | Poly | Icon) -> None:
    """Draw `shape` on `image` (`draw` draws on the same image)."""
    match shape:
        case Text():
            mask, left, top = text_mask(shape.text, shape.size, shape.bold, shape.anchor)
            image.paste(shape.fill, (shape.x + left, shape.y + top), mask)
        case Rect(radius=0):
            draw.rectangle(shape.box, fill=shape.fill, outline=shape.outline, width=shape.width)
        case Rect():
            draw.rounded_rectangle(
                shape.box, radius=shape.radius, fill=shape.fill, outline=shape.outline, width=shape.width
            )
        case Poly():
            draw.polygon(shape.points, fill=shape.fill)
        case Icon():
            icons.d6(draw, shape.name, shape.x, shape.y, shape.size, shape.colour, shape.ground)
