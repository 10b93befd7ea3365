"""The Moon River table's panels beside the main ranch: the draft (the box and the two
columns), the saloon with its helpers and the side chooser, the 2-player bonus tiles, the
info line, the other seats' ranches and an enlarged ranch."""
from __future__ import annotations

import pygame

from ui import theme
from ui.views.moon_river import art
from ui.views.moon_river.ranchpaint import RanchGeom
from ui.widgets import blit_text, draw_wrapped


class PanelsMixin:
    # ------------------------------------------------------------ the draft
    def draw_draft(self, surf, view, mouse, hint):
        sc = self.conf["screen"]
        L, F = self.s.draft, self.s.font.draft
        r = self.r_mid
        pad, gap = self.pad, self.gap
        size = int(min(self.px(sc["draft_tile"]), (r.w - 3 * pad - L.box_room) / 2))
        box_h = max(L.box_min, size // 2)
        label_h = L.label_h
        h = self.px(sc["head"]) + box_h + label_h + 4 * (size + gap) + 2 * pad
        panel = pygame.Rect(r.x, r.y, r.w, h)
        self.r_draft = panel
        self.panel(surf, panel, self.tr("mr.draft"))
        top = panel.y + self.px(sc["head"]) + pad
        bx = pygame.Rect(panel.x + pad, top, panel.w - 2 * pad, box_h)
        surf.blit(art.box_art(bx.w // 2, bx.h), bx.topleft)
        self.targets.append((bx, None, "box"))
        blit_text(surf, self.tr("mr.box", n=view["pile"]), (bx.x + bx.w // 2 + L.box_text_dx, bx.centery),
                  F.box, theme.INK, anchor="midleft", max_width=bx.w // 2 - L.box_text_dx)
        self.tip(bx, self.tr("mr.box_tip", n=view["pile"], removed=view["removed"]))
        y0 = bx.bottom + label_h
        col_x = [panel.x + pad + L.col_dx, panel.x + pad + L.col_dx + size + pad]
        names = (("column", "mr.this_round"), ("next", "mr.next_round"))
        phase = view["phase"]
        for k, (which, label) in enumerate(names):
            blit_text(surf, self.tr(label), (col_x[k] + size // 2, y0 - L.label_up), F.label, theme.INK_SOFT,
                      anchor="midbottom", max_width=size + pad)
            for i, slot in enumerate(view[which]):
                rr = pygame.Rect(col_x[k], y0 + i * (size + gap), size, size)
                self.slot_rects[(which, i)] = rr
                if k == 0:
                    blit_text(surf, str(i + 1), (panel.x + pad + L.number_dx, rr.centery), F.number,
                              theme.INK_SOFT, bold=True, anchor="center")
                sq = slot["square"]
                if sq is None:
                    pygame.draw.rect(surf, theme.PARCHMENT_DARK, rr, 2, border_radius=L.radius)
                    continue
                verb = "place" if which == "column" and phase == "place" else "choose" if which == "next" else None
                act = None
                if verb and self.legal and slot["ranchero"] < 0:
                    act = type(self.legal[0]).of(self.legal[0].seat, verb, i)
                self.target(surf, rr, act, f"{'column' if which == 'column' else 'next'}.slot.{i}")
                acting_here = which == "column" and i == view["acting_slot"] and phase not in ("place", "over")
                surf.blit(self.painter.square_img(sq, size, dim=False), rr)
                if acting_here:
                    pygame.draw.rect(surf, theme.HIGHLIGHT, rr.inflate(L.ring, L.ring), L.ring_width,
                                     border_radius=L.radius)
                self.tip(rr, self.face_tip, sq)
                if slot["ranchero"] >= 0:
                    m = self.ranchero(slot["ranchero"], int(size * 0.55))
                    surf.blit(m, m.get_rect(bottomright=(rr.right + L.ranchero_dx, rr.bottom + L.ranchero_dy)))

    # ------------------------------------------------------------ the saloon
    def draw_saloon(self, surf, view, mouse, hint):
        sc = self.conf["screen"]
        L, F = self.s.saloon, self.s.font.saloon
        r = self.r_mid
        pad, gap = self.pad, self.gap
        top = self.r_draft.bottom + gap
        d = int(min(self.px(sc["saloon_token"]), (r.w - 2 * pad - 2 * gap) / 3))
        rows = 2
        chooser_h = L.side_button * 2 + gap if self.hire_table is not None else 0
        bonus = view["bonus_left"] if view["n"] == 2 else []
        bonus_h = (L.bonus_label_h + int(d * 1.1) + gap) if bonus else 0
        h = self.px(sc["head"]) + pad * 2 + rows * (d + L.name_h) + chooser_h + bonus_h + L.foot
        h = min(h, r.bottom - top)
        panel = pygame.Rect(r.x, top, r.w, h)
        hiring = view["phase"] == "hire" and bool(self.legal)
        self.panel(surf, panel, self.tr("mr.saloon"), glow=hiring)
        self.targets.append((panel, None, "saloon"))
        piles = view["helper_piles"]
        blit_text(surf, self.tr("mr.piles", n=sum(piles)), (panel.right - pad, panel.y + L.piles_dy), F.piles,
                  theme.INK_SOFT, anchor="topright")
        y = panel.y + self.px(sc["head"]) + pad
        per_row = 3
        for t, side in enumerate(view["saloon"]):
            row, colm = divmod(t, per_row)
            n_row = min(per_row, len(view["saloon"]) - row * per_row)
            slot_w = (panel.w - 2 * pad) // per_row  # the token's name gets the whole slot
            x0 = panel.x + (panel.w - n_row * slot_w) // 2
            rr = pygame.Rect(x0 + colm * slot_w + (slot_w - d) // 2, y + row * (d + L.name_h), d, d)
            if side is None:
                pygame.draw.circle(surf, theme.PARCHMENT_DARK, rr.center, d // 2, 2)
                self.targets.append((rr, None, f"saloon.{t}"))
                continue
            can = hiring and any(a.verb == "hire" and int(a.args[0]) == t for a in self.legal)
            if can and (hint or rr.collidepoint(mouse) or self.hire_table is None):
                self.painter.glow_cell(surf, rr, theme.HIGHLIGHT, hint or rr.collidepoint(mouse))
            if self.hire_table == t:
                pygame.draw.circle(surf, theme.HIGHLIGHT, rr.center, d // 2 + L.ring, L.ring_width)
            surf.blit(self.painter.helper_img(side, d), rr)
            self.targets.append((rr, None, f"saloon.{t}"))
            blit_text(surf, self.tr(f"mr.short.{side}"), (rr.centerx, rr.bottom + L.name_dy), F.name,
                      theme.INK, anchor="midtop", max_width=slot_w - L.name_room)
            self.tip(rr, self.tr(f"helper.{side}") + ": " + self.tr(f"mr.effect.{side}"))
        y += rows * (d + L.name_h)
        if self.hire_table is not None and view["saloon"][self.hire_table] is not None:
            side = view["saloon"][self.hire_table]
            seat = self.legal[0].seat if self.legal else None
            A = type(self.legal[0]) if self.legal else None
            bw = panel.w - 2 * pad
            for k, (s, eid) in enumerate(((side, "saloon.side.specialist"), ("cowboy", "saloon.side.cowboy"))):
                act = A.of(seat, "hire", self.hire_table, s) if A else None
                rect = (panel.x + pad, y + k * (L.side_button + gap), bw, L.side_button)
                self.button(surf, rect, self.tr("mr.hire_as", helper=self.tr(f"helper.{s}")), act, eid, mouse, True)
                self.tip(rect, self.tr(f"mr.effect.{s}"))
            y += chooser_h
        if bonus:
            blit_text(surf, self.tr("mr.bonus_tiles"), (panel.x + pad, y), F.bonus, theme.INK, bold=True,
                      max_width=panel.w - 2 * pad)
            y += L.bonus_label_h
            bs = int(min(d, (panel.w - 2 * pad - gap - 6 * L.bonus_gap) / 4))
            x = panel.x + pad
            placing = view["phase"] == "bonus" and bool(self.legal)
            for b in bonus:
                for side, face in enumerate(b["sides"]):
                    rr = pygame.Rect(x, y, bs, bs)
                    surf.blit(self.painter.square_img(face, bs), rr)
                    self.tip(rr, self.tr(f"tile.{b['id']}") + ": " + self.face_tip(face))
                    if placing and any(a.verb == "bonus" and a.args[0] == b["id"] and int(a.args[1]) == side
                                       for a in self.legal):
                        if self.bonus_pick == (b["id"], side):
                            pygame.draw.rect(surf, theme.HIGHLIGHT, rr.inflate(L.ring, L.ring), L.ring_width,
                                             border_radius=L.radius)
                        elif hint or rr.collidepoint(mouse):
                            self.painter.glow_cell(surf, rr, theme.HIGHLIGHT, True)
                    self.targets.append((rr, None, f"bonus.{b['id']}.{side}"))
                    x += bs + L.bonus_gap
                x += gap

    # ------------------------------------------------------------ the other seats
    def draw_side(self, surf, view, mouse, hint):
        sc = self.conf["screen"]
        L, F = self.s.info, self.s.font.info
        r = self.r_side
        pad, gap = self.pad, self.gap
        info = pygame.Rect(r.x, r.y, r.w, self.px(sc["info"]))
        self.panel(surf, info)
        self.targets.append((info, None, "supply"))
        cow = art.cow(L.cow)
        surf.blit(cow, (info.x + pad, info.y + pad))
        line1 = self.tr("mr.supply", n=view["supply"]) + "  ·  " + self.tr("mr.round", n=view["round"])
        if view["final"]:
            line1 += "  ·  " + self.tr("mr.final_round")
        blit_text(surf, line1, (info.x + pad + cow.get_width() + L.cow_gap, info.y + pad), F.line, theme.INK,
                  bold=True, max_width=info.w - 2 * pad - cow.get_width())
        if view["variant"] == "legends" and view["scenario"]:
            line2 = self.tr("mr.scenario", name=self.tr(f"scenario.{view['scenario']}"))
            self.tip(info, self.tr(f"mr.scenario_tip.{view['scenario']}"))
        else:
            line2 = self.tr("mr.base_game")
        blit_text(surf, line2, (info.x + pad, info.y + pad + L.line2_dy), F.line, theme.INK_SOFT,
                  max_width=info.w - 2 * pad)
        main = self.main_seat(view)
        others = [i for i in range(view["n"]) if i != main]
        top = info.bottom + gap
        h = (r.bottom - top - gap * (len(others) - 1)) // max(1, len(others))
        self.seat_cards = {}
        for k, s in enumerate(others):
            box = pygame.Rect(r.x, top + k * (h + gap), r.w, h)
            self.draw_seat_card(surf, view, s, box, mouse, hint)

    def draw_seat_card(self, surf, view, s: int, box: pygame.Rect, mouse, hint):
        sc = self.conf["screen"]
        L, F = self.s.seat, self.s.font.seat
        p = view["players"][s]
        pad = self.pad
        acting = s in view["to_act"]
        self.panel(surf, box, glow=acting)
        self.targets.append((box, None, f"seat.{s}"))
        self.seat_cards[s] = box
        head = L.head
        surf.blit(self.seat_marker(s, head), (box.x + pad, box.y + pad))
        score = blit_text(surf, self.tr("mr.points", n=p["score"]), (box.right - pad, box.y + pad + head // 2),
                          F.score, theme.INK, bold=True, anchor="midright")
        self.tip(score, self.score_tip, view, p)
        name = self.seat_name(s) + ("" if p["board"] == "base" else " · " + self.tr(f"board.{p['board']}"))
        blit_text(surf, name, (box.x + pad + head + L.name_dx, box.y + pad + head // 2), F.name, theme.INK,
                  bold=True, anchor="midleft", max_width=score.x - box.x - pad - head - L.name_room)
        depth = view["depth"]
        store_w = L.storage_room
        avail_h = box.h - head - 3 * pad
        cell = int(min(self.px(sc["thumb_cell_max"]), avail_h / (depth + 0.35),
                       (box.w - 3 * pad - store_w) / self.data.width))
        cell = max(6, cell)
        gx = box.x + pad
        gy = box.y + pad + head + pad // 2
        g = RanchGeom(gx, gy, cell, self.data.width, depth, tuple(view["board_cell"]))
        self.geoms[s] = g
        fresh = [tuple(c) for c in view["fresh"]] if view["current"] == s else []
        self.painter.draw(surf, g, p, fresh=fresh, areas=view["phase"] == "over" and cell >= 22)
        self.ranch_tips(g, p)
        self.seat_targets(surf, view, s, g, mouse, hint)
        # storage beside the grid, one above the other
        sx = g.grid.right + pad
        sw = min(box.right - pad - sx, cell * 1.1)
        size = int(max(8, min(sw, (box.bottom - pad - gy) / max(3, p["storage"]) - L.storage_gap)))
        rects = []
        for i in range(max(p["storage"], len(p["held"]))):
            rr = pygame.Rect(sx, gy + i * (size + L.storage_gap), size, size)
            rects.append(rr)
            pygame.draw.rect(surf, self.conf["colours"]["board"], rr.inflate(L.storage_rim, L.storage_rim),
                             border_radius=L.storage_radius)
            if i < len(p["held"]):
                face = p["held"][i]
                act = None
                if view["phase"] == "raider" and self.raid_mine and self.legal:
                    act = type(self.legal[0]).of(self.legal[0].seat, "swap", self.raid_mine, s, face["id"])
                self.target(surf, rr, act, f"seat.{s}.storage.{i}")  # the glow goes under
                surf.blit(self.painter.square_img(face, size), rr)
                self.tip(rr, self.face_tip, face)
        g.storage_rects = rects
        px_ = sx + size + pad
        if box.right - pad - px_ >= L.pad_room:  # room for the seat's score pad
            rows = [(self.category_label(k), v) for k, v in p["breakdown"].items() if v]
            line = L.pad_line
            y = gy
            for label, v in rows:
                if y + line > box.bottom - pad - line:
                    break
                vt = blit_text(surf, str(v), (box.right - pad, y), F.pad, theme.INK, bold=True,
                               anchor="topright")
                blit_text(surf, label, (px_, y), F.pad, theme.INK_SOFT, max_width=vt.x - px_ - L.pad_value_gap)
                y += line
        if view["phase"] != "over" and p["discarded"]:
            blit_text(surf, self.tr("mr.discarded", n=p["discarded"]), (box.right - pad, box.bottom - pad),
                      F.discarded, theme.INK_SOFT, anchor="bottomright", max_width=box.w // 2)

    def category_label(self, cat: str) -> str:
        """A score-pad line, short: an area category is named by its terrain alone."""
        last = cat.rsplit(".", 1)[-1]
        if last in self.data.terrains:
            name = self.tr(f"terrain.{last}")
            return name[:1].upper() + name[1:]
        return self.tr(cat)

    def seat_targets(self, surf, view, s: int, g: RanchGeom, mouse, hint):
        """Another seat's cows a Cattle Rustler may steal."""
        if view["phase"] != "rustler" or not self.legal:
            return
        for act in self.legal:
            if act.verb == "steal" and int(act.args[0]) == s:
                c = (int(act.args[1]), int(act.args[2]))
                self.target(surf, g.rect(c), act, f"seat.{s}.cell.{c[0]},{c[1]}")

    # ------------------------------------------------------------ an enlarged ranch
    def draw_zoom(self, surf, view, mouse, hint):
        s = self.zoom
        if s is None or s >= view["n"]:
            self.zoom = None
            return
        sc = self.conf["screen"]
        L, F = self.s.zoom, self.s.font.zoom
        area = pygame.Rect(self.r_mid.x, self.r_mid.y, self.r_side.right - self.r_mid.x, self.r_mid.h)
        # what the shade covers shows no tooltip: the enlarged ranch is all there is to read
        self.tips = [tp for tp in self.tips if not area.colliderect(tp[0])]
        shade = pygame.Surface(area.size, pygame.SRCALPHA)
        shade.fill(self.conf["colours"]["shade"])
        surf.blit(shade, area)
        p = view["players"][s]
        depth = view["depth"]
        head = L.head
        cell = int(min(self.px(sc["zoom_cell_max"]), (area.h - head - L.room_h) / (depth + 0.4),
                       (area.w - L.room_w) / self.data.width))
        w = self.data.width * cell
        box = pygame.Rect(0, 0, w + 2 * self.pad + L.margin, area.h - L.margin)
        box.center = area.center
        self.panel(surf, box)
        self.targets.append((box, None, "zoom"))
        surf.blit(self.seat_marker(s, head - L.marker_shrink), (box.x + self.pad, box.y + self.pad))
        blit_text(surf, self.seat_name(s) + "  ·  " + self.tr("mr.points", n=p["score"]),
                  (box.x + self.pad + head, box.y + self.pad + head // 2 - L.title_up), F.title, theme.INK,
                  bold=True, anchor="midleft", max_width=box.w - head - 2 * self.pad)
        g = RanchGeom(box.centerx - w // 2, box.y + head + self.pad, cell, self.data.width, depth,
                      tuple(view["board_cell"]))
        self.painter.draw(surf, g, p, areas=view["phase"] == "over")
        self.ranch_tips(g, p)
        self.seat_targets(surf, view, s, g, mouse, hint)
        y = g.grid.bottom + int(cell * sc["river"]) + self.pad
        lines = [self.tr("mr.stored", n=len(p["held"]))]
        lines += [f"{self.tr(k)}: {v}" for k, v in p["breakdown"].items() if v]
        draw_wrapped(surf, "  ·  ".join(lines), (box.x + self.pad, y, box.w - 2 * self.pad, box.bottom - y),
                     F.lines, theme.INK)
        blit_text(surf, self.tr("mr.close_zoom"), (box.centerx, box.bottom - self.pad), F.close, theme.INK_SOFT,

                  anchor="midbottom")
