"""D-6 game terms as fields of a message, said in the reader's language when the message is.

An engine event names a threat or a crew face before anyone reads it; these keep the canonical id
(a card id, a die face) and look its name up in the glossary (`core.i18n.glossary`) at saying time,
so one event reads "Nebulosa" to a Spanish reader and "Nebel" to a German one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.i18n import PSEUDO, Locale, Text, lazy, mark, t
from core.i18n.glossary import term
from core.i18n.messages import Sayable

from .state import Place, State

GAME = "d6"


def threat_name(locale: Locale, card_id: str) -> str:
    return term(locale, GAME, "threats", card_id)


def face_name(locale: Locale, face: str) -> str:
    """A crew face or station by its die face ("tactical" → "Tactical", "Táctico")."""
    return term(locale, GAME, "stations", face)


def d6_term(locale: Locale, key: str) -> str:
    """A rulebook term ("threat_detected" → "¡Amenaza detectada!")."""
    return term(locale, GAME, "terms", key)


def card_words(locale: Locale, card_id: str) -> str:
    """A card's printed effect in words, in `locale`: the glossary's "texts" (the English ones are
    `cards.card_text`, the icons in words; a test keeps them in step)."""
    return term(locale, GAME, "texts", card_id)


def plural_name(locale: Locale, card_id: str) -> bool:
    """Whether a threat's name is a plural in `locale` ("Raiders", "Saqueadores"; "Nebel" is not), as
    the glossary's "number" section says: a sentence about it takes its verb in the plural."""
    return term("en" if locale == PSEUDO else locale, GAME, "number", card_id) == "plural"


@dataclass(frozen=True, slots=True)
class Agreeing(Text):
    """A sentence whose subject is a threat's name: said as `many` ("Raiders activate.") where the
    name is a plural in the reader's language, as itself ("Nebula activates.") where it is not. One
    event, one card, but the number is the language's: "Comms Offline" is one thing in English and
    "Comunicaciones caídas" many in Spanish."""

    card: str = ""
    many: Text | None = None

    def say(self, locale: Locale) -> str:
        if self.many is not None and plural_name(locale, self.card):
            return self.many.say(locale)
        return Text.say(self, locale)


def agreeing(card_id: str, one: Text, many: Text) -> Text:
    """`one` about the threat `card_id`, or `many` where its name is a plural (`Agreeing`)."""
    return Agreeing(one.message, one.fields, one.plural, one.count, card=card_id, many=many)


def about(card_id: str, one: str, many: str, /, **fields: Any) -> Text:
    """A sentence with the threat `card_id` as its `{name}`: `one` (a marked message) where its name is
    singular in the reader's language, `many` where it is a plural ("{name} activate.")."""
    named = {"name": ThreatName(card_id), **fields}
    return agreeing(card_id, lazy(one, **named), lazy(many, **named))


@dataclass(frozen=True, slots=True)
class ThreatName:
    card: str

    def say(self, locale: Locale) -> str:
        return threat_name(locale, self.card)


@dataclass(frozen=True, slots=True)
class FaceName:
    face: str

    def say(self, locale: Locale) -> str:
        return face_name(locale, self.face)


@dataclass(frozen=True, slots=True)
class CardWords:
    card: str

    def say(self, locale: Locale) -> str:
        return card_words(locale, self.card)


# Where a die is, as the board text and the refusals say it ("That die is not available (it is …)").
PLACES: dict[Place, str] = {
    Place.POOL: mark("ready"),
    Place.STATION: mark("at a station"),
    Place.MISSION: mark("on an away mission"),
    Place.SCANNER: mark("locked in the Scanners"),
    Place.RESET: mark("set aside by the Scanners"),
    Place.INFIRMARY: mark("in the Infirmary"),
    Place.RETURNED: mark("returned"),
    Place.HELD: mark("distracted"),
}


def pending_question(state: State) -> Text:
    """The decision the game waits for, in words: derived from the stored kind and threat, so each
    reader gets it in their language (the state's English `reason` stays for old saves and logs)."""
    pending = state.pending
    if pending is None:
        return lazy("nothing to decide")
    threat = state.threat(pending.source) if pending.source is not None else None
    name: Sayable = ThreatName(threat.card) if threat is not None else lazy("a threat")
    match pending.kind:
        case "infirmary":
            return lazy("{name}: which crew die goes to the Infirmary?", name=name)
        case "hold":
            return lazy("{name}: which crew die is distracted?", name=name)
        case _:
            return lazy("Recall crew from unfinished away missions, or leave them?")


@dataclass(frozen=True, slots=True)
class Joined:
    """Parts said one after another: `sep` between them, and `last` (a marked message, " and ",
    " or ") before the last one when given ("a, b and c", "a, b und c", "a, b y c")."""

    items: tuple[Sayable, ...]
    sep: str = ", "
    last: str | None = None

    def say(self, locale: Locale) -> str:
        words = [item.say(locale) for item in self.items]
        if self.last is None or len(words) < 2:
            return self.sep.join(words)
        return self.sep.join(words[:-1]) + t(locale, self.last) + words[-1]


AND, OR = mark(" and "), mark(" or ")


@dataclass(frozen=True, slots=True)
class Term:
    """A rulebook term as a field ("threat_detected" → "¡Amenaza detectada!")."""

    key: str

    def say(self, locale: Locale) -> str:
        return d6_term(locale, self.key)
