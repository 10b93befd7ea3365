"""The Moon River table, headless: it renders in every phase at several sizes, every kind of
action can be performed by clicking what shows it (squares in storage, the turn button,
ranch cells, the saloon and its side chooser, other seats' storage and cows), whole games
are played to the results through clicks alone, and broken layout files are reported."""
import pygame
import pytest
from table_input import click, key

from games.core import registry
from games.core.action import Action
from games.core.contract import Config, Seat
from games.core.errors import DataError
from games.core.match import Match
from games.core.rng import Rng
from ui.scenes.play import PlayScene
from ui.scenes.results import ResultsScene
from ui.views.moon_river import load_layout
from ui.views.moon_river.view import TURNS

R = registry.get("moon_river")


def match(n, seed=3, kinds=None, **options):
    kinds = kinds or ["human"] + ["bot:normal"] * (n - 1)
    return Match(R, Config([Seat(f"P{i}", k, i) for i, k in enumerate(kinds)], seed, options))


def rect_of(view, eid):
    r = view.element_rect(eid)
    assert r is not None, f"no element {eid}"
    return r


def same_parcel(a, b) -> bool:
    """`build a b ca cb` and `build b a cb ca` lay the same parcel."""
    if a == b:
        return True
    if a.verb != "build" or b.verb != "build":
        return False
    x = a.args
    return b.args == (x[1], x[0], x[4], x[5], x[2], x[3])


def perform_by_clicks(app, scene, action):
    """Do `action` the way a player would: click what shows it."""
    v = scene.view
    app.draw()
    verb, args = action.verb, action.args
    me = R.view(scene.match.state, action.seat)["players"][action.seat]
    held = [f["id"] for f in me["held"]]
    if verb in ("place", "choose"):
        click(app, rect_of(v, f"{'column' if verb == 'place' else 'next'}.slot.{args[0]}").center)
    elif verb == "build":
        a, b = args[0], args[1]
        if v.sel not in ([a, b], [b, a]):
            if v.sel:
                key(app, pygame.K_ESCAPE)
            app.draw()
            click(app, rect_of(v, f"storage.{held.index(a)}").center)
            app.draw()
            click(app, rect_of(v, f"storage.{held.index(b)}").center)
            app.draw()
        def found():
            return next(((ca, act) for ca, cb, act in v.builds() if same_parcel(act, action)), None)
        for _ in range(len(TURNS)):
            if found():
                break
            click(app, rect_of(v, "button.rotate").center)
            app.draw()
        assert found(), (action, v.sel, v.turn)
        ca, _ = found()
        click(app, rect_of(v, f"ranch.cell.{ca[0]},{ca[1]}").center)
    elif verb in ("done", "stop", "skip"):
        click(app, rect_of(v, f"button.{ {'done': 'done', 'stop': 'stop', 'skip': 'skip'}[verb]}").center)
    elif verb == "discard":
        if v.sel:
            key(app, pygame.K_ESCAPE)
        app.draw()
        for s in args:
            click(app, rect_of(v, f"storage.{held.index(s)}").center)
            app.draw()
        click(app, rect_of(v, "button.discard").center)
    elif verb == "drought":
        click(app, rect_of(v, f"ranch.cell.{args[0]},{args[1]}").center)
    elif verb == "hire":
        click(app, rect_of(v, f"saloon.{args[0]}").center)
        app.draw()
        side = "cowboy" if args[1] == "cowboy" else "specialist"
        click(app, rect_of(v, f"saloon.side.{side}").center)
    elif verb == "move":
        if v.cow_from != (int(args[0]), int(args[1])):
            if v.cow_from is not None:
                key(app, pygame.K_ESCAPE)
            app.draw()
            click(app, rect_of(v, f"ranch.cell.{args[0]},{args[1]}").center)
            app.draw()
        click(app, rect_of(v, f"ranch.cell.{args[2]},{args[3]}").center)
    elif verb == "swap":
        click(app, rect_of(v, f"storage.{held.index(args[0])}").center)
        app.draw()
        theirs = [f["id"] for f in R.view(scene.match.state, 0)["players"][int(args[1])]["held"]]
        click(app, rect_of(v, f"seat.{args[1]}.storage.{theirs.index(args[2])}").center)
    elif verb == "steal":
        click(app, rect_of(v, f"seat.{args[0]}.cell.{args[1]},{args[2]}").center)
    elif verb == "drop":
        click(app, rect_of(v, f"button.drop.{args[0]}").center)
    elif verb == "bonus":
        click(app, rect_of(v, f"bonus.{args[0]}.{args[1]}").center)
        app.draw()
        click(app, rect_of(v, f"ranch.cell.{args[2]},{args[3]}").center)
    else:
        raise AssertionError(f"no click for {action}")


def play_by_clicks(app, m, limit=3000, level="normal"):
    """Humans' moves (chosen by a bot of `level`) made through clicks; bots play themselves."""
    scene = PlayScene(app, m, viewer=0)
    app.push(scene)
    seen = set()
    while not m.is_over() and limit:
        limit -= 1
        to_act = m.to_act()
        if not m.config.seats[to_act[0]].is_human:
            app.step(0.05, [])
            continue
        scene.viewer = to_act[0]
        want = R.bot(level).choose(R, m.state, to_act[0], Rng(m.ply))
        ply = m.ply
        perform_by_clicks(app, scene, want)
        app.draw()
        assert m.ply == ply + 1, f"the clicks for {want} did nothing (phase {m.state.phase})"
        assert same_parcel(want, m.actions[-1]), (want, m.actions[-1])
        seen.add(want.verb)
    return scene, seen


@pytest.mark.parametrize("n,seed,opts", [(3, 5, {}), (2, 8, {}), (4, 2, {"variant": "legends", "scenario": "3"})])
def test_whole_game_by_clicks(app, n, seed, opts):
    m = match(n, seed, ["human"] * n, **opts)
    scene, seen = play_by_clicks(app, m)
    assert m.is_over()
    app.step(0.05, [])
    assert isinstance(app.scenes[-1], ResultsScene)
    assert {"choose", "build", "hire"} <= seen
    scene.draw(pygame.Surface(app.size))  # the finished table with its scored areas


def test_every_kind_of_action_by_clicks(app):
    """Random choices made by clicking reach every decision point: droughts, the Raider's
    swap, skips, discards, Cowboy moves and the bonus tiles."""
    seen = set()
    for n, seed in ((2, 5), (3, 6), (4, 3)):
        app.scenes.clear()
        m = match(n, seed, ["human"] * n)
        _, s = play_by_clicks(app, m, level="easy")
        assert m.is_over()
        seen |= s
    assert seen >= {"place", "choose", "build", "done", "discard", "drought", "hire", "move", "stop", "swap",
                    "steal", "skip", "bonus"}


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1000, 600), (3840, 2160)])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_table_renders_through_a_game(app, size, n):
    app.resize(size)
    m = match(n, 11, ["bot:easy"] * n)
    scene = PlayScene(app, m, viewer=None)
    app.push(scene)
    phases = set()
    while not m.is_over():
        m.apply(m.bot_action(m.to_act()[0]))
        if m.state.phase not in phases or m.ply % 40 == 0:
            phases.add(m.state.phase)
            app.draw()
    app.draw()
    assert {"place", "expand", "choose", "over"} <= phases


def test_storage_pick_turn_and_ghost(app):
    m = match(3, 4)
    scene = PlayScene(app, m, viewer=0)
    app.push(scene)
    while not (m.state.phase == "expand" and m.to_act() == [0] and len(m.state.players[0].held) >= 2):
        m.apply(m.bot_action(m.to_act()[0]))
    app.draw()
    v = scene.view
    held = list(m.state.players[0].held)
    if len(held) == 2:
        assert sorted(v.sel) == sorted(held)  # two held: picked at once
    key(app, pygame.K_ESCAPE)
    app.draw()
    assert v.sel == []
    click(app, rect_of(v, "storage.0").center)
    click(app, rect_of(v, "storage.1").center)
    app.draw()
    assert v.sel == held[:2]
    before = v.turn
    key(app, pygame.K_r)
    app.draw()
    assert v.turn != before or not any(v.builds(t) for t in range(4) if t != before)
    builds = v.builds()
    assert builds, "a pair of squares always fits somewhere on an early ranch"
    ca, cb, act = builds[0]
    cell = rect_of(v, f"ranch.cell.{ca[0]},{ca[1]}")
    app.step(0.016, [pygame.event.Event(pygame.MOUSEMOTION, pos=cell.center, rel=(0, 0), buttons=(0, 0, 0))])
    app.draw()  # the ghost is drawn under the pointer
    click(app, cell.center)
    assert m.actions[-1] == act
    assert m.state.players[0].ranch[ca] == held[0] and m.state.players[0].ranch[cb] == held[1]


def test_zoom_opens_and_closes(app):
    m = match(3, 4)
    scene = PlayScene(app, m, viewer=0)
    app.push(scene)
    app.draw()
    v = scene.view
    card = rect_of(v, "seat.1")
    click(app, (card.x + 4, card.y + 4))
    app.draw()
    assert v.zoom == 1
    key(app, pygame.K_ESCAPE)
    assert v.zoom is None


def test_broken_layout_is_a_data_error(tmp_path):
    bad = tmp_path / "layout.yaml"
    bad.write_text("screen: {gap: 6}\n", encoding="utf-8")
    with pytest.raises(DataError) as e:
        load_layout(bad)
    assert "layout.yaml" in str(e.value)


def test_a_bots_parcel_slides_into_place(app):
    app.anim_speed = 1.0
    m = match(3, 6, ["bot:normal"] * 3)
    scene = PlayScene(app, m, viewer=None)
    app.push(scene)
    for _ in range(400):
        app.step(0.05, [])
        if scene.beats and scene.beats[0].kind == "parcel":
            break
    assert scene.beats and scene.beats[0].kind == "parcel"
    for _ in range(3):  # mid-flight frames draw the squares between storage and ranch
        app.step(0.08, [])
        app.draw()
    key(app, pygame.K_SPACE)
    assert not scene.beats


def test_a_bonus_tile_that_fits_nowhere_leaves_by_its_button(app):
    from test_moon_rules import Pool, expanding, give, placed

    from games.moon_river.state import BONUS
    pool = Pool()
    st = expanding(placed(2, seed=6))
    me = st.current
    ranch = {(0, y): pool("D1") if y < 7 else pool("D3") for y in range(8)}
    ranch.update({(2, 1): pool("D2"), (4, 0): pool("D2")})
    held = [pool("D2"), pool("D2")]
    give(st, me, held=held, ranch=ranch)
    R.apply(st, Action.of(me, "build", held[0], held[1], 0, 8, 0, 9))
    assert st.phase == BONUS
    m = match(2, 6, ["human", "human"])
    m.state = st
    scene = PlayScene(app, m, viewer=me)
    app.push(scene)
    app.draw()
    v = scene.view
    assert R.prompt(st)[0] == "prompt.moon.bonus_none"
    for tile in ("bonus_a", "bonus_b"):
        assert rect_of(v, f"button.drop.{tile}").w >= 60
    click(app, rect_of(v, "button.drop.bonus_b").center)
    assert m.actions[-1].text == f"{me} drop bonus_b" and m.state.bonus_left == ["bonus_a"]


def test_new_game_screen_lets_each_seat_choose_its_legends_character(app):
    from ui.scenes.setup import NewGame
    setup = NewGame(app, "moon_river")
    app.reset_to(setup)
    app.draw()
    chars = [c for i, o, c in setup.seat_cycles if o.name == "character"]
    assert len(chars) == len(setup.seats) and all(c.value == "random" for c in chars)
    scen = next(c for o, c, _ in setup.opt_cycles if o.name == "scenario")
    # the base game: the Legends choices are shown disabled and do nothing
    click(app, chars[0].rect.center)
    click(app, scen.rect.center)
    assert chars[0].value == "random" and scen.value == "random"
    variant = next(c for o, c, _ in setup.opt_cycles if o.name == "variant")
    click(app, variant.rect.center)
    assert setup.options["variant"] == "legends"
    click(app, chars[1].rect.center)           # seat 2 takes the first character
    click(app, scen.rect.center)
    assert chars[1].value == "mary" and scen.value == "1"
    click(app, chars[0].rect.center)           # seat 1 passes over the character seat 2 holds
    assert chars[0].value not in ("mary", "random") and setup.seat_values[0]["character"] == chars[0].value
    app.step(0.016, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=chars[0].rect.center, button=3)])
    assert chars[0].value == "random"          # and back, again passing over it
    before = [c.rect.topleft for _, _, c in setup.seat_cycles]
    app.draw()
    assert [c.rect.topleft for _, _, c in setup.seat_cycles] == before   # nothing moved
    start = next(w for w in setup.widgets if getattr(w, "label", "") == app.t("setup.start"))
    click(app, start.rect.center)
    m = app.top.match
    assert m.config.options["character.2"] == "mary" and m.config.options["character.1"] == "random"
    boards = [p.board for p in m.state.players]
    assert boards[1] == "mary" and len(set(boards)) == len(boards) and "base" not in boards


def test_new_game_screen_of_a_base_game_sends_no_character(app):
    from ui.scenes.setup import NewGame
    setup = NewGame(app, "moon_river")
    app.reset_to(setup)
    app.draw()
    start = next(w for w in setup.widgets if getattr(w, "label", "") == app.t("setup.start"))
    click(app, start.rect.center)
    assert not any(k.startswith("character") for k in app.top.match.config.options)
    assert {p.board for p in app.top.match.state.players} == {"base"}


def test_the_running_score_says_it_is_the_score_if_the_game_ended_now(app):
    m = match(3, 4)
    for _ in range(40):
        m.apply(m.bot_action(m.to_act()[0]))
    scene = PlayScene(app, m, viewer=0)
    app.push(scene)
    app.draw()
    v = scene.view
    me = R.view(m.state, 0)["players"][0]
    tips = [t(*a) if callable(t) else t for _, t, a in v.tips]
    now = app.t("mr.score_now", n=me["score"])
    assert any(t.startswith(now) for t in tips)
    # every seat's score says it: the main header and the other seats' cards
    players = R.view(m.state, 0)["players"]
    assert all(any(t.startswith(app.t("mr.score_now", n=p["score"])) for t in tips) for p in players)
    header = app.t("mr.points_now", n=me["score"])
    assert header != app.t("mr.points", n=me["score"])


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_describe_names_every_legal_action_in_words(app, lang):
    """The advisor's rows: every kind of move in words, never its raw text."""
    app.lang = lang
    verbs = set()
    for n, seed in ((2, 5), (3, 6), (4, 3)):
        app.scenes.clear()
        m = match(n, seed, ["human"] * n)
        scene = PlayScene(app, m)
        app.push(scene)
        scene.layout(app.size)
        easy = R.bot("easy")
        while not m.is_over():
            seat = m.to_act()[0]
            scene.view.view_now = R.view(m.state, seat)
            for a in R.legal_actions(m.state, seat):
                text = scene.view.describe(a)
                assert text and "{" not in text and "?" not in text and text != a.text, (a, text)
                if lang == "ru" and a.verb not in ("hire",):
                    assert any("а" <= ch <= "я" for ch in text.lower()), (a, text)
                verbs.add(a.verb)
            m.apply(easy.choose(R, m.state, seat, Rng(m.ply)))
    assert verbs >= {"place", "choose", "build", "done", "discard", "drought", "hire", "move", "stop",
                     "swap", "steal", "skip", "bonus"}


def test_the_advice_panel_takes_the_corner_that_hides_the_fewest_advised_moves(app):
    """The draft's first rows lie under the panel's usual top-left corner: advice on them
    moves the panel; advice on rows it leaves free keeps it there."""
    from ui.advisor import AdvicePanel
    m = match(2, 3, ["human", "human"])
    scene = PlayScene(app, m)
    app.push(scene)
    app.draw()
    legal = scene.my_legal()
    placed = [(r, a) for r, a, _ in scene.view.targets if a in legal]
    board = scene.board
    first = AdvicePanel(scene, None, [(a, 0.5) for a in legal[:3]])
    first.marks = list   # as if no move were on the table: the top left corner
    home = first.layout(board)
    under = [(r, a) for r, a in placed if r.colliderect(home)]
    clear = [(r, a) for r, a in placed if not r.colliderect(home)]
    assert under and clear
    adv = AdvicePanel(scene, None, [(a, 0.5) for _, a in under[:3]])
    box = adv.layout(board)
    assert box.topleft != home.topleft and board.contains(box)
    assert all(r is not None and not r.colliderect(box) for r in adv.marks())
    assert all(box.contains(r) for r, _ in adv.rows) and box.contains(adv.close_rect)
    scene.advice = adv
    app.draw()
    adv = AdvicePanel(scene, None, [(a, 0.5) for _, a in clear[:3]])
    assert adv.layout(board).topleft == home.topleft
