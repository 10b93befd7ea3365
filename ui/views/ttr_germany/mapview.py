"""The map: a cached picture of the land and the empty tracks (per size), a cached
picture of the position (claimed trains, names, passengers; rebuilt only when they
change), and over it each frame only what moves: glows, the chosen ticket's path."""
from __future__ import annotations

import math

import pygame

from ui import sprites, theme
from ui.views.ttr_germany import art

SS = 2  # the land is drawn twice as large and smoothed down
LAND_PX = 6_000_000  # ... unless that is more pixels than this (see _land)


def legend_rows(v):
    """(font size, rows, header width, cell width) of the route points legend."""
    size = max(9, v.s.font.legend.text)
    rows = [(v.tr("ttr.legend.trains"), [str(n) for n in range(1, 8)]),
            (v.tr("ttr.legend.points"), [str(v.data.points_for(n)) for n in range(1, 8)])]
    head_w = max(theme.font(size, True).size(t)[0] for t, _ in rows)
    return size, rows, head_w, v.s.legend.cell


def legend_size(v) -> tuple[int, int]:
    _, _, head_w, cell = legend_rows(v)
    L = v.s.legend
    return head_w + L.head_gap + cell * 7 + L.side, L.top + 2 * L.row


class MapPainter:
    def __init__(self, view):
        self.v = view
        self.base = self.base_key = None
        self.hint = self.hint_key = None
        self.path = self.path_key = None
        self.glows: dict = {}

    @property
    def g(self):
        return self.v.geom

    def px(self, n):
        return self.v.px(n)

    # ------------------------------------------------------------------ the land
    def _land(self) -> pygame.Surface:
        conf, g = self.v.conf, self.g
        cols, geo = conf["colours"], conf["geography"]
        r = g.rect
        # supersampled, but within LAND_PX: at 4K twice the size was 24 Mpx per layer (with
        # the sea layer and its pattern a passing 300+ MB), where pixels are small anyway
        ss = max(1.0, min(float(SS), (LAND_PX / max(1, r.w * r.h)) ** 0.5))
        if r.size != g.view.size:
            ss = 1.0  # zoomed in, lines are smooth enough and a zoom step must be quick
        big = pygame.Surface((int(r.w * ss), int(r.h * ss)))

        def pts(line):
            return [((x - r.x) * ss, (y - r.y) * ss) for x, y in (g.project(*p) for p in line)]

        big.fill(cols["land"])
        pygame.draw.polygon(big, cols["germany"], pts(geo["germany"]))
        border = pts(geo["germany"])
        S = self.v.s.land
        self._dashed(big, border + border[:1], cols["border"], max(2, int(S.border * ss)), S.dash * ss)
        # the sea layer only as large as the seas (a corner of the map), not the whole map
        seas = [pts(poly) for poly in geo["seas"]]
        if seas:
            xs = [x for poly in seas for x, _ in poly]
            ys = [y for poly in seas for _, y in poly]
            box = pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 2,
                              int(max(ys) - min(ys)) + 2).clip(big.get_rect())
            sea = pygame.Surface((max(1, box.w), max(1, box.h)), pygame.SRCALPHA)
            for poly in seas:
                pygame.draw.polygon(sea, (*cols["sea"], 255), [(x - box.x, y - box.y) for x, y in poly])
            sprites.apply_pattern(sea, "waves", tuple(cols["waves"]), int(S.waves * ss))
            big.blit(sea, box)
            del sea
        for poly in geo["seas"]:
            pygame.draw.lines(big, cols["coast"], True, pts(poly), max(2, int(S.coast * ss)))
        for poly in geo["islands"]:
            pygame.draw.polygon(big, cols["land"], pts(poly))
            pygame.draw.lines(big, cols["coast"], True, pts(poly), max(2, int(S.coast * ss)))
        for line in geo["rivers"]:
            pygame.draw.lines(big, cols["river"], False, pts(line), max(2, int(S.river * ss)))
        for poly in geo["lakes"]:
            pygame.draw.polygon(big, cols["sea"], pts(poly))
            pygame.draw.lines(big, cols["coast"], True, pts(poly), max(2, int(S.coast * ss)))
        return big if big.get_size() == r.size else pygame.transform.smoothscale(big, r.size)

    @staticmethod
    def _dashed(surf, points, colour, width, dash):
        carry = 0.0
        on = True
        for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
            seg = math.hypot(x1 - x0, y1 - y0)
            pos = 0.0
            while pos < seg:
                step = min(dash - carry, seg - pos)
                if on:
                    a, b = pos / seg, (pos + step) / seg
                    pygame.draw.line(surf, colour, (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a),
                                     (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b), width)
                pos += step
                carry += step
                if carry >= dash - 1e-6:
                    carry, on = 0.0, not on

    def _spaces(self, surf, t, rgb, pattern, claimed=False, shift=(0, 0), shadow=True, marker=None):
        """The spaces (or cars) of track t, each turned along the track."""
        g = self.g.tracks[t.id]
        S = self.v.s.spaces
        grow = S.claimed_grow if claimed else 0
        L, W = round(g.space_len) + grow, self.g.tw + grow
        for x, y, ang in g.spaces:
            q = int(round(ang)) % 360
            cx, cy = x + shift[0], y + shift[1]
            if shadow:
                sh = _shadow(L, W, q)
                surf.blit(sh, sh.get_rect(center=(cx + S.shadow_dx, cy + S.shadow_dy)))
            img = art.space_rotated(L, W, rgb, pattern, q, claimed)
            surf.blit(img, img.get_rect(center=(cx, cy)))
            if marker is not None:
                surf.blit(marker, marker.get_rect(center=(cx, cy)))

    def base_layer(self) -> pygame.Surface:
        """The land, the empty tracks and the city dots (per map size)."""
        g = self.g
        key = (g.rect.size, g.key)  # drawn in map coordinates: a pan keeps it
        if self.base_key == key:
            return self.base
        data = self.v.data
        s = self._land()
        shift = (-g.rect.x, -g.rect.y)
        size = max(7, self.v.s.font.spaces.letter)
        plate = self.v.conf["colours"]["plate"]
        for t in data.tracks:
            col = self.v.conf["cards"][t.colour]
            self._spaces(s, t, col.rgb, col.pattern, shift=shift)
            if t.colour != "gray":  # the colour's letter on the middle space: never colour alone
                x, y = g.tracks[t.id].mid
                txt = theme.text(col.letter, size, theme.ink_on(col.rgb), True)
                s.blit(txt, txt.get_rect(center=(x + shift[0], y + shift[1] + 1)))
        for loc in data.locations:
            if loc.is_country:
                for t in data.tracks:
                    if loc.id in (t.a, t.b):
                        x, y = g.end_point(t, loc.id)
                        pygame.draw.circle(s, plate, (x + shift[0], y + shift[1]), self.v.s.spaces.plate_dot)
                continue
            x, y = g.pos[loc.id]
            dot = art.city_dot(int(g.radius(loc.id)), loc.passengers > 1)
            s.blit(dot, dot.get_rect(center=(x + shift[0], y + shift[1])))
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            s = s.convert()
        self.base, self.base_key = s, key
        return s

    # ------------------------------------------------------------------ names
    def paint_labels(self, s, at) -> None:
        """The names and the legend onto `s`, whose map rect starts at `at`. Drawn straight
        onto the board (when the position changes) rather than kept as a map-sized layer,
        which held 23 MB at 4K for a few dozen small blits."""
        g, v = self.g, self.v
        shift = (at[0] - g.rect.x, at[1] - g.rect.y)
        for loc in v.data.locations:
            r = g.labels[loc.id].move(*shift)
            if loc.is_country:
                box = r
                pygame.draw.rect(s, v.conf["colours"]["plate"], box, border_radius=v.s.spaces.plate_radius)
                pygame.draw.rect(s, theme.INK, box, 1, border_radius=v.s.spaces.plate_radius)
                img = v.label_img(loc.id)
                s.blit(img, img.get_rect(center=box.center))
            else:
                s.blit(v.label_img(loc.id), r)
        self._legend(s, shift)

    def _legend(self, s, shift):
        """Route points by length, in a corner over the sea."""
        v = self.v
        size, rows, head_w, cell = legend_rows(v)
        L = v.s.legend
        box = self.g.legend.move(*shift)
        s.blit(sprites.panel(box.w, box.h), box)
        for i, (title, cells) in enumerate(rows):
            y = box.y + L.first_dy + i * L.row
            img = theme.text(title, size, theme.INK_SOFT, True)
            s.blit(img, img.get_rect(midleft=(box.x + L.text_dx, y)))
            for k, c in enumerate(cells):
                img = theme.text(c, size, theme.INK, i == 1)
                s.blit(img, img.get_rect(center=(box.x + head_w + L.head_gap + k * cell + cell // 2, y)))

    # ------------------------------------------------------------------ the position
    def state_key(self, view) -> tuple:
        v = self.v
        rgbs = tuple(v.seat_rgb(i) for i in range(view["n"]))
        pkey = tuple(sorted((k, tuple(c)) for k, c in view["passengers"].items()))
        return (self.g.serial, tuple(sorted(view["owner"].items())), pkey, view["one_track_per_connection"], rgbs,
                v.tr.lang)

    def paint_state(self, s, view, origin) -> None:
        """The map of this position onto `s`, whose top left is `origin` on screen: the land
        and empty tracks, closed tracks faded, claimed trains, names, passengers."""
        v, g = self.v, self.g
        owner = view["owner"]
        at = (g.rect.x - origin[0], g.rect.y - origin[1])
        clip = s.get_clip()
        s.set_clip(g.view.move(-origin[0], -origin[1]))  # zoomed in, the map overflows its window
        s.blit(self.base_layer(), at)
        shift = (-origin[0], -origin[1])
        data = v.data
        if view["one_track_per_connection"]:
            used = {data.track_by_id[t].connection for t in owner}
            fade = pygame.Surface(g.view.size, pygame.SRCALPHA)  # only the part in sight
            for t in data.tracks:
                if t.id not in owner and t.connection in used and g.tracks[t.id].box.colliderect(g.view):
                    for k in range(t.length):
                        poly = g.tracks[t.id].polygon(k, 1, 1, width=g.tw)
                        pygame.draw.polygon(fade, (*self.v.conf["colours"]["germany"], 205),
                                            [(x - g.view.x, y - g.view.y) for x, y in poly])
            s.blit(fade, (g.view.x - origin[0], g.view.y - origin[1]))
        msize = max(6, g.tw - v.s.spaces.marker_shrink)
        for tid, seat in owner.items():
            t = data.track_by_id[tid]
            pc = v.seat_identity(seat)
            marker = sprites.shape_marker(msize, pc["shape"], v.conf["colours"]["marker"])
            self._spaces(s, t, pc["rgb"], "none", claimed=True, shift=shift, marker=marker)
        self.paint_labels(s, at)
        for loc_id, colours in view["passengers"].items():
            self._tray(s, loc_id, colours, shift)
        s.set_clip(clip)

    def _tray(self, s, loc_id, colours, shift):
        if not colours:
            return
        g = self.g
        r = g.trays[loc_id].move(*shift)
        L, C = self.v.s.tray, self.v.conf["colours"]
        h = r.h - L.shrink
        step = h * 0.7
        box = pygame.Rect(0, r.y, int(step * (len(colours) - 1) + h) + L.room, r.h)
        align = g.tray_align[loc_id]
        if align == "left":
            box.x = r.x
        elif align == "right":
            box.right = r.right
        else:
            box.centerx = r.centerx
        pill = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(pill, C["tray"], pill.get_rect(), border_radius=box.h // 2)
        pygame.draw.rect(pill, C["tray_edge"], pill.get_rect(), 1, border_radius=box.h // 2)
        s.blit(pill, box)
        letters = h >= 15
        for i, c in enumerate(self.v.sorted_passengers(colours)):
            pc = self.v.passenger_colour(c)
            img = sprites.meeple(h, pc.rgb, pc.letter if letters else None)
            s.blit(img, (box.x + L.dx + i * step, box.y + L.dy))

    # ------------------------------------------------------------------ what moves
    def _stroke(self, surf, tids, rgba, width, shift):
        for tid in tids:
            line = [(x + shift[0], y + shift[1]) for x, y in self.g.tracks[tid].line]
            if len(line) >= 2:
                pygame.draw.lines(surf, rgba, False, line, width)
                for p in (line[0], line[-1]):
                    pygame.draw.circle(surf, rgba, p, width // 2)

    def hint_layer(self, tids: frozenset) -> pygame.Surface:
        """A soft glow along every claimable track, over the map's window (cached per set
        of tracks and view)."""
        g = self.g
        key = (tids, g.serial)
        if self.hint_key != key:
            s = pygame.Surface(g.view.size, pygame.SRCALPHA)
            L = self.v.s.glow
            self._stroke(s, tids, (*theme.HIGHLIGHT, 255), g.tw + L.hint, (-g.view.x, -g.view.y))
            s = pygame.transform.gaussian_blur(s, max(1, L.blur))
            self.hint, self.hint_key = s, key
        return self.hint

    def glow(self, tid: str, strength=255) -> tuple[pygame.Surface, tuple[int, int]]:
        """A bright outline around one track (cached per track)."""
        key = (tid, self.g.serial)
        if key not in self.glows:
            if len(self.glows) > 64:
                self.glows.clear()
            L = self.v.s.glow
            box = self.g.tracks[tid].box.inflate(L.room, L.room)
            s = pygame.Surface(box.size, pygame.SRCALPHA)
            self._stroke(s, [tid], (*theme.HIGHLIGHT, 255), self.g.tw + L.route, (-box.x, -box.y))
            s = pygame.transform.gaussian_blur(s, max(1, L.blur))
            self._stroke(s, [tid], (*self.v.conf["colours"]["glow_core"], 255), max(2, L.core), (-box.x, -box.y))
            self.glows[key] = (s, box.topleft)
        return self.glows[key]

    def path_layer(self, tids: tuple, ends: tuple, done: bool) -> tuple[pygame.Surface, tuple[int, int]]:
        """A ticket's path over a slightly darkened map: green when done, gold where it
        still has to be built; rings on its two ends."""
        g = self.g
        key = (tids, ends, done, g.serial)
        if self.path_key != key:
            L, C = self.v.s.path, self.v.conf["colours"]
            rgb = C["path_done"] if done else C["path"]
            s = pygame.Surface(g.view.size, pygame.SRCALPHA)  # the map's window, not the whole zoomed map
            s.fill(C["path_shade"])
            shift = (-g.view.x, -g.view.y)
            w = self.px(self.v.conf["map"]["path_width"])
            glow = pygame.Surface(g.view.size, pygame.SRCALPHA)
            self._stroke(glow, tids, (*rgb, 150), g.tw + L.glow, shift)
            s.blit(pygame.transform.gaussian_blur(glow, max(1, L.blur)), (0, 0))
            self._stroke(s, tids, C["path_edge"], w + L.edge, shift)
            self._stroke(s, tids, (*rgb, 255), w, shift)
            for e in ends:
                loc = self.v.data.location_by_id[e]
                x, y = g.labels[e].center if loc.is_country else g.pos[e]
                c = (x + shift[0], y + shift[1])
                rr = (g.labels[e].w // 2 + L.plate_ring) if loc.is_country else g.radius(e) + L.city_ring
                pygame.draw.circle(s, C["path_edge"], c, rr + L.ring_edge, L.ring_edge_width)
                pygame.draw.circle(s, (*rgb, 255), c, rr, L.ring_width)

            self.path, self.path_key = (s, g.view.topleft), key
        return self.path


_SHADOWS: dict = {}


def _shadow(L, W, angle):
    key = (L, W, angle)
    s = _SHADOWS.get(key)
    if s is None:
        if len(_SHADOWS) > 4096:
            _SHADOWS.clear()
        s = art.space_rotated(L, W, (40, 28, 16), "none", angle).copy()
        s.fill((255, 255, 255, 90), special_flags=pygame.BLEND_RGBA_MULT)
        _SHADOWS[key] = s
    return s
