"""Great Western Trail: El Paso's hard level: the family's search (games/gwt/knowledge.py)
guided by the normal bot, with El Paso's engine worth (games/gwt_el_paso/knowledge.py)."""
from games.core.bots import decision_rng
from games.core.contract import Config, Seat
from games.core.match import Match
from games.core.rng import Rng
from games.core.search import Budget, SearchBot
from games.gwt_el_paso.bot_normal import NormalBot
from games.gwt_el_paso.bots import make_bot
from games.gwt_el_paso.knowledge import GWTElPasoKnowledge
from games.gwt_el_paso.rules import GWTRules
from tests.bot_play import play_checked

R = GWTRules()
TINY = Budget(iterations=4)


def play(seed, seats, budget=TINY, plies=None, options=None):
    m = Match(R, Config(seats, seed, dict(options or {})))
    m.budget = budget
    return play_checked(m, plies)


def at_ply(seed=3, plies=40):
    """A 2-player position some decisions into a game between normal bots."""
    st = R.setup(Config([Seat("A", "bot:normal", 0), Seat("B", "bot:normal", 1)], seed))
    bot = NormalBot()
    for ply in range(plies):
        s = R.to_act(st)[0]
        R.perform(st, bot.choose(R, st, s, decision_rng(seed, ply, s)))
    return st


def test_hard_is_a_search_bot():
    bot = make_bot("hard")
    assert isinstance(bot, SearchBot) and isinstance(bot.knowledge, GWTElPasoKnowledge)
    assert bot.level == "hard" and "hard" in R.INFO.bot_levels


def test_hard_plays_a_whole_solo_game_legally():
    m = play(5, [Seat("Me", "bot:hard", 0), Seat("Sue", "automa", 1)], options={"sue_b": "1"})
    R.check_invariants(m.state)
    assert m.state.players[0]["deliveries"] >= 3


def test_hard_is_reproducible_for_a_seed():
    seats = [Seat("H", "bot:hard", 0), Seat("N", "bot:normal", 1)]
    a = play(8, seats, plies=50).actions
    b = play(8, seats, plies=50).actions
    assert [x.text for x in a] == [x.text for x in b]


def test_candidates_are_legal_few_and_led_by_the_normal_bot():
    k = GWTElPasoKnowledge()
    for seed, plies in ((3, 40), (4, 41), (6, 57)):
        st = at_ply(seed, plies)
        seat = st.current
        cands = k.candidates(R, st, seat)
        assert cands and len(cands) <= k.max_candidates
        assert all(R.is_legal(st, a) for a, _ in cands)
        acts = R.legal_actions(st, seat)
        own = NormalBot().choose(R, st, seat, Rng(1))
        best = max(cands, key=lambda c: c[1])[0]
        assert len(acts) == 1 or best == own


def test_the_automa_seat_has_its_single_action():
    k = GWTElPasoKnowledge()
    st = R.setup(Config([Seat("Me", "bot:normal", 0), Seat("Sue", "automa", 1)], 2))
    bot = NormalBot()
    while R.to_act(st)[0] != 1:
        R.perform(st, bot.choose(R, st, 0, Rng(3)))
    cands = k.candidates(R, st, 1)
    assert [a for a, _ in cands] == R.legal_actions(st, 1)[:1]
    assert k.policy(R, st, 1, Rng(1)) == R.legal_actions(st, 1)[0]


def test_evaluation_is_a_win_chance_that_follows_the_points():
    k = GWTElPasoKnowledge()
    st = at_ply(3, 60)
    w = k.evaluate(R, st)
    assert abs(sum(w) - 1.0) < 1e-9 and all(0.0 < x < 1.0 for x in w)
    richer = st.clone()
    richer.players[0]["money"] += 25          # 5 VP more for seat 0
    assert k.evaluate(R, richer)[0] > w[0]
    ahead = st.clone()
    ahead.players[1]["workers"] += ["builder", "builder"]
    assert k.evaluate(R, ahead)[1] > w[1]


def test_playouts_stop_after_the_searching_seats_next_turn():
    k = GWTElPasoKnowledge()
    st = at_ply(3, 40)
    k.root_turn = st.turn
    assert not k.stop_playout(R, st, st.current, 0)
    later = st.clone()
    later.turn = st.turn + 2
    assert not k.stop_playout(R, later, st.current, 5)
    later.turn = st.turn + 3
    assert k.stop_playout(R, later, st.current, 5)
