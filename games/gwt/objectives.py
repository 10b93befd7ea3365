"""Objective scoring (GWT: El Paso spec §9 category 7, Argentina §3.8.5): the best assignment.

Each objective lists requirement slots; each slot must be met by its own item of
the player's (a building, a disc on a post, a cattle card...), and an item counts
toward one objective only. Among the player's objectives, the subset whose slots
can all be given distinct items and whose VP sum is largest is scored; the others
score nothing (partial objectives score 0). A greedy choice can be wrong, so every
subset is tried (players hold few objectives) and each is checked with a bipartite
matching of slots to items.

Data-independent: an item is any value, a slot is a predicate on items.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations

Slot = Callable[[object], bool]


@dataclass(frozen=True)
class Objective:
    id: str
    vp: int
    slots: tuple[Slot, ...]


def _matches_all(slots: Sequence[Slot], items: Sequence[object]) -> bool:
    """Can every slot get its own item? (Kuhn's augmenting paths; sizes are tiny.)"""
    if len(slots) > len(items):
        return False
    fits = [[j for j, it in enumerate(items) if slot(it)] for slot in slots]
    owner: dict[int, int] = {}  # item index -> slot index

    def place(s: int, seen: set[int]) -> bool:
        for j in fits[s]:
            if j in seen:
                continue
            seen.add(j)
            if j not in owner or place(owner[j], seen):
                owner[j] = s
                return True
        return False

    # the most constrained slots first: fewer augmenting detours
    for s in sorted(range(len(slots)), key=lambda k: len(fits[k])):
        if not place(s, set()):
            return False
    return True


def best_assignment(objectives: Sequence[Objective], items: Sequence[object]) -> tuple[int, list[str]]:
    """(VP, ids of the fulfilled objectives) of the best valid subset. Ties prefer more
    objectives, then the earlier ones, so the answer is deterministic."""
    best = (0, [])
    n = len(objectives)
    for k in range(n, 0, -1):
        for combo in combinations(range(n), k):
            vp = sum(objectives[i].vp for i in combo)
            if vp < best[0] or (vp == best[0] and best[1] and k <= len(best[1])):
                continue
            slots = [s for i in combo for s in objectives[i].slots]
            if _matches_all(slots, items):
                best = (vp, [objectives[i].id for i in combo])
    return best


def slot_of_kind(kind: str, **attrs) -> Slot:
    """A slot met by an item dict with this 'kind' and every given attribute equal
    (a value given as a tuple or set means: any of these; a callable: a test)."""

    def test(item) -> bool:
        if not isinstance(item, dict) or item.get("kind") != kind:
            return False
        for key, want in attrs.items():
            have = item.get(key)
            if callable(want):
                if not want(have):
                    return False
            elif isinstance(want, (tuple, set, frozenset)):
                if have not in want:
                    return False
            elif have != want:
                return False
        return True

    return test


def family_slot(kind: str, value) -> Slot | None:
    """The slot of a requirement kind every edition shares (objective tiles and cards):
    a cattle card of a breed, a worker of a kind, an own building of at least `value`
    builders; None for an edition's own kinds."""
    if kind == "cattle":
        return slot_of_kind("cattle", breed=value)
    if kind == "worker":
        return slot_of_kind("worker", type=value)
    if kind == "min_builders":
        return slot_of_kind("building", builders=lambda x, v=value: x >= v)
    return None
