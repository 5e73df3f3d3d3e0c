"""The bot against a fake Discord over real sockets: discord.py's own HTTP, gateway and webhook code runs.

The simulated tests drive discord.py above its transport; these catch what only the wire shows: a
route or payload Discord would reject, a response shape discord.py cannot parse, a login that fails
with a traceback instead of an explanation.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable, Iterator

import pytest

import bot as entry_point
from cogs.client import create_bot
from cogs.ui.controls import UNKNOWN_CONTROL
from core.about import game
from core.settings import Settings
from core.storage import SqliteStore
from tests.support.fake_discord import CALLBACK, EPHEMERAL, FakeDiscord, serve_in_thread, until_ready, walk


@pytest.fixture
def restore_logging() -> Iterator[None]:
    """`bot.main` installs a root handler on the captured stderr; leave logging as we found it."""
    names = ["", "discord.http", "discord.gateway", "discord.client"]
    levels = {name: logging.getLogger(name).level for name in names}
    handlers = list(logging.getLogger().handlers)
    yield
    logging.getLogger().handlers[:] = handlers
    for name, level in levels.items():
        logging.getLogger(name).setLevel(level)


def _bounded(call: Callable[[], int], timeout: float = 15.0) -> int:
    """Run `call` in a daemon thread so that a token the fake wrongly accepts fails instead of hanging."""
    outcome: list[int | BaseException] = []

    def target() -> None:
        try:
            outcome.append(call())
        except BaseException as error:
            outcome.append(error)

    worker = threading.Thread(target=target, name="bot-main", daemon=True)
    worker.start()
    worker.join(timeout)
    if not outcome:
        pytest.fail(f"bot.main did not return within {timeout} s")
    if isinstance(outcome[0], BaseException):
        raise outcome[0]
    return outcome[0]


async def test_about_and_its_button_over_the_wire(fake: FakeDiscord, tmp_path) -> None:
    db = tmp_path / "deepspace.sqlite3"
    settings = Settings(
        _env_file=None, discord_token=fake.token, database_path=db, dev_guild_id=int(fake.guild_id)
    )
    bot = create_bot(settings, SqliteStore(db))
    runner = asyncio.create_task(bot.start(fake.token))
    try:
        await until_ready(bot, runner)
        assert str(getattr(bot.user, "id", None)) == fake.app_id
        assert [g.id for g in bot.guilds] == [int(fake.guild_id)]

        synced = await fake.next_request(
            "PUT", rf"/applications/{fake.app_id}/guilds/{fake.guild_id}/commands"
        )
        assert "about" in {command["name"] for command in synced.body}

        await fake.send_interaction(fake.slash("about"))
        about = await fake.next_request("POST", CALLBACK)
        assert (about.status, about.body["type"]) == (200, 4)
        assert [e["title"] for e in about.body["data"]["embeds"]] == ["Deep Space"]
        message = about.response["resource"]["message"]
        buttons = {c["custom_id"] for c in walk(message["components"]) if c["type"] == 2}
        assert buttons == {"ds:about:dine", "ds:about:d6"}
        assert about.response["interaction"]["response_message_id"] == message["id"]

        click = fake.click(message, "ds:about:d6")
        assert click["message"]["id"] == message["id"]  # discord.py files views under this id
        await fake.send_interaction(click)
        gist = await fake.next_request("POST", CALLBACK)
        assert (gist.status, gist.body["type"]) == (200, 4)
        assert gist.body["data"].get("flags", 0) & EPHEMERAL
        [embed] = gist.body["data"]["embeds"]
        d6 = game("d6")
        assert (embed["title"], embed["description"]) == (d6.title, d6.summary)
    finally:
        await bot.close()
        await asyncio.wait_for(runner, 10)
    fake.auditor.assert_clean()
    assert fake.unhandled == []
    assert not [t for t in asyncio.all_tasks() if t is not asyncio.current_task() and not t.done()]


def test_rejected_token_explains_itself(tmp_path, monkeypatch, capsys, restore_logging) -> None:
    monkeypatch.chdir(tmp_path)  # no developer's .env can leak in
    monkeypatch.setenv("DISCORD_TOKEN", "not.the-token.the-fake-accepts")
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "deepspace.sqlite3"))
    for name in ("DEV_GUILD_ID", "OWNER_IDS", "LOG_LEVEL"):
        monkeypatch.delenv(name, raising=False)
    with serve_in_thread() as fake:
        code = _bounded(lambda: entry_point.main([]))
    out = capsys.readouterr()
    assert code == 2
    assert "Discord rejected the one configured" in out.err
    assert "https://discord.com/developers/applications" in out.err  # the developer portal
    assert "Traceback" not in out.err + out.out
    assert [(r.method, r.path, r.status) for r in fake.requests] == [("GET", "/users/@me", 401)]
    assert fake.unhandled == []
    fake.auditor.assert_clean()


DINE_OUTDATED = "That control is from an older version of the bot. Use `/dine board` to get a fresh board."
D6_OUTDATED = "That control is from an older version of the bot. Use `/d6 board` to get a fresh board."
STRAY_CONTROLS = {  # custom id → what the clicker reads
    "ds:dine:z:1:1:": DINE_OUTDATED,  # a verb this version does not know
    "ds:d6:a:1:1:" + "9" * 70: D6_OUTDATED,  # an argument longer than ours
    "ds:chess:a:1:1:": UNKNOWN_CONTROL.format(
        d6="`/d6 board`", dine="`/dine board`"
    ),  # a game we do not have
    "legacy-board-button": UNKNOWN_CONTROL.format(d6="`/d6 board`", dine="`/dine board`"),  # another layout
}


async def test_every_click_is_answered_whatever_its_custom_id(fake: FakeDiscord, tmp_path) -> None:
    """Controls from another version of the bot match none of this version's items; discord.py would
    drop such a click without a word (the user sees "This interaction failed"), so the bot answers it."""
    db = tmp_path / "deepspace.sqlite3"
    settings = Settings(
        _env_file=None, discord_token=fake.token, database_path=db, dev_guild_id=int(fake.guild_id)
    )
    bot = create_bot(settings, SqliteStore(db))
    runner = asyncio.create_task(bot.start(fake.token))
    try:
        await until_ready(bot, runner)
        await fake.send_interaction(fake.slash("about"))
        message = (await fake.next_request("POST", CALLBACK)).response["resource"]["message"]
        old = fake.messages[message["id"]]  # as a message an older version of the bot drew would be
        buttons = [
            {"type": 2, "style": 2, "label": str(n), "custom_id": custom_id}
            for n, custom_id in enumerate([*STRAY_CONTROLS, "ds:about:d6"])
        ]
        menu = {"type": 3, "custom_id": "ds:dine:q:1:1:0", "options": [{"label": "a", "value": "a1"}]}
        old["components"] = [{"type": 1, "components": buttons}, {"type": 1, "components": [menu]}]

        for custom_id, expected in [*STRAY_CONTROLS.items(), ("ds:dine:q:1:1:0", DINE_OUTDATED)]:
            values = ["a1"] if custom_id == menu["custom_id"] else None
            await fake.send_interaction(fake.click(old, custom_id, values))
            answer = await fake.next_request("POST", CALLBACK)
            assert (answer.status, answer.body["type"]) == (200, 4), custom_id
            assert answer.body["data"]["flags"] & EPHEMERAL
            assert answer.body["data"]["content"] == expected
        await fake.send_interaction(fake.click(old, "ds:about:d6"))  # a control this version knows
        known = await fake.next_request("POST", CALLBACK)
        assert known.body["data"]["embeds"][0]["title"] == game("d6").title
        await asyncio.sleep(0.2)
        assert (
            len([r for r in fake.requests if r.method == "POST" and "/callback" in r.path]) == 7
        )  # once each
    finally:
        await bot.close()
        await asyncio.wait_for(runner, 10)
    fake.auditor.assert_clean()
    assert fake.unhandled == []
