"""Great Western Trail: El Paso game state: JSON-native dicts and lists, cheap to clone.

Cards are strings: a breed id (cattle) or a worker type. Piles keep their top last.
`pending` is a stack of decision points (the top one is asked now); see rules.py.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field, fields

from games.core.rng import Rng


def new_player(money: int, tokens: int, discs: list[str]) -> dict:
    return {
        "deck": [], "hand": [], "discard": [], "workers": [],   # workers: the worker area
        "money": money, "tokens": tokens, "certs": 0,
        "discs": list(discs),          # disc spaces still covered (discs on the board)
        "removed": [],                 # disc spaces uncovered, in order (abilities)
        "objectives": [], "bonuses": [],
        "node": None,                  # herder position; None before the first turn
        "on_simmental": False,
        "deliveries": 0,
        "sue": None,                   # the automa's own zones (rules_sue), else None
    }


@dataclass
class GWTState:
    n: int
    rng: Rng
    players: list[dict]
    current: int = 0
    first: int = 0                       # the first player (solo: the human, not Sue)
    phase: str = "setup"                 # setup (starting objectives) | play | over
    setup_queue: list[int] = field(default_factory=list)
    neutral_at: dict = field(default_factory=dict)     # node -> neutral letter
    built: dict = field(default_factory=dict)          # node -> {"type", "side", "owner"}
    stock: dict = field(default_factory=dict)          # str(type) -> sides of tiles left
    market: dict = field(default_factory=dict)         # breed -> cards left
    supply: dict = field(default_factory=dict)         # worker type -> cards left
    simmental: int = 0
    obj_stack: list[str] = field(default_factory=list)
    obj_open: list = field(default_factory=list)       # tile id or None
    bonus_stack: list[str] = field(default_factory=list)
    bonus_open: list = field(default_factory=list)
    posts: dict = field(default_factory=dict)          # str(post value) -> seats, in order
    train_sides: list[str] = field(default_factory=list)
    box: list[str] = field(default_factory=list)       # cattle removed from the game
    pending: list[dict] = field(default_factory=list)
    triggered_by: int | None = None      # who took the last Simmental card
    finisher: int | None = None          # who then reached El Paso first (Simmental space)
    final: list[int] = field(default_factory=list)     # seats still owed a final turn
    turn: int = 0
    options: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        out = {}
        for f in fields(self):
            v = getattr(self, f.name)
            out[f.name] = v.state if isinstance(v, Rng) else copy.deepcopy(v)
        return out

    @staticmethod
    def from_json(d: dict) -> GWTState:
        kw = {f.name: copy.deepcopy(d[f.name]) for f in fields(GWTState) if f.name in d}
        kw["rng"] = Rng.from_state(int(d["rng"]))
        return GWTState(**kw)

    def clone(self) -> GWTState:
        return GWTState.from_json(self.to_json())
