"""Answering interactions safely: exactly one initial response, and never past Discord's deadline.

Discord drops an interaction that gets no initial response within 3 seconds ("This interaction
failed"). `watch_deadline` runs for every interaction and defers it shortly before the deadline if
the handler has not answered yet; the helpers below then continue with follow-ups or edits. A
per-interaction lock keeps the watchdog and a late handler from both sending an initial response.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import discord

log = logging.getLogger(__name__)

DEFER_AFTER_SECONDS = 2.0
POLL_SECONDS = 0.05
_LOCK = "deep_space_response_lock"
_WATCHDOG = "deep_space_watchdog"
_EPHEMERAL = "deep_space_ephemeral"


def _lock(interaction: discord.Interaction) -> asyncio.Lock:
    return interaction.extras.setdefault(_LOCK, asyncio.Lock())


def reply_privately(interaction: discord.Interaction) -> None:
    """Declare that this command answers privately, so a deadline deferral is private too."""
    interaction.extras[_EPHEMERAL] = True


def watch_deadline(interaction: discord.Interaction, delay: float = DEFER_AFTER_SECONDS) -> None:
    """Defer `interaction` after `delay` seconds unless it has been answered by then.

    The watchdog polls rather than sleeping the whole delay, so it ends as soon as the interaction is
    answered by any means (not only through the helpers below) and leaves no task lingering.
    """
    if interaction.response.is_done() or interaction.type not in (
        discord.InteractionType.application_command,
        discord.InteractionType.component,
        discord.InteractionType.modal_submit,
    ):
        return

    async def defer_if_silent() -> None:
        for _ in range(max(1, round(delay / POLL_SECONDS))):  # sleeps only, so a test clock can drive it
            await asyncio.sleep(POLL_SECONDS)
            if interaction.response.is_done():
                return
        async with _lock(interaction):
            if interaction.response.is_done():
                return
            log.warning("interaction %s was slow to answer: deferring it", interaction.id)
            with contextlib.suppress(discord.HTTPException):
                if interaction.type is discord.InteractionType.application_command:
                    await interaction.response.defer(
                        thinking=True, ephemeral=bool(interaction.extras.get(_EPHEMERAL))
                    )
                else:
                    await interaction.response.defer()

    interaction.extras[_WATCHDOG] = asyncio.get_running_loop().create_task(defer_if_silent())


def _stop_watchdog(interaction: discord.Interaction) -> None:
    task = interaction.extras.pop(_WATCHDOG, None)
    if task is not None:
        task.cancel()


async def send(interaction: discord.Interaction, content: str | None = None, **kwargs: Any) -> None:
    """Send a message in answer: the initial response if there is none yet, else a follow-up."""
    kwargs.setdefault("ephemeral", bool(interaction.extras.get(_EPHEMERAL)))
    async with _lock(interaction):
        if not interaction.response.is_done():
            await interaction.response.send_message(content, **kwargs)
            _stop_watchdog(interaction)
            return
    await interaction.followup.send(content, **kwargs)


async def update(interaction: discord.Interaction, **kwargs: Any) -> None:
    """Edit the message a component sits on, whether or not the interaction was deferred."""
    async with _lock(interaction):
        if not interaction.response.is_done():
            await interaction.response.edit_message(**kwargs)
            _stop_watchdog(interaction)
            return
    await interaction.edit_original_response(**kwargs)
