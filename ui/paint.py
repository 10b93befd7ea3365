"""Colour arithmetic and the supersampled canvas: the drawing primitives that the sprite kit
and every table's own art are built on.

Colours are RGB or RGBA tuples (lists and pygame.Color work too); every helper returns plain
int tuples, so results can key a cache. Nothing here knows a game, and nothing needs a
display mode.

Supersampling: shapes are drawn `ss` times larger and smooth-scaled down, which is how
pygame gets anti-aliased polygons and thick curves. `Canvas` holds such a drawing: draw on
`canvas.big` in big pixels (multiply by `canvas.ss`), or with its methods in final-size
coordinates; text and finished sprites are put on after the smoothing so they stay crisp.
"""
from __future__ import annotations

import math

import pygame

# --- Colours ----------------------------------------------------------------------------


def rgb(c) -> tuple[int, int, int]:
    """The colour's RGB as ints clamped to 0..255 (any alpha dropped)."""
    return tuple(max(0, min(255, int(v))) for v in tuple(c)[:3])


def rgba(c, alpha: int | None = None) -> tuple[int, int, int, int]:
    """The colour with an alpha: `alpha` if given, else its own (255 for an RGB colour)."""
    c = tuple(c)
    a = alpha if alpha is not None else (int(c[3]) if len(c) > 3 else 255)
    return (*rgb(c), max(0, min(255, int(a))))


def with_alpha(c, alpha: int) -> tuple[int, int, int, int]:
    """The colour's RGB with `alpha` (its own alpha, if any, replaced)."""
    return rgba(c, alpha)


def shade(c, f: float) -> tuple[int, int, int]:
    """Lighten (f > 0: that fraction of the way to white) or darken (f < 0: towards black)."""
    r, g, b = rgb(c)
    if f >= 0:
        return tuple(int(v + (255 - v) * f) for v in (r, g, b))
    return tuple(int(v * (1 + f)) for v in (r, g, b))


def lighten(c, f: float) -> tuple[int, int, int]:
    """`f` (0..1) of the way from the colour to white."""
    return shade(c, abs(f))


def darken(c, f: float) -> tuple[int, int, int]:
    """`f` (0..1) of the way from the colour to black."""
    return shade(c, -abs(f))


def mix(a, b, t: float) -> tuple[int, int, int]:
    """`t` (0..1) of the way from colour `a` to colour `b`."""
    a, b = rgb(a), rgb(b)
    return tuple(int(a[i] + (b[i] - a[i]) * t) for i in range(3))


# --- Surfaces ---------------------------------------------------------------------------


CANVAS_MAX_PX = 1600  # a Canvas's supersampled side is kept at most this long (see Canvas)


def surface(w, h, colour=(0, 0, 0)) -> pygame.Surface:
    """A transparent surface (at least 1 x 1) whose hidden RGB is `colour`, so smoothing and
    blurring don't fringe its edges dark."""
    s = pygame.Surface((max(1, int(w)), max(1, int(h))), pygame.SRCALPHA)
    s.fill((*rgb(colour), 0))
    return s


def down(big: pygame.Surface, w, h) -> pygame.Surface:
    """`big` smooth-scaled to w x h (at least 1 x 1): the end of a supersampled drawing."""
    return pygame.transform.smoothscale(big, (max(1, int(w)), max(1, int(h))))


class Canvas:
    """A drawing `ss` times larger than its final w x h.

    Shapes go on `big`: either directly in big pixels, or with the methods below in
    final-size coordinates (lengths may be fractional). Sprites and text given to blit()
    and text() are kept and put on, centred, after the smoothing, so they stay crisp (they
    always lie over the shapes). done() returns the final surface.

    Text needs a renderer: pass `label(s, size, colour, outline, bold, max_w) -> Surface`;
    text smaller than `min_text` px is left out (it would be a smudge)."""

    def __init__(self, w, h, ss: int = 4, colour=(0, 0, 0), label=None, min_text: int = 1):
        self.w, self.h = max(1, int(w)), max(1, int(h))
        # a big picture (a 4K enlargement) needs less supersampling for smooth edges, and
        # 4 x 4 of it would be tens of megabytes at once
        self.ss = ss = max(1, min(ss, CANVAS_MAX_PX // max(self.w, self.h)))
        self.big = surface(self.w * ss, self.h * ss, colour)
        self.label = label
        self.min_text = min_text
        self.post: list = []

    def _xy(self, p):
        return (p[0] * self.ss, p[1] * self.ss)

    def _width(self, width) -> int:
        return max(1, int(width * self.ss)) if width else 0

    def circle(self, col, c, r, width=0.0):
        pygame.draw.circle(self.big, col, self._xy(c), max(1, r * self.ss), self._width(width))

    def _rect(self, x, y, w, h) -> pygame.Rect:
        k = self.ss
        return pygame.Rect(round(x * k), round(y * k), round(w * k), round(h * k))

    def rect(self, col, x, y, w, h, r=0.0, width=0.0):
        pygame.draw.rect(self.big, col, self._rect(x, y, w, h), self._width(width),
                         border_radius=int(r * self.ss))

    def ellipse(self, col, x, y, w, h, width=0.0):
        pygame.draw.ellipse(self.big, col, self._rect(x, y, w, h), self._width(width))

    def poly(self, col, pts, width=0.0):
        pygame.draw.polygon(self.big, col, [self._xy(p) for p in pts], self._width(width))

    def line(self, col, a, b, width):
        pygame.draw.line(self.big, col, self._xy(a), self._xy(b), max(1, int(width * self.ss)))

    def lines(self, col, pts, width, closed=False):
        pygame.draw.lines(self.big, col, closed, [self._xy(p) for p in pts],
                          max(1, int(width * self.ss)))

    def arrow(self, col, a, b, width):
        """A straight arrow from a to b with a filled head."""
        ang = math.atan2(b[1] - a[1], b[0] - a[0])
        head = width * 2.6
        base = (b[0] - math.cos(ang) * head, b[1] - math.sin(ang) * head)
        self.line(col, a, base, width)
        nx, ny = -math.sin(ang) * head * 0.6, math.cos(ang) * head * 0.6
        self.poly(col, [b, (base[0] + nx, base[1] + ny), (base[0] - nx, base[1] - ny)])

    def blit(self, surf, cx, cy):
        """Put `surf` centred on (cx, cy) after the smoothing."""
        self.post.append(("blit", surf, cx, cy))

    def text(self, s, cx, cy, size, colour=(0, 0, 0), outline=None, bold=True, max_w=None):
        """Text centred on (cx, cy) by its inked pixels, put on after the smoothing."""
        if size >= self.min_text:
            self.post.append(("text", str(s), cx, cy, int(size), colour, outline, bold, max_w))

    def done(self) -> pygame.Surface:
        out = down(self.big, self.w, self.h) if self.ss != 1 else self.big
        for op in self.post:
            if op[0] == "blit":
                _, surf, cx, cy = op
                out.blit(surf, surf.get_rect(center=(round(cx), round(cy))))
            else:
                _, s, cx, cy, size, colour, outline, bold, max_w = op
                img = self.label(s, size, colour, outline, bold, max_w)
                r = img.get_bounding_rect()
                if not r.w:
                    r = img.get_rect()
                out.blit(img, (round(cx - r.centerx), round(cy - r.centery)))
        return out


def outline_into(out, body, edge, t: int):
    """Text with an outline: `edge` (the text in the outline colour) blitted at the eight
    offsets of t px around `body`, onto `out` (a surface t px larger on each side)."""
    for dx in (-t, 0, t):
        for dy in (-t, 0, t):
            if dx or dy:
                out.blit(edge, (t + dx, t + dy))
    out.blit(body, (t, t))
    return out
