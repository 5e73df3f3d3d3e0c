"""The one SQL helper every SQLite part of the store runs its statements through."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import aiosqlite


async def execute(db: aiosqlite.Connection, sql: str, params: Iterable[Any] = ()) -> tuple[int, int | None]:
    """Run one statement and close its cursor at once (an open cursor blocks COMMIT).

    Returns the row count and the last inserted row id.
    """
    async with db.execute(sql, tuple(params)) as cursor:
        await cursor.fetchall()  # step the statement to completion (PRAGMAs return a row)
        return cursor.rowcount, cursor.lastrowid
