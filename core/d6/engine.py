"""The Deep Space D-6 rules engine: `new_game`, `legal_actions`, `apply`.

Rules references (§) are to the English digest, `shared/rules/deep-space-d6.en.md`. The engine never
mutates its input: `apply` works on a clone. Random steps (crew rolls, draws, the threat die) happen
inside it, from named streams of the game's seed (`core.rng`). Work that spans several rule steps —
discovering, activating, gathering, the next roll — runs from a queue in the state, so a choice the
rules leave to the player (which die goes to the Infirmary, which die Distracted holds, whether to
recall away-mission crew) can suspend it as a `Pending` decision and resume once answered.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from itertools import combinations_with_replacement
from typing import Any, cast

from core.errors import IllegalAction
from core.events import Event, Events
from core.i18n import Text, lazy, lazy_n, mark
from core.rng import Rng

from .actions import (
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
from .cards import CREW_FACES, FACES, FILLER_ID, Card, Effect, Face, Passive, card, deck
from .names import PLACES, CardWords, FaceName, Joined, Term, ThreatName, about, agreeing, pending_question
from .state import (
    CARDS_REMOVED,
    DONT_PANIC_CARDS,
    HULL_MAX,
    RULES_VERSION,
    RULES_VERSIONS,
    SHIELDS_MAX,
    Die,
    Difficulty,
    HouseRules,
    Length,
    Outcome,
    Pending,
    Place,
    State,
    Station,
    Task,
    Threat,
)

SETUP_DRAWS = 2
# Why a game with no hull left was lost: stored in the state as this English msgid, so saved games keep
# it; the result shows `render.d6_text.loss_text`, which words it without repeating "the ship is lost".
HULL_DESTROYED = mark("The hull is destroyed. Your ship is lost.")
NO_THREAT_APPEARS = mark(
    "Scanners full: three Threat dice reset; the threat deck is empty, so no threat appears."
)


# --- set-up ----------------------------------------------------------------------------------------


def deal(
    seed: int,
    difficulty: Difficulty | str = Difficulty.MEDIUM,
    length: Length | str = Length.FULL,
    house_rules: HouseRules | None = None,
    rules_version: str = RULES_VERSION,
) -> tuple[State, Events]:
    """Set up a game (§2, §8) and play round 1 up to the assignment step; returns the opening events.

    `rules_version` is the newest for a new game; an older one replays or re-deals a game (or a daily
    challenge) stored under it.
    """
    difficulty, length = Difficulty(difficulty), Length(length)
    if rules_version not in RULES_VERSIONS:
        raise ValueError(f"unknown D-6 rules version {rules_version!r}")
    cards = [c.id for c in deck().cards if c.kind != "filler" for _ in range(c.count)]
    cards += [FILLER_ID] * DONT_PANIC_CARDS[difficulty]
    state = State(
        rules_version=rules_version,
        seed=seed,
        difficulty=difficulty,
        length=length,
        house_rules=house_rules or HouseRules(),
        dice=[Die(face=Face.COMMANDER) for _ in range(6)],
        deck=cards,
    )
    rng = Rng(seed, state.rng)
    rng.shuffle("deck", state.deck)
    removed = CARDS_REMOVED[length]
    state.removed, state.deck = state.deck[:removed], state.deck[removed:]
    said = lazy_n(
        "Hull {hull}, shields {shields}. The threat deck holds {count} card; set-up draws the first {draws}.",
        "Hull {hull}, shields {shields}. The threat deck holds {count} cards; "
        "set-up draws the first {draws}.",
        len(state.deck),
        hull=state.hull,
        shields=state.shields,
        draws=SETUP_DRAWS,  # the board's count is after them: the two lines below say which
    )
    events = [Event(said)]
    state.queue = [Task(op="draw", reason="set-up") for _ in range(SETUP_DRAWS)] + [Task(op="new_round")]
    state.round = 0  # new_round starts round 1
    _run(state, events)
    return state, events


def new_game(
    seed: int,
    difficulty: Difficulty | str = Difficulty.MEDIUM,
    length: Length | str = Length.FULL,
    house_rules: HouseRules | None = None,
    rules_version: str = RULES_VERSION,
) -> State:
    return deal(seed, difficulty, length, house_rules, rules_version)[0]


# --- small queries ---------------------------------------------------------------------------------


def card_of(threat: Threat) -> Card:
    return card(threat.card)


def dice_in(state: State, place: Place) -> list[int]:
    return [i for i, d in enumerate(state.dice) if d.place is place]


def assignment_over(state: State) -> bool:
    """Whether this round's assignment is over (steps 4–6 are running: the next round is queued), so a
    die still in the pool was left unused; before it (a question while the Scanners draw) a die in the
    pool was just rolled and is still to be assigned."""
    return state.round > 0 and state.phase != "assign" and any(task.op == "new_round" for task in state.queue)


def mission_dice(state: State, uid: int) -> list[int]:
    return [i for i, d in enumerate(state.dice) if d.place is Place.MISSION and d.on == uid]


def missing_icons(state: State, threat: Threat) -> list[Face]:
    """The crew faces that could still go on `threat`'s away mission (§5)."""
    mission = card_of(threat).mission
    if mission is None:
        return []
    placed = [d.face for d in state.dice if d.place is Place.MISSION and d.on == threat.uid]
    if mission.mode == "any_one":
        return [] if placed else list(dict.fromkeys(mission.dice))
    missing = list(mission.dice)
    for face in placed:
        missing.remove(face)
    return missing


def crew_needed(state: State, threat: Threat) -> int:
    """How many more crew dice complete `threat`'s away mission (Pandemic's "either one" needs one)."""
    mission = card_of(threat).mission
    if mission is None:
        return 0
    placed = sum(d.place is Place.MISSION and d.on == threat.uid for d in state.dice)
    return max(0, mission.needed - placed)


def offline_by(state: State) -> Threat | None:
    """The threat holding the shields offline (Nebula), if one is in play."""
    return next((t for t in state.threats() if card_of(t).shields_offline), None)


def shields_offline(state: State) -> bool:
    return offline_by(state) is not None


def banned_by(state: State, face: Face, mission: int | None = None) -> Threat | None:
    """The threat whose ban stops `face` being assigned (a card never bans its own mission)."""
    return next((t for t in state.threats() if face in card_of(t).bans and t.uid != mission), None)


def infirmary_candidates(state: State) -> list[int]:
    """Ruling (§3 Infirmary): any crew die that is not already in the Infirmary or the Scanners."""
    return [i for i, d in enumerate(state.dice) if d.place not in (Place.INFIRMARY, Place.SCANNER)]


def hold_candidates(state: State) -> list[int]:
    """FAQ (§9 Distracted): "an available unit or a unit that will become available on the next round".

    An unassigned die or one in the Returned area, and since rules d6-2 a die on a station this round
    (it would be gathered at step 6; d6-1 left those out, so Distracted could hold nothing).
    """
    places = {Place.POOL, Place.RETURNED} | ({Place.STATION} if state.rules_since("d6-2") else set[Place]())
    return [i for i, d in enumerate(state.dice) if d.place in places]


def hold_options(state: State) -> list[int]:
    """One candidate per face and place: once held, a die's station no longer matters."""
    seen: dict[tuple[Face, Place], int] = {}
    for i in hold_candidates(state):
        seen.setdefault((state.dice[i].face, state.dice[i].place), i)
    return sorted(seen.values())


def stasis_targets(state: State) -> list[Threat]:
    """The threats the stasis beam may hold: any not already held (§6 ruling: internal ones too).

    Stasis only stops activations by the threat die, so since rules d6-2 a threat that never
    activates that way (Scouting Ship, Mercenary, the cards that ban a station) is no target: the
    beam would do nothing (docs/d6.md, "a station with no effect cannot be chosen").
    """
    needs_activation = state.rules_since("d6-2")
    return [t for t in state.threats() if not t.stasis and (card_of(t).activation or not needs_activation)]


def distinct(state: State, dice: Iterable[int]) -> list[int]:
    """One die per kind (same face, same place): choosing between identical dice is no choice."""
    seen: dict[tuple[object, ...], int] = {}
    for i in dice:
        d = state.dice[i]
        seen.setdefault((d.face, d.place, d.station, d.on), i)
    return sorted(seen.values())


def damage_splits(damage: int, targets: list[int]) -> list[tuple[tuple[int, int], ...]]:
    """Every way to split `damage` points over `targets` (threat uids), as sorted (uid, points) pairs."""
    splits: list[tuple[tuple[int, int], ...]] = []
    for combo in combinations_with_replacement(sorted(targets), damage):
        splits.append(tuple(sorted(Counter(combo).items())))
    return splits


def weapon_damage(state: State) -> int:
    """Ruling (§10): the first Tactical die of the round deals 1, each later one 2 (n dice: 2n − 1)."""
    return 1 if state.tactical_used == 0 else 2


def repair_amount(state: State) -> int:
    """Ruling (§10): the first Engineering die of the round repairs 1, each later one 2."""
    return 1 if state.engineering_used == 0 else 2


def repaired(state: State) -> int:
    """The hull an Engineering die repairs now: `repair_amount`, no more than the hull lacks."""
    return min(HULL_MAX - state.hull, repair_amount(state))


# --- legal actions ---------------------------------------------------------------------------------


def legal_actions(state: State) -> list[Action]:
    """Every action legal now, fully specified, in a stable order."""
    if state.outcome != "playing":
        return []
    if state.pending is not None:
        return list(_pending_actions(state, state.pending))
    return list(_assignment_actions(state))


def _pending_actions(state: State, pending: Pending) -> Iterator[Action]:
    if pending.kind == "infirmary":
        yield from (SendToInfirmary(die=i) for i in distinct(state, infirmary_candidates(state)))
    elif pending.kind == "hold":
        yield from (HoldDie(die=i) for i in hold_options(state))
    else:
        on_missions = {uid for i in dice_in(state, Place.MISSION) if (uid := state.dice[i].on) is not None}
        yield from (Recall(target=uid) for uid in sorted(on_missions))
        if dice_in(state, Place.POOL):
            yield Gather()


def _assignment_actions(state: State) -> Iterator[Action]:
    for i in dice_in(state, Place.POOL):
        yield from die_actions(state, i)
    yield EndAssignment()


def die_actions(state: State, i: int) -> Iterator[Action]:
    """The legal uses of the unassigned die `i` during the assignment step: stations, then missions."""
    face = state.dice[i].face
    if banned_by(state, face) is None:
        yield from _station_actions(state, i, face)
    yield from mission_actions(state, i)


def mission_actions(state: State, i: int) -> Iterator[AwayMission]:
    """The away missions the unassigned die `i` may join."""
    face = state.dice[i].face
    for threat in state.threats():
        if card_of(threat).mission is None:
            continue
        if face in missing_icons(state, threat) and banned_by(state, face, threat.uid) is None:
            yield AwayMission(die=i, target=threat.uid)


def _station_actions(state: State, i: int, face: Face) -> Iterator[Action]:
    others = [j for j in dice_in(state, Place.POOL) if j != i]
    if face is Face.COMMANDER:
        if others:
            yield Reroll(die=i)
        for j in others:
            yield from (
                ChangeFace(die=i, target=j, face=f) for f in CREW_FACES if f is not state.dice[j].face
            )
    elif face is Face.TACTICAL:
        targets = [t.uid for t in state.external if t.health is not None]
        if targets:
            yield from (Fire(die=i, split=split) for split in damage_splits(weapon_damage(state), targets))
    elif face is Face.ENGINEERING:
        if state.hull < HULL_MAX:
            yield Repair(die=i)
    elif face is Face.SCIENCE:
        if state.shields < SHIELDS_MAX and not shields_offline(state):
            yield Recharge(die=i)
        yield from (Stasis(die=i, target=t.uid) for t in stasis_targets(state))
    elif face is Face.MEDICAL:
        if dice_in(state, Place.INFIRMARY):
            yield Heal(die=i)
        yield from (ClearScanner(die=i, scanner_die=j) for j in dice_in(state, Place.SCANNER))


# --- apply -----------------------------------------------------------------------------------------


def apply(state: State, action: Action) -> tuple[State, Events]:
    """The state after `action` and what happened; raises `IllegalAction` (with the reason) otherwise."""
    if state.outcome != "playing":
        raise IllegalAction(lazy("This game is over."))
    _check(state, action)
    new = state.clone()
    events: Events = []
    _ACTIONS[type(action)](new, events, action)
    _run(new, events)
    return new, events


# A game the bot ended (forgotten, or its channel gone): lost, but nobody abandoned ship.
UNFINISHED = mark("The game was left unfinished.")


def abandon(state: State, unfinished: bool = False) -> tuple[State, Events]:
    """The crew gives up: the game ends as a loss. Not a rules action, so never in `legal_actions`.
    `unfinished`: nobody gave up, the bot ended it (forgotten, or its channel gone: `UNFINISHED`)."""
    if state.outcome != "playing":
        raise IllegalAction(lazy("This game is over."))
    new = state.clone()
    events: Events = []
    new.pending, new.queue, new.phase = None, [], "over"
    _finish(new, events, "lost", UNFINISHED if unfinished else mark("The crew abandoned ship."))
    return new, events


def _check(state: State, action: Action) -> None:
    """Raise with a player-facing reason unless `action` is legal now."""
    die: int | None = getattr(action, "die", None)
    if state.pending is None and isinstance(action, EndAssignment):
        return
    if state.pending is None and isinstance(die, int) and 0 <= die < len(state.dice):
        # An assignment: checked directly, as `die_actions` would list it (the property tests hold
        # the two to the same answers), which is much cheaper than listing every action.
        if state.dice[die].place is Place.POOL and _legal_use(state, action, die):
            return
    elif action in legal_actions(state):
        return
    raise IllegalAction(_why_illegal(state, action))


def _legal_use(s: State, a: Action, die: int) -> bool:
    """Whether the unassigned die `die` (`a.die`) may be used as `a` says (the rules of `die_actions`)."""
    face = s.dice[die].face
    if isinstance(a, AwayMission):
        threat = s.threat(a.target)
        return (
            threat is not None and face in missing_icons(s, threat) and banned_by(s, face, threat.uid) is None
        )
    if banned_by(s, face) is not None:
        return False
    match a:
        case Reroll():
            return face is Face.COMMANDER and len(dice_in(s, Place.POOL)) > 1
        case ChangeFace(target=target, face=new):
            return (
                face is Face.COMMANDER
                and target != a.die
                and 0 <= target < len(s.dice)
                and s.dice[target].place is Place.POOL
                and new in CREW_FACES
                and new != s.dice[target].face
            )
        case Fire(split=split):
            return face is Face.TACTICAL and _valid_split(s, split)
        case Repair():
            return face is Face.ENGINEERING and s.hull < HULL_MAX
        case Recharge():
            return face is Face.SCIENCE and s.shields < SHIELDS_MAX and not shields_offline(s)
        case Stasis(target=target):
            return face is Face.SCIENCE and any(t.uid == target for t in stasis_targets(s))
        case Heal():
            return face is Face.MEDICAL and bool(dice_in(s, Place.INFIRMARY))
        case ClearScanner(scanner_die=locked):
            return face is Face.MEDICAL and locked in dice_in(s, Place.SCANNER)
        case _:  # not a station's action: the checks above said all
            return False


def _valid_split(s: State, split: object) -> bool:
    """`split` is one of `damage_splits(weapon_damage(s), targets)`: sorted (uid, points ≥ 1) pairs."""
    if not isinstance(split, tuple) or not split:
        return False
    targets = {t.uid for t in s.external if t.health is not None}
    uids: list[int] = []
    total = 0
    for pair in cast("tuple[object, ...]", split):
        if not (isinstance(pair, tuple) and len(cast("tuple[object, ...]", pair)) == 2):
            return False
        uid, points = cast("tuple[object, object]", pair)
        if not (isinstance(uid, int) and isinstance(points, int)):
            return False
        if uid not in targets or points < 1:
            return False
        uids.append(uid)
        total += points
    return uids == sorted(set(uids)) and total == weapon_damage(s)


def _why_illegal(state: State, action: Action) -> Text:
    pending = state.pending
    if pending is not None and not isinstance(action, SendToInfirmary | HoldDie | Recall | Gather):
        return lazy("First decide: {question}", question=pending_question(state))
    if pending is None and isinstance(action, SendToInfirmary | HoldDie | Recall | Gather):
        return lazy("There is no such decision to make right now.")
    if isinstance(action, Gather):
        return lazy("None of your crew could be gathered: recall crew from an away mission first.")
    die: int | None = getattr(action, "die", None)
    if die is not None:
        if not 0 <= die < len(state.dice):
            return lazy("There is no such crew die.")
        d = state.dice[die]
        if pending is None and d.place is not Place.POOL:
            return lazy("That die is not available (it is {where}).", where=Text(PLACES[d.place]))
        mission = action.target if isinstance(action, AwayMission) else None
        ban = banned_by(state, d.face, mission)
        if pending is None and ban is not None:
            return about(
                ban.card,
                mark("{name} keeps {face} crew from being assigned."),
                mark("{name} keep {face} crew from being assigned."),
                face=FaceName(d.face),
            )
    return _station_refusal(state, action) or lazy("That move is not allowed right now.")


def _station_refusal(state: State, action: Action) -> Text | None:
    """Why a station cannot do anything useful now, in the player's words."""
    if isinstance(action, Recharge):
        if (offline := offline_by(state)) is not None:
            return lazy("The shields are offline while {name} is in play.", name=ThreatName(offline.card))
        if state.shields >= SHIELDS_MAX:
            return lazy("The shields are already full.")
    if isinstance(action, Repair) and state.hull >= HULL_MAX:
        return lazy("The hull is already at {most}.", most=HULL_MAX)
    if isinstance(action, Heal) and not dice_in(state, Place.INFIRMARY):
        return lazy("Nobody is in the Infirmary.")
    if isinstance(action, Stasis) and (target := state.threat(action.target)) is not None:
        name = ThreatName(target.card)
        if target.stasis:
            held = (mark("{name} is already held in stasis."), mark("{name} are already held in stasis."))
            return about(target.card, *held)
        return lazy(
            "{name} never activates on the threat die, so the stasis beam would do nothing to it.", name=name
        )
    if isinstance(action, Fire):
        return lazy(
            "Weapons deal {damage} now: split exactly that over external threats with health.",
            damage=weapon_damage(state),
        )
    return None


def _use(state: State, i: int, station: Station, on: int | None = None) -> None:
    update = {"place": Place.STATION, "station": station, "on": on, "was": None}
    state.dice[i] = state.dice[i].model_copy(update=update)


def _move(state: State, i: int, place: Place, on: int | None = None) -> None:
    state.dice[i] = Die(face=state.dice[i].face, place=place, on=on)


def _back_to_pool(state: State, i: int) -> None:
    """A die gathered or recalled into the pool, remembering where it was until it is rolled, so the
    board can tell it from a die left unused this round."""
    die = state.dice[i]
    state.dice[i] = Die(face=die.face, was=die)


def _do_reroll(s: State, ev: Events, a: Reroll) -> None:
    _use(s, a.die, Station.COMMANDER)
    ev.append(Event(lazy("Commander: the crew re-rolls.")))
    _roll(s, ev, dice_in(s, Place.POOL))


def _do_change_face(s: State, ev: Events, a: ChangeFace) -> None:
    _use(s, a.die, Station.COMMANDER)
    s.dice[a.target] = s.dice[a.target].model_copy(update={"face": Face(a.face)})
    ev.append(Event(lazy("Commander: die {die} becomes {face}.", die=a.target + 1, face=FaceName(a.face))))


def _do_fire(s: State, ev: Events, a: Fire) -> None:
    damage = weapon_damage(s)
    _use(s, a.die, Station.WEAPONS)
    s.tactical_used += 1
    ev.append(Event(lazy("Weapons fire for {damage}.", damage=damage)))
    for uid, points in a.split:
        _hurt(s, ev, uid, points, cause="weapons")


def _do_repair(s: State, ev: Events, a: Repair) -> None:
    amount = repaired(s)  # told as done: a full hull takes no more than it lacks
    _use(s, a.die, Station.REPAIR)
    s.engineering_used += 1
    s.hull += amount
    ev.append(Event(lazy("Engineering repairs {amount}: hull {hull}.", amount=amount, hull=s.hull)))


def _do_recharge(s: State, ev: Events, a: Recharge) -> None:
    _use(s, a.die, Station.SHIELDS)
    s.shields = SHIELDS_MAX
    ev.append(Event(lazy("Science recharges the shields to {most}.", most=SHIELDS_MAX)))


def _do_stasis(s: State, ev: Events, a: Stasis) -> None:
    _use(s, a.die, Station.STASIS, on=a.target)
    threat = s.threat(a.target)
    assert threat is not None
    _replace(s, threat.model_copy(update={"stasis": True}))
    beam = (
        mark("Stasis beam on {name}: it cannot activate this round."),
        mark("Stasis beam on {name}: they cannot activate this round."),
    )
    ev.append(Event(about(threat.card, *beam)))


def _do_heal(s: State, ev: Events, a: Heal) -> None:
    _use(s, a.die, Station.MEDICAL)
    healed = dice_in(s, Place.INFIRMARY)
    for i in healed:
        _move(s, i, Place.RETURNED)
    said = lazy_n(
        "Medical: {count} crew die leaves the Infirmary (it rolls again next round).",
        "Medical: {count} crew dice leave the Infirmary (they roll again next round).",
        len(healed),
    )
    ev.append(Event(said))


def _do_clear_scanner(s: State, ev: Events, a: ClearScanner) -> None:
    _use(s, a.die, Station.MEDICAL)
    _move(s, a.scanner_die, Place.RETURNED)
    ev.append(Event(lazy("Medical: a locked Threat die leaves the Scanners (it rolls again next round).")))


def _do_mission(s: State, ev: Events, a: AwayMission) -> None:
    threat = s.threat(a.target)
    assert threat is not None
    _move(s, a.die, Place.MISSION, on=threat.uid)
    name = ThreatName(threat.card)
    if missing_icons(s, threat):  # more crew needed: the die waits on the card (§5 "locks in")
        ev.append(
            Event(
                lazy(
                    "{face} crew joins the away mission on {name}.",
                    face=FaceName(s.dice[a.die].face),
                    name=name,
                )
            )
        )
        return
    mission = card_of(threat).mission
    assert mission is not None
    for i in mission_dice(s, threat.uid):
        _move(s, i, Place.INFIRMARY if mission.dice_go_to == "infirmary" else Place.RETURNED)
    s.completed += 1
    if threat in s.external:  # it scores as destroyed too (docs/d6.md, Score): the log says so
        s.destroyed += 1
        done = about(
            threat.card,
            mark("Away mission complete: {name} is destroyed!"),
            mark("Away mission complete: {name} are destroyed!"),
        )
        ev.append(Event(done, "good"))
    else:
        done = about(
            threat.card,
            mark("Away mission complete: {name} is dealt with."),
            mark("Away mission complete: {name} are dealt with."),
        )
        ev.append(Event(done, "good"))
    if mission.dice_go_to == "infirmary":
        ev.append(Event(lazy("The crew member who went is hurt and goes to the Infirmary.")))
    _remove(s, threat)


def _do_end_assignment(s: State, ev: Events, a: EndAssignment) -> None:
    ev.append(Event(lazy("Round {round}: assignments done.", round=s.round)))
    s.queue = [Task(op="discover"), Task(op="roll_threats"), Task(op="passives"), Task(op="gather")]
    s.queue.append(Task(op="new_round"))


def _do_send(s: State, ev: Events, a: SendToInfirmary) -> None:
    s.pending = None
    _move(s, a.die, Place.INFIRMARY)
    ev.append(Event(lazy("Die {die} goes to the Infirmary.", die=a.die + 1), "bad"))


def _do_hold(s: State, ev: Events, a: HoldDie) -> None:
    pending = s.pending
    assert pending is not None
    s.pending = None
    _hold(s, ev, a.die, pending.source)


def _do_recall(s: State, ev: Events, a: Recall) -> None:
    for i in mission_dice(s, a.target):
        _back_to_pool(s, i)
    threat = s.threat(a.target)
    name: Text | ThreatName = ThreatName(threat.card) if threat else lazy("a threat")
    ev.append(Event(lazy("Crew recalled from the away mission on {name}.", name=name)))
    if not dice_in(s, Place.MISSION):
        s.pending = None


def _do_gather(s: State, ev: Events, a: Gather) -> None:
    s.pending = None
    ev.append(Event(lazy("The rest of the away-mission crew stays in place.")))


# Any: each handler takes its own action class, which a dict's value type cannot say.
_ACTIONS: dict[type, Callable[[State, Events, Any], None]] = {
    Reroll: _do_reroll,
    ChangeFace: _do_change_face,
    Fire: _do_fire,
    Repair: _do_repair,
    Recharge: _do_recharge,
    Stasis: _do_stasis,
    Heal: _do_heal,
    ClearScanner: _do_clear_scanner,
    AwayMission: _do_mission,
    EndAssignment: _do_end_assignment,
    SendToInfirmary: _do_send,
    HoldDie: _do_hold,
    Recall: _do_recall,
    Gather: _do_gather,
}


# --- the work queue: round steps 1, 2, 4, 5, 6 (§4) ------------------------------------------------


def _run(s: State, ev: Events) -> None:
    """Work through the queue until it is empty, a choice is needed, or the game is over."""
    while s.outcome == "playing" and s.pending is None and s.queue:
        task = s.queue.pop(0)
        _TASKS[task.op](s, ev, task)
    if s.outcome != "playing":
        s.queue, s.pending, s.phase = [], None, "over"
    else:
        s.phase = "decide" if s.pending is not None else "assign"


def _new_round(s: State, ev: Events, task: Task) -> None:
    """Steps 1–2: roll the available crew, lock Threat faces, scan."""
    s.round += 1
    s.tactical_used = s.engineering_used = 0
    s.hull_lost_this_round = s.threat_activated_this_round = False
    s.extra_roll_due = s.extra_roll_done = False
    ev.append(Event(lazy("Round {round} begins.", round=s.round), "round"))
    _roll(s, ev, dice_in(s, Place.POOL))


def _roll(s: State, ev: Events, dice: list[int]) -> None:
    """Roll `dice`; Threat faces lock in the Scanners, and every full set of three draws a threat (§3)."""
    rng = Rng(s.seed, s.rng)
    for i in dice:
        s.dice[i] = Die(face=FACES[rng.die(f"crew:{s.round}") - 1])
    if dice:
        faces = Joined(tuple(FaceName(s.dice[i].face) for i in dice))
        rolled = lazy_n(  # one form in English; es "Tirado 1 dado" / "Tirados 2 dados"
            "Rolled {count} crew: {faces}.", "Rolled {count} crew: {faces}.", len(dice), faces=faces
        )
        ev.append(Event(rolled))
    if detected := sum(s.dice[i].face is Face.THREAT for i in dice):
        said = lazy_n(
            "{detected} {count} die locks in the Scanners.",
            "{detected} {count} dice lock in the Scanners.",
            detected,
            detected=Term("threat_detected"),
        )
        ev.append(Event(said, "bad"))
    for i in dice:
        if s.dice[i].face is Face.THREAT:
            _move(s, i, Place.SCANNER)
    locked = dice_in(s, Place.SCANNER)
    draws: list[Task] = []
    while len(locked) >= 3:
        for i in locked[:3]:
            _move(s, i, Place.RESET)
        locked = locked[3:]
        # the draws go first in the queue: this one finds a card if the deck holds more than those before
        if len(draws) < len(s.deck):
            ev.append(Event(lazy("Scanners full: three Threat dice reset and a new threat appears!"), "bad"))
        else:  # §7: with the deck empty, nothing is drawn; the three dice still reset
            ev.append(Event(lazy(NO_THREAT_APPEARS)))
        draws.append(Task(op="draw", reason="scanners"))
    s.queue[:0] = draws


def _draw(s: State, ev: Events, task: Task) -> None:
    if not s.deck:
        if task.reason != "scanners":  # the Scanners said so as they filled (`_roll`)
            ev.append(Event(lazy("The threat deck is empty: nothing more to draw.")))
        return
    card_id = s.deck.pop(0)
    drawn = card(card_id)
    if drawn.kind == "filler":
        s.discard.append(card_id)
        ev.append(Event(lazy("Don't Panic! Nothing happens."), "good"))
        return
    threat = Threat(uid=s.next_uid, card=card_id, health=drawn.health)
    s.next_uid += 1
    (s.internal if drawn.kind == "internal" else s.external).append(threat)
    name, words = ThreatName(card_id), CardWords(card_id)
    if drawn.kind == "internal":
        said = lazy("New threat: {name} inside the ship. Effect: {text}", name=name, text=words)
    elif drawn.health:
        said = lazy(
            "New threat: {name} with {health} health. Effect: {text}",
            name=name,
            health=drawn.health,
            text=words,
        )
    else:
        said = lazy("New threat: {name}. Effect: {text}", name=name, text=words)
    ev.append(Event(said, "threat"))
    _effects(s, ev, threat, drawn.on_reveal)


def _discover(s: State, ev: Events, task: Task) -> None:
    """Step 4: the win check (§7), then draw one threat."""
    if not s.deck and not _externals_left(s):
        if s.external:  # only threats the FAQ lets the crew leave behind (Solar Winds above 5 hull)
            above = min(card_of(t).endgame_skippable_above_hull or 0 for t in s.external)
            names = Joined(tuple(ThreatName(t.card) for t in s.external))
            said: str | Text = lazy(
                "The rescue fleet arrives: the threat deck is spent, and what is left outside ({names}) "
                "could not destroy a ship with more than {hull} hull. You win!",
                names=names,
                hull=above,
            )
        else:
            said = mark(
                "The rescue fleet arrives: the threat deck is spent and no external threat is left to "
                "beat. You win!"
            )
        _finish(s, ev, "won", said)
        return
    waiting = _externals_left(s)
    if not s.deck and all(card_of(t).endgame_skippable_above_hull is not None for t in waiting):
        above = min(card_of(t).endgame_skippable_above_hull or 0 for t in waiting)
        names = Joined(tuple(ThreatName(t.card) for t in waiting))
        said = lazy(
            "The threat deck is spent, but {names} could still destroy a ship with {hull} hull: once the "
            "hull is above {above}, or once it has struck and left, the rescue fleet arrives.",
            names=names,
            hull=s.hull,
            above=above,
        )
        ev.append(Event(said, "threat"))
    s.queue.insert(0, Task(op="draw", reason="discover"))


def _externals_left(s: State) -> list[Threat]:
    """External threats still to beat; Solar Winds can be skipped while the hull is above 5 (§10)."""
    left: list[Threat] = []
    for t in s.external:
        skip_above = card_of(t).endgame_skippable_above_hull
        if skip_above is None or s.hull <= skip_above:
            left.append(t)
    return left


def _roll_threats(s: State, ev: Events, task: Task) -> None:
    """Step 5: roll the threat die; matching threats activate, internal then external, top to bottom."""
    face = Rng(s.seed, s.rng).die(f"threat-die:{s.round}")
    matching = [t for t in s.internal + s.external if face in card_of(t).activation]
    if task.reason == "cloaked":
        said = lazy("Threat die again ({name}): {face}.", name=ThreatName("cloaked_threats"), face=face)
    else:
        said = lazy("Threat die: {face}.", face=face)
    ev.append(Event(said, "die"))
    tasks: list[Task] = []
    for threat in matching:
        if threat.stasis:
            said = about(
                threat.card,
                mark("{name} is held in stasis and does not activate."),
                mark("{name} are held in stasis and do not activate."),
            )
            ev.append(Event(said))
        else:
            tasks.append(Task(op="activate", uid=threat.uid, face=face))
    if not matching:
        ev.append(Event(lazy("No threat activates.")))
    tasks.append(Task(op="after_pass"))
    s.queue[:0] = tasks


def _activate(s: State, ev: Events, task: Task) -> None:
    threat = s.threat(task.uid or 0)
    if threat is None:  # destroyed or discarded earlier in this pass
        return
    s.threat_activated_this_round = True
    ev.append(Event(about(threat.card, mark("{name} activates."), mark("{name} activate.")), "threat"))
    _effects(s, ev, threat, card_of(threat).on_activate)


def _after_pass(s: State, ev: Events, task: Task) -> None:
    """Cloaked Threats: one extra roll of the threat die per round (ruling §10)."""
    if s.extra_roll_due and not s.extra_roll_done:
        s.extra_roll_due, s.extra_roll_done = False, True
        s.queue.insert(0, Task(op="roll_threats", reason="cloaked"))


def _passives(s: State, ev: Events, task: Task) -> None:
    """After all activations: passive checks (Scouting Ship, Mercenary); stasis ends.

    The FAQ has Scouting Ship look "after you have resolved all the threats", so since d6-3 it looks
    after every other passive strike too: a Mercenary's 2 hull counts whichever card came first.
    """
    threats = list(s.internal + s.external)
    if s.rules_since("d6-3"):
        threats.sort(key=lambda t: _looks_last(card_of(t).passive))
    for threat in threats:
        passive = card_of(threat).passive
        if passive is None or s.threat(threat.uid) is None:
            continue
        if passive.when == "hull_lost_this_round" and s.hull_lost_this_round:
            ev.append(
                Event(
                    lazy(
                        "{name}: you lost hull this round, so it strikes too.", name=ThreatName(threat.card)
                    ),
                    "threat",
                )
            )
            _effects(s, ev, threat, passive.effects)
        elif passive.when == "no_threat_activated" and not s.threat_activated_this_round:
            ev.append(
                Event(
                    lazy(
                        "{name}: no threat activated this round, so it strikes.", name=ThreatName(threat.card)
                    ),
                    "threat",
                )
            )
            _effects(s, ev, threat, passive.effects)
        if s.outcome != "playing":
            return
    s.internal = [t.model_copy(update={"stasis": False}) if t.stasis else t for t in s.internal]
    s.external = [t.model_copy(update={"stasis": False}) if t.stasis else t for t in s.external]


def _looks_last(passive: Passive | None) -> bool:
    return passive is not None and passive.when == "hull_lost_this_round"


def _gather(s: State, ev: Events, task: Task) -> None:
    """Step 6: assigned, reset and returned dice come back; away-mission crew may be recalled (§4)."""
    for i, d in enumerate(s.dice):
        if d.place in (Place.STATION, Place.RESET, Place.RETURNED):
            _back_to_pool(s, i)
    if dice_in(s, Place.MISSION):
        s.pending = Pending(kind="gather", reason="recall crew from unfinished away missions, or leave them?")
        return
    if not dice_in(s, Place.POOL):
        _finish(s, ev, "lost", mark("No crew can be gathered: your crew is incapacitated."))


_TASKS: dict[str, Callable[[State, Events, Task], None]] = {
    "draw": _draw,
    "discover": _discover,
    "roll_threats": _roll_threats,
    "activate": _activate,
    "after_pass": _after_pass,
    "passives": _passives,
    "gather": _gather,
    "new_round": _new_round,
}


# --- effects (the card vocabulary) ---------------------------------------------------------------


def _effects(s: State, ev: Events, threat: Threat, effects: Iterable[Effect]) -> None:
    for effect in effects:
        if s.outcome != "playing":
            return
        _EFFECTS[effect.op](s, ev, threat, effect)


def _damage(s: State, ev: Events, threat: Threat, effect: Effect) -> None:
    amount = effect.amount
    absorbed = 0 if effect.ignores_shields or shields_offline(s) else min(s.shields, amount)
    s.shields -= absorbed
    lost = min(s.hull, amount - absorbed)
    s.hull -= lost
    s.hull_lost_this_round |= lost > 0
    parts = [lazy("shields absorb {absorbed}", absorbed=absorbed)] if absorbed else []
    if effect.ignores_shields:
        parts.append(lazy("it ignores shields"))
    elif shields_offline(s):
        parts.append(lazy("shields are offline"))
    if lost or not absorbed:
        parts.append(lazy("hull −{lost} (now {hull})", lost=lost, hull=s.hull))
    said = about(
        threat.card,
        mark("{name} hits for {amount} — {parts}."),
        mark("{name} hit for {amount} — {parts}."),
        amount=amount,
        parts=Joined(tuple(parts)),
    )
    ev.append(Event(said, "bad"))
    if s.hull <= 0:
        _finish(s, ev, "lost", HULL_DESTROYED)


def _destroy_shields(s: State, ev: Events, threat: Threat, effect: Effect) -> None:
    s.shields = 0
    ev.append(Event(lazy("{name} destroys the shields.", name=ThreatName(threat.card)), "bad"))


def _set_shields(s: State, ev: Events, threat: Threat, effect: Effect) -> None:
    s.shields = effect.amount
    ev.append(Event(lazy("Shields are back online at {amount}.", amount=effect.amount)))


def _lose_health(s: State, ev: Events, threat: Threat, effect: Effect) -> None:
    _hurt(s, ev, threat.uid, effect.amount, cause="decay")


def _heal_threats(s: State, ev: Events, threat: Threat, effect: Effect) -> None:
    healed = 0
    for t in s.threats():
        start = card_of(t).health
        if t.health is not None and start is not None and t.health < start:
            _replace(s, t.model_copy(update={"health": min(start, t.health + effect.amount)}))
            healed += 1
    if not healed:
        ev.append(
            Event(lazy("{name}: no threat is damaged, so none recovers.", name=ThreatName(threat.card)))
        )
        return
    said = lazy_n(
        "{name}: {count} damaged threat recovers.",
        "{name}: {count} damaged threats recover.",
        healed,
        name=ThreatName(threat.card),
    )
    ev.append(Event(said, "bad"))


def _send_to_infirmary(s: State, ev: Events, threat: Threat, effect: Effect) -> None:
    options = distinct(s, infirmary_candidates(s))
    name = ThreatName(threat.card)
    if not options:
        ev.append(Event(lazy("{name}: there is no crew left to send to the Infirmary.", name=name)))
    elif len(options) == 1:
        _move(s, options[0], Place.INFIRMARY)
        sends = (
            mark("{name} sends a crew member to the Infirmary."),
            mark("{name} send a crew member to the Infirmary."),
        )
        ev.append(Event(about(threat.card, *sends), "bad"))
    else:
        s.pending = Pending(
            kind="infirmary",
            source=threat.uid,
            reason=f"{card_of(threat).name}: which crew die goes to the Infirmary?",
        )


def _tactical_to_infirmary(s: State, ev: Events, threat: Threat, effect: Effect) -> None:
    hit = [i for i, d in enumerate(s.dice) if d.face is Face.TACTICAL and d.place is not Place.INFIRMARY]
    for i in hit:
        _move(s, i, Place.INFIRMARY)
    name = ThreatName(threat.card)
    if hit:
        said = lazy_n(
            "{name}: {count} Tactical crew member goes to the Infirmary.",
            "{name}: {count} Tactical crew go to the Infirmary.",
            len(hit),
            name=name,
        )
    else:
        said = lazy("{name}: nothing happens.", name=name)
    ev.append(Event(said))


def _hold_die(s: State, ev: Events, threat: Threat, effect: Effect) -> None:
    options = hold_options(s)
    if not options:
        ev.append(
            Event(lazy("{name}: no crew member is free to be distracted.", name=ThreatName(threat.card)))
        )
    elif len(options) == 1:
        _hold(s, ev, options[0], threat.uid)
    else:
        reason = f"{card_of(threat).name}: which crew die is distracted?"
        s.pending = Pending(kind="hold", source=threat.uid, reason=reason)


def _hold(s: State, ev: Events, die: int, uid: int | None) -> None:
    _move(s, die, Place.HELD, on=uid)
    ev.append(Event(lazy("Die {die} is distracted and unavailable.", die=die + 1), "bad"))


def _release_held_die(s: State, ev: Events, threat: Threat, effect: Effect) -> None:
    for i, d in enumerate(s.dice):
        if d.place is Place.HELD and d.on == threat.uid:
            _move(s, i, Place.RETURNED)
            ev.append(Event(lazy("The distracted crew member (die {die}) is back.", die=i + 1)))


def _free_scanner_die(s: State, ev: Events, threat: Threat, effect: Effect) -> None:
    locked = dice_in(s, Place.SCANNER)
    if locked:
        _move(s, locked[0], Place.RETURNED)
        ev.append(
            Event(lazy("{name}: a Threat die leaves the Scanners.", name=ThreatName(threat.card)), "good")
        )
    else:
        ev.append(
            Event(lazy("{name}: the Scanners are empty, nothing happens.", name=ThreatName(threat.card)))
        )


def _roll_again(s: State, ev: Events, threat: Threat, effect: Effect) -> None:
    if not s.extra_roll_done:
        s.extra_roll_due = True


def _discard_self(s: State, ev: Events, threat: Threat, effect: Effect) -> None:
    current = s.threat(threat.uid)
    if current is not None:
        ev.append(Event(about(current.card, mark("{name} is discarded."), mark("{name} are discarded."))))
        _remove(s, current)


_EFFECTS: dict[str, Callable[[State, Events, Threat, Effect], None]] = {
    "damage": _damage,
    "destroy_shields": _destroy_shields,
    "set_shields": _set_shields,
    "lose_health": _lose_health,
    "heal_threats": _heal_threats,
    "send_to_infirmary": _send_to_infirmary,
    "tactical_to_infirmary": _tactical_to_infirmary,
    "hold_die": _hold_die,
    "release_held_die": _release_held_die,
    "free_scanner_die": _free_scanner_die,
    "roll_threat_die_again": _roll_again,
    "discard_self": _discard_self,
}


# --- threats leaving play, the end -----------------------------------------------------------------


def _replace(s: State, threat: Threat) -> None:
    for row in (s.internal, s.external):
        for k, t in enumerate(row):
            if t.uid == threat.uid:
                row[k] = threat


def _remove(s: State, threat: Threat) -> None:
    """The card leaves play: its away-mission and held crew return; it goes to the discard pile."""
    s.internal = [t for t in s.internal if t.uid != threat.uid]
    s.external = [t for t in s.external if t.uid != threat.uid]
    s.discard.append(threat.card)
    for i, d in enumerate(s.dice):
        if d.on == threat.uid and d.place in (Place.MISSION, Place.HELD):
            _move(s, i, Place.RETURNED)


def _hurt(s: State, ev: Events, uid: int, points: int, *, cause: str) -> None:
    threat = s.threat(uid)
    if threat is None or threat.health is None:
        return
    health = max(0, threat.health - points)
    name = ThreatName(threat.card)
    if health > 0:
        _replace(s, threat.model_copy(update={"health": health}))
        one = lazy_n(  # one form in English; es "le queda 1" / "le quedan 3"
            "{name} takes {points} damage ({count} health left).",
            "{name} takes {points} damage ({count} health left).",
            health,
            name=name,
            points=points,
        )
        many = lazy_n(  # a plural name: "Raiders take 1 damage (2 health left)."
            "{name} take {points} damage ({count} health left).",
            "{name} take {points} damage ({count} health left).",
            health,
            name=name,
            points=points,
        )
        said = agreeing(threat.card, one, many)
        ev.append(Event(said))
        return
    ev.append(Event(about(threat.card, mark("{name} is destroyed!"), mark("{name} are destroyed!")), "good"))
    s.destroyed += 1
    _remove(s, threat)
    spec = card_of(threat)
    rule = spec.on_destroyed_any_cause_rule
    if rule is None or cause == "decay" or getattr(s.house_rules, rule):
        _effects(s, ev, threat, spec.on_destroyed)


def score_parts(s: State) -> list[tuple[Text, int]]:
    """What the score is made of, in words: 10 per external threat destroyed, 5 per away mission;
    a win adds 50, 10 per hull point and 5 per shield left."""
    parts = [
        (
            lazy_n(
                "{count} external threat destroyed × 10",
                "{count} external threats destroyed × 10",
                s.destroyed,
            ),
            10 * s.destroyed,
        ),
        (
            lazy_n("{count} away mission completed × 5", "{count} away missions completed × 5", s.completed),
            5 * s.completed,
        ),
    ]
    if s.outcome == "won":
        parts += [
            (lazy("victory"), 50),
            (lazy("{hull} hull left × 10", hull=s.hull), 10 * s.hull),
            (lazy_n("{count} shield left × 5", "{count} shields left × 5", s.shields), 5 * s.shields),
        ]
    return parts


def score(s: State) -> int:
    return sum(points for _, points in score_parts(s))


def _finish(s: State, ev: Events, outcome: Outcome, text: str | Text) -> None:
    """End the game; a loss keeps its words (a message id) as the reason."""
    s.outcome = outcome
    s.loss_reason = text if outcome == "lost" and isinstance(text, str) else None
    s.score = score(s)
    said = text if isinstance(text, Text) else lazy(text)
    ev.append(Event(lazy("{text} Score: {score}.", text=said, score=s.score), "end"))
