"""D-6 in Discord: board render time, and click-to-response time with many active games.

Run: `.venv/bin/python -m bench.d6_discord [--games 200] [--clicks 1000]`.

- render: the board picture (Pillow) for states of real games; target median ≤ 30 ms.
- click: the unmodified bot against the wire-level fake Discord on 127.0.0.1 (real HTTP and
  websocket): `--games` games started with `/d6 new` in as many channels, then played in turn by
  the heuristic through their boards' controls. A press is timed from the moment the fake delivers
  it to the moment the bot's answer (the edited board) reaches the fake: lock, load, checks,
  engine, commit (synchronous=FULL, for actions), embed and controls, HTTP. The handler figure is
  the bot's own part: from the click handler's start to its answer sent. Pictures are off here
  (BOARD_PICTURES=false), since the target excludes them; targets median ≤ 10 ms, p99 ≤ 50 ms.
Bot and fake share one event loop and one core, so the figures are upper bounds (the fake does not
check bodies against Discord's schema here; the tests do).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import statistics
import time
from typing import Any

from bench.fake_bot import bot_on_fake
from bench.storage import percentile
from cogs.d6.ids import Verb
from cogs.d6.items import HANDLERS
from cogs.d6.play import load
from core.d6 import State, apply, deal
from core.d6.ai import heuristic
from core.d6.codes import encode
from core.render.d6_board import render_board
from core.render.d6_controls import as_shown
from tests.support.fake_discord import CALLBACK, FakeDiscord, walk


def report(name: str, samples: list[float], target: str) -> None:
    ms = [s * 1000 for s in samples]
    print(
        f"{name:<34} n={len(ms):<5} p50={percentile(ms, 0.5):6.2f} ms  p95={percentile(ms, 0.95):6.2f} ms"
        f"  p99={percentile(ms, 0.99):6.2f} ms  mean={statistics.fmean(ms):6.2f} ms   ({target})"
    )


def game_states(seed: int) -> list[State]:
    state, states = deal(seed, "very_easy", "full")[0], []
    while state.outcome == "playing":
        states.append(state)
        state, _ = apply(state, heuristic(state).action)
    return states


def bench_render(games: int) -> None:
    states = [s for seed in range(1, games + 1) for s in game_states(seed)][::3]
    samples = []
    for state in states:
        start = time.perf_counter()
        render_board(state)
        samples.append(time.perf_counter() - start)
    if samples:
        report("board picture render", samples, "target p50 ≤ 30 ms")


async def press(fake: FakeDiscord, board: dict, custom_id: str, values: list[str] | None = None) -> float:
    """Deliver one press and wait for the bot's answer to reach the fake; returns the seconds taken."""
    interaction = fake.click(board, custom_id, values)
    start = time.perf_counter()
    await fake.send_interaction(interaction)
    answer = await fake.next_request("POST", CALLBACK)
    elapsed = time.perf_counter() - start
    fake.requests.clear()  # the fake searches its whole log for each answer: keep that short
    assert answer.body["type"] == 7, answer.body  # the board edited in place, never a refusal
    return elapsed


def timed_handlers() -> dict[Verb, list[float]]:
    """Wrap the board's click handlers to time them from the handler's start to its answer sent."""
    spent: dict[Verb, list[float]] = {verb: [] for verb in HANDLERS}
    for verb, handler in list(HANDLERS.items()):

        async def timed(
            interaction: Any, ref: Any, arg: str, handler: Any = handler, verb: Verb = verb
        ) -> None:
            start = time.perf_counter()
            await handler(interaction, ref, arg)
            spent[verb].append(time.perf_counter() - start)

        HANDLERS[verb] = timed
    return spent


async def bench_clicks(games: int, clicks: int) -> None:
    spent = timed_handlers()
    async with bot_on_fake(pictures=False) as (fake, bot):
        channels = [fake.snowflake() for _ in range(games)]
        for channel in channels:  # one game per channel, each with its board
            await fake.send_interaction(fake.slash("d6", "new", channel_id=channel, difficulty="very_easy"))
            await fake.next_request("POST", CALLBACK)
        picks: list[float] = []
        acts: list[float] = []
        for n in range(clicks):
            record = await bot.store.active_game(int(channels[n % games]))
            if record is None:
                continue  # that game is over
            board = fake.messages[str(record.board_message_id)]
            state = load(record).state
            action = as_shown(state, heuristic(state).action)
            code, die = encode(action), getattr(action, "die", None)
            if die is not None and state.pending is None:
                picks.append(await press(fake, board, f"ds:d6:p:{record.id}:{record.version}:{die}"))
            control = next(c for c in walk(board["components"]) if code in offered(c))
            values = [code] if control["type"] == 3 else None
            acts.append(await press(fake, board, control["custom_id"], values))
        active = len(await bot.store.active_games("d6"))
        target = "target p50 ≤ 10 ms, p99 ≤ 50 ms"
        report(f"die pressed, handler ({games} games)", spent[Verb.PICK], target)
        report(f"action, handler ({games} games)", spent[Verb.ACT] + spent[Verb.MENU], target)
        report("die pressed, round trip", picks, "the fake's HTTP and gateway included")
        report("action, round trip", acts, "the fake's HTTP and gateway included")
        print(f"{active} of {games} games still active at the end")


def offered(control: dict) -> list[str]:
    """The action codes a control offers: a button's own, or a menu's options."""
    if control["type"] == 3:
        return [option["value"] for option in control["options"]]
    custom_id = control.get("custom_id", "")
    return [custom_id.rsplit(":", 1)[1]] if custom_id.startswith("ds:d6:a:") else []


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="active games in the store")
    parser.add_argument("--clicks", type=int, default=1000)
    parser.add_argument("--render-games", type=int, default=3, help="games whose states are rendered")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    bench_render(args.render_games)
    asyncio.run(bench_clicks(args.games, args.clicks))


if __name__ == "__main__":
    main()
