"""Replay of a finished game (or a save): the table at any step, as each seat saw it, or
every seat's table at once (all hands open).

Steps forward and back (arrows), jumps to the start or the end (Home, End) or to any
step (a click on the score chart), plays on at a chosen speed (Space), and switches the
seat whose view is shown. The table is the play scene's own, with its input switched
off; the positions come from games.core.replay (snapshots every few steps, so stepping
back is as fast as forward).
"""
from __future__ import annotations

import pygame

from games.core.replay import Replay
from ui import theme
from ui.app import Scene
from ui.scenes.play import PlayScene
from ui.scenes.stats import line_chart
from ui.widgets import Button, Cycle, blit_text

SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)  # steps a second while playing
ALL_HANDS = -1  # the seat choice that shows every seat's table at once


class ReplayTable(PlayScene):
    """The play scene showing a position: no legal targets, no bots, no undo, no results."""
    POINTER_LAYER = False  # the replay's controls are drawn over it

    def __init__(self, app, match, viewer):
        super().__init__(app, match, viewer=viewer, animate=False)
        self.results_shown = True
        self.first_handoff = False
        self.autosave = False

    def layout(self, size):
        self._size = size
        super().layout(size)
        # menu, save, undo ... belong to a live game: only the log's switch stays
        log = self.tr("play.log")
        self.buttons = [b for b in self.buttons if b.label == log]

    def toggle_log(self):
        self.show_log = not self.show_log
        self.layout(self._size)

    def my_legal(self) -> list:
        return []

    def update(self, dt):
        pass

    def prompt_text(self) -> str:
        """What the game waited for at this step (nobody is thinking in a replay)."""
        if self.match.is_over():
            return self.tr("play.game_over")
        key, args = self.rules.prompt(self.match.state)
        return self.tr(key, **args)

    def show(self, match, viewer) -> None:
        self.match, self.viewer = match, viewer
        self._changes += 1


class ReplayScene(Scene):
    def __init__(self, app, replay: Replay, step: int | None = None, viewer: int = 0):
        super().__init__(app)
        self.replay = replay
        self.step = replay.steps if step is None else max(0, min(step, replay.steps))
        seats = replay.config.seats
        humans = [i for i, s in enumerate(seats) if s.is_human]
        self.viewer = viewer if 0 <= viewer < len(seats) or viewer == ALL_HANDS else (humans[0] if humans else 0)
        self.table = ReplayTable(app, replay.match_at(self.step), max(0, self.viewer))
        self._sheet = None  # (key, surface): every seat's table at this step, drawn once
        self.playing = False
        self.speed = 1
        self.clock = 0.0
        self.progress = replay.score_progress()
        self.game_id = replay.rules.INFO.id  # F1 opens this game's rules

    # --- stepping -------------------------------------------------------------
    def go(self, step: int) -> None:
        step = max(0, min(step, self.replay.steps))
        if step != self.step:
            self.step = step
            self.table.show(self.replay.match_at(step), max(0, self.viewer))
        if step == self.replay.steps:
            self.playing = False

    def set_viewer(self, seat: int) -> None:
        self.viewer = seat
        if seat != ALL_HANDS:
            self.table.show(self.table.match, seat)

    def set_speed(self, index: int) -> None:
        self.speed = index

    def toggle_play(self) -> None:
        if self.step >= self.replay.steps:
            self.go(0)
        self.playing = not self.playing
        self.clock = 0.0

    def update(self, dt):
        if self.playing:
            self.clock += dt * SPEEDS[self.speed]
            while self.clock >= 1.0 and self.playing:
                self.clock -= 1.0
                self.go(self.step + 1)

    def frame_key(self):
        return (self.step, self.viewer, self.speed, self.playing, self.table.show_log, self.table._changes)

    # --- layout and input -------------------------------------------------------
    def layout(self, size):
        app = self.app
        w, h = size
        self.bar = pygame.Rect(0, h - app.px(150), w, app.px(150))
        self.table_rect = pygame.Rect(0, 0, w, self.bar.y)
        self.table.layout(self.table_rect.size)
        bh, gap = app.px(38), app.px(8)
        y = self.bar.y + app.px(8)
        x = app.px(12)
        specs = [("|<", lambda: self.go(0), pygame.K_HOME), ("<", lambda: self.go(self.step - 1), pygame.K_LEFT),
                 ("play", self.toggle_play, pygame.K_SPACE), (">", lambda: self.go(self.step + 1), pygame.K_RIGHT),
                 (">|", lambda: self.go(self.replay.steps), pygame.K_END)]
        self.buttons = []
        for label, fn, key in specs:
            bw = app.px(110) if label == "play" else app.px(52)
            text = app.t("replay.play") if label == "play" else label
            self.buttons.append(Button((x, y, bw, bh), text, fn, hotkey=key))
            x += bw + gap
        seats = self.replay.config.seats
        self.speed_cycle = Cycle((x, y, app.px(110), bh), list(range(len(SPEEDS))),
                                 [f"{s:g}×" for s in SPEEDS], self.speed, self.set_speed)
        x += app.px(110) + gap
        self.seat_cycle = Cycle((x, y, app.px(230), bh), [*range(len(seats)), ALL_HANDS],
                                [app.t("replay.seat", name=s.name) for s in seats] + [app.t("replay.all_hands")],
                                self.viewer if self.viewer != ALL_HANDS else len(seats), self.set_viewer)
        self.buttons.append(Button((w - app.px(142), y, app.px(130), bh), app.t("setup.back"), self.app.pop,
                                   hotkey=pygame.K_ESCAPE))
        self.chart_rect = pygame.Rect(app.px(12), y + bh + app.px(6), w - app.px(24),
                                      self.bar.bottom - y - bh - app.px(12))
        self.plot = None
        self._sheet = None

    def handle(self, ev):
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_PAGEUP:
            self.go(self.step - 10)
            return
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_PAGEDOWN:
            self.go(self.step + 10)
            return
        for wdg in (*self.buttons, self.speed_cycle, self.seat_cycle):
            if wdg.handle(ev):
                return
        if self.viewer == ALL_HANDS:
            if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1 and self.table_rect.collidepoint(ev.pos):
                seat = self.tile_at(ev.pos)  # a click on one seat's table opens it alone
                if seat is not None:
                    self.seat_cycle.index = seat
                    self.set_viewer(seat)
                    return
        elif ev.type == pygame.MOUSEMOTION and self.table_rect.collidepoint(ev.pos):
            self.table.mouse = ev.pos  # tooltips and hover, never a move
        for b in self.table.buttons:
            if b.handle(ev):
                return
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1 and self.plot and \
                self.chart_rect.collidepoint(ev.pos):
            frac = (ev.pos[0] - self.plot.x) / max(1, self.plot.w)
            self.go(round(frac * self.replay.steps))
        if ev.type == pygame.MOUSEWHEEL and self.chart_rect.collidepoint(pygame.mouse.get_pos()):
            self.go(self.step - ev.y)

    # --- all hands open ---------------------------------------------------------
    def grid(self) -> tuple[int, int]:
        n = len(self.replay.config.seats)
        cols = 1 if n == 1 else 2
        return cols, -(-n // cols)

    def tile_at(self, pos) -> int | None:
        cols, rows = self.grid()
        r = self.table_rect
        c, k = (pos[0] - r.x) * cols // r.w, (pos[1] - r.y) * rows // r.h
        seat = k * cols + c
        return seat if 0 <= seat < len(self.replay.config.seats) else None

    def all_hands(self) -> pygame.Surface:
        """Every seat's table as that seat saw it at this step, side by side: drawn once a
        step at the table's own size, then scaled into its tile."""
        key = (self.step, self.table_rect.size, self.app.lang, self.table.show_log)
        if self._sheet is not None and self._sheet[0] == key:
            return self._sheet[1]
        cols, rows = self.grid()
        r = self.table_rect
        sheet = pygame.Surface(r.size)
        sheet.fill(theme.PANEL)
        full = pygame.Surface(r.size)
        tw, th = r.w // cols, r.h // rows
        scale = min(tw / r.w, th / r.h)
        size = (int(r.w * scale), int(r.h * scale))
        mouse, match = self.table.mouse, self.table.match
        self.table.mouse = (-1, -1)
        for seat in range(len(self.replay.config.seats)):
            self.table.show(match, seat)
            self.table.draw(full)
            x, y = (seat % cols) * tw + (tw - size[0]) // 2, (seat // cols) * th + (th - size[1]) // 2
            sheet.blit(pygame.transform.smoothscale(full, size), (x, y))
        self.table.mouse = mouse
        self._sheet = (key, sheet)
        return sheet

    # --- drawing ------------------------------------------------------------------
    def draw(self, surf):
        app = self.app
        if self.viewer == ALL_HANDS:
            surf.blit(self.all_hands(), self.table_rect)
        else:
            self.table.draw(surf.subsurface(self.table_rect))
        pygame.draw.rect(surf, theme.PANEL, self.bar)
        pygame.draw.line(surf, theme.PANEL_BORDER, self.bar.topleft, self.bar.topright, 2)
        for wdg in (*self.buttons, self.speed_cycle, self.seat_cycle):
            wdg.draw(surf)
        label = app.t("replay.step", step=self.step, steps=self.replay.steps)
        blit_text(surf, label, (self.seat_cycle.rect.right + app.px(16), self.seat_cycle.rect.centery),
                  app.px(17), theme.PARCHMENT, bold=True, anchor="midleft")
        seats = self.replay.config.seats
        series = []
        for i, s in enumerate(seats):
            pc = theme.player_colour(s.colour)
            series.append(([p[i] if p is not None else None for p in self.progress], pc["rgb"], pc["letter"],
                           pc["shape"]))
        self.plot = line_chart(surf, self.chart_rect, app.t("replay.chart"),
                               series, app, marker=self.step)
