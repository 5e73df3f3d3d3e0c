"""Check the REST requests the bot sends against Discord's published OpenAPI schema.

Discord only rejects a malformed body at runtime, with a 400 the fakes never produce; validating every
captured request against the spec (plus the limits the spec cannot express) turns those into test failures.
"""

from __future__ import annotations

import json
import re
import reprlib
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, partial
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, relevance
from referencing import Registry
from referencing.jsonschema import DRAFT202012

SPEC_PATH = Path(__file__).resolve().parent.parent / "data" / "discord-openapi.json"
IS_COMPONENTS_V2 = 1 << 15
CALLBACK_ROUTE = "/interactions/{interaction_id}/{interaction_token}/callback"
_DOC_URI = "urn:discord-openapi"
_METHODS = frozenset({"GET", "PUT", "POST", "PATCH", "DELETE"})
_API_PREFIX = re.compile(r"^/api(?:/v\d+)?(?=/)")
_COMMANDS_ROUTE = re.compile(r"/commands(?:/\{command_id\})?$")
_NAME_RULE = r"^[-_\p{L}\p{N}]{1,32}$"
_NAME = re.compile(r"[-\w]{1,32}")  # for str patterns \w is exactly \p{L}, \p{N} and "_"
_short = reprlib.Repr()
_short.maxstring = _short.maxother = 60


@dataclass(frozen=True)
class Violation:
    """One way a request breaks Discord's contract; `where` is a JSON path into the body."""

    method: str
    path: str
    where: str
    schema_path: str
    message: str

    def __str__(self) -> str:
        return f"{self.method} {self.path} {self.where}: {self.message} [{self.schema_path}]"


def split_path(path: str) -> tuple[str, dict[str, str]]:
    """Reduce a URL or route to the spec's form (no host, `/api/vN` prefix or query) plus its query."""
    parts = urlsplit(path)
    return _API_PREFIX.sub("", parts.path) or "/", dict(parse_qsl(parts.query))


def _escape(part: object) -> str:
    return str(part).replace("~", "~0").replace("/", "~1")


def _tag_missed(error: ValidationError) -> bool:
    """Whether `error`'s union branch was ruled out by its `type` tag, so it can't explain the failure."""
    parent, branch = error.parent, error.relative_schema_path
    if parent is None or not branch:
        return False
    same_branch = (e for e in parent.context if e.relative_schema_path[0] == branch[0])
    return any(e.validator in ("enum", "const") and list(e.relative_path) == ["type"] for e in same_branch)


def _describe(error: ValidationError) -> str:
    """jsonschema's message, unless it quotes a huge instance (a 2001-character content, say)."""
    if len(error.message) <= 160:
        return error.message
    size = f" (length {len(error.instance)})" if isinstance(error.instance, str | list | dict) else ""
    return f"{_short.repr(error.instance)}{size} fails {error.validator} {_short.repr(error.validator_value)}"


def _key(error: ValidationError) -> tuple[Any, ...]:
    """best_match's relevance, but branches ruled out by their tag or a bare `null` alternative rank last."""
    is_null_branch = error.validator == "type" and error.validator_value == "null"
    return (_tag_missed(error), is_null_branch, *relevance(error))


def _explain(error: ValidationError) -> list[ValidationError]:
    """The errors that say what is wrong, not a vague "not valid under any of the given schemas".

    best_match's descent (into the branch with the deepest sub-error), but reporting all of that branch's
    errors, and breaking ties by order when they lead deeper (webhook unions' twin schemas fail alike).
    """
    if not error.context:
        return [error]
    first, *rest = sorted(error.context, key=_key)
    if _tag_missed(first) or (rest and _key(first) == _key(rest[0]) and not first.relative_path):
        return [error]  # no variant has this `type`, or `style: 99` against a oneOf of consts
    branch = first.relative_schema_path[0]
    return [leaf for e in error.context if e.relative_schema_path[0] == branch for leaf in _explain(e)]


class DiscordSchema:
    """Discord's OpenAPI document, indexed to match concrete paths and validate request bodies."""

    def __init__(self, spec_path: Path = SPEC_PATH, *, int_snowflakes: bool = False) -> None:
        """`int_snowflakes` opts in to the integer ids discord.py sends (Discord takes them, the spec not)."""
        self.document: dict[str, Any] = json.loads(spec_path.read_text(encoding="utf-8"))
        if int_snowflakes:
            schemas = self.document["components"]["schemas"]
            integer = {"type": "integer", "minimum": 0}
            schemas["SnowflakeType"] = {"anyOf": [schemas["SnowflakeType"], integer]}
        resource = DRAFT202012.create_resource(self.document)
        self._registry: Registry[Any] = Registry().with_resource(_DOC_URI, resource)
        self._templates = [(t, t.strip("/").split("/")) for t in self.document["paths"]]
        self._validators: dict[str, Draft202012Validator] = {}

    def route(self, path: str) -> tuple[str, dict[str, str]] | None:
        """The spec's path template for a concrete path, preferring literal segments, and its parameters."""
        segments = path.strip("/").split("/")
        matches = [
            (tuple(p[0] != "{" for p in parts), template, parts)
            for template, parts in self._templates
            if len(parts) == len(segments)
            and all((p[0] == "{" and s) or p == s for p, s in zip(parts, segments, strict=True))
        ]
        if not matches:
            return None
        _, template, parts = max(matches)
        return template, {p[1:-1]: s for p, s in zip(parts, segments, strict=True) if p[0] == "{"}

    def check_request(
        self, method: str, path: str, body: Any, params: dict[str, Any] | None = None
    ) -> list[Violation]:
        """All the ways this request breaks the spec or Discord's unwritten limits; empty when it's fine."""
        method = method.upper()
        path, query = split_path(path)

        violation = partial(Violation, method, path)
        found = self.route(path)
        if found is None:
            return [violation("$", "#/paths", f"no route in Discord's API matches {path}")]
        template = found[0]
        pointer = f"/paths/{_escape(template)}/{method.lower()}"
        operation = self.document["paths"][template].get(method.lower()) if method in _METHODS else None
        if operation is None:
            return [violation("$", f"#/paths/{_escape(template)}", f"{template} has no {method} operation")]
        known = {p["name"] for p in operation.get("parameters", []) if p.get("in") == "query"}
        out = [
            violation(f"?{name}", f"#{pointer}/parameters", f"unknown query parameter {name!r}")
            for name in {**query, **(params or {})}
            if name not in known
        ]
        request_body = operation.get("requestBody")
        if body is None:
            if request_body and request_body.get("required"):
                out.append(violation("$", f"#{pointer}/requestBody", "a request body is required"))
            return out
        if request_body is None:
            return [*out, violation("$", f"#{pointer}", f"{method} {template} takes no request body")]
        validator = self._validator(pointer, request_body)
        for leaf in (leaf for error in validator.iter_errors(body) for leaf in _explain(error)):
            where = self._locate(validator.schema, leaf.absolute_schema_path)
            out.append(violation(leaf.json_path, where, _describe(leaf)))
        seen = {v.where for v in out}
        out += [violation(*limit) for limit in _limits(template, method, body) if limit[0] not in seen]
        return out

    def _validator(self, pointer: str, request_body: dict[str, Any]) -> Draft202012Validator:
        """One validator per operation; JSON wins, multipart's schema is what `payload_json` must satisfy."""
        if pointer not in self._validators:
            content = request_body["content"]
            media = "application/json" if "application/json" in content else "multipart/form-data"
            ref = f"{_DOC_URI}#{pointer}/requestBody/content/{_escape(media)}/schema"
            self._validators[pointer] = Draft202012Validator({"$ref": ref}, registry=self._registry)
        return self._validators[pointer]

    def _locate(self, root: dict[str, Any], schema_path: Any) -> str:
        """Turn jsonschema's keyword trail into a pointer to the innermost `$ref` target, e.g. a component."""
        node: Any = root
        pointer = ""
        try:
            for part in schema_path:
                while isinstance(node, dict) and part not in node and "$ref" in node:  # jsonschema omits $ref
                    pointer = node["$ref"].partition("#")[2]
                    node = self.document
                    for segment in pointer.split("/")[1:]:
                        node = node[segment.replace("~1", "/").replace("~0", "~")]
                node = node[part]
                pointer += f"/{_escape(part)}"
        except (KeyError, IndexError, TypeError):
            return "/".join(map(str, schema_path))
        return f"#{pointer}"


@cache
def get_schema(*, int_snowflakes: bool = False) -> DiscordSchema:
    """The shared instance: the document is 1.2 MB and validators are built lazily, so load it once."""
    return DiscordSchema(int_snowflakes=int_snowflakes)


def _limits(template: str, method: str, body: Any) -> Iterator[tuple[str, str, str]]:
    """(where, rule, message) for Discord's rules the schema cannot express."""
    if _COMMANDS_ROUTE.search(template) and method in ("PUT", "POST", "PATCH"):
        for i, command in enumerate(body) if isinstance(body, list) else [(None, body)]:
            yield from _names(command, "$" if i is None else f"$[{i}]", command=True)
    if isinstance(body, dict):
        # Message-like objects: the body itself, an interaction callback's `data`, a forum post's `message`.
        for where, message in (("$", body), ("$.data", body.get("data")), ("$.message", body.get("message"))):
            if isinstance(message, dict):
                yield from _message_limits(message, where)


def _valid_name(name: Any) -> bool:
    return isinstance(name, str) and name == name.lower() and bool(_NAME.fullmatch(name))


def _names(node: Any, where: str, *, command: bool) -> Iterator[tuple[str, str, str]]:
    """Chat-input command and option names must be lowercase `^[-_\\p{L}\\p{N}]{1,32}$`, recursively,
    in every language they are translated into (`name_localizations`)."""
    if not isinstance(node, dict):
        return
    name = node.get("name")
    checked = not command or node.get("type") in (None, 1)
    if checked and "name" in node and not _valid_name(name):
        yield f"{where}.name", "limit:command-name", f"{name!r} is not lowercase {_NAME_RULE}"
    localized = node.get("name_localizations")
    for locale, translated in (localized or {}).items() if checked and isinstance(localized, dict) else ():
        if not _valid_name(translated):
            at = f"{where}.name_localizations.{locale}"
            yield at, "limit:command-name", f"{translated!r} is not lowercase {_NAME_RULE}"
    options = node.get("options")
    for i, option in enumerate(options if isinstance(options, list) else []):
        yield from _names(option, f"{where}.options[{i}]", command=False)


def _walk(component: Any, where: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every component under `component`: rows, containers, sections' accessories, modal labels."""
    if not isinstance(component, dict):
        return
    yield where, component
    children = component.get("components")
    for i, child in enumerate(children if isinstance(children, list) else []):
        yield from _walk(child, f"{where}.components[{i}]")
    for key in ("accessory", "component"):
        yield from _walk(component.get(key), f"{where}.{key}")


def _message_limits(message: dict[str, Any], where: str) -> Iterator[tuple[str, str, str]]:
    content = message.get("content")
    if isinstance(content, str) and len(content) > 2000:  # the schema's 4000 is for Nitro users, not bots
        yield f"{where}.content", "limit:content-2000", f"content is {len(content)} characters, over 2000"
    embeds = message.get("embeds")
    if isinstance(embeds, list):
        total = sum(_embed_length(e) for e in embeds if isinstance(e, dict))
        if total > 6000:
            yield f"{where}.embeds", "limit:embeds-total-6000", f"embeds total {total} characters, over 6000"
    top = message.get("components")
    if not isinstance(top, list):
        return
    flags = message.get("flags")
    v2 = isinstance(flags, int) and bool(flags & IS_COMPONENTS_V2)
    if not v2 and len(top) > 5:
        yield f"{where}.components", "limit:action-rows-5", f"{len(top)} action rows without IS_COMPONENTS_V2"
    components = [c for i, row in enumerate(top) for c in _walk(row, f"{where}.components[{i}]")]
    if v2 and len(components) > 40:
        yield f"{where}.components", "limit:components-v2-40", f"{len(components)} components in total"
    first: dict[str, str] = {}
    for at, component in components:
        custom_id = component.get("custom_id")
        if isinstance(custom_id, str) and first.setdefault(custom_id, at) != at:
            message = f"custom_id {custom_id!r} repeats {first[custom_id]}"
            yield f"{at}.custom_id", "limit:unique-custom-id", message


def _embed_length(embed: dict[str, Any]) -> int:
    """Discord's count toward the 6000-character budget shared by a message's embeds."""
    texts: list[Any] = [embed.get("title"), embed.get("description")]
    texts += [(embed.get("footer") or {}).get("text"), (embed.get("author") or {}).get("name")]
    for field in embed.get("fields") or []:
        texts += [field.get("name"), field.get("value")] if isinstance(field, dict) else []
    return sum(len(t) for t in texts if isinstance(t, str))


class RequestAuditor:
    """Accumulates violations over a test's requests and enforces one initial response per interaction."""

    def __init__(self, schema: DiscordSchema | None = None) -> None:
        # Integer ids are what discord.py sends for file indexes and references, and Discord takes
        # them; the published spec types every id as a string, so the bot's own audits accept both.
        self._schema = schema or get_schema(int_snowflakes=True)
        self._violations: list[Violation] = []
        self._answered: set[str] = set()

    @property
    def violations(self) -> list[Violation]:
        return list(self._violations)

    def record(
        self, method: str, path: str, body: Any, params: dict[str, Any] | None = None
    ) -> list[Violation]:
        """Check one request; returns its own violations and keeps them for `assert_clean`."""
        found = self._schema.check_request(method, path, body, params)
        route_path = split_path(path)[0]
        match = self._schema.route(route_path)
        if method.upper() == "POST" and match is not None and match[0] == CALLBACK_ROUTE:
            interaction_id = match[1]["interaction_id"]
            if interaction_id in self._answered:
                message = f"interaction {interaction_id} already has an initial response"
                found.append(Violation("POST", route_path, "$", "limit:one-initial-response", message))
            self._answered.add(interaction_id)
        self._violations.extend(found)
        return found

    def assert_clean(self) -> None:
        """Fail listing every violation, so one run shows all of them."""
        if self._violations:
            lines = "\n".join(f"  {v}" for v in self._violations)
            raise AssertionError(f"{len(self._violations)} Discord API violation(s):\n{lines}")
