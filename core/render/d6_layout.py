"""Where everything on the D-6 board picture goes: a pure function from a state to shapes.

The picture is laid out like the table: internal threats left of the ship, the ship's mat in the
middle, external threats right of it (rules §2, "Internal threats go left of the board. External
threats go right"). The mat carries the hull and shield tracks, the crew ready to assign, the five
crew stations, the Scanners, the Infirmary and the Returned area, each with the dice on it. A threat
is drawn as its card: kind, name, health, the threat-die numbers it activates on, its effect in
words (`core.d6.cards.card_text`), its away mission with the dice on it, a die it holds, and the
stasis beam with its Science die. Every die is drawn exactly once, where it is.

`layout` returns the shapes (`Mat`); `core.render.d6_board` paints them. The tests read the shapes.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum

from core.d6.cards import Card, Face
from core.d6.engine import assignment_over, banned_by, card_of
from core.d6.names import about, card_words, d6_term, face_name, pending_question, threat_name
from core.d6.state import HULL_MAX, SHIELDS_MAX, Place, State, Station, Threat
from core.i18n import Locale, mark, t, tn

from . import icons
from .d6_text import STATION_FACES, activation_text, loss_text, offline_note
from .fonts import LEADING, fit, fit_lines, font, shrink, wrap
from .shapes import Box, Colour, Icon, Poly, Rect, Text, inside

WIDTH, HEIGHT = 960, 540
BACKGROUND = (16, 22, 40)
PANEL = (28, 36, 62)  # the ship
BOX = (40, 50, 84)  # a station or area on the ship
CARD = (44, 54, 92)
TEXT = (232, 236, 245)
MUTED = (170, 180, 205)  # at least 4.5:1 against every ground it is drawn on
DARK = (12, 16, 28)
TRACK_OFF = (55, 64, 92)
HULL_ON, SHIELD_ON = (235, 120, 60), (80, 160, 255)
EXTERNAL_BAND, INTERNAL_BAND = (178, 52, 58), (118, 70, 178)
STASIS, STASIS_GROUND = (120, 220, 255), (22, 78, 104)
WARNING = (240, 190, 60)  # a decision waiting, a die locked in the Scanners
BANNED = (230, 90, 90)
WON, LOST, DECISION = (36, 110, 64), (170, 50, 50), (120, 90, 30)  # white text on each: ≥ 5:1
FACE_COLOURS: dict[Face, Colour] = {face: icons.FACE_COLOURS[face.value] for face in Face}

# Geometry: three columns under a header, as the table has them.
MARGIN = 12
HEADER = (MARGIN, 6, WIDTH - MARGIN, 36)
COLUMNS_Y, CARDS_Y, BOTTOM = 44, 62, HEIGHT - 10
INTERNAL_X, CARD_W = MARGIN, 171
SHIP = (INTERNAL_X + CARD_W + 10, COLUMNS_Y, 574, BOTTOM)
EXTERNAL_X, EXTERNAL_W, CARD_GAP = 584, 179, 6
TRACK_X, PIP, PIP_STEP = SHIP[0] + 96, 22, 27
HULL_Y, SHIELD_Y = SHIP[1] + 8, SHIP[1] + 36
READY = (SHIP[0] + 8, SHIP[1] + 66, SHIP[2] - 8, SHIP[1] + 122)
STATION_W, STATION_H, STATION_GAP = (SHIP[2] - SHIP[0] - 24) // 2, 80, 6
STATIONS_Y = READY[3] + 8
AREA_DIE, DICE_DY = 26, STATION_H - 29  # an area's dice, and their top below the area's


class Look(StrEnum):
    """How a die is drawn, from where it is: each reads differently at a glance."""

    READY = "ready"  # rolled and unassigned in step 3: bright, outlined
    WAITING = "waiting"  # in the pool between rolls: blank, it is rolled at the next step 1
    USED = "used"  # at a station this round
    PLACED = "placed"  # on a threat card: an away mission or the stasis beam
    HELD = "held"  # held by Distracted: dimmed
    INFIRMARY = "infirmary"  # dimmed, with a red cross
    LOCKED = "locked"  # a Threat face locked in the Scanners: outlined in amber
    SET_ASIDE = "set aside"  # one of a scanned set of three: dimmed, gathered at step 6
    RETURNED = "returned"  # dimmed: rolled next round, its face still shows until then


@dataclass(frozen=True, slots=True)
class DieShape:
    index: int  # 0-based; drawn as "1"…"6", the number the menus and texts use
    face: Face
    look: Look
    box: Box
    ground: Colour  # what the die sits on


@dataclass(frozen=True, slots=True)
class CardShape:
    """A threat card's frame: its ground and its kind's band; what it says are `Text`s inside."""

    uid: int
    box: Box
    external: bool
    stasis: bool
    band: int  # the band's height
    highlight: Colour | None = None  # the card a waiting decision is about


Shape = Text | Rect | Poly | Icon | DieShape | CardShape


@dataclass(frozen=True, slots=True)
class Mat:
    """The shapes in drawing order. The first `ground` of them are the mat itself (the hull, each
    area's frame, title and rule), which change only when a ban does: the painter draws them once
    and reuses the picture."""

    shapes: tuple[Shape, ...]
    ground: int = 0

    def dice(self) -> list[DieShape]:
        return [s for s in self.shapes if isinstance(s, DieShape)]

    def cards(self) -> list[CardShape]:
        return [s for s in self.shapes if isinstance(s, CardShape)]

    def texts(self, box: Box | None = None) -> list[Text]:
        """The texts drawn, or those whose anchor point lies in `box`, in drawing order."""
        return [s for s in self.shapes if isinstance(s, Text) and (box is None or inside(box, s.x, s.y))]


# --- threat cards ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Style:
    """Type sizes and spacing of a card; a crowded column falls back to `COMPACT`."""

    name: int
    body: int
    small: int
    line: int  # a body line's height
    band: int
    die: int
    row: int  # a row of dice (mission, held, stasis)


REGULAR = Style(name=12, body=11, small=10, line=13, band=21, die=20, row=25)
COMPACT = Style(name=11, body=10, small=9, line=11, band=18, die=16, row=20)


@dataclass(frozen=True, slots=True)
class _Plan:
    """A card's content before it is placed, so a row's height is known first."""

    threat: Threat
    spec: Card
    when: tuple[str, ...]  # activation in words, for a card the threat die never activates
    effect: tuple[str, ...]
    mission: list[int]  # the dice on its away mission
    held: list[int]
    beam: list[int]  # the Science dice of the stasis beam on it
    style: Style
    locale: Locale

    @property
    def height(self) -> int:
        s = self.style
        when = len(self.when) * (s.small + 2) if self.when else s.small + 5
        rows = (self.spec.mission is not None) + bool(self.held) + self.threat.stasis
        return s.band + 4 + when + 3 + len(self.effect) * s.line + rows * s.row + 5


def _plan(state: State, threat: Threat, width: int, style: Style, locale: Locale) -> _Plan:
    spec = card_of(threat)
    inner = width - 12
    when = () if spec.activation else wrap(activation_text(spec, locale), style.small, inner, 3)
    on = [i for i, d in enumerate(state.dice) if d.on == threat.uid]
    return _Plan(
        threat=threat,
        spec=spec,
        when=when,
        effect=wrap(card_words(locale, spec.id), style.body, inner, 6),
        mission=[i for i in on if state.dice[i].place is Place.MISSION],
        held=[i for i in on if state.dice[i].place is Place.HELD],
        beam=[i for i in on if state.dice[i].station is Station.STASIS],
        style=style,
        locale=locale,
    )


def _activation(x: int, y: int, spec: Card, colour: Colour, s: Style, locale: Locale) -> Iterator[Shape]:
    """The six faces of the threat die, those the card activates on lit in its kind's colour."""
    on = fit(t(locale, "on die"), s.small, 60)
    yield Text(x, y, on, s.small, MUTED)
    side = s.small + 3
    x += int(font(s.small).getlength(on)) + 4
    for pip in range(1, 7):
        lit = pip in spec.activation
        box = (x, y, x + side, y + side)
        yield Rect(box, fill=colour if lit else DARK, radius=2)
        yield Text(
            x + side // 2 + 1, y + side // 2 + 1, str(pip), s.small - 1, TEXT if lit else MUTED, lit, "mm"
        )
        x += side + 2


def _health(right: int, y: int, threat: Threat, spec: Card, s: Style) -> Iterator[Shape]:
    """Health as on the damage track: the spaces left lit, then the numbers ("3/4")."""
    if threat.health is None or spec.health is None:
        return
    label = f"{threat.health}/{spec.health}"
    yield Text(right, y, label, s.small + 1, TEXT, True, "ra")
    x = right - int(font(s.small + 1, True).getlength(label)) - 4 - spec.health * 8
    for i in range(spec.health):
        yield Rect((x + i * 8, y + 2, x + i * 8 + 6, y + s.small), fill=TEXT if i < threat.health else DARK)


def _die_row(
    x: int, y: int, label: str, dice: Sequence[int], state: State, look: Look, s: Style, ground: Colour
) -> Iterator[Shape]:
    label, size = shrink(label, s.small, 80)
    yield Text(x, y + (s.die - size) // 2, label, size, MUTED)
    x += int(font(size).getlength(label)) + 5
    for index in dice:
        yield DieShape(index, state.dice[index].face, look, (x, y, x + s.die, y + s.die), ground)
        x += s.die + 3


def _mission(x: int, y: int, plan: _Plan, state: State) -> Iterator[Shape]:
    """The away mission: a slot per crew icon printed on the card, the dice on it in their slots."""
    mission = plan.spec.mission
    assert mission is not None
    s, locale = plan.style, plan.locale
    team = fit(t(locale, "Away team"), s.small, 70)
    yield Text(x, y + (s.die - s.small) // 2, team, s.small, MUTED)
    x += int(font(s.small).getlength(team)) + 5
    waiting = list(plan.mission)
    either = mission.mode == "any_one"
    faces = list(dict.fromkeys(mission.dice)) if either else list(mission.dice)
    for n, face in enumerate(faces):
        if either and n:
            either_word = fit(t(locale, "or"), s.small, 24)
            yield Text(x, y + (s.die - s.small) // 2, either_word, s.small, MUTED)
            x += int(font(s.small).getlength(either_word)) + 3
        box = (x, y, x + s.die, y + s.die)
        here = next((i for i in waiting if state.dice[i].face is face), None)
        if here is None and either and waiting:
            here = waiting[0]
        if here is not None:
            waiting.remove(here)
            yield DieShape(here, state.dice[here].face, Look.PLACED, box, CARD)
        else:
            yield Rect(box, fill=DARK, outline=FACE_COLOURS[face], radius=3)
            pad = s.die // 5
            yield Icon(face.value, x + pad, y + pad, s.die - 2 * pad, FACE_COLOURS[face], DARK)
        x += s.die + 3
    for index in waiting:  # a die the slots do not explain (never expected): still shown
        yield DieShape(index, state.dice[index].face, Look.PLACED, (x, y, x + s.die, y + s.die), CARD)
        x += s.die + 3


def _card(state: State, plan: _Plan, x: int, y: int, width: int, height: int) -> Iterator[Shape]:
    """A card `height` tall (its row's height), its content from the top."""
    threat, spec, s = plan.threat, plan.spec, plan.style
    external = spec.kind == "external"
    band = EXTERNAL_BAND if external else INTERNAL_BAND
    box = (x, y, x + width, y + height)
    pending = state.pending
    highlight = WARNING if pending is not None and pending.source == threat.uid else None
    yield CardShape(threat.uid, box, external, threat.stasis, s.band, highlight)
    yield Icon("external" if external else "internal", x + 5, y + (s.band - 12) // 2, 12, TEXT, band)
    health = list(_health(x + width - 6, y + (s.band - s.small - 1) // 2, threat, spec, s))
    health_w = 8 * (spec.health or 0) + 28 if health else 0
    name, size = shrink(threat_name(plan.locale, spec.id), s.name, width - 26 - health_w, bold=True)
    yield Text(x + 21, y + (s.band - size) // 2 - 1, name, size, TEXT, True)
    yield from health
    y += s.band + 4
    if plan.when:
        for line in plan.when:
            yield Text(x + 6, y, line, s.small, MUTED)
            y += s.small + 2
    else:
        yield from _activation(x + 6, y, spec, band, s, plan.locale)
        y += s.small + 5
    y += 3
    for line in plan.effect:
        yield Text(x + 6, y, line, s.body, TEXT)
        y += s.line
    y += 2
    if spec.mission is not None:
        yield from _mission(x + 6, y, plan, state)
        y += s.row
    if plan.held:
        yield from _die_row(x + 6, y, t(plan.locale, "Holds"), plan.held, state, Look.HELD, s, CARD)
        y += s.row
    if threat.stasis:
        yield Rect((x + 3, y - 2, x + width - 3, y + s.die + 2), fill=STASIS_GROUND, radius=3)
        stasis = fit(t(plan.locale, "STASIS"), s.small + 1, 60, True)
        yield Text(x + 8, y + (s.die - s.small) // 2 - 1, stasis, s.small + 1, STASIS, True)
        note_x = x + 12 + int(font(s.small + 1, True).getlength(stasis))
        note = t(plan.locale, "no activation")
        yield from _die_row(note_x, y, note, plan.beam, state, Look.PLACED, s, STASIS_GROUND)


def _cards(
    state: State, threats: Sequence[Threat], x: int, width: int, columns: int, locale: Locale
) -> list[Shape]:
    """Threat cards in play order, `columns` a row, from the top of the column down; a crowded column
    switches to the compact style, and cards that still do not fit are counted, not drawn."""
    if not threats:  # the empty place on the table, so an empty column reads as "none" at a glance
        right = x + columns * width + (columns - 1) * CARD_GAP
        none = t(locale, "No threat aboard") if x == INTERNAL_X else t(locale, "No threat outside the ship")
        return [
            Rect((x, CARDS_Y, right, CARDS_Y + 44), outline=TRACK_OFF, width=2, radius=6),
            Text((x + right) // 2, CARDS_Y + 22, fit(none, 11, right - x - 8), 11, MUTED, False, "mm"),
        ]
    room = BOTTOM - CARDS_Y
    for style in (REGULAR, COMPACT):
        plans = [_plan(state, threat, width, style, locale) for threat in threats]
        rows = [plans[i : i + columns] for i in range(0, len(plans), columns)]
        heights = [max(p.height for p in row) for row in rows]
        if sum(heights) + CARD_GAP * (len(rows) - 1) <= room or style is COMPACT:
            break
    shapes: list[Shape] = []
    y = CARDS_Y
    for n, (row, height) in enumerate(zip(rows, heights, strict=True)):
        if y + height > BOTTOM:
            left = len(threats) - n * columns
            more = tn(
                locale, "+{count} more threat: see the text", "+{count} more threats: see the text", left
            )
            right = x + columns * width + (columns - 1) * CARD_GAP
            shapes.append(Text(x, y, fit(more, 11, right - x), 11, MUTED))
            break
        for column, plan in enumerate(row):
            shapes.extend(_card(state, plan, x + column * (width + CARD_GAP), y, width, height))
        y += height + CARD_GAP
    return shapes


# --- the ship ------------------------------------------------------------------------------------------


def pip_box(track_y: int, index: int) -> Box:
    """Space `index` (0 = leftmost) of the track at `track_y` (`HULL_Y` or `SHIELD_Y`)."""
    x = TRACK_X + index * PIP_STEP
    return x, track_y, x + PIP, track_y + PIP


def _track(y: int, label: str, value: int, most: int, on: Colour, note: str) -> Iterator[Shape]:
    room = TRACK_X - 10 - int(font(13, True).getlength(f"{most}/{most}")) - 2 - (SHIP[0] + 12)
    size = 13 if font(13, True).getlength(label) <= room else 12  # "Escudos" a point smaller
    yield Text(SHIP[0] + 12, y + 3 + 13 - size, fit(label, size, room, True), size, TEXT, True)
    yield Text(TRACK_X - 10, y + 3, f"{value}/{most}", 13, TEXT, True, "ra")
    for i in range(most):
        yield Rect(pip_box(y, i), fill=on if i < value else TRACK_OFF, radius=3)
    if note:
        x = TRACK_X + most * PIP_STEP + 4
        yield Text(x, y + 4, fit(note, 12, SHIP[2] - 8 - x), 12, BANNED)


def _ready(state: State, locale: Locale) -> Iterator[Shape]:
    yield Rect(READY, fill=BOX, radius=6)
    pool = [i for i, d in enumerate(state.dice) if d.place is Place.POOL]
    rolled = state.outcome == "playing" and not assignment_over(state)
    heading = t(locale, "Crew ready") if rolled else t(locale, "Crew to roll")
    heading, size = shrink(heading, 13, 106, True)
    yield Text(READY[0] + 10, READY[1] + 8 + 13 - size, heading, size, TEXT, True)
    if rolled:
        note = t(locale, "assign them at the stations") if pool else t(locale, "every die is placed")
    elif state.outcome != "playing":
        note = t(locale, "the game is over")
    else:
        # mid-round (a decision after the assignment): dice in the pool were left unused, or came
        # back from a station, the Scanners or an away mission (step 6, a recall); the words say which
        back = [state.dice[i].was is not None for i in pool]
        if back and all(back):
            note = t(locale, "gathered, rolled next round")
        elif any(back):
            note = t(locale, "gathered or unused, rolled next round")
        elif pool:
            note = t(locale, "unused this round, rolled next round")
        else:
            note = t(locale, "rolled at the start of the round")
    lines, size = fit_lines(note, 10, 106, 2 * (10 + LEADING), 8)
    for n, line in enumerate(lines):
        yield Text(READY[0] + 10, READY[1] + 27 + n * (size + LEADING), line, size, MUTED)
    size, x = 34, READY[0] + 122
    top = READY[1] + (READY[3] - READY[1] - size) // 2
    for index in pool:
        look = Look.READY if rolled else Look.WAITING
        yield DieShape(index, state.dice[index].face, look, (x, top, x + size, top + size), BOX)
        x += size + 4


# Each area of the mat: its title, the face whose colour and icon it wears, and what it does, as the
# ship board prints it (rules §3; the first/further rule of Tactical and Engineering is the §10 ruling).
# The titles are the areas' ids (English); the picture names them in the reader's words (`_title`).
AREAS: tuple[tuple[str, Face | None, str], ...] = (
    ("Commander", Face.COMMANDER, mark("Turn a die to any face, or re-roll the ready crew")),
    ("Tactical", Face.TACTICAL, mark("Fire: 1 damage, +2 for each further die this round")),
    ("Science", Face.SCIENCE, mark("Recharge shields to 4, or stasis beam on a threat")),
    ("Engineering", Face.ENGINEERING, mark("Repair: 1 hull, +2 for each further die this round")),
    ("Medical", Face.MEDICAL, mark("Free all in the Infirmary, or one Scanner die")),
    ("Scanners", Face.THREAT, mark("A third threat die draws a new threat")),
    ("Infirmary", None, mark("Out until a Medical die brings them back")),
    ("Returned", None, mark("Gathered at the end of the round, rolled next")),
)
_TERMS = {"Scanners": "scanners", "Infirmary": "infirmary", "Returned": "returned"}


def _title(locale: Locale, title: str, face: Face | None) -> str:
    """An area's title in `locale`: a station by its crew face, the others by their rulebook term."""
    if title in _TERMS:
        return d6_term(locale, _TERMS[title])
    return face_name(locale, face) if face is not None else title


# The area a die used at a station is drawn in: the one wearing the station's crew face, as the words
# name it (`d6_text.STATION_FACES`); a stasis beam's die is drawn on its threat's card when it is drawn.
STATION_OF: dict[Station, str] = {
    station: next(title for title, area_face, _ in AREAS if area_face is face)
    for station, face in STATION_FACES.items()
}


def area_box(name: str) -> Box:
    """The box of a station or area of the mat, by its title (`AREAS`)."""
    n = next(i for i, (title, _, _) in enumerate(AREAS) if title == name)
    row, column = divmod(n, 2)
    x = SHIP[0] + 8 + column * (STATION_W + 8)
    y = STATIONS_Y + row * (STATION_H + STATION_GAP)
    return x, y, x + STATION_W, y + STATION_H


def _placed(state: State, cards: set[int]) -> dict[str, list[tuple[int, Look]]]:
    """The dice of each area of the mat; a die on a threat card drawn (`cards`, by uid) is drawn on
    the card instead, so every die is drawn once."""
    where: dict[str, list[tuple[int, Look]]] = {title: [] for title, _, _ in AREAS}
    for i, die in enumerate(state.dice):
        if die.on is not None and die.on in cards and die.place in (Place.MISSION, Place.HELD, Place.STATION):
            continue
        match die.place:
            case Place.STATION if die.station is not None:
                where[STATION_OF[die.station]].append((i, Look.USED))
            case Place.SCANNER:
                where["Scanners"].append((i, Look.LOCKED))
            case Place.INFIRMARY:
                where["Infirmary"].append((i, Look.INFIRMARY))
            case Place.RESET:
                where["Returned"].append((i, Look.SET_ASIDE))
            case Place.POOL:
                pass  # the ready row
            case Place.MISSION | Place.HELD:  # on a card not drawn (a column too crowded)
                where["Returned"].append((i, Look.HELD if die.place is Place.HELD else Look.PLACED))
            case _:
                where["Returned"].append((i, Look.RETURNED))
    return where


def _area(state: State, title: str, face: Face | None, rule: str, locale: Locale) -> Iterator[Shape]:
    """A station or area of the mat: its frame, icon, title and what it does, or why it cannot be used."""
    box = area_box(title)
    x, y = box[0], box[1]
    banned = banned_by(state, face) if face is not None and face is not Face.THREAT else None
    yield Rect(box, fill=BOX, outline=BANNED if banned else None, width=2, radius=6)
    colour = FACE_COLOURS[face] if face is not None else (MUTED if title == "Returned" else BANNED)
    yield Rect((x, y + 6, x + 4, box[3] - 6), fill=colour)
    icon = face.value if face is not None else ("medical" if title == "Infirmary" else "deck")
    yield Icon(icon, x + 11, y + 6, 16, colour, BOX)
    yield Text(x + 33, y + 6, fit(_title(locale, title, face), 13, STATION_W - 40, True), 13, TEXT, True)
    if banned is not None:
        said = about(
            banned.card, mark("Cannot be used: {name} is in play"), mark("Cannot be used: {name} are in play")
        ).say(locale)
    elif title == "Scanners" and not state.deck:  # §7: nothing left to draw, the three dice just reset
        said = t(locale, "A third threat die resets the three: the threat deck is empty")
    else:
        said = t(locale, rule)
    for n, line in enumerate(wrap(said, 10, STATION_W - 20, 2)):
        yield Text(x + 11, y + 25 + n * 12, line, 10, BANNED if banned else MUTED)
    if title == "Scanners":  # three slots, as printed
        for slot in range(3):
            sx = x + 11 + slot * (AREA_DIE + 4)
            yield Rect(
                (sx, y + DICE_DY, sx + AREA_DIE, y + DICE_DY + AREA_DIE), outline=TRACK_OFF, width=2, radius=4
            )


def _area_dice(state: State, title: str, dice: list[tuple[int, Look]]) -> Iterator[Shape]:
    """The dice in an area, in a row along its foot (closer together when many)."""
    x, y = area_box(title)[:2]
    step = min(AREA_DIE + 4, (STATION_W - 22 - AREA_DIE) // max(1, len(dice) - 1)) if dice else 0
    for n, (index, look) in enumerate(dice):
        dx, dy = x + 11 + n * step, y + DICE_DY
        yield DieShape(index, state.dice[index].face, look, (dx, dy, dx + AREA_DIE, dy + AREA_DIE), BOX)


def _hull() -> Iterator[Shape]:
    """The ship's outline, its corners cut like a hull seen from above, and its name at the stern."""
    x0, y0, x1, y1 = SHIP
    cut = 18
    corners = ((x0 + cut, y0), (x1 - cut, y0), (x1, y0 + cut), (x1, y1 - cut))
    corners += ((x1 - cut, y1), (x0 + cut, y1), (x0, y1 - cut), (x0, y0 + cut))
    yield Poly(corners, PANEL)
    yield Text((x0 + x1) // 2, y1 - 8, "USS CRYPSIS  ·  RPTR CLASS", 9, MUTED, True, "mm")


def _ground(state: State, locale: Locale) -> Iterator[Shape]:
    """The mat itself: the hull and every area's frame, title and rule."""
    yield from _hull()
    for title, face, rule in AREAS:
        yield from _area(state, title, face, rule, locale)


def _ship(state: State, cards: set[int], locale: Locale) -> Iterator[Shape]:
    """What is on the mat: the tracks' values and the dice."""
    yield from _track(HULL_Y, d6_term(locale, "hull"), state.hull, HULL_MAX, HULL_ON, "")
    note = offline_note(state, locale)
    # offline shields neither take hits nor recharge: their pips are greyed, not the blue of working ones
    lit = MUTED if note else SHIELD_ON
    yield from _track(SHIELD_Y, d6_term(locale, "shields"), state.shields, SHIELDS_MAX, lit, note)
    yield from _ready(state, locale)
    placed = _placed(state, cards)
    for title, _, _ in AREAS:
        yield from _area_dice(state, title, placed[title])


# --- the header ----------------------------------------------------------------------------------------


def _header(state: State, locale: Locale) -> Iterator[Shape]:
    title = fit(t(locale, "Deep Space D-6 · round {round}", round=state.round), 20, 330, True)
    yield Text(HEADER[0], HEADER[1] + 3, title, 20, TEXT, True)
    deck_name = d6_term(locale, "threat_deck")
    if state.deck:
        deck = t(locale, "{deck}: {count} left", deck=deck_name, count=len(state.deck))
    else:
        deck = t(locale, "{deck}: empty", deck=deck_name)
    deck = fit(deck, 13, 230)
    yield Text(HEADER[2], HEADER[1] + 8, deck, 13, TEXT, False, "ra")
    deck_x = HEADER[2] - int(font(13).getlength(deck)) - 24
    yield Icon("deck", deck_x, HEADER[1] + 6, 17, MUTED, BACKGROUND)
    left = HEADER[0] + int(font(20, True).getlength(title)) + 16
    right = deck_x - 12
    if state.outcome == "won":
        status, fill = t(locale, "Won! Score {score}", score=state.score), WON
    elif state.outcome == "lost":
        reason = loss_text(state, locale) or t(locale, "The ship is lost.")
        status, fill = t(locale, "Lost: {reason} Score {score}", reason=reason, score=state.score), LOST
    elif state.pending is not None:
        status, fill = t(locale, "Decision: {question}", question=pending_question(state)), DECISION
    else:
        advice = fit(t(locale, "Assign the ready crew, then end the assignment"), 12, right - left)
        yield Text(left, HEADER[1] + 9, advice, 12, MUTED)
        return
    yield Rect((left, HEADER[1], right, HEADER[3]), fill=fill, radius=6)
    height = HEADER[3] - HEADER[1]
    lines, size = fit_lines(status, 14, right - left - 20, height - 4, 10)
    top = HEADER[1] + (height - len(lines) * (size + LEADING)) // 2
    for n, line in enumerate(lines):
        yield Text(left + 10, top + n * (size + LEADING), line, size, TEXT)


def layout(state: State, locale: Locale = "en") -> Mat:
    """Every shape of the board picture, in drawing order, in `locale`; the same state always gives
    the same."""
    ground = list(_ground(state, locale))
    shapes: list[Shape] = [*ground, *_header(state, locale)]
    for heading, threats, x, width in (
        (t(locale, "Internal threats"), state.internal, INTERNAL_X, CARD_W),
        (t(locale, "External threats"), state.external, EXTERNAL_X, 2 * EXTERNAL_W + CARD_GAP),
    ):
        count = f"{heading}: {len(threats)}"  # a number fits where "none" in words was cut
        shapes.append(Text(x, COLUMNS_Y, fit(count, 13, width, True), 13, MUTED, True))
    cards = _cards(state, state.internal, INTERNAL_X, CARD_W, 1, locale)
    cards += _cards(state, state.external, EXTERNAL_X, EXTERNAL_W, 2, locale)
    shapes += _ship(state, {c.uid for c in cards if isinstance(c, CardShape)}, locale)
    return Mat(tuple(shapes + cards), len(ground))
