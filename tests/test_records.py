"""Game records: the SQLite database (round trip of every game, migrations, damaged, newer,
locked and read-only files, two writers at once), records travelling as files, replay at
every step, the command line, and the results screen recording a game once."""
from __future__ import annotations

import itertools
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from games.core import records, registry, saves
from games.core.contract import Config, Seat
from games.core.match import Match
from games.core.records import Records, RecordsError
from games.core.replay import Replay

ROOT = Path(__file__).resolve().parent.parent


def play(gid: str, seed: int = 5, human: bool = True) -> tuple[Match, list[str]]:
    """A short finished game (easy bots; the automa where the game has one) and the state
    after every step, as canonical JSON."""
    rules = registry.get(gid)
    first = Seat("Ann", "human", 0) if human else Seat("Bot", "bot:easy", 0)
    other = Seat("Auto", "automa", 1) if rules.INFO.has_automa else Seat("Bea", "bot:easy", 1)
    m = Match(rules, Config([first, other], seed, {}))
    states = [_canon(rules, m.state)]
    while not m.is_over():
        m.apply(m.bot_action(m.to_act()[0]))
        states.append(_canon(rules, m.state))
    return m, states


def _canon(rules, state) -> str:
    return json.dumps(rules.to_json(state), sort_keys=True)


GAMES = {gid: play(gid) for gid in registry.game_ids()}


@pytest.fixture
def db_path(tmp_path, monkeypatch):
    path = tmp_path / "records" / records.FILE_NAME
    monkeypatch.setenv(records.ENV_PATH, str(path))
    return path


@pytest.fixture
def filled(db_path):
    with Records(db_path) as db:
        ids = {gid: db.record(m, 61.5) for gid, (m, _) in GAMES.items()}
    return db_path, ids


def snapshot(path: Path) -> list:
    with Records(path) as db:
        return db.list_games()


# --------------------------------------------------------------------- round trip
@pytest.mark.parametrize("gid", sorted(GAMES))
def test_every_game_round_trips_through_the_database_and_a_file(filled, tmp_path, gid):
    path, ids = filled
    m, _ = GAMES[gid]
    res = m.rules.result(m.state)
    with Records(path) as db:
        rec = db.get(ids[gid])
        assert rec["game"] == gid and rec["duration"] == 61.5 and rec["source"] == "played"
        assert rec["actions"] == [a.text for a in m.actions]
        assert rec["config"] == m.config.to_json() and rec["seed"] == m.config.seed
        assert rec["options"] == m.config.options
        assert rec["data_version"] == m.rules.INFO.data_version
        assert rec["scores"] == res.scores and rec["ranks"] == res.ranks
        assert rec["winners"] == res.winners and rec["categories"] == res.categories
        assert [s["breakdown"] for s in rec["seats"]] == res.breakdown
        assert rec["seats"][0]["kind"] == "human"
        other = rec["seats"][1]
        if m.rules.INFO.has_automa:
            assert other["kind"] == "automa" and rec["seats"][0]["opponents"].startswith("automa")
        else:
            assert (other["kind"], other["level"]) == ("bot", "easy")
            assert rec["seats"][0]["opponents"] == "bot:easy"
        out = tmp_path / f"{gid}.record.json"
        db.export(ids[gid], out)
    with Records(tmp_path / "friend.sqlite3") as friend:
        new = friend.import_(out)
        copy = friend.get(new)
    for key in ("game", "actions", "config", "scores", "ranks", "winners", "data_version", "played_at",
                "duration", "seats"):
        assert copy[key] == rec[key], key
    assert copy["source"] == "imported"


def test_a_game_is_recorded_once_and_can_be_deleted(filled):
    path, ids = filled
    m, _ = GAMES["el_paso"]
    with Records(path) as db:
        assert db.record(m, 3.0) == ids["el_paso"]
        assert db.count() == len(GAMES)
        assert db.delete(ids["el_paso"]) and not db.delete(ids["el_paso"])
        assert db.get(ids["el_paso"]) is None and db.count() == len(GAMES) - 1
        assert not db.db().execute("SELECT 1 FROM seats WHERE game_id = ?", (ids["el_paso"],)).fetchall()
        assert not db.db().execute("SELECT 1 FROM moves WHERE game_id = ?", (ids["el_paso"],)).fetchall()


def test_an_unfinished_game_is_not_recorded(db_path):
    rules = registry.get("el_paso")
    m = Match(rules, Config([Seat("A", "human", 0), Seat("B", "bot:easy", 1)], 1, {}))
    with Records(db_path) as db, pytest.raises(RecordsError, match="finished"):
        db.record(m)


def test_history_filters_and_statistics(db_path):
    with Records(db_path) as db:
        for seed in range(4):
            db.record(play("el_paso", seed)[0], 10)
        db.record(play("gwt_el_paso", 1)[0], 10)
        db.record(play("el_paso", 9, human=False)[0], 10, source="simulated")
        games = db.list_games()
        assert len(games) == 6
        assert [g["id"] for g in games] == sorted((g["id"] for g in games), reverse=True)
        assert len(db.list_games(game="el_paso")) == 5
        assert len(db.list_games(opponent="automa")) == 1
        assert len(db.list_games(source="simulated")) == 1
        wins, losses = db.list_games(result="win"), db.list_games(result="loss")
        assert len(wins) + len(losses) == 5  # the game without a person has neither
        assert all(any(s["kind"] == "human" and s["winner"] for s in g["seats"]) for g in wins)
        assert len(db.list_games(limit=2, offset=1)) == 2
        st = db.stats("el_paso")
        people = [g["seats"][0] for g in db.list_games(game="el_paso") if g["seats"][0]["kind"] == "human"]
        assert st["games"] == 4 and st["wins"] == sum(s["winner"] for s in people)
        assert st["best_score"] == max(s["score"] for s in people)
        assert st["average_score"] == round(sum(s["score"] for s in people) / 4, 2)
        assert sum(b["count"] for b in st["distribution"]) == 4
        assert [r["score"] for r in st["recent"]] == [s["score"] for s in reversed(people)]
        assert set(st["by_opponent"]) == {"bot:easy"}
        cats = st["by_game"]["el_paso"]["average_by_category"]
        assert set(cats) == set(registry.get("el_paso").result(GAMES["el_paso"][0].state).categories)
        assert db.stats(opponent="automa")["games"] == 1
        assert db.stats(subject="bot:easy", game="el_paso")["games"] == 6  # 4 + the simulated pair
        assert db.stats(game="moon_river")["games"] == 0
        with pytest.raises(RecordsError):
            db.stats(subject="wizard")


# --------------------------------------------------------------------- schema and files
def test_an_older_schema_is_migrated_with_its_games(db_path):
    db_path.parent.mkdir(parents=True)
    old = sqlite3.connect(db_path)
    records.MIGRATIONS[0](old)
    old.execute("PRAGMA user_version = 1")
    old.execute("INSERT INTO games VALUES (7, 'u7', 'el_paso', '2025-01-02T03:04:05Z', 30.0, '1', '3', "
                "'{}', 0, '[]', 'none', '[0]')")
    old.execute("INSERT INTO moves VALUES (7, '{}', '[]')")
    old.execute("INSERT INTO seats VALUES (7, 0, 'Ann', 'human', NULL, 0, 12, 1, 1, '{}', 'bot:easy')")
    old.execute("INSERT INTO seats VALUES (7, 1, 'Bea', 'bot', 'easy', 1, 4, 2, 0, '{}', 'human')")
    old.commit()
    old.close()
    with Records(db_path) as db:
        assert db.db().execute("PRAGMA user_version").fetchone()[0] == records.SCHEMA_VERSION
        [g] = db.list_games()
        assert g["id"] == 7 and g["source"] == "played" and g["winners"] == [0]
        assert [(s["name"], s["score"], s["level"]) for s in g["seats"]] == [("Ann", 12, None), ("Bea", 4, "easy")]
        assert db.stats()["games"] == 1
        assert db.db().execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def set_aside(path: Path) -> list[Path]:
    return sorted(p for p in path.parent.iterdir() if ".set-aside" in p.name and not p.name.endswith(("-wal", "-shm")))


@pytest.mark.parametrize("content", [b"not a database at all" * 100, b"SQLite format 3\x00" + b"\xff" * 4000],
                         ids=["garbage", "broken header"])
def test_a_damaged_database_is_moved_aside_and_a_new_one_started(db_path, content):
    db_path.parent.mkdir(parents=True)
    db_path.write_bytes(content)
    with Records(db_path) as db:
        assert db.list_games() == []
        assert db.record(GAMES["el_paso"][0]) == 1
        assert any("damaged" in m and "kept as" in m for m in db.messages)
    [kept] = set_aside(db_path)
    assert kept.read_bytes() == content


def test_damage_found_inside_the_file_moves_it_aside(filled):
    path, _ = filled
    con = sqlite3.connect(path)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    data = bytearray(path.read_bytes())
    data[4096:] = b"\xab" * (len(data) - 4096)  # every page but the schema's
    path.write_bytes(bytes(data))
    with Records(path) as db:
        assert db.list_games() == []
        assert db.record(GAMES["el_paso"][0]) == 1
        assert any("damaged" in m for m in db.messages)
    [kept] = set_aside(path)
    assert kept.read_bytes() == bytes(data)


def test_a_newer_database_is_moved_aside(filled):
    path, _ = filled
    con = sqlite3.connect(path)
    con.execute(f"PRAGMA user_version = {records.SCHEMA_VERSION + 1}")
    con.close()
    with Records(path) as db:
        assert db.list_games() == []
        assert any("newer version" in m for m in db.messages)
    [kept] = set_aside(path)
    con = sqlite3.connect(kept)  # the set-aside file still holds every game
    assert con.execute("SELECT count(*) FROM games").fetchone()[0] == len(GAMES)
    con.close()


def test_a_foreign_database_is_moved_aside(db_path):
    db_path.parent.mkdir(parents=True)
    con = sqlite3.connect(db_path)
    con.execute("CREATE TABLE notes (t TEXT)")
    con.commit()
    con.close()
    with Records(db_path) as db:
        assert db.count() == 0
        assert any("not a records database" in m for m in db.messages)
    assert len(set_aside(db_path)) == 1


def test_a_locked_database_keeps_the_game_aside_until_next_time(filled):
    path, _ = filled
    m, _ = play("el_paso", 77)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with Records(path, timeout=0.1) as db:
            assert db.record(m, 5.0) is None
            assert any("kept aside" in msg for msg in db.messages)
            pending = list(db.pending_dir.glob("*.json"))
            assert len(pending) == 1
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    with Records(path) as db:
        assert db.count() == len(GAMES) + 1
        assert not list(db.pending_dir.glob("*.json"))
        [g] = [g for g in db.list_games() if g["actions"] == m.ply and g["game"] == "el_paso"
               and g["duration"] == 5.0]
        assert g["source"] == "played"


def test_a_read_only_database_is_read_and_new_games_kept_aside(filled, monkeypatch):
    path, _ = filled
    plain = Records._connect

    def read_only(self, uri=None):  # what a read-only file or medium gives
        return plain(self, uri or f"{Path(self.path).resolve().as_uri()}?mode=ro")
    monkeypatch.setattr(Records, "_connect", read_only)
    m, _ = play("el_paso", 78)
    with Records(path) as db:
        assert len(db.list_games()) == len(GAMES)
        assert db.stats()["games"] == len(GAMES)
        assert db.record(m) is None
        assert any("kept aside" in msg for msg in db.messages)
    monkeypatch.setattr(Records, "_connect", plain)
    with Records(path) as db:
        assert db.count() == len(GAMES) + 1


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="needs file permissions that bind")
def test_a_read_only_folder_and_file(filled):
    path, _ = filled
    os.chmod(path, 0o444)
    os.chmod(path.parent, 0o555)
    try:
        with Records(path) as db:
            assert len(db.list_games()) == len(GAMES)
            with pytest.raises(RecordsError):
                db.record(play("el_paso", 79)[0])
    finally:
        os.chmod(path.parent, 0o755)
        os.chmod(path, 0o644)


WRITER = """
import sys
sys.path.insert(0, {root!r})
from games.core import registry
from games.core.contract import Config, Seat
from games.core.match import Match
from games.core.records import Records
rules = registry.get("el_paso")
games = []
for seed in range({first}, {first} + 12):
    m = Match(rules, Config([Seat("A", "human", 0), Seat("B", "bot:easy", 1)], seed, {{}}))
    m.play_bots_to_end()
    games.append(m)
with Records({path!r}) as db:
    for m in games:
        assert db.record(m, 1.0) is not None, db.messages
"""


def test_two_processes_writing_at_once(db_path):
    procs = [subprocess.Popen([sys.executable, "-c", WRITER.format(root=str(ROOT), first=first, path=str(db_path))],
                              stderr=subprocess.PIPE) for first in (1000, 2000)]
    for p in procs:
        _, err = p.communicate(timeout=120)
        assert p.returncode == 0, err.decode()
    with Records(db_path) as db:
        assert db.count() == 24
        assert db.db().execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert not db.messages


# --------------------------------------------------------------------- import refused
def _doc(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _write(path: Path, doc: dict, sign: bool = True) -> Path:
    if sign:
        doc = dict(doc)
        doc["checksum"] = saves.checksum(doc)
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_damaged_and_foreign_files_are_refused_and_nothing_changes(filled, tmp_path):
    path, ids = filled
    good = tmp_path / "good.json"
    with Records(path) as db:
        db.export(ids["el_paso"], good)
    doc = _doc(good)
    unfinished = tmp_path / "unfinished.save.json"
    m = Match(registry.get("el_paso"), GAMES["el_paso"][0].config)
    m.apply(m.bot_action(m.to_act()[0]))
    saves.write(unfinished, m)
    settings = tmp_path / "settings.json"
    settings.write_text('{"language": "en"}', encoding="utf-8")
    cut = tmp_path / "cut.json"
    cut.write_bytes(good.read_bytes()[:200])
    flipped = tmp_path / "flipped.json"
    flipped.write_text(good.read_text(encoding="utf-8").replace('"source":"played"', '"source":"imported"'),
                       encoding="utf-8")
    cases = {
        "empty": (tmp_path / "empty.json", b""),
        "binary": (tmp_path / "picture.png", b"\x89PNG\r\n\x1a\n" + bytes(range(256))),
        "folder": (tmp_path, None),
        "missing": (tmp_path / "nothing-here.json", None),
        "cut short": (cut, None),
        "checksum": (flipped, None),
        "unfinished save": (unfinished, None),
        "settings": (settings, None),
        "newer": (_write(tmp_path / "newer.json", {**doc, "format": 99}), None),
        "extra field": (_write(tmp_path / "extra.json", {**doc, "note": "hi"}), None),
        "other scores": (_write(tmp_path / "scores.json", {**doc, "scores": [s + 1 for s in doc["scores"]]}), None),
        "moves cut": (_write(tmp_path / "moves.json", {**doc, "actions": doc["actions"][:-3]}), None),
        "bad move": (_write(tmp_path / "badmove.json", {**doc, "actions": ["0 fly away"] + doc["actions"]}), None),
        "unknown game": (_write(tmp_path / "game.json", {**doc, "game": "chess"}), None),
        "bad seat": (_write(tmp_path / "seat.json", {**doc, "config": {**doc["config"], "seats": [{}]}}), None),
    }
    before = snapshot(path)
    stat_before = path.stat().st_size
    for name, (file, content) in cases.items():
        if content is not None:
            file.write_bytes(content)
        with Records(path) as db:
            with pytest.raises(RecordsError) as err:
                db.import_(file)
            assert file.name in str(err.value) or name == "folder", (name, str(err.value))
            assert "\n" not in str(err.value)
    assert snapshot(path) == before
    assert path.stat().st_size == stat_before


def test_a_finished_save_can_be_imported(db_path, tmp_path):
    m, _ = GAMES["moon_river"]
    save = tmp_path / "done.json"
    saves.write(save, m)
    with Records(db_path) as db:
        gid = db.import_(save)
        assert db.get(gid)["actions"] == [a.text for a in m.actions]
        assert db.import_(save) == gid  # the same game again: still one record


# --------------------------------------------------------------------- replay
@pytest.mark.parametrize("gid", sorted(GAMES))
def test_replay_at_every_step_equals_the_game(filled, gid):
    path, ids = filled
    m, states = GAMES[gid]
    with Records(path) as db:
        rp = Replay.from_record(db.get(ids[gid]))
    assert rp.steps == m.ply == len(states) - 1 and rp.finished
    order = list(range(rp.steps, -1, -1)) + list(range(0, rp.steps + 1, 3))  # back, then forward
    for k in order:
        assert _canon(m.rules, rp.state_at(k)) == states[k], k
    at = rp.match_at(rp.steps // 2)
    assert at.ply == rp.steps // 2 and all(p <= at.ply for p, _ in at.events)
    progress = rp.score_progress()
    assert len(progress) == rp.steps + 1
    assert progress[-1] == m.rules.result(m.state).scores
    with pytest.raises(ValueError):
        rp.state_at(rp.steps + 1)


def test_replay_of_a_save_in_progress(tmp_path):
    m, states = GAMES["ttr_germany"]
    part = Match.replay(m.rules, m.config, m.actions[:30])
    save = tmp_path / "part.json"
    saves.write(save, part)
    rp = Replay.from_file(save)
    assert rp.steps == 30 and not rp.finished
    assert _canon(m.rules, rp.state_at(17)) == states[17]


# --------------------------------------------------------------------- command line
def run_main(args: list[str], capsys) -> tuple[int, str, str]:
    import main
    code = main.main(args)
    out, err = capsys.readouterr()
    return code, out, err


def test_command_line_history_stats_replay_and_simulate(db_path, tmp_path, capsys):
    code, out, _ = run_main(["simulate", "el_paso", "--players", "2", "--games", "3", "--record"], capsys)
    assert code == 0
    code, out, _ = run_main(["simulate", "gwt_el_paso", "--players", "1", "--seed", "4", "--record", "--json"],
                            capsys)
    assert code == 0 and json.loads(out)["game"] == "gwt_el_paso"
    code, out, _ = run_main(["history", "--json"], capsys)
    games = json.loads(out)
    assert code == 0 and len(games) == 4 and {g["source"] for g in games} == {"simulated"}
    code, out, _ = run_main(["history", "--json", "--game", "gwt_el_paso"], capsys)
    assert [g["game"] for g in json.loads(out)] == ["gwt_el_paso"]
    code, out, _ = run_main(["stats", "el_paso", "--as", "bot:easy", "--json"], capsys)
    st = json.loads(out)
    assert code == 0 and st["games"] == 6 and st["wins"] >= 3
    code, out, _ = run_main(["stats", "--json"], capsys)
    assert json.loads(out)["games"] == 0  # no person played
    code, out, _ = run_main(["stats", "gwt_el_paso", "--as", "bot", "--opponent", "automa"], capsys)
    assert code == 0 and "against automa" in out
    shot = tmp_path / "shot.png"
    gid = next(g["id"] for g in games if g["game"] == "el_paso")
    code, out, _ = run_main(["replay", str(gid), "--step", "5", "--out", str(shot), "--size", "640x360",
                             "--seat", "all"], capsys)
    assert code == 0 and shot.stat().st_size > 1000 and "step 5 of" in out
    code, _, err = run_main(["replay", "999", "--out", str(shot)], capsys)
    assert code == 2 and "no recorded game" in err
    code, _, err = run_main(["replay", str(gid), "--step", "100000", "--out", str(shot)], capsys)
    assert code == 2 and "--step" in err
    code, _, err = run_main(["replay", str(tmp_path / "none.json"), "--out", str(shot)], capsys)
    assert code == 1 and "no such file" in err
    code, _, err = run_main(["history", "--opponent", "wizard"], capsys)
    assert code == 1 and "unknown seat kind" in err
    sent = tmp_path / "sent.json"
    code, out, _ = run_main(["export-record", str(gid), str(sent)], capsys)
    assert code == 0 and sent.exists()
    code, out, _ = run_main(["import-record", str(sent)], capsys)
    assert code == 0 and f"game {gid}" in out  # already there: the same record
    code, _, err = run_main(["import-record", str(shot)], capsys)
    assert code == 1 and "not a game record" in err


# --------------------------------------------------------------------- the results screen
def test_the_results_screen_records_a_finished_game_once(app, db_path):
    from ui.scenes.results import ResultsScene
    m, _ = play("el_paso", 31)
    scene = ResultsScene(app, m)
    assert scene.recording is None  # tests and tools never write the player's records
    app.use_settings = True
    first = ResultsScene(app, m)
    first.recording.join(10)
    assert ResultsScene(app, m).recording is None  # back from the table: not again
    with Records(db_path) as db:
        assert db.count() == 1


# --------------------------------------------------------------------- the screens
def _key(key: int):
    import pygame
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)


def _click(pos):
    import pygame
    return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos),
            pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos)]


def test_history_stats_and_replay_screens(app, filled):
    import pygame

    from ui.scenes.history import HistoryScene
    from ui.scenes.replay import ALL_HANDS, ReplayScene
    from ui.scenes.stats import StatsScene
    path, ids = filled
    db = Records(path)
    empty = HistoryScene(app, Records(path.with_name("none.sqlite3")))
    app.push(empty)
    app.step(0, [])
    assert empty.rows == []
    hist = HistoryScene(app, db)
    app.replace(hist)
    app.step(0, [])
    assert [r["id"] for r in hist.rows] == sorted(ids.values(), reverse=True)
    for cycle in hist.cycles:  # every filter, each value once
        for _ in cycle.values:
            app.step(0, _click(cycle.rect.center))
    assert (hist.game, hist.opponent, hist.result) == ("", "", "")
    # delete: the first click asks, the second deletes
    newest = hist.rows[0]["id"]
    app.step(0, _click(hist.delete_rect(0).center))
    assert hist.confirm == newest and db.get(newest) is not None
    app.step(0, _click(hist.delete_rect(0).center))
    assert db.get(newest) is None and newest not in [r["id"] for r in hist.rows]
    # a row opens its replay, at the end, as the person saw it
    app.step(0, _click(hist.row_rect(0).center))
    rep = app.scenes[-1]
    assert isinstance(rep, ReplayScene) and rep.step == rep.replay.steps and rep.viewer == 0
    app.step(0, [_key(pygame.K_HOME)])
    assert rep.step == 0
    app.step(0, [_key(pygame.K_RIGHT), _key(pygame.K_RIGHT), _key(pygame.K_LEFT)])
    assert rep.step == 1
    before = rep.table.match.state
    app.step(0, _click(rep.table_rect.center))  # a click on the table never plays a move
    assert rep.table.match.state is before and rep.step == 1
    app.step(0, _click(rep.seat_cycle.rect.center))
    assert rep.viewer == 1 and rep.table.viewer == 1
    # all hands open: each seat's table as it saw it, side by side; a click opens one alone
    seats = len(rep.replay.config.seats)
    for _ in range(seats - 1):
        app.step(0, _click(rep.seat_cycle.rect.center))
    assert rep.viewer == ALL_HANDS
    app.step(0, [])
    sheet = rep._sheet[1]
    assert sheet.get_size() == rep.table_rect.size and rep.table.match.state is before
    app.step(0, _click((rep.table_rect.x + 5, rep.table_rect.y + 5)))
    assert rep.viewer == 0 and rep.table.viewer == 0
    app.step(0, _click(rep.seat_cycle.rect.center))
    app.step(0, _click((rep.chart_rect.right - 12, rep.chart_rect.bottom - 12)))
    assert rep.step > rep.replay.steps // 2
    app.step(0, [_key(pygame.K_SPACE)])
    assert rep.playing
    for _ in range(3):
        app.step(1.0, [])
    app.step(0, [_key(pygame.K_END)])
    assert rep.step == rep.replay.steps and not rep.playing
    app.step(0, [_key(pygame.K_ESCAPE)])
    assert app.scenes[-1] is hist
    app.step(0, [_key(pygame.K_s)])
    st = app.scenes[-1]
    assert isinstance(st, StatsScene)
    st.records = Records(path)
    for cycle in (st.game_cycle, st.opp_cycle):
        for _ in cycle.values:
            app.step(0, _click(cycle.rect.center))
            assert not st.error
    one = StatsScene(app, "el_paso", Records(path))
    app.push(one)
    app.step(0, [])
    assert one.stats["games"] == 1 and one.stats["by_game"]["el_paso"]["average_by_category"]


# --------------------------------------------------------------------- wired in
def test_the_main_menu_opens_history_and_history_statistics(app):
    import pygame

    from ui.scenes.history import HistoryScene
    from ui.scenes.menu import MainMenu
    from ui.scenes.stats import StatsScene
    app.push(MainMenu(app))
    button = next(b for b in app.top.buttons if b.label == app.t("menu.history"))
    app.step(0, _click(button.rect.center))
    assert isinstance(app.top, HistoryScene)
    stats = next(b for b in app.top.buttons if b.label == app.t("history.stats"))
    assert stats.hotkey == pygame.K_s
    app.step(0, _click(stats.rect.center))
    assert isinstance(app.top, StatsScene)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_menu_row_fits_in_both_languages(tmp_path, monkeypatch, lang):
    """Every bottom-row label is drawn whole at 1280x720 (with Continue too)."""
    from ui import theme
    from ui.app import App
    from ui.scenes.menu import MainMenu
    monkeypatch.setenv("BOARDGAME_HOME", str(tmp_path))
    app = App((1280, 720), lang=lang)
    menu = MainMenu(app)
    app.push(menu)
    menu.resumable = {"game": "el_paso", "seats": ["Ann"], "ply": 3, "finished": False}
    menu.layout(app.size)
    row = [b for b in menu.buttons if b.rect.y == menu.buttons[-1].rect.y]
    assert app.t("menu.history") in [b.label for b in row] and len(row) == 5
    for b in row:  # at the button's own text size, never shrunk to fit
        h = b.rect.h
        assert theme.font(int(h * 0.42), True).size(b.label)[0] <= b.rect.w - h * 0.5
        assert 0 <= b.rect.x and b.rect.right <= 1280
    assert all(a.rect.right < b.rect.x for a, b in itertools.pairwise(row))


@pytest.mark.parametrize("gid", registry.table_ids())
def test_the_results_screen_draws_the_score_progress_of_every_game(app, gid, monkeypatch):
    from ui.scenes import results
    m, states = GAMES[gid]
    scene = results.ResultsScene(app, m)
    assert scene.progress_ready.wait(30)
    assert scene.progress is not None and len(scene.progress) == len(states)
    assert scene.progress[-1] == list(m.rules.result(m.state).scores)
    drawn = []
    real_line, real_bar = results.line_chart, results.bar_chart
    monkeypatch.setattr(results, "line_chart", lambda *a, **k: drawn.append(("line", a, k)) or real_line(*a, **k))
    monkeypatch.setattr(results, "bar_chart", lambda *a, **k: drawn.append(("bar", a, k)) or real_bar(*a, **k))
    app.push(scene)
    app.step(0, [])
    (kind, args, kw), = drawn
    assert kind == "line" and kw["x_label"] and kw["y_label"]
    series = args[3]
    assert len(series) == len(m.config.seats)
    assert all(letter and shape for _, _, letter, shape in series)  # colour never alone
    assert args[1].right <= scene.panel.right and args[1].bottom <= scene.panel.bottom
    # a game the rules cannot score midway: the final scores as bars
    monkeypatch.setattr(results, "score_progress", lambda *args: None)
    drawn.clear()
    again = results.ResultsScene(app, m)
    assert again.progress_ready.wait(30)
    app.replace(again)
    app.step(0, [])
    assert [d[0] for d in drawn] == ["bar"]


def test_seconds_played_grow_while_playing_only(app):
    from ui.scenes.play import PlayScene
    from ui.scenes.saving import SaveDialog
    rules = registry.get("el_paso")
    m = Match(rules, Config([Seat("Ann", "human", 0), Seat("Bea", "bot:easy", 1)], 3, {}))
    app.push(PlayScene(app, m, viewer=0, animate=False))
    for _ in range(4):
        app.step(0.5, [])
    assert m.seconds_played == pytest.approx(2.0)
    app.step(3600.0, [])  # a stalled or suspended machine counts one second
    assert m.seconds_played == pytest.approx(3.0)
    app.push(SaveDialog(app, m))  # a menu over the table: the clock stops
    app.step(5.0, [])
    assert m.seconds_played == pytest.approx(3.0)
    app.pop()
    while m.to_act() != [0]:
        app.step(0.1, [])
    played = m.seconds_played
    m.apply(m.rules.legal_actions(m.state, 0)[0])
    if m.undo_status(0)[0]:
        m.undo(0)  # undo keeps the time: it is the match's, not the state's
    assert m.seconds_played == played
    done, _ = play("el_paso", 31)
    done.seconds_played = 75.25
    assert records.entry(done, done.seconds_played)["duration"] == 75.25


def test_export_and_import_through_the_history_screen(app, filled, tmp_path):
    from ui.scenes.history import EXPORTS, IMPORTS, HistoryScene, ImportScene
    path, ids = filled
    db = Records(path)
    hist = HistoryScene(app, db)
    app.push(hist)
    app.step(0, [])
    row = hist.rows[0]
    app.step(0, _click(hist.export_rect(0).center))
    assert isinstance(app.top, HistoryScene)  # exporting opens nothing
    sent = tmp_path / EXPORTS / f"{row['game']}_{row['played_at'][:16].replace('T', '_').replace(':', '-')}_{row['id']}.json"
    assert sent.is_file() and any(sent.name in m[0] for m in app.messages)
    assert hist.import_file(sent) == "" and app.messages[-1][0] == app.t("history.already")
    db.delete(row["id"])
    hist.refresh()
    before = snapshot(path)
    (tmp_path / IMPORTS).mkdir(exist_ok=True)
    bad = tmp_path / IMPORTS / "broken.json"
    bad.write_text(sent.read_text(encoding="utf-8")[:-40], encoding="utf-8")
    (tmp_path / IMPORTS / "folder.json").mkdir()
    imp = next(b for b in hist.buttons if b.label == app.t("history.import"))
    app.step(0, _click(imp.rect.center))
    pick = app.top
    assert isinstance(pick, ImportScene)
    names = [p.name for p in pick.files]
    assert set(names) == {sent.name, "broken.json", "folder.json"}
    for name in ("broken.json", "folder.json"):  # refused with a message, nothing changed
        app.step(0, _click(pick.row_rect(names.index(name)).center))
        assert app.top is pick and pick.problems[pick.files[names.index(name)]]
    assert snapshot(path) == before
    app.step(0, _click(pick.row_rect(names.index(sent.name)).center))
    assert app.top is hist
    assert row["game"] in [r["game"] for r in hist.rows] and len(hist.rows) == len(ids)
    assert any(app.t("history.imported") == m[0] for m in app.messages)


def test_the_load_screen_replays_a_save(app, tmp_path):
    from ui import userdirs
    from ui.scenes.replay import ReplayScene
    from ui.scenes.saving import LoadScene
    m, _ = play("el_paso", 9)
    live = Match(m.rules, m.config)
    for a in m.actions[:12]:
        live.apply(a)
    saves.write(userdirs.saves_dir() / "midway.json", live)
    load = LoadScene(app)
    app.push(load)
    app.step(0, [])
    app.step(0, _click(load.replay_rect(0).center))
    rep = app.top
    assert isinstance(rep, ReplayScene) and rep.replay.steps == 12


def test_every_automa_names_its_difficulty_option():
    for gid in registry.game_ids():
        info = registry.get(gid).INFO
        if info.has_automa:
            assert info.automa_option and info.option(info.automa_option), gid
            m, _ = GAMES[gid]
            wanted = m.config.options.get(info.automa_option, info.option(info.automa_option).default)
            assert records.seat_label(m.rules, m.config, 1) == f"automa:{wanted}"
        else:
            assert info.automa_option is None, gid


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_records_screens_draw_no_raw_key(filled, tmp_path, monkeypatch, lang):
    """History, Import, Statistics (every game), Replay and the results chart speak the
    table's language: every text they draw is in its catalogue."""
    from games.core import i18n
    from ui.app import App
    from ui.scenes.history import HistoryScene, ImportScene
    from ui.scenes.results import ResultsScene
    from ui.scenes.stats import StatsScene
    monkeypatch.setenv("BOARDGAME_HOME", str(tmp_path))
    missing = set()
    real_raw = i18n.Translator.raw

    def raw(self, key):
        if key not in i18n.catalogue(self.lang):
            missing.add(key)
        return real_raw(self, key)
    monkeypatch.setattr(i18n.Translator, "raw", raw)
    path, _ = filled
    app = App((1280, 720), lang=lang)
    hist = HistoryScene(app, Records(path))
    app.push(hist)
    app.draw()
    hist.export(hist.rows[0])
    app.push(ImportScene(app, hist))
    app.draw()
    app.pop()
    for gid in ("", *registry.game_ids()):
        app.push(StatsScene(app, gid or None, Records(path)))
        app.draw()
        app.pop()
    hist.open(hist.rows[0])
    app.draw()
    m, _ = GAMES["el_paso"]
    res = ResultsScene(app, m)
    res.progress_ready.wait(30)
    app.push(res)
    app.draw()
    import pygame
    pygame.quit()
    assert missing == set()
