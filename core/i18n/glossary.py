"""The games' own words in each language: D-6 stations and threats, Dine cards, ships and levels.

`data/locales/<lang>/glossary.json` holds, per game, sections of `id → name`; ids are the canonical
ones of the game data (a threat's or card's `id`, a die face, a ship's or level's English name), so
a German and a Spanish player at one table see the same card in their own words. Spanish D-6 terms
follow the Spanish rulebook (Comandante, Táctico, Médico, Ciencia, Ingeniería, ¡Amenaza detectada!,
Distraído, Nebulosa…). A name missing in a language falls back to English. D-6's "number" section says
which threat names are plurals in each language, for the verbs that agree with them.
"""

from __future__ import annotations

import json
from functools import cache

from .catalogues import locales_dir
from .languages import PSEUDO, Locale
from .pseudo import pseudo

Glossary = dict[str, dict[str, dict[str, str]]]  # game → section → id → name


@cache
def glossary(language: str) -> Glossary:
    with (locales_dir() / language / "glossary.json").open("rb") as handle:
        loaded: Glossary = json.load(handle)
    return loaded


def term(locale: Locale, game: str, section: str, key: str) -> str:
    """The name of `key` in `game`'s `section` (e.g. "d6", "threats", "nebula") in `locale`."""
    english = glossary("en").get(game, {}).get(section, {}).get(key, key)
    if locale == PSEUDO:
        return pseudo(english)
    return glossary(locale).get(game, {}).get(section, {}).get(key, english)
