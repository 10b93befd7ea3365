"""Moon River bots (placeholder replaced below)."""
from games.core.bots import RandomBot


def make(level: str):
    return RandomBot()
