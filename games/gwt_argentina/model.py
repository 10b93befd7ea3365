"""Great Western Trail: Argentina data, loaded and validated from data/gwt_argentina/*.yaml.

(The loader lands in the next step; the data classes and field names below are final.)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

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
                          "job_market", "ships", "cities", "objectives", "station_masters"))


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

    def city(self, cid: str, side: str) -> City:
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


def load(edition: str = EDITION) -> ArgentinaData:
    """Argentina's data from data/<edition>/ (another folder: a corrected or test copy)."""
    raise NotImplementedError("the loader lands next")


def default_data() -> ArgentinaData:
    return fam.cached(EDITION, load)  # type: ignore[return-value]
