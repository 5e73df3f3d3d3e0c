"""The Dine rules topics and tips in German and Spanish: every English section translated, none extra,
and the translated text is what a reader of that language gets."""

from __future__ import annotations

import pytest

from core.guide import topics, translation_problems
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
