"""The table toolkit's layout data (ui/layout.py): regions, grids, lengths and font sizes read
from a layout.yaml, validated on load and resolved to pygame.Rects at the window's scale."""
from __future__ import annotations

import pygame
import pytest

from games.core.errors import DataError
from ui.layout import Layout, grid_cells

GOOD = """
regions:
  board: [0.0, 0.0, 0.5, 1.0]
  hand: {in: board, rect: [0.1, 0.5, 0.5, 0.5]}
grids:
  slots: {cols: 3, rows: 2, gap: 4, pad: [10, 20, 10, 0]}
lengths:
  hand: {gap: 6, row: 40}
fonts:
  hand: {title: 17}
colours:
  shade: [1, 2, 3, 200]
"""


def load(tmp_path, text, **kw):
    f = tmp_path / "layout.yaml"
    f.write_text(text, encoding="utf-8")
    return Layout.load(f, **kw)


def test_regions_resolve_against_the_table_or_another_region(tmp_path):
    lay = load(tmp_path, GOOD, colours="colours")
    r = lay.regions(pygame.Rect(100, 50, 1000, 600))
    assert r["board"] == pygame.Rect(100, 50, 500, 600)
    assert r["hand"] == pygame.Rect(150, 350, 250, 300)
    assert lay.colours["shade"] == (1, 2, 3, 200)


def test_lengths_and_fonts_scale_through_px(tmp_path):
    lay = load(tmp_path, GOOD)
    s = lay.scaled(lambda n: max(1, int(round(n * 1.5))))
    assert (s.hand.gap, s.hand.row, s.font.hand.title) == (9, 60, 26)
    odd = lay.scaled(lambda n: max(1, int(round(n * 1.25))))  # px(6) = 8 but px(12) = 15
    assert (odd.hand.gap, odd.twice.hand.gap) == (8, 15)

    assert lay.scaled(lambda n: n).hand.gap == 6  # another scale: worked out again


def test_grid_cells_take_the_padding_off_and_share_the_rest(tmp_path):
    lay = load(tmp_path, GOOD)
    cells = lay.cells("slots", pygame.Rect(0, 0, 126, 104), lambda n: n)
    assert len(cells) == 6
    assert cells[0] == pygame.Rect(10, 20, 32, 40)
    assert cells[4] == pygame.Rect(46, 64, 32, 40)
    assert len(lay.cells("slots", pygame.Rect(0, 0, 126, 104), lambda n: n, 2)) == 2
    assert grid_cells(pygame.Rect(0, 0, 10, 10), 2, 1, 0)[1] == pygame.Rect(5, 0, 5, 10)


@pytest.mark.parametrize("bad, key", [
    ("regions:\n  a: [0, 0, 2, 1]\n", "regions.a[2]"),
    ("regions:\n  a: [0, 0, 1]\n", "regions.a"),
    ("regions:\n  a: {in: b, rect: [0, 0, 1, 1]}\n", "regions.a.in"),
    ("regions:\n  a: {in: a, rect: [0, 0, 1, 1]}\n", "regions.a.in"),
    ("grids:\n  g: {cols: 0, rows: 1}\n", "grids.g.cols"),
    ("grids:\n  g: {cols: 1, rows: 1, wide: 3}\n", "grids.g.wide"),
    ("lengths:\n  a: {gap: -3}\n", "lengths.a.gap"),
    ("lengths:\n  a: {gap: yes}\n", "lengths.a.gap"),
    ("fonts:\n  a: {title: 500}\n", "fonts.a.title"),
])
def test_a_wrong_file_names_the_file_and_key(tmp_path, bad, key):
    sections = {k: (k if k in bad else None) for k in ("regions", "grids", "lengths", "fonts")}
    with pytest.raises(DataError) as e:
        load(tmp_path, bad, **sections)
    assert e.value.key_path == key and "layout.yaml" in e.value.path


def test_expect_wants_exactly_the_names_the_table_reads(tmp_path):
    lay = load(tmp_path, GOOD)
    assert lay.expect("lengths", {"hand": "gap row"}) is lay
    with pytest.raises(DataError) as e:
        lay.expect("lengths", {"hand": "gap row pad"})
    assert e.value.key_path == "lengths.hand.pad"
    with pytest.raises(DataError) as e:
        lay.expect("lengths", {"hand": "gap"})
    assert e.value.key_path == "lengths.hand.row"
    with pytest.raises(DataError) as e:
        lay.expect("fonts", {"seat": "title"})
    assert e.value.key_path == "fonts.hand"


def test_el_paso_layout_loads_and_names_a_bad_key(tmp_path):
    from games.core.data import data_path
    from ui.views.el_paso import load_layout
    lay = load_layout()
    assert set(lay.regions(pygame.Rect(0, 0, 1280, 720))) >= {"towns", "sites", "loot"}
    text = data_path("el_paso", "layout.yaml").read_text(encoding="utf-8")
    f = tmp_path / "layout.yaml"
    f.write_text(text.replace("row_max: 96", "row_max: -96"), encoding="utf-8")
    with pytest.raises(DataError) as e:
        load_layout(f)
    assert e.value.key_path == "lengths.players.row_max"


# ------------------------------------------------------------------ the base view's helpers
def test_a_selection_empties_itself_when_the_position_key_changes():
    from types import SimpleNamespace

    from ui.views.base import Selection
    view = SimpleNamespace()
    presets = []
    sel = Selection(view, lambda: presets.append(list(view.picked)), picked=[], table=None)
    assert view.picked == [] and view.table is None
    assert sel.sync((3, 1)) and presets == [[]]  # the first sync resets
    view.picked.append("a")
    view.table = 2
    assert not sel.sync((3, 1)) and view.picked == ["a"] and view.table == 2
    assert sel.sync((4, 1)) and view.picked == [] and view.table is None
    first = view.picked
    sel.sync((5, 1))
    assert view.picked == [] and view.picked is not first  # each reset is a fresh copy



def test_digit_keys_pick_the_nth_choice():
    from ui.views.base import GameView
    key = lambda k, t=pygame.KEYDOWN: pygame.event.Event(t, key=k)  # noqa: E731
    assert GameView.digit(key(pygame.K_1)) == 0 and GameView.digit(key(pygame.K_9)) == 8
    assert GameView.digit(key(pygame.K_0)) is None and GameView.digit(key(pygame.K_a)) is None
    assert GameView.digit(key(pygame.K_3, pygame.KEYUP)) is None
    view = GameView.__new__(GameView)
    assert view.pick_nth(key(pygame.K_2), ["x", "y"]) == "y"
    assert view.pick_nth(key(pygame.K_3), ["x", "y"]) is None
