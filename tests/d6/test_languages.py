"""D-6 in German, Spanish and the pseudo-locale without Discord: card texts, the rules and tips
files, and the board picture, whose every text fits its place in every language (German is long,
the pseudo-locale 40 % longer than English)."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from core import guide, tips
from core.d6 import apply, new_game
from core.d6.actions import EndAssignment, Fire, Gather, Reroll
from core.d6.ai import heuristic
from core.d6.cards import card_text, deck
from core.d6.state import State, Threat
from core.i18n import PSEUDO, Locale, say, t
from core.i18n.glossary import glossary
from core.render.d6_hint import hint_text
from core.render.d6_layout import (
    AREAS,
    BOTTOM,
    CARD_GAP,
    CARD_W,
    COLUMNS_Y,
    EXTERNAL_W,
    EXTERNAL_X,
    HEADER,
    HEIGHT,
    INTERNAL_X,
    READY,
    SHIP,
    STATION_W,
    WIDTH,
    area_box,
    layout,
)
from core.render.d6_text import describe_action, describe_board
from core.render.fonts import fit, font, wrap
from core.render.shapes import Box, Text
from tests.d6.helpers import C as COMMANDER
from tests.d6.helpers import E as ENGINEERING
from tests.d6.helpers import S as SCIENCE
from tests.d6.helpers import T as TACTICAL
from tests.d6.helpers import make_state, pool, rig_threat_die, threat
from tools.i18n import read

LOCALES: tuple[Locale, ...] = ("de", "es", PSEUDO)


@cache
def states() -> tuple[State, ...]:
    """States of two heuristic games, and every threat card in play a few at a time."""
    found: list[State] = []
    for seed in (1, 4):
        state = new_game(seed, "medium")
        found.append(state)
        while state.outcome == "playing":
            state, _ = apply(state, heuristic(state).action)
            found.append(state)
    base = new_game(3, "medium")
    internal = [c.id for c in deck().cards if c.kind == "internal"]
    external = [c.id for c in deck().cards if c.kind == "external"]
    for n in range(0, len(external), 6):
        cards = internal[n // 2 : n // 2 + 3] + external[n : n + 6]
        threats = [Threat(uid=100 + i, card=c, health=_health(c)) for i, c in enumerate(cards)]
        found.append(
            base.model_copy(
                update={
                    "internal": [t for t in threats if t.health is None],
                    "external": [t for t in threats if t.health is not None],
                }
            )
        )
    return (*found[::12], found[-1])


def _health(card_id: str) -> int | None:
    return next(c.health for c in deck().cards if c.id == card_id)


def test_the_english_card_texts_are_the_printed_ones() -> None:
    """The glossary's English texts are the cards' printed texts with their icons in words."""
    assert glossary("en")["d6"]["texts"] == {c.id: card_text(c) for c in deck().cards}


@pytest.mark.parametrize("language", ["de", "es"])
def test_every_card_text_is_translated(language: str) -> None:
    texts = glossary(language)["d6"]["texts"]
    english = glossary("en")["d6"]["texts"]
    for card_id, text in texts.items():
        assert text.strip(), card_id
        assert text != english[card_id] or text.startswith("-"), card_id  # "-1 Hull" → "-1 Rumpf"
        assert "Hull" not in text, card_id
        assert "Shield" not in text, card_id


@pytest.mark.parametrize("language", ["de", "es"])
def test_the_rules_and_tips_are_translated_whole(language: str) -> None:
    assert guide.translation_problems("d6", "rules", language) == []
    assert guide.translation_problems("d6", "tips", language) == []
    assert [t.key for t in tips.tips("d6", language).values()] == [t.key for t in tips.tips("d6").values()]
    assert guide.topics("d6", language).keys() == guide.topics("d6").keys()


def _extent(shape: Text) -> Box:
    """The box a text is painted in, from its anchor and its width in the font it is painted with."""
    width = font(shape.size, shape.bold).getlength(shape.text)
    left = {"l": shape.x, "m": shape.x - width / 2, "r": shape.x - width}[shape.anchor[0]]
    top = shape.y - shape.size // 2 if shape.anchor[1] == "m" else shape.y
    return int(left), top, int(left + width + 0.999), top + shape.size


def _places(state: State, cards: list[Box]) -> list[Box]:
    """Where texts go: cards, the mat's areas, the ready row, the ship, the columns, the header."""
    columns = [
        (INTERNAL_X, COLUMNS_Y, INTERNAL_X + CARD_W, BOTTOM),
        (EXTERNAL_X, COLUMNS_Y, EXTERNAL_X + 2 * EXTERNAL_W + CARD_GAP, BOTTOM),
    ]
    areas = [area_box(title) for title, _, _ in AREAS]
    whole = (0, 0, WIDTH, HEIGHT)
    return [*cards, *areas, READY, SHIP, *columns, (HEADER[0], 0, HEADER[2], HEADER[3] + 2), whole]


def _smallest(boxes: list[Box], x: int, y: int) -> Box:
    holding = [b for b in boxes if b[0] <= x <= b[2] and b[1] <= y <= b[3]]
    return min(holding, key=lambda b: (b[2] - b[0]) * (b[3] - b[1]))


@pytest.mark.parametrize("locale", ["en", *LOCALES])
def test_every_picture_text_fits_its_place(locale: Locale) -> None:
    """Each text stays inside the smallest place (card, area, row, column, header) its anchor is in,
    and no two texts overlap."""
    for state in states():
        mat = layout(state, locale)
        places = _places(state, [c.box for c in mat.cards()])
        drawn = [(shape, _extent(shape)) for shape in mat.texts()]
        for shape, (left, _, right, _) in drawn:
            place = _smallest(places, shape.x, shape.y)
            assert place[0] - 1 <= left, (locale, shape, place)
            assert right <= place[2] + 1, (locale, shape, place)
        for n, (shape, a) in enumerate(drawn):
            for other, b in drawn[n + 1 :]:
                apart = a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
                assert apart, (locale, shape, other)


@pytest.mark.parametrize("locale", LOCALES)
def test_the_picture_and_the_words_are_in_the_language(locale: Locale) -> None:
    state = states()[0]
    words = " ".join(shape.text for shape in layout(state, locale).texts())
    english = " ".join(shape.text for shape in layout(state).texts())
    assert words != english
    assert describe_board(state, locale) != describe_board(state)
    if locale == "es":
        assert {"Comandante", "Enfermería", "Escáneres", "Táctico"} <= set(words.split())
    if locale == "de":
        assert {"Kommandant", "Krankenstation", "Taktik"} <= set(words.split())


# The first string of a message call, in double or single quotes (single inside an f-string's braces),
# and what follows it when another string goes on with it (a long id split over lines).
_NAMED = re.compile(
    r"\b(?:t|tn|lazy|lazy_n|mark|mark_plural)\(\s*(?:\w+(?:\.\w+)?,\s*)?"
    r"""(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')(\s*["'])?"""
)


def test_every_message_the_d6_code_names_is_in_the_catalogue() -> None:
    """Babel's scan drops a message whose call has a name `t` among its arguments (`ThreatName(t.card)`
    inside `lazy(...)`): each first string of a message call in the D-6 code is a catalogue id (the
    start of one, when the string goes on on the next line)."""
    found = {  # the game's own file, or the shared one for words both games say (tools.i18n.AREAS)
        str(m.id if isinstance(m.id, str) else m.id[0])
        for domain in ("d6", "messages")
        for m in read("de", domain)
        if m.id
    }
    files = [
        *Path("core/d6").glob("*.py"),
        *Path("core/render").glob("d6_*.py"),
        *Path("cogs/d6").glob("*.py"),
    ]
    named = [
        (path.name, double or single, bool(more))
        for path in files
        for double, single, more in _NAMED.findall(path.read_text(encoding="utf-8"))
    ]
    inside = "f\" ({t(locale, 'in stasis')})\""  # a single-quoted id in an f-string's braces
    assert _NAMED.findall(inside) == [("", "in stasis", "")]
    missed = [
        (name, said)
        for name, said, more in named
        if not (any(known.startswith(said) for known in found) if more else said in found)
    ]
    assert missed == []


@pytest.mark.parametrize("locale", ["en", "de", "es"])
def test_every_station_and_area_says_its_rule_whole_on_the_mat(locale: Locale) -> None:
    """Two lines fit under each title (the area's dice sit below them): a rule cut with "…" hides what
    the station does ("…or re-roll the ready crew" was lost in German and Spanish)."""
    for title, _, rule in AREAS:
        lines = wrap(t(locale, rule), 10, STATION_W - 20, 2)
        assert not any(line.endswith("…") for line in lines), (title, lines)
    assert not fit(t(locale, "Away team"), 10, 70).endswith("…")


@pytest.mark.parametrize("locale", ["en", "de", "es"])
def test_no_board_picture_of_whole_games_cuts_a_word(locale: Locale) -> None:
    """A long name or note gets smaller, or wraps, before it is cut: the question a game waits on, its
    result with the score, a threat's name, a station's rule were cut in German and Spanish."""
    cut: set[str] = set()
    for seed in range(1, 9):
        state = new_game(seed)
        for step in range(400):
            if step % 3 == 0 or state.outcome != "playing":
                cut |= {shape.text for shape in layout(state, locale).texts() if shape.text.endswith("…")}
            if state.outcome != "playing":
                break
            state, _ = apply(state, heuristic(state).action)
    assert cut == set()


def test_health_left_agrees_with_its_number_in_spanish_and_german() -> None:
    """A review: "Buque insignia recibe 1 de daño (le queda 3 de salud)" and "2 a Dron (le quedan 1 de
    vida)", "hat noch 1 Lebenspunkte": the health left is counted, so its words follow the number
    (and Spanish says "salud" for health, as the board does)."""
    state = make_state(pool(TACTICAL, TACTICAL), external=[threat(1, "flagship"), threat(2, "drone_a")])
    state, events = apply(state, Fire(die=0, split=((1, 1),)))
    said = {locale: [say(locale, event.text) for event in events] for locale in ("es", "de")}
    assert "La amenaza Buque insignia recibe 1 de daño (le quedan 3 de salud)." in said["es"]
    state, events = apply(state, Fire(die=1, split=((1, 2),)))
    hit = "La amenaza Buque insignia recibe 2 de daño (le queda 1 de salud)."
    assert hit in [say("es", e.text) for e in events]
    overkill = make_state(pool(TACTICAL, TACTICAL), external=[threat(2, "drone_a")], tactical_used=1)
    shot = Fire(die=0, split=((2, 2),))
    assert describe_action(overkill, shot, locale="es").endswith("2 a Dron (le queda 1 de salud)")
    assert describe_action(overkill, shot, locale="de").endswith("(hat noch 1 Lebenspunkt)")


def test_a_roll_of_one_die_is_said_in_the_singular_in_spanish() -> None:
    """A review: a Commander re-rolling the one other ready die read "Tirados 1 dados de tripulación"."""
    state = make_state(pool(COMMANDER, TACTICAL), external=[threat(1, "corsair")])
    _, one = apply(state, Reroll(die=0))
    assert [say("es", e.text) for e in one][1].startswith("Tirado 1 dado de tripulación: ")
    state = make_state(pool(COMMANDER, TACTICAL, TACTICAL), external=[threat(1, "corsair")])
    _, two = apply(state, Reroll(die=0))
    assert [say("es", e.text) for e in two][1].startswith("Tirados 2 dados de tripulación: ")


def test_a_threat_named_in_the_plural_is_the_subject_of_a_verb_that_agrees() -> None:
    """A review: "Saqueadores se activa", "Piratas espaciales golpea por 2", "Eindringlinge wird
    aktiviert": many threats' Spanish and German names are plurals. The events name the threat as "la
    amenaza …" / "die Bedrohung …", as "¡La amenaza … queda destruida!" already did."""
    state = make_state(pool(TACTICAL), external=[threat(1, "raiders_a")], shields=4)
    state, events = apply(rig_threat_die(state, 4), EndAssignment())
    said = {locale: [say(locale, e.text) for e in events] for locale in ("es", "de")}
    assert "La amenaza Saqueadores se activa." in said["es"]
    assert any(line.startswith("La amenaza Saqueadores golpea por 2 — ") for line in said["es"])
    assert "Die Bedrohung Plünderer wird aktiviert." in said["de"]
    assert any(line.startswith("Die Bedrohung Plünderer trifft mit 2 — ") for line in said["de"])


def test_a_threat_named_in_the_plural_reads_right_on_the_spanish_board() -> None:
    """The board's threat lines read "Saqueadores, 2/2 de salud, se activa con 4, 6" and
    "Comunicaciones caídas, nunca se activa: se queda…": they say it without a verb now."""
    internal, external = [threat(1, "comms_offline")], [threat(2, "raiders_a")]
    state = make_state(pool(TACTICAL), internal=internal, external=external)
    board = describe_board(state, "es")
    assert "Saqueadores, 2/2 de salud, activación con 4, 6." in board
    assert "Comunicaciones caídas, sin activación: en juego hasta completar su misión ausente." in board
    assert "se activa con" not in board


def test_leaving_the_away_teams_says_where_in_german_and_spanish() -> None:
    """ "Die Außenteams lassen" ("let the away teams") and "Dejar los equipos ausentes" missed "in place"."""
    assert describe_action(make_state(pool(TACTICAL)), Gather(), locale="de").startswith(
        "Die Außenteams dort lassen ("
    )
    assert describe_action(make_state(pool(TACTICAL)), Gather(), locale="es").startswith(
        "Dejar los equipos ausentes en su sitio ("
    )


def test_the_german_hint_for_a_half_done_mission_says_noch_once() -> None:
    """A review: "ihre Außenmission braucht dann noch noch 1: Kommandant" (the count's own "noch 1")."""
    state = make_state(pool(SCIENCE, ENGINEERING), internal=[threat(1, "cloaked_threats")])
    said = hint_text(state, "de")
    assert "ihre Außenmission braucht dann noch 1: Kommandant." in said
    assert "noch noch" not in said
