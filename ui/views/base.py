"""What every game view offers the play scene."""
from __future__ import annotations

import contextlib
import copy
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import pygame


@dataclass
class Beat:
    """One animation step shown over the table (dice tumbling, cards revealed...)."""

    kind: str
    duration: float
    data: dict = field(default_factory=dict)
    log_upto: int = 1 << 30  # the move log shows events before this index while the beat plays


class Selection:
    """A table's half-made choice: named attributes of the view (squares picked in storage,
    tickets ticked to keep...) that belong to one position only.

    `Selection(view, sel=[], hire=None)` gives the view those attributes with their empty
    values. The table calls `sync(key)` with its position key (say `view.position_key()`)
    before reading them: when the key differs from the last call's, every attribute is put
    back to its empty value (a fresh copy), `on_reset` runs (a table may preset a forced
    choice there) and True is returned. The first call always resets."""

    def __init__(self, view, on_reset: Callable[[], None] | None = None, **empty):
        self.view, self.empty, self.on_reset = view, empty, on_reset
        self.key: object = object()  # equal to no key: the first sync resets
        self.clear()

    def clear(self) -> None:
        """Every attribute back to its empty value (the key is kept)."""
        for name, value in self.empty.items():
            setattr(self.view, name, copy.copy(value))

    def sync(self, key) -> bool:
        if key == self.key:
            return False
        self.key = key
        self.clear()
        if self.on_reset is not None:
            self.on_reset()
        return True


class GameView:
    LOG_SKIP: frozenset[str] = frozenset()
    SOUNDS: dict[str, str] = {}  # event type -> sound effect name
    PANEL_TITLE = (17, 5)  # a panel title's size and its offset from the top, px at 1280x720
    # A panel's look, px at 1280x720: its title's left margin; its shadow's offset (x, y) and
    # blur; its glow's margin and blur when it waits for the viewer.
    PANEL_TITLE_X = 10
    PANEL_SHADOW = (3, 5, 10)
    PANEL_GLOW = (6, 10)
    # The outline around a clickable element (ring): its width when calm and when hovered or
    # hinted, and its corner radius; a tooltip box's corner radius.
    RING = (2, 3, 6)
    TIP_RADIUS = 6
    OPAQUE = False  # True: draw() covers its whole rect, so the scene skips the table under it
    LOG_OPEN = True  # the move log's column is open when the table opens (L folds it)
    # Whether the picture reacts to the pointer only over registered targets and elements
    # (then moving over bare table redraws nothing); a table with hover effects elsewhere
    # says False.
    HOVER_ON_ELEMENTS_ONLY = True
    # How a legal target glows (lengths in px at 1280x720): the halo's margin around it and its
    # corner radius; its alpha as (base, amplitude of the pulse) when it is neither hovered nor
    # hinted, and when it is (None: full and steady). A table sets its own to keep its look.
    GLOW = (7, 8)
    GLOW_ALPHA = (90, 70)
    GLOW_STRONG_ALPHA: tuple[int, int] | None = None
    # What draw() was given, for target(): each table's draw() sets these before drawing.
    legal_set: set | frozenset = frozenset()
    mouse = (-1, -1)
    hint = False
    clock = 0.0  # seconds; the table's update() advances it (the glow's pulse)
    # How far (px at 1280x720) what the pointer changes may reach beyond the element under it
    # (a glow, a ring, a lifted card); what it changes elsewhere, draw() reports by mark().
    HOVER_REACH = 12
    hover_marks: list = []  # the scene gives each frame a fresh list
    # Elements (ids, or prefixes ending in ".") that only hold others: the pointer over them
    # changes nothing of their own (what lies in them registers its own rects), so a move
    # over a whole hand or ranch redraws only the card or cell under it.
    HOVER_CONTAINERS: tuple[str, ...] = ()

    def __init__(self, scene):
        self.scene = scene
        self.app = scene.app
        self.rules = scene.rules
        self.targets: list[tuple[pygame.Rect, object, str]] = []  # (rect, action, element id)
        self.px = self.app.px  # a length at 1280x720 scaled to the window (hot: no extra call)

    @property
    def tr(self):
        return self.scene.tr

    def panel(self, surf, rect, title=None, size=None, glow=False) -> pygame.Rect:
        """A parchment panel lying on the table (shadow; a glow when it waits for the viewer)."""
        from ui import sprites, theme
        from ui.widgets import blit_text
        rect = pygame.Rect(rect)
        r = sprites.panel_radius(rect.w, rect.h)
        if glow:  # a halo: like the shadow below, only its ring outside the panel is blended
            margin, blur = self.PANEL_GLOW
            m = self.px(margin)
            band = m + r + 1
            for strip, (x, y) in sprites.glow_ring(rect.w + 2 * m, rect.h + 2 * m, self.px(blur), band):
                surf.blit(strip, (rect.x - m + x, rect.y - m + y))
        dx, dy, blur = self.PANEL_SHADOW
        # only the shadow's rim shows beside the panel (see sprites.blit_rim_shadow)
        sprites.blit_rim_shadow(surf, rect, self.px(blur), self.px(dx), self.px(dy), r + 1)
        sprites.blit_panel(surf, rect)
        if title:
            default, dy = self.PANEL_TITLE
            tx = self.px(self.PANEL_TITLE_X)
            blit_text(surf, title, (rect.x + tx, rect.y + self.px(dy)), self.px(size or default),
                      theme.INK, bold=True, max_width=rect.w - self.px(2 * self.PANEL_TITLE_X))
        return rect

    def seat_marker(self, seat: int, size: int) -> pygame.Surface:
        """The marker of `seat`: its palette colour, shape and letter."""
        from ui import sprites
        return sprites.seat_marker(size, self.scene.match.config.seats[seat].colour)

    def target(self, surf, rect, actions, eid: str, *, glow: bool = True, ring: bool = False,
               strong: bool | None = None) -> list:
        """Register a clickable element `eid` at `rect` standing for `actions` (one action, a
        list of them, or None); those that are legal now (in `legal_set`) are returned.

        Each legal one becomes a target; with none, the element is still registered without an
        action (tutorials and tooltips find it by its id). When any is legal and `glow`, a
        halo is drawn under the element (draw the element after this), or with `ring` an
        outline around it (the element stays readable). It is `strong` (default: hovered or
        hinted) or pulses."""
        rect = pygame.Rect(rect)
        if actions is None:
            acts = []
        elif isinstance(actions, Iterable):
            acts = [a for a in actions if a in self.legal_set]
        else:
            acts = [actions] if actions in self.legal_set else []
        for a in acts:
            self.targets.append((rect, a, eid))
        if not acts:
            self.targets.append((rect, None, eid))
        elif glow:
            if strong is None:
                strong = self.hint or rect.collidepoint(self.mouse)
            (self.ring if ring else self.halo)(surf, rect, strong)
        return acts

    def pulse(self) -> float:
        """0..1, twice a second or so: the breathing of what waits for a click."""
        calm = getattr(self.scene, "calm", None)
        if calm is not None and calm():
            return 0.75  # held still on a table left alone (see PlayScene.calm)
        held = getattr(self.scene, "pulse_time", None)
        return 0.5 + 0.5 * math.sin((held() if held is not None else self.clock) * 4)

    def halo(self, surf, rect, strong: bool = False) -> None:
        """The glow under a clickable element, in the table's GLOW style."""
        from ui import sprites
        margin, radius = self.GLOW
        m, mm = self.px(margin), self.px(2 * margin)
        g = sprites.glow(rect.w + mm, rect.h + mm, self.px(radius))
        alpha = self.GLOW_STRONG_ALPHA if strong else self.GLOW_ALPHA
        if alpha is not None:
            level = int(alpha[0] + alpha[1] * self.pulse())
            g = sprites.with_alpha(g, level - level % 6)  # a few levels, each faded once
        surf.blit(g, (rect.x - m, rect.y - m))

    def ring(self, surf, rect, strong: bool = False) -> None:
        """An outline around a clickable element (what lies under it stays readable)."""
        from ui import theme
        calm, hot, radius = self.RING
        t = max(2, self.px(hot if strong else calm))
        col = theme.HIGHLIGHT if strong or self.pulse() > 0.5 else theme.RING_DIM
        pygame.draw.rect(surf, theme.INK, rect.inflate(2 * t, 2 * t), 1, border_radius=self.px(radius + 1))
        pygame.draw.rect(surf, col, rect.inflate(t, t), t, border_radius=self.px(radius))

    def tip_box(self, surf, img, box: pygame.Rect) -> None:
        """A tooltip: `img` centred in a dark bordered box, kept inside the table."""
        from ui import theme
        box.clamp_ip(self.rect)
        with self.on_top(box):
            pygame.draw.rect(surf, theme.TIP_BOX, box, border_radius=self.px(self.TIP_RADIUS))
            pygame.draw.rect(surf, theme.PANEL_BORDER, box, 1, border_radius=self.px(self.TIP_RADIUS))
            surf.blit(img, img.get_rect(center=box.center))

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)

    def update(self, dt: float) -> None:
        pass

    def draw(self, surf, view: dict, legal: list, mouse, hint: bool) -> None:
        raise NotImplementedError

    def beats_for(self, events) -> list[Beat]:
        return []

    def draw_beat(self, surf, beat: Beat, progress: float) -> None:
        pass

    def actions_at(self, pos) -> list:
        """Actions of the targets under `pos` (drawn last = on top first)."""
        return [a for r, a, _ in reversed(self.targets) if a is not None and r.collidepoint(pos)]

    def element_rect(self, element_id: str) -> pygame.Rect | None:
        for r, _, eid in self.targets:
            if eid == element_id:
                return r
        return None

    def hover_rects(self):
        """Every area the picture reacts to the pointer over (as last drawn): targets and
        elements, and a table's tooltip and preview areas (lists whose items start with
        their rect)."""
        for r, _, _ in self.targets:
            yield r
        for name in ("tips", "previews"):
            for item in getattr(self, name, ()):
                yield item[0]

    def hover_region(self, pointer) -> list:
        """Where the picture may change with the pointer at `pointer` rather than off the
        table (ui/pointer_layer.py): what lies under it, with HOVER_REACH around."""
        reach = 2 * self.px(self.HOVER_REACH)
        rects = [r for r, _, eid in self.targets if r.collidepoint(pointer) and not self._container(eid)]
        for name in ("tips", "previews"):
            rects += [item[0] for item in getattr(self, name, ()) if item[0].collidepoint(pointer)]
        return [r.inflate(reach, reach) for r in rects]

    def _container(self, eid: str) -> bool:
        for c in self.HOVER_CONTAINERS:
            if eid == c or c.endswith(".") and eid.startswith(c) and "." not in eid[len(c):]:
                return True
        return False

    def mark(self, rect) -> None:
        """Something drawn because of the pointer outside hover_region (a highlight elsewhere
        on the table; a tooltip goes through on_top)."""
        self.hover_marks.append(pygame.Rect(rect))

    def on_top(self, rect):
        """`with self.on_top(box):` around drawing a tooltip or an enlarged preview: drawn
        because of the pointer, over everything so far and under nothing drawn after it."""
        layer = getattr(self.scene, "pointer_layer", None)
        return layer.on_top(rect) if layer is not None else contextlib.nullcontext()

    def seat_rect(self, seat: int) -> pygame.Rect | None:
        """Where `seat`'s own panel or row lies (a thinking badge goes there), if shown."""
        for eid in (f"seat.{seat}", f"player.{seat}", f"player:{seat}"):
            r = self.element_rect(eid)
            if r is not None:
                return r
        return None

    def click(self, pos, legal) -> bool:
        """A click the view handles itself (selecting before an action exists, such as a
        route whose payment is still to be chosen); True if it was used."""
        return False

    def cancel(self) -> bool:
        """Esc: close a selection or panel of the view's own; True if there was one."""
        return False

    def event(self, ev) -> bool:
        """A mouse event the view uses itself (a map's wheel zoom and drag); True if used."""
        return False

    def key_action(self, ev, legal):
        return None

    def position_key(self) -> tuple:
        """Changes whenever the position does (a move, undo, redo, a loaded game): what a
        Selection is synced with. The scene's key: a view never reads the state itself."""
        return self.scene.position_key()

    @staticmethod
    def digit(ev) -> int | None:
        """The digit keys 1-9 of a key press as 0-8 (the n-th choice), anything else None."""
        if ev.type == pygame.KEYDOWN and pygame.K_1 <= ev.key <= pygame.K_9:
            return ev.key - pygame.K_1
        return None

    def pick_nth(self, ev, choices) -> object | None:
        """Digit key n picks the n-th of `choices` (None: another key, or too few)."""
        i = self.digit(ev)
        return choices[i] if i is not None and i < len(choices) else None


    def describe(self, action) -> str:
        return action.text
