"""Great Western Trail: Argentina data, loaded and validated from data/gwt_argentina/*.yaml.

Nine files (DATA_FILES): components (cattle, bag tokens, prices, constants), board (the
trail), railroad (stations and the 8 station masters), buildings (action vocabulary, Buenos
Aires, neutral A-H, private 1-10), player_board (auxiliary actions, disc spaces, worker
rows), job_market, ships, cities (docks, quarters, both sides, direction tokens) and
objectives. The family's loaders (games.gwt.model) read the shared parts; every action is
checked against buildings.yaml `action_vocabulary` (ArgVocab: the family's param kinds plus
dock, count and bag); a broken file raises DataError naming the file, key path and
expectation. Each file's head says which numbers are the rulebook's, third-party or ours,
and every item carries `design`.

`load()` is cached per process; `load(folder)` reads data/<folder>/ afresh (test copies).

ArgentinaData = FamilyData (games.gwt.model) with:
  edition, breeds (one family Breed per card variant; role "starting" for the player
    cards so the family's deck setup works, "market"), workers (gaucho, carpintero,
    maquinista, granjero; pays_for cattle_market, building, train, farmers; payer()),
  joker_surcharge 0, ownership_markers 10, discs_per_player 18, money_per_worker 2 (pesos
    per carpintero), starting_workers (the 4 printed), starting_capital ((pesos, exchange
    tokens) by seat), hand_limit (4, 6), step_limit (3, 8: the smallest start, the most
    with both step discs), cert_max 6 (the limit with the certificate disc), open_tiles 4,
  nodes / node_order / city "ba" (Node_ kinds start, neutral, building, farmer, ramp,
    junction, city; no node has hands: the hands are on farmer tokens and private tiles),
  market {} (prices below), city_actions (special_delivery, income, load_ship, foresight
    A/B/C), neutrals A-H, building_types 1-10 (builders = carpinteros, copies 1, sides a/b
    -> (face "3a", VP, actions)), aux 1-6 (actions = single, upgraded = double), discs (the
    17 ArgDisc), objectives (the 24 ObjectiveCard, ids o01..o24).
Argentina's fields:
  players (2, 4); groups {breed group id: BreedGroup(id, name, name_ru, colour, role
    player|market, bv, stamina, design)}; cards {card id: Card(id, breed (group), colour, bv,
    stamina, vp, role player|market|exhaustion, count, design)}, the exhaustion card is
    "exhaustion" (vp -2); player_cards (one player's 14 ids, repeats); market_cards (36);
    market_order (colour order); exhaustion_cards 25; starting_exhaustion 1;
    starting_cards (4, 5, 6, 7 by seat); first_turn_hand 4;
  prices (Price(gauchos, pesos, cards, what: a market breed group or "bv3", design));
  tokens {id: Token(id, bag A|B|C, kind worker|farmer, type (worker type | farmer colour),
    stamina (worker 0|1; farmer 3-8), hand (farmer green|black; worker None), design)},
    ids g01.., c01.., m01.. (workers), fg.., fb.., fo.., fy.. (farmers);
  farmer_zones {colour: nodes by number 1..n}; farmer_pesos {node: printed pesos};
  extra_actions {building node: acts}; grain_spaces; ramps {ramp node: railroad space};
  start_node (the rider space);
  railroad Railroad(last 31, start 0, depot_exit 24, stations (Station(id "st4", at (the
    track space its bypass leaves, toward at+1; 31 for the last), bypass ("b4"; None for
    31), cost, vp, dark, master, repeat, design)), design) with station(), bypass_at(),
    of_bypass(), bypasses, master_stations, ahead(pos), behind(pos) (positions "0".."31",
    bypass ids, "depot");
  station_masters (Master(id "sm1".., top (instant acts), perm_certs, loading_grain, task
    (ships | stations | objectives | stamina_workers | worker_sets | farmers | bv345 |
    buildings), task_per 1|2, task_vp, design)); masters_in_play 5;
  ships {id: Ship(id "sun8" | "stack8", value, grain, vp, dark, sun, group yellow |
    turquoise | purple | None, dock, acts (loading action), repeat (0 and 18), design)};
    ships_drawn 2;
  cities (City(id, side a|b, name, name_ru, docks (Dock(id "rotterdam_1", numeral I|II, vp,
    discount, design, dark)), quarters (Quarter(id west|north|east|south, grain, spaces
    (Bonus(id "<city>_<side>_<quarter><n>", acts, vp, design)), design)), centre (the bonus
    ids a direction token covers: unavailable), design)); city_order; setup_dock
    "le_havre_1"; direction_tokens {players: city ids covered};
  job_market JobMarket(rows (Row(cost, after None | "cattle" | "sail:<group>" | "end",
    design)), start_row (0-based), first_column {players: column}, columns 4, token_vp 2)
    with used_columns(players);
  worker_rows {type: 6 Slot(index, acts, cost (granjero placement), vp (4 on the 5th/6th),
    design)}; row_vp_slots (4, 5);
  building_hands {face "1a".."10b": "green" | "black" | None};
  grain_max 8; cert_limit_start 4; start_step_limit {2: 3, 3: 4, 4: 5}; fees {players:
    {green, black}}; market_size {2: 9, 3: 12, 4: 15}; farmer_vp 2; pesos_per_vp 5;
  reveal_per_gaucho 2; help_cards_max 4; help_exhaustion ((up to n cards, exhaustion
    taken), ...); loading_penalty 2; vocabulary (every action name).
ArgDisc = DiscSpace(id, effects, money (pesos at removal), black) + dark (= black), group
  (aux | step | hand | cert | stamina), condition (an Act such as pay_money, or None), vp
  (end VP of removal). Effects: step_limit / hand_limit / cert_limit {add}, stamina
  {amount}, vp {amount}, unlock_auxiliary / upgrade_auxiliary {number} (3-6: one disc
  unlocks, the double needs every disc naming the number).
ObjectiveCard = ObjectiveTile(id, vp, requires ((kind, value): building n, bv3 n, breed
  group, farmer colour, quarter id, station n, ship18 n)) + instant (one act), penalty.
Look-ups: breed_of(card), card, is_cattle, ship, master, city_board(id, side), dock,
  dock_city, bonus, quarter_of(bonus) -> (city, side, quarter), objective_card, token,
  bag(letter), farmer_zone_of(node) -> (colour, number); hire_modifier(act) (-4/-1/0/+2;
  every hire_worker act also carries it as the derived param `modifier`).
"""
from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping

from games.core.data import Node
from games.gwt import model as fam
from games.gwt.model import (  # noqa: F401  (the family's data classes)
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

EDITION = "gwt_argentina"
FILES = fam.EditionFiles(EDITION)
DATA_FILES = FILES.paths(("components", "board", "railroad", "buildings", "player_board",
                          "job_market", "ships", "cities", "objectives"))


@dataclass(frozen=True)
class BreedGroup:
    """A breed (income counts distinct groups); its cards are `Card`s of several VP."""
    id: str
    name: str
    name_ru: str
    colour: str
    role: str            # player | market
    bv: int
    stamina: int
    design: bool = False


@dataclass(frozen=True)
class Card:
    """One cattle card variant (or the exhaustion card): id e.g. caracu2, franqueiro5."""
    id: str
    breed: str           # the breed group id (exhaustion: "exhaustion")
    colour: str
    bv: int
    stamina: int
    vp: int              # negative for exhaustion
    role: str            # player | market | exhaustion
    count: int           # copies (player cards: per player)
    design: bool = False


@dataclass(frozen=True)
class Price:
    """One purchase option of the cattle market: spend `gauchos`, pay `pesos`, take `cards`
    cards of `what` (a breed group id, or "bv3": any card of breeding value 3)."""
    gauchos: int
    pesos: int
    cards: int
    what: str
    design: bool = False


@dataclass(frozen=True)
class Token:
    """A bag token: a worker (type gaucho|carpintero|maquinista, stamina 0|1) or a farmer
    (type = colour green|blue|orange|yellow, stamina = required stamina 3-8, hand)."""
    id: str
    bag: str             # A | B | C
    kind: str            # worker | farmer
    type: str
    stamina: int
    hand: str | None     # farmers: green | black ; workers: None
    design: bool = False


@dataclass(frozen=True)
class Station:
    """A railway station. Its bypass space (id `bypass`) lies between track spaces `at` and
    `at + 1`; the last station (31) has no bypass: it is upgraded on arrival at 31."""
    id: str
    at: int
    bypass: str | None
    cost: int            # upgrade cost in pesos
    vp: int
    dark: bool           # dark corner: only a dark-corner disc (fallbacks aside)
    master: bool         # a station-master space lies next to it
    repeat: bool         # may be upgraded again by the same player (station 31)
    design: bool = False


@dataclass(frozen=True)
class Railroad:
    last: int                        # 31
    start: int                       # 0, holds any number of locomotives
    depot_exit: int                  # 24: the first forward step out of the depot
    stations: tuple[Station, ...]    # in track order
    design: bool = False

    def station(self, sid: str) -> Station:
        return next(s for s in self.stations if s.id == sid)

    def bypass_at(self, space: int) -> Station | None:
        """The station whose bypass branches off after track space `space`."""
        return next((s for s in self.stations if s.bypass and s.at == space), None)

    def of_bypass(self, bypass: str) -> Station:
        return next(s for s in self.stations if s.bypass == bypass)

    @property
    def bypasses(self) -> tuple[str, ...]:
        return tuple(s.bypass for s in self.stations if s.bypass)

    @property
    def master_stations(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.stations if s.master)

    def ahead(self, pos: str) -> tuple[str, ...]:
        """The places one step forward of a locomotive position ("0".."31", a bypass id,
        "depot"): the next track space, and the bypass branching off here."""
        if pos == "depot":
            return (str(self.depot_exit),)
        if not pos.isdigit():
            return (str(self.of_bypass(pos).at + 1),)
        n = int(pos)
        if n >= self.last:
            return ()
        st = self.bypass_at(n)
        return (str(n + 1),) + ((st.bypass,) if st else ())

    def behind(self, pos: str) -> tuple[str, ...]:
        """The places one step back (never into the depot; nothing behind 0 or the depot)."""
        if pos == "depot":
            return ()
        if not pos.isdigit():
            return (str(self.of_bypass(pos).at),)
        n = int(pos)
        if n <= self.start:
            return ()
        st = self.bypass_at(n - 1)
        return (str(n - 1),) + ((st.bypass,) if st else ())


@dataclass(frozen=True)
class Master:
    """A station-master tile: top half (one of: instant `top` acts, `perm_certs`,
    `loading_grain`), bottom half a personal task scoring `task_vp` per `task_per`."""
    id: str
    top: tuple[Act, ...]
    perm_certs: int
    loading_grain: int
    task: str            # ships | stations | objectives | stamina_workers | worker_sets |
                         # farmers | bv345 | buildings
    task_per: int        # 1 or 2 ("per 2": floor(n / 2) x task_vp)
    task_vp: int
    design: bool = False


@dataclass(frozen=True)
class Ship:
    id: str
    value: int           # cargo value
    grain: int           # grain to load
    vp: int
    dark: bool           # dark corner
    sun: bool            # in the loading area at setup
    group: str | None    # sail colour yellow | turquoise | purple, or None (never sails)
    dock: str | None     # destination dock id
    acts: tuple[Act, ...]   # loading action(s)
    repeat: bool         # may be loaded again by the same player (0 and 18)
    design: bool = False


@dataclass(frozen=True)
class Dock:
    id: str
    numeral: str         # I | II
    vp: int              # per disc at game end
    discount: int        # grain discount for a special delivery from this dock
    design: bool = False
    dark: bool = False   # dark-corner target (disc_to_dock: any disc; white: a white one)


@dataclass(frozen=True)
class Bonus:
    id: str
    acts: tuple[Act, ...]   # immediate reward
    vp: int                 # at game end
    design: bool = False


@dataclass(frozen=True)
class Quarter:
    id: str              # west | north | east | south
    grain: int           # grain a special delivery pays
    spaces: tuple[Bonus, ...]
    design: bool = False


@dataclass(frozen=True)
class City:
    id: str              # le_havre | rotterdam | liverpool
    side: str            # a | b
    name: str
    name_ru: str
    docks: tuple[Dock, ...]
    quarters: tuple[Quarter, ...]
    centre: tuple[str, ...]   # bonus space ids a direction token covers (unavailable)
    design: bool = False


@dataclass(frozen=True)
class Row:
    """A job-market row: hire cost and the arrow below it (None, "cattle", "sail:<group>",
    "end")."""
    cost: int
    after: str | None
    design: bool = False


@dataclass(frozen=True)
class JobMarket:
    rows: tuple[Row, ...]
    start_row: int                    # 0-based row of the job market token at setup
    first_column: Mapping[int, int]   # players -> first column used (4: 0, 3: 1, 2: 2)
    columns: int                      # 4
    token_vp: int                     # 2, to whoever takes the token at the end

    def used_columns(self, players: int) -> tuple[int, ...]:
        """The columns a game of `players` fills (2: 2, 3: 3, 4: 4 columns)."""
        return tuple(range(self.first_column[players], self.columns))


@dataclass(frozen=True)
class Slot:
    """A worker-row space: index 0 is the printed worker; its instant acts, the placement
    cost (granjero row) and VP at game end (5th/6th space)."""
    index: int
    acts: tuple[Act, ...]
    cost: int
    vp: int
    design: bool = False


@dataclass(frozen=True)
class ArgDisc(DiscSpace):
    """A player-board disc space (family DiscSpace: id, effects, money, black) with its
    group, an optional removal condition and the VP its removal scores at game end."""
    group: str = ""
    condition: Act | None = None
    vp: int = 0

    @property
    def dark(self) -> bool:
        return self.black


@dataclass(frozen=True)
class ObjectiveCard(ObjectiveTile):
    """An objective card (family ObjectiveTile: id, vp, requires) with its instant action
    and penalty (VP lost when a task is unmet)."""
    instant: tuple[Act, ...] = ()
    penalty: int = 2
    design: bool = False


@dataclass(frozen=True, kw_only=True)
class ArgentinaData(fam.FamilyData):
    """Every FamilyData field (breeds = one Breed per card variant) plus Argentina's parts."""
    players: tuple[int, int]                       # (2, 4)
    groups: Mapping[str, BreedGroup]               # breed group id -> group
    cards: Mapping[str, Card]                      # card id -> Card (exhaustion included)
    player_cards: tuple[str, ...]                  # one player's 14 starting cards
    market_cards: tuple[str, ...]                  # the 36 market cards
    market_order: tuple[str, ...]                  # colour order of the cattle market
    exhaustion_cards: int                          # 25
    starting_exhaustion: int                       # 1 per player
    starting_cards: tuple[int, ...]                # cards drawn by seat (4/5/6/7)
    first_turn_hand: int                           # 4: the hand kept at the first turn
    prices: tuple[Price, ...]
    tokens: Mapping[str, Token]
    farmer_zones: Mapping[str, tuple[str, ...]]    # colour -> farmer-space nodes by number
    farmer_pesos: Mapping[str, int]                # farmer-space node -> printed pesos
    extra_actions: Mapping[str, tuple[Act, ...]]   # building-space node -> attached acts
    grain_spaces: frozenset[str]                   # building spaces with a grain icon
    ramps: Mapping[str, int]                       # ramp node -> railroad space opening it
    start_node: str                                # the rider space
    railroad: Railroad
    station_masters: tuple[Master, ...]
    masters_in_play: int                           # 5
    ships: Mapping[str, Ship]                      # in data order (sun ships by value first)
    ships_drawn: int                               # 2 stack ships join after a sailing
    cities: tuple[City, ...]                       # every city on both sides
    city_order: tuple[str, ...]                    # le_havre, rotterdam, liverpool
    setup_dock: str                                # the dock every 18th disc starts on
    direction_tokens: Mapping[int, tuple[str, ...]]   # players -> cities covered
    job_market: JobMarket
    worker_rows: Mapping[str, tuple[Slot, ...]]    # type -> 6 slots
    building_hands: Mapping[str, str | None]       # private face id (1a..10b) -> hand
    grain_max: int                                 # 8
    cert_limit_start: int                          # 4 (raised by the certificate disc)
    start_step_limit: Mapping[int, int]            # players -> 3/4/5
    fees: Mapping[int, Mapping[str, int]]          # players -> {green: n, black: n}
    market_size: Mapping[int, int]                 # players -> 9/12/15
    farmer_vp: int                                 # 2 per farmer beside the board
    row_vp_slots: tuple[int, ...]                  # slot indices scoring (4, 5)
    pesos_per_vp: int                              # 5
    reveal_per_gaucho: int                         # 2 market-deck cards per unused gaucho
    help_cards_max: int                            # 4 revealed cards at most
    help_exhaustion: tuple[tuple[int, int], ...]   # (revealed up to n, exhaustion taken)
    loading_penalty: int                           # 2 pesos per missing grain
    vocabulary: frozenset[str]                     # every act name of buildings.yaml

    # --- look-ups ---------------------------------------------------------
    def breed_of(self, card: str) -> str:
        """The breed group of a card id ("exhaustion" for exhaustion, objective ids: "")."""
        c = self.cards.get(card)
        return c.breed if c else ""

    def card(self, cid: str) -> Card:
        return self.cards[cid]

    def is_cattle(self, card: str) -> bool:
        c = self.cards.get(card)
        return c is not None and c.role != "exhaustion"

    def ship(self, sid: str) -> Ship:
        return self.ships[sid]

    def master(self, mid: str) -> Master:
        return self._lookup("master", mid, lambda: {m.id: m for m in self.station_masters})

    def city_board(self, cid: str, side: str) -> City:
        return self._lookup("city", (cid, side), lambda: {(c.id, c.side): c for c in self.cities})

    def dock(self, did: str) -> Dock:
        return self._lookup("dock", did, lambda: {d.id: d for c in self.cities for d in c.docks})

    def dock_city(self, did: str) -> str:
        return self._lookup("dock_city", did, lambda: {d.id: c.id for c in self.cities for d in c.docks})

    def bonus(self, bid: str) -> Bonus:
        return self._lookup("bonus", bid, lambda: {
            b.id: b for c in self.cities for q in c.quarters for b in q.spaces})

    def quarter_of(self, bid: str) -> tuple[str, str, str]:
        """(city id, side, quarter id) of a bonus space."""
        return self._lookup("quarter_of", bid, lambda: {
            b.id: (c.id, c.side, q.id) for c in self.cities for q in c.quarters for b in q.spaces})

    def objective_card(self, oid: str) -> ObjectiveCard:
        return self.objective(oid)  # type: ignore[return-value]

    def token(self, tid: str) -> Token:
        return self.tokens[tid]

    def bag(self, letter: str) -> tuple[str, ...]:
        return self._lookup("bag", letter, lambda: {
            b: tuple(t.id for t in self.tokens.values() if t.bag == b) for b in "ABC"})

    def farmer_zone_of(self, node: str) -> tuple[str, int] | None:
        """(colour, 1-based number) of a farmer space, or None."""
        table = self._once("farmer_zone_of", lambda: {
            n: (col, i + 1) for col, ns in self.farmer_zones.items() for i, n in enumerate(ns)})
        return table.get(node)



# ------------------------------------------------------------------ vocabulary
NODE_KINDS = ("start", "neutral", "building", "farmer", "ramp", "junction", "city")
TILE_KINDS = ("objective",)
COUNT_KINDS = ("grain_buildings", "granjeros", "farmers", "worker_sets")
FARMER_COLOURS = ("green", "blue", "orange", "yellow")
WORKER_TYPES = ("gaucho", "carpintero", "maquinista")
ROW_TYPES = WORKER_TYPES + ("granjero",)
QUARTERS = ("west", "north", "east", "south")
SAIL_GROUPS = ("yellow", "turquoise", "purple")
TASKS = ("ships", "stations", "objectives", "stamina_workers", "worker_sets", "farmers",
         "bv345", "buildings")
# the rulebook's five objective instants: act name -> its params
OBJECTIVE_INSTANTS = {"draw_discard": {"count": 3}, "move_train": {"steps": 1},
                      "gain_certificates": {"amount": 1}, "gain_money": {"amount": 3},
                      "gain_grain": {"amount": 1}}
HANDS = ("none", "green", "black")


class ArgVocab(fam.Vocab):
    """The family's vocabulary with Argentina's named choice kinds besides int, bool, breed
    (a breed group), worker and tile: dock (a dock id), count (what gain_per counts), bag;
    a hire_worker act gets its signed `modifier`."""

    def finish(self, name: str, params: dict) -> None:
        if name == "hire_worker":   # the icon's change to the row cost, signed (data ints are >= 0)
            params["modifier"] = int(params.get("surcharge", 0)) - int(params.get("discount", 0))


def hire_modifier(act: Act) -> int:
    """A hire_worker act's change to the row cost: -discount + surcharge (-4, -1, 0, +2),
    also its derived param `modifier`."""
    return int(act.get("surcharge", 0)) - int(act.get("discount", 0))


def _players_map(node: Node, counts: range, read) -> dict[int, object]:
    out = {}
    for k in node.mapping().value:
        if not isinstance(k, int) or k not in counts:
            node.fail(f"player counts {counts.start}-{counts.stop - 1} as keys", k)
        out[k] = read(Node(node.value[k], node.file, f"{node.path}.{k}"))
    if set(out) != set(counts):
        node.fail(f"the player counts {', '.join(map(str, counts))}", sorted(out))
    return out


def _one_of(node: Node, keys: tuple[str, ...]) -> str:
    have = [k for k in keys if k in node.mapping().value]
    if len(have) != 1:
        node.fail(f"exactly one of {', '.join(keys)}", have)
    return have[0]


# ------------------------------------------------------------------ loader
def load(edition: str | None = None) -> ArgentinaData:
    """Argentina's data: load() is loaded once per process (games.gwt.model.cached);
    load(folder) reads data/<folder>/ afresh (a corrected or test copy)."""
    if edition is None:
        return fam.cached(EDITION, lambda: _load(EDITION))  # type: ignore[return-value]
    return _load(edition)


def default_data() -> ArgentinaData:
    return load()


def _load(edition: str) -> ArgentinaData:
    f = fam.EditionFiles(edition)
    comp, board, rail, bld = f("components"), f("board"), f("railroad"), f("buildings")
    pb, jm_n, ships_n, cities_n, obj_n = f("player_board"), f("job_market"), f("ships"), f("cities"), f("objectives")

    pl = comp.get("players")
    fam.check_fact(pl.get("min"), 2, "2-4 players (no solo rules in the rulebook text)")
    fam.check_fact(pl.get("max"), 4, "at most 4 players")
    counts = range(2, 5)

    # ---- cattle
    groups: dict[str, BreedGroup] = {}
    cards: dict[str, Card] = {}
    breeds: list[Breed] = []
    player_cards: list[str] = []
    market_cards: list[str] = []
    colours = tuple(c.str() for c in comp.get("market_order").seq(6, 6))
    for g in comp.get("cattle").seq(1):
        gid = g.get("id").str()
        if gid in groups:
            g.get("id").fail("a unique breed id", gid)
        role = g.get("role").str(("player", "market"))
        colour = g.get("colour").str()
        if role == "market" and colour not in colours:
            g.get("colour").fail(f"a colour of market_order {list(colours)}", colour)
        grp = BreedGroup(gid, g.get("name").str(), g.get("name_ru").str(), colour, role,
                         g.get("bv").int(0, 9), g.get("stamina").int(0, 9), fam.design_label(g))
        groups[gid] = grp
        for c in g.get("cards").seq(1):
            cid = c.get("id").str()
            if cid in cards or cid == "exhaustion":
                c.get("id").fail("a unique card id", cid)
            n = c.get("per_player" if role == "player" else "count").int(1, 20)
            vp = c.get("vp").int(0, 20)
            cards[cid] = Card(cid, gid, colour, grp.bv, grp.stamina, vp, role, n, grp.design)
            breeds.append(Breed(cid, grp.name, grp.name_ru, colour,
                                "starting" if role == "player" else "market", n, grp.bv, vp, grp.design))
            (player_cards if role == "player" else market_cards).extend([cid] * n)
    if sorted(g.colour for g in groups.values() if g.role == "market") != sorted(colours):
        comp.get("cattle").fail("one market breed per colour of market_order",
                                sorted(g.colour for g in groups.values() if g.role == "market"))
    if len(player_cards) != comp.get("player_cards").int():
        comp.get("cattle").fail(f"{comp.get('player_cards').value} player cards", len(player_cards))
    if len(market_cards) != comp.get("market_cards").int():
        comp.get("cattle").fail(f"{comp.get('market_cards').value} market cards", len(market_cards))
    ex = comp.get("exhaustion")
    ex_vp = ex.get("vp").int(-9, 0)
    n_ex = ex.get("count").int(1, 99)
    cards["exhaustion"] = Card("exhaustion", "exhaustion", "none", 0, 0, ex_vp, "exhaustion", n_ex,
                               fam.design_label(ex))
    group_ids = set(groups)

    prices = []
    for p in comp.get("prices").seq(1):
        prices.append(Price(p.get("gauchos").int(1, 6), p.get("pesos").int(0, 99), p.get("cards").int(1, 6),
                            p.get("what").str(sorted(group_ids - {g.id for g in groups.values() if g.role == "player"})
                                              + ["bv3"]),
                            fam.design_label(p)))

    # ---- workers and vocabulary
    worker_ids = fam.load_worker_kinds(comp.get("workers"))
    if list(worker_ids) != list(ROW_TYPES):
        comp.get("workers").fail(f"the four row types in order {list(ROW_TYPES)}", list(worker_ids))
    docks_n = cities_n.get("docks")
    dock_ids = tuple(d.get("id").str() for c in docks_n.keys() for d in docks_n.get(c).seq(1))
    choices = {"dock": dock_ids, "count": COUNT_KINDS, "bag": ("A", "B", "C")}
    sources = {"breed": comp.get("cattle"), "worker": comp.get("workers"), "dock": docks_n}
    vocab = ArgVocab(bld.get("action_vocabulary"), group_ids, worker_ids, TILE_KINDS, choices, sources)
    effects = ArgVocab(pb.get("effect_vocabulary"), group_ids, worker_ids, TILE_KINDS, choices, sources)
    conds = ArgVocab(pb.get("condition_vocabulary"), group_ids, worker_ids, TILE_KINDS, choices, sources)
    workers = fam.load_workers(comp.get("workers"), vocab)
    start_workers = tuple(n.str(worker_ids) for n in comp.get("starting_workers").seq(4, 4))
    fam.check_fact(comp.get("starting_workers"), list(ROW_TYPES), "one printed worker per row, in row order")

    # ---- tokens
    tokens: dict[str, Token] = {}
    numbers: dict[str, int] = {}
    for t in comp.get("tokens").seq(1):
        kind = t.get("kind").str(("worker", "farmer"))
        bag = t.get("bag").str(("A", "B", "C"))
        prefix = t.get("prefix").str()
        if kind == "worker":
            typ = t.get("type").str(WORKER_TYPES)
            stamina, hand = t.get("stamina").int(0, 1), None
        else:
            typ = t.get("type").str(FARMER_COLOURS)
            stamina, hand = t.get("stamina").int(3, 8), t.get("hand").str(("green", "black"))
        for _ in range(t.get("count").int(1, 20)):
            numbers[prefix] = numbers.get(prefix, 0) + 1
            tid = f"{prefix}{numbers[prefix]:02d}"
            prev = tokens.get(tid)
            if prev and (prev.kind, prev.type) != (kind, typ):
                t.get("prefix").fail("one prefix per token kind and type", prefix)
            tokens[tid] = Token(tid, bag, kind, typ, stamina, hand, fam.design_label(t))
    per_type = comp.get("stamina_workers_per_type").int(0, 19)
    wcount = {w.id: w.count for w in workers}
    for typ in WORKER_TYPES:
        mine = [t for t in tokens.values() if t.kind == "worker" and t.type == typ]
        if len(mine) != wcount[typ] or sum(t.stamina for t in mine) != per_type:
            comp.get("tokens").fail(f"{wcount[typ]} {typ} tokens, {per_type} with stamina",
                                    f"{len(mine)}, {sum(t.stamina for t in mine)} with stamina")
    fb = comp.get("farmers_by_colour")
    for col in FARMER_COLOURS:
        have = sum(1 for t in tokens.values() if t.kind == "farmer" and t.type == col)
        if have != fb.get(col).int():
            comp.get("tokens").fail(f"{fb.get(col).value} {col} farmers (farmers_by_colour)", have)
    if sum(1 for t in tokens.values() if t.kind == "farmer") != wcount["granjero"]:
        comp.get("workers").fail("as many granjeros as farmer tokens",
                                 sum(1 for t in tokens.values() if t.kind == "farmer"))

    # ---- constants
    capital_n = comp.get("starting_capital").seq(4, 4)
    capital = tuple((c.get("pesos").int(0, 99), c.get("exchange_tokens").int(0, 9)) for c in capital_n)
    start_cards = tuple(c.get("cards").int(1, 15) for c in capital_n)
    hl, certs, grain = comp.get("hand_limit"), comp.get("certificates"), comp.get("grain")
    fam.check_fact(certs.get("start"), 0, "every player starts with 0 certificates")
    fam.check_fact(grain.get("start"), 0, "every player starts with 0 grain")
    step_start = _players_map(comp.get("start_step_limit"), counts, lambda n: n.int(1, 9))
    fees = _players_map(comp.get("fees"), counts, lambda n: MappingProxyType(
        {h: n.get(h).int(0, 9) for h in ("green", "black")}))
    msize = _players_map(comp.get("market_size"), counts, lambda n: n.int(1, 36))
    sc = comp.get("scoring")
    help_n = comp.get("help")
    help_ex = tuple((h.get("up_to").int(1, 9), h.get("take").int(0, 9)) for h in help_n.get("exhaustion").seq(1))

    # ---- board
    nodes, order, city = fam.load_trail(board, NODE_KINDS, "city", "city", 1)  # shares of the board
    board.get("design").bool()
    fam.check_fact(board.get("first_turn_start"), {"kind": "neutral"},
                   "an estanciero's first turn starts on any neutral building")
    start = board.get("start").str(order)
    if nodes[start].kind != "start" or nodes[city].next != (start,):
        board.get("start").fail("the start node, the city's only successor", start)
    letters = sorted(n.letter for n in nodes.values() if n.kind == "neutral")
    zones: dict[str, list[tuple[int, str]]] = {}
    farmer_pesos, extra, grain_spaces, ramps = {}, {}, set(), {}
    for i, n in enumerate(board.get("trail").seq()):
        nid = order[i]
        kind = nodes[nid].kind
        if kind == "farmer":
            col = n.get("zone").str(FARMER_COLOURS)
            zones.setdefault(col, []).append((n.get("number").int(1, 9), nid))
            farmer_pesos[nid] = n.get("pesos").int(0, 9)
        elif kind == "building":
            if n.get("grain").bool():
                grain_spaces.add(nid)
            if "extra" in n.value:
                extra[nid] = vocab.acts(n.get("extra"))
        elif kind == "ramp":
            ramps[nid] = n.get("rail").int(1, 31)
            if nodes[nid].next != (city,):
                n.get("next").fail(f"a ramp leads straight to {city}", list(nodes[nid].next))
        elif kind == "junction":
            fam.design_label(n)
    farmer_zones = {}
    sizes = board.get("farmer_zone_sizes")
    for col in FARMER_COLOURS:
        z = sorted(zones.get(col, []))
        if [k for k, _ in z] != list(range(1, sizes.get(col).int(1, 9) + 1)):
            board.get("trail").fail(f"{col} farmer spaces numbered 1..{sizes.get(col).value}", [k for k, _ in z])
        farmer_zones[col] = tuple(nid for _, nid in z)
    fam.check_fact(board.get("ramp_spaces"), sorted(ramps.values()), "one ramp per listed railroad space")
    n_build = sum(1 for n in nodes.values() if n.kind == "building")
    if n_build != board.get("building_spaces").int():
        board.get("trail").fail(f"{board.get('building_spaces').value} building spaces", n_build)

    # ---- railroad
    last = rail.get("last").int(1, 99)
    fam.check_fact(rail.get("start"), 0, "the locomotives start on space 0")
    fam.check_fact(rail.get("depot_from"), last, "the depot is entered only from the last space")
    depot_exit = rail.get("depot_exit").int(1, last)
    stations = []
    for s in rail.get("stations").seq(1):
        at = s.get("at").int(1, last)
        byp = s.get("bypass").value
        if at == last:
            if byp is not None:
                s.get("bypass").fail("null: the last station has no bypass", byp)
        else:
            byp = s.get("bypass").str()
        stations.append(Station(s.get("id").str(), at, byp, s.get("cost").int(0, 20), s.get("vp").int(0, 20),
                                s.get("dark").bool(), s.get("master").bool(), s.get("repeat").bool(),
                                fam.design_label(s)))
    names = [s.id for s in stations] + [s.bypass for s in stations if s.bypass]
    if len(set(names)) != len(names) or any(x.isdigit() or x == "depot" for x in names):
        rail.get("stations").fail("unique station and bypass ids, none a number nor depot", names)
    if [s.at for s in stations] != sorted({s.at for s in stations}) or stations[-1].at != last:
        rail.get("stations").fail(f"stations in track order, one per space, the last on {last}",
                                  [s.at for s in stations])
    if [s.id for s in stations if s.repeat] != [stations[-1].id]:
        rail.get("stations").fail("only the last station repeatable", [s.id for s in stations if s.repeat])
    if not any(s.at < depot_exit for s in stations):
        rail.get("stations").fail(f"stations before space {depot_exit}")
    for r in ramps.values():
        if r > last:
            board.get("trail").fail(f"ramps opened by railroad spaces 1..{last}", r)
    railroad = Railroad(last, 0, depot_exit, tuple(stations), rail.get("design").bool())
    in_play = rail.get("station_masters_in_play").int(1, 9)
    if sum(s.master for s in stations) != in_play:
        rail.get("stations").fail(f"{in_play} station-master spaces", sum(s.master for s in stations))
    tasks_n = rail.get("tasks")
    tasks = {}
    for k in tasks_n.keys():
        if k not in TASKS:
            tasks_n.get(k).fail(f"one of {', '.join(TASKS)}", k)
        tasks[k] = (tasks_n.get(k).get("per").int(1, 9), tasks_n.get(k).get("vp").int(0, 20))
    masters = []
    for m in rail.get("station_masters").seq(8, 8):
        top = _one_of(m, ("instant", "perm_certs", "loading_grain"))
        task = m.get("task").str(tuple(tasks))
        masters.append(Master(m.get("id").str(), vocab.acts(m.get("instant")) if top == "instant" else (),
                              m.get(top).int(1, 9) if top == "perm_certs" else 0,
                              m.get(top).int(1, 9) if top == "loading_grain" else 0,
                              task, tasks[task][0], tasks[task][1], fam.design_label(m)))
    if len({m.id for m in masters}) != len(masters):
        rail.get("station_masters").fail("unique tile ids", [m.id for m in masters])
    if sorted(m.task for m in masters) != sorted(TASKS):
        rail.get("station_masters").fail("each of the 8 tasks once", sorted(m.task for m in masters))

    # ---- buildings
    ba = bld.get("buenos_aires")
    fam.check_fact(ba.get("id"), city, f"the Buenos Aires node of {board.get('trail').where()}")
    ba.get("name").str(), ba.get("name_ru").str()   # the city tile's title (the table's)
    fam.check_fact(ba.get("ordered"), True, "the Buenos Aires actions run in order")
    fam.check_fact(ba.get("optional"), ["special_delivery"], "only the special delivery is optional")
    city_actions = vocab.acts(ba.get("actions"))
    neutrals = fam.load_neutrals(bld.get("neutral_buildings"), vocab, letters, 8)
    builders = [n for n in neutrals if any(a.name == "place_building" for a in n.actions)]
    if [n.id for n in builders] != ["B"]:
        bld.get("neutral_buildings").fail("B the only neutral building that places buildings",
                                          [n.id for n in builders])
    btypes, hands = [], {}
    max_row = bld.get("max_row").int(1, 9)
    for t in bld.get("private_buildings").seq(10, 10):
        sides = {}
        number = t.get("type").int(1, 10)
        for side in ("a", "b"):
            s = t.get("sides").get(side)
            face = f"{number}{side}"
            acts = vocab.acts(s.get("actions"))
            if any(a.name == "place_building" for a in acts):
                s.get("actions").fail("no private building places buildings (rulebook)")
            sides[side] = (face, s.get("vp").int(0, 30), acts)
            h = s.get("hand").str(HANDS)
            hands[face] = None if h == "none" else h
        btypes.append(BuildingType(number, t.get("carpinteros").int(1, 12), 1,
                                   MappingProxyType(sides), fam.design_label(t)))
    if [b.type for b in btypes] != list(range(1, 11)):
        bld.get("private_buildings").fail("types 1-10 in order", [b.type for b in btypes])
    if [b.builders for b in btypes] != sorted(b.builders for b in btypes) or btypes[-1].builders <= max_row:
        bld.get("private_buildings").fail(f"carpinteros ascending, the last beyond a row's {max_row}",
                                          [b.builders for b in btypes])

    # ---- player board
    aux = fam.load_aux(pb.get("auxiliary_actions"), vocab)
    if [a.number for a in aux] != [1, 2, 3, 4, 5, 6] or [a.number for a in aux if a.start_available] != [1, 2]:
        pb.get("auxiliary_actions").fail("actions 1-6, 1 and 2 available at the start",
                                         [a.number for a in aux if a.start_available])
    n_discs = comp.get("per_colour").get("discs").int(1, 30)
    base = fam.load_discs(pb.get("disc_spaces"), effects, {a.number for a in aux}, n_discs - 1,
                          f"{comp.get('per_colour').get('discs').where()} - 1 (the dock disc)")
    discs = []
    for d, dn in zip(base, pb.get("disc_spaces").seq(), strict=True):
        cn = dn.get("condition")
        cond = conds.act(cn) if cn.value is not None else None
        vp = sum(int(e.get("amount")) for e in d.effects if e.name == "vp")
        discs.append(ArgDisc(d.id, d.effects, d.money, d.black, d.design,
                             dn.get("group").str(("aux", "step", "hand", "cert", "stamina")), cond, vp))
    if len({d.id for d in discs}) != len(discs):
        pb.get("disc_spaces").fail("unique disc ids", [d.id for d in discs])
    rows = {}
    wr = pb.get("worker_rows")
    if sorted(wr.keys()) != sorted(ROW_TYPES):
        wr.fail(f"the four rows {', '.join(ROW_TYPES)}", wr.keys())
    for typ in ROW_TYPES:
        slots = []
        for i, s in enumerate(wr.get(typ).seq(6, 6)):
            cost = s.get("cost", 0).int(0, 20)
            if (typ == "granjero") != (cost > 0) and i > 0:
                s.get("cost").fail("a placement cost on (only) granjero spaces 2-6", cost)
            acts = vocab.acts(s.get("acts"))
            if i == 0 and (acts or cost):
                s.fail("the printed first space: no instant, no cost")
            slots.append(Slot(i, acts, cost, s.get("vp", 0).int(0, 9), fam.design_label(s)))
        rows[typ] = tuple(slots)
    row_vp_slots = tuple(i for i, s in enumerate(rows["gaucho"]) if s.vp)
    for typ in ROW_TYPES:
        if tuple(i for i, s in enumerate(rows[typ]) if s.vp) != row_vp_slots or \
                any(s.vp != sc.get("row_vp").int() for s in rows[typ] if s.vp):
            wr.get(typ).fail(f"{sc.get('row_vp').value} VP ({sc.get('row_vp').where()}) on the same spaces "
                             "of every row")

    # ---- job market
    rows_n = jm_n.get("rows").seq(1)
    sails = [f"sail:{g}" for g in SAIL_GROUPS]
    jrows = tuple(Row(r.get("cost").int(1, 20),
                      r.get("after").str(["cattle", "end"] + sails) if r.get("after").value is not None else None,
                      fam.design_label(r)) for r in rows_n)
    if jrows[-1].after != "end" or sum(r.after == "end" for r in jrows) != 1:
        jm_n.get("rows").fail("the red arrow (end) below the last row only")
    if sorted(r.after for r in jrows if r.after and r.after.startswith("sail:")) != sorted(sails):
        jm_n.get("rows").fail("one blue arrow per sail group", [r.after for r in jrows])
    columns = jm_n.get("columns").int(1, 9)
    first_col = _players_map(jm_n.get("first_column"), counts, lambda n: n.int(0, columns - 1))
    job_market = JobMarket(jrows, jm_n.get("start_row").int(1, len(jrows)) - 1,
                           MappingProxyType(first_col), columns, jm_n.get("token_vp").int(0, 9))

    # ---- cities
    city_order = tuple(c.str() for c in cities_n.get("order").seq(3, 3))
    dock_tables = {}
    for cid in city_order:
        dock_tables[cid] = tuple(Dock(d.get("id").str(), d.get("numeral").str(("I", "II")), d.get("vp").int(0, 20),
                                      d.get("discount").int(0, 9), fam.design_label(d), d.get("dark").bool())
                                 for d in docks_n.get(cid).seq(1, 2))
    all_docks = [d.id for ds in dock_tables.values() for d in ds]
    if len(set(all_docks)) != len(all_docks) or len(set(dock_ids)) != len(dock_ids):
        docks_n.fail("unique dock ids", list(dock_ids))
    if sorted(docks_n.keys()) != sorted(city_order):
        docks_n.fail(f"the docks of {', '.join(city_order)}", docks_n.keys())
    cover = tuple(q.str(QUARTERS) for q in cities_n.get("centre_covers").seq(0, 4))
    cities = []
    bonus_ids = set()
    for c in cities_n.get("cities").seq(6, 6):
        cid, side = c.get("id").str(city_order), c.get("side").str(("a", "b"))
        qs = []
        qn = c.get("quarters")
        if sorted(qn.keys()) != sorted(QUARTERS):
            qn.fail(f"the four quarters {', '.join(QUARTERS)}", qn.keys())
        for q in QUARTERS:
            spaces = []
            for i, s in enumerate(qn.get(q).get("spaces").seq(1)):
                bid = f"{cid}_{side}_{q}{i + 1}"
                bonus_ids.add(bid)
                spaces.append(Bonus(bid, vocab.acts(s.get("acts")), s.get("vp").int(0, 30), fam.design_label(c)))
            qs.append(Quarter(q, qn.get(q).get("grain").int(0, 12), tuple(spaces), fam.design_label(c)))
        centre = tuple(qq.spaces[0].id for qq in qs if qq.id in cover)
        cities.append(City(cid, side, c.get("name").str(), c.get("name_ru").str(), dock_tables[cid],
                           tuple(qs), centre, fam.design_label(c)))
    if sorted((c.id, c.side) for c in cities) != sorted((c, s) for c in city_order for s in "ab"):
        cities_n.get("cities").fail("each city once per side", [(c.id, c.side) for c in cities])
    setup_dock = cities_n.get("setup_dock").str(dock_ids)
    dtok = _players_map(cities_n.get("direction_tokens"), counts,
                        lambda n: tuple(x.str(city_order) for x in n.seq(0, 3)))

    # ---- ships
    ships = {}
    for s in ships_n.get("ships").seq(1):
        sid = s.get("id").str()
        if sid in ships:
            s.get("id").fail("a unique ship id", sid)
        grp = s.get("group").value
        dock = s.get("dock").value
        ship = Ship(sid, s.get("value").int(0, 30), s.get("grain").int(0, 8), s.get("vp").int(-9, 30),
                    s.get("dark").bool(), s.get("sun").bool(),
                    s.get("group").str(SAIL_GROUPS) if grp is not None else None,
                    s.get("dock").ref(dock_ids, docks_n) if dock is not None else None,
                    vocab.acts(s.get("acts")), s.get("repeat").bool(), fam.design_label(s))
        if (ship.group is None) != (ship.dock is None):
            s.fail("a sail group and a destination dock together, or neither")
        if ship.group and not ship.sun:
            s.get("group").fail("no sail group on a stack ship (they never sail)", ship.group)
        if 2 * ship.grain > ship.value:
            s.get("grain").fail(f"2 x grain <= cargo value {ship.value} (the penalty never exceeds the income)",
                                ship.grain)
        ships[sid] = ship
    if sum(s.sun for s in ships.values()) != ships_n.get("sun_ships").int():
        ships_n.get("ships").fail(f"{ships_n.get('sun_ships').value} sun ships", sum(s.sun for s in ships.values()))
    sg = ships_n.get("sail_groups")
    for g in SAIL_GROUPS:
        if sum(s.group == g for s in ships.values()) != sg.get(g).int():
            ships_n.get("ships").fail(f"{sg.get(g).value} ships of the {g} group",
                                      sum(s.group == g for s in ships.values()))
    suns = [s.value for s in ships.values() if s.sun]
    if suns != sorted(suns):
        ships_n.get("ships").fail("sun ships in ascending value", suns)

    # ---- objectives
    def _n(v, *_):
        return v.int(1, 9)
    extra_req = {
        "building": _n, "bv3": _n, "station": _n, "ship18": _n,
        "breed": lambda v, *_: v.ref(sorted(group_ids), comp.get("cattle")),
        "farmer": lambda v, *_: v.str(FARMER_COLOURS),
        "quarter": lambda v, *_: v.str(QUARTERS),
    }
    base_objs = fam.load_objectives(obj_n.get("objectives"), sorted(group_ids), worker_ids, extra_req, sources)
    objs = []
    for o, on in zip(base_objs, obj_n.get("objectives").seq(), strict=True):
        for k, _ in o.requires:
            if k not in extra_req:
                on.get("requires").fail(f"Argentina's requirement kinds ({', '.join(extra_req)})", k)
        inst = vocab.acts(on.get("instant"))
        if len(inst) != 1 or OBJECTIVE_INSTANTS.get(inst[0].name) != dict(inst[0].params):
            on.get("instant").fail("one of the rulebook's five instants (draw up to 3 and discard, "
                                   "locomotive +1, certificate +1, 3 pesos, grain +1)",
                                   [f"{a.name} {dict(a.params)}" for a in inst])
        objs.append(ObjectiveCard(o.id, o.vp, o.requires, inst, on.get("penalty").int(0, 9), fam.design_label(on)))
    fam.check_count(obj_n.get("objectives"), objs, obj_n.get("count").int(), "objectives.yaml count")
    fam.check_fact(obj_n.get("instants"), list(OBJECTIVE_INSTANTS), "the rulebook's five objective instants")

    vocab_names = frozenset(vocab.spec)
    return ArgentinaData(
        edition=edition, breeds=tuple(breeds), workers=workers,
        joker_surcharge=0, ownership_markers=len(btypes), discs_per_player=n_discs,
        money_per_worker=comp.get("money_per_carpintero").int(0, 9),
        starting_workers=start_workers, starting_capital=capital,
        hand_limit=(hl.get("start").int(1, 9), hl.get("max").int(1, 9)),
        step_limit=(min(step_start.values()), comp.get("step_limit_max").int(1, 12)),
        cert_max=certs.get("limit_max").int(1, 9),
        open_tiles=obj_n.get("open").int(1, 9),
        nodes=MappingProxyType(nodes), node_order=order, city=city, market=MappingProxyType({}),
        city_actions=city_actions, neutrals=neutrals, building_types=tuple(btypes),
        aux=aux, discs=tuple(discs), objectives=tuple(objs),
        players=(2, 4), groups=MappingProxyType(groups), cards=MappingProxyType(cards),
        player_cards=tuple(player_cards), market_cards=tuple(market_cards), market_order=colours,
        exhaustion_cards=n_ex, starting_exhaustion=ex.get("per_player_at_start").int(0, 9),
        starting_cards=start_cards, first_turn_hand=comp.get("first_turn_hand").int(1, 9), prices=tuple(prices), tokens=MappingProxyType(tokens),
        farmer_zones=MappingProxyType(farmer_zones), farmer_pesos=MappingProxyType(farmer_pesos),
        extra_actions=MappingProxyType(extra), grain_spaces=frozenset(grain_spaces),
        ramps=MappingProxyType(ramps), start_node=start, railroad=railroad,
        station_masters=tuple(masters), masters_in_play=in_play, ships=MappingProxyType(ships),
        ships_drawn=ships_n.get("drawn_per_sailing").int(0, 9),
        cities=tuple(cities), city_order=city_order, setup_dock=setup_dock,
        direction_tokens=MappingProxyType(dtok), job_market=job_market,
        worker_rows=MappingProxyType(rows), building_hands=MappingProxyType(hands),
        grain_max=grain.get("max").int(1, 20), cert_limit_start=certs.get("limit_start").int(1, 9),
        start_step_limit=MappingProxyType(step_start), fees=MappingProxyType(fees),
        market_size=MappingProxyType(msize), farmer_vp=sc.get("farmer_vp").int(0, 9),
        row_vp_slots=row_vp_slots, pesos_per_vp=sc.get("pesos_per_vp").int(1, 20),
        reveal_per_gaucho=comp.get("reveal_per_gaucho").int(0, 9),
        help_cards_max=help_n.get("max_cards").int(0, 9), help_exhaustion=help_ex,
        loading_penalty=sc.get("loading_penalty").int(0, 9), vocabulary=vocab_names)
