"""Readable D-6 play (issue 17): grouped menus, card texts in words, a status that says where you are."""

from __future__ import annotations

import re

import pytest

from cogs.d6.board import board_embed
from core.d6 import apply, new_game
from core.d6.actions import (
    AwayMission,
    ChangeFace,
    ClearScanner,
    EndAssignment,
    Fire,
    Gather,
    Recall,
    Repair,
    SendToInfirmary,
    Stasis,
)
from core.d6.ai import heuristic, ranked
from core.d6.cards import Face, card_text, deck
from core.d6.codes import decode, encode
from core.d6.engine import abandon, legal_actions
from core.d6.state import Die, Pending, Place, State, Station, Task
from core.d6.why import max_hit
from core.i18n import Locale, t
from core.render import d6_hint, d6_menu
from core.render.d6_controls import LABEL_LIMIT, as_shown, controls, page_code, read_page
from core.render.d6_layout import layout
from core.render.d6_text import (
    board_summary,
    decision_text,
    describe_action,
    describe_board,
    die_line,
    die_state,
    station_lines,
    threat_line,
)
from core.table import Table
from tests.d6.helpers import DONT_PANIC, C, E, M, S, T, X, die, end_round, make_state, play, pool, threat
from tests.d6.test_codes_and_controls import states
from tools.play import Numbering, play_d6

PLACEHOLDER = re.compile(r"\[[^\]]*\]")


# --- 1. one line per distinct move ---------------------------------------------------------------


def test_three_commanders_give_one_line_per_distinct_move() -> None:
    """Seed 28 rolls Engineering, three Commanders, Tactical, Science: 68 legal actions, most of them
    the same face change made by another Commander; the menu shows 7 lines, 16 face changes behind one."""
    state = new_game(28, "easy")
    assert len(legal_actions(state)) == 68
    groups = d6_menu.menu(state)
    lines = d6_menu.moves(groups)
    assert len(lines) == 7
    turn = next(line for line in lines if line.then)
    assert len(turn.then) == 16  # Engineering, Tactical, Science, Commander × the 4 other faces
    assert [g.heading for g in groups] == [
        "Commander dice (2, 4, 5)",
        "Tactical die (3)",
        "Science die (6)",
        "End of assignment",
    ]
    labels = [sub.label for sub in turn.then]
    assert "Turn one Commander die (4, 5) to Tactical" in labels
    assert len(set(labels)) == len(labels)


def test_every_legal_move_is_on_the_menu_once_and_every_line_is_legal() -> None:
    for seed in (1, 2, 3):
        for state in states(seed, 120):
            if state.outcome != "playing":
                continue
            legal = legal_actions(state)
            groups = d6_menu.menu(state)
            offered = [m for line in d6_menu.moves(groups) for m in (line.then or (line,))]
            keys = [m.key for m in offered]
            assert len(set(keys)) == len(keys)
            assert all(m.action in legal for m in offered)
            assert {d6_menu.move_key(state, a) for a in legal} == set(keys)
            assert d6_menu.find(groups, d6_menu.move_key(state, heuristic(state).action)) is not None


def test_ending_the_assignment_is_last_and_says_what_it_leaves_unused() -> None:
    state = new_game(28, "easy")
    last = d6_menu.moves(d6_menu.menu(state))[-1]
    assert last.action == EndAssignment()
    assert last.label.startswith("End the assignment — 6 ready dice stay unused this round")
    empty = make_state([die(T, Place.STATION), die(S, Place.STATION)])
    assert d6_menu.moves(d6_menu.menu(empty)) == [
        d6_menu.Move(("end",), d6_menu.end_label(empty), EndAssignment())
    ]
    assert "unused" not in d6_menu.end_label(empty)


def test_numbers_stay_on_the_moves_that_are_still_offered() -> None:
    """Assigning the Medical die takes its line away; the Tactical and Science lines keep their numbers."""
    state = make_state(
        [*pool(M, T, S), die(X, Place.SCANNER)],
        external=[threat(1, "space_pirates_h3"), threat(2, "drone_a")],
    )
    numbering = Numbering()
    before = numbering.number(state, d6_menu.menu(state))
    state, _ = play(state, ClearScanner(die=0, scanner_die=3))
    after = numbering.number(state, d6_menu.menu(state))
    kept = {key: n for key, n in before.items() if key in after}
    assert len(kept) == len(after) == len(before) - 1
    assert all(after[key] == n for key, n in kept.items())


def test_the_terminal_shows_grouped_lines_and_the_commander_step() -> None:
    typed = iter(["2", "h", "0", "q"])
    shown: list[str] = []
    assert play_d6(28, "easy", "full", ask=lambda _: next(typed), say=shown.append) == "quit"
    text = "\n".join(shown)
    assert text.count("Commander turns die") == 0  # no per-die face-change lines
    assert "  2. Turn another ready die to another face… (16 choices)" in text
    assert " 16. Turn one " in text  # the second step lists the 16 face changes
    assert "Tactical die (3): The first Tactical die of a round deals 1 damage, each further one 2." in text


def test_a_station_rule_is_said_only_where_the_die_may_use_that_station() -> None:
    """At full hull an Engineering die can only go on Comms Offline's away mission: the repair rule
    would explain a move that is not on offer. With hull to mend, it is said."""
    full = make_state(pool(E), internal=[threat(1, "comms_offline")])
    (engineering, _end) = d6_menu.menu(full)
    assert [type(m.action).__name__ for m in engineering.moves] == ["AwayMission"]
    assert engineering.note == ""
    assert controls(full, selected=0).prompt == "Engineering die: choose where it goes."
    worn = make_state(pool(E), internal=[threat(1, "comms_offline")], hull=6)
    rule = "The first Engineering die of a round repairs 1 hull, each further one 2."
    assert d6_menu.menu(worn)[0].note == rule
    assert controls(worn, selected=0).prompt == f"Engineering die: choose where it goes. {rule}"


def test_at_gather_keeping_the_away_team_comes_first_and_recall_says_its_cost() -> None:
    state = make_state(pool(S, C), internal=[threat(1, "time_warp")], deck=[DONT_PANIC] * 3)
    state, _ = play(state, AwayMission(die=0, target=1))
    state, _ = end_round(state, threat_die=[6])
    assert state.pending is not None
    assert state.pending.kind == "gather"
    lines = d6_menu.moves(d6_menu.menu(state))
    assert [type(line.action).__name__ for line in lines] == ["Gather", "Recall"]
    assert lines[1].label == "Recall the away team from Time Warp (its mission starts over)"
    # Discord offers the same answers in the same order: leaving the team in place first.
    shown = [choice.label for choice in controls(state).choices()]
    assert shown[0].startswith("Leave the away teams in place")
    assert shown[1].startswith("Recall the away team from Time Warp")
    # the assignment is over: what each station would do now is no news while the round asks this
    assert "Stations now" not in describe_board(state)
    assert "Stations now" not in [f.name for f in board_embed(1, 1, Table.start(1), state, "", False).fields]
    assert "Stations now:" in describe_board(make_state(pool(S, C)))  # while dice are assigned, it is


# --- 2. card texts in words ----------------------------------------------------------------------


def test_no_card_or_threat_text_shows_an_icon_placeholder() -> None:
    table = Table.start(1)
    for spec in deck().cards:
        kind = {"internal": "internal", "external": "external"}.get(spec.kind, "internal")
        state = make_state(pool(C, T, M, S, E), **{kind: [threat(1, spec.id)]})
        assert not PLACEHOLDER.search(card_text(spec)), spec.id
        embed = board_embed(1, 1, table, state, controls(state).prompt, picture=False)
        texts = [
            threat_line(state, state.threats()[0]),
            describe_board(state),
            board_summary(state),
            str(embed.description),
            *(str(field.value) for field in embed.fields),
        ]
        for text in texts:
            assert not PLACEHOLDER.search(text), (spec.id, text)
        if spec.kind == "filler":  # a "Don't Panic!" draw is no new threat
            continue
        drawn = make_state(pool(C, T), deck=[spec.id, DONT_PANIC])
        _, said = end_round(drawn, threat_die=[6, 6])
        new = [line for line in said if line.startswith("New threat:")]
        assert new, spec.id
        assert not PLACEHOLDER.search(new[0]), (spec.id, new)
    assert card_text(next(c for c in deck().cards if c.id == "friendly_fire")).startswith(
        "All Tactical crew go directly to"
    )


@pytest.mark.parametrize("locale", ["en", "de", "es"])
def test_a_threat_line_says_its_effect_after_one_colon(locale: Locale) -> None:
    """Panel Explosion's card reads "You may not assign: [Engineering]"; after "Effect:" that read
    "Effect: You may not assign: Engineering crew". Every threat's line on the board has one colon
    before its effect, in every language."""
    label = t(locale, "{threat}. Effect: {effect}", threat="", effect="")  # ". Effect: " in `locale`
    for spec in deck().cards:
        kind = {"internal": "internal", "external": "external"}.get(spec.kind, "internal")
        state = make_state(pool(C, T, M, S, E), **{kind: [threat(1, spec.id)]})
        line = threat_line(state, state.threats()[0], locale)
        effect = line.split(label, 1)[1].split(" (")[0]
        assert ": " not in effect, (spec.id, line)
    exploded = make_state(pool(C), internal=[threat(1, "panel_explosion")])
    assert "Effect: You may not assign Engineering crew" in threat_line(exploded, exploded.threats()[0])


def test_cards_without_activation_numbers_say_why() -> None:
    state = make_state(
        pool(C),
        internal=[threat(1, "panel_explosion")],
        external=[threat(2, "scouting_ship"), threat(3, "mercenary")],
    )
    lines = [threat_line(state, t) for t in state.threats()]
    assert all("no die" not in line for line in lines)
    assert "never activates: stays until its away mission is completed" in lines[0]
    assert "checks after every activation phase" in lines[1]


def test_a_freed_scanner_die_reads_as_returned_not_as_a_threat() -> None:
    state = make_state([*pool(M, T), die(X, Place.SCANNER)], external=[threat(1, "drone_a")])
    state, _ = play(state, ClearScanner(die=0, scanner_die=2))
    text = describe_board(state)
    assert "Die 3: returned, rolls next round" in text
    assert "threat, returned" not in text


def test_the_tactical_and_engineering_rule_is_said_where_those_moves_are_offered() -> None:
    state = make_state(pool(T, E, T), external=[threat(1, "drone_a")], hull=5)
    rule = "The first Tactical die of a round deals 1 damage, each further one 2."
    assert rule in controls(state, 0).prompt
    assert "each further one 2" in controls(state, 1).prompt
    notes = {g.heading: g.note for g in d6_menu.menu(state)}
    assert notes["Tactical dice (1, 3)"].startswith("The first Tactical die")
    assert notes["Engineering die (2)"].startswith("The first Engineering die of a round repairs 1 hull")


def test_identical_commander_targets_are_one_button_in_discord() -> None:
    state = make_state(pool(C, T, T, S))
    labels = [c.label for c in controls(state, 0).choices()]
    turns = [label for label in labels if "turns die" in label]
    assert len(turns) == 8  # two kinds of target (Tactical, Science) × 4 faces, not 12
    assert len(set(labels)) == len(labels)


def test_the_infirmary_hint_names_a_place_in_words() -> None:
    for seed in (4, 5):
        for state in states(seed, 200):
            if state.pending is not None and state.pending.kind in ("infirmary", "hold"):
                reason = heuristic(state).reason
                assert not re.search(r"die (is )?(pool|station|mission|scanner|returned)\b", reason), reason


# --- 3. what each station would do now -----------------------------------------------------------


def test_the_status_says_what_each_station_would_do_now() -> None:
    state = make_state(
        [*pool(T, E, S, M), die(M, Place.INFIRMARY), die(X, Place.SCANNER)],
        external=[threat(1, "drone_a")],
        hull=5,
        shields=2,
    )
    assert station_lines(state) == [
        "Commander: turn another ready die to any face, or re-roll the other ready dice",
        "Tactical: 1 damage, 3 with a second die",
        "Science: recharge the shields to 4 (+2); or stasis beam on Drone",
        "Engineering: repair 1 hull, 3 with a second die",
        "Medical: bring back 1 die from the Infirmary; or free 1 of 1 die locked in the Scanners",
    ]
    state, _ = play(state, Repair(die=1), Fire(die=0, split=((1, 1),)))
    assert "Engineering: repair 2 hull" in station_lines(state)  # 3 missing: the next die repairs 2
    assert "Tactical: no external threat to fire at" in station_lines(state)
    text = describe_board(state)
    assert "Threat deck: 5 cards left." in text
    assert "Stations now:\n  Commander:" in text
    embed = board_embed(1, 1, Table.start(1), state, "", picture=False)
    field = next(f for f in embed.fields if f.name == "Stations now")
    assert "Engineering: repair 2 hull" in str(field.value)


def test_a_banned_station_says_which_card_bans_it() -> None:
    state = make_state(pool(E, C), internal=[threat(1, "panel_explosion")], hull=6)
    assert "Engineering: banned by Panel Explosion" in station_lines(state)


def test_labels_keep_their_words() -> None:
    """The grouped menu reuses the board's action words (one wording for both front ends)."""
    state = make_state(pool(C, S, M), internal=[threat(1, "time_warp")])
    for line in d6_menu.moves(d6_menu.menu(state)):
        if line.action is not None and not isinstance(line.action, EndAssignment):
            assert line.label == describe_action(state, line.action, with_die=False)
    mission = AwayMission(die=1, target=1)
    assert mission in legal_actions(state)
    beam = Stasis(die=1, target=1)  # the same die and threat, another move
    assert d6_menu.move_key(state, beam) != d6_menu.move_key(state, mission)
    assert {line.action for line in d6_menu.moves(d6_menu.menu(state))} >= {mission, beam}
    turn = ChangeFace(die=0, target=1, face=Face.MEDICAL)
    assert d6_menu.move_key(state, turn) == ("turn", Face.SCIENCE, Face.MEDICAL)
    _ = apply(state, turn)


def test_the_most_a_round_can_hit_is_the_worst_face_not_every_threat() -> None:
    """The threat die is rolled once a round: Assault Cruisers on 1-2 and 4-5 (2 each), a Flagship on
    4-6 (3) and Solar Winds on 2 (5) hit for at most 7 (a 2: Solar Winds and the 1-2 Cruiser), not 12;
    Cloaked Threats on the 2 rolls again, so a 2 can be followed by the worst face once more."""
    cruisers = [threat(1, "assault_cruiser_b"), threat(2, "assault_cruiser_a"), threat(3, "flagship")]
    state = make_state(pool(T), external=[*cruisers, threat(4, "solar_winds")])
    assert max_hit(state) == 7
    cloaked = make_state(
        pool(T), external=[*cruisers, threat(4, "solar_winds")], internal=[threat(5, "cloaked_threats")]
    )
    assert max_hit(cloaked) == 7 + 7
    held = make_state(pool(T), external=[*cruisers, threat(4, "solar_winds", stasis=True)])
    assert max_hit(held) == 5  # a 4 or a 5: the 4-5 Cruiser and the Flagship


def test_two_threats_of_one_name_are_told_apart_in_the_moves() -> None:
    """Assault Cruisers on 1-2 and on 4-5: which one a stasis beam holds matters, so each move names
    the numbers it activates on; two Raiders alike but for their health are told by health."""
    state = make_state(pool(S, T), external=[threat(1, "assault_cruiser_b"), threat(2, "assault_cruiser_a")])
    labels = [describe_action(state, action) for action in legal_actions(state)]
    assert any(label.endswith("stasis beam on Assault Cruiser (1, 2)") for label in labels)
    assert any(label.endswith("stasis beam on Assault Cruiser (4, 5)") for label in labels)
    raiders = make_state(pool(T), external=[threat(1, "raiders_a", 1), threat(2, "raiders_a")])
    fired = [describe_action(raiders, action) for action in legal_actions(raiders)]
    assert any("on Raiders (1/2)" in label for label in fired), fired
    alone = make_state(pool(S), external=[threat(1, "assault_cruiser_b")])
    assert any(
        describe_action(alone, action).endswith("stasis beam on Assault Cruiser")
        for action in legal_actions(alone)
    )


def test_a_die_left_unused_after_the_assignment_shows_its_face() -> None:
    """After the assignment a ready die keeps the face it rolled this round (Friendly Fire sends an
    unused Tactical die to the Infirmary), so the words show it rather than "not rolled"."""
    deciding = make_state(pool(T, S), phase="decide", queue=[Task(op="new_round")])
    board = describe_board(deciding)
    assert "Die 1: Tactical, unused this round" in board
    assert "not rolled" not in board


def test_a_die_rolled_this_round_reads_ready_while_a_question_comes_before_the_assignment() -> None:
    """A review: a Distracted card drawn by the Scanners asks its question before any die is assigned;
    the dice just rolled read "unused this round" there, in the words and the picture."""
    asking = make_state(pool(E, M), phase="decide", pending=Pending(kind="hold", reason="which?"))
    assert [die_state(asking, i) for i in range(2)] == ["Engineering, ready", "Medical, ready"]
    picture = " ".join(shape.text for shape in layout(asking).texts())
    assert "Crew ready" in picture
    assert "unused" not in picture


def test_after_the_assignment_each_die_says_what_it_did_this_round() -> None:
    """A review (seed 100): die 2 (Medical) freed die 1 from the Scanners, die 4 (Commander) turned
    die 3, which went on an away mission; at the gather's question dice 1, 2 and 4 read "unused this
    round", in the words, the picture's alt text and the picture. Each now says what it did."""
    state = new_game(100)
    for action in (
        ClearScanner(die=1, scanner_die=0),
        ChangeFace(die=3, target=2, face=Face.TACTICAL),
        AwayMission(die=2, target=1),
        EndAssignment(),
    ):
        state, _ = apply(state, action)
    assert state.pending is not None
    assert state.pending.kind == "gather"
    assert [die_line(state, i) for i in range(6)] == [
        "Die 1: returned, rolls next round",
        "Die 2: Medical, used at the Medical station, rolls next round",
        "Die 3: Tactical, on an away mission (Invaders)",
        "Die 4: Commander, used at the Commander station, rolls next round",
        "Die 5: Engineering, unused this round",
        "Die 6: Engineering, unused this round",
    ]
    assert [die_line(state, i, "es") for i in (1, 3)] == [
        "Dado 2: Médico, usado en la estación de Médico, se tira la próxima ronda",
        "Dado 4: Comandante, usado en la estación de Comandante, se tira la próxima ronda",
    ]
    for locale in ("en", "es"):  # the alt text says each die as the board does
        summary = board_summary(state, locale)
        assert all(die_state(state, i, locale) in summary for i in range(6))
    picture = " ".join(shape.text for shape in layout(state).texts())
    # the pool's note, over two lines: dice 1, 2 and 4 came back, dice 5 and 6 were left unused
    assert "gathered or unused, rolled next round" in picture
    assert State.model_validate_json(state.model_dump_json()) == state  # a stored game keeps it
    # abandoned there: the final board says the same, without a next round to roll in
    over, _ = abandon(state)
    assert [die_state(over, i) for i in range(6)] == [
        "returned",
        "Medical, used at the Medical station",
        "Tactical, on an away mission (Invaders)",
        "Commander, used at the Commander station",
        "Engineering, unused this round",
        "Engineering, unused this round",
    ]
    assert "Dados: 1 devuelto; 2 Médico, usado en la estación de Médico;" in board_summary(over, "es")


def test_a_recalled_or_scanned_die_back_in_the_pool_says_so() -> None:
    """Two away teams at the gather: the one recalled reads as recalled, not as unused; a die the
    Scanners set aside and one that came back from the Returned area say so too."""
    state = make_state(
        [
            die(T, Place.MISSION, on=1),
            die(S, Place.MISSION, on=2),
            Die(face=X, was=die(X, Place.RESET)),
            Die(face=E, was=die(E, Place.RETURNED)),
            *pool(C),
        ],
        internal=[threat(1, "invaders"), threat(2, "time_warp")],
        phase="decide",
        pending=Pending(kind="gather", reason="recall?"),
        queue=[Task(op="new_round")],  # what the gather leaves to do, as the engine queues it
    )
    state, _ = play(state, Recall(target=1))
    assert state.pending is not None  # the other team is still out
    assert [die_state(state, i) for i in range(5)] == [
        "Tactical, recalled from an away mission (Invaders), rolls next round",
        "Science, on an away mission (Time Warp)",
        "set aside by the Scanners, rolls next round",
        "Engineering, returned, rolls next round",  # its face still shows: Friendly Fire reads it
        "Commander, unused this round",
    ]
    state, _ = play(state, Gather())
    assert state.phase == "assign"
    assert all(d.was is None for d in state.dice)  # rolled: this round's past is gone


@pytest.mark.parametrize(
    ("locale", "heading"),
    [
        ("en", "Recall crew from unfinished away missions, or leave them?"),
        ("de", "Crew von unfertigen Außenmissionen zurückrufen oder dort lassen?"),
        ("es", "¿Retirar tripulación de misiones ausentes sin terminar, o dejarla?"),
    ],
)
def test_the_recall_question_starts_with_a_capital_in_every_language(locale: Locale, heading: str) -> None:
    """It heads the board and the choices ("**¿retirar …?**" read as a slip in Spanish)."""
    state = make_state(
        [die(T, Place.MISSION, on=1), *pool(C)],
        internal=[threat(1, "invaders")],
        phase="decide",
        pending=Pending(kind="gather", reason="recall?"),
    )
    assert decision_text(state, locale) == heading
    assert controls(state, locale=locale).prompt == heading


def test_a_shot_beyond_a_threats_health_says_so_and_comes_after_the_others() -> None:
    """A second Tactical die deals 2 (§10 ruling). Two Drones with 1 health each: 2 on one of them
    spends a point it does not need, so that line says so and comes after the split; and two alike
    Drones are one target, so "2 on Drone" is one line, not two that read the same."""
    state = make_state(pool(T, T), external=[threat(1, "drone_b"), threat(2, "drone_b")], tactical_used=1)
    wanted = [
        "Fire weapons for 2 — 1 on Drone, 1 on Drone",
        "Fire weapons for 2 — 2 on Drone (it has 1 health left)",
    ]
    assert [m.label for g in d6_menu.menu(state) for m in g.moves if isinstance(m.action, Fire)] == wanted
    assert [c.label for row in controls(state, selected=0).rows for c in row.choices] == wanted


def test_the_heuristics_move_on_the_second_of_two_alike_threats_is_the_first_ones_button() -> None:
    """Two Corsairs at full health play alike: one stasis line, which the hint's move maps to."""
    state = make_state(pool(S), external=[threat(1, "corsair"), threat(2, "corsair")])
    shown = controls(state, selected=0)
    assert [c.label for row in shown.rows for c in row.choices] == ["Stasis beam on Corsair"]
    assert as_shown(state, Stasis(die=0, target=2)) == Stasis(die=0, target=1)


def test_the_close_second_is_never_a_shot_that_spends_damage_a_threat_does_not_need() -> None:
    """Bomber (1 health left) and Intercepter X: 1 on each destroys the Bomber and hurts the other;
    2 on the Bomber is worth almost as much but never more, so it is no second choice to offer."""
    state = make_state(
        pool(T), external=[threat(1, "intercepter_x", 3), threat(2, "bomber_h2_dmg2", 1)], tactical_used=1
    )
    weighed = ranked(state)
    assert d6_hint.describe_action(state, weighed[1].choice.action) == (
        "Die 1: fire weapons for 2 — 2 on Bomber (it has 1 health left)"
    )
    assert d6_hint.runner_up(state, weighed) is None
    assert d6_hint.hint_text(state) == (
        "**Suggestion:** Die 1: fire weapons for 2 — 1 on Intercepter X, 1 on Bomber\n*Why:* Bomber would"
        " hit for 2 and send a crew die to the Infirmary on a 2 or 4; this destroys it; Intercepter X would"
        " hit for 1 on a 1, 2, 3, 4 or 5; this leaves it with 2 health."
    )
    # A Commander's face change says what the shot achieves, naming both threats in the order the
    # reasons after the colon follow (it once said "destroy Bomber:" then began with Intercepter X).
    commanded = make_state(
        pool(C, E), external=[threat(1, "intercepter_x", 3), threat(2, "bomber_h2_dmg2", 1)], tactical_used=1
    )
    reason = ranked(commanded)[0].choice.reason
    assert "as Tactical, it could destroy Bomber and damage Intercepter X: Bomber would hit for 2" in reason


def test_a_used_die_names_its_station_as_the_board_does() -> None:
    """Station names are capitalised everywhere ("Science, at shields" read like a typo), and are the
    titles the picture prints ("Science", not "Shields", which the picture never shows)."""
    state = make_state([die(S, Place.STATION, station=Station.SHIELDS), *pool(T)])
    assert die_state(state, 0) == "Science, at the Science station"


def test_the_commander_station_is_named_as_the_board_and_the_rules_name_it() -> None:
    """Not "Comandante, en Mando": the station is the Commander's, named by its crew face."""
    state = make_state([die(C, Place.STATION, station=Station.COMMANDER), *pool(T)])
    assert die_state(state, 0) == "Commander, at the Commander station"
    assert die_state(state, 0, "es") == "Comandante, en la estación de Comandante"
    assert die_state(state, 0, "de") == "Kommandant, an der Station Kommandant"


def _nested(text: str) -> bool:
    depth = 0
    for char in text:
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth > 1:
            return True
    return False


def test_no_move_or_board_line_nests_parentheses() -> None:
    """A shot's threat carries its own "(1, 2)" or "(it has 1 health left)": the shots follow a dash,
    so a line never reads "fire weapons for 2 (1 on Raiders (4, 6))"."""
    for seed in range(6):
        for state in states(seed, 150):
            lines = [describe_action(state, action) for action in legal_actions(state)]
            lines += describe_board(state).split("\n") + board_summary(state).split("\n")
            assert not [line for line in lines if _nested(line)], seed


def test_a_die_the_infirmary_asks_for_is_named_as_the_crew_list_names_it() -> None:
    """Two dice at stations read "Tactical, at the Tactical station" and "Science, at the Science
    station", not both "at a station", and an unused die says its face, as its line in the crew list does."""
    dice = [*pool(C, E), die(T, Place.STATION, Station.WEAPONS), die(S, Place.STATION, Station.SHIELDS)]
    state = make_state(dice, external=[threat(1, "bomber_h3")], shields=3)
    state, _ = end_round(state, threat_die=[3])
    assert state.pending is not None
    labels = []
    for action in legal_actions(state):
        assert isinstance(action, SendToInfirmary)
        shown = die_state(state, action.die)
        labels.append(describe_action(state, action))
        assert labels[-1] == f"Send die {action.die + 1} to the Infirmary: {shown}"
    assert len(set(labels)) == len(labels)
    assert "Send die 3 to the Infirmary: Tactical, at the Tactical station" in labels


@pytest.mark.parametrize("locale", ["en", "de", "es"])
def test_an_infirmary_answer_too_long_for_a_button_is_offered_whole_in_a_menu(locale: Locale) -> None:
    """A button label stops at 80 characters: a German "send die 3 to the Infirmary: …" answer ran past
    it and was cut ("wird nächste Runde gewo…"). Such a choice goes in a select menu (100), whole."""
    dice = [*pool(C, E), die(T, Place.RETURNED), die(S, Place.STATION, Station.SHIELDS)]
    state = make_state(dice, external=[threat(1, "bomber_h3")], shields=3)
    state, _ = end_round(state, threat_die=[3])
    shown = controls(state, locale=locale)
    said = {describe_action(state, action, with_die=True, locale=locale) for action in legal_actions(state)}
    labels = {choice.label for row in shown.rows for choice in row.choices}
    assert labels == said  # every answer whole
    for row in shown.rows:
        assert row.menu or all(len(choice.label) <= LABEL_LIMIT for choice in row.choices)
    if max(map(len, said)) > LABEL_LIMIT:
        assert any(row.menu for row in shown.rows)


def test_a_shot_split_more_ways_than_three_menus_hold_is_offered_page_by_page() -> None:
    """A second Tactical die splits its 2 damage over 13 external threats 79 ways (25 options a menu,
    three menus a board): the board raised and could not be drawn. The menus now show a page at a time,
    the last option leading to the next page (the last page's back to the first), so every split is
    reachable and no page breaks Discord's limits."""
    damageable = [c.id for c in deck().cards if c.kind == "external" and c.health is not None]
    state = make_state(pool(T, T, C, C), external=[threat(i + 1, damageable[i]) for i in range(13)])
    state, _ = apply(state, next(a for a in legal_actions(state) if isinstance(a, Fire) and a.die == 0))
    offered = {encode(as_shown(state, a)) for a in legal_actions(state) if getattr(a, "die", None) == 1}
    assert len(offered) > 75
    seen: list[str] = []
    page, pages = 0, None
    while True:
        shown = controls(state, 1, page=page)
        assert 1 <= len(shown.rows) <= 3
        assert all(row.menu for row in shown.rows)
        options = [choice for row in shown.rows for choice in row.choices]
        assert all(len(row.choices) <= 25 for row in shown.rows)
        *moves, more = options
        seen += [choice.code for choice in moves]
        turned = read_page(more.code)
        assert turned is not None
        assert turned[0] == 1
        pages = pages or int(more.label.rsplit(" ", 1)[1].rstrip(")"))
        assert more.label == f"More choices… (page {turned[1] + 1} of {pages})"
        page = turned[1]
        if page == 0:
            break
    assert len(seen) == len(set(seen))
    assert set(seen) == offered
    assert pages == 2
    assert read_page(encode(EndAssignment())) is None
    assert read_page("P1.x") is None
    assert decode(page_code(1, 1)) is None  # no action code reads as a page, and no page as an action
