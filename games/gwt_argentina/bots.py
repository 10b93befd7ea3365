"""Great Western Trail: Argentina bots: easy (random legal play, the family's), normal
(bot_normal.py: plans deliveries and loading, builds, hires, rides the railroad) and hard
(knowledge.py: the core search guided by the normal bot's evaluator and playouts)."""
from __future__ import annotations

from games.core.bots import Bot
from games.gwt.bots import EasyBot

__all__ = ["EasyBot", "make_bot"]


def make_bot(level: str) -> Bot:
    if level == "normal":
        from .bot_normal import NormalBot
        return NormalBot()
    if level == "hard":
        from .knowledge import HardBot
        return HardBot()
    return EasyBot()
