"""Who is still in the server: host actions must not stay locked to a host who left.

The bot runs without the privileged members intent, so it is not told when someone leaves and its
member cache cannot say; Discord's member lookup can. It is asked only when someone other than the
host tries a host action, so a normal game makes no extra request.
"""

from __future__ import annotations

import logging

import discord

log = logging.getLogger(__name__)


async def in_server(interaction: discord.Interaction, user_id: int) -> bool:
    """Whether `user_id` is still a member of the interaction's server (True when that can't be told)."""
    return interaction.guild is None or await member_of(interaction.guild, user_id)


async def member_of(guild: discord.Guild, user_id: int) -> bool:
    """Whether `user_id` is still a member of `guild`, asking Discord (True when that can't be told)."""
    try:
        await guild.fetch_member(user_id)
    except discord.NotFound:
        return False
    except discord.HTTPException as error:
        log.warning("could not look up member %s of server %s: %s", user_id, guild.id, error)
        return True
    return True


async def may_act_as_host(interaction: discord.Interaction, host: int, crew: tuple[int, ...]) -> bool:
    """The host may do what only the host may; so may any crew member once the host has left the
    server (otherwise nobody but a channel manager could ever start, kick or end)."""
    user = interaction.user.id
    if user == host:
        return True
    return user in crew and not await in_server(interaction, host)


async def may_end(interaction: discord.Interaction, host: int, crew: tuple[int, ...]) -> bool:
    """Ending a game is a host action; once the whole crew has left the server, anyone in the channel
    may end it too (else the channel stays blocked for a game nobody can play)."""
    if await may_act_as_host(interaction, host, crew):
        return True
    if interaction.user.id in crew:
        return False
    for user in crew:
        if await in_server(interaction, user):
            return False
    return True
