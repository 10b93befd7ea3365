"""The rules reference of Great Western Trail: El Paso (data/gwt_el_paso/rules.yaml).

tests/test_rules_reference.py covers the loader and the scene with El Paso's file, and
`validate-data` only checks registered games; this loads the GWT file through the same
loader (whether or not the game is in GAME_IDS yet) and renders it once in the scene.
"""
import re

import pygame
import pytest

from games.core.i18n import LANGUAGES
from games.core.reference import blocks, load_reference
from ui import theme
from ui.app import App
from ui.scenes.menu import MainMenu
from ui.scenes.rules import RulesScene, open_rules

GAME = "gwt_el_paso"
SECTIONS = ("goal", "components", "setup", "movement", "actions", "money", "workers",
            "market_train", "buildings", "tiles", "el_paso", "end", "solo", "edition")


def test_reference_loads_with_every_section_in_both_languages():
    sections = load_reference(GAME)
    ids = [s.id for s in sections]
    assert len(ids) == len(set(ids))
    assert set(SECTIONS) <= set(ids)
    for s in sections:
        for lang in LANGUAGES:
            assert s.title[lang].strip() and "\n" not in s.title[lang], (s.id, lang)
            assert s.body[lang].strip(), (s.id, lang)
            assert blocks(s.body[lang]), (s.id, lang)


def test_both_languages_have_the_same_shape():
    """Each section has as many bullets and numbered steps in Russian as in English."""
    for s in load_reference(GAME):
        shape = {lang: [b.kind for b in blocks(s.body[lang]) if b.kind != "p"] for lang in LANGUAGES}
        assert len(set(map(tuple, shape.values()))) == 1, (s.id, shape)


def test_russian_text_uses_the_rulebook_terms():
    ru = " ".join(s.body["ru"] for s in load_reference(GAME)).lower()
    for term in ("пастух", "рынок скота", "ковбо", "инженер", "строител", "джокер",
                 "жетон обмена", "сертификат", "торгов", "диск", "поезд", "племенн",
                 "область рабочих", "чёрными уголками", "сью", "симментальск"):
        assert term in ru, term
    # the Russian rulebook says пастух and жетон обмена, never погонщик or фишка обмена
    for wrong in ("погонщик", "фишка обмена", "фишки обмена"):
        assert wrong not in ru, wrong


def test_text_does_not_quote_design_numbers():
    """Numbers kept in the DESIGN data files are referred to, not repeated: no breeding
    value of a design breed, no post reward or post VP, no building or train VP."""
    text = " ".join(s.body[lang] for s in load_reference(GAME) for lang in LANGUAGES)
    for breed in ("Criollo", "Pineywoods", "Galloway", "Shorthorn", "Hereford", "Simmental",
                  "Креольск", "Пайнвудск", "Галловейск", "Шортгорнск", "Герефордск"):
        assert not re.search(breed + r"\w* \(\d", text), breed


@pytest.mark.parametrize("lang", LANGUAGES)
def test_scene_renders_the_reference(lang):
    app = App((1280, 720), lang=lang)
    try:
        app.push(MainMenu(app))
        open_rules(app, GAME)
        scene = app.top
        assert isinstance(scene, RulesScene) and scene.error is None
        app.step(0.016, [])
        assert scene.lines and scene.max_scroll > 0
        assert len(scene.sections) == len(scene.index_rects) >= len(SECTIONS)
        for ln in scene.lines:
            if ln.anchor == "topleft":
                assert ln.x + theme.font(ln.size, ln.bold).size(ln.text)[0] <= scene.view.w + 1, ln.text
        scene.scroll = scene.max_scroll
        app.step(0.016, [])
        assert scene.current_section() == len(scene.sections) - 1
    finally:
        pygame.quit()
