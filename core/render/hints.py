"""A hint as both games show it: the suggested move, why, and the close second where there is one.

The move's label and its reason are kept apart, so the Discord reply, the terminal line and the hint
checker (`tests/test_hint_checker.py`) each read the part they need.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.policies import Choice


@dataclass(frozen=True, slots=True)
class Hint:
    """The suggested move (`action`, its label `move`) and why; `second` is the runner-up, when it was
    close, with its own label and reason."""

    action: Any
    move: str
    why: str
    second: Any = None
    second_move: str = ""
    second_why: str = ""

    @property
    def close_second(self) -> str:
        """ "Close second: <move>. <why>", or "" when the pick was clear."""
        return f"{self.second_move}. {self.second_why}" if self.second_move else ""

    def choice(self) -> Choice:
        """The hint as a player's `Choice`, the runner-up folded into its reason (the terminal's line)."""
        second = f" Close second: {self.close_second}" if self.second_move else ""
        return Choice(self.action, self.why + second)

    def lines(self, lead: str = "**Suggestion:**") -> list[str]:
        """The Discord reply's lines: suggestion, why, and the close second if any."""
        found = [f"{lead} {self.move}", f"*Why:* {self.why}"]
        if self.second_move:
            found.append(f"*Close second:* {self.close_second}")
        return found
