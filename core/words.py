"""Small wording helpers shared by every message: counted nouns and text cut to a length limit."""

from __future__ import annotations


def plural(count: int, word: str, many: str | None = None) -> str:
    """`count` with its noun in the right number: "1 minute", "2 minutes" (`many` for irregular ones)."""
    return f"{count} {word if count == 1 else many or word + 's'}"


def clip(text: str, limit: int) -> str:
    """`text` cut to at most `limit` characters, with an ellipsis when something was cut (Discord
    rejects a whole message when one field is too long)."""
    return text if len(text) <= limit else text[: max(0, limit - 1)] + "…"
