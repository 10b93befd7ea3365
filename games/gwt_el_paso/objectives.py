"""Objective scoring: the family's best assignment (games/gwt/objectives.py), under its
former name."""
from games.gwt.objectives import Objective, best_assignment, slot_of_kind

__all__ = ["Objective", "best_assignment", "slot_of_kind"]
