"""The `/dine` commands: open a lobby, show the board or your hand, vote out an idle member, leave or
end the game, ask for a hint, look up a card, read the rules. Idle lobbies close by themselves."""

from __future__ import annotations

import asyncio
import io
import logging
from datetime import timedelta
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands, tasks

from core.dine.cards import CardSet, card_set
from core.dine.seating import (
    DineSaved,
    Setup,
    active,
    leave_refusal,
    lobby,
    vacated,
    vote_refusal,
    voted,
    votes_needed,
)
from core.dine.state import RULES_VERSION
from core.dine.told import said, told
from core.errors import RuleError
from core.guide import topics
from core.i18n import Locale, lazy, lazy_n, t
from core.i18n.commands import Option, Slash
from core.render import dine_hint
from core.render.dine_lookup import find, suggest
from core.storage import GameRecord, VersionConflict
from core.table import table_action_json
from core.words import clip, escaped

from ..client import DeepSpaceBot
from ..ui.boards import check_board_permissions, check_channel_free, open_game, repost_board
from ..ui.controls import confirm_message
from ..ui.endings import serves
from ..ui.games import ending_note, ends_for_nobody, game_in_channel, rules_embed, saved_anyway
from ..ui.language import guild_language, reader_language, server_language, table_language
from ..ui.message import BoardMessage
from ..ui.moves import check_hints
from ..ui.replies import reply_publicly, send
from ..ui.tips import guided
from .board import COLOURS, board_message, closed_lobby, lobby_message
from .hand import hand_message
from .ids import Verb, ref
from .play import (
    RULES,
    bot_of,
    check_crew,
    check_may_end,
    commit,
    load,
    out_detail,
    seated_users,
    show_tip,
    voted_out_lines,
    who,
)

log = logging.getLogger(__name__)
Choice = app_commands.Choice
NORMAL = Choice(name="normal game (pick a difficulty)", value="normal")
MODES = [Choice(name="starter game (learn the rules; suggested for newcomers)", value="starter"), NORMAL]
HANDS = [  # R17: the rulebook lets a crew lay its hands out openly
    Choice(name="private (each member sees only their own)", value="private"),
    Choice(name="open (every hand shown on the board)", value="open"),
]
NEW_CARDS = card_set(RULES_VERSION)  # new games' cards: the options of `/dine new`
SHIPS = [Choice(name=side.name, value=side.name) for side in NEW_CARDS.ship_sides()]
LEVELS = [
    Choice(name=f"{level.name} ({level.easy} easy, {level.hard} hard sectors)", value=level.name)
    for level in NEW_CARDS.levels
]
TOPICS = [Choice(name=name, value=name) for name in topics("dine")]
SWEEP_SECONDS = 60
NAME_LENGTH = 100  # the longest card name a user may type (the longest real one is far shorter)


async def draw_board(bot: Any, record: GameRecord) -> BoardMessage:
    """The board or lobby as its channel sees it, in the server's language (a daily attempt's thread:
    its player's)."""
    saved = load(record)
    locale = await table_language(bot, saved.table, record.guild_id)
    if saved.state is None and record.status != "active":  # never a live lobby for a closed one
        why = t(locale, "This lobby is closed. Open a new one with {command}.", command=Slash("dine new"))
        return closed_lobby(saved, why, locale)
    if saved.state is None:
        return lobby_message(record.id, record.version, saved, locale)
    pictures = bot.settings.board_pictures
    return await board_message(record.id, record.version, saved, pictures=pictures, locale=locale)


@app_commands.guild_only()
class Dine(
    commands.GroupCog, group_name="dine", group_description="Deep Space Dine: deliver a pizza together."
):
    def __init__(self, bot: DeepSpaceBot) -> None:
        self.bot = bot
        bot.boards.register(RULES.kind, lambda record: draw_board(bot, record))

    async def cog_load(self) -> None:
        self.sweep.change_interval(seconds=self.bot.loop_seconds)
        self.sweep.start()

    async def cog_unload(self) -> None:
        self.sweep.cancel()

    @tasks.loop(seconds=SWEEP_SECONDS)
    async def sweep(self) -> None:
        try:
            await close_idle_lobbies(self.bot)
        except Exception:  # an unhandled error would stop the loop for good
            log.exception("closing idle lobbies failed; it tries again next time")

    @app_commands.command(
        name="new", description="Open a Deep Space Dine lobby in this channel (1 to 3 crew)."
    )
    @app_commands.describe(
        mode="Starter game (suggested for newcomers) or a normal game.",
        ship="Which ship flies (default: Spacehopper 3000).",
        difficulty="Normal game only: the level (default: Salad, the easiest).",
        guide="A short tip before each new kind of decision (default: on for your first Dine game).",
        hands="Private hands (default), or every hand open on the board, as the rulebook allows.",
    )
    @app_commands.choices(mode=MODES, ship=SHIPS, difficulty=LEVELS, hands=HANDS)
    async def new(
        self,
        interaction: discord.Interaction,
        mode: Choice[str] | None = None,
        ship: Choice[str] | None = None,
        difficulty: Choice[str] | None = None,
        guide: bool | None = None,
        hands: Choice[str] | None = None,
    ) -> None:
        reply_publicly(interaction)
        starter = mode is None or mode.value == "starter"
        if starter and difficulty is not None:
            raise RuleError(
                lazy(
                    "The starter game has no difficulty to choose; pick {option} to choose one.",
                    option=Option("mode", NORMAL.name),
                )
            )
        setup = Setup(
            starter=starter,
            ship=ship.value if ship else "Spacehopper 3000",
            level=difficulty.value if difficulty else NEW_CARDS.levels[0].name,
            open_hands=hands is not None and hands.value == "open",
        )
        await check_channel_free(interaction, RULES)
        await check_board_permissions(interaction, RULES)
        saved = lobby(interaction.user.id, interaction.user.display_name, setup, discord.utils.utcnow())
        bot = bot_of(interaction)
        host = interaction.user.id
        table = saved.table.guiding(host, await guided(bot.store, RULES.game, host, guide))
        saved = saved.model_copy(update={"table": table})
        await open_game(
            interaction, RULES, saved.model_dump_json(), RULES_VERSION, lambda r: draw_board(bot, r)
        )

    @app_commands.command(
        name="board", description="Show this channel's Dine board (or lobby) again at the bottom."
    )
    async def board(self, interaction: discord.Interaction) -> None:
        reply_publicly(interaction)
        await repost_board(interaction, RULES, lambda record: draw_board(bot_of(interaction), record))

    @app_commands.command(name="hand", description="Privately: your hand and everything you can do now.")
    async def hand(self, interaction: discord.Interaction) -> None:
        record = await game_in_channel(interaction, RULES)
        self.bot.presence.saw(record.id, interaction.user.id)
        saved = load(record)
        check_crew(saved, interaction.user.id)  # first: "not started" would tell an outsider to wait
        started(saved, interaction.user.id)
        seats = saved.seats_for(interaction.user.id)
        if not seats:
            raise RuleError(lazy("You no longer hold a seat in this game."))
        locale = await reader_language(interaction)
        message = hand_message(record.id, record.version, saved, seats[0], interaction.user.id, locale=locale)
        await send(interaction, ephemeral=True, **message.as_send())
        await show_tip(interaction, saved)

    @app_commands.command(
        name="end", description="End this channel's Dine game now (host), counted as a loss."
    )
    async def end(self, interaction: discord.Interaction) -> None:
        record = await game_in_channel(interaction, RULES)
        saved = load(record)
        await check_may_end(interaction, saved)
        locale = await reader_language(interaction)
        confirm = ref(Verb.END, record.id, record.version)
        if saved.state is None:  # a lobby: nobody has played, so nothing is lost or recorded
            text = t(
                locale,
                "Close the lobby of game #{game}? Nothing has been played, so nothing is recorded. To keep "
                "it open, dismiss this message.",
                game=record.id,
            )
            await send(
                interaction, ephemeral=True, **confirm_message(text, confirm, t(locale, "Close the lobby"))
            )
            return
        if await ends_for_nobody(self.bot.store, record, seated_users(saved), interaction.user.id):
            text = t(
                locale,
                "End game #{game}? It stops now; nobody has made a move, so it counts for nobody. To play "
                "on, dismiss this message.",
                game=record.id,
            )
        else:
            text = t(
                locale,
                "End game #{game}? It stops now and counts as a loss. To play on, dismiss this message.",
                game=record.id,
            ) + ending_note(saved.table, locale)
        await send(interaction, ephemeral=True, **confirm_message(text, confirm, t(locale, "End the game")))

    @app_commands.command(
        name="vote-out", description="Vote an idle crew member out; the crew plays their hand."
    )
    @app_commands.describe(member="The crew member who has been idle for long.")
    async def vote_out(self, interaction: discord.Interaction, member: discord.User) -> None:
        """`member` is a `User`: Discord sends one who left the server as a plain user, and only
        their id matters here (someone gone is exactly who may need voting out)."""
        bot = bot_of(interaction)
        record = await game_in_channel(interaction, RULES)
        bot.presence.saw(record.id, interaction.user.id)  # a vote, even refused, shows the voter is here
        async with bot.game_locks(record.id):
            record = await game_in_channel(interaction, RULES)
            saved = started(load(record), interaction.user.id)
            idle = timedelta(minutes=bot.settings.dine_idle_minutes)
            now = discord.utils.utcnow()
            seen = bot.presence.of(record.id, seated_users(saved))
            refusal = vote_refusal(saved, interaction.user.id, member.id, now, idle, seen)
            if refusal is not None:
                raise RuleError(refusal)
            voter_seat = saved.seat_of(interaction.user.id)
            assert voter_seat is not None  # vote_refusal checked it
            saved = active(saved, voter_seat, now)  # voting is taking part too
            before = saved
            saved, outs = voted(saved, interaction.user.id, member.id, now, idle, seen)
            if outs:
                lines = voted_out_lines(before, outs, before.table.captain)
            else:
                needed = votes_needed(saved, member.id, now, idle, seen)
                missing = needed - set(saved.votes.get(member.id, ()))
                lines = [
                    told(
                        lazy(
                            "**{voter}** votes to vote out **{name}** (waiting for {count} more).",
                            voter=who(interaction),
                            name=escaped(member.display_name),
                            count=len(missing),
                        )
                    )
                ]
            saved = saved.model_copy(update={"table": saved.table.with_news([*saved.table.recent, *lines])})
            action = table_action_json("vote", user=member.id, out=bool(outs), **out_detail(outs[1:]))
            record = await commit(interaction, record, saved, action)
        bot.boards.request(record.id)
        async with saved_anyway("Your vote was saved, but Discord did not show it; the board shows it soon."):
            server = await server_language(interaction)
            await send(interaction, "\n".join(said(line, server) for line in lines), ephemeral=False)

    @app_commands.command(
        name="leave", description="Leave this channel's Dine game for good; the crew plays your hand."
    )
    async def leave(self, interaction: discord.Interaction) -> None:
        """Asks first, as `/dine end` does: a seat left cannot be taken back."""
        record = await game_in_channel(interaction, RULES)
        saved = load(record)
        check_crew(saved, interaction.user.id)
        if saved.state is None:
            raise RuleError(lazy("The game has not started yet: to leave the lobby, press **Leave** on it."))
        if (refusal := leave_refusal(saved, interaction.user.id)) is not None:
            raise RuleError(refusal)
        locale = await reader_language(interaction)
        text = t(
            locale,
            "Leave game #{game}? Your seat stays in the game, vacant: the crew plays your hand together, you "
            "cannot come back, and the game's result will not count for you. To stay, dismiss this message.",
            game=record.id,
        )
        if saved.table.captain == interaction.user.id:
            successor = vacated(saved, interaction.user.id).table.captain
            seat = saved.seat_of(successor)
            assert seat is not None
            name = escaped(saved.seats[seat].name)
            text += " " + t(locale, "**{name}** becomes the host.", name=name)
        confirm = ref(Verb.QUIT, record.id, record.version)
        await send(interaction, ephemeral=True, **confirm_message(text, confirm, t(locale, "Leave the game")))

    @app_commands.command(name="hint", description="Privately: what would the bot's own crew do now?")
    async def hint(self, interaction: discord.Interaction) -> None:
        record = await game_in_channel(interaction, RULES)
        self.bot.presence.saw(record.id, interaction.user.id)
        saved = load(record)
        check_crew(saved, interaction.user.id)
        started(saved, interaction.user.id)
        check_hints(RULES, saved.table)
        locale = await reader_language(interaction)
        text = await thought_hint(saved, interaction.user.id, bot_of(interaction).hint_seconds, locale)
        await send(interaction, text, ephemeral=True)

    @app_commands.command(name="card", description="Show a Deep Space Dine card, both sides.")
    @app_commands.describe(name="The card's name (either side).")
    async def card(
        self, interaction: discord.Interaction, name: app_commands.Range[str, 1, NAME_LENGTH]
    ) -> None:
        cards = await cards_here(interaction)
        locale = await reader_language(interaction)
        entry = find(cards, name, locale)
        if entry is None:
            typed = escaped(clip(name, NAME_LENGTH))
            # a blank or a single letter "matches" any card: no list then, only how to find one
            close = ", ".join(suggest(cards, name, 5, locale)) if len(name.strip()) >= 2 else ""
            if not close:
                raise RuleError(
                    lazy(
                        "I know no card called “{name}”. Type a few letters of a card's name and pick it "
                        "from the list Discord shows.",
                        name=typed,
                    )
                )
            raise RuleError(
                lazy("I know no card called “{name}”. Close matches: {close}.", name=typed, close=close)
            )
        embed = discord.Embed(title=entry.title, description=f"*{entry.kind}*", colour=COLOURS["lobby"])
        for title, text in entry.sides:
            embed.add_field(name=title, value=clip(text, 1024), inline=False)
        files = []
        picture = entry.draw()
        if picture is not None:
            embed.set_image(url="attachment://card.png")
            text = " / ".join(said for _, said in entry.sides)
            files.append(discord.File(io.BytesIO(picture), filename="card.png", description=clip(text, 1024)))
        await send(interaction, embed=embed, files=files, ephemeral=True)

    @card.autocomplete("name")
    async def card_names(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        locale = await reader_language(interaction)
        found = suggest(await cards_here(interaction), current, locale=locale)
        return [Choice(name=name, value=name) for name in found]

    @app_commands.command(name="rules", description="The rules of Deep Space Dine, in short sections.")
    @app_commands.describe(topic="Which part of the rules (default: the goal, and the list of topics).")
    @app_commands.choices(topic=TOPICS)
    async def rules(self, interaction: discord.Interaction, topic: Choice[str] | None = None) -> None:
        locale = await reader_language(interaction)
        embed = rules_embed(RULES, topic.value if topic is not None else None, COLOURS["lobby"], locale)
        await send(interaction, embed=embed, ephemeral=True)


async def cards_here(interaction: discord.Interaction) -> CardSet:
    """The cards of the Dine game in this channel (its rules version's), else those new games use."""
    record = await bot_of(interaction).store.active_game(interaction.channel_id or 0)
    if record is not None and record.kind == RULES.kind and RULES.game.plays(record.rules_version):
        return card_set(record.rules_version)
    return NEW_CARDS


def started(saved: DineSaved, user: int | None = None) -> DineSaved:
    """`saved`, refused while it is still a lobby: the host (`user`) is told to press **Start**, not
    that the host presses it."""
    if saved.state is None:
        if user is not None and user == saved.table.captain:
            raise RuleError(
                lazy("The game has not started yet: press **Start** on the lobby when everyone is in.")
            )
        raise RuleError(lazy("The game has not started yet: the host presses **Start** on the lobby."))
    return saved


def hint_text(saved: DineSaved, user: int, *, expert: bool = False, locale: Locale = "en") -> str:
    """The hint for `user`: their seats' best move, described for them alone (by the expert crew's
    choice with `expert`, else the heuristic crew's), in their `locale`."""
    assert saved.state is not None
    return dine_hint.hint_text(
        saved.state,
        saved.seats_for(user),
        saved.deciders(locale),
        expert=expert,
        private=not saved.setup.open_hands,
        locale=locale,
    )


async def thought_hint(saved: DineSaved, user: int, seconds: float, locale: Locale = "en") -> str:
    """The expert crew's hint if it answers within `seconds` (thinking in a thread, off the event
    loop), else the heuristic crew's; the hint says which. A thread that runs late is left to finish
    on its own (a thread cannot be stopped); its answer is dropped."""
    try:
        thought = asyncio.to_thread(hint_text, saved, user, expert=True, locale=locale)
        return await asyncio.wait_for(thought, seconds)
    except TimeoutError:
        log.info("the expert hint took over %.1f s; the heuristic answers", seconds)
    except Exception:
        log.exception("the expert hint failed; the heuristic answers")
    return hint_text(saved, user, locale=locale)


async def close_idle_lobbies(bot: Any) -> int:
    """Close every lobby untouched for `dine_lobby_minutes` in the servers this process serves (its
    locks guard only its own clicks); returns how many were closed."""
    idle = timedelta(minutes=bot.settings.dine_lobby_minutes)
    now = discord.utils.utcnow()
    closed = 0
    for record in await bot.store.active_games(RULES.kind):
        saved = load(record)
        if saved.state is not None or saved.touched is None or now - saved.touched < idle:
            continue
        if record.guild_id is not None and not serves(bot, record.guild_id):
            continue
        async with bot.game_locks(record.id):
            fresh = await bot.store.get_game(record.id)
            if fresh is None or fresh.version != record.version or fresh.status != "active":
                continue
            idle_for = lazy_n("{count} minute", "{count} minutes", bot.settings.dine_lobby_minutes)
            why = told(lazy("Nobody started this lobby for {time}, so it closed.", time=idle_for))
            saved = saved.model_copy(update={"table": saved.table.with_news([*saved.table.recent, why])})
            try:
                record = await bot.store.save(
                    record.id,
                    expected_version=record.version,
                    user_id=saved.table.captain,
                    action_json=table_action_json("close"),
                    state_json=saved.model_dump_json(),
                    status="abandoned",
                )
            except VersionConflict:  # someone joined a moment ago: the lobby is not idle any more
                continue
        locale = await guild_language(bot, record.guild_id)
        closing = t(locale, "Open a new one with {command}.", command=Slash("dine new"))
        await bot.boards.show(record, closed_lobby(saved, f"{said(why, locale)} {closing}", locale))
        closed += 1
    return closed
