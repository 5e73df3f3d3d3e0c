"""The Deep Space Dine public table as a picture (PNG), drawn with Pillow from the state alone.

Left: the current sector (jump, solutions, danger against the current row, consequences), the ship's
tracks and the crew (hand counts and occupied stations: never which cards, hands are private).
Right: the newest grid rows with each card's name, station colour and icon, symbols and each row's
totals, the current row marked. A decision waiting or the outcome runs along the bottom; under it,
the top card of the deck (public: "You always see the top card of the deck") and the legend of the
symbol icons. The same facts in words are `core.render.dine_text.board_summary`, used as the alt
text. Rendering is pure CPU work: the Discord layer runs it off the event loop.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache

from PIL import Image, ImageDraw

from core.dine.cards import CardSet, Production, StationSide, Symbol, TrackSpec
from core.dine.engine import being_cleared, danger_value, hand_size, sector_side, ship_of, symbols
from core.dine.state import Placed, State
from core.dine.symbols import face as face_of
from core.dine.symbols import row_symbols
from core.i18n import Locale, t, tn

from . import icons
from .dine_cards import KIND_COLOURS, Pen, font
from .dine_names import card_name, difficulty_name, sector_name, ship_name, station_kind, word
from .dine_text import (
    SHOWN_ROWS,
    changed_note,
    consequences_text,
    crew_names,
    decision_text,
    jump_text,
    loss_text,
    rating_text,
    road_ahead,
    sector_rules_text,
    solutions_text,
    upgraded_mark,
    voyage_lines,
)
from .fonts import LEADING, drawable, drawable_name, fit, fit_lines, shrunk, wrap
from .png import blended_palette, encode

Colour = tuple[int, int, int]
WIDTH, HEIGHT = 960, 584
BACKGROUND = (16, 22, 40)
PANEL = (28, 36, 62)
CURRENT_PANEL = (40, 50, 84)
CARD = (52, 64, 104)
ROTATED = (86, 58, 100)
TEXT = (232, 236, 245)
MUTED = (170, 180, 205)  # at least 4.5:1 against every ground it is drawn on
DARK = (20, 22, 30)
TRACK_OFF = (55, 64, 92)
# A track's spaces left, in its colour (damage: healthy green, not the red of harm); HARM crosses out a
# space lost and fills the danger's pips.
DAMAGE_LEFT, PIZZA_ON, MARKER_ON, HARM = (70, 165, 100), (240, 170, 50), (90, 150, 230), (220, 90, 70)
DANGER_TEXT = (240, 110, 90)  # the danger line: the damage colour, light enough to read on a panel
CURRENT = (250, 210, 90)  # the current row's mark
WON, LOST, DECISION = (36, 110, 64), (170, 50, 50), (120, 90, 30)  # white text on each: ≥ 5:1
ICON = 13  # a symbol icon's side in chips

# Layout, shared with the tests that read pixels back.
MARGIN = 16
LEFT_RIGHT = 316  # the left column's right edge
SECTOR_Y, SECTOR_BOTTOM = 44, 242
TRACK_Y, TRACK_STEP, PIP_X, PIP = 252, 28, 120, 20
CREW_Y, CREW_STEP = 356, 44
GRID_X, GRID_RIGHT = 332, WIDTH - MARGIN
ROWS_Y, ROW_H, ROW_GAP = 86, 74, 6
LABEL_W, TOTALS_W, CARD_GAP, CARD_MIN, CARD_MAX = 56, 124, 6, 52, 104
BANNER = (MARGIN, 496, WIDTH - MARGIN, 532)
FOOTER = (MARGIN, 542, WIDTH - MARGIN, HEIGHT - 8)  # the top of the deck, and the icons' legend
DECK_TOP = (MARGIN + 112, 546, 520, HEIGHT - 12)  # the top card of the deck, drawn as a grid card is
TRACKS = ("damage", "pizza", "marker")


# --- text that fits ----------------------------------------------------------------------------------


def plain(text: str) -> str:
    """Text the shipped font can draw: a character it lacks (an emoji in a display name) becomes "?"
    rather than a box (`core.render.fonts.drawable`)."""
    return drawable(text)


def _text_lines(
    draw: ImageDraw.ImageDraw, x: int, y: int, lines: Sequence[str], size: int, fill: Colour
) -> int:
    for line in lines:
        draw.text((x, y), line, font=font(size), fill=fill)
        y += size + 4
    return y


def _shrunk(
    draw: ImageDraw.ImageDraw, x: int, y: int, text: str, sizes: Sequence[int], room: int, fill: Colour
) -> None:
    """A short label in the row's narrow label column: the first of `sizes` it fits at (English at the
    first), else the smallest, shortened; it keeps its baseline-ish place as it shrinks."""
    size = next((z for z in sizes if font(z).getlength(drawable(text)) <= room), sizes[-1])
    draw.text((x, y + sizes[0] - size), fit(text, size, room), font=font(size), fill=fill)


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
    """Each symbol as its count and icon ("2⚡"), on up to `lines` lines."""
    left = x
    for symbol in Symbol:
        count = given.get(symbol, 0)
        if not count:
            continue
        label = str(count)
        width = int(font(12, True).getlength(label)) + 1 + ICON
        if x + width > right and lines > 1 and x > left:
            x, y, lines = left, y + 19, lines - 1
        if x + width > right:
            draw.text((x, y + 1), "…", font=font(11), fill=MUTED)
            return
        draw.text((x, y), label, font=font(12, True), fill=TEXT)
        icons.symbol(draw, symbol.value, x + width - ICON, y + 1, ICON)
        x += width + 6


def _notes(draw: ImageDraw.ImageDraw, x: int, y: int, parts: Sequence[str | Symbol], right: int) -> None:
    """Small text and icons in a line ("+1⚡/2✦ rotated"), ending in "…" where it runs out of room."""
    face = font(10)
    for part in parts:
        width = 11 if isinstance(part, Symbol) else int(face.getlength(part))
        if x + width > right - 8:
            draw.text((x, y), "…", font=face, fill=MUTED)
            return
        if isinstance(part, Symbol):
            icons.symbol(draw, part.value, x, y + 1, 10)
        else:
            draw.text((x, y), part, font=face, fill=MUTED)
        x += width + 1


def _station_mark(
    draw: ImageDraw.ImageDraw, cards: CardSet, card: str, box: tuple[int, int, int, int], ground: Colour
) -> None:
    """A card's station at a glance: a stripe of its colour down the left edge, its icon bottom right."""
    name = cards.station(card).station
    colour = icons.station_colour(name)
    draw.rectangle((box[0], box[1] + 3, box[0] + 3, box[3] - 3), fill=colour)
    icons.station(draw, name, box[2] - 15, box[3] - 15, 11, colour, ground)


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


def _card(
    draw: ImageDraw.ImageDraw, state: State, placed: Placed, box: tuple[int, int, int, int], locale: Locale
) -> None:
    upgraded = placed.card in state.upgraded
    ground = ROTATED if placed.rotated else CARD
    draw.rounded_rectangle(box, radius=5, fill=ground)
    _station_mark(draw, state.cards, placed.card, box, ground)
    x, y, right = box[0] + 7, box[1] + 3, box[2] - 4
    name = card_name(locale, state.cards, placed.card, state.upgraded)
    _text_lines(draw, x, y, wrap(name, 11, right - x, 2), 11, TEXT)
    direct, produce = _card_symbols(state.cards, placed.card, placed.rotated, upgraded)
    _chips(draw, x, y + 30, direct, right)
    notes: list[str | Symbol] = []
    for p in produce:
        notes += [f"+{p.amount}", p.symbol, f"/{p.per}", p.of, " "]
    notes += [t(locale, "rotated") + " "] if placed.rotated else []
    notes += [t(locale, "upgr.")] if upgraded else []
    if notes:
        _notes(draw, x, y + 48, notes, right - 12)


def _row(
    draw: ImageDraw.ImageDraw, state: State, number: int, index: int, current: bool, locale: Locale
) -> None:
    box = row_box(index)
    row = state.grid[number]
    draw.rounded_rectangle(box, radius=6, fill=CURRENT_PANEL if current else PANEL)
    x, y = box[0] + 12, box[1]
    room = LABEL_W - 16
    _shrunk(draw, x, y + 6, t(locale, "Row {number}", number=number + 1), (13, 12, 11), room, TEXT)
    _shrunk(draw, x, y + 24, tn(locale, "{count} card", "{count} cards", len(row)), (11, 10, 9), room, MUTED)
    if current:
        draw.rectangle((box[0], y, box[0] + 5, box[3]), fill=CURRENT)
        _shrunk(draw, x, y + 44, t(locale, "NOW"), (13, 12, 11), room, CURRENT)
    boxes, hidden = card_boxes(len(row), index)
    for placed, card_box in zip(row, boxes, strict=False):
        _card(draw, state, placed, card_box, locale)
    if hidden:
        last = boxes[-1] if boxes else (GRID_X + LABEL_W - CARD_GAP, y + 6, 0, 0)
        more_x = last[2] + CARD_GAP + 2
        more = fit(t(locale, "+{count} more", count=hidden), 12, GRID_RIGHT - TOTALS_W - more_x)
        draw.text(
            (more_x, y + 28),
            more,
            font=font(12),
            fill=MUTED,
        )
    if not row:
        said = t(locale, "empty: the next card goes here") if current else t(locale, "empty")
        empty = fit(said, 12, GRID_RIGHT - TOTALS_W - GRID_X - LABEL_W)
        draw.text((GRID_X + LABEL_W, y + 28), empty, font=font(12), fill=MUTED)
    totals_x = GRID_RIGHT - TOTALS_W + 6
    draw.text((totals_x, y + 8), fit(t(locale, "row gives"), 11, TOTALS_W - 10), font=font(11), fill=MUTED)
    given = row_symbols(state.cards, row, state.upgraded)
    if any(given.values()):
        _chips(draw, totals_x, y + 26, given, GRID_RIGHT - 4, lines=2)
    else:
        draw.text((totals_x, y + 28), fit(t(locale, "nothing"), 11, TOTALS_W - 10), font=font(11), fill=MUTED)


def _sector(draw: ImageDraw.ImageDraw, state: State, locale: Locale) -> None:
    box = (MARGIN, SECTOR_Y, LEFT_RIGHT, SECTOR_BOTTOM)
    draw.rounded_rectangle(box, radius=6, fill=PANEL)
    spec = sector_side(state)
    if spec is None and state.outcome == "won":
        _voyage(draw, state, locale)
        return
    if spec is None:
        draw.text(
            (MARGIN + 10, SECTOR_Y + 10),
            fit(t(locale, "No sector left"), 17, LEFT_RIGHT - MARGIN - 20),
            font=font(17),
            fill=TEXT,
        )
        return
    band = KIND_COLOURS[spec.kind]
    draw.rounded_rectangle((MARGIN, SECTOR_Y, LEFT_RIGHT, SECTOR_Y + 30), radius=6, fill=band)
    kind = fit(f"{word(locale, spec.kind)} L{spec.level}", 12, 110)
    draw.text((LEFT_RIGHT - 10, SECTOR_Y + 9), kind, font=font(12), fill=TEXT, anchor="ra")
    name_room = LEFT_RIGHT - MARGIN - 30 - int(font(12).getlength(kind))
    shrunk(draw, MARGIN + 10, SECTOR_Y + 6, sector_name(locale, state.cards, spec), 17, name_room, fill=TEXT)
    x, width, y = MARGIN + 10, LEFT_RIGHT - MARGIN - 20, SECTOR_Y + 38
    pen = Pen(draw, locale)
    jump = t(locale, "Jump: {jump}", jump=jump_text(state, locale, short=True))
    y = pen.write(x, y, plain(jump), 13, width, TEXT, lines=1) - 1
    solve = t(locale, "Solve: {solutions}", solutions=solutions_text(spec, locale, state.crew))
    y = pen.write(x, y, plain(solve), 13, width, TEXT, lines=3) - 1
    value, count = danger_value(state), len(state.current_row)
    why = changed_note(state, "danger", locale, short=True) if value else ""
    if value == 0:
        strikes = fit(t(locale, "Danger 0: strikes at once"), 13, width)
        y = _text_lines(draw, x, y + 2, [strikes], 13, DANGER_TEXT)
    elif being_cleared(state):  # solved: the row's count no longer matters, no pips
        words = fit(
            t(locale, "Danger {value}{why}: no more strikes, the sector is solved", value=value, why=why),
            13,
            width,
        )
        y = _text_lines(draw, x, y + 2, [words], 13, MUTED)
    else:
        words = t(locale, "Danger {value}{why}: row holds {count}/{value}", value=value, count=count, why=why)
        pips_x = x + int(font(13).getlength(drawable(words))) + 10
        if pips_x + 16 * value > LEFT_RIGHT - 10:  # the count is the point: the pips take a line
            draw.text((x, y + 2), fit(words, 13, width), font=font(13), fill=DANGER_TEXT)
            y, pips_x = y + 17, x
        else:
            draw.text((x, y + 2), drawable(words), font=font(13), fill=DANGER_TEXT)
        step = min(16, (LEFT_RIGHT - 10 - pips_x) // max(1, value))
        for i in range(value):
            on = HARM if i < count else TRACK_OFF
            draw.rectangle((pips_x + i * step, y + 4, pips_x + i * step + step - 4, y + 16), fill=on)
        y += 21
    then = t(locale, "Then: {consequences}", consequences=consequences_text(spec, locale))
    y = pen.write(x, y, plain(then), 13, width, TEXT, lines=3) - 1
    if spec.rules:
        rules = t(locale, "Rules: {rules}", rules=sector_rules_text(spec, locale))
        room = max(1, (SECTOR_BOTTOM - 22 - y) // 16)  # the lines left above the road ahead
        _text_lines(draw, x, y, wrap(rules, 12, width, min(2, room)), 12, MUTED)
    ahead = fit(t(locale, "Ahead: {road}", road=road_ahead(state, short=True, locale=locale)), 12, width)
    draw.text((x, SECTOR_BOTTOM - 20), ahead, font=font(12), fill=MUTED)


def _voyage(draw: ImageDraw.ImageDraw, state: State, locale: Locale) -> None:
    """A won game's sector panel: the pizza delivered, its score worked out and the way there."""
    draw.rounded_rectangle((MARGIN, SECTOR_Y, LEFT_RIGHT, SECTOR_Y + 30), radius=6, fill=WON)
    width = LEFT_RIGHT - MARGIN - 20
    shrunk(draw, MARGIN + 10, SECTOR_Y + 6, t(locale, "Pizza delivered"), 17, width, fill=TEXT)
    y = SECTOR_Y + 40
    for line in voyage_lines(state, locale):
        lines = wrap(line, 14, width, 3)
        y = _text_lines(draw, MARGIN + 10, y, lines, 14, TEXT) + 8


def _tracks(draw: ImageDraw.ImageDraw, state: State, locale: Locale) -> None:
    """Each track's spaces left, in words ("7 of 7 left") and as spaces: a marker counts what is left,
    so the spaces left are drawn in the track's own colour (damage: a healthy green) and the spaces
    lost crossed out in red; "Damage 7/7" in red boxes read as seven damage taken. The ship marker's
    other spaces are not lost, only not reached: they stay plain."""
    ship = ship_of(state)
    specs: list[tuple[str, int, TrackSpec | None, Colour, bool]] = [
        ("damage", state.damage, ship.damage, DAMAGE_LEFT, True),
        ("pizza", state.pizza, ship.pizza, PIZZA_ON, True),
        ("marker", state.marker, ship.marker, MARKER_ON, False),
    ]
    room = PIP_X - MARGIN - 24
    for track, (label, value, spec, on, losable) in enumerate(specs):
        if spec is None:
            continue
        y = TRACK_Y + track * TRACK_STEP
        if label in icons.SYMBOL_ICONS:
            icons.symbol(draw, label, MARGIN, y + 3, 15)
        else:
            draw.polygon([(MARGIN, y + 4), (MARGIN + 15, y + 10), (MARGIN, y + 17)], fill=on)
        shrunk(draw, MARGIN + 20, y - 3, word(locale, label).capitalize(), 13, room, fill=TEXT)
        if losable:
            left = tn(
                locale, "{count} of {length} left", "{count} of {length} left", value, length=spec.length
            )
        else:  # the ship marker stands on a space and moves on: where it stands, not what is left
            left = t(locale, "space {value} of {length}", value=value, length=spec.length)
        shrunk(draw, MARGIN + 20, y + 11, left, 11, room, fill=MUTED)
        for i in range(spec.length):
            box = pip_box(track, i, spec.length)
            draw.rectangle(box, fill=on if i < value else TRACK_OFF)
            if losable and i >= value:  # a space lost: crossed out
                draw.line((box[0] + 3, box[1] + 3, box[2] - 3, box[3] - 3), fill=HARM, width=3)
                draw.line((box[0] + 3, box[3] - 3, box[2] - 3, box[1] + 3), fill=HARM, width=3)
            if i + 1 in spec.remove_cards:  # a "Remove cards" space
                draw.rectangle((box[0], box[3] + 2, box[2], box[3] + 4), fill=MUTED)


def _crew(draw: ImageDraw.ImageDraw, state: State, names: Sequence[str] | None, locale: Locale) -> None:
    draw.text(
        (MARGIN, CREW_Y - 20),
        fit(t(locale, "Crew (cards in hand)"), 13, LEFT_RIGHT - MARGIN),
        font=font(13),
        fill=MUTED,
    )
    for seat, name in enumerate(crew_names(state, names, limit=40, locale=locale)):
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
        held_station = state.stations[seat]
        if held_station:
            name = state.cards.station(held_station).station
            icons.station(draw, name, MARGIN + 8, y + 21, 12, icons.station_colour(name), BACKGROUND)
            card = card_name(locale, state.cards, held_station, state.upgraded)
            where = t(locale, "at {card} ({station})", card=card, station=station_kind(locale, name))
        else:
            where = t(locale, "no station occupied")
        draw.text((MARGIN + 24, y + 20), fit(where, 12, LEFT_RIGHT - MARGIN - 24), font=font(12), fill=MUTED)


def _banner(draw: ImageDraw.ImageDraw, state: State, names: Sequence[str] | None, locale: Locale) -> None:
    if state.outcome == "won":
        rating = rating_text(state, locale)
        text = t(
            locale,
            "Delivered! Score {score}, {stars}/5 stars: {rating}",
            score=state.score,
            stars=state.stars,
            rating=rating,
        )
        fill = WON
    elif state.outcome == "lost":
        text, fill = t(locale, "Lost: {reason}", reason=loss_text(state, locale)), LOST
    elif state.pending is not None:
        text, fill = (
            t(locale, "Decision: {reason}", reason=decision_text(state, locale, names or ())),
            DECISION,
        )
    else:
        return
    draw.rounded_rectangle(BANNER, radius=6, fill=fill)
    height = BANNER[3] - BANNER[1]
    lines, size = fit_lines(text, 16, BANNER[2] - BANNER[0] - 24, height - 6, 11)
    top = BANNER[1] + (height - len(lines) * (size + LEADING)) // 2
    for n, line in enumerate(lines):
        draw.text((BANNER[0] + 12, top + n * (size + LEADING)), line, font=font(size), fill=TEXT)


def _deck_top(draw: ImageDraw.ImageDraw, state: State, locale: Locale) -> None:
    """The top card of the deck, face up as the rulebook has it, drawn like a grid card in a line."""
    room = DECK_TOP[0] - MARGIN - 14
    draw.text(
        (MARGIN + 8, DECK_TOP[1] + 3), fit(t(locale, "Top of deck"), 12, room), font=font(12), fill=MUTED
    )
    left = fit(t(locale, "{count} in deck", count=len(state.deck)), 11, room)
    draw.text((MARGIN + 8, DECK_TOP[1] + 16), left, font=font(11), fill=MUTED)
    if not state.deck:
        if state.discard:
            reshuffle = t(locale, "the discard pile is shuffled in at the next draw")
        else:
            reshuffle = t(locale, "no card left")
        empty = fit(t(locale, "Deck empty: {reason}", reason=reshuffle), 12, DECK_TOP[2] - DECK_TOP[0] - 8)
        draw.text((DECK_TOP[0] + 8, DECK_TOP[1] + 7), empty, font=font(12), fill=MUTED)
        return
    card = state.deck[0]
    draw.rounded_rectangle(DECK_TOP, radius=5, fill=CARD)
    _station_mark(draw, state.cards, card, DECK_TOP, CARD)
    x, y, right = DECK_TOP[0] + 8, DECK_TOP[1] + 7, DECK_TOP[2] - 20
    name = fit(
        f"{card_name(locale, state.cards, card, state.upgraded)}{upgraded_mark(state, card, locale)}", 13, 190
    )
    draw.text((x, y), name, font=font(13, True), fill=TEXT)
    x += int(font(13, True).getlength(name)) + 10
    label = fit(station_kind(locale, state.cards.station(card).station), 11, 90)
    draw.text((x, y + 1), label, font=font(11), fill=MUTED)
    x += int(font(11).getlength(label)) + 10
    direct, produce = _card_symbols(state.cards, card, False, card in state.upgraded)
    _chips(draw, x, y, direct, right)
    x += sum(int(font(12, True).getlength(str(n))) + 1 + ICON + 6 for n in direct.values() if n)
    notes: list[str | Symbol] = []
    for p in produce:
        notes += [f"+{p.amount}", p.symbol, f"/{p.per}", p.of, " "]
    _notes(draw, x, y + 2, notes, right)


def _shortened(names: Sequence[str], room: int, each: int) -> list[str]:
    """`names` in full when they fit in `room` pixels (each with `each` pixels of icon and gap), else
    the longest shortened with "…" first, so every icon keeps a word."""
    face = font(11)
    widths = [int(face.getlength(n)) for n in names]
    cap = max(widths)
    while cap > 12 and sum(min(w, cap) for w in widths) + each * len(names) > room:
        cap -= 1
    return [n if w <= cap else fit(n, 11, cap) for n, w in zip(names, widths, strict=True)]


def grid_heading(state: State, locale: Locale = "en") -> str:
    """The grid's heading on the picture: "Grid: 2 rows, in all" before the symbol chips that give the
    total, or that there is none yet (an empty grid draws no chips to end the sentence)."""
    rows = len(state.grid)
    if any(symbols(state).values()):
        return tn(locale, "Grid: {count} row, in all", "Grid: {count} rows, in all", rows)
    return tn(locale, "Grid: {count} row, no symbols yet", "Grid: {count} rows, no symbols yet", rows)


def legend(locale: Locale = "en") -> list[tuple[str, str, int, int, int]]:
    """Where the footer's icon legend goes: (icon, word, x, y, icon size) each. One line when the words
    fit (English does, its gaps narrowed); two lines of smaller icons when they do not (German), the
    words shortened only if even that is too narrow."""
    left, right = DECK_TOP[2] + 14, FOOTER[2] - 6
    names = [(name, word(locale, name)) for name in icons.LEGEND]
    face = font(11)
    for gap in (9, 5):
        if sum(ICON + 3 + int(face.getlength(w)) + gap for _, w in names) - gap <= right - left:
            out: list[tuple[str, str, int, int, int]] = []
            x = left
            for name, said in names:
                out.append((name, said, x, FOOTER[1] + 11, ICON))
                x += ICON + 3 + int(face.getlength(said)) + gap
            return out
    half = (len(names) + 1) // 2
    out = []
    for line, part in enumerate((names[:half], names[half:])):
        said = _shortened([w for _, w in part], right - left + 6, 11 + 2 + 6)
        x, y = left, FOOTER[1] + 3 + line * 15
        for (name, _), words in zip(part, said, strict=True):
            out.append((name, words, x, y, 11))
            x += 11 + 2 + int(face.getlength(words)) + 6
    return out


def _footer(draw: ImageDraw.ImageDraw, state: State, locale: Locale) -> None:
    """The top of the deck on the left, the legend of the symbol icons on the right."""
    draw.rounded_rectangle(FOOTER, radius=6, fill=PANEL)
    _deck_top(draw, state, locale)
    for name, said, x, y, size in legend(locale):
        icons.symbol(draw, name, x, y + 1, size)
        draw.text((x + size + 3 if size == ICON else x + size + 2, y), said, font=font(11), fill=MUTED)


def render_board(state: State, names: Sequence[str] | None = None, locale: Locale = "en") -> bytes:
    """The public table as PNG bytes in `locale` (the server's language: the board is public); the
    same state, names and language always give the same bytes."""
    # A name the font cannot draw becomes "", which the crew list and the banner say as "Crew 2".
    names = [drawable_name(name) for name in names] if names else names
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    title = f"Deep Space Dine  |  {ship_name(locale, state.ship)}  |  {difficulty_name(locale, state)}"
    if state.outcome != "playing":
        outcome = t(locale, "WON") if state.outcome == "won" else t(locale, "LOST")
        title += f"  |  {outcome}"
    piles = t(
        locale,
        "deck {deck}  ·  discard {discard}  ·  removed {removed}",
        deck=len(state.deck),
        discard=len(state.discard),
        removed=len(state.removed),
    )
    piles = fit(piles, 13, 560)
    draw.text((WIDTH - MARGIN, 16), piles, font=font(13), fill=MUTED, anchor="ra")
    title_room = WIDTH - 2 * MARGIN - 24 - int(font(13).getlength(piles))
    draw.text((MARGIN, 10), fit(title, 20, title_room), font=font(20), fill=TEXT)
    _sector(draw, state, locale)
    _tracks(draw, state, locale)
    _crew(draw, state, names, locale)
    rows = shown_rows(state)
    heading = fit(grid_heading(state, locale), 14, 300)
    draw.text((GRID_X, 48), heading, font=font(14), fill=TEXT)
    _chips(draw, GRID_X + int(font(14).getlength(heading)) + 10, 50, symbols(state), GRID_RIGHT)
    if rows.start:
        older = tn(locale, "+{count} older row not shown", "+{count} older rows not shown", rows.start)
        draw.text((GRID_X, 68), older, font=font(12), fill=MUTED)
    for index, number in enumerate(rows):
        # once the game is over no row takes another card: none is marked "now"
        current = number == len(state.grid) - 1 and state.outcome == "playing"
        _row(draw, state, number, index, current, locale)
    _banner(draw, state, names, locale)
    _footer(draw, state, locale)
    # A fixed palette of the board's own colours (and the blends its text edges make) keeps the PNG
    # small and quick to encode, as for the D-6 board; the encoder is most of the render time.
    return encode(image, palette())


@cache
def palette() -> Image.Image:
    """Every solid colour drawn, plus each ink blended into the grounds it is drawn on."""
    chips = [*icons.SYMBOL_ICONS.values(), *icons.STATION_COLOURS.values(), *icons.PIZZA_TOPPINGS]
    grounds = [BACKGROUND, PANEL, CURRENT_PANEL, CARD, ROTATED, TRACK_OFF, DAMAGE_LEFT, PIZZA_ON, MARKER_ON]
    grounds += [WON, LOST, DECISION, *KIND_COLOURS.values()]
    pairs = [(g, ink) for g in grounds for ink in (TEXT, MUTED)]
    pairs += [(CURRENT_PANEL, CURRENT), (PANEL, DANGER_TEXT)]
    return blended_palette([*grounds, *chips, TEXT, MUTED, DARK, CURRENT, DANGER_TEXT, HARM], pairs)
