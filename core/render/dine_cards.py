"""Deep Space Dine cards as pictures (Pillow), drawn from the card data alone.

Each card side is a portrait card with the parts the rulebook names. A station shows its station's
own colour and icon (ten of each, `core.render.icons`), level, name and printed drive, what it gives
in a row, its two actions, what it does while occupied and what it gives rotated; a sector its jump,
solutions, danger and consequences; a ship its stations, tracks and actions. Every action reads
"cost: effect" (a free one "free: …"), symbols are drawn as icons, and a legend at the foot of each
card names the icons on it. Everything is drawn upright, the rotated side too, so a screenshot reads
without turning the phone. The texts come from `core.render.dine_text`, so picture and words agree.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Sequence
from functools import cache

from PIL import Image, ImageDraw

from core.dine.cards import Action, Occupied, SectorSide, ShipSide, StationSide, Symbol, TrackSpec
from core.dine.engine import describe_effects
from core.i18n import Locale, t
from core.i18n.glossary import term

from . import icons
from .dine_names import ship_name, station_kind, word
from .dine_text import SHIP_RULES, action_words, row_text, sector_rules_text
from .fonts import Font, fit, fit_lines, shrunk, wrap
from .fonts import font as _font

WIDTH, HEIGHT = 360, 500
INK, MUTED, PAPER, EDGE = (30, 30, 40), (95, 95, 110), (246, 242, 232), (60, 60, 72)
TINT = (232, 226, 212)  # the rotated box's ground
SYMBOL_COLOURS: dict[Symbol, tuple[int, int, int]] = {s: icons.SYMBOL_ICONS[s.value] for s in Symbol}
KIND_COLOURS = {
    "easy": (40, 115, 65),
    "hard": (175, 62, 45),
    "boss": (120, 60, 150),
    "starter": (45, 105, 155),
}
SHIP_BAND = (45, 55, 85)
STATION_COLOURS = icons.STATION_COLOURS
Colour = tuple[int, int, int]


def font(size: int, bold: bool = False) -> Font:
    """The pictures' font (`core.render.fonts`), re-exported for the board and the tests."""
    return _font(size, bold)


# --- text with icons -------------------------------------------------------------------------------------

_SYMBOLS = ("drive", "navigation", "energy", "firepower", "shield", "pizza", "damage")


@cache
def _symbol_words(locale: Locale) -> tuple[re.Pattern[str], dict[str, str]]:
    """The pattern of a symbol's name in `locale` as one chunk of text (with brackets and punctuation
    around it), and which icon each name is; a name of several words ("potencia de fuego") is one
    chunk once `Pen` has tied its words (`_tie`)."""
    names = {_tie(word(locale, icon)): icon for icon in _SYMBOLS}
    alternatives = "|".join(re.escape(name) for name in sorted(names, key=len, reverse=True))
    return re.compile(rf"^([(\[]?)({alternatives})([)\].,;:]*)$"), names


_TIE = "\u2063"  # ties the words of a symbol's name into one chunk (an invisible separator, not a space)


def _tie(name: str) -> str:
    return name.replace(" ", _TIE)


@cache
def _several_words(locale: Locale) -> tuple[str, ...]:
    """The symbol names of several words in `locale`, longest first."""
    names = {word(locale, icon) for icon in _SYMBOLS if " " in word(locale, icon)}
    return tuple(sorted(names, key=len, reverse=True))


_NUMBER = re.compile(r"^[+−-]?\d+\+?$")


class Pen:
    """Draws wrapped text on a card, a symbol word as its icon, and remembers which icons it drew
    (the card's legend lists exactly those)."""

    def __init__(self, draw: ImageDraw.ImageDraw, locale: Locale = "en") -> None:
        self.draw = draw
        self.used: set[str] = set()
        self.pattern, self.icons = _symbol_words(locale)
        self.several = _several_words(locale)
        self.bottom = HEIGHT - 50  # the legend's two lines are below

    def _pieces(self, text: str, bold: bool, symbols: bool) -> list[tuple[str, bool, str | None]]:
        """(text, bold, icon) pieces, a word or a space each: a symbol word becomes its icon."""
        out: list[tuple[str, bool, str | None]] = [(" ", bold, None)] if text[:1].isspace() else []
        if symbols:
            for name in self.several:
                text = text.replace(name, _tie(name))
        for chunk in text.split():
            match = self.pattern.match(chunk) if symbols else None
            if match:
                if match.group(1):
                    out.append((match.group(1), bold, None))
                out.append(("", bold, self.icons[match.group(2)]))
                if match.group(3):
                    out.append((match.group(3), bold, None))
            else:
                out.append((chunk.replace(_TIE, " "), bold, None))
            out.append((" ", bold, None))
        return out if text[-1:].isspace() else out[:-1]

    def write(
        self,
        x: int,
        y: int,
        parts: Sequence[tuple[str, bool]] | str,
        size: int = 14,
        width: int = WIDTH - 40,
        fill: Colour = INK,
        symbols: bool = True,
        lines: int = 99,
    ) -> int:
        """`parts` ((text, bold) runs, or one plain string) wrapped to `width` pixels from (x, y), at
        most `lines` lines (then "…"); returns the y below the last line. `symbols=False` keeps
        symbol words as words (flavour)."""
        runs = [(parts, False)] if isinstance(parts, str) else parts
        pieces = [p for text, bold in runs for p in self._pieces(text, bold, symbols)]
        line_h = size + 5
        lines = max(1, min(lines, (self.bottom - y) // line_h))  # long words stop above the legend
        ellipsis = int(font(size).getlength(" …")) + 1
        left, cx = x, x
        previous = ""
        for index, (text, bold, icon) in enumerate(pieces):
            if text == " ":
                # a number and its symbol stay together ("2⚡"); other words are a space apart
                following = pieces[index + 1][2] if index + 1 < len(pieces) else None
                gap = 2 if following and _NUMBER.match(previous) else int(font(size).getlength(" "))
                cx += gap
                continue
            if not icon and font(size, bold).getlength(text) > width:  # a word longer than a line
                text = fit(text, size, width, bold)
            w = size if icon else int(font(size, bold).getlength(text))
            # on the last line a word that is not the last keeps room for the "…" after it
            last = lines == 1 and index < len(pieces) - 1
            if cx + w > left + width - (ellipsis if last else 0) and cx > left:
                lines -= 1
                if not lines:
                    self.draw.text((cx, y), "…", font=font(size), fill=fill)
                    break
                cx, y = left, y + line_h
            if icon:
                icons.symbol(self.draw, icon, cx, y + 1, size)
                self.used.add(icon)
            else:
                self.draw.text((cx, y), text, font=font(size, bold), fill=fill)
            cx += w
            previous = text if not icon else ""
        return y + line_h

    def legend(self, bottom: int = HEIGHT - 14, locale: Locale = "en") -> None:
        """The icons drawn on this card, each with its word in `locale`, in lines ending at `bottom`."""
        lines: list[list[tuple[str, int]]] = [[]]
        x = 20
        for icon in (n for n in icons.LEGEND if n in self.used):
            name = word(locale, icon)
            width = 15 + int(font(11).getlength(name))
            if x + width > WIDTH - 20:
                lines.append([])
                x = 20
            lines[-1].append((icon, x))
            x += width + 10
        y = bottom - 16 * len(lines)
        self.draw.line((16, y - 4, WIDTH - 16, y - 4), fill=TINT, width=1)
        for line in lines:
            for icon, x in line:
                icons.symbol(self.draw, icon, x, y + 1, 12)
                self.draw.text((x + 15, y), word(locale, icon), font=font(11), fill=MUTED)
            y += 16


def _canvas(band: Colour) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGB", (WIDTH, HEIGHT), PAPER)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((2, 2, WIDTH - 3, HEIGHT - 3), radius=16, outline=EDGE, width=3)
    draw.rounded_rectangle((10, 10, WIDTH - 11, 66), radius=10, fill=band)
    return image, draw


def _label(draw: ImageDraw.ImageDraw, y: int, text: str, fill: Colour = MUTED) -> int:
    (line,), size = fit_lines(text.upper(), 11, WIDTH - 40, 13, 8, bold=True)  # smaller before cut
    draw.text((20, y + 11 - size), line, font=font(size, bold=True), fill=fill)
    return y + 16


def _png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def action_parts(action: Action, locale: Locale = "en", *, in_hand: bool = False) -> list[tuple[str, bool]]:
    """ "cost: effect" as runs, the cost in bold; a free action reads "free: …" (the rulebook's "-").
    `in_hand`: the action is printed on a hand card (`cost_text`)."""
    words = action_words(action, locale, in_hand=in_hand)
    cost = t(locale, "free") if action.cost.kind == "none" else words.cost
    return [(f"{cost}:", True), (f" {words.effect}", False)]


def occupied_parts(occupied: Occupied, locale: Locale = "en") -> list[tuple[str, bool]]:
    """An occupied station's effect: its action as "cost: effect", else "always: …" or "at X: …"."""
    if occupied.action is not None:
        return action_parts(occupied.action, locale)
    if occupied.permanent is not None:
        what = {
            "hand_size": t(locale, "hand size"),
            "danger": t(locale, "danger value"),
            "jump_drive": t(locale, "drive needed to jump"),
        }
        sign = "−" if occupied.permanent == "jump_drive" else "+"
        always = t(locale, "always:")
        return [(always, True), (f" {what[occupied.permanent]} {sign}{occupied.amount}", False)]
    when = t(locale, "at {trigger}:", trigger=word(locale, str(occupied.trigger)))
    return [(when, True), (f" {describe_effects(occupied.effects, locale)}", False)]


def _action(pen: Pen, y: int, parts: Sequence[tuple[str, bool]], bar: Colour, size: int = 14) -> int:
    """One action with the coloured bar on its left, as printed on the cards."""
    bottom = pen.write(32, y, parts, size, width=WIDTH - 56)
    pen.draw.rectangle((18, y, 24, bottom - 5), fill=bar)
    return bottom


# --- station cards ----------------------------------------------------------------------------------------


def station_card(
    face: StationSide, station: str, upgraded: bool, locale: Locale = "en", name: str | None = None
) -> bytes:
    """A station card's side in `locale` (`name`: its name there, from the glossary; else the card's)."""
    shown = face.name if name is None else name
    band = icons.station_colour(station)
    image, draw = _canvas(band)
    pen = Pen(draw, locale)
    icons.station(draw, station, 20, 18, 40, PAPER, band)
    room = WIDTH - 96 - (40 if face.drive else 0)
    size = next((s for s in (18, 17, 16, 15) if font(s, bold=True).getlength(shown) <= room), 14)
    title, name = font(size, bold=True), shown
    while title.getlength(name) > room and len(name) > 4:  # a long name shrinks first, then is cut
        name = name[:-2] + "…"
    draw.text((70, 15 + (18 - size) // 2), name, font=title, fill=PAPER)
    kind = t(locale, "{station} · level {level}", station=station_kind(locale, station), level=face.level)
    kind += t(locale, " · upgraded") if upgraded else ""
    draw.text((70, 41), fit(kind, 12, WIDTH - 90 - (40 if face.drive else 0)), font=font(12), fill=PAPER)
    if face.drive:  # printed drive as "2»", on a plate so its colour reads on every band
        plate = WIDTH - 52
        draw.rounded_rectangle((plate - 6, 24, WIDTH - 18, 52), radius=6, fill=PAPER)
        draw.text((plate, 27), str(face.drive), font=font(18, bold=True), fill=INK)
        icons.symbol(draw, "drive", plate + 13, 29, 18)
        pen.used.add("drive")
    y = _label(draw, 76, t(locale, "In a row"))
    y = pen.write(20, y, row_text(face.row, locale), 15) + 6
    y = _label(draw, max(y, 132), t(locale, "Play it (cost: effect)"))
    for action in face.actions:
        y = _action(pen, y, action_parts(action, locale, in_hand=True), band) + 4
    y = max(y, 250)
    draw.line((16, y, WIDTH - 16, y), fill=MUTED, width=1)
    y = _label(draw, y + 8, t(locale, "While occupied"))
    occupied = occupied_parts(face.occupied, locale)
    if face.occupied.action is not None:
        _action(pen, y, occupied, band, 13)
    else:
        pen.write(20, y, occupied, 13)
    top = HEIGHT - 118
    draw.rounded_rectangle((14, top, WIDTH - 15, HEIGHT - 42), radius=8, fill=TINT)
    _label(draw, top + 8, t(locale, "Rotated ↻ (in a row, without the corner drive)"))
    pen.write(22, top + 26, row_text(face.rotated, locale), 15, width=WIDTH - 48)
    pen.legend(locale=locale)
    return _png(image)


# --- sector cards -----------------------------------------------------------------------------------------


def _flavour(pen: Pen, y: int, flavour: str | None, locale: Locale) -> None:
    """The card's flavour line(s) at its foot, in the reader's words (the glossary keys them by the
    English text), as many lines as fit above the legend; none when the rules text left no room."""
    if not flavour:
        return
    said = term(locale, "dine", "flavours", flavour)
    for size in (12, 11, 10):  # the whole line, a point smaller if need be, rather than cut
        needed = len(wrap(said, size, WIDTH - 40, 4)) * (size + 5)  # as `Pen.write` spaces lines
        if y + 10 + needed <= pen.bottom:
            break
    top = max(y + 10, min(HEIGHT - 96, pen.bottom - needed))  # up into free room for a longer line
    if top + size + 5 <= pen.bottom:
        pen.write(20, top, said, size, fill=MUTED, symbols=False)


def _per_crew(values: Iterable[int | None]) -> str:
    return " / ".join("X" if v is None else str(v) for v in values)


def sector_card(face: SectorSide, locale: Locale = "en", name: str | None = None) -> bytes:
    """A sector card's side in `locale` (`name`: its name there, from the glossary; else the card's)."""
    band = KIND_COLOURS[face.kind]
    image, draw = _canvas(band)
    pen = Pen(draw, locale)
    draw.text((20, 15), f"L{face.level}", font=font(18, bold=True), fill=PAPER)
    shrunk(draw, 60, 15, face.name if name is None else name, 18, WIDTH - 80, bold=True, fill=PAPER)
    german = f" · {face.german}" if face.german and locale == "en" else ""
    draw.text((60, 41), fit(f"{word(locale, face.kind)}{german}", 12, WIDTH - 80), font=font(12), fill=PAPER)
    y = _label(draw, 76, t(locale, "Jump (1 / 2 / 3 crew)"))
    jump = f"{_per_crew(face.jump.drive)} {word(locale, 'drive')}"
    if face.jump.navigation:
        jump += f" + {face.jump.navigation} {word(locale, 'navigation')}"
    y = pen.write(20, y, jump, 15) + 6
    y = _label(draw, y, t(locale, "Solve (either one)") if len(face.solutions) > 1 else t(locale, "Solve"))
    for number, solution in enumerate(face.solutions, 1):
        if solution.pay is not None:
            what = t(locale, "pay {amount} {track}", amount=solution.amount, track=word(locale, solution.pay))
        else:
            what = ", ".join(f"{n} {word(locale, str(s))}" for s, n in solution.symbols.items())
            what += t(locale, " per crew member") if solution.per_crew else ""
        prefix = [(f"{number}.", True)] if len(face.solutions) > 1 else []
        y = pen.write(20, y, [*prefix, (f" {what}" if prefix else what, False)], 15) + 2
    y = _label(draw, y + 6, t(locale, "Danger (1 / 2 / 3 crew)"), fill=band)
    cards = t(locale, " cards in the row") if any(face.danger) else ""
    cards += t(locale, " (0: strikes on arrival)") if 0 in face.danger else ""
    y = pen.write(20, y, f"{_per_crew(face.danger)}{cards}", 15, fill=band)
    then = t(locale, "Then (choose one)") if len(face.consequences) > 1 else t(locale, "Then")
    y = _label(draw, y + 4, then)
    for number, option in enumerate(face.consequences, 1):
        prefix = [(f"{number}.", True)] if len(face.consequences) > 1 else []
        what = describe_effects(option, locale)
        y = pen.write(20, y, [*prefix, (f" {what}" if prefix else what, False)], 15) + 2
    if face.rules:
        y = _label(draw, y + 6, t(locale, "Rules"))
        if locale == "en":  # the English card keeps its rule ids' words, as it always had
            rules = ", ".join(r.replace("_", " ") for r in face.rules)
        else:
            rules = sector_rules_text(face, locale)
        y = pen.write(20, y, rules, 14)
    _flavour(pen, y, face.flavour, locale)
    pen.legend(locale=locale)
    return _png(image)


# --- ship cards -------------------------------------------------------------------------------------------


def _track(pen: Pen, y: int, label: str, track: TrackSpec, colour: Colour, locale: Locale = "en") -> int:
    draw = pen.draw
    if label in icons.SYMBOL_ICONS:
        icons.symbol(draw, label, 20, y + 3, 16)
        pen.used.add(label)
        shrunk(draw, 40, y + 3, word(locale, label), 14, 80, fill=INK)
    for space in range(1, track.length + 1):
        x = 124 + (space - 1) * 24
        fill = (230, 200, 200) if space in track.remove_cards else PAPER
        draw.rectangle((x, y, x + 19, y + 21), fill=fill, outline=colour, width=2)
    return y + 28


def _station_chips(draw: ImageDraw.ImageDraw, y: int, names: Sequence[str], locale: Locale = "en") -> int:
    """The ship's stations as chips in their own colours and icons, named in `locale`."""
    x = 20
    for name in names:
        colour = icons.station_colour(name)
        said = fit(station_kind(locale, name), 12, WIDTH - 70, bold=True)
        width = 30 + int(font(12, bold=True).getlength(said))
        if x + width > WIDTH - 20:
            x, y = 20, y + 28
        draw.rounded_rectangle((x, y, x + width, y + 22), radius=6, fill=colour)
        icons.station(draw, name, x + 5, y + 3, 16, PAPER, colour)
        draw.text((x + 25, y + 4), said, font=font(12, bold=True), fill=PAPER)
        x += width + 6
    return y + 30


def ship_card(face: ShipSide, locale: Locale = "en") -> bytes:
    """A ship card's side in `locale` (its name from the glossary)."""
    image, draw = _canvas(SHIP_BAND)
    pen = Pen(draw, locale)
    name = fit(ship_name(locale, face.name), 20, WIDTH - 40, bold=True)
    draw.text((20, 14), name, font=font(20, bold=True), fill=PAPER)
    draw.text((20, 42), t(locale, "ship"), font=font(12), fill=PAPER)
    y = _label(draw, 76, t(locale, "Stations (their cards make the deck)"))
    y = _station_chips(draw, y, face.stations, locale) + 2
    y = _label(draw, y, t(locale, "Tracks (damage and pizza start on the right)"))
    y = _track(pen, y, "damage", face.damage, (200, 80, 60), locale)
    y = _track(pen, y, "pizza", face.pizza, (220, 160, 40), locale)
    if face.marker is not None:
        shrunk(draw, 20, y + 3, word(locale, "ship marker"), 14, 100, fill=INK)
        y = _track(pen, y, "", face.marker, (70, 120, 200), locale)
        if face.marker_start:
            said = t(locale, "the ship marker starts on space {n}", n=face.marker_start)
            y = pen.write(20, y, said, 11, fill=MUTED)
    if any(face.damage.remove_cards):
        y = pen.write(20, y, t(locale, "pink space: remove cards"), 11, fill=MUTED)
    y = _label(draw, y + 6, t(locale, "Ship actions (cost: effect)"))
    for action in face.actions:
        y = _action(pen, y, action_parts(action, locale), SHIP_BAND) + 4
    if face.rules:
        y = _label(draw, y + 4, t(locale, "Rules"))
        if locale == "en":  # the English card keeps its rule ids' words, as it always had
            rules = ", ".join(f"{r.rule.replace('_', ' ')} +{r.amount}" for r in face.rules)
        else:
            rules = "; ".join(t(locale, SHIP_RULES[r.rule], n=r.amount) for r in face.rules)
        y = pen.write(20, y, rules, 14)
    _flavour(pen, y, face.flavour, locale)
    pen.legend(locale=locale)
    return _png(image)


# --- sheets -------------------------------------------------------------------------------------------------


def sheet(pictures: list[bytes], columns: int = 4) -> bytes:
    """Card pictures side by side, for the gallery."""
    cards = [Image.open(io.BytesIO(p)) for p in pictures]
    rows = (len(cards) + columns - 1) // columns
    out = Image.new("RGB", (columns * (WIDTH + 10) + 10, rows * (HEIGHT + 10) + 10), (40, 40, 48))
    for i, card in enumerate(cards):
        out.paste(card, (10 + (i % columns) * (WIDTH + 10), 10 + (i // columns) * (HEIGHT + 10)))
    buffer = io.BytesIO()
    out.quantize(colors=255, method=Image.Quantize.FASTOCTREE).save(buffer, format="PNG")
    return buffer.getvalue()


def legend_card() -> bytes:
    """What the pictures' icons and colours mean: the seven symbols and the ten stations."""
    image = Image.new("RGB", (2 * WIDTH + 10, 250), PAPER)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((2, 2, image.width - 3, image.height - 3), radius=16, outline=EDGE, width=3)
    draw.text((20, 14), "Symbols", font=font(16, bold=True), fill=INK)
    for i, name in enumerate(icons.LEGEND):
        x, y = 20 + (i % 4) * 180, 44 + (i // 4) * 32
        icons.symbol(draw, name, x, y, 22)
        draw.text((x + 30, y + 2), name, font=font(15), fill=INK)
    draw.text(
        (20, 116),
        "Stations (band colour and icon of every card of that station)",
        font=font(16, bold=True),
        fill=INK,
    )
    for i, (name, colour) in enumerate(STATION_COLOURS.items()):
        x, y = 20 + (i % 5) * 140, 146 + (i // 5) * 46
        draw.rounded_rectangle((x, y, x + 130, y + 38), radius=8, fill=colour)
        icons.station(draw, name, x + 7, y + 6, 26, PAPER, colour)
        draw.text((x + 40, y + 10), name, font=font(14, bold=True), fill=PAPER)
    return _png(image)
