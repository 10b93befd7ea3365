"""UI tests, headless: scenes render, clicks on highlighted targets act, a game
can be played through the UI to the results, hand-off hides private views."""
import pygame
import pytest

from games.core import registry
from games.core.contract import Config, Seat
from games.core.match import Match
from games.core.rng import Rng
from ui.app import App
from ui.scenes.dialogs import QuitConfirm
from ui.scenes.handoff import HandOff
from ui.scenes.menu import MainMenu
from ui.scenes.play import PlayScene
from ui.scenes.results import ResultsScene
from ui.scenes.setup import NewGame

SIZES = [(1280, 720), (1920, 1080)]


@pytest.fixture
def app():
    a = App((1280, 720), lang="en")
    a.anim_speed = 0
    a.bot_delay = 0
    yield a
    pygame.quit()


def click(app, pos):
    app.step(0.016, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                     pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                     pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])


def key(app, k):
    app.step(0.016, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)])


def el_paso_match(kinds, seed=1):
    rules = registry.get("el_paso")
    return Match(rules, Config([Seat(f"P{i}", k, i) for i, k in enumerate(kinds)], seed))


def not_blank(surf):
    w, h = surf.get_size()
    colours = {tuple(surf.get_at((x, y)))[:3] for x in range(0, w, w // 16) for y in range(0, h, h // 9)}
    return len(colours) > 4


@pytest.mark.parametrize("size", SIZES)
def test_every_scene_renders(app, size):
    app.resize(size)
    m = el_paso_match(["human", "bot:easy", "bot:easy"])
    for _ in range(40):
        m.apply(m.bot_action(m.to_act()[0]))
    scenes = [MainMenu(app), NewGame(app, "el_paso"), PlayScene(app, m), HandOff(app, "Anna")]
    done = el_paso_match(["bot:easy", "bot:easy"])
    done.play_bots_to_end()
    scenes.append(ResultsScene(app, done))
    for s in scenes:
        app.reset_to(s)
        app.draw()
        assert not_blank(app.window)
    app.reset_to(PlayScene(app, m, animate=False))
    app.push(QuitConfirm(app))
    app.draw()
    assert not_blank(app.window)


def human_turn(match, seat=0):
    while not match.is_over() and match.to_act()[0] != seat:
        match.apply(match.bot_action(match.to_act()[0]))


def test_click_on_highlighted_card_plays_it(app):
    m = el_paso_match(["human", "bot:normal", "bot:normal"], seed=3)
    human_turn(m)
    scene = PlayScene(app, m, viewer=0)
    app.reset_to(scene)
    app.step(0.016, [])
    legal = scene.my_legal()
    assert legal and legal[0].verb == "play"
    rect = next(r for r, a, _ in scene.view.targets if a == legal[2])
    before = m.ply
    click(app, rect.center)
    assert m.actions[before] == legal[2]


def test_click_on_non_legal_element_does_nothing(app):
    m = el_paso_match(["human", "bot:normal"], seed=4)
    human_turn(m)
    scene = PlayScene(app, m, viewer=0)
    app.reset_to(scene)
    app.step(0.016, [])
    before = m.ply
    for eid in ("sheriff", "site.bank", "town.deadwood", "player.1"):
        r = scene.view.element_rect(eid)
        assert r is not None, eid
        click(app, r.center)
    assert m.ply == before


def drive_to_results(app, scene, rng, max_frames=20000):
    """Click legal targets (chosen at random) until the results scene appears."""
    for _ in range(max_frames):
        top = app.top
        if isinstance(top, ResultsScene):
            return True
        if isinstance(top, HandOff):
            key(app, pygame.K_SPACE)
            continue
        legal = scene.my_legal()
        if legal:
            targets = [(r, a) for r, a, _ in scene.view.targets if a is not None and a in legal]
            assert targets, f"legal actions without a target: {legal}"
            r, a = targets[rng.below(len(targets))]
            click(app, r.center)
        else:
            app.step(0.05, [])
    return False


def test_three_seat_game_through_the_ui(app):
    m = el_paso_match(["human", "bot:normal", "bot:normal"], seed=8)
    scene = PlayScene(app, m)
    app.reset_to(MainMenu(app))
    app.push(scene)
    assert drive_to_results(app, scene, Rng(1))
    assert m.is_over()
    app.draw()


def test_hot_seat_hands_off_and_shows_only_own_hand(app):
    m = el_paso_match(["human", "human", "bot:easy"], seed=5)
    scene = PlayScene(app, m)
    app.reset_to(scene)
    seen_handoffs = 0
    rng = Rng(2)
    for _ in range(400):
        if isinstance(app.top, HandOff):
            seen_handoffs += 1
            key(app, pygame.K_SPACE)
            continue
        legal = scene.my_legal()
        if legal:
            # the view on screen is the acting person's own
            assert scene.current_view()["seat"] == legal[0].seat == scene.viewer
            targets = [(r, a) for r, a, _ in scene.view.targets if a is not None and a in legal]
            click(app, targets[rng.below(len(targets))][0].center)
        else:
            app.step(0.05, [])
    assert seen_handoffs >= 2


def test_new_game_scene_starts_a_match(app):
    app.reset_to(MainMenu(app))
    app.draw()
    menu = app.top
    click(app, menu.buttons[0].rect.center)
    assert isinstance(app.top, NewGame)
    setup = app.top
    start = next(w for w in setup.widgets if getattr(w, "label", "") == app.t("setup.start"))
    click(app, start.rect.center)
    assert isinstance(app.top, PlayScene)
    assert len(app.top.match.config.seats) == 3
    assert [s.kind for s in app.top.match.config.seats] == ["human", "bot:normal", "bot:normal"]


def test_escape_asks_before_leaving_a_game(app):
    m = el_paso_match(["human", "bot:easy"])
    app.reset_to(MainMenu(app))
    app.push(PlayScene(app, m))
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, QuitConfirm)
    key(app, pygame.K_ESCAPE)  # stay
    assert isinstance(app.top, PlayScene)
    app.handle(pygame.event.Event(pygame.QUIT))
    assert isinstance(app.top, QuitConfirm) and app.running


@pytest.mark.parametrize("size", [(320, 240), (1000, 1000), (3840, 2160), (5000, 300)])
def test_odd_window_sizes(app, size):
    m = el_paso_match(["human", "bot:easy", "bot:easy", "bot:easy", "bot:easy"])
    app.reset_to(PlayScene(app, m))
    app.resize(size)
    app.step(0.016, [])
    assert app.window.get_size()[0] >= 320


def test_event_storm_raises_nothing(app):
    rng = Rng(7)
    m = el_paso_match(["human", "human", "bot:easy"])
    app.reset_to(MainMenu(app))
    app.push(PlayScene(app, m))
    w, h = app.size
    keys = [pygame.K_SPACE, pygame.K_h, pygame.K_l, pygame.K_1, pygame.K_2, pygame.K_x,
            pygame.K_RETURN, pygame.K_a]
    for _ in range(1500):
        pos = (rng.below(w), rng.below(h))
        k = rng.below(4)
        if k == 0:
            ev = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        elif k == 1:
            ev = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        elif k == 2:
            ev = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        else:
            ev = pygame.event.Event(pygame.KEYDOWN, key=keys[rng.below(len(keys))], mod=0, unicode="",
                                    scancode=0)
        app.step(0.02, [ev])
        if not app.running or not app.scenes:
            break


def test_an_unchanged_table_is_not_redrawn_but_every_change_is(app):
    """Idle frames keep the picture on screen; input, a move, a pulse step or a message
    draws again (what the frame figures of `main.py bench` rest on)."""
    m = el_paso_match(["human", "bot:easy"])
    scene = PlayScene(app, m, animate=False)
    app.reset_to(scene)
    assert app.step(0.0, []) is True
    assert app.step(0.0, []) is False  # nothing changed
    app.window.fill((1, 2, 3))
    assert app.step(0.0, []) is False and tuple(app.window.get_at((5, 5)))[:3] == (1, 2, 3)
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 300), rel=(1, 1), buttons=(0, 0, 0))
    assert app.step(0.0, [motion]) is True  # input may change hover, buttons, the view's state
    assert app.step(0.0, []) is False
    app.step(0.5, [])  # the pointer rests: the pulse held while it moved goes on...
    assert app.step(0.1, []) is True  # ...and the highlights pulse again
    app.step(0.0, [])
    m.apply(scene.rules.legal_actions(m.state, m.to_act()[0])[0])
    assert app.step(0.0, []) is True  # a move made anywhere shows at once
    app.step(0.0, [])
    app.notify("hello")
    assert app.step(0.0, []) is True
    app.resize((1000, 700))
    assert app.step(0.0, []) is True


def test_hot_seat_shows_the_public_table_before_the_hand_off(app):
    """After a person's turn the bots' moves and what was revealed play out on the table as
    everyone sees it (no private hand), a moment long, before the hand-off covers it; Space
    passes the screen at once."""
    m = el_paso_match(["human", "human", "bot:easy"], seed=5)
    scene = PlayScene(app, m)
    app.reset_to(scene)
    assert scene.viewer is None  # before the first hand-off nothing private is drawn
    rng = Rng(3)
    reveals = skipped = 0
    for _ in range(900):
        if isinstance(app.top, HandOff):
            key(app, pygame.K_SPACE)
            continue
        legal = scene.my_legal()
        if legal:
            targets = [(r, a) for r, a, _ in scene.view.targets if a is not None and a in legal]
            click(app, targets[rng.below(len(targets))][0].center)
            continue
        if scene.revealing() and not scene.beats and m.config.seats[m.to_act()[0]].is_human:
            assert scene.current_view() == m.rules.view(m.state, None)
            assert scene.prompt_text().startswith("Next: ")
            reveals += 1
            if reveals % 3 == 0:
                key(app, pygame.K_SPACE)  # everyone has looked: pass now
                app.step(0.0, [])
                assert isinstance(app.top, HandOff)
                skipped += 1
                continue
            left = scene.reveal_left
            app.step(0.05, [])
            if left > 0.05:
                assert app.top is scene, "the hand-off came before the table was shown"
            continue
        app.step(0.05, [])
    assert reveals >= 4 and skipped >= 1


def test_messages_belong_to_the_scene_that_raised_them(app):
    from ui.scenes.rules import RulesScene
    m = el_paso_match(["human", "bot:easy"])
    scene = PlayScene(app, m)
    app.reset_to(MainMenu(app))
    app.push(scene)
    scene.undo()  # nothing to undo: said on the table
    assert [t for t, _ in app.shown_messages()] == [app.t("undo.none")]
    app.step(0.016, [])
    app.push(RulesScene(app, "el_paso"))  # F1: not the rules screen's business
    app.draw()
    assert app.shown_messages() == []
    app.pop()
    assert [t for t, _ in app.shown_messages()] == [app.t("undo.none")]
    human_turn(m)
    scene.do(m.rules.legal_actions(m.state, 0)[0])  # the person's move: the refusal is old news
    assert app.messages == []
    scene.undo() if not m.undo_status(0)[0] else scene.redo()
    assert app.messages
    app.step(0.016, [])  # seen (one said on the way out would stay with the next scene)
    app.pop()  # the table closes: its messages go with it
    assert app.messages == [] and isinstance(app.top, MainMenu)


def test_settings_show_the_real_window_size(app):
    from ui.scenes.settings import SettingsScene
    app.resize((1536, 864))
    scene = SettingsScene(app)
    app.push(scene)
    app.draw()
    window = dict(scene.cycles)["settings.window"]
    assert window.labels[window.index] == "1536×864"
    assert window.labels[(window.index + 1) % len(window.labels)] == "1600×900"


def test_undo_and_redo_look_disabled_when_they_cannot_act(app):
    app.bot_delay = 1000  # the bot waits: the person may still take the move back
    m = el_paso_match(["human", "bot:easy"])
    scene = PlayScene(app, m)
    app.reset_to(scene)
    app.draw()
    assert scene.undo_button.dimmed and scene.redo_button.dimmed
    human_turn(m)
    scene.do(m.rules.legal_actions(m.state, 0)[0])
    app.draw()
    assert scene.undo_button.dimmed == (not m.undo_status(0)[0])
    if m.undo_status(0)[0]:
        scene.undo()
        app.draw()
        assert scene.undo_button.dimmed and not scene.redo_button.dimmed
    click(app, scene.undo_button.rect.center)  # dimmed, yet a click still says why
    assert app.messages


def test_the_chooser_is_as_wide_as_its_words_and_stays_on_the_table(app):
    m = el_paso_match(["human", "bot:easy"])
    scene = PlayScene(app, m)
    app.push(scene)
    app.draw()
    acts = m.rules.legal_actions(m.state, m.to_act()[0])[:3]
    long_text = "Купить Абердин-ангусская: джокеров 1 + $2 и ещё немного слов для проверки"
    scene.view.describe = lambda a: long_text
    scene.open_chooser(scene.board.bottomright, acts)
    rects = [r for r, _ in scene.chooser]
    from ui import theme
    assert all(scene.board.contains(r) for r in rects)
    want = theme.font(app.px(15), True).size(long_text)[0]
    assert rects[0].w >= min(want, scene.board.w // 3) and rects[0].w <= scene.board.w // 3 + 1
    app.draw()  # a long entry wraps to two lines instead of shrinking


def test_each_game_offers_its_own_cast_of_names(app):
    def bots(gid):
        return [s.name for s in NewGame(app, gid).seats[1:]]
    assert bots("ttr_germany") != bots("moon_river")
    assert NewGame(app, "gwt_argentina").default_names()[1:] != NewGame(app, "gwt_el_paso").default_names()[1:]
