"""`/sync` publishes the commands, for the bot's owners only; it is never done on a plain boot."""

from __future__ import annotations

import discord

from tests.support.scenario import build_bot


def admin_role(world):
    return world.guild.create_role("Admins", permissions=discord.Permissions(administrator=True))


async def test_a_server_admin_who_is_not_an_owner_is_refused(world) -> None:
    alice = world.player("alice", roles=[admin_role(world)])
    puts_before = sum(r.method == "PUT" for r in world.env.http_requests)

    answer = await alice.runs("sync")

    assert answer.ephemeral
    assert answer.response.content == "Only the bot's owners can publish its commands."
    assert sum(r.method == "PUT" for r in world.env.http_requests) == puts_before
    world.take_errors()


async def test_an_owner_publishes_globally_or_to_this_server(world) -> None:
    alice = world.player("alice", roles=[admin_role(world)])
    await world.restart(owner_ids=str(alice.id))  # OWNER_IDS as the settings read it

    everywhere = await alice.runs("sync")
    here = await alice.runs("sync", scope="server")

    count = len(world.bot.tree.get_commands())
    assert everywhere.ephemeral
    assert everywhere.response.content.startswith(f"Published {count} commands to every server")
    assert here.response.content == f"Published {count} commands to this server."
    puts = [r.path for r in world.env.http_requests if r.method == "PUT"]
    assert puts[-1].endswith(f"/guilds/{world.guild.id}/commands")
    assert "/guilds/" not in puts[-2]


async def test_a_plain_start_syncs_nothing(world, database) -> None:
    puts_before = sum(r.method == "PUT" for r in world.env.http_requests)
    # what `python bot.py` does without --sync-global and without DEV_GUILD_ID
    old = world.bot
    await world.env.restart_bot(build_bot(database, sync_global=False))
    await old.store.close()
    assert sum(r.method == "PUT" for r in world.env.http_requests) == puts_before


async def test_dev_server_and_global_sync_together_do_not_double_the_commands(world, database) -> None:
    old = world.bot
    await world.env.restart_bot(build_bot(database, sync_global=True, dev_guild_id=world.guild.id))
    await old.store.close()
    puts = [r for r in world.env.http_requests if r.method == "PUT"]
    assert "/guilds/" not in puts[-2].path  # published everywhere...
    assert puts[-1].path.endswith(f"/guilds/{world.guild.id}/commands")
    assert puts[-1].json == []  # ...and no second copy in the development server
