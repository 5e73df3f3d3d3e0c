"""The Dine balance report, version 2: the novice (heuristic) and expert crews on the same deals.

    python -m tools.balance [--games 1000] [--expert-games 300] [--seed 1] [--jobs 2] [--out FILE]
        [--rules dine-2] [--levels starter,Salad] [--crews 1,2] [--ships ...] [--cache DIR]

Every level × crew size × ship cell is played by the novice crew (`--games` games a cell) and, on
the first `--expert-games / ships` of the same deals, by the expert crew (pooled over the ships, as
the brief measures it). The report gives each crew's table with 95 % Wilson intervals, a verdict per
cell against the version-2 bands of the design brief (`shared/design/dine-cards.md`), loss reasons
per level, what the crews chose whenever they had a choice (`tools.choices`), dead cards, useful
symbols, the seeds and the time the run took. `--rules` deals every game under that rules version, so
each game plays its own version's card set (`core.dine.cards.CARD_FILES`), and the report's own card
look-ups read the same set; the default is the version new games are dealt under (`RULES_VERSION`).
Measuring a candidate set means giving it a rules version of its own, never re-pointing the lookups.
With `--cache DIR` every finished cell is kept in DIR, so a long run that was stopped takes up where it
was; a kept cell is used only for the same cell, card data and code of the engine and the crews. The
expert's cells are played and kept in pieces of `EXPERT_PIECE` games (the same figures as at once).
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import math
import multiprocessing
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from core.dine.cards import CARD_FILES, CardSet, Symbol, card_set
from core.dine.crews import POLICIES
from core.dine.state import RULES_VERSION
from tools.choices import split
from tools.compiled import is_compiled
from tools.sim import DineSummary, merged, simulate_dine, wilson

DEFAULT = Path(__file__).resolve().parent.parent / "docs" / "balance.md"
CREWS = (1, 2, 3)
NOVICE, EXPERT = "heuristic", "expert"
SHIP_GAP = 0.08  # every ship within ±8 points of its level-and-crew mean (novice)
CREW_GAP = 0.07  # every crew size within ±7 points of its level's mean (both crews)
# The "real choice" thresholds of the brief.
SOLUTION_FLOOR = 0.10  # each way out taken in ≥ 10 % of the visits where it was affordable
BRANCH_FLOOR = 0.15  # each side of an "A OR B" taken ≥ 15 % of the time
ROTATED_FLOOR = 0.10  # each rotated side played in ≥ 10 % of its card's plays
PASSIVE_CEILING = 0.60  # permanent (passive) effects at most 60 % of the occupations
UPGRADE_TOP = 4  # no four cards take more than half of the upgrades
LOSS_CEILING = 0.60  # no loss reason above 60 % of a level's losses

Band = tuple[float, float]


@dataclass(frozen=True)
class Bands:
    """One level's version-2 targets: each crew's win-rate band (None: no band of its own)."""

    expert: Band | None
    novice: Band | None
    text_expert: str
    text_novice: str


def bands(levels: Sequence[str]) -> dict[str, Bands]:
    """The brief's version-2 bands per level (starter, easiest, middle, hardest): the one place the
    target numbers live. Middle levels also fall strictly, and the novice stays below the expert."""
    found = {
        "starter": Bands((0.97, 1.0), (0.85, 1.0), "≥ 97 %", "≥ 85 %"),
        levels[0]: Bands((0.88, 0.96), (0.60, 0.80), "88–96 %", "60–80 %"),
        levels[-1]: Bands((0.20, 0.35), (0.0, 0.10), "20–35 %", "≤ 10 %"),
    }
    for level in levels[1:-1]:
        found[level] = Bands((0.50, 0.85), None, "50–85 %, falling", "falling, below the expert")
    return found


def _pct(rate: float) -> str:
    return f"{rate * 100:.0f} %"


def _in(rate: float, band: Band | None) -> bool:
    return band is None or band[0] - 1e-9 <= rate <= band[1] + 1e-9


Cell = tuple[
    int, str, int, str, int, bool, str, bool, str, int
]  # games, level, crew, ship, seed, starter, crew, choices, rules version, first game (seed + first)
# The expert's cells are played (and kept, `--cache`) in pieces of this many games: a stopped run loses
# at most a piece a process, and a shorter run's pieces are the first pieces of a longer one's.
EXPERT_PIECE = 15


def cells_to_run(
    games: int,
    seed: int,
    levels: list[str] | None = None,
    crews: tuple[int, ...] = CREWS,
    ships: list[str] | None = None,
    policy: str = NOVICE,
    choices: bool = False,
    rules: str = RULES_VERSION,
) -> list[Cell]:
    """Every (level, crew, ship) cell of the report in its order, dealt under `rules`; `levels`/`ships`
    pick a subset."""
    cards = card_set(rules)
    all_ships = [side.name for side in cards.ship_sides()]
    all_levels = ["starter"] + [level.name for level in cards.levels]
    easiest = cards.levels[0].name
    return [
        (
            games,
            level if level != "starter" else easiest,
            crew,
            ship,
            seed,
            level == "starter",
            policy,
            choices,
            rules,
            0,
        )
        for level in all_levels
        if levels is None or level in levels
        for crew in crews
        for ship in all_ships
        if ships is None or ship in ships
    ]


def dearest_first(todo: Sequence[Cell]) -> list[int]:
    """The order `run` hands `todo` to its processes (indices): the pool deals pieces out in turn, so
    with the dearest first, the last ones are cheap and no process waits long for the other at the
    end (in the report's order, the expert's last pieces were its dearest, two crew at Diavolo). By
    games, then two crew (the expert's dearest size), then the later level (harder, longer)."""
    levels = {cell[1:2] + cell[5:6]: k for k, cell in enumerate(todo)}  # first seen: the report's order
    return sorted(
        range(len(todo)), key=lambda k: (-todo[k][0], todo[k][2] != 2, -levels[todo[k][1:2] + todo[k][5:6]])
    )


def _simulate(cell: Cell) -> DineSummary:
    games, level, crew, ship, seed, starter, policy, choices, rules, first = cell
    return simulate_dine(
        games,
        level,
        crew,
        ship,
        policy,
        seed,
        starter=starter,
        choices=choices,
        rules_version=rules,
        first=first,
    )


def _pieces(cell: Cell, piece: int | None) -> list[Cell]:
    """`cell` as cells of at most `piece` games each (all of it at once without `piece`)."""
    games, first = cell[0], cell[-1]
    if piece is None or games <= piece:
        return [cell]
    return [(min(piece, games - k), *cell[1:-1], first + k) for k in range(0, games, piece)]


ROOT = Path(__file__).resolve().parent.parent  # the repository


def code_print(rules: str, root: Path = ROOT) -> str:
    """What a cell's games depend on besides the cell: the card data of `rules` and the source of the
    engine, the crews and the simulator (any change there may change the games). The version new
    games are dealt under (`RULES_VERSION`) is left out: every cell names the version it is dealt
    under, so switching new games to the card set just measured keeps its kept cells."""
    digest = hashlib.sha256(card_set(rules).model_dump_json().encode())
    for path in sorted(
        [*(root / "core" / "dine").glob("*.py"), root / "tools" / "sim.py", root / "core" / "rng.py"]
    ):
        lines = path.read_bytes().splitlines(keepends=True)
        digest.update(b"".join(line for line in lines if not line.startswith(b"RULES_VERSION = ")))
    return digest.hexdigest()[:16]


@dataclass(frozen=True)
class _Kept:
    """`_simulate` through a directory of finished cells (one JSON file a cell)."""

    folder: Path
    made: str  # `code_print`

    def path(self, cell: Cell) -> Path:
        key = hashlib.sha256(json.dumps([*cell, self.made]).encode()).hexdigest()[:24]
        return self.folder / f"{key}.json"

    def __call__(self, cell: Cell) -> DineSummary:
        path = self.path(cell)
        if path.exists():
            return DineSummary(**json.loads(path.read_text(encoding="utf-8")))
        found = _simulate(cell)
        partial = path.with_suffix(".part")
        partial.write_text(json.dumps(asdict(found)), encoding="utf-8")
        partial.replace(path)  # whole or not at all: a run stopped mid-write leaves no half cell
        return found


def run(
    games: int,
    seed: int,
    jobs: int = 1,
    levels: list[str] | None = None,
    crews: tuple[int, ...] = CREWS,
    ships: list[str] | None = None,
    policy: str = NOVICE,
    choices: bool = False,
    rules: str = RULES_VERSION,
    cache: Path | None = None,
    piece: int | None = None,
) -> tuple[list[DineSummary], float]:
    """Simulate the cells, dealt under `rules`, in `jobs` processes if more than 1. Each cell's games
    depend only on its seeds, so the results are the serial run's whatever the number of processes.
    With `piece`, each cell is played in pieces of that many games, then `merged` (the same figures).
    With `cache`, finished pieces are kept there and taken from there (`_Kept`)."""
    started = time.perf_counter()
    cells_todo = cells_to_run(games, seed, levels, crews, ships, policy, choices, rules)
    split = [_pieces(cell, piece) for cell in cells_todo]
    todo = [part for parts in split for part in parts]
    play: Callable[[Cell], DineSummary] = _simulate
    if cache is not None:
        cache.mkdir(parents=True, exist_ok=True)
        play = _Kept(cache, code_print(rules))
    if jobs > 1:
        order = dearest_first(todo)
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            played = pool.map(play, [todo[k] for k in order], chunksize=1)
        cells = [played[at] for _, at in sorted(zip(order, range(len(order)), strict=True))]
    else:
        cells = [play(cell) for cell in todo]
    whole: list[DineSummary] = []
    for parts in split:
        found, cells = cells[: len(parts)], cells[len(parts) :]
        whole.append(found[0] if len(found) == 1 else merged(found))
    return whole, time.perf_counter() - started


def _rate(cells: Sequence[DineSummary]) -> float:
    games = sum(c.games for c in cells)
    return sum(c.wins for c in cells) / games if games else 0.0


def _shown(cells: Sequence[DineSummary]) -> str:
    """A win rate with its 95 % Wilson interval and game count."""
    wins, games = sum(c.wins for c in cells), sum(c.games for c in cells)
    low, high = wilson(wins, games)
    return f"{_pct(wins / games)} ({_pct(low)}–{_pct(high)}, n={games})"


def _verdict(ok: bool, figure: str) -> str:
    return f"holds ({figure})" if ok else f"**misses** ({figure})"


@dataclass(frozen=True)
class Run:
    """What a report is made of: both crews' cells and how they were made."""

    novice: list[DineSummary]
    expert: list[DineSummary]
    novice_games: int
    expert_games: int  # per level-and-crew cell, ships pooled
    seed: int
    seconds: float
    jobs: int = 1
    rules: str = RULES_VERSION  # the rules version every game was dealt under
    command: str = ""
    expert_seconds: float = 0.0  # the expert's table alone (wall time), the figure item 1's target reads


def report(made: Run) -> str:
    """The whole report as Markdown, read against the card set of the run's rules version."""
    for cell in made.novice + made.expert:
        if cell.rules_version and cell.rules_version != made.rules:
            raise ValueError(f"a cell dealt under {cell.rules_version} in a report of {made.rules}")
    cards = card_set(made.rules)
    levels_all = [level.name for level in cards.levels]
    goal = bands(levels_all)
    cells = made.novice + made.expert
    levels = [level for level in ["starter", *levels_all] if any(c.level == level for c in cells)]
    took = f"{made.seconds / 60:.1f} min" + (f" in {made.jobs} processes" if made.jobs > 1 else "")
    if made.expert and made.expert_seconds:
        took += f", the expert's table {made.expert_seconds / 60:.1f} min of it"
    played = sum(c.games / c.games_per_second for c in cells if c.games_per_second > 0) / 60
    if played > made.seconds / 60 * made.jobs * 1.5:  # cells kept by an earlier run (`--cache`)
        took += (
            f"; the cells were played earlier and kept: {played:.0f} min of play in all, "
            f"{played / made.jobs:.0f} min on {made.jobs} processes"
        )
    lines = [
        "# Deep Space Dine — balance report (version 2 targets)",
        "",
        f"Generated by `{made.command or 'python -m tools.balance'}` ({took}); do not edit.",
        f"Rules version: `{made.rules}`"
        + (f" (card data `data/dine/{CARD_FILES[made.rules]}`)." if made.rules in CARD_FILES else "."),
        f"Novice (heuristic crew): {made.novice_games} games a level × crew",
        f"× ship cell, seeds {made.seed}…{made.seed + made.novice_games - 1}. Expert crew: "
        + (
            f"{made.expert_games} games a level × crew cell, ships pooled (seeds {made.seed}… of each ship, "
            "the novice's deals)."
            if made.expert
            else "not run."
        ),
        "Win rates with their 95 % Wilson interval. Targets: the design brief's version 2.",
        "",
    ]
    unplayed = [level for level in levels if made.expert and not any(c.level == level for c in made.expert)]
    if unplayed:
        lines += [
            f"**Not measured for the expert in this run: {', '.join(unplayed)}** (`--expert-levels`); "
            "no expert verdict is given there, and the choices tables count the levels it played.",
            "",
        ]
    body = _novice_table(made.novice, levels, goal)
    body += _expert_table(made.expert, levels, goal)
    body += _ladder_checks(made.novice, made.expert, levels, levels_all)
    body += _loss_table(cells, levels)
    body += where_lost(cells, cards)
    choices: Counter[str] = Counter()
    source = made.expert or made.novice
    for cell in source:
        choices.update(cell.choices)
    who = "expert" if made.expert else "novice"
    body += choice_tables(choices, cards, who)
    lines += [*summary(body), "", *body]
    lines += ["", *dead_cards(made.novice)]
    lines += ["", *useful_symbols(made.novice, cards)]
    games = sum(c.games for c in cells)
    lines += ["", f"Simulated {games} games in {took}.", ""]
    return "\n".join(lines)


def summary(body: list[str]) -> list[str]:
    """How many verdicts of each section hold and miss, counted from the tables' own verdicts: the
    report's first words never say more than its cells do."""
    counts: dict[str, list[int]] = {}
    section = ""
    for line in body:
        if line.startswith("#"):
            section = line.lstrip("# ")
        elif "holds (" in line or "**misses**" in line:
            pair = counts.setdefault(section, [0, 0])
            pair[0 if "holds (" in line else 1] += 1
    lines = ["## Summary", "", "| Section | Verdicts holding | Missing |", "|---|---|---|"]
    lines += [f"| {name} | {held} | {missed} |" for name, (held, missed) in counts.items()]
    held = sum(pair[0] for pair in counts.values())
    missed = sum(pair[1] for pair in counts.values())
    end = " Not every target is met." if missed else ""
    lines += ["", f"{held} verdicts hold and {missed} miss.{end}"]
    return lines


def _novice_table(cells: list[DineSummary], levels: list[str], goal: dict[str, Bands]) -> list[str]:
    if not cells:
        return []
    ships = list(dict.fromkeys(c.ship for c in cells))
    lines = [
        "## Novice crew, per cell",
        "",
        f"Each ship must lie in the level's band (if it has one) and within ±{SHIP_GAP * 100:.0f} points of",
        "its level-and-crew mean (the last column).",
        "",
        "| Level | Band | Crew | " + " | ".join(ships) + " | Mean | Verdict |",
        "|---|---|---|" + "---|" * len(ships) + "---|---|",
    ]
    for level in levels:
        band = goal[level].novice
        for crew in sorted({c.crew for c in cells if c.level == level}):
            row = [c for c in cells if c.level == level and c.crew == crew]
            mean = sum(_rate([c]) for c in row) / len(row)
            misses = [
                f"{c.ship} {_pct(_rate([c]))}"
                for c in row
                if not _in(_rate([c]), band) or abs(_rate([c]) - mean) > SHIP_GAP + 1e-9
            ]
            verdict = (
                f"holds ({_pct(min(_rate([c]) for c in row))}–{_pct(max(_rate([c]) for c in row))})"
                if not misses
                else "**misses** (" + ", ".join(misses) + ")"
            )
            shown = [_shown([c]) for c in row]
            lines.append(
                f"| {level} | {goal[level].text_novice} | {crew} | "
                + " | ".join(shown)
                + f" | {_pct(mean)} | {verdict} |"
            )
    return [*lines, ""]


def _expert_table(cells: list[DineSummary], levels: list[str], goal: dict[str, Bands]) -> list[str]:
    if not cells:
        return ["## Expert crew", "", "Not run (`--expert-games 0`): no expert verdicts.", ""]
    lines = [
        "## Expert crew, per level and crew size (ships pooled)",
        "",
        "| Level | Band | Crew | Win rate | Per ship (wins/games) | Verdict |",
        "|---|---|---|---|---|---|",
    ]
    for level in levels:
        band = goal[level].expert
        for crew in sorted({c.crew for c in cells if c.level == level}):
            row = [c for c in cells if c.level == level and c.crew == crew]
            rate = _rate(row)
            ships = ", ".join(f"{c.ship} {c.wins}/{c.games}" for c in row)
            lines.append(
                f"| {level} | {goal[level].text_expert} | {crew} | {_shown(row)} | {ships} "
                f"| {_verdict(_in(rate, band), _pct(rate))} |"
            )
    return [*lines, ""]


def _ladder_checks(
    novice: list[DineSummary], expert: list[DineSummary], levels: list[str], ladder: list[str]
) -> list[str]:
    """Crew sizes within ±7 points of the level's mean (each crew), the ladder strictly falling from
    the easiest to the hardest level (each crew and crew size), the novice below the expert."""
    lines = [
        "## The ladder",
        "",
        f"Crew sizes: every crew size within ±{CREW_GAP * 100:.0f} points of the level's mean (all ships).",
        "",
        "| Crew | Level | Crew 1 / 2 / 3 | Mean | Verdict |",
        "|---|---|---|---|---|",
    ]
    for who, cells in (("novice", novice), ("expert", expert)):
        for level in levels:
            here = [c for c in cells if c.level == level]
            crews = sorted({c.crew for c in here})
            if len(crews) < 2:
                continue
            rates = [_rate([c for c in here if c.crew == crew]) for crew in crews]
            mean = sum(rates) / len(rates)
            ok = all(abs(r - mean) <= CREW_GAP + 1e-9 for r in rates)
            spread = f"{round((max(rates) - min(rates)) * 100)} points apart"
            lines.append(
                f"| {who} | {level} | {' / '.join(_pct(r) for r in rates)} | {_pct(mean)} "
                f"| {_verdict(ok, spread)} |"
            )
    lines += [
        "",
        "Falling: each crew size's win rate strictly falls level by level (easiest to hardest).",
        "",
    ]
    lines += ["| Crew | Crew size | Ladder | Verdict |", "|---|---|---|---|"]
    present = [level for level in ladder if level in levels]
    for who, cells in (("novice", novice), ("expert", expert)):
        for crew in sorted({c.crew for c in cells}):
            played = [level for level in present if any(c.level == level and c.crew == crew for c in cells)]
            rates = [_rate([c for c in cells if c.level == level and c.crew == crew]) for level in played]
            if len(rates) < 2:
                continue
            ok = all(a > b for a, b in itertools.pairwise(rates))
            ladder_text = " > ".join(_pct(r) for r in rates)
            lines.append(
                f"| {who} | {crew} | {ladder_text} | {_verdict(ok, 'strictly' if ok else 'not strictly')} |"
            )
    if novice and expert:
        lines += [
            "",
            "Below the expert: the novice's win rate under the expert's, per level and crew size.",
            "",
        ]
        lines += ["| Level | Crew | Novice | Expert | Verdict |", "|---|---|---|---|---|"]
        for level in levels:
            for crew in sorted({c.crew for c in expert if c.level == level}):
                n = _rate([c for c in novice if c.level == level and c.crew == crew])
                e = _rate([c for c in expert if c.level == level and c.crew == crew])
                verdict = _verdict(n < e or e >= 1, f"{_pct(n)} vs {_pct(e)}")
                lines.append(f"| {level} | {crew} | {_pct(n)} | {_pct(e)} | {verdict} |")
    return [*lines, ""]


def _loss_table(cells: list[DineSummary], levels: list[str]) -> list[str]:
    """Loss reasons per level and crew; no reason above 60 % of a level's losses."""
    lines = [
        "## How games were lost, per level",
        "",
        f"No single reason may exceed {LOSS_CEILING:.0%} of a level's losses.",
        "",
        "| Crew | Level | Losses | Reasons | Verdict |",
        "|---|---|---|---|---|",
    ]
    for who, policy in (("novice", NOVICE), ("expert", EXPERT)):
        for level in levels:
            losses: Counter[str] = Counter()
            for c in cells:
                if c.level == level and c.policy == policy:
                    losses.update(c.losses)
            total = sum(losses.values())
            if not total:
                continue
            reasons = "; ".join(f"{r} {n} ({n / total:.0%})" for r, n in losses.most_common())
            top, n = losses.most_common(1)[0]
            ok = n / total <= LOSS_CEILING + 1e-9
            lines.append(
                f"| {who} | {level} | {total} | {reasons} | {_verdict(ok, f'{top} {n / total:.0%}')} |"
            )
    return [*lines, ""]


def where_lost(cells: list[DineSummary], cards: CardSet) -> list[str]:
    """Per sector side and crew, the games that reached it and the share lost there, every level but
    the starter game pooled: where a crew size or a crew finds a side harder than the others do (what
    the per-cell tables cannot say). Figures, no verdict."""
    played = [c for c in cells if c.level != "starter" and c.visits]
    if not played:
        return []
    columns = [
        (who, policy, crew)
        for who, policy in (("novice", NOVICE), ("expert", EXPERT))
        for crew in CREWS
        if any(c.policy == policy and c.crew == crew for c in played)
    ]
    heads = " | ".join(f"{who}, crew {crew}" for who, _, crew in columns)
    lines = [
        "## Where games were lost, per sector side",
        "",
        "Games lost while the side was the current sector, of the games that reached it (every level but",
        "the starter game; a boss shows its front).",
        "",
        f"| Sector side | {heads} |",
        "|---|" + "---|" * len(columns),
    ]
    for where in sorted({w for c in played for w in c.visits}):
        sector, _, up = where.partition(":")
        shown = cards.sector(sector).showing(up).name
        figures: list[str] = []
        for _, policy, crew in columns:
            mine = [c for c in played if c.policy == policy and c.crew == crew]
            reached = sum(c.visits.get(where, 0) for c in mine)
            lost = sum(c.lost_at.get(where, 0) for c in mine)
            figures.append(f"{lost}/{reached} ({lost / reached:.0%})" if reached else "–")
        lines.append(f"| {shown} ({up}) | {' | '.join(figures)} |")
    return [*lines, ""]


def _share(taken: int, offered: int) -> str:
    return f"{taken}/{offered} ({taken / offered:.0%})" if offered else f"{taken}/0"


def _name(cards: CardSet, card_id: str) -> str:
    """A station card's name for the tables (its id where the id is not a station: sectors, ships)."""
    for card in cards.stations:
        if card.id == card_id:
            return f"{card.normal.name} ({card.id})"
    return card_id


def choice_tables(counts: Counter[str], cards: CardSet, who: str = "expert") -> list[str]:
    """The brief's "real choice" criteria per card, from `tools.choices` counts of games played with
    `cards`."""
    pairs = split(counts)
    lines = [
        f"## Choices ({who} crew)",
        "",
        "Counted from the crew's actions. *Offered*: visits (solutions, station and ship actions), strikes",
        "(A OR B) or damage points (shield) where the option was open; *taken*: how often it was chosen.",
        "",
        "### Ways out of each sector (solutions, track payments, the jump)",
        "",
        f"Each way taken in ≥ {SOLUTION_FLOOR:.0%} of the visits where it was open (a way never open in",
        "these games has no verdict; text that can never be used is listed under *Dead text*).",
        "",
        "| Sector side | Way | Taken / open | Verdict |",
        "|---|---|---|---|",
    ]
    printed = _printed_ways(cards)
    visited = {card for (kind, card, _option) in pairs if kind == "solution"}
    for name, ways in printed.items():
        for way in ways:
            offered, taken = pairs.get(("solution", name, way), (0, 0))
            if not offered and name not in visited:
                continue
            if not offered:
                verdict = "— (never open in these games)"
            else:
                verdict = _verdict(taken / offered >= SOLUTION_FLOOR - 1e-9, f"{taken / offered:.0%}")
            lines.append(f"| {name} | {way} | {_share(taken, offered)} | {verdict} |")
    lines += ["", *dead_text(cards)]
    lines += ["", "### A OR B", "", f"Each side taken ≥ {BRANCH_FLOOR:.0%} of the strikes.", ""]
    lines += ["| Sector side | A | B | Verdict |", "|---|---|---|---|"]
    for name in sorted({card for (kind, card, _o) in pairs if kind == "branch"}):
        a_open, a = pairs.get(("branch", name, "A"), (0, 0))
        _b_open, b = pairs.get(("branch", name, "B"), (0, 0))
        low = min(a, b) / a_open if a_open else 0.0
        verdict = _verdict(low >= BRANCH_FLOOR - 1e-9, f"{low:.0%}")
        lines.append(f"| {name} | {_share(a, a_open)} | {_share(b, a_open)} | {verdict} |")
    lines += ["", "### Paying a damage point: a shield or the damage", ""]
    lines += ["| Sector side | Shield | Damage |", "|---|---|---|"]
    for name in sorted({card for (kind, card, _o) in pairs if kind == "shield"}):
        opened, shield = pairs.get(("shield", name, "shield"), (0, 0))
        _d, damage = pairs.get(("shield", name, "damage"), (0, 0))
        lines.append(f"| {name} | {_share(shield, opened)} | {_share(damage, opened)} |")
    lines += [
        "",
        "### Rotated sides",
        "",
        f"Each card's rotated side in ≥ {ROTATED_FLOOR:.0%} of its plays.",
        "",
    ]
    lines += ["| Card | Upright | Rotated | Verdict |", "|---|---|---|---|"]
    played = sorted({card for (kind, card, _o) in pairs if kind == "play"})
    missed_rotated = 0
    for card in played:
        up = pairs.get(("play", card, "upright"), (0, 0))[1]
        rot = pairs.get(("play", card, "rotated"), (0, 0))[1]
        share = rot / (up + rot) if up + rot else 0.0
        ok = share >= ROTATED_FLOOR - 1e-9
        missed_rotated += not ok
        lines.append(f"| {_name(cards, card)} | {up} | {rot} | {_verdict(ok, f'{share:.0%}')} |")
    lines += [
        "",
        f"Rotated sides under {ROTATED_FLOOR:.0%}: {missed_rotated} of {len(played)} cards played.",
        "",
    ]
    lines += ["### Station and ship actions", "", "Visits where the action could be used, and was.", ""]
    lines += ["| Station or ship | Used / usable |", "|---|---|"]
    for kind in ("station", "ship"):
        for (k, card, option), (offered, taken) in sorted(pairs.items()):
            if k == kind:
                label = _name(cards, card) + ("" if kind == "station" else f", {option}")
                lines.append(f"| {label} | {_share(taken, offered)} |")
    occupations: Counter[str] = Counter()
    for (kind, _card, option), (_o, taken) in pairs.items():
        if kind == "occupy":
            occupations[option] += taken
    total = sum(occupations.values())
    passive = occupations["permanent"] / total if total else 0.0
    lines += [
        "",
        "### Occupied stations",
        "",
        "Occupations by the kind of the occupied effect: "
        + (", ".join(f"{k} {n} ({n / total:.0%})" for k, n in occupations.most_common()) or "none")
        + ".",
        f"Passive (permanent) effects at most {PASSIVE_CEILING:.0%} of the occupations: "
        + (_verdict(passive <= PASSIVE_CEILING + 1e-9, f"{passive:.0%}") if total else "no occupation")
        + ".",
    ]
    upgrades = Counter({card: taken for (kind, card, _o), (_x, taken) in pairs.items() if kind == "upgrade"})
    total = sum(upgrades.values())
    top = upgrades.most_common(UPGRADE_TOP)
    share = sum(n for _c, n in top) / total if total else 0.0
    lines += [
        "",
        "### Upgrades",
        "",
        f"{total} upgrades; the {UPGRADE_TOP} most upgraded cards: "
        + (", ".join(f"{_name(cards, c)} {n}" for c, n in top) or "none")
        + ". No four cards above half of the upgrades: "
        + (_verdict(share <= 0.5 + 1e-9, f"{share:.0%}") if total else "no upgrade")
        + ".",
    ]
    return lines


def dead_text(cards: CardSet) -> list[str]:
    """Card text that the rules never let anyone use: a sector side whose danger is 0 for a crew size
    strikes on arrival and is cleared at once (ruling R10), so its jump and solutions are dead for
    that crew size."""
    found = [
        f"- {face.name}: danger 0 for {', '.join(str(i + 1) for i, d in enumerate(face.danger) if d == 0)}"
        " crew: its jump and solutions can never be used"
        for card in cards.sectors
        for face in (card.front, card.back)
        if 0 in face.danger
    ]
    verdict = "holds (none)" if not found else f"**misses** ({len(found)} sector sides)"
    return ["### Dead text", "", f"Printed text no crew can ever use: {verdict}.", "", *found]


def _printed_ways(cards: CardSet) -> dict[str, list[str]]:
    """Every sector side's printed ways out: its solutions and, unless its jump is X for every crew
    size, the jump."""
    ways: dict[str, list[str]] = {}
    for card in cards.sectors:
        for face in (card.front, card.back):
            found = [f"solution {i + 1}" for i in range(len(face.solutions))]
            if any(d is not None for d in face.jump.drive):
                found.append("jump")
            ways[face.name] = found
    return ways


def dead_cards(cells: list[DineSummary], floor: float = 0.05) -> list[str]:
    """The brief's "no dead card": every station played in at least 5 % of the games it was in."""
    dealt: dict[str, int] = {}
    played: dict[str, int] = {}
    for cell in cells:
        for card, n in cell.dealt.items():
            dealt[card] = dealt.get(card, 0) + n
        for card, n in cell.played.items():
            played[card] = played.get(card, 0) + n
    rare = sorted(
        (played.get(card, 0) / n, card) for card, n in dealt.items() if played.get(card, 0) / n < floor
    )
    lines = [
        "## Dead cards",
        "",
        f"Stations played in fewer than {floor:.0%} of the games they were dealt in:",
        "",
    ]
    lines += [f"- {card}: {share:.1%}" for share, card in rare] or ["- none"]
    return lines


def symbol_sources(cards: CardSet) -> tuple[dict[Symbol, int], dict[Symbol, int]]:
    """Per symbol, how many station sides of `cards` give it (printed drive, a row or rotated row, a
    production) and how many sector sides or costs ask for it (a jump, a solution, a `pay` cost of a
    card or ship)."""
    given = dict.fromkeys(Symbol, 0)
    for card in cards.stations:
        for face in (card.normal, card.upgraded):
            shown = {Symbol.DRIVE} if face.drive else set[Symbol]()
            for row in (face.row, face.rotated):
                shown |= {s for s, n in row.symbols.items() if n} | {p.symbol for p in row.produce}
            for symbol in shown:
                given[symbol] += 1
    demanded = dict.fromkeys(Symbol, 0)
    costs = [a.cost for c in cards.stations for f in (c.normal, c.upgraded) for a in f.actions]
    costs += [
        f.occupied.action.cost for c in cards.stations for f in (c.normal, c.upgraded) if f.occupied.action
    ]
    costs += [a.cost for ship in cards.ship_sides() for a in ship.actions]
    asked = [set(cost.symbols) for cost in costs]
    for card in cards.sectors:
        for face in (card.front, card.back):
            jump = {Symbol.DRIVE} if any(face.jump.drive) else set[Symbol]()
            jump |= {Symbol.NAVIGATION} if face.jump.navigation else set()
            asked.append(jump | {s for solution in face.solutions for s, n in solution.symbols.items() if n})
    for symbols in asked:
        for symbol in symbols:
            demanded[symbol] += 1
    return given, demanded


def useful_symbols(cells: list[DineSummary], cards: CardSet) -> list[str]:
    """The brief's "every symbol is useful": each symbol is given by some station of `cards` (the set
    the cells were played with), asked for by some sector or cost, and counted toward a solve, a jump
    or a payment in the simulated games."""
    given, demanded = symbol_sources(cards)
    games = sum(c.games for c in cells)
    lines = [
        "## Useful symbols",
        "",
        "Every symbol should be given by a station, asked for by a sector (solution or jump) or a cost,",
        "and count toward a solve, a jump or a payment (a symbol cost or a shield for a damage) in play.",
        "",
        "| Symbol | Station sides giving it | Sector sides and costs asking for it | Games it counted in |",
        "|---|---|---|---|",
    ]
    useless: list[str] = []
    for symbol in Symbol:
        used = sum(c.symbols_used.get(str(symbol), 0) for c in cells)
        share = used / games if games else 0.0
        lines.append(f"| {symbol} | {given[symbol]} | {demanded[symbol]} | {used} ({share:.0%}) |")
        if not (given[symbol] and demanded[symbol] and used):
            useless.append(str(symbol))
    lines += ["", "Symbols that are not useful: " + (", ".join(useless) if useless else "none") + "."]
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.balance", description=(__doc__ or "").split("\n")[0]
    )
    parser.add_argument("--games", type=int, default=1000, help="novice games per level × crew × ship cell")
    parser.add_argument(
        "--expert-games",
        type=int,
        default=300,
        help="expert games per level × crew cell (ships pooled; 0: none)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=DEFAULT)
    parser.add_argument(
        "--rules",
        choices=sorted(CARD_FILES),
        default=RULES_VERSION,
        help=f"the rules version (card set) every game is dealt under (default: new games', {RULES_VERSION})",
    )
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (same results as 1)")
    parser.add_argument("--levels", help="only these levels, comma-separated (e.g. starter,Salad)")
    parser.add_argument("--crews", default="1,2,3", help="only these crew sizes, comma-separated")
    parser.add_argument("--ships", help="only these ships, comma-separated")
    parser.add_argument(
        "--expert-levels",
        help="only these levels for the expert crew, comma-separated (default: the novice's)",
    )
    parser.add_argument(
        "--cache", type=Path, help="keep finished cells here and take them from here (a stopped run resumes)"
    )
    args = parser.parse_args(argv)
    if args.jobs < 1 or args.games < 1 or args.expert_games < 0:
        parser.error("--jobs and --games must be at least 1, --expert-games at least 0")
    levels = args.levels.split(",") if args.levels else None
    ships = args.ships.split(",") if args.ships else None
    crews = tuple(int(c) for c in args.crews.split(","))
    expert_levels = args.expert_levels.split(",") if args.expert_levels else levels
    made = measure(
        args.games,
        args.expert_games,
        args.seed,
        args.jobs,
        levels,
        crews,
        ships,
        args.rules,
        args.cache,
        expert_levels,
    )
    runner = "python -m tools.compiled tools.balance " if is_compiled() else "python -m tools.balance "
    command = runner + " ".join(sys.argv[1:] if argv is None else argv)
    made = replace(made, command=command.strip())
    args.out.write_text(report(made), encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


def measure(
    games: int,
    expert_games: int,
    seed: int,
    jobs: int = 1,
    levels: list[str] | None = None,
    crews: tuple[int, ...] = CREWS,
    ships: list[str] | None = None,
    rules: str = RULES_VERSION,
    cache: Path | None = None,
    expert_levels: list[str] | None = None,
) -> Run:
    """Both crews on the same deals, all dealt under `rules`: the novice `games` a cell, the expert
    `expert_games` a level-and-crew cell spread over the ships (the first deals of each ship), choices
    counted for both. With `expert_levels`, the expert plays only those levels (the report says so)."""
    missing = {NOVICE, EXPERT} - POLICIES.keys()
    if missing:
        raise KeyError(f"no such crew: {sorted(missing)}")
    started = time.perf_counter()
    novice, _ = run(games, seed, jobs, levels, crews, ships, NOVICE, choices=True, rules=rules, cache=cache)
    count = len({c.ship for c in novice}) or 1
    per_ship = math.ceil(expert_games / count) if expert_games else 0
    expert, expert_seconds = (
        run(
            per_ship,
            seed,
            jobs,
            expert_levels if expert_levels is not None else levels,
            crews,
            ships,
            EXPERT,
            choices=True,
            rules=rules,
            cache=cache,
            piece=EXPERT_PIECE,
        )
        if per_ship
        else ([], 0.0)
    )
    seconds = time.perf_counter() - started
    made = Run(novice, expert, games, per_ship * count, seed, seconds, jobs, rules)
    return replace(made, expert_seconds=expert_seconds)


if __name__ == "__main__":
    sys.exit(main())
