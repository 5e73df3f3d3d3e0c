"""Compact text codes for Dine actions, short enough for a Discord custom id or select value.

A code names the action itself, not its place in `legal_actions`, so it means the same move in
every state (the cogs check it is legal now). It is the kind's letter, then its fields separated by
dots: `p0.12.1.3+7--` is "seat 1 plays card 12's second action, discarding cards 3 and 7";
`d-2-4+5` pays a shield with cards 4 and 5 of row 3; `gn.n` is "nobody upgrades". Station cards are
written as their number in the card set (`station_ids`), `n` is None, and a payment is
`<hand cards>-<row>-<grid cards>` with cards joined by `+` (left out of a play or a use when nothing
is paid). Only the characters a custom id's argument allows appear (`[0-9a-z.+-]`).

`decode` returns None for any text that is not exactly the code of an action (a forged or outdated
control, an old index), so a click can never raise where it is parsed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .actions import (
    NO_PAYMENT,
    Action,
    Choose,
    Clear,
    ClearHow,
    Give,
    Occupy,
    Payment,
    PlayCard,
    Shield,
    Upgrade,
    UseShip,
    UseStation,
)
from .state import State

MAX_LENGTH = 58  # a custom id's argument holds 60 characters; a hand view puts `<seat>.` first
_LONGEST_READ = 200  # far past any code: anything longer is refused before it is read
_HOW: dict[ClearHow, str] = {"solve": "s", "jump": "j", "continue": "c"}
_HOW_READ: dict[str, ClearHow] = {letter: how for how, letter in _HOW.items()}


def station_ids(state: State) -> tuple[str, ...]:
    """The station card ids in the order codes number them: the station list of the card set the
    state is played with (its rules version's)."""
    return tuple(card.id for card in state.cards.stations)


# --- writing -----------------------------------------------------------------------------------------


def _number(value: int | None) -> str:
    return "n" if value is None else str(value)


def _cards(ids: tuple[str, ...], cards: Sequence[str]) -> str:
    return "+".join(str(ids.index(card)) for card in cards)


def _payment(ids: tuple[str, ...], payment: Payment) -> str:
    row = "" if payment.row is None else str(payment.row)
    return f"{_cards(ids, payment.hand)}-{row}-{_cards(ids, payment.grid)}"


def _paid(ids: tuple[str, ...], payment: Payment) -> str:
    return "" if payment == NO_PAYMENT else "." + _payment(ids, payment)


def _card(ids: tuple[str, ...], card: str | None) -> str:
    return "n" if card is None else str(ids.index(card))


def encode(state: State, action: Action) -> str:
    """The code of `action` (any action of `core.dine.actions` whose cards the state's set holds)."""
    ids = station_ids(state)
    match action:
        case PlayCard(seat=seat, card=card, action=index, payment=payment):
            return f"p{seat}.{_card(ids, card)}.{index}{_paid(ids, payment)}"
        case UseStation(seat=seat, payment=payment):
            return f"s{seat}{_paid(ids, payment)}"
        case UseShip(seat=seat, index=index, payment=payment):
            return f"u{seat}.{index}{_paid(ids, payment)}"
        case Clear(how=how, solution=solution):
            return f"c{_HOW[how]}.{solution}"
        case Upgrade(seat=seat, card=card):
            return f"g{_number(seat)}.{_card(ids, card)}"
        case Occupy(seat=seat, card=card):
            return f"o{seat}.{_card(ids, card)}"
        case Choose(option=option):
            return f"h{option}"
        case Give(seat=seat, card=card):
            return f"v{seat}.{_card(ids, card)}"
        case Shield(payment=payment):
            return "d" + ("" if payment is None else _payment(ids, payment))


# --- reading: a reader raises ValueError, IndexError or KeyError on text that is not its field --------


def _int(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or len(text) > 3:  # no sign, space or other digits
        raise ValueError(text)
    return int(text)


def _optional(text: str) -> int | None:
    return None if text == "n" else _int(text)


def _read_card(ids: tuple[str, ...], text: str) -> str:
    return ids[_int(text)]


def _optional_card(ids: tuple[str, ...], text: str) -> str | None:
    return None if text == "n" else _read_card(ids, text)


def _read_cards(ids: tuple[str, ...], text: str) -> tuple[str, ...]:
    return tuple(_read_card(ids, part) for part in text.split("+")) if text else ()


def _read_payment(ids: tuple[str, ...], text: str) -> Payment:
    hand, row, grid = text.split("-")
    return Payment(hand=_read_cards(ids, hand), row=_int(row) if row else None, grid=_read_cards(ids, grid))


def _read_paid(ids: tuple[str, ...], fields: list[str], count: int) -> Payment:
    """The payment after a play's or a use's `count` fields: none, or one more field."""
    if len(fields) == count:
        return NO_PAYMENT
    if len(fields) != count + 1:
        raise ValueError(fields)
    return _read_payment(ids, fields[count])


def _fields(rest: str, count: int) -> list[str]:
    fields = rest.split(".")
    if len(fields) != count:
        raise ValueError(rest)
    return fields


def _play(ids: tuple[str, ...], rest: str) -> Action:
    fields = rest.split(".")
    seat, card, index = fields[:3]
    payment = _read_paid(ids, fields, 3)
    return PlayCard(seat=_int(seat), card=_read_card(ids, card), action=_int(index), payment=payment)


def _station(ids: tuple[str, ...], rest: str) -> Action:
    fields = rest.split(".")
    return UseStation(seat=_int(fields[0]), payment=_read_paid(ids, fields, 1))


def _ship(ids: tuple[str, ...], rest: str) -> Action:
    fields = rest.split(".")
    seat, index = fields[:2]
    return UseShip(seat=_int(seat), index=_int(index), payment=_read_paid(ids, fields, 2))


def _clear(ids: tuple[str, ...], rest: str) -> Action:
    how, solution = _fields(rest, 2)
    return Clear(how=_HOW_READ[how], solution=_int(solution))


def _upgrade(ids: tuple[str, ...], rest: str) -> Action:
    seat, card = _fields(rest, 2)
    return Upgrade(seat=_optional(seat), card=_optional_card(ids, card))


def _occupy(ids: tuple[str, ...], rest: str) -> Action:
    seat, card = _fields(rest, 2)
    return Occupy(seat=_int(seat), card=_optional_card(ids, card))


def _choose(ids: tuple[str, ...], rest: str) -> Action:
    return Choose(option=_int(rest))


def _give(ids: tuple[str, ...], rest: str) -> Action:
    seat, card = _fields(rest, 2)
    return Give(seat=_int(seat), card=_read_card(ids, card))


def _shield(ids: tuple[str, ...], rest: str) -> Action:
    return Shield(payment=_read_payment(ids, rest) if rest else None)


_READERS: dict[str, Callable[[tuple[str, ...], str], Action]] = {
    "p": _play,
    "s": _station,
    "u": _ship,
    "c": _clear,
    "g": _upgrade,
    "o": _occupy,
    "h": _choose,
    "v": _give,
    "d": _shield,
}


def decode(state: State, code: str) -> Action | None:
    """The action `code` is the code of, or None if it is not exactly one (any text at all)."""
    reader = _READERS.get(code[:1])
    if reader is None or len(code) > _LONGEST_READ:
        return None
    ids = station_ids(state)
    try:
        action = reader(ids, code[1:])
    except (ValueError, IndexError, KeyError):
        return None
    # One code per action: a zero-padded number or a spelt-out empty payment is not a code.
    return action if encode(state, action) == code else None
