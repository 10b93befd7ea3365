"""A small deterministic RNG whose whole state is one integer.

The state lives inside each game state, so saves, clones and replays carry it
and the same seed and actions always give the same game on every platform.
SplitMix64: fast in pure Python and statistically fine for shuffles and dice.
"""
from __future__ import annotations

import random

MASK64 = (1 << 64) - 1


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0):
        self.state = (int(seed) * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & MASK64

    @classmethod
    def from_state(cls, state: int) -> Rng:
        r = cls.__new__(cls)
        r.state = int(state) & MASK64
        return r

    def clone(self) -> Rng:
        return Rng.from_state(self.state)

    def next_u64(self) -> int:
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("below(n) needs n > 0")
        # next_u64() inlined: this is the RNG's hot path (every shuffle, roll and bot pick).
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        # 64 random bits over small n: the bias is below 2**-50, negligible for games.
        return (z ^ (z >> 31)) % n

    def randint(self, lo: int, hi: int) -> int:
        return lo + self.below(hi - lo + 1)

    def choice(self, seq):
        return seq[self.below(len(seq))]

    def shuffle(self, seq: list) -> None:
        for i in range(len(seq) - 1, 0, -1):
            j = self.below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def random(self) -> float:
        return (self.next_u64() >> 11) / float(1 << 53)


class QuickRng(Rng):
    """An Rng whose shuffles run at C speed (sorting by keys from Python's own generator),
    for a search's re-deals: thousands a decision, where Rng's pure-Python shuffle cost a
    tenth of the time. Seeded, so a search stays reproducible; its stream differs from
    Rng's, so the rules' own shuffles (which saves and replays repeat) never use it."""
    __slots__ = ("_draw",)

    def __init__(self, seed: int = 0):
        super().__init__(seed)
        self._draw = random.Random(int(seed)).random

    def clone(self) -> QuickRng:
        raise TypeError("a search's generator is not cloned into a game state")

    def shuffle(self, seq: list) -> None:
        draw = self._draw
        seq[:] = sorted(seq, key=lambda _x: draw())
