"""Worlds a crew that never sees hidden cards may play out in: the hidden parts of a Dine state dealt
afresh ("determinized"), and a seed from the public part only.

What the crew sees is what the players see on the board: the grid, the tracks, the discard pile, the
current sector, the deck's top card ("You always see the top card of the deck"; the board names it),
and every hand (the rulebook lets the crew lay its hands out openly). What it does not see, and what a
world deals anew: the order of the deck under its top card, the sectors still face down in the stack,
and the engine's own seed (the discard pile's reshuffles, the sectors the help cards lay out). Shared
by the search crew (`core.dine.search`) and the expert crew (`core.dine.expert`).

A member of a crew playing with private hands (R17) sees only their own hands: for them, the `hidden`
seats' cards are dealt afresh too, from those hands and the deck under its top card together (a hand
keeps its size), and neither their order nor which cards they are reaches the worlds' seed.
"""

from __future__ import annotations

from collections.abc import Collection
from hashlib import blake2b
from random import Random

from .cards import CardSet
from .state import StackCard, State


def determinize(state: State, rng: Random, hidden: Collection[int] = ()) -> State:
    """A world consistent with what the crew sees: the deck under its (public) top card shuffled, the
    hidden sectors drawn afresh, and a new seed for the engine's own shuffles (the discard pile, the
    sectors a help card lays out); the `hidden` seats' hands dealt afresh with the deck."""
    world = state.clone()
    seats = sorted(set(hidden))
    under = sorted([*world.deck[1:], *(card for seat in seats for card in world.hands[seat])])
    rng.shuffle(under)  # sorted first: the real order must not leak through the shuffle
    for seat in seats:
        size = len(world.hands[seat])
        world.hands[seat], under = under[:size], under[size:]
    world.deck = [*world.deck[:1], *under]
    world.seed = rng.getrandbits(63)
    _redraw_sectors(world, rng)
    return world


def _redraw_sectors(world: State, rng: Random) -> None:
    """Replace the sectors under the current one by a draw from the cards they could be. Face down lie
    the easy sectors of the set-up or of Procure Ingredient, the hard sectors and the boss of the Final
    Frontier; the starter game's sectors are laid out openly in a fixed order and stay. The cleared hard
    sectors are not in the state, so a hard sector may be redrawn as one already cleared (rarely, and
    only on the levels with the most hard sectors)."""
    cards = world.cards
    easy = [c.id for c in cards.sectors if c.front.kind == "easy"]
    bosses = [c.id for c in cards.sectors if c.front.kind == "boss"]
    top = world.stack[0].sector if world.stack else None
    hidden_easy: list[int] = []
    hidden_hard: list[int] = []
    for i, card in enumerate(world.stack[1:], start=1):
        if not _hidden(cards, card):
            continue
        if card.side == "back":
            hidden_hard.append(i)
        elif card.sector in bosses:
            world.stack[i] = StackCard(sector=rng.choice(bosses), side="front")
        else:
            hidden_easy.append(i)
    if hidden_easy:
        was = {world.stack[i].sector for i in hidden_easy}
        shown = [c for c in world.easy_used if c not in was]
        drawn = rng.sample([c for c in easy if c not in shown], len(hidden_easy))
        for i, card_id in zip(hidden_easy, drawn, strict=True):
            world.stack[i] = StackCard(sector=card_id, side="front")
        world.easy_used = [*shown, *drawn]
    if hidden_hard:
        pool = [c for c in easy if c not in world.easy_used and c != top]
        drawn = rng.sample(pool, len(hidden_hard))
        for i, card_id in zip(hidden_hard, drawn, strict=True):
            world.stack[i] = StackCard(sector=card_id, side="back")


def public_key(seed: int, state: State, hidden: Collection[int] = ()) -> int:
    """A seed from `seed` and what the crew can see of `state` (`public_view`)."""
    text = public_view(state, hidden)
    return int.from_bytes(blake2b(f"{seed}\x1f{text}".encode(), digest_size=8).digest(), "big")


def public_view(state: State, hidden: Collection[int] = ()) -> str:
    """What the crew can see of `state`, as text: the deck's top card and the rest of the deck as a
    set (with the `hidden` seats' hands in it, those hands by their size only), the stack as the
    current sector and what lies under it as far as it shows, and neither the game's seed nor its
    generator. Two states with the same view are one position to the crew: a world is consistent with
    a game when their views are equal."""
    seen = state.clone()
    unseen = [*seen.deck[1:], *(card for seat in set(hidden) for card in seen.hands[seat])]
    for seat in set(hidden):
        seen.hands[seat] = ["?"] * len(seen.hands[seat])
    seen.deck = [*seen.deck[:1], *sorted(unseen)]
    seen.stack = seen.stack[:1] + [
        StackCard(sector="?", side=c.side) if _hidden(state.cards, c) else c for c in seen.stack[1:]
    ]
    face_down = {card.sector for card in state.stack[1:] if _hidden(state.cards, card)}
    seen.easy_used = sorted(c for c in state.easy_used if c not in face_down)
    # Which members are still to occupy is as public as the rest; it is left out only because a state
    # saved before they decided at once does not hold it (its seat order said the same), so that a crew
    # keeps drawing the same worlds, and playing the same games, for the same table.
    return seen.model_dump_json(exclude={"seed": True, "rng": True, "pending": {"seats"}})


def _hidden(cards: CardSet, card: StackCard) -> bool:
    """Whether a stack card under the current sector is face down: any sector but the starter game's,
    which are laid out openly in a fixed order (the boss cards' starter sides)."""
    return card.sector is not None and not (card.side == "back" and card.sector in cards.starter)
