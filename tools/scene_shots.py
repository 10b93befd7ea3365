"""Render every scene (and El Paso's animation beats) to PNGs for a look by eye.

usage: python tools/scene_shots.py OUT_DIR [WxH]
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from games.core import registry  # noqa: E402
from games.core.contract import Config, Seat  # noqa: E402
from games.core.match import Match  # noqa: E402
from ui.app import App  # noqa: E402
from ui.scenes.dialogs import QuitConfirm  # noqa: E402
from ui.scenes.handoff import HandOff  # noqa: E402
from ui.scenes.menu import MainMenu  # noqa: E402
from ui.scenes.play import PlayScene  # noqa: E402
from ui.scenes.results import ResultsScene  # noqa: E402
from ui.scenes.setup import NewGame  # noqa: E402
from ui.views.base import Beat  # noqa: E402


def main(out: str, size=(1280, 720)) -> None:
    out_dir = Path(out)
    out_dir.mkdir(parents=True, exist_ok=True)
    app = App(size, lang=os.environ.get("LANG_UI", "en"))
    rules = registry.get("el_paso")
    seats = [Seat(n, "human" if i == 0 else "bot:normal", i) for i, n in enumerate(["Anna", "Doc", "Belle"])]
    m = Match(rules, Config(seats, 3))
    while m.to_act()[0] != 0 or m.ply < 30:
        m.apply(m.bot_action(m.to_act()[0]))
    done = Match(rules, Config(seats, 4))
    done.play_bots_to_end()
    play = PlayScene(app, m, viewer=0)
    shots = {"menu": [MainMenu(app)], "setup": [NewGame(app, "el_paso")], "play": [play],
             "handoff": [HandOff(app, "Belle")], "results": [ResultsScene(app, done)],
             "quit": [play, QuitConfirm(app)]}
    for name, stack in shots.items():
        app.scenes.clear()
        for s in stack:
            app.push(s)
        app.draw()
        pygame.image.save(app.window, str(out_dir / f"{name}.png"))
    app.reset_to(play)
    beats = [("reveal", Beat("reveal", 1, {"plays": [[0, "bank", 7], [1, "saloon", 3], [2, "hotel", 8]]}), 0.9),
             ("tumble", Beat("dice", 1, {"faces": ["six", "brand", "star"], "sheriff": 3}), 0.3),
             ("dice", Beat("dice", 1, {"faces": ["six", "brand", "star"], "sheriff": 3}), 0.9),
             ("bust", Beat("bust", 1, {}), 0.5)]
    for name, beat, progress in beats:
        app.draw()
        play.view.draw_beat(app.window, beat, progress)
        pygame.image.save(app.window, str(out_dir / f"beat_{name}.png"))
    print(f"wrote {len(shots) + len(beats)} images to {out_dir}")


if __name__ == "__main__":
    sz = tuple(int(x) for x in sys.argv[2].split("x")) if len(sys.argv) > 2 else (1280, 720)
    main(sys.argv[1], sz)
