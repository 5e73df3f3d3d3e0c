"""Crews that play Dine through `legal_actions`: a random one (a baseline and a fuzzer) and a greedy
heuristic one that gives its reason in one line — the `/dine hint`.

The heuristic values an action by how close the grid comes to the nearest way out of the sector (a
solution or the jump), counted symbol by symbol, against what it spends (hand cards paid or removed,
the danger striking when the row fills up). It evaluates each action from the row arithmetic
directly, without playing it out, so a whole game takes milliseconds. Its best few moves (`shortlist`)
are what the search crew (`core.dine.search`) plays out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from heapq import nlargest
from operator import add, sub
from typing import Final

from core.i18n import Locale, t
from core.policies import Choice, Policy, random_player

from .actions import Action, Choose, Clear, Give, Occupy, PlayCard, Shield, Upgrade, UseShip, UseStation
from .cards import Action as CardAction
from .cards import CardSet, Effect, SectorSide, Symbol
from .engine import (
    danger_value,
    hand_size,
    idle_effect,
    jump_drive,
    legal_actions,
    loses_at_once,
    main_actions,
    sector_side,
    ship_of,
)
from .state import State
from .symbols import INDEX, RowKey, face, row_gives, row_key, row_vector, side, side_worth
from .why import (
    as_counter,
    danger_words,
    gain_words,
    pending_words,
    progress_words,
    symbol_words,
    toll_words,
    use_words,
)

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
    return _targets(spec, state.crew, jump_drive(state))


def _targets(spec: SectorSide, crew: int, drive: int | None) -> list[tuple[str, Counter[Symbol]]]:
    found: list[tuple[str, Counter[Symbol]]] = []
    for i, solution in enumerate(spec.solutions):
        if solution.symbols:
            times = crew if solution.per_crew else 1
            found.append((f"solution {i + 1}", Counter({s: n * times for s, n in solution.symbols.items()})))
    if drive is not None:
        need = Counter({Symbol.DRIVE: drive})
        if spec.jump.navigation:
            need[Symbol.NAVIGATION] = spec.jump.navigation
        found.append(("the jump", need))
    return found


SOLVE_BONUS: Final = 0.02  # a solution's edge over a jump as near: solving also upgrades a card


def progress(ways: list[tuple[str, Counter[Symbol]]], have: Counter[Symbol]) -> tuple[float, str]:
    """How close `have` is to the nearest way out: 0 (nothing) to 1 (met), with its name."""
    best = (0.0, "nothing")
    for name, need in ways:
        total = sum(need.values())
        done = sum(min(have[s], n) for s, n in need.items())
        value = done / total if total else 1.0
        if name.startswith("solution"):
            value += SOLVE_BONUS
        best = max(best, (value, name))
    return best


Way = tuple[str, tuple[tuple[int, int], ...], int, bool]  # name, (symbol index, need), total, a solution?
_DRIVE = INDEX[Symbol.DRIVE]


def _vector_ways(ways: list[tuple[str, Counter[Symbol]]]) -> tuple[Way, ...]:
    """`targets` as symbol-vector needs, so `_progress` adds up plain tuples in the inner loop."""
    found: list[Way] = []
    for name, need in ways:
        vector = tuple((INDEX[s], n) for s, n in need.items())
        found.append((name, vector, sum(need.values()), name.startswith("solution")))
    return tuple(found)


@lru_cache(maxsize=1024)
def _sector_ways(
    cards: CardSet, card_id: str, up: str, crew: int, drive: int | None
) -> tuple[tuple[Way, ...], float]:
    """`_vector_ways` of `targets` and the lightest strike (`strike_harm`) of a sector side: the same for
    every decision until the sector is cleared."""
    spec = cards.sector(card_id).showing(up)
    return _vector_ways(_targets(spec, crew, drive)), _strike_harm(spec)


def _progress(ways: Sequence[Way], have: Sequence[int]) -> tuple[float, str]:
    """`progress` on symbol vectors: the same arithmetic in the same order, so the same floats."""
    best = (0.0, "nothing")
    for name, need, total, solution in ways:
        done = 0
        for i, n in need:
            got = have[i]
            done += got if got < n else n  # min(got, n), without the call: this is the innermost loop
        worth = done / total if total else 1.0
        if solution:
            worth += SOLVE_BONUS
        if (worth, name) > best:
            best = (worth, name)
    return best


def _share(now: _Now) -> float:
    """How much of the nearest way out the grid holds (0 to 1): `_progress` without a solution's
    edge, which is the crews' preference, not something in the grid."""
    shares = [
        sum(min(now.vector[i], n) for i, n in need) / total if total else 1.0
        for _, need, total, _ in now.vector_ways
    ]
    return max(shares, default=0.0)


def _plus(a: Sequence[int], b: Sequence[int]) -> tuple[int, ...]:
    return tuple(map(add, a, b))


def _minus(a: Sequence[int], b: Sequence[int]) -> tuple[int, ...]:
    return tuple(map(sub, a, b))


@dataclass(slots=True)
class _Now:
    """What every candidate action is compared against, worked out once per decision."""

    progress: float
    danger: int
    strike: float
    cards: CardSet  # the game's card set (its rules version's)
    upgraded: frozenset[str] = frozenset()
    vector: tuple[int, ...] = ()  # the grid's symbols in `SYMBOLS` order
    vector_ways: tuple[Way, ...] = ()
    current: RowKey = ()  # the current row
    base: tuple[int, ...] = ()  # the grid's symbols without the current row
    effects: dict[int, float] = field(default_factory=dict[int, float])  # `_effects_value` by id(effects)
    plain: bool = False  # no card of the current row produces symbols
    plays: dict[tuple[object, ...], float] = field(default_factory=dict[tuple[object, ...], float])  # card
    # plays' `_worth` by card, action and payment, ship and station actions' by action, payment and
    # marker (`_best_action`)
    progress_of: dict[tuple[int, ...], tuple[float, str]] = field(
        default_factory=dict[tuple[int, ...], tuple[float, str]]
    )  # `_progress` of these ways by grid vector, shared by every decision in this sector (`_PROGRESS`)


def _progress_at(now: _Now, have: tuple[int, ...]) -> tuple[float, str]:
    """`_progress` of the decision's ways, remembered: the crew's trial grids reach the same few
    symbol vectors again and again while a sector lasts, in every world and playout."""
    found = now.progress_of.get(have)
    if found is None:
        if len(now.progress_of) >= _PROGRESS_KEPT:
            now.progress_of.clear()
        found = now.progress_of[have] = _progress(now.vector_ways, have)
    return found


# `_progress` by the ways (a sector side for a crew size and jump drive: `_sector_ways`' own tuple,
# found by its identity and held in the entry so that no other tuple can take its id), then by grid
# vector: forgotten with the crew's remembered moves (`_PICKS`), and a sector's table when it is full.
_PROGRESS: dict[int, tuple[tuple[Way, ...], dict[tuple[int, ...], tuple[float, str]]]] = {}
_PROGRESS_KEPT = 20_000


def _now(state: State) -> _Now:
    upgraded = frozenset(state.upgraded)
    cards = state.cards
    rows = [row_vector(cards, row_key(row, upgraded)) for row in state.grid]
    vector = tuple(map(sum, zip(*rows, strict=True)))  # the grid's symbols (`symbols`) as a vector
    top = state.sector_card
    vector_ways, strike = (
        _sector_ways(cards, top.sector, top.side, state.crew, jump_drive(state))
        if top is not None and top.sector is not None
        else ((), 0.0)
    )
    kept = _PROGRESS.get(id(vector_ways))  # by identity: the ways are `_sector_ways`' own tuple
    if kept is None:
        kept = _PROGRESS[id(vector_ways)] = (vector_ways, {})  # holding the ways keeps their id theirs
    now = _Now(0.0, danger_value(state), strike, cards, progress_of=kept[1])
    reads = (len(state.deck) + len(state.discard), len(state.discard), state.damage, state.ship)
    now.effects = _EFFECTS.setdefault(reads, {})
    now.upgraded = upgraded
    now.vector = vector
    now.vector_ways = vector_ways
    now.progress = _progress_at(now, vector)[0]
    now.current = row_key(state.grid[-1], upgraded)
    now.base = _minus(vector, rows[-1])
    now.plain = not any(row_gives(cards, *placed)[1] for placed in now.current)
    return now


def harm(effects: tuple[Effect, ...]) -> float:
    return sum(HARM.get(e.op, 0.0) * e.amount for e in effects)


def strike_harm(state: State) -> float:
    spec = sector_side(state)
    return 0.0 if spec is None else _strike_harm(spec)


def _strike_harm(spec: SectorSide) -> float:
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


IDLE = -5.0  # below every move that does something: an action that changes nothing only delays (the
# greedy crew once drained the Nostroven One's marker on empty draws rather than lay a card)


def _cached_effects_value(state: State, now: _Now, effects: tuple[Effect, ...]) -> float:
    """`_effects_value`, worked out once per effects tuple and per what it reads of the state (card
    data lives as long as the process); `_now` picks the table for the decision's state."""
    found = now.effects.get(id(effects))
    if found is None:
        found = now.effects[id(effects)] = _effects_value(state, effects)
    return found


# `_effects_value` by what it reads of the state (cards the deck and discard pile can give, the
# discard pile, the damage, the ship), then by id(effects): a few hundred small tables at most.
_EFFECTS: dict[tuple[int, int, int, str], dict[int, float]] = {}


def _after_play(
    state: State, now: _Now, action: PlayCard
) -> tuple[tuple[int, ...], tuple[CardAction, bool, float], int, int]:
    """The grid's symbols after `action` (a `SYMBOLS` vector), the card action used (`_middle`), and the
    current row's card count and drive after it (what a danger striking then reads)."""
    upgraded = action.card in now.upgraded
    middle = _middle(now.cards, action.card, upgraded, action.action)
    rotated = middle[1]
    payment = action.payment
    base, current = now.base, now.current
    if payment.row is not None:
        row = state.grid[payment.row]
        kept = row_key([p for p in row if p.card not in payment.grid], now.upgraded)
        have = _plus(
            _minus(now.vector, row_vector(now.cards, row_key(row, now.upgraded))), row_vector(now.cards, kept)
        )
        if payment.row == len(state.grid) - 1:
            current = kept
        base = _minus(have, row_vector(now.cards, current))
    else:
        own, produce = row_gives(now.cards, action.card, rotated, upgraded)
        if not produce and now.plain:  # nothing in the row reads another card: the card just adds up
            have = _plus(now.vector, own)
            return have, middle, len(current) + 1, have[_DRIVE] - base[_DRIVE]
    current = (*current, (action.card, rotated, upgraded))
    added = row_vector(now.cards, current)
    return _plus(base, added), middle, len(current), added[_DRIVE]


@lru_cache(maxsize=1024)
def _middle(cards: CardSet, card_id: str, upgraded: bool, index: int) -> tuple[CardAction, bool, float]:
    """A hand card's middle action, whether it rotates the card, and what each hand card paying for it
    costs the crew (asked for every candidate play)."""
    used = face(cards, card_id, upgraded).actions[index]
    return used, any(e.op == "rotate_play" for e in used.effects), CARD_SPENT.get(used.cost.kind, 0.0)


def _worth(state: State, now: _Now, action: Action) -> tuple[float, tuple[str, str, str, float]]:
    """`value` without writing the reason out: (worth, what the reason says)."""
    if isinstance(action, PlayCard):  # most candidates: asked first
        have, (used, _, spent), size, drive = _after_play(state, now, action)
        after, target = _progress_at(now, have)
        worth = after - now.progress + _cached_effects_value(state, now, used.effects)
        worth -= spent * len(action.payment.hand)
        if after >= 1.0:
            return 2.0 + worth, ("meets", action.card, target, after)
        if now.danger and size >= now.danger:  # the danger strikes, and the crew draws its drive
            drawn = min(drive, len(state.deck) + len(state.discard))
            worth += GAIN["draw"] * drawn - now.strike
        return worth, ("brings", action.card, target, after)
    if isinstance(action, Clear):
        return 1.5, ("toll", "", "", 0.0)
    card_action: CardAction
    if isinstance(action, UseStation):
        card_id = state.stations[action.seat]
        name = card_id or ""
        held = side(now.cards, name, now.upgraded).occupied.action
        assert held is not None, "a legal UseStation uses a station that has an action"
        card_action = held
    else:
        assert isinstance(action, UseShip)
        card_action = ship_of(state).actions[action.index]
        name = ""
    # It would only put off the next play. Read without the cost, as the crews always have (a grid
    # payment's cards drawn back with no other card left count as nothing): their games stay the same.
    if idle_effect(state, card_action.effects) is not None:
        return IDLE, ("using", name, "", 0.0)
    worth = _cached_effects_value(state, now, card_action.effects)
    worth -= CARD_SPENT.get(card_action.cost.kind, 0.0) * len(action.payment.hand)
    if card_action.cost.kind == "ship":  # the marker spent is worth what a consequence moving it costs
        worth -= HARM["ship"] * card_action.cost.count
    if action.payment.row is not None:  # paying from the grid loses progress
        row = state.grid[action.payment.row]
        kept = row_key([p for p in row if p.card not in action.payment.grid], now.upgraded)
        have = _plus(
            _minus(now.vector, row_vector(now.cards, row_key(row, now.upgraded))), row_vector(now.cards, kept)
        )
        worth -= now.progress - _progress_at(now, have)[0]
    return worth, ("using", name, "", 0.0)


def _reason(
    state: State, now: _Now, action: Action, how: tuple[str, str, str, float], locale: Locale = "en"
) -> str:
    """Why `action` is worth making, in words (`core.dine.why`), from what `_worth` found."""
    kind, _, target, _ = how
    if isinstance(action, Clear):  # how much of the nearest other way out the grid holds, as a share
        return toll_words(state, action, _share(now), locale)
    if isinstance(action, UseStation | UseShip):
        used = (
            side(now.cards, state.stations[action.seat] or "", now.upgraded).occupied.action
            if isinstance(action, UseStation)
            else ship_of(state).actions[action.index]
        )
        effects = used.effects if used is not None else ()
        cost = used.cost if used is not None else None
        return use_words(state, effects, action.seat, len(action.payment.hand), locale, cost)
    assert isinstance(action, PlayCard), "the rest of the main actions are plays"
    have, (used, _, _), size, drive = _after_play(state, now, action)
    before, after = as_counter(now.vector), as_counter(have)
    need = dict(targets(state)).get(target)
    if need is not None:
        parts = [progress_words(state, target, need, before, after, locale)]
    else:
        added = after - before
        if added:
            parts = [t(locale, "it adds {symbols} to the grid", symbols=symbol_words(added, locale))]
        else:
            parts = [t(locale, "it is the cheapest card to lay")]
    gains = gain_words(state, used.effects, action.seat, 1 + len(action.payment.hand), locale)
    if gains:
        parts.append(gains)
    if kind == "brings":  # a way out met lets the crew leave before the danger is checked
        strikes = bool(now.danger) and size >= now.danger
        drawn = min(drive, len(state.deck) + len(state.discard))
        danger = danger_words(state, size, strikes, drawn, locale)
        if danger:
            parts.append(danger)
    return "; ".join(parts)


def explain(state: State, action: Action, locale: Locale = "en") -> str:
    """Why the heuristic crew would make `action` now, in `locale`: the reason its `Choice` gives in
    English, said for a reader of another language (a hint)."""
    if state.pending is not None:
        assert isinstance(action, Clear | Upgrade | Occupy | Choose | Give | Shield)
        seat = action.seat if isinstance(action, Occupy) else None
        return _pending_reasoned(state, _answers(state, None, seat), action, locale).reason
    now = _now(state)
    return _sentence(_reason(state, now, action, _worth(state, now, action)[1], locale))


def value(state: State, now: _Now, action: Action) -> tuple[float, str]:
    """What `action` is worth to the crew now, and why in words."""
    worth, how = _worth(state, now, action)
    return worth, _reason(state, now, action, how)


def _occupy_ground(state: State, seat: int, options: list[Occupy]) -> str:
    """Why a member would occupy nothing new: "kept", "needed" or "none" (`why.occupy_words`)."""
    if state.stations[seat] is not None:
        return "kept"
    if any(a.card is not None for a in options):
        return "needed"
    return "none"


def _pending_choice(state: State, actions: list[Action]) -> Choice:
    pending = state.pending
    assert pending is not None
    chosen = _pending_pick(state, actions)
    ground = ""
    if isinstance(chosen, Occupy):
        ground = _occupy_ground(state, chosen.seat, [a for a in actions if isinstance(a, Occupy)])
    assert isinstance(chosen, Clear | Upgrade | Occupy | Choose | Give | Shield)
    return Choice(chosen, _sentence(pending_words(state, chosen, ground)))


def _pending_pick(state: State, actions: list[Action]) -> Action:
    """The heuristic's answer to the pending decision."""
    pending = state.pending
    assert pending is not None
    if pending.kind == "clear":
        clears = [a for a in actions if isinstance(a, Clear) and a.how != "continue"]
        solve = next((a for a in clears if a.how == "solve"), None)
        return solve or clears[0]
    if pending.kind == "upgrade":
        upgrades = [a for a in actions if isinstance(a, Upgrade) and a.card is not None]
        if not upgrades:
            return actions[0]
        return max(upgrades, key=lambda a: _upgrade_gain(state, a.card or ""))
    if pending.kind == "occupy":  # one member's options (`_answers`)
        occupying = [a for a in actions if isinstance(a, Occupy)]
        if state.stations[occupying[0].seat] is not None:
            return occupying[-1]
        if _cards_in_play(state) <= sum(hand_size(state, seat) for seat in range(state.crew)):
            return occupying[-1]
        scored = [(_station_value(state, a.card), a) for a in occupying if a.card is not None]
        if not scored:
            return occupying[-1]
        return max(scored, key=lambda pair: pair[0])[1]
    if pending.kind == "choose":
        spec = sector_side(state)
        assert spec is not None
        options = [a for a in actions if isinstance(a, Choose)]
        return min(options, key=lambda a: (loses_at_once(state, a), harm(spec.consequences[a.option])))
    if pending.kind == "give":
        gives = [a for a in actions if isinstance(a, Give)]
        return min(gives, key=lambda a: (_card_worth(state, a.card), -len(state.hands[a.seat])))
    shields = [a for a in actions if isinstance(a, Shield) and a.payment is not None]
    if shields:
        return min(shields, key=lambda a: len(a.payment.grid) if a.payment else 0)
    return actions[-1]


def _cards_in_play(state: State) -> int:
    """The cards that still go round (hands, deck, discard pile, grid): not removed, not stations."""
    return sum(map(len, state.hands)) + len(state.deck) + len(state.discard) + sum(map(len, state.grid))


def _card_worth(state: State, card_id: str) -> float:
    return side_worth(state.cards, card_id, card_id in state.upgraded)


def _upgrade_gain(state: State, card_id: str) -> float:
    card = state.cards.station(card_id)
    up, down = card.upgraded, card.normal
    return sum(up.row.symbols.values()) + up.drive - sum(down.row.symbols.values()) - down.drive + 0.1


def _station_value(state: State, card_id: str | None) -> float:
    if card_id is None:
        return 0.0
    occupied = side(state.cards, card_id, state.upgraded).occupied
    if occupied.permanent is not None:
        return 1.0 + 0.2 * occupied.amount
    if occupied.trigger is not None:
        return 0.8
    return 0.6


def heuristic(state: State, only: Callable[[Action], bool] | None = None) -> Choice:
    """The greedy crew's move, with a one-line reason; with `only`, the best among those actions
    (a hint for one crew member: the moves they can make themselves)."""

    if state.pending is not None:
        return _pending_choice(state, _answers(state, only))
    _, how, action, now = _best(state, _allowed(_candidates(state), only))
    return Choice(action, _sentence(_reason(state, now, action, how)))


def _answers(
    state: State, only: Callable[[Action], bool] | None = None, seat: int | None = None
) -> list[Action]:
    """The pending decision's options the crews weigh (those `only` allows). Where several members
    may occupy a station at once, one member's: `seat`'s, else the first allowed (the lowest seat,
    so the crews answer in seat order, as when each member waited for the one before)."""
    actions = _allowed(legal_actions(state), only)
    pending = state.pending
    if pending is None or pending.kind != "occupy":
        return actions
    if seat is None:
        seat = next(a.seat for a in actions if isinstance(a, Occupy))
    return [a for a in actions if not isinstance(a, Occupy) or a.seat == seat]


def _allowed(actions: list[Action], only: Callable[[Action], bool] | None) -> list[Action]:
    """The actions that pass `only` (all of them without it); an error if none does."""
    if only is None:
        return actions
    kept = [action for action in actions if only(action)]
    if not kept:
        raise ValueError("no legal action passes `only`")
    return kept


def _best(state: State, actions: list[Action]) -> tuple[float, tuple[str, str, str, float], Action, _Now]:
    """The first of the best main actions by `_worth`, with its worth, what its reason says, and the
    decision's `_Now` (for the reason's words)."""
    now = _now(state)
    best: tuple[float, tuple[str, str, str, float], Action] | None = None
    for action in actions:
        worth, how = _worth(state, now, action)
        if best is None or worth > best[0]:
            best = (worth, how, action)
    assert best is not None
    return (*best, now)


def heuristic_action(state: State) -> Action:
    """`heuristic(state).action` without the words: what playouts ask, thousands of times a decision.

    A main move is remembered by what the heuristic reads (`_main_key`): the expert plays each
    candidate out in a dozen worlds that differ only in hidden cards, so until the next draw their
    playouts ask the same question again and again. Where only the hands differ, the table is the
    same (`_table_key`): its `_Now` and what each card play is worth there are worked out once."""
    if state.pending is not None:
        return _pending_pick(state, _answers(state))
    table = _table_key(state)
    key = _main_key(state, table)
    found = _PICKS.get(key)
    if found is None:
        if len(_PICKS) >= _PICKS_KEPT:
            _PICKS.clear()
            _NOWS.clear()
            _PROGRESS.clear()
        now = _NOWS.get(table)
        if now is None:
            now = _NOWS[table] = _now(state)
        found = _PICKS[key] = _best_action(state, _candidates(state), now)
    return found


def _best_action(state: State, actions: list[Action], now: _Now) -> Action:
    """`_best`'s action, with each card play's worth remembered on `now`: a play's worth reads the
    table, the card, its action and how many hand cards or which grid cards pay, never whose hand. A
    ship or station action's worth is remembered too: it reads the action (a station's by its seat),
    the payment and the ship's marker."""
    plays = now.plays
    best: Action | None = None
    most = 0.0
    for action in actions:
        if type(action) is PlayCard:
            paid = action.payment
            memo: tuple[object, ...] = (action.card, action.action, len(paid.hand), paid.row, paid.grid)
            worth = plays.get(memo)
            if worth is None:
                worth = plays[memo] = _worth(state, now, action)[0]
        elif type(action) is UseShip or type(action) is UseStation:  # a ship action: any seat alike
            paid = action.payment
            use = (action.index if type(action) is UseShip else -1 - action.seat, len(paid.hand), paid.row)
            memo = (use, paid.grid, state.marker)  # the marker is not in the table: `idle_effect` reads it
            worth = plays.get(memo)
            if worth is None:
                worth = plays[memo] = _worth(state, now, action)[0]
        else:
            worth = _worth(state, now, action)[0]
        if best is None or worth > most:
            best, most = action, worth
    assert best is not None
    return best


_PICKS: dict[tuple[object, ...], Action] = {}
_NOWS: dict[tuple[object, ...], _Now] = {}  # `_now` by `_table_key`, forgotten with `_PICKS`
_PICKS_KEPT = 50_000  # a few tens of megabytes; forgotten all at once when full


def _table_key(state: State) -> tuple[object, ...]:
    """What `_now` and a card play's `_worth` read: the cards on the table where they lie, the
    current sector, the ship's damage and how many cards the deck and discard pile hold (never
    their order, nor the hands)."""
    top = state.stack[0] if state.stack else None
    return (
        state.rules_version,
        state.ship,
        state.crew,
        tuple(tuple((p.card, p.rotated) for p in row) for row in state.grid),
        tuple(state.upgraded),
        tuple(state.stations),
        len(state.deck),
        len(state.discard),
        None if top is None else (top.sector, top.side, top.help),
        state.damage,
    )


def _main_key(state: State, table: tuple[object, ...]) -> tuple[object, ...]:
    """Everything a main move of the heuristic reads (`_candidates`, `_now`, `_worth`): the table
    (`_table_key`), the hands, the tracks and this sector's uses. A test plays whole games with and
    without the memory."""
    return (
        table,
        tuple(map(tuple, state.hands)),
        state.pizza,
        state.marker,
        tuple(state.used.items()),
    )


def _sentence(reason: str) -> str:
    return reason[:1].upper() + reason[1:] + "."


def _candidates(state: State) -> list[Action]:
    """The main actions the heuristic weighs: only the cheapest hand payment of each (its first lowest),
    so no two candidates differ only in which hand cards pay."""
    upgraded, cards = frozenset(state.upgraded), state.cards
    given = {card: side_worth(cards, card, card in upgraded) for hand in state.hands for card in hand}
    return list(main_actions(state, given))


def shortlist(state: State, limit: int, only: Callable[[Action], bool] | None = None) -> list[Choice]:
    """The heuristic's `limit` best moves now, best first (the first is `heuristic(state, only)`): the
    moves a crew that looks further ahead (`core.dine.search`) should play out. A pending decision's
    other options come by the same yardstick `heuristic` uses for it, each with its reason.
    With `only`, only those actions are candidates (as for `heuristic`)."""
    return [choice for _, choice in ranked(state, limit, only)]


def ranked(
    state: State, limit: int, only: Callable[[Action], bool] | None = None
) -> list[tuple[float, Choice]]:
    """`shortlist` with what the heuristic reckons each move worth (higher is better; a pending
    decision's pick may rank below an option its rules turned down, as keeping a station does)."""
    if state.pending is not None:
        actions = _answers(state, only)
        first = _pending_choice(state, actions)
        rest = sorted((a for a in actions if a != first.action), key=lambda a: _pending_rank(state, a))
        return [
            (-_pending_rank(state, first.action), first),
            *((-_pending_rank(state, a), _pending_reasoned(state, actions, a)) for a in rest[: limit - 1]),
        ]
    actions = _allowed(_candidates(state), only)
    now = _now(state)
    scored = [_worth(state, now, action) for action in actions]
    # `nlargest` keeps the first of equals first, as `heuristic` picks the first best.
    best = nlargest(limit, range(len(actions)), key=lambda i: scored[i][0])
    said = [(i, _sentence(_reason(state, now, actions[i], scored[i][1]))) for i in best]
    return [(scored[i][0], Choice(actions[i], reason)) for i, reason in said]


def _pending_reasoned(state: State, actions: list[Action], action: Action, locale: Locale = "en") -> Choice:
    """A pending decision's option the heuristic did not pick, with why it is worth considering."""
    assert isinstance(action, Clear | Upgrade | Occupy | Choose | Give | Shield)
    ground = ""
    if isinstance(action, Occupy):
        ground = _occupy_ground(state, action.seat, [a for a in actions if isinstance(a, Occupy)])
    if isinstance(action, Clear) and action.how == "continue":
        if 0 < danger_value(state) <= len(state.current_row):  # keeping on strikes at once (E4)
            said = t(locale, "the crew may still build the grid further, but the danger strikes at once")
        else:
            said = t(locale, "the crew may still build the grid further before leaving")
        return Choice(action, _sentence(said))
    return Choice(action, _sentence(pending_words(state, action, ground, locale)))


def _pending_rank(state: State, action: Action) -> float:
    """Lower is better: the order in which `_pending_choice` would prefer the options it did not pick."""
    if isinstance(action, Give):
        return _card_worth(state, action.card)
    if isinstance(action, Upgrade):
        return -_upgrade_gain(state, action.card) if action.card is not None else 0.0
    if isinstance(action, Occupy):
        return -_station_value(state, action.card)
    if isinstance(action, Choose):
        spec = sector_side(state)
        return harm(spec.consequences[action.option]) if spec is not None else 0.0
    if isinstance(action, Clear):
        return {"solve": 0.0, "jump": 1.0}.get(action.how, 2.0)
    return 0.0  # shields: the engine's order


def heuristic_policy(seed: int = 0) -> Policy:
    return heuristic
