"""Render a contact sheet of the sprite kit to a PNG, for judging it by eye.

    python tools/sprite_sheet.py sheet.png
"""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from ui import sprites, theme  # noqa: E402
from ui.views import el_paso_art  # noqa: E402

SHEET = (1600, 1000)
# El Paso's crime-site kinds, each with a letter and pattern as well as a colour.
SITES = [
    ("Bank", (196, 52, 44), "B", "stripes", 6),
    ("Gold Mine", (232, 190, 40), "G", "dots", 5),
    ("Hotel", (46, 96, 176), "H", "cross", 4),
    ("Horse Meadow", (138, 88, 50), "M", "checks", 3),
    ("Saloon", (226, 124, 36), "S", "waves", 2),
    ("Cattle Pasture", (70, 140, 66), "C", "none", 1),
]


def on_table(sheet: pygame.Surface, img: pygame.Surface, x: int, y: int, lift: int = 4,
             round_: bool = False) -> int:
    """Blit with a soft shadow, as if lying on the table; returns the right edge."""
    w, h = img.get_size()
    blur = max(3, min(w, h) // 14)
    radius = min(w, h) // 2 if round_ else max(2, min(w, h) // 12)
    sheet.blit(sprites.shadow(w, h, radius, blur), (x + lift, y + lift + lift // 2))
    sheet.blit(img, (x, y))
    return x + w


def caption(sheet, s, x, y, colour=theme.PARCHMENT):
    sheet.blit(theme.text(s, theme.FONT_SMALL, colour), (x, y))


def cards_row(sheet, y):
    caption(sheet, "card(): crime sites (colour + letter + pattern); highlight, dim, card_back, no value",
            20, y)
    x, cw, ch = 20, 110, 160
    for title, col, letter, pattern, value in SITES:
        x = on_table(sheet, sprites.card(cw, ch, col, title, value, letter, pattern), x, y + 26) + 10
    col = SITES[0][1]
    x = on_table(sheet, sprites.card(cw, ch, col, "Bank", 6, "B", "stripes", highlight=True), x, y + 26) + 10
    x = on_table(sheet, sprites.card(cw, ch, col, "Bank", 6, "B", "stripes", dim=True), x, y + 26) + 10
    x = on_table(sheet, sprites.card_back(cw, ch), x, y + 26) + 10
    x = on_table(sheet, sprites.card(cw, ch, SITES[2][1], "Hotel", None, "H", "cross"), x, y + 26) + 12
    for i, (title, col, letter, pattern, value) in enumerate(SITES[:3]):  # hand-sized cards
        on_table(sheet, sprites.card(44, 64, col, title, value, letter, pattern),
                 x + (i % 2) * 52, y + 26 + (i // 2) * 80, 2)
    on_table(sheet, sprites.card_back(44, 64), x + 52, y + 106, 2)
    on_table(sheet, sprites.card(210, 308, SITES[1][1], "Gold Mine", 5, "G", "dots"), 1372, y + 10)


def dice_row(sheet, y):
    caption(sheet, "die(): pips, blank, El Paso's star, brand, six; die_tumble()", 20, y)
    x = 20
    for face in (1, 2, 3, 4, 5, 6, "star", "brand", "six", "blank"):
        x = on_table(sheet, el_paso_art.die(56, face), x, y + 26, 3) + 8
    for face in ("star", "brand", "six"):
        x = on_table(sheet, el_paso_art.die(112, face), x + 4, y + 26) + 8
    for ang in (20, 45):
        img = el_paso_art.die_tumble(56, "brand", ang)
        sheet.blit(img, (x, y + 26))
        x += img.get_width()
    for face in ("star", "brand", "six", 5):
        x = on_table(sheet, el_paso_art.die(28, face), x + 4, y + 40, 2)


def pieces_row(sheet, y):
    caption(sheet, "token() / meeple() / disc() / cube() / shape_marker() in player colours", 20, y)
    x = 20
    for i in range(6):
        p = theme.player_colour(i)
        on_table(sheet, sprites.token(56, p["rgb"], p["letter"], p["shape"]), x, y + 26, 3, True)
        on_table(sheet, sprites.meeple(56, p["rgb"], p["letter"]), x + 62, y + 26, 3, True)
        on_table(sheet, sprites.disc(40, p["rgb"], p["letter"]), x + 8, y + 90, 2, True)
        on_table(sheet, sprites.cube(40, p["rgb"], p["letter"]), x + 62, y + 90, 2, True)
        on_table(sheet, sprites.shape_marker(24, p["shape"], p["rgb"]), x + 118, y + 40, 2, True)
        on_table(sheet, sprites.token(22, p["rgb"], p["letter"], p["shape"]), x + 118, y + 76, 2, True)
        x += 150
    on_table(sheet, sprites.meeple(120, theme.player_colour(3)["rgb"], "B"), x, y + 16, 5, True)
    on_table(sheet, sprites.token(100, theme.player_colour(4)["rgb"], "V", "star"), x + 130, y + 26, 5, True)
    on_table(sheet, sprites.cube(90, theme.player_colour(0)["rgb"], "O"), x + 240, y + 30, 5, True)


def money_row(sheet, y):
    caption(sheet, "coin() / nugget() / tile() square+hex", 20, y)
    x = 20
    for v in (1, 5, 10):
        x = on_table(sheet, sprites.coin(56, v), x, y + 26, 3, True) + 10
    for v in (1, 5, 10):
        x = on_table(sheet, sprites.coin(24, v), x, y + 42, 2, True) + 6
    x = on_table(sheet, sprites.nugget(56), x + 6, y + 26, 3, True) + 10
    x = on_table(sheet, sprites.nugget(24), x, y + 42, 2, True) + 16
    for i, (title, col, letter, pattern, value) in enumerate(SITES[:4]):
        shape = "hex" if i % 2 else "square"
        x = on_table(sheet, sprites.tile(76, col, title, value, letter, pattern, shape), x, y + 20, 3,
                     shape == "hex") + 10
    x = on_table(sheet, sprites.tile(36, SITES[4][1], "", 2, None, "waves"), x, y + 40, 2) + 8
    x = on_table(sheet, sprites.tile(36, SITES[5][1], "", 1, None, "none", "hex"), x, y + 40, 2) + 16
    x = on_table(sheet, sprites.coin(100, 10), x, y + 10, 4, True) + 16
    on_table(sheet, sprites.tile(150, SITES[3][1], "Horse Meadow", 3, "M", "checks", "hex"), 1400, y - 20,
             round_=True)


def icons_row(sheet, y):
    names = list(sprites.ICON_NAMES) + ["nonexistent"]
    sheet.blit(sprites.panel(20 + len(names) * 50, 140), (20, y))
    caption(sheet, "icon() on panel(): 32 px and 16 px", 36, y + 10, theme.INK)
    for i, name in enumerate(names):
        x = 34 + i * 50
        sheet.blit(sprites.icon(name, 32, theme.INK), (x + 4, y + 36))
        sheet.blit(sprites.icon(name, 16, theme.INK_SOFT), (x + 12, y + 76))
        sheet.blit(theme.fit_text(name, 48, 11, theme.INK_SOFT, min_px=8), (x, y + 100))
    px = 50 + len(names) * 50
    strip = sprites.panel(len(names) * 30 + 20, 140, theme.PANEL, theme.PANEL_BORDER)
    sheet.blit(strip, (px, y))
    caption(sheet, "24 px / 16 px", px + 14, y + 10)
    for i, name in enumerate(names):
        sheet.blit(sprites.icon(name, 24, theme.BUTTON_TEXT), (px + 12 + i * 30, y + 44))
        sheet.blit(sprites.icon(name, 16, theme.HIGHLIGHT), (px + 16 + i * 30, y + 88))


def ui_row(sheet, y):
    caption(sheet, "button() states, glow(), panel() with text", 20, y)
    x = 20
    for state, ic, label in (("normal", "dice", "Roll dice"), ("hover", None, "Hover"),
                             ("pressed", None, "Pressed"), ("disabled", "undo", "Undo")):
        x = on_table(sheet, sprites.button(150, 44, label, state, ic), x, y + 28, 2) + 14
    x = on_table(sheet, sprites.button(110, 32, "A very long label that must fit", "normal"),
                 x, y + 34, 2) + 30
    sheet.blit(sprites.glow(110 + 24, 160 + 24, 9), (x - 12, y + 28 - 12))
    x = on_table(sheet, sprites.card(110, 160, SITES[4][1], "Saloon", 2, "S", "waves", highlight=True),
                 x, y + 28) + 30
    sheet.blit(sprites.panel(340, 130), (x, y + 28))
    sheet.blit(theme.text("Choose a die to keep", theme.FONT_TITLE, theme.INK, True), (x + 16, y + 42))
    sheet.blit(theme.fit_text("Body text at 18 px on parchment, fitted", 308,
                              theme.FONT_BODY, theme.INK_SOFT), (x + 16, y + 82))
    sheet.blit(theme.text("Кириллица: Шериф", theme.FONT_BODY, theme.INK), (x + 16, y + 110))
    x += 360
    title, col, letter, pattern, _ = SITES[2]  # a site panel: panel() + tile_band() + token badge
    box = pygame.Rect(x, y + 28, 230, 130)
    sheet.blit(sprites.glow(box.w + 16, box.h + 16, 12), (box.x - 8, box.y - 8))
    sheet.blit(sprites.shadow(box.w, box.h, 12), (box.x + 3, box.y + 5))
    sheet.blit(sprites.panel(box.w, box.h), box)
    sheet.blit(sprites.tile_band(box.w, 30, col, pattern, sprites.panel_radius(*box.size)), box)
    sheet.blit(sprites.token(24, theme.PARCHMENT, letter, "circle"), (box.x + 4, box.y + 3))
    sheet.blit(theme.text(title, 16, theme.ink_on(col), True), (box.x + 34, box.y + 6))
    for i, face in enumerate(("star", "six", "brand")):
        sheet.blit(el_paso_art.die(34, face), (box.x + 12 + i * 40, box.y + 44))


def build(path: str) -> None:
    pygame.font.init()
    t0 = time.perf_counter()
    sheet = sprites.table_background(*SHEET).copy()
    cards_row(sheet, 8)
    dice_row(sheet, 214)
    pieces_row(sheet, 366)
    money_row(sheet, 526)
    icons_row(sheet, 646)
    ui_row(sheet, 800)
    pygame.image.save(sheet, path)
    print(f"wrote {path} in {time.perf_counter() - t0:.2f}s")


if __name__ == "__main__":
    build(sys.argv[1] if len(sys.argv) > 1 else "sprite_sheet.png")
