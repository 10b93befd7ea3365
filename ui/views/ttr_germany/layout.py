"""data/ttr_germany/layout.yaml: the table's drawing parameters, loaded and validated.

A wrong file gives a DataError naming the file, the key path and what was expected.
"""
from __future__ import annotations

import functools

from games.core.data import Node, data_path, load_yaml

SCREEN_KEYS = ("gap", "players_head", "player_row", "display", "hand")
MAP_KEYS = ("reference_lat", "track_width", "parallel_gap", "space_gap", "end_gap", "city_radius",
            "big_city_radius", "label_size", "big_label_size", "meeple", "path_width")
COLOUR_KEYS = ("sea", "coast", "land", "germany", "border", "river")
ANCHORS = ("midleft", "midright", "midtop", "midbottom", "topleft", "topright", "bottomleft",
           "bottomright")
GEO_KEYS = ("germany", "seas", "islands", "lakes", "rivers")


def _num(node: Node, lo: float, hi: float) -> float:
    v = node.value
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not lo <= v <= hi:
        node.fail(f"a number from {lo} to {hi}", v)
    return float(v)


def _point(node: Node) -> tuple[float, float]:
    lat, lon = node.seq(2, 2)
    return _num(lat, -90, 90), _num(lon, -180, 180)


def _line(node: Node, min_len: int) -> tuple[tuple[float, float], ...]:
    return tuple(_point(p) for p in node.seq(min_len))


def _range(node: Node, lo: float, hi: float) -> tuple[float, float]:
    a, b = (_num(x, lo, hi) for x in node.seq(2, 2))
    if a >= b:
        node.fail("[smaller, larger]", [a, b])
    return a, b


def load_layout(path=None) -> dict:
    """The validated layout as plain tuples and dicts."""
    from games.ttr_germany.model import default_data
    data = default_data()
    locs, conns = set(data.location_ids), set(data.connections)
    countries = {loc.id for loc in data.locations if loc.is_country}
    node = load_yaml(path or data_path("ttr_germany", "layout.yaml")).mapping()
    scr = node.get("screen").mapping()
    out: dict = {"screen": {k: _num(scr.get(k), 0, 400) for k in SCREEN_KEYS}}
    out["screen"]["map_share"] = _range(scr.get("map_share"), 0.2, 0.8)
    m = node.get("map").mapping()
    bounds = m.get("bounds").mapping()
    out["map"] = {k: _num(m.get(k), -90 if k == "reference_lat" else 0, 90 if k == "reference_lat" else 100)
                  for k in MAP_KEYS}
    out["map"]["lat"] = _range(bounds.get("lat"), -90, 90)
    out["map"]["lon"] = _range(bounds.get("lon"), -180, 180)
    cols = node.get("colours").mapping()
    out["colours"] = {k: cols.get(k).rgb() for k in COLOUR_KEYS}

    def keyed(name, valid, what, parse):
        res = {}
        for key, v in node.get(name, {}).items():
            if key not in valid:
                Node(key, v.file, v.path).fail(what, key)
            res[key] = parse(v)
        return res

    out["bends"] = keyed("bends", conns, "a connection id from board.yaml", lambda v: _num(v, -0.5, 0.5))
    out["route_ends"] = keyed("route_ends", conns, "a connection id from board.yaml", _point)
    for key in out["route_ends"]:
        a, b = key.split("-", 1) if key.count("-") == 1 else (None, None)
        if a not in countries and b not in countries:
            node.get("route_ends").get(key).fail("a connection to a neighbouring country", key)
    out["country_labels"] = keyed("country_labels", countries, "a country id from board.yaml", _point)

    def label(v):
        dx, dy, anchor = v.seq(3, 3)
        return _num(dx, -80, 80), _num(dy, -80, 80), anchor.str(ANCHORS)

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
