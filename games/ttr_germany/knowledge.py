"""Ticket to Ride: Germany's knowledge for the search (the hard level).

The hard level is a paired-rollout search (games/core/rollouts.py): the normal bot's move
against a few others, each played out to the end of the game in the same re-deals. The
normal bot guides everything: its own move comes first, the other candidates are a few
card draws (a blind one, a locomotive, the colour its plan lacks most), the few best claims
by its scoring (one payment per route, the one it would pay; parallel tracks once) and its
ticket draw; ticket keeps are the best few sets by its ticket judgement. Playouts use the
normal bot without its detour sums.

A re-deal gives a rival the tickets its tracks fit (`redeal`): played out with tickets
dealt blindly, a rival claims at random and every plan seems safe. A position cut short is
scored as each seat's likely final points (`scores`): routes on the board, tickets
(complete ones in full, open ones won or lost by how reachable they are in the turns
left), the Globetrotter by expected completed tickets, passenger majorities by lead and
passengers left, and what its trains and cards can still bring in the time left. A seat's
candidates depend only on what it sees, so they are worked out once per position.
"""
from __future__ import annotations

import math

from games.core.action import Action
from games.core.rng import Rng
from games.core.rollouts import paired_search
from games.core.search import Advice, Budget, Knowledge, SearchBot, win_chances

from .bots import (
    NormalBot,
    Plan,
    end_gain,
    majority_values,
    passenger_gains,
    passengers_left,
    payment,
    sigmoid,
    tickets_value,
    turns_left,
)
from .graph import Network, cheapest_by_id
from .model import LOCOMOTIVE


class TTRKnowledge(Knowledge):
    horizon = 400       # playouts run to the end of the game (this is only a backstop)
    # The guide's move and four others: with fewer candidates each gets more worlds, and
    # the search finds a better move than the guide's more often (measured against values
    # from 150 worlds a move at 40 positions: a gain of 0.015 win chance a decision with 3 to
    # 5 candidates, 0.010 with 8)
    max_candidates = 5
    # standard errors by which a move must beat the guide's: with four others beside it,
    # one of them tops it by one standard error in about half the decisions by luck alone.
    # Against the normal bot, 2 players: at 1, 46.9% of 49 games (14 moves a game not the
    # guide's); on other seeds, at 2, 64.0% of 50 (4.6 moves), at 3, 69.8% of 43 (1.9),
    # at 4, 73.3% of 30 (1.3): the few moves that beat the guide's by that much are worth it
    # (at 3 on fresh seeds: 68.1% of 69 games, by 13.3 points)
    margin = 3.0
    # after this share of the budget only the guide's move and its best challenger play on:
    # the one comparison that can change the move gets the rest of the worlds (at 3 standard
    # errors, on the same 59 games: 45 won, margin +15.5, against 41 and +13.4 without it)
    focus = 0.3
    # playout plies the reference machine plays in about a second (about 0.08 ms each, with
    # the candidates and the re-deals): the headless budget is this over the plies a
    # playout has left
    plies_per_second = 13000
    hidden_odds = 0.75  # a rival's unseen ticket: the odds it is completed
    # What a train still to place brings (route points, passengers, ticket progress),
    # as far as the cards and turns left allow: a train card is worth about a turn's half.
    train_value = 3.0
    # Each track a plan still needs may be lost: harsher than the normal bot's judgement,
    # so that securing a planned track shows in the evaluation.
    track_odds = 0.85
    # the spread of a colour's final lead (see bots.SPREAD): its statistical width here,
    # the normal bot's own a little narrower
    spread = (0.5, 0.85)
    own_bonus = 4.0     # the guide's move: prior above the best other candidate

    def __init__(self):
        self.guide = NormalBot()
        self.fast = NormalBot()
        self.fast.fast = True
        self.fast.memo = {}
        self.root: int | None = None  # the searching seat (set as each playout starts)
        # candidates by what they depend on: the root's are asked for in every deal
        self.memo: dict[tuple, list[tuple[Action, float]]] = {}
        self.fits: dict[tuple, dict[str, float]] = {}   # rival's board -> ticket weights

    @staticmethod
    def _key(st, seat: int) -> tuple:
        """Everything `seat`'s candidates depend on (its own cards, not the others')."""
        p = st.players[seat]
        return (seat, st.phase, st.turn, st.final_turns, st.first_card, st.passes,
                tuple(st.owner.items()), tuple(st.face_up),
                bool(st.deck), bool(st.discard), len(st.short), len(st.long),
                tuple(sorted(p.hand.items())), tuple(p.tickets), tuple(p.offered), tuple(st.pending),
                tuple(q.trains for q in st.players),
                tuple(tuple(sorted(q.passengers.items())) for q in st.players),
                tuple(map(tuple, st.passengers.values())))

    # --- re-deals ----------------------------------------------------------------------
    # How much a rival's tracks make a ticket likelier in its hand, as log-odds: a ticket
    # whose path its tracks already cover (fit 1) is e**3 times as likely as one they do
    # not help; one or both of its cities on those tracks, and a ticket they complete, add
    # to that. Fitted to the tickets normal bots really held, at 24,000 positions of 2- and
    # 3-player games: the true ticket's share of the guess rose by an eighth (log-likelihood
    # -3.23 to -3.11 a ticket, against -3.93 for a blind deal).
    ticket_fit = 3.0
    ticket_ends = (0.0, 0.7, 1.3)
    ticket_done = 0.35

    def redeal(self, rules, st, seat, rng):
        """A re-deal whose rivals hold tickets their tracks fit: each kept ticket of a rival
        is swapped with one of its deck's pile, drawn by `ticket_weights`."""
        s = rules.randomize_hidden(st, seat, rng)
        d = rules.data
        for o, q in enumerate(s.players):
            if o == seat or not q.tickets or not q.tracks:
                continue
            weights = self.ticket_weights(rules, s, o)
            for j, tid in enumerate(q.tickets):
                pile = getattr(s, d.ticket_by_id[tid].deck)
                if not pile:
                    continue
                ws = [weights.get(tid, 1.0)] + [weights.get(t, 1.0) for t in pile]
                x = rng.random() * sum(ws)
                k = 0
                while k < len(ws) - 1 and x >= ws[k]:
                    x -= ws[k]
                    k += 1
                if k:
                    q.tickets[j], pile[k - 1] = pile[k - 1], tid
        return s

    def ticket_weights(self, rules, st, o: int) -> dict[str, float]:
        """Ticket id -> how likely rival `o` holds it, from its tracks alone (public): the
        share of the ticket's cheapest path its own tracks save, its cities they reach,
        whether they complete it (remembered per board)."""
        key = (o, tuple(st.players[o].tracks), len(st.owner))
        found = self.fits.get(key)
        if found is not None:
            return found
        if len(self.fits) > 64:  # bounded: a search asks about one board
            self.fits.clear()
        d = rules.data
        mine = set(st.players[o].tracks)
        free = {t.id: t.length for t in rules.claimable_tracks(st, o)}
        base = {**free, **{t: d.track_by_id[t].length for t in mine}}
        own = {**free, **dict.fromkeys(mine, 0)}
        net = Network(d, mine)
        cities = {c for tid in mine for c in (d.track_by_id[tid].a, d.track_by_id[tid].b)}
        out = {}
        for t in d.tickets:
            x = self.ticket_ends[(t.a in cities) + (t.b in cities)]
            if net.done(t):
                x += self.ticket_done + self.ticket_fit
            else:
                full = cheapest_by_id(d, t.a, t.b, base)
                if full is not None and full[0] > 0:
                    left = cheapest_by_id(d, t.a, t.b, own)
                    x += self.ticket_fit * (full[0] - left[0]) / full[0]
            out[t.id] = math.exp(x)
        self.fits[key] = out
        return out

    # --- candidates --------------------------------------------------------------------
    def candidates(self, rules, st, seat):
        key = self._key(st, seat)
        found = self.memo.get(key)
        if found is None:
            if len(self.memo) > 4000:  # bounded: about one search's worth
                self.memo.clear()
            found = self.memo[key] = self._candidates(rules, st, seat)
        return found

    def _candidates(self, rules, st, seat):
        phase = st.phase
        acts = rules.legal_actions(st, seat)
        if len(acts) <= 1:
            return [(a, 1.0) for a in acts]
        if phase in ("keep", "setup_keep"):
            return self._keeps(rules, st, seat, acts)
        if phase == "passengers":
            gains = passenger_gains(rules, st, seat)
            return [(a, math.exp(gains[a.args[1]] / 4.0)) for a in acts]
        if phase == "turn":
            return self._turn(rules, st, seat, acts)
        own = self.guide.choose(rules, st, seat, Rng(1))
        return [(a, 3.0 if a == own else 1.0) for a in acts]

    def _keeps(self, rules, st, seat, acts):
        p = st.players[seat]
        free = {t.id: t for t in rules.claimable_tracks(st, seat)}
        clock = turns_left(rules, st, seat)
        scored = []
        for a in acts:
            ids = p.tickets + list(a.args)
            plan = Plan(rules, st, seat, ids, free=free, clock=clock)
            scored.append((tickets_value(rules, plan, ids) + 3.0 * sum(plan.odds.get(t, 0.0) for t in ids), a))
        scored.sort(key=lambda x: -x[0])
        top = scored[0][0]
        return [(a, math.exp((v - top) / 6.0)) for v, a in scored[:5]]

    def _turn(self, rules, st, seat, acts):
        d = rules.data
        p = st.players[seat]
        guide = self.guide
        clock = turns_left(rules, st, seat)
        plan = guide.plan(rules, st, seat, clock)
        own = guide.best_claim(rules, st, seat, plan, clock)
        if own is None and guide.wants_tickets(rules, st, seat, plan, clock):
            mix = guide.ticket_mix(st, seat, clock)
            own = next((a for a in acts if a.verb == "tickets" and a.args == mix), None)
        draws = [a for a in acts if a.verb in ("take", "blind")]
        needs = plan.colour_needs(d, p.hand) if plan.wanted else {}
        if draws:
            # a few draws only: the guide's, a blind one, a locomotive and the colour the
            # plan lacks most; one card more or less is for the search mostly noise
            pick = guide.draw(rules, st, seat, draws, plan, Rng(1))
            if own is None:
                own = pick
            wanted = sorted((a for a in draws if a.verb == "take" and needs.get(a.args[0], 0) > 0),
                            key=lambda a: (-needs[a.args[0]], a.args[0]))[:1]
            draws = [a for a in draws if a == pick or a.verb == "blind" or a in wanted
                     or a.args == (LOCOMOTIVE,)]
        out = {}
        for a in draws:
            out[a] = 1.0 + (0.5 if a.verb == "take" and needs.get(a.args[0], 0) > 0 else 0.0) \
                + (0.3 if a.verb == "take" and a.args[0] == LOCOMOTIVE else 0.0)
        if p.hand:
            gains = passenger_gains(rules, st, seat)
            scored = {}
            shared = st.n <= 3  # one track per connection: parallel tracks are one choice
            for tid, t in plan.free.items():
                pay = payment(d, t, p.hand, needs)
                if pay is None:
                    continue
                v = d.points_for(t.length) + end_gain(st, gains, t.a) + end_gain(st, gains, t.b) - 1.5 * pay[1]
                if tid in plan.wanted:
                    v += 8 + 0.3 * plan.wanted[tid]
                key = (t.connection, pay) if shared else tid
                if key not in scored or (v, tid) < scored[key][:2]:
                    scored[key] = (v, tid, Action(seat, "claim", (tid, pay[0], str(pay[1]))))
            for v, _, a in sorted(scored.values(), key=lambda x: (-x[0], x[1]))[:4]:
                out[a] = 0.6 + max(0.0, v) / 15.0
        if not plan.wanted and st.final_turns < 0 and p.trains >= 6:
            mix = guide.ticket_mix(st, seat, clock)
            pick = next((a for a in acts if a.verb == "tickets" and a.args == mix), None)
            if pick is not None:
                out[pick] = 0.5
        if own is not None:
            out[own] = max(out.values(), default=1.0) + self.own_bonus
        return list(out.items()) or [(a, 1.0) for a in acts]

    # --- playouts and evaluation -------------------------------------------------------
    def policy(self, rules, st, seat, rng):
        return self.fast.choose(rules, st, seat, rng)

    def outcome(self, rules, st):
        """A finished playout counts by its margin, softly: less noise than win or loss."""
        return win_chances([float(x) for x in rules.result(st).scores], 6.0)

    def stop_playout(self, rules, st, root_seat, plies):
        self.root = root_seat  # evaluate() may be next: whose tickets are really known
        return plies >= self.horizon

    def iterations_for(self, st) -> int:
        """Playouts for about a second: fewer while the game has long to run."""
        left = 1.75 * sum(p.trains for p in st.players) + 2 * st.n  # plies a train takes
        return max(3 * self.max_candidates, min(1000, int(self.plies_per_second / left)))

    def ranked(self, rules, st, seat) -> list:
        """The search's candidates for `seat`: the guide's move first, then the others by
        their priors, at most `max_candidates`."""
        own = self.guide.choose(rules, st, seat, Rng(1))
        cands = sorted(self.candidates(rules, st, seat), key=lambda c: -c[1])
        return [own] + [a for a, _ in cands if a != own][:self.max_candidates - 1]

    def scores(self, rules, st, root: int | None = None) -> list[float]:
        """Each seat's likely final score. The tickets of seats other than `root` are
        re-dealt at random, so they rarely fit their tracks: their odds are kept at least
        what a fair player achieves."""
        d = rules.data
        clock = turns_left(rules, st, 0)
        maj = majority_values(rules, st, passengers_left(st, rules.data), self.spread)
        vals, expected = [], []
        for s, p in enumerate(st.players):
            plan = Plan(rules, st, s, judge=False)
            plan.judge(clock, sum(p.hand.values()), self.track_odds)
            v = p.route_points + maj[s]
            done = 0.0
            floor = 0.0 if root is None or s == root else self.hidden_odds
            for t in p.tickets:
                pts = d.ticket_by_id[t].points
                q = max(floor, plan.odds.get(t, 0.0))
                v += pts * (2 * q - 1)
                done += q
            cards = sum(p.hand.values())
            placed = min(max(0, p.trains - 1), (cards + 2.0 * clock) / 1.8)
            v += self.train_value * placed
            vals.append(v)
            expected.append(done)
        for s in range(st.n):
            top = max(e for i, e in enumerate(expected) if i != s)
            vals[s] += d.globetrotter_points * sigmoid(2.0 * (expected[s] - top + 0.25))
        return vals

    def evaluate(self, rules, st):
        clock = turns_left(rules, st, 0)
        return win_chances(self.scores(rules, st, self.root), 6.0 + 0.6 * clock)


class TTRSearchBot(SearchBot):
    """The hard level. Some decisions are the guide's: the setup mix and keep (the first
    made before anything is known, the second by every seat at once), the second card of a
    draw and a passenger's colour, small choices its judgement settles as well as playouts."""

    GUIDED = frozenset({"setup_mix", "setup_keep", "second", "passengers"})

    def choose(self, rules, state, seat, rng):
        if state.phase in self.GUIDED:
            return self.knowledge.guide.choose(rules, state, seat, rng)
        self.last = self.advise(rules, state, seat, rng)
        return self.last.best

    def advise(self, rules, state, seat, rng, budget: Budget | None = None) -> Advice:
        k = self.knowledge
        budget = budget or self.budget or Budget(iterations=k.iterations_for(state))
        if state.phase in self.GUIDED:
            # The advisor shows what this bot plays: here the guide's move alone, with the
            # playouts' estimate of it (they rate these choices less well than games do:
            # searched, the setup mix lost games).
            own = k.guide.choose(rules, state, seat, rng)
            if len(rules.legal_actions(state, seat)) == 1:
                return Advice([(own, 0, 0.5)], 0, 0.0)
            return paired_search(rules, state, seat, k, [own], budget, rng, rate_alone=True)
        return paired_search(rules, state, seat, k, k.ranked(rules, state, seat), budget, rng, k.margin,
                             focus=k.focus)


def make_hard() -> TTRSearchBot:
    return TTRSearchBot(TTRKnowledge())
