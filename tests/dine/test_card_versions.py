"""Card sets per rules version: every lookup reads the cards of the state's own version.

A test-only card set `dine-t` (v1 with every station and sector name in capitals and a shorter damage
track on the Spacehopper) is played side by side with a v1 game of the same seed, one decision each
in turn: if any lookup, cache or renderer used another version's cards than its state's, a name of
the other set would show up (or a lookup of the other set's data would differ).
"""

from __future__ import annotations

import json
from importlib import resources
from random import Random
from typing import Any

import pytest

from core.dine import cards as cards_module
from core.dine.ai import heuristic
from core.dine.cards import CARD_FILES, CardSet, card_set
from core.dine.engine import apply, deal, legal_actions
from core.dine.state import RULES_VERSION, State
from core.dine.worlds import determinize
from core.games.dine import GAME as DINE
from core.games.dine import RULES_VERSIONS, DineSetup, dealt_versions
from core.render.dine_board import render_board
from core.render.dine_controls import moves
from core.render.dine_hint import hint_text
from core.render.dine_lookup import find
from core.render.dine_text import board_summary, describe, describe_board

TEST = "dine-t"
SHIP = "Spacehopper 3000"


def _variant() -> CardSet:
    data: dict[str, Any] = json.loads(
        resources.files("data.dine").joinpath(CARD_FILES["dine-1"]).read_text(encoding="utf-8")
    )
    for card in data["stations"]:
        for face in ("normal", "upgraded"):
            card[face]["name"] = card[face]["name"].upper()
    for card in data["sectors"]:
        for face in ("front", "back"):
            card[face]["name"] = card[face]["name"].upper()
    for ship in data["ships"]:
        for face in ("front", "back"):
            if ship[face]["name"] == SHIP:
                ship[face]["damage"]["length"] -= 1
    return CardSet.model_validate({**data, "version": TEST})


VARIANT = _variant()


@pytest.fixture
def test_version(monkeypatch: pytest.MonkeyPatch) -> None:
    """`card_set("dine-t")` is the variant; every other version loads as it does in the bot."""
    load = cards_module._load  # pyright: ignore[reportPrivateUsage]
    monkeypatch.setattr(cards_module, "_load", lambda version: VARIANT if version == TEST else load(version))


def names(cards: CardSet) -> set[str]:
    """The station and sector names of `cards` that only that set has (v1's are not in capitals)."""
    sides = [s for c in cards.stations for s in (c.normal, c.upgraded)]
    sides += [s for c in cards.sectors for s in (c.front, c.back)]
    return {s.name for s in sides if s.name != s.name.upper()} or {s.name for s in sides}


def texts(state: State) -> str:
    """Everything the crew reads of `state`: board text, summary, controls, each move's words, a hint."""
    parts = [describe_board(state), board_summary(state), hint_text(state, [0], ["Ada", "Brin"])]
    for seat in (None, *range(state.crew)):
        parts += [f"{m.label} {o.label}" for m in moves(state, seat) for o in m.options]
    parts += [describe(state, action).deed for action in legal_actions(state)[:40]]
    return "\n".join(parts)


def test_the_version_table_names_a_file_for_every_version_and_refuses_others() -> None:
    assert list(CARD_FILES) == ["dine-1", "dine-2", "dine-3", "dine-4", "dine-5"]
    assert RULES_VERSIONS[0] == "dine-1"  # a version once played stays
    assert RULES_VERSIONS[-1] == RULES_VERSION  # and none after new games' is dealt yet
    # every earlier version still plays
    assert RULES_VERSIONS == ("dine-1", "dine-2", "dine-3", "dine-4", "dine-5")
    # a card set listed after new games' own is being designed: never dealt (as dine-5 was, before)
    assert dealt_versions(tuple(CARD_FILES), "dine-4") == ("dine-1", "dine-2", "dine-3", "dine-4")
    for version in CARD_FILES:
        assert card_set(version).version == version
        assert card_set(version) is card_set(version)  # loaded once
    with pytest.raises(ValueError, match="unknown Dine rules version 'dine-9'"):
        card_set("dine-9")


def test_dine_2_deals_and_plays_with_its_own_file() -> None:
    """dine-2 is a real entry with its own file, the card set v2 candidate (`docs/dine-cards.md`): the
    same seed deals the same card ids under both versions, but each game reads its own set. Galactic
    Customs, on top here, has danger 0 for 2 crew in v1 (it strikes on arrival, ruling R10) and not in
    v2 (no danger-0 side there); the dine-2 game then plays to its end on dine-2's cards."""
    v1 = resources.files("data.dine").joinpath(CARD_FILES["dine-1"]).read_bytes()
    v2 = resources.files("data.dine").joinpath(CARD_FILES["dine-2"]).read_bytes()
    assert v1 != v2
    old = deal(7, level="Salad", crew=2, rules_version="dine-1")[0]  # four easy sectors in both sets
    new = deal(7, level="Salad", crew=2, rules_version="dine-2")[0]
    assert (old.rules_version, new.rules_version) == ("dine-1", "dine-2")
    assert old.cards is card_set("dine-1")
    assert new.cards is card_set("dine-2")
    assert (old.hands, old.deck, old.stack) == (new.hands, new.deck, new.stack)
    top = new.sector_card
    assert top is not None
    assert top.sector == "sector-customs"
    assert top.side == "front"
    assert card_set("dine-1").sector("sector-customs").front.danger[1] == 0
    assert card_set("dine-2").sector("sector-customs").front.danger[1] > 0
    assert old.pending is not None
    assert old.pending.kind == "choose"
    assert new.pending is None  # waiting for the crew's first action
    state = new
    for _ in range(3000):
        if state.outcome != "playing":
            break
        state = apply(state, heuristic(state).action)[0]
        assert state.cards is card_set("dine-2")
    assert state.outcome in ("won", "lost")


@pytest.mark.usefixtures("test_version")
def test_two_versions_played_in_turn_each_read_only_their_own_cards() -> None:
    """A v1 game and a dine-t game of the same seed, one decision each in turn to their ends: each
    text names only its own set's cards, the engine uses each set's numbers, and each game replays."""
    old, _ = deal(11, ship=SHIP, level="Salad", crew=2, rules_version="dine-1")
    new, _ = deal(11, ship=SHIP, level="Salad", crew=2, rules_version=TEST)
    assert new.damage == old.damage - 1  # the variant's shorter damage track
    assert new.cards is VARIANT
    own = {"dine-1": names(card_set("dine-1")), TEST: names(VARIANT)}
    logs: dict[str, list[str]] = {"dine-1": [], TEST: []}
    games = {"dine-1": old, TEST: new}
    for turn in range(400):
        version = ("dine-1", TEST)[turn % 2]
        state = games[version]
        if state.outcome != "playing":
            if all(g.outcome != "playing" for g in games.values()):
                break
            continue
        if turn % 25 < 2:
            shown = texts(state)
            other = own[TEST if version == "dine-1" else "dine-1"]
            assert not [name for name in other if name in shown], version
            assert any(name in shown for name in own[version])
            world = determinize(state, Random(turn))
            assert world.cards is state.cards
            assert render_board(state)[:4] == b"\x89PNG"
        action = heuristic(state).action
        logs[version].append(DINE.action_to_json(action))
        games[version] = apply(state, action)[0]
    for version, state in games.items():
        assert state.outcome != "playing"
        assert DINE.replay(state, logs[version]).model_dump() == state.model_dump()


@pytest.mark.usefixtures("test_version")
def test_card_lookup_finds_the_names_of_the_set_it_is_given() -> None:
    name = next(iter(names(card_set("dine-1"))))
    assert find(card_set("dine-1"), name) is not None
    entry = find(VARIANT, name)  # the same letters match the capitalised name
    assert entry is not None
    assert name.upper() in entry.names
    assert name not in entry.names


def test_dine_3_still_deals_and_plays_with_its_own_cards() -> None:
    """dine-3 (card set v2's second cut, new games from 2026-12-04) keeps its own changes (Cargo on the
    Spacehopper 3000, which dine-2 lacks); the game registry, which deals every Discord game and daily
    challenge, deals it and every version before it, and refuses a version it does not know."""
    state = deal(5, ship="Spacehopper 3000", level="Pepperoni", crew=2, rules_version="dine-3")[0]
    assert state.rules_version == "dine-3"
    assert state.cards is card_set("dine-3")
    assert "Cargo" in state.cards.ship("Spacehopper 3000").stations  # one of dine-3's own changes
    assert "Cargo" not in card_set("dine-2").ship("Spacehopper 3000").stations
    assert any(card_set("dine-3").station(c).station == "Cargo" for c in state.deck + state.hands[0])
    setup = DineSetup(ship="Spacehopper 3000", level="Pepperoni", crew=2)
    assert all(DINE.plays(version) for version in RULES_VERSIONS)
    assert DINE.deal(5, setup, "dine-3")[0].cards is card_set("dine-3")
    assert DINE.deal(5, setup, "dine-2")[0].cards is card_set("dine-2")
    with pytest.raises(ValueError, match="unknown Dine rules version 'dine-9'"):
        DINE.deal(5, setup, "dine-9")


def _data(version: str) -> dict[str, Any]:
    """A card set's data file as it is printed, without its note on where it stands."""
    text = resources.files("data.dine").joinpath(CARD_FILES[version]).read_text(encoding="utf-8")
    return {key: value for key, value in json.loads(text).items() if key != "_about"}


def test_dine_4_still_deals_with_two_crews_hard_jumps_one_drive_dearer_than_dine_3() -> None:
    """dine-4 (card set v2's third cut, new games from 2026-12-06) keeps its own numbers: dine-3 with
    every hard side's jump 1 drive dearer for two crew and nothing else changed; the registry still
    deals it (a daily challenge stored under it before the switch)."""
    four, three = _data("dine-4"), _data("dine-3")
    hard = [
        card[face] for card in four["sectors"] for face in ("front", "back") if card[face]["kind"] == "hard"
    ]
    assert len(hard) == 8
    for side in hard:
        side["jump"]["drive"][1] -= 1  # back to dine-3's number
    assert four == three
    assert card_set("dine-4").sector("sector-asteroids").back.jump.drive == (9, 14, 14)
    setup = DineSetup(ship="Spacehopper 3000", level="Diavolo", crew=2)
    assert DINE.deal(5, setup, "dine-4")[0].cards is card_set("dine-4")
    assert DINE.plays("dine-4")


def test_new_games_are_dealt_dine_5_whose_four_hardest_jumps_cost_one_drive_more() -> None:
    """dine-5 (card set v2's fourth cut, `docs/dine-cards.md`) is new games' version: dine-4 with four
    hard sides' jumps 1 drive dearer solo and for two crew, nothing else changed; the registry deals it
    to every new Discord game and daily challenge."""
    assert RULES_VERSION == "dine-5"
    five, four = _data("dine-5"), _data("dine-4")
    dearer = {"Asteroid Hailstorm", "Ion Storm Nebula", "Smart Mines", "Wormhole Knot"}
    changed = [
        card[face] for card in five["sectors"] for face in ("front", "back") if card[face]["name"] in dearer
    ]
    assert len(changed) == 4
    assert {side["kind"] for side in changed} == {"hard"}
    for side in changed:
        side["jump"]["drive"][0] -= 1  # back to dine-4's numbers
        side["jump"]["drive"][1] -= 1
    assert five == four
    assert card_set("dine-5").sector("sector-asteroids").back.jump.drive == (10, 15, 14)
    state = deal(5, ship="Spacehopper 3000", level="Diavolo", crew=2)[0]
    assert (state.rules_version, state.cards) == ("dine-5", card_set("dine-5"))
    setup = DineSetup(ship="Spacehopper 3000", level="Diavolo", crew=2)
    assert DINE.deal(5, setup, RULES_VERSION)[0].cards is card_set("dine-5")
    assert DINE.plays("dine-5")
