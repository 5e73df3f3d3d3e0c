"""Helpers for the D-6 rules scenarios: build states, rig the real generator, play real actions.

Nothing here mocks the engine. To make a random step come out as a scenario needs, the rig helpers
search the real counter-based generator (`core.rng`) for the stream position where it yields the
wanted faces, and return a copy of the state whose `rng` starts there.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

import pytest

from core.d6.actions import Action, EndAssignment
from core.d6.cards import FACES, Face, card
from core.d6.engine import Event, apply, legal_actions
from core.d6.state import RULES_VERSION, Die, Difficulty, Length, Place, State, Station, Threat
from core.errors import IllegalAction
from core.rng import Rng, raw

SEED = 2015
DONT_PANIC = "dont_panic"

C, T, M, S, E, X = (
    Face.COMMANDER,
    Face.TACTICAL,
    Face.MEDICAL,
    Face.SCIENCE,
    Face.ENGINEERING,
    Face.THREAT,
)


# --- building states -------------------------------------------------------------------------------


def die(face: Face, place: Place = Place.POOL, station: Station | None = None, on: int | None = None) -> Die:
    return Die(face=face, place=place, station=station, on=on)


def pool(*faces: Face) -> list[Die]:
    """Unassigned dice showing `faces` (a freshly rolled assignment step)."""
    return [Die(face=f) for f in faces]


def threat(uid: int, card_id: str, health: int | None = None, *, stasis: bool = False) -> Threat:
    """A threat in play; `health` defaults to the card's starting health."""
    return Threat(
        uid=uid, card=card_id, health=card(card_id).health if health is None else health, stasis=stasis
    )


def make_state(
    dice: Sequence[Die],
    *,
    internal: Sequence[Threat] = (),
    external: Sequence[Threat] = (),
    deck: Sequence[str] | None = None,
    **fields: object,
) -> State:
    """A state in the assignment step of round 1 (unless `fields` say otherwise).

    The deck defaults to a few "Don't Panic!" cards so that drawing is harmless. The rules are the
    newest version unless `rules_version` says otherwise (a state stored without one is d6-1).
    """
    uids = [t.uid for t in (*internal, *external)]
    values: dict[str, object] = {
        "rules_version": RULES_VERSION,
        "seed": SEED,
        "difficulty": Difficulty.MEDIUM,
        "length": Length.FULL,
        "dice": list(dice),
        "deck": list(deck) if deck is not None else [DONT_PANIC] * 5,
        "internal": list(internal),
        "external": list(external),
        "next_uid": max(uids, default=0) + 1,
    }
    values.update(fields)
    return State(**values)  # type: ignore[arg-type]


# --- rigging the real generator --------------------------------------------------------------------


CREW = frozenset(range(1, 6))  # in a rigged crew roll: any face but Threat Detected


Pips = tuple[frozenset[int], ...]


@cache
def _position(seed: int, stream: str, wanted: Pips, limit: int = 3_000_000) -> int:
    """The first position of `stream` from which the real generator's die results fit `wanted`."""
    n = len(wanted)
    window: list[int] = []
    for index in range(limit):
        window.append(raw(seed, stream, index) % 6 + 1)  # what Rng.die gives, barring a rejection
        if index + 1 >= n and all(pip in ok for pip, ok in zip(window[-n:], wanted, strict=True)):
            start = index + 1 - n
            rng = Rng(seed, {stream: start})  # confirm with the real generator (rejection sampling)
            if all(rng.die(stream) in ok for ok in wanted):
                return start
    raise AssertionError(f"no position of {stream!r} yields {wanted} within {limit} draws")


def rig(state: State, stream: str, pips: Sequence[int | frozenset[int]]) -> State:
    """A copy of `state` whose stream `stream` next yields die results (1–6) fitting `pips`, in order."""
    wanted = tuple(p if isinstance(p, frozenset) else frozenset({p}) for p in pips)
    rng = dict(state.rng)
    rng[stream] = _position(state.seed, stream, wanted)
    return state.model_copy(update={"rng": rng})


def rig_threat_die(state: State, *faces: int, round: int | None = None) -> State:
    """The threat die of `round` (default: the current round) comes up `faces`, in order."""
    return rig(state, f"threat-die:{state.round if round is None else round}", faces)


def rig_crew_roll(state: State, faces: Sequence[Face | frozenset[int]], round: int) -> State:
    """The crew rolls of `round` (round roll, then any Commander re-roll) come up `faces`, in order;
    `CREW` stands for any face but Threat Detected."""
    pips = [f if isinstance(f, frozenset) else FACES.index(f) + 1 for f in faces]
    return rig(state, f"crew:{round}", pips)


# --- playing -------------------------------------------------------------------------------------


def texts(events: Iterable[Event]) -> list[str]:
    return [str(e.text) for e in events]


def play(state: State, *actions: Action) -> tuple[State, list[str]]:
    """Apply `actions` in turn, each checked to be legal first and to leave its input unchanged;
    returns the final state and every event text."""
    said: list[str] = []
    for action in actions:
        assert action in legal_actions(state), f"{action} is not legal; legal: {legal_actions(state)}"
        before = state.model_dump()
        after, events = apply(state, action)
        assert state.model_dump() == before, f"apply({action}) changed its input"
        state = after
        said += texts(events)
    return state, said


def end_round(
    state: State,
    threat_die: Sequence[int] = (),
    next_roll: Sequence[Face | frozenset[int]] | None = None,
) -> tuple[State, list[str]]:
    """End the assignment step with the threat die (and the next round's crew roll) rigged."""
    if threat_die:
        state = rig_threat_die(state, *threat_die)
    if next_roll is not None:
        state = rig_crew_roll(state, next_roll, round=state.round + 1)
    return play(state, EndAssignment())


def refused(state: State, action: Action) -> str:
    """`action` raises IllegalAction and leaves `state` as it was; returns the player-facing message."""
    before = state.model_dump()
    assert action not in legal_actions(state)
    with pytest.raises(IllegalAction) as info:
        apply(state, action)
    assert state.model_dump() == before
    assert info.value.message == str(info.value)
    return info.value.message


def places(state: State) -> list[Place]:
    return [d.place for d in state.dice]


def faces(state: State) -> list[Face]:
    return [d.face for d in state.dice]


def dice_at(state: State, place: Place) -> list[int]:
    return [i for i, d in enumerate(state.dice) if d.place is place]


def uses_of(state: State, i: int) -> list[Action]:
    """The legal actions that use die `i`."""
    return [a for a in legal_actions(state) if getattr(a, "die", None) == i]


def in_order(said: Sequence[str], *fragments: str) -> bool:
    """Each fragment appears in some event text, each after the previous one."""
    position = -1
    for fragment in fragments:
        hits = [k for k, text in enumerate(said) if fragment in text and k > position]
        if not hits:
            return False
        position = hits[0]
    return True
