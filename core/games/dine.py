"""Deep Space Dine as the bot knows it: its declaration of the game contract (`core.game`)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime
from random import Random

from core.dine.actions import Action, action_from_json, action_to_json
from core.dine.cards import CARD_FILES, card_set
from core.dine.codes import decode
from core.dine.engine import Event, abandon, apply, deal, legal_actions, road
from core.dine.seating import DineSaved, lobby, seated
from core.dine.seating import Setup as Lobby
from core.dine.state import RULES_VERSION, State
from core.game import Blurb, Game, ResultDetail, Run, Setup
from core.i18n import Locale, mark, mark_plural, t
from core.i18n.glossary import term
from core.render.dine_controls import moves
from core.render.dine_hint import hint_choice
from core.render.dine_text import describe_action, describe_board
from core.table import Table


def dealt_versions(files: Sequence[str], newest: str) -> tuple[str, ...]:
    """Every version a game may be dealt, played and verified under: each card set up to new games'
    own (`newest`). A card set listed after it (`CARD_FILES`) is still being designed: the tools may
    simulate it, but no game is dealt under it until `RULES_VERSION` (core/dine/state.py) names it."""
    return tuple(files)[: tuple(files).index(newest) + 1]


RULES_VERSIONS = dealt_versions(tuple(CARD_FILES), RULES_VERSION)
LEVELS = tuple(level.name for level in card_set(RULES_VERSION).levels)  # easiest first


class DineSetup(Setup):
    """A normal Dine deal's options (a daily challenge is one, played solo)."""

    ship: str
    level: str
    crew: int = 1

    def describe(self, locale: Locale = "en") -> str:
        """ "normal game at Pepperoni, Crusty Cruiser", as a lobby says it (the same words)."""
        level = term(locale, "dine", "levels", self.level)
        return t(locale, "normal game at {level}, {ship}", level=level, ship=self.ship)


class DineResult(ResultDetail):
    mode: str | None = None  # "starter" or "normal"
    ship: str | None = None
    level: str | None = None
    crew: int = 1
    stars: int = 0
    rating: str = ""
    sectors_cleared: int = 0

    def difficulty_label(self) -> str | None:
        """Dine's difficulty is its level; the starter game has none of its own."""
        return "starter game" if self.mode == "starter" else self.level

    def ship_label(self) -> str | None:
        return self.ship

    def ship_position(self) -> int:
        """Each ship card's front, then its back, as the card set lists them (one it no longer has:
        last)."""
        ships = [side.name for side in card_set(RULES_VERSION).ship_sides()]
        return ships.index(self.ship) if self.ship in ships else len(ships)

    def setup_words(self, locale: Locale = "en") -> str | None:
        label = self.difficulty_label()
        return None if label is None else term(locale, "dine", "difficulties", label)

    def difficulty_rank(self) -> int:
        """The starter game below Salad, then the levels as the difficulty table lists them (every
        card set names the same levels)."""
        if self.mode == "starter" or self.level not in LEVELS:
            return 0
        return 1 + LEVELS.index(self.level)


def _deal(seed: int, setup: DineSetup, rules_version: str) -> tuple[State, list[Event]]:
    if rules_version not in RULES_VERSIONS:
        raise ValueError(f"unknown Dine rules version {rules_version!r}")
    return deal(seed, ship=setup.ship, level=setup.level, crew=setup.crew, rules_version=rules_version)


def _redeal(state: State) -> tuple[State, list[Event]]:
    return deal(
        state.seed,
        ship=state.ship,
        level=state.level,
        crew=state.crew,
        starter=state.starter,
        rules_version=state.rules_version,
    )


def _detail(state: State) -> DineResult:
    return DineResult(
        mode="starter" if state.starter else "normal",
        ship=state.ship,
        level=state.level,
        crew=state.crew,
        stars=state.stars,
        rating=state.rating,
        sectors_cleared=state.cleared,
        rules_version=state.rules_version,
    )


def _solo(table: Table, state: State, name: str, now: datetime) -> DineSaved:
    """A game dealt for one player: their lobby, seated at once, at `table`."""
    setup = Lobby(starter=state.starter, ship=state.ship, level=state.level)
    opened = seated(lobby(table.captain, name, setup, now), now, state)
    return opened.model_copy(update={"table": table})


def _daily(day: date) -> DineSetup:
    """Ship and middle level rotate with the date, among the ships and levels new games are dealt."""
    cards = card_set(RULES_VERSION)
    ships = [side.name for side in cards.ship_sides()]
    middle = [level.name for level in cards.levels[1:-1]] or [cards.levels[0].name]
    number = day.toordinal()
    return DineSetup(ship=ships[number % len(ships)], level=middle[(number // len(ships)) % len(middle)])


def _sample(rng: Random) -> DineSetup:
    cards = card_set(RULES_VERSION)
    ships = [side.name for side in cards.ship_sides()]
    levels = [level.name for level in cards.levels]
    return DineSetup(ship=rng.choice(ships), level=rng.choice(levels), crew=rng.randint(1, 3))


def _controls(state: State) -> list[Action | None]:
    """Every option of the board's decisions and of each seat's hand view, as the action its code
    stands for."""
    actions = legal_actions(state)
    seats: list[int | None] = [None, *range(state.crew)]
    codes = [o.code for seat in seats for move in moves(state, seat, actions) for o in move.options]
    return [decode(state, code) for code in codes]


def _rounds(state: State) -> int:
    return state.actions_taken


CLEARED, ENDED, NOT_REACHED = 2, 1, 0  # a sector of a shared run (`core.share`'s "sectors" strip)


def _run(states: Sequence[State]) -> Run:
    """The level's sectors in a row, cleared, where the run ended, or not reached, and the stars of a
    win: how far the crew got, never which sector lay where or what the cards were."""
    last = states[-1]
    current = last.outcome != "won" and last.sector_card is not None
    # the sectors still ahead, with those the help cards will lay out (a loss in the first sector
    # once showed the 3 sectors of the set-up only)
    ahead = current + sum(1 for step in road(last) if step not in ("procure", "frontier"))
    ended = (ENDED,) if ahead and last.outcome != "won" else ()
    sectors = (CLEARED,) * last.cleared + ended + (NOT_REACHED,) * (ahead - len(ended))
    return Run(strip="sectors", rows=(sectors,), rating=last.stars if last.outcome == "won" else None)


GAME: Game[State, Action, DineSetup, DineSaved] = Game(
    kind="dine",
    title="Deep Space Dine",
    blurb=Blurb(
        players=mark("1–3 crew, cooperative"),
        summary=mark(
            "Deliver a pizza across space. Each sector throws dangers at you: lay station cards in "
            "rows to build the symbols that jump you onward before the danger catches up, and keep "
            "both your ship and the pizza in one piece. Cross every sector to win."
        ),
        start_command="dine new",
        about_order=1,
    ),
    rounds_words=mark_plural("{count} action", "{count} actions"),
    rules_versions=RULES_VERSIONS,
    rules_version=RULES_VERSION,
    setup_model=DineSetup,
    detail_model=DineResult,
    deal=_deal,
    redeal=_redeal,
    legal_actions=legal_actions,
    apply=apply,
    abandon=abandon,
    action_to_json=action_to_json,
    action_from_json=action_from_json,
    load_state=State.model_validate_json,
    load_saved=DineSaved.model_validate_json,
    solo_saved=_solo,
    rounds=_rounds,
    detail=_detail,
    daily_setup=_daily,
    sample_setup=_sample,
    controls=_controls,
    describe_board=describe_board,
    describe_action=describe_action,
    hint=hint_choice,
    run=_run,
)
