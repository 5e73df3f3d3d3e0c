"""The brief's "real choices", counted from the actions a crew takes (never from text).

A `ChoiceLog` watches one game decision by decision (`see(state, action)` before the action is
applied, `end(state)` after the last) and counts, per card, what was on offer and what was taken:

- `solution`: per visit of a sector side, each way out offered (a symbol or track solution, the
  jump) and the one taken. A visit runs from arrival to leaving; a way offered twice in one visit
  counts once. A way never offered in any visit is text that was never usable.
- `branch`: each "A OR B" consequence when it strikes: both offered, one taken.
- `shield`: each damage point while a shield could pay it: paid with a shield or taken.
- `play`: each station card played: upright or rotated.
- `station` / `ship`: per visit, whether an occupied station's (or the ship's) action could be used,
  and whether it was.
- `occupy`: each station occupied, by the kind of its occupied effect (action, permanent, trigger).
- `upgrade`: each card upgraded.

Counts are flat `"kind|card|option|offered"` / `"…|taken"` keys, so they add up across processes
and survive JSON.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from core.dine.actions import Action, Choose, Clear, Occupy, PlayCard, Shield, Upgrade, UseShip, UseStation
from core.dine.engine import legal_actions, sector_side, ship_of, track_solutions
from core.dine.state import State
from core.dine.symbols import side

OFFERED, TAKEN = "offered", "taken"


def key(kind: str, card: str, option: str, what: str) -> str:
    return f"{kind}|{card}|{option}|{what}"


def split(counts: Mapping[str, int]) -> dict[tuple[str, str, str], tuple[int, int]]:
    """`(kind, card, option) → (offered, taken)` from flat counts."""
    found: dict[tuple[str, str, str], list[int]] = {}
    for name, n in counts.items():
        kind, card, option, what = name.split("|")
        pair = found.setdefault((kind, card, option), [0, 0])
        pair[0 if what == OFFERED else 1] += n
    return {k: (v[0], v[1]) for k, v in found.items()}


def add(total: Counter[str], more: Iterable[tuple[str, int]]) -> None:
    for name, n in more:
        total[name] += n


class ChoiceLog:
    """Counts the choices of one game (or many, fed one after the other)."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()
        self._visit: tuple[int, str] | None = None
        self._offered: set[tuple[str, str, str]] = set()  # (kind, card, option) offered this visit
        self._taken: set[tuple[str, str, str]] = set()

    def see(self, state: State, action: Action) -> None:
        """Note what `state` offers and that `action` was taken in it."""
        spec = sector_side(state)
        visit = (state.cleared, spec.name) if spec is not None else None
        if visit != self._visit:
            self._flush()
            self._visit = visit
        pending = state.pending
        name = spec.name if spec is not None else "-"
        if pending is not None and pending.kind == "clear":
            for option in pending.options:
                self._offered.add(("solution", name, _way(option)))
        elif pending is not None and pending.kind == "choose":
            for i in range(len(pending.options)):
                self.counts[key("branch", name, "AB"[i], OFFERED)] += 1
            if isinstance(action, Choose):
                self.counts[key("branch", name, "AB"[action.option], TAKEN)] += 1
        elif pending is not None and pending.kind == "shield":
            for option in ("shield", "damage"):
                self.counts[key("shield", name, option, OFFERED)] += 1
            if isinstance(action, Shield):
                paid = "shield" if action.payment is not None else "damage"
                self.counts[key("shield", name, paid, TAKEN)] += 1
        elif pending is None:
            self._main(state, name)
        if isinstance(action, Clear) and action.how != "continue":
            way = "jump" if action.how == "jump" else f"solve:{action.solution}"
            self._taken.add(("solution", name, _way(way)))
        elif isinstance(action, PlayCard):
            card = side(state.cards, action.card, state.upgraded)
            rotated = any(e.op == "rotate_play" for e in card.actions[action.action].effects)
            self.counts[key("play", _card(action.card), "rotated" if rotated else "upright", TAKEN)] += 1
        elif isinstance(action, UseStation):
            held = state.stations[action.seat]
            if held is not None:
                self._taken.add(("station", _card(held), "action"))
        elif isinstance(action, UseShip):
            self._taken.add(("ship", state.ship, f"action {action.index + 1}"))
        elif isinstance(action, Occupy) and action.card is not None:
            kind = side(state.cards, action.card, state.upgraded).occupied.kind
            self.counts[key("occupy", _card(action.card), kind, TAKEN)] += 1
        elif isinstance(action, Upgrade) and action.card is not None:
            self.counts[key("upgrade", _card(action.card), "upgrade", TAKEN)] += 1

    def _main(self, state: State, name: str) -> None:
        """A main decision: the track solutions, station actions and ship actions usable now."""
        for i in track_solutions(state):
            self._offered.add(("solution", name, _way(f"solve:{i}")))
        usable = any(
            card is not None and side(state.cards, card, state.upgraded).occupied.action is not None
            for card in state.stations
        )
        if not usable and not ship_of(state).actions:
            return
        for action in legal_actions(state):
            if isinstance(action, UseStation):
                held = state.stations[action.seat]
                if held is not None:
                    self._offered.add(("station", _card(held), "action"))
            elif isinstance(action, UseShip):
                self._offered.add(("ship", state.ship, f"action {action.index + 1}"))

    def end(self, state: State) -> None:
        """The game is over: count its last visit."""
        self._flush()
        self._visit = None

    def _flush(self) -> None:
        for kind, card, option in self._offered | self._taken:
            if (kind, card, option) in self._offered:
                self.counts[key(kind, card, option, OFFERED)] += 1
            if (kind, card, option) in self._taken:
                self.counts[key(kind, card, option, TAKEN)] += 1
        self._offered, self._taken = set(), set()


def _way(option: str) -> str:
    """ "solve:0" → "solution 1"; "jump" stays."""
    how, _, index = option.partition(":")
    return f"solution {int(index) + 1}" if how == "solve" else how


def _card(card_id: str) -> str:
    return card_id
