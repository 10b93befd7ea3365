"""Redrawing only what the pointer changes (dirty rectangles).

A table is drawn in full with the pointer off it (the plain picture). When only the
pointer moves, the areas it had changed get their plain pixels back and the area it
changes now is drawn again, the whole frame clipped to it, so the picture is exactly a
full redraw's at a fraction of the blending. Each redrawn area's plain pixels are kept
first (a patch), so the next move can put them back without drawing.

The scene says where the pointer may change the picture (`region`: what lies under it,
with a margin for glows and lifted cards). What the drawing puts elsewhere because of the
pointer it reports itself: a tooltip or preview, drawn over everything and under nothing,
through `on_top` (drawn there at once, its plain pixels kept); anything else through
`marks`, drawn in a second pass over the first's area and the marks.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from contextlib import contextmanager

import pygame

OFF = (-1, -1)  # the pointer nowhere on the table: the plain picture


def _union(rects: Iterable[pygame.Rect], bounds: pygame.Rect) -> pygame.Rect | None:
    rects = [r.clip(bounds) for r in rects]
    rects = [r for r in rects if r.w > 0 and r.h > 0]
    if not rects:
        return None
    return rects[0].unionall(rects[1:])


class PointerLayer:
    def __init__(self):
        self.key = None     # what the plain picture on screen shows (None: nothing known)
        self.patches: list[tuple[pygame.Rect, pygame.Surface]] = []  # plain pixels under pointer effects
        self.dirty: list[pygame.Rect] = []  # areas the last draw changed (for a partial display update)
        self.passes = 0     # clipped passes of the last draw (tests and bench look)
        # where what is drawn after the table never lies (None: anywhere may be covered);
        # a tooltip reaching beyond it falls back to a second pass
        self.on_top_within: pygame.Rect | None = None
        self._surf: pygame.Surface | None = None  # during a clipped pass: where, and its area
        self._area: pygame.Rect | None = None
        self._late: list[pygame.Rect] = []  # on_top areas that fell back to a second pass

    def forget(self) -> None:
        self.key, self.patches = None, []

    def draw(self, surf: pygame.Surface, key, pointer, draw: Callable, region: Callable,
             marks: Callable) -> None:
        """Draw a frame with the pointer at `pointer`.

        `key` names everything the plain picture depends on (None: draw in full, nothing
        kept); `draw(surf, pointer)` draws the whole frame; `region(pointer)` lists the rects
        where the pointer may change it; `marks()`, after a draw, the rects it drew because
        of the pointer elsewhere (see on_top for tooltips)."""
        bounds = surf.get_rect()
        self.passes = 0
        if key is None:
            self.forget()
            draw(surf, pointer)
            self.dirty = [bounds]
            return
        if key != self.key:
            self.patches = []
            draw(surf, OFF)
            self.key = key
            self.dirty = [bounds]
        else:
            self.dirty = [r for r, _ in self.patches]
            self._restore(surf)
        if pointer == OFF:
            return
        area = _union(region(pointer), bounds)
        if area is None:  # over nothing that reacts to it
            return
        self._late = []
        self._pass(surf, area, draw, pointer)
        more = _union([area, *marks(), *self._late], bounds)
        if more != area:  # drawn beyond the first pass's area: draw the whole of it again
            self._restore(surf)
            self._late = []
            self._pass(surf, more, draw, pointer)
        self.dirty += [r for r, _ in self.patches]

    def _restore(self, surf) -> None:
        for r, patch in reversed(self.patches):
            surf.blit(patch, r)
        self.patches = []

    def _keep(self, surf, r: pygame.Rect) -> None:
        """Keep the plain pixels of `r`: those on screen, except where a patch already holds
        them (the area drawn over since)."""
        patch = surf.subsurface(r).copy()
        for q, plain in self.patches:
            if q.colliderect(r):
                patch.blit(plain, (q.x - r.x, q.y - r.y))
        self.patches.append((r, patch))

    def _pass(self, surf, area, draw, pointer) -> None:
        self._keep(surf, area)
        old = surf.get_clip()
        surf.set_clip(area)
        self._surf, self._area = surf, area
        try:
            draw(surf, pointer)
        finally:
            self._surf = self._area = None
            surf.set_clip(old)
        self.passes += 1

    @contextmanager
    def on_top(self, rect):
        """Draw within `rect` what the pointer shows over the whole table (a tooltip, an
        enlarged preview): nothing drawn later in the frame may cover it."""
        surf, area = self._surf, self._area
        if surf is None:
            yield
            return
        r = pygame.Rect(rect).clip(surf.get_rect())
        if area.contains(r) or r.w <= 0 or r.h <= 0:
            yield
            return
        if self.on_top_within is None or not self.on_top_within.contains(r):
            self._late.append(r)
            yield
            return
        self._keep(surf, r)
        surf.set_clip(r)
        try:
            yield
        finally:
            surf.set_clip(area)
