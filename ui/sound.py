"""Small procedural sound effects (the project makes its own; no files needed).

The mixer is opened lazily on the first sound; if no audio device can be
opened, the table simply stays silent.
"""
from __future__ import annotations

import math
import random
from array import array

import pygame

RATE = 22050
_sounds: dict[str, pygame.mixer.Sound] = {}
_state = {"ok": None, "enabled": True, "volume": 0.7}


def configure(enabled: bool, volume: float) -> None:
    _state["enabled"] = bool(enabled)
    _state["volume"] = max(0.0, min(1.0, float(volume)))


def _ready() -> bool:
    if _state["ok"] is None:
        try:
            pygame.mixer.init(RATE, -16, 1, 512)
            _state["ok"] = pygame.mixer.get_init() is not None
        except pygame.error:
            _state["ok"] = False
    return bool(_state["ok"])


def _tone(samples: list[float]) -> pygame.mixer.Sound:
    data = array("h", (int(max(-1.0, min(1.0, v)) * 32767) for v in samples))
    return pygame.mixer.Sound(buffer=data.tobytes())


def _make(name: str) -> list[float]:
    rnd = random.Random(name)
    if name == "click":
        n = int(RATE * 0.03)
        return [math.sin(2 * math.pi * 1800 * i / RATE) * math.exp(-i / (n / 5)) * 0.4 for i in range(n)]
    if name == "card":  # a soft swish: noise with a fast decay
        n = int(RATE * 0.09)
        return [(rnd.random() * 2 - 1) * math.exp(-i / (n / 4)) * 0.25 for i in range(n)]
    if name == "dice":  # several clacks of wood on wood
        n = int(RATE * 0.5)
        out = [0.0] * n
        for k in range(7):
            start = int(n * (k / 8) * (0.8 + 0.4 * rnd.random()))
            freq = 700 + 500 * rnd.random()
            for i in range(min(900, n - start)):
                out[start + i] += math.sin(2 * math.pi * freq * i / RATE) * math.exp(-i / 120) * 0.5
        return out
    if name == "coin":
        n = int(RATE * 0.18)
        return [(math.sin(2 * math.pi * 2200 * i / RATE) + 0.6 * math.sin(2 * math.pi * 3300 * i / RATE))
                * math.exp(-i / (n / 4)) * 0.25 for i in range(n)]
    if name == "bust":  # a falling low tone
        n = int(RATE * 0.6)
        return [math.sin(2 * math.pi * (220 - 120 * i / n) * i / RATE) * (1 - i / n) * 0.5 for i in range(n)]
    return []


def play(name: str) -> None:
    if not _state["enabled"] or _state["volume"] <= 0 or not _ready():
        return
    try:
        if name not in _sounds:
            samples = _make(name)
            if not samples:
                return
            _sounds[name] = _tone(samples)
        snd = _sounds[name]
        snd.set_volume(_state["volume"])
        snd.play()
    except pygame.error:
        _state["ok"] = False
