"""Bad input, property-based: damaged data files and damaged save files.

Data: a copy of data/ (BOARDGAME_DATA) has one file mutated per example (cut short,
bytes flipped, not UTF-8, a value of the wrong type, a key missing or unknown, a huge
number, YAML that PyYAML cannot construct...). Loading it raises only DataError naming
the file, and validate-data reports that file.

Saves: a real save of every registered game is mutated the same way (plus unknown
format versions, other games, actions that do not replay). Loading raises only SaveError
naming the file; neither the load attempt, nor the load screen listing it, nor the main
menu offering it as the autosave ever changes or removes the file; a save that still
loads opens at the table and plays on.

CI runs a modest number of examples (derandomized, so runs are repeatable); the slow
marker runs many more:  .venv/bin/python -m pytest -m slow tests/test_bad_input.py
"""
import copy
import json
import pickle
import shutil
from pathlib import Path

import pygame
import pytest
import yaml
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import main
from games.core import i18n, registry, saves
from games.core.contract import Config, Seat
from games.core.data import data_path
from games.core.errors import DataError, SaveError
from games.core.match import Match
from games.core.reference import load_reference
from games.core.tutorial import load_tutorial
from games.core.validate import validate_all

ROOT = Path(__file__).resolve().parent.parent
GAMES = registry.GAME_IDS
_HEALTH = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture,
           HealthCheck.filter_too_much]
CI_DATA = settings(max_examples=10, deadline=None, derandomize=True, database=None,
                   suppress_health_check=_HEALTH)
CI = settings(max_examples=40, deadline=None, derandomize=True, database=None,
              suppress_health_check=_HEALTH)
SLOW = settings(max_examples=1500, deadline=None, database=None, suppress_health_check=_HEALTH)

# --- mutations shared by data and save files ------------------------------------------
# Sentinel strings replaced in the dumped text by what a dumper cannot write itself.
HUGE = "@@HUGE@@"  # a number of 5000 digits (beyond Python's int-from-text limit)
RAW = {
    "json": {HUGE: "9" * 5000, "@@INF@@": "1e999", "@@NINF@@": "-1e999", "@@NAN@@": "NaN"},
    "yaml": {HUGE: "9" * 5000, "@@HEX@@": "0x" + "f" * 5000, "@@INF@@": ".inf", "@@NAN@@": ".nan",
             "@@DATE@@": "2020-01-01", "@@BADDATE@@": "2020-13-45", "@@BADTAG@@": "!!int 12x",
             "@@BADFLOAT@@": "!!float abc", "@@PYTAG@@": "!!python/object:os.system x",
             "@@ALIAS@@": "*nowhere", "@@DEEP@@": "[" * 1000 + "]" * 1000, "@@SET@@": "!!set {a}"},
}
WEIRD = ["", " ", "x" * 3000, "ünïcødé ✓", "a\x00b", "\ud800", "\u200b", "\u0301", "{", "{0}", "0 leave", "1 play bank 7", "-1 x", "--1 x", "² x",
         "human", "bot:easy", "bot:hard", "automa", "bot:", "18", "wave", "none"] + list(GAMES)


def values(kind):
    """Replacement values: wrong types, edge numbers and the text sentinels of `kind`."""
    return st.one_of(
        st.none(), st.booleans(), st.integers(-2 ** 70, 2 ** 70),
        st.sampled_from([0, -1, 1, 2, 5, 99, 10 ** 30, -(10 ** 30), 1.5, 1e300]),
        st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=12),
        st.sampled_from(WEIRD + sorted(RAW[kind])),
        st.lists(st.one_of(st.integers(), st.text(max_size=4)), max_size=3),
        st.dictionaries(st.text(max_size=4), st.integers(), max_size=2),
    )


def mutate_tree(data, doc, kind):
    """One structural change somewhere in a loaded JSON/YAML tree; returns the new tree."""
    if not isinstance(doc, (dict, list)) or not doc or data.draw(st.integers(0, 29)) == 0:
        return data.draw(values(kind))  # the whole document replaced
    node = doc
    parts = [k for k in ("config", "actions") if isinstance(doc, dict)
             and isinstance(doc.get(k), (dict, list)) and doc[k]]
    if parts and data.draw(st.booleans()):
        node = doc[data.draw(st.sampled_from(parts))]  # the parts of a save that matter most
    for _ in range(data.draw(st.integers(0, 7))):  # walk down a random path
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        child = node[keys[data.draw(st.integers(0, len(keys) - 1))]]
        if not isinstance(child, (dict, list)) or not child:
            break
        node = child
    keys = list(node) if isinstance(node, dict) else list(range(len(node)))
    key = keys[data.draw(st.integers(0, len(keys) - 1))]
    op = data.draw(st.sampled_from(["replace", "replace", "delete", "add", "empty", "dup"]))
    if op == "replace":
        node[key] = data.draw(values(kind))
    elif op == "delete":
        del node[key]
    elif op == "add":
        if isinstance(node, dict):
            node[data.draw(st.sampled_from(["unknown", "zz", "1", "id", "name"]))] = data.draw(values(kind))
        else:
            node.append(data.draw(values(kind)))
    elif op == "empty":
        node[key] = type(node[key])() if isinstance(node[key], (dict, list, str)) else None
    elif op == "dup" and isinstance(node, list):
        node.append(json.loads(json.dumps(node[key])) if kind == "json" else node[key])
    return doc


def mutate_bytes(data, raw, kind, parse, dump):
    """A damaged copy of `raw`: cut short, bytes flipped, junk inserted, or a changed tree."""
    how = data.draw(st.sampled_from(["truncate", "flip", "insert", "tree", "tree", "tree"]))
    if how == "truncate":
        return raw[: data.draw(st.integers(0, max(0, len(raw) - 1)))]
    if how == "flip":
        out = bytearray(raw)
        for _ in range(data.draw(st.integers(1, 4))):
            i = data.draw(st.integers(0, len(out) - 1))
            out[i] ^= data.draw(st.integers(1, 255))
        return bytes(out)
    if how == "insert":
        i = data.draw(st.integers(0, len(raw)))
        junk = data.draw(st.one_of(st.sampled_from([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x00",
                                                    b"\xef\xbb\xbf", b"\n\t:", b"{[", b"]}"]),
                                   st.binary(min_size=1, max_size=6)))
        return raw[:i] + junk + raw[i:]
    doc = parse(raw)
    for _ in range(data.draw(st.integers(1, 3))):
        config = doc.get("config") if isinstance(doc, dict) else None
        seats = config.get("seats") if isinstance(config, dict) else None
        if kind == "json" and isinstance(seats, list) and seats and all(isinstance(x, dict) for x in seats) \
                and data.draw(st.integers(0, 3)) == 0:  # a seat's name, colour or kind: may still load
            seat = data.draw(st.sampled_from(seats))
            seat[data.draw(st.sampled_from(["name", "colour", "kind"]))] = data.draw(values(kind))
        else:
            doc = mutate_tree(data, doc, kind)
    text = dump(doc)
    for sentinel, literal in RAW[kind].items():
        text = text.replace(f'"{sentinel}"', literal).replace(f"'{sentinel}'", literal)
        text = text.replace(sentinel, literal)
    return text.encode("utf-8")


# --- data files -------------------------------------------------------------------------
def pristine_files() -> list[str]:
    """Every file validate-data checks, relative to the data folder ("el_paso/board.yaml")."""
    from ui.views import validate_layouts
    checked, errors = validate_all()
    more, more_errors = validate_layouts()
    assert not errors and not more_errors
    return sorted({c.removeprefix("data/") for c in checked + more})


DATA_FILES = pristine_files()


def loader_for(rel: str):
    """The loader that reads this data file (what the game and the UI call)."""
    parts = rel.split("/")
    name = parts[-1]
    if "i18n" in parts[:-1]:
        return lambda: i18n.load_catalogue(name.split(".")[-2])
    gid = parts[0]
    if name == "rules.yaml":
        return lambda: load_reference(gid)
    if name == "tutorial.yaml":
        return lambda: load_tutorial(gid)
    if name == "layout.yaml":
        from ui.views import LAYOUT_LOADERS
        module, fn = LAYOUT_LOADERS[gid].split(":")
        return getattr(__import__(module, fromlist=[fn]), fn)
    return registry.get(gid).validate_data


def all_errors() -> list[str]:
    from ui.views import validate_layouts
    return validate_all()[1] + validate_layouts()[1]


def _parse_once(load):
    """yaml.load that builds a text it has built before from a pickled copy: a whole
    validation reads every game's files, all but the damaged one unchanged, and building
    their trees is most of its time. A text seen first, or one that fails, goes through
    the real loader, so what a damaged file does is what the app does."""
    built: dict[tuple, bytes] = {}

    def cached(text, Loader):
        key = (text, Loader)
        found = built.get(key)
        if found is None:
            value = load(text, Loader=Loader)
            if len(built) > 256:  # damaged texts are mostly seen once
                built.clear()
            try:
                built[key] = pickle.dumps(value, pickle.HIGHEST_PROTOCOL)
            except (RecursionError, pickle.PicklingError, TypeError):
                pass  # nested too deep to copy: built afresh next time
            return value
        return pickle.loads(found)  # a fresh tree: a loader may change what it gets
    return cached


@pytest.fixture(scope="module")
def data_copy(tmp_path_factory):
    folder = tmp_path_factory.mktemp("bad-data") / "data"
    shutil.copytree(data_path(), folder)
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("BOARDGAME_DATA", str(folder))
        mp.setattr(yaml, "load", _parse_once(yaml.load))
        yield folder


_PARSED: dict[str, object] = {}


def _parse_original(rel: str, raw: bytes):
    """The pristine file's tree (parsed once; libyaml is only the test's own helper)."""
    if rel not in _PARSED:
        _PARSED[rel] = yaml.load(raw.decode("utf-8"), Loader=yaml.CSafeLoader)
    return copy.deepcopy(_PARSED[rel])


def yaml_dump(doc) -> str:
    try:
        return yaml.dump(doc, Dumper=yaml.CSafeDumper, allow_unicode=True, sort_keys=False)
    except UnicodeEncodeError:  # a lone surrogate: only the pure-Python dumper escapes it
        return yaml.safe_dump(doc, allow_unicode=True, sort_keys=False)


def twin(rel: str) -> str:
    """The same i18n catalogue in the other language (en <-> ru); other files: itself."""
    name = rel.rsplit("/", 1)[-1]
    for a, b in (("en", "ru"), ("ru", "en")):
        if name == f"{a}.yaml" or name.endswith(f".{a}.yaml"):
            return rel[: -len(f"{a}.yaml")] + f"{b}.yaml"
    return rel


def check_damaged_data(folder: Path, rel: str, data, full: bool):
    """Damage one data file; its loader raises DataError naming it or nothing. With `full`
    (always in the slow soak, about one example in twelve in CI: a whole validation loads
    every game), validate-data must report it too."""
    path = folder / rel
    original = path.read_bytes()
    raw = mutate_bytes(data, original, "yaml", lambda b: _parse_original(rel, b), yaml_dump)
    path.write_bytes(raw)
    try:
        try:
            loader_for(rel)()
            broken = None
            event("loads")
        except DataError as e:  # anything else fails the test: a raw error
            broken = str(e)
            # the file it was reading, or the one a broken cross-file reference came from
            assert rel in Path(e.path).as_posix() or rel in broken, (rel, broken)
            assert "expected" in broken
            event("DataError")
        if full or data.draw(st.integers(0, 11), label="validate all") == 0:
            errors = all_errors()
            if broken:
                assert any(rel in err for err in errors), (rel, broken, errors)
            # only the damaged file is blamed (an i18n catalogue: or its other-language
            # twin, which now misses or has extra keys)
            for err in errors:
                assert rel in err or twin(rel) in err, (rel, err)
        assert path.read_bytes() == raw  # validating never rewrites a file
    finally:
        path.write_bytes(original)


@pytest.mark.parametrize("rel", DATA_FILES)
@CI_DATA
@given(data=st.data())
def test_damaged_data_file_gives_data_error_naming_it(data_copy, rel, data):
    check_damaged_data(data_copy, rel, data, full=False)


@pytest.mark.slow
@pytest.mark.parametrize("rel", DATA_FILES)
@SLOW
@given(data=st.data())
def test_damaged_data_file_gives_data_error_naming_it_soak(data_copy, rel, data):
    check_damaged_data(data_copy, rel, data, full=True)


@pytest.mark.parametrize("rel", DATA_FILES)
def test_validate_data_command_names_each_damaged_file(tmp_path, monkeypatch, capsys, rel):
    """`main.py validate-data` (in-process; one subprocess run below): exit 1, one line per
    problem, the damaged file named, no traceback."""
    folder = tmp_path / "data"
    shutil.copytree(data_path(), folder)
    f = folder / rel
    f.write_bytes(f.read_bytes()[: len(f.read_bytes()) // 2] + b"\n: [unclosed\n")
    monkeypatch.setenv("BOARDGAME_DATA", str(folder))
    assert main.main(["validate-data"]) == 1
    err = capsys.readouterr().err
    assert rel in err and "Traceback" not in err


@pytest.mark.parametrize("gid", ["gwt_el_paso", "gwt_argentina"])
def test_a_trail_position_that_is_not_a_number_is_a_data_error(tmp_path, monkeypatch, gid):
    """Found by the slow soak: a position quoted with a byte-order mark in front ("\ufeff64.9")
    was handed to float() and raised a raw ValueError."""
    folder = tmp_path / "data"
    shutil.copytree(data_path(), folder)
    board = folder / gid / "board.yaml"
    text = board.read_text("utf-8")
    start = text.index("pos: [", text.index("trail:")) + len("pos: [")
    board.write_text(text[:start] + '"\ufeff0.5"' + text[text.index(",", start):], "utf-8")
    monkeypatch.setenv("BOARDGAME_DATA", str(folder))
    with pytest.raises(DataError) as e:
        registry.get(gid).validate_data()
    assert f"{gid}/board.yaml" in Path(e.value.path).as_posix() and "a number from 0 to" in str(e.value)


@pytest.mark.parametrize("damage", [("id: shorthorn,", "id: shorthorns,"), ("  - {id: shorthorn,", "  # - {id: shorthorn,")])
def test_a_market_breed_broken_in_components_names_that_file(tmp_path, monkeypatch, damage):
    """Found by the slow soak: GWT: El Paso's cattle market (board.yaml) lists the market
    breeds of components.yaml; with one renamed there, only board.yaml was named."""
    folder = tmp_path / "data"
    shutil.copytree(data_path(), folder)
    comp = folder / "gwt_el_paso" / "components.yaml"
    text = comp.read_text("utf-8")
    assert damage[0] in text
    comp.write_text(text.replace(damage[0], damage[1], 1), "utf-8")
    monkeypatch.setenv("BOARDGAME_DATA", str(folder))
    with pytest.raises(DataError) as e:
        registry.get("gwt_el_paso").validate_data()
    assert "gwt_el_paso/components.yaml" in str(e.value) and "gwt_el_paso/board.yaml" in str(e.value)


def test_a_legends_character_renamed_is_a_data_error_naming_boards(tmp_path, monkeypatch):
    """Found by the slow soak: Moon River's check that the Legends boards are the characters
    the new-game screen offers built its DataError wrongly (a raw TypeError)."""
    folder = tmp_path / "data"
    shutil.copytree(data_path(), folder)
    boards = folder / "moon_river" / "boards.yaml"
    boards.write_text(boards.read_text("utf-8").replace("{id: mary,", "{id: maria,", 1), "utf-8")
    monkeypatch.setenv("BOARDGAME_DATA", str(folder))
    with pytest.raises(DataError) as e:
        registry.get("moon_river").validate_data()
    assert "moon_river/boards.yaml" in Path(e.value.path).as_posix() and "maria" in str(e.value)


@pytest.mark.parametrize("rel,old,new,named", [
    ("moon_river/components.yaml", 'depth: {"2": 10, "3": 5, "4": 5}', "depth: {}", "moon_river/components.yaml"),
    ("moon_river/components.yaml", 'rancheros_per_player: {"2": 2,', 'rancheros_per_player: {"two": 2,',
     "moon_river/components.yaml"),
    ("moon_river/components.yaml", "id: meadow", "id: meadows", "moon_river/squares.yaml"),
])
def test_moon_river_components_broken_name_the_files(tmp_path, monkeypatch, rel, old, new, named):
    """Found by the slow soak: an empty or misspelt player-count table raised a raw
    ValueError, and a terrain renamed in components.yaml named only squares.yaml."""
    from games.moon_river import model, rules
    assert model.PLAYER_COUNTS == tuple(str(n) for n in range(rules.INFO.min_players, rules.INFO.max_players + 1))
    folder = tmp_path / "data"
    shutil.copytree(data_path(), folder)
    f = folder / rel
    text = f.read_text("utf-8")
    assert old in text
    f.write_text(text.replace(old, new, 1), "utf-8")
    monkeypatch.setenv("BOARDGAME_DATA", str(folder))
    with pytest.raises(DataError) as e:
        registry.get("moon_river").validate_data()
    assert named in Path(e.value.path).as_posix() and rel in str(e.value)


def test_a_trading_post_sue_names_broken_in_board_names_both_files(tmp_path, monkeypatch):
    """Found by the slow soak: Sue's posts (sue.yaml) are board.yaml's trading posts; with
    one renumbered there, only sue.yaml was named."""
    folder = tmp_path / "data"
    shutil.copytree(data_path(), folder)
    sue = (folder / "gwt_el_paso" / "sue.yaml").read_text("utf-8")
    post = next(line for line in sue.splitlines() if line.startswith("setup_disc_post:")).split(":")[1].split("#")[0].strip()
    board = folder / "gwt_el_paso" / "board.yaml"
    text = board.read_text("utf-8")
    assert f"value: {post}," in text
    board.write_text(text.replace(f"value: {post},", f"value: {int(post) + 1},", 1), "utf-8")
    monkeypatch.setenv("BOARDGAME_DATA", str(folder))
    with pytest.raises(DataError) as e:
        registry.get("gwt_el_paso").validate_data()
    assert "gwt_el_paso/board.yaml" in str(e.value), str(e.value)


def test_validate_data_subprocess_reports_yaml_python_cannot_build(tmp_path):
    """A value PyYAML turns into a plain Python error (an impossible date) is still one line."""
    import subprocess
    import sys
    folder = tmp_path / "data"
    shutil.copytree(data_path(), folder)
    victims = [r for r in DATA_FILES if r.split("/")[0] in GAMES]
    for rel in victims[:: max(1, len(victims) // 3)]:
        f = folder / rel
        f.write_bytes(f.read_bytes() + b"\nzz_broken: 2020-13-45\n")
    env = {**__import__("os").environ, "BOARDGAME_DATA": str(folder), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    r = subprocess.run([sys.executable, "main.py", "validate-data"], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 1 and "Traceback" not in r.stderr, r.stderr
    for rel in victims[:: max(1, len(victims) // 3)]:
        assert rel in r.stderr


# --- save files -------------------------------------------------------------------------
def _good_save(gid) -> bytes:
    rules = registry.get(gid)
    n = rules.INFO.min_players
    seats = [Seat("Anna", "human", 0)] + [Seat(f"Bot {i}", "bot:easy", i) for i in range(1, n)]
    m = Match(rules, Config(seats, 7))
    while not m.is_over() and m.ply < 24:
        m.apply(m.bot_action(m.to_act()[0]))
    return json.dumps(saves.to_dict(m), separators=(",", ":")).encode("utf-8")


GOOD_SAVES = {gid: _good_save(gid) for gid in GAMES}


@pytest.fixture(scope="module")
def save_app(tmp_path_factory):
    """One headless app for the module; its home (saves, settings, logs) is a temp folder."""
    home = tmp_path_factory.mktemp("bad-saves-home")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("BOARDGAME_HOME", str(home))
        from ui.app import App
        app = App((1280, 720), lang="en")
        app.anim_speed, app.bot_delay = 0, 0
        yield app
        pygame.quit()


def _clear(folder: Path):
    for p in folder.iterdir():
        if p.is_file():
            p.unlink()


def check_damaged_save(app, gid, data):
    from ui import userdirs
    from ui.scenes.menu import MainMenu
    from ui.scenes.play import PlayScene
    from ui.scenes.saving import LoadScene
    folder = userdirs.saves_dir()
    _clear(folder)
    raw = mutate_bytes(data, GOOD_SAVES[gid], "json", lambda b: json.loads(b),
                       lambda d: json.dumps(d, separators=(",", ":")))
    path = folder / "victim.json"
    path.write_bytes(raw)

    # the loader: a Match or SaveError naming the file, nothing else
    for attempt in (saves.summary, saves.load):
        try:
            attempt(path)
            event(f"{attempt.__name__}: ok")
        except SaveError as e:
            assert "victim.json" in str(e)
            event(f"{attempt.__name__}: " + str(e).split(":")[1].split("(")[0].strip())
    assert path.read_bytes() == raw

    # the load screen lists it (or says why not) and opening it plays or explains
    app.use_settings = False
    app.reset_to(MainMenu(app))
    app.push(LoadScene(app))
    app.draw()
    scene = app.top
    assert [p.name for p, _, _ in scene.entries] == ["victim.json"]
    app.step(0.02, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=scene.row_rect(0).center, button=1)])
    for _ in range(3):
        app.step(0.1, [])
    assert path.read_bytes() == raw
    if isinstance(app.top, PlayScene):
        app.top.show_log = True
        app.draw()

    # the same bytes as the autosave: the menu offers Continue or explains, never deletes
    _clear(folder)
    auto = userdirs.autosave_path()
    auto.write_bytes(raw)
    app.use_settings = True  # as the real app: the menu looks for the autosave
    try:
        app.reset_to(MainMenu(app))
        app.draw()
        menu = app.top
        if menu.resumable is not None:
            menu.resume()
            app.draw()
        assert auto.read_bytes() == raw
        assert sorted(p.name for p in folder.iterdir()) == ["autosave.json"]
    finally:
        app.use_settings = False


@pytest.mark.parametrize("gid", GAMES)
@CI
@given(data=st.data())
def test_damaged_save_gives_save_error_and_stays_untouched(save_app, gid, data):
    check_damaged_save(save_app, gid, data)


@pytest.mark.slow
@pytest.mark.parametrize("gid", GAMES)
@SLOW
@given(data=st.data())
def test_damaged_save_gives_save_error_and_stays_untouched_soak(save_app, gid, data):
    check_damaged_save(save_app, gid, data)


SAVE_CASES = {
    "seats not a list": lambda d: d["config"].update(seats=5),
    "options a list": lambda d: d["config"].update(options=["loot"]),
    "seed infinite": lambda d: d["config"].update(seed="@@INF@@"),
    "seed not a number": lambda d: d["config"].update(seed="@@NAN@@"),
    "colour infinite": lambda d: d["config"]["seats"][0].update(colour="@@INF@@"),
    "seed of 5000 digits": lambda d: d["config"].update(seed=HUGE),
    "ply of 5000 digits": lambda d: d.update(ply=HUGE),
    "format 4": lambda d: d.update(format=4),   # newer than the table writes
    "format 0": lambda d: d.update(format=0),
    "format 1.5": lambda d: d.update(format=1.5),
    "format true": lambda d: d.update(format=True),
    "no format": lambda d: d.pop("format"),
    "no config": lambda d: d.pop("config"),
    "no actions": lambda d: d.pop("actions"),
    "no game": lambda d: d.pop("game"),
    "action seat -1": lambda d: d["actions"].append("-1 leave"),
    "action seat --1": lambda d: d["actions"].append("--1 leave"),
    "action seat ²": lambda d: d["actions"].append("² leave"),
    "action seat huge": lambda d: d["actions"].append(f"{10 ** 40} leave"),
    "action not text": lambda d: d["actions"].append({"seat": 0}),
    "seat not a mapping": lambda d: d["config"]["seats"].__setitem__(0, "Anna"),
    "seat kind unknown": lambda d: d["config"]["seats"][0].update(kind="bot:godlike"),
    "option unknown": lambda d: d["config"].update(options={"nope": "1"}),
    "snapshot a list": lambda d: d.update(snapshot=[1, 2]),
    "other data version": lambda d: (d.update(data_version="0"), d["snapshot"].update(zz=1)),
}


@pytest.mark.parametrize("gid", GAMES)
@pytest.mark.parametrize("case", sorted(SAVE_CASES))
def test_named_bad_saves(tmp_path, gid, case):
    """Fixed cases beside the random ones (see also BAD in test_saves_undo.py)."""
    doc = json.loads(GOOD_SAVES[gid])
    SAVE_CASES[case](doc)
    text = json.dumps(doc)
    for sentinel, literal in RAW["json"].items():
        text = text.replace(f'"{sentinel}"', literal)
    path = tmp_path / "case.json"
    path.write_text(text, encoding="utf-8")
    before = path.read_bytes()
    try:
        saves.summary(path)
    except SaveError as e:
        assert "case.json" in str(e)
    with pytest.raises(SaveError) as e:
        saves.load(path)
    assert "case.json" in str(e.value)
    assert path.read_bytes() == before
