"""One view per game: maps the game's view() to sprites and clicks to actions.

Which view draws a game, and which function loads its layout, comes from the game's
manifest (data/<id>/manifest.yaml, read by games.core.registry): VIEWS and LAYOUT_LOADERS
map game id -> "module:name" for every registered game.
"""
from __future__ import annotations

from games.core import registry


def make_view(game_id: str, scene):
    return registry.resolve(registry.manifest(game_id), "table")(scene)


def __getattr__(name: str):
    if name == "VIEWS":
        return {m.id: m.table for m in registry.registered() if m.table}
    if name == "LAYOUT_LOADERS":
        return {m.id: m.layout_loader for m in registry.registered() if m.layout_loader}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def validate_layouts() -> tuple[list[str], list[str]]:
    """Check every game's table view and load its layout.yaml; returns (files checked,
    error messages)."""
    from games.core.errors import DataError
    checked, errors = [], []
    for m in registry.registered():
        if not m.table:
            continue
        try:
            if not isinstance(registry.resolve(m, "table"), type):
                raise DataError(m.file, "table", "the name of a class", m.table)
            if m.layout_loader:
                registry.resolve(m, "layout_loader")()
                checked.append(f"data/{m.id}/layout.yaml")
        except DataError as e:
            errors.append(str(e))
    return checked, errors
