"""Saves, resume, undo/redo and settings, checked for every registered game."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from games.core import registry, saves
from games.core.contract import Config, Seat
from games.core.errors import IllegalAction, SaveError
from games.core.match import Match
from games.core.rng import Rng


@pytest.fixture(autouse=True)
def _quick_bots(quick_argentina_normal):
    """(how well Argentina's normal bot plays does not matter here)"""


ROOT = Path(__file__).resolve().parent.parent
CASES = [(g, n) for g in registry.GAME_IDS
         for n in range(registry.get(g).INFO.min_players, registry.get(g).INFO.max_players + 1)]
SEEDS = range(4)  # games per case: two in every run (varied with the count), the rest slow


def ci_seeds(n):
    return (n % len(SEEDS), (n + 2) % len(SEEDS))


SAVE_CASES = [(g, n, s) for g, n in CASES for s in ci_seeds(n)]
SAVE_CASES_SLOW = [(g, n, s) for g, n in CASES for s in SEEDS if s not in ci_seeds(n)]


def bots(n, level="normal"):
    return [Seat(f"P{i}", f"bot:{level}", i) for i in range(n)]


def run_to(m, ply):
    while not m.is_over() and m.ply < ply:
        m.apply(m.bot_action(m.to_act()[0]))


def save_load_continue(tmp_path, gid, n, seed, bots_to_cut):
    """Saved at the start, a third of the way and one action before the end, loaded and
    played on by the bots: the same game as the uninterrupted one. The position at the cut
    is reached by the bots (`bots_to_cut`) or, as cheaply, by applying the uninterrupted
    game's first actions (the same position: the determinism contract)."""
    rules = registry.get(gid)
    full = Match(rules, Config(bots(n), seed))
    full.play_bots_to_end()
    for cut in (0, full.ply // 3, full.ply - 1):
        if bots_to_cut:
            part = Match(rules, Config(bots(n), seed))
            run_to(part, cut)
        else:
            part = Match.replay(rules, Config(bots(n), seed), full.actions[:cut])
        path = tmp_path / f"{gid}-{n}-{seed}-{cut}.json"
        saves.write(path, part)
        back = saves.load(path, expect_game=gid)
        assert back.ply == cut
        assert json.dumps(rules.to_json(back.state)) == json.dumps(rules.to_json(part.state))
        if cut == 0 and not bots_to_cut:
            continue  # played on from the start it is the uninterrupted game itself (checked by the determinism tests)
        back.play_bots_to_end()
        assert rules.result(back.state).to_json() == rules.result(full.state).to_json()
        assert [a.text for a in back.actions] == [a.text for a in full.actions]


@pytest.mark.parametrize("gid,n,seed", SAVE_CASES)
def test_save_load_continue_equals_uninterrupted(tmp_path, gid, n, seed):
    save_load_continue(tmp_path, gid, n, seed, bots_to_cut=False)


@pytest.mark.slow
@pytest.mark.parametrize("gid,n,seed", SAVE_CASES_SLOW)
def test_save_load_continue_other_seeds(tmp_path, gid, n, seed):
    save_load_continue(tmp_path, gid, n, seed, bots_to_cut=True)


def test_cli_stop_save_then_load_matches_uninterrupted(tmp_path):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    save = tmp_path / "mid.json"

    def cli(*args):
        r = subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, env=env, capture_output=True,
                           text=True, timeout=120)
        assert r.returncode == 0, r.stderr
        return r.stdout

    cli("simulate", "el_paso", "--players", "4", "--seed", "3", "--bots", "normal", "--stop-after", "90",
        "--save", str(save))
    resumed = json.loads(cli("simulate", "el_paso", "--load", str(save), "--json"))
    whole = json.loads(cli("simulate", "el_paso", "--players", "4", "--seed", "3", "--bots", "normal",
                           "--json"))
    for k in ("scores", "breakdown", "winner", "actions"):
        assert resumed[k] == whole[k]


def good_save(tmp_path, gid="el_paso"):
    rules = registry.get(gid)
    m = Match(rules, Config(bots(rules.INFO.min_players), 5))
    run_to(m, 20)
    p = tmp_path / "good.json"
    saves.write(p, m)
    return p, json.loads(p.read_text())


def mutate(data, path, value):
    d = data
    for k in path[:-1]:
        d = d[k]
    d[path[-1]] = value
    return data


BAD = {
    "truncated": lambda raw, d: raw[: len(raw) // 2],
    "empty": lambda raw, d: b"",
    "not utf-8": lambda raw, d: b"\xff\xfe\x00garbage",
    "not json": lambda raw, d: b"hello there",
    "a list": lambda raw, d: b"[1, 2, 3]",
    "other app": lambda raw, d: json.dumps(mutate(d, ["app"], "other")).encode(),
    "future version": lambda raw, d: json.dumps(mutate(d, ["format"], 99)).encode(),
    "format text": lambda raw, d: json.dumps(mutate(d, ["format"], "1")).encode(),
    "unknown game": lambda raw, d: json.dumps(mutate(d, ["game"], "chess")).encode(),
    "actions not a list": lambda raw, d: json.dumps(mutate(d, ["actions"], "x")).encode(),
    "illegal action": lambda raw, d: json.dumps(mutate(d, ["actions", 3], "0 fly away")).encode(),
    "config broken": lambda raw, d: json.dumps(mutate(d, ["config", "seats"], 5)).encode(),
    "huge seed": lambda raw, d: json.dumps(mutate(d, ["config", "seed"], 10 ** 400)).encode(),
    "snapshot tampered": lambda raw, d: json.dumps(mutate(d, ["snapshot", "state", "town"], 5)).encode(),
    "deep nesting": lambda raw, d: b"[" * 100000 + b"]" * 100000,
}


@pytest.mark.parametrize("kind", sorted(BAD))
def test_bad_saves_give_a_clear_message_and_stay_untouched(tmp_path, kind):
    p, data = good_save(tmp_path)
    raw = BAD[kind](p.read_bytes(), data)
    p.write_bytes(raw)
    with pytest.raises(SaveError) as e:
        saves.load(p)
    assert "good.json" in str(e.value)
    assert p.read_bytes() == raw


def test_save_of_another_game_is_refused(tmp_path):
    p, data = good_save(tmp_path)
    with pytest.raises(SaveError, match="not of"):
        saves.load(p, expect_game="ttr_germany")


def test_atomic_write_leaves_no_temp_files(tmp_path):
    p, _ = good_save(tmp_path)
    assert sorted(x.name for x in tmp_path.iterdir()) == ["good.json"]


# --- undo policy ---------------------------------------------------------------

def human_game(seed=2):
    """Anna (a human) to decide, with other seats still to decide after her."""
    rules = registry.get("el_paso")
    seats = [Seat("Anna", "human", 0), Seat("Doc", "bot:normal", 1), Seat("Belle", "bot:normal", 2)]
    m = Match(rules, Config(seats, seed))
    while not (m.to_act()[0] == 0 and m.state.phase == "decide" and len(m.state.queue) > 1):
        m.apply(m.bot_action(m.to_act()[0]))
    return m


def test_undo_own_card_then_redo():
    m = human_game()
    before = json.dumps(m.rules.to_json(m.state))
    act = m.rules.legal_actions(m.state, 0)[0]
    m.apply(act)
    assert m.undo_status(0) == (True, "")
    m.undo(0)
    assert json.dumps(m.rules.to_json(m.state)) == before
    assert m.can_redo(0)
    m.redo(0)
    assert m.actions[-1] == act
    assert not m.redo_stack


def test_no_undo_after_another_seat_acted():
    m = human_game()
    m.apply(m.rules.legal_actions(m.state, 0)[0])
    nxt = m.to_act()[0]
    if nxt != 0:
        m.apply(m.bot_action(nxt))
        assert m.undo_status(0) == (False, "undo.other_seat")
        with pytest.raises(IllegalAction):
            m.undo(0)


def test_no_undo_after_a_reveal():
    rules = registry.get("el_paso")
    m = Match(rules, Config([Seat("A", "human", 0), Seat("B", "human", 1)], 4))
    # play until a seat's own action rolls the dice (the last card of a round)
    for _ in range(500):
        seat = m.to_act()[0]
        events = m.apply(m.bot_action(seat))
        if any(e.type == "dice_rolled" for e in events):
            assert m.undo_status(seat) == (False, "undo.revealed")
            return
    pytest.fail("no dice roll seen")


def test_new_action_clears_redo():
    m = human_game()
    legal = m.rules.legal_actions(m.state, 0)
    m.apply(legal[0])
    m.undo(0)
    m.apply(legal[1])
    assert not m.can_redo(0)


# --- settings and folders --------------------------------------------------------

def test_bad_settings_file_resets_and_keeps_a_copy(tmp_path, monkeypatch):
    from ui import settings
    monkeypatch.setenv("BOARDGAME_HOME", str(tmp_path))
    p = settings.path()
    p.write_text("{not json", encoding="utf-8")
    s, msg = settings.load()
    assert msg and "settings" in msg
    assert s == settings.Settings().normalised()
    assert (p.parent / "settings.json.bad").read_text(encoding="utf-8") == "{not json"


def test_settings_round_trip_and_clamping(tmp_path, monkeypatch):
    from ui import settings
    monkeypatch.setenv("BOARDGAME_HOME", str(tmp_path))
    s = settings.Settings(language="ru", window=(1600, 900), ui_scale=1.15, anim_speed=0.0, bot_pace=1.2,
                          palette="classic", sound=False, volume=0.25)
    assert settings.save(s) is None
    back, msg = settings.load()
    assert msg is None and back == s.normalised() and back.language == "ru" and back.window == (1600, 900)
    settings.path().write_text(json.dumps({"language": "xx", "ui_scale": "huge", "volume": 7,
                                           "window": [1, 2]}), encoding="utf-8")
    odd, msg = settings.load()  # the values not understood are named and reset (or clamped)
    assert odd.ui_scale == 1.0 and odd.volume == 1.0 and odd.window == (0, 0)
    assert msg and all(k in msg for k in ("language", "ui_scale", "volume", "window"))


def test_unwritable_folder_falls_back(tmp_path, monkeypatch):
    from ui import userdirs
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("BOARDGAME_HOME", str(blocker))  # a file, so no folder can be made under it
    monkeypatch.setattr(userdirs, "warnings", [])
    folder = userdirs.saves_dir()
    assert folder.exists() and userdirs.warnings and "cannot write" in userdirs.warnings[0]


# --- the UI side ------------------------------------------------------------------

@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDGAME_HOME", str(tmp_path))
    from ui.app import App
    a = App((1280, 720), lang="en")
    a.anim_speed, a.bot_delay = 0, 0
    yield a
    pygame.quit()


def test_autosave_and_continue(app, tmp_path):
    from ui import userdirs
    from ui.scenes.menu import MainMenu
    from ui.scenes.play import PlayScene
    app.use_settings = True  # behave as the real app: autosave on
    m = human_game()
    scene = PlayScene(app, m)
    app.reset_to(MainMenu(app))
    app.push(scene)
    scene.do(m.rules.legal_actions(m.state, 0)[0])
    assert userdirs.autosave_path().exists()
    back = saves.load(userdirs.autosave_path())
    assert [a.text for a in back.actions] == [a.text for a in m.actions]
    app.reset_to(MainMenu(app))
    menu = app.top
    assert menu.resumable is not None
    menu.resume()
    assert isinstance(app.top, PlayScene) and app.top.match.ply == m.ply


def test_undo_button_explains_refusal(app):
    from ui.scenes.play import PlayScene
    m = human_game()
    scene = PlayScene(app, m)
    app.reset_to(scene)
    scene.undo()
    assert app.messages and "undo" in app.messages[-1][0].lower()


def test_load_scene_lists_good_and_damaged_saves(app):
    from ui import userdirs
    from ui.scenes.saving import LoadScene
    m = human_game()
    saves.write(userdirs.saves_dir() / "mine.json", m)
    (userdirs.saves_dir() / "broken.json").write_text("{", encoding="utf-8")
    scene = LoadScene(app)
    app.reset_to(scene)
    app.draw()
    names = {p.name: (info is not None, err) for p, info, err in scene.entries}
    assert names["mine.json"][0] and not names["broken.json"][0] and names["broken.json"][1]
    assert (userdirs.saves_dir() / "broken.json").read_text(encoding="utf-8") == "{"


def test_frame_for_seat_shows_nothing_of_other_seats_secrets(app):
    """Re-dealing everything seat 0 cannot see leaves seat 0's rendered frame identical."""
    from ui.scenes.play import PlayScene
    for gid in registry.table_ids():   # drawn at the table
        rules = registry.get(gid)
        n = rules.INFO.max_players
        m = Match(rules, Config([Seat("A", "human", 0)] + bots(n)[1:], 6))
        run_to(m, 35)
        frames = []
        for k in range(3):
            alt = Match(rules, m.config)
            alt.actions, alt.events = list(m.actions), list(m.events)
            alt.state = m.state if k == 0 else rules.randomize_hidden(m.state, 0, Rng(k))
            scene = PlayScene(app, alt, viewer=0, animate=False)
            scene.show_log = False
            app.reset_to(scene)
            app.draw()
            frames.append(pygame.image.tobytes(app.window, "RGB"))
        assert frames[0] == frames[1] == frames[2]
