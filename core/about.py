"""What the bot offers, in words: shown by `/about` and its buttons (no Discord types here)."""

from __future__ import annotations

from dataclasses import dataclass

TAGLINE = (
    "Play two space tabletop games right here in Discord, faithful to their rulebooks: "
    "a co-op card game for your crew and a solo dice game, a daily challenge with the same deal "
    "for everyone, and leaderboards."
)


@dataclass(frozen=True)
class GameBlurb:
    key: str
    title: str
    players: str
    summary: str
    start_command: str


GAMES: tuple[GameBlurb, ...] = (
    GameBlurb(
        key="dine",
        title="Deep Space Dine",
        players="1–3 crew, cooperative",
        summary=(
            "Deliver a pizza across space. Each sector throws dangers at you: lay station cards in "
            "rows to build the symbols that jump you onward before the danger catches up, and keep "
            "both your ship and the pizza in one piece. Cross every sector to win."
        ),
        start_command="dine new",
    ),
    GameBlurb(
        key="d6",
        title="Deep Space D-6",
        players="solo",
        summary=(
            "Captain a ship with six crew dice. Every round you roll your crew, assign them to "
            "stations — fire weapons, repair the hull, recharge shields, heal the crew — and the "
            "threat die decides which enemies strike. Survive the whole threat deck to win."
        ),
        start_command="d6 new",
    ),
)


def game(key: str) -> GameBlurb | None:
    return next((g for g in GAMES if g.key == key), None)
