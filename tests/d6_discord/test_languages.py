"""D-6 in the players' languages, through the real bot in the offline Discord.

The board is public, so it is in the server's language (its setting, else its preferred locale);
the hint is private, so it is in the reader's. Spanish follows the rulebook's terms. The
pseudo-locale run plays a whole game through the board and finds no D-6 text that skipped a
catalogue, with every payload still within Discord's limits at 40 % longer texts.
"""

from __future__ import annotations

from cogs.d6.play import load
from core.i18n import PSEUDO
from core.render.d6_text import board_summary
from tests.support.locales import MESSAGE_ROUTES, discord_locales, untranslated
from tests.support.messages import components, message, record_of
from tests.support.scenario import World

from .helpers import play_out

WIN_SEED = 51  # hard, fast: the test player (the heuristic) wins it


def fields(embed) -> dict[str, str]:
    return {field.name: field.value for field in embed.fields}


def labels(board) -> list[str]:
    return [c.get("label") or c.get("placeholder", "") for c in components(board)]


async def test_a_spanish_server_sees_the_board_in_the_rulebooks_words(
    spanish_world: World, monkeypatch
) -> None:
    """Seed 7 rolls two Threat faces at the start: the board says ¡Amenaza detectada!"""
    world = spanish_world
    ann = world.player("ann")
    discord_locales(monkeypatch, {ann.id: "en-US"})
    shown = await ann.runs("d6 new", guide=False)
    assert not shown.ephemeral
    board = shown.response
    embed = board.embeds[0]
    assert embed.title == "Deep Space D-6 · Ronda 1"
    said = fields(embed)
    assert "¡Amenaza detectada! 2 dados se bloquean en los Escáneres." in said["Qué ha pasado"]
    assert "**ann** toma el mando." in said["Qué ha pasado"]
    assert "Dado 1: Amenaza, bloqueado en los Escáneres" in said["Dados de tripulación"]
    stations = said["Estaciones ahora"]
    for station in ("Comandante:", "Táctico:", "Médico:", "Ciencia:", "Ingeniería:"):
        assert station in stations
    assert "Nave de reconocimiento" in said["Amenazas externas"]
    assert "Si perdiste Casco esta ronda, pierde 1 de Casco adicional." in said["Amenazas externas"]
    assert embed.description.startswith("Casco **8/8** · Escudos **4/4** · Mazo de amenazas: quedan **")
    assert said["Capitán"] == f"<@{ann.id}> (capitán)"
    assert embed.footer.text.startswith("Partida n.º ")
    record = await record_of(world, (await world.bot.store.active_game(world.channel.id)).id)
    (picture,) = board.attachments
    assert picture.description == board_summary(load(record).state, "es")
    assert {"Comandante (2, 4)", "Terminar asignación", "Pista"} <= set(labels(board))

    hint = await ann.clicks(board, "Pista")  # private: in ann's own language, English
    assert hint.ephemeral
    assert hint.response.content.startswith("**Suggestion:** ")
    assert "\n*Why:* " in hint.response.content

    picked = await ann.clicks(board, "Comandante (2, 4)")  # a die's uses, in the server's words
    shown_again = message(world, record.board_message_id)
    assert picked.response is not None
    assert "**Dado de Comandante: elige adónde va.**" in shown_again.embeds[0].description
    assert "Dado de Comandante: elige…" in labels(shown_again)  # its many uses, in a menu


async def test_a_german_server_and_a_spanish_reader(german_world: World, monkeypatch) -> None:
    world = german_world
    lena = world.player("lena")
    discord_locales(monkeypatch, {lena.id: "es-ES"})
    shown = await lena.runs("d6 new", guide=False, crew=True)
    embed = shown.response.embeds[0]
    assert embed.title == "Deep Space D-6 · Runde 1"
    said = fields(embed)
    assert "Bedrohung erkannt! 2 Würfel werden in den Scannern gesperrt." in said["Was geschah"]
    assert "Kommandant:" in said["Stationen jetzt"]
    assert "Aufklärungsschiff" in said["Externe Bedrohungen"]
    assert "Spiel #" in embed.footer.text

    hint = await lena.runs("d6 hint")  # private: Spanish, her client's language
    assert hint.ephemeral
    assert hint.response.content.startswith("**Sugerencia:** ")
    assert "\n*Por qué:* " in hint.response.content

    # A refusal is private and in the reader's language, though the button is in the server's.
    joined = await lena.clicks(shown.response, "Crew beitreten")
    assert joined.ephemeral
    assert joined.response.content == "Ya estás en esta tripulación."

    abandon = await lena.runs("d6 abandon")  # private confirmation, Spanish
    assert abandon.response.content.startswith("¿Abandonar la partida n.º ")
    assert labels(abandon.response) == ["Abandonar la partida"]


async def test_the_pseudo_locale_leaves_no_d6_text_untranslated(world: World, seed: int) -> None:
    """Every reader's and the server's language is the pseudo-locale: a whole game played through
    the board (dice, moves, menus, decisions), hints by button and command, and the abandon prompt.
    Left out of the check: the result message, whose frame (who it counts for) is a shared surface
    translated apart from the game's own texts."""
    store = world.bot.store
    alice = world.player("alice")
    await store.set_preference("user", alice.id, "language", PSEUDO)
    await store.set_preference("guild", world.guild.id, "language", PSEUDO)
    before = len(world.env.http_requests)

    await alice.runs("d6 new", difficulty="hard", length="fast", guide=False)
    record = await world.bot.store.active_game(world.channel.id)
    assert record is not None
    await alice.runs("d6 hint")
    await alice.runs("d6 abandon")  # asked, not confirmed
    board = message(world, record.board_message_id)
    hint = next(c["custom_id"] for c in components(board) if c["custom_id"].startswith("ds:d6:h:"))
    await alice.clicks(board, custom_id=hint)
    ended = await play_out(alice, world, record.id)
    assert ended.status != "active"
    bodies = [body for body in _bodies(world, before) if not _result(body)]

    assert len(bodies) >= 20
    assert untranslated(bodies, allowed=("alice",)) == []
    world.audit()  # every payload within Discord's limits, with the longer texts
    world.take_errors()


def _bodies(world: World, since: int) -> list[dict]:
    return [
        r.json
        for r in world.env.http_requests[since:]
        if r.method in ("POST", "PATCH") and any(route in r.path for route in MESSAGE_ROUTES) and r.json
    ]


def _result(body: dict) -> bool:
    """The result message: the one whose embed has no board picture and names who it counts for."""
    data = body.get("data", body)
    embeds = data.get("embeds") or []
    return bool(embeds) and not any(e.get("image") for e in embeds) and not data.get("components")
