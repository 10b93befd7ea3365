"""Player settings, persisted as JSON in the user config folder.

Nothing in the settings file can stop the table from starting. Only a regular file of
at most MAX_BYTES is read (a FIFO, a device, a folder is refused without blocking).
A file that cannot be used as a whole (not UTF-8, not JSON, not an object, nested too
deep, too large) gives the defaults; a file whose fields are partly wrong keeps the
valid fields and gives the defaults for the others (a field of the wrong type, a
number that is not finite or out of range, a key given twice). Either way the player
gets a message and the bytes read are kept beside it (settings.json.bad) for
inspection; the settings file itself is never changed by loading. Unknown keys and
missing keys are not problems (other versions of the table write other fields).
"""
from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, fields

from games.core import safefile
from games.core.i18n import LANGUAGES, system_language
from ui import userdirs

WINDOW_SIZES = ((1280, 720), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160))
WINDOW_RANGE = ((320, 7680), (240, 4320))  # any window size the player resized to
UI_SCALES = (0.9, 1.0, 1.15, 1.3)
ANIM_SPEEDS = (0.0, 0.5, 1.0, 2.0)  # 0 = animations off
BOT_PACES = (0.15, 0.6, 1.2)  # seconds between bot actions
THINKS = ("quick", "normal", "deep")  # a searching bot's time per decision (search.THINK_SECONDS)
PALETTES = ("okabe_ito", "classic")
VOLUME_RANGE = (0.0, 1.0)
MAX_BYTES = 64 * 1024  # the file the table writes is about 200 bytes


@dataclass
class Settings:
    language: str = ""
    window: tuple[int, int] = (0, 0)  # 0 = fit the screen on first start
    fullscreen: bool = False
    ui_scale: float = 1.0
    anim_speed: float = 1.0
    bot_pace: float = 0.6
    think: str = "normal"
    palette: str = "okabe_ito"
    sound: bool = True
    volume: float = 0.7

    def normalised(self) -> Settings:
        """Every field as a value the app understands; never raises, whatever the fields hold."""
        return _checked(self)[0]


_DEFAULTS = Settings()


def _number(value) -> float | None:
    """A finite int or float (not a bool) as a float; None for anything else."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    try:
        v = float(value)
    except (OverflowError, ValueError):  # an int too large for a float
        return None
    return v if math.isfinite(v) else None


def _step(value, allowed, default):
    """The allowed step nearest to a number: (step, True) when the number lies within the
    steps' span, (nearest step, False) outside it, (default, False) for no number."""
    v = _number(value)
    if v is None:
        return default, False
    nearest = min(allowed, key=lambda a: abs(a - v))
    return nearest, min(allowed) <= v <= max(allowed)


def _whole(value) -> int | None:
    v = _number(value)
    return int(v) if v is not None and v.is_integer() else None


def _window(value):
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        return (0, 0), False
    w, h = _whole(value[0]), _whole(value[1])
    if w == 0 and h == 0:
        return (0, 0), True
    (wlo, whi), (hlo, hhi) = WINDOW_RANGE
    if w is None or h is None or not (wlo <= w <= whi and hlo <= h <= hhi):
        return (0, 0), False
    return (w, h), True


def _field(name: str, value):
    """(the value the app uses, whether the given value was fine as it was)."""
    if name == "language":
        if value == "" or (isinstance(value, str) and value in LANGUAGES):
            return value or system_language(), True
        return system_language(), False
    if name == "window":
        return _window(value)
    if name in ("fullscreen", "sound"):
        return (value, True) if isinstance(value, bool) else (getattr(_DEFAULTS, name), False)
    if name == "ui_scale":
        return _step(value, UI_SCALES, _DEFAULTS.ui_scale)
    if name == "anim_speed":
        return _step(value, ANIM_SPEEDS, _DEFAULTS.anim_speed)
    if name == "bot_pace":
        return _step(value, BOT_PACES, _DEFAULTS.bot_pace)
    if name == "think":
        ok = isinstance(value, str) and value in THINKS
        return (value if ok else _DEFAULTS.think), ok
    if name == "palette":
        ok = isinstance(value, str) and value in PALETTES
        return (value if ok else _DEFAULTS.palette), ok
    if name == "volume":
        v = _number(value)
        if v is None:
            return _DEFAULTS.volume, False
        lo, hi = VOLUME_RANGE
        return min(hi, max(lo, v)), lo <= v <= hi
    raise KeyError(name)


def _checked(s: Settings) -> tuple[Settings, list[str]]:
    """The normalised settings and the names of the fields that had to be changed."""
    out, bad = Settings(), []
    for f in fields(Settings):
        try:
            value, ok = _field(f.name, getattr(s, f.name, None))
        except Exception:  # noqa: BLE001 - an odd object in a field: its default
            value, ok = _field(f.name, getattr(_DEFAULTS, f.name))[0], False
        setattr(out, f.name, value)
        if not ok:
            bad.append(f.name)
    return out, bad


def path():
    return userdirs.config_dir() / "settings.json"


class _Unusable(ValueError):
    """The settings file cannot be used as a whole; the message says why."""


def _parse(raw: bytes) -> tuple[Settings, list[str]]:
    """Settings from a file's bytes and the fields not understood; _Unusable if none can be."""
    if len(raw) > MAX_BYTES:
        raise _Unusable(f"larger than {MAX_BYTES // 1024} KB")
    try:
        text = raw.decode("utf-8-sig")  # a byte-order mark from a text editor is fine
    except UnicodeDecodeError as e:
        raise _Unusable(f"not UTF-8 text, bad byte at offset {e.start}") from None
    twice: list[str] = []

    def pairs(items):
        d = {}
        for k, v in items:
            if k in d:
                twice.append(k)
            d[k] = v
        return d

    try:
        data = json.loads(text, object_pairs_hook=pairs)
    except RecursionError:
        raise _Unusable("nested too deep") from None
    except ValueError as e:  # JSONDecodeError; a number of more than 4300 digits
        raise _Unusable(f"not JSON: {str(e)[:80]}") from None
    if not isinstance(data, dict):
        raise _Unusable(f"a JSON {type(data).__name__}, not an object")
    known = [f.name for f in fields(Settings)]
    s = Settings(**{k: v for k, v in data.items() if k in known})
    out, bad = _checked(s)
    for k in sorted(set(twice) & set(known)):  # a key given twice: neither value trusted
        setattr(out, k, _field(k, getattr(_DEFAULTS, k))[0])
        if k not in bad:
            bad.append(k)
    return out, bad


def load() -> tuple[Settings, str | None]:
    """The saved settings (normalised) and None, or, when the file is not fully usable,
    the usable part over the defaults and a message saying what was wrong. Never raises."""
    try:
        return _load()
    except Exception as e:  # noqa: BLE001 - the table must start whatever happens here
        return _DEFAULTS.normalised(), f"settings could not be read ({type(e).__name__}); defaults used"


def _load() -> tuple[Settings, str | None]:
    p = path()
    try:
        raw = safefile.read_head(p, MAX_BYTES + 1)
    except FileNotFoundError:  # first start (or a link to nothing): the defaults
        return _DEFAULTS.normalised(), None
    except (OSError, ValueError) as e:  # a folder, FIFO, device, unreadable file: nothing read
        why = getattr(e, "strerror", None) or str(e)
        return _DEFAULTS.normalised(), f"settings could not be read ({p.name}: {why}); defaults used"
    try:
        s, bad = _parse(raw)
    except _Unusable as e:
        s, what = _DEFAULTS.normalised(), f"settings could not be read ({e}); defaults used"
    else:
        if not bad:
            return s, None
        what = f"settings: {', '.join(bad)} not understood, default{'s' if len(bad) > 1 else ''} used"
    keep = p.with_name("settings.json.bad")
    try:
        safefile.atomic_write_bytes(keep, raw[:MAX_BYTES])
        return s, f"{what}; the file is kept as {keep}"
    except OSError as e:
        return s, f"{what} (no copy kept: {e.strerror or e})"


def save(s: Settings) -> str | None:
    """Write the settings (normalised); returns an error message instead of raising."""
    try:
        d = asdict(s.normalised())
        d["window"] = list(d["window"])
        safefile.atomic_write_text(path(), json.dumps(d, indent=2))
        return None
    except (OSError, ValueError, TypeError) as e:
        return f"settings could not be saved ({getattr(e, 'strerror', None) or e})"
