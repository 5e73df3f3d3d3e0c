"""The version-2 balance report: its statistics, its choice counts, its verdicts, and card set v2."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from core.dine.actions import Action, Choose, Clear, Occupy, PlayCard, Shield, Upgrade
from core.dine.ai import heuristic_action
from core.dine.cards import card_set
from core.dine.engine import apply, deal, sector_side
from core.dine.state import RULES_VERSION, Pending
from core.dine.symbols import side
from tools import balance, sim
from tools.choices import ChoiceLog, split

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [
        (8, 10, 0.4902, 0.9433),  # textbook values (Wilson 1927; Newcombe 1998, table I)
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (50, 100, 0.4038, 0.5962),
        (81, 263, 0.2553, 0.3662),
    ],
)
def test_the_wilson_interval_matches_known_values(wins: int, games: int, low: float, high: float) -> None:
    found = sim.wilson(wins, games)
    assert found == pytest.approx((low, high), abs=5e-5)


def _at_sector(seed: int = 3) -> tuple:
    state = deal(seed, crew=1)[0]
    spec = sector_side(state)
    assert spec is not None
    return state, spec


def test_the_choices_count_each_way_out_once_per_visit() -> None:
    """A solution offered twice in one visit (the crew kept playing, then it came back) counts one
    visit where it was open; the jump taken at the second offer counts as taken; the next visit starts
    when the sector count moves on."""
    state, spec = _at_sector()
    offer = state.model_copy(update={"pending": Pending(kind="clear", options=("solve:0", "jump"))})
    log = ChoiceLog()
    log.see(offer, Clear(how="continue"))
    log.see(state, PlayCard(seat=0, card=state.hands[0][0], action=0))
    log.see(offer, Clear(how="jump"))
    log.see(state.model_copy(update={"cleared": 1}), PlayCard(seat=0, card=state.hands[0][0], action=0))
    log.end(state)
    pairs = split(log.counts)
    assert pairs[("solution", spec.name, "solution 1")] == (1, 0)
    assert pairs[("solution", spec.name, "jump")] == (1, 1)
    first = side(state.cards, state.hands[0][0], state.upgraded)
    rotated = any(e.op == "rotate_play" for e in first.actions[0].effects)
    assert pairs[("play", state.hands[0][0], "rotated" if rotated else "upright")] == (0, 2)


def test_the_choices_count_branches_shields_occupations_and_upgrades() -> None:
    state, spec = _at_sector()
    card = state.hands[0][0]
    log = ChoiceLog()
    choose = state.model_copy(update={"pending": Pending(kind="choose", options=("a", "b"))})
    log.see(choose, Choose(option=1))
    log.see(choose, Choose(option=1))
    log.see(choose, Choose(option=0))
    shield = state.model_copy(update={"pending": Pending(kind="shield")})
    log.see(shield, Shield())
    log.see(state.model_copy(update={"pending": Pending(kind="occupy", seat=0)}), Occupy(seat=0, card=card))
    log.see(state.model_copy(update={"pending": Pending(kind="upgrade")}), Upgrade(seat=0, card=card))
    log.see(state.model_copy(update={"pending": Pending(kind="upgrade")}), Upgrade())
    log.end(state)
    pairs = split(log.counts)
    assert pairs[("branch", spec.name, "A")] == (3, 1)
    assert pairs[("branch", spec.name, "B")] == (3, 2)
    assert pairs[("shield", spec.name, "damage")] == (1, 1)
    assert pairs[("shield", spec.name, "shield")] == (1, 0)
    kind = side(state.cards, card, state.upgraded).occupied.kind
    assert pairs[("occupy", card, kind)] == (0, 1)
    assert pairs[("upgrade", card, "upgrade")] == (0, 1)  # declining to upgrade counts nothing


def test_the_choices_of_a_played_game_agree_with_its_actions() -> None:
    """On a whole game played by the heuristic crew, the log's totals are the actions' own."""
    state = deal(11, crew=2, level="Margherita", ship="Nostroven One")[0]
    log = ChoiceLog()
    taken: list[tuple[object, Action]] = []
    while state.outcome == "playing" and len(taken) < 3000:
        action = heuristic_action(state)
        log.see(state, action)
        taken.append((state, action))
        state, _ = apply(state, action)
    log.end(state)
    pairs = split(log.counts)
    plays = [(s, a) for s, a in taken if isinstance(a, PlayCard)]
    rotated = sum(
        any(e.op == "rotate_play" for e in side(s.cards, a.card, s.upgraded).actions[a.action].effects)  # type: ignore[attr-defined]
        for s, a in plays
    )
    counted = Counter[str]()
    for (kind, _card, option), (_offered, n) in pairs.items():
        if kind == "play":
            counted[option] += n
    assert counted["rotated"] == rotated
    assert counted["upright"] == len(plays) - rotated
    assert sum(n for (k, _c, _o), (_x, n) in pairs.items() if k == "branch") == sum(
        isinstance(a, Choose) for _s, a in taken
    )
    clears = sum(isinstance(a, Clear) and a.how != "continue" for _s, a in taken)
    assert sum(n for (k, _c, _o), (_x, n) in pairs.items() if k == "solution") == clears
    assert clears > 0


def _cell(level: str, crew: int, ship: str, policy: str, wins: int, games: int = 100) -> sim.DineSummary:
    return sim.DineSummary(
        game="dine",
        policy=policy,
        level=level,
        crew=crew,
        ship=ship,
        starter=level == "starter",
        games=games,
        wins=wins,
        win_rate=wins / games,
        win_rate_low=0.0,
        win_rate_high=1.0,
        mean_sectors=0.0,
        mean_actions=0.0,
        mean_score_of_wins=0.0,
        losses={"The crew is stranded": games - wins} if wins < games else {},
        dealt={},
        played={},
        games_per_second=1.0,
    )


def test_the_report_says_holds_and_misses_per_cell_with_the_figure() -> None:
    ships = ("Spacehopper 3000", "Nostroven One")
    novice = [
        _cell("Salad", crew, ship, "heuristic", 70 if ship == ships[0] else (90 if crew == 2 else 72))
        for crew in (1, 2)
        for ship in ships
    ]
    expert = [_cell("Salad", crew, ship, "expert", 46, 50) for crew in (1, 2) for ship in ships]
    expert[2:] = [replace(c, wins=40) for c in expert[2:]]  # crew 2: 80 %, under the band
    text = balance.report(balance.Run(novice, expert, 100, 100, 1, 60.0))
    assert "| Salad | 60–80 % | 1 |" in text
    row1 = next(line for line in text.splitlines() if line.startswith("| Salad | 60–80 % | 1 |"))
    assert row1.endswith("| holds (70 %–72 %) |")
    row2 = next(line for line in text.splitlines() if line.startswith("| Salad | 60–80 % | 2 |"))
    assert "**misses** (" in row2
    assert "Nostroven One 90 %" in row2
    assert "| Salad | 88–96 % | 1 | 92 % (" in text
    assert "| holds (92 %) |" in text
    assert "| **misses** (80 %) |" in text
    assert "all met" not in text.lower()
    assert "seeds 1…100" in text
    assert "| Novice crew, per cell | 1 | 1 |" in text  # the summary counts the tables' verdicts
    assert "Not every target is met." in text
    losses = next(
        line for line in text.splitlines() if line.startswith("| novice | Salad |") and "%)" in line
    )
    assert "**misses** (The crew is stranded 100%)" in losses


def test_the_report_checks_the_ladder_falls_and_the_novice_stays_below() -> None:
    levels = ["Salad", "Margherita", "Pepperoni", "Quattro Formaggi", "Diavolo"]
    ship = "Spacehopper 3000"
    novice = [
        _cell(level, 1, ship, "heuristic", w) for level, w in zip(levels, [70, 50, 50, 30, 5], strict=True)
    ]
    expert = [
        _cell(level, 1, ship, "expert", w) for level, w in zip(levels, [90, 80, 70, 60, 30], strict=True)
    ]
    text = balance.report(balance.Run(novice, expert, 100, 100, 1, 1.0))
    assert "| novice | 1 | 70 % > 50 % > 50 % > 30 % > 5 % | **misses** (not strictly) |" in text
    assert "| expert | 1 | 90 % > 80 % > 70 % > 60 % > 30 % | holds (strictly) |" in text
    assert "| Diavolo | 1 | 5 % | 30 % | holds (5 % vs 30 %) |" in text


def test_the_choice_tables_flag_dominant_and_dead_options() -> None:
    counts = Counter(
        {
            "solution|Pirate Toll Booth|solution 2|offered": 100,
            "solution|Pirate Toll Booth|solution 2|taken": 95,
            "solution|Pirate Toll Booth|solution 1|offered": 40,
            "solution|Pirate Toll Booth|solution 1|taken": 2,
            "branch|Food Truck Armada|A|offered": 50,
            "branch|Food Truck Armada|B|offered": 50,
            "branch|Food Truck Armada|B|taken": 50,
            "play|pilot-3|upright|taken": 99,
            "play|pilot-3|rotated|taken": 1,
            "occupy|pilot-2|permanent|taken": 7,
            "occupy|reactor-1|action|taken": 3,
        }
    )
    text = "\n".join(balance.choice_tables(counts, card_set("dine-1")))
    assert "| Pirate Toll Booth | solution 1 | 2/40 (5%) | **misses** (5%) |" in text
    assert "| Pirate Toll Booth | solution 2 | 95/100 (95%) | holds (95%) |" in text
    assert "| Pirate Toll Booth | jump | 0/0 | — (never open in these games) |" in text
    assert "- Galactic Customs: danger 0 for 1, 2, 3 crew" in text  # v1's dead text
    assert "| Food Truck Armada | 0/50 (0%) | 50/50 (100%) | **misses** (0%) |" in text
    assert "| **misses** (1%) |" in text
    assert "**misses** (70%)" in text  # passive occupations


def test_a_run_deals_every_game_under_its_rules_version() -> None:
    """`--rules` chooses the version the games are dealt under (the states' own card set then plays
    every lookup); the default is the version new games get. A report refuses cells of another version."""
    pick = {"levels": ["starter", "Salad"], "crews": (1,), "ships": ["Spacehopper 3000"]}
    v2, _ = balance.run(1, 5, **pick, rules="dine-2")  # type: ignore[arg-type]
    assert [c.rules_version for c in v2] == ["dine-2", "dine-2"]
    default, _ = balance.run(1, 5, **pick)  # type: ignore[arg-type]
    assert [c.rules_version for c in default] == [RULES_VERSION, RULES_VERSION]
    state = deal(5, crew=1, rules_version="dine-2")[0]
    assert state.rules_version == "dine-2"
    assert state.cards is card_set("dine-2")
    assert balance.report(balance.Run(v2, [], 1, 0, 5, 1.0, rules="dine-2")).count("| starter |") >= 1
    with pytest.raises(ValueError, match="dine-2"):
        balance.report(balance.Run(v2, [], 1, 0, 5, 1.0, rules="dine-1"))


def test_an_unknown_rules_version_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "report.md"
    with pytest.raises(SystemExit):
        balance.main(["--rules", "dine-9", "--games", "1", "--expert-games", "0", "--out", str(out)])
    assert not out.exists()


def test_a_short_report_runs_end_to_end_under_a_rules_version(tmp_path: Path) -> None:
    out = tmp_path / "report.md"
    balance.main(
        [
            "--rules", "dine-2", "--games", "2", "--expert-games", "0", "--levels", "starter",
            "--crews", "1", "--ships", "Spacehopper 3000", "--out", str(out),
        ]
    )  # fmt: skip
    text = out.read_text(encoding="utf-8")
    assert "Rules version: `dine-2` (card data `data/dine/cards-dine-2.json`)." in text
    assert "| starter | ≥ 85 % | 1 |" in text
    assert "## Choices (novice crew)" in text
    assert "## How games were lost, per level" in text or "no loss" not in text


def test_the_tool_run_as_a_program_reads_the_chosen_version_everywhere(tmp_path: Path) -> None:
    """Run as `python -m tools.balance --rules dine-2`, the report's own card look-ups (dead text,
    names) read dine-2's cards too: dine-1 prints danger-0 sector sides, dine-2 prints none."""
    assert any(0 in face.danger for c in card_set("dine-1").sectors for face in (c.front, c.back))
    out = tmp_path / "report.md"
    subprocess.run(
        [
            sys.executable, "-m", "tools.balance", "--rules", "dine-2", "--games", "1",
            "--expert-games", "0", "--levels", "starter", "--crews", "1", "--ships", "Spacehopper 3000",
            "--out", str(out),
        ],
        check=True, cwd=ROOT, capture_output=True,
    )  # fmt: skip
    text = out.read_text(encoding="utf-8")
    assert "Rules version: `dine-2`" in text
    assert "Printed text no crew can ever use: holds (none)." in text


def test_where_games_were_lost_agrees_with_the_games_played_one_by_one() -> None:
    """A cell's `visits` count each sector side once a game that reached it, and `lost_at` puts every
    lost game at the side it stood in when it ended: replaying the same deals by hand gives the same
    counts, and the report's table shows them as losses of games reached."""
    from core.dine.crews import POLICIES
    from core.dine.engine import new_game

    cell = sim.simulate_dine(8, "Margherita", 3, "Crusty Cruiser", "heuristic", 11, rules_version="dine-3")
    visits: Counter[str] = Counter()
    lost: Counter[str] = Counter()
    choose = POLICIES["heuristic"](11)
    for k in range(8):
        state = new_game(11 + k, ship="Crusty Cruiser", level="Margherita", crew=3, rules_version="dine-3")
        sides: set[str] = set()
        while True:
            top = state.stack[0] if state.stack else None
            if top is not None and top.sector is not None:
                sides.add(f"{top.sector}:{top.side}")
            if state.outcome != "playing":
                break
            state = apply(state, choose(state).action, quiet=True)[0]
        visits.update(sides)
        if state.outcome == "lost":
            top = state.stack[0]
            lost[f"{top.sector}:{top.side}"] += 1
    assert cell.games - cell.wins == sum(lost.values()) > 0
    assert cell.visits == dict(visits)
    assert cell.lost_at == dict(lost)
    assert all(cell.visits[where] >= n for where, n in cell.lost_at.items())
    table = "\n".join(balance.where_lost([cell], card_set("dine-3")))
    where, n = lost.most_common(1)[0]
    sector, _, up = where.partition(":")
    name = card_set("dine-3").sector(sector).showing(up).name
    assert f"| {name} ({up}) | {n}/{visits[where]} ({n / visits[where]:.0%}) |" in table
    assert balance.where_lost([replace(cell, visits={}, lost_at={})], card_set("dine-3")) == []
