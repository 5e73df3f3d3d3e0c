"""Who sits at a game and what just happened: the parts of a stored game that are not rules state.

Both games store `{"table": ..., "state": ...}`; the table's own changes (someone joins, the game is
abandoned) go through the same versioned save as game actions, logged as `TableAction`s so that a
replay of the action log can tell them from the engine's actions.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from typing import Generic, Literal, TypeVar, cast

from pydantic import BaseModel, ConfigDict, TypeAdapter

from core.i18n import Locale, Text, lazy, lazy_n

S = TypeVar("S", bound=BaseModel)
R = TypeVar("R")  # a rules state
A = TypeVar("A")  # an action

# A D-6 click that ends the assignment says what the threat die showed, which card came and each
# threat's deed, then the next roll: 10-14 lines, the first of which the player most needs. The
# boards trim the list to their field's size and say how many lines they left out.
RECENT_LINES = 24


class Table(BaseModel):
    model_config = ConfigDict(frozen=True)

    captain: int
    crew: tuple[int, ...]  # the captain first, then the others in the order they joined
    open_crew: bool = False  # others may join with a button
    max_crew: int = 6
    recent: tuple[str, ...] = ()  # the latest lines of what happened, oldest first
    daily: str | None = None  # the UTC day of the daily challenge this game plays, if it does
    practice: bool = False  # a replay of a daily challenge after the ranked attempt: never ranked
    guided: tuple[int, ...] = ()  # the crew members this game teaches with tips (`core.tips`)
    # the language of the board, log and result where one player reads them alone (a daily attempt's
    # private thread): theirs; None, the server's, which everyone in a channel shares
    language: Locale | None = None

    @classmethod
    def start(cls, captain: int, *, open_crew: bool = False, max_crew: int = 6) -> Table:
        return cls(captain=captain, crew=(captain,), open_crew=open_crew, max_crew=max_crew)

    @property
    def is_daily(self) -> bool:
        """Whether this game plays a daily challenge: its end points to the same deal's practice."""
        return self.daily is not None

    @property
    def ranked_daily(self) -> bool:
        """A daily challenge's ranked attempt: everyone plays that deal unaided, so it gives no hints."""
        return self.daily is not None and not self.practice

    def is_crew(self, user_id: int) -> bool:
        return user_id in self.crew

    def can_join(self, user_id: int) -> Text | None:
        """Why `user_id` may not join (in the reader's language), or None if they may."""
        if self.is_crew(user_id):
            return lazy("You are already on this crew.")
        if not self.open_crew:
            return lazy("This captain plays alone; start a game of your own to play.")
        if len(self.crew) >= self.max_crew:
            return lazy_n(
                "This crew is full ({count} player).", "This crew is full ({count} players).", self.max_crew
            )
        return None

    def joined(self, user_id: int) -> Table:
        return self.model_copy(update={"crew": (*self.crew, user_id)})

    def guiding(self, user: int, on: bool) -> Table:
        """The table with `user` taught by tips in this game, or not."""
        guided = tuple(u for u in self.guided if u != user) + ((user,) if on else ())
        return self.model_copy(update={"guided": guided})

    def result_detail(self) -> dict[str, str | bool]:
        """What a result must say about the table: which daily challenge, and whether it is ranked."""
        return {"daily": self.daily, "practice": self.practice} if self.daily else {}

    def with_news(self, lines: list[str]) -> Table:
        """Keep the newest `RECENT_LINES` lines; `lines` replaces the old ones when it is a new step."""
        return self.model_copy(update={"recent": tuple(lines[-RECENT_LINES:])})


TableKind = Literal["join", "leave", "remove", "start", "vote", "close", "abandon"]


class TableAction(BaseModel):
    """A logged change that is not a move in the game (`detail`: e.g. who, or a start's set-up)."""

    model_config = ConfigDict(frozen=True)

    kind: TableKind
    table: Literal[True] = True  # marks the log entry, so a replay skips it
    detail: dict[str, int | str | bool] = {}

    @property
    def unfinished(self) -> bool:
        """An abandon by the bot (forgotten, its channel gone): lost as unfinished, nobody gave up."""
        return self.kind == "abandon" and self.detail.get("unfinished") is True


TABLE_ACTION: TypeAdapter[TableAction] = TypeAdapter(TableAction)


def table_action_json(kind: TableKind, **detail: int | str | bool) -> str:
    return TableAction(kind=kind, detail=detail).model_dump_json()


def table_action(action_json: str) -> TableAction | None:
    """The table action a log entry records, or None for a move in the game."""
    entry: object = json.loads(action_json)
    if not isinstance(entry, dict):
        return None
    found = cast("dict[str, object]", entry)
    return TABLE_ACTION.validate_python(found) if found.get("table") else None


def movers(log: Iterable[tuple[int, str]]) -> set[int]:
    """Who made at least one move: `log` holds (user, action JSON) entries. Joining, voting or
    abandoning is not a move, so it earns no credit for a result."""
    return {user for user, action_json in log if table_action(action_json) is None}


def left_unfinished(log: Sequence[str]) -> bool:
    """Whether a stored action log ends as the bot ends a game nobody finished (forgotten, its channel
    gone): abandoned `unfinished`, not given up by its crew."""
    last = table_action(log[-1]) if log else None
    return last is not None and last.unfinished


def credited(
    crew: Sequence[int], moved: Collection[int], owner: int, ended_by: int | None = None
) -> tuple[int, ...]:
    """The players a finished game's result counts for: crew members who made a move, in crew order.

    A crew member who only joined (a moment before the win, say) is not credited. A game that ended
    before anyone moved is a loss for its owner only if they ended it themselves (they gave up): ended
    by someone else (a moderator) or by the bot (forgotten, its channel deleted), it counts for nobody.
    """
    played = tuple(user for user in crew if user in moved)
    return played or ((owner,) if owner in crew and ended_by == owner else ())


def replay_states(
    state: R,
    log: Iterable[str],
    apply: Callable[[R, A], tuple[R, object]],
    abandon: Callable[[R, bool], tuple[R, object]],
    parse: Callable[[str], A],
) -> Iterator[R]:
    """Each state a stored action log goes through from a freshly dealt `state`, that one first: moves
    go through the engine; of the table's own entries only abandoning changes the rules state (it
    ends the game as a loss), the others yield nothing."""
    yield state
    for entry in log:
        table = table_action(entry)
        if table is None:
            state, _ = apply(state, parse(entry))
        elif table.kind == "abandon":  # ended by the bot (`unfinished`), or given up
            state, _ = abandon(state, table.unfinished)
        else:
            continue
        yield state


def replay_log(
    state: R,
    log: Iterable[str],
    apply: Callable[[R, A], tuple[R, object]],
    abandon: Callable[[R, bool], tuple[R, object]],
    parse: Callable[[str], A],
) -> R:
    """The state after a stored action log, applied to a freshly dealt `state` (`replay_states`)."""
    return deque(replay_states(state, log, apply, abandon, parse), maxlen=1)[0]


class Saved(BaseModel, Generic[S]):
    """What a game row stores as its state: the table and the game's own rules state."""

    table: Table
    state: S
