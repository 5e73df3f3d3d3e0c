"""Small wording helpers shared by every message: counted nouns, text cut to a length limit, and
user-given text made safe for a markdown line."""

from __future__ import annotations

import re

_MARKDOWN = re.compile(r"([\\*_~`|>#\[\]])")  # styles, quotes, headings, link text
_MENTION = re.compile(r"@(everyone|here|[!&]?[0-9]{15,21})")


def plural(count: int, word: str, many: str | None = None) -> str:
    """`count` with its noun in the right number: "1 minute", "2 minutes" (`many` for irregular ones)."""
    return f"{count} {word if count == 1 else many or word + 's'}"


def capitalised(text: str) -> str:
    """`text` with its first letter a capital and the rest as it is: `str.capitalize` would lower a
    name or a card's words inside it ("Quedan 7 de 7 …", "Easy side: …")."""
    return text[:1].upper() + text[1:]


def escaped(text: str) -> str:
    """User-given text (a display name, an option) for a line Discord renders as markdown: shown as
    typed, so it can neither style the line nor turn into a mention (a zero-width space follows @)."""
    return _MARKDOWN.sub(r"\\\1", _MENTION.sub("@\u200b\\1", text))


def clip(text: str, limit: int, *, tidy: bool = False) -> str:
    """`text` cut to at most `limit` characters, with an ellipsis when something was cut (Discord
    rejects a whole message when one field is too long); `tidy` drops spaces left before the ellipsis,
    for a name shown on its own."""
    if len(text) <= limit:
        return text
    kept = text[: max(0, limit - 1)]
    return (kept.rstrip() if tidy else kept) + "…"


def stars(count: int, out_of: int = 5) -> str:
    """A star rating as the rating card prints it: "★★★☆☆" for 3 of 5."""
    return "★" * count + "☆" * (out_of - count)
