"""Ticket to Ride: Germany bots.

easy   - random legal play;
normal - plans its tickets along the cheapest paths over its own and free tracks,
         collects the colours those tracks need, claims the planned tracks most at
         risk first (single connections, long routes), keeps tickets it can reach,
         takes the passenger colour that helps its majorities most;
hard   - also weighs passengers and majorities when choosing what to claim, counts
         each reachable ticket towards the Globetrotter when keeping tickets, judges
         a ticket's cost by how many trains are left, and blocks a rival's obvious
         short link when it has nothing better to do.
"""
from __future__ import annotations

from games.core.bots import Bot, RandomBot

from .graph import cheapest_by_id
from .model import LOCOMOTIVE

GRAY = "gray"


class EasyBot(RandomBot):
    """RandomBot's uniform pick among the legal actions, made by the rules without listing
    a turn's every claim payment (same pick, same draws from the RNG)."""

    def choose(self, rules, st, seat, rng):
        return rules.random_legal_action(st, seat, rng)


class Plan:
    """The tracks a seat still wants, from its tickets in order of value."""

    def __init__(self, rules, st, seat: int, tickets: list[str] | None = None, margin: int = 0):
        d = rules.data
        p = st.players[seat]
        self.mine = set(p.tracks)
        self.free = {t.id: t for t in rules.claimable_tracks(st, seat)}
        self.wanted: dict[str, int] = {}  # track id -> number of tickets using it
        self.hopeless: list[str] = []
        self.done: list[str] = []
        budget = p.trains - margin
        # The price of each usable track: free ones their length, own and planned ones 0
        # (planned ones join as the plan grows).
        costs = {tid: t.length for tid, t in self.free.items()}
        costs.update(dict.fromkeys(self.mine, 0))
        ids = p.tickets if tickets is None else tickets
        self.cost = 0
        for tid in sorted(ids, key=lambda x: -d.ticket_by_id[x].points):
            t = d.ticket_by_id[tid]
            found = cheapest_by_id(d, t.a, t.b, costs)
            if found is None or found[0] > budget:
                self.hopeless.append(tid)
                continue
            if found[0] == 0 and all(x in self.mine for x in found[1]):
                self.done.append(tid)
                continue
            budget -= found[0]
            self.cost += found[0]
            for x in found[1]:
                if x not in self.mine:
                    costs[x] = 0
                    self.wanted[x] = self.wanted.get(x, 0) + 1

    def colour_needs(self, data, hand: dict[str, int]) -> dict[str, int]:
        """Cards still missing per colour for the wanted coloured tracks; gray tracks add to
        the colour the hand holds most of."""
        need: dict[str, int] = {}
        grays = 0
        for tid in self.wanted:
            t = data.track_by_id[tid]
            if t.colour == GRAY:
                grays += t.length
            else:
                need[t.colour] = need.get(t.colour, 0) + t.length
        if grays:
            spare = max(data.card_colour_ids, key=lambda c: hand.get(c, 0) - need.get(c, 0))
            need[spare] = need.get(spare, 0) + grays
        return {c: k - hand.get(c, 0) for c, k in need.items() if k > hand.get(c, 0)}


class NormalBot(Bot):
    level = "normal"
    passenger_weight = 0.0   # value of a passenger (hard bot)
    block = False
    globetrotter_weight = 0.0  # value of one more reachable ticket towards the Globetrotter
    setup_mix = ("3", "1")

    def choose(self, rules, st, seat, rng):
        acts = rules.legal_actions(st, seat)
        if len(acts) == 1:
            return acts[0]
        verb = acts[0].verb
        if st.phase in ("setup_keep", "keep"):
            return self.keep(rules, st, seat, acts)
        if st.phase == "setup_mix":
            return next((a for a in acts if a.args == self.setup_mix), acts[0])
        if st.phase == "passengers":
            return max(acts, key=lambda a: (self.passenger_value(rules, st, seat, a.args[1]), a.args))
        if verb == "pass":
            return acts[0]
        return self.turn(rules, st, seat, acts, rng)

    # --- tickets ------------------------------------------------------------------------
    def keep(self, rules, st, seat, acts):
        d = rules.data
        p = st.players[seat]
        best, best_value = acts[0], None
        for a in acts:
            kept = list(a.args)
            plan = Plan(rules, st, seat, p.tickets + kept, margin=self.margin(st, seat))
            value = 0.0
            for t in p.tickets + kept:
                pts = d.ticket_by_id[t].points
                value += -pts if t in plan.hopeless else pts
            value -= self.trains_cost_weight(st, seat) * plan.cost
            value += self.globetrotter_weight * (len(p.tickets) + len(kept) - len(plan.hopeless))
            if best_value is None or value > best_value:
                best, best_value = a, value
        return best

    def margin(self, st, seat) -> int:
        return 3

    def trains_cost_weight(self, st, seat) -> float:
        return 0.6

    def ticket_mix(self, st, seat) -> tuple[str, str]:
        trains = st.players[seat].trains
        return ("2", "2") if trains >= 30 else ("4", "0")

    # --- a turn -------------------------------------------------------------------------
    def turn(self, rules, st, seat, acts, rng):
        claims = [a for a in acts if a.verb == "claim"]
        last_turn = st.final_turns > 0
        plan = Plan(rules, st, seat)
        if claims:
            best = self.best_claim(rules, st, seat, claims, plan, last_turn)
            if best is not None:
                return best
        if st.phase == "turn" and not last_turn and st.final_turns < 0:
            if self.wants_tickets(st, seat, plan):
                mix = self.ticket_mix(st, seat)
                for a in acts:
                    if a.verb == "tickets" and a.args == mix:
                        return a
                for a in acts:
                    if a.verb == "tickets":
                        return a
        return self.draw(rules, st, seat, acts, plan, rng)

    def wants_tickets(self, st, seat, plan) -> bool:
        return not plan.wanted and st.players[seat].trains >= 12

    def claim_value(self, rules, st, seat, track, plan) -> float:
        d = rules.data
        value = d.points_for(track.length) * 0.2
        if track.id in plan.wanted:
            rivals = len(d.tracks_by_connection[track.connection])
            value += 10 + 3 * plan.wanted[track.id] + track.length + (2 if rivals == 1 else 0)
        if self.passenger_weight:
            for loc in (track.a, track.b):
                if st.passengers[loc]:
                    value += self.passenger_weight * max(
                        self.passenger_value(rules, st, seat, c) for c in set(st.passengers[loc]))
        return value

    def best_claim(self, rules, st, seat, claims, plan, last_turn):
        d = rules.data
        p = st.players[seat]
        needs = plan.colour_needs(d, p.hand)
        by_track: dict[str, list] = {}
        for a in claims:
            by_track.setdefault(a.args[0], []).append(a)
        scored = []
        for tid, options in by_track.items():
            t = d.track_by_id[tid]
            value = self.claim_value(rules, st, seat, t, plan)
            if tid not in plan.wanted:
                # Off-plan: only with spare trains and when it scores well, or at the end.
                if last_turn or (not plan.wanted and p.trains <= 12):
                    value += d.points_for(t.length)
                elif not plan.wanted and t.length >= 4 and p.trains - t.length >= 6:
                    value += d.points_for(t.length) * 0.5
                elif self.block and self.blocks(rules, st, seat, t):
                    value += 6
                else:
                    continue
            scored.append((value, tid, self.cheapest_payment(options, needs, p.hand)))
        if not scored:
            return None
        scored.sort(key=lambda x: (-x[0], x[1]))
        return scored[0][2]

    @staticmethod
    def cheapest_payment(options, needs, hand):
        """Fewest locomotives, then the colour least needed elsewhere and most plentiful."""
        return min(options, key=lambda a: (int(a.args[2]), needs.get(a.args[1], 0),
                                           -hand.get(a.args[1], 0), a.args[1]))

    def blocks(self, rules, st, seat, track) -> bool:
        return False

    def draw(self, rules, st, seat, acts, plan, rng):
        d = rules.data
        p = st.players[seat]
        needs = plan.colour_needs(d, p.hand)
        takes = {a.args[0]: a for a in acts if a.verb == "take"}
        wanted = sorted((c for c in takes if c != LOCOMOTIVE and needs.get(c, 0) > 0),
                        key=lambda c: (-needs[c], c))
        if wanted:
            return takes[wanted[0]]
        blind = next((a for a in acts if a.verb == "blind"), None)
        if LOCOMOTIVE in takes and st.phase == "turn" and (blind is None or sum(needs.values()) >= 6):
            return takes[LOCOMOTIVE]
        if blind is not None:
            return blind
        if takes:
            return takes[sorted(takes)[0]]
        non_ticket = [a for a in acts if a.verb != "tickets"]
        return rng.choice(non_ticket or acts)

    # --- passengers ---------------------------------------------------------------------
    @staticmethod
    def passenger_value(rules, st, seat, colour) -> float:
        """Majority points gained by one more passenger of this colour (roughly)."""
        d = rules.data
        mine = st.players[seat].passengers.get(colour, 0)
        others = sorted((q.passengers.get(colour, 0) for i, q in enumerate(st.players) if i != seat),
                        reverse=True)
        top = others[0] if others else 0

        def points(k):
            if k == 0:
                return 0
            if k > top:
                return d.majority_first
            if k == top:
                return d.majority_first * 0.6
            return d.majority_second * 0.6
        return points(mine + 1) - points(mine) + 0.1


class HardBot(NormalBot):
    level = "hard"
    passenger_weight = 1.0
    globetrotter_weight = 2.0
    block = True

    def margin(self, st, seat) -> int:
        return 2

    def trains_cost_weight(self, st, seat) -> float:
        # Late in the game trains are scarce; early on routes pay for themselves.
        return 0.4 if st.players[seat].trains > 25 else 0.8

    def ticket_mix(self, st, seat):
        trains = st.players[seat].trains
        return ("2", "2") if trains >= 28 else ("3", "1") if trains >= 18 else ("4", "0")

    def blocks(self, rules, st, seat, track) -> bool:
        """A short single link that joins two pieces of one rival's network."""
        if track.length > 2 or len(rules.data.tracks_by_connection[track.connection]) > 1:
            return False
        for i, q in enumerate(st.players):
            if i == seat:
                continue
            ends = {loc for t in q.tracks for loc in rules.data.track_by_id[t].ends}
            if track.a in ends and track.b in ends:
                return True
        return False


def make(level: str) -> Bot:
    if level == "easy":
        return EasyBot()
    if level == "normal":
        return NormalBot()
    if level == "hard":
        return HardBot()
    raise ValueError(f"unknown bot level {level!r}")


__all__ = ["EasyBot", "NormalBot", "HardBot", "Plan", "make"]
