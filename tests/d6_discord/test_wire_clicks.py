"""Fast clicks over the wire: Discord delivers two presses of the same board before the bot answers.

Only the wire-level fake can deliver interactions truly at once, so these run the unmodified bot
against it: both presses carry the same board version, the first is applied and the second finds
the board changed, is answered privately and changes nothing.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from cogs.client import DeepSpaceBot, create_bot
from core.settings import Settings
from core.storage import SqliteStore
from tests.support.fake_discord import CALLBACK, FakeDiscord, one_applied_one_refused, until_ready, walk


@pytest.fixture
async def bot(fake: FakeDiscord, tmp_path) -> AsyncIterator[DeepSpaceBot]:
    db = tmp_path / "deepspace.sqlite3"
    settings = Settings(
        _env_file=None, discord_token=fake.token, database_path=db, dev_guild_id=int(fake.guild_id)
    )
    bot = create_bot(settings, SqliteStore(db))
    bot.new_seed = lambda: 7
    runner = asyncio.create_task(bot.start(fake.token))
    try:
        await until_ready(bot, runner)
        await fake.next_request("PUT", rf"/applications/{fake.app_id}/guilds/{fake.guild_id}/commands")
        yield bot
    finally:
        await bot.close()
        await asyncio.wait_for(runner, 10)
    fake.auditor.assert_clean()
    assert fake.unhandled == []


async def new_board(fake: FakeDiscord) -> dict:
    await fake.send_interaction(fake.slash("d6", "new", difficulty="easy"))
    posted = await fake.next_request("POST", CALLBACK)
    assert posted.body["type"] == 4
    return posted.response["resource"]["message"]


async def test_two_presses_at_once_apply_exactly_one(fake: FakeDiscord, bot: DeepSpaceBot) -> None:
    board = await new_board(fake)
    game = await bot.store.active_game(int(fake.channel_id))
    assert game is not None
    end = f"ds:d6:a:{game.id}:0:e"
    assert end in [c.get("custom_id") for c in walk(board["components"])]

    first, second = fake.click(board, end), fake.click(board, end)
    await asyncio.gather(fake.send_interaction(first), fake.send_interaction(second))
    answers = [await fake.next_request("POST", CALLBACK) for _ in range(2)]

    applied = one_applied_one_refused(answers)
    after = await bot.store.get_game(game.id)
    assert after is not None
    assert after.version == 1
    assert len(await bot.store.actions(game.id)) == 1
    assert applied.body["data"]["embeds"][0]["footer"]["text"] == f"Game #{game.id} · update 1"


async def test_a_burst_of_different_presses_is_applied_in_order(fake: FakeDiscord, bot: DeepSpaceBot) -> None:
    """A die pressed and End assignment pressed at once: each sees a consistent game, none is lost."""
    board = await new_board(fake)
    game = await bot.store.active_game(int(fake.channel_id))
    assert game is not None
    ids = [c["custom_id"] for c in walk(board["components"]) if c.get("custom_id", "").startswith("ds:d6:p:")]
    presses = [fake.click(board, ids[0]), fake.click(board, f"ds:d6:a:{game.id}:0:e")]

    await asyncio.gather(*(fake.send_interaction(p) for p in presses))
    answers = [await fake.next_request("POST", CALLBACK) for _ in range(2)]

    # picking a die saves nothing, so whichever came first, End assignment is applied exactly once
    assert sorted(a.body["type"] for a in answers) in ([7, 7], [4, 7])
    after = await bot.store.get_game(game.id)
    assert after is not None
    assert after.version == 1
    assert [a.action_json for a in await bot.store.actions(game.id)] == ['{"kind":"end_assignment"}']
