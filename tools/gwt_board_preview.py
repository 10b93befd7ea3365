"""Render the Great Western Trail: El Paso playmat with sample pieces to a PNG, for judging
the board and its icons by eye.

    python tools/gwt_board_preview.py out.png 1920x1080 [--empty] [--lang ru] [--sheet]
                                      [--scene move|deliver|build]

The board fills the picture (keeping its proportions), on the table's felt. With --sheet
the picture is a contact sheet of the pieces instead: every action icon of the data at two
sizes, the cattle and worker cards, the train cards, objective and bonus tiles, every
building tile, the small components and two player boards.
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


# The same position at other moments: a delivery at El Paso (the reachable posts glow) and
# a building action (the free spaces glow).
SCENES = {
    "move": {},
    "deliver": {"reachable": {}, "selected": "el_paso", "posts": [0, 5, 7, 9],
                "herders": {0: "el_paso", 1: "n2", 2: "s5", 3: "el_paso"}},
    "build": {"reachable": {}, "selected": None, "glow": ["trail.s3", "trail.s7"]},
}


def render(size: tuple[int, int], dyn: dict | None) -> pygame.Surface:
    from ui.views.gwt_el_paso import table_edition
    from ui.views.gwt_el_paso.board import ElPasoBoardPainter as BoardPainter
    surf = sprites.table_background(*size).copy()
    rect = pygame.Rect(0, 0, *size).inflate(-max(8, size[0] // 80), -max(8, size[1] // 80))
    BoardPainter(table_edition()).draw(surf, rect, dyn)
    return surf


def render_sheet(size: tuple[int, int], lang: str = "en") -> pygame.Surface:
    from ui.views.gwt_el_paso import table_edition
    ed = table_edition()
    art, data = ed.art, ed.data
    W, H = size
    k = max(1.0, min(W / 1600, H / 1000))  # the sheet's pieces grow with the picture
    sheet = sprites.table_background(W, H).copy()
    pos = [10, 10, 0]  # x, y, height of the current row

    def put(img):
        if pos[0] + img.get_width() > W - 10:
            newline()
        sheet.blit(img, (pos[0], pos[1]))
        pos[0] += img.get_width() + int(8 * k)
        pos[2] = max(pos[2], img.get_height())

    def newline():
        pos[0], pos[1], pos[2] = 10, pos[1] + pos[2] + int(10 * k), 0

    acts = list(data.el_paso_actions) + [a for n in data.neutrals for a in n.actions]
    acts += [a for t in data.building_types for _, _, side in t.sides.values() for a in side]
    acts += [a for t in data.trains for side in t.sides.values() for a in side]
    acts += [a for p in data.posts for a in p.reward] + [a for x in data.aux for a in (*x.actions, *x.upgraded)]
    acts += [e for d in data.discs for e in d.effects] + [a for w in data.workers for a in w.bonus]
    acts += [b.effect for b in data.bonus_tiles if b.effect]
    keys = list(dict.fromkeys(art.act_key(a) for a in acts))
    for h in (24, 40):
        for key in keys:
            put(art.action_icon(key, int(h * k), lang))
        newline()
    for b in data.breeds:
        put(art.cattle_card(b.id, int(62 * k), int(88 * k)))
    for w in data.worker_ids:
        put(art.worker_card(w, int(54 * k), int(76 * k), lang))
    newline()
    for t in data.trains:
        for side in ("plain", "star"):
            put(art.train_card(t.id, side, int(130 * k), int(84 * k), lang))
    newline()
    for o in data.objectives:
        put(art.objective_tile(o.id, int(64 * k), lang))
    newline()
    for b in data.bonus_tiles:
        put(art.bonus_tile(b.id, int(64 * k), lang))
    newline()
    for i, face in enumerate(art.tile_faces()):
        owner = ((213, 94, 0), "R", "circle") if i % 3 == 2 else None
        tall = face == "el_paso"
        put(art.building_tile(face, int(96 * k), int((112 if tall else 96) * k), owner, lang))
    newline()
    d = int(40 * k)
    for img in (art.money(d, 1), art.money(d, 5), art.certificate(d, 2), art.vp_star(d, 5),
                art.exchange_token(d), art.disc_space(d, True, (0, 114, 178), "B"),
                art.disc_space(d, False), art.step_marker(d, 3), art.step_marker(d, 4),
                art.herder_piece(int(d * 1.3), (213, 94, 0), "R"), art.tile_back("objective", d),
                art.tile_back("bonus", d)):
        put(img)
    for w in data.worker_ids:
        put(art.worker_piece(w, d, lang))
    newline()
    from ui.views.gwt.playerboard import PlayerBoardState, player_board, start_state
    put(player_board(ed, int(560 * k), int(150 * k), start_state(ed, (213, 94, 0), "R"))[0])
    later = PlayerBoardState((0, 114, 178), "B", ("certificate", "hand", "aux3"), 2, 1, 4, 4, lang)
    put(player_board(ed, int(560 * k), int(150 * k), later)[0])
    return sheet


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out")
    ap.add_argument("size", nargs="?", default="1280x720")
    ap.add_argument("--empty", action="store_true", help="the playmat without pieces")
    ap.add_argument("--lang", default="en")
    ap.add_argument("--sheet", action="store_true", help="a contact sheet of the pieces")
    ap.add_argument("--scene", choices=sorted(SCENES), default="move",
                    help="which moment of the sample position to show")
    a = ap.parse_args(argv)
    try:
        w, h = (int(x) for x in a.size.lower().split("x"))
    except ValueError:
        ap.error("size as WIDTHxHEIGHT, e.g. 1920x1080")
    pygame.init()
    if a.sheet:
        pygame.image.save(render_sheet((w, h), a.lang), a.out)
    else:
        dyn = {"tiles": {}, "lang": a.lang} if a.empty else dict(SAMPLE, **SCENES[a.scene], lang=a.lang)
        pygame.image.save(render((w, h), dyn), a.out)
    print(a.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
