"""The D-6 board as a picture (PNG), drawn with Pillow from the state alone.

Hull and shield tracks on the left, the six crew dice in their places in the middle, internal
threats and external threats (with health and stasis marks) on the right, round and deck count on
top. The same facts in words are `core.render.d6_text.describe_board`, used as the alt text.
Rendering is pure CPU work: the Discord layer runs it off the event loop.
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw, ImageFont

from core.d6.cards import Face
from core.d6.engine import card_of
from core.d6.state import HULL_MAX, SHIELDS_MAX, Place, State, Threat

from .png import blended_palette, encode

WIDTH, HEIGHT = 960, 540
BACKGROUND = (16, 22, 40)
PANEL = (28, 36, 62)
TEXT = (232, 236, 245)
MUTED = (140, 150, 175)
HULL_ON, SHIELD_ON, TRACK_OFF = (235, 120, 60), (80, 160, 255), (55, 64, 92)
FACE_COLOURS = {
    Face.COMMANDER: (60, 110, 230),
    Face.TACTICAL: (220, 60, 60),
    Face.MEDICAL: (150, 80, 200),
    Face.SCIENCE: (60, 170, 90),
    Face.ENGINEERING: (240, 150, 40),
    Face.THREAT: (120, 120, 130),
}
FACE_LETTERS = {
    Face.COMMANDER: "CMD",
    Face.TACTICAL: "TAC",
    Face.MEDICAL: "MED",
    Face.SCIENCE: "SCI",
    Face.ENGINEERING: "ENG",
    Face.THREAT: "!",
}
STASIS = (120, 220, 255)
MARKERS = {True: (200, 70, 70), False: (170, 110, 220)}  # external, internal threat
SHORT_PLACES = {
    Place.POOL: "ready",
    Place.STATION: "station",
    Place.MISSION: "mission",
    Place.SCANNER: "scanner",
    Place.RESET: "reset",
    Place.INFIRMARY: "infirmary",
    Place.RETURNED: "returned",
    Place.HELD: "distracted",
}

# Layout, shared with the tests that read pixels back.
TRACK_X, HULL_Y, SHIELD_Y, PIP, PIP_GAP = 24, 96, 176, 22, 6
DICE_X, DICE_Y, DIE, DIE_GAP = 290, 96, 56, 14
THREATS_X = 560


@cache
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's bundled font: no font files to ship or find on the host."""
    return ImageFont.load_default(size=size)


def pip_box(track_y: int, index: int) -> tuple[int, int, int, int]:
    x = TRACK_X + index * (PIP + PIP_GAP)
    return x, track_y, x + PIP, track_y + PIP


def die_box(index: int) -> tuple[int, int, int, int]:
    row, column = divmod(index, 3)
    x = DICE_X + column * (DIE + DIE_GAP + 30)
    y = DICE_Y + row * (DIE + 58)
    return x, y, x + DIE, y + DIE


def _track(
    draw: ImageDraw.ImageDraw, y: int, label: str, value: int, maximum: int, on: tuple[int, int, int]
) -> None:
    draw.text((TRACK_X, y - 26), f"{label} {value}/{maximum}", font=font(18), fill=TEXT)
    for i in range(maximum):
        draw.rectangle(pip_box(y, i), fill=on if i < value else TRACK_OFF)


def _die(draw: ImageDraw.ImageDraw, state: State, index: int) -> None:
    die = state.dice[index]
    box = die_box(index)
    rolled = not (die.place is Place.POOL and state.phase != "assign")
    colour = FACE_COLOURS[die.face] if rolled else TRACK_OFF
    outline = TEXT if die.place is Place.POOL and state.phase == "assign" else None
    draw.rounded_rectangle(box, radius=8, fill=colour, outline=outline, width=3)
    label = FACE_LETTERS[die.face] if rolled else "?"
    centre = ((box[0] + box[2]) // 2, (box[1] + box[3]) // 2)
    draw.text(centre, label, font=font(16), fill=TEXT, anchor="mm")
    draw.text((box[0], box[1] - 18), f"Die {index + 1}", font=font(13), fill=MUTED)
    where = die.station.value if die.place is Place.STATION and die.station else SHORT_PLACES[die.place]
    draw.text((centre[0], box[3] + 12), where, font=font(12), fill=MUTED, anchor="mm")


def _threat(draw: ImageDraw.ImageDraw, threat: Threat, y: int) -> int:
    spec = card_of(threat)
    external = spec.kind == "external"
    draw.rounded_rectangle((THREATS_X, y, WIDTH - 20, y + 46), radius=6, fill=PANEL)
    marker = MARKERS[external]
    draw.rectangle((THREATS_X, y, THREATS_X + 6, y + 46), fill=marker)
    draw.text((THREATS_X + 16, y + 5), spec.name, font=font(17), fill=TEXT)
    pips = ", ".join(map(str, spec.activation)) if spec.activation else "no die"
    draw.text((THREATS_X + 16, y + 27), f"on {pips}", font=font(12), fill=MUTED)
    if threat.health is not None and spec.health is not None:
        for i in range(spec.health):
            x = WIDTH - 30 - (spec.health - i) * 18
            draw.rectangle((x, y + 8, x + 12, y + 20), fill=HULL_ON if i < threat.health else TRACK_OFF)
    if threat.stasis:
        draw.text((WIDTH - 100, y + 26), "STASIS", font=font(13), fill=STASIS)
    return y + 54


def render_board(state: State) -> bytes:
    """The board as PNG bytes; the same state always gives the same bytes."""
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    title = f"Deep Space D-6  |  round {state.round}  |  threat deck {len(state.deck)}"
    if state.outcome != "playing":
        title += f"  |  {'WON' if state.outcome == 'won' else 'LOST'} (score {state.score})"
    draw.text((TRACK_X, 18), title, font=font(24), fill=TEXT)
    _track(draw, HULL_Y, "Hull", state.hull, HULL_MAX, HULL_ON)
    _track(draw, SHIELD_Y, "Shields", state.shields, SHIELDS_MAX, SHIELD_ON)
    draw.text((DICE_X, DICE_Y - 46), "Crew", font=font(18), fill=TEXT)
    for index in range(len(state.dice)):
        _die(draw, state, index)
    y = 60
    for heading, threats in (("Internal threats", state.internal), ("External threats", state.external)):
        draw.text((THREATS_X, y), f"{heading}: {len(threats) or 'none'}", font=font(16), fill=MUTED)
        y += 24
        for threat in threats[:4]:
            y = _threat(draw, threat, y)
        if len(threats) > 4:
            draw.text((THREATS_X, y), f"… and {len(threats) - 4} more", font=font(13), fill=MUTED)
            y += 20
        y += 8
    # Mapped onto a fixed palette of the board's own colours (and the blends its text edges make),
    # the PNG is a third of the size and twice as fast to encode as full RGB: the encoder is most
    # of the render time.
    return encode(image, palette())


@cache
def palette() -> Image.Image:
    """Every solid colour drawn, plus text and marks blended into each background."""
    grounds = [BACKGROUND, PANEL, TRACK_OFF, HULL_ON, SHIELD_ON, *FACE_COLOURS.values(), *MARKERS.values()]
    inks = [TEXT, MUTED, STASIS]
    return blended_palette(grounds + inks, [(ground, ink) for ground in grounds for ink in inks])
