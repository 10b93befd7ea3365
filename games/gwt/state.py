"""Great Western Trail family state: JSON-native dicts and lists, cheap to clone.

Cards are strings: a breed id (cattle) or a worker kind. Piles keep their top last.
`pending` is the decision stack (the top one is asked now; games/gwt/decisions.py). An
edition subclasses `GWTStateBase` with its own fields (defaults required) and extends
`new_player` with its own player keys; saving is the dataclass fields by name.
"""
from __future__ import annotations

import marshal
from dataclasses import dataclass, field, fields

from games.core.rng import Rng


def jcopy(x):
    """A deep copy of JSON-native data (dicts and lists copied, immutable leaves shared)."""
    t = type(x)
    if t is dict:
        return {k: jcopy(v) for k, v in x.items()}
    if t is list:
        return [jcopy(v) for v in x]
    return x


def new_player(money: int, tokens: int, discs: list[str]) -> dict:
    return {
        "deck": [], "hand": [], "discard": [], "workers": [],   # workers: the worker area
        "money": money, "tokens": tokens, "certs": 0,
        "discs": list(discs),          # disc spaces still covered (discs on the board)
        "removed": [],                 # disc spaces uncovered, in order (abilities)
        "objectives": [],
        "node": None,                  # herder position; None before the first turn
    }


@dataclass
class GWTStateBase:
    n: int
    rng: Rng
    players: list[dict]
    current: int = 0
    first: int = 0                       # the first player (solo: the human, not the automa)
    phase: str = "setup"                 # setup (starting choices) | play | over
    setup_queue: list[int] = field(default_factory=list)
    neutral_at: dict = field(default_factory=dict)     # node -> neutral letter
    built: dict = field(default_factory=dict)          # node -> {"type", "side", "owner"}
    market: dict = field(default_factory=dict)         # breed -> cards left
    supply: dict = field(default_factory=dict)         # worker kind -> cards left
    obj_stack: list[str] = field(default_factory=list)
    obj_open: list = field(default_factory=list)       # tile id or None
    box: list[str] = field(default_factory=list)       # cattle removed from the game
    pending: list[dict] = field(default_factory=list)
    final: list[int] = field(default_factory=list)     # seats still owed a final turn
    turn: int = 0
    options: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        out = {}
        for f in fields(self):
            v = getattr(self, f.name)
            out[f.name] = v.state if isinstance(v, Rng) else jcopy(v)
        return out

    @classmethod
    def from_json(cls, d: dict):
        kw = {f.name: jcopy(d[f.name]) for f in fields(cls) if f.name in d}
        kw["rng"] = Rng.from_state(int(d["rng"]))
        return cls(**kw)

    def clone(self):
        return self.restore(self.snapshot())

    def snapshot(self) -> bytes:
        """The state as bytes for `restore`: a deep copy's first half. Marshal, since the
        state is builtins only (and the RNG's integer): faster both ways than pickle or
        the JSON round trip, and a searching bot copies positions by the hundred thousand."""
        d = self.__dict__.copy()
        d["rng"] = self.rng.state
        return marshal.dumps(d)

    @classmethod
    def restore(cls, blob: bytes):
        d = marshal.loads(blob)
        d["rng"] = Rng.from_state(d["rng"])
        st = cls.__new__(cls)
        st.__dict__ = d
        return st
