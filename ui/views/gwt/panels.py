"""The panels of a Great Western Trail table (mixed into GWTFamilyView): the playmat
with its targets, the seat's own area, the other seats, the decision panel, the side boards,
another seat's board opened large, and the animation banners. They read the game's view
(view["seats"], ["playmat"], ["decision"], ["scores"], ["glossary"], the edition's own) and the
edition's static data (self.data)."""
from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from ui import sprites, theme
from ui.views.gwt.playerboard import PlayerBoardState, player_board
from ui.widgets import blit_text, wrap_lines


@dataclass
class SupplyRow:
    """What the supply panel's rows share: the surface, the playmat view, the left edge and
    width, the label size, a label's height, a row's height, the market cards' width."""
    surf: pygame.Surface
    pm: dict
    x0: int
    w: int
    lab: int
    lab_h: int
    h: float
    card_w: int


class PanelsMixin:
    SUPPLY_ROWS = ("market", "workers", "stacks", "tiles")  # supply_<name> draws each
    SUPPLY_EXTRA = 0        # stacks after the workers' (supply_extra draws them)
    SUPPLY_TILE_SLOTS = 4   # tile places in the tiles row (open tiles and stacks)
    OWN_DECISIONS: tuple = ()  # decision kinds the edition draws (draw_own_decision)
    # ------------------------------------------------------------ small pieces
    def count_tag(self, surf, text, pos, size, anchor="bottomright"):
        img = self.art.label(text, max(9, size), theme.INK, (250, 244, 226))
        r = img.get_rect(**{anchor: pos})
        surf.blit(img, r)
        return r

    def pill(self, surf, text, center, size=None):
        """A count on a dark pill, over the corner of a card or tile."""
        sz = self.s
        size = size or sz.font.pill.text
        img = theme.text(text, size, theme.WHITE, True)
        box = img.get_rect(center=center).inflate(sz.pill.pad_x, sz.pill.pad_y)
        pygame.draw.rect(surf, (40, 30, 22), box, border_radius=box.h // 2)
        pygame.draw.rect(surf, (250, 240, 214), box, 1, border_radius=box.h // 2)
        surf.blit(img, img.get_rect(center=box.center))
        return box

    def worker_letter(self, w: str) -> str:
        look = self.conf["workers"][w]["letter"]
        return look.get(self.lang, look["en"])

    # ------------------------------------------------------------ the playmat
    def board_dyn(self, view) -> dict:
        pm = view["playmat"]
        tiles = {}
        for n, loc in pm["locations"].items():
            if loc["kind"] == "neutral":
                tiles[n] = loc["face"]
            elif loc["kind"] == "building":
                tiles[n] = (loc["face"], loc["owner"])
        hopping = {b.data["seat"] for b in self.scene.beats[:1] if b.kind == "hop"}
        herders = {}
        for s, p in enumerate(view["seats"]):
            if s in hopping:
                continue
            at = self.herder_at(p)
            if at is not None:
                herders[s] = at
        return {"seats": [self.ident(s) for s in range(len(view["seats"]))], "tiles": tiles,
                "herders": herders, "lang": self.lang}

    def herder_at(self, p) -> str | None:
        """Where a seat's herder stands on the playmat (a trail node, an edition's place)."""
        return p["node"]

    def draw_board(self, surf, view):
        d = self.data
        dyn = self.board_dyn(view)
        seat = self.main_seat(view)
        moves = [a for a in self.legal if a.verb in ("move", "start")]
        steps = self.steps_to(view) if any(a.verb == "move" for a in moves) else {}
        if steps:
            dyn["reachable"] = {a.args[0]: steps.get(a.args[0], 1) for a in moves if a.verb == "move"}
        glow = [f"trail.{a.args[0]}" for a in moves if a.verb == "start"]
        builds = self.do_acts("place_building")
        by_node: dict[str, list] = {}
        if builds and self.build_type != -1:
            for a in builds:
                if self.build_type is None or int(a.args[2]) == self.build_type:
                    by_node.setdefault(a.args[3], []).append(a)
            if self.build_type is not None:
                glow += [f"trail.{n}" for n in by_node]
        dyn["glow"] = glow
        me = view["seats"][seat]
        if me["node"] and self.legal:
            dyn["selected"] = me["node"]
        rects = self.painter.draw(surf, self.r_board, dyn)
        self.node_rects = rects
        for nid in d.node_order:
            r = rects[f"trail.{nid}"]
            acts = [a for a in moves if a.args[0] == nid] + by_node.get(nid, [])
            self.target(surf, r, acts, f"trail.{nid}", glow=False)
            self.tip(r, self.node_tip, nid)
            self.preview(r, self.node_preview, nid)
        self.draw_board_extras(surf, view, rects, seat)

    def draw_board_extras(self, surf, view, rects, seat) -> None:
        """The edition's own places on the playmat as targets (drawn by the edition's panels)."""

    def big(self) -> int:
        return self.s.preview.size

    def node_preview(self, nid):
        if nid == self.city_node():
            return self.art.building_tile(self.ed.city, self.big(), int(self.big() * 1.18), None, self.lang)
        loc = self.locations().get(nid)
        if loc and loc["kind"] == "neutral":
            return self.art.building_tile(loc["face"], self.big(), self.big(), None, self.lang)
        if loc and loc["kind"] == "building":
            return self.art.building_tile(loc["face"], self.big(), self.big(), self.ident(loc["owner"]), self.lang)
        return None

    def node_tip(self, nid) -> str:
        name = self.node_name(nid)
        loc = self.locations().get(nid)
        labels = self.glossary("tiles", loc["face"]) if loc else ()
        if not labels:
            return name
        return name + ": " + self.labels_text(labels)

    # ------------------------------------------------------------ the seat's own area
    def draw_mine(self, surf, view):
        sz = self.s
        r = self.r_mine
        seat = self.main_seat(view)
        p = view["seats"][seat]
        self.panel(surf, r)
        pad = self.pad
        head = sz.mine.head
        # header: marker, name, money, tokens, deck and discard
        mk = self.marker(seat, head - sz.mine.gap)
        surf.blit(mk, (r.x + pad, r.y + pad // 2 + sz.mine.inset))
        x = r.x + pad + head + sz.mine.inset
        cy = r.y + pad // 2 + head // 2 + sz.mine.name_dy
        you = f" ({self.tr('play.you')})" if seat == self.scene.viewer else ""
        nr = blit_text(surf, self.seat_name(seat) + you, (x, cy), sz.font.mine.name, theme.INK, bold=True,
                       anchor="midleft", max_width=int(r.w * 0.3))
        x = nr.right + sz.mine.after_name
        # money in words ("Money: $11"), not a bare coin
        mr = blit_text(surf, self.tr("gwt.tip.money", n=p["money"]), (x, cy), sz.font.mine.count, theme.INK,
                       bold=True, anchor="midleft")
        self.tip(mr, self.tr("gwt.tip.money", n=p["money"]))
        x = mr.right + sz.mine.spacing
        tok = self.art.exchange_token(head - sz.mine.inset)
        tr_ = tok.get_rect(midleft=(x, cy))
        tok_box = pygame.Rect(tr_.x, tr_.y, tr_.w + sz.mine.token_box, tr_.h)
        token_acts = self.target(surf, tok_box, [a for a in self.legal if a.verb == "token"], "exchange")
        surf.blit(tok, tr_)
        blit_text(surf, f"\u00d7{p['tokens']}", (tr_.right + sz.mine.count_dx, cy),
                  sz.font.mine.count, theme.INK, bold=True,
                  anchor="midleft")
        self.tip(tok_box, self.tr("gwt.tip.tokens", n=p["tokens"]) + (
            "  \u2014  " + self.tr("gwt.tip.use_token") if token_acts else ""))
        x = tok_box.right + sz.mine.spacing
        piles = self.tr("gwt.piles", deck=p["deck"], discard=p["discard"])
        pr = blit_text(surf, piles, (x, cy), sz.font.mine.piles, theme.INK_SOFT, anchor="midleft",
                       max_width=max(sz.mine.piles_min, r.right - pad - x))
        self.targets.append((pr, None, "discard"))
        self.tip(pr, self.discard_tip, view, seat)
        body = pygame.Rect(r.x + pad, r.y + pad // 2 + head + sz.mine.gap, r.w - 2 * pad,
                           r.bottom - pad - (r.y + pad // 2 + head + sz.mine.gap))
        # the player board on the left, the tiles below it
        pb_w = int(body.w * 0.55)
        tiles_h = max(sz.mine.tiles_min, int(body.h * 0.24))
        pb_h = min(body.h - tiles_h - sz.mine.gap, int(pb_w / 3.0))
        pb_w = min(pb_w, int(pb_h * 3.9))
        self.draw_player_board(surf, view, seat, pygame.Rect(body.x, body.y, pb_w, pb_h), True)
        self.draw_tiles_row(surf, view, seat, pygame.Rect(body.x, body.y + pb_h + sz.mine.gap, pb_w,
                                                          body.bottom - body.y - pb_h - sz.mine.gap))
        rest = pygame.Rect(body.x + pb_w + self.gap * 2, body.y, body.right - body.x - pb_w - self.gap * 2, body.h)
        hand_h = int(rest.h * 0.6)
        self.draw_hand(surf, view, seat, pygame.Rect(rest.x, rest.y, rest.w, hand_h))
        self.draw_area(surf, view, seat, pygame.Rect(rest.x, rest.y + hand_h + sz.mine.gap, rest.w,
                                                     rest.h - hand_h - sz.mine.gap))

    def discard_tip(self, view, seat) -> str:
        """The discard pile: the whole of one's own, the face-up top card of another's."""
        if seat == view.get("seat") and "discard" in view:
            cards = view["discard"]
        else:
            top = view["seats"][seat]["discard_top"]
            cards = [top] if top is not None else []
        names = [self.tr(f"breed.{c}") if self.tr.has(f"breed.{c}") else self.tr(f"worker.{c}")
                 for c in cards]
        return self.tr("gwt.tip.discard", cards=", ".join(names) or "\u2014")

    def pb_state(self, view, seat) -> PlayerBoardState:
        p = view["seats"][seat]
        rgb, letter, _ = self.ident(seat)
        aux = tuple((a["number"], a["open"], a["upgraded"]) for a in p["aux"])
        return PlayerBoardState(rgb, letter, tuple(p["discs"]), p["certs"], p["perm_certs"], p["step_limit"],
                                p["hand_limit"], self.lang, aux, p["cert_max"])

    def draw_player_board(self, surf, view, seat, rect, mine: bool):
        sz = self.s
        img, rects = player_board(self.ed, rect.w, rect.h, self.pb_state(view, seat))
        pb = sz.player_board  # the board is opaque: only its shadow's rim is drawn
        sprites.blit_rim_shadow(surf, img.get_rect(topleft=rect.topleft), pb.shadow, pb.shadow_dx, pb.shadow_dy,
                                2 * pb.shadow + 1)
        surf.blit(img, rect.topleft)
        if mine:  # hovered, the board shows large beside it
            big = sz.player_board.preview_w
            self.preview(rect, lambda: player_board(self.ed, big, big * rect.h // max(1, rect.w),
                                                    self.pb_state(view, seat))[0])
        aux = [a for a in self.legal if a.verb == "aux"] if mine else []
        for eid, rr in rects.items():
            rr = rr.move(rect.topleft)
            pre = "" if mine else f"seat.{seat}."
            if eid.startswith("aux."):
                n = eid.split(".")[1]
                acts = [a for a in aux if a.args[0] == n]
                self.target(surf, rr, acts, pre + eid, ring=True)
                self.tip(rr, self.aux_tip, view, seat, int(n))
            elif eid.startswith("disc."):
                did = eid.split(".", 1)[1]
                acts = self.disc_acts(did) if mine else []
                self.target(surf, rr, acts, pre + eid, ring=True)
                self.tip(rr, self.disc_tip, view, seat, did)
            else:
                self.targets.append((rr, None, pre + eid))
                self.tip(rr, self.tr("gwt.tip.certs", n=view["seats"][seat]["certs"],
                                     perm=view["seats"][seat]["perm_certs"]))

    def aux_tip(self, view, seat, n) -> str:
        aux = next(a for a in view["seats"][seat]["aux"] if a["number"] == n)
        text = self.tr("gwt.tip.aux", n=n, what=self.labels_text(a["label"] for a in aux["acts"]))
        if not aux["open"]:
            text += " \u2014 " + self.tr("gwt.tip.locked")
        return text

    def disc_tip(self, view, seat, did) -> str:
        disc = self.data.disc(did)
        on = did in view["seats"][seat]["discs"]
        text = self.tr(f"disc.{did}")
        if disc.money:
            text += " · " + self.tr("gwt.tip.disc_money" if disc.money > 0 else "gwt.tip.disc_pay", n=abs(disc.money))
        if disc.black:
            text += " · " + self.tr("gwt.tip.black_disc")
        if not on:
            text += " · " + self.tr("gwt.tip.disc_gone")
        return text

    def draw_tiles_row(self, surf, view, seat, rect):
        """The seat's tiles of each kind (held_tiles), small, with tooltips."""
        sz = self.s
        p = view["seats"][seat]
        s = min(rect.h, sz.tiles_row.tile_max)
        x = rect.x
        lr = blit_text(surf, self.tr("gwt.tiles"), (x, rect.y + s // 2), sz.font.tiles_row.label,
                       theme.INK_SOFT, bold=True,
                       anchor="midleft")
        x = lr.right + sz.tiles_row.after_label
        for kind, ids in self.held_tiles(p):
            tile = getattr(self.art, f"{kind}_tile")
            for tid in ids:
                r = sprites.put(surf, tile(tid, s, self.lang), (x, rect.y))
                self.tip(r, getattr(self, f"{kind}_tip"), tid)
                self.preview(r, tile, tid, sz.tiles_row.preview, self.lang)
                x += s + sz.tiles_row.gap

    def held_tiles(self, p) -> list:
        """(kind, tile ids) per kind of tile a seat holds (art.<kind>_tile, self.<kind>_tip)."""
        return [("objective", p["objectives"])]

    def objective_tip(self, oid) -> str:
        o = self.data.objective(oid)
        reqs = []
        for kind, v in o.requires:
            if kind == "cattle":
                reqs.append(self.tr(f"breed.{v}"))
            elif kind == "worker":
                reqs.append(self.tr(f"worker.{v}"))
            elif kind == "min_builders":
                reqs.append(self.tr("gwt.req.builders", n=v))
            else:
                reqs.append(self.own_requirement(kind, v))
        return self.tr("gwt.tip.objective", vp=o.vp, what=", ".join(reqs))

    def own_requirement(self, kind, v) -> str:
        """An edition's own kind of objective requirement, in words."""
        return f"{kind} {v}"

    def draw_hand(self, surf, view, seat, rect):
        """The viewer's hand, each card a target for what clicking it does now (hand_targets,
        hand_card, breed_tip, hand_preview: an edition's own cards); another seat's hand
        only as a count."""
        sz = self.s
        hand = view.get("hand") if seat == self.scene.viewer else None
        blit_text(surf, self.tr("gwt.hand"), (rect.x, rect.y), sz.font.hand.label, theme.INK_SOFT, bold=True)
        top = rect.y + sz.hand.top
        h = rect.bottom - top
        if not isinstance(hand, list):
            n = view["seats"][seat]["hand"]
            blit_text(surf, self.tr("gwt.hand_count", n=n), (rect.x, top), sz.font.hand.count, theme.INK)
            return
        value = self.hand_value(view)
        if value is not None:
            vr = blit_text(surf, self.tr("gwt.hand_value", n=value), (rect.right, rect.y),
                           sz.font.hand.label, theme.INK, bold=True, anchor="topright")
            self.tip(vr, self.hand_value_tip(value))
        if not hand:
            blit_text(surf, "\u2014", (rect.x + sz.hand.dash_dx, top + sz.hand.dash_dy),
                      sz.font.hand.dash, theme.INK_SOFT)
            return
        n = len(hand)
        cw = int(min(h / 1.42, sz.hand.card_max))
        ch = int(cw * 1.42)
        step = min(cw + sz.hand.gap, (rect.w - cw) / max(1, n - 1)) if n > 1 else cw
        acts_of = self.hand_targets()
        for i, c in enumerate(hand):
            r = pygame.Rect(int(rect.x + step * i), top, cw, ch)
            acts = acts_of.get(c, [])
            lift = sz.hand.lift if acts and r.collidepoint(self.mouse) else 0
            r = r.move(0, -lift)
            self.target(surf, r, acts, f"hand.{i}")
            surf.blit(self.hand_card(c, cw, ch), r)
            self.tip(r, self.breed_tip, c)
            self.hand_preview(r, c)

    def hand_targets(self) -> dict:
        """card -> the legal actions clicking that hand card stands for."""
        out: dict = {}
        for a in self.legal:
            if a.verb == "discard":
                out.setdefault(a.args[0], []).append(a)
            elif a.verb in ("do", "aux") and a.args[1:]:
                f = self.found(a)
                if f is not None and f[0]["name"] in ("discard_cattle_for_money", "remove_cattle"):
                    out.setdefault(a.args[1], []).append(a)
        return out

    def hand_card(self, card, w: int, h: int):
        """The picture of a hand card."""
        return self.art.cattle_card(card, w, h, self.lang)

    def hand_preview(self, rect, card) -> None:
        """A hand card shown large while hovered (an edition whose cards are small)."""

    def hand_value_tip(self, value) -> str:
        return self.tr("gwt.tip.hand_value", n=value)

    def breed_tip(self, b) -> str:
        br = self.data.breed(b)
        return self.tr("gwt.tip.breed", name=self.tr(f"breed.{b}"), bv=br.bv, vp=br.vp)

    def draw_area(self, surf, view, seat, rect):
        """The worker area: one pile per type with its count; a legal bonus glows."""
        sz = self.s
        p = view["seats"][seat]
        blit_text(surf, self.tr("gwt.workers"), (rect.x, rect.y), sz.font.area.label,
                  theme.INK_SOFT, bold=True)
        top = rect.y + sz.area.top
        h = rect.bottom - top
        types = self.data.worker_ids
        k = len(types)
        cw = int(min(h / 1.4, (rect.w - sz.area.gap * (k - 1)) / k - sz.area.count_room))
        ch = int(cw * 1.4)
        step = (rect.w) / k
        for i, w in enumerate(types):
            n = p["workers"].count(w)
            r = pygame.Rect(int(rect.x + step * i), top, cw, ch)
            acts = [a for a in self.legal if a.verb == "bonus" and a.args[0] == w] if seat == self.scene.viewer else []
            self.target(surf, r, acts, f"area.{w}" if seat == self.scene.viewer else f"seat.{seat}.area.{w}")
            img = self.art.worker_card(w, cw, ch, self.lang)
            if not n:
                img = img.copy()
                img.set_alpha(90)
            surf.blit(img, r)
            blit_text(surf, f"\u00d7{n}", (r.right + sz.area.count_dx, r.bottom),
                      sz.font.area.count, theme.INK, bold=True,
                      anchor="bottomleft")
            self.tip(r, self.area_tip, w, n, bool(acts))

    def area_tip(self, w, n, usable) -> str:
        from games.core.action import Action
        text = self.tr("gwt.tip.area", worker=self.tr(f"worker.{w}"), n=n)
        bonus = self.describe(Action(0, "bonus", (w,)))
        return text + " \u2014 " + bonus + ("" if usable else " " + self.tr("gwt.tip.not_now"))

    # ------------------------------------------------------------ the right column
    def draw_right(self, surf, view):
        r = self.r_right
        others = [s for s in range(len(view["seats"])) if s != self.main_seat(view)]
        seats_h = self.s.seats.head + sum(self.seat_row_h(view, o) for o in others) + self.pad
        seats = pygame.Rect(r.x, r.y, r.w, seats_h)
        self.draw_seats(surf, view, others, seats)
        # The panel only grows (to the tallest decision yet, from a reserve that fits the
        # common ones), so the supply below keeps its place from one decision to the next.
        self._dec_h = dec_h = max(self.decision_height(view), self.decision_reserve(), getattr(self, "_dec_h", 0))
        dec = pygame.Rect(r.x, seats.bottom + self.gap, r.w, dec_h)
        self.draw_decision(surf, view, dec)
        self.r_supply = sup = pygame.Rect(r.x, dec.bottom + self.gap, r.w, r.bottom - dec.bottom - self.gap)
        self.draw_supply(surf, view, sup)

    def score_of(self, seat) -> int | None:
        """Sue's score as the pad counts it now (all of it public); None for a person."""
        view = self.view_now
        if not view["seats"][seat]["automa"]:
            return None
        return sum(view["scores"][seat].values())

    def seat_row_h(self, view, s) -> int:
        sz = self.s
        return sz.seats.row_sue if view["seats"][s]["automa"] else sz.seats.row

    def draw_seats(self, surf, view, others, rect):
        sz = self.s
        self.panel(surf, rect, self.tr("gwt.others"), 15)
        y = rect.y + sz.seats.head
        current = view["current"] if view["phase"] == "play" else None
        for s in others:
            p = view["seats"][s]
            row = self.seat_row_h(view, s)
            rr = pygame.Rect(rect.x + sz.seats.inset, y, rect.w - sz.twice.seats.inset,
                             row - sz.seats.row_gap)
            hov = rr.collidepoint(self.mouse)
            if s == current:
                pygame.draw.rect(surf, (250, 226, 150), rr, border_radius=sz.seats.radius)
            elif hov:
                pygame.draw.rect(surf, (236, 222, 190), rr, border_radius=sz.seats.radius)
            self.targets.append((rr, None, f"seat.{s}"))
            mk = self.marker(s, sz.seats.marker)
            surf.blit(mk, mk.get_rect(midleft=(rr.x + sz.seats.inset, rr.centery)))
            x = rr.x + sz.seats.name_x
            name_w = int(rr.w * (0.14 if p["automa"] else 0.19))
            blit_text(surf, self.seat_name(s), (x, rr.centery), sz.font.seats.name, theme.INK, bold=True,
                           anchor="midleft", max_width=name_w)
            x = rr.x + sz.seats.name_x + name_w + sz.seats.inset
            if p["automa"]:
                self.draw_sue_row(surf, view, s, pygame.Rect(x, rr.y, rr.right - x, rr.h))
                self.tip(rr, self.sue_tip, s)
                y += row
                continue
            self.tip(rr, self.tr("gwt.tip.seat", seat=s))
            self.draw_chips(surf, self.seat_chips(view, s), pygame.Rect(x, rr.y, rr.right - x - sz.seats.inset, rr.h))
            y += row

    def seat_chips(self, view, s) -> list[list[tuple]]:
        """Another seat's compact board: two rows of (icon or None, number in words or
        with its sign, tooltip), each number beside what it counts."""
        p = view["seats"][s]
        h = self.s.seats.chip
        workers = [(self.art.worker_card(w, int(h * 0.72), h, self.lang), str(p["workers"].count(w)),
                    self.tr("gwt.chip.workers", worker=self.tr(f"worker.{w}"), n=p["workers"].count(w)))
                   for w in self.data.worker_ids]
        certs = p["certs"] + p["perm_certs"]
        return [[(None, self.tr("gwt.money", n=p["money"]), self.tr("gwt.tip.money", n=p["money"])),
                 (self.art.certificate(h), str(certs), self.tr("gwt.tip.certs", n=p["certs"], perm=p["perm_certs"])),
                 (None, self.tr("gwt.chip.hand", n=p["hand"]), self.tr("gwt.chip.hand_tip", n=p["hand"])),
                 (self.art.tile_back("objective", h), str(len(p["objectives"])),
                  self.tr("gwt.chip.objectives", n=len(p["objectives"])))],
                workers + [(self.art.player_disc(h, self.ident(s)[0], self.ident(s)[1]), str(len(p["discs"])),
                            self.tr("gwt.chip.discs", n=len(p["discs"])))] + self.own_chips(view, s)]

    def own_chips(self, view, s) -> list[tuple]:
        """The edition's own chips after the family's on another seat's second row."""
        return []

    def draw_chips(self, surf, rows, rect) -> None:
        """Rows of chips (seat_chips) in `rect`, each chip's tooltip over it."""
        sz = self.s
        size = sz.font.seats.line
        n = max(1, len(rows))
        for i, chips in enumerate(rows):
            cy = rect.y + rect.h * (i + 0.5) / n
            x = rect.x
            for img, text, tip in chips:
                x0 = x
                iw = img.get_width() + sz.seats.chip_gap // 2 if img is not None else 0
                tw = theme.text(text, size, theme.INK, True).get_width()
                if x + iw + tw > rect.right:  # a chip is whole or not drawn: its tooltip still names it
                    break
                if img is not None:
                    surf.blit(img, img.get_rect(midleft=(x, cy)))
                    x += iw
                tr_ = blit_text(surf, text, (x, cy), size, theme.INK, bold=True, anchor="midleft")
                chip = pygame.Rect(x0, int(cy - sz.seats.chip / 2), tr_.right - x0, sz.seats.chip)
                self.tip(chip, tip)
                x = tr_.right + sz.seats.chip_gap

    # --- the decision panel -----------------------------------------------------
    def decision_height(self, view) -> int:
        sz = self.s
        top = self.top(view)
        k = top.get("k")
        btn = sz.decision.button
        lines = len(wrap_lines(self.tr(self.hint_key(k)), self.r_right.w - 2 * self.pad, sz.font.decision.hint)) \
            if self.legal and self.tr.has(self.hint_key(k)) else 2
        self.hint_lines = max(1, min(3, lines))
        base = sz.decision.head + self.hint_lines * sz.decision.line + sz.decision.below_hint
        if not self.legal:
            return base + sz.decision.waiting
        if k == "menu":
            n = len(self.ref_acts(view, top))
            extra = sz.decision.tile_choice_room if self.do_acts("gain_tile") else 0
            return base + ((n + 1) // 2) * (btn + sz.decision.button_gap) + extra + btn + sz.decision.bottom
        if k == "act":
            return base + btn + sz.decision.bottom + sz.decision.strip_room
        if k in self.OWN_DECISIONS:
            return self.own_decision_height(k, base, btn)
        if k in ("aux", "hire2", "xagain", "xdiscard"):
            return base + btn + sz.decision.bottom
        if k == "objective":
            return base + sz.decision.objective_room

        return base + sz.decision.bottom

    def act_label_key(self, act) -> str:
        """The words on an action button (an edition names an action its own way)."""
        return f"gwt.act.{act['name']}"

    def decision_reserve(self) -> int:
        """The decision panel's height at least: a hint of three lines (the most), reserve_rows rows of
        action buttons and the button under them. reserve_rows is a count, read as written (scaled
        with the window like a length it became 9 rows at 3840x2160)."""
        d = self.s.decision
        rows = int(self.conf["layout"].lengths["decision"]["reserve_rows"])
        return d.head + 3 * d.line + d.below_hint + rows * (d.button + d.button_gap) + d.button + d.bottom

    def hint_key(self, k) -> str:
        """What to click now, in words, for decision `k` and the view's selections."""
        own = self.own_hint_key(k)
        if own is not None:
            return own
        if k == "menu" and self.build_type is not None:
            return "gwt.hint.build_stack" if self.build_type == -1 else "gwt.hint.build_space"
        return f"gwt.hint.{k}"

    def menu_title(self, ref) -> str:
        """The title of a menu of actions the edition's own thing (`ref`) gives."""
        return self.tr("gwt.title.turn")

    def ref_acts(self, view, top):
        """The location's (card's, reward's) actions of the decision, as the view's Acts."""
        return (view.get("decision") or {}).get("actions", [])

    def decision_title(self, view, top) -> str:
        k = top.get("k")
        if k == "menu":
            ref = top["ref"]
            if ref[0] == "node":
                return self.node_name(ref[1])
            return self.menu_title(ref)
        if k == "act":
            return self.node_name(top["node"])
        return self.tr(f"gwt.title.{k}") if self.tr.has(f"gwt.title.{k}") else self.tr("gwt.title.turn")

    def draw_decision(self, surf, view, rect):
        sz = self.s
        top = self.top(view)
        k = top.get("k")
        mine = bool(self.legal)
        over = view["phase"] == "over"
        title = (self.decision_title(view, top) if mine else
                 self.tr("prompt.gwt.over") if over else self.tr("gwt.title.waiting"))
        self.panel(surf, rect, title, 16, glow=mine)
        pad = self.pad
        y = rect.y + sz.decision.head
        inner = pygame.Rect(rect.x + pad, y, rect.w - 2 * pad, rect.bottom - y - pad)
        if not mine:
            if over:
                text = self.tr("play.game_over")
            else:
                cur = view["current"] if view["phase"] == "play" else view["to_act"][0]
                text = self.tr("gwt.waiting_for", seat=cur)
            blit_text(surf, text, inner.topleft, sz.font.decision.hint, theme.INK, max_width=inner.w)
            return
        lines = wrap_lines(self.tr(self.hint_key(k)), inner.w, sz.font.decision.hint)[:3]
        for i, ln in enumerate(lines):
            blit_text(surf, ln, (inner.x, inner.y + i * sz.decision.line), sz.font.decision.hint,
                      theme.INK_SOFT)
        y = inner.y + max(1, len(lines)) * sz.decision.line + sz.decision.after_hint
        btn = sz.decision.button
        A = type(self.legal[0])
        seat = self.legal[0].seat
        by = {a.verb: a for a in self.legal}
        if k == "menu":
            acts = self.ref_acts(view, top)
            cols = 2 if len(acts) > 1 else 1
            w = (inner.w - sz.decision.col_gap * (cols - 1)) // cols
            for i, act in enumerate(acts):
                rr = pygame.Rect(inner.x + (i % cols) * (w + sz.decision.col_gap),
                                 y + (i // cols) * (btn + sz.decision.button_gap), w, btn)
                self.action_button(surf, view, top, i, act, rr)
            y += ((len(acts) + 1) // 2) * (btn + sz.decision.button_gap)
            tiles = self.do_acts("gain_tile")
            if tiles:  # the tiles to take, large enough to read
                self.draw_tile_choice(surf, view, tiles,
                                      pygame.Rect(inner.x, y, inner.w, sz.decision.tile_choice))
                y += sz.decision.tile_choice_room
            if self.build_type is not None:
                half = (inner.w - sz.decision.col_gap) // 2
                self.button(surf, (inner.x, y, half, btn), self.tr("gwt.cancel_build"), None, "button.cancel")
                self.button(surf, (inner.x + half + sz.decision.col_gap, y, half, btn),
                            self.tr("gwt.end_here"),
                            [A(seat, "end", ())], "button.done")
            else:
                self.button(surf, (inner.x, y, inner.w, btn), self.tr("gwt.end_here"), [A(seat, "end", ())],
                            "button.done")
        elif k == "act":
            face_keys = None
            loc = self.locations().get(top["node"])
            if loc and loc["kind"] in ("neutral", "building"):
                face_keys = self.art.acts_key(self.ref_acts(view, top))
            if face_keys:
                strip = self.art.actions_strip(face_keys, sz.decision.strip, inner.w, self.lang)
                surf.blit(strip, (inner.x, y))
                # the icons in words too
                names = [self.tr(f"gwt.act.{a['name']}") for a in self.ref_acts(view, top)
                         if self.tr.has(f"gwt.act.{a['name']}")]
                blit_text(surf, " · ".join(names), (inner.centerx, y + sz.decision.strip + 1),
                          sz.font.action.label, theme.INK_SOFT, bold=True, anchor="midtop", max_width=inner.w)
            y += sz.decision.strip_room
            if "use" in by:
                self.button(surf, (inner.x, y, inner.w, btn), self.tr("gwt.use"), [by["use"]], "button.use")
            elif "end" in by:
                self.button(surf, (inner.x, y, inner.w, btn), self.tr("gwt.d.end.act"), [by["end"]], "button.done")
            else:
                blit_text(surf, self.tr("gwt.not_yours"), (inner.x, y + btn // 2),
                          sz.font.decision.hint, theme.INK,
                          bold=True, anchor="midleft", max_width=inner.w)
        elif k in self.OWN_DECISIONS:
            self.draw_own_decision(surf, view, k, inner, y, btn, seat)
        elif k == "aux":
            self.button(surf, (inner.x, y, inner.w, btn), self.tr("gwt.d.end.aux"), [by.get("end")] if "end" in by
                        else [], "button.done")
        elif k == "hire2":
            self.button(surf, (inner.x, y, inner.w, btn), self.tr("gwt.d.end.hire2"), [by.get("end")] if "end" in by
                        else [], "button.done")
        elif k == "xagain":
            half = (inner.w - sz.decision.col_gap) // 2
            self.button(surf, (inner.x, y, half, btn), self.tr("gwt.d.again"), [by["again"]] if "again" in by else [],
                        "button.confirm")
            self.button(surf, (inner.x + half + sz.decision.col_gap, y, half, btn),
                        self.tr("gwt.d.end.xagain"),
                        [by["end"]] if "end" in by else [], "button.done")
        elif k == "objective" and "end" in by:
            self.button(surf, (inner.x, y, inner.w, btn), self.tr("gwt.d.end.objective"), [by["end"]], "button.done")
        elif k == "objective":  # the open tiles, large: the first choice of the game
            size = min(sz.decision.objective_tile, inner.bottom - y)
            picks = [a for a in self.legal if a.verb == "objective"]
            x = inner.x
            for i, t in enumerate(view["playmat"]["obj_open"]):
                if t is None:
                    continue
                r = pygame.Rect(x, y, size, size)
                self.target(surf, r, [a for a in picks if a.args[0] == str(i)], f"tile.objective.{i}")
                surf.blit(self.art.objective_tile(t, size, self.lang), r)
                self.tip(r, self.objective_tip, t)
                x += size + sz.decision.objective_gap

    def own_decision_height(self, k, base, btn) -> int:
        """The decision panel's height for a kind of OWN_DECISIONS (`base`: its title and
        hint)."""
        return base + self.s.decision.bottom

    def own_hint_key(self, k) -> str | None:
        """The edition's hint for decision `k` given its selections, or None."""
        return None

    def seat_line_args(self, p) -> dict:
        """The edition's own counts on a seat's second line (gwt.seat_line2)."""
        return {}

    def hand_value(self, view) -> int | None:
        """The value shown over the hand (None: none shown)."""
        return None

    def disc_acts(self, did) -> list:
        """The legal actions of clicking disc `did` on one's own player board."""
        return []

    def draw_own_decision(self, surf, view, k, inner, y, btn, seat) -> None:
        """The decision panel's body for a kind of OWN_DECISIONS (below its title)."""

    def draw_tile_choice(self, surf, view, acts, rect):
        sz = self.s
        supply = {k: (opened, n) for k, opened, n in self.tile_supply(view["playmat"])}
        kinds = [k for k in supply if any(a.args[1] == k for a in acts)]
        slots = sum(len(supply[k][0]) + 1 for k in kinds)
        s = int(min(rect.h, (rect.w - sz.tile_choice.slot_room * (slots + len(kinds))) / max(1, slots)))
        x = rect.x
        for kind in kinds:
            opened, stack_n = supply[kind]
            tile = getattr(self.art, f"{kind}_tile")
            for i, t in enumerate(opened):
                r = pygame.Rect(x, rect.y, s, s)
                if t is not None:
                    self.target(surf, r, [a for a in acts if a.args[1] == kind and a.args[2] == str(i)],
                                f"tile.{kind}.{i}")
                    surf.blit(tile(t, s, self.lang), r)
                    self.tip(r, getattr(self, f"{kind}_tip"), t)
                    self.preview(r, tile, t, sz.tile_choice.preview, self.lang)
                x += s + sz.tile_choice.gap
            r = pygame.Rect(x, rect.y, s, s)
            top_acts = [a for a in acts if a.args[1] == kind and a.args[2] == "top"]
            if stack_n:
                self.target(surf, r, top_acts, f"tile.{kind}.stack")
                surf.blit(self.art.tile_back(kind, s), r)
                self.pill(surf, f"\u00d7{stack_n}",
                          (r.right - sz.tile_choice.pill_dx, r.bottom - sz.tile_choice.pill_dy))
                self.tip(r, self.tr("gwt.tip.tile_stack", tilekind=kind, n=stack_n))
            x += s + sz.tile_choice.kind_gap

    def action_button(self, surf, view, top, i, act, rr):
        sz = self.s
        left = i in top["left"]
        acts = [a for a in self.legal if a.verb == "do" and int(a.args[0]) == i]
        eid = f"action.{i}"
        build = act["name"] == "place_building"
        if build:
            self.targets.append((rr, None, eid))
            self.build_buttons[eid] = sorted({int(a.args[2]) for a in acts})
            enabled = bool(acts)
        else:
            for a in acts:
                self.targets.append((rr, a, eid))
            if not acts:
                self.targets.append((rr, None, eid))
            enabled = bool(acts)
        hov = rr.collidepoint(self.mouse)
        state = "disabled" if not enabled else "hover" if hov else "normal"
        fill = (250, 240, 214) if enabled else (200, 190, 172)
        if enabled and (self.hint or hov or (build and self.build_type is not None)):
            surf.blit(sprites.glow(rr.w + sz.twice.action.glow_out, rr.h + sz.twice.action.glow_out, sz.action.glow),
                      (rr.x - sz.action.glow_out, rr.y - sz.action.glow_out))
        pygame.draw.rect(surf, theme.INK if enabled else theme.INK_SOFT, rr, border_radius=sz.action.radius)
        pygame.draw.rect(surf, fill if state != "hover" else (255, 248, 228),
                         rr.inflate(-sz.action.border, -sz.action.border),
                         border_radius=sz.action.radius_inner)
        num = self.art._order_badge(int(rr.h * 0.56), i + 1)
        surf.blit(num, num.get_rect(midleft=(rr.x + sz.action.num_x, rr.centery)))
        sw = rr.w - num.get_width() - sz.action.strip_room
        key = self.act_label_key(act)
        label = self.tr(key) if self.tr.has(key) else ""
        if label:  # the icon on the left part, what it does in words beside it
            sw = int(sw * 0.4)
        strip = self.art.actions_strip((self.art.act_key(act),), rr.h - sz.twice.action.inset, sw, self.lang)
        if not left or not enabled:
            strip = strip.copy()
            strip.set_alpha(110)
        sx = rr.x + num.get_width() + sz.action.strip_x
        used = strip.get_bounding_rect() if label else pygame.Rect(0, 0, sw, 0)
        surf.blit(strip, (sx - used.x, rr.y + sz.action.inset))  # with a label: the icon close to its number
        if label:
            lx = sx + (used.w or sw) + sz.action.strip_x
            lw = rr.right - lx - (sz.action.tick_dx * 3 if not left else sz.action.inset * 2)
            size = sz.font.action.label
            lines = wrap_lines(label, lw, size)[:2]
            step = int(size * 1.15)
            colour = theme.INK if enabled and left else theme.INK_SOFT
            for k, ln in enumerate(lines):
                blit_text(surf, ln, (lx, rr.centery + (k - (len(lines) - 1) / 2) * step), size, colour,
                          bold=True, anchor="midleft", max_width=lw)
        if not left:
            blit_text(surf, "\u2713", (rr.right - sz.action.tick_dx, rr.centery),
                      sz.font.action.tick, theme.OK, bold=True,
                      anchor="midright")
        self.tip(rr, self.action_tip, act, left, enabled)

    def action_tip(self, act, left, enabled) -> str:
        text = self.text_of(*act["label"])
        if not left:
            return text + " \u2014 " + self.tr("gwt.tip.done")
        if not enabled:
            return text + " \u2014 " + self.tr("gwt.tip.cannot")
        return text

    # --- the side boards ----------------------------------------------------------
    def draw_supply(self, surf, view, rect):
        sz = self.s
        self.panel(surf, rect, self.tr("gwt.supply"), 15)
        # the bank: money is never short
        coin = self.art.money(sz.supply.coin, 5)
        br = coin.get_rect(topright=(rect.right - self.pad - sz.supply.bank_room, rect.y + sz.supply.coin_dy))
        surf.blit(coin, br)
        tag = blit_text(surf, self.tr("gwt.bank"), (br.right + sz.supply.bank_gap, br.centery),
                        sz.font.supply.bank, theme.INK_SOFT,
                        bold=True, anchor="midleft")
        self.targets.append((br.union(tag), None, "bank"))
        self.tip(br.union(tag), self.tr("gwt.tip.bank"))
        pm = view["playmat"]
        pad = self.pad
        x0, y = rect.x + pad, rect.y + sz.supply.head
        w = rect.w - 2 * pad
        avail = rect.bottom - pad - y
        # one row per SUPPLY_ROWS entry, each under its label
        lab = sz.font.supply.label
        rows = self.SUPPLY_ROWS
        row = SupplyRow(surf, pm, x0, w, lab, lab + sz.supply.label_gap, avail / len(rows), 0)
        for name in rows:
            getattr(self, f"supply_{name}")(row, y)
            y += row.h

    def supply_label(self, row, text, yy):
        blit_text(row.surf, text, (row.x0, int(yy)), row.lab, theme.INK_SOFT, bold=True, max_width=row.w)

    def supply_market(self, row, y):
        """The cattle market: one stack per breed with its count and price."""
        sz = self.s
        surf, pm, x0, w, lab_h, rh, LW = row.surf, row.pm, row.x0, row.w, row.lab_h, row.h, 0
        d = self.data
        self.supply_label(row, self.tr("gwt.market"), y)
        buys = self.do_acts("buy_cattle")
        breeds = d.market_breeds()
        ch = int(rh - lab_h - sz.market.label_gap)
        cw = int(ch / 1.42)
        col = (w - LW) / max(1, len(breeds))
        cw = int(min(cw, col - sz.market.count_room))
        ch = int(cw * 1.42)
        for i, b in enumerate(breeds):
            r = pygame.Rect(int(x0 + LW + col * i), int(y + lab_h), cw, ch)
            acts = [a for a in buys if a.args[1] == b.id]
            self.target(surf, r, acts, f"market.{b.id}")
            n = pm["market"].get(b.id, 0)
            img = self.art.cattle_card(b.id, cw, ch, self.lang)
            if not n:
                img = img.copy()
                img.set_alpha(80)
            surf.blit(img, r)
            blit_text(surf, f"\u00d7{n}", (r.right + sz.market.count_dx, r.y),
                      sz.font.market.count, theme.INK, bold=True)
            price = d.market[b.id]  # "2" and a cowboy card: the cowboys it costs
            pr = blit_text(surf, str(price), (r.right + sz.market.count_dx, r.bottom),
                           sz.font.market.price, theme.INK, bold=True, anchor="bottomleft")
            ph = sz.font.market.price + sz.market.count_dx
            cow = self.art.worker_card("cowboy", int(ph * 0.72), ph, self.lang)
            surf.blit(cow, cow.get_rect(bottomleft=(pr.right + 1, r.bottom)))
            self.preview(r, self.art.cattle_card, b.id, sz.market.preview_w, sz.market.preview_h)
            self.tip(r, self.tr("gwt.tip.market", name=self.tr(f"breed.{b.id}"), n=n, cowboys=price,
                                money=price * d.money_per_worker, bv=b.bv, vp=b.vp))
        row.card_w = cw

    def supply_workers(self, row, y):
        """The worker supply, one stack per kind, then the edition's extra stacks
        (SUPPLY_EXTRA of them, drawn by supply_extra)."""
        sz = self.s
        surf, pm, x0, w, lab_h, LW, cw = row.surf, row.pm, row.x0, row.w, row.lab_h, 0, row.card_w
        self.supply_label(row, self.tr("gwt.supply_workers"), y)
        hires = self.do_acts("hire_worker") + [a for a in self.legal if a.verb == "hire"]
        types = self.data.worker_ids
        col = (w - LW) / (len(types) + self.SUPPLY_EXTRA)
        wcw = int(min(cw, col - sz.worker_supply.count_room))
        wch = int(wcw * 1.42)
        for i, wt in enumerate(types):
            r = pygame.Rect(int(x0 + LW + col * i), int(y + lab_h), wcw, wch)
            acts = [a for a in hires if (a.args[0] if a.verb == "hire" else a.args[1]) == wt]
            self.target(surf, r, acts, f"workers.{wt}")
            n = pm["supply"].get(wt, 0)
            img = self.art.worker_card(wt, wcw, wch, self.lang)
            if not n:
                img = img.copy()
                img.set_alpha(80)
            surf.blit(img, r)
            self.pill(surf, f"\u00d7{n}", (r.right, r.y + sz.worker_supply.pill_dy))
            self.tip(r, self.tr("gwt.tip.supply", worker=self.tr(f"worker.{wt}"), n=n))
        for i in range(self.SUPPLY_EXTRA):
            self.supply_extra(row, i, pygame.Rect(int(x0 + LW + col * (len(types) + i)), int(y + lab_h), wcw, wch))

    def supply_extra(self, row, i, r):
        """The i-th extra stack after the workers (an edition's own)."""

    def supply_stacks(self, row, y):
        """The building board: one stack per type, its top side."""
        sz = self.s
        surf, pm, x0, w, lab_h, rh, LW = row.surf, row.pm, row.x0, row.w, row.lab_h, row.h, 0
        d = self.data
        self.supply_label(row, self.tr("gwt.stacks"), y)
        builds = self.do_acts("place_building")
        bts = d.building_types
        col = (w - LW) / max(1, len(bts))
        s = int(min(rh - lab_h - sz.stacks.label_gap, col - sz.stacks.col_room))
        for i, bt in enumerate(bts):
            r = pygame.Rect(int(x0 + LW + col * i), int(y + lab_h), s, s)
            stack = pm["stock"].get(str(bt.type), [])
            eid = f"stack.{bt.builders}"
            can = any(int(a.args[2]) == bt.type for a in builds)
            if can and (self.build_type is None or self.build_type in (-1, bt.type)):
                strong = self.hint or r.collidepoint(self.mouse) or self.build_type == -1
                g = sprites.glow(r.w + sz.twice.stacks.glow_out, r.h + sz.twice.stacks.glow_out,
                                 sz.stacks.glow)
                if not strong:
                    g = sprites.with_alpha(g, 120)
                surf.blit(g, (r.x - sz.stacks.glow_out, r.y - sz.stacks.glow_out))
            self.targets.append((r, None, eid))
            if stack:
                face = bt.sides[stack[0]][0]
                surf.blit(self.art.building_tile(face, s, s, None, self.lang), r)
                self.tip(r, self.stack_tip, bt.type, stack)
                self.preview(r, self.art.building_tile, face, self.big(), self.big(), None, self.lang)
            else:
                pygame.draw.rect(surf, (200, 186, 160), r, 1, border_radius=sz.stacks.radius)
            if self.build_type == bt.type:
                pygame.draw.rect(surf, theme.INK,
                                 r.inflate(sz.stacks.ring_grow, sz.stacks.ring_grow), sz.stacks.ring_line,
                                 border_radius=sz.stacks.ring_radius)
            self.pill(surf, f"\u00d7{len(stack)}", (r.right, r.bottom - sz.stacks.pill_dy))

    def supply_tiles(self, row, y):
        """The open tiles and face-down stacks of each kind of self.tile_supply()."""
        sz = self.s
        surf, x0, w, lab_h, rh, LW = row.surf, row.x0, row.w, row.lab_h, row.h, 0
        self.supply_label(row, self.tr("gwt.tiles_supply"), y)
        tiles_acts = self.do_acts("gain_tile")
        objective_pick = [a for a in self.legal if a.verb == "objective"]
        s = int(min(rh - lab_h - sz.tile_supply.label_gap, (w - sz.tile_supply.room) / self.SUPPLY_TILE_SLOTS - sz.tile_supply.slot_gap))
        x = x0 + LW
        for kind, opened, stack_n in self.tile_supply(row.pm):
            for i, t in enumerate(opened):
                r = pygame.Rect(int(x), int(y + lab_h), s, s)
                acts = [a for a in tiles_acts if a.args[1] == kind and a.args[2] == str(i)]
                if kind == "objective":
                    acts += [a for a in objective_pick if a.args[0] == str(i)]
                self.target(surf, r, acts, f"tile.{kind}.{i}")
                if t is not None:
                    tile = getattr(self.art, f"{kind}_tile")
                    surf.blit(tile(t, s, self.lang), r)
                    self.tip(r, getattr(self, f"{kind}_tip"), t)
                    self.preview(r, tile, t, sz.tile_supply.preview, self.lang)
                else:
                    pygame.draw.rect(surf, (200, 186, 160), r, 1, border_radius=sz.tile_supply.radius)
                x += s + sz.tile_supply.slot_gap
            r = pygame.Rect(int(x), int(y + lab_h), s, s)
            acts = [a for a in tiles_acts if a.args[1] == kind and a.args[2] == "top"]
            self.target(surf, r, acts, f"tile.{kind}.stack")
            if stack_n:
                surf.blit(self.art.tile_back(kind, s), r)
            blit_text(surf, f"\u00d7{stack_n}",
                      (r.right - sz.tile_supply.count_dx, r.bottom - sz.tile_supply.count_dy), sz.font.tile_supply.count,
                      theme.WHITE, bold=True, anchor="bottomright")
            self.tip(r, self.tr("gwt.tip.tile_stack", tilekind=kind, n=stack_n))
            x += s + sz.tile_supply.kind_gap

    def tile_supply(self, pm) -> list:
        """(kind, open tiles, stack count) per kind of tile in the supply; art.<kind>_tile
        draws one, self.<kind>_tip names it."""
        return [("objective", pm["obj_open"], pm["obj_stack"])]

    def stack_tip(self, t, stack) -> str:
        bt = self.data.btype(t)
        face, vp, _ = bt.sides[stack[0]]
        what = self.labels_text(self.glossary("tiles", face))
        return self.tr("gwt.tip.stack", builders=bt.builders, money=bt.builders * self.data.money_per_worker,
                       n=len(stack), face=face, vp=vp, what=what)

    # ------------------------------------------------------------ another seat, large
    def draw_inspect(self, surf, view):
        sz = self.s
        s = self.inspect
        if s is None or s >= len(view["seats"]):
            self.inspect = None
            return
        p = view["seats"][s]
        veil = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        veil.fill((0, 0, 0, 120))
        surf.blit(veil, self.rect.topleft)
        w = int(min(self.rect.w * 0.8, sz.inspect.max_w))
        h = int(min(self.rect.h * 0.8, sz.inspect.max_h))
        r = pygame.Rect(0, 0, w, h)
        r.center = self.rect.center
        self.panel(surf, r)
        self.targets.append((r, None, "inspect"))
        pad = self.pad
        head = sz.inspect.head
        mk = self.marker(s, head - sz.inspect.marker_inset)
        surf.blit(mk, (r.x + pad, r.y + pad))
        blit_text(surf, self.seat_name(s),
                  (r.x + pad + head + sz.inspect.name_x, r.y + pad + head // 2), sz.font.inspect.name,
                  theme.INK, bold=True, anchor="midleft")
        blit_text(surf, self.tr("gwt.close_hint"), (r.right - pad, r.y + pad + head // 2),
                  sz.font.inspect.close,
                  theme.INK_SOFT, anchor="midright")
        y = r.y + pad + head + sz.inspect.board_gap
        if p["automa"]:  # the edition's automa
            self.draw_inspect_automa(surf, view, s, r, y)
            return
        pb_w = r.w - 2 * pad
        pb_h = int(min(pb_w / 3.6, (r.h - head - 2 * pad) * 0.5))
        pb_w = int(pb_h * 3.6)
        self.draw_player_board(surf, view, s, pygame.Rect(r.x + pad, y, pb_w, pb_h), False)
        y += pb_h + sz.inspect.after_board
        text = self.tr("gwt.inspect_line", money=p["money"], tokens=p["tokens"], hand=p["hand"], deck=p["deck"],
                       discard=p["discard"])
        blit_text(surf, text, (r.x + pad, y), sz.font.inspect.text, theme.INK, max_width=r.w - 2 * pad)
        y += sz.inspect.after_text
        area = pygame.Rect(r.x + pad, y, int((r.w - 2 * pad) * 0.5), r.bottom - pad - y)
        self.draw_area(surf, view, s, area)
        tiles = pygame.Rect(area.right + self.gap, y + sz.inspect.tiles_dy,
                            r.right - pad - area.right - self.gap,
                            min(sz.inspect.tiles_h, r.bottom - pad - y - sz.inspect.tiles_dy))
        self.draw_tiles_row(surf, view, s, tiles)

    def draw_inspect_automa(self, surf, view, s, r, y) -> None:
        """The edition's automa opened large (below its name, from `y` down in `r`)."""

    # ------------------------------------------------------------ animation banners
    def draw_beat_panel(self, surf, beat, progress):
        sz = self.s
        data = beat.data
        seat = data.get("seat")
        if beat.kind == "hop" and self.node_rects:
            path = data["path"]
            n = len(path) - 1
            t = min(0.999, progress) * n
            k = int(t)
            f = t - k
            a = self.node_rects.get(f"trail.{path[k]}")
            b = self.node_rects.get(f"trail.{path[min(k + 1, n)]}")
            if a is not None and b is not None and seat is not None:
                ease = 1 - (1 - f) ** 2
                x = a.centerx + (b.centerx - a.centerx) * ease
                yb = a.bottom + (b.bottom - a.bottom) * ease
                lift = -abs(((f * 2) - 1)) * 0 + (1 - abs(f * 2 - 1)) * sz.beat.lift
                hh = max(14, int(a.h * 0.42))
                rgb, letter, _ = self.ident(seat)
                img = self.art.herder_piece(hh, rgb, letter)
                surf.blit(img, img.get_rect(midbottom=(int(x), int(yb + hh * 0.5 - lift))))
        self.draw_own_beat(surf, beat, progress)
        if beat.kind == "gain":
            target = self.gain_target(surf, data["event"], data["args"], seat, progress)
            if target is not None:
                k = 0.5 + 0.5 * math.sin(progress * math.pi * 4)
                t = max(2, sz.beat.ring_line)
                ring = target.inflate(sz.beat.ring_grow + int(k * sz.beat.ring_pulse),
                                      sz.beat.ring_grow + int(k * sz.beat.ring_pulse))
                pygame.draw.rect(surf, theme.INK, ring.inflate(2 * t, 2 * t), t, border_radius=sz.beat.radius)
                pygame.draw.rect(surf, theme.HIGHLIGHT, ring, t, border_radius=sz.beat.radius)
        text = data.get("text")
        if text:
            self.banner(surf, text, seat)

    def draw_own_beat(self, surf, beat, progress) -> None:
        """An edition's own kind of beat (El Paso: Sue's card)."""

    def gain_target(self, surf, ev, args, seat, progress):
        """The rect a "gain" beat rings (drawing what arrives there), or None."""
        target = None
        if ev == "gwt_built":
            target = self.node_rects.get(f"trail.{args.get('node')}")
            if target is not None and seat is not None:
                face = self.data.btype(int(args["type"])).sides[args["side"]][0]
                tile = self.art.building_tile(face, target.w, target.h, self.ident(seat), self.lang).copy()
                tile.set_alpha(int(255 * min(1.0, progress * 2.5)))
                surf.blit(tile, target)
        elif ev in ("gwt_tile", "gwt_tile_blind"):
            target = self.element_rect(f"seat.{seat}")
        return target

    def banner(self, surf, text, seat):
        sz = self.s
        size = sz.font.banner.text
        img = theme.fit_text(text, self.r_board.w - sz.banner.text_room, size, theme.PARCHMENT, True)
        box = img.get_rect(midtop=(self.r_board.centerx, self.r_board.y + sz.banner.top)).inflate(sz.banner.pad_x,
                                                                                               sz.banner.pad_y)
        pygame.draw.rect(surf, (34, 24, 16), box, border_radius=sz.banner.radius)
        pygame.draw.rect(surf, theme.PANEL_BORDER, box, 1, border_radius=sz.banner.radius)
        if seat is not None:
            mk = self.marker(seat, box.h - sz.banner.marker_room)
            surf.blit(mk, mk.get_rect(midleft=(box.x + sz.banner.marker_x, box.centery)))
        surf.blit(img, img.get_rect(center=(box.centerx + sz.banner.text_dx, box.centery)))
