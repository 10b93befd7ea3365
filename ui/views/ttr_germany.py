"""The Ticket to Ride: Germany table: the map drawn from real coordinates, the players,
the face-up display with the decks, the viewer's hand and tickets.

Claiming is direct: clicking a route proposes the cheapest payment (fewest
locomotives, then the most plentiful colour), which can be changed before
confirming; passengers are then picked at the route's ends. Everything clickable
is a target whose action comes from the legal list, so the view never decides
what is legal. Another seat's hand and tickets are never drawn: only counts.
"""
from __future__ import annotations

import math

import pygame

from games.core.action import Action
from games.core.data import data_path, load_yaml
from ui import sprites, theme
from ui.views.base import Beat, GameView
from ui.widgets import blit_text

REGIONS = ("map", "players", "display", "hand", "tickets")
ANCHORS = ("midleft", "midright", "midtop", "midbottom")
MAP_KEYS = ("margin", "reference_lat", "track_width", "parallel_gap", "space_gap", "city_radius",
            "big_city_radius", "label_size")
LOCO = "locomotive"


def _num(node, lo, hi) -> float:
    v = node.value
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not lo <= v <= hi:
        node.fail(f"a number from {lo} to {hi}", v)
    return float(v)


def load_layout(path=None) -> dict:
    """data/ttr_germany/layout.yaml, validated (file, key path and expectation on error)."""
    node = load_yaml(path or data_path("ttr_germany", "layout.yaml")).mapping()
    regions = node.get("regions").mapping()
    out = {"regions": {name: tuple(_num(v, 0, 1) for v in regions.get(name).seq(4, 4))
                       for name in REGIONS}}
    m = node.get("map").mapping()
    out["map"] = {k: _num(m.get(k), -90 if k == "reference_lat" else 0, 200) for k in MAP_KEYS}
    labels = {}
    for loc, v in node.get("labels", {}).items():
        items = v.seq(3, 3)
        labels[loc] = (_num(items[0], -60, 60), _num(items[1], -60, 60), items[2].str(ANCHORS))
    out["labels"] = labels
    return out


def _seg_dist(p, a, b) -> float:
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    L2 = dx * dx + dy * dy or 1e-9
    t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / L2))
    return math.hypot(p[0] - (ax + t * dx), p[1] - (ay + t * dy))


class TTRView(GameView):
    SOUNDS = {"route_claimed": "coin", "card_taken": "card", "blind_drawn": "card",
              "passenger_taken": "click", "tickets_kept": "card"}

    def __init__(self, scene):
        super().__init__(scene)
        self.data = self.rules.data
        self.conf = load_layout()
        self.clock = 0.0
        self.static: pygame.Surface | None = None
        self.static_key = None
        self.selected: str | None = None  # route whose payment is being chosen
        self.choice = 0  # index into that route's payment options
        self.keep_sel: set[str] = set()
        self.keep_for: tuple = ()
        self.hover_ticket: str | None = None
        self.shown_ticket: str | None = None  # clicked: its path stays highlighted
        self.asking_mix = False  # the "how many short / long tickets" panel is open
        self.ticket_button: pygame.Rect | None = None

    # ------------------------------------------------------------------ geometry
    def layout(self, rect):
        super().layout(rect)
        self.r = {}
        for name in REGIONS:
            fx, fy, fw, fh = self.conf["regions"][name]
            self.r[name] = pygame.Rect(rect.x + int(fx * rect.w), rect.y + int(fy * rect.h),
                                       int(fw * rect.w), int(fh * rect.h)).inflate(-self.px(8), -self.px(8))
        self._project()
        self.static = None

    def _project(self):
        """City positions: longitude shrunk by cos(reference latitude), fitted into the map."""
        mc = self.conf["map"]
        k = math.cos(math.radians(mc["reference_lat"]))
        locs = self.data.locations
        xs = [loc.lon * k for loc in locs]
        ys = [-loc.lat for loc in locs]
        box = self.r["map"].inflate(-2 * self.px(mc["margin"]), -2 * self.px(mc["margin"]))
        sx = box.w / max(1e-6, max(xs) - min(xs))
        sy = box.h / max(1e-6, max(ys) - min(ys))
        s = min(sx, sy)
        ox = box.x + (box.w - s * (max(xs) - min(xs))) / 2
        oy = box.y + (box.h - s * (max(ys) - min(ys))) / 2
        self.pos = {loc.id: (ox + (x - min(xs)) * s, oy + (y - min(ys)) * s)
                    for loc, x, y in zip(locs, xs, ys, strict=True)}
        self.track_geom = {}
        self.track_boxes = {}
        for t in self.data.tracks:
            self.track_geom[t.id] = self._track_spaces(t)
            pts = [p for poly in self.track_geom[t.id][1] for p in poly]
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            self.track_boxes[t.id] = pygame.Rect(min(xs), min(ys), max(1, max(xs) - min(xs)),
                                                 max(1, max(ys) - min(ys)))

    def _radius(self, loc_id) -> float:
        mc = self.conf["map"]
        loc = self.data.location_by_id[loc_id]
        if loc.is_country:
            return self.px(16)
        return self.px(mc["big_city_radius"] if loc.passengers > 1 else mc["city_radius"])

    def _track_spaces(self, t):
        """(centre line, list of space polygons) of one track, parallel tracks side by side."""
        mc = self.conf["map"]
        a, b = self.pos[t.a], self.pos[t.b]
        dx, dy = b[0] - a[0], b[1] - a[1]
        dist = math.hypot(dx, dy) or 1.0
        ux, uy = dx / dist, dy / dist
        nx, ny = -uy, ux
        group = self.data.tracks_by_connection[t.connection]
        off = (t.index - (len(group) - 1) / 2) * self.px(mc["parallel_gap"])
        ra, rb = self._radius(t.a) + self.px(2), self._radius(t.b) + self.px(2)
        start = (a[0] + ux * ra + nx * off, a[1] + uy * ra + ny * off)
        end = (b[0] - ux * rb + nx * off, b[1] - uy * rb + ny * off)
        usable = max(1.0, dist - ra - rb)
        gap = min(self.px(mc["space_gap"]), usable / (4 * t.length))
        each = (usable - gap * (t.length - 1)) / t.length
        hw = self.px(mc["track_width"]) / 2
        spaces = []
        for i in range(t.length):
            s0 = i * (each + gap)
            s1 = s0 + each
            p0 = (start[0] + ux * s0, start[1] + uy * s0)
            p1 = (start[0] + ux * s1, start[1] + uy * s1)
            spaces.append([(p0[0] + nx * hw, p0[1] + ny * hw), (p1[0] + nx * hw, p1[1] + ny * hw),
                           (p1[0] - nx * hw, p1[1] - ny * hw), (p0[0] - nx * hw, p0[1] - ny * hw)])
        return (start, end), spaces

    def update(self, dt):
        self.clock += dt

    # ------------------------------------------------------------------ helpers
    def seat_marker(self, seat: int, size: int) -> pygame.Surface:
        pc = theme.player_colour(self.scene.match.config.seats[seat].colour)
        return sprites.token(size, pc["rgb"], pc["letter"], pc["shape"])

    def seat_rgb(self, seat: int):
        return theme.player_colour(self.scene.match.config.seats[seat].colour)["rgb"]

    def loc_name(self, loc_id: str) -> str:
        loc = self.data.location_by_id[loc_id]
        return loc.name_ru if self.tr.lang == "ru" else loc.name

    def colour(self, cid: str):
        return self.data.colour_by_id[cid]

    def ticket_label(self, t: dict) -> str:
        return f"{self.loc_name(t['a'])} – {self.loc_name(t['b'])}"

    def target(self, rect, action, eid):
        self.targets.append((pygame.Rect(rect), action, eid))

    def glow_rect(self, surf, rect, strong=False):
        pulse = 0.5 + 0.5 * math.sin(self.clock * 4)
        g = sprites.glow(rect.w + self.px(14), rect.h + self.px(14), self.px(8))
        g.set_alpha(int((170 if strong else 90) + 60 * pulse))
        surf.blit(g, (rect.x - self.px(7), rect.y - self.px(7)))

    # ------------------------------------------------------------------ drawing
    def draw(self, surf, view, legal, mouse, hint):
        self.targets = []
        self.view_now = view
        legal_set = set(legal)
        self.legal = legal
        claims: dict[str, list[Action]] = {}
        for a in legal:
            if a.verb == "claim":
                claims.setdefault(a.args[0], []).append(a)
        self.claims = claims
        if self.selected and self.selected not in claims:
            self.selected = None
        self.draw_map(surf, view, claims, mouse, hint)
        self.draw_players(surf, view)
        self.draw_display(surf, view, legal_set, mouse, hint)
        self.draw_hand(surf, view)
        self.draw_tickets(surf, view, mouse)
        self.draw_overlays(surf, view, legal, legal_set, mouse, hint)

    # --- the map -------------------------------------------------------------------
    def _static_layer(self, view) -> pygame.Surface:
        key = (self.r["map"].size, self.tr.lang, view["one_track_per_connection"])
        if self.static is not None and self.static_key == key:
            return self.static
        mr = self.r["map"]
        s = pygame.Surface(mr.size, pygame.SRCALPHA)
        s.blit(sprites.panel(mr.w, mr.h), (0, 0))
        shift = (-mr.x, -mr.y)
        for t in self.data.tracks:
            self._draw_track(s, t, shift, fill=None)
        for loc in self.data.locations:
            self._draw_location(s, loc, shift)
        self.static, self.static_key = s, key
        return s

    def _poly(self, pts, shift):
        return [(x + shift[0], y + shift[1]) for x, y in pts]

    def _draw_track(self, s, t, shift, fill=None, letter=None):
        _, spaces = self.track_geom[t.id]
        col = self.colour(t.colour)
        rgb = fill or col.rgb
        for poly in spaces:
            pts = self._poly(poly, shift)
            if fill is not None:  # a claimed space: a train car, bigger and dark-edged
                cx = sum(p[0] for p in pts) / 4
                cy = sum(p[1] for p in pts) / 4
                pts = [(cx + (x - cx) * 1.15, cy + (y - cy) * 1.45) for x, y in pts]
                pygame.draw.polygon(s, rgb, pts)
                pygame.draw.polygon(s, theme.INK, pts, 2)
                if letter is not None:
                    s.blit(letter, letter.get_rect(center=(cx, cy)))
            else:
                pygame.draw.polygon(s, rgb, pts)
                pygame.draw.polygon(s, theme.INK, pts, 1)
        mid = spaces[len(spaces) // 2]
        cx = sum(p[0] for p in mid) / 4 + shift[0]
        cy = sum(p[1] for p in mid) / 4 + shift[1]
        if fill is None and t.colour != "gray":  # the colour's letter: colour is never alone
            size = max(7, self.px(8))
            txt = theme.text(col.letter, size, theme.ink_on(col.rgb), True)
            s.blit(txt, txt.get_rect(center=(cx, cy)))

    def _draw_location(self, s, loc, shift):
        mc = self.conf["map"]
        x, y = self.pos[loc.id]
        x, y = x + shift[0], y + shift[1]
        size = self.px(mc["label_size"])
        name = self.loc_name(loc.id)
        if loc.is_country:
            img = theme.text(name, size, theme.PARCHMENT, True)
            box = img.get_rect(center=(x, y)).inflate(self.px(10), self.px(6))
            pygame.draw.rect(s, (96, 84, 70), box, border_radius=self.px(5))
            pygame.draw.rect(s, theme.INK, box, 1, border_radius=self.px(5))
            s.blit(img, img.get_rect(center=box.center))
            return
        r = self._radius(loc.id)
        pygame.draw.circle(s, theme.INK, (x, y), r + 1)
        pygame.draw.circle(s, (250, 244, 228) if loc.passengers == 1 else (255, 214, 120), (x, y), r - 1)
        dx, dy, anchor = self.conf["labels"].get(loc.id, (8, 0, "midleft"))
        img = theme.text(name, size, theme.INK, loc.passengers > 1)
        rect = img.get_rect(**{anchor: (x + self.px(dx), y + self.px(dy))})
        halo = pygame.Surface(rect.inflate(self.px(4), 0).size, pygame.SRCALPHA)
        halo.fill((*theme.PARCHMENT, 170))
        s.blit(halo, rect.inflate(self.px(4), 0).topleft)
        s.blit(img, rect)

    def draw_map(self, surf, view, claims, mouse, hint):
        mr = self.r["map"]
        surf.blit(self._static_layer(view), mr.topleft)
        owner = view["owner"]
        used = {self.data.track_by_id[t].connection for t in owner}
        # tracks closed for the rest of the game (2-3 players: one track per connection)
        if view["one_track_per_connection"]:
            fade = (*theme.PARCHMENT, 190)
            for t in self.data.tracks:
                if t.id not in owner and t.connection in used:
                    for poly in self.track_geom[t.id][1]:
                        self._alpha_poly(surf, poly, fade)
        for tid, seat in owner.items():
            t = self.data.track_by_id[tid]
            self._draw_track(surf, t, (0, 0), fill=self.seat_rgb(seat),
                             letter=self.seat_marker(seat, max(8, self.px(11))))
        # the highlighted ticket's path
        path = self._shown_path(view)
        if path:
            done = path[1]
            col = (62, 160, 84) if done else theme.HIGHLIGHT
            for tid in path[0]:
                a, b = self.track_geom[tid][0]
                pygame.draw.line(surf, col, a, b, max(3, self.px(4)))
            for loc in path[2]:
                if loc in self.pos:
                    pygame.draw.circle(surf, col, self.pos[loc], self._radius(loc) + self.px(4), max(2, self.px(3)))
        # claimable routes glow on hover or with hints; the selected one strongly
        pulse = 0.5 + 0.5 * math.sin(self.clock * 4)
        hovered = self.track_at(mouse) if claims else None
        for tid in claims:
            if tid == self.selected or tid == hovered or hint:
                a, b = self.track_geom[tid][0]
                w = self.px(self.conf["map"]["track_width"]) + self.px(6)
                alpha = 220 if tid in (self.selected, hovered) else int(90 + 80 * pulse)
                self._glow_line(surf, a, b, w, alpha)
        for tid, box in self.track_boxes.items():  # stable ids for tutorials and tests
            self.targets.append((box, None, f"track:{tid}"))
        self.draw_passengers(surf, view)
        hovered_city = None
        for loc in self.data.locations:
            x, y = self.pos[loc.id]
            r = self._radius(loc.id)
            box = pygame.Rect(x - r, y - r, 2 * r, 2 * r)
            self.target(box, None, f"city:{loc.id}")
            if box.inflate(self.px(8), self.px(14)).collidepoint(mouse) and not hovered:
                hovered_city = loc.id
        if hovered_city and not self.selected:
            self._city_tip(surf, view, hovered_city)

    def _city_tip(self, surf, view, loc_id):
        """The city's name and its passengers, big enough for their letters."""
        colours = sorted(view["passengers"].get(loc_id, []))
        mh = self.px(20)
        name = theme.text(self.loc_name(loc_id), self.px(13), theme.INK, True)
        w = max(name.get_width(), len(colours) * (mh + self.px(2))) + self.px(16)
        box = pygame.Rect(0, 0, w, self.px(22) + (mh + self.px(4) if colours else 0))
        x, y = self.pos[loc_id]
        box.midbottom = (x, y - self._radius(loc_id) - self.px(6))
        box.clamp_ip(self.r["map"])
        surf.blit(sprites.panel(box.w, box.h), box)
        surf.blit(name, (box.x + self.px(8), box.y + self.px(4)))
        for i, c in enumerate(colours):
            pc = next(p for p in self.data.passenger_colours if p.id == c)
            surf.blit(sprites.meeple(mh, pc.rgb, pc.letter),
                      (box.x + self.px(8) + i * (mh + self.px(2)), box.y + self.px(20)))

    def _alpha_poly(self, surf, poly, rgba):
        xs = [p[0] for p in poly]
        ys = [p[1] for p in poly]
        box = pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 2, int(max(ys) - min(ys)) + 2)
        lay = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.polygon(lay, rgba, [(x - box.x, y - box.y) for x, y in poly])
        surf.blit(lay, box.topleft)

    def _glow_line(self, surf, a, b, w, alpha):
        x0, y0 = min(a[0], b[0]) - w, min(a[1], b[1]) - w
        box = pygame.Rect(int(x0), int(y0), int(abs(a[0] - b[0]) + 2 * w) + 1, int(abs(a[1] - b[1]) + 2 * w) + 1)
        lay = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.line(lay, (*theme.HIGHLIGHT, alpha), (a[0] - box.x, a[1] - box.y),
                         (b[0] - box.x, b[1] - box.y), int(w))
        surf.blit(lay, box.topleft)

    def _shown_path(self, view):
        tid = self.hover_ticket or self.shown_ticket
        if not tid:
            return None
        for t in view.get("my_tickets", []) + view.get("offered", []):
            if t["id"] == tid:
                return t["path"], t["done"], (t["a"], t["b"])
        return None

    def draw_passengers(self, surf, view):
        h = max(9, self.px(11))
        for loc_id, colours in view["passengers"].items():
            if not colours:
                continue
            x, y = self.pos[loc_id]
            n = len(colours)
            step = h * 0.62
            x0 = x - (n - 1) * step / 2
            y0 = y + self._radius(loc_id) + self.px(1)
            for i, c in enumerate(sorted(colours)):
                pc = next(p for p in self.data.passenger_colours if p.id == c)
                img = sprites.meeple(h, pc.rgb, pc.letter if h >= 14 else None)
                surf.blit(img, img.get_rect(midtop=(x0 + i * step, y0)))

    def track_at(self, pos):
        """The route under the mouse (closest centre line within reach), if any."""
        if not self.r["map"].collidepoint(pos):
            return None
        reach = self.px(self.conf["map"]["track_width"]) / 2 + self.px(3)
        best, best_d = None, reach
        for tid, ((a, b), _) in self.track_geom.items():
            d = _seg_dist(pos, a, b)
            if d <= best_d:
                best, best_d = tid, d
        return best

    # --- players --------------------------------------------------------------------
    def draw_players(self, surf, view):
        r = self.r["players"]
        surf.blit(sprites.panel(r.w, r.h), r.topleft)
        n = view["n"]
        pad = self.px(8)
        head = blit_text(surf, self.tr("ttr.players"), (r.x + pad, r.y + pad), self.px(14), theme.INK, True)
        if view["final_turns"] >= 0 and view["phase"] != "over":
            blit_text(surf, self.tr("ttr.last_round", n=view["final_turns"]), (r.right - pad, r.y + pad),
                      self.px(13), theme.DANGER, True, anchor="topright")
        row_h = (r.bottom - head.bottom - pad - self.px(4)) // max(1, n)
        size = self.px(12)
        y = head.bottom + self.px(4)
        top = max([p["score"] for p in view["players"]] + [1])
        for p in view["players"]:
            i = p["seat"]
            row = pygame.Rect(r.x + pad, y, r.w - 2 * pad, row_h - self.px(2))
            if i in view["to_act"] and view["phase"] != "over":
                pygame.draw.rect(surf, (255, 236, 180), row, border_radius=self.px(5))
            two = row.h >= self.px(28)  # room for a second line of figures
            line1 = row.y + (row.h // 4 if two else row.h // 2)
            line2 = row.y + row.h * 3 // 4 - self.px(2)
            mk = self.seat_marker(i, min(row.h - self.px(4), self.px(20)))
            surf.blit(mk, mk.get_rect(midleft=(row.x + self.px(2), row.centery)))
            name = self.scene.match.config.seats[i].name
            if i == view["seat"]:
                name += f" ({self.tr('play.you')})"
            right = row.right - self.px(128)
            name_w = right - row.x - self.px(80) if two else self.px(84)
            blit_text(surf, name, (row.x + self.px(26), line1), size, theme.INK, True, "midleft",
                      max_width=name_w)
            score = blit_text(surf, self.tr("ttr.score", score=p["score"]), (right - self.px(6), line1), size,
                              theme.INK, True, "midright")
            stats = self.tr("ttr.player_stats", trains=p["trains"], cards=p["hand_count"],
                            short=p["tickets"]["short"], long=p["tickets"]["long"])
            sx = row.x + self.px(26) if two else row.x + self.px(26) + name_w + self.px(6)
            blit_text(surf, stats, (sx, line2 if two else line1), self.px(11), theme.INK_SOFT, False,
                      "midleft", max_width=(right - sx - self.px(6)) if two else (score.x - sx - self.px(6)))
            # passengers by colour: meeple with letter and count
            mh = min(row.h - self.px(4), self.px(17))
            for k, pc in enumerate(self.data.passenger_colours):
                cnt = p["passengers"].get(pc.id, 0)
                cx = right + k * self.px(21)
                img = sprites.meeple(mh, pc.rgb, pc.letter)
                img.set_alpha(255 if cnt else 70)
                surf.blit(img, img.get_rect(midleft=(cx, row.centery)))
                blit_text(surf, str(cnt), (cx + mh - self.px(2), row.centery + self.px(3)), self.px(10),
                          theme.INK, True, "midleft")
            # a slim score track under the row
            bar = pygame.Rect(row.x + self.px(26), row.bottom - self.px(3), right - row.x - self.px(32),
                              self.px(2))
            pygame.draw.rect(surf, theme.PARCHMENT_DARK, bar)
            fill = bar.copy()
            fill.w = int(bar.w * p["score"] / max(top, 60))
            pygame.draw.rect(surf, self.seat_rgb(i), fill)
            self.target(row, None, f"player:{i}")
            y += row_h

    # --- display, deck, ticket decks --------------------------------------------------
    def draw_display(self, surf, view, legal_set, mouse, hint):
        r = self.r["display"]
        surf.blit(sprites.panel(r.w, r.h), r.topleft)
        pad = self.px(8)
        seat = view["seat"]
        blit_text(surf, self.tr("ttr.display"), (r.x + pad, r.y + pad), self.px(14), theme.INK, True)
        cw = min(self.px(52), (r.w - 2 * pad) // 8 - self.px(4))
        ch = min(int(cw * 1.4), r.h - self.px(40))
        y = r.y + self.px(28)
        x = r.x + pad
        for i, c in enumerate(view["face_up"]):
            col = self.colour(c)
            box = pygame.Rect(x, y, cw, ch)
            act = Action(seat, "take", (c,)) if seat is not None else None
            ok = act in legal_set
            if ok and (hint or box.collidepoint(mouse)):
                self.glow_rect(surf, box, box.collidepoint(mouse))
            img = sprites.card(cw, ch, col.rgb, "", None, col.letter, col.pattern, dim=not ok and bool(legal_set))
            surf.blit(img, box)
            if c == LOCO:
                blit_text(surf, "L", box.center, self.px(18), theme.INK, True, "center")
            self.target(box, act if ok else None, f"faceup:{i}")
            x += cw + self.px(5)
        # the deck: blind draw
        x += self.px(6)
        box = pygame.Rect(x, y, cw, ch)
        act = Action(seat, "blind") if seat is not None else None
        ok = act in legal_set
        if ok and (hint or box.collidepoint(mouse)):
            self.glow_rect(surf, box, box.collidepoint(mouse))
        surf.blit(sprites.card_back(cw, ch, (60, 70, 110)), box)
        blit_text(surf, str(view["deck"]), (box.centerx, box.bottom + self.px(2)), self.px(11), theme.INK, True,
                  "midtop")
        self.target(box, act if ok else None, "deck")
        # ticket decks
        x += cw + self.px(10)
        tb = pygame.Rect(x, y, r.right - pad - x, ch)
        self.target(tb, None, "tickets")
        half = (tb.w - self.px(6)) // 2
        for k, (deck, rgb) in enumerate((("short", (70, 110, 170)), ("long", (140, 96, 60)))):
            b = pygame.Rect(tb.x + k * (half + self.px(6)), tb.y, half, int(ch * 0.62))
            surf.blit(sprites.card_back(b.w, b.h, rgb), b)
            blit_text(surf, f"{self.tr('ttr.deck.' + deck)}: {view['ticket_decks'][deck]}",
                      (b.centerx, b.bottom + self.px(2)), self.px(10), theme.INK, True, "midtop",
                      max_width=b.w)
        mixes = [a for a in self.legal if a.verb == "tickets"]
        b = pygame.Rect(tb.x, tb.y + int(ch * 0.62) + self.px(16), tb.w, max(self.px(20), tb.bottom - tb.y
                                                                              - int(ch * 0.62) - self.px(14)))
        self.ticket_button = b if mixes else None
        if mixes:
            if hint or b.collidepoint(mouse) or self.asking_mix:
                self.glow_rect(surf, b, b.collidepoint(mouse))
            self._button(surf, b, self.tr("ttr.draw_tickets"), mouse, None, "tickets_button")

    def _button(self, surf, rect, label, mouse, action, eid, enabled=True):
        state = "disabled" if not enabled else ("hover" if rect.collidepoint(mouse) else "normal")
        surf.blit(sprites.button(rect.w, rect.h, label, state), rect)
        self.target(rect, action if enabled else None, eid)

    # --- the viewer's hand ------------------------------------------------------------
    def draw_hand(self, surf, view):
        r = self.r["hand"]
        surf.blit(sprites.panel(r.w, r.h), r.topleft)
        pad = self.px(8)
        hand = view.get("hand")
        title = self.tr("ttr.your_hand") if hand is not None else self.tr("ttr.watching")
        blit_text(surf, title, (r.x + pad, r.y + pad), self.px(14), theme.INK, True)
        if hand is None:
            return
        kinds = list(self.data.card_colour_ids) + [LOCO]
        cw = min(self.px(44), (r.w - 2 * pad) // len(kinds) - self.px(4))
        ch = min(int(cw * 1.35), r.h - self.px(36))
        x = r.x + pad
        y = r.y + self.px(28)
        for c in kinds:
            n = hand.get(c, 0)
            col = self.colour(c)
            box = pygame.Rect(x, y, cw, ch)
            img = sprites.card(cw, ch, col.rgb, "", None, col.letter, col.pattern, dim=n == 0)
            surf.blit(img, box)
            badge = theme.text(f"×{n}", self.px(14), theme.INK if n else theme.INK_SOFT, True)
            surf.blit(badge, badge.get_rect(midbottom=(box.centerx, box.bottom - self.px(3))))
            self.target(box, None, f"hand:{c}")
            x += cw + self.px(4)

    # --- tickets --------------------------------------------------------------------
    def _ticket_card(self, surf, rect, t, mouse, selected=False, action=None, eid=None):
        deck_rgb = (70, 110, 170) if t["deck"] == "short" else (140, 96, 60)
        fill = (226, 244, 226) if t.get("done") else theme.PARCHMENT
        pygame.draw.rect(surf, fill, rect, border_radius=self.px(5))
        pygame.draw.rect(surf, deck_rgb, rect, max(2, self.px(2)) + (self.px(2) if selected else 0),
                         border_radius=self.px(5))
        if selected:
            self.glow_rect(surf, rect, True)
        size = self.px(12)
        blit_text(surf, self.ticket_label(t), (rect.x + self.px(6), rect.centery), size, theme.INK, True,
                  "midleft", max_width=rect.w - self.px(54))
        mark = "✓" if t.get("done") else ""
        blit_text(surf, f"{mark} {t['points']}", (rect.right - self.px(6), rect.centery), self.px(14),
                  (40, 120, 60) if t.get("done") else theme.INK, True, "midright")
        if rect.collidepoint(mouse):
            self.hover_ticket = t["id"]
        self.target(rect, action, eid or f"ticket:{t['id']}")

    def draw_tickets(self, surf, view, mouse):
        r = self.r["tickets"]
        surf.blit(sprites.panel(r.w, r.h), r.topleft)
        pad = self.px(8)
        self.hover_ticket = None
        mine = view.get("my_tickets")
        if mine is None:
            blit_text(surf, self.tr("ttr.tickets_hidden"), (r.x + pad, r.y + pad), self.px(13), theme.INK_SOFT)
            return
        done = sum(1 for t in mine if t["done"])
        head = blit_text(surf, self.tr("ttr.your_tickets", done=done, n=len(mine)), (r.x + pad, r.y + pad),
                         self.px(14), theme.INK, True)
        room = r.right - pad - head.right - self.px(12)
        if room > self.px(60):
            blit_text(surf, self.tr("ttr.ticket_hint"), (r.right - pad, r.y + pad + self.px(2)), self.px(10),
                      theme.INK_SOFT, anchor="topright", max_width=room)
        cols = 2
        th = self.px(24)
        tw = (r.w - 2 * pad - self.px(6) * (cols - 1)) // cols
        y0 = r.y + self.px(28)
        rows = max(1, (r.bottom - pad - y0) // (th + self.px(4)))
        for k, t in enumerate(mine[: rows * cols]):
            box = pygame.Rect(r.x + pad + (k % cols) * (tw + self.px(6)), y0 + (k // cols) * (th + self.px(4)),
                              tw, th)
            self._ticket_card(surf, box, t, mouse, selected=t["id"] == self.shown_ticket)
        if len(mine) > rows * cols:
            blit_text(surf, self.tr("ttr.more_tickets", n=len(mine) - rows * cols),
                      (r.right - pad, r.bottom - pad), self.px(11), theme.INK_SOFT, anchor="bottomright")

    # --- overlays: mix, keep, payment, passengers, final tickets ----------------------------
    def draw_overlays(self, surf, view, legal, legal_set, mouse, hint):
        phase = view["phase"]
        seat = view["seat"]
        if phase != "turn":
            self.asking_mix = False
        if (phase == "setup_mix" or self.asking_mix) and legal:
            self._mix_panel(surf, [a for a in legal if a.verb in ("mix", "tickets")], mouse)
        elif phase in ("setup_keep", "keep") and view.get("offered") and legal:
            self._keep_panel(surf, view, legal_set, mouse)
        elif phase == "passengers" and legal:
            self._passenger_panel(surf, view, legal, mouse)
        elif phase == "over":
            self._final_panel(surf, view)
        if self.selected and self.selected in self.claims and seat is not None:
            self._payment_panel(surf, view, mouse)

    def _overlay_rect(self, w, h, avoid=None):
        """A panel over the map: at the bottom, or at the top when `avoid` (a point) is low."""
        mr = self.r["map"]
        if avoid is not None and avoid[1] > mr.centery:
            return pygame.Rect(mr.centerx - w // 2, mr.y + self.px(12), w, h)
        return pygame.Rect(mr.centerx - w // 2, mr.bottom - h - self.px(12), w, h)

    def _mix_panel(self, surf, legal, mouse):
        box = self._overlay_rect(min(self.r["map"].w - self.px(20), self.px(470)), self.px(96))
        surf.blit(sprites.shadow(box.w, box.h, self.px(10)), (box.x + 3, box.y + 5))
        surf.blit(sprites.panel(box.w, box.h), box)
        title = "ttr.mix_title" if legal and legal[0].verb == "mix" else "ttr.tickets_title"
        blit_text(surf, self.tr(title), (box.x + self.px(14), box.y + self.px(10)), self.px(14),
                  theme.INK, True, max_width=box.w - self.px(28))
        mixes = legal
        bw = (box.w - self.px(28) - self.px(6) * (len(mixes) - 1)) // max(1, len(mixes))
        for k, a in enumerate(mixes):
            b = pygame.Rect(box.x + self.px(14) + k * (bw + self.px(6)), box.y + self.px(40), bw, self.px(40))
            self._button(surf, b, self.tr("ttr.mix", short=a.args[0], long=a.args[1]), mouse, a,
                         f"mix:{a.args[0]}")

    def _keep_panel(self, surf, view, legal_set, mouse):
        offered = view["offered"]
        ids = tuple(sorted(t["id"] for t in offered))
        if ids != self.keep_for:
            self.keep_for, self.keep_sel = ids, set()
        seat = view["seat"]
        w = min(self.r["map"].w - self.px(20), self.px(470))
        th = self.px(30)
        h = self.px(48) + len(offered) * (th + self.px(6)) + self.px(50)
        box = self._overlay_rect(w, h)
        surf.blit(sprites.shadow(box.w, box.h, self.px(10)), (box.x + 3, box.y + 5))
        surf.blit(sprites.panel(box.w, box.h), box)
        need = 2 if view["phase"] == "setup_keep" else 1
        blit_text(surf, self.tr("ttr.keep_title", n=need), (box.x + self.px(14), box.y + self.px(12)),
                  self.px(14), theme.INK, True, max_width=box.w - self.px(28))
        y = box.y + self.px(42)
        for t in offered:
            rect = pygame.Rect(box.x + self.px(14), y, box.w - self.px(28), th)
            self._ticket_card(surf, rect, t, mouse, selected=t["id"] in self.keep_sel)
            y += th + self.px(6)
        act = Action(seat, "keep", tuple(sorted(self.keep_sel))) if seat is not None else None
        ok = act in legal_set
        b = pygame.Rect(box.right - self.px(14) - self.px(160), y + self.px(4), self.px(160), self.px(36))
        self._button(surf, b, self.tr("ttr.keep", n=len(self.keep_sel)), mouse, act, "keep", enabled=ok)

    def _passenger_panel(self, surf, view, legal, mouse):
        loc = view["pending"][0] if view["pending"] else None
        if loc is None:
            return
        opts = [a for a in legal if a.verb == "passenger" and a.args[0] == loc]
        x, y = self.pos[loc]
        title = self.tr("ttr.pick_passenger", location=self.loc_name(loc))
        w = max(self.px(60) + len(opts) * self.px(40), theme.font(self.px(12), True).size(title)[0] + self.px(20))
        box = pygame.Rect(0, 0, w, self.px(74))
        box.midbottom = (x, y - self.px(14))
        box.clamp_ip(self.r["map"])
        surf.blit(sprites.shadow(box.w, box.h, self.px(10)), (box.x + 3, box.y + 5))
        surf.blit(sprites.panel(box.w, box.h), box)
        blit_text(surf, title, (box.centerx, box.y + self.px(8)), self.px(12), theme.INK, True, "midtop",
                  max_width=box.w - self.px(12))
        for k, a in enumerate(opts):
            pc = next(p for p in self.data.passenger_colours if p.id == a.args[1])
            x0 = box.centerx - (len(opts) * self.px(40)) // 2
            b = pygame.Rect(x0 + k * self.px(40) + self.px(4), box.y + self.px(30), self.px(32), self.px(36))
            if b.collidepoint(mouse):
                self.glow_rect(surf, b, True)
            img = sprites.meeple(self.px(32), pc.rgb, pc.letter)
            surf.blit(img, img.get_rect(center=b.center))
            self.target(b, a, f"passenger:{a.args[1]}")

    def _payment_options(self) -> list[Action]:
        hand = (self.view_now or {}).get("hand") or {}
        opts = self.claims.get(self.selected, [])
        return sorted(opts, key=lambda a: (int(a.args[2]), -hand.get(a.args[1], 0), a.args[1]))

    def _payment_panel(self, surf, view, mouse):
        t = self.data.track_by_id[self.selected]
        opts = self._payment_options()
        if not opts:
            return
        self.choice = min(self.choice, len(opts) - 1)
        w = min(self.r["map"].w - self.px(20), self.px(420))
        shown = opts[:6]
        h = self.px(86) + self.px(34) * ((len(shown) + 1) // 2)
        (a0, b0), _ = self.track_geom[t.id]
        box = self._overlay_rect(w, h, avoid=((a0[0] + b0[0]) / 2, (a0[1] + b0[1]) / 2))
        surf.blit(sprites.shadow(box.w, box.h, self.px(10)), (box.x + 3, box.y + 5))
        surf.blit(sprites.panel(box.w, box.h), box)
        title = self.tr("ttr.claim_title", a=self.loc_name(t.a), b=self.loc_name(t.b), n=t.length,
                        points=self.data.points_for(t.length))
        blit_text(surf, title, (box.x + self.px(14), box.y + self.px(10)), self.px(14), theme.INK, True,
                  max_width=box.w - self.px(28))
        self.pay_boxes = []
        bw = (box.w - self.px(34)) // 2
        for k, a in enumerate(shown):
            b = pygame.Rect(box.x + self.px(14) + (k % 2) * (bw + self.px(6)),
                            box.y + self.px(36) + (k // 2) * self.px(34), bw, self.px(30))
            sel = k == self.choice
            pygame.draw.rect(surf, (255, 236, 180) if sel else theme.PARCHMENT, b, border_radius=self.px(5))
            pygame.draw.rect(surf, theme.HIGHLIGHT if sel else theme.PARCHMENT_DARK, b,
                             max(2, self.px(2)), border_radius=self.px(5))
            self._payment_label(surf, b, t.length, a)
            self.pay_boxes.append((b, k))
        conf = pygame.Rect(box.right - self.px(14) - self.px(130), box.bottom - self.px(44), self.px(130),
                           self.px(34))
        self._button(surf, conf, self.tr("ttr.confirm"), mouse, opts[self.choice], "confirm")
        cancel = pygame.Rect(conf.x - self.px(110), conf.y, self.px(100), conf.h)
        self._button(surf, cancel, self.tr("ttr.cancel"), mouse, None, "cancel")
        self.cancel_box = cancel

    def _payment_label(self, surf, b, length, a):
        colour, locos = a.args[1], int(a.args[2])
        x = b.x + self.px(6)
        parts = [] if colour == LOCO else [(colour, length - locos)]
        if locos:
            parts.append((LOCO, locos))
        for c, n in parts:
            col = self.colour(c)
            chip = sprites.card(self.px(18), self.px(24), col.rgb, "", None, col.letter, col.pattern)
            surf.blit(chip, chip.get_rect(midleft=(x, b.centery)))
            r = blit_text(surf, f"×{n}", (x + self.px(21), b.centery), self.px(13), theme.INK, True, "midleft")
            x = r.right + self.px(8)

    def _final_panel(self, surf, view):
        pass  # the results scene shows the score pad; the map keeps every claimed route visible

    # ------------------------------------------------------------------ input
    def click(self, pos, legal) -> bool:
        for rect, act, _ in reversed(self.targets):
            if act is not None and act in legal and rect.collidepoint(pos):
                return False  # a legal target: the scene applies it
        if self.selected:
            for b, k in getattr(self, "pay_boxes", []):
                if b.collidepoint(pos):
                    self.choice = k
                    return True
            cancel = getattr(self, "cancel_box", None)
            if cancel is not None and cancel.collidepoint(pos):
                self.selected = None
                return True
        view = getattr(self, "view_now", None) or {}
        if self.ticket_button is not None and self.ticket_button.collidepoint(pos):
            self.asking_mix = not self.asking_mix
            self.selected = None
            return True
        if self.asking_mix:
            self.asking_mix = False
            return True
        if view.get("phase") in ("setup_keep", "keep"):
            for t in view.get("offered", []):
                for rect, _, eid in self.targets:
                    if eid == f"ticket:{t['id']}" and rect.collidepoint(pos):
                        self.keep_sel ^= {t["id"]}
                        return True
        tid = self.track_at(pos)
        if tid is not None and tid in self.claims:
            self.selected, self.choice = tid, 0
            return True
        for t in view.get("my_tickets", []):
            for rect, _, eid in self.targets:
                if eid == f"ticket:{t['id']}" and rect.collidepoint(pos):
                    self.shown_ticket = None if self.shown_ticket == t["id"] else t["id"]
                    return True
        if self.selected:
            self.selected = None
            return True
        return False

    def key_action(self, ev, legal):
        if ev.key == pygame.K_t and self.ticket_button is not None:
            self.asking_mix = not self.asking_mix
            return None
        if ev.key == pygame.K_RETURN and self.selected:
            opts = self._payment_options()
            return opts[self.choice] if opts else None
        return None

    def describe(self, action) -> str:
        if action.verb == "claim":
            t = self.data.track_by_id[action.args[0]]
            return f"{self.loc_name(t.a)}–{self.loc_name(t.b)}"
        if action.verb == "take":
            return self.tr("ttr.take", colour=self.tr(f"colour.{action.args[0]}"))
        return action.text

    # ------------------------------------------------------------------ animation
    def beats_for(self, events):
        beats = []
        for i, e in enumerate(events):
            if e.type == "route_claimed":
                beats.append(Beat("route", 0.7, {"track": e.args["track"], "seat": e.args["seat"],
                                                 "event_index": i}))
        return beats

    def draw_beat(self, surf, beat, progress):
        if beat.kind != "route":
            return
        t = self.data.track_by_id[beat.data["track"]]
        spaces = self.track_geom[t.id][1]
        shown = max(1, int(math.ceil(progress * len(spaces))))
        rgb = self.seat_rgb(beat.data["seat"])
        for poly in spaces[:shown]:
            pygame.draw.polygon(surf, rgb, poly)
            pygame.draw.polygon(surf, theme.INK, poly, 1)
        a, b = self.track_geom[t.id][0]
        self._glow_line(surf, a, b, self.px(14), int(200 * (1 - progress)))
