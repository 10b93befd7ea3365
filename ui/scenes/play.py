"""The play scene: any game's table, driven through the rules contract.

It draws only `view(state, viewer)`, asks the game view which legal action a
click stands for, plays bots with visible pacing, queues animation beats from
events, keeps the move log, and hands the screen over between human seats.
"""
from __future__ import annotations

import pygame

from games.core.i18n import Translator
from games.core.match import Match
from ui import sprites, theme
from ui.app import PULSE_STEPS_PER_S, Scene
from ui.views import make_view
from ui.views.base import Beat
from ui.widgets import Button, blit_text


class PlayScene(Scene):
    def __init__(self, app, match: Match, viewer: int | None = None, animate: bool = True):
        super().__init__(app)
        # the menu's and the last table's pictures are not needed here (at 4K, tens of MB)
        sprites.clear_cache()
        self.match = match
        self.rules = match.rules
        self.game_id = match.rules.INFO.id  # F1 opens this game's rules
        seats = match.config.seats
        self.humans = [i for i, s in enumerate(seats) if s.is_human]
        self.viewer = viewer if viewer is not None else (self.humans[0] if self.humans else None)
        self.animate = animate
        self.view = make_view(match.rules.INFO.id, self)
        self.beats: list[Beat] = []
        self.beat_time = 0.0
        self.frozen_view: dict | None = None  # what is shown while beats play
        self.bot_timer = 0.0
        self.hint = False
        self.show_log = True
        self.mouse = (-1, -1)
        self.chooser: list[tuple[pygame.Rect, object]] = []
        self.results_shown = False
        self.first_handoff = len(self.humans) > 1  # the first person also gets a hand-off
        self.tr = Translator(app.lang, [s.name for s in seats], match.rules.INFO.id)
        self.autosave = app.use_settings  # tests and tools never write the player's autosave
        self.autosave_failed = False
        self._changes = 0  # moves, undos, redos: each may change the picture

    # --- geometry -----------------------------------------------------------
    def layout(self, size):
        app = self.app
        w, h = size
        self.tr = Translator(app.lang, [s.name for s in self.match.config.seats], self.match.rules.INFO.id)
        self.top_bar = pygame.Rect(0, 0, w, app.px(46))
        log_w = app.px(300) if self.show_log else 0
        self.log_rect = pygame.Rect(w - log_w, self.top_bar.bottom, log_w, h - self.top_bar.bottom)
        self.board = pygame.Rect(0, self.top_bar.bottom, w - log_w, h - self.top_bar.bottom)
        bw = app.px(96)
        specs = [("play.menu", self.ask_leave, None), ("play.log", self.toggle_log, pygame.K_l),
                 ("play.save", self.ask_save, None), ("play.redo", self.redo, None),
                 ("play.undo", self.undo, None), ("H", self.toggle_hint, pygame.K_h)]
        self.buttons = []
        for k, (label, fn, key) in enumerate(specs):
            text = self.tr(label) if "." in label else label
            b = Button((w - (k + 1) * (bw + app.px(8)), app.px(6), bw if label != "H" else app.px(40),
                        app.px(34)), text, fn, hotkey=key)
            if label == "H":
                b.rect.x = w - k * (bw + app.px(8)) - app.px(48)
            self.buttons.append(b)
        self.view.layout(self.board)

    def toggle_log(self):
        self.show_log = not self.show_log
        self.layout(self.app.size)

    def toggle_hint(self):
        self.hint = not self.hint

    # --- undo / redo / save -----------------------------------------------
    def undo_seat(self) -> int | None:
        """The person who may undo: the viewer, when they are a human seat."""
        if self.viewer is None or not self.match.config.seats[self.viewer].is_human:
            return None
        return self.viewer

    def undo(self):
        seat = self.undo_seat()
        ok, why = (False, "undo.none") if seat is None else self.match.undo_status(seat)
        if not ok or self.match.is_over():
            self.app.notify(self.tr(why or "undo.none"))
            return
        self.beats, self.frozen_view, self.chooser = [], None, []
        self.match.undo(seat)
        self._changes += 1
        self.bot_timer = 0.0
        self.save_auto()

    def redo(self):
        seat = self.undo_seat()
        if seat is None or not self.match.can_redo(seat):
            self.app.notify(self.tr("undo.nothing_to_redo"))
            return
        self.beats, self.frozen_view = [], None
        self.match.redo(seat)
        self._changes += 1
        self.save_auto()

    def ask_save(self):
        from ui.scenes.saving import SaveDialog
        self.app.push(SaveDialog(self.app, self.match))

    def save_auto(self):
        if not self.autosave or self.autosave_failed:
            return
        from games.core import saves
        from ui import userdirs
        try:
            saves.write(userdirs.autosave_path(), self.match)
        except OSError as e:
            self.autosave_failed = True
            self.app.notify(self.tr("save.autosave_failed", why=e.strerror or str(e)))

    def wants_quit_confirm(self) -> bool:
        return not self.match.is_over()

    def ask_leave(self):
        from ui.scenes.dialogs import QuitConfirm
        from ui.scenes.menu import MainMenu
        if self.match.is_over():
            self.app.reset_to(MainMenu(self.app))
            return
        self.app.push(QuitConfirm(self.app, on_leave=lambda: self.app.reset_to(MainMenu(self.app))))

    # --- turn flow ------------------------------------------------------------
    def position_key(self) -> tuple:
        """Identifies the game position: the view and the legal actions are worked out once
        per position, not once per frame (undo replays into a new state object)."""
        return (id(self.match.state), self.match.ply, self.viewer)

    def current_view(self) -> dict:
        if self.frozen_view is not None:
            return self.frozen_view
        key = self.position_key()
        if getattr(self, "_view_key", None) != key:
            self._view_key, self._view_cache = key, self.rules.view(self.match.state, self.viewer)
        return self._view_cache

    def my_legal(self) -> list:
        """Legal actions the person in front of the screen may take now."""
        if self.beats or self.viewer is None or self.match.is_over():
            return []
        if self.viewer not in self.match.to_act():
            return []
        if not self.match.config.seats[self.viewer].is_human:
            return []
        key = self.position_key()
        if getattr(self, "_legal_key", None) != key:
            self._legal_key = key
            self._legal_cache = self.rules.legal_actions(self.match.state, self.viewer)
        return self._legal_cache

    def do(self, action) -> None:
        before = self.current_view() if self.frozen_view is None else self.frozen_view
        base = len(self.match.events)
        events = self.match.apply(action)
        self._changes += 1
        self.chooser = []
        beats = self.view.beats_for([e.for_seat(self.viewer) for e in events]) if self.animate else []
        for b in beats:  # the log does not run ahead of the animation
            b.log_upto = base + b.data.get("event_index", len(events) - 1) + 1
        speed = self.app.anim_speed
        if beats and speed > 0:
            self.frozen_view = before
            self.beats = beats
            self.beat_time = 0.0
            for b in self.beats:
                b.duration /= speed
        from ui import sound
        for e in events:
            name = self.view.SOUNDS.get(e.type)
            if name:
                sound.play(name)
                break
        self.save_auto()

    def update(self, dt):
        self.view.update(dt)
        if not self.match.is_over():
            # time at the table for the records: only while this scene is on top (never in
            # menus or a hand-off); a long stall (a suspended machine) counts one second
            m = self.match
            m.seconds_played = getattr(m, "seconds_played", 0.0) + min(dt, 1.0)
        if self.beats:
            self.beat_time += dt
            b = self.beats[0]
            if self.beat_time >= b.duration:
                self.beats.pop(0)
                self.beat_time = 0.0
                if not self.beats:
                    self.frozen_view = None
            return
        if self.match.is_over():
            if not self.results_shown:
                self.results_shown = True
                from ui.scenes.results import ResultsScene
                self.app.push(ResultsScene(self.app, self.match))
            return
        to_act = self.match.to_act()
        seat = next((s for s in to_act if not self.match.config.seats[s].is_human), None)
        if seat is not None and not self.bots_may_act():
            return
        if seat is not None:
            self.bot_timer += dt
            if self.bot_timer >= self.app.bot_delay:
                self.bot_timer = 0.0
                self.do(self.match.bot_action(seat))
            return
        human = to_act[0]
        if human != self.viewer or self.first_handoff:
            self.first_handoff = False
            self.hand_over(human)

    def bots_may_act(self) -> bool:
        """Whether bot seats play on their own (a tutorial scripts them instead)."""
        return True

    def hand_over(self, seat: int):
        """Show a hand-off screen before a different person sees their private view."""
        self.viewer = seat
        if len(self.humans) > 1 and self.rules.INFO.hidden_information:
            from ui.scenes.handoff import HandOff
            self.app.push(HandOff(self.app, self.match.config.seats[seat].name))

    # --- input ------------------------------------------------------------
    def handle(self, ev):
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
            if self.chooser:
                self.chooser = []
            elif not self.view.cancel():
                self.ask_leave()
            return
        if ev.type == pygame.KEYDOWN and ev.mod & pygame.KMOD_CTRL:
            if ev.key == pygame.K_z:
                self.undo()
            elif ev.key == pygame.K_y:
                self.redo()
            elif ev.key == pygame.K_s:
                self.ask_save()
            return
        if (ev.type == pygame.KEYDOWN and ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.results_shown
                and self.match.is_over()):  # back to the results after looking at the final table
            from ui.scenes.results import ResultsScene
            self.app.push(ResultsScene(self.app, self.match))
            return
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_SPACE and self.beats:
            self.beats = []  # skip the animation
            self.frozen_view = None
            return
        for b in self.buttons:
            if b.handle(ev):
                return
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            self.click(ev.pos)
        elif ev.type == pygame.KEYDOWN:
            legal = self.my_legal()
            act = self.view.key_action(ev, legal)
            if act is not None:
                self.do(act)

    def click(self, pos):
        if self.chooser:
            for rect, act in self.chooser:
                if rect.collidepoint(pos):
                    self.do(act)
                    return
            self.chooser = []
            return
        legal = self.my_legal()
        if not legal:
            return
        if self.view.click(pos, legal):
            return
        acts = [a for a in self.view.actions_at(pos) if a in legal]
        if len(acts) == 1:
            self.do(acts[0])
        elif len(acts) > 1:
            self.open_chooser(pos, acts)

    def open_chooser(self, pos, acts):
        app = self.app
        w, h = app.px(260), app.px(36)
        x = min(pos[0], self.board.right - w)
        y = min(pos[1], self.board.bottom - h * len(acts))
        self.chooser = [(pygame.Rect(x, y + i * h, w, h - 2), a) for i, a in enumerate(acts)]

    # --- drawing ------------------------------------------------------------
    def frame_key(self):
        if self.beats:
            return None  # an animation moves every frame
        pulse = int(getattr(self.view, "clock", 0.0) * PULSE_STEPS_PER_S)
        return (self.position_key(), self._changes, len(self.match.events), self.mouse, pulse, self.hint,
                self.show_log, len(self.chooser), self.frozen_view is None, self.results_shown)

    def draw(self, surf):
        if not self.view.OPAQUE:
            surf.blit(sprites.table_background(*surf.get_size()), (0, 0))
        view = self.current_view()
        legal = self.my_legal()
        self.view.draw(surf, view, legal, self.mouse, self.hint)
        if self.beats:
            b = self.beats[0]
            self.view.draw_beat(surf, b, min(1.0, self.beat_time / max(b.duration, 1e-6)))
        self.draw_top_bar(surf, view)
        if self.show_log:
            self.draw_log(surf)
        for b in self.buttons:
            b.draw(surf)
        for rect, act in self.chooser:
            surf.blit(sprites.button(rect.w, rect.h, self.view.describe(act),
                                     "hover" if rect.collidepoint(self.mouse) else "normal"), rect)

    def prompt_text(self) -> str:
        if self.match.is_over():
            return self.tr("play.game_over")
        key, args = self.rules.prompt(self.match.state)
        text = self.tr(key, **args)
        seat = self.match.to_act()[0]
        if not self.match.config.seats[seat].is_human:
            text = self.tr("play.bot_thinking", seat=seat) + "  ·  " + text
        return text

    def draw_top_bar(self, surf, view):
        app = self.app
        bar = self.top_bar
        pygame.draw.rect(surf, theme.PANEL, bar)
        pygame.draw.line(surf, theme.PANEL_BORDER, bar.bottomleft, bar.bottomright, 2)
        title = self.tr(self.rules.INFO.title_key)
        r = blit_text(surf, title, (app.px(14), bar.centery), app.px(20), theme.PARCHMENT, bold=True,
                      anchor="midleft")
        right = self.buttons[-1].rect.x - app.px(12)
        text, width = self.prompt_text(), right - r.right - app.px(20)
        colour = theme.HIGHLIGHT if self.my_legal() else theme.PARCHMENT
        if theme.font(app.px(18)).size(text)[0] > width:  # a long prompt takes two lines, not a tiny font
            from ui.widgets import wrap_lines
            size, step = app.px(15), app.px(18)
            lines = wrap_lines(text, width, size)
            if len(lines) > 2:
                size, step = app.px(13), app.px(14)
                lines = wrap_lines(text, width, size)
                if len(lines) > 3:
                    lines = lines[:2] + [" ".join(lines[2:])]
            for k, line in enumerate(lines):
                blit_text(surf, line, (r.right + app.px(20), bar.centery + (k - (len(lines) - 1) / 2) * step),
                          size, colour, anchor="midleft", max_width=width)
        else:
            blit_text(surf, text, (r.right + app.px(20), bar.centery), app.px(18), colour, anchor="midleft",
                      max_width=width)

    def log_lines(self) -> list[str]:
        events = self.match.events
        upto = self.beats[0].log_upto if self.beats else len(events)
        key = (id(self.match), len(events), upto, id(self.tr), self.viewer)
        if getattr(self, "_log_key", None) == key:  # translated once per change, not per frame
            return self._log_cache
        lines = []
        if self.beats:
            events = events[:upto]
        for _, e in events[-200:]:
            if e.type in self.view.LOG_SKIP:
                continue
            ev = e.for_seat(self.viewer)
            lines.append(self.tr(ev.key, **ev.args))
        self._log_key, self._log_cache = key, lines
        return lines

    def wrapped_log(self, width: int, size: int) -> list[list[str]]:
        """The log's lines wrapped to the column, worked out once per change, not per frame."""
        lines = self.log_lines()
        key = (self._log_key, width, size)
        if getattr(self, "_wrap_key", None) != key:
            from ui.widgets import wrap_lines
            self._wrap_key, self._wrap_cache = key, [wrap_lines(line, width, size) for line in lines[-60:]]
        return self._wrap_cache

    def draw_log(self, surf):
        app = self.app
        r = self.log_rect
        pygame.draw.rect(surf, theme.PANEL, r)
        pygame.draw.line(surf, theme.PANEL_BORDER, r.topleft, r.bottomleft, 2)
        blit_text(surf, self.tr("play.log"), (r.x + app.px(12), r.y + app.px(8)), app.px(18),
                  theme.PARCHMENT, bold=True)
        size = app.px(15)
        step = int(size * 1.3)
        y = r.bottom - app.px(10)
        for wrapped in reversed(self.wrapped_log(r.w - app.px(24), size)):
            y -= step * len(wrapped) + app.px(4)
            if y < r.y + app.px(36):
                break
            for k, ln in enumerate(wrapped):
                blit_text(surf, ln, (r.x + app.px(12) + (app.px(10) if k else 0), y + k * step), size,
                          theme.PARCHMENT)
