"""Great Western Trail: El Paso data: published counts, design constraints of spec §13
and clear errors for broken files. Run as a script for the design sums."""
import shutil

import pytest

from games.core.data import data_path
from games.core.errors import DataError
from games.gwt_el_paso import model


@pytest.fixture(scope="module")
def d():
    return model.load()


def test_every_design_file_says_design():
    for f in model.DATA_FILES:
        text = (data_path().parent / f).read_text(encoding="utf-8")
        assert "DESIGN" in text.split("\n\n")[0] or "DESIGN" in text[:4000], f


def test_published_counts(d):
    start = {b.id: b.count for b in d.starting_breeds()}
    assert start == {"criollo": 4, "pineywoods": 2, "galloway": 2, "santa_gertrudis": 2}
    assert {b.id: b.count for b in d.market_breeds()} == {
        "black_angus": 8, "corriente": 10, "shorthorn": 8, "hereford": 6}
    assert d.simmental.count == 19 and dict(d.simmental_by_players) == {1: 9, 2: 9, 3: 14, 4: 19}
    assert sum(start.values()) * 4 + 32 + 19 == 91
    assert [w.count for w in d.workers] == [12] * 4
    assert d.starting_capital == ((4, 1), (5, 1), (4, 2), (5, 2))
    assert d.breed("santa_gertrudis").bv == 2 and d.breed("corriente").bv == 3
    assert d.breed("black_angus").bv == 3 and d.market["shorthorn"] == 3
    assert len(d.objectives) == 20 and len(d.bonus_tiles) == 20
    assert [t.engineers for t in d.trains] == [1, 2, 3, 4]
    assert len(d.discs) == 7 and len(d.sue_cards) == 11
    assert sum(c.set == "B" for c in d.sue_cards) == 3
    assert sum(n for _, n in d.sue_stock) == 18
    assert sum(b.copies for b in d.building_types) == 12 and len(d.building_types) == 6


def test_board_constraints(d):
    kinds = [d.nodes[n].kind for n in d.node_order]
    assert kinds.count("el_paso") == 1 and kinds.count("neutral") == 6
    assert kinds.count("neutral") + kinds.count("building") == 15   # spec §15.1
    assert kinds.count("building") >= 8                           # 2 buildings x 4 players
    costs = [d.nodes[n].cost for n in d.building_spaces]
    assert 0 in costs and len(set(c for c in costs if c)) >= 2
    assert sum(1 for n in d.nodes.values() if len(n.next) == 2) >= 1
    assert [p.value for p in d.posts] == [0, 5, 7, 9, 10, 12, 16]
    assert [p.value for p in d.posts if p.repeat] == [0, 12, 16]
    assert all(p.black == (p.value >= 10) for p in d.posts)
    assert all((p.vp > 0) == p.black for p in d.posts)
    assert d.sue_posts == (7, 9, 10, 12, 16)


def test_design_labels(d):
    """Each labelled item keeps its `design` label: published numbers say false."""
    assert d.board_design
    assert [b for b, own in d.market_design.items() if not own] == ["shorthorn"]
    assert [b.id for b in d.breeds if not b.design] == ["santa_gertrudis"]
    assert [t.id for t in d.trains if not t.design] == [4]
    assert [a.number for a in d.aux if not a.design] == [1, 3]
    assert [x.id for x in d.discs if not x.design] == ["certificate", "hand"]
    assert all(n.design for n in d.neutrals) and all(b.design for b in d.building_types)


def test_player_counts_agree_with_the_rules(d):
    """components.yaml counts players (solo: 1); the rules count seats (solo: 1 + Sue)."""
    from games.gwt_el_paso.rules import INFO
    assert (INFO.min_players, INFO.max_players) == (d.players[0] + 1, d.players[1])
    assert set(d.simmental_by_players) == set(range(d.players[0], d.players[1] + 1))


def test_design_sums(d):
    start = d.starting_breeds()
    assert sum(b.bv * b.count for b in start) == 16
    market = d.market_breeds()
    assert sum(b.bv * b.count for b in market) == 116 and sum(b.vp * b.count for b in market) == 82
    assert all(b.bv > max(s.bv for s in start) for b in market + (d.simmental,))
    assert all(b.vp == 0 for b in start)
    assert d.train(4).sides["plain"][0].name == "gain_certificates"
    # the hand-size disc is black (spec §15.1) and costs $4
    assert d.disc("hand").black and d.disc("hand").money == -4
    names = {a.name for t in d.trains for a in t.sides["plain"][:3]}
    assert {"gain_tile", "hire_worker", "gain_cattle"} <= names   # Sue's train actions


@pytest.fixture
def broken(tmp_path, monkeypatch):
    shutil.copytree(data_path("gwt_el_paso"), tmp_path / "gwt_el_paso")
    monkeypatch.setenv("BOARDGAME_DATA", str(tmp_path))

    def edit(name, old, new):
        p = tmp_path / "gwt_el_paso" / name
        text = p.read_text(encoding="utf-8")
        assert old in text
        p.write_text(text.replace(old, new, 1), encoding="utf-8")
    return edit


@pytest.mark.parametrize("name,old,new,where", [
    ("trains.yaml", "gain_money: 1", "gain_moolah: 1", "train_cards[0].sides.plain[1]"),
    ("tiles.yaml", "{id: o03, vp: 3,", "{id: o03, vp: -3,", "objectives[2].vp"),
    ("board.yaml", "next: [n1]}", "next: [nowhere]}", "trail[0].next[0]"),
    ("sue.yaml", "action: market}", "action: dance}", "sue_cards[0].action"),
    ("player_board.yaml", "{unlock_auxiliary: 2}", "{unlock_auxiliary: 7}", "disc_spaces[4].effects[0]"),
    ("buildings.yaml", "money: 3}", "money: many}", "neutral_buildings[0].actions[1]"),
    # design labels are bools
    ("trains.yaml", "design: false ", "design: maybe ", "train_cards[3].design"),
    ("board.yaml", "cowboys: 3, design: false}", "cowboys: 3, design: no-ish}",
     "cattle_market.spaces[2].design"),
    # rules facts the code implements: a file saying otherwise is refused
    ("components.yaml", "players: {min: 1, max: 4}", "players: {min: 1, max: 5}", "players.max"),
    ("components.yaml", "starting_cards_score: false", "starting_cards_score: true", "starting_cards_score"),
    ("components.yaml", "bonus: {count: 20, open: 3}", "bonus: {count: 20, open: 2}", "tiles.bonus.open"),
    ("components.yaml", "  money: 0", "  money: 3", "sue.money"),
    ("components.yaml", "two_workers_must_differ: true", "two_workers_must_differ: false",
     "hire_rules.two_workers_must_differ"),
    ("board.yaml", "{nodes: [s8], inner: true}", "{nodes: [s6], inner: true}", "forks[1].branches[1].nodes"),
    ("board.yaml", "first_turn_start: {kind: neutral}", "first_turn_start: {kind: el_paso}",
     "first_turn_start"),
    ("board.yaml", "setup_side: a", "setup_side: b", "building_board.setup_side"),
    ("board.yaml", "refilled: false", "refilled: true", "worker_supply.refilled"),
    ("buildings.yaml", "compulsory: true", "compulsory: false", "el_paso.compulsory"),
    ("buildings.yaml", "role: train ", "role: hire ", "neutral_buildings[4].role"),
    ("buildings.yaml", "{id: 1-2, type: 1}", "{id: 1-2, type: 2}", "common_building_tiles"),
    ("buildings.yaml", "    hand: none", "    hand: green", "common_building_types[0].hand"),
    # a table of counts that is not a table (once a raw TypeError)
    ("components.yaml", "simmental_by_players: {1: 9, 2: 9, 3: 14, 4: 19}", "simmental_by_players: true",
     "simmental_by_players"),
    ("tiles.yaml", "bonus_tiles:\n", "bonus_tiles:\n  - null\n", "bonus_tiles[0]"),
])
def test_broken_files_are_named(broken, name, old, new, where):
    broken(name, old, new)
    with pytest.raises(DataError) as e:
        model.load()
    assert name in str(e.value) and where in str(e.value)


if __name__ == "__main__":
    from collections import Counter
    from itertools import combinations
    dd = model.load()
    deck = [b for b in dd.starting_breeds() for _ in range(b.count)]
    vals = Counter(sum({c.id: c.bv for c in h}.values()) for h in combinations(deck, 4))
    tot = sum(vals.values())
    print({k: round(v / tot, 3) for k, v in sorted(vals.items())})
