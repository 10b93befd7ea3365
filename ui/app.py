"""The application: one window, one loop, a stack of scenes.

The window may be resized freely; below the 1280x720 minimum the scenes are
drawn on a 1280x720 canvas that is scaled down into the window, so layouts
never have to cope with less room than that.
"""
from __future__ import annotations

import os
import time

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from games.core.i18n import Translator, system_language  # noqa: E402

MIN_SIZE = (1280, 720)
MAX_SIZE = (3840, 2160)
DEFAULT_SIZE = (1280, 720)


class Scene:
    """One screen. The top of the stack gets events; modal scenes draw over the one below."""

    modal = False
    MOTION_IN_KEY = False  # frame_key() covers every effect of the pointer moving

    def __init__(self, app: App):
        self.app = app

    def layout(self, size: tuple[int, int]) -> None:
        """Recompute positions for a canvas of this size."""

    def handle(self, ev: pygame.event.Event) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surf: pygame.Surface) -> None:
        pass

    def on_enter(self) -> None:
        pass

    def on_exit(self) -> None:
        """The scene leaves the stack for good (work it started in the background stops)."""

    def wants_quit_confirm(self) -> bool:
        """Whether closing the window from this scene asks first (a game in progress)."""
        return False

    def frame_key(self):
        """Everything this scene's picture depends on besides input events, or None to
        redraw every frame. The app skips a frame whose keys all repeat the last one.
        By default a scene changes only with input (menus, dialogs, lists)."""
        return ()


# A window whose picture has not changed for a few frames sleeps between looks at its input
# (and timers: bot pacing, messages, a pulse step) instead of spinning at 60 frames a second;
# the first input after a pause waits at most this long, then frames run at 60 again.
IDLE_AFTER_FRAMES = 3
IDLE_WAIT_MS = 30

# Pulsing highlights advance this many steps a second when nothing else changes:
# smooth enough to read as a pulse, and most idle frames cost nothing.
PULSE_STEPS_PER_S = 15
# A table left alone this long stops pulsing and holds its highlights steady (nothing is
# redrawn until input comes); any input starts the pulse again.
CALM_AFTER_S = 4.0
# While the pointer moves the pulse holds still, and goes on this long after it rests: a
# moving pointer redraws only what it passes over, and what it lights shows clearly.
POINTER_HOLD_S = 0.4


class _Message(list):
    """[text, seconds left], and the scene that raised it (None: the app)."""

    def __init__(self, text: str, seconds: float, owner: Scene | None, frame: int):
        super().__init__((text, seconds))
        self.owner = owner
        self.frame = frame  # raised before this frame was drawn


class App:
    def __init__(self, size: tuple[int, int] | None = None, lang: str | None = None,
                 use_settings: bool | None = None):
        from ui import memory, sound, theme, userdirs
        from ui import settings as settings_mod
        memory.keep_big_blocks_returnable()
        # only what the table uses; the mixer opens lazily on the first sound
        pygame.display.init()
        pygame.font.init()
        pygame.key.set_repeat(350, 40)
        self.messages: list[list] = []  # [text, seconds left]
        self._events_seen = 0  # any input may change what a scene shows
        self._presses_seen = 0  # input other than the pointer moving
        self._drawn_key = None  # the frame on screen, when it can be reused
        self.dirty: list | None = None  # what the last frame changed (None: all of it)
        self._frames = 0  # frames stepped: which messages are not yet on screen
        # Tests and tools pass size/lang and leave the player's settings alone.
        self.use_settings = (size is None and lang is None) if use_settings is None else use_settings
        if self.use_settings:
            self.settings, problem = settings_mod.load()
            if problem:
                self.notify(problem)
        else:
            self.settings = settings_mod.Settings(language=lang or "en").normalised()
        for w in userdirs.warnings:
            self.notify(w)
        if self.use_settings:  # temporaries an interrupted write left behind
            from games.core.safefile import clean_stale_temporaries
            for folder in (userdirs.saves_dir(), userdirs.config_dir()):
                clean_stale_temporaries(folder)
        self._scale_key, self._scale = None, 1.0
        self._px: dict = {}
        self.lang = lang or self.settings.language or system_language()
        self.t = Translator(self.lang)
        self.scenes: list[Scene] = []
        self.running = True
        self.fullscreen = False
        self.anim_speed = self.settings.anim_speed  # 0 turns animations off
        self.bot_delay = self.settings.bot_pace  # seconds between bot actions
        self.set_think(self.settings.think)
        # How long a frame waits for a bot thinking on its thread: not at all in the window;
        # to the end headless (tests, screenshots, tools), where play must be reproducible.
        self.bot_wait = 0.0 if self.use_settings else None
        theme.set_palette(self.settings.palette)
        sound.configure(self.settings.sound, self.settings.volume)
        if size is None and self.settings.window != (0, 0):
            size = self.settings.window
        size = size or self._fitting_size()
        self._set_icon()
        self.window = pygame.display.set_mode(self._clamp(size), pygame.RESIZABLE)
        pygame.display.set_caption(self.t("app.title"))
        self._canvas: pygame.Surface | None = None
        if self.use_settings and self.settings.fullscreen:
            self.toggle_fullscreen()
        self._layout_all()

    # --- window -----------------------------------------------------------
    @staticmethod
    def _set_icon() -> None:
        # Set before the window opens so the task bar picks it up; a missing icon is cosmetic.
        from games.core.data import resource_root

        try:
            pygame.display.set_icon(pygame.image.load(str(resource_root() / "assets" / "icon.png")))
        except (pygame.error, FileNotFoundError):
            pass

    @staticmethod
    def _clamp(size):
        return (max(320, min(MAX_SIZE[0], int(size[0]))), max(240, min(MAX_SIZE[1], int(size[1]))))

    @staticmethod
    def _fitting_size():
        try:
            sizes = pygame.display.get_desktop_sizes()
            w, h = sizes[0] if sizes else DEFAULT_SIZE
        except pygame.error:
            w, h = DEFAULT_SIZE
        if w <= 0 or h <= 0:
            return DEFAULT_SIZE
        # 80% of the desktop, 16:9, never below the minimum
        target_w = max(MIN_SIZE[0], min(int(w * 0.8), int(h * 0.8 * 16 / 9)))
        return target_w, target_w * 9 // 16

    @property
    def size(self) -> tuple[int, int]:
        """The canvas size scenes lay out for: the window divided by the UI scale,
        never below the minimum (then it is scaled into the window)."""
        w, h = self.window.get_size()
        ui = self.settings.ui_scale or 1.0
        return max(int(w / ui), MIN_SIZE[0]), max(int(h / ui), MIN_SIZE[1])

    @property
    def scale(self) -> float:
        key = (self.window.get_size(), self.settings.ui_scale)
        if key != self._scale_key:  # px() is called thousands of times a frame
            w, h = self.size
            self._scale_key = key
            self._scale = max(1.0, min(3.0, min(w / MIN_SIZE[0], h / MIN_SIZE[1])))
        return self._scale

    def px(self, n: float) -> int:
        """A length given at 1280x720, scaled to the current window."""
        # called about a thousand times a frame: remembered until the next layout (every
        # change of window size or UI scale lays the scenes out again)
        v = self._px.get(n)
        if v is None:
            v = self._px[n] = max(1, int(round(n * self.scale)))
        return v

    def toggle_fullscreen(self):
        self.fullscreen = not self.fullscreen
        try:
            pygame.display.toggle_fullscreen()
        except pygame.error:
            flags = pygame.FULLSCREEN if self.fullscreen else pygame.RESIZABLE
            try:
                self.window = pygame.display.set_mode(self.window.get_size(), flags)
            except pygame.error:
                self.fullscreen = False
        self.settings.fullscreen = self.fullscreen
        self.save_settings()
        self._layout_all()

    def resize(self, size):
        self.window = pygame.display.set_mode(self._clamp(size), pygame.RESIZABLE)
        self._layout_all()

    def _layout_all(self):
        from ui import sprites
        sprites.clear_cache()
        self._drawn_key = None
        self._px = {}
        self._canvas = None if self.size == self.window.get_size() else pygame.Surface(self.size)
        for s in self.scenes:
            s.layout(self.size)

    def set_language(self, lang: str):
        self.lang = lang
        self.t = Translator(lang, self.t.seat_names)
        pygame.display.set_caption(self.t("app.title"))
        self._layout_all()

    def apply_settings(self):
        """Take changed settings into effect and persist them."""
        from ui import sound, theme
        s = self.settings
        if s.language != self.lang:
            self.set_language(s.language)
        self.anim_speed, self.bot_delay = s.anim_speed, s.bot_pace
        self.set_think(s.think)
        theme.set_palette(s.palette)
        sound.configure(s.sound, s.volume)
        if s.window != (0, 0) and s.window != self.window.get_size() and not self.fullscreen:
            self.resize(s.window)
        else:
            self._layout_all()
        self.save_settings()

    def set_think(self, think: str) -> None:
        """A searching bot's budget per decision: seconds in the window; headless, None (its
        own iteration count, so a seeded game plays the same every time)."""
        from games.core.search import THINK_SECONDS
        self.think_seconds = THINK_SECONDS.get(think, 1.0) if self.use_settings else None

    def save_settings(self):
        if not self.use_settings:
            return
        from ui import settings as settings_mod
        problem = settings_mod.save(self.settings)
        if problem:
            self.notify(problem)

    def notify(self, text: str, seconds: float = 6.0):
        """A short message (errors, fallbacks, undo refusals). It belongs to the scene on top
        when it is raised: shown only while that scene is on screen, gone when it closes or
        when the scene dismisses it (a tutorial's hint once the right move is made). One
        raised before any scene exists (a settings fallback) belongs to the app."""
        owner = self.top if hasattr(self, "scenes") else None
        # the same words again (a hint repeated by a second wrong click) renew the one shown
        self.messages = [m for m in self.messages if not (m[0] == str(text) and m.owner is owner)]
        self.messages.append(_Message(str(text), seconds, owner, self._frames))
        del self.messages[:-4]

    def dismiss(self, scene: Scene) -> None:
        """Remove the messages `scene` raised (what they said no longer holds)."""
        self.messages = [m for m in self.messages if m.owner is not scene]

    def _drop_orphans(self) -> None:
        """Messages of scenes no longer on the stack go with them, but one said on the way
        out (not yet seen) stays, with the scene now on top."""
        alive = {id(s) for s in self.scenes}
        kept = []
        for m in self.messages:
            if m.owner is not None and id(m.owner) not in alive:
                if m.frame != self._frames:
                    continue
                m.owner = self.top
            kept.append(m)
        self.messages = kept

    def _visible(self) -> list[Scene]:
        start = len(self.scenes) - 1
        while start > 0 and self.scenes[start].modal:
            start -= 1
        return self.scenes[max(0, start):]

    def shown_messages(self) -> list:
        """The messages on screen now: the app's, and those of the scenes visible."""
        visible = {id(s) for s in self._visible()}
        return [m for m in self.messages if m.owner is None or id(m.owner) in visible]

    # --- scenes -----------------------------------------------------------
    def push(self, scene: Scene):
        for m in self.messages:  # said on the way to this scene (not yet seen): it carries them
            if m.frame == self._frames and m.owner is not None:
                m.owner = scene
        self.scenes.append(scene)
        scene.layout(self.size)
        scene.on_enter()

    def pop(self):
        if self.scenes:
            self.scenes.pop().on_exit()
            self._drop_orphans()
        if self.scenes:
            self.scenes[-1].on_enter()
        else:
            self.running = False

    def replace(self, scene: Scene):
        if self.scenes:
            self.scenes.pop().on_exit()
        self.push(scene)

    def reset_to(self, scene: Scene):
        for old in self.scenes:
            old.on_exit()
        self.scenes.clear()
        self._drop_orphans()
        self.push(scene)

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    # --- loop -----------------------------------------------------------------
    def _map_event(self, ev):
        """Mouse positions from the window to the canvas when it is scaled down."""
        if self._canvas is None or not hasattr(ev, "pos"):
            return ev
        w, h = self.window.get_size()
        cw, ch = self._canvas.get_size()
        d = dict(ev.dict)
        d["pos"] = (int(ev.pos[0] * cw / max(1, w)), int(ev.pos[1] * ch / max(1, h)))
        return pygame.event.Event(ev.type, d)

    def handle(self, ev):
        self._events_seen += 1
        if ev.type != pygame.MOUSEMOTION:
            self._presses_seen += 1
        if ev.type == pygame.QUIT:
            self.request_quit()
            return
        if ev.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self._layout_all()
            if not self.fullscreen and ev.type == pygame.VIDEORESIZE:
                self.settings.window = self.window.get_size()  # remembered for the next start
                self.save_settings()
            return
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_F1 and self.top is not None:
            game_id = getattr(self.top, "game_id", None)
            if game_id:
                from ui.scenes.rules import RulesScene
                if not isinstance(self.top, RulesScene):
                    self.push(RulesScene(self, game_id))
                    return
        if self.top is not None:
            self.top.handle(self._map_event(ev))

    def request_quit(self):
        from ui.scenes.dialogs import QuitConfirm
        if isinstance(self.top, QuitConfirm):
            self.running = False
        elif any(s.wants_quit_confirm() for s in self.scenes):
            self.push(QuitConfirm(self, quit_app=True))
        else:
            self.running = False

    def draw(self, force: bool = True) -> bool:
        """Draw the visible scenes; returns whether anything was drawn. Unless forced, a
        frame identical to the one on screen (same scenes, keys, messages, no input since)
        is skipped: the window keeps its picture."""
        surf = self._canvas if self._canvas is not None else self.window
        visible = self._visible()
        key = self._frame_key(visible)
        if not force and key is not None and key == self._drawn_key:
            return False
        for s in visible:
            s.draw(surf)
        self._draw_messages(surf)
        if self._canvas is not None:
            pygame.transform.smoothscale(self._canvas, self.window.get_size(), self.window)
        self._drawn_key = key
        # a lone table that redrew only what the pointer changed: only those areas go to the
        # screen (ui/pointer_layer.py)
        layer = getattr(visible[0], "pointer_layer", None) if len(visible) == 1 else None
        self.dirty = layer.dirty if layer is not None and self._canvas is None else None
        return True

    def _frame_key(self, visible):
        keys = []
        for s in visible:
            k = s.frame_key()
            if k is None:
                return None
            keys.append((id(s), k))
        # a scene whose key already says what the pointer changes is not redrawn for a move
        motion_known = all(s.MOTION_IN_KEY for s in visible)
        seen = self._presses_seen if motion_known else self._events_seen
        return (seen, self.window.get_size(), id(self.window), id(self._canvas), self.lang,
                tuple(keys), tuple(m[0] for m in self.shown_messages()))

    def _draw_messages(self, surf):
        shown = self.shown_messages()
        if not shown:
            return
        from ui import theme
        y = self.px(56)
        for text, _ in shown:
            img = theme.fit_text(text, surf.get_width() - self.px(80), self.px(17), theme.PARCHMENT)
            box = img.get_rect(midtop=(surf.get_width() // 2, y)).inflate(self.px(24), self.px(12))
            pygame.draw.rect(surf, (40, 28, 20), box, border_radius=self.px(8))
            pygame.draw.rect(surf, theme.HIGHLIGHT, box, 2, border_radius=self.px(8))
            surf.blit(img, img.get_rect(center=box.center))
            y = box.bottom + self.px(6)

    def step(self, dt: float, events=None):
        """One frame: events, update, draw (tests drive the app with this)."""
        for ev in (pygame.event.get() if events is None else events):
            self.handle(ev)
            if not self.running:
                return
        if self.top is not None:
            self.top.update(dt)
        self._frames += 1
        for m in self.messages:  # time runs while its scene is covered too: old news is gone
            m[1] -= dt
        self.messages = [m for m in self.messages if m[1] > 0]
        return self.draw(force=False)

    def run(self) -> int:
        clock = pygame.time.Clock()
        still = 0  # frames in a row that changed nothing on screen
        while self.running and self.scenes:
            events = None
            if still >= IDLE_AFTER_FRAMES:
                # nothing moves: sleep a moment, then look at the input. (SDL's own waiting for
                # an event polls every millisecond, which costs more than this whole loop.)
                time.sleep(IDLE_WAIT_MS / 1000)
                events = pygame.event.get()
            dt = clock.tick(60) / 1000.0
            if self.step(min(dt, 0.1), events):
                if self.dirty is not None:
                    pygame.display.update(self.dirty)
                else:
                    pygame.display.flip()
                still = 0
            else:
                still += 1
        pygame.quit()
        return 0


def run_app(start_game=None, size=None, frames: int | None = None, start_tutorial: str | None = None) -> int:
    """The app. `frames` renders that many frames and exits (smoke test of an install)."""
    from ui import crash
    crash.setup_logging()
    try:
        from ui.scenes.menu import MainMenu
        app = App(size, use_settings=frames is None)
        app.push(MainMenu(app))
        if start_game is not None:
            from games.core import registry
            from games.core.match import Match
            from ui.scenes.play import PlayScene
            gid, config = start_game
            app.push(PlayScene(app, Match(registry.get(gid), config)))
        if start_tutorial is not None:
            from ui.scenes.tutorial import TutorialScene
            app.push(TutorialScene(app, start_tutorial))
        if frames is not None:
            for _ in range(frames):
                app.step(1 / 60)
                pygame.display.flip()
            pygame.quit()
            return 0
        return app.run()
    except Exception as e:  # the last line of defence: log, tell the player, exit non-zero
        path = crash.report(e)
        if frames is None:
            crash.show_dialog(f"{type(e).__name__}: {e}", path)
        else:
            print(f"error: {type(e).__name__}: {e} (details in {path})")
        return 1


def render_match_screenshot(match, seat: int, size, out: str, lang: str = "en") -> None:
    """Render the play scene for `seat` after the given match to a PNG."""
    from ui.scenes.play import PlayScene
    app = App(size, lang=lang)
    scene = PlayScene(app, match, viewer=seat, animate=False)
    app.push(scene)
    app.step(0.0, events=[])
    pygame.image.save(app.window, out)
    pygame.quit()
