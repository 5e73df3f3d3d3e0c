"""Who was at which game lately: the members who looked at it without moving.

A member waiting on someone else's decision has nothing to play, yet is there. Their looks (a hand
view opened or refreshed, a hint, a vote) are kept here, in this process's memory: a look changes no
game, so storing it would move every open view's version on. A restart forgets them, and counts
everyone as seen at the start, so a restart never lets one member vote out the rest.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta

import discord

KEPT = timedelta(days=1)  # far beyond any idle time: older looks are forgotten
TIDY_EVERY = 1024  # looks noted between two sweeps of the old ones


class Presence:
    def __init__(self) -> None:
        self.started = discord.utils.utcnow()
        self._seen: dict[tuple[int, int], datetime] = {}
        self._noted = 0

    def saw(self, game_id: int, user_id: int) -> None:
        now = discord.utils.utcnow()
        self._seen[game_id, user_id] = now
        self._noted += 1
        if self._noted % TIDY_EVERY == 0:  # a long-running bot must not keep every look it ever saw
            self._seen = {key: when for key, when in self._seen.items() if now - when < KEPT}

    def of(self, game_id: int, users: Iterable[int]) -> dict[int, datetime]:
        """When each of `users` last looked at the game (the start of this process, if not since)."""
        return {user: self._seen.get((game_id, user), self.started) for user in users}
