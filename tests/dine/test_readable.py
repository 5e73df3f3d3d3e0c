"""Readable Dine play (issue 17, Dine side): one menu model for the terminal and the hand view,
every card readable where it is chosen, texts without broken templates, the road ahead.

The D-6 side is tests/d6/test_readable.py. The terminal is driven through `tools.play.play_dine`
with scripted answers, as a player types them.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

from core.dine.actions import (
    NO_PAYMENT,
    Action,
    Clear,
    Occupy,
    Payment,
    PlayCard,
    Upgrade,
    UseShip,
    UseStation,
)
from core.dine.ai import explain, heuristic
from core.dine.cards import CARD_FILES, card_set
from core.dine.codes import decode
from core.dine.crews import POLICIES
from core.dine.engine import (
    apply,
    can_jump,
    danger_value,
    deal,
    legal_actions,
    sector_side,
    solved_by_symbols,
)
from core.dine.state import Pending, StackCard, State
from core.dine.told import said
from core.i18n import Locale, t, tn
from core.render import dine_menu
from core.render.dine_controls import LABEL_LIMIT, moves, unavailable_text
from core.render.dine_lookup import entries
from core.render.dine_names import card_name
from core.render.dine_text import (
    board_summary,
    card_brief,
    changed_note,
    describe,
    describe_board,
    jump_text,
    occupy_left_out,
    road_ahead,
    sector_text,
    ship_text,
    station_text,
)
from tests.dine.helpers import CARDS, SCENARIO_RULES, ship_deck, table
from tools.play import Numbering, play_dine

RAW = re.compile(r"[{}\[\]]|\b[a-z]+_[a-z_]+\b")  # a format field, a bracketed icon, an identifier


def played_states(games: int = 12, moves_each: int = 80) -> Iterator[State]:
    """States of heuristic and random games over every ship, level, crew size and both set-ups."""
    cards = card_set("dine-1")
    ships = [side.name for side in cards.ship_sides()]
    levels = [level.name for level in cards.levels]
    for policy in ("heuristic", "random"):
        for seed in range(games):
            rng = random.Random(seed)
            state, _ = deal(
                seed,
                ship=ships[seed % len(ships)],
                level=rng.choice(levels),
                crew=1 + seed % 3,
                starter=seed % 4 == 0,
            )
            choose = POLICIES[policy](seed)
            for _ in range(moves_each):
                if state.outcome != "playing":
                    break
                yield state
                state, _ = apply(state, choose(state).action)


def terminal(state: State, *typed: str) -> str:
    """What the terminal game shows for `state` as the player types `typed`, then quits."""
    answers = iter([*typed, "q"])
    shown: list[str] = []
    assert play_dine(state, [], ask=lambda _: next(answers), say=shown.append) == "quit"
    return "\n".join(shown)


# --- 1. one menu model, one line per move ------------------------------------------------------


def test_a_starter_first_move_is_one_line_per_move_not_one_per_payment() -> None:
    """Seed 4's starter deal: 45 legal actions (one per way of paying) are 15 lines: each hand
    card's two actions and the ship's draw, the ways to pay behind the line (the ship's "take 2 from
    the discard pile" is not offered while the pile is empty: ruling E10)."""
    state, _ = deal(4, crew=1, starter=True)
    assert len(legal_actions(state)) == 45
    lines = dine_menu.lines(dine_menu.menu(state))
    assert len(lines) == 15
    assert [move.group for move in lines] == [move.group for move in moves(state, 0)]


@pytest.mark.parametrize(("crew", "most"), [(1, 20), (2, 28), (3, 34)])
def test_fresh_normal_deals_need_far_fewer_lines(crew: int, most: int) -> None:
    """The median over 30 fresh normal deals (ships in turn): 47/55/57 actions, 16/23/29 lines."""
    ships = [side.name for side in card_set("dine-1").ship_sides()]
    counts = []
    for seed in range(1, 31):
        state, _ = deal(seed, ship=ships[seed % 4], level="Margherita", crew=crew)
        counts.append((len(legal_actions(state)), len(dine_menu.lines(dine_menu.menu(state)))))
    actions, lines = (sorted(c)[15] for c in zip(*counts, strict=True))
    assert lines <= most < actions


def test_every_legal_action_is_one_way_to_take_one_line() -> None:
    """Each legal action is exactly one option of one line; a line with one option is taken at
    once, the others ask how to pay; the hint's move is on the menu."""
    for state in played_states(6, 60):
        groups = dine_menu.menu(state)
        codes = [option.code for move in dine_menu.lines(groups) for option in move.options]
        assert len(codes) == len(set(codes))
        assert sorted(map(str, (decode(state, c) for c in codes))) == sorted(map(str, legal_actions(state)))
        assert dine_menu.find(groups, state, heuristic(state).action) is not None


def test_the_terminal_and_the_hand_view_offer_the_same_moves() -> None:
    """Each seat's hand view (Discord) and the terminal's lines for that seat are the same moves, with
    the same labels and ways to pay."""
    for state in played_states(4, 40):
        terminal_moves = {move.group: move for move in dine_menu.lines(dine_menu.menu(state))}
        for seat in range(state.crew):
            for move in moves(state, seat):
                assert terminal_moves[move.group] == move


def test_a_costly_move_is_never_first_and_says_its_cost() -> None:
    """Pirate Toll Booth can be solved by paying 2 pizza at any time: that is the last line, and it
    says what it costs, not the first as before."""
    state = table(hands=[["pilot-1", "reactor-1"]], sector="sector-pirates")
    assert legal_actions(state)[0] == Clear(how="solve", solution=1)  # the engine lists it first
    lines = dine_menu.lines(dine_menu.menu(state))
    assert lines[-1].costly
    assert lines[-1].label == "Pay 2 pizza (pizza: 6 → 4 of 6 left): solve Pirate Toll Booth now"
    assert not lines[0].costly
    shown = terminal(state)
    assert shown.index("Gives up something for good:") > shown.index("Your moves:")


def test_in_every_position_a_costly_move_comes_after_the_others() -> None:
    seen = 0
    for state in played_states():
        for seat in [None, *range(state.crew)]:
            shown = moves(state, seat)
            flags = [(move.idle, move.costly) for move in shown]  # the moves that change nothing come last
            assert flags == sorted(flags), [m.label for m in shown]  # never before a move that is not
            for move in shown:
                if move.costly:
                    seen += 1
                    cost, _, deed = move.label.partition(": ")
                    assert cost[:1].isupper() or cost[:1].isdigit(), move.label
                    assert deed, move.label
        lines = dine_menu.lines(dine_menu.menu(state))
        assert [m.costly for m in lines] == sorted(m.costly for m in lines)
    assert seen > 20


def test_jumping_and_taking_damage_say_what_they_give_up() -> None:
    """A jump is one of the ways to clear the sector, listed with the solutions before "Keep
    playing", not under what is given up for good; the upgrade it forgoes is its description."""
    state = table(hands=[["pilot-1"]]).model_copy(
        update={"pending": Pending(kind="clear", options=("solve:0", "jump"), reason="Solve or jump?")}
    )
    shown = [(move.label, move.description, move.costly) for move in moves(state, None)]
    assert shown == [
        ("Solve the sector with (2 shield, 1 firepower) per crew member", "", False),
        ("Jump to the next sector", "No upgrade: the sector stays unsolved", False),
        ("Keep playing", "", False),
    ]
    assert "Gives up something for good" not in terminal(state)
    full = table(hands=[["pilot-1"]], grid=[["reactor-1", "reactor-2", "reactor-3", "rdrive-1"]])
    assert len(full.current_row) >= danger_value(full) > 0
    full = full.model_copy(update={"pending": state.pending})
    keep = moves(full, None)[-1]
    assert (keep.label, keep.description) == (
        "Keep playing",
        "The danger strikes at once: the current row is full",
    )
    drive_in = table(hands=[["pilot-1"]], sector="sector-gravity", side="back").model_copy(
        update={"pending": Pending(kind="clear", options=("jump",), reason="Solve or jump?")}
    )
    jump = moves(drive_in, None)[0]  # Black Hole Drive-In gives no upgrade: jumping costs nothing more
    assert (jump.label, jump.costly) == ("Jump to the next sector", False)
    shielded = table(hands=[["pilot-1"]], grid=[["reactor-1"], []], damage=5).model_copy(
        update={"pending": Pending(kind="shield", amount=1, reason="1 damage: pay a shield?")}
    )
    take = moves(shielded, None)[-1]
    assert take.costly
    assert take.label == "1 damage (damage: 5 → 4 of 7 left): take the damage"
    # in the status line's terms: "damage 5/7 → 4/7" read as damage taken, not spaces left
    assert moves(shielded, None, locale="de")[-1].label.startswith("1 Schaden (Schaden: 5 → 4 von 7 übrig)")


def test_giving_up_the_first_of_two_cards_keeps_the_other_cards_numbers() -> None:
    """ "Discard 2 hand cards" is two decisions: after the first card, every card still on offer keeps
    its number (a player typing the number they read gives up the card they meant, never another
    crew member's card that moved up)."""
    state = table(hands=[["pilot-1", "reactor-2"], ["reactor-1", "pilot-2"]]).model_copy(
        update={"pending": Pending(kind="give", amount=2, give="discard", reason="Discard 2 hand cards.")}
    )
    shown = terminal(state, "2").split("Discard 1 hand card.")
    first = [line for line in shown[0].splitlines() if ": Discard " in line]
    after = [line for line in shown[1].splitlines() if ": Discard " in line]
    assert [line[:5] for line in first] == ["  1. ", "  2. ", "  3. ", "  4. "]
    assert f"discards {first[1].split(': Discard ')[1].split(' (')[0]}." in shown[0]
    assert after == [first[0], first[2], first[3]]  # the same lines, the same numbers


def test_numbers_stay_on_the_moves_still_offered_through_a_sector() -> None:
    """Playing a card takes its lines away and draws new ones; the other lines keep their numbers
    and the new ones take numbers never used in this sector."""
    state, _ = deal(4, crew=1, starter=True)
    numbering = Numbering()
    keys = lambda s: [m.group for m in dine_menu.lines(dine_menu.menu(s))]  # noqa: E731
    before = dict(numbering.keep((state.cleared, state.pending), keys(state)))
    played = next(a for a in legal_actions(state) if isinstance(a, PlayCard) and a.payment == Payment())
    after_state, _ = apply(state, played)
    after = numbering.keep((after_state.cleared, after_state.pending), keys(after_state))
    kept = [key for key in before if key in after]
    assert kept
    assert all(after[key] == before[key] for key in kept)
    new = [key for key in after if key not in before]
    assert all(after[key] > max(before.values()) for key in new)


def test_the_terminal_keeps_numbers_and_asks_how_to_pay_only_when_there_are_ways() -> None:
    state, _ = deal(4, crew=1, starter=True)
    shown = terminal(state, "2", "1", "h")
    assert "  2. Warp Sled — discard another hand card: rotate, play, draw 2" in shown
    assert "How do you pay for Warp Sled — discard another hand card: rotate, play, draw 2?" in shown
    after = shown.split("Crew 1 discards Helm Console to pay.")[1]
    assert "  3. Plasma Coil — free: play" in after  # still 3 after Warp Sled left the hand
    assert " 16. Autopilot — free: play" in after  # a drawn card takes a new number
    # the ship's "take 2 from the discard pile", not offered while the pile was empty (E10), is now
    assert " 20. Ship — discard a hand card: take 2 from the discard pile" in after
    hint = next(line for line in after.splitlines() if line.startswith("Hint: "))
    number = hint.removeprefix("Hint: ").split(".", 1)[0]
    assert f"\n{number:>3}. " in after
    # a hint asked while choosing how to pay, for another move: it names that move and the way back
    elsewhere = terminal(state, "2", "h", "0")
    hinted = next(line for line in elsewhere.splitlines() if line.startswith("Hint: "))
    assert hinted.startswith("Hint: none of these ways: better Crew 1: Play "), hinted
    assert "(0 goes back to the moves) — " in hinted
    free = terminal(state, "1")
    assert "How do you pay" not in free  # one way: taken at once
    assert "Crew 1 plays Warp Sled into row 1." in free


# --- 2. every card readable where it is chosen ---------------------------------------------------


def test_question_mark_shows_the_cards_behind_a_move_and_a_way_to_pay() -> None:
    state, _ = deal(4, crew=1, starter=True, rules_version=SCENARIO_RULES)  # its menu numbers are dine-2's
    shown = terminal(state, "?1", "?15", "2", "?1", "0", "?99")
    # the corner drive counted once, in the row; beside the level, what a "card with N drive" cost
    # counts on it (E9: the corner, the production's drive and the occupied action's 2 drive)
    assert (
        "  Warp Sled (level 2 R-Drive · counts as 4 drive where a cost asks for a card with drive)."
        " In a row: 1 drive + 1 drive per 1 energy in this row." in shown
    )
    assert "  Spacehopper 3000: Stations: Pilot, Reactor, R-Drive, Weapons, Shields." in shown
    paying = shown.split("How do you pay for Warp Sled")[1]
    assert "  Helm Console (level 1 Pilot). In a row: 1 navigation." in paying  # the card given up
    assert "Please type one of the numbers shown, ?number for its cards" in shown


def test_an_upgrade_choice_shows_both_sides_and_an_occupy_choice_what_it_does() -> None:
    state = table(hands=[["pilot-1", "reactor-2"]]).model_copy(
        update={"pending": Pending(kind="upgrade", reason="Upgrade a hand card.")}
    )
    upgrade = next(m for m in moves(state, 0) if decode(state, m.group) == Upgrade(seat=0, card="pilot-1"))
    assert upgrade.description.startswith("Becomes: Row: 2 navigation + 1 navigation per 2 energy")
    shown = terminal(state, "?1")
    assert "  Now: Helm Console (level 1 Pilot). In a row: 1 navigation." in shown
    assert "  Upgraded, it becomes: Helm Console (level 1 Pilot). In a row: 2 navigation" in shown
    occupying = table(hands=[["pilot-1", "reactor-2"]]).model_copy(
        update={"pending": Pending(kind="occupy", seat=0, reason="Crew 1 may occupy a station.")}
    )
    occupy = next(
        m for m in moves(occupying, 0) if decode(occupying, m.group) == Occupy(seat=0, card="reactor-2")
    )
    assert occupy.description == "Occupied: action — discard a hand card: draw 2, once per sector"
    looked_up = terminal(occupying, "?2")
    # Its corner drive is said once, in the row's total; beside the level, what "a card with N drive"
    # counts on it (ruling E9), as the hand view says
    assert (
        "  Antimatter Bottle (level 1 Reactor · counts as 1 drive where a cost asks for a card with drive)."
        " In a row: 1 drive, 1 energy." in looked_up
    )


def _picks_a_card(state: State, action: Action) -> bool:
    if isinstance(action, Upgrade | Occupy):
        return action.card is not None
    payment = getattr(action, "payment", None)
    return isinstance(action, PlayCard) or (isinstance(payment, Payment) and payment != Payment())


def test_every_option_that_picks_a_card_says_what_the_card_does_within_discords_limit() -> None:
    """Hand cards, upgrades, occupations, cards given up and payments: the option (or its move, for
    the first way to pay) carries the card's text in its description, at most 100 characters."""
    checked = 0
    for state in played_states(8, 60):
        for seat in [None, *range(state.crew)]:
            for move in moves(state, seat):
                assert len(move.label) <= LABEL_LIMIT
                assert len(move.description) <= LABEL_LIMIT
                for option in move.options:
                    action = decode(state, option.code)
                    assert action is not None
                    assert len(option.description) <= LABEL_LIMIT
                    if not _picks_a_card(state, action):
                        continue
                    checked += 1
                    paid = getattr(action, "payment", None)
                    if isinstance(paid, Payment) and paid != Payment():
                        assert option.description, (move.label, option.label)
                    else:
                        assert move.description, move.label
    assert checked > 500


# --- texts over every card of every card set ------------------------------------------------------


def _broken(text: str) -> list[str]:
    problems = [m.group(0) for m in RAW.finditer(text)]
    if re.search(r"Jump: X |Danger 0/0|Danger 0: \d|at once cards|: \.|\(\)|\S  \S", text):
        problems.append(text)
    return problems


@pytest.mark.parametrize("version", sorted(CARD_FILES))
def test_no_card_text_has_a_broken_template_or_a_raw_placeholder(version: str) -> None:
    cards = card_set(version)
    texts: list[str] = []
    for entry in entries(cards):
        texts += [text for _, text in entry.sides]
    for station in cards.stations:
        for face, upgraded in ((station.normal, False), (station.upgraded, True)):
            texts += [station_text(face, station.station), card_brief(cards, station.id, upgraded)]
    texts += [ship_text(face) for face in cards.ship_sides()]
    for sector in cards.sectors:
        for face, up in ((sector.front, "front"), (sector.back, "back")):
            texts += [sector_text(face, crew) for crew in (None, 1, 2, 3)]
            for crew in (1, 2, 3):
                state = table(hands=[["pilot-1"]] * crew, sector=sector.id, side=up)
                state = state.model_copy(update={"rules_version": version})
                texts += [describe_board(state), board_summary(state)]
    for text in texts:
        assert text.strip(), "an empty text"
        assert not _broken(text), (text, _broken(text))


def test_danger_zero_and_no_jump_read_in_words() -> None:
    customs = card_set("dine-1").sector("sector-customs").front
    assert "Danger 0 (strikes on arrival): 1 damage OR remove 2 hand cards" in sector_text(customs, 1)
    kraken = next(c for c in card_set("dine-1").sectors if c.front.name == "Pizza-Eating Space Kraken")
    assert "Jump: cannot jump (X)." in sector_text(kraken.front, 2)
    assert "9/X/X drive and 3 navigation (X: that crew cannot jump)" in sector_text(kraken.front)


# --- 4. the road ahead ------------------------------------------------------------------------------


def test_the_road_ahead_names_easy_sectors_the_frontier_hard_sectors_and_the_boss() -> None:
    state, _ = deal(4, level="Margherita", crew=2)  # 3 easy and 3 hard sectors, the first easy one on top
    road = "2 easy sectors, then The Final Frontier, then 3 hard sectors, then the boss"
    assert road_ahead(state) == road
    assert f"Road ahead after this sector: {road}." in describe_board(state)
    assert f"Road ahead after this sector: {road}." in board_summary(state)
    assert "Sectors left" not in describe_board(state)
    assert road_ahead(state, short=True) == "2 easy, Final Frontier, 3 hard, boss"
    starter, _ = deal(4, crew=1, starter=True)
    assert road_ahead(starter) == (
        "2 starter sectors, then Procure Ingredient, then 4 easy sectors, "
        "then The Final Frontier, then the boss"
    )


def test_after_the_frontier_the_road_counts_the_hard_sectors_left_and_ends_at_the_boss() -> None:
    state, _ = deal(4, level="Margherita", crew=1)
    boss = next(c.id for c in state.cards.sectors if c.front.kind == "boss")
    hard = [c.id for c in state.cards.sectors if c.front.kind == "easy"][:2]
    stack = [
        StackCard(sector=hard[0], side="back"),
        StackCard(sector=hard[1], side="back"),
        StackCard(sector=boss),
    ]
    state = state.model_copy(update={"stack": stack})
    assert road_ahead(state) == "1 hard sector, then the boss"
    last = state.model_copy(update={"stack": [StackCard(sector=boss)]})
    assert road_ahead(last) == "none (the customer's door is next)"


def test_a_cards_printed_drive_is_said_wherever_a_card_is_picked() -> None:
    """The printed drive counts in the row upright (R1), so the play, the hand line, a payment and an
    upgrade say it; rotated, a card gives no printed drive."""
    state = table(hands=[["rdrive-1", "rdrive-3", "pilot-3"]])
    shown = {m.label: m.description for m in moves(state, 0)}
    assert shown["Ramjet — free: play"] == "The row gets 2 drive"
    rotated = next(d for label, d in shown.items() if label.startswith("Ramjet — discard"))
    assert rotated == "Rotated, the row gets 2 navigation"
    assert shown["Warp Sled — free: play"] == "The row gets 1 drive + 1 drive per 1 energy in this row"
    crew = "Crew 1 (3/7): Ramjet (2 drive), Warp Sled (1 drive; counts as 4 drive for costs), Star Chart"
    assert crew + " Table (counts as 1 drive for costs)\n" in terminal(state)  # what a cost counts (E9)
    coil = state.model_copy(update={"hands": [["reactor-3"]], "upgraded": ["reactor-3"]})
    assert "Crew 1 (1/7): Plasma Coil (upgraded; counts as 2 drive for costs)\n" in terminal(coil)
    paying = next(m for m in moves(state, 0) if m.label.startswith("Warp Sled — discard"))
    assert any(o.description.startswith("Row: 2 drive · rotated: 2 navigation") for o in paying.options)
    upgrading = state.model_copy(update={"pending": Pending(kind="upgrade", reason="Upgrade a hand card.")})
    upgrade = next(
        m for m in moves(upgrading, 0) if decode(upgrading, m.group) == Upgrade(seat=0, card="pilot-3")
    )
    assert upgrade.description.startswith("Becomes: Row: 1 drive, 2 navigation")


def test_the_damage_tracks_remove_cards_spaces_are_on_the_board_before_they_are_hit() -> None:
    """The Crusty Cruiser's damage spaces 5 and 2 say "Remove cards": the terminal board, the alt
    text and the ship card say so, and what such a space does, before the marker reaches them."""
    state = table(hands=[["pilot-1"]], ship="Crusty Cruiser", level="Salad")
    note = "(each time the damage track is down to 5 or 2 spaces, one crew member removes a hand card)"
    tracks = f"6 of 6 spaces left on the damage track {note}, 5 of 5 spaces left on the pizza track"
    assert f"Crusty Cruiser: {tracks}" in describe_board(state)
    assert tracks in board_summary(state)
    assert (
        "(jedes Mal, wenn die Schadensleiste bei 5 oder 2 Feldern steht, entfernt ein Crewmitglied eine "
        "Handkarte)" in board_summary(state, locale="de")
    )
    ship = CARDS.ship("Crusty Cruiser")
    assert f"Damage track 6 {note}, pizza track 5" in ship_text(ship)


def test_the_terminal_board_says_a_remove_cards_space_after_a_move_only_once_it_is_next() -> None:
    """A review: the terminal board reprinted "(each time the damage marker reaches space 4 or 2, …)"
    after every move. As on the Discord board, a board redrawn after a move says a "Remove cards" space
    only while the next damage reaches it; the first board (and `b`) still lists them all."""
    note = "(each time the damage track is down to 4 or 2 spaces, one crew member removes a hand card)"
    warned = "(the next damage leaves 4 spaces: one crew member removes a hand card)"
    for damage, after in [(7, None), (5, warned)]:
        state = table(hands=[["pilot-1", "reactor-2"]], damage=damage)
        first, *redrawn = terminal(state, "1").split("Spacehopper 3000: ")[1:]
        assert note in first
        assert len(redrawn) == 1, redrawn
        assert note not in redrawn[0]
        assert (after in redrawn[0]) if after else "removes a hand card" not in redrawn[0], redrawn[0]
    assert note in terminal(table(hands=[["pilot-1", "reactor-2"]]), "1", "b").split("Spacehopper 3000: ")[-1]


def test_the_clear_decision_is_asked_once_in_words_that_fit_what_is_on_offer() -> None:
    """The terminal says the decision once (as the menu's heading), and it asks "solve or jump?"
    only when both are met; the alt text words it the same way."""
    hands = table(hands=[["pilot-1"]])
    for options, asked in [
        (("solve:0", "jump"), "The sector can be cleared: solve or jump?"),
        (("solve:0",), "The sector can be solved: solve it now?"),
        (("jump",), "The ship can jump to the next sector: jump now?"),
    ]:
        reason = "The sector can be cleared: solve or jump?"  # what the engine keeps, whatever is met
        state = hands.model_copy(update={"pending": Pending(kind="clear", options=options, reason=reason)})
        shown = terminal(state)
        assert shown.count(asked) == 1, shown
        if len(options) == 1:
            assert "solve or jump?" not in shown
        assert f"Decision: {asked}" in board_summary(state)


def test_a_sector_that_cannot_be_jumped_says_so_once() -> None:
    """The Health Inspector's printed X: "cannot jump (X)" on the sector line, no "Jump needs X
    drive" after it; a sector that can be jumped still says the drive it needs."""
    board = describe_board(table(hands=[["pilot-1"]], sector="boss-inspector", then=()))
    assert "Jump: cannot jump (X)." in board
    assert "Jump needs" not in board
    assert "\nDanger strikes at " in board
    assert "\nJump needs 6 drive + 1 navigation; danger strikes at 4 cards" in describe_board(
        table(hands=[["pilot-1"]])
    )


def test_the_occupy_choice_says_why_a_hand_card_is_not_offered() -> None:
    """Crew 2 holds Engineering, so crew 1's two Engineering cards are not offered: the terminal says
    so under the choice instead of leaving them out silently; a card of a free station is offered."""
    state = table(
        hands=[["engineering-1", "engineering-4", "pilot-1"], ["reactor-1"]],
        ship="Crusty Cruiser",
        stations=[None, "engineering-2"],
    ).model_copy(update={"pending": Pending(kind="occupy", seat=0, reason="Crew 1 may occupy a station.")})
    offered = {decode(state, m.group) for m in moves(state, 0)}
    assert Occupy(seat=0, card="pilot-1") in offered
    assert Occupy(seat=0, card="engineering-1") not in offered  # the rule is unchanged
    shown = terminal(state)
    said = "Not offered: Duct Tape Locker, Chief Engineer's Workshop (Engineering is held by Crew 2)"
    assert f"\n  Crew 1: {said}." in shown  # whose note: the menu lists every member's choices
    assert occupy_left_out(state, 0, "de") == (
        "Nicht angeboten: Klebebandspind, Werkstatt der Chefingenieurin (Technik ist von Crew 2 besetzt)"
    )
    # two members hold a station each: one "Not offered", each station with its holder
    crowded = table(
        hands=[["engineering-1", "pilot-1", "reactor-2"], ["reactor-1"], ["pilot-2"]],
        ship="Crusty Cruiser",
        stations=[None, "engineering-2", "pilot-3"],
    ).model_copy(update={"pending": Pending(kind="occupy", seat=0, reason="Crew 1 may occupy a station.")})
    said = occupy_left_out(crowded, 0)
    assert said.count("Not offered") == 1
    assert said.startswith("Not offered: ")
    assert "(Engineering is held by Crew 2); " in said
    assert said.endswith("is held by Crew 3)")


def test_the_terminal_says_which_printed_actions_its_menu_leaves_out_and_why() -> None:
    """The hand view names each printed action its menus leave out now, with why; the terminal, which
    shows the hand view's moves, left them out silently (a new player's review)."""
    state = table(hands=[["rdrive-3"]], ship="Quasar Calzone", damage=3, stations=["reactor-3"])
    state = state.model_copy(update={"used": {"ship:0": 1}})
    shown = terminal(state)
    assert (
        "Not possible now: Warp Sled — discard another hand card: rotate, play, draw 2 (not enough other "
        "hand cards); Plasma Coil (occupied) — pay 2 energy"
    ) in shown
    assert shown.index("Not possible now") > shown.index("Your moves:")
    two = table(hands=[["rdrive-3"], ["pilot-1"]], stations=["reactor-3", None])
    assert "Crew 1: Not possible now: Warp Sled" in terminal(two)


def test_under_each_heading_the_terminal_lists_its_moves_in_number_order() -> None:
    """A drawn card's new lines take new numbers (a move keeps its number while on offer), so
    they are listed after the kept ones, not before the ship's."""
    state, _ = deal(4, crew=1, starter=True)
    shown = terminal(state, "2", "1")
    after = shown.split("Crew 1 discards Helm Console to pay.")[1]
    menu = after.split("Your moves:")[1]  # the last menu: the terminal then quits
    numbers = [int(line[:3]) for line in menu.splitlines() if line[:3].strip().isdigit()]
    assert 17 in numbers
    assert numbers == sorted(numbers)


def test_the_greedy_crew_never_spends_the_ship_marker_on_a_draw_with_nothing_to_draw() -> None:
    """Nostroven One's "1 ship marker: draw" with an empty deck and discard pile only drains the track;
    a new-player review saw the hint suggest it when every card play looked costly (a greedy game's
    position: Margherita, three crew, every card in a hand or the grid)."""
    ship = "Nostroven One"
    hands = [
        ["engineering-4", "engineering-3", "weapons-4", "oven-2", "weapons-1", "weapons-3"],
        ["reactor-1", "reactor-3", "pilot-3", "pilot-2", "oven-1"],
        ["reactor-4", "pilot-1", "weapons-2", "engineering-2", "oven-3"],
    ]
    grid = [["pdrive-2", ("oven-4", True), "pdrive-1"]]
    held = {c for h in hands for c in h} | {"pdrive-2", "oven-4", "pdrive-1"}
    rest = [c for c in ship_deck(ship) if c not in held]
    state = table(
        hands=hands,
        grid=grid,
        ship=ship,
        level="Margherita",
        sector="sector-customs",
        side="back",
        deck=[],
        removed=rest,
        marker=2,
    )
    draws = [a for a in legal_actions(state) if isinstance(a, UseShip) and a.index == 0]
    assert not draws, "a draw with nothing to draw is not offered while a card can be played (E10)"
    assert not isinstance(heuristic(state).action, UseShip)
    with_a_card = state.model_copy(update={"deck": rest[:1], "removed": rest[1:]})
    draws = [a for a in legal_actions(with_a_card) if isinstance(a, UseShip) and a.index == 0]
    assert heuristic(with_a_card).action in draws, "a draw that draws is still worth the marker here"


def test_a_ship_action_that_would_change_nothing_is_offered_only_when_nothing_else_is() -> None:
    """Ruling E10: the Quasar Calzone's "discard: repair" at an undamaged ship, and the Nostroven One's
    draw with no card left, are not on offer while the crew can do anything else; the same move with
    something to do is. A crew left with nothing but such a move still has it (it is not stranded
    before it was by R18), and its line says it does nothing now before it is paid."""

    def ship_moves(state: State, index: int) -> list[str]:
        return [
            m.description
            for m in moves(state, 0)
            if isinstance(action := decode(state, m.group), UseShip) and action.index == index
        ]

    quasar = ship_deck("Quasar Calzone")
    whole = table(hands=[quasar[:3]], ship="Quasar Calzone")
    assert whole.damage == CARDS.ship("Quasar Calzone").damage.length
    assert ship_moves(whole, 0) == []
    assert not any(isinstance(a, UseShip) and a.index == 0 for a in legal_actions(whole))
    assert (  # the hand view says why it is missing, on a line of its own: it is not impossible
        "Offered only when nothing else is: Ship — discard a hand card: repair 1, once per sector (does "
        "nothing now: there is no damage to repair)" in unavailable_text(whole, 0).split("\n")
    )
    assert "Not possible now: Ship — discard a hand card: repair 1" not in unavailable_text(whole, 0)
    german = unavailable_text(whole, 0, "de").split("\n")
    assert german[-1].startswith("Nur im Angebot, wenn sonst nichts geht: Schiff — "), german
    assert "(bewirkt jetzt nichts: es gibt keinen Schaden zu reparieren)" in german[-1], german
    assert unavailable_text(whole, 0, "es").split("\n")[-1].startswith("Solo se ofrece cuando no se puede")
    hit = whole.model_copy(update={"damage": whole.damage - 1})
    assert len(ship_moves(hit, 0)) == 1
    assert "Does nothing now" not in ship_moves(hit, 0)[0]
    nostroven = ship_deck("Nostroven One")
    dry = table(hands=[nostroven[:2]], ship="Nostroven One", deck=[], removed=nostroven[2:], marker=3)
    assert ship_moves(dry, 0) == []
    wet = dry.model_copy(update={"discard": nostroven[2:3], "removed": nostroven[3:]})
    assert len(ship_moves(wet, 0)) == 1
    assert "Does nothing now" not in ship_moves(wet, 0)[0]
    # empty hands, no card to draw: the marker's draw is all that is left, and it says so
    stuck = dry.model_copy(update={"hands": [[]], "removed": nostroven})
    assert [type(a) for a in legal_actions(stuck)] == [UseShip]
    assert ship_moves(stuck, 0) == ["Does nothing now: no card is left to draw"]


def test_a_station_draw_paid_from_the_grid_does_something_with_no_card_left() -> None:
    """The occupied Warp Sled's "pay 2 drive from one row: draw 2" with the deck and the discard pile
    empty: the Ramjet paid goes to the discard pile first, and the draw shuffles it into a new deck and
    takes it into the hand. Its line read "Does nothing now: no card is left to draw" (and the greedy
    crew ranked it below every move); it does not say so, and the hint does not call it idle."""
    deck = ship_deck("Spacehopper 3000")
    hand = ["pilot-1", "pilot-2"]
    rest = [c for c in deck if c not in {"rdrive-3", "rdrive-1", *hand}]
    state = table(hands=[hand], grid=[["rdrive-1"]], stations=["rdrive-3"], deck=[], removed=rest)
    use = next(a for a in legal_actions(state) if isinstance(a, UseStation))
    unpaid = UseStation(seat=0, payment=NO_PAYMENT)
    line = next(m for m in moves(state, 0) if decode(state, m.group) == unpaid)
    assert not line.idle
    assert "Does nothing now" not in line.description
    assert "changes nothing" not in explain(state, use)
    after, _ = apply(state, use)
    assert sorted(after.hands[0]) == sorted([*hand, "rdrive-1"])  # the card paid came back into the hand


def test_a_per_member_solution_says_its_total_for_the_crew() -> None:
    """Asteroid Drift asks "2 shield, 1 firepower per crew member": a crew of two reads its total where it
    plays (board text and alt text); a solo crew's total is the printed one, said as printed."""
    pair = table(hands=[["pilot-1"], ["reactor-1"]], sector="sector-asteroids")
    spec = sector_side(pair)
    assert spec is not None
    assert spec.solutions[0].per_crew
    said = "(2 shield, 1 firepower) per crew member (4 shield, 2 firepower for a crew of 2)"
    assert said in describe_board(pair)
    assert said in board_summary(pair)
    solo = table(hands=[["pilot-1"]], sector="sector-asteroids")
    assert "(2 shield, 1 firepower) per crew member" in describe_board(solo)
    assert "for a crew of" not in describe_board(solo)


# --- 5. what changes under a player's hand is said ---------------------------------------------------


@pytest.mark.parametrize("locale", ["en", "de", "es"])
def test_every_decision_line_starts_with_a_capital_as_its_neighbours_do(locale: Locale) -> None:
    """A three-crew game's hand menus read "upgrade Autopilot" and "occupy nothing new" right under
    "The upgrade is lost: upgrade nothing" and beside "Jump to the next sector": every line a member
    picks from starts with a capital letter, in every language."""
    hands = [["reactor-2", "pilot-2"], ["pilot-1"], ["rdrive-1"]]
    for pending in [
        Pending(kind="occupy", seat=0, seats=(0, 1, 2), reason="Occupy."),
        Pending(kind="upgrade", reason="Upgrade a hand card."),
        Pending(kind="give", amount=1, give="remove", reason="Remove 1 hand card."),
        Pending(kind="give", amount=1, give="discard", reason="Discard 1 hand card."),
    ]:
        state = table(hands=hands).model_copy(update={"pending": pending})
        labels = [m.label for m in moves(state, 0, locale=locale)]
        assert labels, pending.kind
        assert all(label[:1].isupper() for label in labels), labels


@pytest.mark.parametrize("locale", ["en", "de", "es"])
def test_a_seats_move_in_the_log_starts_with_a_capital_as_a_crew_decision_does(locale: Locale) -> None:
    """The board's log read "**Ann**: occupy nothing new" next to "**Ann**: Solve the sector (…)", and
    the hand's note "You: occupy nothing new": a seat's move reads capitalised after whose it is."""
    state = table(hands=[["reactor-2", "pilot-2"]]).model_copy(
        update={"pending": Pending(kind="occupy", seat=0, reason="Occupy.")}
    )
    for action in [Occupy(seat=0, card=None), Occupy(seat=0, card="reactor-2")]:
        move = describe(state, action, None, locale, ["Ann"])
        assert move.line[:1].isupper(), move.line
        assert move.text.split(": ", 1)[1][:1].isupper(), move.text
    plain = table(hands=[["reactor-2", "pilot-2"]])
    for action in legal_actions(plain):
        move = describe(plain, action, None, locale, ["Ann"])
        assert move.line[:1].isupper(), move.line


def test_a_discard_reads_in_german_with_the_verb_the_rest_of_the_game_uses() -> None:
    """German said "2 Handkarten abwerfen" as the decision, "Ann wirft X ab." in the log, and "X ablegen"
    on the very menu line (and in the hint) that answers it: one verb, "abwerfen"."""
    pending = Pending(kind="give", amount=1, give="discard", reason="Discard 1 hand card.")
    state = table(hands=[["reactor-2", "pilot-2"]]).model_copy(update={"pending": pending})
    labels = [m.label for m in moves(state, 0, locale="de")]
    assert labels, labels
    assert all(label.endswith(" abwerfen") for label in labels), labels


@pytest.mark.parametrize("locale", ["en", "de", "es"])
def test_a_sector_strikes_with_the_same_verb_whether_or_not_the_crew_draws(locale: Locale) -> None:
    """Spanish told one strike "¡Aduana galáctica ataca!" and the next "¡Nebulosa de pimienta golpea! La
    tripulación roba 2 cartas.": the same event, two verbs."""
    alone = t(locale, "We have a problem: {sector} strikes!", sector="X")
    drawing = tn(
        locale,
        "We have a problem: {sector} strikes! The crew draws {count} card.",
        "We have a problem: {sector} strikes! The crew draws {count} cards.",
        2,
        sector="X",
    )
    assert drawing.startswith(alone), (alone, drawing)


def test_occupying_in_place_of_a_held_station_says_the_old_one_goes_to_the_discard_pile() -> None:
    """Rulebook: a member occupies one station; a new one sends the old to the discard pile. The menu
    says so before the choice, and the log after it."""
    state = table(hands=[["reactor-2"]], stations=["pilot-1"]).model_copy(
        update={"pending": Pending(kind="occupy", seat=0, reason="Crew 1 may occupy a station.")}
    )
    occupy = next(m for m in moves(state, 0) if decode(state, m.group) == Occupy(seat=0, card="reactor-2"))
    assert occupy.label == "Occupy Antimatter Bottle in place of Helm Console"
    after, events = apply(state, Occupy(seat=0, card="reactor-2"))
    assert after.discard[-1] == "pilot-1"
    assert said(events[0].text) == "Crew 1 occupies Antimatter Bottle; Helm Console goes to the discard pile."
    fresh = table(hands=[["reactor-2"]]).model_copy(update={"pending": state.pending})
    assert (
        said(apply(fresh, Occupy(seat=0, card="reactor-2"))[1][0].text)
        == "Crew 1 occupies Antimatter Bottle."
    )


def test_a_move_with_one_way_to_pay_names_the_card_it_gives_up() -> None:
    """With one other hand card, "discard another hand card" is taken at once (no second step): the
    move says which card goes, in the hand view's description and the terminal's line."""
    state = table(hands=[["rdrive-1", "reactor-2"]])
    rotated = [
        m
        for m in moves(state, 0)
        if (a := decode(state, m.group)) is not None
        and isinstance(a, PlayCard)
        and a.card == "rdrive-1"
        and len(m.options) == 1
        and m.options[0].label.startswith("Discarding")
    ]
    assert rotated, "Ramjet rotated costs the other hand card"
    assert rotated[0].description.startswith("Discarding Antimatter Bottle · ")
    assert len(rotated[0].description) <= LABEL_LIMIT
    assert "(Discarding Antimatter Bottle · " in terminal(state)


def test_a_changed_jump_or_danger_says_why() -> None:
    """Autopilot occupied: "drive needed to jump −1"; Bubble Screen: "danger value +1". The board says
    the printed value and the station that changes it, in words and (short) on the picture."""
    state = table(hands=[["reactor-2"]], stations=["pilot-2"])
    spec = sector_side(state)
    assert spec is not None
    printed = spec.jump.drive[0]
    needs = f"{printed - 1} drive ({printed} printed, −1 Autopilot) + {spec.jump.navigation} navigation"
    assert f"Jump needs {needs}" in describe_board(state)  # the note beside the drive it explains
    shielded = table(hands=[["reactor-2"]], stations=["shields-2"])
    danger = spec.danger[0]
    assert (
        f"danger {danger + 1} ({danger} printed, +1 Bubble Screen): the current row holds 0 of"
        in board_summary(shielded)
    )
    assert "(printed" not in board_summary(table(hands=[["reactor-2"]]))
    assert changed_note(shielded, "danger", short=True) == f" ({danger}+1)"
    bubble = card_name("de", shielded.cards, "shields-2")
    assert f"({danger} gedruckt, +1 {bubble})" in board_summary(shielded, locale="de")


def test_a_reshuffle_is_said_before_the_draw() -> None:
    state = table(hands=[["reactor-2"]], deck=[], discard=["pilot-1", "pilot-3"])
    _, events = apply(state, UseShip(seat=0, index=0))
    lines = [said(e.text) for e in events]
    assert "The deck is empty: the discard pile (2 cards) is shuffled into a new deck." in lines
    assert lines.index("The deck is empty: the discard pile (2 cards) is shuffled into a new deck.") < next(
        i for i, line in enumerate(lines) if "draws" in line
    )


def test_the_starter_game_is_named_so_not_by_the_level_it_goes_on_at() -> None:
    state, _ = deal(3, starter=True)
    assert "(starter game)" in board_summary(state)
    assert "(Salad)" not in board_summary(state)
    assert "removed 0. Road ahead" in board_summary(state)
    assert "(Salad)" in board_summary(deal(3, level="Salad")[0])


def test_a_looked_up_sector_says_which_number_is_which_crew_size_and_what_is_per_member() -> None:
    """`/dine card` shows every crew size's numbers at once: "Jump: 8/6/6 drive … Danger 2/3/4" did not
    say which is which, and "4 shield, 1 firepower per crew member" read as if only the firepower were
    per member (a new player's review). A crew's own numbers need no label."""
    drift = card_set("dine-4").sector("sector-asteroids").front
    looked_up = sector_text(drift)
    assert "Jump (1/2/3 crew): 8/6/6 drive and 1 navigation." in looked_up
    assert "Solve: (4 shield, 1 firepower) per crew member." in looked_up
    assert "Danger (1/2/3 crew) 2/3/4: 1 damage." in looked_up
    assert "Sprung (1/2/3 Crewmitglieder): 8/6/6" in sector_text(drift, locale="de")
    assert "Peligro (1/2/3 tripulantes) 2/3/4" in sector_text(drift, locale="es")
    own = sector_text(drift, 2)
    assert "Jump: 6 drive" in own
    assert "Danger 3:" in own
    assert "1/2/3" not in own


def test_a_ship_action_asks_for_a_hand_card_and_a_hand_cards_action_for_another() -> None:
    """A hand card's discard cost gives up another card than itself; the ship's takes any hand card,
    so a lone card in hand pays it. The words follow that: "another hand card" only on a hand card."""
    state = table(hands=[["pilot-1"]], ship="Quasar Calzone", damage=3)
    repair = next(a for a in legal_actions(state) if isinstance(a, UseShip) and a.index == 0)
    assert repair.payment is not None
    assert repair.payment.hand == ("pilot-1",)
    ship = ship_text(CARDS.ship("Quasar Calzone"))
    assert "Ship actions: discard a hand card: repair 1, once per sector | remove a hand card: draw 2" in ship
    assert "another" not in ship
    station = station_text(CARDS.station("reactor-1").normal, "Reactor")
    assert "| discard another hand card: rotate, play" in station


def test_a_jump_asking_no_navigation_and_a_lone_solution_say_only_what_matters() -> None:
    """Found by a review: "Jump needs 3 drive + 0 navigation" read as noise to a newcomer, and "Solve
    the sector (solution 1: 4 energy)" numbered a solution with nothing to tell it apart from."""
    sides = [(c.id, name, getattr(c, name)) for c in CARDS.sectors for name in ("front", "back")]
    assert {spec.jump.navigation == 0 for _, _, spec in sides} == {True, False}  # both kinds are dealt
    lone = 0
    for card_id, side, spec in sides:
        state = table(hands=[["pilot-1"]], sector=card_id, side=side)
        asks = spec.jump.navigation > 0
        assert ("drive and" in sector_text(spec)) == asks, sector_text(spec)
        if spec.jump.drive[0] is not None:
            assert ("navigation" in jump_text(state)) == asks, jump_text(state)
        for i, solution in enumerate(spec.solutions):
            if solution.pay is None:
                line = describe(state, Clear(how="solve", solution=i)).line
                assert ("solution 1" in line or "solution 2" in line) == (len(spec.solutions) > 1), line
                lone += len(spec.solutions) == 1
    assert lone > 0


def test_the_board_says_when_the_grid_meets_a_way_out_no_one_is_offered_yet() -> None:
    """Ruling E4 offers a way out once per action: after a strike or "Keep playing" the grid can hold
    9 drive against the 8 needed with no jump on offer (a new player's review). The board says what
    it meets and that it is offered after the crew's next action, in the picture's alt text too (and
    the Discord board's sector field: `tests/dine_discord/test_board.py`); with a decision waiting,
    or nothing met, it says nothing of it."""
    grid = [["rdrive-1"], ["pilot-2"], ["pilot-3"], []]  # Ramjet, two Pilots: 3 drive, 2 navigation
    met = table(hands=[["pilot-1"]], grid=grid, sector="sector-wormhole")  # Wobbly Wormhole
    assert can_jump(met)
    assert not solved_by_symbols(met)
    note = "The grid meets the jump: the crew may jump after its next action."
    assert note in describe_board(met)
    assert note in board_summary(met)  # the picture's alt text: what a screen reader reads
    waiting = met.model_copy(update={"pending": Pending(kind="clear", options=("jump",), reason="Jump?")})
    assert "The grid meets" not in describe_board(waiting)
    assert "The grid meets" not in board_summary(waiting)
    assert "The grid meets" not in describe_board(table(hands=[["pilot-1"]]))
