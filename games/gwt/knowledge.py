"""What the hard level's search knows of a Great Western Trail game, for every edition.

A turn is several decisions (the move, the location's actions one by one, free actions),
so the search looks at the moves the edition's normal bot rates best (its ratings, in
dollars, are the priors), plays on with the normal bot (an automa seat with its single
action) until the searching seat's next turn is over, and scores the position as the
score if the game ended now plus what the engine is still worth (the edition's
`engine`), turned into win chances. An edition subclasses `GWTKnowledge` and supplies
its normal bot (`rate` and `choose`) and its engine's worth; the rest asks the rules.
"""
from __future__ import annotations

import math

from games.core.search import Knowledge, SearchBot, win_chances


class GWTKnowledge(Knowledge):
    horizon = 400          # a safety net only: playouts stop at the end of a turn (`turns`)
    explore = 1.0
    default_iterations = 120
    max_candidates = 8
    turns = 1              # playouts stop after the searching seat's next turn(s)
    temperature = 4.0      # $ of the normal bot's rating that make a move e times likelier
    scale_early = 9.0      # VP that make one seat e times likelier to win, at the start...
    scale_late = 3.0       # ... and at the end of the game

    def __init__(self, normal):
        self.normal = normal       # the edition's normal bot: rate(rules, st, seat, a), choose()
        self.root_turn = 0         # the turn the search started in (set by GWTSearchBot)

    # ---- edition hooks --------------------------------------------------------------
    def ratings(self, rules, st, seat: int, acts) -> list[float]:
        """The normal bot's rating of each action (higher is better, in $)."""
        return self.normal.ratings(rules, st, seat, acts)

    def engine(self, rules, st, seat: int) -> float:
        """What `seat`'s position is worth beyond its score now, in VP."""
        return 0.0

    def progress(self, rules, st) -> float:
        """How far the game has gone, 0 (start) to 1 (the end is near)."""
        return 0.0

    # ---- the search's questions -------------------------------------------------------
    def candidates(self, rules, st, seat):
        acts = rules.legal_actions(st, seat)
        if len(acts) == 1 or rules.is_automa(st.players[seat]):
            return [(acts[0], 1.0)]
        vals = self.ratings(rules, st, seat, acts)
        ranked = sorted(((v, i) for i, v in enumerate(vals)), reverse=True)[:self.max_candidates]
        top = ranked[0][0]
        return [(acts[i], math.exp(max(-20.0, (v - top) / self.temperature))) for v, i in ranked]

    def policy(self, rules, st, seat, rng):
        if rules.is_automa(st.players[seat]):
            return rules.legal_actions(st, seat)[0]
        return self.normal.choose(rules, st, seat, rng)

    def stop_playout(self, rules, st, root_seat, plies):
        return st.turn > self.root_turn + self.turns * st.n or plies >= self.horizon

    def points(self, rules, st) -> list[float]:
        """Each seat's score now plus its engine's worth."""
        return [float(sum(rules.score_breakdown(st, s).values())) + self.engine(rules, st, s)
                for s in range(st.n)]

    def evaluate(self, rules, st):
        late = self.progress(rules, st)
        scale = self.scale_early + (self.scale_late - self.scale_early) * late
        return win_chances(self.points(rules, st), scale)


class GWTSearchBot(SearchBot):
    """The hard level: the search, told which turn it starts in."""

    def choose(self, rules, state, seat, rng):
        acts = rules.legal_actions(state, seat)
        if len(acts) == 1:
            return acts[0]
        self.knowledge.root_turn = state.turn
        return super().choose(rules, state, seat, rng)

    def advise(self, rules, state, seat, rng, budget=None):
        self.knowledge.root_turn = state.turn
        return super().advise(rules, state, seat, rng, budget)
