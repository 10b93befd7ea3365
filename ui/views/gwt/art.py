"""Procedural pieces of a Great Western Trail table, cached per edition (class Art): an icon for every
action of the vocabulary (buildings.yaml) and every effect, the components (coins,
certificates, VP stars, cattle cards, worker pieces and cards, train cards, objective and
bonus tiles, exchange tokens, discs and disc spaces, the step-limit marker, herders) and
the building tiles drawn from their data. Built on the sprite kit; no publisher art.

Colour never works alone: a breed shows its letter, a worker its letter, a cost a minus
sign, a black-cornered piece its corners, an objective a target and a bonus tile a bell.

Every Art method is memoised on plain arguments (ids, sizes, colours) and returns a shared
Surface: copy it before drawing on it. Actions are passed as keys (`act_key`)."""
from __future__ import annotations

import functools
import math

import pygame

from ui import paint, sprites, theme

SS = 4  # shapes are drawn this much larger and smoothed down
INK = theme.INK
PAPER = theme.PARCHMENT
COST_RED = (178, 34, 28)
GAIN_GREEN = (40, 120, 56)
GOLD = (222, 170, 40)
GOLD_DARK = (118, 76, 14)
MIN_TEXT = 7  # px: below this a number is a smudge, so it is left out
NAMED_TILE = 110  # px: building tiles at least this wide also print their name


def act_key(act) -> tuple:
    """A hashable key for an action: an Act of the edition's data, or of the game's view
    ({"name", "params", "cost"})."""
    if isinstance(act, dict):
        return (act["name"], tuple(sorted(act["params"].items())), int(act["cost"]))
    return (act.name, tuple(sorted(act.params.items())), int(act.cost))


def acts_key(acts) -> tuple:
    return tuple(act_key(a) for a in acts)


# ------------------------------------------------------------------ drawing canvas
class Pic(paint.Canvas):
    """The toolkit's supersampled canvas at this table's factor: shapes in final-size px
    coordinates, text put on crisp by `label()` (outlined on request), none below MIN_TEXT."""

    def __init__(self, w, h):
        super().__init__(w, h, SS, label=label, min_text=MIN_TEXT)


@functools.lru_cache(maxsize=2048)
def label(s: str, size: int, colour=INK, outline=None, bold=True, max_w=None) -> pygame.Surface:
    """Text, optionally with a thin outline so it reads on any ground."""
    size = max(4, int(size))
    if max_w:
        body = theme.fit_text(s, int(max_w), size, colour, bold, min_px=min(size, MIN_TEXT))
    else:
        body = theme.text(s, size, colour, bold)
    if outline is None:
        return body
    edge = (theme.fit_text(s, int(max_w), size, outline, bold, min_px=min(size, MIN_TEXT))
            if max_w else theme.text(s, size, outline, bold))
    t = max(1, size // 12)
    out = pygame.Surface((body.get_width() + 2 * t, body.get_height() + 2 * t), pygame.SRCALPHA)
    return paint.outline_into(out, body, edge, t)


# ------------------------------------------------------------------ action icons
# Each action kind: (width in units of the icon's height, drawer(p, x, y, h, params, lang)).
ACTION_ICONS: dict = {}
EFFECT_ICONS: dict = {}


def _action(name, width):
    def deco(fn):
        ACTION_ICONS[name] = (width, fn)
        return fn
    return deco


def _effect(name, width):
    def deco(fn):
        EFFECT_ICONS[name] = (width, fn)
        return fn
    return deco


class Art:
    """One edition's pieces: the functions below read its look (layout file) and its data
    model through `ed` (a ui.views.gwt.edition.TableEdition); each is memoised per edition
    (one Art per edition, kept for the run, so the method caches hold no stray objects)."""

    act_key = staticmethod(act_key)
    acts_key = staticmethod(acts_key)
    label = staticmethod(label)
    Pic = Pic

    # the icon tables (an edition's Art adds its own kinds: EDITION_ICONS)
    ACTION_ICONS = ACTION_ICONS
    EFFECT_ICONS = EFFECT_ICONS
    OWN_CACHED: tuple = ()  # an edition's own memoised pieces (names), cleared with the rest

    def __init__(self, ed):
        self.ed = ed


    def conf(self) -> dict:
        return self.ed.layout


    def _edge_for(self, bg):
        """(text colour, outline colour) that read on `bg`."""
        fg = theme.ink_on(bg)
        return fg, (paint.shade(bg, -0.6) if fg == theme.WHITE else paint.shade(bg, 0.6))


    # ------------------------------------------------------------------ small glyphs
    def _coin(self, p: Pic, cx, cy, d, number: str, cost=False):
        """A gold coin with its number; a cost has a red number with a minus sign (the
        rulebook's red-number coin). The number may overhang a small coin: it must stay legible."""
        p.circle(GOLD_DARK, (cx, cy), d / 2)
        p.circle(GOLD, (cx, cy), d / 2 * 0.86)
        p.circle(paint.shade(GOLD, -0.18), (cx, cy), d / 2 * 0.68, max(0.5, d * 0.04))
        txt = f"\u2212{number}" if cost else str(number)
        size = max(MIN_TEXT + 1, d * (0.62 if len(txt) < 2 else 0.5 if len(txt) < 3 else 0.4))
        p.text(txt, cx, cy, size, COST_RED if cost else INK, (252, 236, 180) if size > d * 0.45 else None, True)


    def breed_letter(self, breed: str, lang: str) -> str:
        """The short name a cattle card shows, in the table's language."""
        letters = self.conf()["breeds"][breed]["letter"]
        return letters.get(lang, letters["en"])


    def _cattle_chip(self, p: Pic, x, y, w, h, breed=None, bv=None, any_=False, lang="en"):
        """A small cattle card: the breed's colour and pattern with its letter; a BV-only card
        shows its value, any card a star."""
        blit_card = self.mini_cattle(int(w), int(h), breed or "", int(bv) if bv is not None else -1, any_, lang)
        p.blit(blit_card, x + w / 2, y + h / 2)


    @functools.lru_cache(maxsize=512)  # noqa: B019
    def mini_cattle(self, w: int, h: int, breed: str, bv: int, any_: bool, lang: str = "en") -> pygame.Surface:
        """The small cattle card used inside icons (see _cattle_chip)."""
        w, h = max(6, w), max(8, h)
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        r = max(1, int(min(w, h) * 0.16))
        if breed:
            b = self.conf()["breeds"][breed]
            col = b["colour"]
            s.fill((0, 0, 0, 0))
            pygame.draw.rect(s, paint.shade(col, -0.55), s.get_rect(), border_radius=r)
            inner = s.get_rect().inflate(-2, -2)
            pygame.draw.rect(s, col, inner, border_radius=max(1, r - 1))
            sprites.apply_pattern(s, b["pattern"], (0, 0, 0, 60) if theme.luminance(col) > 0.45
                                  else (255, 255, 255, 70), max(3, w // 3))
            letter = self.breed_letter(breed, lang)
            fg, edge = self._edge_for(col)
            img = label(letter, max(4, int(min(h * 0.5, w * 0.56))), fg, edge, True, w)
            s.blit(img, img.get_rect(center=(w / 2, h / 2)))
        else:
            pygame.draw.rect(s, INK, s.get_rect(), border_radius=r)
            pygame.draw.rect(s, PAPER, s.get_rect().inflate(-2, -2), border_radius=max(1, r - 1))
            if any_:
                img = label("*", max(4, int(h * 0.75)), INK)
                s.blit(img, img.get_rect(center=(w / 2, h * 0.6)))
            elif bv >= 0:
                img = label(str(bv), max(4, int(h * 0.55)), INK)
                s.blit(img, img.get_rect(center=(w / 2, h * 0.58)))
                tag = label("BV", max(4, int(h * 0.24)), theme.INK_SOFT)
                if tag.get_width() < w:
                    s.blit(tag, tag.get_rect(midtop=(w / 2, 1)))
            else:  # a cow: any market card
                self._cow(s, w * 0.1, h * 0.3, w * 0.8)
        return s


    def _cow(self, s: pygame.Surface, x0, y0, w, body=(250, 246, 236), edge=(40, 30, 24)):
        """A side view of a cow in a box of width w (drawn at the surface's own scale)."""
        h = w * 0.62
        lw = max(1, int(w * 0.06))
        for f in (0.12, 0.28, 0.56, 0.7):
            pygame.draw.line(s, edge, (x0 + w * f, y0 + h * 0.55), (x0 + w * f, y0 + h), max(1, int(w * 0.09)))
        body_r = pygame.Rect(int(x0), int(y0 + h * 0.1), int(w * 0.8), int(h * 0.6))
        head = (x0 + w * 0.84, y0 + h * 0.28)
        pygame.draw.ellipse(s, edge, body_r.inflate(lw * 2, lw * 2))
        pygame.draw.circle(s, edge, head, w * 0.17 + lw)
        pygame.draw.ellipse(s, body, body_r)
        pygame.draw.circle(s, body, head, w * 0.17)
        pygame.draw.line(s, edge, (head[0] - w * 0.08, head[1] - w * 0.14), (head[0] - w * 0.15, head[1] - w * 0.27), lw)
        pygame.draw.line(s, edge, (head[0] + w * 0.08, head[1] - w * 0.14), (head[0] + w * 0.15, head[1] - w * 0.27), lw)


    def _worker(self, p: Pic, cx, cy, h, wtype: str, lang="en"):
        """A worker meeple in its type's colour with its letter; `any` is a plain one with *."""
        if wtype == "any":
            p.blit(sprites.meeple(int(h), (226, 214, 188), "*"), cx, cy)
            return
        w = self.conf()["workers"][wtype]
        p.blit(sprites.meeple(int(h), w["colour"], w["letter"].get(lang, w["letter"]["en"])), cx, cy)


    def _cert(self, p: Pic, x, y, w, h, number=None):
        """A certificate: a paper sheet with lines and a red wax seal."""
        p.rect(INK, x, y, w, h, r=w * 0.08)
        p.rect((250, 244, 226), x + w * 0.07, y + w * 0.07, w * 0.86, h - w * 0.14, r=w * 0.05)
        for k in range(3):
            yy = y + h * (0.24 + 0.16 * k)
            p.line((150, 130, 100), (x + w * 0.2, yy), (x + w * (0.8 if k < 2 else 0.55), yy), max(0.6, h * 0.04))
        sx, sy, sr = x + w * 0.74, y + h * 0.78, min(w, h) * 0.2
        p.poly((160, 30, 30), [(sx - sr * 0.5, sy), (sx - sr * 0.9, sy + sr * 1.3), (sx - sr * 0.2, sy + sr * 0.9)])
        p.poly((160, 30, 30), [(sx + sr * 0.5, sy), (sx + sr * 0.9, sy + sr * 1.3), (sx + sr * 0.2, sy + sr * 0.9)])
        p.circle((190, 40, 36), (sx, sy), sr)
        p.circle((140, 24, 24), (sx, sy), sr * 0.6, max(0.5, sr * 0.15))
        if number is not None:
            p.text(str(number), x + w * 0.42, y + h * 0.52, h * 0.56, INK, (250, 244, 226))


    def _star(self, p: Pic, cx, cy, d, fill=GOLD, edge=GOLD_DARK):
        pts_o = self._star_pts(cx, cy + d * 0.04, d * 0.5, d * 0.23)
        p.poly(edge, pts_o)
        p.poly(fill, self._star_pts(cx, cy + d * 0.04, d * 0.42, d * 0.19))


    def _star_pts(self, cx, cy, ro, ri, n=5):
        pts = []
        for i in range(2 * n):
            a = -math.pi / 2 + math.pi * i / n
            r = ro if i % 2 == 0 else ri
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
        return pts


    def _vp(self, p: Pic, cx, cy, d, n):
        """A VP star with its number."""
        self._star(p, cx, cy, d)
        p.text(str(n), cx, cy + d * 0.08, d * (0.5 if n < 10 else 0.4), INK, None, True)


    def _target(self, p: Pic, cx, cy, r):
        """The objective mark: a target."""
        for k, col in enumerate(((150, 30, 30), (250, 244, 226), (150, 30, 30), (250, 244, 226))):
            p.circle(col, (cx, cy), r * (1 - 0.24 * k))
        p.circle((150, 30, 30), (cx, cy), r * 0.16)


    def _bell(self, p: Pic, cx, cy, r, col=(168, 118, 30)):
        """The bonus mark: a bell."""
        dark = paint.shade(col, -0.5)
        body = [(cx - r * 0.8, cy + r * 0.55), (cx - r * 0.62, cy + r * 0.3), (cx - r * 0.55, cy - r * 0.35),
                (cx - r * 0.3, cy - r * 0.72), (cx + r * 0.3, cy - r * 0.72), (cx + r * 0.55, cy - r * 0.35),
                (cx + r * 0.62, cy + r * 0.3), (cx + r * 0.8, cy + r * 0.55)]
        p.poly(dark, body, 0)
        p.poly(col, [(x + (cx - x) * 0.12, y + (cy - y) * 0.12) for x, y in body])
        p.rect(dark, cx - r * 0.85, cy + r * 0.5, r * 1.7, r * 0.22, r=r * 0.1)
        p.circle(dark, (cx, cy + r * 0.86), r * 0.2)
        p.circle(dark, (cx, cy - r * 0.78), r * 0.14)


    def _tile_glyph(self, p: Pic, x, y, s, kind):
        """A train-supply tile: objective (target), bonus (bell) or either (both halves)."""
        p.rect(INK, x, y, s, s, r=s * 0.14)
        fill = self.conf()["tiles"]["objective" if kind != "bonus" else "bonus"]
        p.rect(fill, x + s * 0.07, y + s * 0.07, s * 0.86, s * 0.86, r=s * 0.1)
        if kind == "objective":
            self._target(p, x + s / 2, y + s / 2, s * 0.32)
        elif kind == "bonus":
            self._bell(p, x + s / 2, y + s / 2, s * 0.34)
        else:
            p.poly(self.conf()["tiles"]["bonus"], [(x + s * 0.93, y + s * 0.07), (x + s * 0.93, y + s * 0.93),
                                              (x + s * 0.07, y + s * 0.93)])
            p.line(INK, (x + s * 0.9, y + s * 0.1), (x + s * 0.1, y + s * 0.9), max(0.6, s * 0.04))
            self._target(p, x + s * 0.32, y + s * 0.32, s * 0.2)
            self._bell(p, x + s * 0.68, y + s * 0.68, s * 0.22)


    def _token(self, p: Pic, cx, cy, d):
        """An exchange token: a round brass chip with two turning arrows."""
        p.circle((92, 60, 30), (cx, cy), d / 2)
        p.circle((196, 146, 74), (cx, cy), d / 2 * 0.86)
        r = d * 0.25
        for a0 in (0.15, math.pi + 0.15):
            pts = [(cx + r * math.cos(a0 + t * 2.3 / 10), cy + r * math.sin(a0 + t * 2.3 / 10)) for t in range(11)]
            p.lines((70, 44, 20), pts, max(0.7, d * 0.07))
            end, a = pts[-1], a0 + 2.3
            tx, ty = -math.sin(a), math.cos(a)
            hs = d * 0.12
            p.poly((70, 44, 20), [(end[0] + tx * hs, end[1] + ty * hs),
                                  (end[0] + math.cos(a) * hs * 0.9, end[1] + math.sin(a) * hs * 0.9),
                                  (end[0] - math.cos(a) * hs * 0.9, end[1] - math.sin(a) * hs * 0.9)])


    def _gear(self, p: Pic, cx, cy, r, col=(90, 84, 78)):
        """The auxiliary-action mark: a cog."""
        teeth = 8
        pts = []
        for i in range(teeth * 4):
            a = 2 * math.pi * i / (teeth * 4)
            rr = r if (i % 4) in (0, 1) else r * 0.78
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
        p.poly(col, pts)
        p.circle((250, 244, 226), (cx, cy), r * 0.38)


    def _house(self, p: Pic, x, y, w, h, col=None):
        """A building: a house with a door."""
        col = col or self.conf()["tiles"]["common"]
        dark = paint.shade(col, -0.6)
        pts = [(x, y + h * 0.42), (x + w / 2, y), (x + w, y + h * 0.42), (x + w * 0.88, y + h * 0.42),
               (x + w * 0.88, y + h), (x + w * 0.12, y + h), (x + w * 0.12, y + h * 0.42)]
        p.poly(col, pts)
        p.poly(dark, pts, max(0.7, w * 0.06))
        p.rect(dark, x + w * 0.4, y + h * 0.6, w * 0.2, h * 0.4)


    def _boot(self, p: Pic, x, y, w, h, col=(96, 62, 34)):
        """A cowboy boot (steps)."""
        pts = [(x + w * 0.3, y), (x + w * 0.62, y), (x + w * 0.62, y + h * 0.58), (x + w, y + h * 0.74),
               (x + w, y + h), (x + w * 0.2, y + h), (x + w * 0.2, y + h * 0.86), (x + w * 0.3, y + h * 0.7)]
        p.poly(paint.shade(col, -0.5), pts)
        p.poly(col, [(px_ + (x + w * 0.5 - px_) * 0.1, py + (y + h * 0.5 - py) * 0.1) for px_, py in pts])
        p.line(paint.shade(col, 0.4), (x + w * 0.3, y + h * 0.18), (x + w * 0.6, y + h * 0.18), max(0.6, h * 0.05))


    def _herder_shape(self, p: Pic, x, y, w, h, col, edge):
        """A herder pawn: a base, a body, a head under a wide-brimmed hat."""
        cx = x + w / 2
        p.ellipse(edge, x + w * 0.08, y + h * 0.8, w * 0.84, h * 0.2)
        p.ellipse(col, x + w * 0.13, y + h * 0.815, w * 0.74, h * 0.15)
        body = [(cx - w * 0.3, y + h * 0.88), (cx - w * 0.16, y + h * 0.44), (cx + w * 0.16, y + h * 0.44),
                (cx + w * 0.3, y + h * 0.88)]
        p.poly(edge, [(bx + (1 if bx > cx else -1) * w * 0.04, by) for bx, by in body])
        p.poly(col, body)
        p.circle(edge, (cx, y + h * 0.36), w * 0.17)
        p.circle(col, (cx, y + h * 0.36), w * 0.13)
        p.ellipse(edge, x + w * 0.02, y + h * 0.2, w * 0.96, h * 0.1)
        p.ellipse(col, x + w * 0.06, y + h * 0.215, w * 0.88, h * 0.07)
        p.rect(edge, cx - w * 0.2, y + h * 0.04, w * 0.4, h * 0.2, r=w * 0.08)
        p.rect(col, cx - w * 0.16, y + h * 0.07, w * 0.32, h * 0.15, r=w * 0.06)


    def _train(self, p: Pic, x, y, w, h, col=(52, 48, 46)):
        """A locomotive in profile."""
        red = (170, 50, 40)
        p.rect(col, x + w * 0.05, y + h * 0.42, w * 0.7, h * 0.34, r=h * 0.06)        # boiler
        p.rect(col, x + w * 0.58, y + h * 0.16, w * 0.36, h * 0.6, r=h * 0.06)        # cab
        p.rect((230, 214, 170), x + w * 0.66, y + h * 0.24, w * 0.2, h * 0.2)         # window
        p.rect(col, x + w * 0.14, y + h * 0.16, w * 0.12, h * 0.28)                   # chimney
        p.rect(red, x + w * 0.1, y + h * 0.1, w * 0.22, h * 0.1)
        p.poly(col, [(x, y + h * 0.86), (x + w * 0.08, y + h * 0.6), (x + w * 0.08, y + h * 0.86)])  # cowcatcher
        for wx in (0.22, 0.46, 0.76):
            p.circle(INK, (x + w * wx, y + h * 0.82), h * 0.15)
            p.circle(red, (x + w * wx, y + h * 0.82), h * 0.08)


    def _plus_badge(self, p: Pic, cx, cy, r, col=GAIN_GREEN):
        p.circle((250, 250, 240), (cx, cy), r)
        p.circle(col, (cx, cy), r * 0.82)
        p.line((255, 255, 255), (cx - r * 0.5, cy), (cx + r * 0.5, cy), max(0.7, r * 0.28))
        p.line((255, 255, 255), (cx, cy - r * 0.5), (cx, cy + r * 0.5), max(0.7, r * 0.28))


    def _count(self, p: Pic, x, y, h, n, colour=INK):
        """A small "xN" beside a glyph."""
        p.text(f"\u00d7{n}", x, y, h, colour, (250, 244, 226))


    @_action("discard_cattle_for_money", lambda q: 1.62)
    def _i_discard(self, p, x, y, h, q, lang):
        self._cattle_chip(p, x + h * 0.02, y + h * 0.1, h * 0.6, h * 0.8, q.get("breed"), q.get("bv"), q.get("any", False), lang=lang)
        p.arrow(INK, (x + h * 0.66, y + h * 0.5), (x + h * 0.88, y + h * 0.5), max(0.8, h * 0.06))
        if "money_per_bv" in q:
            self._coin(p, x + h * 1.24, y + h * 0.4, h * 0.66, f"{q['money_per_bv']}\u00d7")
            p.text("BV", x + h * 1.24, y + h * 0.86, h * 0.26, INK, (250, 244, 226))
        else:
            self._coin(p, x + h * 1.24, y + h * 0.5, h * 0.74, q.get("money", 0))


    @_action("gain_money", lambda q: 0.9)
    def _i_money(self, p, x, y, h, q, lang):
        self._coin(p, x + h * 0.45, y + h * 0.5, h * 0.86, q.get("amount", 0))


    @_action("gain_certificates", lambda q: 0.86)
    def _i_cert(self, p, x, y, h, q, lang):
        self._cert(p, x + h * 0.06, y + h * 0.06, h * 0.74, h * 0.88, q.get("amount", 1))


    @_action("gain_tile", lambda q: 0.9)
    def _i_tile(self, p, x, y, h, q, lang):
        self._tile_glyph(p, x + h * 0.05, y + h * 0.05, h * 0.86, q.get("kind", "any"))


    @_action("gain_exchange_token", lambda q: 0.9 if q.get("count", 1) == 1 else 1.4)
    def _i_token(self, p, x, y, h, q, lang):
        self._token(p, x + h * 0.45, y + h * 0.5, h * 0.84)
        if q.get("count", 1) != 1:
            self._count(p, x + h * 1.12, y + h * 0.5, h * 0.42, q["count"])


    @_action("exchange", lambda q: 1.0 if q.get("times", 1) == 1 else 1.45)
    def _i_exchange(self, p, x, y, h, q, lang):
        # a card going out and one coming in: draw one, discard one
        p.rect(INK, x + h * 0.08, y + h * 0.2, h * 0.42, h * 0.6, r=h * 0.06)
        p.rect(PAPER, x + h * 0.11, y + h * 0.23, h * 0.36, h * 0.54, r=h * 0.05)
        p.rect(INK, x + h * 0.46, y + h * 0.12, h * 0.42, h * 0.6, r=h * 0.06)
        p.rect((226, 214, 188), x + h * 0.49, y + h * 0.15, h * 0.36, h * 0.54, r=h * 0.05)
        lw = max(0.8, h * 0.07)
        p.arrow(GAIN_GREEN, (x + h * 0.67, y + h * 0.62), (x + h * 0.67, y + h * 0.98), lw)
        p.arrow(COST_RED, (x + h * 0.29, y + h * 0.5), (x + h * 0.29, y + h * 0.02), lw)
        if q.get("times", 1) != 1:
            self._count(p, x + h * 1.16, y + h * 0.5, h * 0.42, q["times"])


    @_action("hire_worker", lambda q: 1.3 if "second_price" not in q else 2.05)
    def _i_hire(self, p, x, y, h, q, lang):
        self._worker(p, x + h * 0.42, y + h * 0.42, h * 0.8, q.get("type", "any"), lang)
        self._coin(p, x + h * 0.92, y + h * 0.66, h * 0.62, q.get("price", 0))
        if "second_price" in q:  # a second worker of another type for more
            self._worker(p, x + h * 1.46, y + h * 0.38, h * 0.7, "any", lang)
            self._coin(p, x + h * 1.72, y + h * 0.68, h * 0.62, f"+{q['second_price']}")


    @_action("buy_cattle", lambda q: 1.3)
    def _i_buy(self, p, x, y, h, q, lang):
        self._cattle_chip(p, x + h * 0.04, y + h * 0.04, h * 0.64, h * 0.86, lang=lang)
        self._worker(p, x + h * 0.88, y + h * 0.56, h * 0.62, self.ed.data.payer("cattle_market"), lang)
        p.text("$", x + h * 0.98, y + h * 0.12, h * 0.36, INK, (250, 244, 226))


    @_action("place_building", lambda q: 1.3)
    def _i_build(self, p, x, y, h, q, lang):
        self._house(p, x + h * 0.04, y + h * 0.06, h * 0.8, h * 0.84)
        self._worker(p, x + h * 0.98, y + h * 0.58, h * 0.6, self.ed.data.payer("building"), lang)


    @_action("move_herder", lambda q: 1.5)
    def _i_move(self, p, x, y, h, q, lang):
        col = (120, 100, 80)
        p.blit(self.herder_piece(int(h * 0.9), col, ""), x + h * 0.3, y + h * 0.48)
        p.arrow(INK, (x + h * 0.62, y + h * 0.62), (x + h * 1.08, y + h * 0.62), max(0.8, h * 0.07))
        p.text(str(q.get("max_steps", 1)), x + h * 1.24, y + h * 0.5, h * 0.56, INK, (250, 244, 226))


    @_action("auxiliary_action", lambda q: 0.9 if q.get("count", 1) == 1 else 1.4)
    def _i_aux(self, p, x, y, h, q, lang):
        self._gear(p, x + h * 0.45, y + h * 0.5, h * 0.42)
        if q.get("count", 1) != 1:
            self._count(p, x + h * 1.12, y + h * 0.5, h * 0.42, q["count"])


    @_action("gain_cattle", lambda q: 0.95)
    def _i_gain_cattle(self, p, x, y, h, q, lang):
        self._cattle_chip(p, x + h * 0.06, y + h * 0.12, h * 0.62, h * 0.82, q.get("breed"), lang=lang)
        self._plus_badge(p, x + h * 0.72, y + h * 0.2, h * 0.2)


    @_action("remove_cattle", lambda q: 0.95)
    def _i_remove(self, p, x, y, h, q, lang):
        self._cattle_chip(p, x + h * 0.06, y + h * 0.12, h * 0.62, h * 0.82, q.get("breed"), None, q.get("any", False), lang=lang)
        self._minus_badge(p, x + h * 0.72, y + h * 0.2, h * 0.2)


    def _minus_badge(self, p: Pic, cx, cy, r, col=COST_RED):
        """Removed from the game: a red badge with a white cross (a gain has a green plus)."""
        p.circle((250, 250, 240), (cx, cy), r)
        p.circle(col, (cx, cy), r * 0.82)
        k = r * 0.4
        p.line((255, 255, 255), (cx - k, cy - k), (cx + k, cy + k), max(0.7, r * 0.26))
        p.line((255, 255, 255), (cx + k, cy - k), (cx - k, cy + k), max(0.7, r * 0.26))


    @_action("extra_step", lambda q: 1.25)
    def _i_step(self, p, x, y, h, q, lang):
        self._boot(p, x + h * 0.04, y + h * 0.08, h * 0.66, h * 0.84)
        p.text(f"+{q.get('steps', 1)}", x + h * 0.96, y + h * 0.5, h * 0.48, INK, (250, 244, 226))


    # effects (player-board discs and bonus tiles)
    @_effect("permanent_certificates", lambda q: 1.2)
    def _e_perm(self, p, x, y, h, q, lang):
        self._cert(p, x + h * 0.04, y + h * 0.06, h * 0.74, h * 0.88, q.get("amount", 1))
        p.text("\u221e", x + h * 0.98, y + h * 0.36, h * 0.5, INK, (250, 244, 226))


    @_effect("count_duplicates", lambda q: 1.4)
    def _e_dup(self, p, x, y, h, q, lang):
        self._cattle_chip(p, x + h * 0.04, y + h * 0.04, h * 0.56, h * 0.76, None, None, True, lang=lang)
        self._cattle_chip(p, x + h * 0.3, y + h * 0.2, h * 0.56, h * 0.76, None, None, True, lang=lang)
        p.text(f"+{q.get('amount', 1)}", x + h * 1.1, y + h * 0.34, h * 0.42, INK, (250, 244, 226))


    @_effect("hand_limit", lambda q: 1.0)
    def _e_hand(self, p, x, y, h, q, lang):
        for k in range(3):
            cx = x + h * (0.22 + 0.18 * k)
            p.rect(INK, cx, y + h * (0.16 + 0.04 * abs(k - 1)), h * 0.36, h * 0.62, r=h * 0.05)
            p.rect(PAPER, cx + h * 0.03, y + h * (0.19 + 0.04 * abs(k - 1)), h * 0.3, h * 0.56, r=h * 0.04)
        p.text(str(q.get("value", 5)), x + h * 0.56, y + h * 0.52, h * 0.5, INK, (250, 244, 226))


    @_effect("step_limit", lambda q: 1.0)
    def _e_step(self, p, x, y, h, q, lang):
        self._boot(p, x + h * 0.06, y + h * 0.08, h * 0.7, h * 0.86)
        p.text(str(q.get("value", 4)), x + h * 0.74, y + h * 0.36, h * 0.5, INK, (250, 244, 226))


    @_effect("upgrade_auxiliary", lambda q: 1.2)
    def _e_upg(self, p, x, y, h, q, lang):
        self._gear(p, x + h * 0.45, y + h * 0.5, h * 0.42)
        p.text(str(q.get("number", 1)), x + h * 0.45, y + h * 0.5, h * 0.36, INK)
        p.arrow(GAIN_GREEN, (x + h * 1.0, y + h * 0.9), (x + h * 1.0, y + h * 0.12), max(0.8, h * 0.1))


    @_effect("unlock_auxiliary", lambda q: 1.2)
    def _e_unlock(self, p, x, y, h, q, lang):
        self._gear(p, x + h * 0.45, y + h * 0.5, h * 0.42)
        p.text(str(q.get("number", 1)), x + h * 0.45, y + h * 0.5, h * 0.36, INK)
        self._plus_badge(p, x + h * 0.96, y + h * 0.24, h * 0.2)


    @_effect("two_auxiliary_actions", lambda q: 1.3)
    def _e_two(self, p, x, y, h, q, lang):
        self._gear(p, x + h * 0.38, y + h * 0.4, h * 0.34)
        self._gear(p, x + h * 0.86, y + h * 0.62, h * 0.34, (120, 112, 104))
        p.text("2", x + h * 0.64, y + h * 0.2, h * 0.34, INK, (250, 244, 226))


    def action_width(self, key: tuple, h: int) -> int:
        """Width in px of the icon of action `key` at height h (a cost adds its coin)."""
        name, params, cost = key
        table = self.ACTION_ICONS if name in self.ACTION_ICONS else self.EFFECT_ICONS
        w, _ = table.get(name, (lambda q: 0.9, None))
        return int(round(h * (w(dict(params)) + (0.8 if cost else 0))))


    @functools.lru_cache(maxsize=1024)  # noqa: B019
    def action_icon(self, key: tuple, h: int, lang: str = "en") -> pygame.Surface:
        """The icon of one action (or effect), `h` px high. A cost comes first as a red-number
        coin with an arrow ("pay $N, then ..."). An unknown kind draws a "?" (the tests make
        sure every kind of the vocabulary has its art)."""
        h = max(8, int(h))
        name, params, cost = key
        q = dict(params)
        table = self.ACTION_ICONS if name in self.ACTION_ICONS else self.EFFECT_ICONS
        entry = table.get(name)
        p = Pic(self.action_width(key, h), h)
        x = 0.0
        if cost:
            self._coin(p, h * 0.3, h * 0.5, h * 0.58, cost, cost=True)
            p.arrow(INK, (h * 0.56, h * 0.5), (h * 0.76, h * 0.5), max(0.8, h * 0.06))
            x = h * 0.8
        if entry is None:
            p.circle(INK, (x + h * 0.45, h * 0.5), h * 0.42, max(1, h * 0.08))
            p.text("?", x + h * 0.45, h * 0.5, h * 0.6, INK)
        else:
            entry[1](self, p, x, 0.0, h, q, lang)
        return p.done()


    def has_icon(self, name: str) -> bool:
        return name in self.ACTION_ICONS or name in self.EFFECT_ICONS


    def actions_strip(self, keys: tuple, h: int, max_w: int, lang: str = "en", gap: float = 0.18,
                      stacked: bool | None = None, numbered: bool = False) -> pygame.Surface:
        """Several actions in a row (or one per line when that lets them be bigger), divided by
        thin lines as on the printed tiles. Fits into max_w; `h` is the whole height.
        `numbered`: one per line with its number on the left (actions done in this order)."""
        return self._strip(tuple(keys), max(8, int(h)), max(8, int(max_w)), lang, gap,
                      True if numbered else stacked, numbered)


    @functools.lru_cache(maxsize=512)  # noqa: B019
    def _strip(self, keys, h, max_w, lang, gap, stacked, numbered=False):
        n = max(1, len(keys))
        units = [self.action_width(k, 100) / 100 for k in keys] or [1.0]
        # side by side: height limited by h and by the total width
        row_h = min(h, (max_w - gap * h * (n - 1)) / (sum(units) + gap * (n - 1)))
        # one per line: each line h/n high, limited by the widest
        col_h = min((h - (n - 1) * max(1, h * 0.04)) / n, max_w / max(units))
        if stacked is None:
            stacked = n > 1 and col_h > row_h * 1.08
        s = pygame.Surface((max_w, h), pygame.SRCALPHA)
        line = (*paint.shade(INK, 0.2), 150)
        if stacked:
            slot = h / n
            nw = int(min(slot * 0.62, max_w * 0.2)) if numbered else 0
            ih = int(min(col_h, (max_w - nw * 1.2) / max(units)))
            for i, k in enumerate(keys):
                img = self.action_icon(k, ih, lang)
                cx = nw * 1.2 + (max_w - nw * 1.2) / 2
                s.blit(img, img.get_rect(center=(cx, slot * (i + 0.5))))
                if numbered and nw >= 8:
                    num = self._order_badge(nw, i + 1)
                    s.blit(num, num.get_rect(center=(nw * 0.6, slot * (i + 0.5))))
                if i:
                    pygame.draw.line(s, line, (max_w * 0.08, int(slot * i)), (max_w * 0.92, int(slot * i)),
                                     max(1, h // 60))
        else:
            ih = int(row_h)
            imgs = [self.action_icon(k, ih, lang) for k in keys]
            g = gap * ih
            total = sum(i.get_width() for i in imgs) + g * (len(imgs) - 1)
            x = (max_w - total) / 2
            for i, img in enumerate(imgs):
                if i:
                    lx = int(x - g / 2)
                    pygame.draw.line(s, line, (lx, int(h / 2 - ih * 0.42)), (lx, int(h / 2 + ih * 0.42)),
                                     max(1, ih // 16))
                s.blit(img, (round(x), round((h - ih) / 2)))
                x += img.get_width() + g
        return s


    @functools.lru_cache(maxsize=64)  # noqa: B019
    def _order_badge(self, d: int, n: int) -> pygame.Surface:
        """A small dark disc with a step number (an ordered, compulsory action)."""
        p = Pic(d, d)
        p.circle(INK, (d / 2, d / 2), d / 2)
        p.text(str(n), d / 2, d / 2, d * 0.7, (255, 255, 255))
        return p.done()


    # ------------------------------------------------------------------ components
    @functools.lru_cache(maxsize=256)  # noqa: B019
    def money(self, d: int, amount: int) -> pygame.Surface:
        """Money: a coin showing the amount."""
        return sprites.coin(max(8, int(d)), int(amount))


    @functools.lru_cache(maxsize=128)  # noqa: B019
    def certificate(self, h: int, number: int | None = None) -> pygame.Surface:
        h = max(10, int(h))
        p = Pic(int(h * 0.84), h)
        self._cert(p, 0, 0, h * 0.84, h, number)
        return p.done()


    @functools.lru_cache(maxsize=128)  # noqa: B019
    def vp_star(self, d: int, n: int) -> pygame.Surface:
        """Victory points: a gold star with the number."""
        d = max(10, int(d))
        p = Pic(d, d)
        self._vp(p, d / 2, d / 2, d, int(n))
        return p.done()


    @functools.lru_cache(maxsize=64)  # noqa: B019
    def exchange_token(self, d: int) -> pygame.Surface:
        d = max(10, int(d))
        p = Pic(d, d)
        self._token(p, d / 2, d / 2, d)
        return p.done()


    @functools.lru_cache(maxsize=256)  # noqa: B019
    def cattle_card(self, breed: str, w: int, h: int, lang: str = "en") -> pygame.Surface:
        """A cattle card: band in the breed's colour and pattern with its letter, the breeding
        value on a seal, a cow in the breed's colour, the VP star and the name."""
        w, h = max(20, int(w)), max(28, int(h))
        b = self.ed.data.breed(breed)
        look = self.conf()["breeds"][breed]
        col = look["colour"]
        s = sprites.own_panel(w, h, radius=max(3, int(min(w, h) * 0.09)))
        m = max(2, int(w * 0.06))
        bh = max(8, int(h * 0.26))
        band = sprites.tile_band(w - 2 * m, bh, col, look["pattern"], radius=max(2, int(w * 0.06)))
        s.blit(band, (m, m))
        fg, edge = self._edge_for(col)
        let = label(self.breed_letter(breed, lang), max(7, int(bh * 0.62)), fg, edge, True, int(w * 0.5))
        s.blit(let, let.get_rect(midleft=(m + max(2, w // 20), m + bh / 2)))
        # the breeding value on a white seal at the right of the band
        d = int(bh * 0.92)
        p = Pic(d, d)
        p.circle(INK, (d / 2, d / 2), d / 2)
        p.circle((252, 248, 236), (d / 2, d / 2), d / 2 * 0.84)
        p.text(str(b.bv), d / 2, d / 2, d * 0.62, INK)
        seal = p.done()
        s.blit(seal, seal.get_rect(midright=(w - m - max(1, w // 30), m + bh / 2)))
        # the cow in the breed's colour (outlined so a white or black cow still shows)
        cw = w * 0.72
        body = col if theme.luminance(col) < 0.92 else (236, 232, 220)
        cow_edge = (30, 22, 18) if theme.luminance(col) > 0.25 else (230, 220, 200)
        big = paint.surface(cw * 2, cw * 1.4)
        self._cow(big, cw * 0.1, cw * 0.3, cw * 1.8, body, cow_edge)
        cow = paint.down(big, cw, cw * 0.7)
        foot = int(h * 0.2)
        cy = m + bh + (h - m - bh - foot) / 2
        s.blit(cow, cow.get_rect(center=(w / 2, cy)))
        name_px = int(min(h * 0.085, w * 0.13))
        if name_px >= 9:
            nm = theme.fit_text(b.name_ru if lang == "ru" else b.name, w - 2 * m - (int(foot * 0.9) if b.vp else 0), name_px, INK, True, min_px=8)
            s.blit(nm, nm.get_rect(midleft=(m + 2, h - m - foot / 2)))
        if b.vp:
            star = self.vp_star(int(foot * 1.3), b.vp)
            s.blit(star, star.get_rect(bottomright=(w - m + 2, h - m + 2)))
        return s


    @functools.lru_cache(maxsize=128)  # noqa: B019
    def worker_piece(self, wtype: str, h: int, lang: str = "en") -> pygame.Surface:
        """A worker as a meeple in its type's colour with its letter."""
        w = self.conf()["workers"][wtype]
        return sprites.meeple(max(8, int(h)), w["colour"], w["letter"].get(lang, w["letter"]["en"]))


    @functools.lru_cache(maxsize=128)  # noqa: B019
    def worker_card(self, wtype: str, w: int, h: int, lang: str = "en") -> pygame.Surface:
        """A worker card: band in the type's colour with its letter, the meeple with the
        thing it pays for, its VP."""
        w, h = max(20, int(w)), max(28, int(h))
        look = self.conf()["workers"][wtype]
        col = look["colour"]
        s = sprites.own_panel(w, h, radius=max(3, int(min(w, h) * 0.09)))
        m = max(2, int(w * 0.06))
        bh = max(8, int(h * 0.22))
        s.blit(sprites.tile_band(w - 2 * m, bh, col, "none", radius=max(2, int(w * 0.06))), (m, m))
        fg, edge = self._edge_for(col)
        let = label(look["letter"].get(lang, look["letter"]["en"]), max(7, int(bh * 0.7)), fg, edge)
        s.blit(let, let.get_rect(center=(w / 2, m + bh / 2)))
        body_h = h - 2 * m - bh
        p = Pic(w, body_h)
        mh = body_h * 0.62
        tool = look["tool"]
        tx, ty, ts = w * 0.7, body_h * 0.3, min(w * 0.34, body_h * 0.34)
        if tool == "hat":
            p.ellipse(paint.shade(col, -0.5), tx - ts * 0.6, ty + ts * 0.1, ts * 1.2, ts * 0.36)
            p.rect(paint.shade(col, -0.5), tx - ts * 0.3, ty - ts * 0.3, ts * 0.6, ts * 0.5, r=ts * 0.12)
        elif tool == "train":
            self._train(p, tx - ts * 0.6, ty - ts * 0.4, ts * 1.2, ts * 0.8)
        elif tool == "house":
            self._house(p, tx - ts * 0.45, ty - ts * 0.45, ts * 0.9, ts * 0.9)
        elif tool == "wheat":  # a sheaf: a stalk with grains up both sides
            ink = paint.shade(col, -0.5)
            p.line(ink, (tx, ty + ts * 0.55), (tx, ty - ts * 0.5), max(1, ts * 0.08))
            for k in range(4):
                yy = ty - ts * 0.4 + k * ts * 0.22
                for sgn in (-1, 1):
                    p.ellipse(ink, tx + sgn * ts * 0.16 - ts * 0.11, yy - ts * 0.07, ts * 0.22, ts * 0.14)
        else:
            self._star(p, tx, ty, ts, (200, 160, 220), paint.shade(col, -0.5))
        p.blit(sprites.meeple(int(mh), col, look["letter"].get(lang, look["letter"]["en"])), w * 0.4, body_h * 0.55)
        vp = self.ed.data.worker(wtype).vp
        if vp:
            d = body_h * 0.32
            p.blit(self.vp_star(int(d), vp), w - m - d / 2, body_h - d / 2 - 1)
        s.blit(p.done(), (0, m + bh))
        return s


    @functools.lru_cache(maxsize=16)  # noqa: B019
    def _plain_star(self, d: int) -> pygame.Surface:
        p = Pic(d, d)
        self._star(p, d / 2, d / 2, d)
        return p.done()


    def _req_icon(self, p: Pic, x, y, s, req, lang):
        """One requirement of an objective tile in an s x s box."""
        kind, val = req
        if kind == "cattle":
            self._cattle_chip(p, x + s * 0.14, y + s * 0.04, s * 0.72, s * 0.92, val, lang=lang)
        elif kind == "worker":
            self._worker(p, x + s / 2, y + s / 2, s * 0.92, val, lang)
        elif kind == "min_builders":
            self._house(p, x + s * 0.06, y + s * 0.04, s * 0.88, s * 0.9)
            p.text(f"{val}+", x + s / 2, y + s * 0.66, s * 0.36, INK, (250, 244, 226))
        else:
            self.own_req_icon(p, x, y, s, req, lang)

    def own_req_icon(self, p: Pic, x, y, s, req, lang):
        """An edition's own kind of objective requirement in an s x s box."""


    def tile_face(self, kind: str, size: int, mark, vp: int):
        """A square tile's face of `kind` (objective, bonus ...): its panel, a Pic with the
        kind's mark top left and the VP star top right; (surface, pic, side, margin)."""
        s_ = max(24, int(size))
        surf = sprites.own_panel(s_, s_, fill=self.conf()["tiles"][kind], radius=max(3, s_ // 9))
        p = Pic(s_, s_)
        m = s_ * 0.07
        mark(p, m + s_ * 0.12, m + s_ * 0.12, s_ * 0.12)
        p.blit(self.vp_star(int(s_ * 0.38), vp), s_ - m - s_ * 0.17, m + s_ * 0.17)
        return surf, p, s_, m

    @functools.lru_cache(maxsize=128)  # noqa: B019
    def objective_tile(self, oid: str, size: int, lang: str = "en") -> pygame.Surface:
        """An objective tile: the target mark, the VP, and what it asks for."""
        o = self.ed.data.objective(oid)
        surf, p, s_, m = self.tile_face("objective", size, self._target, o.vp)
        n = len(o.requires)
        cell = min((s_ - 2 * m) / max(1, n), s_ * 0.46)
        x0 = (s_ - cell * n) / 2
        for i, req in enumerate(o.requires):
            self._req_icon(p, x0 + cell * i, s_ * 0.46, cell, req, lang)
        surf.blit(p.done(), (0, 0))
        return surf


    @functools.lru_cache(maxsize=16)  # noqa: B019
    def tile_back(self, kind: str, size: int) -> pygame.Surface:
        """The back of a train-supply tile (the face-down stacks)."""
        s_ = max(16, int(size))
        fill = paint.shade(self.conf()["tiles"]["objective" if kind == "objective" else "bonus"], -0.35)
        surf = sprites.own_panel(s_, s_, fill=fill, border=paint.shade(fill, -0.4), radius=max(3, s_ // 9))
        p = Pic(s_, s_)
        if kind == "objective":
            self._target(p, s_ / 2, s_ / 2, s_ * 0.3)
        else:
            self._bell(p, s_ / 2, s_ / 2, s_ * 0.3)
        surf.blit(p.done(), (0, 0))
        return surf


    @functools.lru_cache(maxsize=128)  # noqa: B019
    def player_disc(self, d: int, rgb: tuple, letter: str = "") -> pygame.Surface:
        return sprites.disc(max(8, int(d)), tuple(rgb), letter or None)


    @functools.lru_cache(maxsize=128)  # noqa: B019
    def disc_space(self, d: int, black: bool, rgb: tuple | None = None, letter: str = "") -> pygame.Surface:
        """A disc space of the player board, black corners if its disc may only go to posts of
        10+; with `rgb` the player's disc lies on it."""
        d = max(10, int(d))
        p = Pic(d, d)
        pb = self.conf()["player_board"]
        p.rect(paint.shade(pb["disc_space"], -0.5), 0, 0, d, d, r=d * 0.12)
        p.rect(pb["disc_space"], d * 0.05, d * 0.05, d * 0.9, d * 0.9, r=d * 0.1)
        if black:
            c = d * 0.36
            for cx, cy, sx, sy in ((0, 0, 1, 1), (d, 0, -1, 1), (0, d, 1, -1), (d, d, -1, -1)):
                p.poly(pb["disc_black"], [(cx, cy), (cx + sx * c, cy), (cx, cy + sy * c)])
        if rgb is not None:
            p.blit(self.player_disc(int(d * 0.78), tuple(rgb), letter), d / 2, d / 2)
        return p.done()


    @functools.lru_cache(maxsize=16)  # noqa: B019
    def step_marker(self, d: int, n: int) -> pygame.Surface:
        """The step limit: a boot with the number of steps."""
        d = max(12, int(d))
        p = Pic(d, d)
        self._boot(p, d * 0.04, d * 0.06, d * 0.7, d * 0.88)
        p.text(str(n), d * 0.74, d * 0.34, d * 0.5, INK, (250, 244, 226))
        return p.done()


    @functools.lru_cache(maxsize=128)  # noqa: B019
    def herder_piece(self, h: int, rgb: tuple, letter: str = "") -> pygame.Surface:
        """A herder: a pawn with a wide-brimmed hat in the player's colour, with the letter."""
        h = max(10, int(h))
        w = int(h * 0.7)
        p = Pic(w, h)
        col = tuple(rgb)
        self._herder_shape(p, 0, 0, w, h, col, paint.shade(col, -0.6))
        if letter:
            fg, edge = self._edge_for(col)
            p.text(letter, w / 2, h * 0.68, h * 0.3, fg, edge)
        return p.done()


    # ------------------------------------------------------------------ building tiles
    def tile_faces(self) -> dict:
        """Every tile face by id: neutral letters, common faces ("1a" ... "6b"), the city
        (El Paso: "el_paso"); each -> (kind, actions key, vp, builders)."""
        return self._faces()


    def city_actions(self) -> tuple:
        """The city tile's actions (the edition's model names them)."""
        return ()

    @functools.lru_cache(maxsize=1)  # noqa: B019
    def _faces(self) -> dict:
        data = self.ed.data
        city = self.ed.city
        out = {city: (city, acts_key(self.city_actions()), 0, 0)}
        for n in data.neutrals:
            out[n.id] = ("neutral", acts_key(n.actions), 0, 0)
        for t in data.building_types:
            for fid, vp, acts in t.sides.values():
                out[fid] = ("common", acts_key(acts), vp, t.builders)
        return out


    @functools.lru_cache(maxsize=256)  # noqa: B019
    def building_tile(self, face: str, w: int, h: int | None = None, owner: tuple | None = None,
                      lang: str = "en") -> pygame.Surface:
        """A building tile drawn from its data. Neutral: its big letter. Common: builders (a
        builder with the number) at the top left, the face id, its VP at the top right, the
        owner's marker (rgb, letter, shape) if any. El Paso: its name. Then the actions, as
        divided rows or side by side, whichever makes the icons bigger."""
        w = max(20, int(w))
        h = max(20, int(h or w))
        kind, keys, vp, builders = self.tile_faces()[face]
        col = self.conf()["tiles"][kind]
        r = max(3, int(min(w, h) * 0.1))
        surf = sprites.own_panel(w, h, fill=col, border=paint.shade(col, -0.45), radius=r)
        m = max(2, int(min(w, h) * 0.05))
        head = int(h * (0.27 if kind != self.ed.city else 0.18))
        p = Pic(w, head + m)
        if kind == "neutral":
            d = head * 1.0
            p.circle(paint.shade(col, -0.6), (w / 2, m + head / 2), d / 2)
            p.circle((250, 244, 226), (w / 2, m + head / 2), d / 2 * 0.86)
            p.text(face, w / 2, m + head / 2, d * 0.66, INK)
        elif kind == "common":
            bs = head * 0.98
            p.blit(self.worker_piece(self.ed.data.payer("building"), int(bs), lang), m + bs * 0.42, m + head / 2)
            p.text(str(builders), m + bs * 0.95, m + head * 0.62, head * 0.52, INK, (250, 244, 226))
            if owner is not None:
                orgb, olet, oshape = owner
                p.blit(sprites.token(int(head * 0.98), tuple(orgb), olet, oshape), w / 2 + head * 0.1, m + head / 2)
            else:
                p.text(face, w / 2 + head * 0.1, m + head / 2, head * 0.5, INK, None)
            p.blit(self.vp_star(int(head * 1.02), vp), w - m - head * 0.5, m + head / 2)
        else:
            p.text(self.ed.tile_name(self.ed.city, lang), w / 2, m + head / 2, head * 0.62, INK, None, True, w - 2 * m)
        surf.blit(p.done(), (0, 0))
        y0 = m + head + max(1, int(h * 0.015))
        name_px = int(h * 0.1)
        # room for the name (only in the table's language: no English name on a Russian table)
        name = self.ed.tile_name(face, lang, fallback=False) if kind != self.ed.city else None
        if name and w >= NAMED_TILE and name_px >= 10:
            nm = theme.fit_text(name, w - 2 * m, name_px, INK, True, min_px=9)
            surf.blit(nm, nm.get_rect(midtop=(w // 2, y0)))
            y0 += nm.get_height()
        pygame.draw.line(surf, paint.shade(col, -0.4), (m, y0), (w - m, y0), max(1, h // 70))
        # El Paso's actions are compulsory and in order: numbered rows
        strip = self.actions_strip(keys, h - y0 - m, w - 2 * m, lang, numbered=kind == self.ed.city)
        surf.blit(strip, (m, y0 + 1))
        return surf


    def clear(self) -> None:
        """Drop every cached piece (call on palette or layout change)."""
        for fn in (label, self.mini_cattle, self.action_icon, self._strip, self.money, self.certificate, self.vp_star,
                   self.exchange_token, self.cattle_card, self.worker_piece, self.worker_card, self._plain_star,
                   self.objective_tile, self.tile_back, self.player_disc, self.disc_space, self.step_marker,
                   self.herder_piece, self._faces, self.building_tile, self._order_badge):
            fn.cache_clear()
        for name in self.OWN_CACHED:
            getattr(self, name).cache_clear()
