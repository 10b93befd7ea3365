"""The Great Western Trail: El Paso table: the family's table (ui/views/gwt/view.py) on El
Paso's edition, with El Paso's own panels (panels.py)."""
from __future__ import annotations

from ui.views.gwt.view import GWTFamilyView
from ui.views.gwt_el_paso import table_edition
from ui.views.gwt_el_paso.board import ElPasoBoardPainter
from ui.views.gwt_el_paso.panels import ElPasoPanelsMixin


class GWTView(ElPasoPanelsMixin, GWTFamilyView):
    BOARD = ElPasoBoardPainter

    def edition(self):
        return table_edition()
