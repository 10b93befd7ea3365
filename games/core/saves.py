"""Save files: {format, game, data version, config, actions} plus a snapshot.

Loading replays the action list from the config (the determinism contract)
and checks the result against the snapshot, so a save is both compact to
trust and fast to inspect. Writes are atomic: a temporary file in the same
folder, flushed, then renamed over the target. A file that cannot be used
raises SaveError with a message fit for a player; it is never modified.
"""
from __future__ import annotations

import json
import time
from pathlib import Path

from . import registry
from .action import Action
from .contract import Config, ConfigError
from .errors import DataError, IllegalAction, SaveError
from .match import Match
from .safefile import atomic_write_text  # noqa: F401  (re-exported: ui.settings uses it)

SAVE_FORMAT = 1
APP_ID = "boardgame-table"
MAX_SAVE_BYTES = 50 * 1024 * 1024  # far above any real game; guards against junk files


def to_dict(match: Match) -> dict:
    rules = match.rules
    return {
        "format": SAVE_FORMAT,
        "app": APP_ID,
        "game": rules.INFO.id,
        "data_version": rules.INFO.data_version,
        "saved_at": time.strftime("%Y-%m-%dT%H:%M:%S"),
        "config": match.config.to_json(),
        "actions": [a.text for a in match.actions],
        "ply": match.ply,
        "finished": match.is_over(),
        "snapshot": rules.to_json(match.state),
    }


def write(path: Path | str, match: Match) -> None:
    atomic_write_text(path, json.dumps(to_dict(match), separators=(",", ":")))


def read_raw(path: Path | str) -> dict:
    """The save's JSON object after the format checks that need no replay."""
    path = Path(path)
    name = path.name
    try:
        size = path.stat().st_size
        if size > MAX_SAVE_BYTES:
            raise SaveError(f"{name}: too large to be a save ({size} bytes)")
        raw = path.read_bytes()
    except FileNotFoundError:
        raise SaveError(f"{name}: no such save file") from None
    except OSError as e:
        raise SaveError(f"{name}: cannot be read ({e.strerror})") from None
    if not raw.strip():
        raise SaveError(f"{name}: the file is empty")
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise SaveError(f"{name}: not a save file (not UTF-8 text)") from None
    except json.JSONDecodeError as e:
        raise SaveError(f"{name}: the file is damaged or cut short (JSON error at line {e.lineno})") from None
    except ValueError:  # valid JSON Python will not read: a number of more than 4300 digits
        raise SaveError(f"{name}: the file is damaged (a number too long to read)") from None
    except RecursionError:
        raise SaveError(f"{name}: the file is damaged (nested too deeply)") from None
    if not isinstance(data, dict) or data.get("app") != APP_ID:
        raise SaveError(f"{name}: not a save file of this table")
    fmt = data.get("format")
    if not isinstance(fmt, int) or isinstance(fmt, bool):
        raise SaveError(f"{name}: the save format is missing")
    if fmt > SAVE_FORMAT:
        raise SaveError(f"{name}: made by a newer version of the table (format {fmt}); update to open it")
    if fmt < 1:
        raise SaveError(f"{name}: unknown save format {fmt}")
    for key, kind in (("game", str), ("config", dict), ("actions", list)):
        if not isinstance(data.get(key), kind):
            raise SaveError(f"{name}: the save is damaged ({key} is missing or wrong)")
    return data


def load(path: Path | str, expect_game: str | None = None) -> Match:
    """Rebuild the match by replaying the saved actions; check the snapshot."""
    name = Path(path).name
    data = read_raw(path)
    gid = data["game"]
    if expect_game is not None and gid != expect_game:
        raise SaveError(f"{name}: a save of {gid}, not of {expect_game}")
    try:
        rules = registry.get(gid)
    except registry.UnknownGame:
        raise SaveError(f"{name}: a save of an unknown game {gid!r}") from None
    try:
        config = Config.from_json(data["config"])
        match = Match.replay(rules, config, [str(a) for a in data["actions"]])
    except (KeyError, TypeError, ValueError, AttributeError, ArithmeticError, ConfigError) as e:
        # a value of the wrong kind or size: options not a mapping, a seed of 1e999 ...
        if isinstance(e, (IllegalAction, DataError)):
            raise SaveError(f"{name}: the moves do not replay ({e})") from None
        raise SaveError(f"{name}: the save is damaged ({e})") from None
    snap = data.get("snapshot")
    if snap is not None and json.dumps(snap, sort_keys=True) != json.dumps(
            rules.to_json(match.state), sort_keys=True):
        if data.get("data_version") != rules.INFO.data_version:
            raise SaveError(f"{name}: made with other game data (version {data.get('data_version')!r})")
        raise SaveError(f"{name}: the saved position does not match its moves (damaged)")
    return match


def summary(path: Path | str) -> dict:
    """What the load screen lists: game, seats, date, turn (no replay)."""
    data = read_raw(path)
    seats = data["config"].get("seats")
    seats = seats if isinstance(seats, list) else []
    return {
        "path": str(path),
        "game": data["game"],
        "seats": [str(s.get("name", "?")) for s in seats if isinstance(s, dict)],
        "saved_at": str(data.get("saved_at", "")),
        "ply": len(data["actions"]),
        "finished": bool(data.get("finished", False)),
    }


def parse_actions(texts: list[str]) -> list[Action]:
    return [Action.parse(t) for t in texts]
