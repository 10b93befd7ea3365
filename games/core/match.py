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
        self._bots: dict[str, object] = {}  # by level
        self._bot_of_kind: dict[str, object] = {}  # by seat kind: spares parsing it per decision
        # How long a searching bot may think per decision (games.core.search.Budget); None:
        # its own default iteration count, so headless games stay reproducible.
        self.budget = None
        # Undo (DESIGN §3): actions at index < floor can no longer be taken back.
        self.floor = 0
        self.floor_reason = "undo.none"
        self.redo_stack: list[Action] = []

    # --- playing ----------------------------------------------------------
    def apply(self, action: Action | str, _redo: bool = False) -> list[Event]:
        if isinstance(action, str):
            action = Action.parse(action)
        events = self.rules.apply(self.state, action)
        actions = self.actions
        prev = actions[-1].seat if actions else None
        actions.append(action)
        ply = len(actions)
        self.events += [(ply, e) for e in events]
        if self.rules.reveals_hidden(events):
            self.floor, self.floor_reason = ply, "undo.revealed"
        elif prev is not None and prev != action.seat:
            self.floor, self.floor_reason = ply - 1, "undo.other_seat"
        if not _redo:
            self.redo_stack.clear()
        return events

    # --- undo / redo --------------------------------------------------------
    def undo_status(self, seat: int) -> tuple[bool, str]:
        """Whether `seat` may take back the last action, and if not the i18n key saying why."""
        if not self.actions:
            return False, "undo.none"
        if self.actions[-1].seat != seat:
            return False, "undo.other_seat"
        if len(self.actions) <= self.floor:
            return False, self.floor_reason
        return True, ""

    def undo(self, seat: int) -> Action:
        ok, why = self.undo_status(seat)
        if not ok:
            raise IllegalAction(why)
        undone = self.actions[-1]
        redo = self.redo_stack[:]
        fresh = Match.replay(self.rules, self.config, self.actions[:-1])
        self.state, self.actions, self.events = fresh.state, fresh.actions, fresh.events
        self.floor, self.floor_reason = fresh.floor, fresh.floor_reason
        self.redo_stack = redo + [undone]
        return undone

    def can_redo(self, seat: int) -> bool:
        return bool(self.redo_stack) and self.redo_stack[-1].seat == seat and \
            self.redo_stack[-1] in self.rules.legal_actions(self.state, seat)

    def redo(self, seat: int) -> list[Event]:
        if not self.can_redo(seat):
            raise IllegalAction("undo.nothing_to_redo")
        return self.apply(self.redo_stack.pop(), _redo=True)

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
        kind = self.config.seats[seat].kind
        bot = self._bot_of_kind.get(kind)
        if bot is None:
            level = "automa" if kind == "automa" else (self.config.seats[seat].bot_level or "easy")
            if level not in self._bots:
                self._bots[level] = self.rules.bot(level)
            bot = self._bot_of_kind[kind] = self._bots[level]
        if hasattr(bot, "budget"):
            bot.budget = self.budget
        return bot

    def bot_action(self, seat: int) -> Action:
        rng = decision_rng(self.config.seed, len(self.actions), seat)
        return self.bot_for(seat).choose(self.rules, self.state, seat, rng)

    def decision_copy(self, seat: int):
        """A copy of the position and the RNG of `seat`'s decision in it: what a bot thinking
        on another thread works on while the real position stays with the table."""
        return self.rules.clone(self.state), decision_rng(self.config.seed, len(self.actions), seat)

    def next_bot_seat(self) -> int | None:
        """A seat to act that is not human, if any."""
        for s in self.to_act():
            if not self.config.seats[s].is_human:
                return s
        return None

    def play_bots_to_end(self, max_actions: int = 1_000_000) -> None:
        """Play every seat by its bot (humans get the easy bot) until the end."""
        rules = self.rules
        while not rules.is_over(self.state):
            if len(self.actions) >= max_actions:
                raise RuntimeError("game did not end")
            seat = rules.to_act(self.state)[0]
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
