"""The tutorial scene: a play scene whose game follows data/<game>/tutorial.yaml.

The learner's moves go through the normal table; a step that expects one move
refuses any other with a friendly hint. Opponents do not think: their scripted
moves play out with the usual animation. Back and Restart rebuild the game by
replaying the steps before (the game is deterministic from its seed). When the
last step is done the opponents turn into easy bots and the game goes on freely.
"""
from __future__ import annotations

import math

import pygame

from games.core import registry
from games.core.action import Action
from games.core.errors import IllegalAction
from games.core.match import Match
from games.core.tutorial import ANY, Tutorial, load_tutorial, matches, step_actions
from ui import theme
from ui.app import PULSE_STEPS_PER_S
from ui.scenes.play import PlayScene
from ui.widgets import Button, blit_text, draw_wrapped


def _fresh_match(tutorial: Tutorial, lang: str) -> Match:
    m = Match(registry.get(tutorial.game), tutorial.config(lang))
    for text in tutorial.prepared:
        m.apply(Action.parse(text))
    return m


class TutorialScene(PlayScene):
    MOTION_IN_KEY = False  # its panel's buttons light up under the pointer too
    POINTER_LAYER = False  # its panel and highlights go over the table: drawn whole each time
    def __init__(self, app, game_id: str, animate: bool = True, tutorial: Tutorial | None = None):
        self.tutorial = tutorial or load_tutorial(game_id)
        super().__init__(app, _fresh_match(self.tutorial, app.lang), viewer=self.tutorial.learner,
                         animate=animate)
        self.autosave = False  # the tutorial game is saved only once it goes on freely
        self.first_handoff = False
        self.index = 0
        self.taken: dict[int, str] = {}  # "any" steps: what the learner did
        self.script: list[Action] = []  # scripted moves of this step still to play
        self.finished = False
        self.problem = ""  # set when a scripted move turns out illegal (broken tutorial)
        self.clock = 0.0
        self.tut_buttons: list[Button] = []
        self._enter_step()

    # --- steps ----------------------------------------------------------------
    @property
    def step(self):
        return self.tutorial.steps[min(self.index, len(self.tutorial.steps) - 1)]

    def _enter_step(self):
        step = self.step
        self.script = [Action.parse(a) for a in step.script] if step.kind == "script" else []
        self.layout(self.app.size)

    def advance(self):
        self.index += 1
        if self.index >= len(self.tutorial.steps):
            self.finished = True
            self.autosave = self.app.use_settings
            self.save_auto()
            self.app.notify(self.tr("tutorial.done"))
            self.layout(self.app.size)
            return
        self._enter_step()

    def goto(self, target: int):
        """Rebuild the game as it was at the start of step `target`."""
        m = _fresh_match(self.tutorial, self.app.lang)
        for i in range(target):
            step = self.tutorial.steps[i]
            acts = ([Action.parse(self.taken[i])] if step.expect == ANY and i in self.taken
                    else step_actions(m.rules, m.state, self.tutorial, step))
            for a in acts:
                m.apply(a)
        self.match = m
        self.beats, self.frozen_view, self.chooser = [], None, []
        self.index = target
        self.finished = False
        self.results_shown = False
        self._enter_step()

    def back(self):
        self.goto(max(0, self.index - 1))

    def restart(self):
        self.taken = {}
        self.goto(0)

    def skip(self):
        """Do the step for the learner: its expected move, or the rest of its script at once."""
        if self.finished:
            return
        step = self.step
        try:
            if step.kind == "expect":
                acts = step_actions(self.rules, self.match.state, self.tutorial, step)
                for a in acts:
                    self._apply_checked(a)
                if acts:
                    self.taken[self.index] = acts[0].text
            else:
                while self.script:
                    self._apply_checked(self.script.pop(0))
        except IllegalAction as e:
            self.problem = str(e)
            return
        self.beats, self.frozen_view = [], None
        self.advance()

    def _apply_checked(self, action: Action):
        if self.match.is_over() or action not in self.rules.legal_actions(self.match.state, action.seat):
            raise IllegalAction(f"step {self.index + 1}: {action.text} is not legal here")
        PlayScene.do(self, action)

    def next(self):
        if self.step.kind == "info" or (self.step.kind == "script" and not self.script):
            self.advance()

    def exit(self):
        from ui.scenes.menu import MainMenu
        self.app.reset_to(MainMenu(self.app))

    # --- the learner's moves ----------------------------------------------------
    def do(self, action) -> None:
        if self.finished:
            super().do(action)
            return
        step = self.step
        if step.kind != "expect":
            self.app.notify(self.tr("tutorial.read_first"))
            return
        if not matches(step.expect, action):
            self.app.notify(step.hint_in(self.app.lang) or self.tr("tutorial.not_this"))
            return
        super().do(action)  # (the wrong move's hint goes with it)
        self.taken[self.index] = action.text
        self.advance()

    def bots_may_act(self) -> bool:
        return self.finished

    def my_legal(self) -> list:
        """During a step that asks for a move, only that move counts as the learner's choice:
        it alone glows (with H too), so the element the text names stands out. Other elements
        answer a click with the step's hint (see click)."""
        legal = super().my_legal()
        if self.finished or not legal:
            return legal
        step = self.step
        if step.kind != "expect":
            return []
        key = (self.position_key(), self.index)
        if getattr(self, "_expect_key", None) != key:
            self._expect_key = key
            self._expect_cache = [a for a in legal if matches(step.expect, a)]
        return self._expect_cache

    def click(self, pos):
        if self.finished or self.chooser or self.beats or self.step.kind != "expect":
            super().click(pos)
            return
        legal = self.my_legal()
        if legal and self.view.click(pos, legal):
            return  # the view's own selection (a route before its payment)
        acts = [a for a in self.view.actions_at(pos) if a in legal]
        if len(acts) == 1:
            self.do(acts[0])
        elif len(acts) > 1:
            self.open_chooser(pos, acts)
        elif any(r.collidepoint(pos) for r, _, _ in self.view.targets):
            # another element of the table than the one asked for: say what to do
            self.app.notify(self.step.hint_in(self.app.lang) or self.tr("tutorial.not_this"))

    def undo(self):
        if self.finished:
            super().undo()
        else:
            self.app.notify(self.tr("tutorial.use_back"))

    def redo(self):
        if self.finished:
            super().redo()

    def toggle_log(self):
        pass  # the right-hand column holds the tutorial's text

    def update(self, dt):
        self.clock += dt
        if not self.finished and self.script and not self.beats:
            try:
                self._apply_checked(self.script.pop(0))
            except IllegalAction as e:
                self.problem = str(e)
                self.script = []
        super().update(dt)

    # --- layout and drawing ------------------------------------------------------
    def layout(self, size):
        super().layout(size)
        if not hasattr(self, "tutorial"):
            return
        app, t = self.app, self.tr
        r = self.log_rect
        self.panel = pygame.Rect(r.x, r.y, r.w, int(r.h * 0.62))
        self.log_rect = pygame.Rect(r.x, self.panel.bottom, r.w, r.bottom - self.panel.bottom)
        bh, gap = app.px(32), app.px(6)
        half = (r.w - app.px(24) - gap) // 2
        x0, y = r.x + app.px(12), self.panel.bottom - 2 * bh - 2 * gap
        self.tut_buttons = [
            Button((x0, y, half, bh), t("tutorial.back"), self.back, enabled=self.index > 0),
            Button((x0 + half + gap, y, half, bh), t("tutorial.skip"), self.skip,
                   enabled=not self.finished),
            Button((x0, y + bh + gap, half, bh), t("tutorial.restart"), self.restart),
            Button((x0 + half + gap, y + bh + gap, half, bh), t("tutorial.exit"), self.exit),
        ]
        if not self.finished:
            self.next_button = Button((x0, y - bh - gap, r.w - app.px(24), bh), t("tutorial.next"),
                                      self.next, hotkey=pygame.K_RETURN)
            self.tut_buttons.append(self.next_button)

    def _sync_next(self):
        if not self.finished and getattr(self, "next_button", None) is not None:
            step = self.step
            self.next_button.enabled = step.kind == "info" or (step.kind == "script" and not self.script
                                                               and not self.beats)

    def handle(self, ev):
        self._sync_next()
        for b in self.tut_buttons:
            if b.handle(ev):
                return
        super().handle(ev)

    def frame_key(self):
        key = super().frame_key()
        if key is None:
            return None
        pulse = int(self.clock * PULSE_STEPS_PER_S) if self.step.highlight and not self.finished else 0
        return key, self.index, self.finished, self.problem, len(self.script), pulse

    def draw(self, surf):
        self._sync_next()
        super().draw(surf)
        self.draw_highlights(surf)
        self.draw_panel(surf)

    def draw_highlights(self, surf):
        """A pulsing double ring around each highlighted element (never over it)."""
        if self.finished:
            return
        pulse = 0.5 + 0.5 * math.sin(self.clock * 4)
        px = self.app.px
        for eid in self.step.highlight:
            rect = self.view.element_rect(eid)
            if rect is None:
                continue
            inner = rect.inflate(px(8), px(8))
            outer = inner.inflate(px(6) + int(px(6) * pulse), px(6) + int(px(6) * pulse))
            layer = pygame.Surface(outer.size, pygame.SRCALPHA)
            pygame.draw.rect(layer, (*theme.HIGHLIGHT, int(90 + 120 * pulse)), layer.get_rect(),
                             max(2, px(3)), border_radius=px(12))
            surf.blit(layer, outer.topleft)
            pygame.draw.rect(surf, theme.HIGHLIGHT, inner, max(2, px(3)), border_radius=px(8))

    def draw_panel(self, surf):
        app, t = self.app, self.tr
        r = self.panel
        pygame.draw.rect(surf, theme.PANEL, r)
        pygame.draw.line(surf, theme.PANEL_BORDER, r.topleft, r.bottomleft, 2)
        pygame.draw.line(surf, theme.PANEL_BORDER, r.bottomleft, r.bottomright, 2)
        x, y = r.x + app.px(12), r.y + app.px(8)
        title = t("tutorial.title")
        total = len(self.tutorial.steps)
        progress = t("tutorial.finished") if self.finished else t(
            "tutorial.progress", n=self.index + 1, total=total)
        head = blit_text(surf, title, (x, y), app.px(18), theme.PARCHMENT, bold=True)
        blit_text(surf, progress, (r.right - app.px(12), y + app.px(2)), app.px(15), theme.HIGHLIGHT,
                  anchor="topright")
        bar = pygame.Rect(x, head.bottom + app.px(6), r.w - app.px(24), app.px(5))
        pygame.draw.rect(surf, theme.PANEL_BORDER, bar, border_radius=app.px(3))
        done = total if self.finished else self.index
        fill = bar.copy()
        fill.w = int(bar.w * done / max(1, total))
        pygame.draw.rect(surf, theme.HIGHLIGHT, fill, border_radius=app.px(3))
        text = t("tutorial.free_play") if self.finished else self.step.text_in(app.lang)
        if self.problem:
            text = t("tutorial.broken", why=self.problem)
        top = bar.bottom + app.px(10)
        buttons_top = min(b.rect.y for b in self.tut_buttons) if self.tut_buttons else r.bottom
        draw_wrapped(surf, text, (x, top, r.w - app.px(24), buttons_top - top - app.px(8)),
                     app.px(16), theme.PARCHMENT)
        for b in self.tut_buttons:
            b.draw(surf)


def auto_check(game_id: str, lang: str = "en") -> list[str]:
    """Run a tutorial headless through the real scene: every expected move must be legal
    when its step comes, and every highlight must name an element the view drew."""
    from ui.app import App
    app = App((1280, 720), lang=lang)
    try:
        scene = TutorialScene(app, game_id, animate=False)
        app.push(scene)
        problems: list[str] = []
        guard = 0
        while not scene.finished and guard < 10_000:
            guard += 1
            n = scene.index
            app.draw()
            problems += [f"step {n + 1}: no element {h!r} to highlight" for h in scene.step.highlight
                         if scene.view.element_rect(h) is None]
            step = scene.step
            if step.kind == "expect":
                acts = step_actions(scene.rules, scene.match.state, scene.tutorial, step)
                if not acts or acts[0] not in scene.my_legal():
                    problems.append(f"step {n + 1}: {step.expect!r} is not legal for the learner here")
                    break
                scene.do(acts[0])
            else:
                scene.skip()
            if scene.problem:
                problems.append(scene.problem)
                break
            if scene.index == n and not scene.finished:
                problems.append(f"step {n + 1}: did not advance")
                break
        app.draw()
        return problems
    finally:
        pygame.quit()
