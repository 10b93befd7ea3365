"""Great Western Trail: El Paso at the table: the layout file (layout.py), the icon and
piece art (art.py), the playmat painter (board.py) and the player board (playerboard.py);
source.py reads the data; view.py is the table (ui.views.VIEWS names it)."""
from __future__ import annotations

from ui.views.gwt_el_paso.layout import load_layout

__all__ = ["load_layout"]
