"""The Dine rules topics and tips in German and Spanish: every English section translated, none extra,
and the translated text is what a reader of that language gets."""

from __future__ import annotations

import re

import pytest

from core.guide import topics, translation_problems
from core.i18n import t
from core.i18n.catalogues import catalogue
from core.tips import tips


@pytest.mark.parametrize("language", ["de", "es"])
@pytest.mark.parametrize("stem", ["rules", "tips"])
def test_every_section_is_translated(stem: str, language: str) -> None:
    assert translation_problems("dine", stem, language) == []


def test_a_reader_gets_the_rules_and_tips_in_their_language() -> None:
    english, german, spanish = (topics("dine", language) for language in ("en", "de", "es"))
    assert list(german) == list(english) == list(spanish)  # the same topic ids, in the same order
    assert german["Goal"].startswith("Eure Crew aus 1 bis 3 Leuten liefert eine Pizza")
    assert spanish["Goal"].startswith("Vuestra tripulación de 1 a 3 personas entrega una pizza")
    assert all(german[name] != english[name] for name in english)
    assert tips("dine", "de")["boss"].title == "Der Boss"
    assert tips("dine", "es")["hand"].text.startswith("**Mi mano** (o `/dine mano`)")
    assert tips("dine", "es")["hand"].topic == tips("dine", "en")["hand"].topic  # the English topic id


def test_spanish_never_agrees_an_adjective_with_a_card_name_of_either_gender() -> None:
    """Card names are masculine and feminine ("Horno…", "Reseña…"): "jugar {card} girada" read wrong
    after half of them (a new-player review). A Spanish message says "como carta girada" instead of
    putting a gendered word straight after a card's name."""
    spanish = catalogue("es", "dine")
    texts = [*spanish.singular.values(), *(form for forms in spanish.plural.values() for form in forms)]
    after_name = re.compile(r"\{(card|name)\} (girad|rotad|ocupad)[ao]s?\b")
    assert not [text for text in texts if after_name.search(text)]
    assert t("es", "play {card} rotated", card="Horno") == "jugar Horno como carta girada"
