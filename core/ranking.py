"""How results are ranked and over which periods, in one place for the store, the bot and the docs.

Tie-breaks (documented for players in `/leaderboard`): a win beats a loss, then the higher score,
then — between wins — fewer rounds (D-6) or actions (Dine), and between losses more of them (the
crew got further: giving up at once is never the best loss), then the earlier finish. They are
folded into one integer `rank_key` (higher is better) so a leaderboard is one index walk: 1 bit win,
14 bits score, 14 bits rounds, 32 bits "earlier finish" (seconds since 2020, inverted).

Periods: `today` is the current UTC day, `week` the current ISO week (Monday to Sunday, UTC), and
`all` every result. A player's entry in a period is their best result in it.
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Literal

from core.i18n import mark

Period = Literal["today", "week", "all"]
PERIODS: tuple[Period, ...] = ("today", "week", "all")
GLOBAL = 0  # the scope id of the global leaderboard (a server's scope is its guild id)
_EPOCH = datetime(2020, 1, 1, tzinfo=UTC)
_SCORE_BITS, _ROUND_BITS, _TIME_BITS = 14, 14, 32
TIE_BREAKS = mark(
    "a win first, then the higher score, then fewer rounds or actions for a win (more for a loss: "
    "the crew got further), then the earlier finish"
)


def _clamp(value: int, bits: int) -> int:
    return max(0, min(value, (1 << bits) - 1))


def rank_key(won: bool, score: int, rounds: int, finished_at: datetime) -> int:
    seconds = int((finished_at.astimezone(UTC) - _EPOCH).total_seconds())
    length = _clamp(rounds, _ROUND_BITS)
    better_length = (1 << _ROUND_BITS) - 1 - length if won else length
    earlier = (1 << _TIME_BITS) - 1 - _clamp(seconds, _TIME_BITS)
    key = int(won) << (_SCORE_BITS + _ROUND_BITS + _TIME_BITS)
    key |= _clamp(score, _SCORE_BITS) << (_ROUND_BITS + _TIME_BITS)
    return key | better_length << _TIME_BITS | earlier


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
