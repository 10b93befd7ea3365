"""Zooming and moving the map: the wheel or +/- zoom (about the pointer), a drag or the
arrow keys move it, 0 or Home shows the whole map again; three buttons in the map's
corner do the same. The map is laid out once per zoom (names placed where they cover
least, which needs the room the zoom gives) and only shifted when it moves, so a drag
costs a repaint, not a new layout. Clicks and hovers use the shifted places, so they hit
what is drawn at any zoom; what is scrolled out of the map's window cannot be clicked."""
from __future__ import annotations

import pygame

from ui import sprites
from ui.views.ttr_germany.geometry import MapGeometry
from ui.views.ttr_germany.mapview import legend_size

ZOOM_IN = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
ZOOM_OUT = (pygame.K_MINUS, pygame.K_KP_MINUS)
ZOOM_RESET = (pygame.K_0, pygame.K_KP_0, pygame.K_HOME)
PAN_KEYS = {pygame.K_LEFT: (1, 0), pygame.K_RIGHT: (-1, 0), pygame.K_UP: (0, 1), pygame.K_DOWN: (0, -1)}
ZOOM_BUTTONS = (("in", "+"), ("out", "−"), ("reset", "1:1"))


class ZoomMixin:
    zoom = 1.0
    centre = (0.5, 0.5)  # the point of the whole map at the window's centre, as shares of its size
    _drag = None  # [press position, last position, panning yet, button]

    _geom = None

    @property
    def geom(self) -> MapGeometry:
        """The map's places at the current zoom and centre, made when first asked for:
        several wheel notches in one frame lay the map out once."""
        if self._geom is None:
            self.place_map()
        return self._geom

    def map_rect(self) -> pygame.Rect:
        """Where the whole map lies on screen at the current zoom and centre (it always
        covers the map's window)."""
        inner = self.r["map_inner"]
        W, H = round(inner.w * self.zoom), round(inner.h * self.zoom)
        cx, cy = self.centre
        x = min(inner.x, max(inner.right - W, round(inner.centerx - cx * W)))
        y = min(inner.y, max(inner.bottom - H, round(inner.centery - cy * H)))
        return pygame.Rect(x, y, W, H)

    def max_zoom(self) -> float:
        inner, Z = self.r["map_inner"], self.conf["zoom"]
        return max(1.0, min(Z["max"], (Z["max_mpx"] * 1e6 / max(1, inner.w * inner.h)) ** 0.5))

    def place_map(self) -> None:
        """self.geom for the current zoom and centre, kept so the map covers its window."""
        inner = self.r["map_inner"]
        self.zoom = min(self.zoom, self.max_zoom())
        r = self.map_rect()
        base = self.__dict__.get("_zoom_base")
        if base is None or base.rect.size != r.size:
            base = MapGeometry(self.data, self.conf, pygame.Rect((0, 0), r.size), self.px, self.label_size,
                               legend_size(self), view=inner)
            self._zoom_base = base  # one zoom's layout kept: a zoomed map is large
        self.centre = ((inner.centerx - r.x) / r.w, (inner.centery - r.y) / r.h)
        self._geom = base.shifted(r.x, r.y, inner)

    def set_zoom(self, zoom: float, about=None) -> bool:
        """Zoom keeping the map's point under `about` (default: the window's centre) in place."""
        inner = self.r["map_inner"]
        zoom = max(1.0, min(self.max_zoom(), zoom))
        if abs(zoom - 1.0) < 0.02:
            zoom = 1.0
        zoom = round(zoom, 3)
        if zoom == self.zoom:
            return False
        p = about if about is not None and inner.collidepoint(about) else inner.center
        g = self.map_rect()
        fx, fy = (p[0] - g.x) / g.w, (p[1] - g.y) / g.h
        W, H = inner.w * zoom, inner.h * zoom
        self.centre = ((inner.centerx - (p[0] - fx * W)) / W, (inner.centery - (p[1] - fy * H)) / H)
        self.zoom = zoom
        self._geom = None  # laid out when next needed
        return True

    def pan_by(self, dx: float, dy: float) -> None:
        g = self.map_rect()
        self.centre = ((self.r["map_inner"].centerx - g.x - dx) / g.w, (self.r["map_inner"].centery - g.y - dy) / g.h)
        self._geom = None

    def zoom_step(self, sign: int, about=None) -> bool:
        return self.set_zoom(self.zoom * self.conf["zoom"]["step"] ** sign, about)

    def show_pending_city(self, view) -> None:
        """A passenger to choose in a city out of sight: the map moves to show it."""
        if view.get("phase") != "passengers" or not view.get("pending") or not self.legal:
            self._pending_shown = None
            return
        loc = view["pending"][0]
        if self.zoom == 1.0 or self.__dict__.get("_pending_shown") == loc:
            return  # once: the player may move the map away again
        self._pending_shown = loc
        at = self.geom.labels[loc].center if self.data.location_by_id[loc].is_country else self.geom.pos[loc]
        inner = self.r["map_inner"]
        if not inner.inflate(-inner.w // 4, -inner.h // 4).collidepoint(at):
            self.pan_by(inner.centerx - at[0], inner.centery - at[1])

    def reset_zoom(self) -> None:
        self.zoom, self.centre = 1.0, (0.5, 0.5)
        self._geom = None

    # ------------------------------------------------------------------ input
    def zoom_key(self, key) -> bool:
        """+/-, 0/Home and the arrows (the arrows only while no payment is being chosen)."""
        if key in ZOOM_IN:
            self.zoom_step(1)
        elif key in ZOOM_OUT:
            self.zoom_step(-1)
        elif key in ZOOM_RESET:
            self.reset_zoom()
        elif key in PAN_KEYS:
            step = self.px(self.conf["zoom"]["pan_step"])
            ux, uy = PAN_KEYS[key]
            self.pan_by(ux * step, uy * step)
        else:
            return False
        return True

    def zoom_button_at(self, pos) -> str | None:
        for name, r in self.zoom_buttons().items():
            if r.collidepoint(pos):
                return name
        return None

    def press_zoom_button(self, name) -> None:
        if name == "reset":
            self.reset_zoom()
        else:
            self.zoom_step(1 if name == "in" else -1)

    def event(self, ev) -> bool:
        """Wheel, drags and the zoom buttons, before the table treats a press as a click;
        True when used. A left press on the map still clicks (a route opens its payment)
        unless it turns into a drag, which then only moves the map."""
        inner = self.r["map_inner"]
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos  # the wheel zooms about it before the next frame is drawn
        if ev.type == pygame.MOUSEWHEEL:
            pos = self.mouse
            if inner.collidepoint(pos):
                self.zoom_step(1 if ev.y > 0 else -1, pos)
                return True
            if self.r["tickets"].collidepoint(pos):
                self.scroll_tickets(-ev.y)
                return True
            return False
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button in (1, 2, 3):
            name = self.zoom_button_at(ev.pos) if ev.button == 1 else None
            if name:
                self.press_zoom_button(name)
                return True
            blocked = [r for r in (self.pay_rect, self.overlay_rect, self.passenger_rect) if r is not None]
            if inner.collidepoint(ev.pos) and not any(r.collidepoint(ev.pos) for r in blocked):
                self._drag = [ev.pos, ev.pos, False, ev.button]
                return ev.button != 1
            return False
        if ev.type == pygame.MOUSEMOTION and self._drag:
            start, last, moving, button = self._drag
            if not moving and max(abs(ev.pos[0] - start[0]), abs(ev.pos[1] - start[1])) > self.px(
                    self.conf["zoom"]["drag"]):
                moving = True
                if button == 1:
                    self.selected = None  # the press was the start of a drag, not a choice
            if moving:
                self.pan_by(ev.pos[0] - last[0], ev.pos[1] - last[1])
            self._drag = [start, ev.pos, moving, button]
            return False  # the table still follows the pointer
        if ev.type == pygame.MOUSEBUTTONUP and self._drag:
            moving = self._drag[2]
            self._drag = None
            return moving
        return False

    # ------------------------------------------------------------------ drawing
    def zoom_buttons(self) -> dict[str, pygame.Rect]:
        Z, inner = self.conf["zoom"], self.r["map_inner"]
        b, gap = self.px(Z["button"]), self.px(Z["button_gap"])
        x, y = inner.right - gap - b, inner.bottom - gap - b * len(ZOOM_BUTTONS) - gap * (len(ZOOM_BUTTONS) - 1)
        return {name: pygame.Rect(x, y + k * (b + gap), b, b) for k, (name, _) in enumerate(ZOOM_BUTTONS)}

    def draw_zoom_buttons(self, surf, mouse) -> bool:
        """The buttons; True when the pointer is on one (its tooltip is shown)."""
        on = False
        for (name, label), r in zip(ZOOM_BUTTONS, self.zoom_buttons().values(), strict=True):
            usable = self.zoom < self.max_zoom() if name == "in" else self.zoom > 1.0
            hov = r.collidepoint(mouse)
            surf.blit(sprites.button(r.w, r.h, label, "hover" if hov and usable else
                                     ("normal" if usable else "disabled")), r)
            self.targets.append((r, None, f"zoom:{name}"))
            if hov:
                on = True
                self.tip = self.tr(f"ttr.zoom.{name}", percent=round(self.zoom * 100))
        return on
