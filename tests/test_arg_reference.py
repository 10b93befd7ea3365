"""The rules reference of Great Western Trail: Argentina (data/gwt_argentina/rules.yaml).

Loaded through the same loader as every game's reference, by path, so it is checked
whether or not the game is registered yet: both languages, every section, no empty text,
the same bullets and steps in both, the rulebook's Russian terms, and none of the numbers
that are the project's design data. The rules scene renders it once in each language.
"""
import re

import pygame
import pytest

from games.core.data import data_path
from games.core.i18n import LANGUAGES
from games.core.reference import blocks, load_reference
from ui import theme
from ui.app import App
from ui.scenes.rules import RulesScene

GAME = "gwt_argentina"
PATH = data_path(GAME, "rules.yaml")
SECTIONS = ("goal", "components", "setup", "first_turn", "turn", "movement", "locations",
            "buenos_aires", "hire", "build", "cattle", "railroad", "objectives", "farmers",
            "auxiliary", "small_actions", "discs", "workers", "end", "scoring", "solo")


def _sections():
    return load_reference(GAME, PATH)


def test_reference_loads_with_every_section_in_both_languages():
    sections = _sections()
    ids = [s.id for s in sections]
    assert len(ids) == len(set(ids))
    assert set(SECTIONS) <= set(ids)
    assert set(LANGUAGES) >= {"en", "ru"}
    for s in sections:
        for lang in LANGUAGES:
            assert s.title[lang].strip() and "\n" not in s.title[lang], (s.id, lang)
            assert s.body[lang].strip(), (s.id, lang)
            parts = blocks(s.body[lang])
            assert parts and all(b.text.strip() for b in parts), (s.id, lang)


def test_both_languages_have_the_same_shape():
    """Each section has the same bullets and numbered steps, in the same order, in both."""
    for s in _sections():
        shape = {lang: [(b.kind, b.marker) for b in blocks(s.body[lang]) if b.kind != "p"]
                 for lang in LANGUAGES}
        assert len(set(map(tuple, shape.values()))) == 1, (s.id, shape)


def test_scoring_has_the_twelve_rows_and_buenos_aires_its_six_actions():
    by_id = {s.id: s for s in _sections()}
    for sid, n in (("scoring", 12), ("buenos_aires", 6), ("auxiliary", 6)):
        for lang in LANGUAGES:
            steps = [b.marker for b in blocks(by_id[sid].body[lang]) if b.kind == "number"]
            assert steps == [f"{i}." for i in range(1, n + 1)], (sid, lang, steps)


def test_russian_text_uses_the_rulebook_terms():
    ru = " ".join(" ".join((s.title["ru"] + " " + s.body["ru"]).split()) for s in _sections()).lower()
    for term in ("эстансьеро", "гранферо", "гаучо", "карпинтеро", "макиниста", "рынок труда",
                 "прогноз", "буэнос-айрес", "особая доставка", "погрузка", "причал", "квартал",
                 "начальник станции", "клетка объезда", "депо", "жетон обмена",
                 "карточки усталости", "лимит шагов", "клетк", "наездника", "зона рабочих",
                 "ряд гранферо", "рынок скота", "племенн", "выносливост", "колода стада",
                 "зоне погрузки", "зону персональных целей", "вспомогательное действие"):
        assert term in ru, term
    # El Paso's words for the workers and the pawn are not Argentina's
    for wrong in ("пастух", "ковбо", "инженер", "строител", "погонщик", "фишка обмена",
                  "фишки обмена", "доллар"):
        assert wrong not in ru, wrong


def test_english_text_uses_the_game_terms():
    en = " ".join(" ".join(s.body["en"].split()) for s in _sections()).lower()
    for term in ("estanciero", "granjero", "gaucho", "carpintero", "maquinista", "job market",
                 "foresight", "buenos aires", "special delivery", "loading", "dock", "quarter",
                 "station master", "bypass", "depot", "exchange token", "exhaustion card",
                 "step limit"):
        assert term in en, term
    for wrong in ("herder", "cowboy", "engineer", "builder", "dollar", "el paso"):
        assert wrong not in en, wrong


def test_text_does_not_quote_design_numbers():
    """Numbers kept in the design data are referred to, not repeated: no breeding value or
    price of a breed, no station cost or VP, no building face, no ship value beyond the
    0- and 18-ships, no quarter's grain or reward."""
    text = " ".join(" ".join(s.body[lang].split()) for s in _sections() for lang in LANGUAGES)
    low = text.lower()
    for breed in ("niata", "patagónico", "fronterizo", "holando", "caracu", "chaqueño",
                  "serrano", "blanco", "franqueiro", "aberdeen", "ньят", "патагонико",
                  "фронтеризо", "голландско", "караку", "чакеньо", "серрано", "бланко",
                  "франкьеро", "абердин"):
        assert not re.search(breed + r"[\w-]*\s*\(\d", low), breed
        assert not re.search(breed + r"[\w-]* (for|за) \d", low), breed
    # buildings by face (1a..10b) and ships other than the 0- and 18-ships
    assert not re.search(r"\b(10|[1-9])[ab]\b", text)
    assert not re.search(r"(ship|корабл\w*) (?!0\b|18\b)\d", low)
    assert not re.search(r"\d-ship", low.replace("18-ship", "").replace("0-ship", ""))
    # no station named by number except the last one
    assert not re.search(r"(station|станци\w*) (?!31\b)\d", low)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_scene_renders_the_reference(lang):
    """The rules scene lays the whole reference out inside its view, in both languages."""
    app = App((1280, 720), lang=lang)
    try:
        app.push(RulesScene(app, GAME))  # straight in: the menu needs the game's rules
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
        # the last sections are short: at the very end the current one is the last heading
        # in the top third of the view, somewhere after the scoring rows began
        ids = [s.id for s in scene.sections]
        assert ids.index("scoring") <= scene.current_section() < len(ids)
    finally:
        pygame.quit()
