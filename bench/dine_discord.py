"""Deep Space Dine in Discord: board render time, hand-view and move click-to-response times.

Run: `.venv/bin/python -m bench.dine_discord [--games 100] [--clicks 1000]`.

- render: the full board message (`board_message`: embed, controls and the picture with its alt
  text) for states of real heuristic games with 1 to 3 crew; target median ≤ 30 ms.
- clicks: the unmodified bot against the wire-level fake Discord on 127.0.0.1 (real HTTP and
  websocket): `--games` solo games started with `/dine new` and **Start** in as many channels, each
  with its player's private hand view ("My hand"), then played in turn by the heuristic through the
  hand views' controls. A press is timed from the moment the fake delivers it to the moment the
  bot's answer (the edited hand view) reaches the fake: lock, load, checks, engine, commit, embed and
  controls, HTTP. The handler figure is the bot's own part. The public boards follow in the
  background (`BoardKeeper`, one edit per 1.5 s per game at most) on the same loop, as in
  production; pictures are off unless `--pictures`, since the target excludes them. Targets: median
  ≤ 10 ms, p99 ≤ 50 ms for a move.
Bot and fake share one event loop and one core, so the figures are upper bounds.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import time
from datetime import UTC, datetime
from typing import Any

from bench.d6_discord import report
from bench.fake_bot import bot_on_fake
from cogs.dine.board import board_message
from cogs.dine.ids import FAMILY, Verb
from cogs.dine.play import STALE_HAND, load
from core.dine.ai import heuristic
from core.dine.engine import apply, deal, legal_actions
from core.dine.seating import DineSaved, Setup, lobby, seated
from core.dine.state import State
from tests.support.fake_discord import CALLBACK, FakeDiscord, Recorded, walk

NOW = datetime(2025, 1, 1, tzinfo=UTC)


def game_states(seed: int, crew: int) -> list[State]:
    state, states = deal(seed, crew=crew, starter=seed % 2 == 0)[0], []
    while state.outcome == "playing":
        states.append(state)
        state, _ = apply(state, heuristic(state).action)
    return states


def saved_for(state: State) -> DineSaved:
    users = [1000 + seat for seat in range(state.crew)]
    saved = lobby(users[0], "Crew 1", Setup(starter=state.starter, level=state.level), NOW)
    table = saved.table.model_copy(update={"crew": tuple(users)})
    names = {user: f"Crew {n + 1}" for n, user in enumerate(users)}
    return seated(saved.model_copy(update={"table": table, "names": names}), NOW, state)


async def bench_render(games: int) -> None:
    states = [s for seed in range(1, games + 1) for crew in (1, 2, 3) for s in game_states(seed, crew)][::2]
    samples = []
    for n, state in enumerate(states):
        saved = saved_for(state)
        start = time.perf_counter()
        await board_message(1, n, saved, pictures=True)
        samples.append(time.perf_counter() - start)
    report("board message with picture", samples, "target p50 ≤ 30 ms")


def timed_handlers() -> dict[str, list[float]]:
    """Wrap the click handlers to time them from the handler's start to its answer sent."""
    spent: dict[str, list[float]] = {verb: [] for verb in FAMILY.handlers}
    for verb, handler in list(FAMILY.handlers.items()):

        async def timed(
            interaction: Any, ref: Any, arg: str, handler: Any = handler, verb: str = verb
        ) -> None:
            start = time.perf_counter()
            await handler(interaction, ref, arg)
            spent[verb].append(time.perf_counter() - start)

        FAMILY.handlers[verb] = timed
    return spent


async def press(
    fake: FakeDiscord, message: dict, custom_id: str, values: list[str] | None = None
) -> tuple[float, Recorded]:
    """Deliver one press and wait for the bot's answer to reach the fake; returns the seconds taken."""
    interaction = fake.click(message, custom_id, values)
    start = time.perf_counter()
    await fake.send_interaction(interaction)
    answer = await fake.next_request("POST", CALLBACK)
    elapsed = time.perf_counter() - start
    fake.requests.clear()  # the fake searches its whole log for each answer: keep that short
    return elapsed, answer


def offers(hand: dict) -> tuple[dict[int, tuple[str, list[str] | None]], list[tuple[str, str]]]:
    """A hand view's one-press actions (index → custom id, values) and its "how to pay" entries."""
    direct: dict[int, tuple[str, list[str] | None]] = {}
    picks: list[tuple[str, str]] = []
    for control in walk(hand["components"]):
        custom_id = control.get("custom_id", "")
        if control["type"] == 2 and custom_id.split(":")[2] == Verb.ACT:
            direct[int(custom_id.rsplit(".", 1)[1])] = (custom_id, None)
        if control["type"] == 3:
            for option in control["options"]:
                value = option["value"]
                if value.startswith("a"):
                    direct[int(value[1:])] = (custom_id, [value])
                else:
                    picks.append((custom_id, value))
    return direct, picks


async def bench_clicks(games: int, clicks: int, pictures: bool) -> None:
    spent = timed_handlers()
    async with bot_on_fake(pictures=pictures) as (fake, bot):
        channels = [fake.snowflake() for _ in range(games)]
        hands: dict[int, str] = {}  # game id → its hand view's message id
        opens: list[float] = []
        for channel in channels:  # one solo game per channel, started, with its hand view
            await fake.send_interaction(fake.slash("dine", "new", channel_id=channel))
            lobby_message = (await fake.next_request("POST", CALLBACK)).response["resource"]["message"]
            record = await bot.store.active_game(int(channel))
            assert record is not None
            await press(fake, lobby_message, f"ds:dine:s:{record.id}:0:")
            board = fake.messages[lobby_message["id"]]
            took, opened = await press(fake, board, f"ds:dine:h:{record.id}:1:")
            opens.append(took)
            hands[record.id] = opened.response["resource"]["message"]["id"]
        moves: list[float] = []
        picks: list[float] = []
        for n in range(clicks):
            record = await bot.store.active_game(int(channels[n % games]))
            if record is None:
                continue  # that game is over
            state = load(record).state
            assert state is not None
            index = legal_actions(state).index(heuristic(state).action)
            hand = fake.messages[hands[record.id]]
            direct, pay = offers(hand)
            if index not in direct:
                for custom_id, value in pay:
                    took, _ = await press(fake, fake.messages[hands[record.id]], custom_id, [value])
                    picks.append(took)
                    direct, _ = offers(fake.messages[hands[record.id]])
                    if index in direct:
                        break
                    back = f"ds:dine:h:{record.id}:{record.version}:0"  # the payment view's Back
                    await press(fake, fake.messages[hands[record.id]], back)
            took, answer = await press(fake, fake.messages[hands[record.id]], *direct[index])
            assert answer.body["type"] == 7, answer.body
            assert STALE_HAND not in answer.body["data"]["embeds"][0]["description"]
            moves.append(took)
        await bot.boards.idle()
        active = len(await bot.store.active_games("dine"))
        target = "target p50 ≤ 10 ms, p99 ≤ 50 ms"
        report(
            f"move or payment menu, handler ({games} games)",
            spent[Verb.ACT] + spent[Verb.MENU],
            target,
        )
        report("move, round trip", moves, target + "; the fake's HTTP and gateway included")
        report("how to pay menu, round trip", picks, "no save")
        report("hand view open, round trip", opens, "My hand: a private message")
        print(f"{bot.boards.edits} board edits or re-posts for {len(moves)} moves")
        print(f"{active} of {games} games still active at the end")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="active games in the store")
    parser.add_argument("--clicks", type=int, default=1000)
    parser.add_argument("--render-games", type=int, default=2, help="seeds whose states are rendered")
    parser.add_argument(
        "--pictures", action="store_true", help="the boards following in the background carry pictures"
    )
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    asyncio.run(bench_render(args.render_games))
    asyncio.run(bench_clicks(args.games, args.clicks, args.pictures))


if __name__ == "__main__":
    main()
