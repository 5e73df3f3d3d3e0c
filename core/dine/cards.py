"""Deep Space Dine card data: the vocabulary every card is written in, and the validated card set.

The rulebook (`shared/rules/deep-space-dine.en.md`) names every part of every card but prints no card
contents; ours are original (`data/dine/cards-<rules version>.json`, see `docs/dine-cards.md`). Every
effect is data in the small vocabulary below, interpreted by one engine (`core/dine/engine.py`): no
card is named in code. Tuning the game is editing numbers in a data file.

Each rules version has its own card set (`CARD_FILES`), so a change of cards is a new version and a
game keeps the cards it was dealt with to its end: every lookup takes the card set of the state's
version (`State.cards`, or `card_set(version)`), never an implied current one.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from enum import StrEnum
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator


class Symbol(StrEnum):
    """Grid symbols (rulebook "Obtaining Symbols")."""

    DRIVE = "drive"
    NAVIGATION = "navigation"
    ENERGY = "energy"
    FIREPOWER = "firepower"
    SHIELD = "shield"


class Track(StrEnum):
    PIZZA = "pizza"
    DAMAGE = "damage"
    SHIP = "ship"  # the ship-marker track of the ships that have one


class _Data(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


Symbols = dict[Symbol, int]


class Production(_Data):
    """ "`amount` `symbol` per `per` `of` in this row" (rulebook "Obtaining Symbols")."""

    amount: int = Field(default=1, ge=1)
    symbol: Symbol
    per: int = Field(ge=1)
    of: Symbol


class Row(_Data):
    """What a card gives while it lies in a row: direct symbols and productions."""

    symbols: Symbols = {}
    produce: tuple[Production, ...] = ()


Op = Literal[
    "play",  # put this card into the current row, upright
    "rotate_play",  # rotate this card 180° and put it into the current row
    "draw",  # the acting crew member draws `amount` cards
    "crew_draw",  # every crew member draws `amount` cards, in seat order
    "ship_right",  # move the ship marker `amount` to the right (onto the track if it was off)
    "damage",  # the ship takes `amount` damage (each may be paid with a shield instead)
    "pizza",  # the pizza marker moves `amount` to the left
    "repair",  # the damage marker moves `amount` to the right, never past its start
    "remove_cards",  # the crew removes `amount` hand cards from the game (their choice who)
    "discard_cards",  # the crew discards `amount` hand cards (their choice who)
    "recover",  # the acting crew member takes the top `amount` cards of the discard pile into hand
]
CARD_OPS = frozenset({"play", "rotate_play"})


class Effect(_Data):
    op: Op
    amount: int = Field(default=1, ge=1)


class Cost(_Data):
    """The part before the colon. `discard`/`remove` take other cards from the actor's own hand; a
    `min_drive` makes it the rulebook's special "a card with N drive" (drive anywhere on the card)."""

    kind: Literal["none", "discard", "remove", "pay", "ship"] = "none"
    count: int = Field(default=1, ge=1)  # cards to discard/remove, or ship-marker steps
    symbols: Symbols = {}  # for `pay`: paid from one row (ruling R6)
    min_drive: int = Field(default=0, ge=0)

    @model_validator(mode="after")
    def _consistent(self) -> Cost:
        if (self.kind == "pay") != bool(self.symbols):
            raise ValueError("a `pay` cost names its symbols, and only it does")
        if self.min_drive and self.kind not in ("discard", "remove"):
            raise ValueError("only discard and remove costs can ask for drive")
        return self

    @property
    def special(self) -> bool:
        return self.min_drive > 0


class Action(_Data):
    """ "cost: effects". `per_sector` limits how often an occupied station or ship action may be used
    in one sector (None: any number of times, for costs that use something up)."""

    cost: Cost = Cost()
    effects: tuple[Effect, ...] = Field(min_length=1)
    per_sector: int | None = None


Permanent = Literal[
    "hand_size",  # the occupier's hand size is `amount` larger
    "danger",  # the danger value of every sector is `amount` larger
    "jump_drive",  # jumping needs `amount` less drive
]


def _no_card_play(action: Action | None, where: str) -> None:
    """Only a hand card's two middle actions can play that card; elsewhere there is no card to play."""
    if action is not None and any(e.op in CARD_OPS for e in action.effects):
        raise ValueError(f"{where}: only a station card's middle actions may play a card")


class Occupied(_Data):
    """What a station does while occupied (rulebook "Occupying Stations"): one of an extra action,
    a permanent effect, or "At X:" effects each time X is newly created in the grid (ruling R14)."""

    action: Action | None = None
    permanent: Permanent | None = None
    amount: int = Field(default=1, ge=1)
    trigger: Symbol | None = None
    effects: tuple[Effect, ...] = ()

    @model_validator(mode="after")
    def _one_kind(self) -> Occupied:
        kinds = [self.action is not None, self.permanent is not None, self.trigger is not None]
        if sum(kinds) != 1:
            raise ValueError("an occupied effect is exactly one of: action, permanent, trigger")
        if (self.trigger is not None) != bool(self.effects):
            raise ValueError("a trigger has effects, and only a trigger does")
        _no_card_play(self.action, "an occupied station's action")
        if any(e.op in CARD_OPS for e in self.effects):
            raise ValueError("a trigger cannot play a card")
        return self

    @property
    def kind(self) -> str:
        return "action" if self.action else "permanent" if self.permanent else "trigger"


class StationSide(_Data):
    name: str
    level: int = Field(ge=1, le=3)
    drive: int = Field(default=0, ge=0, le=3)  # printed drive symbols (count while unrotated, R1)
    row: Row
    actions: tuple[Action, Action]
    rotated: Row
    occupied: Occupied

    @model_validator(mode="after")
    def _plays(self) -> StationSide:
        for action in self.actions:
            plays = [e for e in action.effects if e.op in CARD_OPS]
            if len(plays) != 1:
                raise ValueError(f"{self.name}: each middle action plays the card exactly once")
        return self


class StationCard(_Data):
    id: str
    station: str  # the station name that puts it into a ship's deck
    normal: StationSide
    upgraded: StationSide

    def side(self, upgraded: bool) -> StationSide:
        return self.upgraded if upgraded else self.normal


class Solution(_Data):
    """Symbols to have in the grid (times the crew size if `per_crew`), or a track to pay."""

    symbols: Symbols = {}
    per_crew: bool = False
    pay: Track | None = None
    amount: int = Field(default=1, ge=1)

    @model_validator(mode="after")
    def _one_kind(self) -> Solution:
        if bool(self.symbols) == (self.pay is not None):
            raise ValueError("a solution is either symbols or a track payment")
        return self


class Jump(_Data):
    drive: tuple[int | None, int | None, int | None]  # for 1, 2, 3 crew; None is the printed X
    navigation: int = Field(default=0, ge=0)


SectorRule = Literal[
    "no_shields",  # shields cannot be paid instead of damage in this sector
    "no_upgrade",  # solving this sector gives no upgrade
]


class SectorSide(_Data):
    name: str
    german: str = ""
    level: int = Field(ge=0, le=4)
    kind: Literal["easy", "hard", "boss", "starter"]
    jump: Jump
    solutions: tuple[Solution, ...] = Field(min_length=1, max_length=2)
    danger: tuple[int, int, int]  # for 1, 2, 3 crew; 0: the consequences strike on arrival (R10)
    consequences: tuple[tuple[Effect, ...], ...] = Field(min_length=1, max_length=2)  # A, or A OR B
    rules: tuple[SectorRule, ...] = ()
    flavour: str = ""


class SectorCard(_Data):
    id: str
    front: SectorSide  # easy, or boss
    back: SectorSide  # hard, or starter (the marked sectors and Flight to Orion)

    @model_validator(mode="after")
    def _pairs(self) -> SectorCard:
        if (self.front.kind, self.back.kind) not in (("easy", "hard"), ("boss", "starter")):
            raise ValueError(f"{self.id}: a sector card is easy/hard or boss/starter")
        return self

    def showing(self, up: str) -> SectorSide:
        """The side that is face up: `up` is "front" or "back", as a stack card or a visit key holds it."""
        return self.front if up == "front" else self.back


class TrackSpec(_Data):
    """A track: the marker starts on the rightmost of `length` spaces (space `length`), moves left."""

    length: int = Field(ge=1, le=12)
    remove_cards: tuple[int, ...] = ()  # spaces (1 = leftmost) printed "Remove cards"


ShipRule = Literal[
    "hand_size",  # every crew member's hand size is `amount` larger
    "danger",  # every sector's danger value is `amount` larger
]


class ShipRuleSpec(_Data):
    rule: ShipRule
    amount: int = Field(default=1, ge=1)


class ShipSide(_Data):
    name: str
    stations: tuple[str, ...] = Field(min_length=3)
    rules: tuple[ShipRuleSpec, ...] = ()
    actions: tuple[Action, ...] = ()
    damage: TrackSpec
    pizza: TrackSpec
    marker: TrackSpec | None = None  # the ship-marker track; falling off it does not lose (R15)
    marker_start: int = 0  # where the ship marker starts (0: off the track)

    @model_validator(mode="after")
    def _actions_play_nothing(self) -> ShipSide:
        for action in self.actions:
            _no_card_play(action, f"{self.name}'s ship action")
        return self

    starter_stations: tuple[str, ...] | None = None  # the starter deck, if not the set's usual one
    flavour: str = ""


class ShipCard(_Data):
    id: str
    front: ShipSide
    back: ShipSide


class Level(_Data):
    name: str
    easy: int = Field(ge=1)
    hard: int = Field(ge=0)


class Rating(_Data):
    min_score: int
    stars: int = Field(ge=0, le=5)
    text: str


class HelpSide(_Data):
    name: str
    german: str
    text: str


class HelpCard(_Data):
    id: str
    front: HelpSide
    back: HelpSide


class CardSet(_Data):
    about: str = Field(alias="_about")
    version: str = ""  # the rules version it was loaded for (`card_set`); not in the file
    ships: tuple[ShipCard, ...] = Field(min_length=2, max_length=2)
    stations: tuple[StationCard, ...] = Field(min_length=36, max_length=36)
    sectors: tuple[SectorCard, ...] = Field(min_length=11, max_length=11)
    help: tuple[HelpCard, ...] = Field(min_length=2, max_length=2)
    levels: tuple[Level, ...] = Field(min_length=2)  # easiest first; on the help card
    ratings: tuple[Rating, ...] = Field(min_length=2)  # on the help card, best first
    starter: tuple[str, str, str]  # the starter sector cards, top first (Flight to Orion first)
    starter_deck: tuple[str, ...]  # the station names of the starter deck

    @model_validator(mode="after")
    def _complete(self) -> CardSet:
        ids = [*(c.id for c in self.ships), *(c.id for c in self.stations), *(c.id for c in self.sectors)]
        ids += [c.id for c in self.help]
        if len(ids) != len(set(ids)):
            raise ValueError("card ids must be unique")
        names = {c.station for c in self.stations}
        for side in self.ship_sides():
            if missing := set(side.stations) - names:
                raise ValueError(f"{side.name} names stations no card has: {sorted(missing)}")
        decks = [self.starter_deck] + [s.starter_stations for s in self.ship_sides() if s.starter_stations]
        for deck in decks:
            starter = [c for c in self.stations if c.station in deck]
            if len(starter) != 10:
                raise ValueError(f"a starter deck must be exactly 10 cards, not {len(starter)} ({deck})")
        if sorted(c.front.kind for c in self.sectors).count("boss") != 3:
            raise ValueError("there are exactly 3 boss sectors")
        if {self.sector(i).back.kind for i in self.starter} != {"starter"}:
            raise ValueError("the starter stack is the starter sides of the boss cards")
        normal = sum(1 for c in self.sectors if c.front.kind == "easy")
        for level in self.levels:
            if level.easy + level.hard > normal:
                raise ValueError(f"level {level.name}: more sectors than there are cards")
        check_productions(self)
        return self

    # By identity: the lookup caches are keyed on a card set, and hashing every card (pydantic's frozen
    # hash) would cost more than the lookups save. `card_set` loads each version's set once, so one
    # version is always one object; a set made another way is its own cache key.
    if TYPE_CHECKING:

        def __hash__(self) -> int: ...

    else:
        __hash__ = object.__hash__  # C-level: a Python `__hash__` would cost more than the lookups save

    def station(self, card_id: str) -> StationCard:
        return _stations(self)[card_id]

    def ship_sides(self) -> Iterator[ShipSide]:
        for card in self.ships:
            yield card.front
            yield card.back

    def ship(self, name: str) -> ShipSide:
        for side in self.ship_sides():
            if side.name == name:
                return side
        raise KeyError(name)

    def sector(self, card_id: str) -> SectorCard:
        return _sectors(self)[card_id]

    def level(self, name: str) -> Level:
        for level in self.levels:
            if level.name.lower() == name.lower():
                return level
        raise KeyError(name)


def check_productions(cards: CardSet) -> None:
    """Ruling R4: mutual production must converge. Any production on a cycle of the symbol graph
    ("Y makes X", over every card side in the set) must give less than it reads (amount < per)."""
    edges: dict[tuple[Symbol, Symbol], float] = {}
    for card in cards.stations:
        for side in (card.normal, card.upgraded):
            for row in (side.row, side.rotated):
                for p in row.produce:
                    edges[(p.of, p.symbol)] = max(edges.get((p.of, p.symbol), 0), p.amount / p.per)
    reach = {(a, b) for a, b in edges}
    changed = True
    while changed:
        changed = False
        for a, b in list(reach):
            for c, d in list(reach):
                if b == c and (a, d) not in reach:
                    reach.add((a, d))
                    changed = True
    for (source, target), gain in edges.items():
        if ((target, source) in reach or source == target) and gain >= 1:
            raise ValueError(f"production {source}→{target} is on a cycle and must give less than it reads")


# The one table of card data per rules version: a new card set is a new file and a new line here.
CARD_FILES: dict[str, str] = {
    "dine-1": "cards-dine-1.json",
    "dine-2": "cards-dine-2.json",
    "dine-3": "cards-dine-3.json",  # card set v2's second cut: new games 2026-12-04 to 2026-12-06
    "dine-4": "cards-dine-4.json",  # third cut (two crew's hard jumps +1 drive): games 2026-12-06 to 12-08
    "dine-5": "cards-dine-5.json",  # fourth cut (four hard jumps +1 drive solo and for two): since 2026-12-08
}


def card_set(version: str) -> CardSet:
    """The validated card set of rules `version`, loaded once from the package data."""
    return _load(version)


@cache
def _load(version: str) -> CardSet:
    name = CARD_FILES.get(version)
    if name is None:
        raise ValueError(f"unknown Dine rules version {version!r}")
    data = json.loads(resources.files("data.dine").joinpath(name).read_text(encoding="utf-8"))
    return CardSet.model_validate({**data, "version": version})


@cache
def _stations(cards: CardSet) -> dict[str, StationCard]:
    return {c.id: c for c in cards.stations}


@cache
def _sectors(cards: CardSet) -> dict[str, SectorCard]:
    return {c.id: c for c in cards.sectors}
