"""Great Western Trail: Argentina: what the hard level's search knows (a `Knowledge` for
games/core/search.py).

- Candidates: every legal action (new buildings only on the best-ranked space for each
  tile, as the normal bot prunes them), rated one decision deep by the normal bot's
  evaluator (VP now plus what the seat's resources are worth later); the prior is a
  softmax of that value. Helping farmers keeps the normal bot's rule of thumb only; an
  exchange token or an objective card played freely gets a small prior.
- Playout: a light normal bot (the same look-ahead with a budget of a few positions) for
  the players, Pedro's own turn for him; it runs to the end of the searching seat's turn
  (and at most `horizon` decisions), the point where the evaluator's estimate is sound.
- Evaluation: each seat's evaluator value (Pedro: his score pad now), turned into win
  chances by `win_chances` with a scale that narrows as the job market runs out.
- The root: the normal bot's own choice (on its own re-deal) gets a prior well above the
  rest and stays the answer unless the search gives another move 3 times its visits and a
  win chance higher by `OVERRULE`.
Ratings are cached by what the seat can see, so the re-deals of one decision share them.
"""
from __future__ import annotations

import math

from games.core.rng import Rng
from games.core.search import Knowledge, SearchBot, win_chances

from .bot_normal import FREE_VERBS, NormalBot

PRIOR_SCALE = 1.5     # VP between two candidates that makes one's prior e times the other's
FREE_PRIOR = 0.1      # a free token or objective card's prior, times its rating's
HINT_PRIOR = 5.0      # the root prior of the normal bot's own choice, times the best rating's
OVERRULE = 0.06      # win chance by which the search must beat the normal bot's choice
CAND_POSITIONS = 16   # positions the ratings of one decision's candidates try
LIGHT_BUDGET = 10     # positions a playout decision of the light normal bot tries
WIN_SCALE = (4.0, 12.0)   # VP per e-fold of win odds near the end, at the start


class LightNormal(NormalBot):
    """The normal bot with a small budget: a playout's moves. A playout's position is a
    re-deal already, so it is not dealt again."""
    positions = LIGHT_BUDGET
    root_keep = 2

    def sample(self, rules, st, seat: int, rng):
        return st


class ArgentinaKnowledge(Knowledge):
    horizon = 10
    explore = 0.5
    default_iterations = 150   # ~1 s a decision on a quiet machine (60 took 1.0 s mean at load 6 on 2 cores)
    max_candidates = 8

    def __init__(self):
        self.bot = NormalBot()
        self.rater = LightNormal()      # candidates' ratings, on the re-deal it is given
        self.light = LightNormal()
        self.cache: dict = {}
        self.hint = self.hint_key = None

    # ---- candidates -----------------------------------------------------------------
    def _key(self, st, seat: int, acts) -> tuple:
        p = st.players[seat]
        top = st.pending[-1] if st.pending else {}
        return (seat, tuple(a.text for a in acts), repr(sorted(top.items())), tuple(p.get("hand", ())),
                p.get("money"), p.get("grain"), p.get("certs"), st.jm_row)

    def forced(self, rules, st, seat: int, acts):
        """The action of a decision not worth searching (None: search it): the only legal
        one, Pedro's turn, helping farmers (the normal bot's rule of thumb). Reads only
        what the seat sees."""
        if len(acts) == 1 or rules.is_automa(st.players[seat]):
            return acts[0]
        self.bot.evaluator(rules)
        return self.bot.policy(rules, st, seat, acts)

    def candidates(self, rules, st, seat: int):
        acts = rules.legal_actions(st, seat)
        fixed = self.forced(rules, st, seat, acts)
        if fixed is not None:
            return [(fixed, 1.0)]
        key = self._key(st, seat, acts)
        got = self.cache.get(key)
        if got is not None:
            return got
        rated = self.rater.rate(rules, st, st, seat, acts, CAND_POSITIONS)
        top = rated[0][0]
        hint = self.hint if key == self.hint_key else None
        out = []
        for v, a in rated:
            prior = math.exp(max(-30.0, (v - top) / PRIOR_SCALE))
            if a.verb in FREE_VERBS:
                prior *= FREE_PRIOR
            if a.text == hint:       # the normal bot's own choice at the root
                prior = max(prior, HINT_PRIOR)
            out.append((a, prior))
        if len(self.cache) > 20000:
            self.cache.clear()
        self.cache[key] = out
        return out

    # ---- playouts -------------------------------------------------------------------
    def policy(self, rules, st, seat: int, rng):
        return self.light.choose(rules, st, seat, rng)

    def stop_playout(self, rules, st, root_seat: int, plies: int) -> bool:
        return plies >= self.horizon or st.current != root_seat

    # ---- evaluation -----------------------------------------------------------------
    def evaluate(self, rules, st):
        ev = self.bot.evaluator(rules)
        values = []
        for s, p in enumerate(st.players):
            if rules.is_automa(p):
                values.append(float(sum(rules.score_breakdown(st, s).values())))
            else:
                values.append(ev.value(st, s))
        f = ev.progress_left(st)
        return win_chances(values, WIN_SCALE[0] + f * (WIN_SCALE[1] - WIN_SCALE[0]))


class HardBot(SearchBot):
    """The hard level: the search, except for decisions with one sensible answer (a single
    legal action, Pedro's turn, helping farmers by the rule of thumb)."""

    def __init__(self):
        super().__init__(ArgentinaKnowledge())

    def choose(self, rules, state, seat, rng):
        k = self.knowledge
        acts = rules.legal_actions(state, seat)
        fixed = k.forced(rules, state, seat, acts)
        if fixed is not None:
            self.last = None
            return fixed
        # the normal bot's choice (on its own re-deal) leads the root's priors, and stays
        # the answer unless the search clearly prefers another move
        normal = k.bot.choose(rules, state, seat, Rng(rng.next_u64()))
        k.hint, k.hint_key = normal.text, k._key(state, seat, acts)
        try:
            best = super().choose(rules, state, seat, rng)
        finally:
            k.hint = k.hint_key = None
        stats = {a.text: (n, w) for a, n, w in self.last.moves}
        bn, bw = stats.get(best.text, (0, 0.0))
        hn, hw = stats.get(normal.text, (0, 0.0))
        if best.text != normal.text and not (bn >= 3 * hn and bw >= hw + OVERRULE):
            return normal
        return best


__all__ = ["ArgentinaKnowledge", "HardBot", "LightNormal"]
