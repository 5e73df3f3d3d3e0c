"""Settings from the environment and `.env`, validated once at start-up.

Every field here is documented in `.env.example` and the README's settings table.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Annotated

from pydantic import Field, SecretStr, field_validator
from pydantic_core import PydanticUseDefault
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

DEFAULT_DATABASE = Path("var") / "deepspace.sqlite3"


class Settings(BaseSettings):
    """What the bot needs to run; the token is optional here so tests and `--help` work without it."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr | None = Field(
        default=None, description="The bot token from the Discord developer portal (required to run)."
    )
    database_path: Path = Field(
        default=DEFAULT_DATABASE, description="Where the SQLite database lives; its folder is created."
    )
    dev_guild_id: int | None = Field(
        default=None, description="A server id whose slash commands are synced at every start."
    )
    board_pictures: bool = Field(
        default=True,
        description="Attach a rendered picture to every game board; the board's text is complete without it.",
    )
    dine_lobby_minutes: int = Field(
        default=15, ge=1, description="A Dine lobby nobody starts or changes for this long closes by itself."
    )
    dine_idle_minutes: int = Field(
        default=10, ge=1, description="A Dine crew member idle this long may be voted out by the others."
    )
    log_level: str = Field(default="INFO", description="Python logging level name.")
    owner_ids: Annotated[frozenset[int], NoDecode] = Field(
        default=frozenset(), description="Comma-separated Discord user ids allowed to run owner commands."
    )

    @field_validator("*", mode="before")
    @classmethod
    def _blank_is_unset(cls, value: object) -> object:
        """`.env.example` ships blank values; `KEY=` means "not set" (the default), never invalid."""
        if isinstance(value, str) and not value.strip():
            raise PydanticUseDefault
        return value

    @field_validator("owner_ids", mode="before")
    @classmethod
    def _split_ids(cls, value: object) -> object:
        if isinstance(value, str):
            return frozenset(int(part) for part in value.replace(" ", "").split(",") if part)
        return value

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.strip().upper()
        if level not in logging.getLevelNamesMapping():
            raise ValueError(f"unknown log level {value!r}; use DEBUG, INFO, WARNING or ERROR")
        return level
