"""Translated rules topics and tips: a language's file gives its texts under the English ids, the
English is kept where a text is untranslated, and the pseudo-locale marks every text."""

from __future__ import annotations

from pathlib import Path

import pytest

from core import guide, tips
from core.i18n import PSEUDO
from core.i18n.pseudo import OPEN


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "g").mkdir()
    (tmp_path / "g" / "rules.md").write_text("# G\n\n## Setup\nDeal six.\n\n## Winning\nSurvive.\n")
    (tmp_path / "g" / "tips.md").write_text(
        "# G tips\n\n## dice\nTitle: Your dice\nRules: Setup\nRoll them.\n\n"
        "## end\nTitle: The end\nRules: Winning\nStop.\n"
    )
    monkeypatch.setattr(guide, "DATA", tmp_path)
    monkeypatch.setattr(tips, "DATA", tmp_path)
    guide.topics.cache_clear()
    tips.tips.cache_clear()
    yield tmp_path
    guide.topics.cache_clear()
    tips.tips.cache_clear()


def test_a_translation_gives_its_texts_and_english_fills_what_it_lacks(data: Path) -> None:
    (data / "g" / "rules.de.md").write_text("# G\n\n## Winning\nÜberlebe.\n\n## Extra\nZu viel.\n")
    assert guide.topics("g", "de") == {"Setup": "Deal six.", "Winning": "Überlebe."}
    assert guide.topics("g", "es") == guide.topics("g") == {"Setup": "Deal six.", "Winning": "Survive."}
    assert guide.translation_problems("g", "rules", "de") == [
        "rules.de.md: no 'Setup'",
        "rules.de.md: 'Extra' is not in rules.md",
    ]
    assert guide.translation_problems("g", "rules", "es") == ["rules.es.md: missing"]


def test_translated_tips_keep_their_keys_and_topics(data: Path) -> None:
    (data / "g" / "tips.es.md").write_text("## dice\nTitle: Tus dados\nTíralos.\n")
    found = tips.tips("g", "es")
    assert [(t.key, t.title, t.topic, t.text) for t in found.values()] == [
        ("g.dice", "Tus dados", "Setup", "Tíralos."),
        ("g.end", "The end", "Winning", "Stop."),
    ]


def test_the_pseudo_locale_marks_every_topic_and_tip(data: Path) -> None:
    assert all(text.startswith(OPEN) for text in guide.topics("g", PSEUDO).values())
    assert all(t.title.startswith(OPEN) and t.text.startswith(OPEN) for t in tips.tips("g", PSEUDO).values())


def test_rules_paragraphs_reach_discord_on_one_line_each_and_lists_keep_their_items() -> None:
    """The rules files are wrapped at about 100 columns for editing; Discord shows every line break,
    which read ragged on a phone (a new player's review). Paragraphs are joined, list items, numbered
    steps, quotes, tables and blank lines keep their breaks, in every language the bot speaks."""
    assert guide.unwrapped("A long\nparagraph.\n\n- one\n  more\n- two\n1. step\n2) step\n| a |\n> q") == (
        "A long paragraph.\n\n- one more\n- two\n1. step\n2) step\n| a |\n> q"
    )
    for game in ("dine", "d6"):
        for language in ("en", "de", "es"):
            for name, body in guide.topics(game, language).items():
                for before, line in zip(body.split("\n"), body.split("\n")[1:], strict=False):
                    assert not (before.strip() and line.strip() and not guide._BLOCK.match(line)), (
                        game,
                        language,
                        name,
                        line,
                    )
