"""Moon River's searching hard level: a SearchBot over the rules with MoonKnowledge."""
from __future__ import annotations

from games.core.contract import Config, Seat
from games.core.match import Match
from games.core.rng import Rng
from games.core.search import Advice, Budget, SearchBot
from games.moon_river import RULES
from games.moon_river.bots import make
from games.moon_river.knowledge import MoonKnowledge
from games.moon_river.state import CHOOSE, EXPAND

TINY = Budget(iterations=6)


def match(seed: int, levels=("hard", "normal"), options=None) -> Match:
    m = Match(RULES, Config([Seat(f"p{i}", f"bot:{lv}") for i, lv in enumerate(levels)],
                            seed, dict(options or {})))
    m.budget = TINY
    return m


def position(seed: int, phase: str, plies: int = 30):
    """A two-player position of a normal-bot game at `phase`, after `plies` actions at least."""
    m = match(seed, ("normal", "normal"))
    while not (m.ply >= plies and m.state.phase == phase):
        m.apply(m.bot_action(m.to_act()[0]))
    return m.state, m.to_act()[0]


def test_hard_is_a_search_bot_and_plays_a_whole_game_legally():
    assert isinstance(make("hard"), SearchBot)
    m = match(5, ("normal", "hard"))
    while not m.is_over():
        a = m.bot_action(m.to_act()[0])
        assert RULES.is_legal(m.state, a)
        m.apply(a)
    RULES.check_invariants(m.state)


def test_hard_games_repeat_exactly_for_a_seed():
    def moves(seed):
        m = match(seed)
        while m.ply < 40:
            m.apply(m.bot_action(m.to_act()[0]))
        return [a.text for a in m.actions]

    assert moves(8) == moves(8)


def test_advice_ranks_legal_moves():
    st, seat = position(3, EXPAND)
    advice = make("hard").advise(RULES, st, seat, Rng(2), Budget(iterations=20))
    assert isinstance(advice, Advice) and advice.iterations == 20
    legal = RULES.legal_actions(st, seat)
    assert advice.moves and all(a in legal for a, _, _ in advice.moves)
    assert sum(v for _, v, _ in advice.moves) == 20


def test_candidates_are_legal_trimmed_and_judged_by_the_heuristics():
    k = MoonKnowledge()
    for phase in (EXPAND, CHOOSE):
        st, seat = position(4, phase)
        k.begin(st)
        cands = k.candidates(RULES, st, seat)
        legal = RULES.legal_actions(st, seat)
        assert 0 < len(cands) <= k.max_candidates
        assert all(a in legal and p > 0 for a, p in cands)
        # inside the tree a quick judgement: still legal
        k.root = None
        assert all(a in legal for a, _ in k.candidates(RULES, st, seat))


def test_evaluation_is_win_chances_favouring_the_better_ranch():
    k = MoonKnowledge()
    st, seat = position(6, EXPAND, plies=60)
    chances = k.evaluate(RULES, st)
    assert abs(sum(chances) - 1.0) < 1e-9
    other = 1 - seat
    poorer = RULES.clone(st)
    poorer.players[other].cows = {}
    assert k.evaluate(RULES, poorer)[seat] > chances[seat]


def test_hard_plays_legends_with_more_players():
    for n, seed in ((3, 2), (4, 9)):
        levels = ("hard",) + ("easy",) * (n - 1)
        m = match(seed, levels, {"variant": "legends", "scenario": str(n - 1)})
        while not m.is_over():
            a = m.bot_action(m.to_act()[0])
            assert RULES.is_legal(m.state, a)
            m.apply(a)
        RULES.check_invariants(m.state)


def test_claims_judge_table_squares_in_full_and_new_columns_cheaply():
    from games.moon_river.bots import NormalBot
    k = MoonKnowledge()
    st, seat = position(7, CHOOSE)
    k.begin(st)
    on_table = next(s for s in st.nxt if s is not None)
    assert k.claim_value(RULES, st, seat, on_table) == NormalBot().square_value(RULES, st, seat, on_table)
    laid_later = st.pile[-1]  # a square a re-deal may lay inside the search
    assert k.claim_value(RULES, st, seat, laid_later) == k.quick_claim(RULES, st, seat, laid_later)


def test_resource_helpers_count_what_they_will_still_score():
    k = MoonKnowledge()
    st, seat = position(6, EXPAND, plies=40)
    k.begin(st)
    p = st.players[seat]
    cell = next(iter(p.ranch))
    before = k.helper_future(RULES, st, seat)
    p.helpers.setdefault(cell, []).append([0, RULES.data.resource_helper["corn"]])
    with_farmer = k.helper_future(RULES, st, seat)
    assert with_farmer > before
    later = RULES.clone(st)
    later.pile = later.pile[:len(later.pile) // 2]  # fewer rounds to come: less still to score
    assert k.helper_future(RULES, later, seat) < with_farmer


def test_a_circle_is_worth_the_best_helper_to_the_search_only():
    from games.moon_river.bots import CIRCLE_VALUE, HeuristicBot, NormalBot
    st, seat = position(4, CHOOSE)
    assert NormalBot().judge(RULES, st, seat).circle_value == CIRCLE_VALUE  # normal unchanged
    assert HeuristicBot().judge(RULES, st, seat).circle_value >= CIRCLE_VALUE


def test_the_nodes_memo_by_what_the_deal_drew_changes_no_decision():
    # deal_key says what a re-deal has drawn since the root: with the moves to a node it
    # fixes the position, so keeping a node's candidates by it must change nothing
    class Unkeyed(MoonKnowledge):
        def deal_key(self, st):
            return None
    for seed, phase in ((2, CHOOSE), (4, EXPAND)):
        st, seat = position(seed, phase, plies=40)
        found = []
        for k in (MoonKnowledge(), Unkeyed()):
            bot = SearchBot(k)
            k.begin(st)
            a = bot.advise(RULES, st, seat, Rng(9), Budget(iterations=150))
            found.append([(m.text, n, round(w, 9)) for m, n, w in a.moves])
        assert found[0] == found[1]


def test_the_tree_is_kept_from_a_seats_decision_to_its_next():
    """After its own move, and after another seat's move the tree tried, the hard seat
    searches on from that subtree (the new search's root has the old visits as well)."""
    m = match(6)
    m.budget = Budget(iterations=40)
    prev, after_own, after_other, fresh = None, 0, 0, 0
    while m.ply < 120 and not m.is_over():
        seat = m.to_act()[0]
        a = m.bot_action(seat)
        bot = m.bot_for(seat)
        if seat == 0 and bot.last.tree is not None and bot.last.iterations:
            extra = bot.last.tree.visits - bot.last.iterations
            assert extra >= 0 and bot.last.iterations == 40   # the budget counts new ones
            if extra:
                after_own += prev == 0
                after_other += prev == 1
            else:
                fresh += 1
            assert RULES.is_legal(m.state, a)
        if len(RULES.legal_actions(m.state, seat)) > 1:
            prev = seat
        m.apply(a)
    assert after_own >= 5 and after_other >= 3 and fresh >= 1


def test_a_move_of_the_other_seat_the_tree_never_tried_starts_the_search_afresh():
    m = match(7)
    m.budget = Budget(iterations=40)
    since: list = []      # the moves since the hard seat's last decision
    untried_played = checked = 0
    while m.ply < 160 and not m.is_over():
        seat = m.to_act()[0]
        acts = RULES.legal_actions(m.state, seat)
        hard = m.bot_for(0)
        if seat == 0:
            expect_fresh = untried_played and len(acts) > 1
            a = m.bot_action(seat)
            if expect_fresh:
                assert hard.last.tree.visits == hard.last.iterations == 40
                checked += 1
            untried_played = 0
            since = [a]
        else:
            a = m.bot_action(seat)
            kept = hard._kept.get(0)
            if kept is not None and len(acts) > 1 and not untried_played:
                node = kept[1]
                for x in since:
                    node = node.children.get(x.text) if node else None
                untried = [x for x in acts if node is None or x.text not in node.children
                           or not node.children[x.text].visits]
                if node is not None and untried:
                    a, untried_played = untried[0], 1
            since.append(a)
        m.apply(a)
    assert checked >= 3


def test_a_kept_tree_is_dropped_when_the_position_is_not_the_one_it_stands_for():
    st, seat = position(3, CHOOSE, plies=30)
    bot = make("hard")
    bot.budget = Budget(iterations=30)
    bot.knowledge.begin(st)
    a = bot.choose(RULES, st, seat, Rng(1))
    assert seat in bot._kept
    # the same position again (the move taken back): its move's subtree does not stand for it
    bot.knowledge.begin(st)
    bot.choose(RULES, st, seat, Rng(1))
    assert bot.last.tree.visits == 30
    # a move other than the chosen one: nothing kept matches either
    bot.knowledge.begin(st)
    bot.choose(RULES, st, seat, Rng(1))
    other = next(x for x in RULES.legal_actions(st, seat) if x.text != bot.last.best.text)
    after = RULES.clone(st)
    RULES.perform(after, other)
    nxt = RULES.to_act(after)[0]
    bot.knowledge.begin(after)
    bot.choose(RULES, after, nxt, Rng(1))
    assert bot.last.tree is None or bot.last.tree.visits <= 30
    assert RULES.is_legal(st, a)


def test_a_square_is_worth_at_least_part_of_its_best_lone_placement():
    """The hard level's draft: a square that pairs with nothing stored still joins the
    ranch later, so its worth is at least SOLO times what it adds alone on its best open
    cell; never less than its parcel value with the same partners, and more for some."""
    from games.moon_river import ranch as R
    from games.moon_river.bots import HeuristicBot
    hb = HeuristicBot()
    checked = more = 0
    for seed in range(4, 16):
        st, seat = position(seed, CHOOSE)
        d = RULES.data
        j = hb.judge(RULES, st, seat)
        for square in st.nxt:
            if square is None:
                continue
            terrain = d.face(square).terrain
            lone = [j.delta([(c, square)])[0] for c, anchor in
                    R.frontier(d, j.depth, j.p, R.terrain_map(d, j.p)).items()
                    if anchor is None or terrain in anchor]
            v = hb.square_value(RULES, st, seat, square, j)
            normal = hb.parcel_value(RULES, j, square, hb.partners(st, seat, square))
            assert v >= normal - 1e-9
            more += v > normal + 1e-9
            if lone:
                assert v >= hb.SOLO * (max(lone) + hb.BUILD_BONUS) - 1e-9
                checked += 1
    assert checked >= 3 and more >= 1


def test_the_hard_draft_pairs_a_square_with_the_squares_its_rancheros_stand_on():
    """Squares the seat has claimed (its rancheros on the current column, still to be
    taken, and on the next) are its partners as well as the stored ones; the normal bot's
    are the stored ones only; a square is never its own partner."""
    from games.moon_river.bots import HeuristicBot, NormalBot
    hb, nb = HeuristicBot(), NormalBot()
    found = 0
    for seed in range(4, 12):
        st, seat = position(seed, CHOOSE)
        p = st.players[seat]
        claimed = [s for i, (s, r) in enumerate(zip(st.cur, st.cur_r, strict=True)) if r == seat and i > st.slot]
        claimed += [s for s, r in zip(st.nxt, st.nxt_r, strict=True) if r == seat]
        for square in st.nxt:
            if square is None:
                continue
            got = hb.partners(st, seat, square)
            assert sorted(got) == sorted(s for s in p.held + claimed if s != square)
            assert square not in got
            assert nb.partners(st, seat, square) == p.held
        found += bool(claimed)
        j = hb.judge(RULES, st, seat)
        free = [s for s, r in zip(st.nxt, st.nxt_r, strict=True) if r < 0]
        for square in free:  # the value is the parcel value with those partners, or more
            assert hb.square_value(RULES, st, seat, square, j) >= hb.parcel_value(
                RULES, j, square, hb.partners(st, seat, square)) - 1e-9
    assert found >= 1


def test_a_parcel_with_the_square_is_found_as_a_full_search_of_the_parcels_finds_it():
    """`Judge.best_build_with` agrees with the best parcel over the partners and the
    square together: the square's parcel when that is the best, else none."""
    from games.moon_river.bots import HeuristicBot
    hb = HeuristicBot()
    checked = 0
    for seed in range(4, 10):
        st, seat = position(seed, CHOOSE)
        j = hb.judge(RULES, st, seat)
        for square in st.nxt:
            pool = hb.partners(st, seat, square)
            if square is None or not pool:
                continue
            g, arg = j.best_build(j.p, pool + [square])
            g2, arg2 = j.best_build_with(square, pool)
            if arg is not None and square in arg[:2]:
                assert (g2, arg2) == (g, arg)
            else:
                assert arg2 is None
            checked += 1
    assert checked >= 5


def test_the_judgements_choice_stands_unless_the_search_clearly_beats_it():
    from games.moon_river.knowledge import MoonSearchBot
    differ = 0
    for seed, phase in ((2, CHOOSE), (4, EXPAND), (6, CHOOSE), (9, EXPAND)):
        st, seat = position(seed, phase, plies=40)
        judged = MoonKnowledge()
        judged.begin(st)
        first = judged._judge(RULES, st, seat, True)[0][0]
        keep, follow, rule = MoonSearchBot(), MoonSearchBot(), MoonSearchBot()
        keep.OVERRULE = 2.0                          # a win chance never beats by 2
        follow.OVERRULE, follow.MIN_SHARE = -2.0, 0.0   # the search's choice, always
        for bot in (keep, follow, rule):
            bot.budget = Budget(iterations=60)
        assert keep.choose(RULES, st, seat, Rng(5)).text == first.text
        searched = follow.choose(RULES, st, seat, Rng(5))
        assert searched.text == follow.last.best.text
        chosen = rule.choose(RULES, st, seat, Rng(5))
        stats = {a.text: (n, w) for a, n, w in rule.last.moves}
        if chosen.text != first.text:   # overruled: by enough visits and win chance
            n, w = stats[chosen.text]
            assert n >= rule.MIN_SHARE * 60 and w >= stats.get(first.text, (0, 0.0))[1] + rule.OVERRULE
        differ += searched.text != first.text
    assert differ >= 1     # the search does disagree with the judgement somewhere
