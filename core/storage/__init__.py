"""Persistence behind one narrow interface; `store_for` picks the implementation for a location:
a `postgresql://` URL is the PostgreSQL store, anything else a SQLite file (the default)."""

from __future__ import annotations

from pathlib import Path

from .base import (
    ActionRecord,
    ActiveGameExists,
    AttemptExists,
    DailyAttempt,
    DailyChallenge,
    DailyPost,
    GameNotFound,
    GameRecord,
    GameStatus,
    Leaderboard,
    NewResult,
    PreferenceScope,
    ResultRecord,
    Standing,
    StorageError,
    Store,
    StoreUnavailable,
    VersionConflict,
)
from .postgres import DEFAULT_POOL_SIZE, PostgresStore, is_postgres_url
from .sqlite import SqliteStore


def store_for(location: Path | str, *, pool_size: int = DEFAULT_POOL_SIZE) -> Store:
    """The store for a configured database location (SQLite is the embedded default)."""
    if is_postgres_url(location):
        return PostgresStore(str(location), pool_size=pool_size)
    return SqliteStore(location)


__all__ = [
    "ActionRecord",
    "ActiveGameExists",
    "AttemptExists",
    "DailyAttempt",
    "DailyChallenge",
    "DailyPost",
    "GameNotFound",
    "GameRecord",
    "GameStatus",
    "Leaderboard",
    "NewResult",
    "PostgresStore",
    "PreferenceScope",
    "ResultRecord",
    "SqliteStore",
    "Standing",
    "StorageError",
    "Store",
    "StoreUnavailable",
    "VersionConflict",
    "store_for",
]
