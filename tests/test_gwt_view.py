"""The Great Western Trail: El Paso table, headless: it renders at every decision point at
three sizes, every kind of action is performed by clicking what shows it (trail nodes,
posts, the location's action buttons, hand cards, market and supply stacks, trains, tiles,
building stacks, the player board's auxiliary actions, the worker area and the exchange
tokens, with the chooser where several actions share a target), a solo game against Sue
and a 3-seat hot-seat game are played to the results through clicks alone, and no other
seat's hand is ever drawn."""
import pygame
import pytest
import table_input
from table_input import click, key, pick_in_chooser, pump

from games.core.action import Action
from games.core.contract import Config, Seat
from games.core.match import Match
from games.core.rng import Rng
from games.gwt_el_paso.rules import GWTRules
from ui.scenes.handoff import HandOff
from ui.scenes.play import PlayScene
from ui.scenes.results import ResultsScene
from ui.views.gwt_el_paso.view import GWTView

R = GWTRules()


def solo(seed=3, **options):
    return Match(R, Config([Seat("Anna", "human", 0), Seat("Sue", "automa", 1)], seed, options))


def hotseat(n=3, seed=5):
    return Match(R, Config([Seat(f"P{i}", "human", i) for i in range(n)], seed, {}))


def rect_of(view, eid):
    r = view.element_rect(eid)
    assert r is not None, f"no element {eid}"
    return r


def act_of(view, action) -> tuple[dict, list]:
    """The Act of a "do"/"aux" action and its remaining args, as the view's options give them."""
    o = next(o for o in view["decision"]["options"] if o["action"] == action.text)
    return o["act"], o["rest"]


def element_for(scene, action) -> list[str]:
    """The element ids a player clicks, in order, to take `action`."""
    v = scene.view
    view = scene.current_view()
    verb, args = action.verb, action.args
    if verb == "objective":
        return [f"tile.objective.{args[0]}"]
    if verb in ("start", "move"):
        return [f"trail.{args[0]}"]
    if verb == "use":
        return ["button.use"]
    if verb == "end":
        return ["button.done"]
    if verb == "again":
        return ["button.confirm"]
    if verb == "token":
        return ["exchange"]
    if verb == "bonus":
        return [f"area.{args[0]}"]
    if verb == "hire":
        return [f"workers.{args[0]}"]
    if verb == "discard":
        return [f"hand.{view['hand'].index(args[0])}"]
    if verb == "deliver":
        if args[0] == "none":
            return ["button.skip"]
        if v.deliver_post == int(args[0]):
            return [f"disc.{args[1]}"]
        return [f"post.{args[0]}", ("disc", args[1])]
    if verb == "aux":
        return [f"aux.{args[0]}"]
    if verb == "do":
        act, rest = act_of(view, action)
        name = act["name"]
        if name in ("discard_cattle_for_money", "remove_cattle"):
            return [f"hand.{view['hand'].index(rest[0])}"]
        if name == "buy_cattle":
            return [f"market.{rest[0]}"]
        if name == "hire_worker":
            return [f"workers.{rest[0]}"]
        if name == "use_train":
            return [f"train.{R.data.train(int(rest[0])).engineers}"]
        if name == "gain_tile":
            return [f"tile.{rest[0]}.{'stack' if rest[1] == 'top' else rest[1]}"]
        if name == "place_building":
            out = []
            if v.build_type != int(rest[1]):
                out.append(f"action.{args[0]}")
                out.append(("stack", int(rest[1])))
            return out + [f"trail.{rest[2]}"]
        return [f"action.{args[0]}"]
    raise AssertionError(f"no click for {action}")


def click_element(app, v, eid):
    r = rect_of(v, eid)
    # hand cards overlap to the right: click the visible left part
    pos = (r.x + app.px(5), r.centery) if eid.startswith("hand.") else r.center
    click(app, pos)


def perform_by_clicks(app, scene, action):
    """Do `action` the way a player would: click what shows it (and the chooser's line)."""
    v = scene.view
    app.draw()
    ply = scene.match.ply
    for step in element_for(scene, action):
        if isinstance(step, tuple) and step[0] == "disc":  # the disc, when the post had a choice
            if scene.match.ply == ply and not scene.chooser:
                click_element(app, v, f"disc.{step[1]}")
            continue
        if isinstance(step, tuple):  # a building stack, unless the button already picked it
            t = step[1]
            if v.build_type == t:
                continue
            click_element(app, v, f"stack.{R.data.btype(t).builders}")
        else:
            click_element(app, v, step)
        if scene.chooser or scene.match.ply != ply:
            break
        app.draw()
    if scene.chooser:
        pick_in_chooser(app, scene, action)


def play_by_clicks(app, m, level="normal", limit=4000):
    seen = set()
    scene = table_input.play_by_clicks(app, m, perform_by_clicks, level, limit,
                                       note=lambda m, a: seen.add(a.verb))
    return scene, seen


def test_solo_game_against_sue_by_clicks(app):
    m = solo(4)
    scene, seen = play_by_clicks(app, m)
    assert m.is_over()
    app.step(0.05, [])
    assert isinstance(app.scenes[-1], ResultsScene)
    assert {"objective", "start", "move", "do", "end", "deliver"} <= seen


def test_three_seat_hotseat_by_clicks_never_shows_another_hand(app, monkeypatch):
    drawn = []
    real = GWTView.draw_hand

    def spy(self, surf, view, seat, rect):
        drawn.append((seat, self.scene.viewer, view["seat"]))
        return real(self, surf, view, seat, rect)

    monkeypatch.setattr(GWTView, "draw_hand", spy)
    m = hotseat(3, 6)
    scene, seen = play_by_clicks(app, m, level="easy")
    assert m.is_over()
    app.step(0.05, [])
    assert isinstance(app.scenes[-1], ResultsScene)
    # one's own hand, or before the first hand-off the public table (no viewer: a count only)
    assert drawn and all(seat == viewer == shown or viewer is shown is None for seat, viewer, shown in drawn)
    assert {0, 1, 2} <= {seat for seat, _, _ in drawn}


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)])
def test_every_decision_point_renders(app, size):
    app.resize(size)
    seen = set()
    for m in (solo(11), hotseat(3, 12)):
        scene = PlayScene(app, m, viewer=0, animate=False)
        app.push(scene)
        while not m.is_over():
            seat = m.to_act()[0]
            k = m.state.pending[-1]["k"]
            scene.viewer = seat if m.config.seats[seat].is_human else scene.viewer
            if k not in seen or (size[0] < 2000 and m.ply % 25 == 0):
                seen.add(k)
                app.draw()
            m.apply(m.bot_action(seat) if not m.config.seats[seat].is_human
                    else R.bot("easy").choose(R, m.state, seat, Rng(m.ply)))
        app.draw()
        app.scenes.clear()
    assert {"objective", "start", "move", "act", "menu", "deliver", "sue"} <= seen


def test_every_kind_of_click(app):
    """Choices made through clicks (the normal bot's, with untried kinds mixed in) reach the market, the supply, the
    trains, the tiles, building, the worker bonuses, tokens and auxiliary actions."""
    kinds = set()
    for seed in (21, 22):
        app.scenes.clear()
        m = solo(seed)
        scene = PlayScene(app, m)
        app.push(scene)
        steps = 0
        while not m.is_over() and steps < 400:
            steps += 1
            pump(app, scene)
            if m.is_over():
                break
            seat = m.to_act()[0]
            legal = R.legal_actions(m.state, seat)
            rng = Rng(m.ply * 7 + seed)
            # prefer what has not been clicked yet, so every kind shows up
            fresh = [a for a in legal if kind_of(scene, a) not in kinds]
            if fresh and rng.below(3) == 0:
                want = fresh[rng.below(len(fresh))]
            else:
                want = R.bot("normal").choose(R, m.state, seat, rng)
            kind = kind_of(scene, want)
            ply = m.ply
            perform_by_clicks(app, scene, want)
            assert m.ply > ply and m.actions[ply] == want, want
            kinds.add(kind)
    need = {"objective", "start", "move", "use", "end", "do:buy_cattle", "do:hire_worker", "do:use_train",
            "do:gain_tile", "do:place_building", "do:discard_cattle_for_money", "aux:gain_money", "aux:exchange",
            "discard", "bonus", "token", "deliver"}
    assert need <= kinds, need - kinds


def kind_of(scene, action) -> str:
    if action.verb in ("do", "aux"):
        return action.verb + ":" + act_of(scene.current_view(), action)[0]["name"]
    return action.verb


def test_describe_names_every_legal_action(app):
    m = solo(5)
    scene = PlayScene(app, m)
    app.push(scene)
    for _ in range(150):
        if m.is_over():
            break
        seat = m.to_act()[0]
        view = R.view(m.state, seat)
        scene.view.view_now = view
        for a in R.legal_actions(m.state, seat):
            text = scene.view.describe(a)
            assert text and "{" not in text and text != a.text or a.verb == "sue", (a, text)
        m.apply(m.bot_action(seat) if seat == 1 else R.bot("normal").choose(R, m.state, seat, Rng(m.ply)))
    app.lang = "ru"
    scene.layout(app.size)
    assert "Сбросить" in scene.view.describe(Action(0, "bonus", ("cowboy",)))


def test_every_action_of_the_data_has_its_own_description():
    d = R.data
    acts = (list(d.el_paso_actions) + [a for n in d.neutrals for a in n.actions]
            + [a for t in d.building_types for side in t.sides.values() for a in side[2]]
            + [a for t in d.trains for side in t.sides.values() for a in side] + [a for p in d.posts for a in p.reward]
            + [a for x in d.aux for a in x.actions + x.upgraded] + [a for w in d.workers for a in w.bonus]
            + [a for b in d.bonus_tiles for a in b.on_gain])
    assert {a.name for a in acts if R.describe_act(a, ())[0] == "gwt.d.other"} == set()


def test_sue_turn_plays_step_by_step(app):
    app.anim_speed = 1.0
    m = solo(7)
    scene = PlayScene(app, m)
    app.push(scene)
    kinds = set()
    for _ in range(40):
        pump_to_human = m.to_act()[0] == 0
        if pump_to_human:
            m.apply(R.bot("normal").choose(R, m.state, 0, Rng(m.ply)))
            scene.frozen_view = None
        for _ in range(200):
            app.step(0.05, [])
            kinds |= {b.kind for b in scene.beats}
            if scene.beats:
                app.draw()
            if not scene.beats and m.to_act() and m.to_act()[0] == 0:
                break
        if {"sue_card", "hop", "gain"} <= kinds:
            break
    assert {"sue_card", "hop", "gain"} <= kinds
    key(app, pygame.K_SPACE)


def test_inspect_another_seat_and_close(app):
    m = hotseat(3, 4)
    scene = PlayScene(app, m, viewer=0)
    app.push(scene)
    pump(app, scene)
    app.draw()
    v = scene.view
    other = next(s for s in (1, 2) if v.element_rect(f"seat.{s}") is not None)
    r = rect_of(v, f"seat.{other}")
    click(app, (r.x + 4, r.centery))
    app.draw()
    assert v.inspect == other
    key(app, pygame.K_ESCAPE)
    assert v.inspect is None


def test_click_and_key_storm(app):
    """Random clicks and keys on the table (chooser, overlays, selections) raise nothing and
    never do anything the rules refuse."""
    import random
    rnd = random.Random(5)
    keys = [pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_1, pygame.K_2, pygame.K_h, pygame.K_SPACE]
    for m in (solo(31), hotseat(3, 32)):
        app.scenes.clear()
        scene = PlayScene(app, m)
        app.push(scene)
        for i in range(260):
            if m.is_over():
                break
            if isinstance(app.scenes[-1], HandOff) or app.scenes[-1] is not scene:
                key(app, pygame.K_SPACE if isinstance(app.scenes[-1], HandOff) else pygame.K_ESCAPE)
                continue
            app.draw()
            if rnd.random() < 0.15:
                key(app, rnd.choice([k for k in keys if k != pygame.K_ESCAPE]))
            else:
                targets = [r for r, a, _ in scene.view.targets if a is not None] or [scene.view.rect]
                r = rnd.choice(targets) if rnd.random() < 0.8 else scene.view.rect
                click(app, (r.x + rnd.randrange(max(1, r.w)), r.y + rnd.randrange(max(1, r.h))))
            if scene.chooser and rnd.random() < 0.7:
                click(app, rnd.choice(scene.chooser)[0].center)
            if i % 10 == 0:
                R.check_invariants(m.state)



def test_s_key_skips_the_delivery(app):
    """S takes "deliver none" when it is legal (El Paso's own key, through edition_key) and
    does nothing at a delivery with posts to reach; Escape drops a picked post."""
    m = solo(4)
    scene = PlayScene(app, m)
    app.push(scene)
    for _ in range(4000):
        pump(app, scene)
        assert not m.is_over(), "no delivery came"
        if any(a.verb == "deliver" for a in scene.my_legal()):
            break
        seat = m.to_act()[0]
        perform_by_clicks(app, scene, R.bot("normal").choose(R, m.state, seat, Rng(m.ply)))
    app.draw()
    v, ply = scene.view, m.ply
    legal = scene.my_legal()
    if not any(a.args[0] == "none" for a in legal if a.verb == "deliver"):
        key(app, pygame.K_s)
        assert m.ply == ply
    none = Action.of(m.to_act()[0], "deliver", "none")
    ev = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="s", scancode=0)
    assert v.key_action(ev, [none]) == none
    v.deliver_post = 3
    assert v.cancel() and v.deliver_post is None and not v.cancel()


def test_the_supply_keeps_its_place_from_one_decision_to_the_next(app):
    """The decision panel only grows, from a reserve that fits the common decisions: the
    supply under it moves down rarely and never jumps back up."""
    m = solo(4)
    scene = PlayScene(app, m)
    app.push(scene)
    tops = []
    for _ in range(120):
        pump(app, scene)
        if m.is_over():
            break
        app.draw()
        tops.append(rect_of(scene.view, "workers.cowboy").y)
        want = R.bot("normal").choose(R, m.state, m.to_act()[0], Rng(m.ply))
        perform_by_clicks(app, scene, want)
    assert tops == sorted(tops)  # never back up
    assert len(set(tops)) <= 3, sorted(set(tops))
