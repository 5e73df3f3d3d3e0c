"""The D-6 board picture shows the ship's mat with every die where it is, and every threat as its card
(name, health, activation numbers, effect in words, away mission, stasis); its words show the same.

What is drawn is read from the layout (`core.render.d6_layout.layout`, the shapes the painter draws);
a few checks read pixels back to see that the painter draws those shapes.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from functools import cache

import pytest
from PIL import Image, ImageDraw

from core.d6 import apply, new_game
from core.d6.actions import Stasis
from core.d6.ai import heuristic
from core.d6.cards import Face, card, card_text, deck
from core.d6.engine import card_of, legal_actions
from core.d6.names import face_name, threat_name
from core.d6.state import Die, Pending, Place, State, Station, Threat
from core.i18n import Locale, t
from core.render.d6_board import die_fill, render_board
from core.render.d6_layout import (
    AREAS,
    BANNED,
    FACE_COLOURS,
    HEIGHT,
    HULL_ON,
    HULL_Y,
    SHIELD_ON,
    SHIELD_Y,
    SHIP,
    STASIS,
    TEXT,
    TRACK_OFF,
    WARNING,
    WIDTH,
    CardShape,
    Look,
    Mat,
    area_box,
    layout,
    pip_box,
)
from core.render.d6_text import describe_board, die_state, station_lines
from core.render.fonts import font, missing
from core.render.shapes import Box, Text, inside, paint


def picture(state: State) -> Image.Image:
    return Image.open(io.BytesIO(render_board(state))).convert("RGB")


def centre(box: Box) -> tuple[int, int]:
    return (box[0] + box[2]) // 2, (box[1] + box[3]) // 2


@cache
def played() -> tuple[State, ...]:
    """Every state of a few heuristic games: ready, used, locked, sick, held and mission dice, stasis,
    decisions waiting, both endings."""
    states: list[State] = []
    for seed in range(6):
        state = new_game(seed, "medium")
        states.append(state)
        while state.outcome == "playing":
            state, _ = apply(state, heuristic(state).action)
            states.append(state)
    return tuple(states)


def card_of_threat(mat: Mat, threat: Threat) -> CardShape:
    [shape] = [c for c in mat.cards() if c.uid == threat.uid]
    return shape


def words_in(mat: Mat, box: Box) -> str:
    return " ".join(t.text for t in mat.texts(box))


def with_threats(state: State, cards: list[str]) -> State:
    """`state` with exactly these threat cards in play (fresh health), internal and external apart."""
    internal: list[Threat] = []
    external: list[Threat] = []
    for uid, card_id in enumerate(cards, start=100):
        spec = card(card_id)
        threat = Threat(uid=uid, card=card_id, health=spec.health)
        (external if spec.kind == "external" else internal).append(threat)
    return state.model_copy(update={"internal": internal, "external": external})


def every_card_in_play() -> Iterator[State]:
    """Every threat card of the deck, a few at a time (as many as a real game holds at once)."""
    base = new_game(3, "medium")
    internal = [c.id for c in deck().cards if c.kind == "internal"]
    external = [c.id for c in deck().cards if c.kind == "external"]
    for n in range(0, max(len(internal), len(external)), 8):
        yield with_threats(base, internal[n // 2 : n // 2 + 4] + external[n : n + 8])


# --- the picture -------------------------------------------------------------------------------------------


def test_the_picture_is_a_png_of_the_board_size_and_deterministic() -> None:
    state = new_game(3, "medium")
    image = picture(state)
    assert image.size == (WIDTH, HEIGHT)
    assert render_board(state) == render_board(state.model_copy(deep=True))


def test_the_tracks_show_hull_and_shields() -> None:
    state = new_game(3, "medium").model_copy(update={"hull": 5, "shields": 1})
    image = picture(state)
    hull = [image.getpixel(centre(pip_box(HULL_Y, i))) for i in range(8)]
    shields = [image.getpixel(centre(pip_box(SHIELD_Y, i))) for i in range(4)]
    assert hull == [HULL_ON] * 5 + [TRACK_OFF] * 3
    assert shields == [SHIELD_ON] + [TRACK_OFF] * 3
    texts = [t.text for t in layout(state).texts()]
    assert {"Hull", "5/8", "Shields", "1/4"} <= set(texts)


def test_shields_held_offline_by_nebula_are_greyed_and_said_offline() -> None:
    """Nebula: "you may not use or recharge shields": the shields the track still shows do nothing,
    so the picture greys their pips and the words say why, until Nebula is gone."""
    state = new_game(3, "medium")
    nebula = Threat(uid=99, card="nebula", health=3)
    held = state.model_copy(update={"shields": 4, "external": [*state.external, nebula]})
    shields = [picture(held).getpixel(centre(pip_box(SHIELD_Y, i))) for i in range(4)]
    assert SHIELD_ON not in shields
    assert len(set(shields)) == 1
    assert shields[0] != TRACK_OFF
    assert "Shields 4/4 (offline: Nebula)" in describe_board(held)
    assert "(offline" not in describe_board(state.model_copy(update={"shields": 4}))


def test_every_die_is_drawn_once_where_it_is() -> None:
    """Over whole games: each of the six dice once, in the area or on the card where it is, drawn as
    its place asks (ready, waiting, used, on a card, held, in the Infirmary, locked, set aside)."""
    looks: set[Look] = set()
    for state in played():
        mat = layout(state)
        dice = mat.dice()
        assert sorted(d.index for d in dice) == list(range(6)), state.round
        cards = {c.uid: c.box for c in mat.cards()}
        for shape in dice:
            die = state.dice[shape.index]
            looks.add(shape.look)
            assert shape.face is die.face
            x, y = centre(shape.box)
            if die.on is not None and die.on in cards:  # away mission, held, stasis beam
                assert inside(cards[die.on], x, y), (die, shape)
                continue
            expected = {
                Place.POOL: {Look.READY if state.phase == "assign" else Look.WAITING},
                Place.STATION: {Look.USED},
                Place.SCANNER: {Look.LOCKED},
                Place.INFIRMARY: {Look.INFIRMARY},
                Place.RESET: {Look.SET_ASIDE},
                Place.RETURNED: {Look.RETURNED},
            }[die.place]
            assert shape.look in expected, (die, shape)
            area = {
                Place.SCANNER: "Scanners",
                Place.INFIRMARY: "Infirmary",
                Place.RESET: "Returned",
                Place.RETURNED: "Returned",
            }.get(die.place)
            if area is not None:
                assert inside(area_box(area), x, y), (die, shape)
    assert looks == set(Look)  # the games met every kind of place


def test_the_dice_read_differently_by_where_they_are() -> None:
    state = new_game(5, "medium")
    dice = [
        Die(face=Face.TACTICAL),  # ready
        Die(face=Face.TACTICAL, place=Place.STATION, station=Station.WEAPONS),
        Die(face=Face.TACTICAL, place=Place.INFIRMARY),
        Die(face=Face.THREAT, place=Place.SCANNER),
        Die(face=Face.THREAT, place=Place.RESET),
        Die(face=Face.MEDICAL, place=Place.RETURNED),
    ]
    state = state.model_copy(update={"dice": dice, "phase": "assign"})
    mat = layout(state)
    by_index = {d.index: d for d in mat.dice()}
    assert [by_index[i].look for i in range(6)] == [
        Look.READY,
        Look.USED,
        Look.INFIRMARY,
        Look.LOCKED,
        Look.SET_ASIDE,
        Look.RETURNED,
    ]
    fills = [die_fill(by_index[i]) for i in range(6)]
    assert fills[0] == fills[1] == FACE_COLOURS[Face.TACTICAL]  # the same face, ready or used…
    assert len({fills[1], fills[2], fills[5]}) == 3  # …but sick and returned dice are faded or blank
    image = picture(state)
    ready, used = by_index[0].box, by_index[1].box
    assert image.getpixel((ready[0] + 12, ready[1])) == TEXT  # a ready die is outlined
    assert image.getpixel((used[0] + 12, used[1])) != TEXT
    locked = by_index[3].box
    assert image.getpixel((locked[0] + 12, locked[1])) == WARNING  # a locked die, in amber
    sick = by_index[2].box
    inner = image.crop((sick[0], sick[1], sick[2], sick[3]))
    assert any(colour == BANNED for _, colour in inner.getcolors(4096) or [])  # the red cross
    for index in range(6):
        box = by_index[index].box
        assert image.getpixel((box[0] + 2, box[3] - 4)) == fills[index]


def test_every_threat_is_a_card_with_its_name_health_activation_and_effect() -> None:
    """Every card of the deck, put in play: its card shows its name in full, its health, the
    threat-die numbers it activates on (or why it has none) and its whole effect in words."""
    seen: set[str] = set()
    for state in every_card_in_play():
        mat = layout(state)
        for threat in state.threats():
            spec = card_of(threat)
            seen.add(spec.id)
            box = card_of_threat(mat, threat).box
            texts = mat.texts(box)
            words = " ".join(t.text for t in texts)
            assert "…" not in words, spec.id  # nothing shortened
            assert spec.name in [t.text for t in texts], spec.id
            assert " ".join(card_text(spec).split()) in words, spec.id
            if spec.health is not None:
                assert f"{threat.health}/{spec.health}" in words
            lit = [t.text for t in texts if t.bold and t.text.isdigit()]
            assert lit == [str(pip) for pip in spec.activation], spec.id
            if not spec.activation:
                assert "activ" in words or "revealed" in words, spec.id
            if spec.mission is not None:
                assert "Away team" in words, spec.id
    assert seen == {c.id for c in deck().cards if c.kind != "filler"}


def test_internal_and_external_threats_are_told_apart() -> None:
    state = next(s for s in every_card_in_play() if s.internal and s.external)
    mat = layout(state)
    for threat in state.threats():
        shape = card_of_threat(mat, threat)
        assert shape.external == (threat in state.external)
        column = (SHIP[2], WIDTH) if shape.external else (0, SHIP[0])
        assert column[0] <= shape.box[0]
        assert shape.box[2] <= column[1]
    image = picture(state)
    bands = (
        {image.getpixel((c.box[0] + 40, c.box[1] + 2)) for c in mat.cards() if c.external},
        {image.getpixel((c.box[0] + 40, c.box[1] + 2)) for c in mat.cards() if not c.external},
    )
    assert len(bands[0]) == len(bands[1]) == 1
    assert bands[0] != bands[1]


def test_stasis_is_drawn_on_the_card_with_its_science_die() -> None:
    state = new_game(5, "medium")
    stasis = next(a for a in legal_actions(state) if isinstance(a, Stasis))
    after, _ = apply(state, stasis)
    assert render_board(after) != render_board(state)
    mat = layout(after)
    for threat in after.threats():
        box = card_of_threat(mat, threat).box
        assert ("STASIS" in words_in(mat, box)) == threat.stasis
        assert card_of_threat(mat, threat).stasis == threat.stasis
    target = next(t for t in after.threats() if t.stasis)
    [beam] = [d for d in mat.dice() if d.index == stasis.die]
    assert beam.look is Look.PLACED
    assert inside(card_of_threat(mat, target).box, *centre(beam.box))
    image = picture(after)
    box = card_of_threat(mat, target).box
    assert image.getpixel((box[0], (box[1] + box[3]) // 2)) == STASIS  # the card's edge


def test_away_missions_and_held_dice_are_on_their_cards() -> None:
    state = with_threats(new_game(5, "medium"), ["hijackers", "distracted", "pandemic"])
    hijackers, distracted, pandemic = (
        next(t for t in state.threats() if t.card == c) for c in ("hijackers", "distracted", "pandemic")
    )
    dice = list(state.dice)
    dice[0] = Die(face=Face.COMMANDER, place=Place.MISSION, on=hijackers.uid)
    dice[1] = Die(face=Face.ENGINEERING, place=Place.HELD, on=distracted.uid)
    dice[2] = Die(face=Face.MEDICAL, place=Place.MISSION, on=pandemic.uid)
    state = state.model_copy(update={"dice": dice})
    mat = layout(state)
    placed = {d.index: d for d in mat.dice()}
    for index, threat, look in (
        (0, hijackers, Look.PLACED),
        (1, distracted, Look.HELD),
        (2, pandemic, Look.PLACED),
    ):
        assert placed[index].look is look
        assert inside(card_of_threat(mat, threat).box, *centre(placed[index].box))
    assert "Holds" in words_in(mat, card_of_threat(mat, distracted).box)
    assert " or " in f" {words_in(mat, card_of_threat(mat, pandemic).box)} "  # Science or Medical
    # the words say the held die as the card does ("Holds"), not "distracted (Distracted)"
    assert die_state(state, 1) == "Engineering, held by Distracted"
    held: tuple[tuple[Locale, str, str], ...] = (
        ("de", "Hält", "Technik, festgehalten von Abgelenkt"),
        ("es", "Retiene", "Ingeniería, retenido por Distraído"),
    )
    for locale, holds, said in held:
        there = layout(state, locale)
        assert holds in words_in(there, card_of_threat(there, distracted).box)
        assert die_state(state, 1, locale) == said


def test_a_banned_station_says_so() -> None:
    state = with_threats(new_game(5, "medium"), ["panel_explosion", "nebula"])
    mat = layout(state)
    engineering = words_in(mat, area_box("Engineering"))
    assert "Cannot be used: Panel Explosion is in play" in engineering
    assert "offline: Nebula" in [t.text for t in mat.texts()]


def test_a_decision_and_the_deck_left_are_in_the_header() -> None:
    state = new_game(5, "medium")
    waiting = state.model_copy(update={"pending": Pending(kind="gather", reason="recall crew?")})
    texts = [t.text for t in layout(waiting).texts()]
    # The question is said from the decision's kind, in the reader's language (not the stored reason).
    assert any(text.startswith("Decision: Recall crew from unfinished away missions") for text in texts)
    assert f"Threat deck: {len(state.deck)} left" in texts


def test_crowded_columns_keep_every_card_inside_the_picture() -> None:
    """Twelve external threats (more than real games reach) still fit, without overlapping."""
    externals = [c.id for c in deck().cards if c.kind == "external"][:12]
    state = with_threats(
        new_game(5, "medium"), [*externals, "pandemic", "time_warp", "invaders", "distracted"]
    )
    mat = layout(state)
    boxes = [c.box for c in mat.cards()]
    assert len(boxes) == 16
    for n, a in enumerate(boxes):
        assert a[0] >= 0
        assert a[2] <= WIDTH
        assert a[1] >= 0
        assert a[3] <= HEIGHT
        for b in boxes[n + 1 :]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
    for threat in state.threats():
        words = words_in(mat, card_of_threat(mat, threat).box)
        assert " ".join(card_text(card_of(threat)).split()) in words


# --- glyphs ------------------------------------------------------------------------------------------------


@cache
def _one(size: int, bold: bool, char: str) -> bytes:
    image = Image.new("L", (64, 64))
    ImageDraw.Draw(image).text((8, 8), char, font=font(size, bold), fill=255)
    return image.tobytes()


def test_no_threat_text_is_a_missing_glyph_box() -> None:
    """Every text of every threat card, the mat and the header, in the font and size it is painted
    with (`core.render.shapes.paint` draws a `Text` in `font(size, bold)`): each character is in the
    font's cmap, and Pillow draws none of them as the missing-glyph box (it did on the Dine cards:
    "H☐hnerstall-Nebel")."""
    texts: set[tuple[str, int, bool]] = set()
    for state in [*every_card_in_play(), played()[-1]]:
        texts |= {(t.text, t.size, t.bold) for t in layout(state).texts()}
    for spec in deck().cards:
        if spec.kind != "filler":
            assert spec.name in {text for text, _, _ in texts}
    assert {(text, size, bold) for text, size, bold in texts if missing(text, bold)} == set()
    boxes = {
        (char, text)
        for text, size, bold in texts
        for char in set(text)
        if not char.isspace() and _one(size, bold, char) == _one(size, bold, "\U0010fffd")
    }
    assert not boxes
    assert _one(11, False, "\U0010fffd") == _one(11, False, "\U0001f680")  # the check can fail: 🚀


def test_no_text_runs_off_the_picture() -> None:
    for state in [*every_card_in_play(), *played()[::40]]:
        for shape in layout(state).texts():
            assert isinstance(shape, Text)
            assert 0 <= shape.x <= WIDTH, shape
            assert 0 <= shape.y <= HEIGHT, shape
            assert not re.search(r"\[\w", shape.text), shape  # no raw icon placeholder


# --- the words ---------------------------------------------------------------------------------------------


def test_the_words_name_every_die_threat_and_track() -> None:
    state = new_game(5, "medium")
    text = describe_board(state)
    assert f"Hull {state.hull}/8, Shields {state.shields}/4" in text
    for index in range(6):
        assert f"Die {index + 1}: " in text
    for threat in state.internal + state.external:
        assert threat.card.split("_")[0].lower() in text.lower()
    locked = [i for i, d in enumerate(state.dice) if d.place is Place.SCANNER]
    for index in locked:
        assert f"Die {index + 1}: Threat, locked in the Scanners" in text


# --- the gallery -------------------------------------------------------------------------------------------


def test_the_gallery_shows_the_board_in_telling_positions() -> None:
    """`python -m tools.gallery` writes these pictures (docs/gallery/d6-*.png, shown in docs/d6.md)."""
    from tools.gallery import D6_BOARDS, d6_boards, d6_positions

    positions = d6_positions()
    assert tuple(positions) == D6_BOARDS
    assert positions["d6-board-start"].round == 1
    busy = positions["d6-board-busy"]
    assert busy.internal
    assert any(t.stasis for t in busy.threats())
    decision = positions["d6-board-decision"].pending
    assert decision is not None
    assert decision.source is not None
    assert positions["d6-board-won"].outcome == "won"
    for png in d6_boards().values():
        assert Image.open(io.BytesIO(png)).size == (WIDTH, HEIGHT)


def test_a_die_on_a_card_too_crowded_to_draw_is_still_drawn() -> None:
    """Twenty-three external threats at once (never met in play): the cards that do not fit are
    counted in words, and a die on one of them is drawn on the mat instead: every die, once."""
    externals = [c.id for c in deck().cards if c.kind == "external"]
    state = with_threats(new_game(5, "medium"), externals)
    last = state.external[-1]
    dice = list(state.dice)
    dice[0] = Die(face=Face.COMMANDER, place=Place.MISSION, on=last.uid)
    state = state.model_copy(update={"dice": dice})
    mat = layout(state)
    assert last.uid not in {c.uid for c in mat.cards()}
    assert any("more threat" in t.text for t in mat.texts())
    assert sorted(d.index for d in mat.dice()) == list(range(6))


def test_a_painted_text_is_the_text_pillow_draws() -> None:
    """The painter pastes a kept coverage mask of each text (faster); the pixels are Pillow's own."""
    for text, size, bold, anchor in (
        ("Cosmic Existentialism", 12, True, "la"),
        ("-1 Health. When destroyed, -5 Hull.", 11, False, "la"),
        ("3/4", 11, True, "ra"),
        ("6", 9, True, "mm"),
        ("USS CRYPSIS  ·  RPTR CLASS", 9, True, "mm"),
    ):
        shape = Text(100, 30, text, size, TEXT, bold, anchor)
        painted, drawn = (Image.new("RGB", (240, 60), (28, 36, 62)) for _ in range(2))
        paint(painted, ImageDraw.Draw(painted), shape)
        ImageDraw.Draw(drawn).text((100, 30), text, font=font(size, bold), fill=TEXT, anchor=anchor)
        assert painted.tobytes() == drawn.tobytes(), text


@pytest.mark.parametrize("locale", ["en", "de", "es"])
def test_the_words_name_a_used_die_where_the_picture_draws_it(locale: Locale) -> None:
    """A review: the words said "Tactical, at Weapons" ("Táctico, en Armas") while the picture titles
    its stations by crew face only ("Tactical", "Táctico"): a player could not find Weapons on it. A
    die at a station now names the title of the box the picture draws it in, and a stasis beam's die
    the threat whose card it is drawn on."""
    seen: set[Station] = set()
    for state in played():
        mat = layout(state, locale)
        cards = {c.uid: c.box for c in mat.cards()}
        for shape in mat.dice():
            die = state.dice[shape.index]
            if die.place is not Place.STATION or die.station is None:
                continue
            seen.add(die.station)
            said = die_state(state, shape.index, locale)
            if die.station is Station.STASIS and die.on in cards:
                threat = state.threat(die.on)
                assert threat is not None
                assert inside(cards[die.on], *centre(shape.box))
                assert threat_name(locale, threat.card) in said, said
                assert threat_name(locale, threat.card) in words_in(mat, cards[die.on])
                continue
            [area] = [title for title, _, _ in AREAS if inside(area_box(title), *centre(shape.box))]
            [title] = [text.text for text in mat.texts(area_box(area)) if text.bold]
            at = t(locale, "at the {station} station", station=title)
            assert said == f"{face_name(locale, die.face)}, {at}", (said, title)
    assert seen == set(Station)  # the games used every station


@pytest.mark.parametrize("locale", ["en", "de", "es"])
def test_the_words_name_the_area_a_die_set_aside_by_the_scanners_is_drawn_in(locale: Locale) -> None:
    """Three Threat dice that filled the Scanners are set aside until the gather; the picture draws
    them in its Returned area, so the words name that area too (they said only "set aside by the
    Scanners", a place the picture does not show)."""
    seen = 0
    for state in played():
        mat = layout(state, locale)
        for shape in mat.dice():
            if state.dice[shape.index].place is not Place.RESET:
                continue
            seen += 1
            assert inside(area_box("Returned"), *centre(shape.box))
            [title] = [text.text for text in mat.texts(area_box("Returned")) if text.bold]
            assert title in die_state(state, shape.index, locale), die_state(state, shape.index, locale)
    assert seen


def test_the_stations_now_lines_follow_the_stations_on_the_picture() -> None:
    """The words listed the stations in die order (Commander, Tactical, Medical, Science, Engineering)
    while the mat lays them out Commander, Tactical, Science, Engineering, Medical: the same order now."""
    state = new_game(5, "medium")
    said = [line.split(":")[0] for line in station_lines(state)]
    mat = layout(state)
    drawn = [title for title, face, _ in AREAS if face not in (None, Face.THREAT)]
    assert said == drawn == [t.text for title in drawn for t in mat.texts(area_box(title)) if t.bold]
