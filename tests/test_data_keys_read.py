"""Every key of every data file is read by something: a key nothing reads is a setting that
changes nothing (or a second copy of a value that lives elsewhere), so it must go.

A fresh interpreter loads everything a run loads (manifests, every game's rules data,
tutorials, rules references, catalogues, every table's layout, and one rendered table per
game for what a table reads only when drawing) under games.core.data.recording_reads, and
this test walks every YAML file under data/ listing each key path nobody read.
"""
from __future__ import annotations

import functools
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "data"

# Keys no code reads, each with its reason: (file under data/, key path with every list index
# written [*]) -> reason. Keep it short: a key nothing needs goes, a label gets checked.
NOT_READ: dict[tuple[str, str], str] = {
    # read by the table only in a state the screenshots above do not reach
    ("gwt_el_paso/layout.yaml", "tiles.train_star"): "a train card's star side (after a flip)",
    ("moon_river/layout.yaml", "screen.zoom_cell_max"): "the enlarged ranch (a click on a ranch)",
    ("moon_river/layout.yaml", "colours.shade"): "the enlarged ranch (a click on a ranch)",
    ("moon_river/layout.yaml", "colours.area_label"): "the scored areas of a finished game",
    ("moon_river/layout.yaml", "screen.character_line"): "the Legends variant (each seat's character)",
    ("ttr_germany/layout.yaml", "zoom.step"): "the map zoomed with the wheel or a zoom button",
    ("ttr_germany/layout.yaml", "zoom.pan_step"): "the zoomed map moved with the arrow keys",
    ("ttr_germany/layout.yaml", "zoom.drag"): "the zoomed map dragged with the mouse",
    ("ttr_germany/layout.yaml", "map.path_width"): "a ticket's path (the pointer on a ticket)",
    ("ttr_germany/layout.yaml", "colours.ticket_done"): "a completed ticket",
    ("ttr_germany/layout.yaml", "colours.done"): "a completed ticket",
    ("ttr_germany/layout.yaml", "colours.choice"): "a choice of payment or tickets to draw",
    ("ttr_germany/layout.yaml", "colours.choice_hover"): "a choice of payment or tickets to draw",
    ("ttr_germany/layout.yaml", "colours.tip"): "a tooltip (the pointer resting on the map)",
    ("ttr_germany/layout.yaml", "colours.ticket_back"): "an animation: tickets flying to a seat",
    ("ttr_germany/layout.yaml", "colours.banner"): "an animation: the last round's banner",
    ("ttr_germany/layout.yaml", "colours.glow_core"): "the glow of a route the hint points at",
    **{("ttr_germany/layout.yaml", f"colours.{k}"): "a ticket's path (the pointer on a ticket)"
       for k in ("path", "path_done", "path_shade", "path_edge")},
}


# The tables drawn (players, moves, size, language) for what a table reads only when drawing.
SHOTS = ((3, 0, "1280x720", "en"), (3, 30, "1920x1080", "ru"), (4, 90, "1280x720", "en"))


class _Used(dict):
    """A loaded layout's mapping that records which keys the table takes (iterating it
    takes them all). Every mapping below is one too."""

    def __init__(self, value, path: str, used: set):
        super().__init__({k: _Used(v, _child(path, k), used) if isinstance(v, dict) else v
                          for k, v in value.items()})
        self._path, self._used = path, used

    def __getitem__(self, key):
        self._used.add(_child(self._path, key))
        return super().__getitem__(key)

    def get(self, key, default=None):
        if key in self:
            self._used.add(_child(self._path, key))
        return super().get(key, default)

    def _all(self):
        self._used.add(self._path + "*")  # everything below

    def __iter__(self):
        self._all()
        return super().__iter__()

    def items(self):
        self._all()
        return super().items()

    def values(self):
        self._all()
        return super().values()

    def keys(self):
        self._all()
        return super().keys()


def _leaves(value: dict, path: str = ""):
    for k, v in value.items():
        p = _child(path, k)
        if isinstance(v, dict) and v:
            yield from _leaves(v, p)
        else:
            yield p


def _track_layouts() -> dict:
    """Make every table's layout loader hand out _Used mappings (a loader giving anything
    else is left alone); returns {layout file: (used key paths, loaded key paths)}."""
    import importlib

    from games.core import registry
    from games.core.data import data_path

    tracked = {}
    for m in registry.registered():
        if not m.layout_loader:
            continue
        loader = registry.resolve(m, "layout_loader")
        module = importlib.import_module(loader.__module__)
        used: set = set()
        loaded: list = []
        tracked[str(data_path(m.id, "layout.yaml").resolve())] = (used, loaded)

        def tracking(*args, _load=loader, _used=used, _loaded=loaded, **kwargs):
            out = _load(*args, **kwargs)
            if not isinstance(out, dict):
                return out
            _loaded[:] = list(_leaves(out))
            return _Used(out, "", _used)

        setattr(module, loader.__name__, tracking)
        cache = getattr(module, "cached_layout", None)
        if cache is not None and hasattr(cache, "cache_clear"):
            cache.cache_clear()
    return tracked


def _collect(shots=SHOTS) -> dict:
    """Load everything under the recorder; returns {file: {"seen": [...], "whole": [...],
    "idle": [...]}}, idle: key paths a table's layout loader hands out that no table takes."""
    import main
    from games.core import registry
    from games.core.data import recording_reads
    from games.core.validate import validate_all
    from ui.views import validate_layouts

    with recording_reads() as reads, tempfile.TemporaryDirectory() as tmp:
        errors = validate_all()[1] + validate_layouts()[1]
        assert not errors, errors
        tracked = _track_layouts()
        for gid in registry.table_ids():   # a game without a table: its loader read it all above
            for players, moves, size, lang in shots:
                out = os.path.join(tmp, f"{gid}-{moves}.png")
                rc = main.main(["screenshot", gid, "--players", str(players), "--moves", str(moves),
                                "--out", out, "--size", size, "--lang", lang])
                assert rc == 0, gid
    idle = {}
    for f, (used, loaded) in tracked.items():
        whole = {u[:-1] for u in used if u.endswith("*")}
        idle[f] = [p for p in loaded if p not in used and "" not in whole
                   and not any(p.startswith((w + ".", w + "[")) for w in whole)]
    files = set(reads.seen) | set(reads.whole)
    return {f: {"seen": sorted(reads.seen.get(f, ())), "whole": sorted(reads.whole.get(f, ())),
                "idle": idle.get(f, [])} for f in files}


def _child(path: str, key) -> str:
    """A key path the way games.core.data.Node spells it."""
    if isinstance(key, int) and not isinstance(key, bool):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else str(key)


_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@functools.lru_cache(maxsize=None)
def _parsed(rel: str):
    """A data file's value and its composed YAML node (for line numbers)."""
    text = (DATA / rel).read_text(encoding="utf-8")
    return yaml.load(text, Loader=_LOADER), yaml.compose(text, Loader=_LOADER)


def _pattern(path: str) -> str:
    """A key path with every list index written [*] (as NOT_READ spells them)."""
    return re.sub(r"\[\d+\]", "[*]", path)


def _all_paths(value, node, path: str = ""):
    for p, _line, sub, sub_node in _walk(value, node, path):
        yield p
        yield from _all_paths(sub, sub_node, p)


def _walk(value, node, path: str):
    """(key path, line, value, node) of every mapping key and list item one level down;
    `value` is the constructed data, `node` the composed YAML node it came from."""
    if isinstance(value, dict) and isinstance(node, yaml.MappingNode):
        for (key, sub), (k_node, v_node) in zip(value.items(), node.value, strict=True):
            yield _child(path, key), k_node.start_mark.line + 1, sub, v_node
    elif isinstance(value, list) and isinstance(node, yaml.SequenceNode):
        for i, (sub, v_node) in enumerate(zip(value, node.value, strict=True)):
            yield _child(path, i), v_node.start_mark.line + 1, sub, v_node


def _unread(rel: str, value, node, path: str, seen: set, whole: set, idle: set, found: list) -> None:
    """Append the outermost key paths below `path` nobody read."""
    for p, line, sub, sub_node in _walk(value, node, path):
        if p in idle:
            if (rel, _pattern(p)) not in NOT_READ:
                found.append(f"data/{rel}:{line} {p} (loaded, but no table takes it)")
            continue
        if p in whole:
            continue
        below = any(s.startswith((p + ".", p + "[")) for s in seen)
        if p not in seen and not below:
            if (rel, _pattern(p)) not in NOT_READ:
                found.append(f"data/{rel}:{line} {p}")
            continue
        _unread(rel, sub, sub_node, p, seen, whole, idle, found)


def unread_keys(reads: dict) -> list[str]:
    """'data/x/y.yaml:LINE key.path' for every outermost key path nobody read."""
    found: list[str] = []
    for f in sorted(DATA.rglob("*.yaml")):
        rel = f.relative_to(DATA).as_posix()
        rec = reads.get(str(f.resolve()), {"seen": [], "whole": [], "idle": []})
        seen, whole, idle = set(rec["seen"]), set(rec["whole"]), set(rec["idle"])
        if "" in whole:
            continue
        value, node = _parsed(rel)
        _unread(rel, value, node, "", seen, whole, idle, found)
    return found


def _reads(shots: int) -> dict:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop("BOARDGAME_DATA", None)
    res = subprocess.run([sys.executable, __file__, str(shots)], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=600)
    assert res.returncode == 0, res.stderr[-3000:]
    return json.loads(res.stdout.strip().splitlines()[-1])


def test_every_data_key_is_read():
    """Every key is read when the data loads (or when a table is first drawn)."""
    reads = _reads(1)
    for rec in reads.values():
        rec["idle"] = []  # one drawn state says little about what a table takes: the slow test
    missing = unread_keys(reads)
    assert not missing, "keys nothing reads (delete them, or read and check them):\n" + "\n".join(missing)


@pytest.mark.slow
def test_every_layout_key_is_drawn_with():
    """Every key a table's layout loader hands out is taken by the table in one of SHOTS."""
    missing = unread_keys(_reads(len(SHOTS)))
    assert not missing, ("keys nothing reads (delete them, or read and check them; a key a table "
                         "takes only in a state SHOTS miss goes in NOT_READ, naming the "
                         "state):\n" + "\n".join(missing))


def test_allow_list_names_existing_keys():
    """An entry of NOT_READ whose key is gone is itself stale."""
    for (rel, path), reason in NOT_READ.items():
        assert reason.strip(), (rel, path)
        value, node = _parsed(rel)
        assert path in {_pattern(p) for p in _all_paths(value, node)}, f"data/{rel}: no key {path}"


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    print(json.dumps(_collect(SHOTS[:int(sys.argv[1])])))
