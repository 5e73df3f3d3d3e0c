"""Play a game in the terminal, reading the same plain-text board the bot uses for accessibility.

    python -m tools.play d6 [--seed N] [--difficulty easy]
    python -m tools.play dine [--seed N] [--crew 1] [--ship "Spacehopper 3000"] [--normal --level Salad]

Type the number of an action, `h` for the heuristic player's hint, `b` to show the board again, or
`q` to quit. D-6 groups its moves by die kind, one line per distinct move; a move keeps its number
while it is on offer, and the Commander's face changes are a second step under one line.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterable
from typing import Any

from core.d6.actions import Action as D6Action
from core.d6.state import Difficulty, Length
from core.d6.state import State as D6State
from core.dine import engine as dine_engine
from core.events import EVERY_SEAT
from core.game import AnyGame, Event
from core.games.d6 import GAME as D6
from core.games.d6 import D6Setup
from core.games.dine import GAME as DINE
from core.render import d6_menu

Ask = Callable[[str], str]
Say = Callable[[str], None]


def play(
    game: AnyGame,
    state: Any,
    events: Iterable[Event],
    ask: Ask = input,
    say: Say = print,
) -> str:
    """Run one game with `ask`/`say` as the terminal; returns the outcome. `game` is the declaration
    (`core.registry`): the same functions the bot uses."""

    def show(happened: Iterable[Event]) -> None:
        for event in happened:
            say(f"  • {event.seen_by(EVERY_SEAT)}")  # one player holds every seat

    show(events)
    say(game.describe_board(state))
    while state.outcome == "playing":
        actions = game.legal_actions(state)
        say("")
        for number, action in enumerate(actions, 1):
            say(f"{number:>3}. {game.describe_action(state, action)}")
        answer = ask("Your move (number, h = hint, b = board, q = quit): ").strip().lower()
        if answer == "q":
            return "quit"
        if answer == "b":
            say(game.describe_board(state))
            continue
        if answer == "h":
            hint = game.hint(state)
            number = actions.index(hint.action) + 1
            say(f"Hint: {number}. {game.describe_action(state, hint.action)} — {hint.reason}")
            continue
        if not answer.isdigit() or not 1 <= int(answer) <= len(actions):
            say(f"Please type a number from 1 to {len(actions)}, or h, b, q.")
            continue
        state, events = game.apply(state, actions[int(answer) - 1])
        show(events)
        say(game.describe_board(state))
    return str(state.outcome)


def play_d6(seed: int, difficulty: str, length: str, ask: Ask = input, say: Say = print) -> str:
    state, events = D6.deal(seed, D6Setup(difficulty=difficulty, length=length), D6.rules_version)
    return play_d6_menu(state, events, ask, say)


class Numbering:
    """Menu numbers that stay put: a move keeps its number while it is on offer in this step of the
    round, and a new move takes the next free one, so assigning a die does not renumber the rest."""

    def __init__(self) -> None:
        self.step: object = None
        self.numbers: dict[d6_menu.Key, int] = {}

    def number(self, state: D6State, groups: list[d6_menu.Group]) -> dict[d6_menu.Key, int]:
        step = (state.round, state.phase, state.pending)
        if step != self.step:
            self.step, self.numbers = step, {}
        offered = {move.key for move in d6_menu.moves(groups)}
        self.numbers = {key: n for key, n in self.numbers.items() if key in offered}
        for key in (move.key for move in d6_menu.moves(groups)):
            if key not in self.numbers:
                self.numbers[key] = max(self.numbers.values(), default=0) + 1
        return self.numbers


def play_d6_menu(state: D6State, events: Iterable[Event], ask: Ask = input, say: Say = print) -> str:
    """The D-6 terminal game on the grouped menu (`core.render.d6_menu`): one line per distinct move."""

    def show(happened: Iterable[Event]) -> None:
        for event in happened:
            say(f"  • {event.seen_by(EVERY_SEAT)}")

    numbering = Numbering()
    show(events)
    say(D6.describe_board(state))
    while state.outcome == "playing":
        groups = d6_menu.menu(state)
        numbers = numbering.number(state, groups)
        say("")
        for group in groups:
            say(f"{group.heading}:" + (f" {group.note}" if group.note else ""))
            for move in group.moves:
                say(f"{numbers[move.key]:>3}. {move.label}")
        answer = ask("Your move (number, h = hint, b = board, q = quit): ").strip().lower()
        if answer == "q":
            return "quit"
        if answer == "b":
            say(D6.describe_board(state))
            continue
        if answer == "h":
            say(_d6_hint(state, groups, numbers))
            continue
        chosen = next((m for m in d6_menu.moves(groups) if str(numbers[m.key]) == answer), None)
        if chosen is None:
            say("Please type one of the numbers shown, or h, b, q.")
            continue
        action = chosen.action if chosen.action is not None else _second_step(state, chosen, ask, say)
        if action is None:
            continue
        state, events = D6.apply(state, action)
        show(events)
        say(D6.describe_board(state))
    return str(state.outcome)


def _d6_hint(state: D6State, groups: list[d6_menu.Group], numbers: dict[d6_menu.Key, int]) -> str:
    hint = D6.hint(state)
    found = d6_menu.find(groups, d6_menu.move_key(state, hint.action))
    if found is None:  # never: every legal move is on the menu (tests check it)
        return f"Hint: {D6.describe_action(state, hint.action)} — {hint.reason}"
    line, sub = found
    then = f", then {line.then.index(sub) + 1}. {sub.label}" if sub is not None else ""
    return f"Hint: {numbers[line.key]}. {line.label}{then} — {hint.reason}"


def _second_step(state: D6State, line: d6_menu.Move, ask: Ask, say: Say) -> D6Action | None:
    """Choose among the moves under `line` (the Commander's face changes); None to go back."""
    while True:
        say(f"{line.label[:1].upper()}{line.label[1:]}:")
        for n, sub in enumerate(line.then, 1):
            say(f"{n:>3}. {sub.label}")
        answer = ask("Which (number, h = hint, 0 = back): ").strip().lower()
        if answer == "0":
            return None
        if answer == "h":
            hint = D6.hint(state)
            key = d6_menu.move_key(state, hint.action)
            where = next((n for n, sub in enumerate(line.then, 1) if sub.key == key), None)
            said = f"{where}. {line.then[where - 1].label}" if where else "not one of these: 0 to go back"
            say(f"Hint: {said} — {hint.reason}")
            continue
        if answer.isdigit() and 1 <= int(answer) <= len(line.then):
            return line.then[int(answer) - 1].action
        say(f"Please type a number from 1 to {len(line.then)}, 0 to go back, or h.")


def _d6(args: argparse.Namespace, seed: int) -> str:
    print(f"Deep Space D-6 — seed {seed}, {args.difficulty}, {args.length} game.")
    return play_d6(seed, args.difficulty, args.length)


def _dine(args: argparse.Namespace, seed: int) -> str:
    setup = "normal set-up, " + args.level if args.normal else "starter game"
    print(f"Deep Space Dine — seed {seed}, {args.ship}, {args.crew} crew, {setup}.")
    state, events = dine_engine.deal(
        seed, ship=args.ship, level=args.level, crew=args.crew, starter=not args.normal
    )
    return play(DINE, state, events)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.play", description=(__doc__ or "").split("\n")[0])
    games = parser.add_subparsers(dest="game", required=True)
    d6 = games.add_parser("d6", help="Deep Space D-6 (solo)")
    d6.add_argument("--seed", type=int, default=None, help="the deal (default: a random one)")
    d6.add_argument("--difficulty", choices=[d.value for d in Difficulty], default=Difficulty.EASY.value)
    d6.add_argument("--length", choices=[x.value for x in Length], default=Length.FULL.value)
    d6.set_defaults(start=_d6)
    dine = games.add_parser("dine", help="Deep Space Dine (solo, or one player taking every seat)")
    dine.add_argument("--seed", type=int, default=None, help="the deal (default: a random one)")
    dine.add_argument("--level", default="Salad", help="difficulty level (ignored by --starter)")
    dine.add_argument("--ship", default="Spacehopper 3000")
    dine.add_argument("--crew", type=int, choices=[1, 2, 3], default=1)
    dine.add_argument("--normal", action="store_true", help="the normal set-up instead of the starter game")
    dine.set_defaults(start=_dine)
    args = parser.parse_args(argv)
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
    try:
        outcome = args.start(args, seed)
    except (EOFError, KeyboardInterrupt):
        outcome = "quit"
    print({"won": "You won!", "lost": "You lost.", "quit": "Bye."}[outcome])
    return 0


if __name__ == "__main__":
    sys.exit(main())
