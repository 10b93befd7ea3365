"""GWT Argentina: the worker area, helping farmers, the cattle market and the card actions
(spec §3.8.1, §3.8.3, §3.8.6, §3.11), on a small hand-made data set and a test rules class
made of the three mixins with the rest of the rules stubbed."""
from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from games.core.action import Action
from games.gwt.acts import ActsMixin
from games.gwt.decisions import FAMILY_KINDS
from games.gwt.model import Act
from games.gwt.rules import GWTFamilyRules
from games.gwt_argentina.cattle import CattleMixin
from games.gwt_argentina.farmers import ACT_OPTIONS_FARM, ACT_RUN_FARM, KINDS_FARM, FarmersMixin
from games.gwt_argentina.model import Card, Price, Slot, Token
from games.gwt_argentina.workerarea import WorkerAreaMixin

TYPES = ("gaucho", "carpintero", "maquinista", "granjero")


def card(cid, breed, colour, bv, stamina, vp=0, role="market"):
    return Card(cid, breed, colour, bv, stamina, vp, role, 1)


CARDS = {c.id: c for c in (
    card("niata", "niata", "white", 1, 1, role="player"),
    card("patagonico", "patagonico", "green", 2, 2, role="player"),
    card("caracu3", "caracu", "orange", 1, 7, 3),
    card("chaqueno", "chaqueno", "yellow", 3, 5, 1),
    card("serrano", "serrano", "red", 3, 4, 2),
    card("blanco", "blanco", "blue", 3, 3, 3),
    card("franqueiro4", "franqueiro", "brown", 4, 6, 4),
    card("franqueiro5", "franqueiro", "brown", 4, 6, 5),
    card("angus5", "angus", "purple", 5, 7, 5),
    card("exhaustion", "exhaustion", "grey", 0, 0, -2, role="exhaustion"),
)}

# the options §3.8.3 names (gauchos, pesos, cards, what)
PRICES = (Price(1, 4, 1, "caracu"), Price(1, 5, 1, "bv3"), Price(1, 11, 1, "franqueiro"),
          Price(2, 2, 1, "bv3"), Price(2, 11, 1, "angus"), Price(3, 5, 2, "bv3"),
          Price(5, 9, 2, "franqueiro"))

TOKENS = {t.id: t for t in (
    Token("g_s", "B", "worker", "gaucho", 1, None), Token("g_n", "B", "worker", "gaucho", 0, None),
    Token("g_3", "C", "worker", "gaucho", 0, None), Token("g_4", "C", "worker", "gaucho", 0, None),
    Token("g_5", "C", "worker", "gaucho", 1, None), Token("g_6", "C", "worker", "gaucho", 0, None),
    Token("m_s", "B", "worker", "maquinista", 1, None), Token("c_n", "B", "worker", "carpintero", 0, None),
    Token("blue6", "A", "farmer", "blue", 6, "black"), Token("green4", "A", "farmer", "green", 4, "green"),
    Token("yellow8", "C", "farmer", "yellow", 8, "black"), Token("orange3", "A", "farmer", "orange", 3, "green"),
)}


def row(costs=(0,) * 6, acts=None):
    acts = acts or {}
    return tuple(Slot(i, acts.get(i, ()), costs[i], 4 if i >= 4 else 0) for i in range(6))


WORKER_ROWS = {
    "gaucho": row(acts={1: (Act("gain_exchange_token", {"count": 1}),),
                        5: (Act("gain_money", {"amount": 3}), Act("buy_cattle", {}))}),
    "carpintero": row(),
    "maquinista": row(),
    "granjero": row((0, 6, 6, 8, 8, 10), {1: (Act("gain_grain", {"amount": 1}),),
                                          2: (Act("gain_grain", {"amount": 1}),)}),
}

NODES = ("gr1", "gr2", "gr3", "bl1", "bl2", "ye1", "or1")
FARMER_PESOS = {"gr1": 0, "gr2": 1, "gr3": 2, "bl1": 0, "bl2": 1, "ye1": 0, "or1": 0}


def make_data(**kw):
    d = SimpleNamespace(
        cards=CARDS, prices=PRICES, tokens=TOKENS, worker_rows=WORKER_ROWS,
        market_order=("orange", "yellow", "red", "blue", "brown", "purple"),
        market_size={2: 9, 3: 12, 4: 15}, reveal_per_gaucho=2, help_cards_max=4,
        help_exhaustion=((0, 0), (2, 1), (4, 2)), farmer_pesos=FARMER_PESOS, worker_set=frozenset(),
        grain_max=8)
    d.is_cattle = lambda c: c in CARDS and CARDS[c].role != "exhaustion"
    d.breed_of = lambda c: CARDS[c].breed if c in CARDS else ""
    d.node_index = NODES.index
    d.__dict__.update(kw)
    return d


class Rules(FarmersMixin, CattleMixin, WorkerAreaMixin, GWTFamilyRules):
    """The three mixins with the rest of the rules stubbed (the lead's names)."""
    KINDS = {**FAMILY_KINDS, **KINDS_FARM}
    ACT_OPTIONS = {**ActsMixin.ACT_OPTIONS, **ACT_OPTIONS_FARM, "gain_grain": "opt_always",
                   "move_train": "opt_move_train"}
    ACT_RUN = {**ActsMixin.ACT_RUN, **ACT_RUN_FARM, "gain_grain": "run_gain_grain", "move_train": "run_move_train"}

    def __init__(self, data=None):
        super().__init__(data or make_data())
        self.trains = []

    def edition_ref_acts(self, st, ref):
        if ref[0] == "slot":
            return self.data.worker_rows[ref[1]][int(ref[2])].acts
        raise ValueError(ref)

    def push_acts(self, st, seat, ref, ev):
        acts = self.ref_acts(st, ref)
        if acts:
            st.pending.append({"k": "menu", "ref": ref, "left": list(range(len(acts)))})

    def stamina_on_board(self, p):
        return p.get("board_stamina", 0)

    def cert_limit(self, p):
        return 4

    def gain_grain(self, p, n):
        p["grain"] = min(8, p["grain"] + n)

    def gain_certs(self, p, n):
        p["certs"] = min(4, p["certs"] + n)

    def run_gain_grain(self, st, seat, p, a, args, ev):
        self.gain_grain(p, a.get("amount"))

    def take_exhaustion(self, st, seat, n, ev):
        k = min(n, st.exhaustion)
        st.exhaustion -= k
        st.players[seat]["discard"] += ["exhaustion"] * k

    def opt_move_train(self, st, seat, p, a, money):      # the railroad's, stubbed
        return [(str(int(p["loco"]) + i),) for i in range(1, a.get("steps") + 1)]

    def run_move_train(self, st, seat, p, a, args, ev):
        self.trains.append((a.get("steps"), args[0]))
        p["loco"] = args[0]


def new_player(money=0, hand=()):
    return {"deck": [], "hand": list(hand), "discard": [], "workers": [], "money": money, "tokens": 0,
            "certs": 0, "discs": [], "removed": [], "objectives": [], "node": None, "loco": "0", "grain": 0,
            "rows": {t: ["printed"] for t in TYPES}, "farmers": [], "masters": []}


class Rng:
    def __init__(self, seed=1):
        self.r = random.Random(seed)

    def shuffle(self, xs):
        self.r.shuffle(xs)


def new_state(n=2, **players):
    st = SimpleNamespace(n=n, phase="test", current=0, players=[new_player() for _ in range(n)], pending=[],
                         farmers={}, farm_pesos={}, cattle=[], cattle_deck=[], exhaustion=20, box=[], rng=Rng())
    return st


def act(rules, st, verb, *args):
    a = Action(st.current, verb, tuple(str(x) for x in args))
    assert rules.is_legal(st, a), (a.text, texts(rules, st))
    return rules.perform(st, a)


def texts(rules, st):
    return sorted(" ".join((a.verb, *a.args)) for a in rules.legal_actions(st))


def do_act(rules, st, a: Act, *args):
    """Offer one act as a menu and take it (the way a building's action is taken)."""
    st.pending.append({"k": "menu", "ref": ["test"], "left": [0]})
    rules.edition_ref_acts = lambda s, ref, _a=a: (_a,) if ref == ["test"] else Rules.edition_ref_acts(rules, s, ref)
    return act(rules, st, "do", 0, *args)


# ================================================================ the worker area
def test_hiring_fills_the_leftmost_space_and_offers_its_instant():
    r, st = Rules(), new_state()
    p = st.players[0]
    assert r.row_count(p, "gaucho") == 1 and not r.row_full(p, "gaucho")
    r.add_worker(st, 0, "gaucho", "g_s", [])
    assert p["rows"]["gaucho"] == ["printed", "g_s"]
    assert st.pending[-1] == {"k": "menu", "ref": ["slot", "gaucho", 1], "left": [0]}
    act(r, st, "do", 0)
    assert p["tokens"] == 1 and not st.pending
    r.add_worker(st, 0, "gaucho", "g_n", [])        # slot 2 has no instant
    assert not st.pending and r.row_count(p, "gaucho") == 3


def test_a_row_holds_six_and_its_last_spaces_score():
    r, st = Rules(), new_state()
    p = st.players[0]
    for t in ("g_s", "g_n", "g_3", "g_4", "g_5"):
        r.add_worker(st, 0, "gaucho", t, [])
    assert r.row_full(p, "gaucho") and r.next_slot(p, "gaucho") is None
    with pytest.raises(ValueError):
        r.add_worker(st, 0, "gaucho", "g_6", [])
    assert r.workers_vp(p) == 8                      # spaces 5 and 6
    assert r.stamina_workers(p) == 2 and r.stamina_worker_count(p) == 2


def test_the_station_master_is_the_rightmost_hired_worker_and_its_space_gives_again():
    r, st = Rules(), new_state()
    p = st.players[0]
    assert r.take_row_worker(st, 0, "gaucho") is None          # the printed one never leaves
    r.add_worker(st, 0, "gaucho", "g_s", [])
    st.pending.clear()
    r.add_worker(st, 0, "gaucho", "g_n", [])
    assert r.take_row_worker(st, 0, "gaucho") == "g_n"
    assert r.take_row_worker(st, 0, "gaucho") == "g_s"
    assert p["rows"]["gaucho"] == ["printed"]
    r.add_worker(st, 0, "gaucho", "g_3", [])
    assert st.pending[-1]["ref"] == ["slot", "gaucho", 1]     # the instant again


def test_worker_sets_count_the_printed_workers():
    r, st = Rules(), new_state()
    p = st.players[0]
    assert r.worker_sets(p) == 1
    for wt, t in (("gaucho", "g_s"), ("carpintero", "c_n"), ("maquinista", "m_s")):
        r.add_worker(st, 0, wt, t, [])
    assert r.worker_sets(p) == 1
    p["rows"]["granjero"].append("blue6")
    assert r.worker_sets(p) == 2
    assert r.stamina_workers(p) == 2            # g_s, m_s; a farmer token has no icon


# ================================================================ helping farmers
def example_state():
    """§3.8.6 worked example: 3 board stamina; blue (6) with 2 pesos on its space (0
    printed), green (4) with 1 (2 printed); a hand with a Caracu and a Niata."""
    st = new_state()
    st.farmers = {"bl1": "blue6", "gr3": "green4", "ye1": "yellow8"}
    st.farm_pesos = {n: 0 for n in NODES}
    st.farm_pesos.update({"bl1": 2, "gr3": 1})
    p = st.players[0]
    p.update(board_stamina=3, money=4, hand=["caracu3", "niata", "patagonico", "exhaustion"])
    return st, p


def test_worked_example_help_two_farmers_and_invest_one():
    r, (st, p) = Rules(), example_state()
    ev = do_act(r, st, Act("help_farmers", {"max": 3, "bonus": 0}))
    assert st.pending[-1]["k"] == "help"
    act(r, st, "farmer", "bl1")
    act(r, st, "farmer", "gr3")
    assert "done" not in " ".join(texts(r, st))          # 3 < 10
    act(r, st, "reveal", "caracu3")
    act(r, st, "reveal", "niata")
    assert r.help_view(st, 0, st.pending[-1])["stamina"] == 11
    ev = act(r, st, "done")
    help_ev = next(e for e in ev if e.type == "gwta_help")
    assert help_ev.args["pesos"] == 5 and help_ev.args["stamina"] == 11
    assert p["money"] == 9 and p["hand"] == ["patagonico", "exhaustion"]
    assert sorted(p["discard"]) == ["caracu3", "exhaustion", "niata"]       # 1 exhaustion for 2 cards
    assert st.exhaustion == 19
    assert st.farmers == {"ye1": "yellow8"} and st.farm_pesos["bl1"] == 0 and st.farm_pesos["gr3"] == 0
    assert texts(r, st) == ["end", "invest blue6", "invest green4"]
    act(r, st, "invest", "blue6")
    assert p["money"] == 3 and p["rows"]["granjero"] == ["printed", "blue6"]
    assert st.pending[-1]["ref"] == ["slot", "granjero", 1]                # its instant: grain +1
    act(r, st, "do", 0)
    assert p["grain"] == 1
    assert texts(r, st) == ["end"]                  # 3 pesos: the next space costs 6
    act(r, st, "end")
    assert p["farmers"] == ["green4"] and not st.pending


def test_help_offers_only_farmers_that_can_still_be_covered():
    r, (st, _) = Rules(), example_state()
    # reachable: 3 + the 4 best cards (7 + 2 + 1) = 13; yellow 8 + blue 6 = 14 is too much
    do_act(r, st, Act("help_farmers", {"max": 3, "bonus": 0}))
    assert texts(r, st) == ["farmer bl1", "farmer gr3", "farmer ye1", "reveal caracu3", "reveal niata",
                            "reveal patagonico"]
    act(r, st, "farmer", "ye1")
    assert "farmer bl1" not in texts(r, st) and "farmer gr3" in texts(r, st)      # 8 + 4 <= 13
    act(r, st, "reveal", "niata")
    act(r, st, "reveal", "patagonico")     # 6 now, 13 still reachable
    assert texts(r, st) == ["farmer gr3", "reveal caracu3"]
    act(r, st, "reveal", "caracu3")
    assert texts(r, st) == ["done", "farmer gr3"]


def test_no_help_without_enough_stamina_and_the_bonus_counts():
    r, st = Rules(), new_state()
    st.farmers = {"ye1": "yellow8"}
    p = st.players[0]
    p["hand"] = ["niata"]
    a = Act("help_farmers", {"max": 3, "bonus": 0})
    assert r.act_options(st, 0, a) == []
    assert r.act_options(st, 0, Act("help_farmers", {"max": 3, "bonus": 6})) == []       # 6 + 1 < 8
    p["rows"]["gaucho"] += ["g_s"]
    assert r.act_options(st, 0, Act("help_farmers", {"max": 3, "bonus": 6})) == [()]     # 6 + 1 + 1


def test_help_on_the_farmer_tile_and_three_reveals_cost_two_exhaustion():
    r, st = Rules(), new_state()
    st.farmers = {"or1": "orange3", "gr1": "green4"}
    p = st.players[0]
    p.update(node="or1", hand=["niata", "niata", "patagonico", "serrano"])
    assert r.help_here_options(st, 0, "or1") == [()]
    assert r.help_here_options(st, 0, "gr2") == []
    r.start_help(st, 0, ["or1"], 0, [])
    assert st.pending[-1]["picked"] == ["or1"]             # the one farmer is picked already
    assert "farmer gr1" not in texts(r, st)
    for c in ("niata", "niata", "patagonico"):
        act(r, st, "reveal", c)
    act(r, st, "done")
    assert p["discard"].count("exhaustion") == 2 and p["hand"] == ["serrano"]
    # max 1 by act: the farmer the herder stands on only
    assert r.help_candidates(st, 0, 1) == []               # or1 is empty now
    p["node"] = "gr1"
    assert r.help_candidates(st, 0, 1) == ["gr1"]


def test_invest_needs_the_leftmost_spaces_cost_and_help_ends_itself_without_one():
    r, (st, p) = Rules(), example_state()
    p["money"] = 0
    p["board_stamina"] = 10
    do_act(r, st, Act("help_farmers", {"max": 3, "bonus": 0}))
    act(r, st, "farmer", "bl1")
    act(r, st, "done")                      # 2 pesos gained, 6 needed: straight beside the board
    assert not st.pending and p["farmers"] == ["blue6"] and p["money"] == 2


# ================================================================ the cattle market
def market_state(gauchos=1, money=30, market=("caracu3", "chaqueno", "serrano", "franqueiro4", "franqueiro5",
                                              "angus5", "blanco")):
    r, st = Rules(), new_state()
    p = st.players[0]
    p["money"] = money
    p["rows"]["gaucho"] += ["g_n", "g_3", "g_4", "g_5"][:gauchos - 1]
    st.cattle = list(market)
    st.cattle_deck = ["angus5", "blanco", "caracu3", "serrano"]
    return r, st, p


def buys(r, st):
    """{(gauchos, pesos, what)} of the buy options offered now."""
    out = set()
    for a in r.legal_actions(st):
        if a.verb == "buy":
            price = r.data.prices[int(a.args[0])]
            out.add((price.gauchos, price.pesos, price.cards, price.what))
    return out


def test_purchase_options_by_gauchos():
    r, st, p = market_state(gauchos=1)
    do_act(r, st, Act("buy_cattle", {}))
    assert buys(r, st) == {(1, 4, 1, "caracu"), (1, 5, 1, "bv3"), (1, 11, 1, "franqueiro")}
    r, st, p = market_state(gauchos=2)
    do_act(r, st, Act("buy_cattle", {}))
    assert (2, 2, 1, "bv3") in buys(r, st) and (2, 11, 1, "angus") in buys(r, st)
    assert (3, 5, 2, "bv3") not in buys(r, st)
    r, st, p = market_state(gauchos=3)
    do_act(r, st, Act("buy_cattle", {}))
    assert (3, 5, 2, "bv3") in buys(r, st)
    assert "buy 5 blanco chaqueno" in texts(r, st) and "buy 5 blanco blanco" not in texts(r, st)
    r, st, p = market_state(gauchos=5)
    do_act(r, st, Act("buy_cattle", {}))
    assert "buy 6 franqueiro4 franqueiro5" in texts(r, st)


def test_buying_spends_gauchos_and_pesos_and_the_cards_go_to_the_discard_pile():
    r, st, p = market_state(gauchos=3, money=10)
    do_act(r, st, Act("buy_cattle", {}))
    act(r, st, "buy", 3, "serrano")               # 2 gauchos, 2 pesos
    assert p["money"] == 8 and p["discard"] == ["serrano"] and "serrano" not in st.cattle
    assert buys(r, st) == {(1, 4, 1, "caracu"), (1, 5, 1, "bv3")}
    act(r, st, "buy", 0, "caracu3")               # the last gaucho: the purchase ends by itself
    assert p["money"] == 4 and p["discard"] == ["serrano", "caracu3"] and not st.pending


def test_money_limits_the_options():
    r, st, p = market_state(gauchos=2, money=4)
    do_act(r, st, Act("buy_cattle", {}))
    assert buys(r, st) == {(1, 4, 1, "caracu"), (2, 2, 1, "bv3")}


def test_an_unused_gaucho_reveals_two_cards_into_the_market():
    r, st, p = market_state(gauchos=2, money=0, market=("chaqueno",))
    do_act(r, st, Act("buy_cattle", {}))
    assert texts(r, st) == ["end", "reveal"]
    ev = act(r, st, "reveal")
    assert any(e.type == "gwta_reveal" and e.args["cards"] == ["serrano", "caracu3"] for e in ev)
    assert st.cattle == ["caracu3", "chaqueno", "serrano"]      # sorted by colour
    act(r, st, "reveal")
    assert len(st.cattle) == 5 and not st.pending              # both gauchos used


def test_refill_and_sort_the_market():
    r, st = Rules(), new_state(n=2)
    st.cattle = ["angus5", "serrano"]
    st.cattle_deck = ["blanco", "chaqueno", "caracu3", "franqueiro4"] * 3
    drawn = r.refill_market(st)
    assert len(drawn) == 7 and len(st.cattle) == 9
    order = r.data.market_order
    cols = [order.index(CARDS[c].colour) for c in st.cattle]
    assert cols == sorted(cols)
    assert r.refill_market(st) == []
    st.cattle_deck = []
    st.cattle = ["serrano"]
    assert r.refill_market(st) == [] and st.cattle == ["serrano"]


def test_free_market_cards():
    r, st, p = market_state(gauchos=1, money=0)
    p["hand"] = ["niata", "exhaustion"]
    a = Act("free_market_card", {"discard": True})
    opts = r.act_options(st, 0, a)
    assert ("niata", "angus5") in opts and not any(o[0] == "exhaustion" for o in opts)
    do_act(r, st, a, "niata", "angus5")
    assert p["hand"] == ["exhaustion"] and p["discard"] == ["niata", "angus5"] and "angus5" not in st.cattle
    a = Act("free_market_card", {"breed": "franqueiro"})          # a city bonus: no discard
    assert r.act_options(st, 0, a) == [("franqueiro4",), ("franqueiro5",)]
    do_act(r, st, a, "franqueiro5")
    assert p["discard"][-1] == "franqueiro5"
    st.cattle = [c for c in st.cattle if CARDS[c].breed != "franqueiro"]
    assert r.act_options(st, 0, a) == []


# ================================================================ card acts
def test_draw_then_discard_as_many_as_drawn():
    r, st = Rules(), new_state()
    p = st.players[0]
    p["hand"], p["deck"] = ["niata"], ["serrano", "blanco"]
    assert r.act_options(st, 0, Act("draw_discard", {"per_gaucho": True})) == [()]
    do_act(r, st, Act("draw_discard", {"count": 3}))         # only 2 to draw
    assert sorted(p["hand"]) == ["blanco", "niata", "serrano"] and st.pending[-1] == {"k": "discardn", "left": 2}
    act(r, st, "discard", "niata")
    act(r, st, "discard", "serrano")
    assert p["hand"] == ["blanco"] and not st.pending
    p["discard"] = []
    assert r.start_draw_discard(st, 0, 2, []) == 0 and not st.pending      # nothing to draw


def test_remove_cards_exhaustion_back_to_its_pile():
    r, st = Rules(), new_state()
    p = st.players[0]
    p["hand"] = ["exhaustion", "niata"]
    assert r.act_options(st, 0, Act("remove_card", {})) == [("exhaustion",), ("niata",)]
    do_act(r, st, Act("remove_card", {}), "niata")
    assert st.box == ["niata"]
    assert r.act_options(st, 0, Act("remove_exhaustion", {})) == [()]
    do_act(r, st, Act("remove_exhaustion", {}))
    assert p["hand"] == [] and st.exhaustion == 21
    assert r.act_options(st, 0, Act("remove_exhaustion", {})) == []
    p["hand"] = ["niata", "serrano", "blanco"]
    do_act(r, st, Act("remove_card", {"count": 2}))
    act(r, st, "remove", "serrano")
    assert texts(r, st) == ["end", "remove blanco", "remove niata"]
    act(r, st, "end")
    assert p["hand"] == ["niata", "blanco"] and not st.pending


def test_discard_cattle_for_grain_certificates_and_the_train():
    r, st = Rules(), new_state()
    p = st.players[0]
    p["hand"] = ["patagonico", "niata", "exhaustion"]
    assert r.act_options(st, 0, Act("discard_cattle_for_grain", {"amount": 1})) == [("niata",), ("patagonico",)]
    do_act(r, st, Act("discard_cattle_for_grain", {"amount": 1}), "niata")
    assert p["grain"] == 1 and p["discard"] == ["niata"]
    do_act(r, st, Act("discard_cattle_for_certificates", {"amount": 1}), "patagonico")
    assert p["certs"] == 1
    p["hand"], p["grain"], p["certs"] = ["niata"], 8, 4          # full tracks: nothing to gain
    assert r.act_options(st, 0, Act("discard_cattle_for_grain", {"amount": 1})) == []
    assert r.act_options(st, 0, Act("discard_cattle_for_certificates", {"amount": 1})) == []
    p["hand"] = ["patagonico", "niata"]
    a = Act("discard_cattle_for_train", {"breed": "patagonico", "steps": 2})
    assert r.act_options(st, 0, a) == [("patagonico", "1"), ("patagonico", "2")]
    do_act(r, st, a, "patagonico", "2")
    assert r.trains == [(2, "2")] and p["loco"] == "2" and p["hand"] == ["niata"]


# ================================================================ descriptions
def test_descriptions_of_acts_and_verbs():
    r, (st, _) = Rules(), example_state()
    r.describe_rail_act = lambda a, args: ("gwta.d.train_space", {"n": int(args[0])})
    assert r.describe_farm_act(Act("help_farmers", {"max": 3, "bonus": 6}), ()) == ("gwta.d.help", {"n": 3, "bonus": 6})
    assert r.describe_farm_act(Act("discard_cattle_for_train", {"steps": 2}), ("niata", "2")) == (
        "gwta.d.discard_for_train", {"card": "niata", "move": ("gwta.d.train_space", {"n": 2})})
    assert r.describe_farm_act(Act("gain_money", {"amount": 1}), ()) is None
    do_act(r, st, Act("help_farmers", {"max": 3, "bonus": 0}))
    assert r.describe_farm_verb(st, Action(0, "farmer", ("bl1",))) == ("gwta.d.farmer", {"node": "bl1", "need": 6})
    assert r.describe_farm_verb(st, Action(0, "reveal", ("caracu3",))) == (
        "gwta.d.reveal_card", {"card": "caracu3", "stamina": 7})
    assert r.describe_farm_verb(st, Action(0, "move", ("x",))) is None


# ================================================================ on the real data
@pytest.fixture(scope="module")
def real():
    from games.gwt_argentina.model import load
    return load()


def test_real_purchase_options_hold_the_rulebook_prices(real):
    r = Rules(real)
    st = new_state(n=4)
    st.cattle = ["caracu2", "chaqueno", "serrano", "blanco", "franqueiro3", "franqueiro4", "angus5"]
    st.cattle_deck = ["niata"]
    seen = {}
    for g in (1, 2, 3, 5):
        st.players[0]["rows"]["gaucho"] = ["printed"] + ["g"] * (g - 1)
        st.players[0]["money"] = 30
        seen[g] = {(real.prices[int(o[1])].pesos, real.prices[int(o[1])].cards, real.prices[int(o[1])].what)
                   for o in r.buy_options(st, 0, 0) if real.prices[int(o[1])].gauchos == g}
    assert {(4, 1, "caracu"), (5, 1, "bv3"), (11, 1, "franqueiro")} <= seen[1]
    assert {(2, 1, "bv3"), (11, 1, "angus")} <= seen[2]
    assert (5, 2, "bv3") in seen[3]
    assert (9, 2, "franqueiro") in seen[5]
    st.players[0]["rows"]["gaucho"] = ["printed"]
    assert {o[2] for o in r.buy_options(st, 0, 0) if o[1] == 1} == {"blanco", "chaqueno", "serrano"}


def test_real_worked_example_of_helping(real):
    """§3.8.6 on the data: blue 6 (2 pesos on its space, 0 printed) and green 4 (1 + 2)."""
    r = Rules(real)
    st = new_state(n=3)
    blue = next(t.id for t in real.tokens.values() if t.type == "blue" and t.stamina == 6)
    green = next(t.id for t in real.tokens.values() if t.type == "green" and t.stamina == 4)
    assert real.farmer_pesos["bl1"] == 0 and real.farmer_pesos["gr3"] == 2
    st.farmers = {"bl1": blue, "gr3": green}
    st.farm_pesos = {"bl1": 2, "gr3": 1}
    p = st.players[0]
    p.update(board_stamina=3, money=6, hand=["caracu3", "niata", "serrano"])
    r.start_help(st, 0, ["bl1", "gr3"], 0, [], 3)
    for verb, arg in (("farmer", "bl1"), ("farmer", "gr3"), ("reveal", "caracu3"), ("reveal", "niata")):
        act(r, st, verb, arg)
    act(r, st, "done")
    assert p["money"] == 11 and p["discard"].count("exhaustion") == 1 and p["hand"] == ["serrano"]
    act(r, st, "invest", blue)
    assert p["money"] == 5
    act(r, st, "do", 0)                       # the granjero space's instant: grain +1
    assert p["grain"] == 1
    act(r, st, "end")
    assert p["rows"]["granjero"] == ["printed", blue] and p["farmers"] == [green]


def test_real_worker_rows(real):
    r = Rules(real)
    st = new_state()
    p = st.players[0]
    gauchos = [t.id for t in real.tokens.values() if t.type == "gaucho"][:5]
    r.add_worker(st, 0, "gaucho", gauchos[0], [])
    act(r, st, "do", 0)                       # space 2: an exchange token
    assert p["tokens"] == 1
    for t in gauchos[1:4]:
        r.add_worker(st, 0, "gaucho", t, [])
        while st.pending:
            act(r, st, "end")
    assert r.workers_vp(p) == 4 and not r.row_full(p, "gaucho")
    st.cattle = ["chaqueno"]
    r.add_worker(st, 0, "gaucho", gauchos[4], [])          # space 6: 3 pesos and buy cattle
    assert texts(r, st) == ["do 0", "end"]    # no money to buy yet
    act(r, st, "do", 0)
    assert texts(r, st) == ["do 1", "end"]
    act(r, st, "do", 1)
    assert st.pending[-1]["k"] == "buy"
    act(r, st, "buy", 2, "chaqueno")          # 2 of the 6 gauchos, 2 pesos
    assert p["money"] == 1 and r.workers_vp(p) == 8 and r.row_full(p, "gaucho")
    assert r.stamina_workers(p) == sum(real.tokens[t].stamina for t in gauchos)
    assert r.invest_cost(p) == 6


def test_real_exhaustion_for_revealed_cards(real):
    r = Rules(real)
    assert [r.help_exhaustion(n) for n in range(5)] == [0, 1, 1, 2, 2]


# ================================================================ in the composed rules
def test_composed_rules_help_on_a_farmer_tile_and_buy_from_a_slot():
    from games.core.contract import Config, Seat
    from games.gwt_argentina.rules import ArgentinaRules
    r = ArgentinaRules()
    st = r.setup(Config([Seat("a"), Seat("b"), Seat("c")], 5))
    seat = st.current
    p = st.players[seat]
    farmer = next(t.id for t in r.data.tokens.values() if t.kind == "farmer" and t.stamina == 3
                  and t.id not in st.farmers.values())
    for bag in st.bags.values():
        if farmer in bag:
            bag.remove(farmer)
    node = next(n for n in r.data.farmer_zones["green"] if n not in st.farmers)
    st.farmers[node] = farmer
    p["node"] = node
    pool = p["hand"] + p["deck"]
    pool.remove("niata")
    pool.remove("patagonico")
    p["deck"], p["hand"] = pool, ["niata", "patagonico"]          # stamina 1 + 2
    st.pending = [{"k": "farmer", "node": node}]
    assert "help" in texts(r, st)
    act(r, st, "help")
    assert st.pending[-1]["k"] == "help" and st.pending[-1]["picked"] == [node]
    act(r, st, "reveal", "patagonico")
    act(r, st, "reveal", "niata")
    assert "token" not in " ".join(texts(r, st))          # the hand is being counted
    act(r, st, "done")
    assert farmer not in st.farmers.values() and p["discard"].count("exhaustion") == 1
    r.check_invariants(st)
    if st.pending and st.pending[-1]["k"] == "invest":
        act(r, st, "end")
    assert farmer in p["farmers"] + p["rows"]["granjero"]
    # the gaucho row's last space: 3 pesos and buy cattle, through the rules' menu
    st.current = seat
    st.pending = [{"k": "menu", "ref": ["slot", "gaucho", 5], "left": [0, 1]}]
    act(r, st, "do", 0)
    act(r, st, "do", 1)
    assert st.pending[-1]["k"] == "buy"
    r.check_invariants(st)


def test_the_help_options_are_those_help_feasible_allows_in_real_games():
    # options_help works the stamina out once per decision; each option must still be
    # exactly the one help_feasible allows (in easy-bot games, which help at random)
    from games.core.contract import Config, Seat
    from games.core.match import Match
    from games.gwt_argentina import RULES as R
    seen = 0
    for seed in range(6):
        m = Match(R, Config([Seat("a", "bot:easy"), Seat("b", "bot:easy")], seed, {}))
        while not m.is_over() and m.ply < 1500:
            st, seat = m.state, m.to_act()[0]
            top = st.pending[-1] if st.pending else None
            if top is not None and top["k"] == "help":
                picked, revealed, bonus = top["picked"], top["revealed"], top["bonus"]
                want = [("farmer", n) for n in top["nodes"] if len(picked) < top["max"]
                        and n not in picked
                        and R.help_feasible(st, seat, top["nodes"], bonus, picked + [n], revealed)]
                if len(revealed) < R.data.help_cards_max:
                    want += [("reveal", c) for c in sorted(set(R.unrevealed(st.players[seat], revealed)))
                             if R.help_feasible(st, seat, top["nodes"], bonus, picked, revealed + [c])]
                if picked and R.help_stamina(st, seat, bonus, revealed) >= sum(
                        R.farmer_need(st, n) for n in picked):
                    want.append(("done",))
                assert R.options_help(st, seat, top) == want
                seen += 1
            m.apply(m.bot_action(seat))
    assert seen >= 20
