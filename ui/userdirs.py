"""Where the table keeps settings, saves and logs: the user's folders (platformdirs),
never next to the program. BOARDGAME_HOME overrides all three (tests, portable use).
A folder that cannot be written falls back to a temporary one, with a message."""
from __future__ import annotations

import os
import re
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


LEGACY_AUTOSAVE = "autosave.json"  # the single autosave of the first releases
AUTOSAVE_PREFIX = "autosave-"


def autosave_path(game: str | None = None) -> Path:
    """Where the game of kind `game` in play is autosaved: one file per kind, so playing
    another kind never touches it (and an unfinished one of the same kind is moved aside
    first, to autosave-<game>-<n>.json: see ui.scenes.play). Without a game: the newest
    autosave (what Continue resumes), or the old single autosave's name when there is none."""
    if game is not None:
        if not re.fullmatch(r"[a-z0-9_]{1,40}", game):
            raise ValueError(f"not a game id: {game!r}")
        return saves_dir() / f"{AUTOSAVE_PREFIX}{game}.json"
    found = autosave_paths()
    return found[0] if found else saves_dir() / LEGACY_AUTOSAVE


def is_autosave(path: Path) -> bool:
    name = Path(path).name
    return name == LEGACY_AUTOSAVE or (name.startswith(AUTOSAVE_PREFIX) and name.endswith(".json"))


def set_aside_path(game: str) -> Path:
    """A free name for an unfinished autosave moved aside by a new game of its kind."""
    folder = saves_dir()
    n = 2
    while (folder / f"{AUTOSAVE_PREFIX}{game}-{n}.json").exists() or \
            (folder / f"{AUTOSAVE_PREFIX}{game}-{n}.json").is_symlink():
        n += 1
    return folder / f"{AUTOSAVE_PREFIX}{game}-{n}.json"


def autosave_paths() -> list[Path]:
    """Every autosave in the saves folder (per game, and an old single one), newest first."""
    from games.core.safefile import mtime_or_zero
    folder = saves_dir()
    try:
        found = [p for p in folder.iterdir() if is_autosave(p)]
    except OSError:
        return []
    return sorted(found, key=lambda p: (mtime_or_zero(p), p.name), reverse=True)
