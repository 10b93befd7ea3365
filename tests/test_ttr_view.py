"""The Ticket to Ride table, headless: it renders in every phase and size, each kind of
action can be performed by clicking, a game can be played to the results through
clicks alone, and nothing of another seat's hand or tickets reaches the screen."""
import pygame
import pytest

from games.core import registry
from games.core.contract import Config, Seat
from games.core.match import Match
from games.core.rng import Rng
from ui.app import App
from ui.scenes.play import PlayScene
from ui.scenes.results import ResultsScene

R = registry.get("ttr_germany")


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDGAME_HOME", str(tmp_path))
    a = App((1280, 720), lang="en")
    a.anim_speed = 0
    a.bot_delay = 0
    yield a
    pygame.quit()


def click(app, pos):
    pos = (int(pos[0]), int(pos[1]))
    app.step(0.016, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                     pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                     pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])


def match(n, seed=3, kinds=None):
    kinds = kinds or ["human"] + ["bot:normal"] * (n - 1)
    return Match(R, Config([Seat(f"P{i}", k, i) for i, k in enumerate(kinds)], seed))


def advance_to(m, phase, seat=0, limit=2000):
    while not m.is_over() and limit:
        limit -= 1
        if m.state.phase == phase and seat in m.to_act():
            return True
        m.apply(m.bot_action(next(s for s in m.to_act() if s != seat or m.state.phase != phase)))
    return m.state.phase == phase


def target_of(view, action):
    return next(r for r, a, _ in reversed(view.targets) if a == action)


def perform_by_clicks(app, scene, action):
    """Do `action` the way a player would: click what shows it."""
    v = scene.view
    app.draw()
    if action.verb == "claim":
        (a, b), _ = v.track_geom[action.args[0]]
        click(app, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
        app.draw()
        opts = v._payment_options()
        box = next(bx for bx, k in v.pay_boxes if opts[k] == action)
        click(app, box.center)
        app.draw()
    elif action.verb == "tickets":
        click(app, v.ticket_button.center)
        app.draw()
    elif action.verb == "keep":
        for t in action.args:
            rect = next(r for r, _, eid in v.targets if eid == f"ticket:{t}")
            click(app, rect.center)
            app.draw()
    click(app, target_of(v, action).center)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)])
@pytest.mark.parametrize("n", [2, 5])
def test_renders_in_every_phase(size, n, tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDGAME_HOME", str(tmp_path))
    a = App(size, lang="en")
    try:
        for phase in ("setup_mix", "setup_keep", "turn", "second", "keep", "passengers"):
            m = match(n, seed=5)
            if not advance_to(m, phase):
                continue
            scene = PlayScene(a, m, viewer=0, animate=False)
            a.reset_to(scene)
            a.draw()
            assert scene.view.targets
        m = match(n, seed=6, kinds=["bot:easy"] * n)
        m.play_bots_to_end()
        a.reset_to(PlayScene(a, m, viewer=0, animate=False))
        a.draw()
    finally:
        pygame.quit()


@pytest.mark.parametrize("verb", ["mix", "keep", "take", "blind", "claim", "tickets", "passenger"])
def test_each_kind_of_action_by_clicking(app, verb):
    for seed in range(40):
        m = match(3, seed)
        found = None
        while not m.is_over() and m.ply < 600:
            if 0 in m.to_act():
                found = next((x for x in R.legal_actions(m.state, 0) if x.verb == verb), None)
                if found is not None:
                    break
            m.apply(m.bot_action(m.to_act()[0]))
        if found is None:
            continue
        scene = PlayScene(app, m, viewer=0, animate=False)
        app.reset_to(scene)
        ply = m.ply
        perform_by_clicks(app, scene, found)
        assert m.ply > ply and found in m.actions[ply:]
        return
    pytest.fail(f"no position with a {verb} action found")


def test_a_whole_game_through_clicks(app):
    m = match(2, seed=11, kinds=["human", "bot:easy"])
    scene = PlayScene(app, m, viewer=0, animate=False)
    app.reset_to(scene)
    rng = Rng(4)
    for _ in range(3000):
        if m.is_over():
            break
        legal = scene.my_legal()
        if not legal:
            app.step(0.05, [])
            continue
        claims = [a for a in legal if a.verb == "claim"]
        pick = claims[rng.below(len(claims))] if claims and rng.below(2) else legal[rng.below(len(legal))]
        if pick.verb == "tickets" and len(m.state.players[0].tickets) > 6:
            pick = next((a for a in legal if a.verb != "tickets"), pick)
        ply = m.ply
        perform_by_clicks(app, scene, pick)
        assert pick in m.actions[ply:]  # (a bot may act in the same frame, e.g. keeping tickets)
    for _ in range(5):
        app.step(0.05, [])
    assert m.is_over() and isinstance(app.top, ResultsScene)


def test_other_seats_secrets_never_reach_the_screen(app):
    m = match(3, seed=2)
    advance_to(m, "turn")
    for _ in range(30):
        m.apply(m.bot_action(m.to_act()[0]))
    scene = PlayScene(app, m, viewer=0, animate=False)
    app.reset_to(scene)
    app.draw()
    mine = set(m.state.players[0].tickets)
    shown = {eid.split(":", 1)[1] for _, _, eid in scene.view.targets if eid.startswith("ticket:")}
    assert shown <= mine
    view = scene.current_view()
    assert "hand" in view and all("hand" not in p for p in view["players"])
