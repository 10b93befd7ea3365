"""Save files and the saves folder against anything a file can be.

Direct cases: broken links, link loops, FIFOs, folders and device links named like saves;
huge texts; a flipped byte in a seat's kind; a save without its snapshot or with a shortened
move list; a checksum that does not match; format-1 saves of the first release; stale
temporaries; the Load screen and the main menu facing every odd entry at once.

Property: real saves of short seeded games, mutated (cut short, bytes flipped, keys deleted,
renamed or doubled, values of the wrong type, huge and negative numbers, deep nesting, long
texts, other encodings), sometimes with the checksum recomputed so the checks behind it are
reached. Loading gives SaveError with a short message naming the file, or the match a replay
of the loaded config and moves gives; never another exception, never a hang, and the file
is never changed. The slow marker runs many more examples:
    .venv/bin/python -m pytest -m slow tests/test_hardening_saves.py
"""
from __future__ import annotations

import copy
import json
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from contextlib import contextmanager
from pathlib import Path

import pygame
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from games.core import registry, safefile, saves
from games.core.contract import Config, ConfigError, Seat
from games.core.errors import SaveError
from games.core.limits import MAX_ACTION_LEN, MAX_NAME_LEN, MAX_OPTION_LEN
from games.core.match import Match

ROOT = Path(__file__).resolve().parent.parent
POSIX = os.name == "posix"
needs_posix = pytest.mark.skipif(not POSIX, reason="FIFOs, device links and link loops are POSIX")
ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
       "PYGAME_HIDE_SUPPORT_PROMPT": "1"}


class StillRunning(BaseException):
    """Not an OSError or ValueError, so no loader can mistake it for a bad file."""


@contextmanager
def time_limit(seconds: float):
    """Fail instead of hanging: SIGALRM interrupts a blocking open() or a long loop."""
    if not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        yield
        return

    def expired(signum, frame):
        raise StillRunning(f"still running after {seconds} s")

    old = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def _limit_memory():  # for child processes: a read without bound fails instead of exhausting RAM
    import resource
    resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))


def run_child(args: list[str], timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=ENV, capture_output=True, text=True,
                          timeout=timeout, preexec_fn=_limit_memory if POSIX else None)


# --- real saves -----------------------------------------------------------------------
def make_match(gid: str, plies: int, seed: int = 11) -> Match:
    rules = registry.get(gid)
    if rules.INFO.has_automa:  # solo against the automa, as the new-game screen offers
        seats = [Seat("Zoë", "human", 0), Seat("Sue", "automa", 1)]
    else:
        seats = [Seat("Анна", "human", 0)] + [Seat(f"Bot {i}", "bot:easy", i)
                                              for i in range(1, rules.INFO.min_players + 1)]
    m = Match(rules, Config(seats, seed))
    while not m.is_over() and m.ply < plies:
        m.apply(m.bot_action(m.to_act()[0]))
    return m


def format1(doc: dict) -> dict:
    """What the first release wrote: the same fields, format 1, no checksum."""
    old = {k: v for k, v in doc.items() if k not in ("checksum", "seconds_played")}
    old["format"] = 1
    return old


def dump(doc: dict) -> bytes:
    return json.dumps(doc, separators=(",", ":")).encode("utf-8")


def signed(doc: dict) -> dict:
    doc = dict(doc)
    doc["checksum"] = saves.checksum(doc)
    return doc


def fingerprint(m: Match) -> tuple:
    return (json.dumps(m.config.to_json(), sort_keys=True), [a.text for a in m.actions],
            json.dumps(m.rules.to_json(m.state), sort_keys=True))


BASE_GAMES = {"el_paso": 26, "ttr_germany": 20, "gwt_el_paso": 24}
MATCHES = {gid: make_match(gid, n) for gid, n in BASE_GAMES.items()}
DOCS = {gid: saves.to_dict(m) for gid, m in MATCHES.items()}
# (name, document, fingerprint of the match it holds)
BASES = [(f"{gid} format 2", DOCS[gid], fingerprint(MATCHES[gid])) for gid in BASE_GAMES]
BASES.append(("el_paso format 1", format1(DOCS["el_paso"]), fingerprint(MATCHES["el_paso"])))


@pytest.fixture
def folder(tmp_path):
    return tmp_path


def write_doc(path: Path, doc: dict) -> Path:
    path.write_bytes(dump(doc))
    return path


def load_error(path: Path) -> str:
    before = path.read_bytes() if path.is_file() and not path.is_symlink() else None
    with time_limit(20), pytest.raises(SaveError) as e:
        saves.load(path)
    msg = str(e.value)
    assert path.name in msg and len(msg) < 400, msg
    if before is not None:
        assert path.read_bytes() == before
    return msg


# --- the file formats ---------------------------------------------------------------------
def test_written_saves_are_format_3_with_a_matching_checksum(folder):
    p = folder / "g.json"
    saves.write(p, MATCHES["el_paso"])
    doc = json.loads(p.read_bytes())
    assert doc["format"] == saves.SAVE_FORMAT == 3
    assert doc["checksum"] == saves.checksum(doc) and len(doc["checksum"]) == 64
    assert fingerprint(saves.load(p)) == fingerprint(MATCHES["el_paso"])


def test_the_time_played_travels_with_the_save_and_old_saves_have_none(folder):
    m = MATCHES["el_paso"]
    m.seconds_played = 754.26
    p = folder / "t.json"
    saves.write(p, m)
    assert saves.load(p).seconds_played == 754.3
    doc = json.loads(p.read_bytes())
    old = {k: v for k, v in doc.items() if k != "seconds_played"}
    old["format"] = 2
    old["checksum"] = saves.checksum(old)
    assert saves.load(write_doc(folder / "old2.json", old)).seconds_played == 0.0
    for bad in (-1, "ten", True, 1e12):
        doc2 = dict(doc, seconds_played=bad)
        doc2["checksum"] = saves.checksum(doc2)
        q = folder / "bad.json"
        q.write_text(json.dumps(doc2), encoding="utf-8")
        before = q.read_bytes()
        with pytest.raises(saves.SaveError):
            saves.load(q)
        assert q.read_bytes() == before


@pytest.mark.parametrize("gid", sorted(BASE_GAMES))
def test_format_1_saves_of_the_first_release_still_load(folder, gid):
    p = write_doc(folder / "old.json", format1(DOCS[gid]))
    assert fingerprint(saves.load(p, expect_game=gid)) == fingerprint(MATCHES[gid])
    info = saves.summary(p)
    assert info["ply"] == MATCHES[gid].ply and info["seats"][0] in ("Анна", "Zoë")


def test_format_1_needs_its_snapshot(folder):
    doc = format1(DOCS["el_paso"])
    del doc["snapshot"]
    assert "snapshot" in load_error(write_doc(folder / "nosnap.json", doc))


def test_format_1_shortened_move_list_is_caught_by_the_snapshot(folder):
    doc = format1(DOCS["el_paso"])
    doc["actions"] = doc["actions"][:-3]
    doc["ply"] = len(doc["actions"])
    assert "does not match" in load_error(write_doc(folder / "short.json", doc))


def test_shortened_move_list_without_snapshot_is_damage(folder):
    """The attack: drop the snapshot and the last moves; it used to open as an earlier position."""
    doc = copy.deepcopy(DOCS["el_paso"])
    del doc["snapshot"]
    doc["actions"] = doc["actions"][:-3]
    doc["ply"] = len(doc["actions"])
    assert "damaged" in load_error(write_doc(folder / "short.json", doc))
    # and with a snapshot of the earlier position, but the old checksum: still damage
    doc = copy.deepcopy(DOCS["el_paso"])
    earlier = Match.replay(MATCHES["el_paso"].rules, MATCHES["el_paso"].config, doc["actions"][:-3])
    doc.update(actions=doc["actions"][:-3], ply=earlier.ply,
               snapshot=earlier.rules.to_json(earlier.state))
    assert "checksum" in load_error(write_doc(folder / "short2.json", doc))


def test_format_2_needs_snapshot_and_checksum(folder):
    for key in ("snapshot", "checksum"):
        doc = copy.deepcopy(DOCS["el_paso"])
        del doc[key]
        if key == "snapshot":
            doc = signed(doc)
        assert key in load_error(write_doc(folder / f"no-{key}.json", doc))


def test_checksum_mismatch_is_damage(folder):
    doc = copy.deepcopy(DOCS["el_paso"])
    doc["saved_at"] = "1999-01-01T00:00:00"  # a field the replay cannot check
    msg = load_error(write_doc(folder / "edited.json", doc))
    assert "the file is damaged" in msg and "checksum" in msg
    with pytest.raises(SaveError, match="checksum"):
        saves.summary(folder / "edited.json")  # the Load screen says so too


def test_newer_format_other_game_and_other_data_keep_their_messages(folder):
    doc = dict(DOCS["el_paso"], format=saves.SAVE_FORMAT + 1)
    assert "newer version" in load_error(write_doc(folder / "new.json", doc))
    p = write_doc(folder / "other.json", DOCS["el_paso"])
    with pytest.raises(SaveError, match="a save of el_paso, not of ttr_germany"):
        saves.load(p, expect_game="ttr_germany")
    doc = copy.deepcopy(DOCS["el_paso"])
    doc["data_version"] = "0"
    doc["snapshot"]["zz"] = 1
    assert "other game data" in load_error(write_doc(folder / "data.json", signed(doc)))


def test_a_save_from_before_a_state_field_was_added_loads(folder):
    """TTR's seen cards (PlayerState.known) came after saves were written: a snapshot
    without them is the same position; a changed value still is damage."""
    m = make_match("ttr_germany", 60)
    assert any(p.known for p in m.state.players)  # easy bots take face-up cards
    doc = copy.deepcopy(saves.to_dict(m))
    for p in doc["snapshot"]["state"]["players"]:
        del p["known"]
    loaded = saves.load(write_doc(folder / "old.json", signed(doc)))
    assert fingerprint(loaded) == fingerprint(m)
    bad = copy.deepcopy(doc)
    bad["snapshot"]["state"]["players"][0]["trains"] += 1
    assert "does not match its moves" in load_error(write_doc(folder / "bad.json", signed(bad)))
    # a colour missing from a hand is not a field added since: still damage
    bad = copy.deepcopy(doc)
    hand = bad["snapshot"]["state"]["players"][0]["hand"]
    del hand[next(iter(hand))]
    assert "does not match its moves" in load_error(write_doc(folder / "hand.json", signed(bad)))
    bad = copy.deepcopy(doc)
    bad["snapshot"]["state"]["players"][0]["zz"] = 1
    assert "does not match its moves" in load_error(write_doc(folder / "extra.json", signed(bad)))


@pytest.mark.parametrize("field", ["app", "game", "data_version", "saved_at", "config", "actions",
                                   "ply", "finished"])
def test_every_field_is_required(folder, field):
    doc = copy.deepcopy(DOCS["el_paso"])
    del doc[field]
    load_error(write_doc(folder / "missing.json", signed(doc)))


def test_unknown_field_and_duplicate_keys_and_non_numbers_are_damage(folder):
    doc = signed(dict(DOCS["el_paso"], extra=1))
    assert "unknown field" in load_error(write_doc(folder / "extra.json", doc))
    text = dump(DOCS["el_paso"]).decode()
    dup = text.replace('"kind":"human"', '"kind":"bot:easy","kind":"human"', 1)
    assert dup != text
    p = folder / "dup.json"
    p.write_text(dup, encoding="utf-8")
    assert "appears twice" in load_error(p)
    for literal in ("NaN", "Infinity", "1e999"):
        p.write_text(text.replace('"seed":11', f'"seed":{literal}', 1), encoding="utf-8")
        assert "damaged" in load_error(p)


def test_utf8_bom_is_read_other_encodings_are_refused(folder):
    text = json.dumps(DOCS["el_paso"], ensure_ascii=False)
    p = folder / "enc.json"
    p.write_bytes(text.encode("utf-8-sig"))
    assert fingerprint(saves.load(p)) == fingerprint(MATCHES["el_paso"])
    for enc in ("utf-16", "utf-32", "cp1251"):
        p.write_bytes(text.encode(enc))
        assert "UTF-8" in load_error(p)


# --- seats and config: nothing defaulted ---------------------------------------------------
def test_flipped_byte_in_kind_no_longer_makes_a_bot_human(folder):
    raw = dump(DOCS["el_paso"])
    i = raw.index(b'"kind":"bot:easy"') + 1  # the k of the second seat's "kind"
    flipped = raw[:i] + bytes([raw[i] ^ 0x02]) + raw[i + 1:]  # "kind" -> "iind"
    p = folder / "flip.json"
    p.write_bytes(flipped)
    assert "checksum" in load_error(p)
    # the same damage with the checksum recomputed, and in a format-1 save: the missing field is named
    for doc in (signed(json.loads(flipped)), format1(json.loads(flipped))):
        msg = load_error(write_doc(p, doc))
        assert "seat 2" in msg and "kind" in msg


@pytest.mark.parametrize("bad,why", [
    ({"name": "A", "kind": "bot:easy"}, "no colour"),
    ({"name": "A", "colour": 1}, "no kind"),
    ({"kind": "human", "colour": 1}, "no name"),
    ({"name": "A", "kind": "human", "colour": 1, "x": 0}, "unknown field"),
    ({"name": "A", "kind": "bot", "colour": 1}, "unknown kind"),
    ({"name": "A", "kind": "bot:godlike", "colour": 1}, "unknown kind"),
    ({"name": "A", "kind": "Human", "colour": 1}, "unknown kind"),
    ({"name": "A", "kind": "human", "colour": True}, "colour"),
    ({"name": "A", "kind": "human", "colour": 8}, "colour"),
    ({"name": "A", "kind": "human", "colour": -1}, "colour"),
    ({"name": "A", "kind": "human", "colour": 1.0}, "colour"),
    ({"name": "", "kind": "human", "colour": 1}, "name"),
    ({"name": "a\x00b", "kind": "human", "colour": 1}, "name"),
    ({"name": "x" * (MAX_NAME_LEN + 1), "kind": "human", "colour": 1}, "name"),
    ({"name": 5, "kind": "human", "colour": 1}, "name"),
    ("Anna", "not a mapping"),
])
def test_seat_from_json_refuses_damage(bad, why):
    with pytest.raises(ConfigError, match=why):
        Seat.from_json(bad)


def test_seat_and_config_round_trip():
    for kind in ("human", "automa", "bot:easy", "bot:normal", "bot:hard"):
        s = Seat("x" * MAX_NAME_LEN, kind, 7)
        assert Seat.from_json(s.to_json()) == s
    c = Config([Seat("A", "human", 0)], -5, {"loot_per_town": "20"})
    assert Config.from_json(c.to_json()) == c


GOOD_CONFIG = {"seats": [{"name": "A", "kind": "human", "colour": 0}], "seed": 3, "options": {}}


@pytest.mark.parametrize("change,why", [
    ({"seed": "3"}, "seed"), ({"seed": True}, "seed"), ({"seed": 2 ** 64}, "seed"),
    ({"seed": 1.5}, "seed"), ({"seats": []}, "seats"), ({"seats": {"0": 1}}, "seats"),
    ({"options": ["a"]}, "options"), ({"options": {"a": 1}}, "option"),
    ({"options": {"a": "x" * (MAX_OPTION_LEN + 1)}}, "option"),
    ({"options": {"x" * (MAX_OPTION_LEN + 1): "a"}}, "option"), ({"options": {"": "a"}}, "option"),
    ({"extra": 1}, "unknown field"),
])
def test_config_from_json_refuses_damage(change, why):
    with pytest.raises(ConfigError, match=why):
        Config.from_json({**GOOD_CONFIG, **change})
    for key in GOOD_CONFIG:
        with pytest.raises(ConfigError, match=f"no {key}"):
            Config.from_json({k: v for k, v in GOOD_CONFIG.items() if k != key})


# --- huge texts -----------------------------------------------------------------------
@pytest.mark.parametrize("where", ["name", "option key", "option value", "action", "saved_at",
                                   "game", "data_version"])
def test_huge_texts_are_damage_and_quick(folder, where):
    huge = "W" * 3_000_000  # a file of 3 MB: within the size bound, so the text bound is reached
    doc = copy.deepcopy(DOCS["el_paso"])
    if where == "name":
        doc["config"]["seats"][0]["name"] = huge
    elif where == "option key":
        doc["config"]["options"][huge] = "18"
    elif where == "option value":
        doc["config"]["options"]["loot_per_town"] = huge
    elif where == "action":
        doc["actions"][4] = doc["actions"][4] + " " + huge
    else:
        doc[where] = huge
    p = write_doc(folder / "huge.json", signed(doc))
    msg = load_error(p)
    with pytest.raises(SaveError):
        saves.summary(p)
    assert "damaged" in msg


def test_five_megabyte_save_is_refused_by_its_size(folder):
    doc = copy.deepcopy(DOCS["el_paso"])
    doc["config"]["seats"][0]["name"] = "W" * 5_000_000
    assert "too large to be a save" in load_error(write_doc(folder / "huge.json", signed(doc)))


def test_name_limit_is_the_setup_screens(app):
    """The new-game screen's field takes MAX_NAME_LEN characters; a name of that length loads."""
    from ui.scenes.setup import NewGame
    app.push(NewGame(app, "el_paso"))
    assert {f.max_len for f in app.top.fields} == {MAX_NAME_LEN}
    doc = copy.deepcopy(DOCS["el_paso"])
    doc["config"]["seats"][0]["name"] = "Ж" * MAX_NAME_LEN
    Config.from_json(doc["config"])
    doc["config"]["seats"][0]["name"] += "Ж"
    with pytest.raises(ConfigError):
        Config.from_json(doc["config"])


def test_cli_refuses_names_the_saves_would_refuse():
    import main
    assert main._parse_seats("Anna,bot:easy")[0].name == "Anna"
    with pytest.raises(main.CliError, match="names are at most"):
        main._parse_seats("x" * (MAX_NAME_LEN + 1) + ",bot:easy")


@pytest.mark.parametrize("gid", registry.GAME_IDS)
def test_no_legal_action_comes_near_the_action_limit(gid):
    rules = registry.get(gid)
    m = Match(rules, Config([Seat(f"P{i}", "bot:easy", i) for i in range(rules.INFO.max_players)], 2))
    longest = 0
    while not m.is_over() and m.ply < 120:
        for s in m.to_act():
            longest = max([longest] + [len(a.text) for a in rules.legal_actions(m.state, s)])
        m.apply(m.bot_action(m.to_act()[0]))
    assert 0 < longest <= MAX_ACTION_LEN // 2


# --- odd entries named like saves -----------------------------------------------------
def make_odd_entries(folder: Path) -> dict[str, str]:
    """Every kind of entry a saves folder may hold; name -> a word its reason must contain."""
    folder.mkdir(parents=True, exist_ok=True)
    odd = {}
    (folder / "folder.json").mkdir()
    odd["folder.json"] = "not a regular file"
    if POSIX:
        os.symlink(folder / "nowhere.json.target", folder / "broken.json")
        odd["broken.json"] = "link to nothing"
        os.symlink(folder / "loop.json", folder / "loop.json")
        odd["loop.json"] = "link loop"
        os.symlink(folder / "loop-b.json", folder / "loop-a.json")
        os.symlink(folder / "loop-a.json", folder / "loop-b.json")
        odd["loop-a.json"] = odd["loop-b.json"] = "link loop"
        os.mkfifo(folder / "fifo.json")
        odd["fifo.json"] = "not a regular file"
        if Path("/dev/zero").exists():
            os.symlink("/dev/zero", folder / "zero.json")
            odd["zero.json"] = "not a regular file"
    return odd


@needs_posix
def test_loading_odd_entries_fails_fast_with_a_reason(folder):
    odd = make_odd_entries(folder / "saves")
    for name, why in odd.items():
        if name == "zero.json":
            continue  # read in a child process with a memory limit (below)
        p = folder / "saves" / name
        assert why in load_error(p)
        with time_limit(20), pytest.raises(SaveError, match=why):
            saves.summary(p)


@needs_posix
def test_unreadable_file_is_reported(folder, monkeypatch):
    p = write_doc(folder / "locked.json", DOCS["el_paso"])
    real_open = safefile.os.open

    def refuse(path, *a, **k):  # as chmod 000 does for a user who is not root
        if str(path).endswith("locked.json"):
            raise PermissionError(13, "Permission denied")
        return real_open(path, *a, **k)

    monkeypatch.setattr(safefile.os, "open", refuse)
    assert "cannot be read (Permission denied)" in load_error(p)


@needs_posix
@pytest.mark.parametrize("target", ["fifo", "zero"])
def test_cli_load_of_a_fifo_or_device_fails_fast(folder, target):
    p = folder / f"{target}.json"
    if target == "fifo":
        os.mkfifo(p)
    else:
        if not Path("/dev/zero").exists():
            pytest.skip("no /dev/zero")
        os.symlink("/dev/zero", p)
    r = run_child(["main.py", "simulate", "el_paso", "--load", str(p)], timeout=90)
    assert r.returncode == 1, r.stderr
    assert "not a save file (not a regular file)" in r.stderr and "Traceback" not in r.stderr


LOAD_SCREEN_CHILD = textwrap.dedent('''
    import json, os, sys, time
    import pygame
    from pathlib import Path
    from games.core import safefile
    from ui import userdirs
    from ui.app import App
    from ui.scenes.menu import MainMenu
    from ui.scenes.saving import LoadScene
    real_open = safefile.os.open
    def refuse(path, *a, **k):  # an unreadable file, also when the tests run as root
        if str(path).endswith("locked.json"):
            raise PermissionError(13, "Permission denied")
        return real_open(path, *a, **k)
    safefile.os.open = refuse
    app = App((1280, 720), lang="en", use_settings=True)   # startup cleans stale temporaries
    app.anim_speed, app.bot_delay = 0, 0
    folder = userdirs.saves_dir()
    after_start = sorted(p.name for p in folder.iterdir())
    app.reset_to(MainMenu(app))   # looks at autosave.json, which is a FIFO
    app.draw()
    menu_resumable = app.top.resumable
    menu_messages = [m for m, _ in app.messages]
    app.push(LoadScene(app))
    scene = app.top
    entries = [[p.name, info is not None, err] for p, info, err in scene.entries]
    after_refresh = sorted(p.name for p in folder.iterdir())
    refused_opens = 0
    def show(k):   # scroll row k into view, draw, return its place on screen
        scene.scroll = max(0, k - scene.rows_fit + 1)
        app.draw()
        return scene.row_rect(k - scene.scroll).center
    for k, (p, info, err) in enumerate(scene.entries):
        if info is None:
            app.step(0.02, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=show(k), button=1)])
            assert app.top is scene
            scene.open(p)   # as if it had turned bad after the listing
            assert app.top is scene and app.messages
            refused_opens += 1
    opened = None
    for k, (p, info, err) in enumerate(scene.entries):
        if p.name == "good.json":
            app.step(0.02, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=show(k), button=1)])
            opened = type(app.top).__name__
            app.draw()
    print(json.dumps({"entries": entries, "after_start": after_start, "menu_resumable": menu_resumable,
                      "menu_messages": menu_messages, "after_refresh": after_refresh,
                      "refused_opens": refused_opens, "opened": opened}))
    pygame.quit()
''')


@needs_posix
def test_load_screen_and_menu_list_every_odd_entry_and_never_stop(tmp_path):
    home = tmp_path / "home"
    folder = home / "saves"
    odd = make_odd_entries(folder)
    (folder / "autosave.json").unlink(missing_ok=True)
    os.mkfifo(folder / "autosave.json")
    odd["autosave.json"] = "not a regular file"
    write_doc(folder / "locked.json", DOCS["el_paso"])
    odd["locked.json"] = "Permission denied"
    doc = copy.deepcopy(DOCS["el_paso"])
    doc["config"]["seats"][0]["name"] = "W" * 3_000_000
    write_doc(folder / "huge-name.json", signed(doc))
    odd["huge-name.json"] = "the save is damaged"
    write_doc(folder / "kind-flipped.json",
              signed(json.loads(dump(DOCS["el_paso"]).replace(b'"kind":"bot:easy"', b'"kine":"bot:easy"', 1))))
    odd["kind-flipped.json"] = "no kind"
    (folder / "\udcff-bytes.json").write_bytes(b"{")  # a name that is not UTF-8
    odd["\udcff-bytes.json"] = "cut short"
    write_doc(folder / "good.json", DOCS["el_paso"])
    write_doc(folder / "old.json", format1(DOCS["ttr_germany"]))
    config = home / "config"
    config.mkdir()
    stale = [folder / "good.json.ab12cd34.tmp", config / "settings.json.zz99yy88.tmp"]
    fresh = folder / "good.json.fresh123.tmp"
    for p in stale + [fresh]:
        p.write_bytes(b"{half")
    for p in stale:
        os.utime(p, (time.time() - 3600, time.time() - 3600))
    env_home = {**ENV, "BOARDGAME_HOME": str(home)}
    t0 = time.perf_counter()
    r = subprocess.run([sys.executable, "-c", LOAD_SCREEN_CHILD], cwd=ROOT, env=env_home,
                       capture_output=True, text=True, timeout=120, preexec_fn=_limit_memory)
    seconds = time.perf_counter() - t0
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout.strip().splitlines()[-1])
    entries = {name: (ok, err) for name, ok, err in out["entries"]}
    assert set(entries) == {n for n in out["after_refresh"] if n.endswith(".json")}
    # the game opened autosaves into its own file; the odd autosave.json stays a FIFO
    assert set(os.listdir(folder)) - set(out["after_refresh"]) <= {"autosave-el_paso.json"}
    for name, why in odd.items():
        ok, err = entries[name]
        assert not ok and why in err, (name, err)
    assert entries["\udcff-bytes.json"][1].startswith("\ufffd-bytes.json: ")  # shown, not raw bytes
    assert entries["good.json"][0] and entries["old.json"][0]
    assert out["menu_resumable"] is None
    assert any("autosave.json" in m and "not a regular file" in m for m in out["menu_messages"])
    assert out["opened"] == "PlayScene" and out["refused_opens"] == len(odd)
    # the stale temporaries went at startup; the fresh one (a write in progress) stays
    assert "good.json.ab12cd34.tmp" not in out["after_start"] and "good.json.fresh123.tmp" in out["after_start"]
    assert not stale[1].exists() and fresh.exists()
    # nothing else was touched: the odd entries are all still there
    assert all(os.path.lexists(folder / n) for n in odd)
    print(f"load screen over {len(entries)} entries: {seconds:.1f} s in a child process")


def test_load_screen_refresh_cleans_stale_temporaries(app):
    from ui import userdirs
    from ui.scenes.saving import LoadScene
    folder = userdirs.saves_dir()
    write_doc(folder / "good.json", DOCS["el_paso"])
    stale, fresh = folder / "good.json.k1ll3d00.tmp", folder / "good.json.k1ll3d11.tmp"
    for p in (stale, fresh):
        p.write_bytes(b"{half")
    os.utime(stale, (time.time() - 120, time.time() - 120))
    scene = LoadScene(app)
    assert [p.name for p, _, _ in scene.entries] == ["good.json"]
    assert not stale.exists() and fresh.exists()


def test_save_dialog_and_autosave_write_format_3(app):
    from ui import userdirs
    from ui.scenes.menu import MainMenu
    from ui.scenes.play import PlayScene
    from ui.scenes.saving import SaveDialog
    app.use_settings = True
    m = make_match("el_paso", 6)
    scene = PlayScene(app, m)
    app.reset_to(MainMenu(app))
    app.push(scene)
    scene.do(m.bot_action(m.to_act()[0]))
    dialog = SaveDialog(app, m)
    app.push(dialog)
    dialog.field.text = "mine"
    dialog.save()
    for p in (userdirs.autosave_path(), userdirs.saves_dir() / "mine.json"):
        doc = json.loads(p.read_bytes())
        assert doc["format"] == 3 and doc["checksum"] == saves.checksum(doc)
        assert fingerprint(saves.load(p)) == fingerprint(m)


def test_each_game_keeps_its_own_autosave_listed_and_deletable(app):
    """Starting another game never replaces an unfinished one: each kind of game has its
    autosave, and a new game of a kind moves the unfinished one aside; the menu's Continue
    lists them when there are several, Load names them by game, and the player may delete
    one (after a confirmation)."""
    from ui import userdirs
    from ui.scenes.dialogs import Confirm
    from ui.scenes.menu import MainMenu
    from ui.scenes.play import PlayScene
    from ui.scenes.saving import LoadScene
    app.use_settings = True
    app.reset_to(MainMenu(app))

    def play(m):
        scene = PlayScene(app, m)
        app.push(scene)
        scene.do(m.bot_action(m.to_act()[0]))
        app.reset_to(MainMenu(app))
        return app.top

    for gid in ("el_paso", "ttr_germany"):
        menu = play(make_match(gid, 6))
    el_paso, ttr = userdirs.autosave_path("el_paso"), userdirs.autosave_path("ttr_germany")
    assert el_paso.is_file() and ttr.is_file()
    assert userdirs.autosave_path() == ttr  # the newest
    assert [u["game"] for u in menu.unfinished] == ["ttr_germany", "el_paso"]
    assert menu.resumable["game"] == "ttr_germany"
    # the same match resumed keeps its file; a new match of that kind moves it aside
    first = saves.read_raw(el_paso)["actions"]
    play(saves.load(el_paso))
    assert saves.read_raw(el_paso)["actions"][:len(first)] == first
    assert not (userdirs.saves_dir() / "autosave-el_paso-2.json").exists()
    menu = play(make_match("el_paso", 2, seed=12))
    aside = userdirs.saves_dir() / "autosave-el_paso-2.json"
    assert saves.read_raw(aside)["actions"][:len(first)] == first
    assert saves.read_raw(el_paso)["config"]["seed"] == 12
    assert [u["path"] for u in menu.unfinished] == [str(el_paso), str(aside), str(ttr)]
    app.draw()
    menu.continue_()
    listing = app.top
    assert isinstance(listing, LoadScene) and listing.unfinished
    assert [p for p, _, _ in listing.entries] == [el_paso, aside, ttr]
    assert listing.entry_name(*listing.entries[1][:2]) == "El Paso"
    assert LoadScene(app).entry_name(*listing.entries[1][:2]) == "Autosave: El Paso"
    for gone in (aside, ttr):  # Delete, confirmed with Enter
        app.draw()
        pos = listing.delete_rect(1).center
        app.step(0.0, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])
        assert isinstance(app.top, Confirm)
        app.draw()
        app.step(0.0, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")])
        assert app.top is listing and not gone.exists() and el_paso.is_file()
    assert [p for p, _, _ in listing.entries] == [el_paso]
    app.pop()
    assert len(app.top.unfinished) == 1
    app.top.continue_()  # one left: straight back to the table
    assert isinstance(app.top, PlayScene) and app.top.game_id == "el_paso"


def test_old_single_autosave_migrates(app):
    """The single autosave.json of earlier releases is listed as its game's; once that game
    is saved again it has its own file and the old one goes. One of another game stays."""
    from ui import userdirs
    from ui.scenes.menu import MainMenu
    from ui.scenes.play import PlayScene
    app.use_settings = True
    legacy = userdirs.saves_dir() / "autosave.json"
    saves.write(legacy, make_match("el_paso", 6))
    app.reset_to(MainMenu(app))
    assert [u["game"] for u in app.top.unfinished] == ["el_paso"]
    app.top.resume()
    scene = app.top
    assert isinstance(scene, PlayScene) and legacy.is_file()  # nothing changes by looking
    scene.do(scene.match.bot_action(scene.match.to_act()[0]))
    assert userdirs.autosave_path("el_paso").is_file() and not legacy.exists()
    saves.write(legacy, make_match("el_paso", 4))
    other = make_match("ttr_germany", 4)
    scene = PlayScene(app, other)
    app.push(scene)
    scene.do(other.bot_action(other.to_act()[0]))
    assert legacy.is_file()  # another game's: still its autosave


def test_leaving_says_the_game_is_kept_when_it_is(app):
    from ui.scenes.dialogs import QuitConfirm
    from ui.scenes.play import PlayScene
    m = make_match("el_paso", 4)
    scene = PlayScene(app, m)
    app.reset_to(scene)
    assert QuitConfirm(app).body == app.t("quit.body")  # no autosave (tests, tools): lost
    scene.autosave = True
    for lang in ("en", "ru"):
        app.set_language(lang)
        dialog = QuitConfirm(app, on_leave=lambda: None)
        assert dialog.body == app.t("quit.body_kept")
        app.push(dialog)
        app.draw()
        assert dialog.rect.h >= app.px(200)
        app.pop()
    scene.autosave_failed = True
    assert QuitConfirm(app).body == app.t("quit.body")


# --- property: mutated saves -------------------------------------------------------------
DEEP = "@@DEEP{}@@"
HUGE_INT = "@@HUGEINT@@"
DUP = "@@DUP@@"
NAMES = ["kind", "kinds", "Kind", "nam", "name ", "", "colour", "seed", "options", "checksum",
         "snapshot", "format", "ply", "actions", "zz"]


def values():
    return st.one_of(
        st.none(), st.booleans(), st.integers(-2 ** 70, 2 ** 70),
        st.sampled_from([0, -1, 1, 2, 7, 8, 99, 2 ** 63, 2 ** 64, -(2 ** 64), 10 ** 30, -(10 ** 30),
                         2 ** 1000, 0.5, -0.0, 1e300, HUGE_INT]),
        st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=20),
        st.sampled_from(["human", "bot", "bot:easy", "bot:hard", "automa", "Human", "bot:", "0 leave",
                         "a\x00b", "\ud800", "\u200b", "18", "20", "wave", "x" * 17, "Ж" * 16]),
        st.lists(st.one_of(st.integers(), st.text(max_size=4)), max_size=3),
        st.dictionaries(st.text(max_size=4), st.integers(), max_size=2),
    )


def _pick_node(data, doc):
    """A dict or list somewhere in the document, by a random walk from the top (often the
    config or the action list, the parts a replay depends on)."""
    node = doc
    if data.draw(st.booleans()):
        node = doc[data.draw(st.sampled_from(["config", "actions", "snapshot"]))]
    for _ in range(data.draw(st.integers(0, 6))):
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            break
        child = node[keys[data.draw(st.integers(0, len(keys) - 1))]]
        if not isinstance(child, (dict, list)) or not child:
            break
        node = child
    return node


def mutate(data, doc: dict, raw: bytes) -> tuple[bytes, str, bool]:
    """A damaged copy: (bytes, how, whether the checksum was recomputed after the change)."""
    how = data.draw(st.sampled_from(["truncate", "flip", "delete", "rename", "type", "number",
                                     "long", "dup", "deep", "encoding", "shorten", "reformat"]))
    if how == "truncate":
        return raw[: data.draw(st.integers(0, len(raw) - 1))], how, False
    if how == "flip":
        out = bytearray(raw)
        for _ in range(data.draw(st.integers(1, 3))):
            i = data.draw(st.integers(0, len(out) - 1))
            out[i] ^= data.draw(st.sampled_from([1, 2, 4, 8, 16, 32, 64, 128, 255]))
        return bytes(out), how, False
    if how == "encoding":
        enc = data.draw(st.sampled_from(["utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-8-sig",
                                         "latin-1", "cp1251", "utf-8"]))
        text = json.dumps(doc, ensure_ascii=False, separators=(",", ":"))
        return text.encode(enc, errors="replace"), f"{how} {enc}", False
    if how == "reformat":  # the same content laid out otherwise (a player pretty-printed it)
        text = json.dumps(doc, indent=data.draw(st.sampled_from([None, 0, 1, 4, "\t"])),
                          sort_keys=data.draw(st.booleans()), ensure_ascii=data.draw(st.booleans()))
        return text.encode("utf-8"), how, False
    doc = copy.deepcopy(doc)
    node = _pick_node(data, doc)
    if how == "shorten":  # the attack of the issue: moves dropped, ply and maybe snapshot too
        k = data.draw(st.integers(1, 5))
        doc["actions"] = doc["actions"][:-k]
        doc["ply"] = len(doc["actions"])
        if data.draw(st.booleans()):
            doc.pop("snapshot", None)
    elif not node:
        how = "empty node"
    else:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        key = keys[data.draw(st.integers(0, len(keys) - 1))]
        if how == "delete":
            del node[key]
        elif how == "rename" and isinstance(node, dict):
            new = data.draw(st.sampled_from(NAMES + [key[:-1], key + "s", key.upper()]))
            value = node.pop(key)
            node[new] = value
        elif how == "number":
            node[key] = data.draw(st.sampled_from([-1, -2 ** 63, 2 ** 64, 10 ** 30, -(10 ** 30),
                                                   2 ** 1000, 1e308, -1e308, 0.5, HUGE_INT]))
        elif how == "long":
            n = data.draw(st.sampled_from([17, 65, 257, 10_000, 1_000_000]))
            node[key] = data.draw(st.sampled_from(["x", "Я", " "])) * n
        elif how == "dup" and isinstance(node, dict):
            node[DUP] = data.draw(st.one_of(st.just(node[key]), values()))
            how = f"dup {key}"
        elif how == "deep":
            node[key] = DEEP.format(data.draw(st.sampled_from([10, 400, 990, 5000, 200_000])))
        else:
            node[key] = data.draw(values())
    resign = type(doc.get("format")) is int and doc["format"] >= 2 and data.draw(st.booleans())
    if resign:
        try:
            doc = signed(doc)
        except (ValueError, UnicodeError):
            resign = False
    text = json.dumps(doc, separators=(",", ":"))
    if DUP in text:
        text = text.replace(json.dumps(DUP), json.dumps(str(key)), 1)
    text = text.replace(json.dumps(HUGE_INT), "9" * 5000)
    for n in (10, 400, 990, 5000, 200_000):
        text = text.replace(json.dumps(DEEP.format(n)), "[" * n + "]" * n)
    return text.encode("utf-8", errors="surrogatepass"), how, resign


_HEALTH = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture]
CI = settings(max_examples=60, deadline=None, derandomize=True, database=None,
              suppress_health_check=_HEALTH)
SLOW = settings(max_examples=3000, deadline=None, database=None, suppress_health_check=_HEALTH)
OUTCOMES: dict[str, int] = {}


def check_mutated_save(folder: Path, data):
    name, doc, original = data.draw(st.sampled_from(BASES))
    raw, how, resign = mutate(data, doc, dump(doc))
    for p in folder.iterdir():
        p.unlink()
    path = folder / "victim.json"
    path.write_bytes(raw)
    with time_limit(30):
        try:
            info = saves.summary(path)
        except SaveError as e:
            assert "victim.json" in str(e) and len(str(e)) < 400, str(e)[:500]
            info = None
        try:
            match = saves.load(path)
        except SaveError as e:
            msg = str(e)
            assert "victim.json" in msg and len(msg) < 400, msg[:500]
            match = None
    assert path.read_bytes() == raw  # never changed
    assert [p.name for p in folder.iterdir()] == ["victim.json"]  # nothing written beside it
    if match is None:
        outcome = "refused: " + msg.split(": ", 1)[1].split(" (")[0]
    else:
        assert info is not None and info["ply"] == match.ply
        assert all(len(s) <= MAX_NAME_LEN for s in info["seats"])
        again = Match.replay(match.rules, Config.from_json(match.config.to_json()),
                             [a.text for a in match.actions])
        assert fingerprint(match) == fingerprint(again)
        if not resign and "format 2" in name:  # the checksum: the same game or nothing
            assert fingerprint(match) == original, how
        outcome = "loaded"
    key = f"{outcome} ({how.split()[0]}{', re-signed' if resign else ''})"
    OUTCOMES[key] = OUTCOMES.get(key, 0) + 1
    event(outcome)


@pytest.fixture(scope="module")
def victim_folder(tmp_path_factory):
    return tmp_path_factory.mktemp("victim")


@CI
@given(data=st.data())
def test_mutated_saves_load_correctly_or_give_save_error(victim_folder, data):
    check_mutated_save(victim_folder, data)


@pytest.mark.slow
@SLOW
@given(data=st.data())
def test_mutated_saves_load_correctly_or_give_save_error_soak(victim_folder, data):
    check_mutated_save(victim_folder, data)


def teardown_module():
    if OUTCOMES:  # shown with -s: what the mutations ran into
        for k in sorted(OUTCOMES):
            print(f"{OUTCOMES[k]:5d}  {k}")
    pygame.quit()
