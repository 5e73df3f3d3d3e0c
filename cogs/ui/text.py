"""Text within Discord's limits, for every game's messages."""

from __future__ import annotations

FIELD_LIMIT = 1024  # characters in an embed field's value


def fit(lines: list[str], limit: int = FIELD_LIMIT, *, newest: bool = False) -> str:
    """Join `lines` within `limit` characters, saying how many were left out (the oldest if `newest`)."""
    kept = list(reversed(lines)) if newest else list(lines)
    while kept and len("\n".join(kept)) > limit - 20:
        kept.pop()
    if newest:
        kept.reverse()
    left = len(lines) - len(kept)
    more = [f"…and {left} more"] if left else []
    return "\n".join(more + kept if newest else kept + more) or "—"
