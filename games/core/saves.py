"""Save files: {format, game, data version, config, actions} plus a snapshot and a checksum.

Loading replays the action list from the config (the determinism contract) and checks
the result against the snapshot (a state field added since the save was made, which its
snapshot lacks and the rules' reader fills in, is not compared); the checksum (SHA-256 of the canonical JSON of every
other field) catches damage anywhere else, such as a shortened action list or a changed
seat. Every field must be present and of its kind, every text within the bounds of
games.core.limits. Files are read through games.core.safefile: regular files only, of a
bounded size. Writes are atomic. A file that cannot be used raises SaveError with a
message fit for a player; it is never modified.

Format 1 (the first release) had no checksum; such saves still load, and their snapshot
is required. Format 3 adds the time played at the table (the records keep it); a format 1
or 2 save loads with none counted.
"""
from __future__ import annotations

import codecs
import errno
import hashlib
import json
import math
import time
from pathlib import Path

from . import registry, safefile
from .action import Action
from .contract import Config, ConfigError
from .errors import DataError, IllegalAction, SaveError
from .limits import MAX_ACTION_LEN, MAX_ACTIONS, MAX_ID_LEN, MAX_STAMP_LEN, shown
from .match import Match
from .safefile import atomic_write_text  # noqa: F401  (re-exported: ui.settings uses it)

SAVE_FORMAT = 3
APP_ID = "boardgame-table"
MAX_SAVE_BYTES = 4 * 1024 * 1024  # 200 times the largest real save (a finished 5-player TTR game)
# The fields of each format, all required; anything else is damage.
FIELDS = {
    1: frozenset({"format", "app", "game", "data_version", "saved_at", "config", "actions", "ply",
                  "finished", "snapshot"}),
}
FIELDS[2] = FIELDS[1] | {"checksum"}
FIELDS[3] = FIELDS[2] | {"seconds_played"}
MAX_SECONDS = 10 * 365 * 24 * 3600.0  # ten years at the table: anything more is damage


class _Damaged(Exception):
    """Raised inside the JSON parser: valid JSON the table never writes."""


def _object(pairs: list) -> dict:
    d = dict(pairs)
    if len(d) != len(pairs):
        seen = set()
        key = next(k for k, _ in pairs if k in seen or seen.add(k))
        raise _Damaged(f"the key {shown(key)} appears twice")
    return d


def _constant(name: str):
    raise _Damaged(f"{name} is not a number a save holds")


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Damaged(f"the number {shown(text)} is out of range")
    return value


def checksum(data: dict) -> str:
    """SHA-256 of the canonical JSON (sorted keys, no spaces, ASCII) of every field but
    "checksum" itself."""
    body = {k: v for k, v in data.items() if k != "checksum"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def shown_name(path: Path) -> str:
    """A file's name fit for a message: undecodable bytes and control characters replaced."""
    name = path.name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    return "".join(c if c.isprintable() else "?" for c in name)


def to_dict(match: Match) -> dict:
    rules = match.rules
    data = {
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
        "seconds_played": round(float(getattr(match, "seconds_played", 0.0)), 1),
    }
    data["checksum"] = checksum(data)
    return data


def write(path: Path | str, match: Match) -> None:
    atomic_write_text(path, json.dumps(to_dict(match), separators=(",", ":")))


def read_raw(path: Path | str) -> dict:
    """The save's JSON object after every check that needs no replay: the format, the
    checksum, each field's presence, kind and bounds, and the config's shape."""
    path = Path(path)
    name = shown_name(path)
    try:
        raw = safefile.read_bytes(path, MAX_SAVE_BYTES)
    except FileNotFoundError:
        if path.is_symlink():
            raise SaveError(f"{name}: not a save file (a link to nothing)") from None
        raise SaveError(f"{name}: no such save file") from None
    except safefile.FileRefused as e:
        if e.errno == errno.EFBIG:
            raise SaveError(f"{name}: too large to be a save ({e.strerror})") from None
        raise SaveError(f"{name}: not a save file ({e.strerror})") from None
    except OSError as e:
        if e.errno == errno.ELOOP:
            raise SaveError(f"{name}: not a save file (a link loop)") from None
        raise SaveError(f"{name}: cannot be read ({e.strerror or e})") from None
    except ValueError as e:  # a path the system cannot take (a NUL in it)
        raise SaveError(f"{name}: cannot be read ({e})") from None
    if raw.startswith(codecs.BOM_UTF8):  # some editors add one; the content is what counts
        raw = raw[len(codecs.BOM_UTF8):]
    if not raw.strip():
        raise SaveError(f"{name}: the file is empty")
    try:
        data = json.loads(raw.decode("utf-8"), object_pairs_hook=_object, parse_constant=_constant,
                          parse_float=_float)
    except UnicodeDecodeError:
        raise SaveError(f"{name}: not a save file (not UTF-8 text)") from None
    except _Damaged as e:
        raise SaveError(f"{name}: the file is damaged ({e})") from None
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
        raise SaveError(f"{name}: made by a newer version of the table (format {shown(fmt)}); "
                        "update to open it")
    if fmt < 1:
        raise SaveError(f"{name}: unknown save format {shown(fmt)}")
    fields = FIELDS[fmt]
    for key in sorted(fields):
        if key not in data:
            raise SaveError(f"{name}: the save is damaged ({key} is missing)")
    for key in data:
        if key not in fields:
            raise SaveError(f"{name}: the save is damaged (unknown field {shown(key)})")
    if fmt >= 2:
        try:
            good = data["checksum"] == checksum(data)
        except RecursionError:
            raise SaveError(f"{name}: the file is damaged (nested too deeply)") from None
        if not good:
            raise SaveError(f"{name}: the file is damaged (its checksum does not match its content)")
    problem = _field_problem(data)
    if problem:
        raise SaveError(f"{name}: the save is damaged ({problem})")
    try:
        Config.from_json(data["config"])
    except ConfigError as e:
        raise SaveError(f"{name}: the save is damaged ({e})") from None
    return data


def _text(value, limit: int, empty: bool = False) -> bool:
    return isinstance(value, str) and (empty or value != "") and len(value) <= limit


def _field_problem(data: dict) -> str | None:
    """What is wrong with the top-level fields (the config is Config.from_json's)."""
    if not _text(data["game"], MAX_ID_LEN):
        return f"game must be a game id, not {shown(data['game'])}"
    if not _text(data["data_version"], MAX_ID_LEN):
        return f"data_version must be a short text, not {shown(data['data_version'])}"
    if not _text(data["saved_at"], MAX_STAMP_LEN, empty=True):
        return f"saved_at must be a date and time, not {shown(data['saved_at'])}"
    actions = data["actions"]
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
        return f"actions must be a list of at most {MAX_ACTIONS} moves"
    for i, a in enumerate(actions):
        if not _text(a, MAX_ACTION_LEN):
            return f"move {i + 1} is not a move: {shown(a)}"
    ply = data["ply"]
    if type(ply) is not int or ply != len(actions):
        return f"ply {shown(ply)} does not count the {len(actions)} moves"
    if type(data["finished"]) is not bool:
        return f"finished must be true or false, not {shown(data['finished'])}"
    if not isinstance(data["snapshot"], dict):
        return "the snapshot is not a mapping"
    if "seconds_played" in data:
        t = data["seconds_played"]
        if type(t) not in (int, float) or not math.isfinite(t) or not 0 <= t <= MAX_SECONDS:
            return f"seconds_played must be a time in seconds, not {shown(t)}"
    return None


def load(path: Path | str, expect_game: str | None = None) -> Match:
    """Rebuild the match by replaying the saved actions; check the snapshot."""
    name = shown_name(Path(path))
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
        match = Match.replay(rules, config, data["actions"])
    except (LookupError, TypeError, ValueError, AttributeError, ArithmeticError, RecursionError) as e:
        # IllegalAction, DataError and ConfigError are ValueErrors
        if isinstance(e, (IllegalAction, DataError)):
            raise SaveError(f"{name}: the moves do not replay ({e})") from None
        raise SaveError(f"{name}: the save is damaged ({e})") from None
    same = _same_position(rules, data["snapshot"], match.state)
    if not same:
        if data["data_version"] != rules.INFO.data_version:
            raise SaveError(f"{name}: made with other game data (version {data['data_version']!r})")
        raise SaveError(f"{name}: the saved position does not match its moves (damaged)")
    if data["finished"] != match.is_over():
        raise SaveError(f"{name}: the save is damaged (finished is {str(data['finished']).lower()}, "
                        "the moves say otherwise)")
    match.seconds_played = float(data.get("seconds_played", 0.0))
    return match


def _same_position(rules, snapshot: dict, state) -> bool:
    """Whether the saved snapshot is the replayed position. A field the rules' reader fills
    in when the snapshot lacks it was added to the state after that save was made: it is not
    compared. Everything else must be there and equal, with nothing more or less (a hand
    that lacks a colour the replay holds differs)."""
    try:
        now = json.loads(json.dumps(rules.to_json(state)))  # JSON's own types, as saved
        try:
            read = rules.to_json(rules.from_json(snapshot))
        except (SaveError, LookupError, TypeError, ValueError, AttributeError, ArithmeticError):
            read = None  # unreadable: compared as it is, with nothing filled in
        return _matches(snapshot, now, read)
    except (RecursionError, ValueError, TypeError):
        return False


def _matches(saved, now, read) -> bool:
    """`saved` equals `now` but for mapping keys it lacks that `read` (the same snapshot as
    the rules read it) has: fields the reader filled in."""
    if isinstance(saved, dict):
        if not isinstance(now, dict) or not saved.keys() <= now.keys():
            return False
        filled = read if isinstance(read, dict) else {}
        return all(_matches(saved[k], v, filled.get(k)) if k in saved else k in filled
                   for k, v in now.items())
    if isinstance(saved, list):
        if not isinstance(now, list) or len(saved) != len(now):
            return False
        rows = read if isinstance(read, list) and len(read) == len(saved) else [None] * len(saved)
        return all(map(_matches, saved, now, rows))
    return type(saved) is type(now) and saved == now


def summary(path: Path | str) -> dict:
    """What the load screen lists: game, seats, date, turn (no replay). The file has passed
    read_raw's checks, so every text is short."""
    data = read_raw(path)
    return {
        "path": str(path),
        "game": data["game"],
        "seats": [s["name"] for s in data["config"]["seats"]],
        "saved_at": data["saved_at"],
        "ply": len(data["actions"]),
        "finished": data["finished"],
    }


def parse_actions(texts: list[str]) -> list[Action]:
    return [Action.parse(t) for t in texts]
