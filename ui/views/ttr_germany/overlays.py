"""Panels that open over the table: paying for a route, how many tickets of each deck to
draw, which tickets to keep, which passenger to take; and the tooltip."""
from __future__ import annotations

import pygame

from games.core.action import Action
from ui import sprites, theme
from ui.views.ttr_germany.panels import LOCO
from ui.widgets import blit_text, draw_wrapped


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
        L = self.s.overlay
        surf.blit(sprites.shadow(box.w, box.h, L.shadow_radius), (box.x + L.shadow_dx, box.y + L.shadow_dy))
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
        d = self.s.overlay.near
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
        L, F, C = self.s.pay, self.s.font.pay, self.conf["colours"]
        cw, ch = L.card_w, L.card_h
        col_w = max(theme.font(F.label, True).size(self.tr(k))[0]
                    for k in ("ttr.pay_colour", "ttr.pay_locos", "ttr.pay_total")) + L.label_gap
        w = max(L.min_w, col_w + L.cards_room + len(colours) * (cw + L.card_gap))
        w = min(w, self.r["map_inner"].w - L.map_room)
        h = L.h
        g = self.geom.tracks[t.id]
        box = self._near(g.mid, w, h, g.box.inflate(L.avoid, L.avoid))
        self.pay_rect = box
        self._box(surf, box)
        pad = L.pad
        col = self.conf["cards"][t.colour]
        title = f"{self.loc_name(t.a)} – {self.loc_name(t.b)}"
        tr_ = blit_text(surf, title, (box.x + pad, box.y + L.title_dy), F.title, theme.INK, True,
                        max_width=box.w - 2 * pad)
        kind = self.tr("ttr.any_colour") if t.colour == "gray" else self.tr(f"colour.{t.colour}")
        sub = self.tr("ttr.route_info", n=t.length, points=self.data.points_for(t.length), colour=kind)
        chip = pygame.Rect(box.x + pad, tr_.bottom + L.chip_dy, L.chip_w, L.chip_h)
        pygame.draw.rect(surf, col.rgb, chip, border_radius=L.chip_radius)
        pygame.draw.rect(surf, theme.INK, chip, 1, border_radius=L.chip_radius)
        blit_text(surf, sub, (chip.right + L.sub_dx, chip.centery), F.sub, theme.INK_SOFT, False, "midleft",
                  max_width=box.right - pad - chip.right - L.sub_dx)
        # the colour paid with
        y = chip.bottom + L.row_gap
        blit_text(surf, self.tr("ttr.pay_colour"), (box.x + pad, y + ch // 2), F.label, theme.INK, True,
                  "midleft")
        self.pay_boxes = []
        x = box.x + pad + col_w
        for c in colours:
            b = pygame.Rect(x, y, cw, ch)
            if c == chosen.args[1]:
                pygame.draw.rect(surf, theme.HIGHLIGHT, b.inflate(L.ring, L.ring), border_radius=L.radius)
            elif b.collidepoint(mouse):
                pygame.draw.rect(surf, theme.PARCHMENT_DARK, b.inflate(L.ring, L.ring),
                                 border_radius=L.radius)
            surf.blit(self.card_img(c, cw, ch), b)
            self.pay_boxes.append((b, ("colour", c)))
            self.target(surf, b, None, f"pay:{c}")
            x += cw + L.card_gap
        # how many locomotives
        y += ch + L.locos_dy
        blit_text(surf, self.tr("ttr.pay_locos"), (box.x + pad, y + L.locos_text_dy), F.label, theme.INK, True,
                  "midleft")
        x = box.x + pad + col_w
        for k in locos:
            b = pygame.Rect(x, y, L.loco_w, L.loco_h)
            sel = k == int(chosen.args[2])
            pygame.draw.rect(surf, theme.HIGHLIGHT if sel else C["choice"], b, border_radius=L.radius)
            pygame.draw.rect(surf, theme.INK if sel or b.collidepoint(mouse) else theme.PARCHMENT_DARK, b,
                             max(1, L.loco_line), border_radius=L.radius)
            blit_text(surf, str(k), b.center, F.locos, theme.INK, True, "center")
            self.pay_boxes.append((b, ("locos", k)))
            self.target(surf, b, None, f"locos:{k}")
            x += b.w + L.loco_gap
        # what it costs, then cancel / claim
        y += L.total_dy
        spend = self.payment_spend()
        x = box.x + pad
        blit_text(surf, self.tr("ttr.pay_total"), (x, y + L.total_text_dy), F.label, theme.INK, True, "midleft")
        x += col_w
        for c, n in spend.items():
            img = self.card_img(c, L.mini_w, L.mini_h)
            surf.blit(img, img.get_rect(midleft=(x, y + L.total_text_dy)))
            r = blit_text(surf, f"×{n}", (x + L.times_dx, y + L.total_text_dy), F.times, theme.INK, True, "midleft")
            x = r.right + L.times_gap
        bh = L.button_h
        conf = pygame.Rect(box.right - pad - L.confirm_w, box.bottom - pad - bh, L.confirm_w, bh)
        self._button(surf, conf, self.tr("ttr.confirm"), mouse, chosen, "confirm")
        cancel = pygame.Rect(conf.x - L.cancel_dx, conf.y, L.cancel_w, bh)
        self._button(surf, cancel, self.tr("ttr.cancel"), mouse, None, "cancel")
        self.cancel_box = cancel

    # ------------------------------------------------------------------ tickets: the mix
    def _column_area(self):
        """Where a ticket choice opens: over the cards, the hand and the tickets (none of
        them can be used until the choice is made), so four tickets fit in one column."""
        return self.r["display"].union(self.r["hand"]).union(self.r["tickets"])

    def _mix_panel(self, surf, view, acts, mouse, hint):
        if not acts:
            return
        L, F, C = self.s.mix, self.s.font.mix, self.conf["colours"]
        area = self._column_area()
        self._box(surf, area)
        pad = L.pad
        setup = acts[0].verb == "mix"
        title = self.tr("ttr.mix_title" if setup else "ttr.tickets_title")
        # the title and the note wrap (never a shrunken font): the choices keep note_h at least
        bottom = area.bottom - pad - (L.cancel_room if not setup else 0)
        y = area.y + L.title_dy
        y += draw_wrapped(surf, title, pygame.Rect(area.x + pad, y, area.w - 2 * pad, 3 * F.title), F.title,
                          theme.INK, True)
        ranges = {d: [t.points for t in self.data.tickets_in(d)] for d in ("short", "long")}
        note = self.tr("ttr.mix_note", smin=min(ranges["short"]), smax=max(ranges["short"]),
                       lmin=min(ranges["long"]), lmax=max(ranges["long"]),
                       keep=2 if setup else 1)
        y += L.note_dy
        y += draw_wrapped(surf, note, pygame.Rect(area.x + pad, y, area.w - 2 * pad,
                                                  bottom - y - L.note_h - L.choice_room), F.note, theme.INK_SOFT)
        gap = L.gap
        n = len(acts)
        bw = (area.w - 2 * pad - gap * (n - 1)) // max(1, n)
        bh = min(L.choice_max, bottom - y - L.choice_room)
        y += max(L.choice_room, (bottom - y - bh) // 2)
        for k, a in enumerate(acts):
            b = pygame.Rect(area.x + pad + k * (bw + gap), y, bw, bh)
            hov = b.collidepoint(mouse)
            short, long = int(a.args[0]), int(a.args[1])
            self.target(surf, b, a, f"mix:{short}-{long}", glow=hint or hov, strong=hov)
            pygame.draw.rect(surf, C["choice_hover"] if hov else C["choice"], b, border_radius=L.radius)
            pygame.draw.rect(surf, theme.HIGHLIGHT if hov else theme.PARCHMENT_DARK, b, max(1, L.line),
                             border_radius=L.radius)
            decks = ["short"] * short + ["long"] * long
            tw, th = L.back_w, L.back_h
            span = min(L.back_step, (bw - L.back_room - tw) // max(1, len(decks) - 1)) if len(decks) > 1 else 0
            x0 = b.centerx - (span * (len(decks) - 1) + tw) // 2
            for i, d in enumerate(decks):
                surf.blit(sprites.card_back(tw, th, C[d]), (x0 + i * span, b.y + L.back_dy))
            blit_text(surf, self.tr("ttr.mix_short", n=short), (b.centerx, b.y + L.short_dy), F.deck,
                      C["short"], True, "midtop", max_width=bw - L.text_room)
            blit_text(surf, self.tr("ttr.mix_long", n=long), (b.centerx, b.y + L.long_dy), F.deck,
                      C["long"], True, "midtop", max_width=bw - L.text_room)
        if not setup:
            cancel = pygame.Rect(area.right - pad - L.cancel_w, area.bottom - pad - L.cancel_h, L.cancel_w,
                                 L.cancel_h)
            self._button(surf, cancel, self.tr("ttr.cancel"), mouse, None, "cancel")
            self.cancel_box = cancel
        self.overlay_rect = area

    # ------------------------------------------------------------------ tickets: which to keep
    def _keep_panel(self, surf, view, legal_set, mouse, hint):
        offered = view["offered"]
        ids = tuple(sorted(t["id"] for t in offered))
        self.keep_selection.sync(ids)
        self.keep_sel &= set(ids)

        seat = view["seat"]
        L, F = self.s.keep, self.s.font.keep
        area = self._column_area()
        self._box(surf, area)
        pad = L.pad
        need = self.data.setup_ticket_keep_min if view["phase"] == "setup_keep" else self.data.ticket_keep_min
        y = area.y + L.title_dy
        y += draw_wrapped(surf, self.tr("ttr.keep_title", n=need), pygame.Rect(area.x + pad, y, area.w - 2 * pad,
                                                                                3 * F.title), F.title, theme.INK, True)
        note = self.tr("ttr.keep_note_setup" if view["phase"] == "setup_keep" else "ttr.keep_note")
        y += L.note_dy
        y += draw_wrapped(surf, note, pygame.Rect(area.x + pad, y, area.w - 2 * pad, 3 * F.note), F.note,
                          theme.INK_SOFT)
        g = L.gap
        th = L.ticket_h
        y0 = y + L.tickets_dy
        # one column when it fits (two would cut the names in the narrow column), else two
        cols = 1 if len(offered) * (th + g) <= area.bottom - pad - L.button_h - g - y0 else 2
        tw = (area.w - 2 * pad - g * (cols - 1)) // cols
        for k, t in enumerate(offered):
            box = pygame.Rect(area.x + pad + (k % cols) * (tw + g), y0 + (k // cols) * (th + g), tw, th)
            sel = t["id"] in self.keep_sel
            self.ticket_card(surf, box, t, mouse, selected=sel, checkbox=sel)
            self.target(surf, box, None, f"ticket:{t['id']}")
            if box.collidepoint(mouse):
                self.tip = self.ticket_tip(t)
        act = Action(seat, "keep", tuple(sorted(self.keep_sel))) if seat is not None else None
        ok = act in legal_set
        b = pygame.Rect(area.right - pad - L.button_w, area.bottom - pad - L.button_h, L.button_w, L.button_h)
        self._button(surf, b, self.tr("ttr.keep", n=len(self.keep_sel)), mouse, act, "keep", enabled=ok,
                     glow=hint or ok)
        if not ok:
            blit_text(surf, self.tr("ttr.keep_more", n=need), (area.x + pad, b.centery), F.note,
                      theme.INK_SOFT, False, "midleft", max_width=b.x - area.x - 2 * pad)
        have = [t["id"] for t in view.get("my_tickets", [])]
        top = y0 + -(-len(offered) // cols) * (th + g) + L.have_gap
        if have and b.y - top > L.have_min:  # the tickets already held, to choose with them in mind
            draw_wrapped(surf, self.tr("ttr.keep_have", tickets=have),
                         pygame.Rect(area.x + pad, top, area.w - 2 * pad, b.y - top - L.have_gap), F.note,
                         theme.INK_SOFT)
        self.overlay_rect = area

    # ------------------------------------------------------------------ passengers
    def _passenger_panel(self, surf, view, legal, mouse, hint):
        loc = view["pending"][0]
        opts = [a for a in legal if a.verb == "passenger" and a.args[0] == loc]
        if not opts:
            return
        L, F = self.s.passenger, self.s.font.passenger
        here = view["passengers"].get(loc, [])
        size = L.size
        cell = size + L.cell_gap
        title = self.tr("ttr.pick_passenger", location=self.loc_name(loc))
        tw = theme.font(F.title, True).size(title)[0]
        w = max(len(opts) * cell + L.cells_room, tw + L.title_room)
        h = L.h
        anchor = self.geom.labels[loc].center if self.data.location_by_id[loc].is_country else self.geom.pos[loc]
        box = self._near(anchor, w, h, pygame.Rect(anchor[0] - L.avoid, anchor[1] - L.avoid, L.avoid_size,
                                                   L.avoid_size))
        self.passenger_rect = box
        # a line from the panel to the city, and a ring around it
        pygame.draw.line(surf, theme.INK, box.center, anchor, max(1, L.line))
        pygame.draw.circle(surf, theme.HIGHLIGHT, anchor, L.ring, max(2, L.ring_width))
        self._box(surf, box)
        blit_text(surf, title, (box.centerx, box.y + L.title_dy), F.title, theme.INK, True, "midtop",
                  max_width=box.w - L.title_side)
        x0 = box.centerx - len(opts) * cell // 2
        for k, a in enumerate(opts):
            pc = self.passenger_colour(a.args[1])
            b = pygame.Rect(x0 + k * cell + L.inset, box.y + L.top, cell - L.inset_w, size + L.extra_h)
            hov = b.collidepoint(mouse)
            self.target(surf, b, a, f"passenger:{a.args[1]}", glow=hov or hint, strong=hov)
            img = sprites.meeple(size, pc.rgb, pc.letter)
            surf.blit(img, img.get_rect(midtop=(b.centerx, b.y)))
            cnt = here.count(a.args[1])
            blit_text(surf, self.tr(f"colour.{a.args[1]}") + (f" ×{cnt}" if cnt > 1 else ""),
                      (b.centerx, b.bottom + L.name_dy), F.name, theme.INK, False, "midtop", max_width=cell)
            if hov:
                self.tip = self.tr("ttr.tip.passenger", colour=self.tr(f"colour.{a.args[1]}"))

    # ------------------------------------------------------------------ tooltip
    def draw_tip(self, surf, mouse):
        if not self.tip:
            return
        L = self.s.tip
        img = theme.text(self.tip, self.s.font.tip.text, theme.PARCHMENT)
        box = img.get_rect().inflate(L.pad_x, L.pad_y)
        box.topleft = (mouse[0] + L.dx, mouse[1] + L.dy)
        box.clamp_ip(self.rect)
        if box.collidepoint(mouse):
            box.bottom = mouse[1] - L.up
            box.clamp_ip(self.rect)
        with self.on_top(box):
            pygame.draw.rect(surf, self.conf["colours"]["tip"], box, border_radius=L.radius)
            pygame.draw.rect(surf, theme.PANEL_BORDER, box, 1, border_radius=L.radius)
            surf.blit(img, img.get_rect(center=box.center))
