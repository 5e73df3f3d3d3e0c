"""The D-6 board picture and its words show the state, and nothing else."""

from __future__ import annotations

import io

from PIL import Image

from core.d6 import apply, new_game
from core.d6.actions import Stasis
from core.d6.engine import legal_actions
from core.d6.state import Place
from core.render.d6_board import (
    FACE_COLOURS,
    HEIGHT,
    HULL_ON,
    HULL_Y,
    SHIELD_ON,
    SHIELD_Y,
    TRACK_OFF,
    WIDTH,
    die_box,
    pip_box,
    render_board,
)
from core.render.d6_text import describe_board


def picture(state) -> Image.Image:
    return Image.open(io.BytesIO(render_board(state))).convert("RGB")


def centre(box: tuple[int, int, int, int]) -> tuple[int, int]:
    return (box[0] + box[2]) // 2, (box[1] + box[3]) // 2


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


def test_each_die_shows_its_face_colour() -> None:
    state = new_game(5, "medium")
    image = picture(state)
    for index, die in enumerate(state.dice):
        box = die_box(index)
        pixel = image.getpixel((box[0] + 6, box[1] + 28))  # inside the die, clear of its letters
        assert pixel == FACE_COLOURS[die.face], (index, die)


def test_stasis_and_damage_change_the_picture() -> None:
    state = new_game(5, "medium")
    stasis = next(a for a in legal_actions(state) if isinstance(a, Stasis))
    after, _ = apply(state, stasis)
    assert render_board(after) != render_board(state)


def test_the_words_name_every_die_threat_and_track() -> None:
    state = new_game(5, "medium")
    text = describe_board(state)
    assert f"Hull {state.hull}/8, shields {state.shields}/4" in text
    for index in range(6):
        assert f"Die {index + 1}: " in text
    for threat in state.internal + state.external:
        assert threat.card.split("_")[0].lower() in text.lower()
    locked = [i for i, d in enumerate(state.dice) if d.place is Place.SCANNER]
    for index in locked:
        assert f"Die {index + 1}: threat, locked in the Scanners" in text
