"""A picture as plain data before any pixel: texts, boxes and icons, each where it is drawn.

A layout function turns a state into shapes and a painter draws them, so the tests read what a
picture shows (which texts, which dice, where) from the shapes instead of guessing it from pixels,
and the layout is a pure function that the painter never second-guesses.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import ImageDraw

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


def paint(draw: ImageDraw.ImageDraw, shape: Text | Rect | Poly | Icon) -> None:
    match shape:
        case Text():
            face = font(shape.size, shape.bold)
            draw.text((shape.x, shape.y), shape.text, font=face, fill=shape.fill, anchor=shape.anchor)
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
