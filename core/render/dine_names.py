"""Dine names in the reader's words: a card, a sector, a station kind, a ship, a level, a symbol, a track.

Every card keeps its canonical id (a station card's `id`, a sector card's `id` and side); its name in
each language is in the glossary (`core.i18n.glossary`), so players of one crew see the same card each
in their own words. English reads the card data itself, which the glossary's English copies.
"""

from __future__ import annotations

from collections.abc import Collection

from core.dine.cards import CardSet, SectorSide
from core.dine.engine import SYMBOL_NAMES
from core.dine.state import State
from core.dine.symbols import side
from core.i18n import Locale, mark, t
from core.i18n.glossary import glossary, term

GAME = "dine"

# The grid's symbols and the ship's tracks, as the card data names them (`Symbol`, `Track`).
SYMBOL_WORDS = {
    **SYMBOL_NAMES,
    "pizza": mark("pizza"),
    "damage": mark("damage"),
    "ship": mark("ship marker"),
    "ship marker": mark("ship marker"),
    "marker": mark("marker"),
}
KIND_WORDS = {"easy": mark("easy"), "hard": mark("hard"), "boss": mark("boss"), "starter": mark("starter")}


def word(locale: Locale, english: str) -> str:
    """A symbol's, a track's or a sector kind's word in `locale` (anything else as it is)."""
    known = SYMBOL_WORDS.get(english) or KIND_WORDS.get(english)
    return t(locale, known) if known is not None else english


def card_name(locale: Locale, cards: CardSet, card: str, upgraded: Collection[str] = ()) -> str:
    """A station card's name in `locale` (both its sides share it)."""
    if locale == "en":
        return side(cards, card, upgraded).name
    return term(locale, GAME, "cards", card)


def station_kind(locale: Locale, station: str) -> str:
    """A station kind ("Reactor", "Oven") in `locale`."""
    return station if locale == "en" else term(locale, GAME, "stations", station)


def sector_name(locale: Locale, cards: CardSet, spec: SectorSide) -> str:
    """A sector side's name in `locale`, found by which card and side it is."""
    if locale == "en":
        return spec.name
    for card in cards.sectors:
        for name, face in (("front", card.front), ("back", card.back)):
            if face is spec:
                return term(locale, GAME, "sectors", f"{card.id}:{name}")
    return spec.name


def ship_name(locale: Locale, ship: str) -> str:
    return ship if locale == "en" else term(locale, GAME, "ships", ship)


def level_name(locale: Locale, level: str) -> str:
    return level if locale == "en" else term(locale, GAME, "levels", level)


def difficulty_name(locale: Locale, state: State) -> str:
    """What a game is played at: its level, or "starter game" (which goes on at Salad, unnamed)."""
    return term(locale, GAME, "difficulties", "starter game" if state.starter else state.level)


def help_name(locale: Locale, key: str) -> str:
    """A help card side ("procure-ingredient:front") in `locale`."""
    return term(locale, GAME, "help", key)


def help_text(locale: Locale, key: str, english: str, version: str = "") -> str:
    """What a help card side ("flight-manual:back") of card set `version` says, in `locale` (its English
    is the card data's). A side whose text a later version changed (flight-manual:front's level table
    in dine-2) has its own glossary entry, "key@version"; a version that prints an earlier version's
    text reads that entry's translation, found by its English, so no version needs a copy."""
    if locale == "en":
        return english
    known: dict[str, str] = glossary("en").get(GAME, {}).get("help_texts", {})
    versioned = f"{key}@{version}"
    if versioned not in known:
        same = sorted(k for k, text in known.items() if k.split("@")[0] == key and text == english)
        versioned = same[-1] if same else key
    return term(locale, GAME, "help_texts", versioned)
