"""The Great Western Trail: Argentina table, headless: it renders at every decision point at
three sizes; a solo game against Pedro and a 3-seat hot-seat game are played to the results
through clicks alone (for each action chosen, the target carrying it is clicked, after the
selection it needs, then the chooser's line when several share the target); every legal
action has words; Pedro's turn is played back step by step; no other seat's hand is drawn."""
import pygame
import pytest
import table_input
from table_input import click, key, pick_in_chooser, pump

from games.core.contract import Config, Seat
from games.core.match import Match
from games.core.rng import Rng
from games.gwt_argentina.rules import ArgentinaRules
from ui.scenes.handoff import HandOff
from ui.scenes.play import PlayScene
from ui.scenes.results import ResultsScene
from ui.views.gwt_argentina.panels import DISC_PICK
from ui.views.gwt_argentina.view import ArgentinaView

R = ArgentinaRules()


@pytest.fixture(autouse=True)
def _quick_bots(quick_argentina_normal):
    """(the normal bot picks the seats' moves here: how well it plays does not matter)"""


def solo(seed=3):
    return Match(R, Config([Seat("Ana", "human", 0), Seat("Pedro", "automa", 1)], seed, {}))


def hotseat(n=3, seed=5):
    return Match(R, Config([Seat(f"P{i}", "human", i) for i in range(n)], seed, {}))


def spot(v, action):
    """A point of a target carrying `action` where a click gives it (hand cards overlap)."""
    for r, a, _ in reversed(v.targets):
        if a != action:
            continue
        for fx, fy in ((0.5, 0.5), (0.12, 0.5), (0.5, 0.2), (0.88, 0.5), (0.5, 0.85)):
            pos = (r.x + int(r.w * fx), r.y + int(r.h * fy))
            if action in v.actions_at(pos):
                return pos
    return None


def selection_for(v, action) -> str | None:
    """The element picked first for an action its own target shows only then."""
    if action.verb in DISC_PICK:
        return v.pick_key(action)
    if action.verb == "do":
        f = v.found(action)
        if f and f[0]["name"] == "place_building":
            return f"mybuild.{f[1][1]}"
    return None


def perform_by_clicks(app, scene, action):
    """Do `action` the way a player would: click what shows it (picking first what it needs),
    then the chooser's line."""
    v = scene.view
    app.draw()
    pos = spot(v, action)
    if pos is None:
        pick = selection_for(v, action)
        assert pick is not None and v.element_rect(pick) is not None, f"no target for {action}"
        click(app, v.element_rect(pick).center)
        app.draw()
        pos = spot(v, action)
    assert pos is not None, f"no target for {action} ({v.describe(action)})"
    ply = scene.match.ply
    click(app, pos)
    if scene.chooser and scene.match.ply == ply:
        pick_in_chooser(app, scene, action)


def play_by_clicks(app, m, level="normal", limit=3000):
    kinds = set()
    scene = table_input.play_by_clicks(app, m, perform_by_clicks, level, limit,
                                       note=lambda m, a: kinds.add(m.state.pending[-1]["k"]))
    return scene, kinds


def test_solo_game_against_pedro_by_clicks(app):
    m = solo(4)
    scene, kinds = play_by_clicks(app, m)
    assert m.is_over()
    app.step(0.05, [])
    assert isinstance(app.scenes[-1], ResultsScene)
    assert {"start", "move", "menu", "ba_income", "ba_load"} <= kinds


def test_three_seat_hotseat_by_clicks_never_shows_another_hand(app, monkeypatch):
    drawn = []
    real = ArgentinaView.draw_hand

    def spy(self, surf, view, seat, rect):
        drawn.append((seat, self.scene.viewer, view["seat"]))
        return real(self, surf, view, seat, rect)

    monkeypatch.setattr(ArgentinaView, "draw_hand", spy)
    m = hotseat(3, 6)
    scene, kinds = play_by_clicks(app, m, level="easy")
    assert m.is_over()
    app.step(0.05, [])
    assert isinstance(app.scenes[-1], ResultsScene)
    # one's own hand, or before the first hand-off the public table (no viewer: a count only)
    assert drawn and all(seat == viewer == shown or viewer is shown is None for seat, viewer, shown in drawn)
    assert {0, 1, 2} <= {seat for seat, _, _ in drawn}


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)])
def test_every_decision_point_renders(app, size):
    """Each kind of decision at least once per game (and now and then at the small size),
    seen by the seat to decide; every legal action of the viewer is carried by a target
    or by the selection it needs."""
    app.resize(size)
    seen = set()
    # the larger sizes draw slowly: the hot-seat game alone (its kinds include the solo's)
    for m in (solo(11), hotseat(3, 11)) if size[0] < 1500 else (hotseat(3, 11),):
        scene = PlayScene(app, m, viewer=0, animate=False)
        app.push(scene)
        kinds_here = set()
        while not m.is_over():
            seat = m.to_act()[0]
            k = m.state.pending[-1]["k"]
            human = m.config.seats[seat].is_human
            if human:
                scene.viewer = seat
            if human and (k not in kinds_here or (size[0] < 2000 and m.ply % 40 == 0)):
                kinds_here.add(k)
                seen.add(k)
                scene.draw(app.window)
                v = scene.view
                carried = {a for _, a, _ in v.targets if a is not None}
                for a in R.legal_actions(m.state, seat):
                    assert a in carried or selection_for(v, a) is not None, (k, a)
                if size[0] < 1500:  # every tip has words, every preview draws
                    for _, text, args in v.tips:
                        text = text(*args) if callable(text) else text
                        assert isinstance(text, str) and "{" not in text, text
                    for _, make, args in v.previews:
                        make(*args)
            m.apply(m.bot_action(seat) if not human else R.bot("normal").choose(R, m.state, seat, Rng(m.ply)))
        scene.draw(app.window)
        app.scenes.clear()
    assert {"start", "move", "act", "menu", "ba_income", "ba_load", "help"} <= seen


def test_describe_names_every_legal_action(app):
    m = hotseat(3, 5)
    scene = PlayScene(app, m)
    app.push(scene)
    for _ in range(300):
        if m.is_over():
            break
        seat = m.to_act()[0]
        scene.view.view_now = R.view(m.state, seat)
        for a in R.legal_actions(m.state, seat):
            text = scene.view.describe(a)
            assert text and "{" not in text and "[" not in text and text != a.text, (a, text)
        m.apply(R.bot("normal").choose(R, m.state, seat, Rng(m.ply)))


def test_pedro_turn_plays_step_by_step(app):
    app.anim_speed = 1.0
    m = solo(7)
    scene = PlayScene(app, m)
    app.push(scene)
    kinds = set()
    for _ in range(60):
        if m.to_act()[0] == 0:
            m.apply(R.bot("normal").choose(R, m.state, 0, Rng(m.ply)))
            scene.frozen_view = None
        for _ in range(300):
            app.step(0.05, [])
            kinds |= {b.kind for b in scene.beats}
            if scene.beats:
                app.draw()
            if not scene.beats and m.to_act() and m.to_act()[0] == 0:
                break
        if {"pedro_card", "hop", "pedro_step"} <= kinds:
            break
    assert {"pedro_card", "hop", "pedro_step"} <= kinds


def test_inspect_pedro_and_escape_backs_out(app):
    m = solo(5)
    scene = PlayScene(app, m, viewer=0)
    app.push(scene)
    pump(app, scene)
    app.draw()
    v = scene.view
    r = v.element_rect("seat.1")
    click(app, (r.x + 4, r.centery))
    app.draw()
    assert v.inspect == 1
    key(app, pygame.K_ESCAPE)
    assert v.inspect is None
    v._disc_pick = "pick.load.x"
    assert v.cancel() and v.disc_pick is None and not v.cancel()


def test_number_keys_take_an_option_row(app):
    """In Argentina's own decisions the n-th option row (one action) is taken by key n."""
    m = hotseat(3, 5)
    scene = PlayScene(app, m, viewer=0, animate=False)
    app.push(scene)
    for _ in range(2000):
        seat = m.to_act()[0]
        scene.viewer = seat
        if m.state.pending[-1]["k"] == "ba_income":
            break
        m.apply(R.bot("normal").choose(R, m.state, seat, Rng(m.ply)))
    scene.draw(app.window)
    v = scene.view
    first = v.option_groups()[0]
    assert len(first) == 1
    ply = m.ply
    ev = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1", scancode=0)
    assert v.key_action(ev, scene.my_legal()) == first[0]
    scene.do(first[0])
    assert m.ply > ply and m.actions[ply] == first[0]


def test_click_and_key_storm(app):
    """Random clicks and keys (selections, the chooser, overlays) raise nothing and never do
    anything the rules refuse."""
    import random
    rnd = random.Random(5)
    keys = [pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_1, pygame.K_2, pygame.K_h]
    for m in (solo(31), hotseat(3, 32)):
        app.scenes.clear()
        scene = PlayScene(app, m)
        app.push(scene)
        for i in range(150):
            if m.is_over():
                break
            if app.scenes[-1] is not scene:
                key(app, pygame.K_SPACE if isinstance(app.scenes[-1], HandOff) else pygame.K_ESCAPE)
                continue
            app.draw()
            if rnd.random() < 0.15:
                key(app, rnd.choice(keys))
            else:
                targets = [r for r, _, _ in scene.view.targets] or [scene.view.rect]
                r = rnd.choice(targets)
                click(app, (r.x + rnd.randrange(max(1, r.w)), r.y + rnd.randrange(max(1, r.h))))
            if scene.chooser and rnd.random() < 0.7:
                click(app, rnd.choice(scene.chooser)[0].center)
            if i % 10 == 0:
                R.check_invariants(m.state)


def test_the_supply_keeps_its_place_from_one_decision_to_the_next(app):
    """As at El Paso's table: the decision panel only grows, so the supply under it moves
    down rarely and never jumps back up."""
    m = solo(4)
    scene = PlayScene(app, m)
    app.push(scene)
    tops = []
    for _ in range(120):
        pump(app, scene)
        if m.is_over():
            break
        app.draw()
        tops.append(scene.view.r_supply.y)
        want = R.bot("normal").choose(R, m.state, m.to_act()[0], Rng(m.ply))
        perform_by_clicks(app, scene, want)
    assert tops == sorted(tops)  # never back up
    assert len(set(tops)) <= 4, sorted(set(tops))


def test_other_seats_are_compact_boards_with_named_numbers(app):
    """Another seat's row: chips of an icon and its number, each with a tooltip that says
    what it counts, none cut off at the panel's edge."""
    m = hotseat(3, 5)
    scene = PlayScene(app, m, viewer=0)
    app.push(scene)
    app.draw()
    v = scene.view
    rows = v.seat_chips(scene.current_view(), 1)
    assert len(rows) == 2 and all(tip for row in rows for _, _, tip in row)
    right = v.r_right.right
    assert all(r.right <= right for r, _, _ in v.tips)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)])
def test_the_supply_is_on_screen_at_every_size(app, size):
    """The decision panel's reserve is a number of button rows, not a length: it scales like
    the rest, so the supply under it keeps the same share of the window at every size."""
    app.resize(size)
    scene = PlayScene(app, hotseat(4, 3), viewer=0, animate=False)
    app.push(scene)
    scene.first_handoff = False
    app.draw()
    v = scene.view
    sup = v.r_supply
    assert sup.bottom <= v.r_right.bottom and sup.h >= v.r_right.h * 0.3, (size, sup, v.r_right)
    assert v.LOG_OPEN == (size[0] >= v.LOG_FROM_WIDTH)  # below 4K the table takes the log's column


def test_the_player_boards_discs_are_readable_at_1280(app):
    """Seventeen disc spaces go on two lines (El Paso's seven stay on one): a disc at least
    16 px at 1280x720 beside the auxiliary actions."""
    from ui.views.gwt.playerboard import _disc_lines, player_board, start_state
    scene = PlayScene(app, hotseat(3, 5), viewer=0, animate=False)
    app.push(scene)
    app.draw()
    v = scene.view
    rect = v.element_rect("disc.aux1")
    assert rect is not None and rect.w >= 16 and rect.h >= 16, rect
    assert _disc_lines(17, 200, 100) == 2 and _disc_lines(7, 200, 100) == 1
    img, rects = player_board(v.ed, 450, 150, start_state(v.ed, (200, 40, 40), "R"))
    tops = {r.y for k, r in rects.items() if k.startswith("disc.")}
    assert len(tops) == 2 and img.get_size() == (450, 150)


def test_objective_cards_offered_show_their_tasks(app):
    """A location's "take an objective" slots show Argentina's objective cards (their tasks
    drawn), not the family's square tile with an empty middle."""
    from ui.views.gwt_argentina import table_edition
    ed = table_edition()
    oid = ed.data.objectives[0].id
    tile = ed.art.objective_tile(oid, 80, "en")
    card = ed.art.objective_card(oid, 80, 80, "en")
    assert pygame.image.tobytes(tile, "RGBA") == pygame.image.tobytes(card, "RGBA")
