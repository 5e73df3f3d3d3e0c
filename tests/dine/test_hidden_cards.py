"""No public rendering of a Dine game names a card that is in a hand and was never public (issue 15).

Seeded loops, not hypothesis (the same games every run, and cheaper than shrinking machinery):
2,000 short games (2 and 3 crew, every ship and level, starter games too) under a cheap random crew
that solves and upgrades whenever it may, and 50 longer ones under the heuristic crew, which plays,
occupies and upgrades as a real crew does; a few seconds in all. After every move the test gathers
what everyone may read — the move's public line, each event's public text, the picture's alt text,
the board embed's words (its core inputs), the board's shared controls (their words, and the cards
their codes name by number: a custom id anyone can inspect) — and what one seat may read about the
others (its controls, the hint), and asserts that none names a card held in a hand whose name was
never shown in public (played, paid, discarded, removed, occupied or given up).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator

from core.dine.actions import (
    Action,
    Clear,
    Give,
    PlayCard,
    Shield,
    Upgrade,
    UseShip,
    UseStation,
)
from core.dine.ai import heuristic
from core.dine.cards import card_set
from core.dine.codes import decode
from core.dine.engine import apply, deal, legal_actions
from core.dine.state import RULES_VERSION, State
from core.dine.symbols import side
from core.dine.told import said as said_in
from core.events import NOBODY, Event
from core.render.dine_controls import moves
from core.render.dine_hint import hint_text
from core.render.dine_text import board_summary, describe

CARDS = card_set(RULES_VERSION)  # the cards new games are dealt with

RANDOM_GAMES = 2000
RANDOM_MOVES = 12  # short deals: the cheap crew solves and upgrades whenever it may, so soon enough
HEURISTIC_GAMES = 50
HEURISTIC_MOVES = 40
HINT_EVERY = 4  # a hint costs two heuristic choices: every 4th move of the heuristic games
PICTURE_EVERY = 5  # the alt text costs more than the rest together: every 5th move of a random game
SHIPS = [ship.name for ship in CARDS.ship_sides()]
LEVELS = [level.name for level in CARDS.levels]
NAMES = ("Ann", "Ben", "Cal")


def both_sides(card: str) -> set[str]:
    spec = CARDS.station(card)
    return {spec.normal.name, spec.upgraded.name}


def shown(state: State, cards: Iterable[str]) -> set[str]:
    return {side(state.cards, card, state.upgraded).name for card in cards}


def on_the_table(state: State) -> set[str]:
    """Names of the cards everyone sees now: the grid, the piles, the occupied stations, and the deck's
    top card ("You always see the top card of the deck": public from the moment it is on top)."""
    cards = [placed.card for row in state.grid for placed in row]
    cards += [
        *state.discard,
        *state.removed,
        *(card for card in state.stations if card is not None),
        *state.deck[:1],
    ]
    return shown(state, cards)


def left_a_hand(before: State, after: State, action: Action) -> set[str]:
    """Names of the cards this move showed on their way out of a hand (played, paid, given up),
    even those that came back to a hand within the move (reshuffled and drawn again)."""
    cards: list[str] = []
    if isinstance(action, PlayCard):
        cards.append(action.card)
    if isinstance(action, Give):
        cards.append(action.card)
    if isinstance(action, PlayCard | UseStation | UseShip | Shield) and action.payment is not None:
        cards += [*action.payment.hand, *action.payment.grid]
    gone = [card for seat, hand in enumerate(before.hands) for card in hand if card not in after.hands[seat]]
    return shown(before, cards + gone) | shown(after, cards + gone)


def secrets(states: Iterable[State], public: set[str], seats: Iterable[int] | None = None) -> set[str]:
    """Names of hand cards (of `seats`, default every seat) never shown in public."""
    found: set[str] = set()
    for state in states:
        held = range(state.crew) if seats is None else seats
        found |= {name for seat in held for card in state.hands[seat] for name in both_sides(card)}
    return found - public


def cards_of(action: Action | None) -> set[str]:
    """The station cards an action names: the card it plays, upgrades, occupies or gives, and those
    its payment gives up."""
    named = {getattr(action, "card", None)}
    payment = getattr(action, "payment", None)
    if payment is not None:
        named |= {*payment.hand, *payment.grid}
    return {card for card in named if card is not None}


def coded(state: State, code: str) -> str:
    """The names of the cards a control's code names, as the words anyone decoding it could read."""
    return " ".join(sorted(name for card in cards_of(decode(state, code)) for name in both_sides(card)))


def board_texts(state: State, actions: list[Action], picture: bool) -> Iterator[str]:
    """What the public board says: the embed's core inputs, the shared controls (with what their
    codes name) and (with `picture`) the picture's alt text."""
    if picture:
        yield board_summary(state, NAMES[: state.crew])
    if state.pending is not None:
        yield state.pending.reason
        yield from state.pending.options
    yield state.loss_reason or ""
    yield state.rating or ""
    for move in moves(state, None, actions):
        yield move.label
        yield move.description
        yield coded(state, move.group)
        for option in move.options:
            yield option.label
            yield option.description
            yield coded(state, option.code)


def seat_texts(state: State, seat: int, actions: list[Action], hint: bool) -> Iterator[str]:
    """What `seat` reads in its own view: its controls (with what their codes name), and the hint
    if asked."""
    for move in moves(state, seat, actions):
        yield move.label
        yield move.description
        yield coded(state, move.group)
        for option in move.options:
            yield option.label
            yield option.description
            yield coded(state, option.code)
    if hint:
        yield hint_text(state, [seat], NAMES[: state.crew])


def assert_silent(texts: Iterable[str], names: set[str], where: str) -> None:
    if not names:
        return
    for text in texts:
        for name in names:
            assert name not in text, f"{where} names {name}, a hand card never shown: {text!r}"


def choose(state: State, actions: list[Action], rng: random.Random) -> Action:
    """The cheap random crew: it solves a sector and upgrades a card when it may (so that hidden
    upgrades come often), now and then plays the heuristic's move, else any legal action."""
    keen = [
        a
        for a in actions
        if (isinstance(a, Clear) and a.how == "solve") or (isinstance(a, Upgrade) and a.card)
    ]
    if keen:
        return rng.choice(keen)
    return heuristic(state).action if rng.random() < 0.1 else rng.choice(actions)


def play(seed: int, clever: bool) -> tuple[int, int]:
    """One game, checked after every move; returns how many moves it took and how many cards it
    upgraded. A `clever` game (the
    heuristic crew) also checks every seat's own view, the hints, and the alt text at every move; a
    random one the alt text every `PICTURE_EVERY` moves and at the end."""
    rng = random.Random(seed)
    crew = rng.choice((2, 2, 3))
    state, events = deal(
        seed,
        ship=rng.choice(SHIPS),
        level=rng.choice(LEVELS),
        crew=crew,
        starter=rng.random() < 0.3,
    )
    public = on_the_table(state)
    actions = legal_actions(state)
    said = [
        *(said_in(e.seen_by(NOBODY)) for e in events),
        *board_texts(state, actions, picture=True),
    ]
    assert_silent(said, secrets([state], public), f"game {seed}: the deal")
    number = upgrades = 0
    while state.outcome == "playing" and number < (HEURISTIC_MOVES if clever else RANDOM_MOVES):
        number += 1
        action = heuristic(state).action if clever else choose(state, actions, rng)
        upgrades += isinstance(action, Upgrade) and action.card is not None
        before = state
        state, events = apply(before, action)
        actions = legal_actions(state)
        public |= on_the_table(state) | left_a_hand(before, state, action)
        hidden = secrets([before, state], public)
        where = f"game {seed}, move {number} ({describe(before, action).text})"
        picture = clever or number % PICTURE_EVERY == 0 or state.outcome != "playing"
        said = [
            describe(before, action, NOBODY).text,
            *(said_in(event.seen_by(NOBODY)) for event in events),
        ]
        assert_silent([*said, *board_texts(state, actions, picture)], hidden, where)
        if not clever:
            continue
        ask = number % HINT_EVERY == 1 and state.outcome == "playing"
        for seat in range(crew):
            others = secrets([state], public, [s for s in range(crew) if s != seat])
            own = {name for card in state.hands[seat] for name in both_sides(card)}
            assert_silent(
                seat_texts(state, seat, actions, ask),
                others - own,
                f"{where}, seat {seat + 1}'s view",
            )
    return number, upgrades


def test_no_public_text_names_a_hand_card_that_was_never_shown() -> None:
    games = [play(seed, clever=False) for seed in range(RANDOM_GAMES)]
    games += [play(seed, clever=True) for seed in range(RANDOM_GAMES, RANDOM_GAMES + HEURISTIC_GAMES)]
    assert sum(moved for moved, _ in games) > 8 * len(games)  # the games went somewhere
    assert sum(upgraded for _, upgraded in games) > len(games) // 4  # and upgraded hand cards often


def test_an_upgrade_names_its_card_to_its_holder_only() -> None:
    """The upgrade the issue names: the board reads "a hand card", the holder reads the card."""
    for seed in range(200):
        state, _ = deal(seed, crew=2, starter=True)
        while state.outcome == "playing":
            upgrade = next(
                (a for a in legal_actions(state) if isinstance(a, Upgrade) and a.card),
                None,
            )
            if upgrade is not None:
                after, events = apply(state, upgrade)
                event = next(e for e in events if e.kind == "upgrade")
                name = side(after.cards, upgrade.card, after.upgraded).name
                seat = upgrade.seat or 0
                assert said_in(event.text) == f"Crew {seat + 1} upgrades a hand card."
                assert said_in(event.seen_by((seat,))) == f"Crew {seat + 1} upgrades {name}."
                assert name not in said_in(event.seen_by((1 - seat,)))
                assert describe(state, upgrade, NOBODY).deed == "upgrade a hand card"
                assert (
                    describe(state, upgrade, (seat,)).deed
                    == f"upgrade {side(state.cards, upgrade.card, state.upgraded).name}"
                )
                return
            state, _ = apply(state, heuristic(state).action)
    raise AssertionError("no game reached an upgrade")


def test_an_event_without_private_text_reads_the_same_for_everyone() -> None:
    event = Event("The ship takes 1 damage (3 left).", "damage")
    assert event.seen_by(NOBODY) == event.seen_by((0, 1, 2)) == event.text
    told = Event("Crew 2 upgrades a hand card.", "upgrade", ((1, "Crew 2 upgrades Ramjet."),))
    assert told.seen_by((0,)) == told.text
    assert told.seen_by((0, 1)) == "Crew 2 upgrades Ramjet."
