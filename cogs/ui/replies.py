"""Answering interactions safely: exactly one initial response, and never past Discord's deadline.

Discord drops an interaction that gets no initial response within 3 seconds ("This interaction
failed"). `watch_deadline` runs for every interaction and defers it shortly before the deadline if
the handler has not answered yet; the helpers below then continue with follow-ups or edits. A
per-interaction lock keeps the watchdog and a late handler from both sending an initial response.

A slow command is deferred privately unless it declared `reply_publicly` first. If the answer's
visibility then differs from the deferral's (a public command failing with a private error, say),
the "thinking…" placeholder becomes a short note and the answer follows as a new message with the
right visibility. Handlers that open a modal must do so first thing: a deferred interaction cannot.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord

from core.i18n import mark, t
from core.words import clip

from .language import reported_language

log = logging.getLogger(__name__)

MESSAGE_LIMIT = 2000  # Discord refuses a whole message whose content is longer
DEFER_AFTER_SECONDS = 2.0
POLL_SECONDS = 0.05
_LOCK = "deep_space_response_lock"
_WATCHDOG = "deep_space_watchdog"
_PUBLIC = "deep_space_public"
_DEFERRED = "deep_space_deferred"  # None, or whether the deferral was public
_PLACEHOLDER_SETTLED = "deep_space_placeholder_settled"
# What the "thinking…" placeholder becomes when the answer must be shown the other way.
_SETTLED_NOTE = {True: mark("Answered privately."), False: mark("Answered in public below.")}
_WATCHED = (
    discord.InteractionType.application_command,
    discord.InteractionType.component,
    discord.InteractionType.modal_submit,
)


def _lock(interaction: discord.Interaction) -> asyncio.Lock:
    return interaction.extras.setdefault(_LOCK, asyncio.Lock())


def _bounded(fields: dict[str, Any]) -> dict[str, Any]:
    content = fields.get("content")
    if isinstance(content, str) and len(content) > MESSAGE_LIMIT:
        log.warning("clipping a message of %d characters to %d", len(content), MESSAGE_LIMIT)
        fields["content"] = clip(content, MESSAGE_LIMIT)
    return fields


def reply_publicly(interaction: discord.Interaction) -> None:
    """Declare that this command answers in public, so a deadline deferral is public too."""
    interaction.extras[_PUBLIC] = True


def watch_deadline(interaction: discord.Interaction, delay: float = DEFER_AFTER_SECONDS) -> None:
    """Defer `interaction` `delay` seconds after now unless it has been answered by then.

    The watchdog wakes every `POLL_SECONDS`, so it ends as soon as the interaction is answered by
    any means (not only through the helpers below); it defers when either the wall clock or the
    count of its sleeps says the time is up, so a test clock that skips sleeps drives it too.
    """
    if interaction.response.is_done() or interaction.type not in _WATCHED:
        return
    loop = asyncio.get_running_loop()
    deadline = loop.time() + delay

    async def defer_if_silent() -> None:
        for _ in range(max(1, round(delay / POLL_SECONDS))):
            await asyncio.sleep(POLL_SECONDS)
            if interaction.response.is_done():
                return
            if loop.time() >= deadline:
                break
        async with _lock(interaction):
            if interaction.response.is_done():
                return
            log.warning("interaction %s was slow to answer: deferring it", interaction.id)
            try:
                await _defer(interaction)
            except discord.HTTPException as error:
                log.warning("could not defer interaction %s: %s", interaction.id, error)

    interaction.extras[_WATCHDOG] = loop.create_task(defer_if_silent())


async def _defer(interaction: discord.Interaction) -> None:
    if interaction.type is discord.InteractionType.application_command:
        public = bool(interaction.extras.get(_PUBLIC))
        await interaction.response.defer(thinking=True, ephemeral=not public)
        interaction.extras[_DEFERRED] = public
    else:
        await interaction.response.defer()  # components: the message stays, edits come later


def _stop_watchdog(interaction: discord.Interaction) -> None:
    task = interaction.extras.pop(_WATCHDOG, None)
    if task is not None:
        task.cancel()


async def send(
    interaction: discord.Interaction, content: str | None = None, **kwargs: Any
) -> discord.Message | None:
    """Send a message in answer: the initial response if there is none yet, else a follow-up.

    `ephemeral` defaults to private for commands that did not call `reply_publicly`. Returns the
    message sent (None only if Discord did not echo it back). Content over Discord's limit is
    clipped rather than refused.
    """
    kwargs.setdefault("ephemeral", not interaction.extras.get(_PUBLIC))
    content = _bounded({"content": content})["content"]
    async with _lock(interaction):
        if not interaction.response.is_done():
            callback = await interaction.response.send_message(content, **kwargs)
            _stop_watchdog(interaction)
            message = callback.resource if callback is not None else None
            return message if isinstance(message, discord.Message) else None
        deferred_public = interaction.extras.get(_DEFERRED)
        if deferred_public is not None and not interaction.extras.get(_PLACEHOLDER_SETTLED):
            interaction.extras[_PLACEHOLDER_SETTLED] = True
            if deferred_public == kwargs["ephemeral"]:  # the placeholder would show it the wrong way
                note = t(reported_language(interaction), _SETTLED_NOTE[deferred_public])
                await interaction.edit_original_response(content=note)
    # discord.py sends a None content as none at all; its annotation says str only.
    return await interaction.followup.send(content, wait=True, **kwargs)  # pyright: ignore[reportArgumentType, reportCallIssue]


async def update(interaction: discord.Interaction, **kwargs: Any) -> None:
    """Edit the message a component sits on, whether or not the interaction was deferred."""
    kwargs = _bounded(kwargs)
    async with _lock(interaction):
        if not interaction.response.is_done():
            await interaction.response.edit_message(**kwargs)
            _stop_watchdog(interaction)
            return
    await interaction.edit_original_response(**kwargs)
