"""Drawing shared by scenes: the table background and a titled panel."""
from __future__ import annotations

import pygame

from ui import sprites, theme
from ui.widgets import blit_text


def draw_table(surf: pygame.Surface) -> None:
    surf.blit(sprites.table_background(*surf.get_size()), (0, 0))


def draw_panel(surf, rect, title: str | None = None, title_px: int = 22) -> pygame.Rect:
    """A parchment panel with a soft shadow; returns the inner content rect."""
    rect = pygame.Rect(rect)
    rad = max(8, rect.h // 30)
    sprites.blit_rim_shadow(surf, rect, rad, 4, 6, sprites.panel_radius(rect.w, rect.h) + 1)
    sprites.blit_panel(surf, rect)
    pad = max(22, int(title_px * 0.9))  # clear of the panel's inner border line
    inner = rect.inflate(-2 * pad, -2 * pad)
    if title:
        r = blit_text(surf, title, (inner.x, inner.y), title_px, theme.INK, bold=True,
                      max_width=inner.w)
        inner.y = r.bottom + title_px // 2
        inner.h = rect.bottom - inner.y - pad
    return inner
