"""The Great Western Trail: Argentina table: the family's table (ui/views/gwt/view.py) on
Argentina's edition, with Argentina's own playmat places (boardview.py, board.py) and
panels (panels.py)."""
from __future__ import annotations

from ui.views.gwt.view import GWTFamilyView
from ui.views.gwt_argentina import table_edition
from ui.views.gwt_argentina.board import ArgentinaBoardPainter
from ui.views.gwt_argentina.boardview import ArgentinaBoardMixin
from ui.views.gwt_argentina.panels import ArgentinaPanelsMixin


class ArgentinaView(ArgentinaBoardMixin, ArgentinaPanelsMixin, GWTFamilyView):
    BOARD = ArgentinaBoardPainter
    CITY_NAME = "gwta.ba"

    def city_node(self) -> str | None:
        return self.data.city

    def edition(self):
        return table_edition()
