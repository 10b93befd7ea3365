"""What a GWT table reads from data/<edition>/: the edition's data model (edition_data())
plus the few drawing facts of board.yaml the model does not keep (the playmat's size, its
centre, the forks; an edition's own places are read by its painter) and the tiles' names
of buildings.yaml. A small adapter, so the painter keeps working if the model later carries
these itself. Everything is keyed by the edition id."""
from __future__ import annotations

import functools
import importlib
from dataclasses import dataclass

from games.core.data import data_path, load_yaml


@dataclass(frozen=True)
class Placement:
    size: tuple[float, float]                          # playmat units (width, height)
    centre: tuple[float, float]
    forks: tuple[tuple[str, str], ...]                 # (split node, join node)


def load_placement(game: str, path=None, file: str = "board.yaml") -> Placement:
    """The playmat's size, centre and forks from data/<game>/<file> (an edition whose rules
    data keeps no drawing facts names its own playmat file)."""
    node = load_yaml(path or data_path(game, file)).mapping()
    size = node.get("size").pair(1, 1000)
    forks = tuple((f.get("at").str(), f.get("join").str()) for f in node.get("forks", []).seq())
    return Placement(size, node.get("centre").pair(0, max(size)), forks)


def edition_data(game: str):
    """The edition's static data as printed (the trail, tiles, cards, boards), validated:
    games.<edition>.model's default_data(). The one way the table reaches the game's
    package: what changes in play comes from the game's view."""
    return importlib.import_module(f"games.{game}.model").default_data()


@functools.lru_cache(maxsize=4)  # one per edition
def tile_names(game: str, city: str, city_key: str | None = None) -> dict:
    """Tile names of buildings.yaml by face id: {face: {"en": ..., "ru": ...}}; `city`: the
    face id of the city's tile (El Paso: "el_paso"), `city_key` its key in the file (default
    the same). The tiles the edition builds are its `common_building_types` (El Paso) or
    `private_buildings` (Argentina); a tile the file gives no name has none here."""
    node = load_yaml(data_path(game, "buildings.yaml")).mapping()
    out = {}

    def put(face, n):
        if n.get("name", None).value is None:
            return
        out[face] = {"en": n.get("name").str()}
        if n.get("name_ru", None).value is not None:
            out[face]["ru"] = n.get("name_ru").str()

    put(city, node.get(city_key or city))
    for n in node.get("neutral_buildings").seq():
        put(n.get("id").str(), n)
    types = "common_building_types" if "common_building_types" in node.value else "private_buildings"
    for t in node.get(types).seq():
        for side, s in t.get("sides").mapping().items():
            put(s.get("id").str() if "id" in s.value else f"{t.get('type').value}{side}", s)
    return out
