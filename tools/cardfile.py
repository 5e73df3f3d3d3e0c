"""Measure a Dine card data file other than the one the game ships (`python -m tools.balance --cards`).

The engine reads its cards through `core.dine.cards` (`card_set`, `station`, `sector`, all cached).
Tuning a candidate set means playing it without touching what the bot ships, so this program-level
switch lives here, in the tools, and never in core: `use_cards` validates the file with the game's own
`CardSet` model, points those three lookups at it in every loaded game module and empties every cache
built from the old cards. It is meant for a whole simulation process (worker processes forked after it
inherit it); tests restore the shipped set with `use_cards(None)`.
"""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import core.dine.cards as cards_module
from core.dine.cards import CardSet, SectorCard, StationCard

# The game modules that look cards up; imported first so that their own names can be re-pointed.
_MODULES = (
    "core.dine.cards",
    "core.dine.symbols",
    "core.dine.engine",
    "core.dine.ai",
    "core.dine.worlds",
    "core.dine.search",
    "core.dine.expert",
    "core.dine.crews",
)
_SHIPPED: dict[str, Any] = {
    "card_set": cards_module.card_set,
    "station": cards_module.station,
    "sector": cards_module.sector,
}


def load(path: Path) -> CardSet:
    """The card set in `path`, validated as the game validates its own (a ValueError otherwise)."""
    return CardSet.model_validate(json.loads(path.read_text(encoding="utf-8")))


def use_cards(path: Path | None) -> CardSet:
    """Play every later game of this process with the cards in `path` (None: the shipped ones)."""
    for name in _MODULES:
        importlib.import_module(name)
    if path is None:
        lookups = dict(_SHIPPED)
        chosen: CardSet = _SHIPPED["card_set"]()
    else:
        chosen = load(path)
        stations = {c.id: c for c in chosen.stations}

        def card_set(*_: object) -> CardSet:  # any version argument a later core may pass is ignored
            return chosen

        def station(card_id: str, *_: object) -> StationCard:
            return stations[card_id]

        def sector(card_id: str, *_: object) -> SectorCard:
            return chosen.sector(card_id)

        lookups = {"card_set": card_set, "station": cache(station), "sector": cache(sector)}
    originals = {id(f) for f in _SHIPPED.values()} | {id(getattr(cards_module, n)) for n in _SHIPPED}
    ours = ("core.", "tools.", "__main__")  # __main__: the tool itself, run with python -m
    for name, module in list(sys.modules.items()):
        if not name.startswith(ours):
            continue
        for attr, value in list(vars(module).items()):
            if attr in lookups and id(value) in originals:
                setattr(module, attr, lookups[attr])
            elif callable(value):
                clear: Callable[[], None] | None = getattr(value, "cache_clear", None)
                if clear is not None and getattr(value, "__module__", "") == module.__name__:
                    clear()
    return chosen
