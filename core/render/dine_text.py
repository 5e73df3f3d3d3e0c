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
from core.dine.cards import CardSet, Cost, Occupied, Row, SectorSide, ShipSide, Solution, StationSide, Symbol
from core.dine.engine import (
    STRANDED,
    being_cleared,
    can_jump,
    card_drive,
    danger_value,
    describe_effects,
    hand_size,
    jump_drive,
    occupied_by,
    pending_reason,
    printed_drive,
    road,
    sector_side,
    ship_of,
    solved_by_symbols,
    symbols,
)
from core.dine.state import State
from core.dine.symbols import row_symbols, side
from core.dine.told import Seat
from core.dine.why import amounts_text
from core.i18n import Locale, mark, t, tn
from core.i18n.glossary import term
from core.words import capitalised, clip, plural

from .dine_names import card_name, difficulty_name, sector_name, ship_name, station_kind, word


def symbol_text(given: Mapping[Symbol, int] | Mapping[str, int], locale: Locale = "en") -> str:
    """Symbols and tracks in the order given: "2 energy, 1 pizza"."""
    return amounts_text(((n, word(locale, str(s))) for s, n in given.items()), locale)


def row_text(row: Row, locale: Locale = "en") -> str:
    parts = [symbol_text(row.symbols, locale)] if row.symbols else []
    parts += [
        t(
            locale,
            "{amount} {symbol} per {per} {of} in this row",
            amount=p.amount,
            symbol=word(locale, str(p.symbol)),
            per=p.per,
            of=word(locale, str(p.of)),
        )
        for p in row.produce
    ]
    return " + ".join(parts) or t(locale, "nothing")


def gives_text(face: StationSide, rotated: bool, locale: Locale = "en") -> str:
    """What a card gives in a row as it lies. Upright, its printed drive counts in the row like any
    drive symbol (R1: danger draws, the jump), so it is said with the row's symbols; rotated, a card
    gives only its rotated side."""
    if rotated:
        return row_text(face.rotated, locale)
    if not face.drive:
        return row_text(face.row, locale)
    given = dict(face.row.symbols)
    given[Symbol.DRIVE] = given.get(Symbol.DRIVE, 0) + face.drive
    return row_text(Row(symbols=in_order(given), produce=face.row.produce), locale)


FREE = mark("free")  # the rulebook's "-" cost: "If a '-' is there, the action costs you nothing"


def cost_text(cost: Cost, locale: Locale = "en", *, in_hand: bool = False) -> str:
    """A cost in words. `in_hand`: the action is printed on a card in the hand, so the card it gives
    up is "another" one; a ship's or an occupied station's action takes any hand card."""
    if cost.kind == "none":
        return t(locale, FREE)
    if cost.kind in ("discard", "remove"):
        if cost.min_drive:
            what = t(locale, "a hand card with {drive}+ drive", drive=cost.min_drive)
        elif in_hand:
            what = t(locale, "another hand card")
        else:
            what = t(locale, "a hand card")
        what = f"{cost.count} × {what}" if cost.count > 1 else what
        if cost.kind == "discard":
            return t(locale, "discard {what}", what=what)
        return t(locale, "remove {what}", what=what)
    if cost.kind == "pay":
        return t(locale, "pay {symbols} from one row", symbols=symbol_text(cost.symbols, locale))
    return t(locale, "ship marker {count} left", count=cost.count)


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


def per_sector(locale: Locale, times: int) -> str:
    """How often an action may be used in a sector: "once per sector"."""
    if times == 1:
        return t(locale, "once per sector")
    if times == 2:
        return t(locale, "twice per sector")
    return t(locale, "{count} times per sector", count=times)


def action_words(action: CardAction, locale: Locale = "en", *, in_hand: bool = False) -> CardActionWords:
    """`in_hand`: the action is printed on a hand card (`cost_text`)."""
    limit = f", {per_sector(locale, action.per_sector)}" if action.per_sector else ""
    cost = cost_text(action.cost, locale, in_hand=in_hand)
    return CardActionWords(cost, describe_effects(action.effects, locale) + limit)


def action_text(action: CardAction, locale: Locale = "en", *, in_hand: bool = False) -> str:
    return action_words(action, locale, in_hand=in_hand).text


PERMANENT = {
    "hand_size": mark("always — hand size +{amount}"),
    "danger": mark("always — danger value +{amount}"),
    "jump_drive": mark("always — drive needed to jump −{amount}"),
}


def occupied_text(occupied: Occupied, locale: Locale = "en") -> str:
    if occupied.action is not None:
        return t(locale, "action — {action}", action=action_text(occupied.action, locale))
    if occupied.permanent is not None:
        return t(locale, PERMANENT[occupied.permanent], amount=occupied.amount)
    return t(
        locale,
        "each time the grid gains {symbol}: {effects}",
        symbol=word(locale, str(occupied.trigger)),
        effects=describe_effects(occupied.effects, locale),
    )


def occupation(state: State, card: str, locale: Locale = "en") -> str:
    """An occupied station and what it does for its occupier: "Fusion Core (action — free: draw 1,
    once per sector)"."""
    face = side(state.cards, card, state.upgraded)
    return f"{card_name(locale, state.cards, card, state.upgraded)} ({occupied_text(face.occupied, locale)})"


def station_text(face: StationSide, station_name: str, locale: Locale = "en", name: str | None = None) -> str:
    """One side of a station card, every part the rulebook names (`name`: the card's, in `locale`).
    Its corner drive is said once, in the row's total (`gives_text`); beside the level stands what a
    cost asking for "a card with N drive" counts on it (ruling E9), as the hand view says."""
    count = printed_drive(face)
    drive = (
        t(locale, " · counts as {count} drive where a cost asks for a card with drive", count=count)
        if count
        else ""
    )
    return t(
        locale,
        "{name} (level {level} {station}{drive}). In a row: {row}. Actions: {actions}. "
        "Rotated: {rotated}. Occupied: {occupied}.",
        name=face.name if name is None else name,
        level=face.level,
        station=station_kind(locale, station_name),
        drive=drive,
        row=gives_text(face, False, locale),
        actions=" | ".join(action_text(a, locale, in_hand=True) for a in face.actions),
        rotated=row_text(face.rotated, locale),
        occupied=occupied_text(face.occupied, locale),
    )


def card_brief(cards: CardSet, card_id: str, upgraded: bool, locale: Locale = "en") -> str:
    """A station side in a few words, for a menu option's 100-character description: what it gives in
    a row (its printed drive included) and rotated, and what it does occupied."""
    face = cards.station(card_id).upgraded if upgraded else cards.station(card_id).normal
    return t(
        locale,
        "Row: {row} · rotated: {rotated} · occupied: {occupied}",
        row=gives_text(face, False, locale),
        rotated=row_text(face.rotated, locale),
        occupied=occupied_text(face.occupied, locale),
    )


SHIP_RULES = {
    "hand_size": mark("hand size +{n} for every crew member"),
    "danger": mark("every sector's danger +{n}"),
}


def ship_text(face: ShipSide, locale: Locale = "en") -> str:
    """A ship side, every part its card prints."""
    marker = t(locale, ", ship marker track {length}", length=face.marker.length) if face.marker else ""
    rules = "; ".join(t(locale, SHIP_RULES[r.rule], n=r.amount) for r in face.rules) or t(locale, "none")
    actions = " | ".join(action_text(a, locale) for a in face.actions) or t(locale, "none")
    return t(
        locale,
        "Stations: {stations}. Damage track {damage}, pizza track {pizza}{marker}. "
        "Special rules: {rules}. Ship actions: {actions}.",
        stations=", ".join(station_kind(locale, s) for s in face.stations),
        damage=f"{face.damage.length}{remove_cards_note(face.damage.remove_cards, locale)}",
        pizza=face.pizza.length,
        marker=marker,
        rules=rules,
        actions=actions,
    )


SECTOR_RULES = {
    "no_shields": mark("no shield may be paid instead of damage here"),
    "no_upgrade": mark("solving it gives no upgrade"),
}
NO_JUMP = "X"  # the printed cannot-jump


def solution_text(s: Solution, locale: Locale = "en", crew: int | None = None) -> str:
    """One solution; for a crew of two or three, a per-member solution also says its total."""
    if s.pay:
        return t(locale, "pay {amount} {track}", amount=s.amount, track=word(locale, str(s.pay)))
    if not s.per_crew:
        return symbol_text(s.symbols, locale)
    each = symbol_text(s.symbols, locale)
    if len(s.symbols) > 1:
        each = f"({each})"  # "(4 shield, 1 firepower) per crew member": both are per member
    if not crew or crew == 1:
        return each + t(locale, " per crew member")
    total = symbol_text({symbol: n * crew for symbol, n in s.symbols.items()}, locale)
    return each + t(locale, " per crew member ({total} for a crew of {crew})", total=total, crew=crew)


def solutions_text(spec: SectorSide, locale: Locale = "en", crew: int | None = None) -> str:
    """A sector's solutions, each as `solution_text` says it."""
    return t(locale, " OR ").join(solution_text(s, locale, crew) for s in spec.solutions)


def consequences_text(spec: SectorSide, locale: Locale = "en") -> str:
    return t(locale, " OR ").join(describe_effects(o, locale) for o in spec.consequences)


def sector_rules_text(spec: SectorSide, locale: Locale = "en") -> str:
    """A sector's special rules in a list: "no shield may be paid instead of damage here"."""
    return ", ".join(t(locale, SECTOR_RULES[r]) for r in spec.rules)


# A jump's needs; a side that asks no navigation says none ("0 navigation" read as noise).
JUMP_NEEDS = mark("{drive} drive and {navigation} navigation{no_jump}")
JUMP_NEEDS_DRIVE = mark("{drive} drive{no_jump}")
JUMP_NOW = mark("{drive} drive{note} + {navigation} navigation")
JUMP_NOW_DRIVE = mark("{drive} drive{note}")
# The danger of a solved sector (`being_cleared`): a full row does not strike any more.
DANGER_CLEARED = mark("danger {count}{why}: it strikes no more, the sector is solved")


def sector_text(
    spec: SectorSide, crew: int | None = None, locale: Locale = "en", name: str | None = None
) -> str:
    """One side of a sector card; for a crew size, only its numbers. The printed "X" (no jump) and
    danger 0 (strikes on arrival, R10) are said in words (`name`: the side's, in `locale`)."""

    def per_crew(values: tuple[int | None, ...]) -> str:
        shown = [NO_JUMP if v is None else str(v) for v in values]
        return shown[crew - 1] if crew else "/".join(shown)

    solutions = solutions_text(spec, locale, crew)
    rules = t(locale, " Rules: {rules}.", rules=sector_rules_text(spec, locale)) if spec.rules else ""
    drive = per_crew(spec.jump.drive)
    if set(drive.split("/")) == {NO_JUMP}:
        jump = t(locale, "cannot jump (X)")
    else:
        no_jump = t(locale, " (X: that crew cannot jump)") if NO_JUMP in drive else ""
        jump = t(
            locale,
            JUMP_NEEDS if spec.jump.navigation else JUMP_NEEDS_DRIVE,
            drive=drive,
            navigation=spec.jump.navigation,
            no_jump=no_jump,
        )
    danger = per_crew(spec.danger)
    if set(danger.split("/")) == {"0"}:
        danger = t(locale, "0 (strikes on arrival)")
    elif "0" in danger.split("/"):
        danger += t(locale, " (0: strikes on arrival)")
    return t(
        locale,
        "{name} ({kind}, level {level}). Jump{crews}: {jump}. Solve: {solutions}. "
        "Danger{crews} {danger}: {then}.{rules}",
        crews="" if crew else t(locale, " (1/2/3 crew)"),
        name=spec.name if name is None else name,
        kind=word(locale, spec.kind),
        level=spec.level,
        jump=jump,
        solutions=solutions,
        danger=danger,
        then=consequences_text(spec, locale),
        rules=rules,
    )


def decision_text(
    state: State, locale: Locale = "en", names: Sequence[str] = (), you: int | None = None
) -> str:
    """The decision the crew faces now, in `locale` ("" when there is none); `names` name the crew,
    and `you` is the reader's own seat, where the text is for one member (their hand)."""
    pending = state.pending
    if pending is None:
        return ""
    if pending.kind == "clear":
        return clear_question(pending.options, locale)
    spec = sector_side(state)
    options = tuple(describe_effects(o, locale) for o in spec.consequences) if spec is not None else ()
    return pending_reason(pending, locale, options if pending.kind == "choose" else (), names, you)


def occupy_left_out(state: State, seat: int, locale: Locale = "en", names: Sequence[str] = ()) -> str:
    """Why hand cards are missing from `seat`'s choice of station to occupy: one crew member at a time
    may hold a station (the one choosing may swap their own), so a card of a station another member
    holds is not offered; without this the menu leaves it out silently. Names hand cards: that
    member's view only ("" when nothing is left out, or `seat` has no such choice now)."""
    pending = state.pending
    if pending is None or pending.kind != "occupy" or seat not in pending.deciding:
        return ""
    held: dict[int, list[str]] = {}
    for card in sorted(state.hands[seat]):
        holder = occupied_by(state, state.cards.station(card).station)
        if holder is not None and holder != seat:
            held.setdefault(holder, []).append(card)
    notes = [
        t(
            locale,
            "{cards} ({station} is held by {crew})",
            cards=", ".join(card_name(locale, state.cards, c, state.upgraded) for c in cards),
            station=station_kind(locale, state.cards.station(cards[0]).station),
            crew=Seat.of(holder, names).say(locale),
        )
        for holder, cards in held.items()
    ]
    return t(locale, "Not offered: {cards}", cards="; ".join(notes)) if notes else ""


def clear_question(options: Sequence[str], locale: Locale = "en") -> str:
    """The "Boldly Go…" question worded from what is on offer (the engine's options, "solve:<n>" and
    "jump"): the engine's reason always asks "solve or jump?", even when only one of them is met."""
    solve = any(option.startswith("solve") for option in options)
    jump = "jump" in options
    if solve and not jump:
        return t(locale, "The sector can be solved: solve it now?")
    if jump and not solve:
        return t(locale, "The ship can jump to the next sector: jump now?")
    return t(locale, "The sector can be cleared: solve or jump?")


def loss_text(state: State, locale: Locale = "en") -> str:
    """Why the game was lost, in `locale` (the state keeps the engine's English reason); a stranded
    crew is also told why the cards it still has could not help."""
    if not state.loss_reason:
        return ""
    reason = t(locale, state.loss_reason)
    return f"{reason} {stranded_detail(state, locale)}".strip() if state.loss_reason == STRANDED else reason


def stranded_detail(state: State, locale: Locale = "en") -> str:
    """Why cards left in hand, in the deck and in the discard pile did not save a stranded crew (R18):
    no hand card had an action that could be used, and the piles come back only by a draw or a
    take-back (a ship's "recover"), which nothing left could give; hands refill only when a sector is
    cleared."""
    held = sum(len(hand) for hand in state.hands)
    piles = len(state.deck) + len(state.discard)
    parts: list[str] = []
    if held == 1:  # "the 1 card" reads wrong, and some languages' singular serves other counts too
        parts.append(
            t(
                locale,
                "The last card in hand had no action whose cost could be paid or that the sector allowed.",
            )
        )
    elif held:
        parts.append(
            tn(
                locale,
                "None of the {count} card still in hand had an action whose cost could be paid or that the "
                "sector allowed.",
                "None of the {count} cards still in hand had an action whose cost could be paid or that the "
                "sector allowed.",
                held,
            )
        )
    if piles == 1:
        parts.append(
            t(
                locale,
                "The one card in the deck and discard pile comes back only by a draw or a take-back, and "
                "none was left to use (hands refill only when a sector is cleared).",
            )
        )
    elif piles:
        parts.append(
            tn(
                locale,
                "The {count} card in the deck and discard pile comes back only by a draw or a take-back, and "
                "none was left to use (hands refill only when a sector is cleared).",
                "The {count} cards in the deck and discard pile come back only by a draw or a take-back, and "
                "none was left to use (hands refill only when a sector is cleared).",
                piles,
            )
        )
    return " ".join(parts)


def tracks(state: State) -> list[tuple[str, int, int]]:
    """The ship's tracks as (name, value, length): damage, pizza, and the ship marker if it has one.
    Every status line (the board's, the alt text's, the terminal's) reads them from here; `word`
    names a track in a language."""
    ship = ship_of(state)
    shown = [("damage", state.damage, ship.damage.length), ("pizza", state.pizza, ship.pizza.length)]
    if ship.marker is not None and ship.marker.length:
        shown.append(("ship marker", state.marker, ship.marker.length))
    return shown


def remove_cards_note(spaces: Sequence[int], locale: Locale = "en") -> str:
    """ " (each time the damage track is down to 5 or 2 spaces, one crew member removes a hand card)":
    the damage spaces printed "Remove cards", counted as the status line counts ("7 of 7 spaces left";
    "reaches space 2" read both ways), in the order the marker reaches them, so a player sees
    them coming rather than learning of them when hit ("" if none). It says what such a space does,
    since "Remove cards at 2" beside "Damage 7/7" read as a rule of its own, not a space's."""
    if not spaces:
        return ""
    shown = [str(space) for space in sorted(spaces, reverse=True)]
    listed = ", ".join(shown[:-1]) + t(locale, " or ") + shown[-1] if len(shown) > 1 else shown[0]
    return t(
        locale,
        " (each time the damage track is down to {spaces} spaces, one crew member removes a hand card)",
        spaces=listed,
    )


def track_note(state: State, name: str, locale: Locale = "en") -> str:
    """What a status line adds after a track's "value/length": what the damage track's "Remove cards"
    spaces do."""
    return remove_cards_note(ship_of(state).damage.remove_cards, locale) if name == "damage" else ""


# The ship's tracks by the rulebook's names, for the lines that say how many spaces each has left.
TRACK_NAMES = {
    "damage": mark("damage track"),
    "pizza": mark("pizza track"),
    "ship marker": mark("ship marker track"),
}


def remove_cards_next(state: State, locale: Locale = "en") -> str:
    """ " (the next damage leaves 2 spaces: one crew member removes a hand card)" while the damage
    marker's next space is printed "Remove cards", else "": what the board's status line says of those
    spaces, where it matters, rather than listing them all on every redraw (the picture shows them)."""
    space = state.damage - 1
    if state.outcome != "playing" or space not in ship_of(state).damage.remove_cards:
        return ""
    return t(
        locale, " (the next damage leaves {space} spaces: one crew member removes a hand card)", space=space
    )


def track_left(
    state: State, name: str, value: int, length: int, locale: Locale = "en", *, ahead: bool = False
) -> str:
    """ "7 of 7 spaces left on the damage track (each time …)": a marker counts the spaces LEFT, from
    the last toward none, and "Damage 7/7" on an untouched ship read as seven damage taken. The ship
    marker stands on a space and moves on as the crew gains: "the ship marker on space 2 of 5".
    `ahead`: the damage track says only the next space's "Remove cards" (`remove_cards_next`), for a
    line redrawn on every move (the board's)."""
    if name == "ship marker":
        return t(locale, "the ship marker on space {value} of {length}", value=value, length=length)
    left = tn(
        locale,
        "{count} of {length} spaces left on the {track}",
        "{count} of {length} spaces left on the {track}",
        value,
        length=length,
        track=t(locale, TRACK_NAMES[name]),
    )
    if ahead:
        return left + (remove_cards_next(state, locale) if name == "damage" else "")
    return left + track_note(state, name, locale)


def tracks_text(state: State, locale: Locale = "en", *, ahead: bool = False) -> str:
    """ "3 of 5 spaces left on the damage track (each time the damage track is down to 2 spaces, …), 4 of 6
    spaces left on the pizza track" (and the ship marker): the tracks in a sentence. `ahead`: only the
    next damage's "Remove cards" space, as the Discord board says it (`track_left`)."""
    return ", ".join(
        track_left(state, name, value, length, locale, ahead=ahead) for name, value, length in tracks(state)
    )


def top_card(state: State, locale: Locale = "en") -> str | None:
    """The name of the deck's top card, face up as it lies (rulebook: "You always see the top card
    of the deck"), or None when the deck is empty."""
    return card_name(locale, state.cards, state.deck[0], state.upgraded) if state.deck else None


def deck_text(state: State, locale: Locale = "en") -> str:
    """ "Deck 7, top card Ramjet", or what an empty deck means for the next draw."""
    name = top_card(state, locale)
    if name is not None:
        return t(locale, "Deck {count}, top card {name}", count=len(state.deck), name=name)
    if state.discard:
        return t(locale, "Deck empty (the next draw shuffles the discard pile into a new deck)")
    return t(locale, "Deck empty, and no discard pile to shuffle")


def _hand_card(state: State, card: str) -> str:
    """A hand card on the terminal's crew line: its name, whether it lies on its upgraded side (a name
    alone does not say which side a card shows), its corner drive, which a player weighs for the jump
    and danger draws before playing it, and, where it differs, what a cost asking for a card with
    drive counts on it (ruling E9, as the hand view says): "Warp Sled (1 drive; counts as 4 drive for
    costs)" once read as a card no "2+ drive" cost would take."""
    face = side(state.cards, card, state.upgraded)
    notes = ["upgraded"] * (card in state.upgraded) + [f"{face.drive} drive"] * bool(face.drive)
    counted = card_drive(state.cards, card, state.upgraded)
    if counted != face.drive:
        notes.append(f"counts as {counted} drive for costs")
    return f"{face.name} ({'; '.join(notes)})" if notes else face.name


_MET = {
    "solve": mark("The grid meets a solution: the crew may solve the sector after its next action."),
    "jump": mark("The grid meets the jump: the crew may jump after its next action."),
    "both": mark("The grid meets a solution and the jump: the crew may leave after its next action."),
}


def met_note(state: State, locale: Locale = "en") -> str:
    """What the grid already meets while no decision waits (a strike or "Keep playing" passed the
    offer by; ruling E4 asks again after the next action), or "": a new player saw 9 drive against
    the 8 needed and no jump on offer, with nothing saying when it would be."""
    if state.pending is not None or state.outcome != "playing":
        return ""
    solve, jump = bool(solved_by_symbols(state)), can_jump(state)
    if not (solve or jump):
        return ""
    return t(locale, _MET["both" if solve and jump else "jump" if jump else "solve"])


def describe_board(state: State, *, decision: bool = True, ahead: bool = False) -> str:
    """The whole table in words: sector, grid rows, tracks, hands, and the decision waiting unless
    `decision` is False (the terminal's menu heads its answers with it: said once, not twice).
    `ahead`: the damage track says a "Remove cards" space only when the next damage reaches one, as the
    Discord board does, for a board redrawn after every move (`track_left`)."""
    spec = sector_side(state)
    have = symbols(state)
    lines = [
        f"{state.ship}: {tracks_text(state, ahead=ahead)}"
        + f". {deck_text(state)}; discard {len(state.discard)}. {road_text(state)}.",
    ]
    if spec is not None:
        lines.append(f"Sector: {sector_text(spec, state.crew)}")
        danger = danger_value(state)
        strikes = f"at {plural(danger, 'card')} in the current row" if danger else "at once"
        if danger and being_cleared(state):
            strikes = f"at {plural(danger, 'card')}, but no more: the sector is solved"
        danger_line = f"danger strikes {strikes}{changed_note(state, 'danger')}."
        if jump_drive(state) is None:  # the sector line already says "cannot jump (X)": not again
            lines.append(danger_line[:1].upper() + danger_line[1:])
        else:
            lines.append(f"Jump needs {jump_text(state)}; {danger_line}")
    lines.append(f"Grid total: {symbol_text(have)}.")
    if met := met_note(state):
        lines.append(met)
    for number, row in enumerate(state.grid, 1):
        current = " (current)" if number == len(state.grid) and state.outcome == "playing" else ""
        cards = ", ".join(
            side(state.cards, p.card, state.upgraded).name
            + (" [upgraded]" if p.card in state.upgraded else "")
            + (" [rotated]" if p.rotated else "")
            for p in row
        )
        gives = symbol_text(row_symbols(state.cards, row, state.upgraded))
        lines.append(f"  Row {number}{current}: {cards or 'empty'} → {gives}")
    for seat in range(state.crew):
        hand = ", ".join(_hand_card(state, c) for c in state.hands[seat]) or "no cards"
        held = state.stations[seat]
        occupied = f"; occupies {occupation(state, held)}" if held else ""
        lines.append(f"Crew {seat + 1} ({len(state.hands[seat])}/{hand_size(state, seat)}): {hand}{occupied}")
    if state.pending is not None and decision:
        lines.append(f"Decision: {decision_text(state)}")
    if state.outcome == "won":
        lines.append(f"Delivered! Score {state.score}, {plural(state.stars, 'star')}: {state.rating}")
    elif state.outcome == "lost":
        lines.append(f"Lost: {state.loss_reason}")
    return "\n".join(lines)


SUMMARY_LIMIT = 1024  # Discord's limit on an attachment's description (the picture's alt text)
SHOWN_ROWS = 5  # the newest grid rows the picture and its words show in full
HELP_NAMES = {"procure": "procure-ingredient:front", "frontier": "procure-ingredient:back"}  # glossary ids


def crew_names(
    state: State, names: Sequence[str] | None = None, limit: int = 24, locale: Locale = "en"
) -> list[str]:
    """A readable name per seat: "2. Ann", the given display name shortened after the seat's number
    (the game's lines say "Crew 2", the board's crew list numbers its members), or "Crew 2" when
    there is none."""
    given = list(names or ())
    shown: list[str] = []
    for seat in range(state.crew):
        name = clip(" ".join(given[seat].split()) if seat < len(given) else "", limit, tidy=True)
        shown.append(f"{seat + 1}. {name}" if name else Seat(seat).say(locale))
    return shown


def changed_note(state: State, kind: str, locale: Locale = "en", *, short: bool = False) -> str:
    """Why a sector's jump drive (`kind` "jump_drive") or danger ("danger") is not the printed one:
    " (9 printed, −1 Tractor Beam)", from the occupied stations and the ship; `short` for the picture,
    " (9−1)"; "" when it is the printed one."""
    spec = sector_side(state)
    if spec is None:
        return ""
    printed = spec.jump.drive[state.crew - 1] if kind == "jump_drive" else spec.danger[state.crew - 1]
    if not printed:  # no jump, or danger 0: nothing changes them
        return ""
    sign = -1 if kind == "jump_drive" else 1
    changes: list[tuple[int, str]] = []
    for card in filter(None, state.stations):
        occupied = side(state.cards, card, state.upgraded).occupied
        if occupied.permanent == kind:
            changes.append((sign * occupied.amount, card_name(locale, state.cards, card, state.upgraded)))
    changes += [(r.amount, ship_name(locale, state.ship)) for r in ship_of(state).rules if r.rule == kind]
    if not changes:
        return ""
    if short:
        return f" ({printed}{''.join(f'{amount:+}'.replace('-', '−') for amount, _ in changes)})"
    said = ", ".join(f"{'+' if amount > 0 else '−'}{abs(amount)} {source}" for amount, source in changes)
    return t(locale, " ({printed} printed, {changes})", printed=printed, changes=said)


def jump_text(state: State, locale: Locale = "en", *, short: bool = False) -> str:
    """What a jump needs for this crew size and these stations, and why it is not the printed drive;
    "X" is the printed cannot-jump."""
    spec, drive = sector_side(state), jump_drive(state)
    if spec is None or drive is None:
        return t(locale, "X (no jump)")
    note = changed_note(state, "jump_drive", locale, short=short)  # said beside the drive it explains
    return t(
        locale,
        JUMP_NOW if spec.jump.navigation else JUMP_NOW_DRIVE,
        drive=drive,
        note=note,
        navigation=spec.jump.navigation,
    )


def danger_text(state: State, locale: Locale = "en") -> str:
    value, count = danger_value(state), len(state.current_row)
    if value == 0:
        return t(locale, "danger 0 (strikes at once)")
    if being_cleared(state):
        return t(locale, DANGER_CLEARED, count=value, why=changed_note(state, "danger", locale))
    return tn(
        locale,
        "danger {count}{why}: the current row holds {held} of {count} card",
        "danger {count}{why}: the current row holds {held} of {count} cards",
        value,
        held=count,
        why=changed_note(state, "danger", locale),
    )


_ARTICLES = frozenset({"The", "Die", "Der", "Das", "La", "El"})  # a help card's name's, dropped for short


def _help(locale: Locale, key: str) -> str:
    return term(locale, "dine", "help", HELP_NAMES[key])


def road_ahead(state: State, *, short: bool = False, locale: Locale = "en") -> str:
    """The sectors still to cross after the current one, as the table shows them (public: the help
    cards say what they lay out, the level how many; which cards, and which boss, stay unknown):
    "3 easy sectors, then The Final Frontier, then 3 hard sectors, then the boss"; `short` for the
    picture's header: "3 easy, Final Frontier, 3 hard, boss"."""
    runs: list[tuple[str, int]] = []
    for step in road(state):
        if runs and runs[-1][0] == step and step != "boss":
            runs[-1] = (step, runs[-1][1] + 1)
        else:
            runs.append((step, 1))

    def said(kind: str, n: int) -> str:
        if kind in HELP_NAMES:  # a card's name: its article off in the short list, quoted mid-sentence
            name = _help(locale, kind)
            if short:
                bare = name.split(" ", 1)[1] if name.split(" ", 1)[0] in _ARTICLES else name
                return bare[:1].upper() + bare[1:]
            return name if locale == "en" else t(locale, "“{name}”", name=name)
        if kind == "boss":
            return t(locale, "boss") if short else t(locale, "the boss")
        if short and kind == "easy":  # an adjective: plural in German and Spanish
            return tn(locale, "{count} easy", "{count} easy", n)
        if short and kind == "hard":
            return tn(locale, "{count} hard", "{count} hard", n)
        if short:
            return tn(locale, "{count} starter", "{count} starter", n)
        if kind == "easy":
            return tn(locale, "{count} easy sector", "{count} easy sectors", n)
        if kind == "hard":
            return tn(locale, "{count} hard sector", "{count} hard sectors", n)
        return tn(locale, "{count} starter sector", "{count} starter sectors", n)

    words = [said(kind, n) for kind, n in runs]
    if short:
        return ", ".join(words) if words else t(locale, "last sector")
    return t(locale, ", then ").join(words) if words else t(locale, "none (the customer's door is next)")


def road_text(state: State, locale: Locale = "en") -> str:
    """ "Road ahead after this sector: …", the status line's reading of the sector stack."""
    return t(locale, "Road ahead after this sector: {road}", road=road_ahead(state, locale=locale))


def in_order(given: Mapping[Symbol, int]) -> dict[Symbol, int]:
    """Symbols in the rulebook's order, as the picture shows them, whatever order they were counted in."""
    return {symbol: given.get(symbol, 0) for symbol in Symbol}


def placed_name(state: State, card: str, rotated: bool, locale: Locale = "en") -> str:
    """A grid card as the board names it: "Ramjet", "Ramjet (upgraded) rotated" (a played card's
    side is public: a crew member must see why it gives more than their own copy)."""
    name = card_name(locale, state.cards, card, state.upgraded) + upgraded_mark(state, card, locale)
    return t(locale, "{name} rotated", name=name) if rotated else name


def upgraded_mark(state: State, card: str, locale: Locale = "en") -> str:
    """ " (upgraded)" after the name of a card lying on its upgraded side, else nothing."""
    return t(locale, " (upgraded)") if card in state.upgraded else ""


def _row_words(state: State, number: int, cards: bool, locale: Locale) -> str:
    row = state.grid[number - 1]
    current = number == len(state.grid) and state.outcome == "playing"  # an ended game has none
    totals = symbol_text(in_order(row_symbols(state.cards, row, state.upgraded)), locale)
    if not cards:
        held = tn(locale, "{count} card", "{count} cards", len(row))
    else:
        held = ", ".join(placed_name(state, p.card, p.rotated, locale) for p in row) or t(locale, "empty")
    if current:
        return t(
            locale, "row {number} (current): {cards} → {totals}", number=number, cards=held, totals=totals
        )
    return t(locale, "row {number}: {cards} → {totals}", number=number, cards=held, totals=totals)


def rating_text(state: State, locale: Locale = "en") -> str:
    """The help card's words for the score (the state keeps them in English)."""
    return state.rating if locale == "en" else term(locale, "dine", "ratings", str(state.stars))


def won_text(state: State, locale: Locale = "en") -> str:
    return t(
        locale,
        "Delivered! Score {score}, {stars} of 5 stars: {rating}",
        score=state.score,
        stars=state.stars,
        rating=rating_text(state, locale),
    )


def voyage_lines(state: State, locale: Locale = "en") -> list[str]:
    """A delivered pizza's score worked out (R19: 2 × pizza spaces left + damage spaces left), the
    score its next star needs, and how the crew crossed the sectors: what the board shows of a won
    game in the place of a sector."""
    better = [r.min_score for r in state.cards.ratings if r.stars > state.stars]
    return [
        t(
            locale,
            "Score {score} = 2 × pizza spaces left ({pizza}) + damage spaces left ({damage}).",
            score=state.score,
            pizza=state.pizza,
            damage=state.damage,
        ),
        t(locale, "The next star needed a score of {score}.", score=min(better))
        if better
        else t(locale, "The best rating there is."),
        t(
            locale,
            "{cleared} sectors crossed: {solved} solved, {jumped} jumped, in {actions} actions.",
            cleared=state.cleared,
            solved=state.solved,
            jumped=state.cleared - state.solved,
            actions=state.actions_taken,
        ),
    ]


def board_summary(state: State, names: Sequence[str] | None = None, locale: Locale = "en") -> str:
    """The public table in at most 1024 characters, for the board picture's alt text.

    Unlike `describe_board` it never names a hand card (hands are private: the picture is posted
    for everyone) and it fits Discord's description limit, most important facts first: whatever
    has to give way in a crowded game is the grid rows' cards, the older rows' first.
    """
    crew = crew_names(state, names, locale=locale)
    lines: list[str] = []
    if state.outcome == "won":
        lines.append(" ".join([won_text(state, locale).rstrip(".") + ".", *voyage_lines(state, locale)]))
    elif state.outcome == "lost":
        lines.append(t(locale, "Lost: {reason}", reason=loss_text(state, locale)))
    spec = sector_side(state)
    if spec is not None:
        rules = t(locale, " Rules: {rules}.", rules=sector_rules_text(spec, locale)) if spec.rules else ""
        lines.append(
            t(
                locale,
                "Sector {name} ({kind}, level {level}): jump needs {jump}; solve with {solutions}; "
                "{danger}; then {then}.",
                name=sector_name(locale, state.cards, spec),
                kind=word(locale, spec.kind),
                level=spec.level,
                jump=jump_text(state, locale),
                solutions=solutions_text(spec, locale, state.crew),
                danger=danger_text(state, locale),
                then=consequences_text(spec, locale),
            )
            + rules
            + (f" {met}" if (met := met_note(state, locale)) else "")
        )
    lines.append(
        t(
            locale,
            "{ship} ({level}): {tracks}. {deck}; discard {discard}, removed {removed}.",
            ship=ship_name(locale, state.ship),
            level=difficulty_name(locale, state),
            tracks=tracks_text(state, locale),
            deck=deck_text(state, locale),
            discard=len(state.discard),
            removed=len(state.removed),
        )
        + (f" {road_text(state, locale)}." if state.outcome == "playing" else "")  # none once it is over
    )
    members: list[str] = []
    for seat, name in enumerate(crew):
        held = state.stations[seat]
        holds = dict(name=name, held=len(state.hands[seat]), size=hand_size(state, seat))
        if held:
            members.append(
                t(
                    locale,
                    "{name} holds {held}/{size} cards, at {station}",
                    station=occupation(state, held, locale),
                    **holds,
                )
            )
        else:
            members.append(t(locale, "{name} holds {held}/{size} cards", **holds))
    lines.append("; ".join(members) + ".")
    if state.pending is not None:
        lines.append(t(locale, "Decision: {reason}", reason=decision_text(state, locale, names or ())))
    head = "\n".join(lines)
    count = len(state.grid)
    total = tn(
        locale,
        "Grid of {count} row, in all {symbols}:",
        "Grid of {count} rows, in all {symbols}:",
        count,
        symbols=symbol_text(in_order(symbols(state)), locale),
    )
    first = max(1, count - SHOWN_ROWS + 1)
    shown = range(first, count + 1)

    def more(n: int) -> list[str]:
        return [tn(locale, "+{count} older row", "+{count} older rows", n)] if n > 0 else []

    older, only = more(first - 1), more(count - 1)
    # Less and less detail until it fits: the shown rows' cards; the current row's cards and the older
    # rows' totals; the current row alone, with its cards; only its totals.
    choices = [
        older + [_row_words(state, n, True, locale) for n in shown],
        older + [_row_words(state, n, n == count, locale) for n in shown],
        [*only, _row_words(state, count, True, locale)],
        [*only, _row_words(state, count, False, locale)],
    ]
    text = head  # replaced by the first choice below
    for rows in choices:
        text = f"{head}\n{total} {'; '.join(rows)}."
        if len(text) <= SUMMARY_LIMIT:
            return text
    return clip(text, SUMMARY_LIMIT)


def payment_words(state: State, payment: Payment, locale: Locale = "en", cost: Cost | None = None) -> str:
    """How a move is paid ("removing X", "discarding Y from row 2"), or "" when nothing is paid: hand
    cards in the verb of the `cost` they pay, as the cost reads ("giving up X" when it is not known)."""
    parts: list[str] = []
    if payment.hand:
        names = ", ".join(card_name(locale, state.cards, c, state.upgraded) for c in payment.hand)
        if cost is not None and cost.kind == "remove":
            parts.append(t(locale, "removing {cards}", cards=names))
        elif cost is not None and cost.kind == "discard":
            parts.append(t(locale, "discarding {cards}", cards=names))
        else:
            parts.append(t(locale, "giving up {cards}", cards=names))
    if payment.row is not None:
        names = ", ".join(card_name(locale, state.cards, c, state.upgraded) for c in payment.grid)
        parts.append(t(locale, "discarding {cards} from row {row}", cards=names, row=payment.row + 1))
    return t(locale, " and ").join(parts)


@dataclass(frozen=True, slots=True)
class Described:
    """A move in its parts: whose it is (None: the crew's decision), what it does, the printed action
    it uses ("cost: effect"), how it is paid, in the language it was described in.

    The board's log, a hand view's note and a control each take the parts they need; nothing cuts a
    rendered sentence back apart.
    """

    seat: int | None
    what: str
    paid: str = ""
    rule: str = ""  # the used action as printed, "discard another hand card: rotate, play"
    locale: Locale = "en"
    name: str | None = None  # whose move it is, where the reader knows the crew's names

    @property
    def deed(self) -> str:
        """The move without whose it is: "play X rotated (discard another hand card: rotate, play) by
        discarding Y"."""
        ruled = f"{self.what} ({self.rule})" if self.rule else self.what
        return t(self.locale, "{move} by {payment}", move=ruled, payment=self.paid) if self.paid else ruled

    @property
    def text(self) -> str:
        if self.seat is None:
            return self.deed
        crew = Seat(self.seat, self.name).say(self.locale)
        return t(self.locale, "{crew}: {move}", crew=crew, move=self.line)

    @property
    def line(self) -> str:
        """The move as a line of the log says it after whose it is: capitalised, as a crew decision's
        ("Solve the sector …") is beside it ("Ann: Occupy nothing new", not "occupy nothing new")."""
        return capitalised(self.deed)


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


def describe(
    state: State,
    action: Action,
    seats: Container[int] | None = None,
    locale: Locale = "en",
    names: Sequence[str] = (),
) -> Described:
    """`action` in words for a reader holding `seats` (None: one who may see every hand, as in the
    terminal game), the crew named by `names` where known. A card the move leaves in its hand is named
    only to that hand's holder; every other card a move names goes public by the move itself (played,
    paid, occupied, given up)."""

    def hidden(seat: int) -> bool:
        return seats is not None and seat not in seats

    def named(card: str) -> str:
        return card_name(locale, state.cards, card, state.upgraded)

    def said(seat: int | None, what: str, paid: str = "", rule: str = "") -> Described:
        return Described(seat, what, paid, rule, locale, None if seat is None else Seat.of(seat, names).name)

    match action:
        case PlayCard(seat=seat, card=card, action=index, payment=payment):
            used = side(state.cards, card, state.upgraded).actions[index]
            rotated = any(e.op == "rotate_play" for e in used.effects)
            what = (
                t(locale, "play {card} rotated", card=named(card))
                if rotated
                else t(locale, "play {card} upright", card=named(card))
            )
            rule = action_text(used, locale, in_hand=True)
            return said(seat, what, payment_words(state, payment, locale, used.cost), rule)
        case UseStation(seat=seat, payment=payment):
            used = used_action(state, action)
            rule = action_text(used, locale) if used is not None else ""
            what = t(locale, "use {card}", card=named(state.stations[seat] or ""))
            cost = used.cost if used is not None else None
            return said(seat, what, payment_words(state, payment, locale, cost), rule)
        case UseShip(seat=seat, index=index, payment=payment):
            used = ship_of(state).actions[index]
            paid = payment_words(state, payment, locale, used.cost)
            return said(seat, t(locale, "ship action"), paid, action_text(used, locale))
        case Clear(how="continue"):
            return said(None, t(locale, "Keep playing"))
        case Clear(how="jump"):
            return said(None, t(locale, "Jump to the next sector"))
        case Clear(solution=i):
            spec = sector_side(state)
            solution = spec.solutions[i] if spec else None
            if solution and solution.pay:
                what = t(
                    locale, "pay {amount} {track}", amount=solution.amount, track=word(locale, solution.pay)
                )
            elif solution:  # which symbols it takes: several solutions may be met at once
                needs = solution_text(solution, locale, state.crew)
                if spec is not None and len(spec.solutions) == 1:  # no number to tell it apart by
                    return said(None, t(locale, "Solve the sector with {needs}", needs=needs))
                what = t(locale, "solution {number}: {needs}", number=i + 1, needs=needs)
            else:
                what = t(locale, "solution {number}", number=i + 1)
            return said(None, t(locale, "Solve the sector ({how})", how=what))
        case Upgrade(card=None):
            return said(None, t(locale, "Upgrade nothing"))
        case Upgrade(seat=seat, card=card):
            holder = seat or 0
            name = t(locale, "a hand card") if hidden(holder) else named(card or "")
            return said(holder, t(locale, "upgrade {card}", card=name))
        case Occupy(seat=seat, card=None):
            return said(seat, t(locale, "occupy nothing new"))
        case Occupy(seat=seat, card=card):
            old = state.stations[seat]
            if old is None:
                return said(seat, t(locale, "occupy {card}", card=named(card or "")))
            # the station held goes to the discard pile (rulebook): said before anyone picks
            words = t(locale, "occupy {card} in place of {old}", card=named(card or ""), old=named(old))
            return said(seat, words)
        case Choose(option=i):
            spec = sector_side(state)
            if spec is not None and i < len(spec.consequences):
                chosen = describe_effects(spec.consequences[i], locale)
            else:
                chosen = state.pending.options[i] if state.pending else str(i + 1)
            return said(None, t(locale, "Choose “{option}”", option=chosen))
        case Give(seat=seat, card=card):
            # a removed card leaves the game for good, a discarded one comes back with a reshuffle
            if state.pending is not None and state.pending.give == "discard":
                return said(seat, t(locale, "discard {card}", card=named(card)))
            return said(seat, t(locale, "remove {card} from the game", card=named(card)))
        case Shield(payment=payment):
            if payment is None:
                return said(None, t(locale, "Take the damage"))
            return said(None, t(locale, "Pay a shield"), payment_words(state, payment, locale))
    return Described(None, repr(action))


def told_by_engine(action: Action) -> bool:
    """Whether the engine's own events already say this seat's move and whose it is ("Ann plays X into
    row 1", "Ann occupies X", "Ann upgrades a hand card", "Ann discards X"): the board's log then needs
    no line of its own for it when the seat's holder made it. A crew decision (solve or jump, A OR B,
    a shield) keeps its line: the engine's words do not say which member decided."""
    match action:
        case PlayCard() | Give():
            return True
        case Upgrade(card=card) | Occupy(card=card):
            return card is not None
        case _:
            return False


def describe_action(state: State, action: Action) -> str:
    """`action` in words, naming every card (the terminal game, the search's notes, a hand's own view)."""
    return describe(state, action).text
