"""What the table shows of a search: the thinking badge on a bot's seat, and the move
advisor's panel (the hard bot's top three moves for the person to play, with their estimated
chance to win, each marked on the table and playable by a click)."""
from __future__ import annotations

import math

import pygame

from ui import sprites, theme
from ui.widgets import blit_text

TOP_MOVES = 3


def thinking_disc(surf, app, anchor: pygame.Rect, clock: float) -> pygame.Rect:
    """Turning dots in a disc on the top-right corner of a seat's row: it is thinking (the
    top bar says so in words; the disc keeps the row's numbers readable)."""
    d = app.px(24)
    box = pygame.Rect(0, 0, d, d)
    box.center = (anchor.right - app.px(2), anchor.top + app.px(2))
    box.clamp_ip(surf.get_rect())
    pygame.draw.circle(surf, theme.PANEL, box.center, d // 2)
    pygame.draw.circle(surf, theme.HIGHLIGHT, box.center, d // 2, width=max(1, app.px(2)))
    _dots(surf, app, box.center, d // 2 - app.px(5), clock)
    return box


def _dots(surf, app, centre, r: int, clock: float) -> None:
    cx, cy = centre
    for k in range(6):  # six dots, one bright, turning three times a second
        a = (k / 6) * 2 * math.pi
        bright = (int(clock * 18) % 6) == k
        pygame.draw.circle(surf, theme.HIGHLIGHT if bright else theme.PARCHMENT,
                           (cx + int(r * math.cos(a)), cy + int(r * math.sin(a))),
                           max(1, app.px(3 if bright else 2)))


def thinking_badge(surf, app, anchor: pygame.Rect, text: str, clock: float) -> pygame.Rect:
    """A small label with turning dots at the top-right corner of `anchor`."""
    size = app.px(14)
    tw = theme.font(size, True).size(text)[0]
    dots = app.px(22)
    w, h = tw + dots + app.px(18), app.px(24)
    box = pygame.Rect(0, 0, w, h)
    box.topright = (anchor.right - app.px(4), anchor.top + app.px(4))
    box.clamp_ip(surf.get_rect())
    pygame.draw.rect(surf, theme.PANEL, box, border_radius=h // 2)
    pygame.draw.rect(surf, theme.HIGHLIGHT, box, width=max(1, app.px(2)), border_radius=h // 2)
    _dots(surf, app, (box.x + app.px(8) + dots // 2, box.centery), dots // 2 - app.px(3), clock)
    blit_text(surf, text, (box.x + dots + app.px(12), box.centery), size, theme.PARCHMENT, bold=True,
              anchor="midleft")
    return box


class AdvicePanel:
    """The advisor's answer for one position: rows of (move, win chance) under the top bar."""

    def __init__(self, scene, key, moves: list[tuple[object, float]] | None):
        self.scene = scene
        self.key = key                 # the position asked about
        self.moves = moves             # None while the search runs
        self.rows: list[tuple[pygame.Rect, object]] = []
        self.close_rect = pygame.Rect(0, 0, 0, 0)

    def layout(self, board: pygame.Rect) -> pygame.Rect:
        """Rows as wide as their words need (up to 60% of the table); a move still too long
        for that wraps to a second line rather than shrinking."""
        app, tr, view = self.scene.app, self.scene.tr, self.scene.view
        size = app.px(14)
        font = theme.font(size, True)
        self.lines = []
        widest = 0
        for i, (a, win) in enumerate(self.moves or []):
            label, chance = f"{i + 1}. {view.describe(a)}", tr("advice.chance", pct=round(100 * win))
            widest = max(widest, font.size(label)[0] + font.size(chance)[0] + app.px(50))
            self.lines.append((label, chance))
        w = min(max(app.px(520), widest + app.px(20)), int(board.w * 0.6), board.w - app.px(40))
        row1, gap = app.px(34), app.px(4)
        self.rows, y = [], board.y + app.px(12) + app.px(34)
        from ui.widgets import wrap_lines
        wrapped = []
        for (label, chance), (a, _) in zip(self.lines, self.moves or [], strict=True):
            avail = w - app.px(20) - font.size(chance)[0] - app.px(30)
            lines = wrap_lines(label, avail, size, True)[:2]
            h = row1 if len(lines) == 1 else int(row1 * 1.6)
            self.rows.append((pygame.Rect(board.x + app.px(26), y, w - app.px(20), h), a))
            wrapped.append(lines)
            y += h + gap
        self.wrapped = wrapped
        # a lower row that shows more than the first: say why the bot still plays the first
        self.note = []
        if self.moves and any(win > self.moves[0][1] for _, win in self.moves[1:]):
            self.note = wrap_lines(tr("advice.close"), w - app.px(24), app.px(13), False)
            y += app.px(2) + len(self.note) * int(app.px(13) * 1.25)
        bottom = y + app.px(6) if self.moves else board.y + app.px(12) + app.px(74)
        box = pygame.Rect(board.x + app.px(16), board.y + app.px(12), w, bottom - board.y - app.px(12))
        # the corner of the table that hides the fewest of the advised moves (top left first)
        self.spots = self.marks()
        spots = [r for r in self.spots if r is not None]
        dx, dy = board.right - app.px(16) - box.right, board.bottom - app.px(12) - box.bottom
        shift = min(((0, 0), (0, dy), (dx, 0), (dx, dy)),
                    key=lambda d: sum(r.colliderect(box.move(*d)) for r in spots))
        if shift != (0, 0):
            box = box.move(*shift)
            self.rows = [(r.move(*shift), a) for r, a in self.rows]
        self.close_rect = pygame.Rect(box.right - app.px(30), box.y + app.px(6), app.px(24), app.px(24))
        return box

    def marks(self) -> list[pygame.Rect | None]:
        """Where each advised move lies on the table (its first target; None: not shown)."""
        targets = self.scene.view.targets
        return [next((r for r, act, _ in targets if act == a), None) for a, _ in self.moves or []]

    def click(self, pos) -> object | None | bool:
        """The move of the row clicked; True if the panel was clicked elsewhere (closing it
        with ×, or nothing), None if the click was not on the panel."""
        box = self.layout(self.scene.board)
        if self.close_rect.collidepoint(pos):
            self.scene.advice = None
            return True
        for r, a in self.rows:
            if r.collidepoint(pos):
                return a
        return True if box.collidepoint(pos) else None

    def draw(self, surf, mouse, clock: float) -> None:
        scene, app, tr = self.scene, self.scene.app, self.scene.tr
        box = self.layout(scene.board)
        pygame.draw.rect(surf, theme.PANEL, box, border_radius=app.px(8))
        pygame.draw.rect(surf, theme.HIGHLIGHT, box, width=max(1, app.px(2)), border_radius=app.px(8))
        blit_text(surf, tr("advice.title"), (box.x + app.px(12), box.y + app.px(8)), app.px(16),
                  theme.PARCHMENT, bold=True, max_width=box.w - app.px(60))
        blit_text(surf, "×", self.close_rect.center, app.px(20), theme.PARCHMENT, bold=True, anchor="center")
        if self.moves is None:
            thinking_badge(surf, app, pygame.Rect(box.x, box.y + app.px(30), box.w - app.px(6), app.px(30)),
                           tr("advice.thinking"), clock)
            return
        size = app.px(14)
        step = int(size * 1.2)
        for i, ((r, _), lines, (_, chance)) in enumerate(zip(self.rows, self.wrapped, self.lines, strict=True)):
            hover = r.collidepoint(mouse)
            surf.blit(sprites.button(r.w, r.h, "", "hover" if hover else "normal"), r)
            cw = theme.font(size, True).size(chance)[0]
            y0 = r.centery - step * (len(lines) - 1) // 2 - app.px(1)
            for k, line in enumerate(lines):
                blit_text(surf, line, (r.x + app.px(10), y0 + k * step), size, theme.BUTTON_TEXT, bold=True,
                          anchor="midleft", max_width=r.w - cw - app.px(30))
            blit_text(surf, chance, (r.right - app.px(10), r.centery), size, theme.BUTTON_TEXT, bold=True,
                      anchor="midright")
            spot = self.spots[i]  # the same move marked where it lies on the table
            if spot is not None and not spot.colliderect(box):  # under the panel: its words say it
                mark_target(surf, app, spot, i + 1)
        y = (self.rows[-1][0].bottom if self.rows else box.y) + app.px(4)
        for line in self.note:
            blit_text(surf, line, (box.x + app.px(12), y), app.px(13), theme.PARCHMENT)
            y += int(app.px(13) * 1.25)


def mark_target(surf, app, rect: pygame.Rect, rank: int) -> None:
    """A ring around an advised move's target and its rank in a disc at the corner."""
    pygame.draw.rect(surf, theme.HIGHLIGHT, rect.inflate(app.px(6), app.px(6)), width=max(2, app.px(3)),
                     border_radius=app.px(6))
    d = app.px(22)
    c = (rect.right, rect.top)
    pygame.draw.circle(surf, theme.HIGHLIGHT, c, d // 2)
    pygame.draw.circle(surf, theme.INK, c, d // 2, width=max(1, app.px(2)))
    blit_text(surf, str(rank), c, app.px(14), theme.INK, bold=True, anchor="center")
