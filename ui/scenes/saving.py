"""Named saves: the save dialog (Ctrl+S) and the load screen (a save opens to play on, or
its Replay steps through the game so far)."""
from __future__ import annotations

import re
import time
from pathlib import Path

import pygame

from games.core import safefile, saves
from games.core.errors import SaveError
from ui import theme, userdirs
from ui.app import Scene
from ui.scenes.common import draw_panel, draw_table
from ui.widgets import Button, TextField, blit_text


def safe_filename(name: str) -> str:
    """A file name from what the player typed (letters of any script kept)."""
    cleaned = re.sub(r"[^\w\- ]+", "", name, flags=re.UNICODE).strip().replace(" ", "_")
    return (cleaned or "save")[:60]


class SaveDialog(Scene):
    modal = True

    def __init__(self, app, match):
        super().__init__(app)
        self.match = match
        title = app.t(match.rules.INFO.title_key)
        self.default = f"{title} {time.strftime('%Y-%m-%d %H-%M')}"
        self.error = ""

    def layout(self, size):
        app, t = self.app, self.app.t
        w, h = size
        self.rect = pygame.Rect(0, 0, app.px(560), app.px(250))
        self.rect.center = (w // 2, h // 2)
        old = getattr(self, "field", None)
        self.field = TextField((self.rect.x + app.px(30), self.rect.y + app.px(90), self.rect.w - app.px(60),
                                app.px(44)), old.text if old else self.default, max_len=40,
                               size_px=app.px(18))
        self.field.focus = True
        bw, bh = app.px(170), app.px(46)
        y = self.rect.bottom - app.px(70)
        self.buttons = [
            Button((self.rect.centerx - bw - app.px(10), y, bw, bh), t("save.save"), self.save,
                   hotkey=pygame.K_RETURN),
            Button((self.rect.centerx + app.px(10), y, bw, bh), t("save.cancel"), self.app.pop,
                   hotkey=pygame.K_ESCAPE),
        ]

    def save(self):
        path = userdirs.saves_dir() / (safe_filename(self.field.text) + ".json")
        try:
            saves.write(path, self.match)
        except OSError as e:
            self.error = self.app.t("save.failed", why=e.strerror or str(e))
            return
        self.app.pop()
        self.app.notify(self.app.t("save.done", name=path.name))

    def handle(self, ev):
        if ev.type == pygame.KEYDOWN and ev.key in (pygame.K_RETURN, pygame.K_ESCAPE):
            for b in self.buttons:
                if b.handle(ev):
                    return
        if self.field.handle(ev):
            return
        for b in self.buttons:
            if b.handle(ev):
                return

    def draw(self, surf):
        shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))
        surf.blit(shade, (0, 0))
        inner = draw_panel(surf, self.rect, self.app.t("save.title"), self.app.px(26))
        del inner
        self.field.draw(surf)
        for b in self.buttons:
            b.draw(surf)
        if self.error:
            blit_text(surf, self.error, (self.rect.centerx, self.field.rect.bottom + self.app.px(8)),
                      self.app.px(15), theme.DANGER, anchor="midtop", max_width=self.rect.w - 40)


class LoadScene(Scene):
    """Every save in the saves folder with game, seats, date and turn; damaged ones say why.
    With `unfinished`: only the autosaves of unfinished games (the main menu's Continue when
    there are several). An autosave can be deleted by the player, after a confirmation."""

    def __init__(self, app, unfinished: bool = False):
        super().__init__(app)
        self.scroll = 0
        self.unfinished = unfinished
        self.refresh()

    def refresh(self):
        """Every entry named *.json in the saves folder, newest first, with its summary or why
        it cannot be opened: a damaged save, a link to nothing, a link loop, a FIFO, a folder,
        a device. Only regular files are ever opened, so no entry can stop the screen."""
        self.entries = []  # (path, summary or None, error)
        folder = userdirs.saves_dir()
        safefile.clean_stale_temporaries(folder)
        try:
            paths = [p for p in folder.iterdir() if p.name.endswith(".json")]
        except OSError as e:
            self.app.notify(f"{folder}: {e.strerror or e}")  # as SaveError messages, untranslated
            paths = []
        paths.sort(key=lambda p: (safefile.mtime_or_zero(p), p.name), reverse=True)
        if self.unfinished:
            from ui.scenes.menu import unfinished_games
            self.entries = [(Path(info["path"]), info, "") for info in unfinished_games(self.app, notify=False)]
            return
        for p in paths:
            problem = safefile.entry_problem(p)
            if problem is not None:
                self.entries.append((p, None, f"{saves.shown_name(p)}: {problem}"))
                continue
            try:
                self.entries.append((p, saves.summary(p), ""))
            except SaveError as e:
                self.entries.append((p, None, str(e)))

    def layout(self, size):
        app, t = self.app, self.app.t
        w, h = size
        self.panel = pygame.Rect(w // 2 - app.px(480), app.px(60), app.px(960), h - app.px(160))
        self.row_h = app.px(58)
        self.list_top = self.panel.y + app.px(80)
        self.rows_fit = max(1, (self.panel.bottom - app.px(24) - self.list_top) // self.row_h)
        self.buttons = [Button((w // 2 - app.px(110), self.panel.bottom + app.px(22), app.px(220),
                                app.px(48)), t("setup.back"), self.app.pop, hotkey=pygame.K_ESCAPE)]

    def row_rect(self, i):
        return pygame.Rect(self.panel.x + self.app.px(24), self.list_top + i * self.row_h,
                           self.panel.w - self.app.px(48), self.row_h - self.app.px(6))

    def replay_rect(self, i) -> pygame.Rect:
        r = self.row_rect(i)
        w = self.app.px(110)
        return pygame.Rect(r.right - self.app.px(180) - w, r.y + self.app.px(8), w, r.h - self.app.px(16))

    def entry_name(self, path: Path, info: dict | None) -> str:
        """A named save by its name; an autosave as the autosave of its game."""
        t = self.app.t
        if userdirs.is_autosave(path) and info is not None:
            from ui.scenes.menu import game_name
            if self.unfinished:  # every row is an autosave here: the game says it
                return game_name(t, info["game"])
            return t("load.autosave_of", game=game_name(t, info["game"]))
        if path.name == userdirs.LEGACY_AUTOSAVE:
            return t("load.autosave")
        return saves.shown_name(path)[:-5]

    def small_button(self, surf, rect, label: str, bg) -> None:
        app = self.app
        pygame.draw.rect(surf, theme.PARCHMENT if bg == theme.PARCHMENT_DARK else theme.PARCHMENT_DARK, rect,
                         border_radius=app.px(4))
        pygame.draw.rect(surf, theme.PANEL_BORDER, rect, 1, border_radius=app.px(4))
        blit_text(surf, label, rect.center, app.px(15), theme.INK, bold=True, anchor="center",
                  max_width=rect.w - app.px(6))

    def delete_rect(self, i) -> pygame.Rect:
        b = self.replay_rect(i)
        w = self.app.px(100)
        return pygame.Rect(b.x - self.app.px(8) - w, b.y, w, b.h)

    def deletable(self, k) -> bool:
        path, info, _ = self.entries[k]
        return info is not None and userdirs.is_autosave(path)

    def ask_delete(self, path: Path, info: dict):
        from ui.scenes.dialogs import Confirm
        from ui.scenes.menu import game_name
        t = self.app.t
        body = t("load.delete_body", game=game_name(t, info["game"]), seats=", ".join(info["seats"]),
                 ply=info["ply"])
        self.app.push(Confirm(self.app, t("load.delete_title"), body, t("load.delete"), t("save.cancel"),
                              lambda: self.delete(path)))

    def delete(self, path: Path):
        self.app.pop()  # the confirmation
        try:
            path.unlink()
        except FileNotFoundError:
            pass
        except OSError as e:
            self.app.notify(f"{saves.shown_name(path)}: {e.strerror or e}")
        else:
            self.app.notify(self.app.t("load.deleted", name=saves.shown_name(path)))
        self.refresh()
        self.scroll = max(0, min(self.scroll, len(self.entries) - self.rows_fit))

    def replay(self, path: Path):
        """The saved game from its first move (checked as a save is), in the replay screen."""
        from games.core.records import RecordsError
        from games.core.replay import Replay
        from ui.scenes.replay import ReplayScene
        try:
            replay = Replay.from_file(path)
        except (RecordsError, ValueError) as e:
            self.app.notify(str(e))
            return
        self.app.push(ReplayScene(self.app, replay))

    def open(self, path: Path):
        from ui.scenes.play import PlayScene
        try:
            match = saves.load(path)
        except SaveError as e:
            self.app.notify(str(e))
            return
        from ui.scenes.menu import MainMenu
        self.app.reset_to(MainMenu(self.app))
        self.app.push(PlayScene(self.app, match))

    def handle(self, ev):
        for b in self.buttons:
            if b.handle(ev):
                return
        if ev.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(len(self.entries) - self.rows_fit, self.scroll - ev.y))
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            for i in range(self.rows_fit):
                k = i + self.scroll
                if k < len(self.entries) and self.row_rect(i).collidepoint(ev.pos):
                    path, info, _ = self.entries[k]
                    if self.deletable(k) and self.delete_rect(i).collidepoint(ev.pos):
                        self.ask_delete(path, info)
                    elif info is not None and self.replay_rect(i).collidepoint(ev.pos):
                        self.replay(path)
                    elif info is not None:
                        self.open(path)
                    return

    def draw(self, surf):
        app, t = self.app, self.app.t
        draw_table(surf)
        inner = draw_panel(surf, self.panel, t("unfinished.title" if self.unfinished else "load.title"),
                           app.px(28))
        if not self.entries:
            blit_text(surf, t("unfinished.none" if self.unfinished else "load.none"), inner.topleft, app.px(18),
                      theme.INK_SOFT)
        mouse = pygame.mouse.get_pos()
        for i in range(self.rows_fit):
            k = i + self.scroll
            if k >= len(self.entries):
                break
            path, info, err = self.entries[k]
            r = self.row_rect(i)
            bg = theme.PARCHMENT_DARK if r.collidepoint(mouse) and info else theme.PARCHMENT
            pygame.draw.rect(surf, bg, r, border_radius=app.px(6))
            pygame.draw.rect(surf, theme.PANEL_BORDER, r, 1, border_radius=app.px(6))
            name = self.entry_name(path, info)
            blit_text(surf, name, (r.x + app.px(10), r.y + app.px(4)), app.px(17), theme.INK, bold=True,
                      max_width=r.w // 2)
            if info is None:
                blit_text(surf, err, (r.x + app.px(10), r.bottom - app.px(4)), app.px(14), theme.DANGER,
                          anchor="bottomleft", max_width=r.w - app.px(20))
                continue
            game = t(f"game.{info['game']}") if app.t.has(f"game.{info['game']}") else info["game"]
            detail = t("load.detail", game=game, seats=", ".join(info["seats"]), ply=info["ply"])
            if info["finished"]:
                detail += " · " + t("load.finished")
            b = self.replay_rect(i)
            left = b.x
            if self.deletable(k):
                left = self.delete_rect(i).x
                self.small_button(surf, self.delete_rect(i), t("load.delete"), bg)
            blit_text(surf, detail, (r.x + app.px(10), r.bottom - app.px(4)), app.px(14), theme.INK_SOFT,
                      anchor="bottomleft", max_width=left - r.x - app.px(20))
            self.small_button(surf, b, t("load.replay"), bg)
            blit_text(surf, info["saved_at"].replace("T", " "), (r.right - app.px(10), r.centery), app.px(15),
                      theme.INK_SOFT, anchor="midright")
        for b in self.buttons:
            b.draw(surf)
