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
from .limits import (
    MAX_NAME_LEN,
    MAX_OPTION_LEN,
    MAX_OPTIONS,
    MAX_SEATS,
    MAX_SEED,
    SEAT_COLOURS,
    shown,
)

SEAT_KINDS = ("human", "bot", "automa")
BOT_LEVELS = ("easy", "normal", "hard")


@dataclass(frozen=True)
class Option:
    """A game option: a name, its allowed values (as text) and a default."""

    name: str
    choices: tuple[str, ...]
    default: str
    label_key: str = ""
    # (option, value): the option matters only while that other option has that value (the
    # new-game screen shows it disabled otherwise, e.g. a variant's own choices)
    when: tuple[str, str] | None = None
    # a seat option whose values (but its default) one seat at most may hold, such as a
    # character with one board: the new-game screen passes over those another seat holds
    one_each: bool = False

    def active(self, options: dict[str, str]) -> bool:
        return self.when is None or options.get(self.when[0]) == self.when[1]


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
    # the option that sets the automa's difficulty (records and statistics name it)
    automa_option: str | None = None
    # choices each seat makes for itself (a Legends character...): kept in Config.options
    # under "<name>.<seat from 1>"; a seat without one has the option's default
    seat_options: tuple[Option, ...] = ()

    def option(self, name: str) -> Option | None:
        return next((o for o in self.options if o.name == name), None)

    @staticmethod
    def seat_key(name: str, seat: int) -> str:
        """The Config.options key of seat `seat`'s (0-based) choice of seat option `name`."""
        return f"{name}.{seat + 1}"

    def seat_option(self, key: str, players: int) -> Option | None:
        """The seat option a Config.options key like "character.2" names (None if none)."""
        name, _, num = key.rpartition(".")
        o = next((o for o in self.seat_options if o.name == name), None)
        return o if o is not None and num.isdigit() and 1 <= int(num) <= players \
            and num == str(int(num)) else None

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
        """A seat as saved. Every field must be there and of its kind: a default would let
        one damaged byte turn a bot seat into a human one. Raises ConfigError."""
        _exact_fields(d, ("name", "kind", "colour"), "seat")
        name, kind, colour = d["name"], d["kind"], d["colour"]
        if not isinstance(name, str) or not name.strip() or not name.isprintable() \
                or len(name) > MAX_NAME_LEN:
            raise ConfigError(f"the name must be 1 to {MAX_NAME_LEN} printable characters, "
                              f"not {shown(name)}")
        if not is_seat_kind(kind):
            raise ConfigError(f"unknown kind {shown(kind)} (human, automa or "
                              f"bot:{'|'.join(BOT_LEVELS)})")
        if type(colour) is not int or not 0 <= colour < SEAT_COLOURS:
            raise ConfigError(f"the colour must be a whole number from 0 to {SEAT_COLOURS - 1}, "
                              f"not {shown(colour)}")
        return Seat(name, kind, colour)


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
        """A config as saved, every field checked (nothing defaulted); raises ConfigError.
        Whether the game accepts it is `Rules.check_config`'s question."""
        _exact_fields(d, ("seats", "seed", "options"), "config")
        seats, seed, options = d["seats"], d["seed"], d["options"]
        if not isinstance(seats, list) or not 1 <= len(seats) <= MAX_SEATS:
            raise ConfigError(f"the seats must be a list of 1 to {MAX_SEATS}")
        out = []
        for i, s in enumerate(seats):
            try:
                out.append(Seat.from_json(s))
            except ConfigError as e:
                raise ConfigError(f"seat {i + 1}: {e}") from None
        if type(seed) is not int or not -MAX_SEED < seed < MAX_SEED:
            raise ConfigError(f"the seed must be a whole number below 2**64, not {shown(seed)}")
        if not isinstance(options, dict) or len(options) > MAX_OPTIONS:
            raise ConfigError("the options must be a mapping of names to values")
        for k, v in options.items():
            for text in (k, v):
                if not isinstance(text, str) or not 1 <= len(text) <= MAX_OPTION_LEN:
                    raise ConfigError(f"option {shown(k)}: names and values must be texts of 1 to "
                                      f"{MAX_OPTION_LEN} characters, not {shown(text)}")
        return Config(out, seed, dict(options))


def is_seat_kind(kind) -> bool:
    """Whether `kind` names a seat kind of SEAT_KINDS ("human", "automa", "bot:<level>")."""
    if not isinstance(kind, str):
        return False
    if kind.startswith("bot:"):
        return kind[4:] in BOT_LEVELS
    return kind in SEAT_KINDS and kind != "bot"


def _exact_fields(d, fields: tuple[str, ...], what: str) -> None:
    """`d` is a mapping with exactly these keys, else ConfigError naming the first odd one."""
    if not isinstance(d, dict):
        raise ConfigError(f"the {what} is not a mapping")
    for k in fields:
        if k not in d:
            raise ConfigError(f"the {what} has no {k}")
    for k in d:
        if k not in fields:
            raise ConfigError(f"the {what} has an unknown field {shown(k)}")


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
            o = info.option(k) or info.seat_option(k, n)
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
