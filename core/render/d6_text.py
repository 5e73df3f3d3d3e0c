"""Deep Space D-6 in plain words: the board, and what each action does.

The same text serves the terminal game, the Discord embed, and the board picture's alt text, so a
screen-reader user reads exactly what a sighted player sees. Every function takes the reader's
`locale` (English by default); game terms come from the glossary (`core.d6.names`).
"""

from __future__ import annotations

from collections.abc import Iterable

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
from core.d6.cards import Card, Face
from core.d6.engine import (
    HULL_DESTROYED,
    assignment_over,
    banned_by,
    card_of,
    dice_in,
    missing_icons,
    offline_by,
    repair_amount,
    repaired,
    shields_offline,
    stasis_targets,
    weapon_damage,
)
from core.d6.names import PLACES, card_words, d6_term, face_name, pending_question, plural_name, threat_name
from core.d6.state import HULL_MAX, SHIELDS_MAX, Die, Place, State, Station, Threat
from core.i18n import Locale, mark, mark_plural, t, tn

# Kept under its old name: the places in words (`core.d6.names.PLACES`, said with `t`).
PLACE_NAMES = PLACES


def place_name(locale: Locale, place: Place) -> str:
    return t(locale, PLACES[place])


def activation_text(spec: Card, locale: Locale = "en") -> str:
    """When a card acts: its threat-die numbers, or why it has none (it checks, bans or acts once)."""
    if spec.activation:
        return t(locale, "activates on {numbers}", numbers=", ".join(map(str, spec.activation)))
    if spec.passive is not None:
        return t(locale, "checks after every activation phase")
    if spec.mission is not None:
        return t(locale, "never activates: stays until its away mission is completed")
    if spec.on_reveal:
        return t(locale, "acts once, when revealed")
    return t(locale, "never activates")


def threat_line(state: State, threat: Threat, locale: Locale = "en") -> str:
    spec = card_of(threat)
    parts = [threat_name(locale, spec.id)]
    if threat.health is not None:
        parts.append(t(locale, "{health}/{most} health", health=threat.health, most=spec.health))
    parts.append(activation_text(spec, locale))
    if threat.stasis:
        parts.append(t(locale, "in stasis"))
    about, effect = ", ".join(parts), card_words(locale, spec.id)
    line = t(locale, "{threat}. Effect: {effect}", threat=about, effect=effect)
    if spec.mission is not None:
        joiner = t(locale, " or ") if spec.mission.mode == "any_one" else " + "
        missing = missing_icons(state, threat)
        needs = joiner.join(face_name(locale, f) for f in missing) if missing else t(locale, "complete")
        line += t(locale, " (away mission needs: {needs})", needs=needs)
    return line


def die_state(state: State, index: int, locale: Locale = "en") -> str:
    """A die's face and where it is ("Tactical, at Weapons"), without which die it is; a die back in
    the pool after the assignment says what it did this round, so a used die never reads as unused."""
    die = state.dice[index]
    if die.place is Place.POOL and die.was is not None:  # gathered at step 6, or recalled
        return _rolls_next(state, _been(state, die.was, locale), locale)
    if die.place is Place.RETURNED:  # rolled next round; its face still shows until then
        return _rolls_next(state, _been(state, die, locale), locale)
    face = face_name(locale, die.face)
    # rolled this round and not assigned (its face still counts: Friendly Fire), or the game ended
    if die.place is Place.POOL and (assignment_over(state) or state.phase == "over"):
        return t(locale, "{face}, unused this round", face=face)
    where = place_name(locale, die.place)
    if die.place is Place.STATION and die.station is not None:
        where = _at_station(state, die, locale)
    elif die.place is Place.RESET:  # the picture draws it in the Returned area: say so
        where = t(locale, "set aside by the Scanners, in the {area} area", area=d6_term(locale, "returned"))
    elif die.place is Place.HELD and die.on is not None and (holder := state.threat(die.on)) is not None:
        # as the picture's card says it ("Holds"), not "distracted (Distracted)"
        where = t(locale, "held by {name}", name=threat_name(locale, holder.card))
    elif die.on is not None and (threat := state.threat(die.on)) is not None:
        where += f" ({threat_name(locale, threat.card)})"
    return f"{face}, {where}"


def _been(state: State, die: Die, locale: Locale) -> str:
    """What a die did this round, said from where it was before it came back to the pool."""
    face = face_name(locale, die.face)
    match die.place:
        case Place.STATION if die.station is not None:
            return f"{face}, {_at_station(state, die, locale, used=True)}"
        case Place.MISSION:  # recalled: the mission starts over
            recalled = t(locale, "recalled from an away mission")
            if die.on is not None and (threat := state.threat(die.on)) is not None:
                recalled += f" ({threat_name(locale, threat.card)})"
            return f"{face}, {recalled}"
        case Place.RESET:
            return place_name(locale, die.place)
        case _:  # back from a mission, the Scanners or the Infirmary (the state does not say which):
            returned = place_name(locale, Place.RETURNED)  # its face still shows (Friendly Fire reads it)
            return returned if die.face is Face.THREAT else f"{face}, {returned}"


def _rolls_next(state: State, said: str, locale: Locale) -> str:
    """ "…, rolls next round" for a die waiting to be rolled, unless the game is over."""
    return t(locale, "{state}, rolls next round", state=said) if state.outcome == "playing" else said


# Where a die used at a station is drawn on the picture (`core.render.d6_layout`): in the box titled by
# the crew face the station takes (the rulebook's Fire Weapons is the "Tactical" box, Repair Hull the
# "Engineering" one), or, for the stasis beam, on its threat's card. The words name the same.
STATION_FACES: dict[Station, Face] = {
    Station.COMMANDER: Face.COMMANDER,
    Station.WEAPONS: Face.TACTICAL,
    Station.SHIELDS: Face.SCIENCE,
    Station.STASIS: Face.SCIENCE,
    Station.REPAIR: Face.ENGINEERING,
    Station.MEDICAL: Face.MEDICAL,
}


# The stations in the order the picture's mat lays them out (Commander, Tactical, Science,
# Engineering, Medical), which the "Stations now" lines follow.
MAT_ORDER: tuple[Face, ...] = tuple(dict.fromkeys(STATION_FACES.values()))


def station_name(locale: Locale, station: Station) -> str:
    """A station as the picture titles it: by the crew face it takes ("Tactical", "Táctico")."""
    return face_name(locale, STATION_FACES[station])


def _at_station(state: State, die: Die, locale: Locale, *, used: bool = False) -> str:
    """Where a die at a station is, as the picture shows it: "at the Tactical station", or for the
    stasis beam "stasis beam on Bounty Ship" (its threat's card); `used` once it is back in the pool."""
    assert die.station is not None
    if die.station is Station.STASIS:
        name = _name(state, die.on, locale) if die.on is not None else t(locale, "a threat")
        if used:
            return t(locale, "used for the stasis beam on {name}", name=name)
        return t(locale, "stasis beam on {name}", name=name)
    station = station_name(locale, die.station)
    if used:
        return t(locale, "used at the {station} station", station=station)
    return t(locale, "at the {station} station", station=station)


def die_line(state: State, index: int, locale: Locale = "en") -> str:
    return t(locale, "Die {number}: {state}", number=index + 1, state=die_state(state, index, locale))


def tracks(state: State, locale: Locale = "en") -> list[tuple[str, int, int]]:
    """The ship's tracks as (name, value, most): every status line reads them from here."""
    return [
        (d6_term(locale, "hull"), state.hull, HULL_MAX),
        (d6_term(locale, "shields"), state.shields, SHIELDS_MAX),
    ]


def tracks_text(state: State, locale: Locale = "en") -> str:
    """ "Hull 5/8, Shields 4/4", and why the shields do nothing while a card holds them offline."""
    said = [f"{name} {value}/{most}" for name, value, most in tracks(state, locale)]
    if note := offline_note(state, locale):
        said[-1] += f" ({note})"
    return ", ".join(said)


def offline_note(state: State, locale: Locale = "en") -> str:
    """ "offline: Nebula" while a card holds the shields offline, else ""."""
    by = offline_by(state)
    return t(locale, "offline: {name}", name=threat_name(locale, by.card)) if by is not None else ""


# The rule Tactical and Engineering share (§10 ruling), said where those moves are offered.
STATION_RULES = {
    Face.TACTICAL: mark("The first Tactical die of a round deals 1 damage, each further one 2."),
    Face.ENGINEERING: mark("The first Engineering die of a round repairs 1 hull, each further one 2."),
}


def station_rule(face: Face, offered: Iterable[Action], locale: Locale = "en") -> str:
    """The rule for `face`'s station in `locale`, or "" when none applies or none of the `offered`
    moves uses that station (at full hull an Engineering die may only go on an away mission)."""
    rule = STATION_RULES.get(face)
    at_station = any(isinstance(a, Fire | Repair) for a in offered)
    return t(locale, rule) if rule and at_station else ""


def _station_now(state: State, face: Face, locale: Locale) -> str:
    """What one more die of `face` would do at its station now, and a second one after it."""
    if (ban := banned_by(state, face)) is not None:
        return t(locale, "banned by {name}", name=threat_name(locale, ban.card))
    match face:
        case Face.COMMANDER:
            return t(locale, "turn another ready die to any face, or re-roll the other ready dice")
        case Face.TACTICAL:
            if not any(th.health is not None for th in state.external):
                return t(locale, "no external threat to fire at")
            first = weapon_damage(state)
            return t(locale, "{first} damage, {both} with a second die", first=first, both=first + 2)
        case Face.ENGINEERING:
            missing = HULL_MAX - state.hull
            if not missing:
                return t(locale, "hull full, nothing to repair")
            first = min(repair_amount(state), missing)
            both = min(repair_amount(state) + 2, missing)
            if both > first:
                return t(locale, "repair {first} hull, {both} with a second die", first=first, both=both)
            return t(locale, "repair {first} hull", first=first)
        case Face.SCIENCE:
            if shields_offline(state):
                shields = t(locale, "shields offline")
            elif state.shields < SHIELDS_MAX:
                shields = t(
                    locale,
                    "recharge the shields to {most} (+{gain})",
                    most=SHIELDS_MAX,
                    gain=SHIELDS_MAX - state.shields,
                )
            else:
                shields = t(locale, "shields full")
            targets = [threat_name(locale, th.card) for th in stasis_targets(state)]
            if not targets:
                return shields
            return t(
                locale, "{shields}; or stasis beam on {targets}", shields=shields, targets=", ".join(targets)
            )
        case _:
            sick, locked = len(dice_in(state, Place.INFIRMARY)), len(dice_in(state, Place.SCANNER))
            uses: list[str] = []
            if sick:
                uses.append(
                    tn(
                        locale,
                        "bring back {count} die from the Infirmary",
                        "bring back {count} dice from the Infirmary",
                        sick,
                    )
                )
            if locked:
                uses.append(
                    tn(
                        locale,
                        "free 1 of {count} die locked in the Scanners",
                        "free 1 of {count} dice locked in the Scanners",
                        locked,
                    )
                )
            return t(locale, "; or ").join(uses) or t(locale, "nothing to do (Infirmary and Scanners empty)")


def stations_matter(state: State) -> bool:
    """Whether what each station would do now is worth showing: while dice are being assigned, not
    once the round's questions (the Infirmary, an away team) come after the assignment."""
    return state.outcome == "playing" and state.pending is None


def station_lines(state: State, locale: Locale = "en") -> list[str]:
    """What each crew face would do at its station now ("Tactical: 1 damage, 3 with a second die")."""
    return [f"{face_name(locale, face)}: {_station_now(state, face, locale)}" for face in MAT_ORDER]


def describe_board(state: State, locale: Locale = "en") -> str:
    """The whole board in words, top to bottom."""
    lines = [
        tn(
            locale,
            "Round {round}. {tracks}. Threat deck: {count} card left.",
            "Round {round}. {tracks}. Threat deck: {count} cards left.",
            len(state.deck),
            round=state.round,
            tracks=_capital(tracks_text(state, locale)),
        ),
        t(locale, "Crew:"),
        *(f"  {die_line(state, i, locale)}" for i in range(len(state.dice))),
        t(locale, "Internal threats:") if state.internal else t(locale, "Internal threats: none"),
        *(f"  {threat_line(state, th, locale)}" for th in state.internal),
        t(locale, "External threats:") if state.external else t(locale, "External threats: none"),
        *(f"  {threat_line(state, th, locale)}" for th in state.external),
    ]
    if stations_matter(state):
        lines += [t(locale, "Stations now:"), *(f"  {line}" for line in station_lines(state, locale))]
    return "\n".join(lines + _where_it_stands(state, locale))


def _capital(text: str) -> str:
    """`text` starting with a capital, past an opening "¿" or "¡" ("¿Retirar…?")."""
    opening = len(text) - len(text.lstrip("¿¡"))
    return text[:opening] + text[opening : opening + 1].upper() + text[opening + 1 :]


def decision_text(state: State, locale: Locale = "en") -> str:
    """The decision waiting, as a sentence starting with a capital ("" when none waits)."""
    return _capital(pending_question(state).say(locale)) if state.pending is not None else ""


# Stored loss reasons worded for the result, which already says the ship is lost (its title, the
# picture's "Lost:"): the hull's reason ends "Your ship is lost.", which would say it twice.
_LOSS_WORDS = {HULL_DESTROYED: mark("The hull is destroyed.")}


def loss_text(state: State, locale: Locale = "en") -> str:
    """Why the game was lost, for the result (the engine stores the English wording, a marked message)."""
    if not state.loss_reason:
        return ""
    return t(locale, _LOSS_WORDS.get(state.loss_reason, state.loss_reason))


def _where_it_stands(state: State, locale: Locale) -> list[str]:
    """The decision waiting, or how the game ended, if either."""
    lines: list[str] = []
    if state.pending is not None:
        lines.append(t(locale, "Decision: {question}", question=pending_question(state)))
    if state.outcome == "won":
        lines.append(t(locale, "Game over: won. Score {score}.", score=state.score))
    elif state.outcome == "lost":
        lines.append(t(locale, "Game over: lost. Score {score}.", score=state.score))
    return lines


def board_summary(state: State, locale: Locale = "en") -> str:
    """The board in short (no card texts), for the picture's alt text, which Discord caps at 1024."""
    dice = "; ".join(f"{i + 1} {die_state(state, i, locale)}" for i in range(len(state.dice)))
    parts = [
        t(
            locale,
            "Round {round}, {tracks}, threat deck {left}.",
            round=state.round,
            tracks=tracks_text(state, locale),
            left=len(state.deck),
        ),
        t(locale, "Dice: {dice}.", dice=dice),
    ]
    internal = ", ".join(_short(th, locale) for th in state.internal) or t(locale, "none")
    external = ", ".join(_short(th, locale) for th in state.external) or t(locale, "none")
    parts.append(t(locale, "Internal threats: {names}.", names=internal))
    parts.append(t(locale, "External threats: {names}.", names=external))
    return " ".join(parts + _where_it_stands(state, locale))


def _short(threat: Threat, locale: Locale) -> str:
    spec = card_of(threat)
    health = f" {threat.health}/{spec.health}" if threat.health is not None else ""
    stasis = f" ({t(locale, 'in stasis')})" if threat.stasis else ""
    return threat_name(locale, spec.id) + health + stasis


def _name(state: State, uid: int, locale: Locale) -> str:
    """A threat a move targets, told apart from another in play of the same name (two Assault
    Cruisers): by the numbers it activates on, and its health where that differs too."""
    threat = state.threat(uid)
    if threat is None:
        return t(locale, "a threat")
    name = threat_name(locale, threat.card)
    twins = [th for th in state.threats() if th.uid != uid and threat_name(locale, th.card) == name]
    spec = card_of(threat)
    tags: list[str] = []
    if any(card_of(th).activation != spec.activation for th in twins):
        tags.append(", ".join(map(str, spec.activation)))
    if threat.health is not None and any(th.health != threat.health for th in twins):
        tags.append(f"{threat.health}/{spec.health}")
    return f"{name} ({'; '.join(tags)})" if tags else name


def describe_action(state: State, action: Action, *, with_die: bool = True, locale: Locale = "en") -> str:
    """A short label for an action, as a button or a menu line would show it.

    Without `with_die` the leading "Die N: " is left out, for controls already shown under that die.
    """
    die, what = _describe(state, action, locale)
    if die is None:
        return what
    if not with_die:
        return _capital(what)
    return t(locale, "Die {number}: {state}", number=die + 1, state=what)


def wasted(state: State, action: Action) -> int:
    """Damage a shot gives a threat beyond the health it has left (a legal split, never a better one)."""
    if not isinstance(action, Fire):
        return 0
    health = {t.uid: t.health for t in state.threats() if t.health is not None}
    return sum(max(0, points - health.get(uid, points)) for uid, points in action.split)


# By whether the threat's name is a plural in the reader's language ("Raiders … they have"); one form
# a count in English, two in German ("1 Lebenspunkt" / "2 Lebenspunkte").
SHOT_LEFT = {
    False: mark_plural(
        "{points} on {name} (it has {count} health left)", "{points} on {name} (it has {count} health left)"
    ),
    True: mark_plural(
        "{points} on {name} (they have {count} health left)",
        "{points} on {name} (they have {count} health left)",
    ),
}
RECALL = {
    False: mark("Recall the away team from {name} (its mission starts over)"),
    True: mark("Recall the away team from {name} (their mission starts over)"),
}


def _shot(state: State, uid: int, points: int, locale: Locale) -> str:
    """ "2 on Drone", or "2 on Drone (it has 1 health left)" when the shot deals more than it needs."""
    name = _name(state, uid, locale)
    threat = state.threat(uid)
    if threat is not None and threat.health is not None and points > threat.health:
        forms = SHOT_LEFT[plural_name(locale, threat.card)]  # "Raiders (they have 1 health left)"
        return tn(locale, *forms, threat.health, points=points, name=name)
    return t(locale, "{points} on {name}", points=points, name=name)


def _describe(state: State, action: Action, locale: Locale) -> tuple[int | None, str]:
    """The die an assignment uses (None when the words name no die up front) and what it does."""
    die = getattr(action, "die", None)
    who = die if isinstance(die, int) else None
    match action:
        case Reroll():
            return who, t(locale, "Commander re-rolls the other ready crew")
        case ChangeFace(target=target, face=face):
            current = face_name(locale, state.dice[target].face)
            return who, t(
                locale,
                "Commander turns die {die} ({current}) to {face}",
                die=target + 1,
                current=current,
                face=face_name(locale, face),
            )
        case Fire(split=split):
            shots = ", ".join(_shot(state, uid, points, locale) for uid, points in split)
            return who, t(
                locale, "fire weapons for {damage} — {shots}", damage=weapon_damage(state), shots=shots
            )
        case Repair():
            return who, t(locale, "repair the hull by {amount}", amount=repaired(state))
        case Recharge():
            return who, t(locale, "recharge the shields to {most}", most=SHIELDS_MAX)
        case Stasis(target=target):
            return who, t(locale, "stasis beam on {name}", name=_name(state, target, locale))
        case Heal():
            return who, t(locale, "bring everyone back from the Infirmary")
        case ClearScanner(scanner_die=locked):
            return who, t(locale, "free die {die} from the Scanners", die=locked + 1)
        case AwayMission(target=target):
            return who, t(locale, "away mission on {name}", name=_name(state, target, locale))
        case EndAssignment():
            return None, t(locale, "End assignment: discover, activate threats, gather")
        case SendToInfirmary(die=sent):  # the die as the crew list says it: face and where
            said = die_state(state, sent, locale)
            return None, t(locale, "Send die {die} to the Infirmary: {state}", die=sent + 1, state=said)
        case HoldDie(die=held):
            said = die_state(state, held, locale)
            return None, t(locale, "Die {die} is distracted: {state}", die=held + 1, state=said)
        case Recall(target=target):
            recalled = state.threat(target)
            many = recalled is not None and plural_name(locale, recalled.card)
            return None, t(locale, RECALL[many], name=_name(state, target, locale))
        case Gather():
            return None, t(locale, "Leave the away teams in place (their missions go on next round)")
    return None, repr(action)
