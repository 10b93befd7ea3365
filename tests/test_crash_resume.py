"""A crash in the middle of a game loses nothing: the app is killed (SIGKILL, no chance to
clean up) right after an autosave, and Continue resumes at exactly the saved position,
which then plays on exactly as the uninterrupted game. An interrupted write (a leftover
temporary file, a write that fails half-way, a truncated file) never replaces a good save.
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from games.core import registry, safefile, saves
from games.core.contract import Config, Seat
from games.core.match import Match
from ui.views import VIEWS

ROOT = Path(__file__).resolve().parent.parent
GAMES = [g for g in registry.GAME_IDS if g in VIEWS]  # games the app can show
KILL_AFTER_PLY = 6  # the autosave to kill at: some moves into the game
pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")


def _env(home: Path) -> dict:
    env = dict(os.environ, BOARDGAME_HOME=str(home), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def _fast_settings(home: Path) -> None:
    """The player's settings: fastest bots, no animation, no sound, a small window."""
    cfg = home / "config"
    cfg.mkdir(parents=True, exist_ok=True)
    (cfg / "settings.json").write_text(json.dumps(
        {"language": "en", "window": [1280, 720], "anim_speed": 0, "bot_pace": 0.15,
         "sound": False}), encoding="utf-8")


def _seats(gid) -> list[str]:
    info = registry.get(gid).INFO
    return ["bot:easy"] * max(info.min_players, min(3, info.max_players))


def _wait_for_autosave(proc, path: Path, min_ply: int, timeout: float = 60.0) -> int:
    """Watch the autosave; the moment a complete one at `min_ply` or later appears, SIGKILL.
    Returns the ply seen (the process may have saved once more before the signal landed)."""
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        assert proc.poll() is None, f"the app exited early ({proc.returncode}): " \
                                    f"{proc.stderr.read().decode(errors='replace')[-2000:]}"
        try:
            st = path.stat()
        except FileNotFoundError:
            time.sleep(0.005)
            continue
        if (st.st_mtime_ns, st.st_size) != last:
            last = (st.st_mtime_ns, st.st_size)
            try:
                ply = len(saves.read_raw(path)["actions"])
            except saves.SaveError:
                ply = -1  # cannot happen with atomic writes; the checks below would say so
            if ply >= min_ply:
                os.kill(proc.pid, signal.SIGKILL)
                proc.wait(10)
                return ply
        time.sleep(0.002)
    proc.kill()
    proc.wait(10)
    raise AssertionError(f"no autosave at ply {min_ply} within {timeout} s")


def _resume_through_menu(home: Path, monkeypatch):
    """Start the app as the player would and press Continue; returns the play scene."""
    monkeypatch.setenv("BOARDGAME_HOME", str(home))
    from ui.app import App
    from ui.scenes.menu import MainMenu
    from ui.scenes.play import PlayScene
    app = App(use_settings=True)
    app.push(MainMenu(app))
    menu = app.top
    assert menu.resumable is not None, "Continue is not offered after the crash"
    cont = next(b for b in menu.buttons if b.label == app.t("menu.continue"))
    pos = cont.rect.center
    app.step(0.016, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                     pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
    assert isinstance(app.top, PlayScene)
    return app, app.top


@pytest.fixture
def procs():
    started: list[subprocess.Popen] = []
    yield started
    for p in started:  # only the processes this test started
        if p.poll() is None:
            p.kill()
            p.wait(10)


def test_killed_after_autosave_resumes_exactly(tmp_path, monkeypatch, procs):
    # every game at once (one process each), so the test costs one start-up, not one per game
    runs = {}
    for gid in GAMES:
        home = tmp_path / gid
        _fast_settings(home)
        p = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "play", gid, "--seats",
                              ",".join(_seats(gid)), "--seed", "11"], cwd=str(tmp_path),
                             env=_env(home), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        procs.append(p)
        runs[gid] = (home, p)
    seen = {gid: _wait_for_autosave(p, home / "saves" / f"autosave-{gid}.json", KILL_AFTER_PLY)
            for gid, (home, p) in runs.items()}
    for gid, (home, p) in runs.items():
        assert p.returncode == -signal.SIGKILL
        path = home / "saves" / f"autosave-{gid}.json"  # each game keeps its own
        raw = saves.read_raw(path)
        assert len(raw["actions"]) >= seen[gid] and not raw["finished"]
        # leftovers of a write the kill interrupted are temporary files, never the save
        assert all(f.name.endswith(".tmp") for f in path.parent.iterdir() if f != path)

        app, scene = _resume_through_menu(home, monkeypatch)
        try:
            m = scene.match
            rules = m.rules
            assert [a.text for a in m.actions] == raw["actions"]
            assert json.dumps(rules.to_json(m.state), sort_keys=True) == \
                json.dumps(raw["snapshot"], sort_keys=True)
            # the same position as the game replayed from its start (nothing from the crash)
            fresh = Match.replay(rules, Config.from_json(raw["config"]), raw["actions"])
            assert rules.to_json(fresh.state) == rules.to_json(m.state)
            # and it plays on exactly as the uninterrupted game would have
            whole = Match(rules, Config.from_json(raw["config"]))
            whole.play_bots_to_end()
            m.play_bots_to_end()
            assert [a.text for a in m.actions] == [a.text for a in whole.actions]
            assert rules.result(m.state).scores == rules.result(whole.state).scores
        finally:
            pygame.quit()


WRITER = r"""
import sys
from games.core import registry, saves
from games.core.contract import Config, Seat
from games.core.match import Match
gid, path = sys.argv[1], sys.argv[2]
rules = registry.get(gid)
n = rules.INFO.max_players
while True:  # autosave after every action, game after game, until killed
    m = Match(rules, Config([Seat(f"B{i}", "bot:easy", i) for i in range(n)], 3))
    while not m.is_over():
        m.apply(m.bot_action(m.to_act()[0]))
        saves.write(path, m)
        print(m.ply, flush=True)
"""


def test_kill_during_writes_never_leaves_a_bad_save(tmp_path, procs):
    """SIGKILL at arbitrary moments of a stream of autosaves: the file is always a whole,
    loadable save; a write cut short leaves at most a temporary file beside it."""
    gid = GAMES[-1]  # the largest saves of the games with a table
    path = tmp_path / "autosave.json"
    env = _env(tmp_path)
    for k, delay in enumerate((0.9, 1.1, 1.3, 1.55)):
        p = subprocess.Popen([sys.executable, "-c", WRITER, gid, str(path)], cwd=str(ROOT), env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        procs.append(p)
        assert p.stdout.readline(), p.stderr.read().decode(errors="replace")  # writing has begun
        time.sleep(delay - 0.8 + 0.013 * k)  # arbitrary moments, not aligned with the writes
        os.kill(p.pid, signal.SIGKILL)
        p.wait(10)
        m = saves.load(path)  # whole and consistent: replays to its snapshot
        assert m.ply >= 1
    others = [f.name for f in tmp_path.iterdir() if f != path]
    assert all(n.startswith("autosave.json.") and n.endswith(".tmp") for n in others), others


def _good_save(path: Path) -> Match:
    gid = GAMES[0]
    rules = registry.get(gid)
    n = rules.INFO.min_players
    m = Match(rules, Config([Seat("Anna", "human", 0)] +
                            [Seat(f"B{i}", "bot:easy", i) for i in range(1, n)], 4))
    while m.ply < 8 and not m.is_over():
        m.apply(m.bot_action(m.to_act()[0]))
    saves.write(path, m)
    return m


def test_leftover_temp_file_is_ignored(tmp_path, monkeypatch):
    """A kill between creating the temporary file and renaming it leaves it behind: the good
    save still continues, the load screen does not list the leftover, later saves work."""
    path = tmp_path / "saves" / f"autosave-{GAMES[0]}.json"
    m = _good_save(path)
    good = path.read_bytes()
    leftover = path.with_name(f"{path.name}.k1ll3d.tmp")
    leftover.write_bytes(good[: len(good) // 3])
    app, scene = _resume_through_menu(tmp_path, monkeypatch)
    try:
        assert [a.text for a in scene.match.actions] == [a.text for a in m.actions]
        from ui.scenes.saving import LoadScene
        load = LoadScene(app)
        assert [p.name for p, _, _ in load.entries] == [path.name]
        scene.do(scene.match.bot_action(scene.match.to_act()[0]))  # the next autosave
        assert saves.load(path).ply == m.ply + 1
        assert leftover.read_bytes() == good[: len(good) // 3]  # not mistaken for a save
    finally:
        pygame.quit()


@pytest.mark.parametrize("stage", ["write", "fsync", "replace"])
def test_write_failing_half_way_keeps_the_good_save(tmp_path, monkeypatch, stage):
    """A write that fails at any stage (disk full, an interrupt) leaves the previous save
    byte for byte, and no temporary file behind."""
    path = tmp_path / "autosave.json"
    m = _good_save(path)
    good = path.read_bytes()
    m.apply(m.bot_action(m.to_act()[0]))

    def boom(*a, **k):
        raise OSError(28, "No space left on device")

    if stage == "write":
        real = saves.json.dumps
        monkeypatch.setattr(saves.json, "dumps", lambda *a, **k: real(*a, **k)[:100] + "\udcff")
    elif stage == "fsync":
        monkeypatch.setattr(safefile.os, "fsync", boom)
    else:
        monkeypatch.setattr(safefile.os, "replace", boom)
    with pytest.raises((OSError, UnicodeError)):
        saves.write(path, m)
    assert path.read_bytes() == good
    assert [f.name for f in tmp_path.iterdir()] == ["autosave.json"]


def test_autosave_failure_in_the_app_keeps_the_good_save(tmp_path, monkeypatch):
    """The play scene tells the player the autosave failed and carries on; the last good
    autosave stays as it was (Continue still offers it)."""
    monkeypatch.setenv("BOARDGAME_HOME", str(tmp_path))
    from ui import userdirs
    from ui.app import App
    from ui.scenes.play import PlayScene
    path = userdirs.autosave_path(GAMES[0])
    m = _good_save(path)
    good = path.read_bytes()
    app = App((1280, 720), lang="en", use_settings=True)
    try:
        scene = PlayScene(app, m)
        app.push(scene)
        monkeypatch.setattr(safefile.os, "fsync", lambda fd: (_ for _ in ()).throw(OSError(5, "I/O error")))
        scene.do(m.bot_action(m.to_act()[0]))
        assert scene.autosave_failed and any("I/O error" in t for t, _ in app.messages)
        assert path.read_bytes() == good
        app.step(0.016, [])  # and the table keeps running
    finally:
        pygame.quit()


def test_truncated_autosave_is_reported_and_kept(tmp_path, monkeypatch):
    """An autosave cut short by something outside the app (a full disk, a copy): the menu
    says why, offers no Continue, and leaves the file as it is."""
    monkeypatch.setenv("BOARDGAME_HOME", str(tmp_path))
    from ui import userdirs
    from ui.app import App
    from ui.scenes.menu import MainMenu
    path = userdirs.autosave_path()
    _good_save(path)
    cut = path.read_bytes()[:-40]
    path.write_bytes(cut)
    app = App(use_settings=True)
    try:
        app.push(MainMenu(app))
        assert app.top.resumable is None
        assert any("autosave.json" in t for t, _ in app.messages)
        app.step(0.016, [])
        assert path.read_bytes() == cut
    finally:
        pygame.quit()
