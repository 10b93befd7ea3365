"""Player settings, persisted as JSON in the user config folder.

An unreadable or damaged settings file resets to the defaults with a message,
and the bad file is kept beside it (settings.json.bad) for inspection.
"""
from __future__ import annotations

import json
import shutil
from dataclasses import asdict, dataclass, fields

from games.core.i18n import LANGUAGES, system_language
from games.core.saves import atomic_write_text
from ui import userdirs

WINDOW_SIZES = ((1280, 720), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160))
UI_SCALES = (0.9, 1.0, 1.15, 1.3)
ANIM_SPEEDS = (0.0, 0.5, 1.0, 2.0)  # 0 = animations off
BOT_PACES = (0.15, 0.6, 1.2)  # seconds between bot actions
PALETTES = ("okabe_ito", "classic")


@dataclass
class Settings:
    language: str = ""
    window: tuple[int, int] = (0, 0)  # 0 = fit the screen on first start
    fullscreen: bool = False
    ui_scale: float = 1.0
    anim_speed: float = 1.0
    bot_pace: float = 0.6
    palette: str = "okabe_ito"
    sound: bool = True
    volume: float = 0.7

    def normalised(self) -> Settings:
        """Clamp every field to a value the app understands."""
        s = Settings()
        s.language = self.language if self.language in LANGUAGES else system_language()
        try:
            w, h = (int(v) for v in self.window)
            s.window = (w, h) if 320 <= w <= 7680 and 240 <= h <= 4320 else (0, 0)
        except (TypeError, ValueError):
            s.window = (0, 0)
        s.fullscreen = bool(self.fullscreen) if isinstance(self.fullscreen, bool) else False
        s.ui_scale = _nearest(self.ui_scale, UI_SCALES, 1.0)
        s.anim_speed = _nearest(self.anim_speed, ANIM_SPEEDS, 1.0)
        s.bot_pace = _nearest(self.bot_pace, BOT_PACES, 0.6)
        s.palette = self.palette if self.palette in PALETTES else "okabe_ito"
        s.sound = self.sound if isinstance(self.sound, bool) else True
        try:
            s.volume = min(1.0, max(0.0, float(self.volume)))
        except (TypeError, ValueError):
            s.volume = 0.7
        return s


def _nearest(value, allowed, default):
    try:
        v = float(value)
    except (TypeError, ValueError):
        return default
    return min(allowed, key=lambda a: abs(a - v))


def path():
    return userdirs.config_dir() / "settings.json"


def load() -> tuple[Settings, str | None]:
    """The saved settings, or the defaults and a message saying why."""
    p = path()
    if not p.exists():
        return Settings().normalised(), None
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise ValueError("not a mapping")
        known = {f.name for f in fields(Settings)}
        s = Settings(**{k: v for k, v in data.items() if k in known})
        if isinstance(data.get("window"), list):
            s.window = tuple(data["window"])
        return s.normalised(), None
    except (OSError, ValueError, TypeError, UnicodeDecodeError) as e:
        bad = p.with_name("settings.json.bad")
        try:
            shutil.copyfile(p, bad)
        except OSError:
            pass
        return Settings().normalised(), f"settings could not be read ({e}); defaults used, bad file kept as {bad}"


def save(s: Settings) -> str | None:
    """Write the settings; returns an error message instead of raising."""
    try:
        d = asdict(s)
        d["window"] = list(s.window)
        atomic_write_text(path(), json.dumps(d, indent=2))
        return None
    except OSError as e:
        return f"settings could not be saved ({e.strerror})"
