"""Every game the bot plays, by kind: the one list that per-game tables and switches read.

Adding a game is one declaration (`core/games/<kind>.py`) and one line here (and its cog package);
`docs/architecture.md` says how. The order is the one players see in lists (daily post, standings).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from core.game import AnyGame
from core.games import d6, dine

GAMES: Mapping[str, AnyGame] = MappingProxyType({game.kind: game for game in (d6.GAME, dine.GAME)})


def game(kind: str) -> AnyGame:
    """The declaration of game `kind`; KeyError for a kind this code does not play."""
    return GAMES[kind]


def find(kind: str) -> AnyGame | None:
    """The declaration of game `kind`, or None (a stored row of a game no longer offered)."""
    return GAMES.get(kind)


def featured() -> AnyGame:
    """The game offered first: `/about` lists it first and `/leaderboard` shows it by default."""
    return min(GAMES.values(), key=lambda declared: declared.blurb.about_order)
