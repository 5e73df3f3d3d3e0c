"""Deep Space D-6 as the bot knows it: its declaration of the game contract (`core.game`)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime
from random import Random

from core.d6.actions import Action, action_from_json, action_to_json
from core.d6.codes import decode
from core.d6.engine import Event, abandon, apply, deal, legal_actions
from core.d6.state import RULES_VERSION, RULES_VERSIONS, Difficulty, Length, State
from core.game import Blurb, Game, ResultDetail, Run, Setup
from core.i18n import Locale, mark, mark_plural, t
from core.i18n.glossary import term
from core.render.d6_controls import controls
from core.render.d6_hint import hint_choice
from core.render.d6_text import describe_action, describe_board
from core.table import Saved, Table

DIFFICULTIES = ("easy", "medium", "medium", "hard", "medium", "easy", "hard")  # daily, by weekday
LENGTHS = {"full": mark("full game"), "short": mark("short game"), "fast": mark("fast game")}


# a house rule (a `HouseRules` field set away from our ruling) as a set-up names it
HOUSE_RULES = {"meteoroid_any_destruction": mark("house rule: the Meteoroid hits only when it decays")}


def setup_words(difficulty: str, length: str, house_rules: Sequence[str] = (), locale: Locale = "en") -> str:
    """ "hard, full game", and any house rule: a set-up as the board, the lobby and the results say it."""
    words = [term(locale, "d6", "difficulties", difficulty), t(locale, LENGTHS[length])]
    return ", ".join(words + [t(locale, HOUSE_RULES[name]) for name in house_rules if name in HOUSE_RULES])


class D6Setup(Setup):
    """A D-6 deal's options: how many Don't Panic cards, and how much of the deck is played (a daily
    challenge is always dealt by our rulings, so house rules are not a set-up's)."""

    difficulty: str
    length: str = "full"

    def describe(self, locale: Locale = "en") -> str:
        """ "hard, full game", as the board says it (the same words)."""
        return setup_words(self.difficulty, self.length, locale=locale)


class D6Result(ResultDetail):
    difficulty: str | None = None
    length: str | None = None
    hull: int = 0
    shields: int = 0
    destroyed: int = 0  # external threats destroyed
    completed: int = 0  # away missions completed
    house_rules: tuple[str, ...] = ()  # set away from our rulings (`HouseRules.changed`): not ranked

    def difficulty_label(self) -> str | None:
        return self.difficulty

    def difficulty_position(self) -> int:
        """Very easy to hard, as the game lists them (one it does not know: last)."""
        difficulties = list(Difficulty)
        known = self.difficulty in difficulties
        return difficulties.index(Difficulty(self.difficulty)) if known else len(difficulties)

    def setup_words(self, locale: Locale = "en") -> str | None:
        """ "hard, full game", as the board says it."""
        if self.difficulty is None:
            return None
        return setup_words(self.difficulty, self.length or "full", self.house_rules, locale)

    def ranks(self) -> bool:
        return not self.house_rules

    def difficulty_rank(self) -> int:
        """Fewer Don't Panic cards first, then more of the deck played: hard and full ranks highest."""
        difficulties, lengths = list(Difficulty), [Length.FAST, Length.SHORT, Length.FULL]
        if self.difficulty not in difficulties or self.length not in lengths:
            return 0
        return difficulties.index(Difficulty(self.difficulty)) * len(lengths) + lengths.index(
            Length(self.length)
        )


def _deal(seed: int, setup: D6Setup, rules_version: str) -> tuple[State, list[Event]]:
    return deal(seed, setup.difficulty, setup.length, rules_version=rules_version)


def _redeal(state: State) -> tuple[State, list[Event]]:
    """A game keeps the rules it was dealt under, and its house rules."""
    return deal(state.seed, state.difficulty, state.length, state.house_rules, state.rules_version)


def _detail(state: State) -> D6Result:
    return D6Result(
        difficulty=str(state.difficulty),
        length=str(state.length),
        hull=state.hull,
        shields=state.shields,
        destroyed=state.destroyed,
        completed=state.completed,
        house_rules=state.house_rules.changed(),
        rules_version=state.rules_version,
    )


def _solo(table: Table, state: State, name: str, now: datetime) -> Saved[State]:
    return Saved[State](table=table, state=state)


def _load(state_json: str) -> Saved[State]:
    return Saved[State].model_validate_json(state_json)


def _daily(day: date) -> D6Setup:
    """The difficulty rotates by weekday."""
    return D6Setup(difficulty=DIFFICULTIES[day.weekday()])


def _sample(rng: Random) -> D6Setup:
    return D6Setup(difficulty=rng.choice(list(Difficulty)), length=rng.choice(list(Length)))


def _controls(state: State) -> list[Action | None]:
    """Every control of the board and of each ready die's uses, as the action its code stands for."""
    shown = controls(state)
    views = [shown, *(controls(state, die.die) for die in shown.dice)]
    return [decode(choice.code) for view in views for choice in view.choices()]


def _describe(state: State, action: Action) -> str:
    return describe_action(state, action)


def _rounds(state: State) -> int:
    return state.round


def _run(states: Sequence[State]) -> Run:
    """The hull and the threats in play as each round ended, round by round: what the player held
    out against, never which threat struck or what the dice showed. A round has ended when the next
    one begins (its threats have struck); the last round ends with the game."""
    ended: dict[int, State] = {}
    for state in states[1:]:
        ended.setdefault(state.round - 1, state)  # the first look at a round is the last one's end
    last = states[-1]
    ended[last.round] = last
    rows: list[tuple[int, int]] = []
    later = last
    for number in range(last.round, 0, -1):  # a round no state ended (none should) shows the next one's
        later = ended.get(number, later)
        rows.append((later.hull, len(later.internal) + len(later.external)))
    rows.reverse()
    return Run(strip="rounds", rows=(tuple(h for h, _ in rows), tuple(t for _, t in rows)))


GAME: Game[State, Action, D6Setup, Saved[State]] = Game(
    kind="d6",
    title="Deep Space D-6",
    blurb=Blurb(
        players=mark("solo, or a crew sharing the dice"),
        summary=mark(
            "Captain a ship with six crew dice. Every round you roll your crew, assign them to "
            "stations — fire weapons, repair the hull, recharge shields, heal the crew — and the "
            "threat die decides which enemies strike. Survive the whole threat deck to win."
        ),
        start_command="d6 new",
        about_order=2,
    ),
    rounds_words=mark_plural("{count} round", "{count} rounds"),
    rules_versions=RULES_VERSIONS,
    rules_version=RULES_VERSION,
    setup_model=D6Setup,
    detail_model=D6Result,
    deal=_deal,
    redeal=_redeal,
    legal_actions=legal_actions,
    apply=apply,
    abandon=abandon,
    action_to_json=action_to_json,
    action_from_json=action_from_json,
    load_state=State.model_validate_json,
    load_saved=_load,
    solo_saved=_solo,
    rounds=_rounds,
    detail=_detail,
    daily_setup=_daily,
    sample_setup=_sample,
    controls=_controls,
    describe_board=describe_board,
    describe_action=_describe,
    hint=hint_choice,
    run=_run,
    memory={"dice": {"__all__": {"was"}}},
)
