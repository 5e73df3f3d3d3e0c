"""What happened in a game, as both engines report it: one line for everyone, and per seat what only
that seat's owner may read.

Hidden information is kept out of public text where it is made: an engine that names a card still in
a hand puts the name in `private` for that seat and says "a hand card" in `text`. A renderer picks
the view for its reader (`seen_by`) and never searches text for names to hide.
"""

from __future__ import annotations

from collections.abc import Container
from dataclasses import dataclass

from core.i18n import Text

NOBODY: tuple[int, ...] = ()  # the public: a reader who holds no seat


class _EverySeat:
    """A reader who holds every seat: one player taking the whole crew, as in the terminal game."""

    def __contains__(self, seat: object) -> bool:
        return True


EVERY_SEAT: Container[int] = _EverySeat()


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, in words a player understands; `kind` lets a UI style it.

    `text` is what everyone may see. `private` holds, for a seat whose hand the event concerns, what
    that seat's owner reads instead (a tuple of pairs, so the event stays hashable and immutable).
    """

    text: str | Text  # a `Text` is said in each reader's language (`core.i18n.say`)
    kind: str = "info"
    private: tuple[tuple[int, str], ...] = ()

    def seen_by(self, seats: Container[int] = NOBODY) -> str | Text:
        """The text a reader holding `seats` reads: their own seat's private text, else the public one."""
        return next((told for seat, told in self.private if seat in seats), self.text)


Events = list[Event]


class Muted(list[Event]):
    """The events of a quiet `apply`: nothing is told, so no line is worked out or kept. The engine asks
    `type(events) is Muted` before it tells anything: code compiled with mypyc (`tools.compiled`)
    appends to a list without looking this `append` up."""

    def append(self, event: Event, /) -> None:
        return None
