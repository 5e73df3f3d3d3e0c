"""The one error path for commands and components.

A `RuleError` is the player's mistake or a policy and becomes a polite private message, and so does
a command option Discord sent in a shape we cannot use (a member who left the server, say). Anything
else is our bug: it is logged with its context under a short reference, and the user gets an apology
quoting that reference so a report can be matched to the log line. If even that answer cannot be
sent, a short fixed one is tried, so a deferred interaction never stays "thinking…".
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Sequence

import discord
from discord import app_commands

from core.errors import RuleError
from core.i18n import Locale, mark, say, t, tn
from core.storage import StoreUnavailable
from core.words import clip

from .buttons import with_board_words
from .language import reader_language, reported_language
from .replies import send

log = logging.getLogger("deepspace.errors")

APOLOGY = mark(
    "Sorry, something went wrong on our side and nothing was changed. "
    "If it keeps happening, give the bot's owner this reference: `{ref}`."
)
FALLBACK = mark("Sorry, Discord did not take my answer. Please try again.")
# Discord's names for the permissions a command may need (discord.py gives their attribute names).
PERMISSION_NAMES = {
    "manage_guild": mark("Manage Server"),
    "manage_channels": mark("Manage Channels"),
    "administrator": mark("Administrator"),
    "send_messages": mark("Send Messages"),
    "send_messages_in_threads": mark("Send Messages in Threads"),
    "create_private_threads": mark("Create Private Threads"),
    "embed_links": mark("Embed Links"),
    "attach_files": mark("Attach Files"),
    "read_message_history": mark("Read Message History"),
    "view_channel": mark("View Channels"),
}


def new_reference() -> str:
    return "E-" + secrets.token_hex(3).upper()


def _unwrap(error: BaseException) -> BaseException:
    """discord.py wraps what a callback raised; the original is what tells us what happened."""
    while isinstance(error, app_commands.CommandInvokeError | app_commands.TransformerError):
        if error.__cause__ is None:
            break
        if isinstance(error, app_commands.TransformerError) and not isinstance(error.__cause__, RuleError):
            break  # an option that did not convert is the user's input, whatever the converter raised
        error = error.__cause__
    return error


def conversion_refusal(error: app_commands.TransformerError, locale: Locale) -> str:
    """What the user is told when an option they gave could not be converted."""
    if error.type in (discord.AppCommandOptionType.user, discord.AppCommandOptionType.mentionable):
        return t(locale, "That member is not in this server any more, so they can't be picked for this.")
    return t(
        locale,
        "I could not use “{value}” for that option; please check it and try again.",
        value=clip(str(error.value), 100),
    )


def lacking(permissions: discord.Permissions, needed: Sequence[str]) -> list[str]:
    """Which of the `needed` permissions (discord.py's attribute names) `permissions` does not hold,
    in the order asked, so that a refusal names exactly what a server manager must give. Without View
    Channels the rest read as missing too but follow from it: it alone is named then. Without Send
    Messages (in threads: Send Messages in Threads) discord.py reads Embed Links and Attach Files as
    missing too, whatever the server set: they are named only once the sending is there."""
    if "view_channel" in needed and not permissions.view_channel:
        return ["view_channel"]
    missing = [flag for flag in needed if not getattr(permissions, flag)]
    for root in ("send_messages", "send_messages_in_threads"):
        if root in missing:
            missing = [flag for flag in missing if flag not in _FOLLOW_SENDING]
    return missing


_FOLLOW_SENDING = frozenset({"embed_links", "attach_files", "mention_everyone", "send_tts_messages"})


def permission_names(locale: Locale, names: list[str]) -> str:
    return ", ".join(
        t(locale, PERMISSION_NAMES[name]) if name in PERMISSION_NAMES else name.replace("_", " ").title()
        for name in names
    )


def _policy_message(error: BaseException, locale: Locale) -> str | None:
    """The player-facing message for errors that are not bugs, or None for a bug."""
    if isinstance(error, RuleError):
        return say(locale, error.text)
    if isinstance(error, StoreUnavailable):  # logged by the store; the player may simply try again
        return t(locale, error.MESSAGE)
    if isinstance(error, app_commands.TransformerError):
        return conversion_refusal(error, locale)
    if isinstance(error, app_commands.CommandOnCooldown):
        seconds = max(1, round(error.retry_after))
        return tn(
            locale,
            "Easy there! Try again in {count} second.",
            "Easy there! Try again in {count} seconds.",
            seconds,
        )
    if isinstance(error, app_commands.MissingPermissions):
        names = permission_names(locale, error.missing_permissions)
        return tn(
            locale,
            "You need this permission for that: {permissions}.",
            "You need these permissions for that: {permissions}.",
            len(error.missing_permissions),
            permissions=names,
        )
    if isinstance(error, app_commands.BotMissingPermissions):
        names = permission_names(locale, error.missing_permissions)
        return tn(
            locale,
            "I need this permission here for that: {permissions}.",
            "I need these permissions here for that: {permissions}.",
            len(error.missing_permissions),
            permissions=names,
        )
    if isinstance(error, app_commands.NoPrivateMessage):
        return t(locale, "That only works in a server channel.")
    if isinstance(error, app_commands.CheckFailure):
        return t(locale, "You can't use that here.")
    return None


def describe(interaction: discord.Interaction, where: str) -> str:
    guild = interaction.guild_id or "DM"
    return f"{where} (user={interaction.user.id} guild={guild} channel={interaction.channel_id})"


async def report_error(interaction: discord.Interaction, error: BaseException, *, where: str) -> str | None:
    """Answer the user about `error`; returns the error reference when it was a bug."""
    error = _unwrap(error)
    try:
        locale = await reader_language(interaction)
    except Exception as failure:  # the answer matters more than its language
        log.warning("could not find the reader's language in %s: %s", describe(interaction, where), failure)
        locale = reported_language(interaction)
    message = _policy_message(error, locale)
    ref = None
    if message is None:
        ref = new_reference()
        log.error("Error %s in %s", ref, describe(interaction, where), exc_info=error)
        message = t(locale, APOLOGY, ref=ref)
    elif isinstance(error, RuleError):  # "press **Start**": the board's label too, if it differs
        message = await with_board_words(interaction, message, locale)
    elif isinstance(error, app_commands.TransformerError):
        log.info(
            "an option did not convert in %s: %r", describe(interaction, where), error.__cause__ or error
        )
    for answer in (message, t(locale, FALLBACK)):
        try:
            await send(interaction, answer, ephemeral=True)
            break
        except discord.HTTPException as failure:
            log.warning(
                "could not tell the user about an error in %s: %s", describe(interaction, where), failure
            )
    return ref


def command_name(interaction: discord.Interaction) -> str:
    command = interaction.command
    return f"/{command.qualified_name}" if command is not None else "an unknown command"


class DeepSpaceTree(app_commands.CommandTree):
    """The command tree with the bot-wide error handler."""

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        await report_error(interaction, error, where=command_name(interaction))


class GuardedItem:
    """Mixin for persistent components: errors in `check` and `on_click` go through `report_error`.

    discord.py only logs exceptions raised by a `DynamicItem`'s `interaction_check` or callback and
    leaves the interaction unanswered, so every persistent item of ours derives from this before
    `DynamicItem`. (Its `from_custom_id` must not raise either: parse defensively there.)
    """

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        try:
            return await self.check(interaction)
        except Exception as error:
            await report_error(interaction, error, where=f"component {getattr(self, 'custom_id', '?')}")
            return False

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await self.on_click(interaction)
        except Exception as error:
            await report_error(interaction, error, where=f"component {getattr(self, 'custom_id', '?')}")

    async def check(self, interaction: discord.Interaction) -> bool:
        """Whether this user may use the item now; raise `RuleError` to say why not."""
        return True

    async def on_click(self, interaction: discord.Interaction) -> None:
        raise NotImplementedError


class GuardedView(discord.ui.View):
    """Base for transient views: the same error path as commands and persistent items."""

    async def on_error(
        self, interaction: discord.Interaction, error: Exception, item: discord.ui.Item
    ) -> None:
        await report_error(interaction, error, where=f"component {getattr(item, 'custom_id', item)}")
