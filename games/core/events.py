"""Events: what happened when an action was applied.

They drive animations, sounds and the move log. `key` is an i18n message key
and `args` its arguments, so the log can be re-translated when the language
changes. `private_to` lists seats allowed to see the event's args in full
(None = everyone); other seats see the `public_args` instead.
"""
from __future__ import annotations

from dataclasses import dataclass, field


# Not frozen, though nothing may change an event once made: a frozen dataclass pays about
# a microsecond more per construction, and bot games make hundreds of events per game.
@dataclass(slots=True)
class Event:
    type: str
    args: dict = field(default_factory=dict)
    private_to: tuple[int, ...] | None = None
    public_args: dict | None = None
    redacted: bool = False  # True when this is the public face of a private event

    @property
    def key(self) -> str:
        return "event." + self.type + (".public" if self.redacted else "")

    def for_seat(self, seat: int | None) -> Event:
        """The event as `seat` may see it (None = a spectator: public only)."""
        if self.private_to is None or (seat is not None and seat in self.private_to):
            return self
        return Event(self.type, dict(self.public_args or {}), self.private_to, self.public_args, True)

    def to_json(self) -> dict:
        d = {"type": self.type, "args": self.args}
        if self.private_to is not None:
            d["private_to"] = list(self.private_to)
            d["public_args"] = self.public_args or {}
        return d
