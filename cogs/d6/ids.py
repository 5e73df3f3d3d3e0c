"""The compact, versioned custom ids of D-6 board controls: `ds:d6:<verb>:<game>:<version>:<arg>`.

The version is the game's version when the board was drawn, so a click on an out-of-date board is
recognised; `arg` is a die index or an action code (`core.d6.codes`). Ids stay far below Discord's
100 characters.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

PREFIX = "ds:d6"
_REST = r":(?P<game>[0-9]{1,19}):(?P<version>[0-9]{1,9}):(?P<arg>[0-9a-z.+]{0,60})"
BUTTON_TEMPLATE = rf"{PREFIX}:(?P<verb>[a-ln-z]){_REST}"  # every verb but the menu's
MENU_TEMPLATE = rf"{PREFIX}:(?P<verb>m){_REST}"


class Verb(StrEnum):
    ACT = "a"  # apply the action coded in arg
    MENU = "m"  # a select menu of actions; arg tells menus apart
    PICK = "p"  # show the uses of die arg
    JOIN = "j"  # join the crew
    HINT = "h"  # the heuristic player's suggestion, privately
    ABANDON = "x"  # confirm abandoning the game


@dataclass(frozen=True, slots=True)
class Ref:
    verb: Verb
    game: int
    version: int
    arg: str = ""

    @property
    def custom_id(self) -> str:
        return f"{PREFIX}:{self.verb}:{self.game}:{self.version}:{self.arg}"

    @classmethod
    def parse(cls, match: re.Match[str]) -> Ref | None:
        """None for a verb this version does not know (the click is answered, not dropped)."""
        try:
            verb = Verb(match["verb"])
        except ValueError:
            return None
        return cls(verb, int(match["game"]), int(match["version"]), match["arg"])
