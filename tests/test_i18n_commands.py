"""The slash commands in German and Spanish: every name, description and choice translated, nothing
left over in the catalogue, and the payload Discord is sent valid in every language."""

from __future__ import annotations

import re

import pytest

from cogs.ui.translator import command_texts
from core.i18n.catalogues import read_catalog
from tests.support.discord_schema import RequestAuditor
from tests.support.scenario import World

# The Discord locales each language is published under (Discord has two Spanish ones).
PUBLISHED = {"de": ("de",), "es": ("es-ES", "es-419")}
_NAME = re.compile(r"[-_\w]{1,32}")  # Discord's ^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$, lowercase


def synced_commands(world: World) -> list[dict]:
    (synced,) = [
        r.json for r in world.env.http_requests if r.method == "PUT" and r.path.endswith("/commands")
    ]
    return synced


def walk(node: dict, path: str = ""):
    """(where, node, kind) for a command and everything below it: options and choices."""
    yield path or f"/{node['name']}", node, "command"
    for option in node.get("options") or []:
        yield from walk(option, f"{path or '/' + node['name']} {option['name']}")
    for choice in node.get("choices") or []:
        yield f"{path} = {choice['value']}", choice, "choice"


@pytest.mark.parametrize("language", ["de", "es"])
async def test_every_command_text_has_a_translation_and_every_translation_a_command(world, language) -> None:
    asked = set(await command_texts(world.bot.tree))
    catalogue = {(m.context, m.id) for m in read_catalog(language, "commands") if m.id and m.string}
    assert sorted(asked - catalogue) == []  # missing
    assert sorted(catalogue - asked) == []  # unused


async def test_the_synced_commands_carry_german_and_spanish_and_discord_takes_them(world) -> None:
    commands = synced_commands(world)
    world.audit()  # the schema and the name rule, for every localisation too (discord_schema._names)
    seen = 0
    for command in commands:
        for where, node, kind in walk(command):
            for locales in PUBLISHED.values():
                for locale in locales:
                    name = (node.get("name_localizations") or {}).get(locale)
                    assert name, f"{where}: no {locale} name"
                    if kind == "choice":
                        assert len(name) <= 100
                        continue
                    assert name == name.lower(), f"{where}: {name!r}"
                    assert _NAME.fullmatch(name), f"{where}: {name!r}"
                    description = (node.get("description_localizations") or {}).get(locale)
                    assert description, f"{where}: no {locale} description"
                    assert len(description) <= 100, f"{where}: {locale} description"
                    seen += 1
    assert seen > 100
    names = {c["name"]: c["name_localizations"] for c in commands}
    assert names["leaderboard"]["de"] == "bestenliste"
    assert names["settings"]["es-419"] == names["settings"]["es-ES"] == "ajustes"


def test_the_audit_refuses_a_translated_name_discord_would_refuse() -> None:
    auditor = RequestAuditor()
    command = {"name": "about", "description": "x", "type": 1, "name_localizations": {"de": "Über Uns"}}
    found = auditor.record("PUT", "/applications/1/commands", [command])
    assert [v.where for v in found] == ["$[0].name_localizations.de"]
