"""`python bot.py` without a usable token explains how to get one and exits non-zero, no traceback."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def clean_env(**env: str) -> dict[str, str]:
    """This shell's environment with none of our settings, plus `env`."""
    clean = {k: v for k, v in os.environ.items() if k not in {"DISCORD_TOKEN", "LOG_LEVEL", "DEV_GUILD_ID"}}
    clean.update(env, PYTHONPATH=str(ROOT))
    return clean


def run(command: list[str], cwd: Path, timeout: float = 60, **env: str) -> subprocess.CompletedProcess[str]:
    """Run `command` with none of our settings inherited from this shell, plus `env`."""
    return subprocess.run(
        command, cwd=cwd, env=clean_env(**env), capture_output=True, text=True, timeout=timeout, check=False
    )


def run_bot(tmp_path: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return run([sys.executable, str(ROOT / "bot.py"), *args], cwd=tmp_path, **env)  # no .env in tmp_path


def test_missing_token_prints_how_to_get_one(tmp_path: Path) -> None:
    done = run_bot(tmp_path)
    assert done.returncode == 2
    assert "needs a Discord bot token" in done.stderr
    assert "discord.com/developers/applications" in done.stderr
    assert "DISCORD_TOKEN" in done.stderr
    assert "Traceback" not in done.stderr + done.stdout
    assert not (tmp_path / "var").exists()  # nothing was created before the token check


def test_an_invalid_setting_is_named_without_a_traceback(tmp_path: Path) -> None:
    done = run_bot(tmp_path, DISCORD_TOKEN="x", LOG_LEVEL="LOUD")
    assert done.returncode == 2
    assert "LOG_LEVEL" in done.stderr
    assert "Traceback" not in done.stderr + done.stdout


def test_help_names_the_global_sync_flag(tmp_path: Path) -> None:
    done = run_bot(tmp_path, "--help")
    assert done.returncode == 0
    assert "--sync-global" in done.stdout


@pytest.mark.skipif(
    not (ROOT / ".venv" / ".installed").exists() or (ROOT / ".env").exists(),
    reason="needs the set-up .venv (as CI has) and no local .env with a real token",
)
def test_the_readme_run_command_explains_the_missing_token() -> None:
    done = run(["bash", "scripts/start.sh"], cwd=ROOT, timeout=300)
    assert done.returncode == 2
    assert "needs a Discord bot token" in done.stderr
    assert "Traceback" not in done.stderr + done.stdout


def closed_port() -> int:
    """A local port nothing listens on: connecting to it is refused at once, like Discord offline."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def offline_bot(delays: str) -> str:
    """A script starting the bot against a Discord that refuses every connection, with `delays`
    between its attempts (a Python list, as text)."""
    return (
        "import sys, discord\n"
        f"discord.http.Route.BASE = 'http://127.0.0.1:{closed_port()}/api/v10'\n"
        "import bot\n"
        f"sys.exit(bot.main([], retry_delays={delays}))\n"
    )


def test_discord_out_of_reach_is_one_line_per_try_then_a_retry_and_no_voice_warnings(tmp_path: Path) -> None:
    """Discord unreachable at start: one clear line per attempt, retried with back-off (the test
    bounds it to three attempts), no traceback; and none of discord.py's voice-library warnings."""
    script = offline_bot("[0, 0]")
    done = run(
        [sys.executable, "-c", script],
        cwd=tmp_path,
        DISCORD_TOKEN="not.a-real.token",
        DATABASE_PATH=str(tmp_path / "deepspace.sqlite3"),
    )
    said = done.stderr + done.stdout
    assert done.returncode == 1, said
    lines = [line for line in done.stderr.splitlines() if line.startswith("Cannot reach Discord (")]
    assert len(lines) == 3, said
    assert all("check the network connection" in line and "retrying in 0 s" in line for line in lines[:2])
    assert lines[2].endswith("; giving up.")
    assert "Traceback" not in said
    for noise in ("PyNaCl", "davey", "voice"):
        assert noise not in said


@pytest.mark.parametrize(
    ("setting", "value", "said"),
    [
        ("DATABASE_PATH", "/proc/no-such-dir/deepspace.sqlite3", "DATABASE_PATH=/proc/no-such-dir"),
        ("DATABASE_PATH", "/etc/hostname", "file is not a database"),
        ("DATABASE_PATH", "{folder}", "unable to open database file"),  # and no "Event loop is closed"
        ("DATABASE_URL", "postgresql://nobody:s3cret@127.0.0.1:{port}/x", "DATABASE_URL (PostgreSQL)"),
        ("DATABASE_URL", "postgresql://nobody:s3cr%23et@127.0.0.1:{port}/x", "DATABASE_URL (PostgreSQL)"),
    ],
)
def test_a_database_the_bot_cannot_open_is_said_in_one_line_before_any_login(
    tmp_path: Path, setting: str, value: str, said: str
) -> None:
    """Checked before logging in: with Discord out of reach too, the database is named (a refused
    PostgreSQL connection was blamed on Discord), with no traceback and never the URL's password."""
    script = offline_bot("[]")
    done = run(
        [sys.executable, "-c", script],
        cwd=tmp_path,
        DISCORD_TOKEN="not.a-real.token",
        **{setting: value.format(port=closed_port(), folder=tmp_path)},
    )
    out = done.stderr + done.stdout
    assert done.returncode == 2, out
    assert "Traceback" not in out
    assert "Cannot reach Discord" not in out
    (line,) = [line for line in done.stderr.splitlines() if line.strip()]
    assert line.startswith("Deep Space cannot open its database at ")
    assert said in line
    assert "s3cr" not in out


@pytest.mark.parametrize("special", ["#", "?", "/", "@"])
def test_a_database_password_with_an_unencoded_special_character_is_said_and_never_shown(
    tmp_path: Path, special: str
) -> None:
    """ "s3cr#et" was read as the port "s3cr" and the error quoted it; "p@ss" as the password "p"."""
    url = f"postgresql://nobody:s3cr{special}et@127.0.0.1:{closed_port()}/x"
    done = run_bot(tmp_path, DISCORD_TOKEN="not.a-real.token", DATABASE_URL=url)
    out = done.stderr + done.stdout
    assert done.returncode == 2, out
    (line,) = [line for line in done.stderr.splitlines() if line.strip()]
    assert line.startswith("Deep Space cannot start: a setting is invalid (DATABASE_URL: its user name")
    assert f"password holds {special!r}" in line
    assert "percent-encoded" in line
    assert "s3cr" not in out
    assert "Traceback" not in out


def test_sigterm_stops_the_bot_as_ctrl_c_does(tmp_path: Path) -> None:
    """`docker stop` sends SIGTERM (the bot is PID 1 there, where an unhandled SIGTERM is ignored):
    the bot stops at once with exit code 0, as on Ctrl-C."""
    script = offline_bot("[60]")
    process = subprocess.Popen(
        [sys.executable, "-c", script],
        cwd=tmp_path,
        env=clean_env(DISCORD_TOKEN="not.a-real.token"),
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stderr is not None
    line = process.stderr.readline()
    while line and not line.startswith("Cannot reach Discord"):  # then it waits 60 s to try again
        line = process.stderr.readline()
    assert line.startswith("Cannot reach Discord")
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=15) == 0


@pytest.mark.parametrize(
    ("env", "said"),
    [
        ({"SHARD_IDS": "0-3"}, "a setting is invalid (SHARD_IDS needs SHARD_COUNT"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "3-1"}, "SHARD_IDS: the range 3-1 runs backwards; write 1-3"),
    ],
)
def test_shard_mistakes_name_the_setting_and_what_is_wrong(
    tmp_path: Path, env: dict[str, str], said: str
) -> None:
    done = run_bot(tmp_path, DISCORD_TOKEN="x", **env)
    assert done.returncode == 2
    assert said in done.stderr
    assert "(: " not in done.stderr
    assert "Traceback" not in done.stderr + done.stdout
