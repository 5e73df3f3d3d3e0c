"""The languages themselves: which one a reader gets, the catalogues' completeness, plurals, the
pseudo-locale and the games' glossary (no Discord here)."""

from __future__ import annotations

import json
import re
import string

import pytest
from babel.messages.plurals import get_plural

from core.d6.cards import FACES
from core.dine.cards import CARD_FILES, card_set
from core.dine.state import RULES_VERSION
from core.i18n import LANGUAGES, PSEUDO, Text, from_discord, lazy, lazy_n, resolve, resolve_with_source, t, tn
from core.i18n.catalogues import DOMAINS, MESSAGE_DOMAINS, read_catalog
from core.i18n.commands import Command, Slash, command_name
from core.i18n.glossary import glossary, term
from core.i18n.pseudo import CLOSE, OPEN, pseudo, unmarked
from core.render.dine_lookup import find, suggest
from tools import i18n

TRANSLATED = [language for language in LANGUAGES if language != "en"]


@pytest.mark.parametrize(
    ("reported", "language"),
    [
        ("de", "de"),
        ("es-ES", "es"),
        ("es-419", "es"),
        ("en-US", "en"),
        ("en-GB", "en"),
        ("fr", None),
        ("pt-BR", None),
        ("", None),
        (None, None),
    ],
)
def test_discord_locales_map_to_the_language_they_are_written_in(reported, language) -> None:
    assert from_discord(reported) == language


def test_a_preference_beats_discord_which_beats_english() -> None:
    assert resolve_with_source("es", "de") == ("es", "setting")
    assert resolve_with_source(None, "de") == ("de", "discord")
    assert resolve_with_source(None, "fr") == ("en", "default")
    assert resolve_with_source("klingon", "es-419") == ("es", "discord")  # an unknown value is no setting
    assert resolve(PSEUDO, "de") == PSEUDO  # only a test stores it


def test_messages_fill_their_named_fields_in_the_readers_language() -> None:
    assert t("en", "Stats of {name}", name="Ann") == "Stats of Ann"
    assert t("de", "Stats of {name}", name="Ann") == "Statistik von Ann"
    assert t("es", "Stats of {name}", name="Ann") == "Estadísticas de Ann"
    nested = lazy(
        "This board has moved, so nothing was done. {where}",
        where=lazy("The current board is [here]({link}).", link="L"),
    )
    assert (
        nested.say("es")
        == "Este tablero se ha movido, así que no se ha hecho nada. El tablero actual está [aquí](L)."
    )
    assert str(nested).startswith("This board has moved")  # English for logs


def test_command_names_in_messages_are_the_ones_the_readers_client_shows() -> None:
    assert command_name("de", "settings language") == "einstellungen sprache"
    assert command_name("es", "d6 new") == "d6 nueva"
    assert t("de", "Start with {command}.", command=Slash("dine new")) == "Starte mit `/dine neu`."
    assert Command("practice").say("de") == command_name("de", "practice")


@pytest.mark.parametrize(
    ("language", "count", "said"),
    [
        ("en", 1, "1 round"),
        ("en", 0, "0 rounds"),
        ("de", 1, "1 Runde"),
        ("de", 2, "2 Runden"),
        ("de", 0, "0 Runden"),
        ("es", 1, "1 ronda"),
        ("es", 0, "0 rondas"),
        ("es", 21, "21 rondas"),
        ("es", 1_000_000, "1000000 de rondas"),  # CLDR's "many": round millions take "de"
    ],
)
def test_plurals_follow_each_languages_cldr_rules(language, count, said) -> None:
    assert tn(language, "{count} round", "{count} rounds", count) == said
    assert lazy_n("{count} round", "{count} rounds", count).say(language) == said


@pytest.mark.parametrize("language", TRANSLATED)
def test_each_catalogue_has_the_plural_forms_cldr_gives_its_language(language) -> None:
    expected = get_plural(language)
    for domain in DOMAINS:
        catalog = read_catalog(language, domain)
        assert (catalog.num_plurals, catalog.plural_expr) == (expected.num_plurals, expected.plural_expr)


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_the_code_names_is_translated_and_every_translation_is_used(language) -> None:
    """The ids are found by scanning the source for t, tn, lazy, lazy_n, mark and mark_plural."""
    template = i18n.extract()
    assert sum(map(len, template.values())) > 50  # the scan found the code's messages
    assert all(template.values())  # and each area's file has some
    assert i18n.problems(language, template) == []


def test_messages_named_inside_f_strings_are_extracted_too() -> None:
    """Babel on Python 3.11 reads an f-string as one string, so a message call in its braces went
    unseen: "(stasis)" stayed English on a Spanish board and no test noticed."""
    code = (
        "a = f\"{name} ({t(locale, 'in stasis')})\"\n"
        "b = f'{reason} {t(locale, \"Double quoted.\")}'\n"
        "c = f\"{tn(locale, '{count} die', '{count} dice', n)} {f'{lazy(x)}'}\"\n"
    )
    assert list(i18n.in_f_strings(code)) == [
        (1, "in stasis"),
        (2, "Double quoted."),
        (3, ("{count} die", "{count} dice")),
    ]
    template = i18n.extract()
    assert "It was the only move worth weighing." in i18n.ids(template["dine"])
    stasis = template["d6"]["in stasis"]
    assert stasis is not None
    assert any(path == "core/render/d6_text.py" for path, _ in stasis.locations)


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("domain", MESSAGE_DOMAINS)
def test_translations_keep_every_field_of_their_message(language, domain) -> None:
    for message in read_catalog(language, domain):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
        strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
        wanted = set().union(*(_fields(i) for i in ids))
        for translated in strings:
            assert _fields(translated) == wanted, (message.id, translated)


def test_the_pseudo_locale_marks_every_message_and_makes_it_40_percent_longer() -> None:
    english = "Only the bot's owners can publish its commands."
    said = t(PSEUDO, english)
    assert said.startswith(OPEN)
    assert said.endswith(CLOSE)
    assert len(said) - 2 >= 1.4 * len(english)
    assert not re.search("[a-z]", said.replace("~", ""))  # every letter accented
    assert unmarked(f"x {said} y") == "x  y"
    filled = t(PSEUDO, "Stats of {name}", name="Ann")
    assert "Ann" in filled  # fields are filled in as they are
    nested = t(
        PSEUDO,
        "A game is already running in this channel. {where}",
        where=Text("Use `/{command}` to show it.", {"command": "d6 board"}),
    )
    assert unmarked(nested) == ""
    assert unmarked(pseudo("{count} rounds").format(count=3)) == ""
    assert tn(PSEUDO, "{count} round", "{count} rounds", 3).startswith(OPEN)


# --- the glossary: the games' own words ------------------------------------------------------------


def _d6_ids() -> dict[str, set[str]]:
    with open("data/d6/threats.json", encoding="utf-8") as handle:
        threats = {card["id"] for card in json.load(handle)["cards"]}
    return {"threats": threats, "stations": {face.value for face in FACES}}


def _dine_ids() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {
        "cards": set(),
        "sectors": set(),
        "help": set(),
        "ships": set(),
        "levels": set(),
    }
    for version in ("dine-1", "dine-2"):
        with open(f"data/dine/cards-{version}.json", encoding="utf-8") as handle:
            cards = json.load(handle)
        found["cards"] |= {card["id"] for card in cards["stations"]}
        for section in ("sectors", "help"):
            found[section] |= {
                f"{card['id']}:{side}" for card in cards[section] for side in ("front", "back")
            }
        found["ships"] |= {card[side]["name"] for card in cards["ships"] for side in ("front", "back")}
        found["levels"] |= {level["name"] for level in cards["levels"]}
    return found


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_card_threat_and_station_has_a_name_in_every_language(language) -> None:
    words = glossary(language)
    for game, wanted in (("d6", _d6_ids()), ("dine", _dine_ids())):
        for section, ids in wanted.items():
            named = words[game][section]
            assert ids <= set(named), (language, game, section, sorted(ids - set(named)))
            assert all(named[i].strip() for i in ids)


def test_every_language_names_the_same_things() -> None:
    def keys(language: str) -> set[tuple[str, str, str]]:
        return {
            (g, s, k)
            for g, sections in glossary(language).items()
            for s, named in sections.items()
            for k in named
        }

    assert all(keys(language) == keys("en") for language in LANGUAGES)


def test_spanish_d6_terms_follow_the_spanish_rulebook() -> None:
    stations = [
        term("es", "d6", "stations", face)
        for face in ("commander", "tactical", "medical", "science", "engineering")
    ]
    assert stations == ["Comandante", "Táctico", "Médico", "Ciencia", "Ingeniería"]
    assert term("es", "d6", "terms", "threat_detected") == "¡Amenaza detectada!"
    assert term("es", "d6", "threats", "distracted") == "Distraído"
    assert term("es", "d6", "threats", "nebula") == "Nebulosa"
    assert term("es", "d6", "threats", "pandemic") == "Pandemia"
    assert term("es", "d6", "threats", "time_warp") == "Time Warp"  # the rulebook keeps it in English


# Words a language once used beside its own term for the daily challenge's ranked attempt and practice.
DAILY_STRAYS = {
    "es": r"\breto\b|puntuable|sin puntuar|clasificatorio",
    "de": r"Wertungsversuch|Übungsspiel|Versuch an der",
}


@pytest.mark.parametrize("language", sorted(DAILY_STRAYS))
def test_the_daily_challenge_is_named_with_one_set_of_terms(language) -> None:
    """Spanish says "desafío (diario)", "intento clasificado" and "sin clasificar"; German says
    "Herausforderung", "gewerteter Versuch" and "Übung": in every catalogue, commands included."""
    strays = [
        said
        for domain in DOMAINS
        for message in read_catalog(language, domain)
        for said in (message.string if isinstance(message.string, tuple | list) else (message.string,))
        if said and re.search(DAILY_STRAYS[language], said)
    ]
    assert strays == []


def test_a_card_keeps_one_id_and_is_named_in_each_readers_words() -> None:
    assert [term(language, "dine", "sectors", "sector-asteroids:front") for language in LANGUAGES] == [
        "Asteroid Drift",
        "Asteroidendrift",  # the German publisher's name, as on the card data
        "Deriva de asteroides",
    ]
    assert term(PSEUDO, "dine", "cards", "oven-3").startswith(OPEN)


def test_the_catalogue_tool_keeps_translations_and_starts_a_new_language(tmp_path, monkeypatch) -> None:
    """`python -m tools.i18n update` on complete catalogues changes no translation; `init` starts a
    language with every message untranslated, which `check` then reports."""
    import shutil

    for language in TRANSLATED:
        shutil.copytree(i18n.LOCALES / language, tmp_path / language)
    monkeypatch.setattr(i18n, "LOCALES", tmp_path)

    def translations() -> dict[tuple[str, str], dict[object, object]]:
        return {
            (language, domain): {m.id: m.string for m in i18n.read(language, domain) if m.id}
            for language in TRANSLATED
            for domain in MESSAGE_DOMAINS
        }

    before = translations()
    assert i18n.main(["update"]) == 0
    assert translations() == before
    assert i18n.main(["check"]) == 0

    assert i18n.main(["init", "fr"]) == 0
    found = i18n.problems("fr", i18n.extract())
    assert found
    assert all(line.startswith("fr/") and ": untranslated " in line for line in found)
    monkeypatch.setattr(i18n, "TRANSLATED", ("de", "es", "fr"))
    assert i18n.main(["check"]) == 1


@pytest.mark.parametrize("version", ["dine-1", "dine-2"])
def test_the_glossarys_english_help_card_texts_are_the_card_datas(version: str) -> None:
    """A help card text changed in the card data must be changed (and translated) in the glossary too:
    a version's own entry ("key@version") if it differs from another version's."""
    cards = card_set(version)
    printed = {
        f"{card.id}:{side}": face.text
        for card in cards.help
        for side, face in (("front", card.front), ("back", card.back))
    }
    texts = glossary("en")["dine"]["help_texts"]
    assert {key: texts.get(f"{key}@{version}", texts[key]) for key in printed} == printed


@pytest.mark.parametrize("language", ["de", "es"])
def test_a_help_card_looked_up_reads_in_the_readers_language(language: str) -> None:
    found = find(card_set("dine-2"), term(language, "dine", "help", "flight-manual:back"), language)
    assert found is not None
    (_, text), (_, front) = found.sides  # Customer Review (the side looked up) / After Each Action
    assert front == glossary(language)["dine"]["help_texts"]["flight-manual:front@dine-2"]
    assert text == glossary(language)["dine"]["help_texts"]["flight-manual:back"]
    assert text.startswith({"de": "Punkte = 2 ×", "es": "Puntuación = 2 ×"}[language])
    assert "Galactic" not in text


@pytest.mark.parametrize("language", ["de", "es"])
def test_each_versions_help_card_shows_its_own_level_table_in_the_readers_language(language: str) -> None:
    """dine-2 re-cut the levels (Margherita 3 easy / 2 hard, v1 4 / 3), dine-3 lays out 8 easy sectors
    at Salad, dine-4 prints dine-3's table again (read from dine-3's glossary entry): a game's help
    card, in any language, shows its own card set's table, every line of it."""
    line = {"de": "{}: {} leicht / {} schwer", "es": "{}: {} fáciles / {} difíciles"}
    salad = {"de": "Salat", "es": "Ensalada"}
    for version in sorted(CARD_FILES):
        cards = card_set(version)
        found = find(cards, term(language, "dine", "help", "flight-manual:front"), language)
        assert found is not None
        (_, front), _ = found.sides
        for level in cards.levels:
            name = salad[language] if level.name == "Salad" else level.name
            printed = line[language].format(name, level.easy, level.hard)
            if language == "es" and level.easy == 1:  # Spanish says "1 fácil"
                printed = printed.replace("1 fáciles", "1 fácil")
            assert printed in front, (version, level.name)
    assert card_set("dine-1").level("Margherita") != card_set("dine-2").level("Margherita")
    assert card_set("dine-2").level("Salad") != card_set("dine-3").level("Salad")
    assert card_set("dine-3").levels == card_set("dine-4").levels


@pytest.mark.parametrize("version", ["dine-1", "dine-2"])
def test_every_cards_flavour_text_is_in_the_glossary_and_translated(version: str) -> None:
    """The glossary's flavours are keyed by the card data's English text: a changed text must be
    translated again, and every one reads in German and Spanish."""
    cards = card_set(version)
    faces = [
        *(face for sector in cards.sectors for face in (sector.front, sector.back)),
        *(face for ship in cards.ships for face in (ship.front, ship.back)),
    ]
    printed = {face.flavour for face in faces if face.flavour}
    assert printed <= set(glossary("en")["dine"]["flavours"])
    for language in ("de", "es"):
        translated = glossary(language)["dine"]["flavours"]
        assert all(translated.get(text) not in (None, "", text) for text in printed), language


@pytest.mark.parametrize(
    ("language", "typed", "name"),
    [
        ("es", "resena del cliente", "Reseña del cliente"),  # no accent typed
        ("de", "kuhlkiste", "Kühlkiste"),  # no umlaut typed
        ("en", "smuggler\u2019s compartment", "Smuggler's Compartment"),  # a phone's apostrophe
        ("en", "smugglers compartment", "Smuggler's Compartment"),  # none at all
        ("en", "zero point reactor", "Zero-Point Reactor"),  # a space for the hyphen
        ("de", "schwarzes loch", "Schwarzes-Loch-Drive-in"),  # in part, hyphens as spaces
    ],
)
def test_a_card_is_found_however_its_accents_apostrophes_and_hyphens_are_typed(
    language: str, typed: str, name: str
) -> None:
    """Players type names without the accents, umlauts, apostrophes and hyphens the cards print."""
    cards = card_set(RULES_VERSION)
    found = find(cards, typed, language)
    assert found is not None
    assert found.names[0] == name
    assert name in suggest(cards, typed[:-2], 25, language)
