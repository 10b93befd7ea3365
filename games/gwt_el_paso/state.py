"""Great Western Trail: El Paso game state: the family state (games/gwt/state.py) plus El
Paso's own fields: the common building stacks, the bonus tiles, the trading posts, the
train cards, the Simmental stack and the end of the drive."""
from __future__ import annotations

from dataclasses import dataclass, field

from games.gwt import state as fam


def new_player(money: int, tokens: int, discs: list[str]) -> dict:
    p = fam.new_player(money, tokens, discs)
    p.update({"bonuses": [], "on_simmental": False, "deliveries": 0,
              "sue": None})                # the automa's own zones (sue.py), else None
    return p


@dataclass
class GWTState(fam.GWTStateBase):
    stock: dict = field(default_factory=dict)          # str(type) -> sides of tiles left
    simmental: int = 0
    bonus_stack: list[str] = field(default_factory=list)
    bonus_open: list = field(default_factory=list)
    posts: dict = field(default_factory=dict)          # str(post value) -> seats, in order
    train_sides: list[str] = field(default_factory=list)
    triggered_by: int | None = None      # who took the last Simmental card
    finisher: int | None = None          # who then reached El Paso first (Simmental space)
