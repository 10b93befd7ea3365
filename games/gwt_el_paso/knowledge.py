"""Great Western Trail: El Paso's search knowledge: the family's (games/gwt/knowledge.py)
with the normal bot's ratings and playouts and what an El Paso engine is worth."""
from __future__ import annotations

from games.gwt.knowledge import GWTKnowledge

from .bot_normal import NormalBot, items_of, met_and_partial

HERD_BV = 0.6        # VP per breeding value of the cattle beyond the starting herd, with the drive ahead
CERT_VP = 1.0        # VP per certificate held, with deliveries ahead
MONEY_USE = 0.2      # VP per $ beyond its score: what it still buys (workers, cattle)
OBJECTIVE = 1.0      # share of an unmet objective's VP its filled slots are worth
HAND = 0.8           # share of the next delivery's VP the hand in reach is worth


class GWTElPasoKnowledge(GWTKnowledge):
    # about 1 s per decision on the reference machine (2 cores): 600 iterations took 0.79 s
    # of CPU on average and 1.08 s at the 95th percentile over 35 decisions of 2-player
    # games (350 before the normal bot remembered objective matchings and trail distances)
    default_iterations = 600
    # with more seats a playout is longer (0.66 s of CPU a decision with 2 players, 1.12 s
    # with 4 at the same count): the count shrinks so that every table takes about as long
    # (a solo game with Sue keeps the 2-player count)
    SEAT_COST = 1.1

    def __init__(self):
        super().__init__(NormalBot())

    def iterations_for(self, st) -> int:
        n = max(2, len(st.players))
        return int(self.default_iterations * (1 + 2 * self.SEAT_COST) / (1 + self.SEAT_COST * n))

    def progress(self, rules, st) -> float:
        humans = sum(1 for p in st.players if p["sue"] is None)
        full = rules.data.simmental_by_players[humans] or 1
        if st.finisher is not None:
            return 1.0
        return max(0.0, min(1.0, 1.0 - st.simmental / full))

    def engine(self, rules, st, seat) -> float:
        p = st.players[seat]
        if p["sue"] is not None:
            return 0.0
        d = rules.data
        ahead = 1.0 - self.progress(rules, st)
        money = p["money"]
        v = money / 5 - money // 5 + MONEY_USE * money * ahead
        cattle = [c for c in p["deck"] + p["hand"] + p["discard"] if not rules.is_worker(c)]
        herd = sum(d.breed(c).bv for c in cattle if d.breed(c).role != "starting")
        v += HERD_BV * herd * ahead
        v += CERT_VP * (p["certs"] + rules.permanent_certs(p)) * ahead
        if p["objectives"]:
            objectives = [rules.objective(d.objective(o)) for o in p["objectives"]]
            v += OBJECTIVE * ahead * met_and_partial(objectives, items_of(rules, st, seat), self.normal.memo("met", d))[1]
        if p["discs"]:
            total = rules.delivery_value(p) + p["certs"]
            best = max((post.vp for post in d.posts if post.value <= total
                        and (post.repeat or seat not in st.posts[str(post.value)])), default=0)
            v += HAND * best
        return v
