"""GWT Argentina: every worked example of the rulebook as a test with its numbers, played
through the composed rules on the real data (issue K). "Rulebook Lnnn" is the example's
line in the seed text (004_*.txt), as the spec cites it; the spec (gwt_argentina.md) marks
the numbers it took from them [RB-ex].

  example (rulebook line)              spec             test
  3 players: 8 workers (362), 12 cattle (902)  §2.1  test_arg_rules: test_setup_per_player_count
  parallel branches 2 / 3 steps (529)  §4 G1            here
  step limits 4 and 6 (539)            §3.4, A.4        here
  loco on 8: no ramp 9; H -> r6 (557)  §3.4            here; test_arg_rules: test_shortcut_h_yellow_farmer_ramp_6
  3 players, 2 pesos, fees (588)       §2.3, §3.4       here
  own building: 3 actions or aux (661) §3.5 (1)         here
  farmer tile: 2 pesos, help it (691)  §3.5 (3)         here
  Rotterdam delivery (741)             §3.6.1           test_arg_ba: test_real_rotterdam_delivery
  income 8, 10; permanent 9 (749-781)  §3.6.2           test_arg_ba: test_real_income_loading_example; here
  ship 9 penalty 4; ship 8; 11 (853)   §3.6.3           test_arg_ba: test_real_income_loading_example; here
  yellow ships sail (911)              §3.6.4           here; test_arg_ba: test_real_yellow_ships_sail
  refill, limit 5 (941)                §3.7, §3.10      test_arg_rules: test_refill_draws_what_the_pile_holds_...
  card icons (971)                     §3.8             here
  neutral A: hires 7 and 9 (1076)      §3.8.1, G3, G8   here
  building 4 / replacing 6 (1126)      §3.8.2           test_arg_rules: test_two_carpintero_..., test_replacement_...
  cattle market by gauchos (1145)      §3.8.3           here; test_arg_farmers: test_real_purchase_options_...
  3 maquinistas from 1 (1213)          §3.8.4           test_arg_railroad: test_real_rulebook_example_on_neutral_d
  objective cards 9 / 4 VP (1350)      §3.8.5           test_arg_rules: test_objective_scoring_worked_example
  helping blue 6 + green 4 (1408)      §3.8.6           here; test_arg_farmers: test_real_worked_example_of_helping

Positions are set up by hand on a state dealt by `setup` (a plain dataclass), every
component kept in one place, and played with the actions' text forms."""
from __future__ import annotations

import pytest

from games.core.action import Action
from games.core.contract import Config, Seat
from games.gwt_argentina.rules import ArgentinaRules
from games.gwt_argentina.trail import cheapest_destinations

R = ArgentinaRules()
D = R.data


def game(n=3, seed=1):
    st = R.setup(Config([Seat(f"p{i}") for i in range(n)], seed=seed))
    st.current = 0
    st.pending = []
    return st


def texts(st):
    return [" ".join((a.verb, *a.args)) for a in R.legal_actions(st)]


def act(st, verb, *args):
    a = Action(st.current, verb, tuple(str(x) for x in args))
    assert R.is_legal(st, a), (a.text, texts(st))
    return R.perform(st, a)


def opts(st):
    """The options of the decision asked now, free actions (exchange tokens, objectives)
    left out."""
    top = st.pending[-1]
    return [" ".join(str(x) for x in o) for o in R._kinds[top["k"]].options(st, st.current, top)]


def clear_trail(st):
    """No farmer and no building on the trail: the farmer tokens go to the box."""
    st.token_box += list(st.farmers.values())
    st.farmers.clear()
    st.built.clear()


def token(st, kind, wtype, **want):
    """A token of `kind` and type from a bag (with the given fields: hand, stamina)."""
    for bag in st.bags.values():
        for t in bag:
            x = D.tokens[t]
            if x.kind == kind and x.type == wtype and all(getattr(x, k) == v for k, v in want.items()):
                bag.remove(t)
                return t
    raise AssertionError((kind, wtype, want))


def farmer(st, node, colour, **want):
    st.farmers[node] = t = token(st, "farmer", colour, **want)
    return t


def hire_into_row(st, seat, wtype, **want):
    """A worker from a bag straight into the seat's row (its space's instant not done)."""
    t = token(st, "worker", wtype, **want)
    st.players[seat]["rows"][wtype].append(t)
    return t


def to_job_market(st, row, col, wtype, **want):
    """Put a worker of `wtype` from a bag on the job market space; any worker there goes to
    the bag."""
    old = st.jm[row][col]
    st.jm[row][col] = token(st, "worker", wtype, **want)
    if old:
        st.bags[D.tokens[old].bag].append(old)
    return st.jm[row][col]


def build(st, node, tile, owner):
    st.players[owner]["buildings"].remove(tile)
    st.built[node] = {"type": int(tile[:-1]), "side": tile[-1], "owner": owner}


def set_hand(st, seat, *cards):
    """Make `cards` the seat's hand: its own cattle from its draw pile, market cattle from
    the market deck or the market; the old hand goes onto the draw pile."""
    p = st.players[seat]
    p["deck"] += p["hand"]
    p["hand"] = []
    for c in cards:
        for pile in (p["deck"], st.cattle_deck, st.cattle):
            if c in pile:
                pile.remove(c)
                break
        else:
            raise AssertionError(c)
        p["hand"].append(c)


def uncover(st, seat, disc):
    """Take the disc off its space as if it had been loaded onto the 0-ship."""
    R.uncover_disc(st.players[seat], disc)
    st.ship_discs["sun0"].append(seat)


def at_move(st, seat, node, money=None):
    """Phase A of `seat` with its estanciero on `node`."""
    st.current = seat
    p = st.players[seat]
    p["node"] = node
    if money is not None:
        p["money"] = money
    st.pending = [{"k": "move", "max": R.step_limit(p), "extra": 0}]
    return p


def fees(ev):
    return [(e.args["node"], e.args["due"], e.args["paid"]) for e in ev if e.type == "gwta_fee"]


# ================================================================ movement (§3.4)
def test_step_limit_example_four_and_six():
    """Rulebook L539 (spec §3.4 rule 5, A.4): the blue player's step limit is 4, the red
    player's 6 once a step-limit disc is off her board (3 players: start 4, the first
    step-limit space +2)."""
    st = game(3)
    blue, red = st.players[0], st.players[1]
    uncover(st, 1, "step1")
    assert R.step_limit(blue) == 4 and R.step_limit(red) == 6
    clear_trail(st)
    at_move(st, 1, "nB")
    assert max(d.steps for d in R.destinations(st, 1, R.step_limit(red)).values()) == 6
    R.check_invariants(st)


def test_parallel_branches_example_two_or_three_steps():
    """Rulebook L529 (spec §4 G1): Masha's estanciero reaches the next neutral building in
    2 steps through a red private building, or in 3 through 2 green farmer tiles."""
    st = game(3)
    clear_trail(st)
    build(st, "p1", "2a", 1)                         # red's building, no hand
    farmer(st, "gr1", "green")
    farmer(st, "gr2", "green")
    at_move(st, 0, "nA", money=10)
    dest = R.destinations(st, 0, R.step_limit(st.players[0]))["nB"]
    assert dest.steps == 2 and dest.path[0] == "p1"
    # the other branch, on the trail and the fees the rules use now
    locs, fee = R.trail_now(st, 0)
    lower = dict(R.trail_succ(st, 0), nA=("gr1",))
    other = cheapest_destinations(lower, "nA", 4, locs, D.city, fee)["nB"]
    assert other.steps == 3 and other.path[:2] == ("gr1", "gr2")
    act(st, "move", "nB")
    assert st.players[0]["node"] == "nB" and st.players[0]["money"] == 10
    R.check_invariants(st)


def test_shortcut_example_locomotive_8_ramp_9_and_h_to_ramp_6():
    """Rulebook L557 (spec §3.4 shortcuts): Masha's locomotive is on 8, so the shortcut to
    railroad space 9 is shut for her; Misha and Sasha may use 9 (and 6 and 3 before it).
    From neutral H she moves 2 steps through a yellow farmer (paying 1 peso) onto the ramp
    of space 6, and at once goes on to Buenos Aires."""
    st = game(3)
    clear_trail(st)
    farmer(st, "ye4", "yellow", hand="black")
    masha, misha, sasha = st.players
    masha["loco"], misha["loco"], sasha["loco"] = "8", "9", "12"
    for seat in (0, 1, 2):
        at_move(st, seat, "nH", money=5)
        ramps = {n for n in R.destinations(st, seat, 4) if n in D.ramps}
        assert {"r3", "r6"} <= ramps and ("r9" in ramps) == (seat != 0), seat
    at_move(st, 0, "nH", money=5)
    dest = R.destinations(st, 0, 4)["r6"]
    assert dest.steps == 2 and dest.path[-2:] == ("ye4", "r6")
    ev = act(st, "move", "r6")
    assert masha["node"] == D.city and masha["money"] == 4 and st.farm_pesos["ye4"] == 1
    assert fees(ev) == [("ye4", 1, 1)]
    assert st.pending[-1]["k"] == "ba_delivery"         # phase B: Buenos Aires
    R.check_invariants(st)


def test_fee_example_three_players_two_pesos():
    """Rulebook L588 (spec §2.3, §3.4 fees; confirms the 3-player fees): Masha has 2 pesos.
    The lower path passes Misha's building with a green hand (2 pesos to Misha) and then
    Sasha's with a black hand (nothing left to pay; she moves on all the same). The upper
    path passes two farmers with black hands: 1 peso onto each one's peso space; she loses
    2 pesos either way but gives none to an opponent, and takes that path."""
    st = game(3)
    clear_trail(st)
    build(st, "g3", "7a", 1)                         # Misha: green hand
    build(st, "g4", "1a", 2)                         # Sasha: black hand
    farmer(st, "bl1", "blue", hand="black")
    farmer(st, "bl2", "blue", hand="black")
    masha, misha, sasha = st.players
    m1, m2 = misha["money"], sasha["money"]
    at_move(st, 0, "nB", money=2)
    ev = act(st, "move", "nC")
    assert masha["node"] == "nC" and masha["money"] == 0
    assert fees(ev) == [("bl1", 1, 1), ("bl2", 1, 1)]
    assert st.farm_pesos["bl1"] == st.farm_pesos["bl2"] == 1 and (misha["money"], sasha["money"]) == (m1, m2)
    # the lower path, which the move takes once the upper one costs more (green hands on its
    # farmers: 2 + 2): 2 pesos to Misha, nothing to Sasha, and the move goes on
    st.token_box += [st.farmers.pop("bl1"), st.farmers.pop("bl2")]
    st.farm_pesos.update(bl1=0, bl2=0)
    farmer(st, "bl1", "blue", hand="green")
    farmer(st, "bl2", "blue", hand="green")
    at_move(st, 0, "nB", money=2)
    ev = act(st, "move", "nC")
    assert masha["node"] == "nC" and masha["money"] == 0
    assert fees(ev) == [("g3", 2, 2), ("g4", 1, 0)]
    assert (misha["money"], sasha["money"]) == (m1 + 2, m2)
    R.check_invariants(st)


# ================================================================ phase B (§3.5)
def test_own_building_example_each_action_once_or_one_auxiliary():
    """Rulebook L661 (spec §3.5 (1)): Masha stops on her own private building (6a) on a
    space with an attached extra action. She may do each once, in any order: (1) hire one
    worker at 1 peso less, (2) move her locomotive as many spaces as she has maquinistas,
    (3) the extra action: discard 1 cattle card, certificate marker +1. Only if she skips
    all three may she take one single auxiliary action instead."""
    st = game(3)
    clear_trail(st)
    build(st, "x1", "6a", 0)
    masha = st.players[0]
    hire_into_row(st, 0, "maquinista", stamina=0)
    hire_into_row(st, 0, "maquinista", stamina=0)          # 3 with the printed one
    set_hand(st, 0, "niata", "patagonico", "fronterizo", "holando")
    gaucho = to_job_market(st, 0, 1, "gaucho", stamina=0)   # a row costing 6
    at_move(st, 0, "nB", money=10)
    act(st, "move", "x1")
    assert st.pending[-1] == {"k": "act", "node": "x1", "tile": True}
    assert opts(st) == ["use", "aux 1", "aux 2"]            # the actions, or one auxiliary
    act(st, "use")
    menu = st.pending[-1]
    assert [a.name for a in R.ref_acts(st, menu["ref"])] == [
        "move_train", "hire_worker", "discard_cattle_for_certificates"]
    assert not any(o.startswith("aux") for o in opts(st))
    # (3) first: any order
    act(st, "do", 2, "niata")
    assert masha["certs"] == 1 and "niata" in masha["discard"] and menu["left"] == [0, 1]
    # (1) hire at -1: 6 - 1 = 5 pesos; the gaucho row's space 2 gives an exchange token
    act(st, "do", 1, gaucho)
    assert masha["money"] == 5 and masha["rows"]["gaucho"] == ["printed", gaucho]
    act(st, "do", 0)
    assert masha["tokens"] == 2 and st.pending[-1] is menu and menu["left"] == [0]
    # (2) the locomotive: up to 3 spaces, one per maquinista
    assert sorted(o.split()[2] for o in opts(st) if o.startswith("do 0")) == ["1", "2", "3"]
    act(st, "do", 0, 3)
    assert masha["loco"] == "3"
    # all three used: phase B is over, phase C refilled her hand, the next seat plays
    assert st.current == 1 and len(masha["hand"]) == R.hand_limit(masha)
    R.check_invariants(st)


def test_farmer_tile_example_fee_then_help_this_one_or_an_auxiliary():
    """Rulebook L691 (spec §3.5 (3)): Masha stops on a farmer tile with a green hand (3
    players): she puts 2 pesos on its peso space at once, then either takes one single
    auxiliary action or helps this farmer, and only this one."""
    st = game(3)
    clear_trail(st)
    here = farmer(st, "bl1", "blue", hand="green", stamina=4)
    farmer(st, "gr1", "green", stamina=4)                   # elsewhere: not hers to help now
    masha = at_move(st, 0, "nB", money=5)
    set_hand(st, 0, "niata", "patagonico", "fronterizo", "holando")     # stamina 1 + 2 + 2 + 2
    ev = act(st, "move", "bl1")
    assert fees(ev) == [("bl1", 2, 2)] and masha["money"] == 3 and st.farm_pesos["bl1"] == 2
    assert st.pending[-1] == {"k": "farmer", "node": "bl1"}
    assert opts(st) == ["help", "aux 1", "aux 2", "end"]
    act(st, "help")
    assert st.pending[-1]["picked"] == ["bl1"] and st.pending[-1]["nodes"] == ["bl1"]
    assert not any(o.startswith("farmer") for o in opts(st))
    act(st, "reveal", "patagonico")
    act(st, "reveal", "fronterizo")                          # 2 + 2 = 4
    act(st, "done")
    # her own 2 pesos come back from the peso space, plus the 0 printed below bl1
    assert masha["money"] == 3 + 2 + D.farmer_pesos["bl1"] and "gr1" in st.farmers
    assert here in masha["farmers"] + masha["rows"]["granjero"]
    R.check_invariants(st)


# ================================================================ actions (§3.8)
def test_neutral_a_example_two_hires_7_and_9_no_holando():
    """Rulebook L1076 (spec §3.8.1, §4 G3, G8): on neutral building A, Masha hires a
    maquinista first; not from the job market token's row, so from the row above, for 7
    pesos; it covers the leftmost free maquinista space and its instant action. With the
    second hire (+2 icon) she takes a gaucho with a stamina icon from a row costing 6:
    6 + 2 + 1 = 9 pesos, and its space gives an exchange token at once. She has no Holando
    Argentino in hand, so she skips A's discard action."""
    st = game(3)
    masha = st.players[0]
    top = st.jm_row
    assert top == 2 and D.job_market.rows[top - 1].cost == 7 and D.job_market.rows[0].cost == 6
    in_token_row = to_job_market(st, top, 1, "maquinista", stamina=0)
    maq = to_job_market(st, top - 1, 1, "maquinista", stamina=0)
    gaucho = to_job_market(st, 0, 2, "gaucho", stamina=1)
    set_hand(st, 0, "niata", "patagonico", "fronterizo", "serrano")
    masha["money"] = 20
    masha["node"] = "nA"
    R.arrive(st, 0, [])
    act(st, "use")
    menu = st.pending[-1]
    assert not any(o.startswith("do 0") for o in opts(st))          # no Holando Argentino
    assert f"do 1 {maq}" in opts(st) and f"do 1 {in_token_row}" not in opts(st)
    act(st, "do", 1, maq)
    assert masha["money"] == 13 and masha["rows"]["maquinista"] == ["printed", maq]
    slot = D.worker_rows["maquinista"][1]
    assert st.pending[-1]["ref"] == ["slot", "maquinista", 1] and slot.acts   # its instant now
    act(st, "do", 0, "niata")                                        # maquinista space 2: remove a card
    assert "niata" not in masha["hand"]
    assert st.pending[-1] is menu and menu["left"] == [0, 2]
    act(st, "do", 2, gaucho)
    assert masha["money"] == 13 - 9 and masha["rows"]["gaucho"] == ["printed", gaucho]
    tokens = masha["tokens"]
    act(st, "do", 0)                                                 # gaucho space 2: exchange token
    assert masha["tokens"] == tokens + 1
    assert menu["left"] == [0] and opts(st) == ["end"]              # no Holando: she skips it
    act(st, "end")
    assert st.current == 1
    R.check_invariants(st)


def test_helping_example_blue_6_and_green_4_on_neutral_f():
    """Rulebook L1408 (spec §3.8.6): Masha has 3 stamina icons on her board (a white-corner
    disc space uncovered, 2 hired workers with stamina). She helps a blue farmer (6) and a
    green one (4): 10 needed; she reveals a Caracu (7), and a Niata as well: 2 cards, so 1
    exhaustion card. She takes both tiles and 5 pesos (2 + 1 from the peso spaces, 0 + 2
    printed below them), puts the blue one in her granjero row for 6 pesos (instant: grain
    +1) and the green one beside her board."""
    st = game(3)
    clear_trail(st)
    masha = st.players[0]
    uncover(st, 0, "stamina1")
    hire_into_row(st, 0, "gaucho", stamina=1)
    hire_into_row(st, 0, "carpintero", stamina=1)
    assert R.help_stamina(st, 0, 0) == 3
    blue = farmer(st, "bl1", "blue", stamina=6)
    green = farmer(st, "gr3", "green", stamina=4)
    st.farm_pesos.update(bl1=2, gr3=1)
    assert (D.farmer_pesos["bl1"], D.farmer_pesos["gr3"]) == (0, 2)
    set_hand(st, 0, "caracu3", "niata", "patagonico", "serrano")
    assert D.cards["caracu3"].stamina == 7 and D.cards["niata"].stamina == 1
    masha["money"], masha["grain"], pile = 4, 0, st.exhaustion
    masha["node"] = "nF"
    R.arrive(st, 0, [])
    act(st, "use")
    act(st, "do", 1)                                     # F: help up to 3 farmers
    act(st, "farmer", "bl1")
    act(st, "farmer", "gr3")
    act(st, "reveal", "caracu3")                         # 3 + 7 = 10: enough
    assert "done" in opts(st)
    act(st, "reveal", "niata")                           # revealed anyway: 11
    act(st, "done")
    assert masha["money"] == 4 + 5 and st.farm_pesos["bl1"] == st.farm_pesos["gr3"] == 0
    assert st.exhaustion == pile - 1 and masha["discard"].count("exhaustion") == 1
    assert {"caracu3", "niata"} <= set(masha["discard"]) and sorted(masha["hand"]) == ["patagonico", "serrano"]
    act(st, "invest", blue)
    assert masha["money"] == 9 - 6
    act(st, "do", 0)                                     # granjero space 2: grain +1
    assert masha["grain"] == 1
    assert st.pending[-1] == {"k": "invest", "tokens": [green]} and opts(st) == ["end"]   # 6 more she lacks
    act(st, "end")
    assert masha["rows"]["granjero"] == ["printed", blue] and masha["farmers"] == [green]
    R.check_invariants(st)



def buy_offers(st):
    """{(gauchos, pesos, cards, what)} of the purchases offered now."""
    out = set()
    for o in opts(st):
        if o.startswith("buy "):
            x = D.prices[int(o.split()[1])]
            out.add((x.gauchos, x.pesos, x.cards, x.what))
    return out


def buy_on_e(gauchos, money):
    """Seat 0 on neutral E with `gauchos` in its row and `money`, in its purchase."""
    st = game(3)
    assert {"caracu3", "chaqueno", "serrano", "franqueiro4", "angus5"} <= set(st.cattle)
    for _ in range(gauchos - 1):
        hire_into_row(st, 0, "gaucho", stamina=0)
    p = st.players[0]
    p.update(node="nE", money=money)
    R.arrive(st, 0, [])
    act(st, "use")
    act(st, "do", 1)                                     # E: buy cattle
    return st, p


def test_cattle_market_example_one_or_two_gauchos():
    """Rulebook L1145 (spec §3.8.3): with one gaucho Masha may buy a Caracu for 4, a card
    of breeding value 3 for 5 or a Franqueiro for 11. With two: two value-3 cards at 5
    each, or one value-3 card for 2, or an Aberdeen-Angus for 11; each gaucho once."""
    st, p = buy_on_e(1, 30)
    assert buy_offers(st) == {(1, 4, 1, "caracu"), (1, 5, 1, "bv3"), (1, 11, 1, "franqueiro")}
    st, p = buy_on_e(2, 30)
    assert {(2, 2, 1, "bv3"), (2, 11, 1, "angus")} <= buy_offers(st)
    st, p = buy_on_e(2, 10)
    one_for_5 = next(i for i, x in enumerate(D.prices) if (x.gauchos, x.pesos, x.what) == (1, 5, "bv3"))
    act(st, "buy", one_for_5, "chaqueno")
    assert p["money"] == 5 and buy_offers(st) == {(1, 4, 1, "caracu"), (1, 5, 1, "bv3")}
    act(st, "buy", one_for_5, "serrano")
    assert p["money"] == 0 and sorted(p["discard"]) == ["chaqueno", "serrano"]
    assert "buy" not in [e["k"] for e in st.pending]     # both gauchos used: the purchase is over
    R.check_invariants(st)
    st, p = buy_on_e(2, 10)
    act(st, "buy", next(i for i, x in enumerate(D.prices) if (x.gauchos, x.pesos) == (2, 2)), "serrano")
    assert p["money"] == 8 and p["discard"] == ["serrano"] and "buy" not in [e["k"] for e in st.pending]


# ================================================================ Buenos Aires (§3.6)
def test_income_example_with_a_permanent_certificate():
    """Rulebook L749, L769 (spec §3.6.2): Patagónico, Patagónico, Chaqueño, Serrano: 3 breeds,
    2 + 3 + 3 = 8; had Masha owned a station master with a permanent certificate of 1, the
    base would have been 9 instead of 8 (with none of her 3 temporary certificates used)."""
    st = game(3)
    masha = st.players[0]
    sid = next(iter(st.masters))
    if D.master(st.masters[sid]).perm_certs != 1:        # one of the 1-certificate tiles there
        st.masters[sid] = next(m.id for m in D.station_masters
                               if m.perm_certs == 1 and m.id not in st.masters.values())
    masha["masters"].append(st.masters[sid])             # claimed with a hired worker
    st.masters[sid] = None
    st.master_workers[sid] = token(st, "worker", "gaucho")
    set_hand(st, 0, "patagonico", "patagonico", "chaqueno", "serrano")
    masha["certs"], masha["money"] = 3, 0
    R.city_visit(st, 0, [])
    act(st, "skip")
    ev = act(st, "income", 0)
    income = next(e for e in ev if e.type == "gwta_income")
    assert income.args["value"] == 8 and income.args["total"] == 9
    assert masha["money"] == 9 and masha["certs"] == 3 and st.pending[-1] == {"k": "ba_load", "total": 9}
    R.check_invariants(st)


def test_loading_example_the_8_ship_instead():
    """Rulebook L855 (spec §3.6.3): with a total of 10 and 2 grain Masha could have chosen
    the 8-ship instead of the 9-ship: it takes only a disc from a white-corner space, its
    loading action gives her an objective card, and it needs only 1 grain: no penalty, and
    1 grain left."""
    st = game(3)
    masha = st.players[0]
    set_hand(st, 0, "patagonico", "patagonico", "chaqueno", "serrano")
    masha["certs"], masha["grain"], masha["money"] = 3, 2, 0
    R.city_visit(st, 0, [])
    act(st, "skip")                                      # no special delivery
    act(st, "income", 2)                                 # 2 + 3 + 3 + 2 certificates
    assert masha["money"] == 10
    eight = [o.split()[2] for o in opts(st) if o.startswith("load sun8 ")]
    assert eight and not any(D.disc(x).dark for x in eight)
    assert any(D.disc(o.split()[2]).dark for o in opts(st) if o.startswith("load sun9 "))
    act(st, "load", "sun8", eight[0])
    assert st.ship_discs["sun8"] == [0] and masha["grain"] == 1 and masha["money"] == 10
    assert st.pending[-1]["ref"] == ["ship", "sun8"] and "end" not in opts(st)   # the card is compulsory
    card = st.obj_open[0]
    act(st, "do", 0, "objective", 0)
    assert card in masha["discard"] and st.obj_open[0] not in (None, card)
    assert st.pending[-1] == {"k": "ba_foresight", "letter": "A"}
    R.check_invariants(st)


def test_ships_sail_example_loaded_5_ship_then_a_worker_in_action_5():
    """Rulebook L911 (spec §3.6.4): Masha loaded the 5-ship in action 3; in action 5 her
    worker moves the job market token past the blue arrow with the yellow ship icon. All
    discs on the 3 yellow ships go to their docks in Le Havre and Rotterdam; the 3 ships
    leave the game and 2 new ones from the stack join the loading area."""
    st = game(3)
    masha, misha = st.players[0], st.players[1]
    # the token on the row above the yellow blue arrow, one space short of its own space
    arrow = next(i for i, r in enumerate(D.job_market.rows) if r.after == "sail:yellow")
    st.jm_row = arrow
    for row in range(2, arrow + 1):
        for col in D.job_market.used_columns(3):
            if st.jm[row][col] is None and not (row == arrow and col == D.job_market.columns - 1):
                to_job_market(st, row, col, "gaucho")
    for i in (0, 1):                                     # foresight B: two workers
        st.bags["B"].append(st.foresight["B"][i])
        st.foresight["B"][i] = token(st, "worker", "carpintero")
    R.uncover_disc(misha, "aux3a")
    st.ship_discs["sun7"].append(1)                     # Misha's disc on the yellow 7-ship
    set_hand(st, 0, "patagonico", "chaqueno", "serrano", "niata")
    masha["grain"], masha["certs"] = 1, 0
    yellow = [s for s in st.ships if D.ships[s].group == "yellow"]
    assert sorted(yellow) == ["sun1", "sun5", "sun7"]
    R.city_visit(st, 0, [])
    act(st, "skip")
    act(st, "income", 0)                                 # 2 + 3 + 3 + 1 = 9
    act(st, "load", "sun5", "aux4a")
    assert st.ship_discs["sun5"] == [0] and masha["grain"] == 0
    assert st.pending[-1] == {"k": "ba_foresight", "letter": "A"}
    act(st, "foresight", 0)                              # a farmer (bag A)
    ships_before, stack_before = len(st.ships), len(st.ship_stack)
    ev = act(st, "foresight", 0)                         # action 5: the worker onto the token's space
    assert st.jm_row == arrow + 1
    assert st.docks["le_havre_2"] == [0] and st.docks["rotterdam_1"] == [1]
    assert sorted(st.sailed) == yellow and not set(yellow) & set(st.ships)
    assert len(st.ships) == ships_before - 3 + 2 and len(st.ship_stack) == stack_before - 2
    assert any(e.type == "gwta_sail" for e in ev)
    R.check_invariants(st)


# ================================================================ the icon examples (§3.8)
@pytest.mark.parametrize("node, own_tile, do, gain", [
    ("nE", None, ("do", 0, "fronterizo"), {"money": 2}),                     # 1 black Fronterizo -> 2 pesos
    ("nD", None, ("do", 1, "holando", "holando"), {"money": 2}),             # 2 of one breed -> 2 pesos
    ("x3", "2a", ("do", 2, "niata"), {"grain": 1}),                          # 1 of any breed -> grain +1
    ("x1", "2a", ("do", 2, "niata"), {"certs": 1}),                          # 1 of any breed -> certificate +1
    ("nB", None, ("do", 0, "patagonico", 2), {"loco": 2}),                   # 1 green Patagónico -> locomotive +2
])
def test_discard_icon_examples(node, own_tile, do, gain):
    """Rulebook L971 (spec §3.8): the examples of card icons, each with its requirement
    (discard exactly those cards from hand to the discard pile) and its reward."""
    st = game(3)
    clear_trail(st)
    if own_tile:
        build(st, node, own_tile, 0)
    p = st.players[0]
    set_hand(st, 0, "fronterizo", "holando", "holando", "patagonico", "niata")
    p.update(money=5, grain=0, certs=0, loco="0", node=node)
    before = {k: int(p[k]) for k in gain}
    R.arrive(st, 0, [])
    act(st, "use")
    act(st, *do)
    assert {k: int(p[k]) - before[k] for k in gain} == gain
    cards = [x for x in do[2:] if isinstance(x, str)]
    assert sorted(p["discard"]) == sorted(cards)
    assert len(p["hand"]) == 5 - len(cards)
    R.check_invariants(st)
