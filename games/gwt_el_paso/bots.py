"""Great Western Trail: El Paso bots: easy (random legal play) and normal (a greedy planner)."""
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


class SueBot(Bot):
    """The automa seat: Sue's turn is one deterministic action."""
    level = "automa"

    def choose(self, rules, state, seat, rng):
        return rules.legal_actions(state, seat)[0]


def make_bot(level: str) -> Bot:
    if level == "automa":
        return SueBot()
    if level == "normal":
        from .bot_normal import NormalBot
        return NormalBot()
    return EasyBot()
