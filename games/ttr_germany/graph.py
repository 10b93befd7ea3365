"""Paths on the map: ticket completion over a player's own tracks, and cheapest plans.

Countries are dead ends (spec §3.5): a path may start or end in a country but never
pass through one, and two routes into the same country do not join. So for
connectivity every track end in a country is its own node ("<country>#<track>"),
and path searches never continue out of a country they reached.
"""
from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable
from functools import lru_cache

from .model import Ticket, TTRData


def _node(data: TTRData, location: str, track_id: str) -> str:
    return f"{location}#{track_id}" if data.is_country(location) else location


class _Union:
    def __init__(self):
        self.parent: dict[str, str] = {}

    def find(self, x: str) -> str:
        parent = self.parent
        root = x
        while parent.get(root, root) != root:
            root = parent[root]
        while parent.get(x, x) != root:  # path compression
            parent[x], x = root, parent[x]
        return root

    def join(self, a: str, b: str) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[ra] = rb


class Network:
    """The connected pieces of one player's tracks."""

    def __init__(self, data: TTRData, track_ids: Iterable[str]):
        self.data = data
        self.tracks = list(track_ids)
        self._u = _Union()
        self._ends: dict[str, list[str]] = {}  # country -> its end nodes in this network
        self._countries = _countries(data)
        countries = self._countries
        ends_of = _track_ends(data)
        join = self._u.join
        for tid in self.tracks:
            (a, na), (b, nb) = ends_of[tid]
            join(na, nb)
            for loc, node in ((a, na), (b, nb)):
                if loc in countries:
                    self._ends.setdefault(loc, []).append(node)
        # node -> its piece's root, for every node on a track (the network never changes
        # once made, and scoring asks about every ticket)
        find = self._u.find
        self._root = {x: find(x) for x in list(self._u.parent)}

    def _nodes(self, location: str) -> list[str]:
        return self._ends.get(location, []) if location in self._countries else [location]

    def connected(self, a: str, b: str) -> bool:
        root = self._root.get  # a node on no track is a piece of its own
        if a not in self._countries and b not in self._countries:  # one node each
            return root(a, a) == root(b, b)
        roots = {root(x, x) for x in self._nodes(a)}
        return any(root(y, y) in roots for y in self._nodes(b))

    def done(self, ticket: Ticket) -> bool:
        return self.connected(ticket.a, ticket.b)


@lru_cache(maxsize=8)
def _track_ends(data: TTRData) -> dict[str, tuple[tuple[str, str], tuple[str, str]]]:
    """Track id -> its two ends as (location, connectivity node): the same for every
    Network of a data set, so worked out once (scoring builds one per seat)."""
    return {t.id: ((t.a, _node(data, t.a, t.id)), (t.b, _node(data, t.b, t.id)))
            for t in data.tracks}


def ticket_path(data: TTRData, track_ids: Iterable[str], ticket: Ticket) -> list[str]:
    """Tracks of one path joining a completed ticket's ends (fewest tracks), else []."""
    owned = set(track_ids)
    found = cheapest(data, ticket.a, ticket.b, lambda t: 1 if t.id in owned else None)
    return found[1] if found else []


def cheapest_by_id(data: TTRData, a: str, b: str, costs: dict[str, int]) -> tuple[int, list[str]] | None:
    """Dijkstra from a to b over the priced tracks (track id -> price; a track not in it is
    unusable). Returns (total, track ids in order) or None. Never passes through a country.
    The bots' plans call it with a price table kept up to date; cheapest() builds one."""
    best = {a: 0}
    back: dict[str, tuple[str, str]] = {}
    heap = [(0, a)]
    ways = _ways(data)
    countries = _countries(data)
    far = 1 << 30
    pop, push, get = heapq.heappop, heapq.heappush, costs.get
    while heap:
        d, loc = pop(heap)
        if d > best.get(loc, far):
            continue
        if loc == b:
            path = []
            while loc != a:
                prev, tid = back[loc]
                path.append(tid)
                loc = prev
            return d, path[::-1]
        if loc != a and loc in countries:
            continue  # a dead end: reached, but no way on
        for tid, other in ways[loc]:
            c = get(tid)
            if c is None:
                continue
            nd = d + c
            if nd < best.get(other, far):
                best[other] = nd
                back[other] = (loc, tid)
                push(heap, (nd, other))
    return None


@lru_cache(maxsize=8)
def _ways(data: TTRData) -> dict[str, tuple[tuple[str, str], ...]]:
    """Each location's tracks as (track id, the location at its other end), in the order of
    `tracks_at`: the search's inner loop without attribute look-ups."""
    return {loc: tuple((t.id, t.b if t.a == loc else t.a) for t in ts)
            for loc, ts in data.tracks_at.items()}


@lru_cache(maxsize=8)
def _countries(data: TTRData) -> frozenset[str]:
    return frozenset(loc.id for loc in data.locations if loc.is_country)


def cheapest(data: TTRData, a: str, b: str,
             cost: Callable[[object], int | None]) -> tuple[int, list[str]] | None:
    """Dijkstra from a to b where cost(track) is the price of using a track (None: unusable).
    Returns (total, track ids in order) or None. Never passes through a country."""
    prices = {}
    for t in data.tracks:
        c = cost(t)
        if c is not None:
            prices[t.id] = c
    return cheapest_by_id(data, a, b, prices)
