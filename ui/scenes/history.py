"""History: every finished game, newest first, filtered by game, opponent and result.

A row opens the game's replay; its Export writes it as a file in the user data folder's
exports/ (to send to a friend); its × deletes it (a second click confirms). Import lists
the record files in imports/ and exports/ to pick from: a file is checked in full (as
games.core.records reads it) before anything is written, so a bad one changes nothing.
The list is read a page at a time, so it opens at once whatever the number of games.
"""
from __future__ import annotations

from pathlib import Path

import pygame

from games.core import registry, safefile
from ui import theme, userdirs
from ui.app import Scene
from ui.scenes.common import draw_panel, draw_table
from ui.scenes.stats import OPPONENTS, game_name, opponent_name
from ui.widgets import Button, Cycle, blit_text, draw_wrapped

RESULTS = ("", "win", "loss")
EXPORTS, IMPORTS = "exports", "imports"  # folders beside the saves
PAGE = 200  # rows read at a time; scrolling near the end reads the next page


def travel_dir(name: str) -> Path:
    """The user data folder's exports/ or imports/ (created on first use)."""
    folder = userdirs.saves_dir().parent / name
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def export_name(row: dict) -> str:
    """A file name that says what the game is: gwt_el_paso_2026-11-27_15-04_12.json."""
    stamp = row["played_at"][:16].replace("T", "_").replace(":", "-").replace(" ", "_")
    return f"{row['game']}_{stamp}_{row['id']}.json"


class RowList:
    """A panel's list of equal rows under `list_top` that scrolls with the wheel; the
    scene names its items (list_items) and sets panel, list_top and row_h in layout."""
    scroll = 0

    def list_items(self) -> list:
        raise NotImplementedError

    def fit_rows(self) -> None:
        self.rows_fit = max(1, (self.panel.bottom - self.app.px(24) - self.list_top) // self.row_h)
        self.scroll = min(self.scroll, max(0, len(self.list_items()) - self.rows_fit))

    def row_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(self.panel.x + self.app.px(24), self.list_top + i * self.row_h,
                           self.panel.w - self.app.px(48), self.row_h - self.app.px(6))

    def shown(self):
        """(row on screen, index of its item) for each item in sight."""
        n = len(self.list_items())
        return [(i, i + self.scroll) for i in range(self.rows_fit) if i + self.scroll < n]

    def wheel(self, ev) -> None:
        self.scroll = max(0, min(len(self.list_items()) - self.rows_fit, self.scroll - ev.y))


class HistoryScene(RowList, Scene):
    def __init__(self, app, records=None):
        super().__init__(app)
        self.records = records
        self.games = [""] + list(registry.game_ids())
        self.game = self.opponent = self.result = ""
        self.rows: list[dict] = []
        self.more = False
        self.scroll = 0
        self.confirm: int | None = None  # the game whose × was clicked once
        self.error = ""
        self.rows_fit = 1
        self.refresh()

    # --- data ---------------------------------------------------------------
    def _db(self):
        from games.core.records import Records
        return self.records if self.records is not None else Records()

    def _with_db(self, fn):
        from games.core.records import RecordsError
        db = self._db()
        try:
            return fn(db)
        except RecordsError as e:
            self.error = str(e)
            return None
        finally:
            for msg in db.messages:
                self.app.notify(msg)
            db.messages.clear()
            if self.records is None:
                db.close()

    def refresh(self, keep: int = 0):
        self.error = ""
        rows = self._with_db(lambda db: db.list_games(self.game or None, self.opponent or None,
                                                      self.result or None, limit=max(PAGE, keep) + 1))
        rows = rows or []
        self.more = len(rows) > max(PAGE, keep)
        self.rows = rows[:max(PAGE, keep)]
        self.scroll = min(self.scroll, max(0, len(self.rows) - self.rows_fit))
        self.confirm = None

    def read_more(self):
        if self.more:
            self.refresh(keep=len(self.rows) + PAGE)

    def set_filter(self, name: str, value) -> None:
        setattr(self, name, value)
        self.scroll = 0
        self.refresh()

    def open(self, row: dict) -> None:
        from games.core.replay import Replay
        from ui.scenes.replay import ReplayScene
        if row["game"] not in registry.table_ids():  # played from the command line only
            self.app.notify(self.app.t("history.no_table"))
            return
        rec = self._with_db(lambda db: db.get(row["id"]))
        if rec is None:
            self.app.notify(self.error or self.app.t("history.gone"))
            return
        try:
            replay = Replay.from_record(rec)
        except (ValueError, LookupError) as e:  # recorded with other game data
            self.app.notify(self.app.t("history.no_replay", why=str(e)))
            return
        humans = [s["seat"] for s in rec["seats"] if s["kind"] == "human"]
        self.app.push(ReplayScene(self.app, replay, viewer=humans[0] if humans else 0))

    def delete(self, row: dict) -> None:
        if self.confirm != row["id"]:
            self.confirm = row["id"]
            return
        self._with_db(lambda db: db.delete(row["id"]))
        self.refresh(keep=len(self.rows))

    def on_enter(self):  # back from a replay or an import: the list may have changed
        self.refresh(keep=len(self.rows))

    def export(self, row: dict) -> Path | None:
        """Write one game to exports/; where it went, shown in a notification."""
        from games.core.records import RecordsError
        try:
            folder = travel_dir(EXPORTS)
        except OSError as e:
            self.app.notify(f"{EXPORTS}: {e.strerror or e}")
            return None
        path = folder / export_name(row)
        db = self._db()
        try:
            db.export(row["id"], path)
        except RecordsError as e:
            self.app.notify(str(e))
            return None
        finally:
            if self.records is None:
                db.close()
        self.app.notify(self.app.t("history.exported", name=path.name, folder=str(folder)), seconds=10.0)
        return path

    def import_file(self, path: Path) -> str:
        """Record the game in `path`; "" when done, else why not (nothing changed)."""
        from games.core.records import RecordsError
        db = self._db()
        try:
            before = db.count()
            db.import_(path)
            new = db.count() > before  # the same game is stored once
        except RecordsError as e:
            return str(e)
        finally:
            for msg in db.messages:
                self.app.notify(msg)
            db.messages.clear()
            if self.records is None:
                db.close()
        self.app.notify(self.app.t("history.imported" if new else "history.already"))
        return ""

    def open_import(self):
        self.app.push(ImportScene(self.app, self))

    def open_stats(self):
        from ui.scenes.stats import StatsScene
        self.app.push(StatsScene(self.app, self.game or None, self.records))

    # --- layout and input ---------------------------------------------------------
    def layout(self, size):
        app = self.app
        w, h = size
        self.panel = pygame.Rect(w // 2 - min(w // 2 - app.px(20), app.px(560)), app.px(20),
                                 min(w - app.px(40), app.px(1120)), h - app.px(100))
        self.row_h = app.px(54)
        self.list_top = self.panel.y + app.px(76)
        self.fit_rows()
        y, ch = self.panel.bottom + app.px(18), app.px(40)
        cw = app.px(220)
        x = self.panel.x
        self.cycles = [
            Cycle((x, y, cw, ch), self.games, [game_name(app, g) for g in self.games],
                  self.games.index(self.game), lambda v: self.set_filter("game", v)),
            Cycle((x + cw + app.px(10), y, cw, ch), list(OPPONENTS), [opponent_name(app, o) for o in OPPONENTS],
                  OPPONENTS.index(self.opponent), lambda v: self.set_filter("opponent", v)),
            Cycle((x + 2 * (cw + app.px(10)), y, app.px(200), ch), list(RESULTS),
                  [app.t(f"history.result.{r or 'any'}")
                   for r in RESULTS], RESULTS.index(self.result), lambda v: self.set_filter("result", v)),
        ]
        bw = app.px(140)
        self.buttons = [
            Button((self.panel.right - 3 * bw - app.px(20), y, bw, ch), app.t("history.import"),
                   self.open_import, hotkey=pygame.K_i),
            Button((self.panel.right - 2 * bw - app.px(10), y, bw, ch), app.t("history.stats"),
                   self.open_stats, hotkey=pygame.K_s),
            Button((self.panel.right - bw, y, bw, ch), app.t("setup.back"), self.app.pop, hotkey=pygame.K_ESCAPE),
        ]

    def list_items(self) -> list:
        return self.rows

    def delete_rect(self, i: int) -> pygame.Rect:
        r = self.row_rect(i)
        s = r.h - self.app.px(14)
        return pygame.Rect(r.right - s - self.app.px(8), r.centery - s // 2, s, s)

    def export_rect(self, i: int) -> pygame.Rect:
        d = self.delete_rect(i)
        w = self.app.px(100)
        return pygame.Rect(d.x - self.app.px(230) - w, d.y, w, d.h)

    def handle(self, ev):
        for wdg in (*self.buttons, *self.cycles):
            if wdg.handle(ev):
                return
        if ev.type == pygame.MOUSEWHEEL:
            self.wheel(ev)
            if self.scroll + self.rows_fit >= len(self.rows):
                self.read_more()
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            for i, k in self.shown():
                if not self.row_rect(i).collidepoint(ev.pos):
                    continue
                if self.delete_rect(i).collidepoint(ev.pos):
                    self.delete(self.rows[k])
                elif self.export_rect(i).collidepoint(ev.pos):
                    self.export(self.rows[k])
                else:
                    self.open(self.rows[k])
                return

    # --- drawing ----------------------------------------------------------------
    def draw(self, surf):
        app = self.app
        draw_table(surf)
        inner = draw_panel(surf, self.panel, app.t("history.title"), app.px(28))
        for wdg in (*self.buttons, *self.cycles):
            wdg.draw(surf)
        if self.error or not self.rows:
            text = self.error or app.t("history.none")
            blit_text(surf, text, inner.topleft, app.px(18), theme.DANGER if self.error else theme.INK_SOFT,
                      max_width=inner.w)
            return
        mouse = pygame.mouse.get_pos()
        for i, k in self.shown():
            self.draw_row(surf, i, self.rows[k], mouse)

    def draw_row(self, surf, i: int, row: dict, mouse) -> None:
        app = self.app
        r = self.row_rect(i)
        pygame.draw.rect(surf, theme.PARCHMENT_DARK if r.collidepoint(mouse) else theme.PARCHMENT, r,
                         border_radius=app.px(6))
        pygame.draw.rect(surf, theme.PANEL_BORDER, r, 1, border_radius=app.px(6))
        people = [s for s in row["seats"] if s["kind"] == "human"]
        won = any(s["winner"] for s in people)
        mark = (app.t("history.won") if won else app.t("history.lost")) if people else ""
        title = game_name(app, row["game"]) + (f" · {mark}" if mark else "")
        blit_text(surf, title, (r.x + app.px(10), r.y + app.px(4)), app.px(17),
                  theme.OK if won else theme.INK, bold=True, max_width=r.w // 2)
        seats = "  ·  ".join(f"{s['name']} {s['score']}{' ★' if s['winner'] else ''}" for s in row["seats"])
        blit_text(surf, seats, (r.x + app.px(10), r.bottom - app.px(4)), app.px(14), theme.INK_SOFT,
                  anchor="bottomleft", max_width=self.export_rect(i).x - r.x - app.px(20))
        e = self.export_rect(i)
        pygame.draw.rect(surf, theme.PARCHMENT_DARK, e, border_radius=app.px(4))
        pygame.draw.rect(surf, theme.PANEL_BORDER, e, 1, border_radius=app.px(4))
        blit_text(surf, app.t("history.export"), e.center, app.px(14), theme.INK, bold=True, anchor="center",
                  max_width=e.w - app.px(6))
        when = row["played_at"].replace("T", " ").rstrip("Z")[:16]
        if row["duration"]:  # time at the table, when it was counted
            when += " · " + app.t("history.minutes", n=max(1, round(row["duration"] / 60)))
        blit_text(surf, when, (r.right - app.px(56), r.centery), app.px(15), theme.INK_SOFT, anchor="midright")
        d = self.delete_rect(i)
        ask = self.confirm == row["id"]
        pygame.draw.rect(surf, theme.DANGER if ask else theme.PARCHMENT_DARK, d, border_radius=app.px(4))
        blit_text(surf, "?" if ask else "×", d.center, app.px(18), theme.WHITE if ask else theme.INK, bold=True,
                  anchor="center")


class ImportScene(RowList, Scene):
    """The record files (.json) in imports/ and exports/, newest first: a click imports one.
    A refused file stays listed with the reason; nothing is recorded from it."""

    def __init__(self, app, history: HistoryScene):
        super().__init__(app)
        self.history = history
        self.scroll = 0
        self.problems: dict[Path, str] = {}
        self.refresh()

    def refresh(self):
        self.folders, self.files = [], []
        for name in (IMPORTS, EXPORTS):
            try:
                folder = travel_dir(name)
                self.folders.append(folder)
                self.files += [p for p in folder.iterdir() if p.name.endswith(".json")]
            except OSError as e:
                self.app.notify(f"{name}: {e.strerror or e}")
        self.files.sort(key=lambda p: (safefile.mtime_or_zero(p), p.name), reverse=True)
        for p in self.files:  # links to nothing, folders, devices: never opened
            problem = safefile.entry_problem(p)
            if problem is not None:
                self.problems[p] = f"{p.name}: {problem}"

    def pick(self, path: Path) -> None:
        if path in self.problems:
            self.app.notify(self.problems[path])
            return
        why = self.history.import_file(path)
        if why:
            self.problems[path] = why
            self.app.notify(why)
            return
        self.app.pop()  # back to the history, which reads the list again

    def layout(self, size):
        app = self.app
        w, h = size
        self.panel = pygame.Rect(w // 2 - min(w // 2 - app.px(20), app.px(480)), app.px(40),
                                 min(w - app.px(40), app.px(960)), h - app.px(140))
        self.row_h = app.px(50)
        self.list_top = self.panel.y + app.px(120)
        self.fit_rows()
        self.buttons = [Button((w // 2 - app.px(110), self.panel.bottom + app.px(22), app.px(220), app.px(46)),
                               app.t("setup.back"), self.app.pop, hotkey=pygame.K_ESCAPE)]

    def list_items(self) -> list:
        return self.files

    def handle(self, ev):
        for b in self.buttons:
            if b.handle(ev):
                return
        if ev.type == pygame.MOUSEWHEEL:
            self.wheel(ev)
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            for i, k in self.shown():
                if self.row_rect(i).collidepoint(ev.pos):
                    self.pick(self.files[k])
                    return

    def draw(self, surf):
        app = self.app
        draw_table(surf)
        inner = draw_panel(surf, self.panel, app.t("history.import_title"), app.px(28))
        folders = [str(f) for f in self.folders] + ["", ""]
        draw_wrapped(surf, app.t("history.import_hint", folder=folders[0], exports=folders[1]),
                     (inner.x, inner.y, inner.w, self.list_top - inner.y - app.px(6)), app.px(16), theme.INK_SOFT)
        if not self.files:
            blit_text(surf, app.t("history.import_none"), (inner.x, self.list_top), app.px(18), theme.INK_SOFT,
                      max_width=inner.w)
        mouse = pygame.mouse.get_pos()
        for i, k in self.shown():
            path, r = self.files[k], self.row_rect(i)
            problem = self.problems.get(path, "")
            pygame.draw.rect(surf, theme.PARCHMENT_DARK if r.collidepoint(mouse) else theme.PARCHMENT, r,
                             border_radius=app.px(6))
            pygame.draw.rect(surf, theme.PANEL_BORDER, r, 1, border_radius=app.px(6))
            blit_text(surf, path.name, (r.x + app.px(10), r.y + app.px(3)), app.px(16), theme.INK, bold=True,
                      max_width=r.w - app.px(20))
            blit_text(surf, problem or path.parent.name + "/", (r.x + app.px(10), r.bottom - app.px(3)), app.px(13),
                      theme.DANGER if problem else theme.INK_SOFT, anchor="bottomleft", max_width=r.w - app.px(20))
        for b in self.buttons:
            b.draw(surf)
