"""Text within Discord's limits, for every game's messages."""

from __future__ import annotations

from collections.abc import Callable

FIELD_LIMIT = 1024  # characters in an embed field's value
DESCRIPTION_LIMIT = 4096  # characters in an embed's description
EMBED_LIMIT = 6000  # characters in all of an embed's texts together


def fit(
    lines: list[str],
    limit: int = FIELD_LIMIT,
    *,
    newest: bool = False,
    more: Callable[[int], str] | None = None,
) -> str:
    """Join `lines` within `limit` characters, saying how many were left out (the oldest if `newest`):
    `more(left)` says it in the reader's language."""
    kept = list(reversed(lines)) if newest else list(lines)
    while kept and len("\n".join(kept)) > limit - 20:
        kept.pop()
    if newest:
        kept.reverse()
    left = len(lines) - len(kept)
    said = (more(left) if more else f"…and {left} more") if left else ""
    extra = [said] if said else []
    return "\n".join(extra + kept if newest else kept + extra) or "—"
