"""Modal dialogs: a yes/no confirmation, and the quit confirmation built on it."""
from __future__ import annotations

import pygame

from ui import theme
from ui.app import Scene
from ui.scenes.common import draw_panel
from ui.widgets import Button, blit_text, wrap_lines


class Confirm(Scene):
    """A question over the scene below; Enter or `yes` does it, Esc or `no` cancels."""

    modal = True

    def __init__(self, app, title: str, body: str, yes: str, no: str, on_yes=None):
        super().__init__(app)
        self.title, self.body, self.yes, self.no = title, body, yes, no
        self.on_yes = on_yes

    def layout(self, size):
        app = self.app
        w, h = size
        # tall enough for the question in either language
        lines = len(wrap_lines(self.body, app.px(520) - 2 * max(22, int(app.px(26) * 0.9)), app.px(18)))
        self.rect = pygame.Rect(0, 0, app.px(520), app.px(200) + max(0, lines - 1) * int(app.px(18) * 1.25))
        self.rect.center = (w // 2, h // 2)
        bw, bh = app.px(170), app.px(46)
        y = self.rect.bottom - app.px(70)
        self.buttons = [
            Button((self.rect.centerx - bw - app.px(10), y, bw, bh), self.yes, self.confirm,
                   hotkey=pygame.K_RETURN),
            Button((self.rect.centerx + app.px(10), y, bw, bh), self.no, self.app.pop,
                   hotkey=pygame.K_ESCAPE),
        ]

    def confirm(self):
        if self.on_yes:
            self.on_yes()

    def handle(self, ev):
        for b in self.buttons:
            if b.handle(ev):
                return

    def draw(self, surf):
        shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))
        surf.blit(shade, (0, 0))
        app = self.app
        inner = draw_panel(surf, self.rect, self.title, app.px(26))
        y = inner.y
        for line in wrap_lines(self.body, inner.w, app.px(18)):
            blit_text(surf, line, (inner.x, y), app.px(18), theme.INK, max_width=inner.w)
            y += int(app.px(18) * 1.25)
        for b in self.buttons:
            b.draw(surf)


def game_kept(app) -> bool:
    """Whether every game in progress on the stack is autosaved (so leaving keeps it)."""
    playing = [s for s in app.scenes if s.wants_quit_confirm()]
    return bool(playing) and all(getattr(s, "autosave", False) and not getattr(s, "autosave_failed", False)
                                 for s in playing)


class QuitConfirm(Confirm):
    """'Leave this game?' saying what happens to it: kept for Continue when it is autosaved,
    lost otherwise (a tutorial, a failed autosave)."""

    def __init__(self, app, quit_app: bool = False, on_leave=None):
        t = app.t
        body = t("quit.body_kept") if game_kept(app) else t("quit.body")
        super().__init__(app, t("quit.app_title" if quit_app else "quit.title"), body, t("quit.yes"),
                         t("quit.no"), self.leave)
        self.quit_app = quit_app
        self.on_leave = on_leave

    def leave(self):
        if self.quit_app:
            self.app.running = False
        elif self.on_leave:
            self.on_leave()
