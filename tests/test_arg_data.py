"""Great Western Trail: Argentina data (data/gwt_argentina/, games/gwt_argentina/model.py):
the files load, carry the rulebook's counts (spec §1) and every rulebook number and worked
example the data can check (spec §3 [RB-ex]), every item is labelled, every key is read, and
a damaged file fails naming the file and the key."""
from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest
import yaml

from games.core.data import data_path, recording_reads
from games.core.errors import DataError
from games.gwt.trail import destinations
from games.gwt_argentina import model

D = model.load()
FILES = [Path(p).name for p in model.DATA_FILES]


# ---------------------------------------------------------------- loading, counts (spec §1)
def test_loads_once_and_fresh():
    assert model.load() is D
    fresh = model.load(model.EDITION)
    assert fresh is not D and fresh.cards == D.cards


def test_component_counts():
    workers = [t for t in D.tokens.values() if t.kind == "worker"]
    farmers = [t for t in D.tokens.values() if t.kind == "farmer"]
    assert len(workers) == 57
    for typ in ("gaucho", "carpintero", "maquinista"):
        mine = [t for t in workers if t.type == typ]
        assert len(mine) == 19 and sum(t.stamina for t in mine) == 8
    assert Counter(t.type for t in farmers) == {"green": 12, "blue": 12, "orange": 12, "yellow": 15}
    assert all(3 <= t.stamina <= 8 and t.hand in ("green", "black") for t in farmers)
    assert {b: len(D.bag(b)) for b in "ABC"} == {"A": 36, "B": 39, "C": 33}
    # bag A: green/blue/orange farmers only; B: workers only; C: yellow farmers + workers
    assert {D.token(t).type for t in D.bag("A")} == {"green", "blue", "orange"}
    assert {D.token(t).kind for t in D.bag("B")} == {"worker"}
    assert {D.token(t).type for t in D.bag("C") if D.token(t).kind == "farmer"} == {"yellow"}
    # 92 cattle cards: 14 per player x 4 + 36 market; 25 exhaustion (-2 VP)
    assert len(D.player_cards) == 14 and len(D.market_cards) == 36
    assert 4 * len(D.player_cards) + len(D.market_cards) == 92
    assert Counter(D.breed_of(c) for c in D.player_cards) == {
        "niata": 5, "patagonico": 3, "fronterizo": 3, "holando": 3}
    assert Counter(D.breed_of(c) for c in D.market_cards) == {
        "caracu": 6, "chaqueno": 5, "serrano": 5, "blanco": 5, "franqueiro": 9, "angus": 6}
    assert D.exhaustion_cards == 25 and D.card("exhaustion").vp == -2 and not D.is_cattle("exhaustion")
    assert len(D.objectives) == 24 and len(D.station_masters) == 8 and D.masters_in_play == 5
    assert len(D.ships) == 18 and sum(s.sun for s in D.ships.values()) == 11
    assert sorted(n.id for n in D.neutrals) == list("ABCDEFGH")
    assert [b.type for b in D.building_types] == list(range(1, 11))
    assert len(D.building_hands) == 20 and all(len(b.sides) == 2 for b in D.building_types)
    groups = Counter(d.group for d in D.discs)
    assert len(D.discs) == 17 and groups == {"aux": 10, "step": 2, "hand": 2, "cert": 1, "stamina": 2}
    assert D.discs_per_player == 18 and D.setup_dock == "le_havre_1"
    assert len(D.cities) == 6 and len({c.id for c in D.cities}) == 3
    docks = {d.id: d for c in D.cities for d in c.docks}
    assert len(docks) == 5 and sorted(d.numeral for d in docks.values()) == ["I", "I", "I", "II", "II"]


def test_breeds_are_card_variants_with_groups():
    assert {b.id for b in D.breeds} == {c for c in D.cards if c != "exhaustion"}
    assert D.breed_of("caracu2") == D.breed_of("caracu3") == "caracu"
    assert [D.card(c).vp for c in ("caracu2", "caracu3")] == [2, 3]
    assert [D.groups[g].colour for g in ("caracu", "franqueiro", "angus", "patagonico", "fronterizo")] == [
        "orange", "brown", "purple", "green", "black"]
    market_colours = {D.groups[g].colour for g in D.groups if D.groups[g].role == "market"}
    assert market_colours == set(D.market_order)
    assert D.market_order == ("orange", "yellow", "red", "blue", "brown", "purple")
    assert sum(b.count for b in D.starting_breeds()) == 14     # the family's deck setup
    assert {g for g in D.groups if D.groups[g].bv == 3} == {"chaqueno", "serrano", "blanco"}
    assert {D.groups[g].bv for g in D.groups} >= {3, 4, 5}    # station-master task "3, 4 or 5"


def test_setup_constants():
    assert D.starting_capital == ((7, 1), (8, 1), (9, 1), (10, 1))
    assert D.starting_cards == (4, 5, 6, 7) and D.starting_exhaustion == 1
    assert dict(D.start_step_limit) == {2: 3, 3: 4, 4: 5}
    assert {n: dict(f) for n, f in D.fees.items()} == {
        2: {"green": 2, "black": 1}, 3: {"green": 2, "black": 1}, 4: {"green": 1, "black": 1}}
    assert dict(D.market_size) == {2: 9, 3: 12, 4: 15}
    assert D.hand_limit == (4, 6) and D.cert_limit_start == 4 and D.cert_max == 6 and D.grain_max == 8
    assert D.starting_workers == ("gaucho", "carpintero", "maquinista", "granjero")
    assert D.payer("cattle_market") == "gaucho" and D.payer("building") == "carpintero"
    assert D.payer("train") == "maquinista" and D.payer("farmers") == "granjero"
    assert D.city == "ba" and D.nodes[D.city].next == (D.start_node,)
    assert D.open_tiles == 4 and D.money_per_worker == 2 and D.first_turn_hand == 4
    assert D.ships_drawn == 2


# ---------------------------------------------------------------- the rulebook's numbers
def test_job_market():
    jm = D.job_market
    assert len(jm.rows) == 11 and jm.columns == 4 and jm.start_row == 2
    assert [r.cost for r in jm.rows[:2]] == [6, 7]                      # RB-ex
    assert dict(jm.first_column) == {4: 0, 3: 1, 2: 2}                  # 4/3/2 columns used
    for players, placed in ((2, 5), (3, 8), (4, 11)):                   # RB: setup workers
        per_row = jm.columns - jm.first_column[players]
        assert per_row * (jm.start_row + 1) - 1 == placed
    events = [r.after for r in jm.rows if r.after]
    assert sorted(e for e in events if e.startswith("sail:")) == ["sail:purple", "sail:turquoise", "sail:yellow"]
    assert events[-1] == "end" and jm.rows[-1].after == "end"
    assert jm.token_vp == 2


def test_ships():
    s = D.ships
    assert s["sun9"].grain == 4                                           # RB-ex
    assert not s["sun8"].dark and s["sun8"].grain == 1 and s["sun8"].dock == "rotterdam_1"
    assert [a.name for a in s["sun8"].acts] == ["gain_tile"]              # an objective card
    assert s["sun0"].vp == -2 and s["sun0"].acts[0].get("amount") == 2 and s["sun0"].group is None
    assert s["sun0"].repeat and s["sun18"].repeat and s["sun18"].group is None
    assert not any(x.repeat for k, x in s.items() if k not in ("sun0", "sun18"))
    for ship in s.values():
        assert 2 * ship.grain <= ship.value                             # penalty <= income
        if ship.dock and ship.dock.startswith("rotterdam"):
            assert [a.name for a in ship.acts] == ["gain_tile"]           # RB: Rotterdam ships
    groups = Counter(x.group for x in s.values() if x.group)
    assert groups == {"yellow": 3, "turquoise": 3, "purple": 3}
    yellow = {D.dock_city(x.dock) for x in s.values() if x.group == "yellow"}
    assert yellow == {"le_havre", "rotterdam"}                            # RB-ex
    # 3 sailings: 11 - 3 x 3 + 3 x 2 = 8 ships at the end; 0 and 18 never sail
    assert 11 - 3 * 3 + 3 * 2 == 8 and sum(not x.sun for x in s.values()) == 7
    values = [x.value for x in s.values() if x.sun]
    assert values == sorted(values) and values[0] == 0 and values[-1] == 18
    assert {5, 8, 9, 11} <= set(values)


def test_rotterdam_worked_example():
    rot = D.city_board("rotterdam", "a")
    q = {x.id: x for x in rot.quarters}
    west, north = q["west"], q["north"]
    assert west.grain == 1 and any(b.acts and b.acts[0].name == "gain_money" and b.acts[0].get("amount") == 6
                                   and b.vp == 1 for b in west.spaces)
    assert north.grain == 2 and any(b.vp == 4 and not b.acts for b in north.spaces)
    assert q["east"].grain > 3 and q["south"].grain > 3
    # the example's spaces stay free of direction tokens at every player count
    covered = set(rot.centre)
    assert not covered & {west.spaces[0].id, north.spaces[-1].id}
    assert dict(D.direction_tokens) == {2: ("le_havre", "rotterdam", "liverpool"), 3: ("rotterdam",), 4: ()}
    docks_ii = [d for c in D.cities if c.side == "a" for d in c.docks if d.numeral == "II"]
    assert all(d.discount > 0 for d in docks_ii)


def test_cattle_numbers():
    g = D.groups
    assert g["caracu"].stamina == 7 and g["patagonico"].bv == 2
    assert g["chaqueno"].bv == 3 and g["serrano"].bv == 3
    # income example: Patagónico x2, Chaqueño, Serrano -> distinct breeds 2 + 3 + 3 = 8
    hand = ["patagonico", "patagonico", "chaqueno", "serrano"]
    assert sum(g[b].bv for b in {D.breed_of(c) for c in hand}) == 8


def test_prices():
    opts = {(p.gauchos, p.pesos, p.cards, p.what) for p in D.prices}
    rb = {(1, 4, 1, "caracu"), (1, 5, 1, "bv3"), (1, 11, 1, "franqueiro"), (2, 2, 1, "bv3"),
          (2, 11, 1, "angus"), (3, 5, 2, "bv3"), (5, 9, 2, "franqueiro")}
    assert rb <= opts
    assert all(not p.design for p in D.prices if (p.gauchos, p.pesos, p.cards, p.what) in rb)
    # no option is dominated by another of the same kind (no more gauchos nor pesos, as
    # many cards or more)
    for p in D.prices:
        for q in D.prices:
            if p is q or p.what != q.what:
                continue
            assert not (q.gauchos <= p.gauchos and q.pesos <= p.pesos and q.cards >= p.cards), (p, q)


def test_trail():
    kinds = Counter(n.kind for n in D.nodes.values())
    assert kinds["neutral"] == 8 and kinds["building"] == 22 and kinds["ramp"] == 6 and kinds["city"] == 1
    assert sorted(D.ramps.values()) == [3, 6, 9, 12, 17, 23]
    assert {c: len(z) for c, z in D.farmer_zones.items()} == {"green": 4, "blue": 4, "orange": 4, "yellow": 7}
    assert D.farmer_zone_of("ye4") == ("yellow", 4) and D.farmer_zone_of("nA") is None
    assert {0, 2} <= set(D.farmer_pesos.values())
    assert set(D.extra_actions) <= set(D.building_spaces) and len(D.extra_actions) == 7
    assert D.grain_spaces <= set(D.building_spaces) and len(D.grain_spaces) == 11
    assert all(0 <= x <= 1 for n in D.nodes.values() for x in n.pos)
    assert all(not n.hands for n in D.nodes.values())   # hands are on the tiles


def _locations(*nodes):
    fixed = {n.id for n in D.nodes.values() if n.kind in ("neutral", "ramp", "city")}
    return lambda x: x in fixed or x in nodes


def test_neutral_h_yellow_farmer_ramp_6():
    # RB-ex: from neutral H, 2 steps through a yellow farmer reach the ramp of space 6
    assert D.ramps["r6"] == 6
    dst = destinations(D.succ, "nH", 2, _locations("ye4"), D.city)
    assert dst["r6"].steps == 2 and D.farmer_zone_of(dst["r6"].path[-2])[0] == "yellow"


def test_parallel_branches_two_or_three_steps():
    # RB-ex: a neutral reached in 2 steps via one private building or 3 via two green farmers
    a, b = D.nodes["nA"].next
    upper = _branch(a, "nB")
    lower = _branch(b, "nB")
    assert all(D.nodes[x].kind == "building" for x in upper)
    greens = [x for x in lower if D.farmer_zone_of(x) and D.farmer_zone_of(x)[0] == "green"]
    assert len(greens) >= 2
    succ_upper = dict(D.succ, nA=(a,))
    succ_lower = dict(D.succ, nA=(b,))
    assert destinations(succ_upper, "nA", 3, _locations(upper[0]), D.city)["nB"].steps == 2
    assert destinations(succ_lower, "nA", 3, _locations(*greens[:2]), D.city)["nB"].steps == 3


def _branch(first, join):
    out, x = [], first
    while x != join:
        out.append(x)
        x = D.nodes[x].next[0]
    return out


def test_railroad():
    r = D.railroad
    assert r.last == 31 and r.start == 0 and r.depot_exit == 24
    assert r.bypass_at(4) is not None and r.bypass_at(4).at == 4          # RB-ex: bypass at 4
    assert any(s.at < 24 for s in r.stations)
    last = r.stations[-1]
    assert last.at == 31 and last.repeat and last.bypass is None
    assert len(r.master_stations) == 5
    assert r.of_bypass("b4").id == r.station("st4").id


def test_station_masters():
    m = D.station_masters
    assert sorted(x.task for x in m) == sorted(model.TASKS)
    assert sum(x.loading_grain > 0 for x in m) == 2                      # RB: on two tiles
    instants = [(a.name, dict(a.params)) for x in m for a in x.top]
    assert ("gain_money", {"amount": 2}) in instants and ("gain_grain", {"amount": 2}) in instants
    assert any(x.perm_certs == 1 for x in m)
    assert all(sum((bool(x.top), x.perm_certs > 0, x.loading_grain > 0)) == 1 for x in m)
    vp = {x.task: (x.task_per, x.task_vp) for x in m}
    assert vp == {"ships": (2, 3), "stations": (2, 3), "objectives": (2, 3), "stamina_workers": (2, 3),
                  "worker_sets": (1, 4), "farmers": (1, 1), "bv345": (1, 1), "buildings": (2, 3)}


def test_player_board():
    rows = D.worker_rows
    assert set(rows) == {"gaucho", "carpintero", "maquinista", "granjero"}
    assert all(len(r) == 6 and not r[0].acts for r in rows.values())
    assert {s.cost for s in rows["granjero"][1:]} == {6, 8, 10}          # RB
    assert D.row_vp_slots == (4, 5) and all(r[4].vp == r[5].vp == 4 for r in rows.values())
    docks = [a.get("dock") for s in rows["granjero"] for a in s.acts if a.name == "disc_to_dock"]
    assert docks == ["rotterdam_1", "liverpool_1"]
    carp = [a.get("per_carpintero") for s in rows["carpintero"] for a in s.acts if a.name == "place_building"]
    assert carp == [2, 1]                                                 # the right one: 1 per carpintero
    assert [a.name for a in rows["maquinista"][5].acts] == ["gain_money", "upgrade_station_behind"]
    assert any(a.name == "gain_exchange_token" for s in rows["gaucho"] for a in s.acts)
    d = {x.id: x for x in D.discs}
    assert d["step2"].vp == 2 and d["stamina2"].money == 3 and d["stamina2"].dark
    assert [e.get("amount") for e in d["stamina1"].effects] == [1] and not d["stamina1"].dark
    assert [e.get("amount") for e in d["stamina2"].effects if e.name == "stamina"] == [2]
    assert sum(e.get("add") for x in D.discs for e in x.effects if e.name == "hand_limit") == 2
    assert [e.get("add") for x in D.discs for e in x.effects if e.name == "step_limit"] == [2, 1]
    assert D.cert_limit_start + sum(e.get("add") for x in D.discs for e in x.effects if e.name == "cert_limit") == 6
    assert [a.number for a in D.aux if a.start_available] == [1, 2]
    for n in (3, 4, 5, 6):   # two discs each; 1 and 2 one each (their double)
        assert sum(any(e.name == "unlock_auxiliary" and e.get("number") == n for e in x.effects) for x in D.discs) == 2
    assert any(x.condition is not None for x in D.discs)


def test_buildings():
    b = {n.id: n for n in D.neutrals}
    assert [a.name for a in b["A"].actions] == ["discard_cattle_for_money", "hire_worker", "hire_worker"]
    assert b["A"].actions[0].get("breed") == "holando" and model.hire_modifier(b["A"].actions[2]) == 2
    assert [n for n, x in b.items() if any(a.name == "place_building" for a in x.actions)] == ["B"]
    patag = [a for x in D.neutrals for a in x.actions if a.name == "discard_cattle_for_train"]
    assert patag and patag[0].get("breed") == "patagonico" and patag[0].get("steps") == 2
    assert [t.builders for t in D.building_types] == [1, 1, 2, 2, 3, 3, 4, 5, 7, 9]
    assert D.btype(9).builders > 6 and D.btype(10).builders > 6         # replacement only
    side = {f: acts for t in D.building_types for f, _, acts in t.sides.values()}
    assert {a.get("bonus") for a in side["3a"] if a.name == "help_farmers"} == {3}
    assert {a.get("bonus") for a in side["8b"] if a.name == "help_farmers"} == {6}
    assert any(a.name == "gain_exchange_token" for a in side["3a"])
    assert {a.name for a in side["6a"]} == {"move_train", "hire_worker"}
    assert model.hire_modifier(next(a for a in side["6a"] if a.name == "hire_worker")) == -1
    assert model.hire_modifier(next(a for a in side["9b"] if a.name == "hire_worker")) == -4
    assert [a.get("modifier") for a in b["A"].actions if a.name == "hire_worker"] == [0, 2]
    assert not any(a.name == "place_building" for acts in side.values() for a in acts)
    assert [a.name for a in D.city_actions] == ["special_delivery", "income", "load_ship",
                                                "foresight", "foresight", "foresight"]


def test_objectives():
    objs = {o.id: o for o in D.objectives}
    assert {o.instant[0].name for o in objs.values()} == set(model.OBJECTIVE_INSTANTS)
    assert all(o.penalty == 2 for o in objs.values()) and any(o.vp == 3 for o in objs.values())
    for o in objs.values():
        a = o.instant[0]
        assert dict(a.params) == model.OBJECTIVE_INSTANTS[a.name]
    # RB-ex: o06 + o07 + o18 need 3 buildings, yellow/blue/green farmers, a Caracu, 2 west discs
    need = Counter()
    for oid in ("o06", "o07", "o18"):
        for k, v in objs[oid].requires:
            need[(k, v if k != "building" else None)] += v if k == "building" else 1
    assert need == {("building", None): 3, ("farmer", "yellow"): 1, ("farmer", "blue"): 1,
                    ("farmer", "green"): 1, ("breed", "caracu"): 1, ("quarter", "west"): 2}
    vps = [objs[o].vp for o in ("o06", "o07", "o18")]
    assert sum(vps) == 9
    missing_west = sum(vps) - objs["o18"].vp - objs["o18"].penalty      # one west disc missing
    assert missing_west == 4 or sum(vps) - objs["o06"].vp - objs["o06"].penalty == 4


# ---------------------------------------------------------------- vocabulary, labels, keys
def _all_acts():
    for n in D.neutrals:
        yield from n.actions
    for t in D.building_types:
        for _, _, acts in t.sides.values():
            yield from acts
    for a in D.aux:
        yield from a.actions + a.upgraded
    for r in D.worker_rows.values():
        for s in r:
            yield from s.acts
    for m in D.station_masters:
        yield from m.top
    for s in D.ships.values():
        yield from s.acts
    for c in D.cities:
        for q in c.quarters:
            for b in q.spaces:
                yield from b.acts
    for o in D.objectives:
        yield from o.instant
    for acts in D.extra_actions.values():
        yield from acts
    yield from D.city_actions


def test_vocabulary_is_tight():
    used = {a.name for a in _all_acts()}
    assert used == set(D.vocabulary)        # every name used, none unused
    family = {"gain_money", "gain_certificates", "gain_exchange_token", "gain_tile", "hire_worker",
              "buy_cattle", "place_building", "move_herder", "auxiliary_action", "discard_cattle_for_money"}
    assert family <= used


def test_every_item_is_labelled():
    items = [*D.cards.values(), *D.groups.values(), *D.prices, *D.tokens.values(), *D.railroad.stations,
             *D.station_masters, *D.ships.values(), *D.cities, *D.job_market.rows, *D.discs,
             *D.neutrals, *D.building_types, *D.aux, *D.objectives,
             *(s for r in D.worker_rows.values() for s in r),
             *(d for c in D.cities for d in c.docks)]
    assert all(isinstance(x.design, bool) for x in items)
    for name in FILES:
        text = (data_path("gwt_argentina") / name).read_text(encoding="utf-8")
        head = text.split("\n\n")[0]
        assert head.startswith("#") and "PUBLISHED" in head, name
        assert "DESIGN" in text or "THIRD-PARTY" in text, name


def test_every_key_is_read():
    with recording_reads() as reads:
        model.load(model.EDITION)
    missing = []
    for name in FILES:
        path = data_path("gwt_argentina") / name
        key = str(path.resolve())
        seen, whole = reads.seen.get(key, set()), reads.whole.get(key, set())
        value = yaml.safe_load(path.read_text(encoding="utf-8"))
        for p in _paths(value, ""):
            if p in seen or any(p == w or p.startswith((w + ".", w + "[")) for w in whole):
                continue
            if any(s.startswith((p + ".", p + "[")) for s in seen):
                continue
            missing.append(f"{name}: {p}")
    assert not missing


def _paths(value, path):
    if isinstance(value, dict):
        for k, v in value.items():
            p = f"{path}.{k}" if path else str(k)
            yield p
            yield from _paths(v, p)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, f"{path}[{i}]")


# ---------------------------------------------------------------- damaged copies
@pytest.fixture
def broken(tmp_path, monkeypatch):
    shutil.copytree(data_path("gwt_argentina"), tmp_path / "gwt_argentina")
    monkeypatch.setenv("BOARDGAME_DATA", str(tmp_path))

    def edit(name, old, new):
        p = tmp_path / "gwt_argentina" / name
        text = p.read_text(encoding="utf-8")
        assert old in text
        p.write_text(text.replace(old, new, 1), encoding="utf-8")
    return edit


@pytest.mark.parametrize("name,old,new,where", [
    ("components.yaml", "players: {min: 2, max: 4}", "players: {min: 2, max: 5}", "players.max"),
    ("components.yaml", "stamina: 1, count: 5, design: false}", "stamina: 1, count: 6, design: false}",
     "tokens"),
    ("components.yaml", "what: caracu,", "what: zebu,", "prices[0].what"),
    ("components.yaml", "bv: 3, stamina: 5, cards", "bv: three, stamina: 5, cards", "cattle[5].bv"),
    ("board.yaml", "next: [p1, gr1]", "next: [p1, nowhere]", "trail[1].next[1]"),
    ("board.yaml", "rail: 12,", "rail: 13,", "ramp_spaces"),
    ("board.yaml", "zone: green, number: 2,", "zone: green, number: 5,", "trail"),
    ("railroad.yaml", "repeat: true,  design: true}", "repeat: false,  design: true}", "stations"),
    ("railroad.yaml", "{id: sm1, instant: [{gain_money: 2}],", "{id: sm1, instant: [{gain_money: 2}], perm_certs: 1,",
     "station_masters[0]"),
    ("buildings.yaml", "- {gain_certificates: 1}\n      - {help_farmers: {max: 3}}",
     "- {gain_certificates: 1}\n      - {help_farmers: {most: 3}}", "neutral_buildings[5].actions[1]"),
    ("buildings.yaml", "{disc_to_dock: rotterdam_1}", "{disc_to_dock: hamburg_1}",
     "private_buildings[4].sides.a.actions[1]"),
    ("buildings.yaml", "      - {gain_tile: objective}\n    design: false",
     "      - {place_building: {}}\n    design: false", "neutral_buildings"),
    ("player_board.yaml", "{unlock_auxiliary: 3}],", "{unlock_auxiliary: 7}],", "disc_spaces[2].effects[0]"),
    ("player_board.yaml", "condition: {pay_money: 3}", "condition: {pay_pesos: 3}", "disc_spaces[11].condition"),
    ("job_market.yaml", "after: sail:purple,", "after: sail:yellow,", "rows"),
    ("ships.yaml", "value: 9,  grain: 4,", "value: 9,  grain: 5,", "ships[7].grain"),
    ("cities.yaml", "3: [rotterdam]", "3: [paris]", "direction_tokens.3[0]"),
    ("objectives.yaml", "{gain_money: 3}], vp: 2,", "{gain_money: 2}], vp: 2,", "objectives[11].instant"),
    ("objectives.yaml", "{farmer: orange}, {farmer: green}", "{farmer: orange}, {farmer: purple}",
     "objectives[19].requires[2].farmer"),
    ("objectives.yaml", "design: false}\n  - {id: o02", "design: maybe}\n  - {id: o02", "objectives[0].design"),
])
def test_broken_files_are_named(broken, name, old, new, where):
    broken(name, old, new)
    with pytest.raises(DataError) as e:
        model.load(model.EDITION)
    assert name in str(e.value) and where in str(e.value), str(e.value)


def test_railroad_steps():
    r = D.railroad
    assert r.ahead("4") == ("5", "b4") and r.ahead("b4") == ("5",)       # RB-ex: turn at 4
    assert r.ahead("31") == () and r.ahead("depot") == ("24",)
    assert r.behind("5") == ("4", "b4") and r.behind("0") == () and r.behind("depot") == ()
    assert D.job_market.used_columns(3) == (1, 2, 3)


def test_worked_examples_of_hiring_loading_and_helping():
    jm, rows = D.job_market, D.worker_rows
    a = next(n for n in D.neutrals if n.id == "A")
    hires = [x.get("modifier") for x in a.actions if x.name == "hire_worker"]
    # hire 1: a maquinista from the row above the token's row for 7; hire 2 (+2): a gaucho
    # with stamina from a row costing 6 -> 6 + 2 + 1 = 9, its space gives an exchange token
    assert jm.rows[jm.start_row - 1].cost + hires[0] == 7
    assert jm.rows[0].cost + hires[1] + 1 == 9
    assert [x.name for x in rows["gaucho"][1].acts] == ["gain_exchange_token"]
    # helping: the first granjero space costs 6 and gives grain +1
    assert rows["granjero"][1].cost == 6 and [(x.name, x.get("amount")) for x in rows["granjero"][1].acts] == [
        ("gain_grain", 1)]
    # loading: total 10 with 2 grain: ship 9 (4 grain) -> 2 missing, 4 pesos; ship 11 exists
    assert (D.ship("sun9").grain - 2) * D.loading_penalty == 4 and D.ship("sun11").value == 11
    # building: a 2-carpintero tile costs 4 pesos; a replacement of difference 3 costs 6
    assert 2 * D.money_per_worker == 4 and 3 * D.money_per_worker == 6
