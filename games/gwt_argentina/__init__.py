"""Great Western Trail: Argentina (Pfister): a deck-building cattle drive to Buenos Aires with
ships to Europe, a railroad and farmers, on the GWT family layer (games.gwt)."""
from .rules import INFO, ArgentinaRules

RULES = ArgentinaRules()

__all__ = ["INFO", "RULES", "ArgentinaRules"]
