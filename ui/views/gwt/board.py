"""The playmat of a Great Western Trail edition, drawn from its board.yaml into any rect.

    painter = BoardPainter(ed)                 # ed: a TableEdition
    rects = painter.draw(surface, rect, dyn)   # {"trail.<node>": Rect, and the edition's own}

The playmat keeps its 100 x 72 proportions, centred in `rect`. Layers: the static
playmat (cloth, the trail with its forks and clockwise arrows, the empty building spaces
with their costs, the city, and the edition's own places, drawn by its subclass), cached
per size; the same with the pieces on it (tiles on spaces with their owners, the
edition's own pieces: PIECE_KEYS of `dyn`), cached until they change; and, every frame,
the glows of highlighted nodes and of the edition's places, the herders and the step
counts.

`dyn` (every key optional; the future table builds it from the engine's view):
    seats      [(rgb, letter, shape), ...] by seat (default: theme.player_colour)
    tiles      {node: face} or {node: (face, owner seat)}; face = a neutral letter (B-G) or
               a common face id (1a ... 6b). Without this key the neutral tiles lie on
               their first-game spaces (board.yaml `letter`).
    herders    {seat: node id, or the element id of an edition's own place}
    reachable  {node: steps}: destinations that glow, with their step count
    selected   a node that gets a stronger outline
    glow       any element ids that glow (e.g. the empty spaces one may build on)
    lang       "en" or "ru"
"""
from __future__ import annotations

import math
import random

import pygame

from ui import paint, sprites, theme

SS_PX = 8_000_000  # supersample the trail layer 2x only while it stays under this many px


class BoardGeometry:
    """Where everything lies for one board rect: playmat units -> screen px."""

    def __init__(self, rect: pygame.Rect, ed, extras=None):
        """`extras(geometry)`: the edition's own boxes ({element id: Rect} in board px)."""
        self.place, self.conf, self.data = ed.placement, ed.layout, ed.data
        W, H = self.place.size
        self.u = max(0.5, min(rect.w / W, rect.h / H))
        self.size = (max(1, int(W * self.u)), max(1, int(H * self.u)))
        self.origin = (rect.x + (rect.w - self.size[0]) // 2, rect.y + (rect.h - self.size[1]) // 2)
        b = self.conf["board"]
        self.local: dict[str, pygame.Rect] = {}
        self.pos: dict[str, tuple[float, float]] = {}  # where each node is drawn (nudged)
        for nid, n in self.data.nodes.items():
            dx, dy = self.conf["nudge"].get(nid, (0.0, 0.0))
            x, y = ed.node_pos(nid)
            self.pos[nid] = (x + dx, y + dy)
            w, h = b[ed.city] if n.kind == ed.city else (b["space"], b["space"])
            self.local[f"trail.{nid}"] = self._box(self.pos[nid], w, h)
        self.local.update(extras(self) if extras else {})

    def pt(self, p) -> tuple[float, float]:
        """Playmat units -> px inside the board surface."""
        return p[0] * self.u, p[1] * self.u

    def _box(self, centre, w, h) -> pygame.Rect:
        cx, cy = self.pt(centre)
        r = pygame.Rect(0, 0, round(w * self.u), round(h * self.u))
        r.center = (round(cx), round(cy))
        return r

    def screen(self) -> dict[str, pygame.Rect]:
        ox, oy = self.origin
        return {k: r.move(ox, oy) for k, r in self.local.items()}


class BoardPainter:
    PIECE_KEYS: tuple = ()  # keys of `dyn` the edition's pieces are drawn from (the pieces' cache)

    def __init__(self, ed):
        self.ed = ed
        self.art = ed.art
        self._geom = self._geom_key = None
        self._static = self._static_key = None
        self._pieces = self._pieces_key = None

    # ------------------------------------------------------------------ public
    def geometry(self, rect: pygame.Rect) -> BoardGeometry:
        key = tuple(rect)
        if self._geom_key != key:
            self._geom = BoardGeometry(pygame.Rect(rect), self.ed, self.boxes)
            self._geom_key = key
        return self._geom

    def rects(self, rect: pygame.Rect) -> dict[str, pygame.Rect]:
        """The screen rect of every node (trail.<id>) and of the edition's own places (its
        boxes), without drawing."""
        return self.geometry(rect).screen()

    def hit(self, rect: pygame.Rect, pos) -> str | None:
        """The element id (trail.<id>, or an edition's own place) under `pos`, or None."""
        for key, r in self.rects(rect).items():
            if r.collidepoint(pos):
                return key
        return None

    def clear(self) -> None:
        """Forget the cached layers (after a palette or language change)."""
        self._static = self._static_key = self._pieces = self._pieces_key = None

    def draw(self, surface: pygame.Surface, rect, dyn: dict | None = None) -> dict[str, pygame.Rect]:
        rect = pygame.Rect(rect)
        dyn = dyn or {}
        g = self.geometry(rect)
        lang = dyn.get("lang", "en")
        board = self._pieces_layer(g, dyn, lang)  # the playmat with the pieces on it
        surface.blit(board, g.origin)
        self._glows(surface, g, dyn, board)
        # herders stand over the glows (they move every turn; a few cached sprites)
        self._herders(surface, g, dyn.get("herders") or {}, _seats(dyn.get("seats")), g.origin)
        self._badges(surface, g, dyn)
        return g.screen()

    # ------------------------------------------------------------------ static layer
    def _static_layer(self, g: BoardGeometry, lang: str) -> pygame.Surface:
        key = (g.size, lang)
        if self._static_key != key:
            self._static = None  # free the old one before building the new
            self._static = self._paint_static(g, lang)
            self._static_key = key
        return self._static

    def _paint_static(self, g: BoardGeometry, lang: str) -> pygame.Surface:
        c = g.conf
        pm = c["playmat"]
        w, h = g.size
        u = g.u
        out = pygame.Surface((w, h), pygame.SRCALPHA)
        out.fill((0, 0, 0, 0))
        rad = max(4, int(u * 2.2))
        pygame.draw.rect(out, paint.shade(pm["cloth_dark"], -0.3), out.get_rect(), border_radius=rad)
        hem = max(2, int(u * c["board"]["margin"]))
        inner = out.get_rect().inflate(-hem, -hem)
        pygame.draw.rect(out, pm["cloth"], inner, border_radius=max(2, rad - hem // 2))
        self._weave(out, inner, pm)
        _dashed_rect(out, inner.inflate(-hem, -hem), (*paint.shade(pm["cloth"], 0.35), 200),
                     max(1, int(u * 0.18)), max(4, int(u * 1.2)), max(2, rad - hem))
        # the trail, its arrows and the spaces, drawn larger and smoothed
        layer = paint.Canvas(w, h, 2 if w * h * 4 <= SS_PX else 1, pm["trail"])
        self._ornaments(layer.big, g, layer.ss)
        self._trail(layer.big, g, layer.ss)
        out.blit(layer.done(), (0, 0))
        del layer
        for nid in g.data.node_order:
            n = g.data.nodes[nid]
            r = g.local[f"trail.{nid}"]
            if n.kind == self.ed.city:
                self._shadow(out, r)
                out.blit(self.art.building_tile(self.ed.city, r.w, r.h, None, lang), r)
            else:
                out.blit(_space(self.ed, r.w, n.cost, n.letter or "", pm["space"], pm["space_line"], pm["cloth"]), r)
        self._paint_static_extras(out, g, lang)
        return out

    # ------------------------------------------------------------------ an edition's own
    def boxes(self, g: BoardGeometry) -> dict:
        """The edition's own places on the playmat ({element id: Rect} in board px)."""
        return {}

    def _paint_static_extras(self, out, g: BoardGeometry, lang: str) -> None:
        """The edition's own printed places, over the trail's spaces."""

    def _paint_pieces_extras(self, out, g: BoardGeometry, dyn: dict, seats) -> None:
        """The edition's own pieces, over the tiles."""

    @staticmethod
    def _weave(out, inner, pm):
        """A faint cloth weave, so the playmat is not a flat fill."""
        rng = random.Random(11)
        tex = pygame.Surface(inner.size, pygame.SRCALPHA)
        dark, light = (*pm["cloth_dark"], 26), (*paint.shade(pm["cloth"], 0.3), 30)
        step = max(3, inner.w // 260)
        for x in range(0, inner.w, step):
            pygame.draw.line(tex, dark if rng.random() < 0.5 else light, (x, 0), (x, inner.h))
        for y in range(0, inner.h, step):
            pygame.draw.line(tex, dark if rng.random() < 0.5 else light, (0, y), (inner.w, y))
        mask = pygame.Surface(inner.size, pygame.SRCALPHA)
        mask.fill((0, 0, 0, 0))
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=max(2, inner.w // 60))
        tex.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        out.blit(tex, inner)

    def _edges(self, g: BoardGeometry):
        """(from, to, curve points in playmat units) for every trail edge: a gentle bow
        away from the board centre, so the loop reads as a ring."""
        cx, cy = g.place.centre
        for a in g.data.node_order:
            pa = g.pos[a]
            for b in g.data.nodes[a].next:
                pb = g.pos[b]
                mx, my = (pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2
                dx, dy = mx - cx, my - cy
                d = math.hypot(dx, dy) or 1
                bow = math.dist(pa, pb) * 0.12
                ctrl = (mx + dx / d * bow, my + dy / d * bow)
                pts = [((1 - t) ** 2 * pa[0] + 2 * (1 - t) * t * ctrl[0] + t * t * pb[0],
                        (1 - t) ** 2 * pa[1] + 2 * (1 - t) * t * ctrl[1] + t * t * pb[1])
                       for t in (i / 24 for i in range(25))]
                yield a, b, pts

    @staticmethod
    def _ornaments(layer, g: BoardGeometry, ss):
        """Printed on the cloth where the trail leaves room: a compass rose in the lower
        left and a steer's head in the upper left, faint, so the corners are not bare."""
        k = g.u * ss
        ink = (*paint.shade(g.conf["playmat"]["cloth_dark"], -0.2), 150)
        lw = max(1, int(0.25 * k))
        cx, cy, r = 9 * k, 63 * k, 5.2 * k
        pygame.draw.circle(layer, ink, (cx, cy), r * 0.62, lw)
        pygame.draw.circle(layer, ink, (cx, cy), r * 0.16)
        for i in range(8):
            a = math.pi / 4 * i - math.pi / 2
            ro = r if i % 2 == 0 else r * 0.6
            tip = (cx + ro * math.cos(a), cy + ro * math.sin(a))
            side = r * 0.14
            pts = [tip, (cx + side * math.cos(a + math.pi / 2), cy + side * math.sin(a + math.pi / 2)),
                   (cx, cy), (cx + side * math.cos(a - math.pi / 2), cy + side * math.sin(a - math.pi / 2))]
            pygame.draw.polygon(layer, ink, pts, 0 if i % 2 == 0 else lw)
        # the steer: horns sweeping out and up, a long face
        hx, hy, s_ = 9 * k, 9 * k, 4.2 * k
        for sgn in (-1, 1):
            horn = [(hx + sgn * s_ * t, hy - s_ * 0.12 - s_ * 0.55 * t ** 3) for t in (i / 10 for i in range(11))]
            pygame.draw.lines(layer, ink, False, horn, max(1, int(0.45 * k)))
        face = [(hx - s_ * 0.32, hy - s_ * 0.2), (hx + s_ * 0.32, hy - s_ * 0.2), (hx + s_ * 0.2, hy + s_ * 0.5),
                (hx + s_ * 0.1, hy + s_ * 0.9), (hx - s_ * 0.1, hy + s_ * 0.9), (hx - s_ * 0.2, hy + s_ * 0.5)]
        pygame.draw.polygon(layer, ink, face, lw)
        for sgn in (-1, 1):
            pygame.draw.circle(layer, ink, (hx + sgn * s_ * 0.14, hy + s_ * 0.12), max(1, 0.35 * k))

    def _trail(self, layer, g: BoardGeometry, ss):
        pm, b = g.conf["playmat"], g.conf["board"]
        k = g.u * ss
        width = max(2, int(b["trail"] * k))
        edge = max(1, int(width * 0.22))
        edges = list(self._edges(g))
        for _, _, pts in edges:  # the dark edge under every edge first, then the dirt
            sp = [(x * k, y * k) for x, y in pts]
            pygame.draw.lines(layer, pm["trail_edge"], False, sp, width + 2 * edge)
            for p in (sp[0], sp[-1]):
                pygame.draw.circle(layer, pm["trail_edge"], p, (width + 2 * edge) / 2)
        for _, _, pts in edges:
            sp = [(x * k, y * k) for x, y in pts]
            pygame.draw.lines(layer, pm["trail"], False, sp, width)
            for p in (sp[0], sp[-1]):
                pygame.draw.circle(layer, pm["trail"], p, width / 2)
        # clockwise arrows where each edge runs free of the tiles at its ends
        a_len = b["arrow"] * k
        for a, bn, pts in edges:
            ra, rb = g.local[f"trail.{a}"], g.local[f"trail.{bn}"]
            free = [p for p in pts if not ra.inflate(g.u, g.u).collidepoint(p[0] * g.u, p[1] * g.u)
                    and not rb.inflate(g.u, g.u).collidepoint(p[0] * g.u, p[1] * g.u)]
            if len(free) < 2:
                continue
            seg = math.dist(free[0], free[-1]) * g.u
            n_arrows = 2 if seg > 14 * g.u else 1
            for j in range(n_arrows):
                i = int(len(free) * (j + 1) / (n_arrows + 1))
                i = max(1, min(len(free) - 1, i))
                (x0, y0), (x1, y1) = free[i - 1], free[i]
                ang = math.atan2(y1 - y0, x1 - x0)
                _chevron(layer, (x1 * k, y1 * k), ang, a_len, pm["arrow"], max(1, int(width * 0.28)))

    @staticmethod
    def _shadow(out, r):
        off = max(1, r.w // 30)
        sh = sprites.shadow(r.w, r.h, max(3, min(r.w, r.h) // 10), max(3, r.w // 14))
        out.blit(sh, (r.x + off, r.y + off * 2))

    # ------------------------------------------------------------------ pieces layer
    def _pieces_layer(self, g: BoardGeometry, dyn: dict, lang: str) -> pygame.Surface:
        key = (g.size, lang, _freeze(dyn.get("tiles")), *(_freeze(dyn.get(k)) for k in self.PIECE_KEYS),
               _freeze(dyn.get("seats")))
        if self._pieces_key != key:
            self._pieces = None
            self._pieces = self._paint_pieces(g, dyn, lang)
            self._pieces_key = key
        return self._pieces

    def _paint_pieces(self, g: BoardGeometry, dyn: dict, lang: str) -> pygame.Surface:
        # one surface with the playmat under the pieces: a frame blits it once
        out = self._static_layer(g, lang).copy()
        seats = _seats(dyn.get("seats"))
        tiles = dyn.get("tiles")
        if tiles is None:
            tiles = {nid: n.letter for nid, n in g.data.nodes.items() if n.kind == "neutral"}
        faces = self.art.tile_faces()
        for nid, t in tiles.items():
            face, owner = (t, None) if isinstance(t, str) else (t.get("face"), t.get("owner")) \
                if isinstance(t, dict) else (t[0], t[1] if len(t) > 1 else None)
            r = g.local.get(f"trail.{nid}")
            if r is None or face not in faces:
                continue
            self._shadow(out, r)
            ident = seats[owner % len(seats)] if owner is not None else None
            out.blit(self.art.building_tile(face, r.w, r.h, ident, lang), r)
        self._paint_pieces_extras(out, g, dyn, seats)
        return out

    def _herders(self, out, g: BoardGeometry, herders: dict, seats, origin=(0, 0)):
        hh = max(10, int(g.conf["board"]["herder"] * g.u))
        by_node: dict[str, list[int]] = {}
        for seat, node in sorted(herders.items()):
            if node is not None:
                by_node.setdefault(node, []).append(seat)
        blockers = list(g.local.values())
        for node, group in by_node.items():
            r = g.local.get(f"trail.{node}") or g.local.get(node)
            if r is None:
                continue
            hw = int(hh * 0.7)
            step = hw * 0.9
            row_w = int(step * (len(group) - 1) + hw)
            # below the tile, so they hide little of its actions; where another tile lies
            # there, to its left, right or above instead
            sink = int(hh * 0.72)
            spots = [(r.centerx, r.bottom + sink), (r.left - row_w // 2 - 2, r.bottom),
                     (r.right + row_w // 2 + 2, r.bottom), (r.centerx, r.top + sink - hh)]
            for cx, bottom in spots:
                box = pygame.Rect(0, 0, row_w, hh)
                box.midbottom = (cx, bottom)
                if not any(box.colliderect(o) for o in blockers if o is not r):
                    break
            else:
                cx, bottom = spots[0]
            x0 = cx - step * (len(group) - 1) / 2
            for i, seat in enumerate(group):
                rgb, letter, _shape = seats[seat % len(seats)]
                img = self.art.herder_piece(hh, tuple(rgb), letter)
                out.blit(img, img.get_rect(midbottom=(origin[0] + round(x0 + step * i), origin[1] + bottom)))

    # ------------------------------------------------------------------ every frame
    def _own_glows(self, dyn) -> list:
        """Element ids of the edition's own places that glow (from its keys of `dyn`)."""
        return []

    def _glows(self, surface, g: BoardGeometry, dyn, board):
        """A halo round each highlighted node and edition's place; the thing itself is put back over
        the halo's middle from the board layer, so the glow shows only around it."""
        ox, oy = g.origin
        m = max(4, int(g.u * 1.1))
        targets = [f"trail.{n}" for n in (dyn.get("reachable") or {})]
        targets += self._own_glows(dyn)
        targets += list(dyn.get("glow") or ())
        for key in targets:
            r = g.local.get(key)
            if r is None:
                continue
            glow = sprites.glow(r.w + 2 * m, r.h + 2 * m, max(4, r.w // 6), theme.HIGHLIGHT, m)
            surface.blit(glow, (ox + r.x - m, oy + r.y - m))
            surface.blit(board, (ox + r.x, oy + r.y), r)

    def _badges(self, surface, g: BoardGeometry, dyn):
        ox, oy = g.origin
        d = max(14, int(g.u * 3.0))
        for nid, steps in (dyn.get("reachable") or {}).items():
            r = g.local.get(f"trail.{nid}")
            if r is None:
                continue
            badge = step_badge(self.ed, d, int(steps))
            # beside the tile, so its VP and builders stay visible: right, left, below or
            # above, wherever no other tile lies
            spots = [(r.right + d * 0.3, r.centery), (r.left - d * 0.3, r.centery),
                     (r.centerx, r.bottom + d * 0.3), (r.centerx, r.top - d * 0.3)]
            for cx, cy in spots:
                box = badge.get_rect(center=(round(cx), round(cy)))
                if not any(box.colliderect(o) for o in g.local.values() if o is not r):
                    break
            else:
                cx, cy = r.right - d * 0.3, r.top + d * 0.3
            surface.blit(badge, badge.get_rect(center=(ox + round(cx), oy + round(cy))))
        sel = dyn.get("selected")
        if sel and f"trail.{sel}" in g.local:
            # a dark and a white ring: it stands out from the glows round it
            r = g.local[f"trail.{sel}"].move(ox, oy).inflate(max(4, int(g.u * 0.8)), max(4, int(g.u * 0.8)))
            t = max(2, int(g.u * 0.3))
            pygame.draw.rect(surface, theme.INK, r.inflate(2 * t, 2 * t), t, border_radius=max(3, r.w // 7))
            pygame.draw.rect(surface, theme.WHITE, r, t, border_radius=max(3, r.w // 8))


# ------------------------------------------------------------------ cached pieces of the mat
def _freeze(v):
    if isinstance(v, dict):
        return tuple(sorted((str(k), _freeze(x)) for k, x in v.items()))
    if isinstance(v, (list, tuple)):
        return tuple(_freeze(x) for x in v)
    return v


def _seats(seats):
    if seats:
        return [tuple(s) if not isinstance(s, dict) else (s["rgb"], s["letter"], s.get("shape", "circle"))
                for s in seats]
    return [(c["rgb"], c["letter"], c["shape"]) for c in (theme.player_colour(i) for i in range(4))]


def _chevron(surf, tip, ang, length, colour, width):
    """A filled arrowhead pointing along `ang` with its tip at `tip`."""
    ca, sa = math.cos(ang), math.sin(ang)
    back = (tip[0] - ca * length, tip[1] - sa * length)
    nx, ny = -sa * length * 0.55, ca * length * 0.55
    pts = [tip, (back[0] + nx, back[1] + ny), (back[0] + ca * length * 0.3, back[1] + sa * length * 0.3),
           (back[0] - nx, back[1] - ny)]
    pygame.draw.polygon(surf, colour, pts)


def _dashed_rect(surf, r, colour, width, dash, radius):
    """A stitched hem: dashes along a rect (corners left plain)."""
    x0, y0, x1, y1 = r.left + radius, r.top + radius, r.right - radius, r.bottom - radius
    for a, b in (((x0, r.top), (x1, r.top)), ((x0, r.bottom), (x1, r.bottom)),
                 ((r.left, y0), (r.left, y1)), ((r.right, y0), (r.right, y1))):
        length = math.dist(a, b)
        n = int(length // (dash * 2))
        for i in range(n):
            t0, t1 = i * 2 * dash / length, (i * 2 + 1) * dash / length
            pygame.draw.line(surf, colour, (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                             (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1), width)


_space_cache: dict = {}  # the pieces below, keyed by edition id and size


def _space(ed, s, cost, letter, fill, line, cloth):
    """An empty space: a dashed outline on a lighter square; a building space shows its $
    cost on a coin (a free one a faint house), a neutral space its letter faintly."""
    key = (ed.game, s, cost, letter, fill, line)
    img = _space_cache.get(key)
    if img is not None:
        return img
    if len(_space_cache) > 128:
        _space_cache.clear()
    img = pygame.Surface((s, s), pygame.SRCALPHA)
    img.fill((0, 0, 0, 0))
    r = max(2, s // 9)
    pygame.draw.rect(img, (*fill, 235), img.get_rect(), border_radius=r)
    dash = max(3, s // 9)
    t = max(1, s // 30)
    _dashed_rect(img, img.get_rect().inflate(-t, -t), line, t, dash, r)
    if letter:
        lab = ed.art.label(letter, int(s * 0.5), (*paint.shade(fill, -0.3),), None)
        img.blit(lab, lab.get_rect(center=(s // 2, s // 2)))
    elif cost:
        p = ed.art.Pic(s, s)
        ed.art._coin(p, s / 2, s / 2, s * 0.5, f"${cost}")
        img.blit(p.done(), (0, 0))
    else:
        p = ed.art.Pic(s, s)
        ed.art._house(p, s * 0.32, s * 0.3, s * 0.36, s * 0.38, paint.shade(fill, -0.12))
        img.blit(p.done(), (0, 0))
    _space_cache[key] = img
    return img



_badge_cache: dict = {}


def step_badge(ed, d: int, steps: int) -> pygame.Surface:
    """How many steps a destination costs: the number, bold on a bright disc."""
    key = (ed.game, d, steps)
    img = _badge_cache.get(key)
    if img is None:
        if len(_badge_cache) > 64:
            _badge_cache.clear()
        p = ed.art.Pic(d, d)
        p.circle(theme.INK, (d / 2, d / 2), d / 2)
        p.circle(theme.HIGHLIGHT, (d / 2, d / 2), d / 2 * 0.86)
        p.text(str(steps), d / 2, d / 2, d * 0.62, theme.INK)
        img = _badge_cache[key] = p.done()
    return img
