"""Why a Dine move is worth making, in the game's words, from the state: the heuristic crew's reasons
(`core.dine.ai`), which `/dine hint` and the terminal's `h` show.

A reason says what the move achieves now — the grid nearer a way out ("it adds 2 drive: the grid then
holds 4 of the 5 drive the jump needs"), the sector solved or jumped, a card kept, the danger held
off — never the move again in other words: the move's own label is shown beside it. A reason names
only the acting member's own cards and public ones, so it may be shown to that member alone.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from core.words import plural

from .actions import Choose, Clear, Give, Occupy, Shield, Upgrade
from .cards import Effect, Occupied, SectorSide, StationSide, Symbol
from .engine import danger_value, describe_effects, hand_size, sector_side, ship_of
from .state import State
from .symbols import SYMBOLS, face, side


def symbol_words(given: Mapping[Symbol, int]) -> str:
    """ "2 drive, 1 navigation"; in the grid's symbol order."""
    return ", ".join(f"{given[s]} {s}" for s in SYMBOLS if given.get(s, 0) > 0) or "nothing"


def as_counter(vector: Sequence[int]) -> Counter[Symbol]:
    """A symbol vector (`SYMBOLS` order) as counts."""
    return Counter({s: n for s, n in zip(SYMBOLS, vector, strict=True) if n})


def _sector(state: State) -> tuple[str, SectorSide | None]:
    spec = sector_side(state)
    return (spec.name if spec is not None else "the sector"), spec


def way_words(state: State, target: str) -> str:
    """A way out as the players say it: "the jump", "solving Asteroid Belt"."""
    name, _ = _sector(state)
    return "the jump" if target == "the jump" else f"solving {name}"


Counts = Mapping[Symbol, int]


def progress_words(state: State, target: str, need: Counts, before: Counts, after: Counts) -> str:
    """What a card adds toward the nearest way out, and how far the grid then is from it."""
    way = way_words(state, target)
    added = Counter({s: after.get(s, 0) - before.get(s, 0) for s in need})
    added = +added  # only what grew
    total = sum(need.values())
    done = sum(min(after.get(s, 0), n) for s, n in need.items())
    missing = Counter({s: n - after.get(s, 0) for s, n in need.items() if after.get(s, 0) < n})
    if done >= total:
        return f"with it the grid holds the {symbol_words(need)} {way} needs: the crew may leave the sector"
    holds = f"holds {done} of the {total} symbols needed, {symbol_words(missing)} to go"
    if added:
        return f"it adds {symbol_words(added)} toward {way}: the grid then {holds}"
    extra = +(Counter(after) - Counter(before))
    laid = f"it adds {symbol_words(extra)} to the grid" if extra else "it lays a card at little cost"
    return f"{laid}, though {way}, the nearest way out, gains nothing (the grid {holds})"


def danger_words(state: State, row_after: int, strikes: bool, drive: int) -> str:
    """What the move does to the danger: sets it off (and what the crew draws), or how close it is."""
    name, spec = _sector(state)
    limit = danger_value(state)
    if not limit or spec is None:
        return ""
    if strikes:
        hurt = " or ".join(describe_effects(option) for option in spec.consequences)
        draws = f", and the crew draws {plural(drive, 'card')} for the row's drive" if drive else ""
        return f"it fills the row, so {name} strikes ({hurt}){draws}"
    return f"the row then holds {row_after} of the {limit} cards that set {name} off"


_GAINS = {
    "draw": "you draw {cards}",
    "crew_draw": "every crew member draws {cards}",
    "repair": "the ship is repaired by {n}",
    "ship_right": "the ship marker moves {n} right",
    "recover": "you take {cards} back from the discard pile",
}


def gain_words(state: State, effects: Sequence[Effect], seat: int | None, spent: int = 0) -> str:
    """What an action's effects give the crew, with the state that makes it matter; `spent`: the hand
    cards the move itself takes from the actor's hand (the card played, the cards paid)."""
    parts: list[str] = []
    for e in effects:
        words = _GAINS.get(e.op)
        if words is None:
            continue
        said = words.format(n=e.amount, cards=plural(e.amount, "card"))
        if e.op == "draw" and seat is not None:
            held = len(state.hands[seat]) - spent
            said += f" (your hand holds {held} of {hand_size(state, seat)} before the draw)"
        elif e.op == "repair":
            said += f" (from {state.damage} of {ship_of(state).damage.length} damage spaces)"
        elif e.op == "ship_right" and (track := ship_of(state).marker) is not None:
            to = min(state.marker + e.amount, track.length)
            said += f" (to space {to} of {track.length}), to pay for what the ship itself can do later"
        elif e.op == "crew_draw":
            held = sum(map(len, state.hands))
            places = sum(hand_size(state, seat) for seat in range(state.crew))
            said += f" (the crew holds {held} cards for {places} hand places)"
        if e.op in ("draw", "crew_draw") and not state.deck and not state.discard:
            said += ", if any card is left to draw"
        parts.append(said)
    return " and ".join(parts)


def use_words(state: State, effects: Sequence[Effect], seat: int | None, spent: int = 0) -> str:
    """Why use a station's or the ship's action: what it gives now."""
    gains = gain_words(state, effects, seat, spent)
    return gains or f"it does {describe_effects(tuple(effects))} now, for the least cost"


def toll_words(state: State, action: Clear, progress: float) -> str:
    """Why pay a track to leave the sector now."""
    name, spec = _sector(state)
    if spec is None:
        return "it leaves the sector now"
    solution = spec.solutions[action.solution]
    left = {"pizza": state.pizza, "damage": state.damage, "ship": state.marker}.get(str(solution.pay), 0)
    after = left - solution.amount
    names = {"damage": "damage spaces", "ship": "ship marker spaces"}
    track = names.get(str(solution.pay), str(solution.pay))
    return (
        f"{name} is left at once, before its danger strikes, with {after} {track} still left; "
        f"the grid is {progress:.0%} of the way to any other way out"
    )


def clear_words(state: State, action: Clear, jump_too: bool) -> str:
    """Why solve (or jump) when an action met a way out."""
    name, spec = _sector(state)
    if action.how == "jump":
        return f"the grid has what the jump needs and meets no solution: this leaves {name} now"
    upgrade = spec is not None and "no_upgrade" not in spec.rules
    words = f"{name} is cleared now"
    if upgrade:
        words += ", and a crew member may upgrade a hand card"
        if jump_too:
            words += ", which the jump would not give"
    return words


def _gives(shown: StationSide) -> Counter[Symbol]:
    """What a side gives upright in a row, directly (its printed drive counts, R1)."""
    given = Counter(shown.row.symbols)
    if shown.drive:
        given[Symbol.DRIVE] += shown.drive
    return given


def upgrade_words(state: State, action: Upgrade) -> str:
    if action.card is None:
        return "no hand card gains anything from its upgraded side"
    normal, upgraded = face(state.cards, action.card, False), face(state.cards, action.card, True)
    now, then = _gives(normal), _gives(upgraded)
    more = " and produces more" if len(upgraded.row.produce) > len(normal.row.produce) else ""
    return f"upgraded, it gives {symbol_words(then)} in a row instead of {symbol_words(now)}{more}"


def occupied_words(occupied: Occupied) -> str:
    """What a station does while occupied, after "it"."""
    if occupied.action is not None:
        return f"gives you an extra action ({describe_effects(occupied.action.effects)})"
    if occupied.permanent is not None:
        what = {
            "hand_size": f"raises your hand size by {occupied.amount}",
            "danger": f"lets {plural(occupied.amount, 'more card')} into a row before the danger strikes",
            "jump_drive": f"lowers the drive every jump needs by {occupied.amount}",
        }
        return what[occupied.permanent]
    return f"gives {describe_effects(occupied.effects)} each time {occupied.trigger} is made in the grid"


def occupy_words(state: State, action: Occupy, why: str) -> str:
    """Why occupy this card (or keep what the member has); `why` names the heuristic's ground when no
    card is taken ("kept", "needed", "none")."""
    seat = action.seat
    if action.card is not None:
        occupied = side(state.cards, action.card, state.upgraded).occupied
        return f"while occupied it {occupied_words(occupied)}, which serves the crew longer than one play"
    held = state.stations[seat]
    if why == "kept" and held is not None:
        return f"your {side(state.cards, held, state.upgraded).name} stays: a new station would discard it"
    if why == "needed":
        return "the crew has no card to spare: every card still in play is needed to fill the hands"
    if not state.hands[seat]:
        return "your hand is empty: there is no card to occupy"
    return "no card in your hand can be occupied now: another member holds each of their stations"


def choose_words(state: State, spec: SectorSide, chosen: int) -> str:
    """What this consequence spares: the tracks and cards the other one would hit, as they stand."""
    others = [i for i in range(len(spec.consequences)) if i != chosen]
    if not others:
        return "it is the only consequence"
    other = spec.consequences[others[0]]
    spared: list[str] = []
    for e in other:
        if e.op == "damage":
            spared.append(f"the ship ({plural(state.damage, 'damage space')} left)")
        elif e.op == "pizza":
            spared.append(f"the pizza ({plural(state.pizza, 'space')} left)")
        elif e.op in ("remove_cards", "discard_cards"):
            spared.append(f"the hands ({plural(sum(map(len, state.hands)), 'card')} held)")
    what = " and ".join(dict.fromkeys(spared)) or "the crew"
    return f"it spares {what}; the other option is {describe_effects(other)}"


def give_words(state: State, action: Give, give: str) -> str:
    """Why give up this card: it gives the least of the member's cards."""
    hand = state.hands[action.seat]
    gives = _gives(side(state.cards, action.card, state.upgraded))
    less = sum(sum(_gives(side(state.cards, c, state.upgraded)).values()) < sum(gives.values()) for c in hand)
    rank = "the least" if not less else "among the least"
    where = "leaves the game for good" if give == "remove" else "goes to the discard pile"
    only = f"only {symbol_words(gives)}" if gives else "nothing"
    return f"it gives {only} in a row, {rank} of your {plural(len(hand), 'card')}, and it {where}"


def shield_words(state: State, action: Shield, amount: int) -> str:
    if action.payment is None:
        return "no shield in the grid can pay for it"
    row = (action.payment.row or 0) + 1
    stops = "the 1 damage" if amount == 1 else f"1 of the {amount} damage"
    cost = plural(len(action.payment.grid), "card")
    return (
        f"a shield from row {row} stops {stops} for {cost} of the grid, "
        f"keeping the ship's {plural(state.damage, 'damage space')}"
    )


Answer = Clear | Upgrade | Occupy | Choose | Give | Shield


def pending_words(state: State, action: Answer, why: str = "") -> str:
    """Why answer a pending decision this way (`why`: the heuristic's ground for an occupy)."""
    pending = state.pending
    match action:
        case Clear():
            jump_too = pending is not None and "jump" in pending.options
            return clear_words(state, action, jump_too)
        case Upgrade():
            return upgrade_words(state, action)
        case Occupy():
            return occupy_words(state, action, why)
        case Choose(option=option):
            spec = sector_side(state)
            return choose_words(state, spec, option) if spec is not None else "it is the lighter consequence"
        case Give():
            return give_words(state, action, pending.give if pending is not None else "discard")
        case Shield():
            return shield_words(state, action, pending.amount if pending is not None else 1)
