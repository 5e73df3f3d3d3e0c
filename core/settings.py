"""Settings from the environment and `.env`, validated once at start-up.

Every field here is documented in `.env.example` and the README's settings table.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, Self

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_core import PydanticUseDefault
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from core.logs import URL_SPECIAL, unencoded_special, url_secrets

DEFAULT_DATABASE = Path("var") / "deepspace.sqlite3"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")  # NOTSET would turn on every library's debug output


class Settings(BaseSettings):
    """What the bot needs to run; the token is optional here so tests and `--help` work without it."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr | None = Field(
        default=None, description="The bot token from the Discord developer portal (required to run)."
    )
    database_path: Path = Field(
        default=DEFAULT_DATABASE,
        description="Where the SQLite database lives (~ is the home folder); its folder is created.",
    )
    database_url: SecretStr | None = Field(
        default=None,
        description="A postgresql://user:password@host:port/database URL: use PostgreSQL instead of SQLite "
        "(needed to run several bot processes on one database).",
    )
    database_pool_size: int = Field(
        default=10, ge=1, le=100, description="PostgreSQL: the most connections one bot process opens."
    )
    shard_count: int | None = Field(
        default=None,
        ge=1,
        description="How many shards the whole bot has (all processes together); unset: Discord's choice.",
    )
    shard_ids: Annotated[tuple[int, ...] | None, NoDecode] = Field(
        default=None,
        description="The shards this process runs, comma-separated or a range such as 0-3 "
        "(needs SHARD_COUNT); unset: all of them.",
    )
    dev_guild_id: int | None = Field(
        default=None, gt=0, description="A server id whose slash commands are synced at every start."
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
    game_expiry_days: int = Field(
        default=14,
        ge=0,
        le=3650,
        description="A game nobody moves for this many days ends by itself, abandoned (a loss); 0: never.",
    )
    log_level: str = Field(default="INFO", description="Python logging level name.")
    owner_ids: Annotated[frozenset[int], NoDecode] = Field(
        default=frozenset(),
        description="Discord user ids (comma or space between) who may run owner commands.",
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
            parts = _listed(value)
            if not all(part.isdigit() for part in parts):
                raise ValueError("must be Discord user ids (numbers), separated by commas or spaces")
            return frozenset(int(part) for part in parts)
        return value

    @field_validator("database_path")
    @classmethod
    def _home(cls, value: Path) -> Path:
        """`~/ds.sqlite3` means the home folder: a shell expands `~` only unquoted, `.env` never does,
        and the bot created a folder named "~" instead."""
        return value.expanduser()

    @field_validator("database_url")
    @classmethod
    def _postgres_only(cls, value: SecretStr | None) -> SecretStr | None:
        if value is None:
            return value
        url = value.get_secret_value()
        if not url.startswith(("postgresql://", "postgres://")):
            raise ValueError("must start with postgresql:// (leave it unset for SQLite at DATABASE_PATH)")
        special = unencoded_special(url)
        if special is not None:
            encodings = ", ".join(f"{c} as {code}" for c, code in URL_SPECIAL.items())
            raise ValueError(
                f"its user name or password holds {special!r}, which must be percent-encoded there "
                f"({encodings}; % itself as %25)"
            )
        return value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _split_shards(cls, value: object) -> object:
        """ "0,1,2" or "0-2" (or a mix): the shard ids, in order."""
        if not isinstance(value, str):
            return value
        if not value.strip():
            raise PydanticUseDefault
        ids: list[int] = []
        parts = _listed(value)
        if not all(end.isdigit() for part in parts for end in part.split("-", 1)):
            raise ValueError("must be shard numbers, comma-separated or a range such as 0-3")
        for part in parts:
            if "-" in part:
                first, last = (int(end) for end in part.split("-", 1))
                if last < first:
                    raise ValueError(f"the range {part} runs backwards; write {last}-{first}")
                ids.extend(range(first, last + 1))
            else:
                ids.append(int(part))
        return tuple(ids)

    @model_validator(mode="after")
    def _shards_fit(self) -> Self:
        if self.shard_ids is not None:
            if self.shard_count is None:
                raise ValueError("SHARD_IDS needs SHARD_COUNT (the total over every process)")
            if not self.shard_ids or len(set(self.shard_ids)) != len(self.shard_ids):
                raise ValueError("SHARD_IDS must name each shard once")
            if not all(0 <= shard < self.shard_count for shard in self.shard_ids):
                raise ValueError(f"SHARD_IDS must lie in 0..{self.shard_count - 1} (SHARD_COUNT - 1)")
        return self

    @property
    def secrets(self) -> tuple[str, ...]:
        """What must never appear in a log: the token, and the database URL's user name and password."""
        found = [self.discord_token.get_secret_value()] if self.discord_token is not None else []
        if self.database_url is not None:
            found += url_secrets(self.database_url.get_secret_value())
        return tuple(found)

    @property
    def database_location(self) -> Path | str:
        """What `core.storage.store_for` opens: the PostgreSQL URL if one is set, else the SQLite file."""
        return self.database_path if self.database_url is None else self.database_url.get_secret_value()

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.strip().upper()
        if level not in LOG_LEVELS:
            raise ValueError(f"unknown log level {value!r}; use DEBUG, INFO, WARNING or ERROR")
        return level


def _listed(value: str) -> list[str]:
    """The items of a list setting, separated by commas or spaces ("1,2", "1, 2", "1 2"; a range "0 - 3"
    is one item): an id list pasted with spaces must not run two ids together into a third."""
    return [part for part in re.split(r"[\s,]+", re.sub(r"\s*-\s*", "-", value.strip())) if part]
