"""One Great Western Trail edition at the table: everything the family's painters and panels
read that is the edition's own, found from its id (data/<id>/ and games.<id>.model).

A new edition's table supplies its data files (board.yaml, buildings.yaml, layout.yaml), a
TableEdition naming its city tile (and its Art subclass and LayoutSpec, for its own
pieces and layout keys), and a
GWTFamilyView subclass with its own panels."""
from __future__ import annotations

import functools

from ui.views.gwt import layout, source
from ui.views.gwt.art import Art


class TableEdition:
    """The edition's data model, look, playmat placement, tile names and art (one per id)."""

    CITY_KEY: str | None = None        # the city's key in buildings.yaml (default: its face id)
    PLACEMENT_FILE = "board.yaml"      # where the playmat's size, centre and forks are

    def __init__(self, game: str, city: str, art: type = Art, spec: layout.LayoutSpec = layout.NO_SPEC):
        self.game = game
        self.city = city                      # the city tile's face id (El Paso: "el_paso")
        self.data = source.edition_data(game)
        self.layout = layout.load_layout(game, city=city, spec=spec)
        self.placement = source.load_placement(game, file=self.PLACEMENT_FILE)
        self.art = art(self)                  # the family's Art or the edition's subclass

    def node_pos(self, nid: str) -> tuple[float, float]:
        """Where trail node `nid` lies on the playmat (playmat units): board.yaml's `pos`
        (an edition whose rules data keeps its own units maps them here)."""
        return self.data.nodes[nid].pos

    def tile_name(self, face: str, lang: str = "en", fallback: bool = True) -> str | None:
        """The name of a tile face (neutral letter, common face id or the city) in `lang`; a
        name the data gives only in English is that, or None with fallback=False."""
        n = source.tile_names(self.game, self.city, self.CITY_KEY).get(face)
        if not n:
            return face if fallback else None
        return n.get(lang, n["en"] if fallback else None)


@functools.lru_cache(maxsize=4)  # one per edition; bounded like every UI cache
def edition(game: str, city: str, art: type = Art, spec: layout.LayoutSpec = layout.NO_SPEC,
            cls: type = TableEdition) -> TableEdition:
    """The table edition of `game` (its pieces drawn by `art`, an Art class; its own layout
    keys `spec`; `cls` a TableEdition subclass where the edition places things its own way),
    built once per run."""
    return cls(game, city, art, spec)
