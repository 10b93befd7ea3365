"""Driving a headless table as a player would: mouse and key input (the `app` fixture
they act on is in conftest.py)."""
import pygame


def click(app, pos):
    pos = (int(pos[0]), int(pos[1]))
    app.step(0.016, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                     pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                     pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])


def key(app, k):
    app.step(0.016, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)])


def pump(app, scene, frames=600):
    """Let bots, beats and hand-offs run until a human at the screen is to act."""
    from ui.scenes.handoff import HandOff
    for _ in range(frames):
        if isinstance(app.scenes[-1], HandOff):
            key(app, pygame.K_SPACE)
            continue
        if scene.match.is_over():
            app.step(0.05, [])
            return
        seat = scene.match.to_act()[0]
        if scene.match.config.seats[seat].is_human and scene.viewer == seat and app.scenes[-1] is scene \
                and not scene.beats and not scene.first_handoff:
            return
        app.step(0.05, [])
    raise AssertionError("the table never came back to a person")


def pick_in_chooser(app, scene, action):
    """Click `action`'s line of the open chooser (several actions on one target)."""
    line = next((r for r, a in scene.chooser if a == action), None)
    assert line is not None, (action, [a.text for _, a in scene.chooser])
    app.draw()
    click(app, line.center)


def play_by_clicks(app, m, perform, level="normal", limit=4000, note=None):
    """Play `m` to its end at a table: each person's move is the `level` bot's choice, done
    by `perform(app, scene, action)` through clicks alone; `note(match, action)` sees each
    before it is made. Returns the play scene."""
    from games.core.rng import Rng
    from ui.scenes.play import PlayScene
    scene = PlayScene(app, m)
    app.push(scene)
    while not m.is_over() and limit:
        limit -= 1
        pump(app, scene)
        if m.is_over():
            break
        seat = m.to_act()[0]
        want = m.rules.bot(level).choose(m.rules, m.state, seat, Rng(m.ply))
        if note is not None:
            note(m, want)
        ply = m.ply
        perform(app, scene, want)
        assert m.ply > ply, f"the clicks for {want} did nothing"
        assert m.actions[ply] == want, (want, m.actions[ply])  # (a bot may have played on at once)
    pump(app, scene)
    return scene
