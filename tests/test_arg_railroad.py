"""Great Western Trail: Argentina, the railroad (spec §3.8.4): moving the locomotive past
occupied spaces and into bypasses, backward moves, the end of the track and the depot,
station upgrades with the disc corner rule, station masters, the maquinista row's
instant, shortcuts and the station scores.

The mixin is tested on a small rules class composed here (RailroadMixin + the methods it
calls on the other parts, stubbed) over a hand-made railroad."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from games.core.events import Event
from games.gwt.model import Act
from games.gwt_argentina.model import Master, Railroad, Station
from games.gwt_argentina.railroad import DEPOT, RailroadMixin

WORKERS = ("gaucho", "carpintero", "maquinista", "granjero")

# A railroad of 32 spaces: bypasses after 4 (master space), 10 (dark corner), 23 and 27
# (master space); the last station on 31, repeatable.
RAIL = Railroad(last=31, start=0, depot_exit=24, stations=(
    Station("s4", 4, "b4", cost=2, vp=3, dark=False, master=True, repeat=False),
    Station("s10", 10, "b10", cost=3, vp=4, dark=True, master=False, repeat=False),
    Station("s23", 23, "b23", cost=4, vp=5, dark=False, master=False, repeat=False),
    Station("s27", 27, "b27", cost=5, vp=6, dark=False, master=True, repeat=False),
    Station("s31", 31, None, cost=6, vp=7, dark=False, master=False, repeat=True),
))
MASTERS = {
    "m_pesos": Master("m_pesos", (Act("gain_money", {"amount": 2}),), 0, 0, "stations", 2, 3),
    "m_cert": Master("m_cert", (), 1, 0, "farmers", 1, 1),
    "m_grain": Master("m_grain", (), 0, 1, "ships", 2, 3),
}
DISCS = {"w1": False, "w2": False, "d1": True, "d2": True}   # disc space -> dark corner


class Tiny(RailroadMixin):
    """The railroad mixin with the other parts' methods it calls, stubbed."""

    def __init__(self):
        self.data = SimpleNamespace(railroad=RAIL, worker_ids=WORKERS, master=MASTERS.__getitem__)
        self.pushed: list = []
        self.asked: list = []

    def row_count(self, p, t):
        return len(p["rows"][t])

    def take_row_worker(self, st, seat, t):
        return st.players[seat]["rows"][t].pop()

    def disc_sources(self, st, seat, dark_target):
        """As the board's rule: white-corner discs anywhere, dark ones only on a dark
        target unless no white one is left; else a disc taken back from a station."""
        self.asked.append((dark_target, st.players[seat]["money"]))
        covered = st.players[seat]["discs"]
        white = [x for x in covered if not DISCS[x]]
        out = covered if dark_target or not white else white
        return list(out) or [f"station:{s}" for s in sorted(st.stations) if seat in st.stations[s]]

    def take_disc(self, st, seat, source, ev):
        if source.startswith("station:"):
            st.stations[source[8:]].remove(seat)
        else:
            st.players[seat]["discs"].remove(source)

    def push_acts(self, st, seat, ref, ev):
        self.pushed.append(ref)
        st.pending.append({"k": "menu", "ref": ref})


def player(loco="0", money=20, maq=1, hired=()):
    rows = {t: ["printed"] for t in WORKERS}
    rows["maquinista"] += [f"mq{i}" for i in range(maq - 1)]
    for t, tok in hired:
        rows[t].append(tok)
    return {"loco": loco, "money": money, "rows": rows, "masters": [], "discs": list(DISCS)}


def state(*players, masters=None):
    return SimpleNamespace(players=list(players), pending=[], stations={s.id: [] for s in RAIL.stations},
                           masters=dict(masters or {"s4": "m_pesos", "s27": "m_cert"}), master_workers={})


def move(n=None, **kw):
    return Act("move_train", {"steps": n} if n is not None else {"per_maquinista": True}, kw.get("cost", 0))


def back(n):
    return Act("train_back", {"steps": n})


def opts(r, st, seat, a):
    p = st.players[seat]
    fn = {"move_train": r.opt_move_train, "train_back": r.opt_train_back,
          "upgrade_station_behind": r.opt_upgrade_behind}[a.name]
    return [o[0] for o in fn(st, seat, p, a, p["money"] - a.cost)]


def run(r, st, seat, a, arg):
    p = st.players[seat]
    ev: list[Event] = []
    assert arg in opts(r, st, seat, a)
    p["money"] -= a.cost
    {"move_train": r.run_move_train, "train_back": r.run_train_back,
     "upgrade_station_behind": r.run_upgrade_behind}[a.name](st, seat, p, a, (arg,), ev)
    return ev


def answer(r, st, seat, verb, *args):
    """Take one option of the station decision on top, as the rules' perform does."""
    top = st.pending[-1]
    assert top["k"] == "station"
    assert (verb, *args) in r.options_station(st, seat, top)
    pop, method = r.KINDS_RAIL["station"].handlers[verb]
    if pop:
        st.pending.pop()
    ev: list[Event] = []
    getattr(r, method)(st, seat, top, args, ev)
    return ev


# ---------------------------------------------------------------- moving forward
def test_rulebook_example_three_maquinistas_from_1_with_3_occupied():
    """§3.8.4 [RB-ex]: 3 maquinistas from 1, space 3 occupied: 1->2->4->5, or into the
    bypass at 4 instead of going on to 5."""
    r = Tiny()
    st = state(player("1", maq=3), player("3"))
    assert opts(r, st, 0, move()) == ["2", "4", "b4", "5"]
    assert r.loco_forward(st, 0, 3)["5"] == ("2", "3", "4", "5")
    ev = run(r, st, 0, move(), "5")
    assert st.players[0]["loco"] == "5"
    assert ev[-1].type == "gwta_train" and ev[-1].args["space"] == 5
    assert not st.pending


def test_occupied_spaces_are_not_counted_and_cannot_be_stopped_on():
    r = Tiny()
    st = state(player("1"), player("2"), player("3"), player("5"))
    assert opts(r, st, 0, move(1)) == ["4"]
    assert opts(r, st, 0, move(2)) == ["4", "b4", "6"]


def test_an_occupied_bypass_cannot_be_entered():
    r = Tiny()
    st = state(player("3"), player("b4"))
    assert opts(r, st, 0, move(3)) == ["4", "5", "6"]


def test_fewer_spaces_are_allowed_and_the_start_holds_many():
    r = Tiny()
    st = state(player("0"), player("0"), player("0"))
    assert opts(r, st, 0, move(2)) == ["1", "2"]


def test_per_maquinista_counts_the_row_with_the_printed_one():
    r = Tiny()
    st = state(player("0", maq=1))
    assert opts(r, st, 0, move()) == ["1"]
    st.players[0]["rows"]["maquinista"] += ["x", "y", "z"]
    assert opts(r, st, 0, move()) == ["1", "2", "3", "4"]


def test_a_move_may_pass_through_a_bypass_it_does_not_stop_in():
    """A bypass is one more space: stopping in it ends the move; passing it costs a step."""
    r = Tiny()
    st = state(player("3"), player("5"))
    # 3 -> b4 (1) -> 5 occupied -> 6 (2): as long as 3 -> 4 -> 6
    assert opts(r, st, 0, move(2)) == ["4", "b4", "6"]


def test_stopping_in_a_bypass_offers_the_upgrade():
    r = Tiny()
    st = state(player("3", money=5))
    ev = run(r, st, 0, move(2), "b4")
    assert ev[-1].type == "gwta_train_bypass" and ev[-1].args["at"] == 4
    assert st.pending[-1] == {"k": "station", "station": "s4", "stage": "upgrade", "depot": False}
    assert ("end",) in r.options_station(st, 0, st.pending[-1])


def test_no_upgrade_decision_when_it_cannot_be_paid():
    r = Tiny()
    st = state(player("3", money=1))
    run(r, st, 0, move(2), "b4")
    assert st.pending == []
    assert st.players[0]["loco"] == "b4"


def test_moving_on_from_a_bypass():
    r = Tiny()
    st = state(player("b4"))
    assert opts(r, st, 0, move(2)) == ["5", "6"]


# ---------------------------------------------------------------- upgrading a station
def test_upgrade_pays_the_cost_and_places_a_white_disc_on_a_white_station():
    r = Tiny()
    st = state(player("3", money=5), masters={})
    run(r, st, 0, move(2), "b4")
    top = st.pending[-1]
    assert r.options_station(st, 0, top) == [("upgrade", "w1"), ("upgrade", "w2"), ("end",)]
    ev = answer(r, st, 0, "upgrade", "w1")
    p = st.players[0]
    assert p["money"] == 3 and "w1" not in p["discs"]
    assert st.stations["s4"] == [0] and not st.pending
    assert ev[-1].type == "gwta_station" and ev[-1].args["cost"] == 2


def test_the_corner_rule_is_the_station_s_and_the_cost_is_paid_first():
    r = Tiny()
    st = state(player("9", money=3))
    run(r, st, 0, move(2), "b10")
    # dark station: the sources are asked for a dark target, with the cost already paid
    assert r.asked[-1] == (True, 0)
    assert [o[1] for o in r.options_station(st, 0, st.pending[-1]) if o[0] == "upgrade"] == list(DISCS)
    r.asked.clear()
    st2 = state(player("3", money=7))
    run(r, st2, 0, move(2), "b4")
    assert r.asked[-1] == (False, 5)


def test_a_dark_disc_only_when_no_white_one_is_left():
    r = Tiny()
    st = state(player("3"), masters={})
    st.players[0]["discs"] = ["d1", "d2"]
    run(r, st, 0, move(2), "b4")
    assert [o[1] for o in r.options_station(st, 0, st.pending[-1]) if o[0] == "upgrade"] == ["d1", "d2"]


def test_no_disc_left_takes_one_back_from_a_station():
    r = Tiny()
    st = state(player("9"), masters={})
    st.players[0]["discs"] = []
    st.stations["s4"] = [0]
    run(r, st, 0, move(2), "b10")
    assert r.options_station(st, 0, st.pending[-1]) == [("upgrade", "station:s4"), ("end",)]
    answer(r, st, 0, "upgrade", "station:s4")
    assert st.stations["s4"] == [] and st.stations["s10"] == [0]


def test_a_station_is_not_upgraded_twice_by_the_same_seat():
    r = Tiny()
    st = state(player("3"), player("8"))
    st.stations["s4"] = [0]
    run(r, st, 0, move(2), "b4")
    assert st.pending == []
    # another seat's disc does not matter
    st.stations["s10"] = [0]
    run(r, st, 1, move(3), "b10")
    assert st.pending[-1]["station"] == "s10"


def test_view_of_the_station_decision():
    r = Tiny()
    st = state(player("9"), player("0"))
    st.stations["s10"] = [1]
    run(r, st, 0, move(2), "b10")
    assert r.view_station(st, 0, st.pending[-1]) == {
        "stage": "upgrade", "depot": False, "station": "s10", "at": 10, "cost": 3, "vp": 4, "dark": True,
        "master": None, "discs": [1]}


def test_declining_the_upgrade():
    r = Tiny()
    st = state(player("3"))
    run(r, st, 0, move(2), "b4")
    answer(r, st, 0, "end")
    assert st.pending == [] and st.stations["s4"] == [] and st.players[0]["money"] == 20


# ---------------------------------------------------------------- station masters
def test_claiming_the_master_sends_the_rightmost_hired_worker_and_does_its_instant():
    r = Tiny()
    st = state(player("3", hired=[("gaucho", "g1"), ("gaucho", "g2"), ("granjero", "f1")]))
    run(r, st, 0, move(2), "b4")
    answer(r, st, 0, "upgrade", "w1")
    top = st.pending[-1]
    assert top["stage"] == "master"
    # only rows with a hired worker; the printed ones cannot go
    assert r.options_station(st, 0, top) == [("master", "gaucho"), ("master", "granjero"), ("end",)]
    ev = answer(r, st, 0, "master", "gaucho")
    p = st.players[0]
    assert p["rows"]["gaucho"] == ["printed", "g1"]
    assert st.master_workers == {"s4": "g2"} and st.masters["s4"] is None
    assert p["masters"] == ["m_pesos"]
    assert ev[-1].type == "gwta_master"
    assert r.pushed == [["master", "m_pesos"]] and st.pending[-1]["k"] == "menu"


def test_the_master_only_at_the_upgrade_and_only_with_a_hired_worker():
    r = Tiny()
    st = state(player("3"))
    run(r, st, 0, move(2), "b4")
    answer(r, st, 0, "upgrade", "w1")
    assert st.pending == [] and st.masters["s4"] == "m_pesos"   # no hired worker: no claim
    st2 = state(player("3", hired=[("carpintero", "c1")]))
    run(r, st2, 0, move(2), "b4")
    answer(r, st2, 0, "upgrade", "w1")
    answer(r, st2, 0, "end")                                      # declined: stays on the board
    assert st2.pending == [] and st2.masters["s4"] == "m_pesos"
    assert st2.players[0]["rows"]["carpintero"] == ["printed", "c1"]


def test_a_claimed_master_is_gone_for_the_next_upgrader():
    r = Tiny()
    st = state(player("3", hired=[("gaucho", "g1")]), player("2", hired=[("gaucho", "g9")]))
    run(r, st, 0, move(2), "b4")
    answer(r, st, 0, "upgrade", "w1")
    answer(r, st, 0, "master", "gaucho")
    st.pending.clear()
    st.players[0]["loco"] = "7"
    run(r, st, 1, move(3), "b4")
    answer(r, st, 1, "upgrade", "w1")
    assert st.pending == []


def test_permanent_certificates_and_loading_grain_from_masters():
    r = Tiny()
    p = player()
    p["masters"] = ["m_cert", "m_grain", "m_pesos"]
    assert r.perm_certs(p) == 1 and r.loading_grain(p) == 1
    assert r.master_tasks(p) == [("m_cert", "farmers", 1, 1), ("m_grain", "ships", 2, 3),
                                 ("m_pesos", "stations", 2, 3)]
    assert r.master_task_vp(p, {"farmers": 3, "ships": 5, "stations": 1}) == 3 + 6 + 0


# ---------------------------------------------------------------- end of track, depot
def test_reaching_31_ends_the_move_and_goes_to_the_depot_after_the_upgrade():
    r = Tiny()
    st = state(player("29"))
    assert opts(r, st, 0, move(5)) == ["30", "31"]
    run(r, st, 0, move(5), "31")
    assert st.players[0]["loco"] == "31" and st.pending[-1]["depot"] is True
    ev = answer(r, st, 0, "upgrade", "w1")
    assert st.players[0]["loco"] == DEPOT and st.stations["s31"] == [0]
    assert ev[-1].type == "gwta_depot"


def test_31_without_upgrade_still_goes_to_the_depot():
    r = Tiny()
    st = state(player("30"))
    run(r, st, 0, move(1), "31")
    answer(r, st, 0, "end")
    assert st.players[0]["loco"] == DEPOT
    st2 = state(player("30", money=5))                   # cannot pay 6: straight to the depot
    run(r, st2, 0, move(1), "31")
    assert st2.pending == [] and st2.players[0]["loco"] == DEPOT


def test_31_once_per_arrival_by_the_same_seat():
    r = Tiny()
    st = state(player("30", money=30))
    for _ in range(2):
        run(r, st, 0, move(1), "31")
        answer(r, st, 0, "upgrade", st.pending[-1] and r.options_station(st, 0, st.pending[-1])[0][1])
        assert st.pending == []
        st.players[0]["loco"] = "30"
    assert st.stations["s31"] == [0, 0]
    assert r.station_vp(st, 0) == 14 and r.stations_held(st, 0) == 1 and r.station_discs(st, 0) == 2


def test_the_depot_s_first_step_is_space_24():
    r = Tiny()
    st = state(player(DEPOT), player(DEPOT))
    assert opts(r, st, 0, move(1)) == ["24"]
    assert opts(r, st, 0, move(3)) == ["24", "25", "26"]
    st.players[1]["loco"] = "24"                         # occupied: passed over
    assert opts(r, st, 0, move(1)) == ["25"]


def test_no_backward_move_from_or_into_the_depot():
    r = Tiny()
    st = state(player(DEPOT))
    assert opts(r, st, 0, back(1)) == []
    st.players[0]["loco"] = "24"
    assert opts(r, st, 0, back(1)) == ["23", "b23"]
    assert opts(r, st, 0, back(2)) == ["22", "23"]
    st.players[0]["loco"] = "25"
    assert opts(r, st, 0, back(1)) == ["24"]           # never into the depot


# ---------------------------------------------------------------- moving backward
def test_backward_moves_the_full_distance_skipping_occupied_spaces():
    r = Tiny()
    st = state(player("6"))
    assert opts(r, st, 0, back(1)) == ["5"]
    assert opts(r, st, 0, back(2)) == ["4", "b4"]
    assert opts(r, st, 0, back(3)) == ["3", "4"]
    st.players.append(player("5"))
    assert opts(r, st, 0, back(1)) == ["4", "b4"]
    assert opts(r, st, 0, back(2)) == ["3", "4"]


def test_the_start_space_cannot_pay_a_backward_move_and_short_moves_are_impossible():
    r = Tiny()
    st = state(player("0"))
    assert opts(r, st, 0, back(1)) == []
    st.players[0]["loco"] = "1"
    assert opts(r, st, 0, back(1)) == ["0"]
    assert opts(r, st, 0, back(2)) == []
    st.players[0]["loco"] = "2"
    st.players.append(player("1"))
    assert opts(r, st, 0, back(1)) == ["0"]


def test_backward_into_a_bypass_offers_the_upgrade():
    r = Tiny()
    st = state(player("6"), masters={})
    ev = run(r, st, 0, back(2), "b4")
    assert ev[-1].type == "gwta_train_bypass" and ev[-1].args["back"] is True
    assert st.pending[-1]["station"] == "s4"
    answer(r, st, 0, "upgrade", "w2")
    assert st.stations["s4"] == [0] and st.players[0]["loco"] == "b4"


# ---------------------------------------------------------------- the maquinista row's instant
BEHIND = Act("upgrade_station_behind", {"money": 5})


def test_behind_means_stations_the_locomotive_has_passed():
    r = Tiny()
    st = state(player("11"))
    assert opts(r, st, 0, BEHIND) == ["s4", "s10", "none"]
    st.players[0]["loco"] = "b10"
    assert opts(r, st, 0, BEHIND) == ["s4", "none"]
    st.players[0]["loco"] = "4"
    assert opts(r, st, 0, BEHIND) == ["none"]
    st.players[0]["loco"] = "5"
    st.stations["s4"] = [0]                              # upgraded before
    assert opts(r, st, 0, BEHIND) == ["none"]


def test_from_the_depot_behind_means_any_station_before_24():
    r = Tiny()
    st = state(player(DEPOT))
    assert opts(r, st, 0, BEHIND) == ["s4", "s10", "s23", "none"]


def test_the_five_pesos_come_first_and_pay_the_upgrade():
    r = Tiny()
    st = state(player("30", money=0), masters={})
    assert opts(r, st, 0, BEHIND) == ["s4", "s10", "s23", "s27", "none"]   # s27 costs 5
    run(r, st, 0, BEHIND, "s27")
    assert st.players[0]["money"] == 5
    top = st.pending[-1]
    assert top == {"k": "station", "station": "s27", "stage": "upgrade", "depot": False}
    answer(r, st, 0, "upgrade", "w1")
    assert st.players[0]["money"] == 0 and st.stations["s27"] == [0]
    assert st.players[0]["loco"] == "30"


def test_the_behind_upgrade_may_claim_the_master():
    r = Tiny()
    st = state(player(DEPOT, money=0, hired=[("maquinista", "q1")]))
    run(r, st, 0, BEHIND, "s4")
    answer(r, st, 0, "upgrade", "w1")
    answer(r, st, 0, "master", "maquinista")
    assert st.players[0]["masters"] == ["m_pesos"] and st.players[0]["loco"] == DEPOT


def test_behind_without_money_param_offers_only_stations():
    r = Tiny()
    st = state(player("11", money=2))
    plain = Act("upgrade_station_behind", {})
    assert opts(r, st, 0, plain) == ["s4"]
    st.players[0]["loco"] = "3"
    assert opts(r, st, 0, plain) == []


def test_behind_taking_only_the_money():
    r = Tiny()
    st = state(player("0", money=1))
    assert opts(r, st, 0, BEHIND) == ["none"]
    run(r, st, 0, BEHIND, "none")
    assert st.players[0]["money"] == 6 and st.pending == []


# ---------------------------------------------------------------- shortcuts and scores
@pytest.mark.parametrize(("loco", "space", "passed"), [
    ("0", 3, False), ("2", 3, False), ("3", 3, True), ("b4", 4, True), ("b4", 5, False),
    ("5", 3, True), ("23", 23, True), ("22", 23, False), (DEPOT, 23, True), (DEPOT, 31, True),
])
def test_loco_passed(loco, space, passed):
    assert Tiny().loco_passed(player(loco), space) is passed


def test_station_vp_counts_31_once_per_disc():
    r = Tiny()
    st = state(player(), player())
    st.stations.update({"s4": [1, 0], "s10": [0], "s31": [0, 1, 0]})
    assert r.station_vp(st, 0) == 3 + 4 + 2 * 7
    assert r.station_vp(st, 1) == 3 + 7
    assert r.stations_held(st, 0) == 3 and r.station_discs(st, 0) == 4


def test_station_kind_and_act_tables_name_existing_methods():
    r = Tiny()
    for kind in r.KINDS_RAIL.values():
        assert callable(getattr(r, kind.options))
        assert all(m is None or callable(getattr(r, m)) for _pop, m in kind.handlers.values())
    for table in (r.ACT_OPTIONS_RAIL, r.ACT_RUN_RAIL):
        assert all(callable(getattr(r, m)) for m in table.values())


def test_descriptions():
    r = Tiny()
    assert r.describe_rail_act(move(), ()) == ("gwta.d.train_maq", {})
    assert r.describe_rail_act(move(2), ("b4",)) == ("gwta.d.train_bypass", {"at": 4})
    assert r.describe_rail_act(move(1, cost=1), ("31",)) == ("gwta.d.train_space_cost", {"n": 31, "cost": 1})
    assert r.describe_rail_act(back(1), ("5",)) == ("gwta.d.back_space", {"n": 5, "steps": 1})
    assert r.describe_rail_act(BEHIND, ("s10",)) == ("gwta.d.behind_to", {"at": 10, "money": 5, "price": 3})
    assert r.describe_rail_act(Act("gain_money", {"amount": 1}), ()) is None
    st = state(player("3"))
    run(r, st, 0, move(2), "b4")
    act = SimpleNamespace(seat=0, verb="upgrade", args=("station:s10",))
    assert r.describe_rail_verb(st, act) == ("gwta.d.upgrade_from_station", {"at": 4, "price": 2, "from_at": 10})
    assert r.describe_rail_verb(st, SimpleNamespace(seat=0, verb="end", args=())) == ("gwta.d.end.station", {})


def test_texts_in_both_languages_cover_the_keys_used():
    from games.core.data import data_path, load_yaml
    from games.core.i18n import check_text
    cats = {}
    for lang in ("en", "ru"):
        path = data_path("gwt_argentina", "i18n", f"railroad.{lang}.yaml")
        node = load_yaml(path).mapping()
        cats[lang] = {k: check_text(path, k, v.str()) for k, v in node.items()}
    assert cats["en"].keys() == cats["ru"].keys()
    used = {"prompt.gwta.station", "gwta.d.end.station", "gwta.d.end.station_depot", "gwta.d.upgrade",
            "gwta.d.upgrade_from_station", "gwta.d.master"}
    used |= {f"event.{t}" for t in ("gwta_train", "gwta_train_back", "gwta_train_bypass", "gwta_depot",
                                    "gwta_station", "gwta_master")}
    for base in ("train", "train_maq", "train_space", "train_bypass", "back", "back_space", "back_bypass",
                 "behind", "behind_to", "behind_none"):
        used |= {f"gwta.d.{base}", f"gwta.d.{base}_cost"}
    assert used <= cats["en"].keys()


# ---------------------------------------------------------------- on the real data
@pytest.fixture(scope="module")
def real():
    from games.gwt_argentina.rules import ArgentinaRules
    return ArgentinaRules()


def real_game(real, n=3, seed=5):
    from games.core.contract import Config, Seat
    st = real.setup(Config([Seat(f"p{i}") for i in range(n)], seed=seed))
    st.current = 0
    st.pending = []
    for p in st.players:
        p["money"] = 20
    return st


def do(real, st, seat, verb, *args):
    from games.core.action import Action
    a = Action(seat, verb, tuple(str(x) for x in args))
    assert real.is_legal(st, a), (a, real._options(st, seat))
    return real.perform(st, a)


def real_opts(real, st, seat=0):
    top = st.pending[-1]
    return [tuple(str(x) for x in o) for o in real._kinds[top["k"]].options(st, seat, top)]


def neutral_menu(real, st, letter):
    node = next(n for n, x in st.neutral_at.items() if x == letter)
    acts = real.ref_acts(st, ["node", node])
    st.pending = [{"k": "menu", "ref": ["node", node], "left": list(range(len(acts)))}]
    return next(i for i, a in enumerate(acts) if a.name == "move_train")


def test_real_graph_matches_the_data_steps():
    from games.gwt_argentina.railroad import RailGraph
    rr = __import__("games.gwt_argentina.model", fromlist=["load"]).load().railroad
    g = RailGraph.from_railroad(rr)
    assert len(g.fwd) == 32 + len(rr.bypasses) + 1
    for pos in g.fwd:
        assert set(g.fwd[pos]) == set(rr.ahead(pos)), pos
        assert set(g.back[pos]) == set(rr.behind(pos)), pos
    assert g.station_at["31"] == "st31" and g.station_at["b4"] == "st4"


def test_real_rulebook_example_on_neutral_d(real):
    """§3.8.4 [RB-ex] on the data and the composed rules: 3 maquinistas from 1, space 3
    occupied: 1->2->4->5, or into the bypass at 4 (a station on the data)."""
    st = real_game(real)
    p = st.players[0]
    p["loco"], st.players[1]["loco"] = "1", "3"
    p["rows"]["maquinista"] += ["m01", "m02"]
    i = neutral_menu(real, st, "D")
    assert [o[2] for o in real_opts(real, st) if o[:2] == ("do", str(i))] == ["2", "4", "b4", "5"]
    do(real, st, 0, "do", i, "b4")
    top = st.pending[-1]
    assert top["k"] == "station" and top["station"] == "st4"
    sources = [o[1] for o in real_opts(real, st) if o[0] == "upgrade"]
    assert sources and all(not real.data.disc(s).dark for s in sources)    # white station: white discs
    money = p["money"]
    do(real, st, 0, "upgrade", sources[0])
    assert st.stations["st4"] == [0] and sources[0] in p["removed"]
    assert p["money"] == money - real.data.railroad.station("st4").cost
    assert st.pending[-1]["k"] == "menu"                       # the building's other action is left


def test_real_master_claim_and_its_instant(real):
    st = real_game(real)
    p = st.players[0]
    sid = next(s for s, m in st.masters.items() if m)
    st.masters[sid] = "sm1"                                   # instant: 2 pesos
    at = real.data.railroad.station(sid).at
    p["loco"] = str(at)
    p["rows"]["gaucho"].append("g01")
    st.pending = [{"k": "menu", "ref": ["slot", "maquinista", 3], "left": [0]}]   # locomotive +2
    do(real, st, 0, "do", 0, real.data.railroad.station(sid).bypass)
    do(real, st, 0, "upgrade", real_opts(real, st)[0][1])
    assert real_opts(real, st) == [("master", "gaucho"), ("end",)]
    money = p["money"]
    do(real, st, 0, "master", "gaucho")
    assert p["masters"] == ["sm1"] and st.masters[sid] is None and st.master_workers[sid] == "g01"
    assert p["rows"]["gaucho"] == ["printed"]
    assert st.pending[-1] == {"k": "menu", "ref": ["master", "sm1"], "left": [0]}
    do(real, st, 0, "do", 0)
    assert p["money"] == money + 2


def test_real_31_depot_and_shortcuts(real):
    st = real_game(real)
    p = st.players[0]
    p["loco"] = "29"
    st.pending = [{"k": "menu", "ref": ["slot", "maquinista", 3], "left": [0]}]
    assert [o[2] for o in real_opts(real, st) if o[0] == "do"] == ["b29", "30", "31"]
    do(real, st, 0, "do", 0, "31")
    assert st.pending[-1]["k"] == "station" and st.pending[-1]["depot"]
    do(real, st, 0, "end")
    assert p["loco"] == DEPOT
    assert all(real.loco_passed(p, n) for n in real.data.ramps.values())
    succ = real.trail_succ(st, 0)
    assert all(any(r in nx for nx in succ.values()) for r in real.data.ramps)


def test_real_maquinista_instant_from_the_depot(real):
    """The maquinista row's last space: 5 pesos and a station before 24 (from the depot)."""
    st = real_game(real)
    p = st.players[0]
    p["loco"], p["money"] = DEPOT, 0
    st.stations["st7"] = [0]
    st.pending = [{"k": "menu", "ref": ["slot", "maquinista", 5], "left": [0, 1]}]
    assert [o for o in real_opts(real, st) if o[:2] == ("do", "1")] == []     # nothing payable yet
    do(real, st, 0, "do", 0)
    assert p["money"] == 5
    rr = real.data.railroad
    want = [s.id for s in rr.stations if s.at < 24 and s.id != "st7" and s.cost <= 5]
    assert [o[2] for o in real_opts(real, st) if o[0] == "do"] == want
    do(real, st, 0, "do", 1, "st22")
    do(real, st, 0, "upgrade", real_opts(real, st)[0][1])
    assert st.stations["st22"] == [0] and p["money"] == 5 - rr.station("st22").cost and p["loco"] == DEPOT


def test_real_backward_auxiliary(real):
    st = real_game(real)
    p = st.players[0]
    p["loco"] = "5"
    p["discs"].remove("aux6a")
    p["removed"].append("aux6a")
    aux6 = [o for o in real.aux_options(st, 0, []) if o[0] == "aux" and o[1] == 6]
    assert sorted(o[2] for o in aux6) == ["4", "b4"]
    p["loco"] = "0"
    assert not [o for o in real.aux_options(st, 0, []) if o[1] == 6]


def test_invariants_hold_through_a_move_to_31_and_the_master_claim():
    r = Tiny()
    st = state(player("30"), player("0"), player("0"))
    st.current = 0
    r.check_rail_invariants(st)
    run(r, st, 0, move(1), "31")
    r.check_rail_invariants(st)
    answer(r, st, 0, "end")
    r.check_rail_invariants(st)
    st.players[1]["rows"]["gaucho"].append("g1")
    st.players[1]["loco"] = "3"
    st.current = 1
    run(r, st, 1, move(2), "b4")
    answer(r, st, 1, "upgrade", "w1")
    answer(r, st, 1, "master", "gaucho")
    r.check_rail_invariants(st)
    st.players[2]["loco"] = "b4"
    with pytest.raises(AssertionError):
        r.check_rail_invariants(st)
