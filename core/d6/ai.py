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

from core.i18n import Locale
from core.policies import Choice, Policy, random_player
from core.words import plural

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
from .cards import Face, card
from .engine import (
    card_of,
    crew_needed,
    dice_in,
    die_actions,
    legal_actions,
    missing_icons,
    mission_actions,
    repair_amount,
    shields_offline,
)
from .state import HULL_MAX, SHIELDS_MAX, Place, State, Threat
from .why import (
    away_words,
    give_up_words,
    hull_words,
    infirmary_words,
    mission_needs,
    scanner_words,
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
END_WORTH = 0.75  # a move worth less than this is not worth a crew die: the assignment ends
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


def _blast_words(state: State, threat: Threat) -> list[str]:
    """What destroying `threat` with weapons now does about its own blast, in words (if it has one)."""
    amount = sum(e.amount for e in card_of(threat).on_destroyed if e.op == "damage")
    if not amount:
        return []
    cost = blast(state, threat)
    if cost is None:
        return ["weapons spare the hull that blast"]
    if cost == amount:
        return [f"its blast will cost {cost} hull"]
    return [f"the shields take {amount - cost} of its {amount} blast damage"]


class Why(NamedTuple):
    """A move's worth (in hull points saved or gained), what it achieves in a few words (for a
    Commander's move that makes it possible), and why that matters now."""

    worth: float
    gist: str
    why: str


def _fire_value(state: State, action: Fire) -> Why:
    value = 0.0
    hit: list[str] = []
    kills: list[str] = []
    notes: list[str] = []
    for uid, points in action.split:
        threat = state.threat(uid)
        if threat is None or threat.health is None:
            continue
        name = card_of(threat).name
        worth = kill_value(state, threat)
        if points >= threat.health:
            kills.append(name)
            value += worth + 1.0
            notes.append(
                ", and ".join(
                    [f"{threat_would(state, threat)}; this destroys it", *_blast_words(state, threat)]
                )
            )
        else:
            hit.append(name)
            value += 0.8 * worth * points / threat.health
            left = threat.health - points
            notes.append(f"{threat_would(state, threat)}; this leaves it with {left} health")
    gist = f"destroy {', '.join(kills)}" if kills else f"damage {', '.join(dict.fromkeys(hit))}"
    if not state.deck:
        notes.insert(0, "the deck is empty, so every external threat must go before you can win")
    return Why(value, gist, "; ".join(notes))


def _mission_value(state: State, action: AwayMission) -> Why:
    threat = state.threat(action.target)
    assert threat is not None
    spec = card_of(threat)
    needed = crew_needed(state, threat)
    if needed <= 1:
        return Why(
            kill_value(state, threat) + 1.0,
            f"complete the away mission on {spec.name}",
            f"{threat_would(state, threat)}; this die completes its away mission and removes it",
        )
    missing = list(missing_icons(state, threat))
    if state.dice[action.die].face in missing:
        missing.remove(state.dice[action.die].face)
    assert spec.mission is not None
    return Why(
        0.8 * kill_value(state, threat) / needed,
        f"start the away mission on {spec.name}",
        f"{threat_would(state, threat)}; its away mission then needs {mission_needs(spec.mission, missing)}",
    )


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
    return worth, why


def _value(state: State, action: Action) -> Why:
    hull, shields = state.hull, state.shields
    if isinstance(action, Fire):
        return _fire_value(state, action)
    if isinstance(action, AwayMission):
        return _mission_value(state, action)
    if isinstance(action, Repair):
        gain = min(HULL_MAX - hull, repair_amount(state))
        urgency = 2.0 if hull <= 3 else 1.3 if hull <= 5 else 0.9
        return Why(gain * urgency, f"repair {gain} hull", hull_words(state, gain))
    if isinstance(action, Recharge):
        gain = SHIELDS_MAX - shields
        return Why(min(gain, 2 * _incoming(state)), "recharge the shields", shields_words(state))
    if isinstance(action, Stasis):
        threat = state.threat(action.target)
        assert threat is not None
        spec = card_of(threat)
        return Why(
            activation_harm(threat.card),
            f"hold {spec.name} in stasis",
            f"{threat_would(state, threat)}; in stasis it skips its next activation",
        )
    if isinstance(action, Heal):
        count = len(dice_in(state, Place.INFIRMARY))
        return Why(
            3.0 * count,
            f"bring back {plural(count, 'die', 'dice')} from the Infirmary",
            infirmary_words(count),
        )
    if isinstance(action, ClearScanner):
        locked = len(dice_in(state, Place.SCANNER))
        return Why(3.5 if locked >= 2 else 1.5, "free a die from the Scanners", scanner_words(locked))
    return Why(0.0, "end the assignment", "")


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

    def value(self, action: Action) -> Why:
        if isinstance(action, ChangeFace):
            after = self.best_as(action.target, action.face)
            gain = after.worth - self.best_use(action.target).worth
            now = self.state.dice[action.target].face.value
            why = f"as {now}, die {action.target + 1} has {_use_words(self.best_use(action.target))}"
            why += f"; as {action.face.value}, it could {after.gist}: {after.why}" if after.gist else ""
            return Why(gain - 0.8, f"turn a die into {action.face.value} to {after.gist}", why)
        if isinstance(action, Reroll):
            pool = dice_in(self.state, Place.POOL)
            rerolled = [i for i in pool if i != action.die]
            idle = [i for i in rerolled if self.best_use(i).worth < 1.0]
            # Each die rolled again risks a Threat face (1 in 6) that locks it in the Scanners.
            worth = sum(1.5 - self.best_use(i).worth for i in idle) - 0.5 * len(rerolled)
            faces = _and_faces([self.state.dice[i].face for i in idle])
            why = (
                f"{plural(len(idle), 'ready die has', 'ready dice have')} nothing worth doing ({faces}); "
                "each re-rolled die may come up Threat (1 in 6) and lock in the Scanners"
            )
            return Why(worth, f"re-roll {plural(len(idle), 'idle die', 'idle dice')}", why)
        return _value(self.state, action)


def _use_words(use: Why) -> str:
    """A die's best direct use as an object ("no good use", "nothing better than to repair 1 hull")."""
    return f"nothing better than to {use.gist}" if use.gist and use.worth >= END_WORTH else "no good use"


def _and_faces(faces: list[Face]) -> str:
    counted = Counter(f.value for f in faces)
    return ", ".join(f"{n} {face}" for face, n in counted.items()) or "none"


def _best_direct(state: State, die: int) -> Why:
    """The die's best use other than a Commander's (those are valued through this, never inside it)."""
    best = Why(0.0, "", "")
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


def _pending_ranked(state: State, actions: list[Action]) -> list[Ranked]:
    """The options of a decision the rules leave to the player, best first."""
    first = actions[0]
    if isinstance(first, SendToInfirmary | HoldDie):
        # A pending decision offers actions of one kind only: all of them are `first`'s kind.
        given = [a for a in actions if isinstance(a, SendToInfirmary | HoldDie)]
        given.sort(key=lambda a: _SACRIFICE_ORDER.index(state.dice[a.die].place))
        return [
            Ranked(-_SACRIFICE_ORDER.index(state.dice[a.die].place), Choice(a, give_up_words(state, a.die)))
            for a in given
        ]
    recalls = [a for a in actions if isinstance(a, Recall)]
    gather = next((a for a in actions if isinstance(a, Gather)), None)
    if gather is None:
        why = "no other crew die is free to roll next round: without the away team the crew is incapacitated"
        return [Ranked(1.0, Choice(a, why)) for a in recalls]
    restart = "its mission starts over, and the die rolls again next round"
    stay = Ranked(1.0, Choice(gather, away_words(state)))
    return [stay, *(Ranked(0.0, Choice(a, restart)) for a in recalls)]


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
        end = Ranked(END_WORTH, Choice(EndAssignment(), _end_words(state, [w for w, _ in found])))
        weighed = [Ranked(w.worth, Choice(a, w.why)) for w, a in found]
        at = next((i for i, r in enumerate(weighed) if r.worth <= END_WORTH), len(weighed))
        weighed.insert(at, end)
    return [Ranked(r.worth, Choice(r.choice.action, _sentence(r.choice.reason))) for r in weighed]


def _end_words(state: State, uses: list[Why]) -> str:
    """Why ending the assignment: what the ready dice could still do, and that it is worth too little."""
    ready = [state.dice[i].face for i in dice_in(state, Place.POOL)]
    if not ready:
        return "every crew die is used or out of play this round, so the threats act next"
    words = f"no ready die has a use worth spending it on now ({_and_faces(ready)})"
    best = uses[0] if uses else None
    if best is not None and best.gist and best.worth > 0:
        words += f"; the most left is to {best.gist}, worth little now"
    return words


def heuristic(state: State) -> Choice:
    """The greedy heuristic player's move, with a one-line reason."""
    return ranked(state)[0].choice


def _sentence(reason: str) -> str:
    """A reason as the hint shows it: one sentence."""
    return reason[:1].upper() + reason[1:] + "."


def heuristic_policy(seed: int = 0) -> Policy:
    return heuristic


POLICIES: dict[str, Callable[[int], Policy]] = {"heuristic": heuristic_policy, "random": random_policy}
