"""El Paso bots: easy (random), normal (risk-aware heuristic), hard (sampling)."""
from __future__ import annotations

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


class NormalBot(Bot):
    """Weighs the sheriff's dice, the loot at stake, the wave and the town's rate."""

    level = "normal"
    # Staying is worth it while the expected tile gained beats the risk to held loot.
    RISK_WEIGHT = 1.0

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
        gain = best_key[0]
        me = st.players[seat]
        held = sum(d.tile_value[t] for t in me.loot)
        dice_left = d.dice_count - st.sheriff
        risk = bust_chance(dice_left)
        # Staying one more round also earns a bigger carry allowance next wave.
        wave_bonus = 0.5 if me.loot else 0.0
        stay = (1 - risk) * (gain + wave_bonus) - risk * held * self.RISK_WEIGHT
        if gain <= 0 and held > 0:
            return Action(seat, "leave")
        if stay < 0:
            return Action(seat, "leave")
        return best

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
