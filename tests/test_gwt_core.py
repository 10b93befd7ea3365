"""Great Western Trail: El Paso, the data-independent parts: the best assignment of
items to objectives (each item counts once; greedy is not enough) and trail movement."""
from games.gwt_el_paso.objectives import Objective, best_assignment, slot_of_kind
from games.gwt_el_paso.trail import destinations, path_length


def cattle(breed):
    return {"kind": "cattle", "breed": breed}


def building(bid):
    return {"kind": "building", "id": bid}


def test_each_item_counts_for_one_objective_only():
    # the spec's example: two objectives both needing a Corriente need two Corrientes
    a = Objective("a", 5, (slot_of_kind("cattle", breed="corriente"),))
    b = Objective("b", 4, (slot_of_kind("cattle", breed="corriente"),))
    assert best_assignment([a, b], [cattle("corriente")]) == (5, ["a"])
    assert best_assignment([a, b], [cattle("corriente"), cattle("corriente")]) == (9, ["a", "b"])


def test_best_subset_beats_greedy():
    # Greedy takes the 6-VP objective first and blocks the two others (3 + 4 = 7 > 6).
    big = Objective("big", 6, (slot_of_kind("cattle", breed=("angus", "corriente")),
                               slot_of_kind("building")))
    x = Objective("x", 3, (slot_of_kind("cattle", breed="angus"),))
    y = Objective("y", 4, (slot_of_kind("building"),))
    items = [cattle("angus"), building("b1")]
    assert best_assignment([big, x, y], items) == (7, ["x", "y"])


def test_matching_needs_augmenting_paths():
    # slot 1 fits items A or B, slot 2 fits only A: a naive first-fit gives A to slot 1
    s1 = slot_of_kind("cattle", breed=("angus", "corriente"))
    s2 = slot_of_kind("cattle", breed="angus")
    o = Objective("o", 5, (s1, s2))
    assert best_assignment([o], [cattle("angus"), cattle("corriente")]) == (5, ["o"])
    assert best_assignment([o], [cattle("angus")]) == (0, [])


def test_partial_objectives_score_nothing():
    o = Objective("o", 8, (slot_of_kind("building"), slot_of_kind("building")))
    assert best_assignment([o], [building("b1")]) == (0, [])


# A small trail: start -> n1 -> (fork) a1 -> a2 -> join ; b1 -> join ; join -> e (empty) -> ep
TRAIL = {
    "start": ["n1"], "n1": ["a1", "b1"], "a1": ["a2"], "a2": ["join"], "b1": ["join"],
    "join": ["e"], "e": ["ep"], "ep": ["start"],
}
LOC = {"n1", "a1", "a2", "b1", "join", "ep", "start"}


def is_loc(n):
    return n in LOC


def test_steps_forks_and_empty_spaces():
    d = destinations(TRAIL, "start", 3, is_loc, "ep")
    assert {k: v.steps for k, v in d.items()} == {"n1": 1, "a1": 2, "b1": 2, "a2": 3, "join": 3}
    d = destinations(TRAIL, "start", 4, is_loc, "ep")
    assert d["join"].steps == 3 and d["join"].path == ("n1", "b1", "join")
    assert d["ep"].steps == 4  # the empty space costs nothing


def test_el_paso_stops_every_move():
    d = destinations(TRAIL, "join", 4, is_loc, "ep")
    assert set(d) == {"ep"} and d["ep"].path == ("e", "ep")


def test_at_least_one_step_and_never_beyond_the_limit():
    d = destinations(TRAIL, "start", 1, is_loc, "ep")
    assert set(d) == {"n1"}
    d = destinations(TRAIL, "ep", 3, is_loc, "ep")  # leaving El Paso round the loop
    assert {k: v.steps for k, v in d.items()} == {"start": 1, "n1": 2, "a1": 3, "b1": 3}


def test_shortest_path_for_the_automa():
    assert path_length(TRAIL, "start", "join", is_loc) == 3
    assert path_length(TRAIL, "start", "ep", is_loc) == 4
    assert path_length(TRAIL, "start", "nowhere", is_loc) is None
