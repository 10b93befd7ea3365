"""The game registry: id -> Rules instance, discovered from games/<id>."""
from __future__ import annotations

import importlib

from .contract import Rules

GAME_IDS = ("el_paso", "ttr_germany", "moon_river", "gwt_el_paso")  # menu order; a game appears once playable

_cache: dict[str, Rules] = {}


class UnknownGame(KeyError):
    def __str__(self) -> str:
        return f"unknown game {self.args[0]!r} (known: {', '.join(GAME_IDS)})"


def get(game_id: str) -> Rules:
    if game_id not in GAME_IDS:
        raise UnknownGame(game_id)
    if game_id not in _cache:
        module = importlib.import_module(f"games.{game_id}")
        _cache[game_id] = module.RULES
    return _cache[game_id]


def all_games() -> list[Rules]:
    return [get(g) for g in GAME_IDS]
