"""Moon River (Cathala & Servais, Blue Orange 2023): draft squares, build a ranch, raise cows."""
from .rules import INFO, MoonRules

RULES = MoonRules()

__all__ = ["INFO", "RULES", "MoonRules"]
