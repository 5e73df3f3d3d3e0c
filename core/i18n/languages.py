"""Which language a reader gets: a stored preference first, then what Discord reports, then English.

Private answers use the user's preference, else the client language Discord reports for them;
public posts use the server's preference, else the server's preferred locale. Discord's locales
("de", "es-ES", "es-419", "en-US", "en-GB") are reduced to the language they are written in.
"""

from __future__ import annotations

from typing import Final, Literal, get_args

Language = Literal["en", "de", "es"]
LANGUAGES: tuple[Language, ...] = get_args(Language)
# The pseudo-locale: every message marked and 40 % longer, to find untranslated or too-long texts in
# tests. It is never offered to players; a test stores it as a preference.
PSEUDO: Final = "qps"
Locale = Language | Literal["qps"]
FALLBACK: Language = "en"
Source = Literal["setting", "discord", "default"]  # where a reader's language came from


def from_discord(locale: str | None) -> Language | None:
    """The language of a Discord locale code ("es-419" → "es"), or None for one we do not speak."""
    if not locale:
        return None
    base = locale.replace("_", "-").split("-", 1)[0].lower()
    return next((language for language in LANGUAGES if language == base), None)


def from_preference(value: str | None) -> Locale | None:
    """A stored `language` preference, or None when there is none (or it is not one we know)."""
    if value == PSEUDO:
        return PSEUDO
    return next((language for language in LANGUAGES if language == value), None)


def resolve(preference: str | None, reported: str | None) -> Locale:
    """The preference if one is set, else the language Discord reports, else English."""
    return resolve_with_source(preference, reported)[0]


def resolve_with_source(preference: str | None, reported: str | None) -> tuple[Locale, Source]:
    """`resolve`, and what decided it (`/about` and `/settings language` say so)."""
    chosen = from_preference(preference)
    if chosen is not None:
        return chosen, "setting"
    told = from_discord(reported)
    return (told, "discord") if told is not None else (FALLBACK, "default")
