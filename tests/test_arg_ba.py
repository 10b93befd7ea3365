"""Great Western Trail: Argentina: Buenos Aires and the job market (spec gwt_argentina.md §3.6,
§3.8.1, §3.12): the rulebook's worked examples with their numbers, the job market's setup,
the token moving down and its arrows, the end of the game, foresight placements.

The mixins are tested in a small rules class composed here, on hand-made data built with
the edition's data classes; the parts of other modules they call (discs, worker rows, the
cattle market, instant actions) are stood in for by small methods of that class."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from games.core.action import Action
from games.core.rng import Rng
from games.gwt.acts import ActsMixin
from games.gwt.decisions import FAMILY_KINDS
from games.gwt.model import Act
from games.gwt.rules import GWTFamilyRules
from games.gwt_argentina.buenos_aires import BuenosAiresMixin
from games.gwt_argentina.jobmarket import JobMarketMixin
from games.gwt_argentina.model import (
    Bonus,
    Card,
    City,
    Dock,
    JobMarket,
    Quarter,
    Row,
    Ship,
    Slot,
    Token,
)

WTYPES = ("gaucho", "carpintero", "maquinista", "granjero")


def money(n):
    return (Act("gain_money", {"amount": n}),)


# ---------------------------------------------------------------- hand-made data
class MiniData:
    """The parts of ArgentinaData the Buenos Aires and job-market code reads."""
    city = "BA"
    start_node = "start"
    loading_penalty = 2
    ships_drawn = 2

    def __init__(self):
        def card(cid, breed, bv, role="market"):
            return Card(cid, breed, "x", bv, 1, 0, role, 1)
        self.cards = {c.id: c for c in (
            card("niata", "niata", 1, "player"), card("patagonico", "patagonico", 2, "player"),
            card("chaqueno", "chaqueno", 3), card("serrano", "serrano", 3),
            card("caracu2", "caracu", 1), card("caracu3", "caracu", 1),
            card("exhaustion", "exhaustion", 0, "exhaustion"))}

        def ship(value, grain, dark=False, group=None, dock=None, acts=(), repeat=False, sun=True, vp=0):
            return Ship(f"s{value}", value, grain, vp, dark, sun, group, dock, acts, repeat)
        obj = (Act("gain_tile", {"kind": "objective"}),)
        self.ships = {s.id: s for s in (
            ship(0, 0, acts=money(2), repeat=True, vp=-2), ship(1, 0, group="yellow", dock="lh1"),
            ship(5, 1, group="yellow", dock="lh2"), ship(7, 2, group="yellow", dock="rot1", acts=obj),
            ship(8, 1, group="purple", dock="rot1", acts=obj), ship(9, 4, dark=True, group="purple", dock="liv1"),
            ship(11, 4, dark=True, group="turquoise", dock="liv1"), ship(18, 6, dark=True, repeat=True, vp=12),
            ship(4, 2, sun=False, vp=1), ship(12, 2, dark=True, sun=False, vp=5))}
        self.cities = (
            City("le_havre", "a", "Le Havre", "Гавр", (Dock("lh1", "I", 0, 0), Dock("lh2", "II", 1, 2)),
                 (Quarter("west", 1, (Bonus("lh_w1", money(3), 0),)),
                  Quarter("north", 3, (Bonus("lh_n1", money(5), 1),))), ()),
            City("rotterdam", "a", "Rotterdam", "Роттердам", (Dock("rot1", "I", 2, 0),),
                 (Quarter("west", 1, (Bonus("rot_w1", money(6), 1), Bonus("rot_w2", money(6), 0))),
                  Quarter("north", 2, (Bonus("rot_n1", (), 6), Bonus("rot_n2", (), 5), Bonus("rot_n3", (), 4))),
                  Quarter("east", 4, (Bonus("rot_e1", money(8), 4),)),
                  Quarter("south", 7, (Bonus("rot_s1", (), 9),))), ("rot_n1",)),
            City("liverpool", "a", "Liverpool", "Ливерпуль", (Dock("liv1", "I", 5, 0, dark=True),),
                 (Quarter("west", 1, (Bonus("liv_w1", money(6), 4),)),), ()),
        )
        toks = []
        for i in range(1, 40):
            toks.append(Token(f"b{i}", "B", "worker", WTYPES[i % 3], 1 if i % 5 == 0 else 0, None))
        for i, colour in enumerate(("green", "blue", "orange") * 4):
            toks.append(Token(f"a{i}", "A", "farmer", colour, 3 + i % 4, "green"))
        for i in range(6):
            toks.append(Token(f"cy{i}", "C", "farmer", "yellow", 5 + i % 3, "black"))
            toks.append(Token(f"cw{i}", "C", "worker", WTYPES[i % 3], i % 2, None))
        self.tokens = {t.id: t for t in toks}
        self.farmer_zones = {"green": ("g1", "g2", "g3", "g4"), "blue": ("u1", "u2", "u3", "u4"),
                             "orange": ("o1", "o2", "o3", "o4"), "yellow": tuple(f"y{i}" for i in range(1, 8))}
        costs = (6, 7, 6, 8, 5, 8, 6, 8, 9, 6, 4)
        after = {4: "sail:yellow", 5: "cattle", 6: "sail:turquoise", 7: "cattle", 8: "sail:purple", 10: "end"}
        self.job_market = JobMarket(tuple(Row(c, after.get(i)) for i, c in enumerate(costs)), start_row=2,
                                    first_column={2: 2, 3: 1, 4: 0}, columns=4, token_vp=2)
        self.worker_rows = {t: tuple(Slot(i, (), 0, 4 if i >= 4 else 0) for i in range(6)) for t in WTYPES}
        self.market_size = {2: 9, 3: 12, 4: 15}

    def is_cattle(self, c):
        x = self.cards.get(c)
        return x is not None and x.role != "exhaustion"

    def breed_of(self, c):
        x = self.cards.get(c)
        return x.breed if x else ""

    def dock(self, did):
        return next(d for c in self.cities for d in c.docks if d.id == did)

    def dock_city(self, did):
        return next(c.id for c in self.cities for d in c.docks if d.id == did)

    def bonus(self, bid):
        return next(b for c in self.cities for q in c.quarters for b in q.spaces if b.id == bid)

    def quarter_of(self, bid):
        return next((c.id, c.side, q.id) for c in self.cities for q in c.quarters for b in q.spaces if b.id == bid)


DARK = {"d1", "d2"}     # the dark-corner disc spaces of the mini player board


class Mini(BuenosAiresMixin, JobMarketMixin, GWTFamilyRules):
    """The two mixins on the family rules, the rest of the edition stood in for."""
    KINDS = {**FAMILY_KINDS, **BuenosAiresMixin.KINDS_BA}
    ACT_OPTIONS = {**ActsMixin.ACT_OPTIONS, **BuenosAiresMixin.ACT_OPTIONS_BA}
    ACT_RUN = {**ActsMixin.ACT_RUN, **BuenosAiresMixin.ACT_RUN_BA}
    PROMPT = "prompt.gwta."

    def __init__(self):
        super().__init__(MiniData())
        self.perm = 0
        self.lgrain = 0

    # the lead's
    def disc_sources(self, st, seat, dark_target):
        p = st.players[seat]
        white = [s for s in p["discs"] if s not in DARK]
        out = list(p["discs"]) if dark_target or not white else white
        return out or ["station:" + s for s in sorted(st.stations) if seat in st.stations[s]]

    def take_disc(self, st, seat, source, ev):
        p = st.players[seat]
        if source.startswith("station:"):
            st.stations[source[8:]].remove(seat)
        else:
            p["discs"].remove(source)
            p["removed"].append(source)

    def edition_ref_acts(self, st, ref):
        d = self.data
        if ref[0] == "bonus":
            return d.bonus(ref[1]).acts
        if ref[0] == "ship":
            return d.ships[ref[1]].acts
        return ()

    def push_acts(self, st, seat, ref, ev):
        acts = self.ref_acts(st, ref)
        if acts:
            st.pending.append({"k": "menu", "ref": ref, "left": list(range(len(acts)))})

    def cert_limit(self, p):
        return 4

    def tiles(self, st, kind):
        return st.obj_open, st.obj_stack

    def receive_tile(self, st, seat, kind, tile):
        st.players[seat]["discard"].append(tile)

    # the railroad's
    def perm_certs(self, p):
        return self.perm

    def loading_grain(self, p):
        return self.lgrain

    # the worker area's and the cattle market's
    def row_count(self, p, wtype):
        return len(p["rows"][wtype])

    def add_worker(self, st, seat, wtype, token, ev):
        st.players[seat]["rows"][wtype].append(token)

    def refill_market(self, st):
        drawn = []
        while len(st.cattle) + len(drawn) < self.data.market_size[st.n] and st.cattle_deck:
            drawn.append(st.cattle_deck.pop())
        st.cattle += drawn
        return drawn


def player():
    return {"deck": [], "hand": [], "discard": [], "workers": [], "money": 0, "tokens": 0, "certs": 0,
            "discs": ["w1", "w2", "w3", "d1", "d2"], "removed": [], "objectives": [], "node": "BA",
            "grain": 0, "rows": {t: ["printed"] for t in WTYPES}, "farmers": []}


def state(n=3, seed=1):
    d = MiniData()
    st = SimpleNamespace(
        n=n, rng=Rng(seed), players=[player() for _ in range(n)], current=0, phase="test", pending=[], final=[],
        turn=0, options={}, box=[], obj_open=["o1", "o2", "o3", "o4"], obj_stack=["o5", "o6"],
        farmers={}, farm_pesos={}, bags={b: [t.id for t in d.tokens.values() if t.bag == b] for b in "ABC"},
        foresight={b: [None, None] for b in "ABC"}, jm=[], jm_row=None, jm_holder=None,
        cattle=[], cattle_deck=["caracu2"] * 20, exhaustion=10,
        ships=sorted((s.id for s in d.ships.values() if s.sun), key=lambda s: d.ships[s].value),
        ship_stack=["s4", "s12"], ship_discs={s: [] for s in d.ships}, sailed=[],
        docks={"lh1": [], "lh2": [], "rot1": [], "liv1": []}, bonus={}, stations={"st1": []},
        city_sides={"le_havre": "a", "rotterdam": "a", "liverpool": "a"}, covered=[], events_due=[])
    return st


def act(r, st, seat, verb, *args):
    a = Action(seat, verb, tuple(str(x) for x in args))
    assert r.is_legal(st, a), (a, r._options(st, seat))
    return r.perform(st, a)


def opts(r, st, seat=0):
    """The options of the decision asked now (free actions such as exchange tokens left out)."""
    top = st.pending[-1]
    return [tuple(str(x) for x in o) for o in r._kinds[top["k"]].options(st, seat, top)]


@pytest.fixture
def r():
    return Mini()


# ---------------------------------------------------------------- the visit
def test_visit_pushes_the_six_steps_in_order(r):
    st = state()
    st.pending = []
    r.city_visit(st, 0, [])
    assert [e["k"] for e in reversed(st.pending)] == ["ba_delivery", "ba_income", "ba_load", "ba_foresight",
                                                      "ba_foresight", "ba_foresight"]
    assert [e["letter"] for e in reversed(st.pending) if e["k"] == "ba_foresight"] == ["A", "B", "C"]
    for e in st.pending:
        assert r._kinds[e["k"]].prompt == "prompt.gwta." + e["k"]


def test_rotterdam_special_delivery_example(r):
    """§3.6.1 [RB-ex]: 2 discs in Rotterdam, 3 grain: west (1 grain) gives 6 pesos now and
    1 VP at the end; north (2 grain) a 4-VP space; east and south cost more than 3."""
    st = state()
    p = st.players[0]
    p["grain"] = 3
    st.docks["rot1"] = [0, 0]
    st.pending = [{"k": "ba_delivery"}]
    spaces = {o[2] for o in opts(r, st) if o[0] == "deliver"}
    assert spaces == {"rot_w1", "rot_w2", "rot_n1", "rot_n2", "rot_n3"}
    st.covered = ["rot_n1"]                                         # under a direction token
    assert {o[2] for o in opts(r, st) if o[0] == "deliver"} == {"rot_w1", "rot_w2", "rot_n2", "rot_n3"}
    assert ("skip",) in opts(r, st)
    act(r, st, 0, "deliver", "rot1", "rot_w1")
    assert p["grain"] == 2 and st.docks["rot1"] == [0] and st.bonus == {"rot_w1": 0}
    act(r, st, 0, "do", 0)                                          # the space's reward
    assert p["money"] == 6 and r.data.bonus("rot_w1").vp == 1
    assert not st.pending

    st = state()
    p = st.players[0]
    p["grain"] = 3
    st.docks["rot1"] = [0, 0]
    st.pending = [{"k": "ba_delivery"}]
    act(r, st, 0, "deliver", "rot1", "rot_n3")
    assert p["grain"] == 1 and r.data.bonus("rot_n3").vp == 4 and not st.pending


def test_delivery_needs_a_dock_disc_a_free_space_and_grain(r):
    st = state()
    p = st.players[0]
    p["grain"] = 8
    st.pending = [{"k": "ba_delivery"}]
    assert opts(r, st) == [("skip",)]
    st.docks["lh2"] = [0]
    st.bonus["lh_w1"] = 1                                          # another seat's disc blocks it
    p["grain"] = 1                                                 # north 3 less dock II's 2
    assert {o[2] for o in opts(r, st) if o[0] == "deliver"} == {"lh_n1"}
    st.covered = ["lh_n1"]
    assert opts(r, st) == [("skip",)]
    act(r, st, 0, "skip")
    assert not st.pending and p["grain"] == 1


def test_special_delivery_act_of_building_6b(r):
    st = state()
    p = st.players[0]
    p["grain"] = 1
    st.docks["liv1"] = [0]
    a = Act("special_delivery", {})
    assert r.act_options(st, 0, a) == [("liv1", "liv_w1")]
    r.run(st, 0, a, ("liv1", "liv_w1"), [])
    assert st.bonus == {"liv_w1": 0} and p["grain"] == 0 and st.pending[-1]["ref"] == ["bonus", "liv_w1"]


def test_income_example(r):
    """§3.6.2 [RB-ex]: Patagónico, Patagónico, Chaqueño, Serrano = 2+3+3 = 8; 2 of 3
    certificates used: 10 pesos; exhaustion back to the pile, the hand discarded."""
    st = state()
    p = st.players[0]
    p["hand"] = ["patagonico", "patagonico", "chaqueno", "serrano", "exhaustion"]
    p["certs"] = 3
    st.pending = [{"k": "ba_load", "total": 0}, {"k": "ba_income"}]
    assert opts(r, st) == [("income", str(n)) for n in range(4)]
    assert r.hand_value(p) == 8
    ev = act(r, st, 0, "income", 2)
    assert p["money"] == 10 and p["certs"] == 1 and st.pending[-1] == {"k": "ba_load", "total": 10}
    assert p["hand"] == [] and sorted(p["discard"]) == ["chaqueno", "patagonico", "patagonico", "serrano"]
    assert st.exhaustion == 11
    e = next(x for x in ev if x.type == "gwta_income")
    assert e.args["total"] == 10 and e.args["value"] == 8


def test_income_with_a_permanent_certificate(r):
    """With one permanent-1 station master the base is 9."""
    st = state()
    r.perm = 1
    p = st.players[0]
    p["hand"] = ["patagonico", "patagonico", "chaqueno", "serrano"]
    st.pending = [{"k": "ba_load", "total": 0}, {"k": "ba_income"}]
    act(r, st, 0, "income", 0)
    assert p["money"] == 9 and st.pending[-1]["total"] == 9


def test_income_counts_breed_groups_once(r):
    st = state()
    p = st.players[0]
    p["hand"] = ["caracu2", "caracu3", "niata"]          # two card variants of one breed
    assert r.hand_value(p) == 2


def test_loading_example(r):
    """§3.6.3 [RB-ex]: total 10, grain 2: ship 9 needs 4 grain: loads 2, pays 4 pesos; ship 8
    takes only a white-corner disc; ship 11 is out of reach, and even with 11 refused once
    loaded."""
    st = state()
    p = st.players[0]
    p["grain"], p["money"] = 2, 10
    st.pending = [{"k": "ba_load", "total": 10}]
    o = opts(r, st)
    assert ("load", "s9", "d1") in o and ("load", "s9", "w1") in o
    assert ("load", "s8", "w1") in o and ("load", "s8", "d1") not in o
    assert not any(x[1] in ("s11", "s18") for x in o)
    act(r, st, 0, "load", "s9", "d1")
    assert p["grain"] == 0 and p["money"] == 6 and st.ship_discs["s9"] == [0] and "d1" in p["removed"]
    assert not st.pending

    st.ship_discs["s11"] = [0]
    st.pending = [{"k": "ba_load", "total": 11}]
    assert not any(x[1] == "s11" for x in opts(r, st))
    assert any(x[1] == "s9" for x in opts(r, st)) is False         # s9 holds a disc of seat 0 too


def test_loading_zero_ship_and_repeats(r):
    st = state()
    p = st.players[0]
    st.ship_discs["s0"] = [0]
    st.pending = [{"k": "ba_load", "total": 0}]
    assert {x[1] for x in opts(r, st)} == {"s0"}                   # always there, again and again
    act(r, st, 0, "load", "s0", "w2")
    act(r, st, 0, "do", 0)                                         # its loading action: 2 pesos
    assert p["money"] == 2 and st.ship_discs["s0"] == [0, 0] and not st.pending


def test_loading_grain_discount_and_penalty_paid_as_far_as_money_goes(r):
    st = state()
    p = st.players[0]
    r.lgrain = 1
    p["grain"], p["money"] = 1, 3
    st.pending = [{"k": "ba_load", "total": 18}]
    act(r, st, 0, "load", "s18", "d2")                             # 6 - 1 = 5 grain: 1 loaded, 4 missing
    assert p["grain"] == 0 and p["money"] == 0
    r.lgrain = 3
    p["grain"] = 2
    st.pending = [{"k": "ba_load", "total": 18}]
    act(r, st, 0, "load", "s5", "w1")                              # a discount never yields grain
    assert p["grain"] == 2


def test_loading_from_a_station_or_nothing(r):
    st = state()
    p = st.players[0]
    p["discs"] = []
    st.pending = [{"k": "ba_load", "total": 5}]
    assert opts(r, st) == [("skip",)]
    act(r, st, 0, "skip")
    st.stations["st1"] = [0]
    st.pending = [{"k": "ba_load", "total": 0}]
    assert opts(r, st) == [("load", "s0", "station:st1")]
    act(r, st, 0, "load", "s0", "station:st1")
    assert st.stations["st1"] == [] and st.ship_discs["s0"] == [0]


def test_loading_objective_ship(r):
    st = state()
    p = st.players[0]
    p["grain"] = 2
    st.pending = [{"k": "ba_load", "total": 7}]
    act(r, st, 0, "load", "s7", "w1")
    assert st.pending[-1]["ref"] == ["ship", "s7"]
    act(r, st, 0, "do", 0, "objective", 1)
    assert p["discard"] == ["o2"] and st.obj_open[1] == "o6"


# ---------------------------------------------------------------- setup
@pytest.mark.parametrize("n, workers", [(2, 5), (3, 8), (4, 11)])
def test_job_market_setup(r, n, workers):
    st = state(n)
    r.setup_job_market(st)
    first = {2: 2, 3: 1, 4: 0}[n]
    assert r.jm_workers(st) == workers and st.jm_row == 2
    for row in range(3):
        for col in range(4):
            filled = col >= first and not (row == 2 and col == 3)
            assert (st.jm[row][col] is not None) == filled
    assert all(t is None for row in st.jm[3:] for t in row)
    assert all(r.data.tokens[t].bag == "B" for row in st.jm for t in row if t)


def test_foresight_refill_and_empty_bag(r):
    st = state()
    st.bags["C"] = ["cy0"]
    ev = []
    r.refill_foresight(st, ev)
    assert all(t is not None for t in st.foresight["A"] + st.foresight["B"])
    assert st.foresight["C"] == ["cy0", None] and st.bags["C"] == []
    assert all(r.data.tokens[t].bag == b for b in "AB" for t in st.foresight[b])
    assert ev[0].type == "gwta_foresight_refill"


def test_setup_farmers(r):
    st = state()
    r.data.tokens["ag"] = Token("ag", "A", "farmer", "green", 4, "black")
    st.bags["A"] = ["a1", "ag", "a0", "a3", "a6", "a9"]            # drawn from the end: 4 greens first
    r.setup_farmers(st, 5)
    assert {n: st.farmers[n] for n in ("g1", "g2", "g3", "g4")} == {"g1": "a9", "g2": "a6", "g3": "a3", "g4": "a0"}
    assert len(st.farmers) == 5 and "ag" not in st.farmers.values()   # the 5th green went back
    assert st.bags["A"] == ["ag"] or st.farmers.get("u1") == "a1"


# ---------------------------------------------------------------- foresight
def test_foresight_farmer_to_its_zone_and_full_zone(r):
    st = state()
    st.farmers = {"g1": "a0", "g2": "a3"}
    st.foresight["A"] = ["a6", "a1"]
    st.pending = [{"k": "ba_foresight", "letter": "A"}]
    assert opts(r, st) == [("foresight", "0"), ("foresight", "1")]
    act(r, st, 0, "foresight", 0)                                   # green: lowest empty space
    assert st.farmers["g3"] == "a6" and st.foresight["A"] == [None, "a1"]
    st.farmers["g4"] = "a9"
    r.data.tokens["ag"] = Token("ag", "A", "farmer", "green", 4, "black")
    st.foresight["A"] = ["ag", None]
    st.pending = [{"k": "ba_foresight", "letter": "A"}]
    act(r, st, 0, "foresight", 0)                                   # zone full: out of the game
    assert "ag" in st.box and "ag" not in st.farmers.values()


def test_foresight_worker_fills_the_token_row_and_the_token_moves(r):
    st = state(3)
    r.setup_job_market(st)
    st.foresight["B"] = ["b1", "b2"]
    st.pending = [{"k": "ba_foresight", "letter": "B"}]
    act(r, st, 0, "foresight", 1)                                   # onto the token's space
    assert st.jm[2][3] == "b2" and st.jm_row == 3 and st.events_due == []
    st.foresight["B"] = ["b3", None]
    st.pending = [{"k": "ba_foresight", "letter": "B"}]
    act(r, st, 0, "foresight", 0)                                   # row 3 from the 3-player column
    assert st.jm[3][1] == "b3" and st.jm[3][0] is None


def test_blue_arrow_ships_sail_their_discs_to_the_docks(r):
    """§3.6.4 [RB-ex]: the token passes the blue arrow with the yellow ship icon: the discs
    of the 3 yellow ships go to their docks; 3 ships leave, 2 arrive."""
    st = state(3)
    r.setup_job_market(st)
    st.jm_row = 4
    st.jm[4] = [None, "b5", "b6", None]
    st.ship_discs["s5"] = [0, 1]
    st.ship_discs["s7"] = [2]
    st.ship_discs["s8"] = [1]
    st.foresight["C"] = ["cw0", None]
    st.pending = [{"k": "ba_foresight", "letter": "C"}]
    ev = act(r, st, 0, "foresight", 0)
    assert st.jm_row == 5 and st.events_due == []
    assert st.docks["lh2"] == [0, 1] and st.docks["rot1"] == [2] and st.docks["lh1"] == []
    assert st.sailed == ["s1", "s5", "s7"]
    assert st.ships == ["s0", "s4", "s8", "s9", "s11", "s12", "s18"]
    assert st.ship_discs["s8"] == [1] and st.ship_stack == []
    assert [e.type for e in ev if e.type in ("gwta_sail", "gwta_ships")] == ["gwta_sail", "gwta_ships"]
    assert st.players[0]["node"] == "start"                       # closing after action 6
    assert st.foresight["C"][0] is not None                        # refilled


def test_yellow_arrow_refills_the_cattle_market(r):
    st = state(2)
    r.setup_job_market(st)
    st.jm_row = 5
    st.jm[5] = [None, None, "b5", None]
    st.cattle = ["caracu3"] * 4
    st.foresight["B"] = ["b7", None]
    st.pending = [{"k": "ba_foresight", "letter": "B"}]
    ev = act(r, st, 0, "foresight", 0)
    assert st.jm_row == 6 and len(st.cattle) == 9
    assert any(e.type == "gwta_refill" and e.args["added"] == 5 for e in ev)


def end_ready(r, n=3):
    st = state(n)
    r.setup_job_market(st)
    st.jm_row = 10
    st.jm[10] = [None, "b20", "b21", None]
    return st


def test_end_trigger_in_action_5_no_worker_in_action_6(r):
    """§3.12: a worker onto the bottom row's token space in action 5: the token leaves along
    the red arrow to the active seat; in action 6 no worker may be picked (skipped when only
    workers are offered); every other seat then has one last turn."""
    st = end_ready(r)
    st.current = 1
    st.foresight["B"] = ["b1", "b2"]
    st.foresight["C"] = ["cw0", "cw1"]
    st.pending = [{"k": "ba_foresight", "letter": "C"}, {"k": "ba_foresight", "letter": "B"}]
    ev = act(r, st, 1, "foresight", 0)
    assert st.jm_row is None and st.jm_holder == 1 and st.final == [2, 0]
    assert r.game_ending(st) and any(e.type == "gwta_end_triggered" for e in ev)
    assert opts(r, st, 1) == [("skip",)]
    act(r, st, 1, "skip")
    assert st.foresight["C"] == ["cw0", "cw1"] and st.players[1]["node"] == "start"
    assert st.foresight["B"][0] is not None                        # refilled at the end of the turn


def test_after_the_end_a_farmer_may_still_be_picked(r):
    st = end_ready(r)
    st.foresight["B"] = ["b1", None]
    st.pending = [{"k": "ba_foresight", "letter": "B"}]
    act(r, st, 0, "foresight", 0)
    st.foresight["C"] = ["cw0", "cy1"]
    st.pending = [{"k": "ba_foresight", "letter": "C"}]
    assert opts(r, st) == [("foresight", "1")]
    act(r, st, 0, "foresight", 1)
    assert "cy1" in st.farmers.values() and st.jm_holder == 0


def test_end_trigger_through_the_family_turn(r):
    """The seat that took the token ends its turn; the others play once more, then over."""
    st = end_ready(r)
    st.phase = "play"
    st.current = 0
    for p in st.players:
        p["node"] = "start"
    r.end_trigger(st, 0, [])
    r.draw_to_limit = lambda *a, **k: None
    r.begin_turn = lambda st, seat: setattr(st, "current", seat) or st.pending.append({"k": "ba_delivery"})
    ev = []
    r.end_turn(st, ev)
    assert st.current == 1 and st.phase == "play"
    st.pending = []
    r.end_turn(st, ev)
    assert st.current == 2
    st.pending = []
    r.end_turn(st, ev)
    assert st.phase == "over"


# ---------------------------------------------------------------- hiring
def test_hire_cost_modifiers_stamina_and_the_token_row(r):
    """§3.8.1: cost = the row's + the icon's modifier + 1 with a stamina icon; never from the
    token's row; [RB-ex] a stamina gaucho from a row costing 6 with the +2 icon: 9 pesos."""
    st = state(4)
    st.jm = [[None] * 4 for _ in range(11)]
    st.jm_row = 2
    st.jm[0][0] = "b5"          # stamina gaucho? b5: WTYPES[5 % 3] = maquinista, stamina 1
    st.jm[1][1] = "b3"          # gaucho, no stamina, row cost 7
    st.jm[2][0] = "b6"          # the token's row
    p = st.players[0]
    p["money"] = 9
    plus2 = Act("hire_worker", {"modifier": 2})
    assert r.act_options(st, 0, plus2) == [("b5",), ("b3",)]
    assert r.hire_cost(st, 0, "b5", 2) == 9 and r.hire_cost(st, 1, "b3", 0) == 7
    assert r.hire_cost(st, 1, "b3", -4) == 3 and r.hire_cost(st, 10, "b3", -4) == 0
    p["money"] = 8
    assert r.act_options(st, 0, plus2) == []                        # 9 and 9
    assert r.act_options(st, 0, Act("hire_worker", {"modifier": 0})) == [("b5",), ("b3",)]
    r.run(st, 0, Act("hire_worker", {"modifier": -1}), ("b3",), [])
    assert p["money"] == 2 and st.jm[1][1] is None and p["rows"]["gaucho"] == ["printed", "b3"]


def test_hire_not_into_a_full_row(r):
    st = state(4)
    st.jm = [[None] * 4 for _ in range(11)]
    st.jm_row = 5
    st.jm[0][0] = "b3"
    p = st.players[0]
    p["money"] = 50
    p["rows"]["gaucho"] = ["printed", "x1", "x2", "x3", "x4", "x5"]
    assert r.act_options(st, 0, Act("hire_worker", {})) == []


# ---------------------------------------------------------------- docks
def test_disc_to_dock(r):
    st = state()
    white = Act("disc_to_dock", {"dock": "rot1"})
    anyd = Act("disc_to_dock", {"dock": "liv1"})
    assert r.act_options(st, 0, white) == [("w1",), ("w2",), ("w3",)]
    assert len(r.act_options(st, 0, anyd)) == 5
    r.run(st, 0, anyd, ("d1",), [])
    assert st.docks["liv1"] == [0] and "d1" in st.players[0]["removed"]


# ---------------------------------------------------------------- a whole visit
def test_whole_visit(r):
    st = state(3)
    r.setup_job_market(st)
    r.refill_foresight(st)
    p = st.players[0]
    p["hand"] = ["niata", "chaqueno", "serrano", "exhaustion"]
    p["grain"], p["certs"] = 1, 1
    st.pending = []
    r.city_visit(st, 0, [])
    act(r, st, 0, "skip")
    act(r, st, 0, "income", 1)                                      # 1 + 3 + 3 + 1 = 8
    assert p["money"] == 8
    assert all(int(r.data.ships[o[1]].value) <= 8 for o in opts(r, st) if o[0] == "load")
    act(r, st, 0, "load", "s5", "w1")
    for letter in "ABC":
        assert st.pending[-1] == {"k": "ba_foresight", "letter": letter}
        act(r, st, 0, *opts(r, st)[0])
    assert not st.pending and p["node"] == "start"
    assert all(None not in st.foresight[b] for b in "ABC")
    assert r.jm_workers(st) == 10                                   # B and C gave a worker each


def test_view_of_the_visit_decisions(r):
    st = state()
    p = st.players[0]
    p["hand"] = ["patagonico", "chaqueno"]
    p["certs"], p["grain"] = 2, 1
    r.perm = 1
    assert r.view_ba(st, 0, {"k": "ba_income"}) == {"permanent": 1, "certs": 2}   # the hand value: view_delivery
    v = r.view_ba(st, 0, {"k": "ba_load", "total": 5})
    assert v["total"] == 5 and {"ship": "s5", "value": 5, "need": 1, "open": True} in v["ships"]
    assert {"ship": "s7", "value": 7, "need": 2, "open": False} in v["ships"]
    st.foresight["B"] = ["b1", None]
    assert r.view_ba(st, 0, {"k": "ba_foresight", "letter": "B"}) == {
        "letter": "B", "tokens": ["b1", None], "workers_open": False}


# ---------------------------------------------------------------- on the real data
@pytest.fixture(scope="module")
def real():
    from games.gwt_argentina.rules import ArgentinaRules
    return ArgentinaRules()


def real_game(real, n=3, seed=3):
    from games.core.contract import Config, Seat
    st = real.setup(Config([Seat(f"p{i}") for i in range(n)], seed=seed))
    st.current = 0
    st.pending = []
    return st


@pytest.mark.parametrize("n, workers", [(2, 5), (3, 8), (4, 11)])
def test_real_setup(real, n, workers):
    st = real_game(real, n)
    d = real.data
    assert real.jm_workers(st) == workers and st.jm_row == d.job_market.start_row == 2
    assert all(d.tokens[t].bag == "B" and d.tokens[t].kind == "worker" for row in st.jm for t in row if t)
    assert all(d.tokens[t].bag == b for b in "ABC" for t in st.foresight[b])
    assert len(st.farmers) == 5 and st.jm_holder is None and not real.game_ending(st)


def test_real_rotterdam_delivery(real):
    """§3.6.1 [RB-ex] on the data: 3 grain, discs in Rotterdam: west (1 grain) 6 pesos + 1 VP,
    north (2 grain) a 4-VP space, not east (4) nor south (7)."""
    st = real_game(real, 4)
    p = st.players[0]
    p["grain"], money = 3, p["money"]
    st.docks["rotterdam_1"] = [0, 0]
    st.pending = [{"k": "ba_delivery"}]
    spaces = {o[2] for o in opts(real, st) if o[0] == "deliver" and o[1] == "rotterdam_1"}
    assert {"rotterdam_a_west1", "rotterdam_a_north3"} <= spaces
    assert not any("east" in s or "south" in s for s in spaces)
    assert real.data.bonus("rotterdam_a_north3").vp == 4 and real.data.bonus("rotterdam_a_west1").vp == 1
    act(real, st, 0, "deliver", "rotterdam_1", "rotterdam_a_west1")
    act(real, st, 0, "do", 0)
    assert p["money"] == money + 6 and p["grain"] == 2 and st.docks["rotterdam_1"] == [0]
    assert st.bonus["rotterdam_a_west1"] == 0


def test_real_income_loading_example(real):
    """§3.6.2-3 [RB-ex] on the data: 2+3+3 = 8, 2 certificates: 10; grain 2: ship 9 (4 grain)
    loads 2 and costs 4 pesos; ship 8 takes a white-corner disc only; ship 11 refused once
    loaded."""
    st = real_game(real, 3)
    d = real.data
    p = st.players[0]
    p["hand"] = ["patagonico", "patagonico", "chaqueno", "serrano"]
    p["certs"], p["grain"], p["money"] = 3, 2, 0
    real.city_visit(st, 0, [])
    act(real, st, 0, "skip")
    act(real, st, 0, "income", 2)
    assert p["money"] == 10 and st.pending[-1]["total"] == 10
    o = opts(real, st)
    assert {x[1] for x in o} == {s for s in st.ships if d.ships[s].value <= 10}
    assert all(not d.disc(x[2]).dark for x in o if x[1] == "sun8")
    dark = next(x[2] for x in o if x[1] == "sun9" and d.disc(x[2]).dark)
    act(real, st, 0, "load", "sun9", dark)
    assert p["grain"] == 0 and p["money"] == 6 and st.ship_discs["sun9"] == [0]
    assert st.pending[-1] == {"k": "ba_foresight", "letter": "A"}
    st.ship_discs["sun11"] = [0]
    assert not any(x[1] == "sun11" for x in real.load_options(st, 0, 11))


def test_real_zero_ship(real):
    st = real_game(real, 3)
    p = st.players[0]
    money = p["money"]
    st.pending = [{"k": "ba_load", "total": 0}]
    src = opts(real, st)[0]
    assert src[1] == "sun0"
    act(real, st, 0, *src)
    act(real, st, 0, "do", 0)
    assert p["money"] == money + 2 and real.data.ships["sun0"].vp == -2


def test_real_yellow_ships_sail(real):
    """§3.6.4 [RB-ex]: the 5-ship's disc goes to Le Havre; 3 yellow ships leave, 2 arrive."""
    st = real_game(real, 3)
    st.ship_discs["sun5"] = [0]
    st.ship_discs["sun7"] = [1, 0]
    st.ship_discs["sun8"] = [2]
    before = list(st.ships)
    ev = []
    real.sail(st, "yellow", ev)
    assert st.sailed == ["sun1", "sun5", "sun7"]
    assert st.docks["le_havre_2"] == [0] and st.docks["rotterdam_1"] == [1, 0]
    assert len(st.ships) == len(before) - 1 and st.ship_discs["sun8"] == [2]
    assert [real.data.ships[s].value for s in st.ships] == sorted(real.data.ships[s].value for s in st.ships)


def test_real_end_of_game(real):
    """A worker onto the last row's token space in action 5: the token to the active seat,
    no worker in action 6; the other seats play once more, then the game is over."""
    st = real_game(real, 3)
    d = real.data
    last = len(d.job_market.rows) - 1
    st.jm_row = last
    st.jm[last] = [None, "x", "y", None]
    workers = [t.id for t in d.tokens.values() if t.kind == "worker" and t.bag == "C"]
    st.foresight["B"] = workers[:2]
    st.foresight["C"] = workers[2:4]
    st.pending = [{"k": "ba_foresight", "letter": "C"}, {"k": "ba_foresight", "letter": "B"}]
    act(real, st, 0, "foresight", 0)
    assert st.jm_holder == 0 and st.final == [1, 2] and st.jm_row is None
    assert opts(real, st) == [("skip",)]
    act(real, st, 0, "skip")
    assert st.current == 1 and st.phase == "play" and st.players[0]["node"] == d.start_node


def test_real_hire_acts(real):
    """The data's hire icons (-4, -1, 0, +2) go through the job market: the row's cost, the
    modifier, +1 for stamina; never from the token's row."""
    st = real_game(real, 4)
    d = real.data
    mods = sorted({a.get("modifier") for n in d.neutrals for a in n.actions if a.name == "hire_worker"}
                  | {a.get("modifier") for bt in d.building_types for side in bt.sides.values()
                     for a in side[2] if a.name == "hire_worker"})
    assert mods == [-4, -1, 0, 2]
    p = st.players[0]
    p["money"] = 100
    plain = next(a for n in d.neutrals for a in n.actions if a.name == "hire_worker" and a.get("modifier") == 0)
    offered = {o[0] for o in real.act_options(st, 0, plain)}
    assert offered == {t for r, row in enumerate(st.jm) if r != st.jm_row for t in row if t}
    token = st.jm[1][0]
    cost = d.job_market.rows[1].cost + d.tokens[token].stamina
    real.run(st, 0, plain, (token,), [])
    assert p["money"] == 100 - cost and st.jm[1][0] is None and token in p["rows"][d.tokens[token].type]
