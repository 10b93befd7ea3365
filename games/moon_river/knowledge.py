"""What Moon River's searching hard level knows (games/core/search.py's `Knowledge`).

Moves: each decision's options judged by the heuristic bots (a parcel by the ranch it
leaves, a circle by the best helper it would hire, a square by what it adds and what it
denies, a helper by what it does now), the best few kept, with priors by that judgement.
Evaluation: each seat's score if the game ended now plus what its ranch can still make
(`ranch_value`), what its resource helpers will still score on the squares to come, its
stored and claimed squares, turned into win chances. No playout: the heuristic judgement
is too slow to play many plies (and short playouts of the quick one did not rank positions
better), so every iteration scores the position the tree reaches.
The choice: the judgement's own move stays unless the search's most visited one wins
clearly more often on enough visits (`MoonSearchBot.OVERRULE`, as Argentina's and Ticket to
Ride's hard levels keep their guide's move): at two seats the judgement alone wins nearly as
often as the search, whose evaluation is the rougher of the two.

The only hidden things (the box's order, the helper piles) matter only once a column is
laid or a helper drawn, so a tree node keeps its options by what the deal has drawn since
the search began (`deal_key`): worked out once per node and draw, not on every visit.
A claimed square on the table is judged in full once per search; one of a column the
search lays itself (a re-deal, seen by few iterations) cheaply: judging those in full cost
most of the budget.
"""
from __future__ import annotations

import math

from games.core.search import Knowledge, SearchBot, win_chances

from . import ranch as R
from .bots import HeuristicBot, Judge, NormalBot, ranch_value, rounds_left, square_worth
from .state import (
    BONUS,
    CHOOSE,
    COWBOY,
    DISCARD,
    EXPAND,
    HIRE,
    PLACE,
    RAIDER,
    RUSTLER,
    SKULL,
)

# entries of the ranch-value memo: more only holds ranches the game has left behind
_CACHE_LIMIT = 5_000


class MoonKnowledge(Knowledge):
    horizon = 0               # no playout: positions are scored where the tree stops
    explore = 2.0             # priors (the heuristics' judgement) lead; the evaluation corrects
    default_iterations = 3000  # under 1 s per mid-game decision (2 players; 0.26–0.32 s of CPU per 1000)
    max_candidates = 7
    TEMPERATURE = 2.0         # points of judgement that make a move e times likelier a priori
    HELD = 0.5                # a stored square: part of its worth (it still has to fit)
    CLAIMED = 0.8             # a square a ranchero stands on (to be taken), as the draft judges it
    SCALE = 6.0               # points that make a seat e times likelier to win, at the end...
    SCALE_PER_ROUND = 1.5     # ...and more for every round still to play
    HELPER_RATE = 0.8         # a resource helper's future output: this share of the symbols
                              # an average seat still draws (some are never built)

    def __init__(self):
        self.bot = HeuristicBot()   # the heuristics that judge the moves
        self._values: dict = {}
        self._claims: dict = {}
        self.root = None       # the key of the decision being searched: judged in full
        self._root_brief = None
        self._seen: set = set()  # the squares on the table when the search began
        self._per_round: dict = {}  # (data id, seats) -> {helper side: symbols a seat draws a round}
        self._deal = ([], [])   # the box and helper piles of the deal being searched

    def redeal(self, rules, st, seat: int, rng):
        det = rules.randomize_hidden(st, seat, rng)
        self._deal = (det.pile[:], [pl[:] for pl in det.piles])
        return det

    def deal_key(self, st):
        """What the deal has drawn since the search began (squares off the box, helpers off
        their piles, in order: both are popped from the end): with the moves to a tree node
        it fixes the node's position, so the node keeps its candidates by it."""
        pile, piles = self._deal
        return (tuple(pile[len(st.pile):]),
                tuple(tuple(pl[len(q):]) for pl, q in zip(piles, st.piles, strict=True)))

    def begin(self, st) -> None:
        """A search starts at `st`: its own decision gets the full (slow) judgement; the
        positions below it a quick one, the evaluation doing the judging there."""
        self.root = self._key(st)
        self._root_brief = self._brief(st)
        self.guide = None
        self._claims.clear()
        self._seen = {s for s in st.cur + st.nxt if s is not None}

    # ---------------------------------------------------------------- moves
    @staticmethod
    def _key(st):
        """The public position a decision depends on (never the box or the helper piles)."""
        return (st.phase, st.current, st.slot, st.parcels, st.steps, st.final, st.hired,
                st.from_bonus, tuple(st.cur), tuple(st.cur_r), tuple(st.nxt), tuple(st.nxt_r),
                tuple(st.saloon), tuple(tuple(x) for x in st.pending), st.effect_cell,
                tuple(st.fresh), tuple(st.bonus_left), tuple(st.place_order),
                tuple((tuple(p.held), frozenset(p.ranch.items()), frozenset(p.cows.items()),
                       tuple((c, tuple(tuple(h) for h in hs)) for c, hs in sorted(p.helpers.items())),
                       p.bonus_done)
                      for p in st.players))

    def public_key(self, st, seat: int):
        """All but the box's order and the helper piles' (hidden from every seat): the
        search's tree is kept from a seat's decision to its next."""
        return (self._key(st), st.round, st.supply, len(st.pile), tuple(map(len, st.piles)),
                tuple(st.removed), tuple(st.bonus_lost), st.variant, st.scenario)

    @staticmethod
    def _brief(st):
        """A few numbers that tell most positions from the root's at once."""
        return st.phase, st.current, st.slot, st.parcels, st.steps, len(st.pile), st.hired

    def candidates(self, rules, st, seat: int):
        # called once per tree node and deal (the search keeps them by `deal_key`): a
        # cache by position here would cost more than it saves
        full = self._brief(st) == self._root_brief and self._key(st) == self.root
        out = self._judge(rules, st, seat, full)
        if full and out:
            self.guide = out[0][0]   # the judgement's own choice at the root
        return out

    def _judge(self, rules, st, seat: int, full: bool):
        legal = rules.legal_actions(st, seat)
        if len(legal) <= 1:
            return [(a, 1.0) for a in legal]
        scored = (self.scores if full else self.quick_scores)(rules, st, seat, legal)
        scored.sort(key=lambda x: -x[1])
        scored = scored[:self.max_candidates]
        top = scored[0][1]
        return [(a, math.exp(max(-30.0, (v - top) / self.TEMPERATURE))) for a, v in scored]

    def scores(self, rules, st, seat: int, legal) -> list[tuple]:
        """Each legal move with the heuristic's judgement of it (points, any origin)."""
        b, d, ph = self.bot, rules.data, st.phase
        if ph == EXPAND:
            j = b.judge(rules, st, seat)
            out, seen = [], set()
            for a in legal:
                if a.verb != "build":
                    out.append((a, -b.BUILD_BONUS))
                    continue
                sa, sb = a.args[0], a.args[1]
                ca, cb = (int(a.args[2]), int(a.args[3])), (int(a.args[4]), int(a.args[5]))
                k = (d.square_by_id[sa].design, d.square_by_id[sb].design, ca, cb)
                if k in seen:  # the same parcel from twin squares
                    continue
                seen.add(k)
                out.append((a, j.delta([(ca, sa), (cb, sb)])[0]))
            return out
        if ph in (CHOOSE, PLACE):
            col = st.cur if ph == PLACE else st.nxt
            j = b.judge(rules, st, seat)
            return [(a, b.square_value(rules, st, seat, col[int(a.args[0])], j)
                     + b.slot_bonus(rules, st, seat, int(a.args[0]), col)) for a in legal]
        if ph == HIRE:
            return [(a, b.helper_value(rules, st, seat, a.args[1])) for a in legal]
        if ph in (COWBOY, SKULL, BONUS):
            j = b.judge(rules, st, seat)
            return [(a, self._after(rules, st, j, a)) for a in legal]
        if ph == RAIDER:
            return [(a, 0.5 if a.verb == "skip" else
                     square_worth(d, d.face(a.args[2])) - square_worth(d, d.face(a.args[0])))
                    for a in legal]
        if ph == RUSTLER:
            pick = b._rustler(rules, st, seat, legal)
            return [(a, 1.0 if a == pick else 0.0) for a in legal]
        if ph == DISCARD:
            return [(a, -sum(square_worth(d, d.face(s)) for s in a.args)) for a in legal]
        return [(a, 0.0) for a in legal]

    def quick_scores(self, rules, st, seat: int, legal) -> list[tuple]:
        """A cheap judgement for the positions inside the tree (the order moves are tried
        in; their worth comes from the evaluation)."""
        d, ph = rules.data, st.phase
        p = st.players[seat]
        if ph == EXPAND:
            terr = R.terrain_map(d, p)
            out, seen = [], set()
            for a in legal:
                if a.verb != "build":
                    out.append((a, -2.0))
                    continue
                sa, sb = a.args[0], a.args[1]
                ca, cb = (int(a.args[2]), int(a.args[3])), (int(a.args[4]), int(a.args[5]))
                k = (d.square_by_id[sa].design, d.square_by_id[sb].design, ca, cb)
                if k in seen:
                    continue
                seen.add(k)
                v = 0.0
                for c, sq in ((ca, sa), (cb, sb)):
                    f = d.face(sq)
                    near = sum(1 for n in R.neighbours(c) if terr.get(n) == f.terrain)
                    v += square_worth(d, f) + 1.5 * near
                out.append((a, v))
            return out
        if ph in (CHOOSE, PLACE):
            col = st.cur if ph == PLACE else st.nxt
            front = R.frontier(d, rules.depth(st), p, R.terrain_map(d, p))
            out = []
            for a in legal:
                f = d.face(col[int(a.args[0])])
                fits = any(t is None or f.terrain in t for t in front.values())
                out.append((a, square_worth(d, f) + (1.5 if fits else -1.0) - 0.1 * int(a.args[0])))
            return out
        if ph == HIRE:
            return [(a, NormalBot.helper_value(self.bot, rules, st, seat, a.args[1])) for a in legal]
        if ph == COWBOY:  # spreading a spare cow onto a square without one is the usual gain
            return [(a, 0.0 if a.verb == "stop" else
                     (1.0 if p.cows.get((int(a.args[0]), int(a.args[1])), 0) > 1 else -1.0)
                     + (1.0 if (int(a.args[2]), int(a.args[3])) not in p.cows else -1.0))
                    for a in legal]
        return self.scores(rules, st, seat, legal)

    @staticmethod
    def _after(rules, st, j: Judge, a) -> float:
        """A cow move, drought or bonus tile: the ranch's worth after it, against now."""
        v = a.verb
        if v in ("stop", "drop"):
            return 0.05 if v == "stop" else 0.0
        if v == "bonus":
            return j.delta([((int(a.args[2]), int(a.args[3])), f"{a.args[0]}/{a.args[1]}")])[0]
        q = j.p.clone()
        c = (int(a.args[0]), int(a.args[1]))
        q.cows[c] -= 1
        if not q.cows[c]:
            del q.cows[c]
        if v == "move":
            c2 = (int(a.args[2]), int(a.args[3]))
            q.cows[c2] = q.cows.get(c2, 0) + 1
        return j.value(q) - j.base

    def policy(self, rules, st, seat: int, rng):
        return self.candidates(rules, st, seat)[0][0]

    # ------------------------------------------------------------ evaluation
    def stop_playout(self, rules, st, root_seat: int, plies: int) -> bool:
        return True

    def seat_value(self, rules, st, seat: int, growth: float) -> float:
        d = rules.data
        p = st.players[seat]
        key = (frozenset(p.ranch.items()), frozenset(p.cows.items()), tuple(sorted(R.helper_sides(p))), growth, st.scenario, st.n)
        v = self._values.get(key)
        if v is None:
            if len(self._values) > _CACHE_LIMIT:
                self._values.clear()
            v = self._values[key] = ranch_value(d, p, rules.depth(st), st.scenario, growth)
        v += self.HELD * sum(square_worth(d, d.face(s)) for s in p.held)
        v += self.helper_future(rules, st, seat)
        for col, riders in ((st.cur, st.cur_r), (st.nxt, st.nxt_r)):
            for s, r in zip(col, riders, strict=True):
                if r == seat and s is not None:
                    v += self.CLAIMED * self.claim_value(rules, st, seat, s)
        return v

    def helper_future(self, rules, st, seat: int) -> float:
        """What the seat's resource helpers will still score: each scores its symbol once
        more, on the squares still to come as well (the score-now counts only those built)."""
        d = rules.data
        rates = self._per_round.get((id(d), st.n))
        if rates is None:
            per_seat = d.column_size / st.n
            rates = self._per_round[id(d), st.n] = {
                d.resource_helper[r]: per_seat * sum(d.face(s.id).resource(r) for s in d.squares)
                / len(d.squares) for r in d.resources}
        sides = R.helper_sides(st.players[seat])
        if not sides:
            return 0.0
        left = rounds_left(d, st)
        return self.HELPER_RATE * left * sum(rates.get(h, 0.0) for h in sides)

    def claim_value(self, rules, st, seat: int, square: str) -> float:
        """A square a ranchero stands on, as the draft judges it: what it adds to the
        seat's ranch with its stored squares (the draft's parcel value). Worked out
        once per search, on the first ranch it meets (a search changes a ranch by a parcel
        or two): judging it afresh at every position would cost most of the budget."""
        key = (seat, square)
        v = self._claims.get(key)
        if v is None:
            if square in self._seen:
                # with the stored squares only: two claimed squares that pair would
                # each count their parcel
                v = self.bot.parcel_value(rules, self.bot.judge(rules, st, seat), square,
                                          list(st.players[seat].held))
            else:  # a column laid inside the search (a re-deal): judged cheaply, as it is
                v = self.quick_claim(rules, st, seat, square)  # seen in few iterations
            self._claims[key] = v
        return v

    @staticmethod
    def quick_claim(rules, st, seat: int, square: str) -> float:
        d = rules.data
        p = st.players[seat]
        f = d.face(square)
        front = R.frontier(d, rules.depth(st), p, R.terrain_map(d, p))
        fits = any(t is None or f.terrain in t for t in front.values())
        return square_worth(d, f) + (1.5 if fits else -1.0)

    def evaluate(self, rules, st) -> list[float]:
        left = rounds_left(rules.data, st)
        growth = min(1.0, left / 4)
        values = [self.seat_value(rules, st, s, growth) for s in range(st.n)]
        return win_chances(values, self.SCALE + self.SCALE_PER_ROUND * left)


class MoonSearchBot(SearchBot):
    """The hard level: the core search, told which decision is its own (judged in full)."""

    def __init__(self):
        super().__init__(MoonKnowledge())

    OVERRULE = 0.03   # win chance by which the search must beat the judgement's choice
    MIN_SHARE = 0.2   # share of the iterations a move needs to overrule it

    def choose(self, rules, state, seat, rng):
        k = self.knowledge
        k.begin(state)
        best = super().choose(rules, state, seat, rng)
        guide = k.guide
        if guide is None:
            cands = k._judge(rules, state, seat, True)
            guide = cands[0][0] if cands else best
        if guide.text == best.text:
            return best
        if self.last.overrules(best.text, guide.text, self.OVERRULE, self.MIN_SHARE):
            return best
        if seat in self._kept:      # the kept tree goes on from the move played
            self._kept[seat] = self._kept[seat][:2] + (guide,)
        return guide

    def advise(self, rules, state, seat, rng, budget=None):
        self.knowledge.begin(state)
        return super().advise(rules, state, seat, rng, budget)
