"""Texts are built from parts, never parsed back apart (issue 15 part 4), and the star rating,
clipping and the status tracks each live in one function."""

from __future__ import annotations

import re
from pathlib import Path

from core.d6 import deal as deal_d6
from core.d6 import legal_actions as d6_actions
from core.dine.cards import card_set
from core.dine.engine import deal, legal_actions
from core.dine.state import RULES_VERSION
from core.events import EVERY_SEAT, NOBODY
from core.render import d6_text
from core.render.dine_text import action_text, action_words, describe, describe_action, tracks_text
from core.words import clip, stars

CARDS = card_set(RULES_VERSION)  # the cards new games are dealt with

ROOT = Path(__file__).resolve().parent.parent
SPLIT_TEXT = re.compile(r"""split\(\s*["']: ["']""")


def test_no_module_splits_rendered_text_apart() -> None:
    found = [
        str(path.relative_to(ROOT))
        for folder in ("core", "cogs", "tools")
        for path in (ROOT / folder).rglob("*.py")
        if SPLIT_TEXT.search(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_a_described_move_is_its_parts_joined() -> None:
    for seed in range(20):
        state, _ = deal(seed, crew=3, starter=seed % 2 == 0)
        for action in legal_actions(state):
            said = describe(state, action)
            assert said.text == describe_action(state, action)
            assert said.text == (f"Crew {said.seat + 1}: {said.line}" if said.seat is not None else said.deed)
            assert said.line == said.deed[:1].upper() + said.deed[1:]  # capitalised after whose it is
            assert said.deed.startswith(said.what)
            assert describe(state, action, EVERY_SEAT) == said


def test_a_card_action_is_its_cost_and_effect() -> None:
    cards = CARDS
    used = [a for c in cards.stations for face in (c.normal, c.upgraded) for a in face.actions]
    used += [a for ship in cards.ship_sides() for a in ship.actions]
    for action in used:
        words = action_words(action)
        assert action_text(action) == f"{words.cost}: {words.effect}"


def test_the_d6_labels_with_and_without_the_die_share_their_words() -> None:
    state, _ = deal_d6(7, "medium", "full")
    for action in d6_actions(state):
        full = d6_text.describe_action(state, action)
        short = d6_text.describe_action(state, action, with_die=False)
        die = getattr(action, "die", None)
        if full.startswith(f"Die {die + 1 if isinstance(die, int) else 0}: "):
            assert full.lower().endswith(short.lower())
        else:
            assert short == full


def test_star_rating_clipping_and_tracks_have_one_wording() -> None:
    assert stars(3) == "★★★☆☆"
    assert stars(5) == "★★★★★"
    assert clip("short", 10) == "short"
    assert clip("a long name here", 8) == "a long …"
    assert clip("a long name here", 8, tidy=True) == "a long…"
    state, _ = deal(1, ship="Crusty Cruiser", crew=1)
    assert tracks_text(state).startswith("5 of 5 spaces left on the damage track (")  # left, not taken
    assert tracks_text(state).endswith(", the ship marker on space 1 of 5")  # where it stands: it moves on
    d6_state, _ = deal_d6(1, "medium", "full")
    assert d6_text.tracks_text(d6_state) == "Hull 8/8, Shields 4/4"
    assert NOBODY == ()
