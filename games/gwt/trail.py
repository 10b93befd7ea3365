"""Herder movement on the trail (GWT rules: El Paso spec §4.1, Argentina spec §3.4), on any
trail graph.

The trail is a directed graph (clockwise) that may fork and rejoin. Entering a location
(the city or a space holding a tile) costs one step; an empty space costs nothing and is
passed over. A move takes at least 1 and at most `limit` steps, may take either branch at
a fork, and ends at once on entering the city. Locations may charge a fee (hands) when
passed or entered; the caller says what each location charges. Data-independent: the
caller says which nodes are locations.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Destination:
    node: str
    steps: int                 # steps used (fewest over all branches)
    path: tuple[str, ...]      # the nodes entered on the way, the destination last
    fee: int = 0               # the fees along `path` (its locations' hands)


def destinations(succ: Mapping[str, Sequence[str]], start: str, limit: int,
                 is_location: Callable[[str], bool], city: str,
                 fee: Callable[[str], int] | None = None) -> dict[str, Destination]:
    """Every location reachable from `start` in 1..limit steps, with the fewest steps
    and one path of that length (the first branch in data order on ties); `fee(node)`, if
    given, is what entering or passing a location costs, summed along that path."""
    out: dict[str, Destination] = {}
    frontier = [(start, 0, ())]
    seen: dict[tuple[str, int], bool] = {}
    while frontier:
        node, used, path = frontier.pop(0)
        for nxt in succ.get(node, ()):
            cost = 1 if is_location(nxt) else 0
            steps = used + cost
            if steps > limit:
                continue
            new_path = path + (nxt,)
            key = (nxt, steps)
            if key in seen:
                continue
            seen[key] = True
            if cost:
                if nxt not in out or steps < out[nxt].steps:
                    out[nxt] = Destination(nxt, steps, new_path)
                if nxt == city:
                    continue  # the city stops every move
            if len(new_path) > 4 * max(1, len(succ)):
                continue  # a malformed loop of empty spaces: never spin forever
            frontier.append((nxt, steps, new_path))
    if fee is not None:
        for n, dst in out.items():
            out[n] = Destination(n, dst.steps, dst.path, sum(fee(x) for x in dst.path if is_location(x)))
    return out


def path_length(succ: Mapping[str, Sequence[str]], start: str, goal: str,
                is_location: Callable[[str], bool]) -> int | None:
    """Fewest steps from start to goal (an automa's "shortest possible path"), or None.
    A 0/1 breadth-first search: empty spaces cost nothing, locations one step."""
    best = {start: 0}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for nxt in succ.get(node, ()):
            cost = 1 if is_location(nxt) else 0
            d = best[node] + cost
            if d < best.get(nxt, 1 << 30):
                best[nxt] = d
                (queue.appendleft if cost == 0 else queue.append)(nxt)
    return best.get(goal) if goal != start else 0


def edges_ahead(succ: Mapping[str, Sequence[str]], start: str) -> dict[str, int]:
    """Edges from `start` clockwise to every node (nearest ahead = fewest)."""
    dist = {start: 0}
    q = deque([start])
    while q:
        x = q.popleft()
        for y in succ[x]:
            if y not in dist:
                dist[y] = dist[x] + 1
                q.append(y)
    return dist
