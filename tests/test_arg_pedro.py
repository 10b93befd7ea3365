"""Pedro, the solo opponent of GWT: Argentina (solo spec Part II): the worked examples of
§19 with their numbers, setup per level, solo games to the end with the invariants checked
after every action, determinism, the view and his data."""
import pytest

from games.core.contract import Config, ConfigError, Seat
from games.core.match import Match
from games.gwt_argentina import RULES
from games.gwt_argentina.pedro_model import load_pedro
from games.gwt_argentina.railroad import DEPOT

PEDRO = 1


def solo(seed=0, level="medium", bot="easy", **opts):
    seats = [Seat("P0", f"bot:{bot}", 0), Seat("Pedro", "automa", 1)]
    return Match(RULES, Config(seats, seed, {"pedro": level, **opts}))


def state(seed=0, level="medium"):
    return RULES.setup(Config([Seat("P0", "bot:easy", 0), Seat("Pedro", "automa", 1)], seed, {"pedro": level}))


def token(kind, type_, stamina=None, hand="any", exclude=()):
    d = RULES.data
    return next(t.id for t in d.tokens.values() if t.kind == kind and t.type == type_
                and (stamina is None or t.stamina == stamina) and (hand == "any" or t.hand == hand)
                and t.id not in exclude)


def bare(st, seat=PEDRO, rows=None, spec=None):
    """Pedro with the given worker rows ({type: n}, printed included; tokens plain)."""
    p = st.players[seat]
    used = set(st.jm[r][c] for r in range(len(st.jm)) for c in range(len(st.jm[r])) if st.jm[r][c])
    for wtype in ("gaucho", "carpintero", "maquinista"):
        p["rows"][wtype] = ["printed"]
        for _ in range((rows or {}).get(wtype, 1) - 1):
            t = token("worker", wtype, 0, exclude=used | {x for r in p["rows"].values() for x in r})
            p["rows"][wtype].append(t)
    if spec:
        p["pedro"]["spec"] = spec
    return p


def empty_trail(st):
    st.farmers.clear()
    st.built.clear()
    for n in st.farm_pesos:
        st.farm_pesos[n] = 0


def turn_with(st, card, seat=PEDRO):
    st.players[seat]["pedro"]["deck"].append(card)
    return RULES.pedro_turn(st, seat)


def kinds(ev):
    return [e.type for e in ev]


@pytest.fixture(autouse=True)
def _worked_examples_at_design_medium(request, monkeypatch):
    """§19's numbers assume the design's Medium; the balance knobs (pedro.yaml) do not apply."""
    if request.node.name.startswith("test_tc"):
        design_medium(monkeypatch)


# ---------------------------------------------------------------- TC1-TC3: movement
def test_tc1_shortest_path_at_a_fork():
    st = state()
    empty_trail(st)
    st.farmers.update({"gr1": token("farmer", "green", hand="green"),
                       "gr2": token("farmer", "green", hand="green", exclude={st.farmers.get("gr1")}),
                       "bl1": token("farmer", "blue", hand="black"), "ye1": token("farmer", "yellow", hand="black")})
    p = bare(st, rows={"maquinista": 1})
    p["node"], p["loco"] = "nA", "2"
    st.players[0]["loco"] = "0"
    assert RULES.pedro_dist(st, PEDRO, "nC") == 7
    ev = turn_with(st, "P07")
    assert p["node"] == "nC"
    assert not [e for e in ev if e.type.startswith("gwta_pedro_fee")]
    assert p["loco"] == "3"


def test_tc2_shortcut_into_buenos_aires():
    st = state()
    empty_trail(st)
    st.farmers["ye1"] = token("farmer", "yellow", hand="black")
    p = bare(st)
    p["node"], p["loco"] = "nG", "17"
    ev = turn_with(st, "P01")
    assert "gwta_ramp" in kinds(ev)
    assert kinds(ev).index("gwta_pedro_hire") < kinds(ev).index("gwta_ba")
    assert p["node"] == RULES.data.start_node     # the visit ended at the rider space
    assert p["pedro"]["visits"] == 1
    # variant: the locomotive on 16: R17 is shut; Ye1 and 1 peso from the bank onto it
    st = state()
    empty_trail(st)
    st.farmers["ye1"] = token("farmer", "yellow", hand="black")
    p = bare(st)
    p["node"], p["loco"] = "nG", "16"
    money = st.players[0]["money"]
    turn_with(st, "P01")
    assert p["node"] == "ye1" and st.farm_pesos["ye1"] == 1 and st.players[0]["money"] == money


def test_tc3_fees_steer_the_path():
    st = state()
    empty_trail(st)
    st.built["g3"] = {"type": 3, "side": "b", "owner": 0}
    st.farmers["bl1"] = token("farmer", "blue", hand="black")
    p = bare(st, rows={"maquinista": 1})
    p["node"] = "nB"
    money = st.players[0]["money"]
    ev = turn_with(st, "P07")
    move = next(e for e in ev if e.type == "gwta_pedro_move")
    assert "bl1" in move.args["path"] and p["node"] == "nC"
    assert st.farm_pesos["bl1"] == 1 and st.players[0]["money"] == money


# ---------------------------------------------------------------- TC4: hiring
def jm_fixture(st, cells):
    """Rows 1-3 as given ([[type or (type, stamina)...]...]), the job-market token in row 4."""
    d = RULES.data
    st.jm = [[None] * 4 for _ in d.job_market.rows]
    st.jm_row = 3
    used = set()
    for r, row in enumerate(cells):
        for c, w in enumerate(row):
            wtype, stam = (w, 0) if isinstance(w, str) else w
            t = token("worker", wtype, stam, exclude=used)
            used.add(t)
            st.jm[r][2 + c] = t
    return used


def test_tc4_hiring_and_a_specialization_change():
    st = state()
    jm_fixture(st, [["carpintero"], ["gaucho", ("maquinista", 1)], ["maquinista"]])
    p = bare(st, rows={"gaucho": 1, "carpintero": 1, "maquinista": 2}, spec="maquinista")
    row3 = st.jm[2][2]
    cell = RULES.pick_hire_any(st, PEDRO)
    assert cell == (2, 2, row3)
    RULES.pedro_hire(st, PEDRO, cell, [])
    assert RULES.row_count(p, "maquinista") == 3 and p["pedro"]["spec"] == "maquinista"
    assert all(t is None for t in st.jm[2])
    # variant: G2 C2 M1, specialization G: row 1's carpintero; C3 > G2 moves the token
    st = state()
    jm_fixture(st, [["carpintero"], ["gaucho", ("maquinista", 1)], ["maquinista"]])
    p = bare(st, rows={"gaucho": 2, "carpintero": 2, "maquinista": 1}, spec="gaucho")
    cell = RULES.pick_hire_any(st, PEDRO)
    assert cell[0] == 0
    ev = []
    RULES.pedro_hire(st, PEDRO, cell, ev)
    assert RULES.row_count(p, "carpintero") == 3 and p["pedro"]["spec"] == "carpintero"
    assert "gwta_pedro_spec" in kinds(ev)


# ---------------------------------------------------------------- TC5: cattle
def test_tc5_buying_with_the_market_token():
    st = state()
    bare(st, rows={"gaucho": 2})
    p = st.players[PEDRO]
    p["discard"] = ["franqueiro4"]
    st.cattle = ["caracu2", "serrano", "blanco", "franqueiro3", "franqueiro5", "angus6"]
    RULES.pedro_buy(st, PEDRO, 2, [])     # tier 2: the design's P08 with 2 gauchos
    assert p["discard"][-1] == "franqueiro5"
    assert len({RULES.data.cards[c].breed for c in p["discard"]}) == 1
    # variant: no Franqueiro, pile [Serrano]: bv 3 not owned, then the higher VP
    st = state()
    bare(st, rows={"gaucho": 2})
    p = st.players[PEDRO]
    p["discard"] = ["serrano"]
    st.cattle = ["caracu2", "chaqueno", "serrano", "blanco", "angus6"]
    RULES.pedro_buy(st, PEDRO, 2, [])
    assert p["discard"][-1] == "blanco"
    assert len({RULES.data.cards[c].breed for c in p["discard"]}) == 2


# ---------------------------------------------------------------- TC6: building
def test_tc6_new_building_and_replacement():
    st = state()
    empty_trail(st)
    p = bare(st, rows={"carpintero": 2})
    st.players[0]["node"] = "nB"
    RULES.pedro_build(st, PEDRO, [])
    assert st.built["g3"] == {"type": 3, "side": "b", "owner": PEDRO}
    # variant: 3 carpinteros, his 1b on G3: 7b replaces it (1 VP replaced beats new 5b, 6b)
    st = state()
    empty_trail(st)
    p = bare(st, rows={"carpintero": 3})
    st.players[0]["node"] = "nB"
    st.built["g3"] = {"type": 1, "side": "b", "owner": PEDRO}
    p["buildings"].remove("1b")
    RULES.pedro_build(st, PEDRO, [])
    assert st.built["g3"] == {"type": 7, "side": "b", "owner": PEDRO}
    assert "1b" not in p["buildings"] and "7b" not in p["buildings"]


# ---------------------------------------------------------------- TC7: locomotive
def test_tc7_station_stop_and_the_depot():
    st = state()
    p = bare(st, rows={"maquinista": 3})
    st.masters["st7"] = "sm1"
    st.players[0]["loco"], p["loco"] = "6", "5"
    supply = len(p["discs"])
    RULES.pedro_loco(st, PEDRO, 3, [])
    assert p["loco"] == "b7" and st.stations["st7"] == [PEDRO] and len(p["discs"]) == supply - 1
    assert p["pedro"]["masters"] == ["sm1"] and RULES.row_count(p, "maquinista") == 3
    # variant A: the human's locomotive on bypass-7: no station stop, the full distance
    st = state()
    p = bare(st, rows={"maquinista": 3})
    st.players[0]["loco"], p["loco"] = "b7", "5"
    st.stations["st7"] = [0]
    RULES.pedro_loco(st, PEDRO, 3, [])
    assert p["loco"] == "8"
    # variant B: from 29 with 4 maquinistas by P14: 31, the depot, the depot bonus on R (st4)
    st = state()
    p = bare(st, rows={"maquinista": 4}, spec="maquinista")
    p["loco"] = "29"
    for s in RULES.data.railroad.stations:
        if s.bypass and s.at < 24 and s.id != "st4":
            st.stations[s.id] = [PEDRO]
    turn_with(st, "P14")
    assert p["loco"] == DEPOT
    assert st.stations["st31"] == [PEDRO] and st.stations["st4"] == [PEDRO]


# ---------------------------------------------------------------- TC8: BA delivery and loading
def ba_fixture(discs_on):
    st = state()
    d = RULES.data
    p = bare(st)
    s = p["pedro"]
    for sh in ("sun1", "sun5", "sun7"):
        st.ships.remove(sh)
        st.sailed.append(sh)
    for sh in ("stack13", "stack16"):
        st.ship_stack.remove(sh)
        st.ships.append(sh)
    st.ships.sort(key=lambda x: (d.ships[x].value, x))
    for sh in discs_on:
        st.ship_discs[sh].append(PEDRO)
    st.docks["rotterdam_1"].append(PEDRO)
    for _ in range(len(discs_on) + 1):
        p["removed"].append(p["discs"].pop(0))
    st.covered = []
    s["loading"] = [x for x in s["loading"] if x != "L06"] + ["L06"]
    p["discard"] = ["serrano", "franqueiro4"]
    return st, p


def design_medium(monkeypatch):
    """The worked examples' Medium: the design's loading modifier +0, no worker modifier."""
    import dataclasses
    pd = load_pedro()
    levels = dict(pd.levels, medium=dataclasses.replace(pd.levels["medium"], loading_modifier=0,
                                                        worker_modifier=0))
    patched = dataclasses.replace(pd, levels=levels)
    monkeypatch.setattr(type(RULES), "pedro_data", property(lambda self: patched))


def test_tc8_special_delivery_and_loading(monkeypatch):
    design_medium(monkeypatch)
    st, p = ba_fixture(["sun6", "sun8", "sun9"])
    ev = []
    RULES.pedro_ba_visit(st, PEDRO, ev)
    loading = next(e for e in ev if e.type == "gwta_pedro_loading")
    assert loading.args["total"] == 12
    assert st.bonus == {"rotterdam_a_north1": PEDRO} and PEDRO not in st.docks["rotterdam_1"]
    assert PEDRO in st.ship_discs["sun11"]
    # variant: his discs on 6, 9, 11: the 8-ship, whose objective card he takes
    st, p = ba_fixture(["sun6", "sun9", "sun11"])
    best = max(RULES.data.objective_card(o).vp for o in st.obj_open if o)
    ev = []
    RULES.pedro_ba_visit(st, PEDRO, ev)
    assert PEDRO in st.ship_discs["sun8"]
    assert RULES.data.objective_card(p["objectives"][-1]).vp == best


# ---------------------------------------------------------------- TC9: foresight
def foresight_fixture(st):
    d = RULES.data
    green = token("farmer", "green", 4, "green")
    orange = token("farmer", "orange", 6, "black")
    gaucho = token("worker", "gaucho", 0)
    carp = token("worker", "carpintero", 1)
    yellow = token("farmer", "yellow", 7, "black")
    maq = token("worker", "maquinista", 0)
    offer = {"A": [green, orange], "B": [gaucho, carp], "C": [yellow, maq]}
    for letter, toks in offer.items():
        st.foresight[letter] = list(toks)
    assert d.tokens[orange].stamina == 6
    return offer


def test_tc9_foresight():
    st = state()
    bare(st, spec="gaucho")
    offer = foresight_fixture(st)
    for n in list(st.farmers):
        if n.startswith("or"):
            del st.farmers[n]
    for letter in ("A", "B", "C"):
        RULES.pedro_foresight(st, PEDRO, letter, "farmer", [])
    assert st.farmers["or1"] == offer["A"][1]
    assert offer["B"][0] in [t for row in st.jm for t in row]
    assert offer["C"][0] in st.farmers.values()


def test_tc9_end_trigger():
    st = state()
    p = bare(st, spec="gaucho")
    d = RULES.data
    last = len(d.job_market.rows) - 1
    st.jm_row = last
    fill = iter(t for t in d.tokens if d.tokens[t].kind == "worker")
    for c in range(2, 3):
        st.jm[last][c] = next(fill)
    offer = foresight_fixture(st)
    for letter in ("A", "B", "C"):
        RULES.pedro_foresight(st, PEDRO, letter, "worker", [])
    assert st.jm_holder == PEDRO and st.final == [0]
    assert offer["C"][0] in st.farmers.values() and st.foresight["C"][1] == offer["C"][1]
    assert RULES.pedro_breakdown(st, PEDRO)["category.gwta.jm_token"] == 2
    assert p["pedro"]["spec"] == "gaucho"


# ---------------------------------------------------------------- TC10: farmers
def test_tc10_helping_farmers():
    def fixture():
        st = state()
        empty_trail(st)
        p = bare(st)
        p["rows"]["gaucho"].append(token("worker", "gaucho", 1))
        assert RULES.stamina_worker_count(p) == 1
        used = set()

        def put(node, colour, stam):
            t = token("farmer", colour, stam, exclude=used)
            used.add(t)
            st.farmers[node] = t
        put("gr1", "green", 4)
        put("gr2", "green", 6)
        put("bl1", "blue", 5)
        st.farm_pesos["bl1"] = 2
        put("ye1", "yellow", 5)
        put("ye2", "yellow", 7)
        put("ye3", "yellow", 8)
        st.farm_pesos["ye3"] = 1
        p["node"] = "nE"
        return st, p
    st, p = fixture()
    RULES.pedro_action(st, PEDRO, "help_zone", None, [])
    assert "ye3" not in st.farmers and st.farm_pesos["ye3"] == 0
    assert RULES.data.tokens[p["farmers"][0]].stamina == 8
    assert RULES.pedro_breakdown(st, PEDRO)["category.gwta.farmers"] == 2
    st, p = fixture()
    RULES.pedro_action(st, PEDRO, "help_any", None, [])
    assert "gr2" not in st.farmers and RULES.data.tokens[p["farmers"][0]].stamina == 6


# ---------------------------------------------------------------- TC11: movement by buildings
def test_tc11_movement_by_buildings_and_an_unmet_condition():
    st = state()
    empty_trail(st)
    for node in ("g3", "g4", "p2"):
        st.built[node] = {"type": 1, "side": "a", "owner": 0}
    for node in ("p4", "p5"):
        st.built[node] = {"type": 2, "side": "b", "owner": PEDRO}
    p = bare(st, spec="gaucho")
    p["node"] = "nA"
    built = dict(st.built)
    ev = turn_with(st, "P10")
    assert next(e for e in ev if e.type == "gwta_pedro_card").args["steps"] == 3
    assert next(e for e in ev if e.type == "gwta_pedro_move").args["steps"] == 3
    assert "gwta_pedro_no_action" in kinds(ev) and st.built == built
    assert p["pedro"]["discard"][-1] == "P10"


# ---------------------------------------------------------------- TC12: scoring
def test_tc12_final_scoring():
    st = state()
    d = RULES.data
    p = bare(st, rows={"gaucho": 2, "carpintero": 2, "maquinista": 5})
    st.built = {"g3": {"type": 7, "side": "b", "owner": PEDRO}, "g4": {"type": 4, "side": "b", "owner": PEDRO}}
    st.ships = sorted(set(st.ships) | {"sun0", "stack8"})
    st.ship_discs["sun0"], st.ship_discs["stack8"] = [PEDRO], [PEDRO]
    st.docks = {k: [] for k in st.docks}
    st.docks["liverpool_1"], st.docks["le_havre_1"] = [PEDRO], [PEDRO]
    st.bonus = {"rotterdam_a_north1": PEDRO, "rotterdam_a_north2": PEDRO}
    st.stations = {k: [] for k in st.stations}
    st.stations["st10"], st.stations["st16"] = [PEDRO], [PEDRO]
    assert d.railroad.station("st10").vp == 3 and d.railroad.station("st16").vp == 4
    p["farmers"] = [token("farmer", "green", 4, "green"), token("farmer", "blue", 4, "green"),
                    token("farmer", "orange", 4, "green")]
    p["discard"] = ["blanco", "franqueiro5"]
    four = [o.id for o in d.objectives if o.vp == 4][:2]
    three = [o.id for o in d.objectives if o.vp == 3][:2]
    p["objectives"] = four + three
    p["pedro"]["masters"] = ["sm1"]
    st.jm_holder = PEDRO
    rows = RULES.score_breakdown(st, PEDRO)
    c = "category.gwta."
    assert rows == {c + "money": 0, c + "buildings": 8, c + "ships": 1, c + "cities": 16, c + "stations": 7,
                    c + "farmers": 6, c + "cattle": 8, c + "objectives": 14, c + "masters": 0,
                    c + "workers": 4, c + "step_disc": 0, c + "jm_token": 2}
    assert sum(rows.values()) == 66


# ---------------------------------------------------------------- setup and levels
@pytest.mark.parametrize("level", ["easy", "medium", "hard", "very_hard"])
def test_setup_per_level(level):
    st = state(3, level)
    p = st.players[PEDRO]
    pd = load_pedro()
    lv = pd.levels[level]
    assert len(p["pedro"]["deck"]) == 15 - len(lv.remove)
    hired = sum(len(r) - 1 for r in p["rows"].values())
    assert hired == 1 + len(lv.extra_workers) + lv.random_workers
    assert p["money"] == 0 and not p["hand"] and p["node"] == RULES.data.start_node
    assert all(t.endswith("b") for t in p["buildings"])
    assert st.first == 0 and st.current == 0
    assert st.players[0]["money"] == RULES.data.starting_capital[0][0]
    counts = {t: len(p["rows"][t]) for t in ("gaucho", "carpintero", "maquinista")}
    assert counts[p["pedro"]["spec"]] == max(counts.values())
    # the loading deck: stage I on top
    top4 = p["pedro"]["loading"][-4:]
    assert all(pd.loading_card(x).stage == 1 for x in top4)
    if lv.extra_workers:     # a plain worker of each type joins the seed worker
        for wtype in ("gaucho", "carpintero", "maquinista"):
            assert any(RULES.data.tokens[t].stamina == 0 for t in p["rows"][wtype][1:])
    RULES.check_invariants(st)


def test_config_one_automa_in_a_two_seat_game():
    with pytest.raises(ConfigError):
        RULES.setup(Config([Seat("a", "automa", 0), Seat("b", "automa", 1)], 1, {}))
    with pytest.raises(ConfigError):
        RULES.setup(Config([Seat("a", "bot:easy", 0), Seat("b", "bot:easy", 1), Seat("c", "automa", 2)], 1, {}))


# ---------------------------------------------------------------- whole games
@pytest.mark.parametrize("level,seed", [("easy", 1), ("medium", 2), ("hard", 3), ("very_hard", 4)])
def test_solo_games_reach_the_end_with_invariants(level, seed):
    m = solo(seed, level)
    while not m.is_over():
        m.apply(m.bot_action(m.to_act()[0]))
        RULES.check_invariants(m.state)
        assert m.ply < 20_000
    res = RULES.result(m.state)
    assert sum(res.breakdown[PEDRO].values()) == res.scores[PEDRO]
    assert m.state.players[PEDRO]["pedro"]["visits"] >= 1


def test_pedro_seat_first_in_the_config():
    m = Match(RULES, Config([Seat("Pedro", "automa", 0), Seat("P1", "bot:easy", 1)], 5, {}))
    assert m.state.first == 1 and m.to_act() == [1]
    while not m.is_over():
        m.apply(m.bot_action(m.to_act()[0]))
    RULES.check_invariants(m.state)


def test_determinism():
    def run(seed):
        m = solo(seed, "medium")
        out = []
        while not m.is_over():
            a = m.bot_action(m.to_act()[0])
            out.append(a.text)
            out += [repr(e.args) for e in m.apply(a)]
        return out, RULES.result(m.state).scores
    assert run(7) == run(7)


def test_his_turn_is_one_action_with_events():
    m = solo(0, "medium")
    while m.to_act() != [PEDRO]:
        m.apply(m.bot_action(m.to_act()[0]))
    legal = RULES.legal_actions(m.state, PEDRO)
    assert [a.verb for a in legal] == ["pedro"]
    ev = m.apply(legal[0])
    types = kinds(ev)
    assert "gwta_pedro_card" in types and "gwta_pedro_move" in types


def test_view_shows_his_public_part_never_his_deck_order():
    m = solo(0, "medium")
    while m.to_act() != [PEDRO]:
        m.apply(m.bot_action(m.to_act()[0]))
    m.apply(RULES.legal_actions(m.state, PEDRO)[0])
    s = m.state.players[PEDRO]["pedro"]
    for viewer in (0, None):
        v = RULES.view(m.state, viewer)
        seat = v["seats"][PEDRO] if "seats" in v else v["players"][PEDRO]
        pv = seat["pedro"]
        assert pv["deck"] == len(s["deck"]) and pv["loading"] == len(s["loading"])
        assert pv["spec"] == s["spec"] and pv["card"] == s["card"]


def test_randomize_hidden_keeps_stage_order():
    st = state(2)
    alt = RULES.randomize_hidden(st, 0, st.rng.__class__(3))
    pd = load_pedro()
    before = [pd.loading_card(x).stage for x in st.players[PEDRO]["pedro"]["loading"]]
    after = [pd.loading_card(x).stage for x in alt.players[PEDRO]["pedro"]["loading"]]
    assert before == after
    assert sorted(alt.players[PEDRO]["pedro"]["deck"]) == sorted(st.players[PEDRO]["pedro"]["deck"])


def test_his_data_loads_and_is_validated():
    files = RULES.validate_data()
    assert "data/gwt_argentina/pedro.yaml" in files
    pd = load_pedro()
    assert len(pd.cards) == 15 and len(pd.loading) == 12
    assert [c.id for c in pd.loading if c.stage == 1] == ["L01", "L02", "L03", "L04"]


def test_a_solo_state_reads_back_equal():
    m = solo(4, "hard")
    while m.ply < 60 and not m.is_over():
        m.apply(m.bot_action(m.to_act()[0]))
    data = RULES.to_json(m.state)
    back = RULES.from_json(data)
    assert RULES.to_json(back) == data
    assert back.players[PEDRO]["pedro"] == m.state.players[PEDRO]["pedro"]
    assert RULES.legal_actions(back, m.to_act()[0]) == RULES.legal_actions(m.state, m.to_act()[0])


@pytest.mark.slow
@pytest.mark.parametrize("level", ["easy", "medium", "hard", "very_hard"])
def test_many_solo_games_end_without_error_or_stall(level):
    for seed in range(100):
        m = solo(10_000 + seed, level)
        while not m.is_over():
            m.apply(m.bot_action(m.to_act()[0]))
            assert m.ply < 5_000, "a stall"
        res = RULES.result(m.state)
        assert sum(res.breakdown[PEDRO].values()) == res.scores[PEDRO]
