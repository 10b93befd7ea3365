"""Procedural pieces of this table, cached: train spaces and cars, city dots, outlined
names, train cards with a wagon or a locomotive. Built on the sprite kit; no publisher art."""
from __future__ import annotations

import functools

import pygame

from ui import paint, sprites, theme

SS = 4  # supersampling of the drawings below


def pattern_ink(rgb):
    return (0, 0, 0, 95) if theme.luminance(rgb) > 0.45 else (255, 255, 255, 110)


@functools.lru_cache(maxsize=256)
def space(length: int, width: int, rgb: tuple, pattern: str, claimed: bool = False) -> pygame.Surface:
    """A train space (or, `claimed`, a train car) lying horizontally: rounded, outlined, patterned."""
    L, W = max(3, length), max(3, width)
    cv = paint.Canvas(L, W, SS)
    big = cv.big
    r = int(W * SS * (0.3 if claimed else 0.22))
    edge = paint.shade(rgb, -0.6) if theme.luminance(rgb) > 0.2 else (10, 10, 12)
    pygame.draw.rect(big, edge, big.get_rect(), border_radius=r)
    t = max(SS, int(W * SS * (0.16 if claimed else 0.12)))
    pygame.draw.rect(big, rgb, big.get_rect().inflate(-2 * t, -2 * t), border_radius=max(0, r - t))
    if claimed:  # a little shine along the roof
        pygame.draw.line(big, paint.shade(rgb, 0.35), (r, t + SS), (L * SS - r, t + SS), max(1, SS))
    s = cv.done()
    if pattern != "none" and not claimed:
        sprites.apply_pattern(s, pattern, pattern_ink(rgb), max(3, W // 2))
    return s


@functools.lru_cache(maxsize=4096)
def space_rotated(length: int, width: int, rgb: tuple, pattern: str, angle: int, claimed: bool = False):
    return pygame.transform.rotozoom(space(length, width, rgb, pattern, claimed), angle, 1.0)


@functools.lru_cache(maxsize=64)
def city_dot(r: int, big: bool, ring=(46, 34, 24)) -> pygame.Surface:
    d = 2 * r + 2
    cv = paint.Canvas(d, d, SS)
    b = cv.big
    c = d * SS / 2
    pygame.draw.circle(b, ring, (c, c), r * SS + SS / 2)
    pygame.draw.circle(b, (255, 214, 120) if big else (252, 246, 230), (c, c), r * SS - SS * 0.9)
    if big:
        pygame.draw.circle(b, ring, (c, c), r * SS * 0.45)
    return cv.done()


@functools.lru_cache(maxsize=512)
def outlined(text: str, size: int, fg: tuple, outline: tuple, bold: bool = False, t: int = 1):
    """Text with a soft halo so it reads over tracks and land."""
    core = theme.text(text, size, fg, bold)
    halo = theme.text(text, size, outline, bold)
    w, h = core.get_size()
    s = pygame.Surface((w + 2 * t, h + 2 * t), pygame.SRCALPHA)
    for dx in range(-t, t + 1):
        for dy in range(-t, t + 1):
            if dx or dy:
                s.blit(halo, (t + dx, t + dy))
    s.blit(core, (t, t))
    return s


def _wagon(b, x, y, w, h, rgb, edge):
    """A goods wagon seen from the side, in a box (SS pixels)."""
    body = pygame.Rect(x, y, w, int(h * 0.72))
    pygame.draw.rect(b, edge, body, border_radius=int(h * 0.08))
    pygame.draw.rect(b, rgb, body.inflate(-int(h * 0.12), -int(h * 0.12)), border_radius=int(h * 0.05))
    for k in range(1, 4):  # planks
        xx = x + w * k // 4
        pygame.draw.line(b, paint.shade(rgb, -0.25), (xx, body.y + h * 0.1), (xx, body.bottom - h * 0.1),
                         max(1, int(h * 0.04)))
    wr = int(h * 0.16)
    for cx in (x + w * 0.22, x + w * 0.78):
        pygame.draw.circle(b, edge, (cx, y + h - wr), wr)
        pygame.draw.circle(b, (150, 150, 150), (cx, y + h - wr), wr * 0.4)
    return body


def _locomotive(b, x, y, w, h, colours, edge):
    """A steam locomotive in side view, its boiler striped in every card colour."""
    boiler = pygame.Rect(x, y + int(h * 0.22), int(w * 0.66), int(h * 0.46))
    cab = pygame.Rect(x + int(w * 0.62), y, int(w * 0.36), int(h * 0.68))
    chimney = pygame.Rect(x + int(w * 0.1), y, int(w * 0.12), int(h * 0.26))
    for r in (chimney, boiler, cab):
        pygame.draw.rect(b, edge, r, border_radius=int(h * 0.06))
    inner = [chimney.inflate(-h * 0.08, -h * 0.08), boiler.inflate(-h * 0.08, -h * 0.08),
             cab.inflate(-h * 0.08, -h * 0.08)]
    band = max(1, boiler.h // len(colours) + 1)
    for r in inner:
        clip = b.get_clip()
        b.set_clip(r)
        for i, c in enumerate(colours):
            b.fill(c, (r.x, r.y + i * band * r.h / boiler.h, r.w, band * r.h / boiler.h + 1))
        b.set_clip(clip)
    win = pygame.Rect(cab.x + cab.w * 0.25, cab.y + cab.h * 0.15, cab.w * 0.5, cab.h * 0.3)
    pygame.draw.rect(b, (250, 244, 228), win, border_radius=int(h * 0.03))
    pygame.draw.rect(b, edge, win, max(1, int(h * 0.03)), border_radius=int(h * 0.03))
    wr = int(h * 0.17)
    for cx in (x + w * 0.16, x + w * 0.42, x + w * 0.78):
        pygame.draw.circle(b, edge, (cx, y + h - wr), wr)
        pygame.draw.circle(b, (190, 170, 120), (cx, y + h - wr), wr * 0.45)
    pygame.draw.polygon(b, edge, [(x - w * 0.04, y + h * 0.8), (x + w * 0.1, y + h * 0.56),
                                  (x + w * 0.1, y + h * 0.8)])


def _dimmed(s):
    grey = pygame.transform.grayscale(s)
    grey.set_alpha(210)
    out = s.copy()
    out.blit(grey, (0, 0))
    out.fill((170, 170, 170, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return out


@functools.lru_cache(maxsize=256)
def train_card(w: int, h: int, rgb: tuple, letter: str, pattern: str, loco_colours: tuple | None = None,
               dim: bool = False) -> pygame.Surface:
    """A train car card: the sprite kit's card with a wagon (or, for the locomotive, a
    locomotive striped in all the colours) in the middle."""
    base = sprites.card(w, h, rgb, "", None, letter, pattern).copy()
    m = max(2, round(w * 0.12))
    top = int(h * 0.4)
    bw, bh = w - 2 * m, int(h * 0.36)
    if bw > 6 and bh > 4:
        cv = paint.Canvas(bw, bh, SS)
        b = cv.big
        edge = (40, 32, 26)
        if loco_colours:
            _locomotive(b, int(bw * SS * 0.06), 0, int(bw * SS * 0.88), bh * SS, loco_colours, edge)
        else:
            body = _wagon(b, 0, 0, bw * SS, bh * SS, rgb, edge)
            if pattern != "none":
                layer = pygame.Surface(b.get_size(), pygame.SRCALPHA)
                layer.fill((*rgb, 255), body.inflate(-bh * SS * 0.12, -bh * SS * 0.12))
                sprites.apply_pattern(layer, pattern, pattern_ink(rgb), max(6, bh * SS // 4))
                b.blit(layer, (0, 0))
        base.blit(cv.done(), (m, top))
    return _dimmed(base) if dim else base


@functools.lru_cache(maxsize=64)
def forbidden(d: int) -> pygame.Surface:
    """A red circle with a slash: this cannot be taken now."""
    cv = paint.Canvas(d, d, SS)
    b = cv.big
    c, r = d * SS / 2, d * SS / 2 - SS
    t = max(SS, int(d * SS * 0.12))
    pygame.draw.circle(b, (255, 255, 255, 200), (c, c), r)
    pygame.draw.circle(b, theme.DANGER, (c, c), r, t)
    pygame.draw.line(b, theme.DANGER, (c - r * 0.7, c - r * 0.7), (c + r * 0.7, c + r * 0.7), t)
    return cv.done()


@functools.lru_cache(maxsize=64)
def check(d: int, rgb=(62, 146, 84)) -> pygame.Surface:
    """A round green check mark: done."""
    cv = paint.Canvas(d, d, SS)
    b = cv.big
    c = d * SS / 2
    pygame.draw.circle(b, rgb, (c, c), c - SS)
    t = max(SS, int(d * SS * 0.13))
    pygame.draw.lines(b, (255, 255, 255), False, [(c * 0.5, c * 1.0), (c * 0.85, c * 1.35), (c * 1.5, c * 0.65)], t)
    return cv.done()
