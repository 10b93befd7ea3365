"""Pictures of the El Paso table that no other game uses: the faces of its dice (the
sheriff's star, the "Rocking R" brand, the underlined six) on the sprite kit's die.
The dice are memoised by the kit: the same arguments give the very same Surface (copy it
before drawing on it)."""
from __future__ import annotations

import functools
import math

import pygame

from ui import paint, sprites, theme

BRAND_RGB = (126, 40, 22)
SIX_RGB = (28, 60, 140)
FACES = ("star", "brand", "six")  # besides the pips 1-6 and "blank"


def _sheriff_star(D: int, n: int = 5) -> pygame.Surface:
    """Gold sheriff star with ball tips and an engraved centre, D x D (no SS)."""
    c = D / 2
    ro = D * 0.385
    bw = max(1, D * 0.045)

    big = paint.surface(D, D, sprites.GOLD_DARK)
    pts = sprites.star_points(c, c + D * 0.02, ro, ro * (0.5 if n == 5 else 0.58), n)
    pygame.draw.polygon(big, sprites.GOLD, pts)
    for x, y in pts[::2]:
        pygame.draw.circle(big, sprites.GOLD, (x, y), D * 0.07)
    big = sprites.stroke(big, sprites.GOLD_DARK, bw)
    sprites.light(big, 90, 70)
    cc = (c, c + D * 0.02)
    pygame.draw.circle(big, sprites.GOLD_DARK, cc, ro * 0.34)
    pygame.draw.circle(big, paint.shade(sprites.GOLD, 0.25), cc, ro * 0.34 - bw)
    pygame.draw.circle(big, sprites.GOLD_DARK, cc, ro * 0.16)
    return big


def _brand_mark(D: int, colour) -> pygame.Surface:
    """A "Rocking R" cattle brand: bold R over a rocker, with a scorched halo. D x D."""
    c = D / 2
    mark = paint.surface(D, D, colour)
    glyph = sprites.silhouette(sprites.glyph("R", D * 0.76, (255, 255, 255)), colour)
    sprites.blit_center(mark, glyph, c, c - D * 0.1)
    cy, R, th = c - D * 0.62, D * 0.93, D * 0.085
    a0, a1 = math.radians(63), math.radians(117)
    steps = 24
    outer = [(c + (R + th / 2) * math.cos(a0 + (a1 - a0) * i / steps),
              cy + (R + th / 2) * math.sin(a0 + (a1 - a0) * i / steps)) for i in range(steps + 1)]
    inner = [(c + (R - th / 2) * math.cos(a1 - (a1 - a0) * i / steps),
              cy + (R - th / 2) * math.sin(a1 - (a1 - a0) * i / steps)) for i in range(steps + 1)]
    pygame.draw.polygon(mark, colour, outer + inner)
    for a in (a0, a1):
        pygame.draw.circle(mark, colour, (c + R * math.cos(a), cy + R * math.sin(a)), th * 0.62)
    # Scorch: a tight tan halo, like singed hide around a burnt mark.
    halo = sprites.silhouette(mark, (150, 96, 54))
    small = pygame.transform.smoothscale(halo, (max(2, D // 16), max(2, D // 16)))
    soft = pygame.transform.smoothscale(small, (D, D))
    soft.set_alpha(110)
    out = paint.surface(D, D, colour)
    out.blit(soft, (0, 0))
    out.blit(mark, (0, 0))
    return out


def _six_mark(D: int) -> pygame.Surface:
    """Big numeral 6 with an underline so it never reads as 9."""
    c = D / 2
    out = paint.surface(D, D, SIX_RGB)
    g = sprites.glyph("6", D * 0.8, SIX_RGB)
    ink = sprites.ink_rect(g)
    sprites.blit_center(out, g, c, c - D * 0.06)
    uw, uh = ink.w * 1.05, D * 0.075
    y = c - D * 0.06 + ink.h / 2 + D * 0.05
    pygame.draw.rect(out, SIX_RGB, (c - uw / 2, y, uw, uh), border_radius=int(uh / 2))
    return out


def face_art(face, side: int) -> pygame.Surface | None:
    """`art` for the kit's die(): the picture of one of El Paso's own faces, side x side
    (None: not one of them, so the kit draws it)."""
    if face == "star":
        return _sheriff_star(side)
    if face == "brand":
        return _brand_mark(side, BRAND_RGB)
    if face == "six":
        return _six_mark(side)
    return None


def die(size, face, colour=(245, 240, 225), pip_colour=(40, 30, 20)) -> pygame.Surface:
    """An El Paso die: 1..6 pips, "star", "brand", "six" or "blank"."""
    return sprites.die(size, face, colour, pip_colour, art=face_art)


def die_tumble(size, face, angle_deg) -> pygame.Surface:
    """The die rotated by angle_deg, on a fixed sprites.tumble_side(size) square."""
    return sprites.die_tumble(size, face, angle_deg, art=face_art)


def has_badge(size: int, min_digit: int) -> bool:
    """Whether a loot tile of `size` px shows its site's letter badge (only where it reads)."""
    return size >= 3 * min_digit


def digit_px(size: int, min_digit: int) -> int:
    """The font size of a loot tile's value: half the tile or more, never under `min_digit`."""
    return max(min_digit, int(size * (0.48 if has_badge(size, min_digit) else 0.62)))


@functools.lru_cache(maxsize=512)
def loot_tile(size: int, colour, pattern: str, value: int, letter: str, min_digit: int) -> pygame.Surface:
    """A loot tile whose value reads at any size: the digit fills half the tile and is never
    smaller than `min_digit` px; the site's letter badge only where it is big enough to read
    (below that the colour, the pattern and the tooltip name the site)."""
    with_badge = has_badge(size, min_digit)
    out = sprites.tile(size, colour, "", None, letter if with_badge else None, pattern).copy()
    fg = theme.ink_on(colour)
    edge = paint.shade(colour, -0.6) if fg == theme.WHITE else paint.shade(colour, 0.55)
    digit = digit_px(size, min_digit)
    body = theme.text(str(value), digit, paint.rgb(fg), True)
    rim = theme.text(str(value), digit, paint.rgb(edge), True)
    t = max(1, digit // 14)
    text = paint.outline_into(paint.surface(body.get_width() + 2 * t, body.get_height() + 2 * t, edge),
                              body, rim, t)
    cx, cy = (size * 0.58, size * 0.6) if with_badge else (size / 2, size / 2)
    sprites.blit_center(out, text, cx, cy)
    return out
