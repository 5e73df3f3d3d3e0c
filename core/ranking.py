"""How results are ranked and over which periods, in one place for the store, the bot and the docs.

Tie-breaks (documented for players in `/leaderboard`): a win beats a loss, then the harder game (a
Dine level, a D-6 difficulty and length: each game says how its set-ups rank, `difficulty_rank`), then
the higher score, then — between wins — fewer rounds (D-6) or actions (Dine), and between losses more
of them (the crew got further: giving up at once is never the best loss; a game given up ranks as the
easiest set-up, `core.verify.difficulty_of`), then the earlier finish. The
harder game comes before the score because a game's score does not grow with its difficulty (a
starter Dine game keeps more pizza than a Diavolo one): without it an easy game would top every board.
They are folded into one integer `rank_key` (higher is better) so a leaderboard is one index walk: 1
bit win, 4 bits difficulty, 12 bits score, 14 bits rounds, 32 bits "earlier finish" (seconds since
2020, inverted): 63 bits, a signed 64-bit column.

Periods: `today` is the current UTC day, `week` the current ISO week (Monday to Sunday, UTC), and
`all` every result. A player's entry in a period is their best result in it. A result falls in the
periods of the day it ended, except a ranked daily attempt: it counts on its challenge's day, even
if it ended after midnight, as the day's standings and streaks count it.
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Literal

from core.i18n import mark

Period = Literal["today", "week", "all"]
PERIODS: tuple[Period, ...] = ("today", "week", "all")
GLOBAL = 0  # the scope id of the global leaderboard (a server's scope is its guild id)
_EPOCH = datetime(2020, 1, 1, tzinfo=UTC)
_DIFFICULTY_BITS, _SCORE_BITS, _ROUND_BITS, _TIME_BITS = 4, 12, 14, 32
DIFFICULTY_RANKS = 1 << _DIFFICULTY_BITS  # a game's set-ups rank 0 … 15
RANK_ORDER = mark(
    "a win, then the harder game, then the higher score, then fewer rounds or actions to win (more in "
    "a loss), then the earlier finish"
)


def _clamp(value: int, bits: int) -> int:
    return max(0, min(value, (1 << bits) - 1))


def rank_key(won: bool, difficulty: int, score: int, rounds: int, finished_at: datetime) -> int:
    seconds = int((finished_at.astimezone(UTC) - _EPOCH).total_seconds())
    length = _clamp(rounds, _ROUND_BITS)
    better_length = (1 << _ROUND_BITS) - 1 - length if won else length
    earlier = (1 << _TIME_BITS) - 1 - _clamp(seconds, _TIME_BITS)
    key = int(won)
    for value, bits in ((difficulty, _DIFFICULTY_BITS), (score, _SCORE_BITS)):
        key = key << bits | _clamp(value, bits)
    return (key << _ROUND_BITS | better_length) << _TIME_BITS | earlier


def day_of(moment: datetime) -> date:
    return moment.astimezone(UTC).date()


def period_key(period: Period, day: date) -> str:
    """The stored key of the period containing `day`: an ISO day, an ISO week, or "all"."""
    if period == "today":
        return day.isoformat()
    if period == "week":
        year, week, _ = day.isocalendar()
        return f"{year}-W{week:02d}"
    return "all"


def period_keys(day: date) -> tuple[str, ...]:
    """Every period a result finished on `day` counts in."""
    return tuple(period_key(period, day) for period in PERIODS)
