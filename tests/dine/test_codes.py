"""Dine action codes (`core.dine.codes`): every legal action round-trips, fits a custom id, and any
other text decodes to None without raising.

The round trip runs over every legal action of seeded games under the random and the heuristic
crews (`core.dine.crews.POLICIES`), every ship and level, 1 to 3 crew, starter games too: tens of
thousands of actions of every kind, with payments from hands and from the grid.
"""

from __future__ import annotations

import random
import re
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from core.dine.actions import (
    NO_PAYMENT,
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
from core.dine.cards import card_set
from core.dine.codes import MAX_LENGTH, decode, encode, station_ids
from core.dine.crews import POLICIES
from core.dine.engine import apply, deal, legal_actions
from core.dine.state import RULES_VERSION, State

CARDS = card_set(RULES_VERSION)  # the cards new games are dealt with

GAMES = 30  # per crew
MOVES = 150
SHIPS = [side.name for side in CARDS.ship_sides()]
LEVELS = [level.name for level in CARDS.levels]
ARG = re.compile(r"[0-9a-z.+\-]+")  # what a custom id's argument allows (`cogs.ui.controls`)
STATE, _ = deal(1, crew=3)
IDS = station_ids(STATE)
CODE_LIKE = st.text(alphabet="0123456789abcdefghijklmnopqrstuvwxyz.+-", max_size=30)


def games(policy: str) -> list[State]:
    """Every state of `GAMES` seeded games under the named crew."""
    states: list[State] = []
    for seed in range(GAMES):
        rng = random.Random(seed)
        state, _ = deal(
            seed,
            ship=rng.choice(SHIPS),
            level=rng.choice(LEVELS),
            crew=rng.randint(1, 3),
            starter=rng.random() < 0.3,
        )
        choose = POLICIES[policy](seed)
        for _ in range(MOVES):
            if state.outcome != "playing":
                break
            states.append(state)
            state, _ = apply(state, choose(state).action)
    return states


def test_every_legal_action_round_trips_and_fits_a_custom_id() -> None:
    kinds: Counter[str] = Counter()
    paid: Counter[str] = Counter()
    longest = ""
    for state in games("random") + games("heuristic"):
        for action in legal_actions(state):
            code = encode(state, action)
            assert decode(state, code) == action, code
            assert ARG.fullmatch(code), code
            longest = max(longest, code, key=len)
            kinds[action.kind] += 1
            payment = getattr(action, "payment", None)
            if isinstance(payment, Payment):
                paid["hand" if payment.hand else "grid" if payment.grid else "nothing"] += 1
    assert len(longest) <= MAX_LENGTH, longest
    assert MAX_LENGTH + len("0.") <= 60  # room for the seat in a hand view's id
    assert set(kinds) == {"play", "station", "ship", "clear", "upgrade", "occupy", "choose", "give", "shield"}
    assert sum(kinds.values()) > 20_000, kinds
    assert len(paid) == 3, paid
    assert min(paid.values()) > 100, paid


def test_codes_read_as_documented() -> None:
    card = IDS[12]
    assert decode(STATE, "p0.12.1.3+7--") == PlayCard(
        seat=0, card=card, action=1, payment=Payment(hand=(IDS[3], IDS[7]))
    )
    assert decode(STATE, "d-2-4+5") == Shield(payment=Payment(row=2, grid=(IDS[4], IDS[5])))
    assert decode(STATE, "d") == Shield()
    assert decode(STATE, "gn.n") == Upgrade()
    assert decode(STATE, "g1.12") == Upgrade(seat=1, card=card)
    assert decode(STATE, "o2.n") == Occupy(seat=2)
    assert decode(STATE, "cs.1") == Clear(how="solve", solution=1)
    assert decode(STATE, "cj.0") == Clear(how="jump")
    assert decode(STATE, "h1") == Choose(option=1)
    assert decode(STATE, "v0.12") == Give(seat=0, card=card)
    assert decode(STATE, "s1") == UseStation(seat=1)
    assert decode(STATE, "u1.0.-1-4") == UseShip(seat=1, index=0, payment=Payment(row=1, grid=(IDS[4],)))
    assert tuple(c.id for c in CARDS.stations) == IDS


def test_only_the_one_code_of_an_action_decodes() -> None:
    """Old index ids, padded numbers, a spelt-out empty payment, unknown cards: all None."""
    for text in (
        "",
        "3",
        "12",
        "a3",
        "g2",
        "b.3",
        "0.12",
        "p0.012.1",
        "p0.12.1.--",
        "s1.--",
        "cs.01",
        "cx.0",
        "h",
        "h-1",
        "h+1",
        "h1.",
        "p0.12",
        "p0.12.1.3+7-",
        f"v0.{len(IDS)}",
        "v0.12.3",
        "d---",
        "gn",
        "h١",  # an Arabic-Indic digit: str.isdigit says yes, a code says no
        "h" + "1" * 300,
    ):
        assert decode(STATE, text) is None, text


def test_an_action_with_nothing_paid_has_a_code_of_its_own() -> None:
    play = PlayCard(seat=0, card=IDS[12], action=1)
    assert play.payment == NO_PAYMENT
    assert encode(STATE, play) == "p0.12.1"
    assert encode(STATE, Shield(payment=Payment())) == "d--"  # not `d`, which takes the damage


@settings(max_examples=2000, deadline=None, derandomize=True, database=None)
@given(text=st.one_of(st.text(max_size=80), CODE_LIKE, CODE_LIKE.map(lambda t: "p" + t)))
def test_any_text_decodes_to_none_or_to_the_action_it_is_the_code_of(text: str) -> None:
    action: Action | None = decode(STATE, text)
    assert action is None or encode(STATE, action) == text
