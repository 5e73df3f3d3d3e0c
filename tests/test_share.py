"""A shared daily result says nothing of the deal: over many deals of both games, no card, threat,
sector, ship or rating text of any card set in `data/`, no die face, no line of the dealt board
appears in it, and two deals whose runs went alike read the same."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from functools import cache
from importlib import resources
from typing import Any

import pytest

from core.d6.cards import CREW_FACES
from core.d6.state import Station
from core.daily import DAY_ONE, day_number
from core.dine.engine import abandon, new_game
from core.game import AnyGame
from core.games.dine import ENDED, NOT_REACHED, _run
from core.games.dine import GAME as DINE
from core.i18n import LANGUAGES, Language, t
from core.registry import GAMES
from core.results import new_result
from core.share import CUTS, LEGENDS, MOST_COLUMNS, STRIPS, WIDTH, shareable, strip_lines, summary
from core.storage import ResultRecord
from core.table import Table, table_action_json

DAY = date(2026, 12, 1)
PLAYER = "<@42>"
SEEDS = 60  # per game: each played by the hint, given up at once and given up later: 360 runs


def strings(node: Any, key: str = "") -> Iterator[str]:
    """Every text of a card file: names, German names, card texts, flavour, ids, stations."""
    if isinstance(node, dict):
        for name, value in node.items():
            if not name.startswith("_"):  # the file's own description is no card's
                yield from strings(value, name)
    elif isinstance(node, list):
        for value in node:
            yield from strings(value, key)
    elif isinstance(node, str) and key not in ("op", "kind", "when", "trigger", "cost", "help", "side"):
        yield node


def deal_texts() -> set[str]:
    """Every name and text of every card set and threat deck in data/, and the station die faces."""
    found: set[str] = set()
    for package in ("data.d6", "data.dine"):
        for entry in resources.files(package).iterdir():
            if entry.name.endswith(".json"):
                found |= set(strings(json.loads(entry.read_text(encoding="utf-8"))))
    found |= {face.value for face in CREW_FACES} | {station.value for station in Station}
    return {text.casefold() for text in found if len(text) >= 3}


DEAL_TEXTS = deal_texts()


def result_of(game: AnyGame, final: Any, table: Table, *, abandoned: bool) -> ResultRecord:
    made = new_result(game, final, table, (42,), abandoned=abandoned)
    at = datetime(2026, 12, 1, 12, tzinfo=UTC)
    return ResultRecord(**made.model_dump(), game_id=1, kind=game.kind, guild_id=None, finished_at=at)


def played(
    game: AnyGame, seed: int, *, give_up_after: int | None
) -> tuple[Any, str, list[str], ResultRecord]:
    """A ranked daily attempt at a day's deal of `game`, played by the hint (given up after that many
    moves, when asked), stored as the bot stores it: (dealt state, stored state JSON, log, result)."""
    day = DAY + timedelta(days=seed % 7)  # the set-ups rotate with the day
    dealt, _ = game.deal(seed, game.daily_setup(day), game.rules_versions[seed % len(game.rules_versions)])
    table = Table.start(42).model_copy(update={"daily": day.isoformat()})
    state, log = dealt, []
    while state.outcome == "playing" and (give_up_after is None or len(log) < give_up_after):
        action = game.hint(state).action
        log.append(game.action_to_json(action))
        state, _ = game.apply(state, action)
    abandoned = state.outcome == "playing"
    if abandoned:
        state, _ = game.abandon(state)
        log.append(table_action_json("abandon"))
    saved = game.solo_saved(table, state, "Alice", datetime(2026, 12, 1, tzinfo=UTC))
    return dealt, saved.model_dump_json(), log, result_of(game, state, table, abandoned=abandoned)


@cache
def runs() -> list[tuple[AnyGame, int, Any, str, ResultRecord]]:
    """Every run shared, once per test session (the scenario tests import only `DEAL_TEXTS`)."""
    return list(_runs())


def _runs() -> Iterator[tuple[AnyGame, int, Any, str, ResultRecord]]:
    rng = random.Random(19)
    for game in GAMES.values():
        for seed in range(SEEDS):
            for give_up in (None, 0, rng.randrange(1, 40)):
                dealt, state_json, log, result = played(game, seed, give_up_after=give_up)
                yield game, seed, dealt, summary(game.kind, state_json, log, result, PLAYER), result


def test_no_name_or_text_of_any_deal_appears_in_a_shared_result() -> None:
    for game, seed, dealt, text, _ in runs():
        shown = text.casefold()
        named = sorted(name for name in DEAL_TEXTS if name in shown)
        assert named == [], f"{game.kind} seed {seed} shares {named}:\n{text}"
        board = [line for line in game.describe_board(dealt).splitlines() if len(line.strip()) >= 8]
        assert [line for line in board if line.casefold() in shown] == [], text


def test_the_texts_searched_for_are_the_deals_own() -> None:
    """The search is real: it holds threat, card, sector, ship and German names, rating texts and the
    station faces, and it finds names in every dealt board, as it would in a share that leaked one."""
    for name in ("flagship", "solar winds", "helm console", "asteroid drift", "asteroidendrift"):
        assert name in DEAL_TEXTS
    assert {"spacehopper 3000", "tactical", "engineering", "commander"} <= DEAL_TEXTS
    assert any(text.startswith("galactic gourmet award") for text in DEAL_TEXTS)
    for game, _, dealt, _, _ in runs():
        board = game.describe_board(dealt).casefold()
        assert any(name in board for name in DEAL_TEXTS), game.kind


def test_two_deals_whose_runs_went_alike_read_the_same() -> None:
    by_run: dict[tuple[Any, ...], dict[str, set[int]]] = {}
    for game, seed, _, text, result in runs():
        detail = json.loads(result.detail_json)
        key = (game.kind, detail["daily"], result.outcome, result.score, result.rounds, detail["abandoned"])
        lines = text.splitlines()
        strip = tuple(line for line in lines if line and line[0] in "🟩🟨🟥⬛⚪🟡🟠🔴")
        by_run.setdefault((*key, strip), {}).setdefault(text, set()).add(seed)
    alike = {
        key: texts for key, texts in by_run.items() if len({s for seeds in texts.values() for s in seeds}) > 1
    }
    assert alike, "no two deals went alike: the test proves nothing"
    for key, texts in alike.items():
        assert len(texts) == 1, key
    assert {key[0] for key in alike} == set(GAMES)


def test_a_share_names_the_game_the_day_the_ending_and_fits_a_message() -> None:
    endings = set()
    for game, _, _, text, result in runs():
        first, second = text.splitlines()[:2]
        day = date.fromisoformat(json.loads(result.detail_json)["daily"])
        assert first == f"**{game.title} daily #{day_number(day)}** · {PLAYER}"
        assert f"score {result.score}" in second
        endings.add((game.kind, second.split()[0]))
        assert len(text) <= 2000
        assert text.endswith(f"`/daily {game.kind}`, the same deal for everyone, a new one each day.")
    assert endings == {(kind, mark) for kind in GAMES for mark in ("🏆", "💥", "🏳️")}


def test_a_won_dine_run_shows_every_sector_cleared_and_its_stars() -> None:
    dine = [(text, result) for game, _, _, text, result in runs() if game.kind == "dine"]
    won = [(text, json.loads(result.detail_json)) for text, result in dine if result.outcome == "won"]
    assert won
    for text, detail in won:
        assert f"Rating {'★' * detail['stars']}{'☆' * (5 - detail['stars'])}" in text
        strip = text.splitlines()[3]
        assert set(strip) == {"🟩"}
        assert len(strip) == detail["sectors_cleared"]
    lost = [text for text, result in dine if result.outcome == "lost"]
    for text in lost:
        strip = text.splitlines()[2]
        assert strip.count("🟥") == 1
        assert "Rating" not in text
        assert strip.index("🟥") == strip.count("🟩")  # cleared first, then where it ended


def test_the_d6_strip_has_a_column_a_round_and_ends_with_the_final_hull() -> None:
    for game, _, _, text, result in runs():
        if game.kind != "d6":
            continue
        lines = text.splitlines()[2:]
        rows = [line for line in lines if line and line[0] in "🟩🟨🟥⬛⚪🟡🟠🔴"]
        hull, threats = "".join(rows[0::2]), "".join(rows[1::2])
        assert len(hull) == len(threats) == result.rounds
        detail = json.loads(result.detail_json)
        assert hull[-1] == {0: "⬛", 1: "🟥", 2: "🟥"}.get(
            detail["hull"], "🟨" if detail["hull"] < 6 else "🟩"
        )


def test_the_day_number_counts_utc_days_from_the_first_of_january_2026() -> None:
    assert date(2026, 1, 1) == DAY_ONE
    assert day_number(DAY_ONE) == 1
    assert day_number(date(2026, 12, 1)) == 335
    assert day_number(date(2027, 1, 1)) == 366


def test_a_long_run_shows_its_last_columns_and_says_so() -> None:
    lines = strip_lines("rounds", [tuple(range(75)), tuple(range(75))])
    drawn = [line for line in lines if line and not line.startswith("-#")]
    assert sum(len(line) for line in drawn) == 2 * MOST_COLUMNS
    assert all(len(line) <= WIDTH for line in drawn)
    assert lines[-1] == "-# Rounds 16–75 of 75."
    german = strip_lines("rounds", [tuple(range(75)), tuple(range(75))], "de")
    assert german[-1] == t("de", CUTS["rounds"], first=16, last=75, count=75) == "-# Runden 16–75 von 75."


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_mark_of_a_strip_is_in_its_legend(language: Language) -> None:
    for strip, scales in STRIPS.items():
        legend = t(language, LEGENDS[strip])
        for scale in scales:
            assert all(mark in legend for _, mark in scale), (language, strip)


@pytest.mark.parametrize("update", [{}, {"practice": True}])
def test_only_a_ranked_daily_attempt_is_shared(update: dict[str, Any]) -> None:
    game = GAMES["d6"]
    dealt, _ = game.deal(1, game.daily_setup(DAY), game.rules_version)
    state, _ = game.abandon(dealt)
    table = Table.start(42).model_copy(update={"daily": DAY.isoformat(), **update} if update else {})
    saved = game.solo_saved(table, state, "Alice", datetime(2026, 12, 1, tzinfo=UTC))
    log = [table_action_json("abandon")]
    with pytest.raises(ValueError, match="not a ranked daily attempt"):
        summary("d6", saved.model_dump_json(), log, result_of(game, state, table, abandoned=True), PLAYER)


def test_a_result_is_shared_on_its_challenges_day_or_the_day_it_ended() -> None:
    game = GAMES["d6"]
    dealt, _ = game.deal(1, game.daily_setup(DAY), game.rules_version)
    state, _ = game.abandon(dealt)
    ranked = Table.start(42).model_copy(update={"daily": DAY.isoformat()})
    result = result_of(game, state, ranked, abandoned=True)  # ended at noon on the challenge's day
    assert shareable(game, result, DAY)
    assert not shareable(game, result, DAY + timedelta(days=1))
    over_midnight = result.model_copy(update={"finished_at": datetime(2026, 12, 2, 0, 10, tzinfo=UTC)})
    assert shareable(game, over_midnight, DAY + timedelta(days=1))
    assert not shareable(game, over_midnight, DAY + timedelta(days=2))
    practice = result_of(game, state, ranked.model_copy(update={"practice": True}), abandoned=True)
    ordinary = result_of(game, state, Table.start(42), abandoned=True)
    assert not shareable(game, practice, DAY)
    assert not shareable(game, ordinary, DAY)


@pytest.mark.parametrize(
    ("level", "starter"), [("Quattro Formaggi", False), ("Margherita", False), ("", True)]
)
def test_a_dine_run_has_a_square_for_every_sector_of_its_game_however_early_it_ended(
    level: str, starter: bool
) -> None:
    """A loss in the first sector once showed 🟥⬛⬛: the set-up's sectors only, not those The Final
    Frontier (and Procure Ingredient) lay out later. The strip has every sector of the game."""
    options = {"starter": True} if starter else {"level": level}
    dealt = new_game(5, crew=1, rules_version=DINE.rules_version, **options)
    level_spec = dealt.cards.level(dealt.level)
    starters = sum(1 for card in dealt.stack if card.sector is not None)
    total = starters + 4 + level_spec.hard + 1 if starter else level_spec.easy + level_spec.hard + 1
    lost, _ = abandon(dealt)
    (row,) = _run([dealt, lost]).rows
    assert row == (ENDED, *(NOT_REACHED,) * (total - 1))
