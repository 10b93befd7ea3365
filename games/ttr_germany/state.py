"""Ticket to Ride: Germany's game state: plain dicts, lists and ints, cheap to clone and save."""
from __future__ import annotations

import copy
from dataclasses import dataclass, field

from games.core.rng import Rng

# Phases: the named decision points.
SETUP_MIX = "setup_mix"    # in seat order, each seat announces its mix of 4 starting tickets
SETUP_KEEP = "setup_keep"  # every seat at once keeps at least 2 of its 4 (secret until all chose)
TURN = "turn"              # the current seat picks one of the three actions
SECOND = "second"          # the current seat takes its second train card
KEEP = "keep"              # the current seat keeps at least 1 of the tickets it drew
PASSENGERS = "passengers"  # the current seat picks a passenger colour at an end of its route
OVER = "over"


@dataclass
class PlayerState:
    hand: dict[str, int] = field(default_factory=dict)  # card colour (or "locomotive") -> count
    tickets: list[str] = field(default_factory=list)     # ticket ids kept
    offered: list[str] = field(default_factory=list)     # tickets drawn, not yet decided
    mix: list[int] | None = None                         # announced [short, long] at setup
    tracks: list[str] = field(default_factory=list)      # claimed track ids, in order
    trains: int = 0
    route_points: int = 0
    passengers: dict[str, int] = field(default_factory=dict)  # passenger colour -> count
    decided: bool = False                                 # setup keep made
    # cards every seat saw this player take face up and not yet pay out: a lower bound
    # of its hand per colour (public, so a re-deal keeps them in its hand)
    known: dict[str, int] = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"hand": self.hand, "tickets": self.tickets, "offered": self.offered,
                "mix": self.mix, "tracks": self.tracks, "trains": self.trains,
                "route_points": self.route_points, "passengers": self.passengers,
                "decided": self.decided, "known": self.known}

    @staticmethod
    def from_json(d: dict) -> PlayerState:
        return PlayerState({str(k): int(v) for k, v in d["hand"].items()},
                           [str(t) for t in d["tickets"]], [str(t) for t in d["offered"]],
                           None if d["mix"] is None else [int(x) for x in d["mix"]],
                           [str(t) for t in d["tracks"]], int(d["trains"]),
                           int(d["route_points"]),
                           {str(k): int(v) for k, v in d["passengers"].items()},
                           bool(d["decided"]),
                           # saves from before it was kept: nothing seen yet
                           {str(k): int(v) for k, v in d.get("known", {}).items()})


@dataclass
class TTRState:
    n: int
    rng: Rng
    players: list[PlayerState]
    deck: list[str] = field(default_factory=list)       # train cards; top is last
    discard: list[str] = field(default_factory=list)
    face_up: list[str] = field(default_factory=list)    # at most 5
    short: list[str] = field(default_factory=list)      # ticket decks; top is last, bottom first
    long: list[str] = field(default_factory=list)
    owner: dict[str, int] = field(default_factory=dict)  # track id -> seat
    passengers: dict[str, list[str]] = field(default_factory=dict)  # location -> colours there
    phase: str = SETUP_MIX
    current: int = 0
    first: int = 0                                        # the seat that took the first turn
    pending: list[str] = field(default_factory=list)      # route ends still to take a passenger from
    first_card: str | None = None                         # face-up colour taken first ("" = blind)
    final_turns: int = -1                                 # turns left once triggered; -1 = not yet
    trigger: int = -1                                     # seat that triggered the last round
    passes: int = 0                                       # turns passed in a row (deadlock guard)
    turn: int = 0                                         # completed turns
    # Not game state: the rules' transient index of which tracks each seat's position
    # closes (rules._position), kept up to date as tracks are claimed so claim questions
    # need not rebuild it from `owner` every time. Outside equality and saves; a clone or
    # a loaded state starts without one and the rules rebuild it when first asked.
    position: object = field(default=None, init=False, compare=False, repr=False)

    def clone(self) -> TTRState:
        c = copy.copy(self)
        c.rng = self.rng.clone()
        c.players = [PlayerState(dict(p.hand), p.tickets[:], p.offered[:],
                                 None if p.mix is None else p.mix[:], p.tracks[:], p.trains,
                                 p.route_points, dict(p.passengers), p.decided, dict(p.known))
                     for p in self.players]
        c.deck, c.discard, c.face_up = self.deck[:], self.discard[:], self.face_up[:]
        c.short, c.long = self.short[:], self.long[:]
        c.owner = dict(self.owner)
        c.passengers = {k: v[:] for k, v in self.passengers.items()}
        c.pending = self.pending[:]
        c.position = None  # rebuilt for the clone's own `owner` when first needed
        return c

    def to_json(self) -> dict:
        return {"n": self.n, "rng": self.rng.state,
                "players": [p.to_json() for p in self.players],
                "deck": self.deck, "discard": self.discard, "face_up": self.face_up,
                "short": self.short, "long": self.long, "owner": self.owner,
                "passengers": self.passengers, "phase": self.phase, "current": self.current,
                "first": self.first, "pending": self.pending, "first_card": self.first_card,
                "final_turns": self.final_turns, "trigger": self.trigger,
                "passes": self.passes, "turn": self.turn}

    @staticmethod
    def from_json(d: dict) -> TTRState:
        strs = lambda xs: [str(x) for x in xs]  # noqa: E731
        return TTRState(
            int(d["n"]), Rng.from_state(d["rng"]), [PlayerState.from_json(p) for p in d["players"]],
            strs(d["deck"]), strs(d["discard"]), strs(d["face_up"]), strs(d["short"]),
            strs(d["long"]), {str(k): int(v) for k, v in d["owner"].items()},
            {str(k): strs(v) for k, v in d["passengers"].items()}, str(d["phase"]),
            int(d["current"]), int(d["first"]), strs(d["pending"]),
            None if d["first_card"] is None else str(d["first_card"]), int(d["final_turns"]),
            int(d["trigger"]), int(d["passes"]), int(d["turn"]))
