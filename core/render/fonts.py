"""The fonts the pictures are drawn with, shipped in the repository (`core/render/fonts/`).

Pillow's bundled font covers little beyond ASCII, so card texts drew boxes ("H☐hnerstall-Nebel",
"jump ☐1"). DejaVu Sans Condensed (Bitstream Vera licence, `fonts/LICENSE-DejaVu.txt`) covers Latin,
Greek, Cyrillic and the usual typography (– — − × → …), and is narrow enough for card text. Which
characters it has is read from its own cmap table, so text can be checked (tests) and display names
cleaned (`drawable`) against the real font rather than a guessed list.
"""

from __future__ import annotations

import struct
import unicodedata
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from PIL import ImageDraw, ImageFont

FOLDER = Path(__file__).resolve().parent / "fonts"
REGULAR = FOLDER / "DejaVuSansCondensed.ttf"
BOLD = FOLDER / "DejaVuSansCondensed-Bold.ttf"

Font = ImageFont.FreeTypeFont


@cache
def font(size: int, bold: bool = False) -> Font:
    """The picture font at `size` pixels. Basic layout: the texts are left-to-right and need no
    shaping, and it is several times faster than Raqm per line."""
    return ImageFont.truetype(str(BOLD if bold else REGULAR), size, layout_engine=ImageFont.Layout.BASIC)


def _cmap(data: bytes) -> frozenset[int]:
    """The code points of a TrueType font's Unicode cmap subtables (formats 4 and 12)."""
    tables = struct.unpack_from(">H", data, 4)[0]
    offset = next(
        struct.unpack_from(">I", data, 12 + 16 * i + 8)[0]
        for i in range(tables)
        if data[12 + 16 * i : 16 + 16 * i] == b"cmap"
    )
    count = struct.unpack_from(">H", data, offset + 2)[0]
    points: set[int] = set()
    for i in range(count):
        platform, encoding, sub = struct.unpack_from(">HHI", data, offset + 4 + 8 * i)
        if (platform, encoding) not in ((3, 1), (3, 10), (0, 3), (0, 4)):
            continue
        start = offset + sub
        kind = struct.unpack_from(">H", data, start)[0]
        if kind == 4:
            segments = struct.unpack_from(">H", data, start + 6)[0] // 2
            ends = struct.unpack_from(f">{segments}H", data, start + 14)
            starts = struct.unpack_from(f">{segments}H", data, start + 16 + 2 * segments)
            deltas = struct.unpack_from(f">{segments}h", data, start + 16 + 4 * segments)
            ranges_at = start + 16 + 6 * segments
            ranges = struct.unpack_from(f">{segments}H", data, ranges_at)
            for seg, (first, last) in enumerate(zip(starts, ends, strict=True)):
                for point in range(first, last + 1):
                    if point == 0xFFFF:
                        continue
                    if ranges[seg] == 0:
                        glyph = (point + deltas[seg]) & 0xFFFF
                    else:
                        at = ranges_at + 2 * seg + ranges[seg] + 2 * (point - first)
                        glyph = struct.unpack_from(">H", data, at)[0]
                        glyph = (glyph + deltas[seg]) & 0xFFFF if glyph else 0
                    if glyph:
                        points.add(point)
        elif kind == 12:
            groups = struct.unpack_from(">I", data, start + 12)[0]
            for g in range(groups):
                first, last, glyph = struct.unpack_from(">III", data, start + 16 + 12 * g)
                points.update(p for p in range(first, last + 1) if glyph + p - first)
    return frozenset(points)


@cache
def covered(bold: bool = False) -> frozenset[int]:
    """Every code point the font draws a real glyph for (not the missing-glyph box)."""
    return _cmap((BOLD if bold else REGULAR).read_bytes())


def missing(text: str, bold: bool = False) -> str:
    """The characters of `text` the font has no glyph for (each once, in order)."""
    have = covered(bold)
    return "".join(dict.fromkeys(c for c in text if ord(c) not in have and c not in "\n"))


# Unicode categories left out where the font lacks them: symbols (emoji), format characters (the
# joiner of an emoji sequence), non-spacing marks (a variation selector), private use, surrogates.
_DECORATION = frozenset({"So", "Sk", "Cf", "Mn", "Co", "Cs"})


@lru_cache(maxsize=4096)
def drawable(text: str) -> str:
    """`text` with every character the font lacks made drawable: a letter with an accent the font
    lacks loses the accent, an emoji or other symbol (and what joins or varies it) is left out, as
    decoration of a display name, and any other character becomes "?"."""
    if not missing(text) and not missing(text, bold=True):
        return text
    out: list[str] = []
    for char in text:
        if not missing(char) and not missing(char, bold=True):
            out.append(char)
            continue
        if unicodedata.category(char) in _DECORATION:
            continue
        base = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
        out.append(base if base and not missing(base) and not missing(base, bold=True) else "?")
    return "".join(out)


def drawable_name(name: str) -> str:
    """A display name as the picture can draw it, or "" when too little of it survives `drawable`: an
    emoji-only name draws as nothing and a CJK one as "??", which reads as a blank or a glitch (a
    banner said "Decision: , ?? and ?? may each occupy a station."). "" makes the caller fall back on
    the seat's "Crew 2", so a name is either readable or replaced, never empty. A name keeps its
    place while at least half its characters draw as themselves ("李雷 Bob" → "?? Bob")."""
    drawn = " ".join(drawable(name).split())
    lost = drawn.count("?") - name.count("?")
    shown = sum(not c.isspace() for c in drawn)
    return "" if not shown or 2 * lost >= shown else drawn


@lru_cache(maxsize=4096)
def fit(text: str, size: int, width: int, bold: bool = False) -> str:
    """`text`, made drawable, shortened with "…" to at most `width` pixels: long names never run into
    their neighbours."""
    text = drawable(text)
    face = font(size, bold)
    if face.getlength(text) <= width:
        return text
    while text and face.getlength(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…"


@lru_cache(maxsize=4096)
def wrap(text: str, size: int, width: int, lines: int, bold: bool = False) -> tuple[str, ...]:
    """At most `lines` lines of at most `width` pixels, broken between words; a word too long for a
    line, or text left over after the last line, ends in "…"."""
    face = font(size, bold)
    wrapped: list[str] = []
    for word in drawable(text).split():
        trial = f"{wrapped[-1]} {word}" if wrapped else word
        if wrapped and face.getlength(trial) <= width:
            wrapped[-1] = trial
        else:
            wrapped.append(word)
    wrapped = wrapped or [""]
    if len(wrapped) > lines:
        wrapped[lines - 1] = " ".join(wrapped[lines - 1 :]) + "…"
    return tuple(fit(line, size, width, bold) for line in wrapped[:lines])


LEADING = 2  # pixels between two lines of text


@lru_cache(maxsize=4096)
def fit_lines(
    text: str, size: int, width: int, height: int, smallest: int, bold: bool = False
) -> tuple[tuple[str, ...], int]:
    """`text` in a box `width` × `height` pixels at the largest size from `size` down to `smallest`
    that says it whole, in as many lines as fit at that size; cut with "…" only at `smallest`. Where
    the words matter more than their size (a game's result, the question it waits on), a smaller
    line beats a lost score."""
    for trial in range(size, smallest - 1, -1):
        wrapped = wrap(text, trial, width, max(1, height // (trial + LEADING)), bold)
        if not any(line.endswith("…") for line in wrapped) or trial == smallest:
            return wrapped, trial
    raise ValueError(f"no size from {size} down to {smallest}")


def shrink(text: str, size: int, width: int, bold: bool = False) -> tuple[str, int]:
    """One line of `text` at `size`, or smaller (down to 2/3 of it) before it is cut: a long name in
    German or Spanish keeps its end. Drawn `size - fitted` lower, it keeps the line's baseline."""
    (line,), fitted = fit_lines(text, size, width, size + 1, size * 2 // 3, bold=bold)
    return line, fitted


def shrunk(draw: ImageDraw.ImageDraw, x: int, y: int, text: str, size: int, width: int, **style: Any) -> None:
    """`shrink`'s line drawn at (x, y) as a `size` line would be."""
    bold = bool(style.pop("bold", False))
    line, fitted = shrink(text, size, width, bold)
    draw.text((x, y + size - fitted), line, font=font(fitted, bold=bold), **style)
