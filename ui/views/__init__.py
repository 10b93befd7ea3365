"""One view per game: maps the game's view() to sprites and clicks to actions."""
from __future__ import annotations

import importlib

VIEWS = {"el_paso": "ui.views.el_paso:ElPasoView", "ttr_germany": "ui.views.ttr_germany:TTRView",
         "moon_river": "ui.views.moon_river:MoonView",
         "gwt_el_paso": "ui.views.gwt_el_paso.view:GWTView"}


def make_view(game_id: str, scene):
    module, cls = VIEWS[game_id].split(":")
    return getattr(importlib.import_module(module), cls)(scene)


LAYOUT_LOADERS = {"el_paso": "ui.views.el_paso:load_layout",
                  "ttr_germany": "ui.views.ttr_germany:load_layout",
                  "moon_river": "ui.views.moon_river:load_layout",
                  "gwt_el_paso": "ui.views.gwt_el_paso:load_layout"}


def validate_layouts() -> tuple[list[str], list[str]]:
    """Load every game's layout.yaml; returns (files checked, error messages)."""
    from games.core.errors import DataError
    checked, errors = [], []
    for gid, ref in LAYOUT_LOADERS.items():
        module, fn = ref.split(":")
        try:
            getattr(importlib.import_module(module), fn)()
            checked.append(f"data/{gid}/layout.yaml")
        except DataError as e:
            errors.append(str(e))
    return checked, errors
