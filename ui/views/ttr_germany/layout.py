"""data/ttr_germany/layout.yaml: the table's drawing parameters, loaded and validated.

A wrong file gives a DataError naming the file, the key path and what was expected.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

from games.core.data import Node, data_path, load_yaml
from ui import theme
from ui.layout import Layout, colour

SCREEN_KEYS = ("column", "gap", "players_head", "player_row", "display", "hand")
MAP_KEYS = ("reference_lat", "track_width", "parallel_gap", "space_gap", "end_gap", "city_radius",
            "big_city_radius", "label_size", "big_label_size", "meeple", "path_width")
COLOUR_KEYS = ("sea", "coast", "land", "germany", "border", "river", "track", "rail", "acting_row", "own_row",
               "lead_ring", "deck", "short", "long", "ticket_icon", "ticket", "ticket_done", "done", "choice",
               "choice_hover", "tip", "label_halo", "map_frame", "marker", "ticket_back", "banner",
               "plate", "waves", "tray", "tray_edge", "glow_core", "path", "path_done", "path_shade", "path_edge")
# The panels' lengths and font sizes the drawing code reads, by panel (the file has exactly these).
LENGTHS = {
    "panel": "pad title_dy",
    "players": "title_dy warning_room warning_icon warning_gap track_dy track_h rows_dy row_inset "
               "row_gap",
    "track": "rail_inset rail_up rail_h tick number_dx number_dy marker",
    "row": "radius outline two_lines marker_room marker marker_dx name_dx score_w meeple_step "
           "name_gap counts_dx status_gap icon count_dx count_gap meeple meeple_room lead_dx "
           "lead_dy lead_radius score_dx",
    "display": "discard_dx gap room_h room_w cards_dy radius forbidden deck_gap stack_step "
               "label_dy rule_gap rule_dx tickets_inset",
    "hand": "gap room_h card_gap cards_dy step_max stack_step ring ring_width ring_radius badge_w "
            "badge_h badge_dy spend_w spend_up",
    "ticket": "radius shadow_dx shadow_dy stripe edge edge_strong badge badge_room badge_dx "
              "text_dx checkbox checkbox_radius checkbox_line tick_line checkbox_gap text_gap "
              "two_lines check check_step one_line_min",
    "tickets": "hint_gap hint_min gap bar bar_gap foot",
    "overlay": "shadow_radius shadow_dx shadow_dy near",
    "pay": "card_w card_h label_gap min_w cards_room card_gap map_room h avoid pad title_dy "
           "chip_dy chip_w chip_h chip_radius sub_dx row_gap ring radius locos_dy locos_text_dy "
           "loco_w loco_h loco_line loco_gap total_dy total_text_dy mini_w mini_h times_dx "
           "times_gap button_h confirm_w cancel_dx cancel_w",
    "mix": "pad title_dy note_dy note_h gap cancel_room choice_max choice_room radius line back_w "
           "back_h back_step back_room back_dy short_dy long_dy text_room cancel_w cancel_h",
    "keep": "pad title_dy note_dy gap ticket_h tickets_dy button_w button_h have_gap have_min",
    "passenger": "size cell_gap cells_room title_room h avoid avoid_size line ring ring_width "
                 "title_dy title_side inset inset_w top extra_h name_dy",
    "tip": "pad_x pad_y dx dy up radius",
    "frame": "map players_foot map_shadow map_shadow_dx map_shadow_dy shadow shadow_dx shadow_dy",
    "labels": "outline plate_w plate_h",
    "city": "hover box_grow",
    "city_tip": "meeple meeple_gap side head row_gap up radius pad_x pad_y meeples_dy",
    "legend": "cell head_gap side top row first_dy text_dx",
    "places": "legend_margin country_dot reach tray_w tray_h label_gap label_far crowd",
    "land": "border dash waves coast river",
    "spaces": "claimed_grow shadow_dx shadow_dy plate_dot plate_radius marker_shrink",
    "tray": "shrink room dx dy",
    "glow": "hint blur room route core",
    "path": "glow blur edge plate_ring city_ring ring_edge ring_edge_width ring_width",
    "beat": "dest_w dest_h dest_dx card_arc shadow shadow_dx shadow_dy space_grow marker_shrink "
            "drop meeple_arc meeple_min meeple_max tickets_arc ticket_w ticket_h ticket_step "
            "banner_h banner_room",
}
FONTS = {
    "panel": "title",
    "players": "warning",
    "track": "number",
    "row": "name status count passengers score",
    "display": "discard label",
    "hand": "count spend",
    "ticket": "points places status one_line one_line_small",
    "tickets": "hint more",
    "pay": "label title sub locos times",
    "mix": "title note deck",
    "keep": "title note",
    "passenger": "title name",
    "tip": "text",
    "city_tip": "name",
    "beat": "banner",
    "legend": "text",
    "spaces": "letter",
}
ANCHORS = ("midleft", "midright", "midtop", "midbottom", "topleft", "topright", "bottomleft",
           "bottomright")
ZOOM_KEYS = {"max": (1, 8), "step": (1.05, 3), "max_mpx": (1, 64), "pan_step": (10, 400),
             "drag": (1, 40), "button": (16, 60), "button_gap": (0, 20)}
GEO_KEYS = ("germany", "seas", "islands", "lakes", "rivers")


def _point(node: Node) -> tuple[float, float]:
    lat, lon = node.seq(2, 2)
    return lat.number(-90, 90), lon.number(-180, 180)


def _line(node: Node, min_len: int) -> tuple[tuple[float, float], ...]:
    return tuple(_point(p) for p in node.seq(min_len))


def _range(node: Node, lo: float, hi: float) -> tuple[float, float]:
    a, b = node.pair(lo, hi)
    if a >= b:
        node.fail("[smaller, larger]", [a, b])
    return a, b


@dataclass(frozen=True)
class ColourLook:
    """How a train card or route colour (and a passenger meeple of the same id) is drawn."""
    rgb: tuple[int, int, int]
    letter: str              # 1 or 2 characters, each colour its own
    pattern: str             # one of theme.PATTERNS


def _cards(node: Node, data) -> dict:
    """`cards`: a look for every card and route colour of components.yaml (and so for every
    passenger colour, drawn like the card colour of its id), letters all different."""
    ids = [c.id for c in data.card_colours] + [data.locomotive.id, data.gray.id]
    for key in node.keys():
        if key not in ids:
            node.get(key).fail(f"a colour id of components.yaml ({', '.join(ids)})", key)
    out, letters = {}, {}
    for cid in ids:
        look = node.get(cid).mapping().only_keys({"rgb", "letter", "pattern"})
        letter = look.get("letter").str()
        if len(letter) > 2:
            look.get("letter").fail("a letter (1 or 2 characters)", letter)
        if letter in letters:
            look.get("letter").fail(f"a letter no other colour has ({letters[letter]} has it)", letter)
        letters[letter] = cid
        out[cid] = ColourLook(look.get("rgb").rgb(), letter, look.get("pattern").str(theme.PATTERNS))
    for p in data.passenger_colours:
        if p.id not in out:
            node.fail(f"a look for the passenger colour {p.id} (a card colour id)", sorted(out))
    return out


def load_layout(path=None) -> dict:
    """The validated layout as plain tuples and dicts."""
    from games.ttr_germany.model import default_data
    data = default_data()
    locs, conns = set(data.location_ids), set(data.connections)
    countries = {loc.id for loc in data.locations if loc.is_country}
    node = load_yaml(path or data_path("ttr_germany", "layout.yaml")).mapping()
    scr = node.get("screen").mapping()
    out: dict = {"screen": {k: scr.get(k).number(0, 800) for k in SCREEN_KEYS}}
    out["screen"]["map_share"] = _range(scr.get("map_share"), 0.2, 0.8)
    z = node.get("zoom").mapping().only_keys(set(ZOOM_KEYS))
    out["zoom"] = {k: z.get(k).number(lo, hi) for k, (lo, hi) in ZOOM_KEYS.items()}
    m = node.get("map").mapping()
    bounds = m.get("bounds").mapping()
    out["map"] = {k: m.get(k).number(-90 if k == "reference_lat" else 0, 90 if k == "reference_lat" else 100)
                  for k in MAP_KEYS}
    out["map"]["lat"] = _range(bounds.get("lat"), -90, 90)
    out["map"]["lon"] = _range(bounds.get("lon"), -180, 180)
    cols = node.get("colours").mapping()
    cols.only_keys(COLOUR_KEYS)
    out["colours"] = {k: colour(cols.get(k)) for k in COLOUR_KEYS}  # [r, g, b] or with opacity
    out["toolkit"] = Layout.load(None, regions=None, grids=None, node=node).expect("lengths", LENGTHS).expect(
        "fonts", FONTS)
    out["cards"] = _cards(node.get("cards").mapping(), data)
    out["ticket_grids"] = tuple((g[0].int(1, 6), g[1].number(8, 200)) for g in
                                (v.seq(2, 2) for v in node.get("ticket_grids").seq(1)))

    def keyed(name, valid, what, parse):
        res = {}
        for key, v in node.get(name, {}).items():
            if key not in valid:
                Node(key, v.file, v.path).fail(what, key)
            res[key] = parse(v)
        return res

    out["bends"] = keyed("bends", conns, "a connection id from board.yaml", lambda v: v.number(-0.5, 0.5))
    out["route_ends"] = keyed("route_ends", conns, "a connection id from board.yaml", _point)
    for key in out["route_ends"]:
        a, b = key.split("-", 1) if key.count("-") == 1 else (None, None)
        if a not in countries and b not in countries:
            node.get("route_ends").get(key).fail("a connection to a neighbouring country", key)
    out["country_labels"] = keyed("country_labels", countries, "a country id from board.yaml", _point)

    def label(v):
        dx, dy, anchor = v.seq(3, 3)
        return dx.number(-80, 80), dy.number(-80, 80), anchor.str(ANCHORS)

    out["labels"] = keyed("labels", locs, "a location id from board.yaml", label)
    geo = node.get("geography").mapping()
    out["geography"] = {"germany": _line(geo.get("germany"), 3)}
    for k in GEO_KEYS[1:]:
        out["geography"][k] = tuple(_line(p, 2 if k == "rivers" else 3) for p in geo.get(k).seq())
    return out


@functools.lru_cache(maxsize=1)
def cached_layout() -> dict:
    """The default file, read once per run (the table is rebuilt on every new game)."""
    return load_layout()
