"""Great Western Trail: El Paso data, loaded and validated from data/gwt_el_paso/*.yaml.

Seven files: components (counts, cattle, workers, constants), board (trail, posts, side
boards), buildings (action vocabulary, El Paso, neutral and common buildings), trains,
player_board, tiles (objectives, bonus tiles) and sue (the automa's cards). The parts every
GWT edition shares are read by games.gwt.model; this module adds El Paso's own: the
trading posts, the train cards, the bonus tiles, the Simmental and Sue.
"""
from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping

from games.core.data import Node
from games.gwt import model as fam
from games.gwt.model import (  # noqa: F401  (the data classes, as before)
    Act,
    Aux,
    Breed,
    BuildingType,
    DiscSpace,
    Neutral,
    Node_,
    ObjectiveTile,
    WorkerType,
)

EDITION = "gwt_el_paso"
FILES = fam.EditionFiles(EDITION)
DATA_FILES = FILES.paths(("components", "board", "buildings", "trains", "player_board", "tiles", "sue"))
TILE_KINDS = ("objective", "bonus", "any")
SUE_ACTIONS = ("market", "draw", "train", "build", "choice")
NODE_KINDS = ("el_paso", "neutral", "building")
BREED_ROLES = ("starting", "market", "simmental")
# A neutral building's published main purpose (buildings.yaml `role`) -> the action that
# serves it, which the building must carry.
NEUTRAL_ROLES = {"hire": "hire_worker", "certificates": "gain_certificates",
                 "cattle_market": "buy_cattle", "build": "place_building", "train": "use_train",
                 "auxiliary": "auxiliary_action"}


@dataclass(frozen=True)
class Post:
    value: int
    black: bool
    repeat: bool
    vp: int
    reward: tuple[Act, ...]


@dataclass(frozen=True)
class TrainCard:
    id: int
    engineers: int
    sides: Mapping[str, tuple[Act, ...]]   # plain | star
    design: bool = False


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


@dataclass(frozen=True, kw_only=True)
class GWTData(fam.FamilyData):
    simmental_by_players: Mapping[int, int]
    simmental_space_vp: int
    sue_stock: tuple[tuple[str, int], ...]
    sue_strategy: tuple[str, ...]
    inner: frozenset[str]                # nodes on a fork's inner branch (Sue's tie-break)
    posts: tuple[Post, ...]
    trains: tuple[TrainCard, ...]
    bonus_tiles: tuple[BonusTile, ...]
    sue_cards: tuple[SueCard, ...]
    sue_posts: tuple[int, ...]
    sue_setup_post: int
    sue_market: tuple[str, ...]
    sue_train_cattle: str                # the only cattle Sue takes from a train card
    sue_choice: tuple[tuple[str, str], ...]
    sue_joker_cap: int
    players: tuple[int, int]             # players at the table (solo: 1, plus Sue's seat)
    board_design: bool                   # the trail and posts are ours (board.yaml `design`)
    market_design: Mapping[str, bool]    # breed -> its cowboy count is ours

    @property
    def el_paso(self) -> str:
        return self.city

    @property
    def el_paso_actions(self) -> tuple[Act, ...]:
        return self.city_actions

    def post(self, value: int) -> Post:
        return self._lookup("post", value, lambda: {p.value: p for p in self.posts})

    def train(self, tid: int) -> TrainCard:
        return self._lookup("train", tid, lambda: {t.id: t for t in self.trains})

    def train_index(self, tid: int) -> int:
        return self._lookup("train_index", tid, lambda: {t.id: i for i, t in enumerate(self.trains)})

    def bonus(self, bid: str) -> BonusTile:
        return self._lookup("bonus", bid, lambda: {b.id: b for b in self.bonus_tiles})

    def sue_card(self, cid: str) -> SueCard:
        return self._lookup("sue", cid, lambda: {c.id: c for c in self.sue_cards})

    @property
    def simmental(self) -> Breed:
        return self._once("simmental", lambda: next(b for b in self.breeds if b.role == "simmental"))


def load(edition: str = EDITION) -> GWTData:
    """El Paso's data from data/<edition>/ (another folder: a corrected or test copy)."""
    f = fam.EditionFiles(edition)
    comp, board, bld = f("components"), f("board"), f("buildings")
    trains_n, pb, tiles, sue = f("trains"), f("player_board"), f("tiles"), f("sue")

    # components
    breeds = fam.load_breeds(comp.get("cattle"), BREED_ROLES)
    ids = [b.id for b in breeds]
    if sum(1 for b in breeds if b.role == "simmental") != 1:
        comp.get("cattle").fail("exactly one simmental breed")
    breed_ids = set(ids)
    worker_ids = fam.load_worker_kinds(comp.get("workers"))
    sources = {"breed": comp.get("cattle"), "worker": comp.get("workers")}
    vocab = fam.Vocab(bld.get("action_vocabulary"), breed_ids, worker_ids, TILE_KINDS, sources=sources)
    effects = fam.Vocab(bld.get("effect_vocabulary"), breed_ids, worker_ids, TILE_KINDS, sources=sources)
    workers = fam.load_workers(comp.get("workers"), vocab)
    plain = tuple(w.id for w in workers if len(w.pays_for) == 1)
    start_workers = tuple(n.str(worker_ids) for n in comp.get("starting_workers").seq())
    # players: 1 (solo, against Sue) to 4; the seats, Sue's included, are the rules' 2-4
    pl = comp.get("players")
    fam.check_fact(pl.get("min"), 1, "the solo game: one player against Sue (rules.py INFO: 2 seats)")
    fam.check_fact(pl.get("max"), 4, "at most 4 seats (rules.py INFO)")
    players = (1, 4)
    capital = tuple((c.get("money").int(0, 99), c.get("exchange_tokens").int(0, 99))
                    for c in comp.get("starting_capital").seq(players[1], players[1]))
    sim = {}
    simn = comp.get("simmental_by_players")
    counts = set(range(players[0], players[1] + 1))
    for k in simn.mapping().value:
        if not isinstance(k, int) or k not in counts:
            simn.fail(f"player counts {players[0]}-{players[1]} as keys", k)
        sim[k] = Node(simn.value[k], simn.file, f"{simn.path}.{k}").int(1, 99)
    if set(sim) != counts:
        simn.fail(f"the player counts {', '.join(map(str, sorted(counts)))}", sorted(sim))
    simmental_count = next(b.count for b in breeds if b.role == "simmental")
    if max(sim.values()) > simmental_count:
        simn.fail(f"at most {simmental_count} Simmental cards", max(sim.values()))
    hl, sl = comp.get("hand_limit"), comp.get("step_limit")
    certs = comp.get("certificates")
    hire = comp.get("hire_rules")
    tiles_c = comp.get("tiles")
    sue_c = comp.get("sue")
    # rules facts the code implements (games/gwt*/): the file must say the same
    fam.check_fact(comp.get("starting_cards_score"), False, "starting cards never score (final scoring)")
    fam.check_fact(hire.get("two_workers_must_differ"), True, "a second hire is of another type")
    fam.check_fact(comp.get("workers_spent_go_to"), "discard_pile", "spent workers are discarded")
    fam.check_fact(certs.get("track_min"), 0, "the certificate track starts at 0")
    fam.check_fact(certs.get("start"), 0, "every player starts with 0 certificates")
    fam.check_fact(comp.get("hand_contains"), "cattle_only", "drawn workers go to the worker area")
    fam.check_fact(tiles_c.get("starting_objective_per_player"), 1,
                   "each player picks 1 open objective at setup")
    fam.check_fact(sue_c.get("uses_from_colour"), ["herder", "discs"], "Sue plays a herder and discs")
    fam.check_fact(sue_c.get("money"), 0, "Sue never gains money or exchange tokens")
    stock = tuple((s.get("card").str(worker_ids + tuple(ids)), s.get("count").int(0, 20))
                  for s in sue_c.get("stock").seq(1))
    strategy = tuple(n.str(plain) for n in sue_c.get("strategy_row").seq(3, 3))

    # board
    nodes, order, el_paso = fam.load_trail(board, NODE_KINDS, "el_paso", "el_paso", 100)  # a 100 x 72 playmat
    letters = sorted(n.letter for n in nodes.values() if n.kind == "neutral")
    board_design = board.get("design").bool()
    fam.check_fact(board.get("first_turn_start"), {"kind": "neutral"},
                   "a herder's first turn starts on any neutral space")
    inner = load_forks(board, nodes, order)
    posts = []
    for p in board.get("trading_posts").seq(1):
        posts.append(Post(p.get("value").int(0, 99), p.get("black_corners").bool(),
                          p.get("repeat").bool(), p.get("vp").int(0, 20), vocab.acts(p.get("reward"))))
    if [p.value for p in posts] != sorted({p.value for p in posts}):
        board.get("trading_posts").fail("posts in ascending order of value, each once",
                                        [p.value for p in posts])
    market, market_design = {}, {}
    market_breeds = tuple(b.id for b in breeds if b.role == "market")
    for s in board.get("cattle_market").get("spaces").seq(1):
        # the breeds are components.yaml's: a wrong one names both files
        bid = s.get("breed").ref(market_breeds, comp.get("cattle"))
        market[bid] = s.get("cowboys").int(1, 12)
        market_design[bid] = fam.design_label(s)
    if set(market) != set(market_breeds):
        board.get("cattle_market").fail(
            f"a space for every market breed of {comp.get('cattle').where()}", sorted(market))

    ws = board.get("worker_supply")
    fam.check_fact(ws.get("stacks"), list(worker_ids), f"one worker stack per kind, in the order of {comp.get('workers').where()}")
    fam.check_fact(ws.get("face_up"), True, "the worker stacks lie face up")
    fam.check_fact(ws.get("refilled"), False, "the worker stacks are never refilled")

    # buildings
    epn = bld.get("el_paso")
    fam.check_fact(epn.get("id"), el_paso, f"the El Paso space of {board.get('trail').where()} (el_paso)")
    fam.check_fact(epn.get("compulsory"), True, "every El Paso action is carried out")
    fam.check_fact(epn.get("ordered"), True, "the El Paso actions run in their order")
    ep = vocab.acts(epn.get("actions"))
    neutrals = fam.load_neutrals(bld.get("neutral_buildings"), vocab, letters, 6)
    for nb, n in zip(bld.get("neutral_buildings").seq(), neutrals, strict=True):
        role = nb.get("role").str(tuple(NEUTRAL_ROLES))
        if NEUTRAL_ROLES[role] not in {a.name for a in n.actions}:
            nb.get("role").fail(f"a role the building's actions serve ({NEUTRAL_ROLES[role]} "
                                f"for {role})", role)
    btypes = fam.load_building_types(bld.get("common_building_types"), vocab)
    for t in bld.get("common_building_types").seq():
        fam.check_fact(t.get("ownership_marker"), True, "a common building carries its owner's marker")
        fam.check_fact(t.get("hand"), "none", "passing a building costs no fee in El Paso")
    load_building_tiles(bld.get("common_building_tiles"), btypes)
    bb = board.get("building_board")
    fam.check_fact(bb.get("stacks_by"), "builders", "one stack per type, by builders")
    fam.check_fact(bb.get("order"), [t.type for t in btypes],
                   f"the types of {bld.get('common_building_types').where()} in ascending builder order")
    fam.check_fact(bb.get("setup_side"), "a", "side a at setup (the building_sides option's default)")

    # trains
    trains = []
    for t in trains_n.get("train_cards").seq(1):
        sides = {s: vocab.acts(t.get("sides").get(s)) for s in ("plain", "star")}
        trains.append(TrainCard(t.get("id").int(1, 20), t.get("engineers").int(1, 12),
                                MappingProxyType(sides), fam.design_label(t)))
    if [t.engineers for t in trains] != sorted(t.engineers for t in trains):
        trains_n.get("train_cards").fail("cards in ascending engineer order")
    fam.check_fact(board.get("train_row").get("order"), "by_engineers_ascending",
                   "the train cards in ascending engineer order")

    # player board
    aux = fam.load_aux(pb.get("auxiliary_actions"), vocab)
    n_discs = comp.get("per_colour").get("discs").int(1, 20)
    discs = fam.load_discs(pb.get("disc_spaces"), effects, {a.number for a in aux}, n_discs,
                           comp.get("per_colour").get("discs").where())

    # tiles
    post_values = {p.value for p in posts}
    objs = fam.load_objectives(tiles.get("objectives"), ids, worker_ids,
                               {"min_post": lambda v, *_: v.int(0, 99)}, sources)
    bonus = []
    for b in tiles.get("bonus_tiles").seq(1):
        eff = effects.act(b.get("effect")) if "effect" in b.mapping().value else None
        on_gain = vocab.acts(b.get("on_gain")) if "on_gain" in b.value else ()
        for i, a in enumerate(on_gain):
            if a.name not in ("gain_money", "gain_certificates", "gain_exchange_token"):
                b.get("on_gain").seq()[i].fail("gain_money, gain_certificates or gain_exchange_token", a.name)
        bonus.append(BonusTile(b.get("id").str(), b.get("vp").int(0, 30), eff, on_gain))
    fam.check_count(tiles.get("objectives"), objs, tiles_c.get("objective").get("count").int(),
                    tiles_c.get("objective").get("count").where())
    fam.check_count(tiles.get("bonus_tiles"), bonus, tiles_c.get("bonus").get("count").int(),
                    tiles_c.get("bonus").get("count").where())
    open_tiles = tiles_c.get("objective").get("open").int(1, 6)
    fam.check_fact(tiles_c.get("bonus").get("open"), open_tiles,
                   "as many open bonus tiles as open objectives (tiles.objective.open)")

    # sue
    cards = []
    for c in sue.get("sue_cards").seq(1):
        action = c.get("action").str(SUE_ACTIONS)
        cards.append(SueCard(c.get("id").str(), c.get("set").str(("A", "B")), c.get("move").str(plain),
                             action, c.get("draw").int(1, 3) if action == "draw" else 0))
    want_cards = sue_c.get("cards")
    for key, n in (("a", sum(c.set == "A" for c in cards)), ("b", sum(c.set == "B" for c in cards))):
        if n != want_cards.get(key).int():
            sue.get("sue_cards").fail(f"{want_cards.get(key).value} {key.upper()} cards ({want_cards.get(key).where()})", n)
    # the posts and the market are board.yaml's: a wrong one names both files
    posts_at = f"a trading post value {sorted(post_values)} (from {board.get('trading_posts').where()})"
    sue_posts = tuple(v.int() for v in sue.get("delivery_posts").seq(1))
    for i, v in enumerate(sue_posts):
        if v not in post_values:
            sue.get("delivery_posts").seq()[i].fail(posts_at, v)
    if not posts[[p.value for p in posts].index(sue_posts[-1])].repeat:
        sue.get("delivery_posts").fail(
            f"a last post that takes repeat discs (from {board.get('trading_posts').where()})", sue_posts[-1])
    setup_post = sue.get("setup_disc_post").int()
    if setup_post not in post_values:
        sue.get("setup_disc_post").fail(posts_at, setup_post)
    market_at = board.get("cattle_market")
    sue_market = tuple(n.ref(tuple(market), market_at) for n in sue.get("market_by_cowboys").seq(1))
    sue_train_cattle = sue.get("train_cattle").ref(tuple(market), market_at)
    choice = tuple((c.get("action").str(("market", "train", "build")), c.get("worker").str(plain))
                   for c in sue.get("choice_actions").seq(3, 3))

    return GWTData(
        edition=edition, breeds=breeds, workers=workers,
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
        open_tiles=open_tiles,
        sue_stock=stock, sue_strategy=strategy,
        nodes=MappingProxyType(nodes), node_order=order, city=el_paso,
        inner=frozenset(inner), posts=tuple(posts), market=MappingProxyType(market),
        city_actions=ep, neutrals=neutrals, building_types=btypes,
        trains=tuple(trains), aux=aux, discs=discs,
        objectives=objs, bonus_tiles=tuple(bonus), sue_cards=tuple(cards),
        sue_posts=sue_posts, sue_setup_post=setup_post, sue_market=sue_market, sue_train_cattle=sue_train_cattle,
        sue_choice=choice, sue_joker_cap=sue.get("joker_ignores_at").int(1, 12),
        players=players, board_design=board_design, market_design=MappingProxyType(market_design))


def load_forks(board: Node, nodes: dict, order: tuple[str, ...]) -> set[str]:
    """board.yaml `forks`: each branch lists the trail nodes from the fork (`at`, taking its
    `next` in order) to the join; returns the nodes of the inner branches."""
    inner: set[str] = set()
    ids = []
    for fk in board.get("forks", []).seq():
        ids.append(fk.get("id").str())
        at, join = fk.get("at").str(order), fk.get("join").str(order)
        branches = fk.get("branches").seq(2, 2)
        if len(nodes[at].next) != len(branches):
            fk.get("at").fail(f"a fork node with {len(branches)} successors", at)
        for first, br in zip(nodes[at].next, branches, strict=True):
            path, x = [], first
            while x != join and len(path) < len(nodes):
                path.append(x)
                x = nodes[x].next[0] if len(nodes[x].next) == 1 else join
            listed = [x.str(order) for x in br.get("nodes").seq(1)]
            if listed != path or x != join:
                br.get("nodes").fail(f"the trail from {at} by {first} to {join}", listed)
            if br.get("inner").bool():
                inner.update(listed)
    if len(set(ids)) != len(ids):
        board.get("forks").fail("unique fork ids", ids)
    return inner


def load_building_tiles(node: Node, btypes) -> None:
    """buildings.yaml `common_building_tiles`: unique ids, `copies` tiles of each type."""
    types = {t.type: t.copies for t in btypes}
    have: dict[int, int] = {}
    ids = []
    for t in node.seq(1):
        ids.append(t.get("id").str())
        k = t.get("type").int(*((min(types), max(types)) if types else (1, 1)))
        if k not in types:
            t.get("type").fail(f"a type of common_building_types {sorted(types)}", k)
        have[k] = have.get(k, 0) + 1
    if len(set(ids)) != len(ids):
        node.fail("unique tile ids", ids)
    if have != types:
        node.fail(f"as many tiles of each type as its copies {types}", have)


def default_data() -> GWTData:
    """El Paso's data, loaded once per process."""
    return fam.cached(EDITION, load)
