"""The Ticket to Ride: Germany table: the map on the left, as wide as a compact column of
panels beside it allows (the players with the scoring track, the face-up cards and the
decks, the viewer's hand and tickets); the map zooms and moves (zoom.py).

Claiming is direct: clicking a claimable route opens a payment panel beside it with the
cheapest payment chosen (fewest locomotives, then the colour the hand holds most of);
colour and locomotives can be changed, Claim confirms (Enter), Esc or a click elsewhere
cancels. Every clickable thing is a target whose action is taken from the legal list,
so the view never decides what is legal. Another seat's hand and tickets are never
drawn: the rules' view holds only their counts.
"""
from __future__ import annotations

import pygame

from games.core.action import Action
from ui import sprites, theme
from ui.views.base import GameView, Selection
from ui.views.ttr_germany import art
from ui.views.ttr_germany.beats import BeatsMixin
from ui.views.ttr_germany.layout import cached_layout
from ui.views.ttr_germany.mapview import MapPainter
from ui.views.ttr_germany.overlays import OverlaysMixin
from ui.views.ttr_germany.panels import LOCO, PanelsMixin
from ui.views.ttr_germany.zoom import ZoomMixin

FACE_UP_KEYS = 5  # the digit keys 1-5 take the n-th face-up card


class TTRView(ZoomMixin, PanelsMixin, OverlaysMixin, BeatsMixin, GameView):
    LOG_OPEN = False  # the map is the game: it gets the log's column until L opens the log
    HOVER_ON_ELEMENTS_ONLY = False  # routes and cities light up by their drawn shapes
    SOUNDS = {"route_claimed": "coin", "card_taken": "card", "blind_drawn": "card",
              "passenger_taken": "click", "tickets_kept": "card"}
    LOG_SKIP = frozenset({"display_refilled"})  # the display shows it; the log keeps the moves
    OPAQUE = True  # the board picture holds the felt and the panels
    GLOW_ALPHA = (90, 60)  # a target glows only when hinted or hovered, and pulses even then
    GLOW_STRONG_ALPHA = (170, 60)

    def __init__(self, scene):
        super().__init__(scene)
        self.data = self.rules.data
        self.conf = cached_layout()
        self.pcol = {p.id: self.conf["cards"][p.id] for p in self.data.passenger_colours}
        self.porder = {p.id: k for k, p in enumerate(self.data.passenger_colours)}
        self.clock = 0.0
        self.painter = MapPainter(self)
        self.selected: str | None = None  # the route whose payment is being chosen
        self.pay: Action | None = None
        # the tickets ticked to keep, for the tickets on offer (another offer: none ticked)
        self.keep_sel: set[str]
        self.keep_selection = Selection(self, keep_sel=set())
        self.hover_ticket: str | None = None
        self.pinned_ticket: str | None = None  # clicked: its path stays on the map
        self.asking_mix = False  # the "how many short and long tickets" panel is open
        self.view_now: dict = {}
        self.legal: list = []
        self.claims: dict[str, list[Action]] = {}
        self.tip: str | None = None
        self.row_rects: dict = {}
        self.hand_rects: dict = {}
        self.faceup_rects: list = []
        self.meeple_slots: dict = {}
        self.deck_rect = self.tickets_rect = pygame.Rect(0, 0, 0, 0)
        self.pay_boxes: list = []
        self.cancel_box = self.overlay_rect = self.pay_rect = self.passenger_rect = None
        self.ticket_scroll = 0  # rows of the viewer's tickets scrolled past

    # ------------------------------------------------------------------ geometry
    def layout(self, rect):
        super().layout(rect)
        sc = self.conf["screen"]
        self.s = self.conf["toolkit"].scaled(self.px)
        gap = self.px(sc["gap"])
        # the map takes all but a compact column of panels: zoomed in, every pixel of it
        # shows the map (the whole map, taller than wide, fits its height at 1:1)
        lo, hi = sc["map_share"]
        frame = self.s.frame.map
        map_w = int(max(lo * rect.w, min(hi * rect.w, rect.w - self.px(sc["column"]) - gap)))
        self.r = {"map": pygame.Rect(rect.x + gap, rect.y + gap, map_w - gap, rect.h - 2 * gap)}
        self.r["map_inner"] = self.r["map"].inflate(-frame, -frame)
        x = self.r["map"].right + gap
        w = rect.right - gap - x
        n = len(self.scene.match.config.seats)
        heights = [("players", self.px(sc["players_head"]) + n * self.px(sc["player_row"]) + self.s.frame.players_foot),
                   ("display", self.px(sc["display"])), ("hand", self.px(sc["hand"]))]
        y = rect.y + gap
        for name, h in heights:
            self.r[name] = pygame.Rect(x, y, w, h)
            y += h + gap
        self.r["tickets"] = pygame.Rect(x, y, w, rect.bottom - gap - y)
        self._zoom_base = None  # a new size or language places the names again
        self._geom = None
        self.painter = MapPainter(self)
        self._board_key = self._chrome_key = None  # a new layout, palette or language repaints

    def update(self, dt):
        self.clock += dt

    # ------------------------------------------------------------------ helpers
    def seat_identity(self, seat: int) -> dict:
        return theme.player_colour(self.scene.match.config.seats[seat].colour)

    def seat_rgb(self, seat: int):
        return self.seat_identity(seat)["rgb"]

    def seat_name(self, seat: int) -> str:
        return self.scene.match.config.seats[seat].name

    def loc_name(self, loc_id: str) -> str:
        loc = self.data.location_by_id[loc_id]
        return loc.name_ru if self.tr.lang == "ru" else loc.name

    def passenger_colour(self, cid):
        return self.pcol[cid]

    def sorted_passengers(self, colours):
        return sorted(colours, key=lambda c: self.porder.get(c, 99))

    def label_img(self, loc_id) -> pygame.Surface:
        loc = self.data.location_by_id[loc_id]
        mc = self.conf["map"]
        if loc.is_country:
            return theme.text(self.loc_name(loc_id), self.px(mc["label_size"]), theme.PARCHMENT, True)
        big = loc.passengers > 1
        size = self.px(mc["big_label_size"] if big else mc["label_size"])
        return art.outlined(self.loc_name(loc_id), size, theme.INK, self.conf["colours"]["label_halo"], big,
                            max(1, self.s.labels.outline))

    def label_size(self, loc_id):
        w, h = self.label_img(loc_id).get_size()
        if self.data.location_by_id[loc_id].is_country:
            return w + self.s.labels.plate_w, h + self.s.labels.plate_h
        return w, h

    def track_at(self, pos):
        return self.geom.track_at(pos)

    def hover_region(self, pointer) -> list:
        """As every table's, but a city answers the pointer a little around its box, and a
        route within reach of its line."""
        grow = 2 * max(self.s.city.hover, int(self.geom.tw / 2 + self.geom.s.reach) + 1)
        reach = 2 * self.px(self.HOVER_REACH) + grow
        return [r.inflate(reach, reach) for r in self.hover_rects() if r.inflate(grow, grow).collidepoint(pointer)]

    # ------------------------------------------------------------------ drawing
    def draw(self, surf, view, legal, mouse, hint):
        old = self.targets
        self.targets = []
        self.tip = None
        self.hover_ticket = next((eid[7:] for r, _, eid in reversed(old)
                                  if eid.startswith("ticket:") and r.collidepoint(mouse)), None)
        self.view_now = view
        self.legal = legal
        self.legal_set = legal_set = set(legal)
        self.mouse, self.hint = mouse, hint
        self.claims = {}
        for a in legal:
            if a.verb == "claim":
                self.claims.setdefault(a.args[0], []).append(a)
        if self.selected not in self.claims:
            self.selected = None
        blocked = [r for r in (self.pay_rect if self.selected else None, self.overlay_rect, self.passenger_rect)
                   if r is not None]
        self.pay_rect = self.overlay_rect = self.passenger_rect = None
        self.show_pending_city(view)
        self.draw_map(surf, view, mouse, hint, any(r.collidepoint(mouse) for r in blocked))
        self.draw_players(surf, view)
        if self.column_covered(view, legal):
            # a ticket choice covers the cards, the hand and the tickets: nothing under it
            # answers the pointer (no tooltip, no path of a ticket that cannot be seen)
            if self.hover_ticket not in {t["id"] for t in view.get("offered", [])}:
                self.hover_ticket = None
            self.draw_display(surf, view, legal_set, (-1, -1), False)
            self.draw_hand(surf, view, (-1, -1))
        else:
            self.draw_display(surf, view, legal_set, mouse, hint)
            self.draw_hand(surf, view, mouse)
            self.draw_tickets(surf, view, mouse)
        self.draw_overlays(surf, view, legal, legal_set, mouse, hint)
        self.draw_tip(surf, mouse)

    # The table's still parts are one opaque picture, rebuilt only when they change: the
    # felt, the panels, and the map of the position (with the claimable routes' glow while
    # H is held). A frame blits it once and draws the panels' contents and what moves.
    def _chrome(self, size) -> pygame.Surface:
        """Felt and panels under the board, made once per layout. The big panels and shadows
        are painted without the sprite cache and the window-sized felt is let go of once
        copied: at 4K they held 80 MB to save work this picture already saves."""
        key = (size, tuple(self.rect))
        if getattr(self, "_chrome_key", None) == key:
            return self._chrome_img
        self._chrome_img = None
        s = pygame.Surface(self.rect.size)
        s.blit(sprites.table_background(*size), (-self.rect.x, -self.rect.y))
        sprites.table_background.cache_clear()
        panel, shadow = sprites.panel.__wrapped__, sprites.shadow.__wrapped__
        mr = self.r["map"].move(-self.rect.x, -self.rect.y)
        L = self.s.frame
        s.blit(shadow(mr.w, mr.h, L.map_shadow), (mr.x + L.map_shadow_dx, mr.y + L.map_shadow_dy))
        s.blit(panel(mr.w, mr.h), mr)
        for name in ("players", "display", "hand", "tickets"):
            r = self.r[name].move(-self.rect.x, -self.rect.y)
            s.blit(shadow(r.w, r.h, L.shadow), (r.x + L.shadow_dx, r.y + L.shadow_dy))
            s.blit(panel(r.w, r.h), r)
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            s = s.convert()
        self._chrome_key, self._chrome_img = key, s
        return s

    def board(self, view, size, hint) -> pygame.Surface:
        glow = frozenset(self.claims) if hint and self.claims else None
        key = (self.painter.state_key(view), glow, size, tuple(self.rect))
        if getattr(self, "_board_key", None) != key:
            self._board_img = None  # let the old picture go before making the new one
            s = self._chrome(size).copy()
            self.painter.paint_state(s, view, self.rect.topleft)
            inner = self.r["map_inner"].move(-self.rect.x, -self.rect.y)
            if glow:
                layer = self.painter.hint_layer(glow)
                layer.set_alpha(200)
                s.blit(layer, inner)
            pygame.draw.rect(s, self.conf["colours"]["map_frame"], inner, 1)
            self._board_key, self._board_img = key, s
        return self._board_img

    def draw_map(self, surf, view, mouse, hint, covered):
        surf.blit(self.board(view, surf.get_size(), hint), self.rect)
        inner = self.r["map_inner"]
        clip = surf.get_clip()
        surf.set_clip(inner.clip(clip))  # zoomed in, paths and glows end at the map's edge
        path = self._shown_path(view)
        if path:
            img, at = self.painter.path_layer(*path)
            if self.hover_ticket:  # a ticket under the pointer shows its path on the map
                self.mark(img.get_rect(topleft=at).clip(inner))
            surf.blit(img, at)
        covered = covered or self._drag is not None and self._drag[2] or self.zoom_button_at(mouse) is not None
        hovered = None if covered else self.track_at(mouse)
        for tid in {self.selected, hovered if hovered in self.claims else None} - {None}:
            img, at = self.painter.glow(tid)
            if tid == hovered:
                self.mark(img.get_rect(topleft=at).clip(inner))
            surf.blit(img, at)
        surf.set_clip(clip)
        for tid, g in self.geom.tracks.items():  # stable ids for tutorials and tests
            self.targets.append((g.box.clip(inner), None, f"track:{tid}"))
        hovered_city = None
        for loc in self.data.locations:
            box = self._city_box(loc.id)
            if not inner.contains(box):
                continue  # out of sight (or partly): no target, no tooltip
            self.target(surf, box, None, f"city:{loc.id}")
            if not covered and box.inflate(self.s.city.hover, self.s.city.hover).collidepoint(mouse):
                hovered_city = loc.id
        self.draw_zoom_buttons(surf, mouse)
        if hovered_city and not self.selected:
            self._city_tip(surf, view, hovered_city)
        elif hovered and not self.selected:
            self.tip = self._route_tip(view, hovered)
        self.meeple_slots = {}

    def column_covered(self, view, legal) -> bool:
        """Whether a ticket choice (the mix or which to keep) is drawn over the hand and
        the tickets this frame: the same conditions draw_overlays draws them on."""
        phase = view["phase"]
        if phase == "setup_mix" and legal or self.asking_mix and any(a.verb == "tickets" for a in legal):
            return True
        return phase in ("setup_keep", "keep") and bool(view.get("offered")) and bool(legal)

    def _city_box(self, loc_id) -> pygame.Rect:
        if self.data.location_by_id[loc_id].is_country:
            return self.geom.labels[loc_id]
        x, y = self.geom.pos[loc_id]
        r = self.geom.radius(loc_id) + self.s.city.box_grow
        return pygame.Rect(x - r, y - r, 2 * r, 2 * r)

    def _route_tip(self, view, tid) -> str:
        t = self.data.track_by_id[tid]
        kind = self.tr("ttr.any_colour") if t.colour == "gray" else self.tr(f"colour.{t.colour}")
        text = self.tr("ttr.tip.route", a=self.loc_name(t.a), b=self.loc_name(t.b), n=t.length, colour=kind,
                       points=self.data.points_for(t.length))
        owner = view["owner"].get(tid)
        if owner is not None:
            text += " · " + self.tr("ttr.tip.owner", seat=self.seat_name(owner))
        elif view["one_track_per_connection"] and any(o.id in view["owner"]
                                                      for o in self.data.tracks_by_connection[t.connection]):
            text += " · " + self.tr("ttr.tip.closed")
        return text

    def _city_tip(self, surf, view, loc_id):
        """The city's name and its passengers, big enough for their letters."""
        colours = self.sorted_passengers(view["passengers"].get(loc_id, []))
        L = self.s.city_tip
        mh = L.meeple
        name = theme.text(self.loc_name(loc_id), self.s.font.city_tip.name, theme.PARCHMENT, True)
        w = max(name.get_width(), len(colours) * (mh + L.meeple_gap)) + L.side
        box = pygame.Rect(0, 0, w, L.head + (mh + L.row_gap if colours else 0))
        x, y = self._city_box(loc_id).midtop
        box.midbottom = (x, y - L.up)
        box.clamp_ip(self.r["map_inner"])
        self.mark(box)
        pygame.draw.rect(surf, self.conf["colours"]["tip"], box, border_radius=L.radius)
        pygame.draw.rect(surf, theme.PANEL_BORDER, box, 1, border_radius=L.radius)
        surf.blit(name, (box.x + L.pad_x, box.y + L.pad_y))
        for i, c in enumerate(colours):
            pc = self.passenger_colour(c)
            surf.blit(sprites.meeple(mh, pc.rgb, pc.letter), (box.x + L.pad_x + i * (mh + L.meeple_gap),
                                                              box.y + L.meeples_dy))


    def _shown_path(self, view):
        tid = self.hover_ticket or self.pinned_ticket
        if not tid:
            return None
        for t in view.get("my_tickets", []) + view.get("offered", []):
            if t["id"] == tid:
                return tuple(t["path"]), (t["a"], t["b"]), bool(t["done"])
        return None

    # ------------------------------------------------------------------ input
    def select(self, tid):
        self.selected = tid
        self.pay = None
        self.asking_mix = False
        self.chosen_payment()

    def click(self, pos, legal) -> bool:
        phase = self.view_now.get("phase")
        name = self.zoom_button_at(pos)
        if name:
            self.press_zoom_button(name)
            return True
        if self.selected:
            if self.pay_rect is not None and self.pay_rect.collidepoint(pos):
                for b, (kind, val) in self.pay_boxes:
                    if b.collidepoint(pos):
                        self._choose(kind, val)
                        return True
                if self.cancel_box is not None and self.cancel_box.collidepoint(pos):
                    self.selected = None
                    return True
                return False  # Claim is a target with its action; the panel itself does nothing
            tid = self.track_at(pos)
            if tid in self.claims and tid != self.selected:
                self.select(tid)
            else:
                self.selected = None  # a click elsewhere only closes the panel
            return True
        if self.asking_mix:
            if self.overlay_rect is not None and self.overlay_rect.collidepoint(pos):
                if self.cancel_box is not None and self.cancel_box.collidepoint(pos):
                    self.asking_mix = False
                    return True
                return False
            self.asking_mix = False
            return True
        if phase in ("setup_keep", "keep") and self.view_now.get("offered"):
            for t in self.view_now["offered"]:
                r = self.element_rect(f"ticket:{t['id']}")
                if r is not None and r.collidepoint(pos):
                    self.keep_sel ^= {t["id"]}
                    return True
            return False
        if self.tickets_rect.collidepoint(pos) and any(a.verb == "tickets" for a in legal):
            self.asking_mix = True
            return True
        tid = self.track_at(pos)
        if tid in self.claims:
            self.select(tid)
            return True
        for t in self.view_now.get("my_tickets", []):
            r = self.element_rect(f"ticket:{t['id']}")
            if r is not None and r.collidepoint(pos):
                self.pinned_ticket = None if self.pinned_ticket == t["id"] else t["id"]
                return True
        return False

    def _choose(self, kind, val):
        opts = self.payment_options()
        cur = self.chosen_payment()
        if kind == "colour":
            pick = [a for a in opts if a.args[1] == val]
        else:
            pick = [a for a in opts if a.args[1] == cur.args[1] and int(a.args[2]) == val]
        if pick:
            self.pay = pick[0]

    def cancel(self) -> bool:
        if self.selected or self.asking_mix:
            self.selected, self.asking_mix = None, False
            return True
        if self.pinned_ticket:
            self.pinned_ticket = None
            return True
        return False

    def key_action(self, ev, legal):
        k = ev.key
        if self.selected and self.selected in self.claims:
            opts = self.payment_options()
            cur = self.chosen_payment()
            colours = list(dict.fromkeys(a.args[1] for a in opts))
            if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return cur if cur in legal else None
            if k in (pygame.K_LEFT, pygame.K_RIGHT):
                i = colours.index(cur.args[1]) + (1 if k == pygame.K_RIGHT else -1)
                self._choose("colour", colours[i % len(colours)])
            elif k in (pygame.K_UP, pygame.K_DOWN):
                locos = sorted(int(a.args[2]) for a in opts if a.args[1] == cur.args[1])
                i = locos.index(int(cur.args[2])) + (1 if k == pygame.K_UP else -1)
                self._choose("locos", locos[max(0, min(len(locos) - 1, i))])
            return None
        if self.zoom_key(k):
            return None
        if k in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.scroll_tickets(1 if k == pygame.K_PAGEDOWN else -1)
            return None
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.keep_sel:
            act = next((a for a in legal if a.verb == "keep" and set(a.args) == self.keep_sel), None)
            return act
        if k == pygame.K_t and any(a.verb == "tickets" for a in legal):
            self.asking_mix = not self.asking_mix
            return None
        seat = self.view_now.get("seat")
        if k == pygame.K_d and Action(seat, "blind") in legal:
            return Action(seat, "blind")
        i = self.digit(ev)
        if i is not None and i < FACE_UP_KEYS:
            face = self.view_now.get("face_up", [])
            if i < len(face) and Action(seat, "take", (face[i],)) in legal:
                return Action(seat, "take", (face[i],))
        return None

    def describe(self, action) -> str:
        v, a = action.verb, action.args
        if v == "claim":
            t = self.data.track_by_id[a[0]]
            locos = int(a[2])
            pay = [] if a[1] == LOCO else [f"{t.length - locos} × {self.tr('colour.' + a[1])}"]
            if locos:
                pay.append(f"{locos} × {self.tr('colour.locomotive')}")
            return f"{self.loc_name(t.a)}–{self.loc_name(t.b)}: {' + '.join(pay)}"
        if v == "take":
            return self.tr("ttr.take", colour=self.tr(f"colour.{a[0]}"))
        if v == "blind":
            return self.tr("ttr.describe.blind")
        if v == "passenger":
            return self.tr("ttr.describe.passenger", colour=self.tr(f"colour.{a[1]}"), location=self.loc_name(a[0]))
        if v in ("mix", "tickets"):
            return self.tr("ttr.describe.mix", short=a[0], long=a[1])
        if v == "keep":
            return self.tr("ttr.describe.keep", tickets=list(a))
        if v == "pass":
            return self.tr("ttr.describe.pass")
        return action.text

