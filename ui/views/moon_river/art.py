"""Procedural pieces of the Moon River table, cached: landscape squares with their terrain
motif and printed symbols, cow figures, helper tokens and the symbol icons of the legend.
Built on the sprite kit; no publisher art. Every terrain has a motif beside its colour and
every helper side its abbreviation, so nothing rests on colour alone."""
from __future__ import annotations

import functools
import math

import pygame

from ui import paint, sprites, theme

SS = 3  # supersampling of the drawings below


def _ink(rgb):
    """A motif colour that shows on this ground."""
    return (*paint.shade(rgb, -0.45), 150) if theme.luminance(rgb) > 0.35 else (*paint.shade(rgb, 0.45), 150)


def _motif(s: pygame.Surface, motif: str, rgb) -> None:
    """The terrain's pattern over the whole square (drawn at SS scale)."""
    w, h = s.get_size()
    ink = _ink(rgb)
    lw = max(1, int(w * 0.025))
    if motif == "dunes":
        for k in range(4):
            y = h * (0.18 + 0.22 * k)
            pts = [(x, y + math.sin(x / w * math.tau * 1.5 + k) * h * 0.04) for x in range(0, w + 1, max(1, w // 24))]
            pygame.draw.lines(s, ink, False, pts, lw)
    elif motif == "strata":
        for k in range(5):
            y0 = h * (0.12 + 0.19 * k)
            pygame.draw.line(s, ink, (0, y0 + h * 0.05), (w, y0 - h * 0.05), lw * 2)
    elif motif == "grass":
        for k in range(14):
            x = (k * 0.37 % 1.0) * w * 0.9 + w * 0.05
            y = ((k * 0.61) % 1.0) * h * 0.8 + h * 0.14
            pygame.draw.line(s, ink, (x, y), (x - w * 0.03, y - h * 0.08), lw)
            pygame.draw.line(s, ink, (x, y), (x + w * 0.03, y - h * 0.08), lw)
    elif motif == "pines":
        for k in range(6):
            x = w * (0.18 + 0.32 * (k % 3)) + (w * 0.12 if k >= 3 else 0)
            y = h * (0.34 if k < 3 else 0.74)
            pygame.draw.polygon(s, ink, [(x, y - h * 0.2), (x - w * 0.09, y), (x + w * 0.09, y)])
    elif motif == "rows":
        for k in range(6):
            x = w * (0.1 + 0.16 * k)
            pygame.draw.line(s, ink, (x, 0), (x, h), lw * 2)
    elif motif == "fence":
        for k in range(3):
            y = h * (0.3 + 0.28 * k)
            pygame.draw.line(s, ink, (0, y), (w, y), lw)
        for k in range(5):
            x = w * (0.1 + 0.2 * k)
            pygame.draw.line(s, ink, (x, h * 0.2), (x, h * 0.9), lw * 2)


@functools.lru_cache(maxsize=512)
def square(size: int, rgb: tuple, motif: str, letter: str, face: tuple, dim: bool = False) -> pygame.Surface:
    """A landscape square: ground, motif, bevel, the terrain letter in a corner and its printed
    symbols. `face` = (gold, beaver, corn, cows, skull, circles)."""
    s = max(8, int(size))
    S = s * SS
    cv = paint.Canvas(s, s, SS)
    big = cv.big
    r = int(S * 0.1)
    pygame.draw.rect(big, rgb, big.get_rect(), border_radius=r)
    pat = pygame.Surface((S, S), pygame.SRCALPHA)
    _motif(pat, motif, rgb)
    mask = pygame.Surface((S, S), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect().inflate(-SS * 2, -SS * 2), border_radius=r)
    pat.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    big.blit(pat, (0, 0))
    pygame.draw.rect(big, paint.shade(rgb, 0.35), big.get_rect(), max(1, int(S * 0.03)), border_radius=r)
    pygame.draw.rect(big, paint.shade(rgb, -0.5), big.get_rect(), max(1, int(S * 0.015)), border_radius=r)
    out = cv.done()
    _symbols(out, face, s)
    if letter and s >= 22:  # 12 px at least: an opponent's small ranch stays readable at 1280x720
        tag = theme.text(letter, max(12, int(s * 0.2)), theme.ink_on(rgb), True)
        out.blit(tag, tag.get_rect(topright=(s - int(s * 0.07), int(s * 0.04))))
    if dim:
        shade = pygame.Surface((s, s), pygame.SRCALPHA)
        shade.fill((40, 30, 20, 120))
        out.blit(shade, (0, 0))
    return out


def _symbols(out: pygame.Surface, face: tuple, s: int) -> None:
    """Resources along the bottom, action symbols along the left."""
    gold, beaver, corn, cows, skull, circles = face
    res = [("gold", gold), ("beaver", beaver), ("corn", corn)]
    items = [k for k, n in res for _ in range(n)]
    if items:
        d = max(6, int(s * (0.26 if len(items) <= 3 else 0.19)))
        step = d * 0.8 if len(items) > 3 else d * 1.02
        total = step * (len(items) - 1) + d
        x = (s - total) / 2
        for k in items:
            out.blit(icon(k, d), (int(x), s - d - int(s * 0.06)))
            x += step
    acts = ["cow"] * cows + ["skull"] * int(skull) + ["circle"] * circles
    d = max(7, int(s * 0.28))
    y = int(s * 0.06)
    for k in acts:
        out.blit(icon(k, d), (int(s * 0.06), y))
        y += int(d * 0.92)


@functools.lru_cache(maxsize=256)
def icon(kind: str, d: int) -> pygame.Surface:
    """A printed symbol: gold, beaver, corn (resources); cow, skull, circle (actions)."""
    d = max(6, int(d))
    if kind == "gold":
        return sprites.nugget(d)
    S = d * SS
    cv = paint.Canvas(d, d, SS)
    big = cv.big
    c = S / 2
    if kind in ("cow", "skull", "circle"):  # a white stamp, as on the printed squares
        pygame.draw.circle(big, (60, 40, 28), (c, c), c)
        pygame.draw.circle(big, (250, 246, 236), (c, c), c * 0.86)
    if kind == "beaver":
        brown, dark = (128, 82, 44), (70, 42, 22)
        pygame.draw.ellipse(big, dark, (S * 0.52, S * 0.5, S * 0.44, S * 0.3))  # the flat tail
        pygame.draw.ellipse(big, brown, (S * 0.08, S * 0.22, S * 0.62, S * 0.56))
        pygame.draw.circle(big, brown, (S * 0.22, S * 0.34), S * 0.16)
        pygame.draw.circle(big, (20, 14, 10), (S * 0.18, S * 0.3), S * 0.035)
        pygame.draw.rect(big, (250, 240, 220), (S * 0.1, S * 0.44, S * 0.06, S * 0.08))
        pygame.draw.ellipse(big, dark, (S * 0.08, S * 0.22, S * 0.62, S * 0.56), max(1, SS))
    elif kind == "corn":
        pygame.draw.polygon(big, (86, 140, 50), [(c, S * 0.98), (S * 0.12, S * 0.4), (c * 0.95, S * 0.7)])
        pygame.draw.polygon(big, (86, 140, 50), [(c, S * 0.98), (S * 0.88, S * 0.4), (c * 1.05, S * 0.7)])
        pygame.draw.ellipse(big, (236, 190, 40), (S * 0.32, S * 0.04, S * 0.36, S * 0.8))
        for k in range(5):
            y = S * (0.14 + 0.13 * k)
            pygame.draw.line(big, (170, 120, 20), (S * 0.36, y), (S * 0.64, y), max(1, SS // 2))
        pygame.draw.ellipse(big, (120, 84, 20), (S * 0.32, S * 0.04, S * 0.36, S * 0.8), max(1, SS))
    elif kind == "cow":
        _cow_shape(big, S * 0.14, S * 0.26, S * 0.72, (40, 30, 24), (250, 246, 236))
    elif kind == "skull":
        bone, ink = (236, 232, 220), (40, 30, 24)
        pygame.draw.circle(big, ink, (c, S * 0.44), S * 0.27)
        pygame.draw.rect(big, ink, (S * 0.34, S * 0.52, S * 0.32, S * 0.24), border_radius=int(S * 0.05))
        pygame.draw.circle(big, bone, (c, S * 0.44), S * 0.22)
        pygame.draw.rect(big, bone, (S * 0.38, S * 0.54, S * 0.24, S * 0.18), border_radius=int(S * 0.04))
        for x in (S * 0.41, S * 0.59):
            pygame.draw.circle(big, ink, (x, S * 0.45), S * 0.07)
        for x in (S * 0.44, S * 0.5, S * 0.56):
            pygame.draw.line(big, ink, (x, S * 0.62), (x, S * 0.72), max(1, SS))
    elif kind == "circle":
        pygame.draw.circle(big, (150, 40, 44), (c, c), S * 0.28, max(2, int(S * 0.09)))
        pygame.draw.circle(big, (150, 40, 44), (c, c), S * 0.07)
    return cv.done()


def _cow_shape(big, x0, y0, w, edge, body) -> None:
    """A side view of a cow in a box of width w: body, head, legs, horns, patches."""
    h = w * 0.62
    lw = max(1, int(w * 0.05))
    legs = [x0 + w * f for f in (0.12, 0.28, 0.56, 0.7)]
    for lx in legs:
        pygame.draw.line(big, edge, (lx, y0 + h * 0.55), (lx, y0 + h), int(w * 0.09))
    body_r = pygame.Rect(int(x0), int(y0 + h * 0.1), int(w * 0.8), int(h * 0.6))
    head = (x0 + w * 0.84, y0 + h * 0.28)
    pygame.draw.ellipse(big, edge, body_r.inflate(lw * 2, lw * 2))
    pygame.draw.circle(big, edge, head, w * 0.17 + lw)
    pygame.draw.ellipse(big, body, body_r)
    pygame.draw.circle(big, body, head, w * 0.17)
    pygame.draw.ellipse(big, edge, (x0 + w * 0.18, y0 + h * 0.16, w * 0.22, h * 0.28))
    pygame.draw.ellipse(big, edge, (x0 + w * 0.5, y0 + h * 0.3, w * 0.18, h * 0.26))
    pygame.draw.line(big, edge, (head[0] - w * 0.08, head[1] - w * 0.14), (head[0] - w * 0.14, head[1] - w * 0.26), lw)
    pygame.draw.line(big, edge, (head[0] + w * 0.08, head[1] - w * 0.14), (head[0] + w * 0.14, head[1] - w * 0.26), lw)
    pygame.draw.circle(big, (230, 150, 150), (head[0] + w * 0.05, head[1] + w * 0.07), w * 0.06)


@functools.lru_cache(maxsize=64)
def cow(h: int) -> pygame.Surface:
    """A cow figure standing on a square (wider than high)."""
    h = max(6, int(h))
    w = int(h * 1.35)
    cv = paint.Canvas(w, h, SS)
    _cow_shape(cv.big, w * SS * 0.04, h * SS * 0.18, w * SS * 0.86, (30, 22, 18), (252, 250, 244))
    return cv.done()


@functools.lru_cache(maxsize=128)
def helper(d: int, rgb: tuple, abbr: str) -> pygame.Surface:
    """A helper token: a bevelled disc in the side's colour with its abbreviation."""
    return sprites.disc(max(8, int(d)), rgb, abbr)


@functools.lru_cache(maxsize=32)
def box_art(w: int, h: int) -> pygame.Surface:
    """The box insert holding the face-down squares."""
    w, h = max(8, int(w)), max(8, int(h))
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    r = max(2, int(min(w, h) * 0.12))
    pygame.draw.rect(s, (92, 62, 40), s.get_rect(), border_radius=r)
    inner = s.get_rect().inflate(-max(4, w // 10), -max(4, h // 6))
    pygame.draw.rect(s, (60, 40, 26), inner, border_radius=r)
    for k in range(4):  # the backs of the squares standing in the insert
        x = inner.x + inner.w * (0.1 + 0.22 * k)
        pygame.draw.rect(s, (214, 190, 150), (x, inner.y + inner.h * 0.2, inner.w * 0.16, inner.h * 0.65),
                         border_radius=max(1, r // 3))
    return s


def clear() -> None:
    for fn in (square, icon, cow, helper, box_art):
        fn.cache_clear()
