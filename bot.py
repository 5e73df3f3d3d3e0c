"""Entry point: settings → storage → bot → cogs → run. Everything else lives in `core/` and `cogs/`."""

from __future__ import annotations

import argparse
import asyncio
import itertools
import signal
import sys
import threading
from collections.abc import Callable, Iterable, Iterator

import aiohttp
import discord
from pydantic import ValidationError

from cogs.client import create_bot
from core.logs import configure_logging, without_secrets
from core.settings import Settings
from core.storage import store_for
from core.storage.base import Store

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


# What "Discord cannot be reached" looks like: no network, DNS or TLS failing, Discord's servers down.
UNREACHABLE = (
    aiohttp.ClientError,
    ConnectionError,
    TimeoutError,
    discord.GatewayNotFound,
    discord.DiscordServerError,
)
FIRST_RETRY_SECONDS, LAST_RETRY_SECONDS = 5.0, 300.0


def backoff(first: float = FIRST_RETRY_SECONDS, last: float = LAST_RETRY_SECONDS) -> Iterator[float]:
    """Seconds to wait before each new attempt: doubling from `first`, then `last` for ever."""
    return itertools.chain((min(first * 2**n, last) for n in range(32)), itertools.repeat(last))


def unreachable_reason(error: BaseException) -> str:
    return str(error) or type(error).__name__


async def run(make_bot: Callable[[], discord.Client], token: str, delays: Iterable[float]) -> None:
    """Run a bot until it stops; while Discord cannot be reached, say so in one line and try again.

    Each attempt gets a fresh bot from `make_bot`: a failed start may have got halfway through the
    set-up (store opened, cogs loaded), and closing it and starting over is the one clean way back.
    When `delays` runs out, the last error is raised.
    """
    waits = iter(delays)
    while True:
        bot = make_bot()
        try:
            async with bot:
                await bot.start(token)
            return
        except UNREACHABLE as error:
            wait = next(waits, None)
            why = unreachable_reason(error)
            if wait is None:
                print(f"Cannot reach Discord ({why}); giving up.", file=sys.stderr)
                raise
            print(
                f"Cannot reach Discord ({why}): check the network connection (and any proxy or "
                f"firewall) and https://discordstatus.com; retrying in {wait:.0f} s.",
                file=sys.stderr,
            )
            await asyncio.sleep(wait)


def setting_problem(loc: tuple[int | str, ...], msg: str) -> str:
    """ "SHARD_IDS: the range 3-1 runs backwards" (a check across settings names them itself)."""
    msg = msg.removeprefix("Value error, ")
    return f"{'.'.join(map(str, loc)).upper()}: {msg}" if loc else msg


async def check_store(store: Store) -> None:
    """Open the store and close it again, before logging in to Discord: a database the bot cannot
    use is said at once, not after a login (or never, while Discord is out of reach)."""
    await store.open()
    await store.close()


def store_problem(settings: Settings, error: Exception) -> str:
    """One line naming the setting to fix; the URL is never printed (it may hold a password), and
    neither is any part of its user name or password an error quotes."""
    where = (
        "DATABASE_URL (PostgreSQL)"
        if settings.database_url is not None
        else f"DATABASE_PATH={settings.database_path}"
    )
    why = without_secrets(str(error) or type(error).__name__, settings.secrets)
    return f"Deep Space cannot open its database at {where}: {why}. Check the setting (see .env.example)."


def main(argv: list[str] | None = None, *, retry_delays: Iterable[float] | None = None) -> int:
    """Start the bot; `retry_delays` (tests) bounds the attempts while Discord cannot be reached."""
    args = parse_args(argv)
    try:
        settings = Settings()
    except ValidationError as error:
        problems = "; ".join(setting_problem(e["loc"], e["msg"]) for e in error.errors())
        print(
            f"Deep Space cannot start: a setting is invalid ({problems}). See .env.example.", file=sys.stderr
        )
        return 2
    if settings.discord_token is None:
        print(TOKEN_HELP.format(problem="none is set"), file=sys.stderr)
        return 2
    token = settings.discord_token.get_secret_value()
    configure_logging(settings.log_level, secrets=settings.secrets)

    def new_store() -> Store:
        return store_for(settings.database_location, pool_size=settings.database_pool_size)

    def make_bot() -> discord.Client:
        return create_bot(settings, new_store(), sync_global=args.sync_global)

    try:
        asyncio.run(check_store(new_store()))
    except Exception as error:
        print(store_problem(settings, error), file=sys.stderr)
        return 2
    # `docker stop` and service managers send SIGTERM: stop as on Ctrl-C, closing the store.
    if threading.current_thread() is threading.main_thread():  # (tests run the bot in a thread)
        signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        asyncio.run(run(make_bot, token, backoff() if retry_delays is None else retry_delays))
    except UNREACHABLE:
        return 1
    except discord.LoginFailure:
        print(TOKEN_HELP.format(problem="Discord rejected the one configured"), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
