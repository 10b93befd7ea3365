"""Modal dialogs: the quit confirmation."""
from __future__ import annotations

import pygame

from ui import theme
from ui.app import Scene
from ui.scenes.common import draw_panel
from ui.widgets import Button, blit_text


class QuitConfirm(Scene):
    """'Leave this game?' over the scene below; Esc or 'Stay' cancels."""

    modal = True

    def __init__(self, app, quit_app: bool = False, on_leave=None):
        super().__init__(app)
        self.quit_app = quit_app
        self.on_leave = on_leave

    def layout(self, size):
        app, t = self.app, self.app.t
        w, h = size
        self.rect = pygame.Rect(0, 0, app.px(520), app.px(230))
        self.rect.center = (w // 2, h // 2)
        bw, bh = app.px(170), app.px(46)
        y = self.rect.bottom - app.px(70)
        self.buttons = [
            Button((self.rect.centerx - bw - app.px(10), y, bw, bh), t("quit.yes"), self.leave,
                   hotkey=pygame.K_RETURN),
            Button((self.rect.centerx + app.px(10), y, bw, bh), t("quit.no"), self.app.pop,
                   hotkey=pygame.K_ESCAPE),
        ]

    def leave(self):
        if self.quit_app:
            self.app.running = False
        elif self.on_leave:
            self.on_leave()

    def handle(self, ev):
        for b in self.buttons:
            if b.handle(ev):
                return

    def draw(self, surf):
        shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))
        surf.blit(shade, (0, 0))
        t = self.app.t
        inner = draw_panel(surf, self.rect, t("quit.app_title" if self.quit_app else "quit.title"),
                           self.app.px(26))
        blit_text(surf, t("quit.body"), inner.topleft, self.app.px(18), theme.INK,
                  max_width=inner.w)
        for b in self.buttons:
            b.draw(surf)
