"""Statistics of the recorded games, per game and per opponent, with charts drawn in the
table's style: score distribution, score over the last games, win rate by opponent.

The numbers come from games.core.records (Records.stats); this screen only draws them.
The chart painters are shared with the replay's score-progress chart.
"""
from __future__ import annotations

import pygame

from games.core import registry
from ui import theme
from ui.app import Scene
from ui.scenes.common import draw_panel, draw_table
from ui.widgets import Button, Cycle, blit_text

OPPONENTS = ("", "bot", "bot:easy", "bot:normal", "bot:hard", "automa", "human")
RECENT = 30  # the games "score over time" shows


def tt(app, key: str, default: str, **args) -> str:
    """A catalogue text, or the English default while the catalogue lacks the key."""
    if app.t.has(key):
        return app.t(key, **args)
    return default.format(**args) if args else default


def game_name(app, gid: str | None) -> str:
    if not gid:
        return tt(app, "stats.all_games", "All games")
    return app.t(f"game.{gid}") if app.t.has(f"game.{gid}") else gid


def opponent_name(app, label: str, game: str | None = None) -> str:
    """A records opponent label (bot:easy, automa:hard, human, or several joined by +)."""
    if not label:
        return tt(app, "stats.any_opponent", "Any opponent")
    parts = []
    for part in label.split("+"):
        kind, _, level = part.partition(":")
        if kind == "automa":
            key = f"automa.{game}" if game else ""
            name = app.t(key) if key and app.t.has(key) else app.t("kind.automa")
            parts.append(f"{name} · {level}" if level else name)
        elif app.t.has(f"kind.{part}"):
            parts.append(app.t(f"kind.{part}"))
        else:
            parts.append(tt(app, "stats.bots", "Bots") if part == "bot" else part)
    return " + ".join(parts)


# --------------------------------------------------------------------- charts
def _frame(surf, rect, title: str, app) -> pygame.Rect:
    """A chart's parchment card and title; the plotting area inside."""
    pygame.draw.rect(surf, theme.PARCHMENT, rect, border_radius=app.px(6))
    pygame.draw.rect(surf, theme.PANEL_BORDER, rect, 1, border_radius=app.px(6))
    r = blit_text(surf, title, (rect.x + app.px(8), rect.y + app.px(4)), app.px(15), theme.INK, bold=True,
                  max_width=rect.w - app.px(16))
    top = r.bottom + app.px(18)  # room for the value over the tallest bar
    return pygame.Rect(rect.x + app.px(34), top, rect.w - app.px(44), rect.bottom - top - app.px(20))


def _axis(surf, plot, lo, hi, app) -> None:
    pygame.draw.line(surf, theme.INK_SOFT, plot.bottomleft, plot.bottomright, 1)
    pygame.draw.line(surf, theme.INK_SOFT, plot.bottomleft, plot.topleft, 1)
    for v, y in ((hi, plot.top), (lo, plot.bottom)):
        blit_text(surf, f"{round(v, 1):g}", (plot.x - app.px(4), y), app.px(12), theme.INK_SOFT,
                  anchor="midright")


def bar_chart(surf, rect, title: str, bars: list[tuple[str, float, tuple]], app, lo: float = 0,
              hi: float | None = None, fmt: str = "{:g}") -> None:
    """Vertical bars (label, value, colour); the value printed over each bar."""
    plot = _frame(surf, rect, title, app)
    if not bars:
        return
    hi = hi if hi is not None else max(max(v for _, v, _ in bars), lo + 1)
    _axis(surf, plot, lo, hi, app)
    slot = plot.w / len(bars)
    for k, (label, value, colour) in enumerate(bars):
        bw = max(2, int(slot * 0.7))
        x = plot.x + int(k * slot + (slot - bw) / 2)
        hpx = int(plot.h * (max(lo, min(hi, value)) - lo) / max(1e-9, hi - lo))
        bar = pygame.Rect(x, plot.bottom - hpx, bw, hpx)
        pygame.draw.rect(surf, colour, bar)
        pygame.draw.rect(surf, theme.INK, bar, 1)
        if slot > app.px(22):
            blit_text(surf, fmt.format(value), (bar.centerx, bar.y - app.px(1)), app.px(12), theme.INK,
                      anchor="midbottom")
            blit_text(surf, label, (x + bw // 2, plot.bottom + app.px(2)), app.px(12), theme.INK_SOFT,
                      anchor="midtop", max_width=int(slot))


def line_chart(surf, rect, title: str, series: list[tuple[list, tuple, str]], app,
               marker: int | None = None) -> pygame.Rect:
    """Lines over a common x axis (values, colour, shape letter); None values leave gaps.
    `marker` draws a vertical line at that x index. Returns the plotting area."""
    plot = _frame(surf, rect, title, app)
    values = [v for vals, _, _ in series for v in vals if v is not None]
    n = max((len(vals) for vals, _, _ in series), default=0)
    if not values or n == 0:
        return plot
    lo, hi = min(min(values), 0), max(max(values), 1)
    _axis(surf, plot, lo, hi, app)

    def point(i, v):
        x = plot.x + (plot.w * i / max(1, n - 1))
        return int(x), int(plot.bottom - plot.h * (v - lo) / max(1e-9, hi - lo))
    if lo < 0 < hi:
        y0 = point(0, 0)[1]
        pygame.draw.line(surf, theme.PARCHMENT_DARK, (plot.x, y0), (plot.right, y0), 1)
    for vals, colour, letter in series:
        run: list = []
        for i, v in enumerate(vals):
            if v is None:
                if len(run) > 1:
                    pygame.draw.lines(surf, colour, False, run, 3)
                run = []
                continue
            run.append(point(i, v))
        if len(run) > 1:
            pygame.draw.lines(surf, colour, False, run, 3)
        last = next(((i, v) for i, v in reversed(list(enumerate(vals))) if v is not None), None)
        if last and letter:  # colour is never alone: each line ends in its seat's letter
            blit_text(surf, letter, point(*last), app.px(12), theme.INK, bold=True, anchor="midleft")
    if marker is not None and n > 1:
        x = point(min(marker, n - 1), lo)[0]
        pygame.draw.line(surf, theme.DANGER, (x, plot.top), (x, plot.bottom), 2)
    return plot


# --------------------------------------------------------------------- the screen
class StatsScene(Scene):
    def __init__(self, app, game: str | None = None, records=None):
        super().__init__(app)
        self.records = records
        self.games = [""] + list(registry.game_ids())
        self.game = game or ""
        self.opponent = ""
        self.stats: dict | None = None
        self.error = ""
        self.refresh()

    def _db(self):
        from games.core.records import Records
        return self.records if self.records is not None else Records()

    def refresh(self):
        from games.core.records import RecordsError
        db = self._db()
        try:
            self.stats = db.stats(self.game or None, self.opponent or None, last=RECENT)
            self.error = ""
        except RecordsError as e:
            self.stats, self.error = None, str(e)
        for msg in db.messages:
            self.app.notify(msg)
        db.messages.clear()
        if self.records is None:
            db.close()

    def set_game(self, gid):
        self.game = gid
        self.refresh()

    def set_opponent(self, opp):
        self.opponent = opp
        self.refresh()

    def layout(self, size):
        app = self.app
        w, h = size
        self.panel = pygame.Rect(app.px(30), app.px(20), w - app.px(60), h - app.px(100))
        cw, ch = app.px(260), app.px(40)
        y = self.panel.bottom + app.px(18)
        self.game_cycle = Cycle((self.panel.x, y, cw, ch), self.games, [game_name(app, g) for g in self.games],
                                self.games.index(self.game), self.set_game)
        self.opp_cycle = Cycle((self.panel.x + cw + app.px(12), y, cw, ch), list(OPPONENTS),
                               [opponent_name(app, o) for o in OPPONENTS], OPPONENTS.index(self.opponent),
                               self.set_opponent)
        self.buttons = [Button((self.panel.right - app.px(200), y, app.px(200), ch), app.t("setup.back"),
                               self.app.pop, hotkey=pygame.K_ESCAPE)]

    def handle(self, ev):
        for w in (*self.buttons, self.game_cycle, self.opp_cycle):
            if w.handle(ev):
                return

    def draw(self, surf):
        app = self.app
        draw_table(surf)
        inner = draw_panel(surf, self.panel, tt(app, "stats.title", "Statistics") + " · " +
                           game_name(app, self.game), app.px(26))
        for w in (*self.buttons, self.game_cycle, self.opp_cycle):
            w.draw(surf)
        st = self.stats
        if self.error or not st or not st["games"]:
            text = self.error or tt(app, "stats.none", "No finished games for these choices yet.")
            blit_text(surf, text, inner.topleft, app.px(18), theme.DANGER if self.error else theme.INK_SOFT,
                      max_width=inner.w)
            return
        line = tt(app, "stats.summary", "{games} games · {wins} won ({rate}%) · average {avg} · best {best}",
                  games=st["games"], wins=st["wins"], rate=round(100 * st["win_rate"]),
                  avg=st["average_score"], best=st["best_score"])
        r = blit_text(surf, line, inner.topleft, app.px(19), theme.INK, bold=True, max_width=inner.w)
        top = r.bottom + app.px(12)
        gap = app.px(12)
        cw = (inner.w - 2 * gap) // 3
        ch = (inner.bottom - top - gap) // 2
        cards = [pygame.Rect(inner.x + k * (cw + gap), top, cw, ch) for k in range(3)]
        lower = pygame.Rect(inner.x, top + ch + gap, inner.w, ch)
        ink = theme.player_colour(0)["rgb"]
        bar_chart(surf, cards[0], tt(app, "stats.distribution", "Score distribution"),
                  [(str(b["from"]), b["count"], ink) for b in st["distribution"]], app)
        line_chart(surf, cards[1], tt(app, "stats.over_time", "Score, last {n} games", n=len(st["recent"])),
                   [([r["score"] for r in st["recent"]], ink, "")], app)
        opps = list(st["by_opponent"].items())
        bar_chart(surf, cards[2], tt(app, "stats.by_opponent", "Win rate by opponent (%)"),
                  [(opponent_name(app, k, self.game or None), round(100 * v["win_rate"]),
                    theme.player_colour(1 + i)["rgb"]) for i, (k, v) in enumerate(opps)], app, hi=100)
        self.draw_categories(surf, lower, st)

    def draw_categories(self, surf, rect, st):
        """Average points by scoring category, per game (as the score pad lists them)."""
        app = self.app
        games = list(st["by_game"].items())
        if len(games) == 1:
            gid, g = games[0]
            cats = g["average_by_category"]
            bar_chart(surf, rect, tt(app, "stats.by_category", "Average points by category · {game}",
                                     game=game_name(app, gid)),
                      [(app.t(c) if app.t.has(c) else c, v, theme.player_colour(0)["rgb"]) for c, v in cats.items()],
                      app, lo=min([0, *cats.values()]), fmt="{:.1f}")
            return
        bars = [(game_name(app, gid), g["average_score"], theme.player_colour(i)["rgb"])
                for i, (gid, g) in enumerate(games)]
        bar_chart(surf, rect, tt(app, "stats.by_game", "Average score by game"), bars, app,
                  lo=min([0, *(b[1] for b in bars)]), fmt="{:.1f}")
