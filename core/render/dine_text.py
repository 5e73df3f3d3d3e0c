"""Deep Space Dine in plain words: the table, a card, and what each action does.

The same text serves the terminal game, the Discord embeds and the pictures' alt text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

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
from core.dine.cards import Cost, Occupied, Row, SectorSide, StationSide, Symbol
from core.dine.engine import (
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
from core.words import plural


def symbol_text(given: Mapping[Symbol, int] | Mapping[str, int]) -> str:
    return ", ".join(f"{n} {s}" for s, n in given.items() if n) or "nothing"


def row_text(row: Row) -> str:
    parts = [symbol_text(row.symbols)] if row.symbols else []
    parts += [f"{p.amount} {p.symbol} per {p.per} {p.of} in this row" for p in row.produce]
    return " + ".join(parts) or "nothing"


def cost_text(cost: Cost) -> str:
    if cost.kind == "none":
        return "–"
    if cost.kind in ("discard", "remove"):
        what = f"a hand card with {cost.min_drive}+ drive" if cost.min_drive else "another hand card"
        count = f"{cost.count} × " if cost.count > 1 else ""
        return f"{cost.kind} {count}{what}"
    if cost.kind == "pay":
        return f"pay {symbol_text(cost.symbols)} from one row"
    return f"ship marker {cost.count} left"


def action_text(action: CardAction) -> str:
    limit = (
        " (once per sector)"
        if action.per_sector == 1
        else f" ({action.per_sector}× per sector)"
        if action.per_sector
        else ""
    )
    return f"{cost_text(action.cost)}: {describe_effects(action.effects)}{limit}"


def occupied_text(occupied: Occupied) -> str:
    if occupied.action is not None:
        return f"action — {action_text(occupied.action)}"
    if occupied.permanent is not None:
        what = {"hand_size": "hand size", "danger": "danger value", "jump_drive": "drive needed to jump"}
        sign = "−" if occupied.permanent == "jump_drive" else "+"
        return f"always — {what[occupied.permanent]} {sign}{occupied.amount}"
    return f"at {occupied.trigger}: {describe_effects(occupied.effects)}"


def station_text(face: StationSide, station_name: str) -> str:
    """One side of a station card, every part the rulebook names."""
    drive = f", {face.drive} drive" if face.drive else ""
    return (
        f"{face.name} (level {face.level} {station_name}{drive}). In a row: {row_text(face.row)}. "
        f"Actions: {' | '.join(action_text(a) for a in face.actions)}. Rotated: {row_text(face.rotated)}. "
        f"Occupied: {occupied_text(face.occupied)}."
    )


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
    """One side of a sector card; for a crew size, only its numbers."""

    def per_crew(values: tuple[int | None, ...]) -> str:
        shown = ["X" if v is None else str(v) for v in values]
        return shown[crew - 1] if crew else "/".join(shown)

    solutions = solutions_text(spec)
    rules = f" Rules: {', '.join(spec.rules)}." if spec.rules else ""
    return (
        f"{spec.name} ({spec.kind}, level {spec.level}). Jump: {per_crew(spec.jump.drive)} drive"
        f" and {spec.jump.navigation} navigation. Solve: {solutions}. Danger {per_crew(spec.danger)}: "
        f"{consequences_text(spec)}.{rules}"
    )


def describe_board(state: State) -> str:
    """The whole table in words: sector, grid rows, tracks, hands."""
    spec = sector_side(state)
    ship = ship_of(state)
    have = symbols(state)
    lines = [
        f"{state.ship}: damage {state.damage}/{ship.damage.length}, pizza {state.pizza}/{ship.pizza.length}"
        + (f", ship marker {state.marker}/{ship.marker.length}" if ship.marker else "")
        + f". Deck {len(state.deck)}, discard {len(state.discard)}. Sectors left: "
        f"{sum(1 for c in state.stack if c.sector)}.",
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
            side(p.card, state.upgraded).name + (" [rotated]" if p.rotated else "") for p in row
        )
        lines.append(
            f"  Row {number}{current}: {cards or 'empty'} → {symbol_text(row_symbols(row, state.upgraded))}"
        )
    for seat in range(state.crew):
        hand = ", ".join(side(c, state.upgraded).name for c in state.hands[seat]) or "no cards"
        held = state.stations[seat]
        occupied = f"; occupies {side(held, state.upgraded).name}" if held else ""
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
        if len(name) > limit:
            name = name[: limit - 1].rstrip() + "…"
        shown.append(name or f"Crew {seat + 1}")
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


def stack_text(state: State) -> str:
    left = sum(1 for c in state.stack if c.sector)
    below = next((HELP_NAMES[c.help] for c in state.stack if c.help), None)
    return f"{plural(left, 'sector')} in the stack" + (f", then {below}" if below else "")


def in_order(given: Mapping[Symbol, int]) -> dict[Symbol, int]:
    """Symbols in the rulebook's order, as the picture shows them, whatever order they were counted in."""
    return {symbol: given.get(symbol, 0) for symbol in Symbol}


def _row_words(state: State, number: int, cards: bool) -> str:
    row = state.grid[number - 1]
    current = " (current)" if number == len(state.grid) else ""
    totals = symbol_text(in_order(row_symbols(row, state.upgraded)))
    if not cards:
        return f"row {number}{current}: {plural(len(row), 'card')} → {totals}"
    listed = ", ".join(side(p.card, state.upgraded).name + (" rotated" if p.rotated else "") for p in row)
    return f"row {number}{current}: {listed or 'empty'} → {totals}"


def board_summary(state: State, names: Sequence[str] | None = None) -> str:
    """The public table in at most 1024 characters, for the board picture's alt text.

    Unlike `describe_board` it never names a hand card (hands are private: the picture is posted
    for everyone) and it fits Discord's description limit, most important facts first: whatever
    has to give way in a crowded game is the grid rows' cards, the older rows' first.
    """
    crew = crew_names(state, names)
    ship = ship_of(state)
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
        f"{state.ship} ({state.level}): damage {state.damage}/{ship.damage.length}, "
        f"pizza {state.pizza}/{ship.pizza.length}"
        + (f", ship marker {state.marker}/{ship.marker.length}" if ship.marker else "")
        + f". Deck {len(state.deck)}, discard {len(state.discard)}, removed {len(state.removed)}; "
        f"{stack_text(state)}."
    )
    members: list[str] = []
    for seat, name in enumerate(crew):
        held = state.stations[seat]
        at = f", at {side(held, state.upgraded).name}" if held else ""
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
    return text[: SUMMARY_LIMIT - 1] + "…"


def payment_text(state: State, payment: Payment) -> str:
    parts: list[str] = []
    if payment.hand:
        parts.append("giving up " + ", ".join(side(c, state.upgraded).name for c in payment.hand))
    if payment.row is not None:
        names = ", ".join(side(c, state.upgraded).name for c in payment.grid)
        parts.append(f"discarding {names} from row {payment.row + 1}")
    return f" by {' and '.join(parts)}" if parts else ""


def describe_action(state: State, action: Action) -> str:
    match action:
        case PlayCard(seat=seat, card=card, action=index, payment=payment):
            face = side(card, state.upgraded)
            used = face.actions[index]
            how = "rotated" if any(e.op == "rotate_play" for e in used.effects) else "upright"
            extra = [e for e in used.effects if e.op not in ("play", "rotate_play")]
            more = f", then {describe_effects(tuple(extra))}" if extra else ""
            return f"Crew {seat + 1}: play {face.name} {how}{more}{payment_text(state, payment)}"
        case UseStation(seat=seat, payment=payment):
            name = side(state.stations[seat] or "", state.upgraded).name
            return f"Crew {seat + 1}: use {name}{payment_text(state, payment)}"
        case UseShip(seat=seat, index=index, payment=payment):
            used = ship_of(state).actions[index]
            return f"Crew {seat + 1}: ship action ({action_text(used)}){payment_text(state, payment)}"
        case Clear(how="continue"):
            return "Keep playing"
        case Clear(how="jump"):
            return "Jump to the next sector"
        case Clear(solution=i):
            spec = sector_side(state)
            solution = spec.solutions[i] if spec else None
            what = (
                f"pay {solution.amount} {solution.pay}" if solution and solution.pay else f"solution {i + 1}"
            )
            return f"Solve the sector ({what})"
        case Upgrade(card=None):
            return "Upgrade nothing"
        case Upgrade(seat=seat, card=card):
            return f"Crew {(seat or 0) + 1}: upgrade {side(card or '', state.upgraded).name}"
        case Occupy(seat=seat, card=None):
            return f"Crew {seat + 1}: occupy nothing new"
        case Occupy(seat=seat, card=card):
            return f"Crew {seat + 1}: occupy {side(card or '', state.upgraded).name}"
        case Choose(option=i):
            pending = state.pending
            return f"Choose: {pending.options[i] if pending else i + 1}"
        case Give(seat=seat, card=card):
            return f"Crew {seat + 1}: give up {side(card, state.upgraded).name}"
        case Shield(payment=payment):
            return "Take the damage" if payment is None else f"Pay a shield{payment_text(state, payment)}"
    return repr(action)
