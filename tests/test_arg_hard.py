"""Great Western Trail: Argentina hard level: the search plays a whole seeded game legally,
is reproducible for a seed, reads nothing hidden, and its knowledge rates sensibly."""
from __future__ import annotations

import pytest

from games.core.contract import Config, Seat
from games.core.match import Match
from games.core.rng import Rng
from games.core.search import Budget, SearchBot
from games.gwt_argentina.bots import make_bot
from games.gwt_argentina.knowledge import ROOT_DEALS, ArgentinaKnowledge, HardBot, search
from games.gwt_argentina.rules import ArgentinaRules
from tests.bot_play import play_checked

RULES = ArgentinaRules()


def match(levels, seed: int, think: int, options=None) -> Match:
    seats = [Seat("Automa", "automa", i) if lv == "automa" else Seat(f"P{i}", f"bot:{lv}", i)
             for i, lv in enumerate(levels)]
    m = Match(RULES, Config(seats, seed, dict(options or {})))
    m.budget = Budget(iterations=think)
    return m


def play(m: Match, plies: int = 5000) -> Match:
    return play_checked(m, plies, invariants_every=40)


def test_hard_is_a_search_bot_and_listed():
    bot = make_bot("hard")
    assert isinstance(bot, HardBot) and isinstance(bot, SearchBot)
    assert bot.level == "hard"
    assert "hard" in ArgentinaRules.INFO.bot_levels


def test_hard_plays_a_whole_seeded_game_legally(quick_argentina_normal):
    m = play(match(("hard", "easy"), 5, think=1))
    assert m.is_over()
    res = RULES.result(m.state)
    assert all(sum(res.breakdown[s].values()) == res.scores[s] for s in range(2))


def test_hard_against_pedro_plays_legally(quick_argentina_normal):
    m = play(match(("hard", "automa"), 6, think=2), plies=80)
    assert m.ply >= 80


def test_hard_is_reproducible_for_a_seed(quick_argentina_normal):
    def opening():
        m = play(match(("hard", "normal"), 9, think=2), plies=60)
        return [a.text for a in m.actions]
    assert opening() == opening()


def opening_state(seed: int, plies: int):
    m = Match(RULES, Config([Seat("P0", "bot:easy", 0), Seat("P1", "bot:easy", 1)], seed))
    while m.ply < plies:
        m.apply(m.bot_action(m.to_act()[0]))
    return m.state


def test_candidates_are_legal_and_priors_positive():
    k = ArgentinaKnowledge()
    for seed in (1, 2, 3):
        st = opening_state(seed, 30 + 7 * seed)
        seat = RULES.to_act(st)[0]
        deal = RULES.randomize_hidden(st, seat, Rng(seed))
        legal = {a.text for a in RULES.legal_actions(deal, seat)}
        cands = k.candidates(RULES, deal, seat)
        assert cands and all(a.text in legal and p > 0 for a, p in cands)
        # the cache answers the same decision with the same list
        assert k.candidates(RULES, deal, seat) == cands


def test_evaluate_gives_win_chances_that_follow_the_lead():
    k = ArgentinaKnowledge()
    st = opening_state(4, 60)
    base = k.evaluate(RULES, st)
    assert abs(sum(base) - 1.0) < 1e-9 and all(0 < x < 1 for x in base)
    richer = st.clone()
    richer.players[0]["money"] += 40
    assert k.evaluate(RULES, richer)[0] > base[0]


def test_hard_does_not_change_the_position_it_is_shown():
    st = opening_state(7, 41)
    seat = RULES.to_act(st)[0]
    before = st.to_json()
    bot = make_bot("hard")
    bot.budget = Budget(iterations=3)
    a = bot.choose(RULES, st, seat, Rng(3))
    assert st.to_json() == before
    assert a in RULES.legal_actions(st, seat)


def searched_decision(seed: int, plies: int):
    """A position after `plies` plies whose decision is searched (not forced)."""
    k = ArgentinaKnowledge()
    st = opening_state(seed, plies)
    while True:
        seat = RULES.to_act(st)[0]
        acts = RULES.legal_actions(st, seat)
        if k.forced(RULES, st, seat, acts) is None:
            return st, seat
        RULES.perform(st, acts[0])


def test_root_priors_follow_the_normal_bot(quick_argentina_normal):
    # the search starts from the normal bot's choice: its rating leads the root's priors
    st, seat = searched_decision(2, 50)
    bot = make_bot("hard")
    k = bot.knowledge
    advice, normal = bot._advice(RULES, st, seat, Rng(1), Budget(iterations=6))
    assert advice.iterations == 6
    rated = k.bot.rate_deals(RULES, st, seat, RULES.legal_actions(st, seat),
                             Rng(Rng(1).next_u64()), ROOT_DEALS)
    assert normal == rated[0][1].text
    priors = k.priors(rated)
    assert priors[0][1] == max(p for _, p in priors) == 1.0


def test_root_ratings_are_the_mean_over_re_deals(quick_argentina_normal):
    # each move's rating is its mean over the deals, each deal rated as the normal bot would
    st, seat = searched_decision(5, 80)     # a Buenos Aires visit: the deals draw unlike
    bot = make_bot("hard").knowledge.bot
    acts = RULES.legal_actions(st, seat)
    rng = Rng(11)
    deals = [dict((a.text, v) for v, a in
                  bot.rate(RULES, st, bot.sample(RULES, st, seat, rng), seat, acts, bot.positions))
             for _ in range(3)]
    assert any(d != deals[0] for d in deals)        # the deals differ
    averaged = bot.rate_deals(RULES, st, seat, acts, Rng(11), 3)
    assert {a.text for _, a in averaged} == set(deals[0])
    for v, a in averaged:
        assert v == pytest.approx(sum(d[a.text] for d in deals) / 3)
    assert [v for v, _ in averaged] == sorted((v for v, _ in averaged), reverse=True)


def test_root_tries_more_than_its_first_move():
    # the root's mean is kept, so an unvisited root move is not estimated at 0
    st, seat = searched_decision(3, 40)
    k = ArgentinaKnowledge()
    k.root_turn = st.turn
    advice = search(RULES, st, seat, k, Budget(iterations=12), Rng(2))
    assert len(advice.moves) >= 2
    assert sum(n for _, n, _ in advice.moves) == 12


def test_playouts_stop_after_the_seats_next_turn():
    st, seat = searched_decision(4, 30)
    k = ArgentinaKnowledge()
    k.root_turn = st.turn
    rng = Rng(3)
    turns = []
    while not k.stop_playout(RULES, st, seat, 1):
        if not turns or turns[-1] != (st.turn, st.current):
            turns.append((st.turn, st.current))
        RULES.perform(st, k.policy(RULES, st, RULES.to_act(st)[0], rng))
    # this turn, the other seat's, the seat's next: every estimate at the end of a turn of its own
    assert [s for _, s in turns] == [seat, 1 - seat, seat]
    assert st.turn == k.root_turn + 1 + k.turns * st.n


def test_default_budget_follows_the_number_of_seats():
    # about 1 s a decision at any number of seats: fewer iterations when a playout's round
    # is longer; an explicit budget is kept as given
    k = ArgentinaKnowledge()
    counts = [k.iterations[n] for n in (2, 3, 4)]
    assert counts == sorted(counts, reverse=True) and k.default_iterations == counts[0]
    for n in (2, 3, 4):
        m = Match(RULES, Config([Seat(f"P{i}", "bot:easy", i) for i in range(n)], 3))
        bot = make_bot("hard")
        assert bot._budget(m.state, None).iterations == k.iterations[n]
        assert bot._budget(m.state, Budget(iterations=5)).iterations == 5
        bot.budget = Budget(seconds=0.5)
        assert bot._budget(m.state, None).seconds == 0.5
    st, seat = searched_decision(5, 40)
    bot = make_bot("hard")
    assert bot.advise(RULES, st, seat, Rng(1)).iterations == k.iterations[2]


def test_hard_judges_with_its_own_evaluator_and_normal_keeps_its_own():
    # the hard level's judgement values money more while the game is young; the normal
    # level (the ladder's opponent) is unchanged
    from games.gwt_argentina.bot_normal import Evaluator, NormalBot
    from games.gwt_argentina.knowledge import HardEvaluator
    k = ArgentinaKnowledge()
    assert type(k.bot.evaluator(RULES)) is HardEvaluator
    assert type(k.light.evaluator(RULES)) is HardEvaluator
    assert type(NormalBot().evaluator(RULES)) is Evaluator
    st = opening_state(4, 30)
    richer = st.clone()
    richer.players[0]["money"] += 10
    hard, plain = HardEvaluator(RULES), Evaluator(RULES)
    gain_hard = hard.value(richer, 0) - hard.value(st, 0)
    gain_plain = plain.value(richer, 0) - plain.value(st, 0)
    assert gain_hard > gain_plain > 0
    # at the end money is worth its score (5 pesos a VP) to both
    over = st.clone()
    over.phase = "over"
    richer_over = richer.clone()
    richer_over.phase = "over"
    assert hard.value(richer_over, 0) - hard.value(over, 0) == plain.value(richer_over, 0) - plain.value(over, 0)


def test_hard_judges_a_last_turn_by_the_score_pad():
    # once the end is triggered, a seat with no turn to come is worth its score now; a seat
    # still owed its last turn keeps the evaluator's look at what it can still do
    from games.gwt_argentina.bot_normal import Evaluator
    from games.gwt_argentina.knowledge import HardEvaluator
    m = Match(RULES, Config([Seat("P0", "bot:easy", 0), Seat("P1", "bot:easy", 1)], 3))
    while not RULES.game_ending(m.state):
        assert not m.is_over()
        m.apply(m.bot_action(m.to_act()[0]))
    st = m.state
    hard, plain = HardEvaluator(RULES), Evaluator(RULES)
    done = [s for s in range(2) if s not in st.final]
    owed = [s for s in range(2) if s in st.final]
    assert done and owed
    for s in done:
        score = float(sum(RULES.score_breakdown(st, s).values()))
        extra = hard.visit_potential(st, s, st.players[s], RULES.hand_value(st.players[s])) \
            if st.pending and st.current == s else 0.0
        assert hard.value(st, s) == score + extra
    for s in owed:
        early = hard.peso_early * plain.progress_left(st) * st.players[s]["money"]
        assert hard.value(st, s) == pytest.approx(plain.value(st, s) + early)


def test_hard_values_the_hand_and_step_limit_discs_above_the_normal_bot():
    # the engine the normal bot never builds: a removed hand-limit disc is worth more to
    # the hard judgement; the normal level (the ladder's opponent) keeps its own worth
    from games.gwt_argentina.bot_normal import DISC_VALUE, Evaluator
    from games.gwt_argentina.knowledge import ENGINE_DISCS, HardEvaluator
    assert Evaluator.disc_value is DISC_VALUE
    st = opening_state(4, 30)
    assert "hand1" not in st.players[0]["removed"]
    more = st.clone()
    more.players[0]["removed"].append("hand1")
    hard, plain = HardEvaluator(RULES), Evaluator(RULES)
    f = plain.progress_left(st)
    gain_hard = hard.value(more, 0) - hard.value(st, 0)
    gain_plain = plain.value(more, 0) - plain.value(st, 0)
    assert gain_plain == pytest.approx(f * DISC_VALUE["hand1"])
    assert gain_hard == pytest.approx(f * ENGINE_DISCS["hand1"])
    assert all(ENGINE_DISCS[d] > DISC_VALUE[d] for d in ENGINE_DISCS)
