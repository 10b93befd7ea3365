"""El Paso hard bot: a budgeted search (a `SearchBot`) that picks the crime card or the
leave with the best expected standing, estimated by sampled continuations of the town.

Method (DECIDE phase; carries are decided exactly, draws as the normal bot draws):
  1. Candidates (ElPasoKnowledge.decide_candidates): leaving when holding loot, the best
     two cards of each site that can pay, one idle card (stay without robbing).
  2. Worlds: `randomize_hidden` re-deals everything this seat cannot see (others' card
     values, the piles' order, the dice) using only the decision's rng. Every candidate
     is played in the same worlds (common random numbers), so their differences are not
     drowned in noise.
  3. The coming roll is stratified: in each world every candidate is played once with the
     roll forced to a bust and once with a sampled roll that is not one, weighted by the
     exact bust chance. (Sampling the bust, a 1-in-9 to 1-in-243 event, would leave it
     out of most samples: this is where a greedy stay is punished as it should be.)
  4. A playout applies the candidate, then plays every seat by the normal bot (this
     seat's carries by the exact rule) to the end of the town.
  5. Score: the chance to win from the playout's end: the lead in nuggets plus the held
     loot's worth (ElPasoKnowledge.worth_of) over the best rival, through a logistic that
     narrows as the towns run out (ElPasoKnowledge.scale).
The budget counts (world, candidate) pairs: `Budget(iterations=N)` (reproducible per seed)
or `Budget(seconds=S)` (the app), with its cancel flag checked between pairs; only
complete worlds are compared.
"""
from __future__ import annotations

import math
import time

from games.core.rng import Rng
from games.core.search import Advice, Budget, SearchBot, SearchCancelled

from .bots import NormalBot
from .knowledge import ElPasoKnowledge, FastNormal
from .state import CARRY, DECIDE, OVER

__all__ = ["HardBot", "FastNormal"]


class _ForcedRoll:
    """RNG stand-in for a playout: the first dice rolled show the given faces
    (indices into the dice faces); everything else comes from `inner`."""

    __slots__ = ("faces", "sides", "inner")

    def __init__(self, faces: list[int], sides: int, inner: Rng):
        self.faces = list(faces)
        self.sides = sides
        self.inner = inner

    def below(self, n: int) -> int:
        if self.faces and n == self.sides:
            return self.faces.pop()
        return self.inner.below(n)

    def clone(self):
        return _ForcedRoll(self.faces, self.sides, self.inner.clone())


class HardBot(SearchBot):
    level = "hard"
    MIN_WORLDS = 4

    def __init__(self):
        super().__init__(ElPasoKnowledge())
        self.normal = NormalBot()

    # ------------------------------------------------------------------ api
    def choose(self, rules, state, seat, rng):
        if state.phase == DECIDE:
            self.last = self._search(rules, state, seat, rng, self._budget(state))
            return self.last.best
        if state.phase == CARRY:
            return self.knowledge.carry(rules, state, seat)
        return self.normal.choose(rules, state, seat, rng)

    def advise(self, rules, state, seat, rng, budget: Budget | None = None) -> Advice:
        if state.phase == DECIDE:
            return self._search(rules, state, seat, rng, budget or self._budget(state))
        a = self.choose(rules, state, seat, rng)
        return Advice([(a, 0, self.knowledge.evaluate(rules, state)[seat])], 0, 0.0)

    def _budget(self, state) -> Budget:
        return self.budget or Budget(iterations=self.knowledge.iterations_for(state))

    # ---------------------------------------------------------------- search
    def _score(self, rules, s, seat, scale) -> float:
        """The chance to win from where the playout ends: the lead in projected nuggets
        over the best rival, through a logistic whose width shrinks as towns run out (a
        seat far ahead plays safe, one far behind takes the risks it needs)."""
        k = self.knowledge
        worth = [k.worth_of(rules, s, i) for i in range(s.n)]
        lead = worth[seat] - max(w for i, w in enumerate(worth) if i != seat)
        return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, lead / scale))))

    def _search(self, rules, st, seat, rng, budget: Budget) -> Advice:
        t0 = time.perf_counter()
        k = self.knowledge
        d = rules.data
        cands = k.decide_candidates(rules, st, seat)
        if len(cands) == 1:
            return Advice([(cands[0], 0, 0.5)], 0, time.perf_counter() - t0)
        deadline = t0 + budget.seconds if budget.seconds is not None else None
        limit = budget.iterations if budget.iterations is not None else (
            k.iterations_for(st) if deadline is None else 1 << 30)
        limit = max(limit, self.MIN_WORLDS * len(cands))
        cancel = budget.cancel
        sides = len(d.dice_faces)
        stars = [i for i, f in enumerate(d.dice_faces) if f == "star"]
        dice_left = d.dice_count - st.sheriff
        p_bust = (len(stars) / sides) ** dice_left
        bust = [stars[0]] * dice_left
        scale = k.scale(rules, st)
        totals = [0.0] * len(cands)
        worlds = pairs = 0
        while pairs + len(cands) <= limit:
            if deadline is not None and worlds >= self.MIN_WORLDS and time.perf_counter() >= deadline:
                break
            world = rules.randomize_hidden(st, seat, rng)
            seed = rng.next_u64()  # the dice after the coming roll
            while True:  # a coming roll that is not a bust
                roll = [rng.below(sides) for _ in range(dice_left)]
                if any(f not in stars for f in roll):
                    break
            scores = []
            for a in cands:
                if cancel is not None and cancel.is_set():
                    raise SearchCancelled()
                v = 0.0
                for faces, weight in ((roll, 1.0 - p_bust), (bust, p_bust)):
                    s = rules.clone(world)
                    s.rng = _ForcedRoll(faces, sides, Rng(seed))
                    rules.perform(s, a)
                    self._playout(rules, s, seat)
                    v += weight * self._score(rules, s, seat, scale)
                scores.append(v)
            for i, v in enumerate(scores):
                totals[i] += v
            worlds += 1
            pairs += len(cands)
        means = [t / worlds for t in totals]
        order = sorted(range(len(cands)), key=lambda i: (-means[i], i))
        return Advice([(cands[i], worlds, means[i]) for i in order],
                      pairs, time.perf_counter() - t0)

    def _playout(self, rules, s, seat) -> None:
        town = s.town
        k = self.knowledge
        normal = k.fast(rules)
        while s.phase != OVER and s.town == town:
            who = s.queue[0]
            if who == seat and s.phase == CARRY:
                a = k.carry(rules, s, seat)
            else:
                a = normal.choose(rules, s, who, None)
            rules.perform(s, a)
