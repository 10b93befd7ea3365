"""What every game view offers the play scene."""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame


@dataclass
class Beat:
    """One animation step shown over the table (dice tumbling, cards revealed...)."""

    kind: str
    duration: float
    data: dict = field(default_factory=dict)
    log_upto: int = 1 << 30  # the move log shows events before this index while the beat plays


class GameView:
    LOG_SKIP: frozenset[str] = frozenset()
    SOUNDS: dict[str, str] = {}  # event type -> sound effect name

    def __init__(self, scene):
        self.scene = scene
        self.app = scene.app
        self.rules = scene.rules
        self.targets: list[tuple[pygame.Rect, object, str]] = []  # (rect, action, element id)

    @property
    def tr(self):
        return self.scene.tr

    def px(self, n):
        return self.app.px(n)

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

    def click(self, pos, legal) -> bool:
        """A click the view handles itself (selecting before an action exists, such as a
        route whose payment is still to be chosen); True if it was used."""
        return False

    def cancel(self) -> bool:
        """Esc: close a selection or panel of the view's own; True if there was one."""
        return False

    def key_action(self, ev, legal):
        return None

    def describe(self, action) -> str:
        return action.text
