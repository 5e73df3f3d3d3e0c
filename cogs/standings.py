"""`/leaderboard` and `/stats`: verified results, ranked as `core.ranking` documents.

Both first verify any result not yet checked (`core.verify`), so a finished game shows up at once
and nothing unverified is ever ranked.
"""

from __future__ import annotations

from typing import cast

import discord
from discord import app_commands
from discord.ext import commands

from core.ranking import GLOBAL, TIE_BREAKS, Period, day_of, period_key
from core.registry import GAMES, featured, find
from core.stats import PlayerStats, player_stats
from core.storage import Leaderboard, Standing
from core.verify import verify_pending

from .client import DeepSpaceBot
from .ui.replies import send

Choice = app_commands.Choice
GAME_CHOICES = [Choice(name=game.title, value=game.kind) for game in GAMES.values()]
PERIODS = {"today": "today (UTC)", "week": "this week (Monday to Sunday, UTC)", "all": "all time"}
COLOUR = discord.Colour(0xC9A227)


def title(kind: str) -> str:
    found = find(kind)
    return found.title if found else kind


def rounds_word(kind: str) -> str:
    found = find(kind)
    return found.rounds_word if found else "rounds"


def standing_line(game: str, standing: Standing) -> str:
    outcome = "won" if standing.outcome == "won" else "lost"
    when = discord.utils.format_dt(standing.finished_at, "R")
    return (
        f"**{standing.rank}.** <@{standing.user_id}> — {outcome}, score **{standing.score}**, "
        f"{standing.rounds} {rounds_word(game)} · {when}"
    )


def leaderboard_embed(game: str, period: Period, scope: str, board: Leaderboard) -> discord.Embed:
    where = "this server" if scope == "server" else "everyone"
    embed = discord.Embed(title=f"{title(game)} · {PERIODS[period]} · {where}", colour=COLOUR)
    lines = [standing_line(game, standing) for standing in board.top]
    embed.description = "\n".join(lines) or "No verified results yet. Finish a game to get on the board!"
    if board.mine is not None:
        mine = f"#{board.mine.rank} of {board.players}\n" + standing_line(game, board.mine)
    else:
        mine = "Not ranked here yet."
    embed.add_field(name="You", value=mine, inline=False)
    embed.set_footer(text=f"Each player's best game counts. Ties: {TIE_BREAKS}.{versions_note(game)}")
    return embed


def versions_note(kind: str) -> str:
    """Results of every rules version a game still plays share one board: a game keeps the rules (and
    cards) it was dealt with, so its score is compared as it is, not converted."""
    found = find(kind)
    if found is None or len(found.rules_versions) < 2:
        return ""
    return (
        f" Games of every rules version ({', '.join(found.rules_versions)}) are ranked together; their"
        " scores are compared as they are."
    )


def stats_embed(user: discord.abc.User, found: dict[str, PlayerStats]) -> discord.Embed:
    embed = discord.Embed(title=f"Stats of {user.display_name}", colour=COLOUR)
    for game, stats in found.items():
        lines = [stats.overall.text() if stats.overall.games else "No finished games yet."]
        if stats.best_score is not None:
            lines.append(f"Best score: **{stats.best_score}**")
        lines.append(f"Daily streak: **{stats.streak}** (best {stats.best_streak})")
        if stats.by_difficulty:
            lines.append(
                "By difficulty: " + "; ".join(f"{k} {t.text()}" for k, t in stats.by_difficulty.items())
            )
        if stats.by_ship:
            lines.append("By ship: " + "; ".join(f"{k} {t.text()}" for k, t in stats.by_ship.items()))
        embed.add_field(name=title(game), value="\n".join(lines)[:1024], inline=False)
    return embed


class Standings(commands.Cog):
    def __init__(self, bot: DeepSpaceBot) -> None:
        self.bot = bot

    @app_commands.command(name="leaderboard", description="The best players: today, this week or all time.")
    @app_commands.describe(
        game=f"Which game (default: {featured().title}).",
        period="Which results count (default: this week).",
        scope="This server's players or everyone's (default: this server).",
    )
    @app_commands.choices(
        game=GAME_CHOICES,
        period=[Choice(name=text, value=key) for key, text in PERIODS.items()],
        scope=[Choice(name="this server", value="server"), Choice(name="everyone (global)", value="global")],
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
        chosen_game = game.value if game else featured().kind
        chosen_period = cast(Period, period.value) if period else "week"  # the choices are the periods
        in_server = interaction.guild_id is not None  # outside a server there is only the global board
        chosen_scope = (scope.value if scope else "server") if in_server else "global"
        scope_id = interaction.guild_id if chosen_scope == "server" and interaction.guild_id else GLOBAL
        key = period_key(chosen_period, day_of(discord.utils.utcnow()))
        board = await store.leaderboard(chosen_game, key, scope_id, interaction.user.id)
        embed = leaderboard_embed(chosen_game, chosen_period, chosen_scope, board)
        await send(interaction, embed=embed, ephemeral=False, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="stats", description="Games, wins, best scores and daily streaks of a player.")
    @app_commands.describe(user="Whose stats (default: yours).")
    async def stats(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        store = self.bot.store
        who = user or interaction.user
        today = day_of(discord.utils.utcnow())
        found = {
            game: player_stats(
                await store.player_results(game, who.id), await store.daily_days(game, who.id), today
            )
            for game in GAMES
        }
        await send(interaction, embed=stats_embed(who, found), ephemeral=True)


async def setup(bot: DeepSpaceBot) -> None:
    await bot.add_cog(Standings(bot))
