"""Paired rollouts (games/core/rollouts.py) on a toy game whose values are known: one
decision, then a coin the world deals; the guide's move stays unless another is better
beyond the noise."""
import threading

import pytest

from games.core.rng import Rng
from games.core.rollouts import paired_search
from games.core.search import Budget, Knowledge, SearchCancelled


class Toy:
    """Seat 0 picks a move worth `worth[move]`; the world adds a coin of +-`luck` that every
    move shares (a re-deal), so only a paired comparison sees small differences."""

    def __init__(self, worth, luck=5.0, noise=0.0):
        self.worth, self.luck, self.noise = worth, luck, noise
        self.redeals = 0

    def randomize_hidden(self, st, seat, rng):
        self.redeals += 1
        return {"coin": self.luck * (1 if rng.below(2) else -1), "move": None, "rng": Rng(rng.next_u64())}

    def clone(self, st):
        return {**st, "rng": st["rng"].clone()}

    def perform(self, st, a):
        st["move"] = a

    def is_over(self, st):
        return st["move"] is not None

    def value(self, st):
        for _ in range(len(st["move"])):  # the move's own luck: a draw of its own
            r = st["rng"].random()
        jitter = self.noise * (r - 0.5)
        return self.worth[st["move"]] + st["coin"] + jitter


class ToyKnowledge(Knowledge):
    default_iterations = 60

    def outcome(self, rules, st):
        v = rules.value(st)
        return [v, -v]


def test_a_better_move_beats_the_guides_through_the_luck_of_the_deal():
    rules = Toy({"guide": 0.0, "better": 0.5, "worse": -0.5})
    adv = paired_search(rules, {}, 0, ToyKnowledge(), ["guide", "worse", "better"],
                        Budget(iterations=60), Rng(3))
    assert adv.best == "better"
    assert adv.iterations == 60 and [m for m, _, _ in adv.moves][1:] == ["guide", "worse"]
    worlds = {m: w for m, w, _ in adv.moves}
    # the worse move is dropped after a few worlds; its playouts went to the others
    assert worlds["worse"] == 4 and worlds["guide"] == worlds["better"] == 28


def test_the_guides_move_stays_unless_beaten_beyond_the_noise():
    rules = Toy({"guide": 0.0, "same": 0.0, "barely": 0.01}, noise=4.0)
    adv = paired_search(rules, {}, 0, ToyKnowledge(), ["guide", "same", "barely"],
                        Budget(iterations=30), Rng(5))
    assert adv.best == "guide"


def test_reproducible_and_the_state_is_left_alone():
    rules = Toy({"guide": 0.0, "b": 0.2}, noise=1.0)
    st = {"coin": 0, "move": None, "rng": Rng(1)}
    a = paired_search(rules, st, 0, ToyKnowledge(), ["guide", "b"], Budget(iterations=40), Rng(7))
    b = paired_search(rules, st, 0, ToyKnowledge(), ["guide", "b"], Budget(iterations=40), Rng(7))
    assert a.moves == b.moves and st["move"] is None


def test_a_single_candidate_needs_no_playout_and_a_cancel_stops_it():
    rules = Toy({"only": 0.0, "b": 1.0})
    adv = paired_search(rules, {}, 0, ToyKnowledge(), ["only"], Budget(iterations=40), Rng(1))
    assert adv.best == "only" and adv.iterations == 0 and rules.redeals == 0
    stop = threading.Event()
    stop.set()
    with pytest.raises(SearchCancelled):
        paired_search(rules, {}, 0, ToyKnowledge(), ["only", "b"], Budget(iterations=40, cancel=stop), Rng(1))


def test_a_time_budget_plays_whole_worlds_only():
    rules = Toy({"a": 0.0, "b": 1.0})
    adv = paired_search(rules, {}, 0, ToyKnowledge(), ["a", "b"], Budget(seconds=0.01), Rng(1))
    assert adv.iterations >= 4 and adv.iterations % 2 == 0 and adv.best == "b"


def test_no_time_left_keeps_the_guides_move_and_counts_no_partial_world():
    rules = Toy({"a": 0.0, "b": 1.0})
    adv = paired_search(rules, {}, 0, ToyKnowledge(), ["a", "b"], Budget(seconds=0.0), Rng(1))
    assert adv.best == "a" and adv.iterations == 0


def test_focus_gives_the_rest_of_the_worlds_to_the_guide_and_its_best_challenger():
    rules = Toy({"guide": 0.0, "near": -0.05, "best": 0.3, "next": 0.1}, noise=2.0)
    moves = ["guide", "near", "best", "next"]
    plain = paired_search(rules, {}, 0, ToyKnowledge(), moves, Budget(iterations=200), Rng(11))
    focused = paired_search(rules, {}, 0, ToyKnowledge(), moves, Budget(iterations=200), Rng(11),
                            focus=0.25)
    worlds = {m: w for m, w, _ in focused.moves}
    # after a quarter of the budget only two moves go on, so the contest gets more worlds
    assert worlds["guide"] == worlds["best"] > max(worlds["near"], worlds["next"])
    assert worlds["near"] * 4 <= 200 and worlds["next"] * 4 <= 200
    assert worlds["best"] > {m: w for m, w, _ in plain.moves}["best"]
    assert focused.best == "best" and focused.iterations <= 200


def test_focus_works_on_a_time_budget_too():
    rules = Toy({"guide": 0.0, "near": -0.05, "best": 0.3, "next": 0.1}, noise=2.0)
    adv = paired_search(rules, {}, 0, ToyKnowledge(), ["guide", "near", "best", "next"],
                        Budget(seconds=0.05), Rng(11), focus=0.0)
    worlds = {m: w for m, w, _ in adv.moves}
    # focused from the first check on: the two others stop after the first few worlds
    assert worlds["guide"] == worlds["best"] > 4 and worlds["near"] <= 4 and worlds["next"] <= 4
