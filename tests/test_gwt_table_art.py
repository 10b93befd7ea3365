"""Great Western Trail: El Paso at the table, the engine-independent part: the layout file,
the art for every action and component, and the playmat painter at several sizes."""
from __future__ import annotations

import pygame
import pytest

from games.core.data import data_path, load_yaml
from games.core.errors import DataError
from games.gwt_el_paso.model import default_data
from ui.views.gwt_el_paso import load_layout, table_edition
from ui.views.gwt_el_paso.board import ElPasoBoardPainter as BoardPainter

ED = table_edition()
art = ED.art

SIZES = [(1280, 720), (1920, 1080), (3840, 2160), (1001, 977)]
SAMPLE = {
    "tiles": {"n1": "B", "n2": "C", "n3": "D", "n4": "E", "n5": "F", "n6": "G",
              "s1": ("1a", 0), "s4": ("3b", 1), "s8": {"face": "6a", "owner": 2}},
    "herders": {0: "n2", 1: "n2", 2: "el_paso", 3: "simmental"},
    "discs": {0: [1], 5: [0, 1, 2], 12: [0, 0, 3]},
    "simmental": 4,
    "reachable": {"n3": 1, "s4": 1, "n4": 2},
    "selected": "n4",
    "posts": [0, 5, 7],
    "glow": ["trail.s2", "trail.s9", "simmental"],
}


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield


def test_layout_validates():
    conf = load_layout()
    data = default_data()
    assert set(conf["breeds"]) == {b.id for b in data.breeds}
    assert set(conf["workers"]) == {"cowboy", "engineer", "builder", "joker"}
    assert all(set(w["letter"]) == {"en", "ru"} for w in conf["workers"].values())
    assert all(set(b["letter"]) == {"en", "ru"} for b in conf["breeds"].values())
    ru = [b["letter"]["ru"] for b in conf["breeds"].values()]
    assert len(set(ru)) == len(ru)  # every breed tells itself apart on a Russian table
    assert set(conf["nudge"]) <= set(data.node_order)


@pytest.mark.parametrize("text, where", [
    ("screen: {gap: 6}\n", "at lengths: expected this key"),
    ("nonsense: [1, 2\n", "line"),
])
def test_a_broken_layout_is_a_data_error(tmp_path, text, where):
    bad = tmp_path / "layout.yaml"
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as e:
        load_layout(bad)
    assert "layout.yaml" in str(e.value) and where in str(e.value)


def _broken(tmp_path, old, new):
    text = data_path("gwt_el_paso", "layout.yaml").read_text(encoding="utf-8")
    assert old in text
    bad = tmp_path / "layout.yaml"
    bad.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(DataError) as e:
        load_layout(bad)
    return str(e.value)


def test_layout_errors_name_the_key_and_the_expectation(tmp_path):
    msg = _broken(tmp_path, "criollo: {colour: [150, 150, 150], pattern: none,",
                  "criollo: {colour: [150, 150, 150], pattern: zigzag,")
    assert "breeds.criollo.pattern" in msg and "stripes" in msg
    msg = _broken(tmp_path, "  hereford:", "  longhorn:")
    assert "breed id" in msg and "longhorn" in msg
    msg = _broken(tmp_path, "s3: [-1.4, 2.4]", "s99: [-1.4, 2.4]")
    assert "nudge" in msg and "s99" in msg
    msg = _broken(tmp_path, "space: 9.0", "space: 40")
    assert "board.space" in msg
    msg = _broken(tmp_path, "letter: {en: J, ru: Д}", "letter: {en: JOKE, ru: Д}")
    assert "workers.joker.letter.en" in msg
    msg = _broken(tmp_path, "right_max: 430", "right_mx: 430")  # a family length nothing reads
    assert "lengths.frame.right_mx" in msg and "right_max" in msg
    msg = _broken(tmp_path, "star_gap: 6", "star_gp: 6")  # one of El Paso's own panels' lengths
    assert "edition_lengths.sue_row.star_gp" in msg and "star_gap" in msg
    msg = _broken(tmp_path, "letter: {en: Cr, ru: Кр}", "letter: {en: Cr}")
    assert "breeds.criollo.letter" in msg and "ru" in msg


def _vocabulary() -> list[str]:
    node = load_yaml(data_path("gwt_el_paso", "buildings.yaml"))
    return node.get("action_vocabulary").keys() + node.get("effect_vocabulary").keys()


def test_every_action_and_effect_kind_has_an_icon():
    missing = [k for k in _vocabulary() if not art.has_icon(k)]
    assert not missing, f"no icon for {missing}: add one in ui/views/gwt/art.py"


def _all_actions(data):
    acts = list(data.el_paso_actions)
    acts += [a for n in data.neutrals for a in n.actions]
    acts += [a for t in data.building_types for _, _, side in t.sides.values() for a in side]
    acts += [a for t in data.trains for side in t.sides.values() for a in side]
    acts += [a for p in data.posts for a in p.reward]
    acts += [a for x in data.aux for a in (*x.actions, *x.upgraded)]
    acts += [e for d in data.discs for e in d.effects]
    acts += [a for w in data.workers for a in w.bonus]
    acts += [b.effect for b in data.bonus_tiles if b.effect] + [a for b in data.bonus_tiles for a in b.on_gain]
    return acts


def test_every_action_in_the_data_draws():
    data = default_data()
    for act in _all_actions(data):
        key = art.act_key(act)
        for h in (12, 24, 64):
            img = art.action_icon(key, h)
            assert img.get_height() == h and img.get_width() == art.action_width(key, h)
            assert img.get_bounding_rect().w > 0


def test_every_component_draws():
    data = default_data()
    for b in data.breeds:
        assert art.cattle_card(b.id, 62, 88).get_size() == (62, 88)
    for w in ("cowboy", "engineer", "builder", "joker"):
        for lang in ("en", "ru"):
            assert art.worker_card(w, 44, 62, lang).get_size() == (44, 62)
            assert art.worker_piece(w, 30, lang).get_height() == 30
    for t in data.trains:
        for side in ("plain", "star"):
            assert art.train_card(t.id, side, 104, 70).get_size() == (104, 70)
    for o in data.objectives:
        assert art.objective_tile(o.id, 52).get_size() == (52, 52)
    for b in data.bonus_tiles:
        assert art.bonus_tile(b.id, 52).get_size() == (52, 52)
    for face in art.tile_faces():
        assert art.building_tile(face, 74, 74).get_size() == (74, 74)
        assert art.building_tile(face, 30, 30, ((213, 94, 0), "R", "circle")).get_size() == (30, 30)
    for img in (art.money(30, 5), art.certificate(30, 2), art.vp_star(30, 5), art.exchange_token(30),
                art.disc_space(30, True, (0, 114, 178), "B"), art.disc_space(30, False),
                art.step_marker(30, 4), art.herder_piece(30, (213, 94, 0), "R"),
                art.tile_back("objective", 30), art.tile_back("bonus", 30)):
        assert img.get_bounding_rect().w > 0


def test_neutral_and_common_faces_come_from_the_data():
    data = default_data()
    faces = art.tile_faces()
    assert {n.id for n in data.neutrals} | {"el_paso"} <= set(faces)
    for t in data.building_types:
        for fid, vp, acts in t.sides.values():
            kind, keys, fvp, builders = faces[fid]
            assert (kind, fvp, builders) == ("common", vp, t.builders)
            assert keys == art.acts_key(acts)


@pytest.mark.parametrize("size", SIZES)
def test_the_board_draws_at_every_size(size):
    surf = pygame.Surface(size)
    rect = pygame.Rect(0, 0, *size).inflate(-10, -14)
    painter = BoardPainter(ED)
    for dyn in (None, SAMPLE, dict(SAMPLE, lang="ru", tiles={})):
        rects = painter.draw(surf, rect, dyn)
        _check_rects(rects, rect)
    assert painter.rects(rect) == rects


def _check_rects(rects, rect):
    data = default_data()
    want = {f"trail.{n}" for n in data.node_order} | {f"post.{p.value}" for p in data.posts} | {"simmental"}
    assert set(rects) == want
    for key, r in rects.items():
        assert rect.contains(r), (key, r, rect)
        assert r.w > 4 and r.h > 4
    nodes = [rects[f"trail.{n}"] for n in data.node_order]
    for i, a in enumerate(nodes):  # no two locations overlap (clicks must be unambiguous)
        for b in nodes[i + 1:]:
            assert not a.colliderect(b), (a, b)


def test_the_board_is_drawn_into_an_offset_rect():
    surf = pygame.Surface((900, 700))
    rect = pygame.Rect(120, 90, 700, 420)
    surf.fill((1, 2, 3))
    rects = BoardPainter(ED).draw(surf, rect, SAMPLE)
    _check_rects(rects, rect)
    assert surf.get_at((5, 5))[:3] == (1, 2, 3)  # nothing drawn outside the rect
    assert surf.get_at(rects["post.10"].center)[:3] != (1, 2, 3)


def test_hit_names_the_element_under_the_pointer():
    painter = BoardPainter(ED)
    rect = pygame.Rect(0, 0, 1280, 720)
    rects = painter.rects(rect)
    for key in ("trail.el_paso", "trail.s3", "post.16", "simmental"):
        assert painter.hit(rect, rects[key].center) == key
    assert painter.hit(rect, (1, 1)) is None


def test_layers_are_cached_and_follow_the_pieces():
    painter = BoardPainter(ED)
    surf = pygame.Surface((1280, 720))
    rect = surf.get_rect()
    painter.draw(surf, rect, SAMPLE)
    static, pieces = painter._static, painter._pieces
    painter.draw(surf, rect, dict(SAMPLE, reachable={"n1": 1}))  # only the glows change
    assert painter._static is static and painter._pieces is pieces
    painter.draw(surf, rect, dict(SAMPLE, discs={16: [0]}))
    assert painter._static is static and painter._pieces is not pieces
    painter.draw(surf, pygame.Rect(0, 0, 1000, 600), SAMPLE)
    assert painter._static is not static


def test_unknown_things_in_the_dynamic_dict_are_ignored():
    surf = pygame.Surface((640, 480))
    dyn = {"tiles": {"nowhere": "1a", "s1": "zz"}, "herders": {0: "nowhere", 1: None},
           "discs": {99: [0]}, "reachable": {"nowhere": 2}, "selected": "nowhere"}
    rects = BoardPainter(ED).draw(surf, surf.get_rect(), dyn)
    _check_rects(rects, surf.get_rect())


def test_the_preview_tool_writes_a_png(tmp_path):
    from tools import gwt_board_preview
    out = tmp_path / "board.png"
    assert gwt_board_preview.main([str(out), "800x450"]) == 0
    assert pygame.image.load(str(out)).get_size() == (800, 450)


def test_the_player_board_draws_with_its_click_targets():
    from ui.views.gwt.playerboard import (
        PlayerBoardState,
        _aux_status,
        player_board,
        start_state,
    )
    data = default_data()
    st = start_state(ED, (213, 94, 0), "R")
    assert _aux_status(ED, st.discs) == {a.number: (a.start_available, False) for a in data.aux}
    freed = _aux_status(ED, tuple(d for d in st.discs if d not in ("aux1", "aux2")))
    assert freed[1] == (True, True) and freed[2][0] is True
    for size in ((560, 150), (840, 225), (1680, 450), (301, 97)):
        img, rects = player_board(ED, *size, st)
        assert img.get_size() == size
        want = {f"aux.{a.number}" for a in data.aux} | {f"disc.{d.id}" for d in data.discs} | {"certificates"}
        assert set(rects) == want
        assert all(img.get_rect().contains(r) for r in rects.values())
    later = PlayerBoardState((0, 114, 178), "B", ("hand",), 4, 2, 4, 5, "ru")
    assert player_board(ED, 560, 150, later)[0].get_size() == (560, 150)


def test_the_family_table_holds_no_edition_of_its_own():
    """ui/views/gwt/ names no edition: what is El Paso's comes through its TableEdition
    (cached per edition id) and its subclasses; the pieces are memoised per edition."""
    import pathlib

    from ui.views.gwt.edition import edition
    root = pathlib.Path(__file__).resolve().parents[1] / "ui" / "views" / "gwt"
    for path in root.glob("*.py"):
        code = "\n".join(line.split("#")[0] for line in path.read_text(encoding="utf-8").splitlines())
        assert "gwt_el_paso" not in code.replace("ui/views/gwt_el_paso", ""), path.name
    # El Paso's own parts (deliveries and trading posts, trains, bonus tiles, Simmental, the
    # city's name) reach the family's view and panels only through their hooks
    for name in ("view.py", "panels.py", "board.py"):
        code = "\n".join(line.split("#")[0] for line in (root / name).read_text(encoding="utf-8").splitlines())
        for word in ("el_paso", "deliver", "simmental", '"post', '"train', "bonuses", "delivery",
                     "req.post"):
            assert word not in code.lower(), (name, word)
    code = (root / "art.py").read_text(encoding="utf-8")
    for word in ("use_train", "gain_simmental", '"deliver"', "train_card", "bonus_tile", "_post_sign", "min_post",
                 "trading_posts", "el_paso_actions"):
        assert word not in code, ("art.py", word)
    # El Paso's layout keys are its own (EDITION_LAYOUT): the family's loader names none and
    # refuses El Paso's file without them
    code = (root / "layout.py").read_text(encoding="utf-8")
    for word in ('"el_paso"', '"simmental"', '"trading_posts"', '"post"', '"train_star"', '"wood"', "post_disc",
                 "deliver"):
        assert word not in code, ("layout.py", word)
    code = (root / "source.py").read_text(encoding="utf-8")
    for word in ("trading_posts", "simmental"):
        assert word not in code, ("source.py", word)
    from ui.views.gwt.layout import load_layout as family_layout
    with pytest.raises(DataError, match="trading_posts"):
        family_layout("gwt_el_paso", city="el_paso")
    from ui.views.gwt_el_paso import EDITION_LAYOUT
    from ui.views.gwt_el_paso.art import ElPasoArt
    assert edition("gwt_el_paso", "el_paso", ElPasoArt, EDITION_LAYOUT) is ED
    assert ED.art.worker_card("cowboy", 44, 62) is art.worker_card("cowboy", 44, 62)
    assert set(ED.layout["workers"]) == set(ED.data.worker_ids)
