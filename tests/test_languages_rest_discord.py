"""The last English a player met in Discord, now in their language: refusals of people not on the crew,
answers to outdated controls, "saved but not shown" notices, the confirm buttons of `/d6 abandon` and
`/dine end`, and the daily challenge's "one ranked attempt" refusal.

Each scenario runs in the pseudo-locale (server and players), so any text that reached Discord without
a catalogue shows up in `untranslated`; the audit checks Discord's limits with its longer texts.
"""

from __future__ import annotations

from typing import Any

import pytest

from cogs.d6.ids import FAMILY as D6_CONTROLS
from cogs.dine.ids import FAMILY as DINE_CONTROLS
from cogs.ui.controls import outdated_answer
from cogs.ui.moves import RESULT_NOT_POSTED
from core.i18n import PSEUDO, t
from core.i18n.glossary import glossary
from core.i18n.pseudo import OPEN, pseudo
from tests.support.locales import speak, untranslated
from tests.support.messages import components, message, record_of
from tests.support.scenario import Unaudited, World, forgive_the_retry
from tests.test_languages_discord import MESSAGE_ROUTES

from .dine_discord.helpers import open_lobby


@pytest.mark.parametrize(("custom_id", "command"), [("ds:d6:z:1:1:", "d6"), ("ds:dine:z:1:1:", "dine")])
def test_an_outdated_control_is_answered_in_the_readers_language(custom_id: str, command: str) -> None:
    """(Simcord lets a player click only controls the bot drew; tests/test_wire.py clicks old ones.)"""
    assert (D6_CONTROLS.kind, DINE_CONTROLS.kind) == ("d6", "dine")  # both games' controls are known
    assert untranslated([{"content": outdated_answer(custom_id, PSEUDO)}]) == []
    assert outdated_answer(custom_id, "de") == (
        "Dieses Bedienelement stammt von einer älteren Version des Bots. "
        f"Nutze `/{command} brett`, um ein frisches Spielbrett zu bekommen."
    )
    assert outdated_answer("ds:mystery:1", "es").startswith("Ese control es de otra versión del bot")


def sent_since(world: World, before: int) -> list[Any]:
    """The bodies of every message the bot posted or edited since request `before`."""
    return [
        r.json
        for r in world.env.http_requests[before:]
        if r.method in ("POST", "PATCH") and any(route in r.path for route in MESSAGE_ROUTES)
    ]


def first_button(shown: Any) -> str:
    return next(c["custom_id"] for c in components(shown) if c["type"] == 2 and not c.get("disabled"))


async def test_d6_refusals_outdated_controls_and_abandoning_leave_no_english(world: World) -> None:
    alice, sam = world.player("alice"), world.player("sam")
    await speak(world, PSEUDO, alice, sam)
    before = len(world.env.http_requests)
    await alice.runs("d6 new")
    record = await world.bot.store.active_game(world.channel.id)
    assert record is not None
    board = message(world, record.board_message_id)

    refused = await sam.clicks(board, custom_id=first_button(board))  # not on the crew
    asked = await alice.runs("d6 abandon")
    world.env.inject_error("POST", "/webhooks/*", status=500, times=1)  # the result as the answer
    world.env.inject_error("POST", "/channels/*/messages", status=500, times=1)  # and as the bot's own
    done = await alice.clicks(asked.response.message, t(PSEUDO, "Abandon the game"))

    assert refused.ephemeral
    assert refused.response.content.startswith(pseudo("This is <@")[:3])
    assert (await record_of(world, record.id)).status == "abandoned"
    note = t(PSEUDO, RESULT_NOT_POSTED)
    assert [m.content for m in done.followups] == [note]
    world.take_errors()
    assert untranslated(sent_since(world, before), allowed=("alice", "sam")) == []
    world.audit()


async def test_dine_refusals_saved_notices_and_ending_leave_no_english(world: World) -> None:
    ann, sam = world.player("Ann"), world.player("Sam")
    await speak(world, PSEUDO, ann, sam)
    before = len(world.env.http_requests)
    game_id = await open_lobby(ann, world)
    lobby = message(world, (await record_of(world, game_id)).board_message_id)

    world.env.inject_error("POST", "/interactions/*/*/callback", status=500, times=1)
    joined = await Unaudited(world, sam.actor).clicks(lobby, t(PSEUDO, "Join"))  # saved, not shown
    forgive_the_retry(world)
    await sam.clicks(message(world, (await record_of(world, game_id)).board_message_id), t(PSEUDO, "Leave"))
    board = message(world, (await record_of(world, game_id)).board_message_id)
    await ann.clicks(board, t(PSEUDO, "Start"))
    board = message(world, (await record_of(world, game_id)).board_message_id)
    refused = await sam.clicks(board, t(PSEUDO, "My hand"))  # not on the crew
    asked = await ann.runs("dine end")
    done = await ann.clicks(asked.response.message, t(PSEUDO, "End the game"))

    assert joined.ephemeral
    assert refused.ephemeral
    assert joined.response.content.startswith(t(PSEUDO, "Saved, but Discord did not show it.")[:8])
    assert (await record_of(world, game_id)).status == "abandoned"
    assert done.response.content == t(PSEUDO, "The game is over and counts as a loss.")
    world.take_errors()
    assert untranslated(sent_since(world, before), allowed=("Ann", "Sam")) == []
    world.audit()


async def test_daily_challenges_leave_no_english(world: World) -> None:
    alice = world.player("alice")
    await speak(world, PSEUDO, alice)
    before = len(world.env.http_requests)
    for game in ("d6", "dine"):
        taken = await alice.runs(f"daily {game}")
        again = await alice.runs(f"daily {game}", practice=True)  # refused: the ranked attempt runs
        assert taken.ephemeral
        assert again.ephemeral
        assert again.response.content.startswith(pseudo("Your ranked attempt")[:8])
    world.take_errors()
    assert untranslated(sent_since(world, before), allowed=("alice",)) == []
    world.audit()


async def test_a_dine_help_card_looked_up_leaves_no_english(world: World) -> None:
    alice = world.player("alice")
    await speak(world, PSEUDO, alice)
    before = len(world.env.http_requests)
    # found by its English name in any language; (the other help card's long "After Each Action" side
    # is clipped at Discord's field limit in the 40 % longer pseudo-locale, cutting off its end mark:
    # its German and Spanish are checked in tests/test_i18n.py)
    shown = await alice.runs("dine card", name="Procure Ingredient")
    assert shown.ephemeral
    assert shown.response.embeds[0].fields[0].value == pseudo(
        glossary("en")["dine"]["help_texts"]["procure-ingredient:front"]
    )
    german = ("Zutat beschaffen", "Die letzte Grenze")  # the publisher's names, beside each side's own
    assert untranslated(sent_since(world, before), allowed=german) == []
    world.audit()


async def test_a_dine_lobby_kick_hint_and_vote_out_leave_no_english(world: World) -> None:
    ann, ben = world.player("Ann"), world.player("Ben")
    await speak(world, PSEUDO, ann, ben)
    before = len(world.env.http_requests)
    game_id = await open_lobby(ann, world)
    await ben.clicks(message(world, (await record_of(world, game_id)).board_message_id), t(PSEUDO, "Join"))
    lobby = message(world, (await record_of(world, game_id)).board_message_id)
    (kick,) = [c for c in components(lobby) if c["type"] == 3]
    await ann.picks(lobby, [str(ben.id)], custom_id=kick["custom_id"])  # the host removes Ben
    await ben.clicks(message(world, (await record_of(world, game_id)).board_message_id), t(PSEUDO, "Join"))
    await ann.clicks(message(world, (await record_of(world, game_id)).board_message_id), t(PSEUDO, "Start"))
    hint = await ann.runs("dine hint")
    vote = await ben.runs("dine vote-out", member=ann.actor)  # refused: Ann is not idle
    assert hint.ephemeral
    assert vote.ephemeral
    assert vote.response.content.startswith(OPEN)
    assert len(sent_since(world, before)) >= 7
    world.take_errors()
    assert untranslated(sent_since(world, before), allowed=("Ann", "Ben")) == []
    world.audit()
