"""The Dine tools: the generated gallery is current, the simulator and terminal game run."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from core.dine.actions import Clear, Occupy, Payment, PlayCard, Shield
from core.dine.ai import heuristic
from core.dine.cards import Symbol, card_set
from core.dine.engine import deal, jump_drive, sector_side
from core.dine.state import RULES_VERSION
from core.render.dine_text import describe_board
from tools import balance, gallery, play, sim
from tools.balance import Run, dead_cards, report, run, symbol_sources, useful_symbols

CARDS = card_set(RULES_VERSION)  # the cards new games are dealt with


def test_the_committed_gallery_matches_the_card_data() -> None:
    text = gallery.DEFAULT.read_text(encoding="utf-8")
    assert text == gallery.gallery(), "run `python -m tools.gallery` after changing new games' card file"
    for card in CARDS.stations:
        assert f"({card.id}, {card.station})" in text
    for card in CARDS.sectors:
        assert card.front.name in text
        assert card.back.name in text


def test_the_simulator_is_reproducible_and_counts_every_game() -> None:
    """Same seed, same games; every game is a win or a counted loss; the rate lies in its interval.
    No specific outcome is asserted (the card tuning changes it); the interval is compared with a
    float tolerance, as the Wilson upper bound at a 100 % rate can come out 1 - 1e-16."""
    first = sim.simulate_dine(6, "Salad", 2, "Spacehopper 3000", "heuristic", 5)
    again = sim.simulate_dine(6, "Salad", 2, "Spacehopper 3000", "heuristic", 5)
    assert replace(first, games_per_second=0.0) == replace(again, games_per_second=0.0)
    assert first.games == 6
    assert first.wins + sum(first.losses.values()) == 6
    assert all(count > 0 for count in first.losses.values())
    assert first.win_rate == pytest.approx(first.wins / 6)
    assert 0 <= first.win_rate_low <= first.win_rate_high <= 1
    assert first.win_rate_low - 1e-9 <= first.win_rate <= first.win_rate_high + 1e-9
    assert first.mean_sectors >= 0


def test_the_balance_report_shows_every_cell_with_its_target() -> None:
    cells = [sim.simulate_dine(2, "Salad", crew, "Spacehopper 3000", "random", 1) for crew in (1, 2, 3)]
    text = report(Run(cells, [], 2, 0, 1, 1.0))
    assert "| Salad | 60–80 % | 1 |" in text
    assert "| Salad | 60–80 % | 3 |" in text
    assert "## How games were lost, per level" in text
    assert "Not run (`--expert-games 0`)" in text


def test_the_terminal_game_plays_dine_with_hints() -> None:
    answers = iter(["h", "x", "1", "q"])
    said: list[str] = []
    state, events = play.dine_engine.deal(3, crew=1, starter=True)
    outcome = play.play_dine(state, events, ask=lambda _: next(answers), say=said.append)
    assert outcome == "quit"
    assert any(line.startswith("Hint: ") for line in said)
    assert any(line.startswith("Please type one of the numbers shown") for line in said)
    assert any("Crew 1 plays" in line for line in said)  # the first action was carried out


def test_the_terminal_crew_line_marks_an_upgraded_hand_card() -> None:
    """A card's name is the same on both sides, so the crew line says which side a hand card shows."""
    state, _ = deal(3, crew=1, starter=True)
    card = state.hands[0][0]
    crew_line = next(line for line in describe_board(state).splitlines() if line.startswith("Crew 1"))
    assert "upgraded" not in crew_line
    upgraded = state.model_copy(update={"upgraded": [card]})
    crew_line = next(line for line in describe_board(upgraded).splitlines() if line.startswith("Crew 1"))
    name = CARDS.station(card).upgraded.name
    assert f"{name} (upgraded" in crew_line
    assert crew_line.count("upgraded") == 1


def test_the_report_names_the_stations_that_are_hardly_ever_played() -> None:
    cell = sim.simulate_dine(3, "Salad", 1, "Spacehopper 3000", "heuristic", 2)
    assert set(cell.played) <= set(cell.dealt)
    assert all(cell.played[card] <= cell.dealt[card] <= 3 for card in cell.played)
    rigged = replace(cell, dealt={"pilot-1": 40, "reactor-1": 40}, played={"pilot-1": 1, "reactor-1": 20})
    lines = dead_cards([rigged])
    assert "- pilot-1: 2.5%" in lines
    assert not any("reactor-1" in line for line in lines)


def test_a_parallel_balance_run_gives_the_serial_results() -> None:
    """`--jobs 2` spreads the cells over processes, dearest first (`dearest_first`); each cell's games
    depend only on its seeds, and the report keeps its own order."""
    pick = {"levels": ["starter", "Salad"], "crews": (1, 2), "ships": ["Spacehopper 3000", "Nostroven One"]}
    serial, _ = run(2, 7, 1, **pick)  # type: ignore[arg-type]
    parallel, _ = run(2, 7, 2, **pick)  # type: ignore[arg-type]
    assert len(serial) == 8
    assert [replace(c, games_per_second=0.0) for c in serial] == [
        replace(c, games_per_second=0.0) for c in parallel
    ]
    text = report(Run(parallel, [], 2, 0, 7, 60.0, jobs=2))
    assert "| starter | ≥ 85 % | 2 |" in text
    assert "| Salad | 60–80 % | 3 |" not in text
    assert "in 2 processes" in text


def test_the_pool_gets_the_dearest_pieces_first() -> None:
    """Bigger pieces first, then two crew, then the later level; every piece exactly once."""
    todo = balance.cells_to_run(15, 1, levels=["starter", "Salad", "Diavolo"], policy="expert")
    todo = [piece for cell in todo for piece in balance._pieces(cell, 10)]  # pieces of 10 and 5 games
    order = balance.dearest_first(todo)
    assert sorted(order) == list(range(len(todo)))
    first, last = todo[order[0]], todo[order[-1]]
    assert (first[0], first[1], first[2], first[5]) == (10, "Diavolo", 2, False)
    assert (last[0], last[1], last[2], last[5]) == (5, "Salad", 3, True)  # the starter game
    shown = [(todo[k][0], todo[k][2] == 2) for k in order]
    assert shown == sorted(shown, key=lambda g: (-g[0], not g[1]))


def test_a_kept_run_resumes_with_the_same_cells_and_forgets_them_when_the_cards_change(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--cache`: a run keeps each finished cell; a second run takes them (the same results, even with
    a cell's games stopped from being played again), plays only a cell that is missing, and a
    change to what the games depend on (`code_print`) keeps nothing of the old cells."""
    pick = {"levels": ["Salad"], "crews": (1, 2), "ships": ["Crusty Cruiser"], "choices": True}
    fresh, _ = run(3, 11, 1, **pick)  # type: ignore[arg-type]
    kept, _ = run(3, 11, 1, cache=tmp_path, **pick)  # type: ignore[arg-type]
    assert [replace(c, games_per_second=0.0) for c in kept] == [
        replace(c, games_per_second=0.0) for c in fresh
    ]
    assert len(list(tmp_path.glob("*.json"))) == 2
    first = balance.cells_to_run(3, 11, ["Salad"], (1, 2), ["Crusty Cruiser"], choices=True)[0]
    balance._Kept(tmp_path, balance.code_print(RULES_VERSION)).path(first).unlink()  # pyright: ignore[reportPrivateUsage]
    played: list[object] = []
    real = balance._simulate
    monkeypatch.setattr(balance, "_simulate", lambda cell: played.append(cell) or real(cell))
    again, _ = run(3, 11, 1, cache=tmp_path, **pick)  # type: ignore[arg-type]
    assert [replace(c, games_per_second=0.0) for c in again] == [
        replace(c, games_per_second=0.0) for c in kept
    ]
    assert again[1] == kept[1]  # a kept cell comes back exactly as it was written
    assert len(played) == 1  # only the missing cell was played
    monkeypatch.setattr(balance, "code_print", lambda rules: "other code")
    run(3, 11, 1, cache=tmp_path, **pick)  # type: ignore[arg-type]
    assert len(played) == 3
    assert len(list(tmp_path.glob("*.json"))) == 4


def test_the_kept_cells_key_ignores_which_version_new_games_are_dealt_under(tmp_path: Path) -> None:
    """`code_print`: switching `RULES_VERSION` (new games' card set) keeps the cells measured with an
    explicit `--rules`; any other change to the engine's source does not."""
    import shutil

    root = Path(balance.__file__).resolve().parent.parent
    shutil.copytree(root / "core" / "dine", tmp_path / "core" / "dine")
    shutil.copy(root / "core" / "rng.py", tmp_path / "core" / "rng.py")
    (tmp_path / "tools").mkdir()
    shutil.copy(root / "tools" / "sim.py", tmp_path / "tools" / "sim.py")
    before = balance.code_print("dine-3", tmp_path)
    assert before == balance.code_print("dine-3")
    state = tmp_path / "core" / "dine" / "state.py"
    text = state.read_text(encoding="utf-8")
    assert f'RULES_VERSION = "{RULES_VERSION}"' in text
    state.write_text(
        text.replace(f'RULES_VERSION = "{RULES_VERSION}"', 'RULES_VERSION = "dine-1"'), encoding="utf-8"
    )
    assert balance.code_print("dine-3", tmp_path) == before
    state.write_text(text.replace("HAND_SIZES = {1: 7,", "HAND_SIZES = {1: 6,"), encoding="utf-8")
    assert balance.code_print("dine-3", tmp_path) != before
    assert balance.code_print("dine-2") != before  # another card set


@pytest.mark.parametrize("policy", ["heuristic", "expert"])
def test_a_cell_played_in_pieces_is_the_cell_played_at_once(policy: str, tmp_path: Path) -> None:
    """`run(piece=...)`: each (level, crew, ship) cell is played as pieces of a few games (seeds
    `seed + first` on, the crew seeded as for the whole cell), kept one file a piece with `--cache`,
    and merged back into the summary the cell gives played at once (all but its speed). The expert
    carries playouts from one decision to the next, so its pieces must start games afresh too."""
    pick = {
        "levels": ["Salad"],
        "crews": (2,),
        "ships": ["Crusty Cruiser", "Quasar Calzone"],
        "choices": True,
    }
    whole, _ = run(5, 21, 1, policy=policy, **pick)  # type: ignore[arg-type]
    pieces, _ = run(5, 21, 1, policy=policy, piece=2, cache=tmp_path, **pick)  # type: ignore[arg-type]
    assert len(list(tmp_path.glob("*.json"))) == 6  # 2 + 2 + 1 games, two ships
    assert [replace(c, games_per_second=0.0) for c in pieces] == [
        replace(c, games_per_second=0.0) for c in whole
    ]
    assert [c.games for c in pieces] == [5, 5]
    shorter, _ = run(4, 21, 1, policy=policy, piece=2, cache=tmp_path, **pick)  # type: ignore[arg-type]
    assert len(list(tmp_path.glob("*.json"))) == 6  # a shorter run's pieces are the longer one's first
    assert [c.games for c in shorter] == [4, 4]


def test_a_report_whose_expert_skipped_a_level_says_so_and_judges_only_what_was_played() -> None:
    """`--expert-levels`: the novice's levels all shown; a level the expert did not play is named at
    the top, has no expert verdict, and its ladder reads only the levels it played (never a 0 %)."""
    pick = {"crews": (1,), "ships": ["Crusty Cruiser"], "choices": True}
    novice, _ = run(2, 3, 1, levels=["Salad", "Margherita", "Diavolo"], **pick)  # type: ignore[arg-type]
    expert, _ = run(1, 3, 1, levels=["Salad", "Margherita"], policy="expert", **pick)  # type: ignore[arg-type]
    text = report(Run(novice, expert, 2, 1, 3, 60.0, rules=RULES_VERSION))
    assert "Not measured for the expert in this run: Diavolo" in text
    assert "| Diavolo | ≤ 10 % | 1 |" in text  # the novice's row
    assert "| Diavolo | 20–35 % |" not in text  # no expert row
    (ladder,) = [line for line in text.splitlines() if line.startswith("| expert | 1 | ")]
    assert ladder.count(" > ") == 1  # Salad > Margherita, nothing for Diavolo
    full = report(
        Run(novice, expert + run(1, 3, 1, levels=["Diavolo"], policy="expert", **pick)[0], 2, 1, 3, 60.0)
    )  # type: ignore[arg-type]
    assert "Not measured for the expert" not in full


def test_every_symbol_is_given_asked_for_and_counted_in_play() -> None:
    """The brief's "every symbol is useful": each symbol has a station giving it and a sector or cost
    asking for it (from the card data), and the simulator counts the games in which it actually paid
    for a solve, a jump or a cost; the report names any symbol short of one of the three."""
    given, demanded = symbol_sources(CARDS)
    assert all(given[symbol] > 0 for symbol in Symbol)
    assert all(demanded[symbol] > 0 for symbol in Symbol)
    ships = ("Spacehopper 3000", "Crusty Cruiser")
    cells = [
        sim.simulate_dine(4, level, 1, ship, "heuristic", 3)
        for level in ("Salad", "Diavolo")
        for ship in ships
    ]
    for cell in cells:
        assert set(cell.symbols_used) <= {str(s) for s in Symbol}
        assert all(0 < n <= cell.games for n in cell.symbols_used.values())
    assert sum(cell.symbols_used.get("drive", 0) for cell in cells) > 0  # every game jumps somewhere
    lines = useful_symbols(cells, CARDS)
    assert sum(line.startswith("| ") for line in lines) == 1 + len(Symbol)  # the header and a row each
    rigged = [replace(cell, symbols_used={**cell.symbols_used, "shield": 0}) for cell in cells]
    assert useful_symbols(rigged, CARDS)[-1] == "Symbols that are not useful: shield."


def test_the_symbols_an_action_counts_follow_the_sector_and_the_cost() -> None:
    """A jump counts drive (and navigation when the jump asks for it), a solve its solution's symbols,
    a symbol cost its symbols, a shield paid for a damage the shield; a plain play counts nothing."""
    state = deal(4, crew=1)[0]
    spec = sector_side(state)
    assert spec is not None
    jump = sim.dine_symbols_counted(state, Clear(how="jump"))
    assert ("navigation" in jump) == bool(spec.jump.navigation)
    assert "drive" in jump or not jump_drive(state)
    solve = sim.dine_symbols_counted(state, Clear(how="solve", solution=0))
    assert solve == {str(s) for s, n in spec.solutions[0].symbols.items() if n}
    assert sim.dine_symbols_counted(state, Shield(payment=Payment(row=0, grid=("x",)))) == {"shield"}
    assert sim.dine_symbols_counted(state, Shield()) == set()
    card = state.hands[0][0]
    assert sim.dine_symbols_counted(state, PlayCard(seat=0, card=card, action=0)) == set()


def test_the_crews_bench_plays_as_the_simulator_does_and_keeps_card_sets_apart(tmp_path: Path) -> None:
    """`bench.dine_crews` plays through the simulator's one game loop, so the stalling deal of the test
    above ends by the loop check there too, and each row names its rules version: a file holding the
    same seed under another card set is not taken for this one's game."""
    from bench import dine_crews

    row = dine_crews.play("heuristic", 5344, "Margherita", 1, "Quasar Calzone", rules="dine-2")
    assert (row["rules"], row["won"]) == ("dine-2", False)  # the stalling deal is dine-2's
    assert 200 < int(str(row["decisions"])) < 260
    out = tmp_path / "crews.jsonl"
    older = {**dine_crews.play("heuristic", 3, "Salad", 1, "Spacehopper 3000"), "rules": "dine-1"}
    out.write_text(f"{json.dumps(older)}\n", encoding="utf-8")
    argv = ["--policies", "heuristic", "--level", "Salad", "--seeds", "3-3", "--out", str(out)]
    assert dine_crews.main(argv) == 0
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [r["rules"] for r in rows] == ["dine-1", RULES_VERSION]
    assert dine_crews.main(argv) == 0  # played already: nothing is added
    assert len(out.read_text(encoding="utf-8").splitlines()) == 2


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["dine", "--level", "Hawaii", "--normal"], "invalid choice: 'Hawaii'"),
        (["dine", "--level", "Pepperoni"], "--level needs --normal"),
        (["dine", "--ship", "Enterprise"], "invalid choice: 'Enterprise'"),
    ],
)
def test_the_terminal_game_refuses_a_level_or_ship_it_does_not_deal(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """`python -m tools.play dine`: an unknown level or ship, or a level for the starter game (which
    has its own set-up), is a usage error naming the problem, not a traceback or a silent default."""
    with pytest.raises(SystemExit) as stopped:
        play.main(argv)
    assert stopped.value.code == 2
    assert said in capsys.readouterr().err


def test_the_report_says_how_long_the_experts_table_took() -> None:
    """Item 1's target reads the expert's table alone (≤ 90 min on two cores): `measure` times it
    apart from the novice's and the report's header says both."""
    made = balance.measure(
        1, 1, 5, levels=["Salad"], crews=(1,), ships=["Crusty Cruiser"], expert_levels=["Salad"]
    )
    assert 0 < made.expert_seconds < made.seconds
    header = report(made).splitlines()[2]
    assert f", the expert's table {made.expert_seconds / 60:.1f} min of it)" in header
    assert "the expert's table" not in report(replace(made, expert=[], expert_games=0)).splitlines()[2]


def test_the_terminal_keeps_every_members_occupy_numbers_while_the_crew_answers_in_turn() -> None:
    """Three crew occupy in turn, every member's choices listed at once: when Crew 1 answered, the
    rest were numbered from 1 again, so Crew 2's old "7" took Crew 3's move (a new player's review).
    Each choice still on offer keeps its number, and no number is given to another move."""
    state, _ = deal(4, level="Salad", crew=3)
    while state.pending is None or state.pending.kind != "occupy":
        state = play.dine_engine.apply(state, heuristic(state).action)[0]
    numbering = play.Numbering()
    first = dict(numbering.keep(play._dine_step(state), play.dine_engine.legal_actions(state)))
    occupying = [a for a in first if isinstance(a, Occupy)]
    assert {a.seat for a in occupying} == {0, 1, 2}
    crew_1 = next(a for a in occupying if a.seat == 0 and a.card is None)
    state = play.dine_engine.apply(state, crew_1)[0]
    assert state.pending is not None
    assert (state.pending.kind, state.pending.seat) == ("occupy", 1)
    then = numbering.keep(play._dine_step(state), play.dine_engine.legal_actions(state))
    assert then
    assert all(first[action] == number for action, number in then.items())
