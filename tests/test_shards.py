"""Two bot processes on different shards of one bot, sharing one PostgreSQL database.

Each instance is the production bot object (`create_bot`, as `bot.py` builds it from settings) with
its own connection pool, as a separate process would have. Per-game locks are in-process, so what
crosses servers must be made safe by the database: one ranked daily attempt per player and day,
one save per game version, and the same leaderboards whichever instance asks.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from types import SimpleNamespace

import discord
import pytest

from cogs.client import DeepSpaceBot, create_bot
from cogs.daily.post import post_due
from cogs.dine.commands import close_idle_lobbies
from cogs.ui.endings import serves
from core.d6 import action_to_json as d6_json
from core.d6 import apply as d6_apply
from core.d6 import deal as d6_deal
from core.d6.ai import heuristic as d6_heuristic
from core.dine.seating import Setup, lobby
from core.dine.state import RULES_VERSION as DINE_RULES
from core.ranking import GLOBAL, day_of, period_key
from core.settings import Settings
from core.storage import (
    AttemptExists,
    GameRecord,
    PostgresStore,
    StoreUnavailable,
    VersionConflict,
    store_for,
)
from core.verify import verify_pending
from tests.support.postgres import fresh_schema
from tests.test_standings import finished_d6

SHARD_0_GUILD = 10 << 22  # (id >> 22) % 2 == 0: shard 0
SHARD_1_GUILD = 11 << 22  # shard 1
RACES = 20


def shard_bot(url: str, shard: int) -> DeepSpaceBot:
    settings = Settings(_env_file=None, database_url=url, shard_count=2, shard_ids=str(shard))
    return create_bot(settings, store_for(settings.database_location, pool_size=settings.database_pool_size))


@pytest.fixture
async def bots(postgres_server: str) -> AsyncIterator[tuple[DeepSpaceBot, DeepSpaceBot]]:
    async with fresh_schema() as url:
        first, second = shard_bot(url, 0), shard_bot(url, 1)
        await asyncio.gather(first.store.open(), second.store.open())  # both migrate: once
        try:
            yield first, second
        finally:
            await asyncio.gather(first.store.close(), second.store.close())


def test_the_shard_settings_reach_discord_py_and_each_process_serves_its_own_servers() -> None:
    bot = shard_bot("postgresql://bot@db/deepspace", 1)
    assert isinstance(bot, discord.AutoShardedClient)
    assert (bot.shard_count, bot.shard_ids) == (2, [1])
    assert isinstance(bot.store, PostgresStore)
    assert serves(bot, SHARD_1_GUILD)
    assert not serves(bot, SHARD_0_GUILD)
    default = create_bot(Settings(_env_file=None), store_for(Settings(_env_file=None).database_location))
    assert (default.shard_count, default.shard_ids) == (None, None)  # automatic: Discord's count, all here
    with pytest.raises(ValueError, match="SHARD_COUNT"):
        Settings(_env_file=None, shard_ids="0-1")
    with pytest.raises(ValueError, match=r"0\.\.3"):
        Settings(_env_file=None, shard_count=4, shard_ids="2,4")
    assert Settings(_env_file=None, shard_count=8, shard_ids="0-2,5").shard_ids == (0, 1, 2, 5)


async def test_one_players_ranked_daily_start_raced_from_two_servers_makes_exactly_one_attempt(
    bots: tuple[DeepSpaceBot, DeepSpaceBot],
) -> None:
    first, second = bots
    day = day_of(discord.utils.utcnow())
    state, _ = d6_deal(36)
    for player in range(1, RACES + 1):

        async def start(bot: DeepSpaceBot, guild: int, player: int = player) -> GameRecord:
            return await bot.store.create_game(
                kind="d6",
                guild_id=guild,
                channel_id=guild + player,  # each server's private thread for the player
                owner_id=player,
                state_json=state.model_dump_json(),
                rules_version=state.rules_version,
                attempt=("d6", day),
            )

        outcomes = await asyncio.gather(
            start(first, SHARD_0_GUILD), start(second, SHARD_1_GUILD), return_exceptions=True
        )
        started = [o for o in outcomes if isinstance(o, GameRecord)]
        assert len(started) == 1, outcomes
        assert [type(o) for o in outcomes if not isinstance(o, GameRecord)] == [AttemptExists]
        seen = [await bot.store.daily_attempt("d6", day, player) for bot in bots]
        assert seen[0] == seen[1]
        assert seen[0] is not None
        assert seen[0].game_id == started[0].id
    games = await first.store.active_games("d6")
    assert len(games) == RACES
    assert sorted(g.owner_id for g in games) == list(range(1, RACES + 1))


async def test_two_instances_saving_the_same_game_land_exactly_one_move(
    bots: tuple[DeepSpaceBot, DeepSpaceBot],
) -> None:
    first, second = bots
    state, _ = d6_deal(7)
    record = await first.store.create_game(
        kind="d6",
        guild_id=SHARD_0_GUILD,
        channel_id=1,
        owner_id=1,
        state_json=json.dumps({"step": 0}),
        rules_version=state.rules_version,
    )
    for step in range(RACES):
        action = d6_heuristic(state).action
        state, _ = d6_apply(state, action)

        async def move(
            bot: DeepSpaceBot, user: int, expected: int = step, action: str = d6_json(action)
        ) -> GameRecord:
            loaded = await bot.store.get_game(record.id)
            assert loaded is not None
            return await bot.store.save(
                record.id,
                expected_version=expected,
                user_id=user,
                action_json=action,
                state_json=json.dumps({"step": expected + 1, "by": user}),
            )

        outcomes = await asyncio.gather(move(first, 100), move(second, 200), return_exceptions=True)
        landed = [o for o in outcomes if isinstance(o, GameRecord)]
        assert len(landed) == 1, outcomes
        assert [type(o) for o in outcomes if not isinstance(o, GameRecord)] == [VersionConflict]
        assert landed[0].version == step + 1
    log = await second.store.actions(record.id)
    assert [a.seq for a in log] == list(range(1, RACES + 1))
    final = await first.store.get_game(record.id)
    assert final is not None
    assert json.loads(final.state_json)["by"] == log[-1].user_id


async def test_leaderboards_seen_from_either_instance_are_identical(
    bots: tuple[DeepSpaceBot, DeepSpaceBot],
) -> None:
    first, second = bots
    plays = [(bot, guild, seed, user) for seed, user in zip(range(30, 36), range(1, 7), strict=True)
             for bot, guild in [(first, SHARD_0_GUILD) if user % 2 else (second, SHARD_1_GUILD)]]  # fmt: skip
    await asyncio.gather(
        *(finished_d6(bot.store, seed, user, guild=guild) for bot, guild, seed, user in plays)
    )
    verified = await asyncio.gather(verify_pending(first.store), verify_pending(second.store))
    assert sum(verified) >= len(plays)  # both readers ran; each result was counted once (below)

    today = period_key("today", day_of(discord.utils.utcnow()))
    for kind_period, scope in [
        ("all", GLOBAL),
        (today, GLOBAL),
        ("all", SHARD_0_GUILD),
        ("all", SHARD_1_GUILD),
    ]:
        boards = [await bot.store.leaderboard("d6", kind_period, scope, user_id=1) for bot in bots]
        assert boards[0] == boards[1]
        expected = 6 if scope == GLOBAL else 3
        assert boards[0].players == expected
        assert len({s.user_id for s in boards[0].top}) == expected
    assert await first.store.unverified_results() == []


async def idle_lobbies(bot: DeepSpaceBot, count: int) -> list[int]:
    """`count` Dine lobbies nobody touched for a day, in a server shard 0 serves."""
    old = discord.utils.utcnow() - timedelta(days=1)
    ids = []
    for n in range(count):
        saved = lobby(100 + n, f"host{n}", Setup(starter=True, ship="Spacehopper 3000", level="Salad"), old)
        record = await bot.store.create_game(
            kind="dine",
            guild_id=SHARD_0_GUILD,
            channel_id=5000 + n,
            owner_id=100 + n,
            state_json=saved.model_dump_json(),
            rules_version=DINE_RULES,
        )
        ids.append(record.id)
    return ids


async def test_each_process_closes_only_its_own_servers_idle_lobbies(
    bots: tuple[DeepSpaceBot, DeepSpaceBot],
) -> None:
    """A process's locks guard only its own clicks: another process sweeping a lobby raced a member's
    Join there (and two processes sweeping at once tripped over each other's saves). Two sweeps of
    the serving process close each lobby once."""
    first, second = bots
    ids = await idle_lobbies(first, 4)
    assert await close_idle_lobbies(second) == 0  # shard 1 does not serve that server
    closed = await asyncio.gather(close_idle_lobbies(first), close_idle_lobbies(first))
    assert sum(closed) == len(ids)
    for game_id in ids:
        record = await first.store.get_game(game_id)
        assert record is not None
        assert record.status == "abandoned"
    await first.boards.idle()


class Channel:
    """Where a bot not connected to Discord sends a daily post: Discord takes it after a moment."""

    def __init__(self, sent: list[int], bot: int, failing: dict[str, bool]) -> None:
        self.sent, self.bot, self.failing = sent, bot, failing

    async def send(self, **_: object) -> None:
        await asyncio.sleep(0.05)  # the round trip to Discord, when the other process may look too
        if self.failing["now"]:
            raise discord.HTTPException(SimpleNamespace(status=500, reason="boom"), "boom")
        self.sent.append(self.bot)


async def test_two_processes_serving_one_server_send_its_daily_post_once(
    location: Path | str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by a review: the day was marked posted only after Discord took the post, so two processes
    serving one server (a restart's overlap, on either store) both sent it. It is claimed first now, and
    a send that fails gives the claim back for a later try."""
    if isinstance(location, str):
        settings = Settings(_env_file=None, database_url=location)
    else:
        settings = Settings(_env_file=None, database_path=location)
    first, second = (create_bot(settings, store_for(settings.database_location)) for _ in range(2))
    await asyncio.gather(first.store.open(), second.store.open())
    try:
        hour = discord.utils.utcnow().hour
        await first.store.set_daily_post(SHARD_0_GUILD, 70, hour)
        sent: list[int] = []
        failing = {"now": True}
        for n, bot in enumerate((first, second)):
            channel = Channel(sent, n, failing)
            monkeypatch.setattr(bot, "get_partial_messageable", lambda *_, c=channel, **__: c)

        assert await asyncio.gather(post_due(first), post_due(second)) == [0, 0]  # Discord refused
        post = await first.store.daily_post(SHARD_0_GUILD)
        assert post is not None
        assert post.last_day is None  # given back: tried again by the next loop
        failing["now"] = False
        done = await asyncio.gather(post_due(first), post_due(second), post_due(first), post_due(second))
        assert sorted(done) == [0, 0, 0, 1]
        assert len(sent) == 1
        post = await second.store.daily_post(SHARD_0_GUILD)
        assert post is not None
        assert post.last_day == day_of(discord.utils.utcnow())
        assert await asyncio.gather(post_due(first), post_due(second)) == [0, 0]  # once a day
        assert len(sent) == 1
    finally:
        await asyncio.gather(first.store.close(), second.store.close())


async def test_a_post_sent_but_not_recorded_is_recorded_later_not_sent_again(
    location: Path | str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by a review: when Discord took the post but the store could not mark it posted, its claim
    stood until stale, and the loop that took it over then sent the day's post a second time. The
    process remembers the post went out and records it on the next loop instead."""
    if isinstance(location, str):
        settings = Settings(_env_file=None, database_url=location)
    else:
        settings = Settings(_env_file=None, database_path=location)
    bot = create_bot(settings, store_for(settings.database_location))
    await bot.store.open()
    try:
        await bot.store.set_daily_post(SHARD_0_GUILD, 70, discord.utils.utcnow().hour)
        sent: list[int] = []
        monkeypatch.setattr(bot, "get_partial_messageable", lambda *_, **__: Channel(sent, 0, {"now": False}))
        monkeypatch.setattr("cogs.daily.post.CLAIM_STALE", timedelta(0))  # as if the claim were old
        record = bot.store.mark_daily_posted

        async def unreachable(*_: object) -> None:
            raise StoreUnavailable()

        monkeypatch.setattr(bot.store, "mark_daily_posted", unreachable)
        assert await post_due(bot) == 1
        monkeypatch.setattr(bot.store, "mark_daily_posted", record)  # the store is back
        assert await post_due(bot) == 0
        post = await bot.store.daily_post(SHARD_0_GUILD)
        assert post is not None
        assert post.last_day == day_of(discord.utils.utcnow())
        assert await post_due(bot) == 0
        assert sent == [0]
    finally:
        await bot.store.close()


async def test_a_claim_the_store_cannot_give_back_does_not_stop_the_other_servers_posts(
    location: Path | str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A failed send whose claim could not be given back (the store unreachable a moment) raised out of
    the loop, and the servers after it got no post that minute; the claim lapses instead."""
    settings = (
        Settings(_env_file=None, database_url=location)
        if isinstance(location, str)
        else Settings(_env_file=None, database_path=location)
    )
    bot = create_bot(settings, store_for(settings.database_location))
    await bot.store.open()
    try:
        hour = discord.utils.utcnow().hour
        await bot.store.set_daily_post(SHARD_0_GUILD, 70, hour)
        await bot.store.set_daily_post(SHARD_1_GUILD, 71, hour)
        sent: list[int] = []
        channels = {70: Channel(sent, 70, {"now": True}), 71: Channel(sent, 71, {"now": False})}
        monkeypatch.setattr(bot, "get_partial_messageable", lambda channel_id, **_: channels[channel_id])

        async def unreachable(*_: object) -> None:
            raise StoreUnavailable()

        monkeypatch.setattr(bot.store, "release_daily_post", unreachable)
        assert await post_due(bot) == 1
        assert sent == [71]
    finally:
        await bot.store.close()
