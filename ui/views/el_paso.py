"""The El Paso table: the town track, crime sites with their loot stacks, the
sheriff space, the draw piles, the seats, and the viewer's hand and loot.

It draws `view()` dicts only and registers a target (rect, action, element
id) for everything clickable; the play scene checks targets against the legal
actions, so this module never decides what is legal.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from games.core.action import Action
from games.core.data import data_path, load_yaml
from ui import sprites, theme
from ui.layout import Layout
from ui.views import el_paso_art
from ui.views.base import Beat, GameView, Selection
from ui.widgets import blit_text, draw_wrapped

REGIONS = ("towns", "players", "sites", "sheriff", "piles", "hand", "loot")
COLOURS = ("deputy", "overlay")
LENGTHS = {  # the names the drawing code reads, by panel (layout.yaml has exactly these)
    "towns": "line glow glow_radius pad_x pad_y rate_room deputy_dx deputy_dy",
    "players": "gap row_max glow glow_radius pad marker name_dx name_up name_room guard_die coin line_dy "
               "count_dx text_dy icon icon_dx icon_dy hand_dx status_dy tile tiles_dx bottom tile_gap",
    "site": "shadow_radius shadow_dx shadow_dy band band_radius badge badge_dx badge_dy name_dx name_room pad "
            "band_gap tile_max tile_gap top_radius empty_dy stack_gap die needs_dx needs_room needs_h plays_dy "
            "play_room marker value_dx value_dy play_step",
    "sheriff": "pad dice_dy die_max die_gap slot_radius roll_gap label_h info_gap line_h",
    "piles": "pad top bag_dx bag_dy count_dx",
    "tip": "width pad gap beside tile card",

    "hand": "gap pad top room_h lift label_dy",
    "loot": "pad coin coin_dx count_dy tile top kept_lift kept_grow kept_line kept_radius "
            "tile_gap row_gap button_dy button_w button_h line_h",
    "beat": "title_dy card_max room card_gap rise marker marker_dy name_dy name_room die die_gap bounce pad",
}
FONTS = {
    "towns": "name rate",
    "players": "name nuggets hand status",
    "site": "name closed empty needs value",
    "sheriff": "title label info",
    "piles": "title bag letter count discard",
    "tip": "text",
    "hand": "title watching face_down",
    "loot": "title nuggets hint",
    "beat": "title name dice bust town",
}


def load_layout(path=None) -> Layout:
    """data/el_paso/layout.yaml through the table toolkit: the regions (all of REGIONS), the
    sites' and piles' grids, lengths and font sizes by panel, the table's colours and each
    crime site's look (`sites`: colour and pattern, every site of components.yaml)."""
    node = load_yaml(path or data_path("el_paso", "layout.yaml")).mapping()
    lay = Layout.load(None, colours="colours", node=node).expect("lengths", LENGTHS).expect("fonts", FONTS)
    node.get("regions").only_keys(REGIONS)
    for name in REGIONS:
        node.get("regions").get(name)  # names a missing region
    node.get("grids").only_keys({"sites", "piles"})
    for name in ("sites", "piles"):
        node.get("grids").get(name)
    node.get("colours").only_keys(COLOURS)
    for name in COLOURS:
        node.get("colours").get(name)
    from games.el_paso.model import default_data
    ids = [s.id for s in default_data().sites]
    sites = node.get("sites").mapping()
    for sid in sites.keys():
        if sid not in ids:
            sites.get(sid).fail(f"a site id of components.yaml ({', '.join(ids)})", sid)
    lay.sites = {}
    for sid in ids:
        look = sites.get(sid).mapping().only_keys({"colour", "pattern"})
        lay.sites[sid] = SiteLook(look.get("colour").rgb(), look.get("pattern").str(theme.PATTERNS))
    return lay


@dataclass(frozen=True)
class SiteLook:
    """How a crime site is drawn: its colour and the pattern that goes with it."""
    colour: tuple[int, int, int]
    pattern: str


class ElPasoView(GameView):
    LOG_SKIP = frozenset({"round_started"})
    HOVER_CONTAINERS = ("hand", "loot", "sheriff")  # their cards, tiles and dice answer the pointer
    HOVER_REACH = 18  # a hovered card rises (hand.lift) with its glow (GLOW) around it
    PANEL_TITLE = (18, 6)
    GLOW = (8, 10)
    GLOW_ALPHA = (90, 60)
    SOUNDS = {"bust": "bust", "dice_rolled": "dice", "card_played": "card", "card_drawn": "card",
              "exchanged": "coin", "tile_kept": "click", "decided_leave": "click"}
    PICK_VERBS = ("play", "draw", "keep")  # what the digit keys pick, in the order offered

    def __init__(self, scene):
        super().__init__(scene)
        self.data = self.rules.data
        self.conf = load_layout()
        self.clock = 0.0
        # The tile picked to carry whose keep would also end the choice (the carry limit
        # reached: the rest is exchanged at once). It is only shown as picked until the
        # exchange button sends it, so no single click both picks and commits.
        self.pick = Selection(self, pending=None)
        self.final_tiles: list[tuple[pygame.Rect, tuple[str, str]]] = []
        self.pending_rect: pygame.Rect | None = None

    # ------------------------------------------------------------ geometry
    def layout(self, rect):
        super().layout(rect)
        self.r = self.conf.regions(rect)
        self.s = self.conf.scaled(self.px)

    def update(self, dt):
        self.clock += dt

    # ------------------------------------------------------------ helpers
    def seat_name(self, seat: int) -> str:
        return self.scene.match.config.seats[seat].name

    def letter(self, site_id: str) -> str:
        """The site's letter in the current language (B for Bank, Б for Банк)."""
        key = "letter." + site_id
        return self.tr(key) if self.tr.has(key) else site_id[:1].upper()

    def site_name(self, site_id: str) -> str:
        return self.tr("site." + site_id)

    def short_name(self, site_id: str) -> str:
        """The site's name short enough for a card's title line ("Рудник" for "Золотой рудник")."""
        key = "el_paso.site_short." + site_id
        return self.tr(key) if self.tr.has(key) else self.site_name(site_id)

    def tile_img(self, site_id: str, value: int, size: int):
        s = self.conf.sites[site_id]
        # never a digit under 12 px at 1280x720, however small the tile
        return el_paso_art.loot_tile(size, s.colour, s.pattern, value, self.letter(site_id), self.px(12))

    def card_img(self, site_id, value, w, h, dim=False):
        s = self.conf.sites[site_id]
        return sprites.card(w, h, s.colour, self.short_name(site_id), str(value), self.letter(site_id),
                            s.pattern, False, dim)

    # ------------------------------------------------------------ tooltips
    def tip(self, rect, make, *args, above: bool = False) -> None:
        """A tooltip over `rect`: `make(*args)` gives (picture or None, sentence), worked out
        only when hovered. `above`: over the thing rather than beside it (a button whose
        neighbours explain it keeps them in sight)."""
        self.tips.append((pygame.Rect(rect), make, args, above))

    def text_tip(self, text):
        return None, text

    def tile_tip(self, site_id, value, key):
        return (self.tile_img(site_id, value, self.s.tip.tile),
                self.tr(key, site=self.site_name(site_id), value=value))

    def tip_image(self, pic, text) -> pygame.Surface:
        """The tooltip's content: the thing shown large, and the sentence under it."""
        L, size = self.s.tip, self.s.font.tip.text
        from ui.widgets import wrap_lines
        lines = wrap_lines(text, L.width, size)
        step = int(size * 1.3)
        w = max([theme.font(size).size(ln)[0] for ln in lines] + [pic.get_width() if pic else 0])
        h = len(lines) * step + (pic.get_height() + L.gap if pic else 0)
        img = pygame.Surface((w, h), pygame.SRCALPHA)
        y = 0
        if pic is not None:
            img.blit(pic, pic.get_rect(midtop=(w // 2, 0)))
            y = pic.get_height() + L.gap
        for ln in lines:
            img.blit(theme.text(ln, size, theme.PARCHMENT), (0, y))
            y += step
        return img

    def draw_tip(self, surf, mouse):
        scene = self.scene
        if getattr(scene, "beats", None) or getattr(scene, "chooser", None):
            return  # an animation or a menu is over the table: no tooltip of what lies under it
        for rect, make, args, above in reversed(self.tips):
            if not rect.collidepoint(mouse):
                continue
            pic, text = make(*args)
            if not text:
                return
            L = self.s.tip
            img = self.tip_image(pic, text)
            box = img.get_rect().inflate(2 * L.pad, 2 * L.pad)
            # beside the thing, on the side with room, never under the pointer
            box.midleft = (rect.right + L.beside, rect.centery)
            if box.right > self.rect.right:
                box.midright = (rect.left - L.beside, rect.centery)
            box.clamp_ip(self.rect)
            if above or box.collidepoint(mouse):
                box.midbottom = (rect.centerx, rect.top - L.beside)
                if box.top < self.rect.top:
                    box.midtop = (rect.centerx, rect.bottom + L.beside)
                box.clamp_ip(self.rect)
            self.tip_box(surf, img, box)
            return

    # ------------------------------------------------------------ drawing
    def draw(self, surf, view, legal, mouse, hint):
        self.targets, self.tips = [], []
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
        self.draw_tip(surf, mouse)

    def draw_towns(self, surf, view):
        r = self.r["towns"]
        L, F = self.s.towns, self.s.font.towns
        towns = self.data.towns
        n = len(towns)
        step = r.w / n
        y = r.centery
        pygame.draw.line(surf, theme.PARCHMENT_DARK, (r.x + step / 2, y), (r.right - step / 2, y), L.line)
        for i, town in enumerate(towns):
            cx = int(r.x + step * (i + 0.5))
            w, h = int(step * 0.86), int(r.h * 0.92)
            box = pygame.Rect(0, 0, w, h)
            box.center = (cx, y)
            current = i == view["town_index"] and view["phase"] != "over"
            done = i < view["town_index"] or view["phase"] == "over"
            if current:
                surf.blit(sprites.glow(w + self.s.twice.towns.glow, h + self.s.twice.towns.glow, L.glow_radius),
                          (box.x - L.glow, box.y - L.glow))
            sprites.blit_panel(surf, box, theme.PARCHMENT if not done else theme.PARCHMENT_DARK)
            name = self.tr("town." + town.id)
            blit_text(surf, name, (box.x + L.pad_x, box.y + L.pad_y), F.name,
                      theme.INK if not done else theme.INK_SOFT, bold=current, max_width=w - self.s.twice.towns.pad_x)
            blit_text(surf, self.tr("el_paso.rate", rate=town.rate), (box.x + L.pad_x, box.bottom - L.pad_y),
                      F.rate, theme.INK_SOFT, anchor="bottomleft",
                      max_width=w - (L.rate_room if current else self.s.twice.towns.pad_x))
            if current:
                m = sprites.meeple(int(h * 0.62), self.conf.colours["deputy"], "D")
                surf.blit(m, m.get_rect(bottomright=(box.right - L.deputy_dx, box.bottom - L.deputy_dy)))
            self.targets.append((box, None, f"town.{town.id}"))
            self.tip(box, self.town_tip, i, current, done)

    def town_tip(self, i, current, done):
        town = self.data.towns[i]
        sites = ", ".join(self.site_name(sid) for sid in sorted(town.sites))
        when = "el_paso.tip.town_now" if current else "el_paso.tip.town_done" if done else "el_paso.tip.town_next"
        text = self.tr("el_paso.tip.town", town=self.tr("town." + town.id), i=i + 1, n=len(self.data.towns),
                       rate=town.rate)
        return None, " ".join([text, self.tr("el_paso.tip.town_sites", sites=sites), self.tr(when)])

    def status_key(self, view, p) -> str:
        if view["phase"] == "decide" and p["in_town"] and not p["decided"]:
            return "el_paso.waiting"
        return "el_paso.played" if p["has_played"] else "el_paso.in_town" if p["in_town"] else "el_paso.left"

    def player_tip(self, i):
        view = self.view
        p = view["players"][i]
        text = self.tr("el_paso.tip.player", seat=self.seat_name(i), nuggets=p["nuggets"], cards=p["hand_count"],
                       tiles=len(p["loot"]), status=self.tr(self.status_key(view, p)))
        if p["loot"]:
            text += " " + ", ".join(f"{self.site_name(t['site'])} {t['value']}" for t in p["loot"]) + "."
        if i == view["guard"]:
            text += " " + self.tr("el_paso.tip.guard", seat=self.seat_name(i))
        return None, text

    def draw_players(self, surf, view):
        r = self.r["players"]
        L, F = self.s.players, self.s.font.players
        n = view["n"]
        gap = L.gap
        row_h = min(L.row_max, (r.h - gap * (n - 1)) // n)
        for i, p in enumerate(view["players"]):
            box = pygame.Rect(r.x, r.y + i * (row_h + gap), r.w, row_h)
            acting = i in view["to_act"]
            if acting:
                surf.blit(sprites.glow(box.w + self.s.twice.players.glow, box.h + self.s.twice.players.glow, L.glow_radius),
                          (box.x - L.glow, box.y - L.glow))
            self.panel(surf, box)
            self.targets.append((box, None, f"player.{i}"))
            self.tip(box, self.player_tip, i)
            pad = L.pad
            mk = self.seat_marker(i, L.marker)
            surf.blit(mk, (box.x + pad, box.y + pad))
            name = self.seat_name(i) + (f" ({self.tr('play.you')})" if i == view["seat"] else "")
            blit_text(surf, name, (box.x + pad + L.name_dx, box.y + pad - L.name_up), F.name, theme.INK,
                      bold=True, max_width=box.w - L.name_room)
            if i == view["guard"]:
                d = el_paso_art.die(L.guard_die, "star")
                surf.blit(d, d.get_rect(topright=(box.right - pad, box.y + pad)))
            # every number says what it counts: "3 nuggets", "6 cards"; short rows (five seats)
            # draw their three lines closer together so the status keeps its words
            step = max(0, min(L.line_dy, (row_h - pad - F.status * 6 // 5 - L.bottom) // 2))
            line_y = box.y + pad + step
            ty = line_y + L.text_dy
            surf.blit(sprites.nugget(L.coin), (box.x + pad, line_y))
            t = blit_text(surf, self.tr("el_paso.n_nuggets", n=p["nuggets"]), (box.x + pad + L.count_dx, ty),
                          F.nuggets, theme.INK, anchor="midleft")
            ci = sprites.icon("card", L.icon, theme.INK_SOFT)
            surf.blit(ci, (t.right + L.icon_dx, line_y + L.icon_dy))
            blit_text(surf, self.tr("el_paso.n_cards", n=p["hand_count"]), (t.right + L.hand_dx, ty),
                      F.hand, theme.INK_SOFT, anchor="midleft", max_width=box.right - pad - t.right - L.hand_dx)
            # the third line: what the seat is doing (words, not only the glow), then its loot
            sy = line_y + min(L.status_dy, step)
            if sy + F.status > box.bottom - L.bottom:
                continue
            st = blit_text(surf, self.tr(self.status_key(view, p)), (box.x + pad, sy), F.status,
                           theme.OK if p["in_town"] else theme.INK_SOFT, max_width=box.w - 2 * pad)
            ts = L.tile
            x = st.right + L.tiles_dx
            ly = st.centery - ts // 2
            if ly + ts > box.bottom - L.bottom:
                continue
            for tile in p["loot"]:
                if x + ts > box.right - pad:
                    break
                tb = pygame.Rect(x, ly, ts, ts)
                surf.blit(self.tile_img(tile["site"], tile["value"], ts), tb)
                self.tip(tb, self.tile_tip, tile["site"], tile["value"], "el_paso.tip.tile")
                x += ts + L.tile_gap

    def draw_sites(self, surf, view):
        revealed = {}
        for seat, card in view["revealed"]:
            revealed.setdefault(card["site"], []).append((seat, card["value"]))
        boxes = self.conf.cells("sites", self.r["sites"], self.px, len(self.data.sites))
        for box, site in zip(boxes, self.data.sites, strict=True):
            self.draw_site(surf, box, site, view, revealed.get(site.id, []))

    def draw_site(self, surf, box, site, view, plays):
        L, F = self.s.site, self.s.font.site
        present = site.id in view["town_sites"]
        self.targets.append((box, None, f"site.{site.id}"))
        self.tip(box, self.site_tip, site.id, present)
        sprites.blit_rim_shadow(surf, box, L.shadow_radius, L.shadow_dx, L.shadow_dy,
                                sprites.panel_radius(box.w, box.h) + 1)
        sprites.blit_panel(surf, box, theme.PARCHMENT if present else theme.PARCHMENT_DARK)
        look = self.conf.sites[site.id]
        band = pygame.Rect(box.x, box.y, box.w, L.band)
        band_img = sprites.tile_band(band.w, band.h, look.colour, look.pattern) if hasattr(
            sprites, "tile_band") else None
        if band_img is not None:
            surf.blit(band_img, band)
        else:
            pygame.draw.rect(surf, look.colour, band, border_top_left_radius=L.band_radius,
                             border_top_right_radius=L.band_radius)
            sprites.apply_pattern(surf.subsurface(band), look.pattern)
        ink = theme.ink_on(look.colour)
        badge = sprites.token(L.badge, theme.PARCHMENT, self.letter(site.id), "circle")
        surf.blit(badge, (band.x + L.badge_dx, band.y + L.badge_dy))
        name = self.site_name(site.id)
        if theme.font(F.name, True).size(name)[0] > band.w - L.name_room:
            name = self.short_name(site.id)  # the short name whole rather than the long one shrunk
        blit_text(surf, name, (band.x + L.name_dx, band.centery), F.name, ink,
                  bold=True, anchor="midleft", max_width=band.w - L.name_room)
        inner_x = box.x + L.pad
        y = band.bottom + L.band_gap
        if not present:
            draw_wrapped(surf, self.tr("el_paso.closed"), (inner_x, y, box.w - self.s.twice.site.pad, box.h),
                         F.closed, theme.INK_SOFT)
            return
        stack = view["stacks"][site.id]
        per_row = 4
        step = L.tile_gap
        ts = min(L.tile_max, (box.w - self.s.twice.site.pad) // per_row - step)
        for j, v in enumerate(reversed(stack)):  # top tile first (it is taken next)
            img = self.tile_img(site.id, v, ts)
            tx = inner_x + (j % per_row) * (ts + step)
            ty = y + (j // per_row) * (ts + step)
            if j == 0:
                pygame.draw.rect(surf, theme.INK, pygame.Rect(tx, ty, ts, ts).inflate(4, 4), 2,
                                 border_radius=L.top_radius)
            surf.blit(img, (tx, ty))
            self.tip((tx, ty, ts, ts), self.tile_tip, site.id, v, "el_paso.tip.stack_tile")
        if not stack:
            draw_wrapped(surf, self.tr("el_paso.no_loot_here"),
                         (inner_x, y + L.empty_dy, box.w - self.s.twice.site.pad, box.h), F.empty, theme.INK_SOFT)
        y += 2 * (ts + step) + L.stack_gap
        if site.needs:
            d = el_paso_art.die(L.die, site.needs)
            surf.blit(d, (inner_x, y))
            self.tip((inner_x, y, box.w - self.s.twice.site.pad, L.needs_h), self.text_tip,
                     self.tr("el_paso.tip.needs", face=self.tr("faces." + site.needs)))
            draw_wrapped(surf, self.tr(f"el_paso.needs.{site.needs}"),
                         (inner_x + L.needs_dx, y, box.w - L.needs_room, L.needs_h), F.needs,
                         theme.INK, line_gap=1.1)
        # last revealed cards on this site: seat marker + value
        x = inner_x
        yb = box.bottom - L.plays_dy
        for seat, value in plays:
            if x + L.play_room > box.right:
                break
            surf.blit(self.seat_marker(seat, L.marker), (x, yb))
            # the value on a little card of the site's colour: it reads as the card played
            card = pygame.Rect(x + L.value_dx, yb - 1, L.marker * 3 // 4 + 4, L.marker + 2)
            pygame.draw.rect(surf, theme.PARCHMENT, card, border_radius=3)
            pygame.draw.rect(surf, look.colour, card, 2, border_radius=3)
            blit_text(surf, str(value), card.center, F.value, theme.INK, bold=True, anchor="center")
            self.tip(pygame.Rect(x, yb, card.right - x, L.marker), self.text_tip,
                     self.tr("el_paso.tip.play_mark", seat=self.seat_name(seat), site=self.site_name(site.id),
                             value=value))
            x += L.play_step

    def site_tip(self, site_id, present):
        if not present:
            return None, self.tr("el_paso.tip.site_closed", site=self.site_name(site_id))
        return None, self.tr("el_paso.tip.site", site=self.site_name(site_id), n=len(self.view["stacks"][site_id]))

    def sheriff_tip(self):
        v, dice = self.view, self.data.dice_count
        return None, " ".join([
            self.tr("el_paso.tip.sheriff", stars=v["sheriff"], dice=dice, left=dice - v["sheriff"]),
            self.tr("el_paso.tip.round", round=v["round"], wave=v["wave"]),
            self.tr("el_paso.tip.guard", seat=self.seat_name(v["guard"]))])

    def draw_sheriff(self, surf, view):
        r = self.r["sheriff"]
        L, F = self.s.sheriff, self.conf.fonts["sheriff"]
        self.panel(surf, r, self.tr("el_paso.sheriff"), F["title"])
        F = self.s.font.sheriff
        self.targets.append((r, None, "sheriff"))
        self.tip(r, self.sheriff_tip)
        n = self.data.dice_count
        size = min(L.die_max, (r.w - self.s.twice.sheriff.pad) // n - L.die_gap)
        x0 = r.x + L.pad
        y = r.y + L.dice_dy
        for i in range(n):
            slot = pygame.Rect(x0 + i * (size + L.die_gap), y, size, size)
            if i < view["sheriff"]:
                surf.blit(el_paso_art.die(size, "star"), slot)
            else:
                pygame.draw.rect(surf, theme.PARCHMENT_DARK, slot, width=2, border_radius=L.slot_radius)
        y += size + L.roll_gap
        blit_text(surf, self.tr("el_paso.last_roll"), (x0, y), F.label, theme.INK_SOFT)
        y += L.label_h
        ds = int(size * 0.75)
        for i, f in enumerate(view["last_roll"]):
            surf.blit(el_paso_art.die(ds, f), (x0 + i * (ds + L.die_gap), y))
        y += ds + L.info_gap
        info = "  ·  ".join([self.tr("el_paso.round", round=view["round"]),
                              self.tr("el_paso.wave", wave=view["wave"])])
        blit_text(surf, info, (x0, y), F.info, theme.INK, max_width=r.w - self.s.twice.sheriff.pad)
        blit_text(surf, self.tr("el_paso.guard") + ": " + self.seat_name(view["guard"]),
                  (x0, y + L.line_h), F.info, theme.INK, max_width=r.w - self.s.twice.sheriff.pad)

    def draw_piles(self, surf, view, legal_set, mouse, hint):
        r = self.r["piles"]
        L, F = self.s.piles, self.s.font.piles
        self.panel(surf, r, self.tr("el_paso.draw_piles"), self.conf.fonts["piles"]["title"])
        title_w = theme.font(self.px(self.conf.fonts["piles"]["title"]), True).size(self.tr("el_paso.draw_piles"))[0]
        bag = blit_text(surf, self.tr("el_paso.loot_bag", n=view["bag"]), (r.right - L.bag_dx, r.y + L.bag_dy),
                        F.bag, theme.INK_SOFT, anchor="topright",
                        max_width=r.w - title_w - self.px(self.PANEL_TITLE_X) - L.bag_dx - self.px(4))
        self.tip(bag, self.text_tip, self.tr("el_paso.tip.bag", n=view["bag"]))
        seat = view["seat"]
        inner = pygame.Rect(r.x + L.pad, r.y + L.top, r.w - self.s.twice.piles.pad, r.h - L.top - L.pad)
        boxes = self.conf.cells("piles", inner, self.px, len(self.data.sites))
        for box, site in zip(boxes, self.data.sites, strict=True):
            ch = box.h
            act = Action(seat, "draw", (site.id,)) if seat is not None else None
            self.target(surf, box, act, f"pile.{site.id}")
            count = view["draw"][site.id]
            self.tip(box, self.pile_tip, site.id)
            disc = view["discard"][site.id]
            bw = int(ch * 0.72)
            surf.blit(sprites.card_back(bw, ch, self.conf.sites[site.id].colour), box.topleft)
            blit_text(surf, self.letter(site.id), (box.x + bw // 2, box.y + ch // 2), F.letter,
                      theme.PARCHMENT, bold=True, anchor="center")
            tx = box.x + bw + L.count_dx
            tw = box.right - tx
            label = self.tr("el_paso.n_cards", n=count) if count or disc else self.tr("el_paso.empty_pile")
            blit_text(surf, label, (tx, box.y), F.count, theme.INK, max_width=tw)
            if disc:
                blit_text(surf, self.tr("el_paso.discard_top", v=disc[-1]), (tx, box.bottom),
                          F.discard, theme.INK_SOFT, anchor="bottomleft", max_width=tw)

    def pile_tip(self, site_id):
        s = self.conf.sites[site_id]
        L = self.s.tip
        pic = sprites.card_back(L.card, int(L.card / 0.7), s.colour)
        text = self.tr("el_paso.tip.pile", site=self.site_name(site_id), n=self.view["draw"][site_id])
        disc = self.view["discard"][site_id]
        if disc:
            text += " " + self.tr("el_paso.tip.pile_discard", v=disc[-1], n=len(disc))
        return pic, text

    def card_tip(self, site_id, value, key):
        L = self.s.tip
        return (self.card_img(site_id, value, L.card, int(L.card / 0.7)),
                self.tr(key, site=self.site_name(site_id), value=value))

    def draw_hand(self, surf, view, legal_set, mouse, hint):
        r = self.r["hand"]
        L, F = self.s.hand, self.s.font.hand
        self.panel(surf, r, self.tr("el_paso.your_hand"), self.conf.fonts["hand"]["title"])
        self.targets.append((r, None, "hand"))
        seat = view["seat"]
        if seat is None:
            blit_text(surf, self.tr("el_paso.watching"), r.center, F.watching, theme.INK_SOFT, anchor="center")
            return
        hand = view["hand"]
        played = view.get("my_played")
        slots = max(6, len(hand) + (1 if played else 0))
        gap = L.gap
        avail_w = r.w - self.s.twice.hand.pad
        ch = r.h - L.room_h
        cw = min(int(ch * 0.7), (avail_w - gap * (slots - 1)) // slots)
        ch = int(cw / 0.7)
        x = r.x + L.pad
        y = r.y + L.top
        for card in hand:
            act = Action(seat, "play", (card["site"], str(card["value"])))
            box = pygame.Rect(x, y, cw, ch)
            lift = L.lift if act in legal_set and box.collidepoint(mouse) else 0
            box.y -= lift
            self.target(surf, box, act, f"hand.{card['site']}.{card['value']}")
            surf.blit(self.card_img(card["site"], card["value"], cw, ch), box)
            self.tip(box, self.card_tip, card["site"], card["value"], "el_paso.tip.card")
            x += cw + gap
        if played:
            x += gap
            box = pygame.Rect(x, y, cw, ch)
            img = self.card_img(played["site"], played["value"], cw, ch, dim=True)
            surf.blit(img, box)
            self.tip(box, self.card_tip, played["site"], played["value"], "el_paso.tip.card_down")
            blit_text(surf, self.tr("el_paso.face_down"), (box.centerx, box.y - L.label_dy), F.face_down,
                      theme.INK, bold=True, anchor="midbottom", max_width=cw + 2 * gap)

    def draw_loot(self, surf, view, legal_set, mouse, hint):
        r = self.r["loot"]
        L, F = self.s.loot, self.s.font.loot
        self.panel(surf, r, self.tr("el_paso.your_loot"), self.conf.fonts["loot"]["title"])
        self.targets.append((r, None, "loot"))
        seat = view["seat"]
        if seat is None:
            return
        me = view["players"][seat]
        pad = L.pad
        count = blit_text(surf, self.tr("el_paso.n_nuggets", n=me["nuggets"]), (r.right - pad, r.y + L.count_dy),
                          F.nuggets, theme.INK, bold=True, anchor="midright")
        coin = sprites.nugget(L.coin)
        cr = sprites.put(surf, coin, coin.get_rect(midright=(count.x - L.coin_dx, count.centery)))
        self.tip(cr.union(count), self.text_tip, self.tr("el_paso.tip.nuggets", n=me["nuggets"]))
        ts = L.tile
        x, y = r.x + pad, r.y + L.top
        kept_left = [(t["site"], t["value"]) for t in me["kept"]]
        self.pick.sync(self.position_key())
        self.final_tiles, self.pending_rect = [], None
        pending = self.pending
        if pending is not None and Action(seat, "keep", pending) not in legal_set:
            pending = self.pending = None
        # a keep that reaches the limit (or takes the last tile) would end the choice
        last = len(me["kept"]) + 1 >= me["carry_limit"] or len(me["kept"]) + 1 == len(me["loot"])
        for tile in me["loot"]:
            key = (tile["site"], tile["value"])
            args = (tile["site"], str(tile["value"]))
            is_kept = key in kept_left
            if is_kept:
                kept_left.remove(key)
            elif pending == args:
                is_kept, pending = True, None  # shown as carried; the button sends it
                self.pending_rect = pygame.Rect(x, y - L.kept_lift, ts, ts)
            box = pygame.Rect(x, y - (L.kept_lift if is_kept else 0), ts, ts)
            act = Action(seat, "keep", args)
            eid = f"loot.{tile['site']}.{tile['value']}"
            if not is_kept and last and act in legal_set:
                self.final_tiles.append((box, args))  # a click picks it (view.click), no more
                self.targets.append((box, None, eid))
                self.halo(surf, box, self.hint or box.collidepoint(mouse))
                acts = [act]
            else:
                acts = self.target(surf, box, None if is_kept else act, eid)
            surf.blit(self.tile_img(tile["site"], tile["value"], ts), box)
            tip = ("el_paso.tip.loot_kept" if is_kept else "el_paso.tip.loot_carry" if acts
                   else "el_paso.tip.loot")
            self.tip(box, self.tile_tip, tile["site"], tile["value"], tip)
            if is_kept:
                pygame.draw.rect(surf, theme.OK, box.inflate(L.kept_grow, L.kept_grow), width=L.kept_line,
                                 border_radius=L.kept_radius)
            x += ts + L.tile_gap
            if x + ts > r.right - pad:
                x = r.x + pad
                y += ts + L.row_gap
        # The two committing buttons sit at opposite ends of the panel: leaving is followed by
        # the carry choice, and the exchange by the next town's Leave, so neither button ever
        # appears under the pointer of the click before it (no double click commits twice).
        by = r.bottom - L.button_dy
        bw, bh = min(L.button_w, r.w // 2 - pad), L.button_h
        leave = Action(seat, "leave")
        exchange = Action(seat, "exchange")
        commit = Action(seat, "keep", self.pending) if self.pending is not None else exchange
        if leave in legal_set:
            box = pygame.Rect(r.x + pad, by, bw, bh)
            self.target(surf, box, leave, "button.leave")
            surf.blit(sprites.button(bw, bh, self.tr("el_paso.leave"),
                                     "hover" if box.collidepoint(mouse) else "normal", "exit"), box)
            self.tip(box, self.text_tip, self.tr("el_paso.tip.leave", n=view["wave"] + 1), above=True)
            draw_wrapped(surf, self.tr("el_paso.carry_hint", n=view["wave"] + 1),
                         (box.right + pad, box.y, r.right - box.right - 2 * pad, bh), F.hint,
                         theme.INK, line_gap=1.15)
        elif commit in legal_set:
            box = pygame.Rect(r.right - pad - bw, by, bw, bh)
            self.target(surf, box, commit, "button.exchange")
            picked = len(me["kept"]) + (self.pending is not None)
            rest = len(me["loot"]) - picked
            surf.blit(sprites.button(bw, bh, self.tr("el_paso.exchange" if rest else "el_paso.ride_on"),
                                     "hover" if box.collidepoint(mouse) else "normal", "nugget"), box)
            self.tip(box, self.text_tip, self.tr("el_paso.tip.exchange"), above=True)
            # what the click will do, in words and numbers, before it is made
            lines = [self.tr("el_paso.carrying", kept=picked, limit=me["carry_limit"]),
                     self.tr("el_paso.exchange_gives", tiles=rest, n=self.exchange_preview(view, me))
                     if rest else self.tr("el_paso.exchange_none")]
            for k, ln in enumerate(lines):
                blit_text(surf, ln, (r.x + pad, box.y + k * L.line_h), F.hint, theme.INK,
                          max_width=box.x - r.x - 2 * pad)

    def exchange_preview(self, view, me) -> int:
        """Nuggets the viewer would get by exchanging everything not chosen to carry."""
        kept = [(t["site"], t["value"]) for t in me["kept"]]
        if self.pending is not None:
            kept.append((self.pending[0], int(self.pending[1])))
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
    def click(self, pos, legal) -> bool:
        """A tile whose keep would end the carry choice is picked (or unpicked) only; the
        exchange button then sends it."""
        for rect, args in self.final_tiles:
            if rect.collidepoint(pos) and legal and Action(legal[0].seat, "keep", args) in legal:
                self.pending = None if self.pending == args else args
                return True
        if self.pending_rect is not None and self.pending_rect.collidepoint(pos):
            self.pending = None  # the picked tile clicked again: put back
            return True
        return False

    def cancel(self) -> bool:
        if self.pending is None:
            return False
        self.pending = None
        return True

    def key_action(self, ev, legal):
        """Keyboard play: 1-6 pick the n-th card / pile / tile, X leaves, Enter exchanges (or
        sends the tile picked to carry)."""
        if ev.type != pygame.KEYDOWN or not legal:
            return None
        seat = legal[0].seat
        if ev.key == pygame.K_x and Action(seat, "leave") in legal:
            return Action(seat, "leave")
        if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.pending is not None and Action(seat, "keep", self.pending) in legal:
                return Action(seat, "keep", self.pending)
            if Action(seat, "exchange") in legal:
                return Action(seat, "exchange")
        act = self.pick_nth(ev, [a for a in legal if a.verb in self.PICK_VERBS])
        if act is not None and act.verb == "keep" and any(args == act.args for _, args in self.final_tiles):
            self.pending = act.args  # picked, not sent: Enter or the button commits
            return None
        return act


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
        shade.fill(self.conf.colours["overlay"])
        surf.blit(shade, rect)

    def draw_beat(self, surf, beat, progress):
        r = self.r["sites"].union(self.r["sheriff"])
        L, F = self.s.beat, self.s.font.beat
        if beat.kind == "reveal":
            self.overlay_box(surf, r)
            blit_text(surf, self.tr("el_paso.revealed"), (r.centerx, r.y + L.title_dy), F.title,
                      theme.PARCHMENT, bold=True, anchor="center")
            plays = beat.data["plays"]
            cw = min(L.card_max, (r.w - L.room) // max(1, len(plays)) - L.card_gap)
            ch = int(cw / 0.7)
            total = len(plays) * (cw + L.card_gap)
            x = r.centerx - total // 2
            for k, (seat, site, value) in enumerate(plays):
                appear = min(1.0, max(0.0, progress * 3 - k * 0.3))
                y = r.centery - ch // 2 + int((1 - appear) * L.rise)
                img = self.card_img(site, value, cw, ch) if appear > 0.5 else sprites.card_back(cw, ch)
                surf.blit(img, (x, y))
                mk = self.seat_marker(seat, L.marker)
                surf.blit(mk, mk.get_rect(midtop=(x + cw // 2, y + ch + L.marker_dy)))
                blit_text(surf, self.seat_name(seat), (x + cw // 2, y + ch + L.name_dy), F.name,
                          theme.PARCHMENT, anchor="midtop", max_width=cw + L.name_room)
                x += cw + L.card_gap
        elif beat.kind == "dice":
            self.overlay_box(surf, r)
            faces = beat.data["faces"]
            size = L.die
            total = len(faces) * (size + L.die_gap)
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
                    dy = int(abs(math.sin(progress * 12 + k)) * -L.bounce)
                surf.blit(img, img.get_rect(center=(x + size // 2, r.centery + dy)))
                x += size + L.die_gap
            if settled:
                blit_text(surf, self.tr("event.dice_rolled", faces=faces, sheriff=beat.data["sheriff"]),
                          (r.centerx, r.centery + size), F.dice, theme.HIGHLIGHT, bold=True,
                          anchor="center", max_width=r.w - self.s.twice.beat.pad)
        elif beat.kind == "bust":
            self.overlay_box(surf, r)
            blit_text(surf, self.tr("el_paso.bust"), r.center, F.bust, theme.DANGER, bold=True,
                      anchor="center", max_width=r.w - self.s.twice.beat.pad)
        elif beat.kind == "town":
            self.overlay_box(surf, r)
            blit_text(surf, self.tr("el_paso.on_to", town=self.tr("town." + beat.data["town"])), r.center,
                      F.town, theme.PARCHMENT, bold=True, anchor="center")
