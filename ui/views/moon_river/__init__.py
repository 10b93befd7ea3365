"""Moon River's table (view.py, panels.py, ranchpaint.py, art.py); its layout file is read by
layout.py."""
from __future__ import annotations

from ui.views.moon_river.layout import load_layout
from ui.views.moon_river.view import MoonView

__all__ = ["MoonView", "load_layout"]
