"""Drawing one ranch: the grid above the player board, the river with its bridges, the
squares with their cows and helpers, and (at the end) each scoring area outlined with its
squares × cows. Used at every size: the main ranch, the other seats' thumbnails and the
enlarged ranch. It draws; it never decides what is legal."""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from ui import sprites, theme
from ui.views.moon_river import art
from ui.widgets import blit_text


def key(c) -> str:
    return f"{c[0]},{c[1]}"


def parse(k: str) -> tuple[int, int]:
    x, y = k.split(",")
    return int(x), int(y)


@dataclass
class RanchGeom:
    """Where a ranch lies on screen: the grid's top-left, the cell size and its rows."""
    x: int
    y: int
    cell: int
    width: int
    depth: int
    board_cell: tuple[int, int]
    storage_rects: list[pygame.Rect] = field(default_factory=list)

    def rect(self, c) -> pygame.Rect:
        x, y = c
        return pygame.Rect(self.x + x * self.cell, self.y + (self.depth - 1 - y) * self.cell, self.cell, self.cell)

    @property
    def grid(self) -> pygame.Rect:
        return pygame.Rect(self.x, self.y, self.width * self.cell, self.depth * self.cell)

    def cell_at(self, pos) -> tuple[int, int] | None:
        if not self.grid.collidepoint(pos):
            return None
        return ((pos[0] - self.x) // self.cell, self.depth - 1 - (pos[1] - self.y) // self.cell)


class RanchPainter:
    def __init__(self, view):
        self.v = view

    # ------------------------------------------------------------- pieces
    def square_img(self, face: dict, size: int, dim: bool = False) -> pygame.Surface:
        t = self.v.conf["terrains"][face["terrain"]]
        sym = (face["gold"], face["beaver"], face["corn"], face["cows"], bool(face["skull"]), face["circles"])
        return art.square(int(size), t["colour"], t["motif"], self.v.letter(face["terrain"]), sym, dim)

    def helper_img(self, side: str, d: int) -> pygame.Surface:
        return art.helper(int(d), self.v.conf["helpers"][side], self.v.tr(f"mr.abbr.{side}"))

    def cows_on(self, surf, r: pygame.Rect, k: int) -> None:
        """k cow figures on a cell: up to two side by side, more as one cow and a count."""
        if k <= 0:
            return
        h = max(6, int(r.h * 0.34))
        img = art.cow(h)
        if k <= 2:
            for i in range(k):
                pos = img.get_rect(center=(r.x + r.w * (0.58 if k == 1 else 0.36 + 0.34 * i),
                                           r.y + r.h * (0.5 if k == 1 else 0.42 + 0.16 * i)))
                surf.blit(img, pos)
        else:
            pos = img.get_rect(center=(r.x + r.w * 0.5, r.y + r.h * 0.48))
            surf.blit(img, pos)
            blit_text(surf, f"×{k}", (pos.right, pos.bottom), max(12, int(r.h * 0.26)), theme.INK, bold=True,
                      anchor="bottomleft")

    # ------------------------------------------------------------- a whole ranch
    def draw(self, surf, g: RanchGeom, player: dict, *, board=True, fresh=(), areas=False,
             highlight: dict | None = None) -> None:
        """The grid, the board strip under it (river, bridges, the board cell) and every
        square. `highlight` maps cell keys to an outline colour."""
        c = g.cell
        bridges = tuple(sorted(tuple(b) for b in player["bridges"]))
        river_h = max(3, int(c * self.v.conf["screen"]["river"])) if board else 0
        bg = self.background(c, g.width, g.depth, g.board_cell, bridges, board, river_h,
                             frozenset(b for b in bridges if key(b) in player["ranch"]))
        surf.blit(bg, (g.x - 1, g.y - 1))
        for k, face in player["ranch"].items():
            cell = parse(k)
            r = g.rect(cell)
            surf.blit(self.square_img(face, c), r)
        for k, n in player["cows"].items():
            self.cows_on(surf, g.rect(parse(k)), n)
        for k, sides in player["helpers"].items():
            r = g.rect(parse(k))
            d = max(8, int(c * 0.36))
            for i, side in enumerate(sides):
                surf.blit(self.helper_img(side, d), (r.right - d - 1 - i * d // 2, r.bottom - d - 1))
        for cell in fresh:
            pygame.draw.rect(surf, theme.HIGHLIGHT, g.rect(cell), max(2, c // 18), border_radius=max(2, c // 10))
        for k, colour in (highlight or {}).items():
            pygame.draw.rect(surf, colour, g.rect(parse(k)).inflate(-2, -2), max(2, c // 16), border_radius=max(2, c // 10))
        if areas:
            self.area_labels(surf, g, player)

    def background(self, c, width, depth, board_cell, bridges, board, river_h, covered) -> pygame.Surface:
        """The empty ranch: grid, river, bridges and the board cell, drawn once per shape."""
        k = (c, width, depth, board_cell, bridges, board, river_h, covered, id(self.v.tr))
        cache = self.__dict__.setdefault("_bg", {})
        if k in cache:
            return cache[k]
        if len(cache) > 32:
            cache.clear()
        conf = self.v.conf["colours"]
        g = RanchGeom(1, 1, c, width, depth, board_cell)
        grid = g.grid
        surf = pygame.Surface((grid.w + 2, grid.h + river_h + 2), pygame.SRCALPHA)
        pygame.draw.rect(surf, conf["grid"], grid.inflate(2, 2))
        for x in range(width):
            for y in range(depth):
                if (x, y) != board_cell:
                    pygame.draw.rect(surf, conf["grid_line"], g.rect((x, y)), 1)
        if board:
            river = pygame.Rect(grid.x, grid.bottom, grid.w, river_h)
            pygame.draw.rect(surf, conf["river"], river)
            for j in range(3):  # ripples
                yy = river.y + river_h * (0.3 + 0.3 * j)
                for x0 in range(river.x + (j * c // 3) % max(1, c), river.right - c // 4, max(4, c // 2)):
                    pygame.draw.line(surf, conf["ripple"], (x0, yy), (x0 + c // 6, yy), 1)
            for b in bridges:
                if b[1] == 0:
                    r = g.rect(b)
                    self.bridge(surf, pygame.Rect(r.x + c // 5, river.y - 1, c - 2 * c // 5, river_h + 2))
        bc = g.rect(board_cell)
        pygame.draw.rect(surf, conf["board"], bc.inflate(0, 2).move(0, 1), border_top_left_radius=max(2, c // 8),
                         border_top_right_radius=max(2, c // 8))
        label, size = self.v.tr("mr.board_cell"), max(12, c // 6)
        if board and theme.font(size).size(label)[0] <= c - 4:  # a word that fits, or none (never shrunk)
            blit_text(surf, label, bc.center, size, theme.PARCHMENT, anchor="center")
        for b in bridges:
            if b[1] != 0:  # a bridge on the board cell leads to the cell above it
                r = g.rect(b)
                self.bridge(surf, pygame.Rect(r.x + c // 5, r.bottom - max(3, c // 8), c - 2 * c // 5, max(4, c // 5)))
        for b in bridges:  # free bridge cells take any terrain: a dashed outline says so
            if b not in covered:
                self.dashed(surf, g.rect(b).inflate(-max(2, c // 10), -max(2, c // 10)), theme.PANEL_BORDER)
        cache[k] = surf
        return surf

    def bridge(self, surf, r: pygame.Rect) -> None:
        wood, dark = self.v.conf["colours"]["bridge"], self.v.conf["colours"]["bridge_dark"]
        pygame.draw.rect(surf, wood, r, border_radius=max(1, r.h // 4))
        n = max(2, r.w // max(3, r.h // 2))
        for i in range(1, n):
            x = r.x + r.w * i // n
            pygame.draw.line(surf, dark, (x, r.y), (x, r.bottom - 1), 1)
        pygame.draw.rect(surf, dark, r, 1, border_radius=max(1, r.h // 4))

    @staticmethod
    def dashed(surf, r: pygame.Rect, colour, dash: int = 5) -> None:
        for x in range(r.x, r.right, dash * 2):
            pygame.draw.line(surf, colour, (x, r.y), (min(x + dash, r.right), r.y), 2)
            pygame.draw.line(surf, colour, (x, r.bottom - 1), (min(x + dash, r.right), r.bottom - 1), 2)
        for y in range(r.y, r.bottom, dash * 2):
            pygame.draw.line(surf, colour, (r.x, y), (r.x, min(y + dash, r.bottom)), 2)
            pygame.draw.line(surf, colour, (r.right - 1, y), (r.right - 1, min(y + dash, r.bottom)), 2)

    def area_outline(self, surf, g: RanchGeom, cells, colour, width: int) -> None:
        """The outer border of a group of cells."""
        cells = set(cells)
        for cx, cy in cells:
            r = g.rect((cx, cy))
            if (cx, cy + 1) not in cells:
                pygame.draw.line(surf, colour, r.topleft, (r.right - 1, r.top), width)
            if (cx, cy - 1) not in cells:
                pygame.draw.line(surf, colour, (r.left, r.bottom - 1), (r.right - 1, r.bottom - 1), width)
            if (cx - 1, cy) not in cells:
                pygame.draw.line(surf, colour, r.topleft, (r.left, r.bottom - 1), width)
            if (cx + 1, cy) not in cells:
                pygame.draw.line(surf, colour, (r.right - 1, r.top), (r.right - 1, r.bottom - 1), width)

    def area_labels(self, surf, g: RanchGeom, player: dict) -> None:
        """Every scoring area outlined, with "squares × cows = points" on a label."""
        c = g.cell
        for a in player.get("areas", []):
            if not a["cows"]:
                continue
            cells = [parse(k) for k in a["cells"]]
            self.area_outline(surf, g, cells, theme.HIGHLIGHT, max(2, c // 14))
            top = max(cells, key=lambda cc: (cc[1], -cc[0]))
            r = g.rect(top)
            text = f"{a['squares']}×{a['cows']}={a['points']}"
            size = max(10, int(c * 0.2))
            img = theme.text(text, size, theme.PARCHMENT, True)
            box = img.get_rect(midtop=(r.centerx, r.y + 2)).inflate(6, 2)
            box.clamp_ip(g.grid)
            pygame.draw.rect(surf, self.v.conf["colours"]["area_label"], box, border_radius=4)

            surf.blit(img, img.get_rect(center=box.center))

    def ghost(self, surf, g: RanchGeom, pieces) -> None:
        """A see-through preview of squares about to be attached: [(cell, face)]."""
        for cell, face in pieces:
            r = g.rect(cell)
            img = self.square_img(face, g.cell).copy()
            img.set_alpha(190)
            surf.blit(img, r)
            pygame.draw.rect(surf, theme.HIGHLIGHT, r, max(2, g.cell // 16), border_radius=max(2, g.cell // 10))

    def glow_cell(self, surf, r: pygame.Rect, colour, strong: bool) -> None:
        s = sprites.glow(r.w + 10, r.h + 10, max(4, r.w // 6), colour)
        if not strong:
            s = sprites.with_alpha(s, 140)
        surf.blit(s, (r.x - 5, r.y - 5))
