"""Entry point: settings → storage → bot → cogs → run. Everything else lives in `core/` and `cogs/`."""

from __future__ import annotations

import argparse
import asyncio
import sys

import discord
from pydantic import ValidationError

from cogs.client import create_bot
from core.logs import configure_logging
from core.settings import Settings
from core.storage import store_for

TOKEN_HELP = """\
Deep Space needs a Discord bot token to run, and {problem}.

To get one:
  1. Open https://discord.com/developers/applications and create an application (or pick yours).
  2. Under "Bot", press "Reset Token" and copy the token.
  3. Put it in a file named .env in the folder you start the bot from (the repository for
     scripts/start.sh):   DISCORD_TOKEN=your-token-here
     (or set the DISCORD_TOKEN environment variable). Never share or commit it.
Then start the bot again. See the README for inviting the bot to a server.
"""


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="Run the Deep Space Discord bot.")
    parser.add_argument(
        "--sync-global",
        action="store_true",
        help="publish the slash commands to every server at start-up (do this after adding commands)",
    )
    return parser.parse_args(argv)


async def run(bot: discord.Client, token: str) -> None:
    async with bot:
        await bot.start(token)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        settings = Settings()
    except ValidationError as error:
        problems = "; ".join(f"{'.'.join(map(str, e['loc'])).upper()}: {e['msg']}" for e in error.errors())
        print(
            f"Deep Space cannot start: a setting is invalid ({problems}). See .env.example.", file=sys.stderr
        )
        return 2
    if settings.discord_token is None:
        print(TOKEN_HELP.format(problem="none is set"), file=sys.stderr)
        return 2
    token = settings.discord_token.get_secret_value()
    configure_logging(settings.log_level, secrets=(token,))
    bot = create_bot(settings, store_for(settings.database_path), sync_global=args.sync_global)
    try:
        asyncio.run(run(bot, token))
    except discord.LoginFailure:
        print(TOKEN_HELP.format(problem="Discord rejected the one configured"), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
