"""What El Paso's searching hard level knows: which moves are worth looking at, the fast
playout policy, how held loot is worth in nuggets and how a position is scored.

Shared by the hard bot's sampler (games/el_paso/hard_bot.py) and, through the `Knowledge`
interface, by the core search (games/core/search.py). Every state it is shown is a re-deal.
"""
from __future__ import annotations

import math

from games.core.action import Action
from games.core.search import Knowledge, win_chances

from .bots import NormalBot, bust_chance, carry_worth, pay_chance
from .state import CARRY, DECIDE, DRAW, OVER


class FastNormal(NormalBot):
    """NormalBot's exact choices, computed without building every legal action
    (playouts spend most of their time in the playout policy). Tested to agree
    with NormalBot.choose decision for decision."""

    def __init__(self, data):
        self.d = data
        self.site_ids = tuple(s.id for s in data.sites)
        self.needs = tuple(s.needs for s in data.sites)
        nv = len(data.card_values)
        self.card_site = tuple(c // nv for c in range(data.n_cards))
        self.card_value = tuple(data.card_values[c % nv] for c in range(data.n_cards))
        self.card_args = tuple((self.site_ids[self.card_site[c]], str(self.card_value[c]))
                               for c in range(data.n_cards))
        self.town_has = tuple(tuple(sid in t.sites for sid in self.site_ids) for t in data.towns)

    def choose(self, rules, st, seat, rng):
        if st.phase == DECIDE:
            return self.fast_decide(st, seat)
        if st.phase == CARRY:
            return self.fast_carry(st, seat)
        if st.phase == DRAW:
            return self.fast_draw(st, seat)
        return super().choose(rules, st, seat, rng)

    def fast_decide(self, st, seat) -> Action:
        d = self.d
        me = st.players[seat]
        if not me.hand:
            return Action(seat, "leave")
        has = self.town_has[st.town]
        dice_left = d.dice_count - st.sheriff
        rivals = sum(1 for i, p in enumerate(st.players) if i != seat and p.in_town)
        best_key = None
        best_card = -1
        for c in me.hand:
            si = self.card_site[c]
            value = self.card_value[c]
            stack = st.stacks[si]
            if not has[si] or not stack:
                w = 0.0
            else:
                depth = min(len(stack) - 1, max(0, round(rivals * (8 - value) / 8 / 2)))
                w = d.tile_value[stack[-1 - depth]] * pay_chance(self.needs[si], dice_left)
            key = (w, -value)
            if best_key is None or key > best_key:
                best_key, best_card = key, c
        if self.should_leave(d, st, seat, self.card_site[best_card], best_key[0]):
            return Action(seat, "leave")
        return Action(seat, "play", self.card_args[best_card])

    def fast_carry(self, st, seat) -> Action:
        d = self.d
        town = d.towns[st.town]
        p = st.players[seat]
        if town.rate <= 1 or st.town >= len(d.towns) - 1:
            return Action(seat, "exchange")
        has = self.town_has[st.town]
        best = None
        best_loss = None
        for t in p.loot:
            if t in p.kept:
                continue
            v = d.tile_value[t]
            loss = v - v / town.rate if has[d.tile_site[t]] else 0.0
            if best_loss is None or loss > best_loss:
                best, best_loss = t, loss
        if best is None or best_loss < 1.5:
            return Action(seat, "exchange")
        return Action(seat, "keep", (self.site_ids[d.tile_site[best]], str(d.tile_value[best])))

    def fast_draw(self, st, seat) -> Action:
        d = self.d
        counts = [0] * len(self.site_ids)
        for c in st.players[seat].hand:
            counts[self.card_site[c]] += 1
        has = self.town_has[st.town]
        nxt = self.town_has[min(st.town + 1, len(d.towns) - 1)]
        best_key = None
        for si in range(len(self.site_ids)):
            if not (st.draw[si] or st.discard[si]):
                continue
            sc = -counts[si]
            if has[si] and st.stacks[si]:
                sc += 1.5
            if nxt[si]:
                sc += 0.5
            key = (sc, -si)
            if best_key is None or key > best_key:
                best_key = key
        return Action(seat, "draw", (self.site_ids[-best_key[1]],))


class ElPasoKnowledge(Knowledge):
    """Candidates: leaving (with loot), the best cards of each site by the normal bot's
    worth, one idle card; carries decided exactly. Playouts: the normal bot (fast form)
    to the end of the town. Evaluation: nuggets plus the held loot's worth, as win chances."""

    horizon = 60            # plies; a playout normally stops at the town's end first
    explore = 0.9
    default_iterations = 4000   # (world, candidate) pairs of the hard bot: about 1 s with 2 players
    max_candidates = 12
    # a playout costs more with more seats (0.72 s of CPU a decision with 2 players, 1.11 s
    # with 4 at the same count): the count shrinks so that every table takes about as long
    SEAT_COST = 0.7

    def iterations_for(self, st) -> int:
        return int(self.default_iterations * (1 + 2 * self.SEAT_COST) / (1 + self.SEAT_COST * st.n))
    CARDS_PER_SITE = 2
    # Points of projected lead that make a seat e times likelier to win, and their growth
    # with every town still to play (more towns, more can change).
    SCALE = 3.0
    SCALE_PER_TOWN = 2.5

    def __init__(self):
        self.normal = NormalBot()
        self._fast: FastNormal | None = None

    def fast(self, rules) -> FastNormal:
        if self._fast is None or self._fast.d is not rules.data:
            self._fast = FastNormal(rules.data)
        return self._fast

    # ------------------------------------------------------------ valuation
    def loot_worth(self, rules, town: int, tiles) -> float:
        d = rules.data
        w = carry_worth(d)[min(town, len(d.towns))]
        return sum(w[d.tile_site[t]] * d.tile_value[t] for t in tiles)

    def worth_of(self, rules, st, seat: int) -> float:
        """Nuggets plus what the loot held is expected to bring."""
        p = st.players[seat]
        if not p.loot:
            return float(p.nuggets)
        town = st.town if st.phase != OVER else len(rules.data.towns)
        return p.nuggets + self.loot_worth(rules, town, p.loot)

    def scale(self, rules, st) -> float:
        return self.SCALE + self.SCALE_PER_TOWN * math.sqrt(max(0, len(rules.data.towns) - 1 - st.town))

    def evaluate(self, rules, st) -> list[float]:
        return win_chances([self.worth_of(rules, st, s) for s in range(st.n)], self.scale(rules, st))

    # ---------------------------------------------------------------- moves
    def decide_candidates(self, rules, st, seat) -> list[Action]:
        """Leave (when holding loot, or nothing else), the best cards of each site that
        can pay, and the lowest card of the sites that cannot (staying without robbing)."""
        acts = rules.legal_actions(st, seat)
        worth = self.normal._card_worth_fn(rules, st, seat)
        by_site: dict[str, list[tuple[float, int, Action]]] = {}
        for a in acts:
            if a.verb == "play":
                v = int(a.args[1])
                by_site.setdefault(a.args[0], []).append((worth(a.args[0], v), v, a))
        out: list[Action] = []
        idle = None
        for site in sorted(by_site):
            ranked = sorted(by_site[site], key=lambda x: (-x[0], x[1]))
            if ranked[0][0] <= 0:
                low = min(ranked, key=lambda x: x[1])
                if idle is None or low[1] < idle[1]:
                    idle = low
                continue
            out.extend(a for _, _, a in ranked[:self.CARDS_PER_SITE])
        if idle is not None:
            out.append(idle[2])
        if st.players[seat].loot or not out:
            out.append(rules.tables.leave[seat])
        return out

    def candidates(self, rules, st, seat: int) -> list[tuple[Action, float]]:
        if st.phase == DECIDE:
            fast = self.fast(rules)
            pick = fast.fast_decide(st, seat)
            return [(a, 3.0 if a == pick else 1.0) for a in self.decide_candidates(rules, st, seat)]
        if st.phase == CARRY:
            return [(self.carry(rules, st, seat), 1.0)]
        pick = self.fast(rules).fast_draw(st, seat)
        return [(a, 3.0 if a == pick else 1.0) for a in rules.legal_actions(st, seat)]

    def policy(self, rules, st, seat: int, rng) -> Action:
        if st.phase == CARRY:
            return self.carry(rules, st, seat)
        return self.fast(rules).choose(rules, st, seat, rng)

    def stop_playout(self, rules, st, root_seat: int, plies: int) -> bool:
        # A town's end: the next town waits at its first decision, nobody decided yet.
        if plies >= self.horizon:
            return True
        return (plies > 0 and st.phase == DECIDE and st.round == 1
                and not any(p.decided for p in st.players))

    # ----------------------------------------------------------------- carry
    def carry(self, rules, st, seat) -> Action:
        """Keep the tiles (within the carry limit) that maximise nuggets now plus
        their estimated worth later; keep the best of them, or exchange."""
        d = rules.data
        p = st.players[seat]
        town = d.towns[st.town]
        free = [t for t in p.loot if t not in p.kept]
        room = p.carry_limit - len(p.kept)
        if room <= 0 or not free or st.town >= len(d.towns) - 1:
            return rules.tables.exchange[seat]
        later = carry_worth(d)[st.town + 1]
        has = rules.tables.town_has[st.town]
        local = [t for t in free if has[d.tile_site[t]]]
        # Foreign tiles pay 1:1 now, more than they are worth later: never kept.
        # Local tiles in order of what keeping them gains (before rounding);
        # then the best prefix, counting the remainder lost to rounding down.
        local.sort(key=lambda t: (-(later[d.tile_site[t]] - 1 / town.rate) * d.tile_value[t], t))
        total = sum(d.tile_value[t] for t in local)
        best_j, best_v = 0, total // town.rate
        kept_worth, kept_pts = 0.0, 0
        for j, t in enumerate(local[:room], 1):
            kept_worth += later[d.tile_site[t]] * d.tile_value[t]
            kept_pts += d.tile_value[t]
            v = (total - kept_pts) // town.rate + kept_worth
            if v > best_v + 1e-9:
                best_j, best_v = j, v
        if not best_j:
            return rules.tables.exchange[seat]
        return rules.tables.keep[seat][local[0]]


__all__ = ["ElPasoKnowledge", "FastNormal", "bust_chance"]
