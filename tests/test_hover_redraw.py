"""Moving the pointer over bare table redraws nothing (PlayScene.hover_key): that is only
right if, wherever the pointer counts as bare, the table looks exactly as with no pointer."""
import pygame
import pytest

from games.core import registry
from games.core.contract import Config, Seat
from games.core.match import Match
from games.core.rng import Rng

SEATS = {"gwt_el_paso": 3, "gwt_argentina": 3}


@pytest.fixture(autouse=True)
def _quick_bots(quick_argentina_normal):
    """(the normal bot only brings the game to mid-way here)"""


def mid_game(gid: str, plies: int = 40) -> Match:
    rules = registry.get(gid)
    n = SEATS.get(gid, 3)
    m = Match(rules, Config([Seat("Anna", "human")] + [Seat(f"B{i}", "bot:normal") for i in range(1, n)], 3, {}))
    bot = rules.bot("normal")
    while not m.is_over() and (m.ply < plies or m.to_act()[0] != 0):
        m.apply(bot.choose(rules, m.state, m.to_act()[0], Rng(m.ply)))
    return m


@pytest.mark.parametrize("gid", registry.table_ids())
def test_the_table_looks_the_same_wherever_the_pointer_is_bare(app, gid):
    from ui.scenes.play import PlayScene
    scene = PlayScene(app, mid_game(gid), viewer=0, animate=False)
    app.push(scene)
    scene.input_at = -1e9   # a calm table: no pulse between the pictures compared
    scene.mouse = (-1, -1)
    app.draw()
    base = pygame.image.tobytes(app.window, "RGB")
    w, h = app.size
    rng = Rng(11)
    bare = 0
    for _ in range(300):
        scene.mouse = (rng.below(w), rng.below(h))
        if scene.hover_key() is not None:
            continue
        bare += 1
        app.draw()
        assert pygame.image.tobytes(app.window, "RGB") == base, (gid, scene.mouse)
        scene.mouse = (-1, -1)
    assert bare > 0 or not scene.view.HOVER_ON_ELEMENTS_ONLY


def _moved(app, pos) -> None:
    app.step(0.016, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))])


def _differences(a: pygame.Surface, b: pygame.Surface) -> list:
    """The areas where two pictures differ (empty: identical)."""
    d1 = a.copy()
    d1.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    d2 = b.copy()
    d2.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    d1.blit(d2, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    mask = pygame.mask.from_threshold(d1, (0, 0, 0, 255), (1, 1, 1, 255))
    mask.invert()
    return mask.get_bounding_rects() if mask.count() else []


@pytest.mark.parametrize("plies", [0, 40])
@pytest.mark.parametrize("gid", registry.table_ids())
def test_a_moving_pointer_redraws_only_what_it_changes_and_the_picture_is_a_full_redraws(app, gid, plies):
    """ui/pointer_layer.py: with the pointer over each element in turn (and bare table),
    the frame built from the plain picture and clipped passes equals a full redraw."""
    from ui.scenes.play import PlayScene
    scene = PlayScene(app, mid_game(gid, plies), viewer=0, animate=False)
    app.push(scene)
    app.step(0, [])
    w, h = app.size
    rng = Rng(5 + plies)
    rects = list(scene.view.hover_rects()) + [b.rect for b in scene.buttons]
    points = [r.center for r in rects] + [(r.x + 1, r.bottom - 2) for r in rects]
    points = [points[rng.below(len(points))] for _ in range(70)] + [(rng.below(w), rng.below(h)) for _ in range(20)]
    clipped = 0
    for pos in points:
        _moved(app, pos)
        layer = scene.pointer_layer
        assert layer.key is not None, "a pointer move on a still table keeps the plain picture"
        clipped += layer.passes > 0 and layer.dirty != [app.window.get_rect()]
        full = app.window.copy()
        full.fill((255, 0, 255))
        scene.draw_frame(full, scene.mouse)
        assert _differences(app.window, full) == [], (gid, plies, pos)
    assert clipped > 20  # the clipped path is what was compared


def test_the_pointer_layer_restores_what_a_pointer_changed_and_keeps_tooltips_on_top():
    """A toy table: a square lights under the pointer, a tooltip over everything, a mark
    elsewhere; every frame equals drawing it whole."""
    from ui.pointer_layer import OFF, PointerLayer
    layer = PointerLayer()
    layer.on_top_within = pygame.Rect(0, 0, 200, 200)
    cells = [pygame.Rect(20 + 50 * i, 20, 40, 40) for i in range(3)]
    marks: list = []

    def draw(surf, pointer):
        marks.clear()
        surf.fill((10, 60, 20))
        for i, c in enumerate(cells):
            lit = c.collidepoint(pointer)
            pygame.draw.rect(surf, (250, 200, 40) if lit else (90, 90, 90), c.inflate(6, 6) if lit else c)
            if lit and i == 2:  # this one also lights a lamp far away
                lamp = pygame.Rect(150, 150, 20, 20)
                marks.append(lamp)
                pygame.draw.rect(surf, (255, 0, 0), lamp)
        if any(c.collidepoint(pointer) for c in cells):
            tip = pygame.Rect(pointer[0] + 10, pointer[1] + 30, 60, 16)
            with layer.on_top(tip):
                pygame.draw.rect(surf, (0, 0, 0), tip)

    def region(pointer):
        return [c.inflate(8, 8) for c in cells if c.collidepoint(pointer)]

    surf = pygame.Surface((200, 200))
    for pointer in [(30, 30), (85, 40), (5, 5), (130, 30), (130, 31), OFF, (30, 50)]:
        layer.draw(surf, "still", pointer, draw, region, lambda: marks)
        whole = pygame.Surface((200, 200))
        draw(whole, pointer)
        assert _differences(surf, whole) == [], pointer
    assert layer.passes == 1 and len(layer.patches) == 2  # the square's area and the tooltip's


def test_the_pulse_holds_still_while_the_pointer_moves_and_goes_on_from_there(app):
    from ui.app import POINTER_HOLD_S
    from ui.scenes.play import PlayScene
    scene = PlayScene(app, mid_game("el_paso", 0), viewer=0, animate=False)
    app.push(scene)
    app.step(0.5, [])
    before = scene.pulse_time()
    for i in range(10):
        _moved(app, (100 + i, 100))
    assert scene.pulse_time() == pytest.approx(before + 0.016, abs=0.02)  # held from the first move
    held = scene.pulse_time()
    rest = 0.0
    while rest < POINTER_HOLD_S + 0.2:
        app.step(0.05, [])
        rest += 0.05
    # it went on from where it stood (no jump) for about the time since the hold ended
    assert held + 0.1 < scene.pulse_time() < held + rest - POINTER_HOLD_S + 0.06
