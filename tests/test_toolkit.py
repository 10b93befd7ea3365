"""The table toolkit: colour arithmetic and the supersampled canvas (ui/paint.py), the seat
marker, the base view's click targets, and El Paso's own dice faces."""
from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from games.core.action import Action
from ui import paint, sprites, theme
from ui.views import el_paso_art
from ui.views.base import GameView


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield


# ------------------------------------------------------------------ colours
def test_shade_lightens_towards_white_and_darkens_towards_black():
    assert paint.shade((100, 200, 0), 0) == (100, 200, 0)
    assert paint.shade((100, 200, 0), 1) == (255, 255, 255)
    assert paint.shade((100, 200, 0), -1) == (0, 0, 0)
    assert paint.shade((100, 200, 0), 0.5) == (177, 227, 127)  # int(v + (255 - v) * f)
    assert paint.shade((100, 200, 0), -0.25) == (75, 150, 0)   # int(v * (1 + f))
    assert paint.lighten((100, 200, 0), 0.5) == paint.shade((100, 200, 0), 0.5)
    assert paint.darken((100, 200, 0), 0.25) == paint.shade((100, 200, 0), -0.25)


def test_colour_helpers_take_any_colour_form_and_give_int_tuples():
    assert paint.shade([10, 20, 30, 40], 0.1) == paint.shade((10, 20, 30), 0.1)
    assert paint.shade(pygame.Color(10, 20, 30), -0.3) == paint.shade((10, 20, 30), -0.3)
    assert paint.rgb((300, -5, 12.7)) == (255, 0, 12)
    assert paint.with_alpha((1, 2, 3), 90) == (1, 2, 3, 90)
    assert paint.with_alpha((1, 2, 3, 200), 90) == (1, 2, 3, 90)
    assert paint.rgba((1, 2, 3)) == (1, 2, 3, 255)
    assert paint.mix((0, 0, 0), (200, 100, 50), 0.5) == (100, 50, 25)
    assert paint.mix((0, 0, 0), (200, 100, 50), 0) == (0, 0, 0)
    for c in (paint.shade((9, 9, 9), 0.3), paint.mix((1, 2, 3), (4, 5, 6), 0.7)):
        assert all(type(v) is int for v in c)


# ------------------------------------------------------------------ canvas
def test_canvas_draws_large_and_smooths_down():
    cv = paint.Canvas(20, 10, ss=3)
    assert cv.big.get_size() == (60, 30) and cv.big.get_at((0, 0)).a == 0
    cv.circle((200, 40, 40), (10, 5), 4)
    out = cv.done()
    assert out.get_size() == (20, 10)
    assert out.get_at((10, 5)).a >= 250 and abs(out.get_at((10, 5)).r - 200) <= 3
    alphas = {out.get_at((x, y)).a for x in range(20) for y in range(10)}
    assert 0 in alphas and any(20 < a < 230 for a in alphas)  # a soft, anti-aliased rim


def test_canvas_puts_sprites_and_text_on_after_smoothing():
    seen = []

    def label(s, size, colour, outline, bold, max_w):
        seen.append((s, size))
        img = pygame.Surface((6, 4), pygame.SRCALPHA)
        img.fill((*colour, 255))
        return img

    dot = pygame.Surface((2, 2), pygame.SRCALPHA)
    dot.fill((0, 0, 255, 255))
    cv = paint.Canvas(16, 16, ss=4, label=label, min_text=5)
    cv.blit(dot, 3, 3)
    cv.text("A", 10, 10, 8, (0, 200, 0))
    cv.text("tiny", 10, 10, 4, (0, 200, 0))  # under min_text: left out
    out = cv.done()
    assert seen == [("A", 8)]
    assert out.get_at((3, 3))[:3] == (0, 0, 255)
    assert out.get_at((10, 10))[:3] == (0, 200, 0)


def test_a_canvas_at_factor_one_is_not_resampled():
    cv = paint.Canvas(5, 5, ss=1, colour=(9, 9, 9))
    assert cv.done() is cv.big


# ------------------------------------------------------------------ seat marker
def test_seat_marker_is_the_palette_token():
    try:
        for name in ("okabe_ito", "classic"):
            theme.set_palette(name)
            sprites.clear_cache()
            for i in range(6):
                pc = theme.player_colour(i)
                assert sprites.seat_marker(24, i) is sprites.token(24, pc["rgb"], pc["letter"], pc["shape"])
    finally:
        theme.set_palette("okabe_ito")
        sprites.clear_cache()


# ------------------------------------------------------------------ targets
class _View(GameView):
    def __init__(self, legal=(), mouse=(-1, -1), hint=False):
        app = SimpleNamespace(px=lambda n: max(1, int(round(n))))
        super().__init__(SimpleNamespace(app=app, rules=None))
        self.legal_set, self.mouse, self.hint = set(legal), mouse, hint


A = Action(0, "play", ("bank", "5"))
B = Action(0, "play", ("bank", "7"))


def _blank():
    surf = pygame.Surface((200, 200))
    surf.fill((0, 0, 0))
    return surf


def test_target_registers_legal_actions_and_glows_under_them():
    v = _View(legal=[A])
    surf = _blank()
    assert v.target(surf, (50, 50, 40, 40), A, "card.a") == [A]
    assert v.targets == [(pygame.Rect(50, 50, 40, 40), A, "card.a")]
    assert surf.get_at((46, 70))[:3] != (0, 0, 0)  # the halo shows beside the element
    assert v.actions_at((60, 60)) == [A] and v.element_rect("card.a") == pygame.Rect(50, 50, 40, 40)


def test_target_keeps_illegal_elements_without_action_and_without_glow():
    v = _View(legal=[A])
    surf = _blank()
    assert v.target(surf, (50, 50, 40, 40), B, "card.b") == []
    assert v.target(surf, (100, 50, 40, 40), None, "pile") == []
    assert v.targets == [(pygame.Rect(50, 50, 40, 40), None, "card.b"),
                         (pygame.Rect(100, 50, 40, 40), None, "pile")]
    assert pygame.mask.from_threshold(surf, (0, 0, 0), (1, 1, 1, 255)).count() == 200 * 200
    assert v.actions_at((60, 60)) == []


def test_target_with_a_list_registers_each_legal_one():
    v = _View(legal=[A, B])
    got = v.target(_blank(), (0, 0, 10, 10), [A, Action(1, "x", ()), B], "stack", glow=False)
    assert got == [A, B] and [a for _, a, _ in v.targets] == [A, B]


def test_glow_strength_follows_mouse_and_hint_and_the_table_style():
    def lit(**kw):
        v = _View(legal=[A], **{k: kw.pop(k) for k in ("mouse", "hint") if k in kw})
        for k, val in kw.items():
            setattr(v, k, val)
        surf = _blank()
        v.target(surf, (50, 50, 40, 40), A, "a")
        return surf.get_at((45, 70))[0]

    weak, hovered, hinted = lit(), lit(mouse=(60, 60)), lit(hint=True)
    assert weak < hovered == hinted
    steady = lit(GLOW_ALPHA=None)
    assert steady == hovered  # no alpha: full strength
    v = _View(legal=[A])
    surf = _blank()
    v.target(surf, (50, 50, 40, 40), A, "a", ring=True)
    assert surf.get_at((50 + 20, 49))[:3] != (0, 0, 0) and surf.get_at((44, 70))[:3] == (0, 0, 0)


# ------------------------------------------------------------------ El Paso's dice
def test_el_paso_dice_faces_are_its_own_pictures():
    faces = {f: pygame.image.tobytes(el_paso_art.die(40, f), "RGBA") for f in el_paso_art.FACES}
    assert len(set(faces.values())) == 3
    for f in el_paso_art.FACES:  # the kit alone would only print the name's first letters
        assert pygame.image.tobytes(sprites.die(40, f), "RGBA") != faces[f]
    for f in (1, 6, "blank"):  # pips and blank are the kit's
        assert el_paso_art.die(40, f) is sprites.die(40, f, art=el_paso_art.face_art)
        assert pygame.image.tobytes(el_paso_art.die(40, f), "RGBA") == \
            pygame.image.tobytes(sprites.die(40, f), "RGBA")
    assert el_paso_art.die(40, "star") is el_paso_art.die(40, "star")
    img = el_paso_art.die_tumble(40, "brand", 33)
    assert img.get_size() == (sprites.tumble_side(40),) * 2 and img.get_bounding_rect().w > 0
