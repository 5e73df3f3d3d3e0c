"""The verbs of D-6 board controls; ids are `ds:d6:<verb>:<game>:<version>:<arg>` (`cogs.ui.controls`).

`arg` is a die index or an action code (`core.d6.codes`).
"""

from __future__ import annotations

from enum import StrEnum

from ..ui.controls import Family


class Verb(StrEnum):
    ACT = "a"  # apply the action coded in arg
    MENU = "m"  # a select menu of actions; arg tells menus apart
    PICK = "p"  # show the uses of die arg
    JOIN = "j"  # join the crew
    HINT = "h"  # the heuristic player's suggestion, privately
    ABANDON = "x"  # confirm abandoning the game


FAMILY = Family(
    "d6",
    verbs="".join(Verb),
    menu_verbs=Verb.MENU,
)
BUTTON_TEMPLATE, MENU_TEMPLATE = FAMILY.button_template, FAMILY.menu_template
ref = FAMILY.ref
