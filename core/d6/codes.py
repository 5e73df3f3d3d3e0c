"""Compact text codes for actions, short enough for Discord custom ids and select values.

A code is a kind letter followed by the action's fields, each after a dot, in declaration order:
`f2.7x1.9x1` is "die 2 fires, 1 damage on threat 7 and 1 on threat 9". Faces are written by their
index in `FACES`. `decode` returns None for anything that is not a well-formed code, so a forged or
outdated id can never raise where it is parsed.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, cast

from .actions import (
    Action,
    AwayMission,
    ChangeFace,
    ClearScanner,
    EndAssignment,
    Fire,
    Gather,
    Heal,
    HoldDie,
    Recall,
    Recharge,
    Repair,
    Reroll,
    SendToInfirmary,
    Stasis,
)
from .cards import FACES, Face

LETTERS: dict[type, str] = {
    Reroll: "r",
    ChangeFace: "c",
    Fire: "f",
    Repair: "p",
    Recharge: "s",
    Stasis: "z",
    Heal: "h",
    ClearScanner: "k",
    AwayMission: "m",
    EndAssignment: "e",
    SendToInfirmary: "i",
    HoldDie: "d",
    Recall: "l",
    Gather: "g",
}
KINDS: dict[str, type] = {letter: kind for kind, letter in LETTERS.items()}
_MAX_NUMBER = 10**6  # no die index or threat uid comes near; bounds what a forged code can ask for


def _fields(kind: type) -> list[str]:
    return [f.name for f in fields(kind) if f.name != "kind"]


def _write(value: Any) -> str:
    if isinstance(value, Face):
        return str(FACES.index(value))
    if isinstance(value, tuple):  # a damage split: (uid, points) pairs
        split = cast("tuple[tuple[int, int], ...]", value)
        return "+".join(f"{uid}x{points}" for uid, points in split)
    return str(value)


def _number(text: str) -> int:
    if not text.isdigit() or int(text) > _MAX_NUMBER:
        raise ValueError(text)
    return int(text)


def _read(name: str, text: str) -> Any:
    if name == "face":
        return FACES[_number(text)]
    if name == "split":
        pairs = [part.split("x") for part in text.split("+")]
        return tuple((_number(uid), _number(points)) for uid, points in pairs)
    return _number(text)


def encode(action: Action) -> str:
    kind = type(action)
    return LETTERS[kind] + "".join("." + _write(getattr(action, name)) for name in _fields(kind))


def decode(code: str) -> Action | None:
    """The action `code` stands for, or None if it is not a well-formed code."""
    letter, *parts = code.split(".")
    kind = KINDS.get(letter)
    if kind is None:
        return None
    names = _fields(kind)
    if len(parts) != len(names):
        return None
    try:
        return kind(**{name: _read(name, part) for name, part in zip(names, parts, strict=True)})
    except (ValueError, IndexError):
        return None
