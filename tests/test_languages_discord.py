"""Players and servers in their own languages, through the real bot in the offline Discord.

Private answers are in the reader's language (their `/settings language`, else their client's);
public ones in the server's (its setting, else its preferred locale). The pseudo-locale run shows
that nothing on the translated surfaces reaches Discord without a catalogue, within Discord's limits.
"""

from __future__ import annotations

import discord

from core.i18n import PSEUDO
from tests.support.locales import MESSAGE_ROUTES, discord_locales, speak, untranslated
from tests.support.scenario import World
from tests.test_standings import finished_d6


def fields(shown) -> dict[str, str]:
    return {field.name: field.value for field in shown.response.embeds[0].fields}


def labels(shown) -> list[str]:
    return [child["label"] for row in shown.response.components for child in row["components"]]


async def test_a_german_player_in_a_spanish_server(spanish_world: World, monkeypatch) -> None:
    world = spanish_world
    hans, ann = world.player("hans"), world.player("ann")
    discord_locales(monkeypatch, {hans.id: "de", ann.id: "en-US"})
    await finished_d6(world.bot.store, 3, hans.id, guild=world.guild.id, channel=7003)

    about = await hans.runs("about")  # public: the server's language
    assert not about.ephemeral
    embed = about.response.embeds[0]
    assert embed.description.startswith("Jugad aquí mismo en Discord")
    # a mention: each reader's Discord names the command in their own language, not the server's
    assert (
        fields(about)["Deep Space D-6 (en solitario o en tripulación con dados compartidos)"]
        == f"Empieza con {await world.mention('d6 new')}."
    )
    assert "**Español** (idioma de Discord del servidor)" in fields(about)["Idiomas"]
    assert labels(about) == ["Deep Space Dine en breve", "Deep Space D-6 en breve"]

    gist = await hans.clicks(about.response.message, "Deep Space D-6 en breve")  # private: his own
    assert gist.ephemeral
    assert gist.response.embeds[0].description.startswith("Führe ein Schiff mit sechs Crewwürfeln.")
    assert fields(gist)["Spieler"] == "solo oder als Crew mit gemeinsamen Würfeln"

    board = await hans.runs("leaderboard", game="d6", period="all", scope="server")
    assert not board.ephemeral
    embed = board.response.embeds[0]
    assert embed.title == "Deep Space D-6 · histórico · este servidor"
    assert f"<@{hans.id}> — " in embed.description
    assert "puntuación **" in embed.description
    assert " rondas · " in embed.description or " ronda · " in embed.description
    assert fields(board)["Tú"] == "n.º 1 de 1, en la lista de arriba"
    assert embed.footer.text.startswith(
        "Partidas jugadas en este servidor. Cuenta la mejor partida de cada jugador, ordenada así: una "
        "victoria, luego la partida más difícil"
    )

    stats = await hans.runs("stats")
    assert stats.ephemeral
    assert stats.response.embeds[0].title == "Statistik von hans"
    assert "Tagesserie: **0** (beste 0)" in fields(stats)["Deep Space D-6"]
    assert "gewonnen (" in fields(stats)["Deep Space D-6"]

    error = await hans.runs("d6 board")  # no game here: a polite refusal, in his language
    assert error.ephemeral
    assert error.response.content == (
        f"In diesem Kanal läuft kein Spiel Deep Space D-6. Starte eins mit {await world.mention('d6 new')}."
    )
    same = await ann.runs("d6 board")
    assert same.response.content == (
        f"There is no Deep Space D-6 game in this channel. Start one with {await world.mention('d6 new')}."
    )
    assert (await ann.runs("stats")).response.embeds[0].title == "Stats of ann"
    world.take_errors()  # the two refusals


async def test_settings_language_for_oneself_and_for_the_server(world: World) -> None:
    store = world.bot.store
    managers = world.guild.create_role("managers", permissions=discord.Permissions(manage_guild=True))
    ana, boss = world.player("ana"), world.player("boss", roles=[managers])

    shown = await ana.runs("settings language")  # no choice: what is in effect, and why
    assert shown.ephemeral
    assert shown.response.content == (
        "To you: **English** (your Discord language).\n"
        "In this server's public posts: **English** (the server's Discord language)."
    )

    done = await ana.runs("settings language", language="de")
    assert done.response.content == "Ab jetzt antworte ich dir auf **Deutsch**."
    assert await store.preferences("user", ana.id) == {"language": "de"}
    assert (await ana.runs("stats")).response.embeds[0].title == "Statistik von ana"

    refused = await ana.runs("settings language", language="es", scope="server")
    assert refused.ephemeral
    command = await world.mention("settings language")
    assert refused.response.content == (  # who may, and what the member may do instead
        "Nur Mitglieder mit der Berechtigung „Server verwalten“ können die Sprache dieses Servers "
        "einstellen: Frag eine von ihnen. Die Sprache, in der ich mit dir spreche, wählst du selbst: "
        f"{command} ohne Bereich."
    )
    assert await store.preferences("guild", world.guild.id) == {}  # nothing changed

    done = await boss.runs("settings language", language="es", scope="server")
    assert done.ephemeral
    assert done.response.content == "This server's public posts are now in **Español**."  # boss reads English
    assert await store.preferences("guild", world.guild.id) == {"language": "es"}
    about = await ana.runs("about")
    assert about.response.embeds[0].description.startswith("Jugad aquí mismo en Discord")
    assert "**Español** (elección de este servidor)" in fields(about)["Idiomas"]
    shown = await ana.runs("settings language")
    assert shown.response.content == (
        "Mit dir: **Deutsch** (deine Einstellung).\n"
        "In öffentlichen Beiträgen dieses Servers: **Español** (Einstellung dieses Servers)."
    )

    forgot = await boss.runs("settings language", language="auto", scope="server")
    assert forgot.response.content == (
        "This server's language setting is forgotten: its public posts follow the server's Discord "
        "language, **English**."
    )
    assert await store.preferences("guild", world.guild.id) == {}
    forgot = await ana.runs("settings language", language="auto")
    assert forgot.response.content == (
        "Your language setting is forgotten: I answer you in your Discord language, **English**."
    )
    assert await store.preferences("user", ana.id) == {}
    world.take_errors()  # the refusal


async def test_outside_a_server_only_ones_own_language_can_be_set(world: World) -> None:
    dee = world.env.create_user("dee")
    refused = await dee.slash("settings language", language="es", scope="server")
    world.audit()
    assert refused.ephemeral
    assert refused.response.content == (
        f"There is no server here: {await world.mention('settings language')} sets only your own language "
        "in a private message."
    )
    done = await dee.slash("settings language", language="es")
    world.audit()
    assert done.response.content == "A partir de ahora te respondo en **Español**."
    assert await world.bot.store.preferences("user", dee.id) == {"language": "es"}
    world.take_errors()


async def test_the_pseudo_locale_leaves_nothing_untranslated_and_within_discords_limits(world: World) -> None:
    """Every reader's language is the pseudo-locale: each translated text comes out marked and 40 %
    longer, so what is left unmarked never went through a catalogue."""
    store = world.bot.store
    alice, bob = world.player("alice"), world.player("bob")
    await speak(world, PSEUDO, alice, bob)
    before = len(world.env.http_requests)

    await bob.runs("leaderboard", game="d6", period="all", scope="server")  # empty
    for seed in (1, 2):
        await finished_d6(store, seed, alice.id, guild=world.guild.id, channel=7000 + seed)
    await finished_d6(store, 4, bob.id, guild=world.guild.id, channel=7004)
    about = await alice.runs("about")
    await bob.clicks(about.response.message, custom_id="ds:about:d6")
    await alice.runs("leaderboard", game="d6", period="all", scope="server")
    await bob.runs("leaderboard", game="dine", period="week", scope="global")
    await alice.runs("stats")
    await bob.runs("stats", user=alice.actor)
    await alice.runs("settings language")
    await alice.runs("settings language", language="en", scope="server")  # refused: no permission
    await alice.runs("d6 board")  # refused: no game
    await alice.runs("dine hand")  # refused: no game
    admins = world.guild.create_role("admins", permissions=discord.Permissions(administrator=True))
    root = world.player("root", roles=[admins])
    await speak(world, PSEUDO, root)
    await root.runs("sync")  # refused: not one of the bot's owners

    bodies = [
        r.json
        for r in world.env.http_requests[before:]
        if r.method in ("POST", "PATCH") and any(route in r.path for route in MESSAGE_ROUTES)
    ]
    assert len(bodies) >= 12
    assert untranslated(bodies, allowed=("alice", "bob", "root")) == []
    world.audit()  # every payload within Discord's limits, with the pseudo-locale's longer texts

    await store.set_preference("user", bob.id, "language", "en")  # the check does see English
    before = len(world.env.http_requests)
    await bob.runs("stats")
    english = [r.json for r in world.env.http_requests[before:] if "/callback" in r.path]
    assert any("'Stats'" in word for word in untranslated(english, allowed=("bob",)))
    world.take_errors()
