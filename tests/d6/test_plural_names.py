"""A threat whose name is a plural takes a plural verb: "Raiders activate.", "Solar Winds hit for 5".
The number is the reader's language's (the glossary's "number" section), not the card's: "Comms
Offline" is one thing in English and "Comunicaciones caídas" many in Spanish, so one event reads
"is in play" to one reader and "están en juego" to the other."""

from __future__ import annotations

import pytest

from core.d6.actions import EndAssignment
from core.d6.engine import apply
from core.d6.names import about, plural_name
from core.i18n import LANGUAGES, PSEUDO, mark, say
from core.i18n.glossary import glossary
from tests.d6.helpers import C, make_state, pool, rig_threat_die, threat

THREATS = set(glossary("en")["d6"]["threats"])


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_threat_name_has_a_number_in_every_language(language: str) -> None:
    number = glossary(language)["d6"]["number"]
    assert set(number) == THREATS
    assert set(number.values()) <= {"singular", "plural"}


def test_the_plural_names_are_the_ones_that_read_as_plurals() -> None:
    assert {card for card in THREATS if plural_name("en", card)} == {
        "solar_winds",
        "raiders_a",
        "raiders_b",
        "space_pirates_h2",
        "space_pirates_h3",
        "hijackers",
        "cloaked_threats",
        "invaders",
    }
    assert not plural_name("en", "comms_offline")
    assert plural_name("es", "comms_offline")  # "Comunicaciones caídas"
    assert plural_name(PSEUDO, "raiders_a")  # the pseudo-locale reads as English does


def test_raiders_activate_and_hit_while_a_single_threat_activates_and_hits() -> None:
    """§4 step 5 on a die of 4: Raiders (4, 6) and the Intercepter (1-5) both activate."""
    state = make_state(pool(C, C), external=[threat(1, "raiders_a"), threat(2, "intercepter")])
    _, events = apply(rig_threat_die(state, 4), EndAssignment())
    said = [say("en", e.text) for e in events]
    assert "Raiders activate." in said
    assert any(line.startswith("Raiders hit for 2 — ") for line in said)
    assert "Intercepter activates." in said
    assert any(line.startswith("Intercepter hits for 1 — ") for line in said)
    german = [say("de", e.text) for e in events]
    assert "Die Bedrohung Plünderer wird aktiviert." in german


def test_one_event_agrees_with_each_readers_language() -> None:
    banned = about(
        "comms_offline", mark("Cannot be used: {name} is in play"), mark("Cannot be used: {name} are in play")
    )
    assert banned.say("en") == "Cannot be used: Comms Offline is in play"
    assert banned.say("es") == "Bloqueada: Comunicaciones caídas están en juego"
    assert banned.say("de") == "Nicht nutzbar: Funk ausgefallen ist im Spiel"
    raiders = about(
        "raiders_a", mark("Cannot be used: {name} is in play"), mark("Cannot be used: {name} are in play")
    )
    assert raiders.say("de") == "Nicht nutzbar: Plünderer sind im Spiel"
    assert str(raiders) == "Cannot be used: Raiders are in play"
