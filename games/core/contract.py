"""The rules contract every game implements (DESIGN.md §3).

A game is a `Rules` subclass instance registered under its id. The UI, bots,
tutorials, tests and saves only ever talk to a game through these methods.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .action import Action
from .errors import IllegalAction
from .events import Event

SEAT_KINDS = ("human", "bot", "automa")
BOT_LEVELS = ("easy", "normal", "hard")


@dataclass(frozen=True)
class Option:
    """A game option: a name, its allowed values (as text) and a default."""

    name: str
    choices: tuple[str, ...]
    default: str
    label_key: str = ""


@dataclass(frozen=True)
class GameInfo:
    id: str
    title_key: str
    min_players: int
    max_players: int
    options: tuple[Option, ...] = ()
    bot_levels: tuple[str, ...] = BOT_LEVELS
    has_automa: bool = False
    hidden_information: bool = True
    data_version: str = "1"

    def option(self, name: str) -> Option | None:
        return next((o for o in self.options if o.name == name), None)

    def default_options(self) -> dict[str, str]:
        return {o.name: o.default for o in self.options}


@dataclass
class Seat:
    name: str
    kind: str = "human"  # "human" | "bot:<level>" | "automa"
    colour: int = 0  # index into the UI's player colours

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    @property
    def bot_level(self) -> str | None:
        return self.kind.split(":", 1)[1] if self.kind.startswith("bot:") else None

    def to_json(self) -> dict:
        return {"name": self.name, "kind": self.kind, "colour": self.colour}

    @staticmethod
    def from_json(d: dict) -> Seat:
        return Seat(str(d["name"]), str(d.get("kind", "human")), int(d.get("colour", 0)))


@dataclass
class Config:
    seats: list[Seat]
    seed: int = 0
    options: dict[str, str] = field(default_factory=dict)

    @property
    def players(self) -> int:
        return len(self.seats)

    def to_json(self) -> dict:
        return {"seats": [s.to_json() for s in self.seats], "seed": self.seed,
                "options": dict(self.options)}

    @staticmethod
    def from_json(d: dict) -> Config:
        return Config([Seat.from_json(s) for s in d["seats"]], int(d.get("seed", 0)),
                      {str(k): str(v) for k, v in (d.get("options") or {}).items()})


class ConfigError(ValueError):
    """A configuration the game cannot be set up with (message fit for a player)."""


@dataclass
class Result:
    """Final scores with the score-pad breakdown, ranks and the tie-break used."""

    categories: list[str]  # i18n keys, in score-pad order
    breakdown: list[dict[str, int]]  # per seat: category -> points
    scores: list[int]
    ranks: list[int]  # 1 = best; tied seats share a rank
    winners: list[int]
    tiebreak: str = "none"  # i18n key naming the tie-break applied ("none" if not needed)

    def to_json(self) -> dict:
        return {"categories": self.categories, "breakdown": self.breakdown,
                "scores": self.scores, "ranks": self.ranks, "winners": self.winners,
                "tiebreak": self.tiebreak}


def rank_by(keys: list[tuple]) -> list[int]:
    """Competition ranks (1 = best) for per-seat sort keys, higher is better."""
    return [1 + sum(1 for other in keys if other > k) for k in keys]


class Rules:
    """Base class of a game's rules. Subclasses fill in the abstract parts.

    `apply` checks legality first so an illegal action leaves the state
    untouched; subclasses implement `perform` for legal actions only.
    """

    INFO: GameInfo

    # --- set-up ---------------------------------------------------------
    def check_config(self, config: Config) -> Config:
        """Validate seats and options; returns a config with defaults filled in."""
        info = self.INFO
        n = len(config.seats)
        if not info.min_players <= n <= info.max_players:
            raise ConfigError(f"{info.id} is for {info.min_players}-{info.max_players} players, not {n}")
        opts = info.default_options()
        for k, v in config.options.items():
            o = info.option(k)
            if o is None:
                known = ", ".join(x.name for x in info.options) or "none"
                raise ConfigError(f"{info.id} has no option {k!r} (options: {known})")
            if str(v) not in o.choices:
                raise ConfigError(f"option {k} must be one of {', '.join(o.choices)}, not {v!r}")
            opts[k] = str(v)
        for s in config.seats:
            level = s.bot_level
            if s.kind not in ("human", "automa") and level not in info.bot_levels:
                raise ConfigError(f"seat {s.name!r}: unknown kind {s.kind!r} "
                                  f"(human, or bot:{'|'.join(info.bot_levels)})")
            if s.kind == "automa" and not info.has_automa:
                raise ConfigError(f"{info.id} has no automa")
        return Config(list(config.seats), int(config.seed), opts)

    def validate_data(self) -> list[str]:
        """Load this game's data files afresh; returns the files checked.
        Raises DataError naming the file, key path and expectation."""
        return []

    def setup(self, config: Config) -> Any:
        raise NotImplementedError

    # --- play -----------------------------------------------------------
    def legal_actions(self, state, seat: int | None = None) -> list[Action]:
        """Every legal action now; only `seat`'s if given."""
        raise NotImplementedError

    def to_act(self, state) -> list[int]:
        """Seats whose decision it is (several for a simultaneous choice); [] when over."""
        raise NotImplementedError

    def apply(self, state, action: Action) -> list[Event]:
        if isinstance(action, str):
            action = Action.parse(action)
        if self.is_over(state):
            raise IllegalAction("the game is over")
        if not self.is_legal(state, action):
            raise IllegalAction(f"illegal action now: {action.text}")
        return self.perform(state, action)

    def is_legal(self, state, action: Action) -> bool:
        """Whether `action` is legal now. Games may answer faster than listing every action,
        but must agree with `legal_actions` (the harness checks it)."""
        return action in self.legal_actions(state, action.seat)

    def perform(self, state, action: Action) -> list[Event]:
        """Carry out an action already known to be legal."""
        raise NotImplementedError

    def prompt(self, state) -> tuple[str, dict]:
        """i18n key and args of what the game waits for now."""
        raise NotImplementedError

    def is_over(self, state) -> bool:
        raise NotImplementedError

    def result(self, state) -> Result:
        raise NotImplementedError

    # --- information ----------------------------------------------------
    def view(self, state, seat: int | None) -> dict:
        """Exactly what `seat` may see (None: a spectator, public information only)."""
        raise NotImplementedError

    def randomize_hidden(self, state, observer: int, rng):
        """A copy of `state` that `observer` cannot tell apart from it: everything hidden
        from that seat (other hands, deck order, the RNG) re-dealt consistently.
        Used by sampling bots and by the harness test that views leak nothing."""
        raise NotImplementedError

    def reveals_hidden(self, events: list[Event]) -> bool:
        """True if these events revealed something random or hidden (ends undo)."""
        hidden = self.HIDDEN_EVENT_TYPES
        for e in events:  # a plain loop: called once per action of every bot game
            if e.type in hidden:
                return True
        return False

    HIDDEN_EVENT_TYPES: frozenset[str] = frozenset()

    # --- persistence ----------------------------------------------------
    STATE_VERSION = 1

    def to_json(self, state) -> dict:
        raise NotImplementedError

    def from_json(self, data: dict):
        raise NotImplementedError

    def clone(self, state):
        return self.from_json(self.to_json(state))

    # --- bots -------------------------------------------------------------
    def bot(self, level: str):
        """A bot object with `choose(rules, state, seat, rng) -> Action`."""
        raise NotImplementedError

    def check_invariants(self, state) -> None:
        """Raise AssertionError if the state breaks a rule of conservation."""
