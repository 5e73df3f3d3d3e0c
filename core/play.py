"""Play a game in the terminal, reading the same plain-text board the bot uses for accessibility.

    python -m core.play d6 [--seed N] [--difficulty easy]

Type the number of an action, `h` for the heuristic player's hint, `b` to show the board again, or
`q` to quit.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterable

from core.d6 import apply, deal, legal_actions
from core.d6.ai import heuristic
from core.d6.engine import Event
from core.d6.state import Difficulty, Length
from core.render.d6_text import describe_action, describe_board


def play_d6(
    seed: int,
    difficulty: str,
    length: str,
    ask: Callable[[str], str] = input,
    say: Callable[[str], None] = print,
) -> str:
    """Run one game with `ask`/`say` as the terminal; returns the outcome."""
    state, events = deal(seed, difficulty, length)

    def show(happened: Iterable[Event]) -> None:
        for event in happened:
            say(f"  • {event.text}")

    show(events)
    say(describe_board(state))
    while state.outcome == "playing":
        actions = legal_actions(state)
        say("")
        for number, action in enumerate(actions, 1):
            say(f"{number:>3}. {describe_action(state, action)}")
        answer = ask("Your move (number, h = hint, b = board, q = quit): ").strip().lower()
        if answer == "q":
            return "quit"
        if answer == "b":
            say(describe_board(state))
            continue
        if answer == "h":
            hint = heuristic(state)
            number = actions.index(hint.action) + 1
            say(f"Hint: {number}. {describe_action(state, hint.action)} — {hint.reason}")
            continue
        if not answer.isdigit() or not 1 <= int(answer) <= len(actions):
            say(f"Please type a number from 1 to {len(actions)}, or h, b, q.")
            continue
        state, events = apply(state, actions[int(answer) - 1])
        show(events)
        say(describe_board(state))
    return state.outcome


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m core.play", description=__doc__.split("\n")[0])
    games = parser.add_subparsers(dest="game", required=True)
    d6 = games.add_parser("d6", help="Deep Space D-6 (solo)")
    d6.add_argument("--seed", type=int, default=None, help="the deal (default: a random one)")
    d6.add_argument("--difficulty", choices=[d.value for d in Difficulty], default=Difficulty.EASY.value)
    d6.add_argument("--length", choices=[x.value for x in Length], default=Length.FULL.value)
    args = parser.parse_args(argv)
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
    print(f"Deep Space D-6 — seed {seed}, {args.difficulty}, {args.length} game.")
    try:
        outcome = play_d6(seed, args.difficulty, args.length)
    except (EOFError, KeyboardInterrupt):
        outcome = "quit"
    print({"won": "You won!", "lost": "You lost.", "quit": "Bye."}[outcome])
    return 0


if __name__ == "__main__":
    sys.exit(main())
