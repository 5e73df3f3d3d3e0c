"""One registry says which games there are; nothing outside a game's declaration asks for one by name."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

import pytest

from core.about import GAMES as BLURBS
from core.registry import GAMES, featured, find, game

ROOT = Path(__file__).resolve().parent.parent
DECLARATIONS = ROOT / "core" / "games"  # where a game may name itself
KINDS = "|".join(map(re.escape, GAMES))
SWITCH = re.compile(
    rf"""(?:[=!]=\s*|\bin\s*[(\[{{]\s*|\bcase\s+)(['"])(?:{KINDS})\1"""  # == "d6", in ("d6", case "d6"
    rf"""|(['"])(?:{KINDS})\2\s*[=!]="""  # "d6" ==
)


def sources() -> list[Path]:
    files = [*(path for folder in ("core", "cogs", "tools") for path in (ROOT / folder).rglob("*.py"))]
    files.append(ROOT / "bot.py")
    return [path for path in files if path.exists() and DECLARATIONS not in path.parents]


def test_no_per_game_switch_outside_the_declarations() -> None:
    """A switch on a game's kind (`== "d6"`, `in ("d6", …)`) belongs in its declaration: the bot, the
    store, verification and the tools read the registry instead, so a third game touches none of them."""
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in sources()
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if SWITCH.search(line)
    ]
    assert found == []


@pytest.mark.parametrize("line", ['if kind == "d6":', "x = k != 'dine'", 'if game in ("d6", "dine"):'])
def test_the_switch_search_finds_a_switch(line: str) -> None:
    assert SWITCH.search(line)


@pytest.mark.parametrize("kind", list(GAMES))
def test_every_game_is_declared_once_and_completely(kind: str) -> None:
    declared = game(kind)
    assert declared.kind == kind
    assert find(kind) is declared
    assert declared.rules_version == declared.rules_versions[-1]  # new games: the newest rules
    assert len(set(declared.rules_versions)) == len(declared.rules_versions)
    assert (ROOT / "cogs" / kind / "__init__.py").exists()  # its Discord glue
    assert (ROOT / "data" / kind / "rules.md").exists()  # `/<kind> rules`
    setup = declared.daily_setup(date(2026, 1, 1))
    assert declared.parse_setup(setup.model_dump_json()) == setup
    assert setup.describe()


def test_about_lists_every_game_and_the_featured_one_first() -> None:
    assert {blurb.key for blurb in BLURBS} == set(GAMES)
    assert BLURBS[0].key == featured().kind
    assert find("no-such-game") is None
