"""The Dine tools: the generated gallery is current, the simulator and terminal game run."""

from __future__ import annotations

from dataclasses import replace

import pytest

from core import gallery, play, sim
from core.balance import dead_cards, report, run
from core.dine.cards import card_set


def test_the_committed_gallery_matches_the_card_data() -> None:
    text = gallery.DEFAULT.read_text(encoding="utf-8")
    assert text == gallery.gallery(), "run `python -m core.gallery` after changing data/dine/cards.json"
    for card in card_set().stations:
        assert f"({card.id}, {card.station})" in text
    for card in card_set().sectors:
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
    text = report(cells, 2, 1, 1.0)
    assert "| Salad | 75–85 % | 1 |" in text
    assert "| Salad | 75–85 % | 3 |" in text
    assert "## How games were lost" in text


def test_the_terminal_game_plays_dine_with_hints() -> None:
    answers = iter(["h", "x", "1", "q"])
    said: list[str] = []
    state, events = play.dine_engine.deal(3, crew=1, starter=True)
    outcome = play.play(play.DINE, state, events, ask=lambda _: next(answers), say=said.append)
    assert outcome == "quit"
    assert any(line.startswith("Hint: ") for line in said)
    assert any(line.startswith("Please type a number") for line in said)
    assert any("Crew 1 plays" in line for line in said)  # the first action was carried out


def test_the_report_names_the_stations_that_are_hardly_ever_played() -> None:
    cell = sim.simulate_dine(3, "Salad", 1, "Spacehopper 3000", "heuristic", 2)
    assert set(cell.played) <= set(cell.dealt)
    assert all(cell.played[card] <= cell.dealt[card] <= 3 for card in cell.played)
    rigged = replace(cell, dealt={"pilot-1": 40, "reactor-1": 40}, played={"pilot-1": 1, "reactor-1": 20})
    lines = dead_cards([rigged])
    assert "- pilot-1: 2.5%" in lines
    assert not any("reactor-1" in line for line in lines)


def test_a_parallel_balance_run_gives_the_serial_results() -> None:
    """`--jobs 2` spreads the cells over processes; each cell's games depend only on its seeds."""
    pick = {"levels": ["starter", "Salad"], "crews": (1, 3), "ships": ["Spacehopper 3000", "Nostroven One"]}
    serial, _ = run(2, 7, 1, **pick)  # type: ignore[arg-type]
    parallel, _ = run(2, 7, 2, **pick)  # type: ignore[arg-type]
    assert len(serial) == 8
    assert [replace(c, games_per_second=0.0) for c in serial] == [
        replace(c, games_per_second=0.0) for c in parallel
    ]
    text = report(parallel, 2, 7, 60.0, jobs=2)
    assert "| starter | ≥ 90 % | 3 |" in text
    assert "| Salad | 75–85 % | 2 |" not in text
    assert "in 2 processes" in text
