"""Properties of the Dine engine over random set-ups and random legal play (hypothesis).

Hypothesis draws the set-up (seed, ship, level, crew size, starter game or not) and the seed of a
random crew that picks among `legal_actions` — uniformly, preferring to clear a sector and to pay
shields, or mostly following the heuristic crew of `core.dine.ai` — so that games also reach the help
cards, the boss and the end. Every game is capped at `MAX_ACTIONS`. The runs are derandomized and
keep no example database, so CI sees the same games.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

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
from core.dine.ai import heuristic
from core.dine.cards import card_set
from core.dine.engine import apply, deal, legal_actions, score, ship_of, unavailable
from core.dine.state import RULES_VERSION, State
from core.dine.symbols import face
from core.errors import IllegalAction
from tests.dine.helpers import everywhere

CARDS = card_set(RULES_VERSION)  # the cards new games are dealt with

MAX_ACTIONS = 400
SHIPS = [side.name for side in CARDS.ship_sides()]
LEVELS = [level.name for level in CARDS.levels]

PROPERTY = settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)

SETUPS = st.fixed_dictionaries(
    {
        "seed": st.integers(min_value=0, max_value=2**63),
        "ship": st.sampled_from(SHIPS),
        "level": st.sampled_from(LEVELS),
        "crew": st.integers(min_value=1, max_value=3),
        "starter": st.booleans(),
    }
)
STYLES = ("random", "greedy", "heuristic")
PLAYERS = st.tuples(st.integers(min_value=0, max_value=2**32), st.sampled_from(STYLES))
Player = tuple[int, str]


@dataclass
class Game:
    setup: dict
    states: list[State] = field(default_factory=list)  # states[k + 1] follows actions[k]
    actions: list[Action] = field(default_factory=list)


def pick(rng: random.Random, state: State, actions: list[Action], style: str) -> Action:
    """A random legal action; a greedy crew clears sectors and pays shields; a heuristic one mostly
    takes the hint of `core.dine.ai` (always checked to be legal)."""
    if style == "heuristic" and rng.random() < 0.85:
        hint = heuristic(state).action
        assert hint in actions
        return hint
    if style == "greedy" and rng.random() < 0.9:
        clears = [a for a in actions if isinstance(a, Clear) and a.how != "continue"]
        shields = [a for a in actions if isinstance(a, Shield) and a.payment is not None]
        better = clears or shields
        if state.pending is not None and state.pending.kind == "choose":
            better = []
        if better:
            return rng.choice(better)
    return rng.choice(actions)


def play_game(setup: dict, player: Player) -> Game:
    rng = random.Random(player[0])
    state, _ = deal(**setup)
    game = Game(setup, [state])
    while state.outcome == "playing" and len(game.actions) < MAX_ACTIONS:
        actions = legal_actions(state)
        assert actions, "a game in play always has a legal action or has ended"
        action = pick(rng, state, actions, player[1])
        state, _ = apply(state, action)
        game.actions.append(action)
        game.states.append(state)
    return game


def deck_of(setup: dict) -> Counter[str]:
    return everywhere(deal(**setup)[0])


def check_state(state: State, deck: Counter[str]) -> None:
    spec = CARDS.ship(state.ship)

    # Every station card of the deck is in exactly one place.
    assert everywhere(state) == deck
    assert set(everywhere(state).values()) == {1}

    # Tracks in range (0: pushed off, which ends the game for damage and pizza).
    assert 0 <= state.damage <= spec.damage.length
    assert 0 <= state.pizza <= spec.pizza.length
    if spec.marker is None:
        assert state.marker == 0
    else:
        assert 0 <= state.marker <= spec.marker.length

    # Stations: one per crew member, never two of the same name, never also in a hand.
    assert len(state.stations) == state.crew
    assert len(state.hands) == state.crew
    names = [CARDS.station(c).station for c in state.stations if c is not None]
    assert len(names) == len(set(names))

    assert state.upgraded == sorted(set(state.upgraded))
    assert set(state.upgraded) <= set(deck)
    assert state.grid
    assert state.solved <= state.cleared + 1  # a solve counts at once, the sector when it is removed

    actions = legal_actions(state)
    if state.outcome == "playing":
        assert state.damage >= 1
        assert state.pizza >= 1
        assert state.stack
        assert state.stack[0].sector is not None
        assert actions
        if state.pending is not None:
            answers = {
                "clear": Clear,
                "upgrade": Upgrade,
                "occupy": Occupy,
                "choose": Choose,
                "give": Give,
                "shield": Shield,
            }[state.pending.kind]
            assert all(isinstance(a, answers) for a in actions)
        else:
            assert not state.queue
    else:
        assert actions == []
        assert state.pending is None
        if state.outcome == "won":
            assert state.stack == []
            assert state.score == score(state) == 2 * state.pizza + state.damage
        else:
            assert state.loss_reason


@PROPERTY
@given(setup=SETUPS, player=PLAYERS)
def test_random_play_keeps_the_game_consistent(setup: dict, player: Player) -> None:
    """Random legal play: every game ends or stays consistent; every station card of the deck is in
    exactly one place; the tracks stay in range. (That `apply` never mutates its input, JSON round
    trips and replays are the contract's, for every game: `tests/test_game_contract.py`.)"""
    game = play_game(setup, player)
    deck = deck_of(setup)

    for state in game.states:
        check_state(state, deck)
    assert game.states[-1].outcome in ("won", "lost") or len(game.actions) == MAX_ACTIONS


def crafted(state: State) -> list[Action]:
    """Actions a careless client might send: unknown cards, cards from the deck, answers to no
    question, seats and indices out of range, wrong payments."""
    deck_card = state.deck[0] if state.deck else "pilot-1"
    hand_card = next((c for h in state.hands for c in h), "pilot-1")
    return [
        PlayCard(seat=0, card="no-such-card", action=0),
        PlayCard(seat=0, card=deck_card, action=0),
        PlayCard(seat=state.crew, card=hand_card, action=0),
        PlayCard(seat=0, card=hand_card, action=0, payment=Payment(hand=(deck_card,))),
        PlayCard(seat=0, card=hand_card, action=2),
        PlayCard(seat=0, card=hand_card, action=-1),
        PlayCard(seat=-1, card=hand_card, action=0),
        Clear(how="jump"),
        Clear(how="solve", solution=1),
        Clear(how="continue"),
        Choose(option=0),
        Choose(option=2),
        Give(seat=0, card=deck_card),
        Occupy(seat=0, card=deck_card),
        Occupy(seat=state.crew),
        Upgrade(),
        Upgrade(seat=0, card=deck_card),
        Shield(),
        Shield(payment=Payment(row=7, grid=("pilot-1",))),
        UseStation(seat=0),
        UseStation(seat=-1),
        UseShip(seat=0, index=5),
        UseShip(seat=state.crew, index=0),
    ]


@settings(PROPERTY, max_examples=40)
@given(setup=SETUPS, player=PLAYERS)
def test_apply_accepts_exactly_the_legal_actions(setup: dict, player: Player) -> None:
    """`apply` carries out every action of `legal_actions`, and raises IllegalAction for an action not
    among them, leaving the state as it was."""
    game = play_game(setup, player)
    rng = random.Random(player[0])

    for state in game.states[:: max(1, len(game.states) // 12)]:
        legal = legal_actions(state)
        for action in rng.sample(legal, min(len(legal), 8)):
            apply(state, action)
        before = state.model_dump()
        for action in crafted(state):
            if action in legal:
                continue
            try:
                apply(state, action)
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"{action} was applied although it is not legal")
            assert state.model_dump() == before


def printed_actions(state: State, seat: int) -> set[tuple[str, int | str]]:
    """Every printed action `seat` has in a main step: each hand card's, the occupied station's and
    the ship's, keyed as ("card:<id>", index), ("station", "") and ("ship", index)."""
    keys: set[tuple[str, int | str]] = set()
    for card in state.hands[seat]:
        keys |= {
            (f"card:{card}", i) for i in range(len(face(state.cards, card, card in state.upgraded).actions))
        }
    held = state.stations[seat]
    if held is not None and face(state.cards, held, held in state.upgraded).occupied.action is not None:
        keys.add(("station", ""))
    return keys | {("ship", i) for i in range(len(ship_of(state).actions))}


@settings(PROPERTY, max_examples=40)
@given(setup=SETUPS, player=PLAYERS)
def test_every_printed_action_is_either_offered_or_told_why_not(setup: dict, player: Player) -> None:
    """In a main step each printed action of a crew member is offered (some legal move takes it) or
    listed by `unavailable` (which the hand view says, with why), never both and never neither; a
    "used up" one has reached its per-sector limit."""
    for state in play_game(setup, player).states:
        if state.outcome != "playing" or state.pending is not None:
            assert all(unavailable(state, seat) == [] for seat in range(state.crew))
            continue
        legal = legal_actions(state)
        for seat in range(state.crew):
            offered: set[tuple[str, int | str]] = set()
            for action in legal:
                if isinstance(action, PlayCard) and action.seat == seat:
                    offered.add((f"card:{action.card}", action.action))
                elif isinstance(action, UseStation) and action.seat == seat:
                    offered.add(("station", ""))
                elif isinstance(action, UseShip) and action.seat == seat:
                    offered.add(("ship", action.index))
            told = unavailable(state, seat)
            missing: set[tuple[str, int | str]] = {
                (f"card:{m.card}", m.index or 0)
                if m.card
                else ("ship", m.index)
                if m.index is not None
                else ("station", "")
                for m in told
            }
            assert len(missing) == len(told)
            assert not offered & missing
            assert offered | missing == printed_actions(state, seat)
            for m in told:
                if m.spent:
                    assert m.action.per_sector is not None
