"""The El Paso table as a newcomer meets it: no click decides two things, everything shown
has a tooltip, loot values and counts are readable and say what they count, texts fit in
both languages, and the public reveal produces animation beats."""
from __future__ import annotations

import contextlib

import pygame
import pytest

from games.core import i18n
from games.core.action import Action
from games.core.contract import Config, Seat
from games.core.match import Match
from games.el_paso import RULES
from games.el_paso.state import CARRY, DECIDE
from ui.app import App
from ui.scenes.play import PlayScene
from ui.views import el_paso as view_mod
from ui.views import el_paso_art
from ui.views.base import Beat

SIZES = [(1280, 720), (1920, 1080)]


def match_at(phase: str, seed: int = 3, players: int = 4, skip: int = 0) -> Match:
    """A match where seat 0 (a person; the others are bots) is to act in `phase`. For the
    carry phase seat 0 leaves town as soon as it holds loot."""
    seats = [Seat(f"Player {i + 1}", "human" if i == 0 else "bot:normal", i) for i in range(players)]
    m = Match(RULES, Config(seats, seed))
    seen = 0
    while not m.is_over():
        st, who = m.state, m.to_act()[0]
        if who == 0 and st.phase == phase and (phase != CARRY or st.players[0].loot):
            if seen >= skip:
                return m
            seen += 1
        if who == 0 and phase == CARRY and st.phase == DECIDE and st.players[0].loot:
            m.apply(Action(0, "leave"))
            continue
        m.apply(m.bot_action(who))
    raise AssertionError(f"seat 0 never reached {phase}")


@contextlib.contextmanager
def table(m: Match, size=(1280, 720), lang="en"):
    app = App(size, lang=lang)
    app.anim_speed = 0
    app.bot_delay = 0
    scene = PlayScene(app, m, viewer=0, animate=False)
    app.push(scene)
    app.step(0.0, [])
    try:
        yield app, scene
    finally:
        pygame.quit()


def hover(app, pos):
    app.step(0.0, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])


def click(app, pos):
    app.step(0.016, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                     pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                     pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])


def rect_of(scene, prefix: str) -> pygame.Rect:
    return next(r for r, _, eid in scene.view.targets if eid.startswith(prefix))


# ---------------------------------------------------------------- one click, one decision
def test_picking_the_last_allowed_tile_does_not_exchange_the_rest():
    """Keeping a tile up to the carry limit ends the choice (the rules exchange the rest at
    once), so the table only shows it picked; the exchange button, elsewhere, sends it."""
    m = match_at(CARRY)
    p = m.state.players[0]
    assert p.carry_limit == 1 and len(p.loot) >= 1
    before = len(m.actions)
    with table(m) as (app, scene):
        view = scene.view
        tile = rect_of(scene, "loot.")
        click(app, tile.center)
        assert len(m.actions) == before and m.state.phase == CARRY  # nothing sent
        args = view.pending
        assert args is not None
        app.step(0.2, [])
        button = view.element_rect("button.exchange")
        assert button is not None and not button.colliderect(tile)
        assert [a for r, a, eid in view.targets if eid == "button.exchange"] == [Action(0, "keep", args)]
        click(app, view.pending_rect.center)  # put back
        assert view.pending is None and len(m.actions) == before
        click(app, tile.center)
        app.step(0.2, [])
        click(app, view.element_rect("button.exchange").center)
        assert m.actions[before] == Action(0, "keep", args)
        assert m.state.phase != CARRY or m.to_act() != [0]


def test_keys_pick_then_enter_commits():
    m = match_at(CARRY)
    before = len(m.actions)
    with table(m) as (app, scene):
        app.step(0.016, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1", scancode=0)])
        assert len(m.actions) == before and scene.view.pending is not None
        app.step(0.016, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)])
        assert m.actions[before].verb == "keep"


@pytest.mark.parametrize("size", SIZES)
def test_the_committing_buttons_never_share_a_place(size):
    """Leave is followed by the carry choice, the exchange by the next town's Leave: the two
    buttons sit apart, so a second click on the same spot never commits the next choice."""
    with table(match_at(DECIDE, skip=2), size) as (_, scene):
        leave = scene.view.element_rect("button.leave")
    with table(match_at(CARRY), size) as (_, scene):
        exchange = scene.view.element_rect("button.exchange")
        tiles = [r for r, _, eid in scene.view.targets if eid.startswith("loot.")]
    assert leave and exchange and not leave.colliderect(exchange)
    assert not any(exchange.colliderect(t) for t in tiles)


# ---------------------------------------------------------------- tooltips
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_everything_on_the_table_has_a_tooltip(lang, monkeypatch):
    shown = []
    monkeypatch.setattr(view_mod.ElPasoView, "tip_box", lambda self, surf, img, box: shown.append(box.copy()))
    with table(match_at(DECIDE, skip=3), lang=lang) as (app, scene):
        view = scene.view
        kinds = ("town.", "player.", "site.", "sheriff", "pile.", "hand.", "button.leave")
        for kind in kinds:
            ids = sorted({eid for _, _, eid in view.targets if eid.startswith(kind)})
            assert ids, kind
            for eid in ids:
                r = view.element_rect(eid)
                shown.clear()
                hover(app, (r.x + 3, r.y + 3))
                assert shown, f"no tooltip over {eid}"
                assert view.rect.contains(shown[-1]), f"the tooltip of {eid} leaves the table"
                text = [make(*args)[1] for tr, make, args, _ in view.tips if tr.collidepoint(r.x + 3, r.y + 3)][-1]
                assert text and "{" not in text and "el_paso." not in text, text
    with table(match_at(CARRY), lang=lang) as (app, scene):
        r = rect_of(scene, "loot.")
        shown.clear()
        hover(app, r.center)
        assert shown and not shown[-1].collidepoint(r.center)  # never under the pointer


def test_no_tooltip_while_an_animation_plays(monkeypatch):
    shown = []
    monkeypatch.setattr(view_mod.ElPasoView, "tip_box", lambda self, surf, img, box: shown.append(box))
    with table(match_at(DECIDE)) as (app, scene):
        r = scene.view.element_rect("sheriff")
        scene.beats = [Beat("bust", 100.0, {})]
        scene.frozen_view = scene.current_view()
        hover(app, r.center)
        assert not shown


# ---------------------------------------------------------------- readable numbers
@pytest.mark.parametrize("size", SIZES)
def test_loot_values_are_at_least_12px_at_1280x720(size):
    with table(match_at(CARRY), size) as (app, scene):
        view = scene.view
        min_digit = view.px(12)
        sizes = {view.s.players.tile, view.s.loot.tile, view.s.site.tile_max, view.s.tip.tile}
        for ts in sizes:
            assert el_paso_art.digit_px(ts, min_digit) >= min_digit
        assert min_digit >= 12


def test_numbers_say_what_they_count_in_both_languages():
    en, ru = i18n.Translator("en"), i18n.Translator("ru")
    assert en("el_paso.n_nuggets", n=1) == "1 nugget" and en("el_paso.n_nuggets", n=5) == "5 nuggets"
    assert [ru("el_paso.n_nuggets", n=n) for n in (1, 3, 11)] == ["1 самородок", "3 самородка", "11 самородков"]
    assert [ru("el_paso.n_cards", n=n) for n in (1, 2, 5)] == ["1 карта", "2 карты", "5 карт"]
    assert en("el_paso.carry_hint", n=1) == "Leaving now, you may carry 1 loot tile on"
    assert en("prompt.el_paso.draw_cards", seat=0, missing=2).endswith("draw 2 cards — choose a pile")
    for key in ("el_paso.carry_hint", "el_paso.exchange_gives", "prompt.el_paso.carry_tiles"):
        assert "(s)" not in en.raw(key) and "(ы)" not in ru.raw(key)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", SIZES)
def test_the_table_texts_fit_without_shrinking(lang, size, monkeypatch):
    """No text of the table is squeezed into a smaller font to fit its place."""
    from ui import theme
    squeezed = []
    real = view_mod.blit_text

    def blit_text(surf, text, pos, size_px, colour=None, bold=False, anchor="topleft", max_width=None):
        if max_width is not None and theme.font(size_px, bold).size(theme.drawable(str(text)))[0] > max_width:
            squeezed.append(text)
        return real(surf, text, pos, size_px, colour, bold, anchor, max_width)

    monkeypatch.setattr(view_mod, "blit_text", blit_text)
    for m in (match_at(DECIDE, skip=3), match_at(CARRY), match_at(DECIDE, players=5, skip=6)):
        with table(m, size, lang) as (app, scene):
            scene.view.draw(app.window, scene.current_view(), scene.my_legal(), (-1, -1), False)
    assert not squeezed, sorted(set(squeezed))


# ---------------------------------------------------------------- the reveal
def test_the_reveal_says_which_cards_and_plays_as_beats():
    m = match_at(DECIDE)
    events = []
    while not any(e.type == "cards_revealed" for e in events):
        who = m.to_act()[0]
        events = m.rules.perform(m.state, m.bot_action(who))
    revealed = [e.args for e in events if e.type == "card_revealed"]
    (plays,) = [e.args["plays"] for e in events if e.type == "cards_revealed"]
    assert [[a["seat"], a["site"], a["value"]] for a in revealed] == plays
    assert i18n.Translator("en", ["Anna"])("event.card_revealed", seat=0, site="bank", value=7) == \
        "Anna reveals Bank 7"
    with table(match_at(DECIDE)) as (_, scene):
        kinds = [b.kind for b in scene.view.beats_for(events)]
    assert kinds[:2] == ["reveal", "dice"]


def test_the_tutorial_carry_step_is_done_by_clicks():
    from games.core.tutorial import step_actions
    from ui.scenes.tutorial import TutorialScene
    app = App((1280, 720), lang="en")
    try:
        scene = TutorialScene(app, "el_paso", animate=False)
        app.push(scene)
        for _ in range(200):
            app.draw()
            step = scene.step
            if step.kind == "expect" and step.expect == "0 keep saloon 5":
                break
            if step.kind == "expect":
                scene.do(step_actions(scene.rules, scene.match.state, scene.tutorial, step)[0])
            else:
                scene.skip()
        n = scene.index
        click(app, scene.view.element_rect("loot.saloon.5").center)
        assert scene.index == n and scene.view.pending == ("saloon", "5")
        app.step(0.2, [])
        click(app, scene.view.element_rect("button.exchange").center)
        assert scene.index > n and not scene.problem
    finally:
        pygame.quit()
