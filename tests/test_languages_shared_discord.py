"""The shared surfaces in the players' languages, through the real bot in the offline Discord: a ranked
daily attempt of each game from `/daily` to its result, shared (Share button and `/daily share`), the
daily post, `/d6 rules` and `/dine rules` topics, and the tips frame.

The pseudo-locale run (`speak`) shows that none of these reaches Discord without a catalogue and that
every payload stays within Discord's limits with texts 40 % longer. What the games draw themselves
(boards, hand views, the result's own title, text and figures: `core/render/d6_*`, `dine_*`, the game
cogs) is being translated separately, so these tests look only at the shared parts of each message:
the whole of every answer, post and thread name the shared code makes, and on a result message its
players' fields and Share button. The German and Spanish runs show each text reaching the right
reader: private answers in the player's language, public posts in the server's.
"""

from __future__ import annotations

from typing import Any

import discord
import pytest
import simcord

from cogs.daily.post import post_due
from cogs.dine.ids import PAY, TAKE
from cogs.dine.play import load as load_dine
from core.dine.ai import heuristic as dine_heuristic
from core.dine.codes import encode as dine_code
from core.i18n import PSEUDO
from core.storage import GameRecord
from tests.dine_discord.helpers import message, open_lobby, record_of
from tests.support.locales import discord_locales, speak, untranslated
from tests.support.messages import components
from tests.support.scenario import Player, World
from tests.test_daily_discord import attempt_record, play_d6_to_the_end, take_daily, thread_message

pytestmark = pytest.mark.simcord(settle_timeout=180)
NAMES = ("Alice", "Admin")


@pytest.fixture
def customise_bot():
    seeds = iter(range(300, 10_000))

    def fixed(bot) -> None:
        bot.new_seed = lambda: next(seeds)
        bot.board_edit_seconds = 0
        bot.loop_seconds = 3600  # a day passes in these tests: the background jobs look hourly

    return fixed


def shown(message: Any) -> dict[str, Any]:
    """A message as the body Discord was sent for it: its content, embeds and components."""
    return {
        "content": message.content or "",
        "embeds": [embed.to_dict() for embed in message.embeds],
        "components": components(message),
    }


def thread_of(world: World, channel_id: int) -> Any:
    return next(t for t in world.channel.threads if t.id == channel_id)


def result_message(world: World, channel_id: int) -> discord.Message:
    """A finished game's result in its thread: the last message with an embed."""
    return [m for m in thread_of(world, channel_id).history() if m.embeds][-1]


def shared_part(message: discord.Message) -> dict[str, Any]:
    """What the shared code adds to a game's result: who played (the last fields) and Share."""
    embed = message.embeds[0]
    players = [f for f in embed.fields if f.value.startswith("<@") or f.value == "—"]
    return {
        "embeds": [{"fields": [{"name": f.name, "value": f.value} for f in players]}],
        "components": components(message),
    }


def share_posts(world: World, player: Player) -> list[discord.Message]:
    """The share posts naming `player` in #general (a headline, the outcome, the strip…)."""
    return [m for m in world.channel.history() if f"<@{player.id}>" in (m.content or "") and not m.embeds]


def answers(result: simcord.InteractionResult) -> list[dict[str, Any]]:
    """The answer and follow-ups of an interaction (the ones a command of the shared code sends)."""
    found = [result.response, *result.followups]
    return [shown(m) for m in found if m is not None]


async def play_dine_to_the_end(world: World, player: Player, game_id: int) -> GameRecord:
    """A solo Dine game played through the player's hand view (opened from the board for each try,
    so it shows the current version), by custom ids and option values, whatever language labels it."""
    for _ in range(3000):
        record = await world.bot.store.get_game(game_id)
        assert record is not None
        if record.status != "active":
            return record
        state = load_dine(record).state
        assert state is not None
        await use(world, player, record, dine_code(state, dine_heuristic(state).action))
    raise AssertionError(f"game {game_id} did not end")


async def hand_view(world: World, player: Player, record: GameRecord) -> Any:
    board = thread_message(world, record.channel_id, record.board_message_id)
    hand = next(c for c in components(board) if c.get("custom_id", "").startswith("ds:dine:h:"))
    return (await player.clicks(board, custom_id=hand["custom_id"])).response


async def use(world: World, player: Player, record: GameRecord, code: str) -> None:
    """Take the move coded `code`: its button, its menu entry, or its entry under one of its payments."""
    view = await hand_view(world, player, record)
    for control in components(view):
        custom_id = control.get("custom_id", "")
        if control["type"] == 2 and custom_id.split(":")[2] == "a" and custom_id.endswith(f".{code}"):
            await player.clicks(view, custom_id=custom_id)
            return
    menus = [c for c in components(view) if c["type"] == 3]
    for menu in menus:
        if TAKE + code in [option["value"] for option in menu["options"]]:
            await player.picks(view, [TAKE + code], custom_id=menu["custom_id"])
            return
    groups = [(m["custom_id"], o["value"]) for m in menus for o in m["options"] if o["value"].startswith(PAY)]
    for custom_id, value in groups:
        view = await hand_view(world, player, record)
        picked = (await player.picks(view, [value], custom_id=custom_id)).response
        for menu in (c for c in components(picked) if c["type"] == 3):
            if TAKE + code in [option["value"] for option in menu["options"]]:
                await player.picks(picked, [TAKE + code], custom_id=menu["custom_id"])
                return
    raise AssertionError(f"move {code} is not offered in the hand view")


async def daily_to_the_end(world: World, player: Player, game: str) -> tuple[Any, GameRecord]:
    ready = await take_daily(player, game)
    record = await attempt_record(world, game, player)
    play = play_d6_to_the_end if game == "d6" else play_dine_to_the_end
    return ready, await play(world, player, record.id)


async def the_daily_post(world: World) -> discord.Embed:
    """Tomorrow's daily post in #general (its hour set to 09:00 UTC beforehand)."""
    with world.env.time_context():
        now = discord.utils.utcnow()
    await world.env.advance_time((24 - now.hour + 9) * 3600 - now.minute * 60 + 60)
    await post_due(world.bot)
    return [m for m in world.channel.history() if m.embeds][-1].embeds[0]


def tip_of(result: simcord.InteractionResult) -> Any:
    return next(note for note in result.followups if note.content.startswith("💡"))


def tip_buttons(tip: Any) -> list[str]:
    return [c["custom_id"] for c in components(tip)]


async def test_the_pseudo_locale_leaves_no_shared_surface_untranslated(world: World) -> None:
    alice, admin = world.player("Alice"), world.player("Admin", roles=[managers(world)])
    await speak(world, PSEUDO, alice, admin)
    bodies: list[Any] = []

    bodies += answers(await admin.runs("daily post", hour=9))
    for game in ("d6", "dine"):
        ready, record = await daily_to_the_end(world, alice, game)
        bodies += answers(ready)
        bodies.append({"name": thread_of(world, record.channel_id).name})
        result = result_message(world, record.channel_id)
        bodies.append(shared_part(result))
        if game == "d6":  # shared with its button, which then says it is shared
            (button,) = components(result)
            clicked = await alice.clicks(result, custom_id=button["custom_id"])
            bodies += [shown(note) for note in clicked.followups]  # its answer edits the game's result
            bodies.append(shared_part(result_message(world, record.channel_id)))
            bodies += answers(await alice.runs("daily share", game="d6"))  # refused: shared here already
        else:
            bodies += answers(await alice.runs("daily share", game="dine"))  # posted here, in public
    posts = share_posts(world, alice)
    assert len(posts) == 2
    bodies += [shown(post) for post in posts]
    bodies += answers(await admin.runs("daily share"))  # refused: nothing to share
    for game, topics in (("d6", ("Goal", "Stations")), ("dine", ("Goal", "Playing cards"))):
        bodies += answers(await alice.runs(f"{game} rules"))
        for topic in topics:
            bodies += answers(await alice.runs(f"{game} rules", topic=topic))
    started = await admin.runs("d6 new")  # a first game guides its player: the tips frame
    tip = tip_of(started)
    bodies.append(shown(tip))
    bodies += answers(await admin.clicks(tip, custom_id=tip_buttons(tip)[1]))  # no more tips
    bodies.append({"embeds": [(await the_daily_post(world)).to_dict()]})
    bodies += answers(await admin.runs("daily stop-posting"))

    assert len(bodies) >= 20
    left = untranslated(bodies, allowed=NAMES)
    assert left == [], "\n".join(left)
    world.audit()  # every payload within Discord's limits with the pseudo-locale's longer texts
    assert len(world.take_errors()) == 2  # the two refused /daily share


def managers(world: World) -> discord.Role:
    return world.guild.create_role("managers", permissions=discord.Permissions(manage_guild=True))


async def test_a_german_player_in_a_spanish_server(spanish_world: World, monkeypatch) -> None:
    """Private answers in German (the player's client), and so is everything in his daily attempt's
    private thread, which nobody else reads; public posts in Spanish (the server's)."""
    world = spanish_world
    hans, admin = world.player("Hans"), world.player("Admin", roles=[managers(world)])
    discord_locales(monkeypatch, {hans.id: "de"})
    await admin.runs("daily post", hour=9)

    ready, record = await daily_to_the_end(world, hans, "d6")
    assert ready.response.content.startswith(
        "Dein gewerteter Versuch der heutigen Herausforderung von Deep Space D-6"
    )
    assert f"ist bereit in deinem privaten Thread <#{record.channel_id}>." in ready.response.content
    assert thread_of(world, record.channel_id).name.startswith("Deep Space D-6 Tages-Herausforderung ")
    board = thread_message(world, record.channel_id, record.board_message_id)
    assert board.embeds[0].footer.text.startswith(f"Spiel #{record.id} · ")
    result = result_message(world, record.channel_id)  # in his thread: his language
    names = [field.name for field in result.embeds[0].fields]
    assert "Gespielt" in names
    (button,) = components(result)
    assert button["label"] == "Teilen"
    shared = await hans.clicks(result, custom_id=button["custom_id"])
    assert shared.followups[-1].content.startswith(f"Geteilt in <#{world.channel.id}>: https://discord.com/")
    (post,) = share_posts(world, hans)
    assert post.content.startswith(f"**Deep Space D-6 desafío diario n.º 1** · <@{hans.id}>\n")
    assert "· puntuación " in post.content
    assert "-# Arriba: el casco al final de cada ronda" in post.content
    # the public post mentions the command: a German or English reader's Discord names it in their
    # language (it read "`/diario d6`", the server's Spanish, to everyone)
    assert post.content.endswith(
        f"-# Te toca: {await world.mention('daily d6')}, el mismo reparto para todos, uno nuevo cada día."
    )
    (done,) = components(result_message(world, record.channel_id))
    assert done["label"] == "Geteilt"
    again = await hans.runs("daily share")
    assert again.response.content.startswith(
        f"Du hast dieses Ergebnis schon in <#{world.channel.id}> geteilt"
    )

    rules = await hans.runs("d6 rules", topic="Stations")
    assert rules.ephemeral
    embed = rules.response.embeds[0]
    assert embed.title == "Deep Space D-6 · Stationen"
    assert embed.footer.text.startswith("Themen: Ziel · ")

    started = await hans.runs("d6 new", guide=True)
    tip = tip_of(started)
    assert [c["label"] for c in components(tip)] == ["Verstanden", "Keine Tipps mehr"]
    assert "\n-# Mehr: `/d6 regeln thema: " in tip.content
    stopped = await hans.clicks(tip, custom_id=tip_buttons(tip)[1])
    assert "**Tipps sind aus: keine Tipps mehr in allen Spielen." in stopped.response.content

    daily = await the_daily_post(world)  # public: Spanish
    assert daily.title.startswith("Deep Space desafío diario · ")
    fields = {field.name: field.value for field in daily.fields}
    assert f"<@{hans.id}>" in fields["Podio de ayer · Deep Space D-6"]
    assert fields["Podio de ayer · Deep Space Dine"] == "Aquí nadie lo jugó."
    assert f"Juégalo con {await world.mention('daily dine')}." in fields["Hoy · Deep Space Dine"]
    assert (
        daily.footer.text
        == "Un intento clasificado por jugador, juego y día; el mismo reparto para todos. Un intento cuenta"
        " el día de su desafío, aunque termine después de medianoche (UTC)."
    )
    assert len(world.take_errors()) == 1  # the second share

    await take_daily(hans, "dine")  # his Dine attempt's thread speaks German too, buttons and all
    dine = await attempt_record(world, "dine", hans)
    dine_board = thread_message(world, dine.channel_id, dine.board_message_id)
    assert "Meine Hand" in [c.get("label") for c in components(dine_board)]
    assert "Mi mano" not in str(dine_board.embeds[0].to_dict())


async def test_private_texts_name_the_spanish_boards_buttons_as_a_german_player_sees_them(
    spanish_world: World, monkeypatch
) -> None:
    """The board speaks the server's Spanish, a refusal and a tip the reader's German: each button a
    private text names is followed by its label on the board, so "**Starten**" points at "Empezar"."""
    world = spanish_world
    ana, hans = world.player("Ana"), world.player("Hans")
    discord_locales(monkeypatch, {hans.id: "de", ana.id: "es"})
    game_id = await open_lobby(ana, world)
    lobby = message(world, (await record_of(world, game_id)).board_message_id)
    joined = await hans.clicks(lobby, "Unirse")
    assert not joined.ephemeral
    lobby = message(world, (await record_of(world, game_id)).board_message_id)
    refused = await hans.clicks(lobby, "Empezar")
    assert refused.ephemeral
    assert refused.response.content == (
        "Nur der Gastgeber kann das Spiel starten; es beginnt, wenn er **Starten** (Empezar) drückt."
    )
    ana_refused = await ana.runs("dine hint")  # the same language as the board: nothing added
    assert ana_refused.response.content == (  # Ana hosts: she is told to press it herself
        "La partida aún no ha empezado: pulsa **Empezar** en la sala cuando estéis todos."
    )
    await ana.clicks(lobby, "Empezar")
    board = message(world, (await record_of(world, game_id)).board_message_id)
    hand = await hans.clicks(board, "Mi mano")  # his first game: guided, with the first tip
    assert hand.ephemeral
    assert "**Meine Hand** (Mi mano) (oder `/dine hand`)" in tip_of(hand).content
    assert len(world.take_errors()) == 1  # the /dine hint in the lobby


def test_a_button_is_glossed_once_however_often_a_text_is_glossed() -> None:
    from cogs.ui.buttons import board_words

    once = board_words("press **Start** now", "en", "de", ["Start"])
    assert once == "press **Start** (Starten) now"
    assert board_words(once, "en", "de", ["Start"]) == once
    assert board_words("press **Starting** now", "en", "de", ["Start"]) == "press **Starting** now"
