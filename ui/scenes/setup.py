"""New game: seats (name, colour, human or bot level, the game's per-seat choices) and the
game's options. An option that only matters with another option's value (Option.when) is
shown disabled otherwise, in its place, so nothing moves under the pointer."""
from __future__ import annotations

import random

import pygame

from games.core import registry
from games.core.contract import Config, ConfigError, Seat
from games.core.errors import DataError
from games.core.limits import MAX_NAME_LEN
from games.core.match import Match
from ui import sprites, theme
from ui.app import Scene
from ui.scenes.common import draw_panel, draw_table
from ui.widgets import Button, Cycle, TextField, blit_text


class NewGame(Scene):
    def __init__(self, app, game_id: str):
        super().__init__(app)
        self.rules = registry.get(game_id)
        self.game_id = game_id  # F1 opens this game's rules
        info = self.rules.INFO
        names = self.default_names()
        n = min(max(3, info.min_players), info.max_players)
        self.seats = [Seat(names[0] if i == 0 else names[i % len(names)],
                           "human" if i == 0 else "bot:normal", i) for i in range(n)]
        if info.has_automa:  # a game with an automa opens on its solo mode
            key = f"automa.{game_id}"
            self.seats = [self.seats[0], Seat(app.t(key) if app.t.has(key) else app.t("kind.automa"), "automa", 1)]
        self.options = info.default_options()
        # each seat's choices of the game's seat options (GameInfo.seat_options), by name
        self.seat_values = [{o.name: o.default for o in info.seat_options} for _ in self.seats]
        self.error = ""

    def default_names(self) -> list[str]:
        """Names offered for new seats: the game's own cast (setup.default_names.<game>),
        so bots are not the same people in every game, else the table's."""
        key = f"setup.default_names.{self.game_id}"
        t = self.app.t
        return [n.strip() for n in (t(key) if t.has(key) else t("setup.default_names")).split(",") if n.strip()]

    def kinds(self):
        info = self.rules.INFO
        return ["human"] + [f"bot:{lv}" for lv in info.bot_levels] + (["automa"] if info.has_automa else [])

    def layout(self, size):
        app, t = self.app, self.app.t
        w, h = size
        self.panel = pygame.Rect(w // 2 - app.px(430), app.px(60), app.px(860), h - app.px(150))
        x0, y = self.panel.x + app.px(24), self.panel.y + app.px(100)
        row_h = app.px(52)
        self.fields, self.kind_cycles, self.colour_rects, self.widgets = [], [], [], []
        self.seat_cycles = []  # (seat, option, cycle)
        kinds = self.kinds()
        sopts = self.rules.INFO.seat_options
        # a game with per-seat choices: narrower name and kind, the choices after them
        name_w, kind_w, rm_w = (160, 210, 110) if sopts else (280, 240, 150)
        kind_x = 60 + name_w + 16
        sopt_x = kind_x + kind_w + 16
        sopt_w = (812 - sopt_x - rm_w - 16 - 12 * (len(sopts) - 1)) // max(1, len(sopts))
        rm_x = sopt_x + (sopt_w + 12) * len(sopts) if sopts else kind_x + kind_w + 16
        self.seat_opt_heads = [(opt, x0 + app.px(sopt_x + j * (sopt_w + 12)), app.px(sopt_w))
                               for j, opt in enumerate(sopts)]
        for i, seat in enumerate(self.seats):
            self.colour_rects.append(pygame.Rect(x0, y + i * row_h, app.px(44), app.px(44)))
            f = TextField((x0 + app.px(60), y + i * row_h, app.px(name_w), app.px(44)), seat.name,
                          max_len=MAX_NAME_LEN, size_px=app.px(18))
            c = Cycle((x0 + app.px(kind_x), y + i * row_h, app.px(kind_w), app.px(44)), kinds,
                      [t("kind." + k) for k in kinds], kinds.index(seat.kind),
                      on_change=lambda v, i=i: self._set_kind(i, v))
            self.fields.append(f)
            self.kind_cycles.append(c)
            for opt, ox, ow in self.seat_opt_heads:
                cyc = Cycle((ox, y + i * row_h, ow, app.px(44)), list(opt.choices), self._choice_labels(opt),
                            opt.choices.index(self.seat_values[i][opt.name]),
                            on_change=lambda v, i=i, opt=opt: self._set_seat_option(i, opt, v))
                self.seat_cycles.append((i, opt, cyc))
            if len(self.seats) > self.rules.INFO.min_players:
                self.widgets.append(Button((x0 + app.px(rm_x), y + i * row_h, app.px(rm_w), app.px(44)),
                                           t("setup.remove_seat"), lambda i=i: self._remove(i)))
        y_after = y + len(self.seats) * row_h + app.px(8)
        if len(self.seats) < self.rules.INFO.max_players:
            self.widgets.append(Button((x0, y_after, app.px(220), app.px(44)), t("setup.add_seat"),
                                       self._add))
        self.opt_y = y_after + app.px(44)
        self.opt_cycles = []
        opts = self.rules.INFO.options
        top = self.opt_y + app.px(30)
        room = self.panel.bottom - app.px(14) - top
        # many options: two or three columns of label above choice, so all fit above the buttons
        step = app.px(58)
        cols = 1 if len(opts) * row_h <= room else 2 if -(-len(opts) // 2) * step <= room else 3
        col_w = (self.panel.w - app.px(48)) // cols
        for j, opt in enumerate(opts):
            labels = self._choice_labels(opt)
            if cols > 1:
                col, row = j % cols, j // cols
                rect = (x0 + col * col_w, top + row * step + app.px(20), col_w - app.px(16), app.px(36))
                label = (x0 + col * col_w + app.px(4), top + row * step + app.px(9), col_w - app.px(20))
            else:
                rect = (x0 + app.px(356), top + j * row_h, app.px(300), app.px(44))
                label = (x0 + app.px(14), top + j * row_h + app.px(22), app.px(330))
            cyc = Cycle(rect, list(opt.choices), labels, opt.choices.index(self.options[opt.name]),
                        on_change=lambda v, name=opt.name: self.options.__setitem__(name, v))
            self.opt_cycles.append((opt, cyc, label))
        bw = app.px(200)
        self.widgets.append(Button((self.panel.right - bw - app.px(24), self.panel.bottom + app.px(20),
                                    bw, app.px(50)), t("setup.start"), self.start,
                                   hotkey=pygame.K_RETURN))
        self.widgets.append(Button((self.panel.x + app.px(24), self.panel.bottom + app.px(20), bw,
                                    app.px(50)), t("setup.back"), self.app.pop))
        from games.core.tutorial import has_tutorial
        if has_tutorial(self.game_id):
            from ui.scenes.menu import open_tutorial
            self.widgets.append(Button((self.panel.centerx - bw // 2, self.panel.bottom + app.px(20), bw,
                                        app.px(50)), t("menu.learn"),
                                       lambda: open_tutorial(self.app, self.game_id)))

    def _choice_labels(self, opt) -> list[str]:
        t = self.app.t
        return [t(f"choice.{opt.name}.{c}") if t.has(f"choice.{opt.name}.{c}") else c for c in opt.choices]

    def _inactive(self, opt) -> bool:
        """An option that does not matter with the options chosen now (drawn disabled)."""
        return not opt.active(self.options)

    def _sync_names(self):
        for seat, f in zip(self.seats, self.fields, strict=False):
            seat.name = f.text.strip() or seat.name

    def _set_kind(self, i, kind):
        self.seats[i].kind = kind

    def _add(self):
        self._sync_names()
        names = self.default_names()
        used = {s.colour for s in self.seats}
        colour = next(c for c in range(len(theme.PLAYER_COLOURS)) if c not in used)
        n = len(self.seats)
        self.seats.append(Seat(names[n % len(names)], "bot:normal", colour))
        self.seat_values.append({o.name: o.default for o in self.rules.INFO.seat_options})
        self.layout(self.app.size)

    def _remove(self, i):
        self._sync_names()
        del self.seats[i]
        del self.seat_values[i]
        self.layout(self.app.size)

    def _set_seat_option(self, i, opt, value) -> None:
        """A seat's choice; one held by another seat (an option of one each) is passed over
        in the direction the player clicked, as colours are."""
        if opt.one_each and value != opt.default:
            cyc = next(c for s, o, c in self.seat_cycles if s == i and o.name == opt.name)
            taken = {v[opt.name] for j, v in enumerate(self.seat_values) if j != i} - {opt.default}
            n = len(opt.choices)
            before = opt.choices.index(self.seat_values[i][opt.name])
            step = 1 if (cyc.index - before) % n == 1 else -1
            k = cyc.index
            for _ in range(n):
                if opt.choices[k] not in taken:
                    break
                k = (k + step) % n
            cyc.index, value = k, opt.choices[k]
        self.seat_values[i][opt.name] = value

    def _cycle_colour(self, i):
        used = {s.colour for j, s in enumerate(self.seats) if j != i}
        c = self.seats[i].colour
        for _ in range(len(theme.PLAYER_COLOURS)):
            c = (c + 1) % len(theme.PLAYER_COLOURS)
            if c not in used:
                break
        self.seats[i].colour = c

    def start(self):
        self._sync_names()
        options = dict(self.options)
        info = self.rules.INFO
        for i, values in enumerate(self.seat_values):  # only the choices that matter now
            for opt in info.seat_options:
                if not self._inactive(opt):
                    options[info.seat_key(opt.name, i)] = values[opt.name]
        config = Config([Seat(s.name, s.kind, s.colour) for s in self.seats],
                        random.randrange(1_000_000), options)
        try:
            match = Match(self.rules, config)
        except (ConfigError, DataError) as e:
            self.error = str(e)
            return
        from ui.scenes.play import PlayScene
        self.app.replace(PlayScene(self.app, match))

    def handle(self, ev):
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE and not any(f.focus for f in self.fields):
            self.app.pop()
            return
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            for i, r in enumerate(self.colour_rects):
                if r.collidepoint(ev.pos):
                    self._cycle_colour(i)
                    return
        for f in self.fields:
            if f.handle(ev) and ev.type != pygame.MOUSEBUTTONDOWN:
                return
        live = [c for _, o, c in self.seat_cycles if not self._inactive(o)]
        live += [c for o, c, _ in self.opt_cycles if not self._inactive(o)]
        for w in self.kind_cycles + live + self.widgets:
            if w.handle(ev):
                return

    def draw(self, surf):
        app, t = self.app, self.app.t
        draw_table(surf)
        inner = draw_panel(surf, self.panel, t("setup.title", game=t(self.rules.INFO.title_key)),
                           app.px(28))
        blit_text(surf, t("setup.seats"), (inner.x + app.px(14), inner.y), app.px(20), theme.INK_SOFT,
                  bold=True)
        for i, r in enumerate(self.colour_rects):
            pc = theme.player_colour(self.seats[i].colour)
            surf.blit(sprites.token(r.w, pc["rgb"], pc["letter"], pc["shape"]), r.topleft)
        for w in self.fields + self.kind_cycles + self.widgets:
            w.draw(surf)
        for opt, x, w in self.seat_opt_heads:  # a per-seat choice is named above its column
            blit_text(surf, t(opt.label_key), (x + w // 2, inner.y + app.px(12)), app.px(16),
                      theme.INK_SOFT if self._inactive(opt) else theme.INK, bold=True, anchor="center",
                      max_width=w)
        for _, opt, cyc in self.seat_cycles:
            self._draw_cycle(surf, opt, cyc)
        if self.opt_cycles:
            blit_text(surf, t("setup.options"), (inner.x + app.px(14), self.opt_y), app.px(20),
                      theme.INK_SOFT, bold=True)
            for opt, cyc, (lx, ly, lw) in self.opt_cycles:
                blit_text(surf, t(opt.label_key), (lx, ly), app.px(18),
                          theme.INK_SOFT if self._inactive(opt) else theme.INK, anchor="midleft", max_width=lw)
                self._draw_cycle(surf, opt, cyc)
        if self.error:
            blit_text(surf, self.error, (self.panel.centerx, self.panel.bottom - app.px(30)),
                      app.px(18), theme.DANGER, anchor="center")

    def _draw_cycle(self, surf, opt, cyc) -> None:
        if self._inactive(opt):  # flat and grey, no arrows: it does nothing with these options
            surf.blit(sprites.button(cyc.rect.w, cyc.rect.h, cyc.labels[cyc.index], "disabled"), cyc.rect.topleft)
        else:
            cyc.draw(surf)
