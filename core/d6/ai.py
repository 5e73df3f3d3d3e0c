"""Players for D-6 that act through `legal_actions`: a random one and a greedy heuristic one.

The heuristic values each legal action by what it prevents or gains this round — expected damage of
a threat removed or put in stasis, hull and shields restored, dice saved from the Scanners — and
plays the best one until nothing is worth a die, then ends the assignment. It explains its choice in
one line, which is what `/d6 hint` shows.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import cache
from typing import NamedTuple

from core.i18n import Locale, Text, lazy, lazy_n, mark
from core.i18n.messages import Sayable
from core.policies import Choice, Policy, random_player

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
from .cards import CREW_FACES, Face, card
from .engine import (
    card_of,
    crew_needed,
    dice_in,
    die_actions,
    legal_actions,
    missing_icons,
    mission_actions,
    repaired,
    shields_offline,
)
from .names import FaceName, Joined, ThreatName, about
from .state import SHIELDS_MAX, Place, State, Threat
from .why import (
    away_words,
    give_up_words,
    hull_words,
    infirmary_words,
    mission_needs,
    scanner_words,
    shield_breakers,
    shields_words,
    threat_would,
)


def random_policy(seed: int = 0) -> Policy:
    return random_player(legal_actions, seed)


# --- how dangerous is a threat? -----------------------------------------------------------------


def danger(threat: Threat) -> float:
    """Expected harm per round (in hull points): its activations, and what it does just by staying."""
    return _card_danger(threat.card)


@cache
def activation_harm(card_id: str) -> float:
    """Expected harm of one roll of the threat die: chance to activate × what an activation does.

    This is all the stasis beam prevents; a card the die never activates scores 0.
    """
    spec = card(card_id)
    harm = 0.0
    for effect in spec.on_activate:
        if effect.op == "damage":
            harm += effect.amount * (1.3 if effect.ignores_shields else 1.0)
        elif effect.op in ("send_to_infirmary", "hold_die"):
            harm += 1.5
        elif effect.op == "heal_threats" or effect.op == "destroy_shields":
            harm += 1.0
        elif effect.op == "roll_threat_die_again":
            harm += 2.0
    return harm * len(spec.activation) / 6


@cache
def _card_danger(card_id: str) -> float:
    spec = card(card_id)
    persistent = 2.0 * len(spec.bans) + (2.0 if spec.shields_offline else 0.0)
    passive = 1.5 if spec.passive is not None else 0.0
    return activation_harm(card_id) + persistent + passive


# Values are in hull points the crew saves (or gains) over the next few rounds.
HORIZON = 10  # rounds a threat is expected to stay if left alone
# With the deck empty the game is won only once every external threat is destroyed (§7): each one
# left is in the way of the win, even one that does no harm (Meteoroid only decays).
IN_THE_WAY = 6.0
# A die left unused returns at the gather all the same, so any move worth something is free: the
# assignment ends only when nothing left is worth a crew die (until a review it was 0.75, and the
# hint called a free stasis beam "worth little" and ended the assignment instead).
END_WORTH = 0.05
THREAT_FACE_COST = 3.0  # a re-rolled die showing Threat locks in the Scanners: a third of a new threat
BLAST_WEIGHT = 1.5  # hull lost to a blast we could have softened by waiting for full shields


def blast(state: State, threat: Threat) -> int | None:
    """Hull the card's own "when destroyed" damage costs if weapons destroy it now (Meteoroid's 5,
    shields first); None when destroying it with weapons sets off nothing."""
    spec = card_of(threat)
    rule = spec.on_destroyed_any_cause_rule
    if rule is not None and not getattr(state.house_rules, rule):
        return None
    damage = [e for e in spec.on_destroyed if e.op == "damage"]
    if not damage:
        return None
    hull = 0
    shields = 0 if shields_offline(state) else state.shields
    for effect in damage:
        absorbed = 0 if effect.ignores_shields else min(shields, effect.amount)
        shields -= absorbed
        hull += effect.amount - absorbed
    return hull


def kill_value(state: State, threat: Threat) -> float:
    """What removing `threat` now is worth: the harm it would do, its place in the way of the win,
    and the hull its own blast costs (never worth losing the ship for)."""
    spec = card_of(threat)
    worth = danger(threat) * HORIZON
    if threat in state.external and not state.deck:
        worth += IN_THE_WAY
    cost = blast(state, threat)
    if cost is not None:
        if cost >= state.hull:
            return -100.0
        worth -= BLAST_WEIGHT * cost
    elif any(e.op == "damage" for e in spec.on_destroyed):
        worth += 2.0  # weapons destroy it quietly; left to decay, it would still blast the hull
    return worth


def _blast_words(state: State, threat: Threat) -> list[Sayable]:
    """What destroying `threat` with weapons now does about its own blast, in words (if it has one)."""
    amount = sum(e.amount for e in card_of(threat).on_destroyed if e.op == "damage")
    if not amount:
        return []
    cost = blast(state, threat)
    if cost is None:
        return [lazy("weapons spare the hull that blast")]
    if cost == amount:
        return [lazy("its blast will cost {cost} hull", cost=cost)]
    return [lazy("the shields take {taken} of its {amount} blast damage", taken=amount - cost, amount=amount)]


class Why(NamedTuple):
    """A move's worth (in hull points saved or gained), what it achieves in a few words (for a
    Commander's move that makes it possible), and why that matters now."""

    worth: float
    gist: Sayable | None  # None: no use at all
    why: Sayable | None


AND_THEN = mark(", and ")


def _fire_value(state: State, action: Fire) -> Why:
    value = 0.0
    hit: list[str] = []  # card ids
    kills: list[str] = []
    notes: list[Sayable] = []  # the destroyed threats' first, then the damaged ones', as the gist names them
    damaged: list[Sayable] = []
    for uid, points in action.split:
        threat = state.threat(uid)
        if threat is None or threat.health is None:
            continue
        worth = kill_value(state, threat)
        if points >= threat.health:
            kills.append(threat.card)
            value += worth + 1.0
            destroys = threat_would(
                state,
                threat,
                mark("{name} would {deeds}; this destroys it"),
                mark("{name} would {deeds}; this destroys them"),
            )
            notes.append(Joined((destroys, *_blast_words(state, threat)), sep=", ", last=AND_THEN))
        else:
            hit.append(threat.card)
            value += 0.8 * worth * points / threat.health
            left = threat.health - points
            damaged.append(
                threat_would(
                    state,
                    threat,
                    mark("{name} would {deeds}; this leaves it with {left} health"),
                    mark("{name} would {deeds}; this leaves them with {left} health"),
                    left=left,
                )
            )
    destroyed = Joined(tuple(ThreatName(c) for c in kills))
    harmed = Joined(tuple(ThreatName(c) for c in dict.fromkeys(hit)))
    if kills and hit:
        gist = lazy("destroy {names} and damage {others}", names=destroyed, others=harmed)
    elif kills:
        gist = lazy("destroy {names}", names=destroyed)
    else:
        gist = lazy("damage {names}", names=harmed)
    notes += damaged
    if not state.deck:
        notes.insert(0, lazy("the deck is empty, so every external threat must go before you can win"))
    return Why(value, gist, Joined(tuple(notes), sep="; "))


def _mission_value(state: State, action: AwayMission) -> Why:
    threat = state.threat(action.target)
    assert threat is not None
    spec = card_of(threat)
    name = ThreatName(threat.card)
    needed = crew_needed(state, threat)
    if needed <= 1:
        return Why(
            kill_value(state, threat) + 1.0,
            lazy("complete the away mission on {name}", name=name),
            threat_would(
                state,
                threat,
                mark("{name} would {deeds}; this die completes its away mission and removes it"),
                mark("{name} would {deeds}; this die completes their away mission and removes them"),
            ),
        )
    missing = list(missing_icons(state, threat))
    if state.dice[action.die].face in missing:
        missing.remove(state.dice[action.die].face)
    assert spec.mission is not None
    return Why(
        0.8 * kill_value(state, threat) / needed,
        lazy("start the away mission on {name}", name=name),
        threat_would(
            state,
            threat,
            mark("{name} would {deeds}; its away mission then needs {needs}"),
            mark("{name} would {deeds}; their away mission then needs {needs}"),
            needs=mission_needs(spec.mission, missing),
        ),
    )


def shield_loss_faces(state: State) -> set[int]:
    """The threat-die faces on which the shields are destroyed this round."""
    return {face for t in shield_breakers(state) for face in card_of(t).activation}


def shields_worth(state: State, shields: int) -> float:
    """What `shields` points are worth this round: no more than twice the expected incoming damage."""
    return min(shields, 2 * _incoming(state))


def _stasis_value(state: State, threat: Threat) -> float:
    """What holding `threat` in stasis prevents this round, and what it may set off.

    A shield-destroying activation costs the shields the crew has (not a flat point), and a threat
    that would be the only one to activate on some faces leaves the Mercenary's "no threat activated"
    damage to strike there."""
    spec = card_of(threat)
    chance = len(spec.activation) / 6
    worth = activation_harm(threat.card)
    if any(e.op == "destroy_shields" for e in spec.on_activate):
        worth += chance * (shields_worth(state, state.shields) - 1.0)
    others = {
        face
        for t in state.threats()
        if t.uid != threat.uid and not t.stasis
        for face in card_of(t).activation
    }
    alone = len(set(spec.activation) - others) / 6
    for t in state.threats():
        passive = card_of(t).passive
        if passive is not None and passive.when == "no_threat_activated":
            worth -= alone * sum(e.amount for e in passive.effects if e.op == "damage")
    return worth


def _incoming(state: State) -> float:
    """Expected damage of the next activation phase (for valuing shields)."""
    total = 0.0
    for t in state.threats():
        if t.stasis:
            continue
        spec = card_of(t)
        hits = sum(e.amount for e in spec.on_activate if e.op == "damage" and not e.ignores_shields)
        total += hits * len(spec.activation) / 6
    return total + 1.0  # the next card drawn, on average


def value(state: State, action: Action) -> tuple[float, str]:
    """What `action` is worth now, and why (in words)."""
    worth, _, why = _value(state, action)
    return worth, why.say("en") if why is not None else ""


def _value(state: State, action: Action) -> Why:
    hull, shields = state.hull, state.shields
    if isinstance(action, Fire):
        return _fire_value(state, action)
    if isinstance(action, AwayMission):
        return _mission_value(state, action)
    if isinstance(action, Repair):
        gain = repaired(state)
        urgency = 2.0 if hull <= 3 else 1.3 if hull <= 5 else 0.9
        return Why(gain * urgency, lazy("repair {gain} hull", gain=gain), hull_words(state, gain))
    if isinstance(action, Recharge):
        lost = len(shield_loss_faces(state)) / 6
        worth = shields_worth(state, SHIELDS_MAX - shields) * (1 - lost)
        return Why(worth, lazy("recharge the shields"), shields_words(state))
    if isinstance(action, Stasis):
        threat = state.threat(action.target)
        assert threat is not None
        return Why(
            _stasis_value(state, threat),
            lazy("hold {name} in stasis", name=ThreatName(threat.card)),
            threat_would(
                state,
                threat,
                mark("{name} would {deeds}; in stasis it skips its next activation"),
                mark("{name} would {deeds}; in stasis they skip their next activation"),
            ),
        )
    if isinstance(action, Heal):
        count = len(dice_in(state, Place.INFIRMARY))
        return Why(
            3.0 * count,
            lazy_n(
                "bring back {count} die from the Infirmary",
                "bring back {count} dice from the Infirmary",
                count,
            ),
            infirmary_words(count),
        )
    if isinstance(action, ClearScanner):
        locked = len(dice_in(state, Place.SCANNER))
        return Why(3.5 if locked >= 2 else 1.5, lazy("free a die from the Scanners"), scanner_words(locked))
    return Why(0.0, lazy("end the assignment"), None)


class _Evaluator:
    """Values one decision's actions, remembering each die's best direct use (Commander moves need it)."""

    def __init__(self, state: State) -> None:
        self.state = state
        self._best: dict[int, Why] = {}
        self._as_face: dict[Face, Why] = {}

    def best_use(self, die: int) -> Why:
        if die not in self._best:
            self._best[die] = _best_direct(self.state, die)
        return self._best[die]

    def best_as(self, die: int, face: Face) -> Why:
        """The best direct use of an unassigned die if it showed `face` (the same for any such die)."""
        if face not in self._as_face:
            changed = self.state.clone()
            changed.dice[die] = changed.dice[die].model_copy(update={"face": face})
            self._as_face[face] = _best_direct(changed, die)
        return self._as_face[face]

    def rolled_again(self, die: int) -> float:
        """The expected best use of `die` rolled again."""
        uses = sum(max(self.best_as(die, face).worth, 0.0) for face in CREW_FACES)
        return (uses - THREAT_FACE_COST) / 6

    def value(self, action: Action) -> Why:
        if isinstance(action, ChangeFace):
            after = self.best_as(action.target, action.face)
            gain = after.worth - self.best_use(action.target).worth
            now = FaceName(self.state.dice[action.target].face)
            to = FaceName(action.face)
            use = _use_words(self.best_use(action.target))
            why: Text = lazy("as {face}, die {die} has {use}", face=now, die=action.target + 1, use=use)
            if after.gist is not None:
                why = lazy(
                    "{before}; as {face}, it could {gist}: {why}",
                    before=why,
                    face=to,
                    gist=after.gist,
                    why=after.why or "",
                )
            gist = lazy("turn a die into {face} to {gist}", face=to, gist=after.gist or "")
            return Why(gain - 0.8, gist, why)
        if isinstance(action, Reroll):
            pool = dice_in(self.state, Place.POOL)
            rerolled = [i for i in pool if i != action.die]
            idle = [i for i in rerolled if self.best_use(i).worth <= END_WORTH]
            # A die rolled again is worth its best use on an average face, a Threat face (1 in 6)
            # locking it in the Scanners; it gives up the use it has now. With nothing on the board to
            # spend a new face on, a re-roll is worth nothing but its risk.
            worth = sum(self.rolled_again(i) - self.best_use(i).worth for i in rerolled)
            faces = _and_faces([self.state.dice[i].face for i in idle])
            why = lazy_n(
                "{count} ready die has nothing worth doing ({faces}); "
                "each re-rolled die may come up Threat (1 in 6) and lock in the Scanners",
                "{count} ready dice have nothing worth doing ({faces}); "
                "each re-rolled die may come up Threat (1 in 6) and lock in the Scanners",
                len(idle),
                faces=faces,
            )
            gist = lazy_n("re-roll {count} idle die", "re-roll {count} idle dice", len(idle))
            return Why(worth, gist, why)
        return _value(self.state, action)


def _use_words(use: Why) -> Text:
    """A die's best direct use as an object ("no good use", "nothing better than to repair 1 hull")."""
    if use.gist is not None and use.worth >= END_WORTH:
        return lazy("nothing better than to {gist}", gist=use.gist)
    return lazy("no good use")


def _and_faces(faces: list[Face]) -> Sayable:
    counted = Counter(faces)
    if not counted:
        return lazy("none")
    return Joined(tuple(lazy("{count} {face}", count=n, face=FaceName(face)) for face, n in counted.items()))


def _best_direct(state: State, die: int) -> Why:
    """The die's best use other than a Commander's (those are valued through this, never inside it)."""
    best = Why(0.0, None, None)
    commander = state.dice[die].face is Face.COMMANDER
    for action in mission_actions(state, die) if commander else die_actions(state, die):
        found = _value(state, action)
        if found.worth > best.worth:
            best = found
    return best


# --- choices the rules leave to the player --------------------------------------------------------

_SACRIFICE_ORDER = (Place.STATION, Place.RESET, Place.RETURNED, Place.HELD, Place.POOL, Place.MISSION)


class Ranked(NamedTuple):
    """A move the heuristic weighed, with its reason, and what it is worth (for comparing moves)."""

    worth: float
    choice: Choice


class Reasoned(NamedTuple):
    """A move and its reason before it is said in the reader's language."""

    action: Action
    reason: Sayable


class _Weighed(NamedTuple):
    worth: float
    choice: Reasoned


def _pending_ranked(state: State, actions: list[Action]) -> list[_Weighed]:
    """The options of a decision the rules leave to the player, best first."""
    first = actions[0]
    if isinstance(first, SendToInfirmary | HoldDie):
        # A pending decision offers actions of one kind only: all of them are `first`'s kind.
        given = [a for a in actions if isinstance(a, SendToInfirmary | HoldDie)]
        given.sort(key=lambda a: _SACRIFICE_ORDER.index(state.dice[a.die].place))
        return [
            _Weighed(
                -_SACRIFICE_ORDER.index(state.dice[a.die].place), Reasoned(a, give_up_words(state, a.die))
            )
            for a in given
        ]
    recalls = [a for a in actions if isinstance(a, Recall)]
    gather = next((a for a in actions if isinstance(a, Gather)), None)
    if gather is None:
        why = lazy(
            "no other crew die is free to roll next round: without the away team the crew is incapacitated"
        )
        return [_Weighed(1.0, Reasoned(a, why)) for a in recalls]
    stay = _Weighed(1.0, Reasoned(gather, away_words(state)))
    return [stay, *(_Weighed(0.0, Reasoned(a, _restarts(state, a))) for a in recalls)]


def _restarts(state: State, recall: Recall) -> Text:
    """Why not to recall: the mission starts over ("their mission" for Hijackers, `about`)."""
    threat = state.threat(recall.target)
    one, many = (
        mark("its mission starts over, and the die rolls again next round"),
        mark("their mission starts over, and the die rolls again next round"),
    )
    return lazy(one) if threat is None else about(threat.card, one, many)


def ranked(state: State, locale: Locale = "en") -> list[Ranked]:
    """Every move the heuristic weighs now, best first (the first is `heuristic(state)`), each with
    its reason as a sentence. Moves of equal worth keep the engine's order."""
    actions = legal_actions(state)
    if not actions:
        return []
    if state.pending is not None:
        weighed = _pending_ranked(state, actions)
    else:
        evaluator = _Evaluator(state)
        found = [(evaluator.value(a), a) for a in actions if not isinstance(a, EndAssignment | Recall)]
        found.sort(key=lambda pair: -pair[0].worth)
        end = _Weighed(END_WORTH, Reasoned(EndAssignment(), _end_words(state, [w for w, _ in found])))
        weighed = [_Weighed(w.worth, Reasoned(a, w.why or lazy("no good use"))) for w, a in found]
        at = next((i for i, r in enumerate(weighed) if r.worth <= END_WORTH), len(weighed))
        weighed.insert(at, end)
    return [Ranked(r.worth, Choice(r.choice.action, _sentence(r.choice.reason.say(locale)))) for r in weighed]


def _end_words(state: State, uses: list[Why]) -> Text:
    """Why ending the assignment: what the ready dice could still do, and that it is worth too little."""
    ready = [state.dice[i].face for i in dice_in(state, Place.POOL)]
    if not ready:
        return lazy("every crew die is used or out of play this round, so the threats act next")
    faces = _and_faces(ready)
    best = uses[0] if uses else None
    if best is not None and best.gist is not None and best.worth > 0:
        return lazy(
            "no ready die has a use worth spending it on now ({faces}); "
            "the most left is to {gist}, worth little now",
            faces=faces,
            gist=best.gist,
        )
    return lazy("no ready die has a use worth spending it on now ({faces})", faces=faces)


def heuristic(state: State) -> Choice:
    """The greedy heuristic player's move, with a one-line reason."""
    return ranked(state)[0].choice


def _sentence(reason: str) -> str:
    """A reason as the hint shows it: one sentence."""
    return reason[:1].upper() + reason[1:] + "."


def heuristic_policy(seed: int = 0) -> Policy:
    return heuristic


POLICIES: dict[str, Callable[[int], Policy]] = {"heuristic": heuristic_policy, "random": random_policy}
