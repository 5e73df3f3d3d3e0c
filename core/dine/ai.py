"""Crews that play Dine through `legal_actions`: a random one (a baseline and a fuzzer) and a greedy
heuristic one that gives its reason in one line — the `/dine hint`.

The heuristic values an action by how close the grid comes to the nearest way out of the sector (a
solution or the jump), counted symbol by symbol, against what it spends (hand cards paid or removed,
the danger striking when the row fills up). It evaluates each action from the row arithmetic
directly, without playing it out, so a whole game takes milliseconds.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from core.policies import Choice, Policy, random_player

from .actions import Action, Choose, Clear, Give, Occupy, PlayCard, Shield, Upgrade, UseShip, UseStation
from .cards import Action as CardAction
from .cards import Effect, Symbol, station
from .engine import (
    danger_value,
    jump_drive,
    legal_actions,
    sector_side,
    ship_of,
    symbols,
)
from .state import Placed, State
from .symbols import row_symbols, side

HARM = {"damage": 0.12, "pizza": 0.25, "remove_cards": 0.08, "discard_cards": 0.04, "ship": 0.03}
GAIN = {"draw": 0.07, "crew_draw": 0.07, "recover": 0.06, "repair": 0.1, "ship_right": 0.03}
CARD_SPENT = {"discard": 0.15, "remove": 0.4}


def random_policy(seed: int = 0) -> Policy:
    return random_player(legal_actions, seed)


def targets(state: State) -> list[tuple[str, Counter[Symbol]]]:
    """The ways out of the current sector as symbol needs: each symbol solution, and the jump."""
    spec = sector_side(state)
    if spec is None:
        return []
    found = []
    for i, solution in enumerate(spec.solutions):
        if solution.symbols:
            times = state.crew if solution.per_crew else 1
            found.append((f"solution {i + 1}", Counter({s: n * times for s, n in solution.symbols.items()})))
    drive = jump_drive(state)
    if drive is not None:
        need = Counter({Symbol.DRIVE: drive})
        if spec.jump.navigation:
            need[Symbol.NAVIGATION] = spec.jump.navigation
        found.append(("the jump", need))
    return found


def progress(ways: list[tuple[str, Counter[Symbol]]], have: Counter[Symbol]) -> tuple[float, str]:
    """How close `have` is to the nearest way out: 0 (nothing) to 1 (met), with its name."""
    best = (0.0, "nothing")
    for name, need in ways:
        total = sum(need.values())
        done = sum(min(have[s], n) for s, n in need.items())
        value = done / total if total else 1.0
        if name.startswith("solution"):
            value += 0.02  # solving also upgrades a card
        best = max(best, (value, name))
    return best


@dataclass(frozen=True, slots=True)
class _Now:
    """What every candidate action is compared against, worked out once per decision."""

    have: Counter[Symbol]
    ways: list[tuple[str, Counter[Symbol]]]
    progress: float
    danger: int
    strike: float


def harm(effects: tuple[Effect, ...]) -> float:
    return sum(HARM.get(e.op, 0.0) * e.amount for e in effects)


def strike_harm(state: State) -> float:
    spec = sector_side(state)
    if spec is None:
        return 0.0
    return min(harm(option) for option in spec.consequences)


def _effects_value(state: State, effects: tuple[Effect, ...]) -> float:
    """What effects are worth; drawing counts only the cards the deck and discard pile can give."""
    can_draw = len(state.deck) + len(state.discard)
    worth = 0.0
    for e in effects:
        amount = min(e.amount, can_draw) if e.op in ("draw", "crew_draw") else e.amount
        if e.op == "recover":
            amount = min(e.amount, len(state.discard))
        if e.op == "repair":
            amount = min(e.amount, ship_of(state).damage.length - state.damage)
        worth += GAIN.get(e.op, 0.0) * amount
    return worth - harm(effects)


def _after_play(state: State, now: _Now, action: PlayCard) -> tuple[Counter[Symbol], CardAction, int]:
    """The grid's symbols after `action`, the card action used, and the current row's new length."""
    face = side(action.card, state.upgraded)
    used = face.actions[action.action]
    rotated = any(e.op == "rotate_play" for e in used.effects)
    have = Counter(now.have)
    payment = action.payment
    current = list(state.grid[-1])
    if payment.row is not None:
        row = state.grid[payment.row]
        kept = [p for p in row if p.card not in payment.grid]
        have.subtract(row_symbols(row, state.upgraded))
        have.update(row_symbols(kept, state.upgraded))
        if payment.row == len(state.grid) - 1:
            current = kept
    have.subtract(row_symbols(current, state.upgraded))
    current.append(Placed(card=action.card, rotated=rotated))
    have.update(row_symbols(current, state.upgraded))
    return have, used, len(current)


def value(state: State, now: _Now, action: Action) -> tuple[float, str]:
    if isinstance(action, Clear):
        return 1.5, "pay the toll and leave the sector"
    if isinstance(action, PlayCard):
        have, used, length = _after_play(state, now, action)
        after, target = progress(now.ways, have)
        worth = after - now.progress + _effects_value(state, used.effects)
        worth -= CARD_SPENT.get(used.cost.kind, 0.0) * len(action.payment.hand)
        name = side(action.card, state.upgraded).name
        if after >= 1.0:
            return 2.0 + worth, f"playing {name} meets {target}"
        if now.danger and length >= now.danger:
            worth -= now.strike
        return worth, f"playing {name} brings {target} to {min(after, 1.0):.0%}"
    card_action: CardAction
    if isinstance(action, UseStation):
        card_id = state.stations[action.seat]
        card_action = side(card_id, state.upgraded).occupied.action  # type: ignore[arg-type, assignment]
        name = side(card_id, state.upgraded).name  # type: ignore[arg-type]
    else:
        assert isinstance(action, UseShip)
        card_action = ship_of(state).actions[action.index]
        name = f"the {state.ship}'s action"
    worth = _effects_value(state, card_action.effects)
    worth -= CARD_SPENT.get(card_action.cost.kind, 0.0) * len(action.payment.hand)
    if action.payment.row is not None:  # paying from the grid loses progress
        row = state.grid[action.payment.row]
        kept = [p for p in row if p.card not in action.payment.grid]
        have = Counter(now.have)
        have.subtract(row_symbols(row, state.upgraded))
        have.update(row_symbols(kept, state.upgraded))
        worth -= now.progress - progress(now.ways, have)[0]
    return worth, f"using {name}"


def _pending_choice(state: State, actions: list[Action]) -> Choice:
    pending = state.pending
    assert pending is not None
    if pending.kind == "clear":
        clears = [a for a in actions if isinstance(a, Clear) and a.how != "continue"]
        solve = next((a for a in clears if a.how == "solve"), None)
        chosen = solve or clears[0]
        return Choice(chosen, "solve the sector and upgrade a card" if solve else "jump out of the sector")
    if pending.kind == "upgrade":
        upgrades = [a for a in actions if isinstance(a, Upgrade) and a.card is not None]
        if not upgrades:
            return Choice(actions[0], "nothing to upgrade")
        best = max(upgrades, key=lambda a: _upgrade_gain(state, a.card or ""))
        return Choice(best, f"upgrade {side(best.card or '', state.upgraded).name}")
    if pending.kind == "occupy":
        options = [a for a in actions if isinstance(a, Occupy)]
        if state.stations[pending.seat or 0] is not None:
            return Choice(options[-1], "keep the station already occupied")
        scored = [(_station_value(state, a.card), a) for a in options if a.card is not None]
        if not scored:
            return Choice(options[-1], "no card to occupy")
        best = max(scored, key=lambda pair: pair[0])
        return Choice(best[1], f"occupy {side(best[1].card or '', state.upgraded).name}")
    if pending.kind == "choose":
        spec = sector_side(state)
        assert spec is not None
        options = [a for a in actions if isinstance(a, Choose)]
        best = min(options, key=lambda a: harm(spec.consequences[a.option]))
        return Choice(best, "the lighter consequence")
    if pending.kind == "give":
        gives = [a for a in actions if isinstance(a, Give)]
        best = min(gives, key=lambda a: (_card_worth(state, a.card), -len(state.hands[a.seat])))
        return Choice(best, f"give up {side(best.card, state.upgraded).name}, the least useful card")
    shields = [a for a in actions if isinstance(a, Shield) and a.payment is not None]
    if shields:
        best = min(shields, key=lambda a: len(a.payment.grid) if a.payment else 0)
        return Choice(best, "a shield takes the hit")
    return Choice(actions[-1], "no shield to spare")


def _card_worth(state: State, card_id: str) -> float:
    face = side(card_id, state.upgraded)
    return sum(face.row.symbols.values()) + face.drive + 0.5 * len(face.row.produce)


def _upgrade_gain(state: State, card_id: str) -> float:
    card = station(card_id)
    up, down = card.upgraded, card.normal
    return sum(up.row.symbols.values()) + up.drive - sum(down.row.symbols.values()) - down.drive + 0.1


def _station_value(state: State, card_id: str | None) -> float:
    if card_id is None:
        return 0.0
    occupied = side(card_id, state.upgraded).occupied
    if occupied.permanent is not None:
        return 1.0 + 0.2 * occupied.amount
    if occupied.trigger is not None:
        return 0.8
    return 0.6


def _cheapest_payments(state: State, actions: list[Action]) -> list[Action]:
    """Of the actions that differ only in which hand cards pay, keep the one giving up the least."""
    kept: dict[tuple[object, ...], tuple[float, Action]] = {}
    for action in actions:
        payment = getattr(action, "payment", None)
        if payment is None or not payment.hand:
            kept[(id(action),)] = (0.0, action)
            continue
        what = (getattr(action, "card", ""), getattr(action, "action", 0), getattr(action, "index", 0))
        key = (type(action), getattr(action, "seat", 0), *what, payment.row, payment.grid)
        given = sum(_card_worth(state, card) for card in payment.hand)
        if key not in kept or given < kept[key][0]:
            kept[key] = (given, action)
    return [action for _, action in kept.values()]


def heuristic(state: State) -> Choice:
    """The greedy crew's move, with a one-line reason."""
    actions = legal_actions(state)
    if state.pending is not None:
        return _pending_choice(state, actions)
    have = symbols(state)
    ways = targets(state)
    now = _Now(have, ways, progress(ways, have)[0], danger_value(state), strike_harm(state))
    best: tuple[float, str, Action] | None = None
    for action in _cheapest_payments(state, actions):
        worth, reason = value(state, now, action)
        if best is None or worth > best[0]:
            best = (worth, reason, action)
    assert best is not None
    return Choice(best[2], best[1][:1].upper() + best[1][1:] + ".")


def heuristic_policy(seed: int = 0) -> Policy:
    return heuristic


POLICIES: dict[str, Callable[[int], Policy]] = {"heuristic": heuristic_policy, "random": random_policy}
