"""Colours, player identities, fonts and text helpers for the table.

No game knowledge lives here: games map their own concepts (crime sites,
route colours, ...) onto these neutral building blocks.
"""
from __future__ import annotations

import functools

import pygame

from games.core.data import resource_root

Colour = tuple[int, int, int] | tuple[int, int, int, int]

# --- Palette: a warm tabletop ------------------------------------------------
TABLE_FELT = (36, 74, 56)
TABLE_WOOD = (96, 62, 38)
PARCHMENT = (243, 232, 204)
PARCHMENT_DARK = (198, 172, 126)
INK = (46, 34, 24)
INK_SOFT = (112, 94, 74)
HIGHLIGHT = (255, 204, 84)
DANGER = (196, 54, 40)
OK = (62, 146, 84)
PANEL = (62, 46, 34)
PANEL_BORDER = (150, 112, 72)
BUTTON = (156, 92, 46)
BUTTON_HOVER = (186, 116, 60)
BUTTON_TEXT = (255, 246, 226)
BUTTON_DISABLED = (118, 110, 102)
WHITE = (255, 255, 255)
TIP_BOX = (34, 24, 16)  # a tooltip's box on every table
RING_DIM = (236, 176, 60)  # the outline around a clickable element between its pulses


# --- Player identities --------------------------------------------------------
# Okabe-Ito colours; bluish green is left out because it sinks into green felt.
# Each colour is paired with a shape and a letter so colour never works alone.
PLAYER_COLOURS: list[dict] = [
    {"id": "orange", "rgb": (230, 159, 0), "shape": "circle", "letter": "O"},
    {"id": "sky", "rgb": (86, 180, 233), "shape": "square", "letter": "S"},
    {"id": "yellow", "rgb": (240, 228, 66), "shape": "triangle", "letter": "Y"},
    {"id": "blue", "rgb": (0, 114, 178), "shape": "diamond", "letter": "B"},
    {"id": "vermillion", "rgb": (213, 94, 0), "shape": "star", "letter": "V"},
    {"id": "purple", "rgb": (204, 121, 167), "shape": "hexagon", "letter": "P"},
]

OKABE_ITO = [dict(c) for c in PLAYER_COLOURS]
# The "classic" palette: the saturated colours of wooden pieces, for players who
# prefer them; shapes and letters stay, so it is still readable without colour.
CLASSIC = [
    {"id": "red", "rgb": (200, 40, 40), "shape": "circle", "letter": "R"},
    {"id": "blue", "rgb": (40, 90, 200), "shape": "square", "letter": "B"},
    {"id": "yellow", "rgb": (240, 210, 40), "shape": "triangle", "letter": "Y"},
    {"id": "green", "rgb": (50, 150, 60), "shape": "diamond", "letter": "G"},
    {"id": "purple", "rgb": (130, 60, 170), "shape": "star", "letter": "P"},
    {"id": "white", "rgb": (235, 235, 235), "shape": "hexagon", "letter": "W"},
]
PALETTES = {"okabe_ito": OKABE_ITO, "classic": CLASSIC}


def set_palette(name: str) -> None:
    """Switch the player colours in place (callers then clear the sprite caches)."""
    PLAYER_COLOURS[:] = [dict(c) for c in PALETTES.get(name, OKABE_ITO)]


SHAPES = ("circle", "square", "triangle", "diamond", "star", "hexagon")
PATTERNS = ["none", "stripes", "dots", "cross", "checks", "waves"]


def player_colour(index: int) -> dict:
    """Identity of seat `index` (wraps around after six seats)."""
    return PLAYER_COLOURS[int(index) % len(PLAYER_COLOURS)]


def luminance(colour: Colour) -> float:
    """Perceived brightness 0..1 (Rec. 601 weights; good enough for contrast picks)."""
    r, g, b = colour[:3]
    return (0.299 * r + 0.587 * g + 0.114 * b) / 255.0


def ink_on(colour: Colour) -> tuple[int, int, int]:
    """Readable text colour on a background of `colour`."""
    return INK if luminance(colour) > 0.55 else WHITE


# --- Scale and font sizes -----------------------------------------------------
BASE_SIZE = (1280, 720)
FONT_SMALL = 16
FONT_BODY = 18
FONT_TITLE = 26
FONT_HUGE = 40


def scale_for(window_size: tuple[int, int]) -> float:
    """UI scale: 1.0 at 1280x720, growing with the window, clamped to [1, 3]."""
    w, h = window_size
    s = min(w / BASE_SIZE[0], h / BASE_SIZE[1])
    return max(1.0, min(3.0, s))


def px(size: float, scale: float = 1.0) -> int:
    """A size role (e.g. FONT_BODY) in pixels at `scale`."""
    return max(1, int(round(size * scale)))


# --- Fonts --------------------------------------------------------------------
FONT_DIR = resource_root() / "assets" / "fonts"  # checkout, pip install or frozen app
_FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
_fonts: dict[tuple[int, bool], pygame.font.Font] = {}
_FONTS_KEPT = 64  # a screen uses a dozen or two sizes; a resize brings new ones


def font(size_px: int, bold: bool = False) -> pygame.font.Font:
    """The DejaVu Sans font at `size_px`, cached; falls back to pygame's default."""
    key = (max(4, int(size_px)), bool(bold))
    cached = _fonts.get(key)
    if cached is not None:
        try:
            cached.get_height()  # raises if pygame.font was quit since it was made
            return cached
        except pygame.error:
            _fonts.clear()
    if not pygame.font.get_init():
        _fonts.clear()
        pygame.font.init()
    path = FONT_DIR / _FONT_FILES[key[1]]
    try:
        f = pygame.font.Font(str(path), key[0])
    except (OSError, FileNotFoundError):
        f = pygame.font.Font(None, key[0])
        f.set_bold(key[1])
    if len(_fonts) >= _FONTS_KEPT:  # the oldest out: every pixel size seen (fit_text tries
        del _fonts[next(iter(_fonts))]  # each size down to its minimum) is ~85 KB of font
    _fonts[key] = f
    return f


def _rgba(colour) -> tuple[int, ...]:
    return tuple(int(c) for c in colour)


def drawable(s: str) -> str:
    """Text SDL_ttf accepts: no NUL, no lone surrogate (a save file may hold either)."""
    s = s.replace("\x00", "")
    return s if s.isascii() else s.encode("utf-8", "replace").decode("utf-8")


@functools.lru_cache(maxsize=2048)
def _text(surface_text: str, size_px: int, colour: tuple, bold: bool) -> pygame.Surface:
    f = font(size_px, bold)
    try:
        return f.render(drawable(surface_text), True, colour)
    except pygame.error:  # "Text has zero width": only joiners or combining marks
        return f.render("", True, colour)


def text(surface_text: str, size_px: int, colour: Colour, bold: bool = False) -> pygame.Surface:
    """Rendered, anti-aliased text (cached: treat the result as read-only)."""
    return _text(str(surface_text), max(4, int(size_px)), _rgba(colour), bool(bold))


@functools.lru_cache(maxsize=1024)
def _fit_text(s: str, max_width: int, size_px: int, colour: tuple, bold: bool,
              min_px: int) -> pygame.Surface:
    s = drawable(s)
    size = size_px
    while size > min_px and font(size, bold).size(s)[0] > max_width:
        size -= 1
    f = font(size, bold)
    if f.size(s)[0] <= max_width:
        return _text(s, size, colour, bold)
    # Still too wide at the smallest size: cut characters and add an ellipsis (the longest
    # prefix that fits, found by halving: a long text from a save file stays quick).
    lo, hi = 0, len(s)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if f.size(s[:mid].rstrip() + "…")[0] <= max_width:
            lo = mid
        else:
            hi = mid - 1
    cut = s[:lo]
    return _text(cut.rstrip() + "…" if cut else "", size, colour, bold)


def fit_text(surface_text: str, max_width: int, size_px: int, colour: Colour,
             bold: bool = False, min_px: int = 10) -> pygame.Surface:
    """Text no wider than `max_width`: shrinks down to `min_px`, then ellipsises."""
    size_px = max(4, int(size_px))
    min_px = max(4, min(int(min_px), size_px))
    return _fit_text(str(surface_text), max(1, int(max_width)), size_px, _rgba(colour),
                     bool(bold), min_px)


def clear_text_cache() -> None:
    """Forget rendered text (e.g. after a resize changes every size)."""
    _text.cache_clear()
    _fit_text.cache_clear()
