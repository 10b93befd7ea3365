"""Results: the score-pad breakdown per seat, ranks, winner and the tie-break used, and
the score-progress chart of the game just played (each seat's score had the game ended
after each move; the final scores as bars where the rules cannot score a game midway)."""
from __future__ import annotations

import queue
import threading
import weakref

import pygame

from games.core.contract import Config
from games.core.i18n import Translator
from games.core.match import Match
from ui import sprites, theme
from ui.app import Scene
from ui.scenes.common import draw_panel, draw_table
from ui.scenes.stats import bar_chart, line_chart
from ui.widgets import Button, blit_text, draw_wrapped

# Matches already written to the records: the results open again after a look at the table.
_recorded: weakref.WeakSet = weakref.WeakSet()
_notes: queue.SimpleQueue = queue.SimpleQueue()  # what the records had to say, for the window


def _record(row: dict) -> None:
    from games.core.records import Records, RecordsError
    try:
        with Records(timeout=10.0) as db:
            db.record_entry(row)
            messages = db.messages
    except RecordsError as e:
        messages = [str(e)]
    for msg in messages:
        _notes.put(msg)  # shown by the scene on the main thread


def score_progress(rules, config: Config, actions: list) -> list | None:
    """Each seat's score after each of the moves, or None when the rules cannot score
    enough of the positions for a line (or the moves do not replay)."""
    from games.core.replay import Replay
    try:
        progress = Replay(rules, config, actions).score_progress()
    except (ValueError, LookupError):
        return None
    return progress if sum(p is not None for p in progress) >= 2 else None


class ResultsScene(Scene):
    def __init__(self, app, match: Match):
        super().__init__(app)
        self.match = match
        self.result = match.rules.result(match.state)
        # the chart's scores take up to a few hundred ms (a long game scored at every move):
        # worked out beside the window, on their own copy of the moves; drawn when ready
        self.progress: list | None = None
        self.progress_ready = threading.Event()
        threading.Thread(target=self._work_out_progress, args=(list(match.actions),),
                         name="score-progress", daemon=True).start()
        self.recording = self.record()

    def _work_out_progress(self, actions: list) -> None:
        try:
            self.progress = score_progress(self.match.rules, self.match.config, actions)
        finally:
            self.progress_ready.set()

    def record(self) -> threading.Thread | None:
        """Write the finished game to the records once per match (the records also keep
        one row per game), on a worker thread: the disk's flushes never stall the window.
        Tests and tools (no player settings) and tutorials record nothing."""
        match, app = self.match, self.app
        if match in _recorded or not app.use_settings or not match.is_over():
            return None
        from ui.scenes.tutorial import TutorialScene
        if any(isinstance(s, TutorialScene) for s in app.scenes):
            return None
        _recorded.add(match)
        from games.core import records
        # worked out here, written there: the worker never touches the match
        try:  # seconds at the table, where the play scene keeps them
            row = records.entry(match, getattr(match, "seconds_played", None))
        except records.RecordsError as e:
            app.notify(str(e))
            return None
        # not a daemon: quitting waits for the game to be written
        worker = threading.Thread(target=_record, args=(row,), name="record-game")
        worker.start()
        return worker

    def layout(self, size):
        app = self.app
        w, h = size
        seats = self.match.config.seats
        self.tr = Translator(app.lang, [s.name for s in seats], self.match.rules.INFO.id)
        self.panel = pygame.Rect(0, 0, w - app.px(80), h - app.px(150))
        self.panel.midtop = (w // 2, app.px(40))
        # the score pad on the left, the chart beside it
        self.table_w = min(app.px(240) + app.px(150) * len(seats), int((self.panel.w - app.px(56)) * 0.58))
        bw, bh, gap = app.px(220), app.px(50), app.px(24)
        y = self.panel.bottom + app.px(24)
        specs = [("results.menu", self.to_menu, pygame.K_ESCAPE), ("results.table", self.see_table, pygame.K_t),
                 ("results.again", self.again, pygame.K_RETURN)]
        x0 = w // 2 - (len(specs) * bw + (len(specs) - 1) * gap) // 2
        self.buttons = [Button((x0 + k * (bw + gap), y, bw, bh), self.tr(label), fn, hotkey=key)
                        for k, (label, fn, key) in enumerate(specs)]

    def see_table(self):
        """Back to the finished table (its final position stays on screen; Enter returns here)."""
        self.app.pop()

    def to_menu(self):
        from ui.scenes.menu import MainMenu
        self.app.reset_to(MainMenu(self.app))

    def again(self):
        from ui.scenes.menu import MainMenu
        from ui.scenes.play import PlayScene
        c = self.match.config
        config = Config(c.seats, c.seed + 1, dict(c.options))
        self.app.reset_to(MainMenu(self.app))
        self.app.push(PlayScene(self.app, Match(self.match.rules, config)))

    def draw_chart(self, surf, rect):
        """Each seat's line in its colour with its token (shape and letter) on it; the final
        breakdown as bars when the game cannot be scored midway."""
        app, tr = self.app, self.tr
        seats = self.match.config.seats
        colours = [theme.player_colour(s.colour) for s in seats]
        if not self.progress_ready.is_set():  # the frame and title only, for a moment
            line_chart(surf, rect, tr("results.chart"), [], app)
            return
        if self.progress is not None:
            series = [([p[i] if p is not None else None for p in self.progress], pc["rgb"], pc["letter"],
                       pc["shape"]) for i, pc in enumerate(colours)]
            line_chart(surf, rect, tr("results.chart"), series, app, x_label=tr("results.axis.moves"),
                       y_label=tr("results.axis.points"))
            return
        bars = [(f"{pc['letter']} {s.name}", score, pc["rgb"])
                for s, pc, score in zip(seats, colours, self.result.scores, strict=True)]
        bar_chart(surf, rect, tr("results.final"), bars, app, lo=min([0, *self.result.scores]))

    def frame_key(self):
        return (self.progress_ready.is_set(),)

    def update(self, dt):
        while not _notes.empty():
            self.app.notify(_notes.get())

    def handle(self, ev):
        for b in self.buttons:
            if b.handle(ev):
                return

    def draw(self, surf):
        app, tr, res = self.app, self.tr, self.result
        draw_table(surf)
        full = draw_panel(surf, self.panel, tr("results.title"), app.px(30))
        inner = pygame.Rect(full.x, full.y, self.table_w, full.h)
        seats = self.match.config.seats
        names = ", ".join(seats[w].name for w in res.winners)
        key = "results.winner" if len(res.winners) == 1 else "results.winners"
        r = blit_text(surf, tr(key, names=names), inner.topleft, app.px(24), theme.INK, bold=True,
                      max_width=inner.w)
        label_w = min(app.px(240), inner.w // 3)
        col_w = (inner.w - label_w) // max(1, len(seats))
        y = r.bottom + app.px(18)
        row = app.px(30)
        for i, s in enumerate(seats):  # header: marker + name
            pc = theme.player_colour(s.colour)
            x = inner.x + label_w + i * col_w
            surf.blit(sprites.token(app.px(24), pc["rgb"], pc["letter"], pc["shape"]), (x, y))
            blit_text(surf, s.name, (x + app.px(30), y + app.px(12)), app.px(18), theme.INK, bold=True,
                      anchor="midleft", max_width=col_w - app.px(34))
        y += row + app.px(6)
        rows = [(tr(c), [res.breakdown[i].get(c, 0) for i in range(len(seats))], False)
                for c in res.categories]
        rows.append((tr("results.total"), res.scores, True))
        rows.append((tr("results.rank"), res.ranks, True))
        # many categories: the rows get thinner so the table and the tie-break fit the panel
        row = max(app.px(18), min(row, (inner.bottom - y - app.px(46)) // len(rows)))
        for k, (label, vals, bold) in enumerate(rows):
            if k % 2 == 0:
                band = pygame.Rect(inner.x, y - app.px(3), inner.w, row)
                pygame.draw.rect(surf, theme.PARCHMENT_DARK, band, border_radius=4)
            if bold:
                pygame.draw.line(surf, theme.INK_SOFT, (inner.x, y - app.px(4)), (inner.right, y - app.px(4)), 2)
            fs = min(app.px(18), int(row * 0.62))
            blit_text(surf, label, (inner.x + app.px(8), y + row // 2 - app.px(3)), fs, theme.INK,
                      bold=bold, anchor="midleft", max_width=label_w - app.px(12))
            for i, v in enumerate(vals):
                x = inner.x + label_w + i * col_w + col_w // 2
                vr = blit_text(surf, str(v), (x, y + row // 2 - app.px(3)), fs, theme.INK, bold=bold,
                               anchor="center")
                if vals is res.scores and i in res.winners:  # the winner's total wears the crown (the
                    # name keeps its full size above)
                    c = min(app.px(20), row)
                    surf.blit(sprites.icon("crown", c, theme.INK), (vr.right + app.px(4), vr.centery - c // 2))
            y += row
        draw_wrapped(surf, tr(res.tiebreak if res.tiebreak != "none" else "tiebreak.none"),
                     (inner.x, y + app.px(8), inner.w, app.px(40)), app.px(16), theme.INK_SOFT)
        chart = pygame.Rect(inner.right + app.px(20), r.bottom + app.px(12), 0, 0)
        chart.w, chart.h = full.right - chart.x, full.bottom - chart.y
        self.draw_chart(surf, chart)
        for b in self.buttons:
            b.draw(surf)
