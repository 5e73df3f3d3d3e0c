"""The verbs of Dine controls; ids are `ds:dine:<verb>:<game>:<version>:<arg>` (`cogs.ui.controls`).

Hand views put the seat first in `arg` (`<seat>.<…>`), the board `b`. An action is named by its code
(`core.dine.codes`): an action button's arg is `<seat>.<code>`; a menu option's value is
`a.<code>` (take it) or `g.<group>` (show the ways to pay for that move). Ids and values of the old
index form (`b.3`, `0.12`, `a3`, `g2`) decode to nothing and are answered as outdated.
"""

from __future__ import annotations

from enum import StrEnum

from ..ui.controls import Family


class Verb(StrEnum):
    HAND = "h"  # open (from the board) or refresh (in a hand view) seat arg's hand
    ACT = "a"  # take action `<seat>.<code>`; the board's own decisions use seat "b"
    MENU = "m"  # a menu of moves or payments; the value says which
    JOIN = "j"  # lobby: join
    LEAVE = "l"  # lobby: leave
    START = "s"  # lobby: start the game (host)
    KICK = "k"  # lobby: the host removes the member picked in this menu
    END = "x"  # confirm ending the game (host)
    QUIT = "o"  # confirm leaving a started game (the clicker's seat becomes vacant)


BOARD = "b"  # the seat part of the board's own controls
TAKE, PAY = "a.", "g."  # a menu value's prefix: take the action it codes, or show a move's payments
FAMILY = Family(
    "dine",
    verbs="".join(Verb),
    menu_verbs=Verb.MENU + Verb.KICK,
)
ref = FAMILY.ref
