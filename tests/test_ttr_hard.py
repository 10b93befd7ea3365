"""Ticket to Ride: Germany's hard level: a search guided by the normal bot (knowledge.py)."""
from games.core.action import Action
from games.core.bots import decision_rng
from games.core.contract import Config, Seat
from games.core.match import Match
from games.core.rng import Rng
from games.core.search import Budget, SearchBot
from games.ttr_germany import RULES as R
from games.ttr_germany.bots import NormalBot, make
from games.ttr_germany.knowledge import TTRKnowledge
from tests.bot_play import play_checked

TINY = Budget(iterations=6)


def play(seed, levels=("hard", "normal"), budget=TINY, plies=None, horizon=None):
    m = Match(R, Config([Seat(f"B{i}", f"bot:{lv}", i) for i, lv in enumerate(levels)], seed))
    m.budget = budget
    if horizon is None:
        return play_checked(m, plies)
    saved = TTRKnowledge.horizon
    TTRKnowledge.horizon = horizon  # playouts cut short: scored by the evaluation
    try:
        return play_checked(m, plies)
    finally:
        TTRKnowledge.horizon = saved


def at_turn(seed=3, turns=16):
    """A 2-player position some turns into a game between normal bots."""
    st = R.setup(Config([Seat("A", "bot:normal", 0), Seat("B", "bot:normal", 1)], seed))
    bot, ply = NormalBot(), 0
    while st.turn < turns or st.phase != "turn":
        s = R.to_act(st)[0]
        R.perform(st, bot.choose(R, st, s, decision_rng(seed, ply, s)))
        ply += 1
    return st


def test_hard_is_a_search_bot():
    bot = make("hard")
    assert isinstance(bot, SearchBot) and isinstance(bot.knowledge, TTRKnowledge)
    assert bot.level == "hard" and "hard" in R.INFO.bot_levels


def test_hard_plays_a_whole_game_legally():
    m = play(5, horizon=10)
    R.check_invariants(m.state)
    assert m.state.final_turns == 0  # ended by the trains
    assert any(a.seat == 0 and a.verb == "claim" for a in m.actions)


def test_hard_is_reproducible_for_a_seed():
    a = play(8, plies=40).actions   # playouts to the end of the game
    b = play(8, plies=40).actions
    assert [x.text for x in a] == [x.text for x in b]


def test_candidates_are_legal_few_and_led_by_the_guide():
    k = TTRKnowledge()
    for seed in (3, 4):
        st = at_turn(seed)
        seat = st.current
        cands = k.candidates(R, st, seat)
        assert cands and all(R.is_legal(st, a) for a, _ in cands)
        claims = [a for a, _ in cands if a.verb == "claim"]
        assert len({a.args[0] for a in claims}) == len(claims)  # one payment per route
        assert len(cands) <= 12
        assert len([a for a, _ in cands if a.verb in ("take", "blind")]) <= 4  # a few draws
        own = k.guide.choose(R, st, seat, Rng(1))
        best = max(cands, key=lambda c: c[1])[0]
        assert best == own  # the normal bot's move leads the priors


def test_keep_candidates_are_the_best_few_sets():
    k = TTRKnowledge()
    st = at_turn(4)
    R.perform(st, Action(st.current, "tickets", ("4", "0")))
    acts = R.legal_actions(st, st.current)
    assert len(acts) == 15
    cands = k.candidates(R, st, st.current)
    assert 1 <= len(cands) <= 5 and all(a in acts for a, _ in cands)


def test_evaluation_is_a_win_chance_that_follows_the_points():
    k = TTRKnowledge()
    st = at_turn(3)
    v = k.evaluate(R, st)
    assert len(v) == 2 and abs(sum(v) - 1) < 1e-9
    better = st.clone()
    better.players[0].route_points += 40
    assert k.evaluate(R, better)[0] > v[0]
    # a policy move is legal
    a = k.policy(R, st, st.current, Rng(2))
    assert R.is_legal(st, a)


def test_candidates_are_the_same_in_every_deal():
    """A seat's candidates depend only on what it sees: remembered per position, they
    match a fresh judgement in any re-deal."""
    k = TTRKnowledge()
    st = at_turn(5, 20)
    seat = st.current
    rng = Rng(4)
    first = k.candidates(R, R.randomize_hidden(st, seat, rng), seat)
    for _ in range(3):
        deal = R.randomize_hidden(st, seat, rng)
        assert k.candidates(R, deal, seat) is first
        assert [(a.text, p) for a, p in TTRKnowledge()._candidates(R, deal, seat)] == \
            [(a.text, p) for a, p in first]


def test_redeal_changes_only_hidden_tickets_and_keeps_every_count():
    k = TTRKnowledge()
    st = at_turn(3, 30)
    seat, rival = st.current, 1 - st.current
    rng = Rng(9)
    for _ in range(20):
        s = k.redeal(R, st, seat, rng)
        R.check_invariants(s)
        assert s.players[seat].tickets == st.players[seat].tickets
        assert s.players[seat].hand == st.players[seat].hand
        assert s.owner == st.owner and s.face_up == st.face_up
        decks = [R.data.ticket_by_id[t].deck for t in st.players[rival].tickets]
        assert [R.data.ticket_by_id[t].deck for t in s.players[rival].tickets] == decks
        every = s.players[0].tickets + s.players[1].tickets + s.short + s.long
        assert sorted(every) == sorted(st.players[0].tickets + st.players[1].tickets + st.short + st.long)
    assert st.players[seat].tickets == R.randomize_hidden(st, seat, Rng(1)).players[seat].tickets


def test_redeal_gives_a_rival_the_tickets_its_tracks_fit():
    """Re-dealt tickets follow the rival's public tracks: the tickets it really holds turn
    up far more often than a uniform deal would give them."""
    k = TTRKnowledge()
    st = at_turn(3, 30)
    seat, rival = st.current, 1 - st.current
    real = st.players[rival].tickets
    assert st.players[rival].tracks
    rng = Rng(2)
    hits = sum(t in real for _ in range(200) for t in k.redeal(R, st, seat, rng).players[rival].tickets)
    uniform = sum(t in real for _ in range(200) for t in R.randomize_hidden(st, seat, rng).players[rival].tickets)
    assert hits > 3 * max(1, uniform)


def test_advice_in_a_guided_decision_is_the_move_hard_plays():
    """The setup mix is the normal bot's choice in hard: the advisor shows that move (with
    its estimate), not the playouts' own favourite."""
    st = R.setup(Config([Seat("A", "human", 0), Seat("B", "human", 1)], 5))
    assert st.phase == "setup_mix"
    bot = make("hard")
    advice = bot.advise(R, st, 0, Rng(2), Budget(iterations=30))
    played = bot.choose(R, st, 0, Rng(2))
    assert [a for a, _, _ in advice.moves] == [played]
    assert 0.0 <= advice.moves[0][2] <= 1.0 and advice.moves[0][1] > 0
