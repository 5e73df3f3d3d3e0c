"""Who plays a Dine game and from which seat: the lobby, the seats, idle members, vote-outs and leaving.

A stored Dine game is a `DineSaved`: the shared `Table` (host = captain, lobby members = crew, the
latest news), the chosen `Setup`, and — once started — one `Seat` per crew member and the rules
`State`. Seat i is crew member i of the engine. A member voted out leaves their seat *vacant*: the
game keeps its crew size (the rules tie hand sizes to it), and the remaining crew play the vacant
seat's hand together, so no card is lost and nothing in the rules changes.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import NamedTuple

from pydantic import BaseModel, ConfigDict, Field

from core.i18n import Locale, Text, lazy, lazy_n, t
from core.i18n.commands import Slash
from core.i18n.glossary import term
from core.table import Table
from core.words import escaped

from .state import State
from .told import in_every_language, told

MAX_CREW = 3


class Setup(BaseModel):
    """The lobby's choices: starter game (R20) or the normal set-up at a level, the ship, and whether
    the crew plays with open hands (R17: every hand shown on the board; private by default)."""

    model_config = ConfigDict(frozen=True)

    starter: bool = True
    ship: str = "Spacehopper 3000"
    level: str = "Salad"
    open_hands: bool = False

    def describe(self, locale: Locale = "en") -> str:
        """ "normal game at Salad, Spacehopper 3000", in `locale` (the level from the glossary)."""
        if self.starter:
            said = t(locale, "starter game, {ship}", ship=self.ship)
        else:
            level = self.level if locale == "en" else term(locale, "dine", "levels", self.level)
            said = t(locale, "normal game at {level}, {ship}", level=level, ship=self.ship)
        return said + t(locale, ", open hands") if self.open_hands else said


class Seat(BaseModel):
    model_config = ConfigDict(frozen=True)

    user: int | None  # None: vacant after a vote-out or a leave, played by the rest of the crew
    name: str
    last_active: datetime


class DineSaved(BaseModel):
    """What a Dine game row stores as its state; `state` is None while the lobby is open."""

    table: Table
    setup: Setup
    seats: tuple[Seat, ...] = ()
    votes: dict[int, tuple[int, ...]] = {}  # target user → the users who voted them out
    # target user → when the first standing vote against them was cast: a look at the game since
    # (`idle_for`) shows they came back, and those votes lapse as a move would make them
    votes_since: dict[int, datetime] = {}
    voted_out: tuple[int, ...] = ()  # users voted out of their seat (told so when they click)
    # users who left their seat themselves (told so when they click); left out of the JSON when empty,
    # so that every game saved before reads and writes as it did
    gone: tuple[int, ...] = Field(default=(), exclude_if=lambda gone: not gone)
    names: dict[int, str] = {}  # display names of the lobby's members, for its controls
    touched: datetime | None = None  # the lobby's latest change (an idle lobby closes by itself)
    state: State | None = None

    @property
    def started(self) -> bool:
        return self.state is not None

    def seat_of(self, user: int) -> int | None:
        return next((i for i, seat in enumerate(self.seats) if seat.user == user), None)

    def seats_for(self, user: int) -> list[int]:
        """The seats `user` may play: their own, then every vacant one (if they are seated)."""
        own = self.seat_of(user)
        if own is None:
            return []
        return [own] + [i for i, seat in enumerate(self.seats) if seat.user is None]

    def seat_names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    def names_in_text(self) -> list[str]:
        """The seats' names for Discord text, markdown escaped: the game's lines name the crew."""
        return [escaped(name) for name in self.seat_names()]

    @property
    def vacant(self) -> tuple[int, ...]:
        """The vacant seats, played by the rest of the crew."""
        return tuple(i for i, seat in enumerate(self.seats) if seat.user is None)

    def deciders(self, locale: Locale = "en", *, in_text: bool = True) -> list[str]:
        """The seats' names where the game asks one of them to decide: a vacant seat is named as one,
        since its member is gone and the crew decides for it (markdown escaped unless not `in_text`,
        for the picture)."""
        names = self.names_in_text() if in_text else self.seat_names()
        return [
            name if seat.user is not None else t(locale, "{name} (vacant seat)", name=name)
            for name, seat in zip(names, self.seats, strict=True)
        ]


def lobby(host: int, name: str, setup: Setup, now: datetime) -> DineSaved:
    table = Table.start(host, open_crew=True, max_crew=MAX_CREW)
    setup_words = in_every_language(setup.describe)
    news = [told(lazy("**{name}** opens the lobby: {setup}.", name=escaped(name), setup=setup_words))]
    return DineSaved(table=table.with_news(news), setup=setup, touched=now, names={host: name})


def left(saved: DineSaved, user: int) -> DineSaved:
    """The lobby without `user`; if the host leaves, the next member becomes host."""
    crew = tuple(member for member in saved.table.crew if member != user)
    captain = saved.table.captain if saved.table.captain != user or not crew else crew[0]
    return saved.model_copy(
        update={"table": saved.table.model_copy(update={"crew": crew, "captain": captain})}
    )


def seated(saved: DineSaved, now: datetime, state: State) -> DineSaved:
    """The lobby started: every member takes the seat of their place in the lobby."""
    seats = tuple(
        Seat(user=user, name=saved.names.get(user, f"Crew {i + 1}"), last_active=now)
        for i, user in enumerate(saved.table.crew)
    )
    table = saved.table.model_copy(update={"open_crew": False})
    return saved.model_copy(update={"seats": seats, "state": state, "table": table})


def active(saved: DineSaved, seat: int, now: datetime) -> DineSaved:
    """`seat`'s member just acted: not idle any more, and votes against them lapse."""
    seats = list(saved.seats)
    seats[seat] = seats[seat].model_copy(update={"last_active": now})
    user = seats[seat].user
    votes = {target: voters for target, voters in saved.votes.items() if target != user}
    since = {target: when for target, when in saved.votes_since.items() if target != user}
    return saved.model_copy(update={"seats": tuple(seats), "votes": votes, "votes_since": since})


Seen = Mapping[int, datetime]  # when each member last looked at the game (a hand view, a hint, a vote)


def idle_for(saved: DineSaved, seat: int, now: datetime, seen: Seen) -> timedelta:
    """How long `seat`'s member has neither moved nor looked at the game. A member who waits on
    someone else's decision has nothing to play but is there: opening their hand, refreshing it or
    asking for a hint shows it, so only a member who does none of that is idle."""
    held = saved.seats[seat]
    looked = seen.get(held.user, held.last_active) if held.user is not None else held.last_active
    return now - max(held.last_active, looked)


def vote_refusal(
    saved: DineSaved, voter: int, target: int, now: datetime, idle_after: timedelta, seen: Seen
) -> Text | None:
    """Why `voter` may not vote `target` out now, or None (said in the reader's language)."""
    if saved.seat_of(voter) is None:
        return lazy("Only the crew of this game can vote.")
    seat = saved.seat_of(target)
    if seat is None and target in saved.voted_out:  # another vote got there first
        return lazy("They were already voted out; the crew plays their hand.")
    if seat is None and target in saved.gone:
        return lazy("They left the game; the crew plays their hand.")
    if seat is None:
        return lazy("That person does not hold a seat in this game.")
    if target == voter:
        return lazy(
            "You can't vote yourself out. To leave the game, use {command}.", command=Slash("dine leave")
        )
    idle = idle_for(saved, seat, now, seen)
    if idle < idle_after:
        minutes = math.ceil((idle_after - idle).total_seconds() / 60)  # 10:00 left is 10, not 11
        ago_minutes = int(idle.total_seconds() // 60)
        ago = (
            lazy_n("{count} minute", "{count} minutes", ago_minutes)
            if ago_minutes
            else lazy("less than a minute")
        )
        after = lazy_n("{count} idle minute", "{count} idle minutes", int(idle_after.total_seconds() // 60))
        return lazy(
            "{name} was last here {ago} ago. A crew member can be voted out after {after} (in {minutes} "
            "more).",
            name=escaped(saved.seats[seat].name),
            ago=ago,
            after=after,
            minutes=minutes,
        )
    if voter in standing_votes(saved, target, seen) and not carried(saved, target, now, idle_after, seen):
        # a vote repeated once it carries (the others went idle since) completes it instead
        return lazy("You already voted; the rest of the crew must agree too.")
    return None


def standing_votes(saved: DineSaved, target: int, seen: Seen) -> tuple[int, ...]:
    """The votes against `target` that still stand: none once they looked at the game after the first
    of them was cast (a vote from before they came back would count against them later)."""
    since, looked = saved.votes_since.get(target), seen.get(target)
    if since is not None and looked is not None and looked > since:
        return ()
    return saved.votes.get(target, ())


def votes_needed(saved: DineSaved, target: int, now: datetime, idle_after: timedelta, seen: Seen) -> set[int]:
    """Everyone still seated and not idle themselves (`idle_for`), except the target, must agree: two
    idle members can both be voted out by the one who is still playing, but one who is there, if only
    waiting, has a say."""
    return {
        held.user
        for seat, held in enumerate(saved.seats)
        if held.user is not None and held.user != target and idle_for(saved, seat, now, seen) < idle_after
    }


def carried(saved: DineSaved, target: int, now: datetime, idle_after: timedelta, seen: Seen) -> bool:
    """Whether the standing votes against the seated `target` now have every vote needed. A vote from
    a member no longer seated does not count (nobody there agreed), so a vote that carries always has
    a voter still seated besides the target: a vote-out never leaves every seat vacant."""
    if saved.seat_of(target) is None:
        return False
    voters = {voter for voter in standing_votes(saved, target, seen) if saved.seat_of(voter) is not None}
    return bool(voters) and votes_needed(saved, target, now, idle_after, seen) <= voters


class Vacancy(NamedTuple):
    """A seat left vacant: the member who left it or was voted out, and who hosts from then on (the
    same host unless they hosted: said on the board, or the new host never learns it)."""

    user: int
    host: int


def voted(
    saved: DineSaved, voter: int, target: int, now: datetime, idle_after: timedelta, seen: Seen
) -> tuple[DineSaved, tuple[Vacancy, ...]]:
    """Record the vote; when it carries, the target's seat becomes vacant, and so does any other whose
    vote now carries (`carried_out`). Returns (saved, the seats vacated: the target's first, or none
    while the vote waits). Votes cast before the target last looked at the game lapse, as a move of
    theirs would clear them."""
    standing = standing_votes(saved, target, seen)
    since = saved.votes_since.get(target)
    voters = standing if voter in standing else (*standing, voter)  # a repeated vote counts once
    started = since if standing and since is not None else now  # votes kept before it had no time
    votes, since_now = {**saved.votes, target: voters}, {**saved.votes_since, target: started}
    saved = saved.model_copy(update={"votes": votes, "votes_since": since_now})
    if not carried(saved, target, now, idle_after, seen):
        return saved, ()
    saved, first = ousted(saved, target)
    saved, more = carried_out(saved, now, idle_after, seen)
    return saved, (first, *more)


def ousted(saved: DineSaved, target: int) -> tuple[DineSaved, Vacancy]:
    """`target` voted out: their seat vacant, remembered so that they are told why when they click."""
    out = vacated(saved, target)
    out = out.model_copy(update={"voted_out": (*saved.voted_out, target)})
    return out, Vacancy(target, out.table.captain)


def carried_out(
    saved: DineSaved, now: datetime, idle_after: timedelta, seen: Seen
) -> tuple[DineSaved, tuple[Vacancy, ...]]:
    """Every standing vote that carries once a seat became vacant, completed in turn: the member who
    left may have been the last vote a vote-out waited for, and nothing else would ever complete it
    (its voters are told they already voted). Each completion may let another carry; `carried` keeps
    a voter seated, so the cascade never empties every seat."""
    outs: list[Vacancy] = []
    while (
        target := next((t for t in saved.votes if carried(saved, t, now, idle_after, seen)), None)
    ) is not None:
        saved, out = ousted(saved, target)
        outs.append(out)
    return saved, tuple(outs)


def vacated(saved: DineSaved, user: int) -> DineSaved:
    """`user`'s seat left vacant (voted out, or left): the crew plays it, votes against them lapse, and
    if they hosted, the next crew member hosts."""
    seat = saved.seat_of(user)
    assert seat is not None
    seats = list(saved.seats)
    seats[seat] = seats[seat].model_copy(update={"user": None})
    votes = {t: v for t, v in saved.votes.items() if t != user}
    since_left = {t: when for t, when in saved.votes_since.items() if t != user}
    crew = tuple(member for member in saved.table.crew if member != user)
    captain = saved.table.captain if saved.table.captain != user else crew[0]
    table = saved.table.model_copy(update={"crew": crew, "captain": captain})
    return saved.model_copy(
        update={"seats": tuple(seats), "votes": votes, "votes_since": since_left, "table": table}
    )


def leave_refusal(saved: DineSaved, user: int) -> Text | None:
    """Why `user` may not leave the started game now, or None. The last crew member seated is refused:
    with nobody left to play the vacant seats the game would be stuck, and ending it is `/dine end`'s
    step, which says it counts as a loss (a leave must not end a game by surprise)."""
    if saved.seat_of(user) is None:
        return lazy("You no longer hold a seat in this game.")
    if all(seat.user in (None, user) for seat in saved.seats):
        return lazy(
            "You are the last crew member seated: nobody would be left to play your hand. To stop, end "
            "the game with {command}.",
            command=Slash("dine end"),
        )
    return None


def left_game(
    saved: DineSaved, user: int, now: datetime, idle_after: timedelta, seen: Seen
) -> tuple[DineSaved, tuple[Vacancy, ...]]:
    """`user` left the started game: their seat is vacant, played by the crew, as after a vote-out;
    and any vote-out that waited only for them carries (`carried_out`). Returns (saved, the seats
    vacated: theirs first, then those voted out)."""
    gone = vacated(saved, user).model_copy(update={"gone": (*saved.gone, user)})
    after, outs = carried_out(gone, now, idle_after, seen)
    return after, (Vacancy(user, gone.table.captain), *outs)
