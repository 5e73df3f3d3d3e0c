"""Every Dine crew by the name the simulator and the tests ask for.

It sits above both `core.dine.ai` and `core.dine.search` (which builds on the heuristic), so neither
has to import the other to be listed.
"""

from __future__ import annotations

from collections.abc import Callable

from core.policies import Policy

from .ai import heuristic_policy, random_policy
from .expert import expert_policy
from .search import search_policy

POLICIES: dict[str, Callable[[int], Policy]] = {
    "expert": expert_policy,  # the search crew's playouts, cut short and valued
    "heuristic": heuristic_policy,
    "random": random_policy,
    "search": search_policy,  # at its default budget
}
