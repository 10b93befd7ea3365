"""The in-app rules reference: data/el_paso/rules.yaml, its loader and the rules scene."""
import pygame
import pytest
import yaml

from games.core.data import data_path
from games.core.errors import DataError
from games.core.i18n import LANGUAGES
from games.core.reference import blocks, load_reference
from ui import theme
from ui.app import App
from ui.scenes.menu import MainMenu
from ui.scenes.rules import RulesScene, open_rules

SIZES = [(1280, 720), (1920, 1080)]


# --- the data and the loader ----------------------------------------------------
def test_el_paso_reference_loads_in_both_languages():
    sections = load_reference("el_paso")
    ids = [s.id for s in sections]
    assert len(ids) == len(set(ids)) >= 10
    for needed in ("goal", "setup", "round", "bust", "loot", "leaving", "exchange", "emptied",
                   "refill", "end", "table", "edition"):
        assert needed in ids
    for s in sections:
        for lang in LANGUAGES:
            assert s.title[lang].strip() and "\n" not in s.title[lang]
            assert s.body[lang].strip()
            assert blocks(s.body[lang])


def test_russian_text_uses_the_rulebook_terms():
    ru = " ".join(s.body["ru"] for s in load_reference("el_paso")).lower()
    for term in ("охранник", "место преступления", "трофе", "самородк", "поле шерифа", "тавро",
                 "шестёрк"):
        assert term in ru, term


def test_blocks_split_paragraphs_bullets_and_steps():
    text = "First line\ncontinues.\n\n- a bullet\n  goes on\n- another\n\n1. step one\n2. step two\n\nEnd."
    got = [(b.kind, b.marker, b.text) for b in blocks(text)]
    assert got == [("p", "", "First line continues."), ("bullet", "•", "a bullet goes on"),
                   ("bullet", "•", "another"), ("number", "1.", "step one"),
                   ("number", "2.", "step two"), ("p", "", "End.")]


def _broken_copy(tmp_path, edit):
    data = yaml.safe_load(data_path("el_paso", "rules.yaml").read_text(encoding="utf-8"))
    edit(data)
    path = tmp_path / "rules.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return path


def test_missing_russian_body_names_file_and_key(tmp_path):
    path = _broken_copy(tmp_path, lambda d: d["sections"][3]["body"].pop("ru"))
    with pytest.raises(DataError) as err:
        load_reference("el_paso", path)
    assert str(path) in str(err.value)
    assert "sections[3].body.ru" in str(err.value)


@pytest.mark.parametrize("edit, key", [
    (lambda d: d["sections"][2]["title"].update(en="  "), "sections[2].title.en"),
    (lambda d: d["sections"][5].update(id=d["sections"][1]["id"]), "sections[5].id"),
    (lambda d: d["sections"][0].pop("title"), "sections[0].title"),
    (lambda d: d.update(sections=[]), "sections"),
])
def test_other_broken_copies_name_the_key(tmp_path, edit, key):
    path = _broken_copy(tmp_path, edit)
    with pytest.raises(DataError) as err:
        load_reference("el_paso", path)
    assert key in str(err.value) and str(path) in str(err.value)


# --- the scene ------------------------------------------------------------------
def make_app(size, lang):
    app = App(size, lang=lang)
    app.push(MainMenu(app))
    return app


@pytest.fixture
def app():
    a = make_app((1280, 720), "en")
    yield a
    pygame.quit()


def not_blank(surf):
    w, h = surf.get_size()
    colours = {tuple(surf.get_at((x, y)))[:3] for x in range(0, w, w // 16) for y in range(0, h, h // 9)}
    return len(colours) > 4


def key(app, k):
    app.step(0.016, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)])


def click(app, pos):
    app.step(0.016, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                     pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                     pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_scene_renders_and_scrolls(size, lang):
    app = make_app(size, lang)
    try:
        open_rules(app, "el_paso")
        scene = app.top
        assert isinstance(scene, RulesScene) and scene.error is None
        app.step(0.016, [])
        assert not_blank(app.window)
        assert scene.lines and scene.max_scroll > 0
        # every laid-out line fits the text view
        for ln in scene.lines:
            if ln.anchor == "topleft":
                w = theme.font(ln.size, ln.bold).size(ln.text)[0]
                assert ln.x + w <= scene.view.w + 1, ln.text
        key(app, pygame.K_END)
        assert scene.scroll == scene.max_scroll
        assert scene.current_section() == len(scene.sections) - 1
        key(app, pygame.K_HOME)
        assert scene.scroll == 0
        key(app, pygame.K_DOWN)
        down = scene.scroll
        assert down > 0
        key(app, pygame.K_PAGEDOWN)
        assert scene.scroll > down
        key(app, pygame.K_PAGEUP)
        key(app, pygame.K_UP)
        assert scene.scroll == 0
        app.step(0.016, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False)])
        assert scene.scroll > 0
        app.step(0.016, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=30, flipped=False)])
        assert scene.scroll == 0
    finally:
        pygame.quit()


def test_index_click_jumps_to_the_section(app):
    open_rules(app, "el_paso")
    scene = app.top
    ids = [s.id for s in scene.sections]
    i = ids.index("loot")
    click(app, scene.index_rects[i].center)
    assert scene.scroll == min(scene.section_y[i], scene.max_scroll) > 0
    assert scene.current_section() == i
    # the heading is in view
    heading = next(ln for ln in scene.lines if ln.bold and ln.text == scene.sections[i].title["en"])
    assert scene.scroll <= heading.y < scene.scroll + scene.view.h


def test_scrollbar_drag_and_track_click(app):
    open_rules(app, "el_paso")
    scene = app.top
    app.step(0.016, [])
    th = scene.thumb()
    app.step(0.016, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=th.center, button=1),
                     pygame.event.Event(pygame.MOUSEMOTION, pos=(th.centerx, scene.track.bottom + 50),
                                        rel=(0, 0), buttons=(1, 0, 0)),
                     pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(th.centerx, scene.track.bottom + 50),
                                        button=1)])
    assert scene.scroll == scene.max_scroll
    assert scene.drag is None
    before = scene.scroll
    click(app, (scene.track.centerx, scene.track.y + 2))
    assert scene.scroll < before


def test_resize_and_language_keep_the_scene_working(app):
    open_rules(app, "el_paso")
    scene = app.top
    key(app, pygame.K_END)
    app.resize((1920, 1080))
    app.step(0.016, [])
    assert scene.scroll == scene.max_scroll and scene.view.w > 900
    app.set_language("ru")
    app.step(0.016, [])
    assert any("Раунд" in ln.text for ln in scene.lines)
    app.resize((1000, 600))  # below the minimum: drawn on a scaled canvas
    app.step(0.016, [])
    assert not_blank(app.window)


@pytest.mark.parametrize("k", [pygame.K_ESCAPE, pygame.K_F1])
def test_escape_and_f1_close(app, k):
    open_rules(app, "el_paso")
    assert isinstance(app.top, RulesScene)
    key(app, k)
    assert isinstance(app.top, MainMenu) and app.running


def test_close_button(app):
    open_rules(app, "el_paso")
    click(app, app.top.close_button.rect.center)
    assert isinstance(app.top, MainMenu)


def test_missing_rules_file_shows_the_error_instead_of_crashing(app):
    open_rules(app, "no_such_game")
    scene = app.top
    assert scene.error and "rules.yaml" in scene.error
    app.step(0.016, [])
    assert "rules.yaml" in "".join(ln.text for ln in scene.lines)
    key(app, pygame.K_END)
    click(app, (10, 10))
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MainMenu)
