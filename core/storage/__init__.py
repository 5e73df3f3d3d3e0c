"""Persistence behind one narrow interface; `store_for` picks the implementation for a location."""

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
    ResultRecord,
    Standing,
    StorageError,
    Store,
    VersionConflict,
)
from .sqlite import SqliteStore


def store_for(path: Path | str) -> Store:
    """The store for a configured database location (SQLite is the embedded default)."""
    return SqliteStore(path)


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
    "ResultRecord",
    "SqliteStore",
    "Standing",
    "StorageError",
    "Store",
    "VersionConflict",
    "store_for",
]
