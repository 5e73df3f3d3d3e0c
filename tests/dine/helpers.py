"""Helpers for the Deep Space Dine rules scenarios: build a state directly, then play real actions.

Nothing here mocks the engine. `table` deals a real game with `deal` and then replaces exactly the
parts a scenario needs (`model_copy(update=...)`), so each test states its whole situation: hands,
grid rows, the sector, the deck and discard pile, the tracks, occupied stations and upgrades. Cards
a scenario does not place stay in the deck (in the dealt order), so every station card of the ship
is in exactly one place, as in a real game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from core.dine.actions import Action, Payment, PlayCard
from core.dine.ai import heuristic, shortlist
from core.dine.cards import CardSet, Symbol, card_set
from core.dine.engine import Event, apply, deal, legal_actions, new_game, symbols
from core.dine.state import Placed, StackCard, State
from core.policies import Policy

# The card set whose printed numbers the scenarios are written against (card set v2's first cut). The
# rules are the same in every version; where versions differ (E9's drive count, the upgrade after the
# last sector) the scenarios name their version, and every version's own data is checked by
# test_cards.py (new games'), test_cards_v2.py and test_card_versions.py.
SCENARIO_RULES = "dine-2"
CARDS = card_set(SCENARIO_RULES)

SEED = 2026
SHIP = "Spacehopper 3000"

Cell = str | tuple[str, bool]  # a card id (upright) or (card id, rotated)
Sector = str | tuple[str, str]  # a sector id (front side up) or (sector id, "front"/"back")


def placed(cell: Cell) -> Placed:
    if isinstance(cell, str):
        return Placed(card=cell)
    card, rotated = cell
    return Placed(card=card, rotated=rotated)


def stack_card(item: Sector | StackCard) -> StackCard:
    if isinstance(item, StackCard):
        return item
    if isinstance(item, str):
        return StackCard(sector=item, side="front")
    card, face = item
    return StackCard(sector=card, side=face)  # type: ignore[arg-type]


def ship_deck(ship: str, cards: CardSet = CARDS) -> list[str]:
    """Every station card named on `ship` in `cards` (the scenarios' set unless given)."""
    names = set(cards.ship(ship).stations)
    return [c.id for c in cards.stations if c.station in names]


def single_symbol_cells(ship: str = SHIP) -> list[tuple[Symbol, int, Cell]]:
    """Every way a card of `ship` can lie alone in a row showing exactly one kind of symbol, read from
    the card data: (symbol, how many, cell). A production counts only if its card shows what it
    reads (alone in a row it reads nothing else); such cards are left out."""
    cells: list[tuple[Symbol, int, Cell]] = []
    for card in ship_deck(ship):
        side = CARDS.station(card).normal
        for rotated in (False, True):
            row = side.rotated if rotated else side.row
            shown = Counter(row.symbols)
            if not rotated:
                shown[Symbol.DRIVE] += side.drive
            shown = +shown
            if any(p.of in shown for p in row.produce) or len(shown) != 1:
                continue
            ((symbol, amount),) = shown.items()
            cells.append((symbol, amount, (card, True) if rotated else card))
    return cells


def rows_giving(
    needs: Mapping[Symbol, int], *, exclude: Iterable[str] = (), ship: str = SHIP
) -> list[list[Cell]]:
    """Old rows of one card each that together show exactly `needs` (and no other symbol), then an
    empty current row, built from the card data so a scenario does not hard-code card numbers.
    Cards in `exclude` (held or occupying a station in the scenario) are not used."""
    used = set(exclude)
    rows: list[list[Cell]] = []
    for symbol, need in needs.items():
        while need > 0:
            fits = [
                (amount, cell)
                for s, amount, cell in single_symbol_cells(ship)
                if s == symbol and amount <= need and (cell if isinstance(cell, str) else cell[0]) not in used
            ]
            assert fits, f"no card of {ship} is left to show {need} more {symbol.value}"
            amount, cell = max(fits, key=lambda fit: fit[0])
            used.add(cell if isinstance(cell, str) else cell[0])
            rows.append([cell])
            need -= amount
    return [*rows, []]


def table(
    *,
    hands: Sequence[Sequence[str]] | None = None,
    grid: Sequence[Sequence[Cell]] = ((),),
    sector: str = "sector-asteroids",
    side: str = "front",
    then: Sequence[Sector | StackCard] = ("sector-mines",),
    crew: int | None = None,
    ship: str = SHIP,
    level: str = "Salad",
    deck: Sequence[str] | None = None,
    discard: Sequence[str] = (),
    removed: Sequence[str] = (),
    damage: int | None = None,
    pizza: int | None = None,
    marker: int | None = None,
    stations: Sequence[str | None] | None = None,
    upgraded: Iterable[str] = (),
    starter: bool = False,
    seed: int = SEED,
    rules_version: str = SCENARIO_RULES,
) -> State:
    """A game in the middle of `sector` (side `side` up, `then` below it), waiting for a main action.

    `hands` gives every crew member's hand (default: empty hands; the crew size follows from it);
    `grid` the rows, oldest first, the last being the current row, each cell a card id (upright) or
    `(id, rotated)`. `deck` is top first; by default it is every card of the ship that the scenario
    does not place elsewhere, in the dealt order. Tracks default to the ship's starting spaces.
    `rules_version` picks the card set (default: `SCENARIO_RULES`); an older one sets a game started
    before a switch.
    """
    if crew is None:
        crew = len(hands) if hands is not None else 1
    hands = [list(h) for h in hands] if hands is not None else [[] for _ in range(crew)]
    assert len(hands) == crew, "one hand per crew member"
    dealt, _ = deal(seed, ship=ship, level=level, crew=crew, starter=starter, rules_version=rules_version)
    rows = [[placed(c) for c in row] for row in grid]
    seats = list(stations) if stations is not None else [None] * crew
    if deck is None:
        used = Counter(
            [
                *(c for h in hands for c in h),
                *(p.card for row in rows for p in row),
                *discard,
                *removed,
                *(c for c in seats if c is not None),
            ]
        )
        order = [*dealt.deck, *(c for h in dealt.hands for c in h)]
        deck = []
        for card in order:
            if used[card]:
                used[card] -= 1
            else:
                deck.append(card)
    return dealt.model_copy(
        update={
            "hands": hands,
            "grid": rows,
            "stack": [StackCard(sector=sector, side=side), *(stack_card(t) for t in then)],  # type: ignore[arg-type]
            "deck": list(deck),
            "discard": list(discard),
            "removed": list(removed),
            "stations": seats,
            "upgraded": sorted(upgraded),
            "damage": dealt.damage if damage is None else damage,
            "pizza": dealt.pizza if pizza is None else pizza,
            "marker": dealt.marker if marker is None else marker,
            "queue": [],
            "pending": None,
            "used": {},
        }
    )


# --- playing ---


def play(
    state: State,
    card: str,
    *,
    seat: int = 0,
    action: int = 0,
    hand: Sequence[str] = (),
    row: int | None = None,
    grid: Sequence[str] = (),
) -> tuple[State, list[Event]]:
    """Play `card` from `seat`'s hand with its middle action `action` (0 upright, usually 1 rotated)."""
    payment = Payment(hand=tuple(hand), row=row, grid=tuple(grid))
    return apply(state, PlayCard(seat=seat, card=card, action=action, payment=payment))


def run(state: State, *actions: Action) -> State:
    for a in actions:
        state, _ = apply(state, a)
    return state


def plays(state: State) -> list[PlayCard]:
    return [a for a in legal_actions(state) if isinstance(a, PlayCard)]


def have(state: State) -> dict[str, int]:
    return {s.value: n for s, n in symbols(state).items() if n}


def everywhere(state: State) -> Counter[str]:
    """Every station card id, counted over all the places a card can be."""
    return Counter(
        [
            *state.deck,
            *state.discard,
            *state.removed,
            *(c for h in state.hands for c in h),
            *(p.card for row in state.grid for p in row),
            *(c for c in state.stations if c is not None),
        ]
    )


def decisions(seed: int, *, level: str, crew: int, limit: int = 60) -> list[State]:
    """The decisions of a heuristic game where the heuristic had more than one move to weigh (what a
    crew that looks ahead is tested on), dealt under `SCENARIO_RULES`."""
    state = new_game(seed, level=level, crew=crew, rules_version=SCENARIO_RULES)
    found: list[State] = []
    while state.outcome == "playing" and len(found) < limit:
        if len(shortlist(state, 2)) > 1:
            found.append(state)
        state, _ = apply(state, heuristic(state).action)
    return found


def play_to_end(state: State, choose: Policy, cap: int = 400) -> tuple[State, set[str]]:
    """Play `state` to its end with `choose`, checking every move is legal: the end, and the kinds of
    pending decision met with more than one option."""
    met: set[str] = set()
    for _ in range(cap):
        if state.outcome != "playing":
            break
        action = choose(state).action
        assert action in legal_actions(state)
        if state.pending is not None and len(legal_actions(state)) > 1:
            met.add(state.pending.kind)
        state, _ = apply(state, action)
    return state, met
