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


class PanelsMixin:
    # ------------------------------------------------------------------ players
    def draw_players(self, surf, view):
        r = self.r["players"]
        L, F = self.s.players, self.s.font.players
        pad = self.s.panel.pad
        head = blit_text(surf, self.tr("ttr.players"), (r.x + pad, r.y + L.title_dy), self.s.font.panel.title,
                         theme.INK, True)
        if view["final_turns"] >= 0 and view["phase"] != "over":
            warn = self.tr("ttr.last_round", n=view["final_turns"])
            t = blit_text(surf, warn, (r.right - pad, head.centery), F.warning, theme.DANGER, True, "midright",
                          max_width=r.w - head.w - 3 * pad - L.warning_room)
            ic = sprites.icon("warning", L.warning_icon, theme.DANGER)
            surf.blit(ic, ic.get_rect(midright=(t.x - L.warning_gap, t.centery)))
        track = pygame.Rect(r.x + pad, head.bottom + L.track_dy, r.w - 2 * pad, L.track_h)
        self._score_track(surf, view, track)
        rows_top = track.bottom + L.rows_dy
        n = len(view["players"])
        row_h = min(self.px(self.conf["screen"]["player_row"]), (r.bottom - pad // 2 - rows_top) // max(1, n))
        self.row_rects = {}
        for k, p in enumerate(view["players"]):
            row = pygame.Rect(r.x + L.row_inset, rows_top + k * row_h, r.w - self.s.twice.players.row_inset, row_h - L.row_gap)
            self._player_row(surf, view, p, row)
            self.row_rects[p["seat"]] = row

    def _score_track(self, surf, view, box):
        """The scoring track: a ruler with every seat's marker at its route points."""
        L, C = self.s.track, self.conf["colours"]
        scores = [p["score"] for p in view["players"]]
        top = max(50, int(math.ceil((max(scores) + 1) / 25.0)) * 25)
        rail = pygame.Rect(box.x + L.rail_inset, box.centery - L.rail_up, box.w - self.s.twice.track.rail_inset, L.rail_h)
        pygame.draw.rect(surf, C["track"], box, border_radius=box.h // 2)
        pygame.draw.rect(surf, theme.PARCHMENT_DARK, box, 1, border_radius=box.h // 2)
        pygame.draw.rect(surf, C["rail"], rail, border_radius=rail.h // 2)
        for v in range(0, top + 1, 5):
            x = rail.x + rail.w * v / top
            big = v % 25 == 0
            pygame.draw.line(surf, theme.INK_SOFT, (x, rail.y - (L.tick if big else 0)),
                             (x, rail.bottom + (L.tick if big else 1)), 1)
            if big and 0 < v:
                img = theme.text(str(v), self.s.font.track.number, theme.INK_SOFT)
                surf.blit(img, img.get_rect(midtop=(x + L.number_dx, box.y + L.number_dy)))
        d = L.marker
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
        L, F, C = self.s.row, self.s.font.row, self.conf["colours"]
        i = p["seat"]
        acting = i in view["to_act"] and view["phase"] != "over"
        if acting:
            pygame.draw.rect(surf, C["acting_row"], row, border_radius=L.radius)
            pygame.draw.rect(surf, theme.HIGHLIGHT, row, max(1, L.outline), border_radius=L.radius)
        elif i == view["seat"]:
            pygame.draw.rect(surf, C["own_row"], row, border_radius=L.radius)
        two = row.h >= L.two_lines
        mk = self.seat_marker(i, min(row.h - L.marker_room, L.marker))
        surf.blit(mk, mk.get_rect(midleft=(row.x + L.marker_dx, row.centery)))
        x0 = row.x + L.name_dx
        score_w = L.score_w
        meeple_w = L.meeple_step * len(self.data.passenger_colours)
        phase = view["phase"]
        setup = phase in ("setup_mix", "setup_keep")
        # before the first turn nobody has passengers: the words take their room
        meeples_x = row.right - score_w - (0 if setup else meeple_w)
        name = self.seat_name(i)
        if i == view["seat"]:
            name += f" ({self.tr('play.you')})"
        y1 = row.y + row.h * (0.3 if two else 0.5)
        blit_text(surf, name, (x0, y1), F.name, theme.INK, True, "midleft", max_width=meeples_x - x0 - L.name_gap)
        # trains, cards, tickets (counts only: another seat's hand and tickets stay hidden)
        y2 = row.y + row.h * 0.72 if two else y1
        x = x0 if two else x0 + L.counts_dx
        if setup:
            if phase == "setup_keep":
                key = "ttr.ready" if p["decided"] else "ttr.choosing"
            else:
                key = "ttr.mix_chosen" if p["mix"] else "ttr.mix_waiting"
            mix = p["mix"] or [0, 0]
            blit_text(surf, self.tr(key, short=mix[0], long=mix[1]), (x, y2), F.status, theme.INK_SOFT, False,
                      "midleft", max_width=meeples_x - x - L.status_gap)
        else:
            t = p["tickets"]
            for icon, value in (("train", p["trains"]), ("card", p["hand_count"]),
                                ("ticket", f"{t['short']}+{t['long']}")):
                ic = sprites.icon(icon, L.icon, theme.INK_SOFT)
                surf.blit(ic, ic.get_rect(midleft=(x, y2)))
                low = icon == "train" and p["trains"] <= self.data.end_trigger_trains + 3
                txt = blit_text(surf, str(value), (x + L.count_dx, y2), F.count,
                                theme.DANGER if low else theme.INK, True, "midleft")
                x = txt.right + L.count_gap
        # passengers by colour, with letters; the colour's leader has its count in gold
        mh = min(L.meeple, row.h - L.meeple_room)
        lead = self.passenger_leaders(view)
        for k, pc in enumerate(() if setup else self.data.passenger_colours):
            cnt = p["passengers"].get(pc.id, 0)
            cx = meeples_x + k * L.meeple_step
            look = self.passenger_colour(pc.id)
            img = sprites.meeple(mh, look.rgb, look.letter) if cnt else self.faded_meeple(mh, pc)
            surf.blit(img, img.get_rect(midleft=(cx, row.centery)))
            self.meeple_slots[(i, pc.id)] = (cx + mh // 2, row.centery)
            at = (cx + mh + L.lead_dx, row.centery + L.lead_dy)
            if cnt and i in lead.get(pc.id, ()):
                pygame.draw.circle(surf, theme.HIGHLIGHT, at, L.lead_radius)
                pygame.draw.circle(surf, C["lead_ring"], at, L.lead_radius, 1)
            blit_text(surf, str(cnt), at, F.passengers, theme.INK if cnt else theme.INK_SOFT, True, "center")
        blit_text(surf, str(p["score"]), (row.right - L.score_dx, row.centery), F.score, theme.INK, True,
                  "midright")

        self.target(surf, row, None, f"player:{i}")

    def faded_meeple(self, h, pc):
        key = (h, pc.id)
        cache = self.__dict__.setdefault("_faded", {})
        if key not in cache:
            look = self.passenger_colour(pc.id)
            cache[key] = sprites.meeple(h, look.rgb, look.letter).copy()
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
        L, F, C = self.s.display, self.s.font.display, self.conf["colours"]
        pad = self.s.panel.pad
        seat = view["seat"]
        head = blit_text(surf, self.tr("ttr.display"), (r.x + pad, r.y + self.s.panel.title_dy),
                         self.s.font.panel.title, theme.INK, True)
        blit_text(surf, self.tr("ttr.discard", n=view["discard"]), (head.right + L.discard_dx, head.centery),
                  F.discard, theme.INK_SOFT, False, "midleft")
        gap = L.gap
        avail_h = r.bottom - head.bottom - L.room_h
        cw = min(int(avail_h / 1.4), (r.w - 2 * pad - 7 * gap - L.room_w) // 8)
        ch = int(cw * 1.4)
        y = head.bottom + L.cards_dy
        x = r.x + pad
        second = view["phase"] == "second"
        mine = bool(legal_set) and view["phase"] in ("turn", "second")
        self.faceup_rects = []
        for i in range(self.data.face_up):
            box = pygame.Rect(x, y, cw, ch)
            self.faceup_rects.append(box)
            x += cw + gap
            if i >= len(view["face_up"]):
                pygame.draw.rect(surf, theme.PARCHMENT_DARK, box, 1, border_radius=L.radius)
                self.target(surf, box, None, f"faceup:{i}")
                continue
            c = view["face_up"][i]
            act = Action(seat, "take", (c,)) if seat is not None else None
            ok = act in legal_set
            hov = box.collidepoint(mouse)
            self.target(surf, box, act if ok else None, f"faceup:{i}", glow=hint or hov, strong=hov)
            surf.blit(self.card_img(c, cw, ch, dim=mine and not ok), box)
            if mine and not ok and c == LOCO and second:
                f = art.forbidden(L.forbidden)
                surf.blit(f, f.get_rect(center=box.center))
            if hov:
                self.tip = self.tr("ttr.tip.card", colour=self.tr(f"colour.{c}"))
        # the deck: a blind draw
        x += L.deck_gap
        box = pygame.Rect(x, y, cw, ch)
        self.deck_rect = box
        act = Action(seat, "blind") if seat is not None else None
        ok = act in legal_set
        hov = box.collidepoint(mouse)
        self.target(surf, box, act if ok else None, "deck", glow=hint or hov, strong=hov)
        if view["deck"]:
            for k in (2, 1):
                surf.blit(sprites.card_back(cw, ch, C["deck"]), box.move(k * L.stack_step, -k * L.stack_step))
            surf.blit(sprites.card_back(cw, ch, C["deck"]), box)
        else:
            pygame.draw.rect(surf, theme.PARCHMENT_DARK, box, 1, border_radius=L.radius)
        label = self.tr("ttr.deck", n=view["deck"])
        half = theme.font(F.label, True).size(label)[0] / 2  # wider than the card: it leans left, where
        cx = min(box.centerx, box.right + L.rule_dx - 2 - half)  # nothing is written under the cards
        blit_text(surf, label, (cx, box.bottom + L.label_dy), F.label, theme.INK, True, "midtop")
        # the ticket decks: clicking them asks how many short and long tickets to draw
        x += cw + L.rule_gap
        pygame.draw.line(surf, theme.PARCHMENT_DARK, (x - L.rule_dx, y), (x - L.rule_dx, y + ch), 1)
        tw = min((r.right - pad - x - gap) // 2, int(cw * 1.6))
        tb = pygame.Rect(x, y, 2 * tw + gap, ch)
        self.tickets_rect = tb
        can = any(a.verb == "tickets" for a in self.legal)
        hov = tb.collidepoint(mouse)
        if can and (hint or hov or self.asking_mix):
            self.halo(surf, tb, hov or self.asking_mix)
        for k, deck in enumerate(("short", "long")):
            b = pygame.Rect(x + k * (tw + gap), y + L.tickets_inset, tw, ch - self.s.twice.display.tickets_inset)
            n = view["ticket_decks"][deck]
            if n:  # the count on the deck's back, the deck's name under it: both fit a narrow deck
                surf.blit(sprites.card_back(b.w, b.h, C[deck]), b)
                ic = sprites.icon("ticket", min(b.w, b.h) // 3, C["ticket_icon"])
                surf.blit(ic, ic.get_rect(center=(b.centerx, b.y + b.h * 0.34)))
                blit_text(surf, str(n), (b.centerx, b.y + b.h * 0.72), F.label, C["ticket_icon"], True, "center")
            else:
                pygame.draw.rect(surf, theme.PARCHMENT_DARK, b, 1, border_radius=L.radius)
            blit_text(surf, self.tr(f"ttr.deck.{deck}", n=n), (b.centerx, y + ch + L.label_dy), F.label, theme.INK,
                      True, "midtop", max_width=tw + gap)
        if hov and can:
            self.tip = self.tr("ttr.draw_tickets")
        self.target(surf, tb, None, "tickets")

    def card_img(self, colour_id, w, h, dim=False):
        col = self.conf["cards"][colour_id]
        loco = tuple(self.conf["cards"][c.id].rgb for c in self.data.card_colours) if colour_id == LOCO else None
        return art.train_card(w, h, col.rgb, col.letter, col.pattern, loco, dim)

    # ------------------------------------------------------------------ the viewer's hand
    def draw_hand(self, surf, view, mouse):
        r = self.r["hand"]
        L, F = self.s.hand, self.s.font.hand
        pad, title_dy, title = self.s.panel.pad, self.s.panel.title_dy, self.s.font.panel.title
        hand = view.get("hand")
        self.hand_rects = {}
        if hand is None:
            blit_text(surf, self.tr("ttr.watching"), (r.x + pad, r.y + title_dy), title, theme.INK, True)
            return
        total = sum(hand.values())
        head = blit_text(surf, self.tr("ttr.your_hand", n=total), (r.x + pad, r.y + title_dy), title,
                         theme.INK, True)
        spend = self.payment_spend()
        kinds = list(self.data.card_colour_ids) + [LOCO]
        gap = L.gap
        cw = min(int((r.bottom - head.bottom - L.room_h) / 1.4), (r.w - 2 * pad - gap * 8) // 9 - L.card_gap)
        ch = int(cw * 1.4)
        x = r.x + pad
        y = head.bottom + L.cards_dy
        step = min((r.w - 2 * pad - cw) / 8, cw + L.step_max)
        for c in kinds:
            n = hand.get(c, 0)
            box = pygame.Rect(int(x), y, cw, ch)
            self.hand_rects[c] = box
            if n:
                for k in range(min(n, 4) - 1, 0, -1):  # a small stack: more cards, thicker
                    surf.blit(self.card_img(c, cw, ch), box.move(k * L.stack_step, -k * L.stack_step))
                surf.blit(self.card_img(c, cw, ch), box)
            else:
                ghost = self.card_img(c, cw, ch, dim=True).copy()
                ghost.set_alpha(80)
                surf.blit(ghost, box)
            if spend.get(c):
                pygame.draw.rect(surf, theme.HIGHLIGHT, box.inflate(L.ring, L.ring), max(2, L.ring_width),
                                 border_radius=L.ring_radius)
            badge = pygame.Rect(0, 0, L.badge_w, L.badge_h)
            badge.midbottom = (box.centerx, box.bottom + L.badge_dy)
            pygame.draw.rect(surf, theme.INK if n else theme.PARCHMENT_DARK, badge, border_radius=badge.h // 2)
            blit_text(surf, str(n), badge.center, F.count, theme.PARCHMENT if n else theme.INK_SOFT, True, "center")
            if spend.get(c):
                b2 = pygame.Rect(0, 0, L.spend_w, L.badge_h)
                b2.midtop = (box.centerx, box.y - L.spend_up)
                pygame.draw.rect(surf, theme.DANGER, b2, border_radius=b2.h // 2)
                blit_text(surf, f"−{spend[c]}", b2.center, F.spend, theme.WHITE, True, "center")

            if box.collidepoint(mouse):
                self.tip = self.tr("ttr.tip.hand", colour=self.tr(f"colour.{c}"), n=n)
            self.target(surf, box, None, f"hand:{c}")
            x += step

    # ------------------------------------------------------------------ tickets
    def ticket_card(self, surf, rect, t, mouse, selected=False, pinned=False, checkbox=None):
        """A destination ticket: deck colour at the left, the two places, the points, and
        whether it is done (green check) or how many trains it still needs."""
        L, F, C = self.s.ticket, self.s.font.ticket, self.conf["colours"]
        deck_rgb = C[t["deck"]]
        done = t.get("done")
        fill = C["ticket_done"] if done else C["ticket"]
        rad = L.radius
        hov = rect.collidepoint(mouse)
        if selected:
            self.halo(surf, rect, True)
        surf.blit(sprites.shadow(rect.w, rect.h, rad), (rect.x + L.shadow_dx, rect.y + L.shadow_dy))
        pygame.draw.rect(surf, fill, rect, border_radius=rad)
        stripe = pygame.Rect(rect.x, rect.y, L.stripe, rect.h)
        pygame.draw.rect(surf, deck_rgb, stripe, border_top_left_radius=rad, border_bottom_left_radius=rad)
        edge = theme.HIGHLIGHT if (selected or pinned or hov) else deck_rgb
        pygame.draw.rect(surf, edge, rect, max(1, L.edge_strong if (selected or pinned) else L.edge),
                         border_radius=rad)
        badge = min(L.badge, rect.h - L.badge_room)
        bx = rect.right - L.badge_dx - badge
        cy = rect.centery
        pygame.draw.circle(surf, deck_rgb, (bx + badge // 2, cy), badge // 2)
        blit_text(surf, str(t["points"]), (bx + badge // 2, cy), min(F.points, int(badge * 0.62)), theme.WHITE,
                  True, "center")
        x0 = stripe.right + L.text_dx
        if checkbox is not None:  # choosing tickets: a box to tick
            cb = pygame.Rect(0, 0, L.checkbox, L.checkbox)
            cb.midleft = (x0, cy)
            pygame.draw.rect(surf, theme.HIGHLIGHT if checkbox else theme.WHITE, cb, border_radius=L.checkbox_radius)
            pygame.draw.rect(surf, theme.INK, cb, max(1, L.checkbox_line), border_radius=L.checkbox_radius)
            if checkbox:
                pygame.draw.lines(surf, theme.INK, False, [(cb.x + cb.w * 0.22, cb.y + cb.h * 0.52),
                                                           (cb.x + cb.w * 0.42, cb.y + cb.h * 0.74),
                                                           (cb.x + cb.w * 0.8, cb.y + cb.h * 0.28)],
                                  max(2, L.tick_line))
            x0 = cb.right + L.checkbox_gap
        width = bx - x0 - L.text_gap
        two = rect.h >= L.two_lines
        label = f"{self.loc_name(t['a'])} – {self.loc_name(t['b'])}"
        if two:
            blit_text(surf, label, (x0, rect.y + rect.h * 0.32), F.places, theme.INK, True, "midleft",
                      max_width=width)
            if done:
                status, rgb = self.tr("ttr.ticket_done"), C["done"]
            elif t.get("trains_needed", 0) < 0:
                status, rgb = self.tr("ttr.ticket_cut"), theme.DANGER
            else:
                status, rgb = self.tr("ttr.ticket_needs", n=t["trains_needed"]), theme.INK_SOFT
            sx = x0
            if done:
                ck = art.check(L.check)
                surf.blit(ck, ck.get_rect(midleft=(x0, rect.y + rect.h * 0.72)))
                sx += L.check_step
            blit_text(surf, status, (sx, rect.y + rect.h * 0.72), F.status, rgb, done, "midleft",
                      max_width=bx - sx - L.text_gap)
        else:
            if done:
                ck = art.check(L.check)
                surf.blit(ck, ck.get_rect(midleft=(x0, cy)))
                x0 += L.check_step
                width -= L.check_step
            blit_text(surf, label, (x0, cy), F.one_line if rect.h >= L.one_line_min else F.one_line_small, theme.INK,
                      True, "midleft", max_width=width)
        if hov:
            self.hover_ticket = t["id"]

    def ticket_grid(self, n, area):
        """(columns, row height) that fits n tickets in `area`, roomiest first."""
        gap = self.s.tickets.gap
        for cols, h in self.conf["ticket_grids"]:
            h = self.px(h)
            if cols * max(1, (area.h + gap) // (h + gap)) >= n:
                return cols, h
        return cols, h

    def draw_tickets(self, surf, view, mouse):
        r = self.r["tickets"]
        L, F = self.s.tickets, self.s.font.tickets
        pad, title_dy, title = self.s.panel.pad, self.s.panel.title_dy, self.s.font.panel.title
        mine = view.get("my_tickets")
        if mine is None:
            blit_text(surf, self.tr("ttr.tickets_hidden"), (r.x + pad, r.y + title_dy), title, theme.INK, True)
            return
        done = sum(1 for t in mine if t["done"])
        head = blit_text(surf, self.tr("ttr.your_tickets", done=done, n=len(mine)), (r.x + pad, r.y + title_dy),
                         title, theme.INK, True)
        room = r.right - pad - head.right - L.hint_gap
        hint_text = self.tr("ttr.ticket_hint")
        if mine and theme.font(F.hint).size(hint_text)[0] <= room:  # whole or not at all (a ticket's tooltip says it too)
            blit_text(surf, hint_text, (r.right - pad, head.centery), F.hint, theme.INK_SOFT, anchor="midright")
        area = pygame.Rect(r.x + pad, head.bottom + L.gap, r.w - 2 * pad, r.bottom - pad - head.bottom - L.gap)
        if not mine:
            return
        cols, th = self.ticket_grid(len(mine), area)
        g = L.gap
        rows = max(1, (area.h + g) // (th + g))
        total = -(-len(mine) // cols)
        # a list longer than its panel scrolls (wheel over it, Page Up/Down): a bar at the
        # right shows where, and how many tickets are above and below
        over = total > rows
        if over:  # room for the line saying how many are out of sight
            rows = max(1, (area.h - L.foot + g) // (th + g))
        bar = L.bar if over else 0
        self.ticket_scroll = max(0, min(self.ticket_scroll, total - rows))
        tw = (area.w - bar - g * (cols - 1)) // cols
        first = self.ticket_scroll * cols
        shown = mine[first: first + rows * cols]
        for k, t in enumerate(shown):
            box = pygame.Rect(area.x + (k % cols) * (tw + g), area.y + (k // cols) * (th + g), tw, th)
            self.ticket_card(surf, box, t, mouse, pinned=t["id"] == self.pinned_ticket)
            self.target(surf, box, None, f"ticket:{t['id']}")
            if box.collidepoint(mouse):
                self.tip = self.ticket_tip(t) + " · " + self.tr("ttr.tip.pin")
        if over:
            track = pygame.Rect(area.right - bar + L.bar_gap, area.y, bar - L.bar_gap,
                                rows * (th + g) - g)
            pygame.draw.rect(surf, theme.PARCHMENT_DARK, track, border_radius=track.w // 2)
            thumb = pygame.Rect(track.x, track.y + track.h * self.ticket_scroll // total, track.w,
                                max(track.w, track.h * rows // total))
            pygame.draw.rect(surf, theme.INK_SOFT, thumb, border_radius=track.w // 2)
            self.target(surf, track, None, "tickets:scroll")
            above, below = first, max(0, len(mine) - first - len(shown))
            blit_text(surf, self.tr("ttr.tickets_scroll", above=above, below=below),
                      (area.right, r.bottom - pad // 2), F.more, theme.INK_SOFT, False, "bottomright",
                      max_width=area.w)

    def scroll_tickets(self, rows: int) -> None:
        self.ticket_scroll = max(0, self.ticket_scroll + rows)  # clamped when drawn

    def ticket_tip(self, t) -> str:
        """A ticket in words: its full names (a narrow card may cut them), points, state."""
        if t.get("done"):
            state = self.tr("ttr.ticket_done")
        elif t.get("trains_needed", 0) < 0:
            state = self.tr("ttr.ticket_cut")
        else:
            state = self.tr("ttr.ticket_needs", n=t["trains_needed"])
        return self.tr("ttr.tip.ticket", a=self.loc_name(t["a"]), b=self.loc_name(t["b"]), points=t["points"],
                       state=state)
