"""A lock per key (per game), so clicks on one game are handled one at a time and others never wait."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Hashable
from contextlib import asynccontextmanager


class KeyedLocks:
    """`async with locks(game_id):` — entries disappear once nobody holds or waits for them."""

    def __init__(self) -> None:
        self._locks: dict[Hashable, asyncio.Lock] = {}
        self._users: dict[Hashable, int] = {}

    @asynccontextmanager
    async def __call__(self, key: Hashable) -> AsyncIterator[None]:
        lock = self._locks.setdefault(key, asyncio.Lock())
        self._users[key] = self._users.get(key, 0) + 1
        try:
            async with lock:
                yield
        finally:
            self._users[key] -= 1
            if self._users[key] == 0:
                del self._users[key], self._locks[key]

    def __len__(self) -> int:
        return len(self._locks)

    def locked(self, key: Hashable) -> bool:
        lock = self._locks.get(key)
        return lock is not None and lock.locked()
