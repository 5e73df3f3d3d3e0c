"""The verbs of Dine controls; ids are `ds:dine:<verb>:<game>:<version>:<arg>` (`cogs.ui.controls`).

Hand views put the seat first in `arg` (`<seat>.<n>`); an action is named by its index in
`legal_actions` of the version the control was drawn at (`core.render.dine_controls`).
"""

from __future__ import annotations

from enum import StrEnum

from ..ui.controls import Family


class Verb(StrEnum):
    HAND = "h"  # open (from the board) or refresh (in a hand view) seat arg's hand
    ACT = "a"  # take action `<seat>.<index>`; the board's own decisions use seat "b"
    MENU = "m"  # a menu of moves or payments; the value says which
    JOIN = "j"  # lobby: join
    LEAVE = "l"  # lobby: leave
    START = "s"  # lobby: start the game (host)
    KICK = "k"  # lobby: the host removes the member picked in this menu
    END = "x"  # confirm ending the game (host)


FAMILY = Family(
    "dine",
    verbs="".join(Verb),
    menu_verbs=Verb.MENU + Verb.KICK,
    outdated="That control is from an older version of the bot. Use `/dine board` to get a fresh board.",
)
ref = FAMILY.ref
