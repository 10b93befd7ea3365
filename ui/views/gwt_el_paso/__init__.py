"""Great Western Trail: El Paso at the table: the family's table (ui/views/gwt/) with El
Paso's data and look (data/gwt_el_paso/) and its own panels; view.py is the table
(the manifest names it)."""
from __future__ import annotations

from ui.views.gwt.edition import edition
from ui.views.gwt.layout import load_layout as _load_layout

GAME = "gwt_el_paso"
CITY = "el_paso"  # the city tile's face id (buildings.yaml)


def load_layout(path=None, **expect) -> dict:
    """data/gwt_el_paso/layout.yaml, loaded and validated (ui/views/gwt/layout.py)."""
    return _load_layout(GAME, path, **expect)


def table_edition():
    """El Paso's TableEdition: its data model, look, playmat placement and art."""
    return edition(GAME, CITY)


__all__ = ["load_layout", "table_edition"]
