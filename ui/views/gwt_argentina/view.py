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
    # Below 4K the playmat, seventeen discs and four worker rows need the log's column (L
    # opens the log); from this window width on the table has room for it, and a larger
    # playmat would take the peak memory past 200 MB (its two cached layers are ~11 MB each)
    LOG_FROM_WIDTH = 2560
    CITY_NAME = "gwta.ba"
    HOVER_CONTAINERS = ("supply.cattle",)  # its cards and tokens answer the pointer

    @property
    def LOG_OPEN(self) -> bool:  # noqa: N802  (the family's name, read once when the table opens)
        return self.scene.app.size[0] >= self.LOG_FROM_WIDTH

    def city_node(self) -> str | None:
        return self.data.city

    def edition(self):
        return table_edition()
