"""Play a game in the terminal, reading the same plain-text board the bot uses for accessibility.

    python -m tools.play d6 [--seed N] [--difficulty easy]
    python -m tools.play dine [--seed N] [--crew 1] [--ship "Spacehopper 3000"] [--normal --level Salad]

Type the number of a move, `h` for a hint (D-6: the heuristic player's; Dine: the expert crew's, as
`/dine hint` gives when it answers in time), `b` to show the board again, `q` to quit, and in Dine `?N`
for the full text of the cards behind move N. Both games list one line per distinct move, and a move
keeps its number while it is on offer. D-6 groups its moves by die kind, and the Commander's face
changes are a second step under one line; Dine shows the moves of the Discord hand view
(`core.render.dine_controls`), asks how to pay as a second step only when there is more than one way,
and lists the moves that give up something for good last, each saying its cost; under the menu, as
the hand view does, the printed actions it leaves out now, each with why ("Not possible now: …").
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterable

from core.d6.actions import Action as D6Action
from core.d6.state import Difficulty, Length
from core.d6.state import State as D6State
from core.dine import engine as dine_engine
from core.dine.actions import Action as DineAction
from core.dine.cards import card_set
from core.dine.codes import decode
from core.dine.state import RULES_VERSION as DINE_RULES
from core.dine.state import State as DineState
from core.dine.told import said
from core.events import EVERY_SEAT
from core.game import Event
from core.games.d6 import GAME as D6
from core.games.d6 import D6Setup
from core.games.dine import GAME as DINE
from core.render import d6_menu, dine_hint, dine_menu
from core.render.dine_controls import Move as DineMove
from core.render.dine_controls import unavailable_text
from core.render.dine_text import describe_board

Ask = Callable[[str], str]
Say = Callable[[str], None]


def play_d6(seed: int, difficulty: str, length: str, ask: Ask = input, say: Say = print) -> str:
    state, events = D6.deal(seed, D6Setup(difficulty=difficulty, length=length), D6.rules_version)
    return play_d6_menu(state, events, ask, say)


def _dine_step(state: DineState) -> object:
    """A Dine game's numbering step: the sector, and the decision the rules wait for, if any, by who
    decides what, not by how much is left (giving up the second of two cards, or the next damage
    point's shield, keeps the numbers of the first). Occupying is one step for the whole crew: every
    member's choices are listed at once, and the seat the rules wait for moves on as each answers
    (a new step there numbered the rest from 1 again, so a number typed from the menu before took
    another member's move)."""
    pending = state.pending
    if pending is None:
        return state.cleared, None
    seat = None if pending.kind == "occupy" else pending.seat
    return state.cleared, (pending.kind, seat, pending.give)


class Numbering:
    """Menu numbers that stay put: a move keeps its number while it is on offer in this step of the
    game (a D-6 round's step, a Dine sector), also after a decision in between, and a new move takes
    the next number, so taking a move does not renumber the rest. A number is never given to another
    move within the step: a number typed from an older menu is refused, not taken as another move."""

    def __init__(self) -> None:
        self.step: object = None
        self.numbers: dict[object, int] = {}
        self.given = 0  # the highest number given in this step
        self.books: dict[object, tuple[dict[object, int], int]] = {}  # steps left, to come back to

    def keep(self, step: object, keys: Iterable[object]) -> dict[object, int]:
        """The numbers of `keys` (the moves offered, in menu order) in `step`; a step not seen before
        numbers from 1."""
        offered = list(keys)
        if step != self.step:  # a decision in the middle of a step comes back to the step's numbers
            self.books[self.step] = (self.numbers, self.given)
            self.step = step
            self.numbers, self.given = self.books.pop(step, ({}, 0))
        self.numbers = {key: n for key, n in self.numbers.items() if key in offered}
        for key in offered:
            if key not in self.numbers:
                self.given += 1
                self.numbers[key] = self.given
        return self.numbers

    def number(self, state: D6State, groups: list[d6_menu.Group]) -> dict[d6_menu.Key, int]:
        """D-6: a step is one step of one round."""
        keys = [move.key for move in d6_menu.moves(groups)]
        numbers = self.keep((state.round, state.phase, state.pending), keys)
        return {key: numbers[key] for key in keys}


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
    if args.level is not None and not args.normal:
        args.usage.error("--level needs --normal: the starter game has its own set-up")
    args.level = args.level or card_set(DINE_RULES).levels[0].name
    setup = "normal set-up, " + args.level if args.normal else "starter game"
    print(f"Deep Space Dine — seed {seed}, {args.ship}, {args.crew} crew, {setup}.")
    state, events = dine_engine.deal(
        seed, ship=args.ship, level=args.level, crew=args.crew, starter=not args.normal
    )
    return play_dine(state, events)


DINE_PROMPT = "Your move (number, ?number = its cards, h = hint, b = board, q = quit): "


def play_dine(state: DineState, events: Iterable[Event], ask: Ask = input, say: Say = print) -> str:
    """The Dine terminal game on the hand view's moves (`core.render.dine_menu`): one line per move,
    how to pay a second step when there are several ways, `?N` for the cards behind move N."""

    def show(happened: Iterable[Event]) -> None:
        for event in happened:
            say(f"  • {said(event.seen_by(EVERY_SEAT))}")  # one player holds every seat

    numbering = Numbering()
    show(events)
    say(describe_board(state, decision=False))
    while state.outcome == "playing":
        groups = dine_menu.menu(state)
        # numbered by the move itself: a move's code counts hand positions, which a card given up shifts
        named = {m.group: decode(state, m.group) for m in dine_menu.lines(groups)}
        kept = numbering.keep(_dine_step(state), named.values())
        numbers: dict[object, int] = {group: kept[action] for group, action in named.items()}
        by_number = {str(numbers[m.group]): m for m in dine_menu.lines(groups)}
        say("")
        for group in groups:
            say(group.heading if group.heading.endswith((".", "?", "!")) else f"{group.heading}:")
            # a heading's lines in number order: kept numbers and new ones (a drawn card's) interleave
            for move in sorted(group.moves, key=lambda m: numbers[m.group]):
                say(f"{numbers[move.group]:>3}. {dine_menu.label(state, move)}")
            if group.note:
                say(f"  {group.note}.")
        for seat in range(state.crew):  # what the menus leave out, and why, as each hand view says
            for line in filter(None, unavailable_text(state, seat).splitlines()):
                say(f"Crew {seat + 1}: {line}" if state.crew > 1 else line)
        answer = ask(DINE_PROMPT).strip().lower()
        if answer == "q":
            return "quit"
        if answer == "b":
            say(describe_board(state, decision=False))
            continue
        if answer == "h":
            say(_dine_hint(state, groups, numbers))
            continue
        if answer.startswith("?") and answer[1:].strip() in by_number:
            move = by_number[answer[1:].strip()]
            say(_cards_of(state, dine_menu.action_of(state, move.group), move.label))
            continue
        chosen = by_number.get(answer)
        if chosen is None:
            say("Please type one of the numbers shown, ?number for its cards, or h, b, q.")
            continue
        code = chosen.options[0].code if len(chosen.options) == 1 else _how_to_pay(state, chosen, ask, say)
        if code is None:
            continue
        state, events = DINE.apply(state, dine_menu.action_of(state, code))
        show(events)
        # redrawn after every move: the "Remove cards" spaces only when the next damage reaches one, as
        # on the Discord board (the first board and `b` list them all)
        say(describe_board(state, decision=False, ahead=True))
    return str(state.outcome)


def _cards_of(state: DineState, action: DineAction, what: str) -> str:
    texts = [text for text in dine_menu.cards_behind(state, action) if text]
    if not texts:
        return f"No card behind “{what}”."
    return "\n".join(f"  {text}" for text in texts)


def _dine_hint(state: DineState, groups: list[dine_menu.Group], numbers: dict[object, int]) -> str:
    hint = dine_hint.hint_choice(state, expert=True)
    found = dine_menu.find(groups, state, hint.action)
    if found is None:  # never: every legal move is on the menu (tests check it)
        return f"Hint: {DINE.describe_action(state, hint.action)} — {hint.reason}"
    move, way = found
    then = f", then {way}. {move.options[way - 1].label}" if way is not None else ""
    return f"Hint: {numbers[move.group]}. {move.label}{then} — {hint.reason}"


def _how_to_pay(state: DineState, move: DineMove, ask: Ask, say: Say) -> str | None:
    """The code of the way to pay for `move` the player picks; None to go back."""
    while True:
        say(f"How do you pay for {move.label}?")
        for n, option in enumerate(move.options, 1):
            gives = f" ({option.description})" if option.description else ""
            say(f"{n:>3}. {option.label}{gives}")
        answer = ask("Which (number, ?number = its cards, h = hint, 0 = back): ").strip().lower()
        if answer == "0":
            return None
        if answer == "h":
            hint = dine_hint.hint_choice(state, expert=True)
            codes = [option.code for option in move.options]
            where = next(
                (n for n, code in enumerate(codes, 1) if dine_menu.action_of(state, code) == hint.action),
                None,
            )
            if where:
                said = f"{where}. {move.options[where - 1].label}"
            else:  # the hint is another move: name it, and the way back to the moves
                better = DINE.describe_action(state, hint.action)
                said = f"none of these ways: better {better} (0 goes back to the moves)"
            say(f"Hint: {said} — {hint.reason}")
            continue
        number = answer.removeprefix("?").strip()
        if number.isdigit() and 1 <= int(number) <= len(move.options):
            option = move.options[int(number) - 1]
            if answer.startswith("?"):
                say(_cards_of(state, dine_menu.action_of(state, option.code), option.label))
                continue
            return option.code
        say(f"Please type a number from 1 to {len(move.options)}, ?number for its cards, 0 to go back, or h.")


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
    cards = card_set(DINE_RULES)  # new games' cards: their levels and ships
    levels = [level.name for level in cards.levels]
    dine.add_argument(
        "--level", choices=levels, help=f"the normal set-up's level (needs --normal; default {levels[0]})"
    )
    dine.add_argument("--ship", choices=[s.name for s in cards.ship_sides()], default="Spacehopper 3000")
    dine.add_argument("--crew", type=int, choices=[1, 2, 3], default=1)
    dine.add_argument("--normal", action="store_true", help="the normal set-up instead of the starter game")
    dine.set_defaults(start=_dine, usage=dine)
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
