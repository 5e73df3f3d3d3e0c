"""Small wording helpers shared by every message: counted nouns and text cut to a length limit."""

from __future__ import annotations


def plural(count: int, word: str, many: str | None = None) -> str:
    """`count` with its noun in the right number: "1 minute", "2 minutes" (`many` for irregular ones)."""
    return f"{count} {word if count == 1 else many or word + 's'}"


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
