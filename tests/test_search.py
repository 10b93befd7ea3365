"""The searching bot's core (games/core/search.py), bots thinking on a worker thread, and the
move advisor at the table. A small stand-in knowledge (random playouts, the score now as win
chances) keeps these independent of each game's own hard bot."""
import json
import threading

import pygame
import pytest
from bot_play import StepClock

from games.core import registry
from games.core.contract import Config, Seat
from games.core.match import Match
from games.core.rng import Rng
from games.core.search import Budget, Knowledge, SearchBot, SearchCancelled, search, win_chances

GAME = "ttr_germany"


class ScoreNow(Knowledge):
    horizon = 4
    default_iterations = 24

    def evaluate(self, rules, st):
        return win_chances(rules.result(st).scores, 8.0)


def searching(rules):
    """The game's rules with a searching hard bot whatever its own hard level is."""
    own = rules.bot

    def bot(level):
        return SearchBot(ScoreNow()) if level == "hard" else own(level)
    return bot


def started(seed=3, seats=("Anna", "bot:normal"), moves=4):
    rules = registry.get(GAME)
    m = Match(rules, Config([Seat(s, "human" if ":" not in s else s) for s in seats], seed, {}))
    for _ in range(moves):
        m.apply(rules.bot("normal").choose(rules, m.state, m.to_act()[0], Rng(m.ply)))
    return m


def test_win_chances_sum_to_one_and_follow_the_scores():
    w = win_chances([10, 20, 5], 5.0)
    assert abs(sum(w) - 1) < 1e-9
    assert w[1] > w[0] > w[2]


def test_search_is_reproducible_for_an_iteration_budget_and_leaves_the_state_alone():
    m = started()
    rules, seat = m.rules, m.to_act()[0]
    before = rules.to_json(m.state)
    a = search(rules, m.state, seat, ScoreNow(), Budget(iterations=30), Rng(7))
    b = search(rules, m.state, seat, ScoreNow(), Budget(iterations=30), Rng(7))
    assert rules.to_json(m.state) == before
    assert [(x.text, v) for x, v, _ in a.moves] == [(x.text, v) for x, v, _ in b.moves]
    assert a.iterations == 30 and sum(v for _, v, _ in a.moves) == 30
    legal = rules.legal_actions(m.state, seat)
    assert all(x in legal for x, _, _ in a.moves) and a.best in legal
    assert all(0.0 <= w <= 1.0 for _, _, w in a.moves)


def test_search_sees_only_what_the_seat_may_see():
    """The real position is only ever handed to randomize_hidden: every state the search
    asks the rules about, plays on or scores is a re-deal of what the seat cannot see."""
    m = started()
    rules, seat = m.rules, m.to_act()[0]
    real = m.state

    class Guard:
        def __getattr__(self, name):
            fn = getattr(rules, name)
            if not callable(fn):
                return fn

            def call(*args, **kw):
                if name != "randomize_hidden":
                    assert all(a is not real for a in args), f"{name} read the real position"
                return fn(*args, **kw)
            return call
    adv = search(Guard(), real, seat, ScoreNow(), Budget(iterations=20), Rng(5))
    assert adv.iterations == 20


def test_a_time_budget_and_a_cancel_stop_the_search(monkeypatch):
    import games.core.search as core
    m = started()
    rules, seat = m.rules, m.to_act()[0]
    monkeypatch.setattr(core, "time", StepClock())
    adv = search(rules, m.state, seat, ScoreNow(), Budget(seconds=0.05), Rng(1))
    assert 1 <= adv.iterations <= 5   # one look at the clock an iteration: the deadline ends it
    monkeypatch.undo()
    stop = threading.Event()
    stop.set()
    with pytest.raises(SearchCancelled):
        search(rules, m.state, seat, ScoreNow(), Budget(iterations=10_000, cancel=stop), Rng(1))


def test_a_searching_bot_plays_a_whole_game_within_its_budget_headless():
    rules = registry.get(GAME)
    m = Match(rules, Config([Seat("a", "bot:normal"), Seat("b", "bot:normal")], 2, {}))
    bot = SearchBot(ScoreNow())
    bot.budget = Budget(iterations=3)
    while not m.is_over():
        seat = m.to_act()[0]
        a = bot.choose(rules, m.state, seat, Rng(m.ply)) if seat == 0 else m.bot_action(seat)
        m.apply(a)
    assert rules.result(m.state).scores
    assert not bot._kept   # a knowledge without a public key starts every search afresh


def test_the_match_hands_its_budget_to_a_searching_bot(monkeypatch):
    rules = registry.get(GAME)
    monkeypatch.setattr(rules, "bot", searching(rules))
    m = Match(rules, Config([Seat("a", "bot:hard"), Seat("b", "bot:normal")], 2, {}))
    m.budget = Budget(iterations=5)
    while m.bot_for(0).last is None:
        m.apply(m.bot_action(m.to_act()[0]))
    assert m.bot_for(0).budget.iterations == 5 and m.bot_for(0).last.iterations in (0, 5)


# --- at the table ---------------------------------------------------------------------------
def _table(app, monkeypatch, seats=("Anna", "bot:hard")):
    from ui.scenes.play import PlayScene
    rules = registry.get(GAME)
    monkeypatch.setattr(rules, "bot", searching(rules))
    m = Match(rules, Config([Seat(s, "human" if ":" not in s else s) for s in seats], 4, {}))
    scene = PlayScene(app, m)
    app.push(scene)
    return scene


def test_a_bot_thinks_on_its_thread_while_the_window_goes_on(app, monkeypatch):
    from tests.table_input import pump
    scene = _table(app, monkeypatch, seats=("Anna", "bot:hard"))
    assert scene.match.to_act() == [1]   # (this seed's first player)
    app.bot_wait = 0.0        # as in the window: frames never wait for the bot
    app.think_seconds = 0.3
    app.step(0.016, [])
    thinker = scene.thinker
    assert thinker is not None and scene.match.ply == 0
    for _ in range(5):          # frames keep coming while it thinks
        app.step(0.016, [])
    assert thinker.wait(30)     # the thread finishes on its own
    app.step(0.016, [])
    assert scene.match.ply >= 1 and scene.match.actions[0].seat == 1
    app.bot_wait = None
    pump(app, scene)
    assert scene.thinker is None


def test_leaving_the_game_calls_off_the_search(app, monkeypatch):
    from ui.scenes.menu import MainMenu
    scene = _table(app, monkeypatch, seats=("Anna", "bot:hard"))
    app.bot_wait, app.think_seconds = 0.0, 30.0
    app.step(0.016, [])
    t = scene.thinker
    assert t is not None
    app.reset_to(MainMenu(app))
    assert t.wait(5.0) and t.cancelled.is_set() and t.result is None


def test_the_advisor_shows_three_legal_moves_and_plays_the_one_clicked(app, monkeypatch):
    from tests.table_input import click, pump
    scene = _table(app, monkeypatch)
    pump(app, scene)
    assert scene.can_advise()
    app.step(0.016, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SLASH, mod=pygame.KMOD_SHIFT,
                                        unicode="?", scancode=0)])
    app.step(0.016, [])
    adv = scene.advice
    assert adv is not None and adv.moves is not None and 1 <= len(adv.moves) <= 3
    legal = scene.my_legal()
    assert all(a in legal and 0 <= w <= 1 for a, w in adv.moves)
    app.draw()
    rect, move = adv.rows[0]
    ply = scene.match.ply
    click(app, rect.center)
    assert scene.match.actions[ply] == move and scene.advice is None


def test_the_advisor_says_why_a_lower_row_may_show_more(app, monkeypatch):
    """The bot plays the first row; when a lower one shows a higher chance (its estimate is
    within chance of the first's), a line below the rows says so, and only then."""
    from tests.table_input import pump
    from ui.advisor import AdvicePanel
    scene = _table(app, monkeypatch)
    pump(app, scene)
    legal = scene.my_legal()[:3]
    assert len(legal) == 3
    rising = AdvicePanel(scene, None, [(legal[0], 0.53), (legal[1], 0.66), (legal[2], 0.52)])
    falling = AdvicePanel(scene, None, [(legal[0], 0.66), (legal[1], 0.53), (legal[2], 0.52)])
    tall = rising.layout(scene.board)
    short = falling.layout(scene.board)
    assert rising.note and " ".join(rising.note) == scene.tr("advice.close") and not falling.note
    assert tall.h > short.h and tall.bottom > rising.rows[-1][0].bottom
    scene.advice = rising
    app.draw()


def test_the_advisor_answers_only_on_the_persons_turn_and_esc_closes_it(app, monkeypatch):
    from tests.table_input import key, pump
    scene = _table(app, monkeypatch)
    pump(app, scene)
    scene.ask_advice()
    app.step(0.016, [])
    assert scene.advice is not None
    key(app, pygame.K_ESCAPE)
    assert scene.advice is None and scene.advisor is None
    scene.viewer = None   # nobody's turn at this screen: a message, no search
    scene.ask_advice()
    assert scene.advisor is None


class Counting(ScoreNow):
    """ScoreNow that counts its `candidates` calls; `keyed` turns the node memo on."""

    def __init__(self, keyed: bool):
        self.keyed, self.calls = keyed, 0

    def candidates(self, rules, st, seat):
        self.calls += 1
        return super().candidates(rules, st, seat)

    def deal_key(self, st):
        # what the seat to act sees fixes its legal moves (all ScoreNow offers): exact, and
        # shared by the deals that differ only in what that seat cannot see
        if not self.keyed:
            return None
        seat = self.rules.to_act(st)[0]
        return json.dumps(self.rules.view(st, seat), sort_keys=True)


def test_a_node_keeps_its_candidates_by_deal_key_and_the_search_finds_the_same():
    m = started()
    rules, seat = m.rules, m.to_act()[0]
    plain, keyed = Counting(False), Counting(True)
    keyed.rules = rules
    a = search(rules, m.state, seat, plain, Budget(iterations=40), Rng(5))
    b = search(rules, m.state, seat, keyed, Budget(iterations=40), Rng(5))
    assert keyed.calls < plain.calls
    assert a.best in rules.legal_actions(m.state, seat) and b.best in rules.legal_actions(m.state, seat)


def test_the_searchs_quick_generator_shuffles_reproducibly_and_stays_out_of_game_states():
    from games.core.rng import QuickRng
    a, b = list(range(40)), list(range(40))
    QuickRng(11).shuffle(a)
    QuickRng(11).shuffle(b)
    assert a == b and sorted(a) == list(range(40)) and a != list(range(40))
    with pytest.raises(TypeError):
        QuickRng(1).clone()
