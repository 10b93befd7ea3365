"""The Great Western Trail: El Paso tutorial plays through headless with the rules object
itself (so it is checked before the game is registered), in both languages, against Sue."""
from dataclasses import replace

import pytest

from games.core.action import Action
from games.core.tutorial import check, load_tutorial
from games.gwt_el_paso.rules import GWTRules


@pytest.fixture(scope="module")
def tut():
    return load_tutorial("gwt_el_paso")


def test_solo_against_sue(tut):
    for lang in ("en", "ru"):
        cfg = tut.config(lang)
        assert [s.kind for s in cfg.seats] == ["human", "automa"]
        GWTRules().check_config(cfg)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_plays_through(tut, lang):
    # check() builds the game from config("en"); the seat names are the only difference
    lang_tut = replace(tut, seats=tuple({"en": s[lang], lang: s[lang]} for s in tut.seats))
    assert check(GWTRules(), lang_tut) == []
    for step in tut.steps:
        assert step.text[lang].strip()
        if step.hint:
            assert step.hint[lang].strip()


def test_teaches_every_core_rule(tut):
    expects = [Action.parse(s.expect) for s in tut.steps if s.kind == "expect" and s.expect != "any"]
    scripts = [Action.parse(a) for s in tut.steps for a in s.script]
    texts = [a.text for a in expects]
    assert "0 move n3" in texts                                      # a fork: the outer branch
    assert any(a.verb == "do" and a.args[1:2] == ("place",) for a in expects)  # a building
    assert "0 do 0 cowboy" in texts                                  # hiring a worker
    assert any(a.verb == "bonus" for a in expects)                   # a worker bonus
    assert "0 do 0 black_angus 0" in texts                           # the cattle market
    assert "0 do 0 1 0" in texts                                     # the train
    assert any(a.verb == "deliver" for a in expects)                 # a delivery at El Paso
    assert scripts and all(a.verb == "sue" for a in scripts)         # Sue's turns
    assert tut.steps[-1].kind == "script"                            # then free play
