"""Where the table keeps settings, saves and logs: the user's folders (platformdirs),
never next to the program. BOARDGAME_HOME overrides all three (tests, portable use).
A folder that cannot be written falls back to a temporary one, with a message."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

import platformdirs

APP = "boardgame-table"
warnings: list[str] = []  # messages for the player about fallbacks taken


def _usable(path: Path) -> bool:
    try:
        path.mkdir(parents=True, exist_ok=True)
        probe = path / ".write-test"
        probe.write_text("ok", encoding="utf-8")
        probe.unlink()
        return True
    except OSError:
        return False


def _folder(kind: str) -> Path:
    home = os.environ.get("BOARDGAME_HOME")
    if home:
        wanted = Path(home) / kind
    elif kind == "config":
        wanted = Path(platformdirs.user_config_dir(APP, appauthor=False))
    elif kind == "logs":
        wanted = Path(platformdirs.user_log_dir(APP, appauthor=False))
    else:
        wanted = Path(platformdirs.user_data_dir(APP, appauthor=False)) / kind
    if _usable(wanted):
        return wanted
    fallback = Path(tempfile.gettempdir()) / APP / kind
    fallback.mkdir(parents=True, exist_ok=True)
    msg = f"cannot write to {wanted}; using {fallback} instead"
    if msg not in warnings:
        warnings.append(msg)
    return fallback


def config_dir() -> Path:
    return _folder("config")


def saves_dir() -> Path:
    return _folder("saves")


def logs_dir() -> Path:
    return _folder("logs")


def autosave_path() -> Path:
    return saves_dir() / "autosave.json"
