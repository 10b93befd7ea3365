"""Argentina's playmat: the family's painter (ui/views/gwt/board.py) with Argentina's own
places."""
from __future__ import annotations

from ui.views.gwt.board import BoardPainter


class ArgentinaBoardPainter(BoardPainter):
    pass
