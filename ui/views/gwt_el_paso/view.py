"""The Great Western Trail: El Paso table: the family's table (ui/views/gwt/view.py) on El
Paso's edition, with El Paso's own panels (panels.py)."""
from __future__ import annotations

import pygame

from ui.views.base import Beat
from ui.views.gwt.view import GWTFamilyView
from ui.views.gwt_el_paso import table_edition
from ui.views.gwt_el_paso.board import ElPasoBoardPainter
from ui.views.gwt_el_paso.panels import ElPasoPanelsMixin


class GWTView(ElPasoPanelsMixin, GWTFamilyView):
    BOARD = ElPasoBoardPainter
    CITY_NAME = "gwt.el_paso"
    SOUNDS = {**GWTFamilyView.SOUNDS, "gwt_delivered": "coin", "gwt_sue_card": "card"}
    GAIN_EVENTS = GWTFamilyView.GAIN_EVENTS | {"gwt_sue_cattle", "gwt_sue_worker", "gwt_delivered",
                                               "gwt_sue_action"}

    def __init__(self, scene):
        self.deliver_post: int | None = None  # a post picked before the disc to put there
        self.deliver_posts: set = set()       # posts taking several discs (this frame)
        super().__init__(scene)

    def city_node(self) -> str | None:
        return self.data.el_paso

    # ------------------------------------------------------------ the delivery's selection
    def new_frame(self) -> None:
        self.deliver_posts = set()

    def new_position(self) -> None:
        self.deliver_post = None

    def edition_click(self, eid: str) -> bool:
        """A post taking several discs: picked (or dropped) before the disc."""
        if eid.startswith("post.") and int(eid.split(".")[1]) in self.deliver_posts:
            v = int(eid.split(".")[1])
            self.deliver_post = None if self.deliver_post == v else v
            return True
        return False

    def edition_cancel(self) -> bool:
        had = self.deliver_post is not None
        self.deliver_post = None
        return had

    def edition_key(self, ev, legal):
        """S: skip the delivery."""
        if ev.key == pygame.K_s and not ev.mod & pygame.KMOD_CTRL:
            return next((a for a in legal if a.verb == "deliver" and a.args[0] == "none"), None)
        return None

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
