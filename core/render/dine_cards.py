"""Deep Space Dine cards as pictures (Pillow), drawn from the card data alone.

Each card side is a portrait card laid out as the rulebook describes it: a station shows its level,
name and station name, drive, row effect, the two actions in the middle (with the coloured bar on
the left), the occupied effect, and the rotated effect printed upside down at the bottom, as on a
real card; a sector shows its jump, solutions, danger and consequences; a ship its stations, tracks
and actions. The texts come from `core.render.dine_text`, so picture and words always agree.
"""

from __future__ import annotations

import io
import textwrap
from functools import cache

from PIL import Image, ImageDraw, ImageFont

from core.dine.cards import SectorSide, ShipSide, StationSide, Symbol, TrackSpec
from core.dine.engine import describe_effects

from .dine_text import action_text, occupied_text, row_text

WIDTH, HEIGHT = 360, 500
INK, MUTED, PAPER, EDGE = (30, 30, 40), (95, 95, 110), (246, 242, 232), (60, 60, 72)
SYMBOL_COLOURS = {
    Symbol.DRIVE: (235, 120, 60),
    Symbol.NAVIGATION: (70, 140, 230),
    Symbol.ENERGY: (240, 190, 40),
    Symbol.FIREPOWER: (210, 60, 60),
    Symbol.SHIELD: (70, 170, 120),
}
KIND_COLOURS = {
    "easy": (90, 170, 110),
    "hard": (200, 90, 70),
    "boss": (120, 60, 150),
    "starter": (80, 150, 200),
}
_PLAIN = str.maketrans({"–": "-", "—": "-", "×": "x"})
STATION_COLOURS = [(70, 110, 170), (170, 110, 60), (110, 150, 80), (150, 80, 130), (90, 140, 150)]


@cache
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


def _canvas(band: tuple[int, int, int]) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGB", (WIDTH, HEIGHT), PAPER)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((2, 2, WIDTH - 3, HEIGHT - 3), radius=16, outline=EDGE, width=3)
    draw.rounded_rectangle((10, 10, WIDTH - 11, 62), radius=10, fill=band)
    return image, draw


def _text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[int, int],
    text: str,
    size: int = 14,
    fill: tuple[int, int, int] = INK,
    width: int = 44,
) -> int:
    """Wrapped text from `xy`; returns the y below it."""
    x, y = xy
    text = text.translate(_PLAIN)  # the bundled font has no en or em dash
    for line in textwrap.wrap(text, width=width) or [""]:
        draw.text((x, y), line, font=font(size), fill=fill)
        y += size + 4
    return y


def _png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def _pips(draw: ImageDraw.ImageDraw, x: int, y: int, count: int, colour: tuple[int, int, int]) -> None:
    for i in range(count):
        draw.ellipse((x + i * 18, y, x + i * 18 + 14, y + 14), fill=colour, outline=EDGE)


def station_card(face: StationSide, station: str, upgraded: bool) -> bytes:
    band = STATION_COLOURS[sum(map(ord, station)) % len(STATION_COLOURS)]
    image, draw = _canvas(band)
    draw.text((20, 16), f"L{face.level}", font=font(14), fill=PAPER)
    draw.text((56, 14), face.name, font=font(18), fill=PAPER)
    draw.text((56, 38), station + ("  (upgraded)" if upgraded else ""), font=font(12), fill=PAPER)
    _pips(draw, WIDTH - 20 - 18 * face.drive, 24, face.drive, SYMBOL_COLOURS[Symbol.DRIVE])
    y = _text(draw, (20, 74), f"In a row: {row_text(face.row)}", 14)
    y = max(y, 130) + 6
    for action in face.actions:
        draw.rectangle((16, y, 22, y + 34), fill=band)
        y = _text(draw, (30, y), action_text(action), 13, width=46) + 8
    y = max(y, 250) + 4
    draw.line((16, y, WIDTH - 16, y), fill=MUTED, width=1)
    _text(draw, (20, y + 8), f"Occupied: {occupied_text(face.occupied)}", 13, fill=MUTED, width=46)
    # the rotated effect, printed upside down at the bottom as on the card
    strip = Image.new("RGB", (WIDTH - 40, 70), PAPER)
    _text(ImageDraw.Draw(strip), (0, 0), f"Rotated: {row_text(face.rotated)}", 14, width=42)
    image.paste(strip.rotate(180), (20, HEIGHT - 90))
    return _png(image)


def sector_card(face: SectorSide) -> bytes:
    image, draw = _canvas(KIND_COLOURS[face.kind])
    draw.text((20, 16), f"L{face.level}", font=font(14), fill=PAPER)
    draw.text((56, 14), face.name, font=font(18), fill=PAPER)
    draw.text((56, 38), face.kind + (f" · {face.german}" if face.german else ""), font=font(12), fill=PAPER)
    drive = " / ".join("X" if d is None else str(d) for d in face.jump.drive)
    y = _text(draw, (20, 74), f"Jump (1 / 2 / 3 crew): {drive} drive + {face.jump.navigation} navigation", 14)
    y += 8
    for number, solution in enumerate(face.solutions, 1):
        if solution.pay is not None:
            what = f"pay {solution.amount} {solution.pay}"
        else:
            what = ", ".join(f"{n} {s}" for s, n in solution.symbols.items())
            what += " per crew member" if solution.per_crew else ""
        y = _text(draw, (20, y), f"Solution {number}: {what}", 14) + 4
    danger = " / ".join(map(str, face.danger))
    y = _text(draw, (20, y + 8), f"Danger (1 / 2 / 3 crew): {danger}", 14, fill=KIND_COLOURS[face.kind])
    options = " OR ".join(describe_effects(o) for o in face.consequences)
    y = _text(draw, (20, y + 2), f"Consequences: {options}", 14) + 8
    if face.rules:
        y = _text(draw, (20, y), "Rules: " + ", ".join(r.replace("_", " ") for r in face.rules), 13) + 6
    if face.flavour:
        _text(draw, (20, max(y, HEIGHT - 120)), face.flavour, 12, fill=MUTED, width=50)
    return _png(image)


def _track(
    draw: ImageDraw.ImageDraw, y: int, label: str, track: TrackSpec, colour: tuple[int, int, int]
) -> int:
    draw.text((20, y), label, font=font(13), fill=INK)
    for space in range(1, track.length + 1):
        x = 110 + (space - 1) * 28
        fill = (230, 200, 200) if space in track.remove_cards else PAPER
        draw.rectangle((x, y, x + 22, y + 22), fill=fill, outline=colour, width=2)
    return y + 32


def ship_card(face: ShipSide) -> bytes:
    image, draw = _canvas((50, 60, 90))
    draw.text((20, 14), face.name, font=font(20), fill=PAPER)
    draw.text((20, 40), "ship", font=font(12), fill=PAPER)
    y = _text(draw, (20, 74), "Stations: " + ", ".join(face.stations), 14) + 8
    y = _track(draw, y, "Damage", face.damage, (200, 80, 60))
    y = _track(draw, y, "Pizza", face.pizza, (220, 160, 40))
    if face.marker is not None:
        y = _track(draw, y, "Ship marker", face.marker, (70, 120, 200))
    y += 6
    for action in face.actions:
        y = _text(draw, (20, y), f"Ship action: {action_text(action)}", 13, width=46) + 4
    if face.rules:
        y = _text(
            draw,
            (20, y + 4),
            "Rules: " + ", ".join(f"{r.rule.replace('_', ' ')} {r.amount}" for r in face.rules),
            13,
        )
    if face.flavour:
        _text(draw, (20, max(y + 8, HEIGHT - 110)), face.flavour, 12, fill=MUTED, width=50)
    return _png(image)


def sheet(pictures: list[bytes], columns: int = 4) -> bytes:
    """Card pictures side by side, for the gallery."""
    cards = [Image.open(io.BytesIO(p)) for p in pictures]
    rows = (len(cards) + columns - 1) // columns
    out = Image.new("RGB", (columns * (WIDTH + 10) + 10, rows * (HEIGHT + 10) + 10), (40, 40, 48))
    for i, card in enumerate(cards):
        out.paste(card, (10 + (i % columns) * (WIDTH + 10), 10 + (i // columns) * (HEIGHT + 10)))
    buffer = io.BytesIO()
    out.quantize(colors=128, method=Image.Quantize.FASTOCTREE).save(buffer, format="PNG")
    return buffer.getvalue()
