"""A ranked daily result as a player shares it in public: nothing of the deal, only how they did.

Everyone plays the same deal on a day (the same cards, and the same dice for the same choices), so a
post that helps a player who has not played yet is a spoiler. A share shows the game, the day's
number (`core.daily.day_number`), won, lost or given up, the score, the rounds or actions (the
leaderboard shows those anyway) and an emoji strip of the game's `Run` (`core.game`): D-6's hull and
threats in play as each round ended, Dine's sectors in the level's number (the day's level says it)
as cleared, where the run ended, or not reached, and the stars of a win.

What is left out, and why: any name (a card, threat, sector, ship or level: the ship and level are
public for the day, but leaving every name out lets the test forbid them all), any die face, the
loss reason (its words may name what struck), Dine's rating text (card text), how many actions
each sector took (that would tell which sector of the stack is the hard one, i.e. their order), and
the exact hull and threat counts: both are drawn in four bands, so most one-point changes (a small
hit, a "Don't Panic!" card drawn instead of a threat) do not show at all. Two runs alike in what
is shown read the same, whatever their deals (tests/test_share.py proves both).

Every sentence about sharing, the bot's answers included, is here, marked for the catalogue: whole
sentences with named fields, with a singular and a plural form where a count decides. The post is
said in the language of the server where it is posted, the answers in the reader's.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from core.daily import day_number
from core.game import AnyGame
from core.i18n import Locale, Plural, mark, mark_plural, t, tn
from core.i18n.commands import Slash
from core.ranking import day_of
from core.registry import game as declaration
from core.storage import ResultRecord
from core.words import stars

# --- the public post ---
HEADLINE = mark("**{game} daily #{number}** · {player}")
# How the run ended, by (ending, what `rounds` counts); a pair is (singular, plural) by `count`.
ENDINGS: dict[tuple[str, str], str | Plural] = {
    ("won", "rounds"): mark_plural(
        "🏆 Won in {count} round · score {score}", "🏆 Won in {count} rounds · score {score}"
    ),
    ("lost", "rounds"): mark("💥 Lost in round {count} · score {score}"),
    ("abandoned", "rounds"): mark("🏳️ Gave up in round {count} · score {score}"),
    ("unfinished", "rounds"): mark("⏳ Left unfinished in round {count} · score {score}"),
    ("won", "actions"): mark_plural(
        "🏆 Won in {count} action · score {score}", "🏆 Won in {count} actions · score {score}"
    ),
    ("lost", "actions"): mark_plural(
        "💥 Lost after {count} action · score {score}", "💥 Lost after {count} actions · score {score}"
    ),
    ("abandoned", "actions"): mark_plural(
        "🏳️ Gave up after {count} action · score {score}", "🏳️ Gave up after {count} actions · score {score}"
    ),
    ("unfinished", "actions"): mark_plural(
        "⏳ Left unfinished after {count} action · score {score}",
        "⏳ Left unfinished after {count} actions · score {score}",
    ),
}
RATING = mark("Rating {stars}")
LEGENDS = {
    "rounds": mark(
        "-# Top: the hull as each round ended (🟩 6–8 · 🟨 3–5 · 🟥 1–2 · ⬛ 0). "
        "Below: threats in play (⚪ none · 🟡 1–2 · 🟠 3–4 · 🔴 5 or more)."
    ),
    "sectors": mark("-# One square a sector: 🟩 cleared · 🟥 where the run ended · ⬛ not reached."),
}
CUTS = {
    "rounds": mark("-# Rounds {first}–{last} of {count}."),
    "sectors": mark("-# Sectors {first}–{last} of {count}."),
}
# true on the day after too: an attempt played over midnight is shared then, when the command deals anew
ELSEWHERE = mark("-# Played in another server, so this server's standings do not list it (everyone's do).")
INVITE = mark("-# Your turn: {command}, the same deal for everyone, a new one each day.")
# --- the Share button and `/daily share` ---
BUTTON, BUTTON_SHARED = mark("Share"), mark("Shared")
POSTED = mark("Shared in {channel}: {link}")
ALREADY = mark("You already shared this result in {channel}: {link}")
NOT_YOURS = mark("Only the player who took this ranked attempt can share it.")
OTHER_DAY = mark(
    "This result is from daily #{number}; a result is shared on its own UTC day, so that it "
    "stays about today's deal. Today's challenge: {command}."
)
NONE_TODAY = mark(
    "You have no finished ranked attempt at today's challenge to share. Play it with {commands}."
)
RUNNING = mark("Your ranked attempt at today's challenge is still running: finish it, then share it.")
NO_CHANNEL = mark(
    "I can't post in {channel}: I need the **View Channels** and **Send Messages** permissions "
    "there. Use {command} in a channel where I can post."
)
FAILED = mark("Discord did not take the post just now, so nothing was shared: try again in a moment.")

Scale = tuple[tuple[int, str], ...]  # (least value, its mark), highest first
HULL: Scale = ((6, "🟩"), (3, "🟨"), (1, "🟥"), (0, "⬛"))
THREATS: Scale = ((5, "🔴"), (3, "🟠"), (1, "🟡"), (0, "⚪"))
SECTORS: Scale = ((2, "🟩"), (1, "🟥"), (0, "⬛"))  # core/games/dine.py: CLEARED, ENDED, NOT_REACHED
STRIPS: dict[str, tuple[Scale, ...]] = {"rounds": (HULL, THREATS), "sectors": (SECTORS,)}  # a scale a row
WIDTH = 10  # columns a line: a strip wraps into blocks, its rows one above the other
MOST_COLUMNS = 60  # a longer run shows its last ones (a D-6 game rarely has 50 rounds)


def said(locale: Locale, message: str | Plural, count: int, **fields: object) -> str:
    """A sentence whose wording may depend on `count` (a pair), with `count` as a field either way."""
    if isinstance(message, tuple):
        return tn(locale, *message, count, **fields)
    return t(locale, message, count=count, **fields)


def square(scale: Scale, value: int) -> str:
    return next((shown for least, shown in scale if value >= least), scale[-1][1])


def strip_lines(strip: str, rows: Sequence[Sequence[int]], locale: Locale = "en") -> list[str]:
    """The rows drawn with their scales, wrapped `WIDTH` columns a line, the last `MOST_COLUMNS`."""
    scales = STRIPS[strip]
    count = max((len(row) for row in rows), default=0)
    first = max(0, count - MOST_COLUMNS)
    lines: list[str] = []
    for start in range(first, count, WIDTH):
        if lines:
            lines.append("")  # a blank line between blocks keeps the rows of each block together
        for scale, row in zip(scales, rows, strict=True):
            lines.append("".join(square(scale, value) for value in row[start : start + WIDTH]))
    if first:
        lines.append(t(locale, CUTS[strip], first=first + 1, last=count, count=count))
    return lines


def shared_day(game: AnyGame, result: ResultRecord) -> date | None:
    """The day of the challenge a stored result is the ranked attempt at; None if it is not one."""
    detail = game.parse_detail(result.detail_json)
    return date.fromisoformat(detail.daily) if detail.daily is not None and not detail.practice else None


def shareable(game: AnyGame, result: ResultRecord, today: date) -> bool:
    """Whether a stored result may be shared `today`: a ranked daily attempt, on its challenge's UTC
    day or on the day it ended (an attempt played over midnight); after that it is old news."""
    day = shared_day(game, result)
    return day is not None and today in (day, day_of(result.finished_at))


def summary(
    kind: str,
    state_json: str,
    log: Sequence[str],
    result: ResultRecord,
    player: str,
    locale: Locale = "en",
    *,
    elsewhere: bool = False,
) -> str:
    """The public post of a finished ranked daily attempt, replayed from its stored game and log, in
    `locale` (the language of the server where it is posted).

    `player` is how the post names its player (a mention, which pings nobody as the bot sends it).
    `elsewhere`: the attempt was played in another server than the post's, whose standings list only
    the attempts played in it; the post says so, or it would seem left out there.
    ValueError for a result that is no ranked daily attempt.
    """
    game = declaration(kind)
    day = shared_day(game, result)
    if day is None:
        raise ValueError(f"game {result.game_id} is not a ranked daily attempt")
    stored = game.load_saved(state_json).state
    if stored is None:
        raise ValueError(f"game {result.game_id} was never dealt")
    states = game.states(stored, log)
    final, run = states[-1], game.run(states)
    unit = game.rounds_words[1].rsplit(" ", 1)[-1]  # what `rounds` counts: "{count} rounds" → "rounds"
    detail = game.parse_detail(result.detail_json)
    ending = "unfinished" if detail.unfinished else "abandoned" if detail.abandoned else final.outcome
    lines = [
        t(locale, HEADLINE, game=game.title, number=day_number(day), player=player),
        said(locale, ENDINGS[(ending, unit)], game.rounds(final), score=final.score),
    ]
    if run.rating is not None:
        lines.append(t(locale, RATING, stars=stars(run.rating)))
    lines += strip_lines(run.strip, run.rows, locale)
    lines.append(t(locale, LEGENDS[run.strip]))
    if elsewhere:
        lines.append(t(locale, ELSEWHERE))
    lines.append(t(locale, INVITE, command=Slash(f"daily {kind}")))
    return "\n".join(lines)
