"""Playing a seeded match by its bots for the bot tests: every move checked legal first."""
from games.core.match import Match


def play_checked(m: Match, plies: int | None = None, invariants_every: int = 0) -> Match:
    """Play `m` by its bots to the end (or `plies` actions), asserting each move is legal and,
    every `invariants_every` actions, the rules' invariants."""
    rules = m.rules
    while not m.is_over() and (plies is None or m.ply < plies):
        seat = m.to_act()[0]
        a = m.bot_action(seat)
        assert rules.is_legal(m.state, a), a
        m.apply(a)
        if invariants_every and m.ply % invariants_every == 0:
            rules.check_invariants(m.state)
    return m


class StepClock:
    """A stand-in for a search's `time` module: each look at the clock is 10 ms later, so a
    seconds budget is tested without the wall clock."""
    def __init__(self):
        self.now = 0.0

    def perf_counter(self):
        self.now += 0.01
        return self.now
