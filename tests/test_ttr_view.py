"""The Ticket to Ride table, headless: it renders in every phase and size, each kind of
action can be performed by clicking, a game can be played to the results through
clicks alone, the payment panel can be changed and cancelled, animations play and can
be skipped, and nothing of another seat's hand or tickets reaches the screen."""
import pygame
import pytest
from table_input import click, key

from games.core.action import Action
from games.core.contract import Config, Seat
from games.core.errors import DataError
from games.core.match import Match
from games.core.rng import Rng
from games.ttr_germany import RULES as R
from ui.app import App
from ui.scenes.dialogs import QuitConfirm
from ui.scenes.play import PlayScene
from ui.scenes.results import ResultsScene
from ui.views.ttr_germany import load_layout


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


def rect_of(view, eid):
    r = view.element_rect(eid)
    assert r is not None, f"no element {eid}"
    return r


def open_route(app, scene, track):
    app.draw()
    click(app, scene.view.geom.tracks[track].mid)
    app.draw()
    assert scene.view.selected == track


def perform_by_clicks(app, scene, action):
    """Do `action` the way a player would: click what shows it."""
    v = scene.view
    app.draw()
    if action.verb == "claim":
        track, colour, locos = action.args
        open_route(app, scene, track)
        click(app, rect_of(v, f"pay:{colour}").center)
        app.draw()
        click(app, rect_of(v, f"locos:{int(locos)}").center)
        app.draw()
        assert v.chosen_payment() == action
    elif action.verb == "tickets":
        click(app, rect_of(v, "tickets").center)
        app.draw()
    elif action.verb == "keep":
        for t in action.args:
            click(app, rect_of(v, f"ticket:{t}").center)
            app.draw()
    click(app, target_of(v, action).center)


# 4K with the fullest table only (a new table there takes about a second to paint)
@pytest.mark.parametrize("n,size", [(2, (1280, 720)), (2, (1920, 1080)), (5, (1280, 720)),
                                    (5, (1920, 1080)), (5, (3840, 2160))])
def test_renders_in_every_phase(size, n, tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDGAME_HOME", str(tmp_path))
    a = App(size, lang="en")
    try:
        seen = []
        for phase in ("setup_mix", "setup_keep", "turn", "second", "keep", "passengers"):
            m = match(n, seed=5)
            if not advance_to(m, phase):
                continue
            scene = PlayScene(a, m, viewer=0, animate=False)
            a.reset_to(scene)
            scene.hint = True  # every legal move highlighted
            a.draw()
            assert scene.view.targets and scene.view.element_rect("deck") is not None
            seen.append(phase)
        assert {"setup_mix", "setup_keep", "turn", "second"} <= set(seen)
        m = match(n, seed=6, kinds=["bot:easy"] * n)
        m.play_bots_to_end()
        a.reset_to(PlayScene(a, m, viewer=0, animate=False))
        a.draw()
    finally:
        pygame.quit()


def test_renders_in_russian_and_for_a_spectator(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDGAME_HOME", str(tmp_path))
    a = App((1280, 720), lang="ru")
    try:
        m = match(4, seed=8, kinds=["bot:easy"] * 4)
        for _ in range(120):
            m.apply(m.bot_action(m.to_act()[0]))
        scene = PlayScene(a, m, viewer=None, animate=False)
        a.reset_to(scene)
        a.draw()
        ids = {eid for _, _, eid in scene.view.targets}
        assert not any(e.startswith(("hand:", "ticket:")) for e in ids)
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


def claim_position(seed=4):
    """A 4-player game at the human's turn with a claimable route."""
    for s in range(seed, seed + 40):
        m = match(4, s)
        while not m.is_over() and m.ply < 400:
            if m.state.phase == "turn" and 0 in m.to_act():
                claims = [a for a in R.legal_actions(m.state, 0) if a.verb == "claim"]
                if claims:
                    return m, claims
            m.apply(m.bot_action(m.to_act()[0]))
    pytest.fail("no claim position")


def test_route_proposes_the_cheapest_payment_and_can_be_cancelled(app):
    m, claims = claim_position()
    scene = PlayScene(app, m, viewer=0, animate=False)
    app.reset_to(scene)
    v = scene.view
    track = claims[0].args[0]
    options = [a for a in claims if a.args[0] == track]
    open_route(app, scene, track)
    hand = m.state.players[0].hand
    best = min(options, key=lambda a: (a.args[1] == "locomotive", int(a.args[2]), -hand.get(a.args[1], 0)))
    assert v.chosen_payment() == best
    assert rect_of(v, "confirm") and target_of(v, best)
    # Esc closes the panel, not the game
    key(app, pygame.K_ESCAPE)
    assert v.selected is None and not isinstance(app.top, QuitConfirm) and m.ply == len(m.actions)
    # a click elsewhere closes it too, without doing anything
    open_route(app, scene, track)
    ply = m.ply
    click(app, rect_of(v, "deck").center)
    assert v.selected is None and m.ply == ply
    # Enter confirms
    open_route(app, scene, track)
    key(app, pygame.K_RETURN)
    assert m.actions[ply] == best


def test_keep_button_only_for_a_legal_selection(app):
    m = match(3, seed=2)
    advance_to(m, "setup_keep")
    scene = PlayScene(app, m, viewer=0, animate=False)
    app.reset_to(scene)
    app.draw()
    v = scene.view
    offered = [t for t in m.state.players[0].offered]
    keep = next(r for r, _, eid in v.targets if eid == "keep")
    assert not any(a is not None for r, a, eid in v.targets if eid == "keep")
    click(app, rect_of(v, f"ticket:{offered[0]}").center)
    app.draw()
    assert all(a is None for _, a, eid in v.targets if eid == "keep")  # one is not enough
    click(app, rect_of(v, f"ticket:{offered[1]}").center)
    app.draw()
    act = next(a for _, a, eid in v.targets if eid == "keep")
    assert act == Action(0, "keep", tuple(sorted(offered[:2])))
    click(app, keep.center)
    assert m.state.players[0].decided


def test_keyboard_draws_cards(app):
    m = match(2, seed=7)
    advance_to(m, "turn")
    scene = PlayScene(app, m, viewer=0, animate=False)
    app.reset_to(scene)
    app.draw()
    ply = m.ply
    key(app, pygame.K_d)
    assert m.actions[ply] == Action(0, "blind")


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


def test_animations_play_and_can_be_skipped(app):
    app.anim_speed = 1.0
    m = match(3, seed=9, kinds=["human", "bot:normal", "bot:normal"])
    advance_to(m, "turn")
    scene = PlayScene(app, m, viewer=0, animate=True)
    app.reset_to(scene)
    kinds = set()
    for _ in range(400):
        if m.is_over():
            break
        legal = scene.my_legal()
        if legal:
            claims = [a for a in legal if a.verb == "claim"]
            scene.do(claims[0] if claims else legal[0])
        for b in scene.beats:
            kinds.add(b.kind)
        app.step(0.1, [])
        if scene.beats and len(kinds) % 2:
            playing = scene.beats[0]
            key(app, pygame.K_SPACE)  # skips what plays (a bot may start something new)
            assert all(b is not playing for b in scene.beats)
    assert {"card", "route", "meeple"} <= kinds


def test_other_seats_secrets_never_reach_the_screen(app):
    m = match(3, seed=2)
    advance_to(m, "turn")
    for _ in range(30):
        m.apply(m.bot_action(m.to_act()[0]))
    scene = PlayScene(app, m, viewer=0, animate=False)
    app.reset_to(scene)
    scene.hint = True
    app.draw()
    mine = set(m.state.players[0].tickets) | set(m.state.players[0].offered)
    shown = {eid.split(":", 1)[1] for _, _, eid in scene.view.targets if eid.startswith("ticket:")}
    assert shown <= mine
    view = scene.current_view()
    assert "hand" in view and all("hand" not in p and "ticket_list" not in p for p in view["players"])


def test_layout_errors_name_the_key(tmp_path):
    good = load_layout()
    assert good["route_ends"] and good["geography"]["germany"]
    from games.core.data import data_path
    text = data_path("ttr_germany", "layout.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "layout.yaml"
    bad.write_text(text.replace("  berlin-hannover: -0.06", "  berlin-paris: -0.06"), encoding="utf-8")
    with pytest.raises(DataError, match="bends"):
        load_layout(bad)
    bad.write_text(text.replace("track_width: 8", "track_width: wide"), encoding="utf-8")
    with pytest.raises(DataError, match="track_width"):
        load_layout(bad)


def test_card_colours_look_each_their_own_way(tmp_path):
    """Every card, route and passenger colour has a fill, a letter and a pattern in layout.yaml;
    no two share a letter (colour is never the only carrier)."""
    from games.core.data import data_path
    from games.ttr_germany.model import default_data
    from ui import theme
    d = default_data()
    cards = load_layout()["cards"]
    assert set(cards) == {*d.card_colour_ids, "locomotive", "gray"}
    assert {p.id for p in d.passenger_colours} <= set(cards)
    assert len({c.letter for c in cards.values()}) == len(cards)
    assert all(c.pattern in theme.PATTERNS for c in cards.values())
    text = data_path("ttr_germany", "layout.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "layout.yaml"
    for edit, where in ((("pattern: waves", "pattern: zigzag"), "cards.orange.pattern"),
                        (("letter: P, pattern: dots", "letter: R, pattern: dots"), "cards.pink.letter"),
                        (("  gray: {rgb", "  grey: {rgb"), "cards.grey")):
        bad.write_text(text.replace(*edit), encoding="utf-8")
        with pytest.raises(DataError, match=where.replace(".", r"\.")):
            load_layout(bad)
