"""data/moon_river/layout.yaml: the table's drawing parameters, loaded and validated.

A wrong file gives a DataError naming the file, the key path and what was expected.
"""
from __future__ import annotations

import functools

from games.core.data import Node, data_path, load_yaml
from ui.layout import Layout, colour

SCREEN_KEYS = {  # key -> (lowest, highest)
    "gap": (0, 40), "pad": (0, 40), "head": (10, 60), "character_line": (0, 40), "middle_width": (120, 400), "info": (20, 160),
    "hint": (10, 60), "button": (20, 80), "ranch_cell_max": (20, 200), "ranch_min_width": (100, 800),
    "river": (0.05, 0.6), "storage_max": (16, 160), "draft_tile": (24, 160), "saloon_token": (20, 120),
    "thumb_cell_max": (8, 120), "zoom_cell_max": (16, 200),
}
MOTIFS = ("dunes", "strata", "grass", "pines", "rows", "fence")
COLOUR_KEYS = ("grid", "grid_line", "board", "river", "legal", "storage", "shade", "ripple", "bridge", "bridge_dark",
               "area_label")
# The panels' lengths and font sizes the drawing code reads (the file has exactly these).
LENGTHS = {
    "ranch": "side_min cell_min board_extra board_radius marker_shrink name_dx name_room score_pad_min "
             "button_max",
    "cells": "inset line radius",
    "storage": "pad gap rim radius ring_width lift room_h room_w label_w number_dx number_dy",
    "score_pad": "top line value_dx value_gap",
    "draft": "box_room box_min label_h box_text_dx col_dx label_up number_dx radius ring ring_width "
             "ranchero_dx ranchero_dy",
    "saloon": "side_button bonus_label_h name_h foot piles_dy ring ring_width radius name_dy name_room bonus_gap",
    "info": "cow cow_gap line2_dy",
    "seat": "head name_dx name_room storage_room storage_gap storage_rim storage_radius pad_room pad_line "
            "pad_value_gap",
    "zoom": "head room_h room_w margin marker_shrink title_up",
    "tip": "room dx dy pad_x pad_y wrap",
}
FONTS = {
    "ranch": "name hint character",
    "storage": "label number",
    "score_pad": "title text",
    "draft": "box label number",
    "saloon": "piles name bonus",
    "info": "line",
    "seat": "score name pad discarded",
    "zoom": "title lines close",
    "tip": "text",
}


def _exactly(node: Node, keys, what: str) -> None:
    """The mapping has exactly these keys."""
    have = node.keys()
    for k in have:
        if k not in keys:
            Node(k, node.file, node.path).fail(f"{what}: one of {', '.join(keys)}", k)
    for k in keys:
        node.get(k)  # names the missing key


def load_layout(path=None) -> dict:
    """The validated layout as plain dicts; "toolkit" is the ui.layout.Layout of the panels'
    lengths and font sizes."""
    from games.moon_river.model import default_data
    data = default_data()
    node = load_yaml(path or data_path("moon_river", "layout.yaml")).mapping()
    scr = node.get("screen").mapping()
    _exactly(scr, tuple(SCREEN_KEYS), "a screen length")
    out: dict = {"screen": {k: scr.get(k).number(lo, hi) for k, (lo, hi) in SCREEN_KEYS.items()}}
    ter = node.get("terrains").mapping()
    _exactly(ter, data.terrains, "a terrain of components.yaml")
    out["terrains"] = {}
    for t in data.terrains:
        tn = ter.get(t).mapping()
        tn.only_keys({"colour", "motif"})
        out["terrains"][t] = {"colour": tn.get("colour").rgb(), "motif": tn.get("motif").str(MOTIFS)}
    sides = ("cowboy", *data.specialist_types)
    hel = node.get("helpers").mapping()
    _exactly(hel, sides, "a helper side")
    out["helpers"] = {s: hel.get(s).rgb() for s in sides}
    cols = node.get("colours").mapping()
    _exactly(cols, COLOUR_KEYS, "a table colour")
    out["colours"] = {k: colour(cols.get(k)) for k in COLOUR_KEYS}
    out["toolkit"] = Layout.load(None, regions=None, grids=None, node=node).expect("lengths", LENGTHS).expect(
        "fonts", FONTS)
    return out


@functools.lru_cache(maxsize=1)
def cached_layout() -> dict:
    """The default file, read once per run (the table is rebuilt on every new game)."""
    return load_layout()
