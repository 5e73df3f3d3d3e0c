"""Every answer of the shared error path in the reader's language, and nothing of it untranslated.

The test-only commands of `test_error_paths` raise on demand; a few more raise what only the error
path words (a store that cannot be reached, a cooldown, a missing permission).
"""

from __future__ import annotations

import asyncio

import discord
import pytest
from discord import app_commands

from cogs.ui.replies import reply_publicly
from core.errors import RuleError
from core.i18n import PSEUDO, lazy
from core.i18n.commands import Slash
from core.storage import StoreUnavailable
from tests.support.locales import discord_locales, untranslated
from tests.test_error_paths import add_probes


def add_more_probes(bot) -> None:
    add_probes(bot)

    @bot.tree.command(name="probe_store", description="the database is away")
    async def probe_store(interaction: discord.Interaction) -> None:
        raise StoreUnavailable

    @bot.tree.command(name="probe_cooldown", description="once a minute")
    @app_commands.checks.cooldown(1, 60)
    async def probe_cooldown(interaction: discord.Interaction) -> None:
        raise RuleError(lazy("That game is over. Start a new one with {command}.", command=Slash("d6 new")))

    @bot.tree.command(name="probe_manager", description="needs Manage Server")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def probe_manager(interaction: discord.Interaction) -> None:
        raise AssertionError("not reached")

    @bot.tree.command(name="probe_late_refusal", description="a public command refusing late")
    async def probe_late_refusal(interaction: discord.Interaction) -> None:
        reply_publicly(interaction)
        await asyncio.sleep(0.6)
        raise RuleError(lazy("You can't use that here."))


@pytest.fixture
def customise_bot():
    return add_more_probes


async def test_error_answers_are_in_the_readers_language(world, monkeypatch) -> None:
    jana, gone = world.player("jana"), world.player("gone")
    discord_locales(monkeypatch, {jana.id: "es-419"})
    assert (await jana.runs("probe_store")).response.content.startswith(
        "Ahora mismo no llego a la base de datos"
    )
    bug = await jana.runs("probe_bug")
    assert bug.response.content.startswith("Lo siento, algo ha fallado por nuestra parte")
    assert "`E-" in bug.response.content  # the reference, to match the log
    await jana.runs("probe_cooldown")
    again = await jana.runs("probe_cooldown")
    assert again.response.content.startswith("¡Con calma! Vuelve a intentarlo dentro de ")
    assert again.response.content.endswith(" segundos.")
    refused = await jana.runs("probe_manager")
    assert refused.response.content == "Para eso necesitas este permiso: Gestionar servidor."
    world.guild.remove_member(gone.actor)
    left = await jana.runs("probe_member", member=gone.actor.user)
    assert (
        left.response.content
        == "Ese miembro ya no está en este servidor, así que no se le puede elegir para esto."
    )
    late = await jana.runs("probe_late_refusal")
    assert late.response.content == "Respondido en privado."  # the public placeholder, in her words
    assert late.followups[0].content == "Eso no se puede usar aquí."
    world.take_errors()


async def test_the_error_path_leaves_nothing_untranslated_in_the_pseudo_locale(world) -> None:
    pat, gone = world.player("pat"), world.player("gone")
    await world.bot.store.set_preference("user", pat.id, "language", PSEUDO)
    before = len(world.env.http_requests)
    for command in ("probe_store", "probe_bug", "probe_cooldown", "probe_cooldown", "probe_manager"):
        await pat.runs(command)
    world.guild.remove_member(gone.actor)
    await pat.runs("probe_member", member=gone.actor.user)
    await pat.runs("probe_late_refusal")
    await pat.runs("d6 board")  # a game command's refusal through the shared helpers
    bodies = [r.json for r in world.env.http_requests[before:] if r.method in ("POST", "PATCH")]
    assert len(bodies) >= 9
    assert untranslated(bodies, allowed=("pat",)) == []
    world.take_errors()
