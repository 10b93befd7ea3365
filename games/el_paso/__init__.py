"""El Paso (Stefan Dorra, Zoch 2009): rob seven towns before the sheriff comes."""
from .rules import INFO, ElPasoRules

RULES = ElPasoRules()

__all__ = ["INFO", "RULES", "ElPasoRules"]
