"""Argentina's moves (spec §3.4): where a herder may go within its step limit, and the path
it takes. Branches of a fork may charge different fees (hands); a move names only its
destination, and the herder takes the cheapest path there (then the fewest steps, then the
first branch in data order), as a player would."""
from __future__ import annotations

import heapq
from collections.abc import Callable, Container, Mapping, Sequence

from games.gwt.trail import Destination


def cheapest_destinations(succ: Mapping[str, Sequence[str]], start: str, limit: int,
                          is_location: Callable[[str], bool] | Container[str], city: str,
                          fee: Callable[[str], int] | Mapping[str, int]) -> dict[str, Destination]:
    """Every location reachable from `start` in 1..limit steps: the cheapest path in fees
    within the limit, ties broken by fewer steps, then by data order. `is_location` and
    `fee` may be given as a set of the locations and a mapping of the fees (absent: 0)."""
    if not callable(is_location):
        is_location = is_location.__contains__
    if not callable(fee):
        fee = _getter(fee)
    best: dict[tuple[str, int], tuple] = {}
    out: dict[str, Destination] = {}
    heap = [(0, 0, 0, start, ())]
    order = 0
    while heap:
        cost, steps, _, node, path = heapq.heappop(heap)
        if node != start or path:
            if is_location(node):
                cur = out.get(node)
                if cur is None or (cost, steps) < (cur.fee, cur.steps):
                    out[node] = Destination(node, steps, path, cost)
                if node == city:
                    continue
        for nxt in succ.get(node, ()):
            loc = is_location(nxt)
            s2 = steps + (1 if loc else 0)
            if s2 > limit:
                continue
            c2 = cost + (fee(nxt) if loc else 0)
            key = (nxt, s2)
            if key in best and best[key] <= (c2,):
                continue
            if len(path) > 4 * max(1, len(succ)):
                continue   # a malformed loop of empty spaces: never spin forever
            best[key] = (c2,)
            order += 1
            heapq.heappush(heap, (c2, s2, order, nxt, path + (nxt,)))
    return out


def _getter(fees: Mapping[str, int]) -> Callable[[str], int]:
    get = fees.get
    return lambda node: get(node, 0)
