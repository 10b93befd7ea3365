"""Great Western Trail: El Paso bots: easy (random legal play, the family's), normal (a
greedy planner) and Sue's seat."""
from __future__ import annotations

from games.core.bots import Bot
from games.gwt.bots import AutomaBot, EasyBot

SueBot = AutomaBot

__all__ = ["EasyBot", "SueBot", "make_bot"]


def make_bot(level: str) -> Bot:
    if level == "automa":
        return SueBot()
    if level == "normal":
        from .bot_normal import NormalBot
        return NormalBot()
    return EasyBot()
