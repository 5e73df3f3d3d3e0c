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
        assert footer.startswith("Each player's best game counts.")
        if len(game.rules_versions) > 1:
            assert "Games played with earlier rules or cards rank here too" in footer
            assert "compared as they are" in footer
        else:
            assert "earlier rules" not in footer
        assert not [v for v in game.rules_versions if v in footer]  # internal names mean nothing to players
