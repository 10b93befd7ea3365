"""Moon River's game state: plain lists and dicts, cheap to clone and save.

Cells are (x, y) tuples in memory and "x,y" strings in JSON; y = 0 is the row along the river.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field

from games.core.rng import Rng

Cell = tuple[int, int]

# Phases: the named decision points.
PLACE = "place"      # setup: a ranchero goes onto a square of the first column
EXPAND = "expand"    # the acting seat may join two held squares into a parcel and attach it
SKULL = "skull"      # a drought: choose which cow of the area goes back to the supply
HIRE = "hire"        # a circle: choose a helper in the saloon and its side
COWBOY = "cowboy"    # move cows one step at a time, up to the Cowboy's steps
RAIDER = "raider"    # swap a stored square with another seat's
RUSTLER = "rustler"  # steal an unprotected cow onto the Rustler's square
BONUS = "bonus"      # 2 players: attach a bonus landscape tile at once
DISCARD = "discard"  # over the storage limit and nothing can be attached: discard 2
CHOOSE = "choose"    # put the ranchero on a square of the next column
OVER = "over"


def cell_key(c: Cell) -> str:
    return f"{c[0]},{c[1]}"


def key_cell(k: str) -> Cell:
    x, y = k.split(",")
    return (int(x), int(y))


@dataclass
class PlayerState:
    board: str                                            # "base" or a Legends character id
    held: list[str] = field(default_factory=list)         # squares in storage, in order taken
    ranch: dict[Cell, str] = field(default_factory=dict)  # cell -> square id or "bonus_a/1"
    cows: dict[Cell, int] = field(default_factory=dict)   # cell -> cow figures (no zeros)
    helpers: dict[Cell, list[list]] = field(default_factory=dict)  # cell -> [[token, side], ...]
    bonus_done: bool = False                              # has reached the last row (2 players)
    discarded: list[str] = field(default_factory=list)    # squares discarded (score nothing)

    def clone(self) -> PlayerState:
        return PlayerState(self.board, self.held[:], dict(self.ranch), dict(self.cows),
                           {c: [h[:] for h in hs] for c, hs in self.helpers.items()},
                           self.bonus_done, self.discarded[:])

    def to_json(self) -> dict:
        return {"board": self.board, "held": self.held,
                "ranch": {cell_key(c): s for c, s in self.ranch.items()},
                "cows": {cell_key(c): k for c, k in self.cows.items()},
                "helpers": {cell_key(c): hs for c, hs in self.helpers.items()},
                "bonus_done": self.bonus_done, "discarded": self.discarded}

    @staticmethod
    def from_json(d: dict) -> PlayerState:
        return PlayerState(str(d["board"]), [str(s) for s in d["held"]],
                           {key_cell(k): str(v) for k, v in d["ranch"].items()},
                           {key_cell(k): int(v) for k, v in d["cows"].items()},
                           {key_cell(k): [[int(h[0]), str(h[1])] for h in hs]
                            for k, hs in d["helpers"].items()},
                           bool(d["bonus_done"]), [str(s) for s in d["discarded"]])


@dataclass
class MoonState:
    n: int
    rng: Rng
    players: list[PlayerState]
    variant: str = "base"
    scenario: str = ""                                  # a scenario id in Legends, else ""
    pile: list[str] = field(default_factory=list)       # the box: squares to draw, top is last
    cur: list[str | None] = field(default_factory=list)   # the column being taken, nearest the box first
    cur_r: list[int] = field(default_factory=list)        # ranchero owner per slot, -1 = none
    nxt: list[str | None] = field(default_factory=list)   # the next column ([] in the last round)
    nxt_r: list[int] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)      # squares out of the game (3 players)
    saloon: list[int | None] = field(default_factory=list)  # token index per table
    piles: list[list[int]] = field(default_factory=list)    # helper piles at the entrance, top last
    supply: int = 0                                          # cows in the supply
    bonus_left: list[str] = field(default_factory=list)
    bonus_lost: list[str] = field(default_factory=list)
    phase: str = PLACE
    current: int = 0                 # the seat to act
    slot: int = -1                   # the slot of cur whose ranchero is acting (-1 in setup)
    place_order: list[int] = field(default_factory=list)  # setup: seats still to place, in order
    parcels: int = 0                 # parcels attached this turn
    hired: bool = False              # a helper was hired this round
    final: bool = False              # the last round
    round: int = 0
    fresh: list[Cell] = field(default_factory=list)       # cells of the parcel being resolved
    pending: list[list] = field(default_factory=list)     # [kind, x, y] effects still to resolve
    effect_cell: Cell | None = None  # where the helper being applied stands
    steps: int = 0                   # Cowboy steps left
    from_bonus: bool = False         # the effects being resolved are a bonus tile's

    def clone(self) -> MoonState:
        c = copy.copy(self)
        c.rng = self.rng.clone()
        c.players = [p.clone() for p in self.players]
        c.pile, c.cur, c.cur_r, c.nxt, c.nxt_r = self.pile[:], self.cur[:], self.cur_r[:], self.nxt[:], self.nxt_r[:]
        c.removed, c.saloon = self.removed[:], self.saloon[:]
        c.piles = [p[:] for p in self.piles]
        c.bonus_left, c.bonus_lost = self.bonus_left[:], self.bonus_lost[:]
        c.place_order, c.fresh = self.place_order[:], self.fresh[:]
        c.pending = [p[:] for p in self.pending]
        return c

    def to_json(self) -> dict:
        return {"n": self.n, "rng": self.rng.state, "players": [p.to_json() for p in self.players],
                "variant": self.variant, "scenario": self.scenario, "pile": self.pile,
                "cur": self.cur, "cur_r": self.cur_r, "nxt": self.nxt, "nxt_r": self.nxt_r,
                "removed": self.removed, "saloon": self.saloon, "piles": self.piles,
                "supply": self.supply, "bonus_left": self.bonus_left, "bonus_lost": self.bonus_lost,
                "phase": self.phase, "current": self.current, "slot": self.slot,
                "place_order": self.place_order, "parcels": self.parcels, "hired": self.hired,
                "final": self.final, "round": self.round,
                "fresh": [cell_key(c) for c in self.fresh], "pending": self.pending,
                "effect_cell": None if self.effect_cell is None else cell_key(self.effect_cell),
                "steps": self.steps, "from_bonus": self.from_bonus}

    @staticmethod
    def from_json(d: dict) -> MoonState:
        opt = lambda v: None if v is None else str(v)  # noqa: E731
        optint = lambda v: None if v is None else int(v)  # noqa: E731
        return MoonState(
            int(d["n"]), Rng.from_state(d["rng"]), [PlayerState.from_json(p) for p in d["players"]],
            str(d["variant"]), str(d["scenario"]), [str(s) for s in d["pile"]],
            [opt(s) for s in d["cur"]], [int(r) for r in d["cur_r"]],
            [opt(s) for s in d["nxt"]], [int(r) for r in d["nxt_r"]], [str(s) for s in d["removed"]],
            [optint(t) for t in d["saloon"]], [[int(t) for t in p] for p in d["piles"]],
            int(d["supply"]), [str(b) for b in d["bonus_left"]], [str(b) for b in d["bonus_lost"]],
            str(d["phase"]), int(d["current"]), int(d["slot"]), [int(s) for s in d["place_order"]],
            int(d["parcels"]), bool(d["hired"]), bool(d["final"]), int(d["round"]),
            [key_cell(k) for k in d["fresh"]], [[str(p[0]), int(p[1]), int(p[2])] for p in d["pending"]],
            None if d["effect_cell"] is None else key_cell(d["effect_cell"]),
            int(d["steps"]), bool(d["from_bonus"]))
