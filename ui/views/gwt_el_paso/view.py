"""The Great Western Trail: El Paso table: the family's table (ui/views/gwt/view.py) on El
Paso's edition, with El Paso's own panels (panels.py)."""
from __future__ import annotations

from ui.views.base import Beat
from ui.views.gwt.view import GWTFamilyView
from ui.views.gwt_el_paso import table_edition
from ui.views.gwt_el_paso.board import ElPasoBoardPainter
from ui.views.gwt_el_paso.panels import ElPasoPanelsMixin


class GWTView(ElPasoPanelsMixin, GWTFamilyView):
    BOARD = ElPasoBoardPainter
    SOUNDS = {**GWTFamilyView.SOUNDS, "gwt_delivered": "coin", "gwt_sue_card": "card"}
    GAIN_EVENTS = GWTFamilyView.GAIN_EVENTS | {"gwt_sue_cattle", "gwt_sue_worker", "gwt_delivered",
                                               "gwt_sue_action"}

    def own_beats(self, e, i, text, before) -> list | None:
        """Sue's card shown large; her herder hopping along her path."""
        seat = e.args.get("seat")
        if e.type == "gwt_sue_card":
            return [Beat("sue_card", 0.9, {"seat": seat, "card": e.args["card"], "text": text, "event_index": i})]
        if e.type == "gwt_sue_move":
            path = list(e.args.get("path") or [])
            start = before["seats"][seat]["node"] if before else None
            if path and start:
                return [Beat("hop", 0.22 * len(path) + 0.1,
                             {"seat": seat, "path": [start] + path, "text": text, "event_index": i})]
            return []
        return None

    def edition(self):
        return table_edition()
