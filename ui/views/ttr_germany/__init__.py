"""Ticket to Ride: Germany's table (view.py); its layout file is read by layout.py."""
from __future__ import annotations

from ui.views.ttr_germany.layout import load_layout
from ui.views.ttr_germany.view import TTRView

__all__ = ["TTRView", "load_layout"]
