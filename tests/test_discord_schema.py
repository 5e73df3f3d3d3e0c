"""The request checker accepts what discord.py really sends and catches what Discord would reject.

Valid bodies come from discord.py's own serialisers, so a schema or checker mistake that would flag every
real request shows up here rather than as noise in the bot's tests.
"""

from __future__ import annotations

import copy
import datetime
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.app_commands import Choice
from discord.enums import InteractionResponseType as Reply
from discord.http import handle_message_parameters
from discord.webhook.async_ import interaction_message_response_params, interaction_response_params

from tests.support.discord_schema import (
    IS_COMPONENTS_V2,
    DiscordSchema,
    RequestAuditor,
    Violation,
    get_schema,
    split_path,
)

SCHEMA = get_schema()
CALLBACK = "/interactions/111/tok-111/callback"


def check(method: str, path: str, body: Any, params: dict[str, Any] | None = None) -> list[Violation]:
    return SCHEMA.check_request(method, path, body, params)


def embed() -> discord.Embed:
    e = discord.Embed(title="Mission 3", description="Hull 4/8", colour=discord.Colour.blue())
    e.timestamp = datetime.datetime(2025, 1, 2, tzinfo=datetime.UTC)
    e.add_field(name="Crew", value="3 active").add_field(name="Threats", value="2", inline=False)
    e.set_footer(text="Deep Space D-6", icon_url="https://example.com/f.png")
    e.set_author(name="Captain", url="https://example.com").set_thumbnail(url="https://example.com/t.png")
    return e


def view() -> discord.ui.View:
    v = discord.ui.View()
    v.add_item(discord.ui.Button(label="Roll", custom_id="roll", style=discord.ButtonStyle.green, emoji="🎲"))
    v.add_item(discord.ui.Button(label="Rules", url="https://example.com/rules"))
    options = [discord.SelectOption(label="Tactical", value="tac", description="d", emoji="🚀", default=True)]
    v.add_item(discord.ui.Select(custom_id="crew", placeholder="Assign", options=options))
    v.add_item(discord.ui.UserSelect(custom_id="who", min_values=0, max_values=2))
    return v


class Board(discord.ui.LayoutView):
    container = discord.ui.Container(
        discord.ui.TextDisplay("## Bridge"),
        discord.ui.Section("Hull 8", accessory=discord.ui.Button(label="Fix", custom_id="fix")),
        discord.ui.Separator(),
        accent_colour=discord.Colour.red(),
    )
    row = discord.ui.ActionRow(discord.ui.Button(label="End turn", custom_id="end"))


def modal() -> discord.ui.Modal:
    m = discord.ui.Modal(title="Name your ship", custom_id="ship")
    m.add_item(discord.ui.TextInput(label="Name", custom_id="name", max_length=32))
    return m


def command_payload() -> list[dict[str, Any]]:
    """A tree with a group, a nested group, choices, ranges, autocomplete and a context menu."""
    tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
    game = app_commands.Group(name="game", description="Play Deep Space D-6")
    admin = app_commands.Group(name="admin", description="Admin tools", parent=game)

    @game.command(name="start", description="Start a game")
    @app_commands.describe(mode="Game mode", seats="Players")
    @app_commands.choices(mode=[Choice(name="Solo", value="solo"), Choice(name="Co-op", value="coop")])
    async def start(
        i: discord.Interaction, mode: Choice[str], seats: app_commands.Range[int, 1, 4] = 1
    ) -> None: ...

    @admin.command(name="reset", description="Reset a board")
    async def reset(i: discord.Interaction, who: discord.Member, level: int, hard: bool = False) -> None: ...

    @app_commands.command(name="daily", description="Today's challenge")
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.guild_only()
    async def daily(i: discord.Interaction, difficulty: str) -> None: ...

    @daily.autocomplete("difficulty")
    async def difficulties(i: discord.Interaction, current: str) -> list[Choice[str]]:
        return []

    @app_commands.context_menu(name="Show Board")
    async def show_board(i: discord.Interaction, member: discord.Member) -> None: ...

    for command in (game, daily, show_board):
        tree.add_command(command)
    return [command.to_dict(tree) for command in tree.get_commands()]


def message(**kwargs: Any) -> dict[str, Any]:
    payload = handle_message_parameters(**kwargs).payload
    assert payload is not None
    return payload


def response(kind: Reply, **kwargs: Any) -> dict[str, Any]:
    payload = interaction_message_response_params(type=kind.value, **kwargs).payload
    assert payload is not None
    return payload


def ack(kind: Reply, data: dict[str, Any] | None = None) -> dict[str, Any]:
    """A non-message callback (defer, modal) exactly as discord.py's InteractionResponse builds it."""
    payload = interaction_response_params(kind.value, data).payload
    assert payload is not None
    return payload


def poll() -> discord.Poll:
    p = discord.Poll("Next sector?", datetime.timedelta(hours=1))
    return p.add_answer(text="Nebula", emoji="🌌").add_answer(text="Asteroids")


def ephemeral() -> discord.MessageFlags:
    return discord.MessageFlags(ephemeral=True)


def row(*custom_ids: str) -> dict[str, Any]:
    buttons = [{"type": 2, "style": 1, "label": c, "custom_id": c} for c in custom_ids]
    return {"type": 1, "components": buttons}


VALID: dict[str, tuple[str, str, Any, dict[str, Any] | None]] = {
    "send": ("POST", "/channels/5/messages", message(content="Go", embeds=[embed()], view=view()), None),
    "send-v2": ("POST", "/channels/5/messages", message(view=Board()), None),
    "poll": ("POST", "/channels/5/messages", message(poll=poll()), None),
    "edit": ("PATCH", "/channels/5/messages/6", message(content=None, embed=embed(), view=None), None),
    "respond": (
        "POST",
        CALLBACK,
        response(Reply.channel_message, content="Hi", embed=embed(), view=view(), flags=ephemeral()),
        {"with_response": "1"},
    ),
    "respond-v2": ("POST", CALLBACK, response(Reply.channel_message, view=Board()), None),
    "defer-thinking": ("POST", CALLBACK, ack(Reply.deferred_channel_message, {"flags": 64}), None),
    "defer-update": ("POST", CALLBACK, ack(Reply.deferred_message_update), None),
    "update": ("POST", CALLBACK, response(Reply.message_update, embed=embed(), view=view()), None),
    "modal": ("POST", CALLBACK, ack(Reply.modal, modal().to_dict()), None),
    "followup": (
        "POST",
        "/webhooks/7/tok-7",
        message(content="Later", embed=embed(), view=view(), flags=ephemeral()),
        {"wait": 1, "with_components": 1},
    ),
    "edit-original": (
        "PATCH",
        "/webhooks/7/tok-7/messages/@original",
        message(content="Done", view=view()),
        {"with_components": 1},
    ),
    "sync-guild": ("PUT", "/applications/7/guilds/8/commands", command_payload(), None),
    "sync-global": ("PUT", "/applications/7/commands", command_payload(), None),
    "typing": ("POST", "/channels/5/typing", None, None),
    "delete": ("DELETE", "/channels/5/messages/6", None, None),
}


@pytest.mark.parametrize("request_", VALID.values(), ids=VALID.keys())
def test_real_discord_py_bodies_pass(request_: tuple[str, str, Any, dict[str, Any] | None]) -> None:
    assert check(*request_) == []


def test_command_payload_really_nests() -> None:
    """Guards the fixture: the name rules below only mean something if subcommands reach the checker."""
    game = next(c for c in command_payload() if c["name"] == "game")
    assert [o["type"] for o in game["options"]] == [2, 1]
    assert game["options"][1]["options"][0]["choices"][1] == {"name": "Co-op", "value": "coop"}


@pytest.mark.parametrize(
    ("path", "template"),
    [
        ("/channels/5/messages/bulk-delete", "/channels/{channel_id}/messages/bulk-delete"),
        ("/channels/5/messages/6", "/channels/{channel_id}/messages/{message_id}"),
        ("/webhooks/7/tok/messages/@original", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"),
        ("/webhooks/7/tok/messages/9", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"),
        ("/applications/1/guilds/2/commands", "/applications/{application_id}/guilds/{guild_id}/commands"),
    ],
)
def test_route_prefers_literal_segments(path: str, template: str) -> None:
    found = SCHEMA.route(path)
    assert found is not None
    assert found[0] == template


def test_route_extracts_parameters() -> None:
    template = "/interactions/{interaction_id}/{interaction_token}/callback"
    assert SCHEMA.route(CALLBACK) == (template, {"interaction_id": "111", "interaction_token": "tok-111"})
    assert SCHEMA.route("/channels//messages") is None


def test_api_prefix_host_and_query_are_stripped() -> None:
    url = "https://discord.com/api/v10/channels/5/messages?x=1"
    assert split_path(url) == ("/channels/5/messages", {"x": "1"})
    assert check("POST", "/api/v10/channels/5/messages", message(content="hi")) == []
    [violation] = check("POST", url, message(content="hi"))
    assert (violation.path, violation.where) == ("/channels/5/messages", "?x")


def test_unknown_route_method_and_query_parameter() -> None:
    [route] = check("POST", "/channels/5/teleport", {"content": "hi"})
    assert (route.where, route.schema_path) == ("$", "#/paths")
    [method] = check("PUT", CALLBACK, {"type": 1})
    assert "has no PUT operation" in method.message
    [param] = check("POST", "/webhooks/7/tok", {"content": "x"}, {"wait": 1, "ephemeral": 1})
    assert param.where == "?ephemeral"


def test_body_presence_matches_the_operation() -> None:
    [extra] = check("POST", "/channels/5/typing", {"content": "hi"})
    assert "takes no request body" in extra.message
    [missing] = check("POST", "/channels/5/messages", None)
    assert missing.schema_path.endswith("/requestBody")


def test_bad_button_style_names_the_schema_location() -> None:
    body = message(view=view())
    body["components"][0]["components"][0]["style"] = 99
    [violation] = check("POST", "/channels/5/messages", body)
    assert violation.where == "$.components[0].components[0].style"
    assert violation.schema_path == "#/components/schemas/ButtonStyleTypes/oneOf"
    [nested] = check("POST", CALLBACK, {"type": 4, "data": body})
    assert nested.where == "$.data.components[0].components[0].style"


def test_interaction_content_over_2000_is_a_schema_violation() -> None:
    [violation] = check("POST", CALLBACK, response(Reply.channel_message, content="x" * 2001))
    assert violation.where == "$.data.content"
    assert violation.schema_path.endswith("IncomingWebhookInteractionRequest/properties/content/maxLength")
    assert "2001" in violation.message
    assert check("POST", CALLBACK, response(Reply.channel_message, content="x" * 2000)) == []


def test_update_callback_is_explained_by_the_update_variant() -> None:
    """The `type` tag picks the union variant, so the error names the schema the body meant to be."""
    [violation] = check("POST", CALLBACK, {"type": 7, "data": {"content": 5}})
    assert "IncomingWebhookUpdateForInteractionCallbackRequestPartial" in violation.schema_path
    [untyped] = check("POST", CALLBACK, {"type": 99})
    assert (untyped.where, untyped.schema_path.rsplit("/", 1)[1]) == ("$", "anyOf")


def test_channel_message_content_over_2000_is_caught_despite_the_schema_allowing_4000() -> None:
    [violation] = check("POST", "/channels/5/messages", message(content="x" * 2001))
    assert (violation.where, violation.schema_path) == ("$.content", "limit:content-2000")


def test_embed_title_over_256() -> None:
    [violation] = check("POST", "/channels/5/messages", message(embed=discord.Embed(title="t" * 257)))
    assert violation.where == "$.embeds[0].title"
    assert violation.schema_path == "#/components/schemas/RichEmbed/properties/title/maxLength"


def test_embeds_share_6000_characters() -> None:
    first = discord.Embed(title="t" * 256, description="d" * 4096).set_footer(text="f" * 48)
    first.add_field(name="n" * 256, value="v" * 1024)  # 5680
    second = discord.Embed(description="d" * 310).set_author(name="a" * 10)  # 320
    assert check("POST", "/channels/5/messages", message(embeds=[first, second])) == []
    second.set_author(name="a" * 11)
    [violation] = check("POST", "/channels/5/messages", message(embeds=[first, second]))
    assert (violation.where, violation.schema_path) == ("$.embeds", "limit:embeds-total-6000")
    assert "6001" in violation.message


def test_six_action_rows_need_components_v2() -> None:
    rows = [row(f"b{i}") for i in range(6)]
    assert check("POST", "/channels/5/messages", {"components": rows[:5]}) == []
    [violation] = check("POST", "/channels/5/messages", {"components": rows})
    assert (violation.where, violation.schema_path) == ("$.components", "limit:action-rows-5")
    [in_callback] = check("POST", CALLBACK, {"type": 4, "data": {"components": rows, "flags": 64}})
    assert in_callback.where == "$.data.components"
    assert check("POST", "/channels/5/messages", {"components": rows, "flags": IS_COMPONENTS_V2}) == []


def test_components_v2_counts_nested_components_up_to_40() -> None:
    texts = [{"type": 10, "content": str(i)} for i in range(39)]
    body = {"flags": IS_COMPONENTS_V2, "components": [{"type": 17, "components": texts}]}
    assert check("POST", "/channels/5/messages", body) == []
    texts.append({"type": 10, "content": "one more"})
    [violation] = check("POST", "/channels/5/messages", body)
    assert violation.schema_path == "limit:components-v2-40"


def test_duplicate_custom_ids_are_caught() -> None:
    [top] = check("POST", "/channels/5/messages", {"components": [row("a", "b"), row("c", "a")]})
    assert top.where == "$.components[1].components[1].custom_id"
    assert top.schema_path == "limit:unique-custom-id"
    assert "$.components[0].components[0]" in top.message


def test_duplicate_custom_ids_in_v2_sections_are_caught() -> None:
    body = response(Reply.message_update, view=Board())
    assert check("POST", CALLBACK, body) == []
    body["data"]["components"][1]["components"][0]["custom_id"] = "fix"
    [violation] = check("POST", CALLBACK, body)
    assert violation.where == "$.data.components[1].components[0].custom_id"
    assert "$.data.components[0].components[1].accessory" in violation.message


def test_uppercase_command_name_is_caught() -> None:
    payload = command_payload()
    payload[1]["name"] = "Daily"
    [violation] = check("PUT", "/applications/7/commands", payload)
    assert (violation.where, violation.schema_path) == ("$[1].name", "limit:command-name")


def test_uppercase_nested_option_name_is_caught() -> None:
    payload = command_payload()
    payload[0]["options"][1]["options"][0]["name"] = "Mode"
    [violation] = check("PUT", "/applications/7/guilds/8/commands", payload)
    assert violation.where == "$[0].options[1].options[0].name"
    single = copy.deepcopy(payload[0])
    single["options"][0]["options"][0]["name"] = "re set"
    assert {v.where for v in check("POST", "/applications/7/commands", single)} == {
        "$.options[0].options[0].name",
        "$.options[1].options[0].name",
    }


def test_context_menu_names_may_have_capitals_and_spaces() -> None:
    [menu] = [c for c in command_payload() if c["type"] == 2]
    assert menu["name"] == "Show Board"
    assert check("POST", "/applications/7/commands", menu) == []


def test_discord_py_integer_snowflakes_are_reported_unless_opted_in() -> None:
    """discord.py sends ids as ints (Discord accepts them); the spec says strings, and we want to know."""
    ref = discord.MessageReference(message_id=10, channel_id=11, guild_id=12)
    mentions = discord.AllowedMentions(users=[discord.Object(13)])
    body = message(content="hi", message_reference=ref.to_message_reference_dict(), allowed_mentions=mentions)
    violations = check("POST", "/channels/5/messages", body)
    assert {v.schema_path for v in violations} == {"#/components/schemas/SnowflakeType/type"}
    assert {v.where for v in violations} == {
        "$.message_reference.message_id",
        "$.message_reference.channel_id",
        "$.message_reference.guild_id",
        "$.allowed_mentions.users[0]",
    }
    lenient = get_schema(int_snowflakes=True)
    assert lenient is get_schema(int_snowflakes=True)
    assert lenient.check_request("POST", "/channels/5/messages", body) == []
    assert lenient.check_request("POST", "/channels/5/messages", {"sticker_ids": [-1]}) != []


def test_auditor_allows_one_initial_response_per_interaction() -> None:
    auditor = RequestAuditor(SCHEMA)
    auditor.record("POST", "/interactions/1/tok-a/callback", ack(Reply.deferred_channel_message))
    auditor.record("POST", "/interactions/2/tok-b/callback", ack(Reply.deferred_message_update))
    auditor.record("POST", "/webhooks/7/tok-a", message(content="followup"), {"wait": 1})
    auditor.assert_clean()
    again = {"type": 4, "data": {"content": "x"}}
    second = auditor.record("POST", "/api/v10/interactions/1/tok-a/callback", again)
    assert [v.schema_path for v in second] == ["limit:one-initial-response"]
    assert auditor.violations == second


def test_assert_clean_lists_every_violation() -> None:
    auditor = RequestAuditor()
    auditor.record("POST", "/channels/5/messages", {"embeds": [{"title": "t" * 257}]})
    auditor.record("GET", "/nowhere", None)
    with pytest.raises(AssertionError, match="2 Discord API violation") as raised:
        auditor.assert_clean()
    assert "$.embeds[0].title" in str(raised.value)
    assert "/nowhere" in str(raised.value)


def test_violation_reads_as_one_line() -> None:
    violation = Violation("POST", "/channels/5/messages", "$.content", "limit:content-2000", "too long")
    assert str(violation) == "POST /channels/5/messages $.content: too long [limit:content-2000]"
    assert "\n" not in str(check("POST", "/channels/5/messages", {"content": "x\n" * 3000})[0])


def test_schema_is_loaded_once() -> None:
    assert get_schema() is SCHEMA
    assert isinstance(SCHEMA, DiscordSchema)
