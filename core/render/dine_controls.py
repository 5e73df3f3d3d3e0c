"""Which Dine controls each crew member sees, drawn from `legal_actions` alone.

An action is named by its code (`core.dine.codes`), never by its place in `legal_actions`: a click
is decoded and checked to be legal now, so a control can never stand for another action. A seat's
hand view lists *moves* — a card's play action, the occupied station's action, a ship action, or
one answer to a decision — and a move that can be paid in several ways leads to a second menu of
payments; such a move is named by its `group`, the code of the same action with nothing paid.
Decisions about nobody's hand (solve or jump, an "A OR B", a shield) also appear on the public
board, whose codes therefore name only public cards (a shield's grid cards).

This is the one menu model of both front ends: the hand view and the board draw these moves, and
the terminal game (`core.render.dine_menu`) numbers the same moves. A move that gives up something
for good (a track paid to solve, damage taken, an upgrade let go) comes after every other move and
its label starts with what it costs; a jump is listed with the ways to clear the sector, its
description saying the upgrade it forgoes. A move or option that picks a card says in its
description what the card does (what a played card gives in the row, what an upgrade becomes, what
an occupied station does, what a payment gives up).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from core.dine.actions import (
    NO_PAYMENT,
    Action,
    Choose,
    Clear,
    Give,
    Occupy,
    Payment,
    PlayCard,
    Shield,
    Upgrade,
    UseShip,
    UseStation,
)
from core.dine.codes import encode
from core.dine.engine import (
    IdleOp,
    Unavailable,
    danger_value,
    idle_effect,
    legal_actions,
    loses_at_once,
    sector_side,
    unavailable,
)
from core.dine.state import State
from core.dine.symbols import side
from core.events import NOBODY
from core.i18n import Locale, mark, t
from core.words import clip

from .dine_names import card_name, sector_name, word
from .dine_text import (
    action_words,
    card_brief,
    describe,
    gives_text,
    occupied_text,
    payment_words,
    symbol_text,
    tracks,
    used_action,
)

LABEL_LIMIT = 100  # Discord's limit for select option labels and descriptions
BUTTON_LIMIT = 80
PUBLIC = (Clear, Choose, Shield)


@dataclass(frozen=True, slots=True)
class Option:
    code: str  # the action's code (`core.dine.codes`)
    label: str
    description: str = ""


@dataclass(frozen=True, slots=True)
class Move:
    """One thing to do; several `options` when it can be paid in different ways."""

    label: str
    description: str
    options: tuple[Option, ...]
    group: str  # the code of the action with nothing paid: names the move in its payments' menu
    seat: int | None = None  # whose move it is (None: the crew's decision)
    costly: bool = False  # gives up something for good: shown after the rest, its cost first
    idle: bool = False  # changes nothing now (`idle_effect`; its description says so): shown last


def for_seat(action: Action, seat: int) -> bool:
    """Whether the member at `seat` may take `action` from their own hand view."""
    if isinstance(action, PUBLIC) or (isinstance(action, Upgrade) and action.seat is None):
        return True
    return getattr(action, "seat", None) == seat


def _group(action: Action) -> Action | None:
    """Actions that differ only in how they are paid share a group, the same action unpaid;
    decisions are never grouped."""
    if isinstance(action, PlayCard | UseStation | UseShip):
        return replace(action, payment=NO_PAYMENT)
    return None


def _subject(state: State, action: Action, locale: Locale) -> str:
    """Whose printed action a move uses: the hand card's name, the occupied station's, or the ship."""
    card = action.card if isinstance(action, PlayCard) else None
    held = state.stations[action.seat] if isinstance(action, UseStation) else None
    return _owner(state, card, held, locale)


def _owner(state: State, card: str | None, held: str | None, locale: Locale) -> str:
    """A printed action's owner in words: the hand `card`, the occupied station `held`, else the ship."""
    if card is not None:
        return card_name(locale, state.cards, card, state.upgraded)
    if held is not None:
        return t(locale, "{card} (occupied)", card=card_name(locale, state.cards, held, state.upgraded))
    return t(locale, "Ship")


def _why_not(missing: Unavailable, locale: Locale) -> str:
    """Why a printed action cannot be taken now: used up this sector, or its cost unpayable (the cost
    itself is said beside it)."""
    cost, own = missing.action.cost, missing.card is not None
    if missing.idle is not None:  # held back while other moves are offered (E10): "does nothing now: …"
        said = t(locale, IDLE_WORDS[missing.idle])
        return said[:1].lower() + said[1:]
    if missing.spent:  # a ship action's limit is the whole crew's (ruling E6), a station's its holder's
        if missing.index is None:
            return t(locale, "used up this sector")
        return t(locale, "the crew used it up this sector")
    if cost.kind == "pay":
        return t(locale, "no single row holds {symbols}", symbols=symbol_text(cost.symbols, locale))
    if cost.kind == "ship":
        return t(locale, "the ship marker cannot move {count} left", count=cost.count)
    if cost.min_drive and own:
        return t(locale, "not enough other hand cards with {drive}+ drive", drive=cost.min_drive)
    if cost.min_drive:
        return t(locale, "not enough hand cards with {drive}+ drive", drive=cost.min_drive)
    return t(locale, "not enough other hand cards") if own else t(locale, "not enough hand cards")


def unavailable_text(state: State, seat: int, locale: Locale = "en") -> str:
    """The printed actions the menus leave out for `seat` now, each with why ("" when none is): a
    card's "rotate, play" that cannot be paid would otherwise simply be missing. Names hand cards:
    the holder's view only."""
    said: list[str] = []
    idle: list[str] = []  # held back only while other moves are offered (E10): not impossible
    for missing in unavailable(state, seat):
        held = state.stations[seat] if missing.card is None and missing.index is None else None
        subject = _owner(state, missing.card, held, locale)
        words = action_words(missing.action, locale, in_hand=missing.card is not None)
        (idle if missing.idle is not None else said).append(
            f"{subject} — {words.text} ({_why_not(missing, locale)})"
        )
    lines = [t(locale, "Not possible now: {actions}", actions="; ".join(said))] if said else []
    if idle:
        lines.append(t(locale, "Offered only when nothing else is: {actions}", actions="; ".join(idle)))
    return "\n".join(lines)


MARKER_MOVES = mark("{track}: space {before} → {after} of {length}")
TRACK_LOSES = mark("{track}: {before} → {after} of {length} left")


def _track_after(state: State, name: str, amount: int, locale: Locale) -> str:
    """ " (pizza: 6 → 4 of 6 left)": a track before and after losing `amount` spaces, in the status
    line's terms (spaces left: "damage 7/7 → 6/7" read as seven damage taken, then six); the ship
    marker stands on a space, " (ship marker: space 3 → 1 of 5)"."""
    now = {track: (value, length) for track, value, length in tracks(state)}.get(name)
    if now is None:
        return ""
    value, length = now
    after = max(0, value - amount)
    form = MARKER_MOVES if name == "ship marker" else TRACK_LOSES  # the marker stands on a space
    said = t(locale, form, track=word(locale, name), before=value, after=after, length=length)
    return f" ({said})"


def _cost_for_good(state: State, action: Action, locale: Locale = "en") -> str | None:
    """What a move gives up for good, or None for a move that does not: a track paid to solve, the
    upgrade forgone by upgrading nothing, a point of damage not shielded. A jump is one of the ways
    to clear the sector, not a loss: the upgrade it forgoes is said in its description."""
    match action:
        case Clear(how="solve", solution=i):
            spec = sector_side(state)
            solution = spec.solutions[i] if spec is not None else None
            if solution is None or solution.pay is None:
                return None
            name = "ship marker" if solution.pay == "ship" else str(solution.pay)
            after = _track_after(state, name, solution.amount, locale)
            return t(locale, "Pay {amount} {track}", amount=solution.amount, track=word(locale, name)) + after
        case Shield(payment=None):
            return t(locale, "1 damage") + _track_after(state, "damage", 1, locale)
        case Upgrade(card=None):
            return t(locale, "The upgrade is lost")
        case _:
            return None


def _choice_words(state: State, action: Choose, locale: Locale) -> str:
    """A consequence branch with the tracks it hits as they would stand ("Choose “1 pizza” (pizza 3/7
    → 2/7)"), and a warning on a branch that loses the game at once: the label is all a button shows."""
    deed = describe(state, action, NOBODY, locale).deed
    spec = sector_side(state)
    if spec is None:
        return deed
    hits = [(e.op, e.amount) for e in spec.consequences[action.option] if e.op in ("damage", "pizza")]
    after = "".join(_track_after(state, track, amount, locale) for track, amount in hits)
    if loses_at_once(state, action):
        return t(locale, "{choice}{after}: the game is lost", choice=deed, after=after)
    return deed + after


def _jump_forgoes_upgrade(state: State) -> bool:
    """Whether solving instead of jumping would give an upgrade (not here, nor at the last sector)."""
    spec = sector_side(state)
    return spec is not None and "no_upgrade" not in spec.rules and len(state.stack) > 1


# Why a station's or the ship's action would change nothing now (`idle_effect`). A station's stays on
# offer, and so does the ship's when nothing else is (E10): its description says so before anyone pays
# for it. A ship action held back while other moves are offered is listed in the hand view, on a line
# of its own ("Offered only when nothing else is"): it is not impossible.
IDLE_WORDS: dict[IdleOp, str] = {
    "draw": mark("Does nothing now: no card is left to draw"),
    "recover": mark("Does nothing now: the discard pile is empty"),
    "repair": mark("Does nothing now: there is no damage to repair"),
    "ship_right": mark("Does nothing now: the ship marker is at the end of its track"),
}


def _idle(state: State, action: Action) -> IdleOp | None:
    """Why a station's or the ship's action would change nothing now, if it would."""
    if not isinstance(action, UseStation | UseShip):
        return None
    used = used_action(state, action)
    return idle_effect(state, used.effects, used.cost) if used is not None else None


def _card_words(state: State, action: Action, locale: Locale) -> str:
    """What the card a move picks does, for its description: in the row (a played card), after an
    upgrade, while occupied, or as given up."""
    cards, upgraded = state.cards, state.upgraded
    match action:
        case PlayCard(card=card, action=index):
            face = side(cards, card, upgraded)
            rotated = any(e.op == "rotate_play" for e in face.actions[index].effects)
            gets = gives_text(face, rotated, locale)
            if rotated:
                return t(locale, "Rotated, the row gets {symbols}", symbols=gets)
            return t(locale, "The row gets {symbols}", symbols=gets)
        case Upgrade(card=str(card)):
            return t(locale, "Becomes: {card}", card=card_brief(cards, card, True, locale))
        case Occupy(card=str(card)):
            return t(
                locale, "Occupied: {what}", what=occupied_text(side(cards, card, upgraded).occupied, locale)
            )
        case Give(card=card):
            return card_brief(cards, card, card in upgraded, locale)
        case Clear(how="jump") if _jump_forgoes_upgrade(state):
            return t(locale, "No upgrade: the sector stays unsolved")
        case Clear(how="continue") if 0 < danger_value(state) <= len(state.current_row):
            # keeping on runs the danger check at once (E4): said before anyone picks it
            return t(locale, "The danger strikes at once: the current row is full")
        case Shield(payment=Payment() as payment):
            return given_up(state, payment, locale)
        case UseStation() | UseShip():
            idle = _idle(state, action)
            return t(locale, IDLE_WORDS[idle]) if idle is not None else ""
        case _:
            return ""


def given_up(state: State, payment: Payment, locale: Locale = "en") -> str:
    """What the cards a payment gives up do or did: a hand card in brief, a grid card what its row
    loses with it (named when there are several)."""
    cards, upgraded = state.cards, state.upgraded
    parts = [
        (card_name(locale, cards, c, upgraded), card_brief(cards, c, c in upgraded, locale))
        for c in payment.hand
    ]
    if payment.row is not None:
        row = {p.card: p for p in state.grid[payment.row]}
        for card in payment.grid:
            face = side(cards, card, upgraded)
            placed = row.get(card)
            gave = gives_text(face, bool(placed and placed.rotated), locale)
            parts.append(
                (card_name(locale, cards, card, upgraded), t(locale, "the row loses {symbols}", symbols=gave))
            )
    if len(parts) == 1:
        return parts[0][1][:1].upper() + parts[0][1][1:]
    return "; ".join(f"{name}: {text}" for name, text in parts)


def _move_words(
    state: State, action: Action, seat: int | None, locale: Locale, paid: str = ""
) -> tuple[str, str]:
    """A move's label and description. A printed action reads "cost: effect" in its label; when
    that is too long for a label, the effect stays in the label and the cost goes to the description,
    then the cards it gives up (`paid`, for a move with one way to pay) and what the card does. A move
    that gives up something for good reads "cost: move"."""
    used = used_action(state, action)
    card = " · ".join(filter(None, [paid, _card_words(state, action, locale)]))
    if isinstance(action, Choose):
        return _choice_words(state, action, locale), card
    if used is None:
        deed = describe(state, action, NOBODY if seat is None else (seat,), locale).deed
        cost = _cost_for_good(state, action, locale)
        if cost is None:  # a label starts with a capital, as "Jump to the next sector" beside it does
            return deed[:1].upper() + deed[1:], card
        spec = sector_side(state)
        if isinstance(action, Clear) and action.how == "solve" and spec is not None:
            # the payment is the cost said first
            deed = t(locale, "solve {sector} now", sector=sector_name(locale, state.cards, spec))
        return f"{cost}: {deed[:1].lower()}{deed[1:]}", card
    subject = _subject(state, action, locale)
    words = action_words(used, locale, in_hand=isinstance(action, PlayCard))
    label = f"{subject} — {words.text}"
    if len(label) <= LABEL_LIMIT:
        return label, card
    cost = t(locale, "Cost: {cost}", cost=words.cost)
    return f"{subject} — {words.effect}", " · ".join(filter(None, [cost, card]))


def payment_label(state: State, action: Action, locale: Locale = "en") -> str:
    payment = getattr(action, "payment", None)
    used = used_action(state, action)
    cost = used.cost if used is not None else None
    text = payment_words(state, payment, locale, cost) if payment is not None else ""
    return (text[:1].upper() + text[1:]) if text else t(locale, "Nothing to pay")


def _option(state: State, action: Action, locale: Locale) -> Option:
    payment = getattr(action, "payment", None)
    gives = given_up(state, payment, locale) if isinstance(payment, Payment) else ""
    return Option(
        encode(state, action),
        clip(payment_label(state, action, locale), LABEL_LIMIT),
        clip(gives, LABEL_LIMIT),
    )


def moves(
    state: State, seat: int | None, actions: list[Action] | None = None, locale: Locale = "en"
) -> list[Move]:
    """The moves shown to `seat` (None: the public board's decisions only): in the engine's order,
    then those that give up something for good."""
    actions = legal_actions(state) if actions is None else actions
    groups: dict[Action, list[Action]] = {}
    for action in actions:
        shown = isinstance(action, PUBLIC) if seat is None else for_seat(action, seat)
        if shown:
            group = _group(action)
            groups.setdefault(action if group is None else group, []).append(action)
    found: list[Move] = []
    for group, members in groups.items():
        options = tuple(_option(state, action, locale) for action in members)
        payment = getattr(members[0], "payment", None)
        # one way to pay is taken at once, with no second step to show it: the move says what it gives up
        one_way = len(members) == 1 and isinstance(payment, Payment) and payment != Payment()
        paid = options[0].label if one_way else ""
        label, description = _move_words(state, members[0], seat, locale, paid)
        move = Move(
            clip(label, LABEL_LIMIT),
            clip(description, LABEL_LIMIT),
            options,
            encode(state, group),
            getattr(group, "seat", None),
            _cost_for_good(state, group) is not None,
            _idle(state, members[0]) is not None,
        )
        found.append(move)
    return sorted(found, key=lambda move: (move.idle, move.costly))  # stable: the engine's order within
