"""Great Western Trail family data: the data classes every edition shares and the loaders of
their YAML parts, parameterised by the edition's data folder (data/<edition>/).

An edition's model module reads its files with `EditionFiles(edition)`, builds the shared
parts with the `load_*` functions below and adds its own parts in a subclass of
`FamilyData`. Every action anywhere is checked against the vocabulary of the edition's
buildings.yaml and normalised to an `Act`; a broken file raises DataError naming the file,
the key path and the expectation. Worker kinds are the edition's (components.yaml
`workers`, in data order): a worker that pays for one cost kind is a plain worker, one
that pays for several (El Paso's joker) stands in for any of them.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

from games.core.data import Node, data_path, load_yaml


@dataclass(frozen=True)
class Act:
    """One action: its vocabulary name, its params and an optional $ cost."""
    name: str
    params: Mapping[str, object]
    cost: int = 0

    def get(self, key, default=None):
        return self.params.get(key, default)


def act_id(act) -> str:
    """One text per distinct Act (an Act or its JSON form): the key under which the view's
    glossary names an Act the data prints."""
    if isinstance(act, dict):
        name, params, cost = act["name"], act["params"], act["cost"]
    else:
        name, params, cost = act.name, act.params, act.cost
    return json.dumps([name, _plain(dict(params)), int(cost)], sort_keys=True)


def _plain(x):
    """Tuples to lists, recursively (an Act's params as JSON has them)."""
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    if isinstance(x, Mapping):
        return {str(k): _plain(v) for k, v in x.items()}
    return x


@dataclass(frozen=True)
class Breed:
    id: str
    name: str
    name_ru: str
    colour: str
    role: str                 # the edition's roles (El Paso: starting | market | simmental)
    count: int                # per player for starting breeds
    bv: int
    vp: int
    design: bool = False      # a number of ours, not the publisher's (the file's `design`)


@dataclass(frozen=True)
class WorkerType:
    id: str
    count: int
    vp: int
    bonus: tuple[Act, ...]
    pays_for: tuple[str, ...] = ()   # the cost kinds it pays (cattle_market, train, building...)


@dataclass(frozen=True)
class Node_:
    id: str
    kind: str
    next: tuple[str, ...]
    letter: str | None
    cost: int
    pos: tuple[float, float]
    hands: tuple[str, ...] = ()      # fee hands printed on the space (green, black)


@dataclass(frozen=True)
class Neutral:
    id: str
    name: str
    actions: tuple[Act, ...]
    design: bool = False


@dataclass(frozen=True)
class BuildingType:
    type: int
    builders: int
    copies: int
    sides: Mapping[str, tuple[str, int, tuple[Act, ...]]]   # side -> (face id, vp, actions)
    design: bool = False


@dataclass(frozen=True)
class Aux:
    number: int
    start_available: bool
    actions: tuple[Act, ...]
    upgraded: tuple[Act, ...]
    design: bool = False


@dataclass(frozen=True)
class DiscSpace:
    id: str
    effects: tuple[Act, ...]
    money: int
    black: bool
    design: bool = False


@dataclass(frozen=True)
class ObjectiveTile:
    id: str
    vp: int
    requires: tuple[tuple[str, object], ...]   # (requirement kind, value)


@dataclass(frozen=True, kw_only=True)
class FamilyData:
    """What every edition's rules read. Editions subclass it with their own parts."""
    edition: str
    breeds: tuple[Breed, ...]
    workers: tuple[WorkerType, ...]
    joker_surcharge: int                 # extra $ to hire a worker that stands in for any
    ownership_markers: int
    discs_per_player: int
    money_per_worker: int
    starting_workers: tuple[str, ...]
    starting_capital: tuple[tuple[int, int], ...]      # (money, exchange tokens) by seat
    hand_limit: tuple[int, int]
    step_limit: tuple[int, int]
    cert_max: int
    open_tiles: int
    nodes: Mapping[str, Node_]
    node_order: tuple[str, ...]
    city: str                            # the trail's end (El Paso, Buenos Aires)
    market: Mapping[str, int]            # breed -> workers paying for it
    city_actions: tuple[Act, ...]
    neutrals: tuple[Neutral, ...]
    building_types: tuple[BuildingType, ...]
    aux: tuple[Aux, ...]
    discs: tuple[DiscSpace, ...]
    objectives: tuple[ObjectiveTile, ...]
    _idx: dict = field(default_factory=dict, compare=False, repr=False)

    # --- look-ups ---------------------------------------------------------
    def breed(self, bid: str) -> Breed:
        return self._lookup("breed", bid, lambda: {b.id: b for b in self.breeds})

    def worker(self, wid: str) -> WorkerType:
        return self._lookup("worker", wid, lambda: {w.id: w for w in self.workers})

    def neutral(self, nid: str) -> Neutral:
        return self._lookup("neutral", nid, lambda: {n.id: n for n in self.neutrals})

    def btype(self, t: int) -> BuildingType:
        return self._lookup("btype", t, lambda: {b.type: b for b in self.building_types})

    def disc(self, did: str) -> DiscSpace:
        return self._lookup("disc", did, lambda: {d.id: d for d in self.discs})

    def objective(self, oid: str) -> ObjectiveTile:
        return self._lookup("obj", oid, lambda: {o.id: o for o in self.objectives})

    def aux_action(self, n: int) -> Aux:
        return self._lookup("aux", n, lambda: {a.number: a for a in self.aux})

    def _lookup(self, kind, key, build):
        table = self._idx.get(kind)
        if table is None:
            table = self._idx[kind] = build()
        return table[key]

    def _once(self, kind, build):
        v = self._idx.get(kind)
        if v is None:
            v = self._idx[kind] = build()
        return v

    # --- worker kinds (from the data) ---------------------------------------
    @property
    def worker_ids(self) -> tuple[str, ...]:
        """Every worker kind, in data order."""
        return self._once("worker_ids", lambda: tuple(w.id for w in self.workers))

    @property
    def worker_set(self) -> frozenset[str]:
        return self._once("worker_set", lambda: frozenset(w.id for w in self.workers))

    @property
    def plain_workers(self) -> tuple[str, ...]:
        """The kinds that pay for one cost kind each, in data order."""
        return self._once("plain", lambda: tuple(w.id for w in self.workers if len(w.pays_for) <= 1))

    @property
    def wild(self) -> str | None:
        """The kind that stands in for any other (El Paso's joker), or None."""
        wild = self._once("wild", lambda: [w.id for w in self.workers if len(w.pays_for) > 1] + [None])
        return wild[0]

    def payer(self, cost_kind: str) -> str:
        """The plain worker kind that pays for `cost_kind` (cattle_market -> cowboy)."""
        return self._lookup("payer", cost_kind, lambda: {
            w.pays_for[0]: w.id for w in self.workers if len(w.pays_for) == 1})

    # --- the trail ------------------------------------------------------------
    @property
    def succ(self) -> dict[str, tuple[str, ...]]:
        return self._once("succ", lambda: {n.id: n.next for n in self.nodes.values()})

    @property
    def building_spaces(self) -> tuple[str, ...]:
        return tuple(i for i in self.node_order if self.nodes[i].kind == "building")

    @property
    def neutral_spaces(self) -> tuple[str, ...]:
        return tuple(i for i in self.node_order if self.nodes[i].kind == "neutral")

    def node_index(self, node: str) -> int:
        return self._lookup("node_index", node, lambda: {n: i for i, n in enumerate(self.node_order)})

    def market_breeds(self) -> tuple[Breed, ...]:
        return tuple(b for b in self.breeds if b.role == "market")

    def starting_breeds(self) -> tuple[Breed, ...]:
        return tuple(b for b in self.breeds if b.role == "starting")


# ------------------------------------------------------------------ files
class EditionFiles:
    """The YAML files of one edition's data folder (data/<edition>/<name>.yaml)."""

    def __init__(self, edition: str):
        self.edition = edition

    def __call__(self, name: str) -> Node:
        return load_yaml(data_path(self.edition, f"{name}.yaml"))

    def paths(self, names) -> tuple[str, ...]:
        return tuple(f"data/{self.edition}/{n}.yaml" for n in names)


# ------------------------------------------------------------------ actions
class Vocab:
    """An edition's action vocabulary (buildings.yaml): param kinds int, bool, breed, worker
    (a worker kind or "any"), tile (one of `tile_kinds`) and the edition's named choices
    (`choices`: kind -> the values allowed, e.g. Argentina's dock ids). An edition may
    derive params from the read ones (`finish`)."""

    def __init__(self, node: Node, breeds: set[str], workers: tuple[str, ...], tile_kinds: tuple[str, ...],
                 choices: Mapping[str, tuple] | None = None, sources: Mapping[str, Node] | None = None):
        self.spec: dict[str, dict] = {}
        self.breeds = breeds
        self.workers = tuple(workers) + ("any",)
        self.tile_kinds = tuple(tile_kinds)
        self.choices = {k: tuple(v) for k, v in (choices or {}).items()}
        self.allowed = {"breed": tuple(sorted(breeds)), "worker": self.workers, "tile": self.tile_kinds,
                        **self.choices}
        # where a param kind's values come from (kind -> node of another file): an act that
        # names none of them blames its own file and names that one
        self.sources = dict(sources or {})
        self.source = node.where()
        kinds = ("int", "bool", "breed", "worker", "tile") + tuple(self.choices)
        for name, v in node.items():
            v.mapping()
            params = {k: p.str(kinds) for k, p in v.get("params").items()}
            sc = v.get("scalar", None)
            self.spec[name] = {
                "params": params,
                "scalar": sc.str(tuple(params)) if sc.value is not None else None,
                "optional": {x.str(tuple(params)) for x in v.get("optional", []).seq()},
                "one_of": [[x.str(tuple(params)) for x in g.seq(1)] for g in v.get("one_of", []).seq()],
            }

    def act(self, node: Node) -> Act:
        keys = node.mapping().keys()
        if len(keys) != 1:
            node.fail("a one-key mapping {action: params}", keys)
        name = keys[0]
        if name not in self.spec:
            node.fail(f"an action of the vocabulary in {self.source} ({', '.join(sorted(self.spec))})", name)
        spec = self.spec[name]
        val = node.get(name)
        if not isinstance(val.value, dict):
            if spec["scalar"] is None:
                val.fail(f"a mapping of params for {name} (vocabulary in {self.source})", val.value)
            val = Node({spec["scalar"]: val.value}, val.file, val.path)
        params: dict[str, object] = {}
        cost = 0
        for k, p in val.items():
            if k == "cost":
                cost = p.int(0, 99)
                continue
            kind = spec["params"].get(k)
            if kind is None:
                p.fail(f"a param of {name} in {self.source} ({', '.join(spec['params']) or 'none'}, cost)", k)
            if kind == "int":
                params[k] = p.int(0, 99)
            elif kind == "bool":
                params[k] = p.bool()
            else:
                params[k] = p.ref(self.allowed[kind], self.sources.get(kind))
        grouped = {k for g in spec["one_of"] for k in g}
        for g in spec["one_of"]:
            if sum(1 for k in g if k in params) != 1:
                val.fail(f"exactly one of {', '.join(g)} for {name} (vocabulary in {self.source})", sorted(params))
        for k in spec["params"]:
            if k not in params and k not in grouped and k not in spec["optional"]:
                val.fail(f"the param {k} for {name} (vocabulary in {self.source})", sorted(params))
        self.finish(name, params)
        return Act(name, MappingProxyType(params), cost)

    def finish(self, name: str, params: dict) -> None:
        """Derive params an edition's rules read from those in the file (none here)."""

    def acts(self, node: Node) -> tuple[Act, ...]:
        return tuple(self.act(a) for a in node.seq())


# ------------------------------------------------------------------ shared parts
def design_label(node: Node) -> bool:
    """An item's `design` label: true when its numbers are ours, false when published
    (every labelled item must say which)."""
    return node.get("design").bool()


def check_fact(node: Node, implemented, what: str):
    """A rules fact a data file states but the rules code implements: the file must say
    what the code does (`what` names that behaviour), else DataError."""
    if node.value != implemented or type(node.value) is not type(implemented):
        node.fail(f"{implemented!r}: {what}", node.value)
    return node.value


def load_breeds(node: Node, roles: tuple[str, ...], per_player_role: str = "starting") -> tuple[Breed, ...]:
    """components.yaml `cattle`: unique ids; `per_player` counts for the per-player role."""
    breeds = []
    for b in node.seq(1):
        role = b.get("role").str(roles)
        count = b.get("per_player" if role == per_player_role else "count").int(0, 99)
        breeds.append(Breed(b.get("id").str(), b.get("name").str(), b.get("name_ru").str(),
                            b.get("colour").str(),
                            role, count, b.get("bv").int(0, 20), b.get("vp").int(0, 20),
                            design_label(b)))
    ids = [b.id for b in breeds]
    if len(set(ids)) != len(ids):
        node.fail("unique breed ids", ids)
    return tuple(breeds)


def load_worker_kinds(node: Node) -> tuple[str, ...]:
    """The worker kinds of components.yaml `workers`, in order (read before the vocabulary,
    whose worker params name them)."""
    ids = tuple(w.get("id").str() for w in node.seq(1))
    if len(set(ids)) != len(ids):
        node.fail("unique worker ids", list(ids))
    return ids


def load_workers(node: Node, vocab: Vocab) -> tuple[WorkerType, ...]:
    out = []
    for w in node.seq(1):
        pays = tuple(x.str() for x in w.get("pays_for").seq(1))
        out.append(WorkerType(w.get("id").str(), w.get("count").int(0, 99), w.get("vp").int(0, 20),
                              vocab.acts(w.get("bonus")), pays))
    single = [w.pays_for[0] for w in out if len(w.pays_for) == 1]
    if len(set(single)) != len(single):
        node.fail("one plain worker kind per cost kind", single)
    return tuple(out)


def load_trail(board: Node, node_kinds: tuple[str, ...], city_kind: str, city_key: str,
               extent: float) -> tuple:
    """board.yaml `trail` (nodes with kind, next, letter, cost, pos, optional hands) and the
    city node named by `city_key`: (nodes, order, city). Every node lies on a loop through
    the city; a position is two numbers from 0 to `extent` (the edition's board units)."""
    nodes = {}
    order = []
    for n in board.get("trail").seq(3):
        nid = n.get("id").str()
        if nid in nodes:
            n.get("id").fail("a unique node id", nid)
        kind = n.get("kind").str(node_kinds)
        pos = n.get("pos").pair(0, extent)
        hands = tuple(h.str(("green", "black")) for h in n.get("hands", []).seq())
        nodes[nid] = Node_(nid, kind, tuple(x.str() for x in n.get("next").seq(1, 2)),
                           n.get("letter").str() if kind == "neutral" else None,
                           n.get("cost", 0).int(0, 20) if kind == "building" else 0,
                           pos, hands)
        order.append(nid)
    tr = board.get("trail")
    for i, nid in enumerate(order):
        for j, nx in enumerate(nodes[nid].next):
            if nx not in nodes:
                Node(nx, tr.file, f"trail[{i}].next[{j}]").fail("the id of a trail node", nx)
    city = board.get(city_key).str(tuple(order))
    if nodes[city].kind != city_kind or sum(1 for n in nodes.values() if n.kind == city_kind) != 1:
        board.get(city_key).fail(f"the one node of kind {city_kind}", city)
    check_loop(tr, nodes, city)
    return nodes, tuple(order), city


def check_loop(tr: Node, nodes: dict, city: str) -> None:
    def reach(start, edges):
        seen, todo = {start}, [start]
        while todo:
            for nx in edges.get(todo.pop(), ()):
                if nx not in seen:
                    seen.add(nx)
                    todo.append(nx)
        return seen
    fwd = {n.id: n.next for n in nodes.values()}
    back: dict[str, list[str]] = {}
    for n in nodes.values():
        for nx in n.next:
            back.setdefault(nx, []).append(n.id)
    lost = set(nodes) - (reach(city, fwd) & reach(city, back))
    if lost:
        tr.fail(f"every node on a loop through {city}", sorted(lost))


def load_neutrals(node: Node, vocab: Vocab, letters: list[str], count: int) -> tuple[Neutral, ...]:
    neutrals = tuple(Neutral(n.get("id").str(), n.get("name").str(), vocab.acts(n.get("actions")),
                             design_label(n))
                     for n in node.seq(count, count))
    if sorted(n.id for n in neutrals) != letters:
        node.fail(f"the letters of the board's neutral spaces {letters}", sorted(n.id for n in neutrals))
    return neutrals


def load_building_types(node: Node, vocab: Vocab) -> tuple[BuildingType, ...]:
    """Buildings with sides a/b: (face id, VP, location actions) per side."""
    btypes = []
    for t in node.seq(1):
        sides = {}
        for side in ("a", "b"):
            s = t.get("sides").get(side)
            sides[side] = (s.get("id").str(), s.get("vp").int(0, 30), vocab.acts(s.get("actions")))
        btypes.append(BuildingType(t.get("type").int(1, 20), t.get("builders").int(1, 12),
                                   t.get("copies").int(1, 6), MappingProxyType(sides), design_label(t)))
    if [b.builders for b in btypes] != sorted({b.builders for b in btypes}):
        node.fail("types in ascending, distinct builder order", [b.builders for b in btypes])
    return tuple(btypes)


def load_aux(node: Node, vocab: Vocab) -> tuple[Aux, ...]:
    aux = []
    for a in node.seq(1):
        acts = vocab.acts(a.get("actions"))
        aux.append(Aux(a.get("number").int(1, 9), a.get("start").str(("available", "locked")) == "available",
                       acts, vocab.acts(a.get("upgraded")) if "upgraded" in a.value else acts,
                       design_label(a)))
    return tuple(aux)


def load_discs(node: Node, effects: Vocab, aux_numbers: set[int], want: int, want_from: str) -> tuple[DiscSpace, ...]:
    """player_board.yaml `disc_spaces`: effects (an auxiliary action named must exist)."""
    discs = []
    for d in node.seq(1):
        effs = effects.acts(d.get("effects"))
        for i, e in enumerate(effs):
            if e.name in ("upgrade_auxiliary", "unlock_auxiliary") and e.get("number") not in aux_numbers:
                d.get("effects").seq()[i].fail(f"an auxiliary action number {sorted(aux_numbers)}",
                                               e.get("number"))
        discs.append(DiscSpace(d.get("id").str(), effs, d.get("money").int(-20, 20), d.get("black").bool(),
                               design_label(d)))
    if len(discs) != want:
        node.fail(f"{want} disc spaces ({want_from})", len(discs))
    return tuple(discs)


# requirement kind -> how its value is read: (node, breed ids, worker kinds, sources) ->
# value; `sources` names where breeds and workers are defined (kind -> node)
REQUIREMENTS: dict[str, Callable] = {
    "cattle": lambda v, breeds, workers, src: v.ref(tuple(breeds), src.get("breed")),
    "worker": lambda v, breeds, workers, src: v.ref(tuple(workers), src.get("worker")),
    "min_builders": lambda v, *_: v.int(1, 12),
}


def load_objectives(node: Node, breeds, workers, extra: dict[str, Callable] | None = None,
                    sources: Mapping[str, Node] | None = None) -> tuple[ObjectiveTile, ...]:
    """Objectives with one-key requirements: the family's kinds (cattle, worker,
    min_builders) and the edition's `extra` kinds."""
    src = dict(sources or {})
    kinds = dict(REQUIREMENTS, **(extra or {}))
    objs = []
    for o in node.seq(1):
        req = []
        for r in o.get("requires").seq(1):
            if len(r.keys()) != 1:
                r.fail("a one-key requirement", r.keys())
            k = r.keys()[0]
            if k not in kinds:
                r.fail(f"one of {', '.join(kinds)}", k)
            req.append((k, kinds[k](r.get(k), breeds, workers, src)))
        objs.append(ObjectiveTile(o.get("id").str(), o.get("vp").int(0, 30), tuple(req)))
    return tuple(objs)


def check_count(node: Node, items, want: int, what: str) -> None:
    if len(items) != want:
        node.fail(f"{want} tiles ({what})", len(items))
    if len({t.id for t in items}) != len(items):
        node.fail("unique tile ids")


# ------------------------------------------------------------------ cache
_CACHE: dict[str, FamilyData] = {}


def cached(edition: str, load: Callable[[], FamilyData]) -> FamilyData:
    """The edition's data, loaded once per process (clear_cache() forgets it)."""
    d = _CACHE.get(edition)
    if d is None:
        d = _CACHE[edition] = load()
    return d


def clear_cache(edition: str | None = None) -> None:
    if edition is None:
        _CACHE.clear()
    else:
        _CACHE.pop(edition, None)
