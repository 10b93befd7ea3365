"""Bots every GWT edition can use: the easy bot (random legal play) and the automa's seat."""
from __future__ import annotations

from games.core.bots import Bot, RandomBot


class EasyBot(RandomBot):
    """Uniformly random legal play, but free actions (worker bonuses, tokens) only now and
    then, so a random game still moves on."""
    level = "easy"

    def choose(self, rules, state, seat, rng):
        acts = rules.legal_actions(state, seat)
        main = [a for a in acts if a.verb not in ("bonus", "token")]
        if main and rng.below(4):
            return rng.choice(main)
        return rng.choice(acts)


class AutomaBot(Bot):
    """The automa seat: its turn is one deterministic action."""
    level = "automa"

    def choose(self, rules, state, seat, rng):
        return rules.legal_actions(state, seat)[0]
