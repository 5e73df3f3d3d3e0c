"""Readable Dine play in Discord (issue 17, Dine side), through the wire-level fake Discord: the hand
view offers the terminal's moves, every option that picks a card says what the card does, a move
that gives up something for good is never first and says its cost, and the board shows the road
ahead. The rules side is tests/dine/test_readable.py.
"""

from __future__ import annotations

from typing import Any

import discord
import pytest

from cogs.dine.board import add_moves, status_line
from cogs.dine.ids import PAY, TAKE, Verb, ref
from core.dine.actions import PlayCard, UseShip
from core.dine.codes import decode
from core.dine.engine import ship_of
from core.i18n import Locale, t
from core.render import dine_menu
from core.render.dine_controls import Move, Option
from core.render.dine_text import board_summary, card_brief
from tests.dine.helpers import table
from tests.support.locales import discord_locales
from tests.support.messages import board_of, components

from .helpers import Hands, open_lobby, saved_of, start_game


def menu_options(view: Any) -> list[dict[str, Any]]:
    return [option for control in components(view) if control["type"] == 3 for option in control["options"]]


async def test_the_hand_view_offers_the_terminals_moves_each_card_with_its_text(world) -> None:
    """The starter game's first move: the hand view's menu is the terminal's lines (same labels, same
    order); every hand card's move says what it puts in the row; the ways to pay for a move each say
    what the card given up does."""
    alice = world.player("Alice")
    game_id = await start_game(world, [alice])
    _, saved = await saved_of(world, game_id)
    state = saved.state
    assert state is not None
    hands = Hands(world, game_id)
    view = await hands.open(alice)

    options = menu_options(view)
    lines = dine_menu.lines(dine_menu.menu(state))
    assert [option["label"] for option in options] == [move.label for move in lines]
    hand_plays = [o for o in options if " — " in o["label"] and not o["label"].startswith("Ship")]
    assert hand_plays
    assert all("row gets" in o.get("description", "") for o in hand_plays)

    several = next(o for o in options if o["value"].startswith(PAY))
    assert "ways to pay" in several["description"]
    menu = next(c for c in components(view) if c["type"] == 3)
    paying = await alice.picks(view, [several["value"]], custom_id=menu["custom_id"])
    ways = menu_options(paying.response)
    assert len(ways) > 1
    assert all(way["value"].startswith(TAKE) and way.get("description") for way in ways)
    assert all(len(way["description"]) <= 100 for way in ways)
    for way in ways:
        action = decode(state, way["value"].removeprefix(TAKE))
        assert isinstance(action, PlayCard | UseShip)
        (card,) = action.payment.hand  # a hand card given up
        brief = card_brief(state.cards, card, upgraded=False)
        assert brief.lower().startswith(way["description"].removesuffix("…").lower())


@pytest.mark.parametrize("seed", [14])
async def test_paying_pizza_to_solve_is_never_the_first_choice_and_says_its_cost(world, seed) -> None:
    """Seed 14's normal deal starts in Rival Food Truck, which can be solved by paying 2 pizza at
    any time: the hand view lists that last, saying its cost, never first as before."""
    alice = world.player("Alice")
    game_id = await start_game(world, [alice], mode="normal")
    view = await Hands(world, game_id).open(alice)
    options = menu_options(view)
    labels = [o["label"] for o in options if not o.get("description", "").startswith("Does nothing now")]
    assert labels[-1] == "Pay 2 pizza (pizza: 7 → 5 of 7 left): solve Rival Food Truck now"  # dine-3: 7 pizza
    assert [o["label"] for o in options][: len(labels)] == labels  # only moves that change nothing after it
    assert not labels[0].startswith("Pay ")


async def test_the_board_shows_the_road_ahead(world) -> None:
    alice = world.player("Alice")
    game_id = await start_game(world, [alice])
    board = await board_of(world, game_id)
    sector = next(field for field in board.embeds[0].fields if field.name == "Sector")
    assert (
        "Road ahead after this sector: 2 starter sectors, then Procure Ingredient, then 4 easy sectors, "
        "then The Final Frontier, then the boss." in sector.value
    )
    assert "Sectors left" not in str(board.embeds[0].description)
    alt = board.attachments[0].description
    assert "Road ahead after this sector: 2 starter sectors" in alt


def test_a_long_description_keeps_its_ways_to_pay_in_view() -> None:
    """A move's description is cut before "N ways to pay", never the count (Discord's 100 characters)."""
    options = tuple(Option(f"u{n}", f"Giving up card {n}") for n in range(3))
    move = Move(
        "Warp Sled — rotate, play, draw 2", "Cost: remove another hand card · " + "x" * 90, options, "u9"
    )
    at = lambda verb, arg="": ref(verb, 1, 1, arg)  # noqa: E731
    view = discord.ui.View(timeout=None)
    add_moves(view, [move], lambda n: at(Verb.MENU, f"0.{n}"), lambda code: at(Verb.ACT, f"0.{code}"), 0)
    (option,) = [o for row in view.to_components() for c in row["components"] for o in c.get("options", [])]
    assert option["description"].endswith("… · 3 ways to pay")
    assert option["description"].startswith("Cost: remove another hand card")
    assert len(option["description"]) <= 100


async def test_the_board_says_what_the_damage_tracks_remove_cards_space_does(
    spanish_world, monkeypatch
) -> None:
    """ "Damage 7/7 (Remove cards at 2)" read as a rule of its own: the picture's alt text says that a
    crew member removes a hand card when the damage marker reaches that space (in the server's
    language, here Spanish). The board's own status line, redrawn on every move, says it only when
    the next damage would land there (`test_the_board_says_a_remove_cards_space_once_it_is_next`)."""
    world = spanish_world
    rosa = world.player("Rosa")
    discord_locales(monkeypatch, {rosa.id: "es-ES"})
    game_id = await open_lobby(rosa, world)
    await rosa.clicks(await board_of(world, game_id), "Empezar")
    board = await board_of(world, game_id)

    note = "(cada vez que a la pista de daño le quedan 2 casillas, un tripulante retira una carta de su mano)"
    damage, pizza = (
        "quedan 7 de 7 casillas en la pista de daño",
        "quedan 7 de 7 casillas en la pista de pizza",
    )
    assert f"**Spacehopper 3000** · Q{damage[1:]} · Q{pizza[1:]}" in str(board.embeds[0].description)
    assert f"{damage} {note}, {pizza}" in board.attachments[0].description
    assert "Retirar cartas en" not in str(board.embeds[0].description) + board.attachments[0].description


@pytest.mark.parametrize(
    ("locale", "next_space"),
    [
        ("en", "(the next damage leaves {space} spaces: one crew member removes a hand card)"),
        (
            "de",
            "(nach dem nächsten Schaden bleiben {space} Felder: ein Crewmitglied entfernt eine Handkarte)",
        ),
        ("es", "(tras el próximo daño quedan {space} casillas: un tripulante retira una carta de su mano)"),
    ],
)
def test_the_board_says_a_remove_cards_space_once_it_is_next(locale: Locale, next_space: str) -> None:
    """A review: the board's status line repeated "(each time the damage marker reaches space 4 or 2,
    one crew member removes a hand card)" on every redraw of every game. The status line now says a
    "Remove cards" space only while the next damage would land on it; the picture shows the spaces,
    and its alt text and the ship's card text still list them."""
    fresh = table(hands=[["pilot-1"]])  # this Spacehopper 3000: "Remove cards" on damage spaces 2 and 4
    assert ship_of(fresh).damage.remove_cards == (2, 4)
    note = t(
        locale,
        " (each time the damage track is down to {spaces} spaces, one crew member removes a hand card)",
        spaces=f"4{t(locale, ' or ')}2",
    )
    warned = {5: 4, 3: 2}  # the damage marker's value → the "Remove cards" space the next damage reaches
    for damage in range(7, 0, -1):
        state = fresh.model_copy(update={"damage": damage})
        line = status_line(state, locale)
        shown = [space for space in (4, 2) if next_space.format(space=space) in line]
        assert shown == ([warned[damage]] if damage in warned else []), (damage, line)
        assert note not in line
        assert note in board_summary(state, [], locale)  # the alt text still lists them
    ended = fresh.model_copy(update={"damage": 3, "outcome": "lost"})
    assert next_space.format(space=2) not in status_line(ended, locale)
