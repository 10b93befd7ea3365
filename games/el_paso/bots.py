"""El Paso bots: easy (random), normal (risk-aware heuristic), hard (budgeted search)."""
from __future__ import annotations

from functools import lru_cache

from games.core.action import Action
from games.core.bots import Bot, RandomBot

from .state import CARRY, DECIDE


def bust_chance(dice_left: int) -> float:
    """Chance that every die still rolled shows a star (each die: 2 stars in 6)."""
    return (1 / 3) ** dice_left


def pay_chance(needs: str | None, dice_left: int) -> float:
    """Chance a site pays: brand/six need that face among the non-star dice."""
    if needs is None:
        return 1.0 - bust_chance(dice_left)
    return 1.0 - (2 / 3) ** dice_left


# Chance of bringing held loot safely out of a town (busts, sheriff).
SURVIVE = 0.85
# Share of held loot that must be exchanged when leaving (carry limits).
EXCHANGED_SHARE = 0.6


@lru_cache(maxsize=4)
def carry_worth(d) -> tuple[tuple[float, ...], ...]:
    """worth[town][site]: expected nuggets per loot point of a tile held when entering
    `town` (index len(towns) = game over: 0): exchanged at that town's rate, 1:1 where
    its site is missing or in the last town, or carried on; discounted for the bust risk
    on the way."""
    ntowns, nsites = len(d.towns), len(d.sites)
    worth = [[0.0] * nsites for _ in range(ntowns + 1)]
    for u in range(ntowns - 1, -1, -1):
        town = d.towns[u]
        for s in range(nsites):
            if u == ntowns - 1 or d.sites[s].id not in town.sites:
                w = 1.0
            else:
                here = 1.0 / town.rate
                w = EXCHANGED_SHARE * here + (1 - EXCHANGED_SHARE) * max(here, worth[u + 1][s])
            worth[u][s] = SURVIVE * w
    return tuple(tuple(row) for row in worth)


@lru_cache(maxsize=4)
def point_worth(d) -> tuple[tuple[float, ...], ...]:
    """worth[town][site]: nuggets per loot point of a tile held in `town` once it is out
    safely (carry_worth without this town's bust discount)."""
    return tuple(tuple(w / SURVIVE for w in row) for row in carry_worth(d))


class NormalBot(Bot):
    """Weighs the sheriff's dice, the loot at stake, the wave and the town's rate."""

    level = "normal"
    # Staying is worth it while the expected gain beats the bust chance times the held
    # loot, both in nuggets: a carried tile or one of a missing site (1:1) weighs far
    # more than a fresh tile exchanged at 4:1.
    RISK_WEIGHT = 1.0
    WAVE_BONUS = 0.5   # loot points: a later wave carries more on

    def choose(self, rules, st, seat, rng):
        d = rules.data
        acts = rules.legal_actions(st, seat)
        if st.phase == DECIDE:
            return self._decide(rules, st, seat, acts)
        if st.phase == CARRY:
            return self._carry(rules, st, seat, acts)
        return self._draw(rules, st, seat, acts, d)

    # --- rob or leave -------------------------------------------------------
    def card_worth(self, rules, st, seat: int, site_id: str, value: int) -> float:
        """Expected loot value from playing this card now."""
        return self._card_worth_fn(rules, st, seat)(site_id, value)

    def _card_worth_fn(self, rules, st, seat: int):
        """card_worth for one position, with what every card shares worked out once."""
        d = rules.data
        town = d.towns[st.town]
        dice_left = d.dice_count - st.sheriff
        rivals = sum(1 for i, p in enumerate(st.players) if i != seat and p.in_town)

        def worth(site_id: str, value: int) -> float:
            if site_id not in town.sites:
                return 0.0
            si = d.site_index(site_id)
            stack = st.stacks[si]
            if not stack:
                return 0.0
            # Higher cards take first; a low card may find the stack gone or pay less.
            depth = min(len(stack) - 1, max(0, round(rivals * (8 - value) / 8 / 2)))
            tile = d.tile_value[stack[-1 - depth]]
            return tile * pay_chance(d.sites[si].needs, dice_left)

        return worth

    def _decide(self, rules, st, seat, acts):
        d = rules.data
        plays = [a for a in acts if a.verb == "play"]
        if not plays:
            return acts[-1]
        worth = self._card_worth_fn(rules, st, seat)
        # The best card: most worth, then the lowest value; the first such in hand order.
        best, best_key = None, None
        for a in plays:
            value = int(a.args[1])
            key = (worth(a.args[0], value), -value)
            if best_key is None or key > best_key:
                best, best_key = a, key
        if self.should_leave(d, st, seat, d.site_index(best.args[0]), best_key[0]):
            return Action(seat, "leave")
        return best

    def should_leave(self, d, st, seat: int, site: int, gain: float) -> bool:
        """Leave when the nuggets the best card is expected to bring (it pays only without
        a bust: `gain` counts that) are fewer than the bust chance times the held loot."""
        me = st.players[seat]
        if not me.loot:
            return False
        pw = point_worth(d)[st.town]
        held = 0.0
        for t in me.loot:
            s = d.tile_site[t]
            held += d.tile_value[t] * pw[s]
        if gain <= 0:
            return True
        risk = bust_chance(d.dice_count - st.sheriff)
        stay = (gain + (1 - risk) * self.WAVE_BONUS) * pw[site] - risk * held * self.RISK_WEIGHT
        return stay < 0

    # --- which tiles to carry -------------------------------------------------
    def _carry(self, rules, st, seat, acts):
        d = rules.data
        town = d.towns[st.town]
        keeps = [a for a in acts if a.verb == "keep"]
        if not keeps or town.rate <= 1 or st.town >= len(d.towns) - 1:
            return Action(seat, "exchange")

        def loss(a):  # nuggets lost by exchanging this tile here rather than 1:1 later
            v = int(a.args[1])
            return v - v / town.rate if a.args[0] in town.sites else 0.0

        best = max(keeps, key=loss)
        return best if loss(best) >= 1.5 else Action(seat, "exchange")

    # --- which pile to refill from --------------------------------------------
    def _draw(self, rules, st, seat, acts, d):
        in_hand = [0] * len(d.sites)  # cards of each kind in hand
        for c in st.players[seat].hand:
            in_hand[d.card_site(c)] += 1
        nxt = d.towns[min(st.town + 1, len(d.towns) - 1)]
        town = d.towns[st.town]

        def score(a):
            si = d.site_index(a.args[0])
            s = -in_hand[si]
            if a.args[0] in town.sites and st.stacks[si]:
                s += 1.5
            if a.args[0] in nxt.sites:
                s += 0.5
            return (s, -si)

        return max(acts, key=score)


def make(level: str) -> Bot:
    if level == "easy":
        return RandomBot()
    if level == "normal":
        return NormalBot()
    if level == "hard":
        from .hard_bot import HardBot
        return HardBot()
    raise ValueError(f"El Paso has no bot level {level!r}")
