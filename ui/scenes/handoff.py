"""Hand-off: covers the table until the next person says they are in front of it."""
from __future__ import annotations

import pygame

from ui import sprites, theme
from ui.app import Scene
from ui.scenes.common import draw_table
from ui.widgets import blit_text


class HandOff(Scene):
    def __init__(self, app, name: str):
        super().__init__(app)
        self.name = name
        self.armed = False  # ignore the click that may have ended the previous turn

    def handle(self, ev):
        if ev.type == pygame.MOUSEBUTTONUP:
            self.armed = True
        elif (ev.type == pygame.KEYDOWN and ev.key in (pygame.K_SPACE, pygame.K_RETURN)) or (
                ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1 and self.armed):
            self.app.pop()

    def update(self, dt):
        if not pygame.mouse.get_pressed()[0]:
            self.armed = True

    def draw(self, surf):
        app, t = self.app, self.app.t
        draw_table(surf)
        w, h = surf.get_size()
        icon = sprites.icon("person", app.px(96), theme.PARCHMENT)
        surf.blit(icon, icon.get_rect(center=(w // 2, int(h * 0.32))))
        blit_text(surf, t("handoff.title", name=self.name), (w // 2, int(h * 0.48)), app.px(40),
                  theme.PARCHMENT, bold=True, anchor="center")
        blit_text(surf, t("handoff.press", name=self.name), (w // 2, int(h * 0.58)), app.px(22),
                  theme.HIGHLIGHT, anchor="center")
        blit_text(surf, t("handoff.hidden"), (w // 2, int(h * 0.64)), app.px(18), theme.PARCHMENT,
                  anchor="center")
