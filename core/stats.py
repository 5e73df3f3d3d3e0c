"""A player's record in one game: games, wins and win rate by difficulty and ship, best score, streaks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date

from core.daily import streaks
from core.game import ResultDetail
from core.i18n import Locale, percent, t
from core.results import detail_of
from core.storage import ResultRecord


@dataclass(frozen=True, slots=True)
class Tally:
    games: int = 0
    wins: int = 0

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def text(self, locale: Locale) -> str:
        return t(
            locale,
            "{wins}/{games} won ({rate})",
            wins=self.wins,
            games=self.games,
            rate=percent(locale, self.rate),
        )


@dataclass(frozen=True, slots=True)
class PlayerStats:
    overall: Tally
    by_difficulty: dict[str, Tally] = field(default_factory=dict[str, Tally])
    by_ship: dict[str, Tally] = field(default_factory=dict[str, Tally])
    best_score: int | None = None
    streak: int = 0
    best_streak: int = 0


Label = Callable[[ResultDetail], str | None]
Position = Callable[[ResultDetail], int]


def _tallies(results: Sequence[ResultRecord], label: Label, position: Position) -> dict[str, Tally]:
    """Games and wins by `label` of each result's detail (a result it gives None for is not counted),
    in the game's own order (`position`; equal ones by label), as its players know it."""
    games: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    places: dict[str, int] = {}
    for result in results:
        detail = detail_of(result)
        value = label(detail)
        if value is None:
            continue
        games[value] += 1
        wins[value] += result.outcome == "won"
        places.setdefault(value, position(detail))  # the same for every result of that label
    return {name: Tally(games[name], wins[name]) for name in sorted(games, key=lambda n: (places[n], n))}


def player_stats(
    results: Sequence[ResultRecord], daily_days: Sequence[date], today: date, running: Sequence[date] = ()
) -> PlayerStats:
    """Daily practice games (a replay of a known deal) do not count; `running`: the days of ranked
    attempts still being played, which keep a streak alive (`core.daily.streaks`)."""
    results = [r for r in results if not detail_of(r).practice]
    wins = sum(result.outcome == "won" for result in results)
    current, best = streaks(daily_days, today, running)
    return PlayerStats(
        overall=Tally(len(results), wins),
        by_difficulty=_tallies(results, lambda d: d.difficulty_label(), lambda d: d.difficulty_position()),
        by_ship=_tallies(results, lambda d: d.ship_label(), lambda d: d.ship_position()),
        best_score=max((result.score for result in results), default=None),
        streak=current,
        best_streak=best,
    )
