"""`/daily`: today's challenge in either game, one ranked attempt each, and the opt-in daily post.

The day's challenge is stored the first time anyone asks for it (seed, set-up, rules version). A
ranked attempt is recorded in the same transaction that creates its game, so abandoning it or a
restart never grants another; later plays that day are unranked practice. A ranked attempt is only
ever played in a private thread made for the player: everyone gets the same deal and the same luck
for the same choices, so an attempt others can watch could be copied. Where no such thread can be
made (the bot lacks Create Private Threads or Send Messages in Threads there, or the command was
used inside a thread or another kind of channel), the attempt is refused, nothing is recorded, and
the player is told which permission is missing. Practice plays the same deal, so it is private too.
A finished ranked attempt may be shared in public without spoilers (`/daily share`, `ui.share`).
"""

from __future__ import annotations

from ..client import DeepSpaceBot
from ..ui.share import FAMILY as SHARE_CONTROLS
from .commands import Daily
from .give_up import FAMILY as GIVE_UP_CONTROLS


async def setup(bot: DeepSpaceBot) -> None:
    bot.add_dynamic_items(*SHARE_CONTROLS.items(), *GIVE_UP_CONTROLS.items())
    await bot.add_cog(Daily(bot))
