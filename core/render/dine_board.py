"""The Deep Space Dine public table as a picture (PNG), drawn with Pillow from the state alone.

Left: the current sector (jump, solutions, danger against the current row, consequences), the ship's
tracks and the crew (hand counts and occupied stations: never which cards, hands are private).
Right: the newest grid rows with each card's name and symbols and each row's totals, the current
row marked. A decision waiting or the outcome runs along the bottom. The same facts in words are
`core.render.dine_text.board_summary`, used as the alt text. Rendering is pure CPU work: the Discord
layer runs it off the event loop.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Sequence
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from core.dine.cards import CardSet, Production, StationSide, Symbol, TrackSpec
from core.dine.engine import danger_value, hand_size, sector_side, ship_of, symbols
from core.dine.state import Placed, State
from core.dine.symbols import face as face_of
from core.dine.symbols import row_symbols, side
from core.words import plural

from .dine_cards import KIND_COLOURS, SYMBOL_COLOURS, font
from .dine_text import (
    SHOWN_ROWS,
    consequences_text,
    crew_names,
    jump_text,
    solutions_text,
    stack_text,
)
from .png import blended_palette, encode

Colour = tuple[int, int, int]
WIDTH, HEIGHT = 960, 540
BACKGROUND = (16, 22, 40)
PANEL = (28, 36, 62)
CURRENT_PANEL = (40, 50, 84)
CARD = (52, 64, 104)
ROTATED = (86, 58, 100)
TEXT = (232, 236, 245)
MUTED = (140, 150, 175)
DARK = (20, 22, 30)
TRACK_OFF = (55, 64, 92)
DAMAGE_ON, PIZZA_ON, MARKER_ON = (220, 90, 70), (240, 170, 50), (90, 150, 230)
CURRENT = (250, 210, 90)  # the current row's mark
WON, LOST, DECISION = (60, 150, 90), (170, 50, 50), (120, 90, 30)
LETTERS = {
    Symbol.DRIVE: "D",
    Symbol.NAVIGATION: "N",
    Symbol.ENERGY: "E",
    Symbol.FIREPOWER: "F",
    Symbol.SHIELD: "S",
}

LEGEND = {
    Symbol.DRIVE: "drive",
    Symbol.NAVIGATION: "nav",
    Symbol.ENERGY: "energy",
    Symbol.FIREPOWER: "fire",
    Symbol.SHIELD: "shield",
}
LEGEND_STEP = 60

# Layout, shared with the tests that read pixels back.
MARGIN = 16
LEFT_RIGHT = 316  # the left column's right edge
SECTOR_Y, SECTOR_BOTTOM = 44, 242
TRACK_Y, TRACK_STEP, PIP_X, PIP = 252, 28, 104, 20
CREW_Y, CREW_STEP = 356, 44
GRID_X, GRID_RIGHT = 332, WIDTH - MARGIN
ROWS_Y, ROW_H, ROW_GAP = 86, 74, 6
LABEL_W, TOTALS_W, CARD_GAP, CARD_MIN, CARD_MAX = 56, 124, 6, 52, 104
BANNER = (MARGIN, 496, WIDTH - MARGIN, HEIGHT - 8)
TRACKS = ("damage", "pizza", "marker")


# --- text that fits ----------------------------------------------------------------------------------

_ASCII = str.maketrans({"–": "-", "—": "-", "−": "-", "×": "x", "→": "->", "★": "*", "☆": "-", "’": "'"})
_DRAWABLE = frozenset(map(chr, range(32, 127))) | {"…", "·"}


@lru_cache(maxsize=4096)
def plain(text: str) -> str:
    """Text the bundled font can draw: it has ASCII (and little else), so accents are dropped and any
    other character (an emoji in a display name) becomes "?" rather than a box."""
    decomposed = unicodedata.normalize("NFKD", text.translate(_ASCII))
    kept = (c for c in decomposed if not unicodedata.combining(c))
    return "".join(c if c in _DRAWABLE else "?" for c in kept)


@lru_cache(maxsize=4096)
def fit(text: str, size: int, width: int) -> str:
    """`text` shortened with "…" to at most `width` pixels: long names never run into their neighbours."""
    text = plain(text)
    face = font(size)
    if face.getlength(text) <= width:
        return text
    while text and face.getlength(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…"


@lru_cache(maxsize=1024)
def wrap(text: str, size: int, width: int, lines: int) -> tuple[str, ...]:
    """At most `lines` lines of at most `width` pixels, broken between words; a word too long for a
    line, or text left over after the last line, ends in "…"."""
    face = font(size)
    wrapped: list[str] = []
    for word in plain(text).split():
        trial = f"{wrapped[-1]} {word}" if wrapped else word
        if wrapped and face.getlength(trial) <= width:
            wrapped[-1] = trial
        else:
            wrapped.append(word)
    wrapped = wrapped or [""]
    if len(wrapped) > lines:
        wrapped[lines - 1] = " ".join(wrapped[lines - 1 :]) + "…"
    return tuple(fit(line, size, width) for line in wrapped[:lines])


def _text_lines(
    draw: ImageDraw.ImageDraw, x: int, y: int, lines: Sequence[str], size: int, fill: Colour
) -> int:
    for line in lines:
        draw.text((x, y), line, font=font(size), fill=fill)
        y += size + 4
    return y


# --- geometry ------------------------------------------------------------------------------------------


def pip_box(track: int, index: int, length: int) -> tuple[int, int, int, int]:
    """Space `index` (0 = leftmost) of track `track` (0 damage, 1 pizza, 2 ship marker)."""
    step = min(PIP + 5, (LEFT_RIGHT - PIP_X) // max(1, length))
    x, y = PIP_X + index * step, TRACK_Y + track * TRACK_STEP
    return x, y, x + min(PIP, step - 3), y + PIP


def row_box(index: int) -> tuple[int, int, int, int]:
    """The `index`-th grid row shown (0 = the oldest shown; the last shown is the current row)."""
    y = ROWS_Y + index * (ROW_H + ROW_GAP)
    return GRID_X, y, GRID_RIGHT, y + ROW_H


def shown_rows(state: State) -> range:
    """The grid rows drawn: the newest `SHOWN_ROWS`, so a long sector keeps the picture readable."""
    return range(max(0, len(state.grid) - SHOWN_ROWS), len(state.grid))


def card_boxes(count: int, row: int) -> tuple[list[tuple[int, int, int, int]], int]:
    """The boxes of a row's cards and how many cards did not fit (shown as "+N more")."""
    left = GRID_X + LABEL_W
    room = GRID_RIGHT - TOTALS_W - left
    fits = (room + CARD_GAP) // (CARD_MIN + CARD_GAP)
    shown = count if count <= fits else fits - 1
    width = min(CARD_MAX, (room + CARD_GAP) // max(1, min(count, fits)) - CARD_GAP)
    top = row_box(row)[1] + 6
    boxes = [
        (left + i * (width + CARD_GAP), top, left + i * (width + CARD_GAP) + width, top + ROW_H - 12)
        for i in range(shown)
    ]
    return boxes, count - shown


# --- pieces ------------------------------------------------------------------------------------------


def _chips(
    draw: ImageDraw.ImageDraw, x: int, y: int, given: Counter[Symbol], right: int, lines: int = 1
) -> None:
    """Each symbol as a chip in its colour with count and letter ("2D"), on up to `lines` lines."""
    left = x
    for symbol in Symbol:
        count = given.get(symbol, 0)
        if not count:
            continue
        label = f"{count}{LETTERS[symbol]}"
        width = 10 + 6 * len(label)
        if x + width > right and lines > 1 and x > left:
            x, y, lines = left, y + 19, lines - 1
        if x + width > right:
            draw.text((x, y + 1), "…", font=font(11), fill=MUTED)
            return
        draw.rounded_rectangle((x, y, x + width, y + 15), radius=4, fill=SYMBOL_COLOURS[symbol])
        draw.text((x + width // 2, y + 8), label, font=font(11), fill=DARK, anchor="mm")
        x += width + 3


@cache
def _card_symbols(
    cards: CardSet, card: str, rotated: bool, upgraded: bool
) -> tuple[Counter[Symbol], tuple[Production, ...]]:
    """What one card gives by itself: its direct symbols (printed drive while upright, R1) and its
    productions, which count only together with the rest of the row (the row totals show that)."""
    face: StationSide = face_of(cards, card, upgraded)
    gives = face.rotated if rotated else face.row
    direct = Counter(gives.symbols)
    if not rotated and face.drive:
        direct[Symbol.DRIVE] += face.drive
    return direct, gives.produce


def _card(draw: ImageDraw.ImageDraw, state: State, placed: Placed, box: tuple[int, int, int, int]) -> None:
    upgraded = placed.card in state.upgraded
    draw.rounded_rectangle(box, radius=5, fill=ROTATED if placed.rotated else CARD)
    x, y, right = box[0] + 5, box[1] + 3, box[2] - 4
    name = side(state.cards, placed.card, state.upgraded).name
    _text_lines(draw, x, y, wrap(name, 11, right - x, 2), 11, TEXT)
    direct, produce = _card_symbols(state.cards, placed.card, placed.rotated, upgraded)
    _chips(draw, x, y + 30, direct, right)
    notes = [f"+{p.amount}{LETTERS[p.symbol]}/{p.per}{LETTERS[p.of]}" for p in produce]
    notes += ["rotated"] if placed.rotated else []
    notes += ["upgr."] if upgraded else []
    if notes:
        draw.text((x, y + 48), fit(" ".join(notes), 10, right - x), font=font(10), fill=MUTED)


def _row(draw: ImageDraw.ImageDraw, state: State, number: int, index: int, current: bool) -> None:
    box = row_box(index)
    row = state.grid[number]
    draw.rounded_rectangle(box, radius=6, fill=CURRENT_PANEL if current else PANEL)
    x, y = box[0] + 12, box[1]
    draw.text((x, y + 6), f"Row {number + 1}", font=font(13), fill=TEXT)
    draw.text((x, y + 24), f"{len(row)} card{'s' if len(row) != 1 else ''}", font=font(12), fill=MUTED)
    if current:
        draw.rectangle((box[0], y, box[0] + 5, box[3]), fill=CURRENT)
        draw.text((x, y + 44), "NOW", font=font(13), fill=CURRENT)
    boxes, hidden = card_boxes(len(row), index)
    for placed, card_box in zip(row, boxes, strict=False):
        _card(draw, state, placed, card_box)
    if hidden:
        last = boxes[-1] if boxes else (GRID_X + LABEL_W - CARD_GAP, y + 6, 0, 0)
        draw.text((last[2] + CARD_GAP + 2, y + 28), f"+{hidden} more", font=font(12), fill=MUTED)
    if not row:
        draw.text((GRID_X + LABEL_W, y + 28), "empty: the next card goes here", font=font(12), fill=MUTED)
    totals_x = GRID_RIGHT - TOTALS_W + 6
    draw.text((totals_x, y + 8), "row gives", font=font(11), fill=MUTED)
    given = row_symbols(state.cards, row, state.upgraded)
    if any(given.values()):
        _chips(draw, totals_x, y + 26, given, GRID_RIGHT - 4, lines=2)
    else:
        draw.text((totals_x, y + 28), "nothing", font=font(11), fill=MUTED)


def _sector(draw: ImageDraw.ImageDraw, state: State) -> None:
    box = (MARGIN, SECTOR_Y, LEFT_RIGHT, SECTOR_BOTTOM)
    draw.rounded_rectangle(box, radius=6, fill=PANEL)
    spec = sector_side(state)
    if spec is None:
        draw.text((MARGIN + 10, SECTOR_Y + 10), "No sector left", font=font(17), fill=TEXT)
        return
    band = KIND_COLOURS[spec.kind]
    draw.rounded_rectangle((MARGIN, SECTOR_Y, LEFT_RIGHT, SECTOR_Y + 30), radius=6, fill=band)
    kind = f"{spec.kind} L{spec.level}"
    draw.text((LEFT_RIGHT - 10, SECTOR_Y + 9), kind, font=font(12), fill=TEXT, anchor="ra")
    name_room = LEFT_RIGHT - MARGIN - 30 - int(font(12).getlength(kind))
    draw.text((MARGIN + 10, SECTOR_Y + 6), fit(spec.name, 17, name_room), font=font(17), fill=TEXT)
    x, width, y = MARGIN + 10, LEFT_RIGHT - MARGIN - 20, SECTOR_Y + 38
    y = _text_lines(draw, x, y, wrap(f"Jump: {jump_text(state)}", 13, width, 1), 13, TEXT)
    y = _text_lines(draw, x, y, wrap(f"Solve: {solutions_text(spec)}", 13, width, 2), 13, TEXT)
    value, count = danger_value(state), len(state.current_row)
    if value == 0:
        y = _text_lines(draw, x, y + 2, ["Danger 0: strikes at once"], 13, DAMAGE_ON)
    else:
        words = f"Danger {value}: row holds {count}/{value}"
        draw.text((x, y + 2), words, font=font(13), fill=DAMAGE_ON)
        pips_x = x + int(font(13).getlength(words)) + 10
        step = min(16, (LEFT_RIGHT - 10 - pips_x) // max(1, value))
        for i in range(value):
            on = DAMAGE_ON if i < count else TRACK_OFF
            draw.rectangle((pips_x + i * step, y + 4, pips_x + i * step + step - 4, y + 16), fill=on)
        y += 21
    y = _text_lines(draw, x, y, wrap(f"Then: {consequences_text(spec)}", 13, width, 3), 13, TEXT)
    if spec.rules:
        rules = "Rules: " + ", ".join(r.replace("_", " ") for r in spec.rules)
        _text_lines(draw, x, y, wrap(rules, 12, width, 1), 12, MUTED)


def _tracks(draw: ImageDraw.ImageDraw, state: State) -> None:
    ship = ship_of(state)
    specs: list[tuple[str, int, TrackSpec | None, Colour]] = [
        ("Damage", state.damage, ship.damage, DAMAGE_ON),
        ("Pizza", state.pizza, ship.pizza, PIZZA_ON),
        ("Marker", state.marker, ship.marker, MARKER_ON),
    ]
    for track, (label, value, spec, on) in enumerate(specs):
        if spec is None:
            continue
        y = TRACK_Y + track * TRACK_STEP
        draw.text((MARGIN, y + 3), f"{label} {value}/{spec.length}", font=font(13), fill=TEXT)
        for i in range(spec.length):
            box = pip_box(track, i, spec.length)
            draw.rectangle(box, fill=on if i < value else TRACK_OFF)
            if i + 1 in spec.remove_cards:  # a "Remove cards" space
                draw.rectangle((box[0], box[3] + 2, box[2], box[3] + 4), fill=MUTED)


def _crew(draw: ImageDraw.ImageDraw, state: State, names: Sequence[str] | None) -> None:
    draw.text((MARGIN, CREW_Y - 20), "Crew (cards in hand)", font=font(13), fill=MUTED)
    for seat, name in enumerate(crew_names(state, names, limit=40)):
        y = CREW_Y + seat * CREW_STEP
        held, size = len(state.hands[seat]), hand_size(state, seat)
        count = f"{held}/{size}"
        draw.text((LEFT_RIGHT, y), count, font=font(14), fill=TEXT, anchor="ra")
        backs = max(held, size)
        step = min(10, 90 // max(1, backs))
        backs_x = LEFT_RIGHT - 34 - backs * step
        for i in range(backs):
            x = backs_x + i * step
            if i < held:
                draw.rectangle((x, y + 1, x + step - 3, y + 15), fill=CARD, outline=MUTED)
            else:
                draw.rectangle((x, y + 1, x + step - 3, y + 15), outline=TRACK_OFF)
        draw.text((MARGIN, y), fit(name, 15, backs_x - MARGIN - 8), font=font(15), fill=TEXT)
        station = state.stations[seat]
        where = f"at {side(state.cards, station, state.upgraded).name}" if station else "no station occupied"
        draw.text((MARGIN + 8, y + 20), fit(where, 12, LEFT_RIGHT - MARGIN - 8), font=font(12), fill=MUTED)


def _banner(draw: ImageDraw.ImageDraw, state: State) -> None:
    if state.outcome == "won":
        text, fill = f"Delivered! Score {state.score}, {state.stars}/5 stars: {state.rating}", WON
    elif state.outcome == "lost":
        text, fill = f"Lost: {state.loss_reason}", LOST
    elif state.pending is not None:
        text, fill = f"Decision: {state.pending.reason}", DECISION
    else:
        return
    draw.rounded_rectangle(BANNER, radius=6, fill=fill)
    width = BANNER[2] - BANNER[0] - 24
    draw.text((BANNER[0] + 12, BANNER[1] + 9), fit(text, 16, width), font=font(16), fill=TEXT)


def render_board(state: State, names: Sequence[str] | None = None) -> bytes:
    """The public table as PNG bytes; the same state (and names) always give the same bytes."""
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    title = f"Deep Space Dine  |  {state.ship}  |  {state.level}"
    if state.outcome != "playing":
        title += f"  |  {'WON' if state.outcome == 'won' else 'LOST'}"
    piles = (
        f"{stack_text(state)}  ·  deck {len(state.deck)}  ·  discard {len(state.discard)}"
        f"  ·  removed {len(state.removed)}"
    )
    piles = fit(piles.replace(" in the stack", " left"), 13, 560)
    draw.text((WIDTH - MARGIN, 16), piles, font=font(13), fill=MUTED, anchor="ra")
    title_room = WIDTH - 2 * MARGIN - 24 - int(font(13).getlength(piles))
    draw.text((MARGIN, 10), fit(title, 20, title_room), font=font(20), fill=TEXT)
    _sector(draw, state)
    _tracks(draw, state)
    _crew(draw, state, names)
    rows = shown_rows(state)
    heading = f"Grid: {len(state.grid)} row{'s' if len(state.grid) != 1 else ''}, in all"
    draw.text((GRID_X, 48), heading, font=font(14), fill=TEXT)
    _chips(
        draw,
        GRID_X + int(font(14).getlength(heading)) + 8,
        49,
        symbols(state),
        GRID_RIGHT - 5 * LEGEND_STEP - 8,
    )
    legend_x = GRID_RIGHT - 5 * LEGEND_STEP
    for i, symbol in enumerate(Symbol):
        x = legend_x + i * LEGEND_STEP
        draw.rounded_rectangle((x, 50, x + 13, 63), radius=3, fill=SYMBOL_COLOURS[symbol])
        draw.text((x + 7, 57), LETTERS[symbol], font=font(10), fill=DARK, anchor="mm")
        draw.text((x + 16, 50), LEGEND[symbol], font=font(11), fill=MUTED)
    if rows.start:
        older = f"+{plural(rows.start, 'older row')} not shown"
        draw.text((GRID_X, 68), older, font=font(12), fill=MUTED)
    for index, number in enumerate(rows):
        _row(draw, state, number, index, current=number == len(state.grid) - 1)
    _banner(draw, state)
    # A fixed palette of the board's own colours (and the blends its text edges make) keeps the PNG
    # small and quick to encode, as for the D-6 board; the encoder is most of the render time.
    return encode(image, palette())


@cache
def palette() -> Image.Image:
    """Every solid colour drawn, plus each ink blended into the grounds it is drawn on."""
    chips = [*SYMBOL_COLOURS.values()]
    grounds = [BACKGROUND, PANEL, CURRENT_PANEL, CARD, ROTATED, TRACK_OFF, DAMAGE_ON, PIZZA_ON, MARKER_ON]
    grounds += [WON, LOST, DECISION, *KIND_COLOURS.values()]
    pairs = [(g, ink) for g in grounds for ink in (TEXT, MUTED)]
    pairs += [(g, ink) for g in chips for ink in (DARK, TEXT)] + [(CURRENT_PANEL, CURRENT)]
    return blended_palette([*grounds, *chips, TEXT, MUTED, DARK, CURRENT], pairs)
