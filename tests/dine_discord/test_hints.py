"""`/dine hint` read as the member reads it: their move, a reason in the game's words that is not
the move again (for the expert crew, with what its playouts saw), the close second where there is
one, and which crew thought about it (issue 17 item 3)."""

from __future__ import annotations

import re

from core.dine.ai import heuristic
from core.i18n import t
from core.render import dine_hint
from core.render.dine_hint import BY_EXPERT, BY_HEURISTIC
from core.render.dine_text import describe
from tests.support.locales import discord_locales
from tests.support.messages import message, record_of
from tests.test_hint_checker import reason_problems

from .helpers import Hands, open_lobby, owner, perform, saved_of, start_game


async def test_the_quick_hint_says_why_and_names_the_close_second(world) -> None:
    world.bot.hint_seconds = 0  # the heuristic answers
    alice, bob = world.player("Alice"), world.player("Bob")
    game_id = await start_game(world, [alice, bob])
    hands = Hands(world, game_id)
    for _ in range(60):  # play on until Alice has a move with a close second
        record, saved = await saved_of(world, game_id)
        state = saved.state
        assert state is not None
        expected = dine_hint.hint(state, saved.seats_for(alice.id))
        if expected is not None and expected.second_move:
            break
        action = heuristic(state).action
        await perform(hands, owner(saved, action, [alice, bob]), action)
    assert expected is not None
    assert expected.second_move, "no close second within 60 moves"

    shown = await alice.runs("dine hint")

    lines = shown.response.content.split("\n")
    assert shown.ephemeral
    mine = saved.seats_for(alice.id)
    # the asker's own move without "Crew 1:", a vacant seat's they play with its holder's name
    assert lines[0] == f"**Suggestion for you:** {describe(state, expected.action, mine).deed}"
    assert lines[1] == f"*Why:* {expected.why}"
    second = describe(state, expected.second, mine, names=saved.names_in_text())
    said = second.deed if second.seat == mine[0] else second.text
    assert lines[2] == f"*Close second:* {said}. {expected.second_why}"
    assert lines[-1] == BY_HEURISTIC  # which crew thought about it
    assert reason_problems(expected.move, expected.why) == []
    assert reason_problems(expected.second_move, expected.second_why) == []
    assert (await saved_of(world, game_id))[0].version == record.version  # a hint changes nothing


async def test_the_expert_hint_says_what_its_playouts_saw(world) -> None:
    world.bot.hint_seconds = 60.0  # all the time it needs
    alice, bob = world.player("Alice"), world.player("Bob")
    game_id = await start_game(world, [alice, bob])
    _, saved = await saved_of(world, game_id)
    state = saved.state
    assert state is not None
    expected = dine_hint.hint(state, saved.seats_for(alice.id), expert=True)
    assert expected is not None

    shown = await alice.runs("dine hint")

    lines = shown.response.content.split("\n")
    assert lines[0] == f"**Suggestion for you:** {describe(state, expected.action, (0,)).deed}"
    assert lines[1] == f"*Why:* {expected.why}"
    assert re.search(r"Played out on \d+ reshuffled deals?, it did best of the \d moves weighed", lines[1])
    assert lines[-1] == BY_EXPERT
    assert reason_problems(expected.move, expected.why) == []


async def test_a_german_hint_names_the_way_out_a_card_helps_in_good_german(german_world, monkeypatch) -> None:
    """ "Für" takes the accusative, and the ways out are said in the nominative ("der Sprung"): the
    hint read "sie bringt 4 Antrieb für der Sprung". It now says which way out needs what the card
    adds, and names a sector to solve without declining its name ("das Lösen des Sektors …")."""
    world = german_world
    world.bot.hint_seconds = 0  # the heuristic answers
    hans = world.player("hans")
    discord_locales(monkeypatch, {hans.id: "de"})
    game_id = await open_lobby(hans, world)
    await hans.clicks(message(world, (await record_of(world, game_id)).board_message_id), "Starten")
    hands = Hands(world, game_id, lambda text: t("de", text))
    shown: dict[str, str] = {}
    for _ in range(40):  # play on until the hint has helped toward both ways out
        _, saved = await saved_of(world, game_id)
        assert saved.state is not None
        expected = dine_hint.hint(saved.state, (0,))
        why = expected.why if expected is not None else ""
        way = "the jump" if "toward the jump" in why else "solving" if "toward solving" in why else None
        if way is not None and way not in shown:
            shown[way] = (await hans.runs("dine hint")).response.content
        if len(shown) == 2:
            break
        await perform(hands, hans, heuristic(saved.state).action)

    assert (
        "Sie bringt 2 Energie, die das Lösen des Sektors Flug nach Orion braucht: Das Raster hält"
        in (shown["solving"])
    )
    assert re.search(r"Sie bringt [^:]+, die der Sprung braucht: Das Raster hält", shown["the jump"])
    assert not [hint for hint in shown.values() if " für der " in hint or " von Flug" in hint]


def test_on_an_exact_tie_the_hint_suggests_the_move_that_keeps_the_pizza() -> None:
    """A review: "Suggestion: Solve the sector (pay 2 pizza) … the next best did exactly as well",
    with a free card play as the close second. A tie is no reason to give points up for good."""
    from collections import Counter

    from core.dine.actions import Clear, PlayCard
    from core.dine.engine import apply, legal_actions, new_game
    from core.dine.expert import Weighed
    from core.policies import Choice

    state = new_game(0, crew=1)
    for _ in range(18):  # the heuristic crew's moves to a position where a track solution is open
        state, _ = apply(state, heuristic(state).action)
    pay = Clear(how="solve", solution=1)
    play = next(a for a in legal_actions(state) if isinstance(a, PlayCard))
    assert pay in legal_actions(state)
    scores = [1.0, 0.0, 1.0, 1.0]
    seen = Weighed(  # the search stops playing a candidate once it ties: it has fewer worlds
        options=[Choice(pay, "pays"), Choice(play, "plays")],
        scores=[[*scores, 1.0, 0.0, 1.0, 1.0], list(scores)],
        losses=[Counter(), Counter()],
        best=0,
        running=(0, 1),
    )
    hint = dine_hint._expert_hint(state, (0,), seen)
    assert hint.action == play
    assert hint.second == pay  # still said, as the close second
    ahead = Weighed(
        options=seen.options,
        scores=[[1.0, 1.0, 1.0, 1.0, 1.0, 0.0, 1.0, 1.0], scores],
        losses=seen.losses,
        best=0,
        running=(0, 1),
    )
    assert dine_hint._expert_hint(state, (0,), ahead).action == pay  # better in a playout: it stands
