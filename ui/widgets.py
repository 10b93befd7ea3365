"""Small reusable widgets: buttons, cycling choosers, text fields, text helpers."""
from __future__ import annotations

from collections.abc import Callable

import pygame

from ui import sprites, theme


class Button:
    def __init__(self, rect, label: str, on_click: Callable[[], None], enabled: bool = True,
                 hotkey: int | None = None, icon: str | None = None, tip: str = ""):
        self.rect = pygame.Rect(rect)
        self.label = label
        self.on_click = on_click
        self.enabled = enabled
        self.hotkey = hotkey
        self.icon = icon
        self.tip = tip
        self.hover = False
        self.pressed = False
        # drawn as disabled while it still takes clicks: one that says why it cannot act
        # (Undo when nothing may be taken back)
        self.dimmed = False

    def handle(self, ev) -> bool:
        """True if the event was used."""
        if ev.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(ev.pos)
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1 and self.rect.collidepoint(ev.pos):
            self.pressed = self.enabled
            return True
        elif ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
            was = self.pressed
            self.pressed = False
            if was and self.enabled and self.rect.collidepoint(ev.pos):
                self.on_click()
                return True
        elif (ev.type == pygame.KEYDOWN and self.hotkey is not None and ev.key == self.hotkey
              and self.enabled):
            self.on_click()
            return True
        return False

    def draw(self, surf):
        state = ("disabled" if not self.enabled or self.dimmed else "pressed" if self.pressed
                 else "hover" if self.hover else "normal")
        surf.blit(sprites.button(self.rect.w, self.rect.h, self.label, state, self.icon),
                  self.rect.topleft)


class Cycle:
    """A chooser that cycles through values on click (left click forward, right back)."""

    def __init__(self, rect, values: list, labels: list[str], index: int = 0,
                 on_change: Callable[[object], None] | None = None):
        self.rect = pygame.Rect(rect)
        self.values, self.labels = values, labels
        self.index = index
        self.on_change = on_change
        self.hover = False

    @property
    def value(self):
        return self.values[self.index]

    def handle(self, ev) -> bool:
        if ev.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(ev.pos)
        elif ev.type == pygame.MOUSEBUTTONDOWN and self.rect.collidepoint(ev.pos) and ev.button in (1, 3):
            step = 1 if ev.button == 1 else -1
            self.index = (self.index + step) % len(self.values)
            if self.on_change:
                self.on_change(self.value)
            return True
        return False

    def draw(self, surf):
        label = "◀ " + self.labels[self.index] + " ▶"
        surf.blit(sprites.button(self.rect.w, self.rect.h, label, "hover" if self.hover else "normal"),
                  self.rect.topleft)


class TextField:
    def __init__(self, rect, text: str = "", max_len: int = 16, size_px: int = 18):
        self.rect = pygame.Rect(rect)
        self.text = text
        self.max_len = max_len
        self.focus = False
        self.size_px = size_px

    def handle(self, ev) -> bool:
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            self.focus = self.rect.collidepoint(ev.pos)
            return self.focus
        if ev.type == pygame.KEYDOWN and self.focus:
            if ev.key == pygame.K_BACKSPACE:
                self.text = self.text[:-1]
            elif ev.key in (pygame.K_RETURN, pygame.K_TAB, pygame.K_ESCAPE):
                self.focus = False
            return True
        if ev.type == pygame.TEXTINPUT and self.focus:
            if len(self.text) < self.max_len:
                self.text += "".join(ch for ch in ev.text if ch.isprintable())[: self.max_len - len(self.text)]
            return True
        return False

    def draw(self, surf):
        pygame.draw.rect(surf, theme.PARCHMENT, self.rect, border_radius=6)
        pygame.draw.rect(surf, theme.HIGHLIGHT if self.focus else theme.PARCHMENT_DARK, self.rect,
                         width=2, border_radius=6)
        img = theme.fit_text(self.text + ("|" if self.focus else ""), self.rect.w - 12,
                             self.size_px, theme.INK)
        surf.blit(img, (self.rect.x + 6, self.rect.centery - img.get_height() // 2))


def blit_text(surf, text: str, pos, size_px: int, colour=None, bold=False, anchor="topleft",
              max_width: int | None = None) -> pygame.Rect:
    """Draw one line of text; returns its rect. `anchor` is a pygame.Rect attribute name."""
    colour = colour or theme.INK
    img = (theme.fit_text(text, max_width, size_px, colour, bold) if max_width
           else theme.text(text, size_px, colour, bold))
    r = img.get_rect(**{anchor: pos})
    surf.blit(img, r)
    return r


def wrap_lines(text: str, width: int, size_px: int, bold=False) -> list[str]:
    """Split text into lines that fit `width` pixels."""
    font = theme.font(size_px, bold)
    lines, line = [], ""
    for word in theme.drawable(str(text)).split():
        trial = (line + " " + word).strip()
        if font.size(trial)[0] <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def draw_wrapped(surf, text, rect, size_px, colour=None, bold=False, line_gap=1.25) -> int:
    """Draw wrapped text into rect; returns the height used."""
    rect = pygame.Rect(rect)
    y = rect.y
    step = int(size_px * line_gap)
    for ln in wrap_lines(text, rect.w, size_px, bold):
        if y + step > rect.bottom + step // 3:
            break
        blit_text(surf, ln, (rect.x, y), size_px, colour, bold)
        y += step
    return y - rect.y
