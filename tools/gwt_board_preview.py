"""Render the Great Western Trail: El Paso playmat with sample pieces to a PNG, for judging
the board and its icons by eye.

    python tools/gwt_board_preview.py out.png 1920x1080 [--empty] [--lang ru]

The board fills the picture (keeping its proportions), on the table's felt.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from ui import sprites  # noqa: E402

# A mid-game position: four seats, two common buildings each (one seat with one), herders
# spread round the trail, discs on posts, a move being chosen from n2 (the fork).
SAMPLE = {
    "tiles": {"n1": "B", "n2": "C", "n3": "D", "n4": "E", "n5": "F", "n6": "G",
              "s1": ("1a", 0), "s4": ("3a", 1), "s5": ("2b", 2), "s8": ("6a", 0),
              "s9": ("4b", 3), "s6": ("5b", 1), "s2": ("1b", 2)},
    "herders": {0: "n2", 1: "n2", 2: "s5", 3: "el_paso"},
    "discs": {0: [2, 0, 1, 3], 5: [0, 1, 3], 7: [0, 2], 9: [1], 10: [0], 12: [1, 1, 3], 16: [0, 0]},
    "simmental": 6,
    "reachable": {"n3": 1, "s4": 1, "n4": 2, "s5": 3, "s2": 2},
    "selected": "n4",
}


def render(size: tuple[int, int], dyn: dict | None) -> pygame.Surface:
    from ui.views.gwt_el_paso.board import BoardPainter
    surf = sprites.table_background(*size).copy()
    rect = pygame.Rect(0, 0, *size).inflate(-max(8, size[0] // 80), -max(8, size[1] // 80))
    BoardPainter().draw(surf, rect, dyn)
    return surf


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out")
    ap.add_argument("size", nargs="?", default="1280x720")
    ap.add_argument("--empty", action="store_true", help="the playmat without pieces")
    ap.add_argument("--lang", default="en")
    a = ap.parse_args(argv)
    try:
        w, h = (int(x) for x in a.size.lower().split("x"))
    except ValueError:
        ap.error("size as WIDTHxHEIGHT, e.g. 1920x1080")
    pygame.init()
    dyn = {"tiles": {}, "lang": a.lang} if a.empty else dict(SAMPLE, lang=a.lang)
    pygame.image.save(render((w, h), dyn), a.out)
    print(a.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
