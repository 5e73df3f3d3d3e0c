"""A drawn board (or hand) message: its fields, as an edit of the message or as a new message."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord
from discord.utils import MISSING


@dataclass(frozen=True)
class BoardMessage:
    """The fields of a drawn message. `files` and `content` left MISSING are left out of an edit,
    which then keeps what the message has (its uploaded picture, its text)."""

    embed: discord.Embed | None = None
    view: discord.ui.View | None = None
    files: Sequence[discord.File] = MISSING
    content: str | None = MISSING

    def as_edit(self) -> dict[str, Any]:
        """The fields of an edit of the message: its files replace the message's attachments."""
        fields: dict[str, Any] = {"embed": self.embed, "view": self.view}
        if self.files is not MISSING:
            fields["attachments"] = self._rewound()
        if self.content is not MISSING:
            fields["content"] = self.content
        return fields

    def as_send(self) -> dict[str, Any]:
        """The fields of a new message: its files (if any), and no empty view."""
        fields: dict[str, Any] = {"embed": self.embed}
        if self.view is not None:
            fields["view"] = self.view
        fields["files"] = [] if self.files is MISSING else self._rewound()
        return fields

    def _rewound(self) -> list[discord.File]:
        """Its files, each from its start: one drawn message may be sent twice (an edit Discord
        refused, then the board posted anew), and a picture read to its end uploads nothing."""
        for file in self.files:
            file.reset()
        return list(self.files)
