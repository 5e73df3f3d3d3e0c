"""The hint checker (issue 17 item 3): the hints of both games over thousands of positions, each read
as a player reads it, failing on a reason that teaches nothing.

A reason fails when it is empty or a stock phrase, when it repeats the move (contains the move's own
words, or adds almost nothing to them), when it carries template debris (braces, brackets, "None",
double spaces, dangling punctuation, an unfilled name or a Python repr), or when the runner-up is the
pick again. Positions come from games of the heuristic crews (fast) with a random move now and then,
so decisions the rules leave to the player (Infirmary, Distracted, away teams; solve or jump, upgrade,
occupy, consequences, giving up cards, shields) come up too: D-6 at every difficulty, Dine with crews
of 1-3 at every level and both ships, each member's hint.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

from core.d6 import apply as d6_apply
from core.d6 import legal_actions as d6_legal
from core.d6 import new_game as d6_new_game
from core.d6.state import Difficulty
from core.d6.state import State as D6State
from core.dine.ai import heuristic as dine_heuristic
from core.dine.cards import card_set
from core.dine.engine import apply as dine_apply
from core.dine.engine import deal as dine_deal
from core.dine.engine import legal_actions as dine_legal
from core.dine.state import RULES_VERSION
from core.dine.state import State as DineState
from core.render import d6_hint, dine_hint
from core.render.hints import Hint

CARDS = card_set(RULES_VERSION)
LEVELS = [level.name for level in CARDS.levels]
SHIPS = [ship.name for ship in CARDS.ship_sides()]

D6_GAMES = 150  # games of D-6, every difficulty in turn: about 10,000 positions
DINE_GAMES = 120  # games of Dine, crews of 1-3, every level and ship in turn: about 11,000 hints
DINE_MOVES = 70  # moves a Dine game at most
DEVIATE = 0.2  # a random move instead of the heuristic's, so odd positions come up too
MIN_POSITIONS = 5000  # hints checked in each game, at least
EXPERT_POSITIONS = 8  # the expert crew thinks a second or so a hint: a few positions, every crew size

# Reasons known to say nothing about the position (the old hints' fallbacks).
STOCK = ("the playouts went best after it", "a move the greedy crew ranked lower", "picked at random")
DEBRIS = [
    (re.compile(r"[{}\[\]<>]"), "a brace, bracket or angle bracket"),
    (re.compile(r"\bNone\b|\bnan\b"), "None or nan"),
    (re.compile(r"\w+\([a-z_]+="), "a Python repr"),
    (re.compile(r"  "), "a double space"),
    (re.compile(r"\s[,.;:!?)]"), "a space before punctuation"),
    (re.compile(r"[,;:(]\s*[,.;:)]"), "punctuation with nothing between"),
    (re.compile(r"[,;:]\s*$"), "a dangling comma or colon at the end"),
    (re.compile(r"\.\.(?!\.)"), "a doubled full stop"),
    (re.compile(r"\b(the|a|an|of|to|in|for|and|with|by)\s*[.;:]"), "a sentence cut after a small word"),
    (re.compile(r"%[sd]|\bTODO\b|\?\?|\$\w"), "an unfilled name"),
]
LABEL_PREFIX = re.compile(r"^(Die \d+|Crew \d+): ")
OWN_WORDS = 3  # words a reason must have beyond the move's own


def _core(label: str) -> str:
    """The move's own words: no leading "Die N:" / "Crew N:", no parenthesised rule or payment, no
    shots after a dash ("fire weapons for 2 — 1 on Raiders")."""
    core = LABEL_PREFIX.sub("", label)
    core = re.sub(r"\s*\([^)]*\)", "", core)
    core = re.sub(r"\s+— .*$", "", core)
    return re.sub(r"\s+by (giving up|discarding|removing) .*$", "", core).strip().lower()


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9'-]+", text.lower())


def reason_problems(label: str, why: str) -> list[str]:
    """What is wrong with `why` as the reason for the move `label`, if anything."""
    found: list[str] = []
    text = why.strip()
    if not _words(text):
        return ["an empty reason"]
    if any(stock in text.lower() for stock in STOCK):
        found.append("a stock phrase that says nothing about the position")
    core = _core(label)
    if core and core in text.lower():
        found.append(f"repeats the move ({core!r})")
    own = [w for w in _words(text) if w not in set(_words(label))]
    if len(own) < OWN_WORDS:
        found.append(f"adds only {own} to the move's own words")
    if not (text[0].isupper() or text[0].isdigit()):
        found.append("does not start a sentence")
    if not text.endswith("."):
        found.append("does not end with a full stop")
    found += [f"template debris: {what}" for pattern, what in DEBRIS if pattern.search(text)]
    return found


def hint_problems(hint: Hint) -> list[str]:
    """Every problem of a hint: its reason, and its runner-up's (which must be another move)."""
    found = [f"reason: {p}" for p in reason_problems(hint.move, hint.why)]
    if hint.second_move:
        found += [f"runner-up: {p}" for p in reason_problems(hint.second_move, hint.second_why)]
        if hint.second_move == hint.move or hint.second == hint.action:
            found.append("the runner-up is the pick again")
        if hint.second_why == hint.why:
            found.append("the runner-up's reason is the pick's")
    elif hint.second is not None or hint.second_why:
        found.append("a runner-up without its label")
    return found


# --- the positions ----------------------------------------------------------------------------------


def d6_positions() -> Iterator[D6State]:
    difficulties = list(Difficulty)
    for seed in range(D6_GAMES):
        rng = random.Random(seed)
        state = d6_new_game(seed, difficulties[seed % len(difficulties)])
        while state.outcome == "playing":
            yield state
            actions = d6_legal(state)
            action = rng.choice(actions) if rng.random() < DEVIATE else d6_hint.hint(state).action
            state, _ = d6_apply(state, action)


def dine_positions() -> Iterator[DineState]:
    for seed in range(DINE_GAMES):
        rng = random.Random(seed)
        crew = 1 + seed % 3
        level, ship = LEVELS[seed // 3 % len(LEVELS)], SHIPS[seed // 2 % len(SHIPS)]
        state, _ = dine_deal(seed, crew=crew, ship=ship, level=level, starter=seed % 7 == 0)
        for _ in range(DINE_MOVES):
            if state.outcome != "playing":
                break
            yield state
            actions = dine_legal(state)
            action = rng.choice(actions) if rng.random() < DEVIATE else dine_heuristic(state).action
            state, _ = dine_apply(state, action)


def check_all(hints: Iterator[tuple[str, Hint]]) -> tuple[int, int, set[str], list[str]]:
    """(hints checked, runner-ups named, the kinds of move suggested, the first problems found with
    where)."""
    checked = seconds = 0
    kinds: set[str] = set()
    problems: list[str] = []
    for where, hint in hints:
        checked += 1
        seconds += bool(hint.second_move)
        kinds.add(type(hint.action).__name__)
        for problem in hint_problems(hint):
            if len(problems) < 20:
                shown = f"move: {hint.move}\n  why: {hint.why}\n  second: {hint.close_second}"
                problems.append(f"{where}: {problem}\n  {shown}")
    return checked, seconds, kinds, problems


def d6_hints() -> Iterator[tuple[str, Hint]]:
    for n, state in enumerate(d6_positions()):
        yield f"D-6 seed {state.seed} round {state.round} position {n}", d6_hint.hint(state)


def dine_hints() -> Iterator[tuple[str, Hint]]:
    for n, state in enumerate(dine_positions()):
        for seat in range(state.crew):
            found = dine_hint.hint(state, [seat])
            if found is not None:
                yield f"Dine seed {state.seed} crew {state.crew} seat {seat + 1} position {n}", found


# --- the checker checked ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("label", "why", "problem"),
    [
        ("Crew 1: occupy Autopilot", "Occupy Autopilot.", "repeats the move"),
        ("Crew 2: give up Ion Cannon", "Give up Ion Cannon, the least useful card.", "repeats the move"),
        ("Die 1: fire weapons for 1 — 1 on Raiders", "Destroy Raiders.", "adds only"),
        ("Crew 1: play X upright (free: play)", "The playouts went best after it.", "stock phrase"),
        ("Die 2: recharge the shields to 4", "", "empty"),
        ("Die 2: recharge the shields to 4", " . ", "empty"),
        ("Die 3 (at a station) is distracted", "Give up a die that is {place}: it costs the least.", "brace"),
        ("Die 3: repair the hull by 1", "The hull is at None of 8 after it.", "None"),
        (
            "Die 3: repair the hull by 1",
            "The hull is down to 3 of 8  and the threats hit hard.",
            "double space",
        ),
        (
            "Die 3: repair the hull by 1",
            "The hull is down to 3 of 8 , and the threats hit hard.",
            "before punctuation",
        ),
        (
            "Die 3: repair the hull by 1",
            "The hull is down to 3 of 8; the threats hit for up to.",
            "cut after",
        ),
        ("Die 3: repair the hull by 1", "The hull is down to 3 of 8 and the threats hit hard:", "dangling"),
        ("Die 3: repair the hull by 1", "Bomber would hit [Tactical] dice for 2 on a 3.", "bracket"),
        ("Crew 1: play Ramjet upright (free: play)", "It adds %s drive toward the jump today.", "unfilled"),
        ("Crew 1: play Ramjet upright (free: play)", "It adds 2 drive: PlayCard(seat=0) next.", "repr"),
    ],
)
def test_the_checker_fails_a_broken_reason(label: str, why: str, problem: str) -> None:
    assert any(problem in found for found in reason_problems(label, why)), reason_problems(label, why)


def test_the_checker_passes_a_reason_that_teaches() -> None:
    label = "Die 1: fire weapons for 1 — 1 on Space Pirates"
    assert reason_problems(label, "Space Pirates would hit for 2 on a 1 or 3; this destroys it.") == []


def test_the_checker_fails_a_runner_up_that_is_the_pick() -> None:
    same = Hint(
        "a",
        "Die 1: repair the hull by 1",
        "The hull is down to 3 of 8 and goes up to 4.",
        "b",
        "Die 1: repair the hull by 1",
        "The hull is down to 3 of 8 and goes up to 4.",
    )
    assert "the runner-up is the pick again" in hint_problems(same)


# --- every hint over thousands of positions ------------------------------------------------------


def test_every_d6_hint_names_the_move_and_a_reason_that_teaches() -> None:
    checked, seconds, kinds, problems = check_all(d6_hints())
    assert problems == [], "\n".join(problems)
    assert checked >= MIN_POSITIONS
    assert 0 < seconds < checked / 2  # a runner-up now and then, where it was close
    every = {"Fire", "Repair", "Recharge", "Stasis", "Heal", "ClearScanner", "AwayMission", "ChangeFace"}
    every |= {"Reroll", "EndAssignment", "SendToInfirmary", "HoldDie", "Gather"}
    assert every <= kinds, every - kinds


def test_every_dine_hint_names_the_move_and_a_reason_that_teaches() -> None:
    checked, seconds, kinds, problems = check_all(dine_hints())
    assert problems == [], "\n".join(problems)
    assert checked >= MIN_POSITIONS
    assert 0 < seconds < checked / 2
    every = {"PlayCard", "UseStation", "UseShip", "Clear", "Upgrade", "Occupy", "Choose", "Give", "Shield"}
    assert every <= kinds, every - kinds


def test_the_expert_crews_hints_teach_too() -> None:
    """The expert's reason adds what its playouts saw; its runner-up is the move they valued next."""
    spread = [
        state for n, state in zip(range(EXPERT_POSITIONS * 97), dine_positions(), strict=False) if n % 97 == 0
    ]
    assert {state.crew for state in spread} == {1, 2, 3}

    def hints() -> Iterator[tuple[str, Hint]]:
        for state in spread:
            found = dine_hint.hint(state, [0], expert=True)
            if found is not None:
                yield f"Dine (expert) seed {state.seed} crew {state.crew}", found

    checked, _, _, problems = check_all(hints())
    assert problems == [], "\n".join(problems)
    assert checked >= EXPERT_POSITIONS // 2
