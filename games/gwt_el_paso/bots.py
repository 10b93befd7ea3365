"""Great Western Trail: El Paso bots: easy (random legal play, the family's), normal (a
greedy planner), hard (the family's search with El Paso's knowledge) and Sue's seat."""
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
    if level == "hard":
        from games.gwt.knowledge import GWTSearchBot

        from .knowledge import GWTElPasoKnowledge
        return GWTSearchBot(GWTElPasoKnowledge())
    return EasyBot()
