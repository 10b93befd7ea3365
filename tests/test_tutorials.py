"""Tutorials: every game's tutorial plays through headless in both languages, and the
tutorial scene refuses wrong moves, steps back and hands the game over at the end."""
import json
import shutil

import pytest

from games.core import registry
from games.core.action import Action
from games.core.errors import DataError
from games.core.tutorial import ANY, check, has_tutorial, load_tutorial

GAMES = [g for g in registry.GAME_IDS if has_tutorial(g)]
TABLE = registry.table_ids()  # a game is taught at the table: its tutorial comes with its table


def test_every_registered_game_has_a_tutorial():
    assert GAMES == list(TABLE)


@pytest.mark.parametrize("gid", GAMES)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_tutorial_runs_through_the_scene(gid, lang):
    from ui.scenes.tutorial import auto_check
    assert auto_check(gid, lang) == []


@pytest.mark.parametrize("gid", GAMES)
def test_tutorial_rules_check_and_texts(gid):
    tut = load_tutorial(gid)
    assert check(registry.get(gid), tut) == []
    for step in tut.steps:
        assert step.text["en"].strip() and step.text["ru"].strip()
    kinds = {s.kind for s in tut.steps}
    assert "expect" in kinds and "script" in kinds  # it teaches by doing, and shows the others


def test_cli_auto(capsys):
    import main
    assert main.main(["tutorial", "el_paso", "--auto"]) == 0
    assert "ok: el_paso" in capsys.readouterr().out


def _broken_copy(tmp_path, monkeypatch, edit):
    data = tmp_path / "data"
    shutil.copytree(registry.get("el_paso") and __import__("games.core.data", fromlist=["x"]).data_path(),
                    data)
    path = data / "el_paso" / "tutorial.yaml"
    path.write_text(edit(path.read_text(encoding="utf-8")), encoding="utf-8")
    monkeypatch.setenv("BOARDGAME_DATA", str(data))
    return path


def test_missing_translation_names_the_file(tmp_path, monkeypatch):
    _broken_copy(tmp_path, monkeypatch, lambda s: s.replace("      ru: \"Остальные тоже добирают карты. "
                                                            "Начинается новый раунд.\"\n", ""))
    with pytest.raises(DataError) as e:
        load_tutorial("el_paso")
    assert "tutorial.yaml" in str(e.value) and "ru" in str(e.value)


def test_illegal_expected_action_fails_the_auto_check(tmp_path, monkeypatch, capsys):
    _broken_copy(tmp_path, monkeypatch, lambda s: s.replace('expect: "0 play saloon 4"',
                                                            'expect: "0 play saloon 9"'))
    import main
    assert main.main(["tutorial", "el_paso", "--auto"]) == 1
    assert "not legal" in capsys.readouterr().err


def test_unreadable_action_is_a_data_error(tmp_path, monkeypatch):
    _broken_copy(tmp_path, monkeypatch, lambda s: s.replace('expect: "0 leave"', 'expect: "leave"'))
    with pytest.raises(DataError):
        load_tutorial("el_paso")


@pytest.fixture
def scene(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDGAME_HOME", str(tmp_path))
    import pygame

    from ui.app import App
    from ui.scenes.tutorial import TutorialScene
    app = App((1280, 720), lang="en")
    sc = TutorialScene(app, "el_paso", animate=False)
    app.push(sc)
    app.draw()
    yield sc
    pygame.quit()


def _until_expect(sc):
    while sc.step.kind != "expect":
        sc.skip()


def test_wrong_move_is_refused_with_a_hint(scene):
    _until_expect(scene)
    expected = Action.parse(scene.step.expect)
    other = next(a for a in scene.rules.legal_actions(scene.match.state, scene.viewer) if a != expected)
    before, index = json.dumps(scene.rules.to_json(scene.match.state)), scene.index
    scene.do(other)
    assert json.dumps(scene.rules.to_json(scene.match.state)) == before and scene.index == index
    assert any("saloon 5" in m[0] for m in scene.app.messages)
    scene.do(expected)
    assert scene.index == index + 1


def test_only_the_expected_move_glows_and_other_elements_hint(scene):
    """The element the step names is the only target that glows (H too); a click on another
    element answers with the step's hint, and the right move clears that hint."""
    import pygame
    _until_expect(scene)
    expected = Action.parse(scene.step.expect)
    everything = scene.rules.legal_actions(scene.match.state, scene.viewer)
    assert len(everything) > 1 and scene.my_legal() == [expected]
    scene.hint = True
    scene.app.draw()
    glowing = {a for _, a, _ in scene.view.targets if a is not None}
    assert glowing == {expected}
    mine = next(r for r, a, _ in scene.view.targets if a == expected)
    other = next(r for r, a, eid in scene.view.targets if a is None and not r.colliderect(mine)
                 and eid.startswith("hand."))
    index = scene.index
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        scene.app.step(0.0, [pygame.event.Event(kind, pos=other.center, button=1)])
    assert scene.index == index and any("saloon 5" in m[0] for m in scene.app.shown_messages())
    scene.do(expected)
    assert scene.index == index + 1
    assert not any("saloon 5" in m[0] for m in scene.app.messages)


def test_back_and_restart_rebuild_the_game(scene):
    _until_expect(scene)
    snap = lambda: json.dumps(scene.rules.to_json(scene.match.state), sort_keys=True)  # noqa: E731
    start = snap()
    n = scene.index
    scene.do(Action.parse(scene.step.expect))
    while scene.script:
        scene.update(1.0)
    scene.back()
    assert scene.index == n and snap() == start
    scene.restart()
    assert scene.index == 0 and scene.match.ply == 0


def test_the_game_goes_on_freely_after_the_last_step(scene):
    while not scene.finished:
        if scene.step.kind == "expect" and scene.step.expect != ANY:
            scene.do(Action.parse(scene.step.expect))
        else:
            scene.skip()
    assert scene.bots_may_act()
    ply = scene.match.ply
    for _ in range(200):  # the learner plays, the bots answer on their own
        scene.update(10.0)
        legal = scene.my_legal()
        if legal:
            scene.do(legal[0])
        if scene.match.ply > ply + 3:
            break
    assert scene.match.ply > ply + 3
