"""History: every finished game, newest first, filtered by game, opponent and result.

A row opens the game's replay; its × deletes it (a second click confirms). The list is
read a page at a time from games.core.records, so it opens at once whatever the number
of games recorded.
"""
from __future__ import annotations

import pygame

from games.core import registry
from ui import theme
from ui.app import Scene
from ui.scenes.common import draw_panel, draw_table
from ui.scenes.stats import OPPONENTS, game_name, opponent_name, tt
from ui.widgets import Button, Cycle, blit_text

RESULTS = ("", "win", "loss")
PAGE = 200  # rows read at a time; scrolling near the end reads the next page


class HistoryScene(Scene):
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
            self.app.notify(tt(self.app, "history.no_table", "This game has no table to replay it on yet."))
            return
        rec = self._with_db(lambda db: db.get(row["id"]))
        if rec is None:
            self.app.notify(self.error or tt(self.app, "history.gone", "This game is no longer recorded."))
            return
        try:
            replay = Replay.from_record(rec)
        except (ValueError, LookupError) as e:  # recorded with other game data
            self.app.notify(tt(self.app, "history.no_replay", "This game cannot be replayed: {why}", why=str(e)))
            return
        humans = [s["seat"] for s in rec["seats"] if s["kind"] == "human"]
        self.app.push(ReplayScene(self.app, replay, viewer=humans[0] if humans else 0))

    def delete(self, row: dict) -> None:
        if self.confirm != row["id"]:
            self.confirm = row["id"]
            return
        self._with_db(lambda db: db.delete(row["id"]))
        self.refresh(keep=len(self.rows))

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
        self.rows_fit = max(1, (self.panel.bottom - app.px(24) - self.list_top) // self.row_h)
        y, ch = self.panel.bottom + app.px(18), app.px(40)
        cw = app.px(220)
        x = self.panel.x
        self.cycles = [
            Cycle((x, y, cw, ch), self.games, [game_name(app, g) for g in self.games],
                  self.games.index(self.game), lambda v: self.set_filter("game", v)),
            Cycle((x + cw + app.px(10), y, cw, ch), list(OPPONENTS), [opponent_name(app, o) for o in OPPONENTS],
                  OPPONENTS.index(self.opponent), lambda v: self.set_filter("opponent", v)),
            Cycle((x + 2 * (cw + app.px(10)), y, app.px(160), ch), list(RESULTS),
                  [tt(app, f"history.result.{r or 'any'}", {"": "Any result", "win": "Won", "loss": "Lost"}[r])
                   for r in RESULTS], RESULTS.index(self.result), lambda v: self.set_filter("result", v)),
        ]
        bw = app.px(160)
        self.buttons = [
            Button((self.panel.right - 2 * bw - app.px(10), y, bw, ch), tt(app, "history.stats", "Statistics"),
                   self.open_stats, hotkey=pygame.K_s),
            Button((self.panel.right - bw, y, bw, ch), app.t("setup.back"), self.app.pop, hotkey=pygame.K_ESCAPE),
        ]
        self.scroll = min(self.scroll, max(0, len(self.rows) - self.rows_fit))

    def row_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(self.panel.x + self.app.px(24), self.list_top + i * self.row_h,
                           self.panel.w - self.app.px(48), self.row_h - self.app.px(6))

    def delete_rect(self, i: int) -> pygame.Rect:
        r = self.row_rect(i)
        s = r.h - self.app.px(14)
        return pygame.Rect(r.right - s - self.app.px(8), r.centery - s // 2, s, s)

    def handle(self, ev):
        for wdg in (*self.buttons, *self.cycles):
            if wdg.handle(ev):
                return
        if ev.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(len(self.rows) - self.rows_fit, self.scroll - ev.y))
            if self.scroll + self.rows_fit >= len(self.rows):
                self.read_more()
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            for i in range(self.rows_fit):
                k = i + self.scroll
                if k >= len(self.rows) or not self.row_rect(i).collidepoint(ev.pos):
                    continue
                if self.delete_rect(i).collidepoint(ev.pos):
                    self.delete(self.rows[k])
                else:
                    self.open(self.rows[k])
                return

    # --- drawing ----------------------------------------------------------------
    def draw(self, surf):
        app = self.app
        draw_table(surf)
        inner = draw_panel(surf, self.panel, tt(app, "history.title", "History"), app.px(28))
        for wdg in (*self.buttons, *self.cycles):
            wdg.draw(surf)
        if self.error or not self.rows:
            text = self.error or tt(app, "history.none", "No finished games yet: they appear here when played.")
            blit_text(surf, text, inner.topleft, app.px(18), theme.DANGER if self.error else theme.INK_SOFT,
                      max_width=inner.w)
            return
        mouse = pygame.mouse.get_pos()
        for i in range(self.rows_fit):
            k = i + self.scroll
            if k >= len(self.rows):
                break
            self.draw_row(surf, i, self.rows[k], mouse)

    def draw_row(self, surf, i: int, row: dict, mouse) -> None:
        app = self.app
        r = self.row_rect(i)
        pygame.draw.rect(surf, theme.PARCHMENT_DARK if r.collidepoint(mouse) else theme.PARCHMENT, r,
                         border_radius=app.px(6))
        pygame.draw.rect(surf, theme.PANEL_BORDER, r, 1, border_radius=app.px(6))
        people = [s for s in row["seats"] if s["kind"] == "human"]
        won = any(s["winner"] for s in people)
        mark = (tt(app, "history.won", "won") if won else tt(app, "history.lost", "lost")) if people else ""
        title = game_name(app, row["game"]) + (f" · {mark}" if mark else "")
        blit_text(surf, title, (r.x + app.px(10), r.y + app.px(4)), app.px(17),
                  theme.OK if won else theme.INK, bold=True, max_width=r.w // 2)
        seats = "  ·  ".join(f"{s['name']} {s['score']}{' ★' if s['winner'] else ''}" for s in row["seats"])
        blit_text(surf, seats, (r.x + app.px(10), r.bottom - app.px(4)), app.px(14), theme.INK_SOFT,
                  anchor="bottomleft", max_width=r.w - app.px(260))
        when = row["played_at"].replace("T", " ").rstrip("Z")[:16]
        blit_text(surf, when, (r.right - app.px(56), r.centery), app.px(15), theme.INK_SOFT, anchor="midright")
        d = self.delete_rect(i)
        ask = self.confirm == row["id"]
        pygame.draw.rect(surf, theme.DANGER if ask else theme.PARCHMENT_DARK, d, border_radius=app.px(4))
        blit_text(surf, "?" if ask else "×", d.center, app.px(18), theme.WHITE if ask else theme.INK, bold=True,
                  anchor="center")
