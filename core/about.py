"""What the bot offers, in words: shown by `/about` and its buttons (no Discord types here)."""

from __future__ import annotations

from dataclasses import dataclass

from core.game import AnyGame
from core.i18n import mark
from core.registry import GAMES as REGISTERED

TAGLINE = mark(
    "Play two space tabletop games right here in Discord, faithful to their rulebooks: "
    "a co-op card game for your crew and a solo dice game, a daily challenge with the same deal "
    "for everyone, and leaderboards."
)


@dataclass(frozen=True)
class GameBlurb:
    """A game as `/about` shows it; `players` and `summary` are English message ids (`core.i18n`)."""

    key: str
    title: str
    players: str
    summary: str
    start_command: str


def _blurb(declared: AnyGame) -> GameBlurb:
    said = declared.blurb
    return GameBlurb(declared.kind, declared.title, said.players, said.summary, said.start_command)


GAMES: tuple[GameBlurb, ...] = tuple(  # the featured game first
    _blurb(declared) for declared in sorted(REGISTERED.values(), key=lambda g: g.blurb.about_order)
)


def game(key: str) -> GameBlurb | None:
    return next((g for g in GAMES if g.key == key), None)
