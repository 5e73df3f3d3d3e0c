"""Daily challenges: what today's deal is for each game, and daily streaks.

A challenge is fixed the first time anyone asks for it on a UTC day and stored with its seed, set-up
and rules version, so a code update never changes a running day: a challenge stored before an update
of the rules is still played under the rules it was made with. The set-up rotates with the date
(a different ship and level for Dine, a difficulty for D-6), the seed is fresh randomness.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import date, timedelta
from typing import Literal

from pydantic import BaseModel, ConfigDict

from core.d6.state import RULES_VERSION as D6_RULES
from core.d6.state import RULES_VERSIONS as D6_VERSIONS
from core.dine.cards import card_set
from core.dine.state import RULES_VERSION as DINE_RULES

DailyGame = Literal["d6", "dine"]
GAMES: tuple[DailyGame, ...] = ("d6", "dine")
D6_DIFFICULTIES = ("easy", "medium", "medium", "hard", "medium", "easy", "hard")  # by weekday


class D6Setup(BaseModel):
    model_config = ConfigDict(frozen=True)

    difficulty: str
    length: str = "full"

    def describe(self) -> str:
        return f"{self.difficulty.replace('_', ' ')} difficulty, {self.length} game"


class DineSetup(BaseModel):
    model_config = ConfigDict(frozen=True)

    ship: str
    level: str
    crew: int = 1

    def describe(self) -> str:
        return f"{self.level} with the {self.ship}, solo"


def setup_for(game: DailyGame, day: date) -> D6Setup | DineSetup:
    """The day's set-up: D-6 difficulty by weekday; Dine ship and middle level by date."""
    if game == "d6":
        return D6Setup(difficulty=D6_DIFFICULTIES[day.weekday()])
    cards = card_set()
    ships = [side.name for side in cards.ship_sides()]
    middle = [level.name for level in cards.levels[1:-1]] or [cards.levels[0].name]
    number = day.toordinal()
    return DineSetup(ship=ships[number % len(ships)], level=middle[(number // len(ships)) % len(middle)])


def parse_setup(game: DailyGame, setup_json: str) -> D6Setup | DineSetup:
    model = D6Setup if game == "d6" else DineSetup
    return model.model_validate(json.loads(setup_json))


def rules_version(game: DailyGame) -> str:
    """The rules a new challenge is made under: the newest."""
    return D6_RULES if game == "d6" else DINE_RULES


def playable(game: DailyGame, version: str) -> bool:
    """Whether this code still plays a challenge stored under rules `version`."""
    return version in (D6_VERSIONS if game == "d6" else (DINE_RULES,))


def streaks(days: Iterable[date], today: date) -> tuple[int, int]:
    """(current, best) runs of consecutive days played; today not played yet keeps yesterday's run."""
    played = sorted(set(days))
    best = run = 0
    previous: date | None = None
    for day in played:
        run = run + 1 if previous is not None and day - previous == timedelta(days=1) else 1
        best = max(best, run)
        previous = day
    current = 0
    cursor = today if today in played else today - timedelta(days=1)
    lookup = set(played)
    while cursor in lookup:
        current += 1
        cursor -= timedelta(days=1)
    return current, best
