"""Argentina's pieces: the family's Art (ui/views/gwt/art.py) with an icon for every action
kind of buildings.yaml's vocabulary and every player-board effect (EDITION_ICONS, joined to
the family's table) and Argentina's own memoised pieces (OWN_CACHED). Every piece returns a
shared Surface: copy it before drawing on it. Sizes in px; `lang` is "en" or "ru".

Pieces (the playmat and the panels call these):
  action_icon(key, h, lang) / actions_strip(keys, h, max_w, lang, numbered=...)  (family)
      every Argentina action, effect and condition (act_key(act)); breeds by group id.
  farmer_token(colour, hand, stamina, size, lang) -> size x size
      a farmer: zone colour + its letter, the hand (green/black, with a letter), stamina.
  worker_token(wtype, stamina, size, lang) -> size x size
      a job-market / row token: the worker meeple, a stamina mark when it has one.
  token_back(bag, size) -> size x size          a face-down bag token: its bag letter A/B/C.
  ship_tile(sid, w, h, lang) -> w x h
      cargo value, grain to load, VP, sun/dark marks, sail group colour + letter, the
      destination dock, its loading action.
  master_tile(mid, w, h, lang) -> w x h
      a station master: top (instant actions | permanent certificates | loading grain),
      bottom its task and VP per task ("per 2" shown as 2 x glyph).
  objective_card(oid, w, h, lang) -> w x h
      an objective card: the instant action, the tasks as icons, VP and penalty.
  exhaustion_card(w, h, lang) -> w x h          the exhaustion card (-VP, a tired cow).
  grain_token(d) -> d x d                       grain (a wheat ear on a disc).
  locomotive(h, rgb, letter) -> (1.5h) x h      a player's locomotive with its letter.
  station_badge(cost, vp, dark, size) -> size x size   a station: cost, VP, dark corner.
  dock_badge(did, size, lang) -> size x size    a dock: numeral, VP per disc, discount, dark.
  bonus_space(bid, size, lang) -> size x size   a harbour quarter's bonus space: actions, VP.
  hand_mark(hand, size, lang) -> size x size    a fee hand, green or black (with a letter).
  stamina_mark(n, size) -> size x size          a stamina value (a bolt with the number).
  task_icon(task, size, lang) -> size x size    a station master's task glyph.
  farmer_glyph(colour, size, lang) -> size x size   a farmer of a zone colour (no stamina).
  penalty_star(d, n) -> d x d                   negative VP: a red star with "-n".
  mark(key, lang) -> str                        a piece mark of i18n/art.<lang>.yaml
      (farmer.<colour>, sail.<group>, hand.<hand>, quarter.<id>, city.<id>, exhaustion).
  building_tile(face, w, h, owner, lang)        (family) + the hand where the tile has one;
      Buenos Aires' rows are numbered, the optional first one with a hollow number.
  cattle_card(card, w, h, lang)                 (family) + the card's stamina.
Breed params name breed groups (caracu, franqueiro): the chips draw them with the look of
their first card (layout.yaml `breeds` is per card).
"""
from __future__ import annotations

import functools
import math

import pygame

from games.core.data import data_path, load_yaml
from ui import paint, sprites, theme
from ui.views.gwt.art import (
    ACTION_ICONS,
    COST_RED,
    EFFECT_ICONS,
    GAIN_GREEN,
    INK,
    MIN_TEXT,
    PAPER,
    Art,
    Pic,
    acts_key,
)

GAME = "gwt_argentina"
# Piece colours that are no game data (the rules name the colours; these are their shades).
FARMER_RGB = {"green": (70, 150, 74), "blue": (64, 112, 196), "orange": (232, 128, 40), "yellow": (236, 200, 52)}
SAIL_RGB = {"yellow": (240, 204, 64), "turquoise": (56, 178, 176), "purple": (132, 84, 164)}
HAND_RGB = {"green": (52, 150, 62), "black": (30, 28, 26)}
GRAIN = (214, 164, 50)
GRAIN_DARK = (120, 80, 20)
BOLT = (250, 214, 60)
STAMINA_RING = (176, 52, 36)
WATER = (84, 140, 196)
WOOD = (132, 90, 52)
BRICK = (168, 74, 52)
EXHAUSTION = (150, 142, 134)
DISC = (236, 230, 214)   # a player's disc in an icon (any player's: neutral wood)

# Each action kind: (width in units of the icon's height, drawer(p, x, y, h, params, lang)).
EDITION_ICONS: dict = {}
EDITION_EFFECTS: dict = {}


def _icon(name, width, table=EDITION_ICONS):
    def deco(fn):
        table[name] = (width, fn)
        return fn
    return deco


@functools.lru_cache(maxsize=2)
def marks(lang: str) -> dict:
    """The piece marks of data/gwt_argentina/i18n/art.<lang>.yaml (letters, short titles)."""
    lang = lang if lang in ("en", "ru") else "en"
    node = load_yaml(data_path(GAME, "i18n", f"art.{lang}.yaml")).mapping()
    return {k.removeprefix("gwta.art."): v.str() for k, v in node.items()}


# the widths of the reward glyphs (_reward), in units of the icon's height, by param
REWARD_W = {"money": 0.86, "grain": 0.95, "certificates": 0.75, "steps": 1.05}


class ArgentinaArt(Art):
    OWN_CACHED = ("farmer_token", "worker_token", "token_back", "ship_tile", "master_tile", "objective_card",
                  "exhaustion_card", "grain_token", "locomotive", "station_badge", "dock_badge", "bonus_space",
                  "hand_mark", "stamina_mark", "task_icon", "building_tile", "cattle_card", "_variant",
                  "penalty_star", "farmer_glyph", "_order_badge")

    def city_actions(self) -> tuple:
        return self.ed.data.city_actions

    def mark(self, key: str, lang: str) -> str:
        return marks(lang).get(key, marks("en").get(key, "?"))

    # ------------------------------------------------------------------ breeds by group
    @functools.lru_cache(maxsize=64)  # noqa: B019
    def _variant(self, breed: str) -> str:
        """The look key (layout.yaml `breeds`: one per card) of a breed group or card id."""
        if not breed or breed in self.conf()["breeds"]:
            return breed
        return next((c.id for c in self.ed.data.cards.values() if c.breed == breed), breed)

    def breed_letter(self, breed: str, lang: str) -> str:
        return super().breed_letter(self._variant(breed), lang)

    def _cattle_chip(self, p: Pic, x, y, w, h, breed=None, bv=None, any_=False, lang="en"):
        super()._cattle_chip(p, x, y, w, h, self._variant(breed) if breed else breed, bv, any_, lang)

    # ------------------------------------------------------------------ small glyphs
    def _grain(self, p: Pic, cx, cy, h, col=GRAIN):
        """A wheat ear: a stalk and two rows of kernels."""
        dark = paint.shade(col, -0.5)
        p.line(dark, (cx, cy + h * 0.5), (cx, cy - h * 0.36), max(0.7, h * 0.07))
        kw, kh = h * 0.2, h * 0.3
        for k in range(3):
            yy = cy - h * 0.36 + k * h * 0.22
            for side in (-1, 1):
                ex = cx + side * h * 0.1 - kw / 2
                p.ellipse(dark, ex - h * 0.02, yy - h * 0.02, kw + h * 0.04, kh + h * 0.04)
                p.ellipse(col, ex, yy, kw, kh)
        p.ellipse(dark, cx - kw / 2 - h * 0.02, cy - h * 0.52, kw + h * 0.04, kh + h * 0.04)
        p.ellipse(col, cx - kw / 2, cy - h * 0.5, kw, kh)

    def _num(self, p: Pic, s, cx, cy, size, colour=INK):
        p.text(str(s), cx, cy, size, colour, (250, 244, 226))

    def _bolt(self, p: Pic, cx, cy, h, col=BOLT):
        """The stamina mark: a lightning bolt."""
        pts = [(cx + h * 0.12, cy - h * 0.5), (cx - h * 0.26, cy + h * 0.06), (cx - h * 0.02, cy + h * 0.06),
               (cx - h * 0.14, cy + h * 0.5), (cx + h * 0.26, cy - h * 0.08), (cx + h * 0.02, cy - h * 0.08)]
        p.poly(paint.shade(col, -0.6), pts, max(0.8, h * 0.1))
        p.poly(col, pts)

    def _stamina(self, p: Pic, cx, cy, d, n=None):
        """A stamina value: a red disc with a bolt, the number over it."""
        p.circle(paint.shade(STAMINA_RING, -0.45), (cx, cy), d / 2)
        p.circle(STAMINA_RING, (cx, cy), d / 2 * 0.86)
        if n is None:
            self._bolt(p, cx, cy, d * 0.74)
        else:
            self._bolt(p, cx - d * 0.22, cy - d * 0.1, d * 0.5)
            p.text(str(n), cx + d * 0.1, cy + d * 0.06, d * (0.66 if len(str(n)) < 3 else 0.5), (255, 255, 255), (90, 20, 12))

    def _hand(self, p: Pic, cx, cy, s, hand: str, lang="en"):
        """A fee hand (green or black), with its letter so colour is never alone."""
        col = HAND_RGB.get(hand, HAND_RGB["black"])
        edge = (250, 244, 226) if hand == "black" else paint.shade(col, -0.55)
        def shape(c, grow):
            g = grow
            p.rect(c, cx - s * 0.3 - g, cy - s * 0.08 - g, s * 0.6 + 2 * g, s * 0.56 + 2 * g, r=s * 0.14)
            for k in range(4):
                fx = cx - s * 0.3 + k * s * 0.155
                p.rect(c, fx - g, cy - s * (0.44 - 0.05 * abs(k - 1.5)) - g, s * 0.13 + 2 * g,
                       s * 0.5 + 2 * g, r=s * 0.06)
            p.poly(c, [(cx - s * 0.3 - g, cy + s * 0.2), (cx - s * 0.5 - g, cy - s * 0.12 - g),
                       (cx - s * 0.38, cy - s * 0.2 - g), (cx - s * 0.22, cy + g)])
        shape(edge, max(0.6, s * 0.05))
        shape(col, 0)
        if s >= 14:
            p.text(self.mark(f"hand.{hand}", lang), cx, cy + s * 0.2, s * 0.34, (255, 255, 255), None)

    def _farmer(self, p: Pic, cx, cy, d, col=(196, 170, 120)):
        """A farmer: a round token with a straw-hatted head."""
        p.circle(paint.shade(col, -0.55), (cx, cy), d / 2)
        p.circle(col, (cx, cy), d / 2 * 0.86)
        skin, straw = (232, 196, 150), (236, 206, 120)
        p.circle(paint.shade(skin, -0.5), (cx, cy + d * 0.1), d * 0.2)
        p.circle(skin, (cx, cy + d * 0.1), d * 0.16)
        p.ellipse(paint.shade(straw, -0.55), cx - d * 0.34, cy - d * 0.1, d * 0.68, d * 0.16)
        p.ellipse(straw, cx - d * 0.31, cy - d * 0.085, d * 0.62, d * 0.11)
        p.rect(paint.shade(straw, -0.55), cx - d * 0.16, cy - d * 0.3, d * 0.32, d * 0.24, r=d * 0.06)
        p.rect(straw, cx - d * 0.13, cy - d * 0.27, d * 0.26, d * 0.2, r=d * 0.05)

    def _loco(self, p: Pic, x, y, w, h, col=(52, 48, 46)):
        self._train(p, x, y, w, h, col)

    def _ship(self, p: Pic, x, y, w, h, sail=(246, 240, 226), letter=""):
        """A sailing ship: hull, mast, a sail in its group's colour with the group's letter."""
        hull = [(x, y + h * 0.64), (x + w, y + h * 0.64), (x + w * 0.84, y + h), (x + w * 0.14, y + h)]
        p.poly(paint.shade(WOOD, -0.5), [(px, py + h * 0.02) for px, py in hull])
        p.poly(WOOD, [(x + w * 0.04, y + h * 0.66), (x + w * 0.96, y + h * 0.66), (x + w * 0.82, y + h * 0.96),
                      (x + w * 0.16, y + h * 0.96)])
        p.line(paint.shade(WOOD, -0.5), (x + w * 0.5, y + h * 0.64), (x + w * 0.5, y), max(0.7, w * 0.05))
        sail_pts = [(x + w * 0.2, y + h * 0.08), (x + w * 0.8, y + h * 0.08), (x + w * 0.86, y + h * 0.56),
                    (x + w * 0.14, y + h * 0.56)]
        p.poly(paint.shade(sail, -0.5), sail_pts, max(0.6, w * 0.04))
        p.poly(sail, sail_pts)
        if letter:
            fg, edge = self._edge_for(sail)
            p.text(letter, x + w * 0.5, y + h * 0.33, h * 0.36, fg, edge)

    def _station(self, p: Pic, x, y, w, h, col=BRICK):
        """A railway station: a brick house with a clock over a platform."""
        dark = paint.shade(col, -0.55)
        p.rect(INK, x, y + h * 0.86, w, h * 0.14)
        p.poly(dark, [(x + w * 0.04, y + h * 0.38), (x + w * 0.5, y), (x + w * 0.96, y + h * 0.38)])
        p.rect(dark, x + w * 0.1, y + h * 0.34, w * 0.8, h * 0.54)
        p.rect(col, x + w * 0.15, y + h * 0.38, w * 0.7, h * 0.46)
        p.circle((250, 244, 226), (x + w * 0.5, y + h * 0.26), h * 0.1)
        p.rect(dark, x + w * 0.4, y + h * 0.56, w * 0.2, h * 0.3)

    def _pier(self, p: Pic, x, y, w, h):
        """A dock: planks on posts over water."""
        p.rect(WATER, x, y + h * 0.55, w, h * 0.45, r=h * 0.08)
        for k in range(3):
            p.rect(paint.shade(WOOD, -0.5), x + w * (0.14 + 0.32 * k), y + h * 0.4, w * 0.08, h * 0.5)
        p.rect(paint.shade(WOOD, -0.5), x, y + h * 0.3, w, h * 0.18, r=h * 0.04)
        p.rect(WOOD, x + w * 0.02, y + h * 0.32, w * 0.96, h * 0.13, r=h * 0.03)
        p.rect(INK, x + w * 0.76, y + h * 0.08, w * 0.14, h * 0.24, r=w * 0.04)

    def _disc_glyph(self, p: Pic, cx, cy, d, col=DISC):
        p.circle(paint.shade(col, -0.6), (cx, cy), d / 2)
        p.circle(col, (cx, cy), d / 2 * 0.8)

    def _card(self, p: Pic, x, y, w, h, fill=PAPER):
        p.rect(INK, x, y, w, h, r=w * 0.12)
        p.rect(fill, x + w * 0.08, y + w * 0.08, w * 0.84, h - w * 0.16, r=w * 0.08)

    def _obj_card(self, p: Pic, x, y, w, h):
        """An objective card: a card with the target."""
        self._card(p, x, y, w, h, self.conf()["tiles"]["objective"])
        self._target(p, x + w / 2, y + h / 2, w * 0.34)

    def _exh_card(self, p: Pic, x, y, w, h):
        """An exhaustion card: a grey card with "Zz"."""
        self._card(p, x, y, w, h, EXHAUSTION)
        p.text("Zz", x + w / 2, y + h * 0.5, w * 0.5, (255, 255, 255), INK)

    def _bag(self, p: Pic, cx, cy, s, letter: str):
        """A cloth bag tied at the neck, with its letter."""
        col = (196, 164, 112)
        dark = paint.shade(col, -0.55)
        p.ellipse(dark, cx - s * 0.42, cy - s * 0.2, s * 0.84, s * 0.7)
        p.ellipse(col, cx - s * 0.38, cy - s * 0.17, s * 0.76, s * 0.62)
        p.poly(dark, [(cx - s * 0.2, cy - s * 0.46), (cx + s * 0.2, cy - s * 0.46), (cx + s * 0.08, cy - s * 0.2),
                      (cx - s * 0.08, cy - s * 0.2)])
        p.rect(dark, cx - s * 0.14, cy - s * 0.26, s * 0.28, s * 0.06)
        p.text(letter, cx, cy + s * 0.14, s * 0.46, INK, (250, 244, 226))

    def _quarter(self, p: Pic, x, y, s, q: str, lang="en"):
        """A city quarter: a square cut by its diagonals, that quarter's triangle dark, its letter."""
        c = (x + s / 2, y + s / 2)
        corners = {"north": ((x, y), (x + s, y)), "east": ((x + s, y), (x + s, y + s)),
                   "south": ((x + s, y + s), (x, y + s)), "west": ((x, y + s), (x, y))}
        p.rect(INK, x, y, s, s, r=s * 0.08)
        p.rect((236, 226, 204), x + s * 0.06, y + s * 0.06, s * 0.88, s * 0.88, r=s * 0.06)
        a, b = corners.get(q, corners["north"])
        p.poly((70, 96, 150), [a, b, c])
        p.line(INK, (x, y), (x + s, y + s), max(0.6, s * 0.04))
        p.line(INK, (x + s, y), (x, y + s), max(0.6, s * 0.04))
        off = {"north": (0, -0.28), "south": (0, 0.28), "east": (0.28, 0), "west": (-0.28, 0)}[q]
        p.text(self.mark(f"quarter.{q}", lang), c[0] + off[0] * s, c[1] + off[1] * s, s * 0.34, (255, 255, 255), INK)

    def _minus_grain(self, p: Pic, x, y, h, n):
        """Grain paid: the ear with a red "-N"."""
        self._grain(p, x + h * 0.26, y + h * 0.5, h * 0.8)
        p.text(f"\u2212{n}", x + h * 0.7, y + h * 0.62, h * 0.46, COST_RED, (250, 244, 226))

    def _workers4(self, p: Pic, x, y, h, lang):
        """A complete set: one worker of each type in a 2x2 block."""
        for i, wt in enumerate(self.conf()["workers"]):
            self._worker(p, x + h * (0.26 + 0.44 * (i % 2)), y + h * (0.27 + 0.46 * (i // 2)), h * 0.5, wt, lang)

    def _count_glyph(self, p: Pic, x, y, h, per: str, lang):
        """What gain_per counts, in an h x h box."""
        if per == "grain_buildings":
            self._house(p, x + h * 0.04, y + h * 0.12, h * 0.8, h * 0.84)
            self._grain(p, x + h * 0.74, y + h * 0.34, h * 0.56)
        elif per == "granjeros":
            self._worker(p, x + h * 0.5, y + h * 0.5, h * 0.92, self.ed.data.payer("farmers"), lang)
        elif per == "farmers":
            self._farmer(p, x + h * 0.5, y + h * 0.5, h * 0.9)
        else:  # worker_sets
            self._workers4(p, x, y, h, lang)

    def _reward(self, p: Pic, x, y, h, kind: str, n):
        """A reward glyph (money, grain, certificates, locomotive steps) h high; its width in h."""
        if kind == "money":
            self._coin(p, x + h * 0.42, y + h * 0.5, h * 0.8, n)
            return 0.86
        if kind == "grain":
            self._grain(p, x + h * 0.3, y + h * 0.5, h * 0.86)
            self._num(p, n, x + h * 0.72, y + h * 0.62, h * 0.5)
            return 0.95
        if kind == "certificates":
            self._cert(p, x + h * 0.04, y + h * 0.08, h * 0.66, h * 0.8, n)
            return 0.75
        self._loco(p, x, y + h * 0.14, h * 0.9, h * 0.6)
        self._num(p, f"+{n}", x + h * 0.74, y + h * 0.76, h * 0.44)
        return 1.05

    # ------------------------------------------------------------------ action icons
    @_icon("gain_grain", lambda q: 1.0)
    def _i_grain(self, p, x, y, h, q, lang):
        self._reward(p, x, y, h, "grain", q.get("amount", 1))

    @_icon("gain_tile", lambda q: 0.7)
    def _i_objective(self, p, x, y, h, q, lang):
        self._obj_card(p, x + h * 0.06, y + h * 0.06, h * 0.6, h * 0.88)

    @_icon("hire_worker", lambda q: 1.3)
    def _i_hire(self, p, x, y, h, q, lang):
        # a worker of the job market at its row's cost, changed by the modifier
        self._worker(p, x + h * 0.42, y + h * 0.42, h * 0.82, "any", lang)
        mod = int(q.get("modifier", 0))
        txt = "$" if mod == 0 else (f"+{mod}" if mod > 0 else f"\u2212{-mod}")
        self._coin(p, x + h * 0.92, y + h * 0.66, h * 0.62, txt)

    @_icon("place_building", lambda q: 1.3 if "per_carpintero" not in q else 1.75)
    def _i_build(self, p, x, y, h, q, lang):
        self._house(p, x + h * 0.04, y + h * 0.06, h * 0.8, h * 0.84)
        self._worker(p, x + h * 0.98, y + h * 0.58, h * 0.6, self.ed.data.payer("building"), lang)
        if "per_carpintero" in q:  # pesos per carpintero the tile needs
            self._coin(p, x + h * 1.42, y + h * 0.36, h * 0.56, q["per_carpintero"])
            p.text("/", x + h * 1.2, y + h * 0.4, h * 0.4, INK)

    @_icon("auxiliary_action", lambda q: (0.9 if q.get("count", 1) == 1 else 1.4) + (1.1 if q.get("double") else 0))
    def _i_aux(self, p, x, y, h, q, lang):
        self._gear(p, x + h * 0.45, y + h * 0.5, h * 0.42)
        x2 = x + h * 0.9
        if q.get("count", 1) != 1:
            self._count(p, x + h * 1.12, y + h * 0.5, h * 0.42, q["count"])
            x2 += h * 0.5
        if q.get("double"):  # single or double
            p.text("\u00d71/2", x2 + h * 0.54, y + h * 0.5, h * 0.4, INK, (250, 244, 226))

    @_icon("move_train", lambda q: 1.72)
    def _i_train(self, p, x, y, h, q, lang):
        self._loco(p, x, y + h * 0.06, h * 0.96, h * 0.66)
        p.arrow(GAIN_GREEN, (x + h * 0.1, y + h * 0.9), (x + h * 0.9, y + h * 0.9), max(0.8, h * 0.08))
        if q.get("per_maquinista"):
            self._worker(p, x + h * 1.24, y + h * 0.5, h * 0.62, self.ed.data.payer("train"), lang)
        else:
            self._num(p, f"+{q.get('steps', 1)}", x + h * 1.22, y + h * 0.5, h * 0.5)

    @_icon("train_back", lambda q: 1.72)
    def _i_back(self, p, x, y, h, q, lang):
        self._loco(p, x, y + h * 0.06, h * 0.96, h * 0.66)
        p.arrow(COST_RED, (x + h * 0.9, y + h * 0.9), (x + h * 0.1, y + h * 0.9), max(0.8, h * 0.08))
        self._num(p, f"\u2212{q.get('steps', 1)}", x + h * 1.22, y + h * 0.5, h * 0.5, COST_RED)

    @_icon("upgrade_station_behind", lambda q: 1.6)
    def _i_upgrade(self, p, x, y, h, q, lang):
        self._station(p, x + h * 0.02, y + h * 0.1, h * 0.7, h * 0.7)
        self._disc_glyph(p, x + h * 0.37, y + h * 0.6, h * 0.3)
        self._loco(p, x + h * 0.86, y + h * 0.08, h * 0.72, h * 0.5)
        p.arrow(INK, (x + h * 1.5, y + h * 0.82), (x + h * 0.78, y + h * 0.82), max(0.8, h * 0.07))

    @_icon("help_farmers", lambda q: 1.55 + (1.45 if q.get("bonus") else 0))
    def _i_help(self, p, x, y, h, q, lang):
        self._farmer(p, x + h * 0.46, y + h * 0.5, h * 0.9, FARMER_RGB["green"])
        self._num(p, f"\u2264{q.get('max', 1)}", x + h * 1.12, y + h * 0.5, h * 0.44)
        if q.get("bonus"):  # stamina added for this action
            self._stamina(p, x + h * 1.92, y + h * 0.5, h * 0.7)
            self._num(p, f"+{q['bonus']}", x + h * 2.6, y + h * 0.5, h * 0.5)

    @_icon("special_delivery", lambda q: 1.9)
    def _i_special(self, p, x, y, h, q, lang):
        self._pier(p, x + h * 0.02, y + h * 0.34, h * 0.62, h * 0.56)
        self._disc_glyph(p, x + h * 0.3, y + h * 0.28, h * 0.34)
        p.arrow(INK, (x + h * 0.7, y + h * 0.5), (x + h * 1.0, y + h * 0.5), max(0.8, h * 0.07))
        self._quarter(p, x + h * 1.06, y + h * 0.12, h * 0.76, "south", lang)
        self._disc_glyph(p, x + h * 1.44, y + h * 0.74, h * 0.3)

    @_icon("income", lambda q: 1.7)
    def _i_income(self, p, x, y, h, q, lang):
        for k in range(3):  # the hand is shown: its breeds' values are paid
            self._cattle_chip(p, x + h * (0.02 + 0.16 * k), y + h * (0.14 - 0.04 * (k == 1)), h * 0.44, h * 0.66,
                              lang=lang)
        p.arrow(INK, (x + h * 0.8, y + h * 0.5), (x + h * 1.04, y + h * 0.5), max(0.8, h * 0.07))
        self._coin(p, x + h * 1.36, y + h * 0.5, h * 0.64, "$")

    @_icon("load_ship", lambda q: 1.2)
    def _i_load(self, p, x, y, h, q, lang):
        self._ship(p, x + h * 0.04, y + h * 0.06, h * 0.9, h * 0.86)
        self._disc_glyph(p, x + h * 0.92, y + h * 0.66, h * 0.4)

    @_icon("foresight", lambda q: 0.9)
    def _i_foresight(self, p, x, y, h, q, lang):
        self._bag(p, x + h * 0.45, y + h * 0.52, h * 0.92, str(q.get("bag", "?")))

    @_icon("disc_to_dock", lambda q: 1.75)
    def _i_dock(self, p, x, y, h, q, lang):
        self._disc_glyph(p, x + h * 0.24, y + h * 0.5, h * 0.42)
        p.arrow(INK, (x + h * 0.46, y + h * 0.5), (x + h * 0.7, y + h * 0.5), max(0.8, h * 0.07))
        self._pier(p, x + h * 0.74, y + h * 0.36, h * 0.96, h * 0.6)
        did = q.get("dock", "")
        if did:
            d = self.ed.data.dock(did)
            txt = f"{self.mark('city.' + self.ed.data.dock_city(did), lang)} {d.numeral}"
            p.text(txt, x + h * 1.22, y + h * 0.22, h * 0.36, INK, (250, 244, 226), True, h * 1.0)

    def _draw_arrows(self, p, x, y, h, n, per_gaucho, lang, out=COST_RED):
        """Cards: a green arrow in (drawn), a coloured one out (discarded or removed); N or gauchos."""
        self._card(p, x + h * 0.06, y + h * 0.16, h * 0.42, h * 0.64)
        self._card(p, x + h * 0.4, y + h * 0.1, h * 0.42, h * 0.64, (226, 214, 188))
        lw = max(0.8, h * 0.07)
        p.arrow(GAIN_GREEN, (x + h * 0.61, y + h * 0.6), (x + h * 0.61, y + h * 0.98), lw)
        p.arrow(out, (x + h * 0.27, y + h * 0.5), (x + h * 0.27, y + h * 0.02), lw)
        if per_gaucho:
            self._worker(p, x + h * 1.14, y + h * 0.5, h * 0.62, self.ed.data.payer("cattle_market"), lang)
        else:
            self._count(p, x + h * 1.14, y + h * 0.5, h * 0.42, n)

    @_icon("draw_discard", lambda q: 1.6)
    def _i_draw_discard(self, p, x, y, h, q, lang):
        self._draw_arrows(p, x, y, h, q.get("count", 1), q.get("per_gaucho"), lang)

    @_icon("draw_remove", lambda q: 1.6)
    def _i_draw_remove(self, p, x, y, h, q, lang):
        self._draw_arrows(p, x, y, h, q.get("count", 1), False, lang)
        self._minus_badge(p, x + h * 0.27, y + h * 0.22, h * 0.16)

    @_icon("remove_card", lambda q: 1.4)
    def _i_remove_card(self, p, x, y, h, q, lang):
        self._card(p, x + h * 0.1, y + h * 0.12, h * 0.52, h * 0.78)
        self._minus_badge(p, x + h * 0.62, y + h * 0.22, h * 0.2)
        self._count(p, x + h * 1.08, y + h * 0.56, h * 0.42, q.get("count", 1))

    @_icon("remove_exhaustion", lambda q: 0.95 + (1.0 if q.get("or_auxiliary") else 0))
    def _i_remove_exh(self, p, x, y, h, q, lang):
        self._exh_card(p, x + h * 0.08, y + h * 0.1, h * 0.56, h * 0.82)
        self._minus_badge(p, x + h * 0.68, y + h * 0.22, h * 0.2)
        if q.get("or_auxiliary"):  # or one single auxiliary action instead
            p.text("/", x + h * 1.06, y + h * 0.5, h * 0.6, INK)
            self._gear(p, x + h * 1.5, y + h * 0.5, h * 0.4)

    @_icon("discard_cattle_for_money", lambda q: 1.62 + (0.3 if q.get("pair") else 0))
    def _i_discard_money(self, p, x, y, h, q, lang):
        dx = 0.0
        if q.get("pair"):  # two cards of one breed: two chips marked "="
            for k in range(2):
                self._cattle_chip(p, x + h * (0.02 + 0.3 * k), y + h * (0.04 + 0.12 * k), h * 0.56, h * 0.76,
                                  None, None, True, lang)
            p.text("=", x + h * 0.6, y + h * 0.52, h * 0.4, INK, (250, 244, 226))
            dx = h * 0.3
        else:
            self._cattle_chip(p, x + h * 0.02, y + h * 0.1, h * 0.6, h * 0.8, q.get("breed"), None,
                              q.get("any", False), lang)
        p.arrow(INK, (x + dx + h * 0.66, y + h * 0.5), (x + dx + h * 0.88, y + h * 0.5), max(0.8, h * 0.06))
        self._coin(p, x + dx + h * 1.24, y + h * 0.5, h * 0.74, q.get("money", 0))

    def _discard_for(self, p, x, y, h, breed, lang):
        self._cattle_chip(p, x + h * 0.02, y + h * 0.1, h * 0.6, h * 0.8, breed, None, breed is None, lang)
        p.arrow(INK, (x + h * 0.66, y + h * 0.5), (x + h * 0.88, y + h * 0.5), max(0.8, h * 0.06))
        return x + h * 0.92

    @_icon("discard_cattle_for_grain", lambda q: 1.9)
    def _i_discard_grain(self, p, x, y, h, q, lang):
        self._reward(p, self._discard_for(p, x, y, h, None, lang), y, h, "grain", q.get("amount", 1))

    @_icon("discard_cattle_for_certificates", lambda q: 1.7)
    def _i_discard_cert(self, p, x, y, h, q, lang):
        self._reward(p, self._discard_for(p, x, y, h, None, lang), y, h, "certificates", q.get("amount", 1))

    @_icon("discard_cattle_for_train", lambda q: 2.0)
    def _i_discard_train(self, p, x, y, h, q, lang):
        self._reward(p, self._discard_for(p, x, y, h, q.get("breed"), lang), y, h, "train", q.get("steps", 1))

    @_icon("discard_objective_for_certificates", lambda q: 1.7)
    def _i_discard_obj(self, p, x, y, h, q, lang):
        self._obj_card(p, x + h * 0.04, y + h * 0.1, h * 0.54, h * 0.8)
        p.arrow(INK, (x + h * 0.64, y + h * 0.5), (x + h * 0.86, y + h * 0.5), max(0.8, h * 0.06))
        self._reward(p, x + h * 0.92, y, h, "certificates", q.get("amount", 1))

    @_icon("spend_grain", lambda q: 1.3 + sum(REWARD_W[k] + 0.1 for k in ("money", "certificates", "steps") if q.get(k)))
    def _i_spend_grain(self, p, x, y, h, q, lang):
        self._minus_grain(p, x, y, h, q.get("grain", 1))
        p.arrow(INK, (x + h * 0.98, y + h * 0.5), (x + h * 1.2, y + h * 0.5), max(0.8, h * 0.06))
        xx = x + h * 1.28
        for kind, key in (("money", "money"), ("certificates", "certificates"), ("train", "steps")):
            if q.get(key):
                xx += h * (self._reward(p, xx, y, h, kind, q[key]) + 0.1)

    @_icon("gain_per", lambda q: sum(w for k, w in REWARD_W.items() if q.get(k)) + 1.36
           + (0.3 if q.get("every", 1) != 1 else 0))
    def _i_gain_per(self, p, x, y, h, q, lang):
        kind = next(k for k in ("money", "grain", "certificates") if q.get(k))
        w = self._reward(p, x, y, h, kind, q[kind])
        xx = x + h * (w + 0.06)
        p.text("/", xx + h * 0.12, y + h * 0.5, h * 0.7, INK)
        xx += h * 0.26
        if q.get("every", 1) != 1:
            self._num(p, q["every"], xx + h * 0.14, y + h * 0.5, h * 0.5)
            xx += h * 0.3
        self._count_glyph(p, xx, y, h, q.get("per", ""), lang)

    @_icon("others_take_exhaustion", lambda q: 1.9)
    def _i_others_exh(self, p, x, y, h, q, lang):
        self._exh_card(p, x + h * 0.04, y + h * 0.1, h * 0.54, h * 0.8)
        if q.get("count", 1) != 1:
            self._num(p, f"\u00d7{q['count']}", x + h * 0.31, y + h * 0.86, h * 0.34)
        p.arrow(COST_RED, (x + h * 0.64, y + h * 0.5), (x + h * 0.9, y + h * 0.5), max(0.8, h * 0.07))
        for k, col in enumerate(((190, 80, 60), (70, 110, 170), (90, 150, 80))):  # every other player
            p.blit(sprites.meeple(int(h * 0.46), col), x + h * (1.12 + 0.22 * k), y + h * (0.34 + 0.3 * (k % 2)))

    @_icon("free_market_card", lambda q: 1.35 + (0.9 if q.get("discard") else 0))
    def _i_free_card(self, p, x, y, h, q, lang):
        if q.get("discard"):  # first discard one cattle card
            x = self._discard_for(p, x, y, h, None, lang) - h * 0.02
        self._cattle_chip(p, x + h * 0.04, y + h * 0.1, h * 0.6, h * 0.8, q.get("breed") or None, lang=lang)
        self._plus_badge(p, x + h * 0.64, y + h * 0.22, h * 0.2)
        self._coin(p, x + h * 1.02, y + h * 0.66, h * 0.56, 0)

    # ------------------------------------------------------------------ effects and conditions
    @_icon("step_limit", lambda q: 1.42, EDITION_EFFECTS)
    def _e_step(self, p, x, y, h, q, lang):
        self._boot(p, x + h * 0.04, y + h * 0.08, h * 0.66, h * 0.84)
        self._num(p, f"+{q.get('add', 1)}", x + h * 0.96, y + h * 0.5, h * 0.48)

    @_icon("hand_limit", lambda q: 1.45, EDITION_EFFECTS)
    def _e_hand(self, p, x, y, h, q, lang):
        for k in range(3):
            cx = x + h * (0.04 + 0.16 * k)
            self._card(p, cx, y + h * (0.14 + 0.04 * abs(k - 1)), h * 0.38, h * 0.64)
        self._num(p, f"+{q.get('add', 1)}", x + h * 1.0, y + h * 0.5, h * 0.48)

    @_icon("cert_limit", lambda q: 1.45, EDITION_EFFECTS)
    def _e_cert(self, p, x, y, h, q, lang):
        self._cert(p, x + h * 0.04, y + h * 0.08, h * 0.66, h * 0.8)
        p.arrow(GAIN_GREEN, (x + h * 0.82, y + h * 0.9), (x + h * 0.82, y + h * 0.14), max(0.8, h * 0.08))
        self._num(p, f"+{q.get('add', 1)}", x + h * 1.06, y + h * 0.5, h * 0.44)

    @_icon("stamina", lambda q: 1.55, EDITION_EFFECTS)
    def _e_stamina(self, p, x, y, h, q, lang):
        self._stamina(p, x + h * 0.42, y + h * 0.5, h * 0.8)
        self._num(p, f"+{q.get('amount', 1)}", x + h * 1.06, y + h * 0.5, h * 0.5)

    @_icon("vp", lambda q: 0.9, EDITION_EFFECTS)
    def _e_vp(self, p, x, y, h, q, lang):
        self._vp(p, x + h * 0.45, y + h * 0.5, h * 0.9, q.get("amount", 1))

    @_icon("pay_money", lambda q: 0.9, EDITION_EFFECTS)
    def _c_pay(self, p, x, y, h, q, lang):
        self._coin(p, x + h * 0.45, y + h * 0.5, h * 0.86, q.get("amount", 0), cost=True)

    ACTION_ICONS = {**ACTION_ICONS, **EDITION_ICONS}
    EFFECT_ICONS = {**EFFECT_ICONS, **EDITION_EFFECTS}

    # ------------------------------------------------------------------ pieces
    @functools.lru_cache(maxsize=64)  # noqa: B019
    def hand_mark(self, hand: str, size: int, lang: str = "en") -> pygame.Surface:
        """A fee hand: green (fee to the bank) or black (fee to the owner), with its letter."""
        s = max(10, int(size))
        p = Pic(s, s)
        self._hand(p, s / 2, s / 2 + s * 0.04, s * 0.92, hand, lang)
        return p.done()

    @functools.lru_cache(maxsize=64)  # noqa: B019
    def stamina_mark(self, n: int | None, size: int) -> pygame.Surface:
        """A stamina value (None: the bare stamina mark)."""
        s = max(10, int(size))
        p = Pic(s, s)
        self._stamina(p, s / 2, s / 2, s, n)
        return p.done()

    @functools.lru_cache(maxsize=64)  # noqa: B019
    def grain_token(self, d: int) -> pygame.Surface:
        """Grain: a wheat ear on a round token."""
        d = max(10, int(d))
        p = Pic(d, d)
        p.circle(GRAIN_DARK, (d / 2, d / 2), d / 2)
        p.circle((248, 232, 184), (d / 2, d / 2), d / 2 * 0.86)
        self._grain(p, d / 2, d / 2, d * 0.7)
        return p.done()

    @functools.lru_cache(maxsize=128)  # noqa: B019
    def farmer_token(self, colour: str, hand: str, stamina: int, size: int, lang: str = "en") -> pygame.Surface:
        """A farmer: a ring in its zone's colour with the colour's letter, the stamina it asks
        for (large), and its hand (green or black) -- colour never alone."""
        s = max(16, int(size))
        col = FARMER_RGB.get(colour, (160, 160, 160))
        p = Pic(s, s)
        p.circle(paint.shade(col, -0.6), (s / 2, s / 2), s / 2)
        p.circle(col, (s / 2, s / 2), s / 2 * 0.9)
        p.circle((250, 244, 226), (s / 2, s / 2), s / 2 * 0.64)
        small = s < 28   # no room for the hat: the number alone, larger
        if not small:  # the straw hat over the number: a farmer, not a worker
            straw = (236, 206, 120)
            p.ellipse(paint.shade(straw, -0.55), s * 0.26, s * 0.2, s * 0.48, s * 0.1)
            p.rect(paint.shade(straw, -0.55), s * 0.38, s * 0.1, s * 0.24, s * 0.14, r=s * 0.04)
            p.rect(straw, s * 0.4, s * 0.12, s * 0.2, s * 0.1, r=s * 0.03)
        p.text(str(stamina), s * 0.5, s * (0.45 if small else 0.55), max(9, s * (0.5 if small else 0.4)), INK)
        if hand in HAND_RGB:
            p.blit(self.hand_mark(hand, max(10, int(s * 0.42)), lang), s * 0.2, s * 0.8)
        fg, edge = self._edge_for(col)
        p.text(self.mark(f"farmer.{colour}", lang), s * 0.82, s * 0.8, max(8, s * 0.3), fg, edge)
        return p.done()

    @functools.lru_cache(maxsize=128)  # noqa: B019
    def worker_token(self, wtype: str, stamina: int, size: int, lang: str = "en") -> pygame.Surface:
        """A worker token of the job market or a worker row: the meeple of its type, the
        stamina mark at the top right when it has stamina."""
        s = max(14, int(size))
        p = Pic(s, s)
        p.rect(paint.shade(PAPER, -0.45), 0, 0, s, s, r=s * 0.16)
        p.rect(PAPER, s * 0.05, s * 0.05, s * 0.9, s * 0.9, r=s * 0.13)
        p.blit(self.worker_piece(wtype, int(s * 0.84), lang), s * 0.46, s * 0.54)
        if stamina:
            self._stamina(p, s * 0.8, s * 0.2, s * 0.38, None if stamina == 1 else stamina)
        return p.done()

    @functools.lru_cache(maxsize=16)  # noqa: B019
    def token_back(self, bag: str, size: int) -> pygame.Surface:
        """A face-down bag token (foresight): its bag's letter."""
        s = max(12, int(size))
        p = Pic(s, s)
        p.circle(INK, (s / 2, s / 2), s / 2)
        p.circle((150, 120, 84), (s / 2, s / 2), s / 2 * 0.88)
        p.text(bag, s / 2, s / 2, s * 0.56, (255, 255, 255), INK)
        return p.done()

    @functools.lru_cache(maxsize=64)  # noqa: B019
    def locomotive(self, h: int, rgb: tuple, letter: str = "") -> pygame.Surface:
        """A player's locomotive in their colour with their letter on the boiler (1.5h wide)."""
        h = max(10, int(h))
        w = int(h * 1.5)
        p = Pic(w, h)
        col = tuple(rgb)
        p.rect(paint.shade(col, -0.6), w * 0.02, h * 0.36, w * 0.74, h * 0.46, r=h * 0.08)
        self._train(p, w * 0.04, h * 0.02, w * 0.94, h * 0.96, col)
        if letter:
            fg, edge = self._edge_for(col)
            p.text(letter, w * 0.36, h * 0.58, h * 0.4, fg, edge)
        return p.done()

    def _dark_corners(self, p: Pic, w, h, c):
        dark = self.conf()["player_board"]["disc_black"]
        for cx, cy, sx, sy in ((0, 0, 1, 1), (w, 0, -1, 1), (0, h, 1, -1), (w, h, -1, -1)):
            p.poly(dark, [(cx, cy), (cx + sx * c, cy), (cx, cy + sy * c)])

    @functools.lru_cache(maxsize=64)  # noqa: B019
    def station_badge(self, cost: int, vp: int, dark: bool, size: int) -> pygame.Surface:
        """A station of the railroad: the upgrade cost (red coin), the VP, black corners when
        only a black-cornered disc may go there."""
        s = max(14, int(size))
        p = Pic(s, s)
        p.rect(paint.shade(BRICK, -0.5), 0, 0, s, s, r=s * 0.12)
        p.rect((240, 226, 200), s * 0.05, s * 0.05, s * 0.9, s * 0.9, r=s * 0.1)
        if dark:
            self._dark_corners(p, s, s, s * 0.3)
        self._station(p, s * 0.3, s * 0.08, s * 0.4, s * 0.34)
        self._coin(p, s * 0.27, s * 0.7, s * 0.42, cost, cost=True)
        p.blit(self.vp_star(int(s * 0.44), vp), s * 0.74, s * 0.68)
        return p.done()

    @functools.lru_cache(maxsize=32)  # noqa: B019
    def dock_badge(self, did: str, size: int, lang: str = "en") -> pygame.Surface:
        """A dock: the pier with its city letter and numeral, the VP per disc at game end,
        the grain discount of a special delivery from it, black corners when dark."""
        d = self.ed.data.dock(did)
        s = max(16, int(size))
        p = Pic(s, s)
        p.rect(paint.shade(WATER, -0.5), 0, 0, s, s, r=s * 0.12)
        p.rect((214, 230, 240), s * 0.05, s * 0.05, s * 0.9, s * 0.9, r=s * 0.1)
        if d.dark:
            self._dark_corners(p, s, s, s * 0.26)
        self._pier(p, s * 0.12, s * 0.3, s * 0.76, s * 0.42)
        p.text(f"{self.mark('city.' + self.ed.data.dock_city(did), lang)} {d.numeral}", s / 2, s * 0.2,
               s * 0.26, INK, (250, 244, 226))
        if d.vp:
            p.blit(self.vp_star(int(s * 0.36), d.vp), s * 0.78, s * 0.78)
        if d.discount:
            self._grain(p, s * 0.16, s * 0.8, s * 0.28)
            p.text(f"\u2212{d.discount}", s * 0.38, s * 0.8, s * 0.26, GAIN_GREEN, (250, 244, 226))
        return p.done()

    @functools.lru_cache(maxsize=128)  # noqa: B019
    def bonus_space(self, bid: str, size: int, lang: str = "en") -> pygame.Surface:
        """A harbour quarter's bonus space: what it gives at once (top) and its VP (bottom)."""
        b = self.ed.data.bonus(bid)
        s = max(16, int(size))
        surf = sprites.own_panel(s, s, fill=(232, 236, 222), radius=max(3, s // 9))
        m = s * 0.06
        p = Pic(s, s)
        if b.acts:
            p.blit(self.actions_strip(acts_key(b.acts), int(s * 0.5), int(s - 2 * m), lang), s / 2, m + s * 0.27)
            if b.vp:
                p.blit(self.vp_star(int(s * 0.42), b.vp), s / 2, s - m - s * 0.21)
        else:
            p.blit(self.vp_star(int(s * 0.72), b.vp), s / 2, s / 2)
        surf.blit(p.done(), (0, 0))
        return surf

    @functools.lru_cache(maxsize=64)  # noqa: B019
    def ship_tile(self, sid: str, w: int, h: int, lang: str = "en") -> pygame.Surface:
        """A ship: its cargo value (top left), the sun of the loading area (top right), the
        sail in its group's colour with the letter, its destination dock under it, the grain
        to load (bottom left), its VP (bottom right), its loading action beside the sail;
        black corners when only a black-cornered disc may load it. Upright or lying (w > h)."""
        sh = self.ed.data.ship(sid)
        w, h = max(28, int(w)), max(28, int(h))
        surf = sprites.panel(w, h, fill=(226, 234, 240), border=paint.shade(WATER, -0.5),
                             radius=max(3, int(min(w, h) * 0.1))).copy()
        p = Pic(w, h)
        u = min(w, h)
        if sh.dark:
            self._dark_corners(p, w, h, u * 0.22)
        m = u * 0.06
        lying = w > h * 1.15
        d = u * (0.4 if lying else 0.36)      # the value's seal
        p.circle(INK, (m + d / 2, m + d / 2), d / 2)
        p.circle((252, 248, 236), (m + d / 2, m + d / 2), d / 2 * 0.86)
        p.text(str(sh.value), m + d / 2, m + d / 2, d * (0.62 if sh.value < 10 else 0.52), INK)
        if sh.sun:
            sx, sy, sr = w - m - u * 0.14, m + u * 0.14, u * 0.09
            for k in range(8):
                a = k * math.pi / 4
                p.line((206, 120, 20), (sx + sr * 1.2 * math.cos(a), sy + sr * 1.2 * math.sin(a)),
                       (sx + sr * 1.6 * math.cos(a), sy + sr * 1.6 * math.sin(a)), max(0.6, u * 0.02))
            p.circle((240, 180, 40), (sx, sy), sr)
        foot = u * (0.34 if lying else 0.26)   # the grain and the VP
        fy = h - m - foot / 2
        gx = m + foot * 0.3
        self._grain(p, gx, fy, foot * 0.84)
        p.text(str(sh.grain), gx + foot * 0.5, fy + foot * 0.08, foot * 0.66, INK, (250, 244, 226))
        if sh.vp:
            vd = foot * 1.1
            star = self.vp_star(int(vd), sh.vp) if sh.vp > 0 else self.penalty_star(int(vd), sh.vp)
            p.blit(star, w - m - vd / 2, fy)
        # the middle: the ship (and its loading action), the dock under it
        dock_h = u * (0.22 if lying else 0.17) if sh.dock else 0
        if lying:
            x0, x1, top, bottom = m + u * 0.46, w - m - u * 0.4, m, h - m - dock_h
        else:
            x0, x1, top, bottom = m, w - m, m + d * 0.62, h - m - foot - dock_h
        bh = bottom - top
        cx = (x0 + x1) / 2
        if sh.acts and lying:  # the loading action in the right column, between sun and VP
            bw = min(x1 - x0, bh * 1.1)
            aw = u * 0.4
            p.blit(self.actions_strip(acts_key(sh.acts), int(u * 0.3), int(aw), lang), w - m - aw / 2, h * 0.48)
        elif sh.acts:  # beside the ship
            bw = min((x1 - x0) * 0.58, bh * 1.1)
            aw = x1 - x0 - bw
            cx = x0 + bw / 2
            p.blit(self.actions_strip(acts_key(sh.acts), int(min(bh * 0.8, aw * 1.2)), int(aw), lang),
                   x0 + bw + aw / 2, top + bh * 0.56)
        else:
            bw = min(x1 - x0, bh * 1.1)
        gh = min(bh, bw * 0.95)   # the ship keeps its shape
        self._ship(p, cx - bw / 2, top + (bh - gh) / 2, bw, gh, SAIL_RGB.get(sh.group or "", (246, 240, 226)),
                   self.mark(f"sail.{sh.group}", lang) if sh.group else "")
        if sh.dock:  # where its discs go when it sails
            p.text(f"\u2192 {self.mark('city.' + self.ed.data.dock_city(sh.dock), lang)} "
                   f"{self.ed.data.dock(sh.dock).numeral}", (x0 + x1) / 2, bottom + dock_h / 2,
                   dock_h * 0.9, INK, None, True, x1 - x0)
        surf.blit(p.done(), (0, 0))
        return surf

    @functools.lru_cache(maxsize=16)  # noqa: B019
    def penalty_star(self, d: int, n: int) -> pygame.Surface:
        """Negative VP: a red star with the (negative) number."""
        d = max(10, int(d))
        p = Pic(d, d)
        self._star(p, d / 2, d / 2, d, (222, 96, 80), (120, 24, 20))
        # the number stays at the smallest legible size: a penalty must never vanish
        p.text(f"\u2212{abs(n)}", d / 2, d / 2 + d * 0.08, max(MIN_TEXT, d * 0.42), (255, 255, 255), (120, 24, 20))
        return p.done()

    @functools.lru_cache(maxsize=32)  # noqa: B019
    def task_icon(self, task: str, size: int, lang: str = "en") -> pygame.Surface:
        """A station master's task (what is counted): ships, stations, objectives, workers
        with stamina, complete worker sets, farmers, cattle of BV 3-5, buildings."""
        s = max(10, int(size))
        p = Pic(s, s)
        if task == "ships":
            self._ship(p, s * 0.06, s * 0.06, s * 0.88, s * 0.86)
            self._disc_glyph(p, s * 0.78, s * 0.74, s * 0.36)
        elif task == "stations":
            self._station(p, s * 0.08, s * 0.06, s * 0.84, s * 0.84)
            self._disc_glyph(p, s * 0.5, s * 0.66, s * 0.34)
        elif task == "objectives":
            self._obj_card(p, s * 0.2, s * 0.04, s * 0.6, s * 0.9)
        elif task == "stamina_workers":
            self._worker(p, s * 0.42, s * 0.54, s * 0.86, "any", lang)
            self._stamina(p, s * 0.78, s * 0.24, s * 0.42)
        elif task == "worker_sets":
            self._workers4(p, 0, 0, s, lang)
        elif task == "farmers":
            self._farmer(p, s / 2, s / 2, s * 0.92)
        elif task == "bv345":
            for k, bv in enumerate((3, 4, 5)):
                self._cattle_chip(p, s * (0.02 + 0.3 * k), s * (0.06 + 0.1 * k), s * 0.4, s * 0.56, None, bv,
                                  lang=lang)
        else:  # buildings
            self._house(p, s * 0.08, s * 0.08, s * 0.84, s * 0.84)
        return p.done()

    @functools.lru_cache(maxsize=32)  # noqa: B019
    def master_tile(self, mid: str, w: int, h: int, lang: str = "en") -> pygame.Surface:
        """A station master: its top half (instant actions, permanent certificates or grain
        when loading a ship), a line, then its task: VP per task ("2 x" when per two)."""
        mm = self.ed.data.master(mid)
        w, h = max(28, int(w)), max(28, int(h))
        col = (224, 214, 236)
        surf = sprites.own_panel(w, h, fill=col, border=paint.shade(col, -0.5), radius=max(3, int(min(w, h) * 0.1)))
        m = max(2, min(w, h) * 0.06)
        half = (h - 2 * m) / 2
        p = Pic(w, h)
        top_c = m + half / 2
        if mm.top:
            p.blit(self.actions_strip(acts_key(mm.top), int(half * 0.9), int(w - 2 * m), lang), w / 2, top_c)
        elif mm.perm_certs:
            ih = half * 0.84
            self._cert(p, w / 2 - ih * 0.62, top_c - ih * 0.46, ih * 0.74, ih * 0.92, mm.perm_certs)
            p.text("\u221e", w / 2 + ih * 0.44, top_c, ih * 0.54, INK, (250, 244, 226))
        else:  # grain counted when loading a ship
            ih = half * 0.84
            self._ship(p, w / 2 - ih * 1.0, top_c - ih * 0.46, ih * 0.9, ih * 0.86)
            self._grain(p, w / 2 + ih * 0.26, top_c, ih * 0.7)
            p.text(f"+{mm.loading_grain}", w / 2 + ih * 0.74, top_c, ih * 0.46, GAIN_GREEN, (250, 244, 226))
        p.line(paint.shade(col, -0.4), (m, m + half), (w - m, m + half), max(1, h * 0.02))
        by = m + half * 1.5
        per = mm.task_per != 1
        units = 0.86 + 0.32 + (0.4 if per else 0) + 1.0   # star, "/", "2", the task
        ih = min(half * 0.86, (w - 2 * m) / units)
        tx = (w - units * ih) / 2
        p.blit(self.vp_star(int(ih * 0.86), mm.task_vp), tx + ih * 0.43, by)
        p.text("/", tx + ih * 1.02, by, ih * 0.6, INK)
        tx += ih * 1.18
        if per:  # per two of them
            self._num(p, mm.task_per, tx + ih * 0.2, by, ih * 0.52)
            tx += ih * 0.4
        p.blit(self.task_icon(mm.task, int(ih), lang), tx + ih / 2, by)
        surf.blit(p.done(), (0, 0))
        return surf

    def _obj_req(self, p: Pic, x, y, s, req, lang):
        """One task of an objective card in an s x s box."""
        kind, val = req
        if kind == "breed":
            self._cattle_chip(p, x + s * 0.14, y + s * 0.04, s * 0.72, s * 0.92, val, lang=lang)
        elif kind == "farmer":
            p.blit(self.farmer_glyph(val, int(s * 0.9), lang), x + s / 2, y + s / 2)
        elif kind == "quarter":
            self._quarter(p, x + s * 0.06, y + s * 0.06, s * 0.88, val, lang)
        elif kind == "station":
            self._station(p, x + s * 0.06, y + s * 0.04, s * 0.88, s * 0.88)
            self._num(p, val, x + s * 0.5, y + s * 0.66, s * 0.4)
        elif kind == "building":
            self._house(p, x + s * 0.06, y + s * 0.04, s * 0.88, s * 0.9)
            self._num(p, val, x + s * 0.5, y + s * 0.66, s * 0.4)
        elif kind == "bv3":
            self._cattle_chip(p, x + s * 0.14, y + s * 0.04, s * 0.72, s * 0.92, None, 3, lang=lang)
            if int(val) != 1:
                self._num(p, f"{val}\u00d7", x + s * 0.2, y + s * 0.8, s * 0.36)
        elif kind == "ship18":
            self._ship(p, x + s * 0.04, y + s * 0.04, s * 0.92, s * 0.9)
            p.text("18", x + s * 0.5, y + s * 0.34, s * 0.34, INK, (250, 244, 226))
            if int(val) != 1:
                self._num(p, f"{val}\u00d7", x + s * 0.2, y + s * 0.8, s * 0.36)
        else:
            self._req_icon(p, x, y, s, req, lang)

    @functools.lru_cache(maxsize=32)  # noqa: B019
    def farmer_glyph(self, colour: str, size: int, lang: str = "en") -> pygame.Surface:
        """A farmer of a zone colour (an objective's task): the hatted token with the letter."""
        s = max(10, int(size))
        col = FARMER_RGB.get(colour, (196, 170, 120))
        p = Pic(s, s)
        self._farmer(p, s / 2, s / 2, s, col)
        fg, edge = self._edge_for(col)
        p.text(self.mark(f"farmer.{colour}", lang), s * 0.8, s * 0.78, s * 0.4, fg, edge)
        return p.done()

    @functools.lru_cache(maxsize=64)  # noqa: B019
    def objective_card(self, oid: str, w: int, h: int, lang: str = "en") -> pygame.Surface:
        """An objective card: the target and its instant action (done when taken), its tasks
        as icons, the VP when met and the penalty (red) when not."""
        o = self.ed.data.objective_card(oid)
        w, h = max(28, int(w)), max(36, int(h))
        col = self.conf()["tiles"]["objective"]
        surf = sprites.own_panel(w, h, fill=col, border=paint.shade(col, -0.5), radius=max(3, int(min(w, h) * 0.09)))
        m = max(2, min(w, h) * 0.06)
        p = Pic(w, h)
        head = h * 0.26
        self._target(p, m + head * 0.42, m + head * 0.45, head * 0.36)
        if o.instant:
            left = m + head * 0.9
            p.blit(self.actions_strip(acts_key(o.instant), int(head * 0.9), int(w - m - left), lang),
                   (left + w - m) / 2, m + head * 0.45)
        p.line(paint.shade(col, -0.4), (m, m + head), (w - m, m + head), max(1, h * 0.015))
        foot = h * 0.26
        n = max(1, len(o.requires))
        mid_h = h - 2 * m - head - foot
        cell = min((w - 2 * m) / n, mid_h * 0.96)
        x0 = (w - cell * n) / 2
        for i, req in enumerate(o.requires):
            self._obj_req(p, x0 + cell * i, m + head + (mid_h - cell) / 2, cell, req, lang)
        fy = h - m - foot / 2
        p.blit(self.vp_star(int(foot * 1.05), o.vp), w * 0.3, fy)
        if o.penalty:
            p.blit(self.penalty_star(int(foot * 0.9), -o.penalty), w * 0.72, fy)
        surf.blit(p.done(), (0, 0))
        return surf

    @functools.lru_cache(maxsize=32)  # noqa: B019  (the family's clear() empties it)
    def objective_tile(self, oid: str, size: int, lang: str = "en") -> pygame.Surface:
        """The family's objective slot (a location's "take an objective" choice) holds an
        objective card here: drawn square, its tasks, VP and penalty as on the card."""
        return self.objective_card(oid, size, size, lang)

    @functools.lru_cache(maxsize=16)  # noqa: B019
    def exhaustion_card(self, w: int, h: int, lang: str = "en") -> pygame.Surface:
        """The exhaustion card: grey, "Zz", a tired cow and its negative VP."""
        w, h = max(20, int(w)), max(28, int(h))
        vp = self.ed.data.cards["exhaustion"].vp if "exhaustion" in self.ed.data.cards else -2
        surf = sprites.panel(w, h, fill=EXHAUSTION, border=paint.shade(EXHAUSTION, -0.5),
                             radius=max(3, int(min(w, h) * 0.09))).copy()
        m = max(2, int(w * 0.06))
        cw = w * 0.72
        big = paint.surface(cw * 2, cw * 1.4)
        self._cow(big, cw * 0.1, cw * 0.3, cw * 1.8, (206, 200, 192), (60, 54, 50))
        cow = paint.down(big, cw, cw * 0.7)
        surf.blit(cow, cow.get_rect(center=(w / 2, h * 0.5)))
        p = Pic(w, h)
        p.text("Zz", w * 0.76, h * 0.3, min(w, h) * 0.24, (255, 255, 255), INK)
        p.blit(self.penalty_star(int(min(w * 0.4, h * 0.26)), vp), w - m - w * 0.2, h - m - h * 0.13)
        surf.blit(p.done(), (0, 0))
        name_px = int(min(h * 0.085, w * 0.13))
        if name_px >= 9:
            nm = theme.fit_text(self.mark("exhaustion", lang), w - 2 * m, name_px, (255, 255, 255), True, min_px=8)
            surf.blit(nm, nm.get_rect(midtop=(w / 2, m + 1)))
        return surf

    # ------------------------------------------------------------------ the family's pieces, Argentina's marks
    @functools.lru_cache(maxsize=256)  # noqa: B019
    def building_tile(self, face: str, w: int, h: int | None = None, owner: tuple | None = None,
                      lang: str = "en") -> pygame.Surface:
        """The family's tile, with the fee hand (green or black) where the tile has one."""
        surf = super().building_tile(face, w, h, owner, lang)
        hand = self.ed.data.building_hands.get(face)
        if not hand:
            return surf
        surf = surf.copy()
        w_, h_ = surf.get_size()
        d = max(10, int(min(w_, h_) * 0.22))
        img = self.hand_mark(hand, d, lang)
        m = max(2, int(min(w_, h_) * 0.05))
        surf.blit(img, img.get_rect(bottomright=(w_ - m + 1, h_ - m + 1)))
        return surf

    @functools.lru_cache(maxsize=256)  # noqa: B019
    def cattle_card(self, breed: str, w: int, h: int, lang: str = "en") -> pygame.Surface:
        """The family's card, with the card's stamina under the band (bottom left when small)."""
        surf = super().cattle_card(breed, w, h, lang).copy()
        card = self.ed.data.cards.get(breed)
        if card is None:
            return surf
        w_, h_ = surf.get_size()
        d = max(10, int(min(w_ * 0.34, h_ * 0.24)))
        img = self.stamina_mark(card.stamina, d)
        m = max(2, int(w_ * 0.06))
        surf.blit(img, (m, int(m + max(8, h_ * 0.26) + 1)))
        return surf

    def clear(self) -> None:
        """The family's pieces, the family's layer of the two pieces redrawn here, and ours."""
        super().clear()
        for fn in (Art.building_tile, Art.cattle_card, Art._order_badge, marks):
            fn.cache_clear()

    @functools.lru_cache(maxsize=64)  # noqa: B019
    def _order_badge(self, d: int, n: int) -> pygame.Surface:
        """An ordered action's number; Buenos Aires' first action (the special delivery) may
        be skipped (buildings.yaml `optional`): its number is hollow."""
        if n != 1:
            return super()._order_badge(d, n)
        p = Pic(d, d)
        p.circle(INK, (d / 2, d / 2), d / 2)
        p.circle((250, 244, 226), (d / 2, d / 2), d / 2 * 0.8)
        p.text(str(n), d / 2, d / 2, d * 0.62, INK)
        return p.done()
