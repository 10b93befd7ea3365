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
    vocab = fam.Vocab(bld.get("action_vocabulary"), breed_ids, worker_ids, TILE_KINDS)
    effects = fam.Vocab(bld.get("effect_vocabulary"), breed_ids, worker_ids, TILE_KINDS)
    workers = fam.load_workers(comp.get("workers"), vocab)
    plain = tuple(w.id for w in workers if len(w.pays_for) == 1)
    start_workers = tuple(n.str(worker_ids) for n in comp.get("starting_workers").seq())
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
    stock = tuple((s.get("card").str(worker_ids + tuple(ids)), s.get("count").int(0, 20))
                  for s in sue_c.get("stock").seq(1))
    strategy = tuple(n.str(plain) for n in sue_c.get("strategy_row").seq(3, 3))

    # board
    nodes, order, el_paso = fam.load_trail(board, NODE_KINDS, "el_paso", "el_paso")
    letters = sorted(n.letter for n in nodes.values() if n.kind == "neutral")
    inner = set()
    for fk in board.get("forks", []).seq():
        for br in fk.get("branches").seq(2, 2):
            if br.get("inner").bool():
                inner.update(x.str(order) for x in br.get("nodes").seq(1))
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
    neutrals = fam.load_neutrals(bld.get("neutral_buildings"), vocab, letters, 6)
    btypes = fam.load_building_types(bld.get("common_building_types"), vocab)

    # trains
    trains = []
    for t in trains_n.get("train_cards").seq(1):
        sides = {s: vocab.acts(t.get("sides").get(s)) for s in ("plain", "star")}
        trains.append(TrainCard(t.get("id").int(1, 20), t.get("engineers").int(1, 12),
                                MappingProxyType(sides)))
    if [t.engineers for t in trains] != sorted(t.engineers for t in trains):
        trains_n.get("train_cards").fail("cards in ascending engineer order")

    # player board
    aux = fam.load_aux(pb.get("auxiliary_actions"), vocab)
    n_discs = comp.get("per_colour").get("discs").int(1, 20)
    discs = fam.load_discs(pb.get("disc_spaces"), effects, {a.number for a in aux}, n_discs,
                           "components.yaml per_colour.discs")

    # tiles
    post_values = {p.value for p in posts}
    objs = fam.load_objectives(tiles.get("objectives"), ids, worker_ids,
                               {"min_post": lambda v, breeds, workers: v.int(0, 99)})
    bonus = []
    for b in tiles.get("bonus_tiles").seq(1):
        eff = effects.act(b.get("effect")) if "effect" in b.value else None
        on_gain = vocab.acts(b.get("on_gain")) if "on_gain" in b.value else ()
        for i, a in enumerate(on_gain):
            if a.name not in ("gain_money", "gain_certificates", "gain_exchange_token"):
                b.get("on_gain").seq()[i].fail("gain_money, gain_certificates or gain_exchange_token", a.name)
        bonus.append(BonusTile(b.get("id").str(), b.get("vp").int(0, 30), eff, on_gain))
    fam.check_count(tiles.get("objectives"), objs, tiles_c.get("objective").get("count").int(), "components.yaml tiles")
    fam.check_count(tiles.get("bonus_tiles"), bonus, tiles_c.get("bonus").get("count").int(), "components.yaml tiles")

    # sue
    cards = []
    for c in sue.get("sue_cards").seq(1):
        action = c.get("action").str(SUE_ACTIONS)
        cards.append(SueCard(c.get("id").str(), c.get("set").str(("A", "B")), c.get("move").str(plain),
                             action, c.get("draw").int(1, 3) if action == "draw" else 0))
    want_cards = sue_c.get("cards")
    for key, n in (("a", sum(c.set == "A" for c in cards)), ("b", sum(c.set == "B" for c in cards))):
        if n != want_cards.get(key).int():
            sue.get("sue_cards").fail(f"{want_cards.get(key).value} {key.upper()} cards (components.yaml sue.cards)", n)
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
        open_tiles=tiles_c.get("objective").get("open").int(1, 6),
        sue_stock=stock, sue_strategy=strategy,
        nodes=MappingProxyType(nodes), node_order=order, city=el_paso,
        inner=frozenset(inner), posts=tuple(posts), market=MappingProxyType(market),
        city_actions=ep, neutrals=neutrals, building_types=btypes,
        trains=tuple(trains), aux=aux, discs=discs,
        objectives=objs, bonus_tiles=tuple(bonus), sue_cards=tuple(cards),
        sue_posts=sue_posts, sue_setup_post=setup_post, sue_market=sue_market, sue_train_cattle=sue_train_cattle,
        sue_choice=choice, sue_joker_cap=sue.get("joker_ignores_at").int(1, 12))


def default_data() -> GWTData:
    """El Paso's data, loaded once per process."""
    return fam.cached(EDITION, load)
