"""tools/winrate.py's record: a run cut short goes on from its file, and a damaged or foreign
line never changes a result."""
from __future__ import annotations

import json

import pytest

from tools import winrate as W


def _summary(capsys, *argv) -> list[str]:
    assert W.main(list(argv)) == 0
    return capsys.readouterr().out.splitlines()


def test_a_recorded_run_is_read_back_not_replayed(tmp_path, capsys, monkeypatch):
    rec = tmp_path / "run.jsonl"
    args = ("normal", "easy", "-n", "4", "--record", str(rec))
    first = _summary(capsys, *args)
    lines = rec.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 4 and [json.loads(x)["seed"] for x in lines] == [0, 1, 2, 3]
    assert "0 read from" in first[0]

    # the second run plays nothing: every game comes from the file, which stays as it was
    monkeypatch.setattr(W, "play_one", lambda *a, **k: pytest.fail("a recorded seed was played again"))
    again = _summary(capsys, *args)
    assert "4 read from" in again[0]
    assert again[1:] == first[1:]
    assert rec.read_text(encoding="utf-8").splitlines() == lines


def test_a_longer_run_plays_only_the_seeds_missing(tmp_path, capsys):
    rec = tmp_path / "run.jsonl"
    _summary(capsys, "normal", "easy", "-n", "2", "--record", str(rec))
    out = _summary(capsys, "normal", "easy", "-n", "5", "--record", str(rec))
    assert "2 read from" in out[0]
    assert [json.loads(x)["seed"] for x in rec.read_text(encoding="utf-8").splitlines()] == [0, 1, 2, 3, 4]
    # the same games as one run without a record
    plain = _summary(capsys, "normal", "easy", "-n", "5")
    assert [x.split("decisions")[0] for x in out[1:]] == [x.split("decisions")[0] for x in plain[1:]]


def test_a_cut_line_and_other_runs_are_skipped(tmp_path, capsys):
    rec = tmp_path / "run.jsonl"
    _summary(capsys, "normal", "easy", "-n", "3", "--record", str(rec))
    lines = rec.read_text(encoding="utf-8").splitlines()
    other = json.loads(lines[0])
    other["match"]["b"] = "normal"           # another run's game: not this one's
    wrong = json.loads(lines[1])
    wrong["points"] = {"nobody": 1.0}        # a level the run does not have
    rec.write_text("\n".join([json.dumps(other), json.dumps(wrong), lines[2], lines[1][:40]]) + "\n",
                   encoding="utf-8")
    out = W.run("el_paso", "normal", "easy", 3, record=rec)
    err = capsys.readouterr().err
    assert out["recorded"] == 1              # only seed 2's line is this run's and whole
    assert ":2: skipped" in err and ":4: skipped" in err
    assert out["points"]["normal"] + out["points"]["easy"] == pytest.approx(3.0)
    seeds = [json.loads(x)["seed"] for x in rec.read_text(encoding="utf-8").splitlines()[4:]]
    assert seeds == [0, 1]                   # played again and appended; nothing rewritten


def test_an_unreadable_record_is_a_clear_error(tmp_path):
    rec = tmp_path / "run.jsonl"
    rec.write_bytes(b"\xff\xfe not text")
    with pytest.raises(SystemExit, match="cannot read the record"):
        W.run("el_paso", "normal", "easy", 1, record=rec)
    assert rec.read_bytes() == b"\xff\xfe not text"
