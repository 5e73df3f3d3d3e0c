"""The Deep Space Dine rules engine: `new_game`, `legal_actions`, `apply`.

Rules references are to the rulebook (`shared/rules/deep-space-dine.en.md`) and our rulings R1–R20
(`shared/rules/deep-space-dine.rulings.md`, kept with our own in `docs/rulings-dine.md`). The engine
never mutates its input. Random steps (shuffles, the sectors laid out by the help cards) happen
inside it, from named streams of the seed. The work after an action — clearing a sector, a danger
striking, consequences — runs from a queue in the state, so a decision the rules leave to the crew
(solve or jump, which card to upgrade, which station to occupy, A or B, which card to remove, a
shield or the damage) suspends it as a `Pending` decision that an action answers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Any, Literal, cast

from core.errors import IllegalAction
from core.events import Event, Events, Muted
from core.i18n import Locale, Text, lazy, lazy_n, mark, mark_plural, t, tn
from core.rng import Rng
from core.words import stars

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
from .cards import Action as CardAction
from .cards import CardSet, Cost, Effect, SectorSide, ShipSide, StationSide, Symbol, Track, card_set
from .state import HAND_SIZES, RULES_VERSION, Outcome, Pending, Placed, StackCard, State, Task
from .symbols import INDEX, SYMBOLS, face, grid_symbols, grid_vector, meets, payments, side
from .told import Card, Joined, Seat, Sector, Term, current_sector, told

EASY_FROM_PROCURE = 4  # "draw 4 of them at random" (Procure Ingredient)

# How a game is lost: kept in the state in English, said in each reader's language (`t(locale, reason)`).
STRANDED = mark("The crew is stranded: nobody has a card to play or a station or ship action to use.")
SHIP_LOST = mark("The damage marker is pushed off the ship card: the ship is lost.")
PIZZA_RUINED = mark("The pizza marker is pushed off the ship card: the pizza is ruined.")
ABANDONED = mark("The crew ended the game before the delivery.")
# A game the bot ended (forgotten, or its channel gone): lost, but nobody ended it.
UNFINISHED = mark("The game was left unfinished.")
OR = mark(" OR ")
LIST = mark(", ")  # between the items of a list
DELIVERED = mark("The pizza is delivered!")
SYMBOL_NAMES = {
    "drive": mark("drive"),
    "navigation": mark("navigation"),
    "energy": mark("energy"),
    "firepower": mark("firepower"),
    "shield": mark("shield"),
}
_GIVE = {
    "remove": mark_plural("Remove {count} hand card.", "Remove {count} hand cards."),
    "discard": mark_plural("Discard {count} hand card.", "Discard {count} hand cards."),
}


# --- set-up ----------------------------------------------------------------------------------------


def deal(
    seed: int,
    *,
    ship: str = "Spacehopper 3000",
    level: str = "Salad",
    crew: int = 1,
    starter: bool = False,
    rules_version: str = RULES_VERSION,
) -> tuple[State, Events]:
    """Set up a game: the starter game (R20) or the normal set-up at `level`, with the card set of
    `rules_version` (new games: the newest)."""
    cards = card_set(rules_version)
    if crew not in HAND_SIZES:
        raise IllegalAction("A crew is 1 to 3 members.")
    spec = cards.ship(ship)
    chosen = cards.levels[0] if starter else cards.level(level)  # the starter game goes on at "Salad"
    names = set(spec.stations)
    if starter:  # the ship may name its own (Nostroven One: "take the P-Drive")
        names = set(spec.starter_stations or cards.starter_deck)
    deck = [c.id for c in cards.stations if c.station in names]
    state = State(
        rules_version=rules_version,
        seed=seed,
        ship=spec.name,
        level=chosen.name,
        starter=starter,
        crew=crew,
        deck=deck,
        hands=[[] for _ in range(crew)],
        stations=[None] * crew,
        stack=[],
        damage=spec.damage.length,
        pizza=spec.pizza.length,
        marker=spec.marker_start,
    )
    rng = Rng(seed, state.rng)
    rng.shuffle("deck", state.deck)
    if starter:
        state.stack = [StackCard(sector=card_id, side="back") for card_id in cards.starter]
        state.stack.append(StackCard(help="procure"))
    else:
        state.stack = [*_easy_sectors(state, rng, chosen.easy), StackCard(help="frontier")]
    dealt = len(state.deck)
    in_deck = [name for name in (*spec.stations, *cards.starter_deck) if name in names]
    said = lazy_n(  # named, since a starter deck may not be the usual one (Nostroven One: Sensors)
        "The {ship} takes off with {count} station card in its deck: {stations}.",
        "The {ship} takes off with {count} station cards in its deck: {stations}.",
        dealt,
        ship=Term("ships", spec.name),
        stations=Joined(tuple(Term("stations", name) for name in dict.fromkeys(in_deck)), LIST),
    )
    events = [Event(told(said))]
    _refill(state, events)
    _arrive(state, events)
    _run(state, events)
    return state, events


def new_game(seed: int, **options: Any) -> State:
    """`deal`'s state alone; `options` are `deal`'s."""
    return deal(seed, **options)[0]


def _easy_sectors(state: State, rng: Rng, count: int) -> list[StackCard]:
    pool = [c.id for c in state.cards.sectors if c.front.kind == "easy" and c.id not in state.easy_used]
    rng.shuffle("sectors", pool)
    state.easy_used += pool[:count]
    return [StackCard(sector=card_id, side="front") for card_id in pool[:count]]


# --- queries ---------------------------------------------------------------------------------------


def ship_of(state: State) -> ShipSide:
    return _ship(state.cards, state.ship)


@lru_cache(maxsize=16)
def _ship(cards: CardSet, name: str) -> ShipSide:
    """The ship's side by name; cached because every decision asks it (its actions, its rules)."""
    return cards.ship(name)


def sector_side(state: State) -> SectorSide | None:
    top = state.stack[0] if state.stack else None
    if top is None or top.sector is None:
        return None
    return _showing(state.cards, top.sector, top.side)


@lru_cache(maxsize=1024)
def _showing(cards: CardSet, card_id: str, up: str) -> SectorSide:
    """A sector card's face-up side; cached because every action asks it several times."""
    return cards.sector(card_id).showing(up)


def _ship_bonus(state: State, rule: str) -> int:
    return _ship_rule(state.cards, state.ship, rule)


@lru_cache(maxsize=64)
def _ship_rule(cards: CardSet, ship: str, rule: str) -> int:
    """What the ship's rules add to `rule`; cached because every danger check asks it."""
    return sum(r.amount for r in _ship(cards, ship).rules if r.rule == rule)


def _permanent(state: State, kind: str, seat: int | None = None) -> int:
    """What the occupied stations' permanent effects of `kind` add (only `seat`'s, if given)."""
    if not any(state.stations):  # most positions: nothing occupied, nothing to look up
        return 0
    total = 0
    cards, upgraded = state.cards, state.upgraded
    for s, card_id in enumerate(state.stations):
        if card_id is None or (seat is not None and s != seat):
            continue
        occupied = face(cards, card_id, card_id in upgraded).occupied
        if occupied.permanent == kind:
            total += occupied.amount
    return total


def hand_size(state: State, seat: int) -> int:
    return HAND_SIZES[state.crew] + _ship_bonus(state, "hand_size") + _permanent(state, "hand_size", seat)


def danger_value(state: State) -> int:
    spec = sector_side(state)
    if spec is None:
        return 0
    printed = spec.danger[state.crew - 1]
    if printed == 0:
        return 0
    return printed + _ship_bonus(state, "danger") + _permanent(state, "danger")


def being_cleared(state: State) -> bool:
    """Whether the current sector is solved, its upgrade still to choose: "Boldly Go…" came before "We
    Have a Problem!" (R8), so its danger strikes no more, however full the current row is. (While the
    crew decides whether to solve, jump or keep playing it still can: keeping playing checks it.)"""
    return state.pending is not None and state.pending.kind == "upgrade"


def jump_drive(state: State) -> int | None:
    spec = sector_side(state)
    printed = spec.jump.drive[state.crew - 1] if spec is not None else None
    if printed is None:
        return None
    return max(0, printed - _permanent(state, "jump_drive"))


def symbols(state: State) -> Counter[Symbol]:
    return grid_symbols(state.cards, state.grid, state.upgraded)


def can_jump(state: State, have: Mapping[Symbol, int] | None = None) -> bool:
    spec, drive = sector_side(state), jump_drive(state)
    if spec is None:
        return False
    return _jumps(spec, drive, have if have is not None else symbols(state))


def _jumps(spec: SectorSide, drive: int | None, have: Mapping[Symbol, int]) -> bool:
    """Whether `have` reaches the jump: its drive (`jump_drive`, None: no jump) and navigation."""
    return (
        drive is not None and have[Symbol.DRIVE] >= drive and have[Symbol.NAVIGATION] >= spec.jump.navigation
    )


def solved_by_symbols(state: State, have: Mapping[Symbol, int] | None = None) -> list[int]:
    """The solutions whose symbols the grid has now (ruling R5: the whole grid, nothing paid)."""
    spec = sector_side(state)
    if spec is None:
        return []
    return _solved(spec, state.crew, have if have is not None else symbols(state))


def _solved(spec: SectorSide, crew: int, have: Mapping[Symbol, int]) -> list[int]:
    """The symbol solutions `have` meets, per-crew ones times the crew size (R11)."""
    return [
        i
        for i, s in enumerate(spec.solutions)
        if s.symbols and meets(have, s.symbols, crew if s.per_crew else 1)
    ]


def _clear_options(state: State) -> tuple[str, ...]:
    """How the crew may leave the sector now ("Boldly Go…"): `solved_by_symbols`, then `can_jump`."""
    top = state.sector_card
    if top is None or top.sector is None:
        return ()
    have = grid_vector(state.cards, state.grid, state.upgraded)
    return _ways_out(state.cards, top.sector, top.side, state.crew, jump_drive(state), have)


@lru_cache(maxsize=16384)
def _ways_out(
    cards: CardSet, card_id: str, up: str, crew: int, drive: int | None, vector: tuple[int, ...]
) -> tuple[str, ...]:
    """`_clear_options` by what it reads; cached because every action ends with this check, and a
    sector's grids reach the same few symbol totals again and again."""
    spec, have = _showing(cards, card_id, up), dict(zip(SYMBOLS, vector, strict=True))
    options = [f"solve:{i}" for i in _solved(spec, crew, have)]
    return (*options, "jump") if _jumps(spec, drive, have) else tuple(options)


def track_solutions(state: State) -> list[int]:
    """Solutions paid with a track (e.g. a slice of pizza), offered while the marker stays on it."""
    spec = sector_side(state)
    if spec is None:
        return []
    return [
        i for i, s in enumerate(spec.solutions) if s.pay is not None and _track_value(state, s.pay) > s.amount
    ]


def _track_value(state: State, track: Track) -> int:
    return {Track.PIZZA: state.pizza, Track.DAMAGE: state.damage, Track.SHIP: state.marker}[track]


# Rules versions played before ruling E9: their games keep the count of drive they were played with,
# the drive field and the drive the two row effects give directly. Counting by E9 can give a crew that
# was stranded (R18) an action, so a recorded game would replay differently and fail verification.
BEFORE_E9 = frozenset({"dine-1"})

# Rules versions that ask for an upgrade after the last sector too, where it can change nothing (the game
# is won the moment the rows are cleared): their recorded games hold that decision, so they keep it.
UPGRADE_AFTER_THE_LAST = frozenset({"dine-1", "dine-2"})


def card_drive(cards: CardSet, card_id: str, upgraded: list[str]) -> int:
    """FAQ "Discard/Remove with drive": the drive symbols on the card's side that is up — every one
    (E9), or in the versions of `BEFORE_E9` the drive field and the rows' direct drive."""
    return _side_drive(cards, card_id, card_id in upgraded)


@lru_cache(maxsize=1024)
def _side_drive(cards: CardSet, card_id: str, upgraded: bool) -> int:
    shown = face(cards, card_id, upgraded)
    if cards.version not in BEFORE_E9:
        return printed_drive(shown)
    return shown.drive + shown.row.symbols.get(Symbol.DRIVE, 0) + shown.rotated.symbols.get(Symbol.DRIVE, 0)


def printed_drive(shown: StationSide) -> int:
    """Ruling E9: every drive symbol printed on a station side, wherever it is — "it does not matter
    where the drive is printed. Only the number of drive symbols anywhere on the card counts" (FAQ).
    The drive field; each row effect's drive, given or inside a production (what it makes and what
    it reads); the drive its actions and its occupied effect name. "N drive" is N symbols."""
    drive = Symbol.DRIVE
    count = shown.drive
    for row in (shown.row, shown.rotated):
        count += row.symbols.get(drive, 0)
        count += sum(made.amount for made in row.produce if made.symbol == drive)
        count += sum(made.per for made in row.produce if made.of == drive)
    occupied = shown.occupied
    actions = [*shown.actions, *([occupied.action] if occupied.action is not None else [])]
    count += sum(action.cost.symbols.get(drive, 0) + action.cost.min_drive for action in actions)
    if occupied.permanent == "jump_drive":
        count += occupied.amount
    if occupied.trigger == drive:
        count += 1
    return count


def occupied_by(state: State, name: str) -> int | None:
    for seat, card_id in enumerate(state.stations):
        if card_id is not None and _station_name(state.cards, card_id) == name:
            return seat
    return None


# --- legal actions ---------------------------------------------------------------------------------


def legal_actions(state: State) -> list[Action]:
    """Every action legal now, fully specified, in a stable order."""
    if state.outcome != "playing":
        return []
    if state.pending is not None:
        return list(_pending_actions(state, state.pending))
    return list(main_actions(state))


def main_actions(state: State, keep: HandWorth | None = None) -> Iterator[Action]:
    """The main actions in `legal_actions` order. With `keep`, a hand-card cost offers only the
    combination giving up the least by `keep` (its first lowest), for a crew that would discard the
    others anyway.

    Ruling E10: a ship action that would change nothing now (`idle_effect`: a draw from no cards, a
    repair with no damage, the marker already at its end) is not offered while any other main action
    is; when nothing else is left it still is, so a crew is stranded (R18) exactly when it was before
    and every recorded game replays as it was played."""
    idle = _idle_ship(state)
    if not idle:
        yield from _every_main_action(state, keep)
        return
    held: list[Action] | None = []  # the idle ship actions, offered only if nothing else is
    for action in _every_main_action(state, keep):
        if isinstance(action, UseShip) and action.index in idle:
            if held is not None:
                held.append(action)
            continue
        held = None
        yield action
    if held:
        yield from held


def _idle_ship(state: State) -> frozenset[int]:
    """The ship's actions (by index) that would change nothing now (E10): the same for every seat."""
    actions = ship_of(state).actions
    return frozenset(i for i, a in enumerate(actions) if idle_effect(state, a.effects, a.cost) is not None)


def _every_main_action(state: State, keep: HandWorth | None) -> Iterator[Action]:
    """`main_actions` with the ship's idle actions among the others (E10 holds them back)."""
    for i in track_solutions(state):
        yield Clear(how="solve", solution=i)
    upgraded, cards = state.upgraded, state.cards
    ship = [(i, a) for i, a in enumerate(ship_of(state).actions) if _available(state, _ship_use(i), a)]
    shared: dict[int, list[Payment]] = {}  # a ship cost not paid from a hand: the same for every seat
    for seat in range(state.crew):
        hand = sorted(state.hands[seat])  # sorted once a seat, not once a cost
        # With `keep`, the most common cost (one hand card, any drive) is paid with the seat's first
        # cheapest card other than the one played: ranked once a seat, not once a card.
        cheapest = sorted(hand, key=keep.__getitem__) if keep is not None else []
        for card_id in state.hands[seat]:
            for index, action in enumerate(face(cards, card_id, card_id in upgraded).actions):
                cost = action.cost
                if cost.kind == "none":
                    yield _free_play(seat, card_id, index)
                    continue
                if cheapest and cost.count == 1 and not cost.min_drive and cost.kind in ("discard", "remove"):
                    # the first cheapest card other than the one played (most often the very first)
                    first = cheapest[0]
                    other = first if first != card_id else next((c for c in cheapest if c != card_id), None)
                    if other is not None:
                        yield _paid_play(seat, card_id, index, other)
                    continue
                for payment in _payments(state, seat, cost, card_id, keep, hand):
                    yield _play_card(seat, card_id, index, payment)
        occupied = state.stations[seat]
        if occupied is not None:
            held_action = side(cards, occupied, upgraded).occupied.action
            if held_action is not None and _available(state, f"station:{seat}", held_action):
                paying = _payments(state, seat, held_action.cost, None, keep, hand)
                yield from (_use_station(seat, p) for p in paying)
        for index, ship_action in ship:
            found: Iterable[Payment] | None
            if ship_action.cost.kind in ("discard", "remove"):
                found = _payments(state, seat, ship_action.cost, None, keep, hand)
            elif (found := shared.get(index)) is None:
                found = shared[index] = list(_payments(state, seat, ship_action.cost, None, keep, hand))
            yield from (_use_ship(seat, index, p) for p in found)


@dataclass(frozen=True, slots=True)
class Unavailable:
    """A printed action a crew member cannot take now, and why: `spent` (used as often as it may be
    this sector), else its cost cannot be paid."""

    action: CardAction
    spent: bool
    card: str | None = None  # the hand card it is printed on (None: the occupied station's or the ship's)
    index: int | None = None  # its place on that card or among the ship's actions (None: the station's)
    idle: IdleOp | None = None  # a ship action held back because it would change nothing now (E10)


def unavailable(state: State, seat: int) -> list[Unavailable]:
    """The printed actions `seat` could take in a main step but not now, in the order the menus list
    the others, so a player is told why one is missing; none while a decision waits or once over."""
    if state.outcome != "playing" or state.pending is not None:
        return []
    missing: list[Unavailable] = []
    for card_id in state.hands[seat]:
        for index, action in enumerate(face(state.cards, card_id, card_id in state.upgraded).actions):
            if next(_payments(state, seat, action.cost, card_id), None) is None:
                missing.append(Unavailable(action, spent=False, card=card_id, index=index))
    held = state.stations[seat]
    station = side(state.cards, held, state.upgraded).occupied.action if held is not None else None
    others: list[tuple[str, int | None, CardAction]] = []
    if station is not None:
        others.append((f"station:{seat}", None, station))
    others += [(_ship_use(i), i, a) for i, a in enumerate(ship_of(state).actions)]
    held_back = _held_back(state)
    for key, at, action in others:
        spent = not _available(state, key, action)
        if spent or next(_payments(state, seat, action.cost, None), None) is None:
            missing.append(Unavailable(action, spent=spent, index=at))
        elif at is not None and at in held_back:
            missing.append(
                Unavailable(
                    action, spent=False, index=at, idle=idle_effect(state, action.effects, action.cost)
                )
            )
    return missing


def _held_back(state: State) -> frozenset[int]:
    """The ship's actions (by index) that `main_actions` holds back now: those that would change
    nothing, while some other main action is offered (E10)."""
    idle = _idle_ship(state)
    if not idle:
        return idle
    first = next(main_actions(state), None)
    return frozenset() if isinstance(first, UseShip) and first.index in idle else idle


# The same few hundred actions and payments recur in every decision, and a frozen dataclass costs
# ~2 µs to build: they are interned (immutable, so sharing them is safe).
@lru_cache(maxsize=1024)
def _free_play(seat: int, card: str, index: int) -> PlayCard:
    return PlayCard(seat=seat, card=card, action=index)  # no payment: no Payment to hash in the key


@lru_cache(maxsize=8192)
def _play_card(seat: int, card: str, index: int, payment: Payment) -> PlayCard:
    return PlayCard(seat=seat, card=card, action=index, payment=payment)


@lru_cache(maxsize=8192)
def _paid_play(seat: int, card: str, index: int, other: str) -> PlayCard:
    """A card play paid with one other hand card: the commonest candidate, one cache lookup."""
    return _play_card(seat, card, index, _hand_payment((other,)))


@lru_cache(maxsize=4096)
def _hand_payment(cards: tuple[str, ...]) -> Payment:
    return Payment(hand=cards)


@lru_cache(maxsize=4096)
def _grid_payment(row: int, cards: tuple[str, ...]) -> Payment:
    return Payment(row=row, grid=cards)


@lru_cache(maxsize=1024)
def _use_station(seat: int, payment: Payment) -> UseStation:
    return UseStation(seat=seat, payment=payment)


@lru_cache(maxsize=1024)
def _use_ship(seat: int, index: int, payment: Payment) -> UseShip:
    return UseShip(seat=seat, index=index, payment=payment)


@lru_cache(maxsize=16)
def _ship_use(index: int) -> str:
    """The `State.used` key of the ship's action `index`, built once."""
    return f"ship:{index}"


def _available(state: State, key: str, action: CardAction) -> bool:
    return action.per_sector is None or state.used.get(key, 0) < action.per_sector


HandWorth = Mapping[str, float]  # what giving up each hand card costs; a combination costs the sum


def _summed(worth: HandWorth) -> Callable[[tuple[str, ...]], float]:
    return lambda cards: sum(map(worth.__getitem__, cards))


def _payments(
    state: State,
    seat: int,
    cost: Cost,
    playing: str | None,
    keep: HandWorth | None = None,
    hand: list[str] | None = None,
) -> Iterator[Payment]:
    """Every way to pay `cost` (with `keep`, the cheapest hand payment only); `hand` is the seat's hand
    already sorted, where the caller has it."""
    if cost.kind == "none":
        yield NO_PAYMENT
    elif cost.kind in ("discard", "remove"):
        ordered = hand if hand is not None else sorted(state.hands[seat])
        others = [c for c in ordered if c != playing]
        if cost.min_drive:
            fit = [c for c in others if card_drive(state.cards, c, state.upgraded) >= cost.min_drive]
        else:
            fit = others
        if keep is None:
            yield from (_hand_payment(combo) for combo in combinations(fit, cost.count))
        elif cost.count == 1:  # the common case, without a sum per card
            if fit:
                yield _hand_payment((min(fit, key=keep.__getitem__),))
        elif (cheapest := min(combinations(fit, cost.count), key=_summed(keep), default=None)) is not None:
            yield _hand_payment(cheapest)
    elif cost.kind == "pay":
        for row, cards in payments(state.cards, state.grid, state.upgraded, cost.symbols):
            yield _grid_payment(row, cards)
    elif cost.kind == "ship" and state.marker >= cost.count:
        yield NO_PAYMENT


def _pending_actions(state: State, pending: Pending) -> Iterator[Action]:
    if pending.kind == "clear":
        for option in pending.options:
            how, _, index = option.partition(":")  # written by the engine: "solve:<n>" or "jump"
            yield _clear(cast(ClearHow, how), int(index or 0))
        yield _clear("continue", 0)
    elif pending.kind == "upgrade":
        for seat in range(state.crew):
            for card_id in sorted(state.hands[seat]):
                if card_id not in state.upgraded:
                    yield _upgrade(seat, card_id)
        yield _upgrade(None, None)
    elif pending.kind == "occupy":  # each deciding seat's choices, the lowest seat's first
        cards = state.cards
        holders: dict[str, int] = {}  # station name: the first seat occupying it (`occupied_by`)
        for s, held in enumerate(state.stations):
            if held is not None:
                holders.setdefault(_station_name(cards, held), s)
        for seat in pending.deciding:
            for card_id in sorted(state.hands[seat]):
                holder = holders.get(_station_name(cards, card_id))
                if holder is None or holder == seat:
                    yield _occupy(seat, card_id)
            yield _occupy(seat, None)
    elif pending.kind == "choose":
        yield from (Choose(option=i) for i in range(len(pending.options)))
    elif pending.kind == "give":
        for seat in range(state.crew):
            yield from (Give(seat=seat, card=c) for c in sorted(state.hands[seat]))
    elif pending.kind == "shield":
        for row, paid in payments(state.cards, state.grid, state.upgraded, {Symbol.SHIELD: 1}):
            yield _shield(_grid_payment(row, paid))
        yield _shield(None)


# The pending decisions' answers recur as the main actions do (`_play_card`): interned too.
@lru_cache(maxsize=64)
def _clear(how: ClearHow, solution: int) -> Clear:
    return Clear(how=how, solution=solution)


@lru_cache(maxsize=1024)
def _upgrade(seat: int | None, card: str | None) -> Upgrade:
    return Upgrade(seat=seat, card=card)


@lru_cache(maxsize=1024)
def _occupy(seat: int, card: str | None) -> Occupy:
    return Occupy(seat=seat, card=card)


@lru_cache(maxsize=1024)
def _shield(payment: Payment | None) -> Shield:
    return Shield(payment=payment)


@lru_cache(maxsize=1024)
def _station_name(cards: CardSet, card_id: str) -> str:
    """The station a station card names: asked for every hand card at every occupy decision."""
    return cards.station(card_id).station


# --- apply -----------------------------------------------------------------------------------------


def _tell(ev: Events, text: Text, kind: str = "info") -> None:
    """Add `text` as a told line (`told`) to the events, unless the caller asked for none."""
    if type(ev) is not Muted:
        ev.append(Event(told(text), kind))


def apply(
    state: State, action: Action, *, check: bool = True, reuse: bool = False, quiet: bool = False
) -> tuple[State, Events]:
    """The state after `action` and what happened; raises `IllegalAction` otherwise.

    `check=False` skips the legality check, for a caller that took `action` from `legal_actions`
    (or the crews' candidates) of this very state: the playouts of the search crews, thousands a
    decision. The state and the events are the same; an illegal action is then not caught.
    `reuse=True` changes `state` itself and returns it instead of a copy, for a caller that owns
    `state` and drops it (a playout's steps after its first): the same result without the clone.
    `quiet=True` returns no events (none is worked out), for a caller that never reads them: the
    state is the same."""
    if state.outcome != "playing":
        raise IllegalAction("This game is over.")
    if check and not _legal(state, action):
        raise IllegalAction(_why_illegal(state, action))
    new = state if reuse else state.clone()
    events: Events = Muted() if quiet else []
    _DISPATCH[type(action)](new, events, action)
    _run(new, events)
    if new.outcome == "playing" and new.pending is None and not _can_act(new):
        _finish(new, events, "lost", STRANDED)
    return new, events


def decided_alone(state: State, action: Action) -> bool:
    """Whether `action` answers a decision each member takes for themselves, at once (occupying a
    station): another member's answer meanwhile does not change what it means, so a member's pick
    made on an older view of the table still stands while it is legal."""
    pending = state.pending
    return pending is not None and pending.kind == "occupy" and isinstance(action, Occupy)


def loses_at_once(state: State, action: Action) -> bool:
    """Whether answering the pending consequence choice with `action` pushes a track marker off the
    ship card even if every shield the grid holds is paid against its damage: no crew picks that while
    the other branch plays on. Only the tracks are asked, which are public (whether the crew would be
    stranded after it reads every hand, and a public button must not tell)."""
    if not isinstance(action, Choose) or state.pending is None or state.pending.kind != "choose":
        return False
    after = apply(state, action, quiet=True)[0]
    while after.outcome == "playing" and after.pending is not None and after.pending.kind == "shield":
        shields = [a for a in legal_actions(after) if isinstance(a, Shield)]
        paid = next((a for a in shields if a.payment is not None), shields[0])
        after = apply(after, paid, quiet=True)[0]
    return after.outcome == "lost" and after.loss_reason in (SHIP_LOST, PIZZA_RUINED)


def _can_act(state: State) -> bool:
    """Whether any main action is legal (R18): most often a hand card that plays for free says so."""
    for hand in state.hands:
        for card_id in hand:
            if any(
                action.cost.kind == "none" for action in side(state.cards, card_id, state.upgraded).actions
            ):
                return True
    return next(main_actions(state), None) is not None


def _offered(payment: Payment, payments: Iterable[Payment]) -> bool:
    """Whether `payments` offers `payment` (stops at the match)."""
    return any(p == payment for p in payments)


def _legal(state: State, action: Action) -> bool:
    """Whether `action` is among `legal_actions(state)`, checking only the actions of its own kind."""
    if state.pending is not None:
        return any(a == action for a in _pending_actions(state, state.pending))  # stops at the match
    if isinstance(action, PlayCard):
        if not 0 <= action.seat < state.crew or action.card not in state.hands[action.seat]:
            return False
        actions = side(state.cards, action.card, state.upgraded).actions
        if action.action not in (0, 1):
            return False
        cost = actions[action.action].cost
        return _offered(action.payment, _payments(state, action.seat, cost, action.card))
    if isinstance(action, UseStation | UseShip):
        if not 0 <= action.seat < state.crew:
            return False
        used: CardAction | None
        if isinstance(action, UseStation):
            held = state.stations[action.seat]
            used = side(state.cards, held, state.upgraded).occupied.action if held is not None else None
            key = f"station:{action.seat}"
        else:
            offered = ship_of(state).actions
            used = offered[action.index] if 0 <= action.index < len(offered) else None
            key = f"ship:{action.index}"
        return (
            used is not None
            and _available(state, key, used)
            and _offered(action.payment, _payments(state, action.seat, used.cost, None))
        )
    if isinstance(action, Clear):
        return action.how == "solve" and action.solution in track_solutions(state)
    return False


def _why_illegal(state: State, action: Action) -> str:
    if state.pending is not None and not isinstance(action, _ANSWERS[state.pending.kind]):
        return f"First decide: {state.pending.reason}"
    if state.pending is None and isinstance(action, Upgrade | Occupy | Choose | Give | Shield):
        return "There is no such decision to make now."
    return "That action is not possible now."


# --- main actions ----------------------------------------------------------------------------------


def _do_play(s: State, ev: Events, a: PlayCard) -> None:
    action = side(s.cards, a.card, s.upgraded).actions[a.action]
    _main(s, ev, a.seat, action, a.payment, a.card)


def _do_station(s: State, ev: Events, a: UseStation) -> None:
    card_id = s.stations[a.seat]
    assert card_id is not None
    action = side(s.cards, card_id, s.upgraded).occupied.action
    assert action is not None
    s.used[f"station:{a.seat}"] = s.used.get(f"station:{a.seat}", 0) + 1
    _main(s, ev, a.seat, action, a.payment, None)


def _do_ship(s: State, ev: Events, a: UseShip) -> None:
    s.used[f"ship:{a.index}"] = s.used.get(f"ship:{a.index}", 0) + 1
    _main(s, ev, a.seat, ship_of(s).actions[a.index], a.payment, None)


def _main(s: State, ev: Events, seat: int, action: CardAction, payment: Payment, card: str | None) -> None:
    """An action (rulebook "Actions"): pay, carry out the effects, fire "At X:" triggers, then check."""
    watched = _has_trigger(s)  # without an "At X:" station, no need to count the grid before and after
    before = grid_vector(s.cards, _touched_rows(s, payment), s.upgraded) if watched else None
    _pay(s, ev, seat, action.cost, payment)
    later = [task for effect in action.effects if (task := _effect(s, ev, effect, seat, card))]
    s.actions_taken += 1
    if before is not None:
        later += _triggers(s, ev, before, grid_vector(s.cards, _touched_rows(s, payment), s.upgraded))
    s.queue[0:0] = [*later, _CHECK]  # the action's own effects finish before the checks


def _touched_rows(s: State, payment: Payment) -> list[list[Placed]]:
    """The rows an action can change: the one it pays from and the current row (a card played). The
    grid's totals rise exactly where these rows' totals rise, so a trigger counts only them."""
    last = len(s.grid) - 1
    rows = [s.grid[last]]
    if payment.row is not None and payment.row != last:
        rows.append(s.grid[payment.row])
    return rows


def _has_trigger(s: State) -> bool:
    return any(
        card_id is not None and side(s.cards, card_id, s.upgraded).occupied.trigger is not None
        for card_id in s.stations
    )


def _pay(s: State, ev: Events, seat: int, cost: Cost, payment: Payment) -> None:
    telling = type(ev) is not Muted  # a quiet apply builds no line at all
    for card_id in payment.hand:
        s.hands[seat].remove(card_id)
        (s.removed if cost.kind == "remove" else s.discard).append(card_id)
        if not telling:
            continue
        if cost.kind == "remove":
            said = lazy("{crew} removes {card} to pay.", crew=Seat(seat), card=Card(card_id))
        else:
            said = lazy("{crew} discards {card} to pay.", crew=Seat(seat), card=Card(card_id))
        _tell(ev, said)
    if payment.row is not None:
        row = s.grid[payment.row]
        for card_id in payment.grid:
            placed = next(p for p in row if p.card == card_id)
            row.remove(placed)
            s.discard.append(card_id)
        names = Joined(tuple(Card(c) for c in payment.grid), LIST)
        said = lazy("Paid from row {row} by discarding {cards}.", row=payment.row + 1, cards=names)
        _tell(ev, said)
    if cost.kind == "ship":
        s.marker = max(0, s.marker - cost.count)
        _tell(ev, lazy("The ship marker moves {count} left.", count=cost.count))


def _effect(s: State, ev: Events, effect: Effect, seat: int, card: str | None) -> Task | None:
    """Carry out an effect on cards at once; track effects come back as a task for the queue. Of the
    grid, an effect carried out here changes only the current row (a card played): `_touched_rows`
    counts on it."""
    op, n = effect.op, effect.amount
    if op in ("play", "rotate_play") and card is not None:
        s.hands[seat].remove(card)
        s.grid[-1].append(_placed(card, op == "rotate_play"))
        if type(ev) is Muted:
            return None
        fields = {"crew": Seat(seat), "card": Card(card), "row": len(s.grid)}
        if op == "rotate_play":
            said = lazy("{crew} plays {card} rotated into row {row}.", **fields)
        else:
            said = lazy("{crew} plays {card} into row {row}.", **fields)
        _tell(ev, said)
    elif op == "draw":
        _draw(s, ev, seat, n)
    elif op == "crew_draw":
        for member in range(s.crew):
            _draw(s, ev, member, n)
    elif op == "recover":
        taken = [s.discard.pop() for _ in range(min(n, len(s.discard)))]
        s.hands[seat] += taken
        said = lazy_n(
            "{crew} takes {count} card back from the discard pile.",
            "{crew} takes {count} cards back from the discard pile.",
            len(taken),
            crew=Seat(seat),
        )
        _tell(ev, said)
    else:
        return _task(op, n)
    return None


# Frozen models met in every action, built once: pydantic validates each one it builds.
@lru_cache(maxsize=256)
def _placed(card: str, rotated: bool) -> Placed:
    return Placed(card=card, rotated=rotated)


@lru_cache(maxsize=256)
def _task(op: str, amount: int) -> Task:
    return Task(op=op, amount=amount)


def _triggers(s: State, ev: Events, before: tuple[int, ...], after: tuple[int, ...]) -> list[Task]:
    """R14: an "At X:" station fires once per action that raised the grid's total of X (`before` and
    `after` are symbol vectors, `SYMBOLS` order)."""
    later: list[Task] = []
    for seat, card_id in enumerate(s.stations):
        if card_id is None:
            continue
        occupied = side(s.cards, card_id, s.upgraded).occupied
        trigger = occupied.trigger
        if trigger is not None and after[INDEX[trigger]] > before[INDEX[trigger]]:
            said = lazy(
                "{card} ({crew}) fires: the grid gained {symbol}.",
                card=Card(card_id),
                crew=Seat(seat),
                symbol=lazy(SYMBOL_NAMES[trigger]),
            )
            _tell(ev, said)
            later += [task for effect in occupied.effects if (task := _effect(s, ev, effect, seat, None))]
    return later


def _after_action(s: State, ev: Events) -> None:
    """ "Boldly Go…" first, then "We Have a Problem!" (rulebook; R8)."""
    options = _clear_options(s)
    if options:
        s.pending = Pending(kind="clear", options=options, reason=pending_reason(Pending(kind="clear")))
        return
    _danger_check(s, ev)


def _task_check(s: State, ev: Events, task: Task) -> None:
    _after_action(s, ev)


def _danger_check(s: State, ev: Events) -> None:
    limit = danger_value(s)
    if limit and len(s.grid[-1]) >= limit:
        _strike(s, ev)


def _strike(s: State, ev: Events) -> None:
    """R9: draw the current row's drive (fewest cards first), start a new row, then the consequences."""
    spec = sector_side(s)
    assert spec is not None
    drive = grid_vector(s.cards, [s.grid[-1]], s.upgraded)[INDEX[Symbol.DRIVE]]
    sector = _sector_named(s, spec)
    said = (
        lazy_n(
            "We have a problem: {sector} strikes! The crew draws {count} card.",
            "We have a problem: {sector} strikes! The crew draws {count} cards.",
            drive,
            sector=sector,
        )
        if drive
        else lazy("We have a problem: {sector} strikes!", sector=sector)  # no drive in the row: no draw
    )
    _tell(ev, said, "danger")
    _crew_draws(s, ev, drive)
    if s.grid[-1]:
        s.grid.append([])
    s.queue[0:0] = _consequence_tasks(spec)


def _consequence_tasks(spec: SectorSide) -> list[Task]:
    if len(spec.consequences) == 1:
        return [_task(e.op, e.amount) for e in spec.consequences[0]]
    return [Task(op="choose")]


# --- pending answers -------------------------------------------------------------------------------


def _do_clear(s: State, ev: Events, a: Clear) -> None:
    s.pending = None
    spec = sector_side(s)
    assert spec is not None
    if a.how == "continue":
        _tell(ev, lazy("The crew keeps playing."))
        _danger_check(s, ev)
        return
    steps: list[Task] = []
    if a.how == "solve":
        solution = spec.solutions[a.solution]
        if solution.pay is not None:
            s.queue.insert(0, Task(op=str(solution.pay), amount=solution.amount))
            _run(s, ev)
            if s.outcome != "playing":
                return
        s.solved += 1
        _tell(ev, lazy("Solved: {sector}!", sector=_sector_named(s, spec)), "clear")
        if "no_upgrade" not in spec.rules and (len(s.stack) > 1 or s.rules_version in UPGRADE_AFTER_THE_LAST):
            steps.append(Task(op="upgrade"))
    else:
        _tell(ev, lazy("Jumped out of {sector}!", sector=_sector_named(s, spec)), "clear")
    s.queue[0:0] = steps + _clearing_steps()


def _clearing_steps() -> list[Task]:
    """R12 after the upgrade: discard the rows, draw up, next sector, occupy, arrive."""
    return list(_CLEARING)


# Tasks are frozen, so the common ones are built once (a pydantic model costs microseconds to validate).
_CHECK = Task(op="check")
_CLEARING = tuple(Task(op=op) for op in ("clear_rows", "refill", "next_sector", "occupy", "arrive"))


def _do_upgrade(s: State, ev: Events, a: Upgrade) -> None:
    s.pending = None
    if a.card is not None:
        s.upgraded = sorted([*s.upgraded, a.card])
        seat = a.seat or 0
        if type(ev) is not Muted:
            mine = told(lazy("{crew} upgrades {card}.", crew=Seat(seat), card=Card(a.card)))
            # The card stays in the hand: only its holder may read which one it is.
            public = told(lazy("{crew} upgrades a hand card.", crew=Seat(seat)))
            ev.append(Event(public, "upgrade", ((seat, mine),)))


def _do_occupy(s: State, ev: Events, a: Occupy) -> None:
    """One seat's answer; the other deciding seats still answer, in any order ("Each crew member may
    now occupy one station"), so nobody waits for a slower member to go first."""
    pending = s.pending
    assert pending is not None
    s.pending = None
    if a.card is not None:
        old = s.stations[a.seat]
        if old is not None:
            s.discard.append(old)
        s.hands[a.seat].remove(a.card)
        s.stations[a.seat] = a.card
        if old is None:
            _tell(ev, lazy("{crew} occupies {card}.", crew=Seat(a.seat), card=Card(a.card)))
        else:
            _tell(
                ev,
                lazy(
                    "{crew} occupies {card}; {old} goes to the discard pile.",
                    crew=Seat(a.seat),
                    card=Card(a.card),
                    old=Card(old),
                ),
            )
    if not pending.seats:  # saved before seats decided at once: the next seat's turn comes after
        s.queue.insert(0, Task(op="occupy", index=a.seat + 1))
        return
    left = tuple(seat for seat in pending.seats if seat != a.seat)
    if left:
        s.pending = _occupying(left)


def _do_choose(s: State, ev: Events, a: Choose) -> None:
    s.pending = None
    spec = sector_side(s)
    assert spec is not None
    chosen = spec.consequences[a.option]
    _tell(ev, lazy("The crew chooses: {effects}.", effects=effects_told(chosen)))
    s.queue[0:0] = [_task(e.op, e.amount) for e in chosen]


def _do_give(s: State, ev: Events, a: Give) -> None:
    pending = s.pending
    assert pending is not None
    s.pending = None
    s.hands[a.seat].remove(a.card)
    (s.removed if pending.give == "remove" else s.discard).append(a.card)
    if pending.give == "remove":
        said = lazy("{crew} removes {card}.", crew=Seat(a.seat), card=Card(a.card))
    else:
        said = lazy("{crew} discards {card}.", crew=Seat(a.seat), card=Card(a.card))
    _tell(ev, said)
    if pending.amount > 1:
        s.queue.insert(0, Task(op=f"{pending.give}_cards", amount=pending.amount - 1))


def _do_shield(s: State, ev: Events, a: Shield) -> None:
    pending = s.pending
    assert pending is not None
    s.pending = None
    if pending.amount > 1:
        s.queue.insert(0, Task(op="damage", amount=pending.amount - 1))
    if a.payment is not None:
        _pay(s, ev, 0, Cost(kind="pay", symbols={Symbol.SHIELD: 1}), a.payment)
        _tell(ev, lazy("A shield takes the hit."))
    else:
        _lose_damage_space(s, ev)


# Any: each handler takes its own action class, which a dict's value type cannot say.
_DISPATCH: dict[type, Callable[[State, Events, Any], None]] = {
    PlayCard: _do_play,
    UseStation: _do_station,
    UseShip: _do_ship,
    Clear: _do_clear,
    Upgrade: _do_upgrade,
    Occupy: _do_occupy,
    Choose: _do_choose,
    Give: _do_give,
    Shield: _do_shield,
}
_ANSWERS: dict[str, type | tuple[type, ...]] = {
    "clear": Clear,
    "upgrade": Upgrade,
    "occupy": Occupy,
    "choose": Choose,
    "give": Give,
    "shield": Shield,
}


# --- the work queue --------------------------------------------------------------------------------


def _run(s: State, ev: Events) -> None:
    while s.outcome == "playing" and s.pending is None and s.queue:
        task = s.queue.pop(0)
        _TASKS[task.op](s, ev, task)


def _task_damage(s: State, ev: Events, task: Task) -> None:
    spec = sector_side(s)
    shields_allowed = spec is None or "no_shields" not in spec.rules
    if shields_allowed and next(payments(s.cards, s.grid, s.upgraded, {Symbol.SHIELD: 1}), None) is not None:
        pending = Pending(kind="shield", amount=task.amount)
        s.pending = pending.model_copy(update={"reason": pending_reason(pending)})
        return
    if task.amount > 1:
        s.queue.insert(0, Task(op="damage", amount=task.amount - 1))
    _lose_damage_space(s, ev)


def _lose_damage_space(s: State, ev: Events) -> None:
    s.damage -= 1
    if s.damage < 1:
        _finish(s, ev, "lost", SHIP_LOST)
        return
    _tell(ev, lazy("The ship takes 1 damage ({count} left).", count=s.damage), "damage")
    if s.damage in ship_of(s).damage.remove_cards:
        said = lazy("This damage space says Remove cards: one crew member removes a hand card.")
        _tell(ev, said)
        s.queue.insert(0, Task(op="remove_cards", amount=1))


def _task_pizza(s: State, ev: Events, task: Task) -> None:
    s.pizza -= task.amount
    if s.pizza < 1:
        _finish(s, ev, "lost", PIZZA_RUINED)
        return
    said = lazy_n(
        "The pizza suffers: {count} space lost ({left} left).",
        "The pizza suffers: {count} spaces lost ({left} left).",
        task.amount,
        left=s.pizza,
    )
    _tell(ev, said, "damage")


def _task_ship_track(s: State, ev: Events, task: Task) -> None:
    s.marker = max(0, s.marker - task.amount)
    _tell(ev, lazy("The ship marker moves {count} left.", count=task.amount))


def _task_give(s: State, ev: Events, task: Task) -> None:
    if not any(s.hands):
        _tell(ev, lazy("Nobody has a hand card to give up."))
        return
    give: Literal["remove", "discard"] = "remove" if task.op == "remove_cards" else "discard"
    pending = Pending(kind="give", give=give, amount=task.amount)
    s.pending = pending.model_copy(update={"reason": pending_reason(pending)})


def _task_repair(s: State, ev: Events, task: Task) -> None:
    before = s.damage
    s.damage = min(ship_of(s).damage.length, s.damage + task.amount)
    if s.damage == before:  # the log says what happened, not what the card promised
        said = lazy(
            "Repairs: nothing to repair, the damage marker is at its start ({left} left).", left=s.damage
        )
    else:
        said = lazy(
            "Repairs: the damage marker moves {count} right ({left} left).",
            count=s.damage - before,
            left=s.damage,
        )
    _tell(ev, said)


def _task_ship_right(s: State, ev: Events, task: Task) -> None:
    track = ship_of(s).marker
    if track is not None:
        before = s.marker
        s.marker = min(track.length, s.marker + task.amount)
        if s.marker == before:  # the log says what happened, not what the card promised
            _tell(ev, lazy("The ship marker is already at the end of its track: it stays."))
        else:
            _tell(ev, lazy("The ship marker moves {count} right.", count=s.marker - before))


def _task_choose(s: State, ev: Events, task: Task) -> None:
    spec = sector_side(s)
    assert spec is not None
    texts = tuple(describe_effects(option) for option in spec.consequences)
    s.pending = Pending(kind="choose", options=texts, reason=t("en", OR).join(texts))


def _task_upgrade(s: State, ev: Events, task: Task) -> None:
    if any(c not in s.upgraded for hand in s.hands for c in hand):
        s.pending = Pending(kind="upgrade", reason=pending_reason(Pending(kind="upgrade")))


def _task_clear_rows(s: State, ev: Events, task: Task) -> None:
    s.discard += [p.card for row in s.grid for p in row]
    s.grid = [[]]


def _task_refill(s: State, ev: Events, task: Task) -> None:
    _refill(s, ev)


def _task_next_sector(s: State, ev: Events, task: Task) -> None:
    """Remove the current sector; carry out a revealed help card; win when none is left (R12)."""
    s.stack.pop(0)
    s.cleared += 1
    s.used = {}
    rng = Rng(s.seed, s.rng)
    if s.stack and s.stack[0].help == "procure":
        s.stack[0:1] = [*_easy_sectors(s, rng, EASY_FROM_PROCURE), StackCard(help="frontier")]
        said = lazy("Procure Ingredient: you have the Orion eggs! The Final Frontier lies ahead.")
        _tell(ev, said, "help")
    if s.stack and s.stack[0].help == "frontier":
        bosses = [c.id for c in s.cards.sectors if c.front.kind == "boss"]
        rng.shuffle("boss", bosses)
        hard = [c.id for c in s.cards.sectors if c.front.kind == "easy" and c.id not in s.easy_used]
        rng.shuffle("hard", hard)
        count = s.cards.level(s.level).hard
        s.stack[0:1] = [StackCard(sector=c, side="back") for c in hard[:count]]
        s.stack.append(StackCard(sector=bosses[0], side="front"))
        said = (
            lazy_n(
                "The Final Frontier: {count} hard sector, then the boss.",
                "The Final Frontier: {count} hard sectors, then the boss.",
                count,
            )
            if count
            else lazy("The Final Frontier: straight on to the boss.")
        )
        _tell(ev, said, "help")
    if not s.stack:
        _finish(s, ev, "won", DELIVERED)
        return
    spec = sector_side(s)
    assert spec is not None
    _tell(ev, lazy("Next sector: {sector}.", sector=_sector_named(s, spec)), "sector")


def _task_occupy(s: State, ev: Events, task: Task) -> None:
    """Rulebook: "Each crew member may now occupy one station" — every member with a hand card."""
    seats = tuple(seat for seat in range(task.index, s.crew) if s.hands[seat])
    if seats:
        s.pending = _occupying(seats)


def _occupying(seats: tuple[int, ...]) -> Pending:
    """The occupy decision of `seats`. Its stored reason names the first of them, as it did when they
    decided one after another (the crews' worlds are keyed by the public state: the same words keep
    the same games); boards and hands say every seat (`pending_reason`)."""
    first = Pending(kind="occupy", seat=seats[0])
    return Pending(kind="occupy", seat=seats[0], seats=seats, reason=pending_reason(first))


def _task_arrive(s: State, ev: Events, task: Task) -> None:
    _arrive(s, ev)


def _arrive(s: State, ev: Events) -> None:
    """R10: a danger-0 sector strikes on arrival and is then cleared as a jump."""
    spec = sector_side(s)
    if spec is not None and spec.danger[s.crew - 1] == 0:
        _tell(ev, lazy("{sector} strikes at once (danger 0).", sector=_sector_named(s, spec)), "danger")
        s.queue[0:0] = [*_consequence_tasks(spec), Task(op="jump_clear")]


def _task_jump_clear(s: State, ev: Events, task: Task) -> None:
    spec = sector_side(s)
    assert spec is not None
    _tell(ev, lazy("Through {sector}.", sector=_sector_named(s, spec)), "clear")
    s.queue[0:0] = _clearing_steps()


_TASKS: dict[str, Callable[[State, Events, Task], None]] = {
    "damage": _task_damage,
    "pizza": _task_pizza,
    "ship": _task_ship_track,
    "remove_cards": _task_give,
    "discard_cards": _task_give,
    "repair": _task_repair,
    "ship_right": _task_ship_right,
    "choose": _task_choose,
    "upgrade": _task_upgrade,
    "clear_rows": _task_clear_rows,
    "refill": _task_refill,
    "next_sector": _task_next_sector,
    "occupy": _task_occupy,
    "arrive": _task_arrive,
    "jump_clear": _task_jump_clear,
    "check": _task_check,
}


# --- cards moving ----------------------------------------------------------------------------------


def _take(s: State, ev: Events) -> str | None:
    """The top card of the deck, reshuffling the discard pile into a new deck when it is empty (and
    saying so: the discard pile a player counted on is gone)."""
    if not s.deck and s.discard:
        s.deck, s.discard = s.discard, []
        Rng(s.seed, s.rng).shuffle("reshuffle", s.deck)
        said = lazy_n(
            "The deck is empty: the discard pile ({count} card) is shuffled into a new deck.",
            "The deck is empty: the discard pile ({count} cards) is shuffled into a new deck.",
            len(s.deck),
        )
        _tell(ev, said)
    return s.deck.pop(0) if s.deck else None


def _draw(s: State, ev: Events, seat: int, n: int) -> None:
    drawn = 0
    for _ in range(n):
        card_id = _take(s, ev)
        if card_id is None:
            break
        s.hands[seat].append(card_id)
        drawn += 1
    if type(ev) is Muted:
        return
    if drawn < n:
        said = lazy_n(
            "{crew} draws {count} card. The deck is empty.",
            "{crew} draws {count} cards. The deck is empty.",
            drawn,
            crew=Seat(seat),
        )
    else:
        said = lazy_n("{crew} draws {count} card.", "{crew} draws {count} cards.", drawn, crew=Seat(seat))
    _tell(ev, said)


def _crew_draws(s: State, ev: Events, n: int) -> None:
    """R9: one card at a time, starting with the fewest cards (ties: earliest seat), round the seats."""
    if n <= 0:
        return
    order = sorted(range(s.crew), key=lambda seat: (len(s.hands[seat]), seat))
    start = order[0]
    got = [0] * s.crew
    for k in range(n):
        card_id = _take(s, ev)
        if card_id is None:
            said = lazy_n(
                "The deck and the discard pile are empty: {drawn} of {count} card drawn.",
                "The deck and the discard pile are empty: {drawn} of {count} cards drawn.",
                n,
                drawn=k,
            )
            _tell(ev, said)
            break
        got[(start + k) % s.crew] += 1
        s.hands[(start + k) % s.crew].append(card_id)
    if s.crew > 1 and type(ev) is not Muted:  # who got the cards (R9's order): not left to hand counts
        seats = sorted(range(s.crew), key=lambda seat: (seat - start) % s.crew)
        each = tuple(lazy("{crew}: {count}", crew=Seat(seat), count=got[seat]) for seat in seats if got[seat])
        if each:  # one line, so that a strike does not push the move that set it off out of the log
            _tell(ev, lazy("Cards drawn: {draws}.", draws=Joined(each, LIST)))


def _refill(s: State, ev: Events) -> None:
    """Each crew member draws up to hand size, one card at a time round the seats (FAQ: three crew
    in the starter game draw 4, 3 and 3 from the 10 cards)."""
    sizes = [hand_size(s, seat) for seat in range(s.crew)]  # drawing changes no hand size
    while True:
        short = [seat for seat in range(s.crew) if len(s.hands[seat]) < sizes[seat]]
        if not short:
            return
        for seat in short:
            card_id = _take(s, ev)
            if card_id is None:
                return
            s.hands[seat].append(card_id)


# --- the end ---------------------------------------------------------------------------------------


def score(s: State) -> int:
    """R19: 2 × pizza spaces left + damage spaces left."""
    return 2 * s.pizza + s.damage


def _finish(s: State, ev: Events, outcome: Outcome, text: str) -> None:
    s.outcome = outcome
    s.pending, s.queue = None, []
    if outcome == "won":
        s.score = score(s)
        rating = next(r for r in s.cards.ratings if s.score >= r.min_score)
        s.stars, s.rating = rating.stars, rating.text
        said = lazy(
            "{text} Score {score}: {stars} {rating}",
            text=lazy(text),
            score=s.score,
            stars=stars(s.stars),
            rating=Term("ratings", str(s.stars)),
        )
        _tell(ev, said, "end")
    else:
        s.loss_reason = text
        _tell(ev, lazy(text), "end")


def abandon(state: State, unfinished: bool = False) -> tuple[State, Events]:
    """End a game early (the host's decision, not a rule): it counts as a loss. `unfinished`: nobody
    ended it, the bot did (forgotten, or its channel gone: `UNFINISHED`)."""
    if state.outcome != "playing":
        raise IllegalAction("This game is over.")
    new = state.clone()
    events: Events = []
    _finish(new, events, "lost", UNFINISHED if unfinished else ABANDONED)
    return new, events


# --- words -----------------------------------------------------------------------------------------


def _sector_named(s: State, spec: SectorSide) -> Sector | str:
    """The current sector for a told line: by its id, else (a sector not on the stack) its name."""
    return current_sector(s) or spec.name


def effects_told(effects: tuple[Effect, ...]) -> Joined:
    """Effects for a told line: each said in the reader's words, as `describe_effects` says them."""
    parts: list[Text] = []
    for effect in effects:
        if effect.op in _CARD_EFFECTS:
            singular, many = _CARD_EFFECTS[effect.op]
            parts.append(lazy_n(singular, many, effect.amount))
        else:
            parts.append(lazy(_EFFECT_WORDS[effect.op], n=effect.amount))
    return Joined(tuple(parts), LIST)


def pending_reason(
    pending: Pending,
    locale: Locale = "en",
    options: tuple[str, ...] = (),
    names: Sequence[str] = (),
    you: int | None = None,
) -> str:
    """What a pending decision asks, in `locale` (the state keeps it in English, as `reason`);
    a choice between consequences says its `options`, already in `locale`; `names` name the crew,
    and the seat `you` is its reader's own (told "You may…")."""
    match pending.kind:
        case "clear":
            return t(locale, "The sector can be cleared: solve or jump?")
        case "shield":
            return t(locale, "{amount} damage: pay a shield for the next point?", amount=pending.amount)
        case "give":
            singular, many = _GIVE[pending.give]
            return tn(locale, singular, many, pending.amount)
        case "upgrade":
            return t(locale, "One crew member may upgrade one hand card.")
        case "occupy" if you is not None and you in pending.deciding:
            return t(locale, "You may occupy a station.")
        case "occupy" if len(pending.deciding) > 1:
            *first, last = (Seat.of(seat, names) for seat in pending.deciding)
            crews = Joined(tuple(first), LIST)
            return t(locale, "{crews} and {last} may each occupy a station.", crews=crews, last=last)
        case "occupy":
            return t(locale, "{crew} may occupy a station.", crew=Seat.of(pending.seat or 0, names))
        case "choose":
            return t(locale, OR).join(options or pending.options)


_EFFECT_WORDS = {
    "damage": mark("{n} damage"),
    "pizza": mark("{n} pizza"),
    "repair": mark("repair {n}"),
    "ship_right": mark("ship marker {n} right"),
    "ship": mark("ship marker {n} left"),
    "draw": mark("draw {n}"),
    "crew_draw": mark("every crew member draws {n}"),
    "recover": mark("take {n} from the discard pile"),
    "play": mark("play"),
    "rotate_play": mark("rotate, play"),
}
_CARD_EFFECTS = {
    "remove_cards": mark_plural("remove {count} hand card", "remove {count} hand cards"),
    "discard_cards": mark_plural("discard {count} hand card", "discard {count} hand cards"),
}


def effect_text(effect: Effect, locale: Locale = "en") -> str:
    """One printed effect in words: "draw 2", "discard 1 hand card"."""
    if effect.op in _CARD_EFFECTS:
        singular, many = _CARD_EFFECTS[effect.op]
        return tn(locale, singular, many, effect.amount)
    return t(locale, _EFFECT_WORDS[effect.op], n=effect.amount)


IdleOp = Literal["draw", "recover", "repair", "ship_right"]


def idle_effect(state: State, effects: tuple[Effect, ...], cost: Cost | None = None) -> IdleOp | None:
    """Why a station's or the ship's action would change nothing now — no card left to draw, an empty
    discard pile to take from, nothing to repair, the ship marker at its end — or None if it would
    change something. With `cost`: a cost paid from the grid puts its cards on the discard pile first,
    where a draw or a "take from the discard pile" then finds them. A station's such action stays
    legal, and the ship's is offered only when nothing else is (E10); the greedy crew takes one only
    when nothing else is legal, and the hand view says so."""
    ship = ship_of(state)
    why: IdleOp | None = None
    paid_to_discard = cost is not None and cost.kind == "pay"  # grid cards: they go to the discard pile
    for e in effects:
        if e.op in ("draw", "crew_draw"):
            if state.deck or state.discard or paid_to_discard:
                return None
            why = why or "draw"
        elif e.op == "recover":
            if state.discard or paid_to_discard:
                return None
            why = why or "recover"
        elif e.op == "repair":
            if state.damage < ship.damage.length:
                return None
            why = why or "repair"
        elif e.op == "ship_right":
            if ship.marker is not None and state.marker < ship.marker.length:
                return None
            why = why or "ship_right"
        else:
            return None
    return why


def describe_effects(effects: tuple[Effect, ...], locale: Locale = "en") -> str:
    return ", ".join(effect_text(e, locale) for e in effects)


def road(state: State) -> list[str]:
    """What lies under the current sector, in order, as the table shows it: each sector's kind
    ("starter", "easy", "hard", "boss") and each help card ("procure", "frontier") followed by what it
    will lay out (Procure Ingredient: 4 easy sectors, then The Final Frontier; The Final Frontier: the
    level's hard sectors, then a boss). Public: the help cards say what they lay out, the level how many."""
    hard = state.cards.level(state.level).hard
    frontier = ["frontier", *["hard"] * hard, "boss"]
    steps: list[str] = []
    for card in state.stack[1:] if state.sector_card is not None else state.stack:
        if card.sector is not None:
            steps.append(state.cards.sector(card.sector).showing(card.side).kind)
        elif card.help == "procure":
            steps += ["procure", *["easy"] * EASY_FROM_PROCURE, *frontier]
        elif card.help == "frontier":
            steps += frontier
    return steps
