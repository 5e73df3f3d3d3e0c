"""A Dine crew that looks ahead: it plays each of the heuristic's best few moves out to the end of the
game, several times, with the heuristic crew, and keeps the move whose playouts win most.

The greedy heuristic (`core.dine.ai`) sees one action deep; what it misses — a station that pays off
two sectors later, a card better kept for the jump, the lighter consequence that costs a card now — is
what the playouts show. The crew does not cheat: before each playout it deals itself a world of its own
("determinizes"). The deck under its top card is reshuffled, the sectors still face down in the stack
are drawn afresh from the cards they could be, and the engine's own seed is replaced, so the discard
pile's reshuffles and the sectors the help cards lay out in the playout are not the real game's either.
What the crew sees is what the players see on the board: the grid, the tracks, the discard pile, the
current sector, and every hand — the rulebook lets the crew lay its hands out openly ("You may also lay
out your hand cards openly in front of you") — and the deck's top card, which the rulebook shows to
everyone ("You always see the top card of the deck") and the board names.

Every playout of a decision is dealt from the same worlds for every candidate move (common random
numbers), so the moves are compared on the same luck. The worlds come from a `random.Random` seeded
by the policy's seed and the public part of the state only: the crew is deterministic for a seed, and
two states that differ only in what is hidden get the same choice.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from core.policies import Choice, Policy

from .ai import heuristic, shortlist
from .engine import apply, score
from .state import State
from .worlds import determinize, public_key

__all__ = ["determinize", "playout", "public_key", "search_policy"]

ROLLOUTS = 8  # playouts per candidate move
CANDIDATES = 4  # the heuristic's best moves played out
DEPTH = 1000  # decisions per playout before it is cut short: far beyond a real game (~40–100)


def search_policy(
    seed: int = 0, *, rollouts: int = ROLLOUTS, candidates: int = CANDIDATES, depth: int = DEPTH
) -> Policy:
    """The search crew. `rollouts` × `candidates` playouts a decision: the defaults keep a solo game at
    4–15 s on one core (0.1–0.2 s a decision; a crew of three's games about twice that). `depth` cuts a
    playout short, valued by the sectors cleared and the tracks."""
    if rollouts < 1 or candidates < 1 or depth < 0:
        raise ValueError("rollouts and candidates must be at least 1, depth at least 0")

    def choose(state: State) -> Choice:
        options = shortlist(state, candidates)
        if len(options) == 1:
            return options[0]
        rng = Random(public_key(seed, state))
        worlds = [determinize(state, rng) for _ in range(rollouts)]
        results = [[playout(apply(world, option.action)[0], depth) for world in worlds] for option in options]
        totals = [sum(value for _, value in found) for found in results]
        best = max(range(len(options)), key=totals.__getitem__)  # ties: the heuristic's own order
        return Choice(options[best].action, _reason(options, results, best))

    return choose


def playout(state: State, depth: int = DEPTH) -> tuple[bool, float]:
    """Play `state` on with the heuristic crew for at most `depth` decisions: (won, value). A win is worth
    1 and more the higher its score; short of a win, sectors cleared and the tracks break ties."""
    for _ in range(depth):
        if state.outcome != "playing":
            break
        state, _ = apply(state, heuristic(state).action)
    won = state.outcome == "won"
    return won, float(won) + 0.02 * state.cleared + 0.005 * score(state)


def _reason(options: Sequence[Choice], results: Sequence[Sequence[tuple[bool, float]]], best: int) -> str:
    """The chosen move's own reason, if the heuristic gave one, and how its playouts went against the
    heuristic's pick. A move the heuristic did not explain is named by whoever shows the reason (a
    hint names its action first), so the rules domain needs no renderer here."""
    wins = [sum(won for won, _ in found) for found in results]
    games = len(results[0])
    said = f"{options[best].reason} " if options[best].reason else ""
    if best == 0:
        return f"{said}Playouts: won {wins[0]} of {games}, the best of {len(options)} moves."
    return f"{said}Playouts: won {wins[best]} of {games}; the greedy pick won {wins[0]}."
