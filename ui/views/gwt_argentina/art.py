"""Argentina's pieces: the family's Art (ui/views/gwt/art.py) with Argentina's own action
icons and the Buenos Aires tile's actions."""
from __future__ import annotations

from ui.views.gwt.art import Art


class ArgentinaArt(Art):
    def city_actions(self) -> tuple:
        return self.ed.data.city_actions
