"""What a threat does and what a move changes, in the game's words: the heuristic player's reasons
(`core.d6.ai`), which `/d6 hint` and the terminal's `h` show.

A reason says why a move is worth its die from the state ("Space Pirates would hit for 2 on a 1 or
3; this shot destroys it"), never the move again in other words: the move's own label is beside it.
Reasons are lazy `Text`s, said in the reader's language when the hint is shown; a threat's deeds
are infinitive phrases ("hit for 2 on a 4 or 6"), which German and Spanish put after "would" too.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from core.i18n import Text, lazy, lazy_n, mark
from core.i18n.messages import Sayable

from .cards import Card, Effect, Face, Mission, card
from .engine import card_of, dice_in, mission_dice
from .names import AND, OR, FaceName, Joined, ThreatName, about
from .state import HULL_MAX, SHIELDS_MAX, Place, State, Threat


def pips(numbers: tuple[int, ...]) -> Text:
    """Threat-die numbers as a player says them: "on a 4", "on a 3 or 6", "on a 1, 2 or 3"."""
    shown = [str(n) for n in numbers]
    if len(shown) == 1:
        return lazy("on a {number}", number=shown[0])
    return lazy("on a {numbers} or {last}", numbers=", ".join(shown[:-1]), last=shown[-1])


def _hit(effect: Effect) -> Text:
    if effect.ignores_shields:
        return lazy("hit for {amount} through the shields", amount=effect.amount)
    return lazy("hit for {amount}", amount=effect.amount)


_DOES = {
    "destroy_shields": mark("destroy the shields"),
    "send_to_infirmary": mark("send a crew die to the Infirmary"),
    "tactical_to_infirmary": mark("send every Tactical die to the Infirmary"),
    "hold_die": mark("hold a crew die"),
    "release_held_die": mark("let its held die go"),
    "free_scanner_die": mark("free a die from the Scanners"),
    "roll_threat_die_again": mark("roll the threat die again"),
    "set_shields": mark("bring the shields back"),
}


def _effect(effect: Effect) -> Text | None:
    if effect.op == "damage":
        return _hit(effect)
    if effect.op == "lose_health":
        return lazy("lose {amount} health", amount=effect.amount)
    if effect.op == "heal_threats":
        return lazy("heal every threat by {amount}", amount=effect.amount)
    does = _DOES.get(effect.op)
    return Text(does) if does else None


def _and(parts: list[Sayable]) -> Joined:
    return Joined(tuple(parts), last=AND)


@cache
def threat_does(card_id: str, blast_any: bool = True) -> Sayable:
    """What a threat card does while it stays, as a verb phrase after "would" ("hit for 2 through the
    shields on a 4 or 6", "ban Science crew"). `blast_any`: its own "when destroyed" damage comes
    whatever destroys it (else only when it decays, as a house rule may say)."""
    spec = card(card_id)
    parts: list[Sayable] = []
    parts += [w for e in spec.on_reveal if e.op == "hold_die" and (w := _effect(e))]
    if spec.bans:
        parts.append(lazy("ban {faces} crew", faces=_and([FaceName(f) for f in spec.bans])))
    if spec.shields_offline:
        parts.append(lazy("keep the shields offline"))
    acting: list[Sayable] = [w for e in spec.on_activate if e.op != "discard_self" and (w := _effect(e))]
    if acting and spec.activation:
        if any(e.op == "discard_self" for e in spec.on_activate):
            parts.append(lazy("{deeds} and leave {when}", deeds=_and(acting), when=pips(spec.activation)))
        else:
            parts.append(lazy("{deeds} {when}", deeds=_and(acting), when=pips(spec.activation)))
    if spec.passive is not None:
        hurt = _and([w for e in spec.passive.effects if (w := _effect(e))])
        if spec.passive.when == "hull_lost_this_round":
            parts.append(lazy("{deeds} more in every round you lose hull", deeds=hurt))
        else:
            parts.append(lazy("{deeds} in every round no threat activates", deeds=hurt))
    blast = sum(e.amount for e in spec.on_destroyed if e.op == "damage")
    if blast:
        if blast_any:
            parts.append(lazy("hit for {amount} when destroyed", amount=blast))
        else:
            parts.append(lazy("hit for {amount} when it decays to 0", amount=blast))
    return _and(parts) if parts else lazy("stay in the way until it is dealt with")


def threat_would(state: State, threat: Threat, one: str, many: str, /, **fields: Any) -> Text:
    """ "Bomber would hit for 1 and send a crew die to the Infirmary on a 3 or 4; this destroys it": what
    `threat` would do left alone (`{name} would {deeds}`), then the rest of `one` (marked), or of
    `many` where its name is a plural ("Raiders would …; this destroys them", `about`)."""
    rule = card_of(threat).on_destroyed_any_cause_rule
    blast_any = rule is None or bool(getattr(state.house_rules, rule))
    return about(threat.card, one, many, deeds=threat_does(threat.card, blast_any), **fields)


def mission_needs(mission: Mission, missing: list[Face]) -> Text:
    """The crew an away mission still needs, in words ("1 more: Science or Medical")."""
    faces = tuple(FaceName(f) for f in missing)
    if mission.mode == "any_one":
        return lazy("1 more: {faces}", faces=Joined(faces, last=OR))
    return lazy("{count} more: {faces}", count=len(missing), faces=Joined(faces))


def max_hit(state: State) -> int:
    """The most hull and shields the threats in play could take in one round, stasis aside: the threat
    die is rolled once a round, so the worst round is the worst face (and, where that face rolls the
    die again, the worst face once more), not every threat at once; passive damage comes on top."""
    on_face = dict.fromkeys(range(1, 7), 0)
    again: set[int] = set()
    passive = 0
    for threat in state.threats():
        if threat.stasis:
            continue
        spec: Card = card_of(threat)
        for face in spec.activation:
            on_face[face] += sum(e.amount for e in spec.on_activate if e.op == "damage")
            if any(e.op == "roll_threat_die_again" for e in spec.on_activate):
                again.add(face)
        if spec.passive is not None:
            passive += sum(e.amount for e in spec.passive.effects if e.op == "damage")
    worst = max(on_face.values())
    return passive + max(hit + (worst if face in again else 0) for face, hit in on_face.items())


def hull_words(state: State, gain: int) -> Text:
    """Why hull now: how low it is and what could hit it."""
    hit = max_hit(state)
    fields = {"hull": state.hull, "most": HULL_MAX, "after": state.hull + gain, "hit": hit}
    if hit:
        return lazy(
            "the hull is down to {hull} of {most} and goes up to {after}; "
            "the threats in play can hit for up to {hit} in a round",
            **fields,
        )
    return lazy("the hull is down to {hull} of {most} and goes up to {after}", **fields)


def shield_breakers(state: State) -> list[Threat]:
    """The threats not in stasis whose activation destroys every shield (the Bounty Ship)."""
    return [
        t
        for t in state.threats()
        if not t.stasis and any(e.op == "destroy_shields" for e in card_of(t).on_activate)
    ]


def shields_words(state: State) -> Text:
    said = _shields_words(state)
    breakers = shield_breakers(state)
    if not breakers:
        return said
    losses = tuple(
        lazy("{name} destroys them {when}", name=ThreatName(b.card), when=pips(card_of(b).activation))
        for b in breakers
    )
    return lazy("{shields}, but {losses}", shields=said, losses=_and(list(losses)))


def _shields_words(state: State) -> Text:
    hit = max_hit(state)
    if hit:
        return lazy(
            "the shields are at {shields} of {most} and take hits before the hull; "
            "the threats in play can hit for up to {hit} in a round",
            shields=state.shields,
            most=SHIELDS_MAX,
            hit=hit,
        )
    return lazy(
        "the shields are at {shields} of {most} and take hits before the hull",
        shields=state.shields,
        most=SHIELDS_MAX,
    )


def infirmary_words(count: int) -> Text:
    return lazy_n(
        "{count} crew die in the Infirmary misses every round until healed; healed, it rolls next round",
        "{count} crew dice in the Infirmary miss every round until healed; healed, they roll next round",
        count,
    )


def scanner_words(locked: int) -> Text:
    if locked >= 2:
        return lazy_n(
            "{count} die is locked in the Scanners: one more Threat face fills them and brings a new threat",
            "{count} dice are locked in the Scanners: "
            "one more Threat face fills them and brings a new threat",
            locked,
        )
    return lazy_n(
        "{count} die is locked in the Scanners; freed, it rolls again next round",
        "{count} dice are locked in the Scanners; freed, it rolls again next round",
        locked,
    )


_GIVE_UP = {
    Place.STATION: mark(
        "die {die} has already done its work at a station this round, so losing it costs the least"
    ),
    Place.RESET: mark(
        "die {die} was set aside by the Scanners and does nothing this round, so losing it costs the least"
    ),
    Place.RETURNED: mark("die {die} is only rolled again next round, so losing it costs the least"),
    Place.HELD: mark("die {die} is held by {name} anyway, so losing it costs the least"),
    Place.POOL: mark("die {die} is a ready die, the only kind left to give, so losing it costs the least"),
    Place.MISSION: mark(
        "die {die} is on an away mission, the only kind left to give, so losing it costs the least"
    ),
}


def give_up_words(state: State, die: int) -> Text:
    """Why losing this die costs the least."""
    return Text(_GIVE_UP[state.dice[die].place], {"die": die + 1, "name": ThreatName("distracted")})


def away_words(state: State) -> Text:
    """Why the away teams should stay: what each mission still needs."""
    parts: list[Sayable] = []
    seen: set[int] = set()
    for i in dice_in(state, Place.MISSION):
        uid = state.dice[i].on
        if uid is None or uid in seen or (threat := state.threat(uid)) is None:
            continue
        seen.add(uid)
        spec = card_of(threat)
        have = len(mission_dice(state, uid))
        need = spec.mission.needed if spec.mission is not None else have
        parts.append(
            about(
                threat.card,
                mark("{name} has {have} of the {need} crew its mission needs"),
                mark("{name} have {have} of the {need} crew their mission needs"),
                have=have,
                need=need,
            )
        )
    return lazy("{missions}; recalled, a team starts over", missions=Joined(tuple(parts), sep="; "))
