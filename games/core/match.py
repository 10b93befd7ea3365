"""A match: one game being played: config, state, action list and events.

It is what the UI, the command line, tutorials and saves drive. Replay of an
action list rebuilds the same state byte for byte (determinism contract).
"""
from __future__ import annotations

from .action import Action
from .bots import decision_rng
from .contract import Config, Rules
from .errors import IllegalAction
from .events import Event


class Match:
    def __init__(self, rules: Rules, config: Config):
        self.rules = rules
        self.config = rules.check_config(config)
        self.state = rules.setup(self.config)
        self.actions: list[Action] = []
        self.events: list[tuple[int, Event]] = []  # (ply, event)
        self._bots: dict[str, object] = {}

    # --- playing ----------------------------------------------------------
    def apply(self, action: Action | str) -> list[Event]:
        if isinstance(action, str):
            action = Action.parse(action)
        events = self.rules.apply(self.state, action)
        self.actions.append(action)
        ply = len(self.actions)
        self.events.extend((ply, e) for e in events)
        return events

    @property
    def ply(self) -> int:
        return len(self.actions)

    def is_over(self) -> bool:
        return self.rules.is_over(self.state)

    def to_act(self) -> list[int]:
        return self.rules.to_act(self.state)

    def seat_kind(self, seat: int) -> str:
        return self.config.seats[seat].kind

    def bot_for(self, seat: int):
        kind = self.seat_kind(seat)
        level = "automa" if kind == "automa" else (self.config.seats[seat].bot_level or "easy")
        if level not in self._bots:
            self._bots[level] = self.rules.bot(level)
        return self._bots[level]

    def bot_action(self, seat: int) -> Action:
        rng = decision_rng(self.config.seed, self.ply, seat)
        return self.bot_for(seat).choose(self.rules, self.state, seat, rng)

    def next_bot_seat(self) -> int | None:
        """A seat to act that is not human, if any."""
        for s in self.to_act():
            if not self.config.seats[s].is_human:
                return s
        return None

    def play_bots_to_end(self, max_actions: int = 1_000_000) -> None:
        """Play every seat by its bot (humans get the easy bot) until the end."""
        while not self.is_over():
            if len(self.actions) >= max_actions:
                raise RuntimeError("game did not end")
            seat = self.to_act()[0]
            self.apply(self.bot_action(seat))

    # --- replay -------------------------------------------------------------
    @classmethod
    def replay(cls, rules: Rules, config: Config, actions: list[Action | str]) -> Match:
        m = cls(rules, config)
        for i, a in enumerate(actions):
            try:
                m.apply(a)
            except IllegalAction as e:
                raise IllegalAction(f"action {i + 1} ({a}) does not replay: {e}") from e
        return m
