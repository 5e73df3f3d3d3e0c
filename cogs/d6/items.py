"""The persistent buttons and menus of D-6 boards (the shared `cogs.ui.controls.Family` classes).

What a click does is looked up in `HANDLERS` (filled by `cogs.d6.play`).
"""

from __future__ import annotations

from .ids import FAMILY

BoardButton, BoardMenu = FAMILY.Button, FAMILY.Menu
HANDLERS = FAMILY.handlers
