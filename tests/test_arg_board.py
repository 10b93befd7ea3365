"""Argentina's playmat, headless: the painter draws at three sizes, every place of the
playmat has its element id with a rect inside the board, a broken playmat.yaml names the
key at fault, and a random game renders at 30 positions while every legal action that
picks a place on the board (locomotive moves, stations, station masters, ships, docks and
bonus spaces, farmers) is taken by clicking that place."""
import random
import shutil

import pygame
import pytest
from table_input import click

from games.core import registry
from games.core.contract import Config, Seat
from games.core.errors import DataError
from games.core.match import Match
from games.core.rng import Rng
from ui.scenes.play import PlayScene
from ui.views.gwt_argentina import table_edition
from ui.views.gwt_argentina.board import ArgentinaBoardPainter
from ui.views.gwt_argentina.places import load_places

R = registry.get("gwt_argentina")


@pytest.fixture(autouse=True)
def _quick_bots(quick_argentina_normal):
    """(how well Argentina's normal bot plays does not matter here)"""


def bot_move(m, seat):
    return R.bot("normal").choose(R, m.state, seat, Rng(m.ply))


def game(n=4, seed=7, moves=0):
    m = Match(R, R.check_config(Config([Seat(f"P{i}", "human", i) for i in range(n)], seed, {})))
    rng = random.Random(seed)
    for _ in range(moves):
        if m.is_over():
            break
        seat = m.to_act()[0]
        m.apply(rng.choice(R.legal_actions(m.state, seat)) if rng.random() < 0.3 else bot_move(m, seat))
    return m


@pytest.mark.parametrize("size", [(632, 420), (950, 630), (2500, 1660)])
def test_painter_draws_at_three_sizes(app, size):
    ed = table_edition()
    painter = ArgentinaBoardPainter(ed)
    surf = pygame.Surface((size[0] + 20, size[1] + 20))
    board = pygame.Rect(10, 10, *size)
    m = game(moves=120)
    pm = R.view(m.state, 0)["playmat"]
    dyn = {"farmers": pm["farmers"], "farm_pesos": pm["farm_pesos"], "ships": pm["ships"],
           "ship_discs": pm["ship_discs"], "ship_stack": pm["ship_stack"], "docks": pm["docks"],
           "bonus": pm["bonus"], "covered": pm["covered"], "city_sides": pm["city_sides"],
           "stations": pm["stations"], "masters": pm["masters"], "master_workers": pm["master_workers"],
           "locos": {i: p["loco"] for i, p in enumerate(m.state.players)}}
    rects = painter.draw(surf, board, dyn)
    for eid, r in rects.items():
        assert board.contains(r), (eid, r, board)


def expected_ids(view):
    d = view.data
    pm = view.view_now["playmat"]
    ids = {f"rail.{i}" for i in range(d.railroad.start, d.railroad.last + 1)} | {"rail.depot", "ba", "ship.stack"}
    for s in d.railroad.stations:
        ids.add(f"station.{s.id}")
        if s.bypass:
            ids.add(f"rail.{s.bypass}")
        if s.master:
            ids.add(f"master.{s.id}")
    ids |= {f"ship.{s}" for s in pm["ships"]}
    ids |= {f"farmer.{n}" for n, node in d.nodes.items() if node.kind == "farmer"}
    for cid in d.city_order:
        city = d.city_board(cid, pm["city_sides"][cid])
        ids.add(f"city.{cid}")
        ids |= {f"dock.{x.id}" for x in city.docks}
        ids |= {f"bonus.{b.id}" for q in city.quarters for b in q.spaces}
    return ids


@pytest.mark.parametrize("players", [1, 4])
def test_every_place_has_a_rect_inside_the_board(app, players):
    if players == 1:
        m = Match(R, R.check_config(Config([Seat("Anna", "human", 0), Seat("Pedro", "automa", 1)], 3, {})))
    else:
        m = game(players)
    scene = PlayScene(app, m, viewer=0, animate=False)
    app.push(scene)
    app.draw()
    v = scene.view
    for eid in sorted(expected_ids(v)):
        r = v.element_rect(eid)
        assert r is not None, eid
        assert v.r_board.contains(r), (eid, r, v.r_board)
    junctions = [n for n, node in v.data.nodes.items() if node.kind == "junction"]
    for n in junctions:  # a plain bend: no space to see or click
        assert v.element_rect(f"trail.{n}").w <= 1


def write_broken(tmp_path, old, new):
    from games.core.data import data_path
    path = tmp_path / "playmat.yaml"
    shutil.copy(data_path("gwt_argentina", "playmat.yaml"), path)
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize("old,new,key", [
    ("pitch: 3.35", "pitch: many", "railroad.pitch"),
    ("pitch: 3.35", "pitch: 9", "railroad.pitch"),
    ("cols: 3", "cols: 0", "harbour.ships.cols"),
    ("  water: [120, 164, 190]", "  water: [120, 164]", "colours.water"),
    ("  loco: 2.7", "  locomotive: 2.7", "railroad.loco"),
])
def test_a_broken_playmat_names_the_key(tmp_path, old, new, key):
    with pytest.raises(DataError) as e:
        load_places(write_broken(tmp_path, old, new))
    assert key in str(e.value)


BOARD_VERBS = ("load", "deliver", "farmer", "help", "master", "upgrade")


def board_element(scene, action):
    """The board place a player clicks for `action`, or None when it is not a board pick."""
    v = scene.view
    found = [eid for eid, group in getattr(v, "board_acts", {}).items() if action in group]
    if not found:
        return None
    # a delivery shows on its dock and on its bonus space: click either, in turn
    return found[scene.match.ply % len(found)]


def test_random_game_renders_and_board_picks_are_clicked(app):
    m = game(4, seed=11)
    for s in m.config.seats:
        assert s.is_human
    scene = PlayScene(app, m, viewer=0, animate=False)
    app.push(scene)
    rng = random.Random(5)
    drawn = clicked = 0
    kinds = set()
    for _ in range(1500):
        if m.is_over():
            break
        seat = m.to_act()[0]
        scene.viewer = seat
        app.draw()
        drawn += 1
        legal = R.legal_actions(m.state, seat)
        want = bot_move(m, seat) if rng.random() < 0.7 else rng.choice(legal)
        eid = board_element(scene, want)
        if eid is None:
            m.apply(want)
            continue
        ply = m.ply
        r = scene.view.element_rect(eid)
        click(app, r.center)
        if scene.chooser:
            line = next((rr for rr, a in scene.chooser if a == want), None)
            assert line is not None, (want, eid, [a.text for _, a in scene.chooser])
            app.draw()
            click(app, line.center)
        assert m.ply > ply and m.actions[ply] == want, (want, eid)
        while app.scenes[-1] is not scene:  # the hand-over screen between seats
            app.scenes.pop()
        clicked += 1
        kinds.add(eid.split(".")[0])
    assert drawn >= 30
    assert clicked >= 20 and {"rail", "ship", "dock", "bonus", "farmer", "station"} <= kinds, kinds
