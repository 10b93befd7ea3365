"""The rules reference: an index of sections on the left, scrollable text on the right.

Opened over any scene with `open_rules(app, game_id)`; Esc, F1 or Close pops it.
Text comes from data/<game>/rules.yaml (games.core.reference) in the app's
language; a broken file shows its error message instead of the rules.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from games.core.errors import DataError
from games.core.reference import Section, blocks, load_reference
from ui import theme
from ui.app import Scene
from ui.scenes.common import draw_panel, draw_table
from ui.widgets import Button, blit_text, wrap_lines


@dataclass(frozen=True)
class _Line:
    """One line of laid-out text, at content coordinates (y from the content top)."""

    x: int
    y: int
    text: str
    size: int
    bold: bool = False
    colour: tuple = theme.INK
    anchor: str = "topleft"


def _panel_pad(title_px: int) -> int:
    """The inner margin draw_panel uses for this title size."""
    return max(22, int(title_px * 0.9))


def _wrap(text: str, width: int, size: int, bold: bool = False) -> list[str]:
    """wrap_lines, but a word wider than the line (a long path) is cut, never overflows."""
    font = theme.font(size, bold)
    out: list[str] = []
    for ln in wrap_lines(text, width, size, bold):
        while font.size(ln)[0] > width and len(ln) > 1:
            cut = len(ln) - 1
            while cut > 1 and font.size(ln[:cut])[0] > width:
                cut -= 1
            out.append(ln[:cut])
            ln = ln[cut:]
        out.append(ln)
    return out


class RulesScene(Scene):
    modal = False

    LINE_GAP = 1.42  # line height as a multiple of the font size: airy, easy to read

    def __init__(self, app, game_id: str):
        super().__init__(app)
        self.game_id = game_id
        self.error: str | None = None
        try:
            self.sections: list[Section] = load_reference(game_id)
        except DataError as e:
            self.sections, self.error = [], str(e)
        self.scroll = 0
        self.max_scroll = 0
        self.content_h = 0
        self.lines: list[_Line] = []
        self.rules_y: list[int] = []  # content y of the thin rule under each heading
        self.section_y: list[int] = []
        self.index_rects: list[pygame.Rect] = []
        self.mouse = (-1, -1)
        self.drag: int | None = None  # grab offset inside the scrollbar thumb while dragging
        self.jumped: tuple[int, int] | None = None  # (section, scroll) of the last index click
        self._fraction = 0.0
        self._laid_out = False

    # --- layout -----------------------------------------------------------
    def title(self) -> str:
        t = self.app.t
        key = f"game.{self.game_id}"
        game = t(key) if t.has(key) else self.game_id
        return t("rules.title", game=game)

    def layout(self, size):
        app, t = self.app, self.app.t
        if self._laid_out and self.max_scroll > 0:
            self._fraction = self.scroll / self.max_scroll
        w, h = size
        m = app.px(24)
        self.title_px = app.px(28)
        self.head_px = app.px(22)
        self.body_px = app.px(18)
        self.small_px = app.px(15)
        self.index_px = app.px(17)
        # header row on the felt: title left, Close right
        bw, bh = app.px(150), app.px(42)
        self.header = pygame.Rect(m, app.px(14), w - 2 * m, bh)
        self.close_button = Button((self.header.right - bw, self.header.y, bw, bh), t("rules.close"),
                                   self.close)
        top = self.header.bottom + app.px(14)
        bottom = h - app.px(34)  # room for the key hint on the felt
        # the index is as wide as its longest entry needs (bold, as when current), within limits
        font = theme.font(self.index_px, True)
        widest = max([font.size(s.title_in(app.lang))[0] for s in self.sections] or [0])
        need = widest + app.px(22) + 2 * _panel_pad(self.head_px)
        index_w = max(app.px(260), min(need, app.px(360), (w - 2 * m) // 3))
        self.index_panel = pygame.Rect(m, top, index_w, bottom - top)
        self.text_panel = pygame.Rect(self.index_panel.right + app.px(16), top,
                                      w - m - self.index_panel.right - app.px(16), bottom - top)
        self.hint_pos = (w // 2, h - app.px(17))

        # the index: "Contents" then one row per section, squeezed if there are many
        pad = _panel_pad(self.head_px)
        ii = self.index_panel.inflate(-2 * pad, -2 * pad)
        self.contents_pos = (ii.x + app.px(4), ii.y)
        row_top = ii.y + int(self.head_px * 1.7)
        n = max(1, len(self.sections))
        row_h = min(app.px(31), (ii.bottom - row_top) // n)
        self.index_px = min(self.index_px, max(app.px(11), int(row_h * 0.6)))
        self.index_rects = [pygame.Rect(ii.x, row_top + i * row_h, ii.w, row_h - app.px(2))
                            for i in range(len(self.sections))]

        # the text view and its scrollbar
        pad = _panel_pad(self.head_px)
        inner = self.text_panel.inflate(-2 * pad, -2 * pad)
        sb_w = app.px(10)
        self.track = pygame.Rect(inner.right - sb_w, inner.y, sb_w, inner.h)
        self.view = pygame.Rect(inner.x, inner.y, inner.w - sb_w - app.px(18), inner.h)
        self._layout_text()
        self.scroll = round(self._fraction * self.max_scroll)
        self._clamp()
        self._laid_out = True

    def _layout_text(self):
        app = self.app
        lang = app.lang
        width = self.view.w
        body, head = self.body_px, self.head_px
        step = int(body * self.LINE_GAP)
        para_gap = app.px(9)
        indent = app.px(30)
        lines: list[_Line] = []
        self.section_y, self.rules_y = [], []
        y = app.px(2)
        if self.error is not None:
            for ln in _wrap(app.t("rules.error"), width, head, True):
                lines.append(_Line(0, y, ln, head, True))
                y += int(head * 1.4)
            y += para_gap
            for ln in _wrap(self.error, width, body):
                lines.append(_Line(0, y, ln, body, colour=theme.DANGER))
                y += step
        for i, sec in enumerate(self.sections):
            if i:
                y += app.px(26)
            self.section_y.append(max(0, y - app.px(14)))  # clear of the top fade
            for ln in _wrap(sec.title_in(lang), width, head, True):
                lines.append(_Line(0, y, ln, head, True))
                y += int(head * 1.3)
            self.rules_y.append(y)
            y += app.px(10)
            for b in blocks(sec.body_in(lang)):
                if b.kind == "p":
                    for ln in _wrap(b.text, width, body):
                        lines.append(_Line(0, y, ln, body))
                        y += step
                else:
                    bold = b.kind == "number"
                    colour = theme.INK if bold else theme.INK_SOFT
                    lines.append(_Line(indent - app.px(9), y, b.marker, body, bold, colour,
                                       anchor="topright"))
                    for ln in _wrap(b.text, width - indent, body):
                        lines.append(_Line(indent, y, ln, body))
                        y += step
                    y += app.px(3)
                y += para_gap
        self.lines = lines
        self.content_h = y + app.px(8)
        self.max_scroll = max(0, self.content_h - self.view.h)

    # --- scrolling --------------------------------------------------------
    def _clamp(self):
        self.scroll = int(max(0, min(self.max_scroll, self.scroll)))

    def scroll_by(self, dy: float):
        self.scroll += int(dy)
        self._clamp()

    def scroll_to(self, y: float):
        self.scroll = int(y)
        self._clamp()

    def jump_to(self, index: int):
        if 0 <= index < len(self.section_y):
            self.scroll_to(self.section_y[index])
            self.jumped = (index, self.scroll)

    def current_section(self) -> int:
        if not self.section_y:
            return -1
        if self.jumped and self.jumped[1] == self.scroll:
            return self.jumped[0]
        if self.scroll >= self.max_scroll and self.max_scroll > 0:
            # at the very end: the last section whose heading is on screen
            visible = [i for i, y in enumerate(self.section_y) if y <= self.scroll + self.view.h // 3]
            return visible[-1] if visible else 0
        cur = 0
        for i, y in enumerate(self.section_y):
            if y <= self.scroll + self.app.px(8):
                cur = i
        return cur

    def thumb(self) -> pygame.Rect:
        tr = self.track
        if self.content_h <= 0 or self.max_scroll <= 0:
            return tr.copy()
        th = max(self.app.px(36), int(tr.h * self.view.h / self.content_h))
        ty = tr.y + int((tr.h - th) * self.scroll / self.max_scroll)
        return pygame.Rect(tr.x, ty, tr.w, th)

    def _drag_to(self, mouse_y: int):
        tr, th = self.track, self.thumb()
        free = tr.h - th.h
        if free > 0:
            self.scroll_to((mouse_y - (self.drag or 0) - tr.y) * self.max_scroll / free)

    # --- input ------------------------------------------------------------
    def close(self):
        if self.app.top is self:
            self.app.pop()

    def handle(self, ev):
        if self.close_button.handle(ev):
            return
        if ev.type == pygame.KEYDOWN:
            page = self.view.h - self.app.px(40)
            line = self.app.px(40)
            if ev.key in (pygame.K_ESCAPE, pygame.K_F1):
                self.close()
            elif ev.key == pygame.K_UP:
                self.scroll_by(-line)
            elif ev.key == pygame.K_DOWN:
                self.scroll_by(line)
            elif ev.key == pygame.K_PAGEUP:
                self.scroll_by(-page)
            elif ev.key in (pygame.K_PAGEDOWN, pygame.K_SPACE):
                self.scroll_by(page)
            elif ev.key == pygame.K_HOME:
                self.scroll_to(0)
            elif ev.key == pygame.K_END:
                self.scroll_to(self.max_scroll)
        elif ev.type == pygame.MOUSEWHEEL:
            self.scroll_by(-ev.y * self.app.px(60))
        elif ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
            if self.drag is not None:
                self._drag_to(ev.pos[1])
        elif ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
            self.drag = None
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            self.mouse = ev.pos
            for i, r in enumerate(self.index_rects):
                if r.collidepoint(ev.pos):
                    self.jump_to(i)
                    return
            grab = self.track.inflate(self.app.px(10), 0)
            if grab.collidepoint(ev.pos) and self.max_scroll > 0:
                th = self.thumb()
                if th.top <= ev.pos[1] <= th.bottom:
                    self.drag = ev.pos[1] - th.y
                else:  # click on the track: one page towards the click
                    page = self.view.h - self.app.px(40)
                    self.scroll_by(-page if ev.pos[1] < th.y else page)

    # --- drawing ----------------------------------------------------------
    def draw(self, surf):
        app, t = self.app, self.app.t
        draw_table(surf)
        # header on the felt
        blit_text(surf, self.title(), (self.header.x, self.header.centery), self.title_px,
                  theme.PARCHMENT, bold=True, anchor="midleft",
                  max_width=self.close_button.rect.x - self.header.x - app.px(16))
        self.close_button.draw(surf)

        # index
        draw_panel(surf, self.index_panel, None, self.head_px)
        blit_text(surf, t("rules.contents"), self.contents_pos, self.head_px, theme.INK, bold=True,
                  max_width=self.index_panel.w - app.px(40))
        current = self.current_section()
        for i, (r, sec) in enumerate(zip(self.index_rects, self.sections, strict=True)):
            hover = r.collidepoint(self.mouse)
            if i == current or hover:
                fill = (*theme.HIGHLIGHT, 150) if i == current else (*theme.PARCHMENT_DARK, 90)
                box = pygame.Surface(r.size, pygame.SRCALPHA)
                pygame.draw.rect(box, fill, box.get_rect(), border_radius=app.px(6))
                surf.blit(box, r.topleft)
            if i == current:
                pygame.draw.rect(surf, theme.BUTTON, (r.x, r.y + app.px(4), app.px(4), r.h - app.px(8)),
                                 border_radius=app.px(2))
            blit_text(surf, sec.title_in(app.lang), (r.x + app.px(12), r.centery), self.index_px,
                      theme.INK, bold=i == current, anchor="midleft", max_width=r.w - app.px(18))

        # text
        draw_panel(surf, self.text_panel, None, self.head_px)
        old_clip = surf.get_clip()
        surf.set_clip(self.view.inflate(app.px(4), 0))
        top, bottom = self.scroll - self.head_px * 2, self.scroll + self.view.h
        ox, oy = self.view.x, self.view.y - self.scroll
        for ln in self.lines:
            if top <= ln.y <= bottom:
                blit_text(surf, ln.text, (ox + ln.x, oy + ln.y), ln.size, ln.colour, ln.bold,
                          anchor=ln.anchor)
        for ry in self.rules_y:
            if top <= ry <= bottom:
                pygame.draw.line(surf, theme.PARCHMENT_DARK, (ox, oy + ry), (self.view.right, oy + ry),
                                 max(1, app.px(1)))
        surf.set_clip(old_clip)
        self._draw_fades(surf)

        # scrollbar
        if self.max_scroll > 0:
            rad = self.track.w // 2
            pygame.draw.rect(surf, (*theme.PARCHMENT_DARK,), self.track, border_radius=rad)
            th = self.thumb()
            col = theme.BUTTON_HOVER if (self.drag is not None or th.collidepoint(self.mouse)) else theme.BUTTON
            pygame.draw.rect(surf, col, th, border_radius=rad)

        blit_text(surf, t("rules.hint"), self.hint_pos, self.small_px, theme.PARCHMENT,
                  anchor="center", max_width=surf.get_width() - app.px(48))

    def _draw_fades(self, surf):
        """Soft parchment fades where more text hides above or below the view."""
        fh = self.app.px(12)
        for edge, show in (("top", self.scroll > 0), ("bottom", self.scroll < self.max_scroll)):
            if not show:
                continue
            y = self.view.y if edge == "top" else self.view.bottom - fh
            # the paper's own colour just outside the view, so the fade shows no seam
            probe = (self.view.centerx, y - 2 if edge == "top" else y + fh + 1)
            paper = tuple(surf.get_at(probe))[:3] if surf.get_rect().collidepoint(probe) else theme.PARCHMENT
            fade = pygame.Surface((self.view.w + self.app.px(4), fh), pygame.SRCALPHA)
            for i in range(fh):
                a = int(230 * (1 - i / fh)) if edge == "top" else int(230 * (i + 1) / fh)
                pygame.draw.line(fade, (*paper, a), (0, i), (fade.get_width(), i))
            surf.blit(fade, (self.view.x - self.app.px(2), y))


def open_rules(app, game_id: str) -> None:
    """Show the rules reference of `game_id` over the current scene."""
    app.push(RulesScene(app, game_id))
