"""Where Argentina's own places lie on the playmat: data/gwt_argentina/playmat.yaml read and
validated (a broken key gives a DataError naming it), with the railroad's positions worked
out from the rules' railroad (track spaces, bypasses, stations, station-master spaces).

    pl = places()                  # Places, cached
    pl.rail["12"], pl.rail["b4"], pl.rail["depot"]   # (centre, (w, h)) in playmat units
    pl.stations["st4"], pl.masters["st7"]
    pl.ship_slots[i], pl.city_boxes[i]               # (x, y, w, h)
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping

from games.core.data import data_path, load_yaml

GAME = "gwt_argentina"
COLOURS = ("rail_bed", "rail_space", "rail_ramp", "station", "dark", "master", "depot", "water", "ship",
           "city", "dock", "bonus", "covered", "grain", "ramp", "start", "farmer_green", "farmer_blue",
           "farmer_orange", "farmer_yellow", "group_yellow", "group_turquoise", "group_purple")

Box = tuple  # ((cx, cy), (w, h)) in playmat units


@dataclass(frozen=True)
class Places:
    size: tuple[float, float]
    band: float                      # the railroad band's lower edge (the cloth's ornaments stay below)
    ramp: float                      # a loading ramp's marker
    start: float                     # the rider space
    rail: Mapping[str, Box]          # track space "0".."31", bypass id, "depot"
    stations: Mapping[str, Box]      # station id -> its plate
    masters: Mapping[str, Box]       # station id (with a master space) -> the tile's space
    loco: float
    ship_slots: tuple                # (x, y, w, h) per slot, left to right then down
    city_boxes: tuple                # (x, y, w, h) per city, in the rules' order
    docks_w: float
    city_name: float                 # the height of a city board's name row
    bonus: tuple[float, float]
    grain_w: float
    disc: float
    colours: Mapping[str, tuple]


def _box(node, top) -> tuple:
    vals = [n.number(0, top) for n in node.seq(4, 4)]
    x, y, w, h = vals
    if x + w > top or y + h > top or w <= 0 or h <= 0:
        node.fail("a box inside the playmat", vals)
    return tuple(vals)


def _grid(box, cols, rows, gap) -> tuple:
    x, y, w, h = box
    cw, ch = (w - gap * (cols - 1)) / cols, (h - gap * (rows - 1)) / rows
    return tuple((x + c * (cw + gap), y + r * (ch + gap), cw, ch) for r in range(rows) for c in range(cols))


def load_places(path=None, railroad=None) -> Places:
    """playmat.yaml's own keys, validated; `railroad`: the rules' Railroad (default: the
    edition's data)."""
    if railroad is None:
        from ui.views.gwt.source import edition_data
        railroad = edition_data(GAME).railroad
    node = load_yaml(path or data_path(GAME, "playmat.yaml")).mapping()
    node.only_keys({"size", "trail_box", "centre", "forks", "nodes", "railroad", "harbour", "colours"})
    size = node.get("size").pair(1, 1000)
    top = max(size)
    nodes = node.get("nodes").mapping().only_keys({"ramp", "start"})
    rr = node.get("railroad").mapping().only_keys(
        {"origin", "pitch", "space", "bypass", "bypass_dy", "station", "station_dy", "master", "master_dy",
         "depot", "loco"})
    ox, oy = rr.get("origin").pair(0, top)
    pitch = rr.get("pitch").number(0.5, 20)
    sp = rr.get("space").pair(0.5, 20)
    by = rr.get("bypass").pair(0.5, 20)
    by_dy = rr.get("bypass_dy").number(-40, 40)
    st = rr.get("station").pair(0.5, 20)
    st_dy = rr.get("station_dy").number(-40, 40)
    ms = rr.get("master").pair(0.5, 20)
    ms_dy = rr.get("master_dy").number(-40, 40)
    dep = rr.get("depot").mapping()
    rail: dict = {}
    for i in range(railroad.start, railroad.last + 1):
        rail[str(i)] = ((ox + pitch * i, oy), sp)
    if ox + pitch * railroad.last + sp[0] / 2 > size[0]:
        rr.get("pitch").fail("a pitch that keeps the last track space on the playmat", pitch)
    stations, masters = {}, {}
    for s in railroad.stations:
        x = ox + pitch * (s.at + 0.5 if s.bypass else s.at)
        if s.bypass:
            rail[s.bypass] = ((x, oy + by_dy), by)
        stations[s.id] = ((x, oy + st_dy), st)
        if s.master:
            masters[s.id] = ((x, oy + ms_dy), ms)
    rail["depot"] = (dep.get("centre").pair(0, top), dep.get("size").pair(0.5, 30))
    hb = node.get("harbour").mapping().only_keys({"ships", "cities", "city", "disc"})
    ships = hb.get("ships").mapping()
    slots = _grid(_box(ships.get("box"), top), ships.get("cols").int(1, 8), ships.get("rows").int(1, 8),
                  ships.get("gap").number(0, 10))
    cities = hb.get("cities").mapping()
    cx, cy, cw, ch = _box(cities.get("box"), top)
    cgap = cities.get("gap").number(0, 10)
    n = 3
    hh = (ch - cgap * (n - 1)) / n
    city_boxes = tuple((cx, cy + i * (hh + cgap), cw, hh) for i in range(n))
    city = hb.get("city").mapping().only_keys({"name", "docks_w", "bonus", "grain_w"})
    cols = node.get("colours").mapping().only_keys(set(COLOURS))
    colours = {k: cols.get(k).rgb() for k in COLOURS}
    band = max(c[1] + sz[1] / 2 for c, sz in (*rail.values(), *stations.values(), *masters.values()))
    return Places(size, band, nodes.get("ramp").number(0.5, 20), nodes.get("start").number(0.5, 20),
                  MappingProxyType(rail), MappingProxyType(stations), MappingProxyType(masters),
                  rr.get("loco").number(0.5, 20), slots, city_boxes,
                  city.get("docks_w").number(0.5, 30), city.get("name").number(0.5, 10), city.get("bonus").pair(0.3, 20),
                  city.get("grain_w").number(0.3, 20), hb.get("disc").number(0.3, 10),
                  MappingProxyType(colours))


@functools.lru_cache(maxsize=1)
def places() -> Places:
    """The edition's places (read once)."""
    return load_places()
