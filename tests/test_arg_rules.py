"""GWT Argentina: the composed rules (games/gwt_argentina/rules.py) on the real data, with the
rulebook's numbers (spec gwt_argentina.md §2-§3): setup per player count, the first turn,
movement and fees, phase B, private buildings, auxiliary actions, objective cards, discs,
compulsory menus, the score pad, determinism and saves. Positions are set up by hand on a
state dealt by `setup` (the state is a plain dataclass)."""
from __future__ import annotations

import json

import pytest

from games.core.action import Action
from games.core.contract import Config, Seat
from games.core.errors import SaveError
from games.gwt.model import Act
from games.gwt_argentina.rules import ArgentinaRules

R = ArgentinaRules()
D = R.data


def game(n=3, seed=1, **options):
    return R.setup(Config([Seat(f"p{i}") for i in range(n)], seed=seed, options=options))


def texts(st):
    return [" ".join((a.verb, *a.args)) for a in R.legal_actions(st)]


def act(st, verb, *args):
    a = Action(st.current, verb, tuple(str(x) for x in args))
    assert R.is_legal(st, a), (a.text, texts(st))
    return R.perform(st, a)


def opts(st):
    """The options of the decision asked now, free actions left out."""
    top = st.pending[-1]
    return [" ".join(str(x) for x in o) for o in R._kinds[top["k"]].options(st, st.current, top)]


def clear_trail(st):
    """No farmer on the trail, no building: the tokens go to the box."""
    st.token_box += list(st.farmers.values())
    st.farmers.clear()
    st.built.clear()


def farmer(st, hand, node, colour=None):
    """A farmer token with a `hand` fee (and of `colour`) from a bag onto `node`."""
    for bag in st.bags.values():
        for t in bag:
            if D.tokens[t].kind == "farmer" and D.tokens[t].hand == hand and colour in (None, D.tokens[t].type):
                bag.remove(t)
                st.farmers[node] = t
                return t
    raise AssertionError(hand)


def workers(st, seat, kind, k):
    """k workers of `kind` from the bags and the job market into the seat's row (granjeros
    are farmer tokens invested in their row)."""
    p = st.players[seat]
    for bag in list(st.bags.values()) + st.jm:
        for t in list(bag):
            if t and k and (D.tokens[t].kind == "farmer" if kind == "granjero"
                            else D.tokens[t].kind == "worker" and D.tokens[t].type == kind):
                bag[bag.index(t)] = None if bag in st.jm else t
                if bag not in st.jm:
                    bag.remove(t)
                p["rows"][kind].append(t)
                k -= 1
    assert k == 0


def at_move(st, seat, node, money=None):
    st.current = seat
    p = st.players[seat]
    p["node"] = node
    if money is not None:
        p["money"] = money
    st.pending = [{"k": "move", "max": R.step_limit(p), "extra": 0}]
    return p


# ================================================================ setup (§2)
@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup_per_player_count(n):
    st = game(n, seed=n)
    money, cards, workers_jm, market, step = {2: ((7, 8), (4, 5), 5, 9, 3), 3: ((7, 8, 9), (4, 5, 6), 8, 12, 4),
                                              4: ((7, 8, 9, 10), (4, 5, 6, 7), 11, 15, 5)}[n]
    assert tuple(p["money"] for p in st.players) == money
    assert tuple(len(p["hand"]) for p in st.players) == cards
    assert all(p["tokens"] == 1 and p["loco"] == "0" and p["node"] is None for p in st.players)
    assert all(p["step_base"] == step and R.step_limit(p) == step for p in st.players)
    assert all(R.hand_limit(p) == 4 and R.cert_limit(p) == 4 for p in st.players)
    # 5 farmers from bag A, each zone filled from its lowest space
    assert len(st.farmers) == 5 and all(D.tokens[t].bag == "A" for t in st.farmers.values())
    for zone in D.farmer_zones.values():
        held = [x in st.farmers for x in zone]
        assert held == sorted(held, reverse=True), zone
    assert all(D.tokens[t].type == c for c, zone in D.farmer_zones.items() for x in zone
               if (t := st.farmers.get(x)))
    assert R.jm_workers(st) == workers_jm
    assert len(st.cattle) == market
    order = [D.market_order.index(D.cards[c].colour) for c in st.cattle]
    assert order == sorted(order)
    assert len(st.obj_open) == 4 and None not in st.obj_open
    assert len(st.ships) == 11 and all(D.ships[s].sun for s in st.ships)
    assert [D.ships[s].value for s in st.ships] == sorted(D.ships[s].value for s in st.ships)
    assert st.docks["le_havre_1"] == list(range(n))          # the 18th disc of each seat
    assert all(len(p["discs"]) == 17 and not p["removed"] for p in st.players)
    covered = {2: ("le_havre", "rotterdam", "liverpool"), 3: ("rotterdam",), 4: ()}[n]
    assert sorted(st.covered) == sorted(b for c in covered for b in R.city_of(st, c).centre)
    assert len(st.covered) == 2 * len(covered)
    assert st.pending[-1]["k"] == ("trim" if len(st.players[0]["hand"]) > 4 else "start")
    R.check_invariants(st)


def test_second_seat_trims_first():
    st = game(2)
    R.begin_turn(st, 1)
    assert [e["k"] for e in st.pending] == ["start", "trim"]
    assert all(t.startswith("discard ") for t in texts(st))     # no exchange token here


def test_option_neutral_layout_random_keeps_all_letters():
    fixed = game(3, seed=4).neutral_at
    assert [fixed[x] for x in D.neutral_spaces] == list("ABCDEFGH")
    layouts = [game(3, seed=s, neutral_layout="random").neutral_at for s in range(4)]
    assert all(sorted(x.values()) == list("ABCDEFGH") and set(x) == set(D.neutral_spaces) for x in layouts)
    assert any(x != fixed for x in layouts)


def test_option_building_sides_one_side_per_number_for_every_seat():
    assert all(p["buildings"] == [f"{i}a" for i in range(1, 11)] for p in game(3).players)
    seen = set()
    for seed in range(4):
        st = game(4, seed=seed, building_sides="random")
        tiles = st.players[0]["buildings"]
        assert [int(t[:-1]) for t in tiles] == list(range(1, 11)) and set(t[-1] for t in tiles) <= {"a", "b"}
        assert all(p["buildings"] == tiles for p in st.players)
        seen |= {t[-1] for t in tiles}
    assert seen == {"a", "b"}


def test_option_city_sides():
    assert set(game(3).city_sides.values()) == {"a"}
    sides = [game(2, seed=s, city_sides="random").city_sides for s in range(6)]
    assert all(set(x) == set(D.city_order) and set(x.values()) <= {"a", "b"} for x in sides)
    assert any("b" in x.values() for x in sides)
    st = next(game(2, seed=s, city_sides="random") for s in range(6) if "b" in sides[s].values())
    assert sorted(st.covered) == sorted(b for c in D.city_order for b in R.city_of(st, c).centre)


# ================================================================ the first turn (§2.3)
def test_first_turn_trim_start_phase_b_and_draw_up():
    st = game(2, seed=2)
    p0 = st.players[0]
    assert st.pending == [{"k": "start"}] and sorted(opts(st)) == [f"start {x}" for x in D.neutral_spaces]
    act(st, "start", "nB")
    assert p0["node"] == "nB" and st.pending[-1] == {"k": "act", "node": "nB", "tile": True}
    assert "use" in opts(st) and "aux 1" in opts(st)
    p0["discard"] += [p0["hand"].pop(), p0["hand"].pop()]     # as if two were discarded
    act(st, "aux", 1)
    assert p0["money"] == 8 and len(p0["hand"]) == 4             # phase C drew up to the limit
    assert st.current == 1
    p1 = st.players[1]
    assert len(p1["hand"]) == 5 and st.pending[-1]["k"] == "trim"
    act(st, "discard", p1["hand"][0])
    assert len(p1["hand"]) == 4 and st.pending == [{"k": "start"}]
    act(st, "start", "nH")
    assert p1["node"] == "nH" and st.pending[-1]["k"] == "act"
    R.check_invariants(st)


# ================================================================ movement and fees (§3.4)
def test_step_limit_empty_spaces_and_the_city_stops_a_move():
    st = game(3)
    clear_trail(st)
    p = at_move(st, 0, "nB")
    dests = R.destinations(st, 0, 4)
    assert set(dests) == {"nC", "nD", "nE", "nF"} and dests["nC"].steps == 1 and dests["nF"].steps == 4
    assert "move nF" in opts(st) and "move nG" not in opts(st)
    at_move(st, 0, "ye3")
    p["loco"] = "0"
    dests = R.destinations(st, 0, 4)
    assert set(dests) == {"nH", "ba"} and dests["ba"].steps == 2     # not on to A past the city
    act(st, "move", "ba")
    assert p["node"] == "ba" and st.pending[-1]["k"].startswith("ba")


@pytest.mark.parametrize("n, green, black", [(2, 2, 1), (3, 2, 1), (4, 1, 1)])
def test_fees_by_hand_colour(n, green, black):
    st = game(n)
    clear_trail(st)
    fg = farmer(st, "green", "bl1")
    fb = farmer(st, "black", "bl2")
    p = at_move(st, 0, "nB", money=10)
    st.farmers.pop("bl2")
    st.bags["A"].append(fb)
    act(st, "move", "bl1")
    assert p["money"] == 10 - green and st.farm_pesos["bl1"] == green
    st.farmers.pop("bl1")
    st.bags["A"].append(fg)
    st.farmers["bl2"] = fb
    at_move(st, 0, "nB", money=10)
    act(st, "move", "bl2")
    assert p["money"] == 10 - black and st.farm_pesos["bl2"] == black


def test_building_fees_to_the_owner_none_for_own_or_neutral():
    st = game(3)
    clear_trail(st)
    st.built["g3"] = {"type": 7, "side": "a", "owner": 1}    # green hand
    st.built["g4"] = {"type": 1, "side": "a", "owner": 0}    # black hand, own
    st.built["p2"] = {"type": 2, "side": "a", "owner": 2}    # no hand
    fee = R.fee_at(st, 0)
    assert [fee(x) for x in ("g3", "g4", "p2", "nC")] == [2, 0, 0, 0]
    assert R.fee_at(st, 1)("g3") == 0 and R.fee_at(st, 1)("g4") == 1
    p = at_move(st, 0, "nB", money=5)
    m1, m2 = st.players[1]["money"], st.players[2]["money"]
    act(st, "move", "p2")                  # through g3 and g4 onto p2
    assert p["money"] == 3 and st.players[1]["money"] == m1 + 2 and st.players[2]["money"] == m2
    assert st.pending[-1] == {"k": "act", "node": "p2", "tile": False}


def test_lenient_rule_pays_what_it_can_in_order_never_afterwards():
    st = game(3)
    clear_trail(st)
    farmer(st, "black", "bl1")
    farmer(st, "green", "bl2")
    p = at_move(st, 0, "nB", money=2)
    act(st, "move", "bl2")
    assert p["money"] == 0 and st.farm_pesos["bl1"] == 1 and st.farm_pesos["bl2"] == 1
    act(st, "aux", 1)                                   # a peso gained on the tile
    assert p["money"] == 1 and st.farm_pesos["bl2"] == 1
    p = at_move(st, 1, "nB", money=1)
    st.farm_pesos.update(bl1=0, bl2=0)
    st.farmers["bl1"], st.farmers["bl2"] = st.farmers["bl2"], st.farmers["bl1"]   # green first
    act(st, "move", "bl2")
    assert p["money"] == 0 and st.farm_pesos["bl1"] == 1 and st.farm_pesos["bl2"] == 0


def test_the_cheapest_branch_is_taken():
    """From B to C: the upper branch passes another seat's green-hand building (2), the lower
    a black-hand farmer (1); both 2 steps: the move goes the lower way."""
    st = game(3)
    clear_trail(st)
    st.built["g3"] = {"type": 7, "side": "a", "owner": 1}
    farmer(st, "black", "bl1")
    p = at_move(st, 0, "nB", money=5)
    dest = R.destinations(st, 0, 4)["nC"]
    assert dest.steps == 2 and dest.fee == 1 and "bl1" in dest.path
    m1 = st.players[1]["money"]
    act(st, "move", "nC")
    assert p["money"] == 4 and st.farm_pesos["bl1"] == 1 and st.players[1]["money"] == m1


def test_shortcut_h_yellow_farmer_ramp_6():
    """[RB-ex] from H, 2 steps: a yellow farmer tile, then the ramp of railroad space 6,
    then straight to Buenos Aires; the ramp is open once the seat's locomotive reached 6."""
    st = game(3)
    clear_trail(st)
    farmer(st, "black", "ye4", "yellow")
    p = at_move(st, 0, "nH", money=5)
    p["loco"] = "5"
    assert "r6" not in R.destinations(st, 0, 2)
    for loco in ("6", "8", "b7", "depot"):
        p["loco"] = loco
        dests = R.destinations(st, 0, 2)
        assert dests["r6"].steps == 2 and dests["r6"].path[-2:] == ("ye4", "r6"), loco
    p["loco"] = "6"
    assert "r9" not in R.destinations(st, 0, 2)               # ramp 9: the locomotive is at 6
    act(st, "move", "r6")
    assert p["node"] == "ba" and st.pending[-1]["k"].startswith("ba") and p["money"] == 4
    assert st.farm_pesos["ye4"] == 1
    assert not R.loco_passed({"loco": "8"}, 9) and R.loco_passed({"loco": "depot"}, 23)


# ================================================================ phase B (§3.5)
def test_phase_b_neutral_actions_each_once_or_one_auxiliary():
    st = game(3)
    p = at_move(st, 0, "nC", money=20)
    st.pending = []
    R.arrive(st, 0, [])
    assert st.pending[-1] == {"k": "act", "node": "nC", "tile": True}
    assert "use" in opts(st) and any(o.startswith("aux ") for o in opts(st))
    act(st, "use")
    top = st.pending[-1]
    n_acts = len(R.ref_acts(st, top["ref"]))
    assert top["k"] == "menu" and top["left"] == list(range(n_acts))
    assert not any(o.startswith("aux") for o in opts(st))           # no auxiliary once in
    tile = st.obj_open[1]
    act(st, "do", 2, "objective", 1)                   # C's third action: an objective card
    assert st.pending[-1] is top and top["left"] == [0, 1]
    assert tile in p["discard"]                        # taken to the discard pile (§3.8.5)
    assert not any(o.startswith("do 2") for o in opts(st)) and opts(st)[-1] == "end"
    act(st, "do", 1)                                   # its auxiliary action, then back
    assert st.pending[-1]["k"] == "aux"
    act(st, "aux", 1)
    assert st.pending[-1] is top and top["left"] == [0]
    assert p["node"] == "nC"


def test_phase_b_another_seats_building_and_a_farmer_tile():
    st = game(3)
    clear_trail(st)
    st.built["g3"] = {"type": 3, "side": "a", "owner": 1}
    at_move(st, 0, "nB", money=20)
    act(st, "move", "g3")
    assert st.pending[-1]["tile"] is False
    assert opts(st) and all(o.startswith("aux ") for o in opts(st))
    assert {o.split()[1] for o in opts(st)} == {"1", "2"}
    farmer(st, "green", "bl1")
    at_move(st, 0, "nB", money=20)
    act(st, "move", "bl1")
    assert st.pending[-1] == {"k": "farmer", "node": "bl1"}
    assert opts(st)[-1] == "end" and all(o == "help" or o.startswith("aux ") for o in opts(st)[:-1])


def test_extra_action_of_a_building_space_for_the_owner_only():
    st = game(3)
    clear_trail(st)
    st.built["x1"] = {"type": 2, "side": "a", "owner": 0}
    acts = R.ref_acts(st, ["node", "x1"])
    assert acts[-len(D.extra_actions["x1"]):] == D.extra_actions["x1"]
    assert len(acts) == len(D.btype(2).sides["a"][2]) + len(D.extra_actions["x1"])
    at_move(st, 0, "bl4")
    act(st, "move", "x1")
    assert st.pending[-1]["tile"] is True and "use" in opts(st)
    at_move(st, 1, "bl4")
    act(st, "move", "x1")
    assert st.pending[-1]["tile"] is False and "use" not in opts(st)


# ================================================================ private buildings (§3.8.2)
BUILD = Act("place_building", {})


def build_opts(st, seat, a=BUILD):
    return [tuple(str(x) for x in o) for o in R.act_options(st, seat, a)]


def test_two_carpintero_building_needs_two_and_costs_four():
    st = game(3)
    clear_trail(st)
    p = st.players[0]
    p["money"] = 4
    assert not any(o[1] == "3a" for o in build_opts(st, 0))        # 1 carpintero (printed)
    workers(st, 0, "carpintero", 1)
    assert ("place", "3a", "g1") in build_opts(st, 0)
    p["money"] = 3
    assert not any(o[1] == "3a" for o in build_opts(st, 0))
    p["money"] = 4
    R.run(st, 0, BUILD, ("place", "3a", "g1"), [])
    assert p["money"] == 0 and st.built["g1"] == {"type": 3, "side": "a", "owner": 0}
    assert "3a" not in p["buildings"]


def test_replacement_difference_three_needs_three_and_costs_six():
    st = game(3)
    clear_trail(st)
    p = st.players[0]
    p["buildings"].remove("3a")
    st.built["g1"] = {"type": 3, "side": "a", "owner": 0}
    workers(st, 0, "carpintero", 1)
    p["money"] = 6
    assert ("up", "8a", "g1") not in build_opts(st, 0)               # 2 carpinteros
    workers(st, 0, "carpintero", 1)
    assert ("up", "8a", "g1") in build_opts(st, 0)
    assert not any(o[0] == "place" and o[1] == "8a" for o in build_opts(st, 0))   # 8 needs 5
    p["money"] = 5
    assert ("up", "8a", "g1") not in build_opts(st, 0)
    p["money"] = 6
    R.run(st, 0, BUILD, ("up", "8a", "g1"), [])
    assert p["money"] == 0 and st.built["g1"]["type"] == 8
    assert "3a" not in p["buildings"] and "8a" not in p["buildings"]      # the old tile left the game


def test_only_a_higher_tile_replaces():
    st = game(3)
    clear_trail(st)
    p = st.players[0]
    p["buildings"].remove("4a")
    st.built["g1"] = {"type": 4, "side": "a", "owner": 0}
    workers(st, 0, "carpintero", 2)
    p["money"] = 50
    ups = {o[1] for o in build_opts(st, 0) if o[0] == "up"}
    assert "3a" not in ups and "2a" not in ups and {"5a", "6a", "7a"} <= ups


def test_carpintero_row_right_instant_one_peso_per_carpintero():
    st = game(3)
    clear_trail(st)
    a = D.worker_rows["carpintero"][5].acts[0]
    assert a.name == "place_building" and a.get("per_carpintero") == 1
    p = st.players[0]
    workers(st, 0, "carpintero", 2)
    p["money"] = 3
    assert ("place", "5a", "g1") in build_opts(st, 0, a)
    R.run(st, 0, a, ("place", "5a", "g1"), [])
    assert p["money"] == 0


def test_replacing_the_building_stood_on_keeps_its_old_actions():
    st = game(3)
    clear_trail(st)
    p = st.players[0]
    p["buildings"].remove("3a")
    st.built["g1"] = {"type": 3, "side": "a", "owner": 0}
    workers(st, 0, "carpintero", 3)
    p["money"] = 30
    at_move(st, 0, "nA")
    act(st, "move", "g1")
    act(st, "use")
    old = R.ref_acts(st, st.pending[-1]["ref"])
    R.run(st, 0, BUILD, ("up", "8a", "g1"), [])
    assert st.built["g1"]["type"] == 8
    assert R.ref_acts(st, st.pending[-1]["ref"]) == old != R.ref_acts(st, ["node", "g1"])


# ================================================================ auxiliary actions (§3.8.7)
def aux_numbers(st, seat=0, double=False):
    return sorted({(o[0], o[1]) for o in R.aux_options(st, seat, [], double)})


def test_aux_one_and_two_open_at_start_others_after_one_disc():
    st = game(3)
    p = st.players[0]
    p["money"], p["grain"] = 10, 3
    assert aux_numbers(st) == [("aux", 1), ("aux", 2)]
    for disc in ("aux3a", "aux4b", "aux5a"):
        R.uncover_disc(p, disc)
    assert {n for _, n in aux_numbers(st)} == {1, 2, 3, 4, 5}
    R.uncover_disc(p, "aux6b")
    p["loco"] = "4"
    assert {n for _, n in aux_numbers(st)} == {1, 2, 3, 4, 5, 6}


def test_double_only_where_the_icon_allows_and_both_discs_are_gone():
    st = game(3)
    p = st.players[0]
    p["money"], p["grain"] = 10, 3
    R.uncover_disc(p, "aux1")
    assert ("auxd", 1) in aux_numbers(st, double=True) and ("auxd", 1) not in aux_numbers(st)
    R.uncover_disc(p, "aux3a")
    assert ("auxd", 3) not in aux_numbers(st, double=True)
    R.uncover_disc(p, "aux3b")
    assert ("auxd", 3) in aux_numbers(st, double=True)
    st.current = 0
    st.pending = [{"k": "aux", "used": [], "left": 1, "double": True}]
    certs = p["certs"]
    act(st, "auxd", 3)
    assert p["grain"] == 1 and p["money"] == 12 and p["certs"] == certs + 2


def test_double_needs_both_discs_not_only_the_right_one():
    st = game(3)
    p = st.players[0]
    p["grain"] = 3
    R.uncover_disc(p, "aux3b")
    assert ("aux", 3) in aux_numbers(st, double=True)
    assert ("auxd", 3) not in aux_numbers(st, double=True)


def test_spend_grain_single():
    st = game(3)
    p = st.players[0]
    R.uncover_disc(p, "aux3a")
    p["grain"], p["money"], p["certs"] = 0, 5, 0
    assert ("aux", 3) not in aux_numbers(st)                    # no grain
    p["grain"] = 1
    st.current = 0
    st.pending = [{"k": "aux", "used": [], "left": 1}]
    act(st, "aux", 3)
    assert (p["grain"], p["money"], p["certs"]) == (0, 6, 1)


def test_aux_six_train_back_draw_then_remove():
    st = game(3)
    p = st.players[0]
    R.uncover_disc(p, "aux6a")
    p["loco"] = "5"
    p["hand"], p["deck"] = ["niata", "patagonico"], ["caracu3", "serrano", "blanco"]
    p["discard"] = []
    at_move(st, 0, "nA")
    st.pending.append({"k": "aux", "used": [], "left": 1})
    assert {o for o in opts(st) if o.startswith("aux 6")} == {"aux 6 4", "aux 6 b4"}
    act(st, "aux", 6, 4)
    assert p["loco"] == "4" and len(p["hand"]) == 3 and st.pending[-1] == {"k": "removen", "left": 1}
    drawn = p["hand"][-1]
    act(st, "remove", drawn)
    assert sorted(p["hand"]) == ["niata", "patagonico"] and drawn in st.box
    R.uncover_disc(p, "aux6b")
    st.pending.append({"k": "aux", "used": [], "left": 1, "double": True})
    assert "auxd 6 2" in opts(st) and "aux 6 3" in opts(st)
    act(st, "auxd", 6, 2)
    assert p["loco"] == "2" and len(p["hand"]) == 4 and st.pending[-1] == {"k": "removen", "left": 2}
    act(st, "remove", "niata")
    act(st, "remove", "patagonico")
    assert len(p["hand"]) == 2 and {"niata", "patagonico"} <= set(st.box)


@pytest.mark.parametrize("tile, per", [("1a", "grain_buildings"), ("1b", "grain_buildings"), ("2b", "granjeros"),
                                       ("4b", "farmers"), ("5b", "worker_sets"), ("H", "granjeros")])
def test_gain_per_counts(tile, per):
    st = game(3)
    clear_trail(st)
    p = st.players[0]
    if tile == "H":
        a = next(x for nt in D.neutrals if nt.id == "H" for x in nt.actions if x.name == "gain_per")
    else:
        a = next(x for x in D.btype(int(tile[:-1])).sides[tile[-1]][2] if x.name == "gain_per")
    assert a.get("per") == per
    st.built.update({"g1": {"type": 1, "side": "a", "owner": 0}, "g2": {"type": 2, "side": "a", "owner": 0},
                     "p1": {"type": 3, "side": "a", "owner": 0}, "g3": {"type": 4, "side": "a", "owner": 1}})
    workers(st, 0, "granjero", 2)                        # 3 granjeros with the printed one
    for k in ("gaucho", "carpintero"):
        workers(st, 0, k, 1)                             # 2 complete sets? maquinista has 1
    p["farmers"] = [t for b in st.bags.values() for t in b if D.tokens[t].kind == "farmer"][:5]
    for b in st.bags.values():
        b[:] = [t for t in b if t not in p["farmers"]]
    count = {"grain_buildings": 2, "granjeros": 3, "farmers": 5, "worker_sets": 1}[per]
    assert R.per_count(st, 0, per) == count
    p["money"], p["grain"], p["certs"] = 0, 0, 0
    R.run(st, 0, a, (), [])
    times = count // (a.get("every") or 1)
    got = {"money": p["money"], "grain": p["grain"], "certificates": p["certs"]}
    key = next(k for k in ("money", "grain", "certificates") if a.get(k) is not None)
    assert got[key] == a.get(key) * times and times >= 1


def test_others_take_exhaustion():
    st = game(3)
    a = next(x for x in D.btype(7).sides["b"][2] if x.name == "others_take_exhaustion")
    pile = st.exhaustion
    R.run(st, 1, a, (), [])
    assert [p["discard"].count("exhaustion") for p in st.players] == [1, 0, 1] and st.exhaustion == pile - 2


def test_discard_a_pair_for_money():
    st = game(3)
    p = st.players[0]
    a = Act("discard_cattle_for_money", {"pair": True, "money": 5})
    p["hand"] = ["caracu3", "caracu3", "chaqueno", "niata"]
    pairs = R.act_options(st, 0, a)
    assert ("caracu3", "caracu3") in pairs and not any("niata" in x for x in pairs)
    money = p["money"]
    R.run(st, 0, a, ("caracu3", "caracu3"), [])
    assert p["money"] == money + 5 and p["hand"] == ["chaqueno", "niata"]


def test_remove_exhaustion_or_one_auxiliary_action_h():
    st = game(3)
    a = next(x for nt in D.neutrals if nt.id == "H" for x in nt.actions if x.name == "remove_exhaustion")
    p = st.players[0]
    p["hand"] = ["niata", "exhaustion"]
    st.exhaustion -= 1
    assert R.act_options(st, 0, a) == [("exhaustion",), ("aux",)]
    R.run(st, 0, a, ("exhaustion",), [])
    assert "exhaustion" not in p["hand"]
    st.current = 0
    st.pending = []
    R.run(st, 0, a, ("aux",), [])
    assert st.pending[-1] == {"k": "aux", "used": [], "left": 1}
    R.check_invariants(st)


# ================================================================ objective cards (§3.8.5)
def test_objectives_played_only_between_location_actions():
    st = game(3)
    p = at_move(st, 0, "nC")
    p["hand"] = ["o01", "niata"]
    assert "play o01" in texts(st) and "play niata" not in texts(st)     # before moving
    act(st, "move", "nD")
    assert "play o01" in texts(st)                                       # choosing at the location
    act(st, "use")
    assert "play o01" in texts(st)                                       # between its actions
    st.pending.append({"k": "menu", "ref": ["slot", "gaucho", 5], "left": [0, 1]})
    assert "play o01" not in texts(st)                                   # inside an instant
    st.pending[-1] = {"k": "aux", "used": [], "left": 1}
    assert "play o01" not in texts(st)                                   # inside an action's steps
    st.pending.pop()
    certs = p["certs"]
    act(st, "play", "o01")
    assert p["objectives"] == ["o01"] and p["hand"] == ["niata"]
    menu = st.pending[-1]
    assert menu["ref"] == ["objective", "o01"] and "must" not in menu
    assert opts(st) == ["do 0", "end"]                                   # the instant may be forgone
    act(st, "end")
    assert p["certs"] == certs and st.pending[-1]["ref"] == ["node", "nD"]


def test_an_objective_drawn_by_the_last_action_may_be_played_before_phase_c():
    st = game(3)
    p = at_move(st, 0, "nC")
    p["hand"], p["deck"] = ["niata", "patagonico", "serrano", "blanco"], ["caracu3", "o01"]
    act(st, "move", "nD")
    act(st, "aux", 2)                                   # the single auxiliary action: draw 1
    act(st, "discard", "niata")
    assert st.current == 0 and "play o01" in texts(st) and st.pending[-1]["k"] == "wrapup"
    act(st, "end")                                      # phase C: the hand is refilled
    assert st.current == 1 and len(st.players[0]["hand"]) == 4


def example_position(west=2):
    """§3.13 row 8 [RB-ex]: cards #6, #7 and #18 (3 VP each, -2 each unmet); 3 own
    buildings, a yellow, a blue and a green farmer beside the board, a Caracu in the deck,
    `west` discs in west quarters."""
    st = game(3)
    clear_trail(st)
    p = st.players[0]
    p["objectives"] = ["o06", "o07", "o18"]
    p["deck"], p["hand"], p["discard"] = ["caracu3", "niata"], ["patagonico"], []
    for node in ("g1", "g2", "g3"):
        st.built[node] = {"type": 1, "side": "a", "owner": 0}
    p["farmers"] = []
    for colour in ("yellow", "blue", "green"):
        t = next(t for b in st.bags.values() for t in b if D.tokens[t].type == colour and D.tokens[t].kind == "farmer")
        for b in st.bags.values():
            if t in b:
                b.remove(t)
        p["farmers"].append(t)
    for b in ("le_havre_a_west1", "rotterdam_a_west1")[:west]:
        st.bonus[b] = 0
    return st


def test_objective_scoring_worked_example():
    assert [(D.objective_card(c).vp, D.objective_card(c).penalty) for c in ("o06", "o07", "o18")] == [(3, 2)] * 3
    assert R.score_breakdown(example_position(2), 0)["category.gwta.objectives"] == 9
    assert R.score_breakdown(example_position(1), 0)["category.gwta.objectives"] == 4


def test_each_task_item_counts_once():
    st = example_position(2)
    del st.built["g3"]                  # #7 needs 2 buildings, #18 one more: one card fails
    assert R.score_breakdown(st, 0)["category.gwta.objectives"] == 4


def test_cards_left_in_the_deck_count_only_when_they_help():
    st = example_position(2)
    p = st.players[0]
    p["deck"].append("o02")             # east quarter + a building: not met, no penalty
    assert R.score_breakdown(st, 0)["category.gwta.objectives"] == 9
    st.bonus["liverpool_a_east1"] = 0
    st.built["g4"] = {"type": 1, "side": "a", "owner": 0}
    assert R.score_breakdown(st, 0)["category.gwta.objectives"] == 9 + D.objective_card("o02").vp


def test_exchange_token_draw_one_or_two_then_discard_as_many():
    st = game(3)
    p = at_move(st, 0, "nA")
    p["tokens"] = 2
    assert {"token 1", "token 2"} <= set(texts(st))
    hand = len(p["hand"])
    act(st, "token", 2)
    assert p["tokens"] == 1 and len(p["hand"]) == hand + 2 and st.pending[-1] == {"k": "discardn", "left": 2}
    assert not any(t.startswith("token") for t in texts(st))
    act(st, "discard", p["hand"][0])
    act(st, "discard", p["hand"][0])
    assert len(p["hand"]) == hand and st.pending[-1]["k"] == "move"
    act(st, "token", 1)
    assert p["tokens"] == 0 and len(p["hand"]) == hand + 1
    act(st, "discard", p["hand"][0])
    assert not any(t.startswith("token") for t in texts(st))


def test_no_exchange_token_while_the_hand_is_revealed():
    st = game(3)
    clear_trail(st)
    farmer(st, "green", "bl1")
    p = at_move(st, 0, "nB", money=10)
    p["hand"] = ["niata", "patagonico", "serrano", "blanco"]
    act(st, "move", "bl1")
    assert "token 1" in texts(st)
    act(st, "help")
    act(st, "reveal", "serrano")
    assert st.pending[-1].get("revealed") and not any(t.startswith("token") for t in texts(st))


# ================================================================ discs (§3.10)
def test_disc_sources_corners_conditions_and_the_station_fallback():
    st = game(3)
    p = st.players[0]
    p["money"] = 0
    dark = R.disc_sources(st, 0, True)
    assert set(dark) == set(p["discs"]) - {"step2", "hand2"}                # pay 3 / pay 2
    assert set(R.disc_sources(st, 0, False)) == {x for x in dark if not D.disc(x).black}
    p["money"] = 2
    assert "hand2" in R.disc_sources(st, 0, True) and "step2" not in R.disc_sources(st, 0, True)
    p["money"] = 3
    assert {"hand2", "step2"} <= set(R.disc_sources(st, 0, True))
    for x in [x for x in p["discs"] if not D.disc(x).black]:
        R.uncover_disc(p, x)
    assert set(R.disc_sources(st, 0, False)) == set(p["discs"])            # dark when no white is left
    for x in [x for x in p["discs"] if x not in ("step2", "hand2")]:
        R.uncover_disc(p, x)
    p["money"] = 1
    assert R.disc_sources(st, 0, True) == []
    st.stations["st7"].append(0)
    st.stations["st13"].append(0)
    assert R.disc_sources(st, 0, False) == ["station:st13", "station:st7"]
    R.take_disc(st, 0, "station:st7", [])
    assert st.stations["st7"] == [] and sorted(p["discs"]) == ["hand2", "step2"] and p["money"] == 1


def test_removal_pays_and_abilities():
    st = game(3)                                     # step limit 4 at 3 players
    p = st.players[0]
    p["money"] = 10
    R.take_disc(st, 0, "step2", [])
    assert p["money"] == 7 and R.step_limit(p) == 5
    R.take_disc(st, 0, "step1", [])
    assert R.step_limit(p) == 7
    R.take_disc(st, 0, "hand2", [])
    assert p["money"] == 5 and R.hand_limit(p) == 5
    R.take_disc(st, 0, "hand1", [])
    assert R.hand_limit(p) == 6
    R.take_disc(st, 0, "cert", [])
    assert R.cert_limit(p) == 6
    R.take_disc(st, 0, "stamina2", [])
    assert p["money"] == 8 and R.stamina_on_board(p) == 2
    R.take_disc(st, 0, "stamina1", [])
    assert R.stamina_on_board(p) == 3
    assert R.disc_vp(p) == 2 and R.score_breakdown(st, 0)["category.gwta.step_disc"] == 2


# ================================================================ compulsory menus
def test_a_ships_objective_card_cannot_be_forgone_while_one_can_be_taken():
    st = game(3)
    p = st.players[0]
    st.current = 0
    st.pending = [{"k": "move", "max": 4, "extra": 0}]
    R.push_acts(st, 0, ["ship", "sun6"], [])
    assert st.pending[-1]["must"] and "end" not in opts(st) and opts(st)
    tile = st.obj_open[0]
    act(st, "do", 0, "objective", 0)
    assert tile in p["discard"] and st.pending[-1]["k"] == "move"
    st.obj_open = [None] * 4
    st.obj_box += st.obj_stack
    st.obj_stack = []
    R.push_acts(st, 0, ["ship", "sun7"], [])
    assert opts(st) == ["end"]
    act(st, "end")
    assert st.pending[-1]["k"] == "move"


# ================================================================ the score pad (§3.13)
def test_score_pad_all_twelve_rows():
    st = game(3)
    clear_trail(st)
    p = st.players[0]
    R.uncover_disc(p, "step2")                                          # row 11: 2
    p["money"] = 17                                                     # row 1: 17 // 5 = 3
    st.built.update({"g1": {"type": 3, "side": "a", "owner": 0},        # row 2: 3 + 9
                     "g2": {"type": 9, "side": "b", "owner": 0},
                     "g3": {"type": 5, "side": "a", "owner": 1}})
    st.ship_discs["sun18"] = [0, 1]                                     # row 3: 12 - 2 - 2
    st.ship_discs["sun0"] = [0, 0]
    st.ship_discs["stack12"] = [0]                                      # not in the loading area
    st.bonus["rotterdam_a_north3"] = 0                                  # row 4: 4 + 8 (+ Le Havre I: 0)
    st.docks["liverpool_2"] = [0]
    st.stations["st7"] = [0]                                            # row 5: 2 + 5
    st.stations["st19"] = [0, 1]
    p["farmers"] = [t for t in st.bags["A"] if D.tokens[t].kind == "farmer"][:2]   # row 6: 2 x 2
    st.bags["A"] = [t for t in st.bags["A"] if t not in p["farmers"]]
    p["deck"], p["hand"] = ["caracu3", "angus7", "niata", "exhaustion"], ["serrano"]  # row 7: 3+7+0-2+2
    p["discard"] = ["o02"]                                              # deck card, unmet: 0
    st.exhaustion -= 1
    p["objectives"] = ["o07", "o05"]                                    # row 8: 3 (met) - 2 (unmet)
    p["masters"] = ["sm4", "sm6"]                                       # row 9: 3 per 2 stations, 1 per farmer
    workers(st, 0, "gaucho", 5)                                         # row 10: 5th and 6th: 4 + 4
    st.jm_holder = 0                                                    # row 12: 2
    got = R.score_breakdown(st, 0)
    assert list(got) == list(R.CATEGORIES)
    assert list(got.values()) == [3, 12, 8, 12, 7, 4, 10, 1, 5, 8, 2, 2]
    assert R.score_breakdown(st, 1)["category.gwta.ships"] == 12 and R.score_breakdown(st, 1)["category.gwta.jm_token"] == 0


# ================================================================ determinism and saves
def random_play(st, steps, seed):
    import random
    rnd = random.Random(seed)
    for _ in range(steps):
        if R.is_over(st):
            break
        actions = R.legal_actions(st)
        R.apply(st, actions[rnd.randrange(len(actions))])
    return st


def dumped(st):
    return json.dumps(R.to_json(st), sort_keys=True)


def test_same_seed_same_game():
    a = random_play(game(3, seed=11), 400, 5)
    b = random_play(game(3, seed=11), 400, 5)
    assert dumped(a) == dumped(b)
    assert dumped(random_play(game(3, seed=12), 400, 5)) != dumped(a)


def test_json_round_trip_mid_game_plays_on_identically():
    st = random_play(game(4, seed=7), 250, 3)
    assert not R.is_over(st)
    back = R.from_json(json.loads(json.dumps(R.to_json(st))))
    from dataclasses import fields
    names = [f.name for f in fields(st) if f.name != "rng"]
    assert [getattr(back, x) for x in names] == [getattr(st, x) for x in names]
    assert back.rng.state == st.rng.state and dumped(back) == dumped(st)
    R.check_invariants(back)
    assert dumped(random_play(back, 300, 9)) == dumped(random_play(st, 300, 9))


def test_a_damaged_state_is_refused():
    good = R.to_json(random_play(game(2, seed=3), 60, 1))
    state = dict(good["state"])
    del state["rng"]
    for bad in ({**good, "version": 99}, {"version": good["version"]}, [], {**good, "state": state},
                {**good, "state": None}):
        with pytest.raises(SaveError):
            R.from_json(bad)


def test_a_damaged_save_file_is_refused(tmp_path):
    from games.core import saves
    from games.core.match import Match
    m = Match(R, Config([Seat(f"b{i}", "bot:easy") for i in range(3)], seed=4))
    while m.ply < 80:
        m.apply(m.bot_action(m.to_act()[0]))
    path = tmp_path / "arg.json"
    saves.write(path, m)
    assert dumped(saves.load(path, expect_game="gwt_argentina").state) == dumped(m.state)
    doc = json.loads(path.read_text())

    def damaged(change):
        d = json.loads(json.dumps(doc))
        change(d)
        d["checksum"] = saves.checksum(d)
        bad = tmp_path / "bad.json"
        bad.write_text(json.dumps(d))
        with pytest.raises(SaveError) as e:
            saves.load(bad)
        return str(e.value)

    def richer(d):
        d["snapshot"]["state"]["players"][0]["money"] += 1

    def reordered(d):
        d["actions"][5], d["actions"][6] = d["actions"][6], d["actions"][5]
    assert "does not match" in damaged(richer)
    damaged(reordered)
    path.write_text(path.read_text()[:-40])
    with pytest.raises(SaveError):
        saves.load(path)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_simulate_from_the_command_line(n, capsys):
    import main
    assert main.main(["simulate", "gwt_argentina", "--players", str(n), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "gwt_argentina" and out["players"] == n and len(out["scores"]) == n
    assert all(list(b) == list(R.CATEGORIES) for b in out["breakdown"])
    assert [sum(b.values()) for b in out["breakdown"]] == out["scores"]


def test_refill_draws_what_the_pile_holds_and_reshuffles_only_when_a_card_is_needed():
    """§3.7 [RB-ex]: hand limit 5, 3 cards left, 2 in the draw pile: she draws both; the
    discard pile is shuffled in only for a card she still needs."""
    st = game(3)
    p = at_move(st, 0, "nC")
    R.uncover_disc(p, "hand1")
    assert R.hand_limit(p) == 5
    p["hand"], p["deck"], p["discard"] = ["niata", "patagonico", "serrano"], ["blanco", "chaqueno"], []
    R.draw_to_limit(st, p, [], 0)
    assert sorted(p["hand"]) == sorted(["niata", "patagonico", "serrano", "blanco", "chaqueno"])
    assert p["deck"] == [] and p["discard"] == []
    p["hand"].pop()
    p["discard"] = ["caracu3", "angus5"]
    R.draw_to_limit(st, p, [], 0)          # now a card is needed: the discard pile is shuffled in
    assert len(p["hand"]) == 5 and len(p["deck"]) == 1 and p["discard"] == []
