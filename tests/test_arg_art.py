"""Great Western Trail: Argentina at the table: its art (ui/views/gwt_argentina/art.py). Every
action kind, effect and condition of the data has its own icon, every action in the data
draws, every piece draws at small and large sizes in both languages, caches are bounded."""
from __future__ import annotations

import pygame
import pytest

from games.core.data import data_path, load_yaml
from ui.views.gwt.edition import edition
from ui.views.gwt_argentina import CITY, EDITION_LAYOUT, GAME, ArgentinaEdition
from ui.views.gwt_argentina.art import ArgentinaArt, marks

# the art's edition (its panels' own lengths are no concern of the pieces)
ED = edition(GAME, CITY, ArgentinaArt, EDITION_LAYOUT, ArgentinaEdition)
art = ED.art
data = ED.data
LANGS = ("en", "ru")


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield


def _kinds() -> list[str]:
    b = load_yaml(data_path(GAME, "buildings.yaml"))
    pb = load_yaml(data_path(GAME, "player_board.yaml"))
    return (b.get("action_vocabulary").keys() + pb.get("effect_vocabulary").keys()
            + pb.get("condition_vocabulary").keys())


def test_every_kind_of_the_vocabulary_has_its_own_icon():
    missing = [k for k in _kinds() if not art.has_icon(k)]
    assert not missing, f"no icon for {missing}: add one in ui/views/gwt_argentina/art.py"


def _all_actions() -> list:
    acts = list(data.city_actions)
    acts += [a for n in data.neutrals for a in n.actions]
    acts += [a for t in data.building_types for _, _, side in t.sides.values() for a in side]
    acts += [a for x in data.aux for a in (*x.actions, *x.upgraded)]
    acts += [e for d in data.discs for e in d.effects] + [d.condition for d in data.discs if d.condition]
    acts += [a for m in data.station_masters for a in m.top]
    acts += [a for s in data.ships.values() for a in s.acts]
    acts += [a for c in data.cities for q in c.quarters for b in q.spaces for a in b.acts]
    acts += [a for o in data.objectives for a in o.instant]
    acts += [a for row in data.worker_rows.values() for s in row for a in s.acts]
    acts += [a for v in data.extra_actions.values() for a in v]
    return acts


def _not_blank(img: pygame.Surface) -> bool:
    return img.get_bounding_rect().w > 0


def test_every_action_in_the_data_draws():
    keys = {art.act_key(a) for a in _all_actions()}
    for key in keys:
        assert art.has_icon(key[0]), key
        for h in (12, 24, 64):
            for lang in LANGS:
                img = art.action_icon(key, h, lang)
                assert img.get_height() == h and img.get_width() == art.action_width(key, h)
                assert _not_blank(img)


def test_no_icon_runs_off_its_width():
    # the width an icon declares holds its drawing: its right edge column stays clear
    for key in {art.act_key(a) for a in _all_actions()}:
        for lang in LANGS:
            img = art.action_icon(key, 64, lang)
            w, h = img.get_size()
            assert sum(img.get_at((w - 1, y)).a > 40 for y in range(h)) <= 2, (key, lang)


def test_breed_params_name_groups_and_draw_with_the_group_look():
    # actions name breed groups (caracu, franqueiro); the look is per card (caracu2 ...)
    groups = {v for a in _all_actions() for k, v in a.params.items() if k == "breed"}
    assert groups and groups <= set(data.groups)
    for g in groups:
        assert art._variant(g) in art.conf()["breeds"]
        assert art.breed_letter(g, "ru")


@pytest.mark.parametrize("scale", [0.5, 2.0])
def test_every_piece_draws_at_small_and_large_sizes(scale):
    def sz(n):
        return max(1, int(n * scale))
    for lang in LANGS:
        for cid, c in data.cards.items():
            if c.role != "exhaustion":
                assert art.cattle_card(cid, sz(62), sz(88), lang).get_size() == (max(20, sz(62)), max(28, sz(88)))
        assert _not_blank(art.exhaustion_card(sz(62), sz(88), lang))
        for o in data.objectives:
            assert art.objective_card(o.id, sz(70), sz(96), lang).get_size() == (max(28, sz(70)), max(36, sz(96)))
        for sid in data.ships:
            assert art.ship_tile(sid, sz(70), sz(84), lang).get_size() == (max(28, sz(70)), max(28, sz(84)))
        for m in data.station_masters:
            assert art.master_tile(m.id, sz(80), sz(80), lang).get_size() == (max(28, sz(80)),) * 2
        for c in data.cities:
            for d in c.docks:
                assert _not_blank(art.dock_badge(d.id, sz(44), lang))
            for q in c.quarters:
                for b in q.spaces:
                    assert art.bonus_space(b.id, sz(44), lang).get_size() == (max(16, sz(44)),) * 2
        for t in data.tokens.values():
            if t.kind == "farmer":
                img = art.farmer_token(t.type, t.hand, t.stamina, sz(40), lang)
            else:
                img = art.worker_token(t.type, t.stamina, sz(36), lang)
            assert _not_blank(img) and img.get_width() == img.get_height()
        for w in art.conf()["workers"]:
            assert _not_blank(art.worker_token(w, 0, sz(36), lang))
        for face in art.tile_faces():
            assert art.building_tile(face, sz(84), sz(84), lang=lang).get_size() == (max(20, sz(84)),) * 2
            assert _not_blank(art.building_tile(face, sz(30), sz(30), ((213, 94, 0), "R", "circle"), lang))
        for task in {m.task for m in data.station_masters}:
            assert _not_blank(art.task_icon(task, sz(30), lang))
        for hand in ("green", "black"):
            assert _not_blank(art.hand_mark(hand, sz(24), lang))
    for st in data.railroad.stations:
        assert _not_blank(art.station_badge(st.cost, st.vp, st.dark, sz(40)))
    for bag in "ABC":
        assert _not_blank(art.token_back(bag, sz(30)))
    assert _not_blank(art.grain_token(sz(30))) and _not_blank(art.stamina_mark(3, sz(24)))
    loco = art.locomotive(sz(30), (213, 94, 0), "R")
    assert loco.get_height() == max(10, sz(30)) and _not_blank(loco)


def test_tiles_show_the_hand_and_cards_their_stamina():
    # a tile with a hand differs from the family's drawing; one without is the family's own
    with_hand = next(f for f, h in data.building_hands.items() if h)
    without = next(f for f, h in data.building_hands.items() if not h)
    from ui.views.gwt.art import Art
    plain = Art.building_tile(art, with_hand, 84, 84)
    assert pygame.image.tobytes(plain, "RGBA") != pygame.image.tobytes(art.building_tile(with_hand, 84, 84), "RGBA")
    assert (pygame.image.tobytes(Art.building_tile(art, without, 84, 84), "RGBA")
            == pygame.image.tobytes(art.building_tile(without, 84, 84), "RGBA"))
    card = next(iter(data.cards))
    assert (pygame.image.tobytes(Art.cattle_card(art, card, 62, 88), "RGBA")
            != pygame.image.tobytes(art.cattle_card(card, 62, 88), "RGBA"))


def test_marks_exist_in_both_languages_for_every_colour_and_place():
    en, ru = marks("en"), marks("ru")
    assert set(en) == set(ru)
    need = ({f"farmer.{c}" for c in ("green", "blue", "orange", "yellow")}
            | {f"sail.{s.group}" for s in data.ships.values() if s.group}
            | {f"quarter.{q.id}" for c in data.cities for q in c.quarters}
            | {f"city.{c.id}" for c in data.cities} | {"hand.green", "hand.black", "exhaustion"})
    assert need <= set(en)
    assert len({en[f"farmer.{c}"] for c in ("green", "blue", "orange", "yellow")}) == 4
    assert len({ru[f"farmer.{c}"] for c in ("green", "blue", "orange", "yellow")}) == 4


def test_caches_are_bounded_and_cleared():
    for name in art.OWN_CACHED:
        info = getattr(art, name).cache_info()
        assert info.maxsize is not None and info.maxsize <= 512, name
    art.farmer_token("green", "black", 5, 30)
    art.clear()
    assert all(getattr(art, n).cache_info().currsize == 0 for n in art.OWN_CACHED)
