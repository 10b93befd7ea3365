"""The Great Western Trail: El Paso table: the family's table (ui/views/gwt/view.py) on El
Paso's edition."""
from __future__ import annotations

from ui.views.gwt.view import GWTFamilyView
from ui.views.gwt_el_paso import table_edition


class GWTView(GWTFamilyView):
    def edition(self):
        return table_edition()
