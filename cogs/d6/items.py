"""The persistent buttons and menus of D-6 boards.

They are `DynamicItem`s registered at start-up, so a board keeps working after a restart: the
custom id carries everything needed (`ids.Ref`), the stored game the rest. What a click does is
looked up in `HANDLERS` (filled by `cogs.d6.play`), keeping this module free of game logic.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable

import discord

from core.errors import RuleError

from ..ui.errors import GuardedItem
from .ids import BUTTON_TEMPLATE, MENU_TEMPLATE, Ref, Verb

Handler = Callable[[discord.Interaction, Ref, str], Awaitable[None]]
HANDLERS: dict[Verb, Handler] = {}
OUTDATED = "That control is from an older version of the bot. Use `/d6 board` to get a fresh board."


async def _dispatch(interaction: discord.Interaction, ref: Ref | None, value: str) -> None:
    handler = HANDLERS.get(ref.verb) if ref is not None else None
    if ref is None or handler is None:
        raise RuleError(OUTDATED)
    await handler(interaction, ref, value)


class BoardButton(GuardedItem, discord.ui.DynamicItem[discord.ui.Button], template=BUTTON_TEMPLATE):
    def __init__(
        self,
        ref: Ref | None,
        *,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
        row: int | None = None,
        custom_id: str = "",
    ) -> None:
        button = discord.ui.Button(
            label=label or None,
            style=style,
            disabled=disabled,
            custom_id=ref.custom_id if ref is not None else custom_id,
        )
        super().__init__(button, row=row)
        self.ref = ref

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> BoardButton:
        return cls(Ref.parse(match), custom_id=match.string)

    async def on_click(self, interaction: discord.Interaction) -> None:
        await _dispatch(interaction, self.ref, self.ref.arg if self.ref is not None else "")


class BoardMenu(GuardedItem, discord.ui.DynamicItem[discord.ui.Select], template=MENU_TEMPLATE):
    def __init__(
        self,
        ref: Ref | None,
        *,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
        row: int | None = None,
        custom_id: str = "",
    ) -> None:
        menu: discord.ui.Select = discord.ui.Select(
            options=options or [],
            placeholder=placeholder,
            custom_id=ref.custom_id if ref is not None else custom_id,
        )
        super().__init__(menu, row=row)
        self.ref = ref

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str], /
    ) -> BoardMenu:
        return cls(Ref.parse(match), custom_id=match.string)

    async def on_click(self, interaction: discord.Interaction) -> None:
        values = self.item.values
        await _dispatch(interaction, self.ref, values[0] if values else "")
