"""A crew member's private hand view: their cards in full and a control for every move legal for them.

Always built from the stored state at one version; it is sent as an ephemeral message (only the
presser sees it) and edited in place after each of their moves. A move with several ways to pay
shows a second menu with the payments (up to 100) and a Back button.
"""

from __future__ import annotations

from collections.abc import Callable

import discord

from core.dine.cards import CardSet
from core.dine.engine import card_drive, hand_size
from core.dine.seating import DineSaved
from core.dine.symbols import side
from core.i18n import Locale, mark, t
from core.i18n.commands import Slash
from core.render.dine_controls import Move, moves, unavailable_text
from core.render.dine_names import card_name, station_kind
from core.render.dine_text import action_text, gives_text, occupied_text, occupy_left_out, row_text
from core.words import clip

from ..ui.controls import Ref
from ..ui.message import BoardMessage
from ..ui.text import DESCRIPTION_LIMIT, EMBED_LIMIT, FIELD_LIMIT
from .board import COLOURS, add_moves, prompt, vacant_label
from .ids import FAMILY, TAKE, Verb, ref

Button, Menu = FAMILY.Button, FAMILY.Menu
PAYMENT_MENUS = 4
NOT_NOW_LIMIT = 1500  # of the description's 4,096 characters, with room for a move's lines and the prompt
CARD_FIELDS = 23  # of an embed's 25 fields, with room for the occupied station
SHORTENED = mark("Some card details are left out to fit Discord's limit; {command} shows a card whole.")


def card_field(
    cards: CardSet, card_id: str, upgraded: list[str], locale: Locale = "en", brief: int = 0
) -> tuple[str, str]:
    """A hand card as an embed field: every part a player needs to decide; `brief` leaves out the
    parts least needed, when a long hand would not fit Discord's limit (1: the occupied effect, only
    for choosing a station; 2: the rotated effect too, which the moves offered below say)."""
    face = side(cards, card_id, upgraded)
    name = t(
        locale,
        "{card} · level {level} {station}",
        card=card_name(locale, cards, card_id, upgraded),
        level=face.level,
        station=station_kind(locale, cards.station(card_id).station),
    )
    if card_id in upgraded:
        name += t(locale, " (upgraded)")
    # Upright, the printed drive counts in the row like any drive symbol: one total, as the menus say.
    # A cost asking for "a hand card with N drive" counts every drive symbol on it (ruling E9).
    drive = card_drive(cards, card_id, upgraded)
    costs = (
        t(locale, " · counts as {count} drive where a cost asks for a card with drive", count=drive)
        if drive
        else ""
    )
    lines = [
        t(locale, "In a row: {symbols}", symbols=gives_text(face, False, locale)) + costs,
        *(f"▸ {action_text(action, locale, in_hand=True)}" for action in face.actions),
        t(locale, "Rotated: {symbols}", symbols=row_text(face.rotated, locale)),
        t(locale, "Occupied: {what}", what=occupied_text(face.occupied, locale)),
    ]
    return clip(name, 256), clip("\n".join(lines[: len(lines) - brief]), FIELD_LIMIT)


def card_fields(
    cards: CardSet, hand: list[str], upgraded: list[str], room: int, locale: Locale = "en"
) -> tuple[list[tuple[str, str]], bool]:
    """The hand's cards as fields within `room` characters in all (Discord rejects an embed over
    6,000), and whether any was shortened: whole if they fit, else without the parts least needed
    (`card_field`'s `brief`), else each cut to an even share. Every card keeps its field, and the
    controls below offer every move whatever is cut."""
    fields: list[tuple[str, str]] = []
    for brief in range(3):
        fields = [card_field(cards, card, upgraded, locale, brief) for card in hand]
        if sum(len(name) + len(value) for name, value in fields) <= room:
            return fields, brief > 0
    share = (room - sum(len(name) for name, _ in fields)) // max(1, len(fields))
    return [(name, clip(value, max(1, share))) for name, value in fields], True


def hand_embed(
    game_id: int, version: int, saved: DineSaved, seat: int, note: str, locale: Locale = "en"
) -> discord.Embed:
    state = saved.state
    assert state is not None
    hand = state.hands[seat]
    own = saved.seats[seat].user is not None  # a vacant seat the reader plays for is named, not "you"
    title = (
        t(locale, "Your hand")  # the game's lines name each crew member
        if own
        else t(
            locale,
            "Seat {number} · {name}",
            number=seat + 1,
            name=vacant_label(saved.seats[seat].name, locale),
        )
    )
    text = [note] if note else []
    named = saved.names_in_text()
    if not (note and state.outcome != "playing"):  # the move that ended it has told the end already
        you = seat if own else None
        text.append(prompt(state, locale, saved.deciders(locale), in_hand=True, you=you, vacant=saved.vacant))
    if left_out := occupy_left_out(state, seat, locale, named):
        text.append(left_out)  # the occupy menu below leaves these cards out: say why
    if not_now := unavailable_text(state, seat, locale):
        text.append(clip(not_now, NOT_NOW_LIMIT))  # the menus below leave these out: say why
    count = t(  # no plural to pick: "1 of 4 card" read wrong, and the size is what the noun counts
        locale,
        "Cards in hand: {count} of {size}. Nobody else sees this message.",
        count=len(hand),
        size=hand_size(state, seat),
    )
    text.append(count)
    embed = discord.Embed(title=title, colour=COLOURS[state.outcome])
    held = state.stations[seat]
    if held is not None:
        face = side(state.cards, held, state.upgraded)
        embed.add_field(
            name=clip(
                t(
                    locale,
                    "Occupied station: {card}",
                    card=card_name(locale, state.cards, held, state.upgraded),
                ),
                256,
            ),
            value=clip(occupied_text(face.occupied, locale), FIELD_LIMIT),
            inline=False,
        )
    embed.set_footer(text=t(locale, "Game #{game} · update {version}", game=game_id, version=version))
    shortened = t(locale, SHORTENED, command=Slash("dine card"))
    shown = hand[:CARD_FIELDS]
    # the description gives way only if even the cards' names and a line each would not fit beside it
    least = sum(len(card_field(state.cards, card, state.upgraded, locale)[0]) + 80 for card in shown)
    description = clip(
        "\n\n".join(text), min(DESCRIPTION_LIMIT, EMBED_LIMIT - len(embed) - least - len(shortened) - 2)
    )
    room = EMBED_LIMIT - len(embed) - len(description) - len(shortened) - 2
    fields, cut = card_fields(state.cards, shown, state.upgraded, room, locale)
    embed.description = f"{description}\n\n{shortened}" if cut else description
    for number, (name, value) in enumerate(fields):  # the cards before the occupied station
        embed.insert_field_at(number, name=name, value=value, inline=False)
    return embed


def picked(shown: list[Move], group: str | None) -> Move | None:
    """The move whose payments are being chosen (named by its group code), if it is still shown."""
    return next((move for move in shown if move.group == group), None) if group else None


def hand_view(
    game_id: int,
    version: int,
    saved: DineSaved,
    seat: int,
    user: int,
    picking: str | None = None,
    locale: Locale = "en",
) -> discord.ui.View | None:
    state = saved.state
    assert state is not None
    if state.outcome != "playing":
        return None
    at = lambda verb, arg="": ref(verb, game_id, version, arg)  # noqa: E731
    view = discord.ui.View(timeout=None)
    shown = moves(state, seat, locale=locale)
    paying = picked(shown, picking)
    if paying is not None:
        row = add_payments(view, paying, lambda n: at(Verb.MENU, f"{seat}.p{n}"), locale)
        view.add_item(Button(at(Verb.HAND, str(seat)), label=t(locale, "Back"), row=row))
        return view
    row = add_moves(
        view,
        shown,
        lambda n: at(Verb.MENU, f"{seat}.{n}"),
        lambda code: at(Verb.ACT, f"{seat}.{code}"),
        0,
        locale,
    )
    view.add_item(Button(at(Verb.HAND, str(seat)), label=t(locale, "Refresh"), row=row))
    for other in saved.seats_for(user):
        if other == seat:
            continue
        if saved.seats[other].user == user:  # from a vacant seat's view back to one's own hand
            label = t(locale, "Back to my hand")
        else:
            label = t(
                locale, "Play seat {number} ({name}, vacant)", number=other + 1, name=saved.seats[other].name
            )
        view.add_item(Button(at(Verb.HAND, str(other)), label=clip(label, 80), row=row))
    return view


def add_payments(
    view: discord.ui.View, move: Move, menu_ref: Callable[[int], Ref], locale: Locale = "en"
) -> int:
    """The ways to pay for `move`, 25 to a menu; returns the next free row."""
    options = move.options[: 25 * PAYMENT_MENUS]
    for n in range(0, len(options), 25):
        chunk = [
            discord.SelectOption(
                label=option.label, value=TAKE + option.code, description=option.description or None
            )
            for option in options[n : n + 25]
        ]
        placeholder = clip(t(locale, "How to pay for {move}?", move=move.label), 150)
        view.add_item(Menu(menu_ref(n // 25), options=chunk, placeholder=placeholder, row=n // 25))
    return (len(options) + 24) // 25


def hand_message(
    game_id: int,
    version: int,
    saved: DineSaved,
    seat: int,
    user: int,
    note: str = "",
    picking: str | None = None,
    locale: Locale = "en",
) -> BoardMessage:
    """The hand view of `seat` at `version`, in the reader's `locale`; with `picking` (a move's group
    code), that move's ways to pay."""
    embed = hand_embed(game_id, version, saved, seat, note, locale)
    if picking is not None and saved.state is not None:  # (a hand exists only once the game started)
        paying = picked(moves(saved.state, seat, locale=locale), picking)
        if paying is not None:
            cost = f" ({paying.description})" if paying.description else ""
            embed.description = t(locale, "**{move}** — how do you pay?", move=paying.label) + cost
    view = hand_view(game_id, version, saved, seat, user, picking, locale)
    return BoardMessage(embed=embed, view=view)
