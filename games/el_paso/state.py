"""El Paso's game state: plain lists and ints, cheap to clone and serialise."""
from __future__ import annotations

from dataclasses import dataclass, field

from games.core.rng import Rng

# Phases: the named decision points of a town.
DECIDE = "decide"  # seats in town choose a crime card (face down) or to leave
CARRY = "carry"  # a leaving seat picks the loot tiles it carries on
DRAW = "draw"  # a seat that played refills its hand, one pile per card
OVER = "over"

# Why a carry phase happens, so the right thing follows it.
AFTER_LEAVE = "leave"
AFTER_EMPTIED = "emptied"


@dataclass
class PlayerState:
    hand: list[int] = field(default_factory=list)  # card ids
    loot: list[int] = field(default_factory=list)  # tile ids
    nuggets: int = 0
    earned: list[int] = field(default_factory=list)  # nuggets per town, then final exchange
    in_town: bool = True
    played: int | None = None  # face-down card this round
    decided: bool = False
    kept: list[int] = field(default_factory=list)  # tiles chosen to carry while leaving
    carry_limit: int = 0

    def clone(self) -> PlayerState:
        return PlayerState(self.hand[:], self.loot[:], self.nuggets, self.earned[:],
                           self.in_town, self.played, self.decided, self.kept[:], self.carry_limit)

    def to_json(self) -> dict:
        return {"hand": self.hand, "loot": self.loot, "nuggets": self.nuggets,
                "earned": self.earned, "in_town": self.in_town, "played": self.played,
                "decided": self.decided, "kept": self.kept, "carry_limit": self.carry_limit}

    @staticmethod
    def from_json(d: dict) -> PlayerState:
        return PlayerState(list(d["hand"]), list(d["loot"]), int(d["nuggets"]),
                           list(d["earned"]), bool(d["in_town"]), d["played"],
                           bool(d["decided"]), list(d["kept"]), int(d["carry_limit"]))


@dataclass
class ElPasoState:
    n: int
    rng: Rng
    loot_per_town: int
    emptied_carry: str  # "2" (our reading) or "wave" (max(2, w + 1))
    players: list[PlayerState]
    town: int = 0
    guard: int = 0
    round: int = 0
    bag: list[int] = field(default_factory=list)
    stacks: list[list[int]] = field(default_factory=list)  # per site; top tile is last
    draw: list[list[int]] = field(default_factory=list)  # per site; top card is last
    discard: list[list[int]] = field(default_factory=list)  # per site; top card is last
    sheriff: int = 0  # dice on the sheriff space
    wave: int = 0  # departure waves so far in this town
    last_roll: list[str] = field(default_factory=list)
    revealed: list[list[int]] = field(default_factory=list)  # [seat, card] of the last reveal
    phase: str = DECIDE
    queue: list[int] = field(default_factory=list)  # seats still to act in this phase
    carry_reason: str = AFTER_LEAVE
    bust: bool = False

    def clone(self) -> ElPasoState:
        return ElPasoState(
            self.n, self.rng.clone(), self.loot_per_town, self.emptied_carry,
            [p.clone() for p in self.players], self.town, self.guard, self.round,
            self.bag[:], [s[:] for s in self.stacks], [d[:] for d in self.draw],
            [d[:] for d in self.discard], self.sheriff, self.wave, self.last_roll[:],
            [r[:] for r in self.revealed], self.phase, self.queue[:], self.carry_reason,
            self.bust)

    def to_json(self) -> dict:
        return {
            "n": self.n, "rng": self.rng.state, "loot_per_town": self.loot_per_town,
            "emptied_carry": self.emptied_carry,
            "players": [p.to_json() for p in self.players],
            "town": self.town, "guard": self.guard, "round": self.round, "bag": self.bag,
            "stacks": self.stacks, "draw": self.draw, "discard": self.discard,
            "sheriff": self.sheriff, "wave": self.wave, "last_roll": self.last_roll,
            "revealed": self.revealed, "phase": self.phase, "queue": self.queue,
            "carry_reason": self.carry_reason, "bust": self.bust,
        }

    @staticmethod
    def from_json(d: dict) -> ElPasoState:
        return ElPasoState(
            int(d["n"]), Rng.from_state(d["rng"]), int(d["loot_per_town"]),
            str(d["emptied_carry"]), [PlayerState.from_json(p) for p in d["players"]],
            int(d["town"]), int(d["guard"]), int(d["round"]), list(d["bag"]),
            [list(s) for s in d["stacks"]], [list(s) for s in d["draw"]],
            [list(s) for s in d["discard"]], int(d["sheriff"]), int(d["wave"]),
            list(d["last_roll"]), [list(r) for r in d["revealed"]], str(d["phase"]),
            list(d["queue"]), str(d["carry_reason"]), bool(d["bust"]))
