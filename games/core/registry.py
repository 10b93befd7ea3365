"""The game registry: each game registers itself with a manifest, data/<id>/manifest.yaml.

A manifest names everything the table needs to offer a game (DESIGN §8):

    id: el_paso                                  the name of the game's data folder
    menu_order: 10                               place in the main menu: lower first, then by id
    rules: games.el_paso:RULES                   the Rules object (module:attribute in games.<id>)
    table: ui.views.el_paso:ElPasoView           optional: the table view (module:class in ui.views);
                                                 without it the game is command-line only
    layout_loader: ui.views.el_paso:load_layout  optional: loads and checks the screen layout
    tutorial: tutorial.yaml                      optional: a file in the game's data folder
    rules_reference: rules.yaml                  the in-app rules, a file in the game's data folder

Games are found by scanning the data folder (`data_path()`: the checkout's data/, the copy
an installed wheel ships as games/_resources/data, the frozen app's bundle, or
BOARDGAME_DATA), so adding a game touches only its own folders: games/<id>/, data/<id>/
with the manifest, and its view under ui/views/. A folder under data/ is a game when it
holds a manifest; one named like a game's package (games/<name> defining RULES) without a
manifest is an error. A broken or missing manifest is a DataError naming the file (and
the key); `validate-data` reports every one, while the other games stay usable from the
command line.

This module imports only the rules; ui.views resolves the table and the layout loader.
"""
from __future__ import annotations

import importlib
import importlib.util
import os
import re
from dataclasses import dataclass
from pathlib import Path

from . import safefile
from .contract import Rules
from .data import Node, data_path, load_yaml
from .errors import DataError

MANIFEST = "manifest.yaml"
_OPTIONAL = ("table", "layout_loader", "tutorial")
_KEYS = frozenset({"id", "menu_order", "rules", "table", "rules_reference", *_OPTIONAL})
_ID = re.compile(r"^[a-z][a-z0-9_]*$")
_NAME = r"[A-Za-z_][A-Za-z0-9_]*"
_REF = re.compile(rf"^({_NAME}(?:\.{_NAME})*):({_NAME})$")
_FILE = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.-]*\.yaml$")
_MAX_BYTES = 1 << 16  # a manifest is a few hundred bytes


@dataclass(frozen=True)
class Manifest:
    """One game's registration, read from its manifest file."""

    id: str
    menu_order: int
    rules: str  # "module:attribute"
    table: str | None  # "module:class"; None: played from the command line only (its table is to come)
    layout_loader: str | None
    tutorial: str | None  # a file name in the game's data folder
    rules_reference: str
    file: Path

    @property
    def folder(self) -> Path:
        return self.file.parent

    @property
    def tutorial_path(self) -> Path | None:
        return self.folder / self.tutorial if self.tutorial else None

    @property
    def reference_path(self) -> Path:
        return self.folder / self.rules_reference

    @property
    def label(self) -> str:
        """The manifest as validate-data lists files: data/<id>/manifest.yaml."""
        return f"data/{self.id}/{MANIFEST}"


class UnknownGame(KeyError):
    def __str__(self) -> str:
        return f"unknown game {self.args[0]!r} (known: {', '.join(game_ids())})"


# --------------------------------------------------------------------- reading a manifest
def _ref(node: Node, package: str, what: str) -> str:
    text = node.str()
    m = _REF.match(text)
    if not m or not (m.group(1) == package or m.group(1).startswith(package + ".")):
        node.fail(f"{what} as module:name, the module in {package}", text)
    return text


def _file(node: Node, folder: Path) -> str:
    name = node.str()
    if not _FILE.match(name):
        node.fail("the name of a .yaml file in the game's data folder", name)
    if not (folder / name).is_file():
        node.fail(f"a file that exists in {folder.name}/", name)
    return name


def load_manifest(path: Path | str) -> Manifest:
    """Read and check one manifest; raises DataError naming the file and key."""
    path = Path(path)
    root = load_yaml(path).mapping().only_keys(_KEYS)
    folder = path.parent
    id_node = root.get("id")
    gid = id_node.str()
    if gid != folder.name or not _ID.match(gid):
        id_node.fail(f"the name of the game's data folder, {folder.name!r}", gid)
    present = root.value
    return Manifest(
        id=gid,
        menu_order=root.get("menu_order").int(0, 1_000_000),
        rules=_ref(root.get("rules"), f"games.{gid}", "the game's Rules object"),
        table=_ref(root.get("table"), "ui.views", "the game's table view") if "table" in present else None,
        layout_loader=(_ref(root.get("layout_loader"), "ui.views", "the layout loader")
                       if "layout_loader" in present else None),
        tutorial=_file(root.get("tutorial"), folder) if "tutorial" in present else None,
        rules_reference=_file(root.get("rules_reference"), folder),
        file=path,
    )


# --------------------------------------------------------------------- finding the games
@dataclass(frozen=True)
class _Scan:
    games: tuple[Manifest, ...]  # the manifests that load, in menu order
    problems: dict[str, DataError]  # folder name -> what is wrong; "" for the data folder itself


_scans: dict[tuple, _Scan] = {}
_packages: dict[str, bool] = {}


def _is_game_package(name: str) -> bool:
    """Whether games/<name> is a game's package, one defining RULES (then data/<name>/
    must hold a manifest). A package a family of games shares is not; neither is one
    whose import fails (that error shows when the game itself is loaded)."""
    if name not in _packages:
        try:
            _packages[name] = (importlib.util.find_spec(f"games.{name}") is not None
                               and hasattr(importlib.import_module(f"games.{name}"), "RULES"))
        except Exception:
            _packages[name] = False
    return _packages[name]


_roots: dict[str | None, str] = {}


def _data_root() -> str:
    """data_path() as text, worked out once per BOARDGAME_DATA value (the rest of it is
    fixed for the process)."""
    override = os.environ.get("BOARDGAME_DATA")
    root = _roots.get(override)
    if root is None:
        root = _roots[override] = str(data_path())
    return root


def _scan() -> _Scan:
    """The games of the current data folder. Manifests are read on every call (a few
    hundred bytes each) and parsed again only when one changed."""
    root = _data_root()
    entries, cacheable = [], True
    try:
        names = sorted(e.name for e in os.scandir(root) if _ID.match(e.name) and e.is_dir())
    except OSError:
        names = []
    for name in names:
        try:
            entries.append((name, safefile.read_bytes(os.path.join(root, name, MANIFEST), _MAX_BYTES)))
        except FileNotFoundError:
            if _is_game_package(name):
                entries.append((name, None))
        except (OSError, ValueError):  # refused or unreadable: load_yaml says why
            entries.append((name, b""))
            cacheable = False
    key = (root, tuple(entries))
    found = _scans.get(key)
    if found is not None:
        return found
    games, problems = [], {}
    for name, raw in entries:
        path = Path(root, name, MANIFEST)
        if raw is None:
            problems[name] = DataError(path, None, f"the file to exist (it registers the game games/{name})")
            continue
        try:
            games.append(load_manifest(path))
        except DataError as e:
            problems[name] = e
    if not entries:
        problems[""] = DataError(Path(root), None, f"a data folder with a folder per game holding {MANIFEST}")
    scan = _Scan(tuple(sorted(games, key=lambda m: (m.menu_order, m.id))), problems)
    if cacheable:
        if len(_scans) > 16:
            _scans.clear()
        _scans[key] = scan
    return scan


def _raise(e: DataError):
    raise DataError(e.path, e.key_path, e.expected, e.found) from None


def manifests() -> tuple[Manifest, ...]:
    """Every game's manifest in menu order; a broken or missing one raises DataError."""
    scan = _scan()
    for e in scan.problems.values():
        _raise(e)
    return scan.games


def registered() -> tuple[Manifest, ...]:
    """The manifests that load, in menu order (validate-data reports the others;
    `manifests()` and `all_games()` refuse them)."""
    return _scan().games


def game_ids() -> tuple[str, ...]:
    """The ids of the games whose manifests load, in menu order."""
    return tuple(m.id for m in _scan().games)


def table_ids() -> tuple[str, ...]:
    """The games the table can show (a manifest naming its table view), in menu order; a
    game without one is played from the command line until its table lands."""
    return tuple(m.id for m in _scan().games if m.table)


def manifest(game_id: str) -> Manifest:
    """A game's manifest; DataError if it is broken, UnknownGame if there is none."""
    scan = _scan()
    for m in scan.games:
        if m.id == game_id:
            return m
    for name in (game_id, ""):
        if name in scan.problems:
            _raise(scan.problems[name])
    raise UnknownGame(game_id)


def check_manifests() -> tuple[list[str], list[str]]:
    """For validate-data: (manifest files that load, one message per broken or missing
    manifest). The rules, table and layout loader they name are checked by loading them."""
    scan = _scan()
    return [m.label for m in scan.games], [str(e) for e in scan.problems.values()]


def resolve(m: Manifest, key: str):
    """The object a manifest's module:name entry ("rules", "table", "layout_loader")
    names. A module or name that does not exist is a DataError naming the manifest; an
    error inside an existing module is raised as it is."""
    ref = getattr(m, key)
    module_name, name = ref.split(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as e:
        if e.name and (module_name == e.name or module_name.startswith(e.name + ".")):
            raise DataError(m.file, key, "a module that exists", ref) from None
        raise
    try:
        return getattr(module, name)
    except AttributeError:
        raise DataError(m.file, key, f"a name that {module_name} defines", ref) from None


# --------------------------------------------------------------------- rules by id
_cache: dict[str, Rules] = {}


def get(game_id: str) -> Rules:
    m = manifest(game_id)
    rules = _cache.get(m.rules)
    if rules is None:
        rules = resolve(m, "rules")
        info = getattr(rules, "INFO", None)
        if not isinstance(rules, Rules) or getattr(info, "id", None) != m.id:
            raise DataError(m.file, "rules", f"the Rules object of the game {m.id!r}", m.rules)
        _cache[m.rules] = rules
    return rules


def all_games() -> list[Rules]:
    """Every game in menu order; a broken or missing manifest raises DataError."""
    return [get(m.id) for m in manifests()]


def table_games() -> list[Rules]:
    """The games the table can show, in menu order (a game without a table is not even
    imported); a broken or missing manifest raises DataError."""
    return [get(m.id) for m in manifests() if m.table]


def __getattr__(name: str):
    if name == "GAME_IDS":  # the registered games in menu order, found afresh
        return game_ids()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
