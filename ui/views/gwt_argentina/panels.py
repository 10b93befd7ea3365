"""Argentina's own panels on the family table (ui/views/gwt/panels.py), mixed in before the
family's: the hand (cattle, exhaustion and objective cards), the four worker rows, what a
seat holds beside its board (grain, locomotive, objective cards, station masters, farmers,
buildings still to build), the other seats' rows and Pedro's, every decision of Argentina's
rules as option rows (the view's labels, with previews of what each gives), the side boards
(cattle market, job market, foresight spaces, counts) and Pedro's turn played back.

Everything drawn comes from the game's view and the edition's static data; every option is
a target carrying legal actions (several on one target open the family's chooser)."""
from __future__ import annotations

import math

import pygame

from ui import sprites, theme
from ui.views.base import Beat
from ui.widgets import blit_text, wrap_lines

# verbs drawn elsewhere than among the decision's options: the exchange token (the header),
# an objective card played (the hand), an auxiliary action (the player board)
FREE_VERBS = frozenset({"token", "play", "aux"})
# the options of one verb grouped on one row by their first n args (the rest is picked in
# the chooser): a ship then its disc, a price then its cards, a dock then its bonus space
GROUP_ARGS = {"load": 1, "buy": 1, "deliver": 1, "upgrade": 0}
# groups whose last arg is a disc of the player board: the row is picked first, then the
# disc itself on the board (disc_acts), where what removing it unlocks is printed
DISC_PICK = frozenset({"load", "upgrade"})
# hand cards standing for an action: the verbs whose first arg is a card of the hand
HAND_VERBS = frozenset({"discard", "remove", "reveal", "play"})
# hand-card acts of a location ("do"/"aux" with the card first among their args)
HAND_ACTS = frozenset({"discard_cattle_for_money", "remove_cattle", "remove_card", "remove_exhaustion",
                       "discard_cattle_for_train", "discard_objective_for_certificates"})
# the decision kinds this edition draws (the family draws start, move, act, menu, objective,
# hire2, xagain, xdiscard)
OWN_KINDS = ("aux", "trim", "wrapup", "farmer", "station", "ba_delivery", "ba_income", "ba_load",
             "ba_foresight", "help", "invest", "buy", "discardn", "removen", "pedro")
PEDRO_BEAT = 1.1   # seconds Pedro's card stays large (scaled by the animation speed)
OPTIONS_SHARE = 0.5
MANY_OPTIONS = 6     # more option rows than this: the hand's cards stand for their own  # at most this share of the right column for a decision's options


class ArgentinaPanelsMixin:
    SUPPLY_ROWS = ("cattle", "jobs", "foresight")
    # the market gets the most: two lines of cards grow with its height; the job market's
    # tokens (two by two) and the foresight row are held by the panel's width
    SUPPLY_WEIGHTS = (0.48, 0.32, 0.20)
    OWN_DECISIONS = OWN_KINDS

    # ------------------------------------------------------------ pieces (ART's, else a stand-in)
    def piece(self, name, *args):
        """ART's piece `name` (ui/views/gwt_argentina/art.py), or None when it has none yet."""
        fn = getattr(self.art, name, None)
        if fn is None:
            return None
        try:
            return fn(*args)
        except (KeyError, NotImplementedError):
            return None

    def stand_in(self, w, h, text, fill=(236, 222, 196), ink=theme.INK) -> pygame.Surface:
        """A plain labelled card or chip for a piece the art does not draw."""
        w, h = max(8, int(w)), max(8, int(h))
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(s, fill, s.get_rect(), border_radius=max(2, min(w, h) // 6))
        pygame.draw.rect(s, theme.INK, s.get_rect(), 1, border_radius=max(2, min(w, h) // 6))
        img = theme.fit_text(text, w - 2, max(8, min(h - 2, int(h * 0.5))), ink, True, min_px=7)
        s.blit(img, img.get_rect(center=(w // 2, h // 2)))
        return s

    def card_img(self, card, w, h):
        """A hand card: cattle, the exhaustion card or an objective card."""
        if card == "exhaustion":
            return self.piece("exhaustion_card", w, h, self.lang) or self.stand_in(
                w, h, self.tr("gwta.ui.exhaustion_short"), (150, 140, 128), theme.WHITE)
        if self.data.is_cattle(card):
            return self.art.cattle_card(card, w, h, self.lang)
        return self.piece("objective_card", card, w, h, self.lang) or self.stand_in(w, h, card.upper())

    def token_img(self, tok, size):
        """A job-market / foresight / row token (worker or farmer) face up."""
        if tok is None:
            return None
        if tok["kind"] == "farmer":
            img = self.piece("farmer_token", tok["type"], tok["hand"], tok["stamina"], size, self.lang)
            return img or self.stand_in(size, size, f"{tok['type'][:1].upper()}{tok['stamina']}",
                                        self.farmer_rgb(tok["type"]))
        img = self.piece("worker_token", tok["type"], tok["stamina"], size, self.lang)
        return img or self.art.worker_piece(tok["type"], size, self.lang)

    def farmer_rgb(self, colour) -> tuple:
        return {"green": (120, 176, 104), "blue": (120, 160, 210), "orange": (232, 160, 90),
                "yellow": (236, 214, 110)}.get(colour, (200, 190, 170))

    def token_tip(self, tok) -> str:
        if tok is None:
            return ""
        if tok["kind"] == "farmer":
            return self.tr("gwta.ui.tip.farmer", farmer=tok["type"], hand=tok["hand"] or "\u2014",
                           need=tok["stamina"])
        return self.tr("gwta.ui.tip.worker_token", worker=tok["type"], stamina=tok["stamina"])

    # ------------------------------------------------------------ words
    def text_of(self, key: str, args: dict) -> str:
        """A label in words; an arg that is itself a label ([key, args]) is put in words first
        (the family's auxiliary label takes its own)."""
        if key == "gwt.d.aux":
            return super().text_of(key, args)
        args = {k: (self.text_of(v[0], v[1]) if isinstance(v, (list, tuple)) and len(v) == 2
                    and isinstance(v[0], str) and isinstance(v[1], dict) else v)
                for k, v in args.items()}
        return super().text_of(key, args)

    def node_name(self, node: str) -> str:
        """A farmer space is named by its zone and number (its farmer's need, when one stands there)."""
        zone = self.data.farmer_zone_of(node) if node in self.data.nodes else None
        if zone is None:
            return super().node_name(node)
        return self.tr("gwta.ui.farm_space", farmer=zone[0], n=zone[1])

    def describe(self, action) -> str:
        """The view's words; a special delivery also says what its bonus space gives."""
        try:
            k = self.top(self.view_now).get("k") if self.view_now else None
            if k == "farmer" and action.verb == "end":
                return self.tr("gwta.ui.farmer_end")
            if action.verb == "deliver" and len(action.args) > 1:
                return self.delivery_text(action.args[0], action.args[1])
            if action.verb == "buy" and len(action.args) > 1:
                price = self.data.prices[int(action.args[0])]
                return self.tr("gwta.ui.buy", cards=self.cards_text(action.args[1:]), pesos=price.pesos,
                               gauchos=price.gauchos)
            if action.verb == "farmer" and action.args and self.data.farmer_zone_of(action.args[0]):
                node = action.args[0]
                colour, n = self.data.farmer_zone_of(node)
                pm = self.view_now["playmat"]
                tok = pm["farmers"].get(node) or {}
                pesos = pm["farm_pesos"].get(node, 0) + self.data.farmer_pesos.get(node, 0)
                return self.tr("gwta.ui.help_farmer", farmer=colour, n=n, need=tok.get("stamina", 0), pesos=pesos)
            if action.verb == "invest" and action.args:
                t = self.data.token(action.args[0])
                return self.tr("gwta.ui.invest", farmer=t.type, hand=t.hand or "", need=t.stamina,
                               cost=self.invest_cost())
        except (KeyError, IndexError, ValueError):
            pass
        return super().describe(action)

    def cards_text(self, cards) -> str:
        """Cattle cards by name, breeding value and VP (two variants of a breed differ in VP)."""
        out = []
        for c in cards:
            card = self.data.card(c)
            name = self.tr(f"breed.{card.breed}") if self.tr.has(f"breed.{card.breed}") else c
            out.append(self.tr("gwta.ui.card_short", name=name, bv=card.bv, vp=card.vp))
        return ", ".join(out)

    def invest_cost(self) -> int:
        """The next free granjero space's price (printed) for the seat to act."""
        view = self.view_now
        seat = self.legal[0].seat if self.legal else view.get("seat", 0)
        row = view["seats"][int(seat)]["rows"].get("granjero", [])
        n = sum(1 for c in row if c is not None)
        slots = self.data.worker_rows["granjero"]
        return slots[n].cost if n < len(slots) else 0

    def delivery_text(self, dock, bid) -> str:
        d = self.data
        try:
            b = d.bonus(bid)
            city, _side, quarter = d.quarter_of(bid)
        except KeyError:
            return self.tr("gwta.d.deliver", dock=dock, space=bid)
        what = self.acts_text(b.acts) or "\u2014"
        return self.tr("gwta.ui.deliver", dock=dock, quarter=quarter, what=what, vp=b.vp)

    def decision_title(self, view, top) -> str:
        k = top.get("k")
        if k in OWN_KINDS and self.tr.has(f"gwta.ui.title.{k}"):
            return self.tr(f"gwta.ui.title.{k}")
        return super().decision_title(view, top)

    def own_hint_key(self, k) -> str | None:
        if self.disc_pick is not None:
            return "gwta.ui.hint.pick_disc"
        if k == "menu" and self.arg_tile is not None:
            return "gwta.ui.hint.build_space"
        key = f"gwta.ui.hint.{k}"
        return key if self.tr.has(key) else None

    # ------------------------------------------------------------ selections
    @property
    def arg_tile(self):
        return getattr(self, "_arg_tile", None)

    @property
    def disc_pick(self):
        """The option group (verb, first args) picked before its disc, or None."""
        return getattr(self, "_disc_pick", None)

    def new_position(self) -> None:
        self._arg_tile = None
        self._disc_pick = None
        super().new_position()

    def edition_cancel(self) -> bool:
        had = self.arg_tile is not None or self.disc_pick is not None
        self._arg_tile = None
        self._disc_pick = None
        return super().edition_cancel() or had

    def edition_key(self, ev, legal):
        """In Argentina's own decisions: 1-9 take the n-th option row (when it stands for
        one action), Enter "done" (helping farmers)."""
        k = self.top(self.view_now).get("k") if self.view_now else None
        if k in OWN_KINDS:
            if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                done = next((a for a in legal if a.verb == "done"), None)
                if done is not None:
                    return done
            if pygame.K_1 <= ev.key <= pygame.K_9:
                groups = self.option_groups()
                i = ev.key - pygame.K_1
                if i < len(groups) and len(groups[i]) == 1 and groups[i][0] in legal:
                    return groups[i][0]
        return super().edition_key(ev, legal)

    def pick_key(self, a) -> str:
        """The element id of the option row a disc-picked action belongs to."""
        n = GROUP_ARGS.get(a.verb, 0)
        return "pick." + ".".join((a.verb, *a.args[:n]))

    def disc_acts(self, did) -> list:
        """Disc `did` for the option row picked first (a ship to load, a station to upgrade)."""
        if self.disc_pick is None:
            return []
        return [a for a in self.legal if a.verb in DISC_PICK and self.pick_key(a) == self.disc_pick
                and a.args[-1] == did]

    def edition_click(self, eid: str) -> bool:
        """A private building tile picked before the space to build it on, an option row
        before its disc (again: dropped)."""
        if eid.startswith("pick."):
            self._disc_pick = None if self._disc_pick == eid else eid
            return True
        if eid.startswith("mybuild."):
            tile = eid.split(".", 1)[1]
            if any(a.args[2] == tile for a in super().do_acts("place_building")):
                self._arg_tile = None if self._arg_tile == tile else tile
                return True
        return super().edition_click(eid)

    def do_acts(self, name: str) -> list:
        """The family's, narrowed to the building tile picked first (the playmat then shows
        only that tile's spaces)."""
        acts = super().do_acts(name)
        if name == "place_building" and self.arg_tile is not None:
            acts = [a for a in acts if a.args[2] == self.arg_tile] or acts
        return acts

    def action_button(self, surf, view, top, i, act, rr):
        """A location's action; "place a building" is taken on the playmat (its spaces
        glow; a private tile below may be picked first), so its button carries no action."""
        if act["name"] != "place_building":
            return super().action_button(surf, view, top, i, act, rr)
        acts = [a for a in self.legal if a.verb == "do" and int(a.args[0]) == i]
        pygame.draw.rect(surf, theme.INK if acts else theme.INK_SOFT, rr, border_radius=self.s.action.radius)
        pygame.draw.rect(surf, (250, 240, 214) if acts else (200, 190, 172),
                         rr.inflate(-self.s.action.border, -self.s.action.border),
                         border_radius=self.s.action.radius_inner)
        num = self.art._order_badge(int(rr.h * 0.56), i + 1)
        surf.blit(num, num.get_rect(midleft=(rr.x + self.s.action.num_x, rr.centery)))
        sw = rr.w - num.get_width() - self.s.action.strip_room
        strip = self.art.actions_strip((self.art.act_key(act),), rr.h - self.s.twice.action.inset, sw, self.lang)
        surf.blit(strip, (rr.x + num.get_width() + self.s.action.strip_x, rr.y + self.s.action.inset))
        self.targets.append((rr, None, f"action.{i}"))
        self.tip(rr, lambda: self.text_of(*act["label"]) + (" \u2014 " + self.tr("gwta.ui.tip.build_where")
                                                             if acts else ""))

    # ------------------------------------------------------------ the seat's own area
    def loco_text(self, pos) -> str:
        """A locomotive's position in words: its track space, or the bypass of the
        station at a space ("b10": shown "10\u2032")."""
        pos = str(pos or 0)
        if pos.isdigit():
            return pos
        digits = "".join(ch for ch in pos if ch.isdigit())
        return self.tr("gwta.ui.loco_bypass", at=digits) if digits else pos

    def hand_value(self, view) -> int | None:
        dl = view.get("delivery")
        return dl.get("hand_value") if dl else None

    def hand_targets(self) -> dict:
        """card -> the legal actions clicking that hand card stands for."""
        out: dict = {}
        for a in self.legal:
            if a.verb in HAND_VERBS and a.args:
                out.setdefault(a.args[0], []).append(a)
            elif a.verb in ("do", "aux", "auxd") and a.args[1:]:
                f = self.found(a) if a.verb != "auxd" else None
                if f is not None and f[0]["name"] in HAND_ACTS and f[1]:
                    out.setdefault(f[1][0], []).append(a)
        return out

    def hand_card(self, card, w: int, h: int):
        return self.card_img(card, w, h)

    def hand_preview(self, rect, card) -> None:
        self.preview(rect, self.card_img, card, self.s.market.preview_w, self.s.market.preview_h)

    def hand_value_tip(self, value) -> str:
        return self.tr("gwta.ui.tip.hand_value", n=value)

    def card_tip(self, c) -> str:
        if c == "exhaustion":
            return self.tr("gwta.ui.tip.exhaustion", vp=self.data.card(c).vp)
        if self.data.is_cattle(c):
            card = self.data.card(c)
            return self.tr("gwta.ui.tip.cattle", name=self.tr(f"breed.{card.breed}") if self.tr.has(
                f"breed.{card.breed}") else card.breed, bv=card.bv, vp=card.vp, stamina=card.stamina)
        return self.objective_tip(c)

    def breed_tip(self, b) -> str:
        return self.card_tip(b)

    def draw_area(self, surf, view, seat, rect):
        """The four worker rows (two by two): each row's six spaces, the printed first one,
        the tokens placed (with their stamina), the empty ones with their cost or VP."""
        sz, own = self.s, self.own
        p = view["seats"][seat]
        lab = blit_text(surf, self.tr("gwta.ui.rows"), (rect.x, rect.y), sz.font.area.label, theme.INK_SOFT,
                        bold=True)
        st = blit_text(surf, self.tr("gwta.ui.stamina", n=p["stamina"]), (lab.right + own.rows.after_label,
                                                                           rect.y), sz.font.area.label,
                       theme.INK, bold=True)
        self.tip(st, self.tr("gwta.ui.tip.stamina", n=p["stamina"]))
        top = rect.y + sz.area.top
        types = self.data.worker_ids
        cols, rows_n = 2, (len(types) + 1) // 2
        col_w = (rect.w - own.rows.col_gap) / cols
        row_h = (rect.bottom - top) / rows_n
        cell = int(max(8, min(row_h - own.rows.cell_gap, (col_w - own.rows.label_w) / 6 - own.rows.cell_gap)))
        for i, wt in enumerate(types):
            x0 = int(rect.x + (i % cols) * (col_w + own.rows.col_gap))
            y0 = int(top + (i // cols) * row_h)
            piece = self.art.worker_piece(wt, cell, self.lang)
            pr = sprites.put(surf, piece, piece.get_rect(midleft=(x0, y0 + cell // 2)))
            cells = p["rows"].get(wt, [])
            count = sum(1 for c in cells if c is not None)
            self.tip(pr, self.tr("gwta.ui.tip.row", worker=self.tr(f"worker.{wt}"), n=count))
            slots = self.data.worker_rows[wt]
            x = x0 + own.rows.label_w
            for j in range(6):
                r = pygame.Rect(x + j * (cell + own.rows.cell_gap), y0, cell, cell)
                c = cells[j] if j < len(cells) else None
                slot = slots[j] if j < len(slots) else None
                if c is None:
                    pygame.draw.rect(surf, (214, 200, 170), r, border_radius=max(2, cell // 5))
                    pygame.draw.rect(surf, theme.INK_SOFT, r, 1, border_radius=max(2, cell // 5))
                    # what the space costs or scores, as the family's coin and star (the tip says it)
                    mark = (self.art.money(cell - 2, slot.cost) if slot and slot.cost else
                            self.art.vp_star(cell - 2, slot.vp) if slot and slot.vp else None)
                    if mark is not None:
                        surf.blit(mark, mark.get_rect(center=r.center))
                    self.tip(r, self.slot_tip, wt, j, None)
                    continue
                if c == "printed":
                    img = self.art.worker_piece(wt, cell, self.lang).copy()
                    img.set_alpha(150)
                else:
                    img = self.token_img(c, cell)
                surf.blit(img, img.get_rect(center=r.center))
                self.tip(r, self.slot_tip, wt, j, c)
        self.targets.append((pygame.Rect(rect), None, f"rows.{seat}"))

    def slot_tip(self, wt, j, c) -> str:
        slot = self.data.worker_rows[wt][j]
        parts = [self.tr("gwta.ui.tip.slot", worker=self.tr(f"worker.{wt}"), n=j + 1)]
        if c == "printed":
            parts.append(self.tr("gwta.ui.tip.printed"))
        elif c is not None:
            parts.append(self.token_tip(c))
        if slot.cost:
            parts.append(self.tr("gwta.ui.tip.slot_cost", n=slot.cost))
        if slot.vp:
            parts.append(self.tr("gwta.ui.tip.slot_vp", n=slot.vp))
        if slot.acts:
            parts.append(self.labels_text(self.glossary("slots", f"{wt}.{j}")) or self.tr("gwta.ui.tip.slot_act"))
        return " \u00b7 ".join(p for p in parts if p)

    def held_tiles(self, p) -> list:
        return []

    def draw_tiles_row(self, surf, view, seat, rect):
        """What the seat holds beside its board: grain, the locomotive's space, objective
        cards, station masters, farmers and the private buildings still to build (the viewer
        picks one of these before the space to build it on)."""
        sz, own = self.s, self.own
        p = view["seats"][seat]
        s = int(min(rect.h, sz.tiles_row.tile_max))
        x = rect.x
        gap = sz.tiles_row.gap
        grain = self.piece("grain_token", s) or self.stand_in(s, s, "G", (236, 206, 120))
        gr = sprites.put(surf, grain, (x, rect.y))
        t = blit_text(surf, f"\u00d7{p['grain']}", (gr.right + 1, gr.centery), own.font.holdings.count, theme.INK,
                      bold=True, anchor="midleft")
        self.tip(gr.union(t), self.tr("gwta.ui.tip.grain", n=p["grain"]))
        x = t.right + own.holdings.group_gap
        rgb, letter, _ = self.ident(seat)
        loco = self.piece("locomotive", s, rgb, letter) or self.stand_in(int(s * 1.5), s, letter, rgb)
        lr = sprites.put(surf, loco, (x, rect.y))
        t = blit_text(surf, self.loco_text(p["loco"]), (lr.right + 1, lr.centery), own.font.holdings.count, theme.INK,
                      bold=True, anchor="midleft")
        self.tip(lr.union(t), self.tr("gwta.ui.tip.loco", n=self.loco_text(p["loco"])))
        x = t.right + own.holdings.group_gap
        if p["jm_token"]:  # the job-market token: this seat triggers the next job-market row
            r = sprites.put(surf, self.piece("jm_token", s) or self.stand_in(s, s, "JM", (236, 214, 150)), (x, rect.y))
            self.tip(r, self.tr("gwta.ui.tip.jm_token"))
            x = r.right + own.holdings.group_gap
        cw = int(s / 1.42)
        for o in p["objectives"]:
            r = sprites.put(surf, self.card_img(o, cw, s), (x, rect.y))
            self.tip(r, self.objective_tip, o)
            self.preview(r, self.card_img, o, sz.market.preview_w, sz.market.preview_h)
            x += cw + gap
        if p["objectives"]:
            x += own.holdings.group_gap - gap
        for m in p["masters"]:
            img = self.piece("master_tile", m, s, s, self.lang) or self.stand_in(s, s, "SM")
            r = sprites.put(surf, img, (x, rect.y))
            self.tip(r, self.held_master_tip, m)
            self.preview(r, self.held_master_preview, m)
            x += s + gap
        for f in p["farmers"]:
            img = self.token_img(f, s)
            r = sprites.put(surf, img, (x, rect.y))
            self.tip(r, self.tr("gwta.ui.tip.beside", what=self.token_tip(f)))
            x += s + gap
        if p["masters"] or p["farmers"]:
            x += own.holdings.group_gap - gap
        mine = seat == self.scene.viewer
        builds = super().do_acts("place_building") if mine else []
        left = rect.right - x
        tiles = p["buildings"]
        step = min(s + gap, (left - s) / max(1, len(tiles) - 1)) if tiles else s
        for i, tile in enumerate(tiles):
            r = pygame.Rect(int(x + step * i), rect.y, s, s)
            acts = [a for a in builds if a.args[2] == tile]
            eid = f"mybuild.{tile}" if mine else f"seat.{seat}.build.{tile}"
            self.targets.append((r, None, eid))
            if acts and (self.arg_tile in (None, tile)):
                self.halo(surf, r, self.arg_tile == tile or r.collidepoint(self.mouse) or self.hint)
            surf.blit(self.art.building_tile(tile, s, s, self.ident(seat), self.lang), r)
            if self.arg_tile == tile:
                pygame.draw.rect(surf, theme.INK, r.inflate(4, 4), 2, border_radius=4)
            self.tip(r, self.building_tip, tile, bool(acts))
            self.preview(r, self.art.building_tile, tile, self.big(), self.big(), self.ident(seat), self.lang)

    def building_tip(self, tile, usable) -> str:
        what = self.labels_text(self.glossary("tiles", tile))
        text = self.tr("gwta.ui.tip.private", tile=tile, what=what or "\u2014")
        return text + (" \u2014 " + self.tr("gwta.ui.tip.pick_tile") if usable else "")

    def held_master_tip(self, tile) -> str:
        """A station master held: its top half (certificates, loading grain or instant
        actions) and its task."""
        m = self.data.master(tile)
        if m.perm_certs:
            top = self.tr("gwta.ui.master_certs", n=m.perm_certs)
        elif m.loading_grain:
            top = self.tr("gwta.ui.master_grain", n=m.loading_grain)
        else:
            top = self.acts_text(m.top) or "\u2014"
        key = f"gwta.board.task.{m.task}"  # the playmat's words for the tasks
        task = self.tr(key, vp=m.task_vp, per=m.task_per) if self.tr.has(key) else m.task
        return self.tr("gwta.ui.tip.master", top=top, task=task)

    def held_master_preview(self, tile):
        big = self.big()
        return self.piece("master_tile", tile, big, int(big * 0.72), self.lang)

    def own_requirement(self, kind, v) -> str:
        key = f"gwta.ui.req.{kind}"
        return self.tr(key, n=v, breed=v, farmer=v, quarter=v) if self.tr.has(key) else f"{kind} {v}"

    def objective_tip(self, oid) -> str:
        try:
            return super().objective_tip(oid)
        except (KeyError, AttributeError):
            return oid

    # ------------------------------------------------------------ the other seats
    def seat_line_args(self, p) -> dict:
        return {"bonuses": "", "grain": p["grain"], "loco": p["loco"] or 0}

    def draw_seats(self, surf, view, others, rect):
        """The family's rows, Argentina's numbers: pesos, certificates, grain, locomotive,
        hand, objectives; the rows' workers by type, stamina, discs; Pedro's own row."""
        sz = self.s
        self.panel(surf, rect, self.tr("gwt.others"), 15)
        y = rect.y + sz.seats.head
        current = view["current"] if view["phase"] == "play" else None
        for s in others:
            p = view["seats"][s]
            row = self.seat_row_h(view, s)
            rr = pygame.Rect(rect.x + sz.seats.inset, y, rect.w - sz.twice.seats.inset, row - sz.seats.row_gap)
            if s == current:
                pygame.draw.rect(surf, (250, 226, 150), rr, border_radius=sz.seats.radius)
            elif rr.collidepoint(self.mouse):
                pygame.draw.rect(surf, (236, 222, 190), rr, border_radius=sz.seats.radius)
            self.targets.append((rr, None, f"seat.{s}"))
            mk = self.marker(s, sz.seats.marker)
            surf.blit(mk, mk.get_rect(midleft=(rr.x + sz.seats.inset, rr.centery)))
            x = rr.x + sz.seats.name_x
            name_w = int(rr.w * 0.2)
            blit_text(surf, self.seat_name(s), (x, rr.centery), sz.font.seats.name, theme.INK, bold=True,
                      anchor="midleft", max_width=name_w)
            x += name_w + sz.seats.inset
            if p["automa"] and p.get("pedro"):
                lines = self.pedro_lines(view, s)
                self.tip(rr, self.pedro_tip, s)
            else:  # a compact board: each number beside what it counts
                self.tip(rr, self.seat_tip, s)
                self.draw_chips(surf, self.seat_chips(view, s),
                                pygame.Rect(x, rr.y, rr.right - x - sz.seats.inset, rr.h))
                y += row
                continue
            for i, text in enumerate(lines):
                blit_text(surf, text, (x, rr.centery + (i * 2 - 1) * sz.seats.line_dy), sz.font.seats.line,
                          theme.INK, anchor="midleft", max_width=rr.right - x - sz.seats.inset)
            y += row

    def seat_chips(self, view, s) -> list[list[tuple]]:
        """Argentina's compact board of another seat: pesos, certificates, grain, the
        locomotive's space and the hand; the workers in its rows by type, stamina, discs."""
        p = view["seats"][s]
        h = self.s.seats.chip
        rgb, letter, _ = self.ident(s)
        certs = p["certs"] + p["perm_certs"]
        workers = []
        for w in self.data.worker_ids:
            n = sum(1 for c in p["rows"].get(w, []) if c is not None)
            workers.append((self.art.worker_token(w, 0, h, self.lang), str(n),
                            self.tr("gwt.chip.workers", worker=self.tr(f"worker.{w}"), n=n)))
        return [[(None, self.tr("gwt.money", n=p["money"]), self.tr("gwt.tip.money", n=p["money"])),
                 (self.art.certificate(h), str(certs), self.tr("gwt.tip.certs", n=p["certs"], perm=p["perm_certs"])),
                 (self.art.grain_token(h), str(p["grain"]), self.tr("gwta.ui.chip.grain", n=p["grain"])),
                 (self.art.locomotive(int(h * 0.8), rgb, letter), self.loco_text(p["loco"]),
                  self.tr("gwta.ui.chip.loco", n=self.loco_text(p["loco"]))),
                 (None, self.tr("gwt.chip.hand", n=p["hand"]), self.tr("gwt.chip.hand_tip", n=p["hand"]))],
                workers + [(self.art.stamina_mark(None, h), str(p["stamina"]),
                            self.tr("gwta.ui.chip.stamina_tip", n=p["stamina"])),
                           (self.art.player_disc(h, rgb, letter), str(len(p["discs"])),
                            self.tr("gwt.chip.discs", n=len(p["discs"])))]]

    def seat_tip(self, s) -> str:
        p = self.view_now["seats"][s]
        return self.tr("gwta.ui.tip.seat", money=p["money"], certs=p["certs"], perm=p["perm_certs"], grain=p["grain"],
                       loco=self.loco_text(p["loco"]), hand=p["hand"], deck=p["deck"], discard=p["discard"],
                       objectives=len(p["objectives"]), farmers=len(p["farmers"]), masters=len(p["masters"]),
                       buildings=len(p["buildings"]), tokens=p["tokens"]) + " — " + self.tr("gwt.tip.seat", seat=s)

    def seat_row_h(self, view, s) -> int:
        return self.s.seats.row

    def pedro_lines(self, view, s) -> tuple:
        p = view["seats"][s]
        pd = p["pedro"]
        return (self.tr("gwta.ui.pedro_line", vp=self.score_of(s) or 0, spec=self.tr(f"worker.{pd['spec']}"),
                        level=self.tr(f"gwta.ui.level.{pd['level']}"), loco=self.loco_text(p["loco"])),
                self.tr("gwta.ui.pedro_line2", deck=pd["deck"], cattle=len(pd["cattle"]),
                        objectives=len(pd["objectives"]), discs=pd["supply"],
                        masters=len(pd["masters"])))

    def pedro_tip(self, s) -> str:
        p = self.view_now["seats"][s]
        pd = p["pedro"]
        return self.tr("gwta.ui.tip.pedro", spec=self.tr(f"worker.{pd['spec']}"),
                       level=self.tr(f"gwta.ui.level.{pd['level']}"),
                       card=pd["card"] or "\u2014", deck=pd["deck"], loading=pd["loading"], visits=pd["visits"])

    def draw_inspect_automa(self, surf, view, s, r, y) -> None:
        """Pedro opened large: his numbers in words, his cattle, objective cards, station
        masters, and his score as it stands."""
        own = self.own
        pad = self.pad
        for ln in (*self.pedro_lines(view, s), self.pedro_tip(s)):
            for part in wrap_lines(ln, int(r.w * 0.52) - pad, own.font.automa.text):
                blit_text(surf, part, (r.x + pad, y), own.font.automa.text, theme.INK)
                y += own.automa.line
        y += own.automa.gap
        pd = view["seats"][s]["pedro"]
        cw = own.automa.card
        for cards in (pd["cattle"], pd["objectives"]):
            x = r.x + pad
            for c in cards:
                if x + cw > r.x + int(r.w * 0.52):
                    break
                surf.blit(self.card_img(c, cw, int(cw * 1.42)), (x, y))
                x += int(cw * 0.6)
            if cards:
                y += int(cw * 1.42) + own.automa.gap
        if r.bottom - pad - y > own.automa.card:  # his worker rows
            self.draw_area(surf, view, s, pygame.Rect(r.x + pad, y, int(r.w * 0.52) - pad, r.bottom - pad - y))
        col_x = r.x + int(r.w * 0.56)
        yy = r.y + pad + self.s.inspect.head + own.automa.gap
        bd = view["scores"][s]
        blit_text(surf, self.tr("gwta.ui.score_now"), (col_x, yy), own.font.automa.text, theme.INK, bold=True)
        yy += own.automa.line
        for k, v in bd.items():
            blit_text(surf, self.tr(k), (col_x, yy), own.font.automa.text, theme.INK, max_width=int(r.w * 0.3))
            blit_text(surf, str(v), (r.right - pad, yy), own.font.automa.text, theme.INK, bold=True,
                      anchor="topright")
            yy += own.automa.line
        blit_text(surf, self.tr("gwt.total"), (col_x, yy + 4), own.font.automa.text, theme.INK, bold=True)
        blit_text(surf, str(sum(bd.values())), (r.right - pad, yy + 4), own.font.automa.text, theme.INK,
                  bold=True, anchor="topright")

    # ------------------------------------------------------------ the decision panel
    def option_groups(self) -> list[list]:
        """The decision's own options, one row each (grouped by GROUP_ARGS; the rest of
        the choice is made in the chooser or on the board). With many, the hand's cards
        alone stand for the options naming them (they glow there)."""
        groups: dict = {}
        many = len({(a.verb, a.args[:1]) for a in self.legal if a.verb not in FREE_VERBS}) > MANY_OPTIONS
        for a in self.legal:
            # (a hand verb naming no card, such as the market's reveal, has no card to stand for it)
            if a.verb in FREE_VERBS or (many and a.verb in HAND_VERBS and a.args):
                continue
            n = GROUP_ARGS.get(a.verb)
            key = (a.verb, tuple(a.args) if n is None else tuple(a.args[:n]))
            groups.setdefault(key, []).append(a)
        return list(groups.values())

    def option_grid(self, n, w) -> tuple[int, int]:
        cols = 1 if n <= 4 or w < self.own.options.two_cols else 2
        return cols, math.ceil(n / cols)

    def own_decision_height(self, k, base, btn) -> int:
        own = self.own
        n = len(self.option_groups())
        cols, rows = self.option_grid(n, self.r_right.w - 2 * self.pad)
        info = self.info_lines(self.view_now, k, self.r_right.w - 2 * self.pad)
        base += len(info) * own.options.info
        room = int(self.r_right.h * OPTIONS_SHARE) - base
        row_h = min(own.options.row, max(own.options.row_min, room // max(1, rows)))
        return base + rows * row_h + self.s.decision.bottom

    def act_label_key(self, act) -> str:
        if act["name"] == "gain_tile":  # in Argentina it takes an objective card, not a tile
            return "gwta.act.objective"
        return super().act_label_key(act)

    def info_lines(self, view, k, w) -> list:
        info = self.decision_info(view, k)
        return wrap_lines(info, w, self.own.font.options.info, True)[:2] if info else []

    def group_label(self, acts) -> str:
        """A row's label: the option's own words, or for a group what the chooser then asks."""
        if len(acts) == 1:
            return self.describe(acts[0])
        a = acts[0]
        d = self.data
        if a.verb == "load":
            ship = next((x for x in (self.view_now.get("decision") or {}).get("ships", ()) if x["ship"] == a.args[0]),
                        {})
            return self.tr("gwta.ui.group.load", value=d.ship(a.args[0]).value, need=ship.get("need", 0),
                           vp=d.ship(a.args[0]).vp)
        if a.verb == "buy":
            price = d.prices[int(a.args[0])]
            return self.tr("gwta.ui.group.buy", pesos=price.pesos, gauchos=price.gauchos, cards=price.cards,
                           n=len(acts))
        if a.verb == "deliver":
            return self.tr("gwta.ui.group.deliver", dock=a.args[0], n=len(acts))
        if a.verb == "upgrade":
            return self.tr("gwta.ui.group.upgrade", n=len(acts))
        return self.describe(a)

    def decision_info(self, view, k) -> str:
        """One line of the decision's numbers (the view's decision fields)."""
        dec = view.get("decision") or {}
        top = self.top(view)
        me = view["seats"][view["seat"]] if isinstance(view.get("seat"), int) else {}
        dl = view.get("delivery") or {}
        if k == "help":
            return self.tr("gwta.ui.info.help", stamina=dec.get("stamina", 0), need=dec.get("need", 0),
                           picked=len(dec.get("picked", ())), max=dec.get("max", 0),
                           revealed=len(dec.get("revealed", ())))
        if k == "ba_income":
            return self.tr("gwta.ui.info.ba_income", value=dl.get("hand_value", 0),
                           permanent=dec.get("permanent", 0), certs=dec.get("certs", 0))
        if k == "ba_load":
            return self.tr("gwta.ui.info.ba_load", total=dec.get("total", 0), grain=dec.get("grain", 0))
        if k == "ba_delivery":
            return self.tr("gwta.ui.info.ba_delivery", grain=dec.get("grain", 0), docks=len(dec.get("docks", ())))
        if k == "ba_foresight":
            return self.tr("gwta.ui.info.ba_foresight", letter=dec.get("letter", ""))
        if k == "station" and dec.get("station"):
            return self.tr("gwta.ui.info.station", at=dec.get("at"), cost=dec.get("cost"), vp=dec.get("vp"),
                           master=self.tr("gwta.ui.yes") if dec.get("master") else self.tr("gwta.ui.no"))
        if k in ("discardn", "removen") and top.get("left"):
            return self.tr(f"gwta.ui.info.{k}", n=top["left"])
        if k == "buy":
            return self.tr("gwta.ui.info.buy", money=me.get("money", 0))
        if k == "invest":
            return self.tr("gwta.ui.info.invest", money=me.get("money", 0))
        if k == "farmer" and top.get("node"):
            node = top["node"]
            tok = view["playmat"]["farmers"].get(node) or {}
            pesos = view["playmat"]["farm_pesos"].get(node, 0) + self.data.farmer_pesos.get(node, 0)
            return self.tr("gwta.ui.info.farmer", name=self.node_name(node), need=tok.get("stamina", 0),
                           stamina=me.get("stamina", 0), pesos=pesos)
        if k == "trim":
            return self.tr("gwta.ui.info.trim", n=len(view.get("hand") or ()), limit=me.get("hand_limit", 4))
        return ""

    def draw_own_decision(self, surf, view, k, inner, y, btn, seat) -> None:
        """The decision's numbers on one line, then one row per option (or group of them):
        its words, a preview of what it gives while hovered."""
        own = self.own
        for ln in self.info_lines(view, k, inner.w):
            blit_text(surf, ln, (inner.x, y), own.font.options.info, theme.INK, bold=True, max_width=inner.w)
            y += own.options.info
        groups = self.option_groups()
        cols, rows = self.option_grid(len(groups), inner.w)
        row_h = max(1, (inner.bottom - y) // max(1, rows))
        row_h = min(own.options.row, row_h)
        w = (inner.w - own.options.gap * (cols - 1)) // cols
        for i, acts in enumerate(groups):
            r = pygame.Rect(inner.x + (i % cols) * (w + own.options.gap), y + (i // cols) * row_h, w,
                            row_h - own.options.gap)
            self.option_row(surf, r, acts, i)

    def disc_group(self, acts) -> bool:
        """True when the group's last choice is a disc of one's own board."""
        me = self.view_now["seats"][self.legal[0].seat] if self.legal else {}
        return len(acts) > 1 and acts[0].verb in DISC_PICK and all(a.args and a.args[-1] in me.get("discs", ()) for a in acts)

    def option_row(self, surf, r, acts, i):
        own = self.own
        hov = r.collidepoint(self.mouse)
        picked = False
        if self.disc_group(acts):
            eid = self.pick_key(acts[0])
            self.targets.append((r, None, eid))
            picked = self.disc_pick == eid
        else:
            self.target(surf, r, acts, f"option.{i}", glow=False)
        pygame.draw.rect(surf, theme.INK, r, border_radius=own.options.radius)
        fill = (255, 248, 228) if hov else (246, 236, 210)
        pygame.draw.rect(surf, fill, r.inflate(-2, -2), border_radius=own.options.radius)
        if self.hint or hov or picked:
            pygame.draw.rect(surf, theme.INK if picked else theme.HIGHLIGHT, r.inflate(2, 2), 3 if picked else 2,
                             border_radius=own.options.radius)
        label = self.group_label(acts)
        if len(acts) == 1 and i < 9:  # its key (edition_key)
            label = f"{i + 1}. {label}"
        size = own.font.options.text
        lines = wrap_lines(label, r.w - 2 * own.options.pad, size)
        if len(lines) * (size + 2) > r.h:
            lines = lines[:max(1, r.h // (size + 2))]
        y0 = r.centery - len(lines) * (size + 2) // 2
        for j, ln in enumerate(lines):
            blit_text(surf, ln, (r.x + own.options.pad, y0 + j * (size + 2)), size, theme.INK,
                      max_width=r.w - 2 * own.options.pad)
        self.tip(r, self.option_tip, acts)
        self.preview(r, self.option_preview, acts[0])

    def option_tip(self, acts) -> str:
        if len(acts) == 1:
            return self.describe(acts[0])
        if self.disc_group(acts):
            return self.group_label(acts) + " \u2014 " + self.tr("gwta.ui.tip.then_disc", n=len(acts))
        return self.group_label(acts) + ": " + "; ".join(self.describe(a) for a in acts[:6]) + (
            " \u2026" if len(acts) > 6 else "")

    def option_preview(self, a):
        """What an option gives, large: the ship loaded, the bonus space reached, the cards
        bought or revealed, the token taken, the farmer helped, the station master."""
        big = self.big()
        d = self.data
        try:
            if a.verb == "load":
                return self.piece("ship_tile", a.args[0], int(big * 1.3), big, self.lang)
            if a.verb == "deliver" and len(a.args) > 1:
                return self.piece("bonus_space", a.args[1], big, self.lang)
            if a.verb == "buy" and len(a.args) > 1:
                cards = list(a.args[1:])
                w = int(big * 0.6)
                out = pygame.Surface((len(cards) * (w + 4), int(w * 1.42)), pygame.SRCALPHA)
                for i, c in enumerate(cards):
                    out.blit(self.card_img(c, w, int(w * 1.42)), (i * (w + 4), 0))
                return out
            if a.verb in ("reveal", "remove", "discard") and a.args:
                return self.card_img(a.args[0], int(big * 0.7), int(big))
            if a.verb == "foresight":
                letter = self.top(self.view_now).get("letter") or (self.view_now.get("decision") or {}).get("letter")
                tok = self.view_now["playmat"]["foresight"].get(letter, [None, None])[int(a.args[0])]
                return self.token_img(tok, int(big * 0.7))
            if a.verb in ("invest",) and a.args:
                t = d.token(a.args[0])
                return self.token_img({"kind": t.kind, "type": t.type, "stamina": t.stamina, "hand": t.hand},
                                      int(big * 0.7))
            if a.verb == "master":
                m = (self.view_now.get("decision") or {}).get("master")
                return self.held_master_preview(m) if m else None
        except (KeyError, IndexError, ValueError, AttributeError):
            return None
        return None

    # ------------------------------------------------------------ the side boards
    def weigh(self, row, name) -> None:
        """Give this supply row its share (SUPPLY_WEIGHTS) of the panel: the family's loop
        splits it evenly and moves on by row.h, which each row sets before drawing."""
        rows = self.SUPPLY_ROWS
        if name == rows[0]:
            self._supply_total = row.h * len(rows)
            self._supply_spare = 0
        row.h = self._supply_total * self.SUPPLY_WEIGHTS[rows.index(name)]
        if name == "jobs":  # what the market's cards left over (few cards on one line)
            row.h += self._supply_spare

    def beside_label(self, row, label) -> int:
        """The width right of a supply row's label (what is written there never covers it)."""
        return max(1, row.w - theme.text(label, row.lab, theme.INK_SOFT, True).get_width() - self.own.holdings.group_gap)

    def supply_cattle(self, row, y):
        """The cattle market: every open card, face up, in the market's order; the deck's
        count and the exhaustion pile's."""
        sz = self.s
        self.weigh(row, "cattle")
        pm = row.pm
        label = self.tr("gwt.market")
        self.supply_label(row, label, y)
        cards = pm["cattle"]
        buys = [a for a in self.legal if a.verb == "buy"] + self.do_acts("buy_cattle")
        # on one line or two, whichever shows the cards larger
        room = row.h - row.lab_h - sz.market.label_gap
        lines = max((1, 2), key=lambda n: min(room / n / 1.42, row.w / max(6, math.ceil(len(cards) / n)) - 2))
        per = math.ceil(len(cards) / lines) if cards else 1
        ch = int(room / lines)
        col = row.w / max(6, per)
        cw = int(min(ch / 1.42, col - 2))
        ch = int(cw * 1.42)
        for i, cid in enumerate(cards):
            r = pygame.Rect(int(row.x0 + col * (i % per)), int(y + row.lab_h + (i // per) * (ch + 2)), cw, ch)
            self.target(row.surf, r, [a for a in buys if cid in a.args], f"market.{i}")
            row.surf.blit(self.art.cattle_card(cid, cw, ch, self.lang), r)
            self.tip(r, self.card_tip, cid)
            self.preview(r, self.art.cattle_card, cid, sz.market.preview_w, sz.market.preview_h)
        self.targets.append((pygame.Rect(row.x0, int(y), row.w, int(row.h)), None, "supply.cattle"))
        counts = self.tr("gwta.ui.counts", deck=pm["cattle_deck"], exhaustion=pm["exhaustion"],
                         objectives=pm.get("obj_stack", 0))
        cr = blit_text(row.surf, counts, (row.x0 + row.w, y), sz.font.market.count, theme.INK, bold=True,
                       anchor="topright", max_width=self.beside_label(row, label))
        self.tip(cr, self.tr("gwta.ui.tip.counts", deck=pm["cattle_deck"], exhaustion=pm["exhaustion"],
                             objectives=pm.get("obj_stack", 0)))
        row.card_w = cw
        used = row.lab_h + sz.market.label_gap + math.ceil(len(cards) / per) * (ch + 2)
        self._supply_spare = max(0, int(row.h - used))
        row.h -= self._supply_spare

    def supply_jobs(self, row, y):
        """The job market: one column per row with its cost, its tokens, the current row
        marked, the holder of the job-market token; a token to hire is a target."""
        own = self.own
        self.weigh(row, "jobs")
        pm = row.pm
        label = self.tr("gwta.ui.jobs")
        self.supply_label(row, label, y)
        hires = self.do_acts("hire_worker")
        jm = pm["jm"]
        n = max(1, len(jm))
        col = row.w / n
        top = y + row.lab_h
        h = row.h - row.lab_h - own.jobs.bottom
        # the spaces some row uses (with fewer players the first ones of every row stay empty:
        # they take no room), one above the other, or two by two when that shows them larger
        used = [j for j in range(max((len(r_) for r_ in jm), default=0))
                if any(j < len(r_) and r_[j] is not None for r_ in jm)]
        place = {j: k for k, j in enumerate(used)}
        per = max(1, len(used))
        fits = {sub: min((col - 2 * own.jobs.gap) / sub - own.jobs.gap,
                         (h - own.jobs.cost_h) / math.ceil(per / sub) - own.jobs.gap)
                for sub in (1, 2)}
        sub = max(fits, key=fits.get)
        size = int(max(8, fits[sub]))
        pitch = size + own.jobs.gap
        for i, toks in enumerate(jm):
            x = int(row.x0 + col * i)
            cost = pm["jm_costs"][i] if i < len(pm["jm_costs"]) else ""
            cur = i == pm["jm_row"]
            self.targets.append((pygame.Rect(x, int(top), int(col), int(h)), None, f"jmrow.{i}"))
            if cur:
                pygame.draw.rect(row.surf, (250, 226, 150), (x, top, int(col) - 1, int(h)), border_radius=3)
            cr = blit_text(row.surf, f"{cost}", (x + int(col) // 2, top), own.font.jobs.cost, theme.INK,
                           bold=cur, anchor="midtop")
            self.tip(cr, self.tr("gwta.ui.tip.jm_row", n=i + 1, cost=cost))
            for j, tok in enumerate(toks):
                if tok is None:
                    continue
                k = place[j]
                r = pygame.Rect(x + (int(col) - sub * pitch + own.jobs.gap) // 2 + (k % sub) * pitch,
                                int(top + own.jobs.cost_h + (k // sub) * pitch), size, size)
                acts = [a for a in hires if tok["id"] in a.args]
                self.target(row.surf, r, acts, f"jm.{i}.{j}")
                row.surf.blit(self.token_img(tok, size), r)
                self.tip(r, self.jm_tip, tok, cost)
                self.preview(r, self.token_img, tok, int(self.big() * 0.6))
        if pm["jm_holder"] is not None:
            hr = blit_text(row.surf, self.tr("gwta.ui.jm_holder", seat=self.seat_name(pm["jm_holder"])),
                           (row.x0 + row.w, y), own.font.jobs.cost, theme.INK_SOFT, anchor="topright",
                           max_width=self.beside_label(row, label))
            self.tip(hr, self.tr("gwta.ui.tip.jm_holder"))

    def jm_tip(self, tok, cost) -> str:
        return self.token_tip(tok) + " \u00b7 " + self.tr("gwta.ui.tip.jm_cost", n=cost)

    def supply_foresight(self, row, y):
        """The foresight spaces A, B, C (two tokens each) and the bags' counts."""
        own = self.own
        self.weigh(row, "foresight")
        pm = row.pm
        self.supply_label(row, self.tr("gwta.ui.foresight"), y)
        picks = [a for a in self.legal if a.verb == "foresight"]
        letter_now = (self.view_now.get("decision") or {}).get("letter")
        top = y + row.lab_h
        h = row.h - row.lab_h - own.jobs.bottom
        letters = sorted(pm["foresight"])
        # per letter: its letter, two tokens, the bag and its count (about 4 tokens wide);
        # on as many lines as give the largest tokens
        fixed = own.font.jobs.letter + 4 * own.jobs.gap + own.jobs.group_gap
        best = (0, 1)
        for lines in (1, 2, 3):
            per = math.ceil(len(letters) / lines)
            size = min(h / lines - own.jobs.gap, (row.w - per * fixed) / (per * 4.0))
            best = max(best, (int(size), lines))
        size, lines = max(10, best[0]), best[1]
        per = math.ceil(len(letters) / lines)
        for n, letter in enumerate(letters):
            x = row.x0 + (n % per) * (row.w / per)
            yy = int(top + (n // per) * (size + own.jobs.gap))
            lr = blit_text(row.surf, letter, (x, yy + size // 2), own.font.jobs.letter, theme.INK, bold=True,
                           anchor="midleft")
            x = lr.right + own.jobs.gap
            for j, tok in enumerate(pm["foresight"][letter]):
                r = pygame.Rect(x, yy, size, size)
                acts = [a for a in picks if letter == letter_now and a.args[0] == str(j)]
                self.target(row.surf, r, acts, f"foresight.{letter}.{j}")
                if tok is not None:
                    row.surf.blit(self.token_img(tok, size), r)
                    self.tip(r, self.token_tip, tok)
                    self.preview(r, self.token_img, tok, int(self.big() * 0.6))
                else:
                    pygame.draw.rect(row.surf, (200, 186, 160), r, 1, border_radius=3)
                x += size + own.jobs.gap
            bag = pm["bags"].get(letter, 0)
            bs = int(size * 0.7)
            back = self.piece("token_back", letter, bs) or self.stand_in(bs, bs, letter)
            br = sprites.put(row.surf, back, (x, yy + (size - bs) // 2))
            t = blit_text(row.surf, f"\u00d7{bag}", (br.right + 1, br.centery), own.font.jobs.cost, theme.INK,
                          anchor="midleft")
            self.tip(br.union(t), self.tr("gwta.ui.tip.bag", letter=letter, n=bag))

    # ------------------------------------------------------------ Pedro's turn, played back
    def own_beats(self, e, i, text, before) -> list | None:
        seat = e.args.get("seat")
        t = e.type
        if t == "gwta_pedro_card":
            return [Beat("pedro_card", PEDRO_BEAT, {"seat": seat, "args": dict(e.args), "text": text,
                                                    "event_index": i})]
        if t == "gwta_pedro_move":
            path = [n for n in (e.args.get("path") or []) if n in self.data.nodes]
            start = e.args.get("from") or (before["seats"][seat]["node"] if before else None)
            if path and start:
                return [Beat("hop", 0.2 * len(path) + 0.1,
                             {"seat": seat, "path": [start] + path, "text": text, "event_index": i})]
            return []
        if t.startswith("gwta_pedro_") and t not in ("gwta_pedro_fee", "gwta_pedro_fee_farmer"):
            return [Beat("pedro_step", 0.7, {"seat": seat, "event": t, "args": dict(e.args), "text": text,
                                             "event_index": i})]
        return None

    def draw_own_beat(self, surf, beat, progress) -> None:
        if beat.kind == "pedro_card":
            self.draw_pedro_card(surf, beat.data, progress)
        elif beat.kind == "pedro_step":
            target = self.pedro_target(beat.data)
            if target is not None:
                k = 0.5 + 0.5 * math.sin(progress * math.pi * 4)
                ring = target.inflate(self.s.beat.ring_grow + int(k * self.s.beat.ring_pulse),
                                      self.s.beat.ring_grow + int(k * self.s.beat.ring_pulse))
                pygame.draw.rect(surf, theme.INK, ring.inflate(4, 4), 2, border_radius=self.s.beat.radius)
                pygame.draw.rect(surf, theme.HIGHLIGHT, ring, max(2, self.s.beat.ring_line),
                                 border_radius=self.s.beat.radius)

    def pedro_target(self, data):
        """Where one of Pedro's steps lands: the trail space he builds on or helps at, the
        market, the job market, his row."""
        a = data["args"]
        ev = data["event"]
        if ev in ("gwta_pedro_build", "gwta_pedro_help") and a.get("node"):
            return self.node_rects.get(f"trail.{a['node']}")
        if ev in ("gwta_pedro_cattle", "gwta_pedro_nothing") and a.get("what", "buy") == "buy":
            return self.element_rect("supply.cattle")
        if ev == "gwta_pedro_hire" and a.get("number"):
            return self.element_rect(f"jmrow.{int(a['number']) - 1}")
        return self.element_rect(f"seat.{data.get('seat')}")

    def pedro_card_acts(self, cid) -> tuple:
        """(name, argument) of each action printed on Pedro's card (the view's glossary)."""
        return tuple(tuple(a) for a in self.glossary("pedro_cards", cid, ())) if cid else ()

    def draw_pedro_card(self, surf, data, progress):
        """Pedro's card, large over the playmat: its steps and its actions in words."""
        own = self.own
        a = data["args"]
        w, h = own.pedro_card.w, own.pedro_card.h
        r = pygame.Rect(0, 0, w, h)
        r.center = self.r_board.center
        surf.blit(sprites.shadow(w, h, own.pedro_card.shadow), (r.x + own.pedro_card.shadow_d,
                                                                 r.y + own.pedro_card.shadow_d))
        surf.blit(sprites.panel(w, h, fill=(226, 208, 178)), r)
        blit_text(surf, self.tr("gwta.ui.pedro_card", card=a.get("card", "")), (r.centerx, r.y + own.pedro_card.pad),
                  own.font.pedro_card.title, theme.INK, bold=True, anchor="midtop", max_width=w - 2 * own.pedro_card.pad)
        y = r.y + own.pedro_card.pad + own.pedro_card.title_h
        blit_text(surf, self.tr("gwta.ui.pedro_steps", n=a.get("steps", 0)), (r.centerx, y),
                  own.font.pedro_card.text, theme.INK, bold=True, anchor="midtop")
        y += own.pedro_card.line
        if a.get("acts") is False:
            blit_text(surf, self.tr("gwta.ui.pedro_no_act"), (r.centerx, y), own.font.pedro_card.text,
                      theme.DANGER, anchor="midtop", max_width=w - 2 * own.pedro_card.pad)
            y += own.pedro_card.line
        for name, arg in self.pedro_card_acts(a.get("card")):
            key = f"gwta.ui.pedro_act.{name}"
            text = self.tr(key, arg=arg or "") if self.tr.has(key) else str(name)
            for ln in wrap_lines("\u2022 " + text, w - 2 * own.pedro_card.pad, own.font.pedro_card.text)[:2]:
                if y > r.bottom - own.pedro_card.line:
                    break
                blit_text(surf, ln, (r.x + own.pedro_card.pad, y), own.font.pedro_card.text, theme.INK)
                y += own.pedro_card.line
        if a.get("spec"):
            blit_text(surf, self.tr("gwta.ui.pedro_spec", spec=self.tr(f"worker.{a['spec']}")),
                      (r.centerx, r.bottom - own.pedro_card.pad), own.font.pedro_card.text, theme.INK_SOFT,
                      anchor="midbottom", max_width=w - 2 * own.pedro_card.pad)
