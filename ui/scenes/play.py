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
from ui.app import CALM_AFTER_S, POINTER_HOLD_S, PULSE_STEPS_PER_S, Scene
from ui.pointer_layer import PointerLayer
from ui.views import make_view
from ui.views.base import Beat
from ui.widgets import Button, blit_text

ADVICE_LEVEL = "hard"  # the bot whose search the move advisor shows

REVEAL_SECONDS = 1.5  # the public table after the last event, at animation speed 1


def _same_match(raw: dict, match: Match) -> bool:
    """Whether a save's fields (read_raw) are of this match: the same game and set-up."""
    import json
    mine = json.dumps(match.config.to_json(), sort_keys=True)
    return raw["game"] == match.rules.INFO.id and json.dumps(raw["config"], sort_keys=True) == mine


def _read_autosave(path) -> dict | None:
    """A save's fields, or None when there is no regular file; {} when it cannot be read."""
    from games.core import saves
    from games.core.errors import SaveError
    try:
        if path.is_symlink() or not path.is_file():
            return None
        return saves.read_raw(path)
    except (SaveError, OSError):
        return {}


def keep_other_autosave(match: Match) -> None:
    """Before a game's first autosave: an unfinished game of the same kind in its file is
    another match (a new game was started): it is moved aside, not replaced, so every
    unfinished game stays listed for Continue. A file that cannot be read is moved aside
    too, as it is (never overwritten)."""
    from ui import userdirs
    path = userdirs.autosave_path(match.rules.INFO.id)
    raw = _read_autosave(path)
    if raw is None or (raw and (raw["finished"] or _same_match(raw, match))):
        return
    try:
        path.rename(userdirs.set_aside_path(match.rules.INFO.id))
    except OSError:
        pass  # then the write below replaces it, as before this table kept several


def retire_legacy_autosave(match: Match) -> None:
    """The migration from the single autosave of earlier releases: once its match is saved
    in its game's own file, the old file is removed. Another match stays, listed as an
    unfinished game; a file that cannot be read is never touched."""
    from ui import userdirs
    old = userdirs.saves_dir() / userdirs.LEGACY_AUTOSAVE
    raw = _read_autosave(old)
    if raw and _same_match(raw, match):
        try:
            old.unlink()
        except OSError:
            pass


class PlayScene(Scene):
    MOTION_IN_KEY = True  # hover_key() in frame_key()
    # Only what the pointer changes is redrawn when it moves (ui/pointer_layer.py). A scene
    # that draws over the table after it (a tutorial's panel, a replay's controls) says False.
    POINTER_LAYER = True
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
        self.show_log = self.view.LOG_OPEN
        self.mouse = (-1, -1)
        self.chooser: list[tuple[pygame.Rect, object]] = []
        self.results_shown = False
        self.first_handoff = len(self.humans) > 1  # the first person also gets a hand-off
        self.reveal_left = 0.0  # seconds the public table stays up before the hand-off hides it
        if self.first_handoff and self.hot_seat() and viewer is None:
            self.viewer = None  # until the first hand-off only what everyone may see is drawn
        self.tr = Translator(app.lang, [s.name for s in seats], match.rules.INFO.id)
        self.autosave = app.use_settings  # tests and tools never write the player's autosave
        self.autosave_failed = False
        self._autosaved = False  # the first autosave looks after the files already there
        self._changes = 0  # moves, undos, redos: each may change the picture
        self.input_at = 0.0   # the table's clock at the last input (a calm table stops pulsing)
        self.thinker = None   # a bot seat's decision being worked out on its thread
        self.advisor = None   # the move advisor's search on its thread
        self.advice = None    # its panel (AdvicePanel) while it answers the position asked
        self.pointer_layer = PointerLayer()
        # The glows hold still while the pointer moves (only what it passes over changes) and
        # go on from there when it rests: the pulse's own clock, and when it stopped.
        self.pulse_offset = 0.0
        self.pulse_held_at: float | None = None
        self.moved_at = -1.0

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
        if self.can_advise():
            specs.insert(2, ("play.advise", self.ask_advice, None))
        self.buttons = []
        bh, right = app.px(34), w
        for label, fn, key in specs:
            text = self.tr(label) if "." in label else label
            # as wide as its word needs at the button's own text size: never a shrunken font
            need = theme.font(int(bh * 0.42), True).size(text)[0] + int(bh * 0.5) + app.px(6)
            width = app.px(40) if label == "H" else max(bw, need)
            right -= width + app.px(8)
            self.buttons.append(Button((right, app.px(6), width, bh), text, fn, hotkey=key))
        old = (getattr(self, "redo_button", None), getattr(self, "undo_button", None))
        by_label = {label: b for (label, _, _), b in zip(specs, self.buttons, strict=True)}
        self.redo_button, self.undo_button = by_label["play.redo"], by_label["play.undo"]
        for was, now in zip(old, (self.redo_button, self.undo_button), strict=True):
            now.dimmed = was.dimmed if was is not None else True  # (the state is not read here)
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
        self.stop_thinking()
        self.match.undo(seat)
        self._changes += 1
        self.bot_timer = 0.0
        self.save_auto()
        self.dim_undo_redo()

    def redo(self):
        seat = self.undo_seat()
        if seat is None or not self.match.can_redo(seat):
            self.app.notify(self.tr("undo.nothing_to_redo"))
            return
        self.beats, self.frozen_view = [], None
        self.stop_thinking()
        self.match.redo(seat)
        self._changes += 1
        self.save_auto()
        self.dim_undo_redo()

    def dim_undo_redo(self) -> None:
        """Undo and Redo look disabled when they would only say why not (a click still
        tells the reason): worked out once per position, not per frame, after each change
        (update runs between a click and the frame that shows it)."""
        key = (self.position_key(), self._changes, bool(self.beats))
        if getattr(self, "_dim_key", None) == key:
            return
        self._dim_key = key
        seat = self.undo_seat()
        over = self.match.is_over()
        self.undo_button.dimmed = over or seat is None or not self.match.undo_status(seat)[0]
        self.redo_button.dimmed = over or seat is None or not self.match.can_redo(seat)

    def ask_save(self):
        from ui.scenes.saving import SaveDialog
        self.app.push(SaveDialog(self.app, self.match))

    def save_auto(self):
        """Autosave into the file of this game's kind: an unfinished game of another kind,
        or another unfinished game of this kind, is kept."""
        if not self.autosave or self.autosave_failed:
            return
        from games.core import saves
        from ui import userdirs
        first = not self._autosaved
        if first:
            keep_other_autosave(self.match)
        try:
            saves.write(userdirs.autosave_path(self.game_id), self.match)
        except OSError as e:
            self.autosave_failed = True
            self.app.notify(self.tr("save.autosave_failed", why=e.strerror or str(e)))
            return
        self._autosaved = True
        if first:
            retire_legacy_autosave(self.match)

    def wants_quit_confirm(self) -> bool:
        return not self.match.is_over()

    def ask_leave(self):
        from ui.scenes.dialogs import QuitConfirm
        from ui.scenes.menu import MainMenu
        if self.match.is_over():
            self.app.reset_to(MainMenu(self.app))
            return
        self.app.push(QuitConfirm(self.app, on_leave=lambda: self.app.reset_to(MainMenu(self.app))))

    # --- thinking on a worker thread ------------------------------------------------
    def thinking_key(self, seat: int) -> tuple:
        """The decision a search answers: this position, this seat (not who looks on)."""
        return (id(self.match.state), self.match.ply, seat)

    def bot_decision(self, seat: int):
        """The bot's move for `seat` once its thread has it and the pacing delay has passed;
        None meanwhile. The search starts at once, so it overlaps the delay."""
        from games.core.thinking import Thinker, bot_move
        if self.app.bot_wait is None:  # headless: no window to keep live, the move at once
            return self.match.bot_action(seat) if self.bot_timer >= self.app.bot_delay else None
        key = self.thinking_key(seat)
        t = self.thinker
        if t is not None and t.key != key:  # the position moved on (a person's simultaneous move)
            t.cancel()
            t = None
        if t is None:
            t = self.thinker = Thinker(self.match, seat, bot_move(self.match, seat, self.app.think_seconds), key)
        if self.bot_timer < self.app.bot_delay or not t.wait(self.app.bot_wait):
            return None
        self.thinker = None
        if t.error is not None:
            raise t.error
        return t.result

    def stop_thinking(self) -> None:
        """Call off every search in progress (undo, redo, leaving the game)."""
        for t in (self.thinker, self.advisor):
            if t is not None:
                t.cancel()
        self.thinker = self.advisor = None
        self.advice = None

    def on_exit(self) -> None:
        self.stop_thinking()

    def can_advise(self) -> bool:
        """A game whose hard bot searches, and a person at the table to advise."""
        if getattr(self, "_can_advise", None) is None:
            self._can_advise = (ADVICE_LEVEL in self.rules.INFO.bot_levels and bool(self.humans)
                                and hasattr(self.rules.bot(ADVICE_LEVEL), "advise"))
        return self._can_advise

    def ask_advice(self) -> None:
        """The move advisor: the hard bot searches the viewer's decision from what the viewer
        may see (its search re-deals everything hidden from that seat)."""
        from games.core.thinking import Thinker, advice
        from ui.advisor import AdvicePanel
        if not self.can_advise() or not self.my_legal():
            self.app.notify(self.tr("advice.not_now"))
            return
        seat = self.viewer
        key = self.thinking_key(seat)
        if self.advice is not None and self.advice.key == key:
            self.advice = None if self.advisor is None else self.advice  # asked again: close it
            return
        if self.advisor is not None:
            self.advisor.cancel()
        self.advisor = Thinker(self.match, seat, advice(self.match, seat, self.app.think_seconds), key)
        self.advice = AdvicePanel(self, key, None)

    def poll_advice(self) -> None:
        adv, t = self.advice, self.advisor
        if adv is None:
            return
        if adv.key != self.thinking_key(adv.key[2]):  # the position moved on (another seat's move)
            if t is not None:
                t.cancel()
            self.advisor = self.advice = None
            if self.my_legal():  # still this person's decision: ask again about the new one
                self.ask_advice()
            return
        if t is None or not t.wait(self.app.bot_wait):
            return
        self.advisor = None
        if t.error is not None:
            raise t.error
        from ui.advisor import TOP_MOVES
        adv.moves = [(a, win) for a, _, win in t.result.moves[:TOP_MOVES]]
        self._changes += 1

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
        seats = self.match.config.seats
        if 0 <= action.seat < len(seats) and seats[action.seat].is_human:
            self.app.dismiss(self)  # a refusal or hint said before a person's move is old news
        before = self.current_view() if self.frozen_view is None else self.frozen_view
        base = len(self.match.events)
        events = self.match.apply(action)
        self._changes += 1
        self.input_at = getattr(self.view, "clock", 0.0)  # a new position: its highlights pulse again
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
        if self.revealing():  # the public table stays up a moment after the last event
            self.reveal_left = self.reveal_seconds()
        from ui import sound
        for e in events:
            name = self.view.SOUNDS.get(e.type)
            if name:
                sound.play(name)
                break
        self.save_auto()
        self.dim_undo_redo()

    def update(self, dt):
        self.view.update(dt)
        clock = getattr(self.view, "clock", 0.0)
        if self.pulse_held_at is not None and clock - self.moved_at >= POINTER_HOLD_S:
            self.pulse_offset += clock - self.pulse_held_at  # the pointer rests: the pulse goes on
            self.pulse_held_at = None
        self.dim_undo_redo()  # here, not in draw(): the table draws from the view alone
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
        self.poll_advice()
        to_act = self.match.to_act()
        seat = next((s for s in to_act if not self.match.config.seats[s].is_human), None)
        if seat is not None and not self.bots_may_act():
            return
        if seat is not None:
            self.bot_timer += dt
            action = self.bot_decision(seat)
            if action is not None:
                self.bot_timer = 0.0
                if self.hot_seat() and self.viewer is not None and self.viewer not in to_act:
                    self.go_public()  # (the person could still undo until this moment)
                self.do(action)
            return
        human = to_act[0]
        if self.first_handoff:
            self.first_handoff = False
            self.hand_over(human)
        elif human != self.viewer:
            if self.hot_seat():
                if self.viewer is not None:
                    self.go_public()
                if self.reveal_left > 0:
                    self.reveal_left -= dt
                    return
            self.hand_over(human)

    def hot_seat(self) -> bool:
        """Several people share the screen and the game hides things: hand-offs cover it."""
        return len(self.humans) > 1 and self.rules.INFO.hidden_information

    def go_public(self) -> None:
        """The person at the screen has ended their turn: from now until the hand-off the
        table shows only what everyone may see, so the bots' moves, the dice and the cards
        revealed play out for all before the next person's private view is covered."""
        self.viewer = None
        self.chooser = []
        self.reveal_left = self.reveal_seconds()

    def reveal_seconds(self) -> float:
        """How long the public table stays up after its last event (Space passes on at once)."""
        speed = self.app.anim_speed
        return REVEAL_SECONDS / speed if speed > 0 else REVEAL_SECONDS * 2 / 3

    def revealing(self) -> bool:
        return self.viewer is None and self.hot_seat() and not self.first_handoff and not self.match.is_over()

    def bots_may_act(self) -> bool:
        """Whether bot seats play on their own (a tutorial scripts them instead)."""
        return True

    def hand_over(self, seat: int):
        """Show a hand-off screen before a different person sees their private view."""
        self.viewer = seat
        self.reveal_left = 0.0
        if len(self.humans) > 1 and self.rules.INFO.hidden_information:
            from ui.scenes.handoff import HandOff
            self.app.push(HandOff(self.app, self.match.config.seats[seat].name))

    # --- input ------------------------------------------------------------
    def calm(self) -> bool:
        """Nothing has happened for a while: the highlights hold still (no redraws)."""
        return getattr(self.view, "clock", 0.0) - self.input_at > CALM_AFTER_S and not self.beats

    def pulse_time(self) -> float:
        """The clock the glows' pulse follows: it stands still while the pointer moves."""
        if self.pulse_held_at is not None:
            return self.pulse_held_at - self.pulse_offset
        return getattr(self.view, "clock", 0.0) - self.pulse_offset

    def handle(self, ev):
        self.input_at = getattr(self.view, "clock", 0.0)
        if ev.type == pygame.MOUSEMOTION:
            if self.pulse_held_at is None:
                self.pulse_held_at = self.input_at
            self.moved_at = self.input_at
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
            if self.advice is not None:
                if self.advisor is not None:
                    self.advisor.cancel()
                self.advisor = self.advice = None
            elif self.chooser:
                self.chooser = []
            elif self.view.cancel():
                self._changes += 1
            else:
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
        if ev.type == pygame.KEYDOWN and getattr(ev, "unicode", "") == "?":
            self.ask_advice()
            return
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_SPACE and self.beats:
            self.beats = []  # skip the animation
            self.frozen_view = None
            return
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_SPACE and self.revealing():
            self.reveal_left = 0.0  # everyone has seen it: pass the screen now
            return
        for b in self.buttons:
            if b.handle(ev):
                return
        if not self.chooser and ev.type != pygame.KEYDOWN and self.view.event(ev):
            self._changes += 1   # the view moved (a zoom, a drag): draw it again
            if ev.type == pygame.MOUSEMOTION:
                self.mouse = ev.pos
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
        if self.advice is not None:
            picked = self.advice.click(pos)
            if picked is True:
                return
            if picked is not None and picked in self.my_legal():
                self.advice = None
                self.do(picked)
                return
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
            self._changes += 1  # the view chose something of its own (a half-made move)
            return
        acts = [a for a in self.view.actions_at(pos) if a in legal]
        if len(acts) == 1:
            self.do(acts[0])
        elif len(acts) > 1:
            self.open_chooser(pos, acts)

    def open_chooser(self, pos, acts):
        """A list of the actions one target stands for, by the pointer and inside the table:
        as wide as its longest entry needs (up to a third of the table), an entry that is
        still too long wraps to two lines rather than shrinking."""
        app = self.app
        size = app.px(15)
        pad = app.px(28)
        widest = max((theme.font(size, True).size(self.view.describe(a))[0] for a in acts), default=0)
        w = max(app.px(260), min(widest + pad, self.board.w // 3))
        two = widest + pad > w
        h = app.px(48) if two else app.px(36)
        x = max(self.board.x, min(pos[0], self.board.right - w))
        y = max(self.board.y, min(pos[1], self.board.bottom - h * len(acts)))
        self.chooser = [(pygame.Rect(x, y + i * h, w, h - 2), a) for i, a in enumerate(acts)]

    # --- drawing ------------------------------------------------------------
    def hover_key(self):
        """The pointer as far as the picture depends on it: its position over anything that
        reacts to it (a target or element of the table, a button, a chooser line, the advice
        panel), else None: moving over bare table changes nothing, so nothing is redrawn."""
        m = self.mouse
        if not self.view.HOVER_ON_ELEMENTS_ONLY:
            return m
        for r in self.view.hover_rects():
            if r.collidepoint(m):
                return m
        if any(b.rect.collidepoint(m) for b in self.buttons) or any(r.collidepoint(m) for r, _ in self.chooser):
            return m
        if self.advice is not None:
            return m
        return None

    def plain_key(self):
        """What the picture shows apart from the pointer (None: it moves every frame)."""
        if self.beats:
            return None  # an animation moves every frame
        pulse = -1 if self.calm() else int(self.pulse_time() * PULSE_STEPS_PER_S)
        thinking = self.thinker is not None or self.advisor is not None
        if thinking:  # the thinking badge's dots turn
            pulse = int(getattr(self.view, "clock", 0.0) * 18)
        return (self.position_key(), self._changes, len(self.match.events), pulse, self.hint,
                self.show_log, tuple(map(tuple, (r for r, _ in self.chooser))), self.frozen_view is None,
                self.results_shown, thinking, id(self.advice))

    def frame_key(self):
        key = self.plain_key()
        return None if key is None else (key, self.hover_key())

    def layer_key(self, surf):
        """What the plain picture (the pointer off the table) depends on; None when the frame
        is drawn whole: an animation, the advice panel, a scene over this one."""
        app = self.app
        if not self.POINTER_LAYER or app.top is not self or self.advice is not None:
            return None
        key = self.plain_key()
        if key is None:
            return None
        return (key, id(surf), surf.get_size(), app.lang, app._presses_seen,
                tuple(m[0] for m in app.shown_messages()))

    def draw(self, surf):
        # what is drawn after the table (the top bar's edge, the log, a chooser, a thinking
        # badge) must not cover a tooltip drawn at once over the plain picture
        edge = self.top_bar.bottom + 2
        self.pointer_layer.on_top_within = (pygame.Rect(self.board.x, edge, self.board.w, self.board.bottom - edge)
                                            if not self.chooser and self.thinker is None else None)
        self.pointer_layer.draw(surf, self.layer_key(surf), self.mouse, self.draw_frame, self.pointer_region,
                                lambda: self.view.hover_marks)

    def pointer_region(self, pointer) -> list:
        """Where the picture may change with the pointer at `pointer` (see PointerLayer)."""
        rects = list(self.view.hover_region(pointer))
        rects += [b.rect for b in self.buttons if b.rect.collidepoint(pointer)]
        rects += [r for r, _ in self.chooser if r.collidepoint(pointer)]
        return rects

    def draw_frame(self, surf, pointer):
        """The whole frame with the pointer at `pointer`."""
        if not self.view.OPAQUE:
            surf.blit(sprites.table_background(*surf.get_size()), (0, 0))
        view = self.current_view()
        legal = self.my_legal()
        self.view.hover_marks = []
        self.view.draw(surf, view, legal, pointer, self.hint)
        if self.beats:
            b = self.beats[0]
            self.view.draw_beat(surf, b, min(1.0, self.beat_time / max(b.duration, 1e-6)))
        self.draw_top_bar(surf, view)
        if self.show_log:
            self.draw_log(surf)
        for b in self.buttons:
            b.hover = b.rect.collidepoint(pointer)
            b.draw(surf)
        for rect, act in self.chooser:
            self.draw_choice(surf, rect, self.view.describe(act), rect.collidepoint(pointer))
        clock = getattr(self.view, "clock", 0.0)
        if self.thinker is not None and not self.beats:
            from ui.advisor import thinking_badge, thinking_disc
            seat = self.thinker.seat
            anchor = self.view.seat_rect(seat)
            if anchor is not None:
                thinking_disc(surf, self.app, anchor, clock)
            else:
                thinking_badge(surf, self.app, self.board, self.tr("play.bot_thinking", seat=seat), clock)
        if self.advice is not None:
            self.advice.draw(surf, pointer, clock)

    def draw_choice(self, surf, rect, text: str, hover: bool) -> None:
        """One line of the chooser: a button whose words wrap to two lines when long."""
        app = self.app
        size = app.px(15)
        state = "hover" if hover else "normal"
        if theme.font(size, True).size(text)[0] <= rect.w - app.px(24):
            surf.blit(sprites.button(rect.w, rect.h, text, state), rect)
            return
        surf.blit(sprites.button(rect.w, rect.h, "", state), rect)
        from ui.widgets import wrap_lines
        lines = wrap_lines(text, rect.w - app.px(24), size, True)[:2]
        step = int(size * 1.15)
        y0 = rect.centery - step * len(lines) // 2 - app.px(2)
        for i, line in enumerate(lines):
            blit_text(surf, line, (rect.centerx, y0 + i * step + step // 2), size, theme.BUTTON_TEXT,
                      bold=True, anchor="center", max_width=rect.w - app.px(16))

    def prompt_text(self) -> str:
        if self.match.is_over():
            return self.tr("play.game_over")
        to_act = self.match.to_act()
        if self.revealing() and not self.beats and self.match.config.seats[to_act[0]].is_human:
            return self.tr("play.reveal_next", name=self.match.config.seats[to_act[0]].name)
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
