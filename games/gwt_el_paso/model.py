"""Great Western Trail: El Paso data, loaded and validated from data/gwt_el_paso/*.yaml.

Seven files: components (counts, cattle, workers, constants), board (trail, posts, side
boards), buildings (action vocabulary, El Paso, neutral and common buildings), trains,
player_board, tiles (objectives, bonus tiles) and sue (the automa's cards). Every action
anywhere is checked against the vocabulary of buildings.yaml and normalised to an `Act`;
a broken file raises DataError naming the file, the key path and the expectation.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from types import MappingProxyType
from typing import Mapping

from games.core.data import Node, data_path, load_yaml

DATA_FILES = tuple(f"data/gwt_el_paso/{n}.yaml" for n in (
    "components", "board", "buildings", "trains", "player_board", "tiles", "sue"))
WORKER_TYPES = ("cowboy", "engineer", "builder", "joker")
PLAIN_WORKERS = ("cowboy", "engineer", "builder")
TILE_KINDS = ("objective", "bonus", "any")
SUE_ACTIONS = ("market", "draw", "train", "build", "choice")
NODE_KINDS = ("el_paso", "neutral", "building")


@dataclass(frozen=True)
class Act:
    """One action: its vocabulary name, its params and an optional $ cost."""
    name: str
    params: Mapping[str, object]
    cost: int = 0

    def get(self, key, default=None):
        return self.params.get(key, default)


@dataclass(frozen=True)
class Breed:
    id: str
    name: str
    name_ru: str
    colour: str
    rgb: tuple[int, int, int]
    letter: str
    role: str                 # starting | market | simmental
    count: int                # per player for starting breeds
    bv: int
    vp: int


@dataclass(frozen=True)
class WorkerType:
    id: str
    count: int
    vp: int
    bonus: tuple[Act, ...]


@dataclass(frozen=True)
class Node_:
    id: str
    kind: str
    next: tuple[str, ...]
    letter: str | None
    cost: int
    pos: tuple[float, float]


@dataclass(frozen=True)
class Post:
    value: int
    black: bool
    repeat: bool
    vp: int
    reward: tuple[Act, ...]


@dataclass(frozen=True)
class Neutral:
    id: str
    name: str
    actions: tuple[Act, ...]


@dataclass(frozen=True)
class BuildingType:
    type: int
    builders: int
    copies: int
    sides: Mapping[str, tuple[str, int, tuple[Act, ...]]]   # side -> (face id, vp, actions)


@dataclass(frozen=True)
class TrainCard:
    id: int
    engineers: int
    sides: Mapping[str, tuple[Act, ...]]   # plain | star


@dataclass(frozen=True)
class Aux:
    number: int
    start_available: bool
    actions: tuple[Act, ...]
    upgraded: tuple[Act, ...]


@dataclass(frozen=True)
class DiscSpace:
    id: str
    effects: tuple[Act, ...]
    money: int
    black: bool


@dataclass(frozen=True)
class ObjectiveTile:
    id: str
    vp: int
    requires: tuple[tuple[str, object], ...]   # (cattle|min_builders|min_post|worker, value)


@dataclass(frozen=True)
class BonusTile:
    id: str
    vp: int
    effect: Act | None
    on_gain: tuple[Act, ...]


@dataclass(frozen=True)
class SueCard:
    id: str
    set: str
    move: str
    action: str
    draw: int


@dataclass(frozen=True)
class GWTData:
    breeds: tuple[Breed, ...]
    workers: tuple[WorkerType, ...]
    joker_surcharge: int
    ownership_markers: int
    discs_per_player: int
    money_per_worker: int
    starting_workers: tuple[str, ...]
    starting_capital: tuple[tuple[int, int], ...]      # (money, exchange tokens) by seat
    simmental_by_players: Mapping[int, int]
    simmental_space_vp: int
    hand_limit: tuple[int, int]
    step_limit: tuple[int, int]
    cert_max: int
    open_tiles: int
    sue_stock: tuple[tuple[str, int], ...]
    sue_strategy: tuple[str, ...]
    nodes: Mapping[str, Node_]
    node_order: tuple[str, ...]
    el_paso: str
    inner: frozenset[str]                # nodes on a fork's inner branch (Sue's tie-break)
    posts: tuple[Post, ...]
    market: Mapping[str, int]            # breed -> cowboys
    el_paso_actions: tuple[Act, ...]
    neutrals: tuple[Neutral, ...]
    building_types: tuple[BuildingType, ...]
    trains: tuple[TrainCard, ...]
    aux: tuple[Aux, ...]
    discs: tuple[DiscSpace, ...]
    objectives: tuple[ObjectiveTile, ...]
    bonus_tiles: tuple[BonusTile, ...]
    sue_cards: tuple[SueCard, ...]
    sue_posts: tuple[int, ...]
    sue_setup_post: int
    sue_market: tuple[str, ...]
    sue_train_cattle: str                # the only cattle Sue takes from a train card
    sue_choice: tuple[tuple[str, str], ...]
    sue_joker_cap: int
    _idx: dict = field(default_factory=dict, compare=False, repr=False)

    # --- look-ups ---------------------------------------------------------
    def breed(self, bid: str) -> Breed:
        return self._lookup("breed", bid, lambda: {b.id: b for b in self.breeds})

    def worker(self, wid: str) -> WorkerType:
        return self._lookup("worker", wid, lambda: {w.id: w for w in self.workers})

    def post(self, value: int) -> Post:
        return self._lookup("post", value, lambda: {p.value: p for p in self.posts})

    def neutral(self, nid: str) -> Neutral:
        return self._lookup("neutral", nid, lambda: {n.id: n for n in self.neutrals})

    def btype(self, t: int) -> BuildingType:
        return self._lookup("btype", t, lambda: {b.type: b for b in self.building_types})

    def train(self, tid: int) -> TrainCard:
        return self._lookup("train", tid, lambda: {t.id: t for t in self.trains})

    def disc(self, did: str) -> DiscSpace:
        return self._lookup("disc", did, lambda: {d.id: d for d in self.discs})

    def objective(self, oid: str) -> ObjectiveTile:
        return self._lookup("obj", oid, lambda: {o.id: o for o in self.objectives})

    def bonus(self, bid: str) -> BonusTile:
        return self._lookup("bonus", bid, lambda: {b.id: b for b in self.bonus_tiles})

    def aux_action(self, n: int) -> Aux:
        return self._lookup("aux", n, lambda: {a.number: a for a in self.aux})

    def sue_card(self, cid: str) -> SueCard:
        return self._lookup("sue", cid, lambda: {c.id: c for c in self.sue_cards})

    def _lookup(self, kind, key, build):
        table = self._idx.get(kind)
        if table is None:
            table = self._idx[kind] = build()
        return table[key]

    @property
    def succ(self) -> dict[str, tuple[str, ...]]:
        return {n.id: n.next for n in self.nodes.values()}

    @property
    def building_spaces(self) -> tuple[str, ...]:
        return tuple(i for i in self.node_order if self.nodes[i].kind == "building")

    @property
    def neutral_spaces(self) -> tuple[str, ...]:
        return tuple(i for i in self.node_order if self.nodes[i].kind == "neutral")

    def market_breeds(self) -> tuple[Breed, ...]:
        return tuple(b for b in self.breeds if b.role == "market")

    def starting_breeds(self) -> tuple[Breed, ...]:
        return tuple(b for b in self.breeds if b.role == "starting")

    @property
    def simmental(self) -> Breed:
        return next(b for b in self.breeds if b.role == "simmental")


# ------------------------------------------------------------------ actions
class _Vocab:
    def __init__(self, node: Node, breeds: set[str]):
        self.spec: dict[str, dict] = {}
        self.breeds = breeds
        for name, v in node.items():
            v.mapping()
            params = {k: p.str(("int", "bool", "breed", "worker", "tile")) for k, p in v.get("params").items()}
            self.spec[name] = {
                "params": params,
                "scalar": v.get("scalar", None).value,
                "optional": set(v.get("optional", []).value or []),
                "one_of": [list(g) for g in (v.get("one_of", []).value or [])],
            }

    def act(self, node: Node) -> Act:
        keys = node.mapping().keys()
        if len(keys) != 1:
            node.fail("a one-key mapping {action: params}", keys)
        name = keys[0]
        if name not in self.spec:
            node.fail(f"an action of the vocabulary ({', '.join(sorted(self.spec))})", name)
        spec = self.spec[name]
        val = node.get(name)
        if not isinstance(val.value, dict):
            if spec["scalar"] is None:
                val.fail(f"a mapping of params for {name}", val.value)
            val = Node({spec["scalar"]: val.value}, val.file, val.path)
        params: dict[str, object] = {}
        cost = 0
        for k, p in val.items():
            if k == "cost":
                cost = p.int(0, 99)
                continue
            kind = spec["params"].get(k)
            if kind is None:
                p.fail(f"a param of {name} ({', '.join(spec['params']) or 'none'}, cost)", k)
            if kind == "int":
                params[k] = p.int(0, 99)
            elif kind == "bool":
                params[k] = p.bool()
            elif kind == "breed":
                params[k] = p.str(sorted(self.breeds))
            elif kind == "worker":
                params[k] = p.str(PLAIN_WORKERS + ("joker", "any"))
            else:
                params[k] = p.str(TILE_KINDS)
        grouped = {k for g in spec["one_of"] for k in g}
        for g in spec["one_of"]:
            if sum(1 for k in g if k in params) != 1:
                val.fail(f"exactly one of {', '.join(g)} for {name}", sorted(params))
        for k in spec["params"]:
            if k not in params and k not in grouped and k not in spec["optional"]:
                val.fail(f"the param {k} for {name}", sorted(params))
        return Act(name, MappingProxyType(params), cost)

    def acts(self, node: Node) -> tuple[Act, ...]:
        return tuple(self.act(a) for a in node.seq())


# ------------------------------------------------------------------ loading
def _file(name: str) -> Node:
    return load_yaml(data_path("gwt_el_paso", f"{name}.yaml"))


def load() -> GWTData:
    comp, board, bld = _file("components"), _file("board"), _file("buildings")
    trains_n, pb, tiles, sue = _file("trains"), _file("player_board"), _file("tiles"), _file("sue")

    # components
    breeds = []
    for b in comp.get("cattle").seq(1):
        role = b.get("role").str(("starting", "market", "simmental"))
        count = b.get("per_player" if role == "starting" else "count").int(0, 99)
        breeds.append(Breed(b.get("id").str(), b.get("name").str(), b.get("name_ru").str(),
                            b.get("colour").str(), b.get("rgb").rgb(), b.get("letter").str(),
                            role, count, b.get("bv").int(0, 20), b.get("vp").int(0, 20)))
    ids = [b.id for b in breeds]
    if len(set(ids)) != len(ids):
        comp.get("cattle").fail("unique breed ids", ids)
    if sum(1 for b in breeds if b.role == "simmental") != 1:
        comp.get("cattle").fail("exactly one simmental breed")
    breed_ids = set(ids)
    vocab = _Vocab(bld.get("action_vocabulary"), breed_ids)
    effects = _Vocab(bld.get("effect_vocabulary"), breed_ids)

    workers = []
    for w in comp.get("workers").seq(4, 4):
        wid = w.get("id").str(WORKER_TYPES)
        workers.append(WorkerType(wid, w.get("count").int(0, 99), w.get("vp").int(0, 20),
                                  vocab.acts(w.get("bonus"))))
    if [w.id for w in workers] != list(WORKER_TYPES):
        comp.get("workers").fail(f"the worker types in order {', '.join(WORKER_TYPES)}",
                                 [w.id for w in workers])
    start_workers = tuple(n.str(WORKER_TYPES) for n in comp.get("starting_workers").seq())
    capital = tuple((c.get("money").int(0, 99), c.get("exchange_tokens").int(0, 99))
                    for c in comp.get("starting_capital").seq(4, 4))
    sim = {}
    simn = comp.get("simmental_by_players")
    for k in simn.value or {}:
        if not isinstance(k, int) or not 1 <= k <= 4:
            simn.fail("player counts 1-4 as keys", k)
        sim[k] = Node(simn.value[k], simn.file, f"{simn.path}.{k}").int(1, 99)
    if set(sim) != {1, 2, 3, 4}:
        simn.fail("the player counts 1, 2, 3, 4", sorted(sim))
    simmental_count = next(b.count for b in breeds if b.role == "simmental")
    if max(sim.values()) > simmental_count:
        simn.fail(f"at most {simmental_count} Simmental cards", max(sim.values()))
    hl, sl = comp.get("hand_limit"), comp.get("step_limit")
    certs = comp.get("certificates")
    hire = comp.get("hire_rules")
    tiles_c = comp.get("tiles")
    sue_c = comp.get("sue")
    stock = tuple((s.get("card").str(tuple(WORKER_TYPES) + tuple(ids)), s.get("count").int(0, 20))
                  for s in sue_c.get("stock").seq(1))
    strategy = tuple(n.str(PLAIN_WORKERS) for n in sue_c.get("strategy_row").seq(3, 3))

    # board
    nodes = {}
    order = []
    for n in board.get("trail").seq(3):
        nid = n.get("id").str()
        if nid in nodes:
            n.get("id").fail("a unique node id", nid)
        kind = n.get("kind").str(NODE_KINDS)
        pos = n.get("pos").seq(2, 2)
        nodes[nid] = Node_(nid, kind, tuple(x.str() for x in n.get("next").seq(1, 2)),
                           n.get("letter").str() if kind == "neutral" else None,
                           n.get("cost", 0).int(0, 20) if kind == "building" else 0,
                           tuple(float(p.value) for p in pos))
        order.append(nid)
    tr = board.get("trail")
    for i, nid in enumerate(order):
        for j, nx in enumerate(nodes[nid].next):
            if nx not in nodes:
                Node(nx, tr.file, f"trail[{i}].next[{j}]").fail("the id of a trail node", nx)
    el_paso = board.get("el_paso").str(tuple(order))
    if nodes[el_paso].kind != "el_paso" or sum(1 for n in nodes.values() if n.kind == "el_paso") != 1:
        board.get("el_paso").fail("the one node of kind el_paso", el_paso)
    letters = sorted(n.letter for n in nodes.values() if n.kind == "neutral")
    # every node lies on a loop back to El Paso, and El Paso reaches every node
    _check_loop(tr, nodes, el_paso)
    inner = set()
    for f in board.get("forks", []).seq():
        for br in f.get("branches").seq(2, 2):
            if br.get("inner").bool():
                inner.update(x.str(tuple(order)) for x in br.get("nodes").seq(1))
    posts = []
    for p in board.get("trading_posts").seq(1):
        posts.append(Post(p.get("value").int(0, 99), p.get("black_corners").bool(),
                          p.get("repeat").bool(), p.get("vp").int(0, 20), vocab.acts(p.get("reward"))))
    if [p.value for p in posts] != sorted({p.value for p in posts}):
        board.get("trading_posts").fail("posts in ascending order of value, each once",
                                        [p.value for p in posts])
    market = {}
    for s in board.get("cattle_market").get("spaces").seq(1):
        market[s.get("breed").str(tuple(b.id for b in breeds if b.role == "market"))] = \
            s.get("cowboys").int(1, 12)
    if set(market) != {b.id for b in breeds if b.role == "market"}:
        board.get("cattle_market").fail("a space for every market breed", sorted(market))

    # buildings
    ep = vocab.acts(bld.get("el_paso").get("actions"))
    neutrals = tuple(Neutral(n.get("id").str(), n.get("name").str(), vocab.acts(n.get("actions")))
                     for n in bld.get("neutral_buildings").seq(6, 6))
    if sorted(n.id for n in neutrals) != letters:
        bld.get("neutral_buildings").fail(f"the letters of the board's neutral spaces {letters}",
                                          sorted(n.id for n in neutrals))
    btypes = []
    for t in bld.get("common_building_types").seq(1):
        sides = {}
        for side in ("a", "b"):
            s = t.get("sides").get(side)
            sides[side] = (s.get("id").str(), s.get("vp").int(0, 30), vocab.acts(s.get("actions")))
        btypes.append(BuildingType(t.get("type").int(1, 20), t.get("builders").int(1, 12),
                                   t.get("copies").int(1, 6), MappingProxyType(sides)))
    if [b.builders for b in btypes] != sorted({b.builders for b in btypes}):
        bld.get("common_building_types").fail("types in ascending, distinct builder order",
                                              [b.builders for b in btypes])

    # trains
    trains = []
    for t in trains_n.get("train_cards").seq(1):
        sides = {s: vocab.acts(t.get("sides").get(s)) for s in ("plain", "star")}
        trains.append(TrainCard(t.get("id").int(1, 20), t.get("engineers").int(1, 12),
                                MappingProxyType(sides)))
    if [t.engineers for t in trains] != sorted(t.engineers for t in trains):
        trains_n.get("train_cards").fail("cards in ascending engineer order")

    # player board
    aux = []
    for a in pb.get("auxiliary_actions").seq(1):
        acts = vocab.acts(a.get("actions"))
        aux.append(Aux(a.get("number").int(1, 9), a.get("start").str(("available", "locked")) == "available",
                       acts, vocab.acts(a.get("upgraded")) if "upgraded" in a.value else acts))
    numbers = {a.number for a in aux}
    discs = []
    for d in pb.get("disc_spaces").seq(1):
        effs = effects.acts(d.get("effects"))
        for i, e in enumerate(effs):
            if e.name in ("upgrade_auxiliary", "unlock_auxiliary") and e.get("number") not in numbers:
                d.get("effects").seq()[i].fail(f"an auxiliary action number {sorted(numbers)}",
                                               e.get("number"))
        discs.append(DiscSpace(d.get("id").str(), effs, d.get("money").int(-20, 20), d.get("black").bool()))
    n_discs = comp.get("per_colour").get("discs").int(1, 20)
    if len(discs) != n_discs:
        pb.get("disc_spaces").fail(f"{n_discs} disc spaces (components.yaml per_colour.discs)", len(discs))

    # tiles
    objs = []
    for o in tiles.get("objectives").seq(1):
        req = []
        for r in o.get("requires").seq(1):
            if len(r.keys()) != 1:
                r.fail("a one-key requirement", r.keys())
            k = r.keys()[0]
            v = r.get(k)
            if k == "cattle":
                req.append((k, v.str(tuple(ids))))
            elif k == "worker":
                req.append((k, v.str(WORKER_TYPES)))
            elif k == "min_builders":
                req.append((k, v.int(1, 12)))
            elif k == "min_post":
                req.append((k, v.int(0, 99)))
            else:
                r.fail("one of cattle, worker, min_builders, min_post", k)
        objs.append(ObjectiveTile(o.get("id").str(), o.get("vp").int(0, 30), tuple(req)))
    bonus = []
    for b in tiles.get("bonus_tiles").seq(1):
        eff = effects.act(b.get("effect")) if "effect" in b.value else None
        on_gain = vocab.acts(b.get("on_gain")) if "on_gain" in b.value else ()
        for i, a in enumerate(on_gain):
            if a.name not in ("gain_money", "gain_certificates", "gain_exchange_token"):
                b.get("on_gain").seq()[i].fail("gain_money, gain_certificates or gain_exchange_token", a.name)
        bonus.append(BonusTile(b.get("id").str(), b.get("vp").int(0, 30), eff, on_gain))
    for key, lst, want in (("objectives", objs, tiles_c.get("objective").get("count").int()),
                           ("bonus_tiles", bonus, tiles_c.get("bonus").get("count").int())):
        if len(lst) != want:
            tiles.get(key).fail(f"{want} tiles (components.yaml tiles)", len(lst))
        if len({t.id for t in lst}) != len(lst):
            tiles.get(key).fail("unique tile ids")

    # sue
    cards = []
    for c in sue.get("sue_cards").seq(1):
        action = c.get("action").str(SUE_ACTIONS)
        cards.append(SueCard(c.get("id").str(), c.get("set").str(("A", "B")), c.get("move").str(PLAIN_WORKERS),
                             action, c.get("draw").int(1, 3) if action == "draw" else 0))
    want_cards = sue_c.get("cards")
    for key, n in (("a", sum(c.set == "A" for c in cards)), ("b", sum(c.set == "B" for c in cards))):
        if n != want_cards.get(key).int():
            sue.get("sue_cards").fail(f"{want_cards.get(key).value} {key.upper()} cards (components.yaml sue.cards)", n)
    post_values = {p.value for p in posts}
    sue_posts = tuple(v.int() for v in sue.get("delivery_posts").seq(1))
    for i, v in enumerate(sue_posts):
        if v not in post_values:
            sue.get("delivery_posts").seq()[i].fail(f"a trading post value {sorted(post_values)}", v)
    if not posts[[p.value for p in posts].index(sue_posts[-1])].repeat:
        sue.get("delivery_posts").fail("a last post that takes repeat discs", sue_posts[-1])
    setup_post = sue.get("setup_disc_post").int()
    if setup_post not in post_values:
        sue.get("setup_disc_post").fail(f"a trading post value {sorted(post_values)}", setup_post)
    sue_market = tuple(n.str(tuple(market)) for n in sue.get("market_by_cowboys").seq(1))
    sue_train_cattle = sue.get("train_cattle").str(tuple(market))
    choice = tuple((c.get("action").str(("market", "train", "build")), c.get("worker").str(PLAIN_WORKERS))
                   for c in sue.get("choice_actions").seq(3, 3))

    return GWTData(
        breeds=tuple(breeds), workers=tuple(workers),
        joker_surcharge=hire.get("joker_surcharge").int(0, 20),
        ownership_markers=comp.get("per_colour").get("ownership_markers").int(1, 9),
        discs_per_player=n_discs,
        money_per_worker=comp.get("money_per_worker_spent").int(0, 20),
        starting_workers=start_workers, starting_capital=capital,
        simmental_by_players=MappingProxyType(sim),
        simmental_space_vp=comp.get("simmental_space_vp").int(0, 20),
        hand_limit=(hl.get("start").int(1, 10), hl.get("max").int(1, 10)),
        step_limit=(sl.get("start").int(1, 10), sl.get("max").int(1, 10)),
        cert_max=certs.get("track_max").int(1, 10),
        open_tiles=tiles_c.get("objective").get("open").int(1, 6),
        sue_stock=stock, sue_strategy=strategy,
        nodes=MappingProxyType(nodes), node_order=tuple(order), el_paso=el_paso,
        inner=frozenset(inner), posts=tuple(posts), market=MappingProxyType(market),
        el_paso_actions=ep, neutrals=neutrals, building_types=tuple(btypes),
        trains=tuple(trains), aux=tuple(aux), discs=tuple(discs),
        objectives=tuple(objs), bonus_tiles=tuple(bonus), sue_cards=tuple(cards),
        sue_posts=sue_posts, sue_setup_post=setup_post, sue_market=sue_market, sue_train_cattle=sue_train_cattle,
        sue_choice=choice, sue_joker_cap=sue.get("joker_ignores_at").int(1, 12))


def _check_loop(tr: Node, nodes: dict, el_paso: str) -> None:
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
    lost = set(nodes) - (reach(el_paso, fwd) & reach(el_paso, back))
    if lost:
        tr.fail("every node on a loop through El Paso", sorted(lost))


@lru_cache(maxsize=1)
def default_data() -> GWTData:
    return load()
