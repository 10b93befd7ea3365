"""One view per game: maps the game's view() to sprites and clicks to actions."""
from __future__ import annotations

import importlib

VIEWS = {"el_paso": "ui.views.el_paso:ElPasoView"}


def make_view(game_id: str, scene):
    module, cls = VIEWS[game_id].split(":")
    return getattr(importlib.import_module(module), cls)(scene)
