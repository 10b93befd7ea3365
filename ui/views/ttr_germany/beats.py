"""Short animations over the table, from the events of a move: a card flying from the
display or the deck to a hand, a route's trains set down one by one, a passenger
hopping from its city to its new owner, tickets going to their holder, and the
last-round banner. The play scene plays them in order; Space skips them."""
from __future__ import annotations

import math

import pygame

from ui import sprites, theme
from ui.views.base import Beat
from ui.views.ttr_germany import art


def ease(t: float) -> float:
    return 1 - (1 - max(0.0, min(1.0, t))) ** 3


def lerp(a, b, t):
    return a + (b - a) * t


class BeatsMixin:
    def beats_for(self, events):
        beats = []
        for i, e in enumerate(events):
            a = e.args
            if e.type == "card_taken":
                beats.append(Beat("card", 0.32, {"src": "faceup", "colour": a["colour"], "seat": a["seat"],
                                                 "event_index": i}))
            elif e.type == "blind_drawn":
                beats.append(Beat("card", 0.32, {"src": "deck", "colour": a.get("colour"), "seat": a["seat"],
                                                 "event_index": i}))
            elif e.type == "route_claimed":
                beats.append(Beat("route", 0.15 + 0.06 * a["length"], {"track": a["track"], "seat": a["seat"],
                                                                       "event_index": i}))
            elif e.type == "passenger_taken":
                beats.append(Beat("meeple", 0.3, {"location": a["location"], "colour": a["colour"],
                                                  "seat": a["seat"], "event_index": i}))
            elif e.type == "tickets_kept":
                beats.append(Beat("tickets", 0.3, {"seat": a["seat"], "count": a["count"], "event_index": i}))
            elif e.type == "last_round":
                beats.append(Beat("banner", 1.2, {"seat": a["seat"], "event_index": i}))
        return beats

    def draw_beat(self, surf, beat, progress):
        fn = getattr(self, f"_beat_{beat.kind}", None)
        if fn is not None and getattr(self, "row_rects", None):
            fn(surf, beat.data, progress)

    def _dest(self, seat, colour=None) -> pygame.Rect:
        """Where something given to `seat` goes: the viewer's hand slot, else the seat's row."""
        if seat == self.view_now.get("seat") and colour in getattr(self, "hand_rects", {}):
            return self.hand_rects[colour]
        row = self.row_rects.get(seat, self.rect)
        L = self.s.beat
        r = pygame.Rect(0, 0, L.dest_w, L.dest_h)
        r.center = (row.x + L.dest_dx, row.centery)
        return r

    def _beat_card(self, surf, d, p):
        if d["src"] == "faceup":
            face_up = self.view_now.get("face_up", [])
            i = face_up.index(d["colour"]) if d["colour"] in face_up else 0
            src = self.faceup_rects[min(i, len(self.faceup_rects) - 1)]
        else:
            src = self.deck_rect
        dst = self._dest(d["seat"], d["colour"])
        t = ease(p)
        w = int(lerp(src.w, dst.w, t))
        h = int(lerp(src.h, dst.h, t))
        cx = lerp(src.centerx, dst.centerx, t)
        L = self.s.beat
        cy = lerp(src.centery, dst.centery, t) - math.sin(t * math.pi) * L.card_arc
        if d["colour"] and (d["src"] == "faceup" or p > 0.5):
            img = self.card_img(d["colour"], w, h)
        else:
            img = sprites.card_back(w, h, self.conf["colours"]["deck"])
        surf.blit(sprites.shadow(w, h, L.shadow), (cx - w / 2 + L.shadow_dx, cy - h / 2 + L.shadow_dy))
        surf.blit(img, img.get_rect(center=(cx, cy)))

    def _beat_route(self, surf, d, p):
        t = self.data.track_by_id[d["track"]]
        g = self.geom.tracks[t.id]
        pc = self.seat_identity(d["seat"])
        S = self.s.beat
        L, W = round(g.space_len) + S.space_grow, self.geom.tw + S.space_grow
        marker = sprites.shape_marker(max(6, self.geom.tw - S.marker_shrink), pc["shape"],
                                      self.conf["colours"]["marker"])
        n = len(g.spaces)
        clip = surf.get_clip()
        surf.set_clip(self.r["map_inner"].clip(clip))  # zoomed in, a route may run out of the map's window
        for k, (x, y, ang) in enumerate(g.spaces):
            local = max(0.0, min(1.0, p * (n + 1) - k))
            if local <= 0:
                continue
            lift = (1 - ease(local)) * S.drop
            img = art.space_rotated(L, W, pc["rgb"], "none", int(round(ang)) % 360, True)
            surf.blit(img, img.get_rect(center=(x, y - lift)))
            surf.blit(marker, marker.get_rect(center=(x, y - lift)))
        glow, at = self.painter.glow(t.id)
        glow = glow.copy()
        glow.set_alpha(int(200 * (1 - p)))
        surf.blit(glow, at)
        surf.set_clip(clip)

    def _beat_meeple(self, surf, d, p):
        loc = d["location"]
        mr = self.r["map_inner"]  # from the map's edge when the city is out of sight
        src = (max(mr.x, min(mr.right, self.geom.trays[loc].centerx)),
               max(mr.y, min(mr.bottom, self.geom.trays[loc].centery)))
        dst = self.meeple_slots.get((d["seat"], d["colour"])) or self._dest(d["seat"]).center
        t = ease(p)
        x = lerp(src[0], dst[0], t)
        L = self.s.beat
        y = lerp(src[1], dst[1], t) - math.sin(t * math.pi) * L.meeple_arc
        pc = self.passenger_colour(d["colour"])
        size = int(lerp(L.meeple_min, L.meeple_max, math.sin(t * math.pi)))
        img = sprites.meeple(size, pc.rgb, pc.letter)
        surf.blit(img, img.get_rect(center=(x, y)))

    def _beat_tickets(self, surf, d, p):
        src = self.tickets_rect
        mine = d["seat"] == self.view_now.get("seat")
        dst = self.r["tickets"] if mine else self._dest(d["seat"])
        for k in range(max(1, d["count"])):
            tk = ease(max(0.0, min(1.0, p * 1.3 - k * 0.1)))
            x = lerp(src.centerx, dst.centerx, tk)
            L = self.s.beat
            y = lerp(src.centery, dst.centery, tk) - math.sin(tk * math.pi) * L.tickets_arc
            img = sprites.card_back(L.ticket_w, L.ticket_h, self.conf["colours"]["ticket_back"])
            surf.blit(img, img.get_rect(center=(x + k * L.ticket_step, y)))

    def _beat_banner(self, surf, d, p):
        mr = self.r["map_inner"]
        a = min(1.0, p * 5, (1 - p) * 4)
        h = self.s.beat.banner_h
        band = pygame.Surface((mr.w, h), pygame.SRCALPHA)
        band.fill((*self.conf["colours"]["banner"], int(225 * a)))
        surf.blit(band, (mr.x, mr.centery - h // 2))
        text = self.tr("ttr.last_round_banner", seat=self.seat_name(d["seat"]))
        img = theme.fit_text(text, mr.w - self.s.beat.banner_room, self.s.font.beat.banner, theme.WHITE, True)

        img = img.copy()
        img.set_alpha(int(255 * a))
        surf.blit(img, img.get_rect(center=(mr.centerx, mr.centery)))
