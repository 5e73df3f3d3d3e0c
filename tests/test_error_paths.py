"""The one error path: rule errors become polite private replies, bugs an apology with a reference
that is also in the log, and slow handlers are deferred before Discord's 3-second deadline.

Test-only commands and a test-only button are added to the real bot to raise on demand.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re

import discord
import pytest
from discord import app_commands

from cogs.ui.errors import FALLBACK, GuardedItem, GuardedView
from cogs.ui.replies import MESSAGE_LIMIT, reply_publicly, send, update
from core.errors import RuleError
from core.i18n import Locale


class ProbeButton(
    GuardedItem, discord.ui.DynamicItem[discord.ui.Button], template=r"ds:probe:(?P<what>[\w-]+)"
):
    def __init__(self, what: str) -> None:
        super().__init__(discord.ui.Button(label=f"probe {what}", custom_id=f"ds:probe:{what}"))
        self.what = what

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /) -> ProbeButton:
        return cls(match["what"])

    async def check(self, interaction: discord.Interaction) -> bool:
        if self.what == "crew-only":
            raise RuleError("Only the crew of this game can press that.")
        return True

    async def on_click(self, interaction: discord.Interaction) -> None:
        if self.what == "rule":
            raise RuleError("That station is already crewed.")
        raise RuntimeError("button bug")


def add_probes(bot) -> None:
    bot.defer_after = 0.2

    @bot.tree.command(name="probe_rule", description="raises a rule error")
    async def probe_rule(interaction: discord.Interaction) -> None:
        raise RuleError("You can't do that now: it is not your turn.")

    @bot.tree.command(name="probe_bug", description="raises a bug")
    async def probe_bug(interaction: discord.Interaction) -> None:
        raise ZeroDivisionError("bug")

    @bot.tree.command(name="probe_slow", description="answers late")
    async def probe_slow(interaction: discord.Interaction) -> None:
        await asyncio.sleep(0.6)
        await send(interaction, "done at last")

    @bot.tree.command(name="probe_buttons", description="posts probe buttons")
    async def probe_buttons(interaction: discord.Interaction) -> None:
        view = discord.ui.View()
        view.add_item(ProbeButton("rule"))
        view.add_item(ProbeButton("bug"))
        view.add_item(ProbeButton("crew-only"))
        await send(interaction, "probes", view=view)

    @bot.tree.command(name="probe_slow_public", description="a public command that fails late")
    async def probe_slow_public(interaction: discord.Interaction) -> None:
        reply_publicly(interaction)
        await asyncio.sleep(0.6)
        raise RuleError("The board moved on while you were deciding.")

    @bot.tree.command(name="probe_menu", description="posts a menu whose choices are slow or broken")
    async def probe_menu(interaction: discord.Interaction) -> None:
        reply_publicly(interaction)
        await send(interaction, "pick one", view=ProbeMenu())

    @bot.tree.command(name="probe_modal", description="asks for a name in a modal")
    async def probe_modal(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(NameModal())

    @bot.tree.command(name="probe_member", description="takes a server member")
    async def probe_member(interaction: discord.Interaction, member: discord.Member) -> None:
        await send(interaction, f"{member.id} is here.")

    @bot.tree.command(name="probe_long", description="refuses late, at great length")
    async def probe_long(interaction: discord.Interaction) -> None:
        await asyncio.sleep(0.6)
        raise RuleError("No. " * 1000)

    @bot.tree.command(name="probe_file", description="answers with an attachment")
    async def probe_file(interaction: discord.Interaction) -> None:
        reply_publicly(interaction)
        await send(interaction, "the log", file=discord.File(io.BytesIO(b"round 1: ok\n"), "log.txt"))

    bot.add_dynamic_items(ProbeButton)


class ProbeMenu(GuardedView):
    @discord.ui.select(
        custom_id="probe:menu",
        options=[
            discord.SelectOption(label="slow", value="slow"),
            discord.SelectOption(label="boom", value="boom"),
        ],
    )
    async def choose(self, interaction: discord.Interaction, menu: discord.ui.Select) -> None:
        if menu.values[0] == "boom":
            raise RuntimeError("menu bug")
        await asyncio.sleep(0.6)
        await update(interaction, content="you picked slow", view=None)


class NameModal(discord.ui.Modal, title="Who are you?"):
    name = discord.ui.TextInput(label="Name", custom_id="probe:name")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await send(interaction, f"Welcome aboard, {self.name.value}.")


@pytest.fixture
def customise_bot():
    return add_probes


async def test_a_rule_error_is_a_polite_private_message(world) -> None:
    alice = world.player("alice")
    answer = await alice.runs("probe_rule")
    assert answer.ephemeral
    assert answer.response.content == "You can't do that now: it is not your turn."
    assert [type(e.__cause__) for e in world.take_errors()] == [RuleError]


async def test_a_bug_gets_an_apology_with_the_reference_that_is_logged(world, caplog) -> None:
    alice = world.player("alice")
    with caplog.at_level(logging.ERROR, logger="deepspace.errors"):
        answer = await alice.runs("probe_bug")
    assert answer.ephemeral
    assert answer.response.content.startswith("Sorry, something went wrong on our side")
    ref = re.search(r"`(E-[0-9A-F]{6})`", answer.response.content)
    assert ref is not None
    (record,) = caplog.records
    logged = record.getMessage()
    assert ref[1] in logged
    assert "/probe_bug" in logged
    assert f"user={alice.id}" in logged
    assert f"guild={world.guild.id}" in logged
    assert f"channel={world.channel.id}" in logged
    assert record.exc_info is not None
    assert record.exc_info[0] is ZeroDivisionError  # the traceback is in the log
    world.take_errors()


async def test_component_errors_take_the_same_path(world, caplog) -> None:
    alice = world.player("alice")
    posted = await alice.runs("probe_buttons")
    refused = await alice.clicks(posted.response.message, "probe rule")
    assert refused.ephemeral
    assert refused.response.content == "That station is already crewed."
    with caplog.at_level(logging.ERROR, logger="deepspace.errors"):
        broken = await alice.clicks(posted.response.message, "probe bug")
    assert broken.ephemeral
    ref = re.search(r"`(E-[0-9A-F]{6})`", broken.response.content)
    assert ref is not None
    assert any(ref[1] in r.getMessage() and "ds:probe:bug" in r.getMessage() for r in caplog.records)


async def test_a_refusing_check_answers_politely_and_skips_the_click(world) -> None:
    alice = world.player("alice")
    posted = await alice.runs("probe_buttons")
    refused = await alice.clicks(posted.response.message, "probe crew-only")
    assert refused.ephemeral
    assert refused.response.content == "Only the crew of this game can press that."


async def test_a_slow_command_is_deferred_then_answered(world) -> None:
    alice = world.player("alice")
    answer = await alice.runs("probe_slow")
    sent = [
        (r.method, r.path.split("/")[1], r.json.get("type"))
        for r in world.env.http_requests
        if r.method == "POST"
    ]
    # The watchdog acknowledged it (type 5, "thinking") before the deadline; the answer followed.
    assert sent[-2:] == [("POST", "interactions", 5), ("POST", "webhooks", None)]
    assert answer.response.content == "done at last"


async def test_a_quick_answer_is_not_deferred(world) -> None:
    alice = world.player("alice")
    await alice.runs("probe_rule")
    callbacks = [r.json["type"] for r in world.env.http_requests if r.path.endswith("/callback")]
    assert callbacks == [4]  # answered directly, no deferral
    world.take_errors()


async def test_a_slow_public_command_that_fails_answers_privately(world) -> None:
    alice = world.player("alice")
    answer = await alice.runs("probe_slow_public")
    callbacks = [r.json for r in world.env.http_requests if r.path.endswith("/callback")]
    assert callbacks == [{"type": 5}]  # deferred in public ("thinking" for everyone)
    assert answer.response.content == "Answered privately."  # the public placeholder says so...
    (error,) = answer.followups
    assert error.ephemeral  # ...and the refusal itself is only for alice
    assert error.content == "The board moved on while you were deciding."
    world.take_errors()


async def test_a_slow_private_command_is_deferred_privately(world) -> None:
    alice = world.player("alice")
    await alice.runs("probe_slow")
    callbacks = [r.json for r in world.env.http_requests if r.path.endswith("/callback")]
    assert callbacks == [{"type": 5, "data": {"flags": 64}}]
    assert world.channel.history() == []  # nobody else sees anything


async def test_a_slow_menu_choice_is_deferred_then_edits_its_message(world) -> None:
    alice = world.player("alice")
    posted = await alice.runs("probe_menu")
    await alice.picks(posted.response.message, ["slow"], custom_id="probe:menu")
    callbacks = [r.json for r in world.env.http_requests if r.path.endswith("/callback")]
    assert callbacks[-1] == {"type": 6}  # deferred update: no new message
    (message,) = world.channel.history()
    assert message.content == "you picked slow"
    assert message.components == []


async def test_a_broken_menu_choice_gets_the_apology(world, caplog) -> None:
    alice = world.player("alice")
    posted = await alice.runs("probe_menu")
    with caplog.at_level(logging.ERROR, logger="deepspace.errors"):
        broken = await alice.picks(posted.response.message, ["boom"], custom_id="probe:menu")
    assert broken.ephemeral
    ref = re.search(r"`(E-[0-9A-F]{6})`", broken.response.content)
    assert ref is not None
    assert any(ref[1] in r.getMessage() and "probe:menu" in r.getMessage() for r in caplog.records)
    assert [str(e) for e in world.take_errors()] == ["menu bug"]


async def test_a_modal_is_filled_in_and_answered(world) -> None:
    alice = world.player("alice")
    shown = await alice.runs("probe_modal")
    assert shown.modal is not None
    answer = await alice.fills(shown, {"probe:name": "Niven"})
    assert answer.ephemeral
    assert answer.response.content == "Welcome aboard, Niven."


async def test_an_attachment_is_sent_with_the_answer(world) -> None:
    alice = world.player("alice")
    answer = await alice.runs("probe_file")
    (attachment,) = answer.response.attachments
    assert attachment.filename == "log.txt"
    assert await attachment.read() == b"round 1: ok\n"


def deferred(world) -> bool:
    """Whether the watchdog answered "thinking…" first (the answer then comes as a follow-up)."""
    return [r.json["type"] for r in world.env.http_requests if r.path.endswith("/callback")] == [5]


async def test_an_option_that_does_not_convert_is_a_polite_refusal(world, caplog) -> None:
    """Discord sends someone who left the server as a user: a `Member` option cannot take them."""
    alice, gone = world.player("alice"), world.player("gone")
    world.guild.remove_member(gone.actor)
    with caplog.at_level(logging.ERROR, logger="deepspace.errors"):
        answer = await alice.runs("probe_member", member=gone.actor.user)
    assert answer.ephemeral
    assert (
        answer.response.content
        == "That member is not in this server any more, so they can't be picked for this."
    )
    assert caplog.records == []  # not logged as a bug
    world.take_errors()


async def test_an_answer_over_discords_limit_is_clipped_not_lost_after_a_deferral(world) -> None:
    alice = world.player("alice")
    answer = await alice.runs("probe_long")
    assert deferred(world)
    [said] = [answer.response, *answer.followups][-1:]
    assert len(said.content) == MESSAGE_LIMIT
    assert said.content.startswith("No. No. ")
    assert said.content.endswith("…")
    world.take_errors()


async def test_when_discord_refuses_the_answers_a_short_one_still_follows_the_deferral(world) -> None:
    alice = world.player("alice")
    world.env.inject_error("POST", "/webhooks/*", status=500, times=2)  # the answer, then the apology
    answer = await alice.runs("probe_slow")
    assert deferred(world)
    assert [answer.response, *answer.followups][-1].content == FALLBACK
    world.take_errors()


async def test_every_free_text_option_is_bounded(world) -> None:
    """A name typed into an option is echoed in refusals: Discord must bound its length first."""
    texts = [
        (command.qualified_name, parameter.name, parameter.max_value)
        for command in world.bot.tree.walk_commands()
        if isinstance(command, discord.app_commands.Command)
        for parameter in command.parameters
        if parameter.type is discord.AppCommandOptionType.string and not parameter.choices
    ]
    assert ("dine card", "name", 100) in texts
    assert [text for text in texts if text[2] is None] == []


async def test_a_vote_saved_then_not_shown_says_so_instead_of_nothing_changed(world) -> None:
    from tests.dine_discord.helpers import saved_of, start_game
    from tests.support.scenario import Unaudited, forgive_the_retry

    ann, ben = world.player("Ann"), world.player("Ben")
    game_id = await start_game(world, [ann, ben])
    await world.env.advance_time(world.bot.settings.dine_idle_minutes * 60 + 60)
    world.env.inject_error("POST", "/interactions/*/*/callback", status=500, times=1)

    voted = await Unaudited(world, ann.actor).actor.slash(world.channel, "dine vote-out", member=ben.actor)

    shown = [voted.response.content if voted.response else "", *(f.content for f in voted.followups)]
    assert any("Your vote was saved, but Discord did not show it" in text for text in shown), shown
    assert not any("nothing was changed" in text for text in shown)
    _, saved = await saved_of(world, game_id)
    assert saved.seats[1].user is None  # the vote did land
    forgive_the_retry(world)
    assert [type(e.__cause__).__name__ for e in world.take_errors()] == ["RuleError"]


async def test_a_daily_attempt_saved_then_not_shown_says_where_it_is(world) -> None:
    from tests.support.scenario import Unaudited, forgive_the_retry

    alice = world.player("Alice")
    world.env.inject_error("POST", "/interactions/*/*/callback", status=500, times=1)

    started = await Unaudited(world, alice.actor).actor.slash(world.channel, "daily d6")

    shown = [started.response.content if started.response else "", *(f.content for f in started.followups)]
    assert any("is ready in your private thread <#" in text for text in shown), shown
    assert not any("nothing was changed" in text for text in shown)
    forgive_the_retry(world)
    assert [type(e.__cause__).__name__ for e in world.take_errors()] == ["RuleError"]


@pytest.mark.parametrize(
    ("locale", "one", "two"),
    [
        ("en", "I need this permission here", "I need these permissions here"),
        ("de", "diese Berechtigung:", "diese Berechtigungen:"),
        ("es", "este permiso aquí", "estos permisos aquí"),
    ],
)
def test_a_missing_permission_is_named_in_the_singular_and_a_list_in_the_plural(
    locale: Locale, one: str, two: str
) -> None:
    """A command the bot may not carry out names what it lacks; a list of two reads as a list."""
    from cogs.ui.errors import _policy_message

    single = _policy_message(app_commands.BotMissingPermissions(["send_messages"]), locale)
    double = _policy_message(app_commands.BotMissingPermissions(["send_messages", "embed_links"]), locale)
    member = _policy_message(app_commands.MissingPermissions(["manage_guild", "manage_channels"]), locale)
    assert single is not None
    assert one in single
    assert two not in single
    assert double is not None
    assert two in double
    assert member is not None
    assert "{" not in member
    assert member != double
