"""The short rules shown by `/<game> rules`: one Markdown file per game in `data/<game>/rules.md`.

Each `## ` heading is a topic, so the text can be edited without touching code. A language's
translation is `data/<game>/rules.<lang>.md` with the same English headings (they are the topics'
ids; their shown names are the `/…rules` choices' translations) over translated texts; a topic it
lacks is shown in English, and `translation_problems` lists what is missing or left over.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from core.i18n import PSEUDO, Locale
from core.i18n.commands import command_text
from core.i18n.pseudo import pseudo

DATA = Path(__file__).resolve().parent.parent / "data"


def sections(path: Path) -> dict[str, str]:
    """`## ` heading → the text under it, in the file's order (the part before the first is left)."""
    found: dict[str, str] = {}
    for chunk in ("\n" + path.read_text(encoding="utf-8")).split("\n## ")[1:]:
        name, _, body = chunk.partition("\n")
        found[name.strip()] = body.strip()
    return found


def translation(game: str, stem: str, language: str) -> Path:
    """Where a data file's translation lives: `data/<game>/<stem>.<language>.md`."""
    return DATA / game / f"{stem}.{language}.md"


_BLOCK = re.compile(r"\s*([-*>|#]|\d+[.)])\s")  # a line that starts a list item, quote, table row, heading


def unwrapped(text: str) -> str:
    """`text` with its paragraphs on one line each: the files are wrapped at about 100 columns for
    editing, and Discord shows every line break, which reads ragged on a phone. Blank lines, and
    lines that start a list item, a quote, a table row or a heading, keep their breaks."""
    lines = text.split("\n")
    out = lines[:1]
    for line in lines[1:]:
        if line.strip() and out[-1].strip() and not _BLOCK.match(line):
            out[-1] = f"{out[-1].rstrip()} {line.strip()}"
        else:
            out.append(line)
    return "\n".join(out)


@cache
def topics(game: str, language: str = "en") -> dict[str, str]:
    """Topic name → its text in `language`, in the English file's order (English where untranslated),
    each paragraph on one line (`unwrapped`)."""
    english = {name: unwrapped(body) for name, body in sections(DATA / game / "rules.md").items()}
    if language == PSEUDO:
        return {name: pseudo(body) for name, body in english.items()}
    path = translation(game, "rules", language)
    translated = sections(path) if language != "en" and path.exists() else {}
    return {
        name: unwrapped(translated[name]) if name in translated else body for name, body in english.items()
    }


def topic_name(locale: Locale, topic: str) -> str:
    """A topic as the reader's client shows it among the `/<game> rules` choices (the commands
    catalogue's choice names; a topic's id is its English heading)."""
    if locale == PSEUDO:
        return pseudo(topic)
    return command_text(locale, "choice", topic) or topic


def translation_problems(game: str, stem: str, language: str) -> list[str]:
    """What a translated data file lacks or has beyond the English one (by heading)."""
    english = sections(DATA / game / f"{stem}.md")
    path = translation(game, stem, language)
    if not path.exists():
        return [f"{path.name}: missing"]
    translated = sections(path)
    return [f"{path.name}: no {name!r}" for name in english if name not in translated] + [
        f"{path.name}: {name!r} is not in {stem}.md" for name in translated if name not in english
    ]
