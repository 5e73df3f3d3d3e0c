"""The D-6 moves as a player reads them: one line per distinct move, grouped by die kind.

`legal_actions` names dice by number, so two Commanders give every "turn die X to Y" twice and two
Tactical targets double each. Here identical dice are one choice (`move_key` tells moves apart by the
faces involved, never by die numbers), the Commander's many face changes are a second step under one
line, and ending the assignment comes last, saying what it costs. The terminal draws this menu; the
Discord controls use `move_key` to drop the same repeats.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.d6.actions import (
    Action,
    AwayMission,
    ChangeFace,
    ClearScanner,
    EndAssignment,
    Fire,
    Gather,
    Stasis,
)
from core.d6.cards import CREW_FACES, Face
from core.d6.engine import dice_in, legal_actions
from core.d6.names import face_name
from core.d6.state import Place, State
from core.i18n import Locale, t, tn

from .d6_text import decision_text, describe_action, station_rule, wasted

Key = tuple[object, ...]


@dataclass(frozen=True, slots=True)
class Move:
    """One line: an action, or (`then`) a second step choosing among several."""

    key: Key
    label: str
    action: Action | None = None
    then: tuple[Move, ...] = ()


@dataclass(frozen=True, slots=True)
class Group:
    heading: str  # "Tactical die (3, 4)", or the decision asked
    note: str  # the rule that applies to these moves, if any
    moves: tuple[Move, ...]


def move_key(state: State, action: Action) -> Key:
    """What a move does, by the faces it involves: equal for the same move made by identical dice."""
    die: int | None = getattr(action, "die", None)
    if isinstance(action, EndAssignment):
        return ("end",)
    if state.pending is not None or die is None:
        return (action,)  # pending answers are already one per kind (`engine.distinct`)
    face = state.dice[die].face
    match action:
        case ChangeFace(target=target, face=to):
            return ("turn", state.dice[target].face, to)
        case ClearScanner():
            return ("clear_scanner",)  # every locked die is alike
        case Fire(split=split):  # two alike threats (same card, health and stasis) are one target
            return ("fire", face, tuple(sorted((_alike(state, uid), points) for uid, points in split)))
        case Stasis(target=target) | AwayMission(target=target):
            return (action.kind, face, _alike(state, target))
        case _:
            return (action.kind, face, *(v for k, v in _fields(action) if k not in ("die", "kind")))


def _alike(state: State, uid: int) -> Key:
    """What tells a target threat apart from another: two of one card, health and stasis play alike
    (an away mission's dice on one would tell them apart, but no card with a mission comes twice)."""
    threat = state.threat(uid)
    return (uid,) if threat is None else (threat.card, threat.health, threat.stasis)


def _fields(action: Action) -> list[tuple[str, object]]:
    return [(name, getattr(action, name)) for name in action.__dataclass_fields__]


def _ready(state: State, face: Face) -> list[int]:
    return [i for i in dice_in(state, Place.POOL) if state.dice[i].face is face]


def _numbers(dice: list[int]) -> str:
    return ", ".join(str(i + 1) for i in dice)


def answers_in_order(state: State) -> list[Action]:
    """The answers to the pending decision in the order both front ends offer them: at gather,
    keeping the away teams comes first, since recalling one gives up its mission's progress."""
    return sorted(legal_actions(state), key=lambda a: not isinstance(a, Gather))


def menu(state: State, locale: Locale = "en") -> list[Group]:
    """Every legal move once, grouped: per ready die kind (in pip order), then the end of assignment."""
    actions = legal_actions(state)
    if state.pending is not None:
        answers = tuple(
            Move(move_key(state, a), describe_action(state, a, locale=locale), a)
            for a in answers_in_order(state)
        )
        return [Group(decision_text(state, locale), "", answers)]
    seen: set[Key] = set()
    groups: list[Group] = []
    for face in CREW_FACES:
        dice = _ready(state, face)
        mine = [a for a in actions if (d := getattr(a, "die", None)) is not None and d in dice]
        lines: list[Move] = []
        turns: list[Move] = []
        for action in mine:
            key = move_key(state, action)
            if key in seen:
                continue
            seen.add(key)
            if isinstance(action, ChangeFace):
                turns.append(Move(key, _turn_label(state, action, locale), action))
            else:
                lines.append(Move(key, describe_action(state, action, with_die=False, locale=locale), action))
        if turns:
            label = tn(
                locale,
                "Turn another ready die to another face… ({count} choice)",
                "Turn another ready die to another face… ({count} choices)",
                len(turns),
            )
            lines.insert(1 if lines else 0, Move(("turn",), label, None, tuple(turns)))
        lines.sort(key=lambda m: m.action is not None and wasted(state, m.action) > 0)  # overkill last
        if lines:
            heading = tn(
                locale,
                "{face} die ({numbers})",
                "{face} dice ({numbers})",
                len(dice),
                face=face_name(locale, face),
                numbers=_numbers(dice),
            )
            groups.append(Group(heading, station_rule(face, mine, locale), tuple(lines)))
    end = EndAssignment()
    groups.append(Group(t(locale, "End of assignment"), "", (Move(("end",), end_label(state, locale), end),)))
    return groups


def _turn_label(state: State, action: ChangeFace, locale: Locale) -> str:
    """ "Turn one Tactical die (3, 4) to science" ("one": "a" would read "a Engineering"); which die of
    a kind is turned makes no difference."""
    target = state.dice[action.target].face
    alike = [i for i in _ready(state, target) if i != action.die]
    return t(
        locale,
        "Turn one {face} die ({numbers}) to {to}",
        face=face_name(locale, target),
        numbers=_numbers(alike),
        to=face_name(locale, action.face),
    )


def end_label(state: State, locale: Locale = "en") -> str:
    """Ending the assignment cannot be taken back: say what it leaves unused and what follows."""
    ready = dice_in(state, Place.POOL)
    if not ready:
        return t(
            locale, "End the assignment; then a threat is discovered, threats activate, the crew gathers"
        )
    return tn(
        locale,
        "End the assignment — {count} ready die stays unused this round; "
        "then a threat is discovered, threats activate, the crew gathers",
        "End the assignment — {count} ready dice stay unused this round; "
        "then a threat is discovered, threats activate, the crew gathers",
        len(ready),
    )


def moves(groups: list[Group]) -> list[Move]:
    """The top-level lines in order."""
    return [move for group in groups for move in group.moves]


def find(groups: list[Group], key: Key) -> tuple[Move, Move | None] | None:
    """The line (and the second-step line under it, if any) offering the move `key`."""
    for move in moves(groups):
        if move.key == key:
            return move, None
        for sub in move.then:
            if sub.key == key:
                return move, sub
    return None
