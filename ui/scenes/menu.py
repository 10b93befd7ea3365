"""The main menu: the games on the table, each with its player counts."""
from __future__ import annotations

import pygame

from games.core import registry
from ui import theme
from ui.app import Scene
from ui.scenes.common import draw_panel, draw_table
from ui.widgets import Button, blit_text, draw_wrapped


class MainMenu(Scene):
    def layout(self, size):
        app, t = self.app, self.app.t
        w, h = size
        self.buttons = []
        self.cards = []
        games = registry.all_games()
        cw, ch = app.px(300), app.px(330)
        gap = app.px(30)
        total = len(games) * cw + (len(games) - 1) * gap
        x = (w - total) // 2
        y = int(h * 0.30)
        for rules in games:
            rect = pygame.Rect(x, y, cw, ch)
            self.cards.append((rect, rules))
            b = Button((rect.x + app.px(20), rect.bottom - app.px(64), cw - app.px(40), app.px(44)),
                       t("menu.new_game"), lambda r=rules: self.new_game(r.INFO.id),
                       hotkey=pygame.K_RETURN if len(self.cards) == 1 else None)
            self.buttons.append(b)
            x += cw + gap
        self.buttons.append(Button((w // 2 - app.px(100), h - app.px(90), app.px(200), app.px(46)),
                                   t("menu.quit"), self.app.request_quit))

    def new_game(self, game_id):
        from ui.scenes.setup import NewGame
        self.app.push(NewGame(self.app, game_id))

    def handle(self, ev):
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
            self.app.request_quit()
            return
        for b in self.buttons:
            if b.handle(ev):
                return

    def draw(self, surf):
        app, t = self.app, self.app.t
        draw_table(surf)
        w, h = surf.get_size()
        blit_text(surf, t("app.title"), (w // 2, int(h * 0.12)), app.px(44), theme.PARCHMENT,
                  bold=True, anchor="center")
        blit_text(surf, t("menu.choose_game"), (w // 2, int(h * 0.21)), app.px(22),
                  theme.PARCHMENT, anchor="center")
        for rect, rules in self.cards:
            inner = draw_panel(surf, rect, t(rules.INFO.title_key), app.px(28))
            info = rules.INFO
            r = blit_text(surf, t("menu.players", min=info.min_players, max=info.max_players),
                          inner.topleft, app.px(18), theme.INK_SOFT, bold=True)
            draw_wrapped(surf, t(info.title_key + ".blurb"),
                         (inner.x, r.bottom + app.px(12), inner.w, inner.h - app.px(120)),
                         app.px(18), theme.INK)
        for b in self.buttons:
            b.draw(surf)
        blit_text(surf, t("menu.footer"), (w // 2, h - app.px(22)), app.px(16), theme.PARCHMENT,
                  anchor="center")
