"""Why a Dine move is worth making, in the game's words, from the state: the heuristic crew's reasons
(`core.dine.ai`), which `/dine hint` and the terminal's `h` show, in the reader's language.

A reason says what the move achieves now — the grid nearer a way out ("it adds 2 drive: the grid then
holds 4 of the 5 drive the jump needs"), the sector solved or jumped, a card kept, the danger held
off — never the move again in other words: the move's own label is shown beside it. A reason names
only the acting member's own cards and public ones, so it may be shown to that member alone.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from core.i18n import Locale, mark, t, tn
from core.i18n.glossary import term

from .actions import Choose, Clear, Give, Occupy, Shield, Upgrade
from .cards import Cost, Effect, Occupied, SectorSide, StationSide, Symbol
from .engine import (
    SYMBOL_NAMES,
    danger_value,
    describe_effects,
    hand_size,
    idle_effect,
    loses_at_once,
    sector_side,
    ship_of,
)
from .state import State
from .symbols import SYMBOLS, face, payments, side, side_worth
from .told import current_sector


def amounts_text(amounts: Iterable[tuple[int, str]], locale: Locale = "en") -> str:
    """ "2 drive, 1 navigation" from (amount, word in `locale`) pairs, zeros left out: the one way an
    amount is said, by the cards, the board and the hints alike ("3 de energía")."""
    said = [t(locale, "{count} {symbol}", count=n, symbol=word) for n, word in amounts if n > 0]
    return ", ".join(said) or t(locale, "nothing")


def symbol_words(given: Mapping[Symbol, int], locale: Locale = "en") -> str:
    """ "2 drive, 1 navigation", in the grid's symbol order."""
    return amounts_text(((given.get(s, 0), t(locale, SYMBOL_NAMES[str(s)])) for s in SYMBOLS), locale)


def as_counter(vector: Sequence[int]) -> Counter[Symbol]:
    """A symbol vector (`SYMBOLS` order) as counts."""
    return Counter({s: n for s, n in zip(SYMBOLS, vector, strict=True) if n})


def _sector(state: State, locale: Locale = "en") -> tuple[str, SectorSide | None]:
    spec = sector_side(state)
    if spec is None:
        return t(locale, "the sector"), None
    found = current_sector(state)
    return (spec.name if locale == "en" or found is None else found.say(locale)), spec


def way_words(state: State, target: str, locale: Locale = "en") -> str:
    """A way out as the players say it: "the jump", "solving Asteroid Belt"."""
    name, _ = _sector(state, locale)
    return t(locale, "the jump") if target == "the jump" else t(locale, "solving {sector}", sector=name)


Counts = Mapping[Symbol, int]


def progress_words(
    state: State, target: str, need: Counts, before: Counts, after: Counts, locale: Locale = "en"
) -> str:
    """What a card adds toward the nearest way out, and how far the grid then is from it."""
    way = way_words(state, target, locale)
    added = Counter({s: after.get(s, 0) - before.get(s, 0) for s in need})
    added = +added  # only what grew
    total = sum(need.values())
    done = sum(min(after.get(s, 0), n) for s, n in need.items())
    missing = Counter({s: n - after.get(s, 0) for s, n in need.items() if after.get(s, 0) < n})
    if done >= total:
        return t(
            locale,
            "with it the grid holds the {symbols} {way} needs: the crew may leave the sector",
            symbols=symbol_words(need, locale),
            way=way,
        )
    holds = t(
        locale,
        "holds {done} of the {total} symbols needed, {missing} to go",
        done=done,
        total=total,
        missing=symbol_words(missing, locale),
    )
    if added:
        return t(
            locale,
            "it adds {symbols} toward {way}: the grid then {holds}",
            symbols=symbol_words(added, locale),
            way=way,
            holds=holds,
        )
    extra = +(Counter(after) - Counter(before))
    if extra:
        laid = t(locale, "it adds {symbols} to the grid", symbols=symbol_words(extra, locale))
    else:
        laid = t(locale, "it lays a card at little cost")
    return t(
        locale,
        "{laid}, though {way}, the nearest way out, gains nothing (the grid {holds})",
        laid=laid,
        way=way,
        holds=holds,
    )


def danger_words(state: State, row_after: int, strikes: bool, drive: int, locale: Locale = "en") -> str:
    """What the move does to the danger: sets it off (and what the crew draws), or how close it is."""
    name, spec = _sector(state, locale)
    limit = danger_value(state)
    if not limit or spec is None:
        return ""
    if strikes:
        hurt = t(locale, " or ").join(describe_effects(option, locale) for option in spec.consequences)
        draws = (
            tn(
                locale,
                ", and the crew draws {count} card for the row's drive",
                ", and the crew draws {count} cards for the row's drive",
                drive,
            )
            if drive
            else ""
        )
        return t(
            locale,
            "it fills the row, so {sector} strikes ({hurt}){draws}",
            sector=name,
            hurt=hurt,
            draws=draws,
        )
    return t(
        locale,
        "the row then holds {held} of the {limit} cards that set {sector} off",
        held=row_after,
        limit=limit,
        sector=name,
    )


def _gain(locale: Locale, op: str, n: int) -> str:
    match op:
        case "draw":
            return tn(locale, "you draw {count} card", "you draw {count} cards", n)
        case "crew_draw":
            return tn(
                locale, "every crew member draws {count} card", "every crew member draws {count} cards", n
            )
        case "repair":
            return t(locale, "the ship is repaired by {n}", n=n)
        case "ship_right":
            return t(locale, "the ship marker moves {n} right", n=n)
        case _:  # recover
            return tn(
                locale,
                "you take {count} card back from the discard pile",
                "you take {count} cards back from the discard pile",
                n,
            )


_GAINS = frozenset({"draw", "crew_draw", "repair", "ship_right", "recover"})


def gain_words(
    state: State, effects: Sequence[Effect], seat: int | None, spent: int = 0, locale: Locale = "en"
) -> str:
    """What an action's effects give the crew, with the state that makes it matter; `spent`: the hand
    cards the move itself takes from the actor's hand (the card played, the cards paid)."""
    parts: list[str] = []
    for e in effects:
        if e.op not in _GAINS:
            continue
        said = _gain(locale, e.op, e.amount)
        if e.op == "draw" and seat is not None:
            held = len(state.hands[seat]) - spent
            said += t(
                locale,
                " (your hand holds {held} of {size} before the draw)",
                held=held,
                size=hand_size(state, seat),
            )
        elif e.op == "repair":
            said += t(
                locale,
                " (from {damage} of {length} damage spaces)",
                damage=state.damage,
                length=ship_of(state).damage.length,
            )
        elif e.op == "ship_right" and (track := ship_of(state).marker) is not None:
            to = min(state.marker + e.amount, track.length)
            said += t(
                locale,
                " (to space {to} of {length}), to pay for what the ship itself can do later",
                to=to,
                length=track.length,
            )
        elif e.op == "crew_draw":
            held = sum(map(len, state.hands))
            places = sum(hand_size(state, seat) for seat in range(state.crew))
            said += t(
                locale, " (the crew holds {held} cards for {places} hand places)", held=held, places=places
            )
        if e.op in ("draw", "crew_draw") and not state.deck and not state.discard:
            said += t(locale, ", if any card is left to draw")
        parts.append(said)
    return t(locale, " and ").join(parts)


def use_words(
    state: State,
    effects: Sequence[Effect],
    seat: int | None,
    spent: int = 0,
    locale: Locale = "en",
    cost: Cost | None = None,
) -> str:
    """Why use a station's or the ship's action: what it gives now (nothing, when every effect would
    change nothing: a repair with no damage, a draw from no cards; `cost` as `idle_effect` reads it)."""
    if idle_effect(state, tuple(effects), cost) is not None:
        return t(locale, "it changes nothing now: there is nothing for it to do")
    gains = gain_words(state, effects, seat, spent, locale)
    return gains or t(
        locale, "it does {effects} now, for the least cost", effects=describe_effects(tuple(effects), locale)
    )


_TRACK_LEFT = {
    "pizza": mark(
        "{sector} is left at once, before its danger strikes, with {count} pizza still left; "
        "the grid is {progress} of the way to any other way out"
    ),
    "damage": mark(
        "{sector} is left at once, before its danger strikes, with {count} damage spaces "
        "still left; the grid is {progress} of the way to any other way out"
    ),
    "ship": mark(
        "{sector} is left at once, before its danger strikes, with {count} ship marker spaces "
        "still left; the grid is {progress} of the way to any other way out"
    ),
}


def toll_words(state: State, action: Clear, progress: float, locale: Locale = "en") -> str:
    """Why pay a track to leave the sector now."""
    name, spec = _sector(state, locale)
    if spec is None:
        return t(locale, "it leaves the sector now")
    solution = spec.solutions[action.solution]
    left = {"pizza": state.pizza, "damage": state.damage, "ship": state.marker}.get(str(solution.pay), 0)
    after = left - solution.amount
    return t(
        locale,
        _TRACK_LEFT.get(str(solution.pay), _TRACK_LEFT["pizza"]),
        sector=name,
        count=after,
        progress=f"{progress:.0%}",
    )


def clear_words(state: State, action: Clear, jump_too: bool, locale: Locale = "en") -> str:
    """Why solve (or jump) when an action met a way out."""
    name, spec = _sector(state, locale)
    if action.how == "jump":
        return t(
            locale,
            "the grid has what the jump needs and meets no solution: this leaves {sector} now",
            sector=name,
        )
    upgrade = spec is not None and "no_upgrade" not in spec.rules
    if upgrade and jump_too:
        return t(
            locale,
            "{sector} is cleared now"
            ", and a crew member may upgrade a hand card, which the jump would not give",
            sector=name,
        )
    if upgrade:
        return t(locale, "{sector} is cleared now, and a crew member may upgrade a hand card", sector=name)
    return t(locale, "{sector} is cleared now", sector=name)


def _gives(shown: StationSide) -> Counter[Symbol]:
    """What a side gives upright in a row, directly (its printed drive counts, R1)."""
    given = Counter(shown.row.symbols)
    if shown.drive:
        given[Symbol.DRIVE] += shown.drive
    return given


def upgrade_words(state: State, action: Upgrade, locale: Locale = "en") -> str:
    if action.card is None:
        return t(locale, "no hand card gains anything from its upgraded side")
    normal, upgraded = face(state.cards, action.card, False), face(state.cards, action.card, True)
    now, then = _gives(normal), _gives(upgraded)
    fields = {"then": symbol_words(then, locale), "now": symbol_words(now, locale)}
    if len(upgraded.row.produce) > len(normal.row.produce):
        return t(locale, "upgraded, it gives {then} in a row instead of {now} and produces more", **fields)
    return t(locale, "upgraded, it gives {then} in a row instead of {now}", **fields)


def occupied_words(occupied: Occupied, locale: Locale = "en") -> str:
    """What a station does while occupied, after "it"."""
    if occupied.action is not None:
        return t(
            locale,
            "gives you an extra action ({effects})",
            effects=describe_effects(occupied.action.effects, locale),
        )
    if occupied.permanent == "hand_size":
        return t(locale, "raises your hand size by {n}", n=occupied.amount)
    if occupied.permanent == "danger":
        return tn(
            locale,
            "lets {count} more card into a row before the danger strikes",
            "lets {count} more cards into a row before the danger strikes",
            occupied.amount,
        )
    if occupied.permanent == "jump_drive":
        return t(locale, "lowers the drive every jump needs by {n}", n=occupied.amount)
    return t(  # "gives draw 1 each time …" read as a typo: the effect is quoted, as the card words it
        locale,
        "sets off “{effects}” each time the grid gains {symbol}",
        effects=describe_effects(occupied.effects, locale),
        symbol=t(locale, SYMBOL_NAMES[str(occupied.trigger)]),
    )


def occupy_words(state: State, action: Occupy, why: str, locale: Locale = "en") -> str:
    """Why occupy this card (or keep what the member has); `why` names the heuristic's ground when no
    card is taken ("kept", "needed", "none")."""
    seat = action.seat
    if action.card is not None:
        occupied = side(state.cards, action.card, state.upgraded).occupied
        return t(
            locale,
            "while occupied it {what}, which serves the crew longer than one play",
            what=occupied_words(occupied, locale),
        )
    held = state.stations[seat]
    if why == "kept" and held is not None:
        name = (
            side(state.cards, held, state.upgraded).name
            if locale == "en"
            else term(locale, "dine", "cards", held)
        )
        return t(locale, "your {card} stays: a new station would discard it", card=name)
    if why == "needed":
        return t(
            locale, "the crew has no card to spare: every card still in play is needed to fill the hands"
        )
    if not state.hands[seat]:
        return t(locale, "your hand is empty: there is no card to occupy")
    return t(locale, "no card in your hand can be occupied now: another member holds each of their stations")


def choose_words(state: State, spec: SectorSide, chosen: int, locale: Locale = "en") -> str:
    """What this consequence spares: the tracks and cards the other one would hit, as they stand."""
    others = [i for i in range(len(spec.consequences)) if i != chosen]
    if not others:
        return t(locale, "it is the only consequence")
    other = spec.consequences[others[0]]
    if loses_at_once(state, Choose(option=others[0])) and not loses_at_once(state, Choose(option=chosen)):
        return t(
            locale,
            "the other option, {effects}, would lose the game at once",
            effects=describe_effects(other, locale),
        )
    spared: list[str] = []
    for e in other:
        if e.op == "damage":
            spared.append(
                tn(
                    locale,
                    "the ship ({count} damage space left)",
                    "the ship ({count} damage spaces left)",
                    state.damage,
                )
            )
        elif e.op == "pizza":
            spared.append(
                tn(locale, "the pizza ({count} space left)", "the pizza ({count} spaces left)", state.pizza)
            )
        elif e.op in ("remove_cards", "discard_cards"):
            held = sum(map(len, state.hands))
            spared.append(tn(locale, "the hands ({count} card held)", "the hands ({count} cards held)", held))
    what = t(locale, " and ").join(dict.fromkeys(spared)) or t(locale, "the crew")
    words = t(
        locale,
        "it spares {what}; the other option is {effects}",
        what=what,
        effects=describe_effects(other, locale),
    )
    # what the pick costs beyond its numbers: a damage point on a "Remove cards" space takes a card
    damage = sum(e.amount for e in spec.consequences[chosen] if e.op == "damage")
    spaces = ship_of(state).damage.remove_cards
    hit = sum(1 for space in range(state.damage - damage, state.damage) if space in spaces)
    if hit:
        words += tn(
            locale,
            "; unless a shield stops it, the damage lands on {count} “Remove cards” space, and a hand "
            "card leaves the game",
            "; unless shields stop it, the damage lands on {count} “Remove cards” spaces, and a hand "
            "card leaves the game for each",
            hit,
        )
    return words


def give_words(state: State, action: Give, give: str, locale: Locale = "en") -> str:
    """Why give up this card: it gives the least of the member's cards in a row, as the crews weigh
    them (`side_worth`), its productions said too ("gives nothing" of a card making 1 shield per
    energy misled a new player)."""
    hand = state.hands[action.seat]
    shown = side(state.cards, action.card, state.upgraded)
    worth = side_worth(state.cards, action.card, action.card in state.upgraded)
    less = sum(side_worth(state.cards, c, c in state.upgraded) < worth for c in hand)
    gives = _gives(shown)
    parts = [symbol_words(gives, locale)] * bool(gives) + [
        t(
            locale,
            "{amount} {symbol} per {per} {of}",
            amount=made.amount,
            symbol=t(locale, SYMBOL_NAMES[str(made.symbol)]),
            per=made.per,
            of=t(locale, SYMBOL_NAMES[str(made.of)]),
        )
        for made in shown.row.produce
    ]
    only = t(locale, "only {symbols}", symbols=" + ".join(parts)) if parts else t(locale, "nothing")
    fields = {"only": only}
    if give == "remove":
        if less:
            return tn(
                locale,
                "it gives {only} in a row, among the least of your {count} card"
                ", and it leaves the game for good",
                "it gives {only} in a row, among the least of your {count} cards"
                ", and it leaves the game for good",
                len(hand),
                **fields,
            )
        return tn(
            locale,
            "it gives {only} in a row, the least of your {count} card, and it leaves the game for good",
            "it gives {only} in a row, the least of your {count} cards, and it leaves the game for good",
            len(hand),
            **fields,
        )
    if less:
        return tn(
            locale,
            "it gives {only} in a row, among the least of your {count} card, and it goes to the discard pile",
            "it gives {only} in a row, among the least of your {count} cards"
            ", and it goes to the discard pile",
            len(hand),
            **fields,
        )
    return tn(
        locale,
        "it gives {only} in a row, the least of your {count} card, and it goes to the discard pile",
        "it gives {only} in a row, the least of your {count} cards, and it goes to the discard pile",
        len(hand),
        **fields,
    )


def shield_words(state: State, action: Shield, amount: int, locale: Locale = "en") -> str:
    if action.payment is None:
        if next(payments(state.cards, state.grid, state.upgraded, {Symbol.SHIELD: 1}), None) is not None:
            return t(locale, "the grid stays as it is and the ship takes the damage")  # a shield could pay
        return t(locale, "no shield in the grid can pay for it")
    row = (action.payment.row or 0) + 1
    stops = t(locale, "the 1 damage") if amount == 1 else t(locale, "1 of the {amount} damage", amount=amount)
    cost = tn(locale, "{count} card", "{count} cards", len(action.payment.grid))
    keeping = tn(locale, "{count} damage space", "{count} damage spaces", state.damage)
    return t(
        locale,
        "a shield from row {row} stops {stops} for {cost} of the grid, keeping the ship's {keeping}",
        row=row,
        stops=stops,
        cost=cost,
        keeping=keeping,
    )


Answer = Clear | Upgrade | Occupy | Choose | Give | Shield


def pending_words(state: State, action: Answer, why: str = "", locale: Locale = "en") -> str:
    """Why answer a pending decision this way (`why`: the heuristic's ground for an occupy)."""
    pending = state.pending
    match action:
        case Clear():
            jump_too = pending is not None and "jump" in pending.options
            return clear_words(state, action, jump_too, locale)
        case Upgrade():
            return upgrade_words(state, action, locale)
        case Occupy():
            return occupy_words(state, action, why, locale)
        case Choose(option=option):
            spec = sector_side(state)
            if spec is not None:
                return choose_words(state, spec, option, locale)
            return t(locale, "it is the lighter consequence")
        case Give():
            return give_words(state, action, pending.give if pending is not None else "discard", locale)
        case Shield():
            return shield_words(state, action, pending.amount if pending is not None else 1, locale)
