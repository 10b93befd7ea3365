"""The Ticket to Ride table for a newcomer: the map takes most of the table and can be
zoomed and moved (wheel, +/-, drag, arrows, 0 to see it whole) while clicks still hit
the route drawn under the pointer; a ticket choice hides the tooltips of what it covers;
a long ticket list scrolls; names fit in Russian; the texts count in words."""
import pygame
import pytest
from table_input import click, key

from games.core.contract import Config, Seat
from games.core.data import data_path
from games.core.i18n import Translator
from games.core.match import Match
from games.ttr_germany import RULES as R
from ui.app import App
from ui.scenes.play import PlayScene


def match(n=3, seed=4):
    return Match(R, Config([Seat(f"P{i}", "human" if i == 0 else "bot:normal", i) for i in range(n)], seed))


def at_turn(n=3, seed=4, claim=False):
    """A game at the human's turn (with a claimable route when `claim`)."""
    for s in range(seed, seed + 40):
        m = match(n, s)
        while not m.is_over() and m.ply < 400:
            if m.state.phase == "turn" and 0 in m.to_act():
                claims = [a for a in R.legal_actions(m.state, 0) if a.verb == "claim"]
                if claims or not claim:
                    return m, claims
            m.apply(m.bot_action(m.to_act()[0]))
    pytest.fail("no such position")


def table(app, m):
    scene = PlayScene(app, m, viewer=0, animate=False)
    app.reset_to(scene)
    app.draw()
    return scene, scene.view


def wheel(app, scene, pos, y):
    scene.mouse = pos
    scene.view.mouse = pos
    return scene.view.event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False))


def test_the_map_takes_most_of_the_table(app):
    scene, v = table(app, match())
    assert not scene.show_log  # the table opens with the log folded: the map is the game
    assert v.r["map"].w >= 0.6 * scene.board.w and v.r["map"].h >= 0.9 * scene.board.h
    scene.toggle_log()
    assert v.r["map"].w >= 0.5 * scene.board.w  # the log open: still more than half
    scene.toggle_log()
    # the whole map is in sight at 1:1
    inner = v.r["map_inner"]
    assert all(inner.collidepoint(p) for p in v.geom.pos.values())


def test_keys_zoom_pan_and_reset_and_clicks_hit_the_route_under_the_pointer(app):
    m, claims = at_turn(claim=True)
    scene, v = table(app, m)
    track = claims[0].args[0]
    v.centre = (0.5, 0.5)
    before = v.geom.tracks[track].mid
    key(app, pygame.K_PLUS)
    key(app, pygame.K_PLUS)
    assert v.zoom > 1.5
    inner = v.r["map_inner"]
    # put the route in sight, then click where it is drawn now
    mid = v.geom.tracks[track].mid
    v.pan_by(inner.centerx - mid[0], inner.centery - mid[1])
    app.draw()
    mid = v.geom.tracks[track].mid
    assert mid != before and inner.collidepoint(mid)
    assert v.track_at(mid) == track or v.track_at(mid) in v.data.tracks_by_connection
    click(app, mid)
    app.draw()
    assert v.selected is not None and v.data.track_by_id[v.selected].connection == \
        v.data.track_by_id[track].connection
    key(app, pygame.K_ESCAPE)
    # arrows move the map (nothing selected): the route moves with it
    key(app, pygame.K_LEFT)
    moved = v.geom.tracks[track].mid
    assert moved[0] > mid[0] and moved[1] == mid[1]
    # a route moved out of the map's window cannot be clicked through the panels
    far = v.geom.tracks[track].mid
    v.pan_by(inner.w * 3, 0)
    far = v.geom.tracks[track].mid
    if not inner.collidepoint(far):
        assert v.track_at(far) is None
    key(app, pygame.K_0)
    assert v.zoom == 1.0 and v.geom.tracks[track].mid == pytest.approx(before, abs=1)


def test_the_wheel_zooms_about_the_pointer_and_a_drag_moves_the_map(app):
    scene, v = table(app, match())
    koeln = tuple(int(c) for c in v.geom.pos["koeln"])
    assert wheel(app, scene, koeln, 1) and wheel(app, scene, koeln, 1)
    assert v.zoom > 1.4
    assert v.geom.pos["koeln"] == pytest.approx(koeln, abs=2)  # the city stays under the pointer
    app.draw()
    # a drag: press, move beyond the threshold, release; it is not a click
    start = v.r["map_inner"].center
    x0 = v.geom.pos["koeln"][0]
    ev = pygame.event.Event
    assert not v.event(ev(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    v.event(ev(pygame.MOUSEMOTION, pos=(start[0] - 40, start[1]), rel=(-40, 0), buttons=(1, 0, 0)))
    assert v.event(ev(pygame.MOUSEBUTTONUP, pos=(start[0] - 40, start[1]), button=1))
    assert v.geom.pos["koeln"][0] == pytest.approx(x0 - 40, abs=1)
    # a press and release without moving stays a click for the table
    v.event(ev(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    assert not v.event(ev(pygame.MOUSEBUTTONUP, pos=start, button=1))
    # the wheel out goes back to the whole map and no further
    for _ in range(12):
        wheel(app, scene, start, -1)
    assert v.zoom == 1.0
    inner = v.r["map_inner"]
    assert v.geom.rect == inner


def test_the_zoom_buttons_and_the_zoom_limit(app):
    m, _ = at_turn()
    scene, v = table(app, m)
    click(app, v.element_rect("zoom:in").center)
    assert v.zoom > 1.0
    for _ in range(30):
        v.zoom_step(1)
    assert v.zoom == v.max_zoom()
    w, h = v.geom.rect.size
    assert w * h <= v.conf["zoom"]["max_mpx"] * 1e6 * 1.01  # the zoomed map's picture stays bounded
    app.draw()
    click(app, v.element_rect("zoom:reset").center)
    assert v.zoom == 1.0


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_city_names_stay_on_the_map(size, lang, tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDGAME_HOME", str(tmp_path))
    a = App(size, lang=lang)
    try:
        for log in (True, False):
            scene, v = table(a, match(5))
            if not log:
                scene.toggle_log()
            inner = v.r["map_inner"]
            for loc, r in v.geom.labels.items():
                assert inner.contains(r), (loc, r, inner)
    finally:
        pygame.quit()


def keep_position(n=5):
    m = match(n, 2)
    while not (m.state.phase == "setup_keep" and 0 in m.to_act()):
        m.apply(m.bot_action(next(s for s in m.to_act() if s != 0 or m.state.phase != "setup_keep")))
    return m


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_ticket_choice_shows_no_tooltip_of_what_it_covers(lang, tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDGAME_HOME", str(tmp_path))
    a = App((1280, 720), lang=lang)
    try:
        m = keep_position()
        scene, v = table(a, m)
        area = v._column_area()
        offered = {t["id"] for t in v.view_now["offered"]}
        # every point of the panel: a tooltip, if any, is of an offered ticket, never of the
        # hand or the cards under the panel
        for x in range(area.x + 5, area.right, 23):
            for y in range(area.y + 5, area.bottom, 23):
                scene.mouse = (x, y)
                a.draw()
                assert v.hover_ticket in offered | {None}
                if v.tip:
                    assert any(v.loc_name(t["a"]) in v.tip for t in v.view_now["offered"]), v.tip
        # one column: four tickets show their names in full
        boxes = [v.element_rect(f"ticket:{t}") for t in offered]
        assert len({b.x for b in boxes}) == 1
    finally:
        pygame.quit()


def test_a_long_ticket_list_scrolls(app):
    m, _ = at_turn(n=2)
    p = m.state.players[0]
    p.tickets += list(m.state.short[:12])  # many tickets: more than the panel holds
    scene, v = table(app, m)
    mine = [t["id"] for t in v.view_now["my_tickets"]]
    seen = {eid[7:] for _, _, eid in v.targets if eid.startswith("ticket:")}
    assert mine[0] in seen and mine[-1] not in seen
    assert v.element_rect("tickets:scroll") is not None
    for _ in range(len(mine)):
        key(app, pygame.K_PAGEDOWN)
    app.draw()
    seen2 = {eid[7:] for _, _, eid in v.targets if eid.startswith("ticket:")}
    assert mine[-1] in seen2 and mine[0] not in seen2
    # the wheel over the list scrolls back
    r = v.r["tickets"]
    for _ in range(len(mine)):
        wheel(app, scene, r.center, 1)
    app.draw()
    assert mine[0] in {eid[7:] for _, _, eid in v.targets if eid.startswith("ticket:")}
    # hovering a ticket names it in full
    box = v.element_rect(f"ticket:{mine[0]}")
    scene.mouse = box.center
    app.draw()
    t = v.view_now["my_tickets"][0]
    assert v.loc_name(t["a"]) in v.tip and v.loc_name(t["b"]) in v.tip


def test_texts_count_in_words():
    for lang, one, many in (("en", "1 train,", "5 trains,"), ("ru", "1 вагон,", "5 вагонов,")):
        tr = Translator(lang, ["A"], "ttr_germany")
        args = {"seat": 0, "from": "X", "to": "Y", "locos": 0, "points": 1}
        assert one in tr("event.route_claimed", length=1, **args)
        assert many in tr("event.route_claimed", length=5, **args)
        assert "(s)" not in tr("event.tickets_kept.public", seat=0, count=1)
    ru = Translator("ru", ["A"], "ttr_germany")
    assert ru("event.tickets_mix", seat=0, short=2, long=2) == "A берёт 2 короткие и 2 длинные цели"
    assert ru("ttr.last_round", n=1) == "Последний круг: остался 1 ход"


def test_the_rules_text_says_the_mix_is_announced_in_seat_order():
    text = data_path("ttr_germany", "rules.yaml").read_text(encoding="utf-8")
    assert "at the same time and\n          the choices stay secret" not in text
    assert "in seat order" in text and "announces" in text and "по порядку мест" in text


def test_the_scene_passes_wheel_and_drag_to_the_map(app):
    scene, v = table(app, match())
    inner = v.r["map_inner"]
    at = inner.center
    app.step(0.016, [pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)),
                     pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0,
                                        precise_y=1.0, which=0, touch=False)])
    assert v.zoom > 1.0
