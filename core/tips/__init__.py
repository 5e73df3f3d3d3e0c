"""The guided first game: a short tip before each new kind of decision, once per player.

A game's tips are data, `data/<game>/tips.md`: each `## <name>` section is one tip, keyed
`<game>.<name>` (e.g. `d6.assign`), with a `Title:` line, a `Rules:` line naming the `/<game> rules`
topic it points to, then its text. Which decisions a player faces now is each game's own question
(`core.tips.d6.decisions`, `core.tips.dine.decisions`: pure, from the rules state); `next_tip` then
picks the first of them the player has not been shown.

What a player's tips need is kept in the store's per-player preferences
(`store.preferences("user", id)`), so it lasts across games and restarts:

- `tip:<key>` = `seen` — the player was shown the tip `<key>` (e.g. `tip:d6.assign`);
- `tips` = `off` — the player pressed **No more tips**; absent, tips are on.

A game guides the crew members its table lists in `Table.guided`: by default a player with no
finished game of that kind (an abandoned one does not count) whose tips are on; the `guide` option of
`/<game> new` lets the starter choose.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

from core.guide import DATA, sections, topic_name, topics, translation, unwrapped
from core.i18n import PSEUDO, Locale, t
from core.i18n.commands import command_name
from core.i18n.pseudo import pseudo

SEEN, OFF = "seen", "off"
TIPS_KEY = "tips"  # the preference that turns every tip off
TIP_PREFIX = "tip:"  # + a tip's key: the preference saying it was shown


@dataclass(frozen=True, slots=True)
class Tip:
    key: str  # `<game>.<name>`, as stored in the preferences (after `tip:`)
    title: str
    topic: str  # the `/<game> rules` topic that says more
    text: str

    @property
    def preference(self) -> str:
        return TIP_PREFIX + self.key


def _tips(path: Path, game: str) -> dict[str, Tip]:
    found: dict[str, Tip] = {}
    for name, body in sections(path).items():
        fields: dict[str, str] = {}
        lines = body.splitlines()
        while lines and lines[0].partition(": ")[0] in ("Title", "Rules"):
            label, _, value = lines.pop(0).partition(": ")
            fields[label] = value.strip()
        text = unwrapped("\n".join(lines).strip())  # the file's wrapping goes, as the rules' does
        found[name] = Tip(f"{game}.{name}", fields.get("Title", ""), fields.get("Rules", ""), text)
    return found


@cache
def tips(game: str, language: str = "en") -> dict[str, Tip]:
    """A game's tips by name (the part of the key after `<game>.`), in the file's order, in
    `language`: `data/<game>/tips.<lang>.md` has the same sections with a translated `Title:` and
    text (the `Rules:` topic is the English id, so it may be left out); English where untranslated."""
    english = _tips(DATA / game / "tips.md", game)
    if language == PSEUDO:
        return {
            name: replace(tip, title=pseudo(tip.title), text=pseudo(tip.text))
            for name, tip in english.items()
        }
    path = translation(game, "tips", language)
    translated = _tips(path, game) if language != "en" and path.exists() else {}
    return {
        name: replace(tip, title=found.title or tip.title, text=found.text or tip.text)
        if (found := translated.get(name))
        else tip
        for name, tip in english.items()
    }


def check_tips(game: str) -> list[str]:
    """What is wrong with a game's tips data: a topic `/<game> rules` does not have, an empty text."""
    known = topics(game)
    problems: list[str] = []
    for name, tip in tips(game).items():
        if tip.topic not in known:
            problems.append(f"{game}.{name}: no rules topic {tip.topic!r}")
        if not tip.text or not tip.title:
            problems.append(f"{game}.{name}: no title or text")
    return problems


def seen_tips(preferences: Mapping[str, str]) -> set[str]:
    """The keys of the tips a player was shown, from their preferences."""
    return {key.removeprefix(TIP_PREFIX) for key in preferences if key.startswith(TIP_PREFIX)}


def tips_off(preferences: Mapping[str, str]) -> bool:
    return preferences.get(TIPS_KEY) == OFF


def guided_by_default(preferences: Mapping[str, str], finished_games: int) -> bool:
    """A first-timer whose tips are on is guided unless they say otherwise."""
    return finished_games == 0 and not tips_off(preferences)


def next_tip(game: str, decisions: Iterable[str], seen: Collection[str]) -> Tip | None:
    """The first tip among `decisions` (names, most pressing first) the player has not been shown."""
    known = tips(game)
    for name in decisions:
        tip = known[name]  # a decision without a tip is a bug in the game's `decisions`
        if tip.key not in seen:
            return tip
    return None


def game_preferences(game: str, preferences: Mapping[str, str]) -> Sequence[str]:
    """The preference keys of a game's tips the player was shown (what `guide: on` forgets)."""
    prefix = f"{TIP_PREFIX}{game}."
    return [key for key in preferences if key.startswith(prefix)]


def tip_text(game: str, tip: Tip, locale: Locale = "en") -> str:
    """A tip as the player reads it (`tip` from `tips(game, locale)`): its title, its text, and where
    the rules say more, the command as the reader's client names it."""
    rules, option = command_name(locale, f"{game} rules"), command_name(locale, "topic")
    command = f"`/{rules} {option}: {topic_name(locale, tip.topic)}`"
    more = t(locale, "More: {command}", command=command)
    return f"💡 **{tip.title}**\n{tip.text}\n-# {more}"
