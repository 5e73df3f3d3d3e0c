"""The Discord board and hand view show the rules players must see (issue 16 item 4): the deck's top
card ("You always see the top card of the deck"), what an occupied station does, and every printed
action as "Costs, colon, effect" — in the hand view's cards and in its controls, buttons included (a
button has no description, so a cost that would not fit its label sends the moves to a menu).

Cards (Spacehopper 3000): Ramjet rdrive-1, Fusion Core reactor-1 (occupied: free: draw 1, once per
sector), Helm Console pilot-1, Warp Sled rdrive-3 (occupied: pay 2 drive from one row: draw 2, once
per sector).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import discord

from cogs.dine.board import add_moves, crew_lines, status_line
from cogs.dine.hand import card_field, hand_embed, hand_view
from cogs.dine.ids import Verb, ref
from core.dine.actions import Payment, PlayCard
from core.dine.cards import card_set
from core.dine.codes import decode
from core.dine.engine import legal_actions
from core.dine.seating import DineSaved, Setup, lobby, seated
from core.dine.state import RULES_VERSION, Pending, State
from core.render.dine_controls import BUTTON_LIMIT, Move, Option, given_up, moves
from core.render.dine_text import action_words, used_action
from tests.dine.helpers import table

NOW = datetime(2026, 12, 1, tzinfo=UTC)


def saved(state: State) -> DineSaved:
    return seated(lobby(1, "Ann", Setup(), NOW), NOW, state)


def shown(view: discord.ui.View) -> Iterator[tuple[str, str]]:
    """Every control's words as (label, description): buttons, and each option of each menu."""
    for row in view.to_components():
        for item in row["components"]:
            if item["type"] == 2:
                yield item["label"], ""
            for option in item.get("options", []):
                yield option["label"], option.get("description", "")


def test_the_board_status_line_names_the_top_card_or_the_empty_deck() -> None:
    """Deck and Discard Pile: "You always see the top card of the deck." """
    state = table(hands=[["pilot-1"]], deck=["rdrive-1", "reactor-1"])
    empty = table(hands=[["pilot-1"]], deck=[], discard=["reactor-1"])

    assert "Deck 2, top card Ramjet" in status_line(state)
    assert "Deck empty (the next draw shuffles the discard pile into a new deck)" in status_line(empty)


def test_the_board_says_what_an_occupied_station_does() -> None:
    state = table(hands=[["pilot-1"]], stations=["reactor-1"])

    assert "occupies **Fusion Core** (action — free: draw 1, once per sector)" in crew_lines(saved(state))[0]


def test_a_hand_card_shows_each_action_as_cost_colon_effect() -> None:
    _, value = card_field(card_set(RULES_VERSION), "rdrive-3", [])

    assert "▸ free: play" in value
    assert "▸ discard another hand card: rotate, play, draw 2" in value
    assert "Occupied: action — pay 2 drive from one row: draw 2, once per sector" in value


def test_every_hand_control_of_a_printed_action_shows_its_cost_and_effect() -> None:
    """Hand view with few moves (buttons) and with many (menus): each move that carries out a printed
    action shows "cost: effect" in its label, or the effect in its label and the cost beside it."""
    for hands in ([["pilot-1"]], [["pilot-1", "rdrive-3", "rdrive-1", "reactor-1"]]):
        state = table(hands=hands, stations=["reactor-3"])
        actions = legal_actions(state)
        view = hand_view(1, 1, saved(state), 0, 1)
        assert view is not None
        words = list(shown(view))
        printed = 0
        for move in moves(state, 0, actions):
            first = decode(state, move.options[0].code)
            assert first in actions
            used = used_action(state, first)
            if used is None:
                continue
            printed += 1
            parts = action_words(used, in_hand=isinstance(first, PlayCard))
            assert any(
                parts.effect in label and parts.cost in f"{label} {description}"
                for label, description in words
            ), (move.label, words)
        assert printed >= 3


def test_a_label_too_long_for_a_button_goes_into_a_menu_whole() -> None:
    long = Move("Helm Console — " + "x" * BUTTON_LIMIT, "", (Option("u0", "Nothing to pay"),), "u0")
    short = Move("Helm Console — free: play", "", (Option("u1", "Nothing to pay"),), "u1")
    costly = Move(
        "Ramjet — rotate, play", "Cost: discard another hand card", (Option("u2", "Giving up X"),), "u2"
    )
    at = lambda verb, arg="": ref(verb, 1, 1, arg)  # noqa: E731

    def drawn(move: Move) -> list[tuple[str, str]]:
        view = discord.ui.View(timeout=None)
        add_moves(view, [move], lambda n: at(Verb.MENU, f"0.{n}"), lambda i: at(Verb.ACT, f"0.{i}"), 0)
        return list(shown(view))

    assert drawn(short) == [("Helm Console — free: play", "")]  # a button
    assert drawn(long) == [(long.label, "")]  # a menu option: no button cuts it
    assert drawn(costly) == [(costly.label, costly.description)]  # the cost beside it


def test_the_hand_view_says_which_printed_actions_it_leaves_out_and_why() -> None:
    """A menu offers only what can be paid now; the hand view names each printed action it leaves
    out with the reason, so "rotate, play" is not simply missing. A decision waiting: nothing."""
    state = table(hands=[["rdrive-3"]], ship="Quasar Calzone", damage=3, stations=["reactor-3"])
    state = state.model_copy(update={"used": {"ship:0": 1}})
    text = hand_embed(1, 1, saved(state), 0, "").description or ""
    assert (
        "Not possible now: Warp Sled — discard another hand card: rotate, play, draw 2 (not enough other "
        "hand cards); Plasma Coil (occupied) — pay 2 energy from one row: every crew member draws 1, once "
        "per sector (no single row holds 2 energy); Ship — discard a hand card: repair 1, once per sector "
        "(the crew used it up this sector)"
    ) in text  # a ship action's limit is the crew's (ruling E6): a member who never used it reads why
    station = state.model_copy(update={"used": {"station:0": 1}, "grid": [[]]})
    assert "once per sector (used up this sector)" in (
        hand_embed(1, 1, saved(station), 0, "").description or ""
    )
    offered = [label for label, _ in shown(hand_view(1, 1, saved(state), 0, 1) or discord.ui.View())]
    assert not any("rotate, play" in label or "repair 1" in label for label in offered)
    assert any("Ship — remove a hand card: draw 2" in label for label in offered)
    spanish = hand_embed(1, 1, saved(state), 0, "", "es").description or ""
    assert "Ahora no es posible: Trineo de curvatura — descartar otra carta de la mano" in spanish
    deciding = state.model_copy(update={"pending": Pending(kind="upgrade", reason="Upgrade a hand card.")})
    assert "Not possible now" not in (hand_embed(1, 1, saved(deciding), 0, "").description or "")


def test_a_grid_payment_says_what_its_row_loses() -> None:
    """How to pay: "Gave 2 energy" read as something already over; the choice is what the row loses."""
    state = table(hands=[["reactor-3"]], grid=[["reactor-4", "pilot-1"]])
    payment = Payment(row=0, grid=("reactor-4",))
    assert given_up(state, payment) == "The row loses 2 energy"
    assert given_up(state, payment, "de") == "Die Reihe verliert 2 Energie"
    both = given_up(state, Payment(row=0, grid=("reactor-4", "pilot-1")))
    assert both.startswith("Zero-Point Reactor: the row loses 2 energy; ")
