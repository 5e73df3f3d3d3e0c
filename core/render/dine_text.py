"""Deep Space Dine in plain words: the table, a card, and what each action does.

The same text serves the terminal game, the Discord embeds and the pictures' alt text.
"""

from __future__ import annotations

from collections.abc import Container, Mapping, Sequence
from dataclasses import dataclass

from core.dine.actions import (
    Action,
    Choose,
    Clear,
    Give,
    Occupy,
    Payment,
    PlayCard,
    Shield,
    Upgrade,
    UseShip,
    UseStation,
)
from core.dine.cards import Action as CardAction
from core.dine.cards import CardSet, Cost, Occupied, Row, SectorSide, ShipSide, StationSide, Symbol
from core.dine.engine import (
    EASY_FROM_PROCURE,
    danger_value,
    describe_effects,
    hand_size,
    jump_drive,
    sector_side,
    ship_of,
    symbols,
)
from core.dine.state import State
from core.dine.symbols import row_symbols, side
from core.words import clip, plural


def symbol_text(given: Mapping[Symbol, int] | Mapping[str, int]) -> str:
    return ", ".join(f"{n} {s}" for s, n in given.items() if n) or "nothing"


def row_text(row: Row) -> str:
    parts = [symbol_text(row.symbols)] if row.symbols else []
    parts += [f"{p.amount} {p.symbol} per {p.per} {p.of} in this row" for p in row.produce]
    return " + ".join(parts) or "nothing"


FREE = "free"  # the rulebook's "-" cost: "If a '-' is there, the action costs you nothing"


def cost_text(cost: Cost) -> str:
    if cost.kind == "none":
        return FREE
    if cost.kind in ("discard", "remove"):
        what = f"a hand card with {cost.min_drive}+ drive" if cost.min_drive else "another hand card"
        count = f"{cost.count} × " if cost.count > 1 else ""
        return f"{cost.kind} {count}{what}"
    if cost.kind == "pay":
        return f"pay {symbol_text(cost.symbols)} from one row"
    return f"ship marker {cost.count} left"


@dataclass(frozen=True, slots=True)
class CardActionWords:
    """A card's, a station's or the ship's action in its two parts, so a control can show each where
    it fits (both in a label, or the cost in its description) without cutting the sentence apart."""

    cost: str
    effect: str  # with how often it may be used, if limited

    @property
    def text(self) -> str:
        """The rulebook's "Costs, colon, effect": the one place the two parts are joined."""
        return f"{self.cost}: {self.effect}"


TIMES = {1: "once", 2: "twice"}


def action_words(action: CardAction) -> CardActionWords:
    limit = ""
    if action.per_sector:
        limit = f", {TIMES.get(action.per_sector, f'{action.per_sector} times')} per sector"
    return CardActionWords(cost_text(action.cost), describe_effects(action.effects) + limit)


def action_text(action: CardAction) -> str:
    return action_words(action).text


def occupied_text(occupied: Occupied) -> str:
    if occupied.action is not None:
        return f"action — {action_text(occupied.action)}"
    if occupied.permanent is not None:
        what = {"hand_size": "hand size", "danger": "danger value", "jump_drive": "drive needed to jump"}
        sign = "−" if occupied.permanent == "jump_drive" else "+"
        return f"always — {what[occupied.permanent]} {sign}{occupied.amount}"
    return f"each time the grid gains {occupied.trigger}: {describe_effects(occupied.effects)}"


def occupation(state: State, card: str) -> str:
    """An occupied station and what it does for its occupier: "Fusion Core (action — free: draw 1,
    once per sector)"."""
    face = side(state.cards, card, state.upgraded)
    return f"{face.name} ({occupied_text(face.occupied)})"


def station_text(face: StationSide, station_name: str) -> str:
    """One side of a station card, every part the rulebook names."""
    drive = f", {face.drive} drive" if face.drive else ""
    return (
        f"{face.name} (level {face.level} {station_name}{drive}). In a row: {row_text(face.row)}. "
        f"Actions: {' | '.join(action_text(a) for a in face.actions)}. Rotated: {row_text(face.rotated)}. "
        f"Occupied: {occupied_text(face.occupied)}."
    )


def card_brief(cards: CardSet, card_id: str, upgraded: bool) -> str:
    """A station side in a few words, for a menu option's 100-character description: what it gives in
    a row and rotated, and what it does occupied."""
    face = cards.station(card_id).upgraded if upgraded else cards.station(card_id).normal
    return (
        f"Row: {row_text(face.row)} · rotated: {row_text(face.rotated)} · "
        f"occupied: {occupied_text(face.occupied)}"
    )


SHIP_RULES = {"hand_size": "hand size +{n} for every crew member", "danger": "every sector's danger +{n}"}


def ship_text(face: ShipSide) -> str:
    """A ship side, every part its card prints."""
    marker = f", ship marker track {face.marker.length}" if face.marker else ""
    rules = "; ".join(SHIP_RULES[r.rule].format(n=r.amount) for r in face.rules) or "none"
    actions = " | ".join(action_text(a) for a in face.actions) or "none"
    return (
        f"Stations: {', '.join(face.stations)}. Damage track {face.damage.length}, pizza track "
        f"{face.pizza.length}{marker}. Special rules: {rules}. Ship actions: {actions}."
    )


SECTOR_RULES = {
    "no_shields": "no shield may be paid instead of damage here",
    "no_upgrade": "solving it gives no upgrade",
}
NO_JUMP = "X"  # the printed cannot-jump


def solutions_text(spec: SectorSide) -> str:
    return " OR ".join(
        f"pay {s.amount} {s.pay}"
        if s.pay
        else symbol_text(s.symbols) + (" per crew member" if s.per_crew else "")
        for s in spec.solutions
    )


def consequences_text(spec: SectorSide) -> str:
    return " OR ".join(describe_effects(o) for o in spec.consequences)


def sector_text(spec: SectorSide, crew: int | None = None) -> str:
    """One side of a sector card; for a crew size, only its numbers. The printed "X" (no jump) and
    danger 0 (strikes on arrival, R10) are said in words."""

    def per_crew(values: tuple[int | None, ...]) -> str:
        shown = [NO_JUMP if v is None else str(v) for v in values]
        return shown[crew - 1] if crew else "/".join(shown)

    solutions = solutions_text(spec)
    rules = f" Rules: {', '.join(SECTOR_RULES[r] for r in spec.rules)}." if spec.rules else ""
    drive = per_crew(spec.jump.drive)
    if set(drive.split("/")) == {NO_JUMP}:
        jump = "cannot jump (X)"
    else:
        no_jump = " (X: that crew cannot jump)" if NO_JUMP in drive else ""
        jump = f"{drive} drive and {spec.jump.navigation} navigation{no_jump}"
    danger = per_crew(spec.danger)
    if set(danger.split("/")) == {"0"}:
        danger = "0 (strikes on arrival)"
    elif "0" in danger.split("/"):
        danger += " (0: strikes on arrival)"
    return (
        f"{spec.name} ({spec.kind}, level {spec.level}). Jump: {jump}. Solve: {solutions}. "
        f"Danger {danger}: {consequences_text(spec)}.{rules}"
    )


def tracks(state: State) -> list[tuple[str, int, int]]:
    """The ship's tracks as (name, value, length): damage, pizza, and the ship marker if it has one.
    Every status line (the board's, the alt text's, the terminal's) reads them from here."""
    ship = ship_of(state)
    shown = [("damage", state.damage, ship.damage.length), ("pizza", state.pizza, ship.pizza.length)]
    if ship.marker is not None and ship.marker.length:
        shown.append(("ship marker", state.marker, ship.marker.length))
    return shown


def tracks_text(state: State) -> str:
    """ "damage 3/5, pizza 4/6" (and the ship marker): the tracks in a sentence."""
    return ", ".join(f"{name} {value}/{length}" for name, value, length in tracks(state))


def top_card(state: State) -> str | None:
    """The name of the deck's top card, face up as it lies (rulebook: "You always see the top card
    of the deck"), or None when the deck is empty."""
    return side(state.cards, state.deck[0], state.upgraded).name if state.deck else None


def deck_text(state: State) -> str:
    """ "Deck 7, top card Ramjet", or what an empty deck means for the next draw."""
    name = top_card(state)
    if name is not None:
        return f"Deck {len(state.deck)}, top card {name}"
    if state.discard:
        return "Deck empty (the next draw shuffles the discard pile into a new deck)"
    return "Deck empty, and no discard pile to shuffle"


def describe_board(state: State) -> str:
    """The whole table in words: sector, grid rows, tracks, hands."""
    spec = sector_side(state)
    have = symbols(state)
    lines = [
        f"{state.ship}: {tracks_text(state)}"
        + f". {deck_text(state)}; discard {len(state.discard)}. {road_text(state)}.",
    ]
    if spec is not None:
        drive = jump_drive(state)
        lines.append(f"Sector: {sector_text(spec, state.crew)}")
        danger = danger_value(state)
        strikes = f"at {plural(danger, 'card')} in the current row" if danger else "at once"
        lines.append(f"Jump needs {'X' if drive is None else drive} drive; danger strikes {strikes}.")
    lines.append(f"Grid total: {symbol_text(have)}.")
    for number, row in enumerate(state.grid, 1):
        current = " (current)" if number == len(state.grid) else ""
        cards = ", ".join(
            side(state.cards, p.card, state.upgraded).name + (" [rotated]" if p.rotated else "") for p in row
        )
        gives = symbol_text(row_symbols(state.cards, row, state.upgraded))
        lines.append(f"  Row {number}{current}: {cards or 'empty'} → {gives}")
    for seat in range(state.crew):
        hand = ", ".join(side(state.cards, c, state.upgraded).name for c in state.hands[seat]) or "no cards"
        held = state.stations[seat]
        occupied = f"; occupies {occupation(state, held)}" if held else ""
        lines.append(f"Crew {seat + 1} ({len(state.hands[seat])}/{hand_size(state, seat)}): {hand}{occupied}")
    if state.pending is not None:
        lines.append(f"Decision: {state.pending.reason}")
    if state.outcome == "won":
        lines.append(f"Delivered! Score {state.score}, {plural(state.stars, 'star')}: {state.rating}")
    elif state.outcome == "lost":
        lines.append(f"Lost: {state.loss_reason}")
    return "\n".join(lines)


SUMMARY_LIMIT = 1024  # Discord's limit on an attachment's description (the picture's alt text)
SHOWN_ROWS = 5  # the newest grid rows the picture and its words show in full
HELP_NAMES = {"procure": "Procure Ingredient", "frontier": "The Final Frontier"}


def crew_names(state: State, names: Sequence[str] | None = None, limit: int = 24) -> list[str]:
    """A readable name per seat: the given display name, shortened, or "Crew N" when there is none."""
    given = list(names or ())
    shown: list[str] = []
    for seat in range(state.crew):
        name = " ".join(given[seat].split()) if seat < len(given) else ""
        shown.append(clip(name, limit, tidy=True) or f"Crew {seat + 1}")
    return shown


def jump_text(state: State) -> str:
    """What a jump needs for this crew size and these stations; "X" is the printed cannot-jump."""
    spec, drive = sector_side(state), jump_drive(state)
    if spec is None or drive is None:
        return "X (no jump)"
    return f"{drive} drive + {spec.jump.navigation} navigation"


def danger_text(state: State) -> str:
    value, count = danger_value(state), len(state.current_row)
    if value == 0:
        return "danger 0 (strikes at once)"
    return f"danger {value}: the current row holds {count} of {plural(value, 'card')}"


def road_ahead(state: State, *, short: bool = False) -> str:
    """The sectors still to cross after the current one, as the table shows them (public: the help
    cards say what they lay out, the level how many; which cards, and which boss, stay unknown):
    "3 easy sectors, then The Final Frontier, then 3 hard sectors, then the boss"; `short` for the
    picture's header: "3 easy, Final Frontier, 3 hard, boss"."""
    hard = state.cards.level(state.level).hard
    frontier = ["The Final Frontier", *["hard"] * hard, "boss"]
    steps: list[str] = []
    for card in state.stack[1:] if state.sector_card is not None else state.stack:
        if card.sector is not None:
            sector = state.cards.sector(card.sector)
            steps.append((sector.front if card.side == "front" else sector.back).kind)
        elif card.help == "procure":
            steps += [HELP_NAMES["procure"], *["easy"] * EASY_FROM_PROCURE, *frontier]
        elif card.help == "frontier":
            steps += frontier
    runs: list[tuple[str, int]] = []
    for step in steps:
        if runs and runs[-1][0] == step and step != "boss":
            runs[-1] = (step, runs[-1][1] + 1)
        else:
            runs.append((step, 1))
    if short:
        words = [f"{n} {kind}" if kind.islower() and kind != "boss" else kind for kind, n in runs]
        return ", ".join(words).replace("The ", "") if words else "last sector"
    words = [
        "the boss" if kind == "boss" else plural(n, f"{kind} sector") if kind.islower() else kind
        for kind, n in runs
    ]
    return ", then ".join(words) if words else "nothing: the customer's door is next"


def road_text(state: State) -> str:
    """ "Road ahead after this sector: …", the status line's reading of the sector stack."""
    return f"Road ahead after this sector: {road_ahead(state)}"


def in_order(given: Mapping[Symbol, int]) -> dict[Symbol, int]:
    """Symbols in the rulebook's order, as the picture shows them, whatever order they were counted in."""
    return {symbol: given.get(symbol, 0) for symbol in Symbol}


def _row_words(state: State, number: int, cards: bool) -> str:
    row = state.grid[number - 1]
    current = " (current)" if number == len(state.grid) else ""
    totals = symbol_text(in_order(row_symbols(state.cards, row, state.upgraded)))
    if not cards:
        return f"row {number}{current}: {plural(len(row), 'card')} → {totals}"
    listed = ", ".join(
        side(state.cards, p.card, state.upgraded).name + (" rotated" if p.rotated else "") for p in row
    )
    return f"row {number}{current}: {listed or 'empty'} → {totals}"


def board_summary(state: State, names: Sequence[str] | None = None) -> str:
    """The public table in at most 1024 characters, for the board picture's alt text.

    Unlike `describe_board` it never names a hand card (hands are private: the picture is posted
    for everyone) and it fits Discord's description limit, most important facts first: whatever
    has to give way in a crowded game is the grid rows' cards, the older rows' first.
    """
    crew = crew_names(state, names)
    lines: list[str] = []
    if state.outcome == "won":
        lines.append(f"Delivered! Score {state.score}, {state.stars} of 5 stars: {state.rating}")
    elif state.outcome == "lost":
        lines.append(f"Lost: {state.loss_reason}")
    spec = sector_side(state)
    if spec is not None:
        lines.append(
            f"Sector {spec.name} ({spec.kind}, level {spec.level}): jump needs {jump_text(state)}; "
            f"solve with {solutions_text(spec)}; {danger_text(state)}; "
            f"then {consequences_text(spec)}."
            + (f" Rules: {', '.join(r.replace('_', ' ') for r in spec.rules)}." if spec.rules else "")
        )
    lines.append(
        f"{state.ship} ({state.level}): {tracks_text(state)}"
        + f". {deck_text(state)}; discard {len(state.discard)}, removed {len(state.removed)}; "
        f"{road_text(state)}."
    )
    members: list[str] = []
    for seat, name in enumerate(crew):
        held = state.stations[seat]
        at = f", at {occupation(state, held)}" if held else ""
        members.append(f"{name} holds {len(state.hands[seat])}/{hand_size(state, seat)} cards{at}")
    lines.append("; ".join(members) + ".")
    if state.pending is not None:
        lines.append(f"Decision: {state.pending.reason}")
    head = "\n".join(lines)
    count = len(state.grid)
    total = f"Grid of {plural(count, 'row')}, in all {symbol_text(in_order(symbols(state)))}:"
    first = max(1, count - SHOWN_ROWS + 1)
    shown = range(first, count + 1)
    older = [f"+{plural(first - 1, 'older row')}"] if first > 1 else []
    only = [f"+{plural(count - 1, 'older row')}"] if count > 1 else []
    # Less and less detail until it fits: the shown rows' cards; the current row's cards and the older
    # rows' totals; the current row alone, with its cards; only its totals.
    choices = [
        older + [_row_words(state, n, cards=True) for n in shown],
        older + [_row_words(state, n, cards=n == count) for n in shown],
        [*only, _row_words(state, count, cards=True)],
        [*only, _row_words(state, count, cards=False)],
    ]
    text = head  # replaced by the first choice below
    for rows in choices:
        text = f"{head}\n{total} {'; '.join(rows)}."
        if len(text) <= SUMMARY_LIMIT:
            return text
    return clip(text, SUMMARY_LIMIT)


def payment_words(state: State, payment: Payment) -> str:
    """How a move is paid ("giving up X and discarding Y from row 2"), or "" when nothing is paid."""
    parts: list[str] = []
    if payment.hand:
        parts.append(
            "giving up " + ", ".join(side(state.cards, c, state.upgraded).name for c in payment.hand)
        )
    if payment.row is not None:
        names = ", ".join(side(state.cards, c, state.upgraded).name for c in payment.grid)
        parts.append(f"discarding {names} from row {payment.row + 1}")
    return " and ".join(parts)


@dataclass(frozen=True, slots=True)
class Described:
    """A move in its parts: whose it is (None: the crew's decision), what it does, the printed action
    it uses ("cost: effect"), how it is paid.

    The board's log, a hand view's note and a control each take the parts they need; nothing cuts a
    rendered sentence back apart.
    """

    seat: int | None
    what: str
    paid: str = ""
    rule: str = ""  # the used action as printed, "discard another hand card: rotate, play"

    @property
    def deed(self) -> str:
        """The move without whose it is: "play X rotated (discard another hand card: rotate, play) by
        giving up Y"."""
        ruled = f"{self.what} ({self.rule})" if self.rule else self.what
        return f"{ruled} by {self.paid}" if self.paid else ruled

    @property
    def text(self) -> str:
        return f"Crew {self.seat + 1}: {self.deed}" if self.seat is not None else self.deed


def used_action(state: State, action: Action) -> CardAction | None:
    """The printed action a move carries out: a hand card's middle action, the occupied station's
    action or a ship action; None for the crew's decisions, which are no printed action."""
    match action:
        case PlayCard(card=card, action=index):
            return side(state.cards, card, state.upgraded).actions[index]
        case UseStation(seat=seat):
            held = state.stations[seat]
            return side(state.cards, held, state.upgraded).occupied.action if held is not None else None
        case UseShip(index=index):
            return ship_of(state).actions[index]
        case _:
            return None


def describe(state: State, action: Action, seats: Container[int] | None = None) -> Described:
    """`action` in words for a reader holding `seats` (None: one who may see every hand, as in the
    terminal game). A card the move leaves in its hand is named only to that hand's holder; every
    other card a move names goes public by the move itself (played, paid, occupied, given up)."""

    def hidden(seat: int) -> bool:
        return seats is not None and seat not in seats

    match action:
        case PlayCard(seat=seat, card=card, action=index, payment=payment):
            face = side(state.cards, card, state.upgraded)
            used = face.actions[index]
            how = "rotated" if any(e.op == "rotate_play" for e in used.effects) else "upright"
            paid = payment_words(state, payment)
            return Described(seat, f"play {face.name} {how}", paid, action_text(used))
        case UseStation(seat=seat, payment=payment):
            name = side(state.cards, state.stations[seat] or "", state.upgraded).name
            used = used_action(state, action)
            rule = action_text(used) if used is not None else ""
            return Described(seat, f"use {name}", payment_words(state, payment), rule)
        case UseShip(seat=seat, index=index, payment=payment):
            used = ship_of(state).actions[index]
            return Described(seat, "ship action", payment_words(state, payment), action_text(used))
        case Clear(how="continue"):
            return Described(None, "Keep playing")
        case Clear(how="jump"):
            return Described(None, "Jump to the next sector")
        case Clear(solution=i):
            spec = sector_side(state)
            solution = spec.solutions[i] if spec else None
            what = (
                f"pay {solution.amount} {solution.pay}" if solution and solution.pay else f"solution {i + 1}"
            )
            return Described(None, f"Solve the sector ({what})")
        case Upgrade(card=None):
            return Described(None, "Upgrade nothing")
        case Upgrade(seat=seat, card=card):
            holder = seat or 0
            name = "a hand card" if hidden(holder) else side(state.cards, card or "", state.upgraded).name
            return Described(holder, f"upgrade {name}")
        case Occupy(seat=seat, card=None):
            return Described(seat, "occupy nothing new")
        case Occupy(seat=seat, card=card):
            return Described(seat, f"occupy {side(state.cards, card or '', state.upgraded).name}")
        case Choose(option=i):
            pending = state.pending
            return Described(None, f"Choose: {pending.options[i] if pending else i + 1}")
        case Give(seat=seat, card=card):
            return Described(seat, f"give up {side(state.cards, card, state.upgraded).name}")
        case Shield(payment=payment):
            if payment is None:
                return Described(None, "Take the damage")
            return Described(None, "Pay a shield", payment_words(state, payment))
    return Described(None, repr(action))


def describe_action(state: State, action: Action) -> str:
    """`action` in words, naming every card (the terminal game, the search's notes, a hand's own view)."""
    return describe(state, action).text
