"""What a threat does and what a move changes, in the game's words: the heuristic player's reasons
(`core.d6.ai`), which `/d6 hint` and the terminal's `h` show.

A reason says why a move is worth its die from the state ("Space Pirates would hit for 2 on a 1 or
3; this shot destroys it"), never the move again in other words: the move's own label is beside it.
"""

from __future__ import annotations

from functools import cache

from core.words import plural

from .cards import Card, Effect, Face, Mission, card
from .engine import card_of, dice_in, mission_dice
from .state import HULL_MAX, SHIELDS_MAX, Place, State, Threat


def pips(numbers: tuple[int, ...]) -> str:
    """Threat-die numbers as a player says them: "a 4", "a 3 or 6", "a 1, 2 or 3"."""
    shown = [str(n) for n in numbers]
    if len(shown) == 1:
        return f"a {shown[0]}"
    return f"a {', '.join(shown[:-1])} or {shown[-1]}"


def _hit(effect: Effect) -> str:
    through = " through the shields" if effect.ignores_shields else ""
    return f"hit for {effect.amount}{through}"


_DOES = {
    "destroy_shields": "destroy the shields",
    "send_to_infirmary": "send a crew die to the Infirmary",
    "tactical_to_infirmary": "send every Tactical die to the Infirmary",
    "hold_die": "hold a crew die",
    "release_held_die": "let its held die go",
    "free_scanner_die": "free a die from the Scanners",
    "roll_threat_die_again": "roll the threat die again",
    "set_shields": "bring the shields back",
}


def _effect(effect: Effect) -> str:
    if effect.op == "damage":
        return _hit(effect)
    if effect.op == "lose_health":
        return f"lose {effect.amount} health"
    if effect.op == "heal_threats":
        return f"heal every threat by {effect.amount}"
    return _DOES.get(effect.op, "")


def _and(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


@cache
def threat_does(card_id: str, blast_any: bool = True) -> str:
    """What a threat card does while it stays, as a verb phrase after "would" ("hit for 2 through the
    shields on a 4 or 6", "ban Science crew"). `blast_any`: its own "when destroyed" damage comes
    whatever destroys it (else only when it decays, as a house rule may say)."""
    spec = card(card_id)
    parts: list[str] = []
    parts += [_effect(e) for e in spec.on_reveal if e.op == "hold_die"]
    if spec.bans:
        parts.append("ban " + " and ".join(f.value.capitalize() for f in spec.bans) + " crew")
    if spec.shields_offline:
        parts.append("keep the shields offline")
    acting = [w for e in spec.on_activate if e.op != "discard_self" and (w := _effect(e))]
    if acting and spec.activation:
        leaves = " and leave" if any(e.op == "discard_self" for e in spec.on_activate) else ""
        parts.append(f"{_and(acting)}{leaves} on {pips(spec.activation)}")
    if spec.passive is not None:
        hurt = _and([w for e in spec.passive.effects if (w := _effect(e))])
        when = "you lose hull" if spec.passive.when == "hull_lost_this_round" else "no threat activates"
        more = " more" if spec.passive.when == "hull_lost_this_round" else ""
        parts.append(f"{hurt}{more} in every round {when}")
    blast = sum(e.amount for e in spec.on_destroyed if e.op == "damage")
    if blast:
        parts.append(f"hit for {blast} when " + ("destroyed" if blast_any else "it decays to 0"))
    return _and(parts) if parts else "stay in the way until it is dealt with"


def threat_would(state: State, threat: Threat) -> str:
    """ "Bomber would hit for 1 and send a crew die to the Infirmary on a 3 or 4"."""
    rule = card_of(threat).on_destroyed_any_cause_rule
    blast_any = rule is None or bool(getattr(state.house_rules, rule))
    return f"{card_of(threat).name} would {threat_does(threat.card, blast_any)}"


def mission_needs(mission: Mission, missing: list[Face]) -> str:
    """The crew an away mission still needs, in words ("1 more: Science or Medical")."""
    if mission.mode == "any_one":
        return "1 more: " + " or ".join(f.value.capitalize() for f in missing)
    return f"{len(missing)} more: " + ", ".join(f.value.capitalize() for f in missing)


def max_hit(state: State) -> int:
    """The most hull and shields the threats in play could take in one round, stasis aside."""
    total = 0
    for threat in state.threats():
        if threat.stasis:
            continue
        spec: Card = card_of(threat)
        total += sum(e.amount for e in spec.on_activate if e.op == "damage")
        if spec.passive is not None:
            total += sum(e.amount for e in spec.passive.effects if e.op == "damage")
    return total


def hull_words(state: State, gain: int) -> str:
    """Why hull now: how low it is and what could hit it."""
    hit = max_hit(state)
    threats = f"; the threats in play can hit for up to {hit} in a round" if hit else ""
    return f"the hull is down to {state.hull} of {HULL_MAX} and goes up to {state.hull + gain}{threats}"


def shields_words(state: State) -> str:
    hit = max_hit(state)
    threats = f"; the threats in play can hit for up to {hit} in a round" if hit else ""
    return f"the shields are at {state.shields} of {SHIELDS_MAX} and take hits before the hull{threats}"


def infirmary_words(count: int) -> str:
    if count == 1:
        return "1 crew die in the Infirmary misses every round until healed; healed, it rolls next round"
    return f"{count} crew dice in the Infirmary miss every round until healed; healed, they roll next round"


def scanner_words(locked: int) -> str:
    held = f"{plural(locked, 'die is', 'dice are')} locked in the Scanners"
    if locked >= 2:
        return f"{held}: one more Threat face fills them and brings a new threat"
    return f"{held}; freed, it rolls again next round"


_GIVE_UP = {
    Place.STATION: "has already done its work at a station this round",
    Place.RESET: "was set aside by the Scanners and does nothing this round",
    Place.RETURNED: "is only rolled again next round",
    Place.HELD: "is held by Distracted anyway",
    Place.POOL: "is a ready die, the only kind left to give",
    Place.MISSION: "is on an away mission, the only kind left to give",
}


def give_up_words(state: State, die: int) -> str:
    """Why losing this die costs the least."""
    return f"die {die + 1} {_GIVE_UP[state.dice[die].place]}, so losing it costs the least"


def away_words(state: State) -> str:
    """Why the away teams should stay: what each mission still needs."""
    parts: list[str] = []
    seen: set[int] = set()
    for i in dice_in(state, Place.MISSION):
        uid = state.dice[i].on
        if uid is None or uid in seen or (threat := state.threat(uid)) is None:
            continue
        seen.add(uid)
        spec = card_of(threat)
        have = len(mission_dice(state, uid))
        need = spec.mission.needed if spec.mission is not None else have
        parts.append(f"{spec.name} has {have} of the {need} crew its mission needs")
    return "; ".join(parts) + "; recalled, a team starts over"
