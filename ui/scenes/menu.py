"""The main menu: continue an unfinished game, the games on the table (with their
player counts and rules), load, settings, quit."""
from __future__ import annotations

import pygame

from games.core import registry, saves
from games.core.errors import SaveError
from games.core.tutorial import has_tutorial
from ui import theme, userdirs
from ui.app import Scene
from ui.scenes.common import draw_panel, draw_table
from ui.widgets import Button, blit_text, draw_wrapped, wrap_lines


def unfinished_games(app, notify: bool = True) -> list[dict]:
    """The summaries of the unfinished autosaves, newest first: each game's in play, those
    set aside by a new game of their kind, and an old single autosave. A file that cannot be
    read is reported, never changed."""
    found = []
    for path in userdirs.autosave_paths():
        try:
            info = saves.summary(path)
        except SaveError as e:
            if notify:
                app.notify(str(e))
            continue
        if not info["finished"]:
            found.append(info)
    return found


class MainMenu(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.resumable = None  # summary of the newest unfinished autosave
        self.unfinished: list[dict] = []  # every unfinished game's, newest first

    def on_enter(self):
        self.unfinished = unfinished_games(self.app) if self.app.use_settings else []
        self.resumable = self.unfinished[0] if self.unfinished else None
        self.layout(self.app.size)

    def layout(self, size):
        app, t = self.app, self.app.t
        w, h = size
        self.buttons = []
        self.cards = []
        games = registry.table_games()
        gap = app.px(30)
        # cards shrink so that every game fits the window's width
        cw = min(app.px(300), (w - app.px(60) - (len(games) - 1) * gap) // max(1, len(games)))
        total = len(games) * cw + (len(games) - 1) * gap
        x = (w - total) // 2
        y = int(h * 0.21)
        # down to the row of buttons, above the line naming an unfinished game
        limit = h - app.px(112) - (app.px(26) if self.resumable else 0)
        ch = max(app.px(330), min(app.px(440), limit - y))  # room for a long name
        bw = cw - app.px(40)
        half = (bw - app.px(8)) // 2
        # Rules and Learn to play side by side when their words fit at the button's own
        # size, else each on a row of its own: a label is never drawn in a shrunken font
        bh = app.px(38)
        need = max(theme.font(int(bh * 0.42), True).size(t(k))[0] for k in ("menu.rules", "menu.learn"))
        self.stacked = need + int(bh * 0.5) + app.px(4) > half
        if self.stacked:
            bh = app.px(34)
        rows = 3 if self.stacked else 2
        step = bh + (app.px(6) if self.stacked else app.px(8))
        self.buttons_top = ch - app.px(22) - rows * step + (step - bh)  # from the card's top
        for rules in games:
            rect = pygame.Rect(x, y, cw, ch)
            self.cards.append((rect, rules))
            gid = rules.INFO.id
            bx = rect.x + app.px(20)
            top = rect.y + self.buttons_top
            self.buttons.append(Button((bx, top, bw, bh), t("menu.new_game"),
                                       lambda g=gid: self.new_game(g),
                                       hotkey=pygame.K_n if len(self.cards) == 1 else None))
            if self.stacked:
                rules_rect = (bx, top + step, bw, bh)
                learn_rect = (bx, top + 2 * step, bw, bh)
            else:
                rules_rect = (bx, top + step, half, bh)
                learn_rect = (bx + half + app.px(8), top + step, half, bh)
            self.buttons.append(Button(rules_rect, t("menu.rules"), lambda g=gid: self.rules(g)))
            self.buttons.append(Button(learn_rect, t("menu.learn"), lambda g=gid: self.learn(g),
                                       enabled=has_tutorial(gid)))
            x += cw + gap
        row = [("menu.continue", self.continue_, pygame.K_RETURN)] if self.resumable else []
        row += [("menu.load", self.load, None), ("menu.history", self.history, None),
                ("menu.settings", self.settings, None),
                ("menu.quit", self.app.request_quit, None)]
        bw, bh = app.px(190), app.px(46)
        x = w // 2 - (len(row) * (bw + app.px(16)) - app.px(16)) // 2
        for key, fn, hotkey in row:
            self.buttons.append(Button((x, h - app.px(96), bw, bh), t(key), fn, hotkey=hotkey))
            x += bw + app.px(16)

    def new_game(self, game_id):
        from ui.scenes.setup import NewGame
        self.app.push(NewGame(self.app, game_id))

    def learn(self, game_id):
        open_tutorial(self.app, game_id)

    def rules(self, game_id):
        from ui.scenes.rules import RulesScene
        self.app.push(RulesScene(self.app, game_id))

    def continue_(self):
        """One unfinished game: on with it; several: the list of them to choose from."""
        if len(self.unfinished) > 1:
            from ui.scenes.saving import LoadScene
            self.app.push(LoadScene(self.app, unfinished=True))
        else:
            self.resume()

    def resume(self, path=None):
        """Play on from an autosave (the newest unfinished one by default)."""
        from ui.scenes.play import PlayScene
        if path is None:
            path = self.resumable["path"] if self.resumable else userdirs.autosave_path()
        try:
            match = saves.load(path)
        except SaveError as e:
            self.app.notify(str(e))
            self.on_enter()
            return
        self.app.push(PlayScene(self.app, match))

    def load(self):
        from ui.scenes.saving import LoadScene
        self.app.push(LoadScene(self.app))

    def history(self):
        from ui.scenes.history import HistoryScene
        self.app.push(HistoryScene(self.app))

    def settings(self):
        from ui.scenes.settings import SettingsScene
        self.app.push(SettingsScene(self.app))

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
        blit_text(surf, t("app.title"), (w // 2, int(h * 0.09)), app.px(44), theme.PARCHMENT,
                  bold=True, anchor="center")
        blit_text(surf, t("menu.choose_game"), (w // 2, int(h * 0.17)), app.px(22),
                  theme.PARCHMENT, anchor="center")
        blurbs = []
        for rect, rules in self.cards:
            inner = draw_panel(surf, rect, None, app.px(28))
            info = rules.INFO
            title = t(info.title_key)
            size = app.px(28)
            if theme.font(size, True).size(title)[0] > inner.w:  # a long name takes two lines
                size = app.px(21)
            used = draw_wrapped(surf, title, (inner.x, inner.y, inner.w, int(size * 1.15 * 4) + 1), size, theme.INK,
                                bold=True, line_gap=1.15)
            players = t("menu.players", min=1 if info.has_automa else info.min_players, max=info.max_players)
            r = blit_text(surf, players, (inner.x, inner.y + used + app.px(8)), app.px(18), theme.INK_SOFT,
                          bold=True, max_width=inner.w)
            if info.has_automa:  # the solo game is against the game's automa, named
                gid = info.id
                who = t(f"menu.automa.{gid}") if t.has(f"menu.automa.{gid}") else t(f"automa.{gid}") \
                    if t.has(f"automa.{gid}") else t("kind.automa")
                used2 = draw_wrapped(surf, t("menu.solo_against", automa=who),
                                     (inner.x, r.bottom + app.px(2), inner.w, app.px(40)), app.px(16),
                                     theme.INK_SOFT)
                r = pygame.Rect(r.x, r.bottom + app.px(2), r.w, used2)
            buttons_top = rect.y + self.buttons_top
            blurbs.append((t(info.title_key + ".blurb"),
                           (inner.x, r.bottom + app.px(10), inner.w, buttons_top - r.bottom - app.px(16))))
        # one size for every card's blurb: the largest at which each fits whole
        size = min((fitting_size(text, rr, (app.px(18), app.px(16))) for text, rr in blurbs),
                   default=app.px(18))
        for text, rr in blurbs:
            draw_wrapped(surf, text, rr, size, theme.INK)
        if self.resumable:
            info = self.resumable
            if len(self.unfinished) > 1:
                text = t("menu.unfinished", n=len(self.unfinished),
                         games=", ".join(game_name(t, u["game"]) for u in self.unfinished))
            else:
                text = t("menu.continue_detail", game=game_name(t, info["game"]), seats=", ".join(info["seats"]),
                         ply=info["ply"])
            blit_text(surf, text, (w // 2, h - app.px(110)), app.px(16), theme.PARCHMENT,
                      anchor="midbottom", max_width=w - app.px(40))
        for b in self.buttons:
            b.draw(surf)
        blit_text(surf, t("menu.footer"), (w // 2, h - app.px(22)), app.px(16), theme.PARCHMENT,
                  anchor="center")


def game_name(t, gid: str) -> str:
    return t(f"game.{gid}") if t.has(f"game.{gid}") else gid


def fitting_size(text: str, rect, sizes) -> int:
    """The first of `sizes` (px, largest first) at which `text` wraps into `rect` whole."""
    rect = pygame.Rect(rect)
    for size in sizes:
        if len(wrap_lines(text, rect.w, size)) * int(size * 1.25) <= rect.h:
            return size
    return sizes[-1]


def open_tutorial(app, game_id: str) -> None:
    """Start a game's tutorial; a missing or broken tutorial file gives a message instead."""
    from games.core.errors import DataError
    from ui.scenes.tutorial import TutorialScene
    try:
        app.push(TutorialScene(app, game_id))
    except DataError as e:
        app.notify(str(e))
    except FileNotFoundError:
        app.notify(app.t("tutorial.missing"))
