"""The game contract, checked for every game in the registry: what any game must do to be played,
stored, replayed and verified by the bot.

Each property runs over the registry (`core.registry.GAMES`): hypothesis draws the deal (seed, a
day's set-up or any other a player may choose, every rules version the game plays) and a crew that
picks random legal actions or mostly follows the game's hint, and the game is played to its end.
Game-specific invariants stay with their game (`tests/d6/test_properties.py`,
`tests/dine/test_properties.py`). The runs are derandomized and keep no example database, so CI sees
the same games every time.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.game import AnyGame, Event
from core.registry import GAMES
from core.table import Table, table_action_json

MAX_ACTIONS = 3000
KINDS = list(GAMES)

PROPERTY = settings(
    max_examples=25,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)

Step = Callable[[Any, Any, Any, list[Event]], None]


@dataclass
class Played:
    game: AnyGame
    seed: int
    setup: Any
    version: str
    opening: list[Event]
    states: list[Any] = field(default_factory=list)  # states[k + 1] follows actions[k]
    actions: list[Any] = field(default_factory=list)
    events: list[list[Event]] = field(default_factory=list)

    @property
    def log(self) -> list[str]:
        """What storage keeps of the moves."""
        return [self.game.action_to_json(action) for action in self.actions]


def deal_and_play(declared: AnyGame, data: st.DataObject, on_step: Step | None = None) -> Played:
    """Deal a drawn set-up under a drawn rules version and play it to its end."""
    seed = data.draw(st.integers(min_value=0, max_value=2**63), label="seed")
    daily = data.draw(st.booleans(), label="a daily challenge's set-up")
    day = data.draw(st.dates(date(2024, 1, 1), date(2030, 12, 31)), label="day")
    sampler = random.Random(data.draw(st.integers(0, 2**32), label="set-up"))
    version = data.draw(st.sampled_from(declared.rules_versions), label="rules version")
    guided = data.draw(st.booleans(), label="guided")
    chooser = random.Random(data.draw(st.integers(0, 2**32), label="crew"))
    setup = declared.daily_setup(day) if daily else declared.sample_setup(sampler)
    state, opening = declared.deal(seed, setup, version)
    played = Played(declared, seed, setup, version, list(opening), [state])
    while state.outcome == "playing":
        assert len(played.actions) < MAX_ACTIONS, f"no end after {MAX_ACTIONS} actions"
        legal = declared.legal_actions(state)
        assert legal, "legal_actions is empty while the game is playing"
        if guided and chooser.random() < 0.85:
            action = declared.hint(state).action
            assert action in legal, "the hint is not a legal action"
        else:
            action = chooser.choice(legal)
        after, events = declared.apply(state, action)
        if on_step is not None:
            on_step(state, action, after, list(events))
        played.actions.append(action)
        played.states.append(after)
        played.events.append(list(events))
        state = after
    return played


def declared_game(kind: str) -> AnyGame:
    return GAMES[kind]


@pytest.mark.parametrize("kind", KINDS)
@PROPERTY
@given(data=st.data())
def test_random_play_ends_and_legal_actions_match_the_outcome(kind: str, data: st.DataObject) -> None:
    declared = declared_game(kind)
    played = deal_and_play(declared, data)
    end = played.states[-1]
    assert end.outcome in ("won", "lost")
    assert end.rules_version == played.version  # a game keeps the rules it was dealt under
    assert declared.legal_actions(end) == []
    for s in played.states[:-1]:
        assert s.outcome == "playing"
        legal = declared.legal_actions(s)
        assert legal == declared.legal_actions(s)  # a stable order: views list moves in it
        assert len(set(map(declared.action_to_json, legal))) == len(legal)  # no duplicates
    assert played.events[-1][-1].kind == "end"


@pytest.mark.parametrize("kind", KINDS)
@PROPERTY
@given(data=st.data())
def test_apply_never_mutates_its_input(kind: str, data: st.DataObject) -> None:
    snapshots: list[dict[str, Any]] = []

    def before_and_after(before: Any, action: Any, after: Any, events: list[Event]) -> None:
        if not snapshots:
            snapshots.append(before.model_dump())
        assert before.model_dump() == snapshots[-1], f"apply({action!r}) changed its input"
        snapshots.append(after.model_dump())

    played = deal_and_play(declared_game(kind), data, before_and_after)
    for s, dump in zip(played.states[1:], snapshots[1:], strict=True):
        assert s.model_dump() == dump  # later actions did not reach back into earlier states


@pytest.mark.parametrize("kind", KINDS)
@PROPERTY
@given(data=st.data())
def test_state_and_action_json_round_trips_are_exact(kind: str, data: st.DataObject) -> None:
    declared = declared_game(kind)
    played = deal_and_play(declared, data)
    for s in played.states:
        copy = declared.load_state(s.model_dump_json())
        assert copy == s
        assert copy.model_dump() == s.model_dump()
        assert declared.legal_actions(copy) == declared.legal_actions(s)
    for action, text in zip(played.actions, played.log, strict=True):
        parsed = declared.action_from_json(text)
        assert parsed == action
        assert declared.action_to_json(parsed) == text


@pytest.mark.parametrize("kind", KINDS)
@PROPERTY
@given(data=st.data())
def test_the_log_replays_to_the_same_game(kind: str, data: st.DataObject) -> None:
    """What verification relies on: from any stored state of the game, its seed, options and rules
    version deal it again, and the logged moves (table entries skipped, abandoning applied) lead to
    exactly the stored states and events."""
    declared = declared_game(kind)
    played = deal_and_play(declared, data)
    log = played.log
    assert declared.replay(played.states[0], log) == played.states[-1]
    assert declared.replay(played.states[-1], log) == played.states[-1]
    joined = [table_action_json("join", user=2), *log]
    assert declared.replay(played.states[-1], joined) == played.states[-1]
    state = played.states[0]
    for k, text in enumerate(log):
        state, events = declared.apply(state, declared.action_from_json(text))
        assert list(events) == played.events[k]
        assert state == played.states[k + 1]
    mid = len(played.actions) // 2  # and from a state restored from JSON midway
    state = declared.load_state(played.states[mid].model_dump_json())
    for k in range(mid, len(played.actions)):
        state, events = declared.apply(state, declared.action_from_json(log[k]))
        assert list(events) == played.events[k]
    assert state == played.states[-1]
    # abandoned midway: the log ends with the table's abandon entry
    abandoned, _ = declared.abandon(played.states[mid], False)
    assert declared.replay(played.states[mid], [*log[:mid], table_action_json("abandon")]) == abandoned
    assert abandoned.outcome == "lost"
    # ended by the bot (forgotten, its channel gone): lost as unfinished, and replayed so from its entry
    unfinished, _ = declared.abandon(played.states[mid], True)
    entry = table_action_json("abandon", why="its channel was deleted", unfinished=True)
    assert declared.replay(played.states[mid], [*log[:mid], entry]) == unfinished
    assert unfinished.outcome == "lost"
    assert unfinished.loss_reason == "The game was left unfinished." != abandoned.loss_reason


@pytest.mark.parametrize("kind", KINDS)
@PROPERTY
@given(data=st.data())
def test_a_seed_deals_and_plays_the_same_game(kind: str, data: st.DataObject) -> None:
    declared = declared_game(kind)
    played = deal_and_play(declared, data)
    state, opening = declared.deal(played.seed, played.setup, played.version)
    assert list(opening) == played.opening
    assert state == played.states[0]
    again, again_opening = declared.redeal(played.states[-1])
    assert again == state
    assert list(again_opening) == played.opening
    for k, action in enumerate(played.actions):
        state, events = declared.apply(state, action)
        assert list(events) == played.events[k]
        assert state == played.states[k + 1]


@pytest.mark.parametrize("kind", KINDS)
@settings(PROPERTY, max_examples=10)
@given(data=st.data())
def test_every_control_stands_for_a_legal_action(kind: str, data: st.DataObject) -> None:
    """The controls the bot draws (board buttons, menus, hand views) name only legal actions."""
    declared = declared_game(kind)
    played = deal_and_play(declared, data)
    for s in played.states:
        legal = declared.legal_actions(s)
        offered = declared.controls(s)
        assert None not in offered, "a control names no action"
        assert all(action in legal for action in offered)
        if legal:
            assert offered, "a game in play shows no control"


@pytest.mark.parametrize("kind", KINDS)
@settings(PROPERTY, max_examples=10)
@given(data=st.data(), daily=st.booleans(), practice=st.booleans(), abandoned=st.booleans())
def test_a_finished_game_becomes_a_result_everyone_reads_alike(
    kind: str, data: st.DataObject, daily: bool, practice: bool, abandoned: bool
) -> None:
    declared = declared_game(kind)
    played = deal_and_play(declared, data)
    end = played.states[-1]
    table = Table.start(1).model_copy(update={"daily": "2026-01-01" if daily else None, "practice": practice})
    finished = declared.finished(end, table, abandoned=abandoned)
    assert finished.outcome == end.outcome
    assert finished.score == end.score
    assert finished.rounds == declared.rounds(end) >= 0
    detail = declared.parse_detail(finished.detail.to_json())
    assert detail == finished.detail
    assert detail.abandoned == abandoned
    assert detail.rules_version == played.version
    assert detail.daily == table.daily
    assert detail.practice == (practice and daily)  # only a daily game says whether it is practice
    assert ('"daily"' in finished.detail.to_json()) == daily
