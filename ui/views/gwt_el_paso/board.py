"""El Paso's own places on the playmat: the trading posts (their signs and the discs on
them) and the Simmental space (its stack), drawn by the family's painter
(ui/views/gwt/board.py) through its hooks.

Its keys of `dyn` (besides the family's):
    discs      {post value: [seat, ...]} (several of one seat allowed)
    simmental  Simmental cards left on the space
    posts      post values that glow (the delivery's reachable posts)
and a herder may stand on "simmental" (the empty Simmental space)."""
from __future__ import annotations

import functools
from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping

import pygame

from games.core.data import data_path, load_yaml
from ui import paint, sprites, theme
from ui.views.gwt.board import BoardGeometry, BoardPainter, _dashed_rect


@dataclass(frozen=True)
class Places:
    """Where El Paso's own places lie on the playmat (board.yaml), in playmat units."""
    posts: Mapping[int, tuple[float, float]]  # post value -> centre
    simmental: tuple[float, float]            # the Simmental space's centre
    simmental_vp: int


@functools.lru_cache(maxsize=2)  # one per edition
def places(game: str) -> Places:
    """board.yaml's trading_posts and simmental_space, validated."""
    node = load_yaml(data_path(game, "board.yaml")).mapping()
    top = max(node.get("size").pair(1, 1000))
    posts = {p.get("value").int(0, 99): p.get("pos").pair(0, top) for p in node.get("trading_posts").seq(1)}
    sim = node.get("simmental_space").mapping()
    return Places(MappingProxyType(posts), sim.get("pos").pair(0, top), sim.get("vp", 0).int(0, 20))


class ElPasoBoardPainter(BoardPainter):
    PIECE_KEYS = ("discs", "simmental")

    def __init__(self, ed):
        super().__init__(ed)
        self.places = places(ed.game)

    def _own_glows(self, dyn) -> list:
        return [f"post.{v}" for v in (dyn.get("posts") or ())]

    def boxes(self, g: BoardGeometry) -> dict:
        b = g.conf["board"]
        out = {f"post.{value}": g._box(pos, *b["post"]) for value, pos in self.places.posts.items()}
        out["simmental"] = g._box(self.places.simmental, *b["simmental"])
        return out

    def _paint_static_extras(self, out, g: BoardGeometry, lang: str) -> None:
        for value in self.places.posts:
            r = g.local[f"post.{value}"]
            self._shadow(out, r)
            out.blit(post_sign(self.ed, value, r.w, r.h, lang), r)
        r = g.local["simmental"]
        out.blit(simmental_space(self.ed, r.w, r.h, self.places.simmental_vp, lang), r)

    def _paint_pieces_extras(self, out, g: BoardGeometry, dyn: dict, seats) -> None:
        self._discs(out, g, dyn.get("discs") or {}, seats)
        self._simmental(out, g, dyn.get("simmental"), dyn.get("lang", "en"))

    def _discs(self, out, g: BoardGeometry, discs: dict, seats):
        """Discs on posts, one per seat with a count when a seat has several there."""
        d = max(8, int(g.conf["board"]["post_disc"] * g.u))
        for value, owners in discs.items():
            r = g.local.get(f"post.{value}")
            if r is None or not owners:
                continue
            counts: dict[int, int] = {}
            for s in owners:
                counts[s] = counts.get(s, 0) + 1
            area = _post_disc_area(r)
            # one row, overlapping a little when crowded, so the discs stay big enough to
            # show their letters; later seats lie on top
            n_seats = len(counts)
            dd = int(min(d, area.h * 0.9, area.w / (1 + 0.66 * (n_seats - 1))))
            step = 0 if n_seats == 1 else min(dd * 1.05, (area.w - dd) / (n_seats - 1))
            x0 = area.centerx - step * (n_seats - 1) / 2
            cy = area.centery
            badges = []
            for i, (seat, n) in enumerate(sorted(counts.items())):
                cx = x0 + step * i
                rgb, letter, _shape = seats[seat % len(seats)]
                disc = self.art.player_disc(dd, tuple(rgb), letter)
                out.blit(disc, disc.get_rect(center=(round(cx), round(cy))))
                if n > 1:
                    badges.append((cx, n))
            for cx, n in badges:  # a dark badge with the count under the disc
                bd = max(9, int(dd * 0.52))
                p = self.art.Pic(bd, bd)
                p.circle(theme.INK, (bd / 2, bd / 2), bd / 2)
                p.text(str(n), bd / 2, bd / 2, bd * 0.72, (255, 255, 255))
                badge = p.done()
                out.blit(badge, badge.get_rect(center=(round(cx), round(cy + dd * 0.5))))

    def _simmental(self, out, g: BoardGeometry, left, lang):
        if not left:
            return
        r = g.local["simmental"]
        cw, ch = int(r.h * 0.62), int(r.h * 0.86)
        card = self.art.cattle_card(g.data.simmental.id, cw, ch, lang)
        x, y = r.x + int(r.w * 0.08), r.centery - ch // 2
        for k in range(min(3, left) - 1, -1, -1):  # a little stack
            out.blit(card, (x + k * max(1, r.w // 40), y - k * max(1, r.h // 40)))
        tag = self.art.label(f"\u00d7{left}", max(9, int(r.h * 0.24)), theme.INK, (250, 244, 226))
        out.blit(tag, tag.get_rect(midleft=(x + cw + max(2, r.w // 20), r.y + r.h * 0.36)))


# ------------------------------------------------------------------ cached pieces
_sign_cache: dict = {}  # keyed by edition id and size


def _post_disc_area(r: pygame.Rect) -> pygame.Rect:
    """The part of a post where the discs lie."""
    return pygame.Rect(r.x + r.w * 0.06, r.y + r.h * 0.47, r.w * 0.88, r.h * 0.3)


def post_sign(ed, value: int, w: int, h: int, lang: str = "en") -> pygame.Surface:
    """A trading post: the minimum value on a plate, the reward below, the disc area, and
    along the foot the VP per disc (posts of 10+) and the repeat mark (posts that take
    several discs of one player); black corners on the posts that take black discs."""
    key = (ed.game, value, w, h, lang)
    img = _sign_cache.get(key)
    if img is not None:
        return img
    if len(_sign_cache) > 64:
        _sign_cache.clear()
    c = ed.layout["trading_posts"]
    post = ed.data.post(value)
    img = sprites.panel(w, h, fill=c["wood"], border=paint.shade(c["wood"], -0.5),
                        radius=max(3, w // 10)).copy()
    if post.black:
        k = int(min(w, h) * 0.26)
        for cx, cy, sx, sy in ((0, 0, 1, 1), (w, 0, -1, 1), (0, h, 1, -1), (w, h, -1, -1)):
            pygame.draw.polygon(img, c["black_corner"], [(cx, cy), (cx + sx * k, cy), (cx, cy + sy * k)])
    m = max(2, int(w * 0.1))
    plate = pygame.Rect(m, m, w - 2 * m, int(h * 0.2))
    pygame.draw.rect(img, paint.shade(c["plate"], -0.5), plate, border_radius=max(2, plate.h // 4))
    pygame.draw.rect(img, c["plate"], plate.inflate(-2, -2), border_radius=max(2, plate.h // 4))
    num = ed.art.label(str(value), int(plate.h * 0.8), theme.INK, None, True, plate.w - 4)
    img.blit(num, num.get_rect(center=plate.center))
    rew = pygame.Rect(m, plate.bottom + max(1, h // 60), w - 2 * m, int(h * 0.22))
    pygame.draw.rect(img, c["reward"], rew, border_radius=max(2, rew.h // 5))
    keys = ed.art.acts_key(post.reward)
    if keys:
        strip = ed.art.actions_strip(keys, rew.h - 2, rew.w - 2, lang)
        img.blit(strip, (rew.x + 1, rew.y + 1))
    else:
        dash = ed.art.label("\u2014", int(rew.h * 0.5), theme.INK_SOFT)
        img.blit(dash, dash.get_rect(center=rew.center))
    area = _post_disc_area(pygame.Rect(0, 0, w, h))
    pygame.draw.rect(img, (*paint.shade(c["wood"], -0.35),), area, border_radius=max(2, area.w // 8))
    foot_y = area.bottom + (h - area.bottom) / 2
    fd = int(min(h - area.bottom - 2, w * 0.42))
    if post.repeat:  # a stack of discs on a plate: several of one player's discs may lie here
        p = ed.art.Pic(fd, fd)
        p.rect(paint.shade(c["plate"], -0.55), 0, 0, fd, fd, r=fd * 0.2)
        p.rect(c["plate"], fd * 0.07, fd * 0.07, fd * 0.86, fd * 0.86, r=fd * 0.16)
        grey, edge = (168, 160, 150), (60, 50, 44)
        for k in range(3):  # side views of three discs, bottom one first
            y = fd * (0.66 - 0.2 * k)
            p.rect(edge, fd * 0.2, y - fd * 0.02, fd * 0.6, fd * 0.16, r=fd * 0.05)
            p.ellipse(edge, fd * 0.18, y - fd * 0.12, fd * 0.64, fd * 0.22)
            p.ellipse(paint.shade(grey, 0.25), fd * 0.22, y - fd * 0.1, fd * 0.56, fd * 0.17)
        mark = p.done()
        img.blit(mark, mark.get_rect(center=(int(w * 0.28), int(foot_y))))
    if post.vp:
        star = ed.art.vp_star(fd, post.vp)
        img.blit(star, star.get_rect(center=(int(w * 0.72), int(foot_y))))
    _sign_cache[key] = img
    return img


def simmental_space(ed, w: int, h: int, vp: int, lang: str = "en") -> pygame.Surface:
    """The Simmental space: an outlined place for the stack, in the breed's colour, with the
    +VP the herder earns who ends the game here."""
    key = (ed.game, "sim", w, h, vp, lang)
    img = _sign_cache.get(key)
    if img is not None:
        return img
    col = ed.layout["playmat"]["simmental"]
    img = pygame.Surface((w, h), pygame.SRCALPHA)
    img.fill((0, 0, 0, 0))
    r = max(2, min(w, h) // 9)
    pygame.draw.rect(img, (*paint.shade(col, 0.55), 220), img.get_rect(), border_radius=r)
    t = max(1, w // 30)
    _dashed_rect(img, img.get_rect().inflate(-t, -t), paint.shade(col, -0.4), t, max(3, w // 10), r)
    letter = ed.art.breed_letter(ed.data.simmental.id, lang)
    lab = ed.art.label(letter, int(h * 0.3), paint.shade(col, -0.25), None)
    img.blit(lab, lab.get_rect(center=(int(w * 0.3), h // 2)))
    if vp:
        star = ed.art.vp_star(int(min(w, h) * 0.4), vp)
        img.blit(star, star.get_rect(bottomright=(w - max(1, w // 30), h - max(1, h // 30))))
    _sign_cache[key] = img
    return img
