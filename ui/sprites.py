"""Procedural sprite kit: generic board-game components drawn into Surfaces.

Every public function is pure and memoised on its (normalised) arguments, so
calling it every frame is cheap and returns the very same Surface object.
Returned Surfaces are shared: copy one before drawing on it.

Anti-aliasing: shapes are drawn SS times larger and smooth-scaled down; text
is rendered at the final size so it stays crisp.  Nothing here needs a
display mode (works with SDL_VIDEODRIVER=dummy).
"""
from __future__ import annotations

import functools
import inspect
import math
import random

import pygame

from ui import paint, theme
from ui.theme import (
    BUTTON,
    BUTTON_DISABLED,
    BUTTON_HOVER,
    BUTTON_TEXT,
    HIGHLIGHT,
    INK,
    PARCHMENT,
    PARCHMENT_DARK,
)

SS = 4  # supersampling factor for shapes
MIN_PX = 4
SHADOW_RGB = (22, 12, 6)
BIG_INTERMEDIATE = 400 * 400  # px; rounded-rect masks above this are not kept (see _internal_cache)
GOLD = (222, 170, 40)
GOLD_DARK = (118, 76, 14)

_CACHES: list = []
_FRONTS: list[dict] = []  # the memo's call-as-written dictionaries

# --- Memoisation --------------------------------------------------------------


_KW = object()  # marks a memo key of a call with keyword arguments


def _canon(value):
    """Hashable, canonical form of an argument (lists/Colors -> tuples, floats -> int)."""
    if isinstance(value, (list, pygame.Color)):
        return tuple(value)
    if isinstance(value, float):
        return int(value)
    return value


def _memo(maxsize: int = 256):
    """lru_cache keyed on the bound, defaults-applied arguments.

    Binding arguments is slow next to a blit, so a front dictionary keyed on the call
    exactly as written answers repeated calls without binding."""

    def deco(fn):
        sig = inspect.signature(fn)
        cached = functools.lru_cache(maxsize=maxsize)(fn)
        _CACHES.append(cached)
        front: dict = {}
        _FRONTS.append(front)

        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            # the call as written first (a frame repeats its calls exactly), then canonical
            raw = (_KW, args, tuple(kwargs.items())) if kwargs else args
            try:
                return front[raw]
            except (KeyError, TypeError):  # TypeError: an unhashable argument (a list)
                pass
            try:
                key = (tuple(map(_canon, args)),
                       tuple(sorted((k, _canon(v)) for k, v in kwargs.items())) if kwargs else ())
                result = front[key]
            except KeyError:
                result = None
            except TypeError:
                key = result = None
            if result is None:
                bound = sig.bind(*args, **kwargs)
                bound.apply_defaults()
                result = cached(*(_canon(v) for v in bound.args))
            if len(front) >= maxsize * 4:
                front.clear()
            for k in (key, raw):
                if k is not None:
                    try:
                        front[k] = result
                    except TypeError:
                        pass
            return result

        def cache_clear():
            cached.cache_clear()
            front.clear()

        wrapper.cache_info = cached.cache_info
        wrapper.cache_clear = cache_clear
        return wrapper

    return deco


def _internal_cache(maxsize: int, max_area: int | None = None):
    """lru_cache for private helpers that clear_cache() must also empty.

    With `max_area`, a helper whose first two arguments are a width and a height keeps only
    results up to that many pixels: the big ones (a 4K panel's mask) are intermediates of a
    sprite that is itself cached, so keeping them only held memory (about 110 MB at 4K)."""

    def deco(fn):
        cached = functools.lru_cache(maxsize=maxsize)(fn)
        _CACHES.append(cached)
        if max_area is None:
            return cached

        @functools.wraps(fn)
        def wrapper(w, h, *args):
            if w * h > max_area:
                return fn(w, h, *args)
            return cached(w, h, *args)

        wrapper.cache_clear = cached.cache_clear
        wrapper.cache_info = cached.cache_info
        return wrapper

    return deco


def clear_cache() -> None:
    """Drop every cached sprite and rendered text (call on window resize)."""
    for cached in _CACHES:
        cached.cache_clear()
    for front in _FRONTS:
        front.clear()
    theme.clear_text_cache()


# --- Colour and surface helpers -------------------------------------------------


def _sz(v) -> int:
    return max(MIN_PX, int(v))


def _out(s: pygame.Surface) -> pygame.Surface:
    """Convert for fast blitting, but only when a display exists."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return s.convert_alpha()
    return s


def silhouette(surf: pygame.Surface, colour) -> pygame.Surface:
    """Copy of `surf` painted flat in `colour`, alpha kept."""
    s = surf.copy()
    s.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MIN)
    s.fill((*paint.rgb(colour), 0), special_flags=pygame.BLEND_RGBA_ADD)
    return s


def _clip(overlay: pygame.Surface, shape: pygame.Surface) -> pygame.Surface:
    """Multiply overlay's alpha by shape's alpha (in place), i.e. clip to the shape."""
    mask = shape.copy()
    mask.fill((255, 255, 255, 0), special_flags=pygame.BLEND_RGBA_MAX)
    overlay.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return overlay


def _erase(surf: pygame.Surface, shape: pygame.Surface, pos=(0, 0)) -> None:
    """Cut `shape` (its alpha) out of `surf`."""
    cut = shape.copy()
    cut.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(cut, pos, special_flags=pygame.BLEND_RGBA_SUB)


def stroke(surf: pygame.Surface, colour, width: float) -> pygame.Surface:
    """New surface: `surf` with an outside outline `width` px wide (leave a margin)."""
    width = int(round(width))
    if width <= 0:
        return surf
    sil = silhouette(surf, colour)
    out = paint.surface(*surf.get_size(), colour)
    steps = max(8, int(width * 2.5))
    for i in range(steps):
        a = 2 * math.pi * i / steps
        out.blit(sil, (round(math.cos(a) * width), round(math.sin(a) * width)))
    out.blit(surf, (0, 0))
    return out


@_internal_cache(64)
def _vgradient(w: int, h: int, top: tuple, bottom: tuple, mid: float = 0.5) -> pygame.Surface:
    """Top-to-bottom RGBA ramp: `top` fades to transparent at `mid`, then to `bottom`."""
    col = paint.surface(1, h)
    for y in range(h):
        t = y / max(1, h - 1)
        if t < mid:
            c = paint.rgba(top, top[3] * (1 - t / mid))
        else:
            c = paint.rgba(bottom, bottom[3] * (t - mid) / max(1e-6, 1 - mid))
        col.set_at((0, y), c)
    return pygame.transform.scale(col, (w, h))


def light(surf: pygame.Surface, top: int = 60, bottom: int = 55) -> pygame.Surface:
    """Top-lit shading clipped to the shape (in place): reads as a 3-D object."""
    w, h = surf.get_size()
    grad = _vgradient(w, h, (255, 255, 255, top), (0, 0, 0, bottom)).copy()
    surf.blit(_clip(grad, surf), (0, 0))
    return surf


def ink_rect(s: pygame.Surface) -> pygame.Rect:
    r = s.get_bounding_rect()
    return r if r.w and r.h else s.get_rect()


def blit_center(dest: pygame.Surface, src: pygame.Surface, cx: float, cy: float,
                 ink: bool = True) -> None:
    """Centre `src` on (cx, cy), by its inked pixels (glyphs have uneven padding)."""
    r = ink_rect(src) if ink else src.get_rect()
    dest.blit(src, (round(cx - r.centerx), round(cy - r.centery)))


def _outlined_text(s: str, size: int, colour, outline, bold: bool = True,
                   max_w: int | None = None, min_px: int = 6) -> pygame.Surface:
    """Text with a thin contrasting outline so it reads on patterned colour."""
    size = max(MIN_PX, int(size))
    min_px = min(size, min_px)
    if max_w is not None:
        body = theme.fit_text(s, max_w, size, paint.rgb(colour), bold, min_px)
        edge = theme.fit_text(s, max_w, size, paint.rgb(outline), bold, min_px)
    else:
        body = theme.text(s, size, paint.rgb(colour), bold)
        edge = theme.text(s, size, paint.rgb(outline), bold)
    t = max(1, size // 14)
    out = paint.surface(body.get_width() + 2 * t, body.get_height() + 2 * t, outline)
    return paint.outline_into(out, body, edge, t)


def _label_on(bg) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """(text colour, outline colour) readable on background `bg`."""
    fg = theme.ink_on(bg)
    return fg, (paint.shade(bg, -0.6) if fg == theme.WHITE else paint.shade(bg, 0.55))


def glyph(s: str, size_px: int, colour, bold: bool = True) -> pygame.Surface:
    """Big glyph for the supersampled canvases. Font sizes are capped (and the
    render scaled up) so odd window sizes don't pile up Font objects."""
    size = max(MIN_PX, int(size_px))
    g = theme.font(min(size, 256), bold).render(s, True, paint.rgb(colour))
    if size > 256:
        g = pygame.transform.smoothscale_by(g, size / 256)
    return g


# --- Rounded rectangles with anti-aliased corners ------------------------------------


@_internal_cache(64)
def _aa_disc(r: int) -> pygame.Surface:
    big = paint.surface(2 * r * SS, 2 * r * SS, (255, 255, 255))
    pygame.draw.circle(big, (255, 255, 255, 255), (r * SS, r * SS), r * SS)
    return paint.down(big, 2 * r, 2 * r)


@_internal_cache(512, max_area=BIG_INTERMEDIATE)
def _round_mask(w: int, h: int, r: int) -> pygame.Surface:
    """White, opaque rounded rectangle with smooth corners."""
    w, h = max(1, w), max(1, h)
    r = max(0, min(int(r), w // 2, h // 2))
    m = paint.surface(w, h, (255, 255, 255))
    if r == 0:
        m.fill((255, 255, 255, 255))
        return m
    pygame.draw.rect(m, (255, 255, 255, 255), (r, 0, w - 2 * r, h))
    pygame.draw.rect(m, (255, 255, 255, 255), (0, r, w, h - 2 * r))
    d = _aa_disc(r)
    m.blit(d, (0, 0), (0, 0, r, r))
    m.blit(d, (w - r, 0), (r, 0, r, r))
    m.blit(d, (0, h - r), (0, r, r, r))
    m.blit(d, (w - r, h - r), (r, r, r, r))
    return m


@_internal_cache(512, max_area=BIG_INTERMEDIATE)
def _rrect(w: int, h: int, r: int, colour: tuple) -> pygame.Surface:
    s = _round_mask(int(w), int(h), int(r)).copy()
    s.fill(paint.rgba(colour), special_flags=pygame.BLEND_RGBA_MULT)
    return s


def _fresh_rrect(w: int, h: int, r: int, colour) -> pygame.Surface:
    """_rrect(w, h, r, colour) of one's own to paint on, made with no copy beyond it."""
    w, h = max(1, int(w)), max(1, int(h))
    s = _round_mask(w, h, int(r))
    if w * h <= BIG_INTERMEDIATE:  # a kept one: copy it
        s = s.copy()
    s.fill(paint.rgba(colour), special_flags=pygame.BLEND_RGBA_MULT)
    return s


def _rring(w: int, h: int, r: int, colour, t: int) -> pygame.Surface:
    """Rounded-rectangle outline `t` px thick."""
    s = _rrect(w, h, r, paint.rgba(colour)).copy()
    if w > 2 * t and h > 2 * t:
        _erase(s, _round_mask(w - 2 * t, h - 2 * t, max(0, r - t)), (t, t))
    return s


def _soft_ring(w: int, h: int, colour, alpha: int, reach: float) -> pygame.Surface:
    """Soft inner edge glow/burn: a ring drawn tiny and smooth-scaled up."""
    k = max(2, int(reach))
    lw, lh = max(3, w // k), max(3, h // k)
    low = paint.surface(lw, lh, colour)
    pygame.draw.rect(low, paint.rgba(colour, alpha), (0, 0, lw, lh), width=1)
    return paint.down(low, w, h)


# --- Paper --------------------------------------------------------------------


# not cleared with the sprites (a new table clears them): the same small tile at every size
@functools.lru_cache(maxsize=4)
def _grain_tile(size: int = 128, strength: int = 16, seed: int = 7) -> pygame.Surface:
    """Deterministic speckle + fibre tile for paper and felt texture."""
    rng = random.Random(seed)
    t = paint.surface(size, size)
    for _ in range(size * size // 5):
        x, y = rng.randrange(size), rng.randrange(size)
        if rng.random() < 0.5:
            t.set_at((x, y), (255, 250, 235, rng.randint(3, strength)))
        else:
            t.set_at((x, y), (70, 45, 20, rng.randint(3, strength)))
    for _ in range(size // 6):  # short fibres
        x, y = rng.randrange(size), rng.randrange(size)
        a = rng.uniform(0, math.pi)
        ln = rng.uniform(3, 9)
        end = (x + math.cos(a) * ln, y + math.sin(a) * ln)
        pygame.draw.line(t, (90, 60, 30, strength // 2 + 4), (x, y), end)
    return t


def _tiled(w: int, h: int, tile: pygame.Surface) -> pygame.Surface:
    out = paint.surface(w, h)
    tw, th = tile.get_size()
    for y in range(0, h, th):
        for x in range(0, w, tw):
            out.blit(tile, (x, y))
    return out


def _paper(w: int, h: int, r: int, fill=PARCHMENT, border=PARCHMENT_DARK,
           inner_line: bool = True) -> pygame.Surface:
    """Parchment rounded rect: dark edge, burnt rim, grain, fine inner rule."""
    fill, border = paint.rgb(fill), paint.rgb(border)
    t = max(1, round(min(w, h) / 120))
    # painted in place and clipped to the shape once at the end: a 4K panel's every
    # full-size temporary is megabytes at the moment it is made
    s = _fresh_rrect(w, h, r, paint.shade(border, -0.35))
    s.blit(_fresh_rrect(w - 2 * t, h - 2 * t, max(0, r - t), fill), (t, t))
    s.blit(_soft_ring(w, h, border, 150, max(6, min(w, h) / 10)), (0, 0))
    tile = _grain_tile()
    for y in range(0, h, tile.get_height()):
        for x in range(0, w, tile.get_width()):
            s.blit(tile, (x, y))
    s.blit(_round_mask(w, h, r), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    if inner_line and min(w, h) >= 24:
        d = t + max(2, r // 2)
        line = _fresh_rrect(w - 2 * d, h - 2 * d, max(0, r - d), paint.rgba(border, 150))
        hole = _fresh_rrect(w - 2 * d - 2, h - 2 * d - 2, max(0, r - d - 1), (0, 0, 0, 255))
        line.blit(hole, (1, 1), special_flags=pygame.BLEND_RGBA_SUB)  # the ring 1 px thick
        del hole
        s.blit(line, (d, d))
    return s


# --- Shapes ---------------------------------------------------------------------


def star_points(cx, cy, r_out, r_in, n=5, rot=-90.0):
    pts = []
    for i in range(2 * n):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(rot + i * 180.0 / n)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def _ngon(cx, cy, r, n, rot=-90.0):
    return [(cx + r * math.cos(math.radians(rot + i * 360.0 / n)),
             cy + r * math.sin(math.radians(rot + i * 360.0 / n))) for i in range(n)]


def _shape_geom(shape: str, cx: float, cy: float, r: float):
    """(polygon points or None for a circle, letter centre, letter size factor).

    Shapes are sized to fill a 2r box visually; odd shapes shift their centre
    so they sit in the middle of the box.
    """
    if shape == "square":
        a = r * 0.86
        return [(cx - a, cy - a), (cx + a, cy - a), (cx + a, cy + a), (cx - a, cy + a)], (cx, cy), 1.0
    if shape == "triangle":
        R = r * 1.12
        cc = cy + R / 4
        return _ngon(cx, cc, R, 3), (cx, cc + R * 0.06), 0.72
    if shape == "diamond":
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], (cx, cy), 0.85
    if shape == "star":
        R = r * 1.08
        cc = cy + R * 0.1
        return star_points(cx, cc, R, R * 0.5), (cx, cc + R * 0.04), 0.62
    if shape == "hexagon":
        return _ngon(cx, cy, r, 6, rot=0), (cx, cy), 0.95
    return None, (cx, cy), 1.0


def _fill_shape(surf, shape, cx, cy, r, colour) -> None:
    pts, _, _ = _shape_geom(shape, cx, cy, r)
    if pts is None:
        pygame.draw.circle(surf, colour, (cx, cy), r)
    else:
        pygame.draw.polygon(surf, colour, pts)


def _blur(s: pygame.Surface, radius: int) -> pygame.Surface:
    """Gaussian blur, done at reduced resolution for big radii (same look, far faster)."""
    radius = int(radius)
    if radius <= 0:
        return s
    k = max(1, radius // 3)
    if k == 1:
        return pygame.transform.gaussian_blur(s, radius)
    w, h = s.get_size()
    small = pygame.transform.smoothscale(s, (max(1, w // k), max(1, h // k)))
    small = pygame.transform.gaussian_blur(small, max(1, radius // k))
    return pygame.transform.smoothscale(small, (w, h))


def _rounded_blob(w: int, h: int, draw, round_frac: float) -> pygame.Surface:
    """White SS-scale silhouette drawn by draw(surf, scale), corners rounded.

    Rounding = blur then re-threshold the alpha: convex corners erode,
    concave ones fill, straight edges stay put.  Worked on a canvas of about
    100-200 px: the contour is then smooth-scaled up, so detail suffices.
    """
    q = min(2.0, 128 / min(w, h))
    low = paint.surface(max(1, int(w * q)), max(1, int(h * q)), (255, 255, 255))
    draw(low, q)
    radius = max(1, int(round_frac * q * min(w, h)))
    low = pygame.transform.gaussian_blur(low, radius)
    big = pygame.transform.smoothscale(low, (w * SS, h * SS))
    big.fill((0, 0, 0, 120), special_flags=pygame.BLEND_RGBA_SUB)
    for _ in range(4):  # alpha x16: a steep ramp = crisp edge after downscale
        big.blit(big.copy(), (0, 0), special_flags=pygame.BLEND_RGBA_ADD)
    return silhouette(big, (255, 255, 255))


def _letter_on(surf, letter, cx, cy, size, bg) -> None:
    if not letter:
        return
    fg, edge = _label_on(bg)
    blit_center(surf, _outlined_text(str(letter)[:2], size, fg, edge), cx, cy)


# --- Shadows, glow, panels, background ----------------------------------------------


def put(surf: pygame.Surface, img: pygame.Surface, dest) -> pygame.Rect:
    """Blit `img` at `dest` (a point or a rect's top-left) and return where it lies: blit's
    own answer is cut to the surface's clip, and a table drawn clipped (ui/pointer_layer.py)
    must lay out the same as one drawn whole."""
    r = img.get_rect(topleft=pygame.Rect(dest).topleft if len(dest) == 4 else dest)
    surf.blit(img, r)
    return r


@_memo(256)
def shadow(w, h, radius, blur=6) -> pygame.Surface:
    """Soft drop shadow of exactly w x h, edges fading over `blur` px.

    Blit it at the object's position plus a small down-right offset (e.g. 3, 5).
    """
    w, h, blur = _sz(w), _sz(h), max(0, int(blur))
    i = min(blur // 2, w // 4, h // 4)
    s = paint.surface(w, h, SHADOW_RGB)
    s.blit(_rrect(w - 2 * i, h - 2 * i, max(0, int(radius) - i), (*SHADOW_RGB, 140)), (i, i))
    return _out(_blur(s, max(1, i // 2)))  # sigma ~ radius: fades out at the edge


def _segments(lo: int, hi: int, n: int, small_n: int, k: int):
    """Split [lo, hi) of an axis n long into runs (start, length, small start, small length)
    of the same axis small_n long whose middle (from k to small_n - k) is one repeated line."""
    if small_n == n:
        return [(lo, hi - lo, lo, hi - lo)]
    out = []
    for a, b, src in ((0, k, 0), (k, n - k, None), (n - k, n, small_n - k)):
        a2, b2 = max(lo, a), min(hi, b)
        if a2 < b2:
            out.append((a2, b2 - a2, k, 1) if src is None else (a2, b2 - a2, src + a2 - a, b2 - a2))
    return out


def _region_of_stretched(small: pygame.Surface, w: int, h: int, k: int, area) -> pygame.Surface:
    """`area` of the w x h picture that is `small` with its middle row and column repeated:
    a shadow's or halo's straight edges are the same all along, so its rim can be cut from a
    small one and no full-size picture is ever made."""
    x, y, aw, ah = area
    sw, sh = small.get_size()
    if (sw, sh) == (w, h):
        return small.subsurface(area).copy()
    out = pygame.Surface((aw, ah), small.get_flags() & pygame.SRCALPHA, small)
    for dx, lw, sx, slw in _segments(x, x + aw, w, sw, k):
        for dy, lh, sy, slh in _segments(y, y + ah, h, sh, k):
            piece = small.subsurface((sx, sy, slw, slh))
            if (slw, slh) != (lw, lh):
                piece = pygame.transform.scale(piece, (lw, lh))
            out.blit(piece, (dx - x, dy - y), special_flags=pygame.BLEND_RGBA_MAX)  # a copy: out is clear
    return out


def _small_edges(make, w: int, h: int, k: int) -> pygame.Surface:
    """make(w', h') at the smallest size that still has every edge effect (k px each side)."""
    return make(min(w, 2 * k + 1), min(h, 2 * k + 1))


@_memo(256)
def shadow_bands(w, h, radius, band_w, band_h, corner) -> tuple[pygame.Surface, ...]:
    """The parts of `shadow(w, h, radius)` that show beside a panel lying on it, offset
    down-right: its right band (band_w wide, full height), its bottom band (band_h high, left
    of the right band) and its top-left corner square. Only these are made and kept: a whole
    shadow of a big panel at 4K is megabytes of pixels the panel covers."""
    w, h = _sz(w), _sz(h)
    band_w, band_h = max(1, min(w, band_w)), max(1, min(h, band_h))
    corner = max(1, min(w, h, corner))
    k = max(band_w, band_h, corner, int(radius) + 8) + 2  # beyond the rounded corner and the blur
    small = _small_edges(lambda a, b: shadow.__wrapped__(a, b, radius), w, h, k)
    bottom = (_region_of_stretched(small, w, h, k, (0, h - band_h, w - band_w, band_h)) if w > band_w
              else pygame.Surface((0, 0), pygame.SRCALPHA))
    return (_region_of_stretched(small, w, h, k, (w - band_w, 0, band_w, h)), bottom,
            _region_of_stretched(small, w, h, k, (0, 0, corner, corner)))


def with_alpha(img: pygame.Surface, alpha: int) -> pygame.Surface:
    """`img` drawn at `alpha` (0..255): a copy made once per level rather than once a frame
    (pass few levels: a pulse in steps). For kept sprites; big ones are copied each time (a
    cache of them would hold megabytes at 4K)."""
    level = max(0, min(255, int(alpha)))
    if img.get_width() * img.get_height() > 250_000:
        out = img.copy()
        out.set_alpha(level)
        return out
    return _faded(img, level)


@_internal_cache(64)
def _faded(img: pygame.Surface, level: int) -> pygame.Surface:
    out = img.copy()
    out.set_alpha(level)
    return out


def blit_rim_shadow(surf, rect, radius, dx: int, dy: int, corner: int) -> None:
    """The drop shadow `shadow(rect.w, rect.h, radius)` at rect moved by (dx, dy), drawn
    as its rim only: for an object about to be drawn opaque over rect, whose rounded
    corners are smaller than `corner`. Blending and keeping the hidden middle cost time
    and, at 4K, megabytes."""
    rect = pygame.Rect(rect)
    band_w, band_h = min(rect.w, dx + corner), min(rect.h, dy + corner)
    right, bottom, top_left = shadow_bands(rect.w, rect.h, radius, band_w, band_h, corner)
    sx, sy = rect.x + dx, rect.y + dy
    surf.blit(right, (sx + rect.w - band_w, sy))
    surf.blit(bottom, (sx, sy + rect.h - band_h))
    surf.blit(top_left, (sx, sy))


def opaque_inside(img: pygame.Surface, corner: int) -> bool:
    """Whether img looks opaque but for rounded corners under `corner` px (sampled at the
    corners' inner points and the middle): then a rim shadow will do under it."""
    w, h = img.get_size()
    if w <= 2 * corner or h <= 2 * corner:
        return False
    if not img.get_flags() & pygame.SRCALPHA:
        return True
    points = ((corner, corner), (w - 1 - corner, corner), (corner, h - 1 - corner),
              (w - 1 - corner, h - 1 - corner), (w // 2, h // 2), (w // 2, 0), (0, h // 2))
    return all(img.get_at(p)[3] == 255 for p in points)


@_memo(64)
def glow_ring(w, h, radius, band, colour=HIGHLIGHT) -> tuple[tuple[pygame.Surface, tuple[int, int]], ...]:
    """The four strips of `glow(w, h, radius, colour)` within `band` px of its edges, each
    with its offset: what shows of a halo round an opaque panel, without keeping the
    hidden middle (megabytes for a big panel at 4K)."""
    w, h = _sz(w), _sz(h)
    band = max(1, min(band, w // 2, h // 2))
    # beyond the rounded corner, the spread and the blur; 96 px keep the default spread the same
    k = max(band, int(radius) + 24, 48) + 2
    small = _small_edges(lambda a, b: glow.__wrapped__(a, b, radius, colour), w, h, k)
    areas = ((0, 0, w, band), (0, h - band, w, band), (0, band, band, h - 2 * band),
             (w - band, band, band, h - 2 * band))
    return tuple((_region_of_stretched(small, w, h, k, a), (a[0], a[1])) for a in areas if a[2] > 0 and a[3] > 0)


@_memo(128)
def glow(w, h, radius, colour=HIGHLIGHT, spread=None) -> pygame.Surface:
    """Soft halo of exactly w x h: full strength about `spread` px in from the
    edges, fading to nothing at them.  To halo an object, pass its size plus 2*m
    (m about spread) and blit at (x - m, y - m); it is filled, so draw it behind.
    """
    w, h = _sz(w), _sz(h)
    sp = int(spread) if spread is not None else max(4, min(16, min(w, h) // 6))
    sp = max(2, min(sp, w // 3, h // 3))
    col = paint.rgb(colour)
    i = max(1, sp // 3)
    s = paint.surface(w, h, col)
    s.blit(_rrect(w - 2 * i, h - 2 * i, max(0, int(radius)), (*col, 235)), (i, i))
    s = _blur(s, max(1, i // 2))
    s.blit(s.copy(), (0, 0), special_flags=pygame.BLEND_RGBA_ADD)  # brighter core, same reach
    return _out(silhouette(s, col))  # the ADD above also bleached the colour


@_memo(128)
def tile_band(w, h, colour, pattern="none", radius=None) -> pygame.Surface:
    """Coloured, patterned header band with rounded top corners, exactly w x h,
    for the top edge of a panel(); pass radius=panel_radius(panel_w, panel_h)
    to match the panel's corners (the default only guarantees not poking out)."""
    w, h = _sz(w), _sz(h)
    col = paint.rgb(colour)
    r = int(radius) if radius is not None else max(3, min(28, w // 10))
    r = max(0, min(r, h, w // 2))
    band = _rrect(w, h + r, r, paint.shade(col, -0.45)).copy()  # square the bottom by cropping
    band.blit(_rrect(w - 2, h + r - 2, max(0, r - 1), col), (1, 1))
    band = band.subsurface((0, 0, w, h)).copy()
    pygame.draw.line(band, paint.shade(col, -0.45), (0, h - 1), (w, h - 1))
    apply_pattern(band, pattern, _pattern_ink(col), max(4, h // 3))
    return _out(light(band, 55, 40))


@_memo(128)
def panel(w, h, fill=PARCHMENT, border=PARCHMENT_DARK, radius=None) -> pygame.Surface:
    """Rounded parchment panel with burnt rim, grain and a fine inner rule."""
    w, h = _sz(w), _sz(h)
    r = int(radius) if radius is not None else panel_radius(w, h)
    return _out(_paper(w, h, r, fill, border))


@_memo(64)
def _panel_parts(w, h, fill=PARCHMENT, border=PARCHMENT_DARK, radius=None):
    """panel() cut in three: the rounded top and bottom bands (blended) and the band between
    them, which is opaque and kept without alpha, so drawing it is a copy. Not kept whole:
    the parts are the same pixels."""
    img = panel.__wrapped__(w, h, fill, border, radius)
    w, h = img.get_size()
    r = int(radius) if radius is not None else panel_radius(w, h)
    band = min(h // 2, r + 1)
    middle = img.subsurface((0, band, w, h - 2 * band)).convert()
    return (img.subsurface((0, 0, w, band)).copy(), middle,
            img.subsurface((0, h - band, w, band)).copy(), band)


def blit_panel(surf, rect, fill=PARCHMENT, border=PARCHMENT_DARK, radius=None) -> None:
    """surf.blit(panel(...), rect) at a fraction of the cost: blending a big panel's opaque
    middle pixel by pixel was a good part of a full redraw."""
    rect = pygame.Rect(rect)
    if not (pygame.display.get_init() and pygame.display.get_surface() is not None) or rect.h < 8:
        surf.blit(panel(rect.w, rect.h, fill, border, radius), rect.topleft)
        return
    top, middle, bottom, band = _panel_parts(rect.w, rect.h, fill, border, radius)
    surf.blit(top, rect.topleft)
    surf.blit(middle, (rect.x, rect.y + band))
    surf.blit(bottom, (rect.x, rect.bottom - band))


def own_panel(w, h, fill=PARCHMENT, border=PARCHMENT_DARK, radius=None) -> pygame.Surface:
    """A panel() to paint on, painted anew: a cached one copied would be kept twice."""
    return panel.__wrapped__(w, h, fill, border, radius)


def panel_radius(w, h) -> int:
    """Corner radius panel() uses by default (pass it to tile_band to match)."""
    return max(3, min(28, min(_sz(w), _sz(h)) // 10))


def _felt_base(lw: int, lh: int, rng: random.Random) -> pygame.Surface:
    base = pygame.Surface((lw, lh))
    base.fill(theme.TABLE_FELT)
    for flag in (pygame.BLEND_RGB_ADD, pygame.BLEND_RGB_SUB):  # soft mottling
        n = pygame.Surface((24, max(2, 24 * lh // lw)))
        for y in range(n.get_height()):
            for x in range(24):
                v = rng.randint(0, 9)
                n.set_at((x, y), (v, v, v))
        base.blit(pygame.transform.smoothscale(n, (lw, lh)), (0, 0), special_flags=flag)
    return base


def _wood_base(lw: int, lh: int, rng: random.Random) -> pygame.Surface:
    base = pygame.Surface((lw, lh))
    base.fill(theme.TABLE_WOOD)
    for flag in (pygame.BLEND_RGB_ADD, pygame.BLEND_RGB_SUB):  # long grain streaks
        n = pygame.Surface((6, lh))
        for y in range(lh):
            for x in range(6):
                v = rng.randint(0, 16)
                n.set_at((x, y), (v, int(v * 0.8), int(v * 0.6)))
        base.blit(pygame.transform.smoothscale(n, (lw, lh)), (0, 0), special_flags=flag)
    plank = max(8, lh // 6)
    for y in range(plank, lh, plank):
        pygame.draw.line(base, paint.shade(theme.TABLE_WOOD, -0.45), (0, y), (lw, y))
    return base


def _vignette(lw: int, lh: int) -> pygame.Surface:
    """Multiply layer: bright middle, darker corners (like a lamp over the table)."""
    vw, vh = 32, 18
    v = pygame.Surface((vw, vh))
    for y in range(vh):
        for x in range(vw):
            dx, dy = (x + 0.5) / vw - 0.5, (y + 0.5) / vh - 0.5
            d = max(0.0, math.hypot(dx * 1.1, dy) - 0.22) / 0.5
            g = int(255 - 120 * min(1.0, d) ** 1.6)
            v.set_at((x, y), (g, g, g))
    return pygame.transform.smoothscale(v, (lw, lh))


@_memo(4)
def table_background(w, h, kind="felt") -> pygame.Surface:
    """Tabletop ("felt" or "wood") with mottling, vignette and fine grain. Opaque."""
    w, h = _sz(w), _sz(h)
    rng = random.Random(1234)
    lw, lh = 320, max(4, round(320 * h / w))
    base = _wood_base(lw, lh, rng) if kind == "wood" else _felt_base(lw, lh, rng)
    base.blit(_vignette(lw, lh), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        base = base.convert()  # the small one: scaled, it is born in the window's format (no 4K copy)
    out = pygame.transform.smoothscale(base, (w, h))
    tile = _grain_tile(128, 22, seed=11)
    for y in range(0, h, 128):
        for x in range(0, w, 128):
            out.blit(tile, (x, y))
    return out


# --- Patterns -------------------------------------------------------------------


def _draw_pattern(s: pygame.Surface, pattern: str, colour, sp: int) -> None:
    w, h = s.get_size()
    col = paint.rgba(colour)
    lw = max(1, sp // 4)
    if pattern in ("stripes", "cross"):
        for x in range(-h, w + h, sp):
            pygame.draw.line(s, col, (x, h), (x + h, 0), lw)
            if pattern == "cross":
                pygame.draw.line(s, col, (x, 0), (x + h, h), lw)
    elif pattern == "dots":
        r = max(1, sp // 4)
        for j, y in enumerate(range(sp // 2, h + sp, sp)):
            off = sp // 2 if j % 2 else 0
            for x in range(off + sp // 4, w + sp, sp):
                pygame.draw.circle(s, col, (x, y), r)
    elif pattern == "checks":
        col = (*col[:3], col[3] * 2 // 3)  # solid squares weigh more than lines
        c = max(2, sp // 2)
        for j, y in enumerate(range(0, h, c)):
            for i, x in enumerate(range(0, w, c)):
                if (i + j) % 2:
                    s.fill(col, (x, y, c, c))
    elif pattern == "waves":
        amp = max(1.0, sp / 4)
        xs = range(-2, w + 3, 2)
        rise = [amp * math.sin(x * 2 * math.pi / (sp * 1.6)) for x in xs]  # one wave, every row
        for y0 in range(sp // 2, h + sp, sp):
            pygame.draw.lines(s, col, False, [(x, y0 + d) for x, d in zip(xs, rise, strict=True)], lw)


def apply_pattern(surface: pygame.Surface, pattern: str, colour=(0, 0, 0, 70),
                  spacing: int | None = None) -> pygame.Surface:
    """Overlay `pattern` on `surface` in place, only where it is opaque.

    Mutates `surface`: never call it on a cached sprite, use a copy.
    """
    if pattern not in theme.PATTERNS or pattern == "none":
        return surface
    w, h = surface.get_size()
    sp = int(spacing) if spacing else max(4, min(40, min(w, h) // 4))
    # 2x: smoother diagonals; not for a surface that is already big (a supersampled 4K map
    # layer), where 4x its area meant a passing peak of about 370 MB for little gain
    k = 2 if w * h <= 2_000_000 else 1
    big = paint.surface(w * k, h * k, colour)
    _draw_pattern(big, pattern, colour, sp * k)
    over = paint.down(big, w, h) if k > 1 else big
    surface.blit(_clip(over, surface), (0, 0))
    return surface


def _pattern_ink(bg) -> tuple[int, int, int, int]:
    """Pattern colour that shows on both light and dark backgrounds."""
    return (0, 0, 0, 80) if theme.luminance(bg) > 0.45 else (255, 255, 255, 90)


# --- Cards ----------------------------------------------------------------------


def _badge(d: int, letter: str, ring) -> pygame.Surface:
    """Parchment disc with a dark ring and a bold letter."""
    big = paint.surface(d * SS, d * SS, INK)
    c = d * SS / 2
    pygame.draw.circle(big, paint.rgb(paint.shade(ring, -0.45)), (c, c), c - SS / 2)
    pygame.draw.circle(big, PARCHMENT, (c, c), c - max(SS, d * SS * 0.09))
    s = paint.down(big, d, d)
    blit_center(s, theme.text(str(letter)[:2], max(MIN_PX, int(d * 0.62)), INK, True), d / 2, d / 2)
    return s


def _band(w: int, h: int, colour, pattern: str, r: int) -> pygame.Surface:
    s = _rrect(w, h, r, paint.shade(colour, -0.45)).copy()
    s.blit(_rrect(w - 2, h - 2, max(0, r - 1), colour), (1, 1))
    apply_pattern(s, pattern, _pattern_ink(colour), max(4, h // 3))
    return light(s, 55, 40)


def _emblem(d: int, colour) -> pygame.Surface:
    """Round seal behind a card's value: pale tint of the colour, coloured rim."""
    big = paint.surface(d * SS, d * SS, colour)
    c = d * SS / 2
    pygame.draw.circle(big, paint.shade(colour, -0.3), (c, c), c - SS / 2)
    pygame.draw.circle(big, paint.mix(colour, PARCHMENT, 0.78), (c, c), c - max(SS, d * SS * 0.07))
    pygame.draw.circle(big, paint.rgba(paint.shade(colour, -0.1), 120), (c, c), c - d * SS * 0.13, max(1, SS))
    return paint.down(big, d, d)


def _highlighted(s: pygame.Surface, r: int) -> pygame.Surface:
    w, h = s.get_size()
    t = max(2, round(min(w, h) * 0.035))
    inner = _soft_ring(w, h, HIGHLIGHT, 200, max(3, min(w, h) / 16))
    s.blit(_clip(inner, s), (0, 0))
    s.blit(_rring(w, h, r, HIGHLIGHT, t), (0, 0))
    return s


def _dimmed(s: pygame.Surface) -> pygame.Surface:
    """Mostly grey and darker: clearly not a legal choice, colour still hinted."""
    grey = pygame.transform.grayscale(s)
    grey.set_alpha(200)
    out = s.copy()
    out.blit(grey, (0, 0))
    out.fill((165, 165, 165, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return out


@_memo(512)
def card(w, h, colour, title="", value=None, letter=None, pattern="none",
         highlight=False, dim=False) -> pygame.Surface:
    """Parchment card: coloured, patterned header band with letter badge and
    small value; title below; big value on a seal in the middle."""
    w, h = _sz(w), _sz(h)
    col = paint.rgb(colour)
    r = max(2, round(min(w, h) * 0.08))
    s = _paper(w, h, r, inner_line=False)
    m = max(2, round(w * 0.06))
    # Small cards get a relatively taller band so the letter badge stays legible.
    bw, bh = w - 2 * m, max(3, round(h * max(0.22, min(0.3, 0.1 + 16 / w))))
    s.blit(_band(bw, bh, col, pattern, max(1, r - m // 2)), (m, m))
    pad = max(1, round(bh * 0.1))
    bd = max(4, min(bh - 2 * pad, round(w * 0.34)))
    if letter:
        s.blit(_badge(bd, letter, col), (m + pad, m + (bh - bd) // 2))
    if value is not None:
        fg, edge = _label_on(col)
        small = _outlined_text(str(value), round(bh * 0.55), fg, edge, max_w=bw // 2 - pad)
        blit_center(s, small, m + bw - pad - ink_rect(small).w / 2 - 1, m + bh / 2)
    y = m + bh + max(1, round(h * 0.025))
    tsize = round(min(h * 0.085, w * 0.14))
    if title and tsize >= 8:  # smaller would be an unreadable smudge
        ts = theme.fit_text(title, w - 2 * m, tsize, INK, True, min_px=8)
        s.blit(ts, ((w - ts.get_width()) // 2, y))
        y += ts.get_height()
    foot = max(2, round(h * 0.05))
    s.blit(_band(bw, foot, col, pattern, max(1, foot // 2)), (m, h - m - foot))
    _card_centre(s, col, value, letter, m, y, h - m - foot - max(1, round(h * 0.03)))
    if highlight:
        _highlighted(s, r)
    if dim:
        s = _dimmed(s)
    return _out(s)


def _card_centre(s, col, value, letter, m, top, bottom) -> None:
    """Big value on a seal, or a faint letter watermark when there is no value."""
    w = s.get_width()
    area = bottom - top
    if area < 6:
        return
    cx, cy = w / 2, top + area / 2
    d = int(min(area * 0.96, (w - 2 * m) * 0.78))
    if value is not None:
        if d >= 8:
            blit_center(s, _emblem(d, col), cx, cy, ink=False)
        vs = theme.fit_text(str(value), int(d * 0.8), max(MIN_PX, int(d * 0.62)), INK, True,
                            min_px=MIN_PX)
        blit_center(s, vs, cx, cy)
    elif letter:
        mark = theme.text(str(letter)[:2], max(MIN_PX, int(d * 0.8)), paint.shade(col, -0.1), True).copy()
        mark.set_alpha(70)
        blit_center(s, mark, cx, cy)


def _medallion(d: int, colour) -> pygame.Surface:
    big = paint.surface(d * SS, d * SS, GOLD_DARK)
    c = d * SS / 2
    pygame.draw.circle(big, GOLD_DARK, (c, c), c - SS)
    pygame.draw.circle(big, GOLD, (c, c), c - SS - d * SS * 0.04)
    pygame.draw.circle(big, paint.shade(colour, -0.2), (c, c), c - d * SS * 0.12)
    pygame.draw.polygon(big, GOLD_DARK, star_points(c, c * 1.04, c * 0.7, c * 0.3))
    pygame.draw.polygon(big, GOLD, star_points(c, c * 1.04, c * 0.62, c * 0.26))
    return light(paint.down(big, d, d), 70, 50)


@_memo(128)
def card_back(w, h, colour=(120, 60, 40)) -> pygame.Surface:
    """Face-down card: rich colour, gold frame, diamond lattice, star medallion."""
    w, h = _sz(w), _sz(h)
    col = paint.rgb(colour)
    r = max(2, round(min(w, h) * 0.08))
    t = max(1, round(min(w, h) / 60))
    s = _rrect(w, h, r, paint.shade(col, -0.5)).copy()
    s.blit(_rrect(w - 2 * t, h - 2 * t, max(0, r - t), col), (t, t))
    m = max(3, round(w * 0.09))
    iw, ih, ir = w - 2 * m, h - 2 * m, max(1, r - m // 2)
    if iw > 4 and ih > 4:
        field = _rrect(iw, ih, ir, paint.shade(col, -0.12)).copy()
        apply_pattern(field, "cross", (*paint.shade(col, 0.3), 110), max(4, w // 6))
        s.blit(field, (m, m))
        s.blit(_rring(iw, ih, ir, GOLD, max(1, round(w / 50))), (m, m))
    d = int(min(w, h) * 0.46)
    if d >= 8:
        blit_center(s, _medallion(d, col), w / 2, h / 2, ink=False)
    s.blit(_clip(_tiled(w, h, _grain_tile()), s), (0, 0))
    return _out(light(s, 45, 45))


# --- Tiles ----------------------------------------------------------------------


def _square_tile_body(s: int, col, pattern: str):
    r = max(2, s // 9)
    t = max(1, s // 48)
    b = max(2, s // 16)
    out = _rrect(s, s, r, paint.shade(col, -0.6)).copy()
    out.blit(_rrect(s - 2 * t, s - 2 * t, r - t, paint.shade(col, 0.35)), (t, t))
    out.blit(_rrect(s - 2 * t - b, s - 2 * t - b, r - t, paint.shade(col, -0.3)), (t + b, t + b))
    fw = s - 2 * t - 2 * b
    face = _rrect(fw, fw, max(1, r - t - b // 2), col).copy()
    apply_pattern(face, pattern, _pattern_ink(col))
    out.blit(light(face, 40, 35), (t + b, t + b))
    return out, (s / 2, s / 2), fw


def _hex_tile_body(s: int, col, pattern: str):
    S = s * SS
    c = S / 2
    R = S / 2 - SS
    t, b = max(SS, S / 48), max(2 * SS, S / 16)
    big = paint.surface(S, S, paint.shade(col, -0.6))
    pygame.draw.polygon(big, paint.shade(col, -0.6), _ngon(c, c, R, 6))
    pygame.draw.polygon(big, paint.shade(col, 0.35), _ngon(c - b / 3, c - b / 3, R - t - b / 3, 6))
    pygame.draw.polygon(big, paint.shade(col, -0.3), _ngon(c + b / 3, c + b / 3, R - t - b / 3, 6))
    out = paint.down(big, s, s)
    fbig = paint.surface(S, S, col)
    pygame.draw.polygon(fbig, col, _ngon(c, c, R - t - b, 6))
    face = paint.down(fbig, s, s)
    apply_pattern(face, pattern, _pattern_ink(col))
    out.blit(light(face, 40, 35), (0, 0))
    return out, (s / 2, s / 2), int((R - t - b) / SS * math.sqrt(3))


@_memo(256)
def tile(size, colour, label="", value=None, letter=None, pattern="none",
         shape="square") -> pygame.Surface:
    """Bevelled square (shape="square") or pointy-top hexagonal (shape="hex") tile."""
    s = _sz(size)
    col = paint.rgb(colour)
    if shape == "hex":
        out, (cx, cy), fw = _hex_tile_body(s, col, pattern)
    else:
        out, (cx, cy), fw = _square_tile_body(s, col, pattern)
    fg, edge = _label_on(col)
    if letter:
        if shape == "hex":
            bd = max(4, int(s * 0.2))
            out.blit(_badge(bd, letter, col), (cx - bd / 2, s * 0.11))
            cy += s * 0.04  # keep the value clear of the badge
        else:
            bd = max(4, int(s * 0.24))
            out.blit(_badge(bd, letter, col), (s * 0.1, s * 0.1))
    if value is not None:
        vs = _outlined_text(str(value), int(s * (0.32 if shape == "hex" else 0.36)), fg, edge,
                            max_w=int(fw * 0.8))
        blit_center(out, vs, cx, cy)
    if label:
        ls = _outlined_text(label, max(MIN_PX, int(s * 0.13)), fg, edge, max_w=int(fw * 0.86))
        blit_center(out, ls, cx, s * (0.77 if shape == "hex" else 0.8))
    return _out(out)


# --- Player pieces ----------------------------------------------------------------

_MEEPLE = [  # body outline in a unit box; the head is a separate circle
    (0.41, 0.30), (0.20, 0.36), (0.07, 0.43), (0.03, 0.51), (0.08, 0.58),
    (0.31, 0.58), (0.25, 0.76), (0.12, 0.94), (0.14, 0.98), (0.40, 0.98),
    (0.50, 0.80), (0.60, 0.98), (0.86, 0.98), (0.88, 0.94), (0.75, 0.76),
    (0.69, 0.58), (0.92, 0.58), (0.97, 0.51), (0.93, 0.43), (0.80, 0.36),
    (0.59, 0.30),
]
_MEEPLE_HEAD = (0.5, 0.19, 0.155)


@_memo(256)
def meeple(h, colour, letter=None) -> pygame.Surface:
    """Classic meeple silhouette (h x h) with outline, shading and optional letter."""
    s = _sz(h)
    col = paint.rgb(colour)
    pad = 0.06
    inner = 1 - 2 * pad

    def draw(surf, k):
        u = s * k
        pts = [((pad + x * inner) * u, (pad + y * inner) * u) for x, y in _MEEPLE]
        pygame.draw.polygon(surf, (255, 255, 255, 255), pts)
        hx, hy, hr = _MEEPLE_HEAD
        pygame.draw.circle(surf, (255, 255, 255, 255),
                           ((pad + hx * inner) * u, (pad + hy * inner) * u), hr * inner * u)

    big = silhouette(_rounded_blob(s, s, draw, 0.025), col)
    big = stroke(big, paint.shade(col, -0.65), max(SS, s * SS * 0.03))
    out = light(paint.down(big, s, s), 70, 60)
    _letter_on(out, letter, s / 2, s * (pad + 0.63 * inner), int(s * 0.3), col)
    return _out(out)


@_memo(256)
def disc(d, colour, letter=None) -> pygame.Surface:
    """Wooden disc seen from above: dark rim low-right, lit face, growth ring."""
    s = _sz(d)
    col = paint.rgb(colour)
    S = s * SS
    c = S / 2
    R = c - SS * max(1, s / 40)
    rim = S * 0.06
    big = paint.surface(S, S, paint.shade(col, -0.6))
    pygame.draw.circle(big, paint.shade(col, -0.35), (c, c), R)
    pygame.draw.circle(big, paint.shade(col, 0.25), (c - rim * 0.35, c - rim * 0.35), R - rim)
    pygame.draw.circle(big, col, (c - rim * 0.2, c - rim * 0.2), R - rim * 1.35)
    pygame.draw.circle(big, paint.rgba(paint.shade(col, -0.12), 255), (c - rim * 0.2, c - rim * 0.2),
                       R * 0.62, max(1, int(S * 0.012)))
    big = stroke(big, paint.shade(col, -0.65), max(SS, S * 0.02))
    out = light(paint.down(big, s, s), 55, 45)
    _letter_on(out, letter, s / 2 - rim / SS * 0.2, s / 2 - rim / SS * 0.2, int(s * 0.44), col)
    return _out(out)


@_memo(256)
def cube(s, colour, letter=None) -> pygame.Surface:
    """Isometric wooden cube: light top, mid left, dark right face."""
    n = _sz(s)
    col = paint.rgb(colour)
    S = n * SS
    c = S / 2
    R = S / 2 - S * 0.05
    k = R * math.sqrt(3) / 2
    top, bottom = (c, c - R), (c, c + R)
    ul, ur = (c - k, c - R / 2), (c + k, c - R / 2)
    ll, lr = (c - k, c + R / 2), (c + k, c + R / 2)
    mid = (c, c)
    big = paint.surface(S, S, paint.shade(col, -0.6))
    pygame.draw.polygon(big, paint.shade(col, 0.3), [top, ur, mid, ul])
    pygame.draw.polygon(big, col, [ul, mid, bottom, ll])
    pygame.draw.polygon(big, paint.shade(col, -0.3), [mid, ur, lr, bottom])
    edge = paint.shade(col, -0.55)
    lw = max(1, int(S * 0.012))
    pygame.draw.line(big, edge, mid, ul, lw)
    pygame.draw.line(big, edge, mid, ur, lw)
    pygame.draw.line(big, edge, mid, bottom, lw)
    big = stroke(big, paint.shade(col, -0.65), max(SS, S * 0.02))
    out = paint.down(big, n, n)
    _letter_on(out, letter, n / 2, n / 2 - R / SS / 2, int(n * 0.3), paint.shade(col, 0.3))
    return _out(out)


def _marker_big(s: int, shape: str, col, bevel: bool) -> pygame.Surface:
    S = s * SS
    c = S / 2
    ow = max(SS, S * 0.045)
    R = c - ow - SS
    big = paint.surface(S, S, paint.shade(col, -0.65))
    if bevel:
        _fill_shape(big, shape, c, c, R, paint.shade(col, -0.3))
        _fill_shape(big, shape, c - S * 0.01, c - S * 0.01, R * 0.86, paint.shade(col, 0.3))
        _fill_shape(big, shape, c, c, R * 0.8, col)
    else:
        _fill_shape(big, shape, c, c, R, col)
    return stroke(big, paint.shade(col, -0.65), ow)


@_memo(256)
def shape_marker(size, shape, colour) -> pygame.Surface:
    """Flat filled shape (circle/square/triangle/diamond/star/hexagon) with dark outline."""
    s = _sz(size)
    return _out(paint.down(_marker_big(s, shape, paint.rgb(colour), False), s, s))


@_memo(256)
def token(d, colour, letter=None, shape="circle") -> pygame.Surface:
    """Player marker: bevelled shape from theme.SHAPES with an optional letter."""
    s = _sz(d)
    col = paint.rgb(colour)
    out = light(paint.down(_marker_big(s, shape, col, True), s, s), 50, 40)
    if letter:
        _, (lx, ly), f = _shape_geom(shape, s / 2, s / 2, s / 2)
        _letter_on(out, letter, lx, ly, int(s * 0.46 * f), col)
    return _out(out)


def seat_marker(d, palette_index: int) -> pygame.Surface:
    """The token of the seat playing palette colour `palette_index`: that colour with its shape
    and letter from theme's player palette (the same marker on every table and screen)."""
    pc = theme.player_colour(palette_index)
    return token(d, pc["rgb"], pc["letter"], pc["shape"])


# --- Dice -----------------------------------------------------------------------

_PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
}


def _draw_pips(big, n, x0, y0, f, pip) -> None:
    r = f * 0.092
    for px_, py_ in _PIPS[n]:
        cx, cy = x0 + px_ * f, y0 + py_ * f
        pygame.draw.circle(big, paint.shade(pip, 0.35), (cx + r * 0.12, cy + r * 0.14), r)
        pygame.draw.circle(big, pip, (cx - r * 0.04, cy - r * 0.04), r * 0.9)


def _die_face(big, face, x0, y0, f, pip, art) -> None:
    if isinstance(face, bool):  # bool is an int, but not a face
        face = "?"
    if isinstance(face, int) and face in _PIPS:
        _draw_pips(big, face, x0, y0, f, pip)
        return
    D = int(f * 0.86)
    cx, cy = x0 + f / 2, y0 + f / 2
    pic = art(face, D) if art is not None else None
    if pic is not None:
        blit_center(big, pic, cx, cy, ink=False)
    elif face in ("blank", 0, None, ""):
        return
    else:  # unknown faces still render something legible
        g = glyph(str(face)[:2], f * (0.6 if len(str(face)) < 2 else 0.45), pip)
        blit_center(big, g, cx, cy)


@_memo(256)
def die(size, face, colour=(245, 240, 225), pip_colour=(40, 30, 20), art=None) -> pygame.Surface:
    """Rounded die with depth shading. face: 1..6 pips, "blank", or a game's own face, which
    `art(face, side)` draws (a side x side picture, or None: not one of its faces); any other
    face shows its first two characters."""
    s = _sz(size)
    col, pip = paint.rgb(colour), paint.rgb(pip_colour)
    S = s * SS
    pad = S * 0.05
    e = S * 0.06  # visible depth on the lower-right sides
    rad = int(S * 0.17)
    big = paint.surface(S, S, paint.shade(col, -0.7))
    body = pygame.Rect(pad, pad, S - 2 * pad, S - 2 * pad)
    pygame.draw.rect(big, paint.shade(col, -0.32), body, border_radius=rad)
    face_r = pygame.Rect(pad, pad, body.w - e, body.h - e)
    pygame.draw.rect(big, paint.shade(col, 0.5), face_r, border_radius=rad)
    pygame.draw.rect(big, col, face_r.inflate(-S * 0.03, -S * 0.03).move(S * 0.01, S * 0.01),
                     border_radius=rad)
    big = stroke(big, (58, 42, 28), max(SS, S * 0.018))
    face_layer = paint.surface(S, S)
    _die_face(face_layer, face, face_r.x, face_r.y, face_r.w, pip, art)
    out = paint.down(big, s, s)
    light(out, 40, 30)
    out.blit(paint.down(face_layer, s, s), (0, 0))
    return _out(out)


def tumble_side(size) -> int:
    """Side of the square die_tumble() returns for a die of `size`."""
    return int(math.ceil(_sz(size) * math.sqrt(2))) + 2


@_memo(512)
def _die_tumble(size: int, face, angle: int, art=None) -> pygame.Surface:
    s = _sz(size)
    side = tumble_side(s)
    rot = pygame.transform.rotozoom(die(s, face, art=art), angle, 1.0)
    out = paint.surface(side, side)
    blit_center(out, rot, side / 2, side / 2, ink=False)
    return _out(out)


def die_tumble(size, face, angle_deg, art=None) -> pygame.Surface:
    """The die rotated by angle_deg (whole degrees), centred on a fixed
    tumble_side(size) square so animation frames don't wobble."""
    return _die_tumble(_sz(size), _canon(face), int(round(float(angle_deg))) % 360, art)


# --- Money -----------------------------------------------------------------------

_METALS = {1: (184, 115, 56), 5: (196, 200, 208), 10: (236, 184, 48)}


def _metal_for(value: int):
    if value >= 10:
        return _METALS[10]
    return _METALS[5] if value >= 5 else _METALS[1]


@_memo(256)
def coin(d, value) -> pygame.Surface:
    """Nugget coin: 1 bronze, 5 silver, 10 gold; reeded rim and embossed number."""
    s = _sz(d)
    try:
        v = int(value)
    except (TypeError, ValueError):
        v = 1
    metal = _metal_for(v)
    S = s * SS
    c = S / 2
    R = c - SS * max(1, s / 36)
    big = paint.surface(S, S, paint.shade(metal, -0.6))
    pygame.draw.circle(big, paint.shade(metal, -0.2), (c, c), R)
    ticks = max(12, int(s * 0.9))
    for i in range(ticks):  # reeded edge
        a = 2 * math.pi * i / ticks
        p0 = (c + R * 0.86 * math.cos(a), c + R * 0.86 * math.sin(a))
        p1 = (c + R * 0.99 * math.cos(a), c + R * 0.99 * math.sin(a))
        pygame.draw.line(big, paint.shade(metal, -0.42), p0, p1, max(1, int(S * 0.012)))
    pygame.draw.circle(big, paint.shade(metal, -0.35), (c, c), R * 0.8)
    pygame.draw.circle(big, metal, (c, c), R * 0.76)
    pygame.draw.circle(big, paint.shade(metal, -0.15), (c, c), R * 0.64, max(1, int(S * 0.01)))
    big = stroke(big, paint.shade(metal, -0.6), max(SS, S * 0.02))
    out = light(paint.down(big, s, s), 95, 60)
    label = str(v)
    size = int(s * (0.46 if len(label) < 2 else 0.38))
    fw = int(s * 0.62)
    hi = theme.fit_text(label, fw, size, paint.shade(metal, 0.55), True, MIN_PX)
    lo = theme.fit_text(label, fw, size, paint.shade(metal, -0.6), True, MIN_PX)
    off = max(1, s // 40)
    blit_center(out, hi, s / 2 + off, s / 2 + off)
    blit_center(out, lo, s / 2, s / 2)
    return _out(out)


_LUMPS = [  # a nugget is a cluster of rounded lumps: (x, y, r) in a unit box
    (0.36, 0.52, 0.23), (0.60, 0.42, 0.21), (0.66, 0.64, 0.19), (0.43, 0.69, 0.18),
    (0.23, 0.61, 0.14), (0.48, 0.34, 0.15), (0.81, 0.52, 0.12),
]


def _draw_lumps(surf, u, colour) -> None:
    for x, y, r in _LUMPS:
        pygame.draw.circle(surf, colour, (x * u, y * u), r * u)


@_memo(256)
def nugget(d) -> pygame.Surface:
    """An irregular, lumpy gold nugget: lit bumps, dark crevices, a sparkle."""
    s = _sz(d)
    u = s * SS
    big = silhouette(_rounded_blob(s, s, lambda surf, k: _draw_lumps(surf, s * k, (255, 255, 255)),
                                    0.05), GOLD)
    relief = paint.surface(u, u, GOLD)
    for x, y, r in _LUMPS:  # crevices first, highlights drawn over them
        pygame.draw.circle(relief, (*paint.shade(GOLD, -0.5), 150), ((x + 0.4 * r) * u, (y + 0.45 * r) * u),
                           0.62 * r * u)
    for x, y, r in _LUMPS:
        pygame.draw.circle(relief, (*paint.shade(GOLD, 0.6), 200), ((x - 0.28 * r) * u, (y - 0.32 * r) * u),
                           0.42 * r * u)
    relief = _blur(relief, max(1, int(u * 0.025)))
    big.blit(_clip(relief, big), (0, 0))
    big = stroke(big, GOLD_DARK, max(SS, u * 0.022))
    sp = paint.surface(u, u, (255, 255, 240))
    pygame.draw.polygon(sp, (255, 255, 240, 240), star_points(u * 0.3, u * 0.42, u * 0.11, u * 0.022, 4))
    big.blit(sp, (0, 0))
    return _out(light(paint.down(big, s, s), 35, 50))


# --- Icons -----------------------------------------------------------------------
# Each draws into an SS-scale square canvas of side u in one colour; holes are
# painted with alpha 0 (pygame.draw overwrites, so that cuts them out).


def _hole(col):
    return (*paint.rgb(col), 0)


def _icon_star(b, u, col):
    pygame.draw.polygon(b, col, star_points(u / 2, u * 0.54, u * 0.48, u * 0.2))


def _icon_bag(b, u, col):
    pygame.draw.circle(b, col, (u * 0.5, u * 0.64), u * 0.33)
    pygame.draw.polygon(b, col, [(u * 0.36, u * 0.38), (u * 0.64, u * 0.38), (u * 0.58, u * 0.22), (u * 0.42, u * 0.22)])
    pygame.draw.polygon(b, col, [(u * 0.42, u * 0.24), (u * 0.28, u * 0.08), (u * 0.5, u * 0.15), (u * 0.72, u * 0.08), (u * 0.58, u * 0.24)])
    pygame.draw.line(b, _hole(col), (u * 0.36, u * 0.27), (u * 0.64, u * 0.27), max(1, int(u * 0.04)))
    dollar = glyph("$", u * 0.4, (255, 255, 255))
    r = ink_rect(dollar)
    _erase(b, dollar, (u * 0.5 - r.centerx, u * 0.66 - r.centery))


def _icon_nugget(b, u, col):
    # Icons read better angular: a faceted rock with two cut facet lines.
    pts = [(0.1, 0.58), (0.22, 0.34), (0.44, 0.22), (0.7, 0.26), (0.9, 0.46), (0.84, 0.72),
           (0.56, 0.82), (0.26, 0.8)]
    pygame.draw.polygon(b, col, [(x * u, y * u) for x, y in pts])
    lw = max(1, int(u * 0.045))
    for (x0, y0), (x1, y1), (x2, y2) in (((0.22, 0.34), (0.42, 0.48), (0.44, 0.22)),
                                         ((0.42, 0.48), (0.7, 0.5), (0.9, 0.46))):
        pygame.draw.lines(b, _hole(col), False, [(x0 * u, y0 * u), (x1 * u, y1 * u), (x2 * u, y2 * u)], lw)
    pygame.draw.line(b, _hole(col), (0.42 * u, 0.48 * u), (0.4 * u, 0.82 * u), lw)


def _icon_card(b, u, col):
    lw = max(1, int(u * 0.06))
    pygame.draw.rect(b, col, (u * 0.14, u * 0.1, u * 0.48, u * 0.66), lw, border_radius=int(u * 0.07))
    pygame.draw.rect(b, _hole(col), (u * 0.33, u * 0.22, u * 0.56, u * 0.72), border_radius=int(u * 0.09))
    pygame.draw.rect(b, col, (u * 0.38, u * 0.26, u * 0.48, u * 0.66), border_radius=int(u * 0.07))
    pygame.draw.rect(b, _hole(col), (u * 0.46, u * 0.34, u * 0.32, u * 0.5), max(1, int(u * 0.035)),
                     border_radius=int(u * 0.04))


def _icon_exit(b, u, col):
    lw = max(1, int(u * 0.08))
    pygame.draw.lines(b, col, False, [(u * 0.5, u * 0.28), (u * 0.5, u * 0.1), (u * 0.12, u * 0.1),
                                      (u * 0.12, u * 0.9), (u * 0.5, u * 0.9), (u * 0.5, u * 0.72)], lw)
    pygame.draw.line(b, col, (u * 0.3, u * 0.5), (u * 0.72, u * 0.5), lw)
    pygame.draw.polygon(b, col, [(u * 0.66, u * 0.3), (u * 0.92, u * 0.5), (u * 0.66, u * 0.7)])


def _icon_undo(b, u, col):
    c, R, th = (u * 0.54, u * 0.56), u * 0.3, u * 0.1
    a0, a1, n = math.radians(-160), math.radians(150), 28
    outer = [(c[0] + (R + th / 2) * math.cos(a0 + (a1 - a0) * i / n),
              c[1] + (R + th / 2) * math.sin(a0 + (a1 - a0) * i / n)) for i in range(n + 1)]
    inner = [(c[0] + (R - th / 2) * math.cos(a1 - (a1 - a0) * i / n),
              c[1] + (R - th / 2) * math.sin(a1 - (a1 - a0) * i / n)) for i in range(n + 1)]
    pygame.draw.polygon(b, col, outer + inner)
    tip = (c[0] + R * math.cos(a0), c[1] + R * math.sin(a0))
    pygame.draw.polygon(b, col, [(tip[0] - u * 0.16, tip[1] - u * 0.02), (tip[0] + u * 0.14, tip[1] - u * 0.02),
                                 (tip[0] - u * 0.01, tip[1] + u * 0.2)])


def _icon_dice(b, u, col):
    pygame.draw.rect(b, col, (u * 0.1, u * 0.1, u * 0.8, u * 0.8), border_radius=int(u * 0.16))
    for x, y in _PIPS[5]:
        pygame.draw.circle(b, _hole(col), (u * (0.1 + 0.8 * x), u * (0.1 + 0.8 * y)), u * 0.075)


def _icon_crown(b, u, col):
    pts = [(u * 0.12, u * 0.3), (u * 0.32, u * 0.52), (u * 0.5, u * 0.22), (u * 0.68, u * 0.52),
           (u * 0.88, u * 0.3), (u * 0.8, u * 0.72), (u * 0.2, u * 0.72)]
    pygame.draw.polygon(b, col, pts)
    for x, y in (pts[0], pts[2], pts[4]):
        pygame.draw.circle(b, col, (x, y - u * 0.03), u * 0.065)
    pygame.draw.rect(b, col, (u * 0.2, u * 0.76, u * 0.6, u * 0.1), border_radius=int(u * 0.03))


def _icon_warning(b, u, col):
    pygame.draw.polygon(b, col, [(u * 0.5, u * 0.08), (u * 0.95, u * 0.88), (u * 0.05, u * 0.88)])
    pygame.draw.rect(b, _hole(col), (u * 0.455, u * 0.34, u * 0.09, u * 0.3), border_radius=int(u * 0.04))
    pygame.draw.circle(b, _hole(col), (u * 0.5, u * 0.76), u * 0.055)


def _icon_person(b, u, col):
    pygame.draw.circle(b, col, (u * 0.5, u * 0.3), u * 0.18)
    pygame.draw.ellipse(b, col, (u * 0.16, u * 0.54, u * 0.68, u * 0.7))
    pygame.draw.rect(b, _hole(col), (0, u * 0.9, u, u))


def _icon_robot(b, u, col):
    pygame.draw.line(b, col, (u * 0.5, u * 0.3), (u * 0.5, u * 0.14), max(1, int(u * 0.05)))
    pygame.draw.circle(b, col, (u * 0.5, u * 0.12), u * 0.07)
    pygame.draw.rect(b, col, (u * 0.2, u * 0.3, u * 0.6, u * 0.52), border_radius=int(u * 0.12))
    pygame.draw.rect(b, col, (u * 0.08, u * 0.46, u * 0.1, u * 0.2), border_radius=int(u * 0.03))
    pygame.draw.rect(b, col, (u * 0.82, u * 0.46, u * 0.1, u * 0.2), border_radius=int(u * 0.03))
    pygame.draw.circle(b, _hole(col), (u * 0.38, u * 0.5), u * 0.075)
    pygame.draw.circle(b, _hole(col), (u * 0.62, u * 0.5), u * 0.075)
    pygame.draw.rect(b, _hole(col), (u * 0.35, u * 0.66, u * 0.3, u * 0.06), border_radius=int(u * 0.03))


def _icon_sheriff(b, u, col):
    pts = star_points(u / 2, u / 2, u * 0.4, u * 0.24, 6)
    pygame.draw.polygon(b, col, pts)
    for x, y in pts[::2]:
        pygame.draw.circle(b, col, (x, y), u * 0.07)
    pygame.draw.circle(b, _hole(col), (u / 2, u / 2), u * 0.14, max(1, int(u * 0.04)))


def _icon_clock(b, u, col):
    lw = max(1, int(u * 0.08))
    pygame.draw.circle(b, col, (u / 2, u / 2), u * 0.42, lw)
    pygame.draw.line(b, col, (u / 2, u / 2), (u / 2, u * 0.22), lw)
    pygame.draw.line(b, col, (u / 2, u / 2), (u * 0.7, u * 0.6), lw)
    pygame.draw.circle(b, col, (u / 2, u / 2), u * 0.06)


def _icon_train(b, u, col):
    """A locomotive in side view (trains, wagons, routes)."""
    pygame.draw.rect(b, col, (u * 0.08, u * 0.38, u * 0.56, u * 0.3), border_radius=int(u * 0.05))
    pygame.draw.rect(b, col, (u * 0.6, u * 0.18, u * 0.32, u * 0.5), border_radius=int(u * 0.05))
    pygame.draw.rect(b, col, (u * 0.16, u * 0.2, u * 0.1, u * 0.2))
    pygame.draw.rect(b, _hole(col), (u * 0.67, u * 0.25, u * 0.18, u * 0.15), border_radius=int(u * 0.02))
    for x in (0.22, 0.46, 0.76):
        pygame.draw.circle(b, col, (u * x, u * 0.76), u * 0.1)
    pygame.draw.rect(b, col, (u * 0.04, u * 0.86, u * 0.92, u * 0.05))


def _icon_ticket(b, u, col):
    """A ticket with notched ends and a perforation."""
    pygame.draw.rect(b, col, (u * 0.06, u * 0.24, u * 0.88, u * 0.52), border_radius=int(u * 0.06))
    for x in (0.06, 0.94):
        pygame.draw.circle(b, _hole(col), (u * x, u * 0.5), u * 0.09)
    for k in range(4):
        pygame.draw.circle(b, _hole(col), (u * 0.68, u * (0.32 + k * 0.12)), u * 0.03)
    pygame.draw.rect(b, _hole(col), (u * 0.18, u * 0.4, u * 0.36, u * 0.06))
    pygame.draw.rect(b, _hole(col), (u * 0.18, u * 0.54, u * 0.26, u * 0.06))


def _icon_unknown(b, u, col):
    pygame.draw.circle(b, col, (u / 2, u / 2), u * 0.44, max(1, int(u * 0.07)))
    g = silhouette(glyph("?", u * 0.6, (255, 255, 255)), col)
    blit_center(b, g, u / 2, u / 2)


_ICONS = {
    "star": _icon_star, "bag": _icon_bag,
    "nugget": _icon_nugget, "card": _icon_card, "exit": _icon_exit, "undo": _icon_undo,
    "dice": _icon_dice, "crown": _icon_crown, "warning": _icon_warning,
    "person": _icon_person, "robot": _icon_robot, "sheriff": _icon_sheriff,
    "clock": _icon_clock, "train": _icon_train, "ticket": _icon_ticket,
}
ICON_NAMES = tuple(_ICONS)


@_memo(512)
def icon(name, size, colour=INK) -> pygame.Surface:
    """Single-colour vector icon; unknown names give a "?" in a circle."""
    s = _sz(size)
    col = paint.rgba(colour)
    u = s * SS
    big = paint.surface(u, u, col)
    try:
        _ICONS.get(name, _icon_unknown)(big, u, col)
    except (pygame.error, ValueError, TypeError):  # never let an icon crash a frame
        big = paint.surface(u, u, col)
        _icon_unknown(big, u, col)
    return _out(paint.down(big, s, s))


# --- Buttons ---------------------------------------------------------------------


@_memo(256)
def button(w, h, label, state="normal", icon_name=None) -> pygame.Surface:
    """Rounded button. state: normal, hover, pressed or disabled (flat and grey)."""
    w, h = _sz(w), _sz(h)
    r = max(2, min(h // 3, 14 + h // 10))
    e = max(2, h // 12)  # depth of the raised edge
    s = paint.surface(w, h)
    fg = BUTTON_TEXT
    dy = 0
    if state == "disabled":
        s.blit(_rrect(w, h, r, paint.shade(BUTTON_DISABLED, -0.15)), (0, 0))
        s.blit(_rrect(w - 2, h - 2, r - 1, BUTTON_DISABLED), (1, 1))
        fg = paint.shade(BUTTON_DISABLED, 0.45)
    else:
        face = {"hover": BUTTON_HOVER, "pressed": paint.shade(BUTTON, -0.12)}.get(state, BUTTON)
        dy = e if state == "pressed" else 0
        s.blit(_rrect(w, h - dy, r, paint.shade(BUTTON, -0.55)), (0, dy))
        s.blit(_rrect(w - 2, h - e - 2, r - 1, face), (1, 1 + dy))
        s.blit(_rring(w - 2, h - e - 2, r - 1, (*paint.shade(face, 0.35), 150), 1), (1, 1 + dy))
        if state == "hover":
            s.blit(_rring(w, h - dy, r, HIGHLIGHT, max(1, h // 24)), (0, dy))
        light(s, 45, 25)
    _button_content(s, label, icon_name, fg, state, dy, e)
    return _out(s)


def _button_content(s, label, icon_name, fg, state, dy, e) -> None:
    w, h = s.get_size()
    cy = dy + (h - e) / 2 if state != "disabled" else h / 2
    isz = int(h * 0.46) if icon_name else 0
    gap = int(h * 0.18) if icon_name and label else 0
    avail = max(4, w - int(h * 0.5) - isz - gap)
    tsize = max(MIN_PX, int(h * 0.42))
    ts = theme.fit_text(str(label), avail, tsize, fg, True, min_px=min(tsize, 9)) if label else None
    total = isz + gap + (ts.get_width() if ts else 0)
    x = (w - total) / 2
    if icon_name:
        blit_center(s, icon(icon_name, isz, fg), x + isz / 2, cy, ink=False)
        x += isz + gap
    if ts:
        if state != "disabled":  # dark under-shadow lifts the label off the face
            sh = theme.fit_text(str(label), avail, tsize, paint.shade(BUTTON, -0.6), True,
                                min_px=min(tsize, 9))
            s.blit(sh, (round(x), round(cy - ts.get_height() / 2) + 1))
        s.blit(ts, (round(x), round(cy - ts.get_height() / 2)))
