"""Statistics of the recorded games, per game and per opponent, with charts drawn in the
table's style: score distribution, score over the last games, win rate by opponent.

The numbers come from games.core.records (Records.stats); this screen only draws them.
The chart painters are shared with the replay's score-progress chart.
"""
from __future__ import annotations

import pygame

from games.core import registry
from ui import sprites, theme
from ui.app import Scene
from ui.scenes.common import draw_panel, draw_table
from ui.widgets import Button, Cycle, blit_text

OPPONENTS = ("", "bot", "bot:easy", "bot:normal", "bot:hard", "automa", "human")
RECENT = 30  # the games "score over time" shows


def game_name(app, gid: str | None) -> str:
    if not gid:
        return app.t("stats.all_games")
    return app.t(f"game.{gid}") if app.t.has(f"game.{gid}") else gid


def opponent_name(app, label: str, game: str | None = None) -> str:
    """A records opponent label (bot:easy, automa:hard, human, or several joined by +)."""
    if not label:
        return app.t("stats.any_opponent")
    parts = []
    for part in label.split("+"):
        kind, _, level = part.partition(":")
        if kind == "automa":
            gid = game or _automa_game(level)
            key = f"automa.{gid}" if gid else ""
            name = app.t(key) if key and app.t.has(key) else app.t("kind.automa")
            opt = registry.get(gid).INFO.automa_option if gid in registry.game_ids() else None
            if level and opt and app.t.has(f"choice.{opt}.{level}"):  # Sue's 2, Pedro's Hard
                level = app.t(f"choice.{opt}.{level}")
            parts.append(f"{name} · {level}" if level else name)
        elif app.t.has(f"kind.{part}"):
            parts.append(app.t(f"kind.{part}"))
        else:
            parts.append(app.t("stats.bots") if part == "bot" else part)
    return " + ".join(parts)


def _automa_game(level: str) -> str | None:
    """The one game whose automa has this difficulty (over all games: Sue's 2, Pedro's
    medium), or None when several or none do."""
    found = []
    for gid in registry.game_ids():
        info = registry.get(gid).INFO
        opt = info.option(info.automa_option) if info.automa_option else None
        if opt and level in opt.choices:
            found.append(gid)
    return found[0] if len(found) == 1 else None


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

    def y_of(v):
        return plot.bottom - int(plot.h * (max(lo, min(hi, v)) - lo) / max(1e-9, hi - lo))
    y0 = y_of(0)  # bars grow from zero: a negative score hangs below the line
    if lo < 0:
        pygame.draw.line(surf, theme.INK_SOFT, (plot.x, y0), (plot.right, y0), 1)
    for k, (label, value, colour) in enumerate(bars):
        bw = max(2, int(slot * 0.7))
        x = plot.x + int(k * slot + (slot - bw) / 2)
        yv = y_of(value)
        bar = pygame.Rect(x, min(y0, yv), bw, abs(y0 - yv))
        pygame.draw.rect(surf, colour, bar)
        pygame.draw.rect(surf, theme.INK, bar, 1)
        if slot > app.px(22):  # the value over a bar, or over the zero line for a negative one
            blit_text(surf, fmt.format(value), (bar.centerx, min(y0, yv) - app.px(1)), app.px(12), theme.INK,
                      anchor="midbottom")
            blit_text(surf, label, (x + bw // 2, plot.bottom + app.px(2)), app.px(12), theme.INK_SOFT,
                      anchor="midtop", max_width=int(slot))


def line_chart(surf, rect, title: str, series: list[tuple], app, marker: int | None = None,
               x_label: str = "", y_label: str = "", x_first: int = 0) -> pygame.Rect:
    """Lines over a common x axis; each series is (values, colour, letter[, shape]) and None
    values leave gaps. Colour is never alone: a few points of each line carry the seat's
    token (its shape and letter), staggered between seats so equal lines stay told apart.
    `marker` draws a vertical line at that x index; x_label / y_label name the axes and
    the x axis is numbered from `x_first`. Returns the plotting area."""
    plot = _frame(surf, rect, title, app)
    if y_label:  # the value axis' name beside its top
        blit_text(surf, y_label, (plot.x + app.px(4), plot.y - app.px(2)), app.px(12), theme.INK_SOFT,
                  anchor="bottomleft")
    if x_label:
        plot.h -= app.px(12)
    values = [v for ser in series for v in ser[0] if v is not None]
    n = max((len(ser[0]) for ser in series), default=0)
    if not values or n == 0:
        return plot
    lo, hi = min(min(values), 0), max(max(values), 1)
    _axis(surf, plot, lo, hi, app)
    if x_label:  # first and last x, and the axis' name between them
        y = plot.bottom + app.px(2)
        blit_text(surf, str(x_first), (plot.x, y), app.px(12), theme.INK_SOFT, anchor="midtop")
        blit_text(surf, str(x_first + n - 1), (plot.right, y), app.px(12), theme.INK_SOFT, anchor="topright")
        blit_text(surf, x_label, (plot.centerx, y), app.px(12), theme.INK_SOFT, anchor="midtop")

    def point(i, v):
        x = plot.x + (plot.w * i / max(1, n - 1))
        return int(x), int(plot.bottom - plot.h * (v - lo) / max(1e-9, hi - lo))
    if lo < 0 < hi:
        y0 = point(0, 0)[1]
        pygame.draw.line(surf, theme.PARCHMENT_DARK, (plot.x, y0), (plot.right, y0), 1)
    for vals, colour, *_ in series:
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
    size = max(app.px(10), min(app.px(16), plot.h // 3))  # thin charts get small tokens
    marks = max(2, min(8, plot.w // app.px(70)))  # tokens a line
    for k, (vals, colour, letter, *shape) in enumerate(series):
        if not letter:
            continue
        token = sprites.token(size, colour, letter, shape[0] if shape else "circle")
        last = max((i for i, v in enumerate(vals) if v is not None), default=None)
        spots = {last} if last is not None else set()
        for j in range(marks - 1):  # staggered: seat k's tokens sit a little after seat k-1's
            i = int((j + (k + 1) / (len(series) + 1)) * (n - 1) / (marks - 1))
            if i < len(vals) and vals[i] is not None:
                spots.add(i)
        for i in sorted(spots):
            surf.blit(token, token.get_rect(center=point(i, vals[i])))
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
        cw, ch = app.px(420), app.px(40)  # room for the longest game's name
        y = self.panel.bottom + app.px(18)
        self.game_cycle = Cycle((self.panel.x, y, cw, ch), self.games, [game_name(app, g) for g in self.games],
                                self.games.index(self.game), self.set_game)
        self.opp_cycle = Cycle((self.panel.x + cw + app.px(12), y, app.px(300), ch), list(OPPONENTS),
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
        inner = draw_panel(surf, self.panel, app.t("stats.title") + " · " +
                           game_name(app, self.game), app.px(26))
        for w in (*self.buttons, self.game_cycle, self.opp_cycle):
            w.draw(surf)
        st = self.stats
        if self.error or not st or not st["games"]:
            text = self.error or app.t("stats.none")
            blit_text(surf, text, inner.topleft, app.px(18), theme.DANGER if self.error else theme.INK_SOFT,
                      max_width=inner.w)
            return
        line = app.t("stats.summary", games=st["games"], wins=st["wins"], rate=round(100 * st["win_rate"]),
                  avg=st["average_score"], best=st["best_score"])
        r = blit_text(surf, line, inner.topleft, app.px(19), theme.INK, bold=True, max_width=inner.w)
        top = r.bottom + app.px(12)
        gap = app.px(12)
        cw = (inner.w - 2 * gap) // 3
        ch = (inner.bottom - top - gap) // 2
        cards = [pygame.Rect(inner.x + k * (cw + gap), top, cw, ch) for k in range(3)]
        lower = pygame.Rect(inner.x, top + ch + gap, inner.w, ch)
        ink = theme.player_colour(0)["rgb"]
        bar_chart(surf, cards[0], app.t("stats.distribution"),
                  [(str(b["from"]), b["count"], ink) for b in st["distribution"]], app)
        line_chart(surf, cards[1], app.t("stats.over_time", n=len(st["recent"])),
                   [([r["score"] for r in st["recent"]], ink, "")], app,
                   x_label=app.t("stats.axis.games"), y_label=app.t("stats.axis.score"), x_first=1)
        opps = list(st["by_opponent"].items())
        bar_chart(surf, cards[2], app.t("stats.by_opponent"),
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
            bar_chart(surf, rect, app.t("stats.by_category", game=game_name(app, gid)),
                      [(app.t(c) if app.t.has(c) else c, v, theme.player_colour(0)["rgb"]) for c, v in cats.items()],
                      app, lo=min([0, *cats.values()]), fmt="{:.1f}")
            return
        bars = [(game_name(app, gid), g["average_score"], theme.player_colour(i)["rgb"])
                for i, (gid, g) in enumerate(games)]
        bar_chart(surf, rect, app.t("stats.by_game"), bars, app,
                  lo=min([0, *(b[1] for b in bars)]), fmt="{:.1f}")
