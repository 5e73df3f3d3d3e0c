"""The simulator and the terminal game, run as a contributor would run them."""

from __future__ import annotations

import json

import pytest

from tools import play, sim


def test_wilson_interval_brackets_the_rate_and_narrows_with_more_games() -> None:
    low, high = sim.wilson(50, 100)
    assert low < 0.5 < high
    wide = high - low
    low, high = sim.wilson(500, 1000)
    assert high - low < wide
    assert sim.wilson(0, 40)[0] == 0.0
    assert sim.wilson(0, 40)[1] > 0.0  # no wins seen is not proof of a zero win rate


def test_sim_prints_a_sentence_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert sim.main(["d6", "--games", "4", "--difficulty", "easy", "--policy", "random", "--seed", "3"]) == 0
    line = capsys.readouterr().out
    assert line.startswith("d6 easy/full, random policy, 4 games: win rate ")
    assert "95% CI" in line
    assert "games/s" in line

    assert sim.main(["d6", "--games", "4", "--policy", "heuristic", "--seed", "3", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 4
    assert summary["policy"] == "heuristic"
    assert 0 <= summary["win_rate_low"] <= summary["win_rate"] <= summary["win_rate_high"] <= 1
    assert summary["mean_rounds"] > 1


def test_a_slow_crew_is_timed_in_seconds_a_game() -> None:
    """The search crew plays a game in seconds: "0 games/s" would say nothing."""
    assert sim._speed(52.4) == "52 games/s"
    assert sim._speed(0.25) == "4.0 s a game"


def test_sim_is_reproducible() -> None:
    first = sim.simulate_d6(5, "medium", "full", "heuristic", 42)
    again = sim.simulate_d6(5, "medium", "full", "heuristic", 42)
    assert (first.wins, first.mean_rounds, first.mean_score) == (
        again.wins,
        again.mean_rounds,
        again.mean_score,
    )


def test_terminal_game_plays_typed_moves_hints_and_quits() -> None:
    typed = iter(["h", "zebra", "1", "b", "q"])
    shown: list[str] = []
    outcome = play.play_d6(5, "easy", "full", ask=lambda prompt: next(typed), say=shown.append)
    text = "\n".join(shown)
    assert outcome == "quit"
    assert "Hint: " in text
    assert "Please type one of the numbers shown" in text
    assert text.count("Round 1. Hull 8/8") >= 2  # the board, shown again after the move and on "b"
    assert "Crew:" in text


def test_terminal_game_runs_to_the_end_following_hints() -> None:
    shown: list[str] = []
    asked_for_hint = [False]

    def ask(prompt: str) -> str:
        """Alternate: ask for a hint, then play the move it names."""
        asked_for_hint[0] = not asked_for_hint[0]
        if asked_for_hint[0]:
            return "h"
        hint = next(line for line in reversed(shown) if line.startswith("Hint: "))
        return hint.removeprefix("Hint: ").split(".", 1)[0]

    outcome = play.play_d6(8, "very_easy", "fast", ask=ask, say=shown.append)
    assert outcome in ("won", "lost")
    assert "Game over:" in shown[-1]  # the final board says how it ended
    assert not any(line.startswith("Please type") for line in shown)  # every hinted number was valid
