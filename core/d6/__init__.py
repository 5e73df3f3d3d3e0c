"""Deep Space D-6: the solo dice game's rules engine (no Discord here)."""

from .actions import Action, action_from_json, action_to_json
from .engine import Event, abandon, apply, deal, legal_actions, new_game
from .state import RULES_VERSION, Difficulty, HouseRules, Length, State

__all__ = [
    "RULES_VERSION",
    "Action",
    "Difficulty",
    "Event",
    "HouseRules",
    "Length",
    "State",
    "abandon",
    "action_from_json",
    "action_to_json",
    "apply",
    "deal",
    "legal_actions",
    "new_game",
]
