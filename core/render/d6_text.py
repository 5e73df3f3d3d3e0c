"""Deep Space D-6 in plain words: the board, and what each action does.

The same text serves the terminal game, the Discord embed, and the board picture's alt text, so a
screen-reader user reads exactly what a sighted player sees.
"""

from __future__ import annotations

from core.d6.actions import (
    Action,
    AwayMission,
    ChangeFace,
    ClearScanner,
    EndAssignment,
    Fire,
    Gather,
    Heal,
    HoldDie,
    Recall,
    Recharge,
    Repair,
    Reroll,
    SendToInfirmary,
    Stasis,
)
from core.d6.cards import CREW_FACES, Card, Face, card_text
from core.d6.engine import (
    banned_by,
    card_of,
    dice_in,
    missing_icons,
    repair_amount,
    shields_offline,
    stasis_targets,
    weapon_damage,
)
from core.d6.state import HULL_MAX, SHIELDS_MAX, Place, State, Threat
from core.words import plural

PLACE_NAMES = {
    Place.POOL: "ready",
    Place.STATION: "at a station",
    Place.MISSION: "on an away mission",
    Place.SCANNER: "locked in the Scanners",
    Place.RESET: "set aside by the Scanners",
    Place.INFIRMARY: "in the Infirmary",
    Place.RETURNED: "returned",
    Place.HELD: "distracted",
}


def activation_text(spec: Card) -> str:
    """When a card acts: its threat-die numbers, or why it has none (it checks, bans or acts once)."""
    if spec.activation:
        return f"activates on {', '.join(map(str, spec.activation))}"
    if spec.passive is not None:
        return "checks after every activation phase"
    if spec.mission is not None:
        return "never activates: stays until its away mission is completed"
    if spec.on_reveal:
        return "acts once, when revealed"
    return "never activates"


def threat_line(state: State, threat: Threat) -> str:
    spec = card_of(threat)
    parts = [spec.name]
    if threat.health is not None:
        parts.append(f"{threat.health}/{spec.health} health")
    parts.append(activation_text(spec))
    if threat.stasis:
        parts.append("in stasis")
    line = " — ".join([", ".join(parts), card_text(spec)])
    if spec.mission is not None:
        joiner = " or " if spec.mission.mode == "any_one" else " + "
        missing = missing_icons(state, threat)
        needs = joiner.join(f.value for f in missing) if missing else "complete"
        line += f" (away mission needs: {needs})"
    return line


def die_state(state: State, index: int) -> str:
    """A die's face and where it is ("tactical, at Weapons"), without which die it is."""
    die = state.dice[index]
    where = PLACE_NAMES[die.place]
    if die.place is Place.STATION and die.station is not None:
        where = f"at {die.station.value}"
    elif die.on is not None and (threat := state.threat(die.on)) is not None:
        where += f" ({card_of(threat).name})"
    if die.place is Place.RETURNED:  # its face no longer counts: it is rolled next round
        freed = " (freed from the Scanners)" if die.face is Face.THREAT else ""
        return f"returned{freed}, rolls next round"
    face = "not rolled" if die.place is Place.POOL and state.phase != "assign" else die.face.value
    return f"{face}, {where}"


def die_line(state: State, index: int) -> str:
    return f"Die {index + 1}: {die_state(state, index)}"


def tracks(state: State) -> list[tuple[str, int, int]]:
    """The ship's tracks as (name, value, most): every status line reads them from here."""
    return [("hull", state.hull, HULL_MAX), ("shields", state.shields, SHIELDS_MAX)]


def tracks_text(state: State) -> str:
    return ", ".join(f"{name} {value}/{most}" for name, value, most in tracks(state))


# The rule Tactical and Engineering share (§10 ruling), said where those moves are offered.
STATION_RULES = {
    Face.TACTICAL: "The first Tactical die of a round deals 1 damage, each further one 2.",
    Face.ENGINEERING: "The first Engineering die of a round repairs 1 hull, each further one 2.",
}


def _station_now(state: State, face: Face) -> str:
    """What one more die of `face` would do at its station now, and a second one after it."""
    if (ban := banned_by(state, face)) is not None:
        return f"banned by {card_of(ban).name}"
    match face:
        case Face.COMMANDER:
            return "turn another ready die to any face, or re-roll the other ready dice"
        case Face.TACTICAL:
            if not any(t.health is not None for t in state.external):
                return "no external threat to fire at"
            first = weapon_damage(state)
            return f"{first} damage, {first + 2} with a second die"
        case Face.ENGINEERING:
            missing = HULL_MAX - state.hull
            if not missing:
                return "hull full, nothing to repair"
            first = min(repair_amount(state), missing)
            both = min(repair_amount(state) + 2, missing)
            return f"repair {first} hull" + (f", {both} with a second die" if both > first else "")
        case Face.SCIENCE:
            if shields_offline(state):
                shields = "shields offline"
            elif state.shields < SHIELDS_MAX:
                shields = f"recharge the shields to {SHIELDS_MAX} (+{SHIELDS_MAX - state.shields})"
            else:
                shields = "shields full"
            targets = [card_of(t).name for t in stasis_targets(state)]
            return shields + (f"; or stasis beam on {', '.join(targets)}" if targets else "")
        case _:
            sick, locked = len(dice_in(state, Place.INFIRMARY)), len(dice_in(state, Place.SCANNER))
            uses = [f"bring back {plural(sick, 'die', 'dice')} from the Infirmary"] if sick else []
            uses += [f"free 1 of {plural(locked, 'die', 'dice')} locked in the Scanners"] if locked else []
            return "; or ".join(uses) or "nothing to do (Infirmary and Scanners empty)"


def station_lines(state: State) -> list[str]:
    """What each crew face would do at its station now ("Tactical: 1 damage, 3 with a second die")."""
    return [f"{face.value.capitalize()}: {_station_now(state, face)}" for face in CREW_FACES]


def describe_board(state: State) -> str:
    """The whole board in words, top to bottom."""
    lines = [
        f"Round {state.round}. {tracks_text(state).capitalize()}. "
        f"Threat deck: {plural(len(state.deck), 'card')} left.",
        "Crew:",
        *(f"  {die_line(state, i)}" for i in range(len(state.dice))),
        "Internal threats:" if state.internal else "Internal threats: none",
        *(f"  {threat_line(state, t)}" for t in state.internal),
        "External threats:" if state.external else "External threats: none",
        *(f"  {threat_line(state, t)}" for t in state.external),
    ]
    if state.outcome == "playing":
        lines += ["Stations now:", *(f"  {line}" for line in station_lines(state))]
    return "\n".join(lines + _where_it_stands(state))


def _where_it_stands(state: State) -> list[str]:
    """The decision waiting, or how the game ended, if either."""
    lines = [f"Decision: {state.pending.reason}"] if state.pending is not None else []
    if state.outcome != "playing":
        lines.append(f"Game over: {state.outcome}. Score {state.score}.")
    return lines


def board_summary(state: State) -> str:
    """The board in short (no card texts), for the picture's alt text, which Discord caps at 1024."""
    dice = "; ".join(f"{i + 1} {die_state(state, i)}" for i in range(len(state.dice)))
    parts = [
        f"Round {state.round}, {tracks_text(state)}, threat deck {len(state.deck)}.",
        f"Dice: {dice}.",
    ]
    for heading, threats in (("Internal", state.internal), ("External", state.external)):
        names = [_short(t) for t in threats]
        parts.append(f"{heading} threats: {', '.join(names) if names else 'none'}.")
    return " ".join(parts + _where_it_stands(state))


def _short(threat: Threat) -> str:
    spec = card_of(threat)
    health = f" {threat.health}/{spec.health}" if threat.health is not None else ""
    return spec.name + health + (" (stasis)" if threat.stasis else "")


def _name(state: State, uid: int) -> str:
    threat = state.threat(uid)
    return card_of(threat).name if threat is not None else "a threat"


def describe_action(state: State, action: Action, *, with_die: bool = True) -> str:
    """A short label for an action, as a button or a menu line would show it.

    Without `with_die` the leading "Die N: " is left out, for controls already shown under that die.
    """
    die, what = _describe(state, action)
    if die is None:
        return what
    if not with_die:
        return what[:1].upper() + what[1:]
    return f"Die {die + 1}: {what}"


def _describe(state: State, action: Action) -> tuple[int | None, str]:
    """The die an assignment uses (None when the words name no die up front) and what it does."""
    die = getattr(action, "die", None)
    who = die if isinstance(die, int) else None
    match action:
        case Reroll():
            return who, "Commander re-rolls the other ready crew"
        case ChangeFace(target=target, face=face):
            current = state.dice[target].face.value
            return who, f"Commander turns die {target + 1} ({current}) to {face.value}"
        case Fire(split=split):
            shots = ", ".join(f"{points} on {_name(state, uid)}" for uid, points in split)
            return who, f"fire weapons for {weapon_damage(state)} ({shots})"
        case Repair():
            return who, f"repair the hull by {repair_amount(state)}"
        case Recharge():
            return who, f"recharge the shields to {SHIELDS_MAX}"
        case Stasis(target=target):
            return who, f"stasis beam on {_name(state, target)}"
        case Heal():
            return who, "bring everyone back from the Infirmary"
        case ClearScanner(scanner_die=locked):
            return who, f"free die {locked + 1} from the Scanners"
        case AwayMission(target=target):
            return who, f"away mission on {_name(state, target)}"
        case EndAssignment():
            return None, "End assignment: discover, activate threats, gather"
        case SendToInfirmary(die=sent):
            return None, f"Send die {sent + 1} ({PLACE_NAMES[state.dice[sent].place]}) to the Infirmary"
        case HoldDie(die=held):
            return None, f"Die {held + 1} ({PLACE_NAMES[state.dice[held].place]}) is distracted"
        case Recall(target=target):
            return None, f"Recall the away team from {_name(state, target)} (its mission starts over)"
        case Gather():
            return None, "Leave the away teams in place (their missions go on next round)"
    return None, repr(action)
