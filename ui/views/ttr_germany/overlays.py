"""Panels that open over the table: paying for a route, how many tickets of each deck to
draw, which tickets to keep, which passenger to take; and the tooltip."""
from __future__ import annotations

import pygame

from games.core.action import Action
from ui import sprites, theme
from ui.views.ttr_germany.panels import LOCO
from ui.widgets import blit_text


class OverlaysMixin:
    def draw_overlays(self, surf, view, legal, legal_set, mouse, hint):
        phase = view["phase"]
        if phase != "turn" or not any(a.verb == "tickets" for a in legal):
            self.asking_mix = False
        if phase == "setup_mix" and legal or self.asking_mix:
            self._mix_panel(surf, view, [a for a in legal if a.verb in ("mix", "tickets")], mouse, hint)
        elif phase in ("setup_keep", "keep") and view.get("offered") and legal:
            self._keep_panel(surf, view, legal_set, mouse, hint)
        elif phase == "passengers" and legal and view["pending"]:
            self._passenger_panel(surf, view, legal, mouse, hint)
        if self.selected and self.selected in self.claims:
            self._payment_panel(surf, view, mouse)

    def _box(self, surf, box):
        surf.blit(sprites.shadow(box.w, box.h, self.px(10)), (box.x + self.px(3), box.y + self.px(5)))
        surf.blit(sprites.panel(box.w, box.h), box)

    def _button(self, surf, rect, label, mouse, action, eid, enabled=True, glow=False):
        hov = enabled and rect.collidepoint(mouse)
        self.target(surf, rect, action if enabled else None, eid, glow=glow, strong=hov)
        state = "disabled" if not enabled else ("hover" if hov else "normal")
        surf.blit(sprites.button(rect.w, rect.h, label, state), rect)

    def _near(self, point, w, h, avoid: pygame.Rect):
        """A w x h box beside `point` on the map, covering as little of `avoid` as possible."""
        mr = self.r["map_inner"]
        x, y = point
        d = self.px(26)
        spots = [(x - w // 2, y + d), (x - w // 2, y - d - h), (x + d, y - h // 2), (x - d - w, y - h // 2),
                 (x + d, y + d), (x - d - w, y + d), (x + d, y - d - h), (x - d - w, y - d - h)]
        best, best_cost = None, None
        for bx, by in spots:
            b = pygame.Rect(int(bx), int(by), w, h).clamp(mr)
            clip = b.clip(avoid)
            cost = clip.w * clip.h + (10 ** 6 if b.collidepoint(point) else 0)
            if best_cost is None or cost < best_cost:
                best, best_cost = b, cost
        return best

    # ------------------------------------------------------------------ paying for a route
    def payment_options(self) -> list[Action]:
        """The selected route's legal payments, the proposal first: fewest locomotives,
        then the colour the hand holds most of."""
        hand = (self.view_now or {}).get("hand") or {}
        opts = self.claims.get(self.selected, [])
        return sorted(opts, key=lambda a: (a.args[1] == LOCO, int(a.args[2]), -hand.get(a.args[1], 0), a.args[1]))

    def chosen_payment(self) -> Action | None:
        opts = self.payment_options()
        if not opts:
            return None
        if self.pay not in opts:
            self.pay = opts[0]
        return self.pay

    def payment_spend(self) -> dict:
        """Cards the chosen payment would spend, by colour (for the hand's markers)."""
        if not (self.selected and self.selected in self.claims):
            return {}
        a = self.chosen_payment()
        if a is None:
            return {}
        t = self.data.track_by_id[a.args[0]]
        locos = int(a.args[2])
        out = {LOCO: locos} if locos else {}
        if a.args[1] != LOCO:
            out[a.args[1]] = t.length - locos
        return out

    def _payment_panel(self, surf, view, mouse):
        t = self.data.track_by_id[self.selected]
        chosen = self.chosen_payment()
        if chosen is None:
            return
        opts = self.payment_options()
        colours = list(dict.fromkeys(a.args[1] for a in opts))
        locos = sorted(int(a.args[2]) for a in opts if a.args[1] == chosen.args[1])
        cw, ch = self.px(30), self.px(42)
        col_w = max(theme.font(self.px(13), True).size(self.tr(k))[0]
                    for k in ("ttr.pay_colour", "ttr.pay_locos", "ttr.pay_total")) + self.px(12)
        w = max(self.px(320), col_w + self.px(26) + len(colours) * (cw + self.px(6)))
        w = min(w, self.r["map_inner"].w - self.px(10))
        h = self.px(212)
        g = self.geom.tracks[t.id]
        box = self._near(g.mid, w, h, g.box.inflate(self.px(6), self.px(6)))
        self.pay_rect = box
        self._box(surf, box)
        pad = self.px(12)
        col = self.data.colour_by_id[t.colour]
        title = f"{self.loc_name(t.a)} – {self.loc_name(t.b)}"
        tr_ = blit_text(surf, title, (box.x + pad, box.y + self.px(9)), self.px(16), theme.INK, True,
                        max_width=box.w - 2 * pad)
        kind = self.tr("ttr.any_colour") if t.colour == "gray" else self.tr(f"colour.{t.colour}")
        sub = self.tr("ttr.route_info", n=t.length, points=self.data.points_for(t.length), colour=kind)
        chip = pygame.Rect(box.x + pad, tr_.bottom + self.px(5), self.px(22), self.px(10))
        pygame.draw.rect(surf, col.rgb, chip, border_radius=self.px(3))
        pygame.draw.rect(surf, theme.INK, chip, 1, border_radius=self.px(3))
        blit_text(surf, sub, (chip.right + self.px(6), chip.centery), self.px(13), theme.INK_SOFT, False, "midleft",
                  max_width=box.right - pad - chip.right - self.px(6))
        # the colour paid with
        y = chip.bottom + self.px(8)
        blit_text(surf, self.tr("ttr.pay_colour"), (box.x + pad, y + ch // 2), self.px(13), theme.INK, True,
                  "midleft")
        self.pay_boxes = []
        x = box.x + pad + col_w
        for c in colours:
            b = pygame.Rect(x, y, cw, ch)
            if c == chosen.args[1]:
                pygame.draw.rect(surf, theme.HIGHLIGHT, b.inflate(self.px(6), self.px(6)), border_radius=self.px(5))
            elif b.collidepoint(mouse):
                pygame.draw.rect(surf, theme.PARCHMENT_DARK, b.inflate(self.px(6), self.px(6)),
                                 border_radius=self.px(5))
            surf.blit(self.card_img(c, cw, ch), b)
            self.pay_boxes.append((b, ("colour", c)))
            self.target(surf, b, None, f"pay:{c}")
            x += cw + self.px(6)
        # how many locomotives
        y += ch + self.px(10)
        blit_text(surf, self.tr("ttr.pay_locos"), (box.x + pad, y + self.px(13)), self.px(13), theme.INK, True,
                  "midleft")
        x = box.x + pad + col_w
        for k in locos:
            b = pygame.Rect(x, y, self.px(28), self.px(26))
            sel = k == int(chosen.args[2])
            pygame.draw.rect(surf, theme.HIGHLIGHT if sel else (250, 243, 226), b, border_radius=self.px(5))
            pygame.draw.rect(surf, theme.INK if sel or b.collidepoint(mouse) else theme.PARCHMENT_DARK, b,
                             max(1, self.px(1.5)), border_radius=self.px(5))
            blit_text(surf, str(k), b.center, self.px(14), theme.INK, True, "center")
            self.pay_boxes.append((b, ("locos", k)))
            self.target(surf, b, None, f"locos:{k}")
            x += b.w + self.px(5)
        # what it costs, then cancel / claim
        y += self.px(34)
        spend = self.payment_spend()
        x = box.x + pad
        blit_text(surf, self.tr("ttr.pay_total"), (x, y + self.px(10)), self.px(13), theme.INK, True, "midleft")
        x += col_w
        for c, n in spend.items():
            img = self.card_img(c, self.px(15), self.px(21))
            surf.blit(img, img.get_rect(midleft=(x, y + self.px(10))))
            r = blit_text(surf, f"×{n}", (x + self.px(18), y + self.px(10)), self.px(14), theme.INK, True, "midleft")
            x = r.right + self.px(10)
        bh = self.px(34)
        conf = pygame.Rect(box.right - pad - self.px(120), box.bottom - pad - bh, self.px(120), bh)
        self._button(surf, conf, self.tr("ttr.confirm"), mouse, chosen, "confirm")
        cancel = pygame.Rect(conf.x - self.px(108), conf.y, self.px(100), bh)
        self._button(surf, cancel, self.tr("ttr.cancel"), mouse, None, "cancel")
        self.cancel_box = cancel

    # ------------------------------------------------------------------ tickets: the mix
    def _column_area(self):
        return self.r["hand"].union(self.r["tickets"])

    def _mix_panel(self, surf, view, acts, mouse, hint):
        if not acts:
            return
        area = self._column_area()
        self._box(surf, area)
        pad = self.px(14)
        setup = acts[0].verb == "mix"
        title = self.tr("ttr.mix_title" if setup else "ttr.tickets_title")
        head = blit_text(surf, title, (area.x + pad, area.y + self.px(10)), self.px(16), theme.INK, True,
                         max_width=area.w - 2 * pad)
        ranges = {d: [t.points for t in self.data.tickets_in(d)] for d in ("short", "long")}
        note = self.tr("ttr.mix_note", smin=min(ranges["short"]), smax=max(ranges["short"]),
                       lmin=min(ranges["long"]), lmax=max(ranges["long"]),
                       keep=2 if setup else 1)
        from ui.widgets import draw_wrapped
        y = head.bottom + self.px(6)
        y += draw_wrapped(surf, note, pygame.Rect(area.x + pad, y, area.w - 2 * pad, self.px(60)), self.px(14),
                         theme.INK_SOFT)
        gap = self.px(8)
        n = len(acts)
        bw = (area.w - 2 * pad - gap * (n - 1)) // max(1, n)
        bottom = area.bottom - pad - (self.px(44) if not setup else 0)
        bh = min(self.px(100), bottom - y - self.px(10))
        y += max(self.px(10), (bottom - y - bh) // 2)
        for k, a in enumerate(acts):
            b = pygame.Rect(area.x + pad + k * (bw + gap), y, bw, bh)
            hov = b.collidepoint(mouse)
            short, long = int(a.args[0]), int(a.args[1])
            self.target(surf, b, a, f"mix:{short}-{long}", glow=hint or hov, strong=hov)
            pygame.draw.rect(surf, (255, 240, 200) if hov else (250, 243, 226), b, border_radius=self.px(8))
            pygame.draw.rect(surf, theme.HIGHLIGHT if hov else theme.PARCHMENT_DARK, b, max(1, self.px(2)),
                             border_radius=self.px(8))
            decks = ["short"] * short + ["long"] * long
            tw, th = self.px(20), self.px(30)
            span = min(self.px(14), (bw - self.px(16) - tw) // max(1, len(decks) - 1)) if len(decks) > 1 else 0
            x0 = b.centerx - (span * (len(decks) - 1) + tw) // 2
            for i, d in enumerate(decks):
                surf.blit(sprites.card_back(tw, th, self.conf["colours"][d]), (x0 + i * span, b.y + self.px(10)))
            blit_text(surf, self.tr("ttr.mix_short", n=short), (b.centerx, b.y + self.px(48)), self.px(14),
                      self.conf["colours"]["short"], True, "midtop", max_width=bw - self.px(6))
            blit_text(surf, self.tr("ttr.mix_long", n=long), (b.centerx, b.y + self.px(68)), self.px(14),
                      self.conf["colours"]["long"], True, "midtop", max_width=bw - self.px(6))
        if not setup:
            cancel = pygame.Rect(area.right - pad - self.px(120), area.bottom - pad - self.px(36), self.px(120),
                                 self.px(36))
            self._button(surf, cancel, self.tr("ttr.cancel"), mouse, None, "cancel")
            self.cancel_box = cancel
        self.overlay_rect = area

    # ------------------------------------------------------------------ tickets: which to keep
    def _keep_panel(self, surf, view, legal_set, mouse, hint):
        offered = view["offered"]
        ids = tuple(sorted(t["id"] for t in offered))
        if ids != self.keep_for:
            self.keep_for, self.keep_sel = ids, set()
        self.keep_sel &= set(ids)
        seat = view["seat"]
        area = self._column_area()
        self._box(surf, area)
        pad = self.px(14)
        need = self.data.setup_ticket_keep_min if view["phase"] == "setup_keep" else self.data.ticket_keep_min
        head = blit_text(surf, self.tr("ttr.keep_title", n=need), (area.x + pad, area.y + self.px(10)),
                         self.px(16), theme.INK, True, max_width=area.w - 2 * pad)
        note = self.tr("ttr.keep_note_setup" if view["phase"] == "setup_keep" else "ttr.keep_note")
        blit_text(surf, note, (area.x + pad, head.bottom + self.px(4)), self.px(13), theme.INK_SOFT,
                  max_width=area.w - 2 * pad)
        g = self.px(8)
        cols = 2
        tw = (area.w - 2 * pad - g) // cols
        th = self.px(50)
        y0 = head.bottom + self.px(28)
        for k, t in enumerate(offered):
            box = pygame.Rect(area.x + pad + (k % cols) * (tw + g), y0 + (k // cols) * (th + g), tw, th)
            sel = t["id"] in self.keep_sel
            self.ticket_card(surf, box, t, mouse, selected=sel, checkbox=sel)
            self.target(surf, box, None, f"ticket:{t['id']}")
        act = Action(seat, "keep", tuple(sorted(self.keep_sel))) if seat is not None else None
        ok = act in legal_set
        b = pygame.Rect(area.right - pad - self.px(170), area.bottom - pad - self.px(40), self.px(170), self.px(40))
        self._button(surf, b, self.tr("ttr.keep", n=len(self.keep_sel)), mouse, act, "keep", enabled=ok,
                     glow=hint or ok)
        if not ok:
            blit_text(surf, self.tr("ttr.keep_more", n=need), (area.x + pad, b.centery), self.px(13),
                      theme.INK_SOFT, False, "midleft", max_width=b.x - area.x - 2 * pad)
        have = [t["id"] for t in view.get("my_tickets", [])]
        top = y0 + ((len(offered) + 1) // 2) * (th + g) + self.px(6)
        if have and b.y - top > self.px(20):  # the tickets already held, to choose with them in mind
            from ui.widgets import draw_wrapped
            draw_wrapped(surf, self.tr("ttr.keep_have", tickets=have),
                         pygame.Rect(area.x + pad, top, area.w - 2 * pad, b.y - top - self.px(6)), self.px(13),
                         theme.INK_SOFT)
        self.overlay_rect = area

    # ------------------------------------------------------------------ passengers
    def _passenger_panel(self, surf, view, legal, mouse, hint):
        loc = view["pending"][0]
        opts = [a for a in legal if a.verb == "passenger" and a.args[0] == loc]
        if not opts:
            return
        here = view["passengers"].get(loc, [])
        size = self.px(34)
        cell = size + self.px(14)
        title = self.tr("ttr.pick_passenger", location=self.loc_name(loc))
        tw = theme.font(self.px(14), True).size(title)[0]
        w = max(len(opts) * cell + self.px(24), tw + self.px(28))
        h = self.px(100)
        anchor = self.geom.labels[loc].center if self.data.location_by_id[loc].is_country else self.geom.pos[loc]
        box = self._near(anchor, w, h, pygame.Rect(anchor[0] - self.px(10), anchor[1] - self.px(10), self.px(20),
                                                   self.px(20)))
        # a line from the panel to the city, and a ring around it
        pygame.draw.line(surf, theme.INK, box.center, anchor, max(1, self.px(2)))
        pygame.draw.circle(surf, theme.HIGHLIGHT, anchor, self.px(13), max(2, self.px(3)))
        self._box(surf, box)
        blit_text(surf, title, (box.centerx, box.y + self.px(8)), self.px(14), theme.INK, True, "midtop",
                  max_width=box.w - self.px(16))
        x0 = box.centerx - len(opts) * cell // 2
        for k, a in enumerate(opts):
            pc = self.passenger_colour(a.args[1])
            b = pygame.Rect(x0 + k * cell + self.px(4), box.y + self.px(32), cell - self.px(8), size + self.px(8))
            hov = b.collidepoint(mouse)
            self.target(surf, b, a, f"passenger:{a.args[1]}", glow=hov or hint, strong=hov)
            img = sprites.meeple(size, pc.rgb, pc.letter)
            surf.blit(img, img.get_rect(midtop=(b.centerx, b.y)))
            cnt = here.count(a.args[1])
            blit_text(surf, self.tr(f"colour.{a.args[1]}") + (f" ×{cnt}" if cnt > 1 else ""),
                      (b.centerx, b.bottom + self.px(1)), self.px(11), theme.INK, False, "midtop", max_width=cell)
            if hov:
                self.tip = self.tr("ttr.tip.passenger", colour=self.tr(f"colour.{a.args[1]}"))

    # ------------------------------------------------------------------ tooltip
    def draw_tip(self, surf, mouse):
        if not self.tip:
            return
        img = theme.text(self.tip, self.px(14), theme.PARCHMENT)
        box = img.get_rect().inflate(self.px(16), self.px(10))
        box.topleft = (mouse[0] + self.px(16), mouse[1] + self.px(18))
        box.clamp_ip(self.rect)
        if box.collidepoint(mouse):
            box.bottom = mouse[1] - self.px(8)
            box.clamp_ip(self.rect)
        pygame.draw.rect(surf, (40, 30, 22), box, border_radius=self.px(6))
        pygame.draw.rect(surf, theme.PANEL_BORDER, box, 1, border_radius=self.px(6))
        surf.blit(img, img.get_rect(center=box.center))
