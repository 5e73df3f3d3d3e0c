"""Daily challenges: what today's deal is for each game, and daily streaks.

A challenge is fixed the first time anyone asks for it on a UTC day and stored with its seed, set-up
and rules version, so a code update never changes a running day: a challenge stored before an update
of the rules is still played under the rules it was made with. The set-up rotates with the date
(a different ship and level for Dine, a difficulty for D-6), the seed is fresh randomness.

Days are numbered for players ("Deep Space D-6 daily #42", as a shared result names its day): day 1
is `DAY_ONE`, 1 January 2026 (UTC), and each UTC day after it is one more, the same number for every
game. The number is a date subtraction, so it never changes once shown; do not move `DAY_ONE`.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, timedelta

from core.game import Setup
from core.registry import game

DAY_ONE = date(2026, 1, 1)  # daily #1; fixed for good, or every number shown so far would change


def setup_for(kind: str, day: date) -> Setup:
    """The day's set-up of game `kind` (each game rotates its own: `Game.daily_setup`)."""
    return game(kind).daily_setup(day)


def day_number(day: date) -> int:
    """The number players know a day's challenge by: #1 on `DAY_ONE`, one more each UTC day."""
    return (day - DAY_ONE).days + 1


def parse_setup(kind: str, setup_json: str) -> Setup:
    return game(kind).parse_setup(setup_json)


def rules_version(kind: str) -> str:
    """The rules a new challenge is made under: the newest."""
    return game(kind).rules_version


def playable(kind: str, version: str) -> bool:
    """Whether this code still plays a challenge stored under rules `version`."""
    return game(kind).plays(version)


def streaks(days: Iterable[date], today: date, running: Iterable[date] = ()) -> tuple[int, int]:
    """(current, best) runs of consecutive days played; today not played yet keeps yesterday's run.

    An attempt counts on its challenge's day even if it ends after midnight, so a day whose attempt is
    still `running` does not break a run: it bridges it without adding to it until it is finished
    (played to its end it counts, given up it breaks the run, as it would have on its day)."""
    played = set(days)
    best = run = 0
    previous: date | None = None
    for day in sorted(played | set(running)):
        if previous is None or day - previous != timedelta(days=1):
            run = 0
        run += day in played
        best = max(best, run)
        previous = day
    current = run if previous is not None and previous >= today - timedelta(days=1) else 0
    return current, best
