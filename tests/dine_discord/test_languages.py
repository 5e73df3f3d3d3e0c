"""A Dine crew speaking three languages: each member's private views (hand, moves, hint, refusals) in
their own language, the public lobby and board in the server's, every card named in the reader's words.
"""

from __future__ import annotations

import re
from typing import Any

from cogs.dine.board import sector_lines
from cogs.dine.ids import TAKE
from core.dine.engine import danger_value, new_game
from core.dine.state import RULES_VERSION
from core.i18n import PSEUDO
from core.i18n.glossary import term
from core.i18n.pseudo import CLOSE, OPEN, pseudo
from core.tips import OFF, TIPS_KEY
from tests.support.locales import MESSAGE_ROUTES, discord_locales, untranslated
from tests.support.messages import components, message, record_of
from tests.support.scenario import Player, World

from .helpers import open_lobby, play_out, saved_of


async def board_now(world: World, game_id: int):
    return message(world, (await record_of(world, game_id)).board_message_id)


def labels(shown) -> list[str]:
    return [control.get("label") or control.get("placeholder", "") for control in components(shown)]


async def test_each_member_reads_their_own_language_and_the_board_the_servers(german_world, monkeypatch):
    world = german_world
    ann, hans, rosa = world.player("ann"), world.player("hans"), world.player("rosa")
    discord_locales(monkeypatch, {ann.id: "en-US", hans.id: "de", rosa.id: "es-ES"})

    game_id = await open_lobby(ann, world)
    lobby = await board_now(world, game_id)
    assert lobby.embeds[0].title == "Deep Space Dine · Lobby"
    assert "Drücke **Beitreten**, um an Bord zu kommen." in lobby.embeds[0].description
    for player in (hans, rosa):  # the public lobby is German for everyone, the English host included
        joined = await player.clicks(await board_now(world, game_id), "Beitreten")
        assert not joined.ephemeral
    started = await ann.clicks(await board_now(world, game_id), "Starten")
    assert not started.ephemeral

    board = await board_now(world, game_id)
    embed = board.embeds[0]
    assert [field.name for field in embed.fields][:3] == ["Sektor", "Raster", "Crew"]
    assert "· 7 von 7 Feldern auf der Schadensleiste übrig " in embed.description
    assert "· Stapel " in embed.description
    assert "Jedes Crewmitglied darf jederzeit handeln" in embed.description
    assert "Meine Hand" in labels(board)
    picture = board.attachments[0]
    assert picture.description.startswith("Sektor ")  # the alt text too

    record, saved = await saved_of(world, game_id)
    state = saved.state
    assert state is not None
    expected = {
        ann.id: ("en", "Your hand", "Refresh", "Nobody else sees this message."),
        hans.id: ("de", "Deine Hand", "Aktualisieren", "Niemand sonst sieht diese Nachricht."),
        rosa.id: ("es", "Tu mano", "Actualizar", "Nadie más ve este mensaje."),
    }
    for player in (ann, hans, rosa):
        language, title, refresh, private = expected[player.id]
        hand = await player.clicks(await board_now(world, game_id), "Meine Hand")
        assert hand.ephemeral
        shown = hand.response.embeds[0]
        seat = saved.seat_of(player.id)
        assert seat is not None
        assert shown.title == title
        assert private in shown.description
        first = state.hands[seat][0]
        assert shown.fields[0].name.startswith(term(language, "dine", "cards", first) + " · ")
        assert refresh in labels(hand.response)

    hints = {
        ann: "**Suggestion for you:**",
        hans: "**Vorschlag für dich:**",
        rosa: "**Sugerencia para ti:**",
    }
    why = {ann: "*Why:* ", hans: "*Warum:* ", rosa: "*Por qué:* "}
    for player, lead in hints.items():
        hint = await player.runs("dine hint")
        assert hint.ephemeral
        assert hint.response.content.startswith(lead)
        reason = next(line for line in hint.response.content.splitlines() if line.startswith(why[player]))
        english = {"the", "and", "it", "of"} & set(reason.removeprefix(why[player]).lower().split())
        assert (player is ann) == bool(english), reason  # the reason too is in the reader's words

    refusals = {
        ann: "You can't vote yourself out",
        hans: "Du kannst dich nicht selbst rauswählen",
        rosa: "No puedes votar tu propia expulsión",
    }
    for player, refusal in refusals.items():
        refused = await player.runs("dine vote-out", member=player.actor)
        assert refused.ephemeral
        assert refused.response.content.startswith(refusal)
    assert (await record_of(world, game_id)).version == record.version  # the refusals changed nothing
    world.take_errors()


async def test_a_move_from_a_german_hand_view_is_told_in_german(german_world, monkeypatch):
    world = german_world
    hans: Player = world.player("hans")
    discord_locales(monkeypatch, {hans.id: "de"})
    game_id = await open_lobby(hans, world)
    await hans.clicks(await board_now(world, game_id), "Starten")
    hand = await hans.clicks(await board_now(world, game_id), "Meine Hand")
    menus = [control for control in components(hand.response) if control["type"] == 3]
    assert menus
    assert menus[0]["placeholder"] == "Wähle, was du tust…"
    take = next(o for o in menus[0]["options"] if o["value"].startswith(TAKE))
    moved = await hans.picks(hand.response, [take["value"]], custom_id=menus[0]["custom_id"])
    assert re.match(r"hans spielt .+ in Reihe 1\.", moved.response.embeds[0].description)  # German
    assert moved.response.embeds[0].footer.text.startswith(f"Spiel #{game_id} · Stand ")


def shown(body: Any) -> Any:
    """`body` as a reader sees it: without select options' values (codes, never shown), and with
    every text a limit cut inside a marked (translated) part closed again where it was cut (the
    ellipsis took the closing marks, not the translation)."""
    if isinstance(body, str):
        parts = body.split("…")
        for n in range(len(parts) - 1):
            seen = "…".join(parts[: n + 1])
            parts[n] += CLOSE * max(0, seen.count(OPEN) - seen.count(CLOSE))
        return "…".join(parts)
    if isinstance(body, dict):
        option = "label" in body and "value" in body and "type" not in body
        return {key: shown(value) for key, value in body.items() if not (option and key == "value")}  # pyright: ignore[reportUnknownVariableType]
    if isinstance(body, list):
        return [shown(item) for item in body]  # pyright: ignore[reportUnknownVariableType]
    return body


async def test_a_whole_game_in_the_pseudo_locale_leaves_nothing_untranslated(world: World) -> None:
    """Every reader's language is the pseudo-locale: the lobby, the start, hand views, moves and their
    payments, the public board and its log, a hint, a refusal, the rules and the result all come out
    marked and 40 % longer, and every payload stays within Discord's limits (`world.audit`)."""
    store = world.bot.store
    ann, ben = world.player("ann"), world.player("ben")
    for player in (ann, ben):
        await store.set_preference("user", player.id, "language", PSEUDO)
        await store.set_preference("user", player.id, TIPS_KEY, OFF)  # the tips' own surface is not Dine's
    await store.set_preference("guild", world.guild.id, "language", PSEUDO)
    before = len(world.env.http_requests)

    game_id = await open_lobby(ann, world, guide=False)
    await ben.clicks(await board_now(world, game_id), pseudo("Join"))
    await ann.clicks(await board_now(world, game_id), pseudo("Start"))
    await ann.runs("dine hint")
    await ben.runs("dine vote-out", member=ben.actor)  # refused: one cannot vote oneself out
    await ann.runs("dine rules")
    record = await play_out(world, game_id, [ann, ben], say=pseudo)
    assert record.status != "active"

    bodies = [
        shown(r.json)
        for r in world.env.http_requests[before:]
        if r.method in ("POST", "PATCH") and any(route in r.path for route in MESSAGE_ROUTES)
    ]
    assert len(bodies) > 20
    assert untranslated(bodies, allowed=("ann", "ben")) == []
    world.audit()
    world.take_errors()  # the refusal


async def test_a_card_is_looked_up_and_shown_in_the_readers_words(german_world, monkeypatch):
    world = german_world
    hans, rosa = world.player("hans"), world.player("rosa")
    discord_locales(monkeypatch, {hans.id: "de", rosa.id: "es-ES"})
    german = await hans.runs("dine card", name="fusionskern")  # its German name
    embed = german.response.embeds[0]
    assert german.ephemeral
    assert embed.title == "Fusionskern"
    assert embed.description == "*Stationskarte (Reaktor)*"
    assert [field.name for field in embed.fields] == ["Normale Seite", "Aufgewertete Seite"]
    assert embed.fields[0].value.startswith("Fusionskern (Reaktor Stufe ")
    spanish = await rosa.runs("dine card", name="Fusion Core")  # the English name finds it too
    assert spanish.response.embeds[0].title == term("es", "dine", "cards", "reactor-1")
    assert spanish.response.embeds[0].fields[0].name == "Cara normal"
    unknown = await rosa.runs("dine card", name="Flux capacitor")
    assert unknown.response.content.startswith("No conozco ninguna carta llamada «Flux capacitor».")
    suggested = await hans.actor.autocomplete(world.channel, "dine card", "name", "fusion")
    assert "Fusionskern" in [choice["name"] for choice in suggested]
    world.take_errors()


async def test_a_refusal_names_the_option_and_choice_as_the_readers_discord_shows_them(
    german_world, monkeypatch
):
    """A review: a German player who picked a difficulty for the starter game read "nimm `mode: normal`",
    but their Discord shows the option `modus` and the choice "normales Spiel (Schwierigkeit wählen)"."""
    world = german_world
    ann, hans, rosa = (world.player(name) for name in ("Ann", "Hans", "Rosa"))
    discord_locales(monkeypatch, {ann.id: "en-US", hans.id: "de", rosa.id: "es-ES"})

    refusals = [(await who.runs("dine new", difficulty="Margherita")).response for who in (ann, hans, rosa)]

    assert all(refusal.ephemeral for refusal in refusals)
    assert [refusal.content for refusal in refusals] == [
        "The starter game has no difficulty to choose; pick `mode: normal game (pick a difficulty)` to "
        "choose one.",
        "Das Einsteigerspiel hat keine wählbare Schwierigkeit; nimm `modus: normales Spiel (Schwierigkeit "
        "wählen)`, um eine zu wählen.",
        "La partida de iniciación no tiene dificultad que elegir; escoge `modo: partida normal (elige la "
        "dificultad)` para elegir una.",
    ]
    assert await world.bot.store.active_game(world.channel.id) is None
    assert len(world.take_errors()) == 3


def test_a_danger_of_one_reads_card_not_cards() -> None:
    """German read "**0/1** Karten in der aktuellen Reihe" where the alt text said "0 von 1 Karte"."""
    one = new_game(5, level="Salad", crew=1, rules_version=RULES_VERSION)  # its first sector: danger 1
    five = new_game(1, starter=True, crew=1, rules_version=RULES_VERSION)  # Flight to Orion: danger 5
    assert (danger_value(one), danger_value(five)) == (1, 5)
    said = [(sector_lines(one, locale), sector_lines(five, locale)) for locale in ("en", "de", "es")]
    assert "**0/1** card in the current row" in said[0][0]
    assert "**0/5** cards in the current row" in said[0][1]
    assert "**0/1** Karte in der aktuellen Reihe" in said[1][0]
    assert "**0/5** Karten in der aktuellen Reihe" in said[1][1]
    assert "**0/1** carta en la fila actual" in said[2][0]
    assert "**0/5** cartas en la fila actual" in said[2][1]
