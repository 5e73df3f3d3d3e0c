"""The bot as the cogs see it: `interaction.client` is always our `DeepSpaceBot`."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import discord

if TYPE_CHECKING:  # cogs.client imports these helpers: a run-time import back would be a cycle
    from ..client import DeepSpaceBot


def bot_of(interaction: discord.Interaction) -> DeepSpaceBot:
    """The bot with its store, locks, settings and board keeper (discord.py types it as any Client)."""
    return cast("DeepSpaceBot", interaction.client)
