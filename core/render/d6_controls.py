"""Which controls a D-6 board shows, decided from `legal_actions` alone (the cog only draws them).

The board offers a button per kind of ready die; picking one shows that die's uses (stations first,
then away missions) as buttons, or as select menus when there are more than fit in a row. Pending
decisions show their answers the same way. Everything fits Discord's limits: the dice take one row,
the choices at most `max_rows`, and every legal action is reachable.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from core.d6.actions import Action, AwayMission, EndAssignment
from core.d6.cards import Face
from core.d6.codes import encode
from core.d6.engine import dice_in, die_actions
from core.d6.names import face_name
from core.d6.state import Place, State
from core.i18n import Locale, mark, t
from core.words import clip

from .d6_menu import Key, answers_in_order, move_key
from .d6_text import decision_text, describe_action, station_rule, wasted

Style = Literal["primary", "secondary", "success", "danger"]
BUTTONS_PER_ROW, OPTIONS_PER_MENU = 5, 25
LABEL_LIMIT = 80  # Discord's button label limit
OPTION_LIMIT = 100  # a select menu option's label limit: a choice too long for a button goes in a menu

END_ASSIGNMENT = mark("End assignment")  # the button that ends the round's assigning
MORE = mark("More choices… (page {page} of {pages})")  # the last option of a page of menus
PAGE = "P"  # a page's code: `P<die>.<page>` (no die while a decision waits); no action code starts so


@dataclass(frozen=True, slots=True)
class Choice:
    label: str
    code: str  # the action's code (`core.d6.codes`)
    style: Style = "secondary"


@dataclass(frozen=True, slots=True)
class ChoiceRow:
    choices: tuple[Choice, ...]
    menu: bool = False  # a select menu rather than buttons
    placeholder: str = ""


@dataclass(frozen=True, slots=True)
class DieButton:
    die: int  # the first die of its kind; identical ready dice are one choice
    label: str
    enabled: bool
    selected: bool


@dataclass(frozen=True, slots=True)
class Controls:
    prompt: str
    dice: tuple[DieButton, ...] = ()
    rows: tuple[ChoiceRow, ...] = ()
    finish: Choice | None = None

    def choices(self) -> list[Choice]:
        finish = [self.finish] if self.finish else []
        return [choice for row in self.rows for choice in row.choices] + finish


def _label(text: str) -> str:
    return clip(text, LABEL_LIMIT)


def _choice(state: State, action: Action, style: Style, locale: Locale, *, with_die: bool = False) -> Choice:
    """A choice labelled in full up to a menu option's limit: `pack` puts it in a menu if a button's
    label would cut it (a German Infirmary answer runs past 80 characters)."""
    said = describe_action(state, action, with_die=with_die, locale=locale)
    return Choice(clip(said, OPTION_LIMIT), encode(action), style)


def pack(
    groups: Sequence[Sequence[Choice]],
    placeholder: str,
    max_rows: int,
    more: Callable[[int, int], Choice] | None = None,
    page: int = 0,
) -> tuple[ChoiceRow, ...]:
    """A row of buttons per small group whose labels fit a button, select menus for the others; all in
    menus if rows run short; and if even menus run short, `page` of pages of menus whose last option
    is `more(next page, pages)` (a second Tactical die splits its shot over a dozen threats 79 ways)."""
    rows: list[ChoiceRow] = []
    for group in filter(None, groups):
        if len(group) <= BUTTONS_PER_ROW and all(len(choice.label) <= LABEL_LIMIT for choice in group):
            rows.append(ChoiceRow(tuple(group)))
        else:
            rows.extend(_menus(group, placeholder))
    if len(rows) > max_rows:
        rows = _menus([choice for group in groups for choice in group], placeholder)
    if len(rows) > max_rows:
        if more is None:
            raise ValueError(f"{sum(map(len, groups))} choices do not fit in {max_rows} rows")
        flat = [choice for group in groups for choice in group]
        each = max_rows * OPTIONS_PER_MENU - 1  # a page's choices, and the way to the next page
        pages = -(-len(flat) // each)
        page %= pages
        rows = _menus([*flat[page * each : (page + 1) * each], more((page + 1) % pages, pages)], placeholder)
    return tuple(rows)


def page_code(die: int | None, page: int) -> str:
    """The code of the option that shows `page` of the choices for `die` (None: a waiting decision)."""
    return f"{PAGE}{'' if die is None else die}.{page}"


def read_page(code: str) -> tuple[int | None, int] | None:
    """(die, page) of a `page_code`, or None for anything else (an action's code, a forged one)."""
    if not code.startswith(PAGE):
        return None
    die, dot, page = code.removeprefix(PAGE).partition(".")
    if not dot or not page.isdigit() or not (die.isdigit() or not die) or len(page) > 3 or len(die) > 3:
        return None  # (no board has a thousand pages or dice)
    return (int(die) if die else None), int(page)


def _menus(choices: Sequence[Choice], placeholder: str) -> list[ChoiceRow]:
    chunks = [choices[i : i + OPTIONS_PER_MENU] for i in range(0, len(choices), OPTIONS_PER_MENU)]
    return [
        ChoiceRow(tuple(chunk), menu=True, placeholder=placeholder + (f" ({n}/{len(chunks)})" if n else ""))
        for n, chunk in enumerate(chunks, 1 if len(chunks) > 1 else 0)
    ]


def _dice(state: State, selected: int | None, locale: Locale = "en") -> tuple[DieButton, ...]:
    kinds: dict[Face, list[int]] = {}
    for i in dice_in(state, Place.POOL):
        kinds.setdefault(state.dice[i].face, []).append(i)
    buttons: list[DieButton] = []
    for face, dice in kinds.items():
        enabled = next(die_actions(state, dice[0]), None) is not None
        label = _label(f"{face_name(locale, face)} ({', '.join(str(i + 1) for i in dice)})")
        buttons.append(DieButton(dice[0], label, enabled, selected in dice))
    return tuple(buttons)


def controls(
    state: State, selected: int | None = None, *, page: int = 0, max_rows: int = 3, locale: Locale = "en"
) -> Controls:
    """The controls for `state`, with die `selected`'s uses shown if it is a ready die that has any
    (`page` of them if they need more menus than `max_rows`)."""

    def more(to: int, pages: int) -> Choice:
        die = None if state.pending is not None else selected
        return Choice(clip(t(locale, MORE, page=to + 1, pages=pages), OPTION_LIMIT), page_code(die, to))

    if state.outcome != "playing":
        return Controls(t(locale, "The game is over."))
    if state.pending is not None:
        answers = [
            _choice(state, action, "primary", locale, with_die=True) for action in answers_in_order(state)
        ]
        return Controls(
            decision_text(state, locale), rows=pack([answers], t(locale, "Choose…"), max_rows, more, page)
        )
    finish = Choice(_label(t(locale, END_ASSIGNMENT)), encode(EndAssignment()), "danger")
    dice = _dice(state, selected, locale)
    if not dice:
        return Controls(t(locale, "Every die is assigned: end the assignment."), finish=finish)
    uses = _distinct(state, die_actions(state, selected)) if selected in dice_in(state, Place.POOL) else []
    if selected is None or not uses:  # (no uses without a selected die)
        dice = tuple(DieButton(d.die, d.label, d.enabled, False) for d in dice)
        return Controls(
            t(locale, "Pick a ready die to assign it, or end the assignment."), dice, finish=finish
        )
    stations = [_choice(state, a, "primary", locale) for a in uses if not isinstance(a, AwayMission)]
    missions = [_choice(state, a, "success", locale) for a in uses if isinstance(a, AwayMission)]
    face = state.dice[selected].face
    name = face_name(locale, face)
    rows = pack([stations, missions], t(locale, "{face} die: choose…", face=name), max_rows, more, page)
    rule = station_rule(face, uses, locale)
    prompt = t(locale, "{face} die: choose where it goes.", face=name) + (f" {rule}" if rule else "")
    return Controls(prompt, dice, rows, finish)


def _distinct(state: State, actions: Iterable[Action]) -> list[Action]:
    """One action per distinct move: turning either of two identical dice is one choice. A shot that
    deals a threat more than its health comes after the others."""
    seen: set[Key] = set()
    kept: list[Action] = []
    for action in actions:
        if (key := move_key(state, action)) not in seen:
            seen.add(key)
            kept.append(action)
    return sorted(kept, key=lambda a: wasted(state, a) > 0)


def as_shown(state: State, action: Action) -> Action:
    """The same decision as the board offers it: identical ready dice share one button, and so do
    alike targets (`d6_menu.move_key`): the first die of a kind, and the first alike target, stand
    for them all."""
    die: int | None = getattr(action, "die", None)
    if die is None or state.pending is not None:
        return action
    shown = next(d.die for d in _dice(state, None) if state.dice[d.die].face is state.dice[die].face)
    key = move_key(state, action)
    return next(a for a in _distinct(state, die_actions(state, shown)) if move_key(state, a) == key)


def control_for(shown: Controls, code: str) -> Choice | None:
    """The choice that offers the action `code` among `shown`'s controls."""
    return next((c for c in shown.choices() if c.code == code), None)
