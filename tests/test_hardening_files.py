"""Nothing a file can do stops the table: settings, data files and translations.

Settings: whatever settings.json holds (any JSON value, any type in any field, numbers
that are huge, negative, NaN or infinite, nesting a thousand deep, a huge file, bytes
that are not UTF-8) or whatever it is (a FIFO, a link to /dev/zero, a folder, an
unreadable file), load() returns settings within range and never raises; the valid
fields are kept, the player gets a message, the bytes read are kept as
settings.json.bad, and the file itself is never changed. An App starts with it.

Data: only regular files of bounded size are read; a key given twice in one mapping is
a data error naming file, line and key; a catalogue text whose placeholders cannot
format is a data error naming file and key, and Translator never raises on a text.

Each loader call that could block runs in a thread with a timeout, so a regression
fails instead of hanging. The property tests run a bounded number of derandomized
examples by default; the slow marker runs many more:
    .venv/bin/python -m pytest -m slow tests/test_hardening_files.py
"""
import json
import math
import os
import shutil
import string
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from games.core import data as data_mod
from games.core import i18n, safefile
from games.core.data import data_path, load_yaml
from games.core.errors import DataError
from games.core.validate import validate_all
from ui import settings as settings_mod

ROOT = Path(__file__).resolve().parent.parent
POSIX = pytest.mark.skipif(os.name != "posix", reason="FIFOs and /dev/zero are POSIX")
_HEALTH = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture,
           HealthCheck.filter_too_much]
CI = settings(max_examples=80, deadline=None, derandomize=True, database=None, suppress_health_check=_HEALTH)
CI_APP = settings(max_examples=6, deadline=None, derandomize=True, database=None, suppress_health_check=_HEALTH)
SLOW = settings(max_examples=3000, deadline=None, database=None, suppress_health_check=_HEALTH)
SLOW_APP = settings(max_examples=150, deadline=None, database=None, suppress_health_check=_HEALTH)


def bounded(fn, timeout: float = 30.0):
    """fn() in a daemon thread; fails (instead of hanging the run) if it does not return."""
    box = {}

    def run():
        try:
            box["value"] = fn()
        except BaseException as e:  # noqa: BLE001 - handed back to the caller
            box["error"] = e

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(timeout)
    assert not t.is_alive(), f"{fn} still running after {timeout} s"
    if "error" in box:
        raise box["error"]
    return box.get("value")


# ======================================================================================
# Settings
# ======================================================================================
GOOD = {"language": "ru", "window": [1600, 900], "fullscreen": True, "ui_scale": 1.15,
        "anim_speed": 0.5, "bot_pace": 1.2, "think": "deep", "palette": "classic", "sound": False,
        "volume": 0.25}
FIELDS = list(GOOD)


def in_range(s: settings_mod.Settings) -> None:
    """Every field holds a value the app understands (and normalising changes nothing)."""
    S = settings_mod
    assert s.language in i18n.LANGUAGES
    assert s.window == (0, 0) or (isinstance(s.window, tuple) and len(s.window) == 2
                                  and all(type(v) is int for v in s.window)
                                  and 320 <= s.window[0] <= 7680 and 240 <= s.window[1] <= 4320)
    assert type(s.fullscreen) is bool and type(s.sound) is bool
    assert s.ui_scale in S.UI_SCALES and s.anim_speed in S.ANIM_SPEEDS and s.bot_pace in S.BOT_PACES
    assert s.palette in S.PALETTES and s.think in S.THINKS
    assert isinstance(s.volume, float) and 0.0 <= s.volume <= 1.0
    assert s.normalised() == s


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDGAME_HOME", str(tmp_path))
    return tmp_path


def load_file(raw: bytes):
    """Write raw as settings.json, load it (bounded), check what always holds; returns
    (settings, message, .bad path)."""
    p = settings_mod.path()
    bad = p.with_name("settings.json.bad")
    if bad.exists():
        bad.unlink()
    p.write_bytes(raw)
    s, msg = bounded(settings_mod.load)
    in_range(s)
    assert p.read_bytes() == raw  # loading never changes the file
    if msg:
        assert "settings" in msg
        assert bad.read_bytes() == raw[: settings_mod.MAX_BYTES]
    else:
        assert not bad.exists()
    return s, msg, bad


def test_good_file_loads_as_saved(home):
    s, msg, _ = load_file(json.dumps(GOOD).encode())
    assert msg is None
    assert s == settings_mod.Settings(**{**GOOD, "window": (1600, 900)})


def test_infinite_window_keeps_the_rest(home):
    s, msg, bad = load_file(b'{"window": [1e999, 720], "volume": 0.25, "palette": "classic"}')
    assert s.window == (0, 0) and s.volume == 0.25 and s.palette == "classic"
    assert "window" in msg and str(bad) in msg


@pytest.mark.parametrize("raw", [
    b"[" * 1000 + b"]" * 1000,
    b'{"a":' * 1000 + b"1" + b"}" * 1000,
    b'{"window": ' + b"[" * 5000 + b"]" * 5000 + b"}",
    b"[" * 30000 + b"]" * 30000,  # near the size limit
], ids=["list", "object", "in-a-field", "30000"])
def test_deep_nesting(home, raw):
    s, msg, _ = load_file(raw)
    assert msg and s == settings_mod.Settings().normalised()


@pytest.mark.parametrize("literal", ["NaN", "Infinity", "-Infinity", "1e999", "-1e999"])
@pytest.mark.parametrize("field", ["ui_scale", "anim_speed", "bot_pace", "volume"])
def test_non_finite_numbers(home, field, literal):
    doc = json.dumps({**GOOD, field: "@@"}).replace('"@@"', literal)
    s, msg, _ = load_file(doc.encode())
    assert msg and field in msg
    assert getattr(s, field) == getattr(settings_mod.Settings(), field)
    assert s.palette == "classic" and s.window == (1600, 900)  # the valid part kept


WRONG = [None, True, 0, -1, 10 ** 400, 1e308, -1e308, "x", "", "9" * 3000, [], [1280], [1280, 720, 1],
         {"w": 1280}, [[1280, 720]], ["1280", "720"], [1280.5, 720], [-1280, -720], [10 ** 30, 720]]


RIGHT = [("language", ""), ("anim_speed", 0), ("volume", 0)]  # "" = the system's language, 0 = off


@pytest.mark.parametrize("field", FIELDS)
def test_every_field_of_a_wrong_type(home, field):
    for value in WRONG:
        if (field in ("fullscreen", "sound") and isinstance(value, bool)) or (field, value) in RIGHT:
            continue
        s, msg, _ = load_file(json.dumps({**GOOD, field: value}).encode())
        assert msg and field in msg, (field, value)
        others = [f for f in FIELDS if f != field]
        assert msg.split(" not understood")[0] == f"settings: {field}", (value, msg)
        expected = settings_mod.Settings(**{**GOOD, "window": (1600, 900)})
        for f in others:
            assert getattr(s, f) == getattr(expected, f), (field, value, f)


def test_out_of_range_numbers_are_clamped_and_named(home):
    s, msg, _ = load_file(json.dumps({**GOOD, "volume": 7, "ui_scale": -3, "bot_pace": 10 ** 6}).encode())
    assert (s.volume, s.ui_scale, s.bot_pace) == (1.0, 0.9, 1.2)
    assert all(k in msg for k in ("volume", "ui_scale", "bot_pace"))


def test_steps_between_allowed_values_snap_silently(home):
    s, msg, _ = load_file(json.dumps({**GOOD, "ui_scale": 1.1, "window": [1600.0, 900], "volume": 1}).encode())
    assert msg is None and s.ui_scale == 1.15 and s.window == (1600, 900) and s.volume == 1.0


def test_missing_and_unknown_keys_are_fine(home):
    s, msg, _ = load_file(b'{"volume": 0.5, "from_a_later_version": [1, 2]}')
    assert msg is None and s.volume == 0.5


@pytest.mark.parametrize("raw", [b"", b"null", b"0", b'"text"', b"[1, 2]", b"{not json", b"\xff\xfe{}",
                                 b'{"window": [' + b"9" * 5000 + b", 720]}",
                                 '{"volume": 0.5}'.encode("utf-16"), '{"language": "ру"}'.encode("cp1251")])
def test_unusable_files_give_the_defaults(home, raw):
    s, msg, _ = load_file(raw)
    assert msg and s == settings_mod.Settings().normalised()


def test_byte_order_mark_is_accepted(home):
    s, msg, _ = load_file(b"\xef\xbb\xbf" + json.dumps(GOOD).encode())
    assert msg is None and s.palette == "classic"


def test_duplicate_key_trusts_neither_value(home):
    s, msg, _ = load_file(b'{"volume": 0.25, "palette": "classic", "volume": 0.5}')
    assert "volume" in msg and s.volume == 0.7 and s.palette == "classic"


def test_huge_file_is_read_bounded(home):
    p = settings_mod.path()
    p.parent.mkdir(parents=True, exist_ok=True)
    with open(p, "wb") as f:  # a 1 GB file, sparse: only the head is ever read
        f.write(b'{"volume": 0.5, "pad": "')
        f.truncate(1 << 30)
    s, msg = bounded(settings_mod.load)
    bad = p.with_name("settings.json.bad")
    assert msg and "64 KB" in msg and s == settings_mod.Settings().normalised()
    assert bad.stat().st_size == settings_mod.MAX_BYTES and p.stat().st_size == 1 << 30


@POSIX
@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "folder", "link-to-folder"])
def test_settings_that_are_not_regular_files(home, kind):
    p = settings_mod.path()
    p.parent.mkdir(parents=True, exist_ok=True)
    if kind == "fifo":
        os.mkfifo(p)
    elif kind == "dev-zero":
        os.symlink("/dev/zero", p)
    elif kind == "folder":
        p.mkdir()
    else:
        (home / "elsewhere").mkdir()
        os.symlink(home / "elsewhere", p)
    s, msg = bounded(settings_mod.load, timeout=10)
    assert msg and "not a regular file" in msg and s == settings_mod.Settings().normalised()
    assert not p.with_name("settings.json.bad").exists()  # nothing was read, nothing copied
    assert bounded(lambda: settings_mod.save(s), timeout=10) is None or kind in ("folder", "link-to-folder")


@POSIX
def test_dangling_link_is_a_first_start(home):
    p = settings_mod.path()
    p.parent.mkdir(parents=True, exist_ok=True)
    os.symlink(home / "nowhere", p)
    assert bounded(settings_mod.load) == (settings_mod.Settings().normalised(), None)


def test_unreadable_file(home, monkeypatch):
    settings_mod.path().write_text(json.dumps(GOOD))

    def refuse(path, n):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(safefile, "read_head", refuse)
    s, msg = settings_mod.load()
    assert "Permission denied" in msg and s == settings_mod.Settings().normalised()


@POSIX
@pytest.mark.parametrize("kind", ["fifo", "folder"])
def test_bad_copy_slot_taken_by_something_odd(home, kind):
    p = settings_mod.path()
    p.parent.mkdir(parents=True, exist_ok=True)
    bad = p.with_name("settings.json.bad")
    os.mkfifo(bad) if kind == "fifo" else bad.mkdir()
    p.write_bytes(b"{broken")
    s, msg = bounded(settings_mod.load, timeout=10)
    assert msg and s == settings_mod.Settings().normalised()
    if kind == "fifo":  # replaced by a regular file, never written through
        assert bad.read_bytes() == b"{broken"
    else:
        assert "no copy kept" in msg


def test_load_never_raises_even_without_a_config_folder(home, monkeypatch):
    def broken():
        raise RuntimeError("no folder")

    monkeypatch.setattr(settings_mod, "path", broken)
    s, msg = settings_mod.load()
    assert msg and s == settings_mod.Settings().normalised()


class _Hostile:
    """A value whose every comparison and conversion raises."""

    def __eq__(self, other):
        raise RuntimeError("eq")

    __hash__ = object.__hash__

    def __float__(self):
        raise RuntimeError("float")

    def __iter__(self):
        raise RuntimeError("iter")

    def __len__(self):
        raise RuntimeError("len")


ANY_VALUE = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(-(10 ** 500), 10 ** 500), st.floats(),
    st.text(max_size=20), st.binary(max_size=8), st.sampled_from(["en", "ru", "", "classic", "okabe_ito"]),
    st.lists(st.one_of(st.integers(), st.floats(), st.text(max_size=3)), max_size=4),
    st.tuples(st.integers(), st.integers()), st.tuples(st.floats(), st.floats()),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.builds(_Hostile), st.builds(object), st.sampled_from([math.nan, math.inf, -math.inf, 1e999, -0.0]),
)


@CI
@given(st.fixed_dictionaries({f: ANY_VALUE for f in FIELDS}))
def test_normalised_never_raises(values):
    s = settings_mod.Settings(**values).normalised()
    in_range(s)


@pytest.mark.parametrize("field", FIELDS)
def test_normalised_survives_hostile_values(field):
    in_range(settings_mod.Settings(**{field: _Hostile()}).normalised())


def test_save_writes_normalised_values(home):
    s = settings_mod.Settings(volume=math.nan, window=(1e999, 5), ui_scale=1.3)
    assert settings_mod.save(s) is None
    back, msg = settings_mod.load()
    assert msg is None and back.volume == 0.7 and back.window == (0, 0) and back.ui_scale == 1.3


# --- property: mutated settings files ----------------------------------------------------
# text sentinels replaced in the dumped JSON by what json.dumps cannot write itself
SENTINELS = {"@@E999@@": "1e999", "@@NE999@@": "-1e999", "@@HUGE@@": "9" * 5000,
             "@@DEEP@@": "[" * 1200 + "]" * 1200, "@@DEEPOBJ@@": '{"a":' * 600 + "1" + "}" * 600,
             "@@SHALLOW@@": "[" * 50 + "1280, 720" + "]" * 50}
SETTING_VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-(2 ** 70), 2 ** 70), st.floats(),
    st.sampled_from([0, -1, 1, 0.5, 2, 7680, 4320, 320, 240, 10 ** 30, -(10 ** 30), 1e300, 1.15]),
    st.text(max_size=12), st.text(min_size=2000, max_size=5000).map(lambda t: t[:5000]),
    st.sampled_from(["en", "ru", "classic", "okabe_ito", "de", ""] + sorted(SENTINELS)),
    st.lists(st.one_of(st.integers(-10 ** 5, 10 ** 5), st.floats(), st.text(max_size=3)), max_size=3),
    st.dictionaries(st.text(max_size=4), st.integers(), max_size=2),
)
VALID = {"language": ["en", "ru", ""], "window": [[0, 0], [320, 240], [7680, 4320], [1280.0, 720]],
         "fullscreen": [True, False], "ui_scale": [0.9, 1, 1.2, 1.3], "anim_speed": [0, 0.5, 2, 1.7],
         "bot_pace": [0.15, 0.6, 1.2, 1], "palette": ["okabe_ito", "classic"], "sound": [True, False],
         "volume": [0, 1, 0.5, 0.33], "think": ["quick", "normal", "deep"]}
ENCODINGS = ["utf-8"] * 8 + ["utf-8-sig", "utf-16", "utf-16-le", "utf-32", "latin-1", "cp1251"]


@st.composite
def settings_bytes(draw):
    """A damaged copy of a good settings file."""
    doc = dict(GOOD)
    for _ in range(draw(st.integers(0, 4))):
        if not isinstance(doc, dict):
            break
        op = draw(st.sampled_from(["valid", "valid", "replace", "replace", "delete", "rename", "add", "whole"]))
        key = draw(st.sampled_from(FIELDS))
        if op == "valid":  # another value the file may hold
            doc[key] = draw(st.sampled_from(VALID[key]))
        elif op == "replace":
            doc[key] = draw(SETTING_VALUES)
        elif op == "delete":
            doc.pop(key, None)
        elif op == "rename" and key in doc:
            doc[draw(st.sampled_from(FIELDS + ["Language", "volume ", "", "x"]))] = doc.pop(key)
        elif op == "add":
            doc[draw(st.text(max_size=6))] = draw(SETTING_VALUES)
        elif op == "whole":
            doc = draw(SETTING_VALUES)
    text = json.dumps(doc, indent=draw(st.sampled_from([None, 2])), ensure_ascii=draw(st.booleans()))
    for sentinel, literal in SENTINELS.items():
        text = text.replace(f'"{sentinel}"', literal)
    if draw(st.integers(0, 4)) == 0 and text.startswith("{"):  # a key given twice
        key = draw(st.sampled_from(FIELDS))
        text = "{" + json.dumps(key) + ": " + json.dumps(draw(SETTING_VALUES)) + ("," if len(text) > 2 else "") \
            + text[1:]
    raw = text.encode(draw(st.sampled_from(ENCODINGS)), errors="replace")
    how = draw(st.sampled_from(["none"] * 5 + ["truncate", "flip", "insert"]))
    if how == "truncate":
        raw = raw[: draw(st.integers(0, max(0, len(raw) - 1)))]
    elif how == "flip" and raw:
        b = bytearray(raw)
        for _ in range(draw(st.integers(1, 4))):
            b[draw(st.integers(0, len(b) - 1))] ^= draw(st.integers(1, 255))
        raw = bytes(b)
    elif how == "insert":
        i = draw(st.integers(0, len(raw)))
        raw = raw[:i] + draw(st.one_of(st.binary(min_size=1, max_size=6),
                                       st.sampled_from([b"\xff", b"\xef\xbb\xbf", b"\x00", b"[[[", b"}", b",",
                                                        b"NaN", b"1e999", b'"volume": 2,']))) + raw[i:]
    return raw


def check_settings_bytes(raw: bytes):
    s, msg, _ = load_file(raw)
    event("message" if msg else "clean")
    if msg is None:  # a clean load is UTF-8 JSON object
        assert isinstance(json.loads(raw.decode("utf-8-sig")), dict)


@pytest.fixture(scope="module")
def settings_home(tmp_path_factory):
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("BOARDGAME_HOME", str(tmp_path_factory.mktemp("settings-home")))
        yield


@CI
@given(settings_bytes())
def test_mutated_settings_files(settings_home, raw):
    check_settings_bytes(raw)


@pytest.mark.slow
@SLOW
@given(settings_bytes())
def test_mutated_settings_files_soak(settings_home, raw):
    check_settings_bytes(raw)


def check_app_starts(raw: bytes):
    import pygame

    from ui.app import App
    p = settings_mod.path()
    p.write_bytes(raw)
    _, msg = settings_mod.load()
    app = App(use_settings=True)  # (it may write the settings back, normalised: fullscreen does)
    try:
        in_range(app.settings)
        app.draw()
        shown = [m[0] for m in app.messages]
        if msg:
            assert msg in shown
            assert p.with_name("settings.json.bad").read_bytes() == raw[: settings_mod.MAX_BYTES]
    finally:
        pygame.quit()


@CI_APP
@given(settings_bytes())
def test_app_starts_with_mutated_settings(settings_home, raw):
    check_app_starts(raw)


@pytest.mark.slow
@SLOW_APP
@given(settings_bytes())
def test_app_starts_with_mutated_settings_soak(settings_home, raw):
    check_app_starts(raw)


@pytest.mark.parametrize("raw", [b'{"window": [1e999, 720]}', b"[" * 1000 + b"]" * 1000,
                                 b'{"window": [7680, 4320], "ui_scale": NaN}'])
def test_app_starts_with_the_reported_files(home, raw):
    check_app_starts(raw)


# ======================================================================================
# Data files
# ======================================================================================
@pytest.fixture
def data_copy(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    shutil.copytree(data_path(), folder)
    monkeypatch.setenv("BOARDGAME_DATA", str(folder))
    i18n.catalogue.cache_clear()
    yield folder
    i18n.catalogue.cache_clear()


def test_biggest_data_file_is_far_below_the_limit():
    biggest = max(p.stat().st_size for p in data_path().rglob("*.yaml"))
    assert biggest * 10 < data_mod.MAX_DATA_BYTES


@POSIX
@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "folder"])
def test_data_file_that_is_not_a_regular_file(data_copy, kind):
    from games.el_paso import model
    f = data_copy / "el_paso" / "components.yaml"
    f.unlink()
    if kind == "fifo":
        os.mkfifo(f)
    elif kind == "dev-zero":
        os.symlink("/dev/zero", f)
    else:
        f.mkdir()
    with pytest.raises(DataError) as e:
        bounded(lambda: model.load(data_copy / "el_paso"), timeout=10)
    assert "components.yaml" in e.value.path and "regular file" in str(e.value)


def test_oversized_data_file(data_copy):
    f = data_copy / "el_paso" / "board.yaml"
    with open(f, "ab") as out:
        out.truncate(data_mod.MAX_DATA_BYTES + 1)
    with pytest.raises(DataError) as e:
        bounded(lambda: load_yaml(f))
    assert "board.yaml" in str(e.value) and "too large" in str(e.value)


def test_data_file_that_cannot_be_read(data_copy, monkeypatch):
    def refuse(path, n):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(safefile, "read_bytes", refuse)
    with pytest.raises(DataError) as e:
        load_yaml(data_copy / "el_paso" / "board.yaml")
    assert "board.yaml" in str(e.value) and "Permission denied" in str(e.value)


# --- duplicate keys ----------------------------------------------------------------------
def _insert_after(path: Path, anchor: str, line: str) -> int:
    """Put `line` after the first line starting with `anchor`; returns its line number."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    i = next(n for n, text in enumerate(lines) if text.startswith(anchor))
    lines.insert(i + 1, line + "\n")
    path.write_text("".join(lines), encoding="utf-8")
    return i + 2


@pytest.mark.parametrize("anchor,line,key", [
    ("hand_size: 6", "hand_size: 1", "hand_size"),              # top level
    ("    loot: [1, 2, 3, 4, 4, 5]", "    loot: [9, 9, 9, 9, 9, 9]", "loot"),  # a mapping in a list
    ("  count: 5", "  count: 2", "count"),                         # a nested mapping
    ("  - id: bank", '    "id": vault', "id"),                   # the same key quoted
])
def test_duplicate_key_names_file_line_and_key(data_copy, anchor, line, key):
    from games.el_paso import model
    f = data_copy / "el_paso" / "components.yaml"
    first = next(n for n, t in enumerate(f.read_text().splitlines(), 1) if t.startswith(anchor))
    at = _insert_after(f, anchor, line)
    with pytest.raises(DataError) as e:
        model.load(data_copy / "el_paso")
    msg = str(e.value)
    assert "components.yaml" in e.value.path
    assert f"line {at}," in msg and repr(key) in msg and f"first given on line {first}" in msg


def test_duplicate_key_in_a_catalogue(data_copy):
    f = data_copy / "i18n" / "en.yaml"
    at = _insert_after(f, "play.bot_thinking:", 'play.bot_thinking: "{seat} dozes"')
    with pytest.raises(DataError) as e:
        i18n.load_catalogue("en")
    assert "i18n/en.yaml" in Path(e.value.path).as_posix() and f"line {at}," in str(e.value)
    assert "play.bot_thinking" in str(e.value)


def test_same_key_in_different_mappings_is_fine(tmp_path):
    f = tmp_path / "ok.yaml"
    f.write_text("a: {x: 1}\nb: {x: 2}\nc: [{x: 1}, {x: 2}]\n1: one\n'1': text one\n")
    assert load_yaml(f).value == {"a": {"x": 1}, "b": {"x": 2}, "c": [{"x": 1}, {"x": 2}], 1: "one",
                                  "1": "text one"}


@pytest.mark.parametrize("text,line,key", [
    ("a: 1\nb: 2\na: 3\n", 3, "'a'"),
    ("a:\n  b: 1\n  c: 2\n  b: 3\n", 4, "'b'"),
    ("- {x: 1, y: 2, x: 3}\n", 1, "'x'"),
    ("1: a\n0x1: b\n", 2, "1"),                       # the same number written two ways
    ("? [1, 2]\n: a\n? [1, 2]\n: b\n", None, None),  # an unhashable key: refused anyway
    ("s: !!set {a, b, a}\n", 1, "'a'"),
])
def test_duplicate_keys_in_any_mapping(tmp_path, text, line, key):
    f = tmp_path / "dup.yaml"
    f.write_text(text)
    with pytest.raises(DataError) as e:
        load_yaml(f)
    assert "dup.yaml" in str(e.value)
    if line:
        assert f"line {line}," in str(e.value) and f"found {key}" in str(e.value)


def test_merge_keys_still_override(tmp_path):
    f = tmp_path / "merge.yaml"
    f.write_text("base: &b {x: 1, y: 2}\nd:\n  <<: *b\n  x: 5\ne:\n  <<: [*b, {z: 3}]\n")
    assert load_yaml(f).value == {"base": {"x": 1, "y": 2}, "d": {"x": 5, "y": 2}, "e": {"x": 1, "y": 2, "z": 3}}


def test_pure_python_loader_checks_duplicates_too(tmp_path, monkeypatch):
    """Where PyYAML has no libyaml, the same check runs on the pure-Python loader."""
    import yaml
    f = tmp_path / "dup.yaml"
    f.write_text("a: 1\nb: {<<: {c: 1}, c: 2}\na: 2\n")
    monkeypatch.setattr(data_mod, "_SAFE_LOADER", type("Pure", (data_mod.UniqueKeys, yaml.SafeLoader), {}))
    with pytest.raises(DataError, match="line 3, column 1.*first given on line 1"):
        load_yaml(f)


def test_validate_data_reports_duplicate_key(tmp_path):
    folder = tmp_path / "data"
    shutil.copytree(data_path(), folder)
    at = _insert_after(folder / "el_paso" / "components.yaml", "hand_size: 6", "hand_size: 1")
    env = {**os.environ, "BOARDGAME_DATA": str(folder), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    r = subprocess.run([sys.executable, "main.py", "validate-data"], cwd=ROOT, env=env, capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert "components.yaml" in r.stderr and f"line {at}," in r.stderr and "'hand_size'" in r.stderr


# --- translations ------------------------------------------------------------------------
BAD_TEXTS = ["{seat!z}", "{seat!}", "{seat!rr}", "{0}", "{}", "{seat.name}", "{seat[0]}", "{seat",
             "seat}", "{seat:d}", "{seat:,}", "{seat:=5}", "{seat:>99999}", "{seat:{n}}", "{ seat }",
             "{seat:>3}"]  # a bare spec fails on a list argument


def _replace_text(path: Path, key: str, text: str) -> None:
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    i = next(n for n, t in enumerate(lines) if t.startswith(key + ":"))
    lines[i] = f"{key}: {json.dumps(text, ensure_ascii=False)}\n"
    path.write_text("".join(lines), encoding="utf-8")


@pytest.mark.parametrize("bad", BAD_TEXTS)
def test_bad_placeholder_is_a_data_error_naming_file_and_key(data_copy, bad):
    _replace_text(data_copy / "i18n" / "en.yaml", "play.bot_thinking", f"{bad} is thinking…")
    with pytest.raises(DataError) as e:
        i18n.load_catalogue("en")
    assert Path(e.value.path).as_posix().endswith("i18n/en.yaml") and e.value.key_path == "play.bot_thinking"
    if bad not in ("{seat!z}", "{0}", "{seat", "{seat:>3}"):
        return  # the whole validation (about a second) for a few of them
    errors = validate_all()[1]
    assert any("i18n/en.yaml" in err and "play.bot_thinking" in err for err in errors), errors


def test_bad_placeholder_in_a_game_catalogue(data_copy):
    f = data_copy / "gwt_el_paso" / "i18n" / "ru.yaml"
    _replace_text(f, "event.gwt_arrive", "{seat!z} прибывает в {node}")
    errors = validate_all()[1]
    assert any("gwt_el_paso/i18n/ru.yaml" in err and "event.gwt_arrive" in err and "!z" in err
               for err in errors), errors


@pytest.mark.parametrize("good", ["{seat!s:>3}", "{seat!r}", "{seat!a:^12}", "{{literal}}", "{seat:}", "{сиденье}"])
def test_placeholders_that_format_pass(good):
    assert i18n.check_text("f.yaml", "k", good) == good


def test_validate_data_command_names_a_bad_placeholder(data_copy, capsys):
    import main
    _replace_text(data_copy / "i18n" / "en.yaml", "play.bot_thinking", "{seat!z} is thinking…")
    assert main.main(["validate-data"]) == 1
    err = capsys.readouterr().err
    assert "en.yaml" in err and "play.bot_thinking" in err and "Traceback" not in err


def test_translator_never_raises_on_a_damaged_text():
    t = i18n.Translator("en", ["Anna", "Bob"])
    t._cat = dict(t._cat)
    for n, bad in enumerate(BAD_TEXTS + ["{seat:>999999999}", "{seat.__class__}", "{seat!s:>999999999}"]):
        t._cat[f"zz.{n}"] = bad  # as if a catalogue had skipped its checks: shown raw
        assert t(f"zz.{n}", seat=1, n=2) == bad
    assert t("no.such.{key", seat=1) == "no.such.{key"  # a missing key shows as itself
    assert t("play.bot_thinking", seat=1) == "Bob is thinking…"


@CI
@given(text=st.text(alphabet="{}!:.[]0123sraz<>^=, x", max_size=16),
       args=st.dictionaries(st.sampled_from(["seat", "x", "n", "names"]),
                            st.one_of(st.integers(), st.text(max_size=3), st.lists(st.integers(), max_size=2),
                                      st.none()), max_size=3))
def test_translator_and_check_text_agree(text, args):
    """Any text: Translator returns a string; a text check_text passes formats with any arguments."""
    t = i18n.Translator("en", ["Anna"])
    t._cat = {**t._cat, "zz": text}
    out = t("zz", **args)
    assert isinstance(out, str)
    try:
        i18n.check_text("f.yaml", "zz", text)
    except DataError as e:
        assert e.key_path == "zz"
        assert out == text or not args  # a refused text is shown raw
        event("refused")
        return
    event("passed")
    names = {f for _, f, _, _ in string.Formatter().parse(text) if f is not None}
    for sample in ("word", 0, -3, [1, 2], None, 2.5):
        text.format_map({n: sample for n in names})


# --- property: mutated data files ---------------------------------------------------------
JUNK = ["{", "}", "{seat!z}", "{0}", "{}", "{seat.x}", "{seat[0]}", "{seat:d}", "{seat:>99999}", "{seat:{n}}",
        "{seat!}", "{{", "}}", "{seat!r}", "{seat:>3}", "{seat!s:^4}", "{n}", '"', "'", ": ", "\n", "#"]
TARGETS = {  # a small file of each kind and the loader that reads it
    "gwt_el_paso/i18n/en.yaml": lambda: i18n.load_catalogue("en"),
    "ttr_germany/i18n/ui.ru.yaml": lambda: i18n.load_catalogue("ru"),
    "el_paso/components.yaml": lambda: __import__("games.el_paso.model", fromlist=["load"]).load(
        data_path("el_paso")),
    "moon_river/boards.yaml": lambda: __import__("games.core.registry", fromlist=["get"]).get(
        "moon_river").validate_data(),
}


@st.composite
def damaged(draw, original: bytes):
    lines = original.decode("utf-8").splitlines(keepends=True)
    for _ in range(draw(st.integers(1, 3))):
        how = draw(st.sampled_from(["dupline", "dupline", "junk", "junk", "junk", "move", "bytes"]))
        i = draw(st.integers(0, len(lines) - 1))
        if how == "dupline":  # a line again, at once or further down
            j = draw(st.sampled_from([i + 1, draw(st.integers(0, len(lines)))]))
            lines.insert(j, lines[i] if lines[i].endswith("\n") else lines[i] + "\n")
        elif how == "junk":  # a placeholder (or worse) into a text
            line = lines[i]
            k = draw(st.integers(0, len(line)))
            piece = draw(st.one_of(st.sampled_from(JUNK), st.text(alphabet="{}!:.[]0sraz<> ", max_size=6)))
            lines[i] = line[:k] + piece + line[k:]
        elif how == "move":
            lines.insert(draw(st.integers(0, len(lines))), lines.pop(i))
        else:
            raw = bytearray("".join(lines).encode("utf-8"))
            if raw:
                raw[draw(st.integers(0, len(raw) - 1))] ^= draw(st.integers(1, 255))
            return bytes(raw)
    return "".join(lines).encode("utf-8")


@pytest.fixture(scope="module")
def module_data_copy(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hardening-data") / "data"
    shutil.copytree(data_path(), folder)
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("BOARDGAME_DATA", str(folder))
        yield folder


def check_damaged(folder: Path, rel: str, data):
    path = folder / rel
    original = path.read_bytes()
    raw = data.draw(damaged(original))
    path.write_bytes(raw)
    try:
        try:
            loaded = bounded(TARGETS[rel], timeout=30)
        except DataError as e:
            # the file itself; or, for a game's file, another file of that game that
            # refers to what the damaged one renamed (board.yaml names components' sites)
            where = Path(e.path).as_posix()
            assert where.endswith(rel) or ("i18n" not in rel and where.endswith(".yaml")
                                           and Path(e.path).parent == path.parent), (rel, str(e))
            kind = e.expected.split(" (")[0]
            event(f"DataError: {kind[:40]}")
            return
        event("loads")
        if "i18n" in rel:  # every text that loaded formats with any arguments, as the
            # Translator formats it: each {n|one|other} word first, then the placeholders
            for text in loaded.values():
                for sample in ("word", 7, [1, 2], None):
                    plain = i18n._PLURAL.sub(lambda m, v=sample: i18n.plural_form("ru", v, m[2].split("|")), text)
                    names = {f for _, f, _, _ in string.Formatter().parse(plain) if f is not None}
                    plain.format_map({n: sample for n in names})
        assert path.read_bytes() == raw
    finally:
        path.write_bytes(original)


@pytest.mark.parametrize("rel", sorted(TARGETS))
@settings(CI, max_examples=60)
@given(data=st.data())
def test_mutated_data_files(module_data_copy, rel, data):
    check_damaged(module_data_copy, rel, data)


@pytest.mark.slow
@pytest.mark.parametrize("rel", sorted(TARGETS))
@SLOW
@given(data=st.data())
def test_mutated_data_files_soak(module_data_copy, rel, data):
    check_damaged(module_data_copy, rel, data)
