"""Saying a message in a language: `t` and `tn` now, or a lazy `Text` said later by whoever shows it.

A message is its English text with named `{fields}`: `t(lang, "Try again in {time}.", time=…)`. A
field may itself be a `Text`, said in the same language. `tn` picks the plural form for `count`
(also available as the `{count}` field) by the language's CLDR rules. Code that only names a
message for later (a constant, a declaration) wraps it in `mark`/`mark_plural`, so the catalogue
test, which scans the source for these calls, knows the text is in use.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from babel.numbers import format_percent

from .catalogues import said
from .languages import PSEUDO, Locale
from .pseudo import pseudo

Plural = tuple[str, str]  # a message's English singular and plural


@runtime_checkable
class Sayable(Protocol):
    """A field said in the reader's language when its message is: a `Text`, a `Command`."""

    def say(self, locale: Locale) -> str: ...


def _fields(locale: Locale, fields: dict[str, Any]) -> dict[str, Any]:
    # What `isinstance(value, Sayable)` asks, without a runtime protocol check (the engine says its
    # pending questions thousands of times a second in the crews' playouts).
    return {
        name: value.say(locale) if callable(getattr(value, "say", None)) else value
        for name, value in fields.items()
    }


def _lookup(locale: Locale, message: str) -> str:
    if locale == PSEUDO:
        return pseudo(message)
    if locale == "en":
        return message
    return said(locale).singular.get((None, message), message)


def t(locale: Locale, message: str, /, **fields: Any) -> str:
    """`message` in `locale`, its fields filled in (English when the catalogue lacks it)."""
    return _lookup(locale, message).format(**_fields(locale, fields))


def tn(locale: Locale, singular: str, plural: str, count: int, /, **fields: Any) -> str:
    """The form of `singular`/`plural` that `count` takes in `locale`, with `{count}` and the fields."""
    english = singular if count == 1 else plural
    if locale == PSEUDO:
        chosen = pseudo(english)
    elif locale == "en":
        chosen = english
    else:
        found = said(locale)
        forms = found.plural.get((None, singular))
        chosen = forms[min(found.plural_index(count), len(forms) - 1)] if forms else english
    return chosen.format(count=count, **_fields(locale, fields))


@dataclass(frozen=True, slots=True)
class Text:
    """A message to be said later, in the reader's language (an error raised deep in the code, say)."""

    message: str
    fields: dict[str, Any] = field(default_factory=dict[str, Any])
    plural: str | None = None
    count: int = 0

    def say(self, locale: Locale) -> str:
        if self.plural is not None:
            return tn(locale, self.message, self.plural, self.count, **self.fields)
        return t(locale, self.message, **self.fields)

    def __str__(self) -> str:
        return self.say("en")


def lazy(message: str, /, **fields: Any) -> Text:
    return Text(message, fields)


def lazy_n(singular: str, plural: str, count: int, /, **fields: Any) -> Text:
    return Text(singular, fields, plural, count)


def say(locale: Locale, text: str | Text) -> str:
    """A `Text` in `locale`; a plain string (not yet translatable) as it is."""
    return text.say(locale) if isinstance(text, Text) else text


def mark(message: str) -> str:
    """Names a message for the catalogue without saying it: `t` says it later."""
    return message


def mark_plural(singular: str, plural: str) -> Plural:
    return singular, plural


# How each language names itself, in every language (`/settings language`, `/about`).
LANGUAGE_NAMES: dict[Locale, str] = {
    "en": mark("English"),
    "de": mark("Deutsch"),
    "es": mark("Español"),
    PSEUDO: mark("Pseudo-locale"),
}


def language_name(locale: Locale, language: Locale) -> str:
    """`language`'s own name (Deutsch, Español), as said to a `locale` reader."""
    return t(locale, LANGUAGE_NAMES[language])


def percent(locale: Locale, fraction: float) -> str:
    """A whole percentage the way `locale` writes it: "50%", "50 %"."""
    return format_percent(fraction, locale="en" if locale == PSEUDO else locale)
