"""The short rules shown by `/<game> rules`: one Markdown file per game in `data/<game>/rules.md`.

Each `## ` heading is a topic, so the text can be edited without touching code.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "data"


@cache
def topics(game: str) -> dict[str, str]:
    """Topic name → its text, in the file's order; the part before the first topic is the title."""
    text = (DATA / game / "rules.md").read_text(encoding="utf-8")
    sections: dict[str, str] = {}
    for chunk in text.split("\n## ")[1:]:
        name, _, body = chunk.partition("\n")
        sections[name.strip()] = body.strip()
    return sections
