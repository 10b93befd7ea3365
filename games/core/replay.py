"""Replay of a finished game (a record or a save): the position after any step.

The action list is re-applied from the config's seed (the determinism contract). One
pass at the start keeps a snapshot (as JSON text) every `every` steps and every event, so any step is
rebuilt from the nearest snapshot by at most `every - 1` actions: stepping back is as
fast as stepping forward.
"""
from __future__ import annotations

import json
from bisect import bisect_right
from pathlib import Path

from . import registry
from .action import Action
from .contract import Config, Rules
from .match import Match


class Replay:
    def __init__(self, rules: Rules, config: Config, actions: list[Action | str], every: int = 8):
        self.rules = rules
        self.every = max(1, every)
        m = Match(rules, config)
        self.config = m.config
        self._snaps = [_snap(rules, m.state)]
        for i, a in enumerate(actions):
            try:
                m.apply(a)
            except ValueError as e:
                raise ValueError(f"action {i + 1} ({a}) does not replay: {e}") from None
            if m.ply % self.every == 0:
                self._snaps.append(_snap(rules, m.state))
        self.actions: list[Action] = list(m.actions)
        self.events = m.events  # (ply, event), ply ascending
        self._event_plies = [p for p, _ in self.events]
        self.finished = m.is_over()
        self._scores: list | None = None

    @classmethod
    def from_record(cls, record: dict, every: int = 8) -> Replay:
        """From a Records.get() dict."""
        return cls(registry.get(record["game"]), Config.from_json(record["config"]), record["actions"], every)

    @classmethod
    def from_file(cls, path: Path | str, every: int = 8) -> Replay:
        """From an exported record or a save (checked as games.core.records and saves do)."""
        from .records import read_record_file
        match, _ = read_record_file(path, finished_only=False)
        return cls(match.rules, match.config, match.actions, every)

    @property
    def steps(self) -> int:
        """The number of actions; positions run from 0 (the set-up) to steps."""
        return len(self.actions)

    def state_at(self, step: int):
        """A fresh state after `step` actions (the caller may keep or change it)."""
        step = self._check(step)
        k = step // self.every
        rules = self.rules
        state = rules.from_json(json.loads(self._snaps[k]))
        for a in self.actions[k * self.every:step]:
            rules.apply(state, a)
        return state

    def match_at(self, step: int) -> Match:
        """A match standing at `step`: its state, actions and events so far (for the table)."""
        step = self._check(step)
        m = Match(self.rules, self.config)
        m.state = self.state_at(step)
        m.actions = self.actions[:step]
        m.events = self.events[:bisect_right(self._event_plies, step)]
        m.floor = step  # nothing of a replay is taken back
        return m

    def score_progress(self) -> list[list[int] | None]:
        """Each seat's score as if the game ended after each step (steps + 1 entries);
        None where the rules cannot score that position."""
        if self._scores is None:
            rules = self.rules
            state = rules.from_json(json.loads(self._snaps[0]))
            out = [_scores(rules, state)]
            for a in self.actions:
                rules.apply(state, a)
                out.append(_scores(rules, state))
            self._scores = out
        return self._scores

    def _check(self, step: int) -> int:
        if not isinstance(step, int) or not 0 <= step <= self.steps:
            raise ValueError(f"the step must be 0 to {self.steps}, not {step!r}")
        return step


def _snap(rules: Rules, state) -> str:
    """A snapshot as text: from_json may keep the lists it is given, so each use parses
    a fresh copy and the snapshot itself never changes."""
    return json.dumps(rules.to_json(state), separators=(",", ":"))


def _scores(rules: Rules, state) -> list[int] | None:
    try:
        return list(rules.result(state).scores)
    except Exception:  # a position some rules cannot score mid-game: no point for the chart
        return None

