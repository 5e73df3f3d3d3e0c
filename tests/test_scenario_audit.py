"""The scenario layer refuses what Discord would refuse: an invalid body fails the step that sent it."""

from __future__ import annotations

import discord
import pytest

from cogs.ui.replies import send


def add_bad_commands(bot) -> None:
    @bot.tree.command(name="probe_long_title", description="sends an embed title Discord refuses")
    async def probe_long_title(interaction: discord.Interaction) -> None:
        await send(interaction, embed=discord.Embed(title="x" * 257))


@pytest.fixture
def customise_bot():
    return add_bad_commands


async def test_an_invalid_body_fails_the_step_and_names_the_schema_path(world) -> None:
    alice = world.player("alice")
    with pytest.raises(AssertionError) as failure:
        await alice.runs("probe_long_title")
    report = str(failure.value)
    assert "$.data.embeds[0].title" in report
    assert "maxLength" in report
    world.auditor = type(world.auditor)()  # the violation is expected: let teardown's audit pass
    world.take_errors()  # simcord, like Discord, refused the body too (400, 50035)


async def test_a_valid_exchange_passes_the_audit(world) -> None:
    alice = world.player("alice")
    await alice.runs("about")
    assert world.auditor.violations == []
    assert any(r.path.endswith("/callback") for r in world.env.http_requests)
