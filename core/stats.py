"""A player's record in one game: games, wins and win rate by difficulty and ship, best score, streaks."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date

from core.daily import streaks
from core.storage import ResultRecord


@dataclass(frozen=True, slots=True)
class Tally:
    games: int = 0
    wins: int = 0

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def text(self) -> str:
        return f"{self.wins}/{self.games} won ({self.rate:.0%})"


@dataclass(frozen=True, slots=True)
class PlayerStats:
    overall: Tally
    by_difficulty: dict[str, Tally] = field(default_factory=dict[str, Tally])
    by_ship: dict[str, Tally] = field(default_factory=dict[str, Tally])
    best_score: int | None = None
    streak: int = 0
    best_streak: int = 0


def _tallies(results: Sequence[ResultRecord], key: str) -> dict[str, Tally]:
    games: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    for result in results:
        detail = json.loads(result.detail_json)
        value = detail.get(key)
        if key == "difficulty" and value is None:  # Dine calls its difficulty the level
            value = "starter game" if detail.get("mode") == "starter" else detail.get("level")
        if value is None:
            continue
        games[str(value)] += 1
        wins[str(value)] += result.outcome == "won"
    return {name: Tally(games[name], wins[name]) for name in sorted(games)}


def player_stats(results: Sequence[ResultRecord], daily_days: Sequence[date], today: date) -> PlayerStats:
    """Daily practice games (a replay of a known deal) do not count."""
    results = [r for r in results if not json.loads(r.detail_json).get("practice", False)]
    wins = sum(result.outcome == "won" for result in results)
    current, best = streaks(daily_days, today)
    return PlayerStats(
        overall=Tally(len(results), wins),
        by_difficulty=_tallies(results, "difficulty"),
        by_ship=_tallies(results, "ship"),
        best_score=max((result.score for result in results), default=None),
        streak=current,
        best_streak=best,
    )
