"""The El Paso table: the town track, crime sites with their loot stacks, the
sheriff space, the draw piles, the seats, and the viewer's hand and loot.

It draws `view()` dicts only and registers a target (rect, action, element
id) for everything clickable; the play scene checks targets against the legal
actions, so this module never decides what is legal.
"""
from __future__ import annotations

import math

import pygame

from games.core.action import Action
from games.core.data import data_path, load_yaml
from ui import sprites, theme
from ui.views import el_paso_art
from ui.views.base import Beat, GameView
from ui.widgets import blit_text, draw_wrapped

REGIONS = ("towns", "players", "sites", "sheriff", "piles", "hand", "loot")


def load_layout(path=None) -> dict:
    node = load_yaml(path or data_path("el_paso", "layout.yaml")).mapping()
    regions = node.get("regions").mapping()
    out = {}
    for name in REGIONS:
        vals = regions.get(name).seq(4, 4)
        out[name] = tuple(float(v.value) if isinstance(v.value, (int, float)) and not isinstance(v.value, bool)
                          else v.fail("a number from 0 to 1", v.value) for v in vals)
        for v in vals:
            if not 0 <= float(v.value) <= 1:
                v.fail("a number from 0 to 1", v.value)
    grid = node.get("sites_grid").ints(1, 6, 2, 2)
    out["sites_grid"] = tuple(grid)
    return out


class ElPasoView(GameView):
    LOG_SKIP = frozenset({"round_started"})
    PANEL_TITLE = (18, 6)
    GLOW = (8, 10)
    GLOW_ALPHA = (90, 60)
    SOUNDS = {"bust": "bust", "dice_rolled": "dice", "card_played": "card", "card_drawn": "card",
              "exchanged": "coin", "tile_kept": "click", "decided_leave": "click"}

    def __init__(self, scene):
        super().__init__(scene)
        self.data = self.rules.data
        self.site = {s.id: s for s in self.data.sites}
        self.conf = load_layout()
        self.clock = 0.0

    # ------------------------------------------------------------ geometry
    def layout(self, rect):
        super().layout(rect)
        self.r = {}
        for name in REGIONS:
            fx, fy, fw, fh = self.conf[name]
            self.r[name] = pygame.Rect(rect.x + int(fx * rect.w), rect.y + int(fy * rect.h),
                                       int(fw * rect.w), int(fh * rect.h))

    def update(self, dt):
        self.clock += dt

    # ------------------------------------------------------------ helpers
    def seat_name(self, seat: int) -> str:
        return self.scene.match.config.seats[seat].name

    def letter(self, site_id: str) -> str:
        """The site's letter in the current language (B for Bank, Б for Банк)."""
        key = "letter." + site_id
        return self.tr(key) if self.tr.has(key) else self.site[site_id].letter

    def tile_img(self, site_id: str, value: int, size: int):
        s = self.site[site_id]
        return sprites.tile(size, s.colour, "", str(value), self.letter(site_id), s.pattern)

    def card_img(self, site_id, value, w, h, dim=False):
        s = self.site[site_id]
        return sprites.card(w, h, s.colour, self.tr("site." + site_id), str(value), self.letter(site_id),
                            s.pattern, False, dim)

    # ------------------------------------------------------------ drawing
    def draw(self, surf, view, legal, mouse, hint):
        self.targets = []
        self.view = view
        self.legal_set = legal_set = set(legal)
        self.mouse, self.hint = mouse, hint
        self.draw_towns(surf, view)
        self.draw_players(surf, view)
        self.draw_sites(surf, view)
        self.draw_sheriff(surf, view)
        self.draw_piles(surf, view, legal_set, mouse, hint)
        self.draw_hand(surf, view, legal_set, mouse, hint)
        self.draw_loot(surf, view, legal_set, mouse, hint)

    def draw_towns(self, surf, view):
        r = self.r["towns"]
        towns = self.data.towns
        n = len(towns)
        step = r.w / n
        y = r.centery
        pygame.draw.line(surf, theme.PARCHMENT_DARK, (r.x + step / 2, y), (r.right - step / 2, y),
                         self.px(4))
        for i, town in enumerate(towns):
            cx = int(r.x + step * (i + 0.5))
            w, h = int(step * 0.86), int(r.h * 0.92)
            box = pygame.Rect(0, 0, w, h)
            box.center = (cx, y)
            current = i == view["town_index"] and view["phase"] != "over"
            done = i < view["town_index"] or view["phase"] == "over"
            if current:
                surf.blit(sprites.glow(w + self.px(16), h + self.px(16), self.px(12)),
                          (box.x - self.px(8), box.y - self.px(8)))
            img = sprites.panel(w, h, theme.PARCHMENT if not done else theme.PARCHMENT_DARK)
            surf.blit(img, box)
            name = self.tr("town." + town.id)
            blit_text(surf, name, (box.x + self.px(8), box.y + self.px(4)), self.px(17),
                      theme.INK if not done else theme.INK_SOFT, bold=current, max_width=w - self.px(16))
            blit_text(surf, self.tr("el_paso.rate", rate=town.rate), (box.x + self.px(8), box.bottom - self.px(4)),
                      self.px(15), theme.INK_SOFT, anchor="bottomleft", max_width=w - self.px(50))
            if current:
                m = sprites.meeple(int(h * 0.62), (60, 60, 70), "D")
                surf.blit(m, m.get_rect(bottomright=(box.right - self.px(6), box.bottom - self.px(3))))
            self.targets.append((box, None, f"town.{town.id}"))

    def draw_players(self, surf, view):
        r = self.r["players"]
        n = view["n"]
        gap = self.px(6)
        row_h = min(self.px(96), (r.h - gap * (n - 1)) // n)
        for i, p in enumerate(view["players"]):
            box = pygame.Rect(r.x, r.y + i * (row_h + gap), r.w, row_h)
            acting = i in view["to_act"]
            if acting:
                surf.blit(sprites.glow(box.w + self.px(12), box.h + self.px(12), self.px(10)),
                          (box.x - self.px(6), box.y - self.px(6)))
            self.panel(surf, box)
            self.targets.append((box, None, f"player.{i}"))
            pad = self.px(8)
            mk = self.seat_marker(i, self.px(26))
            surf.blit(mk, (box.x + pad, box.y + pad))
            name = self.seat_name(i) + (f" ({self.tr('play.you')})" if i == view["seat"] else "")
            blit_text(surf, name, (box.x + pad + self.px(32), box.y + pad - self.px(1)), self.px(17), theme.INK,
                      bold=True, max_width=box.w - self.px(90))
            if i == view["guard"]:
                d = el_paso_art.die(self.px(20), "star")
                surf.blit(d, d.get_rect(topright=(box.right - pad, box.y + pad)))
            status = ("el_paso.played" if p["has_played"] else "el_paso.in_town" if p["in_town"]
                      else "el_paso.left")
            if view["phase"] == "decide" and p["in_town"] and not p["decided"]:
                status = "el_paso.waiting"
            coin = sprites.nugget(self.px(22))
            line_y = box.y + pad + self.px(30)
            surf.blit(coin, (box.x + pad, line_y))
            t = blit_text(surf, str(p["nuggets"]), (box.x + pad + self.px(26), line_y + self.px(11)),
                          self.px(17), theme.INK, bold=True, anchor="midleft")
            ci = sprites.icon("card", self.px(18), theme.INK_SOFT)
            surf.blit(ci, (t.right + self.px(10), line_y + self.px(2)))
            t2 = blit_text(surf, str(p["hand_count"]), (t.right + self.px(30), line_y + self.px(11)),
                           self.px(16), theme.INK_SOFT, anchor="midleft")
            blit_text(surf, self.tr(status), (t2.right + self.px(10), line_y + self.px(11)), self.px(15),
                      theme.OK if p["in_town"] else theme.INK_SOFT, anchor="midleft",
                      max_width=box.right - t2.right - self.px(16))
            ts = self.px(24)
            x = box.x + pad
            ly = line_y + self.px(27)
            if ly + ts <= box.bottom - self.px(2):
                for tile in p["loot"]:
                    if x + ts > box.right - pad:
                        break
                    surf.blit(self.tile_img(tile["site"], tile["value"], ts), (x, ly))
                    x += ts + self.px(3)

    def draw_sites(self, surf, view):
        r = self.r["sites"]
        cols, rows = self.conf["sites_grid"]
        gap = self.px(8)
        cw = (r.w - gap * (cols - 1)) // cols
        ch = (r.h - gap * (rows - 1)) // rows
        revealed = {}
        for seat, card in view["revealed"]:
            revealed.setdefault(card["site"], []).append((seat, card["value"]))
        for k, site in enumerate(self.data.sites):
            c, rr = k % cols, k // cols
            box = pygame.Rect(r.x + c * (cw + gap), r.y + rr * (ch + gap), cw, ch)
            self.draw_site(surf, box, site, view, revealed.get(site.id, []))

    def draw_site(self, surf, box, site, view, plays):
        present = site.id in view["town_sites"]
        self.targets.append((box, None, f"site.{site.id}"))
        surf.blit(sprites.shadow(box.w, box.h, self.px(10)), (box.x + self.px(3), box.y + self.px(5)))
        surf.blit(sprites.panel(box.w, box.h, theme.PARCHMENT if present else theme.PARCHMENT_DARK),
                  box.topleft)
        band = pygame.Rect(box.x, box.y, box.w, self.px(30))
        band_img = sprites.tile_band(band.w, band.h, site.colour, site.pattern) if hasattr(
            sprites, "tile_band") else None
        if band_img is not None:
            surf.blit(band_img, band)
        else:
            pygame.draw.rect(surf, site.colour, band, border_top_left_radius=self.px(8),
                             border_top_right_radius=self.px(8))
            sprites.apply_pattern(surf.subsurface(band), site.pattern)
        ink = theme.ink_on(site.colour)
        badge = sprites.token(self.px(24), theme.PARCHMENT, self.letter(site.id), "circle")
        surf.blit(badge, (band.x + self.px(4), band.y + self.px(3)))
        blit_text(surf, self.tr("site." + site.id), (band.x + self.px(32), band.centery), self.px(16), ink,
                  bold=True, anchor="midleft", max_width=band.w - self.px(38))
        inner_x = box.x + self.px(8)
        y = band.bottom + self.px(6)
        if not present:
            draw_wrapped(surf, self.tr("el_paso.closed"), (inner_x, y, box.w - self.px(16), box.h),
                         self.px(16), theme.INK_SOFT)
            return
        stack = view["stacks"][site.id]
        per_row = 4
        ts = min(self.px(34), (box.w - self.px(16)) // per_row - self.px(4))
        for j, v in enumerate(reversed(stack)):  # top tile first (it is taken next)
            img = self.tile_img(site.id, v, ts)
            tx = inner_x + (j % per_row) * (ts + self.px(4))
            ty = y + (j // per_row) * (ts + self.px(4))
            if j == 0:
                pygame.draw.rect(surf, theme.INK, pygame.Rect(tx, ty, ts, ts).inflate(4, 4), 2,
                                 border_radius=self.px(5))
            surf.blit(img, (tx, ty))
        if not stack:
            blit_text(surf, self.tr("el_paso.no_loot_here"), (inner_x, y + self.px(4)), self.px(15),
                      theme.INK_SOFT, max_width=box.w - self.px(16))
        y += 2 * (ts + self.px(4)) + self.px(2)
        if site.needs:
            d = el_paso_art.die(self.px(22), site.needs)
            surf.blit(d, (inner_x, y))
            draw_wrapped(surf, self.tr(f"el_paso.needs.{site.needs}"),
                         (inner_x + self.px(28), y, box.w - self.px(44), self.px(34)), self.px(14),
                         theme.INK, line_gap=1.1)
        # last revealed cards on this site: seat marker + value
        x = inner_x
        yb = box.bottom - self.px(28)
        for seat, value in plays:
            if x + self.px(56) > box.right:
                break
            surf.blit(self.seat_marker(seat, self.px(22)), (x, yb))
            blit_text(surf, str(value), (x + self.px(25), yb + self.px(11)), self.px(16), theme.INK,
                      bold=True, anchor="midleft")
            x += self.px(52)

    def draw_sheriff(self, surf, view):
        r = self.r["sheriff"]
        self.panel(surf, r, self.tr("el_paso.sheriff"), 18)
        self.targets.append((r, None, "sheriff"))
        n = self.data.dice_count
        size = min(self.px(38), (r.w - self.px(20)) // n - self.px(4))
        x0 = r.x + self.px(10)
        y = r.y + self.px(34)
        for i in range(n):
            slot = pygame.Rect(x0 + i * (size + self.px(4)), y, size, size)
            if i < view["sheriff"]:
                surf.blit(el_paso_art.die(size, "star"), slot)
            else:
                pygame.draw.rect(surf, theme.PARCHMENT_DARK, slot, width=2, border_radius=self.px(6))
        y += size + self.px(8)
        blit_text(surf, self.tr("el_paso.last_roll"), (x0, y), self.px(14), theme.INK_SOFT)
        y += self.px(18)
        ds = int(size * 0.75)
        for i, f in enumerate(view["last_roll"]):
            surf.blit(el_paso_art.die(ds, f), (x0 + i * (ds + self.px(4)), y))
        y += ds + self.px(6)
        info = "  ·  ".join([self.tr("el_paso.round", round=view["round"]),
                              self.tr("el_paso.wave", wave=view["wave"])])
        blit_text(surf, info, (x0, y), self.px(14), theme.INK, max_width=r.w - self.px(20))
        blit_text(surf, self.tr("el_paso.guard") + ": " + self.seat_name(view["guard"]),
                  (x0, y + self.px(18)), self.px(14), theme.INK, max_width=r.w - self.px(20))

    def draw_piles(self, surf, view, legal_set, mouse, hint):
        r = self.r["piles"]
        self.panel(surf, r, self.tr("el_paso.draw_piles"), 16)
        bag = blit_text(surf, self.tr("el_paso.bag", n=view["bag"]), (r.right - self.px(10), r.y + self.px(8)),
                        self.px(14), theme.INK_SOFT, anchor="topright")
        del bag
        cols, rows = 2, 3
        gap = self.px(5)
        top = r.y + self.px(30)
        cw = (r.w - self.px(16) - gap * (cols - 1)) // cols
        ch = (r.bottom - top - self.px(8) - gap * (rows - 1)) // rows
        seat = view["seat"]
        for k, site in enumerate(self.data.sites):
            box = pygame.Rect(r.x + self.px(8) + (k % cols) * (cw + gap), top + (k // cols) * (ch + gap),
                              cw, ch)
            act = Action(seat, "draw", (site.id,)) if seat is not None else None
            self.target(surf, box, act, f"pile.{site.id}")
            count = view["draw"][site.id]
            disc = view["discard"][site.id]
            bw = int(ch * 0.72)
            surf.blit(sprites.card_back(bw, ch, site.colour), box.topleft)
            blit_text(surf, self.letter(site.id), (box.x + bw // 2, box.y + ch // 2), self.px(16),
                      theme.PARCHMENT, bold=True, anchor="center")
            tx = box.x + bw + self.px(5)
            tw = box.right - tx
            label = str(count) if count or disc else self.tr("el_paso.empty_pile")
            blit_text(surf, label, (tx, box.y), self.px(16), theme.INK, bold=True, max_width=tw)
            if disc:
                blit_text(surf, self.tr("el_paso.discard_top", v=disc[-1]), (tx, box.bottom),
                          self.px(13), theme.INK_SOFT, anchor="bottomleft", max_width=tw)

    def draw_hand(self, surf, view, legal_set, mouse, hint):
        r = self.r["hand"]
        self.panel(surf, r, self.tr("el_paso.your_hand"), 18)
        self.targets.append((r, None, "hand"))
        seat = view["seat"]
        if seat is None:
            blit_text(surf, self.tr("el_paso.watching"), r.center, self.px(18), theme.INK_SOFT, anchor="center")
            return
        hand = view["hand"]
        played = view.get("my_played")
        slots = max(6, len(hand) + (1 if played else 0))
        gap = self.px(8)
        avail_w = r.w - self.px(20)
        ch = r.h - self.px(44)
        cw = min(int(ch * 0.7), (avail_w - gap * (slots - 1)) // slots)
        ch = int(cw / 0.7)
        x = r.x + self.px(10)
        y = r.y + self.px(34)
        for card in hand:
            act = Action(seat, "play", (card["site"], str(card["value"])))
            box = pygame.Rect(x, y, cw, ch)
            lift = self.px(8) if act in legal_set and box.collidepoint(mouse) else 0
            box.y -= lift
            self.target(surf, box, act, f"hand.{card['site']}.{card['value']}")
            surf.blit(self.card_img(card["site"], card["value"], cw, ch), box)
            x += cw + gap
        if played:
            x += gap
            box = pygame.Rect(x, y, cw, ch)
            img = self.card_img(played["site"], played["value"], cw, ch, dim=True)
            surf.blit(img, box)
            blit_text(surf, self.tr("el_paso.face_down"), (box.centerx, box.y - self.px(2)), self.px(13),
                      theme.INK, bold=True, anchor="midbottom", max_width=cw + 2 * gap)

    def draw_loot(self, surf, view, legal_set, mouse, hint):
        r = self.r["loot"]
        self.panel(surf, r, self.tr("el_paso.your_loot"), 18)
        self.targets.append((r, None, "loot"))
        seat = view["seat"]
        if seat is None:
            return
        me = view["players"][seat]
        pad = self.px(10)
        coin = sprites.nugget(self.px(30))
        surf.blit(coin, coin.get_rect(topright=(r.right - pad - self.px(70), r.y + self.px(4))))
        blit_text(surf, str(me["nuggets"]), (r.right - pad - self.px(64), r.y + self.px(19)), self.px(22),
                  theme.INK, bold=True, anchor="midleft")
        ts = self.px(40)
        x, y = r.x + pad, r.y + self.px(38)
        kept = [(t["site"], t["value"]) for t in me["kept"]]
        kept_left = list(kept)
        for tile in me["loot"]:
            key = (tile["site"], tile["value"])
            is_kept = key in kept_left
            if is_kept:
                kept_left.remove(key)
            box = pygame.Rect(x, y - (self.px(8) if is_kept else 0), ts, ts)
            act = Action(seat, "keep", (tile["site"], str(tile["value"])))
            self.target(surf, box, None if is_kept else act, f"loot.{tile['site']}.{tile['value']}")
            surf.blit(self.tile_img(tile["site"], tile["value"], ts), box)
            if is_kept:
                pygame.draw.rect(surf, theme.OK, box.inflate(self.px(4), self.px(4)), width=self.px(3),
                                 border_radius=self.px(6))
            x += ts + self.px(6)
            if x + ts > r.right - pad:
                x = r.x + pad
                y += ts + self.px(10)
        by = r.bottom - self.px(54)
        bw, bh = min(self.px(210), r.w // 2 - pad), self.px(44)
        leave = Action(seat, "leave")
        exchange = Action(seat, "exchange")
        if leave in legal_set:
            box = pygame.Rect(r.x + pad, by, bw, bh)
            self.target(surf, box, leave, "button.leave")
            surf.blit(sprites.button(bw, bh, self.tr("el_paso.leave"),
                                     "hover" if box.collidepoint(mouse) else "normal", "exit"), box)
            draw_wrapped(surf, self.tr("el_paso.leave_hint", n=view["wave"] + 1),
                         (box.right + pad, box.y, r.right - box.right - 2 * pad, bh), self.px(15),
                         theme.INK, line_gap=1.15)
        elif exchange in legal_set:
            box = pygame.Rect(r.x + pad, by, bw, bh)
            self.target(surf, box, exchange, "button.exchange")
            surf.blit(sprites.button(bw, bh, self.tr("el_paso.exchange"),
                                     "hover" if box.collidepoint(mouse) else "normal", "nugget"), box)
            lines = [self.tr("el_paso.kept", kept=len(me["kept"]), limit=me["carry_limit"]),
                     self.tr("el_paso.exchange_preview", n=self.exchange_preview(view, me))]
            for k, ln in enumerate(lines):
                blit_text(surf, ln, (box.right + pad, box.y + k * self.px(20)), self.px(15), theme.INK,
                          max_width=r.right - box.right - 2 * pad)

    def exchange_preview(self, view, me) -> int:
        """Nuggets the viewer would get by exchanging everything not chosen to carry."""
        kept = [(t["site"], t["value"]) for t in me["kept"]]
        local = foreign = 0
        for t in me["loot"]:
            key = (t["site"], t["value"])
            if key in kept:
                kept.remove(key)
                continue
            if t["site"] in view["town_sites"]:
                local += t["value"]
            else:
                foreign += t["value"]
        return local // view["rate"] + foreign

    # ------------------------------------------------------------ input
    def key_action(self, ev, legal):
        """Keyboard play: 1-6 pick the n-th card / pile / tile, X leaves, Enter exchanges."""
        if ev.type != pygame.KEYDOWN or not legal:
            return None
        seat = legal[0].seat
        if ev.key == pygame.K_x and Action(seat, "leave") in legal:
            return Action(seat, "leave")
        if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and Action(seat, "exchange") in legal:
            return Action(seat, "exchange")
        if pygame.K_1 <= ev.key <= pygame.K_9:
            i = ev.key - pygame.K_1
            picks = [a for a in legal if a.verb in ("play", "draw", "keep")]
            if i < len(picks):
                return picks[i]
        return None

    def describe(self, action) -> str:
        if action.verb in ("play", "keep"):
            return f"{self.tr('site.' + action.args[0])} {action.args[1]}"
        if action.verb == "draw":
            return self.tr("site." + action.args[0])
        return self.tr("el_paso." + action.verb) if self.tr.has("el_paso." + action.verb) else action.text

    # ------------------------------------------------------------ animation
    def beats_for(self, events):
        beats = []
        for i, e in enumerate(events):
            if e.type == "cards_revealed":
                beats.append(Beat("reveal", 1.1, {"plays": e.args["plays"], "event_index": i}))
            elif e.type == "dice_rolled":
                beats.append(Beat("dice", 1.4, dict(e.args, event_index=i)))
            elif e.type == "bust":
                beats.append(Beat("bust", 1.6, dict(e.args, event_index=i)))
            elif e.type == "town_stocked" and beats:
                beats.append(Beat("town", 1.2, {"town": e.args["town"], "event_index": i}))
        return beats

    def overlay_box(self, surf, rect):
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill((20, 14, 8, 222))
        surf.blit(shade, rect)

    def draw_beat(self, surf, beat, progress):
        r = self.r["sites"].union(self.r["sheriff"])
        if beat.kind == "reveal":
            self.overlay_box(surf, r)
            blit_text(surf, self.tr("el_paso.revealed"), (r.centerx, r.y + self.px(30)), self.px(26),
                      theme.PARCHMENT, bold=True, anchor="center")
            plays = beat.data["plays"]
            cw = min(self.px(110), (r.w - self.px(40)) // max(1, len(plays)) - self.px(12))
            ch = int(cw / 0.7)
            total = len(plays) * (cw + self.px(12))
            x = r.centerx - total // 2
            for k, (seat, site, value) in enumerate(plays):
                appear = min(1.0, max(0.0, progress * 3 - k * 0.3))
                y = r.centery - ch // 2 + int((1 - appear) * self.px(40))
                img = self.card_img(site, value, cw, ch) if appear > 0.5 else sprites.card_back(cw, ch)
                surf.blit(img, (x, y))
                mk = self.seat_marker(seat, self.px(26))
                surf.blit(mk, mk.get_rect(midtop=(x + cw // 2, y + ch + self.px(6))))
                blit_text(surf, self.seat_name(seat), (x + cw // 2, y + ch + self.px(36)), self.px(15),
                          theme.PARCHMENT, anchor="midtop", max_width=cw + self.px(10))
                x += cw + self.px(12)
        elif beat.kind == "dice":
            self.overlay_box(surf, r)
            faces = beat.data["faces"]
            size = self.px(72)
            total = len(faces) * (size + self.px(16))
            x = r.centerx - total // 2
            settled = progress > 0.6
            cycle = el_paso_art.FACES
            for k, f in enumerate(faces):
                if settled:
                    img = el_paso_art.die(size, f)
                    dy = 0
                else:
                    spin = int(progress * 40) + k
                    img = el_paso_art.die_tumble(size, cycle[spin % 3], (spin * 37) % 360)
                    dy = int(abs(math.sin(progress * 12 + k)) * -self.px(30))
                surf.blit(img, img.get_rect(center=(x + size // 2, r.centery + dy)))
                x += size + self.px(16)
            if settled:
                blit_text(surf, self.tr("event.dice_rolled", faces=faces, sheriff=beat.data["sheriff"]),
                          (r.centerx, r.centery + size), self.px(20), theme.HIGHLIGHT, bold=True,
                          anchor="center", max_width=r.w - self.px(20))
        elif beat.kind == "bust":
            self.overlay_box(surf, r)
            blit_text(surf, self.tr("el_paso.bust"), r.center, self.px(28), theme.DANGER, bold=True,
                      anchor="center", max_width=r.w - self.px(20))
        elif beat.kind == "town":
            self.overlay_box(surf, r)
            blit_text(surf, self.tr("el_paso.on_to", town=self.tr("town." + beat.data["town"])), r.center,
                      self.px(30), theme.PARCHMENT, bold=True, anchor="center")
