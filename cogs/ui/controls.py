"""Persistent buttons and menus shared by every game: compact versioned custom ids and their items.

A custom id is `ds:<kind>:<verb>:<game>:<version>:<arg>`: the game's stored kind, a one-letter verb,
the game id, the game's version when the control was drawn (so a click on an out-of-date message is
recognised) and a short argument. Each game makes one `Family`, whose `DynamicItem` classes are
registered at start-up, so controls keep working after a restart; what a click does is looked up in
the family's `handlers`, keeping these classes free of game logic. Ids stay far below Discord's 100.
A click that no item matches (a verb, kind or layout from another version of the bot) is answered by
the bot itself with `outdated_answer` (see `claimed`), never dropped.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord

from core.errors import RuleError
from core.i18n import Locale, Text, lazy, mark, t
from core.i18n.commands import Slash

from .errors import GuardedItem

_REST = r":(?P<game>[0-9]{1,19}):(?P<version>[0-9]{1,9}):(?P<arg>[0-9a-z.+\-]{0,60})"
OUTDATED = mark("That control is from an older version of the bot. Use {command} to get a fresh board.")
UNKNOWN_CONTROL = mark(
    "That control is from another version of the bot (or no longer in use), so nothing was done. "
    "Use {d6} or {dine} to get a fresh board."
)


@dataclass(frozen=True, slots=True)
class Ref:
    kind: str
    verb: str
    game: int
    version: int
    arg: str = ""

    @property
    def custom_id(self) -> str:
        return f"ds:{self.kind}:{self.verb}:{self.game}:{self.version}:{self.arg}"


Handler = Callable[[discord.Interaction, Ref, str], Awaitable[None]]


class Family:
    """One game's controls: `button_template` and `menu_template` (menus have verbs of their own).

    `outdated` is what a click on one of its controls from another version of the bot is told (a
    marked message, said in the reader's language); its `{command}` is `outdated_command` (by default
    `<kind> board`), as the reader's client names it.
    """

    def __init__(
        self, kind: str, *, verbs: str, menu_verbs: str, outdated: str = OUTDATED, outdated_command: str = ""
    ) -> None:
        self.kind = kind
        self.verbs, self.menu_verbs = set(verbs), set(menu_verbs)
        self.outdated = outdated
        self.outdated_command = outdated_command or f"{kind} board"
        self.handlers: dict[str, Handler] = {}
        buttons, menus = "".join(sorted(self.verbs - self.menu_verbs)), "".join(sorted(self.menu_verbs))
        self.button_template = rf"ds:{kind}:(?P<verb>[{buttons}]){_REST}"
        # A family of buttons only has a menu template that matches nothing.
        self.menu_template = rf"ds:{kind}:(?P<verb>{f'[{menus}]' if menus else '(?!)'}){_REST}"
        self.Button, self.Menu = _item_classes(self)
        FAMILIES[kind] = self

    def outdated_text(self) -> Text:
        return lazy(self.outdated, command=Slash(self.outdated_command))

    def ref(self, verb: str, game: int, version: int, arg: str = "") -> Ref:
        return Ref(self.kind, verb, game, version, arg)

    def parse(self, match: re.Match[str]) -> Ref | None:
        """None for a verb the family does not know (defensive: its templates let known verbs only)."""
        verb = match["verb"]
        if verb not in self.verbs:
            return None
        return Ref(self.kind, verb, int(match["game"]), int(match["version"]), match["arg"])

    async def dispatch(self, interaction: discord.Interaction, ref: Ref | None, value: str) -> None:
        handler = self.handlers.get(ref.verb) if ref is not None else None
        if ref is None or handler is None:
            raise RuleError(self.outdated_text())
        await handler(interaction, ref, value)

    def items(self) -> tuple[type[discord.ui.DynamicItem], ...]:
        return (self.Button, self.Menu) if self.menu_verbs else (self.Button,)


FAMILIES: dict[str, Family] = {}  # kind → its family, for answering clicks no item matched


def outdated_answer(custom_id: str, locale: Locale = "en") -> str:
    """What a click on a control no item of this version matches is told: its game's own words when
    the id names a game we know (an old verb or layout), else the general ones."""
    prefix, _, rest = custom_id.partition(":")
    family = FAMILIES.get(rest.partition(":")[0]) if prefix == "ds" else None
    if family is not None:
        return family.outdated_text().say(locale)
    return t(locale, UNKNOWN_CONTROL, d6=Slash("d6 board"), dine=Slash("dine board"))


def claimed(client: discord.Client, interaction: discord.Interaction) -> bool:
    """Whether discord.py's view store runs an item for this component click.

    The store drops a click that no view item or `DynamicItem` template matches without a word, and
    has no public way to ask; this mirrors `ViewStore.dispatch_view` (discord.py 2.7). Ask it when
    the click arrives (the store has just dispatched it), before a view could stop and unregister.
    """
    store = client._connection._view_store
    data: Any = interaction.data or {}
    custom_id, kind = str(data.get("custom_id", "")), data.get("component_type")
    if any(pattern.fullmatch(custom_id) for pattern in store._dynamic_items):
        return True
    message = interaction.message.id if interaction.message is not None else None
    return any((kind, custom_id) in store._views.get(key, {}) for key in (message, None))


def _item_classes(family: Family) -> tuple[type, type]:
    class Button(GuardedItem, discord.ui.DynamicItem[discord.ui.Button], template=family.button_template):
        def __init__(
            self,
            ref: Ref | None,
            *,
            label: str = "",
            style: discord.ButtonStyle = discord.ButtonStyle.secondary,
            disabled: bool = False,
            row: int | None = None,
            custom_id: str = "",
            emoji: str | None = None,
        ) -> None:
            button = discord.ui.Button(
                label=label or None,
                style=style,
                disabled=disabled,
                custom_id=ref.custom_id if ref is not None else custom_id,
                emoji=emoji,
            )
            super().__init__(button, row=row)
            self.ref = ref

        @classmethod
        async def from_custom_id(
            cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
        ) -> Button:
            return cls(family.parse(match), custom_id=match.string)

        async def on_click(self, interaction: discord.Interaction) -> None:
            await family.dispatch(interaction, self.ref, self.ref.arg if self.ref is not None else "")

    class Menu(GuardedItem, discord.ui.DynamicItem[discord.ui.Select], template=family.menu_template):
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
            cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
        ) -> Menu:
            return cls(family.parse(match), custom_id=match.string)

        async def on_click(self, interaction: discord.Interaction) -> None:
            values = self.item.values
            await family.dispatch(interaction, self.ref, values[0] if values else "")

    Button.__name__ = Button.__qualname__ = f"{family.kind.title()}Button"
    Menu.__name__ = Menu.__qualname__ = f"{family.kind.title()}Menu"
    return Button, Menu


def confirm_message(text: str, ref: Ref, label: str) -> dict[str, Any]:
    """A private "are you sure?" message: `text` and one danger button that sends `ref` to its game's
    handler (e.g. `/d6 abandon`, `/dine end`); dismissing the message is the way to say no."""
    view = discord.ui.View(timeout=None)
    view.add_item(FAMILIES[ref.kind].Button(ref, label=label, style=discord.ButtonStyle.danger))
    return {"content": text, "view": view}
