"""Where everything on the map goes, for one map rectangle: the projection of the real
coordinates, each track as a line (straight or gently arced) cut into train spaces,
parallel tracks side by side, and the places of city names and passengers."""
from __future__ import annotations

import copy
import itertools
import math
from dataclasses import dataclass

import pygame

LABEL_CANDIDATES = (  # anchor of the label's rect, direction from the dot, preference cost
    ("midleft", (1, 0), 0.0), ("midright", (-1, 0), 0.3), ("bottomleft", (0.7, -0.7), 0.5),
    ("bottomright", (-0.7, -0.7), 0.6), ("midbottom", (0, -1), 0.7), ("topleft", (0.7, 0.7), 0.9),
    ("topright", (-0.7, 0.7), 1.0), ("midtop", (0, 1), 1.4),
)
_SERIAL = itertools.count()


@dataclass
class TrackGeom:
    line: list[tuple[float, float]]             # centre line between the first and last space
    spaces: list[tuple[float, float, float]]    # (x, y, angle in degrees) of each space's centre
    space_len: float
    box: pygame.Rect

    @property
    def mid(self) -> tuple[float, float]:
        x, y, _ = self.spaces[len(self.spaces) // 2]
        return x, y

    def polygon(self, k: int, grow_len: float = 0.0, grow_w: float = 0.0, width: float = 8.0):
        """Corners of space k (a rectangle along the track)."""
        x, y, ang = self.spaces[k]
        a = math.radians(ang)
        ux, uy = math.cos(a), -math.sin(a)
        nx, ny = -uy, ux
        hl, hw = self.space_len / 2 + grow_len, width / 2 + grow_w
        return [(x - ux * hl - nx * hw, y - uy * hl - ny * hw), (x + ux * hl - nx * hw, y + uy * hl - ny * hw),
                (x + ux * hl + nx * hw, y + uy * hl + ny * hw), (x - ux * hl + nx * hw, y - uy * hl + ny * hw)]


def seg_dist(p, a, b) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    L2 = dx * dx + dy * dy or 1e-9
    t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / L2))
    return math.hypot(p[0] - (ax + t * dx), p[1] - (ay + t * dy))


def _along(pts, cum, s):
    """Point and direction (degrees, screen y down) at arc length s of a polyline."""
    s = max(0.0, min(cum[-1], s))
    for i in range(1, len(pts)):
        if cum[i] >= s or i == len(pts) - 1:
            seg = cum[i] - cum[i - 1] or 1e-9
            t = (s - cum[i - 1]) / seg
            (x0, y0), (x1, y1) = pts[i - 1], pts[i]
            return (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t), math.degrees(math.atan2(-(y1 - y0), x1 - x0))
    return pts[-1], 0.0


class MapGeometry:
    def __init__(self, data, conf: dict, rect: pygame.Rect, px, label_size, legend_size=(0, 0), view=None):
        """`rect`: the whole map's area on screen (larger than the window's map area when
        zoomed in); `view`: the part of the screen the map is seen through (default: all
        of `rect`); `px`: lengths at 1280x720 to pixels; `label_size(loc_id) -> (w, h)` of
        its name as drawn; the legend of route points goes in the top right corner (over
        the Baltic Sea)."""
        self.data, self.conf, self.rect, self.px = data, conf, pygame.Rect(rect), px
        self.view = pygame.Rect(view if view is not None else rect)
        self.key = object()  # shared by shifted copies: the pictures drawn in map coordinates
        self.serial = next(_SERIAL)  # this placement on screen (a cache key; ids get reused)
        self.s = conf["toolkit"].scaled(px).places
        mc = conf["map"]
        self.k = math.cos(math.radians(mc["reference_lat"]))
        (lat0, lat1), (lon0, lon1) = mc["lat"], mc["lon"]
        w_units, h_units = (lon1 - lon0) * self.k, lat1 - lat0
        self.scale = min(self.rect.w / w_units, self.rect.h / h_units)
        self.ox = self.rect.x + (self.rect.w - w_units * self.scale) / 2 - lon0 * self.k * self.scale
        self.oy = self.rect.y + (self.rect.h - h_units * self.scale) / 2 + lat1 * self.scale
        self.pos = {loc.id: self.project(loc.lat, loc.lon) for loc in data.locations}
        self.plate = {loc.id: self.project(*conf["country_labels"].get(loc.id, (loc.lat, loc.lon)))
                      for loc in data.locations if loc.is_country}
        self.tw = px(mc["track_width"])
        self.tracks = {t.id: self._track(t) for t in data.tracks}
        self.legend = pygame.Rect(0, 0, *legend_size)
        self.legend.topright = (self.rect.right - self.s.legend_margin, self.rect.y + self.s.legend_margin)
        self.labels: dict[str, pygame.Rect] = {}
        self.trays: dict[str, pygame.Rect] = {}
        self.tray_align: dict[str, str] = {}
        self._place_names(label_size)

    def shifted(self, dx: int, dy: int, view: pygame.Rect) -> MapGeometry:
        """The same map moved by (dx, dy) and seen through `view` (panning): every place
        moves, nothing is placed again, so a pan costs no new layout."""
        g = copy.copy(self)
        g.rect, g.view, g.serial = self.rect.move(dx, dy), pygame.Rect(view), next(_SERIAL)
        g.ox, g.oy = self.ox + dx, self.oy + dy
        g.pos = {k: (x + dx, y + dy) for k, (x, y) in self.pos.items()}
        g.plate = {k: (x + dx, y + dy) for k, (x, y) in self.plate.items()}
        g.tracks = {k: TrackGeom([(x + dx, y + dy) for x, y in t.line],
                                 [(x + dx, y + dy, a) for x, y, a in t.spaces], t.space_len, t.box.move(dx, dy))
                    for k, t in self.tracks.items()}
        g.legend = self.legend.move(dx, dy)
        g.labels = {k: r.move(dx, dy) for k, r in self.labels.items()}
        g.trays = {k: r.move(dx, dy) for k, r in self.trays.items()}
        return g

    @staticmethod
    def aspect(conf) -> float:
        """Width / height of the bounds as projected."""
        mc = conf["map"]
        k = math.cos(math.radians(mc["reference_lat"]))
        return (mc["lon"][1] - mc["lon"][0]) * k / (mc["lat"][1] - mc["lat"][0])

    def project(self, lat, lon) -> tuple[float, float]:
        return self.ox + lon * self.k * self.scale, self.oy - lat * self.scale

    def radius(self, loc_id) -> float:
        loc = self.data.location_by_id[loc_id]
        mc = self.conf["map"]
        if loc.is_country:
            return self.s.country_dot
        return self.px(mc["big_city_radius"] if loc.passengers > 1 else mc["city_radius"])

    def end_point(self, t, loc_id):
        """Where track t meets location loc_id: a country's route ends at its own border point."""
        if self.data.location_by_id[loc_id].is_country and t.connection in self.conf["route_ends"]:
            return self.project(*self.conf["route_ends"][t.connection])
        return self.pos[loc_id]

    # ------------------------------------------------------------------ tracks
    def _track(self, t) -> TrackGeom:
        mc = self.conf["map"]
        a, b = self.end_point(t, t.a), self.end_point(t, t.b)
        dx, dy = b[0] - a[0], b[1] - a[1]
        dist = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / dist, dx / dist  # left of a -> b on screen
        bend = self.conf["bends"].get(t.connection, 0.0)
        ctrl = ((a[0] + b[0]) / 2 - nx * bend * dist, (a[1] + b[1]) / 2 - ny * bend * dist)
        group = self.data.tracks_by_connection[t.connection]
        off = (t.index - (len(group) - 1) / 2) * self.px(mc["parallel_gap"])
        steps = 24 if bend else 1
        pts = []
        for i in range(steps + 1):
            u = i / steps
            x = (1 - u) ** 2 * a[0] + 2 * (1 - u) * u * ctrl[0] + u * u * b[0]
            y = (1 - u) ** 2 * a[1] + 2 * (1 - u) * u * ctrl[1] + u * u * b[1]
            tx = 2 * (1 - u) * (ctrl[0] - a[0]) + 2 * u * (b[0] - ctrl[0])
            ty = 2 * (1 - u) * (ctrl[1] - a[1]) + 2 * u * (b[1] - ctrl[1])
            tl = math.hypot(tx, ty) or 1.0
            pts.append((x - ty / tl * off, y + tx / tl * off))
        cum = [0.0]
        for i in range(1, len(pts)):
            cum.append(cum[-1] + math.hypot(pts[i][0] - pts[i - 1][0], pts[i][1] - pts[i - 1][1]))
        gap = self.px(mc["end_gap"])
        ra, rb = self.radius(t.a) + gap, self.radius(t.b) + gap
        usable = max(4.0, cum[-1] - ra - rb)
        sgap = min(self.px(mc["space_gap"]), usable / (4 * t.length))
        each = (usable - sgap * (t.length - 1)) / t.length
        spaces = []
        for k in range(t.length):
            (x, y), ang = _along(pts, cum, ra + k * (each + sgap) + each / 2)
            spaces.append((x, y, ang))
        line = [_along(pts, cum, ra)[0]] + [p for p, c in zip(pts, cum, strict=True) if ra < c < cum[-1] - rb]
        line.append(_along(pts, cum, cum[-1] - rb)[0])
        geom = TrackGeom(line, spaces, each, pygame.Rect(0, 0, 0, 0))
        corners = [p for k in range(t.length) for p in geom.polygon(k, width=self.tw)]
        xs, ys = [p[0] for p in corners], [p[1] for p in corners]
        geom.box = pygame.Rect(int(min(xs)) - 2, int(min(ys)) - 2, int(max(xs) - min(xs)) + 5,
                               int(max(ys) - min(ys)) + 5)
        return geom

    def track_at(self, pos, among=None):
        """The track under `pos` (nearest centre line within reach), or None."""
        if not self.view.collidepoint(pos):  # a route scrolled out of sight cannot be clicked
            return None
        reach = self.tw / 2 + self.s.reach
        best, best_d = None, reach
        for tid in (among if among is not None else self.tracks):
            g = self.tracks[tid]
            if not g.box.inflate(2 * reach, 2 * reach).collidepoint(pos):
                continue
            for p, q in zip(g.line, g.line[1:], strict=False):
                d = seg_dist(pos, p, q)
                if d <= best_d:
                    best, best_d = tid, d
        return best

    # ------------------------------------------------------------------ names and passengers
    def tray_size(self, loc) -> tuple[int, int]:
        """Room for a location's passengers at the start, in one row of overlapping meeples."""
        h = self.px(self.conf["map"]["meeple"])
        return int(h * (0.7 * (loc.passengers - 1) + 1)) + self.s.tray_w, h + self.s.tray_h

    CELL = 24

    def _obstacles(self) -> dict:
        """Sample points of every train space in a grid, for the placement's overlap counts
        (each a 1 x 1 rect: a rect's collidelistall counts them in C)."""
        grid: dict[tuple[int, int], list] = {}
        for t in self.data.tracks:
            g = self.tracks[t.id]
            for k in range(t.length):
                for p in g.polygon(k, width=self.tw) + [g.spaces[k][:2]]:
                    grid.setdefault((int(p[0]) // self.CELL, int(p[1]) // self.CELL), []).append(
                        pygame.Rect(int(p[0]), int(p[1]), 1, 1))
        return grid

    def _covered(self, r: pygame.Rect) -> int:
        c = self.CELL
        n = 0
        for gx in range(r.left // c, r.right // c + 1):
            for gy in range(r.top // c, r.bottom // c + 1):
                pts = self._pts.get((gx, gy))
                if pts:
                    n += len(r.collidelistall(pts))
        return n

    def _place_names(self, label_size) -> None:
        """Each city's name with its passengers underneath, as one block put where it
        covers the fewest train spaces, dots and blocks already placed; a country's
        name plate stands at its own spot, its passengers under it."""
        self._pts = self._obstacles()
        taken: list[pygame.Rect] = [self.legend] if getattr(self, "legend", None) else []
        for loc in self.data.locations:
            if not loc.is_country:
                continue
            r = pygame.Rect(0, 0, *label_size(loc.id))
            r.center = self.plate[loc.id]
            r.clamp_ip(self.rect)
            tray = pygame.Rect(0, 0, *self.tray_size(loc))
            tray.midtop = r.midbottom
            self.labels[loc.id], self.trays[loc.id], self.tray_align[loc.id] = r, tray, "center"
            taken += [r, tray]
        fixed = self.conf["labels"]
        cities = sorted((loc for loc in self.data.locations if not loc.is_country),
                        key=lambda loc: (loc.id not in fixed, -loc.passengers, loc.id))
        blocks: dict[str, tuple[pygame.Rect, str]] = {}

        def spots(loc):
            lw, lh = label_size(loc.id)
            tw, th = self.tray_size(loc)
            bw, bh = max(lw, tw), lh + th
            x, y = self.pos[loc.id]
            if loc.id in fixed:
                dx, dy, anchor = fixed[loc.id]
                r = pygame.Rect(0, 0, bw, bh)
                setattr(r, anchor, (round(x + self.px(dx)), round(y + self.px(dy))))
                if self.rect.contains(r):  # a long name (Russian) past the map's edge is placed anew
                    return [(r, anchor, 0.0)]
            d = self.radius(loc.id) + self.s.label_gap
            out = []
            for far, extra in ((d, 0.0), (d + self.s.label_far, 2.0)):  # next to the dot, or a little off
                for anchor, (ux, uy), pref in LABEL_CANDIDATES:
                    r = pygame.Rect(0, 0, bw, bh)
                    setattr(r, anchor, (round(x + ux * far), round(y + uy * far)))
                    out.append((r, anchor, pref + extra))
            return out

        dot_ids = list(self.pos)
        dots = [pygame.Rect(int(x), int(y), 1, 1) for x, y in self.pos.values()]

        def cost(loc, r, pref, others):
            c = pref + self._covered(r) * 0.6
            c += 8 * sum(1 for i in r.inflate(self.s.crowd, self.s.crowd).collidelistall(dots) if dot_ids[i] != loc.id)
            for i in r.collidelistall(others):
                cl = r.clip(others[i])
                c += 30 + cl.w * cl.h / max(1, r.w * r.h) * 60
            if not self.rect.contains(r):
                c += 50
            return c

        for rounds in range(4):  # greedy first, then each block moves again if it can do better
            for loc in cities:
                if rounds and loc.id in fixed:
                    continue
                others = taken + [b for k, (b, _) in blocks.items() if k != loc.id]
                best = min(spots(loc), key=lambda sp: cost(loc, sp[0], sp[2], others))
                blocks[loc.id] = (best[0], best[1])
        for loc in cities:
            best, best_anchor = blocks[loc.id]
            lw, lh = label_size(loc.id)
            tw, th = self.tray_size(loc)
            align = "left" if best_anchor.endswith("left") else "right" if best_anchor.endswith("right") else "center"
            label = pygame.Rect(0, 0, lw, lh)
            tray = pygame.Rect(0, 0, tw, th)
            for part, top in ((label, best.y), (tray, best.y + lh)):
                part.y = top
                if align == "left":
                    part.x = best.x
                elif align == "right":
                    part.right = best.right
                else:
                    part.centerx = best.centerx
            self.labels[loc.id], self.trays[loc.id], self.tray_align[loc.id] = label, tray, align
