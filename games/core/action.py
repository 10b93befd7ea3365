"""Actions: small immutable values with a stable one-line text form.

Text form: "<seat> <verb> <arg> <arg> ..." e.g. "2 play bank 7" or "0 leave".
Args are strings without spaces; the seat makes actions of simultaneous or
interleaved choices unambiguous in logs, saves, tutorials and replays.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import IllegalAction

_SEAT = re.compile(r"-?[0-9]{1,9}")  # a seat number; far longer ones are junk


@dataclass(frozen=True, slots=True)
class Action:
    seat: int
    verb: str
    args: tuple[str, ...] = ()

    @staticmethod
    def of(seat: int, verb: str, *args) -> Action:
        return Action(seat, verb, tuple(str(a) for a in args))

    @property
    def text(self) -> str:
        return " ".join((str(self.seat), self.verb, *self.args))

    def __str__(self) -> str:
        return self.text

    @staticmethod
    def parse(text: str) -> Action:
        parts = str(text).split()
        # ASCII digits only: str.isdigit() also passes "²", which int() refuses
        if len(parts) < 2 or not _SEAT.fullmatch(parts[0]):
            raise IllegalAction(f"cannot read action {text!r}: expected '<seat> <verb> [args]'")
        return Action(int(parts[0]), parts[1], tuple(parts[2:]))
