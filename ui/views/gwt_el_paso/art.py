"""El Paso's own art, added to the family's Art (ui/views/gwt/art.py): the icons of its
own actions (using a train, gaining a Simmental, delivering to a trading post:
EDITION_ICONS, joined to the family's table), the trading-post sign (also an objective's
"min_post" requirement), the train cards and the bonus tiles."""
from __future__ import annotations

import functools

import pygame

from ui import paint, sprites
from ui.views.gwt.art import ACTION_ICONS, INK, Art, Pic, act_key, acts_key

# Each action kind: (width in units of the icon's height, drawer(p, x, y, h, params, lang)).
EDITION_ICONS: dict = {}


def _icon(name, width):
    def deco(fn):
        EDITION_ICONS[name] = (width, fn)
        return fn
    return deco


class ElPasoArt(Art):
    OWN_CACHED = ("train_card", "bonus_tile")

    def city_actions(self) -> tuple:
        return self.ed.data.el_paso_actions

    def _post_sign(self, p: Pic, x, y, w, h):
        """A trading-post sign on its pole (the delivery)."""
        wood = self.conf()["trading_posts"]["wood"]
        p.rect(paint.shade(wood, -0.4), x + w * 0.44, y + h * 0.3, w * 0.12, h * 0.7)
        p.rect(paint.shade(wood, -0.5), x, y, w, h * 0.46, r=h * 0.06)
        p.rect(wood, x + w * 0.06, y + h * 0.05, w * 0.88, h * 0.36, r=h * 0.04)

    @_icon("use_train", lambda q: 1.5)
    def _i_train(self, p, x, y, h, q, lang):
        self._train(p, x + h * 0.02, y + h * 0.08, h * 1.2, h * 0.8)
        self._worker(p, x + h * 1.2, y + h * 0.58, h * 0.56, "engineer", lang)

    @_icon("gain_simmental", lambda q: 0.95)
    def _i_simmental(self, p, x, y, h, q, lang):
        self._cattle_chip(p, x + h * 0.06, y + h * 0.12, h * 0.62, h * 0.82, self.ed.data.simmental.id, lang=lang)
        self._plus_badge(p, x + h * 0.72, y + h * 0.2, h * 0.2)

    @_icon("deliver", lambda q: 1.75)
    def _i_deliver(self, p, x, y, h, q, lang):
        # the hand (fanned cards) goes to a trading post
        for k in range(3):
            self._cattle_chip(p, x + h * (0.02 + 0.14 * k), y + h * (0.16 - 0.04 * (k == 1)), h * 0.46, h * 0.66, lang=lang)
        p.arrow(INK, (x + h * 0.78, y + h * 0.5), (x + h * 1.06, y + h * 0.5), max(0.8, h * 0.07))
        self._post_sign(p, x + h * 1.1, y + h * 0.1, h * 0.62, h * 0.82)

    @functools.lru_cache(maxsize=64)  # noqa: B019
    def train_card(self, tid: int, side: str, w: int, h: int, lang: str = "en") -> pygame.Surface:
        """A train card (locomotive or wagon): the engineers it needs (meeples with the number),
        the star on the star side, its actions along the bottom."""
        w, h = max(40, int(w)), max(28, int(h))
        t = self.ed.data.train(tid)
        fill = self.conf()["tiles"]["train_star" if side == "star" else "train"]
        s = sprites.own_panel(w, h, fill=fill, radius=max(3, int(min(w, h) * 0.1)))
        m = max(2, int(h * 0.06))
        top = int(h * 0.42)
        p = Pic(w, top)
        if tid == 1:
            self._train(p, m, top * 0.08, top * 1.3, top * 0.86)
        else:  # a wagon: a box car on wheels
            x0 = m
            p.rect((92, 60, 38), x0, top * 0.2, top * 1.3, top * 0.56, r=top * 0.05)
            p.rect((140, 96, 60), x0 + top * 0.08, top * 0.26, top * 1.14, top * 0.44, r=top * 0.04)
            for wx in (0.25, 1.05):
                p.circle(INK, (x0 + top * wx, top * 0.84), top * 0.14)
        ex = w - m - top * 0.4
        p.blit(self.worker_piece("engineer", int(top * 0.82), lang), ex, top * 0.5)
        p.text(f"{t.engineers}\u00d7", ex - top * 0.62, top * 0.52, top * 0.56, INK, (250, 244, 226))
        if side == "star":
            p.blit(self._plain_star(int(top * 0.62)), m + top * 1.66, top * 0.42)
        s.blit(p.done(), (0, m))
        strip = self.actions_strip(acts_key(t.sides[side]), h - top - 2 * m, w - 2 * m, lang)
        s.blit(strip, (m, top + m))
        return s

    @functools.lru_cache(maxsize=128)  # noqa: B019
    def bonus_tile(self, bid: str, size: int, lang: str = "en") -> pygame.Surface:
        """A bonus tile: the bell mark, the VP, its lasting effect and what it gives at once."""
        b = self.ed.data.bonus(bid)
        surf, p, s_, m = self.tile_face("bonus", size, self._bell, b.vp)
        keys = ((act_key(b.effect),) if b.effect else ()) + acts_key(b.on_gain)
        if keys:
            p.blit(self.actions_strip(keys, int(s_ * 0.46), int(s_ - 2 * m), lang), s_ / 2, s_ * 0.68)
        else:  # a tile of points only: its VP large in the middle
            p.blit(self.vp_star(int(s_ * 0.5), b.vp), s_ / 2, s_ * 0.66)
        surf.blit(p.done(), (0, 0))
        return surf

    def own_req_icon(self, p: Pic, x, y, s, req, lang):
        """A trading post of at least this value reached."""
        kind, val = req
        if kind == "min_post":
            self._post_sign(p, x + s * 0.04, y + s * 0.04, s * 0.92, s * 0.92)
            p.text(f"{val}+", x + s / 2, y + s * 0.24, s * 0.36, (250, 244, 226), INK)

    ACTION_ICONS = {**ACTION_ICONS, **EDITION_ICONS}
