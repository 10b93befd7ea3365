"""Great Western Trail: Argentina game state: the family state (games/gwt/state.py) plus
Argentina's own board: farmer tiles on the trail, the bags, the foresight spaces, the job
market, the cattle market, ships, city boards, the railroad's stations and masters.

Every value is JSON-native (ids are strings). Cards in a herd deck are cattle card ids,
"exhaustion" and objective card ids."""
from __future__ import annotations

from dataclasses import dataclass, field

from games.gwt import state as fam

WORKER_TYPES = ("gaucho", "carpintero", "maquinista", "granjero")


def new_player(money: int, tokens: int, discs: list[str], buildings: list[str]) -> dict:
    p = fam.new_player(money, tokens, discs)
    p.update({
        "loco": "0",                 # railroad position: "0".."31", a bypass id or "depot"
        "grain": 0,
        "rows": {t: ["printed"] for t in WORKER_TYPES},   # the worker area, slot 0 printed
        "farmers": [],               # farmer tokens beside the board
        "masters": [],               # station-master tiles owned
        "buildings": list(buildings),  # private tiles not yet built ("3a"...)
        "first_turn": True,
    })
    return p


@dataclass
class ArgentinaState(fam.GWTStateBase):
    farmers: dict = field(default_factory=dict)        # node -> farmer token on the trail
    farm_pesos: dict = field(default_factory=dict)     # node -> pesos on its peso space
    bags: dict = field(default_factory=dict)           # "A"/"B"/"C" -> token ids (top last)
    foresight: dict = field(default_factory=dict)      # "A"/"B"/"C" -> [id | None, id | None]
    jm: list = field(default_factory=list)             # job market rows of 4 (id | None)
    jm_row: int | None = None                          # the job-market token's row
    jm_holder: int | None = None                       # who took it at the end (+2 VP)
    cattle: list = field(default_factory=list)         # the face-up cattle market
    cattle_deck: list = field(default_factory=list)
    exhaustion: int = 0                                # cards in the exhaustion pile
    ships: list = field(default_factory=list)          # the loading area, in value order
    ship_stack: list = field(default_factory=list)
    ship_discs: dict = field(default_factory=dict)     # ship id -> seats, stack order
    sailed: list = field(default_factory=list)
    docks: dict = field(default_factory=dict)          # dock id -> seats
    bonus: dict = field(default_factory=dict)          # city bonus space -> seat
    stations: dict = field(default_factory=dict)       # station id -> seats (31 repeats)
    masters: dict = field(default_factory=dict)        # station id -> master tile | None
    master_workers: dict = field(default_factory=dict)  # station id -> the worker sent
    city_sides: dict = field(default_factory=dict)     # city id -> "a" | "b"
    covered: list = field(default_factory=list)        # bonus spaces under direction tokens
    events_due: list = field(default_factory=list)     # arrow events after this action
    obj_box: list = field(default_factory=list)        # objective cards out of the game
    token_box: list = field(default_factory=list)      # bag tokens out of the game
