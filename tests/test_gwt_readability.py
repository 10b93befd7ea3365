"""Both GWT tables read at 1280x720: every font a player reads is at least 12 px there,
every action that can sit on a location's button has a short label in words in both
languages, and the player board says its certificates as "held/most"."""
import pygame
import pytest
import yaml

from games.core.i18n import catalogue
from ui.views.gwt_argentina import art as arg_art
from ui.views.gwt_el_paso import art as ep_art

LAYOUTS = ["data/gwt_el_paso/layout.yaml", "data/gwt_argentina/layout.yaml"]


def _sizes(node):
    for v in node.values():
        if isinstance(v, dict):
            yield from _sizes(v)
        else:
            yield v


@pytest.mark.parametrize("path", LAYOUTS)
def test_no_font_under_12px_at_1280x720(path):
    with open(path, encoding="utf-8") as f:
        conf = yaml.safe_load(f)
    sizes = [s for part in ("fonts", "edition_fonts") for s in _sizes(conf.get(part) or {})]
    assert sizes and min(sizes) >= 12


def _art_class(module):
    return next(c for c in vars(module).values()
                if isinstance(c, type) and c.__module__ == module.__name__ and "ACTION_ICONS" in vars(c))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_action_button_has_a_short_label(lang):
    cat = catalogue(lang)
    names = set(_art_class(ep_art).ACTION_ICONS) | set(_art_class(arg_art).ACTION_ICONS)
    missing = sorted(n for n in names if f"gwt.act.{n}" not in cat)
    assert not missing
    assert max(len(cat[f"gwt.act.{n}"]) for n in names) <= 26  # two short lines on a button


def test_player_board_certificates_read_held_of_most(monkeypatch):
    from ui.views.gwt import playerboard
    from ui.views.gwt_el_paso import table_edition
    ed = table_edition()
    said = []
    real = ed.art.label

    def spy(text, *args, **kw):
        said.append(text)
        return real(text, *args, **kw)

    monkeypatch.setattr(ed.art, "label", spy)
    playerboard.clear()
    state = playerboard.start_state(ed, (200, 40, 40), "R")
    playerboard.player_board(ed, 600, 200, state)
    assert f"0/{ed.data.cert_max}" in said
    pygame.quit()


def test_hovering_ones_player_board_shows_it_large(app):
    from games.core.contract import Config, Seat
    from games.core.match import Match
    from games.gwt_el_paso.rules import GWTRules
    from ui.scenes.play import PlayScene
    m = Match(GWTRules(), Config([Seat("Anna", "human", 0), Seat("Sue", "automa", 1)], 3, {}))
    scene = PlayScene(app, m, viewer=0, animate=False)
    app.push(scene)
    app.draw()
    v = scene.view
    board = v.element_rect("aux.1").unionall([v.element_rect("certificates")])
    big = [make(*args) for rect, make, args in v.previews if rect.contains(board)]
    assert big and big[0].get_width() >= 2 * board.w
