"""Moving the pointer over bare table redraws nothing (PlayScene.hover_key): that is only
right if, wherever the pointer counts as bare, the table looks exactly as with no pointer."""
import pygame
import pytest

from games.core import registry
from games.core.contract import Config, Seat
from games.core.match import Match
from games.core.rng import Rng

SEATS = {"gwt_el_paso": 3, "gwt_argentina": 3}


def mid_game(gid: str, plies: int = 40) -> Match:
    rules = registry.get(gid)
    n = SEATS.get(gid, 3)
    m = Match(rules, Config([Seat("Anna", "human")] + [Seat(f"B{i}", "bot:normal") for i in range(1, n)], 3, {}))
    bot = rules.bot("normal")
    while not m.is_over() and (m.ply < plies or m.to_act()[0] != 0):
        m.apply(bot.choose(rules, m.state, m.to_act()[0], Rng(m.ply)))
    return m


@pytest.mark.parametrize("gid", registry.table_ids())
def test_the_table_looks_the_same_wherever_the_pointer_is_bare(app, gid):
    from ui.scenes.play import PlayScene
    scene = PlayScene(app, mid_game(gid), viewer=0, animate=False)
    app.push(scene)
    scene.input_at = -1e9   # a calm table: no pulse between the pictures compared
    scene.mouse = (-1, -1)
    app.draw()
    base = pygame.image.tobytes(app.window, "RGB")
    w, h = app.size
    rng = Rng(11)
    bare = 0
    for _ in range(300):
        scene.mouse = (rng.below(w), rng.below(h))
        if scene.hover_key() is not None:
            continue
        bare += 1
        app.draw()
        assert pygame.image.tobytes(app.window, "RGB") == base, (gid, scene.mouse)
        scene.mouse = (-1, -1)
    assert bare > 0 or not scene.view.HOVER_ON_ELEMENTS_ONLY
