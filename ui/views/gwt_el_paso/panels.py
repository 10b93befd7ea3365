"""El Paso's own panels (mixed into its GWTView before the family's): the trading posts
and the Simmental space on the playmat, the delivery in the decision panel, Sue's row and
card, the train row and the Simmental stack of the supply, and the bonus tiles."""
from __future__ import annotations

import pygame

from ui import sprites, theme
from ui.widgets import blit_text, wrap_lines


class ElPasoPanelsMixin:
    SUPPLY_ROWS = ("market", "workers", "stacks", "trains", "tiles")
    SUPPLY_EXTRA = 1        # the Simmental stack after the workers
    SUPPLY_TILE_SLOTS = 8   # three open objective and bonus tiles, each kind's stack

    # ------------------------------------------------------------ the playmat
    def herder_at(self, p) -> str | None:
        return "simmental" if p["on_simmental"] else p["node"]

    def board_dyn(self, view) -> dict:
        dyn = super().board_dyn(view)
        pm = view["playmat"]
        dyn["discs"] = {int(v): list(seats) for v, seats in pm["posts"].items() if seats}
        dyn["simmental"] = pm["simmental"]
        dyn["posts"] = sorted({int(a.args[0]) for a in self.delivers()})
        return dyn

    def delivers(self) -> list:
        """The legal deliveries to a post (not "deliver none")."""
        return [a for a in self.legal if a.verb == "deliver" and a.args[0] != "none"]

    def draw_board_extras(self, surf, view, rects, seat) -> None:
        """The trading posts (a post taking several discs is picked first, then the disc)
        and the Simmental space."""
        sz = self.own
        d = self.data
        delivers = self.delivers()
        for v in d.posts:
            r = rects[f"post.{v.value}"]
            acts = [a for a in delivers if int(a.args[0]) == v.value]
            if len(acts) > 1:  # several discs may go there: pick the post, then the disc
                self.targets.append((r, None, f"post.{v.value}"))
                self.deliver_posts.add(v.value)
                if self.deliver_post == v.value:
                    t = max(2, sz.post_ring.line)
                    pygame.draw.rect(surf, theme.INK,
                                     r.inflate(2 * t + sz.post_ring.grow, 2 * t + sz.post_ring.grow), t,
                                     border_radius=sz.post_ring.radius_outer)
                    pygame.draw.rect(surf, theme.WHITE,
                                     r.inflate(sz.post_ring.grow, sz.post_ring.grow), t, border_radius=sz.post_ring.radius)
            else:
                self.target(surf, r, acts, f"post.{v.value}", glow=False)
            self.preview(r, self.post_preview, v.value)
            if acts:
                certs = self.cert_cost(view, seat, v.value)
                if certs:
                    self.cert_badge(surf, r, certs)
            self.tip(r, self.post_tip, v.value)
        r = rects["simmental"]
        self.targets.append((r, None, "simmental"))
        self.tip(r, self.tr("gwt.tip.simmental", n=view["playmat"]["simmental"]))

    def cert_badge(self, surf, r, n):
        sz = self.own
        h = max(12, int(r.h * 0.22))
        img = self.art.certificate(h, None)
        box = pygame.Rect(0, 0, img.get_width() + h, h + sz.cert_badge.pad_y)
        box.midbottom = (r.centerx, r.top - sz.cert_badge.lift)
        pygame.draw.rect(surf, (252, 246, 230), box, border_radius=sz.cert_badge.radius)
        pygame.draw.rect(surf, theme.INK, box, 1, border_radius=sz.cert_badge.radius)
        surf.blit(img, (box.x + sz.cert_badge.icon_x, box.y + 1))
        blit_text(surf, f"\u2212{n}", (box.right - sz.cert_badge.text_dx, box.centery),
                  int(h * 0.8), theme.DANGER,
                  bold=True, anchor="midright")

    def cert_cost(self, view, seat, post) -> int:
        """Certificates from the track the seat spends to deliver to `post` (the view's
        delivery preview; 0 for another seat)."""
        dl = view.get("delivery")
        if not dl or seat != view.get("seat"):
            return 0
        return next((p["certs"] for p in dl["posts"] if p["post"] == post), 0)

    # ------------------------------------------------------------ the decision panel
    OWN_DECISIONS = ("deliver",)

    def draw_own_decision(self, surf, view, k, inner, y, btn, seat) -> None:
        """The delivery: the hand's value, the posts within reach and what each costs in
        certificates, and the button to skip delivering."""
        sz = self.own
        dl = view["delivery"]
        blit_text(surf, self.tr("gwt.deliver_value", value=dl["value"], certs=dl["certs"], total=dl["total"]),
                  (inner.x, y), sz.font.delivery.title, theme.INK, bold=True, max_width=inner.w)
        posts = sorted({int(a.args[0]) for a in self.legal if a.verb == "deliver" and a.args[0] != "none"})
        parts = []
        for v in posts:
            c = self.cert_cost(view, seat, v)
            parts.append(f"{v}" + (f" (\u2212{c}\u2009{self.tr('gwt.cert_short')})" if c else ""))
        text = self.tr("gwt.deliver_posts", posts=", ".join(parts) if parts else "\u2014")
        blit_text(surf, text, (inner.x, y + sz.delivery.text_dy), sz.font.delivery.text, theme.INK,
                  max_width=inner.w)
        y += sz.delivery.room
        none = [a for a in self.legal if a.verb == "deliver" and a.args[0] == "none"]
        if none:
            self.button(surf, (inner.x, y, inner.w, btn), self.tr("gwt.d.deliver_none"), none, "button.skip")

    def own_decision_height(self, k, base, btn) -> int:
        return base + self.own.delivery.line * 2 + btn + self.own.delivery.bottom

    def own_hint_key(self, k) -> str | None:
        if k == "deliver" and self.deliver_post is not None:
            return "gwt.hint.deliver_disc"
        return None

    def own_requirement(self, kind, v) -> str:
        """A trading post of at least this value reached ("min_post")."""
        return self.tr("gwt.req.post", n=v)

    def menu_title(self, ref) -> str:
        """A train card's or a trading post's reward."""
        if ref[0] == "train":
            return self.tr("gwt.train_card", n=self.data.train(int(ref[1])).engineers)
        return self.tr("gwt.post_reward", value=ref[1])

    # ------------------------------------------------------------ the seat's own area
    def seat_line_args(self, p) -> dict:
        return {"bonuses": len(p["bonuses"])}

    def own_chips(self, view, s) -> list[tuple]:
        n = len(view["seats"][s]["bonuses"])
        return [(self.art.tile_back("bonus", self.s.seats.chip), str(n), self.tr("gwt.chip.bonuses", n=n))]

    def hand_value(self, view) -> int | None:
        """The hand's value for a delivery."""
        return (view.get("delivery") or {}).get("value", 0)

    def disc_acts(self, did) -> list:
        """Disc `did` sent to the post picked first."""
        return [a for a in self.delivers() if int(a.args[0]) == self.deliver_post and a.args[1] == did]

    # ------------------------------------------------------------ the supply
    def supply_trains(self, row, y):
        """The train row: each train card on its current side."""
        sz = self.own
        surf, pm, x0, w, lab_h, rh, LW = row.surf, row.pm, row.x0, row.w, row.lab_h, row.h, 0
        d = self.data
        self.supply_label(row, self.tr("gwt.trains"), y)
        trains = self.do_acts("use_train")
        col = (w - LW) / max(1, len(d.trains))
        th = int(rh - lab_h - sz.trains.label_gap)
        tw = int(min(th * 1.5, col - sz.trains.col_room))
        th = int(tw / 1.5)
        for i, t in enumerate(d.trains):
            r = pygame.Rect(int(x0 + LW + col * i), int(y + lab_h), tw, th)
            acts = [a for a in trains if int(a.args[1]) == t.id]
            self.target(surf, r, acts, f"train.{t.engineers}")
            side = pm["train_sides"][i]
            surf.blit(self.art.train_card(t.id, side, tw, th, self.lang), r)
            self.tip(r, self.train_tip, t.id, side)
            self.preview(r, self.art.train_card, t.id, side, sz.trains.preview_w,
                         sz.trains.preview_h, self.lang)

    def supply_extra(self, row, i, r):
        """The Simmental stack."""
        pm = row.pm
        img = self.art.cattle_card(self.data.simmental.id, r.w, r.h, self.lang)
        row.surf.blit(img, r)
        self.targets.append((r, None, "simmental"))
        self.pill(row.surf, f"\u00d7{pm['simmental']}", (r.right, r.y + self.own.simmental_supply.pill_dy))
        self.tip(r, self.tr("gwt.tip.simmental", n=pm["simmental"]))

    def tile_supply(self, pm) -> list:
        return [*super().tile_supply(pm), ("bonus", pm["bonus_open"], pm["bonus_stack"])]

    def held_tiles(self, p) -> list:
        return [*super().held_tiles(p), ("bonus", p["bonuses"])]

    # ------------------------------------------------------------ tooltips and previews
    def post_preview(self, value):
        from ui.views.gwt_el_paso.board import post_sign
        return post_sign(self.ed, value, int(self.big() * 0.6), int(self.big() * 1.03), self.lang)

    def post_tip(self, value) -> str:
        post = self.data.post(value)
        text = self.tr("gwt.tip.post", value=value, vp=post.vp)
        labels = self.glossary("posts", value)
        if labels:
            text += " · " + self.labels_text(labels)
        if post.black:
            text += " · " + self.tr("gwt.tip.black")
        if post.repeat:
            text += " · " + self.tr("gwt.tip.repeat")
        return text

    def bonus_tip(self, bid) -> str:
        b = self.data.bonus(bid)
        parts = []
        if b.effect is not None:
            parts.append(self.tr(f"effect.{b.effect.name}", **{k: v for k, v in b.effect.params.items()
                                                               if isinstance(v, (int, str))}))
        parts += [self.text_of(*lab) for lab in self.glossary("bonus_tiles", bid)]
        return self.tr("gwt.tip.bonus", vp=b.vp, what="; ".join(parts) or "\u2014")

    def draw_sue_row(self, surf, view, s, r):
        """Sue at a glance: her cattle pile by breed, her strategy row, her score."""
        sz = self.own
        p = view["seats"][s]
        sue = p["sue"]
        star = self.art.vp_star(r.h - sz.sue_row.star_room, self.score_of(s) or 0)
        sr = sprites.put(surf, star, star.get_rect(midright=(r.right - sz.sue_row.star_dx, r.centery)))
        step_w = sz.sue_row.step
        wx = sr.x - sz.sue_row.star_gap - step_w * len(sue["row"])
        for w in sue["row"]:
            piece = self.art.worker_piece(w, int(r.h * 0.5), self.lang)
            pr = sprites.put(surf, piece, piece.get_rect(midtop=(wx + step_w // 2, r.y + sz.sue_row.piece_dy)))
            blit_text(surf, str(sue["counts"].get(w, 0)),
                      (pr.centerx, r.bottom - sz.sue_row.count_dy), sz.font.sue_row.count,
                      theme.INK, bold=True, anchor="midbottom")
            wx += step_w
        ch = r.h - sz.sue_row.card_room
        cw = int(ch / 1.42)
        counts: dict = {}
        for c in sue["cattle"]:
            counts[c] = counts.get(c, 0) + 1
        breeds = [x.id for x in self.data.breeds if x.id in counts]
        area = sr.x - sz.sue_row.area_gap - step_w * len(sue["row"]) - r.x - sz.sue_row.area_room
        step = cw + sz.sue_row.card_gap
        if len(breeds) > 1:
            step = min(step, (area - cw) / (len(breeds) - 1))
        for i, b in enumerate(breeds):
            x = int(r.x + step * i)
            surf.blit(self.art.cattle_card(b, cw, ch, self.lang), (x, r.y + sz.sue_row.card_dy))
            self.pill(surf, f"{counts[b]}", (x + cw, r.y + sz.sue_row.pill_dy), sz.font.sue_row.pill)
        if not breeds:
            blit_text(surf, "\u2014", (r.x + sz.sue_row.dash_dx, r.centery), sz.font.sue_row.dash,
                      theme.INK_SOFT, anchor="midleft")

    def sue_tip(self, s) -> str:
        p = self.view_now["seats"][s]
        sue = p["sue"]
        cattle = {}
        for c in sue["cattle"]:
            cattle[c] = cattle.get(c, 0) + 1
        cat = ", ".join(f"{self.tr(f'breed.{b}')} \u00d7{n}" for b, n in cattle.items()) or "\u2014"
        counts = " ".join(f"{self.worker_letter(w)}{sue['counts'].get(w, 0)}" for w in sue["row"])
        return self.tr("gwt.tip.sue", cattle=cat, counts=counts, deck=sue["deck"], stock=sue["stock"])

    def train_tip(self, tid, side) -> str:
        t = self.data.train(tid)
        what = self.labels_text(self.glossary("trains", tid, {}).get(side, ()))
        return self.tr("gwt.tip.train", n=t.engineers, money=t.engineers * self.data.money_per_worker, what=what)

    def draw_inspect_automa(self, surf, view, s, r, y) -> None:
        """Sue opened large: her cattle and workers, her tiles and her score as it stands."""
        sz = self.own
        p = view["seats"][s]
        pad = self.pad
        head = sz.automa.head
        sue = p["sue"]
        lines = [self.tr("gwt.sue_line", cattle=len(sue["cattle"]), workers=len(sue["workers"]),
                         discs=len(p["discs"]), vp=self.score_of(s)), self.sue_tip(s)]
        for ln in lines:
            for part in wrap_lines(ln, r.w - 2 * pad, sz.font.automa.text):
                blit_text(surf, part, (r.x + pad, y), sz.font.automa.text, theme.INK)
                y += sz.automa.line
        y += sz.automa.after_text
        cw = sz.automa.card
        x = r.x + pad
        for c in sue["cattle"]:
            if x + cw > r.right - pad:
                break
            surf.blit(self.art.cattle_card(c, cw, int(cw * 1.42), self.lang), (x, y))
            x += int(cw * 0.7)
        y += int(cw * 1.42) + sz.automa.row_gap
        x = r.x + pad
        for w_ in sue["workers"]:
            if x + cw > r.right - pad:
                break
            surf.blit(self.art.worker_card(w_, cw, int(cw * 1.42), self.lang), (x, y))
            x += int(cw * 0.7)
        y += int(cw * 1.42) + sz.automa.row_gap
        self.draw_tiles_row(surf, view, s, pygame.Rect(r.x + pad, y, int(r.w * 0.5), sz.automa.tiles_h))
        # her score as the pad counts it now (all of it public)
        bd = view["scores"][s]
        col_x = r.x + int(r.w * 0.55)
        yy = r.y + pad + head + sz.automa.score_y
        blit_text(surf, self.tr("gwt.score_now"), (col_x, yy), sz.font.automa.score_head,
                  theme.INK, bold=True)
        yy += sz.automa.score_head_h
        for k, v in bd.items():
            blit_text(surf, self.tr(k), (col_x, yy), sz.font.automa.score, theme.INK,
                      max_width=int(r.w * 0.3))
            blit_text(surf, str(v), (r.right - pad, yy), sz.font.automa.score, theme.INK,
                      bold=True, anchor="topright")
            yy += sz.automa.score_line
        pygame.draw.line(surf, theme.INK_SOFT, (col_x, yy + sz.automa.rule_dy),
                         (r.right - pad, yy + sz.automa.rule_dy))
        blit_text(surf, self.tr("gwt.total"), (col_x, yy + sz.automa.total_dy),
                  sz.font.automa.score, theme.INK, bold=True)
        blit_text(surf, str(sum(bd.values())), (r.right - pad, yy + sz.automa.total_dy),
                  sz.font.automa.score, theme.INK,
                  bold=True, anchor="topright")

    # ------------------------------------------------------------ animations
    def draw_own_beat(self, surf, beat, progress) -> None:
        if beat.kind == "sue_card":
            self.draw_sue_card(surf, beat.data, progress)

    def gain_target(self, surf, ev, args, seat, progress):
        """A delivery drops the seat's disc on the post; Sue's cattle and workers ring where
        they come from and go."""
        if ev == "gwt_delivered":
            target = self.node_rects.get(f"post.{args.get('post')}")
            if target is not None and seat is not None:
                rgb, letter, _ = self.ident(seat)
                d = max(10, int(target.w * 0.42))
                disc = self.art.player_disc(d, rgb, letter)
                y = target.y - d + (target.centery + target.h * 0.12 - target.y + d) * min(1.0, progress * 1.6)
                surf.blit(disc, disc.get_rect(center=(target.centerx, int(y))))
            return target
        if ev == "gwt_sue_cattle":
            return self.element_rect(f"market.{args.get('breed')}")
        if ev == "gwt_sue_worker":
            return self.element_rect(f"seat.{seat}")
        return super().gain_target(surf, ev, args, seat, progress)

    def draw_sue_card(self, surf, data, progress):
        sz = self.own
        card = self.data.sue_card(data["card"])
        w, h = sz.sue_card.w, sz.sue_card.h
        r = pygame.Rect(0, 0, w, h)
        r.center = self.r_board.center
        surf.blit(sprites.shadow(w, h, sz.sue_card.shadow),
                  (r.x + sz.sue_card.shadow_dx, r.y + sz.sue_card.shadow_dy))
        surf.blit(sprites.panel(w, h, fill=(236, 214, 176)), r)
        blit_text(surf, self.tr("gwt.sue_card", card=card.id),
                  (r.centerx, r.y + sz.sue_card.title_dy), sz.font.sue_card.title,
                  theme.INK, bold=True, anchor="midtop")
        mv = self.art.worker_piece(card.move, sz.sue_card.piece, self.lang)
        surf.blit(mv, mv.get_rect(center=(r.x + w * 0.22, r.centery + sz.sue_card.piece_dy)))
        pygame.draw.line(surf, theme.INK_SOFT, (r.x + w * 0.44, r.y + sz.sue_card.rule_top),
                         (r.x + w * 0.44, r.bottom - sz.sue_card.rule_bottom))
        col = pygame.Rect(r.x + sz.sue_card.col_x, 0, int(w * 0.44) - sz.sue_card.col_room, 0)
        for i, ln in enumerate(wrap_lines(self.tr("gwt.sue_moves", worker=card.move), col.w, sz.font.sue_card.moves)[:2]):
            blit_text(surf, ln,
                      (r.x + w * 0.22, r.bottom - sz.sue_card.moves_y + i * sz.sue_card.moves_line), sz.font.sue_card.moves, theme.INK,
                      anchor="midtop")
        right = int(w * 0.56) - sz.sue_card.right_room
        lines = wrap_lines(self.tr(f"gwt.sue_action.{card.action}", n=card.draw), right,
                           sz.font.sue_card.action, True)[:3]
        y0 = r.centery + sz.sue_card.action_dy - len(lines) * sz.sue_card.half_line
        for i, ln in enumerate(lines):
            blit_text(surf, ln, (r.x + w * 0.72, y0 + i * sz.sue_card.action_line),
                      sz.font.sue_card.action, theme.INK, bold=True,
                      anchor="midtop")
