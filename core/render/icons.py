"""Small icons drawn with Pillow primitives: the game's symbols and the ten station names.

The rulebook's cards show symbols, not words; a player scanning a card or the board looks for a
shape and a colour. Each icon fills a square of side `size` at (x, y) and uses only solid fills
(no image files), so it draws in well under a millisecond and keeps the board's fixed palette.
Every picture that shows icons also shows a legend (`LEGEND`), so no shape has to be guessed.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PIL import ImageDraw

Colour = tuple[int, int, int]
Box = tuple[float, float, float, float]

# The symbols, in the order the legends list them, with their colours and the words they stand for.
SYMBOL_ICONS: dict[str, Colour] = {
    "drive": (235, 120, 60),
    "navigation": (70, 140, 230),
    "energy": (240, 190, 40),
    "firepower": (210, 60, 60),
    "shield": (60, 170, 120),
    "pizza": (225, 160, 50),
    "damage": (150, 40, 40),
}
LEGEND = tuple(SYMBOL_ICONS)
CRUST, PEPPERONI = (150, 90, 30), (180, 40, 30)
PIZZA_TOPPINGS = (CRUST, PEPPERONI)  # the pizza icon's other colours (a palette needs them)

# The ten station names: a colour each (white text reads on every one) and an icon each.
STATION_COLOURS: dict[str, Colour] = {
    "Pilot": (45, 95, 165),
    "Reactor": (170, 120, 10),
    "R-Drive": (205, 85, 35),
    "P-Drive": (175, 45, 125),
    "Weapons": (170, 35, 45),
    "Shields": (35, 135, 85),
    "Sensors": (20, 130, 150),
    "Engineering": (90, 95, 110),
    "Cargo": (125, 85, 45),
    "Oven": (105, 65, 165),
}
OTHER_STATION: Colour = (70, 70, 80)


def _star(cx: float, cy: float, outer: float, inner: float, points: int, turn: float = -90) -> list[float]:
    """The corners of a star (or, with inner == outer, a regular polygon) around (cx, cy)."""
    corners: list[float] = []
    for i in range(points * 2):
        radius = outer if i % 2 == 0 else inner
        angle = math.radians(turn + i * 180 / points)
        corners += [cx + radius * math.cos(angle), cy + radius * math.sin(angle)]
    return corners


def _drive(d: ImageDraw.ImageDraw, x: float, y: float, s: float, c: Colour) -> None:
    # two forward chevrons: thrust
    for dx in (0.0, 0.42 * s):
        d.polygon(
            [
                (x + dx + 0.05 * s, y + 0.1 * s),
                (x + dx + 0.5 * s, y + 0.5 * s),
                (x + dx + 0.05 * s, y + 0.9 * s),
                (x + dx + 0.05 * s + 0.2 * s, y + 0.5 * s),
            ],
            fill=c,
        )


def _navigation(d: ImageDraw.ImageDraw, x: float, y: float, s: float, c: Colour) -> None:
    # a compass star
    d.polygon(_star(x + s / 2, y + s / 2, s / 2, s / 7, 4), fill=c)


def _energy(d: ImageDraw.ImageDraw, x: float, y: float, s: float, c: Colour) -> None:
    # a lightning bolt
    points = [(0.6, 0.0), (0.15, 0.55), (0.45, 0.55), (0.35, 1.0), (0.85, 0.4), (0.55, 0.4), (0.7, 0.0)]
    d.polygon([(x + px * s, y + py * s) for px, py in points], fill=c)


def _firepower(d: ImageDraw.ImageDraw, x: float, y: float, s: float, c: Colour) -> None:
    # a crosshair
    w = max(1, round(s / 8))
    d.ellipse((x + 0.14 * s, y + 0.14 * s, x + 0.86 * s, y + 0.86 * s), outline=c, width=w)
    d.rectangle((x + s / 2 - w / 2, y, x + s / 2 + w / 2, y + s), fill=c)
    d.rectangle((x, y + s / 2 - w / 2, x + s, y + s / 2 + w / 2), fill=c)


def _shield(d: ImageDraw.ImageDraw, x: float, y: float, s: float, c: Colour) -> None:
    # a heater shield
    points = [(0.1, 0.05), (0.9, 0.05), (0.9, 0.45), (0.75, 0.75), (0.5, 0.97), (0.25, 0.75), (0.1, 0.45)]
    d.polygon([(x + px * s, y + py * s) for px, py in points], fill=c)


def _pizza(d: ImageDraw.ImageDraw, x: float, y: float, s: float, c: Colour) -> None:
    # a slice, point down, with two pepperoni
    d.polygon([(x + 0.05 * s, y + 0.1 * s), (x + 0.95 * s, y + 0.1 * s), (x + 0.5 * s, y + s)], fill=c)
    d.rectangle((x + 0.05 * s, y + 0.02 * s, x + 0.95 * s, y + 0.16 * s), fill=CRUST)
    r = s / 10
    for px, py in ((0.38, 0.35), (0.6, 0.55)):
        d.ellipse((x + px * s - r, y + py * s - r, x + px * s + r, y + py * s + r), fill=PEPPERONI)


def _damage(d: ImageDraw.ImageDraw, x: float, y: float, s: float, c: Colour) -> None:
    # a jagged burst
    d.polygon(_star(x + s / 2, y + s / 2, s / 2, s / 4.2, 8, turn=-80), fill=c)


SYMBOL_DRAW: dict[str, Callable[[ImageDraw.ImageDraw, float, float, float, Colour], None]] = {
    "drive": _drive,
    "navigation": _navigation,
    "energy": _energy,
    "firepower": _firepower,
    "shield": _shield,
    "pizza": _pizza,
    "damage": _damage,
}


def symbol(
    d: ImageDraw.ImageDraw, name: str, x: float, y: float, size: float, colour: Colour | None = None
) -> None:
    """The icon of symbol `name` ("drive", …, "pizza", "damage") in its own colour unless given one."""
    SYMBOL_DRAW[name](d, x, y, size, colour or SYMBOL_ICONS[name])


# --- stations ------------------------------------------------------------------------------------------


def _pilot(d: ImageDraw.ImageDraw, x: float, y: float, s: float, c: Colour, g: Colour) -> None:
    # a steering wheel
    w = max(1, round(s / 8))
    d.ellipse((x + 0.05 * s, y + 0.05 * s, x + 0.95 * s, y + 0.95 * s), outline=c, width=w)
    cx, cy = x + s / 2, y + s / 2
    for angle in (90, 210, 330):
        a = math.radians(angle)
        d.line((cx, cy, cx + 0.45 * s * math.cos(a), cy - 0.45 * s * math.sin(a)), fill=c, width=w)
    d.ellipse((cx - s / 8, cy - s / 8, cx + s / 8, cy + s / 8), fill=c)


def _reactor(d: ImageDraw.ImageDraw, x: float, y: float, s: float, c: Colour, g: Colour) -> None:
    # an atom: two orbits and a nucleus
    w = max(1, round(s / 12))
    d.ellipse((x, y + 0.3 * s, x + s, y + 0.7 * s), outline=c, width=w)
    d.ellipse((x + 0.3 * s, y, x + 0.7 * s, y + s), outline=c, width=w)
    d.ellipse((x + 0.38 * s, y + 0.38 * s, x + 0.62 * s, y + 0.62 * s), fill=c)


def _r_drive(d: ImageDraw.ImageDraw, x: float, y: float, s: float, c: Colour, g: Colour) -> None:
    # a rocket nozzle with its flame
    d.polygon(
        [
            (x + 0.45 * s, y + 0.2 * s),
            (x + s, y + 0.35 * s),
            (x + s, y + 0.65 * s),
            (x + 0.45 * s, y + 0.8 * s),
        ],
        fill=c,
    )
    d.polygon(
        [
            (x, y + 0.5 * s),
            (x + 0.42 * s, y + 0.25 * s),
            (x + 0.3 * s, y + 0.5 * s),
            (x + 0.42 * s, y + 0.75 * s),
        ],
        fill=c,
    )


def _p_drive(d: ImageDraw.ImageDraw, x: float, y: float, s: float, c: Colour, g: Colour) -> None:
    # a propeller: three blades round a hub
    box = (x, y, x + s, y + s)
    for start in (0, 120, 240):
        d.pieslice(box, start, start + 50, fill=c)
    d.ellipse((x + 0.36 * s, y + 0.36 * s, x + 0.64 * s, y + 0.64 * s), fill=c)


def _weapons(d: ImageDraw.ImageDraw, x: float, y: float, s: float, c: Colour, g: Colour) -> None:
    # a cannon: barrel on a turret
    d.rectangle((x + 0.35 * s, y + 0.38 * s, x + s, y + 0.56 * s), fill=c)
    d.pieslice((x, y + 0.3 * s, x + 0.7 * s, y + s), 180, 360, fill=c)
    d.rectangle((x, y + 0.65 * s, x + 0.7 * s, y + 0.85 * s), fill=c)


def _shields(d: ImageDraw.ImageDraw, x: float, y: float, s: float, c: Colour, g: Colour) -> None:
    # a deflector dome: arcs over a base line
    w = max(1, round(s / 9))
    for inset in (0.0, 0.22):
        d.arc(
            (x + inset * s, y + inset * s, x + s - inset * s, y + 1.6 * s - inset * s),
            180,
            360,
            fill=c,
            width=w,
        )
    d.rectangle((x, y + 0.82 * s, x + s, y + 0.82 * s + w), fill=c)


def _sensors(d: ImageDraw.ImageDraw, x: float, y: float, s: float, c: Colour, g: Colour) -> None:
    # a radar: waves from a point
    w = max(1, round(s / 9))
    for r in (0.35, 0.65, 0.95):
        d.arc((x - r * s, y + s - r * s, x + r * s, y + s + r * s), 270, 360, fill=c, width=w)
    d.ellipse((x, y + 0.8 * s, x + 0.2 * s, y + s), fill=c)


def _engineering(d: ImageDraw.ImageDraw, x: float, y: float, s: float, c: Colour, g: Colour) -> None:
    # a gear with a hole
    cx, cy = x + s / 2, y + s / 2
    d.polygon(_star(cx, cy, s / 2, s / 2.8, 8, turn=0), fill=c)
    d.ellipse((cx - s * 0.3, cy - s * 0.3, cx + s * 0.3, cy + s * 0.3), fill=c)
    hole = s * 0.13
    d.ellipse((cx - hole, cy - hole, cx + hole, cy + hole), fill=g)


def _cargo(d: ImageDraw.ImageDraw, x: float, y: float, s: float, c: Colour, g: Colour) -> None:
    # a crate
    w = max(1, round(s / 9))
    d.rectangle((x + 0.05 * s, y + 0.1 * s, x + 0.95 * s, y + 0.9 * s), outline=c, width=w)
    d.line((x + 0.05 * s, y + 0.1 * s, x + 0.95 * s, y + 0.9 * s), fill=c, width=w)
    d.line((x + 0.05 * s, y + 0.9 * s, x + 0.95 * s, y + 0.1 * s), fill=c, width=w)


def _oven(d: ImageDraw.ImageDraw, x: float, y: float, s: float, c: Colour, g: Colour) -> None:
    # a pizza oven: a dome with its mouth and a chimney
    d.rectangle((x + 0.62 * s, y, x + 0.78 * s, y + 0.4 * s), fill=c)
    d.pieslice((x, y + 0.15 * s, x + s, y + 1.55 * s), 180, 360, fill=c)
    d.rectangle((x, y + 0.82 * s, x + s, y + s), fill=c)
    d.pieslice((x + 0.3 * s, y + 0.55 * s, x + 0.7 * s, y + 1.1 * s), 180, 360, fill=g)


STATION_DRAW: dict[str, Callable[[ImageDraw.ImageDraw, float, float, float, Colour, Colour], None]] = {
    "Pilot": _pilot,
    "Reactor": _reactor,
    "R-Drive": _r_drive,
    "P-Drive": _p_drive,
    "Weapons": _weapons,
    "Shields": _shields,
    "Sensors": _sensors,
    "Engineering": _engineering,
    "Cargo": _cargo,
    "Oven": _oven,
}


def station_colour(name: str) -> Colour:
    return STATION_COLOURS.get(name, OTHER_STATION)


def station(
    d: ImageDraw.ImageDraw, name: str, x: float, y: float, size: float, colour: Colour, ground: Colour
) -> None:
    """The icon of station `name` in `colour` on `ground` (holes show the ground); a station without
    an icon (a future card set) gets a plain disc."""
    draw = STATION_DRAW.get(name)
    if draw is None:
        d.ellipse((x + size / 4, y + size / 4, x + 3 * size / 4, y + 3 * size / 4), fill=colour)
    else:
        draw(d, x, y, size, colour, ground)


# --- Deep Space D-6: crew faces, threat kinds, the threat deck -----------------------------------------
# The crew faces in the rulebook's colours (its dice converter: 1 Commander … 6 Threat detected); the
# icons are drawn in one colour on a die of the face's colour, holes showing the die (`ground`).

FACE_COLOURS: dict[str, Colour] = {
    "commander": (60, 110, 230),
    "tactical": (215, 60, 60),
    "medical": (150, 80, 200),
    "science": (50, 160, 85),
    "engineering": (235, 140, 30),
    "threat": (115, 118, 132),
}


def _commander(d: ImageDraw.ImageDraw, x: float, y: float, s: float, c: Colour, g: Colour) -> None:
    # a rank star
    d.polygon(_star(x + s / 2, y + 0.54 * s, s / 2, s / 5, 5), fill=c)


def _tactical(d: ImageDraw.ImageDraw, x: float, y: float, s: float, c: Colour, g: Colour) -> None:
    # a target: a thick ring round a dot, clear even on a small die
    w = max(2, round(s / 6))
    d.ellipse((x, y, x + s, y + s), outline=c, width=w)
    r = s / 6
    d.ellipse((x + s / 2 - r, y + s / 2 - r, x + s / 2 + r, y + s / 2 + r), fill=c)


def _medical(d: ImageDraw.ImageDraw, x: float, y: float, s: float, c: Colour, g: Colour) -> None:
    # a medical cross
    arm = 0.17 * s
    d.rectangle((x + s / 2 - arm, y + 0.05 * s, x + s / 2 + arm, y + 0.95 * s), fill=c)
    d.rectangle((x + 0.05 * s, y + s / 2 - arm, x + 0.95 * s, y + s / 2 + arm), fill=c)


def _science(d: ImageDraw.ImageDraw, x: float, y: float, s: float, c: Colour, g: Colour) -> None:
    # a laboratory flask
    d.rectangle((x + 0.36 * s, y, x + 0.64 * s, y + 0.12 * s), fill=c)
    d.rectangle((x + 0.41 * s, y, x + 0.59 * s, y + 0.45 * s), fill=c)
    d.polygon([(x + 0.41 * s, y + 0.4 * s), (x + 0.59 * s, y + 0.4 * s), (x + s, y + s), (x, y + s)], fill=c)


def _threat(d: ImageDraw.ImageDraw, x: float, y: float, s: float, c: Colour, g: Colour) -> None:
    # a warning triangle with its "!" cut out
    d.polygon([(x + s / 2, y + 0.04 * s), (x + s, y + 0.94 * s), (x, y + 0.94 * s)], fill=c)
    w = max(1.0, 0.07 * s)
    d.rectangle((x + s / 2 - w, y + 0.36 * s, x + s / 2 + w, y + 0.66 * s), fill=g)
    d.rectangle((x + s / 2 - w, y + 0.74 * s, x + s / 2 + w, y + 0.84 * s), fill=g)


def _external(d: ImageDraw.ImageDraw, x: float, y: float, s: float, c: Colour, g: Colour) -> None:
    # an enemy ship: a dart with swept wings
    points = [(0.5, 0.0), (1.0, 0.9), (0.5, 0.68), (0.0, 0.9)]
    d.polygon([(x + px * s, y + py * s) for px, py in points], fill=c)


def _internal(d: ImageDraw.ImageDraw, x: float, y: float, s: float, c: Colour, g: Colour) -> None:
    # trouble aboard: a burst inside the hull's outline
    w = max(1, round(s / 9))
    d.rounded_rectangle((x, y + 0.08 * s, x + s, y + 0.92 * s), radius=s / 4, outline=c, width=w)
    d.polygon(_star(x + s / 2, y + s / 2, 0.3 * s, 0.14 * s, 6), fill=c)


def _deck(d: ImageDraw.ImageDraw, x: float, y: float, s: float, c: Colour, g: Colour) -> None:
    # a stack of card backs
    for step in (0.3, 0.15, 0.0):
        box = (x + step * s, y + (0.3 - step) * s, x + (0.7 + step) * s, y + (1.0 - step) * s)
        d.rectangle(box, fill=c, outline=g)


D6_DRAW: dict[str, Callable[[ImageDraw.ImageDraw, float, float, float, Colour, Colour], None]] = {
    "commander": _commander,
    "tactical": _tactical,
    "medical": _medical,
    "science": _science,
    "engineering": _engineering,
    "threat": _threat,
    "external": _external,
    "internal": _internal,
    "deck": _deck,
}


def d6(
    d: ImageDraw.ImageDraw, name: str, x: float, y: float, size: float, colour: Colour, ground: Colour
) -> None:
    """The D-6 icon `name` (a crew face's value, "external", "internal" or "deck") in `colour` on
    `ground`."""
    D6_DRAW[name](d, x, y, size, colour, ground)
