"""Ticket to Ride: Germany (Alan R. Moon, Days of Wonder 2017): trains and passengers across Germany."""
from .rules import INFO, TTRRules

RULES = TTRRules()

__all__ = ["INFO", "RULES", "TTRRules"]
