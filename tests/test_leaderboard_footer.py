"""`/leaderboard` says that the results of every rules version a game plays share one board."""

from __future__ import annotations

from datetime import UTC, datetime

from cogs.standings import leaderboard_embed
from core.registry import GAMES
from core.storage import Leaderboard, Standing

AT = datetime(2026, 12, 1, 12, tzinfo=UTC)


def test_the_footer_says_earlier_rules_rank_too_and_scores_are_compared_as_they_are() -> None:
    standing = Standing(rank=1, user_id=1, game_id=1, outcome="won", score=40, rounds=9, finished_at=AT)
    board = Leaderboard(top=(standing,), mine=standing, players=1)
    for kind, game in GAMES.items():
        footer = leaderboard_embed("en", kind, "all", "global", board).footer.text or ""
        assert footer.startswith("Each player's best game counts, ranked by a win, then the harder game")
        if len(game.rules_versions) > 1:
            assert "Games played with earlier rules or cards rank here too" in footer
            assert "compared as they are" in footer
        else:
            assert "earlier rules" not in footer
        assert not [v for v in game.rules_versions if v in footer]  # internal names mean nothing to players


def test_the_callers_own_line_is_shown_only_when_the_list_does_not_show_it() -> None:
    """In the top ten, "You" points to the list; further down it gives the caller's own line."""
    top = tuple(
        Standing(rank=r, user_id=r, game_id=r, outcome="won", score=50 - r, rounds=9, finished_at=AT)
        for r in range(1, 11)
    )
    listed = leaderboard_embed("en", "d6", "all", "global", Leaderboard(top=top, mine=top[2], players=12))
    assert {f.name: f.value for f in listed.fields}["You"] == "#3 of 12, in the list above"
    low = Standing(rank=12, user_id=99, game_id=99, outcome="lost", score=3, rounds=4, finished_at=AT)
    below = leaderboard_embed("en", "d6", "all", "global", Leaderboard(top=top, mine=low, players=12))
    you = {f.name: f.value for f in below.fields}["You"]
    assert you.startswith("#12 of 12\n")
    assert "<@99>" in you


def test_todays_and_this_weeks_boards_say_a_daily_attempt_counts_on_its_challenges_day() -> None:
    """An attempt at yesterday's challenge finished after midnight is not on today's board: said so."""
    board = Leaderboard(top=(), mine=None, players=0)
    note = "A ranked daily attempt counts on its challenge's day, even if it ends after midnight (UTC)."
    for period in ("today", "week"):
        assert note in (leaderboard_embed("en", "d6", period, "server", board).footer.text or "")
    assert note not in (leaderboard_embed("en", "d6", "all", "server", board).footer.text or "")
    german = leaderboard_embed("de", "d6", "today", "server", board).footer.text or ""
    assert "Tag seiner Herausforderung" in german
