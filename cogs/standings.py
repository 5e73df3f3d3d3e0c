"""`/leaderboard` and `/stats`: verified results, ranked as `core.ranking` documents.

Both first verify any result not yet checked (`core.verify`), so a finished game shows up at once
and nothing unverified is ever ranked.
"""

from __future__ import annotations

from typing import cast

import discord
from discord import app_commands
from discord.ext import commands

from core.i18n import Locale, mark, t, tn
from core.i18n.glossary import term
from core.ranking import GLOBAL, RANK_ORDER, Period, day_of, period_key
from core.registry import GAMES, featured, find
from core.stats import PlayerStats, Tally, player_stats
from core.storage import Leaderboard, Standing, Store
from core.verify import verify_pending
from core.words import clip, escaped

from .client import DeepSpaceBot
from .ui.language import reader_language, server_language
from .ui.replies import send

Choice = app_commands.Choice
GAME_CHOICES = [Choice(name=game.title, value=game.kind) for game in GAMES.values()]
# The same English texts name the choices (the `commands` catalogue) and the board's title (`messages`).
PERIODS = {
    "today": mark("today (UTC)"),
    "week": mark("this week (Monday to Sunday, UTC)"),
    "all": mark("all time"),
}
WON_LINE = mark("**{rank}.** <@{user}> — won, score **{score}**, {rounds} · {when}")
LOST_LINE = mark("**{rank}.** <@{user}> — lost, score **{score}**, {rounds} · {when}")
# A leaderboard ranks a harder game above an easier one (`core.ranking`), so its lines say which it was.
WON_AT_LINE = mark("**{rank}.** <@{user}> — won ({setup}), score **{score}**, {rounds} · {when}")
LOST_AT_LINE = mark("**{rank}.** <@{user}> — lost ({setup}), score **{score}**, {rounds} · {when}")
# a game given up (abandoned) says so, as its shared result does: it ranks as the easiest set-up
GAVE_UP_LINE = mark("**{rank}.** <@{user}> — gave up, score **{score}**, {rounds} · {when}")
GAVE_UP_AT_LINE = mark("**{rank}.** <@{user}> — gave up ({setup}), score **{score}**, {rounds} · {when}")
# abandoned by the bot (forgotten, its channel gone): nobody gave it up
UNFINISHED_LINE = mark("**{rank}.** <@{user}> — left unfinished, score **{score}**, {rounds} · {when}")
UNFINISHED_AT_LINE = mark(
    "**{rank}.** <@{user}> — left unfinished ({setup}), score **{score}**, {rounds} · {when}"
)
DAILY_ON_ITS_DAY = mark(
    "A ranked daily attempt counts on its challenge's day, even if it ends after midnight (UTC)."
)
SCOPES = {"server": mark("this server"), "global": mark("everyone")}
# the `scope` option of `/leaderboard` and `/daily standings`
SCOPE_CHOICES = [
    Choice(name=SCOPES["server"], value="server"),
    Choice(name="everyone (global)", value="global"),
]
COLOUR = discord.Colour(0xC9A227)
# `/leaderboard` without a game shows one and says why, with how to see the other (a player who just
# finished one game in a channel where the other was finished last would otherwise wonder).
SHOWN_BECAUSE = {
    "channel": mark("the game last finished in this channel"),
    "you": mark("the game you finished last"),
    "featured": mark("no game has finished here or by you yet"),
}
SHOWN = mark("Showing {game}: {why}. For {others}, choose it in the command's `game` option.")


def title(kind: str) -> str:
    found = find(kind)
    return found.title if found else kind


def rounds_text(locale: Locale, kind: str, rounds: int) -> str:
    found = find(kind)
    singular, plural = found.rounds_words if found else ("{count} round", "{count} rounds")
    return tn(locale, singular, plural, rounds)


def standing_line(locale: Locale, game: str, standing: Standing, *, setup: bool = True) -> str:
    """One player's line; `setup=False` where every line played the same deal (a day's podium)."""
    found = find(game)
    detail = found.parse_detail(standing.detail_json) if found else None
    words = detail.setup_words(locale) if detail is not None and setup else None
    if standing.outcome == "won":
        plain, at = WON_LINE, WON_AT_LINE
    elif detail is not None and detail.unfinished:
        plain, at = UNFINISHED_LINE, UNFINISHED_AT_LINE
    elif detail is not None and detail.abandoned:
        plain, at = GAVE_UP_LINE, GAVE_UP_AT_LINE
    else:
        plain, at = LOST_LINE, LOST_AT_LINE
    line = plain if words is None else at
    return t(
        locale,
        line,
        rank=standing.rank,
        user=standing.user_id,
        setup=words,
        score=standing.score,
        rounds=rounds_text(locale, game, standing.rounds),
        when=discord.utils.format_dt(standing.finished_at, "R"),
    )


def leaderboard_embed(
    locale: Locale, game: str, period: Period, scope: str, board: Leaderboard
) -> discord.Embed:
    heading = f"{title(game)} · {t(locale, PERIODS[period])} · {t(locale, SCOPES[scope])}"
    embed = discord.Embed(title=heading, colour=COLOUR)
    lines = [standing_line(locale, game, standing) for standing in board.top]
    embed.description = "\n".join(lines) or t(
        locale, "No verified results yet. Finish a game to get on the board!"
    )
    if board.mine is not None and board.mine.user_id in {standing.user_id for standing in board.top}:
        mine = t(
            locale, "#{rank} of {players}, in the list above", rank=board.mine.rank, players=board.players
        )
    elif board.mine is not None:  # below the top ten: their own line, which the list does not show
        rank = t(locale, "#{rank} of {players}", rank=board.mine.rank, players=board.players)
        mine = f"{rank}\n{standing_line(locale, game, board.mine)}"
    else:
        mine = t(locale, "Not ranked here yet.")
    embed.add_field(name=t(locale, "You"), value=mine, inline=False)
    footer = t(locale, "Each player's best game counts, ranked by {order}.", order=t(locale, RANK_ORDER))
    here = (
        t(locale, "Games played in this server.") if scope == "server" else ""
    )  # not its members' elsewhere
    # today's and this week's boards: an attempt at yesterday's challenge finished after midnight is
    # yesterday's, as on `/daily standings` (`core.ranking`)
    daily = t(locale, DAILY_ON_ITS_DAY) if period != "all" else ""
    embed.set_footer(text=" ".join(filter(None, (here, footer, daily, versions_note(locale, game)))))
    return embed


def versions_note(locale: Locale, kind: str) -> str:
    """Results of every rules version a game still plays share one board: a game keeps the rules (and
    cards) it was dealt with, so its score is compared as it is, not converted. The versions' internal
    names ("dine-2") mean nothing to a player, so they are not shown."""
    found = find(kind)
    if found is None or len(found.rules_versions) < 2:
        return ""
    return t(
        locale,
        "Games played with earlier rules or cards rank here too; their scores are compared as they are.",
    )


def _tallies(locale: Locale, kind: str, section: str, tallies: dict[str, Tally]) -> str:
    """ "hard 1/2 won (50 %); easy …": each label in the reader's words (the glossary's `section`)."""
    return "; ".join(f"{term(locale, kind, section, k)} {tally.text(locale)}" for k, tally in tallies.items())


def stats_embed(locale: Locale, user: discord.abc.User, found: dict[str, PlayerStats]) -> discord.Embed:
    # the title renders Markdown too: "ann *the* _great_" is shown as typed, not styled
    embed = discord.Embed(title=t(locale, "Stats of {name}", name=escaped(user.display_name)), colour=COLOUR)
    for game, stats in found.items():
        overall = stats.overall.text(locale) if stats.overall.games else t(locale, "No finished games yet.")
        lines = [overall]
        if stats.best_score is not None:
            lines.append(t(locale, "Best score: **{score}**", score=stats.best_score))
        lines.append(
            t(locale, "Daily streak: **{streak}** (best {best})", streak=stats.streak, best=stats.best_streak)
        )
        if stats.by_difficulty:
            tallies = _tallies(locale, game, "difficulties", stats.by_difficulty)
            lines.append(t(locale, "By difficulty: {tallies}", tallies=tallies))
        if stats.by_ship:
            tallies = _tallies(locale, game, "ships", stats.by_ship)
            lines.append(t(locale, "By ship: {tallies}", tallies=tallies))
        embed.add_field(name=title(game), value=clip("\n".join(lines), 1024), inline=False)
    return embed


async def _default_game(store: Store, interaction: discord.Interaction) -> tuple[str, str]:
    """The game `/leaderboard` shows without one, and why (a key of `SHOWN_BECAUSE`): the game last
    finished in this channel (the result whose "standings" link was clicked, for its players and its
    watchers alike), else the one the asker finished last, else the featured game."""
    channel = interaction.channel_id
    for kind, why in (
        (await store.last_kind_finished_in(channel) if channel is not None else None, "channel"),
        (await store.last_kind_finished(interaction.user.id), "you"),
    ):
        if kind is not None and kind in GAMES:
            return kind, why
    return featured().kind, "featured"


def shown_note(locale: Locale, kind: str, why: str) -> str:
    """Which game a `/leaderboard` without one shows, why, and how to see the others."""
    others = " / ".join(title(other) for other in GAMES if other != kind)
    return t(locale, SHOWN, game=title(kind), why=t(locale, SHOWN_BECAUSE[why]), others=others)


class Standings(commands.Cog):
    def __init__(self, bot: DeepSpaceBot) -> None:
        self.bot = bot

    @app_commands.command(name="leaderboard", description="The best players: today, this week or all time.")
    @app_commands.describe(
        game=f"Which game (default: the one last finished here or by you, else {featured().title}).",
        period="Which results count (default: this week).",
        scope="Games played in this server, or everyone's anywhere (default: this server).",
    )
    @app_commands.choices(
        game=GAME_CHOICES,
        period=[Choice(name=text, value=key) for key, text in PERIODS.items()],
        scope=SCOPE_CHOICES,
    )
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        game: Choice[str] | None = None,
        period: Choice[str] | None = None,
        scope: Choice[str] | None = None,
    ) -> None:
        store = self.bot.store
        await verify_pending(store)
        chosen_game, why = (game.value, None) if game else await _default_game(store, interaction)
        chosen_period = cast(Period, period.value) if period else "week"  # the choices are the periods
        in_server = interaction.guild_id is not None  # outside a server there is only the global board
        chosen_scope = (scope.value if scope else "server") if in_server else "global"
        scope_id = interaction.guild_id if chosen_scope == "server" and interaction.guild_id else GLOBAL
        key = period_key(chosen_period, day_of(discord.utils.utcnow()))
        board = await store.leaderboard(chosen_game, key, scope_id, interaction.user.id)
        locale = await server_language(interaction)
        embed = leaderboard_embed(locale, chosen_game, chosen_period, chosen_scope, board)
        asked_server = scope is not None and scope.value == "server" and not in_server
        notes = [] if why is None else [shown_note(locale, chosen_game, why)]
        if asked_server:
            notes.append(t(locale, "Outside a server there is only everyone's board: here it is."))
        note = "\n".join(notes) or None
        await send(
            interaction, note, embed=embed, ephemeral=False, allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(name="stats", description="Games, wins, best scores and daily streaks of a player.")
    @app_commands.describe(user="Whose stats (default: yours).")
    async def stats(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        store = self.bot.store
        await verify_pending(store)
        who = user or interaction.user
        today = day_of(discord.utils.utcnow())
        found = {
            game: player_stats(
                await store.player_results(game, who.id),
                await store.daily_days(game, who.id),
                today,
                await store.running_daily_days(game, who.id),
            )
            for game in GAMES
        }
        locale = await reader_language(interaction)
        await send(interaction, embed=stats_embed(locale, who, found), ephemeral=True)


async def setup(bot: DeepSpaceBot) -> None:
    await bot.add_cog(Standings(bot))
