"""The message catalogues: gettext `.po` files read with Babel when first needed (no compile step).

`data/locales/<lang>/<domain>.po` holds one language's translations of one domain: what the bot says
(`messages`, shared; `d6` and `dine`, each game's own) or `commands` (the slash commands' names and
descriptions, by kind in `msgctxt`). A
message's id is its English text; English itself needs no catalogue. The plural forms are the
catalogue's `Plural-Forms` header, which Babel writes from CLDR's rules (Spanish has three: one,
many for round millions, other).
"""

from __future__ import annotations

import gettext
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Literal

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

Domain = Literal["messages", "d6", "dine", "commands"]
# What the bot says is split by area of the code (`tools.i18n.AREAS`), so work on one game's texts
# touches one file; a lookup reads them as one.
MESSAGE_DOMAINS: tuple[Domain, ...] = ("messages", "d6", "dine")
DOMAINS: tuple[Domain, ...] = (*MESSAGE_DOMAINS, "commands")
Key = tuple[str | None, str]  # (context, English text)


@dataclass(frozen=True, slots=True)
class Catalogue:
    """One language's translations of one domain; untranslated entries are left out."""

    language: str
    singular: dict[Key, str]
    plural: dict[Key, tuple[str, ...]]  # by the English singular, every form in the language's order
    plural_index: Callable[[int], int]  # which form a count takes


def locales_dir() -> Traversable:
    return resources.files("data") / "locales"


def po_file(language: str, domain: Domain) -> Traversable:
    return locales_dir() / language / f"{domain}.po"


def read_catalog(language: str, domain: Domain) -> Catalog:
    """The Babel catalogue as written (tests compare its ids with the code's)."""
    with po_file(language, domain).open("rb") as handle:
        return read_po(handle, locale=language, domain=domain)


@cache
def catalogue(language: str, domain: Domain) -> Catalogue:
    parsed = read_catalog(language, domain)
    singular: dict[Key, str] = {}
    plural: dict[Key, tuple[str, ...]] = {}
    for message in parsed:
        if not message.id:
            continue  # the header
        if isinstance(message.id, tuple | list):
            forms = tuple(str(form) for form in message.string or ())
            if forms and all(forms):
                plural[(message.context, str(message.id[0]))] = forms
        elif message.string:
            singular[(message.context, str(message.id))] = str(message.string)
    return Catalogue(language, singular, plural, gettext.c2py(parsed.plural_expr))


@cache
def said(language: str) -> Catalogue:
    """Everything the bot says in `language`: the message domains as one catalogue."""
    parts = [catalogue(language, domain) for domain in MESSAGE_DOMAINS]
    return Catalogue(
        language,
        {key: text for part in parts for key, text in part.singular.items()},
        {key: forms for part in parts for key, forms in part.plural.items()},
        parts[0].plural_index,
    )
