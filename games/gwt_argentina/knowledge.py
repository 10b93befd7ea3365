"""Great Western Trail: Argentina: what the hard level's search knows (a `Knowledge` for
games/core/search.py).

- The root: the normal bot's own rating of every action (its full look-ahead, averaged
  over `ROOT_DEALS` re-deals of what the seat cannot see) gives the priors, so the search
  starts from the normal bot's choice; that choice stays the answer unless the search
  finds another move clearly better (`OVERRULE`) on enough visits.
- Below the root: every legal action (new buildings only on the best-ranked space for each
  tile, as the normal bot prunes them), rated by a light look-ahead of the normal bot; the
  prior is a softmax of that value. Helping farmers keeps the normal bot's rule of thumb.
- Playout: a light normal bot (the same look-ahead within 14 positions) for the players,
  Pedro's own turn for him, to the end of the searching seat's next turn (`turns`): the
  evaluator rates a position in the middle of a turn by what is already done, so every
  estimate is taken at the same point, a turn's end of the searching seat, and one more
  round shows what the evaluator's rule of thumb cannot (the other seat taking a space, a
  ship or a job-market row first).
- Judgement: the normal bot's evaluator with money worth more while the game is young,
  and the score pad itself in a seat's last turn (`HardEvaluator`), for the root's
  ratings, the candidates' and the playouts' bots.
- Evaluation: each seat's evaluator value (Pedro: his score pad now), turned into win
  chances by `win_chances` with a scale that narrows as the job market runs out.
Ratings are cached by what the seat can see, so the re-deals of one decision share them.
The default budget is an iteration count by the number of seats (a round is longer with
more), about 1 s of CPU a decision at any count.
"""
from __future__ import annotations

import math
import time

from games.core.rng import Rng
from games.core.search import Advice, Budget, Knowledge, SearchBot, search, win_chances

from .bot_normal import DISC_VALUE, FREE_VERBS, Evaluator, NormalBot

PRIOR_SCALE = 1.5     # VP between two candidates that makes one's prior e times the other's
FREE_PRIOR = 0.1      # a free token or objective card's prior, times its rating's
OVERRULE = 0.03       # win chance by which the search must beat the normal bot's choice
MIN_SHARE = 0.2       # share of the iterations a move needs to overrule the normal bot's choice
CAND_POSITIONS = 16   # positions the ratings of one decision's candidates try
# A playout decision of the light normal bot: positions tried and root actions followed
# deeper. 14 and 4 won 33.5 of 40 games against 10 and 2 (+9 VP a game) at 1.35 times the
# cost of an iteration: a playout is one round, and a light bot that sees only the first
# step of a location's action misplays its own next turn in many deals.
LIGHT_BUDGET, LIGHT_KEEP = 14, 4
# Re-deals the root's ratings are averaged over: one deal's rating follows the hand that
# deal draws at the turn's end. The normal bot's look-ahead with the hard judgement won
# 53-58% of two-player games against the normal bot rating on one deal, 76.1% of 88 (margin
# +8.2 VP) on the mean of 4 (and 58.8% of 200 against itself on one deal; 12 deals were no
# better than 4). The hard level with it: 76.3% of 78 against the normal bot (README).
ROOT_DEALS = 4
WIN_SCALE = (4.0, 12.0)   # VP per e-fold of win odds near the end, at the start
# The hard judgement's worth of the hand- and step-limit discs (the normal bot's: 2.2, 2.0,
# 2.2, 1.6): a card more at every income and a longer trip for the rest of the game are the
# engine the normal bot never builds (its seats removed a hand-limit disc 0.15 times a game).
# Against `HardNormal` without them: 58.5% of 200 games, margin +2.4 (hand 8 / 7, step 6:
# 56.2% of 200, +2.8; hand 5 / 4.5, step 4: 55.7% of 200, +2.1).
ENGINE_DISCS = {"hand1": 12.0, "hand2": 10.0, "step1": 8.0, "step2": 4.0}


class HardEvaluator(Evaluator):
    """The hard level's judgement: the normal bot's, with money worth more while the game
    is young (it buys the buildings, workers and loading the rest of the game pays for).
    As a normal bot's evaluator it won 65.8% of 200 two-player games against the normal
    bot's own; twice the weight won 37% against it.

    Once the end is triggered, a seat playing its last turn (or done) has no future: its
    value is the score pad now (5 pesos a VP, rounded down, as it will be counted), plus
    the ship its Buenos Aires visit under way reaches. Against the hard evaluator without
    it: 52.3% of 400 two-player games, margin +0.9 VP.

    It also values the discs that raise the hand and step limits far above the normal
    bot's judgement (`ENGINE_DISCS`)."""
    peso_early = 0.2
    disc_value = {**DISC_VALUE, **ENGINE_DISCS}

    def value(self, st, seat: int) -> float:
        if st.phase != "over" and self.r.game_ending(st) and seat not in st.final:
            v = float(sum(self.r.score_breakdown(st, seat).values()))
            if st.pending and st.current == seat:
                p = st.players[seat]
                v += self.visit_potential(st, seat, p, self.r.hand_value(p))
            return v
        return super().value(st, seat)


class HardNormal(NormalBot):
    """The normal bot's look-ahead with the hard level's judgement: the root's ratings
    (and, with a smaller budget, the candidates' and the playouts': `LightNormal`)."""
    evaluator_class = HardEvaluator

    def rate_deals(self, rules, st, seat: int, acts, rng, deals: int) -> list:
        """[(value, action)] best first: each action's rating averaged over `deals`
        re-deals of what the seat cannot see. One deal's rating follows the cards that
        deal happens to draw at the turn's end; the mean is the move's worth over them."""
        total: dict = {}        # every deal rates the same (pruned) actions of `acts`
        for _ in range(deals):
            for v, a in self.rate(rules, st, self.sample(rules, st, seat, rng), seat, acts,
                                  self.positions):
                total[a] = total.get(a, 0.0) + v
        order = {a: i for i, a in enumerate(acts)}
        return sorted(((v / deals, a) for a, v in total.items()), key=lambda x: (-x[0], order[x[1]]))


class LightNormal(HardNormal):
    """The normal bot with a small budget: a playout's moves. A playout's position is a
    re-deal already, so it is not dealt again."""
    positions = LIGHT_BUDGET
    root_keep = LIGHT_KEEP

    def sample(self, rules, st, seat: int, rng):
        return st


class ArgentinaKnowledge(Knowledge):
    horizon = 200         # a safety net: playouts end with a turn of the searching seat
    explore = 1.0
    # the iterations of about 1 s of CPU a decision, by the number of seats (Pedro's
    # included): a playout runs to the end of the seat's next turn, a round of every seat
    # (84 / 47 / 30, the same CPU since positions are copied by marshal, won 9 of 20 on
    # fresh seeds: not shown better, so the measured counts stay)
    iterations = {2: 75, 3: 42, 4: 27}
    default_iterations = iterations[2]
    max_candidates = 8
    turns = 1             # the searching seat's turns played out after this one
    root_mean_fpu = True  # the root's priors are ratings: every candidate gets tried early

    def __init__(self):
        self.bot = HardNormal()
        self.rater = LightNormal()      # candidates' ratings, on the re-deal it is given
        self.light = LightNormal()
        self.cache: dict = {}
        self.root_turn = 0
        self.root_key = self.root_cands = None

    def iterations_for(self, st) -> int:
        """The default budget of a decision in `st`: about 1 s at any number of seats."""
        return self.iterations.get(len(st.players), self.default_iterations)

    # ---- candidates -----------------------------------------------------------------
    def _key(self, st, seat: int, acts) -> tuple:
        p = st.players[seat]
        top = st.pending[-1] if st.pending else {}
        return (seat, st.turn, tuple(a.text for a in acts), repr(sorted(top.items())),
                tuple(p.get("hand", ())), p.get("money"), p.get("grain"), p.get("certs"), st.jm_row)

    def forced(self, rules, st, seat: int, acts):
        """The action of a decision not worth searching (None: search it): the only legal
        one, Pedro's turn, helping farmers (the normal bot's rule of thumb). Reads only
        what the seat sees."""
        if len(acts) == 1 or rules.is_automa(st.players[seat]):
            return acts[0]
        self.bot.evaluator(rules)
        return self.bot.policy(rules, st, seat, acts)

    @staticmethod
    def priors(rated) -> list:
        """[(action, prior)] from [(value, action)] best first."""
        top = rated[0][0]
        out = []
        for v, a in rated:
            prior = math.exp(max(-30.0, (v - top) / PRIOR_SCALE))
            if a.verb in FREE_VERBS:
                prior *= FREE_PRIOR
            out.append((a, prior))
        return out

    def candidates(self, rules, st, seat: int):
        acts = rules.legal_actions(st, seat)
        fixed = self.forced(rules, st, seat, acts)
        if fixed is not None:
            return [(fixed, 1.0)]
        key = self._key(st, seat, acts)
        if key == self.root_key:
            return self.root_cands
        got = self.cache.get(key)
        if got is None:
            got = self.priors(self.rater.rate(rules, st, st, seat, acts, CAND_POSITIONS))
            if len(self.cache) > 20000:
                self.cache.clear()
            self.cache[key] = got
        return got

    # ---- playouts -------------------------------------------------------------------
    def policy(self, rules, st, seat: int, rng):
        return self.light.choose(rules, st, seat, rng)

    def stop_playout(self, rules, st, root_seat: int, plies: int) -> bool:
        return st.turn > self.root_turn + self.turns * st.n or plies >= self.horizon

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
    """The hard level: the search from the normal bot's ratings, except for decisions with
    one sensible answer (a single legal action, Pedro's turn, helping farmers by the rule
    of thumb)."""

    def __init__(self):
        super().__init__(ArgentinaKnowledge())

    def _budget(self, state, budget: Budget | None) -> Budget:
        """`budget`, else the match's, else the iterations of about 1 s at this number of
        seats (a count, never the clock: seeded games stay reproducible)."""
        budget = budget or self.budget
        if budget is None or (budget.iterations is None and budget.seconds is None):
            return Budget(iterations=self.knowledge.iterations_for(state),
                          cancel=budget.cancel if budget else None)
        return budget

    def _advice(self, rules, state, seat, rng, budget: Budget) -> tuple[Advice, str | None]:
        """The search's advice and the normal bot's choice (None: a forced decision)."""
        k = self.knowledge
        acts = rules.legal_actions(state, seat)
        fixed = k.forced(rules, state, seat, acts)
        if fixed is not None:
            return Advice([(fixed, 0, 0.5)], 0, 0.0), None
        t0 = time.perf_counter()
        rated = k.bot.rate_deals(rules, state, seat, acts, Rng(rng.next_u64()), ROOT_DEALS)
        if budget.seconds is not None:     # the rating's time is part of the budget
            budget = Budget(seconds=max(0.05, budget.seconds - (time.perf_counter() - t0)),
                            cancel=budget.cancel)
        k.root_turn = state.turn
        k.root_key, k.root_cands = k._key(state, seat, acts), k.priors(rated)
        try:
            advice = search(rules, state, seat, k, budget, rng)
        finally:
            k.root_key = k.root_cands = None
        return advice, rated[0][1].text

    def choose(self, rules, state, seat, rng):
        self.last, normal = self._advice(rules, state, seat, rng, self._budget(state, None))
        best = self.last.best
        if normal is None or best.text == normal:
            return best
        # the normal bot's choice stays unless the search clearly prefers another move
        if self.last.overrules(best.text, normal, OVERRULE, MIN_SHARE):
            return best
        return next(a for a in rules.legal_actions(state, seat) if a.text == normal)

    def advise(self, rules, state, seat, rng, budget: Budget | None = None) -> Advice:
        return self._advice(rules, state, seat, rng, self._budget(state, budget))[0]


__all__ = ["ArgentinaKnowledge", "HardBot", "LightNormal"]
