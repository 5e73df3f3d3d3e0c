"""The pseudo-locale: English made recognisable and 40 % longer, to catch what escapes translation.

Every message comes out between ⟦ and ⟧ with its letters accented and padded with tildes, so a
test can strip the marked parts from what reached Discord and find any text that was never
translated, and see that German-length texts still fit Discord's limits. `{fields}` stay as they
are: they are filled in afterwards, with marked texts of their own where they are messages.
"""

from __future__ import annotations

import math
import re

OPEN, CLOSE = "⟦", "⟧"
GROWTH = 0.4
_ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "àƀçđéƒĝĥîĵķĺɱñöþǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŢÛṼŴẊÝŽ",
)
_FIELD = re.compile(r"(\{[^{}]*\})")  # a str.format field, kept as is
# A marked part; one clipped to a Discord limit (`core.words.clip`) lost its end mark and ends in "…".
_MARKED = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*(?:{CLOSE}|…$)")


def pseudo(message: str) -> str:
    """`message` accented (fields kept), marked and lengthened by 40 % of its own length."""
    parts = _FIELD.split(message)
    body = "".join(part if i % 2 else part.translate(_ACCENTED) for i, part in enumerate(parts))
    return f"{OPEN}{body}{'~' * math.ceil(len(message) * GROWTH)}{CLOSE}"


def unmarked(text: str) -> str:
    """What is left of `text` once every marked (translated) part is taken out, nested ones too."""
    while True:
        stripped = _MARKED.sub(lambda found: "…" if found[0].endswith("…") else "", text)
        if stripped == text:
            return stripped
        text = stripped
