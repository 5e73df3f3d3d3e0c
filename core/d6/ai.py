"""Players for D-6 that act through `legal_actions`: a random one and a greedy heuristic one.

The heuristic values each legal action by what it prevents or gains this round — expected damage of
a threat removed or put in stasis, hull and shields restored, dice saved from the Scanners — and
plays the best one until nothing is worth a die, then ends the assignment. It explains its choice in
one line, which is what `/d6 hint` shows.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

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
from .cards import Face, card
from .engine import (
    card_of,
    crew_needed,
    dice_in,
    die_actions,
    legal_actions,
    mission_actions,
    repair_amount,
    shields_offline,
)
from .state import HULL_MAX, SHIELDS_MAX, Place, State, Threat


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
        return ["weapons destroy it without its blast, which it would set off if it decayed"]
    if cost == amount:
        return [f"its blast will cost {cost} hull"]
    return [f"the shields take {amount - cost} of its {amount} blast damage"]


def _fire_value(state: State, action: Fire) -> tuple[float, str]:
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
            notes += _blast_words(state, threat)
        else:
            hit.append(name)
            value += 0.8 * worth * points / threat.health
    reason = f"destroy {', '.join(kills)}" if kills else f"damage {', '.join(dict.fromkeys(hit))}"
    if not state.deck:
        notes.insert(0, "the deck is empty, so every external threat must go before you can win")
    return value, reason + (": " + "; ".join(notes) if notes else "")


def _mission_value(state: State, action: AwayMission) -> tuple[float, str]:
    threat = state.threat(action.target)
    assert threat is not None
    name = card_of(threat).name
    needed = crew_needed(state, threat)
    if needed <= 1:
        return kill_value(state, threat) + 1.0, f"complete the away mission on {name} with this die"
    return (
        0.8 * kill_value(state, threat) / needed,
        f"start the away mission on {name} ({needed - 1} more crew needed after this one)",
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
    hull, shields = state.hull, state.shields
    if isinstance(action, Fire):
        return _fire_value(state, action)
    if isinstance(action, AwayMission):
        return _mission_value(state, action)
    if isinstance(action, Repair):
        gain = min(HULL_MAX - hull, repair_amount(state))
        urgency = 2.0 if hull <= 3 else 1.3 if hull <= 5 else 0.9
        return gain * urgency, f"repair the hull ({hull} → {hull + gain})"
    if isinstance(action, Recharge):
        gain = SHIELDS_MAX - shields
        return min(gain, 2 * _incoming(state)), f"recharge the shields ({shields} → {SHIELDS_MAX})"
    if isinstance(action, Stasis):
        threat = state.threat(action.target)
        assert threat is not None
        spec = card_of(threat)
        pips = ", ".join(map(str, spec.activation))
        return (
            activation_harm(threat.card),
            f"hold {spec.name} in stasis so it cannot activate this round (it activates on {pips})",
        )
    if isinstance(action, Heal):
        count = len(dice_in(state, Place.INFIRMARY))
        return 3.0 * count, f"bring {count} crew back from the Infirmary"
    if isinstance(action, ClearScanner):
        locked = len(dice_in(state, Place.SCANNER))
        return (3.5 if locked >= 2 else 1.5), "free a locked die before the Scanners fill up"
    return 0.0, "end the assignment step"


class _Evaluator:
    """Values one decision's actions, remembering each die's best direct use (Commander moves need it)."""

    def __init__(self, state: State) -> None:
        self.state = state
        self._best: dict[int, tuple[float, str]] = {}
        self._as_face: dict[Face, tuple[float, str]] = {}

    def best_use(self, die: int) -> tuple[float, str]:
        if die not in self._best:
            self._best[die] = _best_direct(self.state, die)
        return self._best[die]

    def best_as(self, die: int, face: Face) -> tuple[float, str]:
        """The best direct use of an unassigned die if it showed `face` (the same for any such die)."""
        if face not in self._as_face:
            changed = self.state.clone()
            changed.dice[die] = changed.dice[die].model_copy(update={"face": face})
            self._as_face[face] = _best_direct(changed, die)
        return self._as_face[face]

    def value(self, action: Action) -> tuple[float, str]:
        if isinstance(action, ChangeFace):
            after, why = self.best_as(action.target, action.face)
            gain = after - self.best_use(action.target)[0]
            return gain - 0.8, f"turn a die into {action.face.value} to {why}"
        if isinstance(action, Reroll):
            pool = dice_in(self.state, Place.POOL)
            rerolled = [i for i in pool if i != action.die]
            idle = [i for i in rerolled if self.best_use(i)[0] < 1.0]
            # Each die rolled again risks a Threat face (1 in 6) that locks it in the Scanners.
            worth = sum(1.5 - self.best_use(i)[0] for i in idle) - 0.5 * len(rerolled)
            return worth, f"re-roll {len(idle)} crew who have nothing useful to do"
        return value(self.state, action)


def _best_direct(state: State, die: int) -> tuple[float, str]:
    """The die's best use other than a Commander's (those are valued through this, never inside it)."""
    best = (0.0, "")
    commander = state.dice[die].face is Face.COMMANDER
    for action in mission_actions(state, die) if commander else die_actions(state, die):
        best = max(best, value(state, action), key=lambda pair: pair[0])
    return best


# --- choices the rules leave to the player --------------------------------------------------------

_SACRIFICE_ORDER = (Place.STATION, Place.RESET, Place.RETURNED, Place.HELD, Place.POOL, Place.MISSION)
_SACRIFICE_WORDS = {
    Place.STATION: "already used at a station this round",
    Place.RESET: "set aside by the Scanners",
    Place.RETURNED: "in the Returned area, not rolled yet",
    Place.HELD: "held by Distracted",
    Place.POOL: "not assigned",
    Place.MISSION: "on an away mission",
}


def _pending_choice(state: State, actions: list[Action]) -> Choice:
    first = actions[0]
    if isinstance(first, SendToInfirmary | HoldDie):

        def cost(a: SendToInfirmary | HoldDie) -> int:
            return _SACRIFICE_ORDER.index(state.dice[a.die].place)

        # A pending decision offers actions of one kind only: all of them are `first`'s kind.
        pick = min((a for a in actions if isinstance(a, SendToInfirmary | HoldDie)), key=cost)
        where = _SACRIFICE_WORDS[state.dice[pick.die].place]
        return Choice(pick, f"give up a die {where}: it costs the least")
    if not dice_in(state, Place.POOL):
        return Choice(first, "recall the away team: nobody else could be gathered")
    gather = next((a for a in actions if isinstance(a, Gather)), first)
    return Choice(gather, "keep the away teams in place to finish their missions")


def heuristic(state: State) -> Choice:
    """The greedy heuristic player's move, with a one-line reason."""
    actions = legal_actions(state)
    if state.pending is not None:
        choice = _pending_choice(state, actions)
        return Choice(choice.action, _sentence(choice.reason))
    best: tuple[float, str, Action] = (
        0.75,
        "nothing left is worth a crew die: end the assignment",
        EndAssignment(),
    )
    evaluator = _Evaluator(state)
    for action in actions:
        if isinstance(action, EndAssignment | Recall):
            continue
        worth, reason = evaluator.value(action)
        if worth > best[0]:
            best = (worth, reason, action)
    return Choice(best[2], _sentence(best[1]))


def _sentence(reason: str) -> str:
    """A reason as the hint shows it: one sentence."""
    return reason[:1].upper() + reason[1:] + "."


def heuristic_policy(seed: int = 0) -> Policy:
    return heuristic


POLICIES: dict[str, Callable[[int], Policy]] = {"heuristic": heuristic_policy, "random": random_policy}
