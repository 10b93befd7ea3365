"""Headless checks of the sprite kit and theme: sizes, visibility, caching."""

import pygame
import pytest

from ui import sprites, theme

RED = (196, 52, 44)
SCALES = (1, 4)  # every sprite at a small size and 4x larger


@pytest.fixture(autouse=True, scope="module")
def _fonts():
    pygame.font.init()
    yield
    sprites.clear_cache()


def visible(surf: pygame.Surface) -> bool:
    """True when at least one pixel is not fully transparent."""
    return surf.get_bounding_rect(min_alpha=1).width > 0


def cases(k: int):
    """(name, callable, expected size) for every public sprite at scale k."""
    s = 24 * k
    return [
        ("shadow", lambda: sprites.shadow(s, s, 4, 6), (s, s)),
        ("glow", lambda: sprites.glow(s + 16, s + 16, 4), (s + 16, s + 16)),
        ("glow_spread", lambda: sprites.glow(s, s, 4, spread=8), (s, s)),
        ("tile_band", lambda: sprites.tile_band(4 * s, s, RED, "waves"), (4 * s, s)),
        ("panel", lambda: sprites.panel(3 * s, 2 * s), (3 * s, 2 * s)),
        ("table", lambda: sprites.table_background(8 * s, 5 * s), (8 * s, 5 * s)),
        ("card", lambda: sprites.card(s, int(s * 1.45), RED, "Bank", "6", "B", "stripes"),
         (s, int(s * 1.45))),
        ("card_hl", lambda: sprites.card(s, 2 * s, RED, "Bank", 6, "B", "dots", True), (s, 2 * s)),
        ("card_dim", lambda: sprites.card(s, 2 * s, RED, "", None, "B", "waves", False, True),
         (s, 2 * s)),
        ("card_back", lambda: sprites.card_back(s, 2 * s), (s, 2 * s)),
        ("tile", lambda: sprites.tile(s, RED, "Bank", "3", "B", "checks"), (s, s)),
        ("tile_hex", lambda: sprites.tile(s, RED, "Bank", "3", "B", "cross", "hex"), (s, s)),
        ("meeple", lambda: sprites.meeple(s, RED, "R"), (s, s)),
        ("disc", lambda: sprites.disc(s, RED, "R"), (s, s)),
        ("cube", lambda: sprites.cube(s, RED, "R"), (s, s)),
        ("die_tumble", lambda: sprites.die_tumble(s, "star", 30), (sprites.tumble_side(s),) * 2),
        ("coin", lambda: sprites.coin(s, 5), (s, s)),
        ("nugget", lambda: sprites.nugget(s), (s, s)),
        ("button", lambda: sprites.button(4 * s, s, "Roll dice", "normal", "dice"), (4 * s, s)),
    ]


@pytest.mark.parametrize("k", SCALES)
def test_every_sprite_renders_at_size(k):
    for name, make, size in cases(k):
        surf = make()
        assert isinstance(surf, pygame.Surface), name
        assert surf.get_size() == size, name
        assert visible(surf), name


@pytest.mark.parametrize("k", SCALES)
@pytest.mark.parametrize("face", [1, 2, 3, 4, 5, 6, "star", "brand", "six", "blank", "odd", 9])
def test_die_faces(k, face):
    surf = sprites.die(32 * k, face)
    assert surf.get_size() == (32 * k, 32 * k)
    assert visible(surf)


@pytest.mark.parametrize("k", SCALES)
@pytest.mark.parametrize("shape", theme.SHAPES)
def test_tokens_and_markers(k, shape):
    for i in range(len(theme.PLAYER_COLOURS)):
        p = theme.player_colour(i)
        assert visible(sprites.token(20 * k, p["rgb"], p["letter"], shape))
        assert sprites.shape_marker(20 * k, shape, p["rgb"]).get_size() == (20 * k, 20 * k)


@pytest.mark.parametrize("k", SCALES)
def test_icons_and_unknown_icon(k):
    for name in list(sprites.ICON_NAMES) + ["nonexistent", "", None]:
        surf = sprites.icon(name, 16 * k)
        assert surf.get_size() == (16 * k, 16 * k)
        assert visible(surf), name


@pytest.mark.parametrize("state", ["normal", "hover", "pressed", "disabled"])
def test_button_states_differ(state):
    surf = sprites.button(120, 36, "Go", state)
    assert surf.get_size() == (120, 36) and visible(surf)
    if state != "normal":
        normal = sprites.button(120, 36, "Go", "normal")
        assert pygame.image.tobytes(surf, "RGBA") != pygame.image.tobytes(normal, "RGBA")


def test_coin_values_and_patterns():
    for v in (1, 5, 10, 25, "x"):
        assert visible(sprites.coin(30, v))
    for pattern in theme.PATTERNS + ["bogus"]:
        surf = pygame.Surface((40, 20), pygame.SRCALPHA)
        surf.fill((200, 100, 50, 255))
        assert sprites.apply_pattern(surf, pattern) is surf
    # the pattern stays inside the opaque area
    surf = pygame.Surface((40, 20), pygame.SRCALPHA)
    pygame.draw.rect(surf, (200, 100, 50, 255), (0, 0, 20, 20))
    sprites.apply_pattern(surf, "stripes", (0, 0, 0, 255))
    assert surf.get_at((30, 10)).a == 0
    # works on an opaque surface and on a subsurface of one (e.g. the screen)
    screen = pygame.Surface((60, 40))
    screen.fill((200, 100, 50))
    sprites.apply_pattern(screen.subsurface((10, 10, 40, 20)), "checks", (0, 0, 0, 255))
    assert screen.get_at((0, 0)) == (200, 100, 50, 255)
    assert any(screen.get_at((x, 12))[:3] != (200, 100, 50) for x in range(10, 50))


def test_caching_returns_same_object():
    a = sprites.card(60, 90, RED, "Bank", "6", "B", "stripes")
    assert sprites.card(60, 90, RED, "Bank", "6", "B", "stripes") is a
    assert sprites.card(60, 90, list(RED), "Bank", "6", "B", "stripes") is a
    assert sprites.card(60.0, 90, RED, title="Bank", value="6", letter="B", pattern="stripes") is a
    assert sprites.die(40, "star") is sprites.die(40, "star")
    assert sprites.die_tumble(40, "six", 10) is sprites.die_tumble(40, "six", 10.2)
    assert sprites.tumble_side(40) >= 40 * 1.414
    assert sprites.icon("crown", 24) is sprites.icon("crown", 24)
    assert theme.text("Hi", 18, theme.INK) is theme.text("Hi", 18, theme.INK)
    sprites.clear_cache()
    assert sprites.card(60, 90, RED, "Bank", "6", "B", "stripes") is not a


def test_shadow_and_glow_fade_to_their_edges():
    sh = sprites.shadow(80, 60, 8, 6)
    assert sh.get_at((0, 0)).a < 20 and sh.get_at((40, 30)).a > 100
    g = sprites.glow(96, 76, 10)
    assert g.get_at((0, 38)).a < 60 and g.get_at((10, 38)).a > 150


def test_tiny_and_float_sizes_do_not_raise():
    for v in (0, 1, 3, 2.7, -5):
        assert sprites.card(v, v, RED, "Long title", 10, "B", "dots").get_size() == (4, 4)
        assert sprites.meeple(v, RED, "M").get_size() == (4, 4)
        assert sprites.die(v, "brand").get_size() == (4, 4)
        sprites.icon("star", v)
        sprites.button(v, v, "label", "hover", "undo")
        sprites.panel(v, v)
        sprites.shadow(v, v, 2)
        sprites.glow(v, v, 2)
        sprites.tile_band(v, v, RED, "dots")
        sprites.tile(v, RED, "x", 1, "A", "waves", "hex")
        sprites.coin(v, 10)
        sprites.nugget(v)
        sprites.card_back(v, v)


def test_table_background_is_cached_at_4k():
    # Its speed is measured by `main.py bench`, never asserted; here: built once, then reused.
    sprites.clear_cache()
    bg = sprites.table_background(3840, 2160)
    assert bg.get_size() == (3840, 2160)
    assert sprites.table_background(3840, 2160) is bg


def test_fit_text_respects_width():
    long = "Cattle Pasture beyond the river, far away"
    for width in (20, 60, 150, 400):
        surf = theme.fit_text(long, width, 18, theme.INK, bold=True, min_px=10)
        assert surf.get_width() <= width
    short = theme.fit_text("Bank", 400, 18, theme.INK)
    assert short.get_height() == theme.text("Bank", 18, theme.INK).get_height()


def test_scale_for():
    assert theme.scale_for((1280, 720)) == 1.0
    assert theme.scale_for((800, 600)) == 1.0
    assert theme.scale_for((1920, 1080)) == pytest.approx(1.5)
    assert theme.scale_for((2560, 1080)) == pytest.approx(1.5)
    assert theme.scale_for((3840, 2160)) == pytest.approx(3.0)
    assert theme.scale_for((8000, 8000)) == 3.0


def test_player_colours():
    assert len(theme.PLAYER_COLOURS) == 6
    assert len({p["shape"] for p in theme.PLAYER_COLOURS}) == 6
    assert len({p["letter"] for p in theme.PLAYER_COLOURS}) == 6
    assert theme.player_colour(7) is theme.PLAYER_COLOURS[1]
    assert theme.font(18) is theme.font(18)
    assert theme.font(18, bold=True) is not theme.font(18)


def test_fonts_survive_font_module_restart():
    old = theme.font(17)
    pygame.font.quit()
    pygame.font.init()
    assert theme.font(17) is not old
    assert theme.fit_text("after a restart", 100, 17, theme.INK).get_width() <= 100
    assert visible(sprites.die(30, "six"))


def _same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return a.get_size() == b.get_size() and pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")


@pytest.mark.parametrize("w,h,radius,band_w,band_h,corner", [
    (2280, 759, 36, 37, 43, 25), (300, 200, 10, 20, 25, 11), (60, 50, 8, 10, 12, 9), (120, 400, 12, 20, 20, 13)])
def test_shadow_bands_are_the_rim_of_the_whole_shadow(w, h, radius, band_w, band_h, corner):
    # cut from a small shadow whose straight middle is stretched: pixel for pixel the same
    full = sprites.shadow.__wrapped__(w, h, radius)
    right, bottom, top_left = sprites.shadow_bands(w, h, radius, band_w, band_h, corner)
    assert _same(right, full.subsurface((w - band_w, 0, band_w, h)))
    assert _same(bottom, full.subsurface((0, h - band_h, w - band_w, band_h)))
    assert _same(top_left, full.subsurface((0, 0, corner, corner)))


@pytest.mark.parametrize("w,h,radius,band", [(1023, 1446, 30, 51), (200, 120, 10, 20), (3000, 300, 30, 60)])
def test_glow_ring_is_the_rim_of_the_whole_glow(w, h, radius, band):
    full = sprites.glow.__wrapped__(w, h, radius)
    strips = sprites.glow_ring(w, h, radius, band)
    assert len(strips) == 4
    for img, (x, y) in strips:
        assert _same(img, full.subsurface((x, y, *img.get_size())))


def test_own_panel_is_a_fresh_panel():
    mine = sprites.own_panel(300, 120)
    assert _same(mine, sprites.panel(300, 120))
    assert mine is not sprites.own_panel(300, 120)


def test_rim_shadow_only_for_opaque_pictures():
    card = sprites.panel(200, 140)
    assert sprites.opaque_inside(card, 13)
    ring = pygame.Surface((200, 140), pygame.SRCALPHA)
    pygame.draw.circle(ring, (0, 0, 0, 255), (100, 70), 60, 5)
    assert not sprites.opaque_inside(ring, 13)
    target = pygame.Surface((400, 300), pygame.SRCALPHA)
    sprites.blit_rim_shadow(target, pygame.Rect(50, 50, 200, 140), 12, 4, 6, 25)
    assert target.get_at((251, 120))[3] > 0  # beside the picture's right edge
    assert target.get_at((150, 120))[3] == 0  # under the picture: never painted


def test_blit_panel_draws_the_panel_pixel_for_pixel():
    # in three parts, the middle one opaque (a copy, not a blend): the same picture
    pygame.display.init()
    pygame.display.set_mode((8, 8))
    try:
        for w, h in ((300, 200), (120, 40), (987, 610)):
            a = pygame.Surface((w + 20, h + 20))
            b = a.copy()
            a.fill((30, 90, 40))
            b.fill((30, 90, 40))
            a.blit(sprites.panel(w, h), (10, 10))
            sprites.blit_panel(b, pygame.Rect(10, 10, w, h))
            assert _same(a, b)
    finally:
        pygame.display.quit()
        sprites.clear_cache()
