"""Command line and data validation: bad input gives one clear line, never a traceback."""
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import main
from games.core.data import data_path
from games.core.errors import DataError
from games.el_paso import model

ROOT = Path(__file__).resolve().parent.parent


def run(*args, env=None):
    import os
    e = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", **(env or {})}
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, capture_output=True, text=True,
                          env=e, timeout=120)


def test_validate_data_ok(capsys):
    assert main.main(["validate-data"]) == 0
    assert "ok" in capsys.readouterr().out


@pytest.mark.parametrize("argv,code", [
    (["simulate", "nope", "--players", "2"], 2),
    (["simulate", "el_paso", "--players", "9"], 2),
    (["simulate", "el_paso", "--players", "3", "--option", "loot_per_town=19"], 2),
    (["simulate", "el_paso", "--players", "3", "--option", "colour=red"], 2),
    (["simulate", "el_paso", "--players", "3", "--option", "junk"], 2),
    (["simulate", "el_paso", "--players", "3", "--bots", "godlike"], 2),
    (["screenshot", "el_paso", "--players", "3", "--out", "x.png", "--size", "big"], 2),
])
def test_bad_command_lines_give_one_line(capsys, argv, code):
    assert main.main(argv) == code
    err = capsys.readouterr().err.strip()
    assert err.startswith("error:") and "\n" not in err


def test_simulate_json_lines(capsys):
    assert main.main(["simulate", "el_paso", "--players", "4", "--games", "3", "--json", "--seed", "5"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 3
    for line in lines:
        d = json.loads(line)
        assert set(d) >= {"game", "seed", "players", "seats", "scores", "breakdown", "winner", "turns",
                          "actions", "seconds"}
        assert [sum(b.values()) for b in d["breakdown"]] == d["scores"]


def test_simulate_is_deterministic(capsys):
    main.main(["simulate", "el_paso", "--players", "3", "--seed", "9", "--json", "--bots", "normal"])
    a = json.loads(capsys.readouterr().out)
    main.main(["simulate", "el_paso", "--players", "3", "--seed", "9", "--json", "--bots", "normal"])
    b = json.loads(capsys.readouterr().out)
    a.pop("seconds"), b.pop("seconds")
    assert a == b


def test_screenshot_writes_png(tmp_path):
    out = tmp_path / "shot.png"
    assert main.main(["screenshot", "el_paso", "--players", "3", "--moves", "25", "--out", str(out),
                      "--size", "1280x720"]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def broken_copy(tmp_path, name, edit):
    folder = tmp_path / "data"
    shutil.copytree(data_path(), folder)
    f = folder / "el_paso" / name
    f.write_bytes(edit(f.read_bytes()))
    return folder


BREAKS = [
    ("components.yaml", lambda b: b.replace(b"hand_size: 6", b"hand_size: six"), "hand_size"),
    ("components.yaml", lambda b: b.replace(b"loot: [1, 2, 3, 4, 4, 5]", b"loot: 7", 1), "sites[0].loot"),
    ("components.yaml", lambda b: b[: len(b) // 2] + b"\n  - [unclosed", "line"),
    ("components.yaml", lambda b: b"\xff\xfe" + b, "UTF-8"),
    ("board.yaml", lambda b: b.replace(b"rate: 4", b"rate: -4"), "towns[0].rate"),
    ("board.yaml", lambda b: b.replace(b"sites: [bank, gold, hotel, horses]", b"sites: [bank, bar]"),
     "towns[4].sites[1]"),
    ("board.yaml", lambda b: b.replace(b"towns:", b"townz:"), "towns"),
]


@pytest.mark.parametrize("name,edit,where", BREAKS)
def test_broken_data_names_file_and_key(tmp_path, name, edit, where):
    folder = broken_copy(tmp_path, name, edit)
    with pytest.raises(DataError) as e:
        model.load(folder / "el_paso")
    msg = str(e.value)
    assert name in msg and where in msg and "expected" in msg


def test_validate_data_command_reports_broken_file(tmp_path):
    folder = broken_copy(tmp_path, "board.yaml", lambda b: b.replace(b"rate: 4", b"rate: many"))
    before = (folder / "el_paso" / "board.yaml").read_bytes()
    r = run("validate-data", env={"BOARDGAME_DATA": str(folder)})
    assert r.returncode == 1
    assert "board.yaml" in r.stderr and "towns[0].rate" in r.stderr and "Traceback" not in r.stderr
    assert (folder / "el_paso" / "board.yaml").read_bytes() == before  # nothing rewritten


def test_simulate_with_broken_data_is_one_line(tmp_path):
    folder = broken_copy(tmp_path, "components.yaml", lambda b: b.replace(b"count: 5", b"count: []"))
    r = run("simulate", "el_paso", "--players", "2", env={"BOARDGAME_DATA": str(folder)})
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert r.stderr.strip().count("\n") == 0 and "dice.count" in r.stderr


def test_validate_data_checks_the_layout(tmp_path):
    folder = broken_copy(tmp_path, "layout.yaml", lambda b: b.replace(b"sheriff: [0.76", b"sheriff: [7.6"))
    r = run("validate-data", env={"BOARDGAME_DATA": str(folder)})
    assert r.returncode == 1 and "layout.yaml" in r.stderr and "regions.sheriff[0]" in r.stderr


def test_smoke_renders_frames_and_exits_zero(tmp_path):
    r = run("smoke", "--frames", "2", env={"BOARDGAME_HOME": str(tmp_path)})
    assert r.returncode == 0, r.stderr


def _without_pygame(tmp_path) -> dict:
    """PYTHONPATH with a pygame package that cannot be imported, as on an interpreter
    where the table was never installed."""
    fake = tmp_path / "nopygame"
    (fake / "pygame").mkdir(parents=True)
    (fake / "pygame" / "__init__.py").write_text(
        "raise ModuleNotFoundError(\"No module named 'pygame'\", name='pygame')\n")
    return {"PYTHONPATH": str(fake)}


def test_validate_data_without_pygame_checks_the_rules_data_and_says_so(monkeypatch, capsys):
    import importlib.util
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "pygame" else real(name, *a))
    assert main.cmd_validate(None) == 0
    assert "table layouts not checked: pygame is not installed" in capsys.readouterr().out


def test_a_missing_dependency_is_one_line(tmp_path):
    r = run("screenshot", "el_paso", "--players", "2", "--moves", "1", "--out",
            str(tmp_path / "x.png"), env=_without_pygame(tmp_path))
    assert r.returncode == 2, r.stderr
    assert "pygame is not installed" in r.stderr and "Traceback" not in r.stderr
