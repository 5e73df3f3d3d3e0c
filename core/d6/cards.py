"""The D-6 threat cards as data, and the small effect vocabulary the engine interprets.

`data/d6/threats.json` holds every card; nothing in the engine names a card. An effect is one of the
`Op`s below; a card lists what happens when it is revealed, activated by the threat die, destroyed,
or checked passively after the activation phase, which crew it bans, and its away mission.
"""

from __future__ import annotations

import json
import re
from enum import StrEnum
from functools import cache
from importlib import resources
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator


class Face(StrEnum):
    """Crew die faces, in pip order (the rulebook's dice converter: 1 Commander … 6 Threat)."""

    COMMANDER = "commander"
    TACTICAL = "tactical"
    MEDICAL = "medical"
    SCIENCE = "science"
    ENGINEERING = "engineering"
    THREAT = "threat"


FACES: tuple[Face, ...] = tuple(Face)
CREW_FACES: tuple[Face, ...] = FACES[:5]

Op = Literal[
    "damage",  # the ship takes `amount` damage (shields first unless `ignores_shields`)
    "destroy_shields",  # shields drop to 0
    "set_shields",  # shields set to `amount` (Nebula leaving play)
    "lose_health",  # this threat loses `amount` health (and may be destroyed)
    "heal_threats",  # every threat in play recovers `amount`, never above its starting health
    "send_to_infirmary",  # the player sends one crew die to the Infirmary
    "tactical_to_infirmary",  # every die showing Tactical, outside the Infirmary, goes there
    "hold_die",  # the player puts one available or returned die on this card
    "release_held_die",  # the die held by this card is returned
    "free_scanner_die",  # one locked Threat die leaves the Scanners (returned)
    "roll_threat_die_again",  # after this activation pass, roll the threat die once more
    "discard_self",  # this card leaves play
]


CHOICE_OPS = frozenset({"send_to_infirmary", "hold_die"})


class _Data(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Effect(_Data):
    op: Op
    amount: int = Field(default=0, ge=0)
    ignores_shields: bool = False


class Passive(_Data):
    """A check after all activations of the round (Scouting Ship, Mercenary)."""

    when: Literal["hull_lost_this_round", "no_threat_activated"]
    effects: tuple[Effect, ...]


class Mission(_Data):
    """Crew icons on the card. `all`: every icon must be covered; `any_one`: any single icon does."""

    dice: tuple[Face, ...] = Field(min_length=1)
    mode: Literal["all", "any_one"] = "all"
    dice_go_to: Literal["returned", "infirmary"] = "returned"

    @property
    def needed(self) -> int:
        return len(self.dice) if self.mode == "all" else 1


class Card(_Data):
    id: str
    name: str
    kind: Literal["external", "internal", "filler"]
    count: int = Field(ge=1)
    health: int | None = Field(default=None, ge=1, le=4)
    activation: tuple[int, ...] = ()
    text: str
    on_reveal: tuple[Effect, ...] = ()
    on_activate: tuple[Effect, ...] = ()
    on_destroyed: tuple[Effect, ...] = ()
    passive: Passive | None = None
    bans: tuple[Face, ...] = ()
    shields_offline: bool = False
    mission: Mission | None = None
    endgame_skippable_above_hull: int | None = None
    # The house rule (a `HouseRules` field) that decides whether `on_destroyed` applies whatever
    # destroyed the card; when that rule is off, it applies only when the card's own decay does.
    on_destroyed_any_cause_rule: str | None = None

    @model_validator(mode="after")
    def _consistent(self) -> Card:
        if any(not 1 <= pip <= 6 for pip in self.activation):
            raise ValueError(f"{self.id}: activation pips must be 1-6")
        if self.kind == "internal" and self.health is not None:
            raise ValueError(f"{self.id}: internal threats have no health")
        for effects in (self.on_reveal, self.on_activate, self.on_destroyed):
            # A choice suspends the effect list, so it must come last (nothing would run after it).
            if any(e.op in CHOICE_OPS for e in effects[:-1]):
                raise ValueError(f"{self.id}: a player-choice effect must be the last of its list")
        return self


class Deck(_Data):
    about: str = Field(alias="_about")
    cards: tuple[Card, ...]

    @model_validator(mode="after")
    def _complete(self) -> Deck:
        threats = sum(c.count for c in self.cards if c.kind != "filler")
        fillers = sum(c.count for c in self.cards if c.kind == "filler")
        if (threats, fillers) != (36, 6):
            raise ValueError(
                f"the deck must hold 36 threats and 6 Don't Panic cards, not {threats}+{fillers}"
            )
        if len({c.id for c in self.cards}) != len(self.cards):
            raise ValueError("card ids must be unique")
        return self


@cache
def deck() -> Deck:
    """The validated deck, loaded once from the package data."""
    text = resources.files("data.d6").joinpath("threats.json").read_text(encoding="utf-8")
    return Deck.model_validate(json.loads(text))


@cache
def card(card_id: str) -> Card:
    for candidate in deck().cards:
        if candidate.id == card_id:
            return candidate
    raise KeyError(card_id)


# The printed cards show crew icons; in words they read as the crew they name. Whole phrases first,
# where an icon stands for a sentence rather than a word.
_PHRASES = {
    "[Tactical icon] Send to Infirmary": "Its away mission's Tactical die goes to the Infirmary",
    "[? box] Return this unit.": "Holds one crew die; when it activates, that die returns.",
    "[Threat-detected die]": "die locked in the Scanners",
    "may not assign: [": "may not assign [",  # in words the colon reads doubled after "Effect:"
}
_ICON = re.compile(r"\[(\w+)(?: icon)?\]( crew)?")


def card_text(spec: Card) -> str:
    """A card's printed text with its icons in words ("All Tactical crew go …"), never "[Tactical]"."""
    text = spec.text
    for phrase, words in _PHRASES.items():
        text = text.replace(phrase, words)
    return _ICON.sub(lambda m: m.group(1) + (" crew" if m.group(1).lower() in CREW_FACES else ""), text)


FILLER_ID = "dont_panic"
