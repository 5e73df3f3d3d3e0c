"""A small in-process Discord (REST + gateway) so discord.py's real HTTP and websocket code runs in tests.

The simulated environments hook in above discord.py's transport; this one sits below it: discord.py
opens real sockets to 127.0.0.1, sends real JSON, and parses what comes back, so mistakes in payload
shapes, URLs or content types show up here as they would against Discord. Every request body is
checked against Discord's OpenAPI schema (`RequestAuditor`), and any route or gateway opcode the fake
does not know lands in `unhandled`, so a gap in the fake fails a test instead of passing silently.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import itertools
import json
import re
import secrets
import threading
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import discord
import pytest
import yarl
from aiohttp import BodyPartReader, WSMsgType, web

from tests.support.discord_schema import RequestAuditor

JSON = dict[str, Any]
DISCORD_EPOCH_MS = 1_420_070_400_000
EPHEMERAL, LOADING = 1 << 6, 1 << 7
TIMEOUT = 10.0
_NO_BOT_AUTH = ("/interactions/", "/webhooks/")  # interaction tokens authorise these, not the bot token
PLAYER_PERMISSIONS = discord.Permissions(
    view_channel=True, send_messages=True, read_message_history=True, use_application_commands=True
)
BOT_PERMISSIONS = discord.Permissions(
    view_channel=True, send_messages=True, embed_links=True, read_message_history=True, add_reactions=True
)


def json_response(data: Any, status: int = 200) -> web.Response:
    """discord.py decodes JSON only when Content-Type is exactly `application/json`; aiohttp's own
    `web.json_response` appends `; charset=utf-8`, and discord.py would then hand the bot a `str`."""
    return web.Response(status=status, body=json.dumps(data).encode(), content_type="application/json")


def error(status: int, message: str, code: int = 0) -> web.Response:
    """Discord's error body; discord.py builds HTTPException/LoginFailure text from it."""
    return json_response({"message": message, "code": code}, status)


def now() -> str:
    return datetime.now(UTC).isoformat()


def walk(components: list[JSON]) -> Iterator[JSON]:
    """Every component, rows and containers included, depth first."""
    for component in components:
        yield component
        yield from walk(component.get("components") or [])
        for key in ("accessory", "component"):
            if isinstance(component.get(key), dict):
                yield from walk([component[key]])


CALLBACK = r"/interactions/\d+/[^/]+/callback"  # an interaction's initial response, as a path pattern


@dataclass
class Recorded:
    """One REST request as the bot sent it (path without `/api/v10`) and what the fake answered."""

    method: str
    path: str
    query: dict[str, str]
    body: Any
    status: int = 0
    response: Any = None
    claimed: bool = False


async def read_body(request: web.Request) -> Any:
    """The JSON body, or the `payload_json` part of a multipart upload (file parts are skipped)."""
    if request.content_type.startswith("multipart/"):
        payload = None
        async for part in await request.multipart():
            if isinstance(part, BodyPartReader):
                data = await part.read()
                if part.name == "payload_json":
                    payload = json.loads(data)
        return payload
    raw = await request.read()
    return json.loads(raw) if raw else None


class FakeDiscord:
    """`async with FakeDiscord() as fake:` serves Discord on an ephemeral port and points discord.py at it.

    One guild with one text channel, the bot and one human player (`fake.player`). Build interactions
    with `slash()`/`click()`, deliver them with `send_interaction()`, and await what the bot sent with
    `next_request()`; afterwards check `auditor.assert_clean()` and that `unhandled` is empty.
    """

    def __init__(
        self, *, token: str = "fake.bot-token.for-tests", auditor: RequestAuditor | None = None
    ) -> None:
        self.token = token
        self.auditor = auditor or RequestAuditor()
        self._ids = itertools.count(1)
        self.app_id = self.snowflake()  # the bot user's id equals its application's id on Discord
        self.guild_id, self.channel_id = self.snowflake(), self.snowflake()
        self.bot_user: JSON = {
            "id": self.app_id, "username": "Deep Space", "discriminator": "0", "global_name": None,
            "avatar": None, "bot": True, "flags": 0, "public_flags": 0, "mfa_enabled": False,
            "verified": True, "locale": "en-US", "email": None, "banner": None, "accent_color": None,
        }  # fmt: skip
        self.player: JSON = {
            "id": self.snowflake(), "username": "alice", "discriminator": "0", "global_name": "Alice",
            "avatar": None, "public_flags": 0,
        }  # fmt: skip
        self.requests: list[Recorded] = []
        self.unhandled: list[str] = []
        self.commands: dict[str | None, list[JSON]] = {}  # guild id (None: global) → synced commands
        self.messages: dict[str, JSON] = {}
        # channels standing for threads Discord archived: a message there cannot be edited until the
        # thread is unarchived (PATCH /channels/{id} with archived false), as on Discord
        self.archived: set[str] = set()
        self._interactions: dict[str, JSON] = {}  # interaction token → the interaction sent
        self._answered: set[str] = set()
        self._originals: dict[str, str] = {}  # interaction token → id of its original response
        self._arrived = asyncio.Condition()
        self.identified = asyncio.Event()
        self._ws: web.WebSocketResponse | None = None
        self._sockets: set[web.WebSocketResponse] = set()
        self._seq = 0
        self.port = 0
        self._runner: web.AppRunner | None = None
        self._saved: tuple[str, yarl.URL] | None = None
        Handler = Callable[[Recorded, re.Match[str]], Awaitable[web.Response]]  # noqa: N806
        hook = r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)"
        self._routes: list[tuple[str, re.Pattern[str], Handler]] = [
            (method, re.compile(pattern), handler)
            for method, pattern, handler in [
                ("GET", r"/users/@me", self._me),
                ("GET", r"/gateway/bot", self._gateway_bot),
                ("GET", r"/oauth2/applications/@me", self._application),
                ("PUT", r"/applications/\d+(?:/guilds/(?P<guild>\d+))?/commands", self._put_commands),
                ("GET", r"/applications/\d+(?:/guilds/(?P<guild>\d+))?/commands", self._get_commands),
                ("POST", r"/interactions/(?P<id>\d+)/(?P<token>[^/]+)/callback", self._callback),
                ("POST", hook, self._followup),
                ("GET|PATCH|DELETE", hook + r"/messages/(?P<message>@original|\d+)", self._webhook_message),
                ("GET", r"/channels/(?P<channel>\d+)/messages", self._history),
                ("POST", r"/channels/(?P<channel>\d+)/messages", self._post_message),
                ("PATCH", r"/channels/(?P<channel>\d+)/messages/(?P<message>\d+)", self._edit_message),
                ("PATCH", r"/channels/(?P<channel>\d+)", self._edit_channel),
                ("GET", r"/guilds/(?P<guild>\d+)/members/(?P<user>\d+)", self._guild_member),
            ]
        ]

    def snowflake(self) -> str:
        """A real-looking id: its timestamp is now, so discord.py's `created_at` makes sense."""
        return str(((int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22) | (next(self._ids) & 0x3FFFFF))

    # --- lifecycle ---------------------------------------------------------------------------------

    async def __aenter__(self) -> FakeDiscord:
        app = web.Application()
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", "/{tail:.*}", self._rest)
        self._runner = web.AppRunner(app, shutdown_timeout=1.0, access_log=None)
        await self._runner.setup()
        await web.TCPSite(self._runner, "127.0.0.1", 0).start()
        self.port = self._runner.addresses[0][1]
        self._saved = (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)
        discord.http.Route.BASE = f"http://127.0.0.1:{self.port}/api/v10"
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(f"ws://127.0.0.1:{self.port}/gateway")
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self._saved is not None:
            discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = self._saved
        for ws in list(self._sockets):
            await ws.close(code=1001)
        if self._runner is not None:
            await self._runner.cleanup()

    # --- what tests call ---------------------------------------------------------------------------

    async def next_request(self, method: str, path: str, *, within: float = TIMEOUT) -> Recorded:
        """The oldest request not returned before whose method matches and whose path fullmatches `path`."""

        def find() -> Recorded | None:
            fits = (r for r in self.requests if r.method == method and re.fullmatch(path, r.path))
            return next((r for r in fits if not r.claimed), None)

        try:
            async with self._arrived:
                found = await asyncio.wait_for(self._arrived.wait_for(find), within)
        except TimeoutError:
            seen = [f"{r.method} {r.path}" for r in self.requests]
            raise AssertionError(f"no {method} {path} within {within} s; requests so far: {seen}") from None
        found.claimed = True
        return found

    async def send_interaction(self, payload: JSON) -> None:
        """Deliver an INTERACTION_CREATE to the connected bot, as Discord does when someone acts."""
        await asyncio.wait_for(self.identified.wait(), TIMEOUT)
        self._interactions[payload["token"]] = payload
        await self._dispatch("INTERACTION_CREATE", payload)

    def slash(
        self, name: str, sub: str | None = None, *, channel_id: str | None = None, **options: Any
    ) -> JSON:
        """A chat-input command interaction from the player, for a command the bot has synced;
        `sub` names a subcommand, `options` are its string, integer or boolean options, and
        `channel_id` sends it from another text channel of the guild than the default one."""
        typed = [
            {
                "name": key,
                "type": 5 if isinstance(value, bool) else 4 if isinstance(value, int) else 3,
                "value": value,
            }
            for key, value in options.items()
        ]
        if sub is not None:
            typed = [{"name": sub, "type": 1, "options": typed}]
        for guild in (self.guild_id, None):
            command = next((c for c in self.commands.get(guild, []) if c["name"] == name), None)
            if command is not None:
                data = {"id": command["id"], "name": name, "type": command.get("type", 1), "options": typed}
                return self._interaction(
                    2, data | ({"guild_id": guild} if guild else {}), channel_id=channel_id
                )
        raise LookupError(f"/{name} was never synced; synced: {self.commands}")

    def click(self, message: JSON, custom_id: str, values: list[str] | None = None) -> JSON:
        """A button press (or, with `values`, a menu choice) on a message the bot sent here; Discord
        only sends clicks for real components."""
        stored = self.messages.get(message["id"])
        if stored is None:
            raise LookupError(f"message {message['id']} was never sent through the fake")
        component = next((c for c in walk(stored["components"]) if c.get("custom_id") == custom_id), None)
        if component is None:
            raise LookupError(f"message {message['id']} has no component {custom_id!r}")
        data = {"custom_id": custom_id, "component_type": component["type"]}
        if values is not None:
            data["values"] = values
        return self._interaction(3, data, message=stored, channel_id=stored["channel_id"])

    # --- fixtures of the world ---------------------------------------------------------------------

    def member(self, user: JSON) -> JSON:
        return {
            "user": user, "nick": None, "avatar": None, "roles": [], "joined_at": now(), "deaf": False,
            "mute": False, "flags": 0, "pending": False, "premium_since": None,
            "communication_disabled_until": None,
        }  # fmt: skip

    def channel(self) -> JSON:
        return {
            "id": self.channel_id, "type": 0, "guild_id": self.guild_id, "name": "general", "position": 0,
            "permission_overwrites": [], "topic": None, "nsfw": False, "last_message_id": None,
            "rate_limit_per_user": 0, "parent_id": None, "flags": 0,
        }  # fmt: skip

    def guild(self) -> JSON:
        everyone = {
            "id": self.guild_id, "name": "@everyone", "color": 0, "hoist": False, "icon": None,
            "unicode_emoji": None, "position": 0, "permissions": str(PLAYER_PERMISSIONS.value),
            "managed": False, "mentionable": False, "flags": 0,
        }  # fmt: skip
        return {
            "id": self.guild_id, "name": "Fake Space Station", "icon": None, "owner_id": self.player["id"],
            "unavailable": False, "large": False, "member_count": 2, "joined_at": now(), "features": [],
            "preferred_locale": "en-US", "verification_level": 0, "default_message_notifications": 0,
            "explicit_content_filter": 0, "mfa_level": 0, "nsfw_level": 0, "premium_tier": 0,
            "system_channel_id": self.channel_id, "afk_timeout": 300, "roles": [everyone], "emojis": [],
            "stickers": [], "channels": [self.channel()], "threads": [], "voice_states": [], "presences": [],
            "members": [self.member(self.bot_user)], "stage_instances": [], "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }  # fmt: skip

    def _interaction(self, kind: int, data: JSON, *, channel_id: str | None = None, **extra: Any) -> JSON:
        interaction_id = self.snowflake()
        channel = self.channel() | {"id": channel_id or self.channel_id}
        secret = f"interaction:{interaction_id}:{secrets.token_hex(32)}"
        permissions = str(PLAYER_PERMISSIONS.value)
        return {
            "id": interaction_id, "application_id": self.app_id, "type": kind, "data": data,
            "guild_id": self.guild_id, "guild": {"id": self.guild_id, "locale": "en-US", "features": []},
            "channel_id": channel["id"], "channel": channel | {"permissions": permissions},
            "member": self.member(self.player) | {"permissions": permissions},
            "token": base64.urlsafe_b64encode(secret.encode()).decode().rstrip("="), "version": 1,
            "app_permissions": str(BOT_PERMISSIONS.value), "locale": "en-GB", "guild_locale": "en-US",
            "entitlements": [], "authorizing_integration_owners": {"0": self.guild_id}, "context": 0,
            "attachment_size_limit": 10 * 1024 * 1024, **extra,
        }  # fmt: skip

    def _new_message(self, data: JSON, source: JSON) -> JSON:
        """The message Discord would create from a response body, stored so later clicks can find it."""
        metadata = {"id": source["id"], "type": source["type"], "user": self.player}
        if "message" in source:
            metadata["interacted_message_id"] = source["message"]["id"]
        message = {
            "id": self.snowflake(), "type": 20 if source["type"] == 2 else 0, "content": "", "flags": 0,
            "channel_id": source["channel_id"], "author": self.bot_user, "timestamp": now(), "tts": False,
            "edited_timestamp": None, "mention_everyone": False, "mentions": [], "mention_roles": [],
            "attachments": [], "embeds": [], "components": [], "pinned": False, "application_id": self.app_id,
            "webhook_id": self.app_id, "interaction_metadata": metadata,
        }  # fmt: skip
        self._apply(message, data)
        self.messages[message["id"]] = message
        return message

    def _apply(self, message: JSON, data: JSON) -> None:
        """Copy the editable fields over; Discord numbers components (`id`) when the sender did not."""
        for key in ("content", "embeds", "components", "flags", "tts"):
            if key in data:
                message[key] = data[key] if data[key] is not None else type(message[key])()
        numbers = itertools.count(1)
        for component in walk(message["components"]):
            component.setdefault("id", next(numbers))

    # --- REST --------------------------------------------------------------------------------------

    async def _rest(self, request: web.Request) -> web.Response:
        prefix = "/api/v10"
        path = request.path.removeprefix(prefix) if request.path.startswith(prefix + "/") else request.path
        record = Recorded(request.method, path, dict(request.query), await read_body(request))
        self.auditor.record(record.method, path, record.body, record.query or None)
        response = None
        if path != request.path:
            for method, pattern, handler in self._routes:
                match = pattern.fullmatch(path)
                if match and re.fullmatch(method, request.method):
                    authorised = request.headers.get("Authorization") == f"Bot {self.token}"
                    if not (authorised or path.startswith(_NO_BOT_AUTH)):
                        response = error(401, "401: Unauthorized")
                    else:
                        try:
                            response = await handler(record, match)
                        except Exception as exc:  # a 500 would make discord.py retry for seconds
                            self.unhandled.append(f"{request.method} {path} crashed the fake: {exc!r}")
                            response = error(400, f"fake Discord could not handle this: {exc!r}")
                    break
        if response is None:
            self.unhandled.append(f"{request.method} {request.path_qs}")
            response = error(404, "404: Not Found")
        record.status = response.status
        record.response = json.loads(response.body) if isinstance(response.body, bytes) else None
        async with self._arrived:
            self.requests.append(record)
            self._arrived.notify_all()
        return response

    async def _guild_member(self, record: Recorded, match: re.Match[str]) -> web.Response:
        """Everyone who ever clicked is still in the server here (nobody leaves this world)."""
        known = match["user"] in (self.player["id"], self.bot_user["id"])
        user = self.player if match["user"] == self.player["id"] else self.bot_user
        if not known:
            user = {
                "id": match["user"], "username": f"member{match['user'][-4:]}", "discriminator": "0",
                "global_name": None, "avatar": None, "public_flags": 0,
            }  # fmt: skip
        return json_response(self.member(user))

    async def _me(self, record: Recorded, match: re.Match[str]) -> web.Response:
        return json_response(self.bot_user)

    async def _gateway_bot(self, record: Recorded, match: re.Match[str]) -> web.Response:
        """Where a sharded bot that chooses no shard count asks how many shards to run: one."""
        return json_response({
            "url": f"ws://127.0.0.1:{self.port}/gateway", "shards": 1,
            "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1},
        })  # fmt: skip

    async def _application(self, record: Recorded, match: re.Match[str]) -> web.Response:
        return json_response({
            "id": self.app_id, "name": "Deep Space", "icon": None, "description": "", "summary": "",
            "bot_public": True, "bot_require_code_grant": False, "owner": self.player, "team": None,
            "verify_key": "0" * 64, "flags": 0, "bot": self.bot_user, "redirect_uris": [], "tags": [],
            "interactions_endpoint_url": None, "approximate_guild_count": 1,
        })  # fmt: skip

    async def _put_commands(self, record: Recorded, match: re.Match[str]) -> web.Response:
        """Bulk overwrite: Discord replaces the whole list and echoes it back with ids."""
        guild = match["guild"]
        echoed = [
            {"type": 1, "default_member_permissions": None, "nsfw": False, **command}
            | {"id": self.snowflake(), "application_id": self.app_id, "version": self.snowflake()}
            | ({"guild_id": guild} if guild else {})
            for command in record.body or []
        ]
        self.commands[guild] = echoed
        return json_response(echoed)

    async def _get_commands(self, record: Recorded, match: re.Match[str]) -> web.Response:
        """The commands published there, as the last bulk overwrite left them (none before one)."""
        return json_response(self.commands.get(match["guild"], []))

    async def _callback(self, record: Recorded, match: re.Match[str]) -> web.Response:
        """The initial response; answers `?with_response=1` with an InteractionCallbackResponse."""
        source = self._interactions.get(match["token"])
        if source is None or source["id"] != match["id"]:
            return error(404, "Unknown interaction", 10062)
        if match["token"] in self._answered:
            return error(400, "Interaction has already been acknowledged.", 40060)
        self._answered.add(match["token"])
        kind, data = record.body.get("type"), record.body.get("data") or {}
        message = None
        if kind in (4, 5):  # a new message; a deferral shows a "thinking…" placeholder
            flags = (data.get("flags") or 0) | (LOADING if kind == 5 else 0)
            message = self._new_message(data | {"flags": flags}, source)
        elif kind in (6, 7) and "message" in source:  # the component's own message, edited by type 7
            message = self.messages[source["message"]["id"]]
            if kind == 7:
                self._apply(message, data | {"flags": message["flags"]})
                message["edited_timestamp"] = now()
        if message is not None:
            self._originals[match["token"]] = message["id"]
        interaction = {
            "id": source["id"], "type": source["type"], "activity_instance_id": None,
            "response_message_id": message and message["id"], "response_message_loading": kind == 5,
            "response_message_ephemeral": bool(message and message["flags"] & EPHEMERAL),
        }  # fmt: skip
        resource = {"type": kind} | ({"message": message} if message else {})
        return json_response({"interaction": interaction, "resource": resource})

    async def _followup(self, record: Recorded, match: re.Match[str]) -> web.Response:
        source = self._interactions.get(match["token"])
        if source is None or match["app"] != self.app_id:
            return error(404, "Unknown Webhook", 10015)
        message = self._new_message(record.body or {}, source)
        wait = record.query.get("wait", "").lower() in ("1", "true")
        return json_response(message) if wait else web.Response(status=204)

    async def _webhook_message(self, record: Recorded, match: re.Match[str]) -> web.Response:
        token, message_id = match["token"], match["message"]
        if message_id == "@original":
            message_id = self._originals.get(token, "")
        message = self.messages.get(message_id)
        if token not in self._interactions or message is None:
            return error(404, "Unknown Message", 10008)
        if record.method == "DELETE":
            del self.messages[message_id]
            return web.Response(status=204)
        if record.method == "PATCH":
            self._apply(message, (record.body or {}) | {"flags": message["flags"] & ~LOADING})
            message["edited_timestamp"] = now()
        return json_response(message)

    async def _history(self, record: Recorded, match: re.Match[str]) -> web.Response:
        """A channel's public messages, newest first; `after`, `before` and `limit` as Discord reads them."""
        after, before = int(record.query.get("after", 0)), int(record.query.get("before", 1 << 63))
        found = [
            message
            for message in self.messages.values()
            if message["channel_id"] == match["channel"]
            and not message["flags"] & EPHEMERAL
            and after < int(message["id"]) < before
        ]
        found.sort(key=lambda message: int(message["id"]), reverse=True)
        if "after" in record.query and "before" not in record.query:
            found = found[::-1]  # Discord pages forward from `after`: the oldest ones first
        return json_response(found[: int(record.query.get("limit", 50))])

    async def _post_message(self, record: Recorded, match: re.Match[str]) -> web.Response:
        """A message the bot sends in a channel (not as an interaction's answer)."""
        message = {
            "id": self.snowflake(), "type": 0, "content": "", "flags": 0, "channel_id": match["channel"],
            "author": self.bot_user, "timestamp": now(), "tts": False, "edited_timestamp": None,
            "mention_everyone": False, "mentions": [], "mention_roles": [], "attachments": [], "embeds": [],
            "components": [], "pinned": False,
        }  # fmt: skip
        self._apply(message, {key: value for key, value in (record.body or {}).items() if key != "flags"})
        self.messages[message["id"]] = message
        return json_response(message)

    async def _edit_message(self, record: Recorded, match: re.Match[str]) -> web.Response:
        message = self.messages.get(match["message"])
        if message is None or message["channel_id"] != match["channel"]:
            return error(404, "Unknown Message", 10008)
        if match["channel"] in self.archived:
            return error(400, "Thread is archived", 50083)
        self._apply(message, (record.body or {}) | {"flags": message["flags"]})
        message["edited_timestamp"] = now()
        return json_response(message)

    async def _edit_channel(self, record: Recorded, match: re.Match[str]) -> web.Response:
        """Only unarchiving is modelled: what the bot does to a thread Discord archived."""
        if record.body != {"archived": False}:
            raise ValueError(f"only unarchiving a thread is modelled, not {record.body!r}")
        self.archived.discard(match["channel"])
        return json_response(self.channel() | {"id": match["channel"]})

    # --- gateway -----------------------------------------------------------------------------------

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        """HELLO, IDENTIFY → READY + GUILD_CREATE, heartbeats; frames are plain text (no zlib needed:
        discord.py only inflates binary frames)."""
        if request.query.get("v") != "10" or request.query.get("encoding") != "json":
            self.unhandled.append(f"gateway query {request.query_string}")
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        self._sockets.add(ws)
        try:
            await ws.send_json({"op": 10, "d": {"heartbeat_interval": 41250}, "s": None, "t": None})
            async for frame in ws:
                if frame.type is WSMsgType.TEXT:
                    await self._on_gateway(ws, json.loads(frame.data))
        finally:
            self._sockets.discard(ws)
            if self._ws is ws:
                self._ws = None
                self.identified.clear()
        return ws

    async def _on_gateway(self, ws: web.WebSocketResponse, payload: JSON) -> None:
        op, data = payload.get("op"), payload.get("d")
        if op == 1:
            await ws.send_json({"op": 11, "d": None, "s": None, "t": None})
        elif op == 2 and data.get("token") != self.token:
            await ws.close(code=4004, message=b"Authentication failed.")
        elif op == 2:
            self._ws, self._seq = ws, 0
            await self._dispatch("READY", {
                "v": 10, "user": self.bot_user, "guilds": [{"id": self.guild_id, "unavailable": True}],
                "session_id": secrets.token_hex(16), "resume_gateway_url": f"ws://127.0.0.1:{self.port}/gateway",
                "application": {"id": self.app_id, "flags": 0}, "private_channels": [], "relationships": [],
                **({"shard": data["shard"]} if "shard" in data else {}),  # a sharded bot's READY says which
            })  # fmt: skip
            await self._dispatch("GUILD_CREATE", self.guild())
            self.identified.set()
        else:
            self.unhandled.append(f"gateway op {op}")

    async def _dispatch(self, event: str, data: JSON) -> None:
        if self._ws is None:
            raise RuntimeError("no bot is connected to the fake gateway")
        self._seq += 1
        await self._ws.send_json({"op": 0, "t": event, "s": self._seq, "d": data})


@contextlib.contextmanager
def serve_in_thread(**options: Any) -> Iterator[FakeDiscord]:
    """Run a FakeDiscord on its own loop in a thread, for code that calls `asyncio.run` itself."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, name="fake-discord", daemon=True)
    thread.start()
    try:
        fake = asyncio.run_coroutine_threadsafe(_make(options), loop).result(TIMEOUT)
        try:
            yield fake
        finally:
            asyncio.run_coroutine_threadsafe(fake.__aexit__(None, None, None), loop).result(TIMEOUT)
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join(TIMEOUT)
        loop.close()


async def _make(options: dict[str, Any]) -> FakeDiscord:
    """Built inside the server's loop, so its asyncio primitives belong there."""
    return await FakeDiscord(**options).__aenter__()


async def until_ready(bot: discord.Client, runner: asyncio.Task[None]) -> None:
    """Wait for READY, but fail at once (with its error) if the bot's task dies first."""
    ready = asyncio.ensure_future(bot.wait_until_ready())
    done, _ = await asyncio.wait({ready, runner}, timeout=10, return_when=asyncio.FIRST_COMPLETED)
    if ready not in done:
        ready.cancel()
        if runner.done():
            runner.result()
        pytest.fail("the bot did not reach READY within 10 s")


def one_applied_one_refused(answers: list[Recorded]) -> Recorded:
    """Two presses of one control at once: exactly one edited the board (returned), the other was
    privately told the board changed and nothing was done."""
    applied = [a for a in answers if a.body["type"] == 7]  # the board edited in place
    refused = [a for a in answers if a.body["type"] == 4]
    assert len(applied) == 1
    assert len(refused) == 1
    assert refused[0].body["data"]["flags"] & EPHEMERAL
    content = refused[0].body["data"]["content"]
    assert content.startswith("The board changed since you looked, so nothing was done.")
    return applied[0]
