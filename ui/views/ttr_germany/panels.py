"""The panels beside the map: players with the scoring track, the face-up cards with the
decks, the viewer's hand grouped by colour, the viewer's tickets. Only counts of another
seat's hand and tickets exist in the view, so only counts are drawn."""
from __future__ import annotations

import math

import pygame

from games.core.action import Action
from ui import sprites, theme
from ui.views.ttr_germany import art
from ui.widgets import blit_text

LOCO = "locomotive"
DECK_RGB = {"short": (52, 96, 160), "long": (128, 84, 48)}
DONE_RGB = (46, 140, 76)


class PanelsMixin:
    # ------------------------------------------------------------------ players
    def draw_players(self, surf, view):
        r = self.r["players"]
        pad = self.px(10)
        head = blit_text(surf, self.tr("ttr.players"), (r.x + pad, r.y + self.px(7)), self.px(16), theme.INK, True)
        if view["final_turns"] >= 0 and view["phase"] != "over":
            warn = self.tr("ttr.last_round", n=view["final_turns"])
            t = blit_text(surf, warn, (r.right - pad, head.centery), self.px(15), theme.DANGER, True, "midright",
                          max_width=r.w - head.w - 3 * pad - self.px(20))
            ic = sprites.icon("warning", self.px(16), theme.DANGER)
            surf.blit(ic, ic.get_rect(midright=(t.x - self.px(4), t.centery)))
        track = pygame.Rect(r.x + pad, head.bottom + self.px(5), r.w - 2 * pad, self.px(24))
        self._score_track(surf, view, track)
        rows_top = track.bottom + self.px(6)
        n = len(view["players"])
        row_h = min(self.px(self.conf["screen"]["player_row"]), (r.bottom - pad // 2 - rows_top) // max(1, n))
        self.row_rects = {}
        for k, p in enumerate(view["players"]):
            row = pygame.Rect(r.x + self.px(6), rows_top + k * row_h, r.w - self.px(12), row_h - self.px(2))
            self._player_row(surf, view, p, row)
            self.row_rects[p["seat"]] = row

    def _score_track(self, surf, view, box):
        """The scoring track: a ruler with every seat's marker at its route points."""
        scores = [p["score"] for p in view["players"]]
        top = max(50, int(math.ceil((max(scores) + 1) / 25.0)) * 25)
        rail = pygame.Rect(box.x + self.px(8), box.centery - self.px(3), box.w - self.px(16), self.px(6))
        pygame.draw.rect(surf, (226, 210, 176), box, border_radius=box.h // 2)
        pygame.draw.rect(surf, theme.PARCHMENT_DARK, box, 1, border_radius=box.h // 2)
        pygame.draw.rect(surf, (200, 180, 140), rail, border_radius=rail.h // 2)
        for v in range(0, top + 1, 5):
            x = rail.x + rail.w * v / top
            big = v % 25 == 0
            pygame.draw.line(surf, theme.INK_SOFT, (x, rail.y - (self.px(4) if big else 0)),
                             (x, rail.bottom + (self.px(4) if big else 1)), 1)
            if big and 0 < v:
                img = theme.text(str(v), self.px(10), theme.INK_SOFT)
                surf.blit(img, img.get_rect(midtop=(x + self.px(8), box.y + self.px(1))))
        d = self.px(17)
        marks = sorted((rail.x + rail.w * p["score"] / top, p["seat"]) for p in view["players"])
        groups: list[list] = []
        for x, seat in marks:  # markers too close to each other line up side by side
            if groups and x - groups[-1][-1][0] < d * 0.9:
                groups[-1].append((x, seat))
            else:
                groups.append([(x, seat)])
        for grp in groups:
            step = d * 0.85
            span = step * (len(grp) - 1)
            x0 = sum(x for x, _ in grp) / len(grp) - span / 2
            x0 = max(rail.x - d * 0.3, min(rail.right + d * 0.3 - span, x0))
            for k, (_, seat) in enumerate(grp):
                mk = self.seat_marker(seat, d)
                surf.blit(mk, mk.get_rect(center=(x0 + k * step, box.centery)))

    def _player_row(self, surf, view, p, row):
        i = p["seat"]
        acting = i in view["to_act"] and view["phase"] != "over"
        if acting:
            pygame.draw.rect(surf, (255, 232, 170), row, border_radius=self.px(6))
            pygame.draw.rect(surf, theme.HIGHLIGHT, row, max(1, self.px(2)), border_radius=self.px(6))
        elif i == view["seat"]:
            pygame.draw.rect(surf, (236, 222, 190), row, border_radius=self.px(6))
        two = row.h >= self.px(34)
        mk = self.seat_marker(i, min(row.h - self.px(6), self.px(26)))
        surf.blit(mk, mk.get_rect(midleft=(row.x + self.px(4), row.centery)))
        x0 = row.x + self.px(34)
        score_w = self.px(64)
        meeple_w = self.px(30) * len(self.data.passenger_colours)
        meeples_x = row.right - score_w - meeple_w
        name = self.seat_name(i)
        if i == view["seat"]:
            name += f" ({self.tr('play.you')})"
        y1 = row.y + row.h * (0.3 if two else 0.5)
        blit_text(surf, name, (x0, y1), self.px(15), theme.INK, True, "midleft", max_width=meeples_x - x0 - self.px(6))
        # trains, cards, tickets (counts only: another seat's hand and tickets stay hidden)
        y2 = row.y + row.h * 0.72 if two else y1
        x = x0 if two else x0 + self.px(110)
        phase = view["phase"]
        if phase in ("setup_mix", "setup_keep"):
            if phase == "setup_keep":
                key = "ttr.ready" if p["decided"] else "ttr.choosing"
            else:
                key = "ttr.mix_chosen" if p["mix"] else "ttr.mix_waiting"
            mix = p["mix"] or [0, 0]
            blit_text(surf, self.tr(key, short=mix[0], long=mix[1]), (x, y2), self.px(13), theme.INK_SOFT, False,
                      "midleft", max_width=meeples_x - x - self.px(4))
        else:
            t = p["tickets"]
            for icon, value in (("train", p["trains"]), ("card", p["hand_count"]),
                                ("ticket", f"{t['short']}+{t['long']}")):
                ic = sprites.icon(icon, self.px(15), theme.INK_SOFT)
                surf.blit(ic, ic.get_rect(midleft=(x, y2)))
                low = icon == "train" and p["trains"] <= self.data.end_trigger_trains + 3
                txt = blit_text(surf, str(value), (x + self.px(17), y2), self.px(14),
                                theme.DANGER if low else theme.INK, True, "midleft")
                x = txt.right + self.px(11)
        # passengers by colour, with letters; the colour's leader has its count in gold
        mh = min(self.px(17), row.h - self.px(10))
        lead = self.passenger_leaders(view)
        for k, pc in enumerate(self.data.passenger_colours):
            cnt = p["passengers"].get(pc.id, 0)
            cx = meeples_x + k * self.px(30)
            img = sprites.meeple(mh, pc.rgb, pc.letter) if cnt else self.faded_meeple(mh, pc)
            surf.blit(img, img.get_rect(midleft=(cx, row.centery)))
            self.meeple_slots[(i, pc.id)] = (cx + mh // 2, row.centery)
            at = (cx + mh + self.px(6), row.centery + self.px(3))
            if cnt and i in lead.get(pc.id, ()):
                pygame.draw.circle(surf, theme.HIGHLIGHT, at, self.px(8))
                pygame.draw.circle(surf, (150, 110, 30), at, self.px(8), 1)
            blit_text(surf, str(cnt), at, self.px(12), theme.INK if cnt else theme.INK_SOFT, True, "center")
        blit_text(surf, str(p["score"]), (row.right - self.px(8), row.centery), self.px(20), theme.INK, True,
                  "midright")
        self.target(surf, row, None, f"player:{i}")

    def faded_meeple(self, h, pc):
        key = (h, pc.id)
        cache = self.__dict__.setdefault("_faded", {})
        if key not in cache:
            cache[key] = sprites.meeple(h, pc.rgb, pc.letter).copy()
            cache[key].set_alpha(60)
        return cache[key]

    @staticmethod
    def passenger_leaders(view) -> dict:
        """Passenger colour -> seats holding the most of it (at least one)."""
        out = {}
        for c in view["players"][0]["passengers"]:
            counts = {p["seat"]: p["passengers"].get(c, 0) for p in view["players"]}
            top = max(counts.values())
            if top:
                out[c] = {s for s, n in counts.items() if n == top}
        return out

    # ------------------------------------------------------------------ display and decks
    def draw_display(self, surf, view, legal_set, mouse, hint):
        r = self.r["display"]
        pad = self.px(10)
        seat = view["seat"]
        head = blit_text(surf, self.tr("ttr.display"), (r.x + pad, r.y + self.px(6)), self.px(16), theme.INK, True)
        blit_text(surf, self.tr("ttr.discard", n=view["discard"]), (head.right + self.px(10), head.centery),
                  self.px(13), theme.INK_SOFT, False, "midleft")
        gap = self.px(6)
        avail_h = r.bottom - head.bottom - self.px(24)
        cw = min(int(avail_h / 1.4), (r.w - 2 * pad - 7 * gap - self.px(10)) // 8)
        ch = int(cw * 1.4)
        y = head.bottom + self.px(5)
        x = r.x + pad
        second = view["phase"] == "second"
        mine = bool(legal_set) and view["phase"] in ("turn", "second")
        self.faceup_rects = []
        for i in range(self.data.face_up):
            box = pygame.Rect(x, y, cw, ch)
            self.faceup_rects.append(box)
            x += cw + gap
            if i >= len(view["face_up"]):
                pygame.draw.rect(surf, theme.PARCHMENT_DARK, box, 1, border_radius=self.px(5))
                self.target(surf, box, None, f"faceup:{i}")
                continue
            c = view["face_up"][i]
            act = Action(seat, "take", (c,)) if seat is not None else None
            ok = act in legal_set
            hov = box.collidepoint(mouse)
            self.target(surf, box, act if ok else None, f"faceup:{i}", glow=hint or hov, strong=hov)
            surf.blit(self.card_img(c, cw, ch, dim=mine and not ok), box)
            if mine and not ok and c == LOCO and second:
                f = art.forbidden(self.px(26))
                surf.blit(f, f.get_rect(center=box.center))
            if hov:
                self.tip = self.tr("ttr.tip.card", colour=self.tr(f"colour.{c}"))
        # the deck: a blind draw
        x += self.px(4)
        box = pygame.Rect(x, y, cw, ch)
        self.deck_rect = box
        act = Action(seat, "blind") if seat is not None else None
        ok = act in legal_set
        hov = box.collidepoint(mouse)
        self.target(surf, box, act if ok else None, "deck", glow=hint or hov, strong=hov)
        if view["deck"]:
            for k in (2, 1):
                surf.blit(sprites.card_back(cw, ch, (54, 66, 104)), box.move(k * self.px(1.5), -k * self.px(1.5)))
            surf.blit(sprites.card_back(cw, ch, (54, 66, 104)), box)
        else:
            pygame.draw.rect(surf, theme.PARCHMENT_DARK, box, 1, border_radius=self.px(5))
        blit_text(surf, self.tr("ttr.deck", n=view["deck"]), (box.centerx, box.bottom + self.px(2)), self.px(12),
                  theme.INK, True, "midtop")
        # the ticket decks: clicking them asks how many short and long tickets to draw
        x += cw + self.px(14)
        pygame.draw.line(surf, theme.PARCHMENT_DARK, (x - self.px(7), y), (x - self.px(7), y + ch), 1)
        tw = min((r.right - pad - x - gap) // 2, int(cw * 1.6))
        tb = pygame.Rect(x, y, 2 * tw + gap, ch)
        self.tickets_rect = tb
        can = any(a.verb == "tickets" for a in self.legal)
        hov = tb.collidepoint(mouse)
        if can and (hint or hov or self.asking_mix):
            self.halo(surf, tb, hov or self.asking_mix)
        for k, deck in enumerate(("short", "long")):
            b = pygame.Rect(x + k * (tw + gap), y + self.px(4), tw, ch - self.px(8))
            if view["ticket_decks"][deck]:
                surf.blit(sprites.card_back(b.w, b.h, DECK_RGB[deck]), b)
                ic = sprites.icon("ticket", min(b.w, b.h) // 2, (250, 236, 200))
                surf.blit(ic, ic.get_rect(center=b.center))
            else:
                pygame.draw.rect(surf, theme.PARCHMENT_DARK, b, 1, border_radius=self.px(5))
            blit_text(surf, self.tr(f"ttr.deck.{deck}", n=view["ticket_decks"][deck]),
                      (b.centerx, y + ch + self.px(2)), self.px(12), theme.INK, True, "midtop", max_width=tw + gap)
        if hov and can:
            self.tip = self.tr("ttr.draw_tickets")
        self.target(surf, tb, None, "tickets")

    def card_img(self, colour_id, w, h, dim=False):
        col = self.data.colour_by_id[colour_id]
        loco = tuple(c.rgb for c in self.data.card_colours) if colour_id == LOCO else None
        return art.train_card(w, h, col.rgb, col.letter, col.pattern, loco, dim)

    # ------------------------------------------------------------------ the viewer's hand
    def draw_hand(self, surf, view, mouse):
        r = self.r["hand"]
        pad = self.px(10)
        hand = view.get("hand")
        self.hand_rects = {}
        if hand is None:
            blit_text(surf, self.tr("ttr.watching"), (r.x + pad, r.y + self.px(6)), self.px(16), theme.INK, True)
            return
        total = sum(hand.values())
        head = blit_text(surf, self.tr("ttr.your_hand", n=total), (r.x + pad, r.y + self.px(6)), self.px(16),
                         theme.INK, True)
        spend = self.payment_spend()
        kinds = list(self.data.card_colour_ids) + [LOCO]
        gap = self.px(6)
        cw = min(int((r.bottom - head.bottom - self.px(14)) / 1.4), (r.w - 2 * pad - gap * 8) // 9 - self.px(3))
        ch = int(cw * 1.4)
        x = r.x + pad
        y = head.bottom + self.px(7)
        step = min((r.w - 2 * pad - cw) / 8, cw + self.px(14))
        for c in kinds:
            n = hand.get(c, 0)
            box = pygame.Rect(int(x), y, cw, ch)
            self.hand_rects[c] = box
            if n:
                for k in range(min(n, 4) - 1, 0, -1):  # a small stack: more cards, thicker
                    surf.blit(self.card_img(c, cw, ch), box.move(k * self.px(2), -k * self.px(2)))
                surf.blit(self.card_img(c, cw, ch), box)
            else:
                ghost = self.card_img(c, cw, ch, dim=True).copy()
                ghost.set_alpha(80)
                surf.blit(ghost, box)
            if spend.get(c):
                pygame.draw.rect(surf, theme.HIGHLIGHT, box.inflate(self.px(4), self.px(4)), max(2, self.px(3)),
                                 border_radius=self.px(6))
            badge = pygame.Rect(0, 0, self.px(24), self.px(20))
            badge.midbottom = (box.centerx, box.bottom + self.px(5))
            pygame.draw.rect(surf, theme.INK if n else theme.PARCHMENT_DARK, badge, border_radius=badge.h // 2)
            blit_text(surf, str(n), badge.center, self.px(14), theme.PARCHMENT if n else theme.INK_SOFT, True, "center")
            if spend.get(c):
                b2 = pygame.Rect(0, 0, self.px(28), self.px(20))
                b2.midtop = (box.centerx, box.y - self.px(4))
                pygame.draw.rect(surf, theme.DANGER, b2, border_radius=b2.h // 2)
                blit_text(surf, f"−{spend[c]}", b2.center, self.px(13), theme.WHITE, True, "center")
            if box.collidepoint(mouse):
                self.tip = self.tr("ttr.tip.hand", colour=self.tr(f"colour.{c}"), n=n)
            self.target(surf, box, None, f"hand:{c}")
            x += step

    # ------------------------------------------------------------------ tickets
    def ticket_card(self, surf, rect, t, mouse, selected=False, pinned=False, checkbox=None):
        """A destination ticket: deck colour at the left, the two places, the points, and
        whether it is done (green check) or how many trains it still needs."""
        deck_rgb = DECK_RGB[t["deck"]]
        done = t.get("done")
        fill = (224, 242, 222) if done else (250, 243, 226)
        rad = self.px(6)
        hov = rect.collidepoint(mouse)
        if selected:
            self.halo(surf, rect, True)
        surf.blit(sprites.shadow(rect.w, rect.h, rad), (rect.x + self.px(1), rect.y + self.px(2)))
        pygame.draw.rect(surf, fill, rect, border_radius=rad)
        stripe = pygame.Rect(rect.x, rect.y, self.px(8), rect.h)
        pygame.draw.rect(surf, deck_rgb, stripe, border_top_left_radius=rad, border_bottom_left_radius=rad)
        edge = theme.HIGHLIGHT if (selected or pinned or hov) else deck_rgb
        pygame.draw.rect(surf, edge, rect, max(1, self.px(3 if (selected or pinned) else 1.5)), border_radius=rad)
        badge = min(self.px(30), rect.h - self.px(4))
        bx = rect.right - self.px(6) - badge
        cy = rect.centery
        pygame.draw.circle(surf, deck_rgb, (bx + badge // 2, cy), badge // 2)
        blit_text(surf, str(t["points"]), (bx + badge // 2, cy), min(self.px(14), int(badge * 0.62)), theme.WHITE,
                  True, "center")
        x0 = stripe.right + self.px(6)
        if checkbox is not None:  # choosing tickets: a box to tick
            cb = pygame.Rect(0, 0, self.px(20), self.px(20))
            cb.midleft = (x0, cy)
            pygame.draw.rect(surf, theme.HIGHLIGHT if checkbox else theme.WHITE, cb, border_radius=self.px(4))
            pygame.draw.rect(surf, theme.INK, cb, max(1, self.px(1.5)), border_radius=self.px(4))
            if checkbox:
                pygame.draw.lines(surf, theme.INK, False, [(cb.x + cb.w * 0.22, cb.y + cb.h * 0.52),
                                                           (cb.x + cb.w * 0.42, cb.y + cb.h * 0.74),
                                                           (cb.x + cb.w * 0.8, cb.y + cb.h * 0.28)], max(2, self.px(2.5)))
            x0 = cb.right + self.px(8)
        width = bx - x0 - self.px(4)
        two = rect.h >= self.px(40)
        label = f"{self.loc_name(t['a'])} – {self.loc_name(t['b'])}"
        if two:
            blit_text(surf, label, (x0, rect.y + rect.h * 0.32), self.px(15), theme.INK, True, "midleft",
                      max_width=width)
            if done:
                status, rgb = self.tr("ttr.ticket_done"), DONE_RGB
            elif t.get("trains_needed", 0) < 0:
                status, rgb = self.tr("ttr.ticket_cut"), theme.DANGER
            else:
                status, rgb = self.tr("ttr.ticket_needs", n=t["trains_needed"]), theme.INK_SOFT
            sx = x0
            if done:
                ck = art.check(self.px(15))
                surf.blit(ck, ck.get_rect(midleft=(x0, rect.y + rect.h * 0.72)))
                sx += self.px(18)
            blit_text(surf, status, (sx, rect.y + rect.h * 0.72), self.px(13), rgb, done, "midleft",
                      max_width=bx - sx - self.px(4))
        else:
            if done:
                ck = art.check(self.px(15))
                surf.blit(ck, ck.get_rect(midleft=(x0, cy)))
                x0 += self.px(18)
                width -= self.px(18)
            blit_text(surf, label, (x0, cy), self.px(14) if rect.h >= self.px(28) else self.px(12), theme.INK, True,
                      "midleft", max_width=width)
        if hov:
            self.hover_ticket = t["id"]

    def ticket_grid(self, n, area):
        """(columns, row height) that fits n tickets in `area`, roomiest first."""
        for cols, h in ((2, 46), (2, 38), (2, 30), (3, 30), (3, 24), (3, 21), (4, 21)):
            h = self.px(h)
            if cols * max(1, (area.h + self.px(6)) // (h + self.px(6))) >= n:
                return cols, h
        return 4, self.px(21)

    def draw_tickets(self, surf, view, mouse):
        r = self.r["tickets"]
        pad = self.px(10)
        mine = view.get("my_tickets")
        if mine is None:
            blit_text(surf, self.tr("ttr.tickets_hidden"), (r.x + pad, r.y + self.px(6)), self.px(16), theme.INK, True)
            return
        done = sum(1 for t in mine if t["done"])
        head = blit_text(surf, self.tr("ttr.your_tickets", done=done, n=len(mine)), (r.x + pad, r.y + self.px(6)),
                         self.px(16), theme.INK, True)
        room = r.right - pad - head.right - self.px(12)
        if mine and room > self.px(80):
            blit_text(surf, self.tr("ttr.ticket_hint"), (r.right - pad, head.centery), self.px(12), theme.INK_SOFT,
                      anchor="midright", max_width=room)
        area = pygame.Rect(r.x + pad, head.bottom + self.px(6), r.w - 2 * pad, r.bottom - pad - head.bottom - self.px(6))
        if not mine:
            return
        cols, th = self.ticket_grid(len(mine), area)
        g = self.px(6)
        tw = (area.w - g * (cols - 1)) // cols
        rows = max(1, (area.h + g) // (th + g))
        shown = mine if len(mine) <= rows * cols else mine[: rows * cols - 1]
        for k, t in enumerate(shown):
            box = pygame.Rect(area.x + (k % cols) * (tw + g), area.y + (k // cols) * (th + g), tw, th)
            self.ticket_card(surf, box, t, mouse, pinned=t["id"] == self.pinned_ticket)
            self.target(surf, box, None, f"ticket:{t['id']}")
        if len(shown) < len(mine):
            k = len(shown)
            box = pygame.Rect(area.x + (k % cols) * (tw + g), area.y + (k // cols) * (th + g), tw, th)
            blit_text(surf, self.tr("ttr.more_tickets", n=len(mine) - len(shown)), box.center, self.px(13),
                      theme.INK_SOFT, True, "center")
