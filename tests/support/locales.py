"""Languages in the offline Discord: client locales simcord does not model, and the pseudo-locale check.

simcord reports every user's client as en-US and every server's `guild_locale` as en-US;
`discord_locales` makes an interaction carry the locale a given user's client reports, and the
server's preferred locale, as Discord does. `speak` stores a language as the preference of the server
and of players, as `/settings language` does, so a whole scenario runs in it (the pseudo-locale,
say); `untranslated` then finds text that reached Discord without going through a catalogue.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

import pytest
import simcord.interactions

from core.i18n.pseudo import unmarked

from .scenario import Player, World

# What may reach Discord untranslated: names that are the same in every language, and data.
BRANDS = ("Deep Space D-6", "Deep Space Dine", "Deep Space")
_DATA = [
    re.compile(r"`[^`]*`"),  # code: command names (no client has the pseudo-locale), references
    re.compile(r"<(?:@[!&]?|#|t:)[^>]*>"),  # mentions and timestamps
    re.compile(r"https?://\S+"),
    re.compile(r"\bv\d+(?:\.\d+)+\b"),  # the version
]
_LETTERS = re.compile(r"[^\W\d_]{2,}")  # a word: two or more letters (not a lone "x" or unit)
_TEXT_KEYS = ("content", "title", "description", "name", "value", "text", "label", "placeholder")


def discord_locales(monkeypatch: pytest.MonkeyPatch, users: dict[int, str]) -> None:
    """Interactions of `users` (id → Discord locale, e.g. "de") report that client locale; every
    interaction in a server reports the server's preferred locale as `guild_locale`."""
    original = simcord.interactions.base_payload

    def with_locales(backend: Any, *, user_id: int, guild_id: int | None, **rest: Any) -> Any:
        record, payload = original(backend, user_id=user_id, guild_id=guild_id, **rest)
        payload["locale"] = users.get(user_id, "en-US")
        if guild_id is not None:
            payload["guild_locale"] = backend.get_guild(guild_id).preferred_locale
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", with_locales)


async def speak(world: World, language: str, *players: Player) -> None:
    """The server and every given player speak `language` from now on (their stored preferences, as
    `/settings language` stores them): public posts and each player's private answers alike."""
    store = world.bot.store
    await store.set_preference("guild", world.guild.id, "language", language)
    for player in players:
        await store.set_preference("user", player.id, "language", language)


def texts(body: Any) -> Iterator[str]:
    """Every text of a message-like request body Discord would show: content, embeds, components."""
    if isinstance(body, dict):
        for key, value in body.items():
            if key == "value" and "label" in body:
                continue  # a select option's value is a code the player never sees
            if key in _TEXT_KEYS and isinstance(value, str):
                yield value
            elif isinstance(value, dict | list):
                yield from texts(value)
    elif isinstance(body, list):
        for item in body:
            yield from texts(item)


MESSAGE_ROUTES = ("/callback", "/webhooks/", "/messages")  # where a message body is sent


def untranslated(bodies: Iterable[Any], allowed: Iterable[str] = ()) -> list[str]:
    """The words of `bodies`' texts outside every pseudo-locale mark, once brand names, `allowed`
    data (players' names) and code, mentions and links are taken out: none means all translated."""
    found: list[str] = []
    names = sorted((*BRANDS, *allowed), key=len, reverse=True)
    for text in (text for body in bodies for text in texts(body)):
        rest = unmarked(text)
        for pattern in _DATA:
            rest = pattern.sub(" ", rest)
        for name in names:
            rest = rest.replace(name, " ")
        found += [f"{word!r} in {text!r}" for word in _LETTERS.findall(rest)]
    return found
