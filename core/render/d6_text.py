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
from core.d6.engine import card_of, missing_icons, repair_amount, weapon_damage
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


def threat_line(state: State, threat: Threat) -> str:
    spec = card_of(threat)
    parts = [spec.name]
    if threat.health is not None:
        parts.append(f"{threat.health}/{spec.health} health")
    parts.append(f"activates on {', '.join(map(str, spec.activation))}" if spec.activation else "no die")
    if threat.stasis:
        parts.append("in stasis")
    line = " — ".join([", ".join(parts), spec.text])
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
    face = "not rolled" if die.place is Place.POOL and state.phase != "assign" else die.face.value
    return f"{face}, {where}"


def die_line(state: State, index: int) -> str:
    return f"Die {index + 1}: {die_state(state, index)}"


def tracks(state: State) -> list[tuple[str, int, int]]:
    """The ship's tracks as (name, value, most): every status line reads them from here."""
    return [("hull", state.hull, HULL_MAX), ("shields", state.shields, SHIELDS_MAX)]


def tracks_text(state: State) -> str:
    return ", ".join(f"{name} {value}/{most}" for name, value, most in tracks(state))


def describe_board(state: State) -> str:
    """The whole board in words, top to bottom."""
    lines = [
        f"Round {state.round}. {tracks_text(state).capitalize()}. "
        f"Threat deck: {plural(len(state.deck), 'card')}.",
        "Crew:",
        *(f"  {die_line(state, i)}" for i in range(len(state.dice))),
        "Internal threats:" if state.internal else "Internal threats: none",
        *(f"  {threat_line(state, t)}" for t in state.internal),
        "External threats:" if state.external else "External threats: none",
        *(f"  {threat_line(state, t)}" for t in state.external),
    ]
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
            return None, f"Recall the away team from {_name(state, target)}"
        case Gather():
            return None, "Leave the away teams in place"
    return None, repr(action)
