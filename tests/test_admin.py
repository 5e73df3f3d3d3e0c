"""`/sync` publishes the commands, for the bot's owners only; it is never done on a plain boot."""

from __future__ import annotations

import discord

from core.errors import RuleError
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

    application = world.bot.application_id
    assert application is not None
    server = discord.Object(world.guild.id)  # as a bot run with DEV_GUILD_ID: this server's copy only
    world.bot.tree.copy_global_to(guild=server)
    await world.bot.tree.sync(guild=server)
    await world.bot.http.bulk_upsert_global_commands(application, [])
    here = await alice.runs("sync", scope="server")
    count = len(world.bot.tree.get_commands())
    assert here.response.content == f"Published {count} commands to this server."
    puts = [r for r in world.env.http_requests if r.method == "PUT"]
    assert puts[-1].path.endswith(f"/guilds/{world.guild.id}/commands")
    assert len(puts[-1].json) == count

    everywhere = await alice.runs("sync")

    assert everywhere.ephemeral
    assert everywhere.response.content == (
        f"Published {count} commands to every server (Discord may take up to an hour to show them). "
        "This server's own copy is removed, so each command shows once here."
    )
    puts = [r for r in world.env.http_requests if r.method == "PUT"]
    assert "/guilds/" not in puts[-2].path
    assert len(puts[-2].json) == count
    assert puts[-1].path.endswith(f"/guilds/{world.guild.id}/commands")
    assert puts[-1].json == []  # a server copy beside the global commands would list each twice

    again = await alice.runs("sync", scope="server")
    assert again.ephemeral
    assert again.response.content == (
        "The commands are already published to every server, so a copy for this server would show each "
        "one twice. Nothing was changed."
    )
    assert [r for r in world.env.http_requests if r.method == "PUT"] == puts
    assert [type(e.__cause__) for e in world.take_errors()] == [RuleError]


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
