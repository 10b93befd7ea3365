"""Great Western Trail: El Paso (Pfister & Krenner): a deck-building cattle drive with the solo
automa Sue."""
from .rules import INFO, GWTRules

RULES = GWTRules()

__all__ = ["GWTRules", "INFO", "RULES"]
