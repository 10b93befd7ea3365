"""Argentina's playmat: the family's painter (ui/views/gwt/board.py) with Argentina's own
places (playmat.yaml, read by places.py): the trail's own kinds of node (farmer spaces by
zone, loading ramps, the rider space; junctions are plain bends, no space), the grain icon
and the attached extra action beside building spaces, the railroad along the top (track,
bypasses, station plates, station-master spaces, the depot), the harbour (the open ships
and the stack) and the three city boards (docks, quarters, bonus spaces).

Its keys of `dyn` (besides the family's; the pieces layer is redrawn when they change):
    farmers     {node: token}: farmer tokens on farmer spaces (token: the view's dict)
    farm_pesos  {node: pesos lying on its peso space}
    locos       {seat: railroad position}
    stations    {station id: [seat, ...]}     discs on stations
    masters     {station id: master tile or None}; master_workers {station id: token}
    ships       [ship id, ...] open, in the loading area's order; ship_stack: face-down count;
                sailed: [ship id, ...] that sailed
    ship_discs  {ship id: [seat, ...]}
    docks       {dock id: [seat, ...]}; bonus {bonus space id: seat}; covered [bonus ids]
    city_sides  {city id: "a" | "b"}
    own_glow    element ids of Argentina's places that glow (legal places to pick)
"""
from __future__ import annotations

import functools

import pygame

from games.core.i18n import Translator
from ui import paint, sprites, theme
from ui.views.gwt.board import BoardGeometry, BoardPainter, _dashed_rect
from ui.views.gwt_argentina.places import places

INK = theme.INK
CREAM = (250, 244, 226)


@functools.lru_cache(maxsize=2)
def _tr(lang: str) -> Translator:
    return Translator(lang)


def bonus_layout(city, r: pygame.Rect, pl, u: float) -> dict:
    """Where a city board's parts lie inside `r` (px): {"dock.<id>": Rect, "bonus.<id>":
    Rect, "grain.<quarter>": Rect, "name": Rect}; the same for the board and its preview."""
    out = {}
    pad = max(1, int(u * 0.35))
    dw = int(pl.docks_w * u)
    name_h = int(pl.city_name * u)
    out["name"] = pygame.Rect(r.x + pad, r.y + pad // 2, r.w - 2 * pad, name_h)
    top = r.y + pad // 2 + name_h
    docks = pygame.Rect(r.x + pad, top, dw, r.bottom - pad - top)
    n = max(1, len(city.docks))
    dh = (docks.h - pad * (n - 1)) / n
    for i, d in enumerate(city.docks):
        out[f"dock.{d.id}"] = pygame.Rect(docks.x, int(docks.y + i * (dh + pad)), docks.w, int(dh))
    x0 = docks.right + pad
    rows = len(city.quarters)
    rh = (r.bottom - pad - top - pad * (rows - 1)) / max(1, rows)
    gw = int(pl.grain_w * u)
    for qi, q in enumerate(city.quarters):
        y = int(top + qi * (rh + pad))
        out[f"grain.{q.id}"] = pygame.Rect(x0, y, gw, int(rh))
        left = r.right - pad - (x0 + gw + pad)
        bw = min(pl.bonus[0] * u, (left - pad * 3) / 4)
        for bi, b in enumerate(q.spaces):
            out[f"bonus.{b.id}"] = pygame.Rect(int(x0 + gw + pad + bi * (bw + pad)), y, int(bw), int(rh))
    return out


class ArgentinaBoardPainter(BoardPainter):
    PIECE_KEYS = ("farmers", "farm_pesos", "locos", "stations", "masters", "master_workers", "ships",
                  "ship_discs", "ship_stack", "sailed", "docks", "bonus", "covered", "city_sides")

    def __init__(self, ed):
        super().__init__(ed)
        self.pl = places()
        self.col = self.pl.colours

    # ------------------------------------------------------------------ places
    def boxes(self, g: BoardGeometry) -> dict:
        pl, d = self.pl, self.ed.data
        out = {}
        for nid, n in d.nodes.items():
            if n.kind == "junction":  # a plain bend: no space, nothing to click
                out[f"trail.{nid}"] = g._box(g.pos[nid], 0.01, 0.01)
            elif n.kind == "ramp":
                out[f"trail.{nid}"] = g._box(g.pos[nid], pl.ramp, pl.ramp)
            elif n.kind == "start":
                out[f"trail.{nid}"] = g._box(g.pos[nid], pl.start, pl.start)
            elif n.kind == "city":  # the family sizes the city by its face id's key
                out[f"trail.{nid}"] = g._box(g.pos[nid], *g.conf["board"][self.ed.city])
        for pos, (c, sz) in pl.rail.items():
            out[f"rail.{pos}"] = g._box(c, *sz)
        for sid, (c, sz) in pl.stations.items():
            out[f"station.{sid}"] = g._box(c, *sz)
        for sid, (c, sz) in pl.masters.items():
            out[f"master.{sid}"] = g._box(c, *sz)
        for i, (x, y, w, h) in enumerate(pl.ship_slots):
            out[f"shipslot.{i}"] = g._box((x + w / 2, y + h / 2), w, h)
        for i, (x, y, w, h) in enumerate(pl.city_boxes):
            cid = d.city_order[i]
            r = g._box((x + w / 2, y + h / 2), w, h)
            out[f"city.{cid}"] = r
            for side in ("a", "b"):
                for k, rr in bonus_layout(d.city_board(cid, side), r, pl, g.u).items():
                    if k.startswith(("dock.", "bonus.")):
                        out[k] = rr
        return out

    def ship_rects(self, rects: dict, ships) -> dict:
        """{"ship.<id>": Rect} of the open ships and "ship.stack" (screen rects from
        `rects`, the painter's), in the loading area's slots."""
        out = {}
        n = len(self.pl.ship_slots)
        for i, sid in enumerate(list(ships)[:n - 1]):
            out[f"ship.{sid}"] = rects[f"shipslot.{i}"]
        out["ship.stack"] = rects[f"shipslot.{min(len(ships), n - 1)}"]
        if len(ships) + 1 < n:  # the ships that sailed, face down beside the stack
            out["ship.sailed"] = rects[f"shipslot.{len(ships) + 1}"]
        return out

    def _own_glows(self, dyn) -> list:
        return list(dyn.get("own_glow") or ())

    # ------------------------------------------------------------------ static
    def _edges(self, g: BoardGeometry):
        """The trail's edges, but not a ramp's ride to Buenos Aires: that goes by train (the
        ramp's sign names its railroad space), and six long lines across the pampas would
        read as trails."""
        city = g.data.city
        for a, b, pts in super()._edges(g):
            if b == city and g.data.nodes[a].kind == "ramp":
                continue
            yield a, b, pts

    def _ornaments(self, layer, g: BoardGeometry, ss):
        """The family's cloth ornaments, only below the railroad band (the steer's head
        would lie under the track)."""
        top = int(self.pl.band * g.u * ss) + 1
        layer.set_clip(pygame.Rect(0, top, layer.get_width(), layer.get_height() - top))
        try:
            super()._ornaments(layer, g, ss)
        finally:
            layer.set_clip(None)

    def _paint_static_extras(self, out, g: BoardGeometry, lang: str) -> None:
        d = self.ed.data
        for nid, n in d.nodes.items():
            r = g.local[f"trail.{nid}"]
            if n.kind == "farmer":
                zone, num = d.farmer_zone_of(nid)
                out.blit(farmer_space(self, r.w, zone, num, d.farmer_pesos.get(nid, 0), lang), r)
            elif n.kind == "ramp":
                out.blit(ramp_sign(self, r.w, d.ramps[nid]), r)
            elif n.kind == "start":
                out.blit(start_space(self, r.w), r)
            elif n.kind == "city":
                self._shadow(out, r)
                out.blit(self.art.building_tile(self.ed.city, r.w, r.h, None, lang), r)
        self._rail_static(out, g, lang)
        self._harbour_static(out, g)

    def _rail_static(self, out, g, lang):
        pl, c, u = self.pl, self.col, g.u
        rr = self.ed.data.railroad
        loc = g.local
        bed = max(2, int(u * 1.1))
        a, b = loc["rail.0"], loc[f"rail.{rr.last}"]
        pygame.draw.line(out, c["rail_bed"], a.center, b.center, bed)
        for s in rr.stations:
            if s.bypass:  # the siding: off the track at `at`, back on at at + 1
                p = loc[f"rail.{s.bypass}"].center
                pygame.draw.lines(out, c["rail_bed"], False,
                                  [loc[f"rail.{s.at}"].center, p, loc[f"rail.{s.at + 1}"].center], max(2, bed // 2))
            st = loc[f"station.{s.id}"]
            under = loc[f"rail.{s.bypass}"] if s.bypass else loc[f"rail.{s.at}"]
            pygame.draw.line(out, c["station"], (st.centerx, st.bottom), (under.centerx, under.top), max(1, bed // 3))
        ramps = set(self.ed.data.ramps.values())
        for i in range(rr.start, rr.last + 1):
            r = loc[f"rail.{i}"]
            out.blit(rail_space(self, r.w, r.h, str(i), i in ramps), r)
        for s in rr.stations:
            if s.bypass:
                r = loc[f"rail.{s.bypass}"]
                out.blit(bypass_space(self, r.w, r.h), r)
            r = loc[f"station.{s.id}"]
            self._shadow(out, r)
            out.blit(station_plate(self, r.w, r.h, s.cost, s.vp, s.dark, s.repeat), r)
        for sid in pl.masters:
            r = loc[f"master.{sid}"]
            pygame.draw.rect(out, (*paint.shade(c["master"], -0.15),), r, border_radius=max(2, r.h // 6))
            _dashed_rect(out, r, paint.shade(c["master"], -0.5), max(1, int(u * 0.15)), max(2, int(u * 0.5)), 2)
        r = loc["rail.depot"]
        out.blit(depot_space(self, r.w, r.h, _tr(lang)("gwta.board.depot")), r)

    def _harbour_static(self, out, g):
        c = self.col
        slots = [g.local[f"shipslot.{i}"] for i in range(len(self.pl.ship_slots))]
        water = slots[0].unionall(slots).inflate(int(g.u * 0.8), int(g.u * 0.8))
        pygame.draw.rect(out, paint.shade(c["water"], -0.3), water, border_radius=max(3, int(g.u)))
        pygame.draw.rect(out, c["water"], water.inflate(-2, -2), border_radius=max(3, int(g.u)))
        for r in slots:  # faint berths
            pygame.draw.rect(out, paint.shade(c["water"], 0.15), r, max(1, int(g.u * 0.12)), border_radius=max(2, r.h // 6))

    # ------------------------------------------------------------------ pieces
    def _paint_pieces_extras(self, out, g: BoardGeometry, dyn: dict, seats) -> None:
        lang = dyn.get("lang", "en")
        self._node_marks(out, g, lang)
        self._farmers(out, g, dyn.get("farmers") or {}, dyn.get("farm_pesos") or {}, lang)
        self._masters(out, g, dyn.get("masters") or {}, dyn.get("master_workers") or {}, lang)
        self._station_discs(out, g, dyn.get("stations") or {}, seats)
        self._ships(out, g, dyn, seats, lang)
        self._cities(out, g, dyn, seats, lang)
        self._locos(out, g, dyn.get("locos") or {}, seats)

    def _node_marks(self, out, g, lang):
        """The grain icon (top right) and the attached extra action (below) of building
        spaces, over whatever tile lies there: they stay the space's even when built on."""
        d = self.ed.data
        u = g.u
        gd = max(8, int(u * 1.9))
        for nid in d.grain_spaces:
            r = g.local[f"trail.{nid}"]
            img = grain_badge(self, gd)
            out.blit(img, img.get_rect(center=(r.right - gd * 0.2, r.top + gd * 0.2)))
        for nid, acts in d.extra_actions.items():
            r = g.local[f"trail.{nid}"]
            img = extra_badge(self, max(9, int(u * 2.1)), int(r.w * 1.3), acts, lang)
            out.blit(img, img.get_rect(midtop=(r.centerx, r.bottom - max(1, int(u * 0.5)))))

    def _farmers(self, out, g, farmers, pesos, lang):
        for nid, tok in farmers.items():
            r = g.local.get(f"trail.{nid}")
            if r is None or not tok:
                continue
            img = farmer_token(self, int(r.w * 0.84), tok["type"], int(tok["stamina"]), tok.get("hand"))
            out.blit(img, img.get_rect(center=(r.centerx, r.centery + r.h * 0.06)))
        for nid, n in pesos.items():
            r = g.local.get(f"trail.{nid}")
            if r is None or not n:
                continue
            cd = max(9, int(r.w * 0.5))
            coin = sprites.coin(cd, int(n))
            out.blit(coin, coin.get_rect(center=(r.left + cd * 0.25, r.top + cd * 0.25)))

    def _masters(self, out, g, masters, workers, lang):
        for sid, tile in masters.items():
            r = g.local.get(f"master.{sid}")
            if r is None:
                continue
            if tile:
                self._shadow(out, r)
                out.blit(master_tile(self, r.w, r.h, tile, lang), r)
            elif workers.get(sid):
                img = self.art.worker_piece(workers[sid]["type"], int(r.h * 0.95), lang)
                out.blit(img, img.get_rect(center=r.center))

    def _discs_in(self, out, area: pygame.Rect, owners, seats, d):
        """Discs of `owners` (seats, repeats allowed) in one row inside `area`, overlapping
        when crowded; a seat with several shows one disc and its count."""
        counts: dict[int, int] = {}
        for s in owners:
            counts[s] = counts.get(s, 0) + 1
        if not counts:
            return
        n = len(counts)
        dd = int(max(6, min(d, area.h)))
        step = 0 if n == 1 else min(dd * 1.02, (area.w - dd) / (n - 1))
        x0 = area.centerx - step * (n - 1) / 2
        for i, (seat, k) in enumerate(sorted(counts.items())):
            rgb, letter, _shape = seats[seat % len(seats)]
            disc = self.art.player_disc(dd, tuple(rgb), letter)
            cx = round(x0 + step * i)
            out.blit(disc, disc.get_rect(center=(cx, area.centery)))
            if k > 1:
                tag = self.art.label(str(k), max(8, int(dd * 0.6)), INK, CREAM)
                out.blit(tag, tag.get_rect(center=(cx + dd * 0.35, area.centery + dd * 0.35)))

    def _station_discs(self, out, g, stations, seats):
        d = max(6, int(self.pl.disc * g.u))
        for sid, owners in stations.items():
            r = g.local.get(f"station.{sid}")
            if r is None or not owners:
                continue
            area = pygame.Rect(r.x, r.bottom - d // 2, r.w, d)
            self._discs_in(out, area, owners, seats, d)

    def _ships(self, out, g, dyn, seats, lang):
        ships = list(dyn.get("ships") or ())
        discs = dyn.get("ship_discs") or {}
        rects = self.ship_rects(g.local, ships)
        for sid in ships:
            r = rects.get(f"ship.{sid}")
            if r is None:
                continue
            self._shadow(out, r)
            out.blit(ship_tile(self, r.w, r.h, sid, lang), r)
            owners = discs.get(sid) or []
            if owners:
                d = max(6, int(self.pl.disc * g.u))
                self._discs_in(out, pygame.Rect(r.x + 1, r.bottom - d - 1, r.w - 2, d), owners, seats, d)
        n = dyn.get("ship_stack") or 0
        if n:
            r = rects["ship.stack"]
            out.blit(ship_back(self, r.w, r.h, int(n)), r)
        sailed = len(dyn.get("sailed") or ())
        if sailed and "ship.sailed" in rects:
            r = rects["ship.sailed"]
            out.blit(ship_back(self, r.w, r.h, sailed, True), r)

    def _cities(self, out, g, dyn, seats, lang):
        d = self.ed.data
        sides = dyn.get("city_sides") or {}
        for cid in d.city_order:
            r = g.local[f"city.{cid}"]
            city = d.city_board(cid, sides.get(cid, "a"))
            self._shadow(out, r)
            out.blit(city_board(self, r.w, r.h, city, dyn, seats, lang, g.u), r)

    def _locos(self, out, g, locos, seats):
        by_pos: dict[str, list[int]] = {}
        for s, pos in sorted(locos.items()):
            if pos is not None:
                by_pos.setdefault(str(pos), []).append(int(s))
        h = max(9, int(self.pl.loco * g.u))
        for pos, group in by_pos.items():
            r = g.local.get(f"rail.{pos}")
            if r is None:
                continue
            w = int(h * 1.3)
            if len(group) == 1:
                spots = [(r.centerx, r.centery)]
            else:  # the start and the depot hold many: two abreast, under the space or in the depot
                inside = r.h > h * 1.8
                y0 = r.y + r.h * 0.38 + h * 0.5 if inside else r.bottom + h * 0.45
                step = (r.h * 0.62 - h) / max(1, (len(group) - 1) // 2) if inside else h * 0.85
                step = min(step, h * 0.85)
                spots = [(r.centerx + ((i % 2) - 0.5) * w * 0.95, y0 + step * (i // 2)) for i in range(len(group))]
            for (cx, cy), seat in zip(spots, group, strict=True):
                rgb, letter, shape = seats[seat % len(seats)]
                img = loco_piece(self, h, tuple(rgb), letter, shape)
                out.blit(img, img.get_rect(center=(round(cx), round(cy))))


# ------------------------------------------------------------------ cached pictures
_cache: dict = {}


def _cached(key, make):
    img = _cache.get(key)
    if img is None:
        if len(_cache) > 512:
            _cache.clear()
        img = _cache[key] = make()
    return img


def _vp_mark(pt, p, cx, cy, d, n):
    """VP: a star with its number, outlined so it stays legible on a small star."""
    pt.art._star(p, cx, cy, d)
    size = max(9, d * (0.62 if n < 10 else 0.5))
    p.text(str(n), cx, cy + d * 0.06, size, INK, CREAM, True)


def _grain(p, cx, cy, h, col, edge):
    """An ear of wheat: a stem and three pairs of grains."""
    p.line(edge, (cx, cy + h * 0.48), (cx, cy - h * 0.2), max(0.8, h * 0.08))
    for k in range(3):
        y = cy - h * 0.32 + k * h * 0.22
        for sx in (-1, 1):
            p.ellipse(edge, cx + sx * h * 0.13 - h * 0.12, y - h * 0.12, h * 0.24, h * 0.3)
            p.ellipse(col, cx + sx * h * 0.13 - h * 0.09, y - h * 0.09, h * 0.18, h * 0.24)
    p.ellipse(col, cx - h * 0.08, cy - h * 0.5, h * 0.16, h * 0.24)


def _hand(p, cx, cy, h, col, edge):
    """A raised open hand (the fee mark: green or black)."""
    pw = h * 0.5
    for i in range(4):
        fx = cx - pw / 2 + pw * (i + 0.5) / 4
        p.rect(edge, fx - h * 0.07, cy - h * 0.48, h * 0.14, h * 0.5, r=h * 0.07)
    p.rect(edge, cx - pw / 2 - h * 0.02, cy - h * 0.1, pw + h * 0.04, h * 0.5, r=h * 0.12)
    p.poly(edge, [(cx - pw / 2, cy + h * 0.1), (cx - pw / 2 - h * 0.26, cy - h * 0.12),
                  (cx - pw / 2 - h * 0.16, cy - h * 0.2), (cx - pw / 2, cy - h * 0.02)])
    inner = h * 0.05
    for i in range(4):
        fx = cx - pw / 2 + pw * (i + 0.5) / 4
        p.rect(col, fx - h * 0.07 + inner, cy - h * 0.48 + inner, h * 0.14 - 2 * inner, h * 0.5, r=h * 0.05)
    p.rect(col, cx - pw / 2 + inner, cy - h * 0.1 + inner, pw - 2 * inner, h * 0.5 - 2 * inner, r=h * 0.1)


def grain_badge(pt, d: int) -> pygame.Surface:
    def make():
        p = pt.art.Pic(d, d)
        p.circle(paint.shade(pt.col["grain"], -0.55), (d / 2, d / 2), d / 2)
        p.circle(CREAM, (d / 2, d / 2), d / 2 * 0.84)
        _grain(p, d / 2, d / 2, d * 0.72, pt.col["grain"], paint.shade(pt.col["grain"], -0.5))
        return p.done()
    return _cached(("grain", d), make)


def extra_badge(pt, h: int, max_w: int, acts, lang) -> pygame.Surface:
    keys = pt.art.acts_key(acts)

    def make():
        strip = pt.art.actions_strip(keys, h - 2, max_w - 4, lang)
        w = strip.get_width() + 4
        p = pt.art.Pic(w, h)
        p.rect(paint.shade(pt.col["station"], -0.3), 0, 0, w, h, r=h * 0.3)
        p.rect(CREAM, 1, 1, w - 2, h - 2, r=h * 0.28)
        img = p.done()
        img.blit(strip, (2, 1))
        return img
    return _cached(("extra", h, max_w, keys, lang), make)


def farmer_space(pt, s: int, zone: str, num: int, pesos: int, lang: str) -> pygame.Surface:
    """A farmer space: the zone's colour, its letter and number, the printed pesos on a coin."""
    def make():
        col = pt.col[f"farmer_{zone}"]
        p = pt.art.Pic(s, s)
        p.rect(paint.shade(col, -0.5), 0, 0, s, s, r=s * 0.2)
        p.rect(paint.shade(col, 0.35), s * 0.06, s * 0.06, s * 0.88, s * 0.88, r=s * 0.16)
        lab = f"{_tr(lang)(f'gwta.board.zone.{zone}')}{num}"
        p.text(lab, s * 0.5, s * 0.36, s * 0.36, INK, CREAM)
        pt.art._coin(p, s * 0.72, s * 0.74, s * 0.42, str(pesos))
        return p.done()
    return _cached(("farmsp", s, zone, num, pesos, lang), make)


def farmer_token(pt, d: int, zone: str, stamina: int, hand) -> pygame.Surface:
    """A farmer token: a disc in its zone's colour with the stamina needed, the hand below."""
    def make():
        col = pt.col[f"farmer_{zone}"]
        p = pt.art.Pic(d, d)
        p.circle(paint.shade(col, -0.6), (d / 2, d / 2), d / 2)
        p.circle(col, (d / 2, d / 2), d / 2 * 0.88)
        p.text(str(stamina), d * 0.5, d * 0.4, d * 0.5, INK, CREAM)
        if hand:
            hc = (40, 150, 60) if hand == "green" else (30, 26, 24)
            _hand(p, d * 0.5, d * 0.8, d * 0.32, hc, CREAM)
        return p.done()
    return _cached(("farmtok", d, zone, stamina, hand), make)


def ramp_sign(pt, s: int, rail: int) -> pygame.Surface:
    """A loading ramp: a round sign with the railroad space that opens it."""
    def make():
        col = pt.col["ramp"]
        p = pt.art.Pic(s, s)
        p.circle(paint.shade(col, -0.5), (s / 2, s / 2), s / 2)
        p.circle(col, (s / 2, s / 2), s / 2 * 0.86)
        p.text(str(rail), s / 2, s / 2, s * 0.56, (255, 255, 255), INK)
        return p.done()
    return _cached(("ramp", s, rail), make)


def start_space(pt, s: int) -> pygame.Surface:
    def make():
        col = pt.col["start"]
        p = pt.art.Pic(s, s)
        p.circle(paint.shade(col, -0.5), (s / 2, s / 2), s / 2)
        p.circle(col, (s / 2, s / 2), s / 2 * 0.86)
        pt.art._boot(p, s * 0.24, s * 0.2, s * 0.5, s * 0.6)
        return p.done()
    return _cached(("start", s), make)


def rail_space(pt, w: int, h: int, label: str, ramp: bool) -> pygame.Surface:
    """A track space with its number; a space that opens a loading ramp has a blue foot."""
    def make():
        c = pt.col
        p = pt.art.Pic(w, h)
        p.rect(paint.shade(c["rail_bed"], -0.3), 0, 0, w, h, r=min(w, h) * 0.2)
        p.rect(c["rail_space"], w * 0.07, h * 0.07, w * 0.86, h * 0.86, r=min(w, h) * 0.16)
        if ramp:
            p.rect(c["rail_ramp"], w * 0.07, h * 0.68, w * 0.86, h * 0.25, r=min(w, h) * 0.1)
        p.text(label, w / 2, h * (0.4 if ramp else 0.5), h * 0.56, INK)
        return p.done()
    return _cached(("rail", w, h, label, ramp), make)


def bypass_space(pt, w: int, h: int) -> pygame.Surface:
    def make():
        c = pt.col
        p = pt.art.Pic(w, h)
        p.rect(c["station"], 0, 0, w, h, r=min(w, h) * 0.3)
        p.rect(c["rail_space"], w * 0.12, h * 0.12, w * 0.76, h * 0.76, r=min(w, h) * 0.24)
        pt.art._train(p, w * 0.2, h * 0.24, w * 0.6, h * 0.5, paint.shade(c["station"], -0.2))
        return p.done()
    return _cached(("bypass", w, h), make)


def _corners(p, w, h, k, col):
    for cx, cy, sx, sy in ((0, 0, 1, 1), (w, 0, -1, 1), (0, h, 1, -1), (w, h, -1, -1)):
        p.poly(col, [(cx, cy), (cx + sx * k, cy), (cx, cy + sy * k)])


def station_plate(pt, w: int, h: int, cost: int, vp: int, dark: bool, repeat: bool) -> pygame.Surface:
    """A station: its upgrade cost on a coin, its VP on a star; dark corners where only a
    dark-corner disc may go; the last station's repeat mark (a small loop arrow)."""
    def make():
        c = pt.col
        p = pt.art.Pic(w, h)
        p.rect(paint.shade(c["station"], -0.45), 0, 0, w, h, r=h * 0.2)
        p.rect(c["station"], w * 0.04, h * 0.06, w * 0.92, h * 0.88, r=h * 0.16)
        if dark:
            _corners(p, w, h, min(w, h) * 0.34, c["dark"])
        d = h * 0.86
        pt.art._coin(p, w * 0.27, h / 2, d, str(cost), cost=True)
        _vp_mark(pt, p, w * 0.73, h / 2, d, vp)
        return p.done()
    return _cached(("station", w, h, cost, vp, dark, repeat), make)


def depot_space(pt, w: int, h: int, name: str) -> pygame.Surface:
    def make():
        c = pt.col
        p = pt.art.Pic(w, h)
        p.rect(paint.shade(c["depot"], -0.45), 0, 0, w, h, r=h * 0.16)
        p.rect(c["depot"], w * 0.04, h * 0.05, w * 0.92, h * 0.9, r=h * 0.13)
        p.text(name, w / 2, h * 0.22, h * 0.24, CREAM, INK, max_w=w * 0.92)
        return p.done()
    return _cached(("depot", w, h, name), make)


def loco_piece(pt, h: int, rgb: tuple, letter: str, shape: str) -> pygame.Surface:
    """A seat's locomotive: a train in its colour with its marker (shape and letter)."""
    def make():
        w = int(h * 1.3)
        p = pt.art.Pic(w, h)
        pt.art._train(p, 0, h * 0.1, w, h * 0.9, tuple(rgb))
        img = p.done()
        mk = sprites.token(max(8, int(h * 0.62)), tuple(rgb), letter, shape)
        img.blit(mk, mk.get_rect(center=(int(w * 0.42), int(h * 0.48))))
        return img
    return _cached(("loco", h, tuple(rgb), letter, shape), make)


def master_tile(pt, w: int, h: int, tile: str, lang: str) -> pygame.Surface:
    """A station-master tile: its top (an instant's icons, +n permanent certificates or
    n less loading grain) over its task's VP."""
    def make():
        m = pt.ed.data.master(tile)
        c = pt.col
        p = pt.art.Pic(w, h)
        p.rect(paint.shade(c["master"], -0.5), 0, 0, w, h, r=min(w, h) * 0.16)
        p.rect(c["master"], w * 0.04, h * 0.05, w * 0.92, h * 0.9, r=min(w, h) * 0.13)
        top = h * 0.58
        if m.perm_certs:
            pt.art._cert(p, w * 0.12, h * 0.08, top * 0.62, top * 0.8)
            p.text(f"+{m.perm_certs}", w * 0.62, top * 0.5, top * 0.62, INK, CREAM)
        elif m.loading_grain:
            _grain(p, w * 0.3, top * 0.52, top * 0.8, c["grain"], paint.shade(c["grain"], -0.5))
            p.text(f"\u2212{m.loading_grain}", w * 0.66, top * 0.5, top * 0.62, INK, CREAM)
        img = p.done()
        if m.top:
            strip = pt.art.actions_strip(pt.art.acts_key(m.top), int(top * 0.86), int(w * 0.9), lang)
            img.blit(strip, strip.get_rect(center=(w // 2, int(top * 0.52))))
        pygame.draw.line(img, paint.shade(c["master"], -0.4), (int(w * 0.1), int(top)), (int(w * 0.9), int(top)), 1)
        star = pt.art.vp_star(max(8, int((h - top) * 0.95)), m.task_vp)
        img.blit(star, star.get_rect(center=(w // 2, int((top + h) / 2))))
        return img
    return _cached(("master", w, h, tile, lang), make)


def ship_tile(pt, w: int, h: int, sid: str, lang: str) -> pygame.Surface:
    """A ship: its cargo value large, the grain it needs, its sail group's band (with the
    group's initial), its VP and loading action, dark corners."""
    def make():
        s = pt.ed.data.ship(sid)
        c = pt.col
        p = pt.art.Pic(w, h)
        p.rect(paint.shade(c["ship"], -0.5), 0, 0, w, h, r=h * 0.16)
        p.rect(c["ship"], w * 0.03, h * 0.04, w * 0.94, h * 0.92, r=h * 0.14)
        if s.dark:
            _corners(p, w, h, h * 0.3, c["dark"])
        if s.group:
            g = c[f"group_{s.group}"]
            p.rect(g, w * 0.03, h * 0.04, w * 0.94, h * 0.16)
        # the hull under the value
        p.poly(paint.shade(c["ship"], -0.35), [(w * 0.06, h * 0.3), (w * 0.5, h * 0.3), (w * 0.44, h * 0.62),
                                               (w * 0.12, h * 0.62)])
        p.text(str(s.value), w * 0.28, h * 0.44, h * 0.42, INK, CREAM)
        _grain(p, w * 0.62, h * 0.42, h * 0.36, c["grain"], paint.shade(c["grain"], -0.5))
        p.text(str(s.grain), w * 0.82, h * 0.44, h * 0.38, INK, CREAM)
        img = p.done()
        if s.vp:
            star = pt.art.vp_star(max(8, int(h * 0.32)), s.vp)
            img.blit(star, star.get_rect(topright=(w - 1, int(h * 0.02))))
        if s.acts:
            strip = pt.art.actions_strip(pt.art.acts_key(s.acts), max(6, int(h * 0.28)), int(w * 0.5), lang)
            img.blit(strip, strip.get_rect(topleft=(int(w * 0.05), int(h * 0.01))))
        return img
    return _cached(("ship", w, h, sid, lang), make)


def ship_back(pt, w: int, h: int, n: int, sailed: bool = False) -> pygame.Surface:
    """A stack of face-down ships with its count; the sailed ones pale, under a sail."""
    def make():
        c = pt.col
        base = paint.shade(c["water"], 0.35) if sailed else c["water"]
        p = pt.art.Pic(w, h)
        o1 = max(1, h * 0.05)
        for k in (2, 1, 0):
            o = k * o1
            p.rect(paint.shade(base, -0.55), o, o, w - 2 * o1, h - 2 * o1, r=h * 0.14)
            p.rect(paint.shade(base, -0.25), o + 1, o + 1, w - 2 * o1 - 2, h - 2 * o1 - 2, r=h * 0.12)
        if sailed:  # a sail: these have left the harbour
            p.poly(CREAM, [(w * 0.2, h * 0.78), (w * 0.2, h * 0.14), (w * 0.44, h * 0.78)])
            p.line(INK, (w * 0.2, h * 0.1), (w * 0.2, h * 0.84), max(1, h * 0.05))
        p.text(f"\u00d7{n}", w * (0.64 if sailed else 0.48), h * 0.46, h * 0.44, CREAM, INK)
        return p.done()
    return _cached(("shipback", w, h, n, sailed), make)


def city_board(pt, w: int, h: int, city, dyn: dict, seats, lang: str, u: float) -> pygame.Surface:
    """A city board (one side): its name's initials, its docks (numeral, VP per disc, the
    special delivery's grain discount, the discs there), its four quarters (the grain a
    special delivery costs, then the bonus spaces: VP, immediate reward, the disc on it or
    the direction token covering it)."""
    c, pl = pt.col, pt.pl
    docks = dyn.get("docks") or {}
    bonus = dyn.get("bonus") or {}
    covered = set(dyn.get("covered") or ())
    key = ("city", w, h, city.id, city.side, lang, round(u, 3),
           tuple((d.id, tuple(docks.get(d.id, ()))) for d in city.docks),
           tuple(sorted((k, v) for k, v in bonus.items() if k.startswith(city.id))),
           tuple(sorted(k for k in covered if k.startswith(city.id))), tuple(map(tuple, seats)) if seats else ())

    def make():
        img = pygame.Surface((w, h), pygame.SRCALPHA)
        img.fill((0, 0, 0, 0))
        r0 = img.get_rect()
        pygame.draw.rect(img, paint.shade(c["city"], -0.5), r0, border_radius=max(3, int(u * 0.8)))
        pygame.draw.rect(img, c["city"], r0.inflate(-2, -2), border_radius=max(3, int(u * 0.7)))
        parts = bonus_layout(city, r0, pl, u)
        nm = parts["name"]
        name = city.name_ru if lang == "ru" else city.name
        lab = pt.art.label(f"{name} ({city.side})", max(7, int(nm.h * 0.8)), INK, None, True, nm.w)
        img.blit(lab, lab.get_rect(midleft=nm.midleft))
        dd = max(6, int(pl.disc * u))
        for dk in city.docks:
            r = parts[f"dock.{dk.id}"]
            p = pt.art.Pic(r.w, r.h)
            p.rect(paint.shade(c["dock"], -0.5), 0, 0, r.w, r.h, r=r.h * 0.12)
            p.rect(c["dock"], 1, 1, r.w - 2, r.h - 2, r=r.h * 0.1)
            if dk.dark:
                _corners(p, r.w, r.h, min(r.w, r.h) * 0.22, c["dark"])
            p.text(dk.numeral, r.w * 0.18, r.h * 0.26, min(r.h * 0.36, r.w * 0.3), INK, CREAM)
            if dk.vp:
                _vp_mark(pt, p, r.w * 0.78, r.h * 0.28, min(r.h * 0.46, r.w * 0.36), dk.vp)
            img.blit(p.done(), r)
            if dk.discount:  # the special delivery's grain saved, between the numeral and the VP
                tag = pt.art.label(f"\u2212{dk.discount}", max(7, int(min(r.h * 0.26, r.w * 0.2))), INK, CREAM)
                img.blit(tag, tag.get_rect(center=(r.x + int(r.w * 0.47), r.y + int(r.h * 0.28))))
            owners = docks.get(dk.id) or []
            area = pygame.Rect(r.x + 2, r.y + int(r.h * 0.52), r.w - 4, int(r.h * 0.44))
            pt._discs_in(img, area, owners, seats, min(dd, area.h))
        for q in city.quarters:
            r = parts[f"grain.{q.id}"]
            p = pt.art.Pic(r.w, r.h)
            p.rect(paint.shade(c["grain"], -0.45), 0, 0, r.w, r.h, r=r.h * 0.2)
            p.rect(paint.shade(c["grain"], 0.45), 1, 1, r.w - 2, r.h - 2, r=r.h * 0.18)
            p.text(str(q.grain), r.w * 0.5, r.h * 0.5, r.h * 0.66, INK, CREAM)
            img.blit(p.done(), r)
            for b in q.spaces:
                r = parts[f"bonus.{b.id}"]
                cov = b.id in covered
                p = pt.art.Pic(r.w, r.h)
                fill = c["covered"] if cov else c["bonus"]
                p.rect(paint.shade(fill, -0.45), 0, 0, r.w, r.h, r=r.h * 0.2)
                p.rect(fill, 1, 1, r.w - 2, r.h - 2, r=r.h * 0.18)
                if cov:  # the direction token: a compass needle
                    p.poly(CREAM, [(r.w / 2, r.h * 0.12), (r.w * 0.62, r.h / 2), (r.w / 2, r.h * 0.88),
                                   (r.w * 0.38, r.h / 2)])
                elif b.vp:
                    _vp_mark(pt, p, r.w * (0.7 if b.acts else 0.5), r.h / 2, min(r.h * 0.9, r.w * 0.48), b.vp)
                im = p.done()
                if b.acts and not cov:
                    strip = pt.art.actions_strip(pt.art.acts_key(b.acts), max(6, int(r.h * 0.8)),
                                                 int(r.w * (0.5 if b.vp else 0.9)), lang)
                    im.blit(strip, strip.get_rect(midleft=(1, r.h // 2)))
                img.blit(im, r)
                if b.id in bonus and bonus[b.id] is not None:
                    rgb, letter, _shape = seats[int(bonus[b.id]) % len(seats)]
                    disc = pt.art.player_disc(max(6, min(dd, r.h)), tuple(rgb), letter)
                    img.blit(disc, disc.get_rect(center=r.center))
        return img
    return _cached(key, make)
