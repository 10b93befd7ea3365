"""Bot base and the level every game has: easy = uniformly random legal play."""
from __future__ import annotations

from .action import Action
from .rng import Rng


class Bot:
    level = "easy"

    def choose(self, rules, state, seat: int, rng: Rng) -> Action:
        raise NotImplementedError


class RandomBot(Bot):
    level = "easy"

    def choose(self, rules, state, seat, rng):
        return rng.choice(rules.legal_actions(state, seat))


def decision_rng(seed: int, ply: int, seat: int) -> Rng:
    """The RNG a bot uses for one decision: a function of (seed, ply, seat) only,
    so a game resumed from a save continues exactly as it would have."""
    return Rng((seed * 1_000_003 + ply) * 31 + seat + 7)
