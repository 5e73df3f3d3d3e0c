"""Settings come from the environment and `.env`; blank example values mean "not set"."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pydantic import ValidationError

from bot import setting_problem
from core.settings import DEFAULT_DATABASE, Settings

ROOT = Path(__file__).resolve().parents[1]
ENV_NAMES = ("DISCORD_TOKEN", "DATABASE_PATH", "DEV_GUILD_ID", "LOG_LEVEL", "OWNER_IDS")


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ENV_NAMES:
        monkeypatch.delenv(name, raising=False)


def test_defaults_need_nothing_but_a_token_to_run() -> None:
    settings = Settings(_env_file=None)
    assert settings.discord_token is None
    assert settings.database_path == DEFAULT_DATABASE
    assert (settings.dev_guild_id, settings.log_level, settings.owner_ids) == (None, "INFO", frozenset())


def test_values_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "abc.def.ghi")
    monkeypatch.setenv("DATABASE_PATH", "/tmp/x.sqlite3")
    monkeypatch.setenv("DEV_GUILD_ID", "123")
    monkeypatch.setenv("LOG_LEVEL", "debug")
    monkeypatch.setenv("OWNER_IDS", "1, 2,3")
    settings = Settings(_env_file=None)
    assert settings.discord_token is not None
    assert settings.discord_token.get_secret_value() == "abc.def.ghi"
    assert "abc.def.ghi" not in repr(settings)  # the token never shows up in logs of the settings
    assert settings.database_path == Path("/tmp/x.sqlite3")
    assert (settings.dev_guild_id, settings.log_level, settings.owner_ids) == (123, "DEBUG", {1, 2, 3})


def test_values_come_from_a_dotenv_file(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text("DISCORD_TOKEN=from-file\nOWNER_IDS=42\nDEV_GUILD_ID=\n")
    settings = Settings(_env_file=env)
    assert settings.discord_token is not None
    assert settings.discord_token.get_secret_value() == "from-file"
    assert (settings.owner_ids, settings.dev_guild_id) == ({42}, None)


def test_the_example_file_documents_every_setting_and_loads_as_is() -> None:
    example = ROOT / ".env.example"
    names = {line.split("=", 1)[0] for line in example.read_text().splitlines() if "=" in line}
    assert names == {name.upper() for name in Settings.model_fields} | COMPOSE_ONLY
    settings = Settings(_env_file=example)
    assert settings.discord_token is None  # the example ships no token


COMPOSE_ONLY = {"POSTGRES_PASSWORD"}  # read by compose.yaml for its database, never by the bot


def test_the_compose_file_reads_no_setting_the_example_does_not_document() -> None:
    used = set(re.findall(r"\$\{(\w+)", (ROOT / "compose.yaml").read_text()))
    assert used <= {name.upper() for name in Settings.model_fields} | COMPOSE_ONLY


def test_the_readme_tables_run_unbroken() -> None:
    """A blank line inside a Markdown table ends it: the rows after it show as raw text."""
    lines = (ROOT / "README.md").read_text().splitlines()
    broken = [
        n + 1
        for n in range(1, len(lines) - 1)
        if not lines[n].strip() and lines[n - 1].startswith("|") and lines[n + 1].startswith("| `")
    ]
    assert broken == []


def test_every_setting_is_in_the_readme_table() -> None:
    readme = (ROOT / "README.md").read_text()
    for name in Settings.model_fields:
        assert f"| `{name.upper()}` |" in readme


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("LOG_LEVEL", "LOUD"),
        ("LOG_LEVEL", "NOTSET"),
        ("DEV_GUILD_ID", "abc"),
        ("DEV_GUILD_ID", "-5"),
        ("OWNER_IDS", "x"),
    ],
)
def test_invalid_values_are_refused(monkeypatch: pytest.MonkeyPatch, name: str, value: str) -> None:
    monkeypatch.setenv(name, value)
    with pytest.raises(ValidationError):
        Settings(_env_file=None)


@pytest.mark.parametrize(
    ("owners", "shards", "expected"),
    [
        ("123 456", "0 1", ({123, 456}, (0, 1))),
        ("123,\t456 ,789", "0 - 2, 5", ({123, 456, 789}, (0, 1, 2, 5))),
    ],
)
def test_ids_pasted_with_spaces_stay_apart(
    monkeypatch: pytest.MonkeyPatch, owners: str, shards: str, expected: tuple[set[int], tuple[int, ...]]
) -> None:
    """ "123 456" is two owners, never the one id 123456 that nobody has."""
    monkeypatch.setenv("OWNER_IDS", owners)
    monkeypatch.setenv("SHARD_IDS", shards)
    monkeypatch.setenv("SHARD_COUNT", "6")
    settings = Settings(_env_file=None)
    assert (settings.owner_ids, settings.shard_ids) == expected


@pytest.mark.parametrize(
    ("name", "value", "said"),
    [
        ("OWNER_IDS", "abc", "OWNER_IDS: must be Discord user ids (numbers), separated by commas or spaces"),
        ("SHARD_IDS", "0,x", "SHARD_IDS: must be shard numbers, comma-separated or a range such as 0-3"),
    ],
)
def test_a_list_setting_that_is_not_numbers_is_said_in_words(
    monkeypatch: pytest.MonkeyPatch, name: str, value: str, said: str
) -> None:
    """Not Python's "invalid literal for int() with base 10" at start-up."""
    monkeypatch.setenv(name, value)
    monkeypatch.setenv("SHARD_COUNT", "2")
    with pytest.raises(ValidationError) as raised:
        Settings(_env_file=None)
    assert [setting_problem(e["loc"], e["msg"]) for e in raised.value.errors()] == [said]


@pytest.mark.parametrize("special", ["#", "?", "/", "@"])
def test_a_database_password_with_an_unencoded_special_character_is_named_never_shown(special: str) -> None:
    """Unencoded, it cuts the URL in the wrong place: "s3cr#et" became the port "s3cr"."""
    with pytest.raises(ValidationError) as raised:
        Settings(_env_file=None, database_url=f"postgresql://bot:s3cr{special}et@db:5432/deepspace")
    (error,) = raised.value.errors()
    said = setting_problem(error["loc"], error["msg"])
    assert said.startswith(
        f"DATABASE_URL: its user name or password holds {special!r}, which must be percent"
    )
    assert "s3cr" not in said


def test_the_whole_user_and_password_part_of_the_database_url_is_secret() -> None:
    """Masked as written and as decoded; an encoded special character is fine."""
    settings = Settings(_env_file=None, database_url="postgresql://bot:s3cr%23et%40x@db/deepspace")
    assert settings.secrets == ("bot:s3cr%23et%40x", "s3cr%23et%40x", "s3cr#et@x")


def test_a_database_path_in_the_home_folder_is_there(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """`~/ds.sqlite3` made a folder literally named "~" in the working folder."""
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("DATABASE_PATH", "~/ds.sqlite3")
    assert Settings(_env_file=None).database_path == tmp_path / "ds.sqlite3"
