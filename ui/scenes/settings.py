"""Settings: language, window, UI scale, animation speed, bot pacing, how long hard bots
think, palette, sound.

Every change takes effect at once and is saved to the user config folder.
"""
from __future__ import annotations

import pygame

from ui import settings as S
from ui import sprites, theme
from ui.app import Scene
from ui.scenes.common import draw_panel, draw_table
from ui.widgets import Button, Cycle, blit_text

VOLUMES = (0.0, 0.25, 0.5, 0.7, 1.0)


class SettingsScene(Scene):
    def rows(self):
        t = self.app.t
        pct = lambda v: f"{round(v * 100)}%"  # noqa: E731
        return [
            ("language", "settings.language", ["en", "ru"], ["English", "Русский"]),
            ("window", "settings.window", self.window_sizes(), [f"{w}×{h}" for w, h in self.window_sizes()]),
            ("fullscreen", "settings.fullscreen", [False, True], [t("settings.off"), t("settings.on")]),
            ("ui_scale", "settings.ui_scale", list(S.UI_SCALES), [pct(v) for v in S.UI_SCALES]),
            ("anim_speed", "settings.anim_speed", list(S.ANIM_SPEEDS),
             [t("settings.off") if v == 0 else f"×{v:g}" for v in S.ANIM_SPEEDS]),
            ("bot_pace", "settings.bot_pace", list(S.BOT_PACES),
             [t("settings.pace_fast"), t("settings.pace_normal"), t("settings.pace_slow")]),
            ("think", "settings.think", list(S.THINKS),
             [t(f"settings.think_{v}") for v in S.THINKS]),
            ("palette", "settings.palette", list(S.PALETTES),
             [t("settings.palette_okabe_ito"), t("settings.palette_classic")]),
            ("sound", "settings.sound", [True, False], [t("settings.on"), t("settings.off")]),
            ("volume", "settings.volume", list(VOLUMES), [pct(v) for v in VOLUMES]),
        ]

    def window_sizes(self) -> list[tuple[int, int]]:
        """The offered sizes, and the window's own size among them (a resized or fitted
        window shows what it is, not the first preset)."""
        sizes = list(S.WINDOW_SIZES)
        now = tuple(self.app.window.get_size())
        if not self.app.fullscreen and now not in sizes:
            sizes = sorted([*sizes, now])
        return sizes

    def layout(self, size):
        app, t = self.app, self.app.t
        w, h = size
        self.panel = pygame.Rect(w // 2 - app.px(400), app.px(40), app.px(800), h - app.px(140))
        y = self.panel.y + app.px(90)
        rows = self.rows()
        row = min(app.px(54), (self.panel.bottom - app.px(76) - y) // len(rows))  # room for the palette preview
        self.cycles = []
        st = self.app.settings
        for k, (field, label, values, labels) in enumerate(rows):
            current = getattr(st, field)
            if field == "window" and not self.app.fullscreen:  # what the window is, not the file
                current = tuple(self.app.window.get_size())
            if field == "fullscreen":
                current = self.app.fullscreen
            idx = values.index(current) if current in values else 0
            cyc = Cycle((self.panel.x + app.px(400), y + k * row, app.px(340), row - app.px(8)), values,
                        labels, idx, on_change=lambda v, f=field: self.change(f, v))
            self.cycles.append((label, cyc))
        self.buttons = [Button((w // 2 - app.px(110), self.panel.bottom + app.px(22), app.px(220),
                                app.px(48)), t("setup.back"), self.app.pop, hotkey=pygame.K_ESCAPE)]

    def change(self, field, value):
        if field == "fullscreen":
            if value != self.app.fullscreen:
                self.app.toggle_fullscreen()
            return
        setattr(self.app.settings, field, value)
        self.app.apply_settings()
        if field == "volume" or field == "sound":
            from ui import sound
            sound.play("click")

    def handle(self, ev):
        for b in self.buttons:
            if b.handle(ev):
                return
        for _, c in self.cycles:
            if c.handle(ev):
                return

    def draw(self, surf):
        app, t = self.app, self.app.t
        draw_table(surf)
        draw_panel(surf, self.panel, t("settings.title"), app.px(28))
        for label, c in self.cycles:
            blit_text(surf, t(label), (self.panel.x + app.px(40), c.rect.centery), app.px(18), theme.INK,
                      anchor="midleft", max_width=app.px(350))
            c.draw(surf)
        # a preview of the player markers in the chosen palette
        x = self.panel.x + app.px(40)
        y = self.panel.bottom - app.px(44)
        for i in range(len(theme.PLAYER_COLOURS)):
            pc = theme.player_colour(i)
            surf.blit(sprites.token(app.px(28), pc["rgb"], pc["letter"], pc["shape"]), (x + i * app.px(36), y))
        for b in self.buttons:
            b.draw(surf)
