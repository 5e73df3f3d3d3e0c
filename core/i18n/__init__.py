"""The players' languages: English, German and Spanish (and a pseudo-locale for tests).

Messages are gettext catalogues (`data/locales/<lang>/messages.po`, managed with Babel), whose ids are
the English texts, with named `{fields}`; game terms (stations, threats, cards) are in each
language's glossary. Nothing here imports discord: the cogs say which locale Discord reports and
which preference is stored, `resolve` picks the language, and `t`/`tn` (or a lazy `Text`) say it.
"""

from __future__ import annotations

from .languages import (
    LANGUAGES,
    PSEUDO,
    Language,
    Locale,
    Source,
    from_discord,
    from_preference,
    resolve,
    resolve_with_source,
)
from .messages import (
    LANGUAGE_NAMES,
    Plural,
    Text,
    language_name,
    lazy,
    lazy_n,
    mark,
    mark_plural,
    percent,
    say,
    t,
    tn,
)

__all__ = [
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "PSEUDO",
    "Language",
    "Locale",
    "Plural",
    "Source",
    "Text",
    "from_discord",
    "from_preference",
    "language_name",
    "lazy",
    "lazy_n",
    "mark",
    "mark_plural",
    "percent",
    "resolve",
    "resolve_with_source",
    "say",
    "t",
    "tn",
]
